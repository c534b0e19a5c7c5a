"""Session 8: a base weight per tile instead of one per profile (issue 7).

Calibration costs points on a set the base model already reads well (real hand photos: 98.6 →
93.8 %, mostly one poor 3m example), and the best single base weight differs by set
(CALIBRATION.md, session 7). Here a tile whose base reading is sure (top probability ≥ TAU) gets
the base weight W_HI, the others the profile's (0.2). Each profile is built once per set; every
rule then re-reads the same test tiles.

    python tools/calibration_experiments/gated_mixture.py SEED SETS [ZOOMS]

ZOOMS: vision.finetune.READ_ZOOMS for the run (comma-separated; default as shipped)."""
import sys

sys.path.insert(0, ".")
import numpy as np  # noqa: E402

from vision import finetune  # noqa: E402
from vision.calibration_eval import DEFAULT_SETS, CachedClassifier, accuracy, evaluate_set, load_set  # noqa: E402
from vision.classifier import CropClassifier  # noqa: E402
from vision.profile import TileSetProfile  # noqa: E402
from vision.reader import classify_with_profile  # noqa: E402

RULES = [(None, None)] + [(tau, w) for tau in (0.9, 0.97, 0.99) for w in (0.5, 0.8, 0.95)]
_rule = {"tau": None, "w_hi": None}
_mix = TileSetProfile.mix


def gated_mix(self, base_probs, classes, known, score):
    if _rule["tau"] is None:
        return _mix(self, base_probs, classes, known, score)
    # the shipped gate (trusted_codes) is off while a rule of this experiment is applied
    base = np.atleast_2d(np.asarray(base_probs, np.float64))
    kept, trusted = self.base_weight, self.trusted_codes
    self.trusted_codes = []
    sure = base.max(1) / np.maximum(base.sum(1), 1e-12) >= _rule["tau"]
    self.base_weight = np.where(sure, _rule["w_hi"], kept)[:, None]
    try:
        return _mix(self, base_probs, classes, known, score)
    finally:
        self.base_weight, self.trusted_codes = kept, trusted


def main():
    seed, sets = int(sys.argv[1]), sys.argv[2].split(",")
    if len(sys.argv) > 3:
        finetune.READ_ZOOMS = tuple(float(v) for v in sys.argv[3].split(","))
    TileSetProfile.mix = gated_mix
    clf = CachedClassifier(CropClassifier())
    print(f"seed {seed}, read zooms {finetune.READ_ZOOMS}; rule: TAU / W_HI (none: the profile's base weight)")
    for name in sets:
        k = DEFAULT_SETS.index(name)
        cc, ck, tc, tk, absent = load_set(name, k, seed, 8, clf)
        _rule.update(tau=None, w_hi=None)
        # profiles built untrusted: "none" is the plain mixture (the session-8 gate is what is tested)
        before, after, profile, _ = evaluate_set(clf, cc, ck, tc, absent=absent, params={"trusted_codes": []})
        row = [f"{name}: base {accuracy(before, tk):.2%}"]
        for tau, w in RULES:
            _rule.update(tau=tau, w_hi=w)
            reads = [r.code for r in classify_with_profile(clf, tc, profile)]
            row.append(f"{tau}/{w}: {accuracy(reads, tk):.2%}")
        print("  ".join(row), flush=True)


if __name__ == "__main__":
    main()
