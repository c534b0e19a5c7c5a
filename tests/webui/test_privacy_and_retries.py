"""Private files, no secrets in the access log, no absolute paths in messages, and hand POSTs
that can be retried (Idempotency-Key header, or the draft recorded) without recording twice."""
from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

import vision
from vision.errors import ModelMissingError
from webui import create_app
from webui.errors import public_message
from webui.security import redact_token

from .conftest import csrf_of
from .helpers import WIN, jpeg_bytes

ROOT = Path(__file__).resolve().parents[2]


def test_profiles_and_pointer_are_private(tmp_path):
    from tests.calibration.test_profile_wiring import make_profile
    from vision.profile import ProfileStore
    store = ProfileStore(tmp_path / "data")
    path = store.save(make_profile("club set"))
    store.activate("club set")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(store.folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(store.active_file.stat().st_mode) == 0o600


def test_redact_token():
    line = '"GET /games?x=1&token=s3cr3t-Tok_en&y=2 HTTP/1.1" 302 -'
    assert "s3cr3t" not in redact_token(line) and "token=[hidden]&y=2" in redact_token(line)


def test_lan_token_never_reaches_the_access_log(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "mjtable", "serve", "--lan", "--host", "127.0.0.1", "--port", "0",
                             "--data-dir", str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        url = proc.stdout.readline().split("serving on ", 1)[1].split()[0]
        token = proc.stdout.readline().rsplit("?token=", 1)[1].strip()
        for path in (f"?token={token}", f"games?token={token}&x=1", f"nothing?token={token}"):
            try:
                urllib.request.urlopen(url + path, timeout=10).read()
            except urllib.error.HTTPError:
                pass
        time.sleep(0.3)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    assert "token=[hidden]" in err and token not in err, err[-2000:]


def test_messages_carry_no_absolute_paths(client, monkeypatch):
    assert public_message("weights missing: /home/u/mjtable/models/detector/best.onnx (see docs)") == \
        "weights missing: best.onnx (see docs)"
    assert public_message("open http://127.0.0.1:5000/games/1 or 1/2") == "open http://127.0.0.1:5000/games/1 or 1/2"

    def missing(image, profile=None, **kw):
        raise ModelMissingError(f"no detector weights at {ROOT}/models/detector/best.onnx")
    monkeypatch.setattr(vision, "read_tiles", missing)
    r = client.post("/api/read", data={"image": (io.BytesIO(jpeg_bytes()), "p.jpg")}, content_type="multipart/form-data")
    assert r.status_code == 503 and "best.onnx" in r.json["error"]["message"]
    assert str(ROOT) not in r.get_data(as_text=True)


@pytest.fixture()
def gid(client):
    return client.post("/api/games", json={"rules": "mcr", "players": list("ABCD")}).json["game"]["id"]


def hands(client, gid):
    return client.get(f"/api/games/{gid}").json["hands"]


def test_a_retried_hand_post_returns_the_first_answer(client, gid):
    body = {"hand": WIN, "winner": 0, "discarder": 1}
    first = client.post(f"/api/games/{gid}/hands", json=body, headers={"Idempotency-Key": "abc-1"})
    assert first.status_code == 201
    client.post(f"/api/games/{gid}/hands", json={"kind": "draw"})        # another hand meanwhile
    again = client.post(f"/api/games/{gid}/hands", json=body, headers={"Idempotency-Key": "abc-1"})
    assert again.status_code == 201 and again.json == first.json and again.headers["Idempotent-Replayed"] == "true"
    assert len(hands(client, gid)) == 2
    other = client.post(f"/api/games/{gid}/hands", json=body, headers={"Idempotency-Key": "abc-2"})
    assert other.status_code == 201 and other.json["hand"]["seq"] == 3
    assert client.post(f"/api/games/{gid}/hands", json=body).json["hand"]["seq"] == 4   # no key: a new hand


def test_a_key_sent_again_with_another_hand_is_refused_not_dropped(client, gid):
    """A client bug that reuses a key for a new hand would lose that hand without a word."""
    h = {"Idempotency-Key": "k-7"}
    assert client.post(f"/api/games/{gid}/hands", json={"hand": WIN, "winner": 0, "discarder": 1}, headers=h).status_code == 201
    r = client.post(f"/api/games/{gid}/hands", json={"hand": WIN, "winner": 2, "discarder": 1}, headers=h)
    assert r.status_code == 422 and r.json["error"]["code"] == "idempotency_mismatch"
    assert len(hands(client, gid)) == 1


def test_keys_are_per_game_and_undo_frees_them(client, gid):
    gid2 = client.post("/api/games", json={"rules": "mcr", "players": list("ABCD")}).json["game"]["id"]
    h = {"Idempotency-Key": "k"}
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "draw"}, headers=h).status_code == 201
    assert client.post(f"/api/games/{gid2}/hands", json={"kind": "draw"}, headers=h).status_code == 201
    assert len(hands(client, gid)) == len(hands(client, gid2)) == 1
    assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 200
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "draw"}, headers=h)
    assert r.status_code == 201 and "Idempotent-Replayed" not in r.headers and len(hands(client, gid)) == 1


@pytest.mark.parametrize("key", ["", "x" * 129, "caf\u00e9", "a\tb"])
def test_bad_keys_are_refused(client, gid, key):
    r = client.post(f"/api/games/{gid}/hands", json={"kind": "draw"},
                    headers={"Idempotency-Key": key.encode("utf-8").decode("latin-1")})
    assert r.status_code == 400 and r.json["error"]["field"] == "Idempotency-Key"


def test_concurrent_retries_record_one_hand(tmp_path):
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "SECRET_KEY": "t"})
    gid = app.test_client().post("/api/games", json={"rules": "mcr", "players": list("ABCD")}).json["game"]["id"]
    answers = []

    def retry():
        c = app.test_client()
        r = c.post(f"/api/games/{gid}/hands", json={"hand": WIN, "winner": 2, "discarder": None},
                   headers={"Idempotency-Key": "same"})
        answers.append((r.status_code, r.json["hand"]["id"]))
    threads = [threading.Thread(target=retry) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == 8 and {a for a in answers} == {answers[0]} and answers[0][0] == 201
    assert len(app.test_client().get(f"/api/games/{gid}").json["hands"]) == 1


def _draft(client, monkeypatch):
    from vision.types import TileRead

    def read_tiles(image, profile=None, **kw):
        return [TileRead(code="1m", box=(0, 0, 10, 14), confidence=0.9, top3=[("1m", 0.9)])]
    monkeypatch.setattr(vision, "read_tiles", read_tiles)
    r = client.post("/capture/read", data={"csrf_token": csrf_of(client), "rules": "mcr",
                                           "image": (io.BytesIO(jpeg_bytes()), "p.jpg")},
                    content_type="multipart/form-data", headers={"X-Requested-With": "fetch"})
    return r.json["draft"]


def test_a_draft_is_recorded_once(client, gid, monkeypatch):
    draft = _draft(client, monkeypatch)
    body = {"hand": WIN, "winner": 0, "discarder": 1, "draft": draft}
    first = client.post(f"/api/games/{gid}/hands", json=body)
    again = client.post(f"/api/games/{gid}/hands", json=body)
    assert first.status_code == again.status_code == 201 and again.json == first.json
    import json
    form = {"csrf_token": csrf_of(client), "payload": json.dumps(body)}
    r = client.post(f"/games/{gid}/hands", data=form, follow_redirects=True)
    assert r.status_code == 200 and b"already recorded" in r.data
    assert len(hands(client, gid)) == 1
