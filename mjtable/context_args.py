"""Command-line flags for the win context and rule options, generated from the scorer's
registries so that ``mjtable score`` and ``mjtable read`` accept the same flags."""
from __future__ import annotations

import argparse

from scorer import context as C
from scorer import errors


def add_context_arguments(parser: argparse.ArgumentParser, exclude: tuple = (), options: bool = True) -> None:
    """The win context's flags, but those of ``exclude`` (a game's hand takes its winds and seats
    from the game); ``options``: and ``--option``."""
    group = parser.add_argument_group("win context (what a photo cannot show)")
    for key in C.CONTEXT_KEYS.values():
        if key.name in exclude:
            continue
        flag = "--" + key.name.replace("_", "-")
        if key.check is C._bool:
            group.add_argument(flag, dest=f"ctx_{key.name}", action="store_const", const=True,
                               default=None, help=key.doc)
        elif key.check is C._wind:
            group.add_argument(flag, dest=f"ctx_{key.name}", choices=C.WIND_NAMES, default=None,
                               type=_wind, metavar="{E,S,W,N}", help=key.doc)
        elif key.check is C._count:
            group.add_argument(flag, dest=f"ctx_{key.name}", type=int, default=None, metavar="N", help=key.doc)
        elif key.check is C._tiles:
            group.add_argument(flag, dest=f"ctx_{key.name}", default=None, metavar="TILES",
                               help=key.doc + " (notation, e.g. 3m5z)")
        elif key.check is C._seat:
            group.add_argument(flag, dest=f"ctx_{key.name}", choices=C.RELATIVE_SEATS, default=None,
                               help=key.doc)
    if "dora_indicators" not in exclude:
        # the dora named itself, as 002's examples name it (« La dora est le 7 bambou »): taken as an
        # abbreviation of --dora-indicators, a beginner's 2p scored the 3p (refused, with the indicator)
        for name in ("dora", "ura_dora"):
            group.add_argument("--" + name.replace("_", "-"), dest=f"named_{name}", default=None,
                               help=argparse.SUPPRESS)
    if options:
        parser.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                            help="rule option (repeatable); values: true/false, numbers or words")


#: A wind written out ("--seat-wind East", « Sud »), as players say it: read as its letter; « O »
#: for Ouest, as the hand notation reads it.
_WIND_WORDS = {"EAST": "E", "SOUTH": "S", "WEST": "W", "NORTH": "N", "EST": "E", "SUD": "S", "OUEST": "W", "NORD": "N",
               "O": "W"}


def _wind(text: str) -> str:
    word = text.strip().upper()
    return _WIND_WORDS.get(word, word)


def _indicator_of(dora: str) -> str:
    """The indicator whose next tile is ``dora`` (002 §2.7)."""
    from scorer import tiles as T
    return next(c for c in T.TILE_CODES if T.next_tile(c) == T.normalize(dora))


def context_from_args(args) -> dict:
    """The win context the flags give."""
    from scorer import tiles as T
    from scorer.notation import parse_tiles
    for name in ("dora", "ura_dora"):
        text = getattr(args, f"named_{name}", None)
        if text is None:
            continue
        words, flag = name.replace("_", " "), "--" + name.replace("_", "-")
        try:
            dora = [t for t in parse_tiles(text) if not T.is_bonus(t)]
        except errors.HandError:
            dora = []
        hint = (f": for the {words} {''.join(dora)}, give {flag}-indicators "
                f"{''.join(_indicator_of(t) for t in dora)}") if dora else ""
        raise errors.HandError(errors.BAD_CONTEXT, f"{flag} is not taken: give the {words} indicators, the tiles "
                               f"turned over on the wall ({flag}-indicators); the {words} is the tile after each "
                               f"(002 §2.7){hint}", field=f"context.{name}_indicators")
    out = {}
    for key in C.CONTEXT_KEYS.values():
        v = getattr(args, f"ctx_{key.name}", None)
        if v is None:
            continue
        if key.check is C._tiles:
            text = v
            try:
                v = parse_tiles(text)
                key.check(key.name, v)     # a flower is a tile but no indicator: said of the flag too
            except errors.HandError as e:
                # said of the flag, with the caret under its value, not as if in the hand
                flag = "--" + key.name.replace("_", "-")
                err = errors.HandError(e.code, f"{flag} {text}: {e.message}", field=f"context.{key.name}",
                                       position=e.position)
                err.text = text
                raise err from None
        out[key.name] = v
    return out


def own_stick(context: dict) -> dict:
    """A riichi hand scored alone (not a game's) with its win ``context``: the winner's own stick
    counted when no ``riichi_sticks`` is given (``scorer.context.with_own_riichi_stick``); none at
    all is refused, in the flag's words."""
    return _in_flags_words(C.with_own_riichi_stick, context)


def _in_flags_words(count, given):
    """``count(given)``, its refusal of no stick said in the flag's words."""
    try:
        return count(given)
    except errors.HandError as e:
        raise errors.HandError(e.code, "--riichi-sticks 0 with a riichi declared: the winner's own stick is on the "
                               "table (002 §3.3.14); count it with any others (1 or more), or leave --riichi-sticks "
                               "out to count it alone", field=e.field) from None


def with_own_stick(hand):
    """``hand`` (its own context and the flags') with the winner's own stick (``own_stick``)."""
    return _in_flags_words(C.hand_with_own_riichi_stick, hand)


def options_from_args(args) -> dict:
    out = {}
    for item in args.option:
        name, sep, raw = item.partition("=")
        if not sep:
            raise errors.RulesError(errors.BAD_OPTION, f"write options as NAME=VALUE, not {item!r}")
        low = raw.strip().lower()
        if low in ("true", "yes", "on"):
            val = True
        elif low in ("false", "no", "off"):
            val = False
        else:
            try:
                val = int(raw)
            except ValueError:
                val = raw.strip()
        out[name.strip()] = val
    return out
