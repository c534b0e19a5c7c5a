"""A win on the eighth flower (004 6D: « Tout joueur qui accumule les huit tuiles Fleur au cours de
la partie est considéré comme ayant terminé sa main »): the 13 tiles held, all eight flowers and
seasons laid out, the eighth the winning tile; Hong Kong's alone."""
from __future__ import annotations

import json

import pytest

import scorer
from scorer import errors
from scorer.notation import notes

HELD = "123456789m12p55s"                  # 13 tiles that make no hand
EIGHT = f"{HELD} 1234567f 8f"


def test_the_eighth_flower_written_last_wins_with_the_13_tiles_held():
    hand = scorer.parse(EIGHT)
    assert hand.won_on_flower and hand.winning_tile == "8f" and len(hand.concealed) == 13
    assert scorer.format_hand(hand) == EIGHT
    assert scorer.format_hand(scorer.parse(f"{HELD}12345678f")) == EIGHT      # the flowers written together
    again = scorer.to_hand(json.loads(json.dumps(hand.to_dict())))
    assert again == hand and again.to_dict()["winning_tile"] == "8f"
    with_meld = scorer.parse("[111m]456789m12p55s 2345678f 1f")
    assert with_meld.won_on_flower and scorer.format_hand(with_meld) == "[111m]456789m12p55s 2345678f 1f"


def test_the_eighth_flower_written_alone_before_the_others_wins_and_no_note_blames_the_text():
    # "... 8f 1234567f" (the winning tile after a space, then the bonus tiles, as a hand is written)
    # was read as won on 7f; the canonical text was told "no winning tile written apart: ... 5s"
    assert scorer.parse(f"{HELD} 8f 1234567f").winning_tile == "8f"
    assert scorer.parse(f"{HELD} 3f 1245678f").winning_tile == "3f"
    assert scorer.parse(f"{HELD} 1234 567f 8f").winning_tile == "8f"
    assert notes(EIGHT, "hk") == [] and notes(f"{HELD} 8f 1234567f", "hk") == []
    assert [n["code"] for n in notes("123456789m12p55s5p 1234567f")] == ["winning_last"]   # no flower win


def test_hong_kong_scores_it_self_drawn_unless_claimed_from_the_player_who_drew_it():
    r = scorer.score(scorer.parse(EIGHT), "hk", {"flower_method": "A"})
    assert r.valid and r.wins and {i.id for i in r.items} == {"eight_flowers", "flower"}
    assert r.decomposition is None
    # drawn from the wall: the three others pay (the 004 remark: a claim from the drawer is a discard)
    assert [p.payer for p in r.payments] == ["left", "across", "right"]
    # a page's unticked "self drawn" without a discarder named is no claim: still drawn
    unticked = scorer.score(scorer.to_hand(EIGHT, {"self_drawn": False}), "hk", {"flower_method": "A"})
    assert [p.payer for p in unticked.payments] == ["left", "across", "right"]
    claimed = scorer.score(scorer.to_hand(EIGHT, {"discarder": "across"}), "hk", {"flower_method": "A"})
    assert [p.payer for p in claimed.payments] == ["across"]
    refused = scorer.score(scorer.parse(EIGHT), "hk")          # flowers not played
    assert not refused.valid and "choose flower method A, B, C or D" in refused.error["message"]


@pytest.mark.parametrize("rules", ["mcr", "riichi", "classical"])
def test_the_other_rules_know_no_win_on_flowers(rules):
    r = scorer.score(scorer.parse(EIGHT), rules)
    assert not r.valid and r.error["code"] == errors.NOT_COMPLETE
    assert "Hong Kong old-style hand (004 6D)" in r.error["message"]


@pytest.mark.parametrize("text, says", [
    (f"{HELD} 123456f 8f", "never"),                               # seven: the flower is no winning tile
    ("123456789m12p5s 1234567f 8f", "too few tiles"),              # 12 held
])
def test_a_flower_wins_only_as_the_eighth_with_13_tiles_held(text, says):
    with pytest.raises(scorer.HandError) as e:
        scorer.parse(text)
    assert e.value.code == errors.WRONG_TILE_COUNT
    if says == "never":
        # the one rule set it may win in is named: under MCR a flower never wins (000 n°13)
        assert "a flower wins only under Hong Kong old style, as the eighth of eight: here 7" in e.value.message


@pytest.mark.parametrize("text", ["12345678f", "1f", "15f"])
def test_flowers_alone_are_said_to_be_flowers_alone(text):
    # "12345678f" was told "no standing tiles: the winning tile is the last tile written outside brackets"
    with pytest.raises(scorer.HandError) as e:
        scorer.parse(text)
    assert e.value.code == errors.WRONG_TILE_COUNT
    assert e.value.message.startswith(f"only flowers or seasons written ({len(text) - 1}): they lie apart, and a "
                                      "hand has its 14 playing tiles besides them"), e.value.message


def test_hand_json_with_a_flower_as_winning_tile_needs_all_eight_and_13_tiles():
    held = [f"{n}m" for n in range(1, 10)] + ["1p", "2p", "5s", "5s"]
    with pytest.raises(scorer.HandError) as e:
        scorer.to_hand({"concealed": held, "melds": [], "winning_tile": "8f", "bonus": ["1f", "2f", "8f"]})
    assert "only as the eighth of all eight" in e.value.message
    with pytest.raises(scorer.HandError) as e:
        scorer.to_hand({"concealed": held[:-1], "melds": [], "winning_tile": "8f",
                        "bonus": [f"{n}f" for n in range(1, 9)]})
    assert e.value.code == errors.WRONG_TILE_COUNT and "13 tiles held, not 12" in e.value.message


def test_mjtable_score_takes_it_under_hong_kong_rules(capsys):
    from mjtable.cli import main
    assert main(["score", "--rules", "hk", "-o", "flower_method=A", EIGHT]) == 0
    out = capsys.readouterr().out
    assert "Eight Flowers" in out and "TOTAL" in out
    assert main(["score", "--rules", "hk", EIGHT]) == 1          # flowers not played: how to play them
    assert "  (on the command line: -o flower_method=A, B, C or D)" in capsys.readouterr().out.splitlines()
    assert main(["score", "--rules", "all", EIGHT]) == 1        # flowers not played, no other rule set wins


def test_all_eight_flowers_and_a_held_tile_as_winning_tile_are_told_where_the_win_is():
    with pytest.raises(scorer.HandError) as e:
        scorer.to_hand({"concealed": [f"{n}m" for n in range(1, 10)] + ["1p", "2p", "5s", "5s"], "melds": [],
                        "winning_tile": "5s", "bonus": [f"{n}f" for n in range(1, 9)]})
    assert e.value.message.endswith("with all eight flowers and seasons the eighth is the winning tile (004 6D)")


def test_a_ten_is_said_to_be_read_as_a_one_and_a_red_five():
    # "... 10m" was "too many tiles: 15 standing", the 1m and red 5m it was read as unsaid
    with pytest.raises(scorer.HandError) as e:
        scorer.parse("123m456p789s123s5z 10m")
    assert e.value.message.endswith("; 10m is read as 1m and 0m (a red 5m): there is no 10"), e.value.message
    for text in ("1230m456p789s123s5z 1m", "10m123m456p789s111z 1z"):      # a 1 and a red five within the hand
        with pytest.raises(scorer.HandError) as e:
            scorer.parse(text)
        assert "there is no 10" not in e.value.message, text
