"""The pattern interface and its registry (``scorer.mcr.patterns`` documents both)."""
from __future__ import annotations

ALL_FORMS = frozenset({"standard", "seven_pairs", "seven_shifted_pairs", "thirteen_orphans",
                       "honours_knitted", "knitted_straight"})
SET_FORMS = frozenset({"standard", "knitted_straight"})

PATTERNS: list = []


def register(cls):
    """Class decorator: instantiate and add to the registry (order does not matter)."""
    PATTERNS.append(cls())
    return cls


class Pattern:
    produces: tuple[str, ...] = ()
    forms: frozenset = SET_FORMS
    per_hand: bool = False
    source: str = ""

    def find(self, h, r, out: dict) -> None:  # pragma: no cover - interface
        raise NotImplementedError


#: The matches of a fan of the whole hand (one occurrence, mask 0).
WHOLE = (0,)
