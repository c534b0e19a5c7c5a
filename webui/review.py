"""Review and score: the photo with its overlay, the hand as tiles with corrections, the
context form, the result and the same hand under the other rule sets (docs/webui.md). Each
correction is re-scored at once through ``POST /review/score``."""
from __future__ import annotations

from flask import Blueprint, Response, jsonify, render_template, request

import scorer

from . import gamelog, scoring, settlement, validation
from .store import get_store
from .tile_svg import PICKER_CODES

bp = Blueprint("review", __name__)


def _page(draft=None):
    store = get_store()
    gid = request.args.get("game", type=int)
    game = store.get_game(gid) if gid is not None else None
    rules = game["rules"] if game else request.args.get("rules") or scoring.default_rules()
    scorer.get_rule_set(rules)
    hand = None
    notation = request.args.get("hand", "")
    if draft is not None:
        hand = draft["reading"].get("hand")
        notation = draft["reading"].get("notation") or ""
    elif notation:
        try:
            hand = scorer.to_hand(notation).to_dict()
        except scorer.HandError:
            hand = None  # the page shows the notation and the parser's message
    view = gamelog.standing(store, game["id"]) if game else None
    remembered = dict(game["context"]) if game else {}
    if draft is not None:
        # What the photo showed (dora indicators) and what the reading was given.
        remembered.update((hand or {}).get("context") or {})
    return render_template(
        "review.html", draft=draft, game=game, view=view, rules=rules,
        rule_sets=scoring.available_rules(), context_fields=scoring.context_fields(rules),
        option_fields=scoring.option_fields(rules), remembered=remembered,
        options=(game or {}).get("options", {}), hand=hand, notation=notation,
        picker=PICKER_CODES, winds=settlement.WINDS)


@bp.get("/review/new")
def manual():
    return _page()


@bp.get("/review/<draft_id>")
def draft(draft_id):
    return _page(get_store().get_draft(draft_id))


@bp.get("/photos/<int:photo_id>.jpg")
def photo(photo_id):
    p = get_store().get_photo(photo_id)
    return Response(p["jpeg"], mimetype="image/jpeg", headers={"Cache-Control": "private, max-age=3600"})


def _seats(data, game):
    """Winner, discarder, dealer and round wind of a hand being reviewed inside a game."""
    view = gamelog.standing(get_store(), game["id"])
    winner = data.get("winner")
    if winner in (None, ""):
        return None
    winner = gamelog._player_index(winner, "winner")
    discarder = gamelog._player_index(data.get("discarder"), "discarder", allow_none=True)
    if discarder == winner:
        raise gamelog.GameError("bad_field", "the winner cannot have discarded the winning tile",
                                field="discarder")
    dealer = gamelog._player_index(data.get("dealer", view["next"]["dealer"]), "dealer")
    wind = gamelog._wind(data.get("round_wind") or view["next"]["round_wind"])
    return {"winner": winner, "discarder": discarder, "dealer": dealer, "round_wind": wind}


@bp.post("/review/score")
def score():
    """JSON in (``hand``, ``rules``, ``form`` fields, optional ``game`` and seats), the result
    as an HTML fragment plus the scorer's JSON out. Malformed hands answer 200 with the message
    in the fragment: a hand half-way through a correction is normal on this page."""
    data = validation.request_json()
    form = validation.obj(data.get("form"), "form", max_bytes=validation.MAX_CONTEXT_BYTES)
    game = None
    if data.get("game") not in (None, ""):
        game = get_store().get_game(validation.int_id(data["game"], "game"))
    rules = game["rules"] if game else (data.get("rules") or scoring.default_rules())
    validation.text(rules, "rules")
    players = game["players"] if game else None
    try:
        scorer.get_rule_set(rules)
        options = game["options"] if game else scoring.parse_form_options(form, rules)
        context = scoring.parse_form_context(form, rules)
        seats = _seats(data, game) if game else None
        if seats:
            context = gamelog.win_context(game, context, winner=seats["winner"], discarder=seats["discarder"],
                                          dealer=seats["dealer"], round_wind=seats["round_wind"])
        payload = scoring.score_payload(data.get("hand"), rules, options, context)
    except (scorer.HandError, scorer.RulesError, gamelog.GameError, settlement.SettlementError) as e:
        err = e.to_dict()
        return jsonify({"ok": False, "error": err,
                        "html": render_template("_result.html", error=err, result=None)})
    hand = scorer.to_hand(payload["hand"])
    payments = None
    if seats and payload["score"]["valid"]:
        try:
            payments = settlement.map_payments(payload["score"].get("payments", []), winner=seats["winner"],
                                               discarder=seats["discarder"], dealer=seats["dealer"])
        except settlement.SettlementError as e:
            payments = {"error": e.to_dict()}
    html = render_template("_result.html", result=payload["score"], error=None, notation=payload["notation"],
                           compare=scoring.compare(hand, skip=rules), players=players, payments=payments,
                           seats=seats)
    return jsonify({"ok": True, "html": html, **payload})
