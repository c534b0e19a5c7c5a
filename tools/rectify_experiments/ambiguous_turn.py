"""Session 6: read a crop also turned a quarter only where the tile's own shape leaves its length
open (a near-square or fitted extent, vision.crops.own_axes), keeping the surer reading.

    python tools/rectify_experiments/ambiguous_turn.py SET[,SET] SEED
"""
import sys
from collections import Counter

import numpy as np

sys.path.insert(0, ".")
import vision.calibration_eval as ce
from vision import crops as C
from vision.classifier import CropClassifier
from vision.reader import classify_with_profile
from vision.synth.random_layouts import loose_row
from vision.synth.render import render_scene


def test_crops_with_axes(style, seed, per_code):
    """vision.calibration_eval.render_test_crops's crops (same draws), with each tile's axes."""
    rng = np.random.default_rng(seed)
    counts, crops, truth, axes = Counter(), [], [], []
    codes_all = sorted(c for c in style.art.faces if c[0] != "0")
    while True:
        codes = [c for c in codes_all if counts[c] < per_code]
        if not codes:
            return crops, truth, axes
        tiles = loose_row(rng, codes, int(rng.integers(4, 9)), p_sideways=0.15, max_extra_gap=0.2)
        size = int(rng.integers(400, 800))
        img, labels = render_scene(tiles, rng, size=(size, size * 3 // 4), style=style, clutter=2,
                                   camera_kw={"tilt_deg": (0, 40), "yaw_deg": (-30, 30)})
        for t in labels:
            if t.box[2] - t.box[0] < 8 or t.box[3] - t.box[1] < 8:
                continue
            a = C.own_axes(img, t.box)
            crop = C.crop_tile(img, t.box, axes=a)
            if rng.random() < 0.5:
                crop = np.ascontiguousarray(crop[::-1, ::-1])
            crops.append(crop); truth.append(t.code); axes.append(a); counts[t.code] += 1


def main():
    seed = int(sys.argv[2])
    clf = ce.CachedClassifier(CropClassifier())
    for name in sys.argv[1].split(","):
        k = ce.DEFAULT_SETS.index(name)
        style = ce.tile_set_style(name, seed + 100 * k, ce.DATA)
        cc, ck, _, no_bonus = ce.render_calibration(style, seed + 100 * k + 1, clf)
        tc, tk, axes = test_crops_with_axes(style, seed + 100 * k + 2, 8)
        before, after, prof, _ = ce.evaluate_set(clf, cc, ck, tc, absent=[f"{n}f" for n in range(1, 9)] if no_bonus else [])
        q = [np.ascontiguousarray(np.rot90(c, -1)) for c in tc]
        b0, b1 = clf.classify(list(tc), embeddings=False), clf.classify(q, embeddings=False)
        a0, a1 = classify_with_profile(clf, list(tc), prof), classify_with_profile(clf, q, prof)
        print(f"{name} seed {seed}: {len(tc)} tiles; before {ce.accuracy(before, tk):.2%} after {ce.accuracy(after, tk):.2%}")
        for limit in (0.1, 0.15, 0.2, 0.3):
            amb = [a.fitted or abs(a.log_shape) < limit for a in axes]
            for margin in (0.0, 0.2):
                pick = lambda x, y, m: [v.code if (am and v.confidence > u.confidence + m) else u.code
                                        for u, v, am in zip(x, y, amb)]
                print(f"  |log shape| < {limit} or fitted ({sum(amb)} tiles), margin {margin}: "
                      f"before {ce.accuracy(pick(b0, b1, margin), tk):.2%} after {ce.accuracy(pick(a0, a1, margin), tk):.2%}",
                      flush=True)


if __name__ == "__main__":
    main()
