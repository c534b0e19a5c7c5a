"""What the web UI asks of the scorer: score a hand the way ``mjtable score --json`` does, the
same hand under the other rule sets, and the context/option fields each rule set reads
(generated from ``scorer.context.CONTEXT_KEYS``, each rule set's ``CONTEXT_KEYS`` and
``scorer.options.options_doc``, never hard-coded here)."""
from __future__ import annotations

import dataclasses
import typing

import scorer
from scorer import context as C
from scorer.options import options_doc

_KINDS = {C._bool: "bool", C._wind: "wind", C._count: "count", C._tiles: "tiles", C._seat: "seat"}


#: Largest count a form may give (honba, deposits, flowers...): far above any real table's.
MAX_COUNT = 10_000
#: A hand sent as notation text: a 14-tile hand with melds is under 100 characters.
MAX_NOTATION = 300
MAX_HAND_JSON_BYTES = 16 * 1024


def hand_input(value, field: str = "hand"):
    """A client's hand, checked before the scorer sees it: notation text (short), or hand JSON
    (an object, or text holding one, parsed with the request limits)."""
    from . import validation
    if isinstance(value, str):
        if value.strip().startswith("{"):
            value = validation.parse_json(value, field, max_bytes=MAX_HAND_JSON_BYTES)
        else:
            return validation.text(value, field, max_len=MAX_NOTATION)
    if isinstance(value, dict):
        return validation.obj(value, field, max_bytes=MAX_HAND_JSON_BYTES)
    raise scorer.HandError("bad_field", f"{field} must be notation text or a hand object", field=field)


def score_payload(hand_input_value, rules: str, options: dict | None = None,
                  context: dict | None = None, alone: bool = True) -> dict:
    """``{"hand", "notation", "score", "notes"}`` exactly as ``mjtable score --json`` prints it.
    Raises :class:`scorer.HandError` / :class:`scorer.RulesError` for malformed input."""
    typed = hand_input(hand_input_value)
    hand = scorer.to_hand(typed, context or None)
    if rules == "riichi" and alone:
        # scored alone (``alone``: not a game's hand, whose sticks are its table's, and an old game's
        # none), the winner's riichi stick is counted as `mjtable score` counts it
        hand = C.hand_with_own_riichi_stick(hand)
    result = scorer.score(hand, rules, options)
    return {"hand": hand.to_dict(), "notation": scorer.format_hand(hand), "score": result.to_dict(),
            "notes": typed_notes(typed, rules)}


def typed_notes(typed, rules: str | None) -> list[dict]:
    """How a hand typed in notation was read where another app reads it otherwise
    (``scorer.notation.notes``); none for hand JSON."""
    from scorer.notation import notes
    return notes(typed, rules) if isinstance(typed, str) and not typed.lstrip().startswith("{") else []


def available_rules() -> list[dict]:
    """Rule sets that can be loaded now, with their titles (``[{name, title}]``)."""
    out = []
    for name in scorer.RULE_SETS:
        try:
            out.append({"name": name, "title": scorer.get_rule_set(name).title})
        except ImportError:
            continue  # registered but not installed in this checkout
    return out


def default_rules() -> str:
    """MCR when it is installed, else the first rule set that loads."""
    names = [r["name"] for r in available_rules()]
    return "mcr" if "mcr" in names or not names else names[0]


def compare(hand: "scorer.Hand", skip: str | None = None) -> list[dict]:
    """The same hand under every other rule set, with default options."""
    out = []
    for info in available_rules():
        if info["name"] == skip:
            continue
        try:
            res = scorer.score(hand, info["name"]).to_dict()
        except (scorer.HandError, scorer.RulesError) as e:
            out.append({**info, "valid": False, "total": 0, "unit": "", "error": e.to_dict()})
            continue
        unit = total_unit(res)
        out.append({**info, "valid": res["valid"], "total": res["total"], "unit": unit,
                    "error": res.get("error"), "items": len(res["items"]),
                    # MCR under 8 points without flowers: a total, but no win to declare
                    "minimum_points": res.get("minimum_points") if res.get("minimum_met") is False else None,
                    # the minimum counts no flower: "8 points, minimum 8 not met" read as a contradiction
                    "without_flowers": res.get("total_without_flowers")
                    if res.get("total_without_flowers") not in (None, res["total"]) else None})
    return out


def total_unit(score: dict) -> str:
    """The unit a score's total is counted in: the score's own (``total_unit``), else its first
    item's ("" for a score with none)."""
    return score.get("total_unit") or (score["items"][0]["unit"] if score.get("items") else "")


def rule_context_keys(rules: str | None) -> tuple | None:
    """The context keys rule set ``rules`` reads (its ``CONTEXT_KEYS``), or None when it does not
    say (or is unknown)."""
    if not rules:
        return None
    try:
        return getattr(scorer.get_rule_set(rules).module, "CONTEXT_KEYS", None) or None
    except (scorer.RulesError, ImportError):
        return None


def context_fields(rules: str | None) -> list[dict]:
    """Form fields for the context keys ``rules`` reads (all keys when unknown), in registry
    order: ``{name, kind, default, doc, choices}``."""
    keys = list(C.CONTEXT_KEYS)
    wanted = rule_context_keys(rules)
    if wanted:
        keys = [k for k in keys if k in wanted]
    out = []
    for name in keys:
        key = C.CONTEXT_KEYS[name]
        kind = _KINDS.get(key.check, "text")
        choices = {"wind": list(C.WIND_NAMES), "seat": list(C.RELATIVE_SEATS)}.get(kind)
        default = list(key.default) if isinstance(key.default, tuple) else key.default
        out.append({"name": name, "kind": kind, "default": default, "doc": key.doc, "choices": choices})
    return out


def option_fields(rules: str) -> list[dict]:
    """Form fields for a rule set's options: ``{name, kind, default, help, choices}``."""
    try:
        cls = scorer.get_rule_set(rules).Options
    except (scorer.RulesError, ImportError):
        return []
    hints = typing.get_type_hints(cls)
    out = []
    for doc in options_doc(cls):
        if not doc["offered"]:
            continue            # an option whose only other value is refused (riichi's nagashi mangan)
        hint = hints.get(doc["name"])
        choices = None
        if typing.get_origin(hint) is typing.Literal:
            kind, choices = "choice", list(typing.get_args(hint))
        elif hint is bool:
            kind = "bool"
        elif hint is int:
            kind = "count"
        else:
            kind = "text"
        default = doc["default"]
        if default is dataclasses.MISSING:
            default = None
        out.append({**doc, "default": default, "kind": kind, "choices": choices})
    return out


def option_defaults(rules: str) -> dict:
    """Every option of ``rules`` (offered on the forms or not) with its default, in order; {}
    for an unknown rule set."""
    try:
        return {d["name"]: d["default"] for d in options_doc(scorer.get_rule_set(rules).Options)}
    except (scorer.RulesError, ImportError):
        return {}


def house_rules(rules: str, options: dict | None) -> list[tuple[str, object]]:
    """The options a game keeps (``options``) that differ from its rule set's defaults, as
    (name, value) in the rule set's order: what the table chose, shown with the game."""
    options = options or {}
    defaults = option_defaults(rules)
    known = [(name, options[name]) for name, default in defaults.items() if name in options and options[name] != default]
    return known + [(k, v) for k, v in options.items() if k not in defaults]


def _parse_fields(form, fields, prefix: str, present: str, error, count_range: tuple[int, int] | None = None) -> dict:
    """Values of form fields ``<prefix><name>`` typed by each field's kind. An unchecked box
    means false only when the form says it carried the boxes (``present``), so a partial form
    never invents values. ``error(name, message, code)`` builds the exception for a bad value.
    ``count_range``: the bounds of a count, refused in the scorer's words (the context's:
    honba at 5,000 and at 99,999 were refused with two different limits); else a count is only
    kept within ``MAX_COUNT`` for the scorer's own bounds to judge."""
    from scorer.notation import parse_tiles
    out = {}
    for field in fields:
        name, kind = field["name"], field["kind"]
        raw = form.get(f"{prefix}{name}")
        if raw is not None and not isinstance(raw, str):   # a JSON form (the review page's)
            if isinstance(raw, bool):
                raw = "1" if raw else "0"
            elif isinstance(raw, int):      # its bounds are said below, as a typed figure's
                raw = str(raw)
            else:
                raise error(name, "must be text", None)
        if kind == "bool":
            if raw is not None:
                out[name] = raw in ("1", "on", "true", "yes")
            elif form.get(present):
                out[name] = False
        elif raw in (None, ""):
            continue
        elif kind == "count":
            try:
                out[name] = int(raw)
            except ValueError:
                raise error(name, "must be a whole number", None) from None
            if count_range and not count_range[0] <= out[name] <= count_range[1]:
                raise error(name, f"must be a whole number from {count_range[0]} to {count_range[1]}, "
                                  f"not {str(raw).strip()[:20]}", None)
            if abs(out[name]) > MAX_COUNT:
                raise error(name, f"must be at most {MAX_COUNT}, not {str(raw).strip()[:20]}", None)
        elif kind == "tiles":
            try:
                out[name] = parse_tiles(raw)
            except scorer.HandError as e:
                raise error(name, f": {tiles_error_message(e, raw)}", e.code) from None
        else:
            out[name] = raw
    return out


def tiles_error_message(e: scorer.HandError, text: str) -> str:
    """A mistake in a field of tiles (dora indicators), the character at fault counted as the
    player sees it, as a mistake in the hand is shown by its caret."""
    return e.message + ("" if e.position is None else f" (character {e.position + 1} of {text})")


def parse_form_context(form, rules: str | None) -> dict:
    """Context from form fields ``ctx_<name>`` (``ctx__present`` marks a full form). A bad
    value names its field in words (``dora indicators: ...``), as the review page labels it."""
    def error(name, message, code):
        sep = "" if message.startswith(":") else " "
        words = name.replace("_", " ")
        return scorer.HandError(code or "bad_field", f"{words}{sep}{message}", field=f"context.{name}")
    ctx = _parse_fields(form, context_fields(rules), "ctx_", "ctx__present", error, count_range=(0, C.MAX_COUNT))
    if (any(ctx.get(k) for k in C.SELF_DRAWN_BY_DEFINITION) and ctx.get("self_drawn") is False
            and ctx.get("discarder") is None):
        # a replacement tile is drawn (000 n°42, 004 2A), the blessings of heaven and earth are won
        # on the wall's tiles (002 §4.2.5, 004 8E): their box ticked, the self-drawn box left as it
        # was is no "not self-drawn", as `mjtable score --kong-replacement` or `--tenhou` takes it
        # (the page refused the win as "not self-drawn")
        ctx["self_drawn"] = True
    return ctx


def parse_form_options(form, rules: str, prefix: str = "opt_") -> dict:
    """Options from form fields ``<prefix><name>`` (``opt__present`` marks a full form)."""
    def error(name, message, code):
        sep = "" if message.startswith(":") else " "
        return scorer.RulesError("bad_option", f"option {name}{sep}{message}", field=f"options.{name}")
    return _parse_fields(form, option_fields(rules), prefix, "opt__present", error)


def false_win_each(rules: str, flow=None) -> int | None:
    """What the offender of a false win pays each other player under ``rules``, as the game log
    records it (``flow``: the game's, with its options; else the rule set's defaults): MCR 10
    (000 « Faute »), Hong Kong four faan (004 « Pénalités »), classical the game page's 10. None
    where the rules fix it otherwise (riichi's chombo: ``false_win_offer``) or have none."""
    from scorer import flow as game_flow
    flow = flow or _default_flow(rules)
    if flow is None or flow.false_win_fixed:
        return None
    return flow.false_win_amount(game_flow.Event(kind="penalty"))


def _default_flow(rules: str):
    """The game flow of ``rules`` with the rule set's default options, or None where it has none."""
    from scorer import flow as game_flow
    if rules not in game_flow.FLOWS:
        return None
    return game_flow.flow_for(rules, {}, scorer.get_rule_set(rules).parse_options({}))


def false_win_offer(rules: str, flow=None) -> int | str | None:
    """What the review page offers to record for a hand that cannot be declared a win: a false win
    at ``false_win_each`` points each, ``"chombo"`` where the rules fix its payment (riichi: a
    mangan, or −20,000 after uma in a tournament, 002 §3.4.6 « réclamer un Mah-jong non valide »),
    or None."""
    flow = flow or _default_flow(rules)
    if flow is None:
        return None
    return "chombo" if flow.false_win_fixed else false_win_each(rules, flow)


def declaration(result: dict | None, rules: str, flow=None) -> dict:
    """Whether a scored hand may be recorded as a win: ``{"ok": True}``, or ``{"ok": False,
    "reason": text, "false_win": what ``false_win_offer`` offers, or None}``. A hand that is no
    winning hand, and an MCR hand under its minimum (valid, but it cannot be declared), are refused,
    and offered as a false win (a chombo); a context the rules refuse (ippatsu without riichi) is
    a mistake of the entry, to correct, not a false win."""
    code = ((result or {}).get("error") or {}).get("code")
    false_win = false_win_offer(rules, flow) if result and (
        (not result.get("valid") and code == scorer.errors.NOT_COMPLETE)
        or (result.get("valid") and result.get("minimum_met") is False)) else None
    if not result:
        return {"ok": False, "reason": "no hand to record yet", "false_win": None}
    if not result.get("valid"):
        message = (result.get("error") or {}).get("message") or "not a winning hand"
        return {"ok": False, "reason": f"not a winning hand: {strip_citation(message)}", "false_win": false_win}
    if result.get("minimum_met") is False:
        # "minimum": the winner's seat wind or a self-drawn win may bring it there (the review page
        # says so while the game's winner is not chosen: a real win was shown as refused)
        return {"ok": False, "false_win": false_win, "reason": below_minimum(result), "minimum": True}
    return {"ok": True}


def below_minimum(result: dict) -> str:
    """Why a valid MCR hand under its minimum cannot be declared a win (000, Déroulement), its
    points counted in words that agree with them ('1 point', '7 points')."""
    points = result.get("total_without_flowers", result.get("total"))
    counted = f"{points} point{'' if points == 1 else 's'}"
    if result.get("flowers"):
        # the minimum is counted without the flowers (000 n°13): said where the hand has some; a
        # hand with none read "without flowers" as a flower rule it had broken
        counted += " without flowers"
    return f"{counted}, below the {result.get('minimum_points')}-point minimum: this hand cannot be declared a win"


def strip_citation(text: str) -> str:
    """A message without its bracketed source reference ("... (004 Score)"): sources are shown
    behind a link, never in the text."""
    import re
    return re.sub(r"\s*\((?:00\d\b[^)]*|ffmj\d*[^)]*|pymahjong\w*[^)]*)\)", "", text or "").strip()
