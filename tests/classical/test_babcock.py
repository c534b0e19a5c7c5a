"""Classical points and doubles against the worked hands of Babcock's Red Book (1923),
ch. VI figs. 16-18 and ch. VII fig. 27 (pictures rebuilt from the text), and the table."""
from __future__ import annotations

import pytest

import scorer
from scorer.errors import RulesError
from scorer.notation import parse


def classical(notation, options=None, **context):
    return scorer.score(scorer.to_hand(parse(notation), context), "classical", options)


def points_of(r):
    return sorted((i.id, i.total) for i in r.items if i.unit == "points")


def doubles_of(r):
    return sorted((i.id, i.total) for i in r.items if i.unit == "doubles")


def test_fig_16_exposed_and_concealed_pungs_and_only_place():
    r = classical("[444p,1]999s13m567m11p 2m", seat_wind="S", round_wind="N")
    assert points_of(r) == [("mahjong", 20), ("only_place", 2), ("pung_major_concealed", 8),
                            ("pung_simple_exposed", 2)]
    assert r.total == 32


FIG_17 = "[111p,1][333z,2]777m23m99s 1m"      # won on 1m: two-sided, no "only place"


def test_fig_17_base_score_32():
    r = classical(FIG_17, seat_wind="S", round_wind="N")
    assert r.extra["base_points"] == 32 and r.extra["doubles"] == 0 and r.total == 32


def test_fig_17_self_drawn_two_of_characters_is_36_and_west_doubles():
    drawn = "[111p,1][333z,2]777m13m99s 2m"
    r = classical(drawn, seat_wind="S", round_wind="N", self_drawn=True)
    assert r.extra["base_points"] == 36
    west = classical(drawn, seat_wind="W", round_wind="N", self_drawn=True)
    assert doubles_of(west) == [("own_wind_pung", 1)] and west.total == 72
    assert classical(FIG_17, seat_wind="W", round_wind="N").total == 64


def test_fig_18_green_dragon_pung_claimed_east_receives_336_from_each():
    hand = "[8888p,1]111z234s55z66z 6z"
    r = classical(hand, seat_wind="E", round_wind="N")
    assert points_of(r) == [("kong_simple_exposed", 8), ("mahjong", 20), ("pair_dragons", 2),
                            ("pung_major_concealed", 8), ("pung_major_exposed", 4)]
    assert r.extra["base_points"] == 42
    assert doubles_of(r) == [("dragon_pung", 1), ("own_wind_pung", 1)]
    assert r.total == 168
    assert [p.amount for p in r.payments] == [336, 336, 336]
    not_east = classical(hand, seat_wind="S", round_wind="N")
    assert not_east.total == 84


def test_fig_27_four_wind_hand_standard_score_plus_millington_doubles():
    # Babcock (completed by punging the East wind, held by East): 32 points, doubled for own
    # wind and for one suit with honours = 128. Babcock has no prevailing wind and no Little
    # Four Joys; Millington's doubles for both (docs/rulings.md, Classical) give two more.
    r = classical("[222z,1][444z,1]11z123p33z 1z", seat_wind="E", round_wind="E")
    assert r.extra["base_points"] == 32
    assert doubles_of(r) == [("little_four_winds", 1), ("one_suit_with_honours", 1),
                             ("own_wind_pung", 1), ("prevailing_wind_pung", 1)]
    babcock = [i for i in r.items if i.unit == "doubles" and i.note.startswith("[B]")]
    assert 32 * 2 ** len(babcock) == 128
    assert r.total == 500   # 512 capped at the limit


def test_dealer_pays_double_when_another_player_wins():
    r = classical(FIG_17, seat_wind="S", round_wind="N")
    assert [(p.payer, p.amount) for p in r.payments] == [("right", 32), ("across", 32), ("left", 64)]


def test_discarder_pays_option():
    r = classical(FIG_17, {"payment": "discarder_pays"}, seat_wind="S", round_wind="N", discarder="left")
    assert [(p.payer, p.amount) for p in r.payments] == [("left", 64)]   # left of South is East
    assert r.payments[0].reason == "the discarder pays double: the discarder is East"
    # East winning: the double is the winner's, said so ("double (East)" read as the discarder's)
    r = classical(FIG_17, {"payment": "discarder_pays"}, seat_wind="E", round_wind="N", discarder="left")
    assert r.payments[0].reason == "the discarder pays double: the winner is East"
    # on a discard with no discarder named, the discarder is assumed; a self-drawn win has none to
    # assume ("Assumed (not given): discarder" stood under a family's self-drawn win)
    assumed = classical(FIG_17, {"payment": "discarder_pays"}, seat_wind="S")
    assert "discarder" in assumed.assumed
    # its single amount assumes the discarder was not East, and says so (it said "the discarder pays")
    assert assumed.payments[0].reason == "the discarder pays, double if that is East"
    right = classical(FIG_17, {"payment": "discarder_pays"}, seat_wind="S", round_wind="N", discarder="right")
    assert right.payments[0].reason == "the discarder pays"
    drawn = classical(FIG_17, {"payment": "discarder_pays"}, seat_wind="S", self_drawn=True)
    assert "discarder" not in drawn.assumed and len(drawn.payments) == 3


def test_limit_caps_the_score():
    r = classical("[555z,1][666z,1][777z,1]111m9m 9m", seat_wind="S", round_wind="N")
    assert r.extra["limit_reached"] and r.total == 500
    assert classical("[555z,1][666z,1][777z,1]111m9m 9m", {"limit": 300}, seat_wind="S").total == 300


@pytest.mark.parametrize("hand,context,limit_id", [
    ("19m19p19s1234567z 7z", {}, "thirteen_orphans"),
    ("111z222z333z555z6z 6z", {}, "all_honours"),
    ("111m999m111p999p1s 1s", {}, "all_terminals"),
    ("222m444p666s888s5m 5m", {"self_drawn": True}, "four_concealed_pungs"),
    ("1112345678999m 5m", {}, "nine_gates"),
    ("123m456p789s234s5m 5m", {"tenhou": True, "self_drawn": True, "seat_wind": "E"}, "heavenly_hand"),
    ("123m456p789s234s5m 5m", {"chiihou": True, "self_drawn": True}, "earthly_hand"),
    ("123m456p789s234s5m 5m", {"renhou": True, "discarder": "left"}, "earthly_hand"),
])
def test_limit_hands(hand, context, limit_id):
    r = classical(hand, **{"seat_wind": "S", **context})
    assert [i.id for i in r.items] == [limit_id] and r.total == 500
    assert r.extra["limit_hand"] == r.items[0].name_en


def test_nine_gates_is_the_gates_waiting_on_any_of_the_nine():
    # 1112345567899m won on a 9 holds the 14 tiles of nine gates but waited on 5m and 9m only:
    # it scored the limit; it is one suit with two concealed terminal pungs, self-drawn
    r = classical("1112345567899m 9m", seat_wind="S", round_wind="E", self_drawn=True)
    assert "nine_gates" not in [i.id for i in r.items]
    assert (r.extra["base_points"], r.extra["doubles"], r.total) == (38, 3, 304)
    assert [i.id for i in classical("1112345678999m 9m", seat_wind="S").items] == ["nine_gates"]


def test_a_limit_hand_is_told_as_one_not_as_base_points_doubled(capsys):
    # "500 base points × 2^0 doubles = 500, capped at the limit of 500": nothing was doubled or capped
    from mjtable.cli import main
    main(["score", "1112345678999m 5m", "--rules", "classical", "--seat-wind", "S", "--self-drawn"])
    out = capsys.readouterr().out
    assert "score: Nine gates is a limit hand: it scores the limit, 500" in out and "base points" not in out


@pytest.mark.parametrize("hand, context, field", [
    ("123m456p789s234s5m 5m", {"tenhou": True, "self_drawn": True}, "tenhou"),           # South's: not East's
    ("123m456p789s234s5m 5m", {"tenhou": True, "seat_wind": "E", "self_drawn": False}, "tenhou"),  # on a discard
    ("123m456p789s234s5m 5m", {"chiihou": True, "self_drawn": True, "seat_wind": "E"}, "chiihou"),
    ("123m456p789s234s5m 5m", {"renhou": True, "self_drawn": True}, "renhou"),
    ("[123m,1]456p789s234s5m 5m", {"renhou": True, "discarder": "left"}, "renhou"),     # a set shown before
    ("(2222m)567p234s67s88p 5s", {"renhou": True, "discarder": "left"}, "renhou"),      # a kong declared before
    ("[123m,1]456p789s234s5m 5m", {"kong_replacement": True, "self_drawn": True}, "kong_replacement"),  # no kong
    ("[3333s,2]234m567p789s5s 5s", {"kong_replacement": True, "discarder": "left"}, "kong_replacement"),  # drawn
    ("[3333s,2]234m567p789s5s 5s", {"kong_replacement": True, "self_drawn": False}, "kong_replacement"),
])
def test_contexts_no_play_can_give_are_refused(hand, context, field):
    # each scored a limit hand (East paying for South's heavenly hand) or a double
    r = classical(hand, **{"seat_wind": "S", **context})
    assert not r.valid and r.error["code"] == "bad_context" and r.error["field"] == f"context.{field}"


def test_flowers():
    r = classical("[444p,1]999s13m567m11p1f5f 2m", seat_wind="E", round_wind="N")
    assert ("flower", 8) in points_of(r) and ("own_flower_and_season", 1) in doubles_of(r)
    off = classical("[444p,1]999s13m567m11p1f5f 2m", {"flowers": False}, seat_wind="E", round_wind="N")
    assert "flower" not in dict(points_of(off))
    # left out with a word, as Hong Kong says it (a family's 1f 5f vanished from the score silently)
    assert off.extra["warnings"] == ["flowers/seasons 1f 5f not counted: scored without flowers (house rule "
                                     "flowers: no); play with flowers to count them"]
    assert "warnings" not in r.extra


def test_one_suit_only_three_doubles():
    r = classical("123p456p789p222p5p 5p", seat_wind="S", round_wind="N")
    assert ("one_suit_only", 3) in doubles_of(r)


def test_not_complete_and_seven_pairs_refused():
    assert classical("123m456p789s234s5m 6m").error["code"] == "not_complete"
    assert not classical("11m22m33p44p55s66s7z 7z").valid


def test_unknown_option_is_an_error():
    with pytest.raises(RulesError) as e:
        scorer.score("123m456p789s234s5m 5m", "classical", {"dealer_double": False})
    assert e.value.code == "unknown_option"


def test_every_table_value_cites_a_listed_source_and_is_in_the_rulings():
    """scorer/classical/table.py: each value names its published source ([B], [M], [W], [S], [L]
    or 003), and docs/rulings.md "Classical" lists the same value."""
    import re
    from pathlib import Path

    from scorer.classical.table import DOUBLES, LIMIT_HANDS, POINTS

    rulings = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"
    classical = rulings.read_text(encoding="utf-8").split("## Classical", 1)[1]
    for table in (POINTS, DOUBLES):
        for key, (value, en, fr, zh, src) in table.items():
            assert re.match(r"(\[[BMWSL]\]|003)", src), (key, src)
            assert en and fr and zh
            tag = src.split()[0].rstrip(";")
            rows = [line for line in classical.splitlines() if line.startswith("|")
                    and re.search(rf"\b{value}\b", line) and tag in line]
            assert rows, (key, value)
    for key, (en, fr, zh, src) in LIMIT_HANDS.items():
        assert src == "[L]" and en.split(" (")[0].lower() in classical.lower(), key


def test_a_pung_completed_by_the_discard_is_read_as_exposed_as_it_is_scored():
    # the reading said 555p concealed (text and JSON) beside "Exposed pung 2 points [555p]"
    r = classical("11m55p123s456s789s 5p", seat_wind="S", round_wind="E", discarder="left")
    first = r.decomposition.sets[0]
    assert first["text"] == "555p (completed by the discard)" and first["concealed"] is False
    drawn = classical("11m55p123s456s789s 5p", seat_wind="S", round_wind="E", self_drawn=True)
    assert drawn.decomposition.sets[0] == {"kind": "pung", "tiles": ["5p"] * 3, "concealed": True, "text": "555p"}


def test_a_kong_of_dragons_or_own_wind_doubles_under_a_name_that_covers_it():
    # a claimed kong of red dragons doubled as "Pung of dragons": the table asked where its pung was
    r = classical("[7777z,1][1111z]234s567p1m 1m", seat_wind="E", round_wind="E")
    names = {i.id: (i.name_en, i.name_fr) for i in r.items if i.unit == "doubles"}
    assert names["dragon_pung"] == ("Pung or kong of dragons", "Pung ou kong de dragons")
    assert "kong" in names["own_wind_pung"][0] and "kong" in names["prevailing_wind_pung"][1]


def test_a_hand_of_no_classical_form_cites_the_sources_that_give_the_forms():
    # "(003: pairs, pungs, kongs, chows) or thirteen orphans" and "thirteen orphans (003)": 003 lists
    # the sets, not the winning forms, and never thirteen orphans ([B] and [L] give them)
    from webui.i18n import split_source
    for hand in ("123m456p789s55m24s 5s", "1122m3344p5566s7z 7z"):
        message = classical(hand).error["message"]
        assert "orphans (003)" not in message and "([L])" in message and "[B] ch. VI" in message, message
    shown, refs = split_source(classical("123m456p789s55m24s 5s").error["message"])
    assert shown == ("these tiles do not form four sets and a pair or thirteen orphans; without its winning tile 5s the "
                     "hand waits on 3s") and refs
