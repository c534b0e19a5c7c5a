"""Fans read from the sets of a reading (000 n°1-6, 14-16, 18, 20-22, 24, 26, 28, 30, 33-35, 37,
38, 48-54, 57, 59, 60, 64, 65, 67, 68, 70, 71, 73-76, 79)."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..reading import CHOW, PUNG
from .base import SET_FORMS, WHOLE, Pattern, register


@register
class SinglePungs(Pattern):
    """One pung or kong on its own: 000 n°5, 14, 15, 16. A dragon pung is not also a pung of
    honours (ruling MCR-11, 001 "Chaque Pung de 1, de 9 ou de Vent marque 1 point")."""
    produces = ("dragon_pung", "pung_of_terminals_or_honours", "seat_wind", "prevalent_wind")
    source = "000 n°5, 14, 15, 16; 001 Pung d'extrémité et de Vent"

    def find(self, h, r, out):
        for t, i in r.pungs:
            if not _TERMINAL_OR_HONOUR[t]:
                continue                    # a pung of simples
            bit = 1 << i
            if t >= 31:
                out.setdefault("dragon_pung", []).append(bit)
            else:
                out.setdefault("pung_of_terminals_or_honours", []).append(bit)
                if t == h.seat:
                    out.setdefault("seat_wind", []).append(bit)
                if t == h.round:
                    out.setdefault("prevalent_wind", []).append(bit)


_TERMINAL_OR_HONOUR = tuple(t >= 27 or t % 9 in (0, 8) for t in range(34))


def _remap(found, positions) -> tuple:
    """Local masks (bit j = j-th set of a sorted list) → masks over the reading's sets, grouped
    by fan: ``((fan, (mask, ...)), ...)`` (each fan's masks in the order found), ready for
    ``out.update``."""
    grouped: dict = {}
    for fan, local in found:
        mask = 0
        j = 0
        while local:
            if local & 1:
                mask |= 1 << positions[j]
            local >>= 1
            j += 1
        grouped.setdefault(fan, []).append(mask)
    return tuple([(fan, tuple(masks)) for fan, masks in grouped.items()])


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
        firsts, positions = zip(*chows)
        out.update(_chow_matches(firsts, positions))


@lru_cache(maxsize=65536)
def _chow_matches(firsts: tuple, positions: tuple) -> tuple:
    """``_chow_fans`` with masks over the reading's sets (chows at ``positions``); a per-layout
    table (few layouts recur)."""
    found = _chow_fans(firsts)
    return _remap(found, positions) if found else ()


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
        if len(pungs) < 2:
            return
        if not _may_have_pung_fans(pungs):
            return
        keys, positions = zip(*pungs)
        pair = r.pair
        if pair:
            key, pos = pair
        else:
            key, pos = -1, 0
        found = _pung_fans(keys, key)
        if found:
            # masks over the reading's sets: the pungs, then the pair
            out.update(_remap(found, positions + (pos,)))


def _may_have_pung_fans(pungs) -> bool:
    """False when no fan of ``_pung_fans`` can apply to the reading's pungs (``(key, index)``
    pairs; most hands): every one needs two
    numbered pungs of one rank, three of consecutive ranks, two dragon pungs, or three wind
    pungs (000 n°20, 34, 38, 48, 53, 60, 68, 70, 71, 75, 76)."""
    winds = dragons = 0
    ranks = 0
    for k, _i in pungs:
        if k < 27:
            bit = _RANK_BIT[k]
            if ranks & bit:
                return True          # two pungs of one rank
            ranks |= bit
        elif k < 31:
            winds += 1
        else:
            dragons += 1
    if dragons >= 2 or winds >= 3:
        return True
    # three consecutive ranks (in one suit or in three)
    return bool(ranks & (ranks >> 1) & (ranks >> 2))


_RANK_BIT = tuple(1 << (k % 9) for k in range(27))


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
        chows = [c for c, _i in r.chows]
        if len(chows) != 4 or any(c % 9 not in (0, 6) for c in chows):
            return
        ps = pair // 9
        everything = ((1 << len(sets)) - 1,)
        if all(c // 9 == ps for c in chows):
            if sorted(c % 9 for c in chows) == [0, 0, 6, 6]:
                out["pure_terminal_chows"] = everything
        elif all(c // 9 != ps for c in chows) and len(set(chows)) == 4:
            out["three_suited_terminal_chows"] = everything


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
        pungs = r.pungs
        sets = r.sets
        if not pungs or (len(pungs) == 1 and sets[pungs[0][1]][0] == PUNG):
            return                          # no kong, and fewer than two pungs
        win = h.win
        concealed = mk_mask = ck_mask = 0
        for t, i in pungs:
            s = sets[i]
            if s[0] == PUNG:
                # a standing pung is concealed unless the discard completed it
                if not s[2] and (t != win or r.claimed_pung(h) != i):
                    concealed |= 1 << i
            elif s[2]:
                mk_mask |= 1 << i
            else:
                ck_mask |= 1 << i
        if mk_mask or ck_mask:
            concealed |= ck_mask
            melded_k = mk_mask.bit_count()
            concealed_k = ck_mask.bit_count()
            kongs = mk_mask | ck_mask
            if melded_k:
                out["melded_kong"] = (mk_mask,)
                if melded_k >= 2:
                    out["two_melded_kongs"] = (mk_mask,)
            if concealed_k:
                out["concealed_kong"] = (ck_mask,)
                if concealed_k >= 2:
                    out["two_concealed_kongs"] = (ck_mask,)
            if melded_k and concealed_k and h.options.melded_and_concealed_kong_value:
                out["melded_and_concealed_kong"] = (kongs,)
            if melded_k + concealed_k >= 3:
                out["three_kongs"] = (kongs,)
                if melded_k + concealed_k == 4:
                    out["four_kongs"] = (kongs,)
        n = concealed.bit_count()
        if n >= 2:
            out["two_concealed_pungs"] = (concealed,)
            if n >= 3:
                out["three_concealed_pungs"] = (concealed,)
                if n == 4:
                    out["four_concealed_pungs"] = (concealed,)


@register
class SetShapes(Pattern):
    """Fans about every set of the reading: 000 n°18, 24, 28, 52, 57."""
    produces = ("all_pungs", "all_chows", "outside_hand", "all_fives", "all_even_pungs")
    source = "000 n°18, 24, 28, 52, 57"

    def find(self, h, r, out):
        sets = r.sets
        pair = sets[-1][1]
        n_chows = len(r.chows)
        standard = r.form == "standard"
        if pair < 27:
            if n_chows == len(sets) - 1 or (not standard and n_chows == len(sets) - 2):
                out["all_chows"] = WHOLE     # every set but the pair a chow (or the knit)
        if not standard:
            return
        shapes = _ALL_SHAPES & _PUNG_SHAPES[pair]         # a pair shows what a pung would
        for t, _i in r.chows:
            shapes &= _CHOW_SHAPES[t]
        for t, _i in r.pungs:
            shapes &= _PUNG_SHAPES[t]
        if len(r.pungs) == len(sets) - 1:
            out["all_pungs"] = WHOLE
            if shapes & _EVEN_PUNG:
                out["all_even_pungs"] = WHOLE
        if shapes & _OUTSIDE:
            out["outside_hand"] = WHOLE
        if shapes & _FIVES:
            out["all_fives"] = WHOLE


#: What each set of a standard reading shows, as bits: _OUTSIDE a terminal or honour in it
#: (000 n°24), _FIVES a five in it (n°52), _EVEN_PUNG only even numbered tiles (n°57). A fan
#: holds when every set of the reading has its bit.
_OUTSIDE, _FIVES, _EVEN_PUNG = 1, 2, 4
_ALL_SHAPES = _OUTSIDE | _FIVES | _EVEN_PUNG


def _set_shape(kind: int, t: int) -> int:
    if kind == CHOW:
        rk = t % 9
        shape = (_OUTSIDE if rk in (0, 6) else 0) | (_FIVES if 2 <= rk <= 4 else 0)
    else:
        shape = ((_OUTSIDE if t >= 27 or t % 9 in (0, 8) else 0)
                 | (_FIVES if t < 27 and t % 9 == 4 else 0))
    return shape | (_EVEN_PUNG if t < 27 and t % 9 in (1, 3, 5, 7) else 0)


#: Per first tile: the shape bits of a chow, and of a pung, kong or pair.
_CHOW_SHAPES = tuple(_set_shape(CHOW, t) if t % 9 <= 6 else 0 for t in range(27))
_PUNG_SHAPES = tuple(_set_shape(PUNG, t) for t in range(34))


_PAIRS_FORMS = frozenset({"seven_pairs", "seven_shifted_pairs"})
#: The mask of a knitted straight reading's first set, the knit (the Knitted Straight fan's own).
_KNIT_SET = (1,)


@register
class Waits(Pattern):
    """000 n°9-11: edge, closed and single waits, « Valable seulement si une seule tuile est
    attendue ». The wait is read on the reading's standing sets; a tile that could be both an
    edge/closed wait and a pair wait counts once (exclusion table). On a knitted straight, a
    winning tile needed by the knitted straight gives no wait fan (001, La suite serpentine: « On
    ne peut pas compter d'attentes uniques sur les éléments de la suite serpentine. En revanche,
    l'attente unique reste possible sur le 4e élément de la main ou la paire. »)."""
    produces = ("edge_wait", "closed_wait", "single_wait")
    # seven pairs too: its winning tile always completes a pair, a single wait that 000 n°55 and
    # n°80 exclude, found so that the hand's account says so (a learner looked for it)
    forms = SET_FORMS | {"seven_pairs", "seven_shifted_pairs"}
    source = "000 n°9, 10, 11; 001 Les attentes uniques"

    def find(self, h, r, out):
        win = h.win
        mask = WHOLE
        if r.form in _PAIRS_FORMS:
            if h.unique_wait:
                out["single_wait"] = mask
            return
        if r.form == "knitted_straight":
            knit = r.sets[0][1]
            rest = h.rest_after_knit(knit)
            if not rest[win]:
                return          # the winning tile completes the knit only: no wait shape to name
            if win in knit and h.options.knitted_straight_wait == "ffmj2013":
                # The knit holds a copy of the winning tile and the 4th set or the pair another:
                # the tile may have completed either, so the wait is not counted (ruling MCR-12;
                # 001: « Attente sur le 4 rond, soit pour le Chow 345, soit pour la suite
                # serpentine 147. Donc non valable »). It is found on the knit's set only, for the
                # exclusion table to leave it out and say why (knitted_straight, scope within).
                mask = _KNIT_SET
            if h.melds:
                out["single_wait"] = mask   # the 2 standing tiles besides the knit are the pair
                return
            if not h.unique_wait_knitted(rest):
                return
        edge = closed = False
        if win < 27:
            sets = r.sets
            for f, i in r.chows:
                if f <= win <= f + 2 and not sets[i][2]:     # a standing chow with the tile
                    if win == f + 1:
                        closed = True
                    else:
                        edge = True
        pair = r.pair
        single = pair is not None and pair[0] == win
        if not (edge or closed or single):
            return
        if r.form == "standard" and not h.unique_wait:
            return
        if edge:
            out["edge_wait"] = mask
        if closed:
            out["closed_wait"] = mask
        if single:
            out["single_wait"] = mask
