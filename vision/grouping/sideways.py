"""Sideways and stacked tiles: which tiles lie turned relative to their row (from their shape
among their neighbours), and which tile lies on another (an added kong, or a kong shown as three
tiles with the fourth on the middle one)."""
from __future__ import annotations

import dataclasses
import math

from .config import SIDEWAYS_PITCH_MAX, SIDEWAYS_RATIO
from .melds import same_tile
from .rows import TileGeometry, dot


def shape_ratio(g: TileGeometry, d) -> float | None:
    """Extent along the row / extent across it, from the corners, or from the box when the row
    runs close to an image axis (a box says nothing of shape at 45°)."""
    if g.edges:
        along = max(g.edges, key=lambda e: abs(dot(e[:2], d)))
        across = min(g.edges, key=lambda e: abs(dot(e[:2], d)))
        return along[2] / across[2] if across[2] > 0 else None
    x0, y0, x1, y1 = g.box
    w, h = x1 - x0, y1 - y0
    if w <= 0 or h <= 0:
        return None
    c, s = abs(d[0]), abs(d[1])
    if s > c:                       # rows running up the photo: swap the roles of w and h
        w, h, c, s = h, w, s, c
    det = c * c - s * s
    if det < math.cos(math.radians(2 * 25)):
        return None
    # The box of a rectangle a (along) x b (across) turned by the row's angle: w = a c + b s,
    # h = a s + b c; undo the turn.
    a, b = (w * c - h * s) / det, (h * c - w * s) / det
    return a / b if a > 0 and b > 0 else None


def _row_pitches(geos, d) -> list[float | None]:
    """Per tile, the farther of its two neighbours along the row (one each side, within half a
    tile across it), over the photo's median distance between nearest tiles; None at a row's end
    or with too few tiles."""
    n = len(geos)
    if n < 5:
        return [None] * n
    nearest = sorted(min(math.dist(g.c, h.c) for j, h in enumerate(geos) if j != i) for i, g in enumerate(geos))
    unit = nearest[n // 2]
    if unit <= 0:
        return [None] * n
    out: list[float | None] = []
    for g in geos:
        sides = {1: None, -1: None}
        for h in geos:
            r = (h.c[0] - g.c[0], h.c[1] - g.c[1])
            along, across = dot(r, d), abs(-r[0] * d[1] + r[1] * d[0])
            if along == 0 or across > 0.5 * unit or abs(along) > 1.8 * unit:
                continue
            side = 1 if along > 0 else -1
            if sides[side] is None or abs(along) < sides[side]:
                sides[side] = abs(along)
        out.append(max(sides.values()) / unit if None not in sides.values() else None)
    return out


def sideways_from_shapes(tiles, geos, d):
    """Sideways means turned relative to the tile's row, which a reader looking at one box
    cannot know (a tilted camera shortens upright tiles; a turned photo turns every box). The
    shape ratio of a sideways tile is SIDEWAYS_RATIO**2 times that of an upright one whatever
    the tilt, and most tiles stand upright: a tile whose ratio clearly stands out from the
    median of its eight nearest tiles (by more than a factor SIDEWAYS_RATIO) is sideways, one
    clearly in line with them is not; unclear cases keep the reader's flag. Returns (tiles,
    number of flags changed, per tile its log shape ratio over its neighbours' or None)."""
    ratios = [shape_ratio(g, d) for g in geos]
    zs: list[float | None] = [None] * len(tiles)
    if sum(1 for r in ratios if r) < 5:
        ratios = [None] * len(tiles)        # too few shapes to compare: the pitch alone may say
    cut = math.log(SIDEWAYS_RATIO)
    # (only where a tile is flagged: the pitches cost every pair of tiles)
    pitch = _row_pitches(geos, d) if any(t.sideways for t in tiles) else [None] * len(tiles)
    out, changed = [], 0
    for i, (t, r) in enumerate(zip(tiles, ratios)):
        flag = t.sideways
        if flag and r is None and pitch[i] is not None and pitch[i] <= SIDEWAYS_PITCH_MAX:
            # a box that says nothing of its shape (a row near 45°): a tile lying sideways takes a
            # third more of its row, and this one's neighbours on both sides lie a tile's pitch
            # away (a photo turned 35° had a 5s of a standing row read sideways: a pung invented)
            flag = False
        # Compared with the nearest tiles: perspective skews boxes differently across a photo.
        near = sorted((math.dist(geos[i].c, geos[j].c), j) for j in range(len(geos)) if j != i and ratios[j])[:8]
        if r and len(near) >= 4:
            logs = sorted(math.log(ratios[j]) for _, j in near)
            z = math.log(r) - logs[len(logs) // 2]
            zs[i] = z
            # Corners give the true shape; a box adds noise and perspective skew.
            if z > cut + (0.12 if geos[i].edges else 0.2):
                flag = True
            elif z < cut - 0.2:     # boxes that include tile bodies narrow the gap: unflag surely
                flag = False
        if flag != t.sideways:
            changed += 1
            t = dataclasses.replace(t, sideways=flag)
        out.append(t)
    return out, changed, zs



def find_stacked(geos, tiles) -> dict[int, list[int]]:
    """Added kongs: two sideways tiles lying against each other across the row. The one with
    row neighbours (tiles at its level, along the row) is the claimed tile, the other the added
    tile stacked on it; where both have as many (the added tile laid on the claimed one, a
    fraction of a tile further), the lower in the photo is taken as the claimed one: both are the
    same tile, so the kong is the same either way. Also an exposed kong shown as three upright
    tiles with the fourth laid on the middle one. Returns {base tile: [stacked tile]}."""
    def row_neighbours(i):
        """Tiles beside ``i`` along the row, weighted by how level they are with it."""
        return sum(1.0 - abs(dv) for j, du, dv in _around(geos, i) if 0.6 < abs(du) < 1.9 and abs(dv) < 0.5)
    pairs = []
    side = [i for i, t in enumerate(tiles) if t.sideways]
    for a in side:
        for b in side:
            if b <= a:
                continue
            du, dv = _offset(geos, a, b)
            if abs(du) < 0.8 and 0.15 < abs(dv) < 1.6:
                pairs.append((abs(du) + abs(abs(dv) - 1.0), a, b))
    pairs.sort()
    used: set[int] = set()
    out: dict[int, list[int]] = {}
    for _, a, b in pairs:
        if a in used or b in used:
            continue
        na, nb = row_neighbours(a), row_neighbours(b)
        if abs(na - nb) < 0.2:
            if max(na, nb) < 0.5 or abs(_offset(geos, a, b)[1]) >= 0.8:
                continue        # not lying one on the other, or neither in a row
            ga, gb = geos[a], geos[b]
            nrm = (-ga.d[1], ga.d[0])
            na, nb = dot(ga.c, nrm), dot(gb.c, nrm)
        base, top = (a, b) if na > nb else (b, a)
        out[base] = [top]
        used.update((a, b))
    # a kong's fourth tile laid upright on its middle tile: a face-up tile across the row from a
    # tile of its code that has tiles of the row on both sides, one of them of that code too
    upright = [i for i, t in enumerate(tiles) if not t.sideways and not t.face_down and t.code and i not in used]
    for a in upright:
        if a in used:
            continue
        for b in upright:
            if b == a or b in used or not same_tile([tiles[a].code, tiles[b].code]):
                continue
            du, dv = _offset(geos, a, b)
            if abs(du) >= 0.5 or not 0.15 < abs(dv) < 1.0:
                continue
            level = [j for j in _level_neighbours(geos, a) if j != b]
            if len(level) < 2 or row_neighbours(b) > 0.5 \
                    or not any(same_tile([tiles[j].code, tiles[a].code]) for j in level):
                continue
            out[a] = [b]
            used.update((a, b))
            break
    return out


def _offset(geos, a: int, b: int) -> tuple[float, float]:
    """Where tile ``b`` lies from tile ``a``: along ``a``'s row and across it, in ``a``'s widths."""
    ga = geos[a]
    r = (geos[b].c[0] - ga.c[0], geos[b].c[1] - ga.c[1])
    return dot(r, ga.d) / ga.width, dot(r, (-ga.d[1], ga.d[0])) / ga.width


def _around(geos, i):
    """(j, along, across) of every other tile, from tile ``i`` (``_offset``)."""
    return ((j, *_offset(geos, i, j)) for j in range(len(geos)) if j != i)


def _level_neighbours(geos, i) -> list[int]:
    """The tiles beside ``i`` along its row, one on each side at most (level with it)."""
    best = {}
    for j, du, dv in _around(geos, i):
        if 0.6 < abs(du) < 1.9 and abs(dv) < 0.5:
            side = du > 0
            if side not in best or abs(du) < best[side][0]:
                best[side] = (abs(du), j)
    return [j for _, j in best.values()]

