"""Session 12: does the detector's non-maximum suppression drop touching tiles in heaps? For each
IoU threshold (vision.detector.TileDetector's ``iou``: two detections overlapping more than it
are one tile), how many labelled tiles the reader's detections find (IoU >= 0.5 with a label,
any code), and how many detections match no label, per folder (tools/heap_zoom_probe.probe).

    python tools/nms_iou_probe.py IOU[,IOU...] FOLDER [FOLDER...]
    e.g. python tools/nms_iou_probe.py 0.5,0.6,0.7 build/s11/heaps ../shared/data/chinese-mahjong-detection/valid
"""
import sys
from pathlib import Path

sys.path.insert(0, ".")
sys.path.insert(0, "tools")
import vision.reader as reader  # noqa: E402
from heap_zoom_probe import probe  # noqa: E402

if __name__ == "__main__":
    tile_reader = reader.TileReader(tileness=None)
    for iou in (float(v) for v in sys.argv[1].split(",")):
        tile_reader.detector.iou = iou
        for folder in map(Path, sys.argv[2:]):
            f, n, u, ms = probe(tile_reader, folder)
            print(f"nms iou {iou} {folder}: found {f}/{n} ({100 * f / max(n, 1):.2f} %), unmatched {u}, "
                  f"detect median {ms:.0f} ms", flush=True)
