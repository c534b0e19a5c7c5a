"""A real `mjtable serve` on loopback, killed with SIGKILL at random moments while 8 writers
record 100 hands each, and restarted on the same data dir. Each writer retries a hand with its
Idempotency-Key until it is answered. Afterwards: every answered hand is stored, each hand is
stored once, the dealer and round wind of every hand follow from the hands before it, and
PRAGMA integrity_check is ok."""
from __future__ import annotations

import http.client
import json
import random
import signal
import sqlite3
import threading
import time
import urllib.error
import urllib.request

import pytest

from scorer.flow import Event, flow_for, replay

from .test_load import HAND, start_server

WRITERS = 8
KILLS = 6


def post(url, body, key, timeout=10):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "Idempotency-Key": key})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return r.status, json.loads(r.read())


def hand_body(k: int, i: int) -> dict:
    # D's false wins, the others' wins: under MCR a false win's player may not win the same hand
    # (000 « Faute »), and the writers' hands interleave
    if i % 10 == 9:
        return {"kind": "penalty", "offender": 3, "amount": 10}
    if i % 13 == 12:
        return {"kind": "draw"}
    winner = (k + i) % 3
    return {"hand": HAND, "winner": winner, "discarder": None if i % 3 == 0 else (winner + 1 + i % 3) % 4}


def run(tmp_path, hands_per_writer: int, kills: int, seed: int = 7):
    rng = random.Random(seed)
    data = tmp_path / "data"
    proc, url = start_server(data)
    server = {"proc": proc, "url": url}
    lock = threading.Lock()
    games = []
    for g in range(2):
        req = urllib.request.Request(url + "/api/games", data=json.dumps(
            {"name": f"g{g}", "rules": "mcr", "players": list("ABCD"), "flow": {"open_ended": True}}).encode(),
            headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(req, timeout=30) as r:
            games.append(json.loads(r.read())["game"]["id"])
    answered: dict[str, int] = {}     # Idempotency-Key -> hand id answered
    errors = []
    done = threading.Event()

    def writer(k: int):
        try:
            write(k)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(f"writer {k}: {e!r}")

    def write(k: int):
        gid = games[k % 2]
        for i in range(hands_per_writer):
            key = f"w{k}-h{i}"
            for attempt in range(200):
                with lock:
                    base = server["url"]
                try:
                    status, body = post(f"{base}/api/games/{gid}/hands", hand_body(k, i), key)
                except urllib.error.HTTPError as e:
                    errors.append(f"{key}: HTTP {e.code} {e.read()[:200]!r}")
                    return
                except (OSError, http.client.HTTPException):   # the server was killed: retry on the next
                    time.sleep(0.05 + 0.05 * rng.random())
                    continue
                if status == 201:
                    with lock:
                        if key in answered and answered[key] != body["hand"]["id"]:
                            errors.append(f"{key} answered as two hands")
                        answered[key] = body["hand"]["id"]
                    break
            else:
                errors.append(f"{key}: never answered")
                return

    def killer():
        for n in range(kills):
            time.sleep(rng.uniform(0.3, 1.5))
            if done.is_set():
                return
            with lock:
                server["proc"].send_signal(signal.SIGKILL)
                server["proc"].wait(10)
                server["proc"], server["url"] = start_server(data)

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(WRITERS)]
    kill_thread = threading.Thread(target=killer)
    try:
        for t in threads:
            t.start()
        kill_thread.start()
        for t in threads:
            t.join(600)
        done.set()
        kill_thread.join(60)
    finally:
        with lock:
            server["proc"].kill()
            server["proc"].wait(10)
    assert errors == [], errors[:5]
    assert len(answered) == WRITERS * hands_per_writer

    conn = sqlite3.connect(data / "mjtable.sqlite3")
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = {r[0] for r in conn.execute("SELECT id FROM hands")}
    assert set(answered.values()) <= stored, "an answered hand was lost"
    assert len(stored) == WRITERS * hands_per_writer, "a retried hand was stored twice"
    keys = dict(conn.execute("SELECT key, hand_id FROM hand_requests"))
    assert {k[len("key:"):]: v for k, v in keys.items()} == answered
    for gid in games:
        rows = conn.execute("SELECT seq, kind, dealer, round_wind, winner, deltas FROM hands WHERE game_id = ? "
                            "ORDER BY seq", (gid,)).fetchall()
        assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
        # the deal of every hand is the MCR flow's after the hands before it (scorer.flow)
        events = [Event(kind, winners=(win,) if kind == "win" else (), offender=win if kind == "penalty" else None)
                  for _, kind, _, _, win, _ in rows]
        expected = [(o.deal.dealer, o.deal.round_wind)
                    for o in replay(flow_for("mcr", {"open_ended": True}), events, lambda i, w, deal: [])]
        for n, (r, deal) in enumerate(zip(rows, expected)):
            assert (r[2], r[3]) == deal, f"game {gid} hand {n + 1}"
        totals = [sum(json.loads(r[5])[p] for r in rows) for p in range(4)]
        assert sum(totals) == 0
    return len(stored)


def test_writers_with_sigkills_quick(tmp_path):
    assert run(tmp_path, hands_per_writer=10, kills=2) == WRITERS * 10


@pytest.mark.slow
def test_eight_writers_hundred_hands_random_sigkills(tmp_path):
    started = time.perf_counter()
    n = run(tmp_path, hands_per_writer=100, kills=KILLS)
    print(f"\n{n} hands by {WRITERS} writers through {KILLS} SIGKILLs in {time.perf_counter() - started:.1f} s")
