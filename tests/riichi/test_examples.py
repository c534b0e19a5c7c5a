"""The ten worked examples of 002 §4.3 (EMA 2016, French translation). The hand pictures are
missing from the text, so each hand is rebuilt to fit its description; each test checks the
yaku, han, minipoints and the payments stated for both the East and a non-East winner."""
from __future__ import annotations

from .helpers import han_of, paid, riichi

# Example 1/2: closed pinfu + pure straight in bamboo, won on the 9 bamboo (two-sided 78s).
PURE_STRAIGHT = "12345678s234m55p 9s"  # the last tile written is the winning tile


def test_example_1_riichi_tsumo_pinfu_pure_straight_is_mangan():
    east = riichi(PURE_STRAIGHT, riichi=True, self_drawn=True, seat_wind="E")
    assert han_of(east) == {"riichi": 1, "tsumo": 1, "pinfu": 1, "ittsu": 2}
    assert east.extra["han"] == 5 and east.extra["limit"] == "mangan"
    assert sorted(paid(east).values()) == [4000, 4000, 4000] and east.total == 12000
    south = riichi(PURE_STRAIGHT, riichi=True, self_drawn=True, seat_wind="S")
    assert paid(south) == {"left": 4000, "across": 2000, "right": 2000}   # East sits on South's left
    assert south.total == 8000


def test_example_2_riichi_ron_is_4_han_30_fu():
    east = riichi(PURE_STRAIGHT, riichi=True, seat_wind="E")
    assert han_of(east) == {"riichi": 1, "pinfu": 1, "ittsu": 2}
    assert (east.extra["han"], east.extra["fu"]) == (4, 30)
    assert east.total == 11600 and [p.payer for p in east.payments] == ["discarder"]
    assert riichi(PURE_STRAIGHT, riichi=True, seat_wind="W").total == 7700


def test_example_3_open_pure_straight_with_dora_and_open_pinfu_minipoints():
    hand = "[123s,1]456s78s234m55p 9s"
    kw = dict(dora_indicators=["6s"])           # dora: 7 bamboo
    east = riichi(hand, seat_wind="E", **kw)
    assert han_of(east) == {"ittsu": 1, "dora": 1}
    assert (east.extra["han"], east.extra["fu"]) == (2, 30)
    assert [(b["reason"], b["fu"]) for b in east.extra["fu_breakdown"]] == [("base", 20), ("hand_without_fu", 2)]
    assert east.total == 2900
    assert riichi(hand, seat_wind="N", **kw).total == 2000


def test_example_4_four_concealed_pungs_self_drawn_is_yakuman():
    hand = "222m333p666s88s99p 8s"
    east = riichi(hand, self_drawn=True, seat_wind="E")
    assert [i.id for i in east.items] == ["suuankou"] and east.extra["limit"] == "yakuman"
    assert sorted(paid(east).values()) == [16000] * 3 and east.total == 48000
    north = riichi(hand, self_drawn=True, seat_wind="N")
    assert paid(north) == {"right": 16000, "across": 8000, "left": 8000} and north.total == 32000


def test_example_5_ron_pung_counts_exposed_baiman():
    hand = "444p222m666s88s33m 8s"
    kw = dict(dora_indicators=["3p"])          # dora: 4 dots, three of them
    east = riichi(hand, seat_wind="E", **kw)
    assert han_of(east) == {"sanankou": 2, "toitoi": 2, "tanyao": 1, "dora": 3}
    assert east.extra["limit"] == "baiman" and east.total == 24000
    assert riichi(hand, seat_wind="S", **kw).total == 16000
    # the 8s pung completed by the discard is scored exposed (002 §4.1.1)
    reasons = [(b["reason"], b["tiles"]) for b in east.extra["fu_breakdown"]]
    assert ("open_pon", ["8s", "8s", "8s"]) in reasons


def test_example_6_riichi_ippatsu_tsumo_seven_pairs_haneman():
    hand = "22m55m33p66p88p77s4s 4s"
    kw = dict(riichi=True, ippatsu=True, self_drawn=True)
    east = riichi(hand, seat_wind="E", **kw)
    assert han_of(east) == {"riichi": 1, "ippatsu": 1, "tsumo": 1, "tanyao": 1, "chiitoitsu": 2}
    assert east.extra["limit"] == "haneman" and east.total == 18000
    assert riichi(hand, seat_wind="S", **kw).total == 12000


def test_example_7_seven_pairs_ron_is_25_fu_without_extras():
    hand = "22m55m33p99p11s77z4s 4s"
    east = riichi(hand, seat_wind="E")
    assert han_of(east) == {"chiitoitsu": 2}
    assert (east.extra["han"], east.extra["fu"]) == (2, 25)
    assert east.total == 2400
    assert riichi(hand, seat_wind="W").total == 1600


def test_example_8_twice_pure_double_chow_beats_seven_pairs():
    hand = "223344m667788p7z 7z"
    east = riichi(hand, self_drawn=True, seat_wind="E")
    assert han_of(east) == {"ryanpeiko": 3, "tsumo": 1}
    assert east.decomposition.form == "standard"
    assert (east.extra["han"], east.extra["fu"]) == (4, 30)
    assert sorted(b["fu"] for b in east.extra["fu_breakdown"]) == [2, 2, 2, 20]
    assert east.total == 11700
    south = riichi(hand, self_drawn=True, seat_wind="S")
    assert sorted(paid(south).values()) == [2000, 2000, 3900] and south.total == 7900


def test_example_9_dealer_half_flush_outside_hand_winds_and_dora():
    hand = "[111z,2]123s789s99s33z 3z"
    east = riichi(hand, seat_wind="E", round_wind="E", dora_indicators=["6s"])
    assert han_of(east) == {"honitsu": 2, "seat_wind_east": 1, "round_wind_east": 1,
                            "chantai": 1, "dora": 1}
    assert east.extra["limit"] == "haneman" and east.total == 18000


def test_example_10_triple_wait_read_as_edge_wait_for_40_fu():
    hand = "444z1123456789p 7p"
    south = riichi(hand, self_drawn=True, seat_wind="S")
    assert han_of(south) == {"honitsu": 3, "tsumo": 1}
    fu = sorted((b["reason"], b["fu"]) for b in south.extra["fu_breakdown"])
    assert fu == [("base", 20), ("closed_terminal_pon", 8), ("penchan", 2), ("tsumo", 2)]
    assert south.extra["fu"] == 40 and south.extra["limit"] == "mangan"
    assert paid(south) == {"left": 4000, "across": 2000, "right": 2000} and south.total == 8000


def test_example_4_dora_do_not_add_to_a_yakuman_and_say_why():
    # « Les autres yaku ou dora sont sans importance puisque la valeur d'une main est limitée à
    # yakuman »: the dora (2m, indicator 1m) are listed as excluded by the yakuman
    hand = "222m333p666s88s99p 8s"
    east = riichi(hand, self_drawn=True, seat_wind="E", dora_indicators=["1m"])
    assert [i.id for i in east.items] == ["suuankou"] and east.total == 48000
    assert [(e.id, e.by, e.source) for e in east.excluded] == [("dora", "suuankou", "002 §4.3.4")]
    assert riichi(hand, self_drawn=True, seat_wind="E", dora_indicators=["9m"]).excluded == []
