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


def test_suit_table_agrees_with_the_search():
    """The suit lookups (reading._sets_table) give what the search gives, for suit
    counts inside it and outside it (a fifth copy tried by the wait search, more than 14 tiles)."""
    from scorer.mcr.reading import _suit_ok, _suit_ok_search, _suit_ways, _suit_ways_search
    rng = random.Random(11)
    checked = inside = 0
    for _ in range(6000):
        honours = rng.random() < 0.2
        size = 7 if honours else 9
        key = tuple(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(size))
        if rng.random() < 0.1:
            key = key[:3] + (5,) + key[4:]
        if sum(key) % 3 == 1:
            continue
        checked += 1
        inside += max(key) <= 4 and sum(key) <= 14
        assert _suit_ways(key, honours) == _suit_ways_search(key, honours), key
        assert _suit_ok(key, honours) == _suit_ok_search(key, honours), key
    assert checked > 3000 and inside > 1000
    from scorer.mcr.reading import _sets_table
    for honours in (False, True):
        keys = sorted(_sets_table(honours))
        for key in rng.sample(keys, min(len(keys), 800)):
            assert _suit_ways(key, honours) == _suit_ways_search(key, honours) != (), key
            r = rng.randrange(len(key))
            if key[r] <= 2:        # the same sets with a pair
                with_pair = key[:r] + (key[r] + 2,) + key[r + 1:]
                assert _suit_ways(with_pair, honours) == _suit_ways_search(with_pair, honours) != ()
