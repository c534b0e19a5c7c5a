"""What the MCR patterns look at: the facts of a hand (computed once) and its readings.

A *reading* is one way to see the 14 tiles as a winning shape (issue 2, "the decomposition that
maximises the total is chosen"): the standard shapes of 4 sets + a pair (every decomposition),
seven pairs, seven shifted pairs, thirteen orphans, honours-and-knitted tiles and the knitted
straight with its 4th set and pair. Sets are tuples ``(kind, key, exposed)``; ``key`` is the tile
index of the lowest tile (a tuple of indices for knitted / whole-hand shapes). Tiles are integer
indices 0..33 (scorer.tiles): suit = i // 9 (3 = honours), rank = i % 9 + 1.
"""
from __future__ import annotations

from functools import lru_cache

from .. import errors
from .. import tiles as T
from ..decompose import THIRTEEN_ORPHANS

CHOW, PUNG, KONG, PAIR, KNIT, WHOLE = range(6)
KIND_NAMES = ("chow", "pung", "kong", "pair", "knitted", "special")
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
_WIND_INDEX = {"E": 27, "S": 28, "W": 29, "N": 30}
_INDEX = T._INDEX

#: The six knitted straights: 1-4-7 / 2-5-8 / 3-6-9 each in a different suit (000 n°45).
KNITTED_STRAIGHTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(s * 9 + r for s, start in zip(perm, (0, 1, 2)) for r in (start, start + 3, start + 6)))
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))


class Reading:
    """One reading, with the summary every set pattern needs computed once: the chows and the
    pungs/kongs as sorted ``(key, index in sets)`` pairs, and the pair."""
    __slots__ = ("form", "sets", "chows", "pungs", "pair")

    def __init__(self, form: str, sets: tuple):
        self.form = form
        self.sets = sets
        chows = []
        pungs = []
        pair = None
        for i, s in enumerate(sets):
            k = s[0]
            if k == CHOW:
                chows.append((s[1], i))
            elif k == PUNG or k == KONG:
                pungs.append((s[1], i))
            elif k == PAIR:
                pair = (s[1], i)
        chows.sort()
        pungs.sort()
        self.chows = chows
        self.pungs = pungs
        self.pair = pair


class HandFacts:
    """Everything about the hand that does not depend on how its tiles are read."""
    __slots__ = ("hand", "counts", "standing", "melds", "n_exposed", "win", "self_drawn",
                 "wall_last", "last_of_kind", "kong_replacement", "robbing_kong", "seat", "round",
                 "distinct", "flowers", "_unique_wait", "nine_gates", "options", "bits")

    def __init__(self, hand, options):
        ctx = hand.context
        self.options = options
        self.hand = hand
        counts = [0] * 34
        standing = [0] * 34
        index = _INDEX
        for t in hand.concealed:
            i = index[t]
            standing[i] += 1
            counts[i] += 1
        melds = []
        for m in hand.melds:
            first = index[m.tiles[0]]       # meld tiles are sorted (hand.make_meld)
            if m.type == "chow":
                melds.append((CHOW, first, True))
            elif m.type == "pung":
                melds.append((PUNG, first, True))
            else:
                melds.append((KONG, first, not m.concealed))
            for t in m.tiles:
                counts[index[t]] += 1
        self.counts = counts
        self.standing = tuple(standing)
        self.melds = tuple(melds)
        self.n_exposed = len([s for s in melds if s[2]])
        self.win = index[hand.winning_tile]
        distinct = [i for i in range(34) if counts[i]]
        self.distinct = tuple(distinct)
        bits = 0
        for i in distinct:
            bits |= 1 << i
        self.bits = bits          # bit i set when tile kind i is in the hand
        self.flowers = len(hand.bonus)
        self.seat = _WIND_INDEX[ctx.get("seat_wind")]
        self.round = _WIND_INDEX[ctx.get("round_wind")]
        self._read_flags(ctx)
        self._unique_wait = None
        self.nine_gates = False

    def rest_after_knit(self, knit) -> list[int]:
        rest = list(self.standing)
        for i in knit:
            rest[i] -= 1
        return rest

    @property
    def unique_wait(self) -> bool:
        """Exactly one tile kind completes the 13 standing-and-melded tiles (000 n°9-11), in the
        standard or seven-pairs shapes; worked out on first use only."""
        if self._unique_wait is None:
            self._unique_wait = is_unique_wait(self.standing, self.win, not self.melds)
        return self._unique_wait

    def unique_wait_knitted(self, rest) -> bool:
        """Unique-wait test on the standing tiles besides a knitted straight (000 n°9-11)."""
        rest = list(rest)
        rest[self.win] -= 1
        return len(waiting_tiles(tuple(rest), False)) == 1

    def _read_flags(self, ctx) -> None:
        """Win flags, checked against the tiles (a flag the tiles contradict is an input error)."""
        replacement = ctx.get("kong_replacement")
        robbing = ctx.get("robbing_kong")
        self_drawn = ctx.get("self_drawn")
        if replacement and robbing:
            raise errors.HandError(errors.BAD_FIELD, "a hand cannot win both on a kong replacement "
                                   "tile and by robbing a kong", field="context.robbing_kong")
        if replacement:
            if "self_drawn" in ctx and not self_drawn:
                raise errors.HandError(errors.BAD_FIELD, "a kong replacement tile is drawn: "
                                       "self_drawn cannot be false", field="context.self_drawn")
            if not any(s[0] == KONG for s in self.melds):
                raise errors.HandError(errors.BAD_FIELD, "out on a replacement tile needs a kong "
                                       "among the melds", field="context.kong_replacement")
            self_drawn = True
        if robbing:
            if self_drawn:
                raise errors.HandError(errors.BAD_FIELD, "robbing a kong is a win on another "
                                       "player's tile: self_drawn cannot be true",
                                       field="context.self_drawn")
            if self.counts[self.win] != 1:
                raise errors.HandError(errors.BAD_FIELD, "the robbed tile completes another player's "
                                       "kong: no other copy of it can be in the winner's hand",
                                       field="context.robbing_kong")
        self.self_drawn = bool(self_drawn)
        self.kong_replacement = bool(replacement)
        self.robbing_kong = bool(robbing)
        self.wall_last = bool(ctx.get("last_tile"))
        # 000 n°27: the 3 other copies must be discarded or in exposed sets, so a copy among the
        # winner's own standing tiles rules it out, and 3 copies in the winner's exposed melds
        # make it certain.
        win = self.win
        in_melds = self.counts[win] - self.standing[win]
        self.last_of_kind = (bool(ctx.get("last_of_kind")) and self.standing[win] == 1) or (
            in_melds == 3 and self.standing[win] == 1)


# ---- decompositions, suit by suit ------------------------------------------------------------
# Sets never cross suits, so a hand's decompositions are the product of its suits'. Caching per
# suit (9 counts) instead of per hand (34 counts) makes the cache useful across different hands.

def _by_rank(s):
    return s[1], s[0]


@lru_cache(maxsize=None)
def _suit_ways(key: tuple, honours: bool) -> tuple:
    """Every reading of one suit's counts as sets (and one pair when the count is 3n+2):
    ``((pair_rank or -1, ((kind, rank), ...)), ...)``, without duplicates."""
    n = sum(key)
    if n % 3 == 1:
        return ()
    out = set()
    size = len(key)

    def walk(c, i, pair, sets):
        while i < size and not c[i]:
            i += 1
        if i == size:
            out.add((pair, tuple(sorted(sets, key=_by_rank))))
            return
        if c[i] >= 3:
            c[i] -= 3
            walk(c, i, pair, sets + [(PUNG, i)])
            c[i] += 3
        if not honours and i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            walk(c, i, pair, sets + [(CHOW, i)])
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
        if pair < 0 and c[i] >= 2 and n % 3 == 2:
            c[i] -= 2
            walk(c, i, i, sets)
            c[i] += 2

    walk(list(key), 0, -1, [])
    return tuple(sorted(out))


_SUIT_SLICES = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))


@lru_cache(maxsize=65536)
def _standard_sets(standing: tuple) -> tuple:
    """Standing tiles as sets + pair: tuples of (kind, first, exposed=False), pair last."""
    per_suit = []
    pair_suits = 0
    for lo, hi, hon in _SUIT_SLICES:
        key = standing[lo:hi]
        n = sum(key)
        if not n:
            continue
        ways = _suit_ways(key, hon)
        if not ways:
            return ()
        if n % 3 == 2:
            pair_suits += 1
        per_suit.append((lo, ways))
    if pair_suits != 1:
        return ()
    combos = [((), -1)]
    for lo, ways in per_suit:
        combos = [(sets + tuple((k, lo + r, False) for k, r in wsets), pair if wp < 0 else lo + wp)
                  for sets, pair in combos for wp, wsets in ways]
    return tuple(sets + ((PAIR, pair, False),) for sets, pair in combos)


# ---- waits ---------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _suit_ok(key: tuple, honours: bool) -> bool:
    """Whether one suit's counts make sets (and one pair when 3n+2): stops at the first way."""
    n = sum(key)
    if n % 3 == 1:
        return False
    c = list(key)
    size = len(key)

    def ok(i: int, pair_left: bool) -> bool:
        while i < size and not c[i]:
            i += 1
        if i == size:
            return not pair_left
        if c[i] >= 3:
            c[i] -= 3
            good = ok(i, pair_left)
            c[i] += 3
            if good:
                return True
        if pair_left and c[i] >= 2:
            c[i] -= 2
            good = ok(i, False)
            c[i] += 2
            if good:
                return True
        if not honours and i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            good = ok(i, pair_left)
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
            return good
        return False

    return ok(0, n % 3 == 2)


@lru_cache(maxsize=None)
def _suit_completions(key: tuple, honours: bool) -> tuple:
    """Ranks whose addition makes this suit (sets only, sets + pair)."""
    sets_only, with_pair = [], []
    n = sum(key) + 1
    if n % 3 == 1:
        return (), ()
    c = list(key)
    size = len(key)
    near = set()
    for r, v in enumerate(key):
        if v:
            near.update(range(max(0, r - 2), min(size, r + 3)) if not honours else (r,))
    for r in sorted(near):
        c[r] += 1
        if _suit_ok(tuple(c), honours):
            (sets_only if n % 3 == 0 else with_pair).append(r)
        c[r] -= 1
    return tuple(sets_only), tuple(with_pair)


@lru_cache(maxsize=65536)
def waiting_tiles(counts: tuple, seven_pairs: bool) -> frozenset:
    """Tiles that complete ``counts`` (3n+1 tiles) into sets and a pair, or seven pairs.

    Only the position of the tiles counts, not how many copies are still unseen (001, Les
    attentes uniques, remark 2), so a fifth copy is not ruled out. Worked out suit by suit: the
    winning tile's suit must become complete while the others already are."""
    status = []          # per suit: 0 sets only (or empty), 2 sets + pair, 1 incomplete
    keys = []
    for lo, hi, hon in _SUIT_SLICES:
        key = counts[lo:hi]
        keys.append(key)
        n = sum(key)
        if n == 0:
            status.append(0)
        elif n % 3 == 1 or not _suit_ok(key, hon):
            status.append(1)
        else:
            status.append(n % 3)
    out = set()
    for s, (lo, hi, hon) in enumerate(_SUIT_SLICES):
        others = status[:s] + status[s + 1:]
        if 1 in others:
            continue
        pairs = others.count(2)
        if pairs > 1:
            continue
        sets_only, with_pair = _suit_completions(keys[s], hon)
        for r in (with_pair if pairs == 0 else sets_only):
            out.add(lo + r)
    if seven_pairs and sum(counts) == 13:
        odd = [i for i, n in enumerate(counts) if n % 2]
        if len(odd) == 1:
            out.add(odd[0])
    return frozenset(out)


def is_unique_wait(counts_after_win: tuple, win: int, seven_pairs: bool) -> bool:
    c = list(counts_after_win)
    c[win] -= 1
    return len(waiting_tiles(tuple(c), seven_pairs)) == 1


# ---- readings ------------------------------------------------------------------------------

def _is_nine_gates(standing: tuple, win: int) -> bool:
    """000 n°78: the 13 tiles before the win are 1112345678999 of one suit."""
    if win >= 27:
        return False
    base = (win // 9) * 9
    c = list(standing[base:base + 9])
    if sum(c) != 14:
        return False
    c[win - base] -= 1
    return c == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def readings(h: HandFacts) -> list[Reading]:
    """Every reading of the hand (standard ones first). Also sets ``h.nine_gates``, which is a
    fact of the standing tiles scored on the standard readings (000 n°78)."""
    standing = h.standing
    out: list[Reading] = []
    melds = h.melds
    for sets in _standard_sets(standing):
        out.append(Reading("standard", melds + sets))
    if not melds:
        distinct = h.distinct
        nd = len(distinct)
        if nd <= 7 and not any(standing[i] & 1 for i in distinct):
            pairs = []
            for i in distinct:
                pairs.extend([(PAIR, i, False)] * (standing[i] // 2))
            shifted = (nd == 7 and distinct[0] < 27 and distinct[-1] - distinct[0] == 6
                       and distinct[0] // 9 == distinct[-1] // 9)
            out.append(Reading("seven_shifted_pairs" if shifted else "seven_pairs", tuple(pairs)))
        elif nd >= 12:
            if all(standing[i] for i in THIRTEEN_ORPHANS) and sum(standing[i] for i in THIRTEEN_ORPHANS) == 14:
                out.append(Reading("thirteen_orphans", ((WHOLE, tuple(distinct), False),)))
            if nd == 14:
                numbered = tuple(i for i in distinct if i < 27)
                if 7 <= len(numbered) <= 9 and any(set(numbered) <= set(k) for k in KNITTED_STRAIGHTS):
                    honours = tuple(i for i in distinct if i >= 27)
                    out.append(Reading("honours_knitted", ((KNIT, numbered, False), (WHOLE, honours, False))))
        elif distinct[-1] < 27 and distinct[0] // 9 == distinct[-1] // 9:
            h.nine_gates = _is_nine_gates(standing, h.win)
    if len(melds) <= 1 and len(h.distinct) >= 9:
        for knit in KNITTED_STRAIGHTS:
            if all(standing[i] for i in knit):
                rest = list(standing)
                for i in knit:
                    rest[i] -= 1
                for sets in _standard_sets(tuple(rest)):
                    out.append(Reading("knitted_straight", ((KNIT, knit, False),) + melds + sets))
    return out


def set_tiles(s) -> list[int]:
    kind, key = s[0], s[1]
    if kind == CHOW:
        return [key, key + 1, key + 2]
    if kind == PUNG:
        return [key] * 3
    if kind == KONG:
        return [key] * 4
    if kind == PAIR:
        return [key] * 2
    return list(key)
