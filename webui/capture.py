"""Capture: upload or take a photo, read it, open the review page (docs/webui.md).

``POST /capture/read`` takes the multipart field ``image`` (a phone camera via
``<input capture="environment">``, a file, or a webcam frame), reads it with the vision
pipeline, stores the photo and reading as a draft and answers the review URL (JSON for the
page's script, a redirect for a plain form). ``POST /capture/live`` reads one webcam frame for
live mode without storing anything unless asked.
"""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for

import scorer

from . import gamelog, i18n, reading, scoring
from .store import get_store

bp = Blueprint("capture", __name__)


def _selected_game():
    gid = request.values.get("game", type=int)
    if gid is None:
        return None
    return get_store().get_game(gid)


@bp.get("/")
def index():
    game = _selected_game()
    rules = game["rules"] if game else request.args.get("rules") or gamelog.usual_rules(get_store())
    # a finished game records no more hands: said before the photo, not at Record
    from .gamelog import next_deal
    over = bool(game) and next_deal(get_store(), game).finished
    profile_name = _profile_name()
    return render_template("capture.html", game=game, game_over=over, rules=rules, profile_name=profile_name,
                           profiles_saved=_profiles_saved() if profile_name is None else None,
                           rule_sets=scoring.available_rules(),
                           games=get_store().list_games()[:20])


def _profile_name() -> str | None:
    """The active tile-set profile's name, shown on the photo page (None when none is active)."""
    from vision.profile import ProfileError, ProfileStore
    try:
        store = ProfileStore(current_app.config.get("DATA_DIR"))
        return store.active_name()     # as the player named it, kept with the pointer: no profile is loaded
    except (ProfileError, OSError, ValueError):
        return None


def _profiles_saved() -> int:
    """How many tile-set profiles are saved (0 when the folder cannot be read)."""
    from vision.profile import ProfileStore
    try:
        return ProfileStore(current_app.config.get("DATA_DIR")).count()
    except (OSError, ValueError):
        return 0


@bp.get("/join")
def join():
    """The join link and its QR code, for the phones at the table (``mjtable serve --lan``)."""
    url = current_app.config.get("JOIN_URL")
    qr_svg = None
    if url:
        import io

        import qrcode
        import qrcode.image.svg
        out = io.BytesIO()
        qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage).save(out)
        qr_svg = out.getvalue().decode("utf-8").split("?>", 1)[-1]
    return render_template("join.html", url=url, qr_svg=qr_svg)


def live_answer(result: dict, rules: str, game: dict | None) -> dict:
    """A live-mode frame's answer, for this device's camera and the server's alike: the hand read
    (notation), its score, the tiles counted, the reader's warnings, and whether the hand may be
    declared (``declare``) with its total (``total_text``), in the page's language."""
    score = result.get("score")
    out = {"notation": result.get("notation"), "score": score, "tiles": len(result.get("tiles") or []),
           # in the page's language: the live page shows them as they come (a dark view said nothing)
           "warnings": [i18n.msg(w) for w in (result.get("reading") or {}).get("warnings", [])]}
    if out["notation"]:
        # whether the hand may be declared, and why not, as the review page says it: an MCR hand
        # under its minimum showed "1 points" and a Review link as if it had won
        from .review import declaration_in_page_language
        out["declare"] = declaration_in_page_language(score, rules, game)
        if out["declare"]["ok"]:
            unit = scoring.total_unit(score)
            out["total_text"] = f"{i18n.number(score['total'])} {i18n.unit_word(unit, score['total'])}".strip()
    return out


def _read_request(wait_s: float = reading.READ_WAIT_S):
    upload = request.files.get("image")
    if upload is None or not upload.filename:      # a form sent with no file chosen has a part without a name
        from .gamelog import GameError
        raise GameError("missing_field", "choose or take a photo first", field="image")
    game = _selected_game()
    rules = game["rules"] if game else (request.form.get("rules") or scoring.default_rules())
    scorer.get_rule_set(rules)
    if not game:
        gamelog.remember_rules(rules)
    options = game["options"] if game else {}
    context = gamelog.reading_context(get_store(), game) if game else {}
    photo, result = reading.read_upload(upload.read(), rules=rules, context=context, options=options, wait_s=wait_s)
    return game, rules, photo, result


@bp.post("/capture/read")
def read():
    game, rules, photo, result = _read_request()
    draft = get_store().create_draft(photo.record(), result)
    url = url_for("review.draft", draft_id=draft, rules=rules, **({"game": game["id"]} if game else {}))
    if request.headers.get("X-Requested-With") == "fetch":
        return jsonify({"draft": draft, "review_url": url})
    return redirect(url, code=303)


@bp.post("/capture/live")
def live():
    """One live-mode frame: the hand read (notation) and its score, so the page can tell when
    the same complete hand has stayed in view; ``keep=1`` stores it for review."""
    # a kept frame is the player's choice: it waits as a photo does
    game, rules, photo, result = _read_request(reading.READ_WAIT_S if request.form.get("keep") == "1"
                                               else reading.LIVE_READ_WAIT_S)
    out = live_answer(result, rules, game)
    if request.form.get("keep") == "1":
        draft = get_store().create_draft(photo.record(), result)
        out["review_url"] = url_for("review.draft", draft_id=draft, rules=rules,
                                    **({"game": game["id"]} if game else {}))
    return jsonify(out)
