"""Hypothesis strategies for requests to every route of the web app: valid templates with some
fields replaced by hostile values (wrong types, huge or non-finite numbers, ids past 2^63, lone
surrogates, long text, deep nesting), random JSON, broken bodies and hostile uploads.

``ROUTES`` maps each (rule, method) of the app to a builder ``(draw, ctx) -> request kwargs``;
the fuzz test checks that it names every route the app has."""
from __future__ import annotations

import json
from urllib.parse import quote, urlencode

from hypothesis import strategies as st

from .helpers import WIN, jpeg_bytes

ODD_INTS = st.sampled_from([0, 1, 2, 3, 4, -1, 2 ** 31, 2 ** 62, 2 ** 63 - 1, 2 ** 63, 2 ** 64, -2 ** 63 - 1, 10 ** 30])
NUMBERS = st.one_of(ODD_INTS, st.integers(-2 ** 70, 2 ** 70), st.floats(allow_nan=True, allow_infinity=True))
ODD_TEXT = st.sampled_from(["", " ", "\ud800", "a\udfffb", "x" * 600, "x" * 70_000, "../../etc/passwd", "Infinity",
                            "NaN", "E", "0", "3", "-1", "1e999", "9" * 30, "mcr", "riichi", "toy", "all", WIN,
                            "123m", "{", '{"concealed": [', "<script>", "%00", "\u202e", "null"])
TEXT = st.one_of(ODD_TEXT, st.text(max_size=20))
#: Form fields are sent as UTF-8: no lone surrogates there.
FORM_TEXT = st.one_of(ODD_TEXT.filter(lambda s: "\ud800" not in s and "\udfff" not in s),
                      st.text(st.characters(exclude_categories=("Cs",)), max_size=20))
KEYS = st.one_of(st.sampled_from(["hand", "rules", "winner", "discarder", "dealer", "round_wind", "kind", "context",
                                  "options", "note", "tiles_read", "corrections", "draft", "name", "players",
                                  "amount", "offender", "form", "game", "format", "version", "hands", "deltas",
                                  "payments", "score", "seat_wind", "self_drawn", "honba", "riichi", "tenpai", "winners",
                                  "flow", "\ud800"]),
                 st.text(max_size=8))
LEAVES = st.one_of(st.none(), st.booleans(), NUMBERS, TEXT)
JSON = st.recursive(LEAVES, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                    st.dictionaries(KEYS, kids, max_size=4)), max_leaves=12)
IDS = st.one_of(st.sampled_from([1, 2, 3, 0, 2 ** 63 - 1, 2 ** 63, 2 ** 64, 10 ** 30]), st.integers(0, 2 ** 70))


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


RAW_BODIES = st.one_of(
    st.integers(1, 5000).map(_deep),
    st.integers(1, 3000).map(lambda d: '{"a":' * d + "1" + "}" * d),
    st.sampled_from(["", "null", "[]", "1", '"x"', "NaN", "Infinity", "-Infinity", "1e999", "9" * 5000,
                     '{"a": 1e999}', '{"hand": "\\ud800"}', "{", '{"a":}', "\xff"]),
    st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
)


def mutate(draw, template: dict) -> dict:
    """The template with up to three fields (possibly nested) replaced, removed or added."""
    body = json.loads(json.dumps(template))
    for _ in range(draw(st.integers(0, 3))):
        target = body
        # walk into a nested object or list now and then (hands[0].deltas, game.players...)
        for _ in range(draw(st.integers(0, 2))):
            inner = [k for k, v in (target.items() if isinstance(target, dict) else enumerate(target))
                     if isinstance(v, (dict, list)) and v]
            if not inner:
                break
            target = target[draw(st.sampled_from(inner))]
        keys = list(target.keys()) if isinstance(target, dict) else list(range(len(target)))
        action = draw(st.sampled_from(["replace", "replace", "remove", "add"]))
        if isinstance(target, dict) and (action == "add" or not keys):
            target[draw(KEYS)] = draw(JSON)
        elif keys and action == "remove":
            target.pop(draw(st.sampled_from(keys)))
        elif keys:
            target[draw(st.sampled_from(keys))] = draw(JSON)
    return body


def json_request(draw, template: dict) -> dict:
    kind = draw(st.sampled_from(["mutated", "mutated", "mutated", "random", "raw", "big"]))
    if kind == "mutated":
        text = json.dumps(mutate(draw, template), allow_nan=True)
    elif kind == "random":
        text = json.dumps(draw(JSON), allow_nan=True)
    elif kind == "big":   # a large field: 300 KB of note, corrections or tiles_read
        body = dict(template)
        body[draw(st.sampled_from(["note", "corrections", "tiles_read", "hand", "name"]))] = \
            draw(st.sampled_from(["x" * 300_000, ["x" * 1000] * 300, [{"code": "1m"}] * 5000]))
        text = json.dumps(body)
    else:
        text = draw(RAW_BODIES)
    content_type = draw(st.sampled_from(["application/json"] * 8 + ["text/plain", "application/json; charset=latin-1"]))
    return {"data": text.encode("utf-8", "surrogatepass"), "content_type": content_type}


def form_request(draw, template: dict, ctx, files: dict | None = None) -> dict:
    form = {k: v for k, v in template.items()}
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from(sorted(form) + ["extra"]))
        if draw(st.booleans()) and key in form:
            form.pop(key)
        else:
            form[key] = draw(FORM_TEXT)
    if draw(st.integers(0, 9)) > 0:
        form["csrf_token"] = ctx.csrf
    for name, choices in (files or {}).items():
        if draw(st.integers(0, 5)) > 0:
            form[name] = (_io(draw(choices)), draw(st.sampled_from(["p.jpg", "x", "../../a.png", ""])))
    return {"data": form, "content_type": "multipart/form-data"}


def _io(data: bytes):
    import io
    return io.BytesIO(data)


def uploads():
    from tests.vision import image_bombs
    return st.one_of(st.sampled_from([jpeg_bytes(), jpeg_bytes(64, 48)[:300], b"", b"%PDF", image_bombs.motion_photo(),
                                      image_bombs.good("PNG"), image_bombs.good("GIF"), image_bombs.good("TIFF"),
                                      image_bombs.bmp_rle(), image_bombs.webp_lossless(), image_bombs.gif(),
                                      image_bombs.jpeg(), image_bombs.tiff_big_tiles(), image_bombs.pnm()]),
                     st.binary(max_size=64))


def query(draw, keys: list[str]) -> str:
    params = {k: draw(FORM_TEXT | IDS.map(str)) for k in keys if draw(st.booleans())}
    return ("?" + urlencode(params)) if params else ""


def idempotency(draw) -> dict:
    """Sometimes an Idempotency-Key header: a reused key, an empty one, a long or odd one."""
    key = draw(st.none() | st.sampled_from(["k1", "k2", ""]) | st.text(st.characters(min_codepoint=32, max_codepoint=255),
                                                                       max_size=140))
    return {} if key is None else {"headers": {"Idempotency-Key": key}}


def game_id(draw) -> int:
    return draw(IDS)


def hand_seq(draw) -> int:
    return draw(st.sampled_from([1, 2, 3]) | IDS)


HAND_TEMPLATE = {"kind": "win", "hand": WIN, "winner": 0, "discarder": 1, "dealer": 0, "round_wind": "E",
                 "context": {}, "tiles_read": [{"code": "1m"}], "corrections": [{"op": "notation", "text": WIN}],
                 "note": "n"}


def _hand_template(draw, ctx):
    kind = draw(st.sampled_from(["win", "win", "draw", "penalty", "winners"]))
    if kind == "draw":
        return {"kind": "draw", "note": "x", "riichi": [0], "tenpai": [0, 2]}
    if kind == "winners":
        return {"kind": "win", "discarder": 1, "riichi": [2],
                "winners": [{"winner": 0, "hand": WIN, "context": {}}, {"winner": 2, "hand": WIN}]}
    if kind == "penalty":
        return {"kind": "penalty", "offender": 1, "amount": 10, "note": "x"}
    body = dict(HAND_TEMPLATE)
    if draw(st.booleans()):
        body["draft"] = ctx.draft
    return body


def build_routes():
    """{(rule, method): builder(draw, ctx) -> (path, kwargs)}."""
    r = {}

    def route(rule, method="GET"):
        def wrap(f):
            r[(rule, method)] = f
            return f
        return wrap

    def get(rule, path_of, keys=()):
        r[(rule, "GET")] = lambda draw, ctx: (path_of(draw, ctx) + query(draw, list(keys)), {})

    get("/", lambda d, c: "/", ["game", "rules"])
    get("/join", lambda d, c: "/join")
    get("/api/games", lambda d, c: "/api/games")
    get("/api/rules", lambda d, c: "/api/rules")
    get("/api/games/<int:game_id>", lambda d, c: f"/api/games/{game_id(d)}")
    get("/api/games/<int:game_id>/export.json", lambda d, c: f"/api/games/{game_id(d)}/export.json")
    get("/calibrate/", lambda d, c: "/calibrate/")
    get("/words/", lambda d, c: "/words/", ["lang"])
    get("/camera/frame.jpg", lambda d, c: "/camera/frame.jpg")
    get("/camera/status", lambda d, c: "/camera/status")
    get("/games", lambda d, c: "/games")
    get("/games/", lambda d, c: "/games/")
    get("/games/standings", lambda d, c: "/games/standings", ["rules", "since", "until", "min_games", "rank_by", "lang"])
    get("/games/standings.csv", lambda d, c: "/games/standings.csv", ["rules", "since", "until", "min_games", "rank_by", "sep"])
    get("/api/standings", lambda d, c: "/api/standings", ["rules", "since", "until", "min_games", "rank_by"])
    get("/games/<int:game_id>", lambda d, c: f"/games/{game_id(d)}", ["rate", "unit", "per", "step"])
    get("/games/<int:game_id>/chart.svg", lambda d, c: f"/games/{game_id(d)}/chart.svg")
    get("/games/<int:game_id>/hands/<int:seq>/move", lambda d, c: f"/games/{game_id(d)}/hands/{hand_seq(d)}/move",
        ["to"])
    get("/games/<int:game_id>/export.csv", lambda d, c: f"/games/{game_id(d)}/export.csv", ["rate", "unit", "per", "step"])
    get("/games/<int:game_id>/export.json", lambda d, c: f"/games/{game_id(d)}/export.json")
    get("/games/<int:game_id>/hands/<int:seq>", lambda d, c: f"/games/{game_id(d)}/hands/{game_id(d)}")
    get("/api/games/<int:game_id>/edits", lambda d, c: f"/api/games/{game_id(d)}/edits")
    get("/api/games/<int:game_id>/state", lambda d, c: f"/api/games/{game_id(d)}/state")
    get("/games/<int:game_id>/sheet", lambda d, c: f"/games/{game_id(d)}/sheet", ["rate", "unit", "per", "step"])
    get("/games/<int:game_id>/sheet.pdf", lambda d, c: f"/games/{game_id(d)}/sheet.pdf", ["rate", "unit", "per", "step"])
    get("/photos/<int:photo_id>.jpg", lambda d, c: f"/photos/{game_id(d)}.jpg")
    get("/review/<draft_id>", lambda d, c: "/review/" + quote(d(st.sampled_from([c.draft]) | FORM_TEXT) or "x", safe=""),
        ["game", "rules"])
    get("/review/new", lambda d, c: "/review/new", ["game", "rules", "hand"])
    get("/static/<path:filename>", lambda d, c: "/static/" + quote(d(st.sampled_from(["app.css", "../x", "review.js"])
                                                                      | FORM_TEXT) or "x"))
    get("/tiles/<code>.svg", lambda d, c: "/tiles/" + quote(d(st.sampled_from(["1m", "5z", "0m", "x"]) | FORM_TEXT)
                                                             or "x", safe="") + ".svg")

    r[("/api/games", "POST")] = lambda d, c: ("/api/games", json_request(
        d, {"name": "g", "rules": d(st.sampled_from(["mcr", "toy", "riichi", "hk"])), "players": ["A", "B", "C", "D"],
            "options": {}, "flow": d(st.sampled_from([{}, {"open_ended": True}, {"tournament": True}]))}))
    r[("/api/score", "POST")] = lambda d, c: ("/api/score", json_request(
        d, {"hand": WIN, "rules": d(st.sampled_from(["mcr", "riichi", "hk", "classical", "all", "toy"])),
            "options": {}, "context": {"seat_wind": "E"}}))
    r[("/api/games/<int:game_id>/hands", "POST")] = lambda d, c: (
        f"/api/games/{game_id(d)}/hands", {**json_request(d, _hand_template(d, c)), **idempotency(d)})
    r[("/api/games/<int:game_id>/hands/<int:seq>", "PUT")] = lambda d, c: (
        f"/api/games/{game_id(d)}/hands/{hand_seq(d)}", json_request(d, _hand_template(d, c)))
    r[("/api/games/<int:game_id>/hands/<int:seq>", "DELETE")] = lambda d, c: (
        f"/api/games/{game_id(d)}/hands/{hand_seq(d)}", json_request(d, {}))
    r[("/games/<int:game_id>/win", "POST")] = lambda d, c: (f"/games/{game_id(d)}/win", form_request(
        d, {"discarder": "1", "winner0": "0", "hand0": WIN, "winner1": "2", "hand1": WIN, "riichi": "0",
            "dora_indicators0": "1m", "ippatsu0": "1", "note": "n"}, c))
    r[("/games/<int:game_id>/hands/<int:seq>/edit", "POST")] = lambda d, c: (
        f"/games/{game_id(d)}/hands/{hand_seq(d)}/edit", form_request(
            d, {"discarder": "", "winner0": "0", "hand0": WIN, "tenpai": "1", "riichi": "2", "offender": "1",
                "amount": "10", "note": "n"}, c))
    r[("/games/<int:game_id>/hands/<int:seq>/delete", "POST")] = lambda d, c: (
        f"/games/{game_id(d)}/hands/{hand_seq(d)}/delete", form_request(d, {}, c))
    r[("/games/<int:game_id>/edits/<int:edit_id>/restore", "POST")] = lambda d, c: (
        f"/games/{game_id(d)}/edits/{d(st.integers(min_value=0, max_value=5))}/restore", form_request(d, {}, c))
    r[("/api/games/<int:game_id>/edits/<int:edit_id>/restore", "POST")] = lambda d, c: (
        f"/api/games/{game_id(d)}/edits/{d(st.integers(min_value=0, max_value=5))}/restore", json_request(d, {}))
    r[("/api/games/<int:game_id>/undo", "POST")] = lambda d, c: (
        f"/api/games/{game_id(d)}/undo", json_request(d, {}))
    r[("/api/games/<int:game_id>", "PATCH")] = lambda d, c: (
        f"/api/games/{game_id(d)}", json_request(d, {"name": "g", "players": ["A", "B", "C", "D"],
                                                     "options": {"minimum_points": 8}}))
    r[("/games/<int:game_id>/rename", "POST")] = lambda d, c: (f"/games/{game_id(d)}/rename", form_request(
        d, {"name": "g", "player0": "A", "player1": "B", "player2": "C", "player3": "D"}, c))
    r[("/games/<int:game_id>/options", "POST")] = lambda d, c: (f"/games/{game_id(d)}/options", form_request(
        d, {"opt__present": "1", "opt__minimum_points": "8"}, c))
    r[("/api/games/<int:game_id>", "DELETE")] = lambda d, c: (
        f"/api/games/{game_id(d)}", json_request(d, {}))
    r[("/api/games/import", "POST")] = lambda d, c: ("/api/games/import", json_request(d, c.export))
    r[("/review/score", "POST")] = lambda d, c: ("/review/score", json_request(
        d, {"hand": WIN, "rules": "mcr", "form": {"ctx_seat_wind": "E", "ctx__present": "1"}, "game": c.game,
            "winner": 0, "discarder": 1, "dealer": 0, "round_wind": "E"}))
    draft_state = {"rules": "mcr", "form": {"ctx_self_drawn": "1"}, "fields": ["ctx_self_drawn"],
                   "corrections": [{"op": "clear"}],
                   "groups": [{"kind": "standing", "concealed": False, "from": "",
                               "tiles": [{"code": "1m", "src": 0, "win": True}]}, {"kind": "bonus", "tiles": []}]}
    r[("/review/drafts", "POST")] = lambda d, c: ("/review/drafts", json_request(d, {"state": draft_state}))
    r[("/review/<draft_id>/state", "POST")] = lambda d, c: (
        "/review/" + quote(d(st.sampled_from([c.draft]) | FORM_TEXT) or "x", safe="") + "/state",
        json_request(d, {"state": draft_state}))
    r[("/review/<draft_id>/record", "POST")] = lambda d, c: (
        "/review/" + quote(d(st.sampled_from([c.draft]) | FORM_TEXT) or "x", safe="") + "/record", form_request(
            d, {"game": str(c.game), "payload": json.dumps(mutate(d, {**_hand_template(d, c), "form": {
                "ctx_seat_wind": "E"}, "kind": d(st.sampled_from(["win", "false_win"]))}), allow_nan=True)}, c))
    r[("/review/<draft_id>/teach", "POST")] = lambda d, c: (
        "/review/" + quote(d(st.sampled_from([c.draft]) | FORM_TEXT) or "x", safe="") + "/teach", form_request(
            d, {"tile": d(st.sampled_from(["0", "1", "-1", "99", ""]) | FORM_TEXT), "code": "1m"}, c))
    r[("/api/read", "POST")] = lambda d, c: ("/api/read", form_request(
        d, {"rules": "mcr", "options": "{}", "context": '{"seat_wind": "E"}', "seat_wind": "E"}, c,
        {"image": uploads()}))
    r[("/capture/read", "POST")] = lambda d, c: ("/capture/read" + query(d, ["game"]), form_request(
        d, {"rules": "mcr", "game": str(c.game)}, c, {"image": uploads()}))
    r[("/capture/live", "POST")] = lambda d, c: ("/capture/live", form_request(
        d, {"rules": "mcr", "keep": "1"}, c, {"image": uploads()}))
    r[("/camera/capture", "POST")] = lambda d, c: ("/camera/capture", form_request(
        d, {"rules": "mcr", "live": "1", "keep": "0", "game": str(c.game)}, c))
    r[("/games", "POST")] = lambda d, c: ("/games", form_request(
        d, {"rules": "mcr", "name": "g", "player0": "A", "player1": "B", "player2": "C", "player3": "D",
            "opt__present": "1"}, c))
    r[("/games/<int:game_id>/hands", "POST")] = lambda d, c: (f"/games/{game_id(d)}/hands", form_request(
        d, {"payload": json.dumps(mutate(d, {**_hand_template(d, c), "form": {"ctx_seat_wind": "E"}}),
                                  allow_nan=True)}, c))
    r[("/games/<int:game_id>/draw", "POST")] = lambda d, c: (f"/games/{game_id(d)}/draw", form_request(
        d, {"note": "n", "tenpai": "0", "riichi": "1"}, c))
    r[("/games/<int:game_id>/penalty", "POST")] = lambda d, c: (f"/games/{game_id(d)}/penalty", form_request(
        d, {"offender": "1", "amount": "10", "note": "n"}, c))
    r[("/games/<int:game_id>/undo", "POST")] = lambda d, c: (f"/games/{game_id(d)}/undo", form_request(d, {}, c))
    r[("/api/games/<int:game_id>/hands/<int:seq>/move", "POST")] = lambda d, c: (
        f"/api/games/{game_id(d)}/hands/{hand_seq(d)}/move", json_request(d, {"to": c.game, "seats": [1, 0, 2, 3]}))
    r[("/api/games/<int:game_id>/substitute", "POST")] = lambda d, c: (
        f"/api/games/{game_id(d)}/substitute", json_request(d, {"player": 1, "name": "Eve", "first": 2}))
    r[("/games/<int:game_id>/substitute", "POST")] = lambda d, c: (f"/games/{game_id(d)}/substitute", form_request(
        d, {"player": "1", "name": "Eve", "first": "2"}, c))
    r[("/games/<int:game_id>/money", "POST")] = lambda d, c: (f"/games/{game_id(d)}/money", form_request(
        d, {"rate": "0.5", "unit": "EUR", "per": "1000", "step": "0.5", "lang": "fr"}, c))
    r[("/games/<int:game_id>/money/forget", "POST")] = lambda d, c: (
        f"/games/{game_id(d)}/money/forget", form_request(d, {}, c))
    r[("/games/<int:game_id>/hands/<int:seq>/move", "POST")] = lambda d, c: (
        f"/games/{game_id(d)}/hands/{hand_seq(d)}/move", form_request(
            d, {"to": str(game_id(d)), "seat0": "1", "seat1": "0", "seat2": "2", "seat3": "3"}, c))
    r[("/games/<int:game_id>/end", "POST")] = lambda d, c: (f"/games/{game_id(d)}/end", form_request(
        d, {"note": "n"}, c))
    r[("/games/<int:game_id>/delete", "POST")] = lambda d, c: (f"/games/{game_id(d)}/delete", form_request(d, {}, c))
    r[("/games/import", "POST")] = lambda d, c: ("/games/import", form_request(
        d, {}, c, {"file": st.one_of(st.just(json.dumps(c.export).encode()),
                                     JSON.map(lambda v: json.dumps(v, allow_nan=True).encode("utf-8", "surrogatepass")),
                                     RAW_BODIES.map(lambda s: s.encode("utf-8", "surrogatepass")))}))
    for action in ("activate", "deactivate", "delete", "save", "restore", "rename"):
        r[(f"/calibrate/{action}", "POST")] = (lambda a: lambda d, c: (f"/calibrate/{a}", form_request(
            d, {"name": "club set", "token": "abc", "new_name": "other set"}, c)))(action)
    r[("/calibrate/upload", "POST")] = lambda d, c: ("/calibrate/upload", form_request(
        d, {"name": "club set"}, c, {"photo": uploads()}))
    r[("/calibrate/import", "POST")] = lambda d, c: ("/calibrate/import", form_request(
        d, {"name": "club set"}, c, {"profile": uploads()}))
    r[("/calibrate/export/<slug>", "GET")] = lambda d, c: ("/calibrate/export/" + quote(
        d(st.sampled_from(["club-set", "..", "0" * 80]) | FORM_TEXT) or "x", safe=""), {})
    r[("/calibrate/corrections", "POST")] = lambda d, c: ("/calibrate/corrections", form_request(
        d, {"code": "1m"}, c, {"crop": uploads()}))
    r[("/calibrate/corrections/undo", "POST")] = lambda d, c: ("/calibrate/corrections/undo", form_request(d, {}, c))
    r[("/calibrate/confirm/<token>", "GET")] = lambda d, c: ("/calibrate/confirm/" + quote(
        d(st.sampled_from(["abc", "..", "0" * 80]) | FORM_TEXT) or "x", safe=""), {})
    r[("/calibrate/progress/<token>", "GET")] = lambda d, c: ("/calibrate/progress/" + quote(
        d(st.sampled_from(["abc", "..", "0" * 80]) | FORM_TEXT) or "x", safe=""), {})
    for rule in ("/calibrate/hands", "/calibrate/hands/forget"):
        r[(rule, "POST")] = (lambda u: lambda d, c: (u, form_request(
            d, {"key": d(st.sampled_from(["draft-1", "../x", ""]) | FORM_TEXT), "code": "1m"}, c,
            {"crop": uploads()})))(rule)
    return r


ROUTES = build_routes()
#: Routes the fuzz test leaves out, and why.
NOT_FUZZED = {("/camera/stream.mjpg", "GET"): "an endless MJPEG stream (its frames come from the server camera)"}
