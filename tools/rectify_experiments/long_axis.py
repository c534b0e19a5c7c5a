"""Session 6: how often does the crop put a tile's long axis the wrong way (a quarter off)?
Rendered test rows of one calibration-eval set (same draws as vision.calibration_eval), the
renderer's corners as truth.

    python tools/rectify_experiments/long_axis.py [SET] [SEED]
"""
import math
import sys

import numpy as np

sys.path.insert(0, ".")
import vision.calibration_eval as ce
from vision import crops as C
from vision.synth.random_layouts import loose_row
from vision.synth.render import render_scene


def long_axis(a: C.TileAxes) -> float:
    """Direction (degrees, mod 180) the crop's vertical takes in the picture."""
    return (a.turn if a.lying else a.turn + 90.0) % 180


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "gl_colored"
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    k = ce.DEFAULT_SETS.index(name)
    style = ce.tile_set_style(name, seed + 100 * k, ce.DATA)
    rng = np.random.default_rng(seed + 100 * k + 2)
    codes_all = sorted(c for c in style.art.faces if c[0] != "0")
    rows = []
    for _ in range(60):
        tiles = loose_row(rng, codes_all, int(rng.integers(4, 9)), p_sideways=0.15, max_extra_gap=0.2)
        size = int(rng.integers(400, 800))
        img, labels = render_scene(tiles, rng, size=(size, size * 3 // 4), style=style, clutter=2,
                                   camera_kw={"tilt_deg": (0, 40), "yaw_deg": (-30, 30)})
        axes = [C.own_axes(img, t.box) for t in labels]
        for t, a in zip(labels, axes):
            if t.box[2] - t.box[0] < 8 or t.box[3] - t.box[1] < 8 or t.face_down:
                continue
            (ax, ay), (bx, by) = t.corners[0], t.corners[3]   # TL -> BL: the face's length
            true = math.degrees(math.atan2(by - ay, bx - ax)) % 180
            got, rect, turn = long_axis(a), a.rectified, a.turn
            d = abs((got - true + 90) % 180 - 90)
            bw, bh = t.box[2] - t.box[0], t.box[3] - t.box[1]
            rows.append((d > 45, rect, t.sideways, abs(turn), bw / bh))
            if rng.random() < 0.5:
                rng.random()
    r = np.array(rows, dtype=float)
    wrong = r[:, 0] > 0
    print(f"{name} seed {seed}: {len(r)} tiles, long axis wrong {int(wrong.sum())}"
          f" (rectified {int((wrong & (r[:, 1] > 0)).sum())}, sideways {int((wrong & (r[:, 2] > 0)).sum())})")
    for row in r[wrong]:
        print(f"  rectified {bool(row[1])} sideways {bool(row[2])} |turn| {row[3]:.1f} box w/h {row[4]:.2f}")


if __name__ == "__main__":
    main()
