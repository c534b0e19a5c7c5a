"""Session 10: which codes may the base model's sure readings keep? (issue 7)

The shipped rule (vision.profile.trusted_base_codes, session 9) trusts a code when the base model
read that code's calibration tile right and read no other calibration tile as it. The first half
is about the base model's *recall* of the code; what a sure reading needs is its *precision*:
when it says "3m", is it a 3m? A code no other calibration tile was read as has shown no false
positive, whether or not its own tile was read right. Variants printed per set:

- shipped: right and not confused into (every code when all are right);
- precision: every code not confused into;
- familiar F: precision when at least F of the calibration tiles are read right, else shipped
  (a set the base model reads poorly gives little evidence about the codes it never said).

    python tools/calibration_experiments/precision_gate.py SEED SETS [--classifier W]
"""
import sys

sys.path.insert(0, ".")
from scorer.tiles import ALL_CODES  # noqa: E402
from vision.calibration_eval import DEFAULT_SETS, CachedClassifier, accuracy, evaluate_set, load_set  # noqa: E402
from vision.classifier import CropClassifier  # noqa: E402
from vision.profile import trusted_base_codes  # noqa: E402
from vision.reader import classify_with_profile  # noqa: E402


def read_with(clf, profile, tiles, trusted):
    profile.trusted_codes = sorted(trusted)
    return [r.code for r in classify_with_profile(clf, tiles, profile)]


def main():
    args = sys.argv[1:]
    weights = None
    if "--classifier" in args:
        i = args.index("--classifier")
        weights = args[i + 1]
        args = args[:i] + args[i + 2:]
    seed, sets = int(args[0]), args[1].split(",")
    clf = CachedClassifier(CropClassifier(weights))
    print(f"seed {seed}, classifier {weights or 'shipped'}")
    for name in sets:
        k = DEFAULT_SETS.index(name)
        cc, ck, tc, tk, absent = load_set(name, k, seed, 8, clf)
        _, _, profile, _ = evaluate_set(clf, cc, ck, tc, absent=absent, params={"trusted_codes": []})
        examples = list(profile.examples[:len(ck)])
        reads = [r.code for r in clf.classify(examples)]
        right = sum(r == c for r, c in zip(reads, ck)) / len(ck)
        confused_into = {r for r, c in zip(reads, ck) if r != c}
        shipped = set(trusted_base_codes(clf, examples, ck))
        precision = set(ALL_CODES) - confused_into
        out = [f"{name}: calibration read right {right:.1%}",
               f"shipped ({len(shipped)}) {accuracy(read_with(clf, profile, tc, shipped), tk):.2%}",
               f"precision ({len(precision)}) {accuracy(read_with(clf, profile, tc, precision), tk):.2%}"]
        for f in (0.8, 0.9):
            chosen = precision if right >= f else shipped
            out.append(f"familiar {f} {accuracy(read_with(clf, profile, tc, chosen), tk):.2%}")
        print("  ".join(out), flush=True)


if __name__ == "__main__":
    main()
