"""Game flow per rule set (pure Python): dealer rotation, round wind, counters, riichi sticks,
draws, penalties, the end of the game and its final result. See :mod:`scorer.flow.base`."""
from __future__ import annotations

from .base import KINDS, WINDS, Deal, Event, Flow, FlowError, Outcome, deltas_of, next_state, replay
from .chinese import ClassicalFlow, GenericFlow, HongKongFlow, MCRFlow
from .riichi import RiichiFlow

FLOWS = {"riichi": RiichiFlow, "mcr": MCRFlow, "hk": HongKongFlow, "classical": ClassicalFlow}
#: Options of the flow itself (not of the scorer), by rule set.
FLOW_OPTIONS = {"open_ended": "no end: the table stops when it wants (every rule set)",
                "tournament": "riichi: chombo is -20,000 after uma (002 §3.4.6) instead of a mangan payment",
                "seat_changes": "MCR: players change seats between rounds (default true)",
                "east_only": "riichi: a half game, the East round alone (a house rule: 002 §3.1 plays East and South)",
                "start_points": "riichi: each player's points at the start, 30,000 by 002 §3.6 (a house rule: 25,000...)",
                "uma": "riichi: the uma of the 1st to 4th places, +15,000 / +5,000 / -5,000 / -15,000 by 002 §3.6.1 "
                       "(a house rule: four amounts, best first, that add up to 0)"}
#: The bounds of a house rule's starting points (riichi): a typo's 300 or 3,000,000 is refused.
START_POINTS_RANGE = (1000, 1_000_000)
#: The largest uma amount a house rule may give one place (riichi).
UMA_LIMIT = 1_000_000


def flow_for(rules: str, options: dict | None = None, scorer_options=None) -> Flow:
    return FLOWS.get(rules, GenericFlow)(options, scorer_options)


def check_options(rules: str, options) -> dict:
    """The flow options of a new game: known keys with true/false values; riichi's
    ``start_points`` (a whole number) and ``uma`` (four, best first) are house rules' figures."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise FlowError("bad_field", "flow must be an object", "flow")
    out = {}
    for k, v in options.items():
        if k not in FLOW_OPTIONS:
            raise FlowError("bad_field", f"unknown flow option {k!r}; known: {', '.join(FLOW_OPTIONS)}", f"flow.{k}")
        if k in ("start_points", "uma"):
            if rules != "riichi":
                raise FlowError("bad_field", "starting points and uma are riichi options", f"flow.{k}")
            out[k] = _start_points(v) if k == "start_points" else _uma(v)
            continue
        if not isinstance(v, bool):
            raise FlowError("bad_field", f"flow.{k} must be true or false", f"flow.{k}")
        if k == "tournament" and rules != "riichi" and v:
            raise FlowError("bad_field", "tournament mode is a riichi option", f"flow.{k}")
        if k == "east_only" and rules != "riichi" and v:
            raise FlowError("bad_field", "a game of the East round alone is a riichi option", f"flow.{k}")
        if k == "seat_changes" and rules != "mcr":
            # true was stored on a riichi game and never used (the players thought their seats would
            # change); false says what those games do, and older games and exports carry it: kept out
            if v:
                raise FlowError("bad_field", "seat changes between rounds are an MCR option", f"flow.{k}")
            continue
        out[k] = v
    return out


def _start_points(v) -> int:
    """A house rule's starting points: a whole number of hundreds (002 §3.3.2 pays in hundreds)."""
    low, high = START_POINTS_RANGE
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high or v % 100:
        raise FlowError("bad_field", f"the starting points must be a whole number of hundreds from {low:,} to {high:,}, "
                        f"not {str(v)[:20]}", "flow.start_points")
    return v


def _uma(v) -> list[int]:
    """A house rule's uma: four whole numbers of hundreds for the 1st to 4th places, best first,
    that add up to 0 (what the winners take, the others give, as 002 §3.6.1's)."""
    if (not isinstance(v, (list, tuple)) or len(v) != 4
            or any(isinstance(a, bool) or not isinstance(a, int) or a % 100 or abs(a) > UMA_LIMIT for a in v)):
        raise FlowError("bad_field", "the uma must be four whole numbers of hundreds, 1st place first", "flow.uma")
    if sum(v) != 0:
        raise FlowError("bad_field", f"the uma must add up to 0, not {sum(v):,}", "flow.uma")
    if any(a < b for a, b in zip(v, v[1:])):
        raise FlowError("bad_field", "the uma must not give a place more than the place before it", "flow.uma")
    return [int(a) for a in v]


__all__ = ["KINDS", "WINDS", "Deal", "Event", "Flow", "FlowError", "Outcome", "deltas_of", "next_state", "replay",
           "ClassicalFlow", "GenericFlow", "HongKongFlow", "MCRFlow", "RiichiFlow", "FLOWS", "FLOW_OPTIONS",
           "flow_for", "check_options"]
