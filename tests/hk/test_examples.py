"""The seven worked totals of 004 ("Calcul des Fans": 4, 5, 8, 9, 7, 9, 13). The pictures are
missing; each hand is rebuilt from its description."""
from __future__ import annotations

import pytest

import scorer
from scorer.notation import parse


def hk(notation, options=None, **context):
    return scorer.score(scorer.to_hand(parse(notation), context), "hk", options)


def faan_of(r):
    return {i.id: i.total for i in r.items}


EXAMPLES = [
    # (example, hand, context, expected items, total)
    (1, "222m555p888s777z3m 3m", {}, {"dui_dui_woo": 3, "fan_jee": 1}, 4),
    (2, "123m456m555z666z9m 9m", {}, {"won_yat_sik": 3, "fan_jee": 2}, 5),
    (3, "222m888m555z666z9m 9m", {}, {"dui_dui_woo": 3, "won_yat_sik": 3, "fan_jee": 2}, 8),
    (4, "222m888m555z666z7z 7z", {}, {"dui_dui_woo": 3, "won_yat_sik": 3, "siu_sam_yuen": 3}, 9),
    (5, "123p456p789p234p5p 5p", {}, {"ping_woo": 1, "ching_yat_sik": 6}, 7),
    (6, "111s333s555s777s9s 9s", {}, {"dui_dui_woo": 3, "ching_yat_sik": 6}, 9),
    (7, "[555z,1]666z777z222m9m 9m", {"self_drawn": True},
     {"won_yat_sik": 3, "dui_dui_woo": 3, "dai_sam_yuen": 6, "chi_mo": 1}, 13),
]


@pytest.mark.parametrize("n,hand,context,items,total", EXAMPLES, ids=[f"example_{e[0]}" for e in EXAMPLES])
def test_worked_totals(n, hand, context, items, total):
    r = hk(hand, seat_wind="S", round_wind="E", **context)
    assert r.valid
    assert faan_of(r) == items
    assert r.extra["faan"] == total


def test_example_4_does_not_add_the_dragon_pungs_to_little_three_dragons():
    r = hk("222m888m555z666z7z 7z", seat_wind="S")
    assert [(e.id, e.by) for e in r.excluded] == [("fan_jee", "siu_sam_yuen")]


def test_example_7_does_not_add_the_dragon_pungs_to_big_three_dragons():
    r = hk("[555z,1]666z777z222m9m 9m", seat_wind="S", self_drawn=True)
    assert ("fan_jee", "dai_sam_yuen") in [(e.id, e.by) for e in r.excluded]
