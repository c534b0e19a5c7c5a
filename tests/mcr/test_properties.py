"""Property tests (hypothesis): the score does not depend on the order the tiles are given in."""
import random

from hypothesis import given, settings, strategies as st

import scorer
from scorer.mcr.random_hands import random_hand


def _summary(res):
    return (res.valid, res.total, sorted((i.id, i.count) for i in res.items),
            sorted((e.id, e.by) for e in res.excluded))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), shuffle_seed=st.integers(0, 10**9))
def test_order_of_tiles_and_melds_does_not_matter(seed, shuffle_seed):
    hand = random_hand(random.Random(seed))
    d = hand.to_dict()
    rng = random.Random(shuffle_seed)
    rng.shuffle(d["concealed"])
    rng.shuffle(d["melds"])
    for m in d["melds"]:
        rng.shuffle(m["tiles"])
    rng.shuffle(d["bonus"])
    assert _summary(scorer.score(d, "mcr")) == _summary(scorer.score(hand, "mcr"))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_json_round_trip_scores_the_same(seed):
    hand = random_hand(random.Random(seed))
    again = scorer.Hand.from_dict(hand.to_dict())
    assert _summary(scorer.score(again, "mcr")) == _summary(scorer.score(hand, "mcr"))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_total_is_the_sum_of_items_and_flowers_stay_out_of_the_minimum(seed):
    res = scorer.score(random_hand(random.Random(seed)), "mcr")
    assert res.valid
    assert res.total == sum(i.total for i in res.items)
    flowers = sum(i.total for i in res.items if i.id == "flower_tiles")
    assert res.extra["total_without_flowers"] == res.total - flowers
    assert res.extra["minimum_met"] == (res.extra["total_without_flowers"] >= 8)
