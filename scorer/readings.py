"""Readings of a hand as four sets and a pair, with each set's tiles and whether it is
concealed: the view the Hong Kong and classical scorers share (melds are fixed; the standing
tiles are split by :func:`scorer.decompose.standard_decompositions`).

A set completed by a discarded winning tile is *exposed* for scoring in the classical game
(003: "une combinaison réalisée à l'aide d'un écart ... doit être exposée"); ``won_on`` marks
the set (or pair) the winning tile is read into, so a scorer can apply that.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import tiles as T
from .decompose import completing_tiles, is_thirteen_orphans, standard_decompositions
from .hand import Hand
from .result import Decomposition, set_entry


@dataclass(frozen=True)
class Set:
    kind: str            # chow | pung | kong
    first: int           # tile index of the lowest tile
    concealed: bool      # standing set, or concealed kong
    declared: bool       # laid on the table as a meld
    claimed_from: str | None = None   # for a claimed meld: left / across / right
    added: bool = False

    @property
    def codes(self) -> list[str]:
        n = {"chow": 1, "pung": 3, "kong": 4}[self.kind]
        if self.kind == "chow":
            return [T.code_of(self.first + k) for k in range(3)]
        return [T.code_of(self.first)] * n

    @property
    def code(self) -> str:
        return T.code_of(self.first)

    @property
    def is_pung(self) -> bool:       # pung or kong
        return self.kind in ("pung", "kong")

    def to_dict(self) -> dict:
        return set_entry(self.kind, self.codes, self.concealed, self.declared)


@dataclass(frozen=True)
class Reading:
    sets: tuple[Set, ...]
    pair: int | None          # tile index of the pair; None for thirteen orphans
    won_on: int | None        # index in sets of the set the winning tile completes; -1 the pair
    form: str = "standard"

    @property
    def pair_code(self) -> str | None:
        return None if self.pair is None else T.code_of(self.pair)

    def decomposition(self, on_a_discard: bool = False) -> Decomposition:
        """The reading as the shared result's decomposition (sets, then the pair). Won
        ``on_a_discard``, the pung the winning tile completes is exposed, and said so, as MCR and
        riichi say it (its points are an exposed pung's: [B] ch. VI fig. 18, 003)."""
        sets = [s.to_dict() for s in self.sets]
        if on_a_discard and self.won_on is not None and self.won_on >= 0:
            s = self.sets[self.won_on]
            if s.is_pung and s.concealed and not s.declared:
                sets[self.won_on] = set_entry(s.kind, s.codes, False, False, "completed by the discard")
        if self.pair is not None:
            sets.append(set_entry("pair", [self.pair_code] * 2, True))
        return Decomposition(self.form, sets)


def _meld_sets(hand: Hand) -> list[Set]:
    return [Set(m.type, m.first, m.concealed, True, m.from_, m.added) for m in hand.melds]


def readings(hand: Hand, *, thirteen_orphans: bool = True) -> list[Reading]:
    """Every reading of the hand, one per place the winning tile can complete. Empty when the
    tiles are not a winning shape."""
    if hand.won_on_flower:          # the 13 tiles held make no hand: the flowers win (004 6D)
        return []
    counts = hand.concealed_counts
    melds = _meld_sets(hand)
    win = T.index(hand.winning_tile)
    out: list[Reading] = []
    for pair, sets in standard_decompositions(counts):
        standing = [Set(kind, first, True, False) for kind, first in sets]
        all_sets = tuple(melds + standing)
        places = set()
        if pair == win:
            places.add(-1)
        for k, s in enumerate(standing):
            covered = range(s.first, s.first + 3) if s.kind == "chow" else (s.first,)
            if win in covered:
                places.add(len(melds) + k)
        for place in sorted(places):
            out.append(Reading(all_sets, pair, place))
    if thirteen_orphans and not hand.melds and is_thirteen_orphans(counts):
        out.append(Reading((), None, None, "thirteen_orphans"))
    return out


def is_seven_pairs(hand: Hand) -> bool:
    """The 14 tiles stand as seven pairs (a pair twice counts, as four of a kind), no meld: a
    winning hand under MCR and riichi that the Hong Kong and classical scorers name when refusing."""
    counts = hand.concealed_counts
    return not hand.melds and sum(counts) == 14 and all(c % 2 == 0 for c in counts)


def waits(hand: Hand, seven_pairs: bool = False) -> list[str]:
    """Tiles that would complete the hand in place of the winning tile (the "calling" tiles);
    ``seven_pairs``: seven different pairs count as complete too."""
    if hand.won_on_flower:
        return []
    counts = hand.concealed_counts
    counts[T.index(hand.winning_tile)] -= 1
    held = [0] * 34
    for t in hand.all_tiles:
        held[T.index(t)] += 1
    held[T.index(hand.winning_tile)] -= 1
    return completing_tiles(counts, len(hand.melds), held, seven_pairs)


def waits_said(hand: Hand, seven_pairs: bool = False) -> str:
    """What a hand refused as no winning hand would have won on, as the refusal says it: the
    tiles that complete it in place of its winning tile (``waits``; with ``seven_pairs``, seven
    different pairs too, as riichi knows them: 002 §4.2.2), or that none does. A beginner told
    only "these tiles do not form four sets and a pair" could not see which tile was wrong."""
    found = waits(hand, seven_pairs)
    win = T.normalize(hand.winning_tile)
    if found:
        return f"without its winning tile {win} the hand waits on {T.tiles_or(found)}"
    return f"without its winning tile {win} no tile completes it"
