"""Small builders for riichi tests."""
from __future__ import annotations

import scorer
from scorer.notation import parse


def riichi(notation: str, **context):
    """Score a hand in notation under riichi with the given context."""
    hand = scorer.to_hand(parse(notation), context)
    return scorer.score(hand, "riichi")


def han_of(result) -> dict:
    return {i.id: i.total for i in result.items}


def paid(result) -> dict:
    return {p.payer: p.amount for p in result.payments}
