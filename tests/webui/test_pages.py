"""Every page answers, the context form is generated from the rule set, the review scorer
endpoint explains malformed hands, tile pictures are well-formed SVG."""
from __future__ import annotations

import html as html_module
import io
import json
import re
import xml.etree.ElementTree as ET

import pytest

import scorer

from scorer import tiles as T
from webui.tile_svg import PICKER_CODES, tile_svg

from .conftest import csrf_of
from .helpers import NOT_COMPLETE, WIN, jpeg_bytes


def review_data(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="review-data">(.*?)</script>', html, re.S)
    return json.loads(m.group(1))


def test_pages_answer(client):
    for url in ("/", "/games", "/review/new", "/review/new?rules=toy", f"/review/new?rules=toy&hand={WIN}",
                "/review/new?rules=toy&hand=garbage"):
        r = client.get(url)
        assert r.status_code == 200, url
        assert b"<!doctype html>" in r.data


def test_missing_things_are_404_pages(client):
    for url in ("/review/nope", "/photos/7.jpg", "/games/3", "/games/3/hands/1", "/tiles/9z.svg", "/nowhere"):
        r = client.get(url)
        assert r.status_code == 404, url
        assert b"nothing" in r.data or b"no " in r.data


def test_review_page_carries_the_hand(client):
    html = client.get(f"/review/new?rules=toy&hand={WIN}").get_data(as_text=True)
    data = review_data(html)
    assert data["hand"]["winning_tile"] == "2z" and data["rules"] == "toy"
    assert data["game"] is None


def test_entering_a_hand_without_a_photo_opens_the_notation_box(client):
    html = client.get("/review/new?rules=toy").get_data(as_text=True)
    assert re.search(r'<details class="notation-box"[^>]* open>', html)


def test_the_notation_help_says_what_its_letters_and_numbers_are(client):
    # "groupes mpsz, [555p] ..." never said which suit m is, which honour 5z is, nor what ",1" means
    html = client.get("/review/new?rules=toy&lang=fr").get_data(as_text=True)
    codes = re.search(r'id="notation-codes">([^<]*)<', html).group(1)
    assert "m caractères, p ronds, s bambous" in codes and "5z-7z dragons blanc, vert, rouge" in codes
    assert "[555p,1] prise à gauche" in codes


def test_context_form_is_generated_from_the_rule_set(client):
    html = client.get("/review/new?rules=toy").get_data(as_text=True)
    names = set(re.findall(r'name="ctx_([a-z]\w*)"', html))
    assert names == {"self_drawn", "seat_wind", "round_wind", "last_tile", "discarder"}
    options = set(re.findall(r'name="opt_([a-z]\w*)"', html))
    assert options == {"min_points", "payments"}


def test_context_form_in_a_game_takes_seats_from_the_game(client):
    gid = client.post("/api/games", json={"rules": "toy", "players": ["A", "B", "C", "D"]}).json["game"]["id"]
    html = client.get(f"/review/new?game={gid}").get_data(as_text=True)
    names = set(re.findall(r'name="ctx_([a-z]\w*)"', html))
    assert names == {"last_tile"}
    assert 'name="winner"' in html and 'name="discarder"' in html
    assert review_data(html)["game"]["players"] == ["A", "B", "C", "D"]


def test_review_score_endpoint(client):
    body = {"hand": WIN, "rules": "toy", "form": {"ctx__present": "1", "ctx_self_drawn": "1"}}
    r = client.post("/review/score", json=body)
    assert r.status_code == 200 and r.json["ok"] is True
    assert r.json["hand"]["context"]["self_drawn"] is True
    assert "score-total" in r.json["html"]
    r = client.post("/review/score", json={**body, "hand": NOT_COMPLETE})
    assert r.json["ok"] is True and "Not a winning hand" in r.json["html"]
    # an MCR hand under its minimum says so in its headline (a big "5 points" read as a win)
    r = client.post("/review/score", json={"hand": "123m345m567p789s2p 2p", "rules": "mcr"})
    assert 'class="total under-minimum"' in r.json["html"] and "under the 8-point minimum: no win" in r.json["html"]
    assert "under-minimum" not in client.post("/review/score", json=body).json["html"]
    r = client.post("/review/score", json={**body, "hand": "123m4"})
    assert r.json["ok"] is False and r.json["error"]["code"] == "bad_notation"
    assert "error-message" in r.json["html"]
    assert "At character 5:" in r.json["html"] and "<code>123m<mark>4</mark></code>" in r.json["html"]
    r = client.post("/review/score", json={**body, "form": {"ctx_seat_wind": "Q"}})
    assert r.json["ok"] is False
    assert client.post("/review/score", data="x", content_type="application/json").status_code == 400


def test_a_discarder_given_for_a_self_drawn_win_is_said_why_unused(client):
    r = client.post("/review/score?lang=en", json={"hand": "444z234m11p56789s 7s", "rules": "riichi", "form": {
        "ctx__present": "1", "ctx_self_drawn": "1", "ctx_discarder": "left", "ctx_seat_wind": "S"}})
    assert "(a self-drawn win has no discarder)" in r.json["html"], r.json["html"]
    r = client.post("/review/score?lang=fr", json={"hand": "444z234m11p56789s 7s", "rules": "riichi", "form": {
        "ctx__present": "1", "ctx_self_drawn": "1", "ctx_discarder": "left", "ctx_seat_wind": "S"}})
    assert "(une victoire sur pioche n'a pas de donneur de l'écart)" in r.json["html"].replace("&#39;", "'")


def test_review_score_in_a_game_names_who_pays(client):
    gid = client.post("/api/games", json={"rules": "toy", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    r = client.post("/review/score", json={"hand": WIN, "game": gid, "winner": "0", "discarder": "2", "dealer": "0",
                                           "round_wind": "E", "form": {}})
    assert r.json["ok"]
    assert re.search(r"<td>Cy</td><td>pays</td><td[^>]*>\d+</td><td>to Ann</td>", r.json["html"])


def test_capture_upload_errors_are_messages(client):
    token = csrf_of(client)
    r = client.post("/capture/read", data={"csrf_token": token, "rules": "toy",
                                           "image": (io.BytesIO(b"%PDF-1.4 not an image"), "a.jpg")},
                    content_type="multipart/form-data")
    assert r.status_code == 400 and b"is a PDF document, not a photo" in r.data
    r = client.post("/capture/read", data={"csrf_token": token, "rules": "toy",
                                           "image": (io.BytesIO(b"%PDF-1.4"), "a.jpg")},
                    content_type="multipart/form-data", headers={"X-Requested-With": "fetch"})
    assert r.status_code == 400 and r.json["error"]["code"] == "not_an_image"
    r = client.post("/capture/read", data={"csrf_token": token, "rules": "toy"}, content_type="multipart/form-data")
    assert r.status_code == 400
    r = client.post("/capture/read", data={"rules": "toy", "image": (io.BytesIO(jpeg_bytes()), "a.jpg")},
                    content_type="multipart/form-data")
    assert r.status_code == 400   # no CSRF token


def test_server_camera_absent_is_a_clear_answer(client, monkeypatch):
    import webui.camera as cam
    monkeypatch.setattr(cam, "_cameras", {})
    client.application.config["CAMERA_INDEX"] = 97   # no such device
    st = client.get("/camera/status").json
    assert st["available"] is False and st["message"]
    assert client.get("/camera/frame.jpg").status_code == 503
    assert client.post("/camera/capture", data={"csrf_token": csrf_of(client)}).status_code == 503


@pytest.mark.parametrize("code", PICKER_CODES + ["back", "unknown"])
def test_tile_svgs_are_well_formed(client, code):
    r = client.get(f"/tiles/{code}.svg")
    assert r.status_code == 200 and r.mimetype == "image/svg+xml"
    root = ET.fromstring(r.data)
    assert root.tag.endswith("svg")


def test_tile_svgs_show_what_the_tile_is():
    assert "五" in tile_svg("5m") and "萬" in tile_svg("5m")
    assert "#c62828" in tile_svg("0m").split("五")[0][-200:]        # red five: red numeral
    assert tile_svg("3p").count("<circle") == 3 * 3
    assert tile_svg("0p").count("#c62828") >= 5                     # every dot red
    assert "東" in tile_svg("1z") and "北" in tile_svg("4z") and "發" in tile_svg("6z") and "中" in tile_svg("7z")
    assert "梅" in tile_svg("1f") and "冬" in tile_svg("8f")
    assert tile_svg("back") != tile_svg("unknown")
    assert len({tile_svg(c) for c in T.ALL_CODES}) == len(T.ALL_CODES)   # every tile drawn differently


def test_the_error_pages_go_back_link_is_a_page_of_the_app(client):
    # it was a javascript: link, which the pages' Content-Security-Policy refuses: tapping it did nothing
    from pathlib import Path
    templates = Path(__file__).resolve().parents[2] / "webui" / "templates"
    assert not [p.name for p in templates.rglob("*.html") if "javascript:" in p.read_text()]
    gid = client.post("/api/games", json={"name": "g", "rules": "mcr", "players": list("ABCD")}).json["game"]["id"]
    came_from = f"http://localhost/games/{gid}?lang=en"
    # the end of a game with a note longer than a note may be (a refused draw or false win goes
    # back to its form instead)
    r = client.post(f"/games/{gid}/end", data={"csrf_token": csrf_of(client), "note": "x" * 5000},
                    headers={"Referer": came_from})
    assert r.status_code == 400 and f'href="/games/{gid}?lang=en" id="go-back"' in r.get_data(as_text=True)
    r = client.post(f"/games/{gid}/end", data={"csrf_token": csrf_of(client), "note": "x" * 5000},
                    headers={"Referer": "http://elsewhere.example/page"})
    assert 'href="/" id="go-back"' in r.get_data(as_text=True)
    # a path the browser reads as another site's address ("//evil.example/"): not followed
    for path in ("//evil.example/", "/\\evil.example/"):
        r = client.get("/nothere", headers={"Referer": "http://localhost" + path})
        assert 'href="/" id="go-back"' in r.get_data(as_text=True), path


def test_score_table_names_its_rows_and_columns_for_screen_readers(client):
    # a screen reader announces a cell with its row's pattern and its column: without headers the
    # value "2" and the total "4" of a row are two bare numbers
    body = {"hand": WIN, "rules": "toy", "form": {"ctx__present": "1", "ctx_self_drawn": "1"}}
    html = client.post("/review/score", json=body).json["html"]
    items = re.search(r'<table class="items">(.*?)</table>', html, re.S).group(1)
    assert re.findall(r'<th scope="col">([^<]+)</th>', items) == ["Pattern", "Tiles", "Value", "Total"]
    rows = re.findall(r'<tr class="item"[^>]*>\s*<(\w+)[^>]*>([^<]+)', items)
    assert rows and all(tag == "th" for tag, _ in rows)
    assert {name.strip() for _, name in rows} >= {"Set", "Pung bonus"}
    assert 'scope="row" class="name"' in items


def test_a_photo_of_too_many_tiles_says_so_where_no_hand_was_built(app, client):
    # a table photo of 36 tiles: the count is the first thing to know, not a note kept with the photo
    from webui.store import Store, connect
    store = Store(connect(app.config["DATABASE"]))
    tiles = [{"code": c, "box": [0, 0, 1, 1], "confidence": 0.9} for c in ["7p", "7p", "9s"] * 12]
    reading = {"tiles": tiles, "hand": None, "reading": {"warnings": [
        "the winning tile is not set apart: the rightmost standing tile is taken as the winning tile",
        "found 36 tiles where a winning hand has 14 (a kong counts as 3): a tile may be hidden, stacked, cut off by the "
        "photo's edge or not detected",
        "the tiles as read do not make a hand: 7p7p9s is not a chow (three consecutive tiles of one suit)"],
        "groups": [], "links": []}}
    draft = store.create_draft({"jpeg": b"\xff\xd8" + bytes(10), "width": 1, "height": 1}, reading)
    html = client.get(f"/review/{draft}?rules=mcr").get_data(as_text=True)
    no_hand = html[html.index('id="no-hand"'):]
    no_hand = no_hand[:no_hand.index("</p>")]
    assert 'id="tile-count">Found 36 tiles where a winning hand has 14' in no_hand
    html = client.get(f"/review/{draft}?rules=mcr&lang=fr").get_data(as_text=True)
    assert 'id="tile-count">' in html and "ound 36" not in html[html.index('id="tile-count">'):][:200]
    assert not html[html.index('id="tile-count">') + len('id="tile-count">')].islower()      # a sentence of its own


def test_a_photo_of_face_down_tiles_only_is_not_told_to_correct_the_tiles_below(app, client):
    # a photo of shapes (two boxes read face down) was told "the tiles read are below; correct them"
    # above "No face-up tile was found": there were none to correct
    from webui.store import Store, connect
    store = Store(connect(app.config["DATABASE"]))
    tiles = [{"code": None, "box": [60 * i, 0, 60 * i + 50, 70], "confidence": 0.6, "face_down": True} for i in range(2)]
    draft = store.create_draft({"jpeg": b"\xff\xd8" + bytes(10), "width": 1, "height": 1},
                               {"tiles": tiles, "hand": None, "reading": {"warnings": [], "groups": [], "links": []}})
    html = client.get(f"/review/{draft}?rules=mcr").get_data(as_text=True)
    assert 'id="no-hand"' not in html and 'id="no-face-up"' in html
    tiles[0].update(code="5p", face_down=False)
    draft = store.create_draft({"jpeg": b"\xff\xd8" + bytes(10), "width": 1, "height": 1},
                               {"tiles": tiles, "hand": None, "reading": {"warnings": [], "groups": [], "links": []}})
    assert "the tiles read are below; correct them" in client.get(f"/review/{draft}?rules=mcr").get_data(as_text=True)


def test_a_photo_of_tiles_in_a_grid_leads_to_the_calibration(app, client):
    # the calibration layout photographed on the photo page was told of groups that make no meld
    from webui.store import Store, connect
    from vision.grouping.hand_reading import grid_message
    store = Store(connect(app.config["DATABASE"]))
    tiles = [{"code": c, "box": [0, 0, 1, 1], "confidence": 0.9} for c in ["1m", "2m", "3m", "4m", "5m"] * 4]
    reading = {"tiles": tiles, "hand": None, "reading": {"warnings": [grid_message(20, [5, 5, 5, 5])],
                                                         "groups": [], "links": []}}
    draft = store.create_draft({"jpeg": b"\xff\xd8" + bytes(10), "width": 1, "height": 1}, reading)
    for lang, said in (("en", "Found 20 tiles in 4 rows of 5, laid out as a grid, not as a hand"),
                       ("fr", "20 tuiles trouvées en 4 rangées de 5, disposées en grille et non en main")):
        html = client.get(f"/review/{draft}?rules=mcr&lang={lang}").get_data(as_text=True)
        no_hand = html[html.index('id="no-hand"'):]
        no_hand = no_hand[:no_hand.index("</p>")]
        assert f'id="tile-count">{said}' in no_hand, no_hand
        assert '<a href="/calibrate/" id="grid-calibrate">' in no_hand
    # a photo of too many tiles laid out otherwise is not led there
    reading["reading"]["warnings"] = ["found 20 tiles where a winning hand has 14 (a kong counts as 3): keep other "
                                      "tiles out of the photo, or remove the extra ones"]
    draft = store.create_draft({"jpeg": b"\xff\xd8" + bytes(10), "width": 1, "height": 1}, reading)
    assert 'id="grid-calibrate"' not in client.get(f"/review/{draft}?rules=mcr").get_data(as_text=True)


def test_dora_indicators_read_fill_their_field_where_no_hand_was_built(app, client):
    # "5 beside it as dora indicators" above an empty dora field: the reading's were lost with the hand
    from webui.store import Store, connect
    store = Store(connect(app.config["DATABASE"]))
    codes = ["1s", "4s", "6p", "7p", "9m", None]
    tiles = [{"code": c, "box": [60 * i, 0, 60 * i + 50, 70], "confidence": 0.9, "face_down": c is None}
             for i, c in enumerate(codes)]
    reading = {"tiles": tiles, "hand": None, "reading": {
        "warnings": ["found 2 tiles where a winning hand has 14 (a kong counts as 3), and 4 beside them as dora "
                     "indicators: a tile may be hidden, stacked, cut off by the photo's edge or not detected"],
        "groups": [{"id": 0, "kind": "concealed", "tiles": [0, 1]}, {"id": 1, "kind": "dora", "tiles": [2, 3, 4, 5]}],
        "links": []}}
    draft = store.create_draft({"jpeg": b"\xff\xd8" + bytes(10), "width": 1, "height": 1}, reading)
    html = client.get(f"/review/{draft}?rules=riichi").get_data(as_text=True)
    assert re.search(r'name="ctx_dora_indicators" value="6p7p9m"', html)
    # said where they were put: a trial's loose tiles behind the hand filled the field unsaid (a
    # mangan became a baiman)
    assert ('<span class="muted small" id="dora-from-photo" data-tiles="6p7p9m">6p 7p 9m taken from the photo (tiles apart from the '
            'hand): clear them if they are not dora indicators</span>') in html
    french = client.get(f"/review/{draft}?rules=riichi&lang=fr").get_data(as_text=True)
    assert "6p 7p 9m pris de la photo" in html_module.unescape(french)


def test_an_error_in_a_meld_is_placed_as_the_page_numbers_melds(app):
    from webui import i18n
    with app.test_request_context("/?lang=en"):
        assert i18n.hand_part("melds[0].tiles") == "meld 1" and i18n.hand_part("concealed") == "the standing tiles"
        assert i18n.hand_part("concealed[3]") == "the standing tiles"
    with app.test_request_context("/?lang=fr"):
        assert i18n.hand_part("melds[2]") == "la combinaison 3"


def test_the_other_rules_table_says_when_mcr_is_under_its_minimum(client):
    # 3 MCR points beside a riichi win: the total alone read as an MCR win
    hand = "[111s,1]234m567p78s11z 9s"
    r = client.post("/review/score", json={"hand": hand, "rules": "riichi", "form": {"ctx__present": "1"}})
    compare = r.json["html"][r.json["html"].index("compare"):]
    row = compare[compare.index("MCR"):]
    row = row[:row.index("</tr>")]
    assert "minimum 8 points: not met" in row


def test_the_score_says_how_its_total_is_reached(client):
    # the page showed classical doubles as bare numbers beside points (20, 2, 32... then 1), no fu
    # rounding, Hong Kong's faan twice and no payment reasons
    import re

    def page(hand, rules, form):
        html = client.post("/review/score", json={"hand": hand, "rules": rules,
                                                  "form": {"ctx__present": "1", **form}}).json["html"]
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    text = page("[555p,2](1111z)123m456p2z 2z 16f", "classical", {"ctx_seat_wind": "S", "ctx_discarder": "left"})
    assert "66 base points doubled 1 time = 132" in text and " 1 double " in text and "limit hand" not in text
    text = page("123m567m234p79s55p 8s", "riichi", {"ctx_seat_wind": "W", "ctx_discarder": "across",
                                                   "ctx_riichi": "1"})
    assert "32 fu rounded up to 40" in text
    # how han and fu make the payment (002 §4.1.2), for a player learning to count it
    assert "40 fu doubled 3 times (once for each han, 1 here, and twice more, as for every hand) = 320 basic points" in text
    assert "on a discard, the discarder pays 4 × 320 = 1,280, rounded up to the next 100: 1,300" in text
    text = page("999m111p222z46s33s 5s", "riichi", {"ctx_seat_wind": "W", "ctx_discarder": "across",
                                                   "ctx_riichi": "1", "ctx_dora_indicators": "3s"})
    assert "56 fu rounded up to 60" in text and "60 fu doubled 6 times (once for each han, 4 here, and twice more, as for every hand) = 3,840, capped at a mangan" in text
    # riichi in French: « l'ouvreur » (002 §3.4.11), the dealer's word on every riichi page
    html = client.post("/review/score?lang=fr", json={"hand": "123m567m234p79s55p 8s", "rules": "riichi", "form": {
        "ctx__present": "1", "ctx_seat_wind": "W", "ctx_self_drawn": "1", "ctx_riichi": "1"}}).json["html"]
    assert "sur pioche, l&#39;ouvreur paie 2 × 480 et chaque autre joueur 480, arrondis à la centaine" in html
    html = client.post("/review/score?lang=fr", json={"hand": "123m567m234p79s55p 8s", "rules": "riichi", "form": {
        "ctx__present": "1", "ctx_seat_wind": "W", "ctx_riichi": "1", "ctx_dora_indicators": "5p"}}).json["html"]
    assert "dora : 6 ronds (après l'indicateur 5 ronds) : aucune dans la main" in html.replace('&#39;', "'")
    client.get("/?lang=en")
    text = page("[111z,1]234m567m888p9s 9s", "hk", {"ctx_seat_wind": "S", "ctx_discarder": "left"})
    assert re.search(r"reward: \d+ points for \d+ faan", text) and text.count(" faan ") <= 3
    assert "the discarder alone pays" in text


def test_a_seat_wind_not_given_is_said_to_be_scored_as_the_dealer(client):
    # 11,600 instead of 7,700, with only a small "Dealer" chip to tell why
    def html(form):
        return client.post("/review/score", json={"hand": "123m567m234p78s55p 9s", "rules": "riichi",
                                                  "form": {"ctx__present": "1", "ctx_riichi": "1", **form}}).json["html"]
    assert "seat wind not given: scored as East, the dealer" in html({"ctx_discarder": "across"})
    given = html({"ctx_discarder": "across", "ctx_seat_wind": "E"})
    assert "seat wind not given" not in given and ">Dealer<" in given
    # and where it is chosen: the menu's blank said "—" beside a dealer's payments
    page = client.get("/review/new?rules=riichi&lang=en&hand=123m567m234p78s55p%209s").get_data(as_text=True)
    assert re.search(r'<select name="ctx_seat_wind"><option value="">— \(scored as East\)</option>', page)
    page = client.get("/review/new?rules=riichi&lang=fr&hand=123m567m234p78s55p%209s").get_data(as_text=True)
    assert "— (compté comme Est)</option>" in page


def test_the_camera_messages_are_said_to_a_screen_reader(client):
    # "no camera" appeared on screen while the focus stayed on the button, unsaid
    page = client.get("/?lang=en").get_data(as_text=True)
    assert re.search(r'<p id="camera-error"[^>]*role="alert"', page)
    assert re.search(r'<div id="live-result"[^>]*aria-live="polite"', page)


def test_a_riichi_hand_of_5_han_says_its_minipoints_do_not_count_and_seven_pairs_are_not_rounded(client):
    """A haneman showed "6 han · 20 fu" and its minipoints table as if they counted; seven pairs'
    25 fu stood beside a rule the learner had just learnt: always round up (002 §4.1.1)."""
    import re

    def text(hand, **form):
        html = client.post("/review/score", json={"hand": hand, "rules": "riichi",
                                                  "form": {"ctx_seat_wind": "S", **form}}).json["html"]
        return re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", html))
    haneman = text("123m456m789m11m23m 4m", ctx_discarder="left")      # full flush and more: a baiman
    assert "minipoints do not count from 5 han" in haneman and " fu " not in haneman.split("Settlement")[0]
    pairs = text("22m55m33p99p11s77z4s 4s", ctx_discarder="left")
    assert "seven pairs: 25 fu, not rounded up" in pairs


def test_a_riichi_hands_minipoints_are_shown_open_with_their_sum_and_rounding(client):
    # a beginner saw the minipoints folded away, with no total: "30" for winning and "2" for a pung
    # beside "40 fu" did not teach the rounding, nor where 30 came from (002 §4.1.1, §4)
    html = client.post("/review/score?lang=en", json={"hand": "123m456p789s2233s 3s", "rules": "riichi",
                                                       "form": {"ctx_seat_wind": "S", "ctx_discarder": "left",
                                                                "ctx_riichi": "1"}}).json["html"]
    assert '<details open id="fu-breakdown">' in html
    text = re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", html))
    assert "20 for winning, and 10 more for a concealed hand won on a discard 30" in text
    assert "Total 32, rounded up to the next 10 40" in text
    html = client.post("/review/score?lang=fr", json={"hand": "123m456p789s2233s 3s", "rules": "riichi",
                                                       "form": {"ctx_seat_wind": "S", "ctx_discarder": "left",
                                                                "ctx_riichi": "1"}}).json["html"]
    assert "Total 32, arrondi à la dizaine supérieure" in html


def test_each_minipoint_line_says_what_it_is_for(client):
    # "Double value pair (seat and prevalent wind) 4", "Closed wait 2": a beginner was never told
    # that the 4 is 2 for the seat wind and 2 for the round wind (002 §4.1.1)
    def text(lang):
        html = client.post(f"/review/score?lang={lang}", json={
            "hand": "123m456p789s13s11z 2s", "rules": "riichi",
            "form": {"ctx_seat_wind": "E", "ctx_round_wind": "E", "ctx_discarder": "left", "ctx_riichi": "1"}}).json["html"]
        return re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", html))
    english = text("en")
    assert "Double value pair (seat and round wind) A pair of the wind that is both the winner's seat wind and the " \
           "round wind: 2 for each, 4 minipoints." in english.replace("&#39;", "'"), english
    assert "Closed wait Won on the middle tile of a chow: 2 minipoints" in english
    assert "prevalent" not in english.lower()
    assert "à la fois le vent du joueur et le vent dominant : 2 pour chacun, 4 minipoints" in text("fr").replace("&#39;", "'")


def test_a_riichi_hand_without_a_yaku_says_what_the_nearest_ones_lack(client):
    # "no yaku" alone: a beginner was not told that the 9s broke All Simples, nor that the claimed
    # chow ruled Pinfu out (002 §4.2.1)
    def text(lang, hand):
        html = client.post(f"/review/score?lang={lang}", json={"hand": hand, "rules": "riichi", "form": {
            "ctx_seat_wind": "W", "ctx_discarder": "left"}}).json["html"]
        return re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", html))
    english = text("en", "[234m]456p789s23s55p 4s")
    assert "has no yaku" in english and "Why not… (2)" in english
    assert "All Simples : a 1, a 9 or an honour is in the hand: 9s" in english
    assert "Pinfu : the hand is open (a set was claimed): pinfu needs a concealed hand" in english
    french = text("fr", "[234m]456p789s23s55p 4s")
    assert "Tout Ordinaire : un 1, un 9 ou un honneur est dans la main : 9s" in french
    assert "pinfu demande une main cachée" in french
    closed = text("en", "234m456p789s11s99p 1s")      # no riichi, a pung of 1s by ron: the self-draw said
    assert "Fully Concealed Hand : won on a discard: a concealed hand counts it only when won on a self-drawn tile" \
        in closed


def test_the_dora_held_are_tied_to_their_indicator(client):
    # "Dora 2s 2s 1×2" with nothing saying 2s is the tile after the 1s indicator
    import re
    html = client.post("/review/score", json={"hand": "234m456s22s678p79m 8m", "rules": "riichi",
                                              "form": {"ctx_seat_wind": "S", "ctx_discarder": "left", "ctx_riichi": "1",
                                                       "ctx_dora_indicators": "1s"}}).json["html"]
    # by name on the page (a beginner read "dora : 2s" as a code to learn)
    text = re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", html))
    assert "dora: 2 Bamboo (after the indicator 1 Bamboo): 2 in the hand" in text
    # the indicators as read beside them: "10m" typed for a 1m is a 1m and a red 5m
    html = client.post("/review/score?lang=en", json={"hand": "234m456s22s678p79m 8m", "rules": "riichi", "form": {
        "ctx_seat_wind": "S", "ctx_discarder": "left", "ctx_riichi": "1", "ctx_dora_indicators": "P 10m"}}).json["html"]
    assert "(after the indicators White dragon, 1 Characters, Red 5 Characters)" in re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", html))


@pytest.mark.parametrize("rules, names", [("mcr", "Mah Jong International"), ("riichi", "EMA riichi rules"),
                                          ("hk", "Hong Kong old-style rules"), ("classical", "classical French rules")])
def test_the_result_names_the_documents_its_sources_number(client, rules, names):
    # "002 §4.1.1", "000 n°18" behind every source link, and the documents never named
    html = client.post("/review/score", json={"hand": "[111z,1]123m456p789s2z 2z", "rules": rules, "form": {}}).json["html"]
    assert re.search(r'class="muted small sources-legend">Sources: 00\d is [^<]*' + names, html)


def test_a_source_reference_is_in_the_pages_language(client):
    # « source: 000, Comptage des points; the hand: 000 n°37 » on a French page
    html = client.post("/review/score?lang=fr", json={"hand": "123m123p123s456m9p 9p", "rules": "mcr", "form": {}}).json["html"]
    sources = re.findall(r'data-source="([^"]*)"', html)
    assert any("la main : 000 n°" in x or "la main: 000 n°" in x for x in sources), sources
    assert not any("the hand" in x for x in sources)


def test_every_mcr_fan_and_riichi_yaku_names_its_rule(client):
    # only notes had a "source" link: a beginner could not find where Pure Straight or Pinfu is
    # defined, under a legend explaining « n° » and « § »; Thirteen Orphans' link said "yakuman"
    for rules, hand, form, first in (
            ("mcr", "123m456m789m234p5s 5s", {}, "000 n°"),
            ("riichi", "123m456p78s22z 9s", {"ctx_seat_wind": "S", "ctx_discarder": "left"}, None),
            ("riichi", "234m456p678s5588s 8s", {"ctx_seat_wind": "S", "ctx_discarder": "left", "ctx_riichi": "1"},
             "002 §4.2.1"),
            ("riichi", "19m19p19s1234567z 1m", {"ctx_seat_wind": "E", "ctx_self_drawn": "1"}, "yakuman (002 §4.2.5)")):
        html = client.post("/review/score", json={"hand": hand, "rules": rules, "form": form}).json["html"]
        rows = re.findall(r'<tr class="item".*?</tr>', html, re.S)
        if first is None:
            continue
        assert rows and all('class="source"' in r for r in rows), (rules, hand)
        sources = [re.search(r'data-source="([^"]*)"', r).group(1) for r in rows]
        assert all(x.startswith(first) or first in x for x in sources), sources
    res = scorer.score("123m456m789m234p5s 5s", "mcr").to_dict()
    from scorer.mcr.fans import FAN_BY_ID
    number = FAN_BY_ID["pure_straight"].number
    assert {i["id"]: i.get("source") for i in res["items"]}["pure_straight"] == f"000 n°{number}"
    assert scorer.ScoreResult.from_dict(res).items[0].source == res["items"][0]["source"]


def test_why_a_riichi_or_hong_kong_pattern_is_not_counted_is_said_in_french(client):
    # « 004 6A; docs/rulings.md Hong Kong: Big Three Dragons already requires it (not counted
    # twice) » and « yakuman do not combine » on French pages
    for rules, hand, form in (("hk", "[555z,1][666z,2]123m99m77z 7z", {"ctx_seat_wind": "S", "ctx_discarder": "left"}),
                              ("riichi", "111z222z333z44z55z 5z", {"ctx_seat_wind": "E", "ctx_self_drawn": "1"})):
        html = client.post("/review/score?lang=fr", json={"hand": hand, "rules": rules, "form": form}).json["html"]
        why = html[html.index('class="why-not"'):]
        said = " ".join(re.findall(r'data-source="([^"]*)"', why))
        assert said and not re.search(r"\b(already|requires|counted|do not|combine)\b", said), said


def test_a_hong_kong_hand_of_no_faan_says_why_it_is_paid_the_base(client):
    # an empty pattern table above "reward: 1 point for 0 faan", and nothing said of why
    html = client.post("/review/score", json={"hand": "[234m,2][888p,2]567s45p55z 3p", "rules": "hk",
                                              "form": {"ctx_seat_wind": "S", "ctx_discarder": "left"}}).json["html"]
    assert "no faan pattern in this hand" in re.sub(r"\s+", " ", html)


def test_a_french_riichi_result_says_minipoints_throughout(client):
    # the chip said "2 han · 25 fu" beside lines that say « minipoints »
    html = client.post("/review/score?lang=fr", json={"hand": "22m55m33p99p11s77z4s 4s", "rules": "riichi",
                                                      "form": {"ctx_seat_wind": "S", "ctx_discarder": "left"}}).json["html"]
    assert "2 han · 25 minipoints" in html and "25 fu" not in html


def test_the_upside_down_note_is_left_out_where_the_winning_tile_is_asked_for(app, client):
    # every photo whose winning tile is not set apart can be read from the other side: the note
    # said so under "What the reader noticed" beside the question that asks which tile won
    from webui.store import Store, connect
    store = Store(connect(app.config["DATABASE"]))
    flip = ("the photo could also be read upside down (rows in the other direction): set the winning tile apart at "
            "the right of the standing tiles, or take the photo from the standing tiles' side")
    other = "the farthest row could be dora indicators or exposed melds: check it"
    apart = "the winning tile is not set apart: the rightmost standing tile is taken as the winning tile"
    tiles = [{"code": c, "box": [0, 0, 1, 1], "confidence": 0.9} for c in ["7p", "7p", "9s"] * 12]

    def notes(warnings):
        reading = {"tiles": tiles, "hand": None, "reading": {"warnings": warnings, "groups": [], "links": []}}
        draft = store.create_draft({"jpeg": b"\xff\xd8" + bytes(10), "width": 1, "height": 1}, reading)
        html = client.get(f"/review/{draft}?rules=mcr").get_data(as_text=True)
        return re.findall(r"<li>([^<]*)</li>", html[html.index('class="warnings"'):].split("</ul>")[0])

    assert notes([apart, flip, other]) == [other]
    assert notes([flip, other]) == [other]       # no hand built: asked as a question instead
    from webui import i18n
    with app.test_request_context("/?lang=en"):
        assert i18n.review_notes([flip, other]) == [flip, other]      # nothing asked: kept
        assert i18n.review_notes([flip, other], asked=["winning"]) == [other]
        assert i18n.review_notes([flip, other], asked=["small"]) == [flip, other]


def test_a_riichi_winners_total_says_its_gain_where_its_own_stick_came_back(client):
    # "3,000 points received" for a 2,000 ron while the game log said +2,000: the winner's own stick
    body = {"hand": "234m406p234s88s55z 5z", "rules": "riichi",
            "form": {"ctx__present": "1", "ctx_riichi": "1", "ctx_riichi_sticks": "1", "ctx_seat_wind": "S"}}
    import html as markup
    html = markup.unescape(client.post("/review/score", json=body).json["html"])
    total = int(re.search(r'id="score-total">([\d,]+)<', html).group(1).replace(",", ""))
    assert f"{total - 1000:,} net: {total:,} received, less the 1,000 the winner put down for riichi" in html
    body["form"].pop("ctx_riichi")
    assert " net: " not in client.post("/review/score", json=body).json["html"]


def test_the_review_page_names_the_tile_set_profile_its_photo_was_read_with(app, client):
    # the photo page named the active profile; the review page kept it in its hidden data only
    from webui.store import Store, connect
    store = Store(connect(app.config["DATABASE"]))
    photo = {"jpeg": b"\xff\xd8" + bytes(10), "width": 1, "height": 1}
    tiles = [{"code": "1m", "box": [0, 0, 1, 1], "confidence": 0.9}]
    with_profile = store.create_draft(photo, {"tiles": tiles, "hand": None, "reading": {}, "profile": "Club <set>"})
    html = client.get(f"/review/{with_profile}?lang=fr").get_data(as_text=True)
    assert 'id="read-with-profile">Lu avec le jeu de tuiles : <strong>Club &lt;set&gt;</strong>' in html
    # no such profile saved (deleted since): said, not named as if it could be chosen
    assert '<span id="read-profile-gone">(supprimé depuis)</span>' in html
    from vision.profile import ProfileStore
    saved = ProfileStore(app.config["DATA_DIR"]).path("Club <set>")
    saved.parent.mkdir(parents=True, exist_ok=True)
    saved.touch()
    assert "read-profile-gone" not in client.get(f"/review/{with_profile}").get_data(as_text=True)
    without = store.create_draft(photo, {"tiles": tiles, "hand": None, "reading": {}, "profile": None})
    assert 'id="read-with-profile"' not in client.get(f"/review/{without}").get_data(as_text=True)


def test_the_footer_names_the_words_of_the_pages_rules(client):
    # an MCR table's pages listed riichi's and Hong Kong's words (tenpai, honba, uma, faan)
    assert "tenpai, honba, uma, han and fu, faan" in client.get("/calibrate/?lang=en").get_data(as_text=True)
    mcr = client.post("/api/games", json={"rules": "mcr", "players": list("ABCD")}).json["game"]["id"]
    # a page of no one rule set (the tile set's): the words of the only rule set the table plays
    foot = client.get("/calibrate/?lang=en").get_data(as_text=True).split('<footer class="site-foot">')[1]
    assert "points, the 8-point minimum, payments" in foot and "tenpai" not in foot
    riichi = client.post("/api/games", json={"rules": "riichi", "players": list("ABCD")}).json["game"]["id"]
    page = client.get(f"/games/{mcr}?lang=en").get_data(as_text=True)
    foot = page[page.index('<footer class="site-foot">'):]
    assert "points, the 8-point minimum, payments" in foot and "tenpai" not in foot and 'href="/words/#words-mcr"' in foot
    foot = client.get(f"/review/new?game={riichi}&lang=en").get_data(as_text=True).split('<footer class="site-foot">')[1]
    assert "tenpai, honba, uma, han and fu:" in foot and "faan" not in foot
    # a classical family's pages had no words of their own (base points, doubles, the limit, the banker)
    classical = client.post("/api/games", json={"rules": "classical", "players": list("ABCD")}).json["game"]["id"]
    foot = client.get(f"/games/{classical}?lang=en").get_data(as_text=True).split('<footer class="site-foot">')[1]
    assert 'href="/words/#words-classical"' in foot and "base points, doubles, the limit, the dealer" in foot
    assert 'id="banker"' in client.get("/words/?lang=en").get_data(as_text=True)
    foot = client.get("/games?lang=en").get_data(as_text=True).split('<footer class="site-foot">')[1]
    assert "tenpai, honba, uma, han and fu, faan" in foot and 'href="/words/"' in foot


def test_a_games_hand_is_scored_under_its_rules_alone(client):
    # a French MCR club's review page listed riichi, Hong Kong and classical totals under every hand
    hand = "[111s,1]234m567p78s11z 9s"
    gid = client.post("/api/games", json={"rules": "mcr", "players": list("ABCD")}).json["game"]["id"]
    csrf = {"X-CSRF-Token": csrf_of(client)}
    alone = client.post("/review/score", json={"hand": hand, "rules": "mcr", "form": {}}, headers=csrf).json["html"]
    in_game = client.post("/review/score", json={"hand": hand, "game": gid, "form": {}}, headers=csrf).json["html"]
    assert 'class="compare"' in alone and 'class="compare"' not in in_game


def test_a_classical_games_pages_say_the_losers_settlement_is_not_counted(client):
    # a classical family's paper sheet settles the losers among themselves (Babcock ch. I): only the
    # review page's score said the app does not, not the game page or the score sheet
    gid = client.post("/api/games", json={"rules": "classical", "players": list("ABCD")}).json["game"]["id"]
    for url in (f"/games/{gid}", f"/games/{gid}/sheet"):
        assert 'id="losers-settle"' in client.get(url + "?lang=en").get_data(as_text=True), url
    mcr = client.post("/api/games", json={"rules": "mcr", "players": list("ABCD")}).json["game"]["id"]
    assert 'id="losers-settle"' not in client.get(f"/games/{mcr}").get_data(as_text=True)


def test_a_payments_reason_is_set_apart_from_the_sentence_and_classical_boxes_speak_no_japanese(client):
    # copied as text, "Papa paie 480 à Tom paie le score" ran the reason into the sentence; the
    # classical win form said "heavenly hand (tenhou)", riichi's word
    gid = client.post("/api/games", json={"rules": "classical", "players": list("ABCD")}).json["game"]["id"]
    assert client.post(f"/api/games/{gid}/hands", json={"hand": "123m456p789s234s5z 5z", "winner": 1,
                                                         "discarder": 2}).status_code == 201
    page = client.get(f"/games/{gid}/hands/1?lang=en").get_data(as_text=True)
    moved = page[page.index('id="hand-payments"'):]
    assert re.search(r'C pays [\d,]+ to B <span class="muted">\([^)<]+\)</span>', moved[:moved.index("</ul>")])
    game_page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert "> heavenly hand</label>" in game_page and "(tenhou)" not in game_page


def test_a_winning_tile_not_set_apart_is_said_to_be_a_guess_even_where_it_scores_the_same(app, client):
    # a Hong Kong beginner took the ★ on the rightmost tile for what the photo showed: the page said
    # nothing where any tile scored the same
    import scorer
    from webui.store import Store, connect
    store = Store(connect(app.config["DATABASE"]))
    apart = "the winning tile is not set apart: the rightmost standing tile is taken as the winning tile"

    def asked(notation, rules):
        hand = scorer.to_hand(notation).to_dict()
        reading = {"tiles": [], "hand": hand, "reading": {"warnings": [apart], "groups": [], "links": []}}
        draft = store.create_draft({"jpeg": b"\xff\xd8" + bytes(10), "width": 1, "height": 1}, reading)
        html = client.get(f"/review/{draft}?rules={rules}&lang=en").get_data(as_text=True)
        return re.findall(r'<p class="question" data-ask="winning" data-variant="[a-z_]+">([^<]*)</p>', html)

    assert asked("123m456p789s234s1z 1z", "hk") == [
        "No tile was set apart in the photo: ★ marks the rightmost as the winning tile. Here any of them scores the same."]
    # where the winning tile changes the score (MCR: the wait, a pung a discard completes), it is asked
    assert asked("123m456p789s111s1z 1z", "mcr") == ["Which tile won? ★ marks the rightmost; tap another, then ★, if it won."]
    # where no tile makes a hand that scores (a photo of tiles that are no winning hand), none
    # "scores the same": the page said so under "No complete hand could be built"
    assert asked("123m456p789s235s1z 1z", "mcr") == [
        "No tile was set apart in the photo: ★ marks the rightmost as the winning tile."]
    # a tile set apart that another reading of the photo does not take for the winning tile: the
    # page said "No tile was set apart in the photo" under a photo with one set apart
    apart = "the tile set apart may not be the winning tile (or the winning tile was not set apart): check which tile won"
    assert asked("123m456p789s111s1z 1z", "mcr") == [
        "Which tile won? ★ marks the tile set apart, which may not be the one that won; tap another, then ★, if it won."]
    assert asked("123m456p789s234s1z 1z", "hk") == [
        "★ marks the tile set apart as the winning tile; another may have won. Here any of them scores the same."]
    assert asked("123m456p789s235s1z 1z", "mcr") == ["★ marks the tile set apart as the winning tile; another may have won."]


def test_tiles_unsure_in_a_photo_too_small_are_not_blamed_on_the_tile_set(app, client):
    # a photo shrunk until its tiles were 7 px across said "this tile set may be new to the reader...
    # Teach it your tiles", under the line saying they were too small: the size was why
    from webui.store import Store, connect
    store = Store(connect(app.config["DATABASE"]))
    tiles = [{"code": "1m", "box": [10 * k, 0, 10 * k + 7, 9], "confidence": 0.3, "face_down": False,
              "sideways": False, "top3": [{"code": "1m", "p": 0.3}]} for k in range(5)]

    def note(warnings):
        reading = {"tiles": tiles, "hand": None, "reading": {"warnings": warnings, "groups": [], "links": []}}
        draft = store.create_draft({"jpeg": b"\xff\xd8" + bytes(10), "width": 60, "height": 9}, reading)
        html = client.get(f"/review/{draft}?rules=mcr&lang=en").get_data(as_text=True)
        found = re.search(r'<p class="question" data-ask="unsure" id="many-unsure" data-many="4">(.*?)</p>', html, re.S)
        return found.group(1) if found else ""

    small = note(["the tiles are about 7 pixels across in the photo, too small to be read surely: take the photo "
                  "closer, or at a higher resolution"])
    assert small.startswith("5 tiles are unsure (marked): check them, or type the hand instead.") and "teach-set" not in small
    assert "may be new to the reader" not in note([])
    # a blurred photo's unsure tiles were put down to the tile set alone, its player sent to calibrate
    assert note([]).startswith("5 tiles are unsure (marked): the photo may be blurred or poorly lit, or this tile "
                               "set new to the reader.") and "teach-set" in note([])


def test_the_words_page_counts_a_double_wind_pair_as_4_fu(client):
    # a beginner counting a seat-and-round wind pair read "2 for a pair ... of the seat wind or of the
    # round wind" and counted 2; the scorer counts 4 (002 §4.1.1: 2 for each)
    page = re.sub(r"\s+", " ", client.get("/words/?lang=en").get_data(as_text=True))
    assert "(4 for a pair of a wind that is both)" in page
    assert "(4 pour une paire d'un vent qui est les deux)" in re.sub(r"\s+", " ", client.get("/words/?lang=fr").get_data(as_text=True)).replace("&#39;", "'")


def test_with_a_tile_set_in_use_the_pages_no_longer_ask_to_teach_one(app, client, monkeypatch):
    # "this tile set may be new to the reader" under "Read with the tile set: Web riichi set", and
    # "Teach mjtable your own tiles" beside "Active tile set"
    from webui import capture, review
    from webui.store import Store, connect
    monkeypatch.setattr(review, "_profile_active", lambda: True)
    monkeypatch.setattr(capture, "_profile_name", lambda: "Web riichi set")
    store = Store(connect(app.config["DATABASE"]))
    tiles = [{"code": "1m", "box": [10 * k, 0, 10 * k + 7, 9], "confidence": 0.3, "face_down": False,
              "sideways": False, "top3": [{"code": "1m", "p": 0.3}]} for k in range(5)]
    reading = {"tiles": tiles, "hand": None, "reading": {"warnings": [], "groups": [], "links": []}}
    draft = store.create_draft({"jpeg": b"\xff\xd8" + bytes(10), "width": 60, "height": 9}, reading)
    html = client.get(f"/review/{draft}?rules=mcr&lang=en").get_data(as_text=True)
    note = re.search(r'id="many-unsure"[^>]*>(.*?)</p>', html, re.S).group(1)
    assert note.startswith("5 tiles are unsure (marked): check them, or type the hand instead.")
    page = client.get("/?lang=en").get_data(as_text=True)
    said = re.search(r'<p class="muted small" id="tile-set-note">(.*?)</p>', page, re.S).group(1)
    assert "Web riichi set" in said and "it learns from each tile you correct or record." in said
    assert "Teach mjtable" not in said


def test_the_calibration_page_calls_its_photo_the_layout_photo_as_its_text_does(client):
    # "Calibration photo" / « Photo de calibration » beside text and warnings saying "layout photo"
    page = client.get("/calibrate/?lang=en").get_data(as_text=True)
    assert "Layout photo <input" in page and "Calibration photo" not in page
    page = client.get("/calibrate/?lang=fr").get_data(as_text=True)
    assert "Photo de disposition <input" in page and "Apprenez à mjtable à lire vos tuiles" in page
    # the photo page's way round a photo said « Saisir la main à la main »
    assert "Écrire la main à la place" in client.get("/?lang=fr").get_data(as_text=True)


def test_controls_a_screen_reader_meets_often_are_named_by_what_they_are_about(client):
    # a keyboard and screen-reader trial heard a "what it is" per score line, an unnamed group
    # for a table's scrolling box, and "total" down each player's column of the score sheet
    html = client.post("/review/score", json={"hand": "123456789m123p5z 5z", "rules": "mcr", "form": {}}).json["html"]
    names = re.findall(r'<a href="#" class="source" role="button" aria-expanded="false" aria-label="([^"]+)"', html)
    assert names and all(n.startswith(("what it is: ", "source: ")) and len(n) > len("what it is: ") for n in names)
    assert len(set(names)) == len(names), names
    # French puts its space before the colon, as the page's other colons do
    html = client.post("/review/score?lang=fr", json={"hand": "123456789m123p5z 5z", "rules": "mcr", "form": {}}).json["html"]
    assert 'aria-label="ce que c\'est : Suite Pure"' in html, re.findall(r'aria-label="ce que[^"]*"', html)[:2]
    client.get("/?lang=en")
    gid = client.post("/api/games", json={"name": "t", "rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m123p5z 5z", "winner": 1, "discarder": 0})
    client.post(f"/api/games/{gid}/hands", json={"kind": "end"})
    for page, name in ((f"/games/{gid}?lang=en", "Final result"), (f"/games/{gid}?lang=en", "Hands"),
                       ("/games?lang=en", "Games"), ("/games/standings?rules=mcr&lang=en", "Standings across games")):
        text = client.get(page).get_data(as_text=True)
        # a scroller of no control of its own takes the keyboard, to be scrolled (the hands' holds its forms)
        assert f'class="scroll' in text and re.search(f'role="region"{"" if name == "Hands" else " tabindex=.0."} '
                                                      f'aria-label="{name}"', text), (page, name)
    sheet = client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    assert '<span class="sr-only">Bob </span>total</th>' in sheet
    # the first Tab goes past the bar's links to the page (six links before it on every page)
    home = client.get("/?lang=en").get_data(as_text=True)
    assert home.index('<a class="skip-link" href="#main">Skip to the page</a>') < home.index("<nav>") \
        and '<main id="main" tabindex="-1">' in home


def test_a_context_fields_what_it_is_link_is_hidden_with_its_field(client):
    # the liable player's "what it is" stood outside its label: hidden with the field when the hand
    # needs no liable player, the link stayed, beside the next field (red fives), pointing to pao
    html = client.get("/review/new?rules=riichi").get_data(as_text=True)
    links = re.findall(r'<label class="ctx[^"]*" data-need="[^"]*">(?:(?!</label>).)*?class="small what-it-is"',
                       html, flags=re.S)
    assert html.count('class="small what-it-is"') == len(links) >= 1


def test_a_hand_outside_a_game_is_offered_the_games_of_its_rules_first(client):
    # a beginner's riichi hand was offered the club's newer MCR game first, its game further down
    riichi = client.post("/api/games", json={"rules": "riichi", "players": list("ABCD")}).json["game"]["id"]
    mcr = client.post("/api/games", json={"rules": "mcr", "players": list("EFGH")}).json["game"]["id"]
    client.get(f"/games/{mcr}")                       # the game this browser had open last
    for rules, first in (("riichi", riichi), ("mcr", mcr)):
        html = client.get(f"/review/new?rules={rules}").get_data(as_text=True)
        offered = re.findall(r'<option value="(\d+)">', html[html.index('id="record-into-game"'):])
        assert offered[:2] == [str(first), str(riichi if first == mcr else mcr)], (rules, offered)


def test_the_review_page_says_what_to_do_without_javascript(client):
    # with scripts off the page showed "Scoring…" forever and its buttons did nothing, unsaid
    gid = client.post("/api/games", json={"name": "Club", "rules": "mcr", "players": list("ABCD")}).json["game"]["id"]
    html = client.get(f"/review/new?game={gid}&hand=" + WIN.replace(" ", "%20")).get_data(as_text=True)
    said = html[html.index("<noscript>"):html.index("</noscript>")]
    assert "This page needs JavaScript" in said and f'href="/games/{gid}#win-form"' in said, said
    assert f"<code>{WIN}</code>" in said
    fr = client.get(f"/review/new?game={gid}&lang=fr").get_data(as_text=True)
    assert "Cette page a besoin de JavaScript" in fr
    # a finished game has no win form to send the player to
    client.post(f"/api/games/{gid}/hands", json={"hand": WIN, "winner": 0, "discarder": 1})
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "end"}).status_code == 201
    html = client.get(f"/review/new?game={gid}&lang=en").get_data(as_text=True)
    said = html[html.index("<noscript>"):html.index("</noscript>")]
    assert "This page needs JavaScript" in said and "win form" not in said


def test_every_box_for_tiles_is_kept_from_a_phones_capitals_and_spelling(client):
    # the game page's dora and ura-dora boxes let a phone capitalise their first letter (« 6S »)
    # and correct its spelling, where the hand's box did not
    game = client.post("/api/games", json={"rules": "riichi", "players": ["A", "B", "C", "D"]}).json["game"]["id"]
    for url in (f"/games/{game}", f"/review/new?game={game}", "/review/new?rules=riichi"):
        page = client.get(url).get_data(as_text=True)
        boxes = re.findall(r'<input[^>]*name="(?:hand|dora_indicators|ura_dora_indicators|ctx_dora_indicators|'
                           r'ctx_ura_dora_indicators|notation)[^"]*"[^>]*>', page)
        assert boxes, url
        for box in boxes:
            assert 'autocapitalize="off"' in box and 'spellcheck="false"' in box, (url, box)


def test_every_source_link_is_named_by_what_it_is_the_source_of(client):
    # the words page's 43 "source" buttons were each heard as "source", and the score's "Why not"
    # lines' too: each named by its term, as the score table's "what it is: Concealed Hand"
    page = client.get("/words/?lang=fr").get_data(as_text=True)
    links = re.findall(r'<a href="#" class="source"[^>]*>', page)
    labels = [re.search(r'aria-label="([^"]*)"', a) for a in links]
    assert len(links) > 20 and all(labels), [a for a, m in zip(links, labels) if not m][:3]
    assert len({m.group(1) for m in labels}) == len(labels) and labels[0].group(1).startswith("source : ")
    client.get("/")
    with client.session_transaction() as session:
        token = session.get("csrf")
    result = client.post("/review/score", json={"hand": "123456789m123p5z 5z", "rules": "mcr"},
                         headers={"X-CSRF-Token": token} if token else {})
    shown = result.get_json()["html"]
    why_not = shown[shown.index('class="why-not"'):]
    links = re.findall(r'<a href="#" class="source"[^>]*>', why_not)
    # (the page in French: the session kept the words page's language)
    assert links and all(re.search(r'aria-label="(ce que c&#39;est|ce que c\'est|source) : [^"]+"', a) for a in links), links


def test_a_photo_that_gave_no_tiles_says_why_beside_it(app, client):
    # a 20 x 20 picture was told only "No tiles were found in the photo"; its size, the reason, was
    # kept in the photo's dialog, which no player had reason to open
    from webui.store import Store, connect
    from vision.grouping.table import NO_TILES
    store = Store(connect(app.config["DATABASE"]))
    small = ("the photo is only 20 × 20 pixels, too small to hold a hand's 14 tiles readably (about 308 pixels "
             "across): send the photo at its full size, or take it again")

    def no_hand(warnings, lang="en"):
        draft = store.create_draft({"jpeg": b"\xff\xd8" + bytes(10), "width": 1, "height": 1},
                                   {"tiles": [], "hand": None, "reading": {"warnings": warnings, "groups": [], "links": []}})
        html = client.get(f"/review/{draft}?rules=mcr&lang={lang}").get_data(as_text=True)
        part = html[html.index('id="no-hand"'):]
        return part[:part.index("</p>")]
    said = no_hand([small, NO_TILES])
    assert "No tiles were found in the photo" in said and 'id="no-tiles-why">The photo is only 20 × 20 pixels' in said
    said = no_hand([small, NO_TILES], "fr")
    assert 'id="no-tiles-why">' in said and "pixels" in said and "too small" not in said
    assert 'id="no-tiles-why"' not in no_hand([NO_TILES])        # nothing more to say than none were found
