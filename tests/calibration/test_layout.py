"""Calibration layout: rows and reading order from mock calibration photos."""
import pytest

from vision.calibration import BONUS, LAYOUT_ROWS, assign_layout

from .helpers import mock_tiles


def assigned(tiles, result):
    return [result.codes.get(i) for i in range(len(tiles))]


@pytest.mark.parametrize("angle", [0, 12, -25, 40, 90, 137, 180, -100])
@pytest.mark.parametrize("bonus", [True, False])
def test_codes_follow_positions_at_any_rotation(angle, bonus):
    tiles, truth = mock_tiles(bonus=bonus, angle_deg=angle, shuffle_seed=angle % 7)
    result = assign_layout(tiles)
    assert result.ok, result.problems
    assert result.has_bonus is bonus
    assert [len(r) for r in result.rows] == ([9, 9, 9, 7, 8] if bonus else [9, 9, 9, 7])
    assert assigned(tiles, result) == truth


@pytest.mark.parametrize("angle,persp", [(0, 0.08), (15, 0.1), (-30, 0.06), (180, 0.08)])
def test_perspective_and_box_only_tiles(angle, persp):
    for corners in (True, False):
        tiles, truth = mock_tiles(angle_deg=angle, perspective=persp, corners=corners, noise=1.0)
        result = assign_layout(tiles)
        assert result.ok, (corners, result.problems)
        assert assigned(tiles, result) == truth


def test_missing_tile_is_reported_with_its_row_and_place():
    tiles, _ = mock_tiles(drop=("4p",), angle_deg=10)
    result = assign_layout(tiles)
    assert not result.ok
    assert any(p.startswith("row 2 (dots 1p-9p) has 8 tiles, expected 9") and "after the 3rd tile" in p
               for p in result.problems), result.problems
    # The other rows still get their codes.
    assert set(LAYOUT_ROWS[0][1]) | set(LAYOUT_ROWS[2][1]) <= set(result.codes.values())
    assert not any(c.endswith("p") for c in result.codes.values())


def test_missing_last_tile_of_a_row():
    tiles, _ = mock_tiles(drop=("9s",), bonus=False)
    result = assign_layout(tiles)
    # no gap to see at a row's end: the base model's readings say which tile is missing (it said
    # "add the missing tile(s) in order", though 1s-8s had been read)
    assert ("row 3 (bamboo 1s-9s) has 8 tiles, expected 9: the 9s seems missing, after the 8th tile"
            in result.problems), result.problems
    tiles, _ = mock_tiles(drop=("1m",), bonus=False)
    assert ("row 1 (characters 1m-9m) has 8 tiles, expected 9: the 1m seems missing, before the first tile"
            in assign_layout(tiles).problems)


def test_a_row_cut_off_by_the_photo_edge_is_said_to_run_off_it():
    """A layout running off the photo was told "add the missing tile(s) in order" for rows whose
    tiles all lay on the table: a short row whose next place lies past the frame runs off it."""
    tiles, _ = mock_tiles(bonus=False)
    right = max(t.box[2] for t in tiles)
    # the frame's right edge through the 9th column: the 9m, 9p, 9s out of the picture
    frame_w = right - 0.5 * (tiles[0].box[2] - tiles[0].box[0])
    kept = [t for t in tiles if t.box[2] < frame_w]
    result = assign_layout(kept, frame=(frame_w, 1000))
    assert result.cut_off
    assert result.problems == [f"row {k} ({LAYOUT_ROWS[k - 1][0]}) has 8 tiles, expected 9: the row runs off the photo"
                               for k in (1, 2, 3)]
    # the same rows short of their 9th tile well inside the frame: the tile is missing, not cut off
    result = assign_layout(kept, frame=(right + 400, 1000))
    assert not result.cut_off and all("the 9" in p and "seems missing" in p for p in result.problems)


def test_a_tile_missing_inside_a_tightly_framed_row_is_missing_not_cut_off():
    # the 4p taken out of a layout photo framed within a tile of its edges (as the renderer's own
    # layout photo is): "the layout runs off the photo: take it again" sent the player back a step
    tiles, _ = mock_tiles(drop=("4p",), bonus=False)
    left, right = min(t.box[0] for t in tiles), max(t.box[2] for t in tiles)
    top, bottom = min(t.box[1] for t in tiles), max(t.box[3] for t in tiles)
    width = tiles[0].box[2] - tiles[0].box[0]
    # the frame half a tile beyond the layout on every side: a tile's place past a row's end is outside
    shift = [(t, (t.box[0] - left + 0.5 * width, t.box[1] - top + 0.5 * width)) for t in tiles]
    from dataclasses import replace
    moved = [replace(t, box=(x, y, x + t.box[2] - t.box[0], y + t.box[3] - t.box[1]), corners=None) for t, (x, y) in shift]
    result = assign_layout(moved, frame=(right - left + width, bottom - top + width))
    assert not result.cut_off
    assert result.problems == ["row 2 (dots 1p-9p) has 8 tiles, expected 9: a tile seems missing after the 3rd tile"]


def test_a_row_missing_its_first_tile_near_the_edge_is_missing_not_cut_off():
    # the 1m taken out, the row's 9m near the photo's right edge: "the layout runs off the photo"
    # sent the player to reframe a layout that was whole; its rows start at the left, under each other
    tiles, _ = mock_tiles(drop=("1m",), bonus=False)
    for t in tiles:
        t.code = "1z"           # a set the base model reads badly: its readings say nothing
    right = max(t.box[2] for t in tiles)
    width = tiles[0].box[2] - tiles[0].box[0]
    result = assign_layout(tiles, frame=(right + 0.4 * width, 1000))
    assert not result.cut_off
    assert result.problems == ["row 1 (characters 1m-9m) has 8 tiles, expected 9: the 1m seems missing, before the "
                               "first tile"], result.problems


def test_extra_tile_in_a_row_and_stray_tile():
    tiles, _ = mock_tiles(bonus=False, extra=[(9 * 1.05, 0.0)])     # a tenth tile at the end of row 1
    result = assign_layout(tiles)
    assert any("row 1 (characters 1m-9m) has 10 tiles, expected 9" in p for p in result.problems), result.problems
    tiles, _ = mock_tiles(bonus=True, extra=[(20.0, 20.0)])          # far from every row
    result = assign_layout(tiles)
    # in words, not "(812, 640)": no page shows the photo to find a place on
    assert "extra tile at the bottom right of the photo, away from the rows: remove it" in result.problems, \
        result.problems
    assert len(result.rows) == 5


def test_wrong_number_of_rows():
    tiles, _ = mock_tiles(bonus=False, drop=LAYOUT_ROWS[3][1])
    result = assign_layout(tiles)
    assert any("found 3 rows" in p and "expected 4 rows" in p for p in result.problems), result.problems
    assert any(p.startswith("row 4 (winds") and "seems missing" in p for p in result.problems), result.problems


@pytest.mark.parametrize("bonus", [True, False])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_a_whole_row_left_out_is_named(row, bonus):
    """Rows 9 9 7 8 (the characters left out) are not 'row 3 has 7 tiles, row 4 has 8': the
    base model reads them as the rows after the missing one, which is named."""
    tiles, _ = mock_tiles(bonus=bonus, drop=LAYOUT_ROWS[row][1], angle_deg=8)
    result = assign_layout(tiles)
    assert not result.ok
    title = LAYOUT_ROWS[row][0]
    assert [p for p in result.problems if "seems missing" in p] == [
        p for p in result.problems if p.startswith(f"row {row + 1} ({title}) seems missing")] != [], result.problems
    assert not any(p.startswith("row ") and "tiles, expected" in p for p in result.problems), result.problems
    # a row short of a tile is still told as before
    tiles, _ = mock_tiles(bonus=bonus, drop=("4p",))
    assert not any(") seems missing:" in p for p in assign_layout(tiles).problems)


def test_a_hands_photo_is_not_taken_for_a_layout_to_mend():
    """A hand's photo (14 tiles in two rows) was refused with "found 2 rows of tiles", then "row 1
    has 11 tiles, expected 9: remove the extra tile(s)", as if the player had laid out the layout."""
    tiles, truth = mock_tiles(bonus=False)
    hand = [t for t, code in zip(tiles, truth) if code[1] == "m" or code in ("1p", "2p", "3p", "4p", "5p")]
    result = assign_layout(hand)
    assert result.problems == [
        "found 14 tiles in 2 row(s) (rows of 9 5); the layout has 34 (or 42 with flowers and seasons)"]
    assert not result.codes and result.too_few
    # the wall behind a hand: counted, not a line for each of its tiles ("a tile shows no face at ...")
    wall = [t for t in tiles if all(t is not h for h in hand)][:13]
    for t in wall:
        t.face_down = True
    result = assign_layout(hand + wall)
    assert result.problems == ["found 14 tiles in 2 row(s) (rows of 9 5) and 13 face down; the layout has 34 "
                               "(or 42 with flowers and seasons)"]


def test_face_down_and_too_few_tiles():
    tiles, _ = mock_tiles(bonus=False)
    tiles[0].face_down = True
    result = assign_layout(tiles)
    assert any("face down" in p for p in result.problems)
    assert not assign_layout(tiles[:1]).ok


def test_bonus_row_order():
    assert LAYOUT_ROWS[4][1] == BONUS == ("1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f")


@pytest.mark.parametrize("angle", [0, 20, 180])
def test_rows_laid_bottom_to_top_are_read_with_the_base_model(angle):
    # Row lengths alone cannot tell rows laid upwards from a photo turned half a turn; the base
    # model's readings can, even when it misreads a third of the tiles.
    tiles, truth = mock_tiles(rows_upward=True, angle_deg=angle, misread=0.3, shuffle_seed=3)
    result = assign_layout(tiles)
    assert result.ok, result.problems
    assert result.orientation == ("rows bottom to top" if angle != 180 else "rows right to left")
    assert assigned(tiles, result) == truth


def test_orientation_of_a_turned_photo():
    tiles, truth = mock_tiles(angle_deg=180, misread=0.3)
    result = assign_layout(tiles)
    assert result.orientation == "turned 180°" and assigned(tiles, result) == truth


@pytest.mark.parametrize("angle,upward,name", [
    (0, False, "as laid out"), (90, False, "turned a quarter clockwise"), (-100, False, "turned a quarter anticlockwise"),
    (90, True, "rows in columns, top to bottom from the left"),
    (-90, True, "rows in columns, bottom to top from the right")])
def test_a_photo_taken_from_the_side_is_named_turned_a_quarter(angle, upward, name):
    # The photo's own directions, as the player sees them: not "turned 180°" for a quarter turn.
    tiles, truth = mock_tiles(angle_deg=angle, rows_upward=upward, misread=0.3, shuffle_seed=3)
    result = assign_layout(tiles)
    assert result.orientation == name and assigned(tiles, result) == truth


def test_missing_tile_in_a_layout_laid_bottom_to_top():
    tiles, _ = mock_tiles(rows_upward=True, drop=("4p",), misread=0.2, angle_deg=-7)
    result = assign_layout(tiles)
    assert result.orientation == "rows bottom to top"
    assert any(p.startswith("row 2 (dots 1p-9p) has 8 tiles, expected 9") for p in result.problems), result.problems


def test_the_layout_photo_is_read_keeping_an_unsure_white_dragon():
    # its code comes from its place in the layout: the reader's floor for unsure 5z reads is off
    import numpy as np

    from vision import calibration
    from vision.reader import ReaderConfig

    class Recording:
        config = ReaderConfig(blank_read_floor=0.25)
        seen = []

        def read(self, image, embeddings=False):
            Recording.seen.append(self.config.blank_read_floor)
            return []
    calibration.calibrate(np.zeros((120, 160, 3), np.uint8), reader=Recording())
    assert Recording.seen == [None] and Recording.config.blank_read_floor == 0.25


def _laid(tiles, truth, placed_as: dict):
    """The mock layout with some tiles laid in others' places: the tile of code ``c`` now lies
    where ``placed_as[c]`` goes, so the base model (reading the tile) says ``c`` there."""
    where = {code: t for t, code in zip(tiles, truth)}
    for c, place in placed_as.items():
        where[place].code = c
        where[place].top3 = [(c, 0.9)]
    return tiles


def test_tiles_laid_out_of_order_are_refused_before_a_profile_learns_them():
    # a club's set read right at 100 % read 48 % with a profile built from a layout whose rows of
    # characters and bamboos were swapped, 89 % with its dragons laid green, red, white
    from vision.calibration import out_of_order    # noqa: F401 - the check's own name
    tiles, truth = mock_tiles(bonus=False)
    swap = {f"{n}m": f"{n}s" for n in range(1, 10)} | {f"{n}s": f"{n}m" for n in range(1, 10)}
    result = assign_layout(_laid(tiles, truth, swap))
    assert not result.ok and result.problems[0].startswith("row 1 and row 3 seem swapped (characters 1m-9m")
    tiles, truth = mock_tiles(bonus=False)
    result = assign_layout(_laid(tiles, truth, {"6z": "5z", "7z": "6z", "5z": "7z"}))
    assert not result.ok and result.problems == [
        "3 tiles seem out of order (6z 7z 5z where 5z 6z 7z go): lay each tile in its place in the layout "
        "(winds E S W N, then the white, green and red dragons)"]


def test_two_codes_the_base_model_confuses_both_ways_are_not_taken_for_a_misplaced_layout():
    # an unseen set's kanji winds (2z read 3z and 3z read 2z) must still build its profile; so
    # must a set the base model misreads one way (9s read 6s)
    tiles, truth = mock_tiles(bonus=False)
    assert assign_layout(_laid(tiles, truth, {"3z": "2z", "2z": "3z", "6s": "9s"})).ok


def test_a_tile_showing_no_face_is_said_to_be_face_down_or_covered():
    # a tile covered by a hand was told it lay face down
    tiles, truth = mock_tiles(bonus=False)
    tiles[truth.index("4p")].face_down = True
    result = assign_layout(tiles)
    # placed by the rows the page shows: "at (263, 279)" named a place on a photo no page shows
    assert "a tile shows no face in row 2, between its 3rd and 4th tiles (face down, or covered): turn every tile " \
           "face up, with nothing over it" in result.problems, result.problems


@pytest.mark.parametrize("code,where", [("1m", "in row 1, before its first tile"), ("7z", "in row 4, after its last tile")])
def test_a_tile_showing_no_face_at_a_rows_end(code, where):
    tiles, truth = mock_tiles(bonus=False, angle_deg=180)     # the photo taken from across the table
    tiles[truth.index(code)].face_down = True
    assert any(p.startswith(f"a tile shows no face {where} ") for p in assign_layout(tiles).problems)


def test_a_tile_showing_no_face_away_from_the_rows_is_placed_in_the_photo():
    tiles, truth = mock_tiles(bonus=True, extra=[(20.0, 20.0)])   # far below and right of the rows
    stray = max(tiles, key=lambda t: t.box[1])
    stray.face_down = True
    result = assign_layout(tiles, frame=(stray.box[2] + 10, stray.box[3] + 10))
    assert any(p.startswith("a tile shows no face at the bottom right of the photo ") for p in result.problems), \
        result.problems


def test_a_layout_tiles_crop_is_shown_upright_however_the_photo_was_turned():
    # the confirm page of a layout photographed turned 180° showed every tile upside down
    import numpy as np

    from vision.calibration import upright
    crop = np.zeros((4, 3, 3), np.uint8)
    crop[0, 0] = 255                                     # the tile's top left corner, upright
    assert upright(crop, "as laid out") is crop
    assert upright(crop[::-1, ::-1], "turned 180°")[0, 0].tolist() == [255] * 3
    assert upright(crop[::-1, ::-1], "rows right to left")[0, 0].tolist() == [255] * 3
    # a quarter turn: the tile lies across the photo, and is cut stood up (crop_tile) before it is
    # shown; turned a quarter more, every tile of such a photo lay on its side on the check page
    from vision.crops import crop_tile
    tile = np.full((60, 40, 3), 255, np.uint8)
    tile[:20, :15] = (0, 0, 255)                         # its top left corner marked
    for name, k in (("turned a quarter clockwise", -1), ("turned a quarter anticlockwise", 1)):
        photo = np.full((200, 200, 3), 90, np.uint8)
        photo[80:120, 70:130] = np.rot90(tile, k)
        shown = upright(crop_tile(photo, (70, 80, 130, 120), size=60, margin=0.0), name)
        assert shown[:15, :15].mean(axis=(0, 1)).round().tolist() == [0, 0, 255], name
        assert shown[-15:, -15:].mean(axis=(0, 1)).round().tolist() == [255, 255, 255], name


@pytest.mark.parametrize("left_out,swap", [(1, "ms"), (0, "ps")])
def test_a_row_left_out_with_two_rows_swapped_is_named_not_taken_for_a_cut_off_row(left_out, swap):
    """A trial's layout, the dots left out and the characters and bamboo swapped (rows 9 9 7
    reading 1s-9s, 1m-9m, honours), framed tightly: read turned half a turn and told "row 1
    (characters) has 7 tiles, expected 9: the row runs off the photo"."""
    from dataclasses import replace
    tiles, _ = mock_tiles(bonus=False, drop=LAYOUT_ROWS[left_out][1], angle_deg=8)
    other = {swap[0]: swap[1], swap[1]: swap[0]}
    tiles = [replace(t, code=t.code[0] + other.get(t.code[1], t.code[1])) for t in tiles]
    frame = (max(t.box[2] for t in tiles) + 3, max(t.box[3] for t in tiles) + 3)
    result = assign_layout(tiles, frame=frame)
    assert not result.ok and not result.cut_off
    assert f"row {left_out + 1} ({LAYOUT_ROWS[left_out][0]}) seems missing" in result.problems, result.problems
    first = {"m": "characters", "p": "dots"}[swap[0]]
    assert (f"the rows found are laid in another order (in turn: bamboo, {first}, honours): lay each row in its "
            "place, in the layout's order (characters, dots, bamboo, honours, then flowers and seasons)"
            in result.problems), result.problems
    assert not any("runs off" in p or "tiles, expected" in p for p in result.problems), result.problems


def test_rows_out_of_place_are_said_in_french_in_one_word_for_dots(tmp_path):
    from webui import create_app, i18n
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "SECRET_KEY": "t"})
    with app.test_request_context("/?lang=fr"):
        said = i18n.msg("the rows found are laid in another order (in turn: bamboo, dots, honours): lay each row in "
                        "its place, in the layout's order (characters, dots, bamboo, honours, then flowers and seasons)")
        assert said == ("les rangées trouvées sont posées dans un autre ordre (tour à tour : bambous, ronds, honneurs) : "
                        "posez chaque rangée à sa place, dans l'ordre de la disposition (caractères, ronds, bambous, "
                        "honneurs, puis fleurs et saisons)"), said
        assert i18n.msg("row 2 (dots 1p-9p) seems missing") == "la rangée 2 (ronds 1p-9p) semble manquer"
