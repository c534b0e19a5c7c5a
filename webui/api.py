"""JSON API (docs/webui.md). ``POST /api/score`` and ``POST /api/read`` answer the same JSON as
``mjtable score --json`` / ``mjtable read --json``; the game log is reachable as JSON too.
Errors are ``{"error": {"code", "message", ...}}`` with a 4xx status."""
from __future__ import annotations


import hashlib
import json
import sqlite3

from flask import Blueprint, current_app, jsonify, request

import scorer

from . import calibrate, gamelog, i18n, reading, scoring, standings, validation
from .errors import respond
from .store import REQUEST_DIGEST_FIELD, DraftRecorded, DuplicateRequest, get_store

bp = Blueprint("api", __name__, url_prefix="/api")


def _json_body(max_bytes: int = validation.MAX_BODY_BYTES) -> dict:
    return validation.request_json(max_bytes)


def _dict_field(data, name) -> dict:
    return validation.obj(data.get(name), name, max_bytes=validation.MAX_CONTEXT_BYTES)


SCORE_KEYS = ("hand", "rules", "options", "context")
GAME_KEYS = ("name", "rules", "players", "options", "flow")
#: what a hand request may hold (gamelog.record's body, and the draft it records)
HAND_KEYS = ("kind", "hand", "winner", "discarder", "winners", "hands", "contexts", "riichi", "tenpai", "offender",
             "amount", "dealer", "round_wind", "context", "tiles_read", "corrections", "note", "draft", "expect_seq", "expect_edits", "losers")


def _hand_body(data: dict) -> dict:
    """A hand request's body, refused where its fields could be read two ways: the game's own
    discarder field says who discarded (context.self_drawn / context.discarder would contradict
    it), a win says its discarder (null: self-drawn) rather than letting a forgotten one make
    every player pay, and one winner is given one way."""
    validation.known_keys(data, HAND_KEYS)
    if data.get("winners") is not None and not isinstance(data["winners"], list):
        # a number or an object here was looped over: a 500
        raise validation.InputError("bad_field", f"winners must be a list of 1 to {gamelog.MAX_WINNERS} winners",
                                    "winners")
    contexts = [data.get("context")] + [w.get("context") for w in data.get("winners") or [] if isinstance(w, dict)]
    for ctx in contexts:
        for key in ("self_drawn", "discarder"):
            if isinstance(ctx, dict) and key in ctx:
                raise validation.InputError(
                    "bad_field", f"in a game, the hand's discarder says who discarded (a player 0-3, or null "
                    f"when self-drawn), not context.{key}", f"context.{key}")
    if isinstance(data.get("discarder"), str) and data["discarder"].strip() not in ("0", "1", "2", "3"):
        # the game page's form says self-drawn with "" (or "self"): in JSON a stray empty string
        # turned a win on a discard into a self-drawn one
        raise validation.InputError("bad_field", "discarder is a player 0-3, or null when self-drawn (JSON null, "
                                    "not a word or an empty string)", "discarder")
    if data.get("kind", "win") == "win":
        if "discarder" not in data:
            raise validation.InputError("missing_field", "say who discarded: discarder is a player 0-3, or null "
                                        "when self-drawn", "discarder")
        if "winners" in data and ("winner" in data or "hand" in data):
            raise validation.InputError("bad_field", "give the winner either as winner and hand, or in winners, "
                                        "not both", "winners")
    return data


@bp.post("/score")
def score():
    data = validation.known_keys(_json_body(), SCORE_KEYS)
    if "hand" not in data:
        raise gamelog.GameError("bad_field", "hand is required (hand JSON or notation)", field="hand")
    rules = data.get("rules", "mcr")
    if not isinstance(rules, str):
        raise scorer.RulesError("unknown_rules", "rules must be a rule set name", field="rules")
    validation.text(rules, "rules")
    rules = scorer.rules_name(rules)   # "Riichi", "Hong Kong": the names `mjtable score` takes
    options, context = _dict_field(data, "options"), _dict_field(data, "context")
    embedded = data["hand"].get("context") if isinstance(data["hand"], dict) else None
    if isinstance(embedded, dict):
        # the request's context was taken over the hand's own without a word
        validation.one_context(embedded, context, "context")
    if rules == "all":
        from scorer.context import hand_with_own_riichi_stick
        if options:
            raise scorer.RulesError("bad_option", "options apply to one rule set; name it in rules")
        hand = scorer.to_hand(data["hand"], context or None)
        names = [r["name"] for r in scoring.available_rules()]
        payload = {"hand": hand.to_dict(), "notation": scorer.format_hand(hand),
                   # riichi with the winner's own stick, as it is scored alone
                   "scores": {n: scorer.score(hand_with_own_riichi_stick(hand) if n == "riichi" else hand, n)
                              .to_dict() for n in names},
                   "notes": scoring.typed_notes(scoring.hand_input(data["hand"]), "all")}
        return jsonify(payload)
    payload = scoring.score_payload(data["hand"], rules, options, context)
    result = payload["score"]
    if not scoring.declaration(result, rules)["ok"]:
        # what the review page and a game refuse, an MCR hand under its minimum among them
        # (000, Déroulement), as `mjtable score` exits 1
        err = result.get("error") or (
            {"code": "below_minimum", "message": scoring.below_minimum(result)}
            if result["valid"] else {"code": "not_complete", "message": "not a winning hand"})
        resp = jsonify({**payload, "error": err})
        resp.status_code = 422
        return resp
    return jsonify(payload)


def _form_context() -> dict:
    """Context from a multipart form: a ``context`` JSON field and/or one field per key."""
    ctx = {}
    raw = request.form.get("context")
    if raw:
        ctx = validation.obj(validation.parse_json(raw, "context"), "context")
    from scorer.context import CONTEXT_KEYS, Context
    given = Context(ctx).to_dict()      # checked, as the scorer reads it ("s" is S)
    fields = {f["name"]: f for f in scoring.context_fields(None)}
    for name in CONTEXT_KEYS:
        raw = request.form.get(name)
        if raw is None:
            continue
        if len(request.form.getlist(name)) > 1:
            raise scorer.HandError("bad_field", f"{name} is sent twice: send it once", field=f"context.{name}")
        kind = fields[name]["kind"]
        if kind == "bool":
            ctx[name] = validation.yes_no(raw, name)
        elif kind == "count":
            try:
                ctx[name] = int(raw)
            except ValueError:
                raise scorer.HandError("bad_field", f"{name} must be a whole number", field=f"context.{name}") from None
        elif kind == "tiles":
            from scorer.notation import parse_tiles
            try:
                ctx[name] = parse_tiles(raw)
            except scorer.HandError as e:       # named, as every refusal is (docs/webui.md)
                if e.field is None:
                    e.field = f"context.{name}"
                raise
        else:
            ctx[name] = raw
        if name in given and Context({name: ctx[name]}).to_dict()[name] != given[name]:
            # the field won over the context JSON's value without a word (/api/score refuses it)
            raise scorer.HandError("bad_field", f"context {name} is given twice, differently: in the context "
                                   "field and as a field of its own; give it once", field=f"context.{name}")
    return Context(ctx).to_dict()


#: the multipart fields of /api/read besides one per context key (``scorer.context.CONTEXT_KEYS``)
READ_FIELDS = ("rules", "context", "options")


@bp.post("/read")
def read():
    from scorer.context import CONTEXT_KEYS
    # a field the reading does not know (a misspelt context key) is refused, as a JSON body's is:
    # dropped, it would have scored the hand without it
    if "image" in request.form and "image" not in request.files:      # a data URL or base64 sent as text
        raise gamelog.GameError("bad_field", "send the photo as a file (a multipart file field named image), "
                                "not as text", field="image")
    validation.known_keys(dict(request.form), set(READ_FIELDS) | set(CONTEXT_KEYS), "form")
    twice = next((k for k in READ_FIELDS if len(request.form.getlist(k)) > 1), None)
    if twice:       # rules=mcr&rules=riichi scored under the first without a word
        raise validation.InputError("bad_field", f"{twice} is sent twice: send it once", twice)
    validation.known_keys(dict(request.files), {"image"}, "files")
    if len(request.files.getlist("image")) > 1:      # the second was dropped without a word
        raise gamelog.GameError("bad_field", "send one photo a request", field="image")
    upload = request.files.get("image")
    if upload is None:
        raise gamelog.GameError("missing_field", "send the photo as a multipart file field named image",
                                field="image")
    rules = scorer.rules_name(request.form.get("rules") or "") or None   # like `mjtable read`: no rules, no score
    if rules is not None:
        scorer.get_rule_set(rules)
    options = {}
    if request.form.get("options"):
        options = validation.obj(validation.parse_json(request.form["options"], "options"), "options")
    context = _form_context()
    from scorer.context import Context, with_own_riichi_stick
    Context(context)  # a bad context is the client's error, before any photo work
    if rules == "riichi":
        context = with_own_riichi_stick(context)     # as `mjtable read` counts it
    photo, result = reading.read_upload(upload.read(), rules=rules, context=context, options=options)
    if photo.source_width and photo.source_width != photo.width:
        # a photo over images.MAX_SIDE is read scaled down: its boxes are given in the upload's own
        # (upright) pixels, as `mjtable read --json` gives them, not in the scaled copy's
        factor = photo.source_width / photo.width
        for tile in result.get("tiles") or ():
            if tile.get("box"):
                tile["box"] = [round(v * factor, 1) for v in tile["box"]]
            if tile.get("corners"):     # the face's corners too, or they lay a third off its box
                tile["corners"] = [[round(x * factor, 1), round(y * factor, 1)] for x, y in tile["corners"]]
    if rules is None:
        from mjtable.pipeline import TILES_ONLY_KEYS
        result = {k: result[k] for k in TILES_ONLY_KEYS if k in result}
    return jsonify(result)


@bp.get("/rules")
def rules():
    out = []
    for info in scoring.available_rules():
        out.append({**info, "context": scoring.context_fields(info["name"]),
                    "options": scoring.option_fields(info["name"])})
    return jsonify({"rules": out})


# -- game log ----------------------------------------------------------------------------------
@bp.get("/games")
def games():
    # each with ``finished``, as the Games page says it
    return jsonify({"games": gamelog.games_with_state(get_store())})


@bp.get("/standings")
def club_standings():
    """The standings across finished games of one rule set (``?rules=&since=&until=&min_games=&rank_by=``)."""
    table, played = standings.from_query(get_store(), request.args)
    return jsonify({**table, "rules_played": played})


@bp.post("/games")
def create_game():
    data = validation.known_keys(_json_body(), GAME_KEYS)
    if "rules" not in data:
        # a riichi club's bot that left it out had its evening scored under MCR without a word
        raise gamelog.GameError("missing_field", "rules is required: mcr, riichi, hk or classical (GET /api/rules)",
                                field="rules")
    rules = data["rules"]
    gid = gamelog.new_game(get_store(), name=data.get("name"), rules=scorer.rules_name(rules) if isinstance(rules, str) else rules,
                           players=data.get("players"), options=_dict_field(data, "options"),
                           flow=_dict_field(data, "flow"))
    resp = jsonify(gamelog.game_view(get_store(), gid))
    resp.status_code = 201
    return resp


@bp.get("/games/<int:game_id>")
def game(game_id):
    return jsonify(gamelog.game_view(get_store(), game_id))


@bp.get("/games/<int:game_id>/state")
def game_state(game_id):
    """``{"last_seq", "last", "edits"}``: changes when any device records, deletes, undoes or edits
    a hand (the game page polls it, to say the game changed since it was drawn)."""
    return jsonify(gamelog.game_state(get_store(), game_id))


@bp.patch("/games/<int:game_id>")
def rename_game(game_id):
    body = validation.known_keys(_json_body(), ("name", "players", "substitutes", "options"))
    names = {k: body[k] for k in ("name", "players", "substitutes") if k in body}
    with get_store().transaction():     # one change: a refused rename changes no rule either
        if "options" in body:
            gamelog.change_options(get_store(), game_id, body["options"])
        if names:
            gamelog.rename_game(get_store(), game_id, names)
    return jsonify(gamelog.game_view(get_store(), game_id))


def _guard_body(keys: tuple = ("hand_id",)) -> dict:
    """The body of an undo or a delete: empty or ``{}``, or ``keys`` alone (a body these routes did
    not read was accepted whole: ``{"hand_id": ...}`` in it guarded nothing)."""
    from flask import request
    data = _json_body() if request.get_data(cache=True).strip() else {}
    if not keys and data:
        key = next(iter(data))
        raise validation.InputError("unknown_key", f"unknown key {key!r}: send an empty JSON object", key)
    validation.known_keys(data, keys)
    return data


def _hand_id(data: dict) -> str | None:
    """The hand the client showed (``hand_id``), from the body or the query string, once."""
    from flask import request
    given = data.get("hand_id")
    if given is not None:       # a hand's id as the API gives it (a number), or its "id:rev"
        given = str(given) if isinstance(given, int) and not isinstance(given, bool) else validation.text(given, "hand_id")
    query = request.args.get("hand_id")
    if given is not None and query is not None and given != query:
        raise validation.InputError("bad_field", "hand_id is given twice, differently: in the body and in the "
                                    "address; give it once", "hand_id")
    return given if given is not None else query


@bp.delete("/games/<int:game_id>")
def delete_game(game_id):
    """The game and all its hands, as the game page's "Delete game" (send ``{}`` as JSON; or
    ``{"expect_seq": N, "expect_edits": E}``, the game as the client last read it: refused, 409
    ``stale_game``, when it changed since)."""
    data = _guard_body(("expect_seq", "expect_edits"))
    gamelog.delete_game(get_store(), game_id, expect_seq=data.get("expect_seq"),
                        expect_edits=data.get("expect_edits"))
    return jsonify({"deleted": game_id})


IDEMPOTENCY_HEADER = "Idempotency-Key"


def hand_request_key(draft_id: str | None) -> str | None:
    """What makes a hand request the same request when retried: its Idempotency-Key header, else
    the draft (photo reading) it records, else nothing."""
    key = request.headers.get(IDEMPOTENCY_HEADER)
    if key is not None:
        if not 1 <= len(key) <= 128 or not key.isascii() or not key.isprintable():
            raise validation.InputError("bad_field", f"{IDEMPOTENCY_HEADER} must be 1-128 printable ASCII "
                                        "characters", IDEMPOTENCY_HEADER)
        return "key:" + key
    return "draft:" + draft_id if draft_id else None


def request_digest(data: dict) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _replay(game_id: int, prior: dict, digest: str | None = None):
    """The first answer to a hand request, for its retry. An Idempotency-Key sent again with
    another body is refused (422): its hand would otherwise be lost without a word."""
    body = prior["response"] or {}
    kept = body.pop(REQUEST_DIGEST_FIELD, None)
    if "hand" not in body:      # answered before its response was kept (or the server stopped between)
        view = gamelog.standing(get_store(), game_id)
        body = _hand_answer(prior["hand"], view)
    if digest is not None and kept is not None and kept != digest:
        raise validation.InputError("idempotency_mismatch", f"this {IDEMPOTENCY_HEADER} was used for another hand "
                                    "in this game: send a new key for a new hand", IDEMPOTENCY_HEADER, status=422)
    resp = jsonify(body)
    resp.status_code = 201
    resp.headers["Idempotent-Replayed"] = "true"
    return resp


@bp.post("/games/<int:game_id>/hands")
def add_hand(game_id):
    data = _hand_body(_json_body())
    draft_id = validation.text(data["draft"], "draft", max_len=64) if data.get("draft") else None
    key = hand_request_key(draft_id)
    # a header key names one request: its body is kept to tell a retry from another hand
    digest = request_digest(data) if key is not None and key.startswith("key:") else None
    store = get_store()
    # a draft is recorded once, whatever key the request has too (sent with a header key, it was
    # not marked as recorded, and was recorded again)
    drafted = "draft:" + draft_id if draft_id and key != "draft:" + draft_id else None
    if key is not None:
        store.get_game(game_id)
        prior = store.find_request(game_id, key)
        if prior is not None:
            return _replay(game_id, prior, digest)
    prior = store.find_request(game_id, drafted) if drafted is not None else None
    if prior is not None:
        return _replay(game_id, prior, None)
    draft = store.get_draft(draft_id) if draft_id else None
    try:
        with store.transaction():
            hand = gamelog.record(store, game_id, {k: v for k, v in data.items() if k != "draft"}, draft=draft,
                                  request_key=key)
            if digest is not None:
                # the request's digest kept with the hand, in its transaction: kept with the answer
                # alone, an answer not kept let the key's retry with another hand replay this one
                store.keep_response(game_id, key, {REQUEST_DIGEST_FIELD: digest})
            if drafted is not None:
                store.add_request_key(game_id, drafted, hand["id"])
    except DraftRecorded as e:
        # the draft recorded into another game meanwhile (another phone): a photo's hand counts once
        raise validation.InputError("draft_recorded", f"this photo's hand is already recorded in game {e.game_id}",
                                    "draft", status=409) from None
    except DuplicateRequest:   # the same request, recorded by a concurrent retry
        return _replay(game_id, store.find_request(game_id, key), digest)
    view = gamelog.standing(store, game_id)
    body = _hand_answer(hand, view)
    if key is not None:
        try:
            store.keep_response(game_id, key, body if digest is None else {**body, REQUEST_DIGEST_FIELD: digest})
        except sqlite3.OperationalError as e:
            # the hand is recorded: said so (a full disk answered 503 "nothing was recorded" for a
            # hand committed, and the player who entered it again had it twice); a retry with the
            # key is answered from the hand itself (``_replay``)
            current_app.logger.warning("hand %s of game %s recorded, its answer not kept: %s", hand.get("seq"),
                                       game_id, e)
    resp = jsonify(body)
    resp.status_code = 201
    return resp


#: what every answer to a write carries about the game after it (the next deal included)
STANDING_KEYS = ("totals", "points", "next", "dealer", "round_wind", "honba", "riichi_sticks", "finished")


def _hand_answer(hand: dict, view: dict) -> dict:
    """The hand, the game after it, and ``warnings`` where the table must decide something the
    log cannot (``gamelog.noten_riichi``: ``{"code": "noten_riichi", "player": seat, "message"}``;
    ``gamelog.riichi_discarder``: code ``riichi_discard``)."""
    players = gamelog.played_by(view["game"], hand)      # who played it (a substitute sat in)
    warnings = [{"code": "noten_riichi", "player": p,
                 "message": i18n.NOTEN_RIICHI_FLASH.format(name=players[p]) + " (002 §3.4.6)"}
                for p in gamelog.noten_riichi(view["game"], hand)]
    p = gamelog.riichi_discarder(view["game"], hand)
    if p is not None:
        warnings.append({"code": "riichi_discard", "player": p,
                         "message": i18n.RIICHI_DISCARD_FLASH.format(name=players[p]) + " (002 §3.3.14)"})
    return {"hand": hand, **{k: view[k] for k in STANDING_KEYS}, **({"warnings": warnings} if warnings else {})}


@bp.post("/games/<int:game_id>/undo")
def undo(game_id):
    removed = calibrate.forget_recorded_hands(gamelog.undo(get_store(), game_id, hand_id=_hand_id(_guard_body())))
    if removed is None:
        return respond(409, {"code": "no_hands", "message": "this game has no hand to undo"})
    view = gamelog.standing(get_store(), game_id)
    return jsonify({"removed": removed, **{k: view[k] for k in STANDING_KEYS}})


@bp.put("/games/<int:game_id>/hands/<int:seq>")
def edit_hand(game_id, seq):
    """Replace what was entered for one hand (same body as recording it); every later hand's
    deal, counters, sticks and points are recomputed. ``?hand_id=ID``: refused (409, ``stale_hand``)
    unless hand ``seq`` is that hand (a client showing an older state of the game)."""
    data = _hand_body(_json_body())
    for guard in ("expect_seq", "expect_edits"):
        if guard in data:
            # they guard a new hand; an edit is guarded by the hand the client showed
            raise validation.InputError("bad_field", "an edit is guarded by ?hand_id=ID (the hand as the client "
                                        f"showed it), not {guard}", guard)
    hand = gamelog.edit_hand(get_store(), game_id, seq, data, hand_id=request.args.get("hand_id"))
    return jsonify(_hand_answer(hand, gamelog.standing(get_store(), game_id)))


@bp.delete("/games/<int:game_id>/hands/<int:seq>")
def delete_hand(game_id, seq):
    removed = calibrate.forget_recorded_hands(gamelog.delete_hand(get_store(), game_id, seq,
                                                                  hand_id=_hand_id(_guard_body())))
    view = gamelog.standing(get_store(), game_id)
    return jsonify({"removed": removed, **{k: view[k] for k in STANDING_KEYS}})


@bp.post("/games/<int:game_id>/hands/<int:seq>/move")
def move_hand(game_id, seq):
    """A hand recorded into the wrong game moved to the end of game ``to`` (the game page's "Move
    hand N to another game"): ``{"to": id, "seats"?: [4 seats of that game, this game's players in
    order], "hand_id"?}``; without ``seats``, the same names first, else the same seat winds. Answers
    the hand as recorded there and that game after it; nothing moves where either game refuses."""
    data = _guard_body(("to", "seats", "hand_id"))
    store = get_store()
    to = data.get("to")
    if not isinstance(to, int) or isinstance(to, bool):
        raise validation.InputError("bad_field", "to must be the id of the game to move the hand to", "to")
    target = store.get_game(to)
    seats = data.get("seats")
    if seats is None:
        h = store.get_hand(game_id, seq)
        seats = gamelog.default_seats(store.get_game(game_id), h, target, gamelog.move_place(store, h, target)[1])
    hand, left_over = gamelog.move_hand_said(store, game_id, seq, to, seats, hand_id=_hand_id(data))
    hand.pop("request_keys", None)
    answer = _hand_answer(hand, gamelog.standing(store, to))
    if left_over:
        answer["warnings"] = answer.get("warnings", []) + [{"code": "final_table_changed", "game": game_id,
                                                            "message": left_over}]
    return jsonify(answer)


@bp.post("/games/<int:game_id>/substitute")
def substitute(game_id):
    """A substitute takes a seat (the game page's "A substitute takes a seat"): ``{"player": 0-3,
    "name", "first"?, "seated"?}``, ``first`` the first hand they play (the next by default),
    ``seated`` the four names at the table as the client last read them (409 ``stale_game`` when
    another client seated someone since). Answers the substitution and the game's standing after it."""
    data = _guard_body(("player", "name", "first", "seated"))
    done = gamelog.substitute(get_store(), game_id, data.get("player"), data.get("name"), data.get("first"),
                              shown=data.get("seated"))
    view = gamelog.standing(get_store(), game_id)
    return jsonify({"substitute": done, "seated": gamelog.next_names(get_store(), view["game"]),
                    **{k: view[k] for k in STANDING_KEYS}})


@bp.get("/games/<int:game_id>/edits")
def edits(game_id):
    return jsonify({"edits": gamelog.history(get_store(), game_id)})


@bp.post("/games/<int:game_id>/edits/<int:edit_id>/restore")
def restore_hand(game_id, edit_id):
    """The history's "Restore this hand" (an edit ``restorable`` in ``GET .../edits``): the hand
    deleted or undone goes back in its place, the hands after it recomputed, and the tile-set
    profile that learnt its tiles learns them again (only the page's form did this)."""
    from . import teaching
    _guard_body(())
    hand = gamelog.restore_hand(get_store(), game_id, edit_id)
    teaching.teach_restored_hand(hand)
    hand.pop("request_keys", None)      # the drafts and idempotency keys it came by: not for answers
    return jsonify(_hand_answer(hand, gamelog.standing(get_store(), game_id)))


@bp.get("/games/<int:game_id>/export.json")
def export_json(game_id):
    from .games import json_export_response
    return json_export_response(game_id)


@bp.post("/games/import")
def import_game():
    data = _json_body(validation.MAX_IMPORT_BYTES)
    gid = gamelog.import_json(get_store(), data)
    warnings = gamelog.import_differences(get_store(), gid, data)
    resp = jsonify({**gamelog.game_view(get_store(), gid), **({"warnings": warnings} if warnings else {})})
    resp.status_code = 201
    return resp

