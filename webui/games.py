"""Game log pages (docs/webui.md): create a game, record hands (from the review page),
draws and false-win penalties, running totals and the standings chart, undo, export, import."""
from __future__ import annotations

import json

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for

from . import gamelog, scoring, validation
from .chart import standings_svg
from .store import DuplicateRequest, get_store

bp = Blueprint("games", __name__, url_prefix="/games")


@bp.get("")
def index():
    rule_sets = scoring.available_rules()
    return render_template("games.html", games=get_store().list_games(), rule_sets=rule_sets,
                           options={r["name"]: scoring.option_fields(r["name"]) for r in rule_sets})


@bp.post("")
def create():
    f = request.form
    rules = f.get("rules") or scoring.default_rules()
    gid = gamelog.new_game(get_store(), name=f.get("name", ""), rules=rules,
                           players=[f.get(f"player{i}", "") for i in range(4)],
                           options=_changed_options(f, rules))
    return redirect(url_for("games.show", game_id=gid), code=303)


def _changed_options(form, rules: str) -> dict:
    """The options of the new-game form that differ from the rule set's defaults (so the game
    records what the table chose, not every default)."""
    if not form.get("opt__present"):
        return {}
    given = scoring.parse_form_options(form, rules, prefix=f"opt_{rules}__")
    defaults = {f["name"]: f["default"] for f in scoring.option_fields(rules)}
    return {k: v for k, v in given.items() if defaults.get(k) != v}


@bp.get("/<int:game_id>")
def show(game_id):
    view = gamelog.game_view(get_store(), game_id)
    chart = standings_svg(view["game"]["players"], [h["totals"] for h in view["hands"]])
    return render_template("game.html", view=view, game=view["game"], chart=chart,
                           rule_sets={r["name"]: r["title"] for r in scoring.available_rules()})


@bp.get("/<int:game_id>/chart.svg")
def chart(game_id):
    view = gamelog.game_view(get_store(), game_id)
    return Response(standings_svg(view["game"]["players"], [h["totals"] for h in view["hands"]]),
                    mimetype="image/svg+xml")


@bp.post("/<int:game_id>/hands")
def record(game_id):
    """The review page's "record this hand" form: ``payload`` is the hand record as JSON."""
    data = validation.parse_json(request.form.get("payload", ""), "payload")
    if not isinstance(data, dict):
        raise gamelog.GameError("bad_json", "the hand record must be an object", field="payload")
    draft = None
    if data.get("draft"):
        draft = get_store().get_draft(validation.text(data.pop("draft"), "payload.draft", max_len=64))
        if get_store().find_request(game_id, "draft:" + draft["id"]) is not None:   # a resubmitted form
            flash("this photo's hand is already recorded")
            return redirect(url_for("games.show", game_id=game_id), code=303)
    if "form" in data:  # the context form's fields, parsed like the review page does
        game = get_store().get_game(game_id)
        form = validation.obj(data.pop("form"), "payload.form", max_bytes=validation.MAX_CONTEXT_BYTES)
        data["context"] = scoring.parse_form_context(form, game["rules"])
    try:
        hand = gamelog.record(get_store(), game_id, data, draft=draft,
                              request_key="draft:" + draft["id"] if draft else None)
    except DuplicateRequest:
        flash("this photo's hand is already recorded")
        return redirect(url_for("games.show", game_id=game_id), code=303)
    flash(f"hand {hand['seq']} recorded")
    return redirect(url_for("games.show", game_id=game_id), code=303)


@bp.post("/<int:game_id>/draw")
def draw(game_id):
    hand = gamelog.record(get_store(), game_id, {"kind": "draw", "note": request.form.get("note", "")})
    flash(f"hand {hand['seq']}: draw recorded")
    return redirect(url_for("games.show", game_id=game_id), code=303)


@bp.post("/<int:game_id>/penalty")
def penalty(game_id):
    try:
        amount = int(request.form.get("amount", "10"))
    except ValueError:
        raise gamelog.GameError("bad_field", "amount must be a whole number", field="amount") from None
    hand = gamelog.record(get_store(), game_id, {"kind": "penalty", "offender": request.form.get("offender"),
                                                 "amount": amount, "note": request.form.get("note", "")})
    flash(f"hand {hand['seq']}: false win recorded")
    return redirect(url_for("games.show", game_id=game_id), code=303)


@bp.post("/<int:game_id>/undo")
def undo(game_id):
    get_store().get_game(game_id)
    removed = get_store().undo_last_hand(game_id)
    flash(f"hand {removed['seq']} removed" if removed else "no hand to undo")
    return redirect(url_for("games.show", game_id=game_id), code=303)


@bp.get("/<int:game_id>/hands/<int:seq>")
def hand(game_id, seq):
    store = get_store()
    game = store.get_game(game_id)
    h = store.get_hand(game_id, seq)
    return render_template("hand.html", game=game, h=h)


@bp.get("/<int:game_id>/export.csv")
def export_csv(game_id):
    return Response(gamelog.export_csv(get_store(), game_id), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="mjtable-game-{game_id}.csv"'})


def json_export_response(game_id: int) -> Response:
    """The game as a JSON file download (the games page and the API serve the same)."""
    data = gamelog.export_json(get_store(), game_id)
    body = json.dumps(data, ensure_ascii=False, indent=1)
    try:
        body.encode("utf-8")
    except UnicodeEncodeError:   # text stored before input was checked: escape it rather than fail
        body = json.dumps(data, ensure_ascii=True, indent=1)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="mjtable-game-{game_id}.json"'})


@bp.get("/<int:game_id>/export.json")
def export_json(game_id):
    return json_export_response(game_id)


@bp.post("/import")
def import_game():
    upload = request.files.get("file")
    if upload is None:
        raise gamelog.GameError("missing_field", "choose a JSON export to import", field="file")
    gid = gamelog.import_json(get_store(), gamelog.parse_import_bytes(upload.read()))
    flash("game imported")
    return redirect(url_for("games.show", game_id=gid), code=303)


@bp.post("/<int:game_id>/delete")
def delete(game_id):
    get_store().get_game(game_id)
    get_store().delete_game(game_id)
    flash("game deleted")
    return redirect(url_for("games.index"), code=303)
