"""Tile detector adapter: an ultralytics YOLO checkpoint → ``Detections`` (classes tile/back)."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from .detections import Detections
from .errors import ModelMissingError

REPO = Path(__file__).resolve().parents[1]
DEFAULT_WEIGHTS = REPO / "models" / "detector" / "detector.pt"


class TileDetector:
    def __init__(self, weights: str | Path | None = None, imgsz: int | None = None, conf: float = 0.3, iou: float = 0.5):
        path = Path(weights or DEFAULT_WEIGHTS)
        if not path.exists():
            raise ModelMissingError(f"detector weights not found: {path} (train with `mjtable train detector`)")
        from ultralytics import YOLO
        self.model = YOLO(str(path), task="detect")
        # The input size the detector was trained at, unless told otherwise.
        trained = (getattr(self.model, "ckpt", None) or {}).get("train_args", {}).get("imgsz", 320)
        self.imgsz, self.conf, self.iou = imgsz or trained, conf, iou
        names = self.model.names
        self.class_names = tuple(names[i] for i in range(len(names))) if isinstance(names, dict) else tuple(names)

    def detect(self, image: np.ndarray, imgsz: int | None = None) -> Detections:
        """Detections in ``image``'s pixels (BGR array), seen at ``imgsz`` (default: the size it
        was trained at)."""
        res = self.model.predict(image, imgsz=imgsz or self.imgsz, conf=self.conf, iou=self.iou, device="cpu",
                                 verbose=False, max_det=300, agnostic_nms=True)[0]
        b = res.boxes
        if b is None or len(b) == 0:
            return Detections.empty(self.class_names)
        return Detections(b.xyxy.numpy(), b.conf.numpy(), b.cls.numpy().astype(np.int64), self.class_names)
