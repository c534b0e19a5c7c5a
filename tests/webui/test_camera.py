"""The server's webcam (OpenCV): preview frames, MJPEG stream and capture, with OpenCV's
VideoCapture replaced by a synthetic camera (no device on a test machine)."""
from __future__ import annotations

import sys
import types

import numpy as np
import pytest

from .conftest import csrf_of
from .helpers import WIN


class FakeCapture:
    opened = []

    def __init__(self, index):
        self.index = index
        self.n = 0
        FakeCapture.opened.append(self)
        self.released = False

    def isOpened(self):
        return True

    def read(self):
        self.n += 1
        img = np.full((240, 320, 3), 90, np.uint8)
        img[100:140, 40 + self.n % 200:80 + self.n % 200] = 250
        return True, img

    def release(self):
        self.released = True


@pytest.fixture
def fake_camera(monkeypatch):
    import cv2

    import webui.camera as cam
    monkeypatch.setattr(cv2, "VideoCapture", FakeCapture)
    monkeypatch.setattr(cam, "_cameras", {})
    monkeypatch.setattr(cam, "IDLE_RELEASE_S", 0.5)
    FakeCapture.opened = []
    return cam


@pytest.fixture
def fake_reader(monkeypatch):
    import scorer

    def read_photo(image, *, rules=None, context=None, options=None, profile=None):
        assert image[:3] == b"\xff\xd8\xff"
        hand = scorer.to_hand(WIN, context or None)
        return {"tiles": [{"code": "1m", "box": [1, 2, 30, 40], "confidence": 0.9, "face_down": False,
                           "sideways": False, "top3": []}],
                "hand": hand.to_dict(), "notation": scorer.format_hand(hand),
                "score": scorer.score(hand, rules, options).to_dict(), "reading": {"warnings": ["test"]},
                "missing_context": ["self_drawn"], "timings_ms": {}}
    module = types.ModuleType("mjtable.pipeline")
    module.read_photo = read_photo
    monkeypatch.setitem(sys.modules, "mjtable.pipeline", module)


def test_preview_and_stream(client, fake_camera):
    assert client.get("/camera/status").json == {"available": True, "message": ""}
    r = client.get("/camera/frame.jpg")
    assert r.status_code == 200 and r.data[:3] == b"\xff\xd8\xff"
    r = client.get("/camera/stream.mjpg", buffered=False)
    assert r.mimetype == "multipart/x-mixed-replace"
    chunk = next(r.response)
    assert chunk.startswith(b"--frame\r\nContent-Type: image/jpeg") and b"\xff\xd8\xff" in chunk
    r.close()
    assert len(FakeCapture.opened) == 1     # one grabber shared by every viewer


def test_camera_is_released_when_idle(client, fake_camera):
    import time
    client.get("/camera/frame.jpg")
    cap = FakeCapture.opened[0]
    deadline = time.monotonic() + 10
    while not cap.released and time.monotonic() < deadline:
        time.sleep(0.05)
    assert cap.released


def test_capture_reads_the_frame_and_opens_review(client, fake_camera, fake_reader):
    token = csrf_of(client)
    r = client.post("/camera/capture", data={"csrf_token": token, "rules": "toy"}, headers={"X-Requested-With": "fetch"})
    assert r.status_code == 200, r.data
    assert r.json["notation"] == "123m456p789s1122z 2z"
    page = client.get(r.json["review_url"]).get_data(as_text=True)
    assert 'id="photo"' in page and "test</li>" in page and "missing" in page
    live = client.post("/camera/capture", data={"csrf_token": token, "rules": "toy", "live": "1"},
                       headers={"X-Requested-With": "fetch"})
    assert live.json["score"]["valid"] and "review_url" not in live.json
    # answered as the page's own camera is (capture.live): a kept hand of this camera showed "not a
    # winning hand" once the page read the verdict from the answer
    assert live.json["declare"]["ok"] and live.json["total_text"] and live.json["warnings"] == ["test"]
    kept = client.post("/camera/capture", data={"csrf_token": token, "rules": "toy", "live": "1", "keep": "1"},
                       headers={"X-Requested-With": "fetch"})
    assert kept.json["declare"]["ok"] and kept.json["review_url"] and kept.json["total_text"] == live.json["total_text"]


def test_capture_of_an_uploaded_photo_with_the_reader(client, fake_reader):
    import io

    from .helpers import jpeg_bytes
    token = csrf_of(client)
    r = client.post("/capture/read", data={"csrf_token": token, "rules": "toy",
                                           "image": (io.BytesIO(jpeg_bytes(800, 600)), "p.jpg")},
                    content_type="multipart/form-data")
    assert r.status_code == 303 and "/review/" in r.location
    draft = r.location.split("/review/")[1].split("?")[0]
    photo_url = [line for line in client.get(r.location).get_data(as_text=True).splitlines() if "/photos/" in line][0]
    pid = photo_url.split("/photos/")[1].split(".jpg")[0]
    img = client.get(f"/photos/{pid}.jpg")
    assert img.status_code == 200 and img.data[:3] == b"\xff\xd8\xff"
    r = client.post("/api/read", data={"rules": "toy", "image": (io.BytesIO(jpeg_bytes()), "p.jpg")},
                    content_type="multipart/form-data")
    assert r.status_code == 200 and r.json["notation"] == "123m456p789s1122z 2z"
    # Recording the draft in a game keeps its photo and the tiles read.
    gid = client.post("/api/games", json={"rules": "toy", "players": list("ABCD")}).json["game"]["id"]
    h = client.post(f"/api/games/{gid}/hands", json={"hand": WIN, "winner": 0, "discarder": 1, "draft": draft}).json["hand"]
    assert h["photo_id"] == int(pid) and h["tiles_read"][0]["code"] == "1m"


@pytest.mark.parametrize("error, status, code", [
    (FileNotFoundError("models/reader.pt"), 503, "reader_unavailable"),
    (RuntimeError("bug in the reader"), 500, "internal"),
])
def test_reader_failures_are_json_answers(client, monkeypatch, error, status, code):
    import io

    from .helpers import jpeg_bytes

    def read_photo(image, **kw):
        raise error
    module = types.ModuleType("mjtable.pipeline")
    module.read_photo = read_photo
    monkeypatch.setitem(sys.modules, "mjtable.pipeline", module)
    r = client.post("/api/read", data={"rules": "toy", "image": (io.BytesIO(jpeg_bytes()), "p.jpg")},
                    content_type="multipart/form-data")
    assert r.status_code == status and r.json["error"]["code"] == code and r.json["error"]["message"]


def test_a_server_without_that_camera_says_so_once_without_opencv_s_log(capfd):
    """OpenCV logs each backend's failure to open a missing camera on stderr (file descriptor 2);
    the server's own error says it in one line."""
    from webui.camera import ServerCamera
    cam = ServerCamera(57)          # no machine this runs on has 58 cameras
    cam.last_used = -1e9           # were it there, no frame would be read
    cam._run()
    assert cam.error.startswith("no camera at index 57")
    err = capfd.readouterr().err
    assert "WARN" not in err and "ERROR" not in err and "OpenCV" not in err, err
