"""Special shapes: 000 n°44, 45, 55, 56, 78, 80, 81."""
from __future__ import annotations

from .base import ALL_FORMS, WHOLE, Pattern, register


@register
class SpecialShapes(Pattern):
    """The fan that names the special reading itself. With 9 knitted tiles, lesser honours and
    knitted tiles also scores the knitted straight (001, Petit serpentin: « 12 points pour le
    petit serpentin + 12 points pour la suite serpentine »)."""
    produces = ("seven_pairs", "seven_shifted_pairs", "thirteen_orphans",
                "lesser_honours_and_knitted_tiles", "greater_honours_and_knitted_tiles",
                "knitted_straight")
    forms = ALL_FORMS - {"standard"}
    source = "000 n°44, 45, 55, 56, 80, 81; 001 Petit serpentin"

    def find(self, h, r, out):
        form = r.form
        if form == "seven_pairs":
            out["seven_pairs"] = WHOLE
        elif form == "seven_shifted_pairs":
            out["seven_shifted_pairs"] = WHOLE
            out["seven_pairs"] = WHOLE
        elif form == "thirteen_orphans":
            out["thirteen_orphans"] = WHOLE
        elif form == "honours_knitted":
            numbered, honours = r.sets[0][1], r.sets[1][1]
            out["lesser_honours_and_knitted_tiles"] = WHOLE
            if len(honours) == 7:
                out["greater_honours_and_knitted_tiles"] = WHOLE
            if len(numbered) == 9:
                out["knitted_straight"] = (1,)
        elif form == "knitted_straight":
            out["knitted_straight"] = (1,)


@register
class NineGates(Pattern):
    """000 n°78: « Main cachée composée des tuiles 1,1,1,2,3,4,5,6,7,8,9,9,9. N'importe quelle tuile
    de la même famille permet de faire Mah Jong. » Scored on each standard reading of the tiles, so
    that what it does not exclude (pure straight, short straight, tile hog...) still counts."""
    produces = ("nine_gates",)
    forms = frozenset({"standard"})
    source = "000 n°78"

    def find(self, h, r, out):
        if h.nine_gates:
            out["nine_gates"] = WHOLE
