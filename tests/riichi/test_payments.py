"""The EMA score table (002 §6, page 41), transcribed cell by cell, against the payment
function (002 §4.1.2), plus counters, riichi sticks and liability (pao)."""
from __future__ import annotations

import pytest

from scorer.riichi.payments import hand_payment, limit_name

# Non-dealer ("Joueur ordinaire"): (fu, han) → (ron, tsumo paid by each non-dealer, tsumo paid
# by the dealer). None where the table leaves the cell empty. "Mangan" cells are 8000/2000/4000.
M = (8000, 2000, 4000)
NON_DEALER = {
    20: {2: (None, 400, 700), 3: (None, 700, 1300), 4: (None, 1300, 2600)},
    25: {2: (1600, None, None), 3: (3200, 800, 1600), 4: (6400, 1600, 3200)},
    30: {1: (1000, 300, 500), 2: (2000, 500, 1000), 3: (3900, 1000, 2000), 4: (7700, 2000, 3900)},
    40: {1: (1300, 400, 700), 2: (2600, 700, 1300), 3: (5200, 1300, 2600), 4: M},
    50: {1: (1600, 400, 800), 2: (3200, 800, 1600), 3: (6400, 1600, 3200), 4: M},
    60: {1: (2000, 500, 1000), 2: (3900, 1000, 2000), 3: (7700, 2000, 3900), 4: M},
    70: {1: (2300, 600, 1200), 2: (4500, 1200, 2300), 3: M, 4: M},
    80: {1: (2600, 700, 1300), 2: (5200, 1300, 2600), 3: M, 4: M},
}
# Dealer ("Ouvreur"): (fu, han) → (ron, tsumo paid by each of the three).
DM = (12000, 4000)
DEALER = {
    20: {2: (None, 700), 3: (None, 1300), 4: (None, 2600)},
    25: {2: (2400, None), 3: (4800, 1600), 4: (9600, 3200)},
    30: {1: (1500, 500), 2: (2900, 1000), 3: (5800, 2000), 4: (11600, 3900)},
    40: {1: (2000, 700), 2: (3900, 1300), 3: (7700, 2600), 4: DM},
    50: {1: (2400, 800), 2: (4800, 1600), 3: (9600, 3200), 4: DM},
    60: {1: (2900, 1000), 2: (5800, 2000), 3: (11600, 3900), 4: DM},
    70: {1: (3400, 1200), 2: (6800, 2300), 3: DM, 4: DM},
    80: {1: (3900, 1300), 2: (7700, 2600), 3: DM, 4: DM},
}
# Limit hands (bottom of the table): name, han → non-dealer (ron, tsumo non-dealer, tsumo
# dealer), dealer (ron, tsumo each).
LIMITS = {
    "mangan": (5, (8000, 2000, 4000), (12000, 4000)),
    "haneman": (6, (12000, 3000, 6000), (18000, 6000)),
    "baiman": (8, (16000, 4000, 8000), (24000, 8000)),
    "sanbaiman": (11, (24000, 6000, 12000), (36000, 12000)),
}

CELLS = [(fu, han) for fu, row in NON_DEALER.items() for han in row]


@pytest.mark.parametrize("fu,han", CELLS)
def test_non_dealer_cell(fu, han):
    ron, other, dealer = NON_DEALER[fu][han]
    v = hand_payment(han, fu, dealer=False)
    if ron is not None:
        assert v.ron == ron
    if other is not None:
        assert (v.tsumo_other, v.tsumo_dealer) == (other, dealer)


@pytest.mark.parametrize("fu,han", [(fu, han) for fu, row in DEALER.items() for han in row])
def test_dealer_cell(fu, han):
    ron, each = DEALER[fu][han]
    v = hand_payment(han, fu, dealer=True)
    if ron is not None:
        assert v.ron == ron
    if each is not None:
        assert v.tsumo_dealer == v.tsumo_other == each


@pytest.mark.parametrize("name", LIMITS)
def test_limit_rows(name):
    han, (ron, other, dealer_pays), (d_ron, d_each) = LIMITS[name]
    for h in range(han, {"mangan": 6, "haneman": 8, "baiman": 11, "sanbaiman": 14}[name]):
        v = hand_payment(h, 30, dealer=False)
        assert (v.limit, v.ron, v.tsumo_other, v.tsumo_dealer) == (name, ron, other, dealer_pays)
        d = hand_payment(h, 30, dealer=True)
        assert (d.ron, d.tsumo_dealer, d.tsumo_other) == (d_ron, d_each, d_each)


def test_yakuman_row():
    v = hand_payment(13, 0, dealer=False, yakuman=True)
    assert (v.ron, v.tsumo_other, v.tsumo_dealer) == (32000, 8000, 16000)
    d = hand_payment(13, 0, dealer=True, yakuman=True)
    assert (d.ron, d.tsumo_dealer) == (48000, 16000)


def test_counted_han_never_reach_yakuman():
    # kazoe limit is sanbaiman in EMA (rules-conflicts.md): 13+ han without a yakuman
    assert limit_name(13, 40) == limit_name(20, 40) == "sanbaiman"


def test_no_kiriage_4_han_30_fu_is_not_mangan():
    assert limit_name(4, 30) == "" and hand_payment(4, 30, dealer=False).ron == 7700


@pytest.mark.parametrize("dealer", [False, True])
@pytest.mark.parametrize("self_drawn", [False, True])
def test_the_payment_steps_said_reach_the_payments_made(dealer, self_drawn):
    """The steps a player is shown (basic points, then what each pays, 002 §4.1.2) end on the
    amounts the table above pays, over every han and fu."""
    from scorer.riichi.payments import payment_steps
    for fu in (20, 25, 30, 40, 50, 60, 70, 80, 110):
        for han in range(1, 14):
            value = hand_payment(han, fu, dealer)
            steps = payment_steps({"han": han, "fu": fu, "limit": value.limit, "basic_points": value.basic,
                                   "dealer": dealer, "self_drawn": self_drawn})
            (first, basics), (last, fields) = steps
            assert basics["basic"] == value.basic and ("capped" in first) == (bool(value.limit) and han < 5)
            if not self_drawn:
                assert fields["paid"] == value.ron
            elif dealer:
                assert fields["paid"] == value.tsumo_dealer == value.tsumo_other
            else:
                assert (fields["dealer_pays"], fields["other_pays"]) == (value.tsumo_dealer, value.tsumo_other)


def test_a_robbed_kong_is_paid_by_the_player_who_added_it_and_says_so():
    # a beginner read "discarder" on a win that robbed a kong: no tile was discarded (002 §4.2.1)
    import scorer
    res = scorer.score(scorer.to_hand("[123m]456p789s23s55m 4s", {"robbing_kong": True, "honba": 1,
                                                                 "seat_wind": "S"}), "riichi")
    assert [p.reason for p in res.payments] == ["robbing the kong: paid by the player who added the kong "
                                                "+ 1 counter(s) × 300"]
