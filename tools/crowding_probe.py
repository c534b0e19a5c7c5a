"""Session 9: how crowded are the tiles found in each photo, and would a larger second look find
more labelled tiles there? For each photo: the reader's detections (``detect_in``: the picture,
then the enlarged look when its tiles are small), the share of them whose box overlaps another's
(IoU > 0.05: tiles lying in a heap, every way round), and labelled tiles found (IoU >= 0.5) by
that look and by one at ``ZOOM_MAX_SIDE`` over the same region.

    python tools/crowding_probe.py FOLDER [FOLDER...]
"""
import sys
from pathlib import Path
import numpy as np
sys.path.insert(0, ".")
from vision.datasets import read_yolo_labels
from vision.decode import decode_image
from vision.detections import box_iou
from vision.detector import TileDetector
from vision.evaluate import _names_for
from vision.reader import ZOOM_MAX_SIDE, _detect_at, _detector_side, detect_in, zoom_plan


def crowding(dets) -> float:
    if len(dets) < 2:
        return 0.0
    iou = box_iou(dets.xyxy, dets.xyxy)
    np.fill_diagonal(iou, 0)
    return float((iou.max(1) > 0.05).mean())


def found(gt, dets) -> int:
    return int((box_iou(gt, dets.xyxy).max(1) >= 0.5).sum()) if len(dets) and len(gt) else 0


if __name__ == "__main__":
    det = TileDetector(conf=0.3)
    for folder in map(Path, sys.argv[1:]):
        names = _names_for(folder)
        for p in sorted((folder / "images").glob("*.jpg")) + sorted((folder / "images").glob("*.png")):
            img = decode_image(str(p), min_long_side=1000).image
            H, W = img.shape[:2]
            labels = read_yolo_labels(folder / "labels" / (p.stem + ".txt"), names, W, H)
            gt = np.array([b for _, b in labels]).reshape(-1, 4)
            side = _detector_side(det)
            first = _detect_at(det, img, side)
            plan = zoom_plan(first, W, H, side)
            d = detect_in(det, img)
            row = f"{folder.name[:12]} {p.name[:28]}: labelled {len(gt)} found {found(gt, d)} dets {len(d)} crowd {crowding(d):.2f}"
            if plan is not None:
                (x0, y0, x1, y1), zs = plan
                big = _detect_at(det, img[y0:y1, x0:x1], ZOOM_MAX_SIDE).shifted(x0, y0)
                row += f"  zoom {zs} -> at {ZOOM_MAX_SIDE}: found {found(gt, big)} dets {len(big)} crowd {crowding(big):.2f}"
            print(row, flush=True)
