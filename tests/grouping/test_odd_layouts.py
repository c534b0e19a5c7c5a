"""Grouping on layouts a table shows that the generated conventions do not: a kong's fourth tile
laid on its meld, a meld laid against the standing tiles, a spare tile on the player's side, a
tile read twice, boxes with no area, tall upright boxes askew. Each built from boxes placed by hand
(tiles 40 × 54 px) or as a shared photo was read."""
from scorer import Hand
from vision import TileRead, group

W, H = 40.0, 54.0
STANDING = "1m 2m 3m 4p 5p 6p 7p 8p 9p 6z".split()


def up(code, x, y=500.0):
    return TileRead(code, (x, y, x + W, y + H), 0.95)


def side(code, x, y=500.0):
    """A sideways tile, its long side along the row, level with the row's near edge."""
    return TileRead(code, (x, y + H - W, x + H, y + H), 0.95, sideways=True)


def as_read(read, confidence=0.95, sideways=()):
    """The tiles of a photo as the reader gave them: (code, x0, y0, x1, y1) each, those at
    ``sideways`` (indexes) flagged sideways."""
    return [TileRead(code, tuple(box), confidence, sideways=k in sideways) for k, (code, *box) in enumerate(read)]


def standing_and_winning():
    return [up(c, 100 + W * k) for k, c in enumerate(STANDING)] + [up("6z", 530)]


def melds_of(reading):
    assert reading.hand is not None, reading.warnings
    return Hand.from_dict(reading.hand).melds


def test_an_added_kong_with_its_fourth_tile_on_the_claimed_one_is_a_kong():
    # the added tile lies a third of a tile further than the claimed one: both as level with
    # the row, so neither was taken as the base, and the fourth tile was read as a dora indicator
    tiles = standing_and_winning() + [up("2z", 610), up("2z", 650), side("2z", 690), side("2z", 690, 500 - 0.3 * W)]
    r = group(tiles, rules="riichi")
    (kong,) = melds_of(r)
    assert kong.type == "kong" and not kong.concealed and kong.added
    assert not r.hand.get("context", {}).get("dora_indicators"), r.hand


def test_a_kong_shown_as_three_tiles_with_the_fourth_on_the_middle_one_is_a_kong():
    # a custom of Chinese and Hong Kong tables; riichi read the fourth tile as a dora indicator,
    # MCR left it out and scored a pung
    for rules in ("riichi", "mcr", "hk"):
        tiles = standing_and_winning() + [up("4z", 610), up("4z", 650), up("4z", 690), up("4z", 650, 500 - 0.4 * H)]
        r = group(tiles, rules=rules)
        (kong,) = melds_of(r)
        assert kong.type == "kong" and not kong.concealed and list(kong.tiles) == ["4z"] * 4, (rules, r.warnings)
        assert not r.warnings, r.warnings
    # a tile of another code on the middle one is no kong's fourth tile
    tiles = standing_and_winning() + [up("4z", 610), up("4z", 650), up("4z", 690), up("3m", 650, 500 - 0.4 * H)]
    r = group(tiles, rules="mcr")
    assert r.hand is None or all(m.type != "kong" for m in melds_of(r))


def test_a_sideways_tile_read_twice_is_one_tile():
    tiles = standing_and_winning() + [side("7s", 610), up("7s", 610 + H), up("7s", 610 + H + W), side("7s", 610, 501)]
    r = group(tiles, rules="riichi")
    (pung,) = melds_of(r)
    assert pung.type == "pung" and not r.hand.get("context", {}).get("dora_indicators")
    assert any("detected twice" in w for w in r.warnings), r.warnings


def test_a_spare_tile_on_the_players_side_is_no_dora_indicator():
    # dora indicators lie beyond the standing tiles; a tile in front of them is a stray, said
    tiles = standing_and_winning() + [side("7s", 610), up("7s", 610 + H), up("7s", 610 + H + W), up("3m", 300, 640)]
    r = group(tiles, rules="riichi")
    melds_of(r)
    assert not r.hand.get("context", {}).get("dora_indicators"), r.hand
    # left out and said: a stray beside the hand, or (3 tile widths or more away) a tile lying far from it
    assert any("left out" in w and "(3m)" in w for w in r.warnings), r.warnings
    # the same tile beyond the standing row is read as one
    tiles = standing_and_winning() + [side("7s", 610), up("7s", 610 + H), up("7s", 610 + H + W), up("3m", 300, 380)]
    r = group(tiles, rules="riichi")
    assert r.hand["context"]["dora_indicators"] == ["3m"], r.hand


def test_a_claimed_pung_laid_against_the_standing_tiles_is_no_concealed_set():
    # no gap between the standing tiles and the pung: its sideways tile was read standing and the
    # hand as concealed (menzen yaku and fu for an open hand)
    tiles = [up(c, 100 + W * k) for k, c in enumerate(STANDING)] + [up("6z", 500)]
    tiles += [side("7s", 540), up("7s", 540 + H), up("7s", 540 + H + W)]
    r = group(tiles, rules="riichi")
    (pung,) = melds_of(r)
    assert pung.type == "pung" and not pung.concealed and list(pung.tiles) == ["7s"] * 3
    assert len(r.hand["concealed"]) == 11


def test_boxes_without_width_or_height_are_left_out_and_said():
    tiles = standing_and_winning() + [side("7s", 610), up("7s", 610 + H), up("7s", 610 + H + W)]
    empty = [TileRead("3m", (100, 900, 100, 950), 0.3), TileRead("3m", (130, 900, 130, 950), 0.3),
             TileRead("3m", (160, 900, 200, 900), 0.3)]
    r = group(tiles + empty, rules="mcr")
    melds_of(r)
    assert [link["role"] for link in r.links[-3:]] == ["ignored"] * 3
    assert any("3 detection(s) had a box without width or height" in w for w in r.warnings), r.warnings


def test_a_face_down_tile_cut_by_the_photos_edge_at_the_rows_end_is_left_out():
    # a live frame's standing row ended in a tile half out of the picture, read face down: no hand
    # was built (live mode and /api/read), where the review page left it out and scored the hand
    tiles = [up(c, 100 + W * k) for k, c in enumerate(STANDING + ["6z", "6z", "7z", "7z"])]
    edge = TileRead(None, (100 + W * 14, 500, 100 + W * 14 + 30, 500 + H), 0.56, face_down=True)
    r = group(tiles + [edge], rules="hk", frame=(100 + W * 14 + 31, 800))
    assert r.hand is not None, r.warnings
    assert len(r.hand["concealed"]) == 14 and r.hand["winning_tile"] == "7z"
    assert r.links[-1]["role"] == "ignored" and any("away from every group (face down)" in w for w in r.warnings)
    # inside the picture, a face-down tile in the standing row is no hand, as before
    r = group(tiles + [edge], rules="hk", frame=(2000, 800))
    assert r.hand is None


def test_a_row_of_tall_upright_boxes_a_little_askew_is_one_row():
    # valid hand_011 as read (its boxes): standing tiles in a squashed photo, 27 × 190 px, along a
    # row 4° askew, flowers at its end. Taken as tiles turned with the row, they were 12 px wide
    # and up to three tiles apart: four were left out as apart from every group, and no hand built
    read = [("7z", 21.2, 232.3, 47.4, 430.2), ("7z", 52.5, 235.7, 78.6, 421.3), ("7z", 82.2, 231.7, 108.8, 417.1),
            ("3s", 114.8, 228.6, 141.6, 416.3), ("2s", 145.0, 225.4, 171.6, 411.1), ("4s", 175.1, 218.8, 201.7, 409.2),
            ("5s", 205.1, 217.3, 233.3, 405.9), ("5s", 236.9, 215.1, 262.7, 403.9), ("1s", 266.5, 216.3, 292.9, 402.6),
            ("1s", 296.7, 215.3, 323.3, 401.4), ("1s", 327.7, 213.4, 354.1, 400.6), ("5s", 356.7, 208.7, 384.0, 398.2),
            ("6s", 387.7, 207.5, 415.6, 400.5), ("7s", 419.7, 206.8, 445.2, 394.1), ("7f", 447.7, 204.2, 474.9, 394.4),
            ("6f", 478.8, 203.6, 505.1, 392.1), ("8f", 509.1, 202.9, 535.1, 389.8), ("1f", 540.9, 200.0, 565.4, 392.5),
            ("2f", 569.3, 200.1, 597.2, 391.5)]
    r = group(as_read(read), rules="mcr")
    assert r.hand is not None, r.warnings
    hand = Hand.from_dict(r.hand)
    assert sorted(hand.concealed) == sorted(c for c, *_ in read[:14]) and not hand.melds
    assert sorted(hand.bonus) == sorted(c for c, *_ in read[14:])


def test_a_tile_mostly_outside_the_photo_at_the_rows_end_is_left_out_where_the_hand_needs_it_out():
    # train hand_046 as read: fourteen standing tiles, then half a tile cut by the photo's right
    # edge, read 6s at 0.50: "15 tiles where a winning hand has 14", no hand
    codes = "1s 1s 2s 2s 2s 3s 4s 5s 8s 8s 8s 5z 5z 5z".split()
    tiles = [TileRead(c, (20.4 + 42.9 * k, 284.0, 57.5 + 42.9 * k, 350.0), 0.95) for k, c in enumerate(codes)]
    cut = TileRead("6s", (620.9, 276.3, 640.0, 348.2), 0.50, top3=[("6s", 0.70), ("8p", 0.27)])
    r = group(tiles + [cut], rules="mcr", frame=(640.0, 640.0))
    assert r.hand is not None, r.warnings
    assert sorted(Hand.from_dict(r.hand).concealed) == sorted(codes)
    assert any("away from every group (6s)" in w for w in r.warnings), r.warnings
    # the close alternative said as what it is ("1 tiles could be an exposed meld" was said)
    assert not any("could be an exposed meld" in w for w in r.warnings), r.warnings
    # a hand that needs it keeps it: the same tile, the fourteenth
    r = group(tiles[:13] + [cut], rules="mcr", frame=(640.0, 640.0))
    assert r.hand is not None and "6s" in Hand.from_dict(r.hand).concealed, r.warnings
    # and a photo's frame not known, it stays
    assert group(tiles + [cut], rules="mcr").hand is None


def test_a_tile_read_sideways_in_a_row_near_45_degrees_with_no_room_for_it_stands_upright():
    # valid hand_010 turned 35° as read: boxes of a diagonal row say nothing of a tile's shape, and
    # one 5s of the standing row was read sideways: an exposed pung was invented, scored 16 for 32.
    # Its neighbours lie a tile's pitch away on both sides, where a sideways tile takes a third more
    read = [("1f", 331.7, 745.2, 380.7, 811.8), ("5f", 363.3, 725.2, 414.3, 793.0), ("2m", 395.9, 707.4, 443.0, 774.8),
            ("2m", 424.1, 685.1, 473.7, 753.5), ("1s", 453.0, 659.3, 502.7, 727.1), ("1s", 480.8, 641.5, 529.8, 710.6),
            ("1s", 512.2, 622.0, 561.7, 689.4), ("9s", 540.3, 603.6, 595.5, 669.4), ("9s", 569.7, 583.0, 628.4, 650.7),
            ("9s", 597.0, 563.8, 656.5, 627.4), ("9p", 625.4, 540.4, 690.2, 610.8), ("9p", 653.6, 521.9, 722.6, 587.8),
            ("9p", 683.1, 501.3, 750.4, 571.2), ("5s", 717.1, 485.3, 779.1, 549.4), ("5s", 743.1, 465.7, 809.5, 528.0),
            ("5s", 770.1, 446.8, 839.5, 511.5)]
    r = group(as_read(read, 0.9, sideways={14}), rules="mcr")
    assert r.hand is not None, r.warnings
    hand = Hand.from_dict(r.hand)
    assert not hand.melds and sorted(hand.concealed) == sorted(c for c, *_ in read if not c.endswith("f"))


def test_a_tile_of_the_hand_mostly_outside_the_photo_is_said_to_check():
    # a new user's photo cut through its last tile: the 5s, half in the picture, read 5m at 0.94,
    # "not a winning hand", nothing said of the cut
    codes = "1s 1s 2s 2s 2s 3s 4s 5s 8s 8s 8s 5z 5z".split()
    tiles = [TileRead(c, (20.4 + 42.9 * k, 284.0, 57.5 + 42.9 * k, 350.0), 0.95) for k, c in enumerate(codes)]
    cut = TileRead("5m", (620.9, 276.3, 640.0, 348.2), 0.94)
    r = group(tiles + [cut], rules="mcr", frame=(640.0, 640.0))
    assert any(w.startswith("5m at the photo's edge, mostly outside it, may be misread") for w in r.warnings), r.warnings
    # a whole tile at the edge is not said so
    whole = TileRead("5m", (600.0, 284.0, 640.0, 350.0), 0.94)
    assert not any("mostly outside it" in w for w in group(tiles + [whole], rules="mcr", frame=(640.0, 640.0)).warnings)


def test_a_close_alternative_counts_its_tiles_in_words_that_agree():
    # "1 tiles could be an exposed meld or the end of the standing tiles"
    from vision.grouping.interpretations import Interpretation, describe_alternative
    from vision.grouping.melds import MeldCandidate

    def reading(concealed, melds):
        return Interpretation(0.0, 1, concealed, 20, melds, [], [], 14, (), None, 1)
    best = reading(list(range(10)), [MeldCandidate("set", [10, 11, 12])])
    one = reading(list(range(11)), [MeldCandidate("set", [11, 12, 13])])
    three = reading(list(range(13)), [])
    assert describe_alternative(best, one).startswith("1 tile could be an exposed meld")
    assert describe_alternative(best, three).startswith("3 tiles could be an exposed meld")


def test_a_claimed_tile_lying_sideways_in_a_row_near_45_degrees_stays_sideways():
    # the pitch rule unflags a "sideways" tile with no room for one: a claimed tile truly lying
    # sideways takes a third more of its row, and keeps its flag (boxes of a row turned 35°)
    import math
    a = math.radians(35)
    d, n = (math.cos(a), -math.sin(a)), (math.sin(a), math.cos(a))

    def box(along, width, depth):
        """The photo box of a tile centred ``along`` the row, ``width`` along it and ``depth`` across."""
        cx, cy = 300 + along * d[0], 400 + along * d[1]
        half_w = (abs(width * d[0]) + abs(depth * n[0])) / 2
        half_h = (abs(width * d[1]) + abs(depth * n[1])) / 2
        return (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
    tiles, x = [], 0.0
    for code in "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z".split():
        tiles.append(TileRead(code, box(x + 20, 40, 54), 0.95))
        x += 42
    x += 40                                         # the meld apart, its middle tile claimed
    for k, code in enumerate("4s 5s 6s".split()):
        width = 54 if k == 1 else 40
        tiles.append(TileRead(code, box(x + width / 2, width, 54 if k != 1 else 40), 0.95, sideways=k == 1))
        x += width + 2
    r = group(tiles, rules="riichi", winning_apart=False)
    assert r.hand is not None, r.warnings
    (meld,) = Hand.from_dict(r.hand).melds
    assert meld.type == "chow" and not meld.concealed, r.hand
    claimed = next(i for i, t in enumerate(tiles) if t.sideways)
    assert r.links[claimed]["sideways"] is True and sum(bool(link.get("sideways")) for link in r.links) == 1, r.links
