"""The faces' way up (vision.face_up) tells the grouping which end of a row is its right: a hand
photographed from across the table, or turned a quarter with its rotation tag lost, is read from
the right end, where the image prior and the layout alone read it backwards (here no tile is set
apart: the row's last tile is the winning one)."""
import dataclasses
import math

import pytest

from scorer import Hand, format_hand
from vision import group
from vision.grouping.config import WEIGHTS

from .test_grouping import scene


def with_faces(reads, roll_deg, vote=3.0):
    """Each upright tile's vote as vision.face_up gives it: its face's top, in the photo (y down),
    for a camera rolled ``roll_deg`` counter-clockwise."""
    r = math.radians(roll_deg)
    top = (-math.sin(r) * vote, -math.cos(r) * vote)
    return [t if t.face_down or t.sideways else dataclasses.replace(t, face_up=top) for t in reads]


@pytest.mark.parametrize("roll", [90, 180, 270])
def test_a_turned_photo_is_read_from_the_end_its_faces_say(roll):
    text = "123m456p789s111z2z 2z"
    hand, _, reads = scene(text, roll=roll, corners=False, winning_apart=False)
    reading = group(with_faces(reads, roll), rules="mcr", winning_apart=False)
    assert reading.hand is not None, reading.warnings
    assert format_hand(Hand.from_dict(reading.hand)) == format_hand(hand)


def test_without_the_faces_a_photo_from_across_the_table_reads_backwards():
    """What the cue mends: the same photo, the faces' way up unknown (boxes only)."""
    text = "123m456p789s111z2z 2z"
    hand, _, reads = scene(text, roll=180, corners=False, winning_apart=False)
    reading = group(reads, rules="mcr", winning_apart=False)
    assert reading.hand is None or format_hand(Hand.from_dict(reading.hand)) != format_hand(hand)


def test_faces_upright_keep_an_upright_photo_as_it_is_read():
    text = "123m456p789s111z2z 2z"
    hand, _, reads = scene(text, roll=0, corners=False, winning_apart=False)
    assert format_hand(Hand.from_dict(group(with_faces(reads, 0), rules="mcr", winning_apart=False).hand)) == format_hand(hand)


def test_a_few_faces_read_the_wrong_way_do_not_turn_the_row():
    text = "123m456p789s111z2z 2z"
    hand, _, reads = scene(text, roll=180, corners=False, winning_apart=False)
    reads = with_faces(reads, 180)
    ups = [k for k, t in enumerate(reads) if t.face_up is not None]
    for k in ups[:3]:                                   # three tiles read surely the other way
        reads[k] = dataclasses.replace(reads[k], face_up=(0.0, -3.0))
    assert format_hand(Hand.from_dict(group(reads, rules="mcr", winning_apart=False).hand)) == format_hand(hand)


def test_the_faces_are_one_cue_however_many_tiles_vote():
    assert WEIGHTS.face_up * WEIGHTS.face_up_cap <= 10


def test_a_row_laid_either_way_up_keeps_the_photos_own_way():
    """Many players do not turn their tiles the same way up: faces split nearly evenly say little,
    and the photo is read as it stands (here one tile more points down than up)."""
    text = "123m456p789s111z2z 2z"
    hand, _, reads = scene(text, roll=0, corners=False, winning_apart=False)
    reads = with_faces(reads, 0)
    from vision.grouping.config import HALF_TURN_ALIKE           # (their votes are left out)
    ups = [k for k, t in enumerate(reads) if t.face_up is not None and t.code not in HALF_TURN_ALIKE]
    for k in ups[: len(ups) // 2 + 1]:
        reads[k] = dataclasses.replace(reads[k], face_up=(0.0, 3.0))
    assert format_hand(Hand.from_dict(group(reads, rules="mcr", winning_apart=False).hand)) == format_hand(hand)


@pytest.mark.parametrize("askew", [-1, 1])
def test_faces_voting_along_a_diagonal_do_not_turn_the_row(askew):
    """A photo shaken diagonally smears every face that way: the tiles' axes are found 45° off
    their row's and their votes point down a diagonal. A trial's upright hand was read backwards
    so (another winning tile, 90 points for 131); votes that far off the row's axes say nothing
    of its way up, while faces pointing straight down still turn it."""
    text = "123m456p789s111z2z 2z"
    hand, _, reads = scene(text, roll=0, corners=False, winning_apart=False)
    down = (askew * 2.1, 2.1)                           # down and to one side, 3 votes long
    diagonal = [t if t.face_up is None and (t.face_down or t.sideways) else dataclasses.replace(t, face_up=down)
                for t in reads]
    assert format_hand(Hand.from_dict(group(diagonal, rules="mcr", winning_apart=False).hand)) == format_hand(hand)
    assert abs(group(with_faces(reads, 180), rules="mcr", winning_apart=False).decisions[0]["value"]) > 179


def test_faces_alike_both_ways_up_have_no_say():
    """The way-up votes of faces laid out alike when turned half round (2s, 4s, 8s, 9s, most dots)
    are noise: a row of upright bamboos was read backwards on theirs, its 1s, 3s, 7s and flower
    pointing up (valid 387593807). Here every symmetric face votes down, the others up."""
    from vision.grouping.config import HALF_TURN_ALIKE
    text = "123m456p789s111z2z 2z"
    hand, _, reads = scene(text, roll=0, corners=False, winning_apart=False)
    reads = with_faces(reads, 0, vote=0.3)
    reads = [dataclasses.replace(t, face_up=(0.0, 3.0)) if t.code in HALF_TURN_ALIKE and t.face_up else t
             for t in reads]
    assert sum(t.code in HALF_TURN_ALIKE for t in reads) == 4       # 4p, 5p, 8s, 9s: 12 votes down, 3 up
    assert format_hand(Hand.from_dict(group(reads, rules="mcr", winning_apart=False).hand)) == format_hand(hand)
    # were they counted, the row would be read from its other end
    odd = [dataclasses.replace(t, code="1m" if t.code in HALF_TURN_ALIKE else t.code) for t in reads]
    assert abs(group(odd, rules="mcr", winning_apart=False).decisions[0]["value"]) > 179
