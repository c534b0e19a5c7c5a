"""Session 11: would a second detector run at another input size, merged with the first
(greedy non-maximum suppression, class-agnostic, IoU 0.5), find more labelled tiles? For each
extra size: found / labelled, detections matching no label, median detection time, with the
looks the reader chooses (tools/heap_zoom_probe.py's counting).

    python tools/multiscale_probe.py SIZE[,SIZE...] FOLDER [FOLDER...]     (0: the reader as it is)
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, ".")
sys.path.insert(0, "tools")
import vision.reader as reader  # noqa: E402
from heap_zoom_probe import probe  # noqa: E402
from vision.detections import Detections, box_iou  # noqa: E402

ORIGINAL = reader.detect_in


def merged(a: Detections, b: Detections, iou: float = 0.5) -> Detections:
    if len(b) == 0:
        return a
    if len(a) == 0:
        return b
    xyxy = np.vstack([a.xyxy, b.xyxy])
    conf = np.concatenate([a.confidence, b.confidence])
    cls = np.concatenate([a.class_id, b.class_id])
    order, keep = np.argsort(-conf), []
    overlaps = box_iou(xyxy, xyxy)
    dropped = np.zeros(len(conf), bool)
    for i in order:
        if dropped[i]:
            continue
        keep.append(i)
        dropped |= overlaps[i] > iou
    keep = np.array(sorted(keep))
    return Detections(xyxy[keep], conf[keep], cls[keep], a.class_names)


if __name__ == "__main__":
    tile_reader = reader.TileReader(tileness=None)
    for size in (int(s) for s in sys.argv[1].split(",")):
        if size:
            reader.detect_in = lambda det, src, s=size: merged(ORIGINAL(det, src), reader._detect_at(det, src, s))
        else:
            reader.detect_in = ORIGINAL
        for folder in map(Path, sys.argv[2:]):
            f, n, u, ms = probe(tile_reader, folder)
            print(f"extra size {size} {folder}: found {f}/{n} ({100 * f / max(n, 1):.2f} %), unmatched {u}, "
                  f"detect median {ms:.0f} ms", flush=True)
