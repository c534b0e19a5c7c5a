"""Every MCR fan: a hand that scores it and a near miss that must not (000 "Liste des mains").

Notation (scorer.notation): standing tiles, the winning tile last; [..] exposed melds, (..)
concealed kongs. Default context: discard win, East seat and round (each test says what it sets).
"""
import pytest

from scorer.mcr.fans import FANS
from .util import fans

# fan id → (hand that scores it, context), (near miss that must not, context)
CASES = {
    "pure_double_chow": (("123123m456p789s55z", {}), ("123234m456p789s55z", {})),
    "mixed_double_chow": (("123m123p456s789s44z", {}), ("123m234p456s789s44z", {})),
    "short_straight": (("234567m789p123s44z", {}), ("234678m789p123s44z", {})),
    "two_terminal_chows": (("123789m456p456s44z", {}), ("123678m456p456s44z", {})),
    "pung_of_terminals_or_honours": (("111m234p567s789s44p", {}), ("222m234p567s789s44p", {})),
    "melded_kong": (("[1111p]234m567s789s55p", {}), ("(1111p)234m567s789s55p", {})),
    "one_voided_suit": (("123456m789p123p44z", {}), ("123456m789p123s44z", {})),
    "no_honours": (("111m456p789s234m55s", {}), ("111m456p789s234m55z", {})),
    "edge_wait": (("456m789p123s44z123m", {}), ("456m789p123s44z234m", {})),
    "closed_wait": (("456m789p123s44z132m", {}), ("456m789p123s44z342m", {})),
    "single_wait": (("123456m789p123s4z4z", {}), ("123456m789p44z231s", {})),
    "self_drawn": (("[123m]456m789p123s44z", {"self_drawn": True}), ("[123m]456m789p123s44z", {})),
    "dragon_pung": (("555z234p567s789s11p", {}), ("444z234p567s789s11p", {})),
    "prevalent_wind": (("222z234p567s789s11p", {"round_wind": "S"}),
                       ("222z234p567s789s11p", {"round_wind": "W"})),
    "seat_wind": (("333z234p567s789s11p", {"seat_wind": "W"}),
                  ("333z234p567s789s11p", {"seat_wind": "N"})),
    "concealed_hand": (("123456m789p123s44z", {}), ("[123m]456m789p123s44z", {})),
    "all_chows": (("123456m789p123s55s", {}), ("123456m789p123s44z", {})),
    "tile_hog": (("111123m456p789s44z", {}), ("[1111m]234m456p789s44z", {})),
    "double_pung": (("222m222p456s789s44z", {}), ("222m333p456s789s44z", {})),
    "two_concealed_pungs": (("222m444p456s789s44z", {}), ("[222m]444p456s789s44z", {})),
    "concealed_kong": (("(1111p)234m567s789s55p", {}), ("[1111p]234m567s789s55p", {})),
    "all_simples": (("234m456p678s345s55m", {}), ("123m456p678s345s55m", {})),
    "outside_hand": (("123789m111p999s11z", {}), ("123789m111p999s55s", {})),
    "fully_concealed_hand": (("123456m789p123s44z", {"self_drawn": True}),
                             ("123456m789p123s44z", {})),
    "two_melded_kongs": (("[1111p][2222s]234m567s44z", {}), ("[1111p](2222s)234m567s44z", {})),
    "last_tile": (("123456m789p44z123s", {"last_of_kind": True}), ("123456m789p44z123s", {})),
    "all_pungs": (("[111m]222p333s444z55z", {}), ("[111m]222p345s444z55z", {})),
    "half_flush": (("123456m789m111z55z", {}), ("123456m789p111z55z", {})),
    "mixed_shifted_chows": (("123m234p345s789s44z", {}), ("123m234p456s789s44z", {})),
    "all_types": (("123m456p789s111z55z", {}), ("123m456p789s111z44z", {})),
    "melded_hand": (("[123m][456p][789s][111z]5z5z", {}), ("[123m][456p][789s]111z5z5z", {})),
    "two_concealed_kongs": (("(1111p)(2222s)234m567s44z", {}), ("[1111p](2222s)234m567s44z", {})),
    "two_dragon_pungs": (("555z666z234p567s11p", {}), ("555z444z234p567s11p", {})),
    "mixed_straight": (("123m456p789s234m44z", {}), ("123m456p678s234m44z", {})),
    "reversible_tiles": (("123p345p888p555s55z", {}), ("123p345p888p555s66z", {})),
    "mixed_triple_chow": (("123m123p123s456m44z", {}), ("123m123p234s456m44z", {})),
    "mixed_shifted_pungs": (("222m333p444s789s44z", {}), ("222m333p555s789s44z", {})),
    "chicken_hand": (("[234m,1][678p,1][666s,2]44z345s", {}), ("[234m,1][678p,1][666s,2]44z345s", {"self_drawn": True})),
    "last_tile_draw": (("[123m]456m789p123s44z", {"self_drawn": True, "last_tile": True}),
                       ("[123m]456m789p123s44z", {"self_drawn": True})),
    "last_tile_claim": (("[123m]456m789p123s44z", {"last_tile": True}),
                        ("[123m]456m789p123s44z", {"last_tile": True, "self_drawn": True})),
    "out_with_replacement_tile": (("[1111m]456m789p123s44z", {"kong_replacement": True}),
                                  ("[1111m]456m789p123s44z", {"self_drawn": True})),
    "robbing_the_kong": (("[111m]456m789p44z123s", {"robbing_kong": True}),
                         ("[111m]456m789p44z123s", {})),
    "lesser_honours_and_knitted_tiles": (("147m258p36s123456z", {}), ("147m258p369s123m55z", {})),
    "knitted_straight": (("147m258p369s123m55z", {}), ("147m258p36s123456z", {})),
    "upper_four": (("678m789p666s789s99m", {}), ("678m789p555s789s99m", {})),
    "lower_four": (("123m234p444s123s11m", {}), ("123m234p555s123s11m", {})),
    "big_three_winds": (("111z222z333z123m55p", {"seat_wind": "N", "round_wind": "N"}),
                        ("111z222z555z123m55p", {})),
    "pure_straight": (("123456789m123p55z", {}), ("123456m789p123p55z", {})),
    "three_suited_terminal_chows": (("123789m123789p55s", {}), ("123789m123789p66s", {})),
    "pure_shifted_chows": (("123234345m789p55z", {}), ("123234456m789p55z", {})),
    "all_fives": (("345m456p567s555m55s", {}), ("345m456p567s555m66s", {})),
    "triple_pung": (("222m222p222s123m55z", {}), ("222m222p333s123m55z", {})),
    "three_concealed_pungs": (("222m333p444s789s55z", {}), ("[222m]333p444s789s55z", {})),
    "seven_pairs": (("1122m3344p5566s77z", {}), ("111222333m456p77z", {})),
    "greater_honours_and_knitted_tiles": (("147m258p3s1234567z", {}), ("147m258p36s123456z", {})),
    "all_even_pungs": (("222m444p666s888m22p", {}), ("222m444p666s888m33p", {})),
    "full_flush": (("123456789m12355m", {}), ("123456789m123p55m", {})),
    "pure_triple_chow": (("[123m]123123m456p55z", {}), ("[123m]123234m456p55z", {})),
    "pure_shifted_pungs": (("222333444m567p55z", {}), ("222333555m567p55z", {})),
    "upper_tiles": (("777m888p999s789m77s", {}), ("777m888p999s678m77s", {})),
    "middle_tiles": (("456m456p456s444m55p", {}), ("456m456p456s444m77p", {})),
    "lower_tiles": (("123m123p123s111m22p", {}), ("123m123p123s111m44p", {})),
    "four_pure_shifted_chows": (("123234345456m55z", {}), ("123234345567m55z", {})),
    "three_kongs": (("[1111m][2222p][3333s]456m55z", {}), ("[1111m][2222p]333s456m55z", {})),
    "all_terminals_and_honours": (("111m999p111s111z22z", {}), ("111m999p123s111z22z", {})),
    "quadruple_chow": (("123123123123m55z", {}), ("123123123234m55z", {})),
    "four_pure_shifted_pungs": (("111222333444m55z", {}), ("111222333555m55z", {})),
    "all_terminals": (("111999m111999p11s", {}), ("111999m111999p11z", {})),
    "little_four_winds": (("111z222z333z44z123m", {}), ("111z222z333z55z123m", {})),
    "little_three_dragons": (("555z666z77z123m456p", {}), ("555z666z11z123m456p", {})),
    "all_honours": (("111z222z333z555z66z", {}), ("111z222z333z555z11m", {})),
    "four_concealed_pungs": (("111m222p333s444m55z", {}), ("[111m]222p333s444m55z", {})),
    "pure_terminal_chows": (("123123789789m55m", {}), ("123123789789m55p", {})),
    "big_four_winds": (("111z222z333z444z55m", {}), ("111z222z333z555z44z", {})),
    "big_three_dragons": (("555z666z777z123m55p", {}), ("555z666z77z123m456p", {})),
    "all_green": (("234234s666s888s66z", {}), ("234234s666s888s77z", {})),
    "nine_gates": (("1112345678999m5m", {}), ("1112345678899m9m", {})),
    "four_kongs": (("[1111m][2222p][3333s][4444m]55z", {}), ("[1111m][2222p][3333s]444m55z", {})),
    "seven_shifted_pairs": (("11223344556677m", {}), ("11223344556688m", {})),
    "thirteen_orphans": (("19m19p19s12345677z", {}), ("111m999m111p999s11z", {})),
}


def test_every_fan_has_a_case():
    ids = {f.id for f in FANS if f.number} - {"flower_tiles"}
    assert ids == set(CASES)


@pytest.mark.parametrize("fan", sorted(CASES))
def test_fan_scored(fan):
    (hand, ctx), _ = CASES[fan]
    assert fan in fans(hand, **ctx), fans(hand, **ctx)


@pytest.mark.parametrize("fan", sorted(CASES))
def test_fan_near_miss_not_scored(fan):
    _, (hand, ctx) = CASES[fan]
    assert fan not in fans(hand, **ctx)


def test_flowers_score_one_each_outside_the_minimum():
    from .util import result
    res = result("123456m789p123s44z 1368f")
    flower = next(i for i in res.items if i.id == "flower_tiles")
    assert (flower.value, flower.count) == (1, 4)
    assert res.total == res.extra["total_without_flowers"] + 4
    assert fans("123456m789p123s44z") == {k: v for k, v in fans("123456m789p123s44z 1368f").items()
                                          if k != "flower_tiles"}
