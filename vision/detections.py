"""Model-neutral detections: what any detector adapter returns and the later stages consume.

Keeping the stages on this one dataclass (rather than a model's own result type) lets the
cropping and reading logic be tested with hand-made detections and lets the detector change
(YOLO axis-aligned, oriented boxes, ONNX) without touching them."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class Detections:
    xyxy: np.ndarray                 # (n, 4) float boxes x0, y0, x1, y1 in pixels
    confidence: np.ndarray           # (n,) float
    class_id: np.ndarray             # (n,) int, index into ``class_names``
    class_names: tuple[str, ...] = ("tile", "back")
    corners: np.ndarray | None = None  # (n, 4, 2) tile outline corners when the model gives them

    def __post_init__(self):
        self.xyxy = np.asarray(self.xyxy, np.float64).reshape(-1, 4)
        self.confidence = np.asarray(self.confidence, np.float64).reshape(-1)
        self.class_id = np.asarray(self.class_id, np.int64).reshape(-1)
        n = len(self.xyxy)
        if len(self.confidence) != n or len(self.class_id) != n:
            raise ValueError("xyxy, confidence and class_id must have the same length")
        if self.corners is not None:
            self.corners = np.asarray(self.corners, np.float64).reshape(n, 4, 2)

    def __len__(self) -> int:
        return len(self.xyxy)

    @classmethod
    def empty(cls, class_names=("tile", "back")) -> "Detections":
        return cls(np.zeros((0, 4)), np.zeros(0), np.zeros(0, np.int64), tuple(class_names))

    def names(self) -> list[str]:
        return [self.class_names[i] for i in self.class_id]

    def scaled(self, factor: float) -> "Detections":
        """The same detections in an image ``factor`` times larger."""
        return Detections(self.xyxy * factor, self.confidence.copy(), self.class_id.copy(), self.class_names,
                          None if self.corners is None else self.corners * factor)

    def shifted(self, dx: float, dy: float) -> "Detections":
        """The same detections in an image whose origin is ``(-dx, -dy)`` in this one's pixels
        (detections made on a cut-out, moved back into the whole picture)."""
        off = np.array([dx, dy, dx, dy], np.float64)
        return Detections(self.xyxy + off, self.confidence.copy(), self.class_id.copy(), self.class_names,
                          None if self.corners is None else self.corners + np.array([dx, dy], np.float64))

    def filter(self, mask) -> "Detections":
        mask = np.asarray(mask)
        return Detections(self.xyxy[mask], self.confidence[mask], self.class_id[mask], self.class_names,
                          None if self.corners is None else self.corners[mask])

    def sorted_reading_order(self) -> "Detections":
        """Top-to-bottom rows, left to right within a row (``reading_order``)."""
        if len(self) == 0:
            return self
        return self.filter(reading_order(self.xyxy))


def reading_order(xyxy) -> np.ndarray:
    """Indices of the boxes ``xyxy`` in reading order: top-to-bottom rows, left to right within a
    row (rows split where centres differ by more than half a median tile height)."""
    xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
    if len(xyxy) == 0:
        return np.zeros(0, np.int64)
    cy = (xyxy[:, 1] + xyxy[:, 3]) / 2
    cx = (xyxy[:, 0] + xyxy[:, 2]) / 2
    h = np.median(xyxy[:, 3] - xyxy[:, 1])
    row, rows, last = [], [], None
    for i in np.argsort(cy):
        if last is not None and cy[i] - last > h / 2:
            rows.append(row)
            row = []
        row.append(i)
        last = cy[i]
    rows.append(row)
    return np.array([i for r in rows for i in sorted(r, key=lambda j: cx[j])], np.int64)


def box_iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """IoU matrix (len(a), len(b)) of xyxy boxes."""
    a = np.asarray(a, np.float64).reshape(-1, 4)
    b = np.asarray(b, np.float64).reshape(-1, 4)
    x0 = np.maximum(a[:, None, 0], b[None, :, 0])
    y0 = np.maximum(a[:, None, 1], b[None, :, 1])
    x1 = np.minimum(a[:, None, 2], b[None, :, 2])
    y1 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(x1 - x0, 0, None) * np.clip(y1 - y0, 0, None)
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return inter / np.maximum(area_a[:, None] + area_b[None, :] - inter, 1e-9)
