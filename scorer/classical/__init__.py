"""Classical points and doubles (003 for the game; the table in :mod:`.table`, each value
with its published source: Babcock 1923, Millington 1977 and others)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .scoring import NAME, score
from .table import DEFAULT_LIMIT

TITLE = "Classical (points and doubles)"

CONTEXT_KEYS = ("seat_wind", "round_wind", "self_drawn", "kong_replacement", "discarder",
                "tenhou", "chiihou", "renhou")


@dataclass(frozen=True)
class Options:
    limit: int = field(default=DEFAULT_LIMIT, metadata={"min": 1,
        "help": "the most a hand scores (before East's doubling); 500 per mahjong.wikidot "
                "Chinese Classical, 300 in Babcock 1923"})
    flowers: bool = field(default=True, metadata={
        "help": "score flowers and seasons: 4 points each and the flower doubles"})
    payment: Literal["all_pay", "discarder_pays"] = field(default="all_pay", metadata={
        "help": "all_pay: the three losers pay the winner (Babcock); discarder_pays: on a "
                "discard only the discarder pays (mahjong.wikidot)"})


__all__ = ["NAME", "TITLE", "Options", "CONTEXT_KEYS", "score"]
