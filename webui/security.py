"""Who may use the app, and forged-request protection (docs/webui.md).

* Clients on this machine (the loopback interface, or its own LAN address) are trusted. Other clients (``mjtable serve --lan``) must
  bring the join token once (``?token=...`` from the printed URL / QR code, or the
  ``X-MJTable-Token`` header); it is then remembered in their signed session cookie. Without
  it they can neither read nor change anything.
* This machine's requests must name the server by IP address or ``localhost`` in ``Host``, so a web
  page that rebinds its own domain name to 127.0.0.1 cannot talk to the app.
* Every state-changing request carries the per-session CSRF token (form field ``csrf_token`` or
  header ``X-CSRF-Token``), except bodies typed ``application/json``: a cross-site page cannot
  send those without a CORS preflight, which this app never answers.
"""
from __future__ import annotations

import hmac
import ipaddress
import re
import secrets
from urllib.parse import urlencode

from flask import jsonify, redirect, request, session

UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
TOKEN_HEADER = "X-MJTable-Token"
CSRF_HEADER = "X-CSRF-Token"
#: Endpoints that change nothing (they read a photo, or score a hand, and answer): clients post to them
#: without a session, and a forged request gains nothing (the answer is not readable
#: cross-origin without CORS, which this app never grants).
CSRF_EXEMPT = {"api.read", "review.score"}


_TOKEN_IN_TEXT = re.compile(r"(token=)[^&\s\"']+")


def redact_token(text: str) -> str:
    """``text`` (an access-log line) with the value of any ``token=`` query parameter hidden."""
    return _TOKEN_IN_TEXT.sub(r"\1[hidden]", text)


def csrf_token() -> str:
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def _is_loopback(addr: str | None) -> bool:
    try:
        return ipaddress.ip_address((addr or "").split("%")[0]).is_loopback
    except ValueError:
        return False


def _from_this_machine() -> bool:
    """Whether the client is this machine: on the loopback interface, or connected from the very
    address it reached (the host's own browser opening the LAN join address). A TCP connection's
    source cannot be another machine's while it equals the local end of the connection."""
    addr = request.remote_addr
    if _is_loopback(addr):
        return True
    sock = request.environ.get("werkzeug.socket")
    try:
        local = sock.getsockname()[0] if sock is not None else None
    except (OSError, AttributeError, IndexError, TypeError):
        local = None
    return bool(addr) and local == addr


def _host_is_literal_or_localhost(host: str) -> bool:
    name = host.rsplit(":", 1)[0] if not host.startswith("[") else host[1:host.find("]")]
    if name.lower() in ("localhost", "localhost."):
        return True
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


def _deny(status: int, code: str, message: str):
    if request.path.startswith("/api/") or request.is_json or request.accept_mimetypes.best == "application/json":
        if not request.path.startswith("/api/") or request.headers.get("X-Requested-With") == "fetch":
            # a page's script shows it (the review page's score, the game page's poll): in the
            # page's language; the JSON API stays English, for programs
            from .i18n import msg
            message = msg(message, code)
        resp = jsonify({"error": {"code": code, "message": message}})
        resp.status_code = status
        return resp
    from flask import render_template

    from .navigation import back_url
    return render_template("error.html", status=status, message=message, back_url=back_url()), status


def _check_access():
    app_token = _app_config("LAN_TOKEN")
    if _from_this_machine():
        if not _host_is_literal_or_localhost(request.host or ""):
            return _deny(403, "bad_host", "requests must address this server by IP address or "
                                          "localhost")
        return None
    if not app_token:
        return _deny(403, "not_local", "this server only answers its own machine; start it with "
                                       "`mjtable serve --lan` to let the table join")
    given = request.args.get("token")
    if given is not None and hmac.compare_digest(given, app_token):
        session["lan"] = app_token
        session.permanent = True
        if request.method == "GET":
            rest = [(k, v) for k, v in request.args.items(multi=True) if k != "token"]
            return redirect(request.path + ("?" + urlencode(rest) if rest else ""))
        return None
    if hmac.compare_digest(session.get("lan", ""), app_token):
        return None
    header = request.headers.get(TOKEN_HEADER, "")
    if header and hmac.compare_digest(header, app_token):
        return None
    if request.endpoint == "static":
        # the refusal page's own style and scripts (it was a bare page): nothing of the game log
        return None
    if session.get("lan"):
        # this device joined with a link the host has since replaced (`serve --new-token`): said
        # so, not only "ask for the link", which it had
        return _deny(403, "token_changed", "the table's join link changed since this device joined: ask the host "
                                           "for the new one: on the host's computer the page /join shows its QR code "
                                           "to scan")
    return _deny(403, "token_required", "ask the host for the table's join link: on the host's computer the "
                                        "page /join shows its QR code to scan (the link carries the table's token)")


def _check_csrf():
    if request.method not in UNSAFE_METHODS or request.endpoint in CSRF_EXEMPT:
        return None
    # the API's JSON writes: a page of another site cannot send that type without a preflight,
    # which this app never answers. Elsewhere a JSON body carries the token too (the pages' own
    # scripts send it in CSRF_HEADER): a form route read no field of a tokenless JSON post and
    # acted on it (a game deleted: a robustness review)
    if request.mimetype == "application/json" and request.path.startswith("/api/"):
        return None
    sent = request.headers.get(CSRF_HEADER) or request.form.get("csrf_token", "")
    expected = session.get("csrf", "")
    if not expected or not sent or not hmac.compare_digest(sent, expected):
        if request.path.startswith("/api/"):
            # what the client got wrong is the body's type (a developer read code "csrf" as a
            # token to fetch): 415, as HTTP names a body of a type the route does not take
            return _deny(415, "not_json", "API writes are JSON: send Content-Type: application/json")
        if _sent_by_own_page() and request.form and not request.files and request.url_rule is not None:
            # a form of this app's own pages whose session expired: its entry comes back to be sent
            # again, not lost behind "reload the page" (a game's win form, typed at the table); a
            # request from elsewhere, a page's script, or a browser that does not say where it
            # comes from, is refused as before
            return _resend()
        return _deny(400, "csrf", "the form has expired or did not come from this app; "
                                  "reload the page and try again")
    return None


def _sent_by_own_page() -> bool:
    """A form a person sent from one of this app's pages: the browser says the navigation came
    from this origin (``Sec-Fetch-*``, sent to localhost and HTTPS), or where it does not send
    those, its ``Origin`` is this server's (a phone on the table's plain-HTTP address)."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site == "same-origin" and request.headers.get("Sec-Fetch-Mode") == "navigate"
    origin = request.headers.get("Origin")
    return bool(origin) and origin.rstrip("/") == request.host_url.rstrip("/")


def resend_form() -> dict:
    """The form this request posted, to be sent again from the error page (its own fields, a
    fresh CSRF token): ``{"action", "fields"}``."""
    fields = [(k, v) for k, v in request.form.items(multi=True) if k != "csrf_token"]
    # the path as this server routed it (a "//host" path would leave the app; the CSP forbids it too)
    action = "/" + request.path.lstrip("/\\") + (f"?{request.query_string.decode()}" if request.query_string else "")
    return {"action": action, "fields": fields}


def _resend():
    from flask import render_template

    from .navigation import back_url
    message = "this page had expired, so nothing was done; what you entered is kept: send it again"
    return render_template("error.html", status=400, message=message, code="csrf", back_url=back_url(),
                           resend=resend_form()), 400


#: Endpoints whose answers any page may keep or embed: the app's own style and scripts, the
#: tiles' pictures. Everything else is private to the table (no-store: a shared computer's
#: cache kept /join's token and the game pages).
PUBLIC_ENDPOINTS = {"static", "tiles.tile"}


def _refuse_cross_site():
    """A request another web site's page made the host's browser send (``Sec-Fetch-Site:
    cross-site``, which browsers set and pages cannot) is refused, but for following a link to
    the app: an ``<img>`` of another site turned on the server's webcam and probed the photos, a
    script posted photos to read in a loop. The host is trusted by its address alone."""
    if request.headers.get("Sec-Fetch-Site") != "cross-site" or request.endpoint == "static":
        return None
    if request.method in ("GET", "HEAD") and request.headers.get("Sec-Fetch-Mode") == "navigate":
        return None
    return _deny(403, "cross_site", "a request made by another web site's page is refused: open the app itself")


def _app_config(name):
    from flask import current_app
    return current_app.config.get(name)


def _headers(resp):
    resp.headers.setdefault("X-Content-Type-Options", "nosniff")
    resp.headers.setdefault("X-Frame-Options", "DENY")
    # same-origin: the error page's "Go back" needs the page it came from (navigation.back_url); other
    # sites get nothing (a join link's token never leaves this server)
    resp.headers.setdefault("Referrer-Policy", "same-origin")
    if request.endpoint not in PUBLIC_ENDPOINTS:
        # a view's own rule stands (a photo is kept in the browser's private cache for its page)
        resp.headers.setdefault("Cache-Control", "no-store")
    resp.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; "
        "style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
    return resp


def init_app(app) -> None:
    app.before_request(_check_access)
    app.before_request(_refuse_cross_site)
    app.before_request(_check_csrf)
    app.after_request(_headers)
    app.jinja_env.globals["csrf_token"] = csrf_token
