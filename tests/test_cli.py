"""The ``mjtable`` command line: score, errors, JSON output."""
import contextlib
import csv
import io
import json
import re
from pathlib import Path

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


def test_a_context_no_play_can_give_is_an_input_error_under_every_rule_set(capsys):
    # MCR refused it (exit 2) where riichi and Hong Kong answered "not a winning hand" (exit 1)
    for rules in ("mcr", "riichi", "hk", "classical", "all"):
        code, out, err = run(capsys, "score", "123m46p789s123s11z 5p", "--rules", rules, "--kong-replacement",
                             "--seat-wind", "S")
        assert code == 2, rules
        assert "needs a kong" in out + err


def test_help_says_what_each_exit_status_means(capsys):
    # 1 (a no: a hand that is not a win, a layout that does not match) and 2 (not done) differ
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "Exit status: 0 done; 1 done, and the answer is no" in text and "2 not done (bad input" in text


def test_a_notation_error_is_shown_where_it_is(capsys):
    """The notation is printed again with a caret under the character at fault."""
    code, _, err = run(capsys, "score", "123m456p789s11z22x", "--rules", "mcr")
    assert code == 2
    lines = err.splitlines()
    assert "unexpected character 'x'" in lines[0]
    assert lines[1:3] == ["  123m456p789s11z22x", "  " + " " * 17 + "^"]
    # and what may stand there: the suit letters and the honours' capitals
    assert "m characters, p dots, s bamboos, z honours, f flowers and seasons" in lines[0]
    assert "E S W N, P F C" in lines[0]


def test_unknown_rules_and_options(capsys):
    code, _, err = run(capsys, "score", "[111z,1]123m456p789s2z 2z", "--rules", "zz")
    assert code == 2 and "unknown rule set" in err
    code, _, err = run(capsys, "score", "[111z,1]123m456p789s2z 2z", "--rules", "hk", "-o", "nope=1")
    assert code == 2 and "unknown option" in err


def test_rules_in_capitals_detail_alone_and_unused_flags(capsys):
    hand = "[111z,1]123m456p789s2z 2z"
    code, out, _ = run(capsys, "score", hand, "--rules", "HK")
    assert code == 0 and "2 faan" in out
    code, _, err = run(capsys, "score", hand, "--rules", "mcr", "--detail")
    assert code == 2 and "--detail applies to --rules all" in err
    code, out, _ = run(capsys, "score", hand, "--rules", "mcr", "--riichi", "--ura-dora-indicators", "3m")
    assert code == 0 and "given but not used by these rules: riichi, ura_dora_indicators" in out


def test_a_discarder_given_for_a_self_drawn_win_is_said_why_unused(capsys):
    # riichi reads a discarder: "not used by these rules" alone read as if it never did
    code, out, _ = run(capsys, "score", "444z234m11p56789s 7s", "--rules", "riichi", "--self-drawn",
                       "--discarder", "left", "--seat-wind", "S")
    assert "given but not used by these rules: discarder (a self-drawn win has no discarder)" in out
    code, out, _ = run(capsys, "score", "[111z,1]123m456p789s2z 2z", "--rules", "mcr", "--riichi")
    assert "given but not used by these rules: riichi\n" in out + "\n"


def test_rule_sets_by_the_names_players_type(capsys):
    hand = "[111z,1]123m456p789s2z 2z"
    for typed in ("hongkong", "Hong-Kong", "hong kong"):
        code, out, _ = run(capsys, "score", hand, "--rules", typed)
        assert code == 0 and "2 faan" in out, typed
    code, out, _ = run(capsys, "score", hand, "--rules", "EMA", "--json")
    assert json.loads(out)["score"]["rules"] == "riichi"
    code, _, err = run(capsys, "score", hand, "--rules", "hong")
    assert code == 2 and "unknown rule set 'hong'" in err
    # as a French player types them
    for typed, name in (("classique", "classical"), ("Officiel", "mcr"), ("chinois officiel", "mcr")):
        code, out, _ = run(capsys, "score", hand, "--rules", typed, "--json")
        assert json.loads(out)["score"]["rules"] == name, typed


def test_winds_in_lowercase_and_suits_in_capitals(capsys):
    code, out, _ = run(capsys, "score", "[111z,1]123m456p789s2z 2z", "--rules", "hk", "--seat-wind", "e",
                       "--round-wind", "e")
    assert code == 0 and "Double Wind Pung" in out                 # e is East, as E
    for hand, where in (("123M456p789s1122z 2z", "'M'"), ("123m456P789s1122z 2z", "'P' after numbers")):
        code, _, err = run(capsys, "score", hand)
        assert code == 2 and where in err and "suit letters are lowercase (m, p, s, z)" in err


def test_an_impossible_context_is_said_so_not_a_non_winning_hand(capsys):
    code, out, _ = run(capsys, "score", "123m456p789s234s5m 5m", "--rules", "hk", "--seat-wind", "S", "--tenhou",
                       "--self-drawn")
    assert code == 2 and "impossible win context: the heavenly hand is the dealer's win" in out   # an input error
    assert "not a winning hand" not in out


def test_not_a_winning_hand_exits_1(capsys):
    code, out, _ = run(capsys, "score", "123m456p789s1z2z3z4z 4z", "--rules", "hk")
    assert code == 1
    assert "not a winning hand" in out


def test_an_mcr_hand_under_the_minimum_is_no_win_and_a_yakuman_is_named_not_counted(capsys):
    # 000 (Déroulement): under 8 points without flowers a hand cannot be declared Mah Jong
    assert main(["score", "123m345p678s234m5p 5p", "--rules", "mcr"]) == 1
    assert "cannot be declared Mah Jong" in capsys.readouterr().out
    assert main(["score", "123m345p678s234m5p 5p", "--rules", "riichi"]) == 0
    capsys.readouterr()
    # a yakuman is counted by yakuman (002 §4.2), not as "13 han 0 fu"
    assert main(["score", "19m19p19s1234567z 1m", "--rules", "all"]) == 0
    out = capsys.readouterr().out
    assert "yakuman" in out and "0 fu" not in out
    # on the yakuman's own line, not "Thirteen Orphans 13" with "yakuman" under it
    assert re.search(r"Thirteen Orphans +yakuman", out) and not re.search(r"Thirteen Orphans +13 ", out)


def test_context_flags_reach_the_scorer(capsys):
    code, out, _ = run(capsys, "score", "234m456p678s22z55p 5p", "--rules", "riichi", "--riichi",
                       "--self-drawn", "--seat-wind", "S", "--dora-indicators", "1m", "--json")
    assert code == 0
    score = json.loads(out)["score"]
    # riichi + menzen tsumo + one dora (indicator 1m makes 2m the dora, held once)
    assert {(i["id"], i["value"]) for i in score["items"]} == {("riichi", 1), ("tsumo", 1), ("dora", 1)}
    assert score["han"] == 3
    assert "seat_wind" not in score["assumed"] and "self_drawn" not in score["assumed"]


def test_rules_all_side_by_side_and_json(capsys):
    hand = "[111z,1]123m456p789s2z 2z"
    code, out, _ = run(capsys, "score", hand, "--rules", "all", "--seat-wind", "E",
                       "--round-wind", "E")
    assert code == 0
    header = out.splitlines()[1].split()
    assert header == ["MCR", "RIICHI", "HK", "CLASSICAL"]
    assert "13 points" in out and "2900" in out and "2 faan" in out
    code, out, _ = run(capsys, "score", hand, "--rules", "all", "--seat-wind", "E",
                       "--round-wind", "E", "--json")
    scores = json.loads(out)["scores"]
    assert {k: v["total"] for k, v in scores.items()} == {
        "mcr": 13, "riichi": 2900, "hk": 2, "classical": 104}
    code, _, err = run(capsys, "score", hand, "--rules", "all", "-o", "limit=300")
    assert code == 2 and "one rule set" in err


def test_bench_scorer_reports_first_pass_and_load(capsys):
    code, out, _ = run(capsys, "bench", "scorer", "--hands", "20", "--passes", "1", "--json")
    assert code == 0
    figures = json.loads(out)
    assert figures["hands"] == 20
    assert figures["mcr_median_us_first_pass"] > 0 and figures["mcr_median_cpu_us_first_pass"] > 0
    assert "load_average_1min_before" in figures


def test_riichi_text_names_the_set_of_each_minipoint(capsys):
    code, out, _ = run(capsys, "score", "444p222m666s88s33m 8s", "--rules", "riichi",
                       "--dora-indicators", "3p")
    assert code == 0
    assert "Concealed pung, 2-8: 4 fu  from 444p" in out
    assert "Exposed pung, 2-8: 2 fu  from 888s (completed by the discard)" in out


def test_eval_piles_needs_a_style(capsys, tmp_path):
    code, _, err = run(capsys, "eval", str(tmp_path / "heaps"), "--piles")
    assert code == 2 and "--piles needs --render-style" in err
    assert not (tmp_path / "heaps").exists()


def test_eval_refuses_options_it_would_ignore(capsys, tmp_path):
    code, _, err = run(capsys, "eval", str(tmp_path / "odd"), "--odd-faces", "2")
    assert code == 2 and "--odd-faces needs --render-style" in err
    code, _, err = run(capsys, "eval", str(tmp_path / "odd"), "--tileness", str(tmp_path / "p.json"), "--no-tileness")
    assert code == 2 and "contradict" in err
    code, _, err = run(capsys, "eval", str(tmp_path / "odd"), "--only-prefix", "hand_")     # was ignored
    assert code == 2 and "--only-prefix applies with --classifier-only" in err


def test_eval_pile_tiles_needs_piles_and_a_range(capsys, tmp_path):
    code, _, err = run(capsys, "eval", str(tmp_path / "heaps"), "--render-style", "hongkong", "--pile-tiles", "60-100")
    assert code == 2 and "--pile-tiles needs --piles" in err
    code, _, err = run(capsys, "eval", str(tmp_path / "heaps"), "--render-style", "hongkong", "--piles",
                       "--pile-tiles", "100-60")
    assert code == 2 and "LO-HI" in err
    assert not (tmp_path / "heaps").exists()


@pytest.mark.parametrize("value", ["abc", "60", "0-5", "", "100-500"])
def test_eval_pile_tiles_refuses_what_is_not_a_range(capsys, tmp_path, value):
    code, _, err = run(capsys, "eval", str(tmp_path / "heaps"), "--render-style", "hongkong", "--piles",
                       "--pile-tiles", value)
    assert code == 2 and "--pile-tiles wants LO-HI" in err
    assert not (tmp_path / "heaps").exists()


def labelled_folder(path):
    """The least folder ``mjtable eval`` reads: an image under images/, class names in data.yaml."""
    (path / "images").mkdir(parents=True)
    (path / "images" / "a.jpg").write_bytes(b"")
    (path / "data.yaml").write_text("names: [tile]\n")
    return path


def test_eval_options_become_the_readers_config_not_module_state(capsys, tmp_path, monkeypatch):
    import vision.reader
    import vision_lab.evaluate
    seen = {}

    class FakeReader:
        def __init__(self, config=None, **kw):
            seen["config"] = config

    monkeypatch.setattr(vision.reader, "TileReader", FakeReader)
    monkeypatch.setattr(vision_lab.evaluate, "evaluate", lambda *a, **k: {"recall": 1.0})
    labelled_folder(tmp_path / "photos")
    code, _, _ = run(capsys, "eval", str(tmp_path / "photos"), "--no-weak-rescue", "--one-look",
                     "--quarter-turn", "-1", "--second-floor", "0.4", "--second-margin", "0.2",
                     "--read-floor", "0", "--small-read-share", "0.3", "--elongated-share", "0", "--nested-share", "0",
                     "--out", str(tmp_path / "out"))
    config = seen["config"]
    assert code == 0 and config.weak_rescue is None and config.looks is False
    assert config.quarter_turn_margin is None
    assert (config.second_read_floor, config.second_read_margin) == (0.4, 0.2)
    assert config.read_floor is None                       # 0: every reading kept
    assert config.small_read_share == 0.3 and config.elongated_share is None and config.nested_share is None
    assert vision.reader.WEAK_RESCUE is not None and vision.reader.LOOKS is True   # untouched
    # stdout is the one JSON document (piped into jq); where the report went is said on stderr
    code, out, err = run(capsys, "eval", str(tmp_path / "photos"), "--out", str(tmp_path / "out"))
    assert json.loads(out) == {"recall": 1.0} and "report: " in err

def test_eval_reads_with_a_probe_file_when_given_one(capsys, tmp_path, monkeypatch):
    import vision.reader
    import vision_lab.evaluate
    from vision.tileness import TilenessProbe
    seen = {}

    class FakeReader:
        def __init__(self, tileness="auto", **kw):
            seen["tileness"] = tileness

    monkeypatch.setattr(vision.reader, "TileReader", FakeReader)
    monkeypatch.setattr(vision_lab.evaluate, "evaluate", lambda *a, **k: {"recall": 1.0})
    labelled_folder(tmp_path / "photos")
    TilenessProbe(mean=[0.0], scale=[1.0], weight=[1.0], bias=0.0, threshold=0.25).save(tmp_path / "probe.json")
    code, _, _ = run(capsys, "eval", str(tmp_path / "photos"), "--tileness", str(tmp_path / "probe.json"),
                     "--out", str(tmp_path / "out"))
    assert code == 0 and seen["tileness"].threshold == 0.25
    with pytest.raises(SystemExit, match="no probe file"):
        run(capsys, "eval", str(tmp_path / "photos"), "--tileness", str(tmp_path / "none.json"))


def test_eval_is_one_family_with_the_old_names_as_aliases(capsys, tmp_path, monkeypatch):
    from mjtable.cli import build_parser
    from mjtable.commands.eval import TARGET_NAMES
    family = next(a for a in build_parser()._actions if a.dest == "command").choices["eval"]
    targets = next(a for a in family._actions if a.dest == "target").choices
    assert tuple(targets) == TARGET_NAMES
    # grouping: the same figures as `mjtable report grouping` (timings aside)
    figures = []
    for argv in (("eval", "grouping"), ("report", "grouping")):
        code, out, _ = run(capsys, *argv, "--scenes", "3", "--seed", "2", "--json")
        assert code == 0
        figures.append({k: v for k, v in json.loads(out).items() if k not in ("decoding", "group_ms_mean")})
    assert figures[0] == figures[1] and figures[0]["scenes"] == 3
    # reader: `mjtable eval PATH` is `mjtable eval reader PATH`
    for argv in (("eval", "reader"), ("eval",)):
        code, _, err = run(capsys, *argv, str(tmp_path / "heaps"), "--piles")
        assert code == 2 and "--piles needs --render-style" in err
    # calibration: both names hand their options to vision_lab.calibration_eval
    import vision_lab.calibration_eval
    seen = []
    monkeypatch.setattr(vision_lab.calibration_eval, "main", lambda rest: seen.append(rest) or 0)
    assert main(["eval", "calibration", "--sets", "a,b"]) == 0
    assert main(["eval-calibration", "--sets", "a,b"]) == 0
    assert seen == [["--sets", "a,b"], ["--sets", "a,b"]]


def test_eval_speed_targets_are_the_benchmarks(capsys):
    code, out, _ = run(capsys, "eval", "scorer-speed", "--hands", "20", "--passes", "1", "--json")
    assert code == 0 and json.loads(out)


def test_read_prints_the_score_as_score_does():
    """``mjtable read --rules`` renders its score as ``mjtable score`` does: the unit, the MCR
    minimum's warning on a 7-point hand, what is assumed."""
    import scorer
    from mjtable.commands.read import format_reading
    from mjtable.render import format_result
    res = scorer.score(scorer.to_hand("999m678p789s1333z 1z", {}), "mcr")
    result = {"tiles": [], "notation": "999m678p789s1333z 1z", "score": res.to_dict(), "missing_context": res.assumed,
              "reading": {"confidence": 0.9, "warnings": [], "decoding": None}, "timings_ms": {"total": 1}}
    text = format_reading(result)
    assert format_result(res) in text
    assert "below the 8-point minimum" in text and "TOTAL" in text and "7 points" in text
    assert "not given (defaults used)" not in text      # said once, by the score's "assumed"


def test_read_help_says_what_each_exit_status_means(capsys):
    with pytest.raises(SystemExit):
        main(["read", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "Exit status: 0 the photo was read" in out and "1 no tile was found in it (none face up), or with --rules, no winning hand " \
        "was rebuilt" in out


def test_read_in_french_says_its_errors_in_french(capsys, tmp_path):
    bad = tmp_path / "notes.jpg"
    bad.write_bytes(b"x")
    code, _, err = run(capsys, "read", str(bad), "--lang", "fr", "--no-profile")
    assert code == 2 and err == f"erreur : {bad}: les données ne sont pas une image JPEG, HEIC, PNG, WebP, BMP, TIFF ou GIF\n"
    code, _, err = run(capsys, "read", str(tmp_path / "none.jpg"), "--no-profile")
    assert code == 2 and err.count("none.jpg") == 1        # named once, not "none.jpg: cannot read none.jpg"
    code, _, err = run(capsys, "read", str(bad), "--lang", "fr", "--profile", "nope", "--data-dir", str(tmp_path))
    assert code == 2 and err.startswith("erreur : aucun profil nommé « nope » (voir mjtable calibrate --list)")
    # the system's reason and a message of two parts in French too (both stayed English)
    code, _, err = run(capsys, "read", str(tmp_path / "none.jpg"), "--lang", "fr", "--no-profile")
    assert code == 2 and err == f"erreur : impossible de lire {tmp_path / 'none.jpg'} : fichier ou dossier introuvable\n", err
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    code, _, err = run(capsys, "read", str(empty), "--lang", "fr", "--no-profile")
    assert code == 2 and err == f"erreur : {empty}: le fichier est vide ; envoyez ou exportez la photo à nouveau\n", err
    # a photo too large: its advice in French too (the message stayed English whole)
    import struct

    import cv2
    import numpy as np
    big = tmp_path / "big.jpg"
    data = bytearray(cv2.imencode(".jpg", np.zeros((8, 8, 3), np.uint8))[1].tobytes())
    at = data.index(b"\xff\xc0") + 5                     # the frame's height and width
    data[at:at + 4] = struct.pack(">HH", 60000, 60000)
    big.write_bytes(bytes(data))
    code, _, err = run(capsys, "read", str(big), "--lang", "fr", "--no-profile")
    assert code == 2 and "l'image fait 60\u202f000×60\u202f000 pixels" in err and "réduisez-la" in err, err
    # not sent to the web page, which refuses it too ("which scales it down" scaled JPEGs alone);
    # a JPEG is read smaller already, here as there
    code, _, err = run(capsys, "read", str(big), "--no-profile")
    assert code == 2 and err.rstrip().endswith("; shrink it (a phone's 12 megapixels are plenty)"), err
    from tests.webui.helpers import png_header_only
    (tmp_path / "big.png").write_bytes(png_header_only(9000, 9000))
    code, _, err = run(capsys, "read", str(tmp_path / "big.png"), "--no-profile")
    assert code == 2 and "save it as a JPEG, which is read smaller" in err and "web page" not in err, err


def _read_nothing(capsys, tmp_path, monkeypatch, tiles: list, warning: str):
    """``mjtable read`` of a photo the pipeline reads as ``tiles`` and no hand, ``warning`` saying why."""
    from mjtable import pipeline
    monkeypatch.setattr(pipeline, "read_photo", lambda *a, **k: {
        "tiles": tiles, "notation": None, "hand": None, "score": None, "missing_context": [],
        "no_hand": pipeline.no_hand_reason([warning], None, None),
        "reading": {"confidence": 0.0, "warnings": [warning], "decoding": None}, "timings_ms": {"total": 1}})
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(b"\xff\xd8\xff")
    code, out, _ = run(capsys, "read", str(photo), "--no-profile")
    return code, out


def test_read_of_a_photo_where_no_tile_is_found_exits_1(capsys, tmp_path, monkeypatch):
    """It exited 0, as a photo read, and said "not rebuilt: no winning hand was rebuilt"."""
    from vision.grouping.table import NO_TILES
    code, out = _read_nothing(capsys, tmp_path, monkeypatch, [], NO_TILES)
    assert code == 1 and "hand: not rebuilt: no tiles found in the photo\n" in out


def test_read_of_a_photo_of_backs_alone_exits_1(capsys, tmp_path, monkeypatch):
    """A picture of stripes read as 88 backs exited 0 and said "correct or remove them"."""
    from vision.grouping.table import NO_FACE_UP
    backs = [{"code": None, "confidence": 0.7, "box": [40.0 * k, 0, 40.0 * k + 30, 40], "face_down": True, "top3": []}
             for k in range(6)]
    code, out = _read_nothing(capsys, tmp_path, monkeypatch, backs, NO_FACE_UP)
    assert code == 1 and "hand: not rebuilt: no face-up tile found in the photo\n" in out


def test_read_marks_unsure_tiles_and_names_the_dora_indicators():
    from mjtable.commands.read import format_reading
    from mjtable.pipeline import UNSURE_BELOW
    tiles = [{"code": "4p", "confidence": 0.69, "box": [0, 0, 10, 14], "top3": []},
             {"code": "5f", "confidence": UNSURE_BELOW - 0.06, "box": [20, 0, 30, 14], "top3": []},
             {"code": None, "confidence": 0.3, "box": [40, 0, 50, 14], "face_down": True, "top3": []}]
    result = {"tiles": tiles, "notation": "234m3455p566778s 5p",
              "hand": {"concealed": [], "context": {"dora_indicators": ["4p"]}}, "score": None,
              "reading": {"confidence": 0.9, "warnings": [], "decoding": None}, "timings_ms": {"total": 1}}
    lines = format_reading(result).splitlines()
    assert lines[2].endswith("[unsure]") and "unsure" not in lines[1] and "unsure" not in lines[3]  # a back is no read face
    assert "  dora indicators: 4p" in lines
    assert "  unsure tiles, to check against the photo: #1 5f" in lines
    assert any("mjtable score -" in line for line in lines)
    # a tile left out of the hand (a discard lying apart) is marked, but not one to check
    apart = {**result, "reading": {**result["reading"], "links": [{"tile": 1, "group": 3, "role": "ignored"}]}}
    lines = format_reading(apart).splitlines()
    assert lines[2].endswith("[unsure]") and not any(line.startswith("  unsure tiles") for line in lines)
    # no hand rebuilt: the JSON holds none to edit, so typing is the way; a face no code names is "?"
    result = {**result, "hand": None, "notation": None,
              "tiles": [{**tiles[1], "unknown": True}]}
    text = format_reading(result)
    assert "#0 ?" in text and "mjtable score -" not in text and 'mjtable score "NOTATION"' in text
    result["tiles"] = tiles[:1]
    assert "unsure" not in format_reading(result)


def test_score_takes_the_json_of_a_reading_its_hand_edited(capsys, monkeypatch):
    import io
    hand = {"concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "5z", "5z", "5z"],
            "winning_tile": "5z", "context": {"self_drawn": True, "seat_wind": "E"}}
    reading = {"tiles": [], "notation": "x", "hand": hand, "score": None, "reading": {}}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(reading)))
    code, out, err = run(capsys, "score", "-", "--rules", "hk", "--json")
    assert code in (0, 1) and json.loads(out)["hand"]["winning_tile"] == "5z", err
    assert json.loads(out)["hand"]["context"]["self_drawn"] is True
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps({**reading, "hand": None, "no_hand": "13 tiles read"})))
    code, out, err = run(capsys, "score", "-", "--rules", "hk")
    assert code == 2 and "this reading holds no hand (13 tiles read): type the hand in notation instead" in err
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps({**reading, "hand": None, "no_hand": "13 tiles read"})))
    code, out, err = run(capsys, "score", "-", "--rules", "hk", "--json")
    assert code == 2 and json.loads(out)["error"]["code"] == "no_hand"


def test_read_without_rules_claims_no_defaults_used():
    """Without ``--rules`` nothing is scored, so nothing used a default context."""
    from mjtable.commands.read import format_reading
    result = {"tiles": [], "notation": "999m678p789s1333z 1z", "score": None, "missing_context": ["seat_wind"],
              "reading": {"confidence": 0.9, "warnings": [], "decoding": None}, "timings_ms": {"total": 1}}
    assert "defaults used" not in format_reading(result)


@pytest.mark.parametrize("folder", ["missing", "empty", "no_names"])
def test_eval_on_a_folder_it_cannot_read_says_why_in_one_line(capsys, tmp_path, folder):
    path = tmp_path / folder
    if folder != "missing":
        (path / "images").mkdir(parents=True)
    if folder == "no_names":
        (path / "images" / "a.jpg").write_bytes(b"x")
    code, out, err = run(capsys, "eval", "reader", str(path))
    assert code == 2 and "Traceback" not in err
    assert err.strip().count("\n") == 0 and str(path) in err


def test_eval_reader_writes_its_progress_on_stderr(capsys, tmp_path, monkeypatch):
    # "20/238 images" lines came before the JSON on stdout: `mjtable eval reader ... | jq` failed
    import vision.reader
    import vision_lab.evaluate
    (tmp_path / "images").mkdir()
    (tmp_path / "data.yaml").write_text("names: ['1m']\n")

    def evaluate(folder, reader, out=None, limit=None, log=print, errata_on=True, profile=None):
        log("20/40 images")
        return {"images": 40, "right_reads": 1}
    monkeypatch.setattr(vision_lab.evaluate, "evaluate", evaluate)
    monkeypatch.setattr(vision.reader, "TileReader", lambda **kw: object())
    monkeypatch.setattr(vision_lab.evaluate, "folder_problem", lambda folder: None)
    code, out, err = run(capsys, "eval", "reader", str(tmp_path), "--out", str(tmp_path / "out"))
    assert code == 0 and json.loads(out) == {"images": 40, "right_reads": 1} and "20/40 images" in err


def test_eval_reader_reads_with_the_tile_set_profile_asked_for(capsys, tmp_path, monkeypatch):
    """``--profile`` measures a profile on labelled photos (a saved one's name or a file), checked
    against the reader's classifier; without it no profile is used, whichever is active."""
    import vision.profile
    import vision.reader
    import vision_lab.evaluate
    (tmp_path / "images").mkdir()
    (tmp_path / "data.yaml").write_text("names: ['1m']\n")
    seen = {}

    def evaluate(folder, reader, out=None, limit=None, log=print, errata_on=True, profile=None):
        seen["profile"] = profile
        return {"images": 0}

    class Profile:
        name = "club set"

        def check_model(self, classifier):
            seen["checked"] = classifier

    class Reader:
        classifier = "the reader's classifier"
    monkeypatch.setattr(vision_lab.evaluate, "evaluate", evaluate)
    monkeypatch.setattr(vision.reader, "TileReader", lambda **kw: Reader())
    monkeypatch.setattr(vision_lab.evaluate, "folder_problem", lambda folder: None)
    monkeypatch.setattr(vision.profile.TileSetProfile, "load", classmethod(lambda cls, path, shown=None: Profile()))
    (tmp_path / "club.npz").write_bytes(b"a profile")
    code, _, _ = run(capsys, "eval", "reader", str(tmp_path), "--out", str(tmp_path / "out"),
                     "--profile", str(tmp_path / "club.npz"))
    assert code == 0 and seen["profile"].name == "club set" and seen["checked"] == "the reader's classifier"
    code, _, _ = run(capsys, "eval", "reader", str(tmp_path), "--out", str(tmp_path / "out"))
    assert code == 0 and seen["profile"] is None
    code, _, err = run(capsys, "eval", "reader", str(tmp_path), "--out", str(tmp_path / "out"),
                       "--profile", "nobody's set", "--data-dir", str(tmp_path / "data"))
    assert code == 2 and "no profile named" in err and "Traceback" not in err


def test_the_evaluation_reads_every_photo_and_the_labelled_boxes_with_the_profile(tmp_path, monkeypatch):
    import cv2
    import numpy as np
    import vision_lab.evaluate
    from vision.reader import ReaderConfig
    folder = tmp_path / "split"
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    (folder / "data.yaml").write_text("names: ['1m']\n")
    cv2.imwrite(str(folder / "images" / "photo.jpg"), np.full((100, 100, 3), 200, np.uint8))
    (folder / "labels" / "photo.txt").write_text("0 0.5 0.5 0.2 0.3\n")
    got = []

    class Reader:
        classifier = None
        config = ReaderConfig()

        def read(self, path, timings=None, profile=None):
            got.append(("photo", profile))
            return []

    def read_crops(classifier, src, boxes, config, profile=None, corner_finder=None):
        got.append(("boxes", profile))
        return src, [], []
    monkeypatch.setattr(vision_lab.evaluate, "read_crops", read_crops)
    result = vision_lab.evaluate.evaluate(folder, Reader(), log=lambda *a: None, profile="the profile")
    assert got == [("photo", "the profile"), ("boxes", "the profile")]
    assert result["profile"] is None     # a profile object's name; this stand-in has none


@pytest.mark.parametrize("scenes", ["0", "-1"])
def test_eval_grouping_refuses_no_scenes(capsys, scenes):
    with pytest.raises(SystemExit) as stop:
        main(["eval", "grouping", "--scenes", scenes])
    assert stop.value.code == 2
    assert "a number of scenes is 1 or more" in capsys.readouterr().err


def test_read_says_why_the_hand_was_not_rebuilt():
    from mjtable.commands.read import format_reading
    why = "found 27 tiles where a winning hand has 14; no credible winning hand among the 20000 readings"
    result = {"tiles": [], "notation": "", "score": None, "missing_context": [], "no_hand": why,
              "reading": {"confidence": 0.0, "warnings": [], "decoding": None}, "timings_ms": {}}
    assert f"hand: not rebuilt: {why}" in format_reading(result).splitlines()
    # which way up the photo is: said with a hand rebuilt too (a photo turned by its pixels read to
    # another winning tile and score, and the line that said it could was left out)
    flip = "the photo could also be read upside down (rows in the other direction): set the winning tile apart"
    result["reading"]["warnings"] = [flip]
    assert f"  warning: {flip}" in format_reading(result).splitlines()
    result.update(notation="123m456p789s11z22z 2z", no_hand=None)
    result["reading"]["confidence"] = 0.9
    assert f"  warning: {flip}" in format_reading(result).splitlines()


def test_read_says_a_winning_tile_not_set_apart_and_an_upside_down_reading_in_one_line():
    # every photo of a hand row without its winning tile apart gave both, each advising to set it apart
    from mjtable.commands.read import format_reading
    apart = ("the winning tile is not set apart: the rightmost standing tile is taken as the winning tile; set it a "
             "little apart at the right, or correct it")
    flip = ("the photo could also be read upside down (rows in the other direction): set the winning tile apart at "
            "the right of the standing tiles, or take the photo from the standing tiles' side")
    result = {"tiles": [], "notation": "123m456p789s11z22z 2z", "score": None, "missing_context": [], "no_hand": None,
              "reading": {"confidence": 0.9, "warnings": ["a first one", apart, flip], "decoding": None},
              "timings_ms": {}}
    said = [line for line in format_reading(result).splitlines() if line.startswith("  warning:")]
    assert said == ["  warning: a first one", "  warning: the winning tile is not set apart and the photo could also "
                    "be read upside down (rows in the other direction): the rightmost standing tile is taken as the "
                    "winning tile; set it a little apart at the right, or correct it"]


def test_read_names_the_profile_it_read_with_and_refuses_both_profile_flags(capsys):
    from mjtable.cli import build_parser
    from mjtable.commands.read import format_reading
    result = {"tiles": [], "notation": "", "score": None, "missing_context": [], "profile": "club set",
              "reading": {"confidence": 0.0, "warnings": [], "decoding": None}, "timings_ms": {}}
    assert format_reading(result).splitlines()[0] == "0 tiles (tile-set profile: club set):"
    assert format_reading({**result, "profile": None}).splitlines()[0] == "0 tiles:"
    with pytest.raises(SystemExit) as e:
        build_parser().parse_args(["read", "p.jpg", "--profile", "club set", "--no-profile"])
    assert e.value.code == 2 and "not allowed with" in capsys.readouterr().err


def test_help_texts_are_plain_text_and_name_every_action(capsys):
    for argv in (["calibrate", "--help"], ["serve", "--help"], ["score", "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
        out = capsys.readouterr().out
        assert "``" not in out and "CTX_" not in out, argv
    with pytest.raises(SystemExit):
        main(["calibrate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--deactivate" in text.split("options:")[0] and "--relearn" in text.split("options:")[0]


def test_read_under_every_rule_set_points_to_score(capsys, tmp_path):
    # refused before any reading (no photo is opened), with the way to compare the rule sets
    code, _, err = run(capsys, "read", str(tmp_path / "none.jpg"), "--rules", "all")
    assert code == 2 and "mjtable score 'NOTATION' --rules all" in err


def test_read_speed_over_photo_folders_reports_each_photos_time(capsys, tmp_path, monkeypatch):
    """``mjtable eval read-speed --photos``: every photo read once after a first read not counted;
    median, p95 and the slowest, by the reader's own timings (a fake reader: no time is measured)."""
    import vision.reader
    split = tmp_path / "valid"
    (split / "images").mkdir(parents=True)
    for i in range(20):
        (split / "images" / f"p{i:02d}.jpg").write_bytes(b"")
    (split / "images" / "labels.txt").write_text("not a photo")
    other = tmp_path / "more"
    other.mkdir()
    (other / "q.png").write_bytes(b"")
    read = []

    class FakeReader:
        def __init__(self, **kwargs):
            pass

        def read(self, path, timings=None, profile=None):
            read.append(Path(path).name)
            if timings is not None:
                timings["total_ms"] = 1000.0 if Path(path).name == "q.png" else 10.0 * (1 + int(Path(path).stem[1:]))
            return []
    monkeypatch.setattr(vision.reader, "TileReader", FakeReader)
    code, out, _ = run(capsys, "eval", "read-speed", "--photos", str(split), str(other), "--json")
    assert code == 0
    result = json.loads(out)
    assert read[0] == "p00.jpg" and read.count("p00.jpg") == 2 and len(read) == 22    # the first read twice
    assert result["photos"] == 21 and result["max_ms"] == 1000.0
    assert result["median_ms"] == 110.0 and result["p95_ms"] == 200.0       # 10..200 ms and 1,000 ms
    assert [r["photo"] for r in result["slowest"][:2]] == [str(other / "q.png"), "valid/p19.jpg"]
    code, _, err = run(capsys, "eval", "read-speed", "--photos", str(tmp_path / "nothing"))
    assert code == 2 and "no photos" in err


def test_read_speed_reads_every_photo_with_the_profile_asked_for(capsys, tmp_path, monkeypatch):
    """``mjtable eval read-speed --photos F --profile NAME``: a calibrated table's reading, timed
    (the first, uncounted read too); a profile that is not there is refused before any reading."""
    import vision.reader
    from vision.profile import ProfileStore
    (tmp_path / "a.jpg").write_bytes(b"")
    (tmp_path / "b.jpg").write_bytes(b"")
    asked = []

    class StandIn:
        name = "club set"

        def check_model(self, classifier):
            asked.append(("checked", classifier))

    class FakeReader:
        classifier = "base"

        def __init__(self, **kwargs):
            pass

        def read(self, path, timings=None, profile=None):
            asked.append((Path(path).name, getattr(profile, "name", None)))
            if timings is not None:
                timings["total_ms"] = 5.0
            return []
    monkeypatch.setattr(vision.reader, "TileReader", FakeReader)
    code, _, err = run(capsys, "eval", "read-speed", "--photos", str(tmp_path), "--profile", "club set",
                       "--data-dir", str(tmp_path / "data"))
    assert code == 2 and "club set" in err and asked == []
    monkeypatch.setattr(ProfileStore, "load", lambda self, name: StandIn())
    code, out, _ = run(capsys, "eval", "read-speed", "--photos", str(tmp_path), "--profile", "club set", "--json")
    assert code == 0 and json.loads(out)["profile"] == "club set"
    assert asked == [("checked", "base"), ("a.jpg", "club set"), ("a.jpg", "club set"), ("b.jpg", "club set")]


def test_a_reader_that_stops_early_gets_no_traceback():
    # ``mjtable score ... | head -3``: the pipe closes before the output is written
    import os
    import subprocess
    import sys
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([sys.executable, "-m", "mjtable", "score", "123m456p789s12s55z 3s", "--rules", "all",
                               "--detail"], stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr
    assert done.returncode == 0


def test_a_bad_tile_in_a_context_flag_names_the_flag(capsys):
    code, out, err = run(capsys, "score", "123m456p789s12s55z 3s", "--rules", "riichi", "--dora-indicators", "1x")
    assert code == 2 and "--dora-indicators 1x: unexpected character 'x'" in err
    assert err.splitlines()[1:] == ["  1x", "   ^"]          # the caret under the flag's value
    code, out, _ = run(capsys, "score", "123m456p789s12s55z 3s", "--dora-indicators", "1x", "--json")
    assert json.loads(out)["error"]["field"] == "context.dora_indicators"


def test_a_flower_given_as_an_indicator_is_said_of_its_flag(capsys):
    # 002 §1.3: flowers are not used in riichi; "'1f' is not a playing tile code" named no flag
    code, out, err = run(capsys, "score", "123m456p789s12s55z 3s", "--rules", "riichi", "--dora-indicators", "1f")
    assert code == 2 and err.startswith("error: --dora-indicators 1f: 1f is a flower or season"), err
    code, out, _ = run(capsys, "score", "123m456p789s12s55z 3s", "--rules", "riichi", "--riichi",
                       "--ura-dora-indicators", "1m 5f", "--json")
    assert json.loads(out)["error"]["field"] == "context.ura_dora_indicators"


def test_french_output_keeps_each_items_rule_document(capsys):
    # "004 3B" was printed "3B", and classical's "[B] ch. V; 003" lost the French document it cites
    code, out, _ = run(capsys, "score", "[PPP][FFF]CCC123m4m 4m", "--rules", "hk", "--lang", "fr")
    assert code == 0 and "      004 3B" in out.splitlines()
    code, out, _ = run(capsys, "score", "[555p][666s]CCC123m4m 4m", "--rules", "classical", "--lang", "fr")
    assert code == 0 and "      [B] ch. V; 003" in out.splitlines()


def test_a_fans_tiles_are_said_set_by_set(capsys):
    # "from 222m 444p 666888s" read as one group where two pungs made the fan
    _, out, _ = run(capsys, "score", "222m444p666s888s2p 2p", "--rules", "mcr", "--self-drawn")
    assert "from 222m 444p 666s 888s" in out
    _, out, _ = run(capsys, "score", "123456789m123p5z 5z", "--rules", "mcr")
    assert "Pure Straight       16 points  清龙 / Suite Pure  from 123m 456m 789m" in out
    _, out, _ = run(capsys, "score", "[555p,1](1111z)123m456p2z 2z 16f", "--rules", "mcr", "--self-drawn")
    assert "from 5555p" in out                     # four of a tile across two sets: no set of its own


def test_mcr_in_french_says_the_minimum_and_the_robbed_kongs_payer(capsys):
    # the minimum's note stayed in English with flowers and 1 point; a robbed kong's payer was "the discarder"
    _, out, _ = run(capsys, "score", "[123m][567p][888s]345s7z 7z 1234f", "--rules", "mcr", "--lang", "fr")
    assert "! 1 point sans les fleurs : sous le minimum de 8 points" in out
    _, out, _ = run(capsys, "score", "123m456p789s12s55z 3s", "--rules", "mcr", "--robbing-kong", "--lang", "fr")
    assert "paie 28  (le joueur dont le kong est volé : points + 8)" in out


def test_a_refused_context_says_the_seat_wind_was_assumed(capsys):
    # "blessing of earth is a non-dealer's win" to a player who never said they were East
    code, out, _ = run(capsys, "score", "234m567p23456s88s 1s", "--rules", "riichi", "--chiihou")
    assert "non-dealer" in out and "seat wind not given: scored as East" in out
    code, out, _ = run(capsys, "score", "234m567p23456s88s 1s", "--rules", "riichi", "--seat-wind", "E", "--chiihou")
    assert "non-dealer" in out and "seat wind not given" not in out


def test_the_text_output_says_how_each_total_is_reached(capsys):
    # riichi: the fu rounding (002 §4), the winning minipoints named, no raw key names
    _, out, _ = run(capsys, "score", "123m456p789s11z 2z2z 2z", "--rules", "riichi", "--seat-wind", "S",
                    "--riichi", "--discarder", "left", "--honba", "1")
    assert "  fu (minipoints): 40 (36, rounded up to the next 10)" in out.splitlines()
    assert "    - Winning (concealed hand on a discard): 30 fu" in out.splitlines()
    assert "  hand value: 2600 (before counters and riichi sticks)" in out.splitlines()
    assert "hand_value" not in out and "points:" not in out
    # the payments from han and fu (002 §4.1.2), for a beginner: basic points, then the payers
    # in the rule's words (« doublée pour chaque han plus 2 »), not "2^(2 + 2)"
    assert "    - 40 fu doubled 4 times (once for each han, 2 here, and twice more, as for every hand) = 640 basic points" in out.splitlines()
    assert "    - on a discard, the discarder pays 4 × 640 = 2560, rounded up to the next 100: 2600" in out.splitlines()
    # a 4-han hand capped at a mangan by its fu: the fu are said, not "not used: 5 han or more"
    _, out, _ = run(capsys, "score", "999m111p222z46s33s 5s", "--rules", "riichi", "--seat-wind", "W", "--riichi",
                    "--dora-indicators", "3s")
    assert "  fu (minipoints): 60 (56, rounded up to the next 10)" in out.splitlines() and "5 han or more" not in out
    assert "    - 60 fu doubled 6 times (once for each han, 4 here, and twice more, as for every hand) = 3840, capped at a mangan: 2000 basic points" in out.splitlines()
    # a pinfu tsumo's self-draw fu not counted is said (002 §4.1.1); the tsumo shares derived
    _, out, _ = run(capsys, "score", "123m456p789s23s55m 4s", "--rules", "riichi", "--riichi", "--self-drawn",
                    "--seat-wind", "S")
    assert "    - Self-draw: not counted with pinfu (002 §4.1.1): 0 fu" in out.splitlines()
    assert ("    - self-drawn, the dealer pays 2 × 640 and each other player 640, rounded up to the next 100: "
            "1300 and 700") in out.splitlines()
    # dora indicators that make no dora in the hand are said (a beginner typed the dora itself)
    _, out, _ = run(capsys, "score", "123m456p789s23s55m 4s", "--rules", "riichi", "--riichi", "--seat-wind", "S",
                    "--dora-indicators", "0m")
    assert "  dora: 6m (after the indicator 0m): none in the hand" in out.splitlines()
    assert "dora indicators:" not in out            # said once, in words, not again as a raw list
    _, out, _ = run(capsys, "score", "123m456p789s23s55m 4s", "--rules", "riichi", "--riichi", "--seat-wind", "S",
                    "--dora-indicators", "4m")
    assert "  dora: 5m (after the indicator 4m): 2 in the hand" in out.splitlines() and "dora indicators:" not in out
    _, out, _ = run(capsys, "score", "111z222z333z444z5m 5m", "--rules", "riichi", "--seat-wind", "S")
    # its 13 han and its fu said as what they are: not added to, not used (a beginner read "13 han"
    # then "han: none counted", and a fu breakdown with no total)
    # (the line stopped at "its 13 han are not added to")
    assert ("  han: a yakuman, paid as a limit: no other yaku or dora is added to it, nor a second yakuman"
            in out.splitlines())
    assert any(line.startswith("  fu (minipoints): ") and line.endswith(" (not used: a yakuman is paid as a limit)")
               for line in out.splitlines())
    assert "    - a yakuman: 8000 basic points" in out.splitlines()
    # Hong Kong: the reward table's points for the faan
    _, out, _ = run(capsys, "score", "111z222z333z444z5m 5m", "--rules", "hk", "--seat-wind", "S")
    assert ("  reward: 128 points for 11 faan (the reward table; an odd faan above 4 pays as 10 faan: option "
            "odd_faan=half pays half-way)") in out.splitlines() and "faan_counted" not in out
    # classical: base points doubled, and the limit said reached
    _, out, _ = run(capsys, "score", "[111z,1]222z333z444z5m 5m", "--rules", "classical", "--seat-wind", "S",
                    "--discarder", "left")
    assert "  score: 50 base points doubled 7 times = 6400, capped at the limit of 500" in out.splitlines()
    assert "base_points" not in out


def test_mcr_fans_not_counted_are_said_in_english_once_per_rule(capsys):
    _, out, _ = run(capsys, "score", "2233445566778m 8m", "--rules", "mcr", "--self-drawn")
    lines = out.splitlines()
    head = "    - Seven Pairs, Full Flush, No Honours: not counted beside Seven Shifted Pairs [000 n°80]"
    assert head in lines and lines[lines.index(head) + 1].startswith("        « Ne peut pas être combiné")
    assert sum("Ne peut pas être combiné avec \"Main Pure\"" in line for line in lines) == 1
    # the rule's own French words in « », what they do not say on its own line in English
    quote = '        « Ne peut pas être combiné avec "Main Pure" (n°58), "Main Entièrement Cachée" (n°25) ni "Attente de la Paire" (n°11). »'
    assert lines[lines.index(head) + 1] == quote
    assert lines[lines.index(head) + 2] == "        Seven Pairs and Concealed Hand are included (001)."
    # the 4-point fan for the last tile of its kind is not mistaken for Last Tile Draw / Claim
    _, out, _ = run(capsys, "score", "123m456p789s12s55z 3s", "--rules", "mcr", "--last-of-kind")
    assert "Last Tile (the last of its kind)" in out


def test_side_by_side_marks_mcr_under_its_minimum_and_a_win_elsewhere_is_a_win(capsys):
    code, out, _ = run(capsys, "score", "111s234m567p78s11z 9s", "--rules", "all", "--riichi")
    assert "! under the 8-point minimum: no win" in out
    assert code == 0                 # riichi, Hong Kong and classical win it
    # wrapped in its column in French, as the payments' reasons (it was cut: « pas de v »)
    _, out, _ = run(capsys, "score", "111s234m567p78s11z 9s", "--rules", "all", "--riichi", "--lang", "fr")
    mcr = [line[:40].rstrip() for line in out.splitlines()]
    at = next(k for k, line in enumerate(mcr) if line.startswith("! sous le minimum de 8 points"))
    assert " ".join(part.strip() for part in mcr[at:at + 2]) == "! sous le minimum de 8 points : pas de victoire", mcr[at:at + 2]
    code, out, _ = run(capsys, "score", "111s234m567p78s11z 9s", "--rules", "mcr")
    assert code == 1


def test_the_standings_across_games_from_the_command_line(capsys, tmp_path):
    # a club's standings, as the games page's Standings across games gives them
    from webui import create_app
    client = create_app({"PRELOAD_MODELS": False, "DATA_DIR": str(tmp_path)}).test_client()
    for players, winner in ((["Ann", "Bob", "Cy", "Di"], 1), (["bob", "Eve", "Ann", "李明"], 3)):
        gid = client.post("/api/games", json={"rules": "mcr", "players": players}).json["game"]["id"]
        client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m123p5z 5z", "winner": winner, "discarder": 0})
        assert client.post(f"/api/games/{gid}/hands", json={"kind": "end"}).status_code == 201
    client.post("/api/games", json={"rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]})      # in play
    code, out, _ = run(capsys, "games", "--standings", "--data-dir", str(tmp_path))
    lines = out.splitlines()
    assert code == 0 and lines[:2] == ["Standings across games: Chinese Official (MCR, 81 fans)",
                                       "2 finished games counted. Games still in play, not counted until they are over: 1."]
    assert lines[2].split() == ["Rank", "Player", "Games", "Total", "Per", "game", "Average", "rank", "Best", "game",
                                "1st/2nd/3rd/4th", "Table", "points"]
    assert "the points less the start, plus the uma" not in out          # MCR: no uma
    # riichi: each game's final score is after its uma (a game ended at 32,000 showed +17,000 unexplained)
    gid = client.post("/api/games", json={"rules": "riichi", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m123p5z 5z", "winner": 1, "discarder": 0,
                                                  "context": {"riichi": True}})
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "end"}).status_code == 201
    code, out, _ = run(capsys, "games", "--standings", "--rules", "riichi", "--data-dir", str(tmp_path))
    assert out.splitlines()[1] == ("1 finished game counted. Each game counts its final score: the points less the "
                                   "start, plus the uma, after chombo penalties (002 §3.6).")
    # Bob won 45 (000: 21 fans + 8 from the discarder, 8 from each other), then paid 李明's 29 on his
    # discard; table points 4 a win, 0 for 4th place (one decimal for the column: others share 1.5)
    assert lines[3].split() == ["1", "李明", "1", "+45", "+45", "1.00", "+45", "1/0/0/0", "4.0"]
    assert lines[4].split() == ["2", "Bob", "2", "+16", "+8", "2.50", "+45", "1/0/0/1", "4.0"]
    from mjtable.commands.games import _shown_width
    # in columns: 李明 takes four columns of a terminal
    assert _shown_width(lines[3][:lines[3].index("+45")]) == _shown_width(lines[4][:lines[4].index("+16")])
    code, out, _ = run(capsys, "games", "--standings", "--since", "2000-01-01", "--until", "2000-01-02",
                       "--data-dir", str(tmp_path))
    assert out.splitlines()[:2] == ["Standings across games: Chinese Official (MCR, 81 fans), 2000-01-01 – 2000-01-02",
                                    "0 finished games counted. Finished games of other days: 2."]
    code, out, _ = run(capsys, "games", "--standings", "--min-games", "2", "--data-dir", str(tmp_path))
    # the four not ranked by name, with their totals
    assert "Players with fewer than 2 finished games, not ranked: 李明 +45, Cy -8, Di -8, Eve -8." in out
    assert len(out.splitlines()) == 5     # bob and Ann
    # by table points (4-2-1-0, players level sharing): Bob 4 then 0 on his discard; the payers of
    # the other winner level 2nd, (2 + 1) / 2 each; Ann, 4th then level 2nd, last on her total
    code, out, _ = run(capsys, "games", "--standings", "--by-table-points", "--data-dir", str(tmp_path))
    rows = [line.split() for line in out.splitlines()[3:]]
    assert code == 0 and [(r[0], r[1], r[-1]) for r in rows] == [
        ("1", "李明", "4.0"), ("2", "Bob", "4.0"), ("3", "Cy", "1.5"), ("3", "Di", "1.5"), ("3", "Eve", "1.5"),
        ("6", "Ann", "1.5")]
    assert "This table is ranked by table points instead, then by total" in out.splitlines()[1]
    code, out, _ = run(capsys, "games", "--standings", "--rules", "riichi", "--by-table-points", "--data-dir", str(tmp_path))
    assert code == 0 and "has no table points: ranked by total." in out.splitlines()[1]
    code, out, _ = run(capsys, "games", "--standings", "--csv", "--lang", "fr", "--data-dir", str(tmp_path))
    assert code == 0 and out.lstrip("\ufeff").splitlines()[2] == "2;Bob;2;16;8;2,5;45;1;0;0;1;4"
    code, out, _ = run(capsys, "games", "--standings", "--lang", "fr", "--data-dir", str(tmp_path))
    assert code == 0 and out.splitlines()[0] == "Classement sur plusieurs parties : Officiel chinois (MCR, 81 combinaisons)"
    assert out.splitlines()[1].startswith("2 parties terminées comptées.") and "2,50" in out
    code, _, err = run(capsys, "games", "--standings", "--since", "hier", "--data-dir", str(tmp_path))
    # named by the flag (it said "since must be", the API's field)
    assert code == 2 and "error: --since must be a date written YYYY-MM-DD" in err
    code, _, err = run(capsys, "games", "--standings", "--since", "hier", "--lang", "fr", "--data-dir", str(tmp_path))
    assert code == 2 and "erreur : --since doit être une date écrite AAAA-MM-JJ" in err
    code, _, err = run(capsys, "games", "--standings", "--min-games", "0", "--data-dir", str(tmp_path))
    assert code == 2 and err.startswith("error: --min-games must be a whole number"), err
    # in French whole (the flag put in first left "doit être a whole number from 1 to 10000")
    code, _, err = run(capsys, "games", "--standings", "--min-games", "0", "--lang", "fr", "--data-dir", str(tmp_path))
    assert code == 2 and err.startswith("erreur : --min-games doit être un nombre entier de 1 à"), err
    code, _, err = run(capsys, "games", "--rules", "mcr", "--data-dir", str(tmp_path))
    assert code == 2 and "choose the games of --standings" in err
    code, _, err = run(capsys, "games", "1", "--standings", "--data-dir", str(tmp_path))
    assert code == 2 and "no game" in err


def test_each_fan_names_the_tiles_it_is_made_of(capsys):
    _, out, _ = run(capsys, "score", "234m234p567s789s5z 5z", "--rules", "mcr")
    lines = out.splitlines()
    # each suit apart (the dora 2m 5s 5s read "from 2m55s")
    assert any(line.startswith("  Mixed Double Chow") and line.endswith("  from 234m 234p") for line in lines)
    assert any(line.startswith("  Single Wait") and line.endswith("  from 5z") for line in lines)
    assert not any(line.startswith("  Concealed Hand") and " from " in line for line in lines)   # the whole hand
    # not in square brackets, which write an exposed meld: a riichi concealed kong's dragon pung
    _, out, _ = run(capsys, "score", "234m567p2348s(7777z) 8s", "--rules", "riichi", "--seat-wind", "S", "--riichi")
    assert any(line.startswith("  Dragon Pung (red)") and line.endswith("  from 7777z") for line in out.splitlines())


def test_hong_kong_in_french_names_the_discarder_as_its_document_does(capsys):
    # « le donneur de l'écart paie 2 (... seul l'écarteur paie ...) »: 004 says « l'écarteur »
    code, out, _ = run(capsys, "score", "123m456p789s234s5z 5z", "--rules", "hk", "--seat-wind", "S", "--lang", "fr")
    assert code == 0 and "l'écarteur paie 2" in out and "donneur" not in out


def test_a_refused_hand_is_said_in_french_with_lang_fr(capsys):
    # a family scoring in French read "error: too many tiles: 15 standing..." in English
    code, _, err = run(capsys, "score", "123m456p789s234s55m 4s", "--rules", "classical", "--lang", "fr")
    assert code == 2 and err.startswith("erreur : trop de tuiles : 15 debout") and "too many" not in err
    code, _, err = run(capsys, "score", "123m456p789s23x4s55m 4s", "--rules", "mcr", "--lang", "fr")
    first = err.splitlines()[0]
    assert code == 2 and first.startswith("erreur : caractère inattendu « x »") and first.endswith("(caractère 15)")
    assert err.splitlines()[2].strip() == "^"         # and the caret under it, as in English
    # the refusals of the command's own checks too, whole ("erreur: règles inconnues" alone)
    code, _, err = run(capsys, "score", "123m", "--rules", "foo", "--lang", "fr")
    assert code == 2 and "règles inconnues « foo » : choisissez mcr, riichi, hk ou classical" in err
    code, _, err = run(capsys, "score", "123m456p789s234s5z 5z", "--rules", "all", "-o", "limit=300", "--lang", "fr")
    assert code == 2 and "--option s'applique à un seul jeu de règles" in err
    code, _, err = run(capsys, "score", '{"concealed": ["1m"]}', "--lang", "fr")
    assert code == 2 and err.strip().endswith("(champ winning_tile)")


def test_riichi_in_french_names_a_pao_yakuman_and_a_fu_lines_note_in_french(capsys):
    # « pao : responsable de Big Three Dragons » and « avec 333z (completed by the discard) »
    code, out, _ = run(capsys, "score", "[555z,1][666z,2][777z,3]123m9p 9p", "--rules", "riichi", "--seat-wind", "S",
                       "--discarder", "right", "--liable-player", "left", "--lang", "fr")
    assert code == 0 and "(pao : responsable de « Trois Grands Dragons », paie la moitié)" in out
    code, out, _ = run(capsys, "score", "[111z,1]123s789s33z99s 3z", "--rules", "riichi", "--seat-wind", "E",
                       "--round-wind", "E", "--lang", "fr")
    assert code == 0 and "avec 333z (complété par l'écart)" in out and "completed" not in out


def test_a_riichi_hand_in_french_is_read_as_002_says_it(capsys):
    # 002 §3.2 « quatre éléments et une paire »; MCR's documents say « combinaisons »
    _, out, _ = run(capsys, "score", "123m123m456p789s5z 5z", "--rules", "riichi", "--lang", "fr")
    assert "lu comme (quatre éléments et une paire)" in out
    _, out, _ = run(capsys, "score", "123m123m456p789s5z 5z", "--rules", "mcr", "--lang", "fr")
    assert "lu comme (quatre combinaisons et une paire)" in out


def test_french_figures_are_grouped_as_the_settlement_groups_them(capsys):
    # « haneman pour 7 han : 3000 points de base » and « valeur de la main : 18000 » stood beside
    # the settlement's « paie 6 000 »: every figure of a thousand or more grouped alike
    nb = "\u202f"
    code, out, _ = run(capsys, "score", "22334455m66778p 8p", "--rules", "riichi", "--riichi", "--self-drawn",
                       "--lang", "fr")
    assert code == 0
    assert f": 3{nb}000 points de base" in out and f"2 × 3{nb}000, arrondi" in out and f": 6{nb}000" in out
    assert f"valeur de la main : 18{nb}000 (" in out and f"19{nb}000 reçus, moins les 1{nb}000 que" in out
    figures = out.split("paiement (002 §4.1.2)")[1].split("supposé")[0]
    assert not re.search(r"\d{4}", figures), figures
    _, out, _ = run(capsys, "score", "111m222m333m444m5m 5m", "--rules", "classical", "--self-drawn", "--lang", "fr")
    assert f"reçu : 3{nb}000 points en tout" in out and out.startswith("CLASSIQUE  ")
    # the minipoints' lines say minipoints, as their heading does (« Pioche : ... : 0 fu » under it)
    _, out, _ = run(capsys, "score", "22334455m66778p 8p", "--rules", "riichi", "--riichi", "--self-drawn",
                    "--lang", "fr")
    assert "main exposée) : 20 minipoints" in out and "(002 §4.1.1) : 0 minipoint\n" in out, out
    # English as it was
    _, out, _ = run(capsys, "score", "22334455m66778p 8p", "--rules", "riichi", "--riichi", "--self-drawn")
    assert "haneman for 7 han: 3000 basic points" in out and "hand value: 18000 (" in out


def test_a_classical_hand_assumed_in_french_says_its_own_limit_hands(capsys):
    # « supposé : ... tenhou=non, chiihou=non »: riichi's Japanese on a classical family's hand
    code, out, _ = run(capsys, "score", "[555p,1](1111z)123m456p2z 2z", "--rules", "classical", "--lang", "fr")
    assumed = next(line for line in out.splitlines() if "supposé" in line)
    assert code == 0 and "main céleste=non ; main terrestre, sur pioche=non" in assumed and "tenhou" not in assumed


def test_a_riichi_hand_scored_alone_counts_the_winners_own_stick(capsys):
    # the same hand said 2,700 here and 3,700 on the web page, which puts the winner's stick down
    hand = ["score", "234m567p34s789s55m 2s", "--rules", "riichi", "--riichi", "--self-drawn", "--seat-wind", "S"]
    code, out, _ = run(capsys, *hand)
    assert code == 0 and "TOTAL                3700 points received" in out
    assert "table pays 1000  (1 riichi stick(s) × 1,000, the winner's own among them)" in out
    code, out, _ = run(capsys, *hand, "--riichi-sticks", "3")
    assert code == 0 and "5700 points received" in out
    code, _, err = run(capsys, *hand, "--riichi-sticks", "0")
    assert code == 2 and "--riichi-sticks 0 with a riichi declared: the winner's own stick is on the table" in err
    # a hand JSON keeps its own count, and one declaring riichi without any counts the winner's own
    import json as json_module
    code, out, _ = run(capsys, *hand, "--json")
    data = json_module.loads(out)["hand"]
    assert data["context"]["riichi_sticks"] == 1
    del data["context"]["riichi_sticks"]
    code, out, _ = run(capsys, "score", json_module.dumps(data), "--rules", "riichi")
    assert code == 0 and "3700 points received" in out
    code, out, _ = run(capsys, "score", json_module.dumps({**data, "context": {**data["context"], "riichi_sticks": 3}}),
                       "--rules", "riichi", "--riichi")
    assert code == 0 and "5700 points received" in out
    # no riichi, no stick put down
    code, out, _ = run(capsys, "score", "234m567p34s789s55m 2s", "--rules", "riichi", "--self-drawn", "--seat-wind", "S")
    assert code == 0 and "TOTAL                 700 points received" not in out and "riichi stick" not in out


def test_a_hand_with_no_yaku_says_why_each_is_missing(capsys):
    # a beginner read "no yaku" alone; the page's "Why not…" had the reasons
    code, out, _ = run(capsys, "score", "[234m,1]567p345s99m67s 5s", "--rules", "riichi", "--seat-wind", "S",
                       "--discarder", "left")
    assert code == 1 and "has no yaku" in out
    assert "    - All Simples: a 1, a 9 or an honour is in the hand: 9m [002 §4.2.1]" in out
    assert "    - Pinfu: the hand is open (a set was claimed): pinfu needs a concealed hand [002 §4.2.1]" in out


def test_riichi_as_a_beginner_reads_it(capsys):
    # a dealer's win in French says « ouvreur », as 002 §3.4.11 and the web pages do (it said « croupier »)
    code, out, _ = run(capsys, "score", "123m456p77p56789s 7s", "--rules", "riichi", "--seat-wind", "E", "--riichi",
                       "--lang", "fr")
    assert code == 0 and "victoire de l'ouvreur" in out and "croupier" not in out
    # the refusal in French keeps the source the English one gives
    code, out, _ = run(capsys, "score", "123m456p77p56789s 7s", "--rules", "riichi", "--ippatsu", "--lang", "fr")
    assert code == 2 and "l'ippatsu demande un riichi (002 §4.2.1)" in out
    # a yakuman is said so, not "13 han"; 13 han counted are a sanbaiman, said why
    _, out, _ = run(capsys, "score", "555z666z777z123m4m 4m", "--rules", "riichi", "--seat-wind", "S")
    assert any(line.startswith("  Big Three Dragons") and " yakuman " in line and "13" not in line
               for line in out.splitlines())
    _, out, _ = run(capsys, "score", "234m234m567m67m88m 8m", "--rules", "riichi", "--riichi", "--self-drawn",
                    "--seat-wind", "S", "--dora-indicators", "1m")
    assert "sanbaiman for 13 han (13 han or more are a sanbaiman: EMA 2016 counts no yakuman from han)" in out
    # --explain says what each minipoint line asks, the winning base first
    _, out, _ = run(capsys, "score", "(9999s)123m456p11z78s 6s", "--rules", "riichi", "--seat-wind", "S",
                    "--self-drawn", "--explain")
    lines = out.splitlines()
    at = lines.index("  fu breakdown:")
    assert lines[at + 1].startswith("    - Winning (self-drawn or open hand): 20 fu")
    assert "      = A concealed kong of a 1, a 9 or an honour: 32 minipoints." in lines


def test_the_game_log_from_the_command_line(capsys, tmp_path, monkeypatch):
    # a club's score sheet without opening the web page: the game page's own exports
    from webui import create_app
    client = create_app({"PRELOAD_MODELS": False, "DATA_DIR": str(tmp_path)}).test_client()
    gid = client.post("/api/games", json={"rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m123p5z 5z", "winner": 1, "discarder": 0})
    # a false win is a row of the log, not a hand played: both commands said 1 and 2 hands before
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "penalty", "offender": 2}).status_code == 201
    code, out, _ = run(capsys, "games", "--data-dir", str(tmp_path))
    assert code == 0 and re.search(rf"^ +{gid}  \d{{4}}-\d\d-\d\d \d\d:\d\d  mcr +1 hand +Ann / Bob / Cy / Di$", out, re.M), out
    # its day and whether it is over, in French with --lang fr (the list was English whatever the flag)
    other = client.post("/api/games", json={"rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    client.post(f"/api/games/{other}/hands", json={"kind": "draw"})
    client.post(f"/api/games/{other}/hands", json={"kind": "end"})
    code, out, _ = run(capsys, "games", "--lang", "fr", "--data-dir", str(tmp_path))
    assert code == 0 and re.search(rf"^ +{other}  .* mcr +1 main +terminée +Ann / Bob / Cy / Di$", out, re.M), out
    assert re.search(rf"^ +{gid}  .* mcr +1 main +Ann / Bob / Cy / Di$", out, re.M), out
    client.delete(f"/api/games/{other}", json={})
    code, out, _ = run(capsys, "games", str(gid), "--data-dir", str(tmp_path))
    assert code == 0 and "Ann: -19  Bob: 55  Cy: -38  Di: 2" in out and "next hand: E2 · E round, Bob deals" in out
    # counted as the list counts them, the false win beside, as the game page says it
    assert out.splitlines()[0] == "Ann / Bob / Cy / Di (mcr), 1 hand and 1 false win, numbered among them below"
    # under a header, the winner and how: the dealer's name alone, where the result was, read as the winner's
    lines = out.splitlines()
    assert lines[2].split() == ["hand", "deal", "dealer", "Ann", "Bob", "Cy", "Di", "result"]
    assert lines[3].split()[:7] == ["#1", "E1", "Ann", "-29", "+45", "-8", "-8"]   # the deal, as the sheet names it
    assert lines[4].split()[:3] == ["#2", "E2", "Bob"]                             # the false win, Bob's deal
    assert lines[3].endswith("Bob 21 on Ann's discard: 123456789m123p5z 5z")      # his hand's 21 fans
    # figures as the pages write them: a Hong Kong game's half points beside whole ones printed
    # "Wing: -298.0" beside "Ka Ming: 71"
    from mjtable.commands.games import sheet_text
    from webui import gamelog
    from webui.store import get_store
    with client.application.app_context():
        view = gamelog.game_view(get_store(), gid)
    view.update(points=[71, 633.5, -406.5, -298.0],
                final=[{"rank": 1, "player": "Bob", "score": 633.5}, {"rank": 2, "player": "Di", "score": -298.0}])
    text = sheet_text(view)
    assert "Ann: 71  Bob: 633.5  Cy: -406.5  Di: -298" in text and "2. Di  -298" in text and ".0" not in text
    code, out, _ = run(capsys, "games", str(gid), "--csv", "--data-dir", str(tmp_path))
    assert out == client.get(f"/games/{gid}/export.csv").get_data(as_text=True)
    # -o with the standing as text wrote nothing (it printed it); "-o -" made a file named "-"
    text = tmp_path / "sheet.txt"
    code, out, _ = run(capsys, "games", str(gid), "-o", str(text), "--data-dir", str(tmp_path))
    assert code == 0 and "Ann: -19  Bob: 55" in text.read_text() and "Ann: -19" not in out
    code, out, _ = run(capsys, "games", str(gid), "--csv", "-o", "-", "--data-dir", str(tmp_path))
    assert out == client.get(f"/games/{gid}/export.csv").get_data(as_text=True)
    assert not (Path.cwd() / "-").exists()
    # never over the game log (a CSV written over it lost every game), nor its journal
    log = tmp_path / "mjtable.sqlite3"
    before = log.read_bytes()
    for target in (log, tmp_path / "mjtable.sqlite3-wal"):
        code, _, err = run(capsys, "games", str(gid), "--csv", "-o", str(target), "--data-dir", str(tmp_path))
        assert code == 2 and "is the game log itself" in err, err
    assert log.read_bytes() == before
    # written whole beside the file, then in its place: nothing left beside it
    code, _, _ = run(capsys, "games", str(gid), "--csv", "-o", str(text), "--data-dir", str(tmp_path))
    assert code == 0 and text.read_text().startswith("\ufeffhand,") and not list(tmp_path.glob(".sheet.txt.*"))
    # a write that fails on the way leaves the export before it whole (written into, a full disk
    # left half of it)
    import os

    def disk_full(*_):
        raise OSError(28, "No space left on device")
    text.write_text("the export before")
    with monkeypatch.context() as m:
        m.setattr(os, "replace", disk_full)
        code, _, err = run(capsys, "games", str(gid), "--csv", "-o", str(text), "--data-dir", str(tmp_path))
    assert code != 0 and "No space left on device" in err, err
    assert text.read_text() == "the export before" and not list(tmp_path.glob(".sheet.txt.*"))
    # a link is written through, not replaced by a file (/dev/stdout was), and a file keeps its mode
    kept = tmp_path / "kept.csv"
    kept.write_text("old")
    kept.chmod(0o600)
    link = tmp_path / "link.csv"
    link.symlink_to(kept)
    code, _, _ = run(capsys, "games", str(gid), "--csv", "-o", str(link), "--data-dir", str(tmp_path))
    assert code == 0 and link.is_symlink() and kept.read_text().startswith("\ufeffhand,")
    code, _, _ = run(capsys, "games", str(gid), "--csv", "-o", str(kept), "--data-dir", str(tmp_path))
    assert code == 0 and kept.stat().st_mode & 0o777 == 0o600
    # -o without a game wrote nothing and said it had listed the games; --backup dropped --standings
    code, _, err = run(capsys, "games", "-o", str(tmp_path / "list.txt"), "--data-dir", str(tmp_path))
    assert code == 2 and "name the game" in err and not (tmp_path / "list.txt").exists()
    code, _, err = run(capsys, "games", "--backup", str(tmp_path / "b.sqlite3"), "--standings", "--data-dir",
                       str(tmp_path))
    assert code == 2 and "--standings" in err and not (tmp_path / "b.sqlite3").exists()
    # the standing as text in French too: --lang fr gave French exports beside an English table
    code, out, _ = run(capsys, "games", str(gid), "--lang", "fr", "--data-dir", str(tmp_path))
    lines = out.splitlines()
    assert code == 0 and lines[0] == ("Ann / Bob / Cy / Di — Officiel chinois (MCR, 81 combinaisons), 1 main et 1 faux Mah-jong, "
                                      "numérotés à leur suite ci-dessous")
    assert lines[2].split() == ["main", "donne", "joueur", "Est", "Ann", "Bob", "Cy", "Di", "résultat"]
    assert lines[3].split()[:7] == ["#1", "E1", "Ann", "-29", "+45", "-8", "-8"]
    assert "Bob 21 sur l'écart d'Ann" in lines[3] and lines[-1] == "Main suivante : E2 · tour Est, joueur Est : Bob"
    # in French, as the French game page's links give them (a club's sheets were English only)
    code, out, _ = run(capsys, "games", str(gid), "--csv", "--lang", "fr", "--data-dir", str(tmp_path))
    assert code == 0 and out.lstrip("\ufeff").startswith("main;donne;type;")
    fr_pdf = tmp_path / "feuille.pdf"
    code, _, _ = run(capsys, "games", str(gid), "--pdf", "--lang", "fr", "-o", str(fr_pdf), "--data-dir", str(tmp_path))
    assert code == 0 and fr_pdf.read_bytes() == client.get(f"/games/{gid}/sheet.pdf?lang=fr").data
    pdf = tmp_path / "sheet.pdf"
    code, out, _ = run(capsys, "games", str(gid), "--pdf", "-o", str(pdf), "--data-dir", str(tmp_path))
    assert code == 0 and pdf.read_bytes().startswith(b"%PDF")
    code, _, err = run(capsys, "games", str(gid), "--pdf", "--data-dir", str(tmp_path))
    assert code == 2 and "give it with -o FILE" in err
    code, _, err = run(capsys, "games", "99", "--data-dir", str(tmp_path))
    assert code == 2 and "no game 99" in err
    # which game log was looked in: a server started with another --data-dir keeps its games elsewhere
    assert f"in {tmp_path} (--data-dir names another game log)" in err
    code, _, err = run(capsys, "games", "99", "--csv", "--data-dir", str(tmp_path))
    assert code == 2 and f"no game 99 in {tmp_path}" in err
    code, _, err = run(capsys, "games", "99999999999999999999999", "--data-dir", str(tmp_path))
    assert code == 2 and f"no game 99999999999999999999999 in {tmp_path}" in err      # not "nothing at this address"
    (tmp_path / "other").mkdir()
    (tmp_path / "other").chmod(0o755)
    code, out, _ = run(capsys, "games", "--data-dir", str(tmp_path / "other"))
    assert code == 0 and f"no game log at {tmp_path / 'other' / 'mjtable.sqlite3'} (mjtable serve or mjtable record new makes one there" in out
    # a folder with no game log is left as it was: a folder of exports got a game log, a key and 0700
    assert not list((tmp_path / "other").iterdir()) and (tmp_path / "other").stat().st_mode & 0o777 == 0o755
    code, _, err = run(capsys, "games", "--backup", str(tmp_path / "b.sqlite3"), "--data-dir", str(tmp_path / "other"))
    assert code == 2 and "no game log at" in err and not (tmp_path / "b.sqlite3").exists()
    # a game log the server was given with --db: listed and backed up from it (an empty one was)
    (tmp_path / "elsewhere").mkdir()
    served = tmp_path / "elsewhere" / "club.sqlite3"
    assert run(capsys, "games", "--backup", str(served), "--data-dir", str(tmp_path))[0] == 0
    (tmp_path / "elsewhere").chmod(0o755)
    code, out, _ = run(capsys, "games", "--db", str(served))
    assert code == 0 and f"{gid:>4}  " in out
    code, _, err = run(capsys, "games", "99", "--db", str(served))
    assert code == 2 and f"no game 99 in {served} (--db names another game log)" in err
    # the backup's folder is left as it was: it became 0700, with a secret_key in it
    assert (tmp_path / "elsewhere").stat().st_mode & 0o777 == 0o755
    assert not (tmp_path / "elsewhere" / "secret_key").exists()
    code, out, _ = run(capsys, "games", "--backup", str(tmp_path / "club-backup.sqlite3"), "--db", str(served))
    assert code == 0 and (tmp_path / "club-backup.sqlite3").stat().st_size > 0
    assert not (tmp_path / "elsewhere" / "mjtable.sqlite3").exists()
    # a backup of an older mjtable, listed with --db, is read as it is: it was brought up to date
    # and its journal changed in place by the listing
    import sqlite3
    old = tmp_path / "old.sqlite3"
    with sqlite3.connect(served) as src, sqlite3.connect(old) as dst:
        src.backup(dst)
    with sqlite3.connect(old) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("PRAGMA user_version = 5")
    before = old.read_bytes()
    code, out, _ = run(capsys, "games", "--db", str(old))
    assert code == 0 and f"{gid:>4}  " in out and old.read_bytes() == before
    assert not Path(str(old) + "-wal").exists()
    # backed up as it is, from the file given (the copy read, brought up to date, was backed up)
    code, _, _ = run(capsys, "games", "--backup", str(tmp_path / "old-backup.sqlite3"), "--db", str(old))
    with contextlib.closing(sqlite3.connect(tmp_path / "old-backup.sqlite3")) as conn:
        assert code == 0 and conn.execute("PRAGMA user_version").fetchone()[0] == 5
    # a log of a newer mjtable is refused under its own name (its copy's, in a scratch folder gone
    # when the command ends, was said)
    newer = tmp_path / "newer.sqlite3"
    with contextlib.closing(sqlite3.connect(served)) as src, contextlib.closing(sqlite3.connect(newer)) as dst:
        src.backup(dst)
    with contextlib.closing(sqlite3.connect(newer)) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("PRAGMA user_version = 99")
    for extra in ((), ("--backup", str(tmp_path / "newer-backup.sqlite3"))):
        code, _, err = run(capsys, "games", *extra, "--db", str(newer))
        assert code == 2 and "was written by a newer mjtable" in err and str(newer) in err, err
        assert "read.sqlite3" not in err and "mjtable-games-" not in err
    # nor read where it can only be opened read-only (its version was checked when writing alone):
    # a file this user may not write, as a user other than root sees one
    import os
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, *a, **k: False if str(path).startswith(str(newer))
                        and mode & os.W_OK else real_access(path, mode, *a, **k))
    (tmp_path / "ro").mkdir()
    code, out, err = run(capsys, "games", "--data-dir", str(tmp_path / "ro"), "--db", str(newer))
    assert code == 2 and "was written by a newer mjtable" in err and f"{gid:>4}  " not in out, (out, err)
    monkeypatch.undo()


def test_a_dealer_assumed_for_want_of_a_seat_wind_is_said_beside_the_doubled_payments(capsys):
    # "other pays 48 (double, to East)" three times, with seat_wind only in the assumed list
    code, out, _ = run(capsys, "score", "123m456p789s234s5z 5z", "--rules", "classical", "--discarder", "left")
    lines = out.splitlines()
    # before the settlement it explains (it came last, under the list of assumptions)
    assert lines.index("  seat wind not given: scored as East, the dealer (--seat-wind sets it)") + 1 == lines.index(
        "  settlement:")
    _, out, _ = run(capsys, "score", "123m456p789s234s5z 5z", "--rules", "classical", "--seat-wind", "S")
    assert "seat wind not given" not in out


def test_a_wind_may_be_written_out_and_a_bad_one_is_refused_in_two_lines(capsys):
    # "--seat-wind East" was refused under forty lines of usage
    code, out, _ = run(capsys, "score", "123m456p789s23s55m 4s", "--rules", "riichi", "--seat-wind", "South",
                       "--round-wind", "est", "--json")
    assert code == 0 and json.loads(out)["hand"]["context"]["seat_wind"] == "S"
    assert json.loads(out)["hand"]["context"]["round_wind"] == "E"
    # « O » for Ouest, as the notation reads it (a French family's --seat-wind O was refused)
    code, out, _ = run(capsys, "score", "123m456p789s23s55m 4s", "--rules", "riichi", "--seat-wind", "O", "--json")
    assert code == 0 and json.loads(out)["hand"]["context"]["seat_wind"] == "W"
    with pytest.raises(SystemExit) as exit_:
        main(["score", "123m456p789s23s55m 4s", "--seat-wind", "Up"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.splitlines() == [
        "mjtable score: error: argument --seat-wind: invalid choice: 'UP' (choose from 'E', 'S', 'W', 'N')",
        "(mjtable score --help lists the arguments)"]


def test_read_answers_a_hand_under_the_minimum_as_score_does(capsys, tmp_path, monkeypatch):
    """A 7-point MCR hand, printed "cannot be declared", made `mjtable read` exit 0 while
    `mjtable score` exits 1 for it: both say 1."""
    import scorer
    from mjtable import pipeline
    res = scorer.score(scorer.to_hand("999m678p789s1333z 1z", {}), "mcr")
    monkeypatch.setattr(pipeline, "read_photo", lambda *a, **k: {
        "tiles": [], "notation": "999m678p789s1333z 1z", "hand": {}, "score": res.to_dict(), "missing_context": [],
        "reading": {"confidence": 0.9, "warnings": [], "decoding": None}, "timings_ms": {"total": 1}})
    photo = tmp_path / "hand.jpg"
    photo.write_bytes(b"\xff\xd8\xff")
    code, out, _ = run(capsys, "read", str(photo), "--rules", "mcr", "--no-profile")
    assert "below the 8-point minimum" in out and code == 1
    assert run(capsys, "score", "999m678p789s1333z 1z")[0] == 1


def test_the_game_log_of_a_data_dir_that_is_not_there_is_not_made(capsys, tmp_path):
    code, _, err = run(capsys, "games", "--data-dir", str(tmp_path / "typo"))
    assert code == 2 and "no data dir at" in err and not (tmp_path / "typo").exists()


def test_a_sum_of_half_payments_is_written_whole(capsys):
    # "received: 2.0 points in all", where every other figure is whole (004 Payer le gagnant (3))
    rc, out, _ = run(capsys, "score", "[1111m,1]234p567s789s5z 5z", "--rules", "hk", "-o", "payment=discarder_and_half",
                     "--discarder", "right")
    assert rc == 0 and "received: 2 points in all" in out


def test_what_was_assumed_says_the_value_it_was_scored_with(capsys):
    # "assumed (not given): seat_wind, round_wind" hid that the hand was scored as East in the
    # East round: a Double Wind Pung counted on that assumption
    code, out, _ = run(capsys, "score", "[111z,1]234m567p789s5s 5s", "--rules", "hk")
    assert "assumed (not given): seat_wind=E, round_wind=E, self_drawn=no" in out


def test_an_items_source_is_printed_under_it(capsys):
    # the classical JSON carried "[B] ch. V" and Hong Kong none; the text printed neither
    code, out, _ = run(capsys, "score", "[111z,1]234m567p789s5s 5s", "--rules", "hk")
    assert "\n      004 2C\n" in out


def test_a_context_one_rule_set_refuses_leaves_the_others_side_by_side(capsys):
    # --last-of-kind (read by MCR alone) refused under MCR stopped --rules all whole, exit 2
    code, out, _ = run(capsys, "score", "[111z,1]123m456p789s2z 2z", "--rules", "all", "--last-of-kind", "--json")
    scores = json.loads(out)["scores"]
    assert code == 0 and scores["mcr"]["error"]["code"] == "bad_context" and scores["riichi"]["valid"]
    assert scores["mcr"]["error"]["field"] == "context.last_of_kind"


def test_a_total_of_one_is_one_point(capsys):
    # "TOTAL 1 points", alone and side by side
    for rules in ("mcr", "all"):
        _, out, _ = run(capsys, "score", "[123m,1][456p,1][789p,2]11z34s 5s", "--rules", rules)
        assert re.search(r"TOTAL +1 point\b", out) and not re.search(r"TOTAL +1 points", out), rules


def test_the_game_log_is_backed_up_whole_while_the_server_writes(capsys, tmp_path):
    # the main file copied alone held none of the hands still in its -wal: no backup was documented
    import sqlite3
    from webui import create_app
    client = create_app({"PRELOAD_MODELS": False, "DATA_DIR": str(tmp_path)}).test_client()
    gid = client.post("/api/games", json={"rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    for _ in range(3):
        client.post(f"/api/games/{gid}/hands", json={"kind": "draw"})
    code, out, _ = run(capsys, "games", "--backup", str(tmp_path / "copy.sqlite3"), "--data-dir", str(tmp_path))
    assert code == 0 and "wrote" in out
    copy = sqlite3.connect(tmp_path / "copy.sqlite3")
    assert copy.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == 3
    # one file: not in the log's WAL mode, so that reading it (a restore) leaves no -wal and -shm beside it
    assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    copy.close()
    code, out, _ = run(capsys, "games", "--restore", str(tmp_path / "copy.sqlite3"), "--yes", "--db",
                       str(tmp_path / "other" / "log.sqlite3"))
    assert code == 0 and not list(tmp_path.glob("copy.sqlite3-*")), list(tmp_path.iterdir())
    code, _, err = run(capsys, "games", "--backup", str(tmp_path / "copy.sqlite3"), "--data-dir", str(tmp_path))
    assert code == 2 and "exists" in err and "copy-20" in err          # a dated name offered
    # a folder that is not there is named (SQLite said "unable to open database file")
    code, _, err = run(capsys, "games", "--backup", str(tmp_path / "no such folder" / "x.sqlite3"),
                       "--data-dir", str(tmp_path))
    assert code == 2 and "no such folder does not exist" in err and "unable to open" not in err
    # a folder named: the backup goes in it ("bk exists: choose a new file" of a folder)
    (tmp_path / "bk").mkdir()
    code, out, err = run(capsys, "games", "--backup", str(tmp_path / "bk"), "--data-dir", str(tmp_path))
    made = list((tmp_path / "bk").glob("mjtable-backup-20*.sqlite3"))
    assert code == 0 and len(made) == 1 and str(made[0]) in out, err
    # a second backup there the same day is numbered (it was refused, its offer dated twice)
    code, out, err = run(capsys, "games", "--backup", str(tmp_path / "bk"), "--data-dir", str(tmp_path))
    second = made[0].with_name(made[0].stem + "-2.sqlite3")
    assert code == 0 and second.is_file() and str(second) in out, err
    code, _, err = run(capsys, "games", "--backup", str(made[0]), "--data-dir", str(tmp_path))
    assert code == 2 and made[0].stem + "-3.sqlite3)" in err and made[0].stem + "-20" not in err, err
    code, _, err = run(capsys, "games", "--backup", str(second), "--data-dir", str(tmp_path))
    assert code == 2 and made[0].stem + "-3.sqlite3)" in err and "-2-20" not in err, err
    # a name that ends otherwise is offered a SQLite file's dated name (g1.pdf offered g1-DATE.pdf)
    (tmp_path / "g1.pdf").write_bytes(b"%PDF")
    code, _, err = run(capsys, "games", "--backup", str(tmp_path / "g1.pdf"), "--data-dir", str(tmp_path))
    assert code == 2 and re.search(r"g1-20\d\d-\d\d-\d\d\.sqlite3\)", err), err


def test_a_backup_is_put_back_in_place_of_the_game_log_keeping_the_log_it_replaces(capsys, tmp_path):
    # an MCR club had a backup and no way back: importing it on the Games page said "not JSON"
    import sqlite3
    from webui import create_app
    served = tmp_path / "served"
    client = create_app({"PRELOAD_MODELS": False, "DATA_DIR": str(served)}).test_client()
    new = lambda name: client.post("/api/games", json={"name": name, "rules": "mcr",       # noqa: E731
                                                       "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    gid = new("Thursday")
    client.post(f"/api/games/{gid}/hands", json={"kind": "draw"})
    backup = tmp_path / "season.sqlite3"
    assert run(capsys, "games", "--backup", str(backup), "--data-dir", str(served))[0] == 0
    new("Friday")                                      # after the backup
    log = served / "mjtable.sqlite3"
    names = lambda path: [r[0] for r in sqlite3.connect(path).execute("SELECT name FROM games ORDER BY id")]  # noqa: E731
    # asked first: it says what it replaces, and changes nothing
    code, out, _ = run(capsys, "games", "--restore", str(backup), "--data-dir", str(served))
    assert code == 1 and "would replace the game log" in out and "(2 game(s), 1 hand(s), the last recorded" in out
    assert "with " + str(backup) + " (1 game(s), 1 hand(s)" in out and "--yes" in out
    # the name the replaced log will have is dated by the restore itself (a dry run said the second before)
    assert "kept beside it as mjtable-before-restore-YYYYMMDD-HHMMSS.sqlite3, dated when it is done" in out
    assert names(log) == ["Thursday", "Friday"]
    code, out, _ = run(capsys, "games", "--restore", str(backup), "--yes", "--data-dir", str(served))
    assert code == 0 and "restored 1 game(s)" in out, out
    assert names(log) == ["Thursday"]
    assert client.get(f"/api/games/{gid}").json["hands"][0]["kind"] == "draw"     # the running app sees it
    kept = [p for p in served.iterdir() if "before-restore" in p.name]
    assert len(kept) == 1 and names(kept[0]) == ["Thursday", "Friday"] and f"kept as {kept[0]}" in out
    # onto a new machine: no log yet, the backup becomes it
    fresh = tmp_path / "fresh"
    code, out, _ = run(capsys, "games", "--restore", str(backup), "--db", str(fresh / "club.sqlite3"))
    assert code == 0 and names(fresh / "club.sqlite3") == ["Thursday"] and "kept" not in out
    assert run(capsys, "games", "--db", str(fresh / "club.sqlite3"))[1].count("Thursday") == 1
    # into a data dir not made yet (it was refused: "no data dir at"), which it makes
    club = tmp_path / "new club"
    code, out, err = run(capsys, "games", "--restore", str(backup), "--yes", "--data-dir", str(club))
    assert code == 0 and names(club / "mjtable.sqlite3") == ["Thursday"], err
    # a file named as the data dir: said, not a traceback
    code, _, err = run(capsys, "games", "--restore", str(backup), "--yes", "--data-dir", str(backup))
    assert code == 2 and "is a file, not a data dir" in err
    # what is not a backup is named, nothing replaced
    export = tmp_path / "game.json"
    export.write_bytes(client.get(f"/games/{gid}/export.json").data)
    code, _, err = run(capsys, "games", "--restore", str(export), "--yes", "--data-dir", str(served))
    assert code == 2 and "is a game's JSON export" in err and "Import a game" in err
    other = tmp_path / "other.sqlite3"
    sqlite3.connect(other).execute("CREATE TABLE t (x)")
    code, _, err = run(capsys, "games", "--restore", str(other), "--yes", "--data-dir", str(served))
    assert code == 2 and "not a game log" in err
    code, _, err = run(capsys, "games", "--restore", str(tmp_path / "none.sqlite3"), "--data-dir", str(served))
    assert code == 2 and "no file at" in err
    assert names(log) == ["Thursday"]


def test_a_game_recorded_while_the_log_is_restored_is_not_lost(capsys, tmp_path, monkeypatch):
    # a club's trial: hands a running server acknowledged during --restore were in neither the
    # restored log nor the copy of the log it replaced
    import sqlite3
    import threading

    from mjtable.commands import games
    from webui import create_app
    from webui.store import Store, connect
    served = tmp_path / "served"
    client = create_app({"PRELOAD_MODELS": False, "DATA_DIR": str(served)}).test_client()
    client.post("/api/games", json={"name": "Thursday", "rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]})
    backup = tmp_path / "season.sqlite3"
    assert run(capsys, "games", "--backup", str(backup), "--data-dir", str(served))[0] == 0
    log = served / "mjtable.sqlite3"
    copy, late = games._backup, {}

    def copy_then_a_phone_records(database, target, quiet=False):
        code = copy(database, target, quiet)
        if target != str(backup):       # the copy of the log replaced: a phone records a game then
            def record():
                late["game"] = Store(connect(str(log))).create_game("Late", "mcr", ["Ann", "Bob", "Cy", "Di"])
            writer = threading.Thread(target=record)
            writer.start()
            writer.join(0.5)            # committed at once, unless the restore holds the log
            late["writer"] = writer
        return code
    monkeypatch.setattr(games, "_backup", copy_then_a_phone_records)
    code, out, _ = run(capsys, "games", "--restore", str(backup), "--yes", "--data-dir", str(served))
    assert code == 0, out
    late["writer"].join(10)
    names = lambda path: [r[0] for r in sqlite3.connect(path).execute("SELECT name FROM games ORDER BY id")]  # noqa: E731
    kept = next(p for p in served.iterdir() if "before-restore" in p.name)
    # recorded after the restore, into the restored log (it waited for it), not lost between the two
    assert names(kept) == ["Thursday"] and names(log) == ["Thursday", "Late"]


def test_a_restore_keeps_the_tables_the_backup_has_and_the_log_not_yet(capsys, tmp_path):
    # the review page's drafts are made on first use: a log never served had no such table, and
    # the restore copied only the tables the log had (the backup's drafts were lost)
    import sqlite3

    from webui import create_app
    from webui.store import init_db
    served = tmp_path / "served"
    client = create_app({"PRELOAD_MODELS": False, "DATA_DIR": str(served)}).test_client()
    client.post("/api/games", json={"name": "Thursday", "rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]})
    log = served / "mjtable.sqlite3"
    conn = sqlite3.connect(log)
    conn.execute("INSERT INTO draft_edits (draft_id, state, updated) VALUES ('d1', '{}', '2026-01-01')")
    conn.commit()
    conn.close()
    backup = tmp_path / "season.sqlite3"
    assert run(capsys, "games", "--backup", str(backup), "--data-dir", str(served))[0] == 0
    bare = tmp_path / "bare"
    bare.mkdir()
    init_db(str(bare / "mjtable.sqlite3"))
    sqlite3.connect(bare / "mjtable.sqlite3").execute("DROP TABLE IF EXISTS draft_edits")
    code, out, err = run(capsys, "games", "--restore", str(backup), "--yes", "--data-dir", str(bare))
    assert code == 0, err
    rows = sqlite3.connect(bare / "mjtable.sqlite3").execute("SELECT draft_id FROM draft_edits").fetchall()
    assert rows == [("d1",)]


def test_a_damaged_game_log_is_one_error_line_not_a_traceback(capsys, tmp_path, monkeypatch):
    from webui import create_app
    create_app({"PRELOAD_MODELS": False, "DATA_DIR": str(tmp_path)})
    import webui.store
    def broken(self, *a, **k):
        import sqlite3
        raise sqlite3.DatabaseError("database disk image is malformed")
    monkeypatch.setattr(webui.store.Store, "list_games", broken)
    code, _, err = run(capsys, "games", "--data-dir", str(tmp_path))
    assert code == 2 and err.startswith("error: the game log could not be read") and "Traceback" not in err


def test_the_game_logs_columns_line_up_under_wide_names(capsys, tmp_path):
    # a Chinese name takes two columns a character in a terminal: the figures after it were out of line
    from webui import create_app
    client = create_app({"PRELOAD_MODELS": False, "DATA_DIR": str(tmp_path)}).test_client()
    gid = client.post("/api/games", json={"rules": "mcr", "players": ["Ann", "李明", "Zoé", "Di"]}).json["game"]["id"]
    client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m123p5z 5z", "winner": 1, "discarder": 0})
    _, out, _ = run(capsys, "games", str(gid), "--data-dir", str(tmp_path))
    head, row = out.splitlines()[2:4]

    def ends(line):     # the terminal column where each word ends, 李 and 明 two columns wide
        shown = line.replace("李", "LL").replace("明", "MM")
        return [m.end() for m in re.finditer(r"\S+", shown)]
    # each figure ends where its player's name ends in the header
    assert ends(head)[3:7] == ends(row)[3:7], (head, row)


def test_rules_side_by_side_say_what_they_assumed(capsys):
    """`--rules all` printed riichi's 2,900 and classical's 208 × 3 without saying the winner was
    taken for East, the dealer, as one rule set's output says it."""
    code, out, _ = run(capsys, "score", "[111z,1]123m456p789s2z 2z", "--rules", "all")
    assert code == 0
    assert "seat wind not given: scored as East, the dealer (--seat-wind sets it)" in out
    assert "assumed (not given): self_drawn=no, seat_wind=E" in out
    # "discarder=none" above "discarder pays 21" read as a contradiction
    assert "discarder=not named" in out and "discarder=none" not in out
    code, out, _ = run(capsys, "score", "[111z,1]123m456p789s2z 2z", "--rules", "all", "--seat-wind", "S",
                       "--round-wind", "E", "--discarder", "left")
    assert "seat wind not given" not in out and "seat_wind=" not in out


def test_the_two_others_who_pay_alike_are_one_settlement_line(capsys):
    # "other pays 8" twice under an MCR win on an unnamed discard read as a mistake
    from mjtable.cli import main
    main(["score", "123m123m456p789s5z 5z"])
    lines = capsys.readouterr().out.splitlines()
    assert "    each of the two others pays 8  (other player: 8)" in lines
    assert not any(line.startswith("    other pays") for line in lines)
    main(["score", "123m123m456p789s5z 5z", "--discarder", "left"])
    lines = capsys.readouterr().out.splitlines()
    assert "    across pays 8  (other player: 8)" in lines and "    right pays 8  (other player: 8)" in lines


def test_the_three_others_of_a_self_drawn_win_who_pay_alike_are_one_settlement_line(capsys):
    # a classical family read "other pays 52" three times for a self-drawn win scored without seats
    from mjtable.cli import main
    main(["score", "123m456p789s234s5z 5z", "--rules", "classical", "--self-drawn", "--seat-wind", "S"])
    out = capsys.readouterr().out
    assert "other pays" not in out
    main(["score", "123m456p789s234s5z 5z", "--rules", "classical", "--self-drawn"])
    lines = capsys.readouterr().out.splitlines()
    assert "    each of the three others pays 52  (double: the winner is East)" in lines and "other pays" not in "\n".join(lines)


def test_side_by_side_says_each_rule_sets_warnings_under_its_name(capsys):
    # riichi ignored the flowers and Hong Kong left them uncounted, and side by side said neither
    code, out, _ = run(capsys, "score", "123m456m789m234p5z 5z 1f2f6f", "--rules", "all", "--seat-wind", "S",
                       "--self-drawn")
    assert code == 0
    assert "RIICHI: flowers/seasons 1f 2f 6f are not used in riichi and were ignored" in out
    assert re.search(r"^HK: flowers/seasons 1f 2f 6f not counted", out, re.M)
    assert not re.search(r"^(MCR|CLASSICAL): ", out, re.M)


def test_an_unknown_rule_set_names_all_beside_the_four(capsys):
    code, _, err = run(capsys, "score", "123m456p789s23s55m 4s", "--rules", "zung")
    assert code == 2 and "unknown rule set 'zung'" in err and "or all to compare them" in err


def test_reading_a_folder_names_it_as_typed(capsys, tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    code, _, err = run(capsys, "read", str(folder))
    assert code == 2 and f"{folder} is a folder: name one photo in it" in err


def test_one_tile_read_is_one_tile():
    from mjtable.commands.read import format_reading
    tile = {"code": "5z", "confidence": 0.5, "box": [1, 2, 3, 4], "top3": []}
    reading = {"warnings": [], "confidence": 0.0, "decoding": {}}
    result = {"tiles": [tile], "reading": reading, "notation": None, "score": None, "timings_ms": {}}
    assert format_reading(result).startswith("1 tile:")
    assert format_reading({**result, "tiles": [tile, tile]}).startswith("2 tiles:")


def test_a_notation_error_names_no_json_field(capsys):
    # "(field concealed)" named a JSON field the player never wrote; JSON input keeps it
    code, _, err = run(capsys, "score", "234m567p23455s678s 5s", "--rules", "riichi")
    assert code == 2 and "too many tiles: 15 standing" in err and "(field" not in err
    code, _, err = run(capsys, "score", '{"concealed": "123"}', "--rules", "riichi")
    assert code == 2 and "(field concealed)" in err


def test_a_game_is_kept_from_the_command_line_as_the_game_page_keeps_it(capsys, tmp_path):
    # a club logging its games from a terminal had to open the web app for every hand
    data = str(tmp_path)
    code, out, err = run(capsys, "record", "win", "1", "123456789m123p5z 5z", "--winner", "Ann", "--self-drawn",
                         "--data-dir", data)
    assert code == 2 and "no game log at" in err and "mjtable record new" in err
    code, out, _ = run(capsys, "record", "new", "--rules", "mcr", "--players", "Ann", "Bob", "Cy", "Đức",
                       "--name", "Thursday", "--data-dir", data)
    assert code == 0 and out.startswith("game 1 started: Thursday (mcr)") and "next hand: E1 · E round, Ann deals" in out
    # players by name (case and accents as typed or not), a unique start, or seat
    code, out, _ = run(capsys, "record", "win", "1", "123456789m123p5z 5z", "--winner", "bob", "--discarder", "duc",
                       "--data-dir", data)
    assert code == 0, out
    assert out.splitlines()[0] == "hand 1 (E1, Ann deals): Bob 21 on Đức's discard; Ann -8, Bob +45, Cy -8, Đức -29"
    assert "next hand: E2 · E round, Bob deals" in out
    assert run(capsys, "record", "draw", "1", "--data-dir", data)[0] == 0
    code, out, _ = run(capsys, "record", "false-win", "1", "3", "--data-dir", data)
    assert code == 0 and "false win by Cy" in out.splitlines()[0]
    # refused as the game page refuses it, nothing recorded: the false win's player in the same hand
    code, _, err = run(capsys, "record", "win", "1", "123456789m123p5z 5z", "--winner", "Cy", "--self-drawn",
                       "--data-dir", data)
    assert code == 2 and "may no longer declare Mah Jong" in err
    code, _, err = run(capsys, "record", "win", "1", "123456789m123p5z 5z", "--winner", "Zed", "--self-drawn",
                       "--data-dir", data)
    assert code == 2 and "no player 'Zed' in this game: name one of Ann, Bob, Cy, Đức" in err
    code, out, _ = run(capsys, "record", "undo", "1", "--data-dir", data)
    assert code == 0 and out.startswith("undone: hand 3 (E3, Cy deals): false win by Cy")
    assert run(capsys, "record", "end", "1", "--data-dir", data)[0] == 0
    # the same game log as the web app's: its page shows the hands recorded here
    from webui import create_app
    client = create_app({"PRELOAD_MODELS": False, "DATA_DIR": data}).test_client()
    game = client.get("/api/games/1").json
    assert [h["kind"] for h in game["hands"]] == ["win", "draw", "end"] and game["finished"]
    code, _, err = run(capsys, "record", "draw", "1", "--data-dir", data)
    assert code == 2 and "over" in err
    # the command line has no edit: it says what it has (it offered "undo or edit a hand")
    assert "mjtable record undo 1 takes back the last hand" in err and "web app" in err
    # the end undone is not called a hand ("Restore this hand ... puts it back"), here or on the page
    code, out, _ = run(capsys, "record", "undo", "1", "--data-dir", data)
    assert code == 0 and "“Restore the end of the game” under “History of changes”" in out and "this hand" not in out
    page = client.get("/games/1").get_data(as_text=True)
    (entry,) = [li for li in page.split("<li>") if "undone: was the end of the game" in li]
    assert "Restore the end of the game</button>" in entry and "Restore this hand" not in entry
    assert run(capsys, "record", "end", "1", "--data-dir", data)[0] == 0
    # a riichi game's liable player, named, is the context's seat seen from the winner
    assert run(capsys, "record", "new", "--rules", "riichi", "--players", "Ann", "Bob", "Cy", "Di", "--half-game",
               "--tournament", "--data-dir", data)[0] == 0
    flow = client.get("/api/games/2").json["game"]["flow"]
    assert flow.get("east_only") is True and flow.get("tournament") is True, flow
    code, out, err = run(capsys, "record", "win", "2", "[555z,1][666z,2](7777z)1m234p 1m", "--winner", "Bob",
                         "--discarder", "Cy", "--liable", "Ann", "--data-dir", data)
    assert code == 0, err
    assert client.get("/api/games/2").json["hands"][0]["context"]["liable_player"] == "left"   # Ann sits left of Bob


def test_record_settles_classical_losers_among_themselves(capsys, tmp_path):
    # [B] ch. I: the three losers pay each other the difference of their hands, East double
    data = ["--data-dir", str(tmp_path)]
    assert run(capsys, "record", "new", "--rules", "classical", "--players", "Ann", "Bob", "Cy", "Di", *data)[0] == 0
    code, out, err = run(capsys, "record", "win", "1", "123m456p789s234s5z 5z", "--winner", "Bob", "--discarder", "Cy",
                         "--losers", "Ann=24", "Cy=8", "Di=16", *data)
    # Bob's 24 (Ann, East, pays 48; Cy and Di 24); East +2 × 16 from Cy, +2 × 8 from Di; Di +8 from Cy
    assert code == 0 and "Ann 0, Bob +96, Cy -64, Di -32" in out, err
    # the sheet says the losers' hands the changes are made of (the CSV and the PDF showed 24 alone)
    assert "on Cy's discard · the others' hands: Ann 24, Cy 8, Di 16; Ann 0" in out, out
    code, out, _ = run(capsys, "games", "1", "--csv", *data)
    row = dict(zip(*list(csv.reader(io.StringIO(out.lstrip("\ufeff"))))[:2]))
    assert row["points"] == "24" and row["others_hands"] == "Ann 24 & Cy 8 & Di 16"
    code, _, err = run(capsys, "record", "win", "1", "123m456p789s234s5z 5z", "--winner", "Ann", "--discarder", "Cy",
                       "--losers", "Bob=24", "Cy=8", *data)
    assert code != 0 and "--losers gives the points of each loser's own hand: Di missing" in err
    # the winner's points among the losers' are said so ("Bob missing" was said)
    code, _, err = run(capsys, "record", "win", "1", "123m456p789s234s5z 5z", "--winner", "Ann", "--discarder", "Cy",
                       "--losers", "Ann=4", "Cy=8", "Di=16", *data)
    assert code == 2 and "Ann won this hand; give the points of Bob, Cy, Di" in err, err
    code, _, err = run(capsys, "record", "win", "1", "123m456p789s234s5z 5z", "--winner", "Ann", "--discarder", "Cy",
                       "--losers", "Bob=many", *data)
    assert code != 0 and "--losers takes PLAYER=POINTS" in err
    code, _, err = run(capsys, "record", "win", "1", "123m456p789s234s5z 5z", "--winner", "Ann", "--discarder", "Cy",
                       "--losers", "Bob=2²", *data)       # a digit to Python, no number to int()
    assert code != 0 and "--losers takes PLAYER=POINTS" in err


def test_record_takes_a_double_ron_and_says_what_the_scoring_left_out(capsys, tmp_path):
    # a club secretary could not record a double ron from the terminal, a liable player the scorer
    # ignored was not said (the table thought pao applied), « An » of « Nguyễn Văn An » was no
    # player, and undo did not say what it took back
    data = str(tmp_path / "data")
    assert run(capsys, "record", "new", "--rules", "riichi", "--players", "Nguyễn Văn An", "Bé", "Cé", "Lê Thị Hồng",
               "--data-dir", data)[0] == 0
    code, out, err = run(capsys, "record", "win", "1", "123m456p789s1122s 2s", "456m456p789s3455s 2s",
                         "--winner", "An", "--winner", "Hong", "--discarder", "Bé", "--riichi", "An", "Hồng",
                         "--data-dir", data)
    assert code == 0, err
    # 002 §4.1: each declarer who wins takes their own stick back; East keeps the deal with a counter
    assert "Nguyễn Văn An 2,000 (1 han · 40 fu) + own riichi stick back & Lê Thị Hồng 2,000" in out
    assert "Nguyễn Văn An +2,000, Bé -4,000, Cé 0, Lê Thị Hồng +2,000" in out
    assert "next hand: E1-1 · E round, Nguyễn Văn An deals, 1 counter, 0 riichi sticks on the table" in out
    code, out, err = run(capsys, "record", "win", "1", "[555z,1][666z,2]234m11p77z 7z", "--winner", "Bé",
                         "--discarder", "Cé", "--liable", "An", "--data-dir", data)
    assert code == 0 and "warning: liable player ignored: pao needs every set of Big Three Dragons" in out
    code, out, _ = run(capsys, "record", "undo", "1", "--data-dir", data)
    assert code == 0 and out.startswith("undone: hand 2 (E1-1, Nguyễn Văn An deals): Bé 32,000 (yakuman: Big Three Dragons)")
    code, out, _ = run(capsys, "record", "draw", "1", "--tenpai", "An", "--riichi", "An", "--data-dir", data)
    assert "2 counters, 1 riichi stick on the table" in out              # the draw's stick stays (002 §3.3.14)
    code, _, err = run(capsys, "record", "win", "1", "123m456p789s1122s 2s", "456m456p789s3455s 2s",
                       "--winner", "An", "--discarder", "Bé", "--data-dir", data)
    assert code == 2 and "one hand per --winner" in err
    # a note of two words without its quotes: its second word named, not counted as a second hand
    code, _, err = run(capsys, "record", "win", "1", "123m456p789s1122s 2s", "--winner", "An", "--discarder", "Bé",
                       "--note", "good", "hand", "--data-dir", data)
    assert code == 2 and "'hand' is not a hand in notation" in err and "--note \"good hand\"" in err, err
    code, _, err = run(capsys, "record", "win", "1", "123m456p789s1122s 2s", "--winner", "An", "--discarder", "Bé",
                       "--note", "good", "hand", "--lang", "fr", "--data-dir", data)
    assert code == 2 and "« hand » n'est pas une main en notation" in err, err
    # MCR has no liable player: said, as mjtable score says it
    assert run(capsys, "record", "new", "--rules", "mcr", "--players", "Ann", "Bob", "Cy", "Di", "--data-dir", data)[0] == 0
    code, out, err = run(capsys, "record", "win", "2", "123m456m789m234p5s 5s", "--winner", "Bob", "--self-drawn",
                         "--liable", "Ann", "--data-dir", data)
    assert code == 0 and "warning: given but not used by these rules: liable_player" in out, out + err


def test_record_starts_a_riichi_game_with_a_clubs_starting_points_and_uma(capsys, tmp_path):
    data = str(tmp_path / "data")
    code, out, err = run(capsys, "record", "new", "--rules", "riichi", "--players", "Ann", "Bob", "Cy", "Di",
                         "--start-points", "25000", "--uma", "20000, 10000,-10000,-20000", "--data-dir", data)
    assert code == 0, err
    from webui import create_app
    client = create_app({"PRELOAD_MODELS": False, "DATA_DIR": data}).test_client()
    game = client.get("/api/games/1").json
    assert game["game"]["flow"]["start_points"] == 25000 and game["points"] == [25000] * 4
    assert game["game"]["flow"]["uma"] == [20000, 10000, -10000, -20000]
    code, _, err = run(capsys, "record", "new", "--rules", "riichi", "--players", "Ann", "Bob", "Cy", "Di",
                       "--uma", "20,10", "--data-dir", data)
    assert code == 2 and "the uma must be four whole numbers" in err
    code, _, err = run(capsys, "record", "new", "--rules", "riichi", "--players", "Ann", "Bob", "Cy", "Di",
                       "--uma", "20k,10k,-10k,-20k", "--data-dir", data)
    assert code == 2 and "--uma takes four whole numbers" in err
    code, _, err = run(capsys, "record", "new", "--rules", "mcr", "--players", "Ann", "Bob", "Cy", "Di",
                       "--start-points", "25000", "--data-dir", data)
    assert code == 2 and "riichi options" in err


def test_a_photo_the_reader_refuses_is_named_with_what_to_do(capsys, tmp_path):
    # "error: the data is not a JPEG, ..." named no file; an 8000 x 8000 picture got the limit alone
    import struct
    import zlib
    text = tmp_path / "notes.jpg"
    text.write_text("hello")
    code, _, err = run(capsys, "read", str(text))
    assert code == 2 and err.startswith(f"error: {text}: the data is not a JPEG")
    # a PNG header of 8000 x 8000 pixels (the size is refused from the header, nothing decoded)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    huge = tmp_path / "huge.png"
    huge.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8000, 8000, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b""))
    code, _, err = run(capsys, "read", str(huge))
    assert code == 2 and f"{huge}: the image is 8000×8000 pixels" in err and "shrink it" in err, err


def test_side_by_side_says_who_pays_and_why_and_what_a_rule_set_left_unused(capsys):
    # "other pays 48" three times under classical, with no word of East's double; a robbed kong
    # classical does not use was said under --rules classical alone
    code, out, _ = run(capsys, "score", "123m456p789s234s5z 5z", "--rules", "all")
    assert "each of the three others pays         48" in out and "(double: the winner is East)" in out
    assert "other pays" not in out
    _, out, _ = run(capsys, "score", "123m456p789s234s5z 3s", "--rules", "all", "--robbing-kong")
    assert "CLASSICAL: given but not used by these rules: robbing_kong" in out


def test_score_says_a_winners_own_riichi_stick_in_words(capsys):
    # the terminal printed the result's key, "net_gain: 3800", where the page says it in words
    code, out, _ = run(capsys, "score", "123m456p789s2233s 3s", "--rules", "riichi", "--riichi", "--self-drawn",
                       "--riichi-sticks", "1", "--seat-wind", "S")
    assert code == 0 and "net_gain" not in out
    assert "2000 net: 3000 received, less the 1000 the winner put down for riichi" in out


def test_standings_in_text_warn_of_games_under_different_house_rules(capsys, tmp_path):
    # a club game and a tournament game were added up without a word, where the page warns
    data = str(tmp_path / "data")
    for extra in ([], ["--tournament"]):
        assert run(capsys, "record", "new", "--rules", "riichi", "--players", "A", "B", "C", "D", "--half-game",
                   *extra, "--data-dir", data)[0] == 0
    for game in ("1", "2"):
        assert run(capsys, "record", "draw", game, "--data-dir", data)[0] == 0
        assert run(capsys, "record", "end", game, "--data-dir", data)[0] == 0
    code, out, _ = run(capsys, "games", "--standings", "--rules", "riichi", "--data-dir", data)
    assert code == 0 and "played under different house rules: their scores do not compare one for one" in out
    assert "  1 game: half game (#1)" in out and "  1 game: tournament, half game (#2)" in out


def test_the_final_table_in_text_says_the_sticks_left_on_the_table(capsys, tmp_path):
    # "Ann: 31,500" above "1. Ann ... (points 32,500, uma ...)": the 1,000 left on the table that
    # first place takes (002 §3.4.10) went unsaid, where the page says "(+1,000 sticks)"
    data = str(tmp_path / "data")
    assert run(capsys, "record", "new", "--rules", "riichi", "--players", "Ann", "Bob", "Cy", "Di",
               "--data-dir", data)[0] == 0
    assert run(capsys, "record", "draw", "1", "--riichi", "Ann", "--tenpai", "Ann", "--data-dir", data)[0] == 0
    assert run(capsys, "record", "end", "1", "--data-dir", data)[0] == 0
    code, out, _ = run(capsys, "games", "1", "--data-dir", data)
    assert code == 0 and re.search(r"1\. Ann .*\(points 33,000 \(\+1,000 sticks\), uma", out), out
    code, out, _ = run(capsys, "games", "1", "--lang", "fr", "--data-dir", data)
    assert "(+1\u202f000 bâtonnets)" in out, out


def test_the_final_table_in_text_says_what_a_riichi_score_is_made_of(capsys, tmp_path):
    # "3. Anh -31,500" gave no hint that 20,000 of it was a tournament chombo's penalty
    data = str(tmp_path / "data")
    assert run(capsys, "record", "new", "--rules", "riichi", "--players", "Ann", "Bob", "Cy", "Di", "--half-game",
               "--tournament", "--data-dir", data)[0] == 0
    assert run(capsys, "record", "false-win", "1", "Cy", "--data-dir", data)[0] == 0
    for _ in range(4):                                  # nobody tenpai: the deal passes (002 §3.4.11)
        code, out, _ = run(capsys, "record", "draw", "1", "--data-dir", data)
    assert code == 0 and "Cy  -20,000  (points 30,000, uma 0, penalty -20,000)" in out, out
    code, out, _ = run(capsys, "games", "1", "--data-dir", data)
    assert out.startswith("Ann / Bob / Cy / Di (riichi), 4 hands and 1 chombo, numbered among them below"), out
    code, out, _ = run(capsys, "games", "1", "--lang", "fr", "--data-dir", data)
    assert "(points 30\u202f000, uma 0, pénalité -20\u202f000)" in out, out


def test_score_says_the_result_in_french(capsys):
    # a French club's table had the web page in French and the command line in English only
    code, out, _ = run(capsys, "score", "[555p,1](1111z)123m456p2z 2z 16f", "--rules", "mcr", "--self-drawn",
                       "--lang", "fr")
    assert code == 0
    assert "lu comme (quatre combinaisons et une paire) : [555p]  (1111z)  123m  456p  22z" in out
    assert re.search(r"  Vent Dominant +2 points  圈风刻 / Prevalent Wind  avec 1111z", out)
    assert "(11 sans les fleurs)" in out and "non comptés :" in out and "règlement :" in out
    # in MCR's words (000 says « pioche », not riichi's « tsumo »), as its web pages say it
    assert "le joueur de gauche paie 21  (pioche : points + 8)" in out
    assert "supposé (non donné) : vent du joueur=E" in out
    code, out, _ = run(capsys, "score", "123m123m456p789s5z 5z", "--rules", "riichi", "--riichi", "--lang", "fr")
    assert "fu (minipoints) : 40 (34, arrondi à la dizaine supérieure)" in out and "paiement (002 §4.1.2) :" in out
    assert "le donneur de l'écart paie 3\u202f900  (ron)" in out and "donneur de l'écart=non nommé" in out
    code, out, _ = run(capsys, "score", "19m19p19s1234567z 1m", "--rules", "all", "--lang", "fr")
    assert "Treize Orphelins" in out and "chacun des trois autres paie" in out
    code, out, _ = run(capsys, "score", "19m19p19s1234567z 1m", "--rules", "classical", "--lang", "fr")
    assert "score : Treize orphelins est une main limite : elle vaut la limite, 500" in out and "[L] : vaut la limite" in out
    # English as before
    code, out, _ = run(capsys, "score", "123m123m456p789s5z 5z", "--rules", "riichi", "--riichi")
    assert "fu (minipoints): 40 (34, rounded up to the next 10)" in out and "discarder pays 3900  (ron)" in out


def test_every_phrase_the_terminal_says_has_its_french():
    # each phrase mjtable/render.py passes to Words.t is in the web app's French
    import ast

    from webui.i18n import FR
    root = Path(__file__).resolve().parents[1] / "mjtable"
    trees = [ast.parse((root / name).read_text()) for name in ("render.py", "commands/read.py")]
    said = {node.args[0].value for tree in trees for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "t"
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)}
    assert len(said) > 30
    assert not [s for s in said if s not in FR]


def test_the_standings_and_a_finished_game_settled_in_money_from_the_command_line(capsys, tmp_path):
    """A club organiser worked the evening's cash out by hand: ``--rate`` settles the standings,
    or a finished game, in money, and says who pays whom."""
    from webui import create_app
    client = create_app({"PRELOAD_MODELS": False, "DATA_DIR": str(tmp_path)}).test_client()
    gid = client.post("/api/games", json={"rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m123p5z 5z", "winner": 1, "discarder": 0})
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "end"}).status_code == 201
    code, out, _ = run(capsys, "games", "--standings", "--rate", "0.5", "--unit", "EUR", "--data-dir", str(tmp_path))
    tail = out.split("Settle in money: ")[1].splitlines()
    # Bob won 45 (000: 21 fans + 8 from the discarder Ann, 8 from each other player): 22.50 at 0.50 a point;
    # in the standings' order, as the page lists them (the command line's came by name)
    assert code == 0 and tail[:5] == ["0.50 EUR per 1 point, rounded to 0.01", "  Bob  +22.50 EUR", "  Cy   -4.00 EUR",
                                      "  Di   -4.00 EUR", "  Ann  -14.50 EUR"]
    assert tail[5:] == ["Who pays whom:", "  Ann pays Bob 14.50 EUR", "  Cy pays Bob 4.00 EUR", "  Di pays Bob 4.00 EUR"]
    code, out, _ = run(capsys, "games", str(gid), "--rate", "1", "--step", "1", "--lang", "fr", "--data-dir", str(tmp_path))
    assert code == 0 and "Régler en argent : 1 pour 1 point, arrondi à 1" in out and "Ann paie 29 à Bob" in out
    code, _, err = run(capsys, "games", "--standings", "--rate", "beaucoup", "--lang", "fr", "--data-dir", str(tmp_path))
    assert code == 2 and "le taux doit être un nombre" in err
    code, _, err = run(capsys, "games", "--standings", "--unit", "EUR", "--data-dir", str(tmp_path))
    assert code == 2 and "give --rate" in err
    for empty in ("", " "):          # a traceback (TypeError) before
        code, _, err = run(capsys, "games", str(gid), "--rate", empty, "--data-dir", str(tmp_path))
        assert code == 2 and "error: the rate must be a number, such as 0.5" in err
    code, _, err = run(capsys, "games", "--standings", "--rate", "1,000", "--data-dir", str(tmp_path))
    assert code == 2 and "the rate is written ambiguously" in err
    in_play = client.post("/api/games", json={"rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    code, _, err = run(capsys, "games", str(in_play), "--rate", "1", "--data-dir", str(tmp_path))
    assert code == 2 and "still in play" in err
    # the rate the game page settled at is kept with the game: its standing as text settles at it
    code, out, _ = run(capsys, "games", str(gid), "--data-dir", str(tmp_path))
    assert code == 0 and "Settle in money" not in out
    from tests.webui.conftest import csrf_of
    client.post(f"/games/{gid}/money", data={"csrf_token": csrf_of(client), "rate": "0.5", "unit": "EUR"})
    code, out, _ = run(capsys, "games", str(gid), "--data-dir", str(tmp_path))
    assert code == 0 and "Settle in money: 0.50 EUR per 1 point" in out and "Ann pays Bob 14.50 EUR" in out
    code, out, _ = run(capsys, "games", str(gid), "--rate", "1", "--step", "1", "--data-dir", str(tmp_path))
    assert "Ann pays Bob 29" in out and "EUR" not in out        # --rate says otherwise for this once


def test_a_hand_recorded_into_the_wrong_game_moves_from_the_command_line(capsys, tmp_path):
    """``mjtable record move GAME SEQ --to OTHER [--as PLAYER=OTHER]``, as the game page moves it."""
    d = str(tmp_path)
    run(capsys, "record", "new", "--rules", "mcr", "--players", "Ann", "Bob", "Cy", "Di", "--data-dir", d)
    run(capsys, "record", "new", "--rules", "mcr", "--players", "Eve", "Fay", "Gus", "Hal", "--data-dir", d)
    run(capsys, "record", "win", "1", "123456789m123p5z 5z", "--winner", "Bob", "--discarder", "Ann", "--data-dir", d)
    code, _, err = run(capsys, "record", "move", "1", "1", "--to", "2", "--as", "Bob", "--data-dir", d)
    assert code == 2 and "--as takes PLAYER=OTHER" in err
    code, out, _ = run(capsys, "record", "move", "1", "1", "--to", "2", "--as", "Bob=Gus", "ann=eve",
                       "--data-dir", d)
    assert code == 0 and out.splitlines()[0] == ("hand 1 of game 1 moved to game 2, as its hand 1 (E1, Eve deals): "
                                                 "Gus 21 on Eve's discard; Eve -29, Fay -8, Gus +45, Hal -8"), out
    code, _, err = run(capsys, "record", "move", "1", "1", "--to", "2", "--data-dir", d)
    assert code == 2 and "no hand 1 in game 1" in err
    # a player named twice, or a pair the other way round, is refused with which side is which
    run(capsys, "record", "win", "1", "123456789m123p5z 5z", "--winner", "Bob", "--discarder", "Ann", "--data-dir", d)
    code, _, err = run(capsys, "record", "move", "1", "1", "--to", "2", "--as", "Ann=Fay", "--as", "Bob=Fay",
                       "--data-dir", d)
    assert code == 2 and "--as names Fay twice: each player once" in err
    code, _, err = run(capsys, "record", "move", "1", "1", "--to", "2", "--as", "Eve=Ann", "--data-dir", d)
    assert code == 2 and "--as Eve=Ann: no player 'Eve' in this game" in err and "a player of game 1" in err
    # a game over is the other game's: its undo is named, not this game's
    run(capsys, "record", "draw", "2", "--data-dir", d)
    run(capsys, "record", "end", "2", "--data-dir", d)
    code, _, err = run(capsys, "record", "move", "1", "1", "--to", "2", "--data-dir", d)
    assert code == 2 and "mjtable record undo 2" in err and "record undo 1" not in err, err


def test_a_move_says_who_is_who_there_and_that_a_finished_games_result_changed(capsys, tmp_path):
    # a trial's move gave Bob's win to the player of his seat wind there, unsaid; and a hand moved
    # out of a game already ended changed its final table and the standings without a word
    d = str(tmp_path)
    run(capsys, "record", "new", "--rules", "mcr", "--players", "Ann", "Bob", "Cy", "Di", "--data-dir", d)
    run(capsys, "record", "new", "--rules", "mcr", "--players", "Eve", "Fay", "Gus", "Hal", "--data-dir", d)
    run(capsys, "record", "win", "1", "123456789m123p5z 5z", "--winner", "Bob", "--discarder", "Ann", "--data-dir", d)
    for winner in ("Cy", "Di"):
        run(capsys, "record", "win", "1", "123456789m123p5z 5z", "--winner", winner, "--discarder", "Ann",
            "--data-dir", d)
    run(capsys, "record", "end", "1", "--data-dir", d)
    code, out, _ = run(capsys, "record", "move", "1", "1", "--to", "2", "--data-dir", d)
    assert code == 0 and "who is who there: Ann as Eve, Bob as Fay, Cy as Gus, Di as Hal (--as PLAYER=OTHER to " \
        "choose)" in out, out
    assert ("warning: game 1 (Ann / Bob / Cy / Di) was over: its final table has changed without hand 1; export its "
            "score sheet again") in out, out
    # the same names there: nothing to say of who is who
    run(capsys, "record", "new", "--rules", "mcr", "--players", "Cy", "Ann", "Di", "Bob", "--data-dir", d)
    code, out, _ = run(capsys, "record", "move", "1", "1", "--to", "3", "--data-dir", d)
    assert code == 0 and "who is who" not in out, out


def test_a_substitute_takes_a_seat_from_the_command_line(capsys, tmp_path):
    """``mjtable record substitute GAME PLAYER NAME [--first N]``, as the game page seats one: the
    next hands name the substitute, the earlier ones who played them."""
    d = str(tmp_path)
    run(capsys, "record", "new", "--rules", "mcr", "--players", "Ann", "Bob", "Cy", "Di", "--data-dir", d)
    run(capsys, "record", "win", "1", "123456789m123p5z 5z", "--winner", "Bob", "--discarder", "Ann", "--data-dir", d)
    code, out, _ = run(capsys, "record", "substitute", "1", "bob", "Eve", "--data-dir", d)
    assert code == 0 and out.splitlines()[0] == "Eve takes the seat of Bob from hand 2", out
    # the seat's points are not Eve's yet: she has played no hand ("Eve: 45" said they were)
    assert out.splitlines()[1:3] == ["Ann: -29  Bob / Eve: 45  Cy: -8  Di: -8", "next hand: E2 · E round, Eve deals"], out
    code, out, _ = run(capsys, "record", "win", "1", "123456789m123p5z 5z", "--winner", "Eve", "--self-drawn",
                       "--data-dir", d)
    assert code == 0 and out.splitlines()[0].startswith("hand 2 (E2, Eve deals): Eve 23 by self-draw; Ann -31, Eve +93"), out
    code, out, _ = run(capsys, "games", "1", "--data-dir", d)
    assert code == 0 and "Bob / Eve" in out and "Bob 21 on Ann's discard" in out and "Eve  " in out
    assert "(Bob, hand 1: +45; Eve, hand 2: +93)" in out
    code, out, _ = run(capsys, "games", "--data-dir", d)
    assert code == 0 and out.rstrip().endswith("(Eve in place of Bob)"), out
    run(capsys, "record", "new", "--rules", "mcr", "--players", "Ann", "Bob", "Cy", "Di", "--data-dir", d)
    run(capsys, "record", "draw", "2", "--data-dir", d)
    code, out, _ = run(capsys, "record", "end", "2", "--data-dir", d)
    assert code == 0 and out.splitlines()[0] == "the players ended the game here, after hand 1", out
    code, _, err = run(capsys, "record", "substitute", "1", "Eve", "Ann", "--data-dir", d)
    assert code == 2 and "Ann already plays another seat in this game" in err
    # a player who left is said to have left, not to be no player of the game
    code, _, err = run(capsys, "record", "win", "1", "123456789m123p5z 5z", "--winner", "Bob", "--self-drawn",
                       "--data-dir", d)
    assert code == 2 and "Bob left the table: Eve plays that seat now (name one of Ann, Eve, Cy, Di, or a seat " \
        "1-4)" in err, err
    code, _, err = run(capsys, "record", "substitute", "1", "Cy", "Gus", "--first", "9", "--data-dir", d)
    assert code == 2 and "a hand from 2 to 3" in err


def test_a_name_two_players_begin_with_is_said_to_be_either():
    # "An" of Ann and Anne was said to be no player of the game
    from mjtable.commands.record import Refused, player_seat
    players = ["Ann", "Anne", "Jean-Luc", "Jean"]
    with pytest.raises(Refused, match=r"'An' could be Ann or Anne: name one of them whole"):
        player_seat("An", players)
    assert player_seat("Anne", players) == 1 and player_seat("jean", players) == 3
    with pytest.raises(Refused, match=r"no player 'Zed' in this game"):
        player_seat("Zed", players)
    # a later, narrower way that names one player still does: "An", the given name of "Bob An"
    assert player_seat("An", ["Ann Lee", "Anne Roe", "Bob An", "Di"]) == 2


def test_score_under_the_tables_minimum_says_what_the_hand_counts(capsys):
    code, out, _ = run(capsys, "score", "123m456p789s234s5s 5s", "--rules", "hk", "-o", "min_faan=3")
    assert code == 1 and "below the agreed minimum of 3" in out and "  counted: Common Hand 1 faan" in out


def test_rendering_an_eval_set_without_its_extra_is_one_error_line(capsys, tmp_path, monkeypatch):
    # without the eval extra: a raw traceback (No module named 'cairosvg'), and empty images/ and
    # labels/ left behind
    from vision_lab import datasets

    def missing(path, **kwargs):
        (path / "images").mkdir(parents=True)
        raise ModuleNotFoundError("No module named 'cairosvg'", name="cairosvg")
    monkeypatch.setattr(datasets, "build_rendered_eval_set", missing)
    code, _, err = run(capsys, "eval", "reader", str(tmp_path / "gl"), "--render-style", "gl", "--scenes", "2")
    assert code == 2 and "rendering gl needs the cairosvg package: .venv/bin/pip install -e '.[eval]'" in err
    assert not (tmp_path / "gl").exists()


def test_score_notes_how_a_typed_hand_was_read(capsys):
    # the MCR helper's four concealed kongs, [EEEE][CCCC][FFFF][PPPP]NN, scored 250 as exposed unsaid
    code, out, _ = run(capsys, "score", "[EEEE][CCCC][FFFF][PPPP]N N", "--rules", "mcr")
    assert "note: [EEEE] [CCCC] [FFFF] [PPPP]: read as exposed; a concealed kong is written in parentheses" in out
    code, out, _ = run(capsys, "score", "345678m234p22567s", "--rules", "riichi", "--json")
    assert [n["code"] for n in json.loads(out)["notes"]] == ["winning_last"]
    code, out, _ = run(capsys, "score", "345678m24p22567s 3p", "--rules", "riichi", "--json")
    assert json.loads(out)["notes"] == []
    code, out, _ = run(capsys, "score", "123p345p888s456s7z 7z", "--rules", "mcr", "--lang", "fr")
    assert "remarque : 5z est le dragon blanc et 7z le rouge" in out


def test_the_caret_stands_under_a_full_width_character(capsys):
    # counted in characters, it stood under ４５ instead of Ｐ (two columns each)
    code, _, err = run(capsys, "score", "１２３ｍ４５６Ｐ７８９ｓ１２３ｓＥ　Ｅ")
    line, caret = err.splitlines()[1:3]
    assert code == 2 and caret.index("^") == 2 + 2 * 7


def test_an_mcr_hand_under_the_minimum_is_said_in_french(capsys):
    # « ! 5 points: below the 8-point minimum, this hand cannot be declared Mah Jong » stayed English
    code, out, _ = run(capsys, "score", "123m456p789p123s1z 1z", "--rules", "mcr", "--lang", "fr")
    assert code == 1 and "! 5 points : sous le minimum de 8 points, cette main ne peut pas être déclarée gagnante" \
        in out and "below" not in out


def test_read_in_french_says_a_tiles_line_and_the_times_in_french(capsys):
    # « box [69.3, …]  top3: 1z 0.97 » and « durées (ms) : read 732.8 » stayed English, with points
    from mjtable.commands.read import format_reading
    from mjtable.render import Words
    result = {"tiles": [{"code": "4p", "confidence": 0.69, "box": [140.8, 244.0, 218.4, 343.4],
                         "top3": [{"code": "4p", "p": 0.995}, {"code": "6p", "p": 0.004}], "face_down": False},
                        {"code": None, "confidence": 0.9, "box": [1.0, 2.0, 3.0, 4.0], "face_down": True}],
              "notation": None, "no_hand": None, "hand": None, "score": None,
              "reading": {"warnings": [], "decoding": {}, "confidence": 0.5},
              "timings_ms": {"read": 732.8, "group": 1.4, "total": 736.8}}
    from webui import create_app
    with create_app({"TESTING": True}).test_request_context("/?lang=fr"):
        said = format_reading(result, words=Words(french=True))
    lines = said.splitlines()
    assert lines[1] == "  #0  4p  0,69  boîte [140,8 ; 244,0 ; 218,4 ; 343,4]  3 meilleurs : 4p 0,99 ; 6p 0,00", lines
    assert "[face cachée]" in lines[2]
    assert lines[-1] == "durées (ms) : lecture 732,8 ; regroupement 1,4 ; total 736,8"
    english = format_reading(result).splitlines()
    assert english[1] == "  #0  4p  0.69  box [140.8, 244.0, 218.4, 343.4]  top 3: 4p 0.99, 6p 0.00"
    assert english[-1] == "timings (ms): reading 732.8, grouping 1.4, total 736.8"


def test_a_game_is_recorded_in_french_from_the_command_line(capsys, tmp_path):
    # mjtable record had no --lang: « record win … --lang fr » was refused, and all it said was English
    data = ["--data-dir", str(tmp_path)]
    code, out, _ = run(capsys, "record", "new", "--rules", "riichi", "--players", "Ann", "Bob", "Cy", "Di", *data,
                       "--lang", "fr")
    assert code == 0 and out.startswith("partie 1 commencée : Ann / Bob / Cy / Di (Riichi (EMA 2016))")
    assert "ouvreur : Ann" in out                          # in riichi's own words (002)
    code, out, _ = run(capsys, "record", "win", "1", "123m456p789s234s5z 5z", "--winner", "Cy", "--discarder", "Bob",
                       "--riichi", "Cy", *data, "--lang", "fr")
    assert code == 0 and out.splitlines()[0].startswith("main 1 (E1, Ann est ouvreur) : Cy 1\u202f300 (1 han · 40 minipoints)")
    code, out, _ = run(capsys, "record", "undo", "1", *data, "--lang", "fr")
    assert code == 0 and out.startswith("Annulée : main 1 (E1, Ann est ouvreur)")
    code, _, err = run(capsys, "record", "undo", "1", *data, "--lang", "fr")
    assert code == 2 and err.startswith("erreur : ")
    code, _, err = run(capsys, "record", "undo", "1", *data)
    assert code == 2 and err.startswith("error: this game has no hand to undo")      # English by default


def test_the_french_exclusions_agree_and_name_their_sources_in_french(capsys):
    # « non compté(s) avec », « [the hand: 000 n°49; ...] » and « (ruling MCR-11) » in French output
    code, out, _ = run(capsys, "score", "123456789m234p5s 5s", "--rules", "mcr", "--explain", "--lang", "fr")
    assert "Petite Suite Pure, Deux Chow Terminaux : non comptés avec Suite Pure [la main : 000 n°49 ; 000, " in out
    assert "Pas d'Honneur : non compté avec Tout Chow [000 n°18]" in out and "(s)" not in out
    code, out, _ = run(capsys, "score", "[777z]123m456p789s5s 5s", "--rules", "mcr", "--explain", "--lang", "fr")
    assert "(décision MCR-11)]" in out and "ruling" not in out
    code, out, _ = run(capsys, "score", "123m456p789s123s5z 6z", "--rules", "hk", "--lang", "fr")
    assert ("ces tuiles ne forment ni quatre combinaisons et une paire, ni les 13 tuiles terminales ; sans sa tuile "
            "gagnante 6z, la main attend 5z") in out
    code, _, err = run(capsys, "score", "123m456p789s12s55z", "--rules", "mcr", "--lang", "fr")
    assert err.rstrip().endswith("; ajoutez la tuile sur laquelle elle a gagné, après une espace : elle attend 3s")


def test_a_hong_kong_win_of_no_faan_says_what_it_is_paid(capsys):
    # "faan: 0" alone on the terminal, where the web page says why and what the table agreed
    code, out, _ = run(capsys, "score", "234m555p345s678s9p 9p", "--rules", "hk")
    assert "no faan pattern in this hand: a win of 0 faan is paid the base the table agreed (option base_points)" in out
    code, out, _ = run(capsys, "score", "234m555p345s678s9p 9p", "--rules", "hk", "--lang", "fr")
    assert "aucune combinaison à fan dans cette main" in out
    code, out, _ = run(capsys, "score", "234m234p345s678s9p 9p", "--rules", "hk")
    assert "no faan pattern" not in out


def test_a_game_ended_from_the_command_line_in_french_prints_its_final_table(capsys, tmp_path):
    # "ValueError: 'final:' is not in list": the French sheet's heading looked for in English, a
    # traceback and exit 1 at the end of every French game (the end itself saved)
    data = str(tmp_path / "data")
    assert run(capsys, "record", "new", "--rules", "hk", "--players", "A", "B", "C", "D", "--data-dir", data)[0] == 0
    assert run(capsys, "record", "win", "1", "123m456m789p234s5p 5p", "--winner", "A", "--self-drawn",
               "--data-dir", data)[0] == 0
    code, out, err = run(capsys, "record", "end", "1", "--lang", "fr", "--data-dir", data)
    assert code == 0 and not err, err
    assert out.splitlines()[-5:] == ["Résultat final :", "  1. A  12", "  2. B  -4", "  2. C  -4", "  2. D  -4"], out


def test_a_win_recorded_that_is_no_win_exits_1_as_score_does(capsys, tmp_path):
    # `mjtable --help`: 1 "done, and the answer is no (a hand that is not a winning hand, ...)";
    # `record win` said 2, a script could not tell a refused hand from a typo
    data = str(tmp_path / "data")
    run(capsys, "record", "new", "--rules", "riichi", "--players", "A", "B", "C", "D", "--data-dir", data)
    code, _, err = run(capsys, "record", "win", "1", "123m456m789m234p1p 2p", "--winner", "B", "--self-drawn",
                       "--data-dir", data)
    assert code == 1 and "not a winning hand" in err, err
    run(capsys, "record", "new", "--rules", "hk", "--players", "A", "B", "C", "D", "-o", "min_faan=3",
        "--data-dir", data)
    code, _, err = run(capsys, "record", "win", "2", "123m456m789p234s5p 5p", "--winner", "B", "--discarder", "C",
                       "--data-dir", data)
    assert code == 1 and "minimum" in err, err
    code, _, err = run(capsys, "record", "win", "2", "123m456m789p234s5p 5p", "--winner", "Zed", "--discarder", "C",
                       "--data-dir", data)
    assert code == 2                                                  # a name mistyped: bad input


def test_a_refused_record_is_said_in_french_whole(capsys, tmp_path):
    # "(record it as a false win)", "no player 'Zed' in this game" and the command line's undo
    # advice stayed English in French sentences
    data = str(tmp_path / "data")
    run(capsys, "record", "new", "--rules", "hk", "--players", "A", "B", "C", "D", "-o", "min_faan=3", "--data-dir", data)
    _, _, err = run(capsys, "record", "win", "1", "123m456m789p234s5p 5p", "--winner", "Zed", "--self-drawn",
                    "--lang", "fr", "--data-dir", data)
    assert err.strip() == "erreur : aucun joueur « Zed » dans cette partie : nommez l'un de ces joueurs : A, B, C, D (ou un siège de 1 à 4)"
    _, _, err = run(capsys, "record", "win", "1", "123m456m789p234s5p 5p", "--winner", "B", "--discarder", "C",
                    "--lang", "fr", "--data-dir", data)
    assert err.strip().endswith("sous le minimum convenu de 3 (enregistrez-la comme faux Mah-jong)"), err
    assert run(capsys, "record", "draw", "1", "--data-dir", data)[0] == 0
    assert run(capsys, "record", "end", "1", "--data-dir", data)[0] == 0
    _, _, err = run(capsys, "record", "draw", "1", "--lang", "fr", "--data-dir", data)
    assert "cette partie est finie" in err and "(ici : mjtable record undo 1 reprend la dernière main" in err, err


def test_a_game_started_by_mistake_is_deleted_from_the_command_line(capsys, tmp_path):
    # its end was refused "(delete the game instead)", and the command line had no delete
    data = str(tmp_path / "data")
    run(capsys, "record", "new", "--rules", "hk", "--players", "A", "B", "C", "D", "--name", "Oops", "--data-dir", data)
    code, _, err = run(capsys, "record", "end", "1", "--data-dir", data)
    assert code == 2 and err.strip().endswith("(delete the game instead: mjtable record delete 1 --yes)"), err
    code, out, _ = run(capsys, "record", "delete", "1", "--data-dir", data)
    # asked first, nothing deleted: status 1, the answer is no, as games --restore without --yes
    assert code == 1 and "removes its 0 hands for good: add --yes" in out
    assert "Oops" in run(capsys, "games", "--data-dir", data)[1]
    code, out, _ = run(capsys, "record", "delete", "1", "--yes", "--data-dir", data)
    assert code == 0 and out.strip() == "game 1 (Oops) deleted, with its 0 hands"
    assert "Oops" not in run(capsys, "games", "--data-dir", data)[1]
    # counted as the listing counts them: "its 2 hands" of a draw and a chombo read as a hand more
    run(capsys, "record", "new", "--rules", "riichi", "--players", "A", "B", "C", "D", "--name", "Two", "--data-dir", data)
    run(capsys, "record", "draw", "2", "--data-dir", data)
    run(capsys, "record", "false-win", "2", "B", "--data-dir", data)
    assert "1 hand and 1 chombo, numbered among them below" in run(capsys, "games", "2", "--data-dir", data)[1]
    code, out, _ = run(capsys, "record", "delete", "2", "--data-dir", data)
    assert code == 1 and "removes its 1 hand and 1 chombo for good: add --yes" in out, out
    code, out, _ = run(capsys, "record", "delete", "2", "--lang", "fr", "--data-dir", data)
    assert code == 1 and "efface ses 1 main et 1 chombo pour de bon" in out, out


def test_a_win_is_recorded_from_a_photo(capsys, tmp_path):
    # a secretary recorded a photo's hand by copying `mjtable read --json`'s hand into the notation
    from tests.webui.test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    data = str(tmp_path / "data")
    photo = str(Path(__file__).parent / "fixtures" / "vision" / "hands" / "hand_riichi_chow_and_pung.jpg")
    run(capsys, "record", "new", "--rules", "hk", "--players", "A", "B", "C", "D", "--data-dir", data)
    code, out, err = run(capsys, "record", "win", "1", "--photo", photo, "--winner", "B", "--discarder", "A",
                         "--data-dir", data)
    assert code == 0, err
    assert out.splitlines()[0] == f"{photo}: [234s,1][666m,3]123m789p1z 1z"     # said as read, to check
    assert out.splitlines()[1].startswith("hand 1 (E1, A deals): B 0 faan")
    code, _, err = run(capsys, "record", "win", "1", "123m", "--photo", photo, "--winner", "B", "--discarder", "A",
                       "--data-dir", data)
    assert code == 2 and "give the hand in notation or --photo FILE, one of the two" in err
    code, _, err = run(capsys, "record", "win", "1", "--photo", str(tmp_path / "none.jpg"), "--winner", "B",
                       "--discarder", "A", "--data-dir", data)
    assert code == 2 and "none.jpg" in err
    # the dora indicator read beside a riichi hand counts in its score: said with the hand
    dora = str(Path(__file__).parent / "fixtures" / "vision" / "hands" / "hand_riichi_dora.jpg")
    run(capsys, "record", "new", "--rules", "riichi", "--players", "A", "B", "C", "D", "--data-dir", data)
    code, out, err = run(capsys, "record", "win", "2", "--photo", dora, "--winner", "B", "--discarder", "A",
                         "--riichi", "B", "--data-dir", data)
    assert code == 0 and out.splitlines()[0] == f"{dora}: 234m3455p566778s 5p (dora indicators read: 4p)", out + err
    code, out, err = run(capsys, "record", "undo", "2", "--data-dir", data)
    code, out, err = run(capsys, "record", "win", "2", "--photo", dora, "--winner", "B", "--discarder", "A",
                         "--riichi", "B", "--lang", "fr", "--data-dir", data)
    assert code == 0 and out.splitlines()[0] == f"{dora}: 234m3455p566778s 5p (indicateurs de dora lus : 4p)", out + err


def test_a_win_from_a_photo_is_read_by_the_base_model_beside_a_profile_of_other_weights(capsys, tmp_path, monkeypatch):
    # `record win --photo` ended in a ProfileError traceback where the web app reads on
    from tests.calibration.helpers import code_crop, quick_finetune
    from tests.webui.test_photo import reader_ready
    from vision.profile import ProfileStore, TileSetProfile
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    quick_finetune(monkeypatch)
    data = str(tmp_path / "data")
    other = TileSetProfile.from_examples([(code_crop(c, seed=i), c) for i, c in enumerate(("1m", "2m", "3m"))],
                                         name="old set", absent_codes=[f"{i}f" for i in range(1, 9)])
    other.model_id = "0123456789abcdef"
    store = ProfileStore(data)
    store.save(other)
    store.activate("old set")
    photo = str(Path(__file__).parent / "fixtures" / "vision" / "hands" / "hand_riichi_chow_and_pung.jpg")
    run(capsys, "record", "new", "--rules", "hk", "--players", "A", "B", "C", "D", "--data-dir", data)
    code, out, err = run(capsys, "record", "win", "1", "--photo", photo, "--winner", "B", "--discarder", "A",
                         "--data-dir", data)
    assert code == 0, err
    assert out.splitlines()[0] == f"{photo}: [234s,1][666m,3]123m789p1z 1z"
    assert "warning: the profile 'old set' was made for other classifier weights" in err or \
        "was made for other classifier weights (0123456789abcdef" in err, err
    assert "; read with the base model" in err


def test_a_player_named_with_a_digit_is_that_player_not_a_seat():
    # players "2 1 B C": --winner 1 took seat 1, the player named "2", without a word
    from mjtable.commands.record import player_seat
    players = ["2", "1", "B", "C"]
    assert player_seat("1", players) == 1 and player_seat("2", players) == 0
    assert player_seat("3", players) == 2 and player_seat("B", players) == 2     # seats named by no player


def test_a_hong_kong_score_in_french_names_its_unit_once(capsys):
    # « faan : 1 » above « 1 fan »: the unit's line in English in a French score
    code, out, _ = run(capsys, "score", "123m456m789p234s5p 5p", "--rules", "hk", "--lang", "fr")
    assert code == 0 and "  fan : 1" in out.splitlines() and "faan" not in out, out


def test_an_argument_no_command_takes_points_at_the_commands_own_help(capsys, tmp_path):
    # `record win ... --seat-wind S` was told "(mjtable --help lists the arguments)", which lists
    # the commands, not what `record win` takes
    with pytest.raises(SystemExit) as done:
        main(["record", "win", "1", "123456789m123p5z 5z", "--winner", "Bob", "--discarder", "Ann",
              "--seat-wind", "S", "--data-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert done.value.code == 2 and err == ("mjtable record win: error: unrecognized arguments: --seat-wind S\n"
                                            "(mjtable record win --help lists the arguments)\n"), err
    with pytest.raises(SystemExit):
        main(["score", "123m", "--bogus"])
    assert capsys.readouterr().err.startswith("mjtable score: error: unrecognized arguments: --bogus\n")


def test_a_refused_win_points_at_the_character_and_the_winner_at_fault(capsys, tmp_path):
    # `record win` said "unexpected character 'q'" with no place, and "too many tiles" of one of two
    # winners' hands without saying whose
    d = str(tmp_path)
    run(capsys, "record", "new", "--rules", "riichi", "--players", "Ann", "Bob", "Cy", "Di", "--data-dir", d)
    code, _, err = run(capsys, "record", "win", "1", "123m456p789qs11z 1z", "--winner", "Bob", "--discarder", "Ann",
                       "--data-dir", d)
    assert code == 2 and err.splitlines()[0].endswith("(character 12)") and err.splitlines()[1:] == [
        "  123m456p789qs11z 1z", "             ^"], err
    code, _, err = run(capsys, "record", "win", "1", "22m55m33p99p11s77z9s 9s", "123m456p789s234m555p 9s",
                       "--winner", "Bob", "--winner", "Cy", "--discarder", "Ann", "--data-dir", d)
    assert code == 2 and err.startswith("error: Cy's hand: too many tiles: 16 standing"), err
    code, _, err = run(capsys, "record", "win", "1", "22m55m33p99p11s77z9s 9s", "123m456p78q9s234m55p 9s",
                       "--winner", "Bob", "--winner", "Cy", "--discarder", "Ann", "--lang", "fr", "--data-dir", d)
    assert code == 2 and err.startswith("erreur : main de Cy : caractère inattendu « q »") and \
        err.splitlines()[0].endswith("(caractère 11)") and err.splitlines()[2] == "  " + " " * 10 + "^", err


def test_a_riichi_games_listing_says_who_declared_riichi(capsys, tmp_path):
    # a draw's "+2,000" stood unexplained: the CSV and the PDF say who declared riichi, the listing did not
    d = str(tmp_path)
    run(capsys, "record", "new", "--rules", "riichi", "--players", "Ann", "Bob", "Cy", "Di", "--data-dir", d)
    run(capsys, "record", "draw", "1", "--riichi", "Bob", "--tenpai", "Bob", "--data-dir", d)
    code, out, _ = run(capsys, "games", "1", "--data-dir", d)
    assert code == 0 and "draw (tenpai: Bob) · riichi: Bob" in out, out
    code, out, _ = run(capsys, "games", "1", "--lang", "fr", "--data-dir", d)
    assert code == 0 and "donne nulle (tenpai : Bob) · riichi : Bob" in out, out


def test_a_former_players_name_keeps_the_could_be_refusal_and_winners_are_named_as_the_game_names_them(capsys, tmp_path):
    # review findings: "An" of Ann and Anne, with Andy replaced, was said to have left the table;
    # "--winner 3" named the hand at fault "3's hand"; a notation typed with a leading space put
    # the caret a column off
    from mjtable.commands.record import Refused, seat_at_table
    view = {"game": {"players": ["Ann", "Anne", "Andy", "Di"]}, "seated": ["Ann", "Anne", "Zed", "Di"],
            "hands": [{"played_by": ["Ann", "Anne", "Andy", "Di"]}]}
    with pytest.raises(Refused, match="'An' could be Ann or Anne"):
        seat_at_table("An", view)
    with pytest.raises(Refused, match="Andy left the table: Zed plays that seat now"):
        seat_at_table("andy", view)
    d = str(tmp_path)
    run(capsys, "record", "new", "--rules", "riichi", "--players", "Ann", "Bob", "Cy", "Di", "--data-dir", d)
    code, _, err = run(capsys, "record", "win", "1", "22m55m33p99p11s77z9s 9s", "123m456p789s234m555p 9s",
                       "--winner", "2", "--winner", "cy", "--discarder", "Ann", "--data-dir", d)
    assert code == 2 and err.startswith("error: Cy's hand: too many tiles"), err
    code, _, err = run(capsys, "record", "win", "1", " 123m456p789qs11z 1z", "--winner", "Bob", "--discarder", "Ann",
                       "--data-dir", d)
    assert code == 2 and err.splitlines()[1:] == ["  123m456p789qs11z 1z", "             ^"], err


def test_the_dora_named_itself_is_refused_with_its_indicator(capsys):
    # a beginner's --dora 2p was taken as an abbreviation of --dora-indicators: the 3p was scored
    # dora, and 002's examples name the dora itself (« La dora est le 7 bambou »)
    code, _, err = run(capsys, "score", "23m567m345p678s22p 4m", "--rules", "riichi", "--seat-wind", "S",
                       "--riichi", "--dora", "2p")
    assert code == 2 and "--dora is not taken" in err and "for the dora 2p, give --dora-indicators 1p" in err
    code, _, err = run(capsys, "score", "23m567m345p678s22p 4m", "--rules", "riichi", "--riichi",
                       "--ura-dora", "1z5z")
    assert code == 2 and "give --ura-dora-indicators 4z7z" in err
    code, out, _ = run(capsys, "score", "23m567m345p678s22p 4m", "--rules", "riichi", "--seat-wind", "S",
                       "--riichi", "--dora-ind", "1p")       # the indicator's own flag, shortened, still reads
    assert code == 0 and "dora: 2p (after the indicator 1p): 2 in the hand" in out


def test_riichi_flags_without_rules_ask_for_rules_riichi(capsys):
    # MCR is the default: a riichi hand was scored under it, the flags said unused at the bottom
    code, out, err = run(capsys, "score", "23m567m345p678s22p 4m", "--riichi", "--seat-wind", "S",
                         "--dora-indicators", "1p")
    assert code == 2 and not out
    assert "--riichi, --dora-indicators: only the Japanese rules (riichi) score them" in err and "add --rules riichi" in err
    code, _, err = run(capsys, "score", "23m567m345p678s22p 4m", "--riichi", "--lang", "fr")
    assert code == 2 and "ajoutez --rules riichi" in err
    # named, the rules are the player's: MCR says the flags are not its own, as before
    code, out, _ = run(capsys, "score", "123m456p789s123p5z 5z", "--rules", "mcr", "--riichi")
    assert "riichi" in out and "not used" in out
    # a flag Hong Kong scores too (its heavenly hand), and a hand JSON's own context, are no riichi flags typed
    code, out, err = run(capsys, "score", "123m456p789s123p5z 5z", "--tenhou")
    assert code in (0, 1) and "add --rules riichi" not in err
    code, out, _ = run(capsys, "score", "23m567m345p678s22p 4m", "--rules", "riichi", "--riichi", "--json")
    import sys as sys_module
    from io import StringIO
    monkey_stdin, sys_module.stdin = sys_module.stdin, StringIO(out)
    try:
        code, _, err = run(capsys, "score", "-")
    finally:
        sys_module.stdin = monkey_stdin
    assert "add --rules riichi" not in err


def test_fifteen_tiles_blame_the_winning_tile_only_where_it_is_written_twice(capsys):
    code, _, err = run(capsys, "score", "EEE123m456p789s23s 4s")
    assert code == 2 and "one tile too many" in err and "written after the space" not in err
    code, _, err = run(capsys, "score", "123m456p789s12355z 5z")
    assert code == 2 and "written after the space, it is not written before it too" in err


def test_players_words_for_a_wins_context_name_the_flag(capsys):
    # --tsumo, --rinshan were refused with a bare pointer at --help
    with pytest.raises(SystemExit) as stop:
        main(["score", "123m456p789s23s11z 4s", "--rules", "riichi", "--tsumo", "--chankan"])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert "(--tsumo: --self-drawn)" in err and "(--chankan: --robbing-kong)" in err
    # said only where the command has the flag: a draw has no --self-drawn
    with pytest.raises(SystemExit):
        main(["record", "draw", "1", "--tsumo"])
    assert "--self-drawn" not in capsys.readouterr().err
    # and where argparse refuses the line first for the flag the word stood for
    with pytest.raises(SystemExit):
        main(["record", "win", "1", "123m456p789s23s11z 4s", "--winner", "Ann", "--tsumo"])
    err = capsys.readouterr().err
    assert "one of the arguments --discarder --self-drawn is required\n(--tsumo: --self-drawn)\n" in err


def test_a_hand_typed_without_its_quotes_is_answered_with_them(capsys):
    # the space before the winning tile ended the hand: "unrecognized arguments: 4s" alone
    with pytest.raises(SystemExit):
        main(["score", "123m456p789s23s55p", "4s"])
    assert '(a hand with spaces goes in quotes: mjtable score "123m456p789s23s55p 4s")' in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["score", "123m456p789s23s55p", "4s", "12f", "--lang", "fr"])
    assert ('(une main avec des espaces s\'écrit entre guillemets : mjtable score "123m456p789s23s55p 4s 12f")'
            in capsys.readouterr().err)
    with pytest.raises(SystemExit):                 # a word that is no tile: no such hint
        main(["score", "123m456p789s23s55p", "hello"])
    assert "quotes" not in capsys.readouterr().err


def test_argparse_refusals_are_french_with_lang_fr(capsys):
    # `record win --lang fr` without its game was refused in English, `score --lang fr` with a
    # wind of no such letter too
    for argv, says in ((["record", "win", "--lang", "fr"],
                        "mjtable record win : erreur : il manque ces arguments : game, hand, --winner\n"
                        "(mjtable record win --help liste les arguments)\n"),
                       (["score", "123m", "--round-wind", "Q", "--lang=fr"],
                        "erreur : argument --round-wind : choix invalide : « Q » (choisissez parmi 'E', 'S', 'W', 'N')"),
                       (["read", "x.jpg", "--max-side", "abc", "--lang", "fr"], "erreur : arguments inconnus : --max-side abc"),
                       (["record", "win", "1", "123m", "--winner", "A", "--tsumo", "--lang", "fr"],
                        "erreur : l'un des arguments --discarder --self-drawn est requis\n(--tsumo: --self-drawn)")):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2 and says in capsys.readouterr().err, argv
    # English still, without it, and the next command line in English after a French one
    with pytest.raises(SystemExit):
        main(["record", "win"])
    assert "mjtable record win: error: the following arguments are required: game" in capsys.readouterr().err


def test_a_double_riichi_is_no_riichi_assumed_and_kokushi_robs_a_declared_kong(capsys):
    code, out, _ = run(capsys, "score", "777z234m5678999s 7s", "--rules", "riichi", "--seat-wind", "S",
                       "--double-riichi", "--self-drawn")
    assumed = next(line for line in out.splitlines() if "assumed (not given)" in line)
    assert code == 0 and "riichi=" not in assumed.replace("double_riichi", "")
    # 002 §4.2.1: thirteen orphans may rob a concealed kong, which nobody added a tile to
    code, out, _ = run(capsys, "score", "11m19p19s1234567z 9m", "--rules", "riichi", "--seat-wind", "S",
                       "--robbing-kong")
    assert "paid by the player who declared the kong" in out and "who added" not in out


def _damage_hands_index(log, game_id):
    """An index of the hands that lists no row of game ``game_id`` while its schema says it lists
    them all (a trial's damage: SQLite's quick_check passes it)."""
    import sqlite3
    c = sqlite3.connect(log, isolation_level=None)
    c.execute("DROP INDEX hands_game")
    c.execute(f"CREATE INDEX hands_game ON hands(game_id, seq) WHERE game_id <> {game_id}")
    c.execute("PRAGMA writable_schema = ON")
    c.execute("UPDATE sqlite_master SET sql = 'CREATE INDEX hands_game ON hands(game_id, seq)' "
              "WHERE name = 'hands_game'")
    c.close()


def test_a_damaged_index_is_found_and_its_backup_is_whole(capsys, tmp_path):
    # a game read through the index showed no hands and refused every new one, with no banner, and
    # its backup was refused by --restore as damaged
    club, bad = tmp_path / "club", tmp_path / "bad"
    assert run(capsys, "record", "new", "--rules", "mcr", "--players", "A", "B", "C", "D",
               "--data-dir", str(club))[0] == 0
    for _ in range(3):
        assert run(capsys, "record", "draw", "1", "--data-dir", str(club))[0] == 0
    bad.mkdir()
    assert run(capsys, "games", "--backup", str(bad / "mjtable.sqlite3"), "--data-dir", str(club))[0] == 0
    _damage_hands_index(str(bad / "mjtable.sqlite3"), 1)
    code, out, _ = run(capsys, "games", "--data-dir", str(bad))
    assert code == 0 and "3 hands" in out                 # read from its rows
    code, _, err = run(capsys, "record", "draw", "1", "--data-dir", str(bad))
    assert code == 2 and "damaged" in err
    backup = tmp_path / "rows.sqlite3"
    code, out, err = run(capsys, "games", "--backup", str(backup), "--data-dir", str(bad))
    assert code == 0 and "holds its rows" in err
    code, out, _ = run(capsys, "games", "--restore", str(backup), "--yes", "--data-dir", str(club))
    assert code == 0 and "restored 1 game(s)" in out
    # restored over the damaged log, the log is whole again and records
    code, out, _ = run(capsys, "games", "--restore", str(backup), "--yes", "--data-dir", str(bad))
    assert code == 0
    assert run(capsys, "record", "draw", "1", "--data-dir", str(bad))[0] == 0
    assert "4 hands" in run(capsys, "games", "--data-dir", str(bad))[1]


def _break_index_page(log, name="hands_game"):
    """The b-tree page of index ``name`` given a page type SQLite has not (a page damaged on
    disk): a row deleted through it is refused as "database disk image is malformed"."""
    import sqlite3
    c = sqlite3.connect(log)
    c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    root = c.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (name,)).fetchone()[0]
    size = c.execute("PRAGMA page_size").fetchone()[0]
    c.close()
    with open(log, "r+b") as f:
        f.seek(size * (root - 1))
        f.write(b"\x0d")


def test_a_log_with_a_damaged_page_is_mended_by_a_restore_and_said_in_one_voice(capsys, tmp_path):
    # the restore a damaged log's message advised was refused ("cannot restore ...: database disk
    # image is malformed"), and the web app's dated warnings stood above the command's own error
    club = tmp_path / "club"
    new = ("record", "new", "--rules", "mcr", "--players", "A", "B", "C", "D", "--data-dir", str(club))
    assert run(capsys, *new)[0] == 0 and run(capsys, *new)[0] == 0
    assert run(capsys, "record", "draw", "1", "--data-dir", str(club))[0] == 0
    backup = tmp_path / "b.sqlite3"
    assert run(capsys, "games", "--backup", str(backup), "--data-dir", str(club))[0] == 0
    assert "game 3 started" in run(capsys, *new)[1]
    import sqlite3
    with sqlite3.connect(str(club / "mjtable.sqlite3")) as c:     # a log made before retired_ids
        c.execute("DROP TABLE retired_ids")
    _break_index_page(str(club / "mjtable.sqlite3"))
    code, _, err = run(capsys, "record", "draw", "1", "--data-dir", str(club))
    assert code == 2 and err.startswith("error: nothing can be recorded: the game log is damaged (On tree page"), err
    assert len(err.splitlines()) == 1 and "mjtable games --restore FILE" in err     # one line, the way to mend it
    code, out, err = run(capsys, "games", "--data-dir", str(club), "--lang", "fr")
    assert code == 0 and err.startswith("avertissement : le journal des parties est abîmé"), err
    assert "WARNING" not in err and len(err.splitlines()) == 1
    code, out, err = run(capsys, "games", "--restore", str(backup), "--yes", "--data-dir", str(club))
    assert code == 0 and "restored 2 game(s)" in out, err
    assert run(capsys, "record", "draw", "1", "--data-dir", str(club))[0] == 0
    code, out, err = run(capsys, "games", "--data-dir", str(club))
    assert err == "" and "2 hands" in out
    assert "game 4 started" in run(capsys, *new)[1]      # the ids the damaged log gave stay given


def test_a_restore_gives_no_game_id_again_and_keeps_each_replaced_log(capsys, tmp_path, monkeypatch):
    club = tmp_path / "club"
    new = ("record", "new", "--rules", "mcr", "--players", "A", "B", "C", "D", "--data-dir", str(club))
    assert run(capsys, *new)[0] == 0
    backup = tmp_path / "b.sqlite3"
    assert run(capsys, "games", "--backup", str(backup), "--data-dir", str(club))[0] == 0
    assert "game 2 started" in run(capsys, *new)[1]
    # two restores in one second: the second keeps its copy under a numbered name (it was refused
    # with "choose a new file", which --restore lets nobody choose)
    kept = club / "mjtable-before-restore-20261206-230000.sqlite3"
    import datetime as dt

    class Fixed(dt.datetime):
        @classmethod
        def now(cls, tz=None):
            return cls(2026, 12, 6, 23, 0, 0)
    monkeypatch.setattr(dt, "datetime", Fixed)
    for _ in range(2):
        code, out, err = run(capsys, "games", "--restore", str(backup), "--yes", "--data-dir", str(club))
        assert code == 0, err
    assert kept.is_file() and (club / "mjtable-before-restore-20261206-230000-2.sqlite3").is_file()
    # game 2 was given before the restore: the next game is 3, not 2 again
    assert "game 3 started" in run(capsys, *new)[1]
    code, _, err = run(capsys, "games", "--restore", str(tmp_path), "--data-dir", str(club))
    assert code == 2 and "is a folder: name the backup file in it" in err


def test_a_game_started_in_a_new_game_log_says_where_it_was_made(capsys, tmp_path):
    # a mistyped --data-dir made a fresh log and said only "game 1 started"
    code, out, _ = run(capsys, "record", "new", "--rules", "mcr", "--players", "A", "B", "C", "D", "--data-dir",
                       str(tmp_path / "typo"))
    assert code == 0 and out.splitlines()[-1] == f"a new game log was made at {tmp_path / 'typo' / 'mjtable.sqlite3'}"
    code, out, _ = run(capsys, "record", "new", "--rules", "mcr", "--players", "A", "B", "C", "D", "--data-dir",
                       str(tmp_path / "typo"))
    assert code == 0 and "a new game log" not in out
    code, out, _ = run(capsys, "record", "new", "--rules", "mcr", "--players", "A", "B", "C", "D", "--lang", "fr",
                       "--data-dir", str(tmp_path / "autre"))
    assert code == 0 and out.splitlines()[-1] == f"un nouveau journal des parties a été créé : {tmp_path / 'autre' / 'mjtable.sqlite3'}"


def test_a_hand_written_after_riichi_is_the_hand_not_a_player(capsys, tmp_path):
    # the usage's order, --riichi then the hand: --riichi's names took the hand, and the command
    # said to give the hand
    club = str(tmp_path / "club")
    run(capsys, "record", "new", "--rules", "riichi", "--players", "Ann", "Bob", "Cy", "Di", "--data-dir", club)
    code, out, err = run(capsys, "record", "win", "1", "--winner", "Bob", "--discarder", "Ann", "--riichi", "Bob",
                         "123m456p789s1122z 2z", "--data-dir", club)
    assert code == 0 and "Bob 2,600 (2 han · 40 fu) + own riichi stick back" in out, err


def test_undo_and_move_name_the_hand_they_read(capsys, tmp_path, monkeypatch):
    # a hand recorded from a phone between the command's reading of the game and its undo (or
    # move) was undone in its place: the hand read is sent (``hand_id``), as the game page does
    from webui import gamelog
    club = str(tmp_path / "club")
    run(capsys, "record", "new", "--rules", "mcr", "--players", "A", "B", "C", "D", "--data-dir", club)
    run(capsys, "record", "new", "--rules", "mcr", "--players", "A", "B", "C", "D", "--data-dir", club)
    run(capsys, "record", "draw", "1", "--data-dir", club)
    run(capsys, "record", "draw", "1", "--data-dir", club)
    seen = []
    for name in ("undo", "move_hand"):
        real = getattr(gamelog, name)
        monkeypatch.setattr(gamelog, name, lambda *a, _real=real, _name=name, **k: (seen.append((_name, k.get("hand_id"))),
                                                                                 _real(*a, **k))[1])
    code, _, err = run(capsys, "record", "undo", "1", "--data-dir", club)
    assert code == 0 and seen[-1] == ("undo", "2"), (seen, err)
    code, _, err = run(capsys, "record", "move", "1", "1", "--to", "2", "--data-dir", club)
    assert code == 0 and seen[-1] == ("move_hand", "1"), (seen, err)


def test_undo_says_how_the_hand_comes_back_and_a_long_id_is_said_whole(capsys, tmp_path):
    club = str(tmp_path / "club")
    run(capsys, "record", "new", "--rules", "mcr", "--players", "A", "B", "C", "D", "--data-dir", club)
    run(capsys, "record", "draw", "1", "--data-dir", club)
    code, out, _ = run(capsys, "record", "undo", "1", "--data-dir", club)
    assert code == 0 and "“Restore this hand” under “History of changes”" in out
    code, _, err = run(capsys, "record", "draw", "99999999999999999999999", "--data-dir", club, "--lang", "fr")
    assert code == 2 and "aucune partie n° 99 999 999 999 999 999 999 999" in err.replace("\u202f", " ")
    code, _, err = run(capsys, "record", "draw", "9" * 400, "--data-dir", club, "--lang", "fr")
    assert code == 2 and "aucune partie" in err          # float() of it overflowed
    # a context flag refused by a game's win is one line, not a traceback
    run(capsys, "record", "new", "--rules", "riichi", "--players", "A", "B", "C", "D", "--data-dir", club)
    code, _, err = run(capsys, "record", "win", "2", "23m567m345p678s22p 4m", "--winner", "B", "--discarder", "A",
                       "--dora", "2p", "--data-dir", club)
    assert code == 2 and "give --dora-indicators 1p" in err and "Traceback" not in err
    # a typo in an indicator: with its caret as mjtable score shows it, and in French the message's French
    code, _, err = run(capsys, "record", "win", "2", "23m567m345p678s22p 4m", "--winner", "B", "--discarder", "A",
                       "--dora-indicators", "2x", "--data-dir", club, "--lang", "fr")
    lines = err.splitlines()
    assert code == 2 and lines[0].startswith("erreur : --dora-indicators 2x : caractère inattendu « x »"), err
    assert lines[0].endswith("(caractère 2)") and lines[1:3] == ["  2x", "   ^"], err
    code, _, err = run(capsys, "score", "23m567m345p678s22p 4m", "--rules", "riichi", "--dora-indicators", "2x",
                       "--lang", "fr")
    assert code == 2 and err.startswith("erreur : --dora-indicators 2x : caractère inattendu"), err


def test_a_classical_family_in_french_reads_its_own_words(capsys, tmp_path):
    club = str(tmp_path / "family")
    # the rule set typed by its French name says the dealer as 003 does (« croupier » was said)
    code, out, _ = run(capsys, "record", "new", "--rules", "classique", "--players", "Papa", "Maman", "Léa", "Hugo",
                       "--data-dir", club, "--lang", "fr")
    assert code == 0 and "banquier : Papa" in out and "croupier" not in out
    hand = ("record", "win", "1", "123m456m789m123p5s 5s", "--winner", "Léa", "--self-drawn", "--data-dir", club,
            "--lang", "fr", "--losers")
    code, _, err = run(capsys, *hand, "Hugo=4", "Papa=8")
    assert code == 2 and "il manque Maman" in err          # the loser whose points are missing, named
    # by who plays the seat now: Maman left, Mamie plays it
    assert run(capsys, "record", "draw", "1", "--data-dir", club)[0] == 0
    assert run(capsys, "record", "substitute", "1", "Maman", "Mamie", "--data-dir", club)[0] == 0
    code, _, err = run(capsys, *hand, "Hugo=4", "Papa=8")
    assert code == 2 and "il manque Mamie" in err
    code, _, err = run(capsys, *hand, "Hugo=4", "Papa=8", "Hugo=3")
    assert code == 2 and "--losers nomme Hugo deux fois" in err
    code, _, err = run(capsys, *hand, "Hugo=4", "Papa=8", "Maman=-2")
    assert code == 2 and "--losers prend JOUEUR=POINTS" in err
    # the keys given but not used, by their French names, as the assumed ones
    code, out, _ = run(capsys, "score", "123m456m789m123p5s 5s", "--rules", "classique", "--robbing-kong",
                       "--lang", "fr")
    assert "donné mais sans effet dans ces règles : voler un kong" in out and "robbing_kong" not in out
    with pytest.raises(SystemExit):
        main(["record", "false-win", "1", "Papa", "--amount", "0", "--data-dir", club])
    assert "an amount is 1 or more, not 0" in capsys.readouterr().err


def test_riichi_side_by_side_counts_the_winners_own_stick(capsys):
    code, out, _ = run(capsys, "score", "777z234m5678999s 7s", "--rules", "all", "--riichi", "--self-drawn",
                       "--seat-wind", "S", "--json")
    assert json.loads(out)["scores"]["riichi"]["total"] == 6200


def test_a_losers_hand_over_the_limit_is_said_with_the_points_it_was_settled_at(capsys, tmp_path):
    # the sheet said "Maman 600" where the losers paid on 500, the limit ([W], docs/rulings.md)
    club = str(tmp_path / "family")
    run(capsys, "record", "new", "--rules", "classical", "--players", "Papa", "Maman", "Lea", "Hugo",
        "--data-dir", club)
    code, out, _ = run(capsys, "record", "win", "1", "123m456m789m123p5s 5s", "--winner", "Lea", "--self-drawn",
                       "--losers", "Hugo=4", "Papa=8", "Maman=600", "--data-dir", club)
    assert code == 0 and "the others' hands: Papa 8, Maman 600 (500), Hugo 4" in out
    code, out, _ = run(capsys, "games", "1", "--csv", "--data-dir", club)
    assert "Papa 8 & Maman 600 (500) & Hugo 4" in out


def test_a_hand_after_the_flags_of_record_win_is_taken(capsys, tmp_path):
    # argparse closed the hands after the game id: a French player's hand typed after the flags was
    # refused as an unrecognized argument, in English
    club = str(tmp_path / "club")
    assert run(capsys, "record", "new", "--rules", "hk", "--players", "Paul", "Mamie", "Cy", "Di",
               "--data-dir", club)[0] == 0
    code, out, err = run(capsys, "record", "win", "--lang", "fr", "1", "--winner", "Paul", "--discarder", "Mamie",
                         "123m456m789m55z22p 2p", "--data-dir", club)
    assert code == 0 and out.startswith("main 1 (E1, Paul est croupier) : Paul"), err
    # "--" ends a list flag (--riichi takes several players), the hand after it
    code, out, err = run(capsys, "record", "win", "1", "--data-dir", club, "--winner", "Paul", "--discarder", "Mamie",
                         "--note", "n", "--", "123m456m789m55z22p 2p")
    assert code == 0 and out.startswith("hand 2"), err
    # a flag no command takes is still refused by the command, with the words after it
    with pytest.raises(SystemExit) as stop:
        main(["record", "win", "1", "--winner", "Paul", "--self-drawn", "12m", "--bogus", "--data-dir", club])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "mjtable record win: error: unrecognized arguments: 12m --bogus" in err, err


def test_the_game_log_commands_refuse_in_french_with_lang_fr(capsys, tmp_path):
    # a French player's mistyped data dir was answered in English by record and games
    nowhere = str(tmp_path / "nowhere")
    code, _, err = run(capsys, "record", "win", "--lang", "fr", "1", "--winner", "Paul", "--discarder", "Mamie",
                       "123m456m789m55z22p 2p", "--data-dir", nowhere)
    assert code == 2 and err.startswith("erreur : aucun journal des parties dans "), err
    code, _, err = run(capsys, "games", "--lang", "fr", "--data-dir", nowhere)
    assert code == 2 and err.startswith("erreur : aucun dossier de données dans "), err
    code, _, err = run(capsys, "games", "--data-dir", nowhere)
    assert code == 2 and err.startswith("error: no data dir at "), err
    from mjtable.french_lines import french_line
    assert french_line("error: a message no French is known for") == "error: a message no French is known for"
    assert french_line("  2x") == "  2x"


def test_french_payments_write_their_figures_in_french(capsys):
    # « paie 0.5 » stood in French output where the pages and exports write « 0,5 »
    code, out, _ = run(capsys, "score", "222m456p789s23s55z 1s", "--rules", "hk", "--lang", "fr", "--discarder",
                       "left", "--seat-wind", "S", "-o", "payment=discarder_and_half")
    assert code == 0 and "le joueur d'en face paie 0,5" in out and "0.5" not in out, out
    code, out, _ = run(capsys, "score", "123m456p789s11z22z2z", "--rules", "riichi", "--self-drawn", "--tenhou",
                       "--lang", "fr")
    assert "paie 16\u202f000" in out, out
    code, out, _ = run(capsys, "score", "123m456p789s11z22z2z", "--rules", "riichi", "--self-drawn", "--tenhou")
    assert "each of the three non-dealers pays 16000" in out


def test_an_unexpected_error_of_the_game_log_commands_keeps_its_traceback(capsys, tmp_path, monkeypatch):
    # the web app's dated log lines are said as the command's own: an unexpected error's traceback
    # was lost with them ("it has been logged" was true of nothing), and the logger kept the
    # command's handler for the rest of the process
    import logging
    import webui.gamelog
    club = str(tmp_path / "club")
    assert run(capsys, "record", "new", "--rules", "mcr", "--players", "A", "B", "C", "D", "--data-dir", club)[0] == 0
    before = logging.getLogger("webui").handlers[:]

    def broken(*args, **kwargs):
        raise KeyError("seat")
    monkeypatch.setattr(webui.gamelog, "game_view", broken)
    code, _, err = run(capsys, "games", "1", "--data-dir", club)
    assert code == 2 and err.startswith("error: an unexpected error (KeyError) stopped this request"), err
    assert "Traceback (most recent call last)" in err and "KeyError: 'seat'" in err
    assert logging.getLogger("webui").handlers == before


def test_a_damaged_model_is_said_in_one_line_not_a_traceback(capsys, tmp_path, monkeypatch):
    # a truncated detector.pt ended `mjtable read` in a traceback and exit 1 ("no tile found"),
    # and the web app's reading in a 500
    import vision.detector as detector
    from vision import reader
    bad = tmp_path / "detector.pt"
    bad.write_bytes(b"version https://git-lfs.github.com/spec/v1\n")
    monkeypatch.setattr(detector, "DEFAULT_WEIGHTS", bad)
    monkeypatch.setattr(reader, "_DEFAULT", None)
    photo = str(Path(__file__).parent / "fixtures" / "vision" / "hands" / "hand_riichi_dora.jpg")
    code, out, err = run(capsys, "read", photo)
    assert code == 2 and err.startswith("error: the reader's models could not be loaded") and "Traceback" not in err, err
    code, out, _ = run(capsys, "read", photo, "--json")
    assert code == 2 and json.loads(out)["error"]["code"] == "model_missing"
    data = str(tmp_path / "d")
    run(capsys, "record", "new", "--rules", "mcr", "--players", "A", "B", "C", "D", "--data-dir", data)
    code, _, err = run(capsys, "record", "win", "1", "--photo", photo, "--winner", "B", "--self-drawn", "--data-dir", data)
    assert code == 2 and "the reader's models could not be loaded" in err, err
    monkeypatch.setattr(reader, "_DEFAULT", None)


def test_mcr_explanations_in_french_leave_no_english(capsys):
    # the account-once reason was cut at its "; " and its opening and closing sentences left in
    # English, the fan named in English; MCR's "read as" line said "(completed by the discard)"
    code, out, _ = run(capsys, "score", "123m456p789s13s55p 2s", "--self-drawn", "--lang", "fr")
    line = next(x for x in out.splitlines() if "Deux Chow Terminaux" in x)
    assert "Ses combinaisons 123s et 789s sont déjà liées : Double Chow Mélangé réunit 123s et 123m" in line
    assert "Deux combinaisons déjà liées, directement ou par d'autres, ne forment pas d'autre main." in line
    assert "Its sets" not in line and "Two sets" not in line
    code, out, _ = run(capsys, "score", "[555z,1][666z,2]123m99m77z 7z", "--lang", "fr")
    assert "777z (complété par l'écart)" in out and "completed by the discard" not in out


def test_a_knitted_straight_with_five_honours_is_explained_as_such(capsys):
    # said "plus one set and a pair" under a hand of five single honours (001 « La suite serpentine »,
    # « Petit serpentin »)
    code, out, _ = run(capsys, "score", "147m258p369s1234z 5z", "--explain")
    assert "plus five tiles: a set and a pair, or five single honours" in out, out


def test_a_readings_time_leaves_out_the_loading_of_the_models(capsys, monkeypatch):
    # every `mjtable read` is a first reading: "reading" said 0.8-1.5 s, of which the reading took 0.2
    from tests.webui.test_photo import reader_ready
    from vision import reader
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    monkeypatch.setattr(reader, "_DEFAULT", None)
    real = reader.TileReader.__init__

    def slow_load(self, *args, **kwargs):
        import time
        time.sleep(0.3)
        real(self, *args, **kwargs)
    monkeypatch.setattr(reader.TileReader, "__init__", slow_load)
    photo = str(Path(__file__).parent / "fixtures" / "vision" / "hands" / "hand_riichi_dora.jpg")
    code, out, _ = run(capsys, "read", photo, "--json")
    timings = json.loads(out)["timings_ms"]
    assert code == 0 and timings["load"] >= 300, timings
    assert timings["total"] <= sum(v for k, v in timings.items() if k not in ("load", "total")) + 1, timings
    code, out, _ = run(capsys, "read", photo)
    assert "timings (ms): reading" in out         # loaded once: no loading the second time
    monkeypatch.setattr(reader, "_DEFAULT", None)


def test_a_refusal_not_about_the_seat_says_nothing_of_the_seat_wind(capsys):
    # "seat wind not given: scored as East, the dealer" under "a replacement tile needs a kong"
    code, out, _ = run(capsys, "score", "123m456p789s23s55p 4s", "--kong-replacement")
    assert "needs a kong" in out and "seat wind not given" not in out
    code, out, _ = run(capsys, "score", "123m456p789s23s55p 4s", "--rules", "riichi", "--chiihou")
    assert "non-dealer" in out and "seat wind not given: scored as East" in out


def test_the_sources_cited_under_a_score_are_named_as_the_page_names_them(capsys):
    # a classical score's [B], [W] and [S] were explained only in docs/rulings.md
    code, out, _ = run(capsys, "score", "[222m,1][555m,2]777m888m9m 9m", "--rules", "classical")
    assert "[B] ch. V; 003" in out and "[B] Babcock's Rules for Mah-Jongg (1923)" in out
    assert "[W] mahjong.wikidot.com, Chinese Classical Scoring" in out
    code, out, _ = run(capsys, "score", "123m456p789s11z55p 1z", "--rules", "mcr")
    assert "Sources:" not in out
    code, out, _ = run(capsys, "score", "123m456p789s11z55p 1z", "--rules", "mcr", "--explain", "--lang", "fr")
    assert "Sources : 000 désigne « Mah Jong International »" in out


def test_the_tiles_a_hand_waits_on_are_named_one_by_one(capsys):
    # "waits on 69s" read as a set, "12z" hid East and South
    code, out, _ = run(capsys, "score", "123m456m234p678s9s 5s", "--rules", "mcr")
    assert out.rstrip().endswith("without its winning tile 5s the hand waits on 6s or 9s")
    code, out, _ = run(capsys, "score", "123m456m234p678s9s 5s", "--rules", "mcr", "--lang", "fr")
    assert out.rstrip().endswith("sans sa tuile gagnante 5s, la main attend 6s ou 9s")
    code, _, err = run(capsys, "score", "123m456p789s11z22z", "--rules", "mcr")
    assert err.rstrip().endswith("add the tile it won on, after a space: it waits on 1z or 2z")


def test_a_classical_refusal_cites_its_sources_without_english_in_french(capsys):
    # « (003 : its sets ; [B] ch. VI ; [L]) » ended a French refusal
    code, out, _ = run(capsys, "score", "123m456m234p678s9s 5s", "--rules", "classical", "--lang", "fr")
    assert out.rstrip().endswith("la main attend 6s ou 9s (003 ; [B] ch. VI ; [L])"), out
