"""The PDF score sheet of a club evening with four long names (a club organiser's trial): every
name whole, on as many lines as it takes where the page has the room (the players' column heads,
the Dealer column, the final table, the signatures), a word broken only with a hyphen, each
winner's hand right under its result, and the 17 hands on one page."""
from __future__ import annotations

import re

from webui.score_sheet import MARGIN, PAGE_W, WRAP, _width, _wrap

LONG_NAMES = ["Maximilian Alexander von Hohenstein-Lichtenberg", "Hélène Bérénice Dupré-Château", "Wong",
              "Christopher Jonathan Featherstonehaugh"]

#: the organiser's evening, hand by hand: (winner or kind, discarder, hand, context)
EVENING = [
    (1, 3, "[456p,1]123456789m3s 3s 1f", {}),
    (2, None, "[1111z,2]123456789p5z 5z 25f", {}),
    ("draw", None, None, {}),
    (0, 1, "[555z,3][666z,1]1112999s 2s 78f", {}),
    ("penalty", 2, None, {}),
    (3, None, "1133m5577p99s114z 4z 3f", {}),
    (0, 2, "19m19p19s1234567z 1m", {}),
    (1, None, "[3333m,2]456789p2348s 8s 4f", {"kong_replacement": True}),
    (3, 0, "123m456p12789s55z 3s", {"robbing_kong": True}),
    (2, None, "2349m345p456678s 9m", {"last_tile": True}),
    (0, 1, "[2222p,3](8888s)[777m,1]444s1z 1z", {}),
    (2, 3, "[789m,1]1334455556m 2m", {"last_of_kind": True}),
    (3, None, "(2222m)(5555p)3456789s 9s", {}),
    (1, 0, "[555z,1][666z,2]123789m7z 7z", {}),
    ("draw", None, None, {}),
    (0, None, "1112223334445m 5m", {}),
    (3, 2, "[123m,1][456p,1]23p55789s 4p", {}),
]


def long_names_game(client, hands: int = len(EVENING)) -> int:
    """The organiser's MCR game with its four long names, its first ``hands`` hands recorded (all
    17: the game is over)."""
    gid = client.post("/api/games", json={"name": "Club du jeudi — soirée MCR n°12", "rules": "mcr",
                                          "players": LONG_NAMES}).json["game"]["id"]
    for who, discarder, hand, context in EVENING[:hands]:
        if who == "draw":
            body = {"kind": "draw"}
        elif who == "penalty":
            body = {"kind": "penalty", "offender": discarder}
        else:
            body = {"hand": hand, "winner": who, "discarder": discarder, "context": context}
        r = client.post(f"/api/games/{gid}/hands", json=body)
        assert r.status_code == 201, r.json
    return gid


def _pages(pdf: bytes) -> list[list[tuple[float, float, float, str]]]:
    """Each page's text runs: (size, x, y, text)."""
    pages = []
    for stream in re.findall(rb"stream\n(.*?)\nendstream", pdf, re.S):
        runs = re.findall(rb"BT /F1 ([\d.]+) Tf ([\d.-]+) ([\d.-]+) Td \(((?:[^)\\]|\\.)*)\) Tj ET", stream)
        pages.append([(float(s), float(x), float(y), t.decode("cp1252").replace("\\(", "(").replace("\\)", ")"))
                      for s, x, y, t in runs])
    return pages


def test_a_word_wider_than_its_line_breaks_with_a_hyphen_and_a_double_name_after_its_own():
    # "Featherstoneha" over "ugh" in the Dealer column read as two words
    lines = _wrap("Christopher Jonathan Featherstonehaugh", 58, 8)
    assert lines[:2] == ["Christopher", "Jonathan"] and lines[2].endswith("-") and len(lines) == 4
    assert lines[2][:-1] + lines[3] == "Featherstonehaugh"
    assert all(_width(line, 8) <= 58 for line in lines)
    # a double name wider than the line: its first half on the line begun, no hyphen added
    assert _wrap("Maximilian Alexander von Hohenstein-Lichtenberg", 82, 8) == [
        "Maximilian Alexander", "von Hohenstein-", "Lichtenberg"]
    # a word that fits a line of its own goes there whole
    assert _wrap("on Anne-Sophie Martin's discard", 50, 8)[1] == "Anne-Sophie"


def test_a_note_of_two_lines_is_two_lines_on_the_pdf_sheet(client):
    # "line1\nline2" was printed "line1line2"
    gid = client.post("/api/games", json={"name": "g", "rules": "toy", "players": ["A", "B", "C", "D"]}).json["game"]["id"]
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "draw", "note": "line1\nline2, \"quoted\""}).status_code == 201
    texts = [t for page in _pages(client.get(f"/games/{gid}/sheet.pdf").data) for _, _, _, t in page]
    assert any(t.endswith("line1") for t in texts) and 'line2, "quoted"' in texts
    assert not any("line1line2" in t for t in texts)
    assert _wrap("a\r\nb", 100, 8) == ["a", "b"]


def test_the_pdf_sheet_of_four_long_names_cuts_none_and_keeps_its_rows_compact(client):
    gid = long_names_game(client)
    assert client.get(f"/api/games/{gid}").json["finished"]
    pages = _pages(client.get(f"/games/{gid}/sheet.pdf").data)
    runs = [r for page in pages for r in page]
    assert not [t for _, _, _, t in runs if "\u2026" in t]                   # nothing cut short
    for size, x, _, t in runs:                                              # and nothing off the page
        assert x >= MARGIN - 1 and x + _width(t, size) <= PAGE_W - MARGIN + 1, t
    # the 17 hands on the first page (they took two): each winner's hand right under its result's
    # last line, not under a dealer's name on three or four lines
    first = pages[0]
    hands = [r for r in first if r[0] == 7]
    assert len(hands) == 14                     # every winner's hand of the 17 hands (14 wins)
    result_x = hands[0][1]
    for _, _, y, t in hands:
        above = [ry for size, rx, ry, _ in first if size == 8 and abs(rx - result_x) < 0.5 and ry > y]
        assert above and min(above) - y <= WRAP + 1, (t, min(above) - y if above else None)
    # the Dealer column: each name whole or broken after a hyphen, never inside a word
    pieces = {p for name in LONG_NAMES for word in name.split() for p in [word, *re.split(r"(?<=-)", word)] if p}
    dealer_x = MARGIN + 22 + 40 + 3
    dealer = [t for size, x, _, t in first if size == 8 and abs(x - dealer_x) < 0.5 and t != "Dealer"]
    assert dealer and all(set(t.split()) <= pieces for t in dealer), [t for t in dealer if not set(t.split()) <= pieces]
    # the final table (it had room for them) and the signature lines: every name whole
    last = pages[-1]
    texts = [t for _, _, _, t in last]
    final = [t for size, _, _, t in last if size == 9]
    assert all(name in final for name in LONG_NAMES), final
    signed = " ".join(t for size, _, _, t in last[texts.index("Signatures") + 1:] if size == 8)
    assert all(name in signed for name in LONG_NAMES), signed
    # each name over its two columns, on as many lines as it takes
    heads = " ".join(t for size, _, _, t in first if size == 8)
    assert all(w in heads for name in LONG_NAMES for w in re.split(r"[ -]", name))


def test_a_riichi_sheet_of_long_names_wraps_them_in_the_final_table(client):
    from .test_game_flow import PURE_STRAIGHT
    gid = client.post("/api/games", json={"rules": "riichi", "players": LONG_NAMES}).json["game"]["id"]
    for body in ({"winners": [{"winner": 0, "hand": PURE_STRAIGHT}], "discarder": 1, "riichi": [0, 3]},
                 {"kind": "draw", "tenpai": [0, 3], "riichi": [3]}, {"kind": "end"}):
        assert client.post(f"/api/games/{gid}/hands", json=body).status_code == 201
    for lang in ("en", "fr"):
        pages = _pages(client.get(f"/games/{gid}/sheet.pdf?lang={lang}").data)
        runs = [r for page in pages for r in page]
        texts = [t for _, _, _, t in runs]
        assert not [t for t in texts if "\u2026" in t], lang
        assert ("Sticks" if lang == "en" else "Bâtonnets") in texts                # the column's head whole
        final = " ".join(t for size, _, _, t in runs if size == 9)
        assert all(name in final for name in LONG_NAMES[1:]), final
        assert "Maximilian Alexander von" in final and "Hohenstein-Lichtenberg" in final
        for size, x, _, t in runs:
            assert x >= MARGIN - 1 and x + _width(t, size) <= PAGE_W - MARGIN + 1, t


def test_a_games_house_rules_are_on_its_page_its_sheet_and_its_pdf(client):
    # a club evening with one table on a 300 limit and the others on 500 printed sheets that looked
    # the same: the options were kept in the JSON only
    gid = client.post("/api/games", json={"rules": "classical", "players": ["A", "B", "C", "D"],
                                           "options": {"limit": 300, "flowers": False, "payment": "discarder_pays"}}
                      ).json["game"]["id"]
    said = "house rules (limit: 300, flowers: no, payment: discarder pays)"
    assert said in client.get(f"/games/{gid}").get_data(as_text=True)
    assert said in client.get(f"/games/{gid}/sheet").get_data(as_text=True)
    pdf_text = " ".join(t for page in _pages(client.get(f"/games/{gid}/sheet.pdf").data) for _, _, _, t in page)
    assert said in pdf_text
    fr = client.get(f"/games/{gid}?lang=fr").get_data(as_text=True)
    assert "règles maison (limite : 300, fleurs : non, paiement : l&#39;écarteur paie)" in fr
    # a game on the defaults says none; an option given at its default is no house rule
    plain = client.post("/api/games", json={"rules": "classical", "players": ["A", "B", "C", "D"],
                                            "options": {"limit": 500}}).json["game"]["id"]
    assert "house rules" not in client.get(f"/games/{plain}").get_data(as_text=True)
    assert "house rules" not in client.get(f"/games/{plain}/sheet").get_data(as_text=True)


def test_a_house_rule_named_after_its_source_is_said_as_its_form_names_it(client):
    # "nine gates: ffmj2013" where the form says "variant B: terminal pungs counted"
    gid = client.post("/api/games", json={"rules": "mcr", "players": ["A", "B", "C", "D"],
                                           "options": {"nine_gates": "ffmj2013"}}).json["game"]["id"]
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "house rules (nine gates: variant B (terminal pungs counted))" in page and "ffmj2013)" not in page


def test_a_classical_pdf_sheet_says_only_the_winner_is_paid_as_its_print_view_does(client):
    # a family's PDF had the figures without the note the game page and the print view give
    gid = client.post("/api/games", json={"rules": "classical", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    assert client.post(f"/api/games/{gid}/hands", json={"hand": "123m456p789s234s5z 5z", "winner": 1,
                                                         "discarder": 0}).status_code == 201
    for lang, start in (("en", "In full classical play the other three"), ("fr", "Dans le jeu classique complet")):
        text = " ".join(run[3] for page in _pages(client.get(f"/games/{gid}/sheet.pdf?lang={lang}").data) for run in page)
        assert start in text, (lang, text[:400])
    mcr = client.post("/api/games", json={"rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    assert "In full classical play" not in " ".join(r[3] for p in _pages(client.get(f"/games/{mcr}/sheet.pdf").data) for r in p)


def test_a_riichi_pdf_final_table_has_sticks_and_chombo_columns_only_where_a_player_has_some(client):
    # a club's PDF had an empty "Bâtons" column and a "0" chombo for every player, and dated the
    # game "2026-12-04" beside the pages' « 4 déc. 2026 »
    from webui.i18n import day_words
    from .test_game_flow import RIICHI_GAME, post

    def final_words(gid, lang="en"):
        runs = [r[3] for p in _pages(client.get(f"/games/{gid}/sheet.pdf?lang={lang}").data) for r in p]
        return runs[runs.index("Final result" if lang == "en" else "Résultat final"):], " ".join(runs)

    plain = client.post("/api/games", json={"rules": "riichi", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]
    for body, _ in RIICHI_GAME:
        post(client, plain["id"], body)
    words, text = final_words(plain["id"])
    assert "Chombo" not in words and "Uma" in words
    assert f"Created {day_words(plain['created'], 'en')}" in text and plain["created"][:10] not in text
    fr = final_words(plain["id"], "fr")[1]
    assert f"{day_words(plain['created'], 'fr')}" in fr
    chombo = client.post("/api/games", json={"rules": "riichi", "players": ["Ann", "Bob", "Cy", "Di"],
                                             "flow": {"tournament": True}}).json["game"]["id"]
    post(client, chombo, {"kind": "penalty", "offender": 2})
    for body, _ in RIICHI_GAME:
        post(client, chombo, body)
    words, _ = final_words(chombo)
    assert "Chombo" in words and "0" not in words, words          # no "0" chombo for those without one
    # and the PDF says why the scores then add up to -20,000, as the print view does
    text = " ".join(words).replace("\u2212", "-")
    assert "paid to no player (002 §3.4.6, tournament): the scores add up to -40,000, not 0." in text, text   # two chombos
