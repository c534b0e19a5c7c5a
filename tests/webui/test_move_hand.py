"""A hand recorded into the wrong game moved to another game of the same rules (games.move_hand,
gamelog.move_hand): two tables playing at once, or a new game started while the hand went into
the one before."""
from __future__ import annotations

import html
import re

from .conftest import csrf_of
from .test_game_flow import A, B, C, D, PLAYERS, new_game, post

WIN = "123456789m123p5z 5z"


def _game(client, rules, players, **extra) -> int:
    r = client.post("/api/games", json={"rules": rules, "players": players, **extra})
    assert r.status_code == 201, r.json
    return r.json["game"]["id"]


def _move(client, gid, seq, to, seats=None):
    page = client.get(f"/games/{gid}/hands/{seq}/move?to={to}&lang=en").get_data(as_text=True)
    hand_id = re.search(r'name="hand_id" value="([^"]+)"', page).group(1)
    form = {"csrf_token": csrf_of(client), "hand_id": hand_id, "to": str(to)}
    if seats is None:      # as the page chose them
        seats = [int(re.search(rf'<select name="seat{i}">.*?<option value="(\d)" selected', page, re.S).group(1))
                 for i in range(4)]
    form.update({f"seat{i}": str(s) for i, s in enumerate(seats)})
    return client.post(f"/games/{gid}/hands/{seq}/move?lang=en", data=form)


def test_a_hand_recorded_into_the_game_before_moves_to_the_new_one(client, monkeypatch):
    # the same four friends sat again in another order; Bob's win went into the game before
    from webui import store
    # every hand of one minute: the hand goes at the end there (by date, one recorded a second
    # before the other game's draw would go before it)
    monkeypatch.setattr(store, "now", lambda: "2026-12-05T20:00:00+00:00")
    wrong = new_game(client, "mcr")
    post(client, wrong, {"hand": WIN, "winner": B, "discarder": A, "note": "Bob's big hand"})
    post(client, wrong, {"kind": "draw"})
    right = _game(client, "mcr", ["Di", "Cy", "Bob", "Ann"])
    post(client, right, {"kind": "draw"})
    before = client.get(f"/api/games/{wrong}").json["hands"][0]
    page = client.get(f"/games/{wrong}/hands/1/move?lang=en").get_data(as_text=True)
    assert 'id="move-to"' in page and 'id="move-hand"' not in page      # the game first
    page = client.get(f"/games/{wrong}/hands/1/move?to={right}&lang=en").get_data(as_text=True)
    # which hand, and a question before it moves (it cannot go back to its place)
    shown = html.unescape(re.sub("<[^>]+>", "", page))
    assert "Hand 1: Bob wins on Ann's discard · " in shown
    assert re.search(r'id="move-hand" data-confirm="Move hand 1 to [^"]+\? It goes there as its hand 2, scored in its deal', html.unescape(page))
    # who is who, by their names: Ann is seat 3 there, Bob seat 2
    for i, seat in enumerate([3, 2, 1, 0]):
        assert re.search(rf'<select name="seat{i}">.*?<option value="{seat}" selected', page, re.S), (i, seat)
    r = _move(client, wrong, 1, right)
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{right}#hand-2")
    moved = client.get(f"/api/games/{right}").json["hands"][1]
    assert (moved["winner"], moved["discarder"], moved["note"]) == (2, 3, "Bob's big hand")
    assert moved["notation"] == before["notation"] and moved["score"]["total"] == before["score"]["total"]
    assert moved["dealer"] == 1 and moved["deltas"][2] > 0 and moved["deltas"][3] < 0     # its deal there, after a draw
    left = client.get(f"/api/games/{wrong}").json["hands"]
    assert [h["kind"] for h in left] == ["draw"] and left[0]["seq"] == 1
    # both games' histories say where it went and where from, with its number there; no restore
    # (the hand is in the other game)
    names = {g: client.get(f"/api/games/{g}").json["game"]["name"] for g in (wrong, right)}
    said = lambda g, lang="en": re.sub(r"\s+", " ", re.sub("<[^>]+>", "", html.unescape(
        client.get(f"/games/{g}?lang={lang}").get_data(as_text=True))))
    assert f"hand 1 moved to {names[right]} (its hand 2 then)" in said(wrong) and "Restore this hand" not in said(wrong)
    assert f"hand 2 moved here from {names[wrong]} (its hand 1 then)" in said(right)
    assert f'href="/games/{right}" class="moved-game"' in client.get(f"/games/{wrong}").get_data(as_text=True)
    assert f"main 1 déplacée vers {names[right]} (alors sa main 2)" in said(wrong, "fr")
    assert f"main 2 déplacée ici depuis {names[wrong]} (alors sa main 1)" in said(right, "fr")
    export = client.get(f"/games/{wrong}/export.json").get_json()
    assert export["history"][0]["action"] == "move"
    # imported elsewhere, the history keeps the other game's name and number (not its id)
    copy = client.post("/api/games/import", json=export).json["game"]["id"]
    assert f"hand 1 moved to {names[right]} (its hand 2 then)" in said(copy)
    assert 'class="moved-game"' not in client.get(f"/games/{copy}").get_data(as_text=True)
    copy = client.post("/api/games/import", json=client.get(f"/games/{right}/export.json").get_json()).json["game"]["id"]
    assert f"hand 2 moved here from {names[wrong]} (its hand 1 then)" in said(copy)


def test_a_move_takes_the_riichi_declarations_and_the_draft_not_an_idempotency_key(app, client):
    from webui import gamelog
    from webui.store import get_store
    wrong = _game(client, "riichi", PLAYERS)
    first = client.post(f"/api/games/{wrong}/hands", json={"hand": "123456789m123p5s 5s", "winner": C,
                                                             "discarder": None, "riichi": [C, D]},
                        headers={"Idempotency-Key": "table-2-hand-1"})
    assert first.status_code == 201, first.json
    right = _game(client, "riichi", ["Eve", "Fay", "Gus", "Hal"])
    r = _move(client, wrong, 1, right, seats=[1, 0, 3, 2])      # none of the same names: chosen
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    moved = client.get(f"/api/games/{right}").json["hands"][0]
    assert moved["winner"] == 3 and moved["riichi"] == [2, 3]
    assert moved["created"] == first.json["hand"]["created"]      # played when it was, not moved
    # an Idempotency-Key stands for one request to the game it was sent to: another request to the
    # other game under it is its own (a draw sent so was answered as the moved win, and lost)
    draw = client.post(f"/api/games/{right}/hands", json={"kind": "draw"}, headers={"Idempotency-Key": "table-2-hand-1"})
    assert draw.status_code == 201 and "Idempotent-Replayed" not in draw.headers
    # a hand recorded from a photo's review takes its draft and its whole reading (a reader's 80
    # tiles, over what a typed list may hold), unless the other game has that draft already
    with app.app_context():
        store = get_store()
        reading = {"tiles": [{"code": "1m", "box": [i, 0, i + 10, 14], "confidence": 0.9} for i in range(80)]}
        for key in ("draft:photo1", "draft:photo2"):
            gamelog.record(store, wrong, {"hand": WIN, "winner": A, "discarder": B},
                           draft={"photo_id": None, "reading": reading}, request_key=key)
        # a log from before a draft was held to one game: the other game has that draft too
        drawn = gamelog.record(store, right, {"kind": "draw"})
        with store.transaction() as c:
            c.execute("INSERT INTO hand_requests (game_id, key, hand_id) VALUES (?, ?, ?)",
                      (right, "draft:photo2", drawn["id"]))
    for seq in (1, 1):
        assert _move(client, wrong, seq, right).status_code == 303
    with app.app_context():
        store = get_store()
        # the two wins moved, wherever their dates put them (hands recorded a second apart go by date)
        read = [len(h["tiles_read"]) for h in store.list_hands(right) if h["tiles_read"] is not None]
        assert read == [80, 80]
        assert store.has_request_key(right, "draft:photo1") and not store.has_request_key(wrong, "draft:photo1")
        assert not store.has_request_key(wrong, "draft:photo2")


def test_a_hand_whose_draft_two_games_hold_moves_to_a_third_without_it(app, client):
    # a log from before a draft was held to one game: the move answered 500 (the draft refused by
    # the game it went to, as recorded elsewhere)
    from webui import gamelog
    from webui.store import get_store
    a, b, c = (_game(client, "mcr", PLAYERS) for _ in range(3))
    with app.app_context():
        store = get_store()
        gamelog.record(store, a, {"hand": WIN, "winner": A, "discarder": B},
                       draft={"photo_id": None, "reading": {"tiles": []}}, request_key="draft:X")
        drawn = gamelog.record(store, b, {"kind": "draw"})
        with store.transaction() as conn:
            conn.execute("INSERT INTO hand_requests (game_id, key, hand_id) VALUES (?, ?, ?)", (b, "draft:X", drawn["id"]))
    assert _move(client, a, 1, c).status_code == 303
    with app.app_context():
        store = get_store()
        assert len(store.list_hands(c)) == 1 and not store.has_request_key(c, "draft:X")
        assert store.has_request_key(b, "draft:X")


def test_a_liable_player_is_the_same_person_in_the_other_game(client):
    wrong = _game(client, "hk", PLAYERS)
    post(client, wrong, {"hand": "[555z][666z][777z,1]123m4p 4p", "winner": B, "discarder": A,
                         "context": {"liable_player": A}})
    right = _game(client, "hk", ["Cy", "Di", "Ann", "Bob"])
    assert _move(client, wrong, 1, right).status_code == 303
    page = client.get(f"/games/{right}?lang=en").get_data(as_text=True)
    assert '<span class="liable">Ann liable (bao)</span>' in page


def test_a_move_the_other_game_cannot_take_is_refused_and_nothing_moves(client):
    wrong = new_game(client, "mcr")
    post(client, wrong, {"hand": WIN, "winner": B, "discarder": A})
    riichi = _game(client, "riichi", PLAYERS)
    page = client.get(f"/games/{wrong}/hands/1/move?lang=en").get_data(as_text=True)
    assert f'<option value="{riichi}"' not in page and 'id="cannot-move"' in page     # other rules: not offered
    right = new_game(client, "mcr")
    r = _move(client, wrong, 1, right, seats=[0, 0, 2, 3])
    text = html.unescape(r.get_data(as_text=True))
    assert r.status_code == 400 and "each player of this game must be a different player of the other game" in text
    assert "Nothing was moved." in text
    r = _move(client, wrong, 1, right)
    assert r.status_code == 303
    # the hand moved is no longer there; a finished game is not offered
    page = client.get(f"/games/{wrong}/hands/1/move?lang=en")
    assert page.status_code == 404
    end = new_game(client, "mcr")
    post(client, end, {"kind": "draw"})
    post(client, end, {"kind": "end"})
    page = client.get(f"/games/{right}/hands/1/move?lang=en").get_data(as_text=True)
    assert f'<option value="{end}"' not in page and f'<option value="{wrong}"' in page
    page = client.get(f"/games/{end}/hands/2/move?lang=en").get_data(as_text=True)
    assert "The end of a game cannot move to another game." in page


def test_a_move_refused_by_the_other_games_deal_is_said_in_french_and_nothing_moves(client):
    # a seat-wind pung is no yaku for the player who sits elsewhere in the other game
    wrong = _game(client, "riichi", PLAYERS)
    post(client, wrong, {"hand": "123m456p789s11p22z 2z", "winner": B, "discarder": A})     # Bob sits South
    right = _game(client, "riichi", ["Bob", "Ann", "Cy", "Di"])                               # Bob is East there
    page = client.get(f"/games/{wrong}/hands/1/move?to={right}&lang=fr").get_data(as_text=True)
    hand_id = re.search(r'name="hand_id" value="([^"]+)"', page).group(1)
    r = client.post(f"/games/{wrong}/hands/1/move?lang=fr", data={
        "csrf_token": csrf_of(client), "hand_id": hand_id, "to": str(right), "seat0": "1", "seat1": "0",
        "seat2": "2", "seat3": "3"})
    text = html.unescape(r.get_data(as_text=True))
    assert r.status_code == 400 and "ne peut pas prendre la main 1 : pas une main gagnante" in text, text[:3000]
    assert "cannot" not in text and "Rien n'a été déplacé." in text
    assert len(client.get(f"/api/games/{wrong}").json["hands"]) == 1
    assert client.get(f"/api/games/{right}").json["hands"] == []
    # a page left open on a hand changed since is told so, and nothing moves
    post(client, wrong, {"kind": "draw"})
    client.delete(f"/api/games/{wrong}/hands/1", json={})
    r = client.post(f"/games/{wrong}/hands/1/move?lang=en", data={
        "csrf_token": csrf_of(client), "hand_id": hand_id, "to": str(right), "seat0": "1", "seat1": "0",
        "seat2": "2", "seat3": "3"})
    assert r.status_code == 400 and "Nothing was moved." in html.unescape(r.get_data(as_text=True))
    assert [h["kind"] for h in client.get(f"/api/games/{wrong}").json["hands"]] == ["draw"]


def test_the_game_page_links_each_hand_to_its_move(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"hand": WIN, "winner": B, "discarder": A})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert f'href="/games/{gid}/hands/1/move"' in page


def test_a_move_a_later_hand_here_cannot_take_says_it_is_the_move(client):
    # moving hand 1 (a draw) out made Chloé West in the next deal, where her win scores 7: said as
    # the move it is ("cannot be deleted" named what the player had not asked)
    wrong = _game(client, "mcr", ["Ann", "Bob", "Chloé", "Di"])
    post(client, wrong, {"kind": "draw"})
    post(client, wrong, {"hand": "[222z,1][234m,1][666m,1]78m99m 9m", "winner": C, "discarder": D})   # South: 8
    right = new_game(client, "mcr")
    for lang, said in (("en", "hand 1 cannot be moved: hand 2, Chloé (West), would then be refused: "),
                       ("fr", "la main 1 ne peut pas être déplacée : la main 2, Chloé (Ouest), serait alors refusée")):
        page = client.get(f"/games/{wrong}/hands/1/move?to={right}&lang={lang}").get_data(as_text=True)
        hand_id = re.search(r'name="hand_id" value="([^"]+)"', page).group(1)
        r = client.post(f"/games/{wrong}/hands/1/move?lang={lang}", data={
            "csrf_token": csrf_of(client), "hand_id": hand_id, "to": str(right),
            **{f"seat{i}": str(i) for i in range(4)}})
        assert r.status_code == 400 and said in html.unescape(r.get_data(as_text=True)), lang
    assert [h["kind"] for h in client.get(f"/api/games/{wrong}").json["hands"]] == ["draw", "win"]
    assert client.get(f"/api/games/{right}").json["hands"] == []


def test_the_api_moves_a_hand_as_the_page_does(client):
    wrong = _game(client, "mcr", PLAYERS)
    post(client, wrong, {"hand": WIN, "winner": B, "discarder": A})
    right = _game(client, "mcr", ["Di", "Cy", "Bob", "Ann"])
    hand_id = client.get(f"/api/games/{wrong}").json["hands"][0]["id"]
    # a seat twice, a game that is not there, a key the route does not read: refused, nothing moved
    for seats in ([0, 0, 1, 2], [None, 0, 2, 3], [True, 0, 2, 3], "0123"):     # null was a 500 (the fuzz found it)
        r = client.post(f"/api/games/{wrong}/hands/1/move", json={"to": right, "seats": seats})
        assert r.status_code == 400 and r.json["error"]["field"] == "seats", seats
    assert client.post(f"/api/games/{wrong}/hands/1/move", json={"to": 999}).status_code == 404
    r = client.post(f"/api/games/{wrong}/hands/1/move", json={"to": right, "winner": 1})
    assert r.status_code == 400 and r.json["error"]["code"] == "unknown_key"
    assert len(client.get(f"/api/games/{wrong}").json["hands"]) == 1
    # without seats, by name: Bob is seat 2 there, Ann seat 3
    r = client.post(f"/api/games/{wrong}/hands/1/move", json={"to": right, "hand_id": hand_id})
    assert r.status_code == 200, r.json
    assert (r.json["hand"]["winner"], r.json["hand"]["discarder"], r.json["hand"]["seq"]) == (2, 3, 1)
    assert "request_keys" not in r.json["hand"] and r.json["totals"][2] > 0
    assert client.get(f"/api/games/{wrong}").json["hands"] == []


def test_a_hand_alone_before_the_games_end_is_refused_in_words_of_a_move(client):
    wrong = new_game(client, "mcr")
    post(client, wrong, {"hand": WIN, "winner": B, "discarder": A})
    post(client, wrong, {"kind": "end"})
    right = new_game(client, "mcr")
    r = client.post(f"/api/games/{wrong}/hands/1/move", json={"to": right})
    assert r.status_code == 400 and "resume the game first (Resume the game), then move it; nothing was moved" in \
        r.json["error"]["message"], r.json
    # the end itself: said on its page, with nothing to move
    page = html.unescape(client.get(f"/games/{wrong}/hands/2/move?lang=en").get_data(as_text=True))
    assert "Hand 2: the players ended the game here" in re.sub("<[^>]+>", "", page)


def test_players_of_other_names_are_matched_by_their_seat_wind_in_the_hands_deal(client, monkeypatch):
    # table A's deal had passed to Cy (East); table B's East was Fred, its second seat. A hand of
    # B recorded into A named its winner "Cy (East)": by first seats it went to Gus, a non-dealer
    from webui import store
    # every hand of one minute: the hand goes at the end there (by date, one recorded a second
    # after the other table's last hand would go before it, in Eve's deal)
    monkeypatch.setattr(store, "now", lambda: "2026-12-05T20:00:00+00:00")
    wrong = _game(client, "riichi", ["Ann", "Bob", "Cy", "Di"])
    post(client, wrong, {"kind": "draw", "tenpai": [B]})            # the dealer noten: the deal passes (002 §3.4.11)
    post(client, wrong, {"kind": "draw", "tenpai": [C]})
    assert client.get(f"/api/games/{wrong}").json["dealer"] == C       # the deal has passed twice: Cy is East
    post(client, wrong, {"hand": "123m456m789p234s9s 9s", "winner": C, "discarder": None, "riichi": [C]})
    right = _game(client, "riichi", ["Eve", "Fred", "Gus", "Hal"])
    post(client, right, {"kind": "draw", "tenpai": [B]})               # Eve noten: Fred deals
    assert client.get(f"/api/games/{right}").json["dealer"] == B
    page = html.unescape(client.get(f"/games/{wrong}/hands/3/move?to={right}&lang=en").get_data(as_text=True))
    assert "Cy (East) is" in page and "Fred (East)" in page
    assert re.search(r'<select name="seat2">.*?<option value="1" selected', page, re.S)    # Cy is Fred
    r = client.post(f"/api/games/{wrong}/hands/3/move", json={"to": right})            # the API's default too
    assert r.status_code == 200, r.json
    moved = r.json["hand"]
    assert (moved["winner"], moved["dealer"], moved["riichi"]) == (B, B, [B])
    assert client.get(f"/api/games/{right}").json["dealer"] == B        # the dealer won: he keeps the deal


def test_a_hand_moved_goes_before_the_hands_recorded_there_since_it_was_played(app, client):
    # a draw with a riichi stick recorded at the wrong table, the right table's next hand recorded
    # after it: appended, the draw came after that hand, whose winner lost the stick and counter
    from webui.store import get_store
    wrong = _game(client, "riichi", PLAYERS)
    post(client, wrong, {"kind": "draw", "tenpai": [A, B], "riichi": [B]})
    right = _game(client, "riichi", ["Eve", "Fred", "Gus", "Hal"])
    post(client, right, {"hand": "234m567m234p678s5s 5s", "winner": C, "discarder": D})
    with app.app_context():
        store = get_store()
        store.keep_dates(wrong, None, {1: "2026-12-05T20:00:00+00:00"})
        store.keep_dates(right, None, {1: "2026-12-05T20:05:00+00:00"})
    page = html.unescape(client.get(f"/games/{wrong}/hands/1/move?to={right}&lang=en").get_data(as_text=True))
    assert 'id="move-place"' in page and "it goes before them, as its hand 1" in page
    r = client.post(f"/api/games/{wrong}/hands/1/move", json={"to": right})
    assert r.status_code == 200 and r.json["hand"]["seq"] == 1, r.json
    hands = client.get(f"/api/games/{right}").json["hands"]
    assert [h["kind"] for h in hands] == ["draw", "win"]
    win = hands[1]
    # 002 §4.1, §3.4.10: after the draw the win takes the stick (1,000) and a counter (300): 1,300
    # (1 han 40 fu: all simples, a pair wait) + 300 + 1,000
    assert (win["honba"], win["sticks"]) == (1, 1) and win["deltas"][C] == 1300 + 300 + 1000, win
    said = re.sub(r"\s+", " ", re.sub("<[^>]+>", "", html.unescape(client.get(f"/games/{right}?lang=en").get_data(as_text=True))))
    assert "hand 1 moved here from" in said


def test_a_move_to_a_game_deleted_since_is_named_without_a_link(client):
    # the history's link led to a missing page once the other game was deleted
    kept = _game(client, "mcr", PLAYERS)
    gone = _game(client, "mcr", PLAYERS, name="Thursday's wrong table")
    post(client, gone, {"kind": "draw"})
    assert _move(client, gone, 1, kept).status_code == 303
    page = client.get(f"/games/{kept}?lang=en").get_data(as_text=True)
    assert f'href="/games/{gone}" class="moved-game"' in page
    assert client.delete(f"/api/games/{gone}", json={}).status_code == 200
    page = html.unescape(client.get(f"/games/{kept}?lang=en").get_data(as_text=True))
    assert f'href="/games/{gone}"' not in page
    assert "moved here from Thursday's wrong table (a game deleted since)" in page


def test_a_moved_hands_review_page_ticks_its_winner_and_discarder_there(app, client):
    """Moved to a game where its players sit elsewhere, its draft ticked the seats it was saved
    with: the other game's seat 1 as winner, "Dot pays 2,000 to Cal" (a club-night trial)."""
    import json
    from webui import drafts, gamelog
    from webui.store import get_store
    first = _game(client, "riichi", ["Al", "Bea", "Cal", "Dot"])
    other = _game(client, "riichi", ["Dot", "Cal", "Bea", "Al"])
    with app.app_context():
        store = get_store()
        draft_id = store.create_draft(None, {})
        drafts.save_state(store, draft_id, {"groups": [], "form": {"winner": "1", "discarder": "0", "riichi_seat_1": "1"},
                                            "fields": ["winner", "discarder", "riichi_seat_1"]})
        gamelog.record(store, first, {"hand": "234567m345p5567s 8s", "winner": 1, "discarder": 0, "riichi": [1]},
                       draft={"photo_id": None, "reading": {}}, request_key="draft:" + draft_id)
    assert _move(client, first, 1, other).status_code == 303      # Bea → Bea (seat 2), Al → Al (seat 3)
    page = client.get(f"/review/{draft_id}").get_data(as_text=True)
    state = json.loads(html.unescape(re.search(r'"state": (\{.*?\}), "stateUrl"', page).group(1)))
    assert state["form"]["winner"] == "2" and state["form"]["discarder"] == "3"
    assert state["form"].get("riichi_seat_2") == "1" and "riichi_seat_1" not in state["form"]
    assert {"winner", "discarder", "riichi_seat_1"} <= set(state["fields"])
    # at its address in the game it was moved from: shown in the game it is in now
    page = client.get(f"/review/{draft_id}?game={first}").get_data(as_text=True)
    assert json.loads(html.unescape(re.search(r'"state": (\{.*?\}), "stateUrl"', page).group(1)))["form"]["winner"] == "2"


def test_a_moved_two_winner_hands_review_page_ticks_the_winner_whose_hand_it_holds(app, client):
    """A double ron moved where its winners sit elsewhere: the draft's saved winner, seat 1 in the
    game it was saved in, is the other winner's seat there, and the page ticked that winner."""
    import json
    from webui import drafts, gamelog
    from webui.store import get_store
    bea, cal = "234567m345p5567s 8s", "234m234p234s666p8s 8s"
    first = _game(client, "riichi", ["Al", "Bea", "Cal", "Dot"])
    other = _game(client, "riichi", ["Dot", "Cal", "Bea", "Al"])
    with app.app_context():
        store = get_store()
        draft_id = store.create_draft(None, {})
        tiles = [{"code": c, "src": None, "win": False} for c in ("2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p",
                                                                  "5s", "5s", "6s", "7s", "8s")]
        drafts.save_state(store, draft_id, {"groups": [{"kind": "standing", "concealed": False, "from": "",
                                                        "tiles": tiles}],
                                            "form": {"winner": "1", "discarder": "0", "riichi_seat_1": "1"},
                                            "fields": ["winner", "discarder", "riichi_seat_1"]})
        # Cal first: the draft's winner is not the first recorded
        gamelog.record(store, first, {"winners": [{"winner": 2, "hand": cal}, {"winner": 1, "hand": bea}],
                                      "discarder": 0, "riichi": [1]},
                       draft={"photo_id": None, "reading": {}}, request_key="draft:" + draft_id)
    assert _move(client, first, 1, other).status_code == 303      # Bea → seat 2, Cal → seat 1
    page = client.get(f"/review/{draft_id}").get_data(as_text=True)
    state = json.loads(html.unescape(re.search(r'"state": (\{.*?\}), "stateUrl"', page).group(1)))
    assert state["form"]["winner"] == "2" and state["form"]["discarder"] == "3", state["form"]


def test_a_hand_moved_out_of_a_finished_game_says_its_final_table_changed(client):
    # a club's finished game lost a hand to another table: its final table and the standings
    # changed without a word, on the page as from the API
    finished = new_game(client, "mcr")
    for winner in (B, C, D):
        post(client, finished, {"hand": WIN, "winner": winner, "discarder": A})
    post(client, finished, {"kind": "end"})
    other = _game(client, "mcr", ["Eve", "Fay", "Gus", "Hal"])
    name = client.get(f"/api/games/{finished}").json["game"]["name"]
    r = _move(client, finished, 1, other)
    assert r.status_code == 303
    shown = html.unescape(client.get(r.headers["Location"].split("#")[0] + "?lang=en").get_data(as_text=True))
    assert (f"hand 1 moved to Eve / Fay / Gus / Hal, as its hand 1; game {finished} ({name}) was over: its final "
            "table has changed without hand 1; export its score sheet again") in shown
    r = client.post(f"/api/games/{finished}/hands/1/move", json={"to": other})
    assert r.status_code == 200 and r.json["warnings"] == [{
        "code": "final_table_changed", "game": finished,
        "message": f"game {finished} ({name}) was over: its final table has changed without hand 1; export its "
                   "score sheet again"}]
    # out of a game in play, nothing of it is said
    third = _game(client, "mcr", ["Ivy", "Jo", "Kim", "Lu"])
    r = client.post(f"/api/games/{other}/hands/1/move", json={"to": third})
    assert r.status_code == 200 and "warnings" not in r.json, r.json


def test_a_hand_moved_out_of_a_game_finished_by_its_last_round_says_it_is_in_play_again(client):
    # a half game over after its East round has no "end" row: the move said nothing, and the game
    # went from finished to in play
    half = client.post("/api/games", json={"rules": "riichi", "players": PLAYERS, "flow": {"east_only": True}}).json
    gid = half["game"]["id"]
    for _ in range(4):
        post(client, gid, {"kind": "draw"})
    assert client.get(f"/api/games/{gid}").json["finished"]
    other = _game(client, "riichi", ["Eve", "Fay", "Gus", "Hal"])
    name = half["game"]["name"]
    r = client.post(f"/api/games/{gid}/hands/1/move", json={"to": other})
    assert r.status_code == 200 and r.json["warnings"][0]["message"] == (
        f"game {gid} ({name}) was over: without hand 1 its last round is not played out, and it is in play again")
