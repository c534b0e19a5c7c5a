"""Session 8: how the choice of look (vision/looks.py) changes what the detector finds in a split.

For every photo, each look's detections (as it stands; turned ±45° unless its tiles lie level;
each stretch undone when it looks stretched, adjusted until its tiles stand, as
``vision.looks.choose_look`` does) are matched to the labelled boxes:
found = labels with a detection at IoU >= 0.5, unmatched = detections at IoU < 0.3 with every
label. Then, for several SCORE_CONF / LOOK_MARGIN / LOOK_GAIN settings, the look each photo would
get and the totals, and the photos whose look changes at the shipped settings.

    python tools/looks_probe.py valid|test
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from vision import looks  # noqa: E402
from vision.decode import decode_image  # noqa: E402
from vision.detections import box_iou  # noqa: E402
from vision.detector import TileDetector  # noqa: E402
from vision.reader import CROP_SOURCE_SIDE, detect_in  # noqa: E402


def labelled_boxes(label_path: Path, w: int, h: int) -> np.ndarray:
    rows = [list(map(float, line.split())) for line in label_path.read_text().splitlines() if line.strip()]
    return np.array([[(x - bw / 2) * w, (y - bh / 2) * h, (x + bw / 2) * w, (y + bh / 2) * h]
                     for _, x, y, bw, bh in rows]).reshape(-1, 4)


def main(split: str) -> None:
    folder = Path(f"../shared/data/chinese-mahjong-detection/{split}")
    det = TileDetector()
    detect = lambda image: detect_in(det, image)   # noqa: E731
    photos = []
    for path in sorted((folder / "images").glob("*.jpg")):
        src = decode_image(str(path), min_long_side=CROP_SOURCE_SIDE).image
        gt = labelled_boxes(folder / "labels" / (path.stem + ".txt"), src.shape[1], src.shape[0])
        base, others = looks.candidate_looks(detect, src, det.conf)
        candidates = [base] + others
        measured = []
        for look in candidates:
            # scored as chosen; measured as read (an unstretched look is adjusted once chosen)
            read = looks.upright_unstretched(detect, src, look) if look.axis else look
            boxes = np.array([read.box_in_source(b) for b in read.dets.xyxy]).reshape(-1, 4)
            if len(gt) and len(boxes):
                iou = box_iou(gt, boxes)
                found, unmatched = int((iou.max(1) >= 0.5).sum()), int((iou.max(0) < 0.3).sum())
            else:
                found, unmatched = 0, len(boxes)
            measured.append((read.name, look.dets.confidence.copy(), found, unmatched))
        photos.append((path.name[:24], len(gt), measured))

    def choose(score_conf, margin, gain):
        found = unmatched = 0
        changed = []
        for name, n_labels, measured in photos:
            score = [float(c[c >= score_conf].sum()) for _, c, _, _ in measured]
            best = 0
            for i in range(1, len(measured)):
                if score[i] > margin * score[0] + gain and score[i] > score[best]:
                    best = i
            found += measured[best][2]
            unmatched += measured[best][3]
            if best:
                changed.append((name, n_labels, measured[0][2:], measured[best][0], measured[best][2:]))
        return found, unmatched, changed

    labels = sum(n for _, n, _ in photos)
    print(f"{split}: {len(photos)} photos, {labels} labelled tiles")
    base_found = sum(m[0][2] for _, _, m in photos)
    base_unmatched = sum(m[0][3] for _, _, m in photos)
    print(f"as they stand: found {base_found} ({100 * base_found / labels:.2f} %), unmatched {base_unmatched}")
    for score_conf in (0.3, 0.5):
        for margin in (1.2, 1.5, 2.0):
            for gain in (0.5, 1.0, 2.0):
                f, u, ch = choose(score_conf, margin, gain)
                print(f"SCORE_CONF {score_conf} LOOK_MARGIN {margin} LOOK_GAIN {gain}: found {f} "
                      f"({100 * f / labels:.2f} %), unmatched {u}, photos looked at otherwise {len(ch)}")
    f, u, ch = choose(looks.SCORE_CONF, looks.LOOK_MARGIN, looks.LOOK_GAIN)
    print("shipped settings: photo, labels, (found, unmatched) as it stands -> look, (found, unmatched)")
    for row in ch:
        print(*row)


if __name__ == "__main__":
    main(sys.argv[1])
