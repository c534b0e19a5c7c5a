"""Fans of the tile multiset, whatever the reading (000 n°7, 8, 19, 23, 29, 31, 36, 46, 47, 58,
61-63, 66, 69, 72, 77). They run once per hand, on ``h.bits`` (bit i: tile kind i present)."""
from __future__ import annotations

from .base import ALL_FORMS, WHOLE, Pattern, register


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
            out["no_honours"] = WHOLE
        if suits == 2:
            out["one_voided_suit"] = WHOLE
        elif suits == 1:
            out["half_flush" if honours else "full_flush"] = WHOLE
        elif suits == 3 and bits & WINDS and bits & DRAGONS:
            out["all_types"] = WHOLE


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
            out["all_simples"] = WHOLE
        if not bits & _NOT_REVERSIBLE:
            out["reversible_tiles"] = WHOLE
        if not bits & _NOT_GREEN:
            out["all_green"] = WHOLE
        if not bits & _NOT_HONOURS:
            out["all_honours"] = WHOLE
            out["all_terminals_and_honours"] = WHOLE
        elif not bits & _NOT_TERMINALS:
            out["all_terminals"] = WHOLE
            out["all_terminals_and_honours"] = WHOLE
        elif not bits & _NOT_OUTSIDE:
            out["all_terminals_and_honours"] = WHOLE


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
            out["lower_four"] = WHOLE
            if not ranks & ~0b000000111:
                out["lower_tiles"] = WHOLE
        elif not ranks & ~0b111100000:                        # ranks 6-9
            out["upper_four"] = WHOLE
            if not ranks & ~0b111000000:
                out["upper_tiles"] = WHOLE
        elif not ranks & ~0b000111000:                        # ranks 4-6
            out["middle_tiles"] = WHOLE


@register
class TileHog(Pattern):
    """000 n°19: « Utiliser les 4 exemplaires d'une tuile sans s'en servir pour faire un Kong »."""
    produces = ("tile_hog",)
    forms = ALL_FORMS
    per_hand = True
    source = "000 n°19"

    def find(self, h, r, out):
        counts = h.counts
        hogs = None
        for t in h.distinct:
            if counts[t] == 4 and not any(s[0] == 2 and s[1] == t for s in h.melds):
                if hogs is None:
                    hogs = out["tile_hog"] = []
                hogs.append(-(t + 1))
