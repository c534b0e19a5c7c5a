"""Session 12: the tiles a set still misreads after calibration, to look at (issue 7).

    python tools/calibration_experiments/misreads_after_calibration.py SEED SET [OUT.png] [--classifier W]

Calibrates SET on draw SEED as vision.calibration_eval does, then prints each misread test tile:
its code, the reading, whether its length was left open (vision.crops.TileAxes.length_open),
and its readings as cut and turned a quarter (vision.reader._classify_as_cut). OUT.png (default
/tmp/misreads_SET_SEED.png) shows per row the crop, the set's calibration example of its code,
and that of the code read.
"""
import sys

import cv2
import numpy as np

sys.path.insert(0, "tools/calibration_experiments")
from common import experiment_args, set_profiles  # noqa: E402
from vision.reader import _classify_as_cut, classify_with_profile  # noqa: E402


def main():
    out = sys.argv.pop(3) if len(sys.argv) > 3 and sys.argv[3].endswith(".png") else None
    seed, sets, clf, _ = experiment_args()
    for name, _, tc, tk, profile, _ in set_profiles(clf, seed, sets[:1]):
        examples = dict(zip(profile.codes, profile.examples))      # the calibration photo's tiles
        rows = []
        for i, (crop, code, r) in enumerate(zip(tc, tk, classify_with_profile(clf, tc, profile))):
            if r.code == code:
                continue
            [cut], _ = _classify_as_cut(clf, [crop], profile)
            [turned], _ = _classify_as_cut(clf, [np.ascontiguousarray(np.rot90(crop, -1))], profile)
            print(f"{code} read {r.code}: length open {tc.length_open[i]}; as cut {cut.code} {cut.confidence:.3f}, "
                  f"turned a quarter {turned.code} {turned.confidence:.3f}")
            other = examples.get(r.code, np.zeros_like(examples[code]))
            rows.append(np.hstack([cv2.resize(x, (96, 128)) for x in (crop, examples[code], other)]))
        if rows:
            out = out or f"/tmp/misreads_{name}_{seed}.png"
            cv2.imwrite(out, np.vstack(rows))
            print(f"wrote {out}")


if __name__ == "__main__":
    main()
