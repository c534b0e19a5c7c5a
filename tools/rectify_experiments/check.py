"""Session 5: estimated turn of rendered GL tiles against the renderer's truth, and a sheet of
box / rectified / exact-corner crops (/tmp/rect_sheet.png).

    python tools/rectify_experiments/check.py
"""
import sys, math, numpy as np, cv2
sys.path.insert(0, ".")
from vision.crops import rectified_crop, rotation_in
import vision.calibration_eval as ce
from vision.crops import crop_tile
from vision.synth.random_layouts import loose_row
from vision.synth.render import render_scene
style = ce.tile_set_style("gl_colored", 11, ce.DATA)
rng = np.random.default_rng(5)
codes = sorted(c for c in style.art.faces if c[0] != "0")
errs = []; sheet = []
for k in range(12):
    tiles = loose_row(rng, codes, 6, p_sideways=0.15, max_extra_gap=0.2)
    img, labels = render_scene(tiles, rng, size=(700, 525), style=style, clutter=2,
                               camera_kw={"tilt_deg": (0, 40), "yaw_deg": (-30, 30)})
    for t in labels:
        (ax, ay), (bx, by) = t.corners[0], t.corners[1]   # TL -> TR: the face's width direction
        true = math.degrees(math.atan2(by - ay, bx - ax))
        true_mod = (true + 45) % 90 - 45
        x0, y0, x1, y1 = (int(v) for v in t.box)
        th, st = rotation_in(img[y0:y1, x0:x1])
        out = rectified_crop(img, t.box)
        d = (th - true_mod + 45) % 90 - 45
        errs.append((abs(d), abs(true_mod), st))
        if len(sheet) < 40:
            sheet.append(np.hstack([crop_tile(img, t.box), out if out is not None else np.zeros((64,64,3),np.uint8), crop_tile(img, t.box, corners=t.corners)]))
e = np.array(errs)
print("n", len(e), "median abs err", np.median(e[:,0]).round(2), "p90", np.percentile(e[:,0],90).round(2), "true |angle| median", np.median(e[:,1]).round(1))
print("strength quantiles", np.percentile(e[:,2],[5,25,50]).round(2))
big = e[:,1] > 10
print("of tiles turned >10 deg:", big.sum(), "est err median", np.median(e[big,0]).round(2), "err>5:", (e[big,0]>5).sum())
rows = [np.hstack(sheet[i:i+4]) for i in range(0, 40, 4)]
cv2.imwrite("/tmp/rect_sheet.png", cv2.resize(np.vstack(rows), None, fx=1.2, fy=1.2))
