"""Fans of how the hand was won and how open it is (000 n°12, 17, 25, 27, 32, 40-43)."""
from __future__ import annotations

from .base import ALL_FORMS, WHOLE, Pattern, register


@register
class WinConditions(Pattern):
    """000 n°12, 27, 40, 41, 42, 43 (the context flags, checked in reading.HandFacts)."""
    produces = ("self_drawn", "last_tile", "last_tile_draw", "last_tile_claim",
                "out_with_replacement_tile", "robbing_the_kong")
    forms = ALL_FORMS
    per_hand = True
    source = "000 n°12, 27, 40-43"

    def find(self, h, r, out):
        if h.self_drawn:
            out["self_drawn"] = WHOLE
            if h.wall_last:
                out["last_tile_draw"] = WHOLE
            if h.kong_replacement:
                out["out_with_replacement_tile"] = WHOLE
        else:
            if h.wall_last:
                out["last_tile_claim"] = WHOLE
            if h.robbing_kong:
                out["robbing_the_kong"] = WHOLE
        if h.last_of_kind:
            out["last_tile"] = WHOLE


@register
class Openness(Pattern):
    """000 n°17 (« Pas de combinaison exposée, terminer avec une tuile réclamée »), n°25 (« aucune
    combinaison exposée et termine sur pioche »), n°32 (« tous les éléments sont exposés [...]
    terminer en formant la paire avec une tuile écartée »). A concealed kong is not exposed
    (001, Tout caché donné: « Ces points comptent même lors d'un Kong caché »)."""
    produces = ("concealed_hand", "fully_concealed_hand", "melded_hand")
    forms = ALL_FORMS
    per_hand = True
    source = "000 n°17, 25, 32; 001 Tout caché donné"

    def find(self, h, r, out):
        if h.n_exposed == 0:
            out["fully_concealed_hand" if h.self_drawn else "concealed_hand"] = WHOLE
        elif h.n_exposed == 4 and not h.self_drawn:
            out["melded_hand"] = WHOLE
