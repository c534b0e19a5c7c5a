"""How much the base model's probabilities should count in a calibrated profile's mixture
(vision.profile.NETWORK_BASE_WEIGHT), set by set: one fine-tuned profile per set, then its test
tiles read at each weight; also how well the base model reads the set's calibration examples
(could that choose the weight? models/classifier/CALIBRATION.md, session 7).

    python tools/calibration_base_weight.py SEED SET[,SET...]     # e.g. 11 hand_photos,gl_mono
"""
import sys

sys.path.insert(0, '.')
import numpy as np
from vision.calibration_eval import load_set, evaluate_set, accuracy, CachedClassifier, DATA, set_index
from vision.classifier import CropClassifier
from vision.reader import classify_with_profile
seed = int(sys.argv[1]); sets = sys.argv[2].split(',')
weights = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]
clf = CachedClassifier(CropClassifier())
for name in sets:
    k = set_index(name)
    cc, ck, tc, tk, absent = load_set(name, k, seed, 8, clf, DATA)
    cal_base = [r.code for r in classify_with_profile(clf, cc)]
    acc_cal = np.mean([a == b for a, b in zip(cal_base, ck)])
    before, after, profile, _ = evaluate_set(clf, cc, ck, tc, absent=absent)
    row = []
    for a in weights:
        profile.base_weight = a
        got = [r.code for r in classify_with_profile(clf, tc, profile)]
        row.append(f"{a}:{accuracy(got, tk):.2%}")
    print(name, f"cal-base {acc_cal:.2%} before {accuracy(before, tk):.2%}", ' '.join(row), flush=True)
