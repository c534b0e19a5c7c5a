"""Simple random table layouts for training data: hand rows with melds (gaps, sideways claimed
tiles, concealed kongs with face-down tiles), grids, scattered tiles and piles (tiles pushed
together at any angle, as after a hand is thrown in).

These are not rule-aware hands (grouping's ``vision_lab.hand_layouts`` builds those); they only need to
look like the ways players lay tiles out."""
from __future__ import annotations

import numpy as np

from vision.types import PlacedTile
from .render import TILE_ASPECT

GAP = 0.03


def _pick(rng, codes):
    return str(codes[int(rng.integers(len(codes)))])


def loose_row(rng: np.random.Generator, codes, n: int, p_sideways: float,
              max_extra_gap: float) -> list[PlacedTile]:
    """``n`` tiles in one row with uneven gaps, some turned sideways: crop material for the
    classifier and the calibration evaluation (each tile's own crop matters, not the hand)."""
    tiles, x = [], 0.0
    for _ in range(n):
        code = codes[int(rng.integers(len(codes)))]
        side = rng.random() < p_sideways
        width = TILE_ASPECT if side else 1
        tiles.append(PlacedTile(code, x + width / 2, 0.0, angle=90 if side else 0, sideways=side))
        x += width + GAP + rng.uniform(0, max_extra_gap)
    return tiles


def hand_row(rng: np.random.Generator, codes) -> list[PlacedTile]:
    tiles: list[PlacedTile] = []
    x = 0.0
    n_concealed = int(rng.integers(4, 15))
    for _ in range(n_concealed):
        tiles.append(PlacedTile(_pick(rng, codes), x + 0.5, 0.0))
        x += 1 + GAP
    for m in range(int(rng.integers(0, 4))):
        x += rng.uniform(0.3, 1.2)
        size = int(rng.choice([3, 3, 4]))
        code = _pick(rng, codes)
        kong_down = size == 4 and rng.random() < 0.5
        side_at = -1 if (kong_down or rng.random() < 0.25) else int(rng.integers(size))
        for k in range(size):
            face_down = kong_down and (k in (0, 3) if rng.random() < 0.5 else k in (1, 2))
            if k == side_at:
                # Lying sideways, its long edge along the row, aligned with the row's near edge.
                tiles.append(PlacedTile(None if face_down else code, x + TILE_ASPECT / 2,
                                        (TILE_ASPECT - 1) / 2, angle=90, sideways=True, group=f"meld{m}"))
                x += TILE_ASPECT + GAP
            else:
                tiles.append(PlacedTile(None if face_down else code, x + 0.5, 0.0, face_down=face_down,
                                        group=f"meld{m}"))
                x += 1 + GAP
    if rng.random() < 0.3:  # a second row (bonus tiles, discards) above
        x2 = rng.uniform(0, 2)
        for _ in range(int(rng.integers(1, 8))):
            down = rng.random() < 0.1
            side = rng.random() < 0.1
            tiles.append(PlacedTile(None if down else _pick(rng, codes), x2 + 0.5, -TILE_ASPECT - rng.uniform(0.3, 1.0),
                                    angle=90 if side else 0, sideways=side, face_down=down, group="row2"))
            x2 += (TILE_ASPECT if side else 1) + GAP
    return tiles


def grid(rng: np.random.Generator, codes) -> list[PlacedTile]:
    rows, cols = int(rng.integers(1, 6)), int(rng.integers(2, 10))
    gx, gy = rng.uniform(0.02, 0.6), rng.uniform(0.02, 0.6)
    p_down = rng.choice([0.0, 0.1, 0.5])
    tiles = []
    for r in range(rows):
        for c in range(cols):
            down = rng.random() < p_down
            tiles.append(PlacedTile(None if down else _pick(rng, codes), c * (1 + gx), r * (TILE_ASPECT + gy),
                                    face_down=down, group="grid"))
    return tiles


def _spread(rng: np.random.Generator, n: int, area: float, min_gap: float, tries: int, place) -> list[PlacedTile]:
    """Up to ``n`` tiles at random points of an ``area`` square, no two centres closer than
    ``min_gap``; ``place(x, y)`` makes the tile at a point kept (``tries`` points drawn at most)."""
    tiles: list[PlacedTile] = []
    for _ in range(tries):
        if len(tiles) >= n:
            break
        x, y = rng.uniform(0, area, 2)
        if any((x - t.x) ** 2 + (y - t.y) ** 2 < min_gap ** 2 for t in tiles):
            continue
        tiles.append(place(x, y))
    return tiles


def scattered(rng: np.random.Generator, codes) -> list[PlacedTile]:
    def place(x, y):
        angle = float(rng.choice([0, 0, 0, 90, 180, 270])) + float(rng.uniform(-15, 15))
        down = rng.random() < 0.15
        return PlacedTile(None if down else _pick(rng, codes), x, y, angle=angle,
                          sideways=45 < angle % 180 < 135, face_down=down, group="scattered")
    n = int(rng.integers(1, 25))
    return _spread(rng, n, 2.5 * np.sqrt(n) + 2, 1.8, n * 4, place)


def pile(rng: np.random.Generator, codes, n_range: tuple[int, int] = (8, 39)) -> list[PlacedTile]:
    """Tiles pushed together in a heap at any angle, touching (the detector's hardest real
    photos: a thrown-in hand, most tiles turned 20-70°, models/detector/MODEL_CARD.md): a number
    drawn in ``n_range`` (both included; the default draws 8-39, as before ``--pile-tiles``), of which a
    crowded heap places fewer (``_spread`` gives up on points with no room: about 90 % of 70-90
    drawn, 109 of 140)."""
    def place(x, y):
        angle = float(rng.uniform(0, 360))
        down = rng.random() < 0.15
        return PlacedTile(None if down else _pick(rng, codes), x, y, angle=angle,
                          sideways=45 < angle % 180 < 135, face_down=down, group="pile")
    n = int(rng.integers(n_range[0], n_range[1] + 1))
    # Centres closer than a tile's width would put one tile inside another (no stacking).
    return _spread(rng, n, 1.25 * np.sqrt(n) + 1, 1.15, n * 6, place)


LAYOUTS = {"hand": hand_row, "grid": grid, "scattered": scattered, "pile": pile}
#: Layout draws of ``random_layout`` (a name listed twice is drawn twice as often).
DEFAULT_MIX = ("hand", "hand", "grid", "scattered")


def random_layout(rng: np.random.Generator, codes, mix=DEFAULT_MIX) -> list[PlacedTile]:
    kind = rng.choice(list(mix))
    return LAYOUTS[str(kind)](rng, codes)
