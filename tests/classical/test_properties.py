"""Property tests on winning shapes (any hand, winning or not, is in tests/test_scorer_common.py:
a result or a structured error, never a crash, whatever the tile order)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from ..hand_strategies import hand_dicts
from ..riichi.test_properties import check_any

KEYS = ("self_drawn", "seat_wind", "round_wind", "kong_replacement", "discarder")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand_dicts(winning_shape=True, context_keys=KEYS))
def test_classical_scores_are_capped_and_paid(data):
    r = check_any(data, "classical")
    if r is not None and r.valid:
        assert 0 < r.total <= 500
        east = r.extra["dealer"]
        amounts = sorted(p.amount for p in r.payments)
        assert amounts == ([2 * r.total] * 3 if east else [r.total, r.total, 2 * r.total])
        if not any(i.unit == "points" and i.value == 500 for i in r.items):
            assert r.total == min(500, r.extra["base_points"] * 2 ** r.extra["doubles"])
