"""Fans of the tile multiset, whatever the reading (000 n°7, 8, 19, 23, 29, 31, 36, 46, 47, 58,
61-63, 66, 69, 72, 77). They run once per hand."""
from __future__ import annotations

from . import ALL_FORMS, Pattern, add, register

#: 000 n°36 / 001 Symétrie: tiles with a central symmetry (dots 1234589, bamboo 245689, white).
REVERSIBLE = frozenset([9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31])
#: 000 n°77: 2 3 4 6 8 bamboo and the green dragon.
GREEN = frozenset([19, 20, 21, 23, 25, 32])
TERMINALS = frozenset([0, 8, 9, 17, 18, 26])
HONOURS = frozenset(range(27, 34))
TERMINALS_AND_HONOURS = TERMINALS | HONOURS
SIMPLES = frozenset(range(27)) - TERMINALS


@register
class Suits(Pattern):
    """000 n°7, 8, 29, 31, 58."""
    produces = ("no_honours", "one_voided_suit", "half_flush", "full_flush", "all_types")
    forms = ALL_FORMS
    per_hand = True
    source = "000 n°7, 8, 29, 31, 58"

    def find(self, h, r, out):
        suits = set()
        winds = dragons = False
        for t in h.distinct:
            if t < 27:
                suits.add(t // 9)
            elif t < 31:
                winds = True
            else:
                dragons = True
        honours = winds or dragons
        if not honours:
            add(out, "no_honours")
        if len(suits) == 2:
            add(out, "one_voided_suit")
        elif len(suits) == 1:
            add(out, "half_flush" if honours else "full_flush")
        elif len(suits) == 3 and winds and dragons:
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
        d = frozenset(h.distinct)
        if d <= SIMPLES:
            add(out, "all_simples")
        if d <= REVERSIBLE:
            add(out, "reversible_tiles")
        if d <= GREEN:
            add(out, "all_green")
        if d <= HONOURS:
            add(out, "all_honours")
            add(out, "all_terminals_and_honours")
        elif d <= TERMINALS:
            add(out, "all_terminals")
            add(out, "all_terminals_and_honours")
        elif d <= TERMINALS_AND_HONOURS:
            add(out, "all_terminals_and_honours")


@register
class RankRange(Pattern):
    """000 n°46, 47, 61, 62, 63: only numbered tiles within a range of ranks."""
    produces = ("upper_four", "lower_four", "upper_tiles", "middle_tiles", "lower_tiles")
    forms = ALL_FORMS
    per_hand = True
    source = "000 n°46, 47, 61-63"

    def find(self, h, r, out):
        d = h.distinct
        if d[-1] >= 27:
            return
        lo = min(t % 9 for t in d)
        hi = max(t % 9 for t in d)
        if hi <= 3:
            add(out, "lower_four")
            if hi <= 2:
                add(out, "lower_tiles")
        elif lo >= 5:
            add(out, "upper_four")
            if lo >= 6:
                add(out, "upper_tiles")
        elif lo >= 3 and hi <= 5:
            add(out, "middle_tiles")


@register
class TileHog(Pattern):
    """000 n°19: « Utiliser les 4 exemplaires d'une tuile sans s'en servir pour faire un Kong »."""
    produces = ("tile_hog",)
    forms = ALL_FORMS
    per_hand = True
    source = "000 n°19"

    def find(self, h, r, out):
        kongs = {s[1] for s in h.melds if s[0] == 2}
        for t in h.distinct:
            if h.counts[t] == 4 and t not in kongs:
                add(out, "tile_hog", -(t + 1))
