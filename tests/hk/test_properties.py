"""Property tests on winning shapes (any hand, winning or not, is in tests/test_scorer_common.py:
a result or a structured error, never a crash, whatever the tile order)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.hk import Options, reward

from ..hand_strategies import hand_dicts
from ..riichi.test_properties import check_any

HK_KEYS = ("self_drawn", "seat_wind", "round_wind", "last_tile", "kong_replacement",
           "discarder", "liable_player")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand_dicts(winning_shape=True, context_keys=HK_KEYS))
def test_hk_winning_shapes(data):
    r = check_any(data, "hk")
    if r is not None and r.valid:
        assert r.extra["faan"] == sum(i.total for i in r.items)
        assert r.extra["points"] == reward(min(r.extra["faan"], 13), Options())
        assert r.total == r.extra["faan_counted"]
        assert r.extra["received"] == sum(p.amount for p in r.payments) > 0
        excluded = {e.id for e in r.excluded}
        assert not excluded & {i.id for i in r.items}


@given(st.integers(0, 40))
def test_reward_never_decreases(faan):
    o = Options()
    assert reward(faan + 1, o) >= reward(faan, o)
