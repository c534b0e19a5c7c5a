"""``group()``: from the tiles read in a photo to the most plausible reading of the table.

The steps: drop tiles detected twice; find the rows' direction and each tile's size from the
tiles themselves; settle which tiles lie sideways and which lie stacked; link the tiles into rows;
score every candidate interpretation in both directions along the rows (or the one a known
rotation gives); build the :class:`HandReading` of the best, with its confidence against the
distinct alternatives and a warning when one of them comes close."""
from __future__ import annotations

import dataclasses
import math
from collections import Counter

from scorer import tiles as T

from ..types import TileRead
from .config import (CLOSE_ALTERNATIVE, GRID_GAP_SPREAD, GRID_ROW_TILES, GRID_ROWS, GRID_SHARE, SPLIT_GAP,
                     WEIGHTS, GroupingWeights, LayoutHints)
from .duplicates import deduplicate, reindex
from .hand_reading import HandReading, build_reading, grid_message
from .interpretations import Interpretation, TableLayout, describe_alternative, interpretations, mostly_outside
from .rows import (dot, gap_between, geometry, link_rows, measure, pitch_widths, row_direction, unit_vector,
                   without_lone_backs)
from .sideways import find_stacked, sideways_from_shapes


def group(tiles: list[TileRead], *, rules: str | None = None, rotation: float | None = None,
          winning_apart: bool = True, dora_row: bool | None = None,
          claims_sideways: bool | None = None, frame: tuple[float, float] | None = None) -> HandReading:
    """Rebuild the hand laid out in ``tiles`` (see the docstring of :mod:`vision.grouping`).

    Layout hints: ``rules`` (riichi enables the dora-indicator row and sideways claims),
    ``rotation`` the photo's rotation in degrees counter-clockwise if known (else found from the
    layout), ``winning_apart`` whether the winning tile was set apart, ``dora_row`` True/False to
    force or forbid a dora-indicator row, ``claims_sideways`` whether claimed tiles are turned
    sideways (default: riichi, or any sideways tile seen); ``frame`` the photo's (width, height) in
    the boxes' pixels, if known: a row whose tiles are all cut by its edge is no dora row."""
    if not isinstance(tiles, (list, tuple)) or not all(isinstance(t, TileRead) for t in tiles):
        raise TypeError("group() takes a list of vision.TileRead")
    # a box without width or height (or with coordinates no number) places no tile: left out and
    # said (two of them made the row linking divide by zero)
    placed = [i for i, t in enumerate(tiles) if _has_area(t.box)]
    kept, twins = deduplicate([tiles[i] for i in placed])
    keep = [placed[k] for k in kept]
    duplicates = {placed[a]: placed[b] for a, b in twins.items()}
    empty = sorted(set(range(len(tiles))) - set(placed))
    # A face no code names (TileRead.unknown: a joker, another game's tile) has no place in a
    # scored hand: it is left out, and said, for the player to name or remove.
    unknown = [i for i in keep if tiles[i].unknown]
    keep = [i for i in keep if not tiles[i].unknown]
    reading = read_table([tiles[i] for i in keep], rules=rules, rotation=rotation, winning_apart=winning_apart,
                         dora_row=dora_row, claims_sideways=claims_sideways, frame=frame)
    if not duplicates and not unknown and not empty:
        return reading
    return reindex(reading, keep, duplicates, len(tiles), tiles, unknown, empty)


def _has_area(box) -> bool:
    try:
        x0, y0, x1, y1 = (float(v) for v in box)
    except (TypeError, ValueError):
        return False
    return all(map(math.isfinite, (x0, y0, x1, y1))) and x1 - x0 > 0.5 and y1 - y0 > 0.5


#: What a photo with no tile read says: what to do next, not only what went wrong.
NO_TILES = ("no tiles found in the photo: take another one, with the tiles face up, lit, sharp (the phone held "
            "still) and filling most of the picture, or type the hand")
#: ... and a photo whose every tile was read face down: stripes, a tiled floor or a hand laid face
#: down (a picture of stripes gave 88 backs, "correct or remove them" said of each).
NO_FACE_UP = ("no face-up tile found in the photo: take another one, with the tiles face up, lit, sharp (the phone "
              "held still) and filling most of the picture, or type the hand")


def read_table(tiles: list[TileRead], *, rules, rotation, winning_apart, dora_row, claims_sideways,
               weights: GroupingWeights = WEIGHTS, frame: tuple[float, float] | None = None) -> HandReading:
    """``group()`` on tiles without duplicates."""
    if not tiles:
        return HandReading(None, {}, [], [], [], [NO_TILES], 0.0)
    options = dict(rules=rules, rotation=rotation, winning_apart=winning_apart, dora_row=dora_row,
                   claims_sideways=claims_sideways, weights=weights, frame=frame)
    warnings: list[str] = []
    layout = find_layout(tiles, warnings)
    reading = read_layout(layout, warnings, **options)
    if reading.hand is None and grid_rows(layout):
        # Sets laid one to a row, near-square faces seen from above (valid hand_008, hand_014):
        # the rows' direction is taken where the tiles link into fewer rows, which makes the
        # columns of such a hand a grid. Read across, a hand may come of it: then it is the hand.
        across_warnings: list[str] = []
        across = find_layout(tiles, across_warnings, across=True)
        if across.direction != layout.direction:
            other = read_layout(across, across_warnings, **options)
            if other.hand is not None:
                other.warnings.insert(0, SETS_IN_ROWS)
                return other
    return reading


def read_layout(layout: TableLayout, warnings: list[str], *, rules, rotation, winning_apart, dora_row,
                claims_sideways, weights: GroupingWeights, frame) -> HandReading:
    """The hand read from the tiles as ``layout`` lays them (``read_table``); ``warnings``: what
    finding the layout said."""
    decisions: list[dict] = []
    hints = LayoutHints.resolve(layout.tiles, rules=rules, winning_apart=winning_apart, dora_row=dora_row,
                                claims_sideways=claims_sideways, frame=frame)
    candidates = []
    for sign in directions(rotation, layout.direction):
        candidates.extend(interpretations(layout, sign, hints, weights))
    if not candidates:
        grid = grid_rows(layout)
        face_down = sum(1 for t in layout.tiles if t.face_down)
        # why, where it can be told: a row of 14 face-up tiles with a back read at its end (a
        # tile cut by the photo's edge) was told only "could not find the standing tiles"
        why = (grid_message(len(layout.tiles), grid) if grid else
               NO_FACE_UP if face_down == len(layout.tiles) else
               f"could not find the standing tiles: the rows hold {face_down} tile(s) read face down, where "
               "standing tiles are face up: correct or remove them" if face_down else
               "could not find the standing tiles")
        return HandReading(None, {}, [], [{"tile": i, "group": None, "role": "unassigned"}
                                          for i in range(len(layout.tiles))], [], [why], 0.0)
    reading = choose(layout, candidates, warnings, decisions)
    # a tile of the hand mostly outside the photo is read from what is left of it (a new user's 5s
    # half in the picture read 5m at 0.94: "not a winning hand", nothing said of the cut)
    winning = reading.slots.get("winning")
    held = list(reading.slots.get("concealed") or []) + ([winning] if winning is not None else [])
    cut = [layout.tiles[i].code for i in held if not layout.tiles[i].face_down and mostly_outside(layout, i, hints)]
    if cut:
        reading.warnings.append(CUT_TILES.format(", ".join(cut)))
    grid = grid_rows(layout) if reading.hand is None else None
    if grid:
        reading.warnings[:] = [grid_message(len(layout.tiles), grid)]
    return reading


#: Said of a tile read face down inside a row between two face-up tiles (``rows.without_lone_backs``)
LONE_BACK = ("a tile read face down inside a row, between face-up tiles, was left out: no tile lies face down "
             "alone in a hand (the table seen in a gap?); if a tile lies there face down, turn it face up")
LONE_BACKS = ("{} tiles read face down inside rows, each between face-up tiles, were left out: no tile lies face down "
              "alone in a hand (the table seen in gaps?); if tiles lie there face down, turn them face up")
#: Said of a hand read across the rows a grid would make (``read_table``): one set to a row.
SETS_IN_ROWS = ("the tiles lie one set to a row: each row of three or four was taken as an exposed meld; if some "
                "were held concealed, move them to the standing tiles")
#: Said of the hand's tiles mostly outside the photo (``interpretations.mostly_outside``).
CUT_TILES = ("{} at the photo's edge, mostly outside it, may be misread: check it, or take the photo with the whole "
             "hand in it")


def grid_rows(layout: TableLayout) -> list[int] | None:
    """The tiles of each row when the tiles lie in a grid (``GRID_ROWS``, its comment), else None."""
    rows, bonus_rows = [], []
    for chain in layout.chains:
        if len(chain) < GRID_ROW_TILES:
            continue
        # a row of flowers and seasons is a hand's too, evenly laid (with a standing row and two
        # touching pungs it made "3 rows of 4-7"): no sign of a grid, but counted in one (the
        # calibration layout's fifth row was left out of "42 tiles in 4 rows")
        if all(T.is_bonus_code(layout.tiles[i].code or "") for i in chain):
            bonus_rows.append(len(chain))
            continue
        gaps = [gap_between(layout.gaps, a, b, 0.0) for a, b in zip(chain, chain[1:])]
        median = sorted(gaps)[len(gaps) // 2]
        # where its groups part: rows parted alike are blocks of a grid (a test photo's four
        # rows of 4 + 4 tiles), however uneven each row is
        parts = tuple(g > SPLIT_GAP for g in gaps)
        # evenly spaced, or every tile alone (a tray's loose tiles, some lying sideways)
        rows.append((len(chain), parts, all(abs(g - median) <= GRID_GAP_SPREAD for g in gaps) or all(parts)))
    alike = Counter(parts for _, parts, _ in rows)
    rows = [n for n, parts, even in rows if even or alike[parts] >= GRID_ROWS]
    if len(rows) < GRID_ROWS or sum(rows) < GRID_SHARE * len(layout.tiles):
        return None
    return rows + bonus_rows


def find_layout(tiles: list[TileRead], warnings: list[str], across: bool = False) -> TableLayout:
    """The geometry of the table: rows' direction, tile sizes, sideways flags settled from the
    tiles' shapes, stacked tiles, rows and gaps. Appends a warning for each flag it changes.
    ``across``: the rows run the other way from the one the tiles link along into fewer rows."""
    n_side = sum(1 for t in tiles if t.sideways)
    if len(tiles) >= 6 and n_side > len(tiles) / 2:
        # Most tiles "sideways": the reader judged them against the photo, not their row (a
        # photo taken turned by 90°). Sideways is relative to the row, so flip every flag.
        tiles = [dataclasses.replace(t, sideways=not t.sideways) for t in tiles]
        warnings.append(f"all {n_side} tiles were reported sideways: read as a photo turned by 90°"
                        if n_side == len(tiles) else
                        f"{n_side} of {len(tiles)} tiles were reported sideways: read as a photo turned "
                        "by 90°, with the other tiles as the sideways ones")
    geos = [geometry(t) for t in tiles]
    d_glob = row_direction(geos)
    # Seen very obliquely, rows in front of each other come as close as tiles side by side:
    # keep the direction (or its perpendicular) along which the tiles link into fewer rows.
    best = None
    for d_try in (d_glob, (-d_glob[1], d_glob[0]) if d_glob[1] < 0 else (d_glob[1], -d_glob[0])):
        for g, t in zip(geos, tiles):
            measure(g, t, d_try)
        n_rows = len(link_rows(geos, tiles, d_try)[0])
        if across:
            n_rows = -n_rows
        if best is None or n_rows < best[0]:
            best = (n_rows, d_try)
    d_glob = best[1]
    tiles, corrected, zs = sideways_from_shapes(tiles, geos, d_glob)
    if corrected:
        # in a player's words (a trial read "sideways flag ... the photo's edges" as jargon)
        warnings.append(f"{corrected} tile(s) taken as lying sideways or upright by their shape beside the "
                        "other tiles of their row, not as first read: check the melds they are in")
    for g, t in zip(geos, tiles):
        measure(g, t, d_glob)
    unit = sorted(g.width for g in geos)[len(geos) // 2]
    stacked = find_stacked(geos, tiles)
    on_top = {k for ks in stacked.values() for k in ks}
    keep = [i for i in range(len(tiles)) if i not in on_top]
    sub_chains, sub_gaps = link_rows([geos[i] for i in keep], [tiles[i] for i in keep], d_glob)
    if not any(g.edges for g in geos):
        # Boxes only: follow curved rows by measuring each tile against its row's local direction
        # (players align tiles with their row), then link again with the better widths.
        for ch in sub_chains:
            members = [keep[i] for i in ch]
            for k, i in enumerate(members):
                window = [geos[m].c for m in members[max(0, k - 2):k + 3]]
                if len(window) < 2:
                    continue
                local = unit_vector(window[-1][0] - window[0][0], window[-1][1] - window[0][1])
                if dot(local, d_glob) < 0:
                    local = (-local[0], -local[1])
                measure(geos[i], tiles[i], local)
            pitch_widths(members, geos, tiles)
        sub_chains, sub_gaps = link_rows([geos[i] for i in keep], [tiles[i] for i in keep], d_glob)
    chains = [[keep[i] for i in ch] for ch in sub_chains]
    gaps = {(keep[a], keep[b]): g for (a, b), g in sub_gaps.items()}
    chains, gaps, lone = without_lone_backs(chains, gaps, geos, tiles, SPLIT_GAP)
    if lone:
        warnings.append(LONE_BACK if len(lone) == 1 else LONE_BACKS.format(len(lone)))
    return TableLayout(tiles, geos, chains, gaps, stacked, d_glob, unit, zs, tuple(lone))


def directions(rotation: float | None, d_glob) -> tuple[int, ...]:
    """The directions along the rows to try: both, or the one a known photo rotation gives."""
    if rotation is None:
        return (1, -1)
    r = math.radians(rotation)
    want = (math.cos(r), -math.sin(r))
    return (1,) if dot(want, d_glob) >= 0 else (-1,)


def choose(layout: TableLayout, candidates: list[Interpretation], warnings, decisions) -> HandReading:
    """The HandReading of the best-scored candidate, its confidence against the distinct
    alternatives, the row direction decision, and a warning when an alternative comes close."""
    candidates.sort(key=lambda it: -it.score)
    best = candidates[0]
    # Confidence of the layout reading: softmax of the best against distinct alternatives.
    seen = {best.signature}
    alts = []
    for it in candidates[1:]:
        if it.signature not in seen:
            seen.add(it.signature)
            alts.append(it)
    z = 1.0 + sum(math.exp(min(50.0, it.score - best.score)) for it in alts)
    confidence = 1.0 / z
    opposite = [it for it in candidates if it.sign != best.sign]
    if opposite:
        dir_conf = 1 / (1 + math.exp(opposite[0].score - best.score))
    else:
        dir_conf = 1.0
    d_glob = layout.direction
    d = (d_glob[0] * best.sign, d_glob[1] * best.sign)
    decisions.append({"what": "row direction", "value": round(math.degrees(math.atan2(-d[1], d[0])), 1),
                      "confidence": round(dir_conf, 4),
                      "note": "angle of the rows (left to right) in the photo, counter-clockwise"})
    reading = build_reading(layout.tiles, best, warnings, decisions, layout.gaps, said=set(layout.lone_backs))
    reading.confidence = confidence
    if alts and best.score - alts[0].score < CLOSE_ALTERNATIVE:
        reading.warnings.append(describe_alternative(best, alts[0]))
    return reading
