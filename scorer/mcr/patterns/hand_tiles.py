"""Fans of the tile multiset, whatever the reading (000 n°7, 8, 19, 23, 29, 31, 36, 46, 47, 58,
61-63, 66, 69, 72, 77). They run once per hand, on ``h.bits`` (bit i: tile kind i present)."""
from __future__ import annotations

from . import ALL_FORMS, Pattern, add, register


def _mask(indices) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


#: 000 n°36 / 001 Symétrie: tiles with a central symmetry (dots 1234589, bamboo 245689, white).
REVERSIBLE = _mask([9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31])
#: 000 n°77: 2 3 4 6 8 bamboo and the green dragon.
GREEN = _mask([19, 20, 21, 23, 25, 32])
TERMINALS = _mask([0, 8, 9, 17, 18, 26])
HONOURS = _mask(range(27, 34))
WINDS = _mask(range(27, 31))
DRAGONS = _mask(range(31, 34))
SIMPLES = _mask(range(27)) & ~TERMINALS
SUIT_MASKS = (_mask(range(0, 9)), _mask(range(9, 18)), _mask(range(18, 27)))
_CHARACTERS, _DOTS, _BAMBOO = SUIT_MASKS
_NOT_SIMPLES, _NOT_REVERSIBLE, _NOT_GREEN, _NOT_HONOURS, _NOT_TERMINALS, _NOT_OUTSIDE = (
    ~m for m in (SIMPLES, REVERSIBLE, GREEN, HONOURS, TERMINALS, TERMINALS | HONOURS))


@register
class Suits(Pattern):
    """000 n°7, 8, 29, 31, 58."""
    produces = ("no_honours", "one_voided_suit", "half_flush", "full_flush", "all_types")
    forms = ALL_FORMS
    per_hand = True
    source = "000 n°7, 8, 29, 31, 58"

    def find(self, h, r, out):
        bits = h.bits
        suits = (bits & _CHARACTERS != 0) + (bits & _DOTS != 0) + (bits & _BAMBOO != 0)
        honours = bits & HONOURS
        if not honours:
            add(out, "no_honours")
        if suits == 2:
            add(out, "one_voided_suit")
        elif suits == 1:
            add(out, "half_flush" if honours else "full_flush")
        elif suits == 3 and bits & WINDS and bits & DRAGONS:
            add(out, "all_types")


@register
class TileTraits(Pattern):
    """000 n°23, 36, 66, 69, 72, 77."""
    produces = ("all_simples", "reversible_tiles", "all_green", "all_honours", "all_terminals",
                "all_terminals_and_honours")
    forms = ALL_FORMS
    per_hand = True
    source = "000 n°23, 36, 66, 69, 72, 77"

    def find(self, h, r, out):
        bits = h.bits           # (not bits & ~X: every tile kind of the hand is in X)
        if not bits & _NOT_SIMPLES:
            add(out, "all_simples")
        if not bits & _NOT_REVERSIBLE:
            add(out, "reversible_tiles")
        if not bits & _NOT_GREEN:
            add(out, "all_green")
        if not bits & _NOT_HONOURS:
            add(out, "all_honours")
            add(out, "all_terminals_and_honours")
        elif not bits & _NOT_TERMINALS:
            add(out, "all_terminals")
            add(out, "all_terminals_and_honours")
        elif not bits & _NOT_OUTSIDE:
            add(out, "all_terminals_and_honours")


@register
class RankRange(Pattern):
    """000 n°46, 47, 61, 62, 63: only numbered tiles within a range of ranks."""
    produces = ("upper_four", "lower_four", "upper_tiles", "middle_tiles", "lower_tiles")
    forms = ALL_FORMS
    per_hand = True
    source = "000 n°46, 47, 61-63"

    def find(self, h, r, out):
        bits = h.bits
        if bits & HONOURS:
            return
        ranks = (bits | bits >> 9 | bits >> 18) & 0x1FF     # bit k: some tile of rank k+1
        if not ranks & ~0b000001111:                          # ranks 1-4
            add(out, "lower_four")
            if not ranks & ~0b000000111:
                add(out, "lower_tiles")
        elif not ranks & ~0b111100000:                        # ranks 6-9
            add(out, "upper_four")
            if not ranks & ~0b111000000:
                add(out, "upper_tiles")
        elif not ranks & ~0b000111000:                        # ranks 4-6
            add(out, "middle_tiles")


@register
class TileHog(Pattern):
    """000 n°19: « Utiliser les 4 exemplaires d'une tuile sans s'en servir pour faire un Kong »."""
    produces = ("tile_hog",)
    forms = ALL_FORMS
    per_hand = True
    source = "000 n°19"

    def find(self, h, r, out):
        counts = h.counts
        for t in h.distinct:
            if counts[t] == 4 and not any(s[0] == 2 and s[1] == t for s in h.melds):
                add(out, "tile_hog", -(t + 1))
