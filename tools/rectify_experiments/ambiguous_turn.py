"""Session 6: read a crop also turned a quarter only where the tile's own shape leaves its length
open (a near-square or fitted extent, vision.crops.own_axes), keeping the surer reading.

    python tools/rectify_experiments/ambiguous_turn.py SET[,SET] SEED
"""
import sys

import numpy as np

sys.path.insert(0, ".")
import vision.calibration_eval as ce
from vision import crops as C
from vision.classifier import CropClassifier
from vision.reader import classify_with_profile


def main():
    seed = int(sys.argv[2])
    clf = ce.CachedClassifier(CropClassifier())
    for name in sys.argv[1].split(","):
        k = ce.DEFAULT_SETS.index(name)
        style = ce.tile_set_style(name, seed + 100 * k, ce.DATA)
        cc, ck, _, no_bonus = ce.render_calibration(style, seed + 100 * k + 1, clf)
        tc, tk = ce.render_test_crops(style, seed + 100 * k + 2, 8)
        before, after, prof, _ = ce.evaluate_set(clf, cc, ck, list(tc),
                                                 absent=[f"{n}f" for n in range(1, 9)] if no_bonus else [])
        q = [np.ascontiguousarray(np.rot90(c, -1)) for c in tc]
        b0, b1 = clf.classify(list(tc), embeddings=False), clf.classify(q, embeddings=False)
        a0, a1 = classify_with_profile(clf, list(tc), prof), classify_with_profile(clf, q, prof)
        print(f"{name} seed {seed}: {len(tc)} tiles; before {ce.accuracy(before, tk):.2%} after {ce.accuracy(after, tk):.2%}")
        for limit in (0.1, 0.15, 0.2, 0.3):
            # The same tiles cut again (same draws): only which lengths count as open changes.
            C.OPEN_SHAPE = limit
            amb = ce.render_test_crops(style, seed + 100 * k + 2, 8)[0].length_open
            for margin in (0.0, 0.2):
                pick = lambda x, y, m: [v.code if (am and v.confidence > u.confidence + m) else u.code
                                        for u, v, am in zip(x, y, amb)]
                print(f"  |log shape| < {limit} or fitted ({sum(amb)} tiles), margin {margin}: "
                      f"before {ce.accuracy(pick(b0, b1, margin), tk):.2%} after {ce.accuracy(pick(a0, a1, margin), tk):.2%}",
                      flush=True)


if __name__ == "__main__":
    main()
