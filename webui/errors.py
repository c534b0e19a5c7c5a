"""Errors become a clear message with a 4xx status: JSON under /api (and for JSON requests),
a page otherwise. Nothing a client sends should produce a 500."""
from __future__ import annotations

import re
import sqlite3

from flask import jsonify, render_template, request
from werkzeug.exceptions import HTTPException

import scorer
from vision.errors import ImageError

from .gamelog import GameError
from .navigation import back_url
from .settlement import SettlementError
from .store import NotFound, ReadOnly
from .validation import InputError


class ReaderUnavailable(RuntimeError):
    """The photo reader (vision) is not installed or its model is missing."""

    code = "reader_unavailable"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def to_dict(self):
        return {"code": self.code, "message": self.message}


class ReaderBusy(ReaderUnavailable):
    """Every slot for reading a photo stayed taken while this one waited (``reading.READS_AT_ONCE``)."""

    code = "reader_busy"


def wants_json() -> bool:
    return (request.path.startswith("/api/") or request.is_json
            or request.headers.get("X-Requested-With") == "fetch"
            or request.accept_mimetypes.best == "application/json")


#: An absolute file path in a message (not a URL's path): shown by its file name only.
_ABSOLUTE_PATH = re.compile(r"(?<![\w.:/])/(?:[\w.+@-]+/)+([\w.+@-]+)")


def public_message(text: str) -> str:
    """A message fit for a client: absolute paths of this machine reduced to their file name."""
    return _ABSOLUTE_PATH.sub(r"\1", text) if isinstance(text, str) else text


def notation_excerpt(exc) -> tuple[str, str, str] | None:
    """The notation around an input error's position (``ScorerError.excerpt``); None for an
    error of another kind, or one without a position in a notation."""
    excerpt = getattr(exc, "excerpt", None)
    return excerpt() if callable(excerpt) else None


def respond(status: int, error: dict, excerpt: tuple[str, str, str] | None = None, resend: bool = False):
    """The error as JSON for scripts and the API, else as the error page (which also shows
    ``excerpt``: the notation with the character at fault, ``ScorerError.excerpt``). ``resend``:
    a refusal that passes (a busy or full disk): a page's form comes back on it to be sent again,
    as typed (its "Go back" led to the form emptied: a hand typed at the table, lost)."""
    if "message" in error:
        error = {**error, "message": public_message(error["message"])}
    if wants_json():
        if not request.path.startswith("/api/") and "message" in error:
            # the app's own pages show it as it comes (capture.js): in their language; the API
            # keeps the English its clients match on
            from . import i18n
            error = {**error, "message": i18n.msg(error["message"], error.get("code"))}
        resp = jsonify({"error": error})
        resp.status_code = status
        return resp
    again = None
    if resend and request.method == "POST" and request.form and not request.files and request.url_rule is not None:
        from .security import resend_form
        again = resend_form()
    return render_template("error.html", status=status, message=error.get("message", ""),
                           code=error.get("code"), back_url=back_url(), excerpt=excerpt, resend=again), status


def init_app(app) -> None:
    @app.errorhandler(scorer.HandError)
    @app.errorhandler(scorer.RulesError)
    @app.errorhandler(GameError)
    @app.errorhandler(SettlementError)
    def _bad_input(e):
        return respond(409 if getattr(e, "code", "") in ("game_over", "ends_early", "stale_hand", "stale_game", "stale_names",
                                                         "stale_options") else 400, e.to_dict(),
                       excerpt=notation_excerpt(e))

    @app.errorhandler(InputError)
    def _bad_field(e):
        return respond(e.status, e.to_dict())

    @app.errorhandler(ImageError)
    def _bad_image(e):
        return respond(413 if e.code == "too_large" else 400, e.to_dict())

    @app.errorhandler(NotFound)
    def _not_found(e):
        return respond(404, {"code": "not_found", "message": str(e)})

    @app.errorhandler(ReadOnly)
    def _read_only(e):
        return respond(503, e.to_dict())

    @app.errorhandler(sqlite3.DatabaseError)
    def _database(e):
        if isinstance(e, sqlite3.OperationalError) and "locked" in str(e):
            # another request held the game log longer than SQLite waits (a large import): busy,
            # not damaged; "restart to open it read-only" was the wrong advice
            return respond(503, {"code": "busy", "message": "the game log is busy with another device's change "
                                 "(a large import?): try again in a moment"}, resend=True)
        if "disk is full" in str(e) or isinstance(e, sqlite3.OperationalError) and "disk I/O" in str(e):
            # the change was rolled back, the log is whole: "it may be damaged: restart" was wrong
            app.logger.error("game log error on %s: %s", request.path, e)
            return respond(503, {"code": "disk_full", "message": "the disk holding the game log is full (or cannot "
                                 "be written): nothing was recorded; free some space, then send it again"},
                           resend=True)
        # A damaged page met while answering: the server, not the client, is at fault. No more is
        # written to it (a new game was still accepted into a damaged file): read-only from now on
        app.logger.error("game log error on %s: %s", request.path, e)
        pool = app.extensions.get("mjtable_pool")
        if pool is not None and pool.read_only is None:
            pool.set_read_only(f"the game log could not be read or written ({e})")
            app.config["READ_ONLY"] = pool.read_only
        return respond(503, {"code": "database_error", "message": "the game log could not be read or written "
                             f"({e}); it may be damaged: nothing more is recorded; back it up (mjtable games "
                             "--backup FILE), put the backup back (mjtable games --restore FILE), then start mjtable "
                             "serve again"})

    @app.errorhandler(ReaderUnavailable)
    def _no_reader(e):
        return respond(503, e.to_dict())

    @app.errorhandler(ImportError)
    def _missing_module(e):
        # A rule set registered in scorer.RULE_SETS whose module is not in this checkout.
        return respond(503, {"code": "unavailable", "message": f"not installed here: {e.name or e}"})

    @app.errorhandler(Exception)
    def _internal(e):
        if isinstance(e, HTTPException):
            return _http(e)
        app.logger.exception("unexpected error on %s", request.path)
        return respond(500, {"code": "internal", "message": f"an unexpected error ({type(e).__name__}) "
                                                            "stopped this request; it has been logged"})

    @app.errorhandler(HTTPException)
    def _http(e):
        messages = {413: f"the upload is larger than {app.config['MAX_CONTENT_LENGTH'] // (1024 * 1024)} MB",
                    404: "there is nothing at this address", 405: "this address does not accept that method"}
        # an upload over the byte limit is "too_large", as one over the pixel limit (docs/webui.md): a
        # client told "request_entity_too_large" met a code the docs never name
        code = "too_large" if e.code == 413 else (e.name or "error").lower().replace(" ", "_")
        if e.code == 413 and request.path.rstrip("/") in ("/games/import", "/api/games/import"):
            # a club's whole-log backup given to the import met the byte limit alone (a small one is
            # told to use --restore)
            from .validation import MAX_IMPORT_BYTES
            messages[413] = (f"the file is larger than {app.config['MAX_CONTENT_LENGTH'] // (1024 * 1024)} MB: a "
                             f"game's JSON export is at most {MAX_IMPORT_BYTES // (1024 * 1024)} MB; a backup of the "
                             "whole game log goes back with mjtable games --restore FILE")
        response = respond(e.code or 500, {"code": code,
                                           "message": messages.get(e.code, e.description or e.name)})
        if e.code == 405 and getattr(e, "valid_methods", None):
            # the methods it takes, as HTTP asks of a 405 (RFC 9110 §15.5.6): the JSON answer had none
            from flask import make_response
            response = make_response(response)
            response.headers["Allow"] = ", ".join(sorted(e.valid_methods))
        return response
