"""The standings across games (webui/standings.py, /games/standings): a club adds up its finished
games of one rule set player by player; a game in play waits until it is over."""
from __future__ import annotations

import csv
import io
from datetime import date, timedelta

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
    # "Bob" and "bob" are one player, named as the newest game writes it; the MCR game's Di win
    # does not count among riichi's
    assert set(rows) == {"Ann", "bob", "Cy", "Di", "Eve"}
    assert rows["bob"]["games"] == 2 and rows["bob"]["total"] == one["Bob"]["score"] + two["bob"]["score"]
    assert rows["bob"]["places"] == [2, 0, 0, 0] and rows["bob"]["average_rank"] == 1.0
    assert rows["bob"]["best"] == max(one["Bob"]["score"], two["bob"]["score"]) == 19600
    assert rows["Ann"]["total"] == one["Ann"]["score"] + two["Ann"]["score"]
    assert rows["Ann"]["places"][one["Ann"]["rank"] - 1] >= 1 and sum(rows["Ann"]["places"]) == 2
    assert rows["Di"]["games"] == 1 and rows["Di"]["total"] == one["Di"]["score"]
    assert [r["name"] for r in table["players"]][0] == "bob"
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
        assert standings.club_standings(get_store(), "mcr", since=today - timedelta(days=1))["games"] == 1
        assert standings.club_standings(get_store(), "mcr", since=today + timedelta(days=1))["games"] == 0
        assert standings.club_standings(get_store(), "mcr", until=today - timedelta(days=1))["players"] == []


def test_the_standings_page_and_its_csv(client):
    _club(client)
    games = client.get("/games?lang=en").get_data(as_text=True)
    assert 'id="standings-link"' in games
    page = client.get("/games/standings?rules=riichi&lang=en").get_data(as_text=True)
    assert "2 finished games counted." in page and "Games still in play, not counted until they are over: 1." in page
    assert page.index(">bob<") < page.index(">Eve<")
    r = client.get("/games/standings.csv?rules=riichi")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(r.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0] == ["Rank", "Player", "Games", "Total", "Average rank", "Best game", "1st", "2nd", "3rd", "4th"]
    assert rows[1][:4] == ["1", "bob", "2", str(sum(int(x[3]) for x in rows[1:] if x[1] == "bob"))]
    # a French spreadsheet: semicolons, French headings, an average rank with a decimal comma
    fr = client.get("/games/standings.csv?rules=riichi&sep=semicolon&lang=fr").get_data(as_text=True).lstrip("\ufeff")
    lines = list(csv.reader(io.StringIO(fr), delimiter=";"))
    assert lines[0][:5] == ["Rang", "Joueur", "Parties", "Total", "Rang moyen"]
    assert len(lines) == 6
    assert "Classement sur plusieurs parties" in client.get("/games/standings?lang=fr").get_data(as_text=True)


def test_the_games_page_offers_the_standings_once_a_game_is_over(client):
    gid = new_game(client, "mcr")
    assert 'id="standings-link"' not in client.get("/games").get_data(as_text=True)
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "end"})
    assert 'id="standings-link"' in client.get("/games").get_data(as_text=True)


def test_bad_days_and_rules_are_refused_with_the_reason(client):
    r = client.get("/games/standings?since=03/12/2026", headers={"Accept": "application/json"})
    assert r.status_code == 400 and "since must be a date written YYYY-MM-DD" in r.get_data(as_text=True)
    r = client.get("/games/standings?since=2026-12-03&until=2026-12-01")
    assert r.status_code == 400 and "the first day (2026-12-03) is after the last (2026-12-01)" in r.get_data(as_text=True)
    r = client.get("/games/standings?rules=poker")
    assert r.status_code == 400 and "unknown rules &#39;poker&#39;: one of" in r.get_data(as_text=True)
    fr = client.get("/games/standings?since=hier&lang=fr").get_data(as_text=True)
    assert "doit être une date écrite AAAA-MM-JJ" in fr


def test_the_csv_writes_a_french_decimal_comma_and_keeps_a_name_from_running_as_a_formula():
    from webui import standings
    table = {"players": [{"rank": 1, "name": "=SUM(A1)", "games": 2, "total": 5, "average_rank": 2.5, "best": 4,
                          "places": [1, 0, 1, 0]}]}
    assert standings.standings_csv(table, str, ";").splitlines()[1] == "1;'=SUM(A1);2;5;2,5;4;1;0;1;0"
    assert standings.standings_csv(table, str).splitlines()[1] == "1,'=SUM(A1),2,5,2.5,4,1,0,1,0"
