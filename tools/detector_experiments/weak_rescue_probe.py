"""Session 14: would weak detections (confidence WEAK..0.3, overlapping no kept detection) be
worth keeping when the classifier reads them surely? Per folder, for each classifier threshold:
how many such detections would be kept, how many of them are a labelled tile not yet found, with
its code read right (IoU >= 0.5), and how many match no label or are read wrong. The looks and
the kept detections are the reader's; the weak ones come from the same detector at a lower
threshold on the chosen look's picture.

    python tools/detector_experiments/weak_rescue_probe.py WEAK FOLDER [FOLDER...]
    e.g. python tools/detector_experiments/weak_rescue_probe.py 0.1 ../shared/data/chinese-mahjong-detection/valid
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, ".")
sys.path.insert(0, "tools/detector_experiments")
import vision.reader as reader  # noqa: E402
from photo_kinds import labelled_photos  # noqa: E402
from vision.crops import cut_tiles  # noqa: E402
from vision.detections import box_iou  # noqa: E402
from vision.detector import TileDetector  # noqa: E402

THRESHOLDS = (0.5, 0.7, 0.8, 0.9, 0.95, 0.98)


def main(weak: float, folders: list[Path]) -> None:
    shipped = reader.TileReader()
    low = TileDetector(conf=weak)
    for folder in folders:
        right = np.zeros(len(THRESHOLDS), int)
        wrong = np.zeros(len(THRESHOLDS), int)
        for p, img, gt, codes in labelled_photos(folder):
            look = shipped.look_at(img)
            strong = look.dets.xyxy
            cand = reader.detect_in(low, look.image, plan_conf=shipped.detector.conf)
            keep = [i for i in range(len(cand)) if cand.confidence[i] < shipped.detector.conf
                    and cand.names()[i] != "back"
                    and (not len(strong) or box_iou(cand.xyxy[i:i + 1], strong).max() < 0.3)]
            if not keep:
                continue
            crops = cut_tiles(look.image, [cand.xyxy[i] for i in keep])
            reads = reader.classify_with_profile(shipped.classifier, crops, None, embeddings=True)
            is_tile = shipped.tileness.is_tile(np.stack([r.embedding for r in reads]))
            found = np.zeros(len(gt), bool)
            if len(gt) and len(strong):
                src_strong = np.array([look.box_in_source(b) for b in strong])
                found = box_iou(gt, src_strong).max(1) >= 0.5
            for k, (i, r, t) in enumerate(zip(keep, reads, is_tile)):
                if not t:
                    continue
                box = np.array([look.box_in_source(cand.xyxy[i])])
                iou = box_iou(gt, box)[:, 0] if len(gt) else np.zeros(0)
                j = int(iou.argmax()) if len(iou) else -1
                ok = j >= 0 and iou[j] >= 0.5 and not found[j] and codes[j] == r.code
                for n, thr in enumerate(THRESHOLDS):
                    if r.confidence >= thr:
                        right[n] += ok
                        wrong[n] += not ok
        print(f"{folder} (weak from {weak}): " + "  ".join(
            f"read >= {t}: +{a} right, +{b} wrong" for t, a, b in zip(THRESHOLDS, right, wrong)), flush=True)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    main(float(sys.argv[1]), [Path(f) for f in sys.argv[2:]])
