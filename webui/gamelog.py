"""Recording hands in a game: score the declared hand under the game's rules, seat the payers,
store the hand with its photo, reading, corrections and context in one transaction; export and
import (docs/webui.md). Used by the HTML pages and the JSON API alike."""
from __future__ import annotations

import csv
import io

import scorer

from . import scoring, settlement, validation
from .settlement import SettlementError
from .store import NotFound, Store
from .validation import InputError

EXPORT_VERSION = 1
#: Context keys that describe one win; they are not carried to the next hand's form.
PER_HAND_KEYS = {"self_drawn", "discarder", "seat_wind", "last_tile", "kong_replacement", "robbing_kong",
                 "last_of_kind", "riichi", "double_riichi", "ippatsu", "tenhou", "chiihou", "renhou",
                 "dora_indicators", "ura_dora_indicators", "liable_player"}
MAX_NAME = 60
MAX_IMPORT_HANDS = 5000   # every imported win is re-scored: bound the work one request can ask


class GameError(ValueError):
    def __init__(self, code: str, message: str, field: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def to_dict(self) -> dict:
        d = {"code": self.code, "message": self.message}
        if self.field:
            d["field"] = self.field
        return d


def _player_index(value, name: str, *, allow_none=False) -> int | None:
    if allow_none and (value is None or (isinstance(value, str) and value in ("", "none", "self"))):
        return None
    # 0-3 as a number or as the text a form sends; not true/false, not 1.5, not Infinity.
    if isinstance(value, str) and value.strip() in ("0", "1", "2", "3"):
        return int(value)
    if isinstance(value, float) and value in (0.0, 1.0, 2.0, 3.0):
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    raise GameError("bad_field", f"{name} must be a player number 0-3", field=name)


def _wind(value, name="round_wind") -> str:
    if isinstance(value, str) and value.upper() in settlement.WINDS:
        return value.upper()
    raise GameError("bad_field", f"{name} must be E, S, W or N", field=name)


def new_game(store: Store, *, name: str, rules: str, players: list, options: dict | None = None) -> int:
    name = validation.text(name, "name", max_len=MAX_NAME * 4, default="")
    validation.text(rules, "rules")
    options = validation.obj(options, "options", max_bytes=validation.MAX_CONTEXT_BYTES)
    scorer.get_rule_set(rules)  # RulesError for an unknown rule set
    if options:
        scorer.get_rule_set(rules).parse_options(options)
    if not isinstance(players, list) or len(players) != 4:
        raise GameError("bad_field", "a game has four players", field="players")
    clean = []
    for i, p in enumerate(players):
        if not isinstance(p, str) or not p.strip():
            raise GameError("bad_field", f"player {i + 1} needs a name", field=f"players[{i}]")
        validation.text(p, f"players[{i}]", max_len=MAX_NAME * 4)
        clean.append(p.strip()[:MAX_NAME])
    if len(set(clean)) != 4:
        raise GameError("bad_field", "the four players need different names", field="players")
    name = (name or "").strip()[:MAX_NAME] or " / ".join(clean)
    return store.create_game(name, rules, clean, options or {})


def game_view(store: Store, game_id: int) -> dict:
    """The game, its hands with running totals, and the next hand's dealer and round wind."""
    game = store.get_game(game_id)
    hands = store.list_hands(game_id)
    totals = settlement.running_totals(hands)
    for h, t in zip(hands, totals):
        h["totals"] = t
    dealer, wind = settlement.next_deal(game["rules"], hands)
    return {"game": game, "hands": hands, "totals": totals[-1] if totals else [0, 0, 0, 0],
            "next": {"dealer": dealer, "round_wind": wind}}


def standing(store: Store, game_id: int) -> dict:
    """Totals and the next hand's deal, from the light hand summaries (cheap on long games)."""
    game = store.get_game(game_id)
    totals, n = store.totals(game_id)
    dealer, wind = settlement.next_deal_after(game["rules"], store.last_played_hand(game_id))
    return {"game": game, "n_hands": n, "totals": totals, "next": {"dealer": dealer, "round_wind": wind}}


def win_context(game: dict, given: dict, *, winner: int, discarder: int | None, dealer: int,
                round_wind: str) -> dict:
    """The context of a win: the form's keys, with the seats the game knows put in."""
    ctx = {k: v for k, v in (given or {}).items()}
    ctx["seat_wind"] = settlement.seat_wind(winner, dealer)
    ctx["round_wind"] = round_wind
    ctx["self_drawn"] = discarder is None
    if discarder is None:
        ctx.pop("discarder", None)
    else:
        ctx["discarder"] = settlement.relative_of(winner, discarder)
    return ctx


def record(store: Store, game_id: int, data: dict, *, draft: dict | None = None,
           request_key: str | None = None) -> dict:
    """Record one hand described by ``data``:

    ``{"kind": "win", "hand": <JSON or notation>, "winner": 0-3, "discarder": 0-3 | null,
    "dealer"?, "round_wind"?, "context"?, "tiles_read"?, "corrections"?, "note"?}``,
    ``{"kind": "draw", ...}`` or ``{"kind": "penalty", "offender": 0-3, "amount": 10}``.
    """
    if not isinstance(data, dict):
        raise GameError("bad_field", "a hand record must be an object")
    # The next deal is read and the hand written under one write lock: two tables' phones
    # recording at once cannot both take the same dealer.
    with store.transaction():
        return _record(store, game_id, data, draft=draft, request_key=request_key)


def _record(store: Store, game_id: int, data: dict, *, draft: dict | None, request_key: str | None) -> dict:
    view = standing(store, game_id)
    game = view["game"]
    kind = data.get("kind", "win")
    if kind not in ("win", "draw", "penalty"):
        raise GameError("bad_field", "kind must be win, draw or penalty", field="kind")
    dealer = _player_index(data.get("dealer", view["next"]["dealer"]), "dealer")
    round_wind = _wind(data.get("round_wind", view["next"]["round_wind"]))
    note = validation.note(data.get("note"))
    row = {"kind": kind, "dealer": dealer, "round_wind": round_wind, "note": note}
    if kind == "draw":
        row.update(deltas=[0, 0, 0, 0])
        return store.add_hand(game_id, row, request_key=request_key)
    if kind == "penalty":
        offender = _player_index(data.get("offender", data.get("winner")), "offender")
        amount = data.get("amount", 10)
        if not isinstance(amount, int) or isinstance(amount, bool) or not 0 < amount <= 100000:
            raise GameError("bad_field", "amount must be a whole number of points above 0", field="amount")
        payments = settlement.penalty(offender, amount)
        row.update(winner=offender, payments=payments, deltas=settlement.deltas_of(payments))
        return store.add_hand(game_id, row, request_key=request_key)
    if kind != "win":
        raise GameError("bad_field", "kind must be win, draw or penalty", field="kind")
    winner = _player_index(data.get("winner"), "winner")
    discarder = _player_index(data.get("discarder"), "discarder", allow_none=True)
    if discarder == winner:
        raise GameError("bad_field", "the winner cannot have discarded the winning tile", field="discarder")
    given = validation.obj(data.get("context"), "context", max_bytes=validation.MAX_CONTEXT_BYTES)
    if "hand" not in data:
        raise GameError("bad_field", "hand is required for a win", field="hand")
    tiles_read = validation.tiles_read(data.get("tiles_read"))
    corrections = validation.corrections(data.get("corrections"))
    ctx = win_context(game, given, winner=winner, discarder=discarder, dealer=dealer, round_wind=round_wind)
    hand = scorer.to_hand(scoring.hand_input(data["hand"]), ctx)
    result = scorer.score(hand, game["rules"], game["options"])
    if not result.valid:
        err = result.error or {}
        raise GameError(err.get("code", "not_winning"),
                        f"not a winning hand under {game['rules']}: {err.get('message', 'invalid')}; "
                        "correct it, or record a false win (penalty)")
    score = result.to_dict()
    payments = settlement.map_payments(score.get("payments", []), winner=winner, discarder=discarder,
                                       dealer=dealer)
    for j, d in enumerate(settlement.deltas_of(payments)):   # the game's totals are summed in 64 bits
        try:
            validation.points(d, f"context (player {j}'s change)")
        except InputError:
            raise GameError("bad_field", f"this hand moves {d} points for player {j}; at most "
                            f"{validation.MAX_POINTS}: check the context's counts", field="context") from None
    row.update(winner=winner, discarder=discarder, hand=hand.to_dict(), notation=scorer.format_hand(hand),
               context=hand.context.to_dict(), score=score, payments=payments,
               deltas=settlement.deltas_of(payments),
               tiles_read=tiles_read, corrections=corrections)
    if draft is not None:
        row["photo_id"] = draft.get("photo_id")
        if row["tiles_read"] is None:
            row["tiles_read"] = draft["reading"].get("tiles")
    remembered = {k: v for k, v in hand.context.to_dict().items() if k not in PER_HAND_KEYS}
    return store.add_hand(game_id, row, remember_context=remembered, request_key=request_key)


# -- export / import -----------------------------------------------------------------------------
def export_json(store: Store, game_id: int) -> dict:
    view = game_view(store, game_id)
    g = view["game"]
    hands = []
    for h in view["hands"]:
        hands.append({k: h[k] for k in ("seq", "kind", "dealer", "round_wind", "winner", "discarder",
                                        "hand", "notation", "context", "score", "payments", "deltas",
                                        "tiles_read", "corrections", "note", "created", "totals")})
    return {"format": "mjtable-game", "version": EXPORT_VERSION,
            "game": {k: g[k] for k in ("name", "rules", "options", "players", "context", "created")},
            "hands": hands}


def export_csv(store: Store, game_id: int) -> str:
    view = game_view(store, game_id)
    players = view["game"]["players"]
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["hand", "kind", "round_wind", "dealer", "winner", "discarder", "notation", "points"]
               + [f"{p} change" for p in players] + [f"{p} total" for p in players] + ["note"])
    for h in view["hands"]:
        name = lambda i: players[i] if i is not None else ""
        w.writerow([h["seq"], h["kind"], h["round_wind"], name(h["dealer"]), name(h["winner"]),
                    name(h["discarder"]), h["notation"] or "",
                    (h["score"] or {}).get("total", "")] + h["deltas"] + h["totals"] + [h["note"]])
    return out.getvalue()


def import_json(store: Store, data) -> int:
    """Create a game from an export; every field is checked, totals are recomputed."""
    if not isinstance(data, dict) or data.get("format") != "mjtable-game":
        raise GameError("bad_import", "not an mjtable game export (format must be mjtable-game)")
    if data.get("version") != EXPORT_VERSION:
        raise GameError("bad_import", f"unsupported export version {data.get('version')!r}")
    g = data.get("game")
    if not isinstance(g, dict):
        raise GameError("bad_import", "game must be an object", field="game")
    rules = g.get("rules")
    if not isinstance(rules, str) or len(rules) > validation.MAX_TEXT:
        raise GameError("bad_import", "game.rules must be a rule set name", field="game.rules")
    scorer.get_rule_set(rules)
    players = g.get("players")
    if not (isinstance(players, list) and len(players) == 4 and all(isinstance(p, str) and p.strip() for p in players)):
        raise GameError("bad_import", "game.players must be four names", field="game.players")
    for i, p in enumerate(players):
        validation.text(p, f"game.players[{i}]", max_len=MAX_NAME * 4)
    options = validation.obj(g.get("options"), "game.options", max_bytes=validation.MAX_CONTEXT_BYTES)
    scorer.get_rule_set(rules).parse_options(options)
    game_context = g.get("context") if isinstance(g.get("context"), dict) else {}
    validation.obj(game_context, "game.context", max_bytes=validation.MAX_CONTEXT_BYTES)
    hands_in = data.get("hands")
    if not isinstance(hands_in, list):
        raise GameError("bad_import", "hands must be a list", field="hands")
    if len(hands_in) > MAX_IMPORT_HANDS:
        raise GameError("bad_import", f"a game of more than {MAX_IMPORT_HANDS} hands is not a game this "
                        "app exported", field="hands")
    hands = []
    for i, h in enumerate(hands_in):
        where = f"hands[{i}]"
        if not isinstance(h, dict):
            raise GameError("bad_import", "a hand must be an object", field=where)
        kind = h.get("kind")
        if kind not in ("win", "draw", "penalty"):
            raise GameError("bad_import", "kind must be win, draw or penalty", field=f"{where}.kind")
        deltas = h.get("deltas")
        if not (isinstance(deltas, list) and len(deltas) == 4
                and all(isinstance(d, int) and not isinstance(d, bool) for d in deltas)):
            raise GameError("bad_import", "deltas must be four whole numbers", field=f"{where}.deltas")
        for j, d in enumerate(deltas):    # bounded: the game's totals are summed in 64 bits
            validation.points(d, f"{where}.deltas[{j}]")
        if sum(deltas) != 0 and kind != "draw":
            raise GameError("bad_import", "deltas of a hand must sum to 0", field=f"{where}.deltas")
        row = {"kind": kind, "dealer": _player_index(h.get("dealer"), f"{where}.dealer"),
               "round_wind": _wind(h.get("round_wind"), f"{where}.round_wind"),
               "winner": _player_index(h.get("winner"), f"{where}.winner", allow_none=True),
               "discarder": _player_index(h.get("discarder"), f"{where}.discarder", allow_none=True),
               "deltas": deltas, "note": validation.note(h.get("note"), f"{where}.note"),
               "payments": h.get("payments") if isinstance(h.get("payments"), list) else [],
               "corrections": validation.corrections(h.get("corrections") if isinstance(h.get("corrections"), list)
                                                     else None, f"{where}.corrections"),
               "context": validation.obj(h.get("context") if isinstance(h.get("context"), dict) else None,
                                         f"{where}.context", max_bytes=validation.MAX_CONTEXT_BYTES),
               "tiles_read": validation.tiles_read(h.get("tiles_read"), f"{where}.tiles_read"),
               "created": validation.text(h["created"], f"{where}.created", max_len=40)
               if isinstance(h.get("created"), str) else None}
        row["payments"] = _check_payments(row["payments"], f"{where}.payments")
        if kind == "win":
            if row["winner"] is None:
                raise GameError("bad_import", "a win needs a winner", field=f"{where}.winner")
            hand = scorer.to_hand(scoring.hand_input(h.get("hand"), f"{where}.hand"),
                                  row["context"] or None)  # HandError names the field
            row["hand"] = hand.to_dict()
            row["notation"] = scorer.format_hand(hand)
            row["context"] = hand.context.to_dict()
            # The score shown is recomputed, never taken from the file; the deltas are the record.
            row["score"] = scorer.score(hand, rules, options).to_dict()
        else:
            row["score"] = None
            row["context"] = {}   # only a win has a context (the app records none for the others)
        hands.append(row)
    name = g.get("name") if isinstance(g.get("name"), str) else ""
    game = {"name": validation.text(name, "game.name", max_len=MAX_NAME * 4)[:MAX_NAME].strip() or " / ".join(players),
            "rules": rules, "options": options,
            "players": [p.strip()[:MAX_NAME] for p in players],
            "context": game_context,
            "created": validation.text(g["created"], "game.created", max_len=40)
            if isinstance(g.get("created"), str) else None}
    return store.import_game(game, hands)


MAX_PAYMENTS = 16


def _check_payments(payments: list, where: str) -> list[dict]:
    if len(payments) > MAX_PAYMENTS:
        raise GameError("bad_import", f"a hand has at most {MAX_PAYMENTS} payments", field=where)
    out = []
    for j, p in enumerate(payments):
        ok = (isinstance(p, dict) and all(isinstance(p.get(k), int) and not isinstance(p.get(k), bool)
                                          for k in ("payee", "amount"))
              and (p.get("payer") is None or (isinstance(p.get("payer"), int) and 0 <= p["payer"] <= 3))
              and 0 <= p["payee"] <= 3)
        if not ok:
            raise GameError("bad_import", "a payment is {payer: 0-3, payee: 0-3, amount}", field=f"{where}[{j}]")
        validation.points(p["amount"], f"{where}[{j}].amount")
        reason = p.get("reason") if isinstance(p.get("reason"), str) else ""
        out.append({"payer": p.get("payer"), "payee": p["payee"], "amount": p["amount"],
                    "reason": validation.text(reason, f"{where}[{j}].reason", max_len=2000)[:200],
                    **({"from": "table"} if p.get("payer") is None else {})})
    return out


def parse_import_bytes(raw: bytes):
    return validation.parse_json(raw, "file", max_bytes=validation.MAX_IMPORT_BYTES)


__all__ = ["GameError", "SettlementError", "NotFound", "new_game", "game_view", "record",
           "export_json", "export_csv", "import_json"]
