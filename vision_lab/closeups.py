"""Close-ups: a labelled photo folder as a player taking one to three tiles close would have.

A player photographs the dora indicators, one meld or a tile in doubt from a hand's width away:
the tiles fill the picture, several times larger than in any photo of a whole hand. Each photo
of ``source`` gives one close-up: a tile picked at random and up to two of its nearest
neighbours, cut with a margin of a share of a tile around them (what lies in it of the other
tiles stays), enlarged so that its longer side is some hundreds of pixels. A tile is labelled
when at least ``KEEP_INSIDE`` of its box lies in the close-up (its box clipped to it).

    python -m vision_lab.closeups ../shared/data/chinese-mahjong-detection/valid --out build/closeup_valid

Made from the same photos as its source, a close-up set measures one way of taking a photo,
not an unseen physical set."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from scorer.tiles import ALL_CODES

from .capture_settings import folder_copy_main
from .datasets import read_yolo_labels
from .evaluate import _names_for, image_paths

#: Tiles in one close-up (the first picked at random, the others its nearest neighbours).
TILES = (1, 3)
#: The margin around them, in shares of the picked tile's longer side.
MARGIN = (0.15, 0.6)
#: The close-up's longer side, in pixels after enlarging (a phone's photo is read at 1000-2000).
LONG_SIDE = (640, 1600)
#: The share of a tile's box that must lie in the close-up for it to be labelled.
KEEP_INSIDE = 0.5
#: Photos whose labelled boxes' median width / height lies outside this are left out: the
#: shared split's squashed exports (stretched 8-13 times), which no camera takes.
PLAIN_SHAPES = (0.3, 3.0)


def closeup(image: np.ndarray, labels: list, rng) -> tuple[np.ndarray, list] | None:
    """One close-up of ``image`` and its labels ``[(code, (x0, y0, x1, y1))]`` in its pixels; None
    when the photo has no labelled face-up tile or is a squashed export (``PLAIN_SHAPES``)."""
    tiles = [(code, box) for code, box in labels if code != "back"]
    if not tiles:
        return None
    shape = float(np.median([(b[2] - b[0]) / max(1e-6, b[3] - b[1]) for _, b in tiles]))
    if not PLAIN_SHAPES[0] <= shape <= PLAIN_SHAPES[1]:
        return None
    h, w = image.shape[:2]
    centres = np.array([((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for _, b in tiles])
    first = int(rng.integers(len(tiles)))
    n = int(rng.integers(TILES[0], TILES[1] + 1))
    nearest = np.argsort(np.hypot(*(centres - centres[first]).T))[:n]
    boxes = np.array([tiles[i][1] for i in nearest], float)
    x0, y0 = boxes[:, 0].min(), boxes[:, 1].min()
    x1, y1 = boxes[:, 2].max(), boxes[:, 3].max()
    b = tiles[first][1]
    pad = rng.uniform(*MARGIN) * max(b[2] - b[0], b[3] - b[1])
    x0, y0 = int(max(0, np.floor(x0 - pad))), int(max(0, np.floor(y0 - pad)))
    x1, y1 = int(min(w, np.ceil(x1 + pad))), int(min(h, np.ceil(y1 + pad)))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    scale = rng.uniform(*LONG_SIDE) / max(x1 - x0, y1 - y0)
    size = (max(8, round((x1 - x0) * scale)), max(8, round((y1 - y0) * scale)))
    crop = cv2.resize(image[y0:y1, x0:x1], size, interpolation=cv2.INTER_CUBIC)
    sx, sy = size[0] / (x1 - x0), size[1] / (y1 - y0)
    kept = []
    for code, (bx0, by0, bx1, by1) in labels:
        cx0, cy0, cx1, cy1 = max(bx0, x0), max(by0, y0), min(bx1, x1), min(by1, y1)
        area = (bx1 - bx0) * (by1 - by0)
        if cx1 <= cx0 or cy1 <= cy0 or area <= 0 or (cx1 - cx0) * (cy1 - cy0) < KEEP_INSIDE * area:
            continue
        kept.append((code, ((cx0 - x0) * sx, (cy0 - y0) * sy, min(size[0], (cx1 - x0) * sx),
                            min(size[1], (cy1 - y0) * sy))))
    return crop, kept


def write_closeups(source: Path, out: Path, seed: int = 0) -> int:
    """Write one close-up of each photo of ``source`` (a YOLO-format folder, its labels read with
    their errata) to ``out``, labelled by code; returns the number written."""
    source, out = Path(source), Path(out)
    names = _names_for(source)
    classes = list(ALL_CODES) + ["back"]
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(parents=True, exist_ok=True)
    (out / "data.yaml").write_text("names: [" + ", ".join(f"'{c}'" for c in classes) + "]\n")
    rng = np.random.default_rng(seed)
    written = 0
    for path in image_paths(source):
        image = cv2.imread(str(path))
        if image is None:
            continue
        h, w = image.shape[:2]
        made = closeup(image, read_yolo_labels(source / "labels" / (path.stem + ".txt"), names, w, h), rng)
        if made is None:
            continue
        crop, kept = made
        # a name of its own: the source's label errata are applied already, not again by name
        stem = f"closeup_{path.stem}"
        cv2.imwrite(str(out / "images" / f"{stem}.jpg"), crop, [cv2.IMWRITE_JPEG_QUALITY, 92])
        ch, cw = crop.shape[:2]
        lines = [f"{classes.index(code)} {(bx0 + bx1) / 2 / cw:.6f} {(by0 + by1) / 2 / ch:.6f} "
                 f"{(bx1 - bx0) / cw:.6f} {(by1 - by0) / ch:.6f}"
                 for code, (bx0, by0, bx1, by1) in kept if code in classes]
        (out / "labels" / f"{stem}.txt").write_text("\n".join(lines) + ("\n" if lines else ""))
        written += 1
    return written


def main(argv=None) -> int:
    return folder_copy_main(argv, __doc__, write_closeups, "the tiles picked, the margins and the sizes", "close-ups")


if __name__ == "__main__":
    raise SystemExit(main())
