"""What the reader's blank-face rule (vision/blanks.py, ``ReaderConfig.blank_backs``) changes.

    python -m vision_lab.blank_faces FOLDER [FOLDER...]

reads each labelled photo folder (YOLO layout, as ``mjtable eval``) with the rule off and on and
prints, per folder: the labelled white dragons read right, the 5z reads on no labelled tile, and
the reads the rule turned face down (on a labelled tile of any code: a loss; on none: a gain).
"""
from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from vision.detections import box_iou
from vision.reader import TileReader

from .evaluate import image_paths, labelled_images

MATCH_IOU = 0.5   # as mjtable eval matches a read to a label


def _on_label(box, labels) -> str | None:
    if not labels:
        return None
    overlaps = box_iou([box], [b for _, b in labels])[0]
    k = int(overlaps.argmax())
    return labels[k][0] if overlaps[k] >= MATCH_IOU else None


def compare(folder: Path, reader: TileReader) -> dict:
    """Counts for ``folder`` read by ``reader`` with the rule off, then on (its config is put
    back after)."""
    kept = reader.config
    off, on = replace(kept, blank_backs=False), replace(kept, blank_backs=True)
    counts = {"photos": 0, "white_right_off": 0, "white_right_on": 0, "white_on_no_tile_off": 0,
              "white_on_no_tile_on": 0, "turned_down_on_no_tile": 0, "turned_down_on_a_tile": 0}
    for path, _image, labels in labelled_images(folder, image_paths(folder)):
        counts["photos"] += 1
        down = []
        for key, config in (("off", off), ("on", on)):
            reader.config = config
            reads = reader.read(str(path))
            for r in reads:
                if r.code == "5z":
                    under = _on_label(r.box, labels)
                    counts[f"white_right_{key}"] += under == "5z"
                    counts[f"white_on_no_tile_{key}"] += under is None
            if key == "off":
                down = [r.box for r in reads if r.face_down]
                continue
            for r in reads:
                if r.face_down and not (down and box_iou([r.box], down).max() > 0.9):
                    under = _on_label(r.box, labels)
                    counts["turned_down_on_a_tile" if under else "turned_down_on_no_tile"] += 1
    reader.config = kept
    return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+", type=Path)
    args = ap.parse_args(argv)
    reader = TileReader()
    for folder in args.folders:
        c = compare(folder, reader)
        print(f"{folder}: {c['photos']} photos; white dragons read right {c['white_right_off']} -> {c['white_right_on']}; "
              f"5z on no tile {c['white_on_no_tile_off']} -> {c['white_on_no_tile_on']}; turned face down: "
              f"{c['turned_down_on_no_tile']} on no labelled tile, {c['turned_down_on_a_tile']} on a labelled tile",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
