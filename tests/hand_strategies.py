"""Hypothesis strategies for hands, shared by the rule-set property tests: random tile
multisets (mostly not winning), hands built from random sets and a pair (mostly winning),
with random melds, flowers and context."""
from __future__ import annotations

from hypothesis import strategies as st

from scorer import tiles as T

PLAYING = list(T.TILE_CODES)
WINDS = ["E", "S", "W", "N"]
SEATS = [None, "left", "across", "right"]


def _set_tiles(draw):
    kind = draw(st.sampled_from(["chow", "pung", "kong"]))
    if kind == "chow":
        suit = draw(st.sampled_from("mps"))
        n = draw(st.integers(1, 7))
        return kind, [f"{n + k}{suit}" for k in range(3)]
    code = draw(st.sampled_from(PLAYING))
    return kind, [code] * (4 if kind == "kong" else 3)


@st.composite
def contexts(draw, keys=None):
    ctx = {}
    options = {
        "self_drawn": st.booleans(), "seat_wind": st.sampled_from(WINDS),
        "round_wind": st.sampled_from(WINDS), "last_tile": st.booleans(),
        "kong_replacement": st.booleans(), "robbing_kong": st.booleans(),
        "last_of_kind": st.booleans(), "discarder": st.sampled_from(SEATS),
        "riichi": st.booleans(), "double_riichi": st.booleans(), "ippatsu": st.booleans(),
        "tenhou": st.booleans(), "chiihou": st.booleans(), "renhou": st.booleans(),
        "dora_indicators": st.lists(st.sampled_from(PLAYING), max_size=3),
        "ura_dora_indicators": st.lists(st.sampled_from(PLAYING), max_size=3),
        "honba": st.integers(0, 5), "riichi_sticks": st.integers(0, 4),
        "red_fives": st.booleans(), "liable_player": st.sampled_from(SEATS),
    }
    for key, strat in options.items():
        if (keys is None or key in keys) and draw(st.booleans()):
            ctx[key] = draw(strat)
    return ctx


@st.composite
def hand_dicts(draw, winning_shape=None, context_keys=None):
    """A hand JSON: ``winning_shape`` True builds four sets and a pair, False a random
    multiset, None either."""
    shape = draw(st.booleans()) if winning_shape is None else winning_shape
    melds, concealed = [], []
    if shape:
        for _ in range(4):
            kind, tiles = _set_tiles(draw)
            if draw(st.integers(0, 2)) == 0:
                exposed = kind == "kong" and draw(st.booleans())
                melds.append({"type": kind, "tiles": tiles,
                              "concealed": kind == "kong" and not exposed,
                              **({"claimed": tiles[0], "from": "left"} if not (kind == "kong" and not exposed) else {})})
            else:
                concealed.extend(tiles[:3])
        concealed.extend([draw(st.sampled_from(PLAYING))] * 2)
    else:
        n_melds = draw(st.integers(0, 2))
        for _ in range(n_melds):
            kind, tiles = _set_tiles(draw)
            melds.append({"type": kind, "tiles": tiles})
        concealed = draw(st.lists(st.sampled_from(PLAYING + list(T.RED_FIVES)),
                                  min_size=14 - 3 * n_melds, max_size=14 - 3 * n_melds))
    if draw(st.booleans()):
        concealed = [("0" + c[1]) if c[0] == "5" and c[1] != "z" and draw(st.booleans()) else c
                     for c in concealed]
    win = draw(st.sampled_from(concealed)) if concealed else "1m"
    bonus = draw(st.lists(st.sampled_from(list(T.BONUS_CODES)), max_size=8, unique=True))
    return {"concealed": concealed, "melds": melds, "winning_tile": win, "bonus": bonus,
            "context": draw(contexts(context_keys))}
