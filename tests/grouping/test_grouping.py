"""Grouping on mock detections (no model): every table convention of vision_lab.hand_layouts, seen by
cameras that rotate, tilt and bend the rows."""
import math
import random

import pytest

from scorer import Hand, format_hand, parse
from vision import TileRead, group
from vision_lab import hand_layouts as L


def scene(text, *, seed=0, style="riichi", roll=0.0, tilt=0.0, corners=True, box_noise=0.0,
          dora=None, **layout_kw):
    hand = parse(text)
    rng = random.Random(seed)
    placed = L.layout_hand(hand, rng, style=style, dora_indicators=dora, **layout_kw)
    camera = L.Camera(scale=40, tilt=tilt, roll=roll, distance=16, size=(1600, 1600))
    reads = L.project(placed, camera, rng, box_noise=box_noise, corners=corners)
    if not corners:
        for t in reads:
            t.angle = 0.0
    return hand, placed, reads


def read(reads, **kw):
    r = group(reads, **kw)
    assert r.hand is not None, r.warnings
    return r, Hand.from_dict(r.hand)


def meld_of(hand, kind):
    return next(m for m in hand.melds if m.type == kind)


@pytest.mark.parametrize("mark, frm", [("1", "left"), ("2", "across"), ("3", "right")])
@pytest.mark.parametrize("kind", ["pung", "kong"])
def test_sideways_tile_position_says_who_discarded(mark, frm, kind):
    body = "5555p" if kind == "kong" else "555p"
    hand, placed, reads = scene(f"[{body},{mark}]123m456s789s1z 1z", melds_at="right", curve=0.0)
    side = [p for p in placed if p.sideways]
    assert len(side) == 1
    _, got = read(reads, rules="riichi")
    m = meld_of(got, kind)
    assert m.from_ == frm and m.claimed == "5p" and not m.concealed


def test_chow_claimed_tile_is_the_sideways_one():
    _, _, reads = scene("[3p45p,2]123m456s789s1z 1z", melds_at="front")
    _, got = read(reads, rules="riichi")
    chow = meld_of(got, "chow")
    assert chow.claimed == "4p" and chow.from_ == "left"


@pytest.mark.parametrize("pattern", ["ends", "middle"])
def test_concealed_kong_with_two_face_down_tiles(pattern):
    hand, placed, reads = scene("(7777s)123m456p789p1z 1z", kong_face_down=pattern, melds_at="right")
    downs = [p for p in placed if p.face_down]
    xs = sorted(p.x for p in placed if p.group == "meld0")
    down_xs = sorted(p.x for p in downs)
    assert (down_xs == [xs[0], xs[3]]) == (pattern == "ends")
    r, got = read(reads, rules="riichi")
    kong = meld_of(got, "kong")
    assert kong.concealed and kong.tiles == ("7s",) * 4 and kong.claimed is None
    assert sum(1 for link in r.links if link["role"] == "face_down") == 2


@pytest.mark.parametrize("mark, frm", [("1", "left"), ("2", "across"), ("3", "right")])
def test_added_kong_stacks_the_fourth_tile_on_the_claimed_one(mark, frm):
    hand = parse(f"[2222z,{mark}]123m456p789s5p 5p")
    hand = Hand(hand.concealed, (L.make_meld("kong", ["2z"] * 4, claimed="2z", from_=frm, added=True),),
                hand.winning_tile)
    rng = random.Random(3)
    placed = L.layout_hand(hand, rng, style="riichi", melds_at="right")
    assert sum(p.stacked for p in placed) == 1
    reads = L.project(placed, L.Camera(scale=40, roll=8), rng)
    r, got = read(reads, rules="riichi")
    kong = meld_of(got, "kong")
    assert kong.added and kong.from_ == frm and not kong.concealed
    assert any(link["role"] == "added" for link in r.links)


def test_winning_tile_set_apart_is_the_winning_tile():
    _, _, reads = scene("123m456p789s11z22z 2z")
    _, got = read(reads)
    assert got.winning_tile == "2z"
    hand, _, reads = scene("123m456p789s1122z 1z", seed=4)
    r, got = read(reads)
    assert got.winning_tile == "1z"
    assert any(d["what"] == "winning tile" and d["confidence"] > 0.9 for d in r.decisions)


def test_winning_tile_not_apart_is_assumed_with_a_warning():
    _, _, reads = scene("123m456p789s1122z 1z", winning_apart=False, jitter=0.0)
    r = group(reads, rules="mcr")
    assert r.hand is not None
    assert any("not set apart" in w for w in r.warnings)
    win = next(d for d in r.decisions if d["what"] == "winning tile")
    assert win["confidence"] < 0.5


@pytest.mark.parametrize("bonus_at", ["left", "front"])
def test_flowers_and_seasons_aside(bonus_at):
    _, placed, reads = scene("[555p]123m456s789s1z 1z 16f", style="chinese", bonus_at=bonus_at)
    r, got = read(reads, rules="mcr")
    assert got.bonus == ("1f", "6f")
    bonus_group = next(g for g in r.groups if g["kind"] == "bonus")
    assert sorted(reads[i].code for i in bonus_group["tiles"]) == ["1f", "6f"]


@pytest.mark.parametrize("dead_wall", [True, False])
def test_dora_indicator_row(dead_wall):
    _, placed, reads = scene("[555p,2]123m456s789s1z 1z", dora=["3m", "7z"], dead_wall=dead_wall)
    assert any(p.face_down for p in placed) == dead_wall
    r, got = read(reads, rules="riichi")
    assert list(got.context.get("dora_indicators")) == ["3m", "7z"]
    assert not got.melds[0].concealed and len(got.melds) == 1


def test_dora_row_that_looks_like_a_chow_is_not_a_meld():
    # Three indicators 3-4-5m could be read as an exposed chow; the tile count says otherwise.
    _, _, reads = scene("123m456p789s111z2z 2z", dora=["3m", "4m", "5m"], dead_wall=False)
    r, got = read(reads, rules="riichi")
    assert got.melds == () and list(got.context.get("dora_indicators")) == ["3m", "4m", "5m"]


@pytest.mark.parametrize("roll", [90, 180, 270, 33, -20])
def test_rotated_photos(roll):
    hand, _, reads = scene("[555p,3][7777s,2]123m1z999m 1z", roll=roll, seed=2, melds_at="right")
    _, got = read(reads, rules="riichi")
    assert format_hand(got) == format_hand(hand)


def test_rotation_hint_settles_a_layout_with_no_cue():
    # Standing tiles only, winning tile not apart, boxes only: nothing says which end is the
    # right one, except the hint (the photo was taken upside down).
    hand, placed, reads = scene("123m456p789s1122z 2z", roll=180, winning_apart=False, corners=False,
                                jitter=0.0, curve=0.0, seed=1)
    row = sorted(placed, key=lambda p: p.x)
    assert row[0].code != row[-1].code
    hinted = group(reads, rotation=180)
    assert hinted.hand["winning_tile"] == row[-1].code
    unhinted = group(reads)
    assert unhinted.hand["winning_tile"] == row[0].code   # read as an upright photo


@pytest.mark.parametrize("tilt", [25, 40])
@pytest.mark.parametrize("corners", [True, False])
def test_perspective_tilted(tilt, corners):
    hand, _, reads = scene("[555p,1][123s,1](9999m)11z45m 3m", tilt=tilt, corners=corners, melds_at="front",
                           seed=5, box_noise=0.02)
    _, got = read(reads, rules="riichi")
    assert format_hand(got) == format_hand(hand)


@pytest.mark.parametrize("curve", [-0.6, 0.6])
def test_curved_rows(curve):
    hand, _, reads = scene("[555p,2]1112345678m 9m", curve=curve, style="chinese", corners=False, seed=6)
    _, got = read(reads, rules="mcr")
    assert got.concealed == hand.concealed and got.melds[0].type == "pung"


def test_touching_melds_are_split_by_their_content_and_sideways_tiles():
    # Two melds with no gap between them: 3 + 4 tiles, each with one sideways tile.
    hand = parse("[555p,1][7777s,3]123m1z999m 1z")
    rng = random.Random(1)
    placed = L.layout_hand(hand, rng, style="riichi", melds_at="front", jitter=0.0)
    meld1 = [p for p in placed if p.group == "meld1"]
    left_end = min(p.x for p in meld1) - 0.5
    right0 = max(p.x + (L.TILE_H if p.sideways else L.TILE_W) / 2 for p in placed if p.group == "meld0")
    for p in meld1:
        p.x -= left_end - right0 - 0.05
    reads = L.project(placed, L.Camera(scale=40), rng)
    _, got = read(reads, rules="riichi")
    assert format_hand(got) == format_hand(hand)


def test_links_cover_every_tile_and_name_roles():
    _, _, reads = scene("[555p,1](7777s)123m1z999m 1z", dora=["2m"], dead_wall=True)
    r = group(reads, rules="riichi")
    assert len(r.links) == len(reads)
    roles = {link["role"] for link in r.links}
    assert {"standing", "winning", "claimed", "meld", "face_down", "dora_indicator", "dead_wall"} <= roles
    assert all(link["group"] is not None for link in r.links)
    for g in r.groups:
        for i in g["tiles"]:
            assert r.links[i]["group"] == g["id"]
    data = r.to_dict()
    assert data["hand"] == r.hand and 0 < data["confidence"] <= 1


def test_gap_near_the_threshold_is_flagged():
    hand = parse("123m456p789s1122z 1z")
    rng = random.Random(0)
    placed = L.layout_hand(hand, rng, style="chinese", jitter=0.0)
    row = sorted((p for p in placed if p.group == "concealed"), key=lambda p: p.x)
    for p in row[5:]:
        p.x += 0.5   # a gap of half a tile inside the standing row
    reads = L.project(placed, L.Camera(scale=40), rng)
    r = group(reads)
    assert any("apart: is there a gap" in w for w in r.warnings)


def test_missing_tile_gives_an_actionable_warning():
    _, _, reads = scene("[555p,1]123m456s789s1z 1z")
    r = group(reads[1:], rules="riichi")
    assert any("13 tiles" in w or "neither a meld" in w or "do not make a hand" in w for w in r.warnings)


def test_random_scenes_are_rebuilt_exactly():
    from mjtable.reports.grouping_report import canonical
    for s in range(40):
        rng = random.Random(1000 + s)
        style = L.STYLES[s % 2]
        hand = L.random_hand(rng, style=style)
        placed = L.layout_hand(hand, rng, style=style)
        reads = L.project(placed, L.Camera.random(rng), rng, box_noise=0.03, corners=s % 4 < 2)
        r = group(reads, rules="riichi" if style == "riichi" else "mcr")
        assert r.hand is not None and canonical(r.hand, style) == canonical(hand.to_dict(), style), (s, r.warnings)


def test_bad_input():
    with pytest.raises(TypeError):
        group([{"code": "1m"}])
    r = group([])
    assert r.hand is None and r.warnings


def test_project_gives_image_geometry():
    hand = parse("123m456p789s1122z 1z")
    placed = L.layout_hand(hand, random.Random(0), style="chinese", jitter=0.0, curve=0.0)
    reads = L.project(placed, L.Camera(scale=50, roll=90), shuffle=False)
    assert all(isinstance(t, TileRead) for t in reads)
    # Rotated 90° counter-clockwise: the row runs upwards, tiles are 50 px wide across it.
    ys = [t.center[1] for t in reads]
    assert ys == sorted(ys, reverse=True)
    x0, y0, x1, y1 = reads[0].box
    assert math.isclose(x1 - x0, 50 * L.TILE_H, rel_tol=0.05) and math.isclose(y1 - y0, 50, rel_tol=0.05)
    assert math.isclose(reads[0].angle, 90, abs_tol=1)


def test_stray_tile_apart_from_everything_is_left_out_with_a_warning():
    # (Under riichi rules a lone far tile could be a dora indicator; under MCR it is a stray.)
    hand, placed, _ = scene("[555p]123m456s789s1z 1z", melds_at="right", style="chinese")
    placed.append(L.PlacedTile("9p", x=4.0, y=-6.0))   # a discard lying further away
    reads = L.project(placed, L.Camera(scale=40, tilt=10), random.Random(0))
    r, got = read(reads, rules="mcr")
    assert format_hand(got) == format_hand(hand)
    assert any("left out" in w for w in r.warnings)
    stray = next(link for link in r.links if reads[link["tile"]].code == "9p")
    assert stray["role"] == "ignored"


def test_tiles_apart_in_several_places_make_one_note():
    # a cluttered photo left a note per lone tile: dozens of the same sentence
    hand, placed, _ = scene("[555p]123m456s789s1z 1z", melds_at="right", style="chinese")
    for k, code in enumerate(("9p", "2s", "8m")):
        placed.append(L.PlacedTile(code, x=-6.0 + 8.0 * k, y=-7.0))
    reads = L.project(placed, L.Camera(scale=40, tilt=10), random.Random(0))
    r, got = read(reads, rules="mcr")
    assert format_hand(got) == format_hand(hand)
    notes = [w for w in r.warnings if "left out" in w]
    assert len(notes) == 1 and notes[0].startswith("3 tile(s) lying far from the hand left out (") and all(c in notes[0] for c in ("9p", "2s", "8m"))


@pytest.mark.parametrize("rules", [None, "mcr"])
def test_loose_tiles_far_from_the_hand_are_left_out(rules):
    # discards lying well away from the hand were read as its melds (valid 387463023, a hand laid
    # at a tray's front photographed over the discards; without rules the discards became the
    # hand, and the hand's own row a dora row left out)
    hand, placed, _ = scene("123p444p444z777z1z 1z", style="chinese", winning_apart=False)
    for k, code in enumerate(("9p", "5z", "2s", "7m", "7m", "7m", "1m")):
        placed.append(L.PlacedTile(code, x=1.0 + 1.05 * k + (2.0 if k > 2 else 0.0), y=-7.0 - 0.3 * (k % 2)))
    placed.append(L.PlacedTile("2m", x=9.5, y=-5.5))
    reads = L.project(placed, L.Camera(scale=40, tilt=10), random.Random(0))
    r, got = read(reads, rules=rules)
    assert format_hand(got) == format_hand(hand)
    if rules == "mcr":          # (without rules, the loose row is the farthest row, and left out as such)
        note = next(w for w in r.warnings if "lying far from the hand left out" in w)
        assert note.startswith("8 tile(s) lying far from the hand left out (") and "keep discards" in note
    assert {link["role"] for link in r.links if reads[link["tile"]].code in ("9p", "2s", "7m", "1m", "2m")} == {"ignored"}


def test_melds_laid_in_front_of_the_standing_row_are_not_left_out():
    # a row of melds a tile's height or two from the standing tiles is the hand's: leaving it out
    # costs its tiles, and a hand short of them
    for seed in range(6):
        hand, _, reads = scene("[555p][789s]123m456p1z 1z", seed=seed, style="chinese", melds_at="front")
        r, got = read(reads, rules="mcr")
        assert format_hand(got) == format_hand(hand), seed
        assert not any("lying far from the hand" in w for w in r.warnings)


def test_a_hand_one_tile_short_with_room_for_it_in_the_row_asks_about_it():
    # a finger over a tile in the middle of the row (or a tile the detector missed): the row was
    # split into standing tiles and invented melds, and "add the tile it won on" advised
    hand, placed, _ = scene("123m456p789s11z22z 2z", style="chinese", winning_apart=False)
    row = sorted((p for p in placed if p.group == "concealed"), key=lambda p: p.x)
    placed.remove(row[6])
    reads = L.project(placed, L.Camera(scale=40, tilt=10), random.Random(0))
    r = group(reads, rules="mcr")
    note = [w for w in r.warnings if "room for one tile" in w]
    assert len(note) == 1 and note[0].startswith("the hand is one tile short, and the row has room for one tile "
                                                 "between "), note
    assert {row[5].code, row[7].code} == set(note[0].split("between ")[1].split(" (")[0].split(" and ")), note
    # a whole hand, or one short of a tile at either end of the row, is not asked about
    ends = sorted((p for p in placed if p.group in ("concealed", "winning")), key=lambda p: p.x)
    for missing in (None, ends[-1], ends[0]):
        kept = [p for p in placed + [row[6]] if p is not missing]
        reads = L.project(kept, L.Camera(scale=40, tilt=10), random.Random(0))
        assert not any("room for one tile" in w for w in group(reads, rules="mcr").warnings), missing


def test_sideways_flags_judged_against_the_photo_are_flipped():
    hand, _, reads = scene("[555p,3][7777s,2]123m1z999m 1z", roll=90, melds_at="right")
    for t in reads:
        t.sideways = not t.sideways      # a reader that compared tiles with the photo's edges
    r, got = read(reads, rules="riichi")
    assert format_hand(got) == format_hand(hand)
    assert any("reported sideways" in w for w in r.warnings)
    # each tile says how it lies in its row as settled, which the review page draws: only the
    # melds' claimed tiles lie sideways, not the whole photo's
    claimed = {i for i, link in enumerate(r.links) if link["role"] == "claimed"}
    assert claimed and {i for i, link in enumerate(r.links) if link["sideways"]} == claimed


def test_a_hand_whose_every_tile_was_reported_sideways_is_said_so():
    """A concealed hand photographed turned a quarter: every tile judged sideways against the
    photo's edges; the note does not speak of other tiles, and none is drawn sideways."""
    hand, _, reads = scene("123m456p789s555p1z 1z", roll=90)
    for t in reads:
        t.sideways = True
    r, got = read(reads, rules="mcr")
    assert format_hand(got) == format_hand(hand)
    assert f"all {len(reads)} tiles were reported sideways: read as a photo turned by 90°" in r.warnings
    assert not any(link["sideways"] for link in r.links)


def test_a_tile_detected_twice_is_kept_once():
    import dataclasses
    hand, _, reads = scene("[555p,2]123m456s789s1z 1z")
    twin = dataclasses.replace(reads[3], confidence=0.5, box=tuple(v + 1.5 for v in reads[3].box))
    reads.append(twin)
    r, got = read(reads, rules="riichi")
    assert format_hand(got) == format_hand(hand)
    assert r.links[-1]["role"] == "duplicate" and r.links[-1]["of"] == 3
    assert len(r.links) == len(reads) and r.links[3]["role"] != "duplicate"
    assert all(i < len(reads) for g in r.groups for i in g["tiles"])


@pytest.mark.parametrize("tilt, roll", [(45, 0), (30, 20)])
def test_sideways_flags_from_box_shapes_are_rechecked_against_the_row(tilt, roll):
    # A reader that calls a tile sideways when its box is wider than tall: wrong for upright
    # tiles seen at a low angle, and for tiles in a turned photo.
    hand, _, reads = scene("[555p,3][3p45p,1][7777s,2]1z999m 1z", tilt=tilt, roll=roll, melds_at="right")
    for t in reads:
        x0, y0, x1, y1 = t.box
        t.sideways = (x1 - x0) > (y1 - y0)
    r, got = read(reads, rules="riichi")
    assert format_hand(got) == format_hand(hand)


def test_a_face_no_code_names_is_left_out_of_the_hand_and_said():
    import dataclasses
    hand, _, reads = scene("123m456p789s1122z 1z")
    # a joker laid beside the standing row, read as some code but reported unknown
    joker = dataclasses.replace(reads[5], code="5z", unknown=True,
                                box=(reads[5].box[0], reads[5].box[1] + 300, reads[5].box[2], reads[5].box[3] + 300))
    reads.append(joker)
    r, got = read(reads, rules="mcr")
    assert format_hand(got) == format_hand(hand)
    assert r.links[-1] == {"tile": len(reads) - 1, "group": None, "role": "unknown"}
    assert any("no tile code names" in w for w in r.warnings)
    assert not any("detected twice" in w for w in r.warnings)
    # the same tile named: it counts again
    reads[-1] = dataclasses.replace(joker, unknown=False)
    assert group(reads, rules="mcr").links[-1]["role"] != "unknown"


def test_an_exposed_group_read_as_neither_pung_nor_chow_is_not_called_a_chow():
    """Three different tiles that make no run (a misread, or a spread of tiles that is no hand)
    are reported as what they are, not as an exposed chow; the hand then says why it fails."""
    _, _, reads = scene("[123m,1]456p789s11z22z 2z", melds_at="right", curve=0.0)
    r = group(reads, rules="mcr")
    [chow] = [d["value"] for d in r.decisions if d["what"].startswith("group") and "chow" in d["value"]]
    assert chow.startswith("exposed chow")
    for t in reads:
        if t.code == "3m":
            t.code = "5p"
    r = group(reads, rules="mcr")
    values = [d["value"] for d in r.decisions if d["what"].startswith("group")]
    assert not any("chow" in v and "neither" not in v for v in values)
    assert any(v.startswith("exposed set of three, neither a pung nor a chow as read") for v in values)
    assert any("is not a chow" in w for w in r.warnings)


def test_a_far_row_of_more_tiles_than_a_table_shows_as_dora_indicators_is_left_out():
    # a photo of the whole table: a far row of 9 discards is neither dora indicators (5 at most:
    # 002 §2.7, §3.3.10) nor melds; the hand in front is still read, and the row is named
    hand, _, reads = scene("123m456p789s111z2z 2z", dora=["2p", "5s", "9m", "3z", "7p", "1s", "4m", "6z", "8p"],
                           dead_wall=False)
    r, got = read(reads, rules="riichi")
    assert format_hand(got) == format_hand(hand) and "dora_indicators" not in got.context
    ignored = [g for g in r.groups if g["kind"] == "ignored"]
    assert [len(g["tiles"]) for g in ignored] == [9] and r.slots["dora"] == []
    assert any("farthest row (9 tiles face up) was left out" in w for w in r.warnings)
    # five indicators are still read as such
    _, _, reads = scene("123m456p789s111z2z 2z", dora=["2p", "5s", "9m", "3z", "7p"], dead_wall=False)
    _, got = read(reads, rules="riichi")
    assert list(got.context.get("dora_indicators")) == ["2p", "5s", "9m", "3z", "7p"]


def test_a_far_tile_cut_by_the_photos_edge_is_no_dora_indicator():
    # a white dragon cut by a photo's top edge filled the dora field of a hand that had none
    import dataclasses
    hand, _, reads = scene("123m456p789s111z2z 2z", dora=["5z"], dead_wall=False, curve=0.0)
    _, got = read(reads, rules="riichi")
    assert list(got.context.get("dora_indicators")) == ["5z"]
    far = min(range(len(reads)), key=lambda i: reads[i].center[1])
    assert reads[far].code == "5z"
    x0, y0, x1, y1 = reads[far].box
    cut = [dataclasses.replace(t, box=(x0, 0.0, x1, y1)) if i == far else t for i, t in enumerate(reads)]
    frame = (1600, 1600)
    r, got = read(cut, rules="riichi", frame=frame)
    assert "dora_indicators" not in got.context and format_hand(got) == format_hand(hand)
    # the same row inside the photo is still read as dora indicators, with the frame known
    _, got = read(reads, rules="riichi", frame=frame)
    assert list(got.context.get("dora_indicators")) == ["5z"]
    # and a dora row the caller forces is tried, cut or not
    _, got = read(cut, rules="riichi", frame=frame, dora_row=True)
    assert list(got.context.get("dora_indicators")) == ["5z"]


def test_the_readers_photo_frame_reaches_grouping():
    from mjtable.pipeline import read_hand
    from vision.types import TileReads
    _, _, reads = scene("123m456p789s111z2z 2z", dora=["5z"], dead_wall=False, curve=0.0)
    import dataclasses
    far = min(range(len(reads)), key=lambda i: reads[i].center[1])
    x0, y0, x1, y1 = reads[far].box
    cut = [dataclasses.replace(t, box=(x0, 0.0, x1, y1)) if i == far else t for i, t in enumerate(reads)]
    assert read_hand(cut, rules="riichi")[2]["context"].get("dora_indicators") == ["5z"]
    hand = read_hand(TileReads(cut, frame=(1600, 1600)), rules="riichi")[2]
    assert "dora_indicators" not in hand["context"]


def test_a_photo_without_tiles_says_what_to_do():
    """"no tiles found in the photo" alone left a player at the command line with nothing to try."""
    from vision.grouping import group
    reading = group([])
    assert reading.hand is None and reading.warnings[0].startswith("no tiles found in the photo: take another one")
    # a shaken or blurred photo reads no tile and is too bare to be said blurred (fewer than 4 reads)
    assert "sharp (the phone held still)" in reading.warnings[0]
    assert "or type the hand" in reading.warnings[0]


@pytest.mark.parametrize("bonus_at", ["left", "front"])
def test_thirteen_tiles_and_all_eight_flowers_are_a_win_on_the_eighth(bonus_at):
    # Hong Kong, 004 6D: a photo of the 13 tiles held and the eight flowers was "a tile may be
    # hidden", no hand
    hand, _, reads = scene("123456789m12p55s 1234567f 8f", style="chinese", bonus_at=bonus_at)
    r, got = read(reads, rules="hk")
    assert got == Hand.from_dict(hand.to_dict()) and got.won_on_flower
    assert not any("where a winning hand has 14" in w or "not set apart" in w for w in r.warnings)
    # seven flowers and 13 tiles stay a tile short, said
    _, _, fewer = scene("123456789m12p55s 5s 1234567f", style="chinese", bonus_at=bonus_at)
    one_5s = next(k for k, t in enumerate(fewer) if t.code == "5s")
    short = group(fewer[:one_5s] + fewer[one_5s + 1:], rules="hk")
    assert short.hand is None and any("where a winning hand has 14" in w for w in short.warnings)


def test_a_row_photographed_turned_12_degrees_is_read_in_its_own_order():
    # the detector's boxes of a hand photographed turned by 12° (valid hand_010, turned by a
    # player's trial): undoing the turn from 2m's box gave it 19 px where its neighbours had 22,
    # 35 px apart; it kept that width, the row split after it, and the hand was read backwards
    # with its pair taken for the winning tile set apart (73 points for 32)
    boxes = [("1f", (152.4, 621.0, 183.8, 680.8)), ("5f", (189.3, 616.7, 220.4, 674.9)),
             ("2m", (224.8, 610.8, 254.5, 670.5)), ("2m", (259.4, 604.5, 289.7, 661.8)),
             ("1s", (293.4, 595.6, 326.1, 654.6)), ("1s", (328.7, 584.9, 361.5, 645.8)),
             ("1s", (364.4, 580.1, 399.5, 640.2)), ("9s", (398.8, 573.1, 437.0, 634.0)),
             ("9s", (435.1, 565.9, 472.9, 626.4)), ("9s", (469.5, 559.8, 509.0, 620.2)),
             ("9p", (503.2, 552.3, 545.5, 616.2)), ("9p", (539.1, 546.5, 581.2, 608.0)),
             ("9p", (572.4, 538.1, 617.2, 601.3)), ("5s", (608.2, 533.2, 652.1, 592.6)),
             ("5s", (638.9, 525.3, 685.9, 584.6)), ("5s", (673.7, 518.1, 720.8, 575.7))]
    tiles = [TileRead(code=c, box=b, confidence=0.8, top3=[(c, 1.0)]) for c, b in boxes]
    reading = group(tiles, rules="mcr")
    assert format_hand(Hand.from_dict(reading.hand)) == "22m999p11155999s 5s 15f"


def _sure(read, code):
    """``read`` read as ``code`` with no doubt: its top 3 names nothing else above 0.001."""
    read.code = code
    read.top3 = [(code, 0.998), ("1z", 0.001), ("9s", 0.001)]


def test_four_touching_tiles_no_three_of_which_can_be_alike_are_no_kong():
    # a photo's 3m 3m 7m 8m laid touching was called an exposed kong "with a misread", and the
    # review page offered its kong menu (exposed, added, concealed); a kong with one misread tile
    # is still one, for the decoder to mend
    _, _, reads = scene("[5555p]123m456s789s1z 1z", melds_at="right", curve=0.0)
    kong = [r for r in reads if r.code == "5p"]
    assert len(kong) == 4
    _sure(kong[3], "8p")
    r = group(reads, rules="mcr")
    assert any(g["kind"] == "meld" and g["meld"]["kind"] == "kong" for g in r.groups), r.groups
    _sure(kong[2], "7p")
    r = group(reads, rules="mcr")
    grouped = [g for g in r.groups if set(g["tiles"]) == {reads.index(k) for k in kong}]
    assert grouped and grouped[0]["kind"] != "meld", grouped


def test_blank_faces_at_a_concealed_kongs_ends_are_its_backs():
    # a greyscale photo's concealed kong: its backs, as plain as a white dragon's face, were read
    # 5z 8p 8p 5z, and no hand was built
    hand, placed, reads = scene("(8888p)123m456s789s1z 1z", melds_at="right", style="riichi")
    backs = [t for t in reads if t.face_down]
    assert len(backs) == 2
    for t in backs:
        t.face_down, t.code, t.confidence, t.top3 = False, "5z", 0.9, [("5z", 0.9)]
    r, got = read(reads, rules="riichi")
    assert format_hand(got) == format_hand(hand)
    said = next(w for w in r.warnings if "blank tiles were taken for the face-down tiles of a concealed kong" in w)
    from flask import Flask

    from webui.i18n import french_message
    with Flask(__name__).test_request_context("/?lang=fr"):
        assert "ses deux tuiles vierges ont été prises pour les tuiles retournées d'un kong caché" in french_message(said)
    assert sorted(link["role"] for link in r.links if reads[link["tile"]].code == "5z") == ["face_down", "face_down"]
    # a kong of white dragons stays one
    hand, placed, reads = scene("[5555z,1]123m456s789s1z 1z", melds_at="right", style="riichi")
    r, got = read(reads, rules="riichi")
    assert format_hand(got) == format_hand(hand) and not any("blank tiles" in w for w in r.warnings)


@pytest.mark.parametrize("where", ["before the winning tile", "inside the row"])
def test_a_back_read_alone_between_face_up_tiles_is_left_out(where):
    # the table seen in the gap before a winning tile set apart (or between two standing tiles)
    # was read as a back: the row held a face-down tile, and no hand was rebuilt (valid hand_019)
    hand, placed, _ = scene("123m456p789s11z22z 2z", style="chinese", winning_apart=True)
    row = sorted((p for p in placed if p.group in ("concealed", "winning")), key=lambda p: p.x)
    if where == "inside the row":                       # the row parted by a tile's width there
        for p in row[7:]:
            p.x += 1.0
        a, b = row[6], row[7]
    else:
        a, b = row[-2], row[-1]
        b.x = a.x + 2.05                                 # set apart by a tile's width
    placed.append(L.PlacedTile(None, x=(a.x + b.x) / 2, y=a.y, face_down=True))
    reads = L.project(placed, L.Camera(scale=40, tilt=10), random.Random(0))
    r, got = read(reads, rules="mcr")
    assert format_hand(got) == format_hand(hand)
    assert any(w.startswith("a tile read face down inside a row, between face-up tiles, was left out") for w in r.warnings)
    assert not any("away from every group" in w for w in r.warnings)      # said once
    back = next(link for link in r.links if reads[link["tile"]].face_down)
    assert back["role"] == "ignored"


def test_under_riichi_the_dora_row_is_told_from_discards_lying_beyond_it():
    # discards in the middle of the table, beyond the dead wall: the farthest row alone could be
    # the dora row, and a clump of discards was taken for the indicators (riichi hands with
    # discards rendered: 2.8 % exact)
    hand, placed, _ = scene("234m345p678s567s5p 5p", style="riichi", dora=["4p"], dead_wall=True)
    placed += L.loose_discards(random.Random(3), placed, 8)
    reads = L.project(placed, L.Camera(scale=40, tilt=10), random.Random(0))
    r, got = read(reads, rules="riichi")
    assert format_hand(got) == format_hand(hand)
    assert list(got.context.get("dora_indicators")) == ["4p"], got.context
    assert any(w.startswith("8 tile(s) lying far from the hand left out") for w in r.warnings), r.warnings
    assert not any(w.startswith("the dora indicators (") for w in r.warnings)     # the dead wall beside them


def test_backs_read_alone_in_two_places_are_said_once():
    hand, placed, _ = scene("123m456p789s11z22z 2z", style="chinese", winning_apart=True)
    row = sorted((p for p in placed if p.group in ("concealed", "winning")), key=lambda p: p.x)
    for p in row[4:]:
        p.x += 1.0
    row[-1].x = row[-2].x + 2.05
    for a, b in ((row[3], row[4]), (row[-2], row[-1])):
        placed.append(L.PlacedTile(None, x=(a.x + b.x) / 2, y=a.y, face_down=True))
    reads = L.project(placed, L.Camera(scale=40, tilt=10), random.Random(0))
    r, got = read(reads, rules="mcr")
    assert format_hand(got) == format_hand(hand)
    notes = [w for w in r.warnings if "face down inside" in w]
    assert notes == [w for w in notes if w.startswith("2 tiles read face down inside rows, each between face-up tiles")]
    assert len(notes) == 1, r.warnings


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_under_riichi_a_lone_indicator_nearer_than_the_discards_is_the_dora_row(seed):
    # a lone indicator beyond the melds, discards beyond it: a clump of discards was taken for the
    # indicators (a row left out costs its tiles, the indicators' row nothing) and the indicator
    # left out, or no indicator taken at all (riichi hands with discards rendered: 43 % exact)
    hand, placed, _ = scene("[567s,2][222z,1]345m1p789p 1p", style="riichi", dora=["7p"], dead_wall=False, seed=seed)
    placed += L.loose_discards(random.Random(seed), placed, 10)
    reads = L.project(placed, L.Camera(scale=40, tilt=10), random.Random(0))
    r, got = read(reads, rules="riichi")
    assert format_hand(got) == format_hand(hand)
    assert list(got.context.get("dora_indicators")) == ["7p"], got.context
    # no dead wall beside it, loose tiles about: where no indicator is in the photo, a clump of
    # discards is read as the indicators the same way; said, for the player to check
    from vision.grouping.hand_reading import DORA_AMONG_DISCARDS
    assert DORA_AMONG_DISCARDS.format("7p") in r.warnings, r.warnings


@pytest.mark.parametrize("gap", [1.8, 2.0, 2.4])
def test_discards_three_tile_widths_beyond_a_concealed_hand_are_left_out(gap):
    # a row of discards two tile widths beyond a hand with no meld lies about 3.4 widths from its
    # row: it was read as the hand's melds (Chinese-style hands with 10 discards rendered: 77.4 % exact)
    hand, placed, _ = scene("123m456p789s1122z 2z", style="chinese")
    far = min(p.y for p in placed) - L.TILE_H - gap
    placed += [L.PlacedTile(code, x=1.0 + k * (L.TILE_W + 0.15), y=far, angle=0.0, group="discards", role=f"discard{k}")
               for k, code in enumerate(["9m", "1p", "5s", "3z", "8p", "2m"])]
    reads = L.project(placed, L.Camera(scale=40, tilt=10), random.Random(0))
    r, got = read(reads, rules="mcr")
    assert format_hand(got) == format_hand(hand)
    assert any(w.startswith("6 tile(s) lying far from the hand left out") for w in r.warnings), r.warnings


def test_under_riichi_no_clump_of_discards_is_taken_for_dora_indicators_missing_from_the_photo():
    # no indicator in the photo, two loose rows of three discards beyond the hand: the nearer was
    # read as three dora indicators (a second indicator needs a kong declared, a third two)
    hand, placed, _ = scene("[567s,2][222z,1]345m1p789p 1p", style="riichi")
    far = min(p.y for p in placed) - L.TILE_H - 2.0
    placed += [L.PlacedTile(code, x=2.0 + k * (L.TILE_W + 0.2), y=far - row * (L.TILE_H + 0.3), angle=0.0,
                            group="discards", role=f"discard{3 * row + k}")
               for row, codes in enumerate((["9m", "1p", "5s"], ["3z", "8p", "2m"])) for k, code in enumerate(codes)]
    reads = L.project(placed, L.Camera(scale=40, tilt=10), random.Random(0))
    r, got = read(reads, rules="riichi")
    assert format_hand(got) == format_hand(hand)
    assert not got.context.get("dora_indicators"), got.context
    assert any(w.startswith("6 tile(s) lying far from the hand left out") for w in r.warnings), r.warnings
