"""Pictures with no tile in them: grain and noise, gravel, printed cloth, stripes and checks,
table tops, rooms and clutter, each through the renderer's photo effects.

Why: a player who points the camera at the table cloth, a carpet or a patterned wall must be told
that no tile was found. The detectors never saw such a picture without tiles, and box grain and
print as tiles (a 640-px picture of random noise: 282 boxes, 55 of them read as tiles, in 14 s).
These pictures give the tile/not-tile probe their detections as non-tiles
(``vision_lab.tileness_fit --tile-free N``) and measure the reader on them:

    python -m vision_lab.synth.tile_free --pictures 60 --seed 1 --out build/tile_free
    mjtable eval build/tile_free

(every read there is a read on no label). Picture i depends on (seed, i) only.
"""
from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np

from .render import add_clutter, photo_effects, table_background
from .surroundings import cloth_texture, room_backdrop

KINDS = ("noise", "gravel", "print", "stripes", "cloth", "room", "clutter")
#: Seeds' second part for these pictures, apart from the capture-mode scenes' (tileness_fit's
#: BODY_SCENE_PART 6) and the evaluation sets' own seeds.
TILE_FREE_PART = 11


def _noise(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    # grain from a pixel to a tile's stroke, grey or coloured, sharp or smooth
    cell = int(rng.choice([1, 1, 2, 3, 5, 8, 13]))
    coloured = rng.random() < 0.6
    small = rng.uniform(0, 255, (max(1, h // cell), max(1, w // cell), 3 if coloured else 1)).astype(np.float32)
    how = cv2.INTER_NEAREST if rng.random() < 0.5 else cv2.INTER_CUBIC
    img = cv2.resize(small, (w, h), interpolation=how).reshape(h, w, -1)
    img = np.broadcast_to(img, (h, w, 3)).astype(np.float32)
    contrast = rng.uniform(0.3, 1.0)
    return 128 + (img - 128) * contrast + rng.uniform(-40, 40, 3).astype(np.float32)


def _gravel(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    # stones, terrazzo, a carpet's tufts: many small blobs of a few colours
    img = np.empty((h, w, 3), np.float32)
    img[:] = rng.uniform(40, 220, 3)
    palette = rng.uniform(0, 255, (int(rng.integers(2, 6)), 3))
    size = rng.uniform(0.006, 0.04) * max(w, h)
    for _ in range(int(rng.uniform(0.4, 1.2) * w * h / (size * size))):
        c = palette[int(rng.integers(len(palette)))] * rng.uniform(0.8, 1.2)
        centre = (int(rng.integers(w)), int(rng.integers(h)))
        axes = (max(1, int(size * rng.uniform(0.3, 0.8))), max(1, int(size * rng.uniform(0.3, 0.8))))
        cv2.ellipse(img, centre, axes, float(rng.uniform(0, 180)), 0, 360, tuple(float(v) for v in c), -1,
                    cv2.LINE_AA)
    return img


def _print(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    # a printed cloth or wallpaper: a motif of petals, rings and strokes repeated on a grid
    img = np.empty((h, w, 3), np.float32)
    img[:] = rng.uniform(30, 235, 3)
    step = int(rng.uniform(0.05, 0.2) * max(w, h))
    inks = rng.uniform(0, 255, (3, 3))
    motif = [(float(rng.uniform(-0.3, 0.3)), float(rng.uniform(-0.3, 0.3)), float(rng.uniform(0.05, 0.25)),
              int(rng.integers(3)), tuple(float(v) for v in inks[int(rng.integers(3))])) for _ in range(6)]
    jitter = rng.random() < 0.5
    for gy in range(-step, h + step, step):
        for gx in range(-step, w + step, step):
            ox, oy = (rng.uniform(-0.2, 0.2, 2) * step) if jitter else (0.0, 0.0)
            for dx, dy, r, shape, ink in motif:
                c = (int(gx + ox + dx * step), int(gy + oy + dy * step))
                rad = max(1, int(r * step))
                if shape == 0:
                    cv2.circle(img, c, rad, ink, -1, cv2.LINE_AA)
                elif shape == 1:
                    cv2.circle(img, c, rad, ink, max(1, rad // 4), cv2.LINE_AA)
                else:
                    cv2.ellipse(img, c, (rad, max(1, rad // 3)), float(dx * 300), 0, 360, ink, -1, cv2.LINE_AA)
    return img


def _stripes(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    # stripes, checks and plaid at any slant
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, np.pi)
    u = xx * np.cos(angle) + yy * np.sin(angle)
    v = -xx * np.sin(angle) + yy * np.cos(angle)
    period = rng.uniform(0.01, 0.12) * max(w, h)
    a, b = rng.uniform(0, 255, 3), rng.uniform(0, 255, 3)
    band = (np.floor(u / period) % 2).astype(np.float32)
    if rng.random() < 0.6:
        band = 0.5 * band + 0.5 * (np.floor(v / (period * rng.uniform(0.5, 2))) % 2)
    return (a * band[..., None] + b * (1 - band[..., None])).astype(np.float32)


def _cloth(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    texture, _ = cloth_texture(rng, 512)
    zoom = rng.uniform(0.5, 2.5)
    side = int(512 * zoom)
    tiled = cv2.resize(texture, (side, side))
    reps = (h // side + 1, w // side + 1, 1)
    return np.tile(tiled, reps)[:h, :w].astype(np.float32)


def tile_free_picture(rng: np.random.Generator, size=(640, 640), kind: str | None = None) -> np.ndarray:
    """One picture (BGR uint8, ``size`` = (width, height)) with no tile in it, of ``kind``
    (default: one of ``KINDS`` at random)."""
    w, h = size
    kind = kind or str(rng.choice(KINDS))
    if kind == "noise":
        img = _noise(rng, w, h)
    elif kind == "gravel":
        img = _gravel(rng, w, h)
    elif kind == "print":
        img = _print(rng, w, h)
    elif kind == "stripes":
        img = _stripes(rng, w, h)
    elif kind == "cloth":
        img = _cloth(rng, w, h)
    elif kind == "room":
        img = room_backdrop(rng, w, h, float(rng.uniform(0.6, 1.0) * h), float(rng.uniform(0.03, 0.08) * w))
    elif kind == "clutter":
        img = table_background((w, h), rng)
        add_clutter(img, rng, int(rng.integers(5, 30)))
    else:
        raise ValueError(f"unknown kind of tile-free picture {kind!r}: one of {', '.join(KINDS)}")
    return photo_effects(np.asarray(img, np.float32), rng)


def write_tile_free(out: Path, n: int, seed: int = 1, size=(640, 640)) -> Path:
    """Write ``n`` tile-free pictures with empty labels to ``out`` (``images/``, ``labels/``,
    ``data.yaml``), the kinds in turn; returns ``out``."""
    from vision.codes import ALL_CODES
    out = Path(out)
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(parents=True, exist_ok=True)
    (out / "data.yaml").write_text("names: [" + ", ".join(f"'{c}'" for c in [*ALL_CODES, "back"]) + "]\n")
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        img = tile_free_picture(np.random.default_rng([seed, TILE_FREE_PART, i]), size, kind)
        cv2.imwrite(str(out / "images" / f"tile_free_{i:04d}_{kind}.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 90])
        (out / "labels" / f"tile_free_{i:04d}_{kind}.txt").write_text("")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m vision_lab.synth.tile_free", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--pictures", type=int, default=70)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", default="640x640", help="WIDTHxHEIGHT (default 640x640)")
    args = ap.parse_args(argv)
    try:
        size = tuple(int(v) for v in args.size.lower().split("x"))
        if len(size) != 2 or min(size) < 32:
            raise ValueError
    except ValueError:
        ap.error(f"--size must be WIDTHxHEIGHT, each at least 32, not {args.size!r}")
    out = write_tile_free(args.out, args.pictures, args.seed, size)
    print(f"wrote {args.pictures} tile-free pictures to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
