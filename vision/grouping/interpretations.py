"""Candidate interpretations of the table and their scores: for each way the rows can be read
(which row holds the standing tiles, whether a tile set apart at its right is the winning tile,
whether the farthest row is the dora-indicator row), the melds and bonus tiles that follow, and
a score built from :class:`~vision.grouping.config.GroupingWeights`. The best score wins."""
from __future__ import annotations

import math
from dataclasses import dataclass

from scorer import tiles as T

from ..types import TileRead
from .config import (CUT_TILE_SHARE, DORA_INDICATORS_MAX, FAR_DORA_FACES, HALF_TURN_ALIKE, HAND_SIZE, SIDEWAYS_RATIO,
                     SPLIT_GAP, WEIGHTS, GroupingWeights, LayoutHints)
from .melds import MeldCandidate, segment
from .rows import TileGeometry, dot, gap_between


@dataclass(frozen=True)
class TableLayout:
    """What the geometry found, the same for every interpretation: the tiles (sideways flags
    settled), their geometry, the rows as chains of tile indices, the gaps between linked tiles
    (tile widths), the stacked tiles ({base: [tile on it]}), the rows' direction, the median
    tile width in pixels, and per tile its log shape ratio over its neighbours' (or None)."""
    tiles: list[TileRead]
    geos: list[TileGeometry]
    chains: list[list[int]]
    gaps: dict[tuple[int, int], float]
    stacked: dict[int, list[int]]
    direction: tuple[float, float]
    unit: float
    zs: list[float | None]
    lone_backs: tuple[int, ...] = ()     # backs taken out of their row (rows.without_lone_backs), said apart


@dataclass(eq=False)
class Row:
    """One row read in a direction: its tiles in order, split into groups at the gaps wider than
    SPLIT_GAP (``gaps``: those gaps), and ``v``: its distance towards the player in tile widths."""
    tiles: list[int]
    groups: list[list[int]]
    gaps: list[float]
    v: float


@dataclass
class Interpretation:
    """One candidate reading of the table (indices into the tiles).

    ``sign``: 1 when the rows run along the layout's direction, -1 when read the other way;
    ``winning``: the tile set apart as the winning tile, or None; ``dora``: the dora-indicator
    row's tiles; ``count``: tiles of the hand, a kong counting as 3; ``signature``: what tells
    two readings apart; ``main``: the row holding the standing tiles; ``concealed_groups``: how
    many groups the standing tiles span."""
    score: float
    sign: int
    concealed: list[int]
    winning: int | None
    melds: list[MeldCandidate]
    bonus: list[int]
    dora: list[int]
    count: int
    signature: tuple
    main: Row
    concealed_groups: int


def rows_of(layout: TableLayout, sign: int) -> list[Row]:
    """The layout's chains read in direction ``sign``, split into groups at the gaps."""
    d = (layout.direction[0] * sign, layout.direction[1] * sign)
    nrm = (-d[1], d[0])  # towards the player
    rows = []
    for ch in layout.chains:
        ordered = ch if sign > 0 else list(reversed(ch))
        groups, cur, split_gaps = [], [ordered[0]], []
        for a, b in zip(ordered, ordered[1:]):
            gap = gap_between(layout.gaps, a, b, 0.0)
            if gap > SPLIT_GAP:
                groups.append(cur)
                split_gaps.append(gap)
                cur = [b]
            else:
                cur.append(b)
        groups.append(cur)
        v = sum(dot(layout.geos[i].c, nrm) for i in ch) / len(ch) / layout.unit
        rows.append(Row(ordered, groups, split_gaps, v))
    return rows


def direction_cue(layout: TableLayout, rows: list[Row], sign: int, weights: GroupingWeights = WEIGHTS) -> float:
    """Cues for reading the rows in direction ``sign`` that do not depend on the rest of the
    reading: the image prior, which side of their row sideways tiles lie on, the corners' order,
    which way up the faces lie."""
    tiles, geos, zs = layout.tiles, layout.geos, layout.zs
    d = (layout.direction[0] * sign, layout.direction[1] * sign)
    nrm = (-d[1], d[0])  # towards the player
    cue = weights.image_prior * d[0]
    align = 0.0
    for row in rows:
        tl = row.tiles
        for k, i in enumerate(tl):
            # Only tiles surely sideways: their offset says which side the player sits on.
            if not _surely_sideways(layout, i, weights):
                continue
            nb = [tl[m] for m in (k - 1, k + 1) if 0 <= m < len(tl) and not tiles[tl[m]].sideways
                  and not tiles[tl[m]].face_down]
            if nb:
                off = dot(geos[i].c, nrm) - sum(dot(geos[m].c, nrm) for m in nb) / len(nb)
                align += weights.sideways_offset if off > 0 else -weights.sideways_offset
    cap = weights.sideways_offset_cap
    cue += max(-cap, min(cap, align))
    upv = (d[1], -d[0])
    ups = [g.up for g in geos if g.up is not None]
    if ups:
        cue += weights.corner_order * sum(1 if dot(u, upv) > 0 else -1 for u in ups) / len(ups)
    # the faces' way up (vision.face_up): a face whose top points up from its row, seen from the
    # player's side, says the row runs this way (a sideways tile's points along it: no vote)
    # A vote 30-60° off its row's axes comes of a tile's axes found askew of its row's (a photo
    # shaken diagonally smears every face that way; its faces' votes turned a trial's upright hand
    # backwards, another winning tile, 90 points for 131): it says nothing of the row's way up
    # A face alike both ways up (HALF_TURN_ALIKE) has no way up to tell: its vote is noise (a row of
    # upright bamboos read backwards on the votes of its 2s, 4s and 9s, valid 387593807)
    votes = [v for v in (t.face_up for t in tiles if t.face_up is not None and t.code not in HALF_TURN_ALIKE)
             if max(abs(dot(v, upv)), abs(dot(v, d))) >= weights.face_up_diagonal * math.hypot(*v)]
    total = sum(math.hypot(*v) for v in votes)
    if total > 0:
        along = sum(dot(v, upv) for v in votes)
        # a row of tiles laid either way up (many players do not turn them) says little: the
        # cue shrinks with the share of the votes that agree
        agreement = abs(along) / total
        cap = weights.face_up_cap
        cue += weights.face_up * max(-cap, min(cap, along)) * agreement ** weights.face_up_agreement
    return cue


def interpretations(layout: TableLayout, sign: int, hints: LayoutHints,
                    weights: GroupingWeights = WEIGHTS) -> list[Interpretation]:
    """Every candidate reading of the table with the rows read in direction ``sign``, scored."""
    tiles = layout.tiles
    rows = rows_of(layout, sign)

    def is_bonus(i):
        return tiles[i].code is not None and T.is_bonus(tiles[i].code)

    cue = direction_cue(layout, rows, sign, weights)
    out = []
    for r_main, main in enumerate(rows):
        main_groups = []
        bonus = []
        for grp in main.groups:
            playing = [i for i in grp if not is_bonus(i)]
            bonus.extend(i for i in grp if is_bonus(i))
            if playing:
                main_groups.append(playing)
        # a tile read face down at an end of the row and cut by the photo's edge: a tile beyond the
        # hand, half in the picture (a standing row ending in one was no hand, where the review
        # page, leaving it out, scored the hand the photo shows)
        cut = []
        if main_groups and hints.frame is not None:
            for k, end in ((0, 0), (len(main_groups) - 1, -1)):
                i = main_groups[k][end] if main_groups[k] else None
                if i is not None and tiles[i].face_down and i not in cut and hints.cut_by_frame([tiles[i].box]):
                    cut.append(i)
                    main_groups[k] = [j for j in main_groups[k] if j != i]
            main_groups = [g for g in main_groups if g]
        # a face-up tile at an end of the row, cut by the photo's edge and much narrower than a
        # tile: mostly outside the picture, maybe a tile beyond the hand (train hand_046: half a 6s,
        # read at 0.50, made 15 tiles); the row is read with it and without it, left out as a stray
        variants = [(main_groups, cut, 0.0)]
        for k, end in ((0, 0), (len(main_groups) - 1, -1)):
            i = main_groups[k][end] if main_groups else None
            if i is not None and not tiles[i].face_down and mostly_outside(layout, i, hints):
                rest = [[j for j in g if j != i] for g in main_groups]
                variants.append(([g for g in rest if g], cut + [i], weights.stray))
        variants = [v for v in variants if v[0] and not any(tiles[i].face_down for i in v[0][0])]
        if not variants:
            continue
        others = [row for k, row in enumerate(rows) if k != r_main]
        far = sorted((row for row in others), key=lambda row: row.v)
        near_penalty = -weights.row_in_front * sum(
            1 for row in others if row.v > main.v + weights.row_in_front_margin)
        # rows far from the standing row, read also as no part of the hand (discards, another
        # player's tiles): loose tiles in front of a hand laid on the far side of the table were
        # read as its melds, and the hand itself as a dora row
        far_apart = {id(row) for row in others if abs(row.v - main.v) >= weights.apart_distance}
        apart_choices = [False, True] if far_apart else [False]
        dora_choices = [None]
        # The dora row is the farthest row, but not one whose face-up tiles are all cut by the
        # photo's edge (tiles beyond the layout, not the dora indicators set out beside the hand),
        # nor a row level with the standing tiles or in front of them (a spare tile on the player's
        # side was read as a dora indicator), nor a tile lying on another (a kong's fourth tile
        # stacked on its meld). Under riichi rules, where rows far from the hand may be left out
        # (discards in the middle of the table, beyond the dead wall), it is the nearest row that
        # is no meld, not the farthest (``_dora_rows_among_discards``).
        beyond = [row for row in far if row.v < main.v - weights.row_in_front_margin
                  and not hints.beyond_frame([tiles[i].box for i in row.tiles if not tiles[i].face_down])
                  and not _lies_on_others(tiles, row.tiles)]
        if hints.allow_dora and (hints.rules == "riichi" or hints.dora_row) and far_apart:
            dora_choices += _dora_rows_among_discards(tiles, beyond, far_apart)
        elif hints.allow_dora and beyond and beyond[0] is far[0]:
            dora_choices.append(id(far[0]))
        choices = []
        for row_groups, row_cut, left_out in variants:
            for groups, touching in _touching_melds(layout, row_groups, hints, weights):
                wins = [None] + ([k for k in range(1, len(groups)) if len(groups[k]) == 1] if hints.winning_apart else [])
                choices += [(win, dora_id, groups, touching, row_cut, left_out, apart)
                            for win in wins for dora_id in dora_choices for apart in apart_choices]
        for win, dora_id, main_groups, touching, cut, left_out, apart in choices:  # noqa: B020 (each choice's own groups)
                score = cue + near_penalty - left_out
                if win is None:
                    concealed_groups = main_groups[:1]
                    meld_groups = main_groups[1:]
                    winning = None
                    score -= weights.winning_not_apart if hints.winning_apart else 0.0
                else:
                    concealed_groups = main_groups[:win]
                    meld_groups = main_groups[win + 1:]
                    winning = main_groups[win][0]
                    score += weights.winning_apart
                    score -= weights.concealed_gap * (win - 1)        # a concealed row cut by stray gaps
                meld_groups = meld_groups + touching
                concealed = [i for grp in concealed_groups for i in grp]
                dora_tiles = []
                bonus_all = list(bonus)
                apart_tiles = []
                for row in others:
                    if id(row) == dora_id:
                        dora_tiles = list(row.tiles)
                        continue
                    if apart and id(row) in far_apart:
                        apart_tiles += row.tiles
                        continue
                    for grp in row.groups:
                        playing = [i for i in grp if not is_bonus(i)]
                        bonus_all.extend(i for i in grp if is_bonus(i))
                        if playing:
                            meld_groups.append(playing)
                if dora_id is not None:
                    if not any(not tiles[i].face_down for i in dora_tiles):
                        continue
                    score += 0.0 if (hints.rules == "riichi" or hints.dora_row) else -weights.dora_outside_riichi
                melds = []
                for grp in meld_groups:
                    sc, ms, margin = segment(tiles, grp, layout.stacked, hints.claims_sideways, layout.zs, weights)
                    if ms is None and len(grp) <= 2:
                        # One or two tiles apart from everything: a stray detection or a tile
                        # from elsewhere on the table, left out (cheaper than a broken meld).
                        score -= weights.stray
                        melds.append(MeldCandidate("stray", grp))
                        continue
                    score += sc
                    if ms is None:
                        melds.append(MeldCandidate("invalid", grp))
                    else:
                        for m in ms:
                            m.margin = margin
                        melds.extend(ms)
                if cut:
                    melds.append(MeldCandidate("stray", list(cut)))
                if apart_tiles:
                    score -= weights.apart_tile * len(apart_tiles)
                    melds.append(MeldCandidate("apart", apart_tiles))
                valid_melds = [m for m in melds if m.kind not in ("invalid", "stray", "apart")]
                count = len(concealed) + (1 if winning is not None else 0) + 3 * len(valid_melds)
                score -= weights.tile_count * abs(count - HAND_SIZE)
                if any(tiles[i].face_down for i in concealed):
                    score -= weights.face_down_standing
                score -= weights.sideways_standing * sum(1 for i in concealed if _surely_sideways(layout, i, weights))
                signature = (tuple(sorted(concealed)), winning,
                             tuple(tuple(m.tiles) for m in melds), tuple(sorted(dora_tiles)), sign)
                out.append(Interpretation(score, sign, concealed, winning, melds, bonus_all, dora_tiles, count,
                                          signature, main, len(concealed_groups)))
    return out


def _dora_rows_among_discards(tiles: list[TileRead], beyond: list, far_apart: set[int]) -> list[int]:
    """The rows (their ids) that may be the dora indicators where rows lie far from the hand
    (``far_apart``: discards), among the rows ``beyond`` the standing tiles (farthest first): the
    rows nearer than the far ones, and the nearest far row when each nearer row could be a meld
    (three tiles or more, a concealed kong's backs counted: a lone tile nearer is the indicator,
    the discards lie beyond it), kept among two far rows or more only when it has a back beside its
    faces or ``FAR_DORA_FACES`` faces or fewer; none with more face-up tiles than a table shows
    indicators (``DORA_INDICATORS_MAX``, rules 002 §2.7, §3.3.10).
    A clump of discards beyond the hand's melds was taken for the indicators (a row left out costs
    its tiles, one taken as the indicators nothing), and the indicator itself left out."""
    def face_up(row) -> int:
        return sum(not tiles[i].face_down for i in row.tiles)
    near = [row for row in beyond if id(row) not in far_apart]
    far = [row for row in beyond if id(row) in far_apart]
    nearest_far = far[-1:] if all(len(r.tiles) >= 3 for r in near) else []
    if len(far) >= 2:
        # among loose rows, a clump of discards with no dead wall was taken for indicators missing
        # from the photo
        nearest_far = [r for r in nearest_far if face_up(r) < len(r.tiles) or face_up(r) <= FAR_DORA_FACES]
    return [id(row) for row in near + nearest_far if face_up(row) <= DORA_INDICATORS_MAX]


def _surely_sideways(layout: TableLayout, i: int, weights: GroupingWeights) -> bool:
    """A tile flagged sideways whose shape among its neighbours says so clearly (or is unknown)."""
    zs = layout.zs
    return layout.tiles[i].sideways and not (zs and zs[i] is not None
                                             and zs[i] < math.log(SIDEWAYS_RATIO) + weights.sure_sideways_z)


def _touching_melds(layout: TableLayout, main_groups, hints, weights):
    """The standing row's groups as found, and, where its first group holds a tile surely
    sideways, the same with that group cut before the claimed meld laid against it: (groups,
    meld groups cut off). A pung laid touching the standing tiles was read as standing, and the
    hand as concealed. Cut where the tiles after it make melds as read (the claimed tile at the
    right, the middle or the left of its meld)."""
    yield main_groups, []
    first = main_groups[0]
    side = [k for k, i in enumerate(first) if _surely_sideways(layout, i, weights)]
    if not side or len(first) <= 4:
        return
    for cut in (side[0] - 2, side[0] - 1, side[0]):
        if cut < 1:
            continue
        tail = first[cut:]
        sc, ms, _margin = segment(layout.tiles, tail, layout.stacked, hints.claims_sideways, layout.zs, weights)
        if ms is not None and sc >= 0:
            yield [first[:cut]] + main_groups[1:], [tail]


def mostly_outside(layout: TableLayout, i: int, hints: LayoutHints) -> bool:
    """Whether tile ``i`` is cut by the photo's edge and its box, along the row, under
    ``CUT_TILE_SHARE`` of the tiles' median: most of it outside the picture. The box, not the
    tile's corners, which the reader finds for the whole face, outside the picture too."""
    if not hints.cut_by_frame([layout.tiles[i].box]):
        return False
    dx, dy = abs(layout.direction[0]), abs(layout.direction[1])

    def along(t):
        x0, y0, x1, y1 = t.box
        return dx * (x1 - x0) + dy * (y1 - y0)
    widths = sorted(along(t) for t in layout.tiles)
    return along(layout.tiles[i]) < CUT_TILE_SHARE * widths[len(widths) // 2]


def _lies_on_others(tiles, row_tiles) -> bool:
    """Whether a tile of ``row_tiles`` covers a quarter of its box or more of a tile outside them."""
    inside = set(row_tiles)
    for i in row_tiles:
        a = tiles[i].box
        area = (a[2] - a[0]) * (a[3] - a[1])
        for j, t in enumerate(tiles):
            if j in inside:
                continue
            b = t.box
            w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
            if w > 0 and h > 0 and w * h >= 0.25 * area:
                return True
    return False


def describe_alternative(best: Interpretation, alt: Interpretation) -> str:
    """A sentence a person can act on when ``alt`` scored close to ``best``."""
    if alt.sign != best.sign:
        return ("the photo could also be read upside down (rows in the other direction): "
                "set the winning tile apart at the right of the standing tiles, or take the photo from the "
                "standing tiles' side")
    if alt.winning != best.winning:
        if best.winning is None:
            return "a tile at the right of the standing tiles may be the winning tile set apart: check it"
        return ("the tile set apart may not be the winning tile (or the winning tile was not set "
                "apart): check which tile won")
    strays = [{i for m in it.melds if m.kind == "stray" for i in m.tiles} for it in (best, alt)]
    if strays[0] != strays[1] and set(best.concealed) ^ set(alt.concealed) <= strays[0] ^ strays[1]:
        # a tile at the row's end, half outside the photo, kept or left out ("1 tiles could be an
        # exposed meld" was said of it)
        return ("a tile at an end of the standing tiles, cut by the photo's edge, may or may not be the "
                "hand's: check it, or take the photo with the whole hand in it")
    if len(alt.concealed) != len(best.concealed):
        more = alt if len(alt.concealed) > len(best.concealed) else best
        extra = len(more.concealed) - min(len(alt.concealed), len(best.concealed))
        gap = "leave a clear gap (half a tile) between the standing tiles and the melds"
        return (f"{extra} tiles could be an exposed meld or the end of the standing tiles: {gap}" if extra != 1 else
                f"1 tile could be an exposed meld or the end of the standing tiles: {gap}")
    if sorted(alt.dora) != sorted(best.dora):
        return "the farthest row could be dora indicators or exposed melds: check it"
    return "the melds could be split differently: leave a clear gap between melds"
