"""Start-up checks: each broken data dir or database is one line and exit status 2 from
`mjtable serve`; a damaged or read-only game log opens read-only with a banner, and writes
answer 503 with the reason, never a bare 500. Permissions: data dir 0700, files 0600."""
from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from webui import create_app, startup
from webui.startup import StartupError

ROOT = Path(__file__).resolve().parents[2]


def serve_fails(*args, timeout=60):
    """Run `mjtable serve` expecting it to refuse to start: (exit status, stderr)."""
    proc = subprocess.run([sys.executable, "-m", "mjtable", "serve", "--port", "0", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stderr


def foreign_db(path: Path) -> Path:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)")
    conn.commit()
    conn.close()
    return path


CASES = {
    "data dir is a file": lambda t: ["--data-dir", str((t / "f").write_text("x") and t / "f")],
    "db in a missing folder": lambda t: ["--data-dir", str(t / "d"), "--db", str(t / "missing" / "x.sqlite3")],
    "db is a folder": lambda t: ["--data-dir", str(t / "d"), "--db", str(t)],
    "garbage db": lambda t: ["--data-dir", str(t / "d"), "--db",
                             str((t / "g.sqlite3").write_bytes(os.urandom(8192)) and t / "g.sqlite3")],
    "text db": lambda t: ["--data-dir", str(t / "d"), "--db", str((t / "n.txt").write_text("hello") and t / "n.txt")],
    "foreign db": lambda t: ["--data-dir", str(t / "d"), "--db", str(foreign_db(t / "other.sqlite3"))],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_serve_refuses_a_broken_setup_in_one_line(tmp_path, case):
    status, err = serve_fails(*CASES[case](tmp_path))
    assert status == 2, err
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err, err


def test_a_game_log_of_a_newer_mjtable_is_refused_not_written(tmp_path):
    # recorded into and migrated "down" where a restore of the same file refused it
    data = tmp_path / "d"
    create_app({"DATA_DIR": str(data), "PRELOAD_MODELS": False})
    log = data / "mjtable.sqlite3"
    conn = sqlite3.connect(log)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    with pytest.raises(StartupError, match="written by a newer mjtable .game log version 99"):
        create_app({"DATA_DIR": str(data), "PRELOAD_MODELS": False})
    conn = sqlite3.connect(log)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 99
    conn.close()


def test_unwritable_data_dir_is_refused(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    real = os.access
    monkeypatch.setattr(startup.os, "access", lambda p, mode: False if Path(p) == data else real(p, mode))
    with pytest.raises(StartupError, match="not writable"):
        create_app({"DATA_DIR": str(data), "SECRET_KEY": "t"})


def test_data_dir_and_files_are_private(tmp_path):
    data = tmp_path / "data"
    app = create_app({"DATA_DIR": str(data), "SECRET_KEY": "t"})
    c = app.test_client()
    assert c.post("/api/games", json={"rules": "mcr", "players": list("ABCD")}).status_code == 201
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    for f in data.iterdir():
        assert stat.S_IMODE(f.stat().st_mode) & 0o077 == 0, f


def test_an_older_install_is_made_private(tmp_path):
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    os.chmod(data, 0o755)
    create_app({"DATA_DIR": str(data), "SECRET_KEY": "t"})
    db = data / "mjtable.sqlite3"
    os.chmod(db, 0o644)
    create_app({"DATA_DIR": str(data), "SECRET_KEY": "t"})
    assert stat.S_IMODE(data.stat().st_mode) == 0o700 and stat.S_IMODE(db.stat().st_mode) == 0o600


def _game_log_with_hands(data: Path, hands: int = 300) -> Path:
    app = create_app({"DATA_DIR": str(data), "SECRET_KEY": "t"})
    c = app.test_client()
    gid = c.post("/api/games", json={"rules": "mcr", "players": list("ABCD"),
                                     "flow": {"open_ended": True}}).json["game"]["id"]   # past 16 hands
    for i in range(hands):
        assert c.post(f"/api/games/{gid}/hands", json={"kind": "draw", "note": "n" * 400}).status_code == 201
    pool = app.extensions["mjtable_pool"]
    for conn in pool.free:
        conn.close()
    pool.free.clear()
    conn = sqlite3.connect(data / "mjtable.sqlite3")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return data / "mjtable.sqlite3"


def test_a_damaged_game_log_opens_read_only_with_a_banner(tmp_path):
    db = _game_log_with_hands(tmp_path / "data")
    with open(db, "r+b") as f:           # overwrite pages in the middle of the hands table
        f.seek(4096 * 6)
        f.write(os.urandom(4096 * 4))
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "SECRET_KEY": "t"})
    assert "damaged" in app.config["READ_ONLY"] and str(tmp_path) not in app.config["READ_ONLY"]
    c = app.test_client()
    page = c.get("/games")
    assert page.status_code in (200, 503) and (b"Read-only" in page.data or b"damaged" in page.data)
    for url in ("/api/games", "/api/games/1", "/games/1", "/api/games/1/export.json"):
        r = c.get(url)
        assert r.status_code in (200, 404, 503), (url, r.status_code)
        assert b"internal" not in r.data and b"Traceback" not in r.data
    r = c.post("/api/games", json={"rules": "mcr", "players": list("ABCD")})
    assert r.status_code == 503 and r.json["error"]["code"] == "read_only" and "damaged" in r.json["error"]["message"]


def test_a_game_log_with_a_damaged_index_shows_and_exports_every_hand(tmp_path):
    # the index of the hands damaged: the read-only pages, and the exports the banner offers to
    # rescue the games, said the game had no hand
    db = _game_log_with_hands(tmp_path / "data", hands=5)
    conn = sqlite3.connect(db)
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'hands_game'").fetchone()[0]
    conn.close()
    with open(db, "r+b") as f:
        f.seek((root - 1) * page_size + 8)
        f.write(os.urandom(page_size - 300))
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA quick_check").fetchone()[0] != "ok"
    conn.close()
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "SECRET_KEY": "t"})
    assert app.config["READ_ONLY"].startswith("the game log is damaged")
    c = app.test_client()
    assert len(c.get("/api/games/1").json["hands"]) == 5
    assert len(c.get("/api/games/1/export.json").json["hands"]) == 5
    assert c.post("/api/games/1/hands", json={"kind": "draw"}).status_code == 503
    # no temporary folder to copy it into: the log is read as it is, not a failed start
    import tempfile

    def no_room(*a, **k):
        raise OSError(28, "No space left on device")
    real, tempfile.mkdtemp = tempfile.mkdtemp, no_room
    try:
        app = create_app({"DATA_DIR": str(tmp_path / "data"), "SECRET_KEY": "t"})
    finally:
        tempfile.mkdtemp = real
    assert app.extensions["mjtable_pool"].path == str(db)


def test_a_game_log_in_a_folder_that_cannot_be_written_is_read(tmp_path, monkeypatch):
    # a copy on a USB key or a CD: `mjtable games --data-dir` said "not writable" and listed nothing
    data = tmp_path / "data"
    db = _game_log_with_hands(data, hands=2)
    (data / "secret_key").unlink(missing_ok=True)
    real = os.access
    monkeypatch.setattr(startup.os, "access", lambda p, mode: False if (Path(p) == data and mode & os.W_OK)
                        else real(p, mode))
    # on a read-only medium no -shm can be made beside it: opened immutable; a folder another user
    # writes is not one (a server may be writing the log)
    assert not startup.sqlite_uri(db, "ro").endswith("&immutable=1")
    monkeypatch.setattr(startup, "read_only_medium", lambda folder: True)
    assert startup.sqlite_uri(db, "ro").endswith("&immutable=1")
    assert not startup.sqlite_uri(db, "rw").endswith("immutable=1")
    app = create_app({"DATA_DIR": str(data)})
    assert "cannot be written" in app.config["READ_ONLY"] and not (data / "secret_key").exists()
    c = app.test_client()
    assert len(c.get("/api/games/1").json["hands"]) == 2
    assert c.post("/api/games/1/hands", json={"kind": "draw"}).status_code == 503
    # the banner was English on French pages
    assert "Lecture seule : le dossier du journal des parties ne peut pas" in c.get("/games?lang=fr").data.decode()


def test_a_game_log_on_a_read_only_medium_is_listed(tmp_path):
    """The same on a real read-only mount (where this user may mount one): SQLite itself could
    not open a WAL game log there ("unable to open database file")."""
    data, mount = tmp_path / "data", tmp_path / "ro"
    _game_log_with_hands(data, hands=1)
    mount.mkdir()
    if subprocess.run(["mount", "--bind", str(data), str(mount)], capture_output=True).returncode:
        pytest.skip("no bind mount for this user")
    try:
        if subprocess.run(["mount", "-o", "remount,ro,bind", str(mount)], capture_output=True).returncode:
            pytest.skip("no read-only remount for this user")
        r = subprocess.run([sys.executable, "-m", "mjtable", "games", "--data-dir", str(mount)],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0 and "1 hand" in r.stdout, r.stderr
    finally:
        subprocess.run(["umount", str(mount)], capture_output=True)


def test_a_read_only_game_log_opens_read_only(tmp_path, monkeypatch):
    data = tmp_path / "data"
    db = _game_log_with_hands(data, hands=2)
    real = os.access
    monkeypatch.setattr(startup.os, "access", lambda p, mode: False if (Path(p) == db and mode & os.W_OK)
                        else real(p, mode))
    app = create_app({"DATA_DIR": str(data), "SECRET_KEY": "t"})
    assert "read-only" in app.config["READ_ONLY"]
    c = app.test_client()
    page = c.get("/games/1")
    assert page.status_code == 200 and b"Read-only" in page.data
    assert len(c.get("/api/games/1").json["hands"]) == 2
    r = c.post("/api/games/1/hands", json={"kind": "draw"})
    assert r.status_code == 503 and r.json["error"]["code"] == "read_only"
    from .conftest import csrf_of
    r = c.post("/games/1/draw", data={"csrf_token": csrf_of(c)})
    assert r.status_code == 503 and b"Read-only" in r.data
