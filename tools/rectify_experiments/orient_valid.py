"""Session 5 experiment (models/classifier/MODEL_CARD.md, "Session 5"). Run from the repository root."""
import sys; sys.path.insert(0, ".")
import numpy as np, cv2
from pathlib import Path
from vision.classifier import CropClassifier
from vision.crops import crop_tile
from vision.datasets import photo_names, read_yolo_labels
root = Path("../shared/data"); names = photo_names(root)
clf = CropClassifier()
folder = root / "chinese-mahjong-detection" / sys.argv[1]
crops, truth = [], []
for p in sorted((folder / "images").glob("*.jpg")):
    img = cv2.imread(str(p)); h, w = img.shape[:2]
    for code, box in read_yolo_labels(folder / "labels" / (p.stem + ".txt"), names, w, h):
        crops.append(crop_tile(img, box)); truth.append(code)
r0 = clf.classify(crops); r1 = clf.classify([np.ascontiguousarray(np.rot90(c, -1)) for c in crops])
acc = lambda pred: np.mean([a == t for a, t in zip(pred, truth)])
print(sys.argv[1], len(truth), "as cut", round(acc([r.code for r in r0]), 4))
for m in (0.0, 0.2, 0.4):
    print(f"  margin {m}:", round(acc([y.code if y.confidence > x.confidence + m else x.code for x, y in zip(r0, r1)]), 4))
