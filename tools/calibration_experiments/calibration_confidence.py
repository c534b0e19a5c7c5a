"""Session 13: how surely the base model reads each set's calibration tiles (share right, mean
and median top probability): does "the base model knows this set" separate the sets calibration
harms from those it helps? (CALIBRATION.md, session 13; it does not.)

    python tools/calibration_experiments/calibration_confidence.py
"""
import sys; sys.path.insert(0, "."); sys.path.insert(0, "tools/calibration_experiments")
import numpy as np
from vision.calibration_eval import CachedClassifier, load_set, set_index
from vision.classifier import CropClassifier
for weights, seed, sets in [(None, 11, "gl_colored,gl_mono,hongkong,hand_photos"),
                            (None, 17, "gl_colored,gl_mono,hongkong"),
                            ("build/runs/heldout_hand12/weights/best.pt", 7, "hand_photos,hand_session_photos")]:
    clf = CachedClassifier(CropClassifier(weights))
    for name in sets.split(","):
        cc, ck, tc, tk, absent = load_set(name, set_index(name), seed, 8, clf)
        reads = clf.classify(list(cc))
        conf = np.array([r.confidence for r in reads]); right = np.array([r.code == c for r, c in zip(reads, ck)])
        print(f"{weights or 'shipped'} s{seed} {name}: right {right.mean():.2%}, top prob mean {conf.mean():.3f} "
              f"median {np.median(conf):.3f}, share >= 0.9 {np.mean(conf >= 0.9):.2%}, >= 0.98 {np.mean(conf >= 0.98):.2%}", flush=True)
