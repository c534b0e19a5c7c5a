"""What the calibration experiments share: their arguments (SEED SETS [--classifier W]) and, per
set, the set's tiles with a profile built from its calibration photo."""
import sys

sys.path.insert(0, ".")
from vision.calibration_eval import CachedClassifier, evaluate_set, load_set, set_index  # noqa: E402
from vision.classifier import CropClassifier  # noqa: E402
from vision.reader import classify_with_profile  # noqa: E402


def experiment_args(argv=None):
    """(seed, set names, cached classifier, weights or None) from ``SEED SETS [--classifier W]``."""
    args = list(sys.argv[1:] if argv is None else argv)
    weights = None
    if "--classifier" in args:
        i = args.index("--classifier")
        weights = args[i + 1]
        args = args[:i] + args[i + 2:]
    if len(args) != 2:
        raise SystemExit(f"expected SEED SETS [--classifier W], got {args}")
    return int(args[0]), args[1].split(","), CachedClassifier(CropClassifier(weights)), weights


def set_profiles(clf, seed, sets, **params):
    """Yield (name, calibration codes, test crops, test codes, profile, base readings of the test
    crops) per set; ``params`` go to the profile (``TileSetProfile.from_examples``)."""
    for name in sets:
        cc, ck, tc, tk, absent = load_set(name, set_index(name), seed, 8, clf)
        before, _, profile, _ = evaluate_set(clf, cc, ck, tc, absent=absent, params=params or None)
        yield name, ck, tc, tk, profile, before


def read_with(clf, profile, tiles, trusted):
    """Codes read for ``tiles`` with ``profile`` trusting the base model with ``trusted`` codes."""
    profile.trusted_codes = sorted(trusted)
    return [r.code for r in classify_with_profile(clf, tiles, profile)]
