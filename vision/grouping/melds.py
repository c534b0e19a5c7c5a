"""Meld segmentation: a group of touching tiles split into melds of 3 or 4 (touching melds share
a group), each run of tiles scored and described as the meld it would be: a concealed kong (two
face-down tiles), an added kong (a sideways tile with another against it), an exposed kong or a
set (pung or chow) with the claimed tile turned sideways."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from scorer import tiles as T

from .config import WEIGHTS, GroupingWeights

#: Face-down patterns of a concealed kong: the two ends or the two middle tiles.
CONCEALED_KONG_PATTERNS = ((True, False, False, True), (False, True, True, False))
#: A face read blank: a white dragon, or a back seen without its colour.
BLANK_FACE = "5z"


@dataclass
class MeldCandidate:
    """One meld as a candidate reading describes it (indices into the tiles).

    ``kind``: "concealed_kong", "added_kong", "kong", "set" (pung or chow, settled by the codes),
    or, for a group that is no meld, "stray" or "apart" (left out: near the hand, or in a row far from it) or "invalid"; ``stacked``: tiles lying on
    the meld's tiles (an added kong's fourth tile); ``sideways_at``: position of the claimed tile;
    ``margin``: score margin of the meld split over the next best split of its group."""
    kind: str
    tiles: list[int]
    stacked: list[int] = field(default_factory=list)
    sideways_at: int | None = None
    face_down: list[int] = field(default_factory=list)
    margin: float = WEIGHTS.lone_split_margin


def same_tile(codes):
    return all(c is not None for c in codes) and len({T.normalize(c) for c in codes}) == 1


def is_chow(codes):
    if any(c is None or T.is_bonus(c) for c in codes):
        return False
    idx = sorted(T.index(c) for c in codes)
    return codes[0][1] in T.NUMBER_SUITS and len({c[1] for c in codes}) == 1 and idx == [idx[0], idx[0] + 1, idx[0] + 2]


#: The least probability of a reading (a top-3 code) that may make four tiles one kong: a top 3
#: always names three codes, most at 0.001 (a 7m read at 0.998 had 3m third at 0.0007).
KONG_CANDIDATE_FLOOR = 0.01


def could_be_kong(tiles, chunk) -> bool:
    """Whether four tiles may be one kong as read: one code among the likely readings (code and
    top-3 codes at ``KONG_CANDIDATE_FLOOR`` or more) of three of them at least. Four tiles of
    which no three can be alike (3m 3m 7m 8m, a row of three and a stray laid touching) were
    called a kong with a misread the decoder could not fix, and offered the kong menu."""
    seen = Counter()
    for i in chunk:
        likely = [tiles[i].code, *(c for c, p in tiles[i].top3 if p >= KONG_CANDIDATE_FLOOR)]
        seen.update({T.normalize(c) for c in likely if c})
    return bool(seen) and max(seen.values()) >= 3


def score_chunk(tiles, chunk, stacked, zs=None, weights: GroupingWeights = WEIGHTS):
    """Score and describe a run of 3 or 4 tiles read as one meld: 0 for a meld whose tiles agree,
    ``-weights.misread`` when the codes as read do not make that meld (a misread the decoder may
    fix), None for a shape no meld has. A plain meld earns nothing, so that more melds never look
    better. ``zs``: per tile, how much wider along the row it looks than its neighbours (log
    ratio): settles which tile is the sideways one when the flags say two or none.
    Returns (score, MeldCandidate) or None."""
    w = weights
    fd = [tiles[i].face_down for i in chunk]
    sw = [tiles[i].sideways for i in chunk]
    on = [stacked.get(i, []) for i in chunk]
    n_stacked = sum(len(s) for s in on)
    codes = [tiles[i].code for i in chunk]
    tile_list = list(chunk)
    on_top = [s for i in chunk for s in stacked.get(i, [])]
    if any(fd):
        if len(chunk) == 4 and tuple(fd) in CONCEALED_KONG_PATTERNS and not n_stacked:
            up = [c for c, f in zip(codes, fd) if not f]
            meld = MeldCandidate("concealed_kong", tile_list, on_top,
                                 face_down=[chunk[k] for k in range(4) if fd[k]])
            return w.concealed_kong_shape + (0.0 if same_tile(up) else -w.misread), meld
        return None
    blank = [c == BLANK_FACE for c in codes]
    if len(chunk) == 4 and tuple(blank) in CONCEALED_KONG_PATTERNS and not n_stacked and not any(sw):
        # Two blank faces where a concealed kong shows its backs, about two tiles alike: backs
        # read as white dragons (a greyscale photo's backs are as plain as a white dragon's face;
        # a trial's (8888p) was read 5z 8p 8p 5z and no hand was built). Scored as a misread the
        # player checks: a white dragon pair never lies split so in a meld.
        up = [c for c, b in zip(codes, blank) if not b]
        if same_tile(up):
            meld = MeldCandidate("concealed_kong", tile_list, on_top, face_down=[chunk[k] for k in range(4) if blank[k]])
            return w.concealed_kong_shape - w.misread, meld
    if n_stacked:
        base = [k for k, s in enumerate(on) if s]
        if len(chunk) == 3 and n_stacked == 1:
            allc = codes + [tiles[on[base[0]][0]].code]
            if sw[base[0]]:
                meld = MeldCandidate("added_kong", tile_list, on_top, sideways_at=base[0])
            else:
                # three tiles with the fourth laid upright on the middle one (sideways.find_stacked):
                # an exposed kong, claimed from where a sideways tile among them says, if one is
                meld = MeldCandidate("kong", tile_list, on_top, sideways_at=sw.index(True) if sum(sw) == 1 else None)
            return w.added_kong_shape + (0.0 if same_tile(allc) else -w.misread), meld
        return None
    z = [zs[i] if zs else None for i in chunk]
    penalty = 0.0
    if sum(sw) > 1:
        # One claimed tile per meld: the one that looks widest along the row.
        flagged = [k for k in range(len(chunk)) if sw[k]]
        if any(z[k] is None for k in flagged):
            return None
        at = max(flagged, key=lambda k: z[k])
        penalty = -w.two_sideways
    elif any(sw):
        at = sw.index(True)
    else:
        at = None
        known = [v for v in z if v is not None]
        if len(known) == len(chunk):
            k = max(range(len(chunk)), key=lambda k: z[k])
            rest = sorted(z[m] for m in range(len(chunk)) if m != k)
            if z[k] - rest[len(rest) // 2] > w.claimed_wider:   # clearly wider than its meld-mates
                at = k
    if len(chunk) == 4:
        if not could_be_kong(tiles, chunk):
            return None
        meld = MeldCandidate("kong", tile_list, on_top, sideways_at=at)
        return penalty + (0.0 if same_tile(codes) else -w.misread), meld
    meld = MeldCandidate("set", tile_list, on_top, sideways_at=at)
    return penalty + (0.0 if (same_tile(codes) or is_chow(codes)) else -w.misread), meld


def segment(tiles, group, stacked, claims_sideways, zs=None, weights: GroupingWeights = WEIGHTS):
    """Best split of a group of tiles into melds of 3 or 4 (touching melds share a group).
    Returns (score, melds, margin to the next best split); melds is None when no split exists."""
    n = len(group)
    results = []

    def rec(pos, acc_score, acc):
        if pos == n:
            results.append((acc_score, list(acc)))
            return
        for size in (3, 4):
            if pos + size <= n:
                found = score_chunk(tiles, group[pos:pos + size], stacked, zs, weights)
                if found is None:
                    continue
                sc, m = found
                acc.append(m)
                rec(pos + size, acc_score + sc, acc)
                acc.pop()
    if n <= 20:
        rec(0, 0.0, [])
    if not results:
        return -weights.unsegmentable, None, 0.0
    scored = []
    for sc, melds in results:
        if claims_sideways:
            # Riichi style: each claimed meld shows one sideways tile (002 §2).
            sc -= weights.claim_without_sideways * sum(
                1 for m in melds if m.kind in ("set", "kong") and m.sideways_at is None)
        scored.append((sc, melds))
    scored.sort(key=lambda r: -r[0])
    margin = scored[0][0] - scored[1][0] if len(scored) > 1 else weights.lone_split_margin
    return scored[0][0], scored[0][1], margin


def from_position(pos, size):
    """Who discarded the claimed tile, from its place in the meld (None: no claimed tile)."""
    if pos is None:
        return None
    if pos == 0:
        return "left"
    return "right" if pos == size - 1 else "across"
