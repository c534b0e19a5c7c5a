"""What the MCR patterns look at: the facts of a hand (computed once) and its readings.

A *reading* is one way to see the 14 tiles as a winning shape (the decomposition that
maximises the total is chosen): the standard shapes of 4 sets + a pair (every decomposition),
seven pairs, seven shifted pairs, thirteen orphans, honours-and-knitted tiles and the knitted
straight with its 4th set and pair. Sets are tuples ``(kind, key, exposed)``; ``key`` is the tile
index of the lowest tile (a tuple of indices for knitted / whole-hand shapes). Tiles are integer
indices 0..33 (scorer.tiles): suit = i // 9 (3 = honours), rank = i % 9 + 1.
"""
from __future__ import annotations

import gc
from functools import lru_cache

from .. import errors
from .. import tiles as T
from ..context import CONTEXT_KEYS
from ..decompose import THIRTEEN_ORPHANS

CHOW, PUNG, KONG, PAIR, KNIT, WHOLE = range(6)
KIND_NAMES = ("chow", "pung", "kong", "pair", "knitted", "special")
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
_WIND_INDEX = {"E": 27, "S": 28, "W": 29, "N": 30}
#: The registered defaults of the context keys HandFacts reads.
_CONTEXT_DEFAULTS = {k: CONTEXT_KEYS[k].default for k in (
    "self_drawn", "seat_wind", "round_wind", "last_tile", "kong_replacement", "robbing_kong",
    "last_of_kind")}
_INDEX = T._INDEX
_BIT = tuple(1 << i for i in range(34))
#: _SUIT_KINDS[suit][m]: the tile indices of suit ``suit`` whose rank bits are set in m (9 bits).
_SUIT_KINDS = tuple(tuple(tuple(9 * suit + r for r in range(9) if m >> r & 1) for m in range(512))
                    for suit in range(4))

#: The six knitted straights: 1-4-7 / 2-5-8 / 3-6-9 each in a different suit (000 n°45).
KNITTED_STRAIGHTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(s * 9 + r for s, start in zip(perm, (0, 1, 2)) for r in (start, start + 3, start + 6)))
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))

_KNITTED_BITS = tuple((k, sum(1 << i for i in k)) for k in KNITTED_STRAIGHTS)


class Reading:
    """One reading, with the summary every set pattern needs computed once: the chows and the
    pungs/kongs as sorted ``(key, index in sets)`` pairs, and the pair."""
    __slots__ = ("form", "sets", "chows", "pungs", "pair", "_claimed")

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
            elif k == PAIR:
                pair = (s[1], i)
            elif k <= KONG:                 # a pung or a kong
                pungs.append((s[1], i))
        chows.sort()
        pungs.sort()
        self.chows = chows
        self.pungs = pungs
        self.pair = pair
        self._claimed = None

    def claimed_pung(self, h) -> int:
        """Index in ``sets`` of the standing pung that the discard completed, or -1: such a pung
        is exposed (000 n°21 « complétés sans réclamer de tuile »), unless the winning tile can
        be read as part of a standing chow of this reading (the player says which set the claimed
        tile completed: ruling MCR-13). Worked out once per reading."""
        claimed = self._claimed
        if claimed is None:
            claimed = -1
            if not h.self_drawn:
                win = h.win
                sets = self.sets
                for t, i in self.pungs:
                    if t == win:
                        s = sets[i]
                        if s[0] == PUNG and not s[2]:
                            claimed = i
                            for f, j in self.chows:
                                if f <= win <= f + 2 and not sets[j][2]:
                                    claimed = -1
                                    break
                            break
            self._claimed = claimed
        return claimed


class HandFacts:
    """Everything about the hand that does not depend on how its tiles are read."""
    __slots__ = ("hand", "counts", "standing", "melds", "n_exposed", "win", "self_drawn",
                 "wall_last", "last_of_kind", "last_of_kind_known", "kong_replacement", "robbing_kong", "seat", "round",
                 "distinct", "flowers", "_unique_wait", "nine_gates", "options", "bits")

    def __init__(self, hand, options):
        ctx = hand.context
        # every key read here, given or defaulted; self_drawn as the context reads it, which
        # implies it for a win that can only be drawn (Context.get, SELF_DRAWN_BY_DEFINITION: the
        # blessings of heaven and earth, 002 §4.2.5, 004 8E; MCR, 000, scores no fan for them)
        values = _CONTEXT_DEFAULTS | ctx.given | {"self_drawn": ctx.get("self_drawn")}
        self.options = options
        self.hand = hand
        index = _INDEX
        bit = _BIT
        counts = [0] * 34
        bits = 0                  # bit i set when tile kind i is in the hand
        for t in hand.concealed:
            i = index[t]
            counts[i] += 1
            bits |= bit[i]
        self.standing = tuple(counts)
        melds = []
        n_exposed = 0
        for m in hand.melds:
            tiles = m.tiles
            first = index[tiles[0]]       # meld tiles are sorted (hand.make_meld)
            kind = m.type
            if kind == "chow":
                melds.append((CHOW, first, True))
                counts[first] += 1
                counts[first + 1] += 1
                counts[first + 2] += 1
                bits |= bit[first] | bit[first + 1] | bit[first + 2]
                n_exposed += 1
            else:
                bits |= bit[first]
                if kind == "pung":
                    melds.append((PUNG, first, True))
                    n_exposed += 1
                else:
                    exposed = not m.concealed
                    melds.append((KONG, first, exposed))
                    n_exposed += exposed
                counts[first] += len(tiles)
        self.counts = counts
        self.melds = tuple(melds)
        self.n_exposed = n_exposed
        self.win = index[hand.winning_tile]
        self.bits = bits
        # the tile kinds present, in order, suit by suit from a table of the 512 rank sets
        self.distinct = (_SUIT_KINDS[0][bits & 511] + _SUIT_KINDS[1][bits >> 9 & 511]
                         + _SUIT_KINDS[2][bits >> 18 & 511] + _SUIT_KINDS[3][bits >> 27])
        self.flowers = len(hand.bonus)
        self.seat = _WIND_INDEX[values["seat_wind"]]
        self.round = _WIND_INDEX[values["round_wind"]]
        self._read_flags(ctx, values)
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
        unique = self._unique_wait
        if unique is None:
            before = list(self.standing)
            before[self.win] -= 1
            unique = self._unique_wait = len(waiting_tiles(tuple(before), not self.melds)) == 1
        return unique

    def unique_wait_knitted(self, rest) -> bool:
        """Unique-wait test on the standing tiles besides a knitted straight (000 n°9-11)."""
        rest = list(rest)
        rest[self.win] -= 1
        return len(waiting_tiles(tuple(rest), False)) == 1

    def _read_flags(self, ctx, values: dict) -> None:
        """Win flags, checked against the tiles (a flag the tiles contradict is an input error).
        ``values``: the context keys, given or defaulted."""
        replacement = values["kong_replacement"]
        robbing = values["robbing_kong"]
        self_drawn = values["self_drawn"]
        if replacement and robbing:
            raise errors.HandError(errors.BAD_FIELD, "a hand cannot win both on a kong replacement "
                                   "tile and by robbing a kong", field="context.robbing_kong")
        blessing = next((k for k in ("tenhou", "chiihou") if ctx.given.get(k)), None)
        if blessing is not None:
            # won on the wall's first tile (002 §4.2.5, 004 8E), as the other rule sets refuse
            # these pairs: a discarder given with --tenhou was scored as a discard
            said = "the blessing of heaven" if blessing == "tenhou" else "the blessing of earth"
            if ctx.get("discarder") is not None or ("self_drawn" in ctx and not self_drawn):
                raise errors.HandError(errors.BAD_FIELD, f"{said} is won on a tile drawn from the wall: it has "
                                       "no discarder", field="context.discarder" if ctx.get("discarder") is not None
                                       else "context.self_drawn")
            if robbing:
                raise errors.HandError(errors.BAD_FIELD, f"{said} is won on a tile drawn from the wall, not by "
                                       "robbing a kong", field="context.robbing_kong")
        if replacement:
            if "discarder" in ctx and ctx.get("discarder") is not None:
                # 000 n°42: the replacement tile is drawn from the wall (Lexique), never discarded
                raise errors.HandError(errors.BAD_FIELD, "a kong replacement tile is drawn from the wall: a win "
                                       "on it has no discarder", field="context.discarder")
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
            if values["last_tile"]:
                # 000 n°41 is a win on the last discard, and a robbed tile is no discard; a kong
                # declared on the last tile would need a replacement from an empty wall (« Si le
                # mur ne contient plus de tuiles [...] la manche est finie »)
                raise errors.HandError(errors.BAD_FIELD, "a robbed kong is never the last tile: no kong can "
                                       "be declared once the wall is empty, and a robbed tile is not a discard",
                                       field="context.last_tile")
        self.self_drawn = bool(self_drawn)
        self.kong_replacement = bool(replacement)
        self.robbing_kong = bool(robbing)
        self.wall_last = bool(values["last_tile"])
        # 000 n°27: the 3 other copies must be discarded or in exposed sets, so a copy among the
        # winner's own standing tiles rules it out, and 3 copies in the winner's exposed melds
        # make it certain.
        win = self.win
        in_melds = self.counts[win] - self.standing[win]
        if values["last_of_kind"] and self.standing[win] != 1:
            # given, not implied: a flag the tiles contradict is an input error (MCR-16)
            raise errors.HandError(errors.BAD_FIELD, f"the winning tile cannot be the last of its kind: the "
                                   f"winner holds {self.standing[win] - 1} other copy(ies) of it, and the 3 "
                                   "others must be discarded or in exposed sets (000 n°27)",
                                   field="context.last_of_kind")
        self.last_of_kind = (bool(values["last_of_kind"]) and self.standing[win] == 1) or (
            in_melds == 3 and self.standing[win] == 1)
        # the tiles settle it either way (a copy held, or the 3 others in exposed melds): not an assumption
        self.last_of_kind_known = self.standing[win] != 1 or in_melds == 3


# ---- decompositions, suit by suit ------------------------------------------------------------
# Sets never cross suits, so a hand's decompositions are the product of its suits'. Caching per
# suit (9 counts) instead of per hand (34 counts) makes the cache useful across different hands.

def _by_rank(s):
    return s[1], s[0]


def _suit_ways(key: tuple, honours: bool) -> tuple:
    """Every reading of one suit's counts as sets (and one pair when the count is 3n+2):
    ``((pair_rank or -1, ((kind, rank), ...)), ...)``, without duplicates, sorted."""
    ways = _suit_table(honours).get(key)
    if ways is not None:
        return ways
    return _suit_ways_search(key, honours) if _beyond_table(key) else ()


@lru_cache(maxsize=None)
def _suit_ways_search(key: tuple, honours: bool) -> tuple:
    """``_suit_ways`` by search (what the table holds, for suits of any size)."""
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
#: _RANKS_OF[m]: the ranks (0-8) whose bits are set in m.
_RANKS_OF = tuple(tuple(r for r in range(9) if m >> r & 1) for m in range(512))


def _placed_ways(key: tuple, lo: int, honours: bool) -> tuple:
    """``_suit_ways`` of the suit starting at tile ``lo``, as reading sets
    ``(pair index or -1, ((kind, first, False), ...))`` (kept in _PLACED_BY_SUIT)."""
    return tuple([(-1 if wp < 0 else lo + wp, tuple([(k, lo + r, False) for k, r in wsets]))
                  for wp, wsets in _suit_ways(key, honours)])


#: Per suit (0-3): suit counts -> (pair-suit flag, ``_placed_ways``), or None when the counts
#: do not split into sets (and one pair). Filled on first use of each suit key (suit keys recur
#: across hands, so this is a per-suit table, not a per-hand cache).
_PLACED_BY_SUIT: tuple[dict, ...] = ({}, {}, {}, {})


def _suit_entry(suit: int, key: tuple):
    lo, _hi, hon = _SUIT_SLICES[suit]
    n = sum(key)
    ways = _placed_ways(key, lo, hon)
    entry = _PLACED_BY_SUIT[suit][key] = (n % 3 == 2, ways) if ways else None
    return entry


_SUIT_BOUNDS = ((0, 0, 9), (1, 9, 18), (2, 18, 27), (3, 27, 34))
#: The entry of a suit without tiles (skipped), put in each suit's table up front.
_NO_TILES = (False, ())
for _suit, _lo, _hi in _SUIT_BOUNDS:
    _PLACED_BY_SUIT[_suit][(0,) * (_hi - _lo)] = _NO_TILES
del _suit, _lo, _hi


_UNKNOWN = object()


def _standard_sets(standing: tuple) -> tuple:
    """Standing tiles as sets + pair: tuples of (kind, first, exposed=False), pair last. Not
    cached per hand (a new hand seldom repeats one): its suits are looked up in per-suit
    tables (_PLACED_BY_SUIT)."""
    per_suit = []
    pair_suits = 0
    single = True               # every suit read one way only (the usual case)
    tables = _PLACED_BY_SUIT
    for suit, lo, hi in _SUIT_BOUNDS:
        key = standing[lo:hi]
        entry = tables[suit].get(key, _UNKNOWN)
        if entry is _UNKNOWN:
            entry = _suit_entry(suit, key)
        if entry is None:
            return ()
        if entry is _NO_TILES:
            continue
        if entry[0]:
            pair_suits += 1
        ways = entry[1]
        if len(ways) != 1:
            single = False
        per_suit.append(ways)
    if pair_suits != 1:
        return ()
    if single:
        sets = ()
        pair = -1
        for ways in per_suit:
            wp, wsets = ways[0]
            sets += wsets
            if wp >= 0:
                pair = wp
        return (sets + ((PAIR, pair, False),),)
    combos = [((), -1)]
    for ways in per_suit:
        combos = [(sets + wsets, pair if wp < 0 else wp) for sets, pair in combos for wp, wsets in ways]
    return tuple([sets + ((PAIR, pair, False),) for sets, pair in combos])


# ---- waits ---------------------------------------------------------------------------------

#: At most 4 sets and a pair fit in one suit of a 14-tile hand.
_TABLE_MAX_TILES = 14


@lru_cache(maxsize=None)
def _sets_table(honours: bool) -> dict:
    """Every count vector of one suit made of at most 4 sets (no pair), with all its readings as
    sorted tuples of ``(kind, rank)`` (about 2,900 vectors)."""
    size = 7 if honours else 9
    shapes = [(PUNG, r) for r in range(size)]
    if not honours:
        shapes += [(CHOW, r) for r in range(size - 2)]
    ways: dict = {}
    c = [0] * size
    chosen: list = []

    def grow(start: int) -> None:
        ways.setdefault(tuple(c), set()).add(tuple(sorted(chosen, key=_by_rank)))
        if len(chosen) == 4:
            return
        for k in range(start, len(shapes)):
            kind, r = shapes[k]
            span = (r,) * 3 if kind == PUNG else (r, r + 1, r + 2)
            for t in span:
                c[t] += 1
            if all(c[t] <= 4 for t in span):
                chosen.append(shapes[k])
                grow(k)
                chosen.pop()
            for t in span:
                c[t] -= 1

    grow(0)
    return {key: tuple(sorted(entry)) for key, entry in ways.items()}


@lru_cache(maxsize=None)
def _suit_table(honours: bool) -> dict:
    """Every count vector of one suit, up to 14 tiles, that splits into sets and at most one
    pair, with all its readings in ``_suit_ways``' shape: the sets table, and each of its
    vectors with a pair added. Built once, on first use (about 22,000 vectors, some tens of
    milliseconds): a new hand's suits are then looked up instead of searched
    (tests/mcr/test_reading.py checks the lookups against the search)."""
    # The build makes some hundred thousand small tuples: pausing the cyclic garbage collector
    # (nothing here can form a cycle) halves its time.
    paused = gc.isenabled()
    gc.disable()
    try:
        return _build_suit_table(honours)
    finally:
        if paused:
            gc.enable()


def _build_suit_table(honours: bool) -> dict:
    sets = _sets_table(honours)
    table = {key: [(-1, w) for w in ways] for key, ways in sets.items()}
    # pair rank by pair rank, so each entry comes out sorted (ways are sorted in the sets table)
    for r in range(7 if honours else 9):
        for key, ways in sets.items():
            v = key[r]
            if v <= 2:
                with_pair = key[:r] + (v + 2,) + key[r + 1:]
                entry = table.get(with_pair)
                if entry is None:
                    table[with_pair] = [(r, w) for w in ways]
                else:
                    entry.extend([(r, w) for w in ways])
    return {key: tuple(entry) for key, entry in table.items()}


def _suit_ok(key: tuple, honours: bool) -> bool:
    """Whether one suit's counts make sets (and one pair when 3n+2). The table holds no key
    beyond it, so only a key it lacks can need the search."""
    if key in _suit_table(honours):
        return True
    return _beyond_table(key) and _suit_ok_search(key, honours)


def _beyond_table(key: tuple) -> bool:
    """Suit counts the table does not cover: more than 14 tiles, or a fifth copy (the wait
    search tries every tile kind whatever copies are left, 001 Les attentes uniques)."""
    return max(key) > 4 or sum(key) > _TABLE_MAX_TILES


@lru_cache(maxsize=None)
def _suit_ok_search(key: tuple, honours: bool) -> bool:
    """``_suit_ok`` by search (suits of more than 14 tiles): stops at the first way."""
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


def _suit_completions(key: tuple, honours: bool) -> tuple:
    """Ranks whose addition makes this suit (sets only, sets + pair); kept in _SUIT_WAIT_INFO."""
    n = sum(key) + 1
    if n % 3 == 1:
        return (), ()
    present = 0                 # bit r: rank r is in the suit
    bit = 1
    for v in key:
        if v:
            present |= bit
        bit <<= 1
    if not honours:
        # a completing tile lies within two ranks of a tile of the suit (it joins a set)
        present = (present | present << 1 | present << 2 | present >> 1 | present >> 2) & 511
    near = _RANKS_OF[present]
    table = _suit_table(honours)
    beyond = n > _TABLE_MAX_TILES or max(key) > 4      # a completion may leave the table
    found = []
    c = list(key)
    for r in near:
        v = c[r]
        c[r] = v + 1
        after = tuple(c)
        c[r] = v
        if after in table or ((beyond or v >= 4) and _suit_ok(after, honours)):
            found.append(r)
    found = tuple(found)
    return (found, ()) if n % 3 == 0 else ((), found)


#: Per suit, per honours flag: suit counts -> (status, ranks completing it as sets only, ranks
#: completing it as sets + pair); status 0 empty or sets only, 2 sets + pair, 1 incomplete.
#: Filled on first use of each suit key (suit keys recur across hands).
_SUIT_WAIT_INFO: tuple[dict, dict] = ({}, {})


def _suit_wait_info(key: tuple, honours: bool) -> tuple:
    info = _SUIT_WAIT_INFO[honours].get(key)
    if info is None:
        n = sum(key)
        if n == 0:
            status = 0
        elif n % 3 == 1 or not _suit_ok(key, honours):
            status = 1
        else:
            status = n % 3
        info = _SUIT_WAIT_INFO[honours][key] = (status,) + _suit_completions(key, honours)
    return info


def waiting_tiles(counts: tuple, seven_pairs: bool) -> frozenset:
    """Tiles that complete ``counts`` (3n+1 tiles) into sets and a pair, or seven pairs.

    Only the position of the tiles counts, not how many copies are still unseen (001, Les
    attentes uniques, remark 2), so a fifth copy is not ruled out. Worked out suit by suit: the
    winning tile's suit must become complete while the others already are."""
    numbered, honours = _SUIT_WAIT_INFO
    key = counts[0:9]
    i0 = numbered.get(key) or _suit_wait_info(key, False)
    key = counts[9:18]
    i1 = numbered.get(key) or _suit_wait_info(key, False)
    key = counts[18:27]
    i2 = numbered.get(key) or _suit_wait_info(key, False)
    key = counts[27:34]
    i3 = honours.get(key) or _suit_wait_info(key, True)
    infos = (i0, i1, i2, i3)
    status = (i0[0], i1[0], i2[0], i3[0])
    incomplete = status.count(1)
    pairs_all = status.count(2)
    out = set()
    if incomplete <= 1:
        lo = 0
        for info in infos:
            st = info[0]
            # when another suit is incomplete, this one cannot take the tile
            if not incomplete or st == 1:
                pairs = pairs_all - (st == 2)
                if pairs <= 1:
                    for r in (info[2] if pairs == 0 else info[1]):
                        out.add(lo + r)
            lo += 9
    if seven_pairs and sum(counts) == 13:
        # exactly one odd count waits for its pair (counted by C-level scans when, as in a real
        # hand, no kind has more than 4 copies)
        if max(counts) <= 4:
            ones = counts.count(1)
            if ones + counts.count(3) == 1:
                out.add(counts.index(1) if ones else counts.index(3))
        else:
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
        even = nd <= 7             # seven pairs: every count even (a loop: no generator call)
        if even:
            for i in distinct:
                if standing[i] & 1:
                    even = False
                    break
        if even:
            pairs = []
            for i in distinct:
                pairs.extend([(PAIR, i, False)] * (standing[i] // 2))
            shifted = (nd == 7 and distinct[0] < 27 and distinct[-1] - distinct[0] == 6
                       and distinct[0] // 9 == distinct[-1] // 9)
            out.append(Reading("seven_shifted_pairs" if shifted else "seven_pairs", tuple(pairs)))
        elif nd >= 12:
            if all(standing[i] for i in THIRTEEN_ORPHANS) and sum(standing[i] for i in THIRTEEN_ORPHANS) == 14:
                # all 14 tiles, the paired one twice: the reading shows the hand as it is (13 read as 13 tiles)
                out.append(Reading("thirteen_orphans", ((WHOLE, tuple(i for i in distinct for _ in range(standing[i])),
                                                         False),)))
            if nd == 14:
                numbered = tuple(i for i in distinct if i < 27)
                if 7 <= len(numbered) <= 9 and any(set(numbered) <= set(k) for k in KNITTED_STRAIGHTS):
                    honours = tuple(i for i in distinct if i >= 27)
                    out.append(Reading("honours_knitted", ((KNIT, numbered, False), (WHOLE, honours, False))))
        elif distinct[-1] < 27 and distinct[0] // 9 == distinct[-1] // 9:
            h.nine_gates = _is_nine_gates(standing, h.win)
    if len(melds) <= 1 and len(h.distinct) >= 9:
        bits = h.bits
        for knit, knit_bits in _KNITTED_BITS:
            if bits & knit_bits == knit_bits and all(standing[i] for i in knit):
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
