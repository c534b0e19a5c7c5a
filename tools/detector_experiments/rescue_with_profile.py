"""Session 14: the weak-detection rescue (``vision.reader.WEAK_RESCUE``) with a tile-set profile
active, whose readings' probabilities are the profile's mixture. A photo group's profile is made
as ``vision.calibration_eval`` makes it (one example per code, classifier W), and the group's valid
and test photos are read whole by the reader with it, with and without the rescue, and without
the profile (the base model alone, with the rescue): labelled tiles found with the right code
(IoU >= 0.5) and reads.

    python tools/detector_experiments/rescue_with_profile.py GROUP W
    e.g. python tools/detector_experiments/rescue_with_profile.py img_photos build/runs/heldout_img14/weights/best.pt
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, ".")
sys.path.insert(0, "tools/detector_experiments")
import vision.reader as reader  # noqa: E402
from photo_kinds import labelled_photos  # noqa: E402
from vision.calibration_eval import DATA, PHOTO_GROUPS, PHOTOS, photo_set  # noqa: E402
from vision.classifier import CropClassifier  # noqa: E402
from vision.detections import box_iou  # noqa: E402
from vision.profile import TileSetProfile  # noqa: E402


def right_reads(reads, gt, codes) -> int:
    boxes = np.array([r.box for r in reads if not r.face_down]).reshape(-1, 4)
    got = [r.code for r in reads if not r.face_down]
    if not len(gt) or not len(boxes):
        return 0
    iou = box_iou(gt, boxes)
    return sum(1 for j in range(len(gt)) if iou[j].max() >= 0.5 and got[int(iou[j].argmax())] == codes[j])


def main(group_name: str, weights: str) -> None:
    group = PHOTO_GROUPS[group_name]
    clf = CropClassifier(weights)
    cc, ck, _, _ = photo_set(group)
    profile = TileSetProfile.from_examples(list(zip(cc, ck)), name=group_name, classifier=clf)
    tile_reader = reader.TileReader(classifier=clf)
    rescue = reader.WEAK_RESCUE
    for split in ("valid", "test"):
        folder = Path(DATA) / PHOTOS / split
        totals = {"off": [0, 0], "on": [0, 0], "on, no profile": [0, 0]}
        labelled = 0
        for p, img, gt, codes in labelled_photos(folder):
            if not group.keeps(split, p.name):
                continue
            labelled += len(gt)
            for key, setting, prof in (("off", None, profile), ("on", rescue, profile), ("on, no profile", rescue, None)):
                reader.WEAK_RESCUE = setting
                reads = [r for r in tile_reader.read(img, profile=prof) if not r.face_down]
                totals[key][0] += right_reads(reads, gt, codes)
                totals[key][1] += len(reads)
        reader.WEAK_RESCUE = rescue
        print(f"{group_name} {split}: {labelled} labelled; " + "; ".join(
            f"rescue {k}: {r} right (recall {r / max(labelled, 1):.2%}), {n} reads (precision {r / max(n, 1):.2%})"
            for k, (r, n) in totals.items()), flush=True)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
