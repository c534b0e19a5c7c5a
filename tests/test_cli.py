"""The ``mjtable`` command line: score, errors, JSON output."""
import json

import pytest

from mjtable.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_score_riichi_json(capsys):
    code, out, _ = run(capsys, "score", "[111z,1]123m456p789s2z 2z", "--rules", "riichi",
                       "--seat-wind", "E", "--round-wind", "E", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["notation"] == "[111z,1]123m456p789s2z 2z"
    assert data["hand"]["melds"][0]["from"] == "left"
    assert data["score"]["han"] == 2 and data["score"]["fu"] == 30
    assert data["score"]["total"] == 2900  # dealer ron, 30 fu 2 han (002 §6)


def test_score_error_is_clear_and_exit_2(capsys):
    code, out, err = run(capsys, "score", "123m456p789s1z 2z", "--rules", "riichi")
    assert code == 2
    assert "too few tiles" in err
    code, out, _ = run(capsys, "score", "123m456p789s11z 9x", "--json")
    assert code == 2
    assert json.loads(out)["error"]["code"] == "bad_notation"


def test_unknown_rules_and_options(capsys):
    code, _, err = run(capsys, "score", "[111z,1]123m456p789s2z 2z", "--rules", "zz")
    assert code == 2 and "unknown rule set" in err
    code, _, err = run(capsys, "score", "[111z,1]123m456p789s2z 2z", "--rules", "hk", "-o", "nope=1")
    assert code == 2 and "unknown option" in err


def test_not_a_winning_hand_exits_1(capsys):
    code, out, _ = run(capsys, "score", "123m456p789s1z2z3z4z 4z", "--rules", "hk")
    assert code == 1
    assert "not a winning hand" in out


def test_context_flags_reach_the_scorer(capsys):
    code, out, _ = run(capsys, "score", "234m456p678s22z55p 5p", "--rules", "riichi", "--riichi",
                       "--self-drawn", "--seat-wind", "S", "--dora-indicators", "1m", "--json")
    assert code == 0
    score = json.loads(out)["score"]
    # riichi + menzen tsumo + one dora (indicator 1m makes 2m the dora, held once)
    assert {(i["id"], i["value"]) for i in score["items"]} == {("riichi", 1), ("tsumo", 1), ("dora", 1)}
    assert score["han"] == 3
    assert "seat_wind" not in score["assumed"] and "self_drawn" not in score["assumed"]
