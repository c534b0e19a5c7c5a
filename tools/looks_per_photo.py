"""Session 8: reads right per photo, with one look and with the reader's looks (vision/looks.py).

    python tools/looks_per_photo.py valid|test PREFIX [PREFIX ...]

For each photo of the split whose name starts with a PREFIX: labelled tiles, then for one look and
for the looks: (reads right, reads, look chosen, first wrong codes as (label, read))."""
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import vision.reader as reader_module  # noqa: E402
from vision.datasets import read_yolo_labels  # noqa: E402
from vision.evaluate import _names_for, match  # noqa: E402
from vision.reader import TileReader  # noqa: E402


def main(split: str, prefixes: list[str]) -> None:
    folder = Path(f"../shared/data/chinese-mahjong-detection/{split}")
    names = _names_for(folder)
    reader = TileReader()
    for path in sorted((folder / "images").glob("*.jpg")):
        if not any(path.name.startswith(k) for k in prefixes):
            continue
        img = cv2.imread(str(path))
        gt = read_yolo_labels(folder / "labels" / (path.stem + ".txt"), names, img.shape[1], img.shape[0])
        out = []
        for looks in (False, True):
            reader_module.LOOKS = looks
            reads = [r for r in reader.read(str(path)) if not r.face_down]
            pairs = match(np.array([b for _, b in gt]).reshape(-1, 4), np.array([r.box for r in reads]).reshape(-1, 4))
            right = sum(gt[g][0] == reads[p].code for g, p in pairs)
            wrong = [(gt[g][0], reads[p].code) for g, p in pairs if gt[g][0] != reads[p].code]
            look = reader.look_at(reader_module.decode_image(str(path), min_long_side=reader_module.CROP_SOURCE_SIDE).image).name \
                if looks else "as is"
            out.append((right, len(reads), look, wrong[:6]))
        print(path.name[:24], len(gt), *out, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
