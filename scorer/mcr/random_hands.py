"""Random legal MCR winning hands, for the differential test against PyMahjongGB and for
``mjtable bench scorer`` (both need the same kind of hands). Also converts a hand to
PyMahjongGB's ``MahjongFanCalculator`` arguments (the module itself is imported by callers)."""
from __future__ import annotations

import random

from .. import tiles as T
from ..context import WIND_NAMES
from ..hand import Hand, make_meld
from ..context import Context
from .reading import KNITTED_STRAIGHTS

_SEATS = ("left", "across", "right")


def _pick_pool(rng: random.Random) -> list[int]:
    """Tile kinds a hand draws from: biased toward one or two suits and honours, so that flushes,
    honour hands and the rarer fans appear often enough to be tested."""
    roll = rng.random()
    suits = [0, 1, 2]
    rng.shuffle(suits)
    if roll < 0.45:
        kinds = list(range(34))
    elif roll < 0.65:
        kinds = [suits[0] * 9 + r for r in range(9)] + list(range(27, 34))
    elif roll < 0.75:
        kinds = [suits[0] * 9 + r for r in range(9)]
    elif roll < 0.85:
        kinds = [s * 9 + r for s in suits[:2] for r in range(9)]
    elif roll < 0.92:
        kinds = list(range(27, 34)) + [s * 9 + r for s in suits for r in (0, 8)]
    else:
        lo = rng.choice([0, 3, 5, 6])
        kinds = [s * 9 + r for s in suits for r in range(lo, min(9, lo + 4))]
    return kinds


def _standard(rng, counts, pool, n_melds):
    """Four sets and a pair drawn from ``pool``; returns (melds spec, standing indices) or None."""
    sets = []
    for _ in range(4):
        for _try in range(30):
            t = rng.choice(pool)
            if t < 27 and t % 9 <= 6 and rng.random() < 0.55:
                if counts[t] and counts[t + 1] and counts[t + 2]:
                    for i in (t, t + 1, t + 2):
                        counts[i] -= 1
                    sets.append(("chow", t))
                    break
            elif counts[t] >= 3:
                counts[t] -= 3
                sets.append(("pung", t))
                break
        else:
            return None
    for _try in range(30):
        p = rng.choice(pool)
        if counts[p] >= 2:
            counts[p] -= 2
            break
    else:
        return None
    rng.shuffle(sets)
    melds, standing = [], [p, p]
    for k, (kind, t) in enumerate(sets):
        if k < n_melds:
            if kind == "pung" and counts[t] >= 1 and rng.random() < 0.35:
                counts[t] -= 1
                melds.append(("kong", t, rng.random() < 0.45))
            else:
                melds.append((kind, t, False))
        else:
            standing.extend([t, t + 1, t + 2] if kind == "chow" else [t] * 3)
    return melds, standing


def _special(rng, counts):
    roll = rng.random()
    if roll < 0.5:                                 # seven pairs
        kinds = rng.sample(_pick_pool(rng), 7) if rng.random() < 0.5 else None
        if kinds is None or len(kinds) < 7:
            kinds = rng.sample(range(34), 7)
        return [t for t in kinds for _ in range(2)]
    if roll < 0.6:                                 # seven shifted pairs
        s, lo = rng.randrange(3), rng.randrange(3)
        return [s * 9 + lo + k for k in range(7) for _ in range(2)]
    if roll < 0.7:                                 # thirteen orphans
        base = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        return base + [rng.choice(base)]
    if roll < 0.76:                                # nine gates
        s = rng.randrange(3) * 9
        return [s + r for r, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)) for _ in range(n)] + [
            s + rng.randrange(9)]
    if roll < 0.85:                                # honours and knitted tiles
        knit = list(rng.choice(KNITTED_STRAIGHTS))
        n_hon = rng.randint(5, 7)
        hon = rng.sample(range(27, 34), n_hon)
        return rng.sample(knit, 14 - n_hon) + hon
    knit = list(rng.choice(KNITTED_STRAIGHTS))     # knitted straight + set + pair
    for i in knit:
        counts[i] -= 1
    res = _standard_tail(rng, counts)
    return None if res is None else knit + res


def _standard_tail(rng, counts):
    pool = list(range(34))
    for _try in range(30):
        t = rng.choice(pool)
        if t < 27 and t % 9 <= 6 and rng.random() < 0.5 and counts[t] and counts[t + 1] and counts[t + 2]:
            s = [t, t + 1, t + 2]
            break
        if counts[t] >= 3:
            s = [t] * 3
            break
    else:
        return None
    for i in s:
        counts[i] -= 1
    for _try in range(30):
        p = rng.choice(pool)
        if counts[p] >= 2:
            return s + [p, p]
    return None


def random_hand(rng: random.Random) -> Hand:
    """One random legal MCR winning hand with melds, kongs, flowers, winds and win flags."""
    while True:
        counts = [4] * 34
        if rng.random() < 0.06:
            standing = _special(rng, counts)
            melds = []
            if standing is None:
                continue
            # a knitted straight may have its 4th set melded (000 n°45: 3 sets + pair form)
            knit = next((k for k in KNITTED_STRAIGHTS if set(k) <= set(standing)), ())
            if knit and rng.random() < 0.3:
                for t in set(standing):
                    if standing.count(t) == (4 if t in knit else 3):
                        for _ in range(3):
                            standing.remove(t)
                        melds = [("pung", t, False)]
                        break
        else:
            n_melds = rng.choices((0, 1, 2, 3, 4), (30, 25, 20, 15, 10))[0]
            res = _standard(rng, counts, _pick_pool(rng), n_melds)
            if res is None:
                continue
            melds, standing = res
        all_counts = [0] * 34
        for t in standing:
            all_counts[t] += 1
        for kind, t, _c in melds:
            for i in ([t, t + 1, t + 2] if kind == "chow" else [t] * (4 if kind == "kong" else 3)):
                all_counts[i] += 1
        if max(all_counts) > 4:
            continue
        return _finish(rng, melds, standing, all_counts)


def _finish(rng, melds, standing, all_counts) -> Hand:
    win = rng.choice(standing)
    meld_objs = []
    for kind, t, concealed in melds:
        codes = [T.code_of(i) for i in ([t, t + 1, t + 2] if kind == "chow" else
                                         [t] * (4 if kind == "kong" else 3))]
        if concealed:
            meld_objs.append(make_meld("kong", codes, concealed=True))
        elif kind == "chow":
            meld_objs.append(make_meld("chow", codes, claimed=rng.choice(codes), from_="left"))
        else:
            meld_objs.append(make_meld(kind, codes, claimed=codes[0], from_=rng.choice(_SEATS)))
    ctx = {"seat_wind": rng.choice(WIND_NAMES), "round_wind": rng.choice(WIND_NAMES)}
    self_drawn = rng.random() < 0.5
    has_kong = any(m.type == "kong" for m in meld_objs)
    if self_drawn and has_kong and rng.random() < 0.15:
        ctx["kong_replacement"] = True
    elif not self_drawn and all_counts[win] == 1 and rng.random() < 0.1:
        ctx["robbing_kong"] = True
    ctx["self_drawn"] = self_drawn
    if rng.random() < 0.06 and not ctx.get("robbing_kong"):    # a robbed kong is never the last tile
        ctx["last_tile"] = True
    if standing.count(win) == 1 and rng.random() < 0.12:
        ctx["last_of_kind"] = True
    if not self_drawn:
        ctx["discarder"] = rng.choice(_SEATS)
    n_flowers = rng.choices(range(9), (40, 25, 15, 8, 5, 3, 2, 1, 1))[0]
    bonus = sorted(rng.sample(T.BONUS_CODES, n_flowers))
    return Hand(tuple(T.sorted_codes(T.code_of(i) for i in standing)), tuple(meld_objs),
                T.code_of(win), tuple(bonus), Context(ctx))


# ---- PyMahjongGB arguments ------------------------------------------------------------------

_GB_SUIT = {"m": "W", "p": "B", "s": "T"}
_GB_HONOUR = {1: "F1", 2: "F2", 3: "F3", 4: "F4", 5: "J3", 6: "J2", 7: "J1"}  # J1 red, J2 green, J3 white
_GB_OFFER = {"left": 1, "across": 2, "right": 3}


def gb_tile(code: str) -> str:
    code = T.normalize(code)
    n, s = int(code[0]), code[1]
    return _GB_HONOUR[n] if s == "z" else f"{_GB_SUIT[s]}{n}"


def pymahjonggb_args(hand: Hand) -> tuple:
    """Positional arguments of ``MahjongGB.MahjongFanCalculator`` for ``hand``."""
    packs = []
    for m in hand.melds:
        if m.type == "chow":
            offer = [T.normalize(t) for t in m.tiles].index(T.normalize(m.claimed)) + 1 if m.claimed else 1
            packs.append(("CHI", gb_tile(m.tiles[1]), offer))
        elif m.type == "pung":
            packs.append(("PENG", gb_tile(m.tiles[0]), _GB_OFFER.get(m.from_, 1)))
        else:
            packs.append(("GANG", gb_tile(m.tiles[0]), 0 if m.concealed else _GB_OFFER.get(m.from_, 1)))
    standing = list(hand.concealed)
    standing.remove(hand.winning_tile)
    ctx = hand.context
    replacement = ctx.get("kong_replacement")
    self_drawn = ctx.get("self_drawn") or replacement
    return (tuple(packs), tuple(gb_tile(t) for t in standing), gb_tile(hand.winning_tile),
            len(hand.bonus), bool(self_drawn), bool(ctx.get("last_of_kind")),
            bool(replacement or ctx.get("robbing_kong")), bool(ctx.get("last_tile")),
            "ESWN".index(ctx.get("seat_wind")), "ESWN".index(ctx.get("round_wind")))
