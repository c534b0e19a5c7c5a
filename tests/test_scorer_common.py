"""What every rule set shares: one result shape, JSON-safe
``to_dict()``, options checked, structured errors, a score that does not depend on the order the
tiles are given in."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scorer
from scorer.errors import HandError, RulesError
from scorer.options import options_doc

from .hand_strategies import hand_dicts

RULES = list(scorer.RULE_SETS)
#: valid under all four rule sets (MCR: mixed straight 8 + winds + single wait = 13).
HAND = "[111z,1]123m456p789s2z 2z"
CONTEXT = {"seat_wind": "E", "round_wind": "E", "discarder": "left"}


@pytest.mark.parametrize("rules", RULES)
def test_one_result_shape(rules):
    res = scorer.score(scorer.to_hand(HAND, CONTEXT), rules)
    assert res.valid, res.error
    d = json.loads(json.dumps(res.to_dict(), ensure_ascii=False))
    assert {"rules", "valid", "total", "total_unit", "items", "excluded", "decomposition",
            "payments", "assumed", "options"} <= set(d)
    assert d["rules"] == rules and d["total"] > 0
    assert d["items"]
    for item in d["items"]:
        assert item["id"] and item["name_en"] and item["name_fr"] and item["name_native"], item
        assert item["total"] == item["value"] * item["count"]
        assert item["unit"] in ("points", "han", "faan", "fu", "doubles")
    for ex in d["excluded"]:
        assert ex["id"] and ex["rule"] and ex["source"], ex
    sets = d["decomposition"]["sets"]
    assert {s["text"] for s in sets} >= {"[111z]", "123m", "456p", "789s", "22z"}
    assert all({"kind", "tiles", "concealed", "text"} <= set(s) for s in sets)
    assert d["payments"] and all(p["amount"] > 0 and p["payer"] for p in d["payments"])
    assert set(d["options"]) == {f["name"] for f in options_doc(
        scorer.get_rule_set(rules).Options)}


@pytest.mark.parametrize("rules", RULES)
def test_a_kong_replacement_win_is_not_said_to_assume_it_was_on_a_discard(rules):
    # "assumed (not given): self_drawn=no" over a self-drawn settlement (MCR, classical, riichi's
    # "discarder=none"): the replacement tile is drawn, so self-drawn is implied, not assumed
    res = scorer.score(scorer.to_hand("(1111m)456p789s23s55z 4s", {"kong_replacement": True}), rules)
    assert res.valid, res.error
    assert not {"self_drawn", "discarder"} & set(res.assumed), res.assumed


@pytest.mark.parametrize("rules, blessing, seat", [("riichi", "tenhou", "E"), ("riichi", "chiihou", "S"),
                                                  ("hk", "tenhou", "E"), ("classical", "tenhou", "E"),
                                                  ("classical", "chiihou", "S")])
def test_a_blessing_of_heaven_or_earth_is_self_drawn_without_saying_so(rules, blessing, seat):
    # `--tenhou` alone was refused as "won on a discard" where `--kong-replacement` alone was
    # taken as self-drawn: both are self-drawn by definition (002 §4.2.5, 004 8E)
    hand = "234m456p678s55m23s 4s"
    res = scorer.score(scorer.to_hand(hand, {blessing: True, "seat_wind": seat}), rules)
    assert res.valid, res.error
    assert "self_drawn" not in res.assumed
    said = scorer.score(scorer.to_hand(hand, {blessing: True, "seat_wind": seat, "self_drawn": True}), rules)
    assert res.total == said.total
    # said to be won on a discard, the pair is refused as before
    res = scorer.score(scorer.to_hand(hand, {blessing: True, "seat_wind": seat, "discarder": "left"}), rules)
    assert not res.valid and res.error["field"] == f"context.{blessing}"


@pytest.mark.parametrize("rules", RULES)
def test_unknown_and_badly_typed_options_are_errors(rules):
    with pytest.raises(RulesError) as e:
        scorer.score(HAND, rules, {"no_such_option": True})
    assert e.value.code == "unknown_option" and e.value.field == "options.no_such_option"
    field = options_doc(scorer.get_rule_set(rules).Options)[0]["name"]
    with pytest.raises(RulesError) as e:
        scorer.score(HAND, rules, {field: object()})
    assert e.value.code == "bad_option" and e.value.field == f"options.{field}"


@pytest.mark.parametrize("rules", RULES)
def test_not_a_winning_hand_is_a_structured_result(rules):
    res = scorer.score("123m456p789s1z2z3z4z 4z", rules)
    assert not res.valid and res.error["code"] and res.error["message"]
    json.dumps(res.to_dict())


def _shuffled(data: dict, rng: random.Random) -> dict:
    d = json.loads(json.dumps(data))
    rng.shuffle(d["concealed"])
    rng.shuffle(d["melds"])
    for m in d["melds"]:
        rng.shuffle(m["tiles"])
    rng.shuffle(d["bonus"])
    return d


def _outcome(data, rules):
    try:
        res = scorer.score(data, rules)
    except (HandError, RulesError) as e:
        assert e.code and e.message
        return ("error", e.code)
    json.dumps(res.to_dict(), ensure_ascii=False)
    if not res.valid:
        assert res.error["code"] and res.error["message"]
        return ("invalid", res.error["code"])
    return (res.total, sorted((i.id, i.count, i.value) for i in res.items),
            sorted((e.id, e.by) for e in res.excluded), sorted(p.amount for p in res.payments))


@pytest.mark.parametrize("rules", RULES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=hand_dicts(), seed=st.integers(0, 2**32))
def test_any_hand_scores_or_errors_and_order_does_not_matter(rules, data, seed):
    assert _outcome(_shuffled(data, random.Random(seed)), rules) == _outcome(data, rules)


@pytest.mark.parametrize("rules", RULES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=hand_dicts(winning_shape=True), seed=st.integers(0, 2**32))
def test_winning_shapes_order_does_not_matter(rules, data, seed):
    assert _outcome(_shuffled(data, random.Random(seed)), rules) == _outcome(data, rules)


@pytest.mark.parametrize("rules,option,low", [
    ("mcr", "minimum_points", 0), ("hk", "min_faan", 0), ("hk", "max_faan", 1),
    ("hk", "base_points", 1), ("classical", "limit", 1)])
def test_whole_number_options_have_a_floor(rules, option, low):
    with pytest.raises(RulesError) as e:
        scorer.score(HAND, rules, {option: low - 1})
    assert e.value.code == "bad_option" and e.value.field == f"options.{option}"
    assert f"at least {low}" in e.value.message
    assert scorer.score(scorer.to_hand(HAND, CONTEXT), rules, {option: max(low, 1)}).rules == rules


@pytest.mark.parametrize("rules,option", [
    ("mcr", "minimum_points"), ("hk", "min_faan"), ("hk", "max_faan"), ("hk", "base_points"), ("classical", "limit")])
def test_whole_number_options_have_a_ceiling(rules, option):
    """A base of 10^12 points made a game in which no hand could be recorded (its payments refused)."""
    from scorer.options import MAX_WHOLE
    with pytest.raises(RulesError) as e:
        scorer.get_rule_set(rules).parse_options({option: MAX_WHOLE + 1})
    assert e.value.code == "bad_option" and e.value.field == f"options.{option}"
    assert f"at most {MAX_WHOLE}" in e.value.message


def test_hong_kong_options_that_no_hand_could_meet_are_refused():
    with pytest.raises(RulesError) as e:
        scorer.get_rule_set("hk").parse_options({"min_faan": 20, "max_faan": 13})
    assert e.value.code == "bad_option" and e.value.field == "options.min_faan"



@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("text", [HAND, "999m678p789s1333z 1z", "123m456p789s1z2z3z4z 4z"])
def test_a_result_comes_back_from_its_dict(rules, text):
    """``ScoreResult.from_dict`` undoes ``to_dict``, through JSON (the pipeline's score is
    rendered again for the terminal): a valid hand, one under MCR's minimum, a non-winning one."""
    res = scorer.score(scorer.to_hand(text, CONTEXT), rules)
    back = scorer.ScoreResult.from_dict(json.loads(json.dumps(res.to_dict(), ensure_ascii=False)))
    assert back.to_dict() == res.to_dict()
    assert back.extra == res.extra and back.valid == res.valid


@pytest.mark.parametrize("rules, unused", [("mcr", ["riichi", "bao_exempt"]), ("riichi", ["bao_exempt", "last_of_kind"]),
                                           ("hk", ["riichi", "last_of_kind"]),
                                           ("classical", ["riichi", "bao_exempt", "last_of_kind"])])
def test_context_the_rules_do_not_read_is_named_unused(rules, unused):
    """Given context a rule set never reads (riichi under MCR...) is said, not silently dropped."""
    context = {**CONTEXT, "riichi": True, "bao_exempt": True, "last_of_kind": True}
    lone = "[111z,1]123m456p22z78s 9s"      # no other 9s: the last of its kind can be true (000 n°27)
    res = scorer.score(scorer.to_hand(lone, context), rules)
    assert res.unused == unused
    assert scorer.ScoreResult.from_dict(res.to_dict()).unused == unused
    assert scorer.score(scorer.to_hand(HAND, CONTEXT), rules).unused == []


@pytest.mark.parametrize("rules", ["mcr", "riichi", "hk", "classical"])
def test_a_discarder_given_for_a_self_drawn_win_is_named_unused(rules):
    """A self-drawn win has no discarder: every rule set settles it as self-drawn and says the
    discarder given was not used, instead of dropping it silently."""
    hand = "123m456p789s234s5z 5z"
    both = scorer.score(scorer.to_hand(hand, {"self_drawn": True, "discarder": "left", "seat_wind": "S"}), rules)
    alone = scorer.score(scorer.to_hand(hand, {"self_drawn": True, "seat_wind": "S"}), rules)
    assert "discarder" in both.unused and "discarder" not in alone.unused
    assert [(p.payer, p.amount) for p in both.payments] == [(p.payer, p.amount) for p in alone.payments]
    on_a_discard = scorer.score(scorer.to_hand(hand, {"self_drawn": False, "discarder": "left", "seat_wind": "S"}), rules)
    assert "discarder" not in on_a_discard.unused


def test_a_hand_under_its_minimum_does_not_win_and_its_json_says_so():
    """A 6-point MCR hand came back with "valid": true and no error: a program that checked
    ``valid``, as the docs said, took a hand that cannot be declared for a win. ``wins`` says it."""
    import json
    below = scorer.score("[7777s]123m456p111z2z 2z", "mcr")
    assert below.valid and not below.wins and below.extra["minimum_met"] is False
    data = json.loads(json.dumps(below.to_dict()))
    assert data["wins"] is False and data["valid"] is True
    assert scorer.ScoreResult.from_dict(data).wins is False          # derived, not stored in extra
    assert "wins" not in scorer.ScoreResult.from_dict(data).extra
    hk = scorer.score("123m456p789s123s2p 2p", "hk", {"min_faan": 3})
    assert not hk.valid and not hk.wins and hk.to_dict()["wins"] is False
    assert scorer.score("[111z,1]123m456p789s2z 2z", "mcr").to_dict()["wins"] is True


def test_the_others_who_pay_alike_are_merged_and_no_one_else():
    # "other pays 52" three times read as a mistake; payers who differ, or who are named, stay apart
    from scorer.result import Payment, others_merged
    three = [Payment("other", 52, "the score")] * 3
    assert others_merged(three) == [Payment("all_others", 52, "the score")]
    two_and_named = [Payment("discarder", 16, "x"), Payment("other", 8, "y"), Payment("other", 8, "y")]
    assert others_merged(two_and_named) == [Payment("discarder", 16, "x"), Payment("others", 8, "y")]
    unlike = [Payment("other", 52, "a"), Payment("other", 104, "b"), Payment("other", 52, "a")]
    assert others_merged(unlike) == unlike
    # a riichi win whose seats are not given: "non-dealer pays 2600" three times
    assert others_merged([Payment("non-dealer", 2600, "tsumo share")] * 3) == [
        Payment("all_non_dealers", 2600, "tsumo share")]
    dealer_and_two = [Payment("dealer", 2600, "t"), Payment("non-dealer", 1300, "t"), Payment("non-dealer", 1300, "t")]
    assert others_merged(dealer_and_two) == [Payment("dealer", 2600, "t"), Payment("non_dealers", 1300, "t")]


@pytest.mark.parametrize("rules", ["riichi", "hk", "classical"])
def test_not_a_winning_hand_says_what_it_waited_on(rules):
    # "these tiles do not form four sets and a pair" alone: a beginner could not see which tile
    # was wrong; MCR named the waits already
    res = scorer.score("123m456p789s123s5z 6z", rules)
    assert res.error["message"].endswith("; without its winning tile 6z the hand waits on 5z")
    res = scorer.score("13579m2468p159s1z 2z", rules)
    assert res.error["message"].endswith("; without its winning tile 2z no tile completes it")


def test_a_riichi_refusal_names_a_seven_pairs_wait():
    # 002 §4.2.2: seven different pairs win in riichi, so a single beside six pairs is waited on
    res = scorer.score("112233m4455p66s7z 1z", "riichi")
    assert res.error["message"].endswith("the hand waits on 7z")
