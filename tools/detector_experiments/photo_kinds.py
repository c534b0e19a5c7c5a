"""Session 13: labelled tiles the reader's detections find (IoU >= 0.5, any code) and detections
matching no label, per detector, on a folder's photos split in two kinds: squashed exports (the
median labelled box under 0.25 or over 4 times as wide as tall: the photo set's exports
stretched to 640 x 640) and the others. Each detector is looked through as the reader does
(``TileReader.look_at``: turned and unstretched looks, the enlarged look).

    python tools/detector_experiments/photo_kinds.py FOLDER WEIGHTS [WEIGHTS...]
    e.g. python tools/detector_experiments/photo_kinds.py ../shared/data/chinese-mahjong-detection/valid models/detector/detector.pt build/runs/det11/weights/best.pt
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, ".")
import vision.reader as reader  # noqa: E402
from vision.datasets import read_yolo_labels  # noqa: E402
from vision.decode import decode_image  # noqa: E402
from vision.detections import box_iou  # noqa: E402
from vision.evaluate import _names_for  # noqa: E402

SQUASHED = (0.25, 4.0)    # median labelled box width / height outside this: a squashed export


def kind_of(gt: np.ndarray) -> str:
    if not len(gt):
        return "other"
    shape = float(np.median((gt[:, 2] - gt[:, 0]) / np.maximum(gt[:, 3] - gt[:, 1], 1e-6)))
    return "squashed" if shape < SQUASHED[0] or shape > SQUASHED[1] else "other"


def found_and_unmatched(gt: np.ndarray, boxes: np.ndarray) -> tuple[int, int]:
    if len(gt) and len(boxes):
        iou = box_iou(gt, boxes)
        return int((iou.max(1) >= 0.5).sum()), int((iou.max(0) < 0.5).sum())
    return 0, len(boxes)


def labelled_photos(folder: Path):
    """(path, picture as the reader decodes it, labelled boxes (n, 4) in its pixels, their codes)
    per photo."""
    names = _names_for(folder)
    for p in sorted((folder / "images").glob("*.jpg")) + sorted((folder / "images").glob("*.png")):
        img = decode_image(str(p), min_long_side=reader.CROP_SOURCE_SIDE).image
        h, w = img.shape[:2]
        labels = read_yolo_labels(folder / "labels" / (p.stem + ".txt"), names, w, h)
        yield p, img, np.array([b for _, b in labels]).reshape(-1, 4), [c for c, _ in labels]


def source_boxes(look) -> np.ndarray:
    """A look's detections as boxes in the source picture's pixels."""
    return np.array([look.box_in_source(b) for b in look.dets.xyxy]).reshape(-1, 4)


def main(folder: Path, weights: list[str]) -> None:
    readers = [reader.TileReader(detector_weights=w, tileness=None) for w in weights]
    totals = {k: np.zeros(1 + 2 * len(weights), int) for k in ("squashed", "other")}
    photos = {"squashed": 0, "other": 0}
    for _, img, gt, _ in labelled_photos(folder):
        kind = kind_of(gt)
        photos[kind] += 1
        row = [len(gt)]
        for r in readers:
            row += found_and_unmatched(gt, source_boxes(r.look_at(img)))
        totals[kind] += row
    for kind, t in totals.items():
        print(f"{kind}: {photos[kind]} photos, {t[0]} labelled tiles")
        for k, wt in enumerate(weights):
            print(f"   {wt}: found {t[1 + 2 * k]} ({100 * t[1 + 2 * k] / max(t[0], 1):.2f} %), "
                  f"matching no label {t[2 + 2 * k]}")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]), sys.argv[2:])
