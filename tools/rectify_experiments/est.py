"""GL calibration eval with crops rectified by the estimated turn (vision.crops.RECTIFY)."""
import sys; sys.path.insert(0, ".")
import vision.crops as C
import vision.calibration_eval as ce
from vision.classifier import CropClassifier
C.RECTIFY = sys.argv[1] == "rect"
sets = sys.argv[2].split(","); seed = int(sys.argv[3])
clf = ce.CachedClassifier(CropClassifier(sys.argv[4] if len(sys.argv) > 4 else None))
for name in sets:
    cc, ck, tc, tk, absent = ce.load_set(name, ce.DEFAULT_SETS.index(name), seed, 8, clf)
    before, after, prof, s = ce.evaluate_set(clf, cc, ck, tc, absent=absent)
    print(sys.argv[1], name, len(tk), f"before {ce.accuracy(before, tk):.2%} after {ce.accuracy(after, tk):.2%}", flush=True)
