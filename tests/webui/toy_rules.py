"""A small rule set used only by the web UI tests, so that they check the web UI (routing,
settlement seating, game log) with payments whose shape the tests control, independently of
the real rule sets' scoring tables. It follows the rule-set contract of scorer/rulesets.py.

Scoring: a complete standard hand scores 1 point per set plus 2 for each pung/kong; a hand
below ``min_points`` is not a winning hand. Payments follow ``payments``: "mcr" (discarder pays
total+8, the others 8 each, 000 "Comptage des points"), "dealer" (self-drawn: the dealer pays
double, listed by role), "split" (one "other" entry per non-discarder).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from scorer.decompose import standard_decompositions
from scorer.result import Decomposition, Payment, ScoredItem, ScoreResult
from scorer import tiles as T

NAME = "toy"
TITLE = "Toy rules (tests)"
CONTEXT_KEYS = ("self_drawn", "seat_wind", "round_wind", "discarder", "last_tile")


@dataclass(frozen=True)
class Options:
    min_points: int = field(default=0, metadata={"help": "points needed to win"})
    payments: Literal["mcr", "dealer", "split"] = field(default="mcr", metadata={"help": "payment shape"})


def score(hand, options: Options) -> ScoreResult:
    decs = standard_decompositions(hand.concealed_counts)
    opts = {"min_points": options.min_points, "payments": options.payments}
    assumed = hand.context.missing(CONTEXT_KEYS)
    if not decs:
        return ScoreResult(NAME, False, error={"code": "not_complete", "message": "not a complete hand"},
                           options=opts, assumed=assumed)
    pair, sets = decs[0]
    items = [ScoredItem("set", "Set", 1, count=len(sets) + len(hand.melds), unit="points")]
    pungs = [s for s in sets if s[0] == "pung"] + [m for m in hand.melds if m.type != "chow"]
    if pungs:
        items.append(ScoredItem("pung", "Pung bonus", 2, count=len(pungs), unit="points",
                                tiles=[T.code_of(s[1]) for s in sets if s[0] == "pung"]))
    total = sum(i.total for i in items)
    if total < options.min_points:
        return ScoreResult(NAME, False, total=total, items=items, options=opts, assumed=assumed,
                           error={"code": "below_minimum", "message": f"{total} < {options.min_points}"})
    self_drawn = hand.context.get("self_drawn")
    if options.payments == "dealer":
        if self_drawn:
            pays = [Payment("dealer", 2 * total, "dealer pays double"), Payment("non_dealer", total, "")]
        else:
            pays = [Payment("discarder", total, "discard")]
    elif options.payments == "split":
        pays = ([Payment("discarder", total + 8)] if not self_drawn else []) + \
               [Payment("other", 8)] * (2 if not self_drawn else 3)
    elif self_drawn:
        pays = [Payment("other", total + 8, "self-drawn")]
    else:
        pays = [Payment("discarder", total + 8, "discarder"), Payment("other", 8, "other")]
    sets_out = [{"kind": k, "tiles": [T.code_of(f + (i if k == "chow" else 0)) for i in range(3)]} for k, f in sets]
    return ScoreResult(NAME, True, total=total, items=items, options=opts, assumed=assumed, payments=pays,
                       decomposition=Decomposition("standard", sets_out))
