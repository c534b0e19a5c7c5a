"""The game flows of scorer.flow, rule by rule, against their sources (002 riichi, 000 MCR,
004 Hong Kong), with a stand-in for the scorer: each win pays a fixed amount by the discarder
(or each other player), plus the counters where the rule set has them."""
from __future__ import annotations

import pytest

from scorer.flow import Event, FlowError, flow_for, replay
from scorer.flow.riichi import RiichiFlow


def settle_with(events, value=1000, honba_value=300):
    def settle(index, winner, deal):
        e = events[index]
        if e.discarder is None:
            return [{"payer": p, "payee": winner, "amount": value + honba_value // 3 * deal.honba, "reason": "win"}
                    for p in range(4) if p != winner]
        return [{"payer": e.discarder, "payee": winner, "amount": value + honba_value * deal.honba, "reason": "win"}]
    return settle


def run(rules, events, **options):
    flow = flow_for(rules, options)
    return flow, replay(flow, events, settle_with(events))


def win(*winners, discarder=None, riichi=()):
    return Event("win", winners=tuple(winners), discarder=discarder, riichi=tuple(riichi))


def draw(tenpai=(), riichi=()):
    return Event("draw", tenpai=tuple(tenpai), riichi=tuple(riichi))


# -- riichi (002) -------------------------------------------------------------------------------
@pytest.mark.parametrize("tenpai, deltas", [
    ((), [0, 0, 0, 0]),                               # nobody tenpai: nothing (002 §3.4.2)
    ((2,), [-1000, -1000, 3000, -1000]),              # one tenpai: 1,000 from each noten player
    ((0, 3), [1500, -1500, -1500, 1500]),             # two: 1,500 each from one noten player
    ((0, 1, 3), [1000, 1000, -3000, 1000]),           # three: the noten player pays 1,000 to each
    ((0, 1, 2, 3), [0, 0, 0, 0]),                     # all tenpai: nothing
])
def test_noten_payments_for_0_to_4_tenpai(tenpai, deltas):
    _, [o] = run("riichi", [draw(tenpai)])
    assert o.deltas == deltas


def test_counters_and_the_deal_after_draws_and_wins():
    events = [draw(tenpai=(0,)),          # East tenpai: keeps the deal, 1 counter (002 §3.4.10-11)
              win(0, discarder=2),         # East wins: keeps, 2 counters, paid 300 each by the discarder
              draw(tenpai=(1,)),           # East noten: the deal passes, 3 counters
              win(3, discarder=0),         # South-seated... a non-dealer wins: counters cleared
              Event("penalty", offender=2)]   # chombo: no counter, the deal stays (002 §3.4.6)
    _, out = run("riichi", events)
    assert [(o.deal.dealer, o.deal.honba) for o in out] == [(0, 0), (0, 1), (0, 2), (1, 3), (2, 0)]
    assert out[1].deltas == [1300, 0, -1300, 0]
    assert out[3].deltas == [-1900, 0, 0, 1900]
    assert (out[4].after.dealer, out[4].after.honba) == (2, 0)


def test_sticks_stay_after_a_draw_and_go_to_the_next_winner():
    events = [draw(tenpai=(1, 2), riichi=(1, 2)), win(3, discarder=0, riichi=(0,))]
    _, out = run("riichi", events)
    assert out[0].deltas == [-1500, 1500 - 1000, 1500 - 1000, -1500] and out[0].after.sticks == 2
    # the winner takes the 2 sticks left and the discarder's new one (002 §3.3.14, §4.1)
    assert out[1].deltas == [-1000 - 1000 - 300, 0, 0, 1000 + 300 + 3000] and out[1].after.sticks == 0


def test_several_winners_sticks_go_to_the_winner_nearest_the_discarders_right():
    # 1 stick on the table, then player 1 discards to players 0 and 3, who both declared riichi
    # with player 2: 0 and 3 take their own stick back; the table's stick and 2's go to the
    # winner first after the discarder in turn order: 1 -> 2 -> 3 (002 §4.1).
    events = [draw(tenpai=(1,), riichi=(1,)), win(0, 3, discarder=1, riichi=(0, 2, 3))]
    _, out = run("riichi", events)
    o = out[1]
    assert o.deal.honba == 1 and o.deal.sticks == 1
    # each winner is paid by the discarder with the counters (002 §4.1 « en incluant la valeur des compteurs »)
    assert o.deltas == [1300, -2600, -1000, 1300 + 2000]
    # the dealer (1, after East's noten draw) discarded: the deal passes, counters cleared
    assert o.after.dealer == 2 and o.after.honba == 0
    # with East among the winners East keeps the deal and a counter is added (002 §3.4.9)
    events = [win(0, 3, discarder=1)]
    _, [o] = run("riichi", events)
    assert o.after.dealer == 0 and o.after.honba == 1


def test_chombo_outside_and_in_tournaments():
    _, [o] = run("riichi", [Event("penalty", offender=0, riichi=(1,))])
    assert o.deltas == [-12000, 4000, 4000, 4000]        # East at fault: 4,000 to each (002 §3.4.6)
    _, [o] = run("riichi", [Event("penalty", offender=2)])
    assert o.deltas == [4000, 2000, -8000, 2000]
    flow, [o] = run("riichi", [Event("penalty", offender=2, riichi=(1,))], tournament=True)
    assert o.deltas == [0, 0, 0, 0] and o.penalties == [0, 0, -20000, 0] and o.after.sticks == 0
    final = flow.final([0, 0, 0, 0], o.after, o.penalties)
    assert [(r["seat"], r["uma"], r["score"]) for r in final][-1] == (2, 0, -20000)   # after uma


def non_dealer_wins(dealers):
    """A win by the player after each dealer, on the discard of the player across."""
    return [win((d + 1) % 4, discarder=(d + 2) % 4) for d in dealers]


def test_east_and_south_rounds_then_the_end_without_agari_yame():
    flow, out = run("riichi", non_dealer_wins([0, 1, 2, 3, 0]))   # the deal passes: E1 E2 E3 E4 -> S1
    assert [(o.deal.round_wind, o.deal.dealer) for o in out] == [("E", 0), ("E", 1), ("E", 2), ("E", 3), ("S", 0)]
    # South 4's dealer wins: the game goes on (no agari yame, 002 §3.6)
    events = non_dealer_wins([0, 1, 2, 3, 0, 1, 2]) + [win(3, discarder=0)]
    _, out = run("riichi", events)
    assert out[-1].deal.round_wind == "S" and out[-1].deal.dealer == 3 and not out[-1].after.finished
    events += non_dealer_wins([3])
    _, out = run("riichi", events)
    assert out[-1].after.finished and not out[-2].after.finished


@pytest.mark.parametrize("points, uma", [
    ([40000, 30000, 20000, 10000], [15000, 5000, -5000, -15000]),
    ([35000, 35000, 20000, 10000], [10000, 10000, -5000, -15000]),   # 002 §3.6.1's example
    ([40000, 25000, 25000, 10000], [15000, 0, 0, -15000]),
    ([30000, 30000, 30000, 30000], [0, 0, 0, 0]),
    ([40000, 20000, 20000, 20000], [15000, -5000, -5000, -5000]),
])
def test_uma_and_ties(points, uma):
    assert RiichiFlow().uma(points) == uma


def test_leftover_sticks_go_to_the_first_place():
    flow = RiichiFlow()
    from scorer.flow import Deal
    rows = flow.final([5000, 0, -2000, -5000], Deal(dealer=0, round_wind="S", sticks=2), [0, 0, 0, 0])
    assert rows[0]["seat"] == 0 and rows[0]["leftover_sticks"] == 2000 and rows[0]["points"] == 37000
    assert rows[0]["score"] == 7000 + 15000


def test_a_tie_for_first_stays_a_tie_when_the_leftover_sticks_do_not_divide():
    # one stick shared by three players level at 30,000 (334 / 333 / 333) gave the first in seat
    # order the whole first place's uma, 15,000, and the others none (002 §3.6.1: tied places share)
    from scorer.flow import Deal
    rows = {r["seat"]: r for r in RiichiFlow().final([-1000, 0, 0, 0], Deal(dealer=0, round_wind="S", sticks=1),
                                                       [0, 0, 0, 0])}
    assert [rows[p]["leftover_sticks"] for p in range(4)] == [0, 334, 333, 333]
    assert [rows[p]["rank"] for p in range(4)] == [4, 1, 1, 1]
    assert [rows[p]["uma"] for p in range(4)] == [-15000, 5000, 5000, 5000]
    assert sum(rows[p]["score"] for p in range(4)) == 0


def test_a_house_umas_share_that_does_not_divide_keeps_the_table_at_zero():
    # 10,000 + 5,000 - 5,000 shared by three gave 3,333 each: the scores added up to -1
    flow = RiichiFlow()
    flow.uma_by_place = (10000, 5000, -5000, -10000)
    assert flow.uma([30000, 30000, 30000, 10000]) == [3334, 3333, 3333, -10000]
    assert flow.uma([10000, 30000, 20000, 20000]) == [-10000, 10000, 0, 0]
    assert flow.uma([20000, 20000, 20000, 40000]) == [-3333, -3333, -3334, 10000]


def test_riichi_input_checks():
    with pytest.raises(FlowError):
        run("riichi", [win(0, 1)])                         # several winners need a discard
    with pytest.raises(FlowError):
        run("riichi", [Event("win", winners=(0,), discarder=0)])
    with pytest.raises(FlowError):
        run("riichi", [Event("draw", tenpai=(0, 0))])
    with pytest.raises(FlowError):
        run("riichi", [Event("penalty", offender=0, amount=10)])


# -- MCR (000) ----------------------------------------------------------------------------------
def test_mcr_deal_passes_every_hand_seats_change_and_16_hands():
    events = [draw()] * 16
    flow, out = run("mcr", events)
    assert [o.deal.dealer for o in out] == [0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 1, 0, 3, 2, 0, 1]
    assert [o.deal.round_wind for o in out] == list("EEEESSSSWWWWNNNN")
    assert all(o.deltas == [0, 0, 0, 0] for o in out)        # a draw pays nothing (000)
    assert out[-1].after.finished and not out[-2].after.finished
    # the seat wind follows the round's seating: in the South round player 0 sits South of 1
    assert out[4].deal.seat_wind(0) == "S" and out[4].deal.seat_wind(3) == "W"


def test_mcr_false_win_pays_10_to_each_and_does_not_end_the_hand():
    _, out = run("mcr", [Event("penalty", offender=1), draw()])
    assert out[0].deltas == [10, -30, 10, 10]
    assert out[1].deal.dealer == 0          # the hand went on: the same deal
    with pytest.raises(FlowError):
        run("mcr", [win(0, 2, discarder=1)])     # one winner under MCR
    with pytest.raises(FlowError):
        run("mcr", [draw(tenpai=(1,))])


def test_mcr_a_false_win_bars_its_player_from_winning_that_hand():
    # 000 « Faute »: « sa main reste exposée et il n'a plus le droit de déclarer Mah Jong »
    with pytest.raises(FlowError, match="false win"):
        run("mcr", [Event("penalty", offender=1), win(1, discarder=0)])
    _, out = run("mcr", [Event("penalty", offender=1), win(2, discarder=1), win(1, discarder=0)])
    assert out[0].after.barred == (1,) and out[1].after.barred == ()     # the next hand he may win
    # Hong Kong (004 « Pénalités ») and riichi (the chombo's hand is dealt again) bar nobody
    run("hk", [Event("penalty", offender=1, amount=16), win(1, discarder=0)])
    assert not RiichiFlow.false_win_bars_offender


# -- Hong Kong (004) ----------------------------------------------------------------------------
def test_hk_dealer_keeps_while_winning_and_after_draws():
    events = [win(0, discarder=1), draw(), win(2, discarder=0), win(1, discarder=0), win(3, discarder=1)]
    _, out = run("hk", events)
    assert [o.deal.dealer for o in out] == [0, 0, 0, 1, 1]
    assert out[-1].after.dealer == 2


def test_hk_ends_when_the_last_dealer_of_the_north_round_loses():
    events = non_dealer_wins([0, 1, 2, 3] * 3 + [0, 1, 2]) + [win(3, discarder=1)]
    _, out = run("hk", events)
    assert out[-1].deal.round_wind == "N" and out[-1].deal.dealer == 3
    assert not out[-1].after.finished                  # the dealer won: the game goes on
    events += non_dealer_wins([3])
    _, out = run("hk", events)
    assert out[-1].after.finished


def test_hk_false_win_is_four_faan():
    import scorer
    options = scorer.get_rule_set("hk").parse_options({})
    flow = flow_for("hk", {}, options)
    [o] = replay(flow, [Event("penalty", offender=3)], settle_with([]))
    from scorer.hk.scoring import reward
    assert o.deltas == [reward(4, options)] * 3 + [-3 * reward(4, options)]
    assert reward(4, options) == 16 * options.base_points


# -- classical ----------------------------------------------------------------------------------
def test_classical_flow_is_the_hong_kong_rotation():
    events = [win(0, discarder=1), draw(), win(2, discarder=0)]
    _, out = run("classical", events)
    assert [o.deal.dealer for o in out] == [0, 0, 0] and out[-1].after.dealer == 1


def test_classical_losers_settle_the_difference_of_their_hands_east_double():
    # [B] ch. I: after the winner is paid, each loser pays each other loser the difference of their
    # hands' points; East pays and receives double. East (0) deals; 1 wins on 2's discard.
    from scorer.classical import Options
    flow = flow_for("classical", {}, Options(limit=500))
    events = [Event("win", winners=(1,), discarder=2, losers=(24, None, 8, 600))]
    out = replay(flow, events, settle_with(events, value=100, honba_value=0))[0]
    between = [(p["payer"], p["payee"], p["amount"]) for p in out.payments if p["reason"].startswith("between")]
    # East 24 / 2: 8 / 3: 600 counted 500 (the limit): 2 pays East 2 × 16, East pays 3 2 × 476, 2 pays 3 492
    assert sorted(between) == [(0, 3, 952), (2, 0, 32), (2, 3, 492)]
    assert out.deltas == [32 - 952, 100, -100 - 32 - 492, 952 + 492] and sum(out.deltas) == 0
    # equal hands pay nothing; without losers nothing more is paid
    events = [Event("win", winners=(1,), discarder=2, losers=(8, None, 8, 8))]
    assert replay(flow, events, settle_with(events, value=100, honba_value=0))[0].deltas == [0, 100, -100, 0]


@pytest.mark.parametrize("rules, event, words", [
    ("mcr", Event("win", winners=(1,), discarder=2, losers=(0, None, 0, 0)), "classical rules only"),
    ("classical", Event("draw", losers=(0, 0, 0, 0)), "after a win only"),
    ("classical", Event("win", winners=(1,), discarder=2, losers=(0, 4, 0, 0)), "the winner's hand is paid"),
    ("classical", Event("win", winners=(1,), discarder=2, losers=(0, None, -4, 0)), "a whole number from 0"),
    ("classical", Event("win", winners=(1,), discarder=2, losers=(0, None, 0)), "four entries"),
])
def test_classical_losers_points_that_are_refused(rules, event, words):
    with pytest.raises(FlowError) as e:
        flow_for(rules, {}).check(event)
    assert words in e.value.message and e.value.field == "losers"


def test_open_ended_games_do_not_end():
    _, out = run("mcr", [draw()] * 20, open_ended=True)
    assert not any(o.after.finished for o in out) and out[16].deal.round_wind == "E"


@pytest.mark.parametrize("rules", ["riichi", "mcr", "hk", "classical"])
def test_the_players_may_end_the_game_at_any_hand(rules):
    """An agreed end (kind "end"): nothing is paid, the deal after it is finished, and the sticks
    on the table stay for the final result."""
    events = [draw(riichi=(2,)) if rules == "riichi" else draw(), Event("end")]
    flow, out = run(rules, events)
    assert out[-1].deltas == [0, 0, 0, 0] and out[-1].payments == []
    assert out[-1].after.finished and not out[0].after.finished
    assert out[-1].after.sticks == out[-1].deal.sticks
    with pytest.raises(FlowError):
        flow.check(Event("end", tenpai=(0,)))


def test_riichi_house_rules_start_points_and_uma():
    """A club starting at 25,000 with an uma of 20/10 (house rules; 002 §3.6 starts at 30,000 with
    15/5): the result is the points less the start, plus the uma, and still adds up to 0."""
    from scorer.flow import Deal, check_options
    flow = flow_for("riichi", check_options("riichi", {"start_points": 25000, "uma": [20000, 10000, -10000, -20000]}))
    rows = flow.final([8000, 2000, -3000, -7000], Deal(dealer=0, round_wind="S"), [0, 0, 0, 0])
    assert [r["points"] for r in rows] == [33000, 27000, 22000, 18000]
    assert [r["score"] for r in rows] == [28000, 12000, -13000, -27000] and sum(r["score"] for r in rows) == 0
    assert flow_for("riichi").final([8000, 2000, -3000, -7000], Deal(dealer=0, round_wind="S"),
                                    [0, 0, 0, 0])[0]["score"] == 8000 + 15000      # 002's own, unchanged
    assert flow.uma([25000, 25000, 25000, 25000]) == [0, 0, 0, 0]                  # four level share it all


@pytest.mark.parametrize("options, words", [
    ({"start_points": 25050}, "whole number of hundreds"),
    ({"start_points": 300}, "from 1,000"),
    ({"start_points": True}, "whole number of hundreds"),
    ({"uma": [15000, 5000, -5000]}, "four whole numbers"),
    ({"uma": [20000, 10000, -10000, -10000]}, "add up to 0, not 10,000"),
    ({"uma": [5000, 15000, -5000, -15000]}, "more than the place before it"),
    ({"uma": "15,5"}, "four whole numbers"),
])
def test_riichi_house_figures_that_are_refused(options, words):
    from scorer.flow import check_options
    with pytest.raises(FlowError) as e:
        check_options("riichi", options)
    assert words in e.value.message
    with pytest.raises(FlowError) as e:
        check_options("mcr", {"start_points": 25000})
    assert "riichi options" in e.value.message
