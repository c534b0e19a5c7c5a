"""Fans read from the sets of a reading (000 n°1-6, 14-16, 18, 20-22, 24, 26, 28, 30, 33-35, 37,
38, 48-54, 57, 59, 60, 64, 65, 67, 68, 70, 71, 73-76, 79)."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..reading import CHOW, PUNG, KONG, PAIR, KNIT
from . import Pattern, add, register


@register
class SinglePungs(Pattern):
    """One pung or kong on its own: 000 n°5, 14, 15, 16. A dragon pung is not also a pung of
    honours (ruling MCR-11, 001 "Chaque Pung de 1, de 9 ou de Vent marque 1 point")."""
    produces = ("dragon_pung", "pung_of_terminals_or_honours", "seat_wind", "prevalent_wind")
    source = "000 n°5, 14, 15, 16; 001 Pung d'extrémité et de Vent"

    def find(self, h, r, out):
        for t, i in r.pungs:
            bit = 1 << i
            if t >= 31:
                add(out, "dragon_pung", bit)
            elif t >= 27 or t % 9 in (0, 8):
                add(out, "pung_of_terminals_or_honours", bit)
                if t == h.seat:
                    add(out, "seat_wind", bit)
                if t == h.round:
                    add(out, "prevalent_wind", bit)


def _remap(found, positions) -> list:
    """Local masks (bit j = j-th set of a sorted list) → masks over the reading's sets."""
    out = []
    for fan, local in found:
        mask = 0
        j = 0
        while local:
            if local & 1:
                mask |= 1 << positions[j]
            local >>= 1
            j += 1
        out.append((fan, mask))
    return out


def _two_chows(a, b):
    if a // 9 == b // 9:
        d = b - a if b > a else a - b
        if d == 0:
            return "pure_double_chow"
        if d == 3:
            return "short_straight"
        if d == 6:
            return "two_terminal_chows"
    elif a % 9 == b % 9:
        return "mixed_double_chow"
    return None


def _three_chows(a, b, c):           # a <= b <= c
    sa, sb, sc = a // 9, b // 9, c // 9
    if sa != sb and sb != sc and sa != sc:
        ranks = sorted((a % 9, b % 9, c % 9))
        if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            return "mixed_shifted_chows"
        if ranks[0] == ranks[2]:
            return "mixed_triple_chow"
        if ranks == [0, 3, 6]:
            return "mixed_straight"
    elif sa == sb == sc:
        if b == a + 3 and c == b + 3:
            return "pure_straight"
        if a == b == c:
            return "pure_triple_chow"
        if b - a == c - b and b - a in (1, 2):
            return "pure_shifted_chows"
    return None


def _four_chows(a, b, c, d):        # sorted
    if a == d:
        return "quadruple_chow"
    if a // 9 == d // 9 and b - a == c - b == d - c and b - a in (1, 2):
        return "four_pure_shifted_chows"
    return None


@register
class ChowCombinations(Pattern):
    """Fans of 2, 3 or 4 chows (000 n°1-4, 30, 35, 37, 49, 51, 59, 64, 67). Every combination the
    sets show is reported; the account-once principle then decides which ones count."""
    produces = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows",
                "mixed_shifted_chows", "mixed_triple_chow", "mixed_straight", "pure_straight",
                "pure_triple_chow", "pure_shifted_chows", "quadruple_chow", "four_pure_shifted_chows")
    source = "000 n°1-4, 30, 35, 37, 49, 51, 59, 64, 67"

    def find(self, h, r, out):
        chows = r.chows
        if len(chows) < 2:
            return
        for fan, mask in _chow_matches(tuple([c[0] for c in chows]), tuple([c[1] for c in chows])):
            add(out, fan, mask)


@lru_cache(maxsize=65536)
def _chow_matches(firsts: tuple, positions: tuple) -> tuple:
    """``_chow_fans`` with masks over the reading's sets (chows at ``positions``); a per-layout
    table (few layouts recur)."""
    found = _chow_fans(firsts)
    return tuple(_remap(found, positions)) if found else ()


@lru_cache(maxsize=None)
def _chow_fans(firsts: tuple) -> tuple:
    """Fans of sorted chow first-tiles, with local masks (cached: there are few chow multisets)."""
    out = []
    n = len(firsts)
    idx = range(n)
    for i, j in combinations(idx, 2):
        fan = _two_chows(firsts[i], firsts[j])
        if fan:
            out.append((fan, (1 << i) | (1 << j)))
    if n >= 3:
        for i, j, k in combinations(idx, 3):
            fan = _three_chows(firsts[i], firsts[j], firsts[k])
            if fan:
                out.append((fan, (1 << i) | (1 << j) | (1 << k)))
    if n == 4:
        fan = _four_chows(*firsts)
        if fan:
            out.append((fan, 0b1111))
    return tuple(out)


def _consecutive(ranks):
    ranks = sorted(ranks)
    return all(ranks[k + 1] == ranks[k] + 1 for k in range(len(ranks) - 1))


@register
class PungCombinations(Pattern):
    """Fans of 2, 3 or 4 pungs/kongs, and the wind and dragon families with their pair
    (000 n°20, 34, 38, 48, 53, 60, 68, 70, 71, 75, 76). A kong counts as a pung (001 "Un Kong
    possède toutes les propriétés d'un Pung")."""
    produces = ("double_pung", "two_dragon_pungs", "mixed_shifted_pungs", "triple_pung",
                "pure_shifted_pungs", "big_three_winds", "big_three_dragons",
                "four_pure_shifted_pungs", "big_four_winds", "little_four_winds",
                "little_three_dragons")
    source = "000 n°20, 34, 38, 48, 53, 60, 68, 70, 71, 75, 76"

    def find(self, h, r, out):
        pungs = r.pungs
        pair = r.pair
        if len(pungs) < 2:
            return
        if pair:
            key, pos = pair
        else:
            key, pos = -1, 0
        for fan, mask in _pung_matches(tuple([p[0] for p in pungs]), key,
                                       tuple([p[1] for p in pungs]) + (pos,)):
            add(out, fan, mask)


def _pung_matches(keys: tuple, pair: int, positions: tuple) -> tuple:
    """``_pung_fans`` with masks over the reading's sets (the pungs, then the pair, at
    ``positions``)."""
    if not _may_have_pung_fans(keys, pair):
        return ()
    found = _pung_fans(keys, pair)
    return tuple(_remap(found, positions)) if found else ()


def _may_have_pung_fans(keys: tuple, pair: int) -> bool:
    """False when no fan of ``_pung_fans`` can apply (most hands): every one needs two
    numbered pungs of one rank, three of consecutive ranks, two dragon pungs, or three wind
    pungs (000 n°20, 34, 38, 48, 53, 60, 68, 70, 71, 75, 76)."""
    winds = dragons = 0
    ranks = 0
    for k in keys:
        if k >= 31:
            dragons += 1
        elif k >= 27:
            winds += 1
        else:
            bit = 1 << (k % 9)
            if ranks & bit:
                return True          # two pungs of one rank
            ranks |= bit
    if dragons >= 2 or winds >= 3:
        return True
    # three consecutive ranks (in one suit or in three)
    return bool(ranks & (ranks >> 1) & (ranks >> 2))


@lru_cache(maxsize=None)
def _pung_fans(keys: tuple, pair: int) -> tuple:
    """Fans of sorted pung tiles and the pair (local bit n is the pair), cached."""
    out = []
    n = len(keys)
    pair_bit = 1 << n
    idx = range(n)
    for i, j in combinations(idx, 2):
        a, b = keys[i], keys[j]
        if b < 27:
            if a % 9 == b % 9:
                out.append(("double_pung", (1 << i) | (1 << j)))
        elif a >= 31:
            out.append(("two_dragon_pungs", (1 << i) | (1 << j)))
    if n >= 3:
        for i, j, k in combinations(idx, 3):
            a, b, c = keys[i], keys[j], keys[k]
            fan = None
            if c < 27:
                suits = {a // 9, b // 9, c // 9}
                if len(suits) == 3:
                    if a % 9 == b % 9 == c % 9:
                        fan = "triple_pung"
                    elif _consecutive((a % 9, b % 9, c % 9)):
                        fan = "mixed_shifted_pungs"
                elif len(suits) == 1 and b == a + 1 and c == b + 1:
                    fan = "pure_shifted_pungs"
            elif a >= 27 and c <= 30:
                fan = "big_three_winds"
            elif a >= 31:
                fan = "big_three_dragons"
            if fan:
                out.append((fan, (1 << i) | (1 << j) | (1 << k)))
    if n == 4:
        a, b, c, d = keys
        if d < 27 and a // 9 == d // 9 and _consecutive(keys):
            out.append(("four_pure_shifted_pungs", 0b1111))
        elif a == 27 and d == 30:
            out.append(("big_four_winds", 0b1111))
    if 27 <= pair <= 30:
        winds = [i for i in idx if 27 <= keys[i] <= 30]
        if len(winds) == 3:
            out.append(("little_four_winds", pair_bit | sum(1 << i for i in winds)))
    elif pair >= 31:
        dragons = [i for i in idx if keys[i] >= 31]
        if len(dragons) == 2:
            out.append(("little_three_dragons", pair_bit | sum(1 << i for i in dragons)))
    return tuple(out)


@register
class TerminalChows(Pattern):
    """000 n°50 and n°74: 123 and 789 chows around a pair of fives."""
    produces = ("three_suited_terminal_chows", "pure_terminal_chows")
    forms = frozenset({"standard"})
    source = "000 n°50, 74"

    def find(self, h, r, out):
        sets = r.sets
        pair = sets[-1][1]
        if pair >= 27 or pair % 9 != 4:
            return
        chows = [s[1] for s in sets[:-1] if s[0] == CHOW]
        if len(chows) != 4 or any(c % 9 not in (0, 6) for c in chows):
            return
        ps = pair // 9
        everything = (1 << len(sets)) - 1
        if all(c // 9 == ps for c in chows):
            if sorted(c % 9 for c in chows) == [0, 0, 6, 6]:
                add(out, "pure_terminal_chows", everything)
        elif all(c // 9 != ps for c in chows) and len(set(chows)) == 4:
            add(out, "three_suited_terminal_chows", everything)


@register
class KongsAndConcealedPungs(Pattern):
    """000 n°6, 21, 22, 26, 33, 54, 65, 73, 79 (and 001's combined kong fan under an option).

    A kong is also a pung and a concealed kong a concealed pung (001, Trois Pungs cachés: « Tout
    Kong caché doit aussi être comptabilisé comme un Pung caché »). A pung among the standing
    tiles completed by a discard is exposed (000 n°21 « complétés sans réclamer de tuile »),
    unless the winning tile can be read as part of a standing chow of the same reading (the
    player says which set the claimed tile completed: ruling MCR-13)."""
    produces = ("melded_kong", "concealed_kong", "two_melded_kongs", "two_concealed_kongs",
                "melded_and_concealed_kong", "three_kongs", "four_kongs", "two_concealed_pungs",
                "three_concealed_pungs", "four_concealed_pungs")
    source = "000 n°6, 21, 22, 26, 33, 54, 65, 73, 79; 001 Trois Pungs cachés"

    def find(self, h, r, out):
        win = h.win
        discard_pung = -1
        if not h.self_drawn:
            discard_pung = win
            for s in r.sets:
                if s[0] == CHOW and not s[2] and s[1] <= win <= s[1] + 2:
                    discard_pung = -1
                    break
        concealed = 0
        melded_k = concealed_k = 0
        mk_mask = ck_mask = 0
        for i, s in enumerate(r.sets):
            k = s[0]
            if k == PUNG:
                if not s[2] and s[1] != discard_pung:
                    concealed |= 1 << i
            elif k == KONG:
                if s[2]:
                    melded_k += 1
                    mk_mask |= 1 << i
                else:
                    concealed_k += 1
                    ck_mask |= 1 << i
                    concealed |= 1 << i
        kongs = melded_k + concealed_k
        if kongs:
            if melded_k:
                add(out, "melded_kong", mk_mask)
            if concealed_k:
                add(out, "concealed_kong", ck_mask)
            if melded_k >= 2:
                add(out, "two_melded_kongs", mk_mask)
            if concealed_k >= 2:
                add(out, "two_concealed_kongs", ck_mask)
            if melded_k and concealed_k and h.options.melded_and_concealed_kong_value:
                add(out, "melded_and_concealed_kong", mk_mask | ck_mask)
            if kongs >= 3:
                add(out, "three_kongs", mk_mask | ck_mask)
            if kongs == 4:
                add(out, "four_kongs", mk_mask | ck_mask)
        n = bin(concealed).count("1")
        if n >= 2:
            add(out, "two_concealed_pungs", concealed)
        if n >= 3:
            add(out, "three_concealed_pungs", concealed)
        if n == 4:
            add(out, "four_concealed_pungs", concealed)


@register
class SetShapes(Pattern):
    """Fans about every set of the reading: 000 n°18, 24, 28, 52, 57."""
    produces = ("all_pungs", "all_chows", "outside_hand", "all_fives", "all_even_pungs")
    source = "000 n°18, 24, 28, 52, 57"

    def find(self, h, r, out):
        sets = r.sets
        pair = sets[-1][1]
        n_chows = len(r.chows)
        if pair < 27:
            if n_chows == len(sets) - 1 or (r.form == "knitted_straight" and n_chows == len(sets) - 2):
                add(out, "all_chows", 0)     # every set but the pair a chow (or the knit)
        if r.form != "standard":
            return
        pungs = len(r.pungs) == len(sets) - 1
        if pungs:
            add(out, "all_pungs", 0)
        outside = fives = True
        for s in sets:
            t = s[1]
            if s[0] == CHOW:
                rk = t % 9
                outside = outside and rk in (0, 6)
                fives = fives and 2 <= rk <= 4
            else:
                outside = outside and (t >= 27 or t % 9 in (0, 8))
                fives = fives and t < 27 and t % 9 == 4
        if outside:
            add(out, "outside_hand", 0)
        if fives:
            add(out, "all_fives", 0)
        if pungs and all(s[1] < 27 and s[1] % 9 in (1, 3, 5, 7) for s in sets):
            add(out, "all_even_pungs", 0)


@register
class Waits(Pattern):
    """000 n°9-11: edge, closed and single waits, « Valable seulement si une seule tuile est
    attendue ». The wait is read on the reading's standing sets; a tile that could be both an
    edge/closed wait and a pair wait counts once (exclusion table). On a knitted straight, a
    winning tile needed by the knitted straight gives no wait fan (001, La suite serpentine: « On
    ne peut pas compter d'attentes uniques sur les éléments de la suite serpentine. En revanche,
    l'attente unique reste possible sur le 4e élément de la main ou la paire. »)."""
    produces = ("edge_wait", "closed_wait", "single_wait")
    source = "000 n°9, 10, 11; 001 Les attentes uniques"

    def find(self, h, r, out):
        win = h.win
        if r.form == "knitted_straight":
            # Only the tiles besides the knitted straight can wait: if the winning tile is needed
            # to complete the knitted straight there is no wait fan (ruling MCR-12).
            rest = h.rest_after_knit(r.sets[0][1])
            if not rest[win]:
                return
            if h.melds:
                add(out, "single_wait", 0)   # the 2 standing tiles besides the knit are the pair
                return
            if not h.unique_wait_knitted(rest):
                return
        edge = closed = single = False
        for s in r.sets:
            if s[2]:
                continue
            k = s[0]
            if k == CHOW:
                f = s[1]
                if win == f + 1:
                    closed = True
                elif win == f or win == f + 2:
                    edge = True
            elif k == PAIR and s[1] == win:
                single = True
        if not (edge or closed or single):
            return
        if r.form == "standard" and not h.unique_wait:
            return
        if edge:
            add(out, "edge_wait", 0)
        if closed:
            add(out, "closed_wait", 0)
        if single:
            add(out, "single_wait", 0)
