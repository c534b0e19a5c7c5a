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


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand_dicts())
def test_riichi_never_crashes(data):
    r = check_any(data, "riichi")
    if r is not None and r.valid:
        assert r.total == sum(p.amount for p in r.payments) > 0
        assert r.extra["han"] >= 1
        assert sum(1 for i in r.items if i.note == "yakuman") <= 1
