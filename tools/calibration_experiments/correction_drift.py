"""Session 12: why a correction stopped being learnt with `cls13` (issue 7).

    python tools/calibration_experiments/correction_drift.py WEIGHTS

The scenario of tests/calibration/test_finetune.py: a profile of five stripe patterns, then a
3m-patterned crop corrected to 1m. Printed: the crop's share of 1m before any re-fit, after a
re-fit without the correction, and after learning it; for the old fit (``corrections_head.fit_head``:
Adam, not anchored, the corrections as they are) at pull 0.01 / 1.0 and correction weight 1 / 9,
and for the product's anchored fit (``vision.finetune.refit_head``), with its time.
"""
import sys
import time

sys.path.insert(0, ".")
sys.path.insert(0, "tools/calibration_experiments")
from corrections_head import fit_head  # noqa: E402
from tests.calibration.helpers import code_crop  # noqa: E402
from vision import finetune  # noqa: E402
from vision.classifier import CropClassifier  # noqa: E402
from vision.profile import TileSetProfile  # noqa: E402
from vision.reader import classify_with_profile  # noqa: E402

CODES = ["1m", "5p", "9s", "1z", "6z"]


def main():
    clf = CropClassifier(sys.argv[1])
    prof = TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="p", classifier=clf, steps=80,
                                        batch=16, absent_codes=["2f"])
    odd = code_crop("3m", seed=21)

    def share():
        [r] = classify_with_profile(clf, [odd], prof)
        return round(dict(r.top3).get("1m", 0.0), 3), r.code

    print("classifier", sys.argv[1], "before any re-fit:", share())
    calib = prof.network
    for lam in (1e-2, 1.0):
        for w in (1.0, 9.0):
            prof.network = fit_head(clf, prof, lam=lam, corr_weight=w, corr_views=0)
            alone = share()
            prof.add_example(odd, "1m", learn=False)
            prof.network = fit_head(clf, prof, lam=lam, corr_weight=w, corr_views=0)
            corrected = share()
            prof.remove_last(learn=False)
            prof.network = calib
            print(f"old fit, pull {lam}, correction weight {w}: re-fit alone {alone}, with the correction {corrected}")
    prof.network = finetune.refit_head(clf, calib, list(prof.examples), prof.codes, prof.sources)
    alone = share()
    prof.add_example(odd, "1m", classifier=clf)
    print(f"anchored fit (product): re-fit alone {alone}, with the correction {share()}")
    t = time.perf_counter()
    prof.learn_corrections(clf)
    print(f"learning the correction: {time.perf_counter() - t:.2f} s")


if __name__ == "__main__":
    main()
