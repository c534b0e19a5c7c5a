"""Find a tile face's four corners inside its detection box, to cut the face out by perspective.

A box says where a tile is, not how its face lies: a face seen from low is a trapezoid squashed
down the picture, a turned face a rotated rectangle, a standing tile's box holds its top and sides
too. Cut from the box, such a face reaches the classifier skewed or beside its neighbours; cut by
its own four corners (``crops.crop_tile(corners=...)``) it reaches it upright and whole. On
rendered capture-mode scenes the shipped classifier reads the tiles cut by their true corners far
better than cut from their boxes (docs/experiments.md, "face corners").

The corner finder is a small network that looks at a square window round the box (the box's
longer side plus ``CONTEXT`` on each side, so the box's own shape stays visible) and gives the
face's corners in that window's coordinates (0-1), in the drawing's order TL, TR, BR, BL up to a
half turn: the classifier reads every crop as cut and turned 180° (``vision.classifier``), so a
half turn is not worth learning, but which edge is the face's long one is. It runs from its ONNX
export through onnxruntime (trained by ``vision_lab/train_corners.py``)."""
from __future__ import annotations

import json
import threading
from pathlib import Path

import cv2
import numpy as np

from .errors import ModelMissingError

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CORNER_MODEL = REPO / "models" / "corners" / "corners.onnx"
WINDOW = 64      # pixels of the window the network sees
CONTEXT = 0.15   # of the box's longer side, added round it on each side


def window_of(box, scale: float = 1.0) -> tuple[int, int, int]:
    """(left, top, side) in whole pixels of the full image of the square window round ``box``
    (given in pixels of an image ``scale`` times smaller)."""
    x0, y0, x1, y1 = (float(v) * scale for v in box)
    side = max(2, int(round(max(x1 - x0, y1 - y0, 1.0) * (1 + 2 * CONTEXT))))
    return int(round((x0 + x1 - side) / 2)), int(round((y0 + y1 - side) / 2)), side


def window_patch(image: np.ndarray, box, scale: float = 1.0, size: int = WINDOW) -> np.ndarray:
    """The square window round ``box`` as a ``size`` × ``size`` BGR patch (edges replicated)."""
    left, top, side = window_of(box, scale)
    h, w = image.shape[:2]
    region = image[max(0, top):min(h, top + side), max(0, left):min(w, left + side)]
    if region.size == 0:
        return np.zeros((size, size, 3), np.uint8)
    pads = (max(0, -top), max(0, top + side - h), max(0, -left), max(0, left + side - w))
    if any(pads):
        region = cv2.copyMakeBorder(region, *pads, cv2.BORDER_REPLICATE)
    return cv2.resize(region, (size, size), interpolation=cv2.INTER_AREA if side > size else cv2.INTER_LINEAR)


def to_window(points, box, scale: float = 1.0) -> np.ndarray:
    """Image points (pixels of the full image) as window coordinates (0-1)."""
    left, top, side = window_of(box, scale)
    p = np.asarray(points, np.float64).reshape(-1, 2)
    return np.stack([(p[:, 0] - left) / side, (p[:, 1] - top) / side], axis=1)


def from_window(uv, box, scale: float = 1.0) -> np.ndarray:
    """Window coordinates (0-1) as image points (pixels of the full image)."""
    left, top, side = window_of(box, scale)
    uv = np.asarray(uv, np.float64).reshape(-1, 2)
    return np.stack([uv[:, 0] * side + left, uv[:, 1] * side + top], axis=1)


class CornerFinder:
    """The corner network's ONNX export: ``find(image, boxes, scale)`` gives each box's face corners
    (4 × 2, pixels of the full image)."""

    def __init__(self, path: str | Path | None = None, threads: int | None = None):
        import onnxruntime as ort
        self.path = Path(path or DEFAULT_CORNER_MODEL)
        if not self.path.exists():
            raise ModelMissingError(f"corner model not found: {self.path} (train with python -m vision_lab.train_corners)")
        info = self.path.with_name(self.path.name + ".json")
        self.info = json.loads(info.read_text()) if info.exists() else {}
        if int(self.info.get("window", WINDOW)) != WINDOW or float(self.info.get("context", CONTEXT)) != CONTEXT:
            raise ModelMissingError(f"{self.path} was trained on another window ({info}); train it again")
        opts = ort.SessionOptions()
        if threads:
            opts.intra_op_num_threads = threads
        self.session = ort.InferenceSession(str(self.path), opts, providers=["CPUExecutionProvider"])
        self.input_name = self.session.get_inputs()[0].name

    def find(self, image: np.ndarray, boxes, scale: float = 1.0) -> list[np.ndarray]:
        if len(boxes) == 0:
            return []
        patches = np.stack([window_patch(image, b, scale) for b in boxes])
        x = np.ascontiguousarray(patches[..., ::-1].transpose(0, 3, 1, 2)).astype(np.float32) / np.float32(255)
        uv = self.session.run(None, {self.input_name: x})[0].reshape(-1, 4, 2)
        return [from_window(q, b, scale) for q, b in zip(uv, boxes)]


_DEFAULT = None
_LOCK = threading.Lock()


def default_corner_finder() -> CornerFinder:
    """The committed corner model, loaded once."""
    global _DEFAULT
    with _LOCK:
        if _DEFAULT is None:
            _DEFAULT = CornerFinder()
        return _DEFAULT
