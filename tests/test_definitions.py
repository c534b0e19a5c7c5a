"""What each scored item asks of a hand (scorer/<rules>/definitions.py): every fan, yaku, faan
and classical line has a sentence for a beginner in English and French, carried by every score
(JSON too) and printed by ``mjtable score --explain``."""
from __future__ import annotations

import json
import re

import pytest

import scorer
from scorer.classical import table as classical_table
from scorer.hk.faan import FAAN
from scorer.mcr.fans import FANS
from scorer.result import ScoreResult
from scorer.riichi.names import YAKU_NAMES
from scorer.rulesets import get_rule_set, item_definition

#: every item id each rule set can report
ITEM_IDS = {
    "mcr": {f.id for f in FANS},
    "riichi": set(YAKU_NAMES),
    "hk": set(FAAN),
    "classical": set(classical_table.POINTS) | set(classical_table.DOUBLES) | set(classical_table.LIMIT_HANDS),
}


@pytest.mark.parametrize("rules", sorted(ITEM_IDS))
def test_every_item_of_a_rule_set_has_its_definition_in_english_and_french(rules):
    definitions = get_rule_set(rules).definitions
    assert set(definitions) == ITEM_IDS[rules]
    for item_id, (english, french) in definitions.items():
        assert english.strip() and french.strip(), item_id
        assert english != french, f"{item_id}: the French is the English"
        assert len(english) <= 220 and len(french) <= 240, item_id
        # sentences for a reader, not a code name or a reference
        assert not re.search(r"\b\d{3} (n°|§)", english + french), item_id


def test_a_score_carries_the_definitions_of_its_items_and_keeps_them_in_json():
    hand = scorer.to_hand("123m123m456p789s5z 5z", {"seat_wind": "E", "riichi": True})
    for rules in ("mcr", "riichi", "hk", "classical"):
        result = scorer.score(hand, rules)
        assert result.items, rules
        for item in result.items:
            english, french = get_rule_set(rules).definitions[item.id]
            assert (item.definition, item.definition_fr) == (english, french)
        back = ScoreResult.from_dict(json.loads(json.dumps(result.to_dict())))
        assert [i.definition for i in back.items] == [i.definition for i in result.items]
    riichi = scorer.score(hand, "riichi").to_dict()
    assert all(i["definition"] and i["definition_fr"] for i in riichi["items"])


def test_the_definition_of_an_unknown_rule_set_or_item_is_none():
    assert item_definition("mcr", "no_such_fan") is None
    assert item_definition("no_rules", "riichi") is None
    assert item_definition("riichi", "riichi") == get_rule_set("riichi").definitions["riichi"]


def test_score_explain_prints_what_each_line_asks_of_the_hand(capsys):
    from mjtable.cli import main
    main(["score", "--rules", "riichi", "--seat-wind", "E", "--riichi", "123m123m456p789s5z 5z"])
    plain = capsys.readouterr().out
    main(["score", "--rules", "riichi", "--seat-wind", "E", "--riichi", "--explain", "123m123m456p789s5z 5z"])
    explained = capsys.readouterr().out
    riichi = get_rule_set("riichi").definitions["riichi"][0]
    assert f"      = {riichi}" in explained.splitlines() and riichi not in plain
    main(["score", "--rules", "all", "--explain", "123m123m456p789s5z 5z"])
    every = capsys.readouterr().out
    assert f"      = {get_rule_set('mcr').definitions['pure_double_chow'][0]}" in every.splitlines()


def test_a_classical_line_says_its_own_worth_not_that_of_the_line_beside_it():
    # "Pung of prevailing wind · 1 double" was defined "doubles the score; twice over if it is also
    # your own wind", the own wind's pung being a line of its own: a beginner counted 3 doubles
    hand = scorer.to_hand("111z123m456p789s5p 5p", {"seat_wind": "E", "round_wind": "E", "self_drawn": True})
    result = scorer.score(hand, "classical")
    lines = {it.id: it for it in result.items}
    assert {"own_wind_pung", "prevailing_wind_pung"} <= set(lines)
    assert all(lines[k].total == 1 for k in ("own_wind_pung", "prevailing_wind_pung"))
    definitions = get_rule_set("classical").definitions
    for key in ("prevailing_wind_pung", "pair_own_wind", "pair_prevailing_wind"):
        english, french = definitions[key]
        assert "twice over" not in english and "(4 if" not in english and "line of its own" in english
        assert "ligne à part" in french


#: What a rule set's French definitions call the dealer, as its game pages do (docs/webui.md,
#: "Language"), and the word they must not use for it: Hong Kong's « croupier » (004), not its
#: « donneur », which the other pages keep for the discarder (« le donneur de l'écart »).
DEALER_FR = {"hk": ("croupier", "donneur")}


@pytest.mark.parametrize("rules", sorted(DEALER_FR))
def test_the_french_definitions_call_the_dealer_as_the_game_pages_do(rules):
    dealer, not_said = DEALER_FR[rules]
    french = [fr for en, fr in get_rule_set(rules).definitions.values() if "dealer" in en]
    assert french and all(not_said not in fr for fr in french), [fr for fr in french if not_said in fr]
    assert any(dealer in fr for fr in french)


def test_the_hong_kong_french_definitions_say_fan_as_004_and_the_pages_do():
    # 004 writes « Fan »; the French pages say « fan » (webui/i18n.py), the definitions said « faan »
    french = [fr for _, fr in get_rule_set("hk").definitions.values()]
    assert not [fr for fr in french if "faan" in fr] and sum("fan" in fr for fr in french) >= 5
