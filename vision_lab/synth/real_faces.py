"""Tile faces cut from real photos, for scenes composed from real tile appearance (the reading
report, docs/grouping.md).

``load_real_faces(split)`` cuts every labelled tile of a split of the photo dataset
("chinese-mahjong-detection v4, riichimahjongdetection (Roboflow Universe), CC BY 4.0", read in
place from ../shared, never copied into the repository) into a pool code → [face images];
``real_face_style(pool, rng)`` makes a renderer :class:`TileStyle` whose faces are those cuts, one
photo per code and scene (every copy of a code looks alike, as in one physical set), drawn over
the whole top face of the renderer's tile bodies with no recolouring.

A labelled box holds the whole tile as photographed (face, some of its sides), so a cut is kept
only when it stands upright (portrait box, a tile lying sideways or at an angle is left out) and
is large enough to show its face. The photos have no red fives and no face-down tiles.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from .artwork import FACE_SIZE, Style
from .render import TileStyle

MIN_WIDTH = 24                 # pixels (the photos are 640 x 640)
ASPECT_RANGE = (1.15, 1.75)    # height / width of an upright tile's box (face 4:3, plus its side)


@lru_cache(maxsize=4)
def load_real_faces(split: str = "train", data_root: str | None = None) -> dict[str, list[np.ndarray]]:
    """code → face cuts (BGRA, ``FACE_SIZE``) from the labelled boxes of one split."""
    from ..datasets import DEFAULT_SHARED, PHOTOS, photo_names, read_yolo_labels
    root = Path(data_root) if data_root else DEFAULT_SHARED
    folder = root / PHOTOS / split
    if not (folder / "images").is_dir():
        raise FileNotFoundError(f"no photo split at {folder} (scenes from real tile photos read "
                                "../shared/data/chinese-mahjong-detection in place)")
    names = photo_names(root)
    pool: dict[str, list[np.ndarray]] = {}
    for img_path in sorted((folder / "images").glob("*.jpg")):
        img = cv2.imread(str(img_path))
        if img is None:
            continue
        h, w = img.shape[:2]
        for code, (x0, y0, x1, y1) in read_yolo_labels(folder / "labels" / (img_path.stem + ".txt"), names, w, h):
            bw, bh = x1 - x0, y1 - y0
            if bw < MIN_WIDTH or not ASPECT_RANGE[0] <= bh / max(bw, 1e-6) <= ASPECT_RANGE[1]:
                continue
            ix0, iy0 = max(0, int(round(x0))), max(0, int(round(y0)))
            ix1, iy1 = min(w, int(round(x1))), min(h, int(round(y1)))
            if ix1 - ix0 < MIN_WIDTH or iy1 <= iy0:
                continue
            face = cv2.resize(img[iy0:iy1, ix0:ix1], FACE_SIZE, interpolation=cv2.INTER_AREA)
            pool.setdefault(code, []).append(np.dstack([face, np.full(face.shape[:2], 255, np.uint8)]))
    if not pool:
        raise FileNotFoundError(f"no usable labelled tile in {folder}")
    return pool


def real_face_style(pool: dict[str, list[np.ndarray]], rng: np.random.Generator) -> TileStyle:
    """A tile set for one scene: one real cut per code, bodies coloured like the cuts' borders."""
    faces = {code: cuts[int(rng.integers(len(cuts)))] for code, cuts in sorted(pool.items())}
    border = np.vstack([np.vstack([f[:6, :, :3].reshape(-1, 3), f[-6:, :, :3].reshape(-1, 3)])
                        for f in faces.values()])
    body = tuple(int(c) for c in np.median(border, axis=0))
    back = tuple(int(c) for c in rng.integers(20, 200, 3))
    return TileStyle(art=Style("real_photos", faces), body=body, back=back, hue=0.0, sat=1.0, val=1.0,
                     stroke=0, face_scale=1.0, thickness=float(rng.uniform(0.45, 0.85)),
                     layered=bool(rng.random() < 0.6))
