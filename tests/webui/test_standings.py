"""The standings across games (webui/standings.py, /games/standings): a club adds up its finished
games of one rule set player by player; a game in play waits until it is over."""
from __future__ import annotations

import csv
import html
import io
import re
from datetime import date, timedelta

import pytest

from webui.validation import InputError

from .test_game_flow import PLAYERS, new_game, play_riichi_game, post


def _game(client, rules, players):
    r = client.post("/api/games", json={"rules": rules, "players": players})
    assert r.status_code == 201, r.json
    return r.json["game"]["id"]


def _final(client, gid) -> dict:
    return {r["player"]: r for r in client.get(f"/api/games/{gid}").json["final"]}


def _club(client):
    """Two finished riichi games (the second one's Bob typed "bob", ended after a draw), one riichi
    game still in play and a finished MCR game."""
    first = play_riichi_game(client)                    # Bob 1st +19,600, Ann 2nd, Di 3rd, Cy 4th
    second = _game(client, "riichi", ["bob", "Eve", "Ann", "Cy"])
    post(client, second, {"kind": "draw", "tenpai": [0]})
    post(client, second, {"kind": "end"})
    in_play = new_game(client, "riichi")
    post(client, in_play, {"kind": "draw"})
    mcr = new_game(client, "mcr")
    post(client, mcr, {"hand": "123456789m123p5z 5z", "winner": 3, "discarder": 0})
    post(client, mcr, {"kind": "end"})
    return first, second


def test_finished_games_add_up_player_by_player(client):
    from webui import standings
    from webui.store import get_store
    first, second = _club(client)
    one, two = _final(client, first), _final(client, second)
    with client.application.app_context():
        table = standings.club_standings(get_store(), "riichi")
    assert table["games"] == 2 and table["in_play"] == 1
    rows = {r["name"]: r for r in table["players"]}
    # "Bob" and "bob" are one player (each spelling in one game: the one with capitals shown, not
    # the newest game's lowercase, as a phone's keyboard leaves it); the MCR game's Di win does not
    # count among riichi's
    assert set(rows) == {"Ann", "Bob", "Cy", "Di", "Eve"}
    # riichi has no table points: none per player either (docs/webui.md: null; 0.0 read as counted)
    assert {r["table_points"] for r in table["players"]} == {None}
    rows["bob"] = rows["Bob"]
    assert rows["bob"]["games"] == 2 and rows["bob"]["total"] == one["Bob"]["score"] + two["bob"]["score"]
    assert rows["bob"]["places"] == [2, 0, 0, 0] and rows["bob"]["average_rank"] == 1.0
    assert rows["bob"]["per_game"] == rows["bob"]["total"] / 2
    assert [g["id"] for g in table["counted"]] == [second, first] and table["alike"] == []
    assert rows["bob"]["best"] == max(one["Bob"]["score"], two["bob"]["score"]) == 19600
    assert rows["Ann"]["total"] == one["Ann"]["score"] + two["Ann"]["score"]
    assert rows["Ann"]["places"][one["Ann"]["rank"] - 1] >= 1 and sum(rows["Ann"]["places"]) == 2
    assert rows["Di"]["games"] == 1 and rows["Di"]["total"] == one["Di"]["score"]
    assert [r["name"] for r in table["players"]][0] == "Bob"
    totals = [r["total"] for r in table["players"]]
    assert totals == sorted(totals, reverse=True)
    # 002 §3.6: the final scores of a game add up to nothing (the uma too), so do the standings
    assert sum(totals) == 0


def test_players_level_share_a_place_and_days_choose_the_games(client):
    from webui import standings
    from webui.store import get_store
    gid = _game(client, "mcr", PLAYERS)
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "end"})
    today = date.today()
    with client.application.app_context():
        table = standings.club_standings(get_store(), "mcr")
        assert [(r["rank"], r["total"]) for r in table["players"]] == [(1, 0)] * 4     # four level: one place
        # in the game they were all first at the table; their places shared out, each is 2.5th
        assert [(r["places"], r["average_rank"]) for r in table["players"]] == [([1, 0, 0, 0], 2.5)] * 4
        assert standings.club_standings(get_store(), "mcr", since=today - timedelta(days=1))["games"] == 1
        assert standings.club_standings(get_store(), "mcr", since=today + timedelta(days=1))["games"] == 0
        assert standings.club_standings(get_store(), "mcr", until=today - timedelta(days=1))["players"] == []


def test_the_standings_page_and_its_csv(client):
    first, second = _club(client)
    games = client.get("/games?lang=en").get_data(as_text=True)
    assert 'id="standings-link"' in games
    page = client.get("/games/standings?rules=riichi&lang=en").get_data(as_text=True)
    assert "2 finished games counted." in page and "Games still in play, not counted until they are over: 1." in page
    assert page.index(">Bob<") < page.index(">Eve<")
    # a screen reader read the places "2 dot 0 dot 0 dot 0": said in words, the dots hidden from it
    assert '<span aria-hidden="true">2·0·0·0</span><span class="sr-only">Games finished 1st, 2nd, 3rd and 4th: ' \
           '2, 0, 0, 0</span>' in page
    r = client.get("/games/standings.csv?rules=riichi")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(r.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0] == ["Rank", "Player", "Games", "Total", "Per game", "Average rank", "Best game", "1st", "2nd", "3rd",
                       "4th"]
    one, two = _final(client, first), _final(client, second)
    assert rows[1][:4] == ["1", "Bob", "2", str(one["Bob"]["score"] + two["bob"]["score"])]
    # a French spreadsheet: semicolons, French headings, an average rank with a decimal comma
    fr = client.get("/games/standings.csv?rules=riichi&sep=semicolon&lang=fr").get_data(as_text=True).lstrip("\ufeff")
    lines = list(csv.reader(io.StringIO(fr), delimiter=";"))
    assert lines[0][:6] == ["Rang", "Joueur", "Parties", "Total", "Par partie", "Rang moyen"]
    assert len(lines) == 6
    assert "Classement sur plusieurs parties" in client.get("/games/standings?lang=fr").get_data(as_text=True)


def test_the_games_page_offers_the_standings_once_a_game_is_over(client):
    gid = new_game(client, "mcr")
    assert 'id="standings-link"' not in client.get("/games").get_data(as_text=True)
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "end"})
    assert 'id="standings-link"' in client.get("/games").get_data(as_text=True)


def test_bad_days_and_rules_are_refused_with_the_reason(client):
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "end"})
    assert 'id="club-standings"' in client.get("/games/standings").get_data(as_text=True)
    r = client.get("/games/standings?since=03/12/2026", headers={"Accept": "application/json"})
    # the field by the form's words (a club read "since doit être une date…")
    assert r.status_code == 400 and "“Games started from” must be a date written YYYY-MM-DD" in r.get_data(as_text=True)
    r = client.get("/games/standings?since=2026-12-03&until=2026-12-01")
    assert r.status_code == 400 and "the first day (2026-12-03) is after the last (2026-12-01)" in r.get_data(as_text=True)
    # said at the form, the days kept (an error page's Back led to the photo page)
    page = r.get_data(as_text=True)
    assert 'id="standings-form"' in page and 'value="2026-12-03"' in page and 'value="2026-12-01"' in page
    # and no table of every day's games under the refusal, as if the days were taken
    assert 'id="club-standings"' not in page and 'id="counted"' not in page
    r = client.get("/games/standings?rules=poker")
    assert r.status_code == 400 and "unknown rules &#39;poker&#39;: one of" in r.get_data(as_text=True)
    # the code /api/score, /api/read and /api/games give an unknown rule set (it was bad_field here)
    r = client.get("/api/standings?rules=poker")
    assert r.status_code == 400 and r.json["error"]["code"] == "unknown_rules" and r.json["error"]["field"] == "rules"
    fr = client.get("/games/standings?since=hier&lang=fr").get_data(as_text=True)
    assert "« Parties commencées du » doit être une date écrite AAAA-MM-JJ" in fr


def test_the_csv_writes_a_french_decimal_comma_and_keeps_a_name_from_running_as_a_formula():
    from webui import standings
    table = {"players": [{"rank": 1, "name": "=SUM(A1)", "games": 2, "total": 5, "per_game": 2.5, "average_rank": 2.5,
                          "best": 4, "places": [1, 0, 1, 0]}]}
    assert standings.standings_csv(table, str, ";").splitlines()[1] == "1;'=SUM(A1);2;5;2,5;2,5;4;1;0;1;0"
    assert standings.standings_csv(table, str).splitlines()[1] == "1,'=SUM(A1),2,5,2.5,2.5,4,1,0,1,0"


def test_what_a_club_trial_found(client):
    """A club secretary's evening: a game ended before its first hand gave four first places; a
    game recorded twice was counted twice without a word; a typo in the newest game renamed a
    player everywhere; three players level after the winner were each counted second."""
    from webui import standings
    from webui.store import get_store
    empty = new_game(client, "mcr")
    r = client.post(f"/api/games/{empty}/hands", json={"kind": "end"})
    assert r.status_code == 400 and "no hand was played in this game" in r.json["error"]["message"]
    names = [["Léa", "Bob", "Cy", "Di"], ["Léa", "Bob", "Cy", "Di"], ["léa", "Bob", "Cy", "Di"]]
    ids = []
    for players in names:
        gid = _game(client, "mcr", players)
        post(client, gid, {"hand": "123456789m123p5z 5z", "winner": 1, "discarder": None})    # self-drawn: three level
        post(client, gid, {"kind": "end"})
        ids.append(gid)
    with client.application.app_context():
        table = standings.club_standings(get_store(), "mcr")
        assert [[g["id"] for g in group] for group in table["alike"]] == [ids]
        rows = {r["name"]: r for r in table["players"]}
        assert "Léa" in rows and rows["Léa"]["games"] == 3            # two games write Léa, one léa
        # Bob first, the three others level: each (2 + 3 + 4) / 3 = third, at the table's 2nd place
        assert rows["Léa"]["places"] == [0, 3, 0, 0] and rows["Léa"]["average_rank"] == 3.0
        assert rows["Bob"]["average_rank"] == 1.0
        ranked = standings.club_standings(get_store(), "mcr", min_games=4)
        assert ranked["players"] == [] and ranked["fewer_games"] == 4
    page = client.get("/games/standings?rules=mcr&lang=en").get_data(as_text=True)
    assert "These games have the same players and hands" in page and page.count(f'href="/games/{ids[0]}"') == 2
    # rule sets by their other names, as mjtable score takes them; one never played is offered
    assert client.get("/api/standings?rules=Hong%20Kong").json["rules"] == "hk"
    assert '<option value="classical" selected>' in client.get("/games/standings?rules=classical").get_data(as_text=True)
    r = client.get("/games/standings.csv?rules=mcr&since=2026-01-01")
    assert 'filename="mjtable-standings-mcr-2026-01-01.csv"' in r.headers["Content-Disposition"]
    r = client.get("/games/standings?min_games=0")
    assert r.status_code == 400 and "“Ranked from (games)” must be a whole number from 1 to 10000" in r.get_data(as_text=True)
    # days with no game say that finished games are elsewhere
    page = client.get("/games/standings?rules=mcr&until=2000-01-01&lang=en").get_data(as_text=True)
    assert "0 finished games counted. Finished games of other days: 3." in page


def test_a_games_end_needs_a_hand_before_it_whichever_way_it_comes(client):
    # edited into the only hand, or left first by deleting the hand before it, the end gave a
    # final table of four first places; a game of false wins alone can still end
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    r = client.put(f"/api/games/{gid}/hands/1", json={"kind": "end"})
    assert r.status_code == 400 and "no hand was played in this game" in r.json["error"]["message"]
    post(client, gid, {"kind": "end"})
    r = client.delete(f"/api/games/{gid}/hands/1", json={})
    assert r.status_code == 400 and "hand 1 is the only one before the game's end" in r.json["error"]["message"]
    assert [h["kind"] for h in client.get(f"/api/games/{gid}").json["hands"]] == ["draw", "end"]
    penalties = new_game(client, "mcr")
    post(client, penalties, {"kind": "penalty", "offender": 2})
    post(client, penalties, {"kind": "end"})
    assert client.get(f"/api/games/{penalties}").json["finished"] is True


def test_two_games_of_draws_alone_are_not_taken_for_copies(client):
    from webui import standings
    from webui.store import get_store
    for _ in range(2):
        gid = new_game(client, "mcr")
        post(client, gid, {"kind": "draw"})
        post(client, gid, {"kind": "end"})
    with client.application.app_context():
        assert standings.club_standings(get_store(), "mcr")["alike"] == []


def test_the_final_table_from_sqlites_sums_is_the_game_pages(client):
    # the standings read each game's final table without its hands: the same as the game page's,
    # a tournament chombo taken after the uma (002 §3.4.6) and a Hong Kong half point too
    from webui import gamelog
    from webui.store import get_store
    riichi = play_riichi_game(client)
    tournament = new_game(client, "riichi", tournament=True)
    post(client, tournament, {"kind": "chombo", "offender": 2})
    post(client, tournament, {"kind": "draw", "tenpai": [1]})
    post(client, tournament, {"kind": "end"})
    hk = new_game(client, "hk")
    post(client, hk, {"hand": "123m456p789s11p22z 2z", "winner": 1, "discarder": 2})
    post(client, hk, {"kind": "end"})
    with client.application.app_context():
        store = get_store()
        for gid in (riichi, tournament, hk):
            view = gamelog.game_view(store, gid)
            assert gamelog.final_table(store, store.get_game(gid)) == view["final"], gid
        assert any(r["penalty"] for r in gamelog.game_view(store, tournament)["final"])
    # the standings' CSV says the penalty its totals hold (they added up to -20,000 unexplained)
    rows = list(csv.reader(io.StringIO(client.get("/games/standings.csv?rules=riichi").get_data(as_text=True))))
    assert rows[0][-1] == "Penalties after the uma"
    by_name = {r[1]: r for r in rows[1:]}
    assert by_name["Cy"][-1] == "-20000" and by_name["Ann"][-1] == "0"
    assert sum(float(r[3]) for r in rows[1:]) == -20000
    assert "Penalties" not in client.get("/games/standings.csv?rules=hk").get_data(as_text=True)


def test_mcr_table_points_are_counted_and_can_rank(client):
    """MCR standings give each player 4, 2, 1 or 0 table points a game by place, players level
    sharing the points of the places they cover; ranked by them on asking, by total otherwise."""
    from webui import standings
    from webui.store import get_store
    win = _game(client, "mcr", PLAYERS)                  # Di wins once: Di 1st, the discarder 4th
    post(client, win, {"hand": "123456789m123p5z 5z", "winner": 3, "discarder": 0})
    post(client, win, {"kind": "end"})
    level = _game(client, "mcr", PLAYERS)                # a draw alone: all four level
    post(client, level, {"kind": "draw"})
    post(client, level, {"kind": "end"})
    final = _final(client, win)
    with client.application.app_context():
        table = standings.club_standings(get_store(), "mcr")
        by_points = standings.club_standings(get_store(), "mcr", rank_by="table_points")
        riichi = standings.club_standings(get_store(), "riichi")
        riichi_by_points = standings.club_standings(get_store(), "riichi", rank_by="table_points")
        with pytest.raises(InputError):
            standings.club_standings(get_store(), "mcr", rank_by="points")
    assert table["table_points"] == [4, 2, 1, 0] and riichi["table_points"] is None
    # a rule set without table points is ranked by total when asked otherwise (a page switched
    # from MCR to riichi keeps its ranking's choice), and says so
    assert riichi_by_points["rank_by"] == "total" and riichi_by_points["ranked_by_total_instead"]
    assert not table["ranked_by_total_instead"]
    rows = {r["name"]: r for r in table["players"]}
    # the level game: (4 + 2 + 1 + 0) / 4 each; the won game by place (Ann, Bob, Cy level behind Di
    # when the others paid alike: the points of the places they share, shared out)
    for name, row in final.items():
        level_with = sum(1 for r in final.values() if r["rank"] == row["rank"])
        first = row["rank"] - 1
        expected = sum((4, 2, 1, 0)[first:first + level_with]) / level_with + 7 / 4
        assert rows[name]["table_points"] == round(expected, 2), (name, row)
    assert sum(r["table_points"] for r in table["players"]) == 14
    assert by_points["players"][0]["name"] == "Di" and by_points["rank_by"] == "table_points"
    points = [r["table_points"] for r in by_points["players"]]
    assert points == sorted(points, reverse=True)
    page = client.get("/games/standings?rules=mcr&rank_by=table_points&lang=en").get_data(as_text=True)
    assert "Table points" in page and 'value="table_points" selected' in page and "rank_by=table_points" in page
    assert "This table is ranked by table points instead" in page
    assert "ranked by table points instead" not in client.get("/games/standings?rules=mcr&lang=en").get_data(as_text=True)
    assert "Table points" not in client.get("/games/standings?rules=riichi&lang=en").get_data(as_text=True)
    exported = client.get("/games/standings.csv?rules=mcr&rank_by=table_points")
    rows_csv = list(csv.reader(io.StringIO(exported.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows_csv[0][-1] == "Table points" and rows_csv[1][1] == "Di"
    assert 'filename="mjtable-standings-mcr-table-points.csv"' in exported.headers["Content-Disposition"]
    switched = client.get("/games/standings?rules=riichi&rank_by=table_points&lang=en")
    assert switched.status_code == 200 and "has no table points: ranked by total." in switched.get_data(as_text=True)
    refused = client.get("/games/standings?rules=mcr&rank_by=points&lang=fr")
    assert refused.status_code == 400 and "classement inconnu « points » : total ou table_points" in html.unescape(refused.get_data(as_text=True))


def test_games_under_different_house_rules_are_said_apart(client):
    """A club's tournament nights (uma 20/10, 25,000 to start) were added to its friendly games
    (002's defaults) without a word: the standings say which games were played under which rules."""
    from webui import standings
    from webui.store import get_store

    from .conftest import csrf_of
    friendly = _game(client, "riichi", PLAYERS)
    post(client, friendly, {"kind": "draw"})
    post(client, friendly, {"kind": "end"})
    with client.application.app_context():
        assert standings.club_standings(get_store(), "riichi")["house_rules"] == []
    r = client.post("/games", data={"csrf_token": csrf_of(client), "rules": "riichi", "flow_start_points": "25000",
                                    "flow_uma": "20000,10000,-10000,-20000",
                                    **{f"player{i}": p for i, p in enumerate(PLAYERS)}})
    assert r.status_code == 303
    tournament = client.get("/api/games").json["games"][0]["id"]
    post(client, tournament, {"kind": "draw"})
    post(client, tournament, {"kind": "end"})
    with client.application.app_context():
        variants = standings.club_standings(get_store(), "riichi")["house_rules"]
    assert [[g["id"] for g in v["games"]] for v in variants] in ([[friendly], [tournament]], [[tournament], [friendly]])
    assert {json_flow(v) for v in variants} == {(), (("start_points", 25000), ("uma", (20000, 10000, -10000, -20000)))}
    page = html.unescape(client.get("/games/standings?rules=riichi&lang=en").get_data(as_text=True))
    assert "These games were played under different house rules" in page
    assert "1 game: no house rules" in page and "1 game: house rules (starting points: 25,000, uma: +20,000" in page
    fr = html.unescape(client.get("/games/standings?rules=riichi&lang=fr").get_data(as_text=True))
    assert "règles maison différentes" in fr and "sans règle maison" in fr


def test_standings_tell_tournament_and_half_games_apart_but_not_the_rules_own_figures(client):
    """A game made through the API with 002's own figures (30,000, uma 15/5) is no house rule; a
    tournament game (its chombo -20,000 after uma) and a half game are told apart."""
    from webui import standings
    from webui.store import get_store
    ids = {}
    for key, flow in (("plain", {}), ("defaults", {"start_points": 30000, "uma": [15000, 5000, -5000, -15000]}),
                      ("tournament", {"tournament": True}), ("half", {"east_only": True})):
        r = client.post("/api/games", json={"rules": "riichi", "players": PLAYERS, "flow": flow})
        assert r.status_code == 201, r.json
        ids[key] = r.json["game"]["id"]
        post(client, ids[key], {"kind": "draw"})
        post(client, ids[key], {"kind": "end"})
    with client.application.app_context():
        variants = standings.club_standings(get_store(), "riichi")["house_rules"]
    groups = sorted(sorted(g["id"] for g in v["games"]) for v in variants)
    assert groups == sorted([sorted([ids["plain"], ids["defaults"]]), [ids["tournament"]], [ids["half"]]])
    page = html.unescape(client.get("/games/standings?rules=riichi&lang=en").get_data(as_text=True))
    assert "2 games: no house rules" in page and "1 game: tournament" in page and "1 game: half game" in page


def json_flow(variant: dict) -> tuple:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in variant["flow"].items()))


def test_the_default_standings_are_of_rules_with_a_finished_game(client):
    # a finished riichi game and a Hong Kong evening still in play (more games, none over): the
    # standings chose Hong Kong, the rules most played, and said "0 finished games counted"
    riichi = new_game(client, "riichi")
    post(client, riichi, {"kind": "draw", "tenpai": [0]})
    post(client, riichi, {"kind": "end"})
    for _ in range(2):
        post(client, new_game(client, "hk"), {"kind": "draw"})
    view = client.get("/api/standings").json
    assert view["rules"] == "riichi" and len(view["counted"]) == 1, view
    assert client.get("/api/standings?rules=hk").json["counted"] == []
    # the rules with the most finished games, not those most played: two MCR games finished
    # beside riichi games in play chose riichi, and ranking by table points (MCR's) said riichi
    # has none
    for _ in range(2):
        mcr = new_game(client, "mcr")
        post(client, mcr, {"kind": "draw"})
        post(client, mcr, {"kind": "end"})
    for _ in range(3):
        post(client, new_game(client, "riichi"), {"kind": "draw", "tenpai": [0]})
    assert client.get("/api/standings").json["rules"] == "mcr"
    post(client, riichi2 := new_game(client, "riichi"), {"kind": "draw", "tenpai": [0]})
    post(client, riichi2, {"kind": "end"})
    post(client, riichi3 := new_game(client, "riichi"), {"kind": "draw", "tenpai": [0]})
    post(client, riichi3, {"kind": "end"})
    assert client.get("/api/standings").json["rules"] == "riichi"      # three finished against two
    view = client.get("/api/standings?rank_by=table_points").json
    assert view["rules"] == "mcr" and view["rank_by"] == "table_points", view
    # games ended before their first hand (kept so by an older mjtable) count as the standings count
    # them: none (four such Hong Kong games chose Hong Kong, and "0 finished games counted")
    import contextlib
    import sqlite3
    empty = []
    for _ in range(4):
        g = new_game(client, "hk")
        post(client, g, {"kind": "draw"})
        post(client, g, {"kind": "end"})
        empty.append(g)
    with contextlib.closing(sqlite3.connect(client.application.config["DATABASE"])) as conn, conn:
        conn.execute("PRAGMA foreign_keys = OFF")
        for g in empty:
            conn.execute("DELETE FROM hands WHERE game_id = ? AND kind != 'end'", (g,))
            conn.execute("UPDATE hands SET seq = 1 WHERE game_id = ?", (g,))
    assert client.get("/api/standings").json["rules"] == "riichi"


def test_whole_table_points_are_written_without_decimals(client):
    # "4.00 / 2.00 / 1.00 / 0.00" (French "4,00") stood on the page and in the command line's
    # table for whole points; shared-out points keep the decimals they need
    from mjtable.commands.games import standings_text
    from webui import i18n
    win = _game(client, "mcr", PLAYERS)
    post(client, win, {"hand": "123456789m123p5z 5z", "winner": 3, "discarder": 0})
    post(client, win, {"kind": "end"})
    page = client.get("/games/standings?rules=mcr&lang=en").get_data(as_text=True)
    cells = re.findall(r'<td class="num table-points[^"]*">([^<]*)</td>', page)
    # one count of decimals for the column, so that the marks line up: Bob and Cy share 2 + 1
    assert sorted(cells) == ["0.0", "1.5", "1.5", "4.0"], cells
    assert [i18n.share_decimals(v) for v in (4.0, 1.5, 1.75, 7 / 3, 0)] == [0, 1, 2, 2, 0]
    assert i18n.share_decimals(4, 0, 1) == 0 and i18n.share_decimals(4, 1.5, 1.75) == 2 and i18n.share_decimals() == 0
    table = client.get("/api/standings?rules=mcr").get_json()
    with client.application.test_request_context("/?lang=en"):
        text = standings_text(table, i18n.t, i18n.number)
    last = [line.split()[-1] for line in text.splitlines() if len(line.split()) == 9 and line.split()[0].isdigit()]
    assert sorted(last) == ["0.0", "1.5", "1.5", "4.0"], text


def test_the_standings_settle_the_evening_in_money(client):
    """A club organiser worked the cash out by hand from the totals: the standings page settles
    them at a rate (riichi per 1,000 points), rounded, each player ranked or not, in few
    payments; a rate that is no number is said at its field."""
    from decimal import Decimal

    from webui import money, standings
    from webui.store import get_store
    _club(client)
    with client.application.app_context():
        totals = standings.club_standings(get_store(), "riichi")["totals"]
    assert set(totals) == {"Ann", "Bob", "Cy", "Di", "Eve"} and sum(totals.values()) == 0
    page = client.get("/games/standings?rules=riichi&rate=0.5&unit=EUR&step=0.5")
    assert page.status_code == 200
    text = html.unescape(page.get_data(as_text=True)).replace("\u00a0", " ")      # the sum and its currency held together
    settled = money.settle(totals, Decimal("0.5"), 1000, Decimal("0.5"), "EUR")
    assert sum(settled.amounts.values()) == 0 and len(settled.payments) <= 4
    for payer, payee, amount in settled.payments:
        assert f"{payer} pays {payee} {money.money(amount, Decimal('0.5'), 'EUR')}" in text
    assert 'id="money" open' in text and "per 1,000 point" in text
    # a player of fewer games than asked is not ranked, yet settled: said
    text = client.get("/games/standings?rules=riichi&rate=1&min_games=2").get_data(as_text=True)
    assert 'id="money-unranked"' in text
    assert 'id="money-unranked"' not in client.get("/games/standings?rules=riichi&rate=1").get_data(as_text=True)
    # no rate: the form only, closed
    text = client.get("/games/standings?rules=riichi").get_data(as_text=True)
    assert 'id="money"' in text and 'id="money" open' not in text and "money-payments" not in text
    # a rate that is no number: refused at its field, the standings still shown
    page = client.get("/games/standings?rules=riichi&rate=lots")
    text = page.get_data(as_text=True)
    assert page.status_code == 400 and "the rate must be a number, such as 0.5" in text and 'aria-invalid="true"' in text
    assert 'id="club-standings"' in text
    # in French, the figures as French writes them
    text = html.unescape(client.get("/games/standings?rules=riichi&rate=0.5&unit=EUR&lang=fr").get_data(as_text=True))
    text = text.replace("\u00a0", " ")
    assert "Régler en argent" in text and ",00 EUR" in text


def test_the_evenings_settlement_is_printed_and_carried_by_the_csv(client):
    # a secretary settled the evening on the standings page: printed, "Who pays whom" was hidden,
    # and the CSV link dropped the rate
    import csv
    import io
    import re
    _club(client)
    page = client.get("/games/standings?rules=riichi&rate=0.5&unit=EUR&lang=en").get_data(as_text=True)
    assert re.search(r'<details class="money" id="money" open>', page)       # printed, the form not
    link = html.unescape(re.search(r'id="standings-csv" href="([^"]+)"', page).group(1))
    assert "rate=0.5" in link and "unit=EUR" in link
    rows = list(csv.reader(io.StringIO(client.get(link).get_data().decode("utf-8-sig"))))
    at = rows.index(["player", "money (EUR)"])
    assert abs(sum(float(r[1]) for r in rows[at + 1:] if len(r) == 2 and r[1])) < 1e-9
    assert ["payer", "payee", "amount (EUR)"] in rows
    unsettled = client.get("/games/standings?rules=riichi&lang=en").get_data(as_text=True)
    assert 'class="no-print money"' in unsettled
    assert "rate=" not in re.search(r'id="standings-csv" href="([^"]+)"', unsettled).group(1)


def test_a_finished_game_s_page_settles_its_final_table_in_money(client):
    """One game's evening at home: its final table settled at a rate, under the final result; a
    game in play shows no settlement."""
    from .test_game_flow import play_riichi_game
    gid = play_riichi_game(client)
    final = _final(client, gid)
    text = html.unescape(client.get(f"/games/{gid}?rate=1&unit=EUR&step=1").get_data(as_text=True)).replace("\u00a0", " ")
    assert 'id="money" open' in text and "Who pays whom" in text
    # riichi per 1,000 points: Bob's score in thousands, rounded to 1
    bob = final["Bob"]["score"]
    assert f"+{round(bob / 1000):,} EUR" in text
    in_play = new_game(client, "riichi")
    text = client.get(f"/games/{in_play}?rate=1").get_data(as_text=True)
    assert 'id="money"' not in text
    assert client.get(f"/games/{gid}?rate=x").status_code == 400


def test_a_tournament_chombo_is_said_in_the_standings_and_its_offender_pays_the_pot(client):
    """An organiser's standings added up to -20,000 with no word of why, and "Settle in money"
    had innocent players put the chombo in the pot (002 §3.4.6: the offender's penalty)."""
    from .test_game_flow import play_riichi_game
    play_riichi_game(client, tournament=True)          # Cy's chombo, -20,000 after the uma
    text = html.unescape(client.get("/games/standings?rules=riichi&rate=1").get_data(as_text=True))
    said = text.replace("\u2212", "-")
    assert "Penalties taken after the uma (tournament chombos, 002 §3.4.6): -20,000 in all, paid to no player" in said
    assert "Cy puts 20.00 in the pot" in text and text.count("in the pot") == 1
    # the money table in the standings' order
    table = re.findall(r'<tr><td class="num">\d+</td><td class="player">([^<]+)<', text)
    money_rows = re.findall(r"<tr><td class=\"player\">([^<]+)</td><td class=\"num strong\">", text)
    assert money_rows == table


def test_names_that_differ_only_by_accents_are_said(client):
    """An organiser's "Chloe" at one table made a standings line of her own beside "Chloé", with no
    word (two players may be so named: kept apart, said)."""
    from webui.standings import similar_names
    for players in (["Chloé", "Bob", "Cy", "Di"], ["Chloe", "Bob", "Cy", "Di"]):
        gid = _game(client, "riichi", players)
        post(client, gid, {"kind": "draw", "tenpai": [0]})
        post(client, gid, {"kind": "end"})
    text = html.unescape(client.get("/games/standings?rules=riichi").get_data(as_text=True))
    assert "These names differ only by accents or spaces" in text and "Chloe, Chloé" in text
    assert similar_names(["Ann", "Anne", "Jean Luc", "Jean-Luc", "Éva", "eva"]) == [["eva", "Éva"]]
    assert similar_names(["Jean Luc", "JeanLuc"]) == [["Jean Luc", "JeanLuc"]]
