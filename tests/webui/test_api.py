"""JSON API: /api/score answers what `mjtable score --json` prints; /api/read rejects broken,
hostile and oversized images with a clear 4xx; errors are JSON with a message."""
from __future__ import annotations

import contextlib
import io
import json

import pytest

from mjtable import cli

from .conftest import csrf_of
from .helpers import NOT_COMPLETE, WIN, jpeg_bytes, png_header_only


def cli_json(*argv) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli.main(list(argv))
    return json.loads(out.getvalue())


def test_score_matches_the_cli(client):
    r = client.post("/api/score", json={"hand": WIN, "rules": "toy", "context": {"self_drawn": True}})
    assert r.status_code == 200
    assert r.json == cli_json("score", WIN, "--rules", "toy", "--self-drawn", "--json")
    assert r.json["score"]["valid"] is True
    assert r.json["hand"]["context"] == {"self_drawn": True}


def test_score_accepts_hand_json_and_notation_alike(client):
    by_text = client.post("/api/score", json={"hand": WIN, "rules": "toy"}).json
    by_json = client.post("/api/score", json={"hand": by_text["hand"], "rules": "toy"}).json
    assert by_text == by_json


def test_rule_set_names_in_any_case(client):
    # the command line took --rules RIICHI; the API refused "Riichi" as an unknown rule set
    assert client.post("/api/score", json={"hand": WIN, "rules": "MCR"}).json["score"]["rules"] == "mcr"
    game = client.post("/api/games", json={"rules": "Riichi", "players": list("ABCD")}).json["game"]
    assert game["rules"] == "riichi"


def test_rule_set_names_players_type(client):
    # `mjtable score --rules "Hong Kong"` scored; the API refused the same name as unknown
    assert client.post("/api/score", json={"hand": WIN, "rules": "Hong Kong"}).json["score"]["rules"] == "hk"
    game = client.post("/api/games", json={"rules": "ema", "players": list("ABCD")}).json["game"]
    assert game["rules"] == "riichi"


def test_a_games_name_is_one_line(client):
    # a line break in it split every listing and standing line of `mjtable games` in two
    r = client.post("/api/games", json={"name": "line1\nline2", "rules": "mcr", "players": list("ABCD")})
    assert r.status_code == 400 and r.json["error"]["message"] == "the game's name is one line", r.json
    gid = client.post("/api/games", json={"name": "Friday", "rules": "mcr", "players": list("ABCD")}).json["game"]["id"]
    r = client.patch(f"/api/games/{gid}", json={"name": "Fri\r\nday"})
    assert r.status_code == 400 and client.get(f"/api/games/{gid}").json["game"]["name"] == "Friday"
    # a name of two lines, as an older mjtable kept it, is not what a correction of the players
    # is refused for: the name is left as it is
    import sqlite3
    with contextlib.closing(sqlite3.connect(client.application.config["DATABASE"])) as conn, conn:
        conn.execute("UPDATE games SET name = 'Friday\nnight' WHERE id = ?", (gid,))
    r = client.patch(f"/api/games/{gid}", json={"players": ["Ann", "B", "C", "D"]})
    game = client.get(f"/api/games/{gid}").json["game"]
    assert r.status_code == 200 and game["players"][0] == "Ann" and game["name"] == "Friday\nnight", r.json
    # nor by the game page's form, whose text field sends the name without its line breaks, and
    # its hidden copy of the name shown with them (taken for a rename on another device)
    form = {"csrf_token": csrf_of(client), "name": "Fridaynight", "shown_name": "Friday\r\nnight",
            **{f"player{i}": p for i, p in enumerate(["Bea", "B", "C", "D"])},
            **{f"shown_player{i}": p for i, p in enumerate(["Ann", "B", "C", "D"])}}
    assert client.post(f"/games/{gid}/rename", data=form).status_code == 303
    game = client.get(f"/api/games/{gid}").json["game"]
    assert game["players"][0] == "Bea" and game["name"] == "Friday\nnight", game


def test_options_reach_the_rule_set(client):
    r = client.post("/api/score", json={"hand": WIN, "rules": "toy", "options": {"min_points": 50}})
    assert r.status_code == 422
    assert r.json["score"]["valid"] is False
    assert r.json["error"]["code"] == "below_minimum"


def test_an_mcr_hand_under_the_minimum_is_no_win(client):
    """Valid, counted, but under 8 points without flowers it cannot be declared (000,
    Déroulement): the API said 200 where the command line exits 1 and a game refuses it."""
    r = client.post("/api/score", json={"hand": "[234m,1][567p,1]234s678s1z 1z", "rules": "mcr"})
    assert r.status_code == 422, r.json
    assert r.json["error"]["code"] == "below_minimum", r.json["error"]
    assert r.json["error"]["message"].startswith("2 points, below the 8-point minimum")
    assert r.json["score"]["valid"] is True and r.json["score"]["minimum_met"] is False


def test_hand_that_is_not_complete_is_a_422_with_the_score(client):
    r = client.post("/api/score", json={"hand": NOT_COMPLETE, "rules": "toy"})
    assert r.status_code == 422
    assert r.json["error"]["message"]
    assert r.json["notation"] and r.json["score"]["valid"] is False


@pytest.mark.parametrize("body, code, field", [
    ({"hand": "123m456p789s11z2x 2z", "rules": "toy"}, "bad_notation", None),
    ({"hand": "123m456p789s11z 1z", "rules": "toy"}, "wrong_tile_count", None),
    ({"hand": WIN, "rules": "nope"}, "unknown_rules", "rules"),
    ({"hand": WIN, "rules": "toy", "options": {"colour": 1}}, "unknown_option", "options.colour"),
    ({"hand": WIN, "rules": "toy", "context": {"wind": "E"}}, "unknown_key", "context.wind"),
    ({"hand": WIN, "rules": "toy", "context": "E"}, "bad_field", "context"),
    ({"rules": "toy"}, "bad_field", "hand"),
    ({"hand": {"concealed": ["1m"]}, "rules": "toy"}, "bad_field", "winning_tile"),
    ({"hand": WIN, "rules": "toy", "option": {"colour": 1}}, "unknown_key", "option"),    # a typo, not ignored
])
def test_score_errors_are_json_4xx(client, body, code, field):
    r = client.post("/api/score", json=body)
    assert r.status_code == 400
    assert r.json["error"]["code"] == code
    assert r.json["error"]["message"]
    if field:
        assert r.json["error"]["field"] == field


def test_score_needs_a_json_object(client):
    r = client.post("/api/score", data="hand=1m", content_type="application/json")
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_json"
    r = client.post("/api/score", json=["not", "an", "object"])
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_json"


def test_score_under_all_rule_sets(client):
    r = client.post("/api/score", json={"hand": WIN, "rules": "all"})
    assert r.status_code == 200
    assert "toy" in r.json["scores"]


def test_rules_list_their_context_and_options(client):
    rules = {r["name"]: r for r in client.get("/api/rules").json["rules"]}
    toy = rules["toy"]
    assert [f["name"] for f in toy["context"]] == ["self_drawn", "seat_wind", "round_wind", "last_tile", "discarder"]
    opts = {o["name"]: o for o in toy["options"]}
    assert opts["payments"]["kind"] == "choice" and opts["payments"]["choices"] == ["mcr", "dealer", "split"]
    assert opts["min_points"]["kind"] == "count"


# -- /api/read ---------------------------------------------------------------------------------
def _read(client, data: bytes, name="hand.jpg", **fields):
    fields.setdefault("rules", "toy")
    return client.post("/api/read", data={"image": (io.BytesIO(data), name), **fields},
                       content_type="multipart/form-data")


def test_read_of_a_photo_over_3000_px_gives_boxes_in_its_own_pixels(client):
    """The API read a large photo scaled down and gave its boxes in the scaled copy's pixels,
    0.74× off the photo's (`mjtable read --json` gives the photo's own)."""
    import cv2
    from pathlib import Path
    from .test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the tile reader's weights are not installed")
    small = cv2.imread(str(Path(__file__).parents[1] / "fixtures" / "vision" / "rendered_hand_riichi.jpg"))
    big = cv2.resize(small, None, fx=4000 / small.shape[1], fy=4000 / small.shape[1])
    boxes = {}
    for name, img in (("small", small), ("big", big)):
        r = _read(client, cv2.imencode(".jpg", img)[1].tobytes(), rules="")
        assert r.status_code == 200, r.json
        boxes[name] = sorted(t["box"] for t in r.json["tiles"])
    factor = 4000 / small.shape[1]
    assert len(boxes["big"]) == len(boxes["small"]) > 10
    for b, s in zip(boxes["big"], boxes["small"]):
        assert all(abs(bv - sv * factor) < 0.05 * factor * (s[2] - s[0]) for bv, sv in zip(b, s)), (b, s)


def test_read_of_a_photo_read_scaled_down_gives_the_faces_corners_in_its_own_pixels_too(client, monkeypatch):
    # the boxes were scaled back to the upload's pixels, the corners beside them were not
    from types import SimpleNamespace

    from webui import reading
    tile = {"code": "1m", "box": [100.0, 100.0, 140.0, 154.0], "corners": [[100, 100], [140, 100], [140, 154], [100, 154]]}
    photo = SimpleNamespace(source_width=4000, width=2000)
    monkeypatch.setattr(reading, "read_upload", lambda *a, **k: (photo, {"tiles": [dict(tile)]}))
    r = _read(client, b"not read: the reading is stood in for", rules="")
    assert r.status_code == 200, r.json
    (read,) = r.json["tiles"]
    assert read["box"] == [200.0, 200.0, 280.0, 308.0]
    assert read["corners"] == [[200.0, 200.0], [280.0, 200.0], [280.0, 308.0], [200.0, 308.0]]


def test_read_of_the_image_sent_as_text_says_to_send_a_file(client):
    # a data URL in a text field: « unknown key 'image'; known keys: » and 25 keys
    r = client.post("/api/read", data={"image": "data:image/jpeg;base64,/9j/4AAQ", "rules": "mcr"},
                    content_type="multipart/form-data")
    assert r.status_code == 400 and "send the photo as a file" in r.json["error"]["message"]


def test_read_without_image_field(client):
    r = client.post("/api/read", data={"rules": "toy"}, content_type="multipart/form-data")
    assert r.status_code == 400
    assert r.json["error"]["field"] == "image"


def test_read_refuses_a_field_it_does_not_know(client):
    # a misspelt context key ("selfdrawn") would otherwise score the hand as a win on a discard
    r = _read(client, jpeg_bytes(), selfdrawn="yes")
    assert r.status_code == 400 and r.json["error"]["code"] == "unknown_key"
    assert r.json["error"]["field"] == "form.selfdrawn" and "self_drawn" in r.json["error"]["message"]
    r = client.post("/api/read", data={"image": (io.BytesIO(jpeg_bytes()), "p.jpg"),
                                       "photo": (io.BytesIO(jpeg_bytes()), "q.jpg")}, content_type="multipart/form-data")
    assert r.status_code == 400 and r.json["error"]["field"] == "files.photo"


def test_read_broken_jpeg(client):
    data = jpeg_bytes()[:200]
    r = _read(client, data)
    assert r.status_code == 400
    assert r.json["error"]["code"] == "truncated"   # the image gate names it, as `mjtable read` does


def test_read_of_a_corrupt_jpeg_says_so_first_among_the_warnings(client, monkeypatch):
    # Pillow decoded it and the reader was given the stored copy: the grey half was read
    # without a word (a tile short, "no winning hand")
    import numpy as np
    import vision
    from PIL import Image
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: [], raising=False)
    out = io.BytesIO()
    Image.fromarray(np.random.default_rng(1).integers(0, 255, (240, 320, 3), dtype=np.uint8)).resize(
        (3200, 2400)).save(out, "JPEG")
    r = _read(client, out.getvalue()[: len(out.getvalue()) // 2] + b"\xff\xd9", rules="")
    assert r.status_code == 200, r.json
    assert r.json["reading"]["warnings"][0].startswith("the JPEG file is damaged (Corrupt JPEG data")
    r = _read(client, out.getvalue(), rules="")
    assert not any("damaged" in w for w in r.json["reading"]["warnings"])


def test_read_refuses_a_context_key_given_twice_differently_or_a_second_photo(client, monkeypatch):
    # riichi=true as a field won over {"riichi": false} in the context field; a second image was dropped
    import vision
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: [], raising=False)
    r = client.post("/api/read", data={"image": (io.BytesIO(jpeg_bytes()), "p.jpg"), "context": '{"riichi": false}',
                                       "riichi": "true"}, content_type="multipart/form-data")
    assert r.status_code == 400 and r.json["error"]["field"] == "context.riichi", r.json
    r = client.post("/api/read", data={"image": [(io.BytesIO(jpeg_bytes()), "p.jpg"), (io.BytesIO(jpeg_bytes()), "q.jpg")]},
                    content_type="multipart/form-data")
    assert r.status_code == 400 and r.json["error"]["field"] == "image"
    r = client.post("/api/read", data={"image": (io.BytesIO(jpeg_bytes()), "p.jpg"), "rules": ["mcr", "riichi"]},
                    content_type="multipart/form-data")
    assert r.status_code == 400 and r.json["error"]["field"] == "rules", r.json
    r = client.post("/api/read", data={"image": (io.BytesIO(jpeg_bytes()), "p.jpg"), "context": '{"seat_wind": "s"}',
                                       "seat_wind": "S"}, content_type="multipart/form-data")
    assert r.status_code == 200, r.json
    # a mistyped dora indicator names its field, as every refusal does (it named none)
    r = client.post("/api/read", data={"image": (io.BytesIO(jpeg_bytes()), "p.jpg"), "rules": "riichi",
                                       "dora_indicators": "zz"}, content_type="multipart/form-data")
    assert r.status_code == 400 and r.json["error"]["field"] == "context.dora_indicators", r.json


def test_read_text_file_named_jpg(client):
    r = _read(client, b"hello, I am not a photo\n" * 10, name="photo.jpg")
    assert r.status_code == 400
    assert r.json["error"]["code"] == "not_an_image"


def test_a_photo_sent_while_every_reading_slot_is_taken_waits_then_is_told_to_come_again(client, monkeypatch):
    # sixteen 40 MP uploads at once held 5.4 GB: a server reads READS_AT_ONCE photos at a time
    from webui import reading
    monkeypatch.setattr(reading, "READ_WAIT_S", 0.05)
    taken = [reading._READ_SLOTS.acquire(timeout=1) for _ in range(reading.READS_AT_ONCE)]
    try:
        assert all(taken)
        r = _read(client, b"hello, I am not a photo\n" * 10, name="photo.jpg")
        assert r.status_code == 503 and r.json["error"]["code"] == "reader_busy"
        assert "photos are being read: send this one again in a moment" in r.json["error"]["message"]
    finally:
        for _ in taken:
            reading._READ_SLOTS.release()
    # a slot free again: read (here refused for what it is), and the slot given back
    assert _read(client, b"hello, I am not a photo\n" * 10, name="photo.jpg").json["error"]["code"] == "not_an_image"
    assert _read(client, b"hello, I am not a photo\n" * 10, name="photo.jpg").json["error"]["code"] == "not_an_image"
    assert reading._READ_SLOTS.acquire(timeout=0.01) and reading._READ_SLOTS.acquire(timeout=0.01)
    reading._READ_SLOTS.release(), reading._READ_SLOTS.release()


def test_read_empty_file(client):
    r = _read(client, b"")
    assert r.status_code == 400
    assert r.json["error"]["code"] == "empty"


def test_read_huge_png_is_refused_before_decoding(client):
    data = png_header_only(20000, 20000)
    assert len(data) < 2000
    r = _read(client, data, name="huge.png")
    assert r.status_code == 413
    assert r.json["error"]["code"] == "too_large"
    assert "20000×20000" in r.json["error"]["message"]


def test_read_over_the_byte_limit(tmp_path):
    from webui import create_app
    app = create_app({"DATA_DIR": str(tmp_path), "SECRET_KEY": "t", "MAX_CONTENT_LENGTH": 10_000})
    r = _read(app.test_client(), b"\xff\xd8\xff" + b"\0" * 20_000)
    assert r.status_code == 413
    # the code the docs name for a 413, as over the pixel limit (it was "request_entity_too_large")
    assert "larger than" in r.json["error"]["message"] and r.json["error"]["code"] == "too_large"


def test_read_bad_context_is_refused_before_reading(client):
    r = _read(client, jpeg_bytes(), rules="toy", context='{"wind": "E"}')
    assert r.status_code == 400 and r.json["error"]["code"] == "unknown_key"
    r = _read(client, jpeg_bytes(), rules="toy", honba="many")
    assert r.status_code == 400 and r.json["error"]["field"] == "context.honba"
    r = _read(client, jpeg_bytes(), rules="nope")
    assert r.status_code == 400 and r.json["error"]["code"] == "unknown_rules"
    # a yes/no field with another word is refused, not read as no
    r = _read(client, jpeg_bytes(), rules="toy", self_drawn="maybe")
    assert r.status_code == 400 and r.json["error"]["field"] == "self_drawn"


def test_a_game_body_with_an_unknown_key_is_refused(client):
    r = client.post("/api/games", json={"rules": "toy", "players": list("ABCD"), "option": {}})
    assert r.status_code == 400 and r.json["error"]["code"] == "unknown_key" and r.json["error"]["field"] == "option"


def test_read_a_valid_image(client):
    """A decodable image reaches the reader: it answers, or (reader or weights not installed
    in this checkout) a 503 that says so; never a 500."""
    from .test_photo import reader_ready
    r = _read(client, jpeg_bytes(640, 480), rules="toy")
    if reader_ready():
        assert r.status_code == 200, r.json
        assert isinstance(r.json["tiles"], list)
    else:
        assert r.status_code == 503 and r.json["error"]["code"] == "reader_unavailable"


def test_unknown_api_address_is_json_404(client):
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json["error"]["message"]
    r = client.get("/api/score")
    assert r.status_code == 405 and r.json["error"]["message"]


REAL_HANDS = {  # a winning hand, self-drawn, under each real rule set
    "mcr": "123456789m123p5z 5z",
    "riichi": "123m456p789s11p22z 2z",
    "hk": "123m456p789s11p22z 2z",
    "classical": "123m456p789s11p22z 2z",
}


@pytest.mark.parametrize("rules", sorted(REAL_HANDS))
def test_real_rule_sets_match_the_cli(client, rules):
    import scorer
    try:
        scorer.get_rule_set(rules)
    except ImportError:
        pytest.skip(f"{rules} has not landed in this checkout")
    hand = REAL_HANDS[rules]
    r = client.post("/api/score", json={"hand": hand, "rules": rules, "context": {"self_drawn": True}})
    assert r.status_code == 200, r.json
    assert r.json == cli_json("score", hand, "--rules", rules, "--self-drawn", "--json")
    html = client.post("/review/score", json={"hand": hand, "rules": rules,
                                              "form": {"ctx__present": "1", "ctx_self_drawn": "1"}}).json
    assert html["ok"] and f'id="score-total">{r.json["score"]["total"]:,}<' in html["html"]


def test_a_hand_input_error_says_which_part_of_the_hand_in_words(client):
    out = client.post("/review/score", json={"hand": "1111122m345p789s55z 5z", "rules": "mcr", "form": {}}).json
    assert not out["ok"] and out["error"]["field"] == "concealed"
    assert "in the standing tiles" in out["html"] and "at concealed" not in out["html"]


def test_the_enter_a_hand_page_leaves_the_seat_wind_unsaid_until_chosen(client):
    # East was chosen by default: every hand was settled as the dealer's, and "assumed" said nothing
    import re
    page = client.get("/review/new?rules=riichi").get_data(as_text=True)
    select = re.search(r'<select name="ctx_seat_wind">(.*?)</select>', page, re.S).group(1)
    assert select.startswith('<option value="">— (scored as East)</option>') and " selected" not in select
    out = client.post("/review/score", json={"hand": "234m345p678s22p56s 7s", "rules": "riichi",
                                             "form": {"ctx_self_drawn": "1", "ctx_seat_wind": "", "ctx__present": "1"}}).json
    assert "seat_wind" in out["score"]["assumed"]


def test_the_review_page_says_which_red_fives_box_is_for_this_hand_and_which_for_every_hand(client):
    # the hand's context and the rule option were two boxes both labelled "red fives"
    import re
    page = client.get("/review/new?rules=riichi").get_data(as_text=True)
    said = {name: re.sub(r"\s+", " ", text).strip() for name, text in
            re.findall(r'name="(ctx_red_fives|opt_red_fives)" value="1">([^<]*)</label>', page)}
    assert said == {"ctx_red_fives": "red fives count as dora in this hand",
                    "opt_red_fives": "red fives count as dora in every hand"}, said
    page = client.get("/review/new?rules=riichi&lang=fr").get_data(as_text=True)
    assert "les cinq rouges comptent comme dora dans cette main" in page and "dans chaque main" in page


def test_one_point_is_said_in_the_singular(client):
    # "1 points" under the total and in the other rules' table
    import re
    out = client.post("/review/score", json={"hand": "[234m,2][888p,2]567s13p55z 2p", "rules": "mcr", "form": {}}).json
    text = re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", out["html"]))
    assert "1 point" in text and "1 points" not in text


def test_a_wrong_method_says_the_methods_the_address_takes(client):
    r = client.put("/api/score", json={})
    assert r.status_code == 405 and r.json["error"]["code"] == "method_not_allowed"
    assert "POST" in r.headers["Allow"].split(", ")


def test_a_key_given_twice_in_a_json_object_is_refused(client):
    # {"discarder": 1, "discarder": null} kept the last one without a word
    r = client.post("/api/score", data='{"hand": "123m456p789s1122z 2z", "rules": "mcr", "rules": "riichi"}',
                    content_type="application/json")
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_json" and "'rules' is given twice" in r.json["error"]["message"]


def test_a_game_is_deleted_through_the_api(client):
    gid = client.post("/api/games", json={"rules": "toy", "players": list("ABCD")}).json["game"]["id"]
    r = client.delete(f"/api/games/{gid}", json={})
    assert r.status_code == 200 and r.json == {"deleted": gid}
    assert client.get(f"/api/games/{gid}").status_code == 404
    assert client.delete(f"/api/games/{gid}", json={}).status_code == 404


def test_a_context_key_given_twice_differently_is_refused(client):
    # the request's self_drawn silently won over the hand's own
    hand = client.post("/api/score", json={"hand": WIN, "rules": "toy", "context": {"self_drawn": True}}).json["hand"]
    r = client.post("/api/score", json={"hand": hand, "rules": "toy", "context": {"self_drawn": False}})
    assert r.status_code == 400 and r.json["error"]["field"] == "context.self_drawn", r.json
    same = client.post("/api/score", json={"hand": hand, "rules": "toy", "context": {"self_drawn": True}})
    assert same.status_code == 200


def test_an_id_in_digits_no_int_reads_is_refused_not_a_server_error(client):
    # str.isdigit takes "¹", which int() refuses: a game id "¹" was a 500
    r = client.post("/review/score", json={"hand": "123m456p789s11z22z 2z", "rules": "mcr", "form": {}, "game": "¹"})
    assert r.status_code == 400 and r.json["error"]["field"] == "game"


def test_a_hand_under_the_tables_minimum_shows_what_it_counts(client):
    # "2 faan is below the agreed minimum of 3" alone: a beginner could not tell what was missing
    out = client.post("/review/score", json={"hand": "123m456p789s234s5s 5s", "rules": "hk",
                                             "form": {"opt__present": "1", "opt_min_faan": "3"}}).json
    assert out["score"]["error"]["reason"] == "below_minimum", out["score"]
    assert 'id="counted">What the hand counts: Common Hand 1 faan.' in out["html"]
    # no pattern counted (riichi without a yaku): nothing more said
    out = client.post("/review/score", json={"hand": "[123m]456p789s234s5z 5z", "rules": "riichi", "form": {}}).json
    assert 'id="counted"' not in out["html"]


def test_a_hand_under_mcrs_minimum_with_flowers_says_its_points_without_them_in_the_headline(client):
    import re
    # "9 points under the 8-point minimum: no win": 5 points and 4 flowers, the minimum counting none
    out = client.post("/review/score", json={"hand": "123m456m234p678s9s 9s 1234f", "rules": "mcr",
                                             "form": {"ctx__present": "1", "ctx_seat_wind": "E"}}).json
    score = out["score"]
    assert score["minimum_met"] is False and score["total"] != score["total_without_flowers"], score
    no_win = re.search(r'id="no-win">(.*?)</span>', out["html"]).group(1)
    assert no_win == f"{score['total_without_flowers']} without flowers; under the 8-point minimum: no win", no_win


def test_a_typed_hand_comes_with_notes_on_how_it_was_read(client):
    # the MCR helper's [EEEE] is a concealed kong: read here as exposed, and said so
    hand = "[EEEE][CCCC][FFFF][PPPP]N N"
    out = client.post("/api/score", json={"hand": hand, "rules": "mcr"}).json
    assert [n["code"] for n in out["notes"]] == ["bare_kong"]
    assert client.post("/api/score", json={"hand": out["hand"], "rules": "mcr"}).json["notes"] == []
    assert [n["code"] for n in client.post("/api/score", json={"hand": hand, "rules": "all"}).json["notes"]] \
        == ["bare_kong"]
    assert [n["code"] for n in client.post("/api/score", json={"hand": "123p345p888s456s7z 7z", "rules": "all"})
            .json["notes"]] == ["honour_order"]                # as mjtable score --rules all says it
    fr = client.post("/review/score?lang=fr", json={"hand": hand, "rules": "mcr", "form": {}}).json
    assert fr["notes"][0]["message"].startswith("[EEEE] [CCCC] [FFFF] [PPPP] : lu comme exposé")


def test_a_riichi_hand_scored_alone_counts_the_winners_own_stick_as_the_command_line_does(client):
    # the same hand said 6,200 from `mjtable score` and 5,200 here (002 §3.3.14)
    body = {"hand": "777z234m5678999s 7s", "rules": "riichi",
            "context": {"riichi": True, "self_drawn": True, "seat_wind": "S"}}
    score = client.post("/api/score", json=body).get_json()["score"]
    assert score["total"] == 6200 and score["payments"][-1]["payer"] == "table"
    assert not any("riichi sticks not given" in w for w in score["warnings"])
    given = client.post("/api/score", json={**body, "context": {**body["context"], "riichi_sticks": 2}})
    assert given.get_json()["score"]["total"] == 7200
    page = client.post("/review/score", json={"hand": body["hand"], "rules": "riichi", "form": {
        "ctx__present": "1", "ctx_riichi": "1", "ctx_self_drawn": "1", "ctx_seat_wind": "S"}})
    assert page.get_json()["score"]["total"] == 6200
    # none at all on the table beside a riichi declared is refused, as `mjtable score` refuses it
    none = client.post("/api/score", json={**body, "context": {**body["context"], "riichi_sticks": 0}})
    assert none.status_code == 400 and "the winner's own stick is on the table" in none.get_json()["error"]["message"]


def test_a_hand_recorded_whose_answer_cannot_be_kept_is_answered_as_recorded(client, monkeypatch):
    # a full disk failed the Idempotency-Key's kept answer after the hand was committed: 503 "nothing
    # was recorded", and the player who entered it again had it twice
    import sqlite3
    from webui.store import Store
    gid = client.post("/api/games", json={"rules": "mcr", "players": ["A", "B", "C", "D"]}).json["game"]["id"]

    keep = Store.keep_response

    def full(self, game_id, key, response):     # the answer, kept after the hand is committed
        if "hand" in response:
            raise sqlite3.OperationalError("database or disk is full")
        return keep(self, game_id, key, response)
    monkeypatch.setattr(Store, "keep_response", full)
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "draw"}, headers={"Idempotency-Key": "k1"})
    assert r.status_code == 201 and r.json["hand"]["seq"] == 1
    again = client.post(f"/api/games/{gid}/hands", json={"kind": "draw"}, headers={"Idempotency-Key": "k1"})
    assert again.status_code == 201 and again.headers.get("Idempotent-Replayed") == "true"
    assert len(client.get(f"/api/games/{gid}").json["hands"]) == 1
    # the key sent again with another hand is refused, as where the answer was kept: it was answered
    # as the draw recorded, and the win it carried was lost without a word
    other = client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m123p5z 5z", "winner": 1, "discarder": 0},
                        headers={"Idempotency-Key": "k1"})
    assert other.status_code == 422 and other.json["error"]["code"] == "idempotency_mismatch", other.json
    assert len(client.get(f"/api/games/{gid}").json["hands"]) == 1


def test_a_draft_is_recorded_once_whatever_key_its_request_has(app, client):
    # sent with an Idempotency-Key, a draft was not marked as recorded: sent again without the
    # key (or from its review page) it was recorded a second time
    import io

    from PIL import Image

    from webui import drafts
    from webui.store import get_store
    jpeg = io.BytesIO()
    Image.new("RGB", (64, 48), (9, 9, 9)).save(jpeg, "JPEG")
    with app.app_context():
        draft = get_store().create_draft({"jpeg": jpeg.getvalue(), "width": 64, "height": 48}, {"tiles": []})
    gid = client.post("/api/games", json={"rules": "mcr", "players": list("ABCD"),
                                          "flow": {"open_ended": True}}).json["game"]["id"]
    body = {"hand": "123456789m123p5z 5z", "winner": 1, "discarder": 0, "draft": draft}
    assert client.post(f"/api/games/{gid}/hands", json=body, headers={"Idempotency-Key": "phone-1"}).status_code == 201
    again = client.post(f"/api/games/{gid}/hands", json=body)
    assert again.status_code == 201 and again.headers.get("Idempotent-Replayed") == "true"
    other = client.post(f"/api/games/{gid}/hands", json=body, headers={"Idempotency-Key": "phone-2"})
    assert other.headers.get("Idempotent-Replayed") == "true"
    assert len(client.get(f"/api/games/{gid}").json["hands"]) == 1
    with app.app_context():
        assert drafts.recorded(get_store(), draft) == {"game_id": gid, "seq": 1}


def test_a_draft_recorded_into_one_game_is_not_recorded_into_another(app, client):
    # two phones on one photo's reading recorded it into two games: its hand counted twice
    import io

    from PIL import Image

    from webui.store import DraftRecorded, get_store
    jpeg = io.BytesIO()
    Image.new("RGB", (64, 48), (9, 9, 9)).save(jpeg, "JPEG")
    with app.app_context():
        draft = get_store().create_draft({"jpeg": jpeg.getvalue(), "width": 64, "height": 48}, {"tiles": []})
    new = {"rules": "mcr", "players": list("ABCD"), "flow": {"open_ended": True}}
    first, second = (client.post("/api/games", json=new).json["game"]["id"] for _ in range(2))
    body = {"hand": "123456789m123p5z 5z", "winner": 1, "discarder": 0, "draft": draft}
    assert client.post(f"/api/games/{first}/hands", json=body).status_code == 201
    for headers in ({}, {"Idempotency-Key": "phone-2"}):
        r = client.post(f"/api/games/{second}/hands", json=body, headers=headers)
        assert r.status_code == 409 and r.json["error"]["code"] == "draft_recorded", r.json
        assert f"already recorded in game {first}" in r.json["error"]["message"]
    assert client.get(f"/api/games/{second}").json["hands"] == []
    # the store refuses it whichever request comes second (the check is in the hand's transaction)
    with app.app_context():
        store = get_store()
        with pytest.raises(DraftRecorded) as e:
            store.add_hand(second, {"kind": "draw", "hand": None}, request_key="draft:" + draft)
        assert e.value.game_id == first and store.list_hands(second) == []
    # the game page's form says so, and shows the game where it is (it said "already recorded"
    # of the game it was sent to, where it was not)
    import json
    form = {"csrf_token": csrf_of(client), "payload": json.dumps(body)}
    r = client.post(f"/games/{second}/hands", data=form)
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{first}")
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert f"already recorded in game {first}" in page
    assert client.get(f"/api/games/{second}").json["hands"] == []


def test_an_idempotency_key_of_a_restored_hand_still_refuses_another_hand(client):
    # restored, the key's request digest was gone: the key sent with another hand was answered as
    # a replay of the first, and the other hand silently not recorded
    gid = client.post("/api/games", json={"rules": "mcr", "players": list("ABCD"),
                                          "flow": {"open_ended": True}}).json["game"]["id"]
    key = {"Idempotency-Key": "k-1"}
    assert client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m123p5z 5z", "winner": 1, "discarder": 0},
                       headers=key).status_code == 201
    assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 200
    edit = client.get(f"/api/games/{gid}/edits").json["edits"][-1]["id"]
    assert client.post(f"/api/games/{gid}/edits/{edit}/restore", json={}).status_code == 200
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "draw"}, headers=key)
    assert r.status_code == 422 and r.json["error"]["code"] == "idempotency_mismatch", r.json
    same = client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m123p5z 5z", "winner": 1, "discarder": 0},
                       headers=key)
    assert same.status_code == 201 and same.headers.get("Idempotent-Replayed") == "true"
    assert [h["kind"] for h in client.get(f"/api/games/{gid}").json["hands"]] == ["win"]


def test_a_disk_too_full_for_the_app_s_tables_is_said_in_one_line(tmp_path, monkeypatch):
    import sqlite3
    import pytest
    from webui import create_app, drafts
    from webui.startup import StartupError

    def full(app):
        raise sqlite3.OperationalError("database or disk is full")
    monkeypatch.setattr(drafts, "init_app", full)
    with pytest.raises(StartupError, match="the disk holding the game log is full"):
        create_app({"PRELOAD_MODELS": False, "DATA_DIR": str(tmp_path / "d")})


def test_every_rule_set_side_by_side_scores_riichi_with_the_winners_own_stick(client):
    # it said 5,800 side by side and 6,800 alone
    body = {"hand": "777z234m5678999s 7s", "context": {"riichi": True, "self_drawn": True, "seat_wind": "S"}}
    alone = client.post("/api/score", json={**body, "rules": "riichi"}).get_json()["score"]["total"]
    side = client.post("/api/score", json={**body, "rules": "all"}).get_json()["scores"]["riichi"]["total"]
    assert alone == side == 6200
