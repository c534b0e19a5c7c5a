"""Cut tiles out of the full-resolution image for the classifier.

Rule shared by training and inference (so both see the same kind of crop): take the box with a
small margin; a box wider than tall (a tile lying sideways) is turned 90° clockwise so the tile
stands upright; the crop is resized (stretched) to a square of ``size`` pixels. Which way a
sideways or upside-down tile points is not known from a box, so the classifier is trained on
crops turned 0° and 180° (no tile is another tile turned half a turn)."""
from __future__ import annotations

import cv2
import numpy as np

CROP_SIZE = 64
MARGIN = 0.06        # of the box size, on each side
SIDEWAYS_RATIO = 1.0  # width / height above which a box holds a tile lying sideways


def is_sideways_box(box) -> bool:
    x0, y0, x1, y1 = box
    return (x1 - x0) > SIDEWAYS_RATIO * (y1 - y0)


def crop_tile(image: np.ndarray, box, size: int = CROP_SIZE, margin: float = MARGIN,
              scale: float = 1.0, corners=None) -> np.ndarray:
    """Upright square crop (BGR, size x size) of the tile in ``box`` (given in pixels of an image
    ``scale`` times smaller than ``image``: detections on a reduced frame, crops from the full one).

    With ``corners`` (the tile face's TL, TR, BR, BL), the face is perspective-rectified instead."""
    h, w = image.shape[:2]
    if corners is not None:
        src = np.float32(corners) * scale
        m = margin * size
        dst = np.float32([[m, m], [size - m, m], [size - m, size - m], [m, size - m]])
        H = cv2.getPerspectiveTransform(src, dst)
        return cv2.warpPerspective(image, H, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    x0, y0, x1, y1 = (float(v) * scale for v in box)
    bw, bh = max(x1 - x0, 1.0), max(y1 - y0, 1.0)
    x0, x1 = x0 - margin * bw, x1 + margin * bw
    y0, y1 = y0 - margin * bh, y1 + margin * bh
    ix0, iy0 = int(max(0, np.floor(x0))), int(max(0, np.floor(y0)))
    ix1, iy1 = int(min(w, np.ceil(x1))), int(min(h, np.ceil(y1)))
    if ix1 <= ix0 or iy1 <= iy0:
        return np.zeros((size, size, 3), np.uint8)
    crop = image[iy0:iy1, ix0:ix1]
    if is_sideways_box(box):
        crop = cv2.rotate(crop, cv2.ROTATE_90_CLOCKWISE)
    interp = cv2.INTER_AREA if crop.shape[0] > size else cv2.INTER_LINEAR
    return cv2.resize(crop, (size, size), interpolation=interp)


def crop_tiles(image: np.ndarray, boxes, size: int = CROP_SIZE, scale: float = 1.0) -> list[np.ndarray]:
    return [crop_tile(image, b, size=size, scale=scale) for b in boxes]
