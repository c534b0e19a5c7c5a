"""The MCR result: shape, JSON, settlement, assumed context, incomplete hands."""
import json

import pytest

import scorer
from scorer.mcr import CONTEXT_KEYS, NAME, Options, TITLE
from .util import result


def test_module_contract():
    assert NAME == "mcr" and "MCR" in TITLE
    assert scorer.get_rule_set("mcr").module.score is not None
    for f in Options.__dataclass_fields__.values():
        assert f.metadata.get("help")


def test_incomplete_hand_is_invalid_with_not_complete():
    res = scorer.score("123m456p789s1235z 5z", "mcr")
    assert res.valid is False and res.error["code"] == "not_complete"
    assert "complete" in res.error["message"]


def test_full_result_fields_and_json():
    res = scorer.score({"concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z",
                                      "1z", "5z", "5z"],
                        "melds": [], "winning_tile": "5z", "bonus": ["2f"],
                        "context": {"seat_wind": "E", "round_wind": "E", "discarder": "across"}},
                       "mcr")
    d = res.to_dict()
    json.dumps(d, ensure_ascii=False)
    assert d["valid"] and d["total"] == d["total_without_flowers"] + 1
    assert d["minimum_met"] is True
    first = d["items"][0]
    assert {"id", "name_en", "name_fr", "name_native", "value", "count", "tiles"} <= set(first)
    mixed = next(i for i in d["items"] if i["id"] == "mixed_straight")
    assert mixed["name_fr"] == "Suite Mélangée" and mixed["name_native"] == "花龙"
    assert sorted(mixed["tiles"]) == sorted(["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s"])
    assert d["decomposition"]["form"] == "standard"
    for s in d["decomposition"]["sets"]:
        assert {"kind", "tiles", "concealed", "text"} <= set(s)
    assert {"by", "rule", "source"} <= set(d["excluded"][0])
    # the winner holds another 5z: it is not the last of its kind, whatever was given (000 n°27)
    assert set(d["assumed"]) == {"self_drawn", "last_tile", "kong_replacement", "robbing_kong"}
    points = d["total"]
    assert d["payments"] == [
        {"payer": "left", "amount": 8, "reason": "other player: 8"},
        {"payer": "across", "amount": points + 8, "reason": "discarder: points + 8"},
        {"payer": "right", "amount": 8, "reason": "other player: 8"}]


def test_discard_without_discarder_names_roles():
    res = result("123m456p789s111z55z")
    assert [(p.payer, p.amount) for p in res.payments] == [
        ("discarder", res.total + 8), ("other", 8), ("other", 8)]
    assert "discarder" in res.assumed


def test_self_drawn_each_pays_points_plus_8():
    res = result("123m456p789s111z55z", self_drawn=True)
    assert [(p.payer, p.amount) for p in res.payments] == [
        (s, res.total + 8) for s in ("left", "across", "right")]
    # no one discarded: a discarder not given is no assumption (a complete hand or not)
    assert "discarder" not in res.assumed
    assert "discarder" not in scorer.score(scorer.to_hand("123m456p789s1z2z3z4z 4z", {"self_drawn": True}),
                                           "mcr").assumed


def test_options_are_reported_and_unknown_options_rejected():
    res = scorer.score("123m456p789s111z55z", "mcr", {"kong_pair_values": "ffmj2013"})
    assert res.options["kong_pair_values"] == "ffmj2013"
    with pytest.raises(scorer.RulesError):
        scorer.score("123m456p789s111z55z", "mcr", {"no_such_option": True})
    with pytest.raises(scorer.RulesError):
        scorer.score("123m456p789s111z55z", "mcr", {"nine_gates": "maybe"})


def test_decomposition_marks_melds_and_concealed_kongs():
    res = result("[123m,1](5555p)456s789s55z")
    texts = [s["text"] for s in res.decomposition.sets]
    assert texts[:2] == ["[123m]", "(5555p)"]
    kong = res.decomposition.sets[1]
    assert kong["kind"] == "kong" and kong["concealed"] is True
    assert res.decomposition.sets[0]["concealed"] is False


@pytest.mark.parametrize("hand, form", [
    ("1133m5577p2288s66z", "seven_pairs"), ("19m19p19s12345677z", "thirteen_orphans"),
    ("147m258p36s123456z", "honours_knitted"), ("147m258p369s123m55z", "knitted_straight"),
    ("11223344556677m", "seven_shifted_pairs")])
def test_special_forms_are_named(hand, form):
    assert result(hand).decomposition.form == form


def test_cli_renders_mcr(capsys):
    from mjtable.cli import main
    code = main(["score", "[555p,1]123m456p789s1z 1z", "--rules", "mcr"])
    out = capsys.readouterr().out
    assert "TOTAL" in out and "settlement" in out and "Mixed Straight" in out
    assert code in (0, 1)


def test_the_last_of_its_kind_is_assumed_only_where_the_tiles_leave_it_open():
    """000 n°27: three copies in the winner's exposed melds make the winning tile the last; a copy
    held makes it not the last. Neither was an assumption, though listed as one."""
    certain = scorer.score("[777s,1]123m456p89s55z 7s", "mcr")
    assert "last_tile" in [i.id for i in certain.items] and "last_of_kind" not in certain.assumed
    open_question = scorer.score("[777s,1]123m456p55z78s 9s", "mcr")
    assert "last_of_kind" in open_question.assumed


def test_thirteen_orphans_is_read_as_its_fourteen_tiles():
    res = scorer.score("99m19p19s1234567z 1m", "mcr")
    (whole,) = res.decomposition.sets
    assert sorted(whole["tiles"]) == sorted(["1m", "9m", "9m", "1p", "9p", "1s", "9s"] + [f"{i}z" for i in range(1, 8)])
    assert whole["text"] == "199m19p19s1234567z"


def test_a_hand_that_does_not_win_says_what_its_other_tiles_wait_on():
    # a referee checks first what the hand waits on: the message listed the winning shapes only
    res = scorer.score("[123m,1]456p789s12s55z 4s", "mcr")
    assert not res.valid and res.error["message"].endswith(
        "; without its winning tile 4s the hand waits on 3s")
    far = scorer.score("123m456p789s19s55z 4s", "mcr")
    assert far.error["message"].endswith("; without its winning tile 4s no tile completes it")
    # the knitted shapes wait too (000 n°56): "no tile completes it as sets and a pair, or seven
    # pairs" sent a player who held Greater Honours and Knitted Tiles less one away
    knitted = scorer.score("14m25s36p1234567z 1z", "mcr")
    assert knitted.error["message"].endswith("; without its winning tile 1z the hand waits on 7m, 9p or 8s"), \
        knitted.error["message"]
    orphans = scorer.score("19m19p19s1234566z 6z", "mcr")
    assert orphans.error["message"].endswith("the hand waits on 7z"), orphans.error["message"]
    # four copies held, in a kong: no fifth is waited on
    kong = scorer.score("[1111m,1]23m456p789s55z 6z", "mcr")
    assert kong.error["message"].endswith("the hand waits on 4m"), kong.error["message"]          # not 14m


def test_a_wait_fan_left_out_because_other_tiles_win_says_which():
    # 000 n°9-11 « Valable seulement si une seule tuile est attendue »: a learner who won 3m on
    # 12345m expected Edge Wait and was told nothing (6m completes the hand too)
    import scorer
    r = scorer.score(scorer.to_hand("12345m678p234s55s 3m", {"discarder": "left"}), "mcr")
    edge = next(e for e in r.excluded if e.id == "edge_wait")
    assert edge.note == "6m also completes the hand" and edge.source == "000 n°9" and "une seule tuile" in edge.rule
    r = scorer.score(scorer.to_hand("(1111s)[9999p,1]123m789m9m 9m", {"discarder": "left"}), "mcr")
    assert [(e.id, e.note) for e in r.excluded if e.id == "single_wait"] == [("single_wait", "6m also completes the hand")]
    # a wait on one tile counts, and nothing is said of it
    r = scorer.score(scorer.to_hand("123m456p789s12s55z 3s", {"discarder": "left"}), "mcr")
    assert "edge_wait" in [i.id for i in r.items] and not any(e.id.endswith("_wait") for e in r.excluded)


def test_seven_pairs_says_its_single_wait_is_not_counted():
    # 000 n°55 « Ne peut pas être combiné avec [...] "Attente de la Paire" »: a learner looked for
    # the single wait of 1122m3344p5566s7z won on 7z and found no word of it
    r = scorer.score(scorer.to_hand("1122m3344p5566s7z 7z", {"discarder": "left"}), "mcr")
    single = next(e for e in r.excluded if e.id == "single_wait")
    assert single.by == "seven_pairs" and single.source == "000 n°55" and r.total == 24
    assert "single_wait" not in [i.id for i in r.items]
    # a seven-pairs hand that other tiles complete has no single wait to mention
    r = scorer.score(scorer.to_hand("1122334455667m 7m", {"discarder": "left"}), "mcr")
    assert not any(e.id == "single_wait" for e in r.excluded) and r.total == 88


def test_a_pung_completed_by_the_discard_says_why_it_is_not_concealed():
    # 000 n°54 « Trois Pung complétés sans réclamer de tuile »: won on 3s by discard beside 111m
    # 222p, a learner saw Two Concealed Pungs and no word of the third
    r = scorer.score(scorer.to_hand("111m222p33s456m77z 3s", {"discarder": "left"}), "mcr")
    ids = [i.id for i in r.items]
    assert "two_concealed_pungs" in ids and "three_concealed_pungs" not in ids
    why = next(e for e in r.excluded if e.id == "three_concealed_pungs")
    assert why.source == "000 n°54" and why.note.startswith("333s was completed by the discard")
    # self-drawn, the pung is concealed: the fan counts and nothing is said
    r = scorer.score(scorer.to_hand("111m222p33s456m77z 3s", {"self_drawn": True}), "mcr")
    assert "three_concealed_pungs" in [i.id for i in r.items]
    assert not any(e.id == "three_concealed_pungs" for e in r.excluded)
    # the winning tile read in a chow of the same reading is not a claimed pung (ruling MCR-13)
    r = scorer.score(scorer.to_hand("111m222p33s345s77z 3s", {"discarder": "left"}), "mcr")
    assert not any(e.id.endswith("concealed_pungs") and "discard" in e.note for e in r.excluded)


def test_a_dragon_pung_says_why_it_scores_no_pung_of_honours():
    # 000 n°5 « Pung de 1, de 9 ou d'Honneur » read alone gives it a point: the app follows 001
    # (ruling MCR-11) and a wind pung's line said why, a dragon's nothing
    import scorer
    r = scorer.score(scorer.to_hand("[555z,1]123m456p789s1s 1s", {"discarder": "left"}), "mcr")
    why = next(e for e in r.excluded if e.id == "pung_of_terminals_or_honours")
    assert "MCR-11" in why.source and "de Vent marque 1 point" in why.rule and r.total == 11
    # not under Big Three Dragons, whose dragon pungs are counted within it
    r = scorer.score(scorer.to_hand("[666z][777z][555z]123m1s 1s", {"discarder": "left"}), "mcr")
    assert not any(e.id == "pung_of_terminals_or_honours" for e in r.excluded)
