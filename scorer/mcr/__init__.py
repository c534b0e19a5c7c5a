"""Chinese Official mahjong (MCR, 81 fans): scoring with explanations.

Sources: ../shared/rules/000 (the 81 fans, values, exclusions, payments) and 001 (FFMJ 2013:
remarks and worked totals); disagreements are ruled in docs/rulings.md (MCR section).

Design: ``fans.py`` is the one fan table; ``exclusions.py`` the one exclusion table;
``patterns/`` registered units that report the fans a reading shows; ``engine.py`` keeps the
reading with the highest total.
"""
from __future__ import annotations

from types import SimpleNamespace

from .. import errors
from ..result import ScoreResult
from .engine import build_result, evaluate, keys_read
from .options import Options
from .reading import readings, waiting_tiles

NAME = "mcr"
TITLE = "Chinese Official (MCR, 81 fans)"
CONTEXT_KEYS = ("self_drawn", "seat_wind", "round_wind", "last_tile", "kong_replacement",
                "robbing_kong", "last_of_kind", "discarder")

__all__ = ["NAME", "TITLE", "Options", "CONTEXT_KEYS", "score"]


_DEFAULT = Options()


def score(hand, options: Options | None = None) -> ScoreResult:
    options = _DEFAULT if options is None else options
    try:
        h, best = evaluate(hand, options)
    except errors.HandError as e:
        if not (e.field or "").startswith("context."):
            raise
        # a context no play can give (HandFacts._read_flags): the result's error, as every other
        # rule set gives it (bad_context), not an input error that stopped `--rules all` whole
        return ScoreResult(rules=NAME, valid=False,
                           error={"code": errors.BAD_CONTEXT, "field": e.field, "message": e.message},
                           assumed=hand.context.missing(keys_read(CONTEXT_KEYS, bool(hand.context.get("self_drawn")))))
    if best is None:
        return ScoreResult(rules=NAME, valid=False,
                           error={"code": errors.NOT_COMPLETE, "message": _not_complete(h)},
                           assumed=hand.context.missing(keys_read(CONTEXT_KEYS, bool(hand.context.get("self_drawn")))))
    return build_result(hand, options, h, best, CONTEXT_KEYS)


def _not_complete(h) -> str:
    """Why the tiles do not win, and what a referee checks first: the tiles the others wait on, in
    every MCR shape (000 n°9-11 read waits so), or that none does."""
    from ..tiles import TILE_CODES, tiles_or
    before = list(h.standing)
    before[h.win] -= 1
    # a fifth copy is no wait: four held, in the hand or its sets ("[1111m,1]23m456p789s55z 6z" was
    # told it waits on 1m)
    held = list(h.counts)
    held[h.win] -= 1
    waits = sorted(t for t in waiting_tiles(tuple(before), not h.melds) | _special_waits(before, h.melds)
                   if held[t] < 4)
    win = TILE_CODES[h.win]
    shapes = ("the tiles do not make a complete MCR hand: 4 sets and a pair, seven pairs, thirteen orphans, "
              "honours and knitted tiles, or a knitted straight with a set and a pair")
    if waits:
        return f"{shapes}; without its winning tile {win} the hand waits on {tiles_or([TILE_CODES[i] for i in waits])}"
    return f"{shapes}; without its winning tile {win} no tile completes it"


def _special_waits(before: list[int], melds: tuple) -> set[int]:
    """The tiles that complete ``before`` (13 tiles less the melds) in a shape other than sets and a
    pair or seven pairs: thirteen orphans, honours and knitted tiles, a knitted straight (000 n°81,
    n°44 and n°56, n°45). "14m25s36p1234567z" less one honour was told no tile completes it, where
    that honour makes Greater Honours and Knitted Tiles."""
    found = set()
    if len(melds) > 1:
        return found                # each shape has one set at most (a knitted straight's)
    for t in range(34):
        if before[t] >= 4:
            continue
        after = list(before)
        after[t] += 1
        distinct = tuple(i for i in range(34) if after[i])
        facts = SimpleNamespace(standing=tuple(after), melds=melds, distinct=distinct, win=t,
                                bits=sum(1 << i for i in distinct), nine_gates=False)
        if any(r.form not in ("standard", "seven_pairs", "seven_shifted_pairs") for r in readings(facts)):
            found.add(t)
    return found
