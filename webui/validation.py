"""What a client may send: JSON bodies parsed with limits (size, nesting depth, 64-bit integers,
finite numbers, valid Unicode text) and the stored fields' shapes and sizes. Every refusal is an
:class:`InputError` naming the field, answered 400 (413 for a body over its size limit).

SQLite stores integers in 64 bits and sums them in 64 bits: ids above 2^63 - 1 would overflow
the query, and deltas are bounded so that no game of ``MAX_IMPORT_HANDS`` hands can overflow
its totals."""
from __future__ import annotations

import json
import math
import re

MAX_INT64 = 2 ** 63 - 1
#: Nesting of JSON objects and lists: an export is 6 deep; Python's parser recurses per level.
MAX_DEPTH = 32
#: JSON bodies of the hand, game and scoring routes (an import is a file: MAX_IMPORT_BYTES).
MAX_BODY_BYTES = 256 * 1024
MAX_IMPORT_BYTES = 16 * 1024 * 1024
#: Stored per hand: the note, the tiles read, the corrections made on the review page.
MAX_NOTE = 500
#: As many tiles as the detector keeps (vision.detector.MAX_DETECTIONS): a table photo with the
#: discards in view read 70, its hand was recorded, and its export refused ("at most 64"), the
#: review page's tiles past the 64th refused too.
MAX_TILES_READ = 300
MAX_TILES_READ_BYTES = 160 * 1024
MAX_CORRECTIONS = 500
MAX_CORRECTIONS_BYTES = 32 * 1024
MAX_CONTEXT_BYTES = 16 * 1024
#: Points one hand may move for one player: far above any scored hand, and 5,000 hands of it
#: stay far below 2^63.
MAX_POINTS = 10 ** 9
MAX_TEXT = 200          # names, reasons, rule-set names, draft ids...


class InputError(ValueError):
    """A client's input that cannot be used; ``field`` names it (a dotted path)."""

    def __init__(self, code: str, message: str, field: str | None = None, status: int = 400):
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.status = status

    def to_dict(self) -> dict:
        d = {"code": self.code, "message": self.message}
        if self.field:
            d["field"] = self.field
        return d


def _depth_ok(text: str, max_depth: int) -> bool:
    """Nesting depth of JSON text at most ``max_depth``, counted without parsing (brackets
    inside strings do not count)."""
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > max_depth:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def _refuse_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text):
    v = float(text)
    if not math.isfinite(v):
        raise ValueError(f"{text} is too large a number")
    return v


def _object_once(pairs) -> dict:
    """A JSON object whose keys are each given once: {"discarder": 1, "discarder": null} kept the
    last without a word."""
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} is given twice in one object")
        out[key] = value
    return out


def parse_json(raw, field: str = "body", max_bytes: int = MAX_BODY_BYTES, max_depth: int = MAX_DEPTH):
    """Parse JSON text (str or UTF-8 bytes) with the limits above; InputError naming ``field``."""
    if isinstance(raw, (bytes, bytearray)):
        if len(raw) > max_bytes:
            raise InputError("too_large", f"{field} is {len(raw)} bytes; the limit is {max_bytes}", field, 413)
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("bad_json", f"{field} is not JSON (not UTF-8 text)", field) from None
    elif len(raw) > max_bytes:
        raise InputError("too_large", f"{field} is {len(raw)} characters; the limit is {max_bytes}", field, 413)
    if not _depth_ok(raw, max_depth):
        raise InputError("bad_json", f"{field} is nested more than {max_depth} levels deep", field)
    try:
        value = json.loads(raw, parse_constant=_refuse_constant, parse_float=_finite_float,
                           object_pairs_hook=_object_once)
    except RecursionError:
        raise InputError("bad_json", f"{field} is nested too deeply", field) from None
    except json.JSONDecodeError as e:       # where, not the parser's own words
        raise InputError("bad_json", f"{field} is not valid JSON (line {e.lineno}, column {e.colno})", field) from None
    except ValueError as e:   # NaN/Infinity, an integer of thousands of digits
        raise InputError("bad_json", f"{field} is not valid JSON ({e})", field) from None
    check_value(value, "" if field == "body" else field)
    return value


def check_value(value, field: str) -> None:
    """Every string valid Unicode (no lone surrogates), every integer within 64 bits; a bad one
    is named by its path under ``field`` ("" for a request body: ``hands[0].note``)."""
    stack = [(value, field or "body")]
    while stack:
        v, where = stack.pop()
        if isinstance(v, str):
            _check_text(v, where)
        elif isinstance(v, bool) or v is None or isinstance(v, float):
            continue
        elif isinstance(v, int):
            if not -MAX_INT64 - 1 <= v <= MAX_INT64:
                raise InputError("bad_field", f"{where} is out of range (a 64-bit integer)", where)
        elif isinstance(v, dict):
            prefix = "" if where == "body" and not field else where
            for k, x in v.items():
                _check_text(k, where)
                name = k if len(k) <= 40 else "(a long key)"
                stack.append((x, f"{prefix}.{name}" if prefix else name))
        elif isinstance(v, list):
            stack.extend((x, f"{where}[{i}]") for i, x in enumerate(v))


#: Characters no name or note needs, refused in every text: control characters but for tab and
#: line breaks (an ESC in a game's name wrote escape sequences to the host's terminal through
#: `mjtable games`; NUL and bell in names), and the bidirectional overrides and isolates that
#: make a text read otherwise than it is stored (U+202E in a note).
_REFUSED_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _check_text(s: str, where: str) -> None:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError("bad_text", f"{where} is not valid Unicode text (a lone surrogate)", where) from None
    bad = _REFUSED_CHARS.search(s)
    if bad:
        raise InputError("bad_text", f"{where} holds a control character (U+{ord(bad.group()):04X}) at position "
                         f"{bad.start() + 1}: write it without", where)


def request_json(max_bytes: int = MAX_BODY_BYTES):
    """The request's JSON body, parsed with the limits; it must be an object."""
    from flask import request
    length = request.content_length
    if length is not None and length > max_bytes:
        raise InputError("too_large", f"the body is {length} bytes; the limit is {max_bytes}", "body", 413)
    if not request.is_json:
        raise InputError("bad_json", "send a JSON object with Content-Type: application/json", "body")
    data = parse_json(request.get_data(cache=True), "body", max_bytes)
    if not isinstance(data, dict):
        raise InputError("bad_json", "the body must be a JSON object", "body")
    return data


# ---- fields ------------------------------------------------------------------------------------

def text(value, field: str, *, max_len: int = MAX_TEXT, default: str | None = None, empty: bool = True) -> str:
    if value is None and default is not None:
        return default
    if not isinstance(value, str):
        raise InputError("bad_field", f"{field} must be text", field)
    if len(value) > max_len:
        raise InputError("bad_field", f"{field} is {len(value)} characters; at most {max_len}", field)
    if not empty and not value.strip():
        raise InputError("bad_field", f"{field} must not be empty", field)
    _check_text(value, field)
    return value


def obj(value, field: str, *, max_bytes: int | None = None) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InputError("bad_field", f"{field} must be an object", field)
    if max_bytes is not None:
        _max_size(value, field, max_bytes)
    return value


def one_context(embedded: dict, given: dict, where: str) -> None:
    """Refuse a context key a hand JSON's own context and the request both give, differently (the
    request's was taken over the hand's without a word); ``where``: the field path of the hand's."""
    clash = sorted(k for k in set(embedded) & set(given) if embedded[k] != given[k])
    if clash:
        raise InputError("bad_field", f"context {clash[0]} is given twice, differently: in the hand's context and "
                         "in the request's; give it once", f"{where}.{clash[0]}")


def known_keys(data: dict, allowed, where: str = "") -> dict:
    """``data`` when each of its keys is in ``allowed``: an unknown key (a typo such as "option")
    is refused, naming it, rather than ignored."""
    unknown = sorted(k for k in data if k not in allowed)
    if unknown:
        name = f"{where}.{unknown[0]}" if where else unknown[0]
        raise InputError("unknown_key", f"unknown key {unknown[0]!r}; known keys: {', '.join(sorted(allowed))}", name)
    return data


TRUE_WORDS, FALSE_WORDS = ("1", "true", "on", "yes"), ("0", "false", "off", "no", "")


def yes_no(raw: str, field: str) -> bool:
    """A form's yes/no value; anything else is refused (a typo must not read as no)."""
    low = raw.strip().lower()
    if low in TRUE_WORDS:
        return True
    if low in FALSE_WORDS:
        return False
    raise InputError("bad_field", f"{field} must be true or false, not {raw!r}", field)


def _max_size(value, field: str, max_bytes: int) -> None:
    size = len(json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise InputError("too_large", f"{field} is {size} bytes as JSON; at most {max_bytes}", field)


def int_id(value, field: str) -> int:
    """A row id given in JSON or a form: a whole number from 0 to 2^63 - 1."""
    if isinstance(value, bool):
        raise InputError("bad_field", f"{field} must be a number", field)
    # ASCII digits only: str.isdigit takes "¹", which int() refuses (a 500 for a game id "¹")
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value.strip()) <= 19:
        value = int(value.strip())
    if not isinstance(value, int) or not 0 <= value <= MAX_INT64:
        raise InputError("bad_field", f"{field} must be a whole number from 0 to 2^63 - 1", field)
    return value


def note(value, field: str = "note") -> str:
    if value is None:
        return ""
    return text(value, field, max_len=MAX_NOTE)


def _bounded_list(value, field: str, kind: str, items: str, max_items: int, max_bytes: int) -> list:
    """``value`` when it is a list of at most ``max_items`` items and ``max_bytes`` stored."""
    if not isinstance(value, list):
        raise InputError("bad_field", f"{field} must be {kind}", field)
    if len(value) > max_items:
        raise InputError("too_large", f"{field} has {len(value)} {items}; at most {max_items}", field)
    _max_size(value, field, max_bytes)
    return value


def tiles_read(value, field: str = "tiles_read"):
    """What the reader read: a list (of tiles) or null."""
    if value is None:
        return None
    return _bounded_list(value, field, "a list of tiles or null", "tiles", MAX_TILES_READ, MAX_TILES_READ_BYTES)


def corrections(value, field: str = "corrections") -> list:
    if value is None:
        return []
    return _bounded_list(value, field, "a list", "entries", MAX_CORRECTIONS, MAX_CORRECTIONS_BYTES)


def is_points(value) -> bool:
    """Whether ``value`` is a number of points the game log keeps: whole, or a half (Hong Kong's
    payment method (3) has each of the other two pay half the score: 004 "Payer le gagnant")."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return isinstance(value, int) or (math.isfinite(value) and (value * 2).is_integer())


def points(value, field: str) -> int | float:
    if not is_points(value) or abs(value) > MAX_POINTS:
        raise InputError("bad_field", f"{field} must be a whole or half number of points within ±{MAX_POINTS}", field)
    return value


#: The review page's draft (webui/review.py): its groups of tiles, the context form, the corrections.
MAX_DRAFT_GROUPS = 12
#: A photo's reading may put many tiles in one group (a row seen edge-on read as 25): at 20 the
#: draft of such a photo could not be saved, and its corrections were lost (the state's size,
#: ``MAX_DRAFT_STATE_BYTES``, stays the bound that matters).
MAX_GROUP_TILES = 64
MAX_DRAFT_STATE_BYTES = 64 * 1024
_GROUP_KINDS = ("standing", "meld", "bonus")
_FROM = ("", "left", "across", "right")


def draft_state(value, field: str = "state") -> dict:
    """A review draft as the page sends it, reduced to the keys it uses:
    ``{"rules", "groups": [{"kind", "concealed", "from", "added"?, "tiles": [{"code", "src", "win"}]}],
    "form": {name: text}, "fields": [names], "corrections": [...], "typed"?: text}`` (``typed``: a
    hand typed and refused, put back in the box after a reload). Tile codes are only
    checked for shape here: the scorer names a bad one when the hand is scored."""
    value = obj(value, field, max_bytes=MAX_DRAFT_STATE_BYTES)
    out: dict = {}
    if value.get("rules") is not None:
        out["rules"] = text(value["rules"], f"{field}.rules")
    groups = _bounded_list(value.get("groups", []), f"{field}.groups", "a list of groups", "groups",
                           MAX_DRAFT_GROUPS, MAX_DRAFT_STATE_BYTES)
    out["groups"] = []
    for i, g in enumerate(groups):
        where = f"{field}.groups[{i}]"
        g = obj(g, where)
        kind = g.get("kind")
        if kind not in _GROUP_KINDS:
            raise InputError("bad_field", f"{where}.kind must be one of {', '.join(_GROUP_KINDS)}", f"{where}.kind")
        frm = g.get("from") or ""
        if frm not in _FROM:
            raise InputError("bad_field", f"{where}.from must be left, across, right or empty", f"{where}.from")
        tiles = _bounded_list(g.get("tiles", []), f"{where}.tiles", "a list of tiles", "tiles",
                              MAX_GROUP_TILES, MAX_DRAFT_STATE_BYTES)
        kept = []
        for j, t in enumerate(tiles):
            tw = f"{where}.tiles[{j}]"
            t = obj(t, tw)
            code = text(t.get("code"), f"{tw}.code", max_len=3)
            src = t.get("src")
            if src is not None and (isinstance(src, bool) or not isinstance(src, int) or not 0 <= src < MAX_TILES_READ):
                raise InputError("bad_field", f"{tw}.src must be the index of a tile read, or null", f"{tw}.src")
            kept.append({"code": code, "src": src, "win": t.get("win") is True,
                         # checked as read by the player (typed, or chosen again): not marked unsure after a reload
                         **({"checked": True} if t.get("checked") is True else {})})
        out["groups"].append({"kind": kind, "concealed": g.get("concealed") is True, "from": frm, "tiles": kept,
                              # an added kong's mark, kept across a reload as the page keeps it
                              **({"added": True} if g.get("added") is True else {})})
    form = obj(value.get("form"), f"{field}.form", max_bytes=MAX_CONTEXT_BYTES)
    for k, v in form.items():
        if not isinstance(v, str) or len(v) > MAX_TEXT:
            raise InputError("bad_field", f"{field}.form values must be text of at most {MAX_TEXT} characters",
                             f"{field}.form")
    out["form"] = form
    names = _bounded_list(value.get("fields", []), f"{field}.fields", "a list of field names", "names", 200,
                          MAX_CONTEXT_BYTES)
    out["fields"] = [text(n, f"{field}.fields[{i}]") for i, n in enumerate(names)]
    out["corrections"] = corrections(value.get("corrections"), f"{field}.corrections")
    typed = value.get("typed")
    if typed and isinstance(typed, str):
        # a hand typed in the notation box and not taken (a typing error yet to mend): kept across
        # a reload, which emptied the box. Cut to the notation's limit, not refused: the texts kept
        # are those the box refused, a too long one among them, and refusing it refused every later
        # save of the draft
        from scorer.notation import MAX_LENGTH
        out["typed"] = text(typed[:MAX_LENGTH], f"{field}.typed", max_len=MAX_LENGTH)
    return out


def seat(value, field: str) -> int:
    """A player by seat number 0-3 (JSON number, or the text a form sends)."""
    if isinstance(value, str) and value.strip() in ("0", "1", "2", "3"):
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    raise InputError("bad_field", f"{field} must be a player number 0-3", field)


def seats(value, field: str) -> list[int]:
    """Distinct players (riichi declarers, tenpai players, winners): a list of 0-3, at most 4."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > 4:
        raise InputError("bad_field", f"{field} must be a list of player numbers 0-3", field)
    out = [seat(v, f"{field}[{i}]") for i, v in enumerate(value)]
    if len(set(out)) != len(out):
        raise InputError("bad_field", f"{field} names a player twice", field)
    return out
