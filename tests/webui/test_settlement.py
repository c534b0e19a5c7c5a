"""Seating the scorer's payers (relative to the winner, or by role) at the game's table."""
import pytest

from webui import settlement as S


def test_relative_seats_follow_turn_order():
    # Player 0 is East; South (1) plays after East, so East sits on South's left.
    assert S.seat_at(1, "left") == 0
    assert S.seat_at(1, "right") == 2
    assert S.seat_at(1, "across") == 3
    assert S.seat_at(0, "left") == 3
    for w in range(4):
        for other in range(4):
            if other != w:
                assert S.seat_at(w, S.relative_of(w, other)) == other


def test_mcr_shape_discarder_and_others():
    pays = S.map_payments([{"payer": "discarder", "amount": 16}, {"payer": "other", "amount": 8}],
                          winner=2, discarder=1, dealer=0)
    assert sorted((p["payer"], p["amount"]) for p in pays) == [(0, 8), (1, 16), (3, 8)]
    assert all(p["payee"] == 2 for p in pays)
    assert S.deltas_of(pays) == [-8, -16, 32, -8]


def test_role_listed_once_per_member_is_split():
    pays = S.map_payments([{"payer": "other", "amount": 5}, {"payer": "other", "amount": 7},
                           {"payer": "discarder", "amount": 20}], winner=0, discarder=3, dealer=0)
    assert sorted((p["payer"], p["amount"]) for p in pays) == [(1, 5), (2, 7), (3, 20)]


def test_dealer_roles_and_relative_payers():
    pays = S.map_payments([{"payer": "dealer", "amount": 20}, {"payer": "non_dealer", "amount": 10}],
                          winner=2, discarder=None, dealer=1)
    assert S.deltas_of(pays) == [-10, -20, 40, -10]
    pays = S.map_payments([{"payer": "left", "amount": 3}, {"payer": "across", "amount": 4}],
                          winner=1, discarder=None, dealer=0)
    assert S.deltas_of(pays) == [-3, 7, 0, -4]


def test_unseatable_payers_are_clear_errors():
    with pytest.raises(S.SettlementError, match="who discarded"):
        S.map_payments([{"payer": "discarder", "amount": 1}], winner=0, discarder=None, dealer=0)
    with pytest.raises(S.SettlementError, match="cannot seat"):
        S.map_payments([{"payer": "banker", "amount": 1}], winner=0, discarder=None, dealer=0)
    with pytest.raises(S.SettlementError):
        S.map_payments([{"payer": "dealer", "amount": 1}], winner=0, discarder=None, dealer=0)


def test_penalty_pays_each_other_player():
    assert S.deltas_of(S.penalty(2, 10)) == [10, 10, -30, 10]


def test_next_deal():
    win = lambda w, d: {"kind": "win", "winner": w, "dealer": d, "round_wind": "E", "deltas": [0] * 4}
    assert S.next_deal("mcr", []) == (0, "E")
    assert S.next_deal("mcr", [win(0, 0)]) == (1, "E")          # MCR: the deal always passes
    assert S.next_deal("riichi", [win(0, 0)]) == (0, "E")       # riichi: the dealer won, keeps it
    assert S.next_deal("riichi", [win(2, 0)]) == (1, "E")
    h = [{"kind": "draw", "dealer": 3, "round_wind": "E", "deltas": [0] * 4}]
    assert S.next_deal("mcr", h) == (0, "S")                    # back to the first dealer: next wind
    h.append({"kind": "penalty", "dealer": 0, "round_wind": "S", "winner": 1, "deltas": [0] * 4})
    assert S.next_deal("mcr", h) == (0, "S")                    # a penalty does not end a hand


def test_table_payments_are_shown_but_not_counted():
    pays = S.map_payments([{"payer": "discarder", "amount": 3900}, {"payer": "table", "amount": 2000}],
                          winner=0, discarder=2, dealer=0)
    assert {"payer": None, "payee": 0, "amount": 2000, "reason": "", "from": "table"} in pays
    assert S.deltas_of(pays) == [3900, 0, -3900, 0]


def test_east_role_is_the_dealer():
    pays = S.map_payments([{"payer": "East", "amount": 20}, {"payer": "other", "amount": 10}],
                          winner=1, discarder=None, dealer=3)
    assert S.deltas_of(pays) == [-10, 40, -10, -20]
