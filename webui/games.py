"""Game log pages (docs/webui.md): create a game, record hands (from the review page),
draws and false-win penalties, running totals and the standings chart, undo, export, import."""
from __future__ import annotations

import json
import re
import secrets
from contextlib import contextmanager
from functools import partial

from flask import Blueprint, Response, flash, redirect, render_template, request, session, url_for

import scorer

from . import calibrate, errors, gamelog, i18n, money, score_sheet, scoring, standings, teaching, validation
from .chart import standings_svg
from .settlement import SettlementError
from .store import DraftRecorded, DuplicateRequest, NotFound, get_store

bp = Blueprint("games", __name__, url_prefix="/games")


@bp.app_template_global()
def scored_sets(score: dict | None) -> str:
    """The sets a win was scored as, in notation ("123m · 456p · 222s · 11s"), from its score's
    decomposition: the game page showed only the hand as typed or read, its standing tiles run
    together ("123m456p789s1122s 2s"), and a player checking a hand had to find the sets again.
    "" for a score without sets or of one group (thirteen orphans)."""
    sets = ((score or {}).get("decomposition") or {}).get("sets") or []
    if len(sets) < 2:
        return ""
    return " · ".join(scorer.tiles.group_codes(s.get("tiles") or []) for s in sets)


@bp.get("/")        # typed with its slash, as /calibrate/ and /words/ are (it was not found)
@bp.get("")         # the first: the address url_for gives
def index():
    return _games_page()


def _games_page(refused: dict | None = None, entered=None, import_refused: str | None = None):
    """The games and the new-game form; ``refused``: why the form sent was refused (message and
    field), shown in it with what was ``entered`` put back; ``import_refused``: why a file to
    import was, shown at the import form."""
    rule_sets = scoring.available_rules()
    games = gamelog.games_with_state(get_store())
    # a new game under the rules of the newest game, unless the refused form chose others
    entered = entered or {"rules": gamelog.usual_rules(get_store())}
    from scorer.flow.riichi import START_POINTS
    # the players whose names read alike: marked invalid, not all four ("players" names none)
    keys = [gamelog.name_key(entered.get(f"player{i}") or "") for i in range(4)]
    alike = [i for i, k in enumerate(keys) if k and keys.count(k) > 1]
    return render_template("games.html", games=games, rule_sets=rule_sets, refused=refused, entered=entered,
                           uma_choices=UMA_CHOICES, riichi_start_points=START_POINTS, alike=alike,
                           import_refused=import_refused,
                           options={r["name"]: scoring.option_fields(r["name"]) for r in rule_sets})


@bp.post("")
def create():
    f = request.form
    rules = f.get("rules") or scoring.default_rules()
    flow = {k: True for k in ("open_ended", "tournament", "east_only") if f.get(f"flow_{k}")}
    if rules != "riichi":
        for k in ("tournament", "east_only"):
            flow.pop(k, None)       # the fields of another rule set's options
    if f.get("flow_fixed_seats") and rules == "mcr":
        flow["seat_changes"] = False
    try:
        if rules == "riichi":
            flow.update(_riichi_figures(f))
        gid = gamelog.new_game(get_store(), name=f.get("name", ""), rules=rules,
                               players=[f.get(f"player{i}", "") for i in range(4)],
                               options=_changed_options(f, rules), flow=flow)
    except (gamelog.GameError, validation.InputError, scorer.RulesError) as e:
        # said in the form, filled as sent: an error page's "Go back" led to an empty form
        error = e.to_dict()
        return _games_page({"message": i18n.msg(error), "field": error.get("field") or ""}, f), 400
    return redirect(url_for("games.show", game_id=gid), code=303)


#: The uma a new riichi game's form offers, 1st to 4th place: 002 §3.6.1's first (the default),
#: then those clubs play as house rules (gamelog keeps any four that add up to 0, from the API).
UMA_CHOICES = ((15000, 5000, -5000, -15000), (10000, 5000, -5000, -10000), (20000, 10000, -10000, -20000),
               (30000, 10000, -10000, -30000), (0, 0, 0, 0))


def _riichi_figures(form) -> dict:
    """A new riichi game's starting points and uma from its form, where they differ from 002's
    (so that the game records the house rules it chose, not every default)."""
    from scorer.flow.riichi import START_POINTS, UMA
    out = {}
    text = (form.get("flow_start_points") or "").strip()
    if text:
        # a sign is a number's (-5 was "not a whole number"): its bounds are the game log's to say
        if not re.fullmatch(r"[+-]?[0-9]+", text):
            raise validation.InputError("bad_field", f"the starting points must be a whole number, not {text[:20]!r}",
                                        field="flow.start_points")
        if int(text) != START_POINTS:
            out["start_points"] = int(text)
    uma = (form.get("flow_uma") or "").strip()
    if uma:
        choice = next((c for c in UMA_CHOICES if ",".join(map(str, c)) == uma), None)
        if choice is None:
            raise validation.InputError("bad_field", "unknown uma: choose one of the list", field="flow.uma")
        if choice != UMA:
            out["uma"] = list(choice)
    return out


def _changed_options(form, rules: str) -> dict:
    """The options of the new-game form that differ from the rule set's defaults (so the game
    records what the table chose, not every default)."""
    if not form.get("opt__present"):
        return {}
    return dict(scoring.house_rules(rules, scoring.parse_form_options(form, rules, prefix=f"opt_{rules}__")))


#: The last hands whose edit forms the game page writes; an older hand's "Edit" link opens the page
#: with its form (?edit=N). A 1,500-hand game's page was 5 MB of forms, 300 hands 0.65 MB.
INLINE_EDITS = 24


@bp.get("/<int:game_id>")
def show(game_id):
    view = gamelog.game_view(get_store(), game_id)
    session["last_game"] = game_id       # offered first where a hand outside a game is recorded (review)
    i18n.use_rules_terms(view["game"]["rules"])
    chart = _chart(view, [[view["start_points"] + t for t in h["totals"]] for h in _played(view)],
                   start=view["start_points"], legend=False)
    refused = session.pop("refused", None)      # said once, on the page of the game it was sent to
    if not isinstance(refused, dict) or refused.get("game") != game_id:
        refused = None
    edits = gamelog.history(get_store(), game_id)
    # the final table's scores in money, as the standings settle an evening (webui.money): by the
    # settle form's query, else by the rate kept with the game
    settling = _final_money(view["game"]["rules"], view["final"], _money_asked(view["game"]))
    # the settlement shown is the game's kept one: the page offers to forget it
    # (a rate refused since is said at the form: the kept one stands, and can be forgotten there too)
    money_kept = bool(view["game"]["money"]) and ("rate" not in request.args or bool(settling["money_refused"]))
    if money_kept and settling["money_refused"]:
        # the kept rate's settlement stays shown beside the refusal ("the rate kept stands", and
        # its table was gone until the page was opened again)
        settling["settled"] = _final_money(view["game"]["rules"], view["final"], _kept_money(view["game"]))["settled"]
    return render_template("game.html", view=view, game=view["game"], chart=chart, refused=refused, **settling,
                           money_kept=money_kept,
                           edits=edits, form_key=secrets.token_urlsafe(12), inline_edits=INLINE_EDITS,
                           win_flags=win_flags(view["game"]["rules"]),
                           common_flags=[k for k in win_flags(view["game"]["rules"]) if k not in RARE_WIN_FLAGS],
                           rare_flags=rare_win_flags(view["game"]["rules"], view["game"]["options"]),
                           names_liable="liable_player" in (scoring.rule_context_keys(view["game"]["rules"]) or ()),
                           liable_seat=gamelog.liable_seat, liable_paying=gamelog.liable_paying,
                           robbed_kong=score_sheet.robbed_kong,
                           value_and_counters=gamelog.value_and_counters, false_win=request.args.get("false_win", type=int),
                           rule_sets={r["name"]: r["title"] for r in scoring.available_rules()},
                           option_fields=scoring.option_fields(view["game"]["rules"]),
                           hand_label=partial(_hand_label, gamelog.flow_of(view["game"])),
                           page_hand_id=gamelog.page_hand_id,
                           substitute_top=gamelog.substitute_top(view["hands"], view["finished"]),
                           running_shares=gamelog.running_shares(view["game"], view["hands"], i18n.t, i18n.number),
                           # from what the page already read: the state the poll compares (api.game_state)
                           game_state=gamelog.state_of(view["hands"][-1] if view["hands"] else None, len(edits))), \
        400 if settling["money_refused"] else 200


def _hand_label(flow, h: dict | None = None, **deal) -> str:
    """A hand's label as the score sheet gives it (E2, riichi's E2-1 with its counters): of a
    recorded hand, or of the next deal (``round_wind``, ``dealer``, ``honba``, ``seating``)."""
    if h is None:
        return gamelog.next_label(deal, flow, i18n.t)
    return score_sheet.round_label(h, flow, i18n.t)


def _played(view: dict) -> list[dict]:
    """The hands played: the players' ending the game is a row of the log, not a hand."""
    return [h for h in view["hands"] if h["kind"] != "end"]


def _chart(view: dict, totals: list[list[int]], start: int = 0, legend: bool = True) -> str:
    """The standings chart of a game's ``totals`` from ``start``, its label in the page's language."""
    # each seat by everyone who played it ("Bob / Eve")
    return standings_svg(gamelog.seat_heads(view), totals, start=start, legend=legend,
                         label=i18n.t("standings after each hand"), number=i18n.number)


@bp.get("/<int:game_id>/chart.svg")
def chart(game_id):
    view = gamelog.game_view(get_store(), game_id)
    return Response(_chart(view, [h["totals"] for h in _played(view)]),
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
            flash(i18n.t("this photo's hand is already recorded"))
            return redirect(url_for("games.show", game_id=game_id), code=303)
    if "form" in data:  # the context form's fields, parsed like the review page does
        game = get_store().get_game(game_id)
        form = validation.obj(data.pop("form"), "payload.form", max_bytes=validation.MAX_CONTEXT_BYTES)
        data["context"] = scoring.parse_form_context(form, game["rules"])
    try:
        hand = gamelog.record(get_store(), game_id, data, draft=draft,
                              request_key="draft:" + draft["id"] if draft else None)
    except DraftRecorded as e:
        # recorded into another game meanwhile (another phone): said and shown there, where it is
        # (taken for a resubmitted form, the page said it was recorded here, where it was not)
        flash(i18n.t("this photo's hand is already recorded in game {game}", game=e.game_id))
        return redirect(url_for("games.show", game_id=e.game_id), code=303)
    except DuplicateRequest:
        flash(i18n.t("this photo's hand is already recorded"))
        return redirect(url_for("games.show", game_id=game_id), code=303)
    flash_recorded(get_store().get_game(game_id), hand)
    return redirect(url_for("games.show", game_id=game_id), code=303)


class _SentTwice(Exception):
    def __init__(self, game_id: int):
        super().__init__(game_id)
        self.game_id = game_id


def _record_once(game_id: int, data: dict) -> dict:
    """Record a hand sent by one of the game page's forms, once: each drawing of the page gives
    its forms a key (``form_key``), so a double click, or the form sent again from the browser's
    history, records nothing more (``_SentTwice``: the game page says so)."""
    key = (request.form.get("form_key") or "").strip()
    request_key = f"form:{validation.text(key, 'form_key', max_len=64)}" if key else None
    if request.form.get("next_seq"):        # the hand's number as the page showed it (gamelog: stale_game)
        data = {**data, "expect_seq": request.form["next_seq"]}
    if request.form.get("edits_seen"):      # and the edits it knew of: an earlier hand edited moves the deal
        data = {**data, "expect_edits": request.form["edits_seen"]}
    try:
        return gamelog.record(get_store(), game_id, data, request_key=request_key)
    except DuplicateRequest:
        raise _SentTwice(game_id) from None


@bp.errorhandler(_SentTwice)
def _sent_twice(e: _SentTwice):
    flash(i18n.t("this form was already sent: nothing was recorded again"), "error")
    return redirect(url_for("games.show", game_id=e.game_id), code=303)


def _seats_field(form, name: str) -> list[int]:
    """Checkboxes of players (riichi declarers, tenpai players)."""
    return validation.seats(form.getlist(name), name)


@bp.post("/<int:game_id>/draw")
def draw(game_id):
    f = request.form
    # refused (another device recorded or edited a hand since): back at its form, its ticks put back
    with _stale_page_back_to_game(), _refused_back_to_form(game_id, "draw-form"):
        hand = _record_once(game_id, {"kind": "draw", "note": f.get("note", ""),
                                      "riichi": _seats_field(f, "riichi"), "tenpai": _seats_field(f, "tenpai")})
    flash(i18n.t("hand {n}: draw recorded", n=hand["seq"]))
    _warn_noten_riichi(game_id, hand)
    return redirect(url_for("games.show", game_id=game_id), code=303)


def _warn_noten_riichi(game_id: int, hand: dict) -> None:
    """Flash ``gamelog.noten_riichi``'s players, by name."""
    game = get_store().get_game(game_id)
    for p in gamelog.noten_riichi(game, hand):
        flash(i18n.t(i18n.NOTEN_RIICHI_FLASH, name=gamelog.played_by(game, hand)[p]), "error")


def flash_recorded(game: dict, hand: dict) -> None:
    """"hand N recorded", then what its scores warn of (a riichi game's red fives counted as plain
    fives: said on the hand's own page only, a table playing them lost a han a five unawares), and
    once, as a note, whether a riichi discarder's stick stands (``gamelog.riichi_discarder``: most
    often it does, the declarer having dealt in later: no error, and not said again)."""
    flash(i18n.t("hand {n} recorded", n=hand["seq"]))
    players = gamelog.played_by(game, hand)         # who played it (a substitute sat in)
    wins = gamelog.wins_of(hand)
    for w in wins:
        for warning in (w.get("score") or {}).get("warnings") or []:
            text = i18n.msg(warning if isinstance(warning, str) else warning.get("message", ""))
            flash(i18n.t("{player}: {text}", player=players[w["winner"]], text=text) if len(wins) > 1 else text,
                  "error")
    p = gamelog.riichi_discarder(game, hand)
    if p is not None:
        flash(i18n.t(i18n.RIICHI_DISCARD_FLASH, name=players[p]))


@bp.post("/<int:game_id>/end")
def end(game_id):
    """The players end the game before its last round: a row of kind ``end``; the final result
    is taken from the points then (undo goes on with the game)."""
    with _stale_page_back_to_game():
        hand = _record_once(game_id, {"kind": "end", "note": request.form.get("note", "")})
    flash(i18n.t("the game ends after hand {n}", n=hand["seq"] - 1))
    return redirect(url_for("games.show", game_id=game_id), code=303)


def _amount(form) -> int | None:
    raw = (form.get("amount") or "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise gamelog.GameError("bad_field", "amount must be a whole number", field="amount") from None


@bp.post("/<int:game_id>/penalty")
def penalty(game_id):
    f = request.form
    # refused (an amount out of range sent past the browser's check): said at the form, as a win's
    with _stale_page_back_to_game(), _refused_back_to_form(game_id, "penalty-form"):
        data = {"kind": "penalty", "offender": f.get("offender"), "note": f.get("note", ""),
                "riichi": _seats_field(f, "riichi")}
        amount = _amount(f)
        if amount is not None:
            data["amount"] = amount
        hand = _record_once(game_id, data)
    flash_false_win(get_store().get_game(game_id), hand["seq"])
    return redirect(url_for("games.show", game_id=game_id), code=303)


def flash_false_win(game: dict, seq: int) -> None:
    """Announce a recorded false win by its name in the game's rules (riichi: chombo)."""
    riichi = gamelog.flow_of(game).has_riichi
    flash(i18n.t("hand {n}: chombo recorded" if riichi else "hand {n}: false win recorded", n=seq))


#: What the game page's win form asks of each riichi winner (game.html ``win_rows``): an edit
#: of the hand takes these from the form, ticked or not, and keeps the rest of its context.
RIICHI_WIN_TILES = ("dora_indicators", "ura_dora_indicators")
RIICHI_WIN_FLAGS = ("ippatsu", "double_riichi", "last_tile", "kong_replacement", "robbing_kong")
#: The same boxes under the other rules, those of them the rule set reads (its CONTEXT_KEYS).
OTHER_WIN_FLAGS = ("last_tile", "kong_replacement", "robbing_kong", "last_of_kind")
#: Rarer wins, in a folded box of the same form: those the rule set reads (a club recording a
#: heavenly hand or a double kong from the game page had no box for it, only the review page).
RARE_WIN_FLAGS = ("tenhou", "chiihou", "renhou", "double_kong", "bao_exempt", "red_fives")


def win_flags(rules: str) -> tuple:
    """The boxes of win context the game page's win form shows for ``rules``: what neither the
    tiles nor the seats say (a win on the last tile, on a kong's replacement tile...)."""
    keys = scoring.rule_context_keys(rules) or ()
    common = RIICHI_WIN_FLAGS if rules == "riichi" else tuple(k for k in OTHER_WIN_FLAGS if k in keys)
    return common + tuple(k for k in RARE_WIN_FLAGS if k in keys)


def rare_win_flags(rules: str, options: dict | None) -> list[str]:
    """The boxes of ``win_flags`` the form folds away as rarer wins; red fives in one hand not
    offered where the house rules count them in every hand."""
    counted = {"red_fives"} if (options or {}).get("red_fives") else set()
    return [k for k in win_flags(rules) if k in RARE_WIN_FLAGS and k not in counted]


def _indicator_tiles(text: str, key: str, k: int) -> list[str]:
    """The tiles of winner ``k``'s (ura) dora indicators field; a mistake names the field and
    the character at fault, as a mistake in the hand does."""
    from scorer.notation import parse_tiles
    try:
        return parse_tiles(validation.text(text, f"{key}{k}", max_len=60))
    except scorer.HandError as e:
        label = {"dora_indicators": "dora indicators", "ura_dora_indicators": "ura dora indicators"}[key]
        raise gamelog.GameError("bad_field", f"{label}: {scoring.tiles_error_message(e, text)}",
                                field=f"{key}{k}") from None


def _table_indicators(form, key: str, count: int) -> list[list[str]]:
    """The (ura) dora indicators of a riichi win for each of its ``count`` winners: the table's,
    so every winner of a double or triple ron counts the same ones (002 §2.7). The form asks for
    them once (field 0): given once, they are every winner's (a second winner whose own fields were
    left empty was scored with no dora at all); given otherwise for several, each keeps its own, and
    the game log refuses them (``gamelog._check_table_indicators``)."""
    given = [(k, _indicator_tiles(text, key, k)) for k in range(gamelog.MAX_WINNERS)
             if (text := (form.get(f"{key}{k}") or "").strip())]
    if len({tuple(sorted(tiles)) for _, tiles in given}) > 1:
        return [next((tiles for k, tiles in given if k == i), []) for i in range(count)]
    return [given[0][1] if given else []] * count


def _win_data(form, *, rules: str, blank_is_self_drawn: bool = True) -> dict:
    """A win entered on the game page: one to three winners, each with the hand in notation
    and the boxes of ``win_flags`` (under riichi, the table's dora indicators for all), on one discard or
    self-drawn. The edit form's blank discarder is its self-drawn choice; the new win form's blank
    is its "who discarded?" prompt (``blank_is_self_drawn`` False), so a win sent with it unanswered
    is refused rather than charged to all three others as self-drawn."""
    winners, flags = [], win_flags(rules)
    for k in range(gamelog.MAX_WINNERS):
        who, hand = form.get(f"winner{k}", ""), (form.get(f"hand{k}") or "").strip()
        if who == "" and not hand:
            continue
        if who == "":       # it said "winners[0].winner must be a player number 0-3"
            raise gamelog.GameError("bad_field", "name the winner of this hand" if k == 0 else
                                    f"name winner {k + 1} of this hand, whose hand is typed", field=f"winner{k}")
        if not hand:        # a notation error "at character 1" under nothing
            # "winner 1" only beside other winners: a Hong Kong table, one winner a hand, read a
            # stray 1
            alone = k == 0 and not any(form.get(f"winner{j}") or (form.get(f"hand{j}") or "").strip()
                                       for j in range(1, gamelog.MAX_WINNERS))
            raise gamelog.GameError("bad_field", "type the winner's hand" if alone
                                    else f"type the hand of winner {k + 1}", field=f"hand{k}")
        ctx = {}
        for flag in flags:
            if form.get(f"{flag}{k}"):
                ctx[flag] = True
        if f"liable{k}" in form:        # the rule set names a liable player: a seat, or "" for none
            ctx["liable_player"] = form.get(f"liable{k}") or None
        winners.append({"winner": who, "hand": hand, "context": ctx})
    if not winners:
        raise gamelog.GameError("bad_field", "name the winner and the hand", field="winner0")
    if rules == "riichi":
        declared = {str(p) for p in _seats_field(form, "riichi")}    # seats; a winner as sent, checked by the log
        for key in RIICHI_WIN_TILES:
            each = _table_indicators(form, key, len(winners))
            takers = range(len(winners))
            if key == "ura_dora_indicators":
                # the ura dora count only for a winner who declared riichi (002 §3.3.14): given to
                # the other winner of a double ron they were "ignored" in red on an ordinary hand
                takers = [i for i, w in enumerate(winners) if str(w["winner"]).strip() in declared
                          or w["context"].get("double_riichi")] or takers   # none declared: the scorer says so
            for i in takers:
                if each[i]:
                    winners[i]["context"][key] = list(each[i])
    discarder = form.get("discarder", "")
    if discarder == "" and not blank_is_self_drawn:
        raise gamelog.GameError("bad_field", "say who discarded the winning tile, or that it was self-drawn",
                                field="discarder")
    data = {"kind": "win", "winners": winners, "discarder": None if discarder in ("", "self") else discarder,
            "riichi": _seats_field(form, "riichi"), "note": form.get("note", "")}
    if "loser0" in form:        # classical: the others' hands' points, all empty for none
        losers = [(form.get(f"loser{p}") or "").strip() for p in range(4)]
        data["losers"] = losers if any(losers) else None
    return data


class _Refused(Exception):
    def __init__(self, game_id: int, form_id: str):
        super().__init__(form_id)
        self.game_id, self.form_id = game_id, form_id


@contextmanager
def _refused_back_to_form(game_id: int, form_id: str):
    """A win or an edit the game log refuses (a typo in the notation, the winner named as the
    discarder) goes back to the game page, the reason shown at that form and the entry put back
    in it as it was sent (game.js), not to an error page away from it. A win sent once the game
    is over (another device ended it) has no form to go back to: the page says so and shows the
    entry, to copy."""
    try:
        yield
    except (scorer.HandError, scorer.RulesError, gamelog.GameError, SettlementError, validation.InputError) as e:
        code = getattr(e, "code", "")
        # said their own way: a page gone stale, a game over since (but for a win, whose form is
        # gone), a win that is no win as shown (offered as a false win); an edit so is refused at its form
        if (code == "stale_hand" or (code == "game_over" and form_id != "win-form")
                or (code in FALSE_WIN_REFUSALS and form_id == "win-form")):
            raise
        _remember_refusal(game_id, form_id, e)
        raise _Refused(game_id, form_id) from None


def _remember_refusal(game_id: int, form_id: str, e: Exception, false_win: bool = False) -> None:
    """What the game page says at form ``form_id`` after refusing it (``e``), once; ``false_win``:
    the refusal offers the false-win form, set for its player (a win under MCR's minimum)."""
    code = getattr(e, "code", "")
    message = i18n.msg(e.to_dict())
    # a hand's own error (its notation, its tiles), not one of the winners together ("the winners of
    # one discard win on the same tile" names the second's field, and was put on them)
    whose = (_whose_hand(getattr(e, "field", None), game_id)
             if isinstance(e, scorer.HandError) and (form_id == "win-form" or form_id.startswith("edit-form-")) else None)
    if whose:
        # a double ron's "too many tiles: 15 standing..." said not which winner's hand it was
        message = i18n.t("{player}'s hand: {message}", player=whose, message=message)
        if i18n.lang() == "fr":     # a sentence of its own here (« main de … » follows « erreur : » elsewhere)
            message = message[:1].upper() + message[1:]
    session["refused"] = {"game": game_id, "form": form_id, "message": message,
                          # a win refused as the game moved on (another device recorded a hand): its entry
                          # is put back all the same, to send again or leave (game.js)
                          "stale": code in ("stale_game", "game_over"),
                          # names changed on another device: the form shows them as they are now,
                          # the entry is not put back (its other names would undo that change)
                          # (the false-win form keeps no entry: its two fields are there to choose again)
                          "entry_dropped": code in ("stale_names", "stale_options") or form_id in ("options-form", "penalty-form"),
                          "excerpt": errors.notation_excerpt(e),
                          # the field at fault, marked in its form where it has one so named (game.js)
                          "field": field if isinstance(field := getattr(e, "field", None), str) else None,
                          "entry": _win_entry(request.form) if form_id == "win-form" else None,
                          "false_win": false_win}


def _whose_hand(field, game_id: int) -> str | None:
    """The name of the winner whose hand a refusal's ``field`` ("winners[1].hand...") names, where
    the win form sent the hands of several winners; else None."""
    m = re.match(r"winners\[(\d+)\]\.hand", field) if isinstance(field, str) else None
    # the winners sent are the form's rows with a hand, in order (``_win_data``)
    rows = [k for k in range(gamelog.MAX_WINNERS) if (request.form.get(f"hand{k}") or "").strip()]
    if m is None or len(rows) < 2 or int(m.group(1)) >= len(rows):
        return None
    seat = request.form.get(f"winner{rows[int(m.group(1))]}", "")
    players = (get_store().get_game(game_id) or {}).get("players") or []
    return players[int(seat)] if seat.isdigit() and int(seat) < len(players) else None


def _win_entry(form) -> dict:
    """What a win form sent, as the page can show it when its form is gone: each winner's seat
    and hand, the discarder's seat or "self"."""
    rows = [{"winner": form.get(f"winner{k}", ""), "hand": (form.get(f"hand{k}") or "")[:200]}
            for k in range(gamelog.MAX_WINNERS) if form.get(f"winner{k}") or form.get(f"hand{k}")]
    return {"winners": rows, "discarder": form.get("discarder", "")}


@bp.errorhandler(_Refused)
def _refused(e: _Refused):
    return redirect(url_for("games.show", game_id=e.game_id) + "#" + e.form_id, code=303)


#: The refusals of a win whose hand was no win as shown, which the win form offers to record as a
#: false win (riichi's chombo): under the minimum, or no complete hand (riichi's no yaku among them);
#: a typo in the hand's notation is none.
FALSE_WIN_REFUSALS = ("below_minimum", "not_complete")


@bp.post("/<int:game_id>/win")
def win(game_id):
    game = get_store().get_game(game_id)
    try:
        with _stale_page_back_to_game(), _refused_back_to_form(game_id, "win-form"):
            data = _win_data(request.form, rules=game["rules"], blank_is_self_drawn=False)
            hand = _record_once(game_id, data)
    except gamelog.GameError as e:
        if e.code not in FALSE_WIN_REFUSALS:
            raise
        if len(data["winners"]) != 1:        # one of several winners: back at the form, no false win offered
            _remember_refusal(game_id, "win-form", e)
            return redirect(url_for("games.show", game_id=game_id) + "#win-form", code=303)
        # MCR under 8 points, a riichi hand with no yaku, a hand that is no complete hand: no win
        # to record, but a false win if the hand was shown (000 « Faute », 002 §3.4.6 chombo):
        # back to the win form with the entry put back (a box left unticked may make the 8: the
        # hand was typed again), the penalty form set for that player
        _remember_refusal(game_id, "win-form", e, false_win=True)
        return redirect(url_for("games.show", game_id=game_id, false_win=data["winners"][0]["winner"])
                        + "#win-form", code=303)
    flash_recorded(game, hand)
    _flash_typed_notes(game, hand, data["winners"])
    return redirect(url_for("games.show", game_id=game_id), code=303)


#: What the game page says of a hand as it was typed (``scorer.notation.notes``): the tile taken as
#: won on when none was written apart, a kong in brackets read as exposed. Not the MCR helper's
#: dragon order, said on every hand with a dragon.
TYPED_NOTES = ("winning_last", "bare_kong")


def _flash_typed_notes(game: dict, hand: dict, winners: list[dict]) -> None:
    """Flash how the win form's typed hands were read where a player may have meant otherwise
    (a trial's "123m456p789s111z5p5p" was recorded as won on its last 5p with "hand 14 recorded"
    alone; the command line and the review page say it)."""
    players = gamelog.played_by(game, hand)
    for w in winners:
        for note in scorer.notation.notes(w["hand"], game["rules"]):
            if note["code"] in TYPED_NOTES:
                text = i18n.msg(note["message"])
                flash(i18n.t("{player}: {text}", player=players[int(w["winner"])], text=text) if len(winners) > 1
                      else text)


@bp.post("/<int:game_id>/hands/<int:seq>/edit")
def edit(game_id, seq):
    """The game page's edit form: the riichi declarers, tenpai players and note of any hand; the
    winner(s), discarder and hands of a win; the offender of a false win."""
    store = get_store()
    game = store.get_game(game_id)
    f = request.form
    with _stale_page_back_to_game():      # before reading the form as the hand now there would take it
        h = store.get_hand(game_id, seq)
        gamelog.check_hand_id(h, _hand_id(f))
    with _refused_back_to_form(game_id, f"edit-form-{seq}"):
        _edit(store, game, h, f)
    _warn_noten_riichi(game_id, store.get_hand(game_id, seq))
    last = store.last_hand(game_id)
    flash(i18n.t("hand {n} changed; the hands after it were recomputed" if last and last["seq"] > seq
                 else "hand {n} changed", n=seq))
    return redirect(url_for("games.show", game_id=game_id), code=303)


#: The results the game page's edit form turns into one another (the end of a game is resumed).
EDITABLE_KINDS = ("win", "draw", "penalty")


def _edit(store, game: dict, h: dict, f) -> None:
    """Change hand ``h`` as the game page's edit form ``f`` says. A win and a draw may each be
    made the other (``kind``): a draw recorded by mistake could not become the win it was; and a
    false win (a chombo) a win and the other way: a hand found valid after all, an extra fan the
    table had missed, was recorded again by hand."""
    kind = h["kind"]
    if kind in EDITABLE_KINDS and f.get("kind") in EDITABLE_KINDS:
        kind = f["kind"]
    data = {"kind": kind, "note": f.get("note", h["note"]), "riichi": _seats_field(f, "riichi")}
    if kind == "draw":
        data["tenpai"] = _seats_field(f, "tenpai")
    elif kind == "penalty":
        data["offender"] = f.get("offender", h["winner"])
        if "amount" in f and _amount(f) is not None:
            data["amount"] = _amount(f)
        elif (h.get("fixed") or {}).get("amount") is not None:
            data["amount"] = h["fixed"]["amount"]
    else:
        data.update(_win_data(f, rules=game["rules"]))
        data["note"] = f.get("note", h["note"])
        # what the edit form does not show is kept from the hand (context of each winner); what it
        # shows is as the form says, a box unticked or an emptied field included
        shown = set(win_flags(game["rules"])) | (set(RIICHI_WIN_TILES) if game["rules"] == "riichi" else set()) \
            | ({"liable_player"} if "liable0" in f else set())
        old = {w["winner"]: w.get("context") or {} for w in gamelog.wins_of(h)}
        for w in data["winners"]:
            try:
                who = validation.seat(w["winner"], "winner")
            except validation.InputError:
                continue
            kept = {k: v for k, v in old.get(who, {}).items() if k not in gamelog.SEAT_KEYS and k not in shown}
            w["context"] = {**kept, **w["context"]}
    if h.get("fixed"):
        for k in ("dealer", "round_wind"):
            if k in h["fixed"]:
                # "Follow the game's order of deals" ticked: the one chosen by hand is dropped
                data[k] = None if f.get("follow_deals") else h["fixed"][k]
    with _stale_page_back_to_game():
        gamelog.edit_hand(store, game["id"], h["seq"], data, hand_id=_hand_id(f))


def _hand_id(form) -> str | None:
    """The id of the hand a form was shown for (its hidden ``hand_id``; ``gamelog.check_hand_id``)."""
    return form.get("hand_id")     # sent empty: refused as no hand, not taken as none named


@contextmanager
def _stale_page_back_to_game():
    """A page loaded before the game changed (``gamelog.check_hand_id``) goes back to the game
    as it is now, with the reason (nothing was changed); other refusals are shown as the app's
    error handler shows them."""
    try:
        yield
    except gamelog.GameError as e:
        # the game over since the page was loaded (another device ended it) is said there too
        if e.code not in ("stale_hand", "stale_game", "game_over"):
            raise
        flash(i18n.msg(e.to_dict()), "error")
        raise _StalePage() from e
    except NotFound:
        seq = (request.view_args or {}).get("seq")
        if seq is None:         # a game that is gone: its own 404
            raise
        # another device deleted or undid this hand since: said on the game page, not a bare 404
        flash(i18n.msg(f"the game changed since this page was loaded (hand {seq} is no longer there): nothing "
                       "was changed, check the hands"), "error")
        raise _StalePage() from None


class _StalePage(Exception):
    pass


@bp.errorhandler(_StalePage)
def _back_to_game(e):
    return redirect(url_for("games.show", game_id=request.view_args["game_id"]), code=303)


@bp.post("/<int:game_id>/hands/<int:seq>/delete")
def delete_hand(game_id, seq):
    store = get_store()
    with _stale_page_back_to_game():
        removed = gamelog.delete_hand(store, game_id, seq, hand_id=_hand_id(request.form))
    removed = calibrate.forget_recorded_hands(removed)
    last = store.last_hand(game_id)       # the later hands moved up one
    flash(i18n.t("hand {n} deleted; the hands after it were recomputed" if last and last["seq"] >= seq
                 else "hand {n} deleted", n=seq) + _forgotten_said(removed))
    return redirect(url_for("games.show", game_id=game_id), code=303)


def _with_money(sh: dict) -> dict:
    """The sheet with the settlement in money its query asks for (``rate``, ``unit``, ``per``,
    ``step``: the game page's links carry its settle form's values), else the one kept with the
    game, of its final table, under ``"money"`` (None: none asked or kept, the game not finished,
    or values the form would refuse)."""
    sh["money"] = _final_money(sh["game"]["rules"], sh.get("final"), _money_asked(sh["game"]))["settled"]
    return sh


def _money_asked(game: dict):
    """The settle form's values a game's page or sheet settles with: its query's when it gives a
    rate (the sheet's links carry the page's), else those kept with the game (``keep_money``)."""
    if "rate" in request.args:
        return request.args
    return _kept_money(game)


def _kept_money(game: dict) -> dict:
    """The settle form's values kept with a game (``keep_money``), as a query gives them."""
    kept = game.get("money") or {}
    return {k: str(kept[k]) for k in MONEY_FIELDS if kept.get(k) not in (None, "")}


@bp.post("/<int:game_id>/money")
def keep_money(game_id):
    """The game page's "Settle in money": the rate kept with the game (a club sets it once: in the
    page's address it was lost on leaving the page), and the page shows its settlement. Values the
    form refuses go back to the page in its query, said at the form; nothing is kept."""
    store = get_store()
    game = store.get_game(game_id)
    entered = {k: (request.form.get(k) or "").strip() for k in MONEY_FIELDS}
    lang = _form_lang()
    try:
        kept = money.kept(entered, game["rules"])
    except validation.InputError:
        return redirect(url_for("games.show", game_id=game_id, **{k: v for k, v in entered.items() if v}, **lang)
                        + "#money", code=303)
    store.set_game_money(game_id, kept)
    return redirect(url_for("games.show", game_id=game_id, **lang) + "#money", code=303)


@bp.post("/<int:game_id>/money/forget")
def forget_money(game_id):
    """Forget the rate kept with a game: its page no longer settles in money until asked again."""
    store = get_store()
    store.get_game(game_id)         # 404 for a game that is not there
    store.set_game_money(game_id, {})
    flash(i18n.t("the rate is no longer kept with this game"))
    return redirect(url_for("games.show", game_id=game_id, **_form_lang()) + "#money", code=303)


def _form_lang() -> dict:
    """The page's language a money form sends back (its hidden ``lang``), for the redirect's query."""
    return {"lang": request.form["lang"]} if request.form.get("lang") in ("en", "fr") else {}


@bp.get("/<int:game_id>/sheet")
def sheet(game_id):
    """The printable score sheet of the game (print it from the browser, or the PDF)."""
    i18n.use_rules_terms(get_store().get_game(game_id)["rules"])
    return render_template("game_sheet.html", sheet=_with_money(score_sheet.sheet(get_store(), game_id, i18n.t,
                                                                                        number=i18n.number)))


@bp.get("/<int:game_id>/sheet.pdf")
def sheet_pdf(game_id):
    number = partial(i18n.number, latin1=True)        # Helvetica in WinAnsi: no narrow space
    i18n.use_rules_terms(get_store().get_game(game_id)["rules"])
    body = score_sheet.pdf(_with_money(score_sheet.sheet(get_store(), game_id, i18n.t, pdf_names=True, number=number)),
                           i18n.t, number)
    return Response(body, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="mjtable-sheet-{game_id}.pdf"'})


@bp.post("/<int:game_id>/undo")
def undo(game_id):
    with _stale_page_back_to_game():
        removed = gamelog.undo(get_store(), game_id, hand_id=_hand_id(request.form))
    removed = calibrate.forget_recorded_hands(removed)
    flash(i18n.t("no hand to undo") if not removed
          else i18n.t("the end of the game is undone: the game goes on") if removed["kind"] == "end"   # no hand
          else i18n.t("hand {n} removed", n=removed["seq"]) + _forgotten_said(removed))
    return redirect(url_for("games.show", game_id=game_id), code=303)


def _forgotten_said(removed: dict | None) -> str:
    """What a removed hand's tile-set profiles took back, said after the removal ("; your tile set
    “club set” forgets its tiles"), or nothing."""
    names = (removed or {}).get("forgotten_by") or []
    # « ; » in French (i18n's "; "): the message's own parts are joined as the language writes them
    return "".join(i18n.t("; ") + i18n.t("your tile set “{name}” forgets its tiles", name=n) for n in names)


@bp.post("/<int:game_id>/edits/<int:edit_id>/restore")
def restore(game_id, edit_id):
    """The history's "Restore this hand": a hand deleted (or undone) by mistake goes back where
    it was; the hands after it are recomputed."""
    with _stale_page_back_to_game():
        try:
            h = gamelog.restore_hand(get_store(), game_id, edit_id)
        except gamelog.GameError as e:
            # said on the game page (restored from another phone since; the end of a game put back
            # before hands recorded after it: a bare 409 page was a dead end); a stale page is
            # sent back to the game by _stale_page_back_to_game
            if e.code == "stale_hand":
                raise
            flash(i18n.msg(e.to_dict()), "error")
            return redirect(url_for("games.show", game_id=game_id), code=303)
    relearnt = teaching.teach_restored_hand(h)
    last = get_store().last_hand(game_id)
    # a finished game's final table, exported perhaps, changes: said, not left to be noticed
    # (ended by the players, or by its last round played)
    over = gamelog.is_finished(get_store(), game_id) and last["seq"] > h["seq"]
    # said as its undo said the tile set forgot it ("your tile set … forgets its tiles")
    flash(i18n.t("hand {n} restored; the hands after it were recomputed" if last["seq"] > h["seq"]
                 else "hand {n} restored", n=h["seq"])
          + (i18n.t("; ") + i18n.t("the game's final table has changed: export its score sheet again") if over else "")
          + "".join(i18n.t("; ") + i18n.t("your tile set “{name}” learns its tiles again", name=n) for n in relearnt))
    return redirect(url_for("games.show", game_id=game_id), code=303)


@bp.route("/<int:game_id>/hands/<int:seq>/move", methods=["GET", "POST"])
def move_hand(game_id, seq):
    """A hand recorded into the wrong game (two tables, or the game before a new one) moved to
    another game of the same rules still in play: the game chosen first, then who is who there
    (the same names taken first), then moved (``gamelog.move_hand``)."""
    store = get_store()
    game = store.get_game(game_id)
    i18n.use_rules_terms(game["rules"])
    h = store.get_hand(game_id, seq)
    games = [g for g in gamelog.games_with_state(store)
             if g["id"] != game_id and g["rules"] == game["rules"] and not g["finished"]]
    given = request.form if request.method == "POST" else request.args
    target = next((g for g in games if str(g["id"]) == given.get("to", "")), None)
    place = gamelog.move_place(store, h, target) if target else None
    seats = gamelog.default_seats(game, h, target, place[1]) if target else None
    refused = None
    if request.method == "POST":
        posted = [given.get(f"seat{i}", "") for i in range(4)]
        if all(v in ("0", "1", "2", "3") for v in posted):
            seats = [int(v) for v in posted]
        try:
            if target is None:
                raise gamelog.GameError("bad_field", "choose the game to move the hand to", field="to")
            recorded, left_over = gamelog.move_hand_said(store, game_id, seq, target["id"], seats,
                                                         hand_id=_hand_id(request.form))
        except gamelog.GameError as e:
            refused = i18n.msg(e.to_dict())
        else:
            flash(i18n.t("hand {n} moved to {game}, as its hand {m}", n=seq, game=target["name"], m=recorded["seq"])
                  + (i18n.t("; ") + i18n.msg(left_over) if left_over else ""))
            return redirect(url_for("games.show", game_id=target["id"]) + f"#hand-{recorded['seq']}", code=303)
    # the hand's players as they played it, the other game's as they sit now (substitutes)
    return render_template("move_hand.html", game={**game, "players": gamelog.played_by(game, h)}, h=h, games=games,
                           target=target and {**target, "players": gamelog.next_names(store, target)}, seats=seats,
                           place=place[0] if place else None, winds=_wind_letters(gamelog.deal_played(h)),
                           moved_before=bool(place) and place[0] <= len(store.hand_summaries(target["id"])),
                           target_winds=_wind_letters(place[1]) if place else None,
                           refused=refused, page_hand_id=gamelog.page_hand_id), 400 if refused else 200


def _wind_letters(deal) -> list[str]:
    """Each player's seat wind in a deal (E S W N), as the recording form shows it beside a name."""
    return ["ESWN"[w] for w in gamelog.seat_winds(deal)]


@bp.get("/<int:game_id>/hands/<int:seq>")
def hand(game_id, seq):
    store = get_store()
    game = store.get_game(game_id)
    i18n.use_rules_terms(game["rules"])
    h = store.get_hand(game_id, seq)
    score = h.get("score")
    if score and "valid" not in score:
        # a hand kept before scores were kept whole (its total alone): shown as a total, no lines (a 500)
        score = {"rules": game["rules"], "valid": True, "items": [], "excluded": [], "payments": [], "assumed": [],
                 "total": score.get("total")}
    if score:
        # the game's win form asks these: a box left unticked was answered "no", not assumed
        answered = set(win_flags(game["rules"])) | (set(RIICHI_WIN_TILES) if game["rules"] == "riichi" else set())
        # and its liable player ("none" is a choice of its list): "Assumed (not given): liable
        # player (none)" stood under every hand of a Hong Kong game
        if "liable_player" in (scoring.rule_context_keys(game["rules"]) or ()):
            answered.add("liable_player")
        score = {**score, "assumed": [a for a in score.get("assumed") or [] if a not in answered]}
    # the discarder and the liable player by their names: "discarder: left" left the table to
    # work out whose left (the context keeps them seen from the winner)
    named = {}
    game = {**game, "players": gamelog.played_by(game, h)}       # who played it (a substitute sat in)
    if h.get("discarder") is not None:
        named["discarder"] = game["players"][h["discarder"]]
    wins = gamelog.wins_of(h)
    liable = gamelog.liable_seat(wins[0]) if len(wins) == 1 else None     # the context shown is its winner's
    if liable is not None:
        named["liable_player"] = game["players"][liable]
    # said again here, not only flashed once when the draw was recorded: the table may decide later
    return render_template("hand.html", game=game, h=h, score=score, noten_riichi=gamelog.noten_riichi(game, h),
                           noten_riichi_text=i18n.NOTEN_RIICHI_FLASH, named=named, sticks_won=gamelog.sticks_won,
                           game_over=gamelog.next_deal(store, game).finished)


@bp.get("/standings")
def standings_page():
    try:
        table, played = standings.from_query(get_store(), request.args)
    except validation.InputError as e:
        # said at the form, with what was entered kept (an error page's "Back" led to the photo page)
        table, played = standings.from_query(get_store(), {} if e.field == "rules" else {"rules": request.args.get("rules")})
        entered = {k: request.args.get(k, "") for k in ("since", "until", "min_games")}
        message = i18n.msg(str(e), e.code)
        # the field by the form's own words: "since doit être une date…" named the query key
        labels = {"since": "Games started from", "until": "until", "min_games": "Ranked from (games)"}
        if e.field in labels and message.startswith(e.field + " "):
            label = i18n.t(labels[e.field])
            message = (f"« {label} »" if i18n.lang() == "fr" else f"“{label}”") + message[len(e.field):]
        # no table under the refusal: the games of every day stood under "the first day is after the last"
        return render_template("standings.html", table={**table, "players": [], "counted": []}, rule_sets=played,
                               entered=entered, refused={"message": message, "field": e.field}), 400
    settling = _money_page(table["rules"], table.get("totals") or {}, table.get("penalties"))
    return render_template("standings.html", table=table, rule_sets=played, refused=None,
                           entered={"since": table["since"] or "", "until": table["until"] or "",
                                    "min_games": table["min_games"] if table["min_games"] > 1 else ""},
                           **settling), 400 if settling["money_refused"] else 200


#: The money form's fields (``webui.money.parse``).
MONEY_FIELDS = money.FIELDS


def _final_money(rules: str, final: list | None, args=None) -> dict:
    """``_money_page`` of a game's final table (None or empty: a game in play, nothing to settle)."""
    final = final or []
    # where a substitute sat in, each person settles the points of the hands they played
    return _money_page(rules, gamelog.person_scores(final), gamelog.person_scores(final, "penalty"), args)


def _money_page(rules: str, scores: dict, penalties: dict | None = None, args=None) -> dict:
    """The money section's values for a page (``_macros.html``'s ``money_section``): ``settled``,
    the settlement ``args`` (the query, by default) ask for (``rate`` …) of ``scores`` (player:
    score; the ``penalties`` among them that leave the table), or None; ``money_refused``, its
    refusal said at the form ({"message", "field"}), or None; what was entered and the rule set's
    points per rate."""
    args = request.args if args is None else args
    settled = refused = None
    if scores:      # nothing to settle (a game in play, no finished game): no form to say a refusal at
        try:
            asked = money.parse(args, rules)
        except validation.InputError as e:
            refused = {"message": i18n.msg(str(e), e.code), "field": e.field}
        else:
            settled = money.settle(scores, *asked, penalties=penalties) if asked else None
    return {"settled": settled, "money_refused": refused,
            "money_entered": {k: args.get(k, "") for k in MONEY_FIELDS},
            "per_default": money.DEFAULT_PER.get(rules, 1)}


@bp.get("/standings.csv")
def standings_csv():
    table, _ = standings.from_query(get_store(), request.args)
    delimiter = ";" if request.args.get("sep") == "semicolon" else ","
    words = i18n.t if i18n.lang() == "fr" else str
    text = standings.standings_csv(table, words, delimiter)
    # settled on the standings page (its CSV link carries the rate): the sums and who pays whom,
    # as a game's CSV carries its page's (the evening's payments were in the browser alone)
    settled = (_money_page(table["rules"], table.get("totals") or {}, table.get("penalties"))["settled"]
               if request.args.get("rate") else None)
    if settled is not None:
        text += _money_csv(settled, delimiter, i18n.csv_words(table["rules"]) if i18n.lang() == "fr" else {})
    return Response("\ufeff" + text, content_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{standings.file_name(table)}"'})


@bp.get("/<int:game_id>/export.csv")
def export_csv(game_id):
    # a byte-order mark first: Excel reads a CSV without one in the system's code page, and
    # « Hélène » came out as "HÃ©lÃ¨ne"; other spreadsheets skip it
    # ?sep=semicolon: the French pages' link (Excel set for French reads ";" and put a comma CSV in one column)
    delimiter = ";" if request.args.get("sep") == "semicolon" else ","
    game = get_store().get_game(game_id)
    # the column names in the page's language, the dealer as the game's rule set names him
    words = i18n.csv_words(game["rules"]) if i18n.lang() == "fr" else None
    text = gamelog.export_csv(get_store(), game_id, delimiter, words)
    # the game's final table is worked out again only where a settlement is asked for or kept
    asked = _money_asked(game)
    settled = (_final_money(game["rules"], gamelog.game_view(get_store(), game_id)["final"], asked)["settled"]
               if asked.get("rate") else None)
    if settled is not None:
        text += _money_csv(settled, delimiter, words or {})
    return Response("\ufeff" + text,
                    content_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="mjtable-game-{game_id}.csv"'})


def _money_csv(settled, delimiter: str, words: dict) -> str:
    """The settlement the game page made (its CSV link carries the rate), as two more tables:
    each player's sum, then who pays whom (``gamelog.SafeCsv``: names kept as text, the decimal
    mark a ";" spreadsheet reads)."""
    import io
    say = lambda key: words.get(key, key)
    out = io.StringIO()
    w = gamelog.SafeCsv(out, delimiter)
    unit = f" ({settled.unit})" if settled.unit else ""
    # written as the page and the PDF write them: with their cents (-2.80 and -25.00, not -2.8 and -25)
    from decimal import Decimal

    from .money import money
    cents = lambda amount: Decimal(money(amount, settled.step))       # noqa: E731
    w.writerow([])
    w.writerow([say("player"), say("money") + unit])
    for player, amount in settled.amounts.items():
        w.writerow([player, cents(amount)])
    w.writerow([])
    w.writerow([say("payer"), say("payee"), say("amount") + unit])
    for payer, payee, amount in settled.payments:
        w.writerow([say("pot") if payer is None else payer, say("pot") if payee is None else payee, cents(amount)])
    return out.getvalue()


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
    try:
        if upload is None:
            raise gamelog.GameError("missing_field", "choose a JSON export to import", field="file")
        data = gamelog.parse_import_bytes(upload.read())
        gid = gamelog.import_json(get_store(), data)
    except (gamelog.GameError, validation.InputError, scorer.RulesError, scorer.HandError) as e:
        # said at the import form, the page's games around it: an error page's "Go back" alone
        return _games_page(import_refused=i18n.msg(e.to_dict())), 400
    flash(i18n.t("game imported"))
    for warning in gamelog.import_differences(get_store(), gid, data):
        flash(i18n.msg(warning), "error")
    return redirect(url_for("games.show", game_id=gid), code=303)


@bp.post("/<int:game_id>/rename")
def rename(game_id):
    game = get_store().get_game(game_id)
    f = request.form
    players = [f.get(f"player{i}", "") for i in range(4)]
    # the names as the form showed them: a page drawn before another device's rename must not
    # put the old names back (a form from before this field was sent takes the names as they are)
    shown = {"name": f.get("shown_name", ""), "players": [f.get(f"shown_player{i}", "") for i in range(4)]} \
        if "shown_name" in f else None
    # the substitutes' names too, each as the form showed it and as corrected
    subs = {f.get(f"sub_was{k}", ""): f.get(f"sub{k}", "") for k in range(16) if f"sub_was{k}" in f}
    name = {"name": f.get("name", game["name"])}
    if shown is not None and name["name"] == re.sub(r"[\r\n]", "", shown["name"]) != shown["name"]:
        # a name of two lines (an older mjtable's) comes back from the text field without its line
        # breaks: not changed by the player (taken for a rename on another device, it refused the
        # players' correction)
        name = {}
    with _refused_back_to_form(game_id, "rename-form"):
        gamelog.rename_game(get_store(), game_id, {**name, "players": players,
                                                   **({"substitutes": subs} if subs else {})}, shown)
    flash(i18n.t("names saved"))
    return redirect(url_for("games.show", game_id=game_id), code=303)


@bp.post("/<int:game_id>/substitute")
def substitute(game_id):
    """The game page's "A substitute takes a seat" form (``gamelog.substitute``)."""
    get_store().get_game(game_id)
    f = request.form
    with _refused_back_to_form(game_id, "substitute-form"):
        # the names at the table as the page showed them (a form from before this field: not checked)
        shown = f.getlist("shown_seated") or None
        done = gamelog.substitute(get_store(), game_id, f.get("player"), f.get("name", ""), f.get("first"),
                                  shown=shown)
    flash(i18n.t("{name} takes the seat of {replaced} from hand {n}", name=done["name"], replaced=done["replaces"],
                 n=done["first"]))
    return redirect(url_for("games.show", game_id=game_id), code=303)


@bp.post("/<int:game_id>/options")
def options(game_id):
    """The game page's house rules form: every option of the game's rule set, as the new-game form
    asks them; every hand is scored again under them."""
    game = get_store().get_game(game_id)
    with _refused_back_to_form(game_id, "options-form"):
        given = scoring.parse_form_options(request.form, game["rules"], prefix="opt__")
        shown = None
        if "shown_options" in request.form:     # the options as the form showed them (a JSON object)
            try:
                shown = json.loads(request.form["shown_options"])
            except ValueError:
                shown = None
            if not isinstance(shown, dict):
                raise gamelog.GameError("bad_field", "shown_options must be the options the page showed",
                                        field="shown_options")
        after = gamelog.change_options(get_store(), game_id, given, shown)
    # a form sent as it was (or with a field emptied, which keeps the option) changed nothing and
    # scored nothing again: said so, not "saved"
    same = (after.get("options") or {}) == (game.get("options") or {})
    flash(i18n.t("the house rules are as they were: nothing was changed" if same
                 else "house rules saved; every hand was scored again"))
    return redirect(url_for("games.show", game_id=game_id), code=303)


@bp.post("/<int:game_id>/delete")
def delete(game_id):
    # what the page showed (its form's next_seq and edits_seen): a stale page is refused
    with _stale_page_back_to_game():
        gamelog.delete_game(get_store(), game_id, expect_seq=request.form.get("next_seq"),
                            expect_edits=request.form.get("edits_seen"))
    flash(i18n.t("game deleted"))
    return redirect(url_for("games.index"), code=303)

