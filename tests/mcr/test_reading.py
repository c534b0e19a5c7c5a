"""Readings and waits: the suit-by-suit shortcuts agree with a plain search."""
import random

from scorer.mcr.reading import _standard_sets, waiting_tiles


def _plain_waits(counts, seven_pairs):
    out = set()
    for t in range(34):
        c = list(counts)
        c[t] += 1
        if _standard_sets(tuple(c)) or (seven_pairs and sum(c) == 14 and all(n % 2 == 0 for n in c)):
            out.add(t)
    return out


def test_waits_match_a_plain_search():
    rng = random.Random(4)
    for _ in range(400):
        pool = rng.choice([list(range(9)), list(range(18)), list(range(34)), list(range(27, 34)) + [0, 8]])
        counts = [0] * 34
        n = rng.choice([1, 4, 7, 10, 13])
        while sum(counts) < n:
            t = rng.choice(pool)
            if counts[t] < 4:
                counts[t] += 1
        sp = n == 13
        assert waiting_tiles(tuple(counts), sp) == _plain_waits(counts, sp), counts


def test_standard_sets_lists_every_decomposition():
    # 111222333m: three pungs or three chows, with the pair 55p
    counts = [0] * 34
    for t in (0, 1, 2):
        counts[t] = 3
    counts[13] = 2
    counts[27] = 3
    readings = {tuple(sorted(s[:2] for s in sets)) for sets in _standard_sets(tuple(counts))}
    assert len(readings) == 2
