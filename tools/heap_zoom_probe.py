"""Session 11: how many labelled tiles the reader's detections find (IoU >= 0.5, any code) in
each folder, for several settings of the second, enlarged look (vision.reader.ZOOM_TARGET,
ZOOM_MAX_SIDE), with the looks the reader chooses. Prints, per setting and folder: found / labelled,
detections matching no label, and the median time of the detection stage.

    python tools/heap_zoom_probe.py TARGET:MAXSIDE[,...] FOLDER [FOLDER...]
    e.g. python tools/heap_zoom_probe.py 34:640,48:640,64:960 build/s11/heaps ../shared/data/chinese-mahjong-detection/valid
"""
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, ".")
import vision.reader as reader  # noqa: E402
from vision.datasets import read_yolo_labels  # noqa: E402
from vision.decode import decode_image  # noqa: E402
from vision.detections import box_iou  # noqa: E402
from vision.evaluate import _names_for  # noqa: E402


def probe(tile_reader, folder: Path):
    names = _names_for(folder)
    found = labelled = unmatched = 0
    times = []
    for p in sorted((folder / "images").glob("*.jpg")) + sorted((folder / "images").glob("*.png")):
        img = decode_image(str(p), min_long_side=reader.CROP_SOURCE_SIDE).image
        H, W = img.shape[:2]
        gt = np.array([b for _, b in read_yolo_labels(folder / "labels" / (p.stem + ".txt"), names, W, H)]
                      ).reshape(-1, 4)
        t0 = time.perf_counter()
        look = tile_reader.look_at(img)
        times.append(time.perf_counter() - t0)
        boxes = np.array([look.box_in_source(b) for b in look.dets.xyxy]).reshape(-1, 4)
        labelled += len(gt)
        if len(gt) and len(boxes):
            iou = box_iou(gt, boxes)
            found += int((iou.max(1) >= 0.5).sum())
            unmatched += int((iou.max(0) < 0.5).sum())
        else:
            unmatched += len(boxes)
    return found, labelled, unmatched, 1000 * float(np.median(times))


if __name__ == "__main__":
    settings = [tuple(int(v) for v in s.split(":")) for s in sys.argv[1].split(",")]
    tile_reader = reader.TileReader(tileness=None)
    for target, max_side in settings:
        reader.ZOOM_TARGET, reader.ZOOM_MAX_SIDE = float(target), max_side
        for folder in map(Path, sys.argv[2:]):
            f, n, u, ms = probe(tile_reader, folder)
            print(f"target {target} max {max_side} {folder}: found {f}/{n} ({100 * f / max(n, 1):.2f} %), "
                  f"unmatched {u}, detect median {ms:.0f} ms", flush=True)
