"""Session 12: the tiles a set still misreads after calibration, to look at (issue 7).

    python tools/calibration_experiments/misreads_after_calibration.py SEED SET [OUT.png]

Calibrates SET on draw SEED as vision.calibration_eval does, then prints each misread test tile:
its code, the reading, whether its length was left open (vision.crops.TileAxes.length_open),
and its readings as cut and turned a quarter (vision.reader._classify_as_cut). OUT.png (default
/tmp/misreads_SET_SEED.png) shows per row the crop, the set's calibration example of its code,
and that of the code read.
"""
import sys

import cv2
import numpy as np

sys.path.insert(0, ".")
from vision.calibration_eval import DEFAULT_SETS, CachedClassifier, load_set  # noqa: E402
from vision.classifier import CropClassifier  # noqa: E402
from vision.profile import TileSetProfile  # noqa: E402
from vision.reader import _classify_as_cut, classify_with_profile  # noqa: E402


def main():
    seed, name = int(sys.argv[1]), sys.argv[2]
    out = sys.argv[3] if len(sys.argv) > 3 else f"/tmp/misreads_{name}_{seed}.png"
    base = CropClassifier()
    clf = CachedClassifier(base)
    cc, ck, tc, tk, absent = load_set(name, DEFAULT_SETS.index(name), seed, 8, clf)
    prof = TileSetProfile.from_examples(list(zip(cc, ck)), name=name, classifier=base, absent_codes=absent,
                                        model_id=clf.weights_id)
    rows = []
    for i, (crop, code, r) in enumerate(zip(tc, tk, classify_with_profile(clf, tc, prof))):
        if r.code == code:
            continue
        [cut] = _classify_as_cut(clf, [crop], prof)
        [turned] = _classify_as_cut(clf, [np.ascontiguousarray(np.rot90(crop, -1))], prof)
        print(f"{code} read {r.code}: length open {tc.length_open[i]}; as cut {cut.code} {cut.confidence:.3f}, "
              f"turned a quarter {turned.code} {turned.confidence:.3f}")
        example = cc[ck.index(code)]
        other = cc[ck.index(r.code)] if r.code in ck else np.zeros_like(example)
        rows.append(np.hstack([cv2.resize(x, (96, 128)) for x in (crop, example, other)]))
    if rows:
        cv2.imwrite(out, np.vstack(rows))
        print(f"wrote {out}")


if __name__ == "__main__":
    main()
