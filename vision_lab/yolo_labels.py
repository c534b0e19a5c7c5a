"""One YOLO label row: what the detector and evaluation scene sets write for each box."""
from __future__ import annotations


def yolo_line(cls: int, box, w: int, h: int) -> str:
    """``cls cx cy bw bh`` of an (x0, y0, x1, y1) pixel box in a ``w`` x ``h`` picture, normalised."""
    x0, y0, x1, y1 = box
    return f"{cls} {(x0 + x1) / 2 / w:.6f} {(y0 + y1) / 2 / h:.6f} {(x1 - x0) / w:.6f} {(y1 - y0) / h:.6f}"
