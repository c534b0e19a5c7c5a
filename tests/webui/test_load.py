"""Loopback load and crash test of a real `mjtable serve` process (127.0.0.1 only):
8 concurrent clients × 100 hands are all logged without error; then the server is killed with
SIGKILL in the middle of writes, and the database passes PRAGMA integrity_check and holds
every hand whose request was answered."""
from __future__ import annotations

import http.client
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = 8
HANDS_PER_CLIENT = 100
HAND = "123m456p789s11z22z 2z"   # a Mixed Straight: at least 8 MCR points whoever wins


def start_server(data_dir: Path):
    proc = subprocess.Popen([sys.executable, "-m", "mjtable", "serve", "--port", "0", "--data-dir", str(data_dir)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    line = proc.stdout.readline()
    if "serving on" not in line:
        proc.kill()
        raise RuntimeError(f"server did not start: {line!r}")
    url = line.split("serving on ", 1)[1].split()[0].rstrip("/")
    assert url.startswith("http://127.0.0.1:")
    threading.Thread(target=proc.stdout.read, daemon=True).start()   # drain
    return proc, url


def post(url: str, body: dict, timeout=30):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return r.status, json.loads(r.read())


def get(url: str):
    with urllib.request.urlopen(url, timeout=30) as r:
        return json.loads(r.read())


def new_game(url: str, name: str) -> int:
    # open-ended: the clients record far more than an MCR game's 16 hands
    status, body = post(url + "/api/games", {"name": name, "rules": "mcr", "players": ["A", "B", "C", "D"],
                                             "flow": {"open_ended": True}})
    assert status == 201
    return body["game"]["id"]


def hand_body(i: int) -> dict:
    # D's false wins, the others' wins: under MCR a false win's player may not win the same hand
    # (000 « Faute »), and the clients' hands interleave
    if i % 10 == 9:
        return {"kind": "penalty", "offender": 3, "amount": 10}
    winner = i % 3
    return {"hand": HAND, "winner": winner, "discarder": None if i % 3 == 0 else (winner + 1 + i % 3) % 4}


@pytest.mark.parametrize("hands_per_client, killed_after", [
    pytest.param(HANDS_PER_CLIENT, 80, marks=pytest.mark.slow, id="8x100"),
    pytest.param(12, 24, id="8x12-quick"),
])
def test_eight_clients_then_sigkill(tmp_path, hands_per_client, killed_after):
    data = tmp_path / "data"
    proc, url = start_server(data)
    try:
        games = [new_game(url, f"g{k}") for k in range(2)]     # 4 clients share each game
        errors, answered = [], []

        def client(k: int):
            gid = games[k % 2]
            for i in range(hands_per_client):
                try:
                    status, body = post(f"{url}/api/games/{gid}/hands", hand_body(i))
                    assert status == 201
                    answered.append(body["hand"]["id"])
                except Exception as e:  # noqa: BLE001 - every failure is reported below
                    errors.append(repr(e))
        threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
        started = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - started
        print(f"\n{len(answered)} hands logged by {CLIENTS} clients in {elapsed:.1f} s "
              f"({len(answered) / elapsed:.0f} hands/s)")
        assert errors == []
        assert len(answered) == len(set(answered)) == CLIENTS * hands_per_client
        for gid in games:
            view = get(f"{url}/api/games/{gid}")
            assert [h["seq"] for h in view["hands"]] == list(range(1, 4 * hands_per_client + 1))
            assert sum(view["totals"]) == 0

        # Crash in the middle of writes.
        stop = threading.Event()
        crash_answered, crash_errors = [], []

        def writer(k: int):
            gid = games[k % 2]
            i = 0
            while not stop.is_set():
                try:
                    status, body = post(f"{url}/api/games/{gid}/hands", hand_body(i), timeout=10)
                    if status == 201:
                        crash_answered.append(body["hand"]["id"])
                except (urllib.error.URLError, http.client.HTTPException, OSError) as e:
                    crash_errors.append(repr(e))
                    return
                i += 1
        writers = [threading.Thread(target=writer, args=(k,)) for k in range(CLIENTS)]
        for t in writers:
            t.start()
        deadline = time.monotonic() + 60
        while len(crash_answered) < killed_after and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.01)
        assert len(crash_answered) >= killed_after, crash_errors[:3]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        stop.set()
        for t in writers:
            t.join(15)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)

    conn = sqlite3.connect(data / "mjtable.sqlite3")
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = {r[0] for r in conn.execute("SELECT id FROM hands")}
    assert set(answered) <= stored
    missing = [h for h in crash_answered if h not in stored]
    assert missing == [], f"{len(missing)} answered hands lost"
    # Every stored hand is whole: its row parses and its deltas balance.
    for deltas, kind in conn.execute("SELECT deltas, kind FROM hands"):
        assert sum(json.loads(deltas)) == 0 or kind == "draw"
    assert len(stored) >= CLIENTS * hands_per_client + killed_after
    print(f"killed after {len(crash_answered)} answered writes; {len(stored)} hands stored, integrity ok")
