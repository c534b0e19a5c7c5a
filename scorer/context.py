"""Win context: what a photo cannot show (winds, how the hand was won, riichi flags...).

One registry of every context key the product knows, its type and its default, so that the
hand JSON rejects unknown keys and each rule set can say which keys it reads. Scorers
declare the keys they read, so results can name the ones that were defaulted rather than given
(missing context is never silently assumed).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from . import errors
from . import tiles as T

WIND_NAMES = ("E", "S", "W", "N")
RELATIVE_SEATS = ("left", "across", "right")
#: A seat's place at the table seen from another, by its offset in turn order (E → S → W → N):
#: the next player sits right, the one before left.
SEAT_AT_OFFSET = {1: "right", 2: "across", 3: "left"}


def seat_seen_from(seat_wind: str, other_wind: str) -> str:
    """Where the player of ``other_wind`` sits seen from the player of ``seat_wind``."""
    return SEAT_AT_OFFSET[(WIND_NAMES.index(other_wind) - WIND_NAMES.index(seat_wind)) % 4]


def _bool(name, v):
    if isinstance(v, bool):
        return v
    raise errors.HandError(errors.BAD_FIELD, f"{name} must be true or false, not {v!r}",
                           field=f"context.{name}")


def _wind(name, v):
    if isinstance(v, str):
        w = v.strip()
        if w.upper() in WIND_NAMES:
            return w.upper()
        if w in T.WINDS:
            return WIND_NAMES[T.WINDS.index(w)]
    raise errors.HandError(errors.BAD_FIELD, f"{name} must be one of E, S, W, N, not {v!r}",
                           field=f"context.{name}")


# Honba and riichi sticks on the table: no game reaches a thousand; beyond that a number is a typo.
MAX_COUNT = 1000


def _count(name, v):
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_COUNT:
        return v
    # the message names the upper bound too: "a whole number >= 0, not 5000" read as a contradiction
    raise errors.HandError(errors.BAD_FIELD, f"{name} must be a whole number from 0 to {MAX_COUNT}, not {v!r}",
                           field=f"context.{name}")


def _tiles(name, v):
    if not isinstance(v, (list, tuple)):
        raise errors.HandError(errors.BAD_FIELD, f"{name} must be a list of tile codes",
                               field=f"context.{name}")
    out = []
    for i, code in enumerate(v):
        if T.is_bonus(code):
            # 002 §1.3: « fleur, saison ou joker, qui ne sont pas utilisées au Riichi »
            raise errors.HandError(errors.UNKNOWN_TILE, f"{code} is a flower or season: flowers are not used in "
                                   "riichi, so none indicates a dora (002 §1.3)", field=f"context.{name}[{i}]")
        if not T.is_valid_code(code):
            raise errors.HandError(errors.UNKNOWN_TILE, f"{code!r} is not a playing tile code",
                                   field=f"context.{name}[{i}]")
        out.append(code)
    return tuple(out)


def _seat(name, v):
    if v is None or v in RELATIVE_SEATS:
        return v
    raise errors.HandError(errors.BAD_FIELD,
                           f"{name} must be one of left, across, right (seen from the winner), "
                           f"not {v!r}", field=f"context.{name}")


@dataclass(frozen=True)
class ContextKey:
    name: str
    check: Callable[[str, Any], Any]
    default: Any
    doc: str


CONTEXT_KEYS: dict[str, ContextKey] = {}
#: key → default (immutable values), for Context.get.
_DEFAULTS: dict[str, Any] = {}


def register(name, check, default, doc):
    CONTEXT_KEYS[name] = ContextKey(name, check, default, doc)
    _DEFAULTS[name] = default


# Keys shared by every rule set (the hand JSON's "context").
register("self_drawn", _bool, False, "won on a tile drawn from the wall (not a discard)")
register("seat_wind", _wind, "E", "the winner's seat wind; East is the dealer")
register("round_wind", _wind, "E", "the prevailing (round) wind")
register("last_tile", _bool, False, "won on the last tile of the wall, or its discard")
register("kong_replacement", _bool, False, "won on the replacement tile after a kong")
register("robbing_kong", _bool, False, "won on a tile added to an exposed pung by another player")
register("last_of_kind", _bool, False, "the winning tile is the last of its kind (3 visible)")
register("discarder", _seat, None, "on a discard win, who discarded: left, across or right")
# Riichi (EMA 2016, 002 §3-4); listed here so the one JSON schema knows them.
register("riichi", _bool, False, "the winner declared riichi")
register("double_riichi", _bool, False, "riichi declared on the first turn")
register("ippatsu", _bool, False, "won within one go-around of riichi, uninterrupted")
register("tenhou", _bool, False, "dealer's win on the initial 14 tiles")
register("chiihou", _bool, False, "non-dealer's self-drawn win on the first draw")
register("renhou", _bool, False, "non-dealer's win on a discard before the first draw (hk: 8F, a win on the "
         "dealer's first discard)")
register("dora_indicators", _tiles, (), "dora indicator tiles (the dora is the next tile)")
register("ura_dora_indicators", _tiles, (), "ura-dora indicators (riichi only)")
register("honba", _count, 0, "repeat counters on the table")
register("riichi_sticks", _count, 0, "riichi sticks (1,000 each) on the table when the hand is won, this hand's "
         "included, the winner's own too: the winner collects them all (002 §4.1)")
register("red_fives", _bool, False, "count red fives as dora (off in EMA)")
register("liable_player", _seat, None, "player liable (pao / bao) for the winner's hand")
# Hong Kong old style (004, "3D Gong Sheung Gong"): the win is on the replacement tile of a
# second kong declared straight after a first one; kong_replacement alone cannot say it.
register("double_kong", _bool, False, "won on the replacement tile of a second kong declared in a row")
# Hong Kong old style (004, Bao (h) « Bao Sin Ung Bao Hau »): whether the liable discarder was
# exempt is a fact of the game's history (who showed which suit first, what he claimed since).
register("bao_exempt", _bool, False, "the liable player only held the suits of two shown one-suit "
         "hands and claimed nothing since (Hong Kong bao case h): no bao")


def default_of(name: str):
    """The value a context key not given is scored with (``seat_wind``: "E")."""
    return _DEFAULTS[name]


def assumed_text(name: str) -> str:
    """A key not given, with the value it was scored with, for a reader: ``seat_wind=E``,
    ``self_drawn=no``, ``discarder=not named`` (a win on a discard is paid by "the discarder":
    "discarder=none" above "discarder pays 1600" read as a contradiction)."""
    value = _DEFAULTS[name]
    if name == "discarder" and value is None:
        return "discarder=not named"
    if isinstance(value, bool):
        return f"{name}={'yes' if value else 'no'}"
    if value is None or value == ():
        return f"{name}=none"
    return f"{name}={value}"


def with_own_riichi_stick(context: dict) -> dict:
    """A riichi hand scored alone (not a game's, whose counters are the game's): a riichi declared
    put the winner's own stick on the table, which comes back to it (002 §3.3.14), so it is counted
    when ``riichi_sticks`` is not given, and none at all is refused. `mjtable score`, the API and
    the review page all count it (the API left it out: the same hand was 6,200 on the command line
    and 5,200 there)."""
    if not (context.get("riichi") or context.get("double_riichi")):
        return context
    if context.get("riichi_sticks") == 0:
        from . import errors
        raise errors.HandError(errors.BAD_CONTEXT, "riichi sticks 0 with a riichi declared: the winner's own stick "
                               "is on the table (002 §3.3.14); count it with any others (1 or more), or leave the "
                               "number out to count it alone", field="context.riichi_sticks")
    return {**context, "riichi_sticks": context.get("riichi_sticks", 1)}


def hand_with_own_riichi_stick(hand):
    """``hand`` with its context counted by ``with_own_riichi_stick`` (itself where nothing changes)."""
    from . import to_hand
    given = hand.context.to_dict()
    counted = with_own_riichi_stick(given)
    return hand if counted == given else to_hand(hand, counted)


class ContextReads:
    """``reads(key)`` gives ``context.get(key)`` and remembers the keys read, so a result can
    list as ``assumed`` the ones it used without their being given."""

    def __init__(self, context):
        self.context, self.read = context, []

    def __call__(self, key):
        if key not in self.read:
            self.read.append(key)
        return self.context.get(key)

    def assumed(self) -> list[str]:
        """The keys read that were not given."""
        return self.context.missing(self.read)


#: Wins that are self-drawn by definition: a kong replacement (001 « Finir sur le Kong », 002
#: §4.2.1, 004 2A), the blessings of heaven and earth (002 §4.2.5 « sur pioche »; 004 8E « tire la
#: première tuile du mur »).
SELF_DRAWN_BY_DEFINITION = ("kong_replacement", "tenhou", "chiihou")


class Context:
    """The given context keys, validated; defaults come from the registry."""

    __slots__ = ("given",)

    def __init__(self, given: dict | None = None):
        given = {} if given is None else given
        if not isinstance(given, dict):
            raise errors.HandError(errors.BAD_FIELD, "context must be an object", field="context")
        checked = {}
        for k, v in given.items():
            key = CONTEXT_KEYS.get(k)
            if key is None:
                raise errors.HandError(errors.UNKNOWN_KEY, f"unknown context key {k!r}; known keys: "
                                       f"{', '.join(sorted(CONTEXT_KEYS))}", field=f"context.{k}")
            checked[k] = key.check(k, v)
        self.given = checked

    def get(self, name: str):
        given = self.given
        if name in given:
            return given[name]
        if name == "self_drawn" and self._self_drawn_by_definition():
            return True
        return _DEFAULTS[name]

    def _self_drawn_by_definition(self) -> bool:
        """A win that can only be self-drawn was given (a kong replacement, the blessings of heaven
        and earth), and no discarder: "self_drawn" not given is then yes, not the default no
        (``--tenhou`` was refused as a win on a discard, where ``--kong-replacement`` was taken as
        self-drawn). With a discarder given, the rule set refuses the pair."""
        return self.given.get("discarder") is None and any(self.given.get(k) for k in SELF_DRAWN_BY_DEFINITION)

    def missing(self, names) -> list[str]:
        """The keys among ``names`` that were not given (their defaults will be used). A kong
        replacement win is self-drawn, with no discarder, under every rule set (001 « Finir sur le
        Kong », 002 §4.2.1, 004 2A): those two are then implied, not missing (it listed
        "self_drawn=no" as assumed over a self-drawn settlement)."""
        given = self.given
        implied = ("self_drawn", "discarder") if self._self_drawn_by_definition() else ()
        return [n for n in names if n not in given and n not in implied]

    def __contains__(self, name):
        return name in self.given

    def to_dict(self) -> dict:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.given.items()}

    def __eq__(self, other):
        return isinstance(other, Context) and self.given == other.given

    def __repr__(self):
        return f"Context({self.given!r})"
