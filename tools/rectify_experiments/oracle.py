"""Oracle: crops rectified from the renderer's face corners vs axis-aligned box crops."""
import sys; sys.path.insert(0, ".")
import numpy as np
import vision.calibration_eval as ce
from vision import crops as C
from vision.classifier import CropClassifier

mode = sys.argv[1]          # box | corners
sets = sys.argv[2].split(",")
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 11
orig = C.crop_tile
if mode == "corners":
    import vision.synth.render as R
    # make crop_tile called with (img, box) use corners: patch label lookup via a global
    def patched(image, box, size=C.CROP_SIZE, margin=C.MARGIN, scale=1.0, corners=None):
        c = CORNERS.get(tuple(np.round(box, 3)))
        return orig(image, box, size=size, margin=margin, scale=scale, corners=c if corners is None else corners)
    CORNERS = {}
    orig_render = R.render_scene
    def render(*a, **k):
        img, labels = orig_render(*a, **k)
        for t in labels:
            CORNERS[tuple(np.round(t.box, 3))] = t.corners
        return img, labels
    R.render_scene = render
    C.crop_tile = patched
clf = ce.CachedClassifier(CropClassifier(sys.argv[4] if len(sys.argv) > 4 else None))
for k, name in enumerate(sets):
    kk = ce.DEFAULT_SETS.index(name)
    cc, ck, tc, tk, absent = ce.load_set(name, kk, seed, 8, clf)
    before, after, prof, s = ce.evaluate_set(clf, cc, ck, tc, absent=absent)
    print(mode, name, len(tk), f"before {ce.accuracy(before, tk):.2%} after {ce.accuracy(after, tk):.2%}", flush=True)
