"""calibrate() on a photo with a stand-in reader, and the evaluation's GL file-name mapping."""
import numpy as np
import pytest

from vision.calibration import calibrate
from vision_lab.calibration_eval import gl_code

from .helpers import mock_tiles


class FakeReader:
    """Returns the mock layout's tiles for any image (boxes in the decoded image's pixels)."""

    def __init__(self, tiles):
        self.tiles = tiles
        self.calls = []
        self.seen = []        # (picture, config) of each read, shared by a copy of this reader

    def read(self, image, timings=None, embeddings=False):
        self.calls.append((image.shape, embeddings))
        self.seen.append((image, getattr(self, "config", None)))
        return self.tiles


def test_calibrate_reads_with_embeddings_and_crops_every_tile():
    pytest.importorskip("vision.decode")    # the reader's modules (vision branch)
    import cv2
    tiles, truth = mock_tiles(bonus=False, angle_deg=5)
    img = np.full((700, 900, 3), 90, np.uint8)
    ok, jpeg = cv2.imencode(".jpg", img)
    reader = FakeReader(tiles)
    result = calibrate(jpeg.tobytes(), reader=reader)
    assert reader.calls and reader.calls[0][1] is True
    assert result.ok and [result.layout.codes[i] for i in range(len(tiles))] == truth
    assert len(result.crops) == len(tiles) and result.crops[0].shape[2] == 3
    assert result.disagreements() == []


def test_gl_file_names():
    assert [gl_code(s) for s in ("b-0", "c-8", "d-4", "h-0", "h-4", "h-5", "h-6", "f-0", "f-4", "f-7", "s-0")] == \
        ["1s", "9m", "5p", "1z", "7z", "6z", "5z", "5f", "1f", "3f", None]


def test_a_blurred_calibration_photo_is_said_to_be_blurred():
    """A shaken layout photo lost a tile and was told "a tile seems missing after the 7th tile":
    the cause is said first. The docs' example layout, sharp, reads whole."""
    from pathlib import Path

    import cv2

    from tests.webui.test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    example = cv2.imread(str(Path(__file__).resolve().parents[2] / "webui" / "static" / "calibration-layout.jpg"))
    blurred = calibrate(cv2.imencode(".jpg", cv2.GaussianBlur(example, (0, 0), 6))[1].tobytes())
    assert not blurred.ok and blurred.layout.problems[0].startswith("the photo seems blurred")
    assert len(blurred.layout.problems) >= 2            # what the rows say stays, after the cause
    sharp = calibrate(cv2.imencode(".jpg", example)[1].tobytes())
    assert sharp.ok and not any("blurred" in p for p in sharp.layout.problems) and not sharp.blurred
    # blurred less, every tile found: saved if the player wishes, but said (a trial's profile from a
    # blurred layout read its set 84 % where the same layout in focus gave 90 %)
    soft = calibrate(cv2.imencode(".jpg", cv2.GaussianBlur(example, (0, 0), 4))[1].tobytes())
    assert soft.ok and soft.blurred


def test_a_layout_photo_cut_by_its_frame_is_told_to_be_taken_again_whole():
    """The docs' example layout cut through its 8th column was told "this photo does not look
    like the layout" and "add the missing tile(s) in order" for rows cut by the frame."""
    from pathlib import Path

    import cv2

    from tests.webui.test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    example = cv2.imread(str(Path(__file__).resolve().parents[2] / "webui" / "static" / "calibration-layout.jpg"))
    cut = calibrate(cv2.imencode(".jpg", example[:, :600])[1].tobytes())
    assert not cut.ok and cut.layout.cut_off
    assert cut.layout.problems[0] == "the layout runs off the photo: take it again with every tile in the frame"
    assert all(p.endswith("the row runs off the photo") for p in cut.layout.problems[1:]), cut.layout.problems
    # the rows given no code show what was read there, not "?≠1p ?≠2p"
    assert "?" not in cut.table() and "≠" not in cut.table() and "(1m)" in cut.table(), cut.table()


def test_two_tiles_laid_in_each_others_place_are_said():
    """A 3p and a 7p swapped were saved with "3p read as 7p (89%), 7p read as 3p (89%)", and the
    profile read every 3p as 7p: the pair is named as likely swapped."""
    pytest.importorskip("vision.decode")
    import cv2
    tiles, truth = mock_tiles(bonus=False, angle_deg=0)
    a, b = truth.index("3p"), truth.index("7p")
    tiles[a].code, tiles[b].code = "7p", "3p"
    tiles[truth.index("5s")].code = "6s"          # a lone misreading is no swap
    jpeg = cv2.imencode(".jpg", np.full((700, 900, 3), 90, np.uint8))[1].tobytes()
    result = calibrate(jpeg, reader=FakeReader(tiles))
    assert result.ok and result.swapped() == [("3p", "7p")]


def test_a_tile_laid_twice_in_place_of_another_is_said():
    """A 2m laid twice and no 3m was saved with only "3m read as 2m (88%)": the profile learnt a 2m
    as the 3m. The tile read as the code of a place whose own tile reads so is named as doubled;
    a swap and a misreading as a code with no place are not."""
    pytest.importorskip("vision.decode")
    import cv2
    tiles, truth = mock_tiles(bonus=False, angle_deg=0)
    tiles[truth.index("3m")].code = "2m"          # the 2m laid twice, where the 3m goes
    a, b = truth.index("3p"), truth.index("7p")
    tiles[a].code, tiles[b].code = "7p", "3p"     # a swap
    tiles[truth.index("5s")].code = "1f"          # a misreading as a code with no place in the layout
    jpeg = cv2.imencode(".jpg", np.full((700, 900, 3), 90, np.uint8))[1].tobytes()
    result = calibrate(jpeg, reader=FakeReader(tiles))
    assert result.ok and result.doubled() == [("2m", "3m")] and result.swapped() == [("3p", "7p")]


def test_a_five_laid_twice_read_as_a_red_five_is_said_and_a_red_five_read_is_no_disagreement():
    """A one-colour set's 5p read 0p (a red five) at its place, and a 5p laid where the 4p goes read
    0p too: listed as "4p read as 0p, 5p read as 0p", the five laid twice unsaid (the profile would
    learn a 5p as the 4p), and every layout of the set listed its 5p as a disagreement."""
    pytest.importorskip("vision.decode")
    import cv2
    tiles, truth = mock_tiles(bonus=False, angle_deg=0)
    tiles[truth.index("5s")].code = "0s"          # a red five read at its five's place: the five
    jpeg = cv2.imencode(".jpg", np.full((700, 900, 3), 90, np.uint8))[1].tobytes()
    result = calibrate(jpeg, reader=FakeReader(tiles))
    assert result.ok and result.disagreements() == [] and "5s≠" not in result.table()
    tiles[truth.index("5p")].code = tiles[truth.index("4p")].code = "0p"     # the 5p laid where the 4p goes
    result = calibrate(jpeg, reader=FakeReader(tiles))
    assert result.doubled() == [("5p", "4p")] and [d[1:3] for d in result.disagreements()] == [("4p", "0p")]


def test_a_photo_that_is_no_layout_is_said_so_first():
    # a hand photo got "row 1 (characters 1m-9m) has 14 tiles, expected 9: remove the extra tile(s)"
    from pathlib import Path

    import cv2

    from tests.webui.test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    hand = cv2.imread(str(Path(__file__).resolve().parents[1] / "fixtures" / "vision" / "rendered_hand_riichi.jpg"))
    result = calibrate(cv2.imencode(".jpg", hand)[1].tobytes())
    assert not result.ok and result.layout.problems[0].startswith("this photo does not look like the layout")
    assert result.layout.too_few and len(result.layout.problems) == 2     # its count, then nothing of rows


@pytest.mark.parametrize("misread,no_layout", [(0.0, False), (0.5, False), (0.9, True)])
def test_rows_of_other_tiles_with_one_row_problem_are_said_to_be_no_layout(misread, no_layout):
    # a hand photo of 36 tiles in four rows of 9 got only "row 4 has 9 tiles, expected 7: remove
    # the extra tile(s)" while 26 of its first 27 tiles were read as other codes; a set the base
    # model reads poorly (half its layout misread) keeps the row's advice alone
    pytest.importorskip("vision.decode")
    import cv2
    tiles, _ = mock_tiles(bonus=False, drop=("7z",), misread=misread)
    sharp = np.random.default_rng(0).integers(0, 255, (700, 900, 3), dtype=np.uint8)     # not blurred
    result = calibrate(cv2.imencode(".jpg", sharp)[1].tobytes(), reader=FakeReader(tiles))
    problems = result.layout.problems
    assert not result.ok and problems[-1].startswith("row 4 (winds and dragons")
    assert problems[0].startswith("this photo does not look like the layout") == no_layout
    assert len(problems) == 1 + no_layout


def test_a_layout_with_one_tile_missing_is_told_only_what_is_missing():
    import cv2
    tiles, truth = mock_tiles(bonus=False, angle_deg=0, drop=("6p",))
    result = calibrate(cv2.imencode(".jpg", np.full((700, 900, 3), 90, np.uint8))[1].tobytes(), reader=FakeReader(tiles))
    assert result.layout.problems and not any("does not look like" in p for p in result.layout.problems)


def test_a_dark_layout_photo_gives_examples_as_the_reader_sees_a_dark_hand_photo():
    # reading brightens a dark photo (vision.reader.DARK_P99): the profile learnt from the layout's
    # dark crops and then met brightened tiles
    import cv2
    from vision.reader import ReaderConfig
    tiles, _ = mock_tiles(bonus=False, angle_deg=0)
    dark = np.full((700, 900, 3), 40, np.uint8)
    reader = FakeReader(tiles)
    reader.config = ReaderConfig()
    result = calibrate(cv2.imencode(".png", dark)[1].tobytes(), reader=reader)
    assert np.median(result.crops[0]) > 120               # brightened, as reading does (40 → 160)
    reader.config = ReaderConfig(dark_p99=None, shade_gain=None)
    assert np.median(calibrate(cv2.imencode(".png", dark)[1].tobytes(), reader=reader).crops[0]) == 40


def test_an_unevenly_lit_layout_photo_is_evened_once_and_read_as_its_examples_are_cut():
    # the layout photo was evened, then evened again by reading (evening is not idempotent): the
    # tiles were found in another picture than the one their examples were cut from
    import cv2
    from vision.decode import decode_image
    from vision.reader import ReaderConfig, exposed
    tiles, _ = mock_tiles(bonus=False, angle_deg=0)
    photo = np.full((700, 900, 3), 200, np.uint8)
    photo[:, 450:] = 50                                         # the right half in shade
    photo[100:150, 600:640] = 90
    png = cv2.imencode(".png", photo)[1].tobytes()
    reader = FakeReader(tiles)
    reader.config = ReaderConfig()
    calibrate(png, reader=reader)
    picture, config = reader.seen[-1]
    expected = exposed(decode_image(png, min_long_side=1000).image, ReaderConfig())
    assert not np.array_equal(expected, decode_image(png, min_long_side=1000).image)      # evened
    assert np.array_equal(picture, expected)
    assert config.dark_p99 is None and config.shade_gain is None      # and not a second time by reading
    assert reader.config == ReaderConfig()                             # the reader passed in is unchanged


class FakeCornerFinder:
    """Gives every box the quad of its own corners (the face fills the box)."""

    def __init__(self):
        self.seen = []

    def find(self, image, boxes, scale=1.0):
        self.seen.append((image, list(boxes)))
        return [np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]) for x0, y0, x1, y1 in boxes]


def test_the_layout_tiles_are_also_cut_by_their_faces_and_learnt_so(monkeypatch):
    # vision.calibration.EXAMPLE_FACES: the profile learns each layout tile cut by its box and by
    # its face's corners, as the reader cuts a photo's tiles
    pytest.importorskip("vision.decode")
    import cv2
    from vision import calibration
    from vision.profile import TileSetProfile
    tiles, truth = mock_tiles(bonus=False, angle_deg=5)
    tiles[3].face_down = True                 # a face-down tile has no face to cut
    reader = FakeReader(tiles)
    reader.corner_finder = FakeCornerFinder()
    result = calibrate(cv2.imencode(".png", np.full((700, 900, 3), 90, np.uint8))[1].tobytes(), reader=reader)
    assert len(result.faces) == len(tiles) and result.faces[3] is None
    assert all(f.shape == result.crops[i].shape for i, f in enumerate(result.faces) if f is not None)
    assert reader.corner_finder.seen[0][0] is reader.seen[0][0]      # in the picture read
    tiles[3].face_down = False
    result = calibrate(cv2.imencode(".png", np.full((700, 900, 3), 90, np.uint8))[1].tobytes(), reader=reader)
    asked = {}
    monkeypatch.setattr(TileSetProfile, "from_examples",
                        classmethod(lambda cls, examples, **kw: asked.update(examples=examples, **kw)))
    result.build_profile("two cuts")
    assert [c for _, c in asked["face_examples"]] == [c for _, c in asked["examples"]] == truth
    assert asked["face_examples"][0][0] is result.faces[0]
    monkeypatch.setattr(calibration, "EXAMPLE_FACES", False)
    result.build_profile("box cuts")
    assert asked["face_examples"] == []
    # without a corner network (a reader without one), box cuts alone
    del reader.corner_finder
    assert calibrate(cv2.imencode(".png", np.full((700, 900, 3), 90, np.uint8))[1].tobytes(), reader=reader).faces is None


def test_a_hand_photos_tiles_are_cut_to_learn_as_the_reader_sees_them(monkeypatch):
    # vision.calibration.learning_cuts: a corrected or confirmed tile of a dark photo taught the
    # profile the dark crop the web page cut from the photo as taken, and its box cut alone
    import cv2
    from vision import calibration
    from vision.reader import ReaderConfig
    photo = np.full((3000, 4000, 3), 40, np.uint8)               # dark, and large: decoded at a quarter
    photo[1000:1400, 2000:2300] = 60                              # the tile, a little lighter
    jpeg = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 95])[1].tobytes()
    reader = FakeReader([])
    reader.config = ReaderConfig()
    reader.corner_finder = FakeCornerFinder()
    box = (2000, 1000, 2300, 1400)                                 # in the photo's pixels
    crops, faces = calibration.learning_cuts(jpeg, [box], reader=reader)
    assert len(crops) == len(faces) == 1 and faces[0] is not None and faces[0].shape == crops[0].shape
    assert np.median(crops[0]) > 120                                # brightened, as reading does
    picture, [seen] = reader.corner_finder.seen[0]
    assert picture.shape[1] < 4000 and seen == pytest.approx(tuple(v * picture.shape[1] / 4000 for v in box))
    assert np.median(faces[0]) > 120                                # the face cut from the brightened picture
    monkeypatch.setattr(calibration, "LEARNT_FACES", False)
    crops, faces = calibration.learning_cuts(jpeg, [box], reader=reader)
    assert len(crops) == 1 and faces == [None]
    reader.config = ReaderConfig(dark_p99=None, shade_gain=None, sharpen_above=None)
    crops, _ = calibration.learning_cuts(jpeg, [box], reader=reader)
    assert np.median(crops[0]) < 70                                  # not brightened: as taken
    assert calibration.learning_cuts(jpeg, [], reader=reader) == ([], [])


def test_a_thumbnail_of_the_layout_is_said_to_be_too_small():
    # the docs' example layout sent as a thumbnail (100 px) was told a tile seemed missing
    from pathlib import Path

    import cv2

    from tests.webui.test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    example = cv2.imread(str(Path(__file__).resolve().parents[2] / "webui" / "static" / "calibration-layout.jpg"))
    h, w = example.shape[:2]
    size = (100, round(100 * h / w)) if w >= h else (round(100 * w / h), 100)
    small = calibrate(cv2.imencode(".jpg", cv2.resize(example, size, interpolation=cv2.INTER_AREA))[1].tobytes())
    assert not small.ok and small.layout.unreadable
    assert small.layout.problems[0] == (f"the photo is only {size[0]}×{size[1]} pixels: too small for the layout's "
                                        "tiles to be read; send the photo as the camera took it, at full size")


def test_a_layout_photo_too_dark_to_read_says_so_first():
    """Taken with too little light, the docs' example lost all but 4 tiles and was told it "does
    not look like the layout"; dim but readable (a twentieth of its light) it builds as before."""
    from pathlib import Path

    import cv2

    from tests.webui.test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    example = cv2.imread(str(Path(__file__).resolve().parents[2] / "webui" / "static" / "calibration-layout.jpg"))
    noise = np.random.default_rng(1).normal(0, 3, example.shape)

    def lit(light):
        img = np.clip(example.astype(np.float32) * light + noise, 0, 255).astype(np.uint8)
        return calibrate(cv2.imencode(".jpg", img)[1].tobytes())
    dark = lit(0.03)
    assert not dark.ok and dark.layout.problems[0].startswith("the photo is very dark: take it again in more light")
    assert lit(0.05).ok


@pytest.mark.parametrize("flip", ["mirrored", "mirrored upside down"])
def test_a_mirrored_layout_photo_is_read_mirrored_back_and_said(flip):
    """A front camera or a webcam app saves its photos mirrored: the docs' example so read its rows
    right to left and learnt every face mirrored (the base model read 4 of its tiles otherwise,
    none as taken); read mirrored back, its tiles are as laid out and the player is told."""
    from pathlib import Path

    import cv2

    from tests.webui.test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    example = cv2.imread(str(Path(__file__).resolve().parents[2] / "webui" / "static" / "calibration-layout.jpg"))
    taken = calibrate(cv2.imencode(".jpg", example)[1].tobytes())
    assert taken.ok and not taken.mirrored
    picture = example[:, ::-1] if flip == "mirrored" else example[::-1]
    result = calibrate(cv2.imencode(".jpg", np.ascontiguousarray(picture))[1].tobytes())
    assert result.ok and result.mirrored and not result.disagreements()
    assert result.layout.orientation == ("as laid out" if flip == "mirrored" else "turned 180°")
    # the examples are the faces as they are: the same codes, at the same places, as the photo as taken
    assert sorted(result.layout.codes.values()) == sorted(taken.layout.codes.values())


def _mirrored(tiles, width):
    """The mock layout's reads as a mirrored photo shows them (boxes and corners across ``width``)."""
    from dataclasses import replace
    return [replace(t, box=(width - t.box[2], t.box[1], width - t.box[0], t.box[3]),
                    corners=[(width - x, y) for x, y in t.corners] if t.corners else None) for t in tiles]


class MirrorReader(FakeReader):
    """A photo whose left half is the brighter, as taken (its rows read mirrored, ``mirrored``);
    the same picture mirrored back is read as laid out (``back``)."""

    def __init__(self, mirrored, back):
        super().__init__(mirrored)
        self.mirrored, self.back = mirrored, back

    def read(self, image, timings=None, embeddings=False):
        super().read(image, timings, embeddings)
        w = image.shape[1]
        return self.mirrored if image[:, :w // 2].mean() > image[:, w // 2:].mean() else self.back


@pytest.mark.parametrize("case", ["read otherwise", "rows short"])
def test_a_mirrored_photo_is_taken_mirrored_back_where_its_rows_then_fit_better(case):
    """The mirrored-back reading is taken when its rows fit and fewer tiles are read otherwise, or
    where the rows as read do not fit (a tile lost: fewer placed, so fewer read otherwise too)."""
    pytest.importorskip("vision.decode")
    import cv2
    img = np.full((700, 900, 3), 60, np.uint8)
    img[:, :450] = 120
    jpeg = cv2.imencode(".jpg", img)[1].tobytes()
    back, truth = mock_tiles(bonus=False, angle_deg=3)
    as_read, _ = mock_tiles(bonus=False, angle_deg=3, misread=0.3 if case == "read otherwise" else 0.0,
                            drop=("5p",) if case == "rows short" else ())
    reader = MirrorReader(_mirrored(as_read, 900), back)
    result = calibrate(jpeg, reader=reader)
    assert len(reader.calls) == 2 and result.mirrored and result.ok and not result.disagreements()
    assert result.layout.orientation == "as laid out"
    # laid right to left indeed (its faces read as well either way): kept as read
    reader = MirrorReader(_mirrored(back, 900), mock_tiles(bonus=False, angle_deg=3, misread=0.3)[0])
    kept = calibrate(jpeg, reader=reader)
    assert not kept.mirrored and kept.ok and kept.layout.orientation == "rows right to left"
