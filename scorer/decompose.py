"""Ways to read standing tiles as sets and a pair (shared by MCR, HK and classical scorers).

Sets are ``(kind, first)`` pairs with kind ``"chow"`` or ``"pung"`` and ``first`` the tile index
of the set's lowest tile. A chow never crosses suits or uses honours.
"""
from __future__ import annotations

from functools import lru_cache

from . import tiles as T

CHOW, PUNG = "chow", "pung"


def _can_start_chow(i: int) -> bool:
    return i < 27 and i % 9 <= 6


def standard_decompositions(counts: list[int] | tuple[int, ...]) -> list[tuple[int, tuple]]:
    """All readings of ``counts`` (34 tile counts, total 3n+2) as n sets and one pair.

    Returns ``[(pair_index, ((kind, first), ...)), ...]``, sets sorted, no duplicates.
    """
    return list(_decompose(tuple(counts)))


@lru_cache(maxsize=65536)
def _decompose(counts: tuple[int, ...]) -> tuple:
    if sum(counts) % 3 != 2:
        return ()
    out = []
    c = list(counts)
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            for sets in _sets_only(tuple(c)):
                out.append((p, sets))
            c[p] += 2
    return tuple(out)


@lru_cache(maxsize=65536)
def _sets_only(counts: tuple[int, ...]) -> tuple:
    """All ways to split counts entirely into sets (sorted tuples)."""
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return ((),)
    results = []
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        for rest in _sets_only(tuple(c)):
            results.append(((PUNG, i),) + rest)
        c[i] += 3
    if _can_start_chow(i) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        for rest in _sets_only(tuple(c)):
            results.append(((CHOW, i),) + rest)
    return tuple(results)


def is_seven_pairs(counts) -> bool:
    """Seven pairs; four of a kind counts as two pairs (000 n°19 / 002 chiitoitsu differ: each
    rule set decides whether to accept that, this only reports the shape)."""
    return sum(counts) == 14 and all(n in (0, 2, 4) for n in counts)


THIRTEEN_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def is_thirteen_orphans(counts) -> bool:
    return (sum(counts) == 14 and all(counts[i] >= 1 for i in THIRTEEN_ORPHANS)
            and sum(counts[i] for i in THIRTEEN_ORPHANS) == 14)


def completing_tiles(counts: list[int], n_melds: int, held: list[int], seven_pairs: bool = False) -> list[str]:
    """Tiles that complete standing ``counts`` (``n_melds`` sets declared beside them) into sets
    and a pair or thirteen orphans, and with ``seven_pairs`` into seven different pairs (002
    §4.2.2), leaving out a tile the hand holds four of (``held``: counts of all its tiles)."""
    counts = list(counts)
    out = []
    for i in range(34):
        if held[i] >= 4:
            continue
        counts[i] += 1
        if standard_decompositions(counts) or (n_melds == 0 and (is_thirteen_orphans(counts) or (
                seven_pairs and sum(counts) == 14 and all(c in (0, 2) for c in counts)))):
            out.append(T.code_of(i))
        counts[i] -= 1
    return out
