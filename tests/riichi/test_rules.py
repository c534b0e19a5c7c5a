"""What EMA 2016 says and the ``mahjong`` package does not do (rules-conflicts.md, Riichi),
counters and sticks, liability (pao), errors and options."""
from __future__ import annotations

import pytest

import scorer
from scorer.errors import RulesError

from .helpers import han_of, paid, riichi


def test_renhou_is_exactly_mangan_and_adds_nothing_to_a_smaller_hand():
    # tanyao + dora: worth less than mangan, so renhou's mangan alone (002 §4.2.4)
    hand = "234m456p678s2344s 4s"
    r = riichi(hand, renhou=True, seat_wind="S", dora_indicators=["1m"])
    assert han_of(r) == {"renhou": 5}
    assert r.extra["han"] == 5 and r.extra["limit"] == "mangan" and r.total == 8000
    excluded = {e.id for e in r.excluded}
    assert {"tanyao", "dora"} <= excluded and all(e.by == "renhou" for e in r.excluded)


def test_a_hand_worth_more_than_renhou_is_scored_without_it():
    # full flush + pinfu + dora is more than renhou's mangan: « on choisit toujours la possibilité
    # qui rapporte le score le plus élevé » (002 §3.4.9); it was held at 8,000
    hand = "123456789s2399s 1s"
    r = riichi(hand, renhou=True, seat_wind="S", dora_indicators=["1s"])
    plain = riichi(hand, seat_wind="S", dora_indicators=["1s"])
    assert r.total == plain.total > 8000 and han_of(r) == han_of(plain)
    assert [(e.id, e.source.split(";")[0]) for e in r.excluded] == [("renhou", "002 §3.4.9")]


def test_renhou_on_a_hand_without_other_yaku_is_still_mangan():
    r = riichi("[123m,1]456p789s22z4m5m 6m", renhou=False, seat_wind="S")
    assert not r.valid  # open hand, no yaku: not a winning hand
    r = riichi("123m456p789s22z45m 6m", renhou=True, seat_wind="S")
    assert han_of(r) == {"renhou": 5} and r.total == 8000


def test_yakuman_never_combine():
    # big three dragons + all honours + four concealed pungs: the package counts a triple yakuman
    r = riichi("555z666z777z111z2z 2z", self_drawn=True, seat_wind="S")
    assert len(r.items) == 1 and r.items[0].note == "yakuman"
    assert r.extra["limit"] == "yakuman" and r.total == 32000
    assert len(r.excluded) >= 2
    assert all("do not combine" in e.rule and e.source == "002 §4.2" for e in r.excluded)


def test_nagashi_mangan_is_refused_with_a_structured_error():
    with pytest.raises(RulesError) as e:
        scorer.score("123m456p789s22z45m 6m", "riichi", {"nagashi_mangan": True})
    assert e.value.code == "bad_option" and "4.2.6" in e.value.message
    assert e.value.field == "options.nagashi_mangan"


def test_unknown_option_is_an_error():
    with pytest.raises(RulesError) as e:
        scorer.score("123m456p789s22z45m 6m", "riichi", {"kiriage": True})
    assert e.value.code == "unknown_option"


def test_kong_replacement_on_last_tile_scores_rinshan_and_haitei():
    # 002 §3.4.1: « la tuile de remplacement devient la dernière tuile »
    r = riichi("(1111m)456p789s22z45m 6m", kong_replacement=True, last_tile=True, seat_wind="S")
    assert r.valid
    ids = han_of(r)
    assert ids["rinshan"] == 1 and ids["haitei"] == 1 and not r.excluded
    assert r.extra["han"] == riichi("(1111m)456p789s22z45m 6m", kong_replacement=True, seat_wind="S").extra["han"] + 1


def test_a_kong_replacement_win_is_self_drawn_and_a_robbed_tile_the_fourth_copy():
    # riichi scored a replacement win said to be on a discard as self-drawn; MCR and Hong Kong refuse it
    hand = "(1111m)456p789s22z45m 6m"
    for context in ({"self_drawn": False}, {"discarder": "left"}):
        r = riichi(hand, kong_replacement=True, seat_wind="S", **context)
        assert not r.valid and r.error["field"] == "context.kong_replacement"
    assert riichi(hand, kong_replacement=True, seat_wind="S").extra["self_drawn"] is True
    r = riichi("[999m,1]123p456s78s55p 9m", robbing_kong=True, seat_wind="S", discarder="left")
    assert not r.valid and r.error["field"] == "context.robbing_kong"


def test_a_robbed_kong_is_never_on_the_last_tile():
    # 002 §3.4.1: « Il n'est pas autorisé de déclarer kong sur la dernière tuile »
    r = riichi("123m456p789s22z45m 6m", robbing_kong=True, last_tile=True, seat_wind="S", discarder="left")
    assert not r.valid and r.error["code"] == "bad_context" and r.error["field"] == "context.last_tile"


def test_an_open_hands_self_drawn_minipoints_are_named_so():
    # the package calls them "open pinfu"; 002 §4.1.1 gives 2 for a self-drawn win, pinfu aside
    r = riichi("[234m,1]567p34s678s88p 5s", self_drawn=True, seat_wind="S")
    assert [(f["reason"], f["fu"]) for f in r.extra["fu_breakdown"]] == [("base", 20), ("tsumo", 2)]
    assert r.extra["fu"] == 30
    r = riichi("[234m,1]567p34s678s88p 5s", discarder="left", seat_wind="S")
    assert [(f["reason"], f["fu"]) for f in r.extra["fu_breakdown"]] == [("base", 20), ("hand_without_fu", 2)]


def test_a_kong_replacement_win_needs_a_kong():
    # 002 §4.2.1: « Gagner sur la tuile de remplacement après avoir déclaré un kong »
    r = riichi("123m46p789s123s11z 5p", kong_replacement=True, seat_wind="S")
    assert not r.valid and r.error["code"] == "bad_context" and r.error["field"] == "context.kong_replacement"
    r = riichi("(7777z)123m46p789s11z 5p", kong_replacement=True, seat_wind="S")
    assert r.valid and "rinshan" in [i.id for i in r.items]


def test_robbing_the_kong_cannot_be_self_drawn():
    r = riichi("123m456p789s22z45m 6m", robbing_kong=True, self_drawn=True)
    assert not r.valid and r.error["code"] == "bad_context" and r.error["field"] == "context.robbing_kong"


def test_no_ippatsu_on_a_kong_replacement_tile():
    # 002 §3.3.14: any kong, concealed ones included, ends the chance of ippatsu; a rinshan win
    # follows the winner's own kong (it was scored Riichi + Ippatsu + After a Kong, 8,000)
    hand = "(5555p)123m789s456s1s 1s"
    r = riichi(hand, riichi=True, ippatsu=True, kong_replacement=True, seat_wind="S")
    assert not r.valid and r.error["code"] == "bad_context" and r.error["field"] == "context.ippatsu"
    r = riichi(hand, riichi=True, kong_replacement=True, seat_wind="S")
    assert r.valid and r.total == 5200 and r.extra["fu"] == 40


def test_pinfu_says_the_paying_wait_it_was_preferred_to():
    # 002 §4.1.1's own example: 56789s won on the 7 completes 567s on two sides or 789s on an edge
    # (89 waiting for the 7): the reading that scores more, pinfu, is counted, and said so
    r = riichi("123m456p77p56789s 7s", riichi=True, seat_wind="S")
    pinfu = next(i for i in r.items if i.id == "pinfu")
    assert "also completes 789s (edge wait, 2 minipoints)" in pinfu.note
    assert not next(i for i in riichi("123m456p77p34578s 6s", riichi=True, seat_wind="S").items
                    if i.id == "pinfu").note


def test_seven_pairs_with_four_alike_says_why():
    # 002 §4.2.2 « Il n'est pas autorisé d'avoir deux paires identiques »
    r = riichi("1111m33p55p77p22z6z 6z", riichi=True, seat_wind="S")
    assert not r.valid and "1111m would be two identical pairs (002 §4.2.2)" in r.error["message"]
    assert "identical" not in riichi("1111m33p55p77p2z67z 6z", riichi=True, seat_wind="S").error["message"]


def test_riichi_with_an_exposed_set_is_a_context_error():
    r = riichi("[123m,1]456p789s22z45m 6m", riichi=True)
    assert not r.valid and r.error["code"] == "bad_context" and r.error["field"] == "context.riichi"


@pytest.mark.parametrize("blessing, context", [
    ("tenhou", {"seat_wind": "E", "self_drawn": True}),
    ("chiihou", {"seat_wind": "S", "self_drawn": True}),
    ("renhou", {"seat_wind": "S", "discarder": "right"}),
])
@pytest.mark.parametrize("declared", ["riichi", "double_riichi"])
def test_no_riichi_before_a_blessings_first_discard(blessing, context, declared):
    # 002 §4.2.4 / §4.2.5: won before the winner's first discard, where riichi is declared; a game
    # moved the declarer's 1,000 stick for it (tenhou with riichi scored 48,000 without a word)
    r = riichi("234m456p678s55m23s 4s", **{blessing: True, declared: True}, **context)
    assert not r.valid and r.error["code"] == "bad_context" and r.error["field"] == f"context.{declared}"
    assert riichi("234m456p678s55m23s 4s", **{blessing: True}, **context).valid


@pytest.mark.parametrize("blessing, context", [
    ("tenhou", {"seat_wind": "E", "self_drawn": True}),
    ("chiihou", {"seat_wind": "S", "self_drawn": True}),
    ("renhou", {"seat_wind": "S", "discarder": "right"}),
])
def test_a_blessing_is_never_won_on_the_last_tile_a_robbed_kong_or_a_replacement(blessing, context):
    # 002 §4.2.4 / §4.2.5: « durant le tout premier tour ininterrompu »; §3.1: a claim or a concealed
    # kong interrupts it, and the last tile comes long after (tenhou on the last tile scored 48,000)
    hand = "234m456p678s55m23s 4s"
    for key in ("last_tile", "robbing_kong", "kong_replacement"):
        r = riichi(hand, **{blessing: True, key: True}, **{k: v for k, v in context.items()
                                                          if key == "last_tile" or k == "seat_wind"})
        assert not r.valid and r.error["code"] == "bad_context", (key, r.error)
        assert r.error["field"] == f"context.{key}" and "first go-around" in r.error["message"], (key, r.error)
    r = riichi("[2222m]456p678s55m23s 4s", **{blessing: True, "kong_replacement": True}, seat_wind=context["seat_wind"])
    assert not r.valid and r.error["field"] == "context.kong_replacement"


def test_a_round_beyond_south_is_said():
    # 002 §3.1: « deux manches : la manche Est et la manche Sud »; a house rule's West round is scored
    r = riichi("[333z,1]234m567p23s99s 1s", seat_wind="W", round_wind="W", discarder="left")
    assert r.valid and r.extra["han"] == 2          # the seat's and the round's West pung
    assert any("East and South rounds only" in w for w in r.extra["warnings"])
    r = riichi("[333z,1]234m567p23s99s 1s", seat_wind="W", round_wind="S", discarder="left")
    assert not any("South rounds only" in w for w in r.extra.get("warnings") or [])


def test_one_ura_dora_indicator_lies_under_each_dora_indicator():
    # 002 §3.3.14: 4m 4m 4m under one indicator made six ura-dora, a baiman, without a word
    hand, ctx = "234m456p678s55m23s 4s", {"riichi": True, "seat_wind": "S", "discarder": "left"}
    for dora, ura in ((["1m"], ["4m", "4m", "4m"]), ([], ["4m", "5m"]), (["1m", "2p"], ["4m"])):
        r = riichi(hand, **ctx, dora_indicators=dora, ura_dora_indicators=ura)
        assert not r.valid and r.error["field"] == "context.ura_dora_indicators", (dora, ura)
    r = riichi(hand, **ctx, dora_indicators=["1m", "2p"], ura_dora_indicators=["4m", "9s"])
    assert r.valid and han_of(r)["ura_dora"] == 2
    assert riichi(hand, **ctx, ura_dora_indicators=["4m"]).valid        # the table's one indicator, not typed
    # two with none given: "dora indicators: 0" read as a contradiction of the one taken above
    said = riichi(hand, **ctx, ura_dora_indicators=["4m", "5m"]).error["message"]
    assert "dora indicators: not given, so the table's one" in said and said.endswith("give the dora indicators (002 §3.3.14)")
    from flask import Flask

    from webui.i18n import french_message
    with Flask(__name__).test_request_context("/?lang=fr"):
        assert "indicateurs de dora : non donnés, donc celui de la table" in french_message(said)


def test_flowers_are_ignored_with_a_warning():
    r = riichi("123m456p789s22z45m12f 6m", riichi=True, seat_wind="S")
    assert r.valid and han_of(r) == {"riichi": 1}
    assert any("1f 2f" in w for w in r.extra["warnings"])


def test_ura_dora_without_riichi_are_ignored_with_a_warning():
    hand = "123m456p789s22z45m 6m"
    r = riichi(hand, self_drawn=True, seat_wind="S", ura_dora_indicators=["3m"])
    assert "ura_dora" not in han_of(r)
    assert any(w.startswith("ura_dora_indicators ignored") for w in r.extra["warnings"])
    declared = riichi(hand, self_drawn=True, seat_wind="S", riichi=True, ura_dora_indicators=["3m"], riichi_sticks=1)
    assert han_of(declared)["ura_dora"] == 1 and not declared.extra["warnings"]


def test_riichi_without_its_sticks_says_none_is_counted():
    # a learner scoring a riichi hand alone missed the winner's own 1,000 without a word
    r = riichi("123m456p789s22z45m 6m", riichi=True, seat_wind="S", discarder="left")
    assert any(w.startswith("riichi sticks not given: none is counted") for w in r.extra["warnings"])
    # in words, not the field's name ("give riichi_sticks"), and no "not even the winner's own, which
    # comes back to the winner", which read as a contradiction
    assert not any("riichi_sticks" in w or "not even" in w for w in r.extra["warnings"])
    assert paid(r) == {"left": 1300}
    r = riichi("123m456p789s22z45m 6m", riichi=True, seat_wind="S", discarder="left", riichi_sticks=1)
    assert not r.extra["warnings"] and paid(r) == {"left": 1300, "table": 1000}


def test_counters_and_riichi_sticks():
    ron = riichi("12345678s234m55p 9s", riichi=True, seat_wind="S", honba=2, riichi_sticks=3,
                 discarder="across")
    assert paid(ron) == {"across": 7700 + 600, "table": 3000} and ron.total == 11300
    tsumo = riichi("12345678s234m55p 9s", riichi=True, self_drawn=True, seat_wind="S", honba=2)
    assert paid(tsumo) == {"left": 4200, "across": 2200, "right": 2200}


def test_unknown_seat_names_payers_by_role():
    r = riichi("12345678s234m55p 9s", riichi=True, self_drawn=True)  # seat_wind defaults to E
    assert "seat_wind" in r.assumed
    assert [p.payer for p in r.payments] == ["non-dealer"] * 3


BIG_DRAGONS = "[555z,1][666z,2][777z,3]123m9p 9p"


def test_pao_self_drawn_liable_pays_everything():
    r = riichi(BIG_DRAGONS, self_drawn=True, seat_wind="S", liable_player="right", honba=1)
    assert r.items[0].id == "daisangen"
    assert paid(r) == {"right": 32000 + 300}


def test_pao_ron_by_another_player_is_shared():
    r = riichi(BIG_DRAGONS, seat_wind="S", liable_player="right", discarder="left")
    assert paid(r) == {"left": 16000, "right": 16000}
    same = riichi(BIG_DRAGONS, seat_wind="S", liable_player="right", discarder="right")
    assert paid(same) == {"right": 32000}


def test_pao_is_said_in_the_payment_lines_as_the_settlement_pays_it():
    # the lines said the dealer paid 16,000 and each other 8,000 under a settlement where the liable
    # player paid all 32,000 (002 §3.3.9 « les deux autres joueurs ne payent rien »)
    from scorer.riichi.payments import payment_steps
    selfd = riichi(BIG_DRAGONS, self_drawn=True, seat_wind="S", liable_player="right")
    text, fields = payment_steps(selfd.extra)[-1]
    assert text.startswith("instead, pao (002 §3.3.9)") and fields["value"] == 32000 == selfd.total
    assert fields["liable"] == "right" and fields["yaku"] == "Big Three Dragons"
    shared = riichi(BIG_DRAGONS, seat_wind="S", liable_player="right", discarder="left")
    text, fields = payment_steps(shared.extra)[-1]
    assert "half each" in text and (fields["rest"], fields["half"]) == (16000, 16000)
    # the liable player's own discard pays it all, as the discarder's line says: no pao line
    alone = riichi(BIG_DRAGONS, seat_wind="S", liable_player="right", discarder="right")
    assert "pao" not in alone.extra and not any("pao" in t for t, _ in payment_steps(alone.extra))
    # a discarder not named may be the liable player: said
    unnamed = riichi(BIG_DRAGONS, seat_wind="S", liable_player="right")
    assert any(w.startswith("the discarder is not named") for w in unnamed.extra["warnings"])


def test_pao_stands_when_the_hand_is_also_another_yakuman():
    """Big Four Winds with a pair of honours is also All Honours, with four kongs also Four Kongs:
    one yakuman is counted (002 §4.2), and it is the one a player is liable for (002 §3.3.9)."""
    honours = riichi("[111z,1][222z,2][333z,3][444z,1]5z 5z", self_drawn=True, seat_wind="S", liable_player="left")
    assert honours.items[0].id == "daisuushi" and paid(honours) == {"left": 32000}
    assert [x.id for x in honours.excluded] == ["tsuisou"]
    assert not any("liable player ignored" in w for w in honours.extra["warnings"])
    kongs = riichi("[1111z,1][2222z,2][3333z,3][4444z,1]9m 9m", seat_wind="S", liable_player="left",
                   discarder="right")
    assert kongs.items[0].id == "daisuushi" and paid(kongs) == {"left": 16000, "right": 16000}


def test_pao_needs_the_sets_exposed_and_one_fed_by_the_liable_player():
    """002 §3.3.9: liable is who gives the third dragon set to a player with two exposed: dragon
    sets held concealed, or completed by the winning tile, were fed by nobody; melds that record
    another seat were not fed by the player named."""
    concealed = riichi("555666777z123m9m 9m", self_drawn=True, seat_wind="S", liable_player="across")
    assert paid(concealed) == {"left": 16000, "across": 8000, "right": 8000}
    on_the_win = riichi("[555z,1][666z,2]123m99m77z 7z", seat_wind="S", liable_player="across", discarder="left")
    assert paid(on_the_win) == {"left": 32000}
    elsewhere = riichi("[555z,1][666z,1][777z,1]123m9p 9p", self_drawn=True, seat_wind="S", liable_player="right")
    assert paid(elsewhere) == {"left": 16000, "across": 8000, "right": 8000}
    for r in (concealed, on_the_win, elsewhere):
        assert any("liable player ignored: pao needs every set" in w for w in r.extra["warnings"])
    unrecorded = riichi("[555z][666z][777z]123m9p 9p", self_drawn=True, seat_wind="S", liable_player="right")
    assert paid(unrecorded) == {"right": 32000}       # the seat of no claim recorded: the players' word


def test_liable_player_on_another_hand_is_ignored_with_a_warning():
    r = riichi("12345678s234m55p 9s", riichi=True, seat_wind="S", liable_player="left")
    assert paid(r) == {"discarder": 7700}
    assert any("liable player ignored" in w for w in r.extra["warnings"])


def test_not_a_winning_hand():
    r = riichi("123m456p789s22z46m 9m")
    assert not r.valid and r.error["code"] == "not_complete"


def test_complete_hand_without_yaku_is_not_a_winning_hand():
    r = riichi("[123m,1]456p789s22z45m 6m", seat_wind="S")
    assert not r.valid and r.error["code"] == "not_complete" and r.error["reason"] == "no_yaku"


def test_red_fives_count_only_when_asked():
    off = riichi("123m406p789s22z45m 6m", riichi=True, seat_wind="S")
    assert "aka_dora" not in han_of(off)
    on = riichi("123m406p789s22z45m 6m", riichi=True, seat_wind="S", red_fives=True)
    assert han_of(on)["aka_dora"] == 1


def test_more_red_fives_of_a_suit_than_a_set_has_are_refused():
    """002 §1.3: one red five in each family; 000m was scored, one aka dora, with no word."""
    from scorer.errors import HandError
    for hand, ctx in (("000m456m789m123p5p 5p", {}), ("055m406m789m123p5p 5p", {}),
                      ("406m123p789s12s55p 3s", {"dora_indicators": ["0m"]}), ("123m406p000p789s5s 5s", {})):
        with pytest.raises(HandError) as e:
            riichi(hand, riichi=True, red_fives=True, **ctx)
        assert "at most (002 §1.3)" in str(e.value)
    assert han_of(riichi("055m406p789s123p5s 5s", riichi=True, red_fives=True))["aka_dora"] == 2
    assert riichi("000m456m789m123p5p 5p", riichi=True).valid      # without the house rule: plain fives


def test_dora_and_ura_dora_from_indicators():
    r = riichi("123m456p789s22z45m 6m", riichi=True, seat_wind="S",
               dora_indicators=["1z"], ura_dora_indicators=["3m"])
    h = han_of(r)
    assert h["dora"] == 2 and h["ura_dora"] == 1   # South pair; the 4m


def test_assumed_lists_context_read_but_not_given():
    r = riichi("12345678s234m55p 9s", riichi=True, seat_wind="S")
    assert "riichi" not in r.assumed and "seat_wind" not in r.assumed
    assert {"round_wind", "self_drawn", "dora_indicators"} <= set(r.assumed)


def test_the_ura_dora_are_assumed_none_for_a_riichi_winner_alone():
    # 002 §3.3.14: the ura dora count for a winner who declared riichi; a double ron's second
    # winner, who declared none, was told they were assumed none
    assert "ura_dora_indicators" in riichi("12345678s234m55p 9s", riichi=True).assumed
    assert "ura_dora_indicators" not in riichi("12345678s234m55p 9s", seat_wind="S").assumed
    given = riichi("12345678s234m55p 9s", seat_wind="S", ura_dora_indicators=["1m"])
    assert "ura_dora_indicators" not in given.assumed and any("ura_dora_indicators ignored" in w for w in given.extra["warnings"])


def test_items_name_the_tiles_they_use():
    r = riichi("[111z,2]123s789s99s33z 3z", seat_wind="E", round_wind="E", dora_indicators=["6s"])
    tiles = {i.id: i.tiles for i in r.items}
    assert tiles["seat_wind_east"] == ["1z", "1z", "1z"] and tiles["dora"] == ["7s"]


def test_fu_breakdown_names_the_set_each_item_comes_from():
    # 002 §4.3.9 rebuilt: a declared North-claimed East pung, the West pung completed by the
    # discard (counted open, 002 §4.1.1), a closed hand part and the pair
    res = riichi("[111z,2]123s789s99s33z 3z", seat_wind="E", round_wind="E")
    assert sorted((b["reason"], b["fu"], b["set"]) for b in res.extra["fu_breakdown"]) == [
        ("base", 20, ""), ("open_terminal_pon", 4, "333z (completed by the discard)"),
        ("open_terminal_pon", 4, "[111z]")]
    # a concealed kong, written (..), and a wait
    res = riichi("(1111m)234p567s22z3z3z 3z", self_drawn=True, seat_wind="E")
    by_reason = {b["reason"]: b["set"] for b in res.extra["fu_breakdown"]}
    assert by_reason["closed_terminal_kan"] == "(1111m)" and by_reason["closed_terminal_pon"] == "333z"
    res = riichi("444z1123456789p 7p", self_drawn=True, seat_wind="S")
    assert {b["reason"]: b["set"] for b in res.extra["fu_breakdown"]}["penchan"] == "789p"


def test_indicators_a_table_cannot_show_are_refused():
    """One dora indicator and one per kong, five at most (002 §2.7, §3.3.10); an indicator is one
    of its tile's four copies, with the hand's."""
    from scorer.errors import HandError
    hand = "123m456p789s234s5p 5p"                 # three 5p in the hand
    assert riichi(hand, riichi=True, dora_indicators=["1z"] * 2 + ["2z"] * 3).valid
    assert riichi(hand, riichi=True, dora_indicators=["5p"]).valid          # the fourth 5p
    for ctx, field in ((dict(dora_indicators=["1z", "2z", "3z", "4z", "5z", "6z"]), "context.dora_indicators"),
                       (dict(ura_dora_indicators=["1z"] * 3 + ["2z"] * 3), "context.ura_dora_indicators"),
                       (dict(dora_indicators=["5p"], ura_dora_indicators=["5p"]), "context.dora_indicators"),
                       (dict(dora_indicators=["0p", "5p"]), "context.dora_indicators")):   # a red five is a five
        with pytest.raises(HandError) as e:
            riichi(hand, riichi=True, **ctx)
        assert e.value.field == field


def test_no_yaku_says_to_give_riichi_when_the_concealed_hand_may_have_declared_it():
    r = riichi("123m567m234p79s55p 8s", seat_wind="W", discarder="across")
    assert not r.valid and r.error["message"].endswith("if riichi was declared, say so: riichi is a yaku")
    r = riichi("[123m,1]567m234p79s55p 8s", seat_wind="W", discarder="across")      # open: no riichi to give
    assert not r.valid and "riichi is a yaku" not in r.error["message"]


def test_red_fives_held_without_the_red_fives_context_are_said_plain():
    """002 (changes from 2012): « il n'y a plus de cinq rouges »: a 0p is a plain 5p, and the
    player whose set has red fives is told why it brought no dora."""
    plain = riichi("234m406p234s88s55z 5z", seat_wind="S", riichi=True)
    assert any(w.startswith("red fives held count as plain fives") for w in plain.extra["warnings"])
    counted = riichi("234m406p234s88s55z 5z", seat_wind="S", riichi=True, red_fives=True)
    assert not any("red fives held" in w for w in counted.extra["warnings"])
    assert counted.extra["han"] == plain.extra["han"] + 1
    # a club's house rule for every hand (the option), as the context does for one
    import scorer
    from scorer.notation import parse
    house = scorer.score(scorer.to_hand(parse("234m406p234s88s55z 5z"), {"seat_wind": "S", "riichi": True}),
                         "riichi", {"red_fives": True})
    assert house.extra["han"] == counted.extra["han"] and not any("red fives held" in w for w in house.extra["warnings"])


def test_a_wait_worth_minipoints_says_the_other_reading_it_beat():
    """002 §4.1.1 (its example of 56789 won on the 7): the edge wait is counted, its 2 fu beating
    the two-sided 567 the beginner saw; said beside the wait's minipoints."""
    r = riichi("444z234m11p56789s 7s", self_drawn=True, riichi=True, seat_wind="S")
    edge = next(f for f in r.extra["fu_breakdown"] if f["reason"] == "penchan")
    assert edge["note"].startswith("the 7s also completes 567s, a wait worth no minipoints")
    only = riichi("123m456p789s12s55z 3s", riichi=True, seat_wind="S")      # 12s waits on 3s alone
    assert not any(f.get("note") for f in only.extra["fu_breakdown"])


def test_the_winners_own_riichi_stick_is_said_among_those_it_collects():
    # a beginner read "TOTAL 5500 points received" as 1000 more than the hand: one stick was theirs
    own = riichi("234m406p234s88s55z 5z", seat_wind="S", riichi=True, riichi_sticks=2, discarder="left")
    table = next(p for p in own.payments if p.payer == "table")
    assert table.amount == 2000 and table.reason == "2 riichi stick(s) × 1,000, the winner's own among them"
    other = riichi("234m406p234s88s55z 5z", seat_wind="S", riichi_sticks=1, discarder="left")
    assert next(p for p in other.payments if p.payer == "table").reason == "1 riichi stick(s) × 1,000"
    # the hand's gain beside the total received: a club's game log showed +2,000 for "3,000 received"
    assert own.extra["net_gain"] == own.total - 1000 and "net_gain" not in other.extra


def test_a_concealed_hand_says_why_it_is_no_pinfu():
    # a learner expected pinfu on a dragon pair and saw no word why not (MCR lists what is not counted)
    def why(notation, **ctx):
        r = riichi(notation, **{"riichi": True, "riichi_sticks": 1, **ctx}, seat_wind="S", discarder="left")
        return next((e.note for e in r.excluded if e.id == "pinfu"), None)
    assert why("234m456p678s55z34s 5s").endswith("here the pair is a value pair.")
    assert why("234m456p678s55m13s 2s").endswith("here the winning tile completes a closed wait.")
    assert why("234m456p555s55m34s 5s") is None                       # a pung: no pinfu shape to miss
    assert why("234m456p678s55m34s 5s") is None                       # a pinfu
    # an open tanyao won on a closed wait: valid, and no pinfu to miss (pinfu is a concealed hand's)
    open_hand = riichi("[234m,1]456p678s55m35s 4s", seat_wind="S", discarder="left")
    assert open_hand.valid and all(e.id != "pinfu" for e in open_hand.excluded)


def test_a_many_sided_yakuman_wait_is_the_one_yakuman_by_its_own_id():
    # ids "daburu_kokushi" and "daburu_chuuren_poutou" read as double yakuman, which EMA has none of
    for notation, single in (("19m19p19s1234567z 1m", "kokushi"), ("1112345678999m 5m", "chuuren_poutou")):
        r = riichi(notation, self_drawn=True, seat_wind="S")
        assert [i.id for i in r.items] == [single] and r.total == 32000, (notation, r.items)


def test_a_value_pairs_minipoints_are_named_as_002_names_them():
    # « Paire de valeur » left a learner to guess which; 002 §4.1.1 names each pair
    names = {}
    for pair in ("55z", "22z", "11z"):
        r = riichi(f"234m456p678s{pair}34s 5s", riichi=True, riichi_sticks=1, seat_wind="S", discarder="left")
        names[pair] = next((f["name_en"], f["name_fr"]) for f in r.extra["fu_breakdown"] if f["reason"] == "valued_pair")
    assert names == {"55z": ("Dragon pair", "Paire de dragon"), "22z": ("Seat wind pair", "Paire de vent du joueur"),
                     "11z": ("Round wind pair", "Paire de vent dominant")}


def test_a_pung_the_winning_discard_completes_says_why_it_counts_as_exposed():
    # « Exposed pung » in a fully concealed riichi hand read to a beginner as a misread set
    r = riichi("234m678p456s99s22z 9s", riichi=True, discarder="left", seat_wind="W")
    pung = next(f for f in r.extra["fu_breakdown"] if f["tiles"] == ["9s", "9s", "9s"])
    assert pung["reason"] == "open_terminal_pon" and "counts as exposed (002 §4.1.1)" in pung["note"]
    drawn = riichi("234m678p456s99s22z 9s", riichi=True, self_drawn=True, seat_wind="W")
    assert not any(f.get("note") for f in drawn.extra["fu_breakdown"] if f["tiles"] == ["9s", "9s", "9s"])


def test_twice_pure_double_chows_say_the_tiles_also_make_seven_pairs():
    # 002's example 8 explains the seven-pairs reading it does not count; the page said nothing of it
    r = riichi("223344m556677p7z 7z", discarder="left", seat_wind="S")
    assert [i.id for i in r.items] == ["ryanpeiko"]
    assert [(e.id, e.source) for e in r.excluded if e.id == "chiitoitsu"] == [("chiitoitsu", "002 §3.4.9, §4.2.2")]
    assert not any(e.id == "chiitoitsu" for e in riichi("2233m44556677p7z 7z", discarder="left").excluded)


def test_an_open_hands_2_minipoints_say_the_wait_that_gives_the_same():
    """A beginner saw the 4s-6s closed wait and found "open pinfu" counted: either reading is
    worth 2 (002 §4.1.1), said beside the open hand's 2."""
    r = riichi("[234m,1]567p345s88s46s 5s", seat_wind="S", discarder="left")
    line = next(f for f in r.extra["fu_breakdown"] if f["reason"] == "hand_without_fu")
    assert line["note"].startswith("the 5s also completes 456s (closed wait, 2 minipoints): the same 2 either way")
    only = riichi("[234m,1]567p345s88s45s 6s", seat_wind="S", discarder="left")      # 45s: two-sided alone
    assert not any(f.get("note") for f in only.extra["fu_breakdown"])


def test_a_hand_without_a_yaku_says_what_keeps_it_from_pinfu_and_pure_double_chow():
    # a beginner's no-yaku hand listed All Simples and the self-draw, not the pinfu it nearly was
    def lacks(notation, **context):
        res = riichi(notation, discarder="left", **context)
        assert res.error["reason"] == "no_yaku"
        return {e.id: e.note for e in res.excluded}
    pair = lacks("123m456p789s23s55z 1s", seat_wind="S")
    assert pair["pinfu"] == "Pinfu is four chows, a pair of no value and a two-sided wait: here the pair is a value pair."
    assert lacks("123m456p789s13s55s 2s")["pinfu"].endswith("completes a closed wait.")
    assert lacks("123m456p789s12s55s 3s")["pinfu"].endswith("completes an edge wait.")
    assert lacks("123m456p789s123s5s 5s")["pinfu"].endswith("completes the pair.")
    assert "pinfu" not in lacks("123m456p789s111s5s 5s")              # a pung: no pinfu shape, not listed
    open_hand = lacks("[234m,1]234m567p789s5p 5p")
    assert open_hand["iipeiko"] == "the chow 234m twice, but the hand is open: pure double chow needs a concealed hand"
    assert "iipeiko" not in lacks("[234m,1]345m567p789s5p 5p")


def test_four_concealed_pungs_won_on_a_discard_completing_a_pung_says_why_it_is_no_yakuman():
    # a learner saw All Pungs and Three Concealed Pungs and no word of the yakuman (002 §4.2.5)
    res = riichi("444p666m222s88s33s 8s", discarder="left", riichi=True)
    assert "suuankou" not in han_of(res) and han_of(res)["sanankou"] == 2
    note = next(e.note for e in res.excluded if e.id == "suuankou")
    assert note.startswith("won on a discard that completes a pung, which then counts as exposed")
    assert "suuankou" in han_of(riichi("444p666m222s88s33s 8s", self_drawn=True))
    assert not any(e.id == "suuankou" for e in riichi("[444p,1]666m222s88s33s 8s", discarder="left").excluded)
