"""A webcam attached to the server (docs/webui.md): a live MJPEG preview, a capture button
and live mode, through OpenCV. The camera is opened on first use by one grabber thread shared
by every viewer and released after a few idle seconds."""
from __future__ import annotations

import threading
import time

from flask import Blueprint, Response, current_app, jsonify, request, url_for

from . import scoring
from .errors import respond

bp = Blueprint("camera", __name__, url_prefix="/camera")

IDLE_RELEASE_S = 10.0
FRAME_INTERVAL_S = 0.08


class ServerCamera:
    def __init__(self, index: int):
        self.index = index
        self.lock = threading.Lock()
        self.frame = None          # latest JPEG bytes
        self.error = None
        self.last_used = 0.0
        self.thread = None

    def _run(self):
        import cv2
        cap = open_quietly(self.index)
        try:
            if not cap.isOpened():
                self.error = (f"no camera at index {self.index} on the server "
                              "(`mjtable serve --camera N` picks another)")
                return
            self.error = None
            while time.monotonic() - self.last_used < IDLE_RELEASE_S:
                ok, img = cap.read()
                if not ok:
                    self.error = "the server camera stopped sending frames"
                    break
                ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 85])
                if ok:
                    with self.lock:
                        self.frame = buf.tobytes()
                time.sleep(FRAME_INTERVAL_S)
        finally:
            cap.release()
            with self.lock:
                self.frame = None
                self.thread = None

    def latest(self, wait_s: float = 3.0) -> bytes | None:
        self.last_used = time.monotonic()
        with self.lock:
            if self.thread is None:
                self.error = None
                self.thread = threading.Thread(target=self._run, name="mjtable-camera", daemon=True)
                self.thread.start()
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            with self.lock:
                if self.frame is not None:
                    return self.frame
            if self.error or self.thread is None:
                return None
            time.sleep(0.05)
        return None


def open_quietly(index: int):
    """``cv2.VideoCapture(index)`` with OpenCV's own log silenced while it tries each backend: on a
    server with no camera each backend logs its failure (three warnings and an error for one
    status request); the page says it in one line instead (``ServerCamera.error``)."""
    import cv2
    level = cv2.utils.logging.getLogLevel()
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
    try:
        return cv2.VideoCapture(index)
    finally:
        cv2.utils.logging.setLogLevel(level)


_cameras: dict[int, ServerCamera] = {}
_cameras_lock = threading.Lock()


def camera() -> ServerCamera:
    index = int(current_app.config.get("CAMERA_INDEX", 0))
    with _cameras_lock:
        if index not in _cameras:
            _cameras[index] = ServerCamera(index)
        return _cameras[index]


def _unavailable():
    cam = camera()
    return respond(503, {"code": "no_camera", "message": cam.error or "the server camera gives no picture"})


@bp.get("/status")
def status():
    frame = camera().latest(wait_s=2.0)
    from . import i18n
    return jsonify({"available": frame is not None, "message": i18n.msg(camera().error or "")})


@bp.get("/frame.jpg")
def frame():
    data = camera().latest()
    if data is None:
        return _unavailable()
    return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@bp.get("/stream.mjpg")
def stream():
    cam = camera()
    first = cam.latest()
    if first is None:
        return _unavailable()

    def frames():
        data = first
        while data is not None:
            yield b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: " + str(len(data)).encode() + b"\r\n\r\n" + data + b"\r\n"
            time.sleep(0.1)
            data = cam.latest(wait_s=1.0)

    return Response(frames(), mimetype="multipart/x-mixed-replace; boundary=frame",
                    headers={"Cache-Control": "no-store"})


@bp.post("/capture")
def capture():
    """Read the server camera's current frame; ``live=1`` answers the live-mode JSON without
    storing, otherwise the frame is stored as a draft and the review URL returned."""
    from . import reading
    from .capture import _selected_game, live_answer
    from .store import get_store
    import scorer
    data = camera().latest()
    if data is None:
        return _unavailable()
    game = _selected_game()
    rules = game["rules"] if game else (request.form.get("rules") or scoring.default_rules())
    scorer.get_rule_set(rules)
    if not game:
        from . import gamelog
        gamelog.remember_rules(rules)
    from . import gamelog
    from .store import get_store
    photo, result = reading.read_upload(data, rules=rules,
                                        context=gamelog.reading_context(get_store(), game) if game else {},
                                        options=game["options"] if game else {})
    live = request.form.get("live") == "1"
    if live and request.form.get("keep") != "1":
        # as the page's own camera is answered (capture.live): it showed every kept hand of this
        # camera as "not a winning hand" once the page read the verdict from the answer
        return jsonify(live_answer(result, rules, game))
    draft = get_store().create_draft(photo.record(), result)
    url = url_for("review.draft", draft_id=draft, rules=rules, **({"game": game["id"]} if game else {}))
    if request.headers.get("X-Requested-With") == "fetch":
        return jsonify({**(live_answer(result, rules, game) if live else
                           {"notation": result.get("notation"), "score": result.get("score")}),
                        "draft": draft, "review_url": url})
    from flask import redirect
    return redirect(url, code=303)
