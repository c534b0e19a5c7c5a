"""Session 9: does reading each crop at several zooms help the base classifier (no profile)?
Cuts the labelled boxes of YOLO folders (as `mjtable eval --classifier-only` does), then reads
every crop upright + turned 180° at each zoom set (every crop zoomed), and prints accuracy;
then the shipped zooms applied only to crops whose as-cut reading is less sure than each
threshold (the shipped reading: vision.classifier.ZOOM_BELOW_CONFIDENCE).

    python tools/base_tta_probe.py [--weights W] FOLDER [FOLDER...]
"""
import sys
from pathlib import Path
import numpy as np
sys.path.insert(0, ".")
from vision.classifier import CropClassifier
from vision.crops import cut_tiles
from vision.evaluate import labelled_images

ZOOM_SETS = {"as cut (1.0)": (1.0,), "0.92-1.08": (0.92, 1.0, 1.08), "0.8, 1, 1.2 (shipped)": (0.8, 1.0, 1.2),
             "0.9, 1, 1.2": (0.9, 1.0, 1.2), "0.85-1.15": (0.85, 0.92, 1.0, 1.08, 1.15),
             "0.8-1.2 x7": (0.8, 0.87, 0.93, 1.0, 1.07, 1.13, 1.2)}


def labelled_crops(folder: Path):
    crops, codes = [], []
    for _, img, gt in labelled_images(folder):
        if gt:
            crops += list(cut_tiles(img, [b for _, b in gt]))
            codes += [c for c, _ in gt]
    return crops, codes


def logits(clf, crops, zooms):
    """Every crop read at every zoom (both turns)."""
    return clf.views_logits(crops, zooms, True)[0]


if __name__ == "__main__":
    args = sys.argv[1:]
    weights = None
    if args[:1] == ["--weights"]:
        weights, args = args[1], args[2:]
    clf = CropClassifier(weights)
    idx = {c: i for i, c in enumerate(clf.classes)}
    for folder in args:
        crops, codes = labelled_crops(Path(folder))
        y = np.array([idx[c] for c in codes])
        for name, zooms in ZOOM_SETS.items():
            acc = (logits(clf, crops, zooms).argmax(1) == y).mean()
            print(f"{folder}: {len(y)} crops, {name}: {100 * acc:.2f} %", flush=True)
        as_cut, zoomed = logits(clf, crops, (1.0,)), logits(clf, crops, clf.zooms)
        sure = clf.probabilities(as_cut).max(1)
        for below in (0.5, 0.7, 0.8, 0.9, 0.95, 0.99):
            unsure = sure < below
            acc = (np.where(unsure[:, None], zoomed, as_cut).argmax(1) == y).mean()
            print(f"{folder}: zooms {clf.zooms} below confidence {below}: {100 * unsure.mean():.1f} % of "
                  f"crops zoomed, {100 * acc:.2f} %", flush=True)
