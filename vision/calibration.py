"""One-photo calibration of a user's tile set: the layout photo that builds a tile-set
profile (guide in docs/calibration.md).

The user lays out one tile of each kind in rows, in this order, and takes one photo:

    row 1: 1m 2m ... 9m          (characters)
    row 2: 1p 2p ... 9p          (dots)
    row 3: 1s 2s ... 9s          (bamboo)
    row 4: E S W N, white, green, red   (1z ... 7z)
    row 5: 1f 2f 3f 4f 5f 6f 7f 8f      (flowers then seasons; only if the set has them)

``assign_layout`` sorts the tiles read from the photo into rows and reading order, whatever the
photo's rotation (the row direction comes from the tiles' nearest neighbours, the unit is the
tile pitch, rows are chained tile to tile so that perspective does not matter, and a photo turned
upside down is recognised by its row lengths 9 9 9 7 (8)), gives each tile the code of its
position and lists every problem found. ``calibrate`` runs the whole thing on a photo and builds
a ``TileSetProfile``.
"""
from __future__ import annotations

import copy
import math
from collections import Counter
from dataclasses import dataclass, field, replace

import numpy as np

SUITS = (("characters", "m"), ("dots", "p"), ("bamboo", "s"))
HONOURS = ("1z", "2z", "3z", "4z", "5z", "6z", "7z")
BONUS = ("1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f")

#: The documented layout: (row title, codes).
LAYOUT_ROWS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    [(f"{name} 1{s}-9{s}", tuple(f"{n}{s}" for n in range(1, 10))) for name, s in SUITS]
    + [("winds and dragons E S W N, white, green, red", HONOURS), ("flowers and seasons 1f-8f", BONUS)])


class CalibrationError(ValueError):
    """The calibration photo cannot be used; ``problems`` lists what is wrong, one line each."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass
class LayoutResult:
    rows: list[list[int]]                        # indices into the tiles, rows in layout order
    codes: dict[int, str] = field(default_factory=dict)   # tile index -> assigned code
    problems: list[str] = field(default_factory=list)
    has_bonus: bool = False
    orientation: str = "as laid out"             # or "turned 180°", "rows bottom to top"...
    too_few: bool = False                        # fewer tiles than a layout short of a row (LAYOUT_LOOK_MIN)
    cut_off: bool = False                        # a row short of tiles runs off the photo
    # the photo is not read as a layout at all (another photo, or one too small): its rows, and the
    # way they lie ("turned a quarter clockwise"), mean nothing to the player
    unreadable: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems

    def expected_rows(self) -> int:
        return 5 if self.has_bonus else 4


def _centres(tiles) -> np.ndarray:
    """Tile centres: the mean of the face corners when known (perspective), else the box's."""
    pts = []
    for t in tiles:
        if getattr(t, "corners", None):
            pts.append(np.asarray(t.corners, float).mean(0))
        else:
            x0, y0, x1, y1 = t.box
            pts.append(((x0 + x1) / 2, (y0 + y1) / 2))
    return np.asarray(pts, float)


def row_direction(points: np.ndarray) -> float:
    """Angle (radians, in [-pi/2, pi/2)) of the rows: the mean direction, modulo half a turn, of
    each tile's vector to its nearest neighbour (in a row, neighbours are a tile width apart;
    across rows a tile length or more)."""
    d = points[:, None, :] - points[None, :, :]
    dist = np.linalg.norm(d, axis=-1)
    np.fill_diagonal(dist, np.inf)
    nn = dist.argmin(1)
    v = points[nn] - points
    ang = np.arctan2(v[:, 1], v[:, 0])
    # Doubled angles make a direction and its opposite agree.
    s, c = np.sin(2 * ang).sum(), np.cos(2 * ang).sum()
    theta = 0.5 * math.atan2(s, c)
    return (theta + math.pi / 2) % math.pi - math.pi / 2


def chain_rows(points: np.ndarray, theta: float, pitch: float) -> list[list[int]]:
    """Rows as chains of tiles, each linked to its nearest right-hand neighbour (mutual links
    only), sorted top to bottom, tiles left to right, in the frame turned by ``-theta``."""
    rot = np.array([[math.cos(theta), math.sin(theta)], [-math.sin(theta), math.cos(theta)]])
    uv = points @ rot.T        # u along the rows, v across (down)
    n = len(points)
    right = [-1] * n
    for i in range(n):
        du = uv[:, 0] - uv[i, 0]
        dv = uv[:, 1] - uv[i, 1]
        ok = (du > 0.45 * pitch) & (du < 3.3 * pitch) & (np.abs(dv) < 0.45 * np.maximum(du, pitch))
        ok[i] = False
        if ok.any():
            cost = np.where(ok, du + 3 * np.abs(dv), np.inf)
            right[i] = int(cost.argmin())
    left = [-1] * n
    for i, j in enumerate(right):
        if j >= 0:
            # Keep the closest claimant when two tiles pick the same neighbour.
            if left[j] < 0 or abs(uv[i, 0] - uv[j, 0]) < abs(uv[left[j], 0] - uv[j, 0]):
                left[j] = i
    right = [j if j >= 0 and left[j] == i else -1 for i, j in enumerate(right)]
    chains = []
    for i in range(n):
        if left[i] < 0:
            chain = [i]
            while right[chain[-1]] >= 0:
                chain.append(right[chain[-1]])
            chains.append(chain)
    chains.sort(key=lambda ch: float(np.mean(uv[ch, 1])))
    return chains


def _row_gaps(points: np.ndarray, row: list[int], pitch: float) -> list[int]:
    """Positions k where the step from tile k to tile k+1 is wide enough to hold a missing tile."""
    steps = [float(np.linalg.norm(points[row[k + 1]] - points[row[k]])) for k in range(len(row) - 1)]
    return [k for k, s in enumerate(steps) if s > 1.6 * pitch]


def _pattern_score(lengths: list[int]) -> int:
    """How many rows have the length the layout expects at their place (higher is better)."""
    return sum(1 for a, (_, codes) in zip(lengths, LAYOUT_ROWS) if a == len(codes))


def _row_agreement(rows: list[list[int]], tiles) -> int:
    """Tiles whose base-model reading belongs to their row (any length: a missing tile shifts the
    places but not the row)."""
    return sum(1 for row, (_, codes) in zip(rows, LAYOUT_ROWS) for i in row
               if getattr(tiles[i], "code", None) in codes)


def _agreement(rows: list[list[int]], tiles) -> int:
    """Tiles whose base-model reading is the code of their place (rows of the right length)."""
    n = 0
    for row, (_, codes) in zip(rows, LAYOUT_ROWS):
        if len(row) == len(codes):
            n += sum(1 for i, code in zip(row, codes) if getattr(tiles[i], "code", None) == code)
    return n


def _missing_row(rows: list[list[int]], tiles) -> int | None:
    """The layout row whose absence explains the rows found, else None: their lengths are the
    layout's with that row left out (with or without the bonus row), and the base model reads
    as many of their tiles as belonging to the rows they then are as to the rows at their places
    (at least half of them)."""
    lengths = [len(r) for r in rows]
    best = None
    for total in (4, 5):
        if len(rows) != total - 1:
            continue
        for k in range(4):      # the bonus row is not missing: a set may have none
            kept = LAYOUT_ROWS[:k] + LAYOUT_ROWS[k + 1:total]
            if [len(codes) for _, codes in kept] != lengths:
                continue
            agree = sum(1 for row, (_, codes) in zip(rows, kept) for i in row
                        if getattr(tiles[i], "code", None) in codes)
            if best is None or agree > best[0]:
                best = (agree, k)
    if best is None or best[0] < _row_agreement(rows, tiles) or 2 * best[0] < sum(lengths):
        return None
    return best[1]


def _rows_out_of_place(rows: list[list[int]], tiles) -> tuple[list[int], list[int]] | None:
    """(the layout rows found, in the photo's order; the four playing rows not found) when rows
    are missing and those found are laid in another order than the layout's: each found row is
    the layout row that most of its tiles are read as (ROW_NAMED_SHARE of them at least), each
    a different one, of that row's length. Without this, rows 9 9 7 with the dots left out and
    the characters and bamboo swapped were read turned half a turn and told "row 1 has 7 tiles,
    expected 9: the row runs off the photo". None otherwise."""
    named = []
    for row in rows:
        votes = [sum(1 for i in row if getattr(tiles[i], "code", None) in codes) for _, codes in LAYOUT_ROWS]
        k = int(np.argmax(votes))
        if votes[k] < ROW_NAMED_SHARE * len(row) or len(row) != len(LAYOUT_ROWS[k][1]) or k in named:
            return None
        named.append(k)
    absent = [k for k in range(4) if k not in named]
    if not absent or named in (sorted(named), sorted(named, reverse=True)):
        return None
    return named, absent


#: The layout's rows in a word each, as the swapped-rows message names them.
ROW_WORDS = ("characters", "dots", "bamboo", "honours", "flowers and seasons")
#: The share of a row's tiles the base model must read as one layout row's for the row to be
#: taken as that one, laid elsewhere (``_rows_out_of_place``).
ROW_NAMED_SHARE = 2 / 3


#: Fewer face-up tiles than this (two thirds of the 34) is not a layout with a tile or a row
#: missing (a row left out leaves 25 at least) but another photo, a hand's most often (14-22).
LAYOUT_LOOK_MIN = 23


#: A box that comes this close to the photo's edge (a share of the photo's long side) is cut by it.
FRAME_EDGE_SHARE = 0.005


def _reaches_edge(box, frame) -> bool:
    """Whether ``box`` reaches the edge of a photo ``frame`` (width, height) pixels large."""
    w, h = frame
    m = max(2.0, FRAME_EDGE_SHARE * max(w, h))
    x0, y0, x1, y1 = box
    return x0 <= m or y0 <= m or x1 >= w - m or y1 >= h - m


def _runs_off(row: list[int], pts: np.ndarray, tiles, frame, pitch: float, beyond: bool = True) -> bool:
    """Whether a row (indices into ``pts`` and ``tiles``, in order) runs off the photo: one of its
    end tiles reaches the edge, or (``beyond``) the place of a tile after it (or before the first)
    would."""
    if frame is None:
        return False
    ends = [(row[0], -1), (row[-1], 1)]
    u = pts[row[-1]] - pts[row[0]] if len(row) > 1 else np.zeros(2)
    u = u / max(float(np.linalg.norm(u)), 1e-9)
    for i, sign in ends:
        dx, dy = sign * pitch * u
        x0, y0, x1, y1 = tiles[i].box
        if _reaches_edge(tiles[i].box, frame) or (beyond and _reaches_edge((x0 + dx, y0 + dy, x1 + dx, y1 + dy),
                                                                          frame)):
            return True
    return False


#: A row's first tile this share of a place or more after the whole rows' starts (their median,
#: along the row) is not where the row starts: its first tile is missing. Half a place would be a
#: row laid askew; a whole place is a tile's room.
LATE_START_SHARE = 0.6


def _starts_late(k: int, local_rows: list, rows: list, pts: np.ndarray, pitch: float) -> bool:
    """Whether row ``k`` (``local_rows``: indices into ``pts``, in reading order; ``rows``: the
    same rows' tiles) starts ``LATE_START_SHARE`` of a place or more after the rows of the right
    length, two at least, along row ``k``'s own direction."""
    mine = local_rows[k]
    if len(mine) < 2:
        return False
    u = pts[mine[-1]] - pts[mine[0]]
    u = u / max(float(np.linalg.norm(u)), 1e-9)
    starts = [float(pts[r[0]] @ u) for j, r in enumerate(local_rows)
              if j != k and j < len(LAYOUT_ROWS) and len(rows[j]) == len(LAYOUT_ROWS[j][1]) and r]
    if len(starts) < 2:
        return False
    return float(pts[mine[0]] @ u) - float(np.median(starts)) >= LATE_START_SHARE * pitch


def assign_layout(tiles, frame=None) -> LayoutResult:
    """Sort the tiles of a calibration photo (``TileRead``s, face up) into the documented rows
    and give each the code of its place; ``problems`` says what does not fit. ``frame``, the
    photo's (width, height) in the boxes' pixels, tells a row cut off by the photo's edge."""
    problems = []
    face_up = [i for i, t in enumerate(tiles) if not getattr(t, "face_down", False)]
    face_down = [t for t in tiles if getattr(t, "face_down", False)]
    if len(face_up) < 2:
        return LayoutResult(rows=[], problems=_no_face_problems(face_down, tiles, frame) + [
            f"found {len(face_up)} face-up tile(s); expected 34 (or 42 with flowers and seasons)"])
    pts = _centres([tiles[i] for i in face_up])
    theta = row_direction(pts)
    d = np.linalg.norm(pts[:, None] - pts[None], axis=-1)
    np.fill_diagonal(d, np.inf)
    pitch = float(np.median(d.min(1)))          # tile width plus the gap: the unit of the layout
    chains = chain_rows(pts, theta, pitch)
    # The photo may be taken from another side of the table, or the rows laid bottom to top:
    # of the four readings (as is, turned half a turn, rows reversed, each row reversed), keep the
    # one whose row lengths fit the layout best, then the one the base model agrees with most.
    readings = {
        "as laid out": chains,
        "turned 180°": [list(reversed(ch)) for ch in reversed(chains)],
        "rows bottom to top": list(reversed(chains)),
        "rows right to left": [list(reversed(ch)) for ch in chains],
    }

    def fit(item):
        rows_ = [[face_up[i] for i in c] for c in item[1]]
        return (_pattern_score([len(c) for c in rows_]), _row_agreement(rows_, tiles), _agreement(rows_, tiles))
    read_as, chains = max(readings.items(), key=fit)   # max keeps the first of equals
    orientation = orientation_name(pts, chains)
    rows = [[face_up[i] for i in ch] for ch in chains]
    local_rows = chains
    result = LayoutResult(rows=rows, orientation=orientation)
    n = sum(len(r) for r in rows)
    # A lone tile beside four or more rows is a stray tile, not a row of its own.
    stray = [k for k, r in enumerate(rows) if len(r) == 1 and len(rows) > 4]
    for k in stray:
        problems.append(f"extra tile {_photo_region(tiles[rows[k][0]], tiles, frame)}, away from the rows: remove it")
    rows = [r for k, r in enumerate(rows) if k not in stray]
    local_rows = [r for k, r in enumerate(local_rows) if k not in stray]
    # the reader sees no face: a tile turned over, or one a hand or a coin covers (a trial's
    # covered tile was told it lay face down); placed by the rows the page shows
    problems[:0] = _no_face_problems(face_down, tiles, frame, pts, local_rows, pitch)
    result.rows = rows
    result.has_bonus = len(rows) >= 5
    if n - len(stray) < LAYOUT_LOOK_MIN:
        # a hand's photo, or a few tiles: per-row counts ("row 1 has 11 tiles, expected 9") would
        # tell the player to mend a layout they never laid out, and a line for each tile of the
        # wall behind a hand ("a tile shows no face at ...", 13 of them) buried the count
        down = len(tiles) - len(face_up)
        problems = [f"found {n - len(stray)} tiles in {len(rows)} row(s) (rows of "
                    f"{' '.join(str(len(r)) for r in rows)})" + (f" and {down} face down" if down else "")
                    + "; the layout has 34 (or 42 with flowers and seasons)"]
        result.problems, result.too_few = problems, True
        return result
    if len(rows) not in (4, 5):
        if len(rows) == 1:
            problems.append(f"found 1 row of tiles ({n} tiles); expected 4 rows (9 9 9 7) or 5 with flowers "
                            "and seasons (9 9 9 7 8)")
        else:
            problems.append(f"found {len(rows)} rows of tiles ({n} tiles, rows of "
                            f"{' '.join(str(len(r)) for r in rows)}); expected 4 rows (9 9 9 7) or 5 with "
                            "flowers and seasons (9 9 9 7 8)")
    missing = _missing_row(rows, tiles)
    out_of_place = _rows_out_of_place(rows, tiles) if missing is None else None
    if out_of_place is not None:
        # no per-row counts either: each row is whole, in another row's place
        named, absent = out_of_place
        if read_as in ("turned 180°", "rows bottom to top"):
            named = named[::-1]          # said in the photo's own order of rows
        titles = [LAYOUT_ROWS[k][0] for k in absent]
        # one line a row: "rows 1 and 2 (...)" put English into the French message's number
        problems += [f"row {k + 1} ({title}) seems missing" for k, title in zip(absent, titles)]
        problems.append("the rows found are laid in another order (in turn: "
                        + ", ".join(ROW_WORDS[k] for k in named) + "): lay each row in its place, in the layout's "
                        "order (characters, dots, bamboo, honours, then flowers and seasons)")
        result.problems = problems
        return result
    if missing is not None:
        # the rows found are the others, in order: their own lengths are right, so the per-row
        # counts below would blame the wrong rows
        problems.append(f"row {missing + 1} ({LAYOUT_ROWS[missing][0]}) seems missing: the rows found are the "
                        f"layout's others (rows of {' '.join(str(len(r)) for r in rows)}); lay it out in its place")
        result.problems = problems
        return result
    for k, row in enumerate(rows[:5]):
        title, codes = LAYOUT_ROWS[k]
        if len(row) == len(codes):
            for idx, code in zip(row, codes):
                result.codes[idx] = code
            continue
        what = "missing" if len(row) < len(codes) else "extra"
        msg = f"row {k + 1} ({title}) has {len(row)} tiles, expected {len(codes)}"
        gaps = _row_gaps(pts, local_rows[k], pitch) if len(row) < len(codes) else []
        skipped = _skipped_by_reading([tiles[i] for i in row], codes) if len(row) == len(codes) - 1 else None
        # every row starts at the left, under the one before (docs/calibration.md, section 1): a row
        # one tile short whose first tile lies a place after the other rows' starts lacks its first
        # tile ("the layout runs off the photo" was said of a layout whose 1m alone was missing)
        late = (what == "missing" and not gaps and len(row) == len(codes) - 1
                and not (frame is not None and _reaches_edge(tiles[row[0]].box, frame))
                and _starts_late(k, local_rows, rows, pts, pitch))
        if late:
            msg += f": the {codes[0]} seems missing, before the first tile"
        # a gap in the row says where its tile is missing, though the row ends within a tile of the
        # edge (a tightly framed layout): only an end tile the edge cuts says it runs off then
        elif what == "missing" and _runs_off(local_rows[k], pts, [tiles[i] for i in face_up], frame, pitch,
                                           beyond=not gaps):
            # a trial's layout ran off the photo: "add the missing tile(s)" sent the player to
            # look for tiles that were all on the table
            msg += ": the row runs off the photo"
            result.cut_off = True
        elif gaps:
            g = gaps[0]
            msg += f": a tile seems missing after the {_ordinal(g + 1)} tile"
        elif skipped is not None:
            # the row pushed together, no gap to see: the base model's readings say which place is empty
            after, code = skipped
            msg += (f": the {code} seems missing, after the {_ordinal(after)} tile" if after
                    else f": the {code} seems missing, before the first tile")
        elif what == "extra":
            msg += ": remove the extra tile(s)"
        else:
            msg += ": add the missing tile(s) in order"
        problems.append(msg)
    if not problems:
        problems += out_of_order(result.codes, tiles)
    result.problems = problems
    return result


#: The base model's confidence from which its reading of a layout tile is taken as what the tile
#: is, to find tiles laid out of order (docs/decisions.md).
ORDER_SURE = 0.6


def _skipped_by_reading(row_tiles, codes) -> tuple[int, str] | None:
    """Where a row one tile short skips a code, by the base model's readings: (how many tiles
    come before the empty place, the code missing), when every tile reads as the code of its
    place once the one missing code is left out, and in no other way; None otherwise."""
    read, codes = [getattr(t, "code", None) for t in row_tiles], list(codes)
    fits = [j for j in range(len(codes)) if read == codes[:j] + codes[j + 1:]]
    return (fits[0], codes[fits[0]]) if len(fits) == 1 else None


def out_of_order(codes: dict, tiles) -> list[str]:
    """Problems where the layout's tiles seem laid out of order: the base model reads them,
    surely, as the codes of other places of the layout in a round (a row of characters and one
    of bamboos swapped; the dragons laid green, red, white). A profile built from such a photo
    learns each of those tiles as another and reads the set worse than the base model does (a
    club's set read right at 100 % went to 48 % with two rows swapped, 89 % with the dragons
    in a round). A set the base model misreads gives no such round, except two codes it
    confuses both ways (a set's kanji winds 2z and 3z): two tiles exchanged are not refused."""
    read = {code: tiles[i].code for i, code in codes.items()
            if tiles[i].code not in (None, code) and float(getattr(tiles[i], "confidence", 0)) >= ORDER_SURE}
    rounds, seen = [], set()
    for start in read:
        path, code = [], start
        while code in read and code not in path and code not in seen:
            path.append(code)
            code = read[code]
        seen.update(path)
        if code in path:
            rounds.append(path[path.index(code):])
    row_of = {code: k for k, (_, row_codes) in enumerate(LAYOUT_ROWS) for code in row_codes}
    moved = Counter(tuple(sorted((row_of[c], row_of[read[c]]))) for r in rounds for c in r
                    if row_of[c] != row_of[read[c]])
    swapped = [pair for pair, n in sorted(moved.items()) if n >= 10]    # five tiles each way at least
    rounds = [r for r in rounds if len(r) >= 3]
    if swapped:
        return [f"row {a + 1} and row {b + 1} seem swapped ({LAYOUT_ROWS[a][0]}, {LAYOUT_ROWS[b][0]}): the base "
                "model reads each row's tiles as the other's; lay the rows out in the layout's order (characters, "
                "dots, bamboo, honours, then flowers and seasons)"
                for a, b in swapped]
    if not rounds:
        return []
    named = "; ".join(f"{' '.join(read[c] for c in r)} where {' '.join(r)} go" for r in rounds)
    return [f"{sum(map(len, rounds))} tiles seem out of order ({named}): lay each tile in its place in the "
            "layout (winds E S W N, then the white, green and red dragons)"]


#: ``orientation_name``'s names by quarter turn of the rows (index 1: a row reads downwards), for
#: the rows following each other as laid out, then mirrored.
TURNED_NAMES = ("as laid out", "turned a quarter clockwise", "turned 180°", "turned a quarter anticlockwise")
MIRRORED_NAMES = ("rows bottom to top", "rows in columns, top to bottom from the left", "rows right to left",
                  "rows in columns, bottom to top from the right")


def orientation_name(pts: np.ndarray, chains: list[list[int]]) -> str:
    """How the photo shows the layout, named from its rows as read (``chains``: indices into
    ``pts``, the tiles' centres, in the photo's pixels, y down): which way a row reads (its first
    tile to its last), to the nearest quarter turn, and whether the rows follow each other the
    way they were laid out (downwards when a row reads rightwards) or mirrored, as when laid
    bottom to top. The name is what the player sees: a photo taken from the side reads "turned a
    quarter", not "turned 180°"."""
    rows = [c for c in chains if len(c) >= 2]
    if not rows or len(chains) < 2:
        return "as laid out"
    d = sum((pts[c[-1]] - pts[c[0]]) / max(np.linalg.norm(pts[c[-1]] - pts[c[0]]), 1e-9) for c in rows)
    n = pts[chains[-1]].mean(0) - pts[chains[0]].mean(0)
    quarter = round(math.atan2(d[1], d[0]) / (math.pi / 2)) % 4     # 1: a row reads downwards
    mirrored = d[0] * n[1] - d[1] * n[0] < 0
    return (MIRRORED_NAMES if mirrored else TURNED_NAMES)[quarter]


def upright(crop: np.ndarray, orientation: str) -> np.ndarray:
    """A layout tile's crop turned as the layout was laid out, for a page to show it (the photo
    turned 180° showed every tile upside down); ``orientation``: ``orientation_name``'s. The
    profile learns the crop as cut, which it reads either way up."""
    quarter = next((k for k, pair in enumerate(zip(TURNED_NAMES, MIRRORED_NAMES)) if orientation in pair), 0)
    # a tile lying across the photo is cut already stood up, its top to the left
    # (``vision.crops.crop_tile``): a quarter turn clockwise leaves it upside down, one
    # anticlockwise upright (turned a quarter more, every tile of such a photo lay on its side)
    turns = (0, 2, 2, 0)[quarter]
    return np.ascontiguousarray(np.rot90(crop, turns)) if turns else crop


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _no_face_problems(face_down, tiles, frame, pts=None, rows=None, pitch=None) -> list[str]:
    """A line for each tile showing no face, placed in words a player finds it by: in its row
    when it lies in one of ``rows`` (chains of indices into ``pts``, the face-up centres, in the
    layout's order), else by its part of the photo. A page shows no photo to find "(621, 379)" on."""
    lines = []
    for t in face_down:
        where = (_place_in_rows(t, pts, rows, pitch) if rows else None) or _photo_region(t, tiles, frame)
        lines.append(f"a tile shows no face {where} (face down, or covered): turn every tile face up, "
                     "with nothing over it")
    return lines


def _place_in_rows(t, pts: np.ndarray, rows: list[list[int]], pitch: float) -> str | None:
    """Where tile ``t`` lies in the layout's rows ("in row 2, between its 3rd and 4th tiles"), or
    None when it is no nearer than about a tile's pitch to any row's line."""
    c = _centres([t])[0]
    best = None
    for k, row in enumerate(rows):
        if len(row) < 2:
            continue
        a, b = pts[row[0]], pts[row[-1]]
        u = (b - a) / (np.linalg.norm(b - a) or 1.0)
        along = [float(np.dot(pts[i] - a, u)) for i in row]
        s = float(np.dot(c - a, u))
        v = c - a
        off = abs(float(u[0] * v[1] - u[1] * v[0]))     # distance from the row's line
        # beyond the row's ends by more than a pitch and a half: not in that row
        if off > 0.6 * pitch or s < along[0] - 1.5 * pitch or s > along[-1] + 1.5 * pitch:
            continue
        if best is None or off < best[0]:
            best = (off, k, sum(x < s for x in along), len(row))
    if best is None:
        return None
    _, k, before, n = best
    if before == 0:
        return f"in row {k + 1}, before its first tile"
    if before == n:
        return f"in row {k + 1}, after its last tile"
    return f"in row {k + 1}, between its {_ordinal(before)} and {_ordinal(before + 1)} tiles"


#: The parts of a photo by thirds, (row, column), as a player is told where a tile lies.
PHOTO_REGIONS = (("at the top left of the photo", "at the top of the photo", "at the top right of the photo"),
                 ("on the left of the photo", "in the middle of the photo", "on the right of the photo"),
                 ("at the bottom left of the photo", "at the bottom of the photo",
                  "at the bottom right of the photo"))


def _photo_region(t, tiles, frame) -> str:
    """The third of the photo ``frame`` (width, height) tile ``t`` lies in, in words ("at the top
    left of the photo"); without a frame, the third of the tiles' own extent."""
    x, y = _centres([t])[0]
    if frame is not None:
        x0, y0, (x1, y1) = 0.0, 0.0, frame
    else:
        boxes = np.array([b.box for b in tiles], float)
        x0, y0, x1, y1 = boxes[:, 0].min(), boxes[:, 1].min(), boxes[:, 2].max(), boxes[:, 3].max()
    col = min(2, max(0, int(3 * (x - x0) / max(x1 - x0, 1e-9))))
    row = min(2, max(0, int(3 * (y - y0) / max(y1 - y0, 1e-9))))
    return PHOTO_REGIONS[row][col]


@dataclass
class Calibration:
    """A read calibration photo: the tiles, their rows, the codes assigned, the crops."""
    tiles: list
    layout: LayoutResult
    crops: list                       # crop per tile (BGR), same order as ``tiles``
    # per tile, its face cut by the corners the reader's corner network finds (BGR), or None
    faces: list | None = None
    # the tiles' median sharpness is under BLURRED though the layout was found: said, not refused
    blurred: bool = False
    # the photo was mirrored (a front camera's, a webcam app's): read mirrored back, and said
    mirrored: bool = False

    @property
    def ok(self) -> bool:
        return self.layout.ok

    def disagreements(self) -> list[tuple[int, str, str, float]]:
        """(tile index, assigned code, base model's code, its confidence) where they differ, a red
        five read at a five's place being that five (a one-colour set's every layout listed "5p read
        as 0p", and a 5p laid twice, read 0p both times, went unsaid by ``doubled``); the base
        model's code as it read it."""
        from scorer.tiles import normalize
        out = []
        for i, code in self.layout.codes.items():
            t = self.tiles[i]
            if t.code is None or normalize(t.code) != normalize(code):
                out.append((i, code, t.code, float(t.confidence)))
        return out

    def swapped(self) -> list[tuple[str, str]]:
        """Pairs of codes whose layout tiles are each read as the other's code: most likely two
        tiles laid in each other's place, which the profile would then read swapped in every photo
        (a 3p/7p swap read every 3p as 7p). Said, not refused: a set whose two faces the base model
        confuses looks the same (docs/calibration.md)."""
        from scorer.tiles import normalize
        read = {}
        for _, code, base, _conf in self.disagreements():
            if base:
                read.setdefault(code, set()).add(normalize(base))
        pairs = {tuple(sorted((a, b))) for a, bases in read.items() for b in bases if a in read.get(b, ())}
        return sorted(pairs)

    def doubled(self) -> list[tuple[str, str]]:
        """(code, place) pairs: the tile at ``place``'s place is read as ``code``, and so is the tile
        at ``code``'s own place: most likely a tile laid twice and ``place``'s missing (a 2m laid
        where the 3m goes), which the profile would learn as ``place``. Said, not refused: a set
        whose two faces the base model confuses looks the same (as ``swapped``)."""
        from scorer.tiles import normalize
        read_at = {code: self.tiles[i].code and normalize(self.tiles[i].code) for i, code in self.layout.codes.items()}
        swaps = set(self.swapped())
        said = [(normalize(base), place) for _, place, base, _conf in self.disagreements() if base]
        return sorted((base, place) for base, place in said
                      if read_at.get(base) == base and tuple(sorted((base, place))) not in swaps)

    def table(self) -> str:
        """Rows with the assigned codes; a base-model reading that differs is shown after '≠'. A
        tile no code was assigned to (its row refused) shows the base model's reading alone, in
        brackets ("?≠1p" read as cryptic)."""
        from scorer.tiles import normalize
        lines = []
        for k, row in enumerate(self.layout.rows):
            cells = []
            for i in row:
                base = self.tiles[i].code
                if i not in self.layout.codes:
                    cells.append(f"({base or '##'})")
                    continue
                code = self.layout.codes[i]
                same = base is not None and normalize(base) == code       # a red five read at its five's place
                cells.append(code if same else f"{code}≠{base or '##'}")
            lines.append(f"row {k + 1}: " + " ".join(cells))
        return "\n".join(lines)

    def build_profile(self, name: str, embed=None, progress=None):
        """The tile-set profile of this layout (about a minute; ``progress(done, total)`` follows
        the fine-tuning)."""
        from .profile import TileSetProfile
        if not self.layout.ok:
            raise CalibrationError(self.layout.problems)
        items = sorted(self.layout.codes.items(), key=lambda kv: kv[0])
        examples = [(self.crops[i], code) for i, code in items]
        faces = [(self.faces[i], code) for i, code in items
                 if EXAMPLE_FACES and self.faces is not None and self.faces[i] is not None]
        absent = [] if self.layout.has_bonus else list(BONUS)
        return TileSetProfile.from_examples(examples, name=name, embed=embed, absent_codes=absent,
                                            progress=progress, face_examples=faces)


def calibrate(image, reader=None) -> Calibration:
    """Read a calibration photo (path, bytes or BGR array) and assign codes by position; a
    mirrored photo is read mirrored back (``Calibration.mirrored``)."""
    from .reader import default_reader, too_dark
    reader = reader or default_reader()
    if getattr(reader, "config", None) is not None and reader.config.blank_read_floor is not None:
        # the layout's white dragon gets its code from its place: an unsure 5z read is kept
        reader = copy.copy(reader)
        reader.config = replace(reader.config, blank_read_floor=None)
    config = getattr(reader, "config", None)
    decoded, picture = _examples_picture(image, config)
    if config is not None:
        # read as it stands: reading would even it a second time (evening is not idempotent),
        # and the tiles be found in another picture than the one their examples are cut from
        reader = copy.copy(reader)
        reader.config = replace(config, dark_p99=None, shade_gain=None, sharpen_above=None)
    tiles, crops, faces, layout = _read_layout(picture, decoded.scale, reader, config)
    mirrored = False
    if layout.orientation in MIRRORED_NAMES:
        # rows that read mirrored are either laid so or a mirrored photo (a front camera's, a webcam
        # app's): the photo mirrored back is taken when its rows fit and the base model reads fewer
        # of its tiles otherwise than their places say (a mirrored face reads less surely), or the
        # rows as read do not fit (fewer tiles placed, fewer read otherwise: no measure then)
        back = _read_layout(np.ascontiguousarray(picture[:, ::-1]), decoded.scale, reader, config)
        if back[3].ok and (not layout.ok or read_elsewhere(back[0], back[3].codes) < read_elsewhere(tiles, layout.codes)):
            tiles, crops, faces, layout = back
            picture = np.ascontiguousarray(picture[:, ::-1])
            mirrored = True
    height, width = picture.shape[:2]
    photo_side = max(width, height) * decoded.scale
    if layout.problems and photo_side < LAYOUT_MIN_LONG_SIDE:
        # a thumbnail was told "does not look like the layout", or the rows' counts: its size first
        layout.problems.insert(0, f"the photo is only {round(width * decoded.scale)}×{round(height * decoded.scale)} "
                                  "pixels: too small for the layout's tiles to be read; send the photo as the camera "
                                  "took it, at full size")
        layout.unreadable = True
    elif layout.problems and too_dark(decoded.image):
        # a photo taken with too little light lost the tiles its rows then report as missing (the
        # docs' example at a thirtieth of its light: "does not look like the layout"): the cause first
        layout.problems.insert(0, "the photo is very dark: take it again in more light (a lamp, or the phone's "
                                  "flash)")
    elif layout.problems and crops and sharpness(crops) < BLURRED:
        # a shaken photo loses tiles, which the rows then report as missing: the cause first
        layout.problems.insert(0, "the photo seems blurred (the tiles' edges are soft): hold the phone still, "
                                  "in good light, and take it again")
    elif layout.cut_off:
        # not "this photo does not look like the layout": rows cut by the frame are short of tiles
        layout.problems.insert(0, "the layout runs off the photo: take it again with every tile in the frame")
    elif layout.problems and (layout.too_few or len(layout.rows) < 3 or len(layout.problems) >= NOT_A_LAYOUT_PROBLEMS
                              or read_elsewhere_share(tiles, layout.codes) > NOT_A_LAYOUT_ELSEWHERE):
        # a hand photo got "row 1 has 14 tiles, expected 9: remove the extra tile(s)" and ten more
        # row advices: what it is not, first
        layout.problems.insert(0, "this photo does not look like the layout (the tiles in rows of 9, 9, 9 and 7, "
                                  "and 8 flowers and seasons, as the example picture shows): lay the tiles out so "
                                  "and take it again")
        layout.unreadable = True
    # a layout found in a blurred photo was saved unsaid: its profile read a trial's set 84.2 % against
    # 90.2 % from the same layout in focus (13 tiles read otherwise, each asked about as laid twice)
    blurred = not layout.problems and bool(crops) and sharpness(crops) < BLURRED
    return Calibration(tiles=tiles, layout=layout, crops=crops, faces=faces, blurred=blurred, mirrored=mirrored)


def _read_layout(picture, scale: float, reader, config):
    """(tiles, crops, faces, layout) of a calibration ``picture`` (decoded ``scale`` times smaller
    than the photo): its tiles read, cut by box and by face, their boxes given in the photo's
    pixels, and sorted into the layout's rows (``assign_layout``)."""
    from .crops import crop_tile
    tiles = reader.read(picture, embeddings=True)
    # ``read`` got the decoded image: its boxes are in its pixels; report them in the photo's.
    crops = [crop_tile(picture, t.box) for t in tiles]
    faces = face_cuts(picture, [t.box for t in tiles], getattr(reader, "corner_finder", None), config,
                      face_down=[getattr(t, "face_down", False) for t in tiles])
    for t in tiles:
        t.box = tuple(v * scale for v in t.box)
        if t.corners:
            t.corners = [(x * scale, y * scale) for x, y in t.corners]
    height, width = picture.shape[:2]
    return tiles, crops, faces, assign_layout(tiles, frame=(width * scale, height * scale))



#: The layout's tiles are learnt cut two ways, as the reader cuts a photo's tiles: by their box
#: and by their face's corners (``vision.corners``). Taught the box cuts alone (which show the
#: tile's sides and a neighbour), a profile read the face cuts of a set it never saw less well:
#: riichi, riichi Black and GL mono on the profile evaluation's tuning draws 11, 13, 17 and 19
#: (base ``hand_out``), 3,816 → 3,870 of 3,897 tiles, no set-draw worse (riichi's 8m read 9m);
#: a familiar group of photos, ``hand_photos``, 562 → 560 of 565 (docs/calibration.md, Decisions).
EXAMPLE_FACES = True


def _examples_picture(image, config):
    """(decoded, picture): a photo (path, bytes or BGR array) decoded as the reader cuts its
    crops, and the picture examples are cut from: as the reader will see the set's tiles, a dark
    or unevenly lit photo brightened, evened and sharpened as reading does
    (``vision.reader.exposed``; as decoded without a reader ``config``)."""
    from .decode import decode_image
    from .reader import CROP_SOURCE_SIDE, exposed
    decoded = decode_image(image if not hasattr(image, "__fspath__") else str(image), min_long_side=CROP_SOURCE_SIDE)
    return decoded, decoded.image if config is None else exposed(decoded.image, config)


def face_cuts(picture, boxes, corner_finder, config=None, face_down=None) -> list | None:
    """Per box of ``boxes`` (in ``picture``'s pixels), its tile's face cut as the reader cuts one
    (``vision.reader.add_face_cuts``, with ``config``, default ``ReaderConfig()``), None where
    ``face_down`` (one flag per box) says the tile is face down; None without a finder."""
    from .crops import TileCrops
    from .reader import ReaderConfig, add_face_cuts
    if corner_finder is None:
        return None
    up = [i for i in range(len(boxes)) if not (face_down and face_down[i])]
    cut = TileCrops([None] * len(up))     # add_face_cuts fills its faces only
    add_face_cuts(cut, picture, [boxes[i] for i in up], corner_finder, config or ReaderConfig())
    faces: list = [None] * len(boxes)
    for k, view in cut.faces.items():
        faces[up[k]] = view.crop
    return faces


def learning_cuts(image, boxes, reader=None) -> tuple[list, list]:
    """(box cuts, face cuts) of the tiles at ``boxes`` (in the photo's pixels) of a hand photo
    (path, bytes or BGR array), cut as a layout photo's examples are (``calibrate``): from the
    photo brightened, evened and sharpened as reading does (``_examples_picture``), by box and,
    with ``LEARNT_FACES`` and the ``reader``'s corner finder, by the face's corners (else None
    per tile). A corrected or confirmed tile so teaches a profile the tile as the reader sees it,
    where a crop cut by the web page shows a dark photo as taken."""
    from .crops import crop_tile
    from .reader import default_reader
    reader = reader or default_reader()
    config = getattr(reader, "config", None)
    decoded, picture = _examples_picture(image, config)
    boxes = [tuple(float(v) / decoded.scale for v in box) for box in boxes]
    crops = [crop_tile(picture, box) for box in boxes]
    faces = None
    if LEARNT_FACES and boxes:
        faces = face_cuts(picture, boxes, getattr(reader, "corner_finder", None), config)
    return crops, faces or [None] * len(crops)


def reading_of(image, boxes, reader=None):
    """``read(profile)``: the codes ``profile`` reads the tiles at ``boxes`` (in the photo's pixels)
    of a photo (path, bytes or BGR array) as, read as the reader reads given boxes
    (``vision.reader.read_crops``) in the picture examples are cut from (``learning_cuts``); the
    photo decoded once. The guard of ``TileSetProfile.learn_hand`` (``others``) reads with it the
    tiles of a hand's photo its lesson does not teach."""
    from .reader import default_reader, read_crops
    reader = reader or default_reader()
    config = getattr(reader, "config", None)
    decoded, picture = _examples_picture(image, config)
    boxes = [tuple(float(v) / decoded.scale for v in box) for box in boxes]

    def read(profile) -> list[str]:
        if not boxes:
            return []
        if config is None:      # a reader without a configuration: the classifier on the box cuts
            from .crops import crop_tile
            from .reader import classify_with_profile
            return [r.code for r in classify_with_profile(reader.classifier, [crop_tile(picture, b) for b in boxes],
                                                          profile)]
        return [r.code for r in read_crops(reader.classifier, picture, boxes, config, profile,
                                           corner_finder=getattr(reader, "corner_finder", None))[2]]
    return read


#: A tile the player corrects or confirms (a recorded hand) is learnt cut two ways too, by its box
#: and by its face's corners (``learning_cuts``), as the layout's tiles are (``EXAMPLE_FACES``).
LEARNT_FACES = True


#: With this many problems or more (or fewer than three rows), a calibration photo is first said not
#: to look like the layout at all (a picture of another layout had 11; a layout photo with one tile
#: missing or one too many has 1-2).
#: Not measured beyond the trial's photos: a message, not a refusal (the problems refuse it anyway).
NOT_A_LAYOUT_PROBLEMS = 4
#: ... or when more than this share of the tiles given a place are read as another code: a hand
#: photo of 36 tiles in four rows of 9 had one problem ("row 4 has 9 tiles, expected 7: remove the
#: extra tile(s)") while 26 of its first 27 tiles were read as other codes. A set the base model
#: reads poorly misreads many of its layout's tiles too (GL mono: 25-45 % before its profile,
#: docs/calibration.md), hence three quarters. Set by reasoning; a message only (the problems
#: refuse the photo either way).
NOT_A_LAYOUT_ELSEWHERE = 0.75


def read_elsewhere(tiles, codes: dict) -> int:
    """How many of the tiles given a place (``codes``: tile index → the place's code) the base
    model reads as another code, a red five as a five."""
    from scorer.tiles import normalize
    return sum(1 for i, code in codes.items()
               if tiles[i].code is not None and normalize(tiles[i].code) != normalize(code))


def read_elsewhere_share(tiles, codes: dict) -> float:
    """The share of the tiles given a place that the base model reads as another code
    (``read_elsewhere``; 0 when none has a place)."""
    return read_elsewhere(tiles, codes) / len(codes) if codes else 0.0


#: A calibration photo that failed with a long side under this many pixels is said to be too small
#: first. The docs' example layout (webui/static/calibration-layout.jpg, filling its frame) shrunk
#: reads whole down to 120 pixels and fails from 100 (a thumbnail was told it did not look like the
#: layout); a layout filling half its photo's width needs twice that. A message only.
LAYOUT_MIN_LONG_SIDE = 240


#: Below this median sharpness of the tiles, a calibration photo that failed is said to be
#: blurred (docs/decisions.md): the docs' example layout read 1,036 sharp, 38 / 16 / 5.7 blurred
#: by 2 / 3 / 6 pixels (it lost a tile at 6); 78 real photos of the shared set, 368 and more; a
#: rendered layout of an unseen set (crisper than any photo: 11,838 sharp) 4,502 / 837 / 239 / 34 by
#: 2 / 3 / 4 / 6 pixels, failing at 6 with the rows' causes alone (a calibration trial), so 50.
BLURRED = 50.0


def sharpness(crops) -> float:
    """The median over tile crops of the variance of the Laplacian of each, in grey at 64 pixels
    tall: how sharp the tiles' edges and ink are."""
    import cv2
    values = []
    for crop in crops:
        grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
        grey = cv2.resize(grey, (max(1, round(64 * grey.shape[1] / grey.shape[0])), 64))
        values.append(cv2.Laplacian(grey, cv2.CV_64F).var())
    return float(np.median(values))
