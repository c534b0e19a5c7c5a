"""mjtable web UI: a local Flask app to capture a photo, review and correct the hand, score it,
settle it and keep the game log (docs/webui.md).

``create_app(test_config=None)`` builds the app (application-factory style). Blueprints, one per
feature: ``capture`` (photo upload / camera → reading), ``review`` (the hand, corrections, the
context form and the result), ``games`` (the game log), ``api`` (JSON) and ``camera`` (a webcam
attached to the server). The SQLite store is attached with ``store.init_app``.

The app only serialises what ``scorer`` and ``vision`` return (README, "Data flow and
layout"; checked by tests/structure/test_layers.py).
"""
from __future__ import annotations

import os
import secrets
import sqlite3
from pathlib import Path

from flask import Flask

# One data directory for the whole app (game log, secret key, tile-set profiles).
from vision.profile import default_data_dir  # (re-exported for mjtable serve)

DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024
DEFAULT_MAX_IMAGE_PIXELS = 40_000_000


def kept_secret(path: Path, make, min_len: int, renew: bool = False) -> str:
    """The secret kept at ``path`` (private, 0600), or a new one from ``make()`` written there when
    there is none of at least ``min_len`` characters, or with ``renew``: so that what it guards
    (sessions, the table's join link) survives a restart."""
    if not renew:
        try:
            kept = path.read_text().strip()
            if len(kept) >= min_len:
                return kept
        except OSError:
            pass
    secret = make()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(secret)
    return secret


def _secret_key(data_dir: Path) -> str:
    """A per-installation secret, kept in the data directory so sessions survive restarts."""
    return kept_secret(data_dir / "secret_key", lambda: secrets.token_hex(32), 32)


def _init_parts(app: Flask) -> None:
    """The game log's tables and the app's parts, each of which may write to the log."""
    from . import security, store
    store.init_app(app)
    security.init_app(app)

    from . import api, calibrate, camera, capture, games, review, tiles_bp
    app.register_blueprint(capture.bp)
    app.register_blueprint(review.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(camera.bp)
    app.register_blueprint(tiles_bp.bp)
    app.register_blueprint(calibrate.bp)  # tile-set profiles (docs/calibration.md)


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=False)
    cfg = dict(test_config or {})
    data_dir = Path(cfg.get("DATA_DIR") or default_data_dir())
    from .startup import prepare_data_dir
    # StartupError: one line for `mjtable serve` to print
    writable = prepare_data_dir(data_dir, Path(cfg.get("DATABASE") or data_dir / "mjtable.sqlite3"))
    app.config.from_mapping(
        DATA_DIR=str(data_dir),
        DATABASE=str(data_dir / "mjtable.sqlite3"),
        MAX_CONTENT_LENGTH=DEFAULT_MAX_UPLOAD_BYTES,   # bytes of one request (upload limit)
        MAX_IMAGE_PIXELS=DEFAULT_MAX_IMAGE_PIXELS,     # width × height, checked before decoding
        LAN_TOKEN=None,                                # set by `mjtable serve --lan`
        CAMERA_INDEX=0,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        # a cookie of its own name (`mjtable serve` adds the port): cookies are the host's, not the
        # port's, and Flask's "session" was shared with any other app or mjtable on this machine,
        # each one's forms refused after a visit to the other
        SESSION_COOKIE_NAME="mjtable",
    )
    app.config.update(cfg)
    if not app.config.get("SECRET_KEY"):
        # a read-only data dir without its key: one for this run (forms are sent again after a restart)
        app.config["SECRET_KEY"] = _secret_key(data_dir) if writable or (data_dir / "secret_key").is_file() \
            else secrets.token_hex(32)

    # Ids in addresses fit SQLite's 64-bit integers: /games/99999999999999999999 is a 404.
    from werkzeug.routing import IntegerConverter

    from .validation import MAX_INT64

    class RowIdConverter(IntegerConverter):
        # ASCII digits only: werkzeug's \d also took "１" and "١" as game 1, one page under many addresses
        regex = r"[0-9]+"

        def to_python(self, value: str) -> int:
            # an id past SQLite's integers is no row: 404 whatever the method (a bound on the
            # converter made routing pass the address over, and DELETE or PATCH then found only
            # the GET rule's path: 405 where GET said 404)
            # (checked by length first: past 4,300 digits int() itself refuses, and the rule was passed over)
            number = super().to_python(value) if len(value) <= 19 else None
            if number is None or number > MAX_INT64:
                from werkzeug.exceptions import NotFound
                raise NotFound()
            return number
    app.url_map.converters["int"] = RowIdConverter

    try:
        _init_parts(app)
    except sqlite3.OperationalError as e:
        # a disk nearly full let the game log be opened, then failed its drafts' tables with a
        # traceback (and status 1, "the answer is no", from `mjtable record new`)
        from .startup import StartupError
        if "disk is full" in str(e) or "disk I/O" in str(e):
            raise StartupError(f"the disk holding the game log is full (or cannot be written): free some space "
                               f"in {data_dir}, then start again") from None
        raise StartupError(f"cannot prepare the game log {app.config['DATABASE']}: {e}") from None
    from . import words
    words.init_app(app)                   # /words: the words of the table

    from . import errors
    errors.init_app(app)

    from .i18n import tile_label
    app.jinja_env.globals["tile_label"] = tile_label
    from . import i18n, money
    app.jinja_env.globals["money"] = lambda value, step, unit="", signed=False: money.money(
        value, step, unit, signed, number=i18n.number, space="\u00a0")
    from . import gamelog, score_sheet
    app.jinja_env.globals["seat_shares"] = lambda final, tournament=False: gamelog.seat_shares(
        final, i18n.t, i18n.number, tournament)
    app.jinja_env.globals["share_words"] = lambda row: gamelog.share_words(row, i18n.t, i18n.number)
    # one person however typed ("cy" back in Cy's seat), as a game tells its players apart
    from markupsafe import Markup

    from .chart import key_svg
    app.jinja_env.globals["chart_key"] = lambda p: Markup(key_svg(p))
    app.jinja_env.globals["same_person"] = lambda a, b: gamelog.name_key(a) == gamelog.name_key(b)
    app.jinja_env.globals["sticks_text"] = lambda h, winner: score_sheet.sticks_text(h, winner, i18n.t, i18n.number)

    # The tile reader's models load now, in the background, not on the first photo: with
    # PRELOAD_MODELS (set by `mjtable serve`), and by default when no config is given (a WSGI
    # server's create_app()); a test's config leaves them to the first reading.
    if app.config.get("PRELOAD_MODELS", test_config is None):
        from .reading import start_preload
        start_preload(app)
    return app
