"""Session 13: a heap pass, measured and not shipped (models/detector/MODEL_CARD.md, session 13).

A second detector trained with heaps (``det11``) also looks at each picture the shipped one does
not take as stretched, and its look replaces the shipped one's when it holds clearly more
confident detections: at least RATIO times as many of confidence CONF or more, and EXTRA more.
Both detectors look through the reader's looks (``TileReader.look_at``). Prints, per folder,
labelled tiles found (IoU >= 0.5, any code) and detections matching no label, without and with
the pass, and the photos it switches.

    python tools/detector_experiments/heap_pass_probe.py HEAP_WEIGHTS FOLDER [FOLDER...]
    e.g. python tools/detector_experiments/heap_pass_probe.py build/runs/det11/weights/best.pt build/s11/heaps build/s13/heaps_report ../shared/data/chinese-mahjong-detection/valid
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, ".")
sys.path.insert(0, "tools/detector_experiments")
import vision.reader as reader  # noqa: E402
from photo_kinds import found_and_unmatched, labelled_photos, source_boxes  # noqa: E402

RATIO, EXTRA, CONF = 1.1, 3, 0.5    # chosen on build/s11/heaps and the valid split


def confident(look) -> int:
    return int((np.asarray(look.dets.confidence) >= CONF).sum())


def heap_look(main, heap):
    """The heap detector's look when the rule takes it, else the main one's."""
    if main.axis is not None or heap.axis is not None:       # a stretched picture: never
        return main
    n_heap, n_main = confident(heap), confident(main)
    return heap if n_heap >= RATIO * max(n_main, 1) and n_heap - n_main >= EXTRA else main


def main(heap_weights: str, folders: list[Path]) -> None:
    shipped = reader.TileReader(tileness=None)
    heaps = reader.TileReader(detector_weights=heap_weights, tileness=None)
    for folder in folders:
        totals = np.zeros(4, int)
        labelled, switched = 0, []
        for p, img, gt, _ in labelled_photos(folder):
            labelled += len(gt)
            main_look = shipped.look_at(img)
            chosen = heap_look(main_look, heaps.look_at(img))
            if chosen is not main_look:
                switched.append(p.name[:30])
            for k, look in enumerate((main_look, chosen)):
                totals[2 * k: 2 * k + 2] += found_and_unmatched(gt, source_boxes(look))
        print(f"{folder}: {labelled} labelled; without the pass found {totals[0]} "
              f"({100 * totals[0] / max(labelled, 1):.2f} %), matching no label {totals[1]}; with it found "
              f"{totals[2]} ({100 * totals[2] / max(labelled, 1):.2f} %), matching no label {totals[3]}; "
              f"{len(switched)} photos switched {switched[:5]}", flush=True)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], [Path(f) for f in sys.argv[2:]])
