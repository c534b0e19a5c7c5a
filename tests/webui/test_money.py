"""Settling an evening in money (``webui.money``): amounts, rounding that keeps a zero-sum table
at zero, few payments, and a table that does not add up (a tournament chombo)."""
from decimal import Decimal

import pytest

from webui import money
from webui.validation import InputError


def test_amounts_are_scores_times_the_rate_and_the_payments_settle_them():
    s = money.settle({"Ann": 48, "Bob": -16, "Cy": -16, "Di": -16}, Decimal("0.5"))
    assert s.amounts == {"Ann": 24, "Bob": -8, "Cy": -8, "Di": -8}
    assert s.payments == [("Bob", "Ann", 8), ("Cy", "Ann", 8), ("Di", "Ann", 8)]
    assert s.pot == 0


def test_riichi_scores_are_rated_per_thousand_points_and_payments_are_at_most_three():
    scores = {"Ann": 45000, "Bob": 12000, "Cy": -21000, "Di": -36000}
    s = money.settle(scores, Decimal("2"), per=money.DEFAULT_PER["riichi"])
    assert [s.amounts[p] for p in scores] == [90, 24, -42, -72]
    assert s.payments == [("Di", "Ann", 72), ("Cy", "Ann", 18), ("Cy", "Bob", 24)]
    received = {p: sum(m for a, b, m in s.payments if b == p) - sum(m for a, b, m in s.payments if a == p)
                for p in scores}
    assert received == s.amounts


def test_rounding_keeps_a_zero_sum_table_at_zero():
    """Three players at +1.67 and one at -5 rounded to 1 each were +2 +2 +2 -5: a pound from
    nowhere. The largest remainders give the step back."""
    s = money.settle({"Ann": 5, "Bob": 5, "Cy": 5, "Di": -15}, Decimal(1) / 3, step=Decimal(1))
    assert sum(s.amounts.values()) == 0 and sorted(s.amounts.values()) == [-5, 1, 2, 2]
    assert s.pot == 0 and len(s.payments) == 3


def test_what_leaves_the_table_goes_to_the_pot():
    """A tournament chombo's 20,000 leave the table after the uma (002 §3.4.6): the scores add up
    to -20,000, and what the players pay beyond what the others receive goes to the pot."""
    s = money.settle({"Ann": 30000, "Bob": 10000, "Cy": -20000, "Di": -40000}, Decimal(1), per=1000)
    assert s.pot == 20 and [(a, m) for a, b, m in s.payments if b is money.POT] == [("Cy", 20)]
    assert sum(m for a, b, m in s.payments if b is not money.POT) == 40


def test_parse_reads_the_form_and_refuses_what_is_no_rate():
    assert money.parse({}, "mcr") is None
    assert money.parse({"rate": "0,5", "unit": "€"}, "mcr") == (Decimal("0.5"), 1, Decimal("0.01"), "€")
    assert money.parse({"rate": "1", "step": "0.5"}, "riichi")[1:3] == (1000, Decimal("0.5"))
    assert money.parse({"rate": "1", "per": "100"}, "riichi")[1] == 100
    for bad, name in (({"rate": "abc"}, "rate"), ({"rate": "0"}, "rate"), ({"rate": "-1"}, "rate"),
                      ({"rate": "nan"}, "rate"), ({"rate": "1e12"}, "rate"), ({"rate": "1e-99999"}, "rate"),
                      ({"rate": "0.0000001"}, "rate"), ({"rate": "1", "step": "0.010001"}, "step"),
                      ({"rate": "1", "per": "²"}, "per"), ({"rate": "1", "per": "9" * 5000}, "per"),
                      ({"rate": "1,000"}, "rate"), ({"rate": "1.000,5"}, "rate"), ({"rate": "1", "step": "1,000"}, "step"),
                      ({"rate": "1", "per": "0"}, "per"),
                      ({"rate": "1", "per": "1.5"}, "per"), ({"rate": "1", "step": "0.001"}, "step"),
                      ({"rate": "1", "unit": "x" * 9}, "unit")):
        with pytest.raises(InputError) as e:
            money.parse(bad, "mcr")
        assert e.value.field == name


def test_money_is_written_with_the_step_s_decimals():
    # "1,000" read as 1.000 settled a table at a thousandth; "0,5" is a French half
    assert money.parse({"rate": "0,125"}, "mcr")[0] == Decimal("0.125")
    # the sum and its currency on one line (a phone broke "210.0 / HK$"); cents for a step of 0.5
    assert money.money(Decimal("8"), Decimal("0.01"), "€", space="\u00a0") == "8.00\u00a0€"
    assert money.money(Decimal("-0.00"), Decimal("0.01")) == "0.00"
    assert money.money(Decimal("12"), Decimal("1"), "CHF") == "12 CHF"
    assert money.money(Decimal("2.5"), Decimal("0.5")) == "2.50"


def test_a_debt_equal_to_a_credit_is_paid_directly_and_ties_are_broken_by_name():
    """The greedy order alone split {A 7, B 3, C -5, D -3, E -2} into four payments where three
    do; {5, 5, -10} at a step of 10 gave the 0 and the 10 by the order the players came in."""
    s = money.settle({"A": 7, "B": 3, "C": -5, "D": -3, "E": -2}, Decimal(1))
    assert sorted(s.payments) == [("C", "A", 5), ("D", "B", 3), ("E", "A", 2)]
    for order in (("A", "B", "C"), ("B", "A", "C")):
        scores = dict(zip(order, (5, 5, -10)))
        s = money.settle(scores, Decimal(1), step=Decimal(10))
        assert (s.amounts["A"], s.amounts["B"], s.amounts["C"]) == (0, 10, -10), order     # by name, whatever the order
    # a step given as 1e1 is written 10 (not 1E+1), and scores above zero take from the pot
    s = money.settle({"A": 30, "B": -10}, Decimal(1), step=money.parse({"rate": "1", "step": "1e1"}, "mcr")[2])
    assert money.money(s.amounts["A"], s.step) == "30" and s.pot == -20 and (money.POT, "A", 20) in s.payments


def test_a_penalty_that_leaves_the_table_is_put_in_the_pot_by_its_offender():
    """A tournament chombo's -20,000 (002 §3.4.6): the greedy order had innocent players put it in
    the pot while the offender, leading, only received. The offender pays it in; the rest is
    settled among the players."""
    s = money.settle({"alice": 7700, "Bob": 2000, "Cy": -10000, "Di": -19700}, Decimal(1), per=1000,
                     penalties={"alice": -20000, "Bob": 0})
    assert s.amounts == {"alice": Decimal("7.7"), "Bob": 2, "Cy": -10, "Di": Decimal("-19.7")} and s.pot == 20
    assert [(a, m) for a, b, m in s.payments if b is money.POT] == [("alice", 20)]
    net = {p: sum(m for a, b, m in s.payments if b == p) - sum(m for a, b, m in s.payments if a == p)
           for p in s.amounts}
    assert net == s.amounts


def test_the_rounding_step_is_said_with_its_currency(client):
    # « arrondi à 0,50 » beside « × 0,50 EUR »: the step without its unit
    gid = client.post("/api/games", json={"rules": "mcr", "players": list("ABCD")}).json["game"]["id"]
    client.post(f"/api/games/{gid}/hands", json={"hand": "123456789m123p5z 5z", "winner": 1, "discarder": 0})
    client.post(f"/api/games/{gid}/hands", json={"kind": "end"})
    page = client.get(f"/games/{gid}?lang=en&rate=0.5&unit=EUR&step=0.5&per=1").get_data(as_text=True)
    import re
    said = re.search(r"score × [^<]*", page)
    assert said and "× 0.50\xa0EUR per 1 point, rounded to 0.50\xa0EUR," in said.group(0), said and said.group(0)
