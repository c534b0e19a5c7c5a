"""Prototype: read each crop as cut and turned a quarter; keep the more confident orientation."""
import sys; sys.path.insert(0, ".")
import numpy as np
import vision.calibration_eval as ce
from vision.classifier import CropClassifier
from vision.reader import classify_with_profile
seed = int(sys.argv[2])
clf = ce.CachedClassifier(CropClassifier())
for name in sys.argv[1].split(","):
    cc, ck, tc, tk, absent = ce.load_set(name, ce.DEFAULT_SETS.index(name), seed, 8, clf)
    before, after, prof, s = ce.evaluate_set(clf, cc, ck, tc, absent=absent)
    q = [np.ascontiguousarray(np.rot90(c, -1)) for c in tc]
    b0 = clf.classify(list(tc), embeddings=False); b1 = clf.classify(q, embeddings=False)
    a0 = classify_with_profile(clf, list(tc), prof); a1 = classify_with_profile(clf, q, prof)
    for margin in (0.0, 0.2, 0.4):
        bb = [y.code if y.confidence > x.confidence + margin else x.code for x, y in zip(b0, b1)]
        aa = [y.code if y.confidence > x.confidence + margin else x.code for x, y in zip(a0, a1)]
        print(name, seed, f"margin {margin}: before {ce.accuracy(before, tk):.2%} -> {ce.accuracy(bb, tk):.2%}; after {ce.accuracy(after, tk):.2%} -> {ce.accuracy(aa, tk):.2%}", flush=True)
