"""Recording hands in a game: score the declared hand under the game's rules, seat the payers,
store the hand with its photo, reading, corrections and context in one transaction; export and
import (docs/webui.md). Used by the HTML pages and the JSON API alike."""
from __future__ import annotations

import collections
import csv
import io
import unicodedata
from dataclasses import replace
from decimal import Decimal

import scorer

from scorer import flow as game_flow
from scorer.flow import Deal, Event, FlowError
from scorer.result import unit_for

from . import money, scoring, settlement, validation
from .i18n import WINDS, quoted
from .settlement import SettlementError
from .store import PLAYED_KINDS, DuplicateRequest, NotFound, Store
from .validation import InputError

EXPORT_VERSION = 2
#: Exports of version 1 (before the game flow) import as games that keep their recorded deals.
IMPORT_VERSIONS = (1, 2)
#: Context keys that describe one win; they are not carried to the next hand's form.
#: Hong Kong's double kong and bao exemption too: carried over, every later photo of the game was
#: scored "a double kong win needs two kongs in the hand", no win.
PER_HAND_KEYS = {"self_drawn", "discarder", "seat_wind", "last_tile", "kong_replacement", "robbing_kong",
                 "last_of_kind", "riichi", "double_riichi", "ippatsu", "tenhou", "chiihou", "renhou",
                 "dora_indicators", "ura_dora_indicators", "liable_player", "double_kong", "bao_exempt"}
#: Context keys the game sets from the seats and the flow (never taken from a form in a game).
SEAT_KEYS = {"seat_wind", "round_wind", "self_drawn", "discarder", "honba", "riichi_sticks", "riichi"}
MAX_NAME = 60
#: The most a false win may charge each player, in points: a bound against a mistyped amount.
MAX_FALSE_WIN = 100_000
MAX_IMPORT_HANDS = 5000   # every imported win is re-scored: bound the work one request can ask


class GameError(FlowError):
    """An entry the game log refuses (a code, a message, the field at fault), as the flow's own."""


class HandRefused(GameError):
    """A recorded win the game cannot score in its deal (replayed after a change): ``seq`` its
    number, ``detail`` why, without the number; a change to another hand says it in its own words."""

    def __init__(self, code: str, seq: int, detail: str, advice: str = "", field: str | None = None, *,
                 player: str, wind: str):
        super().__init__(code, f"hand {seq}: {detail}" + (f" ({advice})" if advice else ""), field=field)
        # the seat's wind by its name, as the pages say it ("Ivy (North)"; a letter read as a name)
        self.seq, self.detail, self.player, self.wind = seq, detail, player, WINDS.get(wind, wind)


def _refused_by_change(e: HandRefused, what: str, changed: int, seq_now: int) -> GameError:
    """The refusal of a change (``what``: "deleted", "changed so", "restored") to hand ``changed``
    that a later hand, numbered ``seq_now`` as the page shows it, could not then be scored in its
    deal: it named the later hand by its number after the change and said to record it as a
    false win."""
    if seq_now == changed:
        return e
    return GameError(e.code, f"hand {changed} cannot be {what}: hand {seq_now}, {e.player} ({e.wind}), would then "
                     f"be refused: {e.detail}; nothing was changed", field=e.field)


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


def new_game(store: Store, *, name: str, rules: str, players: list, options: dict | None = None,
             flow: dict | None = None) -> int:
    validation.text(rules, "rules")
    options = validation.obj(options, "options", max_bytes=validation.MAX_CONTEXT_BYTES)
    scorer.get_rule_set(rules)  # RulesError for an unknown rule set
    if options:
        scorer.get_rule_set(rules).parse_options(options)
    flow_options = _flow_options(rules, flow)
    clean = _player_names(players)
    return store.create_game(_game_name(name, clean), rules, clean, options or {}, flow=flow_options)


def rename_game(store: Store, game_id: int, data: dict, shown: dict | None = None) -> None:
    """Correct the game's name or its players' names (``{"name"?, "players"?, "substitutes"?}``,
    ``substitutes``: ``{name as written: name corrected}`` of those who took a seat): the players
    keep their seats, so every hand recorded stays theirs. A name left empty is the players'.
    ``shown``: the names as the page that sent ``data`` showed them (``{"name", "players"}``): only
    what the player changed there is changed, and a name another device changed since, changed
    here too, is refused (a page drawn before a rename put the old names back). Kept in the
    game's history of changes."""
    with store.transaction():
        game = store.get_game(game_id)
        data = dict(data)
        if shown is not None:
            data = _changed_since_shown(game, data, shown)
        players = _player_names(data["players"]) if "players" in data else game["players"]
        if "name" in data or _follows_players(game):
            new_name = _game_name(data.get("name"), players)
        else:
            # kept as it is: a name of an older mjtable (a line break in it) refused the players' correction
            new_name = game["name"]
        subs = _substitute_names(store, game, data.get("substitutes"))
        if new_name == game["name"] and players == game["players"] and not subs:
            return
        # a corrected name is corrected where it played: at the table now and in every hand a
        # substitute sat in (the others name the players of the start)
        fixed = {old: new for old, new in zip(game["players"], players) if old != new}
        # the player of the start, however they were typed when they came back ("cy" for Cy)
        renamed = (lambda names: [fixed.get(game["players"][p], n) if name_key(n) == name_key(game["players"][p])
                                  else subs.get(n, n) for p, n in enumerate(names)])
        hand_players = {h["id"]: renamed(h["players"]) for h in store.list_hands(game_id) if h.get("players")}
        seated = renamed(game["seated"]) if game.get("seated") else None
        _check_seats_apart(game, seated or players, [{"players": v} for v in hand_players.values()], start=players)
        store.rename_game(game_id, new_name, players, seated=seated, hand_players=hand_players)
        store.add_edit(game_id, 0, "rename", {"name": game["name"], "players": game["players"]},
                       {"name": new_name, "players": players, **({"substitutes": [[old, new] for old, new in subs.items()]}
                                                                 if subs else {})})


def _substitute_names(store: Store, game: dict, given) -> dict[str, str]:
    """The substitutes' names a rename corrects (``{name as written: name corrected}``), checked:
    each a substitute of the game (a name it knows at a seat, not a player of the start); the
    names left as they were dropped."""
    if given in (None, {}):
        return {}
    if not isinstance(given, dict):
        raise GameError("bad_field", "substitutes must be an object: {name as written: name corrected}",
                        field="substitutes")
    # the players of the start (however they were typed when they came back) are corrected as such
    starts = {name_key(n) for n in game["players"]}
    known = {n for h in store.list_hands(game["id"]) for n in h.get("players") or []} | set(game.get("seated") or [])
    known = {n for n in known if name_key(n) not in starts}
    out = {}
    for old, new in given.items():
        if new == old:
            continue            # left as the page showed it (another device may have corrected it since)
        if old not in known:
            raise GameError("bad_field", f"{str(old)[:60]} took no seat in this game", field="substitutes")
        clean = _clean_name(new, None, "substitutes")
        if clean != old:
            out[old] = clean
    return out


def seated_now(game: dict) -> list[str]:
    """The four names at the table now: the players of the start, but where a substitute took a
    seat (``substitute``)."""
    return list(game.get("seated") or game["players"])


def names_for(game: dict, seq: int, before: dict | None) -> list[str]:
    """Who plays hand ``seq``, the next to be recorded (``before``: the hand before it, or None):
    who sits at the table now, but where the first hand a substitute plays is still to come after
    it (an undo took back the hand before the substitution), who played the hand before."""
    seated, starts = seated_now(game), game.get("seated_from") or [0, 0, 0, 0]
    last = played_by(game, before) if before else list(game["players"])
    return [seated[p] if seq >= starts[p] else last[p] for p in range(4)]


def next_names(store: Store, game: dict) -> list[str]:
    """Who plays the game's next hand (``names_for``)."""
    if not game.get("seated"):         # never a substitute: no hand to read (the games list asks it of every game)
        return list(game["players"])
    last = store.last_hand(game["id"])
    return names_for(game, (last["seq"] if last else 0) + 1, last)


#: What each counter on the table adds to a win: 300 from the discarder, or 100 from each of the
#: three others (002 §3.4.10).
COUNTER_POINTS = 300


def value_and_counters(win: dict) -> tuple:
    """(the hand's value as 002 §6's table gives it, the counters' points) of one winner's
    ``win`` of a recorded hand: (its total, 0) where it had no counters or was stored before
    its value was kept apart (``hand_value``)."""
    score = win.get("score") or {}
    total, value = score.get("total", ""), score.get("hand_value")
    counters = COUNTER_POINTS * ((win.get("context") or {}).get("honba") or 0)
    if not (isinstance(total, int) and isinstance(value, int) and total >= value + counters > value):
        return total, 0
    return value, counters


def others_hands(h: dict, players: list[str], number=str, between: str = ", ", limit: int | None = None) -> str:
    """A classical win's losers' hands' points as the table entered them ("Ann 8, Cy 0, Di 16"),
    "" where none were; one over the game's ``limit`` with the points it was settled at ("Cy
    600 (500)": the sheet said 600 where the losers paid on 500, docs/rulings.md "Classical"; an
    arrow is no glyph of the PDF's Helvetica)."""
    losers = (h.get("fixed") or {}).get("losers")
    if not losers or all(v is None for v in losers):
        return ""
    return between.join(f"{players[p]} {number(v)}" + (f" ({number(limit)})" if limit and v > limit else "")
                        for p, v in enumerate(losers) if v is not None)


def loser_limit(flow) -> int | None:
    """The limit a classical game counts each loser's hand at (its option), else None."""
    return getattr(getattr(flow, "scorer_options", None), "limit", None)


def played_by(game: dict, h: dict) -> list[str]:
    """The four names who played hand ``h`` (its own where a substitute sat in)."""
    return list(h.get("players") or game["players"])


def seat_heads(view: dict) -> list[str]:
    """Each seat's column head on a score sheet, the CSV, the chart and the terminal: everyone who
    played it ("Bob / Eve")."""
    return [" / ".join(names) for names in seat_names(view)]


def seat_names(view: dict) -> list[list[str]]:
    """Everyone who played each seat of a game (``game_view``), in the order they sat down: the
    player of the start, then any substitute; a score sheet's column heads ("Bob / Eve")."""
    game = view["game"]
    out = []
    for p in range(4):
        # one spelling per person (a player back as "cy" is Cy), the first written; a substitute
        # still to come after an undo last
        names = [game["players"][p]] + [played_by(game, h)[p] for h in view["hands"]] \
            + [(view.get("seated") or seated_now(game))[p], seated_now(game)[p]]
        seen: dict[str, str] = {}
        for n in names:
            seen.setdefault(name_key(n), n)
        out.append(list(seen.values()))
    return out


def _check_seats_apart(game: dict, seated: list[str], hands: list[dict], start: list[str] | None = None,
                       asked: str = "seated") -> None:
    """No one plays two seats of a game: a name already at one seat (at the start, now, or in a
    hand) taken at another would add up both seats' points as one player's in the standings.
    ``asked``: what is new, "seated" (a substitution, a rename) or "hands" (a hand restored)."""
    start = start or game["players"]
    seats: dict[str, int] = {}
    # what is asked for last: the seat a name is refused is then the other one, where it sits or
    # sat (named first, it was the seat being filled: "Eve ... (Bob's)" for Eve who played Di's)
    played = [h["players"] for h in hands if h.get("players")]
    for names in [start] + (played + [seated] if asked == "seated" else [seated] + played):
        for p, n in enumerate(names):
            k = name_key(n)
            if seats.setdefault(k, p) != p:
                other = seats[k]
                if name_key(start[other]) == k:
                    message = f"{n} already plays another seat in this game: one player cannot take two seats"
                elif name_key(seated[other]) == k:
                    message = (f"{n} already plays another seat in this game ({start[other]}'s): one player cannot "
                               "take two seats")
                else:       # replaced there since: a player of the game all the same
                    message = (f"{n} already played another seat in this game ({start[other]}'s): one player "
                               "cannot take two seats")
                raise GameError("bad_field", message, field="name")


def substitute_top(hands: list[dict], finished: bool) -> int:
    """The last hand a substitute can start at: the next one, or the last played when the game is
    over (the row that ends a game is no hand played); below 2, none (the first hand is played by
    the players of the start)."""
    return len(hands) - (1 if hands and hands[-1]["kind"] == "end" else 0) if finished else len(hands) + 1


def substitute(store: Store, game_id: int, player, name, first_seq=None, keep: bool = True,
               from_start: bool = False, shown=None) -> dict:
    """``name`` takes player ``player``'s seat from hand ``first_seq`` (the next hand by default;
    an earlier one when the substitution is recorded late), for every later hand: a player who
    leaves the table (illness, a train), replaced for the rest of the game (002 §5.9, « Joueurs de
    substitution »). The seat keeps its points, its dealer turns and its place in the game; the
    standings give each person the points of the hands they played (docs/rulings.md,
    "Substitutes"). Kept in the game's history (``keep``; an import brings its own). Returns the
    seat, the names and the hand number the substitute starts at. ``shown``: the four names at the
    table as the sending page showed them: refused when another device seated someone since (its
    substitute was replaced without a word)."""
    p = _player_index(player, "player")
    clean = _clean_name(name, None, "name")
    with store.transaction():
        game = store.get_game(game_id)
        hands = store.list_hands(game_id)
        if shown is not None:
            if not isinstance(shown, list) or len(shown) != 4 or not all(isinstance(n, str) for n in shown):
                raise GameError("bad_field", "seated must be the four names at the table as the page showed them",
                                field="seated")
            now = seated_now(game)
            # the names at the table (the page's form), or who plays the next hand (the API's "seated":
            # a substitute still to come after an undo is not there yet)
            nxt = names_for(game, (hands[-1]["seq"] if hands else 0) + 1, hands[-1] if hands else None)
            if [name_key(n) for n in shown] not in ([name_key(n) for n in now], [name_key(n) for n in nxt]):
                raise GameError("stale_game", f"the players at the table changed since this page was loaded (on "
                                f"another device?): {', '.join(now)} now; nothing was changed: check them, then seat "
                                "the substitute again if still needed", field="seated")
        finished = next_deal(store, game).finished
        top = substitute_top(hands, finished)
        if first_seq is None or (isinstance(first_seq, str) and not first_seq.strip()):
            if finished:        # said at the form: the hand the substitute began at, recorded late
                raise GameError("bad_field", "the game is over: give the first hand the substitute played",
                                field="first")
            first = top
        else:
            first = first_seq if isinstance(first_seq, int) and not isinstance(first_seq, bool) else None
            if isinstance(first_seq, str) and first_seq.strip().isdigit() and first_seq.strip().isascii():
                first = int(first_seq.strip())
            if first is None:
                raise GameError("bad_field", f"the first hand the substitute plays must be a hand number, not "
                                f"{str(first_seq)[:20]!r}", field="first")
        if (first == 1 or top < 2) and not from_start:
            raise GameError("bad_field", "a substitute takes a seat after the first hand: a name typed wrong from "
                            "the start is corrected with the names", field="first")
        if not (1 if from_start else 2) <= first <= top:
            raise GameError("bad_field", "the first hand the substitute plays can only be hand 2" if top == 2 else
                            f"the first hand the substitute plays is a hand from 2 to {top}", field="first")
        # the names at that hand: its own, or the next hand's (an undo may have left a substitution to come)
        base = played_by(game, hands[first - 1]) if first <= len(hands) else \
            names_for(game, first, hands[-1] if hands else None)
        before = base[p]
        if name_key(before) == name_key(clean):
            raise GameError("bad_field", f"{clean} plays that seat at hand {first} already", field="name")
        # the other seats as they are at the table (one still to come after an undo kept)
        seated = seated_now(game)
        after = seated[:p] + [clean] + seated[p + 1:]
        later = [dict(h, players=played_by(game, h)[:p] + [clean] + played_by(game, h)[p + 1:])
                 for h in hands if h["seq"] >= first]
        _check_seats_apart(game, after, [h for h in hands if h["seq"] < first] + later)
        # kept even when the players of the start are all back: a game that had a substitute keeps
        # its names at the table and the first hand each plays (one still to come after an undo)
        store.seat_substitute(game_id, after, p, clean, first)
        if keep:
            store.add_edit(game_id, first, "substitute", {"player": p, "name": before}, {"player": p, "name": clean})
    return {"player": p, "name": clean, "replaces": before, "first": first}


def change_options(store: Store, game_id: int, given: dict, shown: dict | None = None) -> dict:
    """Change the house rules of a game under way (``given``: options to set, the others kept;
    one at its rule set's default is dropped) and score every hand again under them (a family
    that forgot to count the flowers could only export, edit and import the game). Refused, with
    nothing changed, when a recorded hand would no longer be taken; kept in the history of
    changes. ``shown``: the game's options as the page that sent ``given`` showed them: only the
    options its player changed there are changed, and one another device changed since, changed
    here too, is refused (a page drawn before put the other device's rules back). Returns the game."""
    given = validation.obj(given, "options", max_bytes=validation.MAX_CONTEXT_BYTES)
    with store.transaction():
        game = store.get_game(game_id)
        rule_set = scorer.get_rule_set(game["rules"])
        if shown is not None:
            defaults = scoring.option_defaults(game["rules"])
            now = {**defaults, **(game.get("options") or {})}
            was = {**defaults, **shown}
            changed = {}
            for name, value in given.items():
                if name in was and value == was[name]:
                    continue              # not changed on this page
                if name in was and now.get(name) != was[name] and value != now.get(name):
                    raise GameError("stale_options", f"{name.replace('_', ' ')} was changed on another device since "
                                    "this page was drawn: nothing was changed; the form shows the house rules as "
                                    "they are now", field=f"options.{name}")
                changed[name] = value
            given = changed
        merged = {**(game.get("options") or {}), **given}
        rule_set.parse_options(merged)            # RulesError, naming the option, for a bad one
        kept = dict(scoring.house_rules(game["rules"], merged))
        if kept == dict(scoring.house_rules(game["rules"], game.get("options"))):
            return game
        store.set_game_options(game_id, kept)
        try:
            replay_game(store, {**game, "options": kept}, rescore=True)
        except HandRefused as e:
            raise GameError(e.code, f"the house rules cannot be changed so: hand {e.seq}, {e.player} ({e.wind}), would "
                            f"then be refused: {e.detail}; nothing was changed", field="options") from None
        store.add_edit(game_id, 0, "options", {"options": game.get("options") or {}}, {"options": kept})
        return store.get_game(game_id)


def _changed_since_shown(game: dict, data: dict, shown: dict) -> dict:
    """``data`` (a rename form) with only the names the player changed from ``shown``; refused
    where one of them was changed since on another device."""
    out = {}
    # a name no one typed (the players' names, which follows them) was not changed by anyone
    renamed_since = game["name"] != shown.get("name") and not (_follows_players(game) and _follows_players(shown))
    if "name" in data and data["name"] != shown.get("name"):
        if renamed_since and data["name"] != game["name"]:
            raise GameError("stale_names", f"the game was renamed “{game['name']}” on another device since this page "
                            "was drawn: nothing was changed; the form shows the names as they are now", field="name")
        out["name"] = data["name"]
    if "players" in data:
        was = list(shown.get("players") or [])
        players = list(game["players"])
        for seat, new in enumerate(data["players"][:4]):
            before = was[seat] if seat < len(was) else players[seat]
            if new == before:
                continue
            if players[seat] != before and new != players[seat]:
                raise GameError("stale_names", f"{before} was renamed “{players[seat]}” on another device since this "
                                "page was drawn: nothing was changed; the form shows the names as they are now",
                                field=f"player{seat}")
            players[seat] = new
        out["players"] = players
    # the substitutes' names, each named as the form showed it: one renamed since on another device
    # is no longer known by it (refused by _substitute_names)
    if data.get("substitutes"):
        out["substitutes"] = data["substitutes"]
    return out


def _follows_players(names: dict) -> bool:
    """Whether a game's name is its players' (``{"name", "players"}``): the name no one typed,
    which follows a rename of the players."""
    return names.get("name") == " / ".join(names.get("players") or [])


def _game_name(name, players: list[str]) -> str:
    if isinstance(name, str) and name.strip() == " / ".join(players):
        # the name no one typed, the players' (four long names make it 71 characters): its game's
        # export was refused where it was imported
        return unicodedata.normalize("NFC", name.strip())
    if isinstance(name, str) and len(name.strip()) > MAX_NAME:     # said before the text's own bound (240)
        raise GameError("bad_field", f"the game's name has {len(name.strip())} characters: at most {MAX_NAME}",
                        field="name")
    name = validation.text(name, "name", max_len=MAX_NAME * 4, default="")
    if name and any(c in name.strip() for c in "\t\n\r"):
        # as a player's: a line break in it split every listing and standing line in two
        raise GameError("bad_field", "the game's name is one line", field="name")
    # one form for one name (NFC): a name pasted with separate accents (macOS) printed without them in the PDF
    name = unicodedata.normalize("NFC", (name or "").strip())
    return name if shows_something(name) else " / ".join(players)


def _clean_name(p, number: int | None, field: str) -> str:
    """One player's name, checked (given, at most ``MAX_NAME`` characters, one line) and in one
    form (NFC, as the game's name); ``number``: the player's (1-4), None for a substitute."""
    if not isinstance(p, str) or not shows_something(p):
        raise GameError("bad_field", f"player {number} needs a name" if number else "the substitute needs a name",
                        field=field)
    if len(p.strip()) > MAX_NAME:     # cut silently, two long names could end up alike
        # said before the text's own bound (a name of 1,000 characters was told "at most 240")
        raise GameError("bad_field", f"player {number}'s name has {len(p.strip())} characters: at most {MAX_NAME}"
                        if number else f"the substitute's name has {len(p.strip())} characters: at most {MAX_NAME}",
                        field=field)
    validation.text(p, field, max_len=MAX_NAME * 4)
    if any(c in p for c in "\t\n\r"):
        raise GameError("bad_field", f"player {number}'s name is one line" if number else
                        "the substitute's name is one line", field=field)
    return unicodedata.normalize("NFC", p.strip())


def _player_names(players) -> list[str]:
    """The four players' names, checked: each given, at most ``MAX_NAME`` characters, all different."""
    if not isinstance(players, list) or len(players) != 4:
        raise GameError("bad_field", "a game has four players", field="players")
    clean = [_clean_name(p, i + 1, f"players[{i}]") for i, p in enumerate(players)]
    # "Al" and "al", "Bob" and "Bob" with an invisible character, read alike on a score sheet
    keys = [name_key(p) for p in clean]
    if len(set(keys)) != 4:
        # which two, as typed: "Mei" and "mei" refused with no more said left the table looking
        first, second = next((i, j) for i in range(4) for j in range(i + 1, 4) if keys[i] == keys[j])
        raise GameError("bad_field", f"the four players need different names: players {first + 1} and {second + 1} "
                        f"({clean[first]} and {clean[second]}) read alike on a score sheet", field="players")
    return clean


#: Letters that print as blank space (Hangul fillers, the blank Braille pattern): a name of them
#: alone is no name on a score sheet.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def shows_something(name: str) -> bool:
    """Whether ``name`` prints something: not only spaces, invisible format characters (a
    zero-width space, a soft hyphen) or blank letters (a player was listed as a blank column)."""
    return any(not c.isspace() and c not in _BLANK_LETTERS for c in name_key(name))


def _ignorable(c: str) -> bool:
    """Whether ``c`` shows nothing by itself (Unicode's default ignorable code points): format
    characters, variation selectors (a phone writes « ❤️ » with U+FE0F, another « ❤ » without),
    the grapheme joiner, Khmer's and Mongolian's invisible vowels and selectors."""
    o = ord(c)
    return (unicodedata.category(c) == "Cf" or 0xFE00 <= o <= 0xFE0F or 0xE0100 <= o <= 0xE01EF
            or o in (0x034F, 0x17B4, 0x17B5) or 0x180B <= o <= 0x180F)


def name_key(name: str) -> str:
    """A player's name as it reads: compatibility forms folded (NFKC), case ignored, what shows
    nothing by itself (zero-width space, soft hyphen, variation selectors...) left out."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(c for c in folded if not _ignorable(c))


def _flow_options(rules: str, flow) -> dict:
    try:
        return {"version": 1, **game_flow.check_options(rules, validation.obj(flow, "flow"))}
    except FlowError as e:
        raise GameError(e.code, e.message, field=e.field) from None


# -- the game's flow -----------------------------------------------------------------------------
class LegacyFlow(game_flow.Flow):
    """Games recorded before the game flow: every hand keeps the dealer, round wind and points
    it was recorded with (riichi sticks from the table are not counted, as they were not then);
    a new hand follows the rotation of that time (settlement.next_deal_after)."""
    rules = "legacy"

    def __init__(self, game_rules: str):
        super().__init__({"open_ended": True})
        self.game_rules = game_rules
        # its rule set's name on the score sheet and its PDF (they said "generic", a flow's default)
        self.title = scorer.get_rule_set(game_rules).title

    def check(self, event):
        if event.losers is not None:        # its hands keep their recorded points: nothing would settle them
            raise FlowError("bad_field", "this game was recorded before the game flow: its losers cannot settle "
                            "among themselves here; leave losers out", "losers")

    def keeps_deal(self, deal, event):
        return (self.game_rules in ("riichi", "hk") and event.kind == "win"
                and deal.dealer in event.winners)


def flow_of(game: dict) -> game_flow.Flow:
    if game["flow"].get("legacy"):
        return LegacyFlow(game["rules"])
    rule_set = scorer.get_rule_set(game["rules"])
    return game_flow.flow_for(game["rules"], game["flow"], rule_set.parse_options(game["options"] or {}))


def wins_of(h: dict) -> list[dict]:
    """Every winner of a stored hand (a hand recorded before several winners has one)."""
    if h.get("wins"):
        return h["wins"]
    if h["kind"] != "win":
        return []
    return [{"winner": h["winner"], "hand": h["hand"], "notation": h["notation"], "context": h["context"],
             "score": h["score"], "payments": h["payments"], "legacy": True}]


#: The reason of the payment that gives a winner of several their own riichi stick back
#: (scorer.flow.riichi.RiichiFlow.stick_payments).
OWN_STICK_BACK = "own riichi stick back"


def sticks_won(h: dict, winner: int) -> int:
    """The points ``winner`` took from the table in hand ``h`` (riichi sticks, 002 §4.1): apart
    from the hand's own score, which the review page counts them in. A second winner's own stick
    given back is not among them (``own_stick_back``): "+ 1,000 in riichi sticks" read as a gain
    where the hand moved nothing."""
    return sum(p.get("amount", 0) for p in h.get("payments") or []
               if p.get("payer") is None and p.get("payee") == winner and p.get("reason") != OWN_STICK_BACK)


def own_stick_back(h: dict, winner: int) -> bool:
    """Whether ``winner``, one of several winners of hand ``h`` who declared riichi, took their
    own stick back from the table (002 §4.1 « récupèrent toujours leur mise »)."""
    return any(p.get("payer") is None and p.get("payee") == winner and p.get("reason") == OWN_STICK_BACK
               for p in h.get("payments") or [])


def event_of(h: dict, legacy: bool = False) -> Event:
    fixed = h.get("fixed") or {}
    if legacy and "dealer" in h:     # a stored hand of a legacy game keeps its recorded deal
        fixed = {**fixed, "dealer": h["dealer"], "round_wind": h["round_wind"]}
    amount = fixed.get("amount")
    if legacy and h["kind"] == "penalty" and h["payments"]:
        amount = h["payments"][0]["amount"]
    wins = wins_of(h)
    return Event(kind=h["kind"], winners=tuple(w["winner"] for w in wins),
                 discarder=h["discarder"] if h["kind"] == "win" else None,
                 riichi=tuple(h.get("riichi") or ()), tenpai=tuple(h.get("tenpai") or ()),
                 offender=h["winner"] if h["kind"] == "penalty" else None, amount=amount,
                 dealer=fixed.get("dealer"), round_wind=fixed.get("round_wind"),
                 losers=tuple(fixed["losers"]) if fixed.get("losers") is not None else None)


def deal_of(d: dict) -> Deal:
    return Deal(dealer=d["dealer"], round_wind=d["round_wind"], round_no=d.get("round_no", 0),
                honba=d.get("honba", 0), sticks=d.get("riichi_sticks", 0),
                seating=tuple(d.get("seating") or (0, 1, 2, 3)), finished=bool(d.get("finished")),
                barred=tuple(d.get("barred") or ()), repeat=d.get("repeat", 0))


class Settler:
    """Scores each win in the deal it was played in: the stored score is kept while the deal's
    seat wind, round wind, counters and seats are those it was scored with; otherwise the hand
    is scored again (an earlier hand was edited), or with ``rescore`` (the house rules changed)."""

    def __init__(self, game: dict, flow: game_flow.Flow, hands: list[dict], rescore: bool = False):
        self.game, self.flow, self.hands, self.rescore = game, flow, hands, rescore
        self.legacy = isinstance(flow, LegacyFlow)
        self.wins = {}      # index -> the winners' entries as (re)scored

    def context(self, h: dict, w: dict, deal: Deal) -> dict:
        discarder = h["discarder"]
        ctx = dict(w.get("context") or {})
        ctx["seat_wind"] = deal.seat_wind(w["winner"])
        ctx["round_wind"] = deal.round_wind
        ctx["self_drawn"] = discarder is None
        ctx.pop("discarder", None)
        if discarder is not None:
            ctx["discarder"] = settlement.relative_of(w["winner"], discarder, deal.seating)
        if self.flow.has_counters:          # counters from the flow; sticks are the flow's too
            ctx["honba"] = deal.honba
            ctx["riichi_sticks"] = 0
        if self.flow.has_riichi and w["winner"] in (h.get("riichi") or ()) and not ctx.get("double_riichi"):
            ctx["riichi"] = True
        elif self.flow.has_riichi and "riichi" not in ctx and not ctx.get("double_riichi"):
            # the hand's riichi list is the game's word on it: a winner not in it did not declare
            # (the hand page said "Assumed (not given): riichi (no)" of a hand whose form asked)
            ctx["riichi"] = False
        return ctx

    def __call__(self, index: int, winner: int, deal: Deal) -> list:
        h = self.hands[index]
        entries = self.wins.setdefault(index, [dict(w) for w in wins_of(h)])
        w = next(e for e in entries if e["winner"] == winner)
        ctx = self.context(h, w, deal)
        embedded = w["hand"].get("context") if isinstance(w["hand"], dict) else None
        stored = w.get("context") or {}
        # riichi false for a winner not in the hand's riichi list is the game's own word, not a
        # change: a win stored before it was said is not scored again for it
        told = ctx if "riichi" in stored or ctx.get("riichi") is not False else \
            {k: v for k, v in ctx.items() if k != "riichi"}
        same = (not self.rescore and told == w.get("context") and list(deal.seating) == w.get("seating", [0, 1, 2, 3])
                and w.get("payments") is not None and embedded in (None, ctx, told))
        if not same:
            hand = scorer.to_hand(w["hand"], ctx)
            result = scorer.score(hand, self.game["rules"], self.game["options"])
            if not result.valid:
                err = result.error or {}
                # a hand under the table's minimum (Hong Kong's agreed faan, 004 Score) is refused
                # as MCR's under its 8 points: no win, a false win where it was shown
                code = "below_minimum" if err.get("reason") == "below_minimum" else err.get("code", "not_winning")
                who = played_by(self.game, h)[winner]        # who played it (a substitute sat in)
                raise HandRefused(code, h.get("seq", index + 1),
                                  player=who, wind=ctx["seat_wind"],
                                  detail=f"{scorer.errors.refusal(err)} under "
                                  f"{scorer.get_rule_set(self.game['rules']).title} "
                                  f"as {who} ({WINDS[ctx['seat_wind']]}) in the "
                                  f"{WINDS[deal.round_wind]} round: {err.get('message', 'invalid')}",
                                  # as MCR's below its 8 points: what the table does with it
                                  advice="record it as a false win" if code == "below_minimum" else "",
                                  # the context key at fault, where one is; in a game the discarder
                                  # field says self_drawn and discarder (the request has neither key)
                                  field=("discarder" if err.get("field") in ("context.self_drawn", "context.discarder")
                                         else err.get("field") or "winners"))
            if result.extra.get("minimum_met") is False:
                # valid, but no win may be declared under the minimum (000, Déroulement): as the review page says
                raise HandRefused("below_minimum", h.get("seq", index + 1),
                                  scoring.below_minimum({"total": result.total, **result.extra}),
                                  "record it as a false win", field="winners",
                                  player=played_by(self.game, h)[winner], wind=ctx["seat_wind"])
            score = result.to_dict()
            if isinstance(w["hand"], dict):     # the hand's own context too: an export showed its old winds
                w["hand"] = hand.to_dict()
            w.update(context=hand.context.to_dict(), score=score, seating=list(deal.seating),
                     payments=settlement.map_payments(score.get("payments", []), winner=winner,
                                                      discarder=h["discarder"], dealer=deal.dealer,
                                                      order=deal.seating))
        payments = w["payments"]
        if self.legacy or w.get("legacy"):
            # Recorded before the flow counted riichi sticks: the table's payment is not counted.
            payments = [p for p in payments if p.get("payer") is not None]
        return [{"payer": p["payer"], "payee": p["payee"], "amount": p["amount"], "reason": p.get("reason", "")}
                for p in payments]


def _check_points(deltas: list[int]) -> None:
    for j, d in enumerate(deltas):   # the game's totals are summed in 64 bits
        try:
            validation.points(d, f"context (player {j}'s change)")
        except InputError:
            raise GameError("bad_field", f"this hand moves {d} points for player {j}; at most "
                            f"{validation.MAX_POINTS}: check the context's counts", field="context") from None


def _flow_fields(h: dict, o: game_flow.Outcome, settler: Settler, index: int) -> dict:
    """The columns of a hand that follow from the flow's outcome."""
    _check_points(o.deltas)
    fields = {"dealer": o.deal.dealer, "round_wind": o.deal.round_wind, "honba": o.deal.honba,
              "sticks": o.deal.sticks, "payments": o.payments, "deltas": o.deltas,
              "outcome": {"after": o.after.to_dict(), "seating": list(o.deal.seating), "round_no": o.deal.round_no,
                          "penalties": o.penalties, "notes": o.notes, "after_end": o.after_end,
                          **({"repeat": o.deal.repeat} if o.deal.repeat else {})}}
    if h["kind"] == "win" and index in settler.wins:
        wins = settler.wins[index]
        first = wins[0]
        fields.update(winner=first["winner"], hand=first["hand"], notation=first["notation"],
                      context=first["context"], score=first["score"])
        # a game from before the flow keeps one winner in the hand's own columns, as its other
        # rows do: the winners entered (unscored) were stored beside them and read first, the
        # game page, CSV and sheet then showing no points for the hand
        fields["wins"] = wins if not settler.legacy and not first.get("legacy") else None
    return fields


def _run(store: Store, game: dict, hands: list[dict], start: Deal | None = None, first: int = 0,
         rescore: bool = False):
    """Replay ``hands`` (stored rows, or rows being entered) through the game's flow; returns
    each hand's flow columns (``rescore``: every win scored again, not only those whose deal moved)."""
    flow = flow_of(game)
    legacy = isinstance(flow, LegacyFlow)
    settler = Settler(game, flow, {first + i: h for i, h in enumerate(hands)}, rescore=rescore)
    try:
        outcomes = game_flow.replay(flow, [event_of(h, legacy) for h in hands], settler, start=start,
                                    first_index=first)
    except GameError:
        raise
    except FlowError as e:
        raise GameError(e.code, e.message, field=e.field) from None
    except SettlementError as e:
        raise GameError(e.code, e.message) from None
    return [_flow_fields(h, o, settler, first + i) for i, (h, o) in enumerate(zip(hands, outcomes))], outcomes


def next_deal(store: Store, game: dict) -> Deal:
    """The deal of the next hand, from the last hand's stored outcome."""
    flow = flow_of(game)
    last = store.last_hand(game["id"])
    if last is None:
        return flow.first_deal()
    if last.get("outcome") and last["outcome"].get("after") and not isinstance(flow, LegacyFlow):
        after = last["outcome"]["after"]
        deal = deal_of(after)
        if ("repeat" not in after and not deal.finished and not flow.has_counters
                and (last["dealer"], last["round_wind"]) == (deal.dealer, deal.round_wind)):
            # kept before the repeats were counted, or none: counted from the hands (rarely: the
            # deal kept, or a false win's deal dealt again)
            _, streak_deal, streak = _repeats(store.list_hands(game["id"]))
            deal = replace(deal, repeat=streak if streak_deal == (deal.dealer, deal.round_wind, deal.round_no) else 0)
        return deal
    # A hand recorded before the flow: the rotation of that time from its stored deal.
    deal = Deal(dealer=last["dealer"], round_wind=last["round_wind"])
    return flow.next_deal(deal, event_of(last, legacy=True))


def _deal_key(h: dict) -> tuple:
    return h["dealer"], h["round_wind"], (h.get("outcome") or {}).get("round_no", 0)


def _repeats(hands: list[dict]) -> tuple[list[int], tuple | None, int]:
    """Each hand's repeat as the flow counts them (the hands played in a row before it in its
    deal: a false win deals the hand again, no repeat; a deal the table fixed is a first deal,
    ``Flow.fixed``), and the deal of the last hands played in a row (dealer, round wind, round
    number) with their number: the repeat of a next hand dealt in it."""
    streak_deal, streak, before, own = None, 0, None, []
    for h in hands:
        if h["kind"] == "end":
            own.append(0)
            continue
        key = _deal_key(h)
        if before is not None and key != (before.get("dealer"), before.get("round_wind"), before.get("round_no", 0)):
            streak_deal, streak = None, 0         # the table fixed another deal than the one that followed
        before = (h.get("outcome") or {}).get("after")
        own.append(streak if key == streak_deal else 0)
        if h["kind"] in PLAYED_KINDS:
            streak, streak_deal = (streak + 1, key) if key == streak_deal else (1, key)
    return own, streak_deal, streak


def fill_repeats(game: dict, hands: list[dict]) -> None:
    """Each hand's repeat where its stored outcome has none: a Hong Kong or classical game
    recorded before the repeats were counted named each of a dealer's repeats E2, until a hand
    was edited (docs/webui.md, "Deal labels"). Riichi counts counters instead; a game from before
    the flow kept no count."""
    flow = flow_of(game)
    if flow.has_counters or isinstance(flow, LegacyFlow):
        return
    for h, repeat in zip(hands, _repeats(hands)[0]):
        if repeat and isinstance(h.get("outcome"), dict) and "repeat" not in h["outcome"]:
            h["outcome"]["repeat"] = repeat


def replay_game(store: Store, game: dict, rescore: bool = False) -> None:
    """Recompute every hand's flow columns from the first (after an edit or a delete; every
    win's score too with ``rescore``); the caller holds the transaction."""
    hands = store.list_hands(game["id"])
    fields, outcomes = _run(store, game, hands, rescore=rescore)
    # a change that ends the game before hands already recorded is refused (docs/rulings.md,
    # rounds: hands after the end are refused): they were kept, scored in a round after the last
    # and counted in the final result. Judged hand by hand against the stored outcome; a hand
    # kept without one (an old export's) or already after the end is not counted
    pushed = sum(1 for h, o in zip(hands, outcomes)
                 if o.after_end and h.get("outcome") and not h["outcome"].get("after_end"))
    if pushed:
        raise GameError("ends_early", f"this change would end the game earlier: the last {pushed} "
                        f"hand(s) recorded would come after its end; delete them first, then make the change; "
                        f"nothing was changed")
    for h, f in zip(hands, fields):
        changed = {k: v for k, v in f.items() if h.get(k) != v}
        if changed:
            store.update_hand(game["id"], h["seq"], changed)
    _remember_deal(store, game)


def reading_context(store: Store, game: dict) -> dict:
    """The context a photo read for ``game`` is scored in: the one the game remembers, its round
    wind and counters the next deal's (the remembered round wind was the last win's: after the
    East round a photo's South pung scored no prevalent wind)."""
    return context_at(game, next_deal(store, game))


def remembered_context(game: dict) -> dict:
    """The context ``game`` carries from hand to hand: a hand's own flags left out, those of a game
    that remembered them before they were known as such (a double kong) too."""
    return {k: v for k, v in game["context"].items() if k not in PER_HAND_KEYS}


def context_at(game: dict, deal: Deal) -> dict:
    """``game``'s remembered context with the round wind and counters of ``deal`` (the next one):
    the remembered ones are the last win's, and a draw since moves them (``GET /api/games`` gave
    the East round's wind in the South round)."""
    ctx = remembered_context(game)
    if not deal.finished:
        ctx["round_wind"] = deal.round_wind
        if flow_of(game).has_counters:
            ctx.update(honba=deal.honba, riichi_sticks=deal.sticks)
    return ctx


def _remember_deal(store: Store, game: dict) -> None:
    """The counters and sticks of the next hand, in the context the review page starts from."""
    flow = flow_of(game)
    if not flow.has_counters:
        return
    deal = next_deal(store, game)
    ctx = dict(store.get_game(game["id"])["context"])
    if ctx.get("honba") != deal.honba or ctx.get("riichi_sticks") != deal.sticks:
        ctx.update(honba=deal.honba, riichi_sticks=deal.sticks)
        store.set_game_context(game["id"], ctx)


def _penalties(h: dict) -> list:
    """Each player's penalties taken after the uma in hand ``h`` (a tournament chombo, 002 §3.4.6)."""
    return (h.get("outcome") or {}).get("penalties") or [0, 0, 0, 0]


def _people_at_seat(game: dict, hands: list[dict], p: int) -> dict[str, dict]:
    """Everyone who played seat ``p`` in ``hands`` (by ``name_key``, in the order they sat down):
    ``name``, ``seqs`` (the hands they played), ``score`` (the seat's changes and after-uma
    penalties in them) and ``penalty``."""
    people: dict[str, dict] = {}
    for h in hands:
        if h["kind"] == "end":
            continue
        who = played_by(game, h)[p]
        one = people.setdefault(name_key(who), {"name": who, "hands": 0, "score": 0, "penalty": 0, "seqs": []})
        one["hands"] += 1
        one["seqs"].append(h["seq"])
        one["score"] += h["deltas"][p] + _penalties(h)[p]
        one["penalty"] += _penalties(h)[p]
    return people


def _final(game: dict, flow, hands: list[dict], totals: list[int], deal: Deal) -> list[dict] | None:
    penalties = [0, 0, 0, 0]
    for h in hands:
        for p, v in enumerate(_penalties(h)):
            penalties[p] += v
    rows = flow.final(totals, deal, penalties)
    return _named_final(game, rows, hands)


def seat_shares(final: list[dict] | None, tr, number, tournament: bool = False) -> list[str]:
    """A line for each seat of a final table that more than one person played (``_named_final``'s
    ``shares``), in ``tr``'s words and ``number``'s figures: who played it, how many hands, and
    the points they are given; the one who finished also has the uma and the start's points."""
    out = [tr("Seat of {player} at the start: {shares}", player=r["shares"][0]["name"],
              shares=share_words(r, tr, number)) for r in final or [] if r.get("shares")]
    if out and tournament:
        # what a tournament enters instead, which this table does not work out (docs/rulings.md)
        out.append(tr("In a tournament, 002 §5.9 enters a substitute who sat down after the game began at −15,000 "
                      "points and −15,000 uma, the other three taking 15,000, 5,000 and −5,000 uma by their places: "
                      "this table keeps the points as played; enter the tournament’s results by §5.9."))
    return out


def running_shares(game: dict, hands: list[dict], tr, number) -> list[str]:
    """For each seat more than one person has played so far, who played which hands and the
    points the seat made in them ("Bob, hands 1–2: +35; Eve, hand 3: -8"), "" for the others:
    the game page's standing said a substitute's seat total, the player they replaced's hands in
    it, until the final table split it."""
    out = []
    for p in range(4):
        people = _people_at_seat(game, hands, p)
        out.append(tr("; ").join(_share_part(v, tr, number) for v in people.values()) if len(people) > 1 else "")
    return out


def _share_part(person: dict, tr, number) -> str:
    """One person's part of a seat (``_people_at_seat``) in words: "Bruno, hands 1–3: -100"."""
    return tr("{name}, hand(s) {hands}: {points}", name=person["name"], n=person["hands"],
              hands=_hand_ranges(person.get("seqs") or []), points=number(person["score"], True))


def share_words(r: dict, tr, number) -> str:
    """A final row's ``shares`` in words: "Bruno, hands 1–3: -100; Émile, hands 4–9: -17,200
    (finished the game: with its uma and the points of the start)"; "" for a seat one person played."""
    parts = []
    for s in r.get("shares") or []:
        part = _share_part(s, tr, number)
        if name_key(s["name"]) == name_key(r["player"]):
            # what the one who finished has beside their hands (the rest of the seat's score)
            part += " " + tr("(finished the game: with its uma and the points of the start)" if "uma" in r
                             else "(finished the game)")
        parts.append(part)
    return tr("; ").join(parts)


def _hand_ranges(seqs: list[int]) -> str:
    """Hand numbers as runs: "1–3, 7"."""
    runs: list[list[int]] = []
    for n in sorted(seqs):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs)


def person_scores(final: list[dict] | None, key: str = "score") -> dict[str, int]:
    """Each person's score of a final table (``key`` "penalty": their after-uma penalties), in its
    order: a seat's, or where a substitute sat in, each one's share of it (``_named_final``)."""
    out: dict[str, int] = {}
    for r in final or []:
        for share in r.get("shares") or [{"name": r["player"], key: r.get(key) or 0}]:
            out[share["name"]] = out.get(share["name"], 0) + (share.get(key) or 0)
    return out


def final_table(store: Store, game: dict, deal: Deal | None = None) -> list[dict] | None:
    """A finished game's final table (``game_view``'s ``final``) from its totals and penalties
    summed by SQLite, without reading its hands: the standings across games read every game's.
    ``deal``: its next deal, when known (``next_deal``)."""
    deal = deal or next_deal(store, game)
    if not deal.finished:
        return None
    totals, _ = store.totals(game["id"])
    rows = flow_of(game).final(totals, deal, store.penalty_totals(game["id"]))
    # the hands read only where a substitute sat in (the standings ask it of every finished game,
    # and a read-only game log from before substitutes has no column for them)
    return _named_final(game, rows, store.substituted_hands(game["id"]) if game.get("seated") else [])


def _named_final(game: dict, rows: list[dict], hands: list[dict]) -> list[dict]:
    """The final table's rows named by who finished the game at each seat; a seat where a
    substitute sat in also lists everyone who played it (``shares``, in the order they sat down):
    the hands they played and the points the seat made in them (its changes and after-uma
    penalties), the one who finished taking the rest (the uma, the sticks left, the points of the
    start): docs/rulings.md, "Substitutes". ``hands``: every hand of the game with its ``players``,
    ``deltas`` and ``outcome`` (the last decides who finished, each counts in a share), or none
    where no substitute ever sat in."""
    # who finished each seat: who played its last hand (a substitute seated after it, the game
    # then ended there, played none)
    played = [h for h in hands if h["kind"] != "end"]
    named = played_by(game, played[-1]) if played else list(game["players"])
    out = []
    for r in rows:
        p = r["seat"]
        row = {"player": named[p], **r}
        shares = _people_at_seat(game, hands, p)
        if any(k != name_key(named[p]) for k in shares):
            mine = shares.setdefault(name_key(named[p]), {"name": named[p], "hands": 0, "score": 0, "penalty": 0,
                                                          "seqs": []})
            mine["score"] = r["score"] - sum(v["score"] for k, v in shares.items() if k != name_key(named[p]))
            row["shares"] = list(shares.values())
        out.append(row)
    return out


def game_view(store: Store, game_id: int) -> dict:
    """The game, its hands with running totals, the next hand's deal, and the final result once
    the game is over."""
    game = store.get_game(game_id)
    hands = store.list_hands(game_id)
    fill_repeats(game, hands)
    totals = settlement.running_totals(hands)
    for h, t in zip(hands, totals):
        h["totals"] = t
        h["played_by"] = played_by(game, h)
    flow = flow_of(game)
    deal = next_deal(store, game)
    total = totals[-1] if totals else [0, 0, 0, 0]
    view = {"game": {**game, "context": context_at(game, deal)}, "hands": hands, "totals": total,
            # who plays the next hand (who sits now), and everyone who played each seat
            "seated": names_for(game, (hands[-1]["seq"] if hands else 0) + 1, hands[-1] if hands else None),
            "points": [flow.start_points + t for t in total], "start_points": flow.start_points,
            **_deal_keys(deal), "flow": {"title": flow.title, "rules": flow.rules, "has_riichi": flow.has_riichi,
                                         "max_winners": flow.max_winners, "legacy": isinstance(flow, LegacyFlow),
                                         "false_win_fixed": flow.false_win_fixed,
                                         "false_win_default": false_win_default(flow),
                                         "false_win_basis": None if flow.false_win_fixed else flow.false_win_basis(),
                                         "false_win_ruled": flow.false_win_ruled,
                                         "tournament": bool(game["flow"].get("tournament")),
                                         "east_only": bool(game["flow"].get("east_only"))}}
    view["final"] = _final(game, flow, hands, total, deal) if deal.finished else None
    view["seat_names"] = seat_names(view)
    return view


def false_win_default(flow) -> int | None:
    """What a false win pays each other player under ``flow``'s rules and house rules as they are
    now (None: the rules' own payment, a chombo's)."""
    if flow.false_win_fixed:
        return None
    try:
        return flow.false_win_amount(Event(kind="penalty"))
    except Exception:     # noqa: BLE001 - a rule set without its options: the generic figure
        return flow.false_win_default


def _deal_keys(deal: Deal) -> dict:
    """The next hand's deal; a finished game has none (its flow's next deal would name a round
    that is not played), only the sticks left on the table and the seats."""
    if deal.finished:
        return {"dealer": None, "round_wind": None, "honba": None, "riichi_sticks": deal.sticks,
                "seating": list(deal.seating), "finished": True, "next": None}
    return {"dealer": deal.dealer, "round_wind": deal.round_wind, "honba": deal.honba, "repeat": deal.repeat,
            "riichi_sticks": deal.sticks, "seating": list(deal.seating), "finished": False,
            "next": {"dealer": deal.dealer, "round_wind": deal.round_wind, "barred": list(deal.barred)}}


def standing(store: Store, game_id: int) -> dict:
    """Totals and the next hand's deal, from the light hand summaries (cheap on long games)."""
    game = store.get_game(game_id)
    totals, n = store.totals(game_id)
    deal = next_deal(store, game)
    start = flow_of(game).start_points
    return {"game": {**game, "context": context_at(game, deal)}, "n_hands": n, "totals": totals,
            "points": [start + t for t in totals], **_deal_keys(deal)}


def win_context(game: dict, given: dict, *, winner: int, discarder: int | None, dealer: int,
                round_wind: str, order=settlement.SEATED) -> dict:
    """The context of a win: the form's keys, with the seats the game knows put in."""
    # the win form's "none" for the liable player names nobody: not kept (the hand page said
    # "liable player None", and the scorer took it as a player named)
    ctx = {k: v for k, v in (given or {}).items() if not (k == "liable_player" and v in (None, ""))}
    ctx["seat_wind"] = settlement.seat_wind(winner, dealer, order)
    ctx["round_wind"] = round_wind
    ctx["self_drawn"] = discarder is None
    if discarder is None:
        ctx.pop("discarder", None)
    else:
        ctx["discarder"] = settlement.relative_of(winner, discarder, order)
    # In a game the liable player (bao, pao) may be named by seat, as the winner and the
    # discarder are; the scorer takes them seen from the winner (scorer/context.py).
    if isinstance(ctx.get("liable_player"), (int, str)) and str(ctx["liable_player"]).strip() in ("0", "1", "2", "3"):
        liable = int(str(ctx["liable_player"]).strip())
        if liable == winner:
            raise GameError("bad_field", "the winner cannot be liable for their own win", field="liable_player")
        ctx["liable_player"] = settlement.relative_of(winner, liable, order)
    return ctx


def _check_told_context(given: dict, ctx: dict, declared: bool, where: str, *, seats_known: bool) -> None:
    """Refuse a win's context that says otherwise than the game: a seat or round wind the deal
    gives another (taken over without a word: the hand was scored as the game says, the sender
    never told), ``riichi: false`` for a winner in the hand's riichi list (scored with riichi)."""
    # a value no wind names ("south") is refused with its field (the game's wind was taken instead)
    told = scorer.Context({k: given[k] for k in ("seat_wind", "round_wind", "riichi", "double_riichi")
                           if k in given}).to_dict()
    if seats_known:
        for key in ("seat_wind", "round_wind"):
            if key in told and told[key] != ctx[key]:
                raise GameError("bad_field", f"{where}.{key} {told[key]} contradicts the game: in this deal it is "
                                f"{ctx[key]} (the game knows the seats and the round: leave it out)",
                                field=f"{where}.{key}")
    # a double riichi declares with riichi false beside it (the review page sends both boxes)
    if told.get("riichi") is False and declared and not told.get("double_riichi"):
        raise GameError("bad_field", f"{where}.riichi is false, but the winner is in the hand's riichi list: "
                        "say one or the other", field=f"{where}.riichi")


def _check_told_win(hand, given: dict, ctx: dict, declared: bool, where: str, *, seats_known: bool) -> None:
    """A win's context, and the hand JSON's own (``hand``), held to the game (``ctx``): its
    self_drawn and winds were taken over without a word (a win stored self-drawn with discarder
    "left"). ``where``: the winner's field path with its dot ("winners[1]."), or ""."""
    _check_told_context(given, ctx, declared, f"{where}context", seats_known=seats_known)
    embedded = hand.get("context") if isinstance(hand, dict) else None
    if not isinstance(embedded, dict):
        return
    inner = f"{where}hand.context"
    # as the API gives a recorded hand back (its context holds the game's own values): refused only
    # where they say otherwise than the discarder field
    said = scorer.Context({k: embedded[k] for k in ("self_drawn", "discarder") if k in embedded}).to_dict()
    for key, value in said.items():
        if value != ctx.get(key):
            raise GameError("bad_field", f"in a game, the hand's discarder says who discarded (a player 0-3, or "
                            f"null when self-drawn), not {inner}.{key}", field=f"{inner}.{key}")
    validation.one_context(embedded, given, inner)
    _check_told_context(embedded, ctx, declared, inner, seats_known=seats_known)


def liable_seat(win: dict) -> int | None:
    """The player liable for a recorded win (its context's ``liable_player``, seen from the
    winner, in the seating of its hand), or None."""
    relative = (win.get("context") or {}).get("liable_player")
    if not relative:
        return None
    return settlement.seat_at(win["winner"], relative, tuple(win.get("seating") or settlement.SEATED))


def liable_paying(win: dict) -> int | None:
    """The player liable for a recorded win where the rules made them pay for it (a payment of
    bao, 004, or pao, 002 §3.3.9), or None: a liable player named where neither applies is
    ignored by the scorer (said in its warnings), and naming them beside the row's split read as
    a contradiction."""
    seat = liable_seat(win)
    payments = (win.get("score") or {}).get("payments") or []
    if seat is None or not any(str(p.get("reason") or "").startswith(("bao", "pao")) for p in payments):
        return None
    return seat


def record(store: Store, game_id: int, data: dict, *, draft: dict | None = None,
           request_key: str | None = None, declared=None) -> dict:
    """Record one hand described by ``data``:

    ``{"kind": "win", "hand": <JSON or notation>, "winner": 0-3, "discarder": 0-3 | null,
    "riichi"?: [players], "dealer"?, "round_wind"?, "context"?, "tiles_read"?, "corrections"?, "note"?}``;
    several winners on one discard: ``"winners": [{"winner", "hand", "context"?}, ...]`` (or
    ``"winners": [players]`` with ``"hands": [...]`` in the same order);
    ``{"kind": "draw", "riichi"?: [...], "tenpai"?: [...]}``; ``{"kind": "penalty", "offender": 0-3,
    "amount"?}`` (a false win; riichi: chombo); ``{"kind": "end"}``: the table ends the game here
    (undoing it goes on with the game). ``draft``: the photo's reading it comes from (its photo
    kept with the hand); ``declared``: a false win's hand as the player showed it (JSON or
    notation), kept with it. ``"expect_seq"``: the number the sender expects the hand to
    take; refused (409, ``stale_game``) when another hand was recorded or deleted since;
    ``"expect_edits"``: the number of edits of the game's hands the sender knew of (``game_state``'s
    ``edits``), refused the same way when a hand was edited since.
    """
    if not isinstance(data, dict):
        raise GameError("bad_field", "a hand record must be an object")
    # The next deal is read and the hand written under one write lock: two tables' phones
    # recording at once cannot both take the same dealer.
    with store.transaction():
        return _record(store, game_id, data, draft=draft, request_key=request_key, declared=declared)


#: The fields of a hand request that a kind of hand does not have (webui/api.py HAND_KEYS).
_WIN_FIELDS = ("hand", "winner", "discarder", "winners", "hands", "contexts", "context", "tiles_read", "corrections",
               "losers")
_NOT_OF_KIND = {"win": ("offender", "amount", "tenpai"),
                "draw": _WIN_FIELDS + ("offender", "amount"),
                "penalty": tuple(k for k in _WIN_FIELDS if k != "winner") + ("tenpai",),
                "end": _WIN_FIELDS + ("offender", "amount", "riichi", "tenpai")}
_KIND_NAMES = {"win": "win", "draw": "draw", "penalty": "false win (chombo)", "end": "game's end"}


def played_rounds(game: dict) -> tuple:
    """The round winds ``game`` can be played in: its flow's rounds (riichi: East and South), all
    four where it goes on past them (open-ended) or follows no flow (legacy)."""
    flow = flow_of(game)
    return settlement.WINDS if flow.open_ended or isinstance(flow, LegacyFlow) else tuple(flow.rounds)


def _entered(game: dict, data: dict, deal: Deal, *, legacy: bool, previous: dict | None = None,
             told: bool = True) -> dict:
    """The columns the table enters for one hand, checked (no flow columns yet). ``told``: the
    hand is what the table says now (not a file's, whose winds the flow works out again)."""
    kind = data.get("kind", "win")
    if kind == "chombo":
        kind = "penalty"
    if kind not in ("win", "draw", "penalty", "end"):
        raise GameError("bad_field", "kind must be win, draw, penalty (chombo) or end", field="kind")
    if told:
        # a field another kind of hand has was dropped without a word (a draw sent with a winner
        # and a hand was stored as a draw); given empty, it says nothing
        foreign = [k for k in _NOT_OF_KIND[kind] if data.get(k) not in (None, "", [], {})]
        if kind == "penalty" and data.get("offender") is not None and data.get("winner") is not None:
            foreign.append("winner")
        if foreign:
            raise GameError("bad_field", f"a {_KIND_NAMES[kind]} has no {foreign[0]}: send only its own fields",
                            field=foreign[0])
    note = validation.note(data.get("note"))
    fixed = dict((previous or {}).get("fixed") or {})
    fixed.pop("amount", None)
    # null: the hand follows the game's order of deals again (a dealer or round chosen by hand
    # for it is dropped; a legacy game has no order to follow). ``dropped``: then ``deal`` is that
    # one, not the order's the hand now follows, so the winds sent are not checked against it
    # (the replay scores it in its own)
    dropped = []
    for key, read, played in (("dealer", lambda v: _player_index(v, "dealer"), deal.dealer),
                              ("round_wind", _wind, deal.round_wind)):
        if key not in data:
            continue
        if data[key] is None and not legacy:
            if fixed.pop(key, None) is not None:
                dropped.append(key)
            continue
        value = read(data[key])
        # a wind the hand already had (an edit of a hand recorded so before, a file's) stays
        if (key == "round_wind" and told and value not in played_rounds(game)
                and value != (previous or {}).get("round_wind")):
            # a riichi game's West round was taken, and the game went on in it (002 §3.1: the East
            # and the South rounds; docs/rulings.md, riichi rounds)
            raise GameError("bad_field", f"there is no {WINDS[value]} round in this game: its rules play no such "
                            "round (docs/rulings.md)", field="round_wind")
        if legacy or value != played or key in fixed:
            fixed[key] = value
    if legacy:
        fixed.setdefault("dealer", deal.dealer)
        fixed.setdefault("round_wind", deal.round_wind)
    riichi = validation.seats(data.get("riichi"), "riichi")
    tenpai = validation.seats(data.get("tenpai"), "tenpai")
    row = {"kind": kind, "note": note, "riichi": riichi, "tenpai": tenpai, "winner": None, "discarder": None,
           "hand": None, "notation": None, "context": {}, "score": None, "wins": None,
           "tiles_read": None, "corrections": []}
    if kind == "penalty":
        row["winner"] = _player_index(data.get("offender", data.get("winner")), "offender")
        if data.get("amount") is not None:
            amount = data["amount"]
            if not isinstance(amount, int) or isinstance(amount, bool) or not 0 < amount <= MAX_FALSE_WIN:
                raise GameError("bad_field", f"amount must be a whole number of points from 1 to {MAX_FALSE_WIN}",
                                field="amount")
            # the rules' own amount, as the forms offer it, follows the rules: a change of house
            # rules (Hong Kong's base points) changes it with the games' wins; another is the table's
            if legacy or not told or amount != false_win_default(flow_of(game)):
                fixed["amount"] = amount
    elif kind == "win":
        discarder = _player_index(data.get("discarder"), "discarder", allow_none=True)
        row["discarder"] = discarder
        wins = []
        entries = _winner_entries(data)
        # a riichi table's indicators given for one winner of a double ron are every winner's (002 §2.7;
        # the ura dora a declarer's alone): sent once over the API, the other winner scored no dora
        table = _given_indicators(entries) if game.get("rules") == "riichi" and told and not legacy else {}
        for i, entry in enumerate(entries):
            where = "winners[%d]" % i if "winners" in data else ""
            winner = _player_index(entry.get("winner"), f"{where}.winner" if where else "winner")
            if discarder == winner:
                raise GameError("bad_field", "the winner cannot have discarded the winning tile", field="discarder")
            given = validation.obj(entry.get("context"), f"{where}.context" if where else "context",
                                   max_bytes=validation.MAX_CONTEXT_BYTES)
            if "hand" not in entry or entry["hand"] is None:
                raise GameError("bad_field", "hand is required for a win", field=f"{where}.hand" if where else "hand")
            ctx = {k: v for k, v in given.items() if k not in ("honba", "riichi_sticks")} if not legacy else given
            for key, tiles in table.items():
                if key not in ctx and (key == "dora_indicators" or winner in riichi or ctx.get("riichi")
                                       or ctx.get("double_riichi")):
                    ctx[key] = list(tiles)
            ctx = win_context(game, ctx, winner=winner, discarder=discarder, dealer=deal.dealer,
                              round_wind=deal.round_wind, order=deal.seating)
            if told and not legacy:      # an import's winds and lists are the flow's to work out again
                _check_told_win(entry["hand"], given, ctx, winner in riichi, f"{where}." if where else "",
                                seats_known=not {"dealer", "round_wind"} & set(fixed) and not dropped)
            try:
                hand = scorer.to_hand(scoring.hand_input(entry["hand"], f"{where}.hand" if where else "hand"), ctx)
            except scorer.HandError as e:
                if where:      # which winner's hand, among several
                    e.field = f"{where}.hand" + (f".{e.field}" if e.field else "")
                elif e.field is None:       # a notation error (its position said): in the hand field
                    e.field = "hand"
                raise
            if (ctx.get("riichi") or ctx.get("double_riichi")) and winner not in riichi and not legacy:
                riichi.append(winner)   # a winner who declared riichi put a stick on the table
            wins.append({"winner": winner, "hand": hand.to_dict(), "notation": scorer.format_hand(hand),
                         "context": hand.context.to_dict()})
        if told and not legacy and game.get("rules") == "riichi":
            _check_table_indicators(wins, "winners" in data)
        if told and len(wins) > 1:
            _check_one_winning_tile(wins)
            _check_tiles_across_winners(wins)
        row.update(wins=wins, winner=wins[0]["winner"], hand=wins[0]["hand"], notation=wins[0]["notation"],
                   context=wins[0]["context"])
        row["tiles_read"] = validation.tiles_read(data.get("tiles_read"))
        row["corrections"] = validation.corrections(data.get("corrections"))
        # the others' hands' points (classical: the losers settle among them), as sent: an edit
        # without them has none (kept from the hand, they were refused once the winner changed)
        losers = _losers(data.get("losers"))
        if losers is None:
            fixed.pop("losers", None)
        else:
            fixed["losers"] = losers
    if kind != "win":
        fixed.pop("losers", None)       # a win edited into a draw settles no losers
    row["fixed"] = fixed or None
    return row


def _losers(value) -> list | None:
    """The losers' hands' points as sent: four entries in seat order, None (or "") for the winner;
    None, "" or [] for none. Their figures are the flow's to check (``ClassicalFlow.check``)."""
    if value in (None, "", []):
        return None
    if not isinstance(value, list) or len(value) != 4:
        raise GameError("bad_field", "losers gives each player's hand's points, four entries in seat order (none "
                        "for the winner)", field="losers")
    out = []
    for v in value:
        if isinstance(v, str) and v.strip().isdigit() and v.strip().isascii() and len(v.strip()) <= 9:
            v = int(v.strip())
        elif v == "":
            v = None
        if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            raise GameError("bad_field", "each loser's hand's points is a whole number, null for the winner",
                            field="losers")
        out.append(v)
    return out


MAX_WINNERS = 3


def _given_indicators(entries: list[dict]) -> dict:
    """The (ura) dora indicators the winners of one hand were sent with, the first given of each
    (``_check_table_indicators`` refuses others)."""
    table = {}
    for entry in entries:
        given = entry.get("context") if isinstance(entry.get("context"), dict) else {}
        for key in ("dora_indicators", "ura_dora_indicators"):
            if given.get(key) and key not in table:
                table[key] = given[key]
    return table


def _check_one_winning_tile(wins: list[dict]) -> None:
    """Several winners win on the one tile discarded (002 §3.3.1: « plusieurs joueurs [peuvent] gagner
    sur un même écart »): hands sent with other winning tiles are refused (a double ron recorded 2s
    and 5s as its winning tiles without a word)."""
    tiles = [scorer.tiles.normalize(w["hand"]["winning_tile"]) for w in wins]
    if len(set(tiles)) > 1:
        raise GameError("bad_field", "the winners of one discard win on the same tile: "
                        + " / ".join(tiles) + " were given", field="winners[1].hand")


def _check_tiles_across_winners(wins: list[dict]) -> None:
    """The hands of one discard's winners come from one set (002 §1.3 « quatre exemplaires de chacune
    des tuiles »), their winning tile the one discard: six 2p across two winners'
    hands were recorded without a word."""
    counts: collections.Counter = collections.Counter()
    for w in wins:
        hand = w["hand"]
        counts.update(scorer.tiles.normalize(t) for t in hand["concealed"])
        counts.update(scorer.tiles.normalize(t) for m in hand.get("melds", []) for t in m["tiles"])
    counts[scorer.tiles.normalize(wins[0]["hand"]["winning_tile"])] -= len(wins) - 1     # one tile, won by each
    over = sorted((code for code, n in counts.items() if n > 4), key=scorer.tiles.sort_key)
    if over:
        said = ", ".join(f"{counts[code]} × {code}" for code in over)
        raise GameError("bad_field", f"the winners' hands hold {said} between them, counting the discard once: a set "
                        "has 4 of each tile (002 §1.3)", field="winners[1].hand")


def _check_table_indicators(wins: list[dict], several: bool) -> None:
    """The winners of a double or triple ron count the same dora indicators, the table's (002
    §2.7), and the same ura-dora indicators where they count them: winners sent with other ones
    are refused (an edit of one winner's note moved another's score to the first's)."""
    for key in ("dora_indicators", "ura_dora_indicators"):
        given = [(i, w["context"].get(key)) for i, w in enumerate(wins) if w["context"].get(key)]
        if any(sorted(tiles) != sorted(given[0][1]) for _, tiles in given[1:]):
            both = " / ".join("".join(tiles) for _, tiles in given)
            field = f"winners[{given[1][0]}].context.{key}" if several else f"context.{key}"
            raise GameError("bad_field", (f"the dora indicators are the table's, the same for every winner (002 §2.7): "
                                          f"{both} were given") if key == "dora_indicators" else
                            (f"the ura dora indicators are the table's, the same for every winner (002 §2.7): "
                             f"{both} were given"), field=field)


def _winner_entries(data: dict) -> list[dict]:
    """The winners of a win: one (``winner``, ``hand``, ``context``) or several (``winners``)."""
    if "winners" not in data:
        return [{"winner": data.get("winner"), "hand": data.get("hand"), "context": data.get("context")}]
    winners = data["winners"]
    if not isinstance(winners, list) or not 1 <= len(winners) <= MAX_WINNERS:
        raise GameError("bad_field", f"winners must be a list of 1 to {MAX_WINNERS} winners", field="winners")
    if all(isinstance(w, dict) for w in winners):
        return winners
    hands, contexts = data.get("hands"), data.get("contexts")
    if not isinstance(hands, list) or len(hands) != len(winners):
        raise GameError("bad_field", "give each winner's hand: hands, in the order of winners (or winners as "
                        "objects {winner, hand, context})", field="hands")
    if contexts is not None and (not isinstance(contexts, list) or len(contexts) != len(winners)):
        raise GameError("bad_field", "contexts must be a list in the order of winners", field="contexts")
    return [{"winner": w, "hand": h, "context": (contexts or [None] * len(winners))[i]}
            for i, (w, h) in enumerate(zip(winners, hands))]


def game_over() -> GameError:
    return GameError("game_over", "this game is over (its last round was played, or the players ended it): "
                     "undo or edit a hand, or start a new game")


def _next_seq_moved(store: Store, game_id: int, expected) -> tuple[int, int, dict | None] | None:
    """(the next hand's number a page showed, the number now, the last hand) when they differ;
    None when they do not or the page gave none (``expect_seq``)."""
    if expected is None:
        return None
    expected = validation.int_id(expected, "expect_seq")
    last = store.last_hand(game_id)
    now = (last["seq"] if last else 0) + 1
    return None if expected == now else (expected, now, last)


def _edits_since(store: Store, game_id: int, expected) -> list | None:
    """The edits made since a page that knew of ``expected`` of them (``expect_edits``) was
    drawn; None when there are none or the page gave no count."""
    if expected is None:
        return None
    expected = validation.int_id(expected, "expect_edits")
    return None if expected == store.count_edits(game_id) else store.list_edits(game_id)[expected:]


def _check_expected_seq(store: Store, game_id: int, expected, expected_edits=None) -> None:
    """Refuse a hand sent for a game that changed since (``expect_seq``: the number the sending
    page gave the next hand): two phones recording the same win recorded it twice, the second
    with the next hand's seats. ``expect_edits``: the number of edits the page knew of; an earlier
    hand edited since (a draw made a win) changes the next deal, and a review page recorded its
    hand under the dealer it showed (a second "E1 · Mia deals", 2,000 recorded for 3,300 shown)."""
    moved = _next_seq_moved(store, game_id, expected)
    if moved:
        expected, now, last = moved
        # the hand recorded first said by what it was: two phones recording one win learnt only
        # that "the next hand is now hand 3", not whether theirs was the one recorded
        said = f" ({_recorded_hand_words(store, game_id, last)})" if last and expected < now else ""
        raise GameError("stale_game", f"the game changed since this page was loaded (on another device?): the "
                        f"next hand is now hand {now}, not {expected}{said}; nothing was recorded: check the "
                        "hands, then send it again if it is still to record", field="expect_seq")
    since = _edits_since(store, game_id, expected_edits)
    if since is not None:
        if since and all(e["action"] == "substitute" for e in since):
            # said as what happened: "a hand was edited" stood where a substitute had sat down
            raise GameError("stale_game", "the game changed since this page was loaded (on another device?): a "
                            "substitute took a seat, which changes who plays the next hand; nothing was recorded: "
                            "check the players, then send it again if it is still to record", field="expect_edits")
        if since and all(e["action"] in ("undo", "delete") for e in since):
            # said as what happened: a win form sent again after an Undo read "a hand was edited"
            taken = ", ".join(str(e["seq"]) for e in since)
            raise GameError("stale_game", f"the game changed since this page was loaded: hand(s) {taken} taken "
                            "back (undone or deleted); nothing was recorded: check the hands, then send it again "
                            "if it is still to record", field="expect_edits")
        raise GameError("stale_game", "the game changed since this page was loaded (on another device?): a hand "
                        "was edited, which can change the next hand's dealer, seats and counters; nothing was "
                        "recorded: check the deal, then send it again if it is still to record",
                        field="expect_edits")


def delete_game(store: Store, game_id: int, expect_seq=None, expect_edits=None) -> None:
    """Delete a game, refused when it changed since the page that asked was drawn
    (``expect_seq``: the next hand's number it showed; ``expect_edits``: the edits it knew of):
    its "and its 0 hands?" stood over a game another phone had recorded five hands into, and a
    deleted game cannot be brought back."""
    with store.transaction():
        store.get_game(game_id)
        moved = _next_seq_moved(store, game_id, expect_seq)
        if moved:
            expected, now, _ = moved
            raise GameError("stale_game", f"the game changed since this page was loaded (on another device?): "
                            f"its next hand is now hand {now}, not {expected}; nothing was deleted: look at its "
                            "hands, then delete it if you still mean to", field="expect_seq")
        if _edits_since(store, game_id, expect_edits) is not None:
            raise GameError("stale_game", "the game changed since this page was loaded (on another device?): its "
                            "hands or players were changed; nothing was deleted: look at it, then delete it if you "
                            "still mean to", field="expect_edits")
        store.delete_game(game_id)


def _recorded_hand_words(store: Store, game_id: int, hand: dict) -> str:
    """A recorded hand in a few words, for a refusal: "hand 2 recorded: a win for Mia"."""
    game = store.get_game(game_id) or {}
    players = played_by(game, hand) if game else []
    wins = wins_of(hand)
    if wins:
        what = "a win for " + ", ".join(players[w["winner"]] for w in wins if 0 <= w["winner"] < len(players))
    elif hand["kind"] == "penalty":
        what = "a chombo" if game.get("rules") == "riichi" else "a false win"
    else:
        what = {"draw": "a draw", "end": "the game's end"}.get(hand["kind"], hand["kind"])
    return f"hand {hand['seq']} recorded: {what}"


def _check_end_after_a_hand(before: list[dict]) -> None:
    """A game's end needs a hand, draw or false win recorded before it: one ended before its
    first hand had a final table of four first places, counted in a club's standings (the game
    page offers no end before a hand either)."""
    if not any(h["kind"] != "end" for h in before):
        raise GameError("bad_field", "no hand was played in this game: it cannot end before its first hand "
                        "(delete the game instead)", field="kind")


def _record(store: Store, game_id: int, data: dict, *, draft: dict | None, request_key: str | None,
            told: bool = True, declared=None) -> dict:
    game = store.get_game(game_id)
    flow = flow_of(game)
    legacy = isinstance(flow, LegacyFlow)
    if request_key is not None and store.has_request_key(game_id, request_key):
        # the same form sent again (a second click, a page without scripts): said as that, before
        # "the game changed since this page was loaded ... send it again", which the hand it
        # recorded made true and which invited recording it twice
        raise DuplicateRequest(request_key)
    deal = next_deal(store, game)
    if deal.finished:
        # said before "the next hand is now hand 3, not 2 ... send it again": a page left open
        # while another device ended the game got both, and could send nothing again
        raise game_over()
    _check_expected_seq(store, game_id, data.get("expect_seq"), data.get("expect_edits"))
    row = _entered(game, data, deal, legacy=legacy, told=told)
    if told and row["kind"] == "end":
        _check_end_after_a_hand(store.hand_summaries(game_id))
    if row["kind"] == "win" and draft is not None:
        row["photo_id"] = draft.get("photo_id")
        if row["tiles_read"] is None:
            row["tiles_read"] = draft["reading"].get("tiles")
    if row["kind"] == "penalty":
        # a false win recorded from a photo kept neither the photo nor the hand shown: the table
        # could not look back at what was declared
        if draft is not None:
            row["photo_id"] = draft.get("photo_id")
        if declared is not None:
            try:
                shown = scorer.to_hand(scoring.hand_input(declared, "hand"))
                row["hand"], row["notation"] = shown.to_dict(), scorer.format_hand(shown)
            except (scorer.HandError, validation.InputError):
                pass        # a hand that does not even parse: the false win is recorded all the same
    # who plays it: a substitute sitting at the table now (named so in a refusal too)
    names = next_names(store, game)
    row["players"] = None if names == game["players"] else names
    n = store.totals(game_id)[1]
    fields, _ = _run(store, game, [row], start=deal, first=n)
    row.update(fields[0])
    remembered = None
    if row["kind"] == "win":
        remembered = {k: v for k, v in row["context"].items() if k not in PER_HAND_KEYS}
        if flow.has_counters:
            remembered.update(honba=row["outcome"]["after"]["honba"],
                              riichi_sticks=row["outcome"]["after"]["riichi_sticks"])
    hand = store.add_hand(game_id, row, remember_context=remembered, request_key=request_key)
    if remembered is None:
        _remember_deal(store, game)
    return hand


def noten_riichi(game: dict, hand: dict) -> list[int]:
    """The players of a riichi game who declared riichi and are not tenpai at this exhaustive
    draw: a chombo (002 §3.4.6, « annonce de riichi sur une main qui n'est pas en attente ») unless
    their hand was declared dead after the riichi (§3.4.7), when the noten payment alone is due,
    as recorded. The game log cannot tell which: the page warns and the table decides."""
    if game.get("rules") != "riichi" or hand.get("kind") != "draw":
        return []
    return [p for p in hand.get("riichi") or [] if p not in (hand.get("tenpai") or [])]


def riichi_discarder(game: dict, hand: dict) -> int | None:
    """The discarder of a riichi win on a discard when the hand lists them as declaring riichi: if
    the winning tile was the riichi discard itself, the declaration did not stand and its 1,000
    go back to them (002 §3.3.14, « l'annonce du riichi est invalide »); if they declared earlier
    in the hand, the stick goes to the winner as recorded. The game log cannot tell which: the
    page asks the table."""
    if game.get("rules") != "riichi" or hand.get("kind") != "win" or hand.get("discarder") is None:
        return None
    return hand["discarder"] if hand["discarder"] in (hand.get("riichi") or []) else None


def page_hand_id(hand: dict) -> str:
    """How a page names the hand it shows: ``ID:REV`` (``ID`` for a hand recorded before hands
    had a rev). The id alone is not enough: SQLite gives a new hand the id of the last one
    deleted, and an edit keeps the id."""
    return f"{hand['id']}:{hand['rev']}" if hand.get("rev") else str(hand["id"])


def games_with_state(store: Store, limit: int | None = None) -> list[dict]:
    """The games, newest first (the ``limit`` newest), each with ``finished`` (its last round
    played or ended)."""
    # ``at_table``: who plays the next hand (a substitute, or one still to come after an undo not yet)
    # ``context``: the next hand's round wind and counters, not the last win's (``context_at``)
    return [{**g, "context": context_at(g, deal), "finished": deal.finished, "at_table": next_names(store, g)}
            for g in store.list_games()[:limit] for deal in [next_deal(store, g)]]


def usual_rules(store: Store) -> str:
    """The rules a page offers first when no game names them: the rules this browser chose last
    for a hand outside a game (``remember_rules``: a Hong Kong beginner chose them on the photo
    page, and "Enter a hand" and the photo page again offered MCR), else those of the newest game
    (a Hong Kong table switched the new-game form and the photo page from MCR at every visit),
    else ``scoring.default_rules``."""
    from flask import has_request_context, session
    known = {r["name"] for r in scoring.available_rules()}
    chosen = session.get("rules") if has_request_context() else None
    if chosen in known:
        return chosen
    rules = store.newest_game_rules()
    return rules if rules in known else scoring.default_rules()


def remember_rules(rules: str) -> None:
    """Keep ``rules``, chosen for a hand outside a game, as this browser's first offer (usual_rules)."""
    from flask import session
    try:
        rules = scorer.rules_name(rules)        # "Hong Kong" as "hk"
    except scorer.RulesError:
        return
    if session.get("rules") != rules:
        session["rules"] = rules


def state_of(last: dict | None, n_edits: int) -> dict:
    """What a page following a game compares: the number of the last row, how that row is named
    (``page_hand_id``) and the number of edits kept. Any record, delete, undo or edit on another
    device changes it."""
    return {"last_seq": last["seq"] if last else 0, "last": page_hand_id(last) if last else None,
            "edits": n_edits}


def game_state(store: Store, game_id: int) -> dict:
    """``state_of`` the game as stored now, cheaply (no replay)."""
    store.get_game(game_id)
    return state_of(store.last_hand(game_id), store.count_edits(game_id))


def _named_hand(hand_id) -> tuple[int, str]:
    """The id and rev a page named a hand by (``page_hand_id``; the rev "" when not given)."""
    given_id, _, rev = str(hand_id).partition(":")
    return validation.int_id(given_id, "hand_id"), rev


def check_hand_id(hand: dict, hand_id) -> None:
    """Refuse to change ``hand`` when the page that asked named another hand, or this hand as it
    was before another change (``hand_id``: ``page_hand_id``, or the id alone; None: not named).
    Hands are numbered down when one is deleted, so a page loaded before another table member
    deleted, recorded or edited a hand would otherwise undo, delete or edit the hand that now
    has that number, or overwrite that member's edit."""
    if hand_id is None:
        return
    given_id, rev = _named_hand(hand_id)
    if given_id != hand["id"]:
        raise GameError("stale_hand", f"the game changed since this page was loaded (hand {hand['seq']} is now "
                        "another hand): nothing was changed, check the hands and try again", field="hand_id")
    if rev and hand.get("rev") and rev != hand["rev"]:
        raise GameError("stale_hand", f"the game changed since this page was loaded (hand {hand['seq']} was "
                        "changed since, on another device?): nothing was changed, check the hand and try again",
                        field="hand_id")


def deal_played(h: dict) -> Deal:
    """The deal a recorded hand was played in: its dealer, round wind, counters, sticks and seats."""
    outcome = h.get("outcome") or {}
    return Deal(dealer=h["dealer"], round_wind=h["round_wind"], honba=h.get("honba", 0), sticks=h.get("sticks", 0),
                seating=tuple(outcome.get("seating") or (0, 1, 2, 3)), round_no=outcome.get("round_no", 0),
                repeat=outcome.get("repeat", 0))


def edit_hand(store: Store, game_id: int, seq: int, data: dict, hand_id=None) -> dict:
    """Replace what the table entered for hand ``seq`` and replay the game from it; the edit is
    kept in the game's history. Returns the hand as it is now. ``hand_id``: the hand the asking
    page showed as ``seq`` (``check_hand_id``)."""
    if not isinstance(data, dict):
        raise GameError("bad_field", "a hand record must be an object")
    with store.transaction():
        game = store.get_game(game_id)
        before = store.get_hand(game_id, seq)
        check_hand_id(before, hand_id)
        flow = flow_of(game)
        legacy = isinstance(flow, LegacyFlow)
        deal = deal_played(before)
        if legacy and "dealer" not in data:
            data = {**data, "dealer": before["dealer"], "round_wind": before["round_wind"]}
        row = _entered(game, data, deal, legacy=legacy, previous=before)
        if row["kind"] == "end":
            _check_end_after_a_hand([h for h in store.hand_summaries(game_id) if h["seq"] < seq])
        if row["kind"] != "win":
            row["tiles_read"], row["corrections"] = before["tiles_read"], before["corrections"]
        if row["kind"] == "penalty" and before["kind"] == "penalty":
            row["hand"], row["notation"] = before["hand"], before["notation"]      # the hand declared, kept
        elif "tiles_read" not in data and "corrections" not in data:
            row["tiles_read"], row["corrections"] = before["tiles_read"], before["corrections"]
        store.update_hand(game_id, seq, {k: row[k] for k in store.INPUT_COLUMNS}, edited=True)
        try:
            replay_game(store, game)
        except HandRefused as e:
            raise _refused_by_change(e, "changed so", seq, e.seq) from None
        after = store.get_hand(game_id, seq)
        store.add_edit(game_id, seq, "edit", _entry(before), _entry(after))
        return after


def delete_hand(store: Store, game_id: int, seq: int, action: str = "delete", hand_id=None,
                moved_to: dict | None = None) -> dict:
    """Delete hand ``seq`` (later hands are numbered down) and replay the game; kept in the
    game's history. ``hand_id``: the hand the asking page showed as ``seq`` (``check_hand_id``).
    ``moved_to``: the game it moved to (``move_hand``; the history keeps no row to restore)."""
    with store.transaction():
        game = store.get_game(game_id)
        check_hand_id(store.get_hand(game_id, seq), hand_id)
        others = [h["uid"] for h in store.list_hands(game_id)]
        removed = store.delete_hand(game_id, seq)
        left = store.hand_summaries(game_id)
        if left and left[0]["kind"] == "end" and removed["kind"] != "end":
            # the game's end would come first: four first places (_check_end_after_a_hand)
            if moved_to:
                raise GameError("bad_field", f"hand {seq} is the only one before the game's end: resume the game "
                                "first (Resume the game), then move it; nothing was moved")
            raise GameError("bad_field", f"hand {seq} is the only one before the game's end: delete the end "
                            f"first (or the whole game); nothing was deleted")
        try:
            replay_game(store, game)
        except HandRefused as e:
            # the later hands are numbered down: the page shows the refused one a number higher
            raise _refused_by_change(e, "moved" if moved_to else "deleted", seq,
                                     e.seq + 1 if e.seq >= seq else e.seq) from None
        # the whole row too, for restore_hand (not exported: what the game page shows is _entry),
        # with the hands it stood between (restore_hand's place, whatever was removed since)
        kept = {k: v for k, v in removed.items() if k not in ("id", "game_id", "seq", "rev")}
        kept.update(before_uids=[u for u in others[:seq - 1] if u], after_uids=[u for u in others[seq:] if u])
        store.add_edit(game_id, seq, action, {**_entry(removed), "moved_to": moved_to} if moved_to
                       else {**_entry(removed), "row": kept}, None)
        return removed


def move_hand(store: Store, game_id: int, seq: int, target_id: int, seats: list[int], hand_id=None) -> dict:
    """Move hand ``seq`` of a game to the end of game ``target_id`` of the same rules (a hand
    recorded into the wrong game: two tables, or the game before a new one): recorded there as the
    table entered it, its photo and reading with it, its deal, counters and points the other
    game's; then deleted here, the later hands replayed, all or nothing. ``seats[i]``: the other
    game's player who is this game's player ``i``. Kept in this game's history as a move (not
    restorable: the hand is in the other game). Returns the hand as recorded there."""
    if target_id == game_id:
        raise GameError("bad_field", "the hand is in that game already: choose another game", field="to")
    if not (isinstance(seats, list) and all(isinstance(k, int) and not isinstance(k, bool) for k in seats)
            and sorted(seats) == [0, 1, 2, 3]):
        raise GameError("bad_field", "each player of this game must be a different player of the other game",
                        field="seats")
    with store.transaction():
        game, target = store.get_game(game_id), store.get_game(target_id)
        h = store.get_hand(game_id, seq)
        check_hand_id(h, hand_id)
        if h["kind"] == "end":
            raise GameError("bad_field", "the end of a game cannot move to another game", field="seq")
        if target["rules"] != game["rules"]:
            raise GameError("bad_field", f"hand {seq} is scored under {scorer.get_rule_set(game['rules']).title}: it "
                            "can move only to a game of those rules", field="to")
        body = _moved_entry(h, seats)
        # where it goes (its place by date), named in both games' histories (the game it went to
        # kept no word of it)
        arrives, _ = move_place(store, h, target)
        removed = delete_hand(store, game_id, seq, action="move",
                              moved_to={"game": target_id, "name": target["name"], "seq": arrives})
        # the draft it was recorded from goes with it (its review page and the tile-set profile
        # that learnt its tiles find it in the other game), unless that game has it already; an
        # Idempotency-Key does not: it stands for one request to this game, whose answer it keeps
        # (nor where another game has it too: a log from before a draft was held to one game)
        draft_key = next((k for k in removed.get("request_keys") or []
                          if k.startswith("draft:") and not store.has_request_key(target_id, k)
                          and store.draft_elsewhere(target_id, k) is None), None)
        # the photo and the reading as a draft brings them (a reading is not held to a typed list's bounds)
        draft = {"photo_id": h.get("photo_id"), "reading": {"tiles": h.get("tiles_read")}}
        try:
            recorded = _record(store, target_id, body, draft=draft, request_key=draft_key,
                               told=False, declared=h["hand"] if h["kind"] == "penalty" else None)
        except HandRefused as e:
            # the other game's deal names the winner there: its hand number is not this one's
            raise GameError(e.code, f"{target['name']} cannot take hand {seq}: {e.detail}", field="to") from None
        except (GameError, InputError, scorer.HandError, scorer.RulesError) as e:
            raise GameError(e.code, f"{target['name']} cannot take hand {seq}: {e.message}", field="to") from None
        if h.get("created"):        # played when it was, not when it was moved
            store.keep_dates(target_id, None, {recorded["seq"]: h["created"]})
        if arrives < recorded["seq"]:
            # hands recorded there since it was played: it goes before them, and they are played
            # again after it (appended, it took the counters and sticks of hands played after it)
            # played by whoever played the hand before it there, the players of the start for a
            # first hand: a substitute whose first hand it goes before was not at the table then
            # (taken from the hand after it, it was credited to the substitute)
            row = store.delete_hand(target_id, recorded["seq"])
            row["players"] = store.get_hand(target_id, arrives - 1).get("players") if arrives > 1 else None
            store.insert_hand(target_id, arrives, row)     # the seats' first hands counted again with it
            try:
                replay_game(store, target)
            except HandRefused as e:
                raise GameError(e.code, f"{target['name']} cannot take hand {seq} before its hand {arrives}, "
                                f"where it was played: hand {e.seq}, {e.player} ({e.wind}), would then be refused: "
                                f"{e.detail}", field="to") from None
            recorded = store.get_hand(target_id, arrives)
        store.add_edit(target_id, recorded["seq"], "move_in", None,
                       {**_entry(recorded), "moved_from": {"game": game_id, "name": game["name"], "seq": seq}})
        return recorded


def is_finished(store: Store, game_id: int) -> bool:
    """Whether the game is over: ended by the players, or its last round played."""
    return next_deal(store, store.get_game(game_id)).finished


def move_hand_said(store: Store, game_id: int, seq: int, target_id: int, seats: list[int],
                   hand_id=None) -> tuple[dict, str | None]:
    """``move_hand``, and what to say of the game it leaves where that game was over
    (``moved_out_of_finished``), else None: the page and the API say it alike."""
    was_over = is_finished(store, game_id)
    recorded = move_hand(store, game_id, seq, target_id, seats, hand_id=hand_id)
    return recorded, moved_out_of_finished(store, game_id, seq) if was_over else None


def moved_out_of_finished(store: Store, game_id: int, seq: int) -> str:
    """What to say once hand ``seq`` has moved out of a game that was over (``is_finished`` before
    the move): its final table changed, or it is in play again where the hand was of its last
    round (a club's finished game lost a hand, its exported result and standings changed unsaid)."""
    game = store.get_game(game_id)
    if next_deal(store, game).finished:
        return (f"game {game_id} ({game['name']}) was over: its final table has changed without hand {seq}; export "
                "its score sheet again")
    return (f"game {game_id} ({game['name']}) was over: without hand {seq} its last round is not played out, and it "
            "is in play again")


def seats_by_name(players: list[str], others: list[str], by_wind: list[int] | None = None) -> list[int]:
    """For each of ``players``, the seat of ``others`` a hand moved between their games gives them
    first: the player of the same name (``name_key``), else ``by_wind``'s (the player of the same
    seat wind in the hand's deal there: ``seats_by_wind``), else the same seat, else the first left."""
    keys = [name_key(p) for p in others]
    seats: list[int | None] = [keys.index(name_key(p)) if keys.count(name_key(p)) == 1 else None for p in players]
    for i, s in enumerate(seats):
        if s is not None and seats.index(s) != i:
            seats[i] = None                 # two players of one name here: the first takes it
    for i in range(len(seats)):
        if seats[i] is None:
            free = [k for k in range(len(others)) if k not in seats]
            wanted = by_wind[i] if by_wind else i
            seats[i] = wanted if wanted in free else (i if i in free else free[0])
    return seats


def seat_winds(deal: Deal) -> list[int]:
    """Each player's seat wind in ``deal`` (0 East, the dealer, to 3 North), by their seating."""
    order = deal.seating
    return [(order.index(i) - order.index(deal.dealer)) % 4 for i in range(4)]


def seats_by_wind(h: dict, deal: Deal) -> list[int]:
    """For each player of hand ``h``, the player of another game who holds the same seat wind in
    ``deal``: a hand recorded at the wrong table named its winner by the wind the form showed
    ("Cy (East)"), and the other table's East is its dealer, not its first seat."""
    there = seat_winds(deal)
    return [there.index(w) for w in seat_winds(deal_played(h))]


def default_seats(game: dict, h: dict, target: dict, deal: Deal) -> list[int]:
    """The other game's seat of each player of ``game`` a move of hand ``h`` offers first: by name,
    else by seat wind in ``deal``, the deal of its place there (``move_place``)."""
    return seats_by_name(played_by(game, h), seated_now(target), seats_by_wind(h, deal))


def move_place(store: Store, h: dict, target: dict) -> tuple[int, Deal]:
    """Where hand ``h`` goes in game ``target``: after the hands recorded there before it was, and
    before those recorded since (its counters and sticks are those of its place: appended after
    them, a hand played first took the sticks and counters of hands played after it); and that
    place's deal."""
    hands = store.list_hands(target["id"])
    when = h.get("created")
    place = next((x["seq"] for x in hands if when and x.get("created") and x["created"] > when
                  and x["kind"] != "end"), len(hands) + 1)
    return place, deal_played(hands[place - 1]) if place <= len(hands) else next_deal(store, target)


def _moved_entry(h: dict, seats: list[int]) -> dict:
    """Hand ``h`` as the table would enter it in another game, its players ``seats`` there; the
    deal, winds and counters are the other game's to work out (as an import's)."""
    to = (lambda s: None if s is None else seats[s])
    body = {"kind": h["kind"], "note": h.get("note") or "", "riichi": sorted(to(p) for p in h.get("riichi") or []),
            "corrections": h.get("corrections") or []}
    if h["kind"] == "draw":
        body["tenpai"] = sorted(to(p) for p in h.get("tenpai") or [])
    elif h["kind"] == "penalty":
        body["offender"] = to(h["winner"])
        if (h.get("fixed") or {}).get("amount") is not None:
            body["amount"] = h["fixed"]["amount"]
    elif h["kind"] == "win":
        body["discarder"] = to(h.get("discarder"))
        seating = deal_played(h).seating
        winners = []
        for w in wins_of(h):
            ctx = {k: v for k, v in (w.get("context") or {}).items() if k not in _DEAL_KEYS | {"liable_player"}}
            relative = (w.get("context") or {}).get("liable_player")
            if relative:        # seen from the winner here; named by seat, it is seen from them there
                ctx["liable_player"] = str(to(settlement.seat_at(w["winner"], relative, seating)))
            winners.append({"winner": to(w["winner"]), "hand": w["hand"], "context": ctx})
        body["winners"] = winners
        losers = (h.get("fixed") or {}).get("losers")
        if losers is not None:          # each player's hand's points at their seat there
            body["losers"] = [losers[seats.index(p)] if p in seats else None for p in range(4)]
    return body


def restore_hand(store: Store, game_id: int, edit_id: int) -> dict:
    """Put a deleted or undone hand back where it was (or last, when fewer hands are left) and
    replay the game; refused when it was restored already or when the game cannot take it (an
    end of game before it, a flow the hand no longer fits). Kept in the history as a restore."""
    with store.transaction():
        game = store.get_game(game_id)
        edits = store.list_edits(game_id)
        edit = next((e for e in edits if e["id"] == edit_id), None)
        if edit is None:
            raise NotFound(f"no change {edit_id} in game {game_id}")
        row = (edit.get("before") or {}).get("row") if edit["action"] in ("delete", "undo") else None
        if row is None:
            raise GameError("not_restorable", "only a deleted or undone hand of this game log can be restored "
                            "(an imported game's history keeps none)", field="edit")
        if any(e["action"] == "restore" and (e.get("after") or {}).get("edit") == edit_id for e in edits):
            raise GameError("not_restorable", "this hand was restored already", field="edit")
        for key in row.get("request_keys") or []:
            # recorded again since from its draft (Undo, Back, Record): restoring would count it twice
            again = store.find_request(game_id, key)
            if again is not None:
                raise GameError("not_restorable", f"this hand was recorded again since, as hand {again['hand']['seq']}",
                                field="edit")
            elsewhere = store.draft_elsewhere(game_id, key)
            if elsewhere is not None:
                # into another game (a photo's hand counts in one game)
                raise GameError("not_restorable", f"this hand was recorded again since, in game {elsewhere}",
                                field="edit")
        last = store.last_hand(game_id)
        seq = _restored_place(store, game_id, row, edits)
        if seq is None:       # removed before the hands' uids were kept: where it was, as numbered then
            seq = min(edit["seq"], (last["seq"] if last else 0) + 1)
        if last is not None and last["kind"] == "end" and seq > last["seq"] and row["kind"] != "end":
            raise GameError("game_over", "the game is over: resume it first, then restore the hand")
        store.insert_hand(game_id, seq, row)
        try:
            # played by someone who has taken another seat since (substitutes): one person, two seats
            _check_seats_apart(game, seated_now(game), store.list_hands(game_id), asked="hands")
        except GameError as e:
            raise GameError("not_restorable", f"hand {seq} cannot be restored: {e.message}", field="edit") from None
        try:
            replay_game(store, game)
        except HandRefused as e:
            # the later hands are numbered up: the page shows the refused one a number lower
            raise _refused_by_change(e, "restored", seq, e.seq - 1 if e.seq > seq else e.seq) from None
        restored = store.get_hand(game_id, seq)
        store.add_edit(game_id, seq, "restore", None, {**_entry(restored), "edit": edit_id})
        # the draft it was recorded from: the tile-set profile learns its tiles again
        # (webui.teaching.teach_restored_hand); not for answers, as delete_hand's
        return {**restored, "request_keys": list(row.get("request_keys") or [])}


def _restored_place(store: Store, game_id: int, row: dict, edits: list[dict]) -> int | None:
    """Where a removed hand goes back: right after the last hand present that stood before it.
    Of two hands, the one removed first while the other was there names the other as before or
    after it (``before_uids`` / ``after_uids``), so hands removed and restored in any order go
    back as they were; a hand recorded since stays after it. None for a hand kept without them."""
    if not row.get("uid") or row.get("before_uids") is None:
        return None
    before_of, after_of = {}, {}
    for e in edits:
        kept = (e.get("before") or {}).get("row") if e["action"] in ("delete", "undo") else None
        if kept and kept.get("uid") and kept.get("before_uids") is not None:
            before_of.setdefault(kept["uid"], set()).update(kept["before_uids"])
            after_of.setdefault(kept["uid"], set()).update(kept["after_uids"])
    uid = row["uid"]
    before = set(row["before_uids"]) | before_of.get(uid, set())
    after = set(row.get("after_uids") or ()) | after_of.get(uid, set())
    hands = store.list_hands(game_id)

    def stood_before(h) -> bool:
        if h["uid"] in before or uid in after_of.get(h["uid"], ()):
            return True
        if h["uid"] in after or uid in before_of.get(h["uid"], ()):
            return False
        # never in the game together (one undone before the other was recorded): the one recorded
        # first stood first (restored in the other order, D recorded after C came back before it)
        return bool(h.get("created") and row.get("created")) and h["created"] < row["created"]
    return 1 + max((h["seq"] for h in hands if stood_before(h)), default=0)


def undo(store: Store, game_id: int, hand_id=None) -> dict | None:
    """Delete the last hand; None when the game has none. ``hand_id``: the hand the asking page
    showed as the last (``check_hand_id``)."""
    with store.transaction():
        last = store.last_hand(game_id) if store.get_game(game_id) else None
        if last is None:
            return None
        if hand_id is not None and _named_hand(hand_id)[0] != last["id"]:
            # the hand the page showed last was undone or followed by another since: "hand 3 is now
            # another hand" named a hand nobody had touched
            raise GameError("stale_hand", f"the game changed since this page was loaded (its last hand is now hand "
                            f"{last['seq']}): nothing was undone, check the hands", field="hand_id")
        return delete_hand(store, game_id, last["seq"], action="undo", hand_id=hand_id)


EDIT_KEYS = ("seq", "kind", "dealer", "round_wind", "winner", "discarder", "notation", "riichi", "tenpai", "fixed",
             "deltas", "note")


def _entry(h: dict) -> dict:
    """What the history keeps of a hand."""
    out = {k: h.get(k) for k in EDIT_KEYS}
    # each winner's context too: an edit that ticked "kong replacement" alone read "was a win (...)
    # now a win (...)", the same words twice, only the points moved
    out["winners"] = [{"winner": w["winner"], "notation": w.get("notation"),
                       "context": {k: v for k, v in (w.get("context") or {}).items() if k not in _DEAL_KEYS}}
                      for w in wins_of(h)]
    if h.get("players"):        # who played it, where a substitute sat in
        out["players"] = h["players"]
    if h.get("uid"):            # its number now, where hands removed or put in before it moved it
        out["uid"] = h["uid"]
    return out


#: Context keys each recorded hand takes from its deal and discarder, not from the table's entry.
_DEAL_KEYS = frozenset({"seat_wind", "round_wind", "discarder", "self_drawn", "honba", "riichi_sticks"})


def entry_changes(before: dict | None, after: dict | None) -> list[tuple]:
    """What an edit changed that its two descriptions do not say (the winner's hand and the
    points they show): (winner, context key, value before, value after) for each context value
    a winner's entry changed, in the order entered; ("note", was, now) for the note. Entries of
    edits kept before contexts were (no ``context``) give nothing."""
    if not before or not after:
        return []
    out: list[tuple] = []
    was_by = {w["winner"]: w for w in before.get("winners") or []}
    for w in after.get("winners") or []:
        was = was_by.get(w["winner"])
        if was is None or "context" not in was or "context" not in w:
            continue
        old, new = was["context"] or {}, w["context"] or {}
        for key in list(dict.fromkeys([*old, *new])):
            # a flag not given is a flag not set: "kong replacement no → yes", not "— → yes"
            before_value = old.get(key, False if isinstance(new.get(key), bool) else None)
            after_value = new.get(key, False if isinstance(old.get(key), bool) else None)
            if before_value != after_value:
                out.append((w["winner"], key, before_value, after_value))
    if (before.get("note") or "") != (after.get("note") or ""):
        out.append(("note", before.get("note") or "", after.get("note") or ""))
    # classical: the losers' hands' points, which the changes are made of ([B] ch. I)
    was, now = (before.get("fixed") or {}).get("losers"), (after.get("fixed") or {}).get("losers")
    if was != now:
        out.append(("losers", was, now))
    return out


def _worded(changes: list[tuple], players: list[str]) -> list[tuple]:
    """``entry_changes`` with the losers' points as the sheet says them ("Ann 8, Cy 0"; "" for none)."""
    return [("losers", *(others_hands({"fixed": {"losers": v}}, players) for v in c[1:])) if c[0] == "losers" else c
            for c in changes]


def _shown(entry: dict | None) -> dict | None:
    """A history entry's hand as the game page shows it (without the row kept to restore it, the
    change a restore names, nor the hand's uid, which no other log shares)."""
    return None if entry is None else {k: v for k, v in entry.items() if k not in ("row", "edit", "uid")}


def history(store: Store, game_id: int) -> list[dict]:
    """The game's changes, oldest first; a deleted or undone hand not restored since says it can
    be (``restorable``)."""
    game = store.get_game(game_id)
    rules = game["rules"]
    edits = store.list_edits(game_id)
    restored = {(e.get("after") or {}).get("edit") for e in edits if e["action"] == "restore"}
    seqs = {h["uid"]: h["seq"] for h in store.list_hands(game_id) if h.get("uid")}

    def now(e: dict) -> int | None:
        """The number now of the hand an entry names by its number then (a hand removed or put
        in before it renumbered it: "from hand 4" beside a table whose substitute starts at 3)."""
        if e["action"] == "substitute":
            p, name = (e.get("after") or {}).get("player"), (e.get("after") or {}).get("name")
            seated, starts = game.get("seated") or [], game.get("seated_from") or []
            sits = isinstance(p, int) and p < len(seated) and p < len(starts) and name_key(seated[p]) == name_key(name or "")
            n = starts[p] if sits else None
        else:
            n = seqs.get((e.get("after") or {}).get("uid") or (e.get("before") or {}).get("uid"))
        return n if n is not None and n != e["seq"] and e["seq"] else None

    def gone(e: dict) -> bool:
        """Whether the other game of a move was deleted since (its link led to a missing page)."""
        other = (e.get("before") or {}).get("moved_to") or (e.get("after") or {}).get("moved_from") or {}
        return isinstance(other.get("game"), int) and not store.has_game(other["game"])

    def recorded_again(e: dict) -> bool:
        """Whether the hand an entry removed was recorded again since from its draft (Undo, then
        Record): its Restore was offered, then refused as counting it twice."""
        row = (e.get("before") or {}).get("row") or {}
        return any(store.find_request(game_id, key) is not None or store.draft_elsewhere(game_id, key) is not None
                   for key in row.get("request_keys") or [])

    return [{**e, "before": _shown(e["before"]), "after": _shown(e["after"]), "now": now(e),
             **({"other_gone": gone(e)} if e["action"] in ("move", "move_in") else {}),
             "restorable": bool((e.get("before") or {}).get("row")) and e["id"] not in restored
             and not recorded_again(e),
             **({"renamed": _renamed(e["before"], e["after"])} if e["action"] == "rename" else {}),
             **({"changes": _worded(entry_changes(e["before"], e["after"]), (e["after"] or {}).get("players")
                                    or game["players"])} if e["action"] == "edit" else {}),
             **({"options_changed": options_changed(rules, e["before"], e["after"])} if e["action"] == "options" else {})}
            for e in edits]


def options_changed(rules: str, before: dict, after: dict) -> list[tuple[str, object, object]]:
    """A change of house rules: (option, value before, value after) for each option it changed,
    at the rule set's default where the game kept none."""
    defaults = scoring.option_defaults(rules)
    was, now = before.get("options") or {}, after.get("options") or {}
    names = [n for n in defaults if n in was or n in now] + [n for n in {**was, **now} if n not in defaults]
    return [(n, was.get(n, defaults.get(n)), now.get(n, defaults.get(n))) for n in names
            if was.get(n, defaults.get(n)) != now.get(n, defaults.get(n))]


def _renamed(before: dict, after: dict) -> list[str]:
    """A rename in words: "Éloïse → Héloïse" for each name it changed, the game's last."""
    out = [f"{was} → {now}" for was, now in zip(before.get("players") or [], after.get("players") or []) if was != now]
    out += [f"{was} → {now}" for was, now in after.get("substitutes") or []]
    if before.get("name") != after.get("name") and not (_follows_players(before) and _follows_players(after)):
        out.append(f"{quoted(before.get('name'))} → {quoted(after.get('name'))}")
    return out


# -- export / import -----------------------------------------------------------------------------
#: The top-level keys of a game export (export_json).
EXPORT_KEYS = ("format", "version", "game", "hands", "final", "history")


def export_json(store: Store, game_id: int) -> dict:
    view = game_view(store, game_id)
    g = view["game"]
    hands = []
    for h in view["hands"]:
        row = {k: h[k] for k in ("seq", "kind", "dealer", "round_wind", "winner", "discarder",
                                 "hand", "notation", "context", "score", "payments", "deltas",
                                 "tiles_read", "corrections", "note", "created", "totals",
                                 "riichi", "tenpai", "honba", "sticks", "fixed")}
        row["winners"] = [{"winner": w["winner"], "hand": w["hand"], "notation": w.get("notation"),
                           "context": w.get("context")} for w in wins_of(h)]
        if h.get("players"):        # who played it, where a substitute sat in
            row["players"] = h["players"]
        hands.append(row)
    out = {"format": "mjtable-game", "version": EXPORT_VERSION,
           "game": {k: g[k] for k in ("name", "rules", "options", "players", "context", "created", "flow")
                    + (("money",) if g.get("money") else ()) + (("seated", "seated_from") if g.get("seated") else ())},
           "hands": hands}
    if view["final"]:
        out["final"] = view["final"]
    edits = store.list_edits(game_id)
    if edits:       # the game's history of changes goes with it (shown, never replayed)
        out["history"] = [{"seq": e["seq"], "action": e["action"], "before": _shown(e["before"]),
                           "after": _shown(e["after"]), "created": e["created"]} for e in edits]
    return out


def _csv_cell(value):
    """A text cell a spreadsheet would run as a formula (a name such as "=SUM(A1)") is kept as
    text by a leading apostrophe; numbers stay numbers."""
    # after leading spaces too: a spreadsheet that trims cells on import runs " =1+1"
    if isinstance(value, str) and value.lstrip(" ")[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


class SafeCsv:
    """``delimiter`` ";" is the French spreadsheet's: it reads "0,5" as a number and "0.5" as a
    date or text, so its half points (Hong Kong payment (3)) are written with a decimal comma."""
    def __init__(self, out, delimiter: str = ","):
        self._w = csv.writer(out, delimiter=delimiter)
        self._decimal_comma = delimiter == ";"

    def _cell(self, value):
        if isinstance(value, Decimal):      # money, with the places it was rounded to (-2.80, not -2.8)
            return str(value).replace(".", ",") if self._decimal_comma else str(value)
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, float) and self._decimal_comma:
            return repr(value).replace(".", ",")
        return _csv_cell(value)

    def writerow(self, row):
        self._w.writerow([self._cell(v) for v in row])


def export_csv(store: Store, game_id: int, delimiter: str = ",", words: dict | None = None) -> str:
    """The game as CSV; ``delimiter`` ";" for a spreadsheet set for French, which opens a
    comma-separated file in one column; ``words``: the column names, kinds of hand and winds in
    the page's language (``i18n.CSV_WORDS_FR``), English ids without."""
    view = game_view(store, game_id)
    # each seat's column named by everyone who played it ("Bob / Eve" where a substitute sat in)
    players = seat_heads(view)
    substituted = any(h.get("players") for h in view["hands"])
    out = io.StringIO()
    w = SafeCsv(out, delimiter)
    say = (lambda k: words.get(k, k)) if words else (lambda k: k)
    # Hong Kong hands are counted in faan (paid by the reward table): the column says so
    hk = view["game"]["rules"] == "hk"
    value = "faan" if hk else "points"
    # counters, sticks, riichi, tenpai and uma are riichi's (the other flows keep them at nothing):
    # columns only where the game can fill them, as the page and the PDF show them
    riichi = view["flow"]["has_riichi"]
    classical = view["game"]["rules"] == "classical"
    w.writerow([say(c) for c in ["hand", "deal", "kind", "round_wind", "dealer"] + (["honba", "riichi_sticks"] if riichi else [])
                + ["winner", "discarder", "won_by", "offender", "notation", value] + (["reward"] if hk else [])
                + (["counters"] if riichi else []) + (["others_hands"] if classical else []) + ["scoring"]
                + (["riichi", "tenpai"] if riichi else [])]
               + [f"{p} {say('change')}" for p in players] + [f"{p} {say('total')}" for p in players] + [say("note")]
               + [say("played_by")] * substituted)
    hp: list[str] = []
    name = lambda i: hp[i] if i is not None else ""
    # a false win (riichi: a chombo) in the page's words, as the game page says it; the JSON's id
    # "penalty" in English (the French CSV said « pénalité » where the page said « faux Mah-jong »)
    kind = lambda k: words.get("chombo" if riichi else "false_win", k) if words and k == "penalty" else say(k)
    flow = flow_of(view["game"])
    for h in view["hands"]:
        hp[:] = h["played_by"]          # the names of the hand: who played it
        wins = wins_of(h)
        deal = round_label(h, flow) if h["kind"] != "end" else ""     # E1, E1-2: as the sheet and the page say
        if deal and words:
            deal = say(h["round_wind"])[0] + deal[1:]                    # O2 in French, as the French sheet
        end = h["kind"] == "end"         # played in no deal: no round wind or dealer (it gave "W, Ann")
        # the end is a line of the sheet, not a numbered hand (the page and the sheet number it not)
        w.writerow(["" if end else h["seq"], deal, kind(h["kind"]), "" if end else say(h["round_wind"]),
                    "" if end else name(h["dealer"])]
                   + ([h.get("honba", 0), h.get("sticks", 0)] if riichi else [])
                   + [" & ".join(name(x["winner"]) for x in wins), name(h["discarder"]),
                      # how it was won, said: an empty discarder alone left a self-draw to be guessed
                      say(_won_by(h, wins)) if h["kind"] == "win" else "",
                      name(h["winner"]) if h["kind"] == "penalty" else "",       # a false win's or chombo's
                      " & ".join(x.get("notation") or "" for x in wins),
                      # riichi: the hand's value (002 §8, « Valeur de la main »), its counters apart, as
                      # the page and the PDF give them ("4300" here was "4,000 + 300" there)
                      " & ".join(str(value_and_counters(x)[0] if riichi else (x.get("score") or {}).get("total", ""))
                                 for x in wins)]
                   # Hong Kong's faan are paid by the reward table (004, « Tableau des récompenses »):
                   # the points it gives, which the changes are made of, beside them
                   + ([" & ".join(str((x.get("score") or {}).get("points", "")) for x in wins)] if hk else [])
                   + ([" & ".join(str(value_and_counters(x)[1]) for x in wins)] if riichi else [])
                   # the losers' hands' points they settled among themselves ([B] ch. I), as entered
                   + ([others_hands(h, hp, str, " & ", loser_limit(flow))] if classical else [])
                   + [
                      # the player liable (bao, pao) beside the items: the row's split reads wrong without
                      " & ".join(_scoring_text(x.get("score") or {}, bool(words))
                                 # French sets a space before « ; » and « : », as the items' own join
                                 + ((" ; " if words else "; ") + say("liable") + (" : " if words else ": ")
                                    + name(liable_paying(x)) if liable_paying(x) is not None else "")
                                 for x in wins)]
                   # " & " as between winners: a name holds spaces ("Kenji Satō Łucja Wójcik" was two or four)
                   + ([" & ".join(name(p) for p in h.get("riichi") or []), " & ".join(name(p) for p in h.get("tenpai") or [])]
                      if riichi else [])
                   + h["deltas"] + [view["start_points"] + t for t in h["totals"]] + [h["note"]]
                   # who sat at each seat, where a substitute did: a draw named no one
                   + [" & ".join(hp)] * substituted)
    if view["final"]:
        w.writerow([])
        # who played a seat where a substitute sat in, and the points each is given
        # each person: their points and the hands they played ("Ann: -3900 (1); Eve: 24000 (2–4)"),
        # in French with its spaces before the colon and the semicolon
        colon, semicolon = (" : ", " ; ") if words else (": ", "; ")
        shares = lambda r: semicolon.join(f"{s['name']}{colon}{s['score']} ({_hand_ranges(s.get('seqs') or [])})"
                                          for s in r.get("shares") or [])
        shared = any(r.get("shares") for r in view["final"])
        if riichi:
            # the sticks left at the end are in the winner's points (002 §3.6); the points less the
            # start are what the uma is added to: both said, so that the score adds up
            w.writerow([say(c) for c in ("rank", "player", "points", "uma", "penalty", "score", "leftover_sticks")]
                       + [f"{say('points')} - {view['start_points']}"] + [say("played_by")] * shared)
            for r in view["final"]:
                w.writerow([r["rank"], r["player"], r["points"], r["uma"], r["penalty"], r["score"],
                            r.get("leftover_sticks", 0), r["points"] - view["start_points"]] + [shares(r)] * shared)
        else:
            # the score only where it is not the points (a start above 0), as the game page shows it:
            # two identical columns left a club asking which one counted
            score = any(r["score"] != r["points"] for r in view["final"])
            w.writerow([say(c) for c in ("rank", "player", "points") + (("score",) if score else ())]
                       + [say("played_by")] * shared)
            for r in view["final"]:
                w.writerow([r["rank"], r["player"], r["points"]] + ([r["score"]] if score else []) + [shares(r)] * shared)
    return out.getvalue()


def robbed_kong(wins: list) -> bool:
    """Whether a hand was won robbing the discarder's kong (its tile was not a discard: the
    sheet said "on Alice's discard", and the robbing could not be traced)."""
    return any((w.get("context") or {}).get("robbing_kong") for w in wins)


def _won_by(h: dict, wins: list) -> str:
    """How a win was won, as the CSV's ``won_by`` says it: by self-draw, on a kong's replacement
    tile (a self-draw, or a kong claimed from a discard under Hong Kong's 004 method 4: the sheet
    said so and the CSV only "self_draw"), on a discard, or robbing a kong."""
    if any((w.get("context") or {}).get("kong_replacement") for w in wins):
        return "kong_replacement"
    if h["discarder"] is None:
        return "self_draw"
    return "robbing_kong" if robbed_kong(wins) else "discard"


def next_label(deal: dict, flow, tr=None) -> str:
    """The label of a next deal (``round_wind``, ``dealer``, ``honba``, ``seating``, ``repeat``:
    a game view's keys) as ``round_label`` gives a recorded hand's."""
    return round_label({"round_wind": deal["round_wind"], "dealer": deal["dealer"], "honba": deal.get("honba"),
                        "outcome": {"seating": deal.get("seating"), "repeat": deal.get("repeat")}}, flow, tr)


def round_label(h: dict, flow, tr=None) -> str:
    """E1, E2... (the dealer's place in the round), with the counters under riichi: E1-2, and
    without counters the dealer's repeats (E2, E2-1, E2-2: a Hong Kong dealer who won three times
    in a row dealt "E2" three times); the wind's letter is its name's first in the language of
    ``tr`` (French: O for West)."""
    outcome = h.get("outcome") or {}
    seating = outcome.get("seating") or [0, 1, 2, 3]
    wind = h["round_wind"]
    letter = tr(WINDS[wind])[0] if tr is not None and wind in WINDS else wind
    label = f"{letter}{seating.index(h['dealer']) + 1 if h['dealer'] in seating else ''}"
    if flow.has_counters and h.get("honba"):
        label += f"-{h['honba']}"
    elif not flow.has_counters and outcome.get("repeat") and not isinstance(flow, LegacyFlow):
        # (a game from before the flow: its riichi hands' "-n" are counters, which it kept no count of)
        label += f"-{outcome['repeat']}"
    return label


def _times(item: dict) -> str:
    """"1×2 = " before an item counted more than once, as the pages write it: "Pung of Terminals
    or Honours 2 points" could be one pung of 2 or two of 1."""
    count, value = item.get("count"), item.get("value")
    return f"{value}×{count} = " if isinstance(count, int) and count > 1 and value is not None else ""


def _scoring_text(score: dict, french: bool) -> str:
    """What a win scored, item by item, for a referee checking a sheet ("Last Tile Claim 8 points;
    ..."; riichi: its fu too): the CSV gave the notation and the total alone."""
    from scorer.result import fu_counts

    from .i18n import FR
    # a yakuman is a limit, not 13 han (002 §4.2.5): named so, as the sheet and the terminal say it
    said = (lambda text: FR.get(text, text)) if french else (lambda text: text)
    parts = [f"{(item.get('name_fr') if french else None) or item.get('name_en') or item.get('id')} "
             + ("(yakuman)" if item.get("note") == "yakuman"
                else _times(item) + f"{item.get('total')} {said(unit_for(item.get('unit'), item.get('total')))}").strip()
             for item in score.get("items") or []]
    # 002 §4: from 5 han the minipoints no longer count ("60 fu" beside a baiman read as counted)
    # (« minipoints » in French, as 002 and the pages say them: the CSV said « 25 fu »)
    if score.get("rules") == "riichi" and score.get("fu") and fu_counts(score):
        parts.append(f"{score['fu']} {'minipoints' if french else 'fu'}")
    # a total held at the table's limit says so, as the sheet does: items worth 36 points and 5
    # doubles beside "500", or 13 faan of items beside "10", read as a mistake
    if isinstance(score.get("faan"), int) and isinstance(score.get("faan_counted"), int) \
            and score["faan"] > score["faan_counted"]:
        parts.append(said("capped: {n} faan found").format(n=score["faan"]))
    elif score.get("limit_reached") and not score.get("limit_hand"):
        parts.append(said("capped at the limit of {limit}").format(limit=score.get("limit")))
    return (" ; " if french else "; ").join(parts)       # French sets a space before « ; »


def _import_hands(data: dict) -> list:
    hands_in = data.get("hands")
    if not isinstance(hands_in, list):
        raise GameError("bad_import", "hands must be a list", field="hands")
    if len(hands_in) > MAX_IMPORT_HANDS:
        raise GameError("bad_import", f"a game of more than {MAX_IMPORT_HANDS} hands is not a game this "
                        "app exported", field="hands")
    return hands_in


def _import_replayed(store: Store, data: dict) -> int:
    """An export of version 2: the game is created with its flow options and every hand is
    entered again as the table entered it (the flow recomputes deals, counters, sticks and
    points; what the file says of them is not trusted)."""
    g = data.get("game")
    if not isinstance(g, dict):
        raise GameError("bad_import", "game must be an object", field="game")
    hands_in = _import_hands(data)
    flow = g.get("flow") if isinstance(g.get("flow"), dict) else {}
    flow = {k: v for k, v in flow.items() if k in game_flow.FLOW_OPTIONS}
    # an export where a substitute sat in names the players of the start by none: a player who
    # came back to their seat plays the hands without ``players`` again
    start = g.get("players") if any(isinstance(h, dict) and h.get("players") for h in hands_in) \
        or g.get("seated") else None
    name = g.get("name") if isinstance(g.get("name"), str) else ""
    if isinstance(g.get("players"), list) and not _follows_players({"name": name.strip(),
                                                                    "players": list(map(str, g["players"]))}):
        name = name.strip()[:MAX_NAME]     # as the version-1 import takes it: "Friday (2)", 64 characters, was refused
    with store.transaction():
        gid = new_game(store, name=name, rules=g.get("rules"),
                       players=g.get("players"), options=g.get("options"), flow=flow)
        dates: dict[int, str] = {}
        for i, h in enumerate(hands_in):
            if not isinstance(h, dict):
                raise GameError("bad_import", "a hand must be an object", field=f"hands[{i}]")
            body = {k: h[k] for k in ("kind", "discarder", "riichi", "tenpai", "note", "tiles_read", "corrections")
                    if k in h}
            fixed = h.get("fixed") if isinstance(h.get("fixed"), dict) else {}
            body.update({k: fixed[k] for k in ("dealer", "round_wind", "amount", "losers") if k in fixed})
            if h.get("kind") == "win":
                winners = h.get("winners")
                if not isinstance(winners, list):
                    raise GameError("bad_import", "a win needs its winners", field=f"hands[{i}].winners")
                # the winds are the deal's, which the flow works out again (a file edited by hand
                # can move a win to another deal): the file's are not the table's word
                body["winners"] = [{"winner": w.get("winner"), "hand": w.get("hand"),
                                    "context": {k: v for k, v in w["context"].items() if k not in ("seat_wind", "round_wind")}
                                    if isinstance(w.get("context"), dict) else w.get("context")}
                                   if isinstance(w, dict) else w for w in winners]
            elif h.get("kind") == "penalty":
                body["offender"] = h.get("winner")
            declared = h.get("hand") if h.get("kind") == "penalty" else None     # a false win's hand shown
            try:
                _seat_as_exported(store, gid, h.get("players") or start, f"hands[{i}].players")
                recorded = _record(store, gid, body, draft=None, request_key=None, told=False, declared=declared)
            except (GameError, InputError, scorer.HandError, scorer.RulesError) as e:
                raise GameError("bad_import", f"hands[{i}]: {e.message if hasattr(e, 'message') else e}",
                                field=f"hands[{i}]") from None
            when = _timestamp(h.get("created"))
            if when:
                dates[recorded["seq"]] = when
        if not next_deal(store, store.get_game(gid)).finished:
            # a substitute seated after the last hand (or the player of the start back)
            _seat_as_exported(store, gid, g.get("seated") or start, "game.seated")
            # one still to come after an undo: from the hand the export names, not the next
            given = g.get("seated_from")
            if isinstance(given, list) and len(given) == 4 and all(
                    isinstance(k, int) and not isinstance(k, bool) and 0 <= k <= MAX_IMPORT_HANDS + 1 for k in given):
                now = store.get_game(gid)
                if now.get("seated"):
                    starts = now.get("seated_from") or [0, 0, 0, 0]
                    store.set_seat_starts(gid, [max(a, b) for a, b in zip(starts, given)])
        store.keep_dates(gid, _timestamp(g.get("created")), dates)
        try:        # the rate the game was settled at (webui/money.py), checked as its form checks it
            kept_money = money.kept(g.get("money"), g["rules"])
        except InputError as e:
            raise GameError("bad_import", f"game.money: {e.message}", field="game.money") from None
        if kept_money:
            store.set_game_money(gid, kept_money)
        for entry in _import_history(data):
            store.add_edit(gid, entry["seq"], entry["action"], entry["before"], entry["after"], entry["created"])
    return gid


MAX_IMPORT_EDITS = 5000


def _seat_as_exported(store: Store, game_id: int, names, where: str) -> None:
    """Before an imported hand is entered again: the substitutes its export names at the table
    (``players``; none: the players of the start), seated as the game page seats them."""
    if names is None:
        return
    if not (isinstance(names, list) and len(names) == 4):
        raise GameError("bad_import", "players must be four names", field=where)
    # read once: seating one seat changes no other's
    at_table = next_names(store, store.get_game(game_id))
    for p, name in enumerate(names):
        if not isinstance(name, str) or name_key(name) == name_key(at_table[p]):
            continue
        try:
            # an export's first hand played by a substitute (the hand before it deleted) is taken as it is
            substitute(store, game_id, p, name, keep=False, from_start=True)
        except GameError as e:
            raise GameError("bad_import", f"{where}[{p}]: {e.message}", field=where) from None


def _import_history(data: dict) -> list[dict]:
    """An export's history of changes, each entry checked and rebuilt from what the game page
    shows of it (the hands it names are records of the past: they are shown, not scored)."""
    history = data.get("history")
    if history is None:
        return []
    if not isinstance(history, list):
        raise GameError("bad_import", "history must be a list", field="history")
    if len(history) > MAX_IMPORT_EDITS:
        raise GameError("bad_import", f"a history of more than {MAX_IMPORT_EDITS} changes is not one this app "
                        "exported", field="history")
    out = []
    for i, e in enumerate(history):
        where = f"history[{i}]"
        if not isinstance(e, dict) or e.get("action") not in ("edit", "delete", "undo", "restore", "rename", "options",
                                                              "move", "move_in", "substitute"):
            raise GameError("bad_import", "a change is {seq, action: edit, delete, undo, restore, rename, options, move, "
                            "move_in or substitute, before, after, created}", field=where)
        if e["action"] == "options":
            out.append({"seq": 0, "action": "options", "before": _history_options(e.get("before"), f"{where}.before"),
                        "after": _history_options(e.get("after"), f"{where}.after"), "created": _timestamp(e.get("created"))})
            continue
        if e["action"] == "substitute":
            out.append({"seq": e.get("seq") if isinstance(e.get("seq"), int) and not isinstance(e.get("seq"), bool)
                        and 1 <= e["seq"] <= MAX_IMPORT_HANDS else 0, "action": "substitute",
                        "before": _history_seat(e.get("before"), f"{where}.before"),
                        "after": _history_seat(e.get("after"), f"{where}.after"), "created": _timestamp(e.get("created"))})
            continue
        if e["action"] == "rename":
            out.append({"seq": 0, "action": "rename", "before": _history_names(e.get("before"), f"{where}.before"),
                        "after": _history_names(e.get("after"), f"{where}.after"), "created": _timestamp(e.get("created"))})
            continue
        seq = e.get("seq")
        if not (isinstance(seq, int) and not isinstance(seq, bool) and 1 <= seq <= MAX_IMPORT_HANDS):
            raise GameError("bad_import", "seq must be a hand number", field=f"{where}.seq")
        out.append({"seq": seq, "action": e["action"], "before": _history_hand(e.get("before"), f"{where}.before"),
                    "after": _history_hand(e.get("after"), f"{where}.after"),
                    "created": _timestamp(e.get("created"))})
    return out


def _history_options(entry, where: str) -> dict:
    """A change of house rules in the history: ``{"options": {...}}``, shown, never applied."""
    if not (isinstance(entry, dict) and isinstance(entry.get("options"), dict)):
        raise GameError("bad_import", "a change of house rules has before and after {options}", field=where)
    return {"options": validation.obj(entry["options"], f"{where}.options", max_bytes=validation.MAX_CONTEXT_BYTES)}


def _history_seat(entry, where: str) -> dict:
    """A substitute of the history: the seat's player number and the name who played it."""
    if not isinstance(entry, dict):
        raise GameError("bad_import", "a substitute's before and after are {player, name}", field=where)
    return {"player": _player_index(entry.get("player"), f"{where}.player"),
            "name": validation.text(entry.get("name"), f"{where}.name", max_len=MAX_NAME * 4, default="")}


def _history_names(names, where: str) -> dict:
    """A rename of the history: the game's name and its four players' names, checked."""
    if not (isinstance(names, dict) and isinstance(names.get("players"), list) and len(names["players"]) == 4):
        raise GameError("bad_import", "a rename's before and after are {name, players: four names}", field=where)
    subs = names.get("substitutes") if isinstance(names.get("substitutes"), list) else []
    return {"name": validation.text(names.get("name"), f"{where}.name", max_len=MAX_NAME * 4, default=""),
            "players": [validation.text(p, f"{where}.players[{k}]", max_len=MAX_NAME * 4, default="")
                        for k, p in enumerate(names["players"])],
            # the substitutes' names it corrected, shown (``_renamed``)
            **({"substitutes": [[validation.text(pair[0], f"{where}.substitutes", max_len=MAX_NAME * 4),
                                  validation.text(pair[1], f"{where}.substitutes", max_len=MAX_NAME * 4)]
                                 for pair in subs[:16] if isinstance(pair, list) and len(pair) == 2]}
               if subs else {})}


def _import_deltas(deltas, where: str) -> list:
    """A hand's four points changes from an export, checked: whole or half numbers, each bounded
    (the game's totals are summed in 64 bits)."""
    if not (isinstance(deltas, list) and len(deltas) == 4 and all(validation.is_points(d) for d in deltas)):
        raise GameError("bad_import", "deltas must be four whole or half numbers", field=f"{where}.deltas")
    for j, d in enumerate(deltas):
        validation.points(d, f"{where}.deltas[{j}]")
    return deltas


def _history_hand(h, where: str) -> dict | None:
    """One hand of the history as :func:`_entry` keeps it, every field checked."""
    if h is None:
        return None
    if not isinstance(h, dict) or h.get("kind") not in ("win", "draw", "penalty", "end"):
        raise GameError("bad_import", "a hand of the history has a kind: win, draw, penalty or end", field=where)
    deltas = _import_deltas(h.get("deltas"), where)
    seats = lambda key: [_player_index(p, f"{where}.{key}") for p in h.get(key) or []][:4]
    winners = h.get("winners") if isinstance(h.get("winners"), list) else []
    if len(winners) > 3 or not all(isinstance(w, dict) for w in winners):
        raise GameError("bad_import", "winners must be at most three {winner, notation}", field=f"{where}.winners")
    notation = lambda v, f: None if v is None else validation.text(v, f, max_len=validation.MAX_TEXT)
    # the other game of a move (``move_hand``), by name and hand number: its id is this log's alone
    moved = {k: _moved_game(h[k], f"{where}.{k}") for k in ("moved_to", "moved_from") if h.get(k) is not None}
    return {**moved, "seq": h.get("seq") if isinstance(h.get("seq"), int) and not isinstance(h.get("seq"), bool) else None,
            "kind": h["kind"],
            "dealer": _player_index(h.get("dealer"), f"{where}.dealer", allow_none=True),
            "round_wind": None if h.get("round_wind") is None else _wind(h["round_wind"], f"{where}.round_wind"),
            "winner": _player_index(h.get("winner"), f"{where}.winner", allow_none=True),
            "discarder": _player_index(h.get("discarder"), f"{where}.discarder", allow_none=True),
            "notation": notation(h.get("notation"), f"{where}.notation"),
            "riichi": seats("riichi"), "tenpai": seats("tenpai"), "fixed": None, "deltas": deltas,
            "note": validation.note(h.get("note"), f"{where}.note"),
            "winners": [{"winner": _player_index(w.get("winner"), f"{where}.winners[{k}].winner"),
                         "notation": notation(w.get("notation"), f"{where}.winners[{k}].notation"),
                         # shown only (entry_changes), never replayed: a small object, kept as sent
                         **({"context": validation.obj(w["context"], f"{where}.winners[{k}].context",
                                                       max_bytes=validation.MAX_CONTEXT_BYTES)}
                            if "context" in w else {})}
                        for k, w in enumerate(winners)]}


def _moved_game(value, where: str) -> dict:
    """The other game of a move in an imported history: its name and the hand's number there."""
    if not isinstance(value, dict):
        raise GameError("bad_import", "a move names the other game as {name, seq}", field=where)
    seq = value.get("seq")
    return {"name": validation.text(value.get("name"), f"{where}.name", max_len=MAX_NAME * 4, default=""),
            "seq": seq if isinstance(seq, int) and not isinstance(seq, bool) and 0 < seq <= MAX_IMPORT_HANDS else None}


def _timestamp(value) -> str | None:
    """An export's date (ISO 8601 with its time zone) as the log keeps dates (UTC, to the
    second); None for anything else: the import's own date stands."""
    from datetime import datetime, timezone
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    if when.tzinfo is None:
        return None
    return when.astimezone(timezone.utc).isoformat(timespec="seconds")


def import_json(store: Store, data) -> int:
    """Create a game from an export; every field is checked, totals are recomputed. Imported
    beside a game of the same name (an export brought back), it is named "<name> (2)": the games
    list showed identical rows, the dates kept as exported."""
    gid = _import_json(store, data)
    game = store.get_game(gid)
    taken = {g["name"] for g in store.list_games() if g["id"] != gid}
    if game["name"] in taken:
        n = 2
        while f"{game['name']} ({n})" in taken:
            n += 1
        # within a name's length, the name cut where it must be: its export was refused again
        base = game["name"] if _follows_players(game) else game["name"][:MAX_NAME - len(f" ({n})")].rstrip()
        store.rename_game(gid, f"{base} ({n})", game["players"])
    return gid


def import_differences(store: Store, game_id: int, data: dict) -> list[str]:
    """What an imported file says that its replayed hands do not: points changed by hand, hand
    numbers that skip or repeat (a hand taken out or copied in). The hands' own are kept; these
    are said, not taken silently (a treasurer's edited file imported without a word)."""
    hands_in = [h for h in data.get("hands") or [] if isinstance(h, dict)]
    stored = store.list_hands(game_id)
    out = []
    seqs = [h.get("seq") for h in hands_in]
    if all(isinstance(q, int) and not isinstance(q, bool) for q in seqs) and seqs != list(range(1, len(seqs) + 1)):
        first = next(i + 1 for i, q in enumerate(seqs) if q != i + 1)
        out.append(f"the file's hand numbers skip or repeat from hand {first}: hands were taken out or copied "
                   "in; the hands kept are numbered again")
    differ = [i + 1 for i, (h, kept) in enumerate(zip(hands_in, stored))
              if isinstance(h.get("deltas"), list) and h["deltas"] != kept["deltas"]]
    if differ:
        out.append(f"the file's points differ from its hands' in {len(differ)} hand(s), from hand {differ[0]}: "
                   "the points of the hands as scored are kept")
    # a notation edited by hand beside its hand JSON: the JSON is what is scored (it was replaced
    # without a word)
    notations = [i + 1 for i, (h, kept) in enumerate(zip(hands_in, stored))
                 if isinstance(h.get("notation"), str) and h["notation"] and kept.get("notation")
                 and h["notation"] != kept["notation"]]
    if notations:
        out.append(f"the file's notation differs from its hand in {len(notations)} hand(s), from hand "
                   f"{notations[0]}: the hand as written in its JSON is kept")
    unknown = sorted(k for k in data if k not in EXPORT_KEYS)
    if unknown:
        out.append(f"the file has keys this app does not write, left out: {', '.join(unknown[:5])}")
    # the same file imported twice counted a season's game twice, told apart only by "(2)"
    game = store.get_game(game_id)
    same = lambda hands: [(h["kind"], h["notation"], h["deltas"]) for h in hands]
    mine = same(stored)
    for other in store.list_games():
        if (other["id"] != game_id and other["rules"] == game["rules"] and other["players"] == game["players"]
                and other["created"] == game["created"] and same(store.list_hands(other["id"])) == mine):
            out.append(f"this game has the same players, date and hands as game {other['id']}, already here: "
                       "delete one if it was imported twice")
            break
    return out


def _import_json(store: Store, data) -> int:
    if not isinstance(data, dict) or data.get("format") != "mjtable-game":
        raise GameError("bad_import", "not an mjtable game export (format must be mjtable-game)")
    if data.get("version") not in IMPORT_VERSIONS or isinstance(data.get("version"), bool):
        raise GameError("bad_import", f"unsupported export version {data.get('version')!r}")
    g = data.get("game")
    # a game from before the game flow, exported since: its deals and points as recorded, as its
    # version-1 export kept them (replayed under the flow, its points changed)
    legacy = isinstance(g, dict) and isinstance(g.get("flow"), dict) and g["flow"].get("legacy") is True
    if data["version"] == 2 and not legacy:
        return _import_replayed(store, data)
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
    hands_in = _import_hands(data)
    hands = []
    for i, h in enumerate(hands_in):
        where = f"hands[{i}]"
        if not isinstance(h, dict):
            raise GameError("bad_import", "a hand must be an object", field=where)
        kind = h.get("kind")
        if kind not in ("win", "draw", "penalty", "end"):
            raise GameError("bad_import", "kind must be win, draw, penalty or end", field=f"{where}.kind")
        deltas = _import_deltas(h.get("deltas"), where)
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
            if isinstance(g.get("created"), str) else None,
            "flow": {"legacy": True}}    # a version-1 export: the deals and points as recorded
    return store.import_game(game, hands)


MAX_PAYMENTS = 16


def _check_payments(payments: list, where: str) -> list[dict]:
    if len(payments) > MAX_PAYMENTS:
        raise GameError("bad_import", f"a hand has at most {MAX_PAYMENTS} payments", field=where)
    out = []
    for j, p in enumerate(payments):
        seat = lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 3)
        ok = (isinstance(p, dict) and validation.is_points(p.get("amount"))
              and seat(p.get("payer")) and seat(p.get("payee"))
              and not (p.get("payer") is None and p.get("payee") is None))
        if not ok:   # None is the table (riichi sticks)
            raise GameError("bad_import", "a payment is {payer: 0-3 or null, payee: 0-3 or null, amount}",
                            field=f"{where}[{j}]")
        validation.points(p["amount"], f"{where}[{j}].amount")
        reason = p.get("reason") if isinstance(p.get("reason"), str) else ""
        out.append({"payer": p.get("payer"), "payee": p.get("payee"), "amount": p["amount"],
                    "reason": validation.text(reason, f"{where}[{j}].reason", max_len=2000)[:200],
                    **({"from": "table"} if p.get("payer") is None else {})})
    return out


def parse_import_bytes(raw: bytes):
    head = bytes(raw[:64]).lstrip(b"\xef\xbb\xbf")
    if head.startswith((b"hand,", b"hand;", b"main,", b"main;")):       # its first column, English or French
        # the score sheet (export_csv) is for spreadsheets: it lacks what a game needs to go on
        raise GameError("bad_import", "this file is the score sheet (CSV): import the game's JSON export (the "
                        "JSON link beside CSV)", field="file")
    if head.startswith(b"SQLite format 3\x00"):
        # the whole log's backup (mjtable games --backup): a club's organiser met "not JSON" alone
        raise GameError("bad_import", "this file is a backup of the whole game log (SQLite), not a game's JSON "
                        "export: put it back with mjtable games --restore FILE", field="file")
    # a byte-order mark, as an editor on Windows saves UTF-8: "not valid JSON (line 1, column 1)"
    body = bytes(raw[3:]) if bytes(raw[:3]) == b"\xef\xbb\xbf" else raw
    return validation.parse_json(body, "file", max_bytes=validation.MAX_IMPORT_BYTES)


__all__ = ["GameError", "SettlementError", "NotFound", "new_game", "game_view", "record",
           "export_json", "export_csv", "import_json"]
