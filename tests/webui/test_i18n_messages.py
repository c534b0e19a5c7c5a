"""French pages French throughout: the scorer's payment reasons, warnings and refusals, vision's
calibration-layout problems and the input checks' messages are English (or codes) at their
source and put in French by webui/i18n.py. The English strings are taken from the sources
themselves, so a new message without its French fails here."""
from __future__ import annotations

import ast
import html
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from flask import render_template

import scorer
from webui import i18n

from .conftest import csrf_of
from .helpers import NOT_COMPLETE, WIN

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*ROOT.glob("scorer/*.py"), *ROOT.glob("scorer/*/*.py"), *ROOT.glob("vision/*.py"),
                  *ROOT.glob("vision/grouping/*.py"), ROOT / "mjtable/pipeline.py", *ROOT.glob("webui/*.py"),
                  # the tile-set profiles' store: its refusals reach the calibration page (a name taken,
                  # a damaged profile), and stayed English on French pages
                  ROOT / "vision/profile/store.py"])
#: Functions whose returned strings are messages (the reader's notes on a photo read two ways).
MESSAGE_FUNCTIONS = {"describe_alternative", "model_problem"}
CALLS = {"Payment": 2, "pay": 3, "GameError": 1, "InputError": 1, "SettlementError": 1, "HandError": 1,
         "RulesError": 1, "ScorerError": 1, "ImageError": 1, "ProfileError": 0, "ProfileDamaged": 0}
#: Tables of messages by the rule package's error: (context key, message) pairs (scorer/riichi).
MESSAGE_TABLES = {"_CONTEXT_ERRORS"}
#: Pieces put together elsewhere (a prefix and its suffix), checked whole below.
COMPOSED = {"{}{}{}", "{} + {} counter(s) × 100", "option {}{}{}", "ron{}", "ron, half (pao shared){}",
            "; the tiles as read are not a winning hand, so the hand may not be a winning one",
            "hand {}: {} under {} as {} ({}) in the {} round: {}"}


def _literal(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        a, b = _literal(node.left), _literal(node.right)
        return (a or "{}") + (b or "{}") if (a or b) else None
    if isinstance(node, ast.IfExp):
        return _literal(node.body)
    return None


def english_messages() -> set[str]:
    """Messages that can reach a page: payment reasons, errors' messages, warnings, problems."""
    out = set()
    for path in SOURCES:
        tree = ast.parse(path.read_text())
        # a file's own helpers that take a message (riichi's _error(code, message), the calibration
        # page's _error(status, code, message)): the argument in that place
        local = {f.name: [a.arg for a in f.args.args].index("message") for f in ast.walk(tree)
                 if isinstance(f, ast.FunctionDef) and "message" in [a.arg for a in f.args.args]}
        for n in ast.walk(tree):
            if isinstance(n, ast.Call):
                name = getattr(n.func, "id", None) or getattr(n.func, "attr", None)
                at = CALLS.get(name, local.get(name) if isinstance(n.func, ast.Name) else None)
                if at is not None and len(n.args) > at:
                    out.add(_literal(n.args[at]))
                if (name == "append" and isinstance(n.func.value, ast.Name)
                        and n.func.value.id in ("problems", "warnings") and n.args):
                    out.add(_literal(n.args[0]))
            if isinstance(n, ast.Dict):
                for k, v in zip(n.keys, n.values):
                    if isinstance(k, ast.Constant) and k.value in ("message", "reason"):
                        out.add(_literal(v))
            if (isinstance(n, ast.Assign) and isinstance(n.value, ast.Dict)
                    and any(getattr(t, "id", None) in MESSAGE_TABLES for t in n.targets)):
                out |= {_literal(v.elts[1]) for v in n.value.values if isinstance(v, ast.Tuple)}
            if isinstance(n, ast.FunctionDef) and n.name in MESSAGE_FUNCTIONS:
                out |= {_literal(r.value) for r in ast.walk(n) if isinstance(r, ast.Return) and r.value}
            if isinstance(n, (ast.Assign, ast.AugAssign)):       # out["warning"] = ... (+= ...)
                targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                if any(isinstance(t, ast.Subscript) and isinstance(t.slice, ast.Constant)
                       and t.slice.value == "warning" for t in targets):
                    out.add(_literal(n.value))
    return {s for s in out if s and re.search(r"[a-z]{3}", s)} - COMPOSED


def _fixed_parts(text: str) -> list[str]:
    """The words of a message that do not depend on its values, long enough to be telling."""
    text = i18n.strip_citation(text)
    return [p.strip(" :;,.") for p in text.split("{}") if len(p.split()) >= 3]


def test_every_message_has_its_french(app):
    messages = english_messages()
    assert len(messages) > 150
    with app.test_request_context("/?lang=fr"):
        missing = sorted(m for m in messages if i18n.french_message(m.replace("{}", "7")) is None)
        assert not missing, missing
        for composed in ("ron + 2 counter(s) × 300", "tsumo share + 1 counter(s) × 100",
                         "hand 2: impossible win context under Hong Kong old style as B (E) in the E round: a win on a kong "
                         "replacement tile is drawn from the wall: it is a self-drawn win; the player who discarded the kong's fourth "
                         "tile is written on the kong: [8888m,2] for the player across (1 left, 3 right)",
                         "hand 2: not a winning hand under Chinese Official (MCR, 81 fans) as B (E) in the E round: "
                         "too few tiles",
                         "8z is not a tile: honours are 1z-7z (E S W N, P F C); every digit belongs to the suit "
                         "letter after it: 4567891z names 4z 5z 6z 7z 8z 9z 1z",
                         "9f is not a tile: flowers and seasons are 1f-8f",
                         "row 2 (dots 1p-9p) has 8 tiles, expected 9: a tile seems missing after the 3rd tile",
                         "row 1 (characters 1m-9m) seems missing: the rows found are the layout's others (rows of "
                         "9 9 7 8); lay it out in its place",
                         "the rows found are laid in another order (in turn: bamboo, characters, honours): lay each "
                         "row in its place, in the layout's order (characters, dots, bamboo, honours, then flowers "
                         "and seasons)"):
            assert i18n.french_message(composed), composed
        # the rule set by its title, in French too (it was its id, "mcr")
        import scorer
        from scorer.rulesets import RULE_SETS
        for name in (n for n in RULE_SETS if n != "toy"):      # toy: the tests' own
            title = scorer.get_rule_set(name).title
            assert f"en {i18n.strip_citation(i18n.FR[title])} comme B" in i18n.french_message(
                f"hand 2: not a winning hand under {title} as B (E) in the E round: too few tiles"), name


def test_the_mcr_exclusion_tables_english_notes_have_their_french(app):
    from scorer.mcr.exclusions import EXCLUSIONS, NOTE_ACCOUNT_ONCE, NOTE_ALREADY_LINKED
    notes = {row.note for row in EXCLUSIONS if row.note} | {NOTE_ACCOUNT_ONCE, NOTE_ALREADY_LINKED}
    with app.test_request_context("/?lang=fr"):
        assert sorted(n for n in notes if i18n.french_message(n) is None) == []
        res = scorer.score("123456789789m11z", "mcr")
        second = next(e for e in res.excluded if e.id == "pure_straight")
        assert i18n.msg(second.note).startswith("Comptée une fois ci-dessus")


def test_account_once_sets_are_said_in_french(app):
    from tests.mcr.util import result
    note = next(e for e in result("234567s234567p55m").excluded if e.id == "short_straight").note
    with app.test_request_context():
        assert i18n.french_message(note) == (
        "Comptée une fois ci-dessus ; une de plus ne l'est pas. Ses combinaisons 234s et 567s sont déjà liées : "
            "Double Chow Mélangé réunit 234s et 234p ; Petite Suite Pure réunit 234p et 567p ; Double Chow "
            "Mélangé réunit 567p et 567s. Deux combinaisons déjà liées, directement ou par d'autres, ne forment pas "
            "d'autre main.")


def test_english_pages_keep_english(app):
    with app.test_request_context("/?lang=en"):
        assert i18n.msg("other player: 8") == "other player: 8"
        assert i18n.msg({"code": "not_found", "message": "there is nothing at this address"}) == \
            "there is nothing at this address"
    with app.test_request_context("/?lang=fr"):
        assert i18n.msg("other player: 8") == "autre joueur : 8"
        assert i18n.msg("something new", "too_large") == "trop grand"


def visible(html: str) -> str:
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def assert_french(text: str, english: list[str]):
    found = sorted({p for p in english if p in text})
    assert not found, (found, text[:3000])


PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def test_french_pages_show_no_english_message(app, client):
    english = [p for m in english_messages() for p in _fixed_parts(m)]
    english += [w for r in ("Chinese Official (MCR, 81 fans)", "Classical (points and doubles)",
                            "Hong Kong old style", "points received") for w in [r]]
    client.set_cookie("mjtable_lang", "fr")
    pages = []
    # an MCR game: a win with its payments, a draw
    gid = client.post("/api/games", json={"rules": "mcr", "players": PLAYERS}).json["game"]["id"]
    assert client.post(f"/api/games/{gid}/hands", json={"hand": WIN, "winner": 0, "discarder": 1,
                                                         "context": {}}).status_code == 201
    client.post(f"/api/games/{gid}/hands", json={"kind": "draw"})
    pages += [client.get(f"/games/{gid}?lang=fr"), client.get(f"/games/{gid}/hands/1"), client.get("/games")]
    # a riichi game with sticks and counters: riichi, a draw with noten payments, a win
    rid = client.post("/api/games", json={"rules": "riichi", "players": PLAYERS}).json["game"]["id"]
    client.post(f"/api/games/{rid}/hands", json={"kind": "draw", "tenpai": [0], "riichi": [0]})
    r = client.post(f"/api/games/{rid}/hands", json={"hand": "123m456m789m234p5s 5s", "winner": 1,
                                                      "discarder": 2, "riichi": [1]})
    assert r.status_code == 201, r.json
    pages += [client.get(f"/games/{rid}"), client.get(f"/games/{rid}/hands/1"), client.get(f"/games/{rid}/hands/2"),
              client.get(f"/games/{rid}/sheet")]
    # the review page, a score with warnings and other rule sets' refusals, a hand that is not one
    pages.append(client.get("/review/new?rules=mcr&hand=" + WIN))
    token = csrf_of(client)
    for hand, rules, form in ((WIN, "mcr", {}), (NOT_COMPLETE, "mcr", {}),
                              ("123m456m789m234p5s 5s 1f", "riichi", {"ctx_riichi": "1"})):
        out = client.post("/review/score", json={"hand": hand, "rules": rules, "form": {"ctx__present": "1", **form}},
                          headers={"X-CSRF-Token": token}).json
        pages.append(SimpleNamespace(status_code=200, get_data=lambda as_text=True, h=out["html"]: h))
    # error pages from bad input
    pages += [client.get("/nowhere"), client.post(f"/games/{gid}/hands/1/edit", data={"csrf": token, "winner": "9"})]
    texts = [visible(p.get_data(as_text=True)) for p in pages]
    joined = " ".join(texts)
    assert "autre joueur : 8" in joined and "bâtonnet de riichi" in joined and "pénalité noten" in joined
    assert "Officiel chinois" in joined and "Quelque chose ne va pas" in joined and "points reçus" in joined
    assert "fleurs et saisons 1f ne servent pas au riichi" in joined
    for text in texts:
        assert_french(text, english)
    # the calibration page with layout problems
    from vision.calibration import assign_layout
    tiles = [SimpleNamespace(center=(60.0 * i, 0.0), code="1m", face_down=False, corners=None,
                             box=(60.0 * i - 20, -25, 60.0 * i + 20, 25))
             for i in range(8)]
    tiles += [SimpleNamespace(center=(60.0 * i, 80.0), code="1p", face_down=i == 0, corners=None,
                              box=(60.0 * i - 20, 55, 60.0 * i + 20, 105))
              for i in range(9)]
    layout = assign_layout(tiles)
    assert layout.problems
    with app.test_request_context("/calibrate/?lang=fr"):
        html = render_template("calibrate/confirm.html", layout="calibrate/_plain.html", t=i18n.t_page,
                               calibrate_text={}, name="set", rows=[], token=None, problems=layout.problems,
                               orientation="turned 180°", has_bonus=False, replacing=False, disagreements=0)
    text = visible(html)
    assert "face cachée" in text and "tournée de 180°" in text
    assert_french(text, english)


def test_why_a_hand_cannot_be_recorded_is_in_the_pages_language(client):
    """The review page's bar shows the reason as it comes: it comes translated."""
    hand = "123m456p789s234s5p 5p"       # complete, no yaku (won on a discard, no riichi)
    english = client.post("/review/score", json={"hand": hand, "rules": "riichi", "form": {}}).json["declare"]
    assert not english["ok"] and english["reason"].startswith("not a winning hand: the hand is complete but has no yaku")
    client.set_cookie("mjtable_lang", "fr")
    french = client.post("/review/score", json={"hand": hand, "rules": "riichi", "form": {}}).json["declare"]
    assert french["reason"] == ("pas une main gagnante : la main est complète mais n'a aucun yaku : une main gagnante "
                                "en riichi en demande au moins un ; les dora ne comptent pas ; si riichi a été annoncé, "
                                "dites-le : riichi est un yaku")


def test_the_join_page_and_the_access_refusals_are_in_french(app, client):
    """/join, and the refusals of webui/security.py (their error page shows ``msg(message)``)."""
    client.set_cookie("mjtable_lang", "fr")
    page = visible(client.get("/join").get_data(as_text=True))
    assert "Faire rejoindre la table" in page and "Ce serveur ne répond qu'à cet ordinateur" in page
    assert "Let the table join" not in page and "only answers" not in page
    with app.test_request_context("/?lang=fr"):
        for english in ("ask the host for the table's join link: on the host's computer the page /join shows its "
                        "QR code to scan (the link carries the table's token)",
                        "the form has expired or did not come from this app; reload the page and try again",
                        "this server only answers its own machine; start it with `mjtable serve --lan` to let the "
                        "table join",
                        "requests must address this server by IP address or localhost"):
            assert i18n.french_message(english) is not None and i18n.msg(english) == i18n.french_message(english)
    # the form-expired refusal as a French page shows it
    r = client.post("/games", data={"name": "x"})
    assert r.status_code == 400 and "le formulaire a expiré" in r.get_data(as_text=True)


def test_errors_the_pages_own_scripts_show_are_in_their_language(client):
    """capture.js shows ``error.message`` as it comes: for the app's pages it comes in their
    language; the API keeps English."""
    import io
    token = csrf_of(client)
    def read_junk():
        return client.post("/capture/read", data={"csrf_token": token, "image": (io.BytesIO(b"not an image"), "x.jpg")},
                           content_type="multipart/form-data", headers={"X-Requested-With": "fetch"})
    english = read_junk().json["error"]["message"]
    client.set_cookie("mjtable_lang", "fr")
    r = read_junk()
    assert r.status_code == 400 and r.json["error"]["message"] != english
    assert r.json["error"] == {"code": "not_an_image",       # the whole message, the accepted formats with it
                               "message": "les données ne sont pas une image JPEG, HEIC, PNG, WebP, BMP, TIFF ou GIF"}
    api = client.post("/api/read", data={"image": (io.BytesIO(b"not an image"), "x.jpg")},
                      content_type="multipart/form-data")
    assert api.json["error"]["message"] == english


def test_what_the_reader_noticed_is_in_the_pages_language(app):
    # the review page's notes on a photo came in English on French pages
    notes = ["2 tile(s) left out, away from every group (9p, 9p): check for a missing tile nearby, "
             "or keep other tiles out of the photo", "the farthest row could be dora indicators or exposed melds: check it"]
    with app.test_request_context("/?lang=fr"):
        assert i18n.review_notes(notes) == [
            "2 tuiles laissées de côté, à l'écart de tout groupe (9p, 9p) : cherchez une tuile manquante à "
            "côté, ou gardez les autres tuiles hors de la photo",
            "la rangée la plus éloignée pourrait être des indicateurs de dora ou des combinaisons exposées : vérifiez-la"]
    with app.test_request_context("/?lang=en"):
        assert i18n.review_notes(notes) == [notes[0].replace("tile(s)", "tiles"), notes[1]]


def test_a_message_inside_a_message_is_french_too(app):
    # « les tuiles lues ne forment pas une main : too few tiles... »: the scorer's refusal inside
    # the reader's note stayed English
    with app.test_request_context("/?lang=fr"):
        assert i18n.msg("the tiles as read do not make a hand: too few tiles: 13 standing + 0 meld(s) × 3 = 13, "
                        "a winning hand has 14 with its winning tile (a kong counts as 3)") == (
            "les tuiles lues ne forment pas une main : trop peu de tuiles : 13 debout + 0 combinaison × 3 = 13, "
            "une main gagnante en a 14 avec sa tuile gagnante (un kong compte pour 3)")


def test_a_photo_whose_tiles_are_too_small_asks_the_player_to_check_every_tile(app):
    # the warning sat folded away under "What the reader noticed", where a player reading a photo
    # whose tiles read about 60 % right would not open it
    warning = ("the tiles are about 18 pixels across in the photo, too small to be read surely: take the photo "
               "closer, or at a higher resolution")
    other = "the farthest row could be dora indicators or exposed melds: check it"
    with app.test_request_context("/?lang=en"):
        asks = i18n.review_questions([other, warning, warning])
        assert asks == [{"kind": "small", "text": "The tiles are small in this photo (about 18 pixels across): some "
                                                  "may be misread. Check each tile, or take the photo closer."}]
        assert i18n.review_notes([other, warning]) == [other]
    with app.test_request_context("/?lang=fr"):
        assert i18n.review_questions([warning])[0]["text"].startswith(
            "Les tuiles sont petites sur cette photo (environ 18 pixels de large)")


def test_a_photo_out_of_focus_or_too_dark_is_asked_about_above_the_hand(app):
    # the out-of-focus warning sat only among the notes folded in the photo's dialog, where a
    # player who should take the photo again did not look
    from mjtable.pipeline import BLURRED_PHOTO, DARK_PHOTO
    other = "the farthest row could be dora indicators or exposed melds: check it"
    with app.test_request_context("/?lang=en"):
        asks = i18n.review_questions([DARK_PHOTO, BLURRED_PHOTO, other, BLURRED_PHOTO])
        assert [a["kind"] for a in asks] == ["dark", "blurred"]
        assert asks[1]["text"].startswith("The photo looks out of focus: some tiles may be misread.")
        assert i18n.review_notes([DARK_PHOTO, BLURRED_PHOTO, other], asked=["dark", "blurred"]) == [other]
        assert i18n.review_notes([BLURRED_PHOTO, other]) == [BLURRED_PHOTO, other]
    with app.test_request_context("/?lang=fr"):
        assert i18n.review_questions([BLURRED_PHOTO])[0]["text"].startswith("La photo semble floue : des tuiles")
        assert i18n.msg(BLURRED_PHOTO).startswith("la photo semble floue (les contours des tuiles ne sont pas nets)")


def test_a_washed_out_photo_is_asked_about_above_the_hand_as_a_dark_one(app):
    # its warning sat among the folded notes, where its dark twin is asked above the hand
    from mjtable.pipeline import WASHED_PHOTO
    other = "the farthest row could be dora indicators or exposed melds: check it"
    with app.test_request_context("/?lang=en"):
        (ask,) = i18n.review_questions([WASHED_PHOTO, other])
        assert ask["kind"] == "washed" and ask["text"].startswith("The photo is washed out (too bright)")
        assert i18n.review_notes([WASHED_PHOTO, other], asked=["washed"]) == [other]
    with app.test_request_context("/?lang=fr"):
        assert i18n.review_questions([WASHED_PHOTO])[0]["text"].startswith("La photo est délavée (trop claire)")


@pytest.mark.parametrize("warning, kind, asks, asks_fr, says_fr", [
    ("NOISY_PHOTO", "noisy", "The photo is grainy (noise from dim light)", "La photo a du grain",
     "la photo a du grain (le bruit d'une lumière faible)"),
    ("EDGE_CUT_PHOTO", "cut", "The photo's edge cuts some tiles: part of their faces",
     "Le bord de la photo coupe des tuiles", "le bord de la photo coupe 9 tuiles : une partie de leur face"),
])
def test_a_grainy_photo_or_one_cutting_its_tiles_is_asked_about_above_the_hand(app, warning, kind, asks, asks_fr,
                                                                                says_fr):
    from mjtable import pipeline
    other = "the farthest row could be dora indicators or exposed melds: check it"
    said = getattr(pipeline, warning).format(9)
    with app.test_request_context("/?lang=en"):
        (ask,) = i18n.review_questions([said, other])
        assert ask["kind"] == kind and ask["text"].startswith(asks)
        assert i18n.review_notes([said, other], asked=[kind]) == [other]
    with app.test_request_context("/?lang=fr"):
        assert i18n.review_questions([said])[0]["text"].startswith(asks_fr)
        assert i18n.msg(said).startswith(says_fr)


def test_a_photo_with_a_tile_too_many_is_not_asked_whether_it_is_upside_down(app):
    # a Hong Kong hand with its kong standing in the row, upright, got "Upside down? ..." beside
    # the count: a photo read the other way has as many tiles
    flip = "the photo could also be read upside down (rows in the other direction): check the winning tile"
    count = ("found 15 tiles where a winning hand has 14 (a kong counts as 3): keep other tiles out of the photo, "
             "or remove the extra ones")
    with app.test_request_context("/?lang=en"):
        assert [a["kind"] for a in i18n.review_questions([flip], hand_found=False)] == ["flip"]
        assert i18n.review_questions([flip, count], hand_found=False) == []


def test_a_constant_figure_is_written_in_each_pages_language(app):
    """Jinja works out constant filter calls once, when it compiles a template: the figure filter
    must not be one it can, or the first page's language would stay in every later page."""
    with app.test_request_context("/?lang=fr"):       # compiled while a French page is asked for
        template = app.jinja_env.from_string("{{ 1000|num }}")
        assert template.render() == "1\u202f000"
    with app.test_request_context("/?lang=en"):
        assert template.render() == "1,000"


def test_a_figure_in_each_language():
    assert i18n.number(30000, language="en") == "30,000" and i18n.number(999, language="fr") == "999"
    assert i18n.number(30000, language="fr") == "30\u202f000"
    assert i18n.number(-1234567, language="fr") == "-1\u202f234\u202f567"
    assert i18n.number(19.6, signed=True, decimals=1, language="fr") == "+19,6"
    assert i18n.number(19.6, signed=True, decimals=1, language="en") == "+19.6"
    assert i18n.number(4000, language="fr", latin1=True) == "4\xa0000"
    # nothing is "0" signed or not (a best game of 0 was "+0"), and a loss rounding to nothing too
    assert i18n.number(0, signed=True, language="en") == "0"
    assert i18n.number(-0.04, signed=True, decimals=1, language="fr") == "0,0"
    # what is not a figure is written as it is: an empty cell, a word
    assert i18n.number("", language="fr") == "" and i18n.number(None) == ""
    assert i18n.number("yakuman", language="fr") == "yakuman"


def test_what_a_hand_is_read_as_and_what_is_not_counted_are_in_french(client):
    """The form a hand is read as, and the patterns it shows that are not counted ("why not"),
    are named in the page's language like the counted ones."""
    token = csrf_of(client)
    out = client.post("/review/score?lang=fr", json={"hand": "1122m3344p5566s7z 7z", "rules": "mcr",
                                                     "form": {"ctx__present": "1"}},
                      headers={"X-CSRF-Token": token}).json
    text = visible(out["html"])
    assert "Lu comme sept paires" in text and "seven pairs" not in text
    assert "Main Semi Cachée" in text and "Concealed Hand" not in text


def test_a_hands_corrections_are_told_in_words_in_the_pages_language(app):
    changes = [{"op": "replace", "group": 0, "read": 3, "from": "3s", "to": "4s"},
               {"op": "from", "group": 1, "from": "right"}, {"op": "delete", "group": 2, "tiles": ["1z", "1z", "1z"]},
               {"op": "teleport", "group": 0}]
    with app.test_request_context("/?lang=en"):
        assert [i18n.correction_text(c) for c in changes[:3]] == [
            "3 Bamboo corrected to 4 Bamboo", "group 2 claimed from right", "group 3 removed (1z 1z 1z)"]
        assert "teleport" in i18n.correction_text(changes[3])     # a kind this version does not know: as recorded
    with app.test_request_context("/?lang=fr"):
        # a tile by its name, the participle agreeing with « tuile » (« 3 ronds corrigée en 4 ronds »)
        assert [i18n.correction_text(c) for c in changes[:2]] == ["tuile 3 bambous corrigée en 4 bambous",
                                                                   "groupe 2 pris à droite"]
        assert i18n.correction_text({"op": "winning", "tile": "6s"}) == "tuile 6 bambous marquée gagnante"


def test_every_change_the_review_page_records_is_told_in_words():
    # the hand page listed {"op": "winning", "tile": "6s"} as raw JSON among French lines
    script = (ROOT / "webui/static/review.js").read_text()
    ops = set(re.findall(r'\bop: "(\w+)"', script)) | set(re.findall(r'"(conceal|expose)"', script))
    assert len(ops) > 10 and sorted(ops - set(i18n.CORRECTIONS)) == []


def test_a_scored_items_source_note_is_in_the_pages_language_with_its_reference(app):
    import scorer
    res = scorer.score("123m456p789s234s5m12f 5m", "mcr").to_dict()
    note = next(i["note"] for i in res["items"] if i.get("note"))
    with app.test_request_context("/?lang=fr"):
        assert i18n.item_note(note) == "les fleurs ne comptent pas pour le minimum (000 n°13)"
        assert i18n.item_note("the kong replacement was the last tile (002 §3.4.1)").startswith("la tuile de")
    with app.test_request_context("/?lang=en"):
        assert i18n.item_note(note) == note


def test_a_game_file_that_is_not_json_is_told_where_in_french(app):
    from webui import gamelog, validation
    with pytest.raises(validation.InputError) as e:
        gamelog.parse_import_bytes(b"{\n  oops")
    assert e.value.message == "file is not valid JSON (line 2, column 3)"
    with app.test_request_context("/?lang=fr"):
        assert i18n.msg(e.value.message) == "le fichier n'est pas du JSON valide (ligne 2, colonne 3)"


def test_a_profile_name_refused_or_not_found_is_said_in_french(client):
    """The calibration page's refusals of a profile name, and of a profile not found, in the
    page's language (they were English on the French page)."""
    from .conftest import csrf_of
    token = csrf_of(client)
    page = client.post("/calibrate/upload?lang=fr", data={"csrf_token": token, "name": "!!!"}).get_data(as_text=True)
    assert "ni lettre ni chiffre" in page and "has no letters" not in page
    client.post("/calibrate/activate?lang=fr", data={"csrf_token": token, "name": "absent"})
    page = client.get("/calibrate/?lang=fr").get_data(as_text=True)
    assert "aucun profil nommé" in page and "no profile named" not in page


def test_points_under_the_minimum_agree_with_their_count(app):
    """A hand under MCR's minimum is told in points that agree with the count ('1 point', '7
    points'), on English and French pages."""
    from webui import i18n, scoring
    one = scoring.below_minimum({"total_without_flowers": 1, "minimum_points": 8, "flowers": 2})
    assert one.startswith("1 point without flowers, below the 8-point minimum")
    assert scoring.below_minimum({"total": 7, "minimum_points": 8, "flowers": 1}).startswith("7 points without flowers")
    with app.test_request_context("/?lang=fr"):
        assert i18n.msg(one).startswith("1 point sans les fleurs, sous le minimum de 8 points")
        assert i18n.msg("hand 2: " + one + " (record it as a false win)").startswith("main 2 : 1 point sans les fleurs")


def test_a_hand_without_flowers_under_the_minimum_is_not_told_about_flowers(app):
    """The minimum is counted without the flowers (000 n°13); a hand that has none read "3 points
    without flowers" as a flower rule it had broken. Said in both languages, and by the scorer."""
    import scorer
    from webui import i18n, scoring
    said = scoring.below_minimum({"total_without_flowers": 3, "minimum_points": 8, "flowers": 0})
    assert said.startswith("3 points, below the 8-point minimum") and "flowers" not in said
    with app.test_request_context("/?lang=fr"):
        assert i18n.msg(said).startswith("3 points, sous le minimum de 8 points") and "fleurs" not in i18n.msg(said)
    bare = scorer.score(scorer.to_hand("234m456p678s11p55s 5s", {}), "mcr")
    assert bare.extra["minimum_note"].startswith("3 points: below the 8-point minimum")
    flowered = scorer.score(scorer.to_hand("234m456p678s11p55s 5s 1f", {}), "mcr")
    assert flowered.extra["minimum_note"].startswith("3 points without flowers: below the 8-point minimum")


def test_where_the_reader_changed_a_tile_is_said_in_words_counted_from_one(app):
    # the decoding names a meld's tile "melds[2].tiles[0]": the review page showed it as it is
    # ("le lecteur a changé : melds[2].tiles[0] 6s → 5z") while the screen says "Combinaison 3"
    from scorer.consistency import place_words
    with app.test_request_context("/?lang=fr"):
        assert i18n.change_place("melds[2].tiles[0]") == "combinaison 3, tuile 1"
        assert i18n.change_place("concealed[7]") == "tuile debout 8"
    with app.test_request_context("/?lang=en"):
        assert i18n.change_place("melds[2].tiles[0]") == "meld 3, tile 1"
    assert place_words("melds[2].tiles[0]") == "meld 3, tile 1" and place_words("winning") == "the winning tile"
    assert place_words("dora[0]") == "dora indicator 1" and place_words("melds[1]") == "meld 2"


def test_the_last_tile_of_the_wall_is_not_confused_with_the_last_of_its_kind(app):
    # "dernière tuile" beside "dernière de son espèce" read as one thing twice
    with app.test_request_context("/?lang=fr"):
        assert (i18n.label("last_tile"), i18n.label("last_of_kind")) == ("dernière tuile du mur, ou son écart", "dernière tuile de sa sorte")
    with app.test_request_context("/?lang=en"):
        assert (i18n.label("last_tile"), i18n.label("last_of_kind")) == ("last tile of the wall, or its discard", "last of its kind")


def test_a_calibration_layout_out_of_order_is_told_in_french(app):
    # and an ordinal put into a message is French: « après la tuile n° 6th »
    with app.test_request_context("/?lang=fr"):
        assert i18n.msg("3 tiles seem out of order (6z 7z 5z where 5z 6z 7z go): lay each tile in its place in "
                        "the layout (winds E S W N, then the white, green and red dragons)").startswith(
            "3 tuiles semblent dans le désordre (6z 7z 5z là où vont 5z 6z 7z)")
        assert i18n.msg("row 1 and row 3 seem swapped (characters 1m-9m, bamboo 1s-9s): the base model reads each "
                        "row's tiles as the other's; lay the rows out in the layout's order (characters, dots, bamboo, "
                        "honours, then flowers and seasons)").startswith(
            "la rangée 1 et la rangée 3 semblent échangées")
        assert i18n.msg("row 2 (dots 1p-9p) has 8 tiles, expected 9: a tile seems missing after the 6th tile").endswith(
            "une tuile semble manquer après la 6e tuile")
        assert i18n.msg("the photo is only 100×75 pixels: too small for the layout's tiles to be read; send the photo "
                        "as the camera took it, at full size").startswith("la photo ne fait que 100×75 pixels : trop petite")


def test_a_count_in_a_message_settles_its_plural_in_each_language(app):
    # a payment reason came to the page as "1 compteur(s)" (the scorer writes its figures in)
    with app.test_request_context("/?lang=fr"):
        assert i18n.msg("ron + 1 counter(s) × 300") == "ron + 1 compteur × 300"
        assert i18n.msg("ron + 2 counter(s) × 300") == "ron + 2 compteurs × 300"
        assert i18n.msg("tsumo share + 1 counter(s) × 100").endswith("1 compteur × 100")
        # every mark of the count's clause, up to the next figure: « 13 debout + 0 combinaison »
        assert "les 2 dernières mains enregistrées viendraient" in i18n.msg(
            "this change would end the game earlier: the last 2 hand(s) recorded would come after its end; delete "
            "them first, then make the change; nothing was changed")
    with app.test_request_context("/?lang=en"):
        assert i18n.msg("ron + 1 counter(s) × 300") == "ron + 1 counter × 300"
        assert i18n.msg("ron + 0 counter(s) × 300") == "ron + 0 counters × 300"
        assert i18n.msg("hand 1: the tile(s) left") == "hand 1: the tile(s) left"   # no count before it


def test_the_french_mcr_options_name_the_fans_as_000_and_the_score_lines_do(client):
    # a French club read « couleur pure », « Semi-pure », « suite serpentine » in the options where
    # its score lines said Main Pure, Main Propre, Suite Cousue (000's names, scorer/mcr/fans.py)
    page = html.unescape(client.get("/games?lang=fr").get_data(as_text=True))
    start = page.index('name="opt_mcr__kong_pair_values"')
    options = page[start:page.index("</fieldset>", start)]
    options = re.sub(r'<details class="source-box.*?</details>', "", options, flags=re.S)   # 001's section titles
    for word in ("couleur pure", "Semi-pure", "serpentine", "tissé", "extrémités", "Main verte",
                 "Vent du siège", "Attente unique", "Main cachée"):
        assert word not in options, word
    for name in ("Main Pure", "Main Propre", "Tout Vert", "Suite Cousue", "Attente de la Paire",
                 "Main Entièrement Cachée", "Vent du Joueur"):
        assert name in options, name


def test_the_mcr_dealer_is_named_once_on_a_french_review_page(client):
    # « Croupier (Est) » in 000's word read « Joueur Est (Est) »
    gid = client.post("/api/games", json={"rules": "mcr", "players": list("ABCD")}).json["game"]["id"]
    page = client.get(f"/review/new?game={gid}&lang=fr").get_data(as_text=True)
    assert re.search(r'<label>Joueur Est <select name="dealer"', page) and "Joueur Est (Est)" not in page


def test_a_reason_made_of_several_messages_is_french_throughout(app):
    """Why no hand was rebuilt joins the tile count, the decoding's reason and its first failure
    with "; ": the first pattern took in the rest, which stayed English (« 7 tuiles trouvées …, 4
    more in groups that make no meld; no credible winning hand … »), as did read's merged warning."""
    from mjtable.commands.read import _merged_warnings
    from mjtable.pipeline import no_hand_reason
    from vision.grouping.hand_reading import tile_count_message
    decoding = {"message": "no credible winning hand among the 21 most probable readings; as read: no winning form "
                           "(4 sets and a pair, or a special hand)"}
    with app.test_request_context("/?lang=fr"):
        said = i18n.msg(no_hand_reason([tile_count_message(7, 0, unmelded=4)], decoding, None))
        assert said == ("7 tuiles trouvées là où une main gagnante en a 14, 4 de plus dans des groupes qui ne forment pas "
                        "de combinaison ; aucune main gagnante crédible parmi les 21 lectures les plus probables ; "
                        "telle que lue : aucune forme gagnante (4 combinaisons et une paire, ou une main spéciale)")
        said = i18n.msg(no_hand_reason([tile_count_message(12, 0, flowers=2)], decoding, None))
        assert said.startswith("12 tuiles trouvées là où une main gagnante en a 14, et 2 à côté comme fleurs ;")
        assert i18n.msg(no_hand_reason([], None, None)) == "aucune main gagnante n'a été reconstituée"
        # a photo where no tile is found: why, in both places (its warning, a module's constant, was English)
        from vision.grouping.table import NO_TILES
        assert i18n.msg(no_hand_reason([NO_TILES], None, None)) == "aucune tuile trouvée sur la photo"
        assert i18n.msg(NO_TILES).startswith("aucune tuile trouvée sur la photo : prenez-en une autre")
        # a value that lists tiles, face-down ones among them; a decoding's failure; one tile's agreement
        assert i18n.msg("3 tile(s) left out, away from every group (face down, face down, 3p): check for "
                        "a missing tile nearby, or keep other tiles out of the photo").startswith(
            "3 tuiles laissées de côté, à l'écart de tout groupe (face cachée, face cachée, 3p)")
        assert i18n.msg("no credible winning hand among the 4 most probable readings; as read: more than four tiles of "
                        "5p").endswith("telle que lue : plus de quatre tuiles de 5p")
        assert i18n.msg("1 tile(s) taken as lying sideways or upright by their shape beside the other tiles of "
                        "their row, not as first read: check the melds they are in").startswith("1 tuile jugée couchée")
        merged = _merged_warnings([
            "the winning tile is not set apart: the rightmost standing tile is taken as the winning tile; set it a "
            "little apart at the right, or correct it",
            "the photo could also be read upside down (rows in the other direction): set the winning tile apart at "
            "the right of the standing tiles, or take the photo from the standing tiles' side"])
        assert i18n.msg(merged[0]).startswith("la tuile gagnante n'est pas mise à part et la photo pourrait aussi se "
                                              "lire à l'envers")


#: The commands that speak French (``--lang fr``): their error, warning and note lines.
FRENCH_COMMANDS = ["calibrate", "games", "read", "record", "score"]
#: A profile's refusals a program's misuse alone meets (a caller's arrays of the wrong length), not a player.
PROFILE_MISUSE = {"embed returned shape {} for {} crops", "the examples' views do not vary: cannot learn a metric",
                  "a fine-tuned profile reads crops, not embeddings (use network_scores)",
                  "a profile needs at least one example", "base_probs has {} columns for {} classes",
                  "the classifier has no class for {}", "{} crops for {} codes", "{} face cuts for {} crops",
                  "{} readings for {} codes", "{}: {} codes for {} prototypes, metric {}"}


def test_every_command_line_said_in_french_has_its_french(app):
    """`mjtable games --lang fr` said "--backup copies the whole game log..." in English, and a
    damaged profile "X est abîmé (its tiles set aside do not match their crops)": the lines printed
    on standard error by the commands that speak French, and the profiles' refusals, have their French."""
    said = set()
    paths = [ROOT / f"mjtable/commands/{name}.py" for name in FRENCH_COMMANDS] + sorted(ROOT.glob("vision/profile/*.py"))
    for path in paths:
        for n in ast.walk(ast.parse(path.read_text())):
            if not isinstance(n, ast.Call) or not n.args:
                continue
            name = getattr(n.func, "id", None)
            text = _literal(n.args[0])
            if not text:
                continue
            if name == "print" and any(k.arg == "file" for k in n.keywords):
                m = re.match(r"(?:error|warning|note): (.*)", text, re.S)
                if m:
                    said.add(m.group(1))
            elif name in ("ProfileError", "ProfileDamaged") and text not in PROFILE_MISUSE:
                said.add(text)
    said = {s for s in said if re.search(r"[a-z]{3}", s)}      # "{}": a message said elsewhere
    assert len(said) > 40
    with app.test_request_context("/?lang=fr"):
        missing = sorted(s for s in said if i18n.french_message(s.replace("{}", "7")) is None)
    assert not missing, missing
