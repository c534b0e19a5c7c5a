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
                "east_only": "riichi: a half game, the East round alone (a house rule: 002 §3.1 plays East and South)"}


def flow_for(rules: str, options: dict | None = None, scorer_options=None) -> Flow:
    return FLOWS.get(rules, GenericFlow)(options, scorer_options)


def check_options(rules: str, options) -> dict:
    """The flow options of a new game: known keys with true/false values."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise FlowError("bad_field", "flow must be an object", "flow")
    out = {}
    for k, v in options.items():
        if k not in FLOW_OPTIONS:
            raise FlowError("bad_field", f"unknown flow option {k!r}; known: {', '.join(FLOW_OPTIONS)}", f"flow.{k}")
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


__all__ = ["KINDS", "WINDS", "Deal", "Event", "Flow", "FlowError", "Outcome", "deltas_of", "next_state", "replay",
           "ClassicalFlow", "GenericFlow", "HongKongFlow", "MCRFlow", "RiichiFlow", "FLOWS", "FLOW_OPTIONS",
           "flow_for", "check_options"]
