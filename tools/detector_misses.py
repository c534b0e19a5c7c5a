"""Session 6: where the detector misses the labelled tiles of a split: for each label, the best
confidence of a detection overlapping it at IoU >= 0.5 (detector run at confidence 0.02; since
session 8 in the look the reader chooses, vision/looks.py, unless --one-look).
found: >= 0.3; weak: 0.05-0.3; misboxed: a confident detection overlaps it, but under IoU 0.5;
none: nothing. Prints the counts and one row per label not found.

    python tools/detector_misses.py test|valid [--one-look]
"""
import sys, numpy as np, collections
sys.path.insert(0, ".")
from pathlib import Path
from vision.detector import TileDetector
from vision.reader import detect_in
from vision.looks import Look, choose_look
from vision.detections import Detections
from vision.decode import decode_image
from vision.datasets import read_yolo_labels
from vision.detections import box_iou
split = sys.argv[1]
folder = Path(f"../shared/data/chinese-mahjong-detection/{split}")
det = TileDetector(conf=0.02)
stats = collections.Counter(); rows = []
for p in sorted((folder / "images").glob("*.jpg")):
    dec = decode_image(str(p), min_long_side=1000)
    img, scale = dec.image, dec.scale
    detect = lambda image: detect_in(det, image)
    look = Look("as is", img, detect(img)) if "--one-look" in sys.argv else choose_look(detect, img, min_conf=0.3)
    d = look.dets
    if len(d):
        d = Detections(np.array([look.box_in_source(b) for b in d.xyxy]), d.confidence, d.class_id, d.class_names)
    H, W = img.shape[:2]
    import yaml  # noqa: E402
    names = list(yaml.safe_load((folder.parent / "data.yaml").read_text())["names"])
    labs = read_yolo_labels(folder / "labels" / (p.stem + ".txt"), names, W, H)
    gt = np.array([b for _, b in labs]) if labs else np.zeros((0,4))
    if len(gt) == 0: continue
    if len(d) == 0:
        stats["nodet"] += len(gt); continue
    iou = box_iou(gt, d.xyxy)
    for g in range(len(gt)):
        best = iou[g].max(); j = iou[g].argmax(); conf = d.confidence[j]
        # best conf among dets with IoU>=0.5
        ok = iou[g] >= 0.5
        c5 = d.confidence[ok].max() if ok.any() else 0
        if c5 >= 0.3: stats["found"] += 1; continue
        side = max(gt[g,2]-gt[g,0], gt[g,3]-gt[g,1]) / max(H, W) * 320
        kind = "weak" if c5 >= 0.05 else ("misboxed" if best >= 0.2 and conf >= 0.3 else "none")
        stats[kind] += 1
        rows.append((p.name[:30], kind, round(float(c5),2), round(float(best),2), round(float(conf),2), round(side,1)))
print(stats)
for r in rows: print(r)
