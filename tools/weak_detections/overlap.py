"""Weak detections (under 0.3) of a photo split, counted by overlap with labels and with confident
detections, by touching the frame and by size.

    python tools/weak_detections/overlap.py valid
"""
import sys; sys.path.insert(0, ".")
import numpy as np, cv2
from pathlib import Path
from vision.detector import TileDetector
from vision.detections import box_iou
from vision.reader import detect_in
from vision.datasets import PHOTOS, photo_names, read_yolo_labels
root = Path("../shared/data"); names = photo_names(root); det = TileDetector(conf=0.05)
split = sys.argv[1]
folder = root / PHOTOS / split
rows = []
for p in sorted((folder / "images").glob("*.jpg")):
    img = cv2.imread(str(p)); h, w = img.shape[:2]
    gt = read_yolo_labels(folder / "labels" / (p.stem + ".txt"), names, w, h)
    gb = np.array([b for _, b in gt]).reshape(-1, 4)
    d = detect_in(det, img)   # as the reader does
    strong = d.confidence >= 0.3
    sb = d.xyxy[strong]
    for i in np.where(~strong)[0]:
        b = d.xyxy[i]
        if len(sb):
            x0 = np.maximum(b[0], sb[:, 0]); y0 = np.maximum(b[1], sb[:, 1]); x1 = np.minimum(b[2], sb[:, 2]); y1 = np.minimum(b[3], sb[:, 3])
            inter = np.clip(x1-x0, 0, None) * np.clip(y1-y0, 0, None)
            cover = (inter / ((b[2]-b[0])*(b[3]-b[1]))).max()
        else:
            cover = 0.0
        iou = box_iou(b[None], gb).max() if len(gb) else 0.0
        # size relative to the median strong box
        rel = ((b[2]-b[0])*(b[3]-b[1])) / np.median((sb[:,2]-sb[:,0])*(sb[:,3]-sb[:,1])) if len(sb) else 1.0
        border = b[0] <= 2 or b[1] <= 2 or b[2] >= w-3 or b[3] >= h-3
        rows.append((d.confidence[i], cover, iou, rel, border, p.name))
conf, cover, iou, rel, border = (np.array([r[k] for r in rows]) for k in range(5))
for lo in (0.05, 0.1, 0.15, 0.2):
    for cmax in (1.01, 0.5, 0.3, 0.15):
        m = (conf >= lo) & (cover < cmax)
        m2 = m & ~border & (rel > 0.5) & (rel < 2)
        print(f"conf>={lo} cover<{cmax}: matched {(iou[m]>=0.5).sum()} unmatched {(iou[m]<0.5).sum()} | +no border, size ok: matched {(iou[m2]>=0.5).sum()} unmatched {(iou[m2]<0.5).sum()}")
