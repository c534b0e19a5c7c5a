"""Hand notation and hand JSON: parsing, canonical printing, round trips, clear errors."""
import json

import pytest
from hypothesis import given, settings, strategies as st

import scorer
from scorer import HandError, Hand, format_hand, parse
from scorer import tiles as T


@pytest.mark.parametrize("text, canonical", [
    ("123m456p789s11z22z 2z", "123m456p789s1122z 2z"),
    ("EEE SSS WWW NNN PP", "1112223334445z 5z"),
    ("[555p,1](1111z)123m456p2z 2z", "[555p,1](1111z)123m456p2z 2z"),
    ("[123m,2][EEE,3]456p789s5m 5m 18f", "[123m,2][111z,3]5m456p789s 5m 18f"),
    ("[7777s]123m456p11z 9p8p7p", "[7777s]123m45689p11z 7p"),  # winning tile: last one written
    ("[1111z,0]123m456p789s5z 5z", "(1111z)123m456p789s5z 5z"),  # MCR helper concealed kong alias
    ("0m5m5m123p456p789s 11z", "550m123456p789s1z 1z"),
    ("[3333s,1+]234m567p789s5s 5s", "[3333s,1+]234m567p5789s 5s"),     # an added kong
    ("[3333s+]234m567p789s5s 5s", "[3333s+]234m567p5789s 5s"),
])
def test_canonical_form(text, canonical):
    hand = parse(text)
    assert format_hand(hand) == canonical
    assert format_hand(parse(canonical)) == canonical


def test_letters_are_honours():
    hand = parse("123m456pSSS789s EE")
    assert hand.concealed.count("2z") == 3 and hand.concealed.count("1z") == 2
    assert hand.winning_tile == "1z"
    assert parse("123m456p789sPPP FF").concealed.count("5z") == 3
    # typed with a Japanese or Chinese input method: full-width digits, letters and space
    assert format_hand(parse("１２３ｍ４５６ｐ７８９ｓ１１ｚ２２ｚ　２ｚ")) == "123m456p789s1122z 2z"
    # a superscript one is a digit to str.isdigit, and crashed the parser (KeyError)
    with pytest.raises(HandError):
        parse("¹p")
    # O for « Ouest » beside W: a French table's West was an unexpected character
    assert format_hand(parse("123m456p789sOOO EE")) == format_hand(parse("123m456p789sWWW EE"))
    # and the dragons by their French names, B V R: « [RRR,1] » was an unexpected « R »
    assert format_hand(parse("[RRR,1]123m456p789sB B")) == format_hand(parse("[CCC,1]123m456p789sP P"))
    assert parse("VVV123m456p789s5z 5z").concealed.count("6z") == 3
    # a capital B after numbers is a suit in capitals (bamboos), said so
    with pytest.raises(HandError, match="suit letters are lowercase"):
        parse("123B456p789s11z44z 4z")


def test_melds_and_claims_in_json():
    hand = parse("[3p45p,1][555s,2](1111z)7899m 9m")
    melds = [m.to_dict() for m in hand.melds]
    assert melds[0] == {"type": "chow", "tiles": ["3p", "4p", "5p"], "concealed": False,
                        "claimed": "3p", "from": "left"}
    assert melds[1]["type"] == "pung" and melds[1]["from"] == "across"
    assert melds[2]["type"] == "kong" and melds[2]["concealed"] is True
    assert hand.is_closed is False


def test_json_round_trip():
    hand = parse("[555p,1](1111z)123m456p2z 2z 35f")
    data = json.loads(json.dumps(hand.to_dict()))
    again = Hand.from_dict(data)
    assert again == hand
    assert format_hand(again) == format_hand(hand)


@pytest.mark.parametrize("text, code, position", [
    ("123m456p789s11z2x 2z", "bad_notation", 16),
    ("123m456p789s11z2z 22", "bad_notation", 18),
    ("8z8z123m456p789s11z", "unknown_tile", 0),
    ("[124m]456p789s11z22z 2z", "bad_meld", 0),
    ("[55m]123p456p789s11z 1z", "bad_meld", 0),
    ("(123m)456p789s11z22z 2z", "bad_meld", 0),
    ("[123m", "bad_notation", 0),
    ("123m]", "bad_notation", 4),
    ("m123", "bad_notation", 0),
])
def test_notation_errors_name_the_position(text, code, position):
    with pytest.raises(HandError) as err:
        parse(text)
    assert err.value.code == code
    assert err.value.position == position


@pytest.mark.parametrize("text, code", [
    ("11111m123p456p789s 9s", "too_many_copies"),
    ("123m456p789s11z 1z", "wrong_tile_count"),
    ("123m456p789s11z123p 1z", "wrong_tile_count"),
    ("123m456p789s11z22z 2z 11f", "too_many_copies"),
])
def test_structure_errors(text, code):
    with pytest.raises(HandError) as err:
        parse(text)
    assert err.value.code == code


def test_copies_spread_over_sets_and_standing_tiles_are_said_where():
    # "5 copies of 1m (field concealed)": the standing tiles held two of them
    with pytest.raises(HandError) as err:
        parse("[111m,1]11m456p789s23s 4s")
    assert err.value.message.startswith("5 copies of 1m (3 in sets, 2 standing)") and err.value.field == "concealed"
    with pytest.raises(HandError) as err:
        parse("[1111m,1][111m,1]456p789s2s 2s")
    assert err.value.field == "melds[0]"


def test_seven_pairs_written_with_a_kong_is_told_why_it_is_short():
    # "too few tiles ... = 13" alone: the four tiles of seven pairs stay standing (000 n°19, n°55)
    with pytest.raises(HandError) as err:
        parse("(1111m)223m445566p 3m")
    assert err.value.message.endswith("seven pairs has no kong: its four identical tiles stay standing, as two pairs")
    with pytest.raises(HandError) as err:
        parse("(1111m)223m445567p 3m")
    assert "seven pairs has no kong" not in err.value.message
    with pytest.raises(HandError) as err:                   # two kongs: 12 counted
        parse("(1111m)(2222p)3344s5z 5z")
    assert err.value.message.endswith("seven pairs has no kong: its four identical tiles stay standing, as two pairs")
    # three kongs and two pairs are a tile short of a hand with kongs: seven pairs was no help
    for short in ("[1111s](2222p)(3333m)55p6p 6p", "[1111s](2222p)(3333m)5p 5p"):
        with pytest.raises(HandError) as err:
            parse(short)
        assert err.value.message.startswith("too few tiles") and "seven pairs" not in err.value.message


def test_a_tile_code_out_of_range_says_which_tiles_its_digits_named():
    # "8z is not a tile" alone: the digits of "4567891z" all belong to z, the 8 and 9 too
    with pytest.raises(HandError) as err:
        parse("123m456p4567891z 1z")
    assert err.value.message == ("8z is not a tile: honours are 1z-7z (E S W N, P F C); every digit belongs to "
                                 "the suit letter after it: 4567891z names 4z 5z 6z 7z 8z 9z 1z")
    with pytest.raises(HandError) as err:
        parse("123m456p789s11z22z 9f")
    assert err.value.message == "9f is not a tile: flowers and seasons are 1f-8f"


def test_the_winning_tile_written_twice_is_told_so():
    # "too many tiles: 15 standing" alone: the usual slip is the winning tile written before the space too
    with pytest.raises(HandError) as err:
        parse("123m456p789s11z222z 2z")
    assert err.value.message.endswith("the winning tile is one of the 14: written after the space, it is not "
                                      "written before it too")


def _base():
    return {"concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z", "2z", "2z"],
            "melds": [], "winning_tile": "2z", "bonus": [], "context": {}}


@pytest.mark.parametrize("kind, tiles, said", [
    ("chow", ["1m", "2m", "4m"], "1m2m4m is not a chow (three consecutive tiles of one suit)"),
    ("pung", ["1m", "1m", "2m"], "1m1m2m is not a pung (three identical tiles)"),
    ("kong", ["6p", "6z", "6z", "6z"], "6p6z6z6z is not a kong (four identical tiles)"),
])
def test_a_meld_that_is_none_says_what_its_kind_is(kind, tiles, said):
    # "6p6z6z6z is not a kong (identical tiles)" read as a claim that its tiles were identical
    data = _base()
    data.update(concealed=data["concealed"][3:], melds=[{"type": kind, "tiles": tiles}])
    with pytest.raises(HandError) as err:
        Hand.from_dict(data)
    assert err.value.message == said


@pytest.mark.parametrize("mutate, code, field", [
    (lambda d: d["concealed"].__setitem__(3, "4x"), "unknown_tile", "concealed[3]"),
    (lambda d: d.__setitem__("winning_tile", "9m"), "winning_tile_not_in_hand", "winning_tile"),
    (lambda d: d.__setitem__("extra", 1), "unknown_key", "extra"),
    (lambda d: d["context"].__setitem__("wind", "E"), "unknown_key", "context.wind"),
    (lambda d: d["context"].__setitem__("seat_wind", "X"), "bad_field", "context.seat_wind"),
    (lambda d: d["context"].__setitem__("self_drawn", "yes"), "bad_field", "context.self_drawn"),
    (lambda d: d.__setitem__("bonus", ["1m"]), "unknown_tile", "bonus[0]"),
    (lambda d: d["concealed"].__setitem__(0, "1f"), "unknown_tile", "concealed[0]"),
    (lambda d: d.update(concealed=d["concealed"][3:], melds=[{"type": "run", "tiles": ["1m", "2m", "3m"]}]),
     "bad_meld", "melds[0].type"),
    (lambda d: d.update(concealed=d["concealed"][3:], melds=[{"type": "chow", "tiles": ["1m", "2m", "4m"]}]),
     "bad_meld", "melds[0].tiles"),
    (lambda d: d.update(concealed=d["concealed"][3:], melds=[{"type": "pung", "tiles": ["1m", "1m", "1m"],
                                                              "concealed": True}]),
     "bad_meld", "melds[0].concealed"),
    (lambda d: d.update(concealed=d["concealed"][3:], melds=[{"type": "chow", "tiles": ["1m", "2m", "3m"],
                                                              "from": "right"}]),
     "bad_meld", "melds[0].from"),
    (lambda d: d.update(concealed=d["concealed"][3:], melds=[{"type": "chow", "tiles": ["1m", "2m", "3m"],
                                                              "size": 3}]),
     "unknown_key", "melds[0].size"),
])
def test_json_errors_name_the_field(mutate, code, field):
    data = _base()
    mutate(data)
    with pytest.raises(HandError) as err:
        Hand.from_dict(data)
    assert err.value.code == code
    assert err.value.field == field


def test_context_is_validated_and_normalised():
    data = _base()
    data["context"] = {"seat_wind": "s", "round_wind": "3z", "dora_indicators": ["3m"], "honba": 2}
    hand = Hand.from_dict(data)
    assert hand.context.get("seat_wind") == "S"
    assert hand.context.get("round_wind") == "W"
    assert hand.context.get("self_drawn") is False
    assert hand.context.missing(["self_drawn", "honba"]) == ["self_drawn"]


def test_to_hand_accepts_every_form():
    text = "123m456p789s11z22z 2z"
    from_text = scorer.to_hand(text)
    assert scorer.to_hand(from_text.to_dict()) == from_text
    assert scorer.to_hand(json.dumps(from_text.to_dict())) == from_text
    assert scorer.to_hand(text, {"self_drawn": True}).context.get("self_drawn") is True
    with pytest.raises(HandError):
        scorer.to_hand("{not json")


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789mpszfESWNPFC[](), x")), max_size=60))
def test_parser_never_crashes(text):
    try:
        hand = parse(text)
    except HandError as e:
        assert e.code and e.message
    else:
        assert format_hand(parse(format_hand(hand))) == format_hand(hand)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_parser_never_crashes_on_any_text(text):
    try:
        parse(text)
    except HandError:
        pass


def test_next_tile_wraps():
    assert T.next_tile("9m") == "1m"
    assert T.next_tile("0p") == "6p"
    assert T.next_tile("4z") == "1z"
    assert T.next_tile("7z") == "5z"
    assert T.next_tile("5z") == "6z"


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.sampled_from(
        ["1m", "5z", "0p", "9s", "3f", "chow", "pung", "kong", "left", "E", "x", ""]),
    lambda inner: st.lists(inner, max_size=15) | st.dictionaries(
        st.sampled_from(["concealed", "melds", "winning_tile", "bonus", "context", "type", "tiles",
                         "concealed", "claimed", "from", "self_drawn", "seat_wind", "honba", "zz"]),
        inner, max_size=6),
    max_leaves=25)


@settings(max_examples=120, deadline=None)
@given(_JSON)
def test_hand_json_never_crashes_and_errors_name_a_field(data):
    """Any JSON value is a Hand or a HandError with a code and, for an object, the field."""
    try:
        scorer.to_hand(data)
    except HandError as e:
        assert e.code and e.message
        if isinstance(data, dict):
            assert e.field, e


def test_a_flower_written_as_the_winning_tile_is_named():
    # "... 2z 1f" meant as won on 1f: the count error alone sent the player looking elsewhere
    with pytest.raises(HandError) as e:
        parse("[123m,1]456p789s11z22z 1f")      # 13 tiles, then the flower where the winning tile goes
    assert "the last tile written, 1f, is a flower or season" in e.value.message
    assert e.value.position == len("[123m,1]456p789s11z22z ")
    assert parse("[555p,1](1111z)123m456p2z 2z 16f").bonus == ("1f", "6f")     # flowers after it are fine
    # a hand several tiles short, its winning tile written last before its flowers: the count alone
    for text in ("234m567p789s1p 1p 1f", "[2222s,1](5555z)123m456p11z 1z 2f6f"):
        with pytest.raises(HandError) as e:
            parse(text)
        assert "flower" not in e.value.message, text


def test_the_tile_count_message_adds_up_for_a_beginner():
    # "13 standing + 1 set(s) make 16" read as bad arithmetic: a meld counts 3 tiles
    with pytest.raises(HandError) as e:
        parse("[123m,1]456p789s11z2z 3z")
    assert "10 standing + 1 meld(s) × 3 = 13, a winning hand has 14 with its winning tile" in e.value.message


def test_a_meld_of_two_tiles_is_told_what_a_meld_is_whatever_type_it_was_sent_as():
    # two tiles left of a pung (the review page sends such a group as a "chow") were told
    # "a chow has 3 tiles, not 2"
    for kind in ("chow", "pung", "kong"):
        data = _base()
        data.update(concealed=data["concealed"][3:], melds=[{"type": kind, "tiles": ["8m", "8m"]}])
        with pytest.raises(HandError) as err:
            Hand.from_dict(data)
        assert err.value.message == "a meld has 3 or 4 tiles, not 2" and err.value.field == "melds[0].tiles"
    data = _base()
    data.update(concealed=data["concealed"][3:], melds=[{"type": "pung", "tiles": ["8m"] * 4}])
    with pytest.raises(HandError, match="a pung has 3 tiles, not 4"):
        Hand.from_dict(data)


@pytest.mark.parametrize("text", ["(3333s+)234m567p789s5s 5s", "[333s+]234m567p789s55s 5s", "[3333s,0+]234m567p789s5s 5s"])
def test_an_added_kong_mark_on_anything_but_an_exposed_kong_is_refused(text):
    with pytest.raises(HandError) as e:
        parse(text)
    assert "added kong" in e.value.message


def test_four_identical_tiles_left_standing_are_told_to_be_declared_a_kong():
    # a player tapping tiles on the review page left a kong's four tiles standing and was told that
    # "the winning tile ... written after the space" is not written before it too
    with pytest.raises(HandError) as err:
        parse("5555m123p456s789s1z 1z")
    assert err.value.message.endswith("four 5m stand in the hand: a kong counts as 3, so declare them as a kong "
                                      "(concealed or exposed), not as four standing tiles")
    # the notation slip it was for is still said so: the winning tile written twice
    with pytest.raises(HandError) as err:
        parse("123m456p789s11222z 2z")
    assert err.value.message.endswith("the winning tile is one of the 14: written after the space, it is not "
                                      "written before it too")
    assert parse("(5555m)123p456s789s1z 1z").melds[0].type == "kong"
    # typed, the kong's brackets are said: the review page showed no tile to select and declare
    # (an MCR player typed 1111z234m567m789p8m 8m and was told to "declare them as a kong")
    import scorer
    with pytest.raises(HandError) as err:
        scorer.to_hand("1111z234m567m789p8m 8m")
    assert err.value.message.endswith("; typed, a kong is written (1111z) concealed, [1111z] exposed")
    assert "[1111z] exposed" in str(err.value) and err.value.code == "wrong_tile_count"
    with pytest.raises(HandError) as err:        # a hand object's tiles are not typed: no brackets said
        scorer.to_hand({"concealed": ["1z"] * 4 + ["2m", "3m", "4m", "5m", "6m", "7m", "7p", "8p",
                                                  "9p", "8m", "8m"], "winning_tile": "8m"})
    assert "typed" not in err.value.message and "stand in the hand" in err.value.message


def test_the_mcr_helpers_meld_numbers_without_a_comma():
    # the helper's own examples ([567m2], [999s3], [8888p1]) were refused as "numbers with no suit
    # letter after them"; its 5-7 mark an added kong of a pung claimed from 1-3
    assert parse("[123p1][345s2][999s3]6m6pEW1m") == parse("[123p,1][345s,2][999s,3]6m6pEW1m")
    hand = parse("[WWWW1][444s]45m678p66z 6m")
    assert hand.melds[0].from_ == "left" and not hand.melds[0].concealed
    added = parse("[1111s6]234m456p789s9s 9s").melds[0]
    assert added.added and added.from_ == "across"
    assert parse("[1111s,6]234m456p789s9s 9s").melds[0] == added
    assert parse("[1111z0]234m456p789s9s 9s").melds[0].concealed
    with pytest.raises(HandError) as err:
        parse("[111s6]234m456p789s99s 9s")          # a pung is not added to
    assert err.value.message.startswith("6 marks an added kong") and err.value.position == 5
    with pytest.raises(HandError) as err:
        parse("(5555p5)123m456p789s1z 1z")          # a number in parentheses: no "+" was typed
    assert err.value.message == "parentheses hold a concealed kong of 4 identical tiles"
    with pytest.raises(HandError) as err:
        parse("[123m9]456p789s11z234s 4s")
    assert err.value.message == "after the tiles write 1, 2 or 3, not '9'" and err.value.position == 5


def test_notes_say_how_a_text_was_read_where_other_apps_read_it_otherwise():
    from scorer.notation import notes

    def codes(text, rules=None):
        return [n["code"] for n in notes(text, rules)]
    # the MCR helper's [EEEE] is concealed: read here as exposed, said once for all four
    said = notes("[EEEE][CCCC][FFFF][PPPP]N N", "mcr")
    assert [n["code"] for n in said] == ["bare_kong"]
    assert "(EEEE) (CCCC) (FFFF) (PPPP)" in said[0]["message"]
    assert codes("[EEEE,1]123m456p789s N N") == codes("[EEEE1]123m456p789s N N") == []
    assert codes("(EEEE)123m456p789s N N") == codes("[EEEE+]123m456p789s N N") == []
    # a hand typed sorted took its last tile as the winning tile unsaid
    said = notes("345678m234p22567s")
    assert [n["code"] for n in said] == ["winning_last"] and ", 7s," in said[0]["message"]
    assert codes("345678m24p22567s 3p") == codes("123m456p789s11z 2z 16f") == codes("123m456p789s11z N") == []
    assert codes("123m456p789s11z 22z") == ["winning_last"]
    # the helper's 567z are red, green, white: said to MCR players only
    assert codes("123p345p888s456s7z 7z", "mcr") == codes("123p345p888s456s7z 7z", "all") == ["honour_order"]
    assert codes("123p345p888s456s7z 7z", "riichi") == codes("123p345p888s456sC C", "mcr") == []


def test_fifteen_tiles_without_a_space_are_not_told_of_a_space():
    with pytest.raises(HandError) as err:
        parse("2342345m456p789s11z")
    assert err.value.message.endswith("(a kong counts as 3)")
    with pytest.raises(HandError) as err:
        parse("   ")
    assert err.value.message.startswith("no hand written") and err.value.position is None


def test_notes_take_a_space_inside_a_group_as_the_parser_does():
    # "1 2 3m" parses as 123m: split at every space, the notes stopped mjtable score with a traceback
    from scorer.notation import notes
    assert notes("1 2 3m456p789s11z22z 2z") == notes("123m456p789s11z22 z 2z") == []
    with pytest.raises(HandError) as err:
        parse("1 2 3m456p789s11z222z 2z")
    assert err.value.message.endswith("written after the space, it is not written before it too")
    assert [n["code"] for n in notes("123m 456p 789s 11z 2z2z")] == ["winning_last"]
    assert [n["code"] for n in notes("123p345p888s456s7 z 7z", "mcr")] == ["honour_order"]


def test_a_hand_of_13_tiles_says_the_tile_is_missing_and_what_it_waits_on():
    # "too few tiles ... = 13" alone left a beginner who forgot the winning tile stuck
    with pytest.raises(HandError) as err:
        parse("123m456p789s123s5z")
    assert err.value.message.endswith("; add the tile it won on, after a space: it waits on 5z")
    with pytest.raises(HandError) as err:                   # seven pairs and thirteen orphans wait too
        parse("1155m2299p3388s6z")
    assert err.value.message.endswith("it waits on 6z")
    with pytest.raises(HandError) as err:
        parse("19m19p19s1234567z")
    assert err.value.message.endswith("it waits on 1m, 9m, 1p, 9p, 1s, 9s, 1z, 2z, 3z, 4z, 5z, 6z or 7z")
    with pytest.raises(HandError) as err:                   # the fourth 5z is held: no fifth
        parse("(5555z)123m456p789s1z")
    assert err.value.message.startswith("too few tiles") and "waits on 1z" in err.value.message
    with pytest.raises(HandError) as err:
        parse("13579m2468p159s1z")
    assert err.value.message.endswith("add the tile it won on: no tile completes these 13 as sets and a pair, seven "
                                      "pairs or thirteen orphans")


def test_a_hand_one_tile_short_with_its_winning_tile_apart_says_another_tile_is_missing():
    # "123m456p789s11z2z 2z" was asked to "add the tile it won on", which the player had written
    with pytest.raises(HandError) as err:
        parse("123m456p789s11z2z 2z")
    assert err.value.message.endswith("; a tile is missing beside the winning tile 2z, written apart: "
                                      "the hand waits on 1z or 2z"), err.value.message
    with pytest.raises(HandError) as err:
        parse("13579m2468p15s1z 9s")
    assert err.value.message.endswith("a tile is missing beside the winning tile 9s, written apart, and no tile "
                                      "completes these 13 as sets and a pair, seven pairs or thirteen orphans"), \
        err.value.message
    with pytest.raises(HandError) as err:                   # written with the others: as before
        parse("123m456p789s11z2z2z")
    assert err.value.message.endswith("; add the tile it won on, after a space: it waits on 1z or 2z")


def test_a_kong_marked_both_concealed_and_added_says_which_marks_clash():
    # "[5555p,0+]" was told what an added kong is, as if the + stood alone
    with pytest.raises(HandError) as err:
        parse("[5555p,0+]123m456m789s1z 1z")
    assert err.value.message.startswith(",0 marks a concealed kong and + an added one"), err.value.message
    assert "[5555p,0] or (5555p)" in err.value.message and "[5555p,2+]" in err.value.message
    assert err.value.position == 0


def test_tiles_written_after_the_winning_tile_are_said_so():
    # "123m456p789s5p 5p EEE": told "no winning tile written apart" though 5p was written apart,
    # and scored as won on the East wind
    from scorer.notation import notes
    said = [n["message"] for n in notes("123m456p789s5p 5p EEE", "riichi") if n["code"] == "winning_last"]
    assert said == ["tiles written after the winning tile 5p: the last tile written, 1z, is taken as the winning "
                    "tile; write the winning tile last, after a space"]
    said = [n["message"] for n in notes("123m456p789s5pEEE5p", "riichi") if n["code"] == "winning_last"]
    assert said and said[0].startswith("no winning tile written apart")


def test_w_is_said_to_be_the_west_wind():
    # a beginner's "WWW" for three white dragons was scored as a West pung, "no yaku", unsaid
    from scorer.notation import notes
    assert [n["message"] for n in notes("WWW123m456p789s5p 5p", "riichi") if n["code"] == "west_letter"] == \
        ["W is the West wind (3z); the white dragon is P (5z)"]
    assert not [n for n in notes("PPP123m456p789s5p 5p", "riichi") if n["code"] == "west_letter"]
