"""Hong Kong old style (004): the items, the rulings on ambiguous ones (docs/rulings.md),
options, reward table, payments and bao."""
from __future__ import annotations

import pytest

import scorer
from scorer.errors import RulesError
from scorer.hk import Options, reward

from .test_examples import faan_of, hk

CHOWS = "123m456p789s234s5m 5m"   # a plain hand: Common Hand only


def paid(r):
    return [(p.payer, p.amount) for p in r.payments]


def test_double_wind_pung_is_2_faan_replacing_round_and_seat():
    r = hk("111z123m456p789s5m 5m", seat_wind="E", round_wind="E")
    assert faan_of(r) == {"huen_moon_fung": 2}
    assert {(e.id, e.by) for e in r.excluded} == {("huen_fung", "huen_moon_fung"), ("moon_fung", "huen_moon_fung")}


def test_round_and_seat_wind_pungs_separately():
    assert faan_of(hk("111z123m456p789s5m 5m", seat_wind="S", round_wind="E")) == {"huen_fung": 1}
    assert faan_of(hk("222z123m456p789s5m 5m", seat_wind="S", round_wind="E")) == {"moon_fung": 1}


def test_optional_items_only_when_asked():
    hand = "123m456p789s55s46m 5m"  # closed wait on 5m: one chance, concealed
    assert faan_of(hk(hand)) == {"ping_woo": 1}
    on = hk(hand, {"moon_ching": True, "dok_ting": True})
    assert faan_of(on) == {"ping_woo": 1, "moon_ching": 1, "dok_ting": 1}
    two_sided = hk("123m456p789s55s45m 6m", {"dok_ting": True})
    assert "dok_ting" not in faan_of(two_sided)


def test_far_yiu_needs_terminal_and_honour_pungs():
    assert "far_yiu" in faan_of(hk("111m999p555z222z1s 1s", seat_wind="N", round_wind="N"))
    assert "far_yiu" not in faan_of(hk("111m999p111s999s1z 1z"))


def test_win_conditions():
    assert faan_of(hk(CHOWS, self_drawn=True)) == {"ping_woo": 1, "chi_mo": 1}
    assert faan_of(hk("123m456p789s34s55p 2s", robbing_kong=True))["cheung_gong"] == 1
    assert faan_of(hk(CHOWS, last_tile=True))["hoi_day"] == 2
    assert faan_of(hk("(1111m)456p789s234s5m 5m", kong_replacement=True, self_drawn=True))["gong_sheung_far"] == 2
    d = hk("(1111m)(2222p)789s234s5m 5m", kong_replacement=True, double_kong=True, self_drawn=True)
    assert faan_of(d)["gong_sheung_gong"] == 3 and "gong_sheung_far" not in faan_of(d)


def test_moon_from_the_bottom_of_the_sea_and_plum_blossom():
    moon = hk("123m456p789s234s1p 1p", last_tile=True, self_drawn=True)
    assert faan_of(moon)["hoi_day_lao_yuet"] == 3 and "hoi_day" not in faan_of(moon)
    plum = hk("(1111m)789s234s22m46p 5p", kong_replacement=True, self_drawn=True)
    assert faan_of(plum)["gong_sheung_mui_far"] == 3 and "gong_sheung_far" not in faan_of(plum)


def test_limit_items():
    assert faan_of(hk("[111z,1]222z333z444z5m 5m"))["dai_sei_hei"] == 8
    assert faan_of(hk("[111z,1]222z333z44z55m 5m"))["siu_sei_hei"] == 6
    assert faan_of(hk("[111z,1]222z333z555z6z 6z"))["chuen_tse"] == 8
    k = hk("111m333p555s777s9m 9m", self_drawn=True)
    assert faan_of(k) == {"kan_kan_woo": 8}
    assert faan_of(hk("19m19p19s1234567z 7z")) == {"sup_sam_yiu": 8}
    assert faan_of(hk(CHOWS, tenhou=True, self_drawn=True))["tin_woo"] == 8
    assert faan_of(hk(CHOWS, renhou=True, seat_wind="S", discarder="left"))["dei_woo"] == 8


@pytest.mark.parametrize("context, field", [
    ({"kong_replacement": True, "self_drawn": False}, "kong_replacement"),  # 2A: the replacement is drawn
    ({"kong_replacement": True, "discarder": "left"}, "kong_replacement"),
    ({"tenhou": True, "self_drawn": True, "seat_wind": "S"}, "tenhou"),      # 8E: the dealer's
    ({"tenhou": True, "discarder": "left"}, "tenhou"),                      # ... on his own tiles
    ({"tenhou": True, "self_drawn": True, "seat_wind": "E", "concealed_kong": True}, "tenhou"),  # ... no kong
    ({"renhou": True, "discarder": "left"}, "renhou"),                      # 8F: not the dealer's win
    ({"renhou": True, "self_drawn": True, "seat_wind": "W"}, "renhou"),     # ... on a discard
    ({"renhou": True, "seat_wind": "W", "discarder": "left"}, "renhou"),    # ... of the dealer (across)
])
def test_contexts_no_play_can_give_are_refused(context, field):
    # each was scored: the kong replacement paid as a discard, 8 faan of 8E / 8F for any player
    # a heavenly hand holding a concealed kong was scored 8 faan (its winning tile a replacement)
    hand = ("[2222m,1]345p678s56s99p 7s" if "kong_replacement" in context else
            "(1111z)123m456p789s5z 5z" if context.pop("concealed_kong", False) else CHOWS)
    r = hk(hand, **context)
    assert not r.valid and r.error["code"] == "bad_context" and r.error["field"] == f"context.{field}"
    assert "004 " in r.error["message"]


def test_a_robbed_kong_is_never_the_last_tile():
    # 2B counted 2 faan for it: « la dernière tuile piochable ou la dernière défaussée », and a
    # robbed tile is neither
    r = hk("234m567p789s12s5s5s 3s", robbing_kong=True, last_tile=True)
    assert not r.valid and r.error["field"] == "context.last_tile"


@pytest.mark.parametrize("hand, context, field", [
    ("123m46p789s123s11z 5p", {"kong_replacement": True, "self_drawn": True}, "kong_replacement"),  # 2A: no kong
    ("[7777m,1]123m46p789s11z 5p", {"kong_replacement": True, "double_kong": True}, "double_kong"),  # 3D: one
    ("(2222m)567p234s67s88p 5s", {"renhou": True, "seat_wind": "S", "discarder": "left"}, "renhou"),  # 8F: a kong
])
def test_kong_wins_without_their_kongs_are_refused(hand, context, field):
    # each was scored: Plum Blossom on a Kong, Double Kong, an earthly hand after a kong declared
    r = hk(hand, **{"seat_wind": "S", **context})
    assert not r.valid and r.error["code"] == "bad_context" and r.error["field"] == f"context.{field}"
    r = hk("[7777m,1](2222p)123m46p11z 5p", seat_wind="S", kong_replacement=True, double_kong=True)
    assert r.valid and faan_of(r)["gong_sheung_gong"] == 3


def test_the_contexts_of_the_limit_hands_that_can_happen_are_scored():
    assert faan_of(hk(CHOWS, tenhou=True, self_drawn=True, seat_wind="E"))["tin_woo"] == 8
    for seat, dealer in (("S", "left"), ("W", "across"), ("N", "right")):
        assert faan_of(hk(CHOWS, renhou=True, seat_wind=seat, discarder=dealer))["dei_woo"] == 8
    assert hk("[2222m,1]345p678s56s99p 7s", kong_replacement=True, self_drawn=True).valid
    implied = hk("[2222m,1]345p678s56s99p 7s", kong_replacement=True)       # not said: taken as self-drawn
    assert implied.valid and paid(implied) == [("left", 3 * implied.extra["points"])]


def test_a_robbed_tile_is_the_fourth_copy():
    r = hk("[999m,1]123p456s78s55p 9m", robbing_kong=True, discarder="left")
    assert not r.valid and r.error["field"] == "context.robbing_kong"
    assert hk("123m456p789s34s55p 2s", robbing_kong=True, discarder="left").valid


def test_little_four_winds_adds_the_round_and_seat_wind_pungs_it_holds():
    # 6B asks for three wind pungs and a wind pair, not the round's or the seat's pung
    r = hk("[111z,1][222z,2]333z44z12m 3m", seat_wind="S", round_wind="E", discarder="left")
    assert faan_of(r) == {"siu_sei_hei": 6, "huen_fung": 1, "moon_fung": 1, "won_yat_sik": 3}
    r = hk("[111z,1][333z,2]444z22z12m 3m", seat_wind="S", round_wind="E", discarder="left")
    assert faan_of(r) == {"siu_sei_hei": 6, "huen_fung": 1, "won_yat_sik": 3}      # South is the pair
    assert "huen_fung" in {e.id for e in hk("[111z,1]222z333z444z5m 5m").excluded}   # 8A holds them all


def test_moon_from_the_bottom_of_the_sea_is_worth_more_than_any_last_tile_self_drawn():
    # 3E folded self-drawn and the last tile both: 1 + 3 = 4 faan, exactly what any self-drawn
    # last tile makes (1 + 1E 1 + 2B 2): the special case was worth nothing more
    r = hk("123m456p789s234s1p 1p", seat_wind="S", last_tile=True, self_drawn=True)
    assert faan_of(r) == {"ping_woo": 1, "hoi_day_lao_yuet": 3, "chi_mo": 1}
    assert {e.id for e in r.excluded} == {"hoi_day"}
    plain = hk("123m456p789s234s2m 2m", seat_wind="S", last_tile=True, self_drawn=True)
    assert r.extra["faan"] > plain.extra["faan"] == 4


def test_flowers_played_without_are_named_as_not_counted():
    hand = "123m456p789s234s5m15f 5m"
    r = hk(hand)
    assert "flower" not in faan_of(r)
    assert any(w.startswith("flowers/seasons 1f 5f not counted") for w in r.extra["warnings"])
    # the option by the words the review page shows it by, not its key (flower_method=none)
    assert not any("flower_method" in w for w in r.extra["warnings"])
    assert any("choose flower method A, B, C or D" in w for w in r.extra["warnings"])
    assert not any("flowers/seasons" in w for w in hk(hand, {"flower_method": "A"}).extra["warnings"])
    assert not any("flowers/seasons" in w for w in hk("123m456p789s234s5m 5m").extra["warnings"])


def test_flower_methods():
    hand = "123m456p789s234s5m15f 5m"     # plum (1) and spring (1)
    assert faan_of(hk(hand))["ping_woo"] == 1 and "flower" not in faan_of(hk(hand))
    assert faan_of(hk(hand, {"flower_method": "A"}))["flower"] == 2
    assert faan_of(hk(CHOWS, {"flower_method": "A"}))["no_flower"] == 1
    assert faan_of(hk(hand, {"flower_method": "B"}, round_wind="E"))["own_flower_round"] == 2
    assert "own_flower_round" not in faan_of(hk(hand, {"flower_method": "B"}, round_wind="S"))
    assert faan_of(hk(hand, {"flower_method": "C"}, seat_wind="E"))["own_flower_seat"] == 2
    assert faan_of(hk(hand, {"flower_method": "D"}, seat_wind="E", round_wind="E"))["own_flower_both"] == 4
    assert "own_flower_both" not in faan_of(hk(hand, {"flower_method": "D"}, seat_wind="S", round_wind="E"))
    eight = hk("123m456p789s234s5m12345678f 5m", {"flower_method": "C"})
    assert faan_of(eight)["eight_flowers"] == 6
    # the eight flowers with incomplete tiles, flowers not played: the refusal says how they would win (004 6D)
    alone = hk("1357m2468p13579s 1z 12345678f", self_drawn=True)
    assert not alone.valid and "choose flower method A, B, C or D (004 6D)" in alone.error["message"]
    assert hk("1357m2468p13579s 1z 12345678f", {"flower_method": "A"}, self_drawn=True).valid


def test_reward_table_doubles_per_faan_then_per_two():
    o = Options()
    assert [reward(f, o) for f in range(0, 13)] == [1, 2, 4, 8, 16, 16, 32, 32, 64, 64, 128, 128, 256]
    half = Options(odd_faan="half")
    assert [reward(f, half) for f in (5, 6, 7, 8)] == [24, 32, 48, 64]
    assert reward(3, Options(base_points=10)) == 80


def test_min_and_max_faan():
    low = hk(CHOWS, {"min_faan": 3})
    assert not low.valid and low.error["code"] == "not_complete" and low.error["reason"] == "below_minimum"
    high = hk("[555z,1]666z777z222m9m 9m", {"max_faan": 10}, self_drawn=True, seat_wind="S")
    assert high.extra["faan"] == 13 and high.extra["faan_counted"] == 10
    assert high.extra["points"] == reward(10, Options())
    with pytest.raises(RulesError):
        scorer.score(CHOWS, "hk", {"min_faan": 5, "max_faan": 3})


def test_payment_methods():
    r = hk("222m555p888s777z3m 3m", seat_wind="S", discarder="left")     # 4 faan = 16 points
    assert paid(r) == [("left", 16)]
    assert paid(hk("222m555p888s777z3m 3m", {"payment": "discarder_double"}, discarder="left")) == [("left", 32)]
    three = hk("222m555p888s777z3m 3m", {"payment": "discarder_and_half"}, discarder="left")
    assert paid(three) == [("left", 16), ("across", 8), ("right", 8)]
    selfd = hk("[222m,1]555p888s777z3m 3m", self_drawn=True)     # 5 faan = 16 points
    assert paid(selfd) == [("left", 16), ("across", 16), ("right", 16)]


def test_method_4_claimed_kong_discarder_pays_three_times():
    hand = "[1111m,2]456p789s234s5m 5m"
    r = hk(hand, kong_replacement=True, self_drawn=True)
    assert faan_of(r) == {"chi_mo": 1, "gong_sheung_far": 2}
    assert paid(r) == [("across", 3 * 8)]
    off = hk(hand, {"kong_discarder_pays_triple": False}, kong_replacement=True, self_drawn=True)
    assert len(off.payments) == 3


def test_method_4_on_a_kong_that_does_not_say_its_discarder_is_said_not_applied():
    # [8888m] won on its replacement: each player paid 8 without a word, though 004 charges the
    # kong's discarder three times; written [8888m,2] it is charged
    r = hk("[8888m]123p456p789s5z 5z", kong_replacement=True, self_drawn=True, seat_wind="S")
    assert len(r.payments) == 3
    assert any("way (4) of paying not applied" in w and "[8888m,2]" in w for w in r.extra["warnings"]), r.extra["warnings"]
    said = hk("[8888m,2]123p456p789s5z 5z", kong_replacement=True, self_drawn=True, seat_wind="S")
    assert [p for p, _ in paid(said)] == ["across"] and not any("way (4)" in w for w in said.extra["warnings"])
    # nothing to say where (4) does not apply: the option off, or a concealed kong
    off = hk("[8888m]123p456p789s5z 5z", {"kong_discarder_pays_triple": False}, kong_replacement=True,
             self_drawn=True, seat_wind="S")
    hidden = hk("(8888m)123p456p789s5z 5z", kong_replacement=True, self_drawn=True, seat_wind="S")
    assert not any("way (4)" in w for w in off.extra["warnings"] + hidden.extra["warnings"])


def test_method_4_is_not_a_double_kong_nor_an_added_kong():
    # the double kong's second kong is declared on the drawn replacement, and an added kong's fourth
    # tile is drawn: nobody discarded it, each player pays (004 Payer le gagnant, 3D); (4) charged
    # one player three times
    double = hk("[3333s,2][4444m,1]789s11p45p 6p", kong_replacement=True, double_kong=True, self_drawn=True)
    points = double.extra["points"]
    assert paid(double) == [("left", points), ("across", points), ("right", points)]
    added = hk("[3333s,1+]234m567p789s5s 5s", kong_replacement=True, self_drawn=True)
    assert paid(added) == [("left", 8), ("across", 8), ("right", 8)]


def test_bao_discarder_pays_double():
    big3 = "[555z,1][666z,2]123m99m77z 7z"
    r = hk(big3, liable_player="right", discarder="right")
    assert r.extra["faan"] >= 6 and paid(r) == [("right", 2 * r.extra["points"])]
    assert "bao (a)" in r.payments[0].reason
    # a grandmother at a family table was "pays for himself"
    assert "their own share and the two others'" in r.payments[0].reason and "himself" not in r.payments[0].reason


def test_bao_a_and_b_need_the_winning_dragon_or_wind():
    # a big three dragons won on its pair's 9p, the liable player discarding it, was charged as
    # (a): 004 Bao (a) is the discard of the third dragon that wins (riichi's pao, given with
    # --rules all for the same hand, is feeding the third dragon pung)
    r = hk("[555z,1][666z,2][777z,3]123m9p 9p", liable_player="right", discarder="right", seat_wind="S")
    assert "bao (g)" in r.payments[0].reason
    said = next(w for w in r.extra["warnings"] if w.startswith("bao (a) needs"))
    assert "winning third dragon (004 Bao a); 9p won: charged as bao (g)" in said
    r = hk("[111z,1][222z,2][333z,3]444z5m 5m", liable_player="left", discarder="left", seat_wind="S")
    assert "bao (g)" in r.payments[0].reason and any(w.startswith("bao (b) needs") for w in r.extra["warnings"])
    # self-drawn, or on a third player's discard: not charged as (g), only the liable player ignored
    # the warning names (a)'s own liable player: the fourth set of 004 Bao (f) is (c), (d), (e)'s
    # alone, and said of (a) it sent a family looking for one
    why = {"self_drawn": "liable player ignored: bao (a) is the discard of the winning tile, and a self-drawn win has "
                          "none (004 Bao a)",
            "discarder": "liable player ignored: in bao (a) the liable player is the one who discarded the winning "
                         "tile (004 Bao a)"}
    for ctx in ({"self_drawn": True}, {"discarder": "left"}):
        r = hk("[555z,1][666z,2][777z,3]123m9p 9p", liable_player="right", seat_wind="S", **ctx)
        assert not any(w.startswith("bao (a) needs") for w in r.extra["warnings"]), ctx
        assert not any("bao" in p.reason for p in r.payments), ctx
        ignored = [w for w in r.extra["warnings"] if w.startswith("liable player ignored")]
        assert ignored == [why[next(iter(ctx))]], r.extra["warnings"]
    # won on the dragon: (a), no word
    r = hk("[555z,1][666z,2]77z123m99p 7z", liable_player="right", discarder="right", seat_wind="S")
    assert "bao (a)" in r.payments[0].reason and not any("needs" in w for w in r.extra.get("warnings", []))
    from flask import Flask

    from webui.i18n import french_message
    with Flask(__name__).test_request_context("/?lang=fr"):
        assert french_message(said).startswith("le bao (a) demande que la tuile défaussée par le joueur responsable")


def test_bao_fourth_set_cases():
    pure = "[111s,1][234s,1][555s,2][789s,3]9s 9s"      # pure one suit, four sets shown: (f)
    selfd = hk(pure, liable_player="across", self_drawn=True)
    assert paid(selfd) == [("across", 3 * selfd.extra["points"])]                            # f-A
    other = hk(pure, liable_player="across", discarder="left")
    assert paid(other) == [("across", other.extra["points"]), ("left", other.extra["points"])]  # f-C
    fed = hk(pure, liable_player="across", discarder="across")
    assert paid(fed) == [("across", 2 * fed.extra["points"])]                                # f-B


def test_an_all_honours_big_three_dragons_or_four_winds_is_bao_c_where_a_or_b_is_not():
    # 004 Bao (c) « trois ensembles de tuiles Honneur » and (f): an all-honours hand that was also a
    # big three dragons (or four winds) was taken as (a) or (b) alone, and its (f) never applied
    seats = {"seat_wind": "S", "round_wind": "S"}
    for hand in ("[555z,1][666z,1][111z,3][777z,2]2z 2z", "[111z,1][222z,1][333z,3][444z,2]5z 5z"):
        selfd = hk(hand, liable_player="across", self_drawn=True, **seats)
        points = selfd.extra["points"]
        assert paid(selfd) == [("across", 3 * points)], (hand, paid(selfd))                  # f-A
        other = hk(hand, liable_player="across", discarder="left", **seats)
        assert paid(other) == [("across", points), ("left", points)], (hand, paid(other))    # f-C
    # three honour sets shown, the liable player discarding the winning 2z: (c), not (g)
    r = hk("[111z,1][555z,2][666z,3]777z2z 2z", liable_player="left", discarder="left", seat_wind="W",
           round_wind="N")
    assert paid(r) == [("left", 2 * r.extra["points"])] and "bao (c)" in r.payments[0].reason
    assert not any("bao (g)" in w for w in r.extra.get("warnings") or []), r.extra.get("warnings")
    # (a) itself stays (a): the liable player's discard of the third dragon
    r = hk("[555z,1][666z,1][111z,3]77z22z 7z", liable_player="left", discarder="left", seat_wind="S",
           round_wind="S")
    assert paid(r) == [("left", 2 * r.extra["points"])] and "bao (a)" in r.payments[0].reason


def test_bao_fourth_set_needs_a_set_fed_by_the_liable_player():
    """004 Bao (f): the liable player's discard was claimed for the fourth set; four sets all
    claimed from another seat were not fed by him: a self-drawn win is paid by all three."""
    pure = "[111m,1][333m,1][555m,1][777m,1]9m 9m"
    selfd = hk(pure, liable_player="right", self_drawn=True)
    points = selfd.extra["points"]
    assert paid(selfd) == [("left", points), ("across", points), ("right", points)]
    assert any("liable player ignored" in w for w in selfd.extra["warnings"])
    other = hk(pure, liable_player="right", discarder="across")
    assert ("right", other.extra["points"]) not in paid(other)
    assert paid(hk(pure, liable_player="left", self_drawn=True)) == [("left", 3 * points)]


def test_bao_with_three_sets_shown_is_only_the_discard_of_the_winning_tile():
    # (f) is the feeding of the fourth set, « le joueur avec quatre sets révélés »: with the fourth
    # set concealed nobody fed it, and a self-drawn win is paid by the three players
    three = "[111s,1][234s,1][555s,2]789s9s 9s"
    selfd = hk(three, liable_player="across", self_drawn=True)
    points = selfd.extra["points"]
    assert paid(selfd) == [("left", points), ("across", points), ("right", points)] and selfd.extra["warnings"]
    other = hk(three, liable_player="across", discarder="left")
    assert paid(other) == [("left", other.extra["points"])] and other.extra["warnings"]
    fed = hk(three, liable_player="across", discarder="across")          # (e): he discarded the winning tile
    assert paid(fed) == [("across", 2 * fed.extra["points"])]


def test_payment_4_with_several_kongs_names_the_kong_it_assumed():
    one = hk("[2222m,1]345p678s56s99p 7s", kong_replacement=True, self_drawn=True)
    assert paid(one) == [("left", 3 * one.extra["points"])] and not one.extra["warnings"]
    two = hk("[2222m,1](5555p)678s56s99p 7s", kong_replacement=True, self_drawn=True)
    assert paid(two) == [("left", 3 * two.extra["points"])]
    assert two.extra["warnings"] and two.extra["warnings"][0].startswith("(4) charged to left")


def test_bao_on_another_hand_with_a_third_discarder_is_ignored_with_a_warning():
    r = hk("222m555p888s777z3m 3m", liable_player="across", discarder="left")
    assert paid(r) == [("left", 16)] and r.extra["warnings"]


def test_unknown_option_and_bad_values_are_errors():
    with pytest.raises(RulesError) as e:
        scorer.score(CHOWS, "hk", {"limit": 10})
    assert e.value.code == "unknown_option"
    with pytest.raises(RulesError):
        scorer.score(CHOWS, "hk", {"flower_method": "E"})


def test_not_a_winning_hand_and_seven_pairs():
    r = hk("123m456p789s234s5m 6m")
    assert not r.valid and r.error["code"] == "not_complete"
    assert not hk("11m22m33p44p55s66s7z 7z").valid  # no seven pairs in the old rules


def test_assumed_context():
    r = hk(CHOWS, seat_wind="S")
    assert "seat_wind" not in r.assumed and {"round_wind", "self_drawn"} <= set(r.assumed)


def test_bao_needs_the_sets_shown():
    # (a) needs two dragon pungs shown: with one shown, the dragons were concealed and bao
    # falls back to the five-tiles-left case (g), paid by the discarder
    one_shown = hk("[555z,1]666z123m99m77z 7z", liable_player="right", discarder="right")
    assert "bao (g)" in one_shown.payments[0].reason
    # (e) needs three sets of the suit shown: with two, a third player's discard is not f-C
    two_shown = hk("[111s,1][234s,1]555s789s9s 9s", liable_player="across", discarder="left")
    assert paid(two_shown) == [("left", two_shown.extra["points"])] and two_shown.extra["warnings"]
    # and where the liable player discarded the winning tile, the charge as (g) is said: a family
    # naming the liable player of a one-suit hand with two suit sets shown paid double, unsaid
    said = hk("[123p,1][456p,1]789p22p33p 3p", liable_player="left", discarder="left")
    assert paid(said) == [("left", 2 * said.extra["points"])] and "bao (g)" in said.payments[0].reason
    assert ("bao (e) needs three sets of the suit shown (004 Bao e); charged as bao (g), the dangerous discard "
            "with five tiles left; leave out the liable player if that is not so") in said.extra["warnings"]
    assert "needs two dragon pungs shown (004 Bao a)" in " ".join(one_shown.extra["warnings"])
    # a hand of no bao shape is (g) with no warning, its charge saying what (g) is: a little three
    # dragons whose liable player was named as "who fed the dragons" paid double, the case unsaid
    plain = hk("123m456p789s234s5m 5m", liable_player="left", discarder="left")
    assert not any("needs" in w for w in plain.extra["warnings"])
    little3 = hk("[555z][666z]123m456m7z 7z", liable_player="left", discarder="left")
    for r in (plain, little3):
        assert r.payments[0].reason == ("bao (g): discarded the winning tile with five tiles left to draw (004 Bao g), "
                                        "pays twice the score, for their own share and the two others'")


def test_bao_case_h_exempts_the_discarder_of_the_second_flush():
    pure = "[111s,1][234s,1][555s,2]789s9s 9s"          # case (e)
    penalised = hk(pure, liable_player="across", discarder="across")
    assert paid(penalised) == [("across", 2 * penalised.extra["points"])]
    exempt = hk(pure, liable_player="across", discarder="across", bao_exempt=True)
    assert paid(exempt) == [("across", exempt.extra["points"])]
    assert any("bao (h)" in w for w in exempt.extra["warnings"])
    # (h) concerns one-suit hands only: on big three dragons the flag is ignored, with a warning
    big3 = hk("[555z,1][666z,2]123m99m77z 7z", liable_player="right", discarder="right",
              bao_exempt=True)
    assert paid(big3) == [("right", 2 * big3.extra["points"])]
    assert any("bao_exempt ignored" in w for w in big3.extra["warnings"])


def test_an_odd_faan_paid_as_the_one_below_is_said_so(capsys):
    # "reward: 16 points for 5 faan": the fifth faan earned nothing, unsaid (option odd_faan=same)
    from mjtable.cli import main
    main(["score", "123m456p789s234s1p 1p", "--rules", "hk", "--seat-wind", "S", "--self-drawn", "--last-tile"])
    out = capsys.readouterr().out
    assert "reward: 16 points for 5 faan (the reward table; an odd faan above 4 pays as 4 faan" in out
    main(["score", "123m456p789s234s1p 1p", "--rules", "hk", "--seat-wind", "S", "--self-drawn", "--last-tile",
          "-o", "odd_faan=half"])
    assert "pays as" not in capsys.readouterr().out


def test_the_heavenly_and_earthly_hands_do_not_add_what_they_require():
    # 8E is the dealer's first draw with no set shown: it counted Self-drawn (1E) besides, 10 faan
    # for 9 and twice the payment; with Moon Ching played, 8E and 8F counted it too (004 8E, 8F)
    heavenly = hk(CHOWS, tenhou=True, self_drawn=True, options={"moon_ching": True})
    assert faan_of(heavenly) == {"ping_woo": 1, "tin_woo": 8} and heavenly.total == 9
    assert {e.id: e.by for e in heavenly.excluded} == {"chi_mo": "tin_woo", "moon_ching": "tin_woo"}
    earthly = hk(CHOWS, renhou=True, seat_wind="S", discarder="left", options={"moon_ching": True})
    assert faan_of(earthly) == {"ping_woo": 1, "dei_woo": 8} and earthly.total == 9
    # Far Yiu gives « un Fan supplémentaire » over the triplets it requires (004 1I)
    far_yiu = faan_of(hk("[111m,1][999p,2]111z555z9s 9s"))
    assert far_yiu["far_yiu"] == 1 and far_yiu["dui_dui_woo"] == 3


def test_every_counted_item_cites_its_004_entry():
    # a beginner could not check "Mixed One Suit 3" against 004 3B: only excluded items cited one
    r = hk("[111z,1]234m567p789s5s 5s", self_drawn=True)
    assert {i.id: i.note for i in r.items} == {"huen_moon_fung": "004 2C", "chi_mo": "004 1E"}


def test_seven_pairs_is_refused_saying_why():
    # « do not form four sets and a pair »: a player coming from MCR or riichi asked where seven pairs went
    for rules in ("hk", "classical"):
        r = scorer.score("1133m5577p2288s6z 6z", rules)
        assert not r.valid and r.error["message"].startswith("seven pairs is no winning hand"), rules
        # the rule set by its name, not "003 lists ...", which lost its subject where sources are cut out
        assert ", which know" in r.error["message"] and ": 00" not in r.error["message"], rules
    assert scorer.score("1133m5577p2288s6z 6z", "mcr").valid


def test_a_payment_names_the_way_of_paying_it_follows():
    # "(1) the discarder pays the full score": a bare "(1)" read as a footnote (004 « Payer le
    # gagnant » numbers its ways of paying)
    hand = scorer.to_hand("[234m,2][888p,2]567s45p55z 3p", {"seat_wind": "S", "discarder": "left"})
    assert scorer.score(hand, "hk").payments[0].reason == "way (1) of paying: the discarder alone pays the full score"


def test_a_double_kong_ticked_alone_is_won_on_a_kong_replacement():
    # 3D is a win on the second replacement tile: "Double Gong" ticked without "kong replacement"
    # was refused, at the table, as an impossible win
    alone = hk("(1111m)(2222p)789s234s5m 5m", double_kong=True, self_drawn=True)
    assert alone.valid and "gong_sheung_gong" in faan_of(alone)
    unticked = hk("(1111m)(2222p)789s234s5m 5m", double_kong=True, kong_replacement=False, self_drawn=True)
    assert unticked.valid and "gong_sheung_gong" in faan_of(unticked)
