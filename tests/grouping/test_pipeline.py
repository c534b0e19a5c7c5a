"""The read pipeline on mock tiles (no model): grouping → decoding → scoring, the dict the web
API returns, and ``mjtable read`` with a stand-in tile reader."""
import dataclasses
import json
import random
import re
import sys
import types

import pytest

import scorer
import vision
from mjtable import pipeline
from scorer import parse
from scorer.result import ScoreResult
from vision_lab import hand_layouts as L


def mock_tiles(text, *, seed=0, style="riichi", misread=None, **kw):
    hand = parse(text)
    rng = random.Random(seed)
    placed = L.layout_hand(hand, rng, style=style, **kw)
    tiles = L.project(placed, L.Camera(scale=40, tilt=15, roll=5), rng, box_noise=0.02, shuffle=False)
    for i, (code, top) in (misread or {}).items():
        tiles[i].code, tiles[i].confidence, tiles[i].top3 = code, top[0][1], top
    return hand, placed, tiles


@pytest.fixture
def toy_rules(monkeypatch):
    """A stand-in rule set: valid for any hand, scores one point per meld, reads two keys."""
    @dataclasses.dataclass
    class Options:
        double: bool = False

    module = types.ModuleType("toy_rules")
    module.NAME, module.TITLE, module.Options = "toy", "Toy", Options
    module.CONTEXT_KEYS = ("self_drawn", "seat_wind", "dora_indicators")

    def score(hand, options):
        total = len(hand.melds) * (2 if options.double else 1)
        return ScoreResult("toy", True, total, assumed=hand.context.missing(module.CONTEXT_KEYS))
    module.score = score
    monkeypatch.setitem(sys.modules, "toy_rules", module)
    monkeypatch.setitem(scorer.RULE_SETS, "toy", "toy_rules")
    from scorer import rulesets
    monkeypatch.setattr(rulesets, "_loaded", {})
    return module


def test_score_tiles_returns_the_api_dict(toy_rules):
    hand, _, tiles = mock_tiles("[555p,2]123m456s789s1z 1z", dora_indicators=["3m"], dead_wall=False)
    out = pipeline.score_tiles(tiles, rules="toy", context={"self_drawn": True}, options={"double": True},
                               hints={"dora_row": True})
    assert set(out) >= {"tiles", "hand", "notation", "score", "reading", "missing_context", "timings_ms"}
    assert out["notation"] == scorer.format_hand(hand)
    assert out["hand"]["context"] == {"dora_indicators": ["3m"], "self_drawn": True}
    assert out["score"]["total"] == 2 and out["score"]["valid"]
    assert out["missing_context"] == ["seat_wind"]          # dora indicators came from the photo
    assert len(out["tiles"]) == len(tiles) and out["tiles"][0]["box"]
    assert set(out["timings_ms"]) >= {"group", "decode", "score", "total"}
    json.dumps(out)


def test_decoding_fixes_a_misread_and_names_the_tile(toy_rules):
    hand, placed, tiles = mock_tiles("123m456p789s11z22z 2z", style="chinese", melds_at="right")
    i = next(k for k, p in enumerate(placed) if p.code == "8s")
    tiles[i].code, tiles[i].confidence, tiles[i].top3 = "9s", 0.6, [("9s", 0.6), ("8s", 0.35)]
    plain = pipeline.score_tiles(tiles, rules="toy", decode=False)
    assert plain["notation"] != "123m456p789s11z22z 2z".replace("11z22z", "1122z")
    out = pipeline.score_tiles(tiles, rules="toy")
    assert out["notation"] == scorer.format_hand(hand)
    (change,) = out["reading"]["decoding"]["changes"]
    assert change["tile"] == i and change["read"] == "9s" and change["chosen"] == "8s"


def test_why_no_hand_was_rebuilt_is_one_line_at_the_top(monkeypatch, tmp_path, capsys, toy_rules):
    import cv2
    import numpy as np
    from mjtable.cli import main
    _, _, tiles = mock_tiles("123m456p789s11z22z 2z", style="chinese")
    out = pipeline.score_tiles(tiles, rules="toy")
    assert out["notation"] and out["no_hand"] is None
    out = pipeline.score_tiles(tiles[:-1], rules="toy")          # a tile hidden: 13 tiles
    assert out["hand"] is None and out["no_hand"].startswith("found 13 tiles where a winning hand has 14")
    # mjtable read --json says it at the top (it was only inside the reading), with exit 1
    photo = tmp_path / "hand.png"
    cv2.imwrite(str(photo), np.full((1600, 1600, 3), 90, np.uint8))
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: tiles[:-1], raising=False)
    assert main(["read", str(photo), "--rules", "toy", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["no_hand"] == out["no_hand"]
    assert main(["read", str(photo), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["no_hand"] == out["no_hand"]
    assert main(["read", str(photo), "--rules", "toy"]) == 1
    assert f"hand: not rebuilt: {out['no_hand']}" in capsys.readouterr().out.splitlines()


def test_no_hand_reason_puts_the_tile_count_first():
    why = "no credible winning hand among the 20000 most probable readings"
    count = "found 27 tiles where a winning hand has 14 (a kong counts as 3): a tile may be hidden"
    decoding = {"status": "no_winning_hand", "message": why}
    assert pipeline.no_hand_reason([count], decoding, None) == f"found 27 tiles where a winning hand has 14; {why}"
    assert pipeline.no_hand_reason([], decoding, None) == why
    assert pipeline.no_hand_reason([count], None, None) == "found 27 tiles where a winning hand has 14"
    invalid = "the hand read is not valid: 5 copies of 1p"
    assert pipeline.no_hand_reason([invalid], None, invalid) == invalid
    assert pipeline.no_hand_reason([], None, None) == "no winning hand was rebuilt"


def test_missing_context_without_rules_names_what_a_photo_cannot_show():
    _, _, tiles = mock_tiles("123m456p789s11z22z 2z", style="chinese")
    out = pipeline.score_tiles(tiles, context={"seat_wind": "S"})
    assert out["score"] is None and out["hand"] is not None
    assert "self_drawn" in out["missing_context"] and "seat_wind" not in out["missing_context"]


def test_bad_inputs_are_refused_before_any_work():
    with pytest.raises(scorer.HandError):
        pipeline.score_tiles([], context={"wind": "E"})
    with pytest.raises(scorer.RulesError):
        pipeline.score_tiles([], rules="nope")
    with pytest.raises(scorer.RulesError):
        pipeline.score_tiles([], options={"x": 1})


def test_read_photo_without_a_reader_says_so(monkeypatch):
    monkeypatch.delattr(vision, "read_tiles", raising=False)
    with pytest.raises(FileNotFoundError) as err:
        pipeline.read_photo(b"not used")
    assert "tile reader" in str(err.value)


def test_read_photo_uses_the_reader(monkeypatch, toy_rules):
    _, _, tiles = mock_tiles("[555p,2]123m456s789s1z 1z")
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: tiles, raising=False)
    out = pipeline.read_photo("photo.jpg", rules="toy")
    assert out["score"]["total"] == 1 and "read" in out["timings_ms"]


def test_mcr_scores_a_read_hand():
    pytest.importorskip("scorer.mcr")
    hand, placed, tiles = mock_tiles("[555p](9999m)123m456s7z 7z", style="chinese", melds_at="front")
    i = next(k for k, p in enumerate(placed) if p.code == "4s")
    tiles[i].code, tiles[i].confidence, tiles[i].top3 = "4p", 0.7, [("4p", 0.7), ("4s", 0.25)]
    context = {"self_drawn": True, "seat_wind": "S", "round_wind": "E"}
    out = pipeline.score_tiles(tiles, rules="mcr", context=context)
    expected = scorer.score(scorer.to_hand(hand.to_dict(), context), "mcr")
    assert out["notation"] == scorer.format_hand(hand)
    assert out["score"]["valid"] and out["score"]["total"] == expected.total > 0
    assert [c["chosen"] for c in out["reading"]["decoding"]["changes"]] == ["4s"]
    assert set(out["missing_context"]) == set(expected.assumed)


def test_mjtable_read_cli(monkeypatch, tmp_path, capsys, toy_rules):
    import cv2
    import numpy as np
    from mjtable.cli import main
    hand, _, tiles = mock_tiles("[555p,2]123m456s789s1z 1z")
    photo = tmp_path / "hand.png"
    cv2.imwrite(str(photo), np.full((1600, 1600, 3), 90, np.uint8))
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: tiles, raising=False)
    assert main(["read", str(photo), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"code", "box", "confidence", "face_down", "sideways", "top3"} <= set(out["tiles"][0])
    assert "timings_ms" in out and "score" not in out
    assert main(["read", str(photo), "--rules", "toy", "--self-drawn", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["score"]["total"] == 1 and out["hand"]["context"]["self_drawn"] is True
    assert main(["read", str(photo), "--rules", "nope", "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "unknown_rules"


def test_mjtable_read_cli_full_chain_and_annotation(monkeypatch, tmp_path, capsys, toy_rules):
    import cv2
    import numpy as np
    from mjtable.commands import read as read_cmd
    hand, _, tiles = mock_tiles("[555p,2]123m456s789s1z 1z")
    photo = tmp_path / "hand.png"
    cv2.imwrite(str(photo), np.full((1600, 1600, 3), 90, np.uint8))
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: tiles, raising=False)
    args = types.SimpleNamespace(photo=str(photo), rules="toy", json=False, annotate=str(tmp_path / "a.jpg"),
                                 no_decode=False, option=[], **{f"ctx_{k}": None for k in scorer.context.CONTEXT_KEYS})
    args.ctx_self_drawn = True
    assert read_cmd.run(args) == 0
    text = capsys.readouterr().out
    assert scorer.format_hand(hand) in text and "\nTOY\n" in text and "seat_wind" in text
    assert re.search(r"TOTAL +1\b", text)
    drawn = cv2.imread(str(tmp_path / "a.jpg"))
    assert drawn is not None and (drawn != 90).any()


def test_a_small_photo_is_annotated_enlarged_with_its_codes_on_dark_plates(monkeypatch, tmp_path, capsys):
    # a 640-px photo's codes were drawn a few pixels tall, green on green felt
    import cv2
    import numpy as np
    from mjtable.cli import main
    _, _, tiles = mock_tiles("123m456s789s1112z 2z")
    xs = [v for t in tiles for v in t.box[0::2]]
    ys = [v for t in tiles for v in t.box[1::2]]
    shrink = 600 / max(max(xs) - min(xs), max(ys) - min(ys))
    for t in tiles:      # the hand laid on a 640-px photo
        t.box = ((t.box[0] - min(xs)) * shrink + 20, (t.box[1] - min(ys)) * shrink + 200,
                 (t.box[2] - min(xs)) * shrink + 20, (t.box[3] - min(ys)) * shrink + 200)
        t.corners = None
    photo = tmp_path / "hand.png"
    cv2.imwrite(str(photo), np.full((640, 640, 3), (60, 140, 60), np.uint8))       # green felt
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: tiles, raising=False)
    assert main(["read", str(photo), "--annotate", str(tmp_path / "a.png")]) == 0
    drawn = cv2.imread(str(tmp_path / "a.png"))
    assert drawn.shape[:2] == (1200, 1200)
    x0, y0 = (int(v * 1200 / 640) for v in tiles[0].box[:2])
    plate = drawn[max(0, y0 - 30):y0 - 6, x0:x0 + 20]
    assert (plate.max(axis=2) < 40).mean() > 0.3       # the code's dark plate above its box


def test_a_photo_over_the_pixel_limit_is_annotated_with_its_boxes_in_place(monkeypatch, tmp_path):
    # a 108-MP phone photo is decoded at a half: its boxes, in the photo's own pixels, fell off the copy
    import cv2
    import numpy as np
    import vision.decode
    from mjtable.cli import main
    monkeypatch.setattr(vision.decode, "MAX_PIXELS", 1_000_000)     # a 1,600 × 1,600 photo is then over it
    _, _, tiles = mock_tiles("123m456s789s1112z 2z")
    for k, t in enumerate(tiles):       # a row across the photo's lower half, in its own pixels
        t.box, t.corners = (100 + 100 * k, 1000, 180 + 100 * k, 1110), None
    photo = tmp_path / "big.jpg"
    cv2.imwrite(str(photo), np.full((1600, 1600, 3), 90, np.uint8))
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: tiles, raising=False)
    monkeypatch.setattr(vision.decode, "REDUCE_MIN_BYTES_PER_PIXEL", 0)     # a flat grey JPEG is small
    assert main(["read", str(photo), "--annotate", str(tmp_path / "a.png"), "--json"]) in (0, 1)
    drawn = cv2.imread(str(tmp_path / "a.png"))
    scale = drawn.shape[0] / 1600
    x0, y0, x1, y1 = (int(v * scale) for v in tiles[3].box)
    edge = drawn[(y0 + y1) // 2, max(0, x0 - 2):x0 + 3]
    assert (np.abs(edge.astype(int) - 90).max(axis=1) > 40).any()      # the box's left side drawn there


def test_a_thin_strip_is_annotated_enlarged_within_bounds(monkeypatch, tmp_path):
    # a small but very elongated photo grew to 1,200 × 48,000 pixels
    import cv2
    import numpy as np
    from mjtable.cli import main
    photo = tmp_path / "strip.png"
    cv2.imwrite(str(photo), np.full((30, 1200, 3), 90, np.uint8))
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: [], raising=False)
    # 1: no tile found (the fake reader finds none); the copy annotated all the same
    assert main(["read", str(photo), "--annotate", str(tmp_path / "a.png"), "--json"]) == 1
    assert cv2.imread(str(tmp_path / "a.png")).shape[:2] == (100, 4000)


def test_mjtable_read_says_the_reading_in_french(monkeypatch, tmp_path, capsys):
    import cv2
    import numpy as np
    from mjtable.cli import main
    _, _, tiles = mock_tiles("123m456s789s1112z 2z")
    photo = tmp_path / "hand.png"
    cv2.imwrite(str(photo), np.full((1600, 1600, 3), 90, np.uint8))
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: tiles, raising=False)
    assert main(["read", str(photo), "--rules", "mcr", "--lang", "fr"]) in (0, 1)
    out = capsys.readouterr().out
    assert out.startswith("14 tuiles :") and "\nmain : 123m456789s1112z 2z  (confiance de la disposition" in out
    assert "durées (ms) :" in out and "lu comme (quatre combinaisons et une paire)" in out


def test_mjtable_read_names_the_photo_as_typed_and_reads_a_pipe_once(tmp_path, capsys, monkeypatch):
    import io
    import os
    import cv2
    import numpy as np
    from mjtable.cli import main
    from vision.decode import decode_image
    _, _, tiles = mock_tiles("123m456s789s1112z 2z")
    # the photo decoded first, as the reader decodes it
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: decode_image(image) and tiles, raising=False)
    monkeypatch.chdir(tmp_path)
    cv2.imwrite("x.jpg", np.full((1600, 1600, 3), 90, np.uint8))
    # "cannot read x.jpg" sent the player to the x.jpg of this folder, which is there
    assert main(["read", "nowhere/x.jpg"]) == 2
    assert capsys.readouterr().err.startswith("error: cannot read nowhere/x.jpg: No such file or directory")
    assert main(["read", "https://example.com/x.jpg"]) == 2
    assert "is a web address: download the photo first" in capsys.readouterr().err
    # a pipe is read once, for the reading and the annotated copy ("the file is empty" after the reading)
    r, w = os.pipe()
    os.write(w, open("x.jpg", "rb").read())
    os.close(w)
    assert main(["read", f"/dev/fd/{r}", "--annotate", "a.png", "--json"]) in (0, 1)
    os.close(r)
    assert cv2.imread("a.png") is not None
    # standard input read no further than the limit: only that it is over is known
    monkeypatch.setattr("vision.decode.MAX_BYTES", 1024 * 1024)
    piped = io.BytesIO(open("x.jpg", "rb").read() + bytes(3 * 1024 * 1024))
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(piped))
    capsys.readouterr()
    assert main(["read", "-"]) == 2
    assert capsys.readouterr().err.startswith("error: the image is over the 1 MB limit")
    assert piped.tell() <= 1024 * 1024 + 1 + 65536      # read no further than the limit (and a buffer's worth)


def test_mjtable_read_cli_errors(tmp_path, capsys, monkeypatch):
    from mjtable.cli import main
    monkeypatch.delattr(vision, "read_tiles", raising=False)
    assert main(["read", str(tmp_path / "none.jpg"), "--json"]) == 2
    assert "tile reader" in json.loads(capsys.readouterr().out)["error"]["message"]


@pytest.mark.parametrize("out, said", [("out.txt", "ending .jpg or .png"), ("hand.jpg", "is the photo itself"),
                                       ("nowhere/a.jpg", "the folder nowhere does not exist")])
def test_mjtable_read_refuses_an_annotate_name_it_cannot_write_before_reading(tmp_path, capsys, monkeypatch, out, said):
    # a .txt name crashed with a traceback after the reading, which was lost; the photo's own name
    # drew the boxes over the player's photo; a folder that does not exist lost the reading, with
    # "cannot write nowhere/a.jpg" for all reason
    import cv2
    import numpy as np
    from mjtable.cli import main
    photo = tmp_path / "hand.jpg"
    cv2.imwrite(str(photo), np.full((64, 64, 3), 90, np.uint8))
    before = photo.read_bytes()
    monkeypatch.setattr(vision, "read_tiles", lambda *a, **k: pytest.fail("read before refusing"), raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["read", "hand.jpg", "--annotate", out, "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["code"] == "bad_annotate" and said in error["message"]
    assert photo.read_bytes() == before and not (tmp_path / "out.txt").exists()


def test_mjtable_read_prints_the_reading_when_its_annotated_copy_cannot_be_written(tmp_path, capsys, monkeypatch):
    # a copy that failed to write (a full disk, a name the image writer refuses) lost the reading
    import cv2
    import numpy as np
    from mjtable.cli import main
    from mjtable.commands import read as read_cmd
    photo = tmp_path / "hand.jpg"
    cv2.imwrite(str(photo), np.full((64, 64, 3), 90, np.uint8))
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: [], raising=False)

    def full_disk(*a):
        raise OSError("No space left on device")
    monkeypatch.setattr(read_cmd, "annotate", full_disk)
    assert main(["read", str(photo), "--annotate", str(tmp_path / "a.jpg"), "--json"]) == 2
    said = capsys.readouterr()
    assert json.loads(said.out)["tiles"] == [] and "No space left on device" in said.err


def test_mjtable_read_says_when_nothing_came_on_standard_input(capsys, monkeypatch):
    # "the file is empty", where no file was named
    import io
    from mjtable.cli import main
    monkeypatch.setattr(vision, "read_tiles", lambda *a, **k: pytest.fail("read nothing"), raising=False)
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(buffer=io.BytesIO(b"")))
    assert main(["read", "-"]) == 2
    assert "error: nothing came on standard input" in capsys.readouterr().err


def test_mjtable_read_takes_the_photo_from_standard_input(tmp_path, capsys, monkeypatch):
    import io

    import cv2
    import numpy as np
    from mjtable.cli import main
    ok, jpeg = cv2.imencode(".jpg", np.full((64, 64, 3), 90, np.uint8))
    got = []
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: got.append(image) or [], raising=False)
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(buffer=io.BytesIO(jpeg.tobytes())))
    assert main(["read", "-", "--annotate", str(tmp_path / "a.png"), "--json"]) == 1      # no tile found
    assert got == [jpeg.tobytes()] and json.loads(capsys.readouterr().out)["tiles"] == []
    drawn = cv2.imread(str(tmp_path / "a.png"))          # the photo read, enlarged to be annotated
    assert drawn.shape == (1200, 1200, 3) and abs(float(drawn.mean()) - 90) < 3


def test_tiles_too_small_in_the_photo_are_said_so():
    # a 50 x 50 photo gave five tiny reads and not a word about the size
    _, _, tiles = mock_tiles("123m456p789s11z22z 2z", style="chinese")
    assert not [w for w in pipeline.score_tiles(tiles)["reading"]["warnings"] if "pixels across" in w]
    def scaled(tiles, f):
        for t in tiles:
            x0, y0, x1, y1 = t.box
            t.box = (x0 * f, y0 * f, x1 * f, y1 * f)
        return [w for w in pipeline.score_tiles(tiles)["reading"]["warnings"] if "pixels across" in w]
    assert pipeline.SMALL_TILES_PX == 22
    # median tile 47 px across, scaled in turn: at 28 px the photo's tiles are read, at 21 px (rows seen from low
    # at 640 px read about 60 % of their tiles there) the player is told
    assert not scaled(tiles, 0.6)
    small = scaled(tiles, 0.75)
    assert small == ["the tiles are about 21 pixels across in the photo, too small to be read surely: take the "
                     "photo closer, or at a higher resolution"]
    assert len(scaled(tiles, 1 / 8)) == 1
    # said first, before what the other warnings make of tiles that small
    warnings = pipeline.score_tiles(tiles[:-3])["reading"]["warnings"]       # and too few of them
    assert len(warnings) > 1 and "pixels across" in warnings[0]


def test_riichi_scores_a_read_hand_with_its_dora_row():
    hand, _, tiles = mock_tiles("234m345p678s567s5p 5p", dora_indicators=["4p"], dead_wall=True)
    out = pipeline.score_tiles(tiles, rules="riichi", context={"riichi": True, "self_drawn": True})
    assert out["hand"]["context"]["dora_indicators"] == ["4p"]
    s = out["score"]
    assert s["valid"], s
    assert any(i["id"] == "dora" for i in s["items"]), [i["id"] for i in s["items"]]
    assert "riichi" not in out["missing_context"] and "seat_wind" in out["missing_context"]
    assert "dora_indicators" not in out["missing_context"]


def test_dora_indicators_given_over_those_read_are_said_to_replace_them():
    hand, _, tiles = mock_tiles("234m345p678s567s5p 5p", dora_indicators=["4p"], dead_wall=True)
    out = pipeline.score_tiles(tiles, rules="riichi", context={"riichi": True, "self_drawn": True,
                                                               "dora_indicators": ["1z"]})
    assert out["hand"]["context"]["dora_indicators"] == ["1z"]
    assert "the dora indicators given (1z) replace those read from the photo (4p)" in out["reading"]["warnings"]
    out = pipeline.score_tiles(tiles, rules="riichi", context={"riichi": True, "self_drawn": True,
                                                               "dora_indicators": []})
    assert "no dora indicators were given: those read from the photo (4p) are not counted" in \
        out["reading"]["warnings"]
    # the same ones given again, or none read: nothing to say
    for context in ({"dora_indicators": ["4p"]}, {}):
        out = pipeline.score_tiles(tiles, rules="riichi", context={"riichi": True, "self_drawn": True, **context})
        assert not any("replace those read" in w for w in out["reading"]["warnings"])


@pytest.mark.parametrize("rules, options", [("hk", {"flower_method": "A"}), ("classical", None)])
def test_flowers_read_from_the_photo_are_scored(rules, options):
    hand, _, tiles = mock_tiles("[555p]123m456s789s1z 1z 16f", style="chinese", bonus_at="left")
    context = {"self_drawn": True, "seat_wind": "E"}
    out = pipeline.score_tiles(tiles, rules=rules, context=context, options=options)
    assert out["hand"]["bonus"] == ["1f", "6f"]
    assert out["score"]["valid"], out["score"]
    assert "seat_wind" not in out["missing_context"]
    # the flowers count: an item of the score names them, and the photo without them scores less
    assert any({"1f", "6f"} & set(item.get("tiles") or ()) for item in out["score"]["items"]), out["score"]["items"]
    without = pipeline.score_tiles([t for t in tiles if t.code not in ("1f", "6f")], rules=rules, context=context,
                                   options=options)
    assert without["hand"]["bonus"] == [] and without["score"]["total"] < out["score"]["total"]


def test_ambiguous_decoding_warns_about_the_tile():
    hand, placed, tiles = mock_tiles("123m456p789s11z22z 2z", style="chinese")
    i = next(k for k, p in enumerate(placed) if p.group == "winning")
    tiles[i].code, tiles[i].confidence, tiles[i].top3 = "2z", 0.5, [("2z", 0.5), ("1z", 0.45)]
    out = pipeline.score_tiles(tiles)
    dec = out["reading"]["decoding"]
    assert dec["alternative"]["differences"][0]["tile"] == i
    assert any(f"the winning tile (tile #{i})" in w for w in out["reading"]["warnings"])


def test_an_ambiguous_change_says_what_was_read_there():
    # "standing tile 1 (tile #2): 1m (0.05) or 4m (0.04)" hid that the reader had read 7m, surely
    hand, placed, tiles = mock_tiles("123m456p789s11z22z 2z", style="chinese")
    i = next(k for k, t in enumerate(tiles) if t.code == "1m")
    tiles[i].code, tiles[i].confidence, tiles[i].top3 = "7m", 0.9, [("7m", 0.9), ("1m", 0.05), ("4m", 0.04)]
    out = pipeline.score_tiles(tiles)
    said = next(w for w in out["reading"]["warnings"] if w.startswith("two readings make a winning hand"))
    assert f"(tile #{i}, read 7m (0.90)): 1m (0.05) or 4m (0.04)" in said, said


def test_a_photo_too_small_to_hold_a_hand_is_said_so_when_no_tile_is_found():
    # a 50 x 50 thumbnail was told to put the tiles face up, lit and filling the picture
    from vision.types import TileReads
    warnings = pipeline.score_tiles(TileReads([], frame=(50.0, 50.0)))["reading"]["warnings"]
    assert warnings[0].startswith("the photo is only 50 × 50 pixels, too small to hold a hand's 14 tiles"), warnings
    assert pipeline.SMALL_PHOTO_PX == 14 * pipeline.SMALL_TILES_PX
    # and where phantom tiles of a few pixels were found in it (a trial's 48 x 48 picture)
    from vision.types import TileRead
    phantoms = [TileRead(code="1m", box=(4.0 + 8 * i, 10.0, 7.0 + 8 * i, 14.0), confidence=0.3, top3=[("1m", 0.3)])
                for i in range(2)]
    warnings = pipeline.score_tiles(TileReads(phantoms, frame=(48.0, 48.0)))["reading"]["warnings"]
    assert warnings[0].startswith("the photo is only 48 × 48 pixels, too small to hold a hand's 14 tiles"), warnings
    # a photo of a readable size with no tile in it is told what to photograph, not its size
    warnings = pipeline.score_tiles(TileReads([], frame=(640.0, 480.0)))["reading"]["warnings"]
    assert not any("too small" in w for w in warnings) and any(w.startswith("no tiles found") for w in warnings)


def test_a_row_the_photos_edge_runs_through_is_said_to_be_cut():
    # a phone held close cut a row's lower third off: 4p read 2p, 6m read 8m at the usual confidence, unsaid
    from vision.types import TileRead, TileReads
    _, _, tiles = mock_tiles("123m456p789s11z22z 2z", style="chinese")
    width = max(t.box[2] for t in tiles) + 40
    bottoms = sorted(t.box[3] for t in tiles)
    lowest = bottoms[-1]

    def warnings(frame, reads=tiles):
        return pipeline.score_tiles(TileReads(reads, frame=frame))["reading"]["warnings"]
    assert not any("edge cuts" in w for w in warnings((width, lowest + 40)))
    # the photo's bottom edge through the row (the mock's row runs a little askew): most tiles reach it
    edge = bottoms[len(bottoms) // 2]
    reaching = sum(b >= edge * 0.99 for b in bottoms)
    assert reaching >= 7
    said = warnings((width, edge))
    assert said[0] == (f"the photo's edge cuts {reaching} tiles: part of their faces is outside it, so they may "
                       "be misread; check them, or take the photo again with the whole tiles in it"), said
    # the hand filling the picture from side to side: its two end tiles reach the edges, no row is cut
    left, right = min(t.box[0] for t in tiles), max(t.box[2] for t in tiles)
    moved = [dataclasses.replace(t, box=(t.box[0] - left, t.box[1], t.box[2] - left, t.box[3])) for t in tiles]
    assert not any("edge cuts" in w for w in warnings((right - left + 1, lowest + 40), moved))
    # a few tiles at an edge among many are not a row cut: half of the face-up tiles or more, and 3 or more
    assert pipeline.edge_cut_tiles([(0, 0, 10, 10)] * 2 + [(20, 20, 30, 30)] * 2, (0, 0, 100, 100)) == 0
    assert pipeline.edge_cut_tiles([(0, 0, 10, 10)] * 3 + [(20, 20, 30, 30)] * 3, (0, 0, 100, 100)) == 3
    assert pipeline.edge_cut_tiles([(0, 0, 10, 10)] * 3 + [(20, 20, 30, 30)] * 4, (0, 0, 100, 100)) == 0
    assert pipeline.edge_cut_tiles([(0, 0, 10, 10)] * 3, None) == 0
    # a phone screenshot: its photo's edges cut, read alone between the bars (tiles.screen)
    row = [TileRead(code="1m", box=(40.0 * k, 700.0, 40.0 * k + 38, 760.0), confidence=0.9, top3=[("1m", 0.9)])
           for k in range(1, 15)]
    assert not any("edge cuts" in w for w in warnings((640, 1400), row))
    said = pipeline.score_tiles(TileReads(row, frame=(640, 1400), screen=(0, 300, 640, 760)))["reading"]["warnings"]
    assert said[0].startswith("the photo's edge cuts 14 tiles"), said


def test_the_tile_count_warning_fits_too_few_too_many_and_tiles_left_out():
    # a photo of 20 tiles said "found 5 tiles ... a tile may be hidden" (14 more were left out
    # apart from the hand, and the review page shows them all); too many tiles got the advice
    # meant for too few
    from vision.grouping.hand_reading import TILE_COUNT, tile_count_message
    few, many, apart = tile_count_message(13, 0), tile_count_message(26, 0), tile_count_message(5, 14)
    assert few.endswith("a tile may be hidden, stacked, cut off by the photo's edge or not detected")
    assert many.endswith("keep other tiles out of the photo, or remove the extra ones")
    assert "and 14 apart from it that were left out" in apart and "hidden" not in apart
    assert all(TILE_COUNT.match(m) for m in (few, many, apart))
    assert pipeline.no_hand_reason([apart], None, None) == (
        "found 5 tiles in the hand where a winning hand has 14, and 14 apart from it that were left out")



def test_backs_left_out_apart_from_the_hand_are_not_tiles_to_remove():
    # a standing row of 10 with three boxes on a bookshelf read as backs was told "and 3 apart from
    # it that were left out: remove the tiles that are not the hand's": backs are left out, and said
    # apart; the count's advice is the one for too few
    from vision.types import TileRead
    hand, placed, tiles = mock_tiles("123m456p789s11z22z 2z", style="chinese")
    x0, y0, x1, y1 = tiles[0].box
    far = [TileRead(None, (x, -2000.0, x + x1 - x0, -2000.0 + y1 - y0), 0.6, face_down=True) for x in (0.0, 3e3, 6e3)]
    warnings = pipeline.score_tiles(tiles[:10] + far)["reading"]["warnings"]
    assert "found 10 tiles where a winning hand has 14 (a kong counts as 3): a tile may be hidden, stacked, cut off " \
        "by the photo's edge or not detected" in warnings, warnings
    assert any("lying far from the hand left out (face down, face down, face down)" in w for w in warnings), warnings
    # a face-up tile left out apart is still one to remove
    faces = [TileRead(code, f.box, 0.9) for code, f in zip(("5s", "7p", "1z"), far)]
    warnings = pipeline.score_tiles(tiles[:10] + faces)["reading"]["warnings"]
    assert any(" apart from it that were left out: remove the tiles" in w for w in warnings), warnings


def test_a_kong_laid_in_the_row_is_named_where_the_count_is_one_too_many():
    # a Hong Kong hand with its concealed kong of 1p standing in the row, every tile read right,
    # was told "keep other tiles out of the photo, or remove the extra ones"
    codes = ["1p"] * 4 + ["4p"] * 3 + ["5p"] * 3 + ["5z"] * 3 + ["1z"] * 2
    tiles = [vision.TileRead(code=c, box=(40.0 * k, 100.0, 40.0 * k + 38, 152.0), confidence=0.95, top3=[(c, 0.95)])
             for k, c in enumerate(codes)]
    warnings = pipeline.score_tiles(tiles)["reading"]["warnings"]
    assert ("found 15 tiles where a winning hand has 14 (a kong counts as 3): the four 1p stand in the row: if they "
            "are a kong, select them and lay them down as a kong; else remove the extra tiles") in warnings, warnings
    from vision.grouping.hand_reading import TILE_COUNT, tile_count_message
    assert TILE_COUNT.match(tile_count_message(15, 0, standing_quads=("1p",)))
    assert tile_count_message(16, 0, standing_quads=("1p",)).endswith("remove the extra ones")   # not one more


#: A test photo of 20 loose tiles in a grid (363475411_..., test split), as the reader read it.
GRID_OF_20 = [("3p", (54, 133, 104, 179), True), ("3z", (162, 132, 214, 179), False), ("7s", (321, 141, 368, 189), False),
              ("4p", (422, 139, 469, 185), True), ("4s", (541, 142, 588, 187), True), ("8f", (62, 224, 111, 271), True),
              ("4s", (186, 233, 232, 280), False), ("3s", (314, 241, 366, 291), True), ("4z", (427, 245, 472, 290), True),
              ("3s", (545, 242, 589, 288), False), ("5s", (68, 344, 112, 389), False), ("8m", (177, 336, 222, 380), True),
              ("6m", (300, 339, 349, 387), False), ("2s", (423, 344, 475, 396), False), ("5m", (532, 362, 587, 415), True),
              ("6m", (47, 465, 95, 514), False), ("3z", (170, 464, 217, 511), False), ("5p", (285, 464, 333, 511), True),
              ("7m", (417, 464, 474, 520), True), ("1p", (542, 468, 602, 523), True)]


def _grid_of_20():
    return [vision.TileRead(code=c, box=tuple(map(float, b)), confidence=0.8, sideways=side, top3=[(c, 1.0)])
            for c, b, side in GRID_OF_20]


def test_the_tile_count_names_the_tiles_read_as_flowers_or_dora_indicators_too():
    # a photo of 20 loose tiles said "found 5 tiles in the hand ... and 9 apart": 14 of 20, the 5
    # taken for dora indicators and a flower unaccounted for
    from vision.grouping.hand_reading import TILE_COUNT, tile_count_message
    apart, few = tile_count_message(5, 9, 1, 5), tile_count_message(12, 0, 2)
    many = tile_count_message(16, 0, dora=1)
    assert all(TILE_COUNT.match(m) for m in (apart, few, many))
    assert pipeline.no_hand_reason([apart], None, None) == (
        "found 5 tiles in the hand where a winning hand has 14, 6 beside it as flowers and dora indicators, "
        "and 9 apart from it that were left out")
    # each by what it was taken for: "flowers or dora indicators" spoke of dora to a Hong Kong table
    assert pipeline.no_hand_reason([few], None, None) == (
        "found 12 tiles where a winning hand has 14, and 2 beside them as flowers")
    assert "1 beside them as dora indicators: keep other tiles out" in many
    assert few.endswith("a tile may be hidden, stacked, cut off by the photo's edge or not detected") and "extra" in many
    from flask import Flask

    from webui.i18n import french_message
    with Flask(__name__).test_request_context("/?lang=fr"):
        for said in (apart, few, many, *(pipeline.no_hand_reason([m], None, None) for m in (apart, few))):
            assert french_message(said) and "beside" not in french_message(said), said
            assert "flowers" not in french_message(said) and "indicators" not in french_message(said), said
    # a grid of 20 tiles: the hand's, the left-out and the flowers' and dora indicators' counts add up
    tiles = _grid_of_20()
    warning = next(w for w in pipeline.score_tiles(tiles)["reading"]["warnings"] if TILE_COUNT.match(w))
    numbers = [int(n) for n in re.findall(r"(\d+) (?:tiles|beside|apart)", warning)]
    assert sum(numbers) == len(tiles), warning


def test_tiles_laid_out_in_a_grid_are_told_they_are_no_hand():
    # the test split's tray of 20 loose tiles was told of a hand of 5 tiles, 9 apart, a gap in the
    # standing row and a photo upside down; the calibration layout (rows of 9, 9, 9, 7, 8 touching
    # tiles) of "groups that make no meld" and a winning tile not set apart
    from vision.grouping.hand_reading import GRID, TILE_COUNT
    out = pipeline.score_tiles(_grid_of_20())
    assert out["reading"]["warnings"] == [
        "found 20 tiles in 4 rows of 5, laid out as a grid, not as a hand: lay the hand out as it was played (the "
        "standing tiles in one row, each meld apart, the winning tile at the right), or, to teach mjtable a tile "
        "set, calibrate it from a photo of its tiles laid out in order"]
    assert out["no_hand"] == "found 20 tiles in 4 rows of 5, laid out as a grid, not as a hand"
    from flask import Flask

    from webui.i18n import french_message
    with Flask(__name__).test_request_context("/?lang=fr"):
        assert french_message(out["reading"]["warnings"][0]).startswith(
            "20 tuiles trouvées en 4 rangées de 5, disposées en grille et non en main : disposez la main")
        assert french_message(out["no_hand"]) == "20 tuiles trouvées en 4 rangées de 5, disposées en grille et non en main"
    codes = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)] + [f"{n}f" for n in range(1, 9)]
    layout = [vision.TileRead(code=c, box=(40.0 * (k % 9), 60.0 * (k // 9), 40.0 * (k % 9) + 38, 60.0 * (k // 9) + 52),
                              confidence=0.9, top3=[(c, 0.9)]) for k, c in enumerate(codes)]
    warnings = pipeline.score_tiles(layout)["reading"]["warnings"]
    # the last row, six flowers, is no sign of a grid but one of its rows ("4 rows of 9" left it out)
    assert len(warnings) == 1 and warnings[0].startswith("found 42 tiles in 5 rows of 6-9, laid out as a grid"), warnings
    assert GRID.match(warnings[0]) and TILE_COUNT.match(warnings[0])
    # blocks: a test photo's four rows of 4 + 4 tiles, a tile's width between the blocks, was told
    # of five groups that make no meld and a winning tile not set apart
    blocks = [vision.TileRead(code=codes[k], box=(x, 60.0 * r, x + 38, 60.0 * r + 52), confidence=0.9,
                              top3=[(codes[k], 0.9)])
              for r in range(4) for c in range(8) for k, x in [(8 * r + c, 40.0 * c + (40.0 if c >= 4 else 0.0))]]
    warnings = pipeline.score_tiles(blocks)["reading"]["warnings"]
    assert warnings[0].startswith("found 32 tiles in 4 rows of 8, laid out as a grid") and len(warnings) == 1, warnings
    # a standing row, two pungs laid touching in front and a row of flowers, a standing tile
    # missed: "17 tiles in 3 rows of 4-7, laid out as a grid" (a review's case)
    rows = [["1m", "2m", "3m", "4p", "5p", "6p", "7s"], ["5s", "5s", "5s", "9m", "9m", "9m"], ["1f", "2f", "3f", "4f"]]
    hand = [vision.TileRead(code=c, box=(40.0 * k, 70.0 * r, 40.0 * k + 38, 70.0 * r + 52), confidence=0.9,
                            top3=[(c, 0.9)]) for r, row in enumerate(rows) for k, c in enumerate(row)]
    reading = vision.group(hand, rules="mcr")
    assert reading.hand is None and not any(GRID.match(w) for w in reading.warnings), reading.warnings
    # a hand with melds and flowers, a standing tile missed (no hand built), is not a grid
    hand, placed, tiles = mock_tiles("[555p][777s][999m]123m1z 1z 1f2f3f4f", style="chinese")
    reading = vision.group(tiles[1:], rules="mcr")
    assert reading.hand is None and not any(GRID.match(w) for w in reading.warnings), reading.warnings


def test_a_back_in_the_only_row_is_named_where_no_standing_tiles_are_found():
    # a test photo's row of 14 tiles, a tile cut by the photo's edge read as a back at its end, was
    # told only "could not find the standing tiles"
    codes = ["3m", "1z", "3z", "2z", "8s", "3s", "5z", "2s", "8s", "4p", "2p", "2z", "8p", "1f", None]
    tiles = [vision.TileRead(code=c, box=(82.0 + 37 * k, 363.0, 118.0 + 37 * k, 426.0), confidence=0.9,
                             face_down=c is None, top3=[(c, 0.9)] if c else []) for k, c in enumerate(codes)]
    warnings = vision.group(tiles).warnings
    assert warnings == ["could not find the standing tiles: the rows hold 1 tile(s) read face down, where standing "
                        "tiles are face up: correct or remove them"]
    from flask import Flask

    from webui.i18n import msg
    with Flask(__name__).test_request_context("/?lang=fr"):
        assert msg(warnings[0]).startswith("tuiles debout introuvables : les rangées comptent 1 tuile lue face cachée,")


def test_the_tile_count_names_the_tiles_in_groups_that_make_no_meld():
    # 16 tiles laid in short rows, every one read right, were "found 8 tiles where a winning hand
    # has 14: a tile may be hidden": the tiles of the groups that made no meld were in no count
    from vision.grouping.hand_reading import TILE_COUNT, tile_count_message
    said = tile_count_message(5, 0, 2, unmelded=9)
    assert TILE_COUNT.match(said) and said.endswith("9 more in groups that make no meld, and 2 beside them as "
                                                    "flowers: check those groups' tiles")
    assert pipeline.no_hand_reason([said], None, None) == (
        "found 5 tiles where a winning hand has 14, 9 more in groups that make no meld, and 2 beside them as flowers")
    from flask import Flask

    from webui.i18n import french_message
    with Flask(__name__).test_request_context("/?lang=fr"):
        for text in (said, tile_count_message(5, 0, unmelded=9), pipeline.no_hand_reason([said], None, None)):
            assert "groupes qui ne forment pas de combinaison" in french_message(text), text


def test_two_hands_side_by_side_are_no_hand():
    # a robustness review's photo of one row of 14 tiles, twice side by side: the second row was a
    # "group" placed nowhere, and the first alone was decoded (one tile changed) and scored as a win
    codes = "7m 3m 9m 7m 1m 1m 3m 8m 6m 1m 8m 9m 6m 8m".split()
    tiles = [vision.TileRead(code=c, box=(20.0 + 40 * k + (200 if k >= 14 else 0), 300.0,
                                          58.0 + 40 * k + (200 if k >= 14 else 0), 354.0), confidence=0.99,
                             top3=[(c, 0.99)]) for k, c in enumerate(codes * 2)]
    out = pipeline.score_tiles(tiles, rules="mcr")
    assert out["hand"] is None and out["notation"] is None
    assert out["no_hand"] == "group 1 (14 tiles) is neither a meld of 3 or 4 tiles nor part of the standing row", \
        out["no_hand"]
    # four tiles beyond the hand that make no meld (a real photo's heap behind it) are left out, and
    # the hand is read (train hand_168's was, rightly)
    row = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 2z 2z 2z".split()
    tiles = [vision.TileRead(code=c, box=(20.0 + 40 * k + (30 if k == 13 else 0), 300.0,
                                          58.0 + 40 * k + (30 if k == 13 else 0), 354.0), confidence=0.99,
                             top3=[(c, 0.99)]) for k, c in enumerate(row)]
    tiles += [vision.TileRead(code=c, box=(100.0 + 40 * k, 100.0, 138.0 + 40 * k, 154.0), confidence=0.6,
                              top3=[(c, 0.6)]) for k, c in enumerate("1p 5s 9m 3z".split())]
    out = pipeline.score_tiles(tiles, rules="mcr")
    assert out["notation"] == "123m456p789s1122z 2z", (out["notation"], out["no_hand"])


def test_a_win_only_by_changing_tiles_read_surely_is_no_win():
    # a robustness review's row of 14 tiles, each read at 0.9996, is no winning hand; decoding made
    # it one by a tile's 0.0002 alternative and it was scored, 29 points (confidence 0.05)
    codes = "7m 3m 9m 7m 1m 1m 3m 8m 6m 1m 8m 9m 6m 8m".split()
    after = {f"{n}m": f"{n % 9 + 1}m" for n in range(1, 10)}
    tiles = [vision.TileRead(code=c, box=(20.0 + 40 * k + (30 if k == 13 else 0), 300.0,
                                          58.0 + 40 * k + (30 if k == 13 else 0), 354.0), confidence=0.99,
                             top3=[(c, 0.9996), (after[c], 0.0002), ("5z", 0.0001)]) for k, c in enumerate(codes)]
    out = pipeline.score_tiles(tiles, rules="mcr")
    dec = out["reading"]["decoding"]
    assert dec["status"] == "not_credible" and not dec["changes"], dec
    assert out["score"] is not None and not out["score"]["valid"]          # the tiles as read: no win
    # and said with the tiles, read without a rule set too (`mjtable read` printed the hand unwarned)
    for rules in ("mcr", None):
        said = pipeline.score_tiles(tiles, rules=rules)
        assert said["notation"] and dec["message"] in said["reading"]["warnings"], said["reading"]["warnings"]


def test_a_win_made_by_changing_unsure_tiles_between_two_as_likely_hands_is_no_win():
    # a blurred real hand (tiles read 0.3-0.4) was decoded at 0.50 into another winning hand and
    # scored 77 points instead of 31 (mjtable.pipeline.DECODE_CHOICE_FLOOR)
    hand, placed, tiles = mock_tiles("123m456p789s11z22z 2z", style="chinese")
    i = next(k for k, t in enumerate(tiles) if t.code == "1m")
    tiles[i].code, tiles[i].confidence, tiles[i].top3 = "7m", 0.4, [("7m", 0.4), ("1m", 0.3), ("4m", 0.3)]
    out = pipeline.score_tiles(tiles, rules="mcr")
    dec = out["reading"]["decoding"]
    assert dec["status"] == "not_credible" and dec["hand"] is None and 0.1 <= dec["confidence"] < 0.6, dec
    assert dec["message"].startswith("the tiles as read are not a winning hand, and the nearest winning hand, "
                                     "changing 1 tile(s), is not sure enough (confidence 0.")
    assert not out["score"]["valid"]                                    # the tiles as read: no win
    # the tiles at stake are still named, with what was read there
    said = next(w for w in out["reading"]["warnings"] if w.startswith("two readings make a winning hand"))
    assert f"(tile #{i}, read 7m (0.40))" in said, said
    # the same tile read a little more surely as the one that wins is decoded, as before
    tiles[i].top3 = [("7m", 0.4), ("1m", 0.55), ("4m", 0.05)]
    assert pipeline.score_tiles(tiles, rules="mcr")["score"]["valid"]


def test_a_photo_of_backs_alone_says_no_face_up_tile_was_found():
    # a picture of stripes read as 88 backs was told "correct or remove them", exit 0
    from vision.grouping.table import NO_FACE_UP
    from webui import i18n
    tiles = [vision.TileRead(code=None, box=(20.0 + 40 * k, 300.0, 58.0 + 40 * k, 354.0), confidence=0.7,
                             face_down=True) for k in range(20)]
    out = pipeline.score_tiles(tiles, rules="mcr")
    assert out["no_hand"] == "no face-up tile found in the photo" and NO_FACE_UP in out["reading"]["warnings"]
    assert i18n.NO_FACE_UP_NOTE == NO_FACE_UP        # the review page leaves it to its own question
    assert i18n.review_notes([NO_FACE_UP]) == []
    # a hand with a concealed kong's backs is read as before
    hand, _, with_backs = mock_tiles("(1111m)234p567s789s5z 5z", style="chinese")
    assert pipeline.score_tiles(with_backs, rules="mcr")["score"]["valid"]


#: A valid photo's hand laid one set to a row (hand_008: flowers, 123m, 123m, 567m, 678m, 7z 7z),
#: near-square faces seen from above, as the reader read it (boxes, sideways flags).
SETS_IN_ROWS = [("3f", (172, 42, 265, 132), False), ("7f", (266, 41, 359, 129), False),
                ("1m", (165, 133, 260, 224), False), ("2m", (262, 131, 355, 224), False), ("3m", (356, 129, 451, 221), True),
                ("1m", (164, 225, 260, 319), True), ("2m", (261, 224, 354, 318), False), ("3m", (356, 221, 452, 315), True),
                ("5m", (161, 318, 257, 414), False), ("6m", (258, 317, 353, 413), False), ("7m", (355, 315, 454, 412), True),
                ("6m", (159, 414, 255, 511), False), ("7m", (256, 412, 354, 510), False), ("8m", (355, 410, 451, 509), False),
                ("7z", (159, 512, 258, 609), True), ("7z", (259, 511, 356, 606), True)]


def test_a_hand_laid_one_set_to_a_row_is_read_across_not_as_a_grid():
    # its columns (6, 6 and 4 tiles) were taken for the rows of a grid: "found 16 tiles in 3 rows
    # of 4-6, laid out as a grid, not as a hand"
    from vision.grouping.hand_reading import GRID
    from vision.grouping.table import SETS_IN_ROWS as SAID
    tiles = [vision.TileRead(code=c, box=tuple(map(float, b)), confidence=0.9, sideways=side, top3=[(c, 1.0)])
             for c, b, side in SETS_IN_ROWS]
    reading = vision.group(tiles, rules="mcr")
    assert reading.hand is not None and not any(GRID.match(w) for w in reading.warnings), reading.warnings
    assert sorted(m["tiles"] for m in reading.hand["melds"]) == [["1m", "2m", "3m"], ["1m", "2m", "3m"],
                                                                  ["5m", "6m", "7m"], ["6m", "7m", "8m"]]
    assert reading.hand["concealed"] == ["7z", "7z"] and sorted(reading.hand["bonus"]) == ["3f", "7f"]
    assert reading.warnings[0] == SAID
    from flask import Flask

    from webui.i18n import french_message
    with Flask(__name__).test_request_context("/?lang=fr"):
        assert french_message(SAID).startswith("les tuiles sont disposées une combinaison par rangée")
