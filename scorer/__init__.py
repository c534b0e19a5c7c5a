"""mjtable scorer: pure-Python scoring of a declared winning hand.

``score(hand, rules="mcr", options=None)`` where ``hand`` is the hand JSON (dict), a notation
string or a :class:`Hand`. Rule sets register themselves in :mod:`scorer.rulesets`.
This package imports neither cv2, ultralytics nor flask (README, "Data flow and layout";
checked by tests/structure/test_layers.py).
"""
from __future__ import annotations

from .context import Context
from .errors import HandError, RulesError
from .hand import Hand, Meld, standing_kong_tile
from .notation import format_hand, parse
from .result import ScoreResult
from .rulesets import RULE_SETS, get_rule_set, rules_name, unused_reason

__all__ = ["score", "to_hand", "Hand", "Meld", "Context", "HandError", "RulesError",
           "ScoreResult", "parse", "format_hand", "RULE_SETS", "get_rule_set", "rules_name", "unused_reason"]


def to_hand(hand, context: dict | None = None) -> Hand:
    """A :class:`Hand` from a Hand, the hand JSON (dict, or a JSON string) or notation.

    ``context`` (a dict) is merged over the hand's own context.
    """
    if isinstance(hand, Hand):
        h = hand
    elif isinstance(hand, dict):
        h = Hand.from_dict(hand)
    elif isinstance(hand, str):
        text = hand.strip()
        if text.startswith("{"):
            import json
            try:
                data = json.loads(text)
            except json.JSONDecodeError as e:
                raise HandError("bad_json", f"hand JSON does not parse: {e.msg}", position=e.pos) from None
            h = Hand.from_dict(data)
        else:
            try:
                h = parse(text)
            except HandError as e:
                tile = standing_kong_tile(e.message)
                if tile is None:
                    raise
                # typed, the kong is declared by its brackets: the page that read the typed text
                # showed no tile to select and declare (a player typed 1111z234m567m789p8m 8m)
                kong = tile[0] * 4 + tile[1:]
                typed = HandError(e.code, f"{e.message}; typed, a kong is written ({kong}) concealed, [{kong}] exposed",
                                  field=e.field, position=e.position)
                typed.text = e.text
                raise typed from None
    else:
        raise HandError("bad_field", "a hand is a dict (hand JSON), notation text or a Hand")
    if context:
        merged = {**h.context.given, **context}
        h = Hand(h.concealed, h.melds, h.winning_tile, h.bonus, Context(merged))
    return h


def score(hand, rules: str = "mcr", options: dict | None = None) -> ScoreResult:
    """Score ``hand`` under ``rules``. Malformed input raises :class:`HandError` /
    :class:`RulesError`; a well-formed hand that is not a winning hand gives ``valid=False``
    with an ``error``."""
    rule_set = get_rule_set(rules)
    parsed = rule_set.parse_options(options)
    return rule_set.score(to_hand(hand), parsed)
