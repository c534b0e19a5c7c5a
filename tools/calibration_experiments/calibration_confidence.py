"""Session 13: how surely the base model reads each set's calibration tiles (share right, mean
and median top probability): does "the base model knows this set" separate the sets calibration
harms from those it helps? (CALIBRATION.md, session 13; it does not.)

    python tools/calibration_experiments/calibration_confidence.py
"""
import sys

sys.path.insert(0, ".")
import numpy as np  # noqa: E402

from vision.calibration_eval import CachedClassifier, load_set, set_index  # noqa: E402
from vision.classifier import CropClassifier  # noqa: E402

# (classifier weights, draw, sets): the tuning draws with the shipped classifier, and the photo
# groups with the classifier trained without any hand_* photo
RUNS = [(None, 11, "gl_colored,gl_mono,hongkong,hand_photos"),
        (None, 17, "gl_colored,gl_mono,hongkong"),
        ("build/runs/heldout_hand12/weights/best.pt", 7, "hand_photos,hand_session_photos")]


def main() -> None:
    for weights, seed, sets in RUNS:
        clf = CachedClassifier(CropClassifier(weights))
        for name in sets.split(","):
            calib, codes, _, _, _ = load_set(name, set_index(name), seed, 8, clf)
            reads = clf.classify(list(calib))
            conf = np.array([r.confidence for r in reads])
            right = np.array([r.code == c for r, c in zip(reads, codes)])
            print(f"{weights or 'shipped'} s{seed} {name}: right {right.mean():.2%}, top prob mean {conf.mean():.3f} "
                  f"median {np.median(conf):.3f}, share >= 0.9 {np.mean(conf >= 0.9):.2%}, "
                  f">= 0.98 {np.mean(conf >= 0.98):.2%}", flush=True)


if __name__ == "__main__":
    main()
