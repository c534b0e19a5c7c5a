"""Hong Kong old style ("Mah-Jongg, le jeu cantonais, l'ancienne règle du jeu des 13 tuiles",
004): faan list, flowers A-D, reward table, payment methods (1)-(4), bao (a)-(h)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import errors
from .scoring import NAME, reward, score

TITLE = "Hong Kong old style"
#: all eight flowers win whatever the 13 tiles held (004 6D): the winning tile may be the eighth
WINS_ON_EIGHT_FLOWERS = True

CONTEXT_KEYS = ("self_drawn", "seat_wind", "round_wind", "last_tile", "kong_replacement",
                "robbing_kong", "double_kong", "discarder", "tenhou", "renhou", "liable_player",
                "bao_exempt")


@dataclass(frozen=True)
class Options:
    min_faan: int = field(default=0, metadata={"min": 0,
        "help": "minimum faan to win: the players agree on it, the rules give no figure (004)"})
    max_faan: int = field(default=13, metadata={"min": 1,
        "help": "faan counted at most (the limit); 13 is the largest worked total (004 example 7)"})
    moon_ching: bool = field(default=False, metadata={
        "help": "count 1G Moon Ching (concealed hand, 1 faan), marked optional (004)"})
    dok_ting: bool = field(default=False, metadata={
        "help": "count 1H Dok Ting (one chance, 1 faan), marked optional (004)"})
    flower_method: Literal["none", "A", "B", "C", "D"] = field(default="none", metadata={
        "help": "flower scoring: none (played without flowers), A each flower or none = 1 faan, "
                "B flower of the round, C seat flower, D round and seat = 2 faan (004 Pointage pour les Fleurs)"})
    payment: Literal["discarder", "discarder_double", "discarder_and_half"] = field(
        default="discarder", metadata={
            "help": "who pays on a discard (004 Payer le gagnant): (1) discarder pays the score, "
                    "(2) discarder pays twice, (3) discarder pays it and the two others half each"})
    kong_discarder_pays_triple: bool = field(default=True, metadata={
        "help": "method (4): with (1) or (2), a win on the replacement tile of a kong claimed from "
                "a discard is paid three times by that discarder"})
    odd_faan: Literal["same", "half"] = field(default="same", metadata={
        "help": "above 4 faan the reward doubles per 2 faan; an odd faan pays the level below "
                "(same) or half-way (half)"})
    base_points: int = field(default=1, metadata={"min": 1, "help": "value of 0 faan in points (004: agreed)"})

    def check(self) -> None:
        if self.min_faan > self.max_faan:   # no hand could then win
            raise errors.RulesError(errors.BAD_OPTION, "min_faan is above max_faan", field="options.min_faan")


__all__ = ["NAME", "TITLE", "Options", "CONTEXT_KEYS", "score", "reward"]
