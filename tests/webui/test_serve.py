"""`mjtable serve`: binds 127.0.0.1 by default, prints its address; --lan prints a join URL
with a token and its QR code as text."""
from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from mjtable.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]


def test_defaults():
    args = build_parser().parse_args(["serve"])
    assert args.host is None and args.port == 5000 and args.lan is False


def test_data_dir_from_environment(monkeypatch, tmp_path):
    from webui import default_data_dir
    monkeypatch.setenv("MJTABLE_DATA_DIR", str(tmp_path / "x"))
    assert default_data_dir() == tmp_path / "x"
    monkeypatch.delenv("MJTABLE_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert default_data_dir() == tmp_path / "share" / "mjtable"


def _serve(*extra, data_dir):
    proc = subprocess.Popen([sys.executable, "-m", "mjtable", "serve", "--port", "0", "--data-dir", str(data_dir), *extra],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return proc


def test_serve_on_loopback_and_lan_join_text(tmp_path):
    proc = _serve("--lan", "--host", "127.0.0.1", data_dir=tmp_path)   # LAN mode, kept on loopback for the test
    try:
        first = proc.stdout.readline()
        assert "serving on http://127.0.0.1:" in first
        url = first.split("serving on ", 1)[1].split()[0]
        join = proc.stdout.readline()
        assert "join from a phone" in join and "?token=" in join
        token = join.rsplit("?token=", 1)[1].strip()
        assert len(token) >= 16
        qr = [proc.stdout.readline() for _ in range(5)]
        assert any("█" in line or "▀" in line or "▄" in line for line in qr)
        with urllib.request.urlopen(url + "games", timeout=10) as r:
            assert r.status == 200
            # its own cookie, named by its port: Flask's "session" was shared by every app of the host
            port = url.rstrip("/").rsplit(":", 1)[1]
            assert r.headers["Set-Cookie"].startswith(f"mjtable-{port}="), r.headers["Set-Cookie"]
        assert (tmp_path / "mjtable.sqlite3").exists()
    finally:
        proc.kill()
        proc.wait(10)


def _join_token(data_dir, *extra) -> tuple[str, list[str]]:
    """The token of the link ``mjtable serve --lan`` prints, and the lines after its QR code."""
    import queue
    import threading
    proc = _serve("--lan", "--host", "127.0.0.1", *extra, data_dir=data_dir)
    printed: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [printed.put(line) for line in proc.stdout], daemon=True).start()
    try:
        printed.get(timeout=30)
        token = printed.get(timeout=30).rsplit("?token=", 1)[1].strip()
        lines = []
        try:        # what it prints after the code, until it stops printing (the server keeps running)
            while True:
                line = printed.get(timeout=3)
                if not any(c in line for c in "█▀▄"):
                    lines.append(line.strip())
        except queue.Empty:
            pass
        return token, lines
    finally:
        proc.kill()
        proc.wait(10)


def test_the_join_link_stays_the_same_when_the_server_starts_again(tmp_path):
    # a new token each start locked every phone out until the host showed them the new link
    first, said = _join_token(tmp_path)
    assert _join_token(tmp_path)[0] == first
    assert any("/join on this computer" in line for line in said)
    assert any(line.startswith("note: bound to 127.0.0.1 only: the phones cannot reach it") for line in said)
    renewed = _join_token(tmp_path, "--new-token")[0]
    assert renewed != first and _join_token(tmp_path)[0] == renewed
    assert oct((tmp_path / "lan_token").stat().st_mode & 0o777) == "0o600"


def test_a_new_join_link_without_the_network_is_refused(tmp_path, capsys):
    # `serve --new-token` without --lan started as usual and left the old link working
    from mjtable.cli import main
    assert main(["serve", "--new-token", "--port", "0", "--data-dir", str(tmp_path / "d")]) == 2
    assert "--new-token makes a new join link for the network: give it with --lan" in capsys.readouterr().err
    assert not (tmp_path / "d").exists()


def test_default_bind_is_loopback(tmp_path):
    proc = _serve("--db", str(tmp_path / "elsewhere.sqlite3"), data_dir=tmp_path)
    try:
        first = proc.stdout.readline()
        assert "serving on http://127.0.0.1:" in first
        port = int(first.split("127.0.0.1:", 1)[1].split("/")[0])
        out = subprocess.run(["ss", "-ltnH", f"sport = :{port}"], capture_output=True, text=True)
        if out.returncode == 0 and out.stdout.strip():
            local = [line.split()[3] for line in out.stdout.splitlines()]
            assert local == [f"127.0.0.1:{port}"]
        assert "elsewhere.sqlite3" in first and (tmp_path / "elsewhere.sqlite3").exists()
    finally:
        proc.kill()
        proc.wait(10)


def test_a_port_in_use_is_one_error_line_and_status_2(tmp_path):
    """As docs/webui.md says (werkzeug's own bind printed two lines of its own and exited 1)."""
    import socket
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    port = holder.getsockname()[1]
    try:
        out = subprocess.run([sys.executable, "-m", "mjtable", "serve", "--port", str(port), "--data-dir",
                              str(tmp_path / "data")], cwd=ROOT, capture_output=True, text=True, timeout=60)
    finally:
        holder.close()
    assert out.returncode == 2, out.stderr
    assert not (tmp_path / "data").exists()      # it made a database and a key before failing
    assert out.stderr.strip().splitlines() == [f"error: cannot listen on 127.0.0.1:{port}: Address already in use "
                                               f"(another mjtable may be running at http://127.0.0.1:{port}/: stop it, "
                                               "or choose another --port)"]


@pytest.mark.parametrize("flag,value", [("--port", "70000"), ("--port", "-1"), ("--port", "http"), ("--camera", "-1")])
def test_out_of_range_port_and_camera_are_refused(capsys, flag, value):
    with pytest.raises(SystemExit) as e:
        build_parser().parse_args(["serve", flag, value])
    assert e.value.code == 2
    assert flag in capsys.readouterr().err


def test_a_silent_connection_is_closed():
    """A device on the Wi-Fi opened connections, sent half a request line and waited: each held a
    thread and a file for good, until the server answered nobody, the host included."""
    import socket
    import threading
    import time

    from werkzeug.serving import make_server

    from mjtable.commands.serve import IDLE_CONNECTION_S, _request_handler
    assert 5 <= IDLE_CONNECTION_S <= 120
    app = lambda environ, start: (start("200 OK", [("Content-Length", "2")]), [b"ok"])[1]
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=_request_handler(timeout=1))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        conn = socket.create_connection(("127.0.0.1", server.server_port), timeout=10)
        conn.sendall(b"GET / HTTP/1.1\r\n")          # and nothing more
        started = time.monotonic()
        assert conn.recv(100) == b""                  # closed by the server, not by the 10 s wait here
        assert time.monotonic() - started < 5
        conn.close()
    finally:
        server.shutdown()


def test_one_address_cannot_hold_every_connection():
    """A device that sends its requests a byte at a time, never silent long enough to be closed,
    held a thread per connection for as long as it liked: past its share its connections are
    closed at once, and it is served again once it lets go of some."""
    import socket
    import threading

    from werkzeug.serving import make_server

    from mjtable.commands.serve import CONNECTIONS_PER_ADDRESS, _cap_connections, _request_handler
    assert 6 <= CONNECTIONS_PER_ADDRESS <= 256       # a browser opens up to 6 to one host
    app = lambda environ, start: (start("200 OK", [("Content-Length", "2")]), [b"ok"])[1]
    server = _cap_connections(make_server("127.0.0.1", 0, app, threaded=True,
                                          request_handler=_request_handler(timeout=30)), per_address=3)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_port

    def get(conn) -> bytes:
        conn.sendall(b"GET / HTTP/1.0\r\n\r\n")
        return b"".join(iter(lambda: conn.recv(1000), b""))
    held = []
    try:
        for _ in range(3):
            conn = socket.create_connection(("127.0.0.1", port), timeout=10)
            conn.sendall(b"GET / HTTP/1.1\r\n")       # a request begun, never finished
            held.append(conn)
        extra = socket.create_connection(("127.0.0.1", port), timeout=10)
        assert extra.recv(100) == b""                   # closed by the server at once
        extra.close()
        held.pop().close()
        for _ in range(50):                             # its thread lets go as the socket closes
            conn = socket.create_connection(("127.0.0.1", port), timeout=10)
            answer = get(conn)
            conn.close()
            if answer:
                break
        assert answer.startswith(b"HTTP/1.") and answer.endswith(b"ok")
    finally:
        for conn in held:
            conn.close()
        server.shutdown()


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_server_stopped_by_the_system_leaves_its_hands_in_the_game_logs_file(tmp_path, signame):
    # stopped by SIGTERM (or a closed terminal), every recent hand stayed in the -wal file: the
    # main file, copied alone as a backup, held none of them
    import json
    import shutil
    import signal
    import sqlite3
    proc = _serve(data_dir=tmp_path / "data")
    try:
        url = proc.stdout.readline().split("serving on ", 1)[1].split()[0]
        def post(path, body):
            req = urllib.request.Request(url + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=10) as r:
                return json.loads(r.read())
        gid = post("api/games", {"rules": "mcr", "players": ["A", "B", "C", "D"]})["game"]["id"]
        for _ in range(3):
            post(f"api/games/{gid}/hands", {"kind": "draw"})
    finally:
        proc.send_signal(getattr(signal, signame))
        assert proc.wait(20) == 0
    # a new log is said (a mistyped --data-dir gave an empty one without a word)
    assert "a new, empty one was made at" in proc.stdout.read()
    shutil.copy(tmp_path / "data" / "mjtable.sqlite3", tmp_path / "alone.sqlite3")
    conn = sqlite3.connect(tmp_path / "alone.sqlite3")
    assert conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == 3


def test_the_join_token_of_a_read_only_data_dir_is_one_for_this_run(tmp_path, monkeypatch):
    # a game log on a read-only medium is served read-only; --lan stopped at "cannot keep the join token"
    from mjtable.commands import serve
    real = os.access
    monkeypatch.setattr(serve.os, "access", lambda p, mode: False if (str(p) == str(tmp_path) and mode & os.W_OK)
                        else real(p, mode))
    first, second = serve._lan_token(tmp_path, False), serve._lan_token(tmp_path, False)
    assert len(first) >= 16 and first != second and not (tmp_path / "lan_token").exists()
    (tmp_path / "lan_token").write_text("k" * 22)       # one kept before the medium went read-only
    assert serve._lan_token(tmp_path, False) == "k" * 22
