"""Grouping: tiles read from a photo → the hand as it is laid out (docs/grouping.md).

``group(tiles, **hints)`` rebuilds rows and gaps from the tiles' geometry (tile size as the unit,
so perspective and photo rotation do not matter), then chooses the most plausible reading of the
table: which row holds the standing tiles, the winning tile set apart at its right, the exposed
melds (sideways claimed tile → who discarded, face-down pair → concealed kong, a sideways tile
with another against it → added kong), flowers and seasons, the dora-indicator row. Conventions
are those laid out by :mod:`vision_lab.hand_layouts` (its docstring cites the table practice).

The result, :class:`HandReading`, holds the hand JSON of the scoring core (or None), a confidence
per decision, warnings a person can act on, and per-tile links so a UI can highlight and correct.
No scoring here: ``vision`` only uses ``scorer``'s tile types (README, "Data flow and
layout"; checked by tests/structure/test_layers.py).
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

from scorer import tiles as T
from scorer.errors import HandError
from scorer.hand import Hand

from .types import TileRead

SPLIT_GAP = 0.5          # a gap wider than this (in tile widths) separates groups
MAX_LINK_GAP = 3.5       # tiles further apart along a row than this are not one row
SIDEWAYS_RATIO = 1.35    # long side / short side of a tile face (vision_lab.hand_layouts.TILE_H)
GAP_SOFTNESS = 0.08      # how sharply the confidence of a gap decision rises around SPLIT_GAP


@dataclass
class HandReading:
    """What grouping made of the tiles.

    ``hand``: hand JSON (``scorer.Hand.from_dict`` accepts it) or None when the tiles do not make
    a hand as read; ``slots``: which tile (index into the input list) fills each place of the
    hand, for consistency decoding and corrections; ``groups`` and ``links``: the layout found
    (per group: kind, tiles, meld), per tile: its group and role; ``decisions``: each choice with
    a confidence in 0..1; ``warnings``: sentences a person can act on."""
    hand: dict | None
    slots: dict
    groups: list[dict]
    links: list[dict]
    decisions: list[dict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    confidence: float = 0.0

    def to_dict(self) -> dict:
        return {"hand": self.hand, "slots": self.slots, "groups": self.groups, "links": self.links,
                "decisions": self.decisions, "warnings": list(self.warnings),
                "confidence": round(self.confidence, 4)}


# -- geometry ------------------------------------------------------------------------------------

def _unit(vx, vy):
    n = math.hypot(vx, vy)
    return (vx / n, vy / n) if n > 1e-9 else (1.0, 0.0)


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


@dataclass
class _Geo:
    c: tuple[float, float]
    edges: list[tuple[float, float, float]]   # (ux, uy, length) of the two edge directions
    box: tuple[float, float, float, float]
    width: float = 0.0                        # tile width in pixels (short side, unforeshortened)
    extent: float = 0.0                       # extent along its row in pixels
    d: tuple[float, float] = (1.0, 0.0)       # local row direction
    up: tuple[float, float] | None = None     # bottom → top of the face, when corners are ordered


def _geometry(t: TileRead) -> _Geo:
    x0, y0, x1, y1 = t.box
    if t.corners and len(t.corners) == 4:
        p = [tuple(map(float, q)) for q in t.corners]
        c = (sum(q[0] for q in p) / 4, sum(q[1] for q in p) / 4)
        e1 = ((p[1][0] - p[0][0] + p[2][0] - p[3][0]) / 2, (p[1][1] - p[0][1] + p[2][1] - p[3][1]) / 2)
        e2 = ((p[2][0] - p[1][0] + p[3][0] - p[0][0]) / 2, (p[2][1] - p[1][1] + p[3][1] - p[0][1]) / 2)
        edges = [(*_unit(*e), math.hypot(*e)) for e in (e1, e2)]
        up = _unit(-e2[0], -e2[1])   # corners top-left, top-right, bottom-right, bottom-left
        return _Geo(c, edges, t.box, up=up)
    return _Geo(((x0 + x1) / 2, (y0 + y1) / 2), [], t.box)


def _row_direction(geos: list[_Geo]) -> tuple[float, float]:
    """Dominant row direction (mod 180°) from each tile's nearest neighbour, refined by the
    tiles' own edges when their corners are known."""
    if len(geos) < 2:
        return (1.0, 0.0)
    votes = []
    for i, g in enumerate(geos):
        best = min((math.dist(g.c, h.c), j) for j, h in enumerate(geos) if j != i)
        h = geos[best[1]]
        a = math.atan2(h.c[1] - g.c[1], h.c[0] - g.c[0])
        votes.append(a)

    def mean_dir(angles, around=None):
        sx = sy = 0.0
        for a in angles:
            if around is not None:
                diff = (a - around + math.pi / 2) % math.pi - math.pi / 2
                if abs(diff) > math.radians(30):
                    continue
            sx += math.cos(2 * a)
            sy += math.sin(2 * a)
        return math.atan2(sy, sx) / 2
    a0 = mean_dir(votes)
    a1 = mean_dir(votes, a0)
    edge_angles = []
    for g in geos:
        for ux, uy, _ in g.edges:
            edge_angles.append(math.atan2(uy, ux))
    if edge_angles:
        a1 = mean_dir(edge_angles, a1)
    d = (math.cos(a1), math.sin(a1))
    return d if d[0] >= -1e-9 else (-d[0], -d[1])


def _measure(g: _Geo, t: TileRead, d_glob):
    """Local row direction, tile width and extent along the row, in pixels."""
    if g.edges:
        along = max(g.edges, key=lambda e: abs(_dot(e[:2], d_glob)))
        across = min(g.edges, key=lambda e: abs(_dot(e[:2], d_glob)))
        d = along[:2] if _dot(along[:2], d_glob) >= 0 else (-along[0], -along[1])
        g.d = d
        g.extent = along[2]
        g.width = along[2] / SIDEWAYS_RATIO if t.sideways else along[2]
        if t.sideways:
            g.width = max(g.width, across[2] * 0.75)
        return
    x0, y0, x1, y1 = g.box
    w, h = x1 - x0, y1 - y0
    c, s = abs(d_glob[0]), abs(d_glob[1])
    det = c * c - s * s
    a = (w * c - h * s) / det if abs(det) > 0.3 else 0.0
    if a <= 0:
        ratio = 1 / SIDEWAYS_RATIO if t.sideways else SIDEWAYS_RATIO
        a = w / (c + ratio * s) if c >= s else h / (s + ratio * c)
    g.d = d_glob
    g.extent = a
    g.width = a / SIDEWAYS_RATIO if t.sideways else a


def _chains(geos, tiles, d_glob):
    """Rows as chains of tiles linked to their neighbour along the row (greedy, closest first)."""
    n = len(geos)
    cands = []
    for i in range(n):
        gi = geos[i]
        ni = (-gi.d[1], gi.d[0])
        for j in range(n):
            if i == j:
                continue
            gj = geos[j]
            s = (gi.width + gj.width) / 2
            r = (gj.c[0] - gi.c[0], gj.c[1] - gi.c[1])
            du, dv = _dot(r, gi.d) / s, _dot(r, ni) / s
            if du < 0.45 or abs(dv) > 0.6 + 0.1 * du:
                continue
            gap = (_dot(r, gi.d) - (gi.extent + gj.extent) / 2) / s
            if gap > MAX_LINK_GAP:
                continue
            cands.append((du + 2 * abs(dv), i, j, gap))
    cands.sort()
    right, left = {}, {}
    chain_of = list(range(n))

    def find(a):
        while chain_of[a] != a:
            chain_of[a] = chain_of[chain_of[a]]
            a = chain_of[a]
        return a
    gaps = {}
    for _, i, j, gap in cands:
        if i in right or j in left or find(i) == find(j):
            continue
        right[i], left[j] = j, i
        gaps[(i, j)] = gap
        chain_of[find(i)] = find(j)
    chains = []
    for i in range(n):
        if i in left:
            continue
        chain = [i]
        while chain[-1] in right:
            chain.append(right[chain[-1]])
        chains.append(chain)
    return chains, gaps


def _shape_ratio(g: _Geo, d) -> float | None:
    """Extent along the row / extent across it, from the corners, or from the box when the row
    runs close to an image axis (a box says nothing of shape at 45°)."""
    if g.edges:
        along = max(g.edges, key=lambda e: abs(_dot(e[:2], d)))
        across = min(g.edges, key=lambda e: abs(_dot(e[:2], d)))
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


def _sideways_from_shapes(tiles, geos, d):
    """Sideways means turned relative to the tile's row, which a reader looking at one box
    cannot know (a tilted camera shortens upright tiles; a turned photo turns every box). The
    shape ratio of a sideways tile is SIDEWAYS_RATIO**2 times that of an upright one whatever
    the tilt, and most tiles stand upright: a tile whose ratio clearly stands out from the
    median of its eight nearest tiles (by more than a factor SIDEWAYS_RATIO) is sideways, one
    clearly in line with them is not; unclear cases keep the reader's flag. Returns (tiles,
    number of flags changed, per tile its log shape ratio over its neighbours' or None)."""
    ratios = [_shape_ratio(g, d) for g in geos]
    zs: list[float | None] = [None] * len(tiles)
    if sum(1 for r in ratios if r) < 5:
        return tiles, 0, zs
    cut = math.log(SIDEWAYS_RATIO)
    out, changed = [], 0
    for i, (t, r) in enumerate(zip(tiles, ratios)):
        flag = t.sideways
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


def _pitch_widths(members, geos, tiles):
    """Boxes only: a box is wider than its tile when the tile is seen obliquely (perspective
    skew, rotation), so measure the tile width by the spacing of touching neighbours instead:
    the median centre spacing of the touching pairs (those within 30% of the row's tight
    spacings) among the nearest eight, each scaled by the pair's expected pitch (a sideways tile
    is SIDEWAYS_RATIO wide along the row)."""
    if len(members) < 3:
        return
    factor = [SIDEWAYS_RATIO if tiles[i].sideways else 1.0 for i in members]
    pitches = []
    for k in range(len(members) - 1):
        a, b = geos[members[k]], geos[members[k + 1]]
        pitches.append(math.dist(a.c, b.c) / ((factor[k] + factor[k + 1]) / 2))
    # Touching pairs: pitches close to the tightest ones (gaps between melds are far wider).
    tight = sorted(pitches)[len(pitches) // 4]
    touching = [p if p < 1.3 * tight else None for p in pitches]
    for k, i in enumerate(members):
        window = [p for p in touching[max(0, k - 4):k + 4] if p is not None]
        if len(window) < 2:
            window = pitches[max(0, k - 2):k + 2]
            if len(window) < 2:
                continue
            est = min(window)
        else:
            window.sort()
            est = window[len(window) // 2]
        g = geos[i]
        if est < 1.8 * g.width:
            g.width = est
            g.extent = est * factor[k]


def _find_stacked(geos, tiles) -> dict[int, list[int]]:
    """Added kongs: two sideways tiles lying against each other across the row. The one with
    row neighbours (tiles at its level, along the row) is the claimed tile, the other the added
    tile stacked on it. Returns {base tile: [stacked tile]}."""
    def row_neighbours(i):
        """Tiles beside ``i`` along the row, weighted by how level they are with it."""
        g = geos[i]
        nrm = (-g.d[1], g.d[0])
        count = 0.0
        for j, h in enumerate(geos):
            if j == i:
                continue
            r = (h.c[0] - g.c[0], h.c[1] - g.c[1])
            du, dv = abs(_dot(r, g.d)) / g.width, abs(_dot(r, nrm)) / g.width
            if 0.6 < du < 1.9 and dv < 0.5:
                count += 1.0 - dv
        return count
    pairs = []
    side = [i for i, t in enumerate(tiles) if t.sideways]
    for a in side:
        for b in side:
            if b <= a:
                continue
            ga = geos[a]
            nrm = (-ga.d[1], ga.d[0])
            r = (geos[b].c[0] - ga.c[0], geos[b].c[1] - ga.c[1])
            du, dv = _dot(r, ga.d) / ga.width, _dot(r, nrm) / ga.width
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
            continue
        base, top = (a, b) if na > nb else (b, a)
        out[base] = [top]
        used.update((a, b))
    return out


def _gap_conf(gap: float) -> float:
    """Confidence that a gap was read on the right side of SPLIT_GAP."""
    return 1 / (1 + math.exp(-abs(gap - SPLIT_GAP) / GAP_SOFTNESS))


# -- melds ---------------------------------------------------------------------------------------

def _same(codes):
    return all(c is not None for c in codes) and len({T.normalize(c) for c in codes}) == 1


def _is_chow(codes):
    if any(c is None or T.is_bonus(c) for c in codes):
        return False
    idx = sorted(T.index(c) for c in codes)
    return codes[0][1] in T.NUMBER_SUITS and len({c[1] for c in codes}) == 1 and idx == [idx[0], idx[0] + 1, idx[0] + 2]


def _chunk(tiles, chunk, stacked, zs=None):
    """Score and describe a run of 3 or 4 tiles read as one meld: 0 for a meld whose tiles agree,
    -2 when the codes as read do not make that meld (a misread the decoder may fix), None for a
    shape no meld has. A plain meld earns nothing, so that more melds never look better.
    ``zs``: per tile, how much wider along the row it looks than its neighbours (log ratio):
    settles which tile is the sideways one when the flags say two or none."""
    fd = [tiles[i].face_down for i in chunk]
    sw = [tiles[i].sideways for i in chunk]
    on = [stacked.get(i, []) for i in chunk]
    n_stacked = sum(len(s) for s in on)
    codes = [tiles[i].code for i in chunk]
    meld = {"tiles": list(chunk), "stacked": [s for i in chunk for s in stacked.get(i, [])]}
    if any(fd):
        pattern = tuple(fd)
        if len(chunk) == 4 and pattern in ((True, False, False, True), (False, True, True, False)) \
                and not n_stacked:
            up = [c for c, f in zip(codes, fd) if not f]
            meld.update(kind="concealed_kong", face_down=[chunk[k] for k in range(4) if fd[k]])
            return 0.5 + (0.0 if _same(up) else -2.0), meld
        return -8.0, None
    if n_stacked:
        base = [k for k, s in enumerate(on) if s]
        if len(chunk) == 3 and n_stacked == 1:
            meld.update(kind="added_kong", sideways_at=base[0])
            allc = codes + [tiles[on[base[0]][0]].code]
            return 0.5 + (0.0 if _same(allc) else -2.0), meld
        return -8.0, None
    z = [zs[i] if zs else None for i in chunk]
    penalty = 0.0
    if sum(sw) > 1:
        # One claimed tile per meld: the one that looks widest along the row.
        flagged = [k for k in range(len(chunk)) if sw[k]]
        if any(z[k] is None for k in flagged):
            return -4.0, None
        at = max(flagged, key=lambda k: z[k])
        penalty = -0.5
    elif any(sw):
        at = sw.index(True)
    else:
        at = None
        known = [v for v in z if v is not None]
        if len(known) == len(chunk):
            k = max(range(len(chunk)), key=lambda k: z[k])
            rest = sorted(z[m] for m in range(len(chunk)) if m != k)
            if z[k] - rest[len(rest) // 2] > 0.3:   # clearly wider than its meld-mates
                at = k
    if len(chunk) == 4:
        meld.update(kind="kong", sideways_at=at)
        return penalty + (0.0 if _same(codes) else -2.0), meld
    meld.update(kind="set", sideways_at=at)
    return penalty + (0.0 if (_same(codes) or _is_chow(codes)) else -2.0), meld


def _segment(tiles, group, stacked, claims_sideways, zs=None):
    """Best split of a group of tiles into melds of 3 or 4 (touching melds share a group).
    Returns (score, melds, margin to the next best split)."""
    n = len(group)
    results = []

    def rec(pos, acc_score, acc):
        if pos == n:
            results.append((acc_score, list(acc)))
            return
        for size in (3, 4):
            if pos + size <= n:
                sc, m = _chunk(tiles, group[pos:pos + size], stacked, zs)
                if m is None:
                    continue
                acc.append(m)
                rec(pos + size, acc_score + sc, acc)
                acc.pop()
    if n <= 20:
        rec(0, 0.0, [])
    if not results:
        return -8.0, None, 0.0
    scored = []
    for sc, melds in results:
        if claims_sideways:
            # Riichi style: each claimed meld shows one sideways tile (002 §2).
            sc -= 1.5 * sum(1 for m in melds if m["kind"] in ("set", "kong") and m.get("sideways_at") is None)
        scored.append((sc, melds))
    scored.sort(key=lambda r: -r[0])
    margin = scored[0][0] - scored[1][0] if len(scored) > 1 else 9.0
    return scored[0][0], scored[0][1], margin


# -- interpretation --------------------------------------------------------------------------------

def _from_position(pos, size):
    if pos is None:
        return None
    if pos == 0:
        return "left"
    return "right" if pos == size - 1 else "across"


def group(tiles: list[TileRead], *, rules: str | None = None, rotation: float | None = None,
          winning_apart: bool = True, dora_row: bool | None = None,
          claims_sideways: bool | None = None) -> HandReading:
    """Rebuild the hand laid out in ``tiles`` (see the module docstring).

    Layout hints: ``rules`` (riichi enables the dora-indicator row and sideways claims),
    ``rotation`` the photo's rotation in degrees counter-clockwise if known (else found from the
    layout), ``winning_apart`` whether the winning tile was set apart, ``dora_row`` True/False to
    force or forbid a dora-indicator row, ``claims_sideways`` whether claimed tiles are turned
    sideways (default: riichi, or any sideways tile seen)."""
    if not isinstance(tiles, (list, tuple)) or not all(isinstance(t, TileRead) for t in tiles):
        raise TypeError("group() takes a list of vision.TileRead")
    keep, duplicates = _deduplicate(list(tiles))
    reading = _group([tiles[i] for i in keep], rules=rules, rotation=rotation, winning_apart=winning_apart,
                     dora_row=dora_row, claims_sideways=claims_sideways)
    if not duplicates:
        return reading
    return _reindex(reading, keep, duplicates, len(tiles), tiles)


def _iou(a, b) -> float:
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[2], b[2]), min(a[3], b[3])
    inter = max(0.0, x1 - x0) * max(0.0, y1 - y0)
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def _deduplicate(tiles):
    """A tile detected twice (boxes overlapping by more than 60%): keep the surer read.
    Returns the indices kept and {duplicate: the index kept in its place}."""
    order = sorted(range(len(tiles)), key=lambda i: -tiles[i].confidence)
    keep: list[int] = []
    duplicates: dict[int, int] = {}
    for i in order:
        # Two sideways tiles overlapping may be an added kong's tiles, one on the other.
        twin = next((k for k in keep if _iou(tiles[i].box, tiles[k].box) > 0.6
                     and not (tiles[i].sideways and tiles[k].sideways)), None)
        if twin is None:
            keep.append(i)
        else:
            duplicates[i] = twin
    return sorted(keep), duplicates


def _reindex(reading: HandReading, keep, duplicates, n, tiles) -> HandReading:
    """Indices of the deduplicated list → indices of the caller's list."""
    def m(i):
        return keep[i] if isinstance(i, int) else i
    slots = dict(reading.slots)
    for key in ("concealed", "bonus", "dora"):
        if key in slots:
            slots[key] = [m(i) for i in slots[key]]
    if slots.get("winning") is not None:
        slots["winning"] = m(slots["winning"])
    slots["melds"] = [{**ms, "tiles": [m(i) for i in ms["tiles"]]} for ms in slots.get("melds", [])]
    groups = []
    for g in reading.groups:
        g = {**g, "tiles": [m(i) for i in g["tiles"]]}
        if "meld" in g:
            g["meld"] = {**g["meld"], "tiles": [m(i) for i in g["meld"]["tiles"]]}
        groups.append(g)
    links = [None] * n
    for link in reading.links:
        links[m(link["tile"])] = {**link, "tile": m(link["tile"])}
    for i, twin in duplicates.items():
        links[i] = {"tile": i, "group": None, "role": "duplicate", "of": twin}
    warnings = list(reading.warnings) + [
        f"{len(duplicates)} tile(s) were detected twice at the same place; the surer read was kept"]
    return HandReading(reading.hand, slots, groups, links, reading.decisions, warnings, reading.confidence)


def _group(tiles: list[TileRead], *, rules, rotation, winning_apart, dora_row, claims_sideways) -> HandReading:
    warnings: list[str] = []
    decisions: list[dict] = []
    if not tiles:
        return HandReading(None, {}, [], [], [], ["no tiles found in the photo"], 0.0)
    n_side = sum(1 for t in tiles if t.sideways)
    if len(tiles) >= 6 and n_side > len(tiles) / 2:
        # Most tiles "sideways": the reader judged them against the photo, not their row (a
        # photo taken turned by 90°). Sideways is relative to the row, so flip every flag.
        tiles = [dataclasses.replace(t, sideways=not t.sideways) for t in tiles]
        warnings.append(f"{n_side} of {len(tiles)} tiles were reported sideways: read as a photo turned "
                        "by 90°, with the other tiles as the sideways ones")
    geos = [_geometry(t) for t in tiles]
    d_glob = _row_direction(geos)
    # Seen very obliquely, rows in front of each other come as close as tiles side by side:
    # keep the direction (or its perpendicular) along which the tiles link into fewer rows.
    best = None
    for d_try in (d_glob, (-d_glob[1], d_glob[0]) if d_glob[1] < 0 else (d_glob[1], -d_glob[0])):
        for g, t in zip(geos, tiles):
            _measure(g, t, d_try)
        n_rows = len(_chains(geos, tiles, d_try)[0])
        if best is None or n_rows < best[0]:
            best = (n_rows, d_try)
    d_glob = best[1]
    tiles, corrected, zs = _sideways_from_shapes(tiles, geos, d_glob)
    if corrected:
        warnings.append(f"{corrected} tile(s) had their sideways flag set from their shape in the row "
                        "(the reader judged it against the photo's edges)")
    for g, t in zip(geos, tiles):
        _measure(g, t, d_glob)
    unit = sorted(g.width for g in geos)[len(geos) // 2]
    stacked = _find_stacked(geos, tiles)
    on_top = {k for ks in stacked.values() for k in ks}
    keep = [i for i in range(len(tiles)) if i not in on_top]
    sub_chains, sub_gaps = _chains([geos[i] for i in keep], [tiles[i] for i in keep], d_glob)
    if not any(g.edges for g in geos):
        # Boxes only: follow curved rows by measuring each tile against its row's local direction
        # (players align tiles with their row), then link again with the better widths.
        for ch in sub_chains:
            members = [keep[i] for i in ch]
            for k, i in enumerate(members):
                window = [geos[m].c for m in members[max(0, k - 2):k + 3]]
                if len(window) < 2:
                    continue
                local = _unit(window[-1][0] - window[0][0], window[-1][1] - window[0][1])
                if _dot(local, d_glob) < 0:
                    local = (-local[0], -local[1])
                _measure(geos[i], tiles[i], local)
            _pitch_widths(members, geos, tiles)
        sub_chains, sub_gaps = _chains([geos[i] for i in keep], [tiles[i] for i in keep], d_glob)
    chains = [[keep[i] for i in ch] for ch in sub_chains]
    gaps = {(keep[a], keep[b]): g for (a, b), g in sub_gaps.items()}

    if claims_sideways is None:
        claims_sideways = rules == "riichi" or any(t.sideways for t in tiles)
    allow_dora = dora_row if dora_row is not None else (rules in (None, "riichi"))

    signs = (1, -1)
    if rotation is not None:
        r = math.radians(rotation)
        want = (math.cos(r), -math.sin(r))
        signs = (1,) if _dot(want, d_glob) >= 0 else (-1,)

    interpretations = []
    for sign in signs:
        interpretations.extend(_interpretations(tiles, geos, chains, gaps, stacked, d_glob, sign, unit,
                                                rules, winning_apart, allow_dora, dora_row, claims_sideways, zs))
    if not interpretations:
        return HandReading(None, {}, [], [{"tile": i, "group": None, "role": "unassigned"} for i in range(len(tiles))],
                           [], ["could not find the standing tiles"], 0.0)
    interpretations.sort(key=lambda it: -it["score"])
    best = interpretations[0]
    # Confidence of the layout reading: softmax of the best against distinct alternatives.
    seen = {best["signature"]}
    alts = []
    for it in interpretations[1:]:
        if it["signature"] not in seen:
            seen.add(it["signature"])
            alts.append(it)
    z = 1.0 + sum(math.exp(min(50.0, it["score"] - best["score"])) for it in alts)
    confidence = 1.0 / z
    opposite = [it for it in interpretations if it["sign"] != best["sign"]]
    if opposite:
        dir_conf = 1 / (1 + math.exp(opposite[0]["score"] - best["score"]))
    else:
        dir_conf = 1.0
    d = (d_glob[0] * best["sign"], d_glob[1] * best["sign"])
    decisions.append({"what": "row direction", "value": round(math.degrees(math.atan2(-d[1], d[0])), 1),
                      "confidence": round(dir_conf, 4),
                      "note": "angle of the rows (left to right) in the photo, counter-clockwise"})
    reading = _build(tiles, best, stacked, warnings, decisions, gaps)
    reading.confidence = confidence
    if alts and best["score"] - alts[0]["score"] < 2.0:
        reading.warnings.append(_describe_alternative(best, alts[0]))
    return reading


def _interpretations(tiles, geos, chains, gaps, stacked, d_glob, sign, unit, rules, winning_apart,
                     allow_dora, dora_row, claims_sideways, zs=None):
    d = (d_glob[0] * sign, d_glob[1] * sign)
    nrm = (-d[1], d[0])  # towards the player
    rows = []
    for ch in chains:
        ordered = ch if sign > 0 else list(reversed(ch))
        groups, cur, split_gaps = [], [ordered[0]], []
        for a, b in zip(ordered, ordered[1:]):
            gap = gaps.get((a, b), gaps.get((b, a), 0.0))
            if gap > SPLIT_GAP:
                groups.append(cur)
                split_gaps.append(gap)
                cur = [b]
            else:
                cur.append(b)
        groups.append(cur)
        v = sum(_dot(geos[i].c, nrm) for i in ch) / len(ch) / unit
        rows.append({"tiles": ordered, "groups": groups, "gaps": split_gaps, "v": v})

    def is_bonus(i):
        return tiles[i].code is not None and T.is_bonus(tiles[i].code)

    # Cues that do not depend on the reading: image prior, sideways alignment, corner order.
    cue = 0.6 * d[0]
    align = 0.0
    for row in rows:
        tl = row["tiles"]
        for k, i in enumerate(tl):
            # Only tiles surely sideways: their offset says which side the player sits on.
            if not tiles[i].sideways or (zs and zs[i] is not None and zs[i] < math.log(SIDEWAYS_RATIO) + 0.12):
                continue
            nb = [tl[m] for m in (k - 1, k + 1) if 0 <= m < len(tl) and not tiles[tl[m]].sideways
                  and not tiles[tl[m]].face_down]
            if nb:
                off = _dot(geos[i].c, nrm) - sum(_dot(geos[m].c, nrm) for m in nb) / len(nb)
                align += 0.4 if off > 0 else -0.4
    cue += max(-2.0, min(2.0, align))
    ups = [g.up for g in geos if g.up is not None]
    if ups:
        upv = (d[1], -d[0])
        cue += 0.8 * sum(1 if _dot(u, upv) > 0 else -1 for u in ups) / len(ups)

    out = []
    for r_main, main in enumerate(rows):
        main_groups = []
        bonus = []
        for grp in main["groups"]:
            playing = [i for i in grp if not is_bonus(i)]
            bonus.extend(i for i in grp if is_bonus(i))
            if playing:
                main_groups.append(playing)
        if not main_groups or any(tiles[i].face_down for i in main_groups[0]):
            continue
        others = [row for k, row in enumerate(rows) if k != r_main]
        far = sorted((row for row in others), key=lambda row: row["v"])
        near_penalty = -1.5 * sum(1 for row in others if row["v"] > main["v"] + 0.3)
        win_choices = [None]
        if winning_apart:
            win_choices += [k for k in range(1, len(main_groups)) if len(main_groups[k]) == 1]
        dora_choices = [None]
        if allow_dora and far:
            dora_choices.append(id(far[0]))
        for w in win_choices:
            for dora_id in dora_choices:
                score = cue + near_penalty
                if w is None:
                    concealed_groups = main_groups[:1]
                    meld_groups = main_groups[1:]
                    winning = None
                    score -= 1.5 if winning_apart else 0.0
                else:
                    concealed_groups = main_groups[:w]
                    meld_groups = main_groups[w + 1:]
                    winning = main_groups[w][0]
                    score += 1.5
                    score -= 1.0 * (w - 1)        # a concealed row cut by stray gaps
                concealed = [i for grp in concealed_groups for i in grp]
                dora_tiles = []
                bonus_all = list(bonus)
                for row in others:
                    if id(row) == dora_id:
                        dora_tiles = list(row["tiles"])
                        continue
                    for grp in row["groups"]:
                        playing = [i for i in grp if not is_bonus(i)]
                        bonus_all.extend(i for i in grp if is_bonus(i))
                        if playing:
                            meld_groups.append(playing)
                if dora_id is not None:
                    if not any(not tiles[i].face_down for i in dora_tiles):
                        continue
                    score += 0.0 if (rules == "riichi" or dora_row) else -1.0
                melds = []
                for grp in meld_groups:
                    sc, ms, margin = _segment(tiles, grp, stacked, claims_sideways, zs)
                    if ms is None and len(grp) <= 2:
                        # One or two tiles apart from everything: a stray detection or a tile
                        # from elsewhere on the table, left out (cheaper than a broken meld).
                        score -= 3.0
                        melds.append({"kind": "stray", "tiles": grp, "stacked": []})
                        continue
                    score += sc
                    if ms is None:
                        melds.append({"kind": "invalid", "tiles": grp, "stacked": []})
                    else:
                        for m in ms:
                            m["margin"] = margin
                        melds.extend(ms)
                valid_melds = [m for m in melds if m["kind"] not in ("invalid", "stray")]
                count = len(concealed) + (1 if winning is not None else 0) + 3 * len(valid_melds)
                score -= 4.0 * abs(count - 14)
                if any(tiles[i].face_down for i in concealed):
                    score -= 8.0
                signature = (tuple(sorted(concealed)), winning,
                             tuple(tuple(m["tiles"]) for m in melds), tuple(sorted(dora_tiles)), sign)
                out.append({"score": score, "sign": sign, "concealed": concealed, "winning": winning,
                            "melds": melds, "bonus": bonus_all, "dora": dora_tiles, "count": count,
                            "signature": signature, "main": main, "concealed_groups": len(concealed_groups)})
    return out


def _describe_alternative(best, alt):
    if alt["sign"] != best["sign"]:
        return ("the photo could also be read upside down (rows in the other direction): "
                "set the winning tile apart at the right of the standing tiles, or give the rotation")
    if alt["winning"] != best["winning"]:
        if best["winning"] is None:
            return "a tile at the right of the standing tiles may be the winning tile set apart: check it"
        return ("the tile set apart may not be the winning tile (or the winning tile was not set "
                "apart): check which tile won")
    if len(alt["concealed"]) != len(best["concealed"]):
        more = alt if len(alt["concealed"]) > len(best["concealed"]) else best
        extra = len(more["concealed"]) - min(len(alt["concealed"]), len(best["concealed"]))
        return (f"{extra} tiles could be an exposed meld or the end of the standing tiles: "
                "leave a clear gap (half a tile) between the standing tiles and the melds")
    if sorted(alt["dora"]) != sorted(best["dora"]):
        return "the farthest row could be dora indicators or exposed melds: check it"
    return "the melds could be split differently: leave a clear gap between melds"


def _build(tiles, it, stacked, warnings, decisions, gaps) -> HandReading:
    groups: list[dict] = []
    links: list[dict] = [{"tile": i, "group": None, "role": "unassigned"} for i in range(len(tiles))]

    def link(i, gid, role, **kw):
        links[i] = {"tile": i, "group": gid, "role": role, **kw}

    gid = 0
    groups.append({"id": gid, "kind": "concealed", "tiles": list(it["concealed"])})
    for k, i in enumerate(it["concealed"]):
        link(i, gid, "standing", position=k)
    if it["winning"] is not None:
        gid += 1
        groups.append({"id": gid, "kind": "winning", "tiles": [it["winning"]]})
        link(it["winning"], gid, "winning")
        main = it["main"]["tiles"]
        pos = main.index(it["winning"])
        left_gap = gaps.get((main[pos - 1], main[pos]), gaps.get((main[pos], main[pos - 1]), 1.0)) if pos else 1.0
        decisions.append({"what": "winning tile", "value": tiles[it["winning"]].code,
                          "confidence": round(_gap_conf(left_gap), 4), "group": gid,
                          "note": f"set {left_gap:.2f} tile apart at the right of the standing tiles"})
    else:
        decisions.append({"what": "winning tile", "value": None, "confidence": 0.3,
                          "note": "no tile set apart: the rightmost standing tile is assumed"})
        warnings.append("the winning tile is not set apart: the rightmost standing tile is taken as the "
                        "winning tile; set it a little apart at the right, or correct it")
    if it["concealed_groups"] > 1:
        warnings.append("the standing tiles have a gap of more than half a tile inside them: they were "
                        "read as one row; close the gap if it is not a separate meld")
    # Boundary decisions inside the main row: gaps close to the threshold are uncertain.
    main = it["main"]["tiles"]
    for a, b in zip(main, main[1:]):
        gap = gaps.get((a, b), gaps.get((b, a), 0.0))
        if abs(gap - SPLIT_GAP) < 0.15:
            warnings.append(f"two tiles of the standing row ({tiles[a].code or 'face down'} and "
                            f"{tiles[b].code or 'face down'}) are {gap:.2f} tile apart: is there a gap "
                            "between them or not?")

    meld_slots = []
    hand_melds = []
    build_ok = True
    for m in it["melds"]:
        gid += 1
        ordered = list(m["tiles"])
        members = ordered + list(m.get("stacked", []))
        entry = {"id": gid, "kind": "meld", "tiles": members}
        groups.append(entry)
        if m["kind"] == "stray":
            entry["kind"] = "ignored"
            for i in members:
                link(i, gid, "ignored")
            warnings.append(f"{len(members)} tile(s) ({', '.join(tiles[i].code or 'face down' for i in members)}) "
                            "lie apart from every group and were left out: check for a missing tile "
                            "nearby, or keep other tiles out of the photo")
            continue
        if m["kind"] == "invalid":
            entry["kind"] = "unknown"
            for i in members:
                link(i, gid, "unknown")
            warnings.append(f"group {gid} ({len(members)} tiles) is neither a meld of 3 or 4 tiles nor part "
                            "of the standing row: check for a hidden, extra or merged tile")
            build_ok = False
            continue
        codes = [tiles[i].code for i in ordered]
        slot = {"tiles": ordered, "face_down": [tiles[i].face_down for i in ordered]}
        meld_json = None
        conf = 1 / (1 + math.exp(-m.get("margin", 9.0)))
        if m["kind"] == "concealed_kong":
            up = [i for i in ordered if not tiles[i].face_down]
            best_up = max(up, key=lambda i: tiles[i].confidence)
            code = tiles[best_up].code
            if not _same([tiles[i].code for i in up]):
                warnings.append(f"group {gid}: the face-up tiles of a concealed kong differ "
                                f"({', '.join(str(tiles[i].code) for i in up)})")
            slot.update(kind="kong", concealed=True)
            if code is not None:
                meld_json = {"type": "kong", "tiles": [code] * 4, "concealed": True, "claimed": None, "from": None}
            decisions.append({"what": f"group {gid}", "value": "concealed kong (two tiles face down)",
                              "confidence": round(conf, 4), "group": gid})
        elif m["kind"] == "added_kong":
            top = m["stacked"][0]
            at = m["sideways_at"]
            frm = _from_position(at, 3)
            claimed = codes[at]
            allc = codes + [tiles[top].code]
            slot.update(kind="kong", concealed=False, added=True, claimed_index=at, **{"from": frm})
            slot["tiles"] = ordered + [top]
            slot["face_down"] = slot["face_down"] + [False]
            meld_json = {"type": "kong", "tiles": allc, "concealed": False, "claimed": claimed, "from": frm,
                         "added": True}
            decisions.append({"what": f"group {gid}", "value": f"added kong, claimed from {frm}",
                              "confidence": round(conf, 4), "group": gid})
            link(top, gid, "added")
        else:
            kind = "kong" if len(ordered) == 4 else ("pung" if _same(codes) else "chow")
            at = m.get("sideways_at")
            frm = _from_position(at, len(ordered))
            claimed = codes[at] if at is not None else None
            # The slot keeps the discarder the layout shows; a chow (only claimed from the left,
            # 000 "Réclamation") is settled when the codes are known (here or by decoding).
            slot.update(kind=kind if kind == "kong" else "set", concealed=False, claimed_index=at,
                        **{"from": frm})
            if kind == "chow" and frm not in (None, "left"):
                warnings.append(f"group {gid}: a chow is only claimed from the left player, but its "
                                f"sideways tile is not at its left; read as claimed from the left")
                frm = "left"
            meld_json = {"type": kind, "tiles": codes, "concealed": False, "claimed": claimed, "from": frm}
            value = f"exposed {kind}" + (f", claimed from {frm}" if frm else "")
            decisions.append({"what": f"group {gid}", "value": value, "confidence": round(conf, 4),
                              "group": gid})
        entry["meld"] = slot
        for pos, i in enumerate(ordered):
            link(i, gid, "face_down" if tiles[i].face_down else ("claimed" if slot.get("claimed_index") == pos
                                                                 else "meld"), position=pos)
        meld_slots.append(slot)
        if meld_json is None or any(c is None for c in meld_json["tiles"]):
            build_ok = False
        else:
            hand_melds.append(meld_json)
    if it["bonus"]:
        gid += 1
        groups.append({"id": gid, "kind": "bonus", "tiles": list(it["bonus"])})
        for i in it["bonus"]:
            link(i, gid, "bonus")
    dora_up = [i for i in it["dora"] if not tiles[i].face_down]
    if it["dora"]:
        gid += 1
        groups.append({"id": gid, "kind": "dora", "tiles": list(it["dora"])})
        for i in it["dora"]:
            link(i, gid, "dora_indicator" if not tiles[i].face_down else "dead_wall")
        decisions.append({"what": "dora indicators", "value": [tiles[i].code for i in dora_up],
                          "confidence": 0.9, "group": gid})
    concealed = list(it["concealed"])
    winning = it["winning"] if it["winning"] is not None else (concealed[-1] if concealed else None)
    standing = [i for i in concealed if i != winning]
    slots = {"concealed": standing, "winning": winning, "melds": meld_slots, "bonus": list(it["bonus"]),
             "dora": dora_up, "winning_apart": it["winning"] is not None}
    if it["count"] != 14:
        warnings.append(f"found {it['count']} tiles where a winning hand has 14 (a kong counts as 3): a tile "
                        "may be hidden, stacked or not detected")
    hand = None
    codes = [tiles[i].code for i in standing + ([winning] if winning is not None else [])]
    if build_ok and winning is not None and all(c is not None and not T.is_bonus(c) for c in codes):
        data = {"concealed": codes, "melds": hand_melds, "winning_tile": tiles[winning].code,
                "bonus": [tiles[i].code for i in it["bonus"]], "context": {}}
        if dora_up and all(tiles[i].code and not T.is_bonus(tiles[i].code) for i in dora_up):
            data["context"]["dora_indicators"] = [tiles[i].code for i in dora_up]
        try:
            Hand.from_dict(data)
            hand = data
        except HandError as e:
            warnings.append(f"the tiles as read do not make a hand: {e.message}")
    return HandReading(hand, slots, groups, links, decisions, warnings)
