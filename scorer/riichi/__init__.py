"""Riichi, EMA 2016 rules (002, French translation of the EMA Riichi Competition Rules 2016).

Yaku, minipoints and the best reading come from the ``mahjong`` package configured for EMA;
see :mod:`.scoring` for what is added on top and :mod:`.payments` for the score table.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import errors
from .scoring import NAME, score

TITLE = "Riichi (EMA 2016)"

#: Context keys this rule set reads (scorer/context.py).
CONTEXT_KEYS = (
    "self_drawn", "seat_wind", "round_wind", "last_tile", "kong_replacement", "robbing_kong",
    "discarder", "riichi", "double_riichi", "ippatsu", "tenhou", "chiihou", "renhou",
    "dora_indicators", "ura_dora_indicators", "honba", "riichi_sticks", "red_fives",
    "liable_player",
)


@dataclass(frozen=True)
class Options:
    """EMA 2016 fixes the scoring; its options are a house rule it has left (red fives) and one
    it refuses."""
    red_fives: bool = field(default=False, metadata={
        "help": "count every red five as a dora in every hand: a house rule, since EMA 2016 has none "
                "(002); for one hand only, give that hand's red fives context instead"})
    nagashi_mangan: bool = field(default=False, metadata={
        "help": "score nagashi mangan: not an EMA 2016 hand (002 §4.2.6); true is refused with an error",
        "offered": False})      # no form offers a box that can only be refused

    def check(self) -> None:
        """Refused when the options are given (a game made with it could record no win)."""
        if self.nagashi_mangan:
            raise errors.RulesError(errors.BAD_OPTION, "nagashi mangan is not part of the EMA 2016 rules "
                                    "(002 §4.2.6: « Cette main spéciale ne fait plus partie des règles EMA »)",
                                    field="options.nagashi_mangan")


__all__ = ["NAME", "TITLE", "Options", "CONTEXT_KEYS", "score"]
