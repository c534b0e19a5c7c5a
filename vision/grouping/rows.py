"""Row geometry: each tile's centre, edges, width and extent along its row, the rows' direction,
and the rows themselves as chains of tiles linked to their neighbours, with the gaps between
them in tile widths (the tile size is the unit, so perspective and photo rotation do not matter)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..types import TileRead
from .config import GAP_SOFTNESS, MAX_LINK_GAP, SIDEWAYS_RATIO, SPLIT_GAP, TURNED_BOX_MAX_SHAPE


def unit_vector(vx, vy):
    n = math.hypot(vx, vy)
    return (vx / n, vy / n) if n > 1e-9 else (1.0, 0.0)


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


@dataclass
class TileGeometry:
    c: tuple[float, float]
    edges: list[tuple[float, float, float]]   # (ux, uy, length) of the two edge directions
    box: tuple[float, float, float, float]
    width: float = 0.0                        # tile width in pixels (short side, unforeshortened)
    extent: float = 0.0                       # extent along its row in pixels
    d: tuple[float, float] = (1.0, 0.0)       # local row direction
    up: tuple[float, float] | None = None     # bottom → top of the face, when corners are ordered


def geometry(t: TileRead) -> TileGeometry:
    x0, y0, x1, y1 = t.box
    if t.corners and len(t.corners) == 4:
        p = [tuple(map(float, q)) for q in t.corners]
        c = (sum(q[0] for q in p) / 4, sum(q[1] for q in p) / 4)
        e1 = ((p[1][0] - p[0][0] + p[2][0] - p[3][0]) / 2, (p[1][1] - p[0][1] + p[2][1] - p[3][1]) / 2)
        e2 = ((p[2][0] - p[1][0] + p[3][0] - p[0][0]) / 2, (p[2][1] - p[1][1] + p[3][1] - p[0][1]) / 2)
        edges = [(*unit_vector(*e), math.hypot(*e)) for e in (e1, e2)]
        up = unit_vector(-e2[0], -e2[1])   # corners top-left, top-right, bottom-right, bottom-left
        return TileGeometry(c, edges, t.box, up=up)
    return TileGeometry(((x0 + x1) / 2, (y0 + y1) / 2), [], t.box)


def row_direction(geos: list[TileGeometry]) -> tuple[float, float]:
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


def measure(g: TileGeometry, t: TileRead, d_glob):
    """Local row direction, tile width and extent along the row, in pixels."""
    if g.edges:
        along = max(g.edges, key=lambda e: abs(dot(e[:2], d_glob)))
        across = min(g.edges, key=lambda e: abs(dot(e[:2], d_glob)))
        d = along[:2] if dot(along[:2], d_glob) >= 0 else (-along[0], -along[1])
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
    if a > 0 and (h * c - w * s) / det > TURNED_BOX_MAX_SHAPE * a:
        a = 0.0     # no tile is so long: an upright box in a row askew, its shape taken from a tile's
    if a <= 0:
        ratio = 1 / SIDEWAYS_RATIO if t.sideways else SIDEWAYS_RATIO
        a = w / (c + ratio * s) if c >= s else h / (s + ratio * c)
    g.d = d_glob
    g.extent = a
    g.width = a / SIDEWAYS_RATIO if t.sideways else a


def link_rows(geos, tiles, d_glob):
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
            du, dv = dot(r, gi.d) / s, dot(r, ni) / s
            if du < 0.45 or abs(dv) > 0.6 + 0.1 * du:
                continue
            gap = pair_gap(gi, gj)
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



def pitch_widths(members, geos, tiles):
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
    # a box's width undone from a turned photo can come out far too small for one tile (a 12° turn
    # gave 19 px for 2m beside 22 px for the others, 35 px apart): that tile kept it, its gaps to
    # its neighbours read as 0.8 of a tile, and the row split there (the hand read backwards, its
    # pair taken for the winning tile set apart). The pitch is checked against the row's typical width.
    typical = sorted(geos[i].width for i in members)[len(members) // 2]
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
        if est < 1.8 * max(g.width, typical):
            g.width = est
            g.extent = est * factor[k]



def gap_conf(gap: float) -> float:
    """Confidence that a gap was read on the right side of SPLIT_GAP."""
    return 1 / (1 + math.exp(-abs(gap - SPLIT_GAP) / GAP_SOFTNESS))



def pair_gap(gi, gj) -> float:
    """The gap from tile ``gi`` to tile ``gj`` along ``gi``'s row, edge to edge, in tile widths."""
    r = (gj.c[0] - gi.c[0], gj.c[1] - gi.c[1])
    return (dot(r, gi.d) - (gi.extent + gj.extent) / 2) / ((gi.width + gj.width) / 2)


def without_lone_backs(chains, gaps, geos, tiles, touching: float) -> tuple[list, dict, list]:
    """(chains, gaps, backs taken out): a tile read face down inside a row, touching face-up tiles
    on both sides (gaps under ``touching``) with no other face-down tile within three tiles, is no
    tile of the hand: no meld shows one back alone (a concealed kong shows two), and standing
    tiles are face up. The table seen between two tiles of a row set a tile apart (a winning tile,
    a hand laid out with gaps) was read as a back, and the row as no hand. Each is taken out of
    its row into a row of its own (a stray), and its neighbours linked."""
    out, gaps, taken = [], dict(gaps), []
    for chain in chains:
        chain = list(chain)
        k = 1
        while k < len(chain) - 1:
            a, x, b = chain[k - 1], chain[k], chain[k + 1]
            near = chain[max(0, k - 3):k] + chain[k + 1:k + 4]      # its neighbours a and b among them
            if (tiles[x].face_down and not any(tiles[j].face_down for j in near)
                    and gap_between(gaps, a, x, 1.0) < touching and gap_between(gaps, x, b, 1.0) < touching):
                gaps[(a, b)] = pair_gap(geos[a], geos[b])
                del chain[k]
                taken.append(x)
                out.append([x])
                continue
            k += 1
        out.append(chain)
    return out, gaps, taken


def gap_between(gaps, a, b, default):
    """The gap between two tiles linked in a row, whichever way round they were linked."""
    return gaps.get((a, b), gaps.get((b, a), default))
