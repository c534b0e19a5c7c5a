"""Detections of the shipped detector at confidence 0.05 on photo splits, with their overlap with
the labels and the classifier's features (build/verify/SPLIT.npz), for probe.py.
(Session 4 exploration of weak detections; models/detector/MODEL_CARD.md.)

    python tools/weak_detections/mine.py valid train
"""
import sys; sys.path.insert(0, ".")
from pathlib import Path
import cv2, numpy as np
from vision.detector import TileDetector
from vision.classifier import CropClassifier
from vision.crops import crop_tile
from vision.reader import detect_in
from vision.detections import box_iou
from vision.datasets import PHOTOS, photo_names, read_yolo_labels

root = Path("../shared/data"); names = photo_names(root)
det = TileDetector(conf=0.05); clf = CropClassifier()
def detect(img):
    return detect_in(det, img)   # as the reader does


out = {}
Path("build/verify").mkdir(parents=True, exist_ok=True)
for split in sys.argv[1:]:
    crops, labels, confs, ious, codes, srcs = [], [], [], [], [], []
    folder = root / PHOTOS / split
    for p in sorted((folder / "images").glob("*.jpg")):
        img = cv2.imread(str(p)); h, w = img.shape[:2]
        gt = read_yolo_labels(folder / "labels" / (p.stem + ".txt"), names, w, h)
        gb = np.array([b for _, b in gt]).reshape(-1, 4)
        d = detect(img)
        iou = box_iou(d.xyxy, gb) if len(gb) else np.zeros((len(d), 0))
        for i in range(len(d)):
            m = iou[i].max() if iou.shape[1] else 0.0
            j = int(iou[i].argmax()) if iou.shape[1] else -1
            crops.append(crop_tile(img, d.xyxy[i])); confs.append(d.confidence[i]); ious.append(m)
            codes.append(gt[j][0] if m >= 0.5 else ""); srcs.append(p.name)
    logits, feats = [], []
    for k in range(0, len(crops), 512):
        l, f = clf.logits_and_features(crops[k:k+512]); logits.append(l); feats.append(f)
    np.savez_compressed(f"build/verify/{split}.npz", crops=np.stack(crops), conf=np.array(confs), iou=np.array(ious),
                        code=np.array(codes), src=np.array(srcs), logits=np.concatenate(logits), feats=np.concatenate(feats).astype(np.float16))
    print(split, len(crops), flush=True)
