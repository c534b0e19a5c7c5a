"""The review page's draft on the server and its Record (webui/review.py), through the Flask
client: the draft's state survives a reload, Record is idempotent per draft, a hand that cannot
be declared is refused with the reason and can be recorded as a false win where the rules have one."""
from __future__ import annotations

import json
import re
import pytest

from webui.store import connect

from .conftest import csrf_of
from .helpers import WIN

UNDER_MINIMUM = "234m456p678s11p55s 5s"    # MCR: 3 points, under the 8-point minimum


def _game(client, rules="mcr") -> int:
    return client.post("/api/games", json={"name": "Friday", "rules": rules, "players": list("ABCD")}).json["game"]["id"]


def _state(notation_tiles=("1m",), rules="mcr"):
    return {"rules": rules, "form": {"ctx_self_drawn": "1", "ctx__present": "1"}, "fields": ["ctx_self_drawn"],
            "corrections": [{"op": "replace", "from": "4m", "to": "3m"}],
            "groups": [{"kind": "standing", "tiles": [{"code": c, "src": None, "win": False} for c in notation_tiles]},
                       {"kind": "bonus", "tiles": []}]}


def _draft(client) -> str:
    r = client.post("/review/drafts", json={"state": _state()}, headers={"X-CSRF-Token": csrf_of(client)})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.json["draft"]


def _record(client, draft, game, hand=WIN, kind="win", **extra):
    payload = {"kind": kind, "hand": hand, "winner": "0", "discarder": "1", "dealer": "0", "round_wind": "E",
               "form": {"ctx__present": "1"}, "corrections": [], **extra}
    return client.post(f"/review/{draft}/record", data={"csrf_token": csrf_of(client), "game": str(game),
                                                       "payload": json.dumps(payload)})


def test_the_draft_state_is_kept_and_given_back_to_the_page(client):
    draft = _draft(client)
    page = client.get(f"/review/{draft}").get_data(as_text=True)
    data = json.loads(page.split('id="review-data">', 1)[1].split("</script>", 1)[0])
    assert data["state"]["groups"][0]["tiles"][0]["code"] == "1m"
    assert data["state"]["form"]["ctx_self_drawn"] == "1" and data["rules"] == "mcr"
    r = client.post(f"/review/{draft}/state", json={"state": _state(("9p",), rules="riichi")},
                    headers={"X-CSRF-Token": csrf_of(client)})
    assert r.status_code == 200 and r.json["recorded"] is None
    page = client.get(f"/review/{draft}").get_data(as_text=True)
    assert '"code": "9p"' in page and 'value="riichi" selected' in page   # the rules of the draft


def test_a_bad_state_is_refused_with_its_field(client):
    csrf = {"X-CSRF-Token": csrf_of(client)}
    bad = _state()
    bad["groups"][0]["kind"] = "pile"
    r = client.post("/review/drafts", json={"state": bad}, headers=csrf)
    assert r.status_code == 400 and r.json["error"]["field"] == "state.groups[0].kind"
    r = client.post("/review/nope/state", json={"state": _state()}, headers=csrf)
    assert r.status_code == 404
    # a reading's group of 25 tiles (a row seen edge-on) is kept: refused at 20, a player's
    # corrections of such a photo were lost without a word
    r = client.post("/review/drafts", json={"state": _state(("1m",) * 25)}, headers=csrf)
    assert r.status_code == 201, r.json
    # a typed hand kept (one the box refused, too long among them) is cut, not a refusal of the
    # whole state, which refused every later save of the draft
    for typed, kept in (("1" * 402 + "m", "1" * 400), ("123m 456p", "123m 456p")):
        r = client.post("/review/drafts", json={"state": {**_state(), "typed": typed}}, headers=csrf)
        assert r.status_code == 201, r.json
        page = client.get(f"/review/{r.json['draft']}").get_data(as_text=True)
        data = json.loads(page.split('id="review-data">', 1)[1].split("</script>", 1)[0])
        assert data["state"]["typed"] == kept


def test_an_old_game_log_gains_the_drafts_edits_table(tmp_path):
    """A game log made before draft_edits existed is given the table when the app opens it."""
    from webui import create_app
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "SECRET_KEY": "t"})
    conn = connect(app.config["DATABASE"])
    conn.execute("DROP TABLE draft_edits")
    conn.close()
    create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "SECRET_KEY": "t"})
    conn = connect(app.config["DATABASE"])
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'draft_edits'").fetchone()


def test_record_twice_logs_one_hand_and_shows_it(client):
    game = _game(client)
    draft = _draft(client)
    first = _record(client, draft, game)
    assert first.status_code == 303 and first.headers["Location"].endswith(f"/games/{game}")
    second = _record(client, draft, game)           # Record, Back, Record
    assert second.status_code == 303 and second.headers["Location"].endswith(f"/games/{game}/hands/1")
    assert len(client.get(f"/api/games/{game}").json["hands"]) == 1
    page = client.get(f"/review/{draft}?game={game}").get_data(as_text=True)
    assert "Recorded: hand 1" in page and 'id="record-button"' not in page


@pytest.mark.parametrize("kind", ["win", "false_win"])
def test_a_hand_under_the_mcr_minimum_is_refused_or_recorded_as_a_false_win(client, kind):
    game = _game(client)
    draft = _draft(client)
    r = _record(client, draft, game, hand=UNDER_MINIMUM, kind=kind)
    assert r.status_code == 303
    hands = client.get(f"/api/games/{game}").json["hands"]
    if kind == "win":
        assert not hands and f"/review/{draft}" in r.headers["Location"]
        page = client.get(r.headers["Location"]).get_data(as_text=True)
        assert "Not recorded: hand 1: 3 points, below the 8-point minimum" in page
    else:
        assert [h["kind"] for h in hands] == ["penalty"]
        assert hands[0]["deltas"] == [-30, 10, 10, 10]


def test_a_false_win_recorded_from_a_photo_keeps_the_photo_and_the_hand_declared(app, client):
    # an MCR club's false win from a photo kept neither: its page said "false win by A" and no more
    from webui.store import get_store
    with app.app_context():
        draft = get_store().create_draft({"jpeg": b"\xff\xd8 photo", "width": 4, "height": 3}, {"tiles": []})
        photo = get_store().get_draft(draft)["photo_id"]
    game = _game(client)
    assert _record(client, draft, game, hand=UNDER_MINIMUM, kind="false_win").status_code == 303
    hand = client.get(f"/api/games/{game}").json["hands"][0]
    declared = "234m11456p55678s 5s"                  # UNDER_MINIMUM as the scorer writes it
    assert hand["kind"] == "penalty" and hand["notation"] == declared
    page = client.get(f"/games/{game}/hands/1?lang=en").get_data(as_text=True)
    assert f'src="/photos/{photo}.jpg"' in page and 'id="declared">The hand declared:' in page
    assert f"<code>{declared}</code>" in page
    # an edit of the false win (another offender) keeps them
    r = client.put(f"/api/games/{game}/hands/1", json={"kind": "penalty", "offender": 2})
    assert r.status_code == 200, r.json
    assert client.get(f"/api/games/{game}").json["hands"][0]["notation"] == declared
    assert f'src="/photos/{photo}.jpg"' in client.get(f"/games/{game}/hands/1").get_data(as_text=True)
    # and a game's export imported again
    imported = client.post("/api/games/import", json=client.get(f"/games/{game}/export.json").json)
    assert imported.status_code == 201 and imported.json["hands"][0]["notation"] == declared


def test_a_false_win_recorded_from_the_review_page_pays_what_the_rules_say_after_a_change(client):
    # it was stored at the amount the page offered: 16 after the table doubled its base points
    game = _game(client, "hk")
    r = _record(client, _draft(client), game, hand="111s234m567p78s99m 9s", kind="false_win")
    assert r.status_code == 303
    assert client.get(f"/api/games/{game}").json["hands"][0]["deltas"] == [-48, 16, 16, 16]
    r = client.patch(f"/api/games/{game}", json={"options": {"base_points": 2}})
    assert r.status_code == 200 and r.json["hands"][0]["deltas"] == [-96, 32, 32, 32]


def test_the_score_says_whether_the_hand_can_be_declared(client):
    csrf = {"X-CSRF-Token": csrf_of(client)}
    r = client.post("/review/score", json={"hand": UNDER_MINIMUM, "rules": "mcr", "form": {}}, headers=csrf).json
    assert r["declare"] == {"ok": False, "false_win": 10, "minimum": True,
                            "reason": "3 points, below the 8-point minimum: this hand cannot be "
                                      "declared a win"}
    r = client.post("/review/score", json={"hand": WIN, "rules": "mcr", "form": {}}, headers=csrf).json
    assert r["declare"] == {"ok": True}
    r = client.post("/review/score", json={"hand": UNDER_MINIMUM, "rules": "riichi", "form": {}}, headers=csrf).json
    # no yaku: claiming it is a chombo (002 §3.4.6), offered as one, its payment the rules' own
    assert r["declare"]["ok"] is False and r["declare"]["false_win"] == "chombo"
    # a context the rules refuse is a mistake of the entry, to correct: no chombo offered for it
    r = client.post("/review/score", json={"hand": "234m567m345p67s55p 8s", "rules": "riichi",
                                           "form": {"ctx_ippatsu": "1"}}, headers=csrf).json
    assert r["declare"]["ok"] is False and r["declare"]["false_win"] is None
    # Hong Kong's false win pays four faan to each (004 « Pénalités »), as the game log records it;
    # the review page offered none
    r = client.post("/review/score", json={"hand": "[555p,1]123m456s777z2m 3m", "rules": "hk", "form": {}},
                    headers=csrf).json
    assert r["declare"]["ok"] is False and r["declare"]["false_win"] == 16
    game = client.post("/api/games", json={"rules": "hk", "players": list("ABCD"), "options": {"base_points": 2}}).json
    r = client.post("/review/score", json={"hand": "[555p,1]123m456s777z2m 3m", "rules": "hk", "form": {},
                                           "game": game["game"]["id"]}, headers=csrf).json
    assert r["declare"]["false_win"] == 32


def test_a_riichi_game_prefills_the_counters_on_the_table(client):
    """The context form of a game asks what the game does not know, with the counters prefilled."""
    game = _game(client, "riichi")
    api = client.post(f"/api/games/{game}/hands", json={"kind": "draw", "tenpai": [0]})
    assert api.status_code == 201, api.get_data(as_text=True)
    view = client.get(f"/api/games/{game}").json
    html = client.get(f"/review/new?game={game}").get_data(as_text=True)
    assert f'name="ctx_honba" value="{view["honba"]}"' in html and view["honba"] >= 1


def test_a_hand_reviewed_before_its_game_was_opened_is_recorded_into_it_from_its_page(client):
    # the page said "start or open a game and record it from there", and the game page could only
    # read the photo again: every correction had to be made twice
    draft = _draft(client)
    assert 'id="record-into-game"' not in client.get(f"/review/{draft}").get_data(as_text=True)   # no game yet
    game = _game(client)
    over = _game(client)
    client.post(f"/api/games/{over}/hands", json={"kind": "draw"})
    client.post(f"/api/games/{over}/hands", json={"kind": "end"})        # a game over is not offered
    page = client.get(f"/review/{draft}").get_data(as_text=True)
    start = page.rindex("<form", 0, page.index('id="record-into-game"'))
    form = page[start:page.index("</form>", start)]
    assert f'method="get" action="/review/{draft}"' in form
    assert f'<option value="{game}">Friday — Chinese Official (MCR, 81 fans)</option>' in form
    assert f'<option value="{over}">' not in form
    page = client.get(f"/review/{draft}?game={game}").get_data(as_text=True)
    data = json.loads(page.split('id="review-data">', 1)[1].split("</script>", 1)[0])
    assert data["state"]["corrections"] == [{"op": "replace", "from": "4m", "to": "3m"}]     # kept
    assert 'id="record-into-game"' not in page and _record(client, draft, game).status_code == 303
    assert len(client.get(f"/api/games/{game}").json["hands"]) == 1


def test_the_game_last_opened_is_offered_first_for_a_hand_reviewed_outside_a_game(client):
    # a referee keeping two tables typed a hand outside a game: the newest table's game was chosen,
    # not the one they were keeping, and the hand went into the wrong game
    import re
    first, newest = _game(client), _game(client)
    draft = _draft(client)
    options = lambda: re.findall(r'<option value="(\d+)">', client.get(f"/review/{draft}").get_data(as_text=True))
    assert options()[:2] == [str(newest), str(first)]
    client.get(f"/games/{first}")
    assert options()[:2] == [str(first), str(newest)]


def test_a_kong_replacement_ticked_alone_is_a_self_drawn_win(client):
    # the page refused it ("a win on a kong replacement tile is drawn"), the command line inferred it
    csrf = {"X-CSRF-Token": csrf_of(client)}
    for rules in ("hk", "mcr"):
        r = client.post("/review/score", json={"hand": "[3333s,2](4444m)789s46p1p1p 5p", "rules": rules, "form": {
            "ctx__present": "1", "ctx_kong_replacement": "on"}}, headers=csrf).json
        assert r["score"]["valid"], (rules, r["score"].get("error"))


def test_a_blessing_of_heaven_or_earth_ticked_alone_is_a_self_drawn_win(client):
    # the page refused it ("blessing of heaven is won on the dealer's own 14 tiles (self-drawn)")
    csrf = {"X-CSRF-Token": csrf_of(client)}
    for rules, blessing, seat in (("riichi", "tenhou", "E"), ("riichi", "chiihou", "S"), ("hk", "tenhou", "E")):
        r = client.post("/review/score", json={"hand": "234m456p678s55m23s 4s", "rules": rules, "form": {
            "ctx__present": "1", f"ctx_{blessing}": "on", "ctx_seat_wind": seat}}, headers=csrf).json
        assert r["score"]["valid"], (rules, blessing, r["score"].get("error"))


def test_a_review_page_left_open_while_the_game_moved_on_is_refused(client):
    # another phone recorded a hand: Record stored the hand with the deal this page showed, the
    # game then listing two hands "S1 · Emi deals"
    game = _game(client)
    draft = _draft(client)
    page = client.get(f"/review/{draft}?game={game}").get_data(as_text=True)
    data = json.loads(page.split('id="review-data">', 1)[1].split("</script>", 1)[0])
    assert data["game"]["nextSeq"] == 1
    client.post(f"/api/games/{game}/hands", json={"kind": "draw"})                  # another phone
    r = _record(client, draft, game, expect_seq=data["game"]["nextSeq"])
    assert r.status_code == 303 and f"/review/{draft}" in r.headers["Location"]
    assert "the game changed since this page was loaded" in client.get(r.headers["Location"]).get_data(as_text=True)
    assert len(client.get(f"/api/games/{game}").json["hands"]) == 1
    r = _record(client, draft, game, expect_seq=2)
    assert r.status_code == 303 and len(client.get(f"/api/games/{game}").json["hands"]) == 2


def test_a_review_page_left_open_while_an_earlier_hand_was_edited_is_refused_then_shows_the_new_deal(client):
    """Hand 1 a draw (the next deal E1 again, Mia dealing); another device edited it into a win
    by another player (the next deal E2): Record stored the hand as a second "E1 · Mia deals",
    its points without the counter the page had shown. Refused, and the page shows the new deal."""
    game = _game(client, "riichi")
    assert client.post(f"/api/games/{game}/hands", json={"kind": "draw", "tenpai": [0]}).status_code == 201
    draft = _draft(client)
    data = json.loads(client.get(f"/review/{draft}?game={game}").get_data(as_text=True)
                      .split('id="review-data">', 1)[1].split("</script>", 1)[0])
    assert data["game"]["nextSeq"] == 2 and data["game"]["edits"] == 0
    hand_id = client.get(f"/api/games/{game}").json["hands"][0]["id"]
    r = client.put(f"/api/games/{game}/hands/1?hand_id={hand_id}",
                   json={"hand": "234m456p678s55m23s 4s", "winner": 1, "discarder": 2})
    assert r.status_code == 200, r.json                                       # another device
    r = _record(client, draft, game, hand="234m3455p456678s 5p", expect_seq=2, expect_edits=0,
                dealer="0", round_wind="E")
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "a hand was edited, which can change the next hand" in page
    assert len(client.get(f"/api/games/{game}").json["hands"]) == 1
    data = json.loads(page.split('id="review-data">', 1)[1].split("</script>", 1)[0])
    assert data["game"]["edits"] == 1                                         # as the game stands now
    assert '<option value="1" selected' in page.split('name="dealer"', 1)[1].split("</select>", 1)[0]
    # the game page's forms say what they knew too
    r = client.post(f"/games/{game}/draw", data={"csrf_token": csrf_of(client), "next_seq": "2", "edits_seen": "0"})
    assert len(client.get(f"/api/games/{game}").json["hands"]) == 1
    r = client.post(f"/api/games/{game}/hands", json={"kind": "draw", "expect_edits": 1})
    assert r.status_code == 201, r.json


def test_a_review_page_left_open_while_the_game_was_ended_is_told_the_game_is_over_alone(client):
    # it was told "the next hand is now hand 3, not 2 ... send it again", then "this game is over"
    game = _game(client)
    draft = _draft(client)
    client.post(f"/api/games/{game}/hands", json={"kind": "draw"})
    client.post(f"/api/games/{game}/hands", json={"kind": "end"})                   # another device
    r = _record(client, draft, game, expect_seq=2, expect_edits=0)
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "this game is over" in page and "send it again" not in page


def test_a_review_page_whose_game_was_deleted_keeps_its_hand_to_record_elsewhere(client):
    # a bare 404 page "no game 6", no way on
    game = _game(client)
    draft = _draft(client)
    assert client.delete(f"/api/games/{game}", json={}).status_code == 200            # another device
    r = _record(client, draft, game, expect_seq=1, expect_edits=0)
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/review/{draft}")
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert f"game {game} was deleted since this page was loaded" in page and '"code": "1m"' in page


def test_a_deleted_games_photos_and_drafts_go_with_it(app, client):
    # its hands' photos stayed a week at /photos/N.jpg, and its drafts' review pages showed them
    from webui.store import get_store
    with app.app_context():
        store = get_store()
        drafts = [store.create_draft({"jpeg": b"\xff\xd8 photo %d" % i, "width": 4, "height": 3}, {"tiles": []})
                  for i in range(4)]
        photo = {d: store.get_draft(d)["photo_id"] for d in drafts}
    game, other = _game(client), _game(client)
    _record(client, drafts[0], game)
    _record(client, drafts[1], game)
    client.post(f"/api/games/{game}/undo", json={})        # hand 2 in the history alone
    _record(client, drafts[2], other)                       # the other game's hand, and an unrecorded draft
    assert all(client.get(f"/photos/{photo[d]}.jpg").status_code == 200 for d in drafts)
    assert client.delete(f"/api/games/{game}", json={}).status_code == 200
    for d in drafts[:2]:
        assert client.get(f"/photos/{photo[d]}.jpg").status_code == 404
        assert client.get(f"/review/{d}").status_code == 404
    for d in drafts[2:]:
        assert client.get(f"/photos/{photo[d]}.jpg").status_code == 200
        assert client.get(f"/review/{d}").status_code == 200


def test_only_the_newest_drafts_waiting_for_review_are_kept(app, client, monkeypatch):
    # every photo sent was kept a week: a device sending photos in a loop filled the disk
    from webui import store as store_module
    monkeypatch.setattr(store_module, "MAX_WAITING_DRAFTS", 2)
    game = _game(client)
    with app.app_context():
        store = store_module.get_store()

        def sent(i):
            return store.create_draft({"jpeg": b"\xff\xd8 photo %d" % i, "width": 4, "height": 3}, {"tiles": []})
        recorded = sent(0)
        photo = store.get_draft(recorded)["photo_id"]
    _record(client, recorded, game)
    with app.app_context():
        waiting = [sent(i) for i in range(1, 5)]
    assert [client.get(f"/review/{d}").status_code for d in waiting] == [404, 404, 200, 200]
    assert client.get(f"/review/{recorded}").status_code == 200        # the hand's, whatever its age
    assert client.get(f"/photos/{photo}.jpg").status_code == 200
    with app.app_context():
        assert store_module.get_store().conn.execute("SELECT COUNT(*) FROM photos").fetchone()[0] == 3


def test_a_hand_recorded_again_from_its_draft_is_not_restored_twice(client):
    # Record, Undo, Back, Record, then "Restore this hand": the same hand counted twice
    game = _game(client)
    draft = _draft(client)
    _record(client, draft, game)
    client.post(f"/api/games/{game}/undo", json={})
    edit_id = client.get(f"/api/games/{game}/edits").json["edits"][-1]["id"]
    assert client.get(f"/api/games/{game}/edits").json["edits"][-1]["restorable"]
    _record(client, draft, game)
    # not offered (it was, then refused: a club-night trial)
    assert not client.get(f"/api/games/{game}/edits").json["edits"][-1]["restorable"]
    assert "Restore this hand" not in client.get(f"/games/{game}").get_data(as_text=True)
    r = client.post(f"/games/{game}/edits/{edit_id}/restore", data={"csrf_token": csrf_of(client)},
                    follow_redirects=True)
    assert "this hand was recorded again since, as hand 1" in r.get_data(as_text=True)
    assert len(client.get(f"/api/games/{game}").json["hands"]) == 1


def test_a_restored_hand_is_its_drafts_recorded_hand_again(client):
    game = _game(client)
    draft = _draft(client)
    _record(client, draft, game)
    client.post(f"/api/games/{game}/undo", json={})
    assert _record_state(client, draft) is None
    edit_id = client.get(f"/api/games/{game}/edits").json["edits"][-1]["id"]
    client.post(f"/games/{game}/edits/{edit_id}/restore", data={"csrf_token": csrf_of(client)})
    assert _record_state(client, draft) == {"game_id": game, "seq": 1}


def _record_state(client, draft):
    return client.post(f"/review/{draft}/state", json={"state": _state()},
                       headers={"X-CSRF-Token": csrf_of(client)}).json["recorded"]


def test_another_players_riichi_stick_is_in_the_review_pages_score(client):
    # the page said "Gen pays 1,300 to Fumi"; the game recorded Fumi +2,300 with Hiro's stick
    game = _game(client, "riichi")
    csrf = {"X-CSRF-Token": csrf_of(client)}
    body = {"hand": "234m345p567678s8s 8s", "rules": "riichi", "game": game, "winner": "1", "discarder": "2",
            "form": {"ctx__present": "1", "riichi_seat_3": "1"}}
    r = client.post("/review/score", json=body, headers=csrf).json
    assert r["score"]["valid"] and r["hand"]["context"]["riichi_sticks"] == 1
    received = r["score"]["total"]
    r = client.post(f"/api/games/{game}/hands", json={"hand": body["hand"], "winner": 1, "discarder": 2,
                                                      "riichi": [3]})
    assert r.status_code == 201, r.json
    assert client.get(f"/api/games/{game}").json["hands"][-1]["deltas"][1] == received


def test_a_save_from_a_page_another_tab_has_overtaken_is_refused(client):
    # two tabs on one draft took turns erasing each other's corrections without a word
    csrf = {"X-CSRF-Token": csrf_of(client)}
    r = client.post("/review/drafts", json={"state": _state()}, headers=csrf)
    draft, rev = r.json["draft"], r.json["rev"]
    first = client.post(f"/review/{draft}/state", json={"state": _state(("2p",)), "base": rev}, headers=csrf)
    assert first.status_code == 200 and first.json["rev"] == rev + 1
    second = client.post(f"/review/{draft}/state", json={"state": _state(("9s",)), "base": rev}, headers=csrf)
    assert second.status_code == 409 and second.json["error"]["code"] == "stale_draft"
    page = client.get(f"/review/{draft}").get_data(as_text=True)
    data = json.loads(page.split('id="review-data">', 1)[1].split("</script>", 1)[0])
    assert data["state"]["groups"][0]["tiles"][0]["code"] == "2p" and data["state"]["rev"] == rev + 1
    # an added kong's mark is kept with the state (a reload lost it)
    state = _state()
    state["groups"].insert(1, {"kind": "meld", "from": "left", "added": True, "tiles": [
        {"code": "2p", "src": None, "win": False}] * 4})
    client.post(f"/review/{draft}/state", json={"state": state, "base": rev + 1}, headers=csrf)
    page = client.get(f"/review/{draft}").get_data(as_text=True)
    assert '"added": true' in page


def test_record_from_a_page_another_tab_has_overtaken_is_refused(client):
    # the stale tab was told its change was not kept, but its Record still recorded its own hand
    # and winner over the corrections the other tab had saved
    game = _game(client, "mcr")
    csrf = {"X-CSRF-Token": csrf_of(client)}
    r = client.post("/review/drafts", json={"state": _state()}, headers=csrf)
    draft, rev = r.json["draft"], r.json["rev"]
    assert client.post(f"/review/{draft}/state", json={"state": _state(("2p",)), "base": rev},
                       headers=csrf).status_code == 200                         # the other tab
    r = _record(client, draft, game, base=rev)
    assert r.status_code == 303 and f"/review/{draft}" in r.location
    assert client.get(f"/api/games/{game}").json["hands"] == []
    page = client.get(r.location).get_data(as_text=True)
    assert "this hand was changed in another tab or on another device since this page was loaded" in page
    r = _record(client, draft, game, base="1")             # not a revision: a bad request
    assert r.status_code == 400 and client.get(f"/api/games/{game}").json["hands"] == []
    # the page as the draft is now records it
    r = _record(client, draft, game, base=rev + 1)
    assert r.status_code == 303 and len(client.get(f"/api/games/{game}").json["hands"]) == 1


def test_the_review_pages_seat_wind_is_the_games_after_the_players_change_seats(client):
    # MCR players change seats between rounds (scorer.flow.chinese.MCR_SEATING): in the South
    # round player 0 sits South of dealer 1. The page scored him North (by the first round's
    # seats) and showed another score than the one recorded.
    game = _game(client, "mcr")
    for _ in range(4):
        assert client.post(f"/api/games/{game}/hands", json={"kind": "draw"}).status_code == 201
    csrf = {"X-CSRF-Token": csrf_of(client)}
    hand = "123m456p789s222z5p 5p"
    body = {"hand": hand, "rules": "mcr", "game": game, "winner": "0", "discarder": "", "form": {"ctx__present": "1"}}
    r = client.post("/review/score", json=body, headers=csrf).json
    assert r["score"]["valid"] and r["hand"]["context"]["seat_wind"] == "S"
    r2 = client.post(f"/api/games/{game}/hands", json={"hand": hand, "winner": 0, "discarder": None})
    assert r2.status_code == 201, r2.json
    recorded = client.get(f"/api/games/{game}").json["hands"][-1]
    assert recorded["score"]["total"] == r["score"]["total"]
    # a recorded hand corrected from its page is scored in its own deal's seats too
    body["correct"] = recorded["seq"]
    assert client.post("/review/score", json=body, headers=csrf).json["hand"]["context"]["seat_wind"] == "S"


def test_a_riichi_hand_with_no_yaku_is_recorded_from_the_review_page_as_a_chombo(client):
    # 002 §3.4.6: a win claimed on an invalid hand is a chombo; the review page offered nothing
    # under riichi, the table had to go to the game page to record it
    game = _game(client, "riichi")
    draft = _draft(client)
    page = client.get(f"/review/{draft}?game={game}").get_data(as_text=True)
    assert "Record as chombo" in page and "pays a mangan" in page
    r = _record(client, draft, game, hand=UNDER_MINIMUM, kind="false_win")
    assert r.status_code == 303, r.get_data(as_text=True)
    hands = client.get(f"/api/games/{game}").json["hands"]
    assert [h["kind"] for h in hands] == ["penalty"]
    assert hands[0]["deltas"] == [-12000, 4000, 4000, 4000]     # the dealer (A) pays 4,000 to each


def test_a_scored_items_own_name_is_marked_in_its_language_without_its_romanisation(client):
    # "(pinfu)" and "Dai Sam Yuen" were inside lang="ja" / lang="zh": read with a Japanese or
    # Chinese voice; Hong Kong's names are Cantonese
    csrf = {"X-CSRF-Token": csrf_of(client)}
    html = client.post("/review/score?lang=en", json={"hand": "123m456p789s11z2z2z 2z", "rules": "riichi",
                                                      "form": {"ctx_seat_wind": "S"}}, headers=csrf).json["html"]
    assert '<span class="native"><span lang="ja">自風 南</span> (yakuhai)</span>' in html
    html = client.post("/review/score?lang=en", json={"hand": "[PPP][FFF]CCC123m4m 4m", "rules": "hk", "form": {}},
                       headers=csrf).json["html"]
    assert '<span class="native"><span lang="zh-HK">大三元</span> Dai Sam Yuen</span>' in html
    html = client.post("/review/score?lang=en", json={"hand": WIN, "rules": "mcr", "form": {}}, headers=csrf).json["html"]
    assert re.search(r'<span class="native"><span lang="zh">[^<a-zA-Z]+</span></span>', html)


def test_a_draft_reopened_after_draws_shows_the_games_counters_now(client, monkeypatch):
    # a photo read at E1 (no counter), two draws recorded before its hand: its page said 0 counters
    # and 0 sticks, "counted by the game", while its score paid the game's 2 and 1
    import io
    import sys
    import types

    from mjtable import pipeline
    from tests.grouping.test_pipeline import mock_tiles

    from .helpers import jpeg_bytes
    _, _, tiles = mock_tiles("123m456p789s11z22z 2z", style="chinese")

    def read_photo(image, *, rules=None, context=None, options=None, profile=None):
        return pipeline.score_tiles(tiles, rules=rules, context=context, options=options)
    module = types.ModuleType("mjtable.pipeline")
    module.read_photo = read_photo
    monkeypatch.setitem(sys.modules, "mjtable.pipeline", module)
    game = _game(client, "riichi")
    r = client.post("/capture/read", data={"csrf_token": csrf_of(client), "game": str(game),
                                           "image": (io.BytesIO(jpeg_bytes()), "p.jpg")},
                    content_type="multipart/form-data", headers={"X-Requested-With": "fetch"})
    assert r.status_code == 200, r.get_data(as_text=True)
    page = client.get(r.json["review_url"]).get_data(as_text=True)
    assert 'name="ctx_honba" value="0"' in page and 'name="ctx_riichi_sticks" value="0"' in page
    for body in ({"kind": "draw", "tenpai": [1, 2], "riichi": [2]}, {"kind": "draw", "tenpai": [1]}):
        assert client.post(f"/api/games/{game}/hands", json=body).status_code == 201
    view = client.get(f"/api/games/{game}").json
    assert (view["honba"], view["riichi_sticks"]) == (2, 1)
    page = client.get(r.json["review_url"]).get_data(as_text=True)
    assert 'name="ctx_honba" value="2"' in page and 'name="ctx_riichi_sticks" value="1"' in page


def test_a_classical_hand_recorded_from_its_photo_takes_the_others_hands(client):
    # the review page had no fields for the losers' hands: a photographed classical win paid the
    # winner alone, and the others' points could be entered only on the game page
    gid = _game(client, "classical")
    page = client.get(f"/review/{_draft(client)}?game={gid}").get_data(as_text=True)
    assert 'name="loser0"' in page and 'name="loser3"' in page
    draft = _draft(client)
    form = {"ctx__present": "1", "loser0": "", "loser1": "8", "loser2": "0", "loser3": "16"}
    r = _record(client, draft, gid, form=form)
    assert r.status_code == 303, r.get_data(as_text=True)
    plain = client.get(f"/review/{draft}?game={gid}")      # recorded: nothing more to enter on it
    assert 'name="loser0"' not in plain.get_data(as_text=True)
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    without_losers = _record(client, _draft(client), _game(client, "classical"))
    assert without_losers.status_code == 303
    other = client.get(f"/api/games/{gid + 1}").json["hands"][0]
    # the losers settle among themselves: B (8) and D (16) and C (0) pay each other the differences
    assert hand["deltas"] != other["deltas"], (hand["deltas"], other["deltas"])
    assert sum(hand["deltas"]) == 0
