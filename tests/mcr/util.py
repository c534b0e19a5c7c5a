"""Small helpers for the MCR tests: score notation with a context and options."""
from __future__ import annotations

import scorer


def result(notation: str, options: dict | None = None, **context):
    return scorer.score(scorer.to_hand(notation, context or None), "mcr", options)


def fans(notation: str, options: dict | None = None, **context) -> dict[str, int]:
    """Counted fans of a hand: id → count (flowers included as flower_tiles)."""
    res = result(notation, options, **context)
    assert res.valid, res.error
    return {i.id: i.count for i in res.items}


def total(notation: str, options: dict | None = None, **context) -> int:
    res = result(notation, options, **context)
    assert res.valid, res.error
    return res.extra["total_without_flowers"]


def excluded_ids(notation: str, options: dict | None = None, **context) -> set[str]:
    return {e.id for e in result(notation, options, **context).excluded}
