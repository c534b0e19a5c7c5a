"""Choosing the reader's confidence threshold for face-down detections (vision.reader.BACK_CONF):
for each detector, at each threshold, the face-down detections on the valid photos (none of
which shows a face-down tile: every one is a false alarm) and the face-down tiles of 60 rendered
hands (the grouping report's scenes) found with IoU >= 0.5.

    python tools/back_threshold.py DETECTOR_WEIGHTS...
"""
import glob
import sys

sys.path.insert(0, '.')
import cv2  # noqa: E402
import numpy as np  # noqa: E402

from mjtable.reports.grouping_report import draw_scene  # noqa: E402
from vision.detections import box_iou  # noqa: E402
from vision.detector import TileDetector  # noqa: E402
from vision.reader import detect_in  # noqa: E402
D = '../shared/data/chinese-mahjong-detection'
for w in sys.argv[1:]:
    det = TileDetector(w, conf=0.2)
    false = []
    for p in sorted(glob.glob(f'{D}/valid/images/*.jpg')):
        d = detect_in(det, cv2.imread(p))
        false += [float(c) for n, c in zip(d.names(), d.confidence) if n == 'back']
    true, n_down = [], 0
    for s in range(60):
        style, hand, image, labels = draw_scene(s, size=(1280, 960))
        d = detect_in(det, image)
        for lab in labels:
            if not lab.face_down: continue
            n_down += 1
            best = 0.0
            for b, n, c in zip(d.xyxy, d.names(), d.confidence):
                if n == 'back' and box_iou(np.array(lab.box), b) >= 0.5: best = max(best, float(c))
            true.append(best)
    false, true = np.array(false), np.array(true)
    for t in (0.3, 0.35, 0.4, 0.45, 0.5, 0.55):
        print(w, t, 'valid false backs', int((false >= t).sum()), 'rendered backs found', int((true >= t).sum()), 'of', n_down, flush=True)
