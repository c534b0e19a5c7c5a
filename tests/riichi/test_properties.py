"""Property tests: any hand gives a result or a structured error, never a crash."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings

import scorer
from scorer.errors import HandError, RulesError

from ..hand_strategies import hand_dicts


def check_any(data, rules):
    try:
        r = scorer.score(data, rules)
    except (HandError, RulesError) as e:
        assert e.code and e.message
        return None
    json.dumps(r.to_dict(), ensure_ascii=False)
    if not r.valid:
        assert r.error["code"] and r.error["message"]
    return r


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand_dicts())
def test_riichi_never_crashes(data):
    r = check_any(data, "riichi")
    if r is not None and r.valid:
        assert r.total == sum(p.amount for p in r.payments) > 0
        assert r.extra["han"] >= 1
        assert sum(1 for i in r.items if i.note == "yakuman") <= 1


SAFE_KEYS = ("self_drawn", "seat_wind", "round_wind", "dora_indicators", "honba", "riichi_sticks",
             "discarder", "red_fives")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand_dicts(winning_shape=True, context_keys=SAFE_KEYS))
def test_riichi_winning_shapes_pay_what_the_table_says(data):
    r = check_any(data, "riichi")
    if r is not None and r.valid:
        from scorer.riichi.payments import hand_payment
        v = hand_payment(r.extra["han"], r.extra["fu"], r.extra["dealer"],
                         yakuman=r.extra["limit"] == "yakuman")
        assert r.extra["hand_value"] == (v.ron if not r.extra["self_drawn"] else
                                         (3 * v.tsumo_dealer if r.extra["dealer"]
                                          else v.tsumo_dealer + 2 * v.tsumo_other))
        assert r.extra["fu"] == 25 or r.extra["fu"] % 10 == 0 or r.extra["limit"] == "yakuman"
