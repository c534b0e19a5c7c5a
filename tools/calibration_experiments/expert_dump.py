"""Session 13: record what the mixture sees, so that mixture rules can be compared offline.

For each set, a profile is built from the calibration photo (as shipped), then the test tiles
are read with it while ``TileSetProfile.mix`` records its inputs: the base model's
probabilities and the fine-tuned network's scores, for the crops as cut and for the open-length
crops turned a quarter (``classify_with_profile``), with the base model's features of those crops
and of the calibration examples. Saved per set in one ``.npz`` with the
truth, the trusted codes, how many of a photo group's tiles come from the valid split and the base model's reading of the calibration tiles; a rule is then
a function of those arrays (``mixture_rules.py``) and takes no network time.

    python tools/calibration_experiments/expert_dump.py SEED SETS OUT.npz [--classifier W]
        [--set MODULE.NAME=VALUE]

``--set``: a setting of ``vision.finetune`` or ``vision.profile`` changed for the run (a Python
literal), e.g. ``--set finetune.ANCHOR=0.01`` or ``--set profile.AUG_BLUR_SIGMA=(0.4,2.5)``.
"""
import ast
import json
import sys

sys.path.insert(0, ".")
import numpy as np  # noqa: E402

from common import experiment_args  # noqa: E402
from vision import finetune  # noqa: E402
from vision import profile as profile_module  # noqa: E402
from vision.calibration_eval import evaluate_set, load_set, set_index  # noqa: E402
from vision.profile import TileSetProfile  # noqa: E402
from vision.reader import classify_with_profile  # noqa: E402

_calls = []
_mix = TileSetProfile.mix


def recording_mix(self, base_probs, classes, known, score):
    _calls.append((np.array(base_probs, np.float64), list(known), np.array(score, np.float64)))
    return _mix(self, base_probs, classes, known, score)


def main():
    out, rest = sys.argv[3], sys.argv[4:]
    while "--set" in rest:
        i = rest.index("--set")
        key, _, value = rest[i + 1].partition("=")
        module_name, _, name = key.partition(".")
        module = {"finetune": finetune, "profile": profile_module}.get(module_name)
        if module is None or not hasattr(module, name):
            raise SystemExit(f"no setting {key} (finetune.NAME or profile.NAME)")
        setattr(module, name, ast.literal_eval(value))
        rest = rest[:i] + rest[i + 2:]
    seed, sets, clf, _ = experiment_args(sys.argv[1:3] + rest)
    arrays, meta = {}, {}
    for name in sets:
        cc, ck, tc, tk, absent = load_set(name, set_index(name), seed, 8, clf)
        before, after, profile, _ = evaluate_set(clf, cc, ck, tc, absent=absent)
        _calls.clear()
        TileSetProfile.mix = recording_mix
        try:
            reads = [r.code for r in classify_with_profile(clf, tc, profile)]
        finally:
            TileSetProfile.mix = _mix
        assert reads == after, "reading again changed the result"
        open_idx = [i for i, o in enumerate(tc.length_open) if o]
        # the base model's features (CachedClassifier keeps them): crops as cut, open crops turned
        # a quarter (as classify_with_profile reads them), calibration examples
        arrays[f"{name}/cut_emb"] = np.stack([r.embedding for r in clf.classify(list(tc))])
        if open_idx:
            arrays[f"{name}/turn_emb"] = np.stack([r.embedding for r in clf.classify(
                [np.ascontiguousarray(np.rot90(tc[i], -1)) for i in open_idx])])
        arrays[f"{name}/calib_emb"] = np.stack([r.embedding for r in clf.classify(list(cc))])
        (cut_base, known, cut_score) = _calls[0]
        arrays[f"{name}/cut_base"], arrays[f"{name}/cut_score"] = cut_base, cut_score
        if len(_calls) > 1:
            arrays[f"{name}/turn_base"], arrays[f"{name}/turn_score"] = _calls[1][0], _calls[1][2]
        arrays[f"{name}/open_idx"] = np.array(open_idx, np.int64)
        calib_reads = [r.code for r in clf.classify(list(cc))]
        n_valid = getattr(tc, "n_valid", None)
        meta[name] = {"truth": list(tk), "before": before, "after": after, "known": known,
                      "classes": list(clf.classes), "trusted": list(profile.trusted_codes),
                      "base_misreads": [m for m in profile.base_misreads if m], "sure_base": profile.sure_base,
                      "base_weight": float(profile.base_weight), "temperature": profile.temperature,
                      "absent": list(profile.absent_codes), "calib_codes": list(ck), "calib_base_reads": calib_reads,
                      "n_valid": n_valid}
        acc = lambda r: np.mean([a == b for a, b in zip(r, tk)])   # noqa: E731
        print(f"{name}: {len(tk)} tiles, before {acc(before):.2%}, after {acc(after):.2%}, "
              f"calibration tiles read right by the base model {np.mean([a == b for a, b in zip(calib_reads, ck)]):.2%}",
              flush=True)
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    np.savez_compressed(out, **arrays)


if __name__ == "__main__":
    main()
