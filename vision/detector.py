"""Tile detector adapters → ``Detections`` (classes tile/back): ``TileDetector`` runs the
ultralytics YOLO checkpoint (torch), ``OnnxDetector`` its ONNX export through onnxruntime with
the same pre- and post-processing written in numpy and cv2, so that reading needs no torch.
``load_detector`` picks one."""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from .detections import Detections
from .errors import ModelMissingError
from .model_files import ExportInfo, export_for, open_export

REPO = Path(__file__).resolve().parents[1]
DEFAULT_WEIGHTS = REPO / "models" / "detector" / "detector.pt"
MAX_DETECTIONS = 300
#: What runs the detectors' exports ("openvino" or "onnxruntime"; ``vision.model_files.onnx_session``).
RUNTIME = "onnxruntime"


class TileDetector:
    def __init__(self, weights: str | Path | None = None, imgsz: int | None = None, conf: float = 0.3, iou: float = 0.5):
        path = Path(weights or DEFAULT_WEIGHTS)
        if not path.exists():
            raise ModelMissingError(f"detector weights not found: {path} (train with `mjtable train detector`)")
        from ultralytics import YOLO
        self.model = YOLO(str(path), task="detect")
        self.weights_path = path
        # The input size the detector was trained at, unless told otherwise.
        trained = (getattr(self.model, "ckpt", None) or {}).get("train_args", {}).get("imgsz", 320)
        self.imgsz, self.conf, self.iou = imgsz or trained, conf, iou
        names = self.model.names
        self.class_names = tuple(names[i] for i in range(len(names))) if isinstance(names, dict) else tuple(names)

    def detect(self, image: np.ndarray, imgsz: int | None = None) -> Detections:
        """Detections in ``image``'s pixels (BGR array), seen at ``imgsz`` (default: the size it
        was trained at)."""
        res = self.model.predict(image, imgsz=imgsz or self.imgsz, conf=self.conf, iou=self.iou, device="cpu",
                                 verbose=False, max_det=MAX_DETECTIONS, agnostic_nms=True)[0]
        b = res.boxes
        if b is None or len(b) == 0:
            return Detections.empty(self.class_names)
        return Detections(b.xyxy.numpy(), b.conf.numpy(), b.cls.numpy().astype(np.int64), self.class_names)


class OnnxDetector:
    """``TileDetector``'s reading from the ONNX export of its weights (``mjtable export``).

    ``detect`` does what ``YOLO.predict`` does for one picture, so that both give the same boxes:
    the picture letterboxed to the smallest multiple of the stride holding it at ``imgsz``
    (``letterbox``), the network, then boxes whose best class score exceeds ``conf``, greedy
    suppression of overlaps above ``iou`` across classes (``suppress_overlaps``), at most
    ``MAX_DETECTIONS``, mapped back to the picture's pixels (``unletterbox_boxes``)."""

    def __init__(self, weights: str | Path | None = None, imgsz: int | None = None, conf: float = 0.3,
                 iou: float = 0.5, export: ExportInfo | None = None, threads: int | None = None,
                 runtime: str | None = None):
        """``runtime``: what runs the export (``vision.model_files.onnx_session``; default ``RUNTIME``)."""
        path = Path(weights or DEFAULT_WEIGHTS)
        info, self.session, self.input_name = open_export(path, "detector", export, threads,
                                                          RUNTIME if runtime is None else runtime)
        self.weights_path, self.export = path, info
        self.imgsz, self.conf, self.iou = imgsz or info.imgsz, conf, iou
        self.stride = int(info.stride or 32)
        self.class_names = tuple(info.names)

    def detect(self, image: np.ndarray, imgsz: int | None = None) -> Detections:
        """Detections in ``image``'s pixels (BGR array), seen at ``imgsz`` (default: the size it
        was trained at)."""
        side = input_side(imgsz or self.imgsz, self.stride)
        boxed = letterbox(image, side, self.stride)
        blob = np.ascontiguousarray(boxed[..., ::-1].transpose(2, 0, 1))[None].astype(np.float32) / np.float32(255)
        pred = self.session.run(None, {self.input_name: blob})[0][0]      # (4 + classes, anchors)
        scores = pred[4:]
        conf = scores.max(0)
        keep = conf > self.conf
        if not keep.any():
            return Detections.empty(self.class_names)
        xywh, conf, cls = pred[:4, keep].T, conf[keep], scores[:, keep].argmax(0)
        xyxy = np.concatenate([xywh[:, :2] - xywh[:, 2:] / 2, xywh[:, :2] + xywh[:, 2:] / 2], 1)
        kept = suppress_overlaps(xyxy, conf, self.iou)[:MAX_DETECTIONS]
        boxes = unletterbox_boxes(xyxy[kept], boxed.shape[:2], image.shape[:2])
        return Detections(boxes, conf[kept], cls[kept].astype(np.int64), self.class_names)


def input_side(imgsz: int, stride: int) -> int:
    """``imgsz`` rounded up to a multiple of ``stride`` (at least one stride), as ultralytics does."""
    return max(math.ceil(int(imgsz) / stride) * stride, stride)


def letterbox(image: np.ndarray, side: int, stride: int) -> np.ndarray:
    """``image`` scaled to fit a ``side`` square (aspect kept, bilinear), then padded with grey 114
    on both sides to the next multiple of ``stride`` in each direction: ultralytics' LetterBox
    with ``auto`` (the minimum rectangle), as ``YOLO.predict`` uses it for one picture."""
    import cv2
    h, w = image.shape[:2]
    r = min(side / h, side / w)
    new_w, new_h = max(round(w * r), 1), max(round(h * r), 1)
    dw, dh = (side - new_w) % stride / 2, (side - new_h) % stride / 2
    if (w, h) != (new_w, new_h):
        image = cv2.resize(image, (new_w, new_h), interpolation=cv2.INTER_LINEAR)
    top, bottom = round(dh - 0.1), round(dh + 0.1)
    left, right = round(dw - 0.1), round(dw + 0.1)
    return cv2.copyMakeBorder(image, top, bottom, left, right, cv2.BORDER_CONSTANT, value=(114, 114, 114))


def unletterbox_boxes(xyxy: np.ndarray, boxed_hw, image_hw) -> np.ndarray:
    """Boxes in the letterboxed picture's pixels → the original picture's, clipped to it (the
    gain and padding worked out again from the two shapes, as ultralytics' ``scale_boxes``)."""
    (bh, bw), (h, w) = boxed_hw[:2], image_hw[:2]
    gain = min(bh / h, bw / w)
    new_h, new_w = max(round(h * gain), 1), max(round(w * gain), 1)
    gain_y, gain_x = new_h / h, new_w / w
    pad_x, pad_y = round((bw - new_w) / 2 - 0.1), round((bh - new_h) / 2 - 0.1)
    out = np.array(xyxy, np.float32, copy=True)
    out[:, [0, 2]] = ((out[:, [0, 2]] - pad_x) / gain_x).clip(0, w)
    out[:, [1, 3]] = ((out[:, [1, 3]] - pad_y) / gain_y).clip(0, h)
    return out


def suppress_overlaps(xyxy: np.ndarray, scores: np.ndarray, iou: float) -> np.ndarray:
    """Indices of the boxes greedy non-maximum suppression keeps, surest first: each box, in
    order of decreasing score, is dropped when its IoU with a box already kept exceeds ``iou``."""
    order = np.argsort(-scores, kind="stable")
    x0, y0, x1, y1 = (xyxy[:, k] for k in range(4))
    area = (x1 - x0) * (y1 - y0)
    keep = []
    while len(order):
        i = order[0]
        keep.append(i)
        rest = order[1:]
        w = np.clip(np.minimum(x1[i], x1[rest]) - np.maximum(x0[i], x0[rest]), 0, None)
        h = np.clip(np.minimum(y1[i], y1[rest]) - np.maximum(y0[i], y0[rest]), 0, None)
        inter = w * h
        with np.errstate(invalid="ignore", divide="ignore"):
            overlap = inter / (area[i] + area[rest] - inter)
        order = rest[~(overlap > iou)]      # an undefined overlap (two empty boxes) suppresses nothing
    return np.array(keep, np.int64)


def load_detector(weights: str | Path | None = None, backend: str = "auto", **kwargs):
    """The detector of ``weights`` (default: the shipped ones): its ONNX export when ``backend`` is
    "onnx", or "auto" and the export beside the weights is current; else ``TileDetector`` (torch).
    ``kwargs``: imgsz, conf, iou."""
    path = Path(weights or DEFAULT_WEIGHTS)
    use_onnx, info = export_for(path, backend, "detector")
    return OnnxDetector(path, export=info, **kwargs) if use_onnx else TileDetector(path, **kwargs)
