"""Whole games through the JSON API, every total checked by hand against the sources: an EMA
riichi game (002: the §4.3 hands inside a game, draws with 0-4 tenpai players, a double ron,
a chombo, riichi sticks and counters, uma), an MCR game of 16 hands (000), a Hong Kong game
(004); an edit and a delete in the middle of a game; a game log from before the game flow."""
from __future__ import annotations

import csv
import html
import io
import json
import os
import re
import sqlite3
import time

import pytest

A, B, C, D = 0, 1, 2, 3
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
PURE_STRAIGHT = "12345678s234m55p 9s"          # 002 §4.3.1 / §4.3.2
OPEN_STRAIGHT = "[123s,1]456s78s234m55p 9s"    # 002 §4.3.3, dora indicator 6s
SEVEN_PAIRS = "22m55m33p99p11s77z9s 9s"         # 002 §4.3.7 won on 9s (its 4s): a double ron partner of OPEN_STRAIGHT
SEVEN_PAIRS_TANYAO = "22m55m33p66p88p77s4s 4s"  # 002 §4.3.6


def new_game(client, rules, **flow):
    r = client.post("/api/games", json={"rules": rules, "players": PLAYERS, "flow": flow})
    assert r.status_code == 201, r.json
    return r.json["game"]["id"]


def post(client, gid, body):
    r = client.post(f"/api/games/{gid}/hands", json=body)
    assert r.status_code == 201, r.json
    return r.json


# Each hand of the riichi game, and the change of each player worked out by hand from 002.
RIICHI_GAME = [
    # E1, Ann deals: Ann in riichi wins self-drawn, 002 §4.3.1 as East: 4,000 from each; her
    # stick comes back. East won: she keeps the deal, 1 counter (§3.4.10-11).
    ({"hand": PURE_STRAIGHT, "winner": A, "discarder": None, "riichi": [A]}, [12000, -4000, -4000, -4000]),
    # E1-1: draw, Ann and Cy tenpai, Cy declared riichi: Bob pays 1,500 to Ann, Di 1,500 to Cy
    # (§3.4.2); Cy's stick stays on the table. East tenpai keeps the deal, 2 counters.
    ({"kind": "draw", "tenpai": [A, C], "riichi": [C]}, [1500, -1500, 500, -1500]),
    # E1-2: Bob discards to Cy (§4.3.7 as West: 1,600) and Di in riichi (§4.3.2 as North: 7,700),
    # each + 2 × 300 counters from Bob (§4.1). Di gets her own stick back; the table's stick
    # goes to Cy, the winner first after Bob (§4.1). East did not win: the deal passes.
    ({"kind": "win", "discarder": B, "riichi": [D],
      "winners": [{"winner": C, "hand": SEVEN_PAIRS}, {"winner": D, "hand": PURE_STRAIGHT}]},
     [0, -10500, 2200 + 1000, 8300]),
    # E2, Bob deals: Cy's chombo (§3.4.6): 4,000 to East, 2,000 to the others; Ann's riichi
    # stick is returned; no counter, Bob keeps the deal.
    ({"kind": "chombo", "offender": C, "riichi": [A]}, [2000, 4000, -8000, 2000]),
    # E2: draw, nobody tenpai: nothing paid; East noten: the deal passes; 1 counter.
    ({"kind": "draw"}, [0, 0, 0, 0]),
    # E3, Cy deals, 1 counter: Di wins on Ann's discard, §4.3.3 as South: 2,000 + 300.
    ({"hand": OPEN_STRAIGHT, "winner": D, "discarder": A, "context": {"dora_indicators": ["6s"]}},
     [-2300, 0, 0, 2300]),
    # E4, Di deals: draw, only Bob tenpai: 1,000 from each; the deal goes back to Ann: South round.
    ({"kind": "draw", "tenpai": [B]}, [-1000, 3000, -1000, -1000]),
    # S1, Ann deals, 1 counter: three tenpai, Di pays 1,000 to each; East tenpai keeps it.
    ({"kind": "draw", "tenpai": [A, B, C]}, [1000, 1000, 1000, -3000]),
    # S1, 2 counters: Bob in riichi, ippatsu, self-drawn, §4.3.6 as South: haneman, 6,000 from
    # East and 3,000 from the others, + 2 × 100 from each.
    ({"hand": SEVEN_PAIRS_TANYAO, "winner": B, "discarder": None, "riichi": [B], "context": {"ippatsu": True}},
     [-6200, 12600, -3200, -3200]),
    # S2, Bob deals: all four tenpai, nothing paid; Ann's riichi stick stays; Bob keeps the deal.
    ({"kind": "draw", "tenpai": [A, B, C, D], "riichi": [A]}, [-1000, 0, 0, 0]),
    # S2, 1 counter: nobody tenpai; the deal passes, 2 counters, the stick stays.
    ({"kind": "draw"}, [0, 0, 0, 0]),
    # S3, Cy deals: Ann wins on Di's discard, §4.3.7 as West: 1,600 + 600, and the stick.
    ({"hand": SEVEN_PAIRS, "winner": A, "discarder": D}, [3200, 0, 0, -2200]),
    # S4, Di deals: Cy in riichi wins on Ann's discard, §4.3.2 as North: 7,700. The deal goes
    # back to Ann after the South round: the game is over (§3.5).
    ({"hand": PURE_STRAIGHT, "winner": C, "discarder": A, "riichi": [C]}, [-7700, 0, 7700, 0]),
]
RIICHI_DEALS = [(A, "E", 0, 0), (A, "E", 1, 0), (A, "E", 2, 1), (B, "E", 0, 0), (B, "E", 0, 0), (C, "E", 1, 0),
                (D, "E", 0, 0), (A, "S", 1, 0), (A, "S", 2, 0), (B, "S", 0, 0), (B, "S", 1, 1), (C, "S", 2, 1),
                (D, "S", 0, 0)]


def play_riichi_game(client, **flow):
    gid = new_game(client, "riichi", **flow)
    for body, _ in RIICHI_GAME:
        post(client, gid, body)
    return gid


def test_a_whole_ema_riichi_game(client):
    gid = play_riichi_game(client)
    view = client.get(f"/api/games/{gid}").json
    hands = view["hands"]
    assert [h["deltas"] for h in hands] == [d for _, d in RIICHI_GAME]
    assert [(h["dealer"], h["round_wind"], h["honba"], h["sticks"]) for h in hands] == RIICHI_DEALS
    assert view["totals"] == [1500, 4600, -3800, -2300] and view["points"] == [31500, 34600, 26200, 27700]
    assert view["finished"] is True and view["riichi_sticks"] == 0
    # 002 §3.6: points - 30,000, uma +15/+5/-5/-15 thousand by place (§3.6.1)
    assert view["final"] == [
        {"player": "Bob", "seat": B, "rank": 1, "points": 34600, "leftover_sticks": 0, "uma": 15000, "penalty": 0,
         "score": 19600},
        {"player": "Ann", "seat": A, "rank": 2, "points": 31500, "leftover_sticks": 0, "uma": 5000, "penalty": 0,
         "score": 6500},
        {"player": "Di", "seat": D, "rank": 3, "points": 27700, "leftover_sticks": 0, "uma": -5000, "penalty": 0,
         "score": -7300},
        {"player": "Cy", "seat": C, "rank": 4, "points": 26200, "leftover_sticks": 0, "uma": -15000, "penalty": 0,
         "score": -18800}]
    # the double ron keeps both hands, each scored with the counters
    double = hands[2]
    assert [(w["winner"], w["score"]["total"]) for w in double["wins"]] == [(C, 2200), (D, 8300)]
    # no hand after the end of the game (no agari yame, no West round)
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "draw"})
    assert r.status_code == 409 and r.json["error"]["code"] == "game_over"


def test_the_pdf_says_why_a_settlement_with_a_chombo_does_not_add_up(client):
    # the page said the chombo's penalty goes to the pot; the PDF the players sign did not
    from .conftest import csrf_of
    gid = play_riichi_game(client, tournament=True)
    client.post(f"/games/{gid}/money", data={"csrf_token": csrf_of(client), "rate": "0.5", "unit": "EUR"})
    pdf = client.get(f"/games/{gid}/sheet.pdf?lang=en").data
    assert b"puts" in pdf and b"in the pot" in pdf
    assert b"what leaves it goes to the pot" in pdf


def test_riichi_tournament_chombo_is_taken_after_uma(client):
    gid = play_riichi_game(client, tournament=True)
    view = client.get(f"/api/games/{gid}").json
    # the chombo moved nothing during the game: Cy keeps the 8,000, the others lose theirs
    assert view["hands"][3]["deltas"] == [0, 0, 0, 0]
    assert view["totals"] == [-500, 600, 4200, -4300]
    final = {r["player"]: r for r in view["final"]}
    assert (final["Cy"]["uma"], final["Cy"]["penalty"], final["Cy"]["score"]) == (15000, -20000, 4200 + 15000 - 20000)
    # the penalty leaves the place at the table as it was (002 §3.4.6, §5.6): Cy first, though
    # Bob ends with the higher score
    assert [(r["player"], r["rank"]) for r in view["final"]] == [("Cy", 1), ("Bob", 2), ("Ann", 3), ("Di", 4)]
    assert final["Bob"]["score"] > final["Cy"]["score"]
    # the chombo's row on the score sheet says what it will cost: it showed 0 everywhere
    sheet = client.get(f"/games/{gid}/sheet").get_data(as_text=True)
    assert "chombo by Cy (-20,000 after the uma)" in sheet.replace("\u2212", "-")
    # and the final table says why its scores add up to -20,000 (an organiser took it for a miscount)
    for page in (sheet, client.get(f"/games/{gid}").get_data(as_text=True)):
        said = html.unescape(page).replace("\u2212", "-")
        assert "paid to no player (002 §3.4.6, tournament): the scores add up to -20,000, not 0." in said
    # a club game's chombo is paid in play: no empty Chombo column, no such note
    club = client.get(f"/games/{play_riichi_game(client)}/sheet").get_data(as_text=True)
    assert "chombo-note" not in club and ">Chombo<" not in club


def test_edit_in_the_middle_replays_every_later_hand(client):
    gid = play_riichi_game(client)
    # Hand 6 was Di's win on Ann's discard; in fact Cy, the dealer, won with that hand: as East
    # 2,900 + 300 (002 §4.3.3); East won, so Cy keeps the deal and every later hand moves.
    r = client.put(f"/api/games/{gid}/hands/6", json={"hand": OPEN_STRAIGHT, "winner": C, "discarder": A,
                                                       "context": {"dora_indicators": ["6s"]}})
    assert r.status_code == 200, r.json
    view = client.get(f"/api/games/{gid}").json
    hands = view["hands"]
    assert hands[5]["deltas"] == [-3200, 0, 3200, 0] and hands[5]["context"]["seat_wind"] == "E"
    # hand 7: Cy deals again with 2 counters; hand 8 is now East 4 (Di), no longer South 1
    assert [(h["dealer"], h["round_wind"], h["honba"]) for h in hands[6:9]] == [(C, "E", 2), (D, "E", 3), (A, "S", 4)]
    # hand 9, Bob's haneman: 4 counters now, 6,000 + 400 from East, 3,000 + 400 from the others
    assert hands[8]["deltas"] == [-6400, 13200, -3400, -3400]
    assert [h["deltas"] for h in hands[9:]] == [d for _, d in RIICHI_GAME[9:]]
    assert view["totals"] == [400, 5200, -800, -4800] and view["finished"] is True
    assert [r["player"] for r in view["final"]] == ["Bob", "Ann", "Cy", "Di"]
    edits = client.get(f"/api/games/{gid}/edits").json["edits"]
    assert [(e["seq"], e["action"]) for e in edits] == [(6, "edit")]
    assert edits[0]["before"]["winner"] == D and edits[0]["after"]["winner"] == C
    assert edits[0]["before"]["deltas"] == [-2300, 0, 0, 2300]


def test_delete_in_the_middle_and_undo(client):
    gid = play_riichi_game(client)
    r = client.delete(f"/api/games/{gid}/hands/4", json={})        # the chombo
    assert r.status_code == 200 and r.json["removed"]["kind"] == "penalty"
    view = client.get(f"/api/games/{gid}").json
    assert len(view["hands"]) == 12 and [h["seq"] for h in view["hands"]] == list(range(1, 13))
    assert view["totals"] == [-500, 600, 4200, -4300]
    assert view["finished"] is True                               # the chombo changed no deal
    assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 200
    view = client.get(f"/api/games/{gid}").json
    assert view["finished"] is False and (view["dealer"], view["round_wind"]) == (D, "S")
    actions = [e["action"] for e in client.get(f"/api/games/{gid}/edits").json["edits"]]
    assert actions == ["delete", "undo"]


def test_an_edit_that_makes_a_later_hand_invalid_is_refused(client):
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": [A]})         # East tenpai: Ann keeps the deal
    # Bob, South, wins with a South pung as his only yaku (seat wind)
    post(client, gid, {"hand": "[222z,1]234m567p789s5p 5p", "winner": B, "discarder": C})
    # had Ann been noten the deal would have passed: Bob, East, would have no yaku
    r = client.put(f"/api/games/{gid}/hands/1", json={"kind": "draw"})
    assert r.status_code == 400 and "hand 2" in r.json["error"]["message"]
    assert client.get(f"/api/games/{gid}").json["hands"][0]["tenpai"] == [A]     # nothing written


def test_an_edit_that_would_end_the_game_before_hands_already_recorded_is_refused(app, client):
    # a draw edited so that the dealer was noten passed the deal: the game ended a hand earlier,
    # and the last hand stayed, scored in a West round and counted in the final result
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": [A]})         # East tenpai: Ann keeps the deal
    for _ in range(8):                                         # nobody tenpai: E1 .. S4, then the end (002 §3.5)
        post(client, gid, {"kind": "draw"})
    game = client.get(f"/api/games/{gid}").json
    assert game["final"] and not any(h["outcome"].get("after_end") for h in game["hands"])
    r = client.put(f"/api/games/{gid}/hands/1", json={"kind": "draw"})
    assert r.status_code == 409 and r.json["error"]["code"] == "ends_early"
    assert "the last 1 hand(s) recorded would come after its end" in r.json["error"]["message"]
    assert client.get(f"/api/games/{gid}").json["hands"][0]["tenpai"] == [A]     # nothing written
    # the game page's edit form says it at the form (not as a page another device made stale)
    from .conftest import csrf_of
    r = client.post(f"/games/{gid}/hands/1/edit", data={"csrf_token": csrf_of(client), "kind": "draw"})
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "would come after its end" in page and client.get(f"/api/games/{gid}").json["hands"][0]["tenpai"] == [A]
    # judged hand by hand against what was stored: a hand kept without its outcome (an old
    # export's rows, version 1) is not taken as newly after the end
    conn = sqlite3.connect(app.config["DATABASE"])
    conn.execute("UPDATE hands SET outcome = NULL WHERE game_id = ? AND seq = 9", (gid,))
    conn.commit()
    conn.close()
    assert client.put(f"/api/games/{gid}/hands/1", json={"kind": "draw", "note": "x"}).status_code == 200
    assert client.get(f"/api/games/{gid}").json["hands"][8]["outcome"]["after_end"] is True
    client.put(f"/api/games/{gid}/hands/1", json={"kind": "draw", "tenpai": [A]})
    assert client.delete(f"/api/games/{gid}/hands/9", json={}).status_code == 200      # the last hand deleted first
    assert client.put(f"/api/games/{gid}/hands/1", json={"kind": "draw"}).status_code == 200


def test_an_mcr_hand_below_the_minimum_is_no_win_whichever_way_it_is_recorded(client):
    """000, Déroulement: under 8 points (flowers aside) no win may be declared. The review page
    refuses it; the API, the game page's form and an edit must too, writing nothing."""
    gid = new_game(client, "mcr")
    low = "[555p,1]123m456s789s1p 1p"                  # 3 points
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "win", "hand": low, "winner": B, "discarder": A})
    assert r.status_code == 400 and "below the 8-point minimum" in r.json["error"]["message"]
    assert client.get(f"/api/games/{gid}").json["hands"] == []
    post(client, gid, {"hand": "123456789m123p5z 5z", "winner": B, "discarder": A})
    r = client.put(f"/api/games/{gid}/hands/1", json={"kind": "win", "hand": low, "winner": B, "discarder": A})
    assert r.status_code == 400 and "below the 8-point minimum" in r.json["error"]["message"]
    assert client.get(f"/api/games/{gid}").json["hands"][0]["notation"].startswith("123456789m")


def test_a_hand_that_is_no_win_is_refused_naming_the_rule_set_by_its_title(client):
    gid = new_game(client, "mcr")
    r = client.post(f"/api/games/{gid}/hands", json={"hand": "123m456p789s11p23z 3z", "winner": B, "discarder": A})
    assert r.status_code == 400
    # the winds by their names, as the pages say them ("as Bob (S) in the E round" read as letters)
    assert r.json["error"]["message"].startswith("hand 1: not a winning hand under Chinese Official (MCR, 81 fans) as Bob "
                                                 "(South) in the East round: "), r.json


def test_mcr_game_of_16_hands(client):
    gid = new_game(client, "mcr")
    hand = "123456789m123p5z 5z"
    # 000 « Rotation des vents des joueurs »: the deal passes after every hand; the seats change
    # at each round (docs/rulings.md); a draw pays nothing; a false win pays 10 to each other.
    post(client, gid, {"hand": hand, "winner": B, "discarder": A})
    post(client, gid, {"kind": "penalty", "offender": D})
    first = client.get(f"/api/games/{gid}").json
    win = first["hands"][0]["deltas"]
    assert first["hands"][1]["deltas"] == [10, 10, 10, -30] and first["dealer"] == B
    for _ in range(15):
        post(client, gid, {"kind": "draw"})
    view = client.get(f"/api/games/{gid}").json
    assert [h["dealer"] for h in view["hands"] if h["kind"] == "draw"] == [1, 2, 3, 1, 0, 3, 2, 2, 3, 1, 0, 3, 2, 0, 1]
    assert view["finished"] is True
    totals = [w + p for w, p in zip(win, [10, 10, 10, -30])]
    assert view["totals"] == totals
    assert [r["player"] for r in view["final"]] == [PLAYERS[p] for p in sorted(range(4), key=lambda p: -totals[p])]
    # no uma, sticks or after-uma penalty under MCR: not written as zeros beside paid false wins
    assert all(set(r) == {"seat", "points", "score", "rank", "player"} and r["score"] == r["points"]
               for r in view["final"])
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "draw"})
    assert r.status_code == 409
    # the export has no riichi columns (counters, sticks, tenpai, uma), empty in every MCR game
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv").get_data().decode("utf-8-sig"))))
    assert not {"honba", "riichi_sticks", "riichi", "tenpai"} & set(rows[0])
    head = rows.index(["rank", "player", "points"])        # the score is the points: not said twice
    assert [int(r[2]) for r in rows[head + 1:]] == sorted(totals, reverse=True)


def test_mcr_a_false_win_s_player_cannot_win_that_hand(client):
    # 000 « Faute »: after a false win his hand stays exposed and he may no longer declare Mah Jong
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "penalty", "offender": B})
    r = client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m123p5z 5z", "winner": B, "discarder": None})
    assert r.status_code == 400 and r.json["error"]["field"] == "winner"
    assert "may no longer declare Mah Jong" in r.json["error"]["message"]
    # said where the winner is chosen, not at Record only (an MCR club picked him on the review page):
    # his chip and the game form's option are disabled, named, and a score asked with him is refused
    from .conftest import csrf_of
    review = client.get(f"/review/new?game={gid}&lang=en").get_data(as_text=True)
    chip = re.search(r'<input type="radio" name="winner" value="1"[^>]*>[^<]*<span[^>]*>[^<]*</span>( <span[^>]*>[^<]*</span>)?',
                     review).group(0)
    assert " disabled" in chip and "(false win)" in chip, chip
    assert review.count('name="winner" value="0">') == 1                     # the others as they were
    assert 'id="barred-note">No win in this hand for Bob, after a false win' in review
    r = client.post("/review/score", json={"hand": "123456789m123p5z 5z", "rules": "mcr", "form": {}, "game": gid,
                                           "winner": B}, headers={"X-CSRF-Token": csrf_of(client)}).json
    assert "may no longer declare Mah Jong" in r["error"]["message"], r
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    form = page[page.index('id="win-form"'):]
    form = form[form.index('name="winner0"'):]
    # in one pair of brackets with the seat (« Zoë (Est) (faux Mah-jong) » took two)
    assert re.search(r'<option value="1" disabled>Bob \((East|South|West|North), false win\)</option>',
                     form[:form.index("</select>")]), form[:form.index("</select>")]
    post(client, gid, {"hand": "123456789m123p5z 5z", "winner": C, "discarder": B})
    assert 'id="barred-note"' not in client.get(f"/review/new?game={gid}&lang=en").get_data(as_text=True)
    post(client, gid, {"hand": "123456789m123p5z 5z", "winner": B, "discarder": None})     # the next hand


def test_a_liable_player_and_a_capped_total_are_said_on_the_game_page_and_the_sheet(client):
    # a Hong Kong family's bao hand read "Mei 7 faan on Ann's discard" with Ann -64 and the two
    # others 0 under payment 3 (a wrong-looking split, said on the hand's page only); 11 faan
    # found and 10 paid read "10 faan" beside the CSV's 3 + 6 + 2
    gid = client.post("/api/games", json={"rules": "hk", "players": PLAYERS,
                                          "options": {"max_faan": 3}}).json["game"]["id"]
    post(client, gid, {"hand": "[555z][666z][777z,1]123m4p 4p", "winner": B, "discarder": A,
                       "context": {"liable_player": A}})
    score = client.get(f"/api/games/{gid}").json["hands"][0]["score"]
    assert score["faan"] > score["faan_counted"] == 3, score
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert '<span class="liable">Ann liable (bao)</span>' in page
    assert f'<span class="muted small capped">capped: {score["faan"]} faan found</span>' in page
    sheet = client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    assert f"Bob 3 faan (capped: {score['faan']} faan found) (reward: 8 points) on Ann&#39;s discard · Ann liable (bao)" in sheet
    fr = client.get(f"/games/{gid}/sheet?lang=fr").get_data(as_text=True)
    assert "Ann responsable (bao)" in fr and "plafonné" in fr
    assert "; liable: Ann" in client.get(f"/games/{gid}/export.csv?lang=en").get_data(as_text=True)
    assert " ; responsable : Ann" in client.get(f"/games/{gid}/export.csv?lang=fr").get_data(as_text=True)
    # the CSV says the cap too: its items added to more than the 3 beside them
    assert f"; capped: {score['faan']} faan found" in client.get(f"/games/{gid}/export.csv?lang=en").get_data(as_text=True)
    assert f"plafonné : {score['faan']} fan trouvés" in client.get(f"/games/{gid}/export.csv?lang=fr").get_data(as_text=True)
    # a liable player the rules did not make pay (no bao here: not the discarder, no fourth set
    # fed) is not named beside a row the discarder alone paid
    post(client, gid, {"hand": "123m456p789s11p22z 2z", "winner": C, "discarder": A, "context": {"liable_player": D}})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert page.count('<span class="liable">') == 1
    sheet = client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    assert sheet.count("liable (bao)") == 1 and "Di liable" not in sheet
    assert "liable: Di" not in client.get(f"/games/{gid}/export.csv?lang=en").get_data(as_text=True)


def test_a_hong_kong_games_points_are_said_beside_its_faan_and_the_csv_says_how_each_hand_was_won(client):
    # a club's trial: the game page's "Pts: 4 faan" and the CSV's faan column beside changes of
    # 48 and 64 did not say the reward table's points; a self-draw's empty discarder was left to
    # be guessed; the end was numbered as a hand; the final table's points and score were one
    gid = new_game(client, "hk")
    post(client, gid, {"hand": "123m456p789s11p22z 2z", "winner": B, "discarder": None})
    post(client, gid, {"hand": "[555z][666z][777z,1]123m4p 4p", "winner": C, "discarder": A})
    post(client, gid, {"kind": "end"})
    hands = client.get(f"/api/games/{gid}").json["hands"]
    first, second = (h["score"] for h in hands[:2])
    assert first["points"] != first["total"] and second["points"] != second["total"], (first, second)
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert f'<span class="small reward">reward: {first["points"]} points</span>' in page
    assert f'<span class="small reward">reward: {second["points"]} points</span>' in page
    assert f'gain : {first["points"]} points' in client.get(f"/games/{gid}?lang=fr").get_data(as_text=True)
    # its win form's liable player "none" is an answer, not said as assumed under every hand
    assert "liable player" not in client.get(f"/games/{gid}/hands/1?lang=en").get_data(as_text=True).lower()
    sheet = client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    assert f'Bob {first["total"]} faan (reward: {first["points"]} points) by self-draw' in sheet
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv?lang=en").get_data().decode("utf-8-sig"))))
    head = rows[0]
    assert head[head.index("faan") + 1] == "reward" and "won_by" in head
    won = [dict(zip(head, r)) for r in rows[1:3]]
    assert [(r["won_by"], r["discarder"], r["reward"]) for r in won] == [
        ("self_draw", "", str(first["points"])), ("discard", "Ann", str(second["points"]))]
    assert rows[3][:3] == ["", "", "end"]
    assert rows[5] == ["rank", "player", "points"], rows[5]
    fr = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv?lang=fr&sep=semicolon")
                                     .get_data().decode("utf-8-sig")), delimiter=";"))
    assert "gain (points)" in fr[0] and dict(zip(fr[0], fr[1]))["gagné"] == "sur pioche"


def test_hk_dealer_keeps_the_deal_and_a_false_win_pays_four_faan(client):
    import scorer
    from scorer.hk.scoring import reward
    gid = new_game(client, "hk")
    hand = "123m456p789s11p22z 2z"
    post(client, gid, {"hand": hand, "winner": A, "discarder": C})     # Ann deals and wins: keeps
    post(client, gid, {"kind": "draw"})                                  # a draw: the same dealer
    post(client, gid, {"hand": hand, "winner": B, "discarder": A})     # another wins: the deal passes
    four = reward(4, scorer.get_rule_set("hk").parse_options({}))
    r = post(client, gid, {"kind": "penalty", "offender": C})
    assert r["hand"]["deltas"] == [four, four, -3 * four, four]
    assert [h["dealer"] for h in client.get(f"/api/games/{gid}").json["hands"]] == [A, A, A, B]
    assert r["dealer"] == B
    # why it pays that (a club's hand page said "Cy pays 16" three times, and no more), on the
    # hand's page and beside the form's amount; another amount is the table's
    said = client.get(f"/games/{gid}/hands/4?lang=en").get_data(as_text=True)
    assert said.count("(false win: the reward of four faan to each other player)") == 3, said
    assert "(faux Mah-jong : la récompense de quatre fan à chacun des autres joueurs)" in \
        client.get(f"/games/{gid}/hands/4?lang=fr").get_data(as_text=True)
    assert '<span class="muted small" id="false-win-basis">by the rules: the reward of four faan to each other player</span>' \
        in client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    other = new_game(client, "mcr")
    post(client, other, {"kind": "penalty", "offender": C, "amount": 12})
    assert "(false win: the amount the table set)" in client.get(f"/games/{other}/hands/1?lang=en").get_data(as_text=True)
    assert "by the rules: 10 points to each other player" in client.get(f"/games/{other}?lang=en").get_data(as_text=True)
    # 003 sets no penalty: classical's figure is mjtable's default, not "by the rules" (a family's
    # trial read "by the rules: 10 to each other player" in a rule set that has none)
    classical = new_game(client, "classical")
    page = html.unescape(client.get(f"/games/{classical}?lang=en").get_data(as_text=True))
    assert 'id="false-win-basis">10 to each other player, mjtable\'s default: the rules set no penalty;' in page
    assert "by the rules:" not in page
    assert "10 à chacun des autres joueurs, montant par défaut de mjtable : les règles ne fixent aucune pénalité" in \
        client.get(f"/games/{classical}?lang=fr").get_data(as_text=True)
    # the dealer's repeats are named (the page, sheet and mjtable games said E1 three times): the
    # next hand first, then the hands; the false win replays B's deal, which is not kept
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert re.findall(r'<strong class="hand-label">([^<]+)</strong>', page) == ["E2", "E1", "E1-1", "E1-2", "E2"]
    from mjtable.commands.games import sheet_text
    from webui import gamelog
    from webui.store import get_store
    with client.application.app_context():
        text = sheet_text(gamelog.game_view(get_store(), gid))
    assert [line.split()[1] for line in text.splitlines()[3:7]] == ["E1", "E1-1", "E1-2", "E2"]
    # a dealer the table fixes is on their first deal: no repeat carried over from the one before
    other = new_game(client, "hk")
    post(client, other, {"hand": hand, "winner": A, "discarder": C})          # Ann keeps the deal: E1-1 next
    post(client, other, {"hand": hand, "winner": B, "discarder": A, "dealer": C})
    page = client.get(f"/games/{other}?lang=en").get_data(as_text=True)
    assert re.findall(r'<strong class="hand-label">([^<]+)</strong>', page)[1:] == ["E1", "E3"]
    r = client.post(f"/api/games/{gid}/hands", json={"hand": hand, "winners": [B, D], "hands": [hand, hand],
                                                      "discarder": A})
    assert r.status_code == 400 and r.json["error"]["field"] == "winners"


def test_a_game_recorded_before_the_repeats_were_counted_names_them(client):
    # its stored deals have no repeat: the next hand and the dealer's repeats were labelled E1
    # until a hand was edited
    import json
    from webui.store import get_store
    gid = new_game(client, "hk")
    hand = "123m456p789s11p22z 2z"
    post(client, gid, {"hand": hand, "winner": A, "discarder": C})     # Ann deals and wins: keeps
    post(client, gid, {"kind": "draw"})                                  # a draw: the same dealer
    post(client, gid, {"kind": "penalty", "offender": C})              # a false win: dealt again, no repeat
    labels = lambda: re.findall(r'<strong class="hand-label">([^<]+)</strong>',
                                client.get(f"/games/{gid}?lang=en").get_data(as_text=True))
    assert labels() == ["E1-2", "E1", "E1-1", "E1-2"]
    with client.application.app_context():
        conn = get_store().conn
        for seq, outcome in conn.execute("SELECT seq, outcome FROM hands WHERE game_id = ?", (gid,)).fetchall():
            stored = json.loads(outcome)
            stored.pop("repeat", None)
            stored["after"].pop("repeat", None)
            conn.execute("UPDATE hands SET outcome = ? WHERE game_id = ? AND seq = ?", (json.dumps(stored), gid, seq))
        conn.commit()
    assert labels() == ["E1-2", "E1", "E1-1", "E1-2"]
    assert client.get(f"/api/games/{gid}").json["repeat"] == 2
    # a new game's first deal after a false win is not taken for a repeat
    other = new_game(client, "hk")
    post(client, other, {"kind": "penalty", "offender": C})
    assert client.get(f"/api/games/{other}").json["repeat"] == 0
    # nor a deal the table fixed back to the dealer before (Flow.fixed: a first deal), a hand or
    # a false win in it
    for fixed in ({"kind": "draw", "dealer": A}, {"kind": "penalty", "offender": C, "dealer": A}):
        gid = new_game(client, "hk")
        post(client, gid, {"hand": hand, "winner": B, "discarder": C})     # Ann deals, Bob wins: Bob deals
        post(client, gid, fixed)
        assert labels()[1:] == ["E1", "E1"], fixed
        assert client.get(f"/api/games/{gid}").json["repeat"] == (1 if fixed["kind"] == "draw" else 0)


def test_riichi_and_tenpai_lists_are_checked(client):
    gid = new_game(client, "riichi")
    for body in ({"kind": "draw", "tenpai": [0, 0]}, {"kind": "draw", "tenpai": [5]}, {"kind": "draw", "riichi": "0"},
                 {"kind": "draw", "tenpai": [True]}, {"kind": "win", "hand": PURE_STRAIGHT, "winner": 0, "tenpai": [1]},
                 {"kind": "win", "winners": [1, 2], "hands": [PURE_STRAIGHT], "discarder": 0}):
        r = client.post(f"/api/games/{gid}/hands", json=body)
        assert r.status_code == 400, (body, r.json)
    mcr = new_game(client, "mcr")
    r = client.post(f"/api/games/{mcr}/hands", json={"kind": "draw", "riichi": [1]})
    assert r.status_code == 400 and r.json["error"]["field"] == "riichi"
    r = client.post("/api/games", json={"rules": "mcr", "players": PLAYERS, "flow": {"tournament": True}})
    assert r.status_code == 400
    # stored on a riichi game and never used
    r = client.post("/api/games", json={"rules": "riichi", "players": PLAYERS, "flow": {"seat_changes": True}})
    assert r.status_code == 400 and r.json["error"]["field"] == "flow.seat_changes"
    # false is what such a game does (older exports carry it): taken, not stored
    r = client.post("/api/games", json={"rules": "hk", "players": PLAYERS, "flow": {"seat_changes": False}})
    assert r.status_code == 201 and "seat_changes" not in r.json["game"]["flow"]


def test_a_wins_context_that_says_otherwise_than_the_game_is_refused(client):
    """A seat or round wind the deal gives another, or "south" for a wind, was replaced by the
    game's without a word; riichi false for a winner in the riichi list was scored with riichi."""
    gid = new_game(client, "riichi")
    win = {"hand": PURE_STRAIGHT, "winner": B, "discarder": C}
    for ctx, field in (({"seat_wind": "N"}, "context.seat_wind"), ({"round_wind": "S"}, "context.round_wind"),
                       ({"round_wind": "south"}, "context.round_wind")):
        r = client.post(f"/api/games/{gid}/hands", json={**win, "context": ctx})
        assert r.status_code == 400 and r.json["error"]["field"] == field, (ctx, r.json)
    r = client.post(f"/api/games/{gid}/hands", json={**win, "riichi": [B], "context": {"riichi": False}})
    assert r.status_code == 400 and r.json["error"]["field"] == "context.riichi", r.json
    r = client.post(f"/api/games/{gid}/hands",
                    json={"kind": "win", "winners": [{"winner": B, "hand": PURE_STRAIGHT, "context": {"seat_wind": "E"}}],
                          "discarder": C})
    assert r.status_code == 400 and r.json["error"]["field"] == "winners[0].context.seat_wind", r.json
    assert client.get(f"/api/games/{gid}").json["hands"] == []
    post(client, gid, {**win, "riichi": [B], "context": {"seat_wind": "S", "round_wind": "E", "riichi": True}})


def test_the_api_takes_null_not_an_empty_string_for_self_drawn(client):
    # "discarder": "" recorded a win on a discard as self-drawn (the game page's form says it so)
    gid = new_game(client, "riichi")
    for value in ("", "self", "none"):
        r = client.post(f"/api/games/{gid}/hands", json={"hand": PURE_STRAIGHT, "winner": B, "discarder": value})
        assert r.status_code == 400 and r.json["error"]["field"] == "discarder", (value, r.json)
    post(client, gid, {"hand": PURE_STRAIGHT, "winner": B, "discarder": "2"})


def test_a_notation_error_in_a_game_names_the_hand_field(client):
    # {"code": "bad_notation", "position": 20} and no field, where every other refusal names one
    gid = new_game(client, "riichi")
    r = client.post(f"/api/games/{gid}/hands", json={"hand": "12345678s234m55p 9x", "winner": B, "discarder": C})
    assert r.status_code == 400 and r.json["error"]["field"] == "hand" and "position" in r.json["error"], r.json


def test_a_field_another_kind_of_hand_has_is_refused(client):
    # a draw sent with a winner and a hand was stored as a draw, an end with a hand as an end
    gid = new_game(client, "riichi")
    for body, field in (({"kind": "draw", "hand": PURE_STRAIGHT, "winner": B, "discarder": C}, "hand"),
                        ({"kind": "end", "winner": B}, "winner"),
                        ({"kind": "penalty", "offender": C, "winner": B}, "winner"),
                        ({"kind": "penalty", "offender": C, "amount": 5, "hand": PURE_STRAIGHT}, "hand")):
        r = client.post(f"/api/games/{gid}/hands", json=body)
        assert r.status_code == 400 and r.json["error"]["field"] == field, (body, r.json)
    assert client.get(f"/api/games/{gid}").json["hands"] == []
    post(client, gid, {"kind": "draw", "discarder": None, "tenpai": [B], "riichi": []})     # empty says nothing


def test_a_hand_jsons_own_context_is_held_to_the_game_as_the_requests_is(client):
    # {"hand": {..., "context": {"self_drawn": false, "discarder": "left", "seat_wind": "W"}},
    # "discarder": null} was stored self-drawn beside discarder "left", without a word
    gid = new_game(client, "mcr")
    hand = client.post("/api/score", json={"hand": "[222z,1][234m,1][666m,1]78m99m 9m", "rules": "mcr"}).json["hand"]
    for ctx, field in (({"self_drawn": False}, "hand.context.self_drawn"), ({"discarder": "left"}, "hand.context.discarder"),
                       ({"seat_wind": "W"}, "hand.context.seat_wind")):
        r = client.post(f"/api/games/{gid}/hands", json={"hand": {**hand, "context": ctx}, "winner": B, "discarder": None})
        assert r.status_code == 400 and r.json["error"]["field"] == field, (ctx, r.json)
    r = client.post(f"/api/games/{gid}/hands", json={"hand": {**hand, "context": {"last_tile": True}}, "winner": B,
                                                     "discarder": C, "context": {"last_tile": False}})
    assert r.status_code == 400 and r.json["error"]["field"] == "hand.context.last_tile", r.json
    assert client.get(f"/api/games/{gid}").json["hands"] == []
    post(client, gid, {"hand": {**hand, "context": {"seat_wind": "S"}}, "winner": B, "discarder": C})
    # an export's hands carry the winds of their deals: imported, the flow works them out again
    exported = client.get(f"/api/games/{gid}/export.json").json
    assert client.post("/api/games/import", json=exported).status_code == 201


def test_a_recorded_hand_as_the_api_gives_it_goes_back_and_a_double_riichi_round_trips(client):
    """The new checks refused the app's own data: a double riichi sent with riichi false (the review
    page sends both boxes) could not be imported from its export, and the hand JSON the API gives
    back (its context holds the game's self_drawn and discarder) could not be sent to an edit."""
    gid = new_game(client, "riichi")
    post(client, gid, {"winner": A, "discarder": B, "hand": "123m456m789m234p5s 5s", "riichi": [],
                       "context": {"double_riichi": True, "riichi": False}})
    exported = client.get(f"/api/games/{gid}/export.json").json
    assert client.post("/api/games/import", json=exported).status_code == 201
    kept = client.get(f"/api/games/{gid}").json["hands"][0]
    r = client.put(f"/api/games/{gid}/hands/1", json={"hand": kept["hand"], "winner": A, "discarder": B,
                                                      "riichi": [A], "context": {"double_riichi": True}})
    assert r.status_code == 200, r.json


def test_a_change_that_a_later_hand_cannot_take_names_that_hand_as_the_page_shows_it(client):
    """Deleting hand 1 (a draw) made Chloé West in the next deal, where her win scores 7: the
    refusal said "hand 1: 7 points ... (record it as a false win)", the number the win takes
    after the delete and advice for recording, not deleting."""
    gid = client.post("/api/games", json={"rules": "mcr", "players": ["Ann", "Bob", "Chloé", "Di"]}).json["game"]["id"]
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"hand": "[222z,1][234m,1][666m,1]78m99m 9m", "winner": C, "discarder": D})   # South: 8
    r = client.delete(f"/api/games/{gid}/hands/1", json={})
    assert r.status_code == 400 and r.json["error"]["code"] == "below_minimum"
    assert r.json["error"]["message"].startswith("hand 1 cannot be deleted: hand 2, Chloé (West), would then be refused: "
                                                 "7 points, below the 8-point minimum"), r.json
    assert "false win" not in r.json["error"]["message"]
    r = client.put(f"/api/games/{gid}/hands/1", json={"kind": "penalty", "offender": B})
    assert r.status_code == 400 and r.json["error"]["message"].startswith("hand 1 cannot be changed so: hand 2, Chloé (West)")
    assert [h["kind"] for h in client.get(f"/api/games/{gid}").json["hands"]] == ["draw", "win"]


def test_a_context_the_discarder_contradicts_blames_the_discarder(client):
    # robbing the kong with discarder null blamed context.self_drawn, a key the request never had
    gid = new_game(client, "mcr")
    r = client.post(f"/api/games/{gid}/hands", json={"hand": "[123m,1][456p,1]789s23s55z 4s", "winner": A,
                                                     "discarder": None, "context": {"robbing_kong": True}})
    assert r.status_code == 400 and r.json["error"]["field"] == "discarder", r.json
    r = client.post(f"/api/games/{gid}/hands", json={"hand": "(1111m)456p789s23s55z 4s", "winner": A,
                                                     "discarder": B, "context": {"kong_replacement": True}})
    assert r.status_code == 400 and r.json["error"]["field"] == "discarder", r.json


# -- a game log written before the game flow -----------------------------------------------------
OLD_SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT NOT NULL, rules TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}', players TEXT NOT NULL, context TEXT NOT NULL DEFAULT '{}',
    created TEXT NOT NULL);
CREATE TABLE photos (id INTEGER PRIMARY KEY, sha256 TEXT NOT NULL UNIQUE, jpeg BLOB NOT NULL,
    width INTEGER NOT NULL, height INTEGER NOT NULL, created TEXT NOT NULL);
CREATE TABLE drafts (id TEXT PRIMARY KEY, photo_id INTEGER REFERENCES photos(id), reading TEXT NOT NULL,
    created TEXT NOT NULL);
CREATE TABLE hands (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('win', 'draw', 'penalty')), dealer INTEGER NOT NULL,
    round_wind TEXT NOT NULL, winner INTEGER, discarder INTEGER, hand TEXT, notation TEXT,
    context TEXT NOT NULL DEFAULT '{}', score TEXT, payments TEXT NOT NULL DEFAULT '[]', deltas TEXT NOT NULL,
    photo_id INTEGER REFERENCES photos(id), tiles_read TEXT, corrections TEXT NOT NULL DEFAULT '[]',
    note TEXT NOT NULL DEFAULT '', created TEXT NOT NULL, UNIQUE (game_id, seq));
CREATE INDEX hands_game ON hands(game_id, seq);
CREATE TABLE hand_requests (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE, key TEXT NOT NULL,
    hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE, response TEXT, PRIMARY KEY (game_id, key));
"""


def old_game_log(path):
    """A game log as the app wrote it before the game flow: a riichi game whose win was
    scored with the counters the form gave and a stick from the table not counted."""
    conn = sqlite3.connect(path)
    conn.executescript(OLD_SCHEMA)
    conn.execute("INSERT INTO games VALUES (1, 'old', 'riichi', '{}', ?, '{\"honba\": 2}', '2024-01-01')",
                 (json.dumps(PLAYERS),))
    payments = [{"payer": 2, "payee": 1, "amount": 8300, "reason": "ron + 2 counter(s) × 300"},
                {"payer": None, "payee": 1, "amount": 1000, "reason": "1 riichi stick(s) × 1,000", "from": "table"}]
    hand = {"concealed": ["1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "2m", "3m", "4m", "5p", "5p", "9s"],
            "melds": [], "winning_tile": "9s", "bonus": [], "context": {}}
    ctx = {"seat_wind": "N", "round_wind": "E", "self_drawn": False, "discarder": "right", "honba": 2,
           "riichi_sticks": 1, "riichi": True}
    rows = [(1, "draw", 0, "E", None, None, None, None, "{}", None, "[]", "[0, 0, 0, 0]"),
            (2, "win", 2, "E", 1, 2, json.dumps(hand), "12345678s234m55p 9s", json.dumps(ctx), '{"total": 9300}',
             json.dumps(payments), "[0, 8300, -8300, 0]"),
            (3, "penalty", 2, "E", 3, None, None, None, "{}", None,
             json.dumps([{"payer": 3, "payee": p, "amount": 10, "reason": "false win"} for p in range(3)]),
             "[10, 10, 10, -30]")]
    for seq, kind, dealer, wind, winner, discarder, h, notation, c, score, pay, deltas in rows:
        conn.execute("INSERT INTO hands (game_id, seq, kind, dealer, round_wind, winner, discarder, hand, notation, "
                     "context, score, payments, deltas, created) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                     "'2024-01-01')", (seq, kind, dealer, wind, winner, discarder, h, notation, c, score, pay, deltas))
    conn.commit()
    conn.close()


def test_a_win_recorded_in_a_game_from_before_the_flow_keeps_its_score_everywhere(tmp_path):
    # an upgrade trial: a win recorded (or edited) in such a game lost its score on the game page
    # ("Pts:" empty), in the CSV, the score sheet and `mjtable games`: its winners were kept unscored
    from webui import create_app
    data = tmp_path / "data"
    data.mkdir()
    old_game_log(data / "mjtable.sqlite3")
    client = create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"}).test_client()
    r = client.post("/api/games/1/hands", json={"hand": "234m345p456s678s8p 8p", "winner": 2, "discarder": 1})
    assert r.status_code == 201, r.json
    hand = client.get("/api/games/1").json["hands"][-1]
    assert hand["score"]["total"] and hand["wins"] in (None, []) or all(w.get("score") for w in hand["wins"])
    total = hand["score"]["total"]
    page = client.get("/games/1?lang=en").get_data(as_text=True)
    row = page.split(f'id="hand-{hand["seq"]}"', 1)[1].split("</tr>", 1)[0]
    assert f"{total:,}" in row.split('class="num pts"', 1)[1].split("</td>", 1)[0]
    csv_text = client.get("/games/1/export.csv").get_data().decode("utf-8-sig")
    assert f"{total}" in csv_text.splitlines()[-1]
    hand_id = hand["id"]
    r = client.put(f"/api/games/1/hands/{hand['seq']}?hand_id={hand_id}",
                   json={"hand": "234m345p456s678s8p 8p", "winner": 2, "discarder": 1, "note": "checked"})
    assert r.status_code == 200, r.json
    again = client.get("/api/games/1").json["hands"][-1]
    page = client.get("/games/1?lang=en").get_data(as_text=True)
    row = page.split(f'id="hand-{again["seq"]}"', 1)[1].split("</tr>", 1)[0]
    assert f"{again['score']['total']:,}" in row.split('class="num pts"', 1)[1].split("</td>", 1)[0]
    # its score sheet names its rules (it said "generic")
    sheet = client.get("/games/1/sheet?lang=en").get_data(as_text=True)
    rules = client.get("/api/games/1").json["game"]["rules"]
    import scorer
    assert scorer.get_rule_set(rules).title in sheet and "generic" not in sheet


def test_a_game_log_from_before_the_flow_is_migrated_and_old_games_keep_their_points(tmp_path):
    from webui import create_app
    from webui.store import SCHEMA_VERSION
    data = tmp_path / "data"
    data.mkdir()
    old_game_log(data / "mjtable.sqlite3")
    app = create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"})
    client = app.test_client()
    conn = sqlite3.connect(data / "mjtable.sqlite3")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert {r[1] for r in conn.execute("PRAGMA table_info(hands)")} >= {"riichi", "tenpai", "wins", "honba", "fixed"}
    assert conn.execute("SELECT flow FROM games").fetchone()[0] == '{"legacy": true}'
    conn.close()
    view = client.get("/api/games/1").json
    assert [h["deltas"] for h in view["hands"]] == [[0, 0, 0, 0], [0, 8300, -8300, 0], [10, 10, 10, -30]]
    assert [h["dealer"] for h in view["hands"]] == [0, 2, 2]
    assert view["totals"] == [10, 8310, -8290, -30] and view["finished"] is False
    assert client.get("/games/1").status_code == 200
    # each hand's own page (hand 2's score was kept as its total alone: a 500)
    for seq in (1, 2, 3):
        assert client.get(f"/games/1/hands/{seq}").status_code == 200, seq
    assert "9,300" in client.get("/games/1/hands/2?lang=en").get_data(as_text=True)
    # editing the old draw keeps every hand's recorded deal and points
    r = client.put("/api/games/1/hands/1", json={"kind": "draw", "note": "checked"})
    assert r.status_code == 200, r.json
    view = client.get("/api/games/1").json
    assert [h["deltas"] for h in view["hands"]] == [[0, 0, 0, 0], [0, 8300, -8300, 0], [10, 10, 10, -30]]
    assert [h["dealer"] for h in view["hands"]] == [0, 2, 2]
    # a new hand follows the rotation of that time: the dealer (2) did not win, the deal passes
    r = client.post("/api/games/1/hands", json={"kind": "draw"})
    assert r.status_code == 201 and r.json["hand"]["dealer"] == 2 and r.json["dealer"] == 3
    # a new game in the same log follows the game flow
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": [0]})
    assert client.get(f"/api/games/{gid}").json["honba"] == 1
    # opening it again does not migrate twice
    create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"})
    assert client.get("/api/games/1").json["totals"] == [10, 8310, -8290, -30]


def test_the_players_end_the_game_early_and_can_go_on(client):
    """A club evening stops before the last round: the final table is taken from the points then;
    no hand can follow; undoing the end goes on with the game."""
    gid = new_game(client, "mcr")
    post(client, gid, {"hand": "123456789m123p5z 5z", "winner": B, "discarder": A})
    before = client.get(f"/api/games/{gid}").json
    assert before["final"] is None and before["finished"] is False
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "end", "riichi": [A]})
    assert r.status_code == 400                                        # no hand: nothing declared in it
    post(client, gid, {"kind": "end"})
    view = client.get(f"/api/games/{gid}").json
    assert view["finished"] is True and view["hands"][-1]["deltas"] == [0, 0, 0, 0]
    assert view["totals"] == before["totals"]
    assert [r["player"] for r in view["final"]][0] == "Bob" and view["final"][0]["score"] == before["totals"][B]
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "draw"}).status_code == 409
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert "the players ended the game here" in page and 'id="final"' in page and 'id="end-form"' not in page
    # the end is a row of the log, not a hand played: not counted, no point of the chart
    assert "· 1 hand<" in page and page.count('class="pt"') == 4 * 2          # the start and one hand
    listed = {g["id"]: g["n_hands"] for g in client.get("/api/games").json["games"]}
    assert listed[gid] == 1
    from webui import gamelog
    from webui.store import get_store
    with client.application.app_context():
        assert gamelog.standing(get_store(), gid)["n_hands"] == 1
    client.post(f"/api/games/{gid}/undo", json={})
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    # the browser does not fill the next hand's forms with the last one's (a second tap recorded it twice)
    assert all(f'id="{f}" autocomplete="off"' in page for f in ("win-form", "draw-form", "penalty-form"))
    post(client, gid, {"kind": "end"})
    sheet = client.get(f"/games/{gid}/sheet").get_data(as_text=True)
    assert "the players ended the game here" in sheet and 'id="final"' in sheet
    assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 200
    assert client.get(f"/api/games/{gid}").json["finished"] is False
    post(client, gid, {"kind": "draw"})


def test_the_game_pages_end_button(client):
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    assert 'id="end-form"' not in client.get(f"/games/{gid}").get_data(as_text=True)   # nothing played yet
    post(client, gid, {"kind": "draw", "tenpai": [A], "riichi": [C]})
    assert 'id="end-form"' in client.get(f"/games/{gid}").get_data(as_text=True)
    r = client.post(f"/games/{gid}/end", data={"csrf_token": csrf_of(client)})
    assert r.status_code == 303
    view = client.get(f"/api/games/{gid}").json
    # Cy's riichi stick left on the table goes to the first at the end (002 §3.6)
    assert view["finished"] and view["final"][0]["leftover_sticks"] == 1000
    assert "the game ends after hand 1" in client.get(f"/games/{gid}").get_data(as_text=True)


def test_a_hand_entered_for_a_game_over_is_told_so_before_it_is_typed(client):
    # the review page said "this game is over" only once a hand was typed and scored, where the
    # photo page says it before the photo; a recorded hand corrected is still its own business
    gid = new_game(client, "riichi")
    post(client, gid, {"hand": PURE_STRAIGHT, "winner": B, "discarder": C})
    assert 'id="game-over"' not in client.get(f"/review/new?game={gid}").get_data(as_text=True)
    post(client, gid, {"kind": "end"})
    assert 'id="game-over"' in client.get(f"/review/new?game={gid}").get_data(as_text=True)
    assert 'id="game-over"' not in client.get(f"/review/new?game={gid}&correct=1").get_data(as_text=True)


def test_the_end_of_a_game_is_no_numbered_hand_on_the_page_or_the_sheet(client):
    # "3 · E3 · the players ended the game here" with four 0 changes read as a third hand that
    # scored nothing, under a header counting 2 hands
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "end"})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    row = re.search(r'<tr id="hand-3"[^>]*>(.*?)</tr>', page, re.S)
    assert row and "the players ended the game here" in row.group(1)
    assert f'/games/{gid}/hands/3"' not in page and 'class="num delta"' not in row.group(1)
    sheet = client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    end = re.search(r'<tr class="end-row"><td class="num">([^<]*)</td>(.*?)</tr>', sheet, re.S)
    assert end and end.group(1) == "" and ">0<" not in end.group(2)
    # played in no deal: no round and no dealer beside it (the sheet said "E3 Cy", the CSV "E, Cy",
    # mjtable games "#3"), on the sheet, the CSV and mjtable games alike
    assert end.group(2).startswith('<td></td><td class="names"></td>'), end.group(2)
    csv_rows = client.get(f"/games/{gid}/export.csv").get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert csv_rows[3].split(",")[:5] == ["", "", "end", "", ""], csv_rows[3]
    from mjtable.commands.games import sheet_text
    from webui import gamelog
    from webui.store import get_store
    with client.application.app_context():
        last = next(line for line in sheet_text(gamelog.game_view(get_store(), gid)).splitlines() if "ended" in line)
    assert "the players ended the game here" in last and "#3" not in last and PLAYERS[2] not in last, last


def test_the_sticks_a_winner_takes_from_the_table_are_named_beside_the_hands_score(client):
    # the review page said « 13 900 points reçus » (the sticks counted in), the game page's Pts and
    # the score sheet 11,900 beside a change of +12,900: which was the score?
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "riichi": [A]})
    post(client, gid, {"hand": PURE_STRAIGHT, "winner": B, "discarder": C, "riichi": [B],
                       "context": {"riichi": True}})
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get(f"/games/{gid}?lang=en").get_data(as_text=True)))
    # the counter apart too, as the sheet gives it (the page said 11,900, the sheet 11,600 + 300)
    assert "11,600 + 300 in counters + 2,000 in riichi sticks" in page
    sheet = client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    assert "+ 2,000 in riichi sticks" in sheet
    assert "+ 2\u202f000 en bâtonnets de riichi" in client.get(f"/games/{gid}/sheet?lang=fr").get_data(as_text=True)


def test_a_riichi_hands_fu_are_minipoints_on_every_french_page(client):
    # the review and hand pages said « 4 han · 20 minipoints », the score sheet « (4 han 20 fu) »
    gid = new_game(client, "riichi")
    post(client, gid, {"hand": PURE_STRAIGHT, "winner": B, "discarder": C})
    for page in (f"/games/{gid}/sheet?lang=fr", f"/games/{gid}/hands/1?lang=fr", f"/games/{gid}?lang=fr"):
        text = client.get(page).get_data(as_text=True)
        assert re.search(r"\d han · \d+ minipoints", text) and not re.search(r"\d+ fu\b", text), page


def test_a_game_log_of_the_previous_schema_takes_the_end_of_a_game(tmp_path):
    """Version 1 had no "end" kind in the hands' CHECK: the table is rebuilt, and the hands'
    request keys (which reference them) are kept."""
    from webui import create_app, store
    data = tmp_path / "data"
    client = create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"}).test_client()
    gid = new_game(client, "mcr")
    first = client.post(f"/api/games/{gid}/hands", json={"kind": "draw"}, headers={"Idempotency-Key": "k1"})
    assert first.status_code == 201
    # the same log as version 1 wrote it
    conn = sqlite3.connect(data / "mjtable.sqlite3", isolation_level=None)
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute(store._hands_table_sql("hands_v1").replace("'penalty', 'end')", "'penalty')"))
    conn.execute("INSERT INTO hands_v1 SELECT * FROM hands")
    conn.execute("DROP TABLE hands")
    conn.execute("ALTER TABLE hands_v1 RENAME TO hands")
    conn.execute("PRAGMA user_version = 1")
    conn.close()
    client = create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"}).test_client()
    conn = sqlite3.connect(data / "mjtable.sqlite3")
    assert "'end'" in conn.execute("SELECT sql FROM sqlite_master WHERE name = 'hands'").fetchone()[0]
    assert conn.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION
    assert conn.execute("SELECT COUNT(*) FROM hand_requests").fetchone()[0] == 1
    conn.close()
    again = client.post(f"/api/games/{gid}/hands", json={"kind": "draw"}, headers={"Idempotency-Key": "k1"})
    assert again.json == first.json and len(client.get(f"/api/games/{gid}").json["hands"]) == 1
    post(client, gid, {"kind": "end"})
    assert client.get(f"/api/games/{gid}").json["finished"] is True


def test_a_version_2_game_log_gets_each_hands_rev(tmp_path):
    """Version 2 to 3: the hands already there have no rev; their pages name them by id, and an
    edit gives them one."""
    from webui import create_app, store
    data = tmp_path / "data"
    client = create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"}).test_client()
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    conn = sqlite3.connect(data / "mjtable.sqlite3", isolation_level=None)
    conn.execute("ALTER TABLE hands DROP COLUMN rev")
    conn.execute("PRAGMA user_version = 2")
    conn.close()
    client = create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"}).test_client()
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    assert hand["rev"] is None
    conn = sqlite3.connect(data / "mjtable.sqlite3")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION
    conn.close()
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f'name="hand_id" value="{hand["id"]}"' in page
    r = client.put(f"/api/games/{gid}/hands/1?hand_id={hand['id']}", json={"kind": "draw", "note": "x"})
    assert r.status_code == 200 and client.get(f"/api/games/{gid}").json["hands"][0]["rev"]


def test_a_version_3_game_log_gets_each_hands_uid_and_restores_a_hand_deleted_before(tmp_path):
    """Version 3 to 4: each hand gets its own uid (where a restored hand goes back); a hand
    deleted before goes back at the number it had, as it did."""
    from webui import create_app, store

    from .conftest import csrf_of
    data = tmp_path / "data"
    client = create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"}).test_client()
    gid = new_game(client, "mcr")
    for note in ("one", "two", "three"):
        post(client, gid, {"kind": "draw", "note": note})
    assert client.delete(f"/api/games/{gid}/hands/2", json={}).status_code == 200
    conn = sqlite3.connect(data / "mjtable.sqlite3", isolation_level=None)
    conn.execute("ALTER TABLE hands DROP COLUMN uid")
    before = json.loads(conn.execute("SELECT before FROM hand_edits").fetchone()[0])
    for key in ("uid", "before_uids", "after_uids"):          # as a version 3 log kept it
        del before["row"][key]
    conn.execute("UPDATE hand_edits SET before = ?", (json.dumps(before),))
    conn.execute("PRAGMA user_version = 3")
    conn.close()
    client = create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"}).test_client()
    uids = [h["uid"] for h in client.get(f"/api/games/{gid}").json["hands"]]
    assert len(set(uids)) == 2 and all(uids)
    conn = sqlite3.connect(data / "mjtable.sqlite3")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION
    conn.close()
    edit_id = client.get(f"/api/games/{gid}/edits").json["edits"][-1]["id"]
    client.post(f"/games/{gid}/edits/{edit_id}/restore", data={"csrf_token": csrf_of(client)})
    assert [h["note"] for h in client.get(f"/api/games/{gid}").json["hands"]] == ["one", "two", "three"]


def test_a_game_log_of_version_4_gets_the_games_kept_rate(tmp_path):
    """A log from before the rate was kept with a game opens, and keeps one from then on."""
    from webui import create_app, store
    data = tmp_path / "data"
    client = create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"}).test_client()
    gid = play_riichi_game(client)
    conn = sqlite3.connect(data / "mjtable.sqlite3", isolation_level=None)
    conn.execute("ALTER TABLE games DROP COLUMN money")
    conn.execute("PRAGMA user_version = 4")
    conn.close()
    client = create_app({"TESTING": True, "DATA_DIR": str(data), "SECRET_KEY": "test"}).test_client()
    assert 'id="money-forget"' not in client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    from .conftest import csrf_of
    client.post(f"/games/{gid}/money", data={"csrf_token": csrf_of(client), "rate": "1"})
    assert 'id="money-forget"' in client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    conn = sqlite3.connect(data / "mjtable.sqlite3")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION
    conn.close()


# -- the game page and the score sheet -----------------------------------------------------------
def test_a_win_refused_for_its_notation_shows_where(client):
    """A win whose notation does not parse goes back to the game page, the reason in the win
    form with the notation's character at fault marked, in the page's language."""
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    token = csrf_of(client)
    body = {"csrf_token": token, "discarder": "1", "winner0": "2", "hand0": "123m456p789s11z2x 2z"}
    r = client.post(f"/games/{gid}/win", data=body)
    assert r.status_code == 303 and r.location.endswith(f"/games/{gid}#win-form")
    page = client.get(r.location).get_data(as_text=True)
    form = page[page.index('id="win-form"'):page.index("</form>", page.index('id="win-form"'))]
    assert "data-refused" in form and "unexpected character" in form
    assert "At character 17:" in form and "<code>123m456p789s11z2<mark>x</mark> 2z</code>" in form
    # served, the form is empty (game.js puts the entry back): without the script the page said
    # "your entry is back in the form" over an empty form
    assert '<p class="small muted" data-entry-back hidden>Nothing was recorded: your entry is back in the form' in form
    assert '<p class="small muted" data-entry-lost>Nothing was recorded: fill in the form again, corrected.' in form
    assert "data-refused" not in client.get(f"/games/{gid}").get_data(as_text=True)     # said once
    page = client.post(f"/games/{gid}/win?lang=fr", data=body, follow_redirects=True).get_data(as_text=True)
    assert "Au caractère 17 :" in page and "<mark>x</mark>" in page
    # an error that is not in the notation has no such line
    page = client.post(f"/games/{gid}/win?lang=en", data={**body, "hand0": "123m456p789s1z 2z"},
                       follow_redirects=True).get_data(as_text=True)
    assert "data-refused" in page and "At character" not in page
    # the winner named as the discarder: told at the form (was an error page away from it)
    page = client.post(f"/games/{gid}/win", data={**body, "hand0": SEVEN_PAIRS, "discarder": "2"},
                       follow_redirects=True).get_data(as_text=True)
    form = page[page.index('id="win-form"'):]
    assert "the winner cannot have discarded the winning tile" in form[:form.index("</form>")]
    assert client.get(f"/api/games/{gid}").json["hands"] == []


def test_game_page_forms_draw_win_edit_delete_and_the_sheet(client):

    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    token = csrf_of(client)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'id="deal-status"' in page and 'name="tenpai"' in page and 'name="winner1"' in page
    # a draw: Ann and Cy tenpai, Cy in riichi
    r = client.post(f"/games/{gid}/draw", data={"csrf_token": token, "tenpai": ["0", "2"], "riichi": ["2"]})
    assert r.status_code == 303
    # a double ron from the page, with the dora indicator of the second winner
    r = client.post(f"/games/{gid}/win", data={"csrf_token": token, "discarder": "1", "winner0": "2",
                                                "hand0": SEVEN_PAIRS, "winner1": "3", "hand1": OPEN_STRAIGHT,
                                                "dora_indicators1": "6s"})
    assert r.status_code == 303, r.get_data(as_text=True)
    view = client.get(f"/api/games/{gid}").json
    assert view["hands"][1]["deltas"] == [0, -(1600 + 300) - (2000 + 300), 1900 + 1000, 2300]
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Cy and Di win on Bob's discard" in page and "History of changes" not in page
    # each winner's hand and figures named on the card (a club read "5 800 … / 2 000" naming neither)
    card = page[page.index('id="hand-2"'):]
    card = card[:card.index("</tr>")]
    assert re.findall(r'<span class="small win-name">([^<]*)</span> <code', card) == ["Cy:", "Di:"]
    assert re.findall(r'<span class="win-name">([^<]*)</span>', card) == ["Cy:", "Di:"]
    # each winner's figures a block of their own, none joined by a "/" left at a line's end
    assert re.findall(r'<span class="win-pts"><span class="win-name">([^<]*)</span>', card) == ["Cy:", "Di:"]
    assert " / " not in card[card.index('class="num pts"'):]
    # the hand's page scores each winner, not the first alone
    hand_page = client.get(f"/games/{gid}/hands/2").get_data(as_text=True)
    second = hand_page[hand_page.index('class="also-wins"'):]
    assert "Di also wins" in second and "Pure Straight" in second and "Dora" in second
    assert "<strong>2,300</strong> points received" in second       # 2,000 and 300 for the counter
    assert "(2 han · 30 fu)" in second                              # its han and fu, as the first winner's
    # edit the draw: only Ann tenpai now; Cy's riichi stays
    r = client.post(f"/games/{gid}/hands/1/edit", data={"csrf_token": token, "tenpai": ["0"], "riichi": ["2"],
                                                         "note": "recounted"})
    assert r.status_code == 303
    view = client.get(f"/api/games/{gid}").json
    assert view["hands"][0]["deltas"] == [3000, -1000, -1000 - 1000, -1000] and view["hands"][0]["note"] == "recounted"
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "History of changes (1)" in page
    assert "hand 1 changed; the hands after it were recomputed" in page      # hand 2 follows it
    # what the hand moved before, player by player (it read "3000 / -1000 / -1000 / -1000")
    history = page[page.index("History of changes"):]
    history = history[:history.index("</ul>")]
    assert "was a draw · Riichi declared by Cy · Tenpai: Ann, Cy: Ann" in history and re.search(r"Bob [+-]\d", history), history
    # the history's time in words (UTC until the page's script puts it in the reader's zone)
    assert re.search(r'<time class="when" datetime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d UTC</time>', page)
    assert "modifiée : c" in client.get(f"/games/{gid}?lang=fr").get_data(as_text=True)
    client.get(f"/games/{gid}?lang=en")
    # the print view and the PDF
    sheet = client.get(f"/games/{gid}/sheet").get_data(as_text=True)
    # each win with its han and fu, by which the points are checked against the table (002 §4.1)
    # (Cy takes the stick of the riichi declared in hand 1 back: named apart from the hand's score)
    # and the hand's value as the table gives it, the counters apart (002 §8: 1,600 + 300, not "1,900 (2 han · 25 fu)")
    assert "E1-1" in sheet and ("Cy 1,600 (2 han · 25 fu) + 300 in counters + 1,000 in riichi sticks &amp; "
                                "Di 2,000 (2 han · 30 fu) + 300 in counters, on Bob&#39;s discard") in sheet
    assert sheet.count('<code class="hand">') == 2                               # each winner's hand
    pdf = client.get(f"/games/{gid}/sheet.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    assert pdf.data.startswith(b"%PDF-1.4") and pdf.data.rstrip().endswith(b"%%EOF")
    runs = [t for _, _, _, t in _pdf_runs(pdf.data)]
    first = next(i for i, t in enumerate(runs) if t.startswith("Cy 1,600"))
    last = next(i for i, t in enumerate(runs) if "on Bob's discard" in t)
    result = " ".join(runs[first:last + 1])            # wrapped in the result column
    assert result == ("Cy 1,600 (2 han · 25 fu) + 300 in counters + 1,000 in riichi sticks & Di 2,000 (2 han · 30 fu) "
                      "+ 300 in counters, on Bob's discard"), result
    # each winner's hand under the result, as the print view shows them
    hands = re.findall(rb"BT /F1 7 Tf [\d.]+ [\d.]+ Td \(([^)]*)\) Tj ET", pdf.data)
    assert len(hands) == sheet.count('<code class="hand">') and all(re.fullmatch(rb"[\w\[\], :]+", h) for h in hands)
    assert [h.split(b": ")[0] for h in hands] == [b"Cy", b"Di"]        # whose hand each is, two winners
    # as the print view: the hand's note, the starting points and the next hand of a game in play
    assert b"(draw \\(tenpai: Ann\\) - recounted) Tj" in pdf.data
    assert b"starting points 30,000   in play: next hand East round, " in pdf.data
    from webui import i18n, score_sheet
    from webui.gamelog import flow_of
    west = {"round_wind": "W", "dealer": 1, "outcome": {"seating": [0, 1, 2, 3]}}
    flow = flow_of(client.get(f"/api/games/{gid}").json["game"])
    with client.application.test_request_context("/?lang=fr"):
        assert score_sheet.round_label(west, flow, i18n.t) == "O2"      # Ouest
    assert score_sheet.round_label(west, flow) == "W2"
    xref = int(re.search(rb"startxref\n(\d+)", pdf.data).group(1))
    assert pdf.data[xref:xref + 4] == b"xref"
    # delete the win: totals back to the draw's
    r = client.post(f"/games/{gid}/hands/2/delete", data={"csrf_token": token})
    assert r.status_code == 303
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "hand 2 deleted" in page and "hand 2 deleted;" not in page         # it was the last hand
    view = client.get(f"/api/games/{gid}").json
    assert len(view["hands"]) == 1 and view["riichi_sticks"] == 1 and view["honba"] == 1


def test_figures_are_written_as_the_pages_language_writes_them(client):
    # in French "30,000" reads as thirty: thousands are grouped by a narrow no-break space and the
    # decimal mark is a comma; the PDF's Latin-1 Helvetica groups by a plain no-break space
    gid = play_riichi_game(client)
    sheet = client.get(f"/games/{gid}/sheet?lang=fr").get_data(as_text=True)
    assert "+19\u202f600" in sheet and "+19,6" in sheet and "-18,8" in sheet and "30\u202f000" in sheet
    assert not re.search(r">[+-]?\d{4,}<", sheet) and "+19.6" not in sheet
    page = client.get(f"/games/{gid}?lang=fr").get_data(as_text=True)
    assert "30\u202f000</text>" in page                       # the chart's starting line
    assert not re.search(r">[+-]?\d{4,}<", page[page.index('id="standings"'):])
    pdf = client.get(f"/games/{gid}/sheet.pdf?lang=fr").data
    assert b"(+19,6) Tj" in pdf and "(+19\xa0600) Tj".encode("latin-1") in pdf
    english = client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    assert "+19,600" in english and "+19.6" in english
    # what each hand moved, on its own page
    for n in range(1, len(RIICHI_GAME) + 1):
        moved = client.get(f"/games/{gid}/hands/{n}?lang=fr").get_data(as_text=True)
        moved = moved[moved.index('id="hand-payments"'):]
        assert not re.search(r"\d{4}", moved[:moved.index("</ul>")]), n
    # the sticks left on the table at the end, beside the points (two draws with riichi, then the end)
    gid = new_game(client, "riichi")
    for _ in range(2):
        post(client, gid, {"kind": "draw", "tenpai": [A], "riichi": [A]})
    post(client, gid, {"kind": "end"})
    for page in (client.get(f"/games/{gid}/sheet?lang=fr").get_data(as_text=True),
                 client.get(f"/games/{gid}?lang=fr").get_data(as_text=True)):
        assert "(+2\u202f000 bâtonnets)" in page


def test_the_final_table_on_the_page_and_the_sheet(client):
    gid = play_riichi_game(client)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'id="final"' in page and "The game is over" in page and 'id="win-form"' not in page
    sheet = client.get(f"/games/{gid}/sheet").get_data(as_text=True)
    assert "Final result" in sheet and "+19,600" in sheet and "+19.6" in sheet and "-18.8" in sheet
    pdf = client.get(f"/games/{gid}/sheet.pdf").data
    assert b"(Final result) Tj" in pdf and b"(+19.6) Tj" in pdf
    # the players sign the final table: a line above each name, on the page and in the PDF
    assert re.search(r'id="signatures">(<div class="signature">\w+</div>){4}</div>', sheet)
    assert re.search(rb"\(Signatures\) Tj ET\n(\S+ \S+ m \S+ \S+ l S\nBT /F1 8 Tf \S+ \S+ Td \(\w+\) Tj ET\n?){4}", pdf)
    in_play = client.post("/api/games", json={"name": "x", "rules": "riichi", "players": list("ABCD")}).json["game"]["id"]
    assert "signature" not in client.get(f"/games/{in_play}/sheet").get_data(as_text=True)
    assert b"Signatures" not in client.get(f"/games/{in_play}/sheet.pdf").data
    # in the player's language (Latin-1 in the PDF: French accents print)
    pdf = client.get(f"/games/{gid}/sheet.pdf?lang=fr").data
    assert "(Résultat final) Tj".encode("latin-1") in pdf and b"(Final result) Tj" not in pdf
    assert b"(Donne) Tj" in pdf and b"(Deal) Tj" not in pdf and b"feuille de marque" in pdf
    hk = client.post("/api/games", json={"name": "Soir", "rules": "hk", "players": list("ABCD")}).json["game"]["id"]
    post(client, hk, {"kind": "draw"})
    assert "Soir - Hong Kong à l'ancienne - feuille de marque".encode("cp1252") in client.get(
        f"/games/{hk}/sheet.pdf?lang=fr").data          # the rule set's title was left in English


def test_export_and_import_replay_the_game(client):
    import csv
    import io
    gid = play_riichi_game(client)
    data = client.get(f"/api/games/{gid}/export.json").json
    assert data["version"] == 2 and data["game"]["flow"]["version"] == 1
    assert data["hands"][2]["winners"][1]["winner"] == D and data["hands"][1]["tenpai"] == [A, C]
    assert [r["score"] for r in data["final"]] == [19600, 6500, -7300, -18800]
    data["hands"][0]["deltas"] = [999, 0, 0, 0]          # not trusted: the flow recomputes
    r = client.post("/api/games/import", json=data)
    assert r.status_code == 201, r.json
    assert r.json["totals"] == [1500, 4600, -3800, -2300] and r.json["finished"] is True
    assert [h["deltas"] for h in r.json["hands"]] == [d for _, d in RIICHI_GAME]
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv").get_data().decode("utf-8-sig"))))
    assert rows[0][:7] == ["hand", "deal", "kind", "round_wind", "dealer", "honba", "riichi_sticks"]
    # each hand's value, its counters apart, as the page gives them ("2200 & 8300" added the counters in)
    assert rows[3][7:14] == ["Cy & Di", "Bob", "discard", "", "2255m3399p119s77z 9s & 234m55p12345678s 9s",
                             "1600 & 7700", "600 & 600"]
    # what each win scored, for a referee checking the sheet (the total alone was given), and its deal
    third = dict(zip(rows[0], rows[3]))
    assert third["deal"] == rows[3][1] != "" and " & " in third["scoring"]
    assert third["scoring"].split(" & ")[0].startswith("Seven Pairs 2 han") and " fu" in third["scoring"]
    # a haneman's minipoints are not counted (002 §4: from 5 han): "25 fu" beside it read as counted
    at = next(k for k, (body, _) in enumerate(RIICHI_GAME) if body.get("hand") == SEVEN_PAIRS_TANYAO)
    haneman = dict(zip(rows[0], rows[1 + at]))
    assert "Seven Pairs 2 han" in haneman["scoring"] and " fu" not in haneman["scoring"], haneman["scoring"]
    # in French, minipoints, as 002 and the pages say them (the CSV said « 25 fu »)
    text = client.get(f"/games/{gid}/export.csv?lang=fr").get_data().decode("utf-8-sig")
    fr = list(csv.reader(io.StringIO(text), delimiter=";" if ";" in text.splitlines()[0] else ","))
    said = next(v for v in fr[3] if "Sept Paires" in v)
    assert "25 minipoints" in said and " fu" not in said, said
    second = dict(zip(rows[0], rows[2]))      # several players as several winners are: names hold spaces
    assert (second["tenpai"], second["riichi"]) == ("Ann & Cy", "Cy")
    assert rows[-4:][0][:2] == ["1", "Bob"]


def test_a_version_1_export_imports_as_recorded(client):
    gid = new_game(client, "riichi")
    post(client, gid, {"hand": PURE_STRAIGHT, "winner": B, "discarder": C, "riichi": [B]})
    data = client.get(f"/api/games/{gid}/export.json").json
    data["version"] = 1
    data["hands"][0]["dealer"] = 2          # as the table had fixed it then
    r = client.post("/api/games/import", json=data)
    assert r.status_code == 201, r.json
    assert r.json["hands"][0]["dealer"] == 2 and r.json["flow"]["legacy"] is True
    # exported again (as version 2), it imports as recorded too: replayed under the game flow, its
    # deals, counters and points changed ("the file's points differ", as if the file were edited)
    legacy = r.json["game"]["id"]
    before = client.get(f"/api/games/{legacy}").json
    again = client.post("/api/games/import", json=client.get(f"/api/games/{legacy}/export.json").json)
    assert again.status_code == 201, again.json
    after = client.get(f"/api/games/{again.json['game']['id']}").json
    assert after["game"]["flow"] == {"legacy": True} and after["totals"] == before["totals"]
    assert [(h["dealer"], h["deltas"]) for h in after["hands"]] == [(h["dealer"], h["deltas"]) for h in before["hands"]]
    assert not any("differ" in w for w in again.json.get("warnings") or [])


def test_a_riichi_false_win_is_announced_as_a_chombo(client):
    from .conftest import csrf_of
    for rules, said in (("riichi", "hand 1: chombo recorded"), ("mcr", "hand 1: false win recorded")):
        gid = new_game(client, rules)
        r = client.post(f"/games/{gid}/penalty", data={"csrf_token": csrf_of(client), "offender": "2"})
        assert r.status_code == 303
        assert said in client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    # its payments' reason in one pair of brackets: "Bob pays 2,000 to Ann (chombo (mangan))"
    page = html.unescape(client.get(f"/games/{gid - 1}/hands/1?lang=en").get_data(as_text=True))
    assert "(chombo, a mangan)" in page and "(mangan))" not in page


def _form_key(page: str) -> str:
    keys = set(re.findall(r'name="form_key" value="([^"]+)"', page))
    assert len(keys) == 1
    return keys.pop()


def test_a_game_page_form_sent_twice_records_one_hand(client):
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    token = csrf_of(client)
    key = _form_key(client.get(f"/games/{gid}").get_data(as_text=True))
    body = {"csrf_token": token, "form_key": key, "discarder": "1", "winner0": "2", "hand0": SEVEN_PAIRS}
    assert client.post(f"/games/{gid}/win", data=body).status_code == 303
    r = client.post(f"/games/{gid}/win", data=body, follow_redirects=True)      # a double click
    assert "nothing was recorded again" in r.get_data(as_text=True)
    assert len(client.get(f"/api/games/{gid}").json["hands"]) == 1
    # the page drawn again has a new key: the next hand is recorded
    key2 = _form_key(client.get(f"/games/{gid}").get_data(as_text=True))
    assert key2 != key
    assert client.post(f"/games/{gid}/draw", data={"csrf_token": token, "form_key": key2}).status_code == 303
    assert client.post(f"/games/{gid}/draw", data={"csrf_token": token, "form_key": key2}).status_code == 303
    assert [h["kind"] for h in client.get(f"/api/games/{gid}").json["hands"]] == ["win", "draw"]


def test_editing_a_riichi_win_can_untick_a_flag_and_empty_the_dora(client):
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    token = csrf_of(client)
    r = client.post(f"/games/{gid}/win", data={"csrf_token": token, "winner0": "1", "hand0": PURE_STRAIGHT,
                                                "discarder": "self", "dora_indicators0": "6s", "ippatsu0": "1",
                                                "riichi": ["1"]})
    assert r.status_code == 303
    before = client.get(f"/api/games/{gid}").json["hands"][0]
    assert before["context"]["ippatsu"] and before["context"]["dora_indicators"] == ["6s"]
    # the edit form sent as drawn, with ippatsu unticked and the dora field emptied
    r = client.post(f"/games/{gid}/hands/1/edit", data={"csrf_token": token, "winner0": "1", "hand0": PURE_STRAIGHT,
                                                         "dora_indicators0": "", "riichi": ["1"]})
    assert r.status_code == 303
    after = client.get(f"/api/games/{gid}").json["hands"][0]
    assert "ippatsu" not in after["context"] and not after["context"].get("dora_indicators")
    assert after["context"].get("riichi")                      # still declared
    assert sum(abs(d) for d in after["deltas"]) < sum(abs(d) for d in before["deltas"])


def test_the_review_page_in_a_game_scores_with_the_games_counters(client):
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": [0], "riichi": [2]})   # dealer tenpai: 1 counter, 1 stick
    hand = client.post("/api/score", json={"hand": SEVEN_PAIRS_TANYAO, "rules": "riichi"}).json["hand"]
    body = {"hand": hand, "game": gid, "winner": "1", "discarder": "3",
            "form": {"ctx__present": "1", "ctx_honba": "5", "ctx_riichi_sticks": "0"}}
    score = client.post("/review/score", json=body).json
    assert score["ok"], score
    page = re.sub(r"\s+", " ", score["html"])
    # 3 han 25 fu (002 §4.3.6) 3,200, + 300 for the game's one counter (not the form's five)
    assert re.search(r"Di</td><td>pays</td><td[^>]*>3,500</td>", page), page
    assert "the table (riichi sticks)" in page                 # the stick on the table, from the game
    review = client.get(f"/review/new?game={gid}").get_data(as_text=True)
    assert re.search(r'name="ctx_honba" value="1"[^>]*readonly', review)


def _pdf_of_a_draw(client, rules: str, names: list) -> tuple[int, bytes]:
    """A game of ``names`` with one draw recorded, and its PDF sheet."""
    gid = client.post("/api/games", json={"name": "", "rules": rules, "players": names}).json["game"]["id"]
    post(client, gid, {"kind": "draw"})
    return gid, client.get(f"/games/{gid}/sheet.pdf").data


def test_the_pdf_sheet_names_players_it_cannot_write_by_their_number(client, monkeypatch):
    monkeypatch.setenv("MJTABLE_PDF_FONT", "none")        # a machine without a font for them
    gid, pdf = _pdf_of_a_draw(client, "mcr", ["张伟", "王芳", "Zoé", "李娜"])
    assert b"??" not in pdf
    assert b"(player 1) Tj" in pdf and b"(player 4) Tj" in pdf and "(Zoé) Tj".encode("latin-1") in pdf
    assert b"the print view shows every name" in pdf
    assert "(player 1 / player 2 / Zoé / player 4 - ".encode("latin-1") in pdf     # the game named by its players
    assert "张伟" in client.get(f"/games/{gid}/sheet").get_data(as_text=True)   # the print view keeps them


def test_the_pdf_sheet_writes_chinese_names_in_a_font_of_this_machines(client, tmp_path):
    import shutil
    import subprocess
    from webui.pdf_font import font_index
    if any(font_index(c) is None for c in "张伟王芳李娜北京流局"):
        pytest.skip("no TrueType CJK font on this machine (Debian: fonts-wqy-zenhei)")
    names = ["张伟", "王芳", "Zoé", "李娜"]
    gid = client.post("/api/games", json={"name": "北京 club", "rules": "mcr", "players": names}).json["game"]["id"]
    post(client, gid, {"kind": "draw", "note": "流局"})
    pdf = client.get(f"/games/{gid}/sheet.pdf").data
    # the text, not the compressed font program, whose bytes held "??" by chance in one run of some 30
    text_part = re.sub(rb"stream\n.*?endstream", b"", pdf, flags=re.S) + b"".join(
        s for s in re.findall(rb"stream\n(.*?)endstream", pdf, flags=re.S) if b" Tj" in s or b"TJ" in s)
    for unwritten in (b"player 1", b"cannot write", b"??"):
        k = text_part.find(unwritten)
        assert k < 0, (unwritten, text_part[max(0, k - 200):k + 200], os.environ.get("MJTABLE_PDF_FONT"))
    assert b"/Subtype /Type0" in pdf and b"/FontFile2" in pdf and b"/ToUnicode" in pdf
    assert b"<5F20>" in pdf and b"<4F1F>" in pdf        # 张 and 伟, mapped back to Unicode for copying
    assert len(pdf) < 60_000                           # the font's subset, not its 17 MB
    # the same sheet, the same bytes: the font subset kept its font's timestamp (it was "now")
    time.sleep(1.1)
    assert client.get(f"/games/{gid}/sheet.pdf").data == pdf
    if shutil.which("pdftotext"):
        (tmp_path / "sheet.pdf").write_bytes(pdf)
        text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "sheet.pdf"), "-"], capture_output=True,
                              text=True, check=True).stdout
        assert all(n in text for n in names) and "北京 club" in text and "流局" in text


def test_the_pdf_sheet_writes_latin_names_without_the_accents_it_lacks(client, monkeypatch):
    # « Kenji Satō » and « Łucja Wójcik » were "player 3" and "player 4", signature lines included
    monkeypatch.setenv("MJTABLE_PDF_FONT", "none")        # a machine without a font for them
    names = ["Amélie Fontaine", "Jonas Berg", "Kenji Satō", "Łucja Wójcik"]
    gid = client.post("/api/games", json={"name": "Rōnin club", "rules": "riichi", "players": names}).json["game"]["id"]
    post(client, gid, {"kind": "draw", "tenpai": [C, D]})
    pdf = client.get(f"/games/{gid}/sheet.pdf").data
    assert b"(Kenji Sato) Tj" in pdf and "(Lucja Wójcik) Tj".encode("cp1252") in pdf
    assert b"player 3" not in pdf and b"cannot write" not in pdf and b"(Ronin club - " in pdf


def test_the_pdf_sheet_leaves_out_the_symbols_of_a_name_not_the_name(client, monkeypatch):
    # « Léa 🀄😀 » was "player 4" on the sheet a family signs, header and signature line
    monkeypatch.setenv("MJTABLE_PDF_FONT", "none")        # a machine without a font for them
    _, pdf = _pdf_of_a_draw(client, "hk", ["Grandma", "Dad", "Mum", "Léa 🀄😀"])
    assert "(Léa) Tj".encode("cp1252") in pdf and b"player 4" not in pdf and b"cannot write" not in pdf
    assert b"??" not in pdf
    # a name of symbols alone is still the player's number; so are two names written alike once
    # their symbols are left out (the signed sheet named one player twice)
    assert b"(player 4) Tj" in _pdf_of_a_draw(client, "hk", ["A", "B", "C", "🀄"])[1]
    _, pdf = _pdf_of_a_draw(client, "hk", ["Léa 🀄", "Léa", "Bob 1\ufe0f\u20e3", "Di"])
    assert b"(player 1) Tj" in pdf and b"(player 2) Tj" in pdf and b"(Bob 1) Tj" in pdf and b"(Di) Tj" in pdf


def test_the_pdf_sheet_writes_accented_latin_names_as_spelled_in_a_font_of_this_machines(client, tmp_path):
    """« Nguyễn » was written "Nguyen" though this machine has a font with ễ (DejaVu Sans); a
    Chinese name in the same sheet takes its letters from a CJK font, each font its own subset."""
    import shutil
    import subprocess
    from webui.pdf_font import font_index
    names = ["Nguyễn Văn An", "Kenji Satō", "Łucja Wójcik", "张伟"]
    if any(font_index(c) is None for c in "ễăōŁ张伟"):
        pytest.skip("no TrueType font with these letters on this machine (Debian: fonts-dejavu-core, fonts-wqy-zenhei)")
    gid = client.post("/api/games", json={"name": "Hà Nội club", "rules": "riichi", "players": names}).json["game"]["id"]
    post(client, gid, {"kind": "draw", "tenpai": [C, D]})
    pdf = client.get(f"/games/{gid}/sheet.pdf").data
    assert b"(Kenji Sato) Tj" not in pdf and b"Nguyen" not in pdf and b"player 4" not in pdf
    assert b"/F2 " in pdf and b"/F3 " in pdf and pdf.count(b"/FontFile2") == 2      # DejaVu's and the CJK font's
    assert b"<1EC5>" in pdf                      # ễ mapped back to Unicode for copying
    if shutil.which("pdftotext"):
        (tmp_path / "sheet.pdf").write_bytes(pdf)
        text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "sheet.pdf"), "-"], capture_output=True,
                              text=True, check=True).stdout
        assert all(n in text for n in names) and "Hà Nội club" in text, text


def test_an_mcr_win_on_the_game_page_takes_the_win_context_boxes(client):
    from .conftest import csrf_of
    gid = new_game(client, "mcr")
    token = csrf_of(client)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    for flag in ("last_tile", "kong_replacement", "robbing_kong", "last_of_kind"):
        assert f'name="{flag}0"' in page
    assert 'name="ippatsu0"' not in page and 'name="dora_indicators0"' not in page
    hand = "123m456p789s23s55z 1s"                 # self-drawn, as the form's choice sends it
    r = client.post(f"/games/{gid}/win", data={"csrf_token": token, "winner0": "1", "hand0": hand, "discarder": "self",
                                                "last_tile0": "1"})
    assert r.status_code == 303
    first = client.get(f"/api/games/{gid}").json["hands"][0]
    assert first["context"]["last_tile"] is True
    assert any(i["name_en"] == "Last Tile Draw" for i in first["score"]["items"])     # 000 « Pioche la Dernière Tuile »
    # unticked in the edit form: gone
    r = client.post(f"/games/{gid}/hands/1/edit", data={"csrf_token": token, "winner0": "1", "hand0": hand})
    assert r.status_code == 303
    edited = client.get(f"/api/games/{gid}").json["hands"][0]
    assert "last_tile" not in edited["context"] and edited["score"]["total"] < first["score"]["total"]


def test_each_edit_form_is_named_by_its_hand(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "draw"})
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    for n in (1, 2):
        assert f'<summary>Edit<span class="sr-only"> hand {n}</span></summary>' in page


def test_the_photo_page_says_at_once_that_a_finished_game_records_no_more_hands(client):
    gid = new_game(client, "riichi")
    page = client.get(f"/?game={gid}&lang=en").get_data(as_text=True)
    assert 'id="game-over"' not in page
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "end"})
    page = client.get(f"/?game={gid}&lang=en").get_data(as_text=True)
    assert 'id="game-over"' in page and "This game is over" in page
    assert "Cette partie est finie" in client.get(f"/?game={gid}&lang=fr").get_data(as_text=True)


def test_the_pdf_writes_what_its_font_can_write(client, monkeypatch):
    """The PDF's Helvetica is WinAnsi (cp1252): œ, € and curly quotes print as themselves; what it
    has no glyph for (Chinese) is written in the second font where this machine has one, in the
    same line, else prints "?"."""
    from webui.pdf_font import font_index
    # MCR: a riichi draw's cell (« donne nulle (tenpai : personne) ») wraps the note's last word
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw", "note": "cœur € ‘ok’ 中"})
    if font_index("中") is not None:
        pdf = client.get(f"/games/{gid}/sheet.pdf?lang=fr").data
        assert re.search("- cœur € ‘ok’ \\) Tj /F2 8 Tf <[0-9A-F]{4}> Tj ET".encode("cp1252"), pdf)
    monkeypatch.setenv("MJTABLE_PDF_FONT", "none")
    pdf = client.get(f"/games/{gid}/sheet.pdf?lang=fr").data
    assert "cœur € ‘ok’ ?".encode("cp1252") in pdf


def test_hong_kong_half_points_are_kept_shown_and_carried_by_export(client):
    """Payment (3): the discarder pays the score, the other two half of it each (004 "Payer le
    gagnant"); a 0-faan hand scores 1, so each pays 0.5: kept, not cut to 0."""
    r = client.post("/api/games", json={"rules": "hk", "players": PLAYERS,
                                        "options": {"payment": "discarder_and_half"}})
    assert r.status_code == 201, r.json
    gid = r.json["game"]["id"]
    hand = post(client, gid, {"hand": "[2222m,1]456p789s123s1p 1p", "winner": 2, "discarder": 1})
    assert hand["hand"]["deltas"] == [-0.5, -1, 2, -0.5] and isinstance(hand["hand"]["deltas"][2], int)
    assert hand["totals"] == [-0.5, -1, 2, -0.5]                 # the answer's running totals too
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert ">-0.5<" in page.replace("\u2212", "-") and ">+2<" in page
    data = client.get(f"/api/games/{gid}/export.json").json
    r = client.post("/api/games/import", json=data)
    assert r.status_code == 201, r.json
    assert r.json["totals"] == [-0.5, -1, 2, -0.5]
    # the French page's CSV (";"): a spreadsheet set for French reads "-0.5" as text, "-0,5" as a number
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv?sep=semicolon")
                                       .get_data().decode("utf-8-sig")), delimiter=";"))
    assert rows[1][-9:-1] == ["-0,5", "-1", "2", "-0,5"] * 2, rows[1]
    comma = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv").get_data().decode("utf-8-sig"))))
    assert comma[1][-9:-5] == ["-0.5", "-1", "2", "-0.5"]


def test_a_mistake_in_the_dora_indicators_names_the_field_and_the_character(client):
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    token = csrf_of(client)
    r = client.post(f"/games/{gid}/win", data={"csrf_token": token, "winner0": "1", "hand0": PURE_STRAIGHT,
                                                "dora_indicators0": "4q", "riichi": ["1"]}, follow_redirects=True)
    assert r.status_code == 200 and "data-refused" in r.get_data(as_text=True)
    assert "dora indicators: unexpected character &#39;q&#39;: a tile is digits then a suit letter" in r.get_data(as_text=True)
    assert "(character 2 of 4q)" in r.get_data(as_text=True)
    r = client.post(f"/games/{gid}/win?lang=fr", data={"csrf_token": token, "winner0": "1", "hand0": PURE_STRAIGHT,
                                                        "ura_dora_indicators0": "4q", "riichi": ["1"]},
                    follow_redirects=True)
    assert "indicateurs d&#39;ura dora : caractère inattendu « q » : une tuile s&#39;écrit" in r.get_data(as_text=True)
    assert "(caractère 2 de 4q)" in r.get_data(as_text=True)
    assert client.get(f"/api/games/{gid}").json["hands"] == []


def test_a_hong_kong_win_names_its_liable_player_by_name_on_the_game_page(client):
    # 004 Bao (f): the player who fed the fourth set of a pure one-suit hand pays for a self-drawn win
    from webui import settlement
    from .conftest import csrf_of
    gid = new_game(client, "hk")
    token = csrf_of(client)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Liable player (bao)" in page and 'name="liable0"' in page
    across = settlement.seat_at(1, "across")
    pure = "[111s,1][234s,1][555s,2][789s,3]9s 9s"
    r = client.post(f"/games/{gid}/win", data={"csrf_token": token, "winner0": "1", "hand0": pure,
                                                "discarder": "self", "liable0": "1"}, follow_redirects=True)
    assert "data-refused" in r.get_data(as_text=True) and "cannot be liable for their own win" in r.get_data(as_text=True)
    r = client.post(f"/games/{gid}/win", data={"csrf_token": token, "winner0": "1", "hand0": pure,
                                                "discarder": "self", "liable0": str(across)})
    assert r.status_code == 303
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    assert hand["context"]["liable_player"] == "across"
    assert [d for i, d in enumerate(hand["deltas"]) if i not in (1, across)] == [0, 0]   # the liable player pays all
    assert hand["deltas"][across] == -hand["deltas"][1] < 0
    # the edit form shows it, and keeps it when sent as drawn
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    form = page[page.index('id="edit-form-1"'):]
    form = form[:form.index("</form>")]
    assert re.search(rf'name="liable0">.*?<option value="{across}" selected>', form, re.S)
    assert client.post(f"/games/{gid}/hands/1/edit", data={"csrf_token": token, "winner0": "1", "hand0": pure,
                                                           "discarder": "", "liable0": ""}).status_code == 303
    assert client.get(f"/api/games/{gid}").json["hands"][0]["context"].get("liable_player") is None


def test_a_win_with_no_liable_player_says_nothing_of_one(client):
    # the win form's "none" was kept as a liable player None: every riichi win recorded there
    # warned "liable player ignored: pao applies only to ...", and its page said "liable player None"
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    r = client.post(f"/games/{gid}/win", data={"csrf_token": csrf_of(client), "winner0": "1", "hand0": PURE_STRAIGHT,
                                                "discarder": "2", "liable0": ""})
    assert r.status_code == 303
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    assert "liable_player" not in hand["context"] and not hand["score"].get("warnings")
    page = re.sub(r"<[^>]+>", "", client.get(f"/games/{gid}/hands/1").get_data(as_text=True))
    assert "None" not in page and "pao" not in page


def test_the_win_form_asks_who_discarded_instead_of_defaulting_to_self_drawn(client):
    # a forgotten discarder made every win self-drawn, charging all three players
    gid = new_game(client, "mcr")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    form = page[page.index('id="win-form"'):]
    select = form[form.index('name="discarder"') - 8:form.index("</select>")]
    assert 'required' in select and re.search(r'<option value="">[^<]+</option><option value="self">self-drawn</option>', select)


def test_a_win_sent_with_the_discarder_unanswered_is_refused_not_recorded_self_drawn(client):
    # the form's "who discarded?" prompt is required in the page, but a request sent without the
    # browser's check (a script, an old browser) recorded the win self-drawn, all three others paying
    from .conftest import csrf_of
    gid = new_game(client, "mcr")
    r = client.post(f"/games/{gid}/win", data={"csrf_token": csrf_of(client), "winner0": "2",
                                                "hand0": "[555z][666z]123m456m7m 7m", "discarder": ""},
                    follow_redirects=True)
    assert client.get(f"/api/games/{gid}").json["hands"] == []
    assert "say who discarded the winning tile, or that it was self-drawn" in r.get_data(as_text=True)


def test_the_game_page_says_who_won_how_and_in_which_unit(client):
    # Hong Kong hands are counted in faan (paid by the reward table), not points; a false win is no
    # hand; French calls the dealer the croupier (the donneur is 002's discarder) and a self-drawn win
    # « sur pioche »
    import csv
    import io
    import re
    gid = new_game(client, "hk")
    post(client, gid, {"hand": "123m456p789s11p22z 2z", "winner": B, "discarder": None})
    post(client, gid, {"kind": "penalty", "offender": C})
    page = re.sub(r"<[^>]+>", "", client.get(f"/games/{gid}").get_data(as_text=True))
    assert "Bob wins by self-draw" in page and re.search(r"· 1 hand\s", page)     # the false win is no hand
    total = client.get(f"/api/games/{gid}").json["hands"][0]["score"]["total"]
    assert re.search(rf"Pts:\s*{total} faan", page)
    sheet = re.sub(r"<[^>]+>", "", client.get(f"/games/{gid}/sheet").get_data(as_text=True))
    assert f"Bob {total} faan (reward: " in sheet and "points) by self-draw" in sheet
    header = next(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv").get_data().decode("utf-8-sig"))))
    assert "faan" in header and "points" not in header
    page = re.sub(r"<[^>]+>", "", client.get(f"/games/{gid}?lang=fr").get_data(as_text=True))
    assert "Bob gagne sur pioche" in page and "croupier : Ann" in page and "Ann donne" not in page


def test_a_finished_game_names_no_next_deal(client):
    # its flow's next deal named a round that is not played (a West round after South)
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": [A]})
    post(client, gid, {"kind": "end"})
    view = client.get(f"/api/games/{gid}").json
    assert view["finished"] is True and view["next"] is None
    assert view["dealer"] is None and view["round_wind"] is None and view["riichi_sticks"] == 0
    for page in (f"/games/{gid}", f"/games/{gid}/sheet", f"/games/{gid}/sheet.pdf", f"/?game={gid}",
                 f"/review/new?game={gid}"):
        assert client.get(page).status_code == 200, page


def test_a_players_name_is_corrected_and_keeps_the_seat_and_the_hands(client):
    # a typo in a name could only be mended by exporting, editing and importing the game
    from .conftest import csrf_of
    gid = new_game(client, "mcr")
    post(client, gid, {"hand": "123456789m123p5z 5z", "winner": B, "discarder": A})
    before = client.get(f"/api/games/{gid}").json
    r = client.patch(f"/api/games/{gid}", json={"players": ["Ann", "Rob", "Cy", "Di"]})
    assert r.status_code == 200 and r.json["game"]["players"] == ["Ann", "Rob", "Cy", "Di"]
    assert r.json["game"]["name"] == "Ann / Rob / Cy / Di"          # the default name follows the players
    assert r.json["totals"] == before["totals"] and r.json["hands"][0]["winner"] == B
    assert client.patch(f"/api/games/{gid}", json={"players": ["Ann", "ann", "Cy", "Di"]}).status_code == 400
    assert client.patch(f"/api/games/{gid}", json={"player": ["x"]}).json["error"]["code"] == "unknown_key"
    token = csrf_of(client)
    r = client.post(f"/games/{gid}/rename", data={"csrf_token": token, "name": "Friday", "player0": "Anne",
                                                  "player1": "Rob", "player2": "Cy", "player3": "Di"})
    assert r.status_code == 303
    game = client.get(f"/api/games/{gid}").json["game"]
    assert game["name"] == "Friday" and game["players"][0] == "Anne"
    assert "Correct the names" in client.get(f"/games/{gid}").get_data(as_text=True)


def test_a_rename_form_from_an_older_page_changes_only_what_it_changed_and_is_kept_in_the_history(client):
    # a phone's game page drawn before the secretary's rename sent its form to change the game's
    # name: "names saved", and the corrected name was back to its typo, with no trace anywhere
    from .conftest import csrf_of
    gid = new_game(client, "mcr")
    names = client.get(f"/api/games/{gid}").json["game"]
    shown = {"shown_name": names["name"], **{f"shown_player{i}": p for i, p in enumerate(names["players"])}}
    old_page = {**shown, **{f"player{i}": p for i, p in enumerate(names["players"])}, "name": names["name"]}
    token = csrf_of(client)
    r = client.post(f"/games/{gid}/rename", data={**old_page, "csrf_token": token, "player1": "Robin"})
    assert r.status_code == 303
    r = client.post(f"/games/{gid}/rename", data={**old_page, "csrf_token": token, "name": "Back table"})
    assert r.status_code == 303
    game = client.get(f"/api/games/{gid}").json["game"]
    assert game["players"][1] == "Robin" and game["name"] == "Back table"
    # the same name changed on both pages: refused, said at the form, nothing changed
    r = client.post(f"/games/{gid}/rename", data={**old_page, "csrf_token": token, "player1": "Bobby"})
    assert r.status_code == 303 and r.headers["Location"].endswith("#rename-form")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Bob was renamed “Robin” on another device since this page was drawn: nothing was changed" in page
    assert "your entry is back in the form" not in page[page.index('id="rename"'):page.index('id="rename-form"')]
    assert client.get(f"/api/games/{gid}").json["game"]["players"][1] == "Robin"
    # a form sending the names it showed changes nothing and adds no line
    now = client.get(f"/api/games/{gid}").json["game"]
    same = {"shown_name": now["name"], "name": now["name"],
            **{f"shown_player{i}": p for i, p in enumerate(now["players"])},
            **{f"player{i}": p for i, p in enumerate(now["players"])}}
    client.post(f"/games/{gid}/rename", data={**same, "csrf_token": token})
    history = [e for e in client.get(f"/api/games/{gid}/edits").json["edits"] if e["action"] == "rename"]
    assert [e["renamed"] for e in history] == [["Bob → Robin"], ["“Ann / Robin / Cy / Di” → “Back table”"]]
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert page.count("names corrected") == 2 and "Bob → Robin" in page
    assert "“Ann / Robin / Cy / Di” → “Back table”" in page
    # the history goes with an export, and comes back with its import
    exported = client.get(f"/games/{gid}/export.json").json
    assert [e["action"] for e in exported["history"]] == ["rename", "rename"]
    copy = client.post("/api/games/import", json=exported)
    assert copy.status_code == 201, copy.json
    assert client.get(f"/games/{copy.json['game']['id']}").get_data(as_text=True).count("names corrected") == 2
    assert "« Ann / Robin / Cy / Di » → « Back table »" in client.get(f"/games/{gid}?lang=fr").get_data(as_text=True)


def test_the_win_form_asks_who_won_instead_of_naming_the_first_player(client):
    import re
    gid = new_game(client, "riichi")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    form = page[page.index('id="win-form"'):]
    select = re.search(r'<select name="winner0"[^>]*>(.*?)</select>', form, re.S)
    assert "required" in select.group(0) and select.group(1).startswith('<option value="">— who won? —</option>')
    assert "selected" not in select.group(1)


def test_the_games_list_says_which_games_are_finished(client):
    import re
    over, playing = new_game(client, "riichi"), new_game(client, "riichi")
    post(client, over, {"kind": "draw"})
    post(client, over, {"kind": "end"})
    rows = {int(m.group(1)): m.group(0) for m in re.finditer(r'<tr><td><a href="/games/(\d+)">.*?</tr>',
                                                              client.get("/games").get_data(as_text=True))}
    assert "finished" in rows[over] and "finished" not in rows[playing]


def test_mcr_says_when_the_players_change_seats_and_the_form_can_keep_them(client):
    from .conftest import csrf_of
    gid = new_game(client, "mcr")
    for _ in range(3):
        post(client, gid, {"kind": "draw"})
    assert 'id="seat-change"' not in client.get(f"/games/{gid}").get_data(as_text=True)
    post(client, gid, {"kind": "draw"})           # the East round is over: seats change (docs/rulings.md)
    assert 'id="seat-change"' in client.get(f"/games/{gid}").get_data(as_text=True)
    post(client, gid, {"kind": "draw"})
    assert 'id="seat-change"' not in client.get(f"/games/{gid}").get_data(as_text=True)
    r = client.post("/games", data={"csrf_token": csrf_of(client), "rules": "mcr", "name": "fixed", "player0": "A",
                                    "player1": "B", "player2": "C", "player3": "D", "flow_fixed_seats": "1"})
    fixed = int(r.headers["Location"].rstrip("/").split("/")[-1])
    assert client.get(f"/api/games/{fixed}").json["game"]["flow"]["seat_changes"] is False


@pytest.mark.parametrize("rules, options, hand, reason", [
    # the refusal was an error page that only said "record it as a false win"
    ("mcr", {}, "111s234m567p78s11z 9s", "below the 8-point minimum"),
    # under 004's agreed minimum the game page only said "Nothing was recorded", no false win offered
    ("hk", {"min_faan": 3}, "111s234m567p78s99m 9s", "below the agreed minimum of 3"),
])
def test_a_hand_under_the_minimum_leads_to_its_false_win(client, rules, options, hand, reason):
    import re
    from .conftest import csrf_of
    gid = client.post("/api/games", json={"rules": rules, "players": PLAYERS, "options": options}).json["game"]["id"]
    r = client.post(f"/games/{gid}/win", data={"csrf_token": csrf_of(client), "discarder": "0", "winner0": "2",
                                                "hand0": hand})
    # back at the win form, the reason there and the entry kept to correct (a box left unticked may
    # make the minimum: a French club's player had to type the hand again), the false win a link away
    assert r.status_code == 303 and r.headers["Location"].endswith("false_win=2#win-form")
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    win_form = page[page.index('id="win-form"'):]
    win_form = win_form[:win_form.index("</form>")]
    assert "data-refused" in win_form and reason in win_form
    assert "your entry is back in the form" in win_form and 'href="#penalty-form"' in win_form
    form = page[page.index('id="penalty-form"'):]
    assert re.search(r'<option value="2" selected>Cy \(West\)</option>', form[:form.index("</form>")])
    assert client.get(f"/api/games/{gid}").json["hands"] == []          # nothing recorded
    # the API's answer (and `mjtable record`'s) says so too: Hong Kong's said only why
    r = client.post(f"/api/games/{gid}/hands", json={"hand": hand, "winner": 2, "discarder": 0})
    assert r.status_code == 400 and r.json["error"]["message"].endswith("(record it as a false win)"), r.json


def test_a_riichi_win_with_no_yaku_leads_to_its_chombo(client):
    """002 §3.4.6: a win claimed on a hand with no yaku is a chombo; the game page's win form
    refused it with no way to record the chombo (Hong Kong's hand under its minimum had one)."""
    from .conftest import csrf_of
    gid = client.post("/api/games", json={"rules": "riichi", "players": PLAYERS}).json["game"]["id"]
    r = client.post(f"/games/{gid}/win", data={"csrf_token": csrf_of(client), "discarder": "0", "winner0": "2",
                                                "hand0": "123m456p789s234m5p 5p"})
    assert r.status_code == 303 and r.headers["Location"].endswith("false_win=2#win-form")
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert 'id="to-false-win">Record it as a chombo</a>' in page
    assert client.get(f"/api/games/{gid}").json["hands"] == []
    # a typo is no false win: refused as it was
    r = client.post(f"/games/{gid}/win", data={"csrf_token": csrf_of(client), "discarder": "0", "winner0": "2",
                                                "hand0": "123m456p789s234m5q 5p"})
    assert r.status_code == 303 and "false_win" not in r.headers["Location"]


def test_a_false_win_at_the_rules_amount_follows_a_change_of_house_rules(client):
    # a Hong Kong false win recorded from the game page's form, at the amount it offers, kept
    # paying 16 after the table doubled its base points (the wins doubled); 004 « Pénalités »: the
    # worth of four faan. An amount the table typed itself stays as typed.
    from .conftest import csrf_of
    gid = new_game(client, "hk")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    offered = re.search(r'name="amount" value="(\d+)"', page[page.index('id="penalty-form"'):]).group(1)
    assert offered == "16"
    for amount in (offered, "20"):
        r = client.post(f"/games/{gid}/penalty", data={"csrf_token": csrf_of(client), "offender": "1", "amount": amount})
        assert r.status_code == 303
    assert [h["deltas"] for h in client.get(f"/api/games/{gid}").json["hands"]] == [[16, -48, 16, 16], [20, -60, 20, 20]]
    r = client.patch(f"/api/games/{gid}", json={"options": {"base_points": 2}})
    assert r.status_code == 200, r.json
    assert [h["deltas"] for h in r.json["hands"]] == [[32, -96, 32, 32], [20, -60, 20, 20]]
    # edited at the amount it now pays, it goes on following the rules
    r = client.post(f"/games/{gid}/hands/1/edit", data={"csrf_token": csrf_of(client), "offender": "1", "amount": "32"})
    assert r.status_code == 303
    r = client.patch(f"/api/games/{gid}", json={"options": {"base_points": 1}})
    assert [h["deltas"] for h in r.json["hands"]] == [[16, -48, 16, 16], [20, -60, 20, 20]]


def test_a_classical_total_held_at_the_limit_says_so_in_the_csv(client):
    # items worth 36 points and 5 doubles read beside "500" with no word of the limit (the page and
    # the PDF said it); a limit hand names itself
    gid = new_game(client, "classical")
    post(client, gid, {"hand": "[555z,1][666z,2]777z1m234m 1m", "winner": B, "discarder": A})
    post(client, gid, {"hand": "19m19p19s1234567z 1m", "winner": B, "discarder": A})
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv?lang=en").get_data().decode("utf-8-sig"))))
    scoring = rows[0].index("scoring")
    assert rows[1][scoring].endswith("; capped at the limit of 500") and "capped" not in rows[2][scoring]
    assert "plafonné à la limite de 500" in client.get(f"/games/{gid}/export.csv?lang=fr").get_data().decode("utf-8-sig")
    # the sheet names the rules as the new-game form does, not by the flow's id ("classical")
    assert '<p class="meta">Classical (points and doubles) ·' in client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    assert '<p class="meta">Classique (points et doubles) ·' in client.get(f"/games/{gid}/sheet?lang=fr").get_data(as_text=True)


def test_a_riichi_yakuman_is_a_yakuman_in_the_csv_not_13_han(client):
    # the CSV's scoring column read "Big Three Dragons 13 han" where the sheet says (yakuman):
    # 002 §4.2.5 pays a yakuman as a limit, not a count of han
    gid = new_game(client, "riichi")
    post(client, gid, {"hand": "[555z,1][666z,2][777z,3]234m1p 1p", "winner": B, "discarder": A})
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv?lang=en").get_data().decode("utf-8-sig"))))
    scoring = rows[0].index("scoring")
    assert rows[1][scoring] == "Big Three Dragons (yakuman)", rows[1][scoring]
    assert "Trois Grands Dragons (yakuman)" in client.get(f"/games/{gid}/export.csv?lang=fr").get_data().decode("utf-8-sig")
    # the sheet names which yakuman ("32,000 (yakuman)" did not say what the hand was)
    assert " 32,000 (yakuman: Big Three Dragons) on " in client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    french = client.get(f"/games/{gid}/sheet?lang=fr").get_data(as_text=True).replace("\u202f", " ")
    assert "(yakuman : Trois Grands Dragons)" in french


def test_a_kong_replacement_win_is_said_so_on_the_sheet_as_on_the_page(client):
    # the sheet read "Bob 4 faan by self-draw" where the page added "kong replacement", its items
    # counting the replacement beside a plain self-draw
    gid = new_game(client, "hk")
    post(client, gid, {"hand": "[1111m,1]234p567s789s5z 5z", "winner": B, "discarder": None,
                       "context": {"kong_replacement": True}})
    post(client, gid, {"hand": "[111m,1]234p567s789s5z 5z", "winner": B, "discarder": None})
    sheet = client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    assert sheet.count("by self-draw · kong replacement") == 1 and sheet.count("by self-draw") == 2
    assert "sur pioche · tuile de remplacement du kong" in client.get(f"/games/{gid}/sheet?lang=fr").get_data(as_text=True)


def test_the_csv_says_an_item_counted_twice_as_the_page_does(client):
    # "Pung of Terminals or Honours 2 points" could be one pung of 2 or two of 1: the page says 1×2
    import csv
    import io
    gid = new_game(client, "mcr")
    post(client, gid, {"hand": "111m999p111s789s5z 5z 12f", "winner": B, "discarder": A})
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv").get_data().decode("utf-8-sig"))))
    scoring = dict(zip(rows[0], rows[1]))["scoring"]
    assert "Pung of Terminals or Honours 1×3 = 3 points" in scoring and "Flower Tiles 1×2 = 2 points" in scoring, scoring
    assert "Three Concealed Pungs 16 points" in scoring, scoring


def test_a_last_tile_win_is_said_so_on_the_sheet_and_its_pdf(client):
    # a referee's last-tile wins (8 points for it) stood on the signed sheet with nothing to say why
    gid = new_game(client, "mcr")
    post(client, gid, {"hand": "123m456p789s234s5z 5z 1f", "winner": B, "discarder": None, "context": {"last_tile": True}})
    post(client, gid, {"hand": "123m456p789s234s5z 5z 1f", "winner": C, "discarder": A, "context": {"last_tile": True}})
    post(client, gid, {"hand": "123m456p789s234s5z 5z 1f", "winner": D, "discarder": A})
    sheet = client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    # the one it was, not the box's "last tile of the wall, or its discard"
    sheet = html.unescape(sheet)
    assert sheet.count("by self-draw · the wall's last tile") == 1, sheet
    assert sheet.count("on Ann's discard · the discard of the wall's last tile") == 1, sheet
    french = client.get(f"/games/{gid}/sheet?lang=fr").get_data(as_text=True)
    assert "sur pioche · dernière tuile du mur" in french and "écart de la dernière tuile du mur" in french
    assert b"the wall's last tile" in client.get(f"/games/{gid}/sheet.pdf?lang=en").data


def _pdf_runs(pdf: bytes) -> list[tuple[float, float, float, str]]:
    """Every text run of a sheet PDF: (size, x, y, text)."""
    runs = re.findall(rb"BT /F1 ([\d.]+) Tf ([\d.-]+) ([\d.-]+) Td \(((?:[^)\\]|\\.)*)\) Tj ET", pdf)
    return [(float(s), float(x), float(y), t.decode("cp1252").replace("\\(", "(").replace("\\)", ")"))
            for s, x, y, t in runs]


def test_the_pdf_sheet_wraps_long_names_and_results_instead_of_cutting_them(client):
    # long French double names printed "Jean-Christophe Dubois 8,000 on Anne-Sophie Marti." and
    # "Anne-Sophie Martin 3,200 & Pierre-Alexandre Roux ." (a second winner's points and the
    # discarder lost) in the copy the players sign
    from webui.score_sheet import MARGIN, PAGE_W, _width
    names = ["Jean-Christophe Dubois", "Anne-Sophie Martin", "Pierre-Alexandre Roux", "Marie-Hélène Lefebvre"]
    gid = client.post("/api/games", json={"rules": "riichi", "players": names}).json["game"]["id"]
    post(client, gid, {"winners": [{"winner": A, "hand": PURE_STRAIGHT}], "discarder": B})
    post(client, gid, {"winners": [{"winner": B, "hand": PURE_STRAIGHT}, {"winner": C, "hand": SEVEN_PAIRS}],
                       "discarder": D})
    runs = _pdf_runs(client.get(f"/games/{gid}/sheet.pdf").data)
    text = " ".join(t for _, _, _, t in runs)
    assert "\u2026" not in text and not re.search(r"\w\.$", text)
    for words in ("Anne-Sophie Martin's discard", "Pierre-Alexandre Roux", "Marie-Hélène Lefebvre's discard"):
        assert all(w in text for w in words.split()), words
    for size, x, _, t in runs:          # and nothing runs off the page
        assert x >= MARGIN - 1 and x + _width(t, size) <= PAGE_W - MARGIN + 1, t


def test_the_sticks_left_at_the_end_and_the_points_less_the_start_are_in_every_final_table(client):
    # 45,100 in the final table after 44,100 on the last row: the PDF and the CSV did not say that
    # 1,000 were sticks left on the table, and the game page left out points - 30,000
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": [A], "riichi": [B]})
    post(client, gid, {"kind": "end"})
    final = client.get(f"/api/games/{gid}").json["final"]
    first = final[0]
    assert first["leftover_sticks"] == 1000
    runs = [t for _, _, _, t in _pdf_runs(client.get(f"/games/{gid}/sheet.pdf").data)]
    assert "Sticks" in runs and "Points - 30,000" in runs and "1,000" in runs
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv").get_data().decode("utf-8-sig"))))
    head = rows.index(["rank", "player", "points", "uma", "penalty", "score", "leftover_sticks", "points - 30000"])
    assert rows[head + 1][6:] == ["1000", str(first["points"] - 30000)]
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Points − 30,000" in page[page.index('id="final"'):]


def test_the_games_list_counts_the_hands_as_the_game_page_does(client):
    # 14 on the list and "13 hands" on the page: a chombo (its hand is dealt again) was counted
    # on the list and the command line, not on the page
    gid = new_game(client, "riichi")
    post(client, gid, {"winners": [{"winner": A, "hand": PURE_STRAIGHT}], "discarder": B})
    post(client, gid, {"kind": "penalty", "offender": C})
    post(client, gid, {"kind": "draw", "tenpai": [A]})
    listed = next(g for g in client.get("/api/games").json["games"] if g["id"] == gid)
    assert listed["n_hands"] == 2
    assert "· 2 hands and 1 chombo, numbered among them below<" in client.get(f"/games/{gid}").get_data(as_text=True)


def test_a_riichi_wins_page_does_not_say_riichi_sticks_0_beside_the_sticks_it_took(client):
    # the game pays the sticks apart (the header and "What the hand moved" say them): the score's
    # own context, riichi sticks 0, read as if the winner took none
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": [B], "riichi": [B]})
    post(client, gid, {"winners": [{"winner": C, "hand": PURE_STRAIGHT}], "discarder": B, "riichi": [C]})
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get(f"/games/{gid}/hands/2").get_data(as_text=True)))
    assert "2 riichi sticks from the table" in page and "riichi sticks 0" not in page


def test_a_french_riichi_game_calls_the_dealer_as_the_ema_text_does(client):
    # 002 (the French EMA text) says « l'ouvreur (Joueur EST) »; 004 (Hong Kong) says « croupier »
    riichi, hk = new_game(client, "riichi"), new_game(client, "hk")
    for gid in (riichi, hk):
        post(client, gid, {"kind": "draw"})
    for path in ("", "/sheet", "/hands/1"):
        page = client.get(f"/games/{riichi}{path}?lang=fr").get_data(as_text=True)
        assert "ouvreur" in page.lower() and "croupier" not in page.lower(), path
    assert "ou l'ouvreur 4 000 à chacun" in client.get(f"/games/{riichi}?lang=fr").get_data(as_text=True)
    assert b"Ouvreur" in client.get(f"/games/{riichi}/sheet.pdf?lang=fr").data
    assert "croupier : " in client.get(f"/games/{hk}?lang=fr").get_data(as_text=True)
    assert "ouvreur" not in client.get(f"/games/{hk}?lang=fr").get_data(as_text=True)


def test_a_french_chinese_rules_game_says_pioche_without_the_riichi_word(client):
    # « tsumo » is riichi's word (002); the MCR, classical and Hong Kong texts say « pioche »
    mcr = new_game(client, "mcr")
    post(client, mcr, {"kind": "win", "winner": B, "discarder": None, "hand": PURE_STRAIGHT})
    page = client.get(f"/games/{mcr}/hands/1?lang=fr").get_data(as_text=True)
    assert "tsumo" not in page.lower() and "pioche : points + 8" in page


def test_a_recorded_hand_does_not_call_the_win_forms_unticked_boxes_assumed(client):
    """The game's win form asks for the last tile, a kong's replacement tile... : a box left
    unticked was answered, and the hand's page said "Assumed (not given): last tile of the wall,
    kong replacement" to the club that had left them so. What the form does not ask is still said."""
    from .conftest import csrf_of
    gid = new_game(client, "mcr")
    token = csrf_of(client)
    r = client.post(f"/games/{gid}/win?lang=en", data={"csrf_token": token, "discarder": "1", "winner0": "2",
                                                       "hand0": PURE_STRAIGHT}, follow_redirects=True)
    assert "hand 1 recorded" in r.get_data(as_text=True)
    text = client.get(f"/games/{gid}/hands/1").get_data(as_text=True)
    assumed = text[text.index('class="assumed"'):].split("</p>")[0] if 'class="assumed"' in text else ""
    for key in ("last tile", "kong replacement", "robbing"):
        assert key not in assumed.lower(), assumed


def test_a_hand_scored_again_after_an_earlier_one_is_deleted_keeps_no_old_winds(client):
    """Deleting an earlier hand moved a win from the South round to the East one: its score
    followed, but the hand kept in the log (and its export) still said South, West and the old
    discarder's place."""
    gid = new_game(client, "mcr")
    for _ in range(4):
        post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "win", "winner": D, "discarder": A, "hand": "[222z,1][333z,2]123m456m9m 9m"})
    assert client.delete(f"/api/games/{gid}/hands/1", json={}).status_code == 200
    hand = client.get(f"/games/{gid}/export.json").json["hands"][-1]
    said = {"seat_wind": "E", "round_wind": "E", "self_drawn": False, "discarder": "right"}
    assert hand["context"] == said and hand["hand"]["context"] == said
    assert [w["hand"]["context"] for w in hand["winners"]] == [said]


def test_an_imported_game_keeps_the_dates_of_its_evening(client):
    """An export imported again took the import's date, and its score sheet said so: the
    evening's date (the game's and each hand's) is kept."""
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    data = client.get(f"/games/{gid}/export.json").json
    data["game"]["created"] = "2026-10-01T19:30:00+02:00"
    data["hands"][0]["created"] = "2026-10-01T20:05:10+02:00"
    r = client.post("/api/games/import", json=data)
    assert r.status_code == 201, r.json
    again = client.get(f"/games/{r.json['game']['id']}/export.json").json
    assert again["game"]["created"] == "2026-10-01T17:30:00+00:00"
    assert again["hands"][0]["created"] == "2026-10-01T18:05:10+00:00"
    data["game"]["created"], data["hands"][0]["created"] = "last thursday", "2026-10-01T20:05:10"   # no zone: not kept
    r = client.post("/api/games/import", json=data)
    assert client.get(f"/games/{r.json['game']['id']}/export.json").json["game"]["created"].startswith("20")


def test_the_edit_form_turns_a_draw_into_a_win_and_back(client):
    """A draw recorded by mistake could not become the win it was from the game page (its edit
    form had a note only): the form's result says win or draw."""
    from .conftest import csrf_of
    gid = new_game(client, "mcr")
    token = csrf_of(client)
    post(client, gid, {"kind": "draw"})
    hand_id = client.get(f"/api/games/{gid}").json["hands"][0]["id"]
    r = client.post(f"/games/{gid}/hands/1/edit", data={"csrf_token": token, "hand_id": hand_id, "kind": "win",
                                                        "discarder": "0", "winner0": "1", "hand0": PURE_STRAIGHT})
    assert r.status_code == 303, r.get_data(as_text=True)
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    assert hand["kind"] == "win" and hand["winner"] == B and hand["discarder"] == A and sum(hand["deltas"]) == 0
    r = client.post(f"/games/{gid}/hands/1/edit", data={"csrf_token": token, "hand_id": hand["id"], "kind": "draw",
                                                        "discarder": "0", "winner0": "1", "hand0": PURE_STRAIGHT})
    assert r.status_code == 303
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    assert hand["kind"] == "draw" and hand["deltas"] == [0, 0, 0, 0]



def test_the_edit_form_turns_a_false_win_into_the_win_it_was_and_back(client):
    """A hand recorded as a false win (under the minimum, a fan the table had missed) could not
    become the win it was from the game page, only over the API: its result is offered too."""
    from .conftest import csrf_of
    gid = new_game(client, "mcr")
    token = csrf_of(client)
    post(client, gid, {"kind": "penalty", "offender": C})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    form = page[page.index('id="edit-form-1"'):]
    form = form[:form.index("</form>")]
    assert '<option value="penalty" selected>false win</option>' in form
    assert re.search(r'name="winner0"[^>]*>.*?<option value="2" selected>', form, re.S)   # the offender
    pen = client.get(f"/api/games/{gid}").json["hands"][0]
    r = client.post(f"/games/{gid}/hands/1/edit", data={"csrf_token": token, "hand_id": pen["id"], "kind": "win",
                                                        "discarder": "", "winner0": "2", "hand0": PURE_STRAIGHT})
    assert r.status_code == 303, r.get_data(as_text=True)
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    assert hand["kind"] == "win" and hand["winner"] == C and hand["discarder"] is None and hand["deltas"][C] > 0
    r = client.post(f"/games/{gid}/hands/1/edit", data={"csrf_token": token, "hand_id": hand["id"],
                                                        "kind": "penalty", "offender": "3", "winner0": "2"})
    assert r.status_code == 303
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    assert hand["kind"] == "penalty" and hand["winner"] == D and hand["deltas"][D] < 0
    page = client.get(f"/games/{gid}?lang=fr").get_data(as_text=True)
    assert '<option value="penalty" selected>faux Mah-jong</option>' in page


def test_the_next_hands_forms_name_each_player_with_the_seat_they_play_from(client):
    """After the seats change each round the organiser cross-checked the "Seat now" column to
    pick the winner and discarder: the win form's and penalty form's players say their seat."""
    gid = new_game(client, "mcr")
    for _ in range(4):                     # a round of four hands: the players change seats
        post(client, gid, {"kind": "draw"})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    form = page[page.index('id="win-form"'):]
    form = form[:form.index("</form>")]
    seats = re.findall(r'<option value="(\d)">(\w+) \((East|South|West|North)\)</option>', form)
    assert len({s[0] for s in seats}) == 4 and len({s[2] for s in seats}) == 4
    standings = page[page.index('id="standings"'):page.index("</table>", page.index('id="standings"'))]
    for _, name, seat in seats:
        row = standings[standings.index(name):].split("</tr>")[0]
        assert re.findall(r"<td>(East|South|West|North)</td>", row)[-1] == seat     # the Seat now column


def test_an_mcr_final_table_shows_no_score_column_equal_to_its_points(client):
    # the final table's Points and Score columns were the same figures twice under MCR
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "win", "winner": B, "discarder": A, "hand": PURE_STRAIGHT})
    post(client, gid, {"kind": "end"})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    final = page[page.index('id="final"'):page.index("</table>", page.index('id="final"'))]
    assert ">Points<" in final and ">Score<" not in final
    sheet = client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)         # the print view too
    final = sheet[sheet.index('id="final"'):sheet.index("</table>", sheet.index('id="final"'))]
    assert ">Points<" in final and ">Score<" not in final
    from webui import score_sheet
    with client.application.app_context():
        from webui.store import get_store
        assert score_sheet.sheet(get_store(), gid)["score_differs"] is False
    riichi = new_game(client, "riichi")
    post(client, riichi, {"kind": "draw"})
    post(client, riichi, {"kind": "end"})
    page = client.get(f"/games/{riichi}?lang=en").get_data(as_text=True)
    assert ">Score<" in page[page.index('id="final"'):]


def test_a_refusal_is_said_on_its_own_games_page_only(client):
    from .conftest import csrf_of
    first, other = new_game(client, "mcr"), new_game(client, "mcr")
    token = csrf_of(client)
    client.post(f"/games/{first}/win", data={"csrf_token": token, "discarder": "1", "winner0": "2", "hand0": "12x"})
    assert "data-refused" not in client.get(f"/games/{other}").get_data(as_text=True)


def test_the_games_count_of_hands_says_the_false_wins_numbered_among_them(client):
    # "hand 6 recorded" under a header of "5 hands": the false win has a row number of its own
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "penalty", "offender": C})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert "1 hand and 1 false win, numbered among them below" in page


def test_the_pdf_sheet_keeps_the_final_table_with_its_signatures_whatever_the_game_s_length(client, app):
    # the signature lines were printed alone on a page of their own after a long game's final table
    from webui import score_sheet
    gid = play_riichi_game(client)
    with app.app_context():
        from webui.store import get_store
        base = score_sheet.sheet(get_store(), gid)
    for extra in range(0, 40):
        sh = dict(base, rows=base["rows"] + base["rows"][:1] * extra)
        pages = score_sheet._lines(sh)
        where = {op[4]: k for k, page in enumerate(pages) for op in page if op[0] == "text" and op[4] in (
            "Final result", "Signatures")}
        assert where["Final result"] == where["Signatures"], extra
        # ("text", x, y, ...) and ("line", x0, x1, y): nothing below the page's margin
        assert min(op[2] if op[0] == "text" else op[3] for op in pages[-1] if op[0] in ("text", "line")) \
            >= score_sheet.MARGIN - 30, extra


def test_a_win_robbing_a_kong_says_so_on_the_page_and_the_sheet(client):
    # it read "Bob wins on Ann's discard": the kong robbed (004 1F Cheung Gong) could not be traced
    gid = new_game(client, "hk")
    post(client, gid, {"hand": "123m456p789s34s55p 2s", "winner": B, "discarder": A, "context": {"robbing_kong": True}})
    page = re.sub(r"<[^>]+>", "", client.get(f"/games/{gid}").get_data(as_text=True))
    assert "Bob wins robbing Ann's kong" in page.replace("&#39;", "'") and "on Ann's discard" not in page.replace("&#39;", "'")
    sheet = re.sub(r"<[^>]+>", "", client.get(f"/games/{gid}/sheet?lang=fr").get_data(as_text=True))
    assert "en volant le kong d&#39;Ann" in sheet
    assert any("robbing Ann's kong" in t for _, _, _, t in _pdf_runs(client.get(f"/games/{gid}/sheet.pdf?lang=en").data))


def test_a_win_on_a_kongs_replacement_tile_is_said_so_in_the_csv(client):
    # a classical family's trial: the sheet said « tuile de remplacement du kong », the CSV "self_draw"
    gid = new_game(client, "classical")
    post(client, gid, {"hand": "(7777m)[999s,1]234567p1z 1z", "winner": B, "discarder": None,
                       "context": {"kong_replacement": True}})
    post(client, gid, {"hand": "123m456p789s234s5z 5z", "winner": C, "discarder": None})
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv?lang=en").get_data().decode("utf-8-sig"))))
    won = [dict(zip(rows[0], r))["won_by"] for r in rows[1:3]]
    assert won == ["kong_replacement", "self_draw"]
    fr = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/export.csv?lang=fr").get_data().decode("utf-8-sig"))))
    assert dict(zip(fr[0], fr[1]))["gagné"] == "sur la tuile de remplacement du kong"


def test_classical_losers_settle_among_themselves_from_the_game_page(client):
    # a classical family's trial: only the winner was paid; in full play the three others pay each
    # other the difference of their hands, East double ([B] ch. I)
    from .conftest import csrf_of
    gid = new_game(client, "classical")
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    form = page.split('id="win-form"', 1)[1].split("</form>", 1)[0]
    assert [f'name="loser{p}"' in form for p in range(4)] == [True] * 4
    assert "The others' hands: the losers settle among themselves" in form
    token = csrf_of(client)
    win = {"csrf_token": token, "winner0": "1", "hand0": "123m456p789s234s5z 5z", "discarder": "2",
           "loser0": "24", "loser1": "", "loser2": "8", "loser3": "16"}
    assert client.post(f"/games/{gid}/win", data=win).status_code == 303
    h = client.get(f"/api/games/{gid}").json["hands"][0]
    alone = [0, h["deltas"][1], 0, 0]
    alone[2] = -h["deltas"][1] // 4; alone[3] = alone[2]; alone[0] = -h["deltas"][1] - alone[2] - alone[3]     # noqa: E702
    # East (Ann) +2 × 16 from Cy, +2 × 8 from Di; Di +8 from Cy
    assert h["deltas"] == [alone[0] + 32 + 16, alone[1], alone[2] - 32 - 8, alone[3] - 16 + 8]
    assert h["fixed"]["losers"] == [24, None, 8, 16]
    hand_page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get(f"/games/{gid}/hands/1?lang=en").get_data(
        as_text=True)))
    assert "Cy pays 32 to Ann (between losers: 24 - 8, doubled: East is one of them)" in hand_page
    french = client.get(f"/games/{gid}/hands/1?lang=fr").get_data(as_text=True)
    assert "entre perdants : 24 − 8, doublé : Est est l&#39;un d&#39;eux" in french
    # the edit form shows them and takes them away
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    edit = page.split('id="edit-form-1"', 1)[1].split("</form>", 1)[0]
    assert 'name="loser0" min="0" max="100000" step="1" class="narrow" value="24"' in edit
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', edit))
    r = client.post(f"/games/{gid}/hands/1/edit", data={**hidden, "kind": "win", "winner0": "1",
                                                         "hand0": "123m456p789s234s5z 5z", "discarder": "2",
                                                         "loser0": "", "loser1": "", "loser2": "", "loser3": ""})
    assert r.status_code == 303
    h = client.get(f"/api/games/{gid}").json["hands"][0]
    assert h["deltas"] == alone and not (h.get("fixed") or {}).get("losers")
    # a loser left out, or the winner's given: said at the form, nothing recorded
    for bad, said in (({"loser0": "24", "loser2": "8"}, "each loser&#39;s hand needs its points"),
                      ({"loser0": "4", "loser1": "9", "loser2": "8", "loser3": "0"}, "the winner&#39;s hand is paid")):
        r = client.post(f"/games/{gid}/win", data={**win, "loser0": "", "loser3": "", **bad}, follow_redirects=True)
        assert said in r.get_data(as_text=True) and len(client.get(f"/api/games/{gid}").json["hands"]) == 1
    # other rules have no such form, and refuse it over the API
    other = new_game(client, "mcr")
    assert 'name="loser0"' not in client.get(f"/games/{other}").get_data(as_text=True)
    r = client.post(f"/api/games/{other}/hands", json={"hand": PURE_STRAIGHT, "winner": B, "discarder": A,
                                                        "losers": [0, None, 0, 0]})
    assert r.status_code == 400 and "classical rules only" in r.json["error"]["message"]


def test_classical_losers_points_an_edit_a_legacy_game_and_a_long_figure(app, client):
    gid = new_game(client, "classical")
    win = {"hand": "123m456p789s234s5z 5z", "winner": B, "discarder": C}
    assert client.post(f"/api/games/{gid}/hands", json={**win, "losers": [24, None, 8, 16]}).status_code == 201
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    # an edit sends the hand whole: without losers it has none (kept, they refused a new winner)
    r = client.put(f"/api/games/{gid}/hands/1?hand_id={hand['id']}", json={**win, "winner": D})
    assert r.status_code == 200, r.json
    assert not (client.get(f"/api/games/{gid}").json["hands"][0].get("fixed") or {}).get("losers")
    # the history says the losers' points went (it showed the new changes without a word of why)
    page = html.unescape(client.get(f"/games/{gid}?lang=en").get_data(as_text=True))
    assert "the others' hands: Ann 24, Cy 8, Di 16 → —" in page
    # a figure of thousands of digits is refused, not a 500
    r = client.post(f"/api/games/{gid}/hands", json={**win, "losers": ["9" * 5000, None, 8, 16]})
    assert r.status_code == 400 and r.json["error"]["field"] == "losers"
    # a game kept before the game flow settles no losers: refused, and its page offers no fields
    legacy = new_game(client, "classical")
    with app.app_context():
        from webui.store import get_store
        get_store().conn.execute("UPDATE games SET flow = ? WHERE id = ?", ('{"legacy": true}', legacy))
    r = client.post(f"/api/games/{legacy}/hands", json={**win, "losers": [24, None, 8, 16]})
    assert r.status_code == 400 and "recorded before the game flow" in r.json["error"]["message"]
    assert 'name="loser0"' not in client.get(f"/games/{legacy}").get_data(as_text=True)


def test_classical_losers_points_travel_with_an_export_and_a_moved_hand(client):
    gid = new_game(client, "classical")
    r = client.post(f"/api/games/{gid}/hands", json={"hand": "123m456p789s234s5z 5z", "winner": B, "discarder": C,
                                                     "losers": [24, None, 8, 16]})
    assert r.status_code == 201
    deltas = client.get(f"/api/games/{gid}").json["hands"][0]["deltas"]
    r = client.post("/api/games/import", json=client.get(f"/api/games/{gid}/export.json").json)
    assert r.status_code == 201
    copy = client.get(f"/api/games/{r.json['game']['id']}").json["hands"][0]
    assert copy["deltas"] == deltas and copy["fixed"]["losers"] == [24, None, 8, 16]
    # moved to a game where the players sit elsewhere, each keeps their hand's points
    other = client.post("/api/games", json={"rules": "classical", "players": list(reversed(PLAYERS))}).json["game"]["id"]
    r = client.post(f"/api/games/{gid}/hands/1/move", json={"to": other})
    assert r.status_code == 200, r.json
    moved = client.get(f"/api/games/{other}").json["hands"][0]
    assert moved["fixed"]["losers"] == [16, 8, None, 24] and moved["winner"] == 2


def test_the_game_page_labels_each_hand_and_the_next_as_the_sheet_does(client):
    # E1-2 and S4 were on the print view and the PDF only: the page said "East · Ann deals"
    gid = play_riichi_game(client)
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    labels = re.findall(r'<strong class="hand-label">([^<]+)</strong>', page)
    assert labels == [label for label in ("E1", "E1-1", "E1-2", "E2", "E2", "E3-1", "E4", "S1-1", "S1-2", "S2",
                                          "S2-1", "S3-2", "S4")]
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": [A]})
    page = client.get(f"/games/{gid}?lang=fr").get_data(as_text=True)
    assert re.search(r'Main suivante :</a> <strong class="hand-label">E1-1</strong>', page)


def test_a_form_sent_again_after_an_undo_says_the_hand_was_taken_back(client):
    # a win form sent again (Back) after its hand was undone read "a hand was edited"
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "draw"})
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "draw", "expect_seq": 3, "expect_edits": 0})
    assert r.status_code == 201
    assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 200
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "draw", "expect_seq": 3, "expect_edits": 0})
    assert r.status_code == 409 and "hand(s) 3 taken back (undone or deleted); nothing was recorded" in r.json[
        "error"]["message"]
    assert len(client.get(f"/api/games/{gid}").json["hands"]) == 2


def test_a_hand_sent_from_a_page_loaded_before_another_device_recorded_it_is_not_recorded_twice(client):
    # two phones at one table both recorded the same win from pages showing "hand 2": it was
    # recorded twice, the second copy with the next hand's seats, and nobody was told
    from .conftest import csrf_of
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert page.count('name="next_seq" value="2"') == 5          # win, draw, false win, end and delete forms
    token = csrf_of(client)
    win = {"csrf_token": token, "winner0": "1", "hand0": "123456789m123p5z 5z", "discarder": "0", "next_seq": "2"}
    assert client.post(f"/games/{gid}/win", data={**win, "form_key": "phone-x"}).status_code == 303
    r = client.post(f"/games/{gid}/win", data={**win, "form_key": "phone-y"}, follow_redirects=True)
    said = r.get_data(as_text=True).replace("&#39;", "'")
    # the hand recorded first is said by what it was (another phone's copy of the same win)
    assert ("the next hand is now hand 3, not 2 (hand 2 recorded: a win for Bob); nothing was recorded" in said
            and "data-refused" in said)
    assert [h["seq"] for h in client.get(f"/api/games/{gid}").json["hands"]] == [1, 2]
    # a draw or a false win from a stale page: back to the game, said, nothing recorded
    r = client.post(f"/games/{gid}/draw", data={"csrf_token": token, "form_key": "phone-z", "next_seq": "2"},
                    follow_redirects=True)
    assert "the next hand is now hand 3, not 2" in r.get_data(as_text=True)
    assert len(client.get(f"/api/games/{gid}").json["hands"]) == 2
    client.set_cookie("mjtable_lang", "fr")
    r = client.post(f"/games/{gid}/draw", data={"csrf_token": token, "form_key": "phone-w", "next_seq": "2"},
                    follow_redirects=True)
    assert "pas la 2 (main 2 enregistrée : une victoire pour Bob) ; rien n'a été enregistré" in r.get_data(
        as_text=True).replace("&#39;", "'")
    client.set_cookie("mjtable_lang", "en")
    # the JSON API: expect_seq, 409
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "draw", "expect_seq": 2})
    assert r.status_code == 409 and r.json["error"]["code"] == "stale_game"
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "draw", "expect_seq": 3}).status_code == 201
    fr = client.post(f"/games/{gid}/draw?lang=fr", data={"csrf_token": token, "form_key": "w", "next_seq": "3"},
                     follow_redirects=True)
    assert "la main suivante est maintenant la main 4, pas la 3" in fr.get_data(as_text=True)


def test_the_false_win_form_names_nobody_until_the_player_is_chosen(client):
    # "Chombo by" had the first player chosen: a tap on Record charged Ann for another's chombo
    gid = new_game(client, "riichi")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    form = page[page.index('id="penalty-form"'):]
    form = form[:form.index("</form>")]
    assert re.search(r'<select name="offender" required><option value="">— who\? —</option>', form)
    assert " selected" not in form[form.index('name="offender"'):form.index("</select>")]


def test_a_riichi_ticked_before_the_winner_is_chosen_puts_its_stick_on_the_table(client):
    # a club's trial: one stick left on the table by a draw, riichi ticked, no winner yet: 5,200
    # "4,200 net", then 6,200 once the dealer (East) was chosen
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": [A, B], "riichi": [B]})      # Bob's stick stays
    body = {"hand": "234m567m234p678s5s 5s", "game": gid, "form": {"ctx_riichi": "1", "ctx__present": "1"}}
    pending = client.post("/review/score", json=body).json["score"]
    dealer = client.post("/review/score", json={**body, "winner": A, "discarder": C}).json["score"]
    assert pending["total"] == dealer["total"], (pending["total"], dealer["total"])
    # another player's riichi chip counts too, as once the winner is chosen
    other = client.post("/review/score", json={**body, "form": {**body["form"], "riichi_seat_2": "1"}}).json["score"]
    assert other["total"] == pending["total"] + 1000


def test_a_hand_reviewed_in_a_game_is_scored_in_the_deals_round_wind_before_a_winner_is_chosen(client):
    # a South-round game's hand was scored "round wind (East), assumed" until a winner was tapped
    gid = new_game(client, "hk")
    body = {"hand": "123m456p789s234s6z 6z", "game": gid, "form": {"ctx__present": "1"}, "dealer": 0}
    south = client.post("/review/score", json={**body, "round_wind": "S"}).json
    assumed = re.search(r"Assumed \(not given\):([^<]*)", south["html"]).group(1)
    assert "seat wind" in assumed and "round wind" not in assumed
    # scored as East's until the winner is chosen, and said so: "seat wind (East)" read as the app
    # deciding who had won
    assert "seat wind (East until the winner is chosen)" in assumed, assumed
    chosen = client.post("/review/score", json={**body, "round_wind": "S", "winner": 1, "discarder": 0}).json
    assert "winner is chosen" not in chosen["html"]
    # riichi pays the dealer more: its fact says the same (it said "seat wind not given")
    riichi = new_game(client, "riichi")
    pending = client.post("/review/score", json={"hand": "234m345p678s22p56s 7s", "game": riichi, "form": {}}).json
    assert "no winner chosen yet: scored as East, the dealer" in pending["html"], pending["html"]
    chosen = client.post("/review/score", json={"hand": "234m345p678s22p56s 7s", "game": riichi, "form": {},
                                                 "winner": 1, "discarder": 0}).json
    assert "no winner chosen" not in chosen["html"] and "winner is chosen" not in chosen["html"]
    # the game's own round wind when the page sends none
    assert "round wind" not in re.search(r"Assumed \(not given\):([^<]*)",
                                         client.post("/review/score", json=body).json["html"]).group(1)
    # and scored in it: a South pung is the round wind's faan in the South round only
    pung = {**body, "hand": "123m456p789s222z5z 5z"}
    in_south = client.post("/review/score", json={**pung, "round_wind": "S"}).json
    in_east = client.post("/review/score", json={**pung, "round_wind": "E"}).json
    assert in_south["hand"]["context"]["round_wind"] == "S"
    assert in_south["score"]["total"] == in_east["score"]["total"] + 1


def test_correcting_a_recorded_hands_tiles_opens_the_editor_on_its_winner_discarder_and_deal(client):
    # "Correct the tiles in the editor" opened on no winner and the next hand's deal: the hand,
    # 5 faan as recorded, showed 4 (its seat wind's pung lost) before anything was changed
    gid = new_game(client, "hk")
    post(client, gid, {"hand": "123m456p789s234s6z 6z", "winner": B, "discarder": D})   # Ann deals; after two hands Cy does
    post(client, gid, {"hand": "123m456p789s234s6z 6z", "winner": A, "discarder": C})
    page = client.get(f"/review/new?game={gid}&correct=1&hand=123m456p789s234s6z%206z&winner={B}").get_data(as_text=True)
    checked = lambda name: re.findall(rf'name="{name}" value="(\d*)" checked', page)
    assert checked("winner") == [str(B)] and checked("discarder") == [str(D)]
    dealer = re.search(r'<select name="dealer".*?</select>', page, re.S).group(0)
    assert re.search(r'<option value="(\d)" selected', dealer).group(1) == str(A)      # hand 1's dealer, not Cy
    fresh = client.get(f"/review/new?game={gid}").get_data(as_text=True)
    assert not re.findall(r'name="winner" value="\d" checked', fresh)


def test_a_classical_settlement_says_the_losers_settling_among_themselves_is_not_counted(client):
    # a club used to full classical settlement got other totals with no word of why (docs/rulings.md)
    body = {"hand": "123m456p789s234s6z 6z", "form": {"ctx__present": "1"}}
    classical = client.post("/review/score", json={**body, "rules": "classical"}).json["html"]
    assert "the other three also settle among themselves" in classical
    assert "settle among themselves" not in client.post("/review/score", json={**body, "rules": "mcr"}).json["html"]
    # and an assumed liable player says it is none, not a sentence cut short
    hk = client.post("/review/score", json={**body, "rules": "hk"}).json["html"]
    assert "liable player (none)" in re.search(r"Assumed \(not given\):([^<]*)", hk).group(1)


def test_a_hands_page_names_its_discarder_and_liable_player(client):
    # "discarder: left", "liable player: left" left the family to work out whose left
    gid = client.post("/api/games", json={"rules": "hk", "players": PLAYERS}).json["game"]["id"]
    post(client, gid, {"hand": "[555z,3][666z,2]123m99m77z 7z", "winner": A, "discarder": B,
                       "context": {"liable_player": "across"}})
    context = dict(re.findall(r"<dt>([^<]*)</dt><dd>([^<]*)</dd>", client.get(f"/games/{gid}/hands/1").get_data(as_text=True)))
    assert context["discarder"] == "Bob (right)" and context["liable player"] == "Cy (across)"


def test_the_history_says_what_an_edit_changed(client):
    # a discarder changed twice showed two identical lines ("was a win ...: Isa -60, ..."): the
    # points do not move when everyone pays, and nothing said what had changed
    gid = new_game(client, "classical")
    post(client, gid, {"hand": "[5555p,1+]1239m456789s 9m", "winner": B, "discarder": D})
    r = client.put(f"/api/games/{gid}/hands/1", json={"hand": "[5555p,1+]1239m456789s 9m", "winner": B, "discarder": A})
    assert r.status_code == 200, r.json
    page = re.sub(r"<[^>]+>", "", client.get(f"/games/{gid}").get_data(as_text=True))
    line = page[page.index("hand 1 changed"):]
    assert re.search(r"was a win \(Bob [^)]*, on Di's discard\):.*; now a win \(Bob [^)]*, on Ann's discard\)", line)


def test_a_games_house_rules_form_says_what_each_option_means_as_the_new_game_form_does(client):
    # a classical family met "discarder pays" in the game's House rules with no word of what it does
    gid = new_game(client, "classical")
    for lang, said in (("en", "discarder pays: on a discard only the discarder pays"),
                       ("fr", "l'écarteur paie : sur un écart seul l'écarteur paie")):
        page = html.unescape(client.get(f"/games/{gid}?lang={lang}").get_data(as_text=True))
        form = page[page.index('id="options-form"'):]
        helps = re.findall(r'<p class="muted small option-help">([^<]*)</p>', form[:form.index("</form>")])
        assert len(helps) == 3 and any(said in h for h in helps), helps


def test_a_games_house_rules_are_changed_under_way_and_every_hand_is_scored_again(client):
    # a family that forgot to count the flowers was told "choose flower method A, B, C or D" with
    # nowhere to choose it: only export, edit the JSON and import
    from .conftest import csrf_of
    gid = new_game(client, "hk")
    post(client, gid, {"hand": "123m456p789s234s6m 6m 15f", "winner": A, "discarder": B})
    before = client.get(f"/api/games/{gid}").json["hands"][0]
    assert "not counted" in json.dumps(before["score"])
    r = client.patch(f"/api/games/{gid}", json={"options": {"flower_method": "C"}})
    assert r.status_code == 200 and r.json["game"]["options"] == {"flower_method": "C"}
    after = r.json["hands"][0]
    assert after["deltas"][A] > before["deltas"][A] and "not counted" not in json.dumps(after["score"])
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "house rules changed: flower method none (played without flowers) → C: each flower of the seat, 1 faan" in re.sub(r"<[^>]+>", "", page)
    # a bad option is refused, naming it, and changes nothing
    bad = client.patch(f"/api/games/{gid}", json={"options": {"flower_method": "Z"}, "name": "x"})
    assert bad.status_code == 400 and bad.json["error"]["field"] == "options.flower_method"
    assert client.get(f"/api/games/{gid}").json["game"]["name"] != "x"
    # nor does a good option sent with a refused rename
    bad = client.patch(f"/api/games/{gid}", json={"options": {"odd_faan": "half"}, "players": ["A", "A", "B", "C"]})
    assert bad.status_code == 400 and client.get(f"/api/games/{gid}").json["game"]["options"] == {"flower_method": "C"}
    # the game page's form: every option as the new-game form asks them; back to the defaults
    r = client.post(f"/games/{gid}/options", data={"csrf_token": csrf_of(client), "opt__present": "1",
                                                   "opt__flower_method": "none", "opt__kong_discarder_pays_triple": "1",
                                                   "opt__payment": "discarder", "opt__odd_faan": "same"})
    assert r.status_code == 303
    assert client.get(f"/api/games/{gid}").json["game"]["options"] == {}
    assert client.get(f"/api/games/{gid}").json["hands"][0]["deltas"] == before["deltas"]
    # the history goes with an export and comes back with its import
    exported = client.get(f"/games/{gid}/export.json").json
    assert [e["action"] for e in exported["history"]] == ["options", "options"]
    assert client.post("/api/games/import", json=exported).status_code == 201


def test_a_house_rules_form_from_an_older_page_changes_only_what_it_changed(client):
    # device A counted the flowers; device B's page, drawn before, changed the odd faan and sent
    # every option as it showed them: the flowers were uncounted again without a word
    from .conftest import csrf_of
    gid = new_game(client, "hk")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    shown = html.unescape(re.search(r'name="shown_options" value="([^"]*)"', page).group(1))
    form = {"csrf_token": csrf_of(client), "opt__present": "1", "shown_options": shown, "opt__flower_method": "none",
            "opt__kong_discarder_pays_triple": "1", "opt__payment": "discarder", "opt__odd_faan": "same"}
    assert client.post(f"/games/{gid}/options", data={**form, "opt__flower_method": "C"}).status_code == 303
    assert client.post(f"/games/{gid}/options", data={**form, "opt__odd_faan": "half"}).status_code == 303
    assert client.get(f"/api/games/{gid}").json["game"]["options"] == {"flower_method": "C", "odd_faan": "half"}
    # the same option changed on both: refused at the form, nothing changed
    r = client.post(f"/games/{gid}/options", data={**form, "opt__flower_method": "A"})
    assert r.status_code == 303 and r.headers["Location"].endswith("#options-form")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "flower method was changed on another device since this page was drawn" in page
    assert client.get(f"/api/games/{gid}").json["game"]["options"] == {"flower_method": "C", "odd_faan": "half"}


def test_a_house_rules_form_sent_unchanged_says_nothing_was_changed(client):
    # it said "house rules saved; every hand was scored again" where nothing was saved or scored
    from .conftest import csrf_of
    gid = new_game(client, "hk")
    form = {"csrf_token": csrf_of(client), "opt__present": "1", "opt__flower_method": "none",
            "opt__kong_discarder_pays_triple": "1", "opt__payment": "discarder", "opt__odd_faan": "same"}
    page = client.post(f"/games/{gid}/options", data=form, follow_redirects=True).get_data(as_text=True)
    assert "nothing was changed" in page and "house rules saved" not in page
    page = client.post(f"/games/{gid}/options", data={**form, "opt__flower_method": "C"},
                       follow_redirects=True).get_data(as_text=True)
    assert "house rules saved; every hand was scored again" in page


def test_a_recorded_hand_corrected_is_scored_in_its_own_deal_even_in_a_game_over(client):
    # its page opened on "this game is over" once the game had ended, and a riichi hand was
    # scored with the next deal's counters (1,900 recorded at one counter showed 1,600)
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": [A]})                         # Ann keeps the deal: 1 counter
    post(client, gid, {"hand": PURE_STRAIGHT, "winner": B, "discarder": C})  # hand 2, at one counter
    recorded = client.get(f"/api/games/{gid}").json["hands"][1]
    assert recorded["honba"] == 1
    post(client, gid, {"kind": "end"})
    body = {"hand": PURE_STRAIGHT, "game": gid, "winner": B, "discarder": C, "correct": 2,
            "form": {"ctx__present": "1"}, "dealer": 3, "round_wind": "S"}    # the page's fields say otherwise
    r = client.post("/review/score", json=body).json
    assert r["ok"], r.get("error")
    assert r["hand"]["context"]["honba"] == 1 and r["hand"]["context"]["round_wind"] == "E"
    assert r["score"]["payments"] == recorded["score"]["payments"]


def test_the_history_names_the_riichi_declarers_and_tenpai_players_an_edit_changed(client):
    # a declarer added or a tenpai player changed read "was a draw: ...; now a draw: ..." the same
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw", "tenpai": [A, D]})
    assert client.put(f"/api/games/{gid}/hands/1", json={"kind": "draw", "tenpai": [A, B, D]}).status_code == 200
    page = re.sub(r"<[^>]+>", "", client.get(f"/games/{gid}").get_data(as_text=True))
    assert re.search(r"was a draw · Tenpai: Ann, Di:.*now a draw · Tenpai: Ann, Bob, Di:", page)
    # an option given at its default (one no form offers) is no house rule
    client.patch(f"/api/games/{gid}", json={"options": {"nagashi_mangan": False}})
    assert client.get(f"/api/games/{gid}").json["game"]["options"] == {}
    assert 'id="house-rules"' not in client.get(f"/games/{gid}").get_data(as_text=True)


def test_a_riichi_club_plays_red_fives_as_a_house_rule_for_every_hand(client):
    # red fives were a box per hand on the review page only: the same hand scored 2,600 from the
    # phone and 1,300 from the laptop's win form
    gid = new_game(client, "riichi")
    post(client, gid, {"hand": "234m067p345s678s2z 2z", "winner": B, "discarder": C, "riichi": [B]})
    plain = client.get(f"/api/games/{gid}").json["hands"][0]["deltas"][B]
    assert 'name="opt__red_fives"' in client.get(f"/games/{gid}").get_data(as_text=True)
    r = client.patch(f"/api/games/{gid}", json={"options": {"red_fives": True}})
    assert r.status_code == 200 and r.json["hands"][0]["deltas"][B] > plain


def test_a_double_ron_corrected_takes_only_its_own_share_of_the_riichi_sticks(client):
    # the correction page gave the winner being corrected every stick on the table: 4,000 to
    # Denis where the game had paid him his own 1,000 and the rest to the winner nearest the
    # discarder's right (002 §4.1)
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "win", "discarder": A, "riichi": [B, C, D],
                       "winners": [{"winner": B, "hand": PURE_STRAIGHT}, {"winner": D, "hand": SEVEN_PAIRS}]})
    def sticks(winner, hand):
        form = {"ctx__present": "1", **{f"riichi_seat_{p}": "1" for p in (B, C, D)}}
        r = client.post("/review/score", json={"hand": hand, "game": gid, "winner": winner, "discarder": A,
                                               "correct": 1, "form": form}).json
        assert r["ok"], r.get("error")
        return r["hand"]["context"]["riichi_sticks"]
    assert sticks(B, PURE_STRAIGHT) == 2            # Bob, at Ann's right: his and Cy's
    assert sticks(D, SEVEN_PAIRS) == 1              # Di: her own


def test_the_game_pages_win_form_has_the_rarer_wins_its_rules_read(client):
    # a heavenly hand or a double kong could be recorded from the review page only: the game
    # page's form had no box for them
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    rare = re.search(r'<details class="rare-wins">(.*?)</details>', page, re.S).group(1)
    assert 'name="tenhou0"' in rare and 'name="red_fives0"' in rare and "red fives count as dora in this hand" in rare
    assert 'name="double_kong0"' not in page                       # riichi reads no double kong
    form = {"csrf_token": csrf_of(client), "winner0": "0", "hand0": "123m456p789s123s5z 5z", "discarder": "self",
            "tenhou0": "1", "next_seq": "1", "form_key": "k1"}
    assert client.post(f"/games/{gid}/win", data=form).status_code == 303
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    assert hand["context"].get("tenhou") is True and hand["score"]["items"][0]["id"] == "tenhou"
    # the edit form opens the box where one of its wins is ticked; the hand's row names it (it read
    # "wins by self-draw" alone)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert '<details class="rare-wins" open>' in page
    assert ' — <span class="muted small win-flag">blessing of heaven (tenhou)</span>' in page
    hk = client.get(f"/games/{new_game(client, 'hk')}").get_data(as_text=True)
    assert 'name="double_kong0"' in hk and 'name="tenhou0"' in hk
    assert "rare-wins" not in client.get(f"/games/{new_game(client, 'mcr')}").get_data(as_text=True)
    # red fives counted in every hand by the house rules: no box to count them in one
    house = client.post("/api/games", json={"rules": "riichi", "players": PLAYERS,
                                            "options": {"red_fives": True}}).json["game"]["id"]
    page = client.get(f"/games/{house}").get_data(as_text=True)
    assert 'name="tenhou0"' in page and 'name="red_fives0"' not in page


def test_a_hong_kong_game_records_a_win_on_the_eighth_flower(client):
    # 004 6D: the 13 tiles held and all eight flowers; the hand's page shows the eighth as the winning tile
    gid = client.post("/api/games", json={"rules": "hk", "players": PLAYERS,
                                          "options": {"flower_method": "A"}}).json["game"]["id"]
    r = client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m12p55s 1234567f 8f", "winner": 1,
                                                      "discarder": None})
    assert r.status_code == 201, r.json
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    assert hand["hand"]["winning_tile"] == "8f" and sum(p["amount"] for p in hand["payments"]) == 3 * 256
    page = client.get(f"/games/{gid}/hands/1").get_data(as_text=True)
    assert 'data-code="8f"' in page.split('class="winning-tile"')[1][:400]
    flowers = re.search(r'<p class="hand-bonus">(.*?)</p>', page, re.S).group(1)
    assert 'data-code="7f"' in flowers and 'data-code="8f"' not in flowers    # not again among the others


def test_a_double_ron_counts_the_tables_dora_indicators_for_each_winner(client):
    # The dora indicators are the table's (002 §2.7): given once, under the first winner, the
    # second winner counts them too (he was scored with no dora when his own fields were empty).
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    token = csrf_of(client)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert page.count('name="dora_indicators') == 1 and 'class="more-winners"' in page
    r = client.post(f"/games/{gid}/win", data={"csrf_token": token, "discarder": "1", "winner0": "2",
                                                "hand0": SEVEN_PAIRS, "winner1": "3", "hand1": OPEN_STRAIGHT,
                                                "dora_indicators0": "6s"})
    assert r.status_code == 303, r.get_data(as_text=True)
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    assert hand["deltas"] == [0, -1600 - 2000, 1600, 2000]     # Di's 7s is a dora: 2 han 30 fu
    # two winners given other indicators: refused, the table has one set of them
    r = client.post(f"/games/{gid}/win", data={"csrf_token": token, "discarder": "1", "winner0": "2",
                                                "hand0": SEVEN_PAIRS, "winner1": "3", "hand1": OPEN_STRAIGHT,
                                                "dora_indicators0": "6s", "dora_indicators1": "1m"},
                    follow_redirects=True)
    page = r.get_data(as_text=True)
    assert "the dora indicators are the table&#39;s, the same for every winner: 6s / 1m were given" in page
    assert len(client.get(f"/api/games/{gid}").json["hands"]) == 1
    # the edit form shows them once, as recorded
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    edit = page[page.index('id="edit-form-1"'):]
    edit = edit[:edit.index("</form>")]
    assert edit.count('name="dora_indicators') == 1 and 'name="dora_indicators0" value="6s"' in edit


def test_a_win_on_a_riichi_declarers_discard_asks_whether_it_was_the_riichi_discard(client):
    # 002 §3.3.14: a riichi whose turned discard is won on did not stand (the 1,000 go back); the
    # log cannot tell that discard from a later one, so the table is asked, on record and on the
    # hand's page. Red fives counted as plain fives are said when the hand is recorded, not
    # only on its own page.
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    token = csrf_of(client)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'id="riichi-discard-hint"' in page
    r = client.post(f"/games/{gid}/win", data={"csrf_token": token, "discarder": "0", "winner0": "2",
                                                "hand0": "[234m,1]406p345s88s66m 6m", "riichi": ["0"]},
                    follow_redirects=True)
    page = html.unescape(r.get_data(as_text=True))
    assert "hand 1 recorded" in page
    assert "Ann discarded the winning tile and is ticked as declaring riichi" in page
    assert "red fives held count as plain fives" in page
    # said once, as a note: most often the declarer dealt in later and the stick goes to the winner
    assert re.search(r'class="flash"[^>]*>Ann discarded the winning tile', page)
    hand_page = html.unescape(client.get(f"/games/{gid}/hands/1").get_data(as_text=True))
    assert "Ann discarded the winning tile" not in hand_page
    view = client.get(f"/api/games/{gid}").json
    assert view["hands"][0]["deltas"][0] == -1000 - 1000        # as recorded until the table unticks Ann
    # a declarer who did not discard the winning tile is not asked about
    r = client.post(f"/games/{gid}/win", data={"csrf_token": token, "discarder": "1", "winner0": "2",
                                                "hand0": SEVEN_PAIRS, "riichi": ["0"]}, follow_redirects=True)
    assert "ticked as declaring riichi" not in html.unescape(r.get_data(as_text=True))


def test_the_ura_dora_count_for_the_winners_who_declared_riichi_alone(client):
    # 002 §3.3.14: given once for a double ron, the ura indicators were copied to a winner who had
    # not declared riichi, whose hand then showed "ura_dora_indicators ignored" in red
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    r = client.post(f"/games/{gid}/win", data={"csrf_token": csrf_of(client), "discarder": "1", "winner0": "2",
                                                "hand0": SEVEN_PAIRS, "winner1": "3", "hand1": OPEN_STRAIGHT,
                                                "riichi": ["2"], "ura_dora_indicators0": "1m"},
                    follow_redirects=True)
    assert "ignored" not in html.unescape(r.get_data(as_text=True))
    wins = client.get(f"/api/games/{gid}").json["hands"][0]["wins"]
    assert [w["context"].get("ura_dora_indicators") for w in wins] == [["1m"], None]


def test_winners_recorded_with_other_dora_indicators_are_refused_and_shown_apart(client, monkeypatch):
    # the API took other indicators for each winner; an edit of such a hand's note then gave every
    # winner the first's and moved a score unsaid
    from webui import gamelog
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    body = {"discarder": 1, "winners": [{"winner": 2, "hand": SEVEN_PAIRS, "context": {"dora_indicators": ["8p"]}},
                                        {"winner": 3, "hand": OPEN_STRAIGHT, "context": {"dora_indicators": ["6s"]}}]}
    r = client.post(f"/api/games/{gid}/hands", json=body)
    assert r.status_code == 400 and "the dora indicators are the table's" in r.json["error"]["message"]
    assert r.json["error"]["field"] == "winners[1].context.dora_indicators"
    monkeypatch.setattr(gamelog, "_check_table_indicators", lambda *a: None)     # as recorded before the check
    post(client, gid, body)
    monkeypatch.undo()
    before = client.get(f"/api/games/{gid}").json["hands"][0]["deltas"]
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    edit = page[page.index('id="edit-form-1"'):]
    edit = edit[:edit.index("</form>")]
    assert 'name="dora_indicators0" value="8p"' in edit and 'name="dora_indicators1" value="6s"' in edit
    r = client.post(f"/games/{gid}/hands/1/edit", data={
        "csrf_token": csrf_of(client), "hand_id": re.search(r'name="hand_id" value="([^"]+)"', edit).group(1),
        "kind": "win", "discarder": "1", "winner0": "2", "hand0": SEVEN_PAIRS, "dora_indicators0": "8p",
        "winner1": "3", "hand1": OPEN_STRAIGHT, "dora_indicators1": "6s", "note": "checked"}, follow_redirects=True)
    assert "the dora indicators are the table&#39;s" in r.get_data(as_text=True)
    assert client.get(f"/api/games/{gid}").json["hands"][0]["deltas"] == before      # nothing moved unsaid


def test_a_winner_who_declared_riichi_in_the_hand_takes_their_own_stick_among_those_said():
    # "Eve 3,900 + 1,000 in riichi sticks" beside a change of +3,900 read as a miscount: the stick is hers
    from types import SimpleNamespace
    from webui.score_sheet import result_text
    h = {"kind": "win", "discarder": 1, "riichi": [0],
         "payments": [{"payer": None, "payee": 0, "amount": 1000, "reason": "riichi sticks"}],
         "wins": [{"winner": 0, "context": {}, "score": {"total": 3900, "hand_value": 3900, "han": 2, "fu": 40,
                                                         "limit": ""}}]}
    said = result_text(h, ["A", "B", "C", "D"], SimpleNamespace(has_riichi=True))
    # their own stick alone: "their own among them" read as several to a tournament's organiser
    assert said == "A 3,900 (2 han · 40 fu) + own riichi stick back, on B's discard"
    h["payments"][0]["amount"] = 2000                   # theirs and one left from a draw
    assert result_text(h, ["A", "B", "C", "D"], SimpleNamespace(has_riichi=True)) == (
        "A 3,900 (2 han · 40 fu) + 2,000 in riichi sticks, their own among them, on B's discard")
    h["payments"][0]["amount"] = 1000
    h["riichi"] = [2]                                   # another player's stick alone: no word of one's own
    assert result_text(h, ["A", "B", "C", "D"], SimpleNamespace(has_riichi=True)).endswith(
        "+ 1,000 in riichi sticks, on B's discard")


def test_a_wins_counters_are_its_honba_and_sticks_counted_in_an_older_score_are_named_apart():
    # a game recorded before the game flow counted the sticks in the score itself: 2,000 of them
    # read "+ 2,300 in counters" beside 1 counter
    from types import SimpleNamespace
    from webui.score_sheet import result_text
    h = {"kind": "win", "discarder": 1, "payments": [],
         "wins": [{"winner": 0, "context": {"honba": 1},
                   "score": {"total": 6200, "hand_value": 3900, "han": 3, "fu": 30, "limit": ""}}]}
    text = result_text(h, ["A", "B", "C", "D"], SimpleNamespace(has_riichi=True))
    assert text == "A 3,900 (3 han · 30 fu) + 300 in counters + 2,000 in riichi sticks, on B's discard"
    h["wins"][0]["score"].pop("hand_value")                                # stored before hand_value
    assert result_text(h, ["A", "B", "C", "D"], SimpleNamespace(has_riichi=True)).startswith("A 6,200 (3 han")


def test_the_winners_of_one_discard_share_its_tile_and_the_tables_dora_over_the_api(client):
    # 002 §3.3.1: several winners win on the one tile discarded (2s and 5s were recorded without a
    # word); §2.7: indicators sent for one winner are the table's (the other scored no dora)
    gid = new_game(client, "riichi")
    r = client.post(f"/api/games/{gid}/hands", json={"discarder": 3, "winners": [
        {"winner": 0, "hand": "234m567m22p789p34s 2s"}, {"winner": 1, "hand": "345m345p22p678s34s 5s"}]})
    assert r.status_code == 400 and "win on the same tile: 2s / 5s were given" in r.json["error"]["message"]
    post(client, gid, {"discarder": 1, "riichi": [2], "winners": [
        {"winner": 2, "hand": SEVEN_PAIRS, "context": {"dora_indicators": ["6s"], "ura_dora_indicators": ["1m"]}},
        {"winner": 3, "hand": OPEN_STRAIGHT}]})
    wins = client.get(f"/api/games/{gid}").json["hands"][0]["wins"]
    assert [w["context"].get("dora_indicators") for w in wins] == [["6s"], ["6s"]]
    assert [w["context"].get("ura_dora_indicators") for w in wins] == [["1m"], None]   # Di declared no riichi


def test_a_second_winner_without_a_hand_or_a_hand_without_its_winner_is_named(client):
    # "at character 1" under nothing, or "name the winner of this hand" without saying which
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    base = {"csrf_token": csrf_of(client), "discarder": "1", "winner0": "2", "hand0": SEVEN_PAIRS}
    page = client.post(f"/games/{gid}/win", data={**base, "winner1": "3"}, follow_redirects=True).get_data(as_text=True)
    assert "type the hand of winner 2" in page
    page = client.post(f"/games/{gid}/win", data={**base, "hand1": OPEN_STRAIGHT}, follow_redirects=True).get_data(as_text=True)
    assert "name winner 2 of this hand, whose hand is typed" in page
    assert client.get(f"/api/games/{gid}").json["hands"] == []


def test_a_typo_in_one_of_several_winners_hands_names_that_winner(client):
    # a double ron's 15-tile hand said "too many tiles: 15 standing..." and not whose hand it was
    from .conftest import csrf_of
    gid = new_game(client, "riichi")
    players = client.get(f"/api/games/{gid}").json["game"]["players"]
    base = {"csrf_token": csrf_of(client), "discarder": "1", "winner0": "2", "hand0": SEVEN_PAIRS}
    page = client.post(f"/games/{gid}/win", data={**base, "winner1": "3", "hand1": "234m567p678s234p55s 5s"},
                       follow_redirects=True).get_data(as_text=True)
    assert f"{players[3]}&#39;s hand: too many tiles" in page
    page = client.post(f"/games/{gid}/win?lang=fr", data={**base, "winner0": "2", "hand0": "234m567p678s234p55s 5s",
                                                          "winner1": "3", "hand1": OPEN_STRAIGHT},
                       follow_redirects=True).get_data(as_text=True)
    assert f"Main de {players[2]} : " in page
    # what the winners' hands do together is no one winner's ("the winners of one discard win on the same tile")
    page = client.post(f"/games/{gid}/win?lang=en", data={**base, "winner1": "3", "hand1": "123m456p789s123s9p 9p"},
                       follow_redirects=True).get_data(as_text=True)
    assert "the winners of one discard win on the same tile" in page and "&#39;s hand: the winners" not in page
    # one winner: the hand is the form's only one, not named
    page = client.post(f"/games/{gid}/win?lang=en", data={**base, "hand0": "234m567p678s234p55s 5s"},
                       follow_redirects=True).get_data(as_text=True)
    assert "too many tiles" in page and "&#39;s hand: too many" not in page
    assert client.get(f"/api/games/{gid}").json["hands"] == []


def test_the_winners_of_one_discard_hold_four_of_a_tile_between_them(client):
    # 002 §1.3: six 2p across two winners' hands were recorded without a word; the discard both
    # win on is one tile, counted once
    gid = new_game(client, "riichi")
    r = client.post(f"/api/games/{gid}/hands", json={"discarder": 3, "winners": [
        {"winner": 0, "hand": "222p234m567m678p3s 3s"}, {"winner": 1, "hand": "222p345m345p678s3s 3s"}]})
    assert r.status_code == 400, r.json
    assert "hold 6 × 2p between them" in r.json["error"]["message"]
    # two winners waiting on 3s each hold one 3s beside the discard: 3 of 3s, a legal double ron
    post(client, gid, {"discarder": 3, "winners": [
        {"winner": 0, "hand": "234m567m678p456s3s 3s"},
        {"winner": 1, "hand": "345m345p678s444p3s 3s"}]})
    assert len(client.get(f"/api/games/{gid}").json["hands"][0]["wins"]) == 2
    # the game page gives each winner's han and fu beside the points, as the sheet does
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert re.findall(r'<span class="muted small han-fu">([^<]+)</span>', page) == ["1 han · 40 fu", "1 han · 40 fu"]
    # the sheet names whose hand each is (two hands under one result, unnamed)
    sheet = client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    assert f">{PLAYERS[0]}: 234567m" in sheet and f">{PLAYERS[1]}: 345m3444" in sheet


def test_the_bars_links_carry_a_game_in_play_and_not_a_game_over(client):
    # the bar's Enter a hand on a game's pages scored a family's hand without the game's house rules;
    # a game over offered from a hand's page only led to "this game is over"
    gid = new_game(client, "hk")
    post(client, gid, {"kind": "draw"})
    for page in (f"/games/{gid}", f"/games/{gid}/hands/1"):
        assert f'href="/review/new?game={gid}"' in client.get(page).get_data(as_text=True), page
    post(client, gid, {"kind": "end"})
    for page in (f"/games/{gid}", f"/games/{gid}/hands/1"):
        html = client.get(page).get_data(as_text=True)
        assert f'href="/review/new?game={gid}"' not in html.split("</header>")[0], page


def test_a_second_winners_own_riichi_stick_given_back_is_no_gain(client):
    # 002 §4.1: Bob, in riichi, wins beside Ann on Di's discard and takes his own stick back; the
    # game page and the sheet read "+ 1,000 in riichi sticks" under him, as if he gained it
    gid = new_game(client, "riichi")
    post(client, gid, {"discarder": 3, "riichi": [1], "winners": [
        {"winner": 0, "hand": "234m567m678p456s3s 3s"},
        {"winner": 1, "hand": "345m345p678s444p3s 3s"}]})
    hand = client.get(f"/api/games/{gid}").json["hands"][0]
    assert {"payer": None, "payee": 1, "amount": 1000, "reason": "own riichi stick back"} in hand["payments"]
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert "in riichi sticks" not in page and page.count("+ own riichi stick back") == 1
    sheet = client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    assert "in riichi sticks" not in sheet and "+ own riichi stick back" in sheet
    assert "+ son bâtonnet de riichi rendu" in client.get(f"/games/{gid}?lang=fr").get_data(as_text=True)


def test_the_sheet_names_riichi_as_every_other_page_does(client):
    # the sheet, its PDF and the CSV said « riichi EMA 2016 » where the rest said « Riichi (EMA 2016) »
    gid = new_game(client, "riichi")
    post(client, gid, {"kind": "draw"})
    for lang in ("en", "fr"):
        sheet = client.get(f"/games/{gid}/sheet?lang={lang}").get_data(as_text=True)
        assert "Riichi (EMA 2016)" in sheet and "EMA riichi" not in sheet and "riichi EMA" not in sheet


def test_a_riichi_half_game_ends_after_the_east_round(client):
    # a riichi club plays half games on short evenings: after E4 the page went on to "S1" and the
    # game had to be broken off, its sheet saying "the players ended the game here"
    from .conftest import csrf_of
    from .test_score_sheet_layout import _pages
    gid = new_game(client, "riichi", east_only=True)
    for dealer in range(4):                       # each dealer loses the deal to the next player's win
        post(client, gid, {"hand": "123m456p789s1122s 2s", "winner": (dealer + 1) % 4, "discarder": dealer,
                               "context": {"dora_indicators": ["1z"]}, "riichi": [(dealer + 1) % 4]})
    view = client.get(f"/api/games/{gid}").json
    assert view["finished"] and view["next"] is None and len(view["final"]) == 4
    assert [h["round_wind"] for h in view["hands"]] == ["E"] * 4
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert "· half game" in page
    text = " ".join(r[3] for p in _pages(client.get(f"/games/{gid}/sheet.pdf").data) for r in p)
    assert "Riichi (EMA 2016) (half game) - score sheet" in text
    # offered on the new-game form for riichi, refused for another rule set
    token = csrf_of(client)
    r = client.post("/games", data={"csrf_token": token, "rules": "riichi", "flow_east_only": "1",
                                    **{f"player{i}": p for i, p in enumerate(PLAYERS)}})
    assert r.status_code == 303
    newest = client.get("/api/games").json["games"][0]
    assert newest["flow"].get("east_only") is True
    bad = client.post("/api/games", json={"rules": "mcr", "players": PLAYERS, "flow": {"east_only": True}})
    assert bad.status_code == 400 and "a riichi option" in bad.json["error"]["message"]


def test_a_riichi_club_starts_at_25000_with_its_own_uma(client):
    # a club playing 25,000 starts with an uma of 20/10 could only record 002's 30,000 and 15/5:
    # every final score was off by the uma and the start
    from .conftest import csrf_of
    from .test_score_sheet_layout import _pages
    token = csrf_of(client)
    page = client.get("/games?lang=en").get_data(as_text=True)
    assert 'name="flow_start_points"' in page and 'value="20000,10000,-10000,-20000"' in page
    r = client.post("/games", data={"csrf_token": token, "rules": "riichi", "flow_east_only": "1",
                                    "flow_start_points": "25000", "flow_uma": "20000,10000,-10000,-20000",
                                    **{f"player{i}": p for i, p in enumerate(PLAYERS)}})
    assert r.status_code == 303
    gid = client.get("/api/games").json["games"][0]["id"]
    flow = client.get(f"/api/games/{gid}").json["game"]["flow"]
    assert flow["start_points"] == 25000 and flow["uma"] == [20000, 10000, -10000, -20000]
    for winner, discarder in ((1, 0), (2, 0), (3, 0), (0, 2)):      # each dealer loses the deal
        post(client, gid, {"hand": "123m456p789s1122s 2s", "winner": winner, "discarder": discarder,
                           "context": {"dora_indicators": ["1z"]}, "riichi": [winner]})
    view = client.get(f"/api/games/{gid}").json
    assert view["finished"] and sum(r["score"] for r in view["final"]) == 0
    last = min(view["final"], key=lambda r: r["points"])
    assert last["seat"] == 0 and last["uma"] == -20000             # dealt in three times
    for r in view["final"]:
        assert r["score"] == r["points"] - 25000 + r["uma"]
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert "house rules (starting points: 25,000, uma: +20,000 / +10,000 / -10,000 / -20,000)" in page
    sheet = client.get(f"/games/{gid}/sheet?lang=fr").get_data(as_text=True)
    assert "règles maison (uma : +20\u202f000 / +10\u202f000 / -10\u202f000 / -20\u202f000)" in sheet
    assert "points de départ 25\u202f000" in sheet                 # said once
    text = " ".join(r[3] for p in _pages(client.get(f"/games/{gid}/sheet.pdf?lang=en").data) for r in p)
    assert "house rules (uma: +20,000 / +10,000 / -10,000 / -20,000)" in text and "starting points 25,000" in text
    # carried by an export imported again
    again = client.post("/api/games/import", json=client.get(f"/api/games/{gid}/export.json").json)
    assert again.status_code == 201 and again.json["final"] == view["final"]
    # 002's own figures are not stored as house rules; a typo is said in the form, kept
    r = client.post("/games", data={"csrf_token": token, "rules": "riichi", "flow_start_points": "30000",
                                    "flow_uma": "15000,5000,-5000,-15000",
                                    **{f"player{i}": p for i, p in enumerate(PLAYERS)}})
    assert r.status_code == 303
    assert "start_points" not in client.get("/api/games").json["games"][0]["flow"]
    r = client.post("/games?lang=en", data={"csrf_token": token, "rules": "riichi", "flow_start_points": "25050",
                                            **{f"player{i}": p for i, p in enumerate(PLAYERS)}})
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and "whole number of hundreds" in page and 'value="25050"' in page
    r = client.post("/games?lang=fr", data={"csrf_token": token, "rules": "riichi", "flow_uma": "1,2,3,4",
                                            **{f"player{i}": p for i, p in enumerate(PLAYERS)}})
    assert r.status_code == 400 and "uma inconnu" in r.get_data(as_text=True)
    bad = client.post("/api/games", json={"rules": "hk", "players": PLAYERS, "flow": {"uma": [0, 0, 0, 0]}})
    assert bad.status_code == 400 and "riichi options" in bad.json["error"]["message"]


def test_the_rate_a_game_was_settled_at_is_kept_with_it(client):
    # a club settled a game at 0.5 EUR; the page opened again the next day, its sheet printed
    # from the games list, had forgotten the rate (it lived in the page's address)
    import json
    import re

    from .conftest import csrf_of

    def settle(**values):
        return client.post(f"/games/{gid}/money", data={"csrf_token": csrf_of(client), "lang": "en", **values})
    gid = play_riichi_game(client)
    r = settle(rate="0.5", unit="EUR", step="0.5")
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{gid}?lang=en#money")
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert 'id="money-amounts"' in page and 'id="money-forget"' in page
    assert re.search(r'name="rate"[^>]*value="0.5"', page) and re.search(r'name="unit"[^>]*value="EUR"', page)
    assert 'id="sheet-money"' in client.get(f"/games/{gid}/sheet?lang=en").get_data(as_text=True)
    assert b"Settled in money" in client.get(f"/games/{gid}/sheet.pdf?lang=en").data
    assert "money (EUR)" in client.get(f"/games/{gid}/export.csv").get_data().decode("utf-8-sig")
    # a rate in the page's address settles that page alone: a link or bookmark keeps nothing
    assert client.get(f"/games/{gid}?lang=en&rate=7").status_code == 200
    assert re.search(r'name="rate"[^>]*value="0.5"', client.get(f"/games/{gid}?lang=en").get_data(as_text=True))
    # another rate replaces it; one the form refuses is said at the form and keeps the one kept
    settle(rate="2")
    r = settle(rate="abc", unit="EUR")
    assert r.status_code == 303 and "rate=abc" in r.headers["Location"]
    refused = client.get(r.headers["Location"])
    text = html.unescape(refused.get_data(as_text=True))
    # the kept rate is said to stand (the refusal's page looked as if it was lost)
    assert refused.status_code == 400 and 'id="money-refused"' in text and 'id="money-forget"' in text
    # and its settlement stays shown beside the refusal (a trial's table was gone until the page was
    # opened again)
    assert "Settled at the rate kept with this game." in text and 'id="money-amounts"' in text
    kept_table = re.search(r'<table id="money-amounts">.*?</table>', text, re.S).group(0)
    page = html.unescape(client.get(f"/games/{gid}?lang=en").get_data(as_text=True))
    assert re.search(r'<table id="money-amounts">.*?</table>', page, re.S).group(0) == kept_table
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert re.search(r'name="rate"[^>]*value="2"', page) and not re.search(r'name="unit"[^>]*value="EUR"', page)
    # the export carries it, and an import keeps it
    export = client.get(f"/games/{gid}/export.json").get_data(as_text=True)
    assert json.loads(export)["game"]["money"] == {"rate": "2"}
    r = client.post("/api/games/import", json=json.loads(export))
    copy = r.json["game"]["id"]
    assert 'id="money-forget"' in client.get(f"/games/{copy}?lang=en").get_data(as_text=True)
    bad = json.loads(export)
    bad["game"]["money"] = {"rate": "lots"}
    r = client.post("/api/games/import", json=bad)
    assert r.status_code == 400 and r.json["error"]["field"] == "game.money", r.json
    # forgotten: the page settles nothing until asked again
    r = client.post(f"/games/{gid}/money/forget", data={"csrf_token": csrf_of(client)})
    assert r.status_code == 303
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert 'id="money-amounts"' not in page and 'id="money-forget"' not in page
    assert "money" not in client.get(f"/games/{gid}/export.json").get_json()["game"]
    # a POST without the session's token keeps nothing (a page of another site cannot set the rate)
    assert client.post(f"/games/{gid}/money", data={"rate": "9"}).status_code == 400
    assert 'id="money-forget"' not in client.get(f"/games/{gid}?lang=en").get_data(as_text=True)


def test_a_tournament_chombo_says_its_cost_on_the_game_page(client):
    # its row moved no points in play (002 §3.4.6: after the uma): a club read "chombo by Chloé"
    # beside four zeros as free
    gid = new_game(client, "riichi", tournament=True)
    post(client, gid, {"kind": "penalty", "offender": C})
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert '<span class="small chombo-cost">−20,000 after uma (tournament)</span>' in page
    other = new_game(client, "riichi")
    post(client, other, {"kind": "penalty", "offender": C})
    assert "chombo-cost" not in client.get(f"/games/{other}?lang=en").get_data(as_text=True)


def test_the_sheet_and_its_pdf_carry_the_settlement_the_game_page_made(client):
    # a family settled in money on the game page; the printed sheet and the PDF they sign said
    # nothing of who pays whom
    import re
    gid = play_riichi_game(client)
    page = client.get(f"/games/{gid}?lang=en&rate=0.5&unit=EUR").get_data(as_text=True)
    pdf_link = re.search(r'href="([^"]+)" id="sheet-pdf"', page).group(1).replace("&amp;", "&")
    sheet_link = re.search(r'href="([^"]+)" id="score-sheet"', page).group(1).replace("&amp;", "&")
    assert "rate=0.5" in pdf_link and "unit=EUR" in pdf_link and "per=" not in pdf_link
    sheet = client.get(sheet_link + "&lang=en").get_data(as_text=True)
    said = re.sub(r"\s+", " ", sheet[sheet.index('id="sheet-money"'):])
    assert "Bob pays" not in said and "pays Bob" in said and " EUR" in said          # Bob won the evening
    pdf = client.get(pdf_link).data
    assert b"(Settled in money) Tj" in pdf and b"pays Bob" in pdf and b"EUR" in pdf
    # the CSV too: each player's sum and who pays whom, the decimal comma on the French file
    import csv
    import io
    csv_link = re.search(r'href="([^"]+)" id="export-csv"', page).group(1).replace("&amp;", "&")
    rows = list(csv.reader(io.StringIO(client.get(csv_link).get_data().decode("utf-8-sig"))))
    money_at = rows.index(["player", "money (EUR)"])
    sums = {r[0]: float(r[1]) for r in rows[money_at + 1:money_at + 5]}
    assert len(sums) == 4 and abs(sum(sums.values())) < 1e-9 and sums["Bob"] > 0, sums
    # with their cents, as the page and the PDF write them ("-2.8" and "-25" were written)
    assert all(re.fullmatch(r"-?\d+\.\d\d", r[1]) for r in rows[money_at + 1:money_at + 5]), rows[money_at:]
    assert ["payer", "payee", "amount (EUR)"] in rows and any(r[1:2] == ["Bob"] for r in rows[money_at + 6:])
    fr = client.get(f"/games/{gid}/export.csv?lang=fr&sep=semicolon&rate=0.5&unit=EUR").get_data().decode("utf-8-sig")
    assert "joueur;argent (EUR)" in fr and re.search(r"\nBob;\d+,\d\d\n", fr.replace("\r", "")), fr[-300:]
    # not settled on the page (a rate in its address is not kept): the sheet and the PDF as before
    page = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert "rate=" not in re.search(r'href="([^"]+)" id="sheet-pdf"', page).group(1)
    assert b"Settled in money" not in client.get(f"/games/{gid}/sheet.pdf").data
    assert 'id="sheet-money"' not in client.get(f"/games/{gid}/sheet").get_data(as_text=True)
    assert "money" not in client.get(f"/games/{gid}/export.csv").get_data().decode("utf-8-sig")
    # a rate the form would refuse settles nothing, and the sheet is still served
    r = client.get(f"/games/{gid}/sheet?rate=abc")
    assert r.status_code == 200 and 'id="sheet-money"' not in r.get_data(as_text=True)


def test_a_riichi_games_hand_page_does_not_call_riichi_assumed(client):
    """The game's form asks who declared riichi: a winner not among them did not declare, and the
    hand page said "Assumed (not given): riichi (no)" (a club-night trial)."""
    gid = client.post("/api/games", json={"rules": "riichi", "players": PLAYERS}).json["game"]["id"]
    r = client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m123p5s 5s", "winner": 2, "discarder": 0,
                                                       "riichi": [1]})
    assert r.status_code == 201, r.json
    assert "riichi" not in r.json["hand"]["score"]["assumed"]
    page = client.get(f"/games/{gid}/hands/1?lang=en").get_data(as_text=True)
    assert "riichi (no)" not in page


def test_a_games_context_gives_the_next_hands_round_wind_not_the_last_wins(client):
    # GET /api/games gave the East round's wind, remembered from the last win, with the game in
    # the South round after draws
    gid = new_game(client, "mcr")
    post(client, gid, {"hand": "123456789m123p5z 5z", "winner": B, "discarder": A})
    for _ in range(3):
        post(client, gid, {"kind": "draw"})
    listed = next(g for g in client.get("/api/games").json["games"] if g["id"] == gid)
    shown = client.get(f"/api/games/{gid}").json
    assert shown["round_wind"] == "S" and shown["game"]["context"]["round_wind"] == "S"
    assert listed["context"]["round_wind"] == "S"


def test_a_round_its_rules_do_not_play_is_refused(client):
    # a riichi game took a hand of the West round by hand and went on in it (002 §3.1: the East
    # and the South rounds); a half game has no South round; MCR plays all four
    riichi = new_game(client, "riichi")
    r = client.post(f"/api/games/{riichi}/hands", json={"kind": "draw", "round_wind": "W"})
    assert r.status_code == 400 and r.json["error"]["field"] == "round_wind"
    assert r.json["error"]["message"] == ("there is no West round in this game: its rules play no such round "
                                          "(docs/rulings.md)")
    assert client.post(f"/api/games/{riichi}/hands", json={"kind": "draw", "round_wind": "S"}).status_code == 201
    half = new_game(client, "riichi", east_only=True)
    assert client.post(f"/api/games/{half}/hands", json={"kind": "draw", "round_wind": "S"}).status_code == 400
    mcr = new_game(client, "mcr")
    assert client.post(f"/api/games/{mcr}/hands", json={"kind": "draw", "round_wind": "W"}).status_code == 201
    # and the review page offers a game's own rounds
    offered = lambda gid: re.findall(r'<option value="([ESWN])"', client.get(f"/review/new?game={gid}&lang=en")
                                     .get_data(as_text=True).split('name="round_wind"')[1].split("</select>")[0])
    assert offered(riichi) == ["E", "S"] and offered(half) == ["E"] and offered(mcr) == ["E", "S", "W", "N"]


def test_a_hand_recorded_in_a_round_the_rules_do_not_play_can_still_be_edited_and_imported(client, monkeypatch):
    # the refusal is of a new wind: a riichi hand recorded in the West round before it was refused
    # kept it in every edit (the edit form sends the hand's own round back) and in its game's export
    from webui import gamelog, review, settlement
    gid = new_game(client, "riichi")
    monkeypatch.setattr(gamelog, "played_rounds", lambda game: settlement.WINDS)
    post(client, gid, {"kind": "draw", "round_wind": "W"})
    monkeypatch.undo()
    r = client.put(f"/api/games/{gid}/hands/1", json={"kind": "draw", "round_wind": "W", "note": "kept"})
    assert r.status_code == 200, r.json
    export = client.get(f"/games/{gid}/export.json").get_json()
    assert client.post("/api/games/import", json=export).status_code == 201
    # and a review page opened on such a hand offers its round beside the game's own
    game = client.get(f"/api/games/{gid}").json["game"]
    assert review._round_winds(game, {"round_wind": "W"}) == ["E", "S", "W"]
    assert review._round_winds(game, None) == ["E", "S"] and review._round_winds(None) == list(settlement.WINDS)


def test_a_hong_kong_double_kong_is_not_carried_to_the_next_hand(app, client):
    # the game remembered one hand's double kong: every later photo of the game was scored "a
    # double kong win needs two kongs in the hand", no win
    from webui import gamelog
    from webui.store import get_store
    gid = new_game(client, "hk")
    r = client.post(f"/api/games/{gid}/hands", json={"hand": "[1111m][2222p]345s678s9s 9s", "winner": 1,
                                                     "discarder": None,
                                                     "context": {"kong_replacement": True, "double_kong": True}})
    assert r.status_code == 201, r.json
    game = client.get(f"/api/games/{gid}").json["game"]
    assert "double_kong" not in game["context"] and "bao_exempt" not in game["context"]
    with app.app_context():
        store = get_store()
        store.conn.execute("UPDATE games SET context = ? WHERE id = ?",          # remembered before
                           ('{"double_kong": true, "bao_exempt": true}', gid))
        assert "double_kong" not in gamelog.reading_context(store, store.get_game(gid))
    page = client.get(f"/review/new?game={gid}").get_data(as_text=True)
    assert not re.search(r'name="ctx_double_kong"[^>]*checked', page)
