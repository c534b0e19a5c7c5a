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
half turn is not worth learning, but which edge is the face's long one is. ``CornerFinder.find``
then orders them as a box cut is turned (``upright_order``), so that a face cut shows its tile as
a box cut would. It runs from its ONNX export through onnxruntime (trained by
``vision_lab/train_corners.py``)."""
from __future__ import annotations

import json
import logging
import threading
from pathlib import Path

import cv2
import numpy as np

from .crops import face_lies_sideways, face_up
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
    """The square window round ``box`` as a ``size`` × ``size`` BGR patch (the image's edges
    replicated where the window leaves it; black when the window holds none of it)."""
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


def upright_order(quad) -> np.ndarray:
    """``quad`` (TL, TR, BR, BL up to a half turn) in the order whose drawing's up points up the
    picture, or, for a face whose up runs across it, to the left: the way a box cut turns its tile
    (``vision.crops``: a tile lying sideways is turned a quarter clockwise)."""
    q = np.asarray(quad, np.float64)
    up = face_up(q)
    flip = up[0] > 0 if face_lies_sideways(q) else up[1] > 0
    return q[[2, 3, 0, 1]] if flip else q


def network_input(patches: np.ndarray) -> np.ndarray:
    """BGR windows n×H×W×3 (0-255, any dtype) as the network reads them: RGB, n×3×H×W, float32 0-1
    (the same for training, ``vision_lab.train_corners``, and reading)."""
    x = np.ascontiguousarray(np.asarray(patches)[..., ::-1].transpose(0, 3, 1, 2)).astype(np.float32)
    return x / np.float32(255)


class CornerFinder:
    """The corner network's ONNX export: ``find(image, boxes, scale)`` gives each box's face corners
    (4 × 2, pixels of the full image, ``upright_order``)."""

    def __init__(self, path: str | Path | None = None, threads: int | None = None):
        from .model_files import onnxruntime
        ort = onnxruntime()
        self.path = Path(path or DEFAULT_CORNER_MODEL)
        if not self.path.exists():
            raise ModelMissingError(f"corner model not found: {self.path} (train with python -m vision_lab.train_corners)")
        info = self.path.with_name(self.path.name + ".json")
        if not info.exists():
            raise ModelMissingError(f"{info} is missing: the window {self.path} was trained on is not known")
        self.info = json.loads(info.read_text())
        if int(self.info.get("window", -1)) != WINDOW or float(self.info.get("context", -1)) != CONTEXT:
            raise ModelMissingError(f"{self.path} was trained on another window ({info}); train it again")
        opts = ort.SessionOptions()
        if threads:
            opts.intra_op_num_threads = threads
        self.session = ort.InferenceSession(str(self.path), opts, providers=["CPUExecutionProvider"])
        inp = self.session.get_inputs()[0]
        if list(inp.shape[1:]) != [3, WINDOW, WINDOW]:
            raise ModelMissingError(f"{self.path} takes {inp.shape}, not windows of 3 × {WINDOW} × {WINDOW}")
        self.input_name = inp.name

    def find(self, image: np.ndarray, boxes, scale: float = 1.0) -> list[np.ndarray]:
        if len(boxes) == 0:
            return []
        patches = np.stack([window_patch(image, b, scale) for b in boxes])
        uv = self.session.run(None, {self.input_name: network_input(patches)})[0].reshape(-1, 4, 2)
        return [upright_order(from_window(q, b, scale)) for q, b in zip(uv, boxes)]


_DEFAULT = None
_LOCK = threading.Lock()


def default_corner_finder() -> CornerFinder:
    """The committed corner model, loaded once."""
    global _DEFAULT
    with _LOCK:
        if _DEFAULT is None:
            _DEFAULT = CornerFinder()
        return _DEFAULT


def shipped_corner_finder() -> CornerFinder | None:
    """``default_corner_finder()``, or None (with a warning) when the shipped model is missing or
    cannot be read: the face cuts are an addition, and the reader reads by box cuts without them."""
    if not DEFAULT_CORNER_MODEL.is_file():
        return None
    try:
        return default_corner_finder()
    except Exception as e:     # a truncated file, another window, a runtime that refuses it
        logging.getLogger(__name__).warning("face corners off: %s", e)
        return None
