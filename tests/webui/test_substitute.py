"""A substitute takes a player's seat for the rest of a game (002 §5.9, « Joueurs de
substitution »; games.substitute, gamelog.substitute): the seat keeps its points and turns to
deal, every hand says who played it, and each person is given the points of the hands they
played (docs/rulings.md, Substitutes)."""
from __future__ import annotations

import csv
import html
import io
import re

import pytest

from .conftest import csrf_of
from .test_game_flow import A, B, C, D, PLAYERS, PURE_STRAIGHT, new_game, post


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", page)))


def _substitute(client, gid, player, name, first="", lang="en"):
    return client.post(f"/games/{gid}/substitute?lang={lang}", data={
        "csrf_token": csrf_of(client), "player": str(player), "name": name, "first": str(first)})


def _seat_taken_twice(client, seat, first, then) -> int:
    """An MCR game of three drawn hands: ``first`` takes ``seat`` for hand 2, ``then`` for hand 3."""
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    _substitute(client, gid, seat, first)
    post(client, gid, {"kind": "draw"})
    _substitute(client, gid, seat, then)
    post(client, gid, {"kind": "draw"})
    return gid


def _cy_back_as_typed_in_lowercase(client) -> int:
    """An MCR game: Gus takes Cy's seat for hand 2, Cy is back for hand 3, typed "cy"."""
    return _seat_taken_twice(client, C, "Gus", "cy")


def _riichi_game_with_a_substitute(client) -> int:
    """A half riichi game: Bob wins on Ann's discard (hand 1), Eve takes Ann's seat, three draws
    end the game (Eve alone tenpai each time, the dealer noten: the deal passes)."""
    gid = new_game(client, "riichi", east_only=True)
    post(client, gid, {"hand": PURE_STRAIGHT, "winner": B, "discarder": A})
    r = _substitute(client, gid, A, "Eve")
    assert r.status_code == 303
    for _ in range(3):
        post(client, gid, {"kind": "draw", "tenpai": [A]})
    return gid


def test_the_substitute_plays_from_the_next_hand_and_each_person_gets_the_hands_they_played(client):
    gid = _riichi_game_with_a_substitute(client)
    view = client.get(f"/api/games/{gid}").json
    assert view["finished"]
    assert view["game"]["players"] == PLAYERS and view["seated"] == ["Eve", "Bob", "Cy", "Di"]
    assert [h["played_by"][A] for h in view["hands"]] == ["Ann", "Eve", "Eve", "Eve"]
    ann = view["hands"][0]["deltas"][A]
    assert ann < 0
    first = next(r for r in view["final"] if r["seat"] == A)
    # the seat's line is Eve's, who finished; Ann is given what she lost in hand 1, Eve the rest
    # (her three tenpai payments, the uma, the points of the start)
    assert first["player"] == "Eve"
    assert first["shares"] == [{"name": "Ann", "hands": 1, "score": ann, "penalty": 0, "seqs": [1]},
                               {"name": "Eve", "hands": 3, "score": first["score"] - ann, "penalty": 0, "seqs": [2, 3, 4]}]
    assert all("shares" not in r for r in view["final"] if r["seat"] != A)
    # the club's standings: Eve finished a game, Ann played part of one (her points, no place)
    table = client.get("/api/standings?rules=riichi").json
    lines = {p["name"]: p for p in table["players"]}
    assert lines["Eve"]["games"] == 1 and lines["Eve"]["total"] == first["score"] - ann
    assert "Ann" not in lines and table["fewer_games"] == 1
    assert table["unranked"] == [{"name": "Ann", "total": ann, "games": 0, "part_games": 1}]
    page = _text(client.get("/games/standings?rules=riichi&lang=en").get_data(as_text=True))
    assert f"Players with no finished game, not ranked: Ann -{abs(ann):,} (1 game left to a substitute)" in page
    assert table["totals"]["Ann"] == ann and sum(table["totals"].values()) == sum(r["score"] for r in view["final"])
    # one finished game of Ann's later: her part of this one is in her total
    other = new_game(client, "riichi", east_only=True)
    for _ in range(4):
        post(client, other, {"kind": "draw", "tenpai": []})
    lines = {p["name"]: p for p in client.get("/api/standings?rules=riichi").json["players"]}
    assert lines["Ann"]["games"] == 1 and lines["Ann"]["part_games"] == 1
    ann_there = next(r["score"] for r in client.get(f"/api/games/{other}").json["final"] if r["player"] == "Ann")
    assert lines["Ann"]["total"] == ann + ann_there
    page = _text(client.get("/games/standings?rules=riichi&lang=en").get_data(as_text=True))
    assert "Where a substitute took a seat, each person has the points of the hands they played" in page
    assert "Games left to a substitute: Ann 1." in page


def test_the_game_page_sheet_csv_and_money_name_who_played(client):
    gid = new_game(client, "riichi", east_only=True)
    post(client, gid, {"hand": PURE_STRAIGHT, "winner": B, "discarder": A})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert 'id="substitute-form"' in page and 'name="first" min="2" max="2" value="2"' in page
    r = _substitute(client, gid, A, "Eve")
    assert r.status_code == 303
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    shown = _text(page)
    assert "Eve takes the seat of Ann from hand 2" in shown          # the flash, then the history
    assert "Eve (in place of Ann)" in shown
    assert "Ann, Bob, Cy, Di (Eve in place of Ann)" in _text(client.get("/games?lang=en").get_data(as_text=True))
    # the next hand's forms name Eve; hand 1's row and its edit form name Ann, who played it
    form = page[page.index('id="draw-form"'):]
    assert "> Eve</label>" in form[:form.index("</form>")] and "> Ann</label>" not in form[:form.index("</form>")]
    row = page[page.index('id="hand-1"'):]
    row = row[:row.index("</tr>")]
    assert "Bob wins on Ann’s discard" in _text(row) or "Bob wins on Ann's discard" in _text(row)
    for _ in range(3):
        post(client, gid, {"kind": "draw", "tenpai": [A]})
    page = client.get(f"/games/{gid}?lang=en&rate=1&per=1000").get_data(as_text=True)
    shown = _text(page)
    ann = client.get(f"/api/games/{gid}").json["hands"][0]["deltas"][A]
    assert re.search(rf"Seat of Ann at the start: Ann, hand 1: [-−]{abs(ann):,}; Eve, hands 2–4: \+[0-9,]+ "
                     r"\(finished the game: with its uma and the points of the start\)", shown)
    # money settles each person: Ann pays what she lost in hand 1
    assert f"Ann pays Bob {abs(ann) / 1000:.2f}" in shown
    # the sheet heads the seat by both, the CSV too and names each row's players
    sheet = _text(client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True))
    assert "Ann / Eve" in sheet and "Seat of Ann at the start: Ann, hand 1" in sheet
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv").get_data(as_text=True))))
    assert "Ann / Eve change" in rows[0]
    assert rows[1][rows[0].index("discarder")] == "Ann" and rows[2][rows[0].index("tenpai")] == "Eve"
    # who sat at each seat, hand by hand
    assert rows[0][-1] == "played_by" and rows[1][-1] == "Ann & Bob & Cy & Di" and rows[2][-1] == "Eve & Bob & Cy & Di"
    final = rows[rows.index([]) + 1:]
    assert final[0][-1] == "played_by"
    assert any(r[-1].startswith(f"Ann: {ann} (1); Eve: ") and r[-1].endswith("(2–4)") for r in final[1:])
    french = client.get(f"/games/{gid}/export.csv?lang=fr&sep=semicolon").get_data(as_text=True)
    assert any(r and r[-1].startswith(f"Ann : {ann} (1) ; Eve : ") for r in csv.reader(io.StringIO(french), delimiter=";"))
    shown = _text(client.get(f"/games/{gid}?lang=fr").get_data(as_text=True))
    assert "Siège d'Ann au départ : Ann, main 1 : " in shown and " ; Eve, mains 2–4 : +" in shown
    pdf = client.get(f"/games/{gid}/sheet.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_a_substitution_recorded_late_names_the_hands_played_since(client):
    gid = new_game(client, "mcr")
    for _ in range(4):
        post(client, gid, {"kind": "draw"})
    r = _substitute(client, gid, C, "Gus", first=3)
    assert r.status_code == 303
    hands = client.get(f"/api/games/{gid}").json["hands"]
    assert [h["played_by"][C] for h in hands] == ["Cy", "Cy", "Gus", "Gus"]
    # a name typed wrong: the same substitution again, from the same hand
    assert _substitute(client, gid, C, "Guus", first=3).status_code == 303
    assert [h["played_by"][C] for h in client.get(f"/api/games/{gid}").json["hands"]] == ["Cy", "Cy", "Guus", "Guus"]
    # the start's names corrected: where they played, not where the substitute did
    r = client.patch(f"/api/games/{gid}", json={"players": ["Ann", "Bob", "Cyril", "Di"]})
    assert r.status_code == 200, r.json
    view = client.get(f"/api/games/{gid}").json
    assert [h["played_by"][C] for h in view["hands"]] == ["Cyril", "Cyril", "Guus", "Guus"]
    assert view["seated"][C] == "Guus"


@pytest.mark.parametrize("player, name, first, said", [
    (C, "Gus", 1, "a substitute takes a seat after the first hand"),
    (C, "Gus", 4, "the first hand the substitute plays is a hand from 2 to 3"),
    (C, "Gus", "two", "must be a hand number, not 'two'"),
    (C, " ", "", "the substitute needs a name"),
    (C, "bob", "", "bob already plays another seat in this game: one player cannot take two seats"),
    (C, "cy", "", "cy plays that seat at hand 3 already"),
])
def test_a_substitution_the_game_cannot_take_is_said_at_its_form(client, player, name, first, said):
    gid = new_game(client, "mcr")
    for _ in range(2):
        post(client, gid, {"kind": "draw"})
    r = _substitute(client, gid, player, name, first)
    assert r.status_code == 303
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert '<details id="substitute" open>' in page and said in html.unescape(page)
    assert client.get(f"/api/games/{gid}").json["seated"] == PLAYERS


def test_the_french_page_says_the_substitution_in_french(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Eve", lang="fr")
    shown = _text(client.get(f"/games/{gid}?lang=fr").get_data(as_text=True))
    assert "Eve prend le siège de Bob à partir de la main 2" in shown and "(à la place de Bob)" in shown
    _substitute(client, gid, C, "eve", lang="fr")
    shown = _text(client.get(f"/games/{gid}?lang=fr").get_data(as_text=True))
    assert ("eve joue déjà un autre siège dans cette partie (celui où Bob a commencé) : un joueur ne peut pas prendre "
            "deux sièges") in shown


def test_an_export_keeps_who_played_and_imports_as_it_was(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Eve")
    post(client, gid, {"kind": "draw"})
    _substitute(client, gid, D, "Hal")         # seated after the last hand
    data = client.get(f"/api/games/{gid}/export.json").json
    assert data["game"]["seated"] == ["Ann", "Eve", "Cy", "Hal"]
    assert "players" not in data["hands"][0] and data["hands"][1]["players"] == ["Ann", "Eve", "Cy", "Di"]
    r = client.post("/api/games/import", json=data)
    assert r.status_code == 201, r.json
    view = client.get(f"/api/games/{r.json['game']['id']}").json
    assert [h["played_by"] for h in view["hands"]] == [PLAYERS, ["Ann", "Eve", "Cy", "Di"]]
    assert view["seated"] == ["Ann", "Eve", "Cy", "Hal"]
    edits = client.get(f"/api/games/{r.json['game']['id']}/edits").json["edits"]
    assert [(e["action"], e["seq"], e["after"]["name"]) for e in edits] == [("substitute", 2, "Eve"),
                                                                           ("substitute", 3, "Hal")]
    # a file naming one person at two seats is refused, said where
    data["hands"][0]["players"] = ["Ann", "Bob", "Cy", "bob"]
    r = client.post("/api/games/import", json=data)
    assert r.status_code == 400 and "hands[0].players[3]" in r.json["error"]["message"]
    assert "bob already plays another seat" in r.json["error"]["message"]


def test_the_api_seats_a_substitute_and_refuses_the_same_one_twice(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    r = client.post(f"/api/games/{gid}/substitute", json={"player": 1, "name": "Eve"})
    assert r.status_code == 200 and r.json["substitute"] == {"player": 1, "name": "Eve", "replaces": "Bob", "first": 2}
    assert r.json["seated"] == ["Ann", "Eve", "Cy", "Di"]
    r = client.post(f"/api/games/{gid}/substitute", json={"player": 1, "name": "Eve"})
    assert r.status_code == 400 and r.json["error"]["field"] == "name"


def test_a_substitute_seated_from_a_page_drawn_before_another_is_refused(client):
    # two tabs showed Bob at his seat: the first seated Sub A, the stale second replaced Sub A by
    # Sub B without a word ("Sub B takes the seat of Sub A")
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    form = page.split('id="substitute-form"', 1)[1].split("</form>", 1)[0]
    shown = re.findall(r'name="shown_seated" value="([^"]*)"', form)
    assert shown == PLAYERS
    from werkzeug.datastructures import MultiDict
    send = lambda name: client.post(f"/games/{gid}/substitute", data=MultiDict([      # noqa: E731
        ("csrf_token", csrf_of(client)), ("player", "1"), ("name", name), ("first", "")] + [
        ("shown_seated", n) for n in shown]))
    assert send("Sub A").status_code == 303
    r = send("Sub B")
    said = _text(client.get(r.location).get_data(as_text=True)) if r.status_code == 303 else ""
    assert "the players at the table changed since this page was loaded (on another device?): Ann, Sub A, Cy, Di " \
           "now; nothing was changed" in said
    assert client.get(f"/api/games/{gid}").json["seated"] == ["Ann", "Sub A", "Cy", "Di"]
    # the API, given the names it read
    r = client.post(f"/api/games/{gid}/substitute", json={"player": 1, "name": "Sub C", "seated": PLAYERS})
    assert r.status_code == 409 and r.json["error"]["code"] == "stale_game"
    r = client.post(f"/api/games/{gid}/substitute", json={"player": 1, "name": "Sub C",
                                                          "seated": ["Ann", "Sub A", "Cy", "Di"]})
    assert r.status_code == 200
    # the "seated" the API gives back is who plays the next hand: sent back, it is taken, though
    # a substitute still to come after an undo is not at the table yet
    other = new_game(client, "mcr")
    post(client, other, {"kind": "draw"})
    post(client, other, {"kind": "draw"})
    assert client.post(f"/api/games/{other}/substitute", json={"player": 1, "name": "Eve"}).status_code == 200
    assert client.post(f"/api/games/{other}/undo", json={}).status_code == 200
    seated = client.get(f"/api/games/{other}").json["seated"]
    assert seated == PLAYERS            # Eve plays from hand 3, the undo left hand 2 to play
    r = client.post(f"/api/games/{other}/substitute", json={"player": 2, "name": "Gus", "seated": seated})
    assert r.status_code == 200, r.json


def test_a_game_log_of_schema_5_gets_the_substitute_columns(tmp_path):
    import sqlite3

    from webui import create_app, store
    data = tmp_path / "data"
    client = create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"}).test_client()
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    conn = sqlite3.connect(data / "mjtable.sqlite3", isolation_level=None)
    conn.execute("ALTER TABLE hands DROP COLUMN players")
    # SQLite cannot drop a column of this table (its comments' quotes): the column renamed away
    # leaves the table as a version 5 log has it, for what the app reads
    conn.execute("ALTER TABLE games RENAME COLUMN seated TO unused")
    conn.execute("PRAGMA user_version = 5")
    conn.close()
    client = create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"}).test_client()
    assert client.get(f"/api/games/{gid}").json["hands"][0]["played_by"] == PLAYERS
    assert client.post(f"/api/games/{gid}/substitute", json={"player": 0, "name": "Eve"}).status_code == 200
    conn = sqlite3.connect(data / "mjtable.sqlite3")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION
    conn.close()


def test_a_hand_moved_in_before_a_substitute_sat_down_is_played_by_who_sat_there_then(client, monkeypatch):
    from webui import store
    from .test_move_hand import _game, _move
    clock = iter(f"2026-12-05T20:{m:02d}:00+00:00" for m in range(60))
    monkeypatch.setattr(store, "now", lambda: next(clock))      # each hand recorded a minute after the last
    wrong = _game(client, "mcr", ["Ann", "Bob", "Cy", "Di"])
    right = _game(client, "mcr", ["Ann", "Bob", "Cy", "Di"])
    post(client, wrong, {"kind": "draw", "note": "played first"})
    post(client, right, {"kind": "draw"})
    _substitute(client, right, B, "Eve")
    post(client, right, {"kind": "draw"})
    assert _move(client, wrong, 1, right).status_code == 303
    hands = client.get(f"/api/games/{right}").json["hands"]
    assert [(h["note"], h["played_by"][B]) for h in hands] == [("played first", "Bob"), ("", "Bob"), ("", "Eve")]


def test_a_hand_moved_in_just_before_a_substitutes_first_hand_is_not_theirs(client, monkeypatch):
    # it took the players of the hand it went before: the substitute's first, so Eve won Bob's hand
    from webui import store
    from .test_move_hand import _game, _move
    clock = iter(f"2026-12-05T21:{m:02d}:00+00:00" for m in range(60))
    monkeypatch.setattr(store, "now", lambda: next(clock))
    wrong = _game(client, "mcr", ["Ann", "Bob", "Cy", "Di"])
    right = _game(client, "mcr", ["Ann", "Bob", "Cy", "Di"])
    post(client, right, {"kind": "draw"})
    post(client, wrong, {"kind": "draw", "note": "played second"})
    _substitute(client, right, B, "Eve")
    post(client, right, {"kind": "draw"})
    post(client, right, {"kind": "draw"})
    assert _move(client, wrong, 1, right).status_code == 303
    view = client.get(f"/api/games/{right}").json
    assert [(h["note"], h["played_by"][B]) for h in view["hands"]] == [
        ("", "Bob"), ("played second", "Bob"), ("", "Eve"), ("", "Eve")]
    assert client.get(f"/api/games/{right}/export.json").json["game"]["seated_from"][B] == 3


def test_a_former_substitute_refused_another_seat_is_told_the_seat_they_played(client):
    # "Eve already plays another seat in this game (Bob's)" named the seat being filled
    gid = _seat_taken_twice(client, D, "Eve", "Fay")
    r = client.post(f"/api/games/{gid}/substitute", json={"player": B, "name": "Eve"})
    assert r.status_code == 400 and r.json["error"]["message"] == (
        "Eve already played another seat in this game (Di's): one player cannot take two seats")
    r = client.post(f"/api/games/{gid}/substitute", json={"player": B, "name": "Fay"})
    assert r.json["error"]["message"] == "Fay already plays another seat in this game (Di's): one player cannot " \
                                         "take two seats"


def test_the_history_gives_a_hands_number_now_where_it_moved_since(client):
    # "Gus takes the seat of Cy from hand 4" stood beside a table whose Gus starts at hand 3
    gid = new_game(client, "mcr")
    for _ in range(3):
        post(client, gid, {"kind": "draw"})
    _substitute(client, gid, C, "Gus")                   # from hand 4
    post(client, gid, {"kind": "draw", "note": "four"})
    post(client, gid, {"kind": "draw"})
    assert client.put(f"/api/games/{gid}/hands/5", json={"kind": "draw", "note": "five"}).status_code == 200
    assert client.delete(f"/api/games/{gid}/hands/2", json={}).status_code == 200
    page = _text(client.get(f"/games/{gid}?lang=en").get_data(as_text=True))
    assert "Gus takes the seat of Cy from hand 4 (now hand 3)" in page
    assert "hand 5 (now hand 4) changed" in page and "hand 2 deleted" in page
    assert "hand 2 (now" not in page
    french = _text(client.get(f"/games/{gid}?lang=fr").get_data(as_text=True))
    assert "à partir de la main 4 (désormais main 3)" in french


def test_a_player_back_at_their_seat_stays_there_through_an_export(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Eve")
    post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Bob")          # back from the station: his seat again
    post(client, gid, {"kind": "draw"})
    data = client.get(f"/api/games/{gid}/export.json").json
    r = client.post("/api/games/import", json=data)
    assert r.status_code == 201, r.json
    view = client.get(f"/api/games/{r.json['game']['id']}").json
    assert [h["played_by"][B] for h in view["hands"]] == ["Bob", "Eve", "Bob"] and view["seated"] == PLAYERS


def test_a_substitute_seated_as_the_game_ends_played_no_hand_and_finishes_nothing(client):
    gid = new_game(client, "riichi", east_only=True)
    post(client, gid, {"hand": PURE_STRAIGHT, "winner": B, "discarder": A})
    _substitute(client, gid, B, "Eve")
    post(client, gid, {"kind": "end"})          # the evening ends there: Eve sat down for nothing
    final = client.get(f"/api/games/{gid}").json["final"]
    bob = next(r for r in final if r["seat"] == B)
    assert bob["player"] == "Bob" and "shares" not in bob
    lines = {p["name"]: p for p in client.get("/api/standings?rules=riichi").json["players"]}
    assert lines["Bob"]["games"] == 1 and lines["Bob"]["total"] == bob["score"] and "Eve" not in lines


def test_a_tournament_chombo_is_paid_by_who_made_it_not_by_their_substitute(client):
    gid = new_game(client, "riichi", east_only=True, tournament=True)
    post(client, gid, {"kind": "chombo", "offender": A})
    post(client, gid, {"hand": PURE_STRAIGHT, "winner": B, "discarder": C})
    _substitute(client, gid, A, "Eve")
    for _ in range(4):
        if client.get(f"/api/games/{gid}").json["finished"]:
            break
        post(client, gid, {"kind": "draw", "tenpai": []})
    final = client.get(f"/api/games/{gid}").json["final"]
    seat = next(r for r in final if r["seat"] == A)
    assert [(s["name"], s["penalty"]) for s in seat["shares"]] == [("Ann", -20000), ("Eve", 0)]
    shown = _text(client.get(f"/games/{gid}?lang=en&rate=1&per=1000").get_data(as_text=True))
    assert "Ann puts 20.00 in the pot" in shown and "Eve puts" not in shown
    table = client.get("/api/standings?rules=riichi").json
    assert table["penalties"] == {"Ann": -20000}


def test_messages_about_a_hand_name_who_played_it(client):
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": []})
    _substitute(client, gid, A, "Eve")
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "draw", "tenpai": [B], "riichi": [A]})
    assert r.status_code == 201 and r.json["warnings"][0]["message"].startswith("Eve declared riichi")
    # a complete hand without a yaku (2z is no wind of Eve's): refused, named by who played it
    r = client.post(f"/api/games/{gid}/hands", json={"hand": "123m456p789s11p22z 2z", "winner": A, "discarder": B})
    assert r.status_code == 400 and " as Eve (" in r.json["error"]["message"]
    svg = client.get(f"/games/{gid}/chart.svg").get_data(as_text=True)
    assert "Ann / Eve" in svg


def test_a_hand_played_by_who_has_taken_another_seat_since_is_not_restored(client):
    gid = _eve_for_bob_from_hand_3(client)
    assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 200      # Eve's hand 3 taken back
    _substitute(client, gid, B, "Bob")
    _substitute(client, gid, C, "Eve")                                              # Eve now sits in Cy's seat
    post(client, gid, {"kind": "draw"})
    undone = next(e for e in client.get(f"/api/games/{gid}/edits").json["edits"] if e["action"] == "undo")
    r = client.post(f"/api/games/{gid}/edits/{undone['id']}/restore", json={})
    assert r.status_code == 400 and "hand 3 cannot be restored: Eve already plays another seat" in r.json["error"]["message"]
    assert [h["played_by"] for h in client.get(f"/api/games/{gid}").json["hands"]][-1] == ["Ann", "Bob", "Eve", "Di"]


def test_a_player_back_under_another_case_is_renamed_with_their_name(client):
    gid = _cy_back_as_typed_in_lowercase(client)
    assert client.patch(f"/api/games/{gid}", json={"players": ["Ann", "Bob", "Cyril", "Di"]}).status_code == 200
    view = client.get(f"/api/games/{gid}").json
    assert [h["played_by"][C] for h in view["hands"]] == ["Cyril", "Gus", "Cyril"] and view["seated"][C] == "Cyril"


def test_a_finished_games_form_without_its_first_hand_is_refused_at_the_form(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "end"})
    assert _substitute(client, gid, B, "Eve").status_code == 303
    page = html.unescape(client.get(f"/games/{gid}?lang=en").get_data(as_text=True))
    assert "the game is over: give the first hand the substitute played" in page


def test_the_review_page_of_a_photo_recorded_before_a_substitute_names_who_played_it(client):
    from .test_review_record import _draft, _record, _game
    gid = _game(client)
    draft = _draft(client)
    assert _record(client, draft, gid).status_code == 303         # A wins on B's discard
    _substitute(client, gid, A, "Eve")
    page = client.get(f"/review/{draft}?game={gid}").get_data(as_text=True)
    data = page.split('id="review-data">', 1)[1].split("</script>", 1)[0]
    assert '"players": ["A", "B", "C", "D"]' in data
    page = client.get(f"/review/new?game={gid}").get_data(as_text=True)
    assert '"players": ["Eve", "B", "C", "D"]' in page.split('id="review-data">', 1)[1].split("</script>", 1)[0]


def test_an_undo_before_the_substitutes_first_hand_leaves_them_to_come(client):
    gid = new_game(client, "mcr")
    for _ in range(3):
        post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Eve")                  # from hand 4
    assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 200       # hand 3 taken back
    view = client.get(f"/api/games/{gid}").json
    assert view["seated"] == PLAYERS                    # hand 3 is played again by Bob
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "draw"})
    hands = client.get(f"/api/games/{gid}").json["hands"]
    assert [h["played_by"][B] for h in hands] == ["Bob", "Bob", "Bob", "Eve"]
    # a hand before it deleted: the first hand Eve played is numbered down with it
    assert client.delete(f"/api/games/{gid}/hands/1", json={}).status_code == 200
    post(client, gid, {"kind": "draw"})
    hands = client.get(f"/api/games/{gid}").json["hands"]
    assert [h["played_by"][B] for h in hands] == ["Bob", "Bob", "Eve", "Eve"]


def test_the_hands_table_heads_a_seat_by_everyone_who_played_it(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    r = client.post(f"/api/games/{gid}/substitute", json={"player": 1, "name": "Eve", "first": 5})
    assert r.status_code == 400 and r.json["error"]["message"].startswith(
        "the first hand the substitute plays can only be hand 2")
    _substitute(client, gid, B, "Eve")
    post(client, gid, {"kind": "draw"})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    # on a wide screen the rows' own names are hidden: the column says whose hands they are
    assert '<span class="player-head">Bob / Eve</span>' in page and '<span class="player-head">Ann</span>' in page


def test_a_substitutes_name_typed_wrong_is_corrected_with_the_names(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Emlie")
    post(client, gid, {"kind": "draw"})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    form = page[page.index('id="rename-form"'):]
    form = form[:form.index("</form>")]
    assert 'name="sub_was0" value="Emlie"' in form and "Substitute (South)" in _text(form)
    fields = {"csrf_token": csrf_of(client), "name": "", "shown_name": "Ann / Bob / Cy / Di", "sub_was0": "Emlie",
              "sub0": "Émile", **{f"player{i}": p for i, p in enumerate(PLAYERS)},
              **{f"shown_player{i}": p for i, p in enumerate(PLAYERS)}}
    assert client.post(f"/games/{gid}/rename", data=fields).status_code == 303
    view = client.get(f"/api/games/{gid}").json
    assert [h["played_by"][B] for h in view["hands"]] == ["Bob", "Émile"] and view["seated"][B] == "Émile"
    assert "names corrected: Emlie → Émile" in _text(client.get(f"/games/{gid}?lang=en").get_data(as_text=True))
    # by the API too; a name that took no seat, or one at another seat, is refused
    r = client.patch(f"/api/games/{gid}", json={"substitutes": {"Bob": "Bobby"}})
    assert r.status_code == 400 and r.json["error"]["message"] == "Bob took no seat in this game"
    r = client.patch(f"/api/games/{gid}", json={"substitutes": {"Émile": "Cy"}})
    assert r.status_code == 400 and "Cy already plays another seat" in r.json["error"]["message"]
    assert client.patch(f"/api/games/{gid}", json={"substitutes": {"Émile": "Emile"}}).status_code == 200
    assert client.get(f"/api/games/{gid}").json["seated"][B] == "Emile"


def _eve_for_bob_from_hand_3(client) -> int:
    """An MCR game of three draws, Eve in Bob's seat from hand 3."""
    gid = new_game(client, "mcr")
    for _ in range(2):
        post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Eve")
    post(client, gid, {"kind": "draw"})
    return gid


def _played(client, gid, seat):
    return [h["played_by"][seat] for h in client.get(f"/api/games/{gid}").json["hands"]]


def test_substitutions_at_two_seats_keep_each_other(client):
    gid = _eve_for_bob_from_hand_3(client)
    _substitute(client, gid, C, "Gus", first=2)          # recorded late, at another seat
    assert client.get(f"/api/games/{gid}").json["seated"] == ["Ann", "Eve", "Gus", "Di"]
    post(client, gid, {"kind": "draw"})
    assert _played(client, gid, B) == ["Bob", "Bob", "Eve", "Eve"] and _played(client, gid, C) == ["Cy", "Gus", "Gus", "Gus"]
    # one still to come after an undo is kept when another seat changes, and holds its name
    gid = new_game(client, "mcr")
    for _ in range(3):
        post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Eve")                  # from hand 4
    client.post(f"/api/games/{gid}/undo", json={})
    r = client.post(f"/api/games/{gid}/substitute", json={"player": C, "name": "eve"})
    assert r.status_code == 400 and "eve already plays another seat" in r.json["error"]["message"]
    _substitute(client, gid, C, "Gus")                  # from hand 3
    for _ in range(2):
        post(client, gid, {"kind": "draw"})
    assert _played(client, gid, B) == ["Bob", "Bob", "Bob", "Eve"] and _played(client, gid, C) == ["Cy", "Cy", "Gus", "Gus"]


def test_the_first_hand_of_a_substitute_follows_the_hands_deleted_and_restored(client):
    gid = new_game(client, "mcr")
    for _ in range(4):
        post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Eve")                  # from the next hand, 5
    assert client.delete(f"/api/games/{gid}/hands/2", json={}).status_code == 200
    assert client.get(f"/api/games/{gid}").json["seated"][B] == "Eve"     # still the next hand, now 4
    post(client, gid, {"kind": "draw"})
    assert _played(client, gid, B) == ["Bob", "Bob", "Bob", "Eve"]
    post(client, gid, {"kind": "draw"})                 # Eve plays hands 4-5
    assert client.delete(f"/api/games/{gid}/hands/4", json={}).status_code == 200
    deleted = [e for e in client.get(f"/api/games/{gid}/edits").json["edits"] if e["action"] == "delete"][-1]
    assert client.post(f"/api/games/{gid}/edits/{deleted['id']}/restore", json={}).status_code == 200
    for _ in range(2):
        client.post(f"/api/games/{gid}/undo", json={})   # hands 5 and 4 taken back: hand 4 was Eve's
    assert client.get(f"/api/games/{gid}").json["seated"][B] == "Eve"


def test_an_export_keeps_a_substitute_still_to_come(client):
    gid = new_game(client, "mcr")
    for _ in range(3):
        post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Eve")                  # from hand 4
    client.post(f"/api/games/{gid}/undo", json={})
    data = client.get(f"/api/games/{gid}/export.json").json
    assert data["game"]["seated_from"][B] == 4
    copy = client.post("/api/games/import", json=data).json["game"]["id"]
    assert client.get(f"/api/games/{copy}").json["seated"] == PLAYERS
    for _ in range(2):
        post(client, copy, {"kind": "draw"})
    assert _played(client, copy, B) == ["Bob", "Bob", "Bob", "Eve"]
    # the games list names who plays the next hand
    page = _text(client.get("/games?lang=en").get_data(as_text=True))
    assert "Ann, Bob, Cy, Di (Eve in place of Bob)" in page


def test_a_start_player_back_under_another_case_is_no_substitute_to_rename(client):
    gid = _cy_back_as_typed_in_lowercase(client)
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert 'value="Gus"' in page and 'name="sub_was1"' not in page
    r = client.patch(f"/api/games/{gid}", json={"substitutes": {"cy": "Cyrus"}})
    assert r.status_code == 400 and r.json["error"]["message"] == "cy took no seat in this game"
    # a page that shows a substitute's name corrected since on another device renames the game alone
    assert client.patch(f"/api/games/{gid}", json={"substitutes": {"Gus": "Guss"}}).status_code == 200
    r = client.patch(f"/api/games/{gid}", json={"name": "Friday", "substitutes": {"Gus": "Gus"}})
    assert r.status_code == 200 and r.json["game"]["name"] == "Friday"


def test_a_tournament_game_says_what_002_5_9_enters_for_a_substitute(client):
    gid = new_game(client, "riichi", east_only=True, tournament=True)
    post(client, gid, {"hand": PURE_STRAIGHT, "winner": B, "discarder": A})
    _substitute(client, gid, A, "Eve")
    for _ in range(3):
        post(client, gid, {"kind": "draw", "tenpai": [A]})
    shown = _text(client.get(f"/games/{gid}?lang=en").get_data(as_text=True))
    assert "In a tournament, 002 §5.9 enters a substitute who sat down after the game began at −15,000 points" in shown
    assert "enter the tournament’s results by §5.9" in _text(client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True))
    # not in a game outside a tournament
    other = _riichi_game_with_a_substitute(client)
    assert "§5.9 enters" not in _text(client.get(f"/games/{other}?lang=en").get_data(as_text=True))
    # the standings CSV lists the players it does not rank, as the page names them
    rows = list(csv.reader(io.StringIO(client.get("/games/standings.csv?rules=riichi").get_data(as_text=True)
                                       .lstrip("\ufeff"))))
    unranked = rows[rows.index(["Not ranked", "Total", "Games", "Games left to a substitute"]) + 1:]
    assert [r[0] for r in unranked] == ["Ann"] and unranked[0][3] == "2"


def test_the_riichi_substitute_form_in_french_says_its_words(client):
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": []})
    shown = _text(client.get(f"/games/{gid}?lang=fr").get_data(as_text=True))
    assert "Joueur qui part" in shown and "ses tours d'ouvreur" in shown and "donneur" not in shown.split("Remplaçant")[1][:400]


def test_a_hand_sent_from_a_page_drawn_before_a_substitution_is_refused_for_it(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    edits = len(client.get(f"/api/games/{gid}/edits").json["edits"])
    _substitute(client, gid, B, "Eve")
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "draw", "expect_seq": 2, "expect_edits": edits})
    assert r.status_code == 409 and "a substitute took a seat, which changes who plays the next hand" in \
        r.json["error"]["message"]


def test_a_recorded_photos_review_page_shows_its_own_deal(client):
    from .test_review_record import _draft, _game, _record
    gid = _game(client)
    draft = _draft(client)
    assert _record(client, draft, gid).status_code == 303         # hand 1: A deals, East round
    post(client, gid, {"kind": "draw"})                             # the next deal is B's
    page = client.get(f"/review/{draft}?game={gid}&lang=en").get_data(as_text=True)
    dealer = page[page.index('id="dealer"'):page.index("</select>", page.index('id="dealer"'))]
    assert re.search(r'<option value="0" selected>A</option>', dealer), dealer
    chips = page[page.index('id="winner-chips"'):]
    assert '<span class="chip-wind muted small" data-seat="0">(East)</span>' in chips[:chips.index("</fieldset>")]
    assert '"ownDeal": true' in page


def test_the_standing_during_play_splits_a_seat_two_people_played(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"hand": "123456789m123p5z 5z", "winner": B, "discarder": A})
    _substitute(client, gid, B, "Eve")
    post(client, gid, {"kind": "draw"})
    shown = _text(client.get(f"/games/{gid}?lang=en").get_data(as_text=True))
    bob = client.get(f"/api/games/{gid}").json["hands"][0]["deltas"][B]
    assert f"Eve (in place of Bob) Bob, hand 1: +{bob}; Eve, hand 2: 0" in shown


def test_a_hong_kong_game_says_its_own_words_and_splits_the_seat_beside_its_rank(client):
    gid = new_game(client, "hk")
    post(client, gid, {"kind": "draw"})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    form = page[page.index('id="substitute-form"'):]
    form = _text(form[:form.index("</form>")])
    assert "whoever finishes the game also takes its place" in form and "uma" not in form
    assert 'data-confirm="Seat the substitute? The hands from the first hand given on are theirs."' in page
    _substitute(client, gid, A, "Eve")
    for _ in range(8):
        if client.get(f"/api/games/{gid}").json["finished"]:
            break
        post(client, gid, {"kind": "draw"})
    if not client.get(f"/api/games/{gid}").json["finished"]:
        post(client, gid, {"kind": "end"})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    final = page[page.index('id="final"'):]
    final = _text(final[:final.index("</table>")])
    assert "Eve Ann, hand 1: 0; Eve, hands 2–" in final and "(finished the game)" in final and "uma" not in final
    shown = _text(client.get("/games/standings?rules=hk&lang=en").get_data(as_text=True))
    note = shown[shown.index("Where a substitute took a seat"):]
    assert note.startswith("Where a substitute took a seat, each person has the points of the hands they played; "
                           "whoever finished the game also has its place (its total is not the final table’s score)")


def test_the_end_of_a_game_restored_where_it_cannot_go_is_said_on_the_game_page(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "end"})
    assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 200       # resumed
    post(client, gid, {"kind": "draw"})
    undone = next(e for e in client.get(f"/api/games/{gid}/edits").json["edits"] if e["action"] == "undo")
    r = client.post(f"/games/{gid}/edits/{undone['id']}/restore?lang=en", data={"csrf_token": csrf_of(client)})
    assert r.status_code == 303 and r.location.endswith(f"/games/{gid}")
    shown = _text(client.get(f"/games/{gid}?lang=en").get_data(as_text=True))
    assert "would come after its end" in shown


def test_a_substitute_still_to_come_is_kept_when_the_player_they_replaced_came_back(client):
    gid = new_game(client, "mcr")
    for _ in range(2):
        post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Eve")                  # from hand 3
    for _ in range(2):
        post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Bob")                  # back from hand 5
    post(client, gid, {"kind": "draw"})
    for _ in range(2):
        client.post(f"/api/games/{gid}/undo", json={})  # hands 5 and 4 taken back: hand 4 was Eve's
    assert client.get(f"/api/games/{gid}").json["seated"][B] == "Eve"
    post(client, gid, {"kind": "draw"})
    assert _played(client, gid, B) == ["Bob", "Bob", "Eve", "Eve"]


def test_a_sheet_names_a_player_back_under_another_case_as_first_written(client):
    gid = _cy_back_as_typed_in_lowercase(client)
    assert client.get(f"/games/{gid}/sheet?lang=en").status_code == 200
    pdf = client.get(f"/games/{gid}/sheet.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    sheet = _text(client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True))
    assert "Cy / Gus" in sheet and "cy" not in sheet.split("Cy / Gus")[1][:40]
    shown = _text(client.get(f"/games/{gid}?lang=en").get_data(as_text=True))
    assert "(in place of Cy)" not in shown


def test_an_export_whose_first_hand_a_substitute_played_is_imported(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    _substitute(client, gid, B, "Eve")
    post(client, gid, {"kind": "draw"})
    assert client.delete(f"/api/games/{gid}/hands/1", json={}).status_code == 200     # Eve's hand is now hand 1
    data = client.get(f"/api/games/{gid}/export.json").json
    r = client.post("/api/games/import", json=data)
    assert r.status_code == 201, r.json
    assert _played(client, r.json["game"]["id"], B) == ["Eve"]


def test_a_game_log_from_before_substitutes_read_only_gives_its_final_tables(client, app):
    import sqlite3

    from webui import store as store_mod
    gid = new_game(client, "riichi", east_only=True)
    for _ in range(4):
        post(client, gid, {"kind": "draw", "tenpai": []})
    path = app.config["DATABASE"] if "DATABASE" in app.config else None
    with app.app_context():
        path = path or store_mod.get_store().conn.execute("PRAGMA database_list").fetchone()[2]
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE hands RENAME COLUMN players TO unused")      # as a schema 5 log has it
    conn.commit()
    conn.close()
    st = store_mod.Store(store_mod.connect(path, read_only=True), read_only="a test")
    from webui import gamelog
    game = st.get_game(gid)
    assert len(gamelog.final_table(st, game)) == 4


def test_a_recorded_photo_opened_outside_its_game_is_not_offered_for_recording_again(client):
    from .test_review_record import _draft, _game, _record
    gid = _game(client)
    other = _game(client)
    draft = _draft(client)
    page = client.get(f"/review/{draft}?lang=en").get_data(as_text=True)
    assert 'id="record-into-game"' in page and f'<option value="{other}">' in page
    assert _record(client, draft, gid).status_code == 303
    page = client.get(f"/review/{draft}?lang=en").get_data(as_text=True)
    assert 'id="record-into-game"' not in page and 'id="recorded-link"' in page
    assert "start or open a game and record it from there" not in page
