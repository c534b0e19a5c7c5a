"""Session 14: what the weak-detection rescue (``vision.reader.WEAK_RESCUE``) adds to a folder's
readings: per photo, the reads it adds that are a labelled tile with the right code and the others
(matching no label, or read wrong), and a sheet of the others' crops to look at.

    python tools/detector_experiments/rescue_changes.py FOLDER OUT.png
"""
import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, ".")
sys.path.insert(0, "tools/detector_experiments")
import vision.reader as reader  # noqa: E402
from photo_kinds import labelled_photos  # noqa: E402
from vision.detections import box_iou  # noqa: E402


def main(folder: Path, out: str) -> None:
    tile_reader = reader.TileReader()
    rescue = reader.WEAK_RESCUE
    right, others, crops = Counter(), Counter(), []
    for p, img, gt, codes in labelled_photos(folder):
        reader.WEAK_RESCUE = None
        before = np.array([r.box for r in tile_reader.read(img)]).reshape(-1, 4)
        reader.WEAK_RESCUE = rescue
        for r in tile_reader.read(img):
            if r.face_down or (len(before) and box_iou(np.array([r.box]), before).max() > 0.99):
                continue
            iou = box_iou(gt, np.array([r.box]))[:, 0] if len(gt) else np.zeros(0)
            j = int(iou.argmax()) if len(iou) else -1
            if j >= 0 and iou[j] >= 0.5 and codes[j] == r.code:
                right[p.name[:30]] += 1
                continue
            others[p.name[:30]] += 1
            x0, y0, x1, y1 = (int(v) for v in r.box)
            crops.append(cv2.resize(img[max(0, y0 - 12):y1 + 12, max(0, x0 - 12):x1 + 12], (80, 100)))
            print(f"  {p.name[:30]}: read {r.code}, best label IoU {iou[j] if j >= 0 else 0:.2f}")
    print(f"{folder}: added right {sum(right.values())} {dict(right)}; others {sum(others.values())} {dict(others)}")
    if crops:
        cv2.imwrite(out, np.hstack(crops))
        print(f"wrote {out}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]), sys.argv[2])
