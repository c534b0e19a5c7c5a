"""A phone screenshot of a photo (vision.reader.screen_chrome): the status bar, the app's bar and
its buttons around the photo are not read as tiles; a photo, black edges and all, is read whole."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.reader import screen_photo, shifted_read
from vision.types import TileRead
from vision_lab.screenshots import screenshot as gallery_screenshot

from .test_exposure import HAND_PHOTO


def _textured(h: int, w: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return cv2.GaussianBlur(rng.integers(0, 255, (h, w, 3), dtype=np.uint8), (0, 0), 1.5)


def screenshot(photo: np.ndarray, dark: bool = True, width: int = 1170) -> tuple[np.ndarray, int]:
    """``photo`` in a gallery app's screenshot (``vision_lab.screenshots``); returns it and the
    photo's top row."""
    shot, (_, top, _, _) = gallery_screenshot(photo, np.random.default_rng(0), width=width, dark=dark)
    return shot, top


@pytest.mark.parametrize("dark", [True, False])
def test_a_screenshots_photo_is_found_between_its_bars(dark):
    shot, top = screenshot(_textured(900, 1200), dark)
    x0, y0, x1, y1 = screen_photo(shot)
    # the photo, 1170 px wide and 877 tall, within two sampling steps (6 px here) of its edges, not cut
    assert (x0, x1) == (0, 1170) and 0 <= top - y0 <= 12 and 0 <= y1 - (top + 877) <= 12


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_photo_sent_in_a_chat_is_found_between_the_messages_above_and_below_it(seed):
    # a chat's messages lie above and below the photo, not by the screen's edges only: the whole
    # screenshot was read, its words read as tiles (valid photos as chats: 73.4 % precision)
    from vision_lab.screenshots import chat_screenshot
    shot, (left, top, width, height) = chat_screenshot(_textured(900, 1200), np.random.default_rng(seed))
    x0, y0, x1, y1 = screen_photo(shot)
    # the photo's rows, within two sampling steps and the bubble's time under it (60 px)
    assert 0 <= top - y0 <= 24 and 0 <= y1 - (top + height) <= 80, (y0, y1, top, height)
    assert x0 <= left and left + width <= x1


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_photo_sent_in_a_chat_on_a_wallpaper_is_found_by_its_own_edges_where_that_is_on(seed, monkeypatch):
    # a chat app's default wallpaper of doodles leaves no line flat: the photo with every message
    # around it was one run, read whole (60 valid photos so: 42.68 % precision). Off as it ships
    # (``SCREEN_EDGE_STEP`` None: it cut a gallery screenshot's portrait photo); on, as measured
    from vision import reader
    from vision_lab.screenshots import chat_screenshot
    monkeypatch.setattr(reader, "SCREEN_EDGE_STEP", 12.0)
    shot, (left, top, width, height) = chat_screenshot(_textured(900, 1200, seed), np.random.default_rng(seed),
                                                       wallpaper=True)
    x0, y0, x1, y1 = screen_photo(shot)
    # the photo's rows and columns, within a few sampling steps and its bubble's time under it (the
    # edges of its bubble, 60 px taller, may be taken with it: nothing of the photo is cut)
    assert 0 <= top - y0 <= 24 and 0 <= y1 - (top + height) <= 100, (y0, y1, top, height)
    assert 0 <= left - x0 <= 24 and 0 <= x1 - (left + width) <= 24, (x0, x1, left, width)


def test_a_display_s_rounded_corners_just_above_the_status_bar_are_no_thick_bar():
    # a light iPhone screenshot shrunk by a chat app to 1000 px: the display's black corners end
    # a row or two above the clock, and the two read as one bar too thick to be one
    height, width = 1000, 462
    shot = np.full((height, width, 3), 255, np.uint8)
    shot[330:670] = cv2.resize(_textured(900, 1200), (width, 340))
    for cx in (0, width):
        cv2.circle(shot, (cx, 0), 58, (0, 0, 0), -1)
    cv2.putText(shot, "9:41", (40, 84), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (20, 20, 20), 3)
    cv2.putText(shot, "Edit", (40, height - 60), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (20, 20, 20), 3)
    x0, y0, x1, y1 = screen_photo(shot)
    assert (x0, x1) == (0, width) and 322 <= y0 <= 330 and 670 <= y1 <= 678


def test_a_photo_is_not_taken_for_a_screen():
    photo = _textured(640, 640)
    assert screen_photo(photo) is None
    edged = photo.copy()
    edged[:, :12] = 0                                           # a black edge, as two shared photos have
    edged[-3:] = 255                                            # a clipped line
    assert screen_photo(edged) is None
    assert screen_photo(photo, flat_range=None) is None
    # two rows of tiles on a flat cloth, one near the edge: not a photo between bars
    cloth = np.full((1000, 800, 3), 90, np.uint8)
    cloth[80:180] = _textured(100, 800, 1)
    cloth[400:800] = _textured(400, 800, 2)
    assert screen_photo(cloth) is None
    # tiles in the middle of a flat canvas, as the reader's own tests draw them: no bar, no screen
    canvas = np.full((1000, 800, 3), 40, np.uint8)
    canvas[300:700] = _textured(400, 800, 3)
    assert screen_photo(canvas) is None
    # a picture shaped as a screen but holding no flat band (a tall crop of a photo): read whole
    assert screen_photo(_textured(2400, 1100, 4)) is None
    # a photo's hand, a thin run of rows away from the edges below a patterned box, on a blown-out
    # white table: no chat's message (the picture is a camera's 4:3), not cut away
    table = np.full((2560, 1920, 3), 255, np.uint8)
    table[800:1420] = _textured(620, 1920, 5)
    table[1700:1850] = _textured(150, 1920, 6)
    assert screen_photo(table) is None
    # a photo shown across a turned phone: columns
    wide = np.zeros((1170, 2532, 3), np.uint8)
    wide[:, 400:2100] = cv2.resize(photo, (1700, 1170))
    cv2.putText(wide, "9:41", (60, 500), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (255, 255, 255), 5)
    x0, y0, x1, y1 = screen_photo(wide)
    assert 0 <= 400 - x0 <= 12 and 0 <= x1 - 2100 <= 12 and (y0, y1) == (0, 1170)


def test_a_read_of_the_photo_is_put_back_in_the_screenshots_pixels():
    read = TileRead("1m", (10, 20, 60, 90), 0.9, corners=[(10, 20), (60, 20), (60, 90), (10, 90)])
    moved = shifted_read(read, 5, 100)
    assert moved.box == (15, 120, 65, 190) and moved.corners[2] == (65, 190) and moved.code == "1m"


def test_the_reader_reads_a_screenshot_as_the_photo_it_shows():
    from tests.webui.test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    from vision import read_tiles
    photo = cv2.imread(str(HAND_PHOTO))
    shot, top = screenshot(photo)
    k = shot.shape[1] / photo.shape[1]
    on_photo = [r for r in read_tiles(photo)]
    on_shot = [r for r in read_tiles(shot)]
    # nothing read in the bars, the photo's tiles as read alone
    assert all(top <= (r.box[1] + r.box[3]) / 2 <= top + photo.shape[0] * k for r in on_shot)
    assert sorted(r.code for r in on_shot) == sorted(r.code for r in on_photo)
    # and it says where the photo lay
    x0, y0, x1, y1 = read_tiles(shot).screen
    assert (x0, x1) == (0, shot.shape[1]) and 0 <= top - y0 <= 12 and 0 <= y1 - (top + photo.shape[0] * k) <= 12
    assert read_tiles(photo).screen is None


def test_a_screenshot_read_so_is_said_to_the_player(monkeypatch):
    # a trial's player was never told the picture was taken for a screenshot
    import mjtable.pipeline as pipeline
    import vision
    from vision.types import TileReads
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: TileReads([], screen=(0, 800, 1170, 1700)))
    assert pipeline.read_photo(b"any")["reading"]["warnings"][-1] == pipeline.SCREENSHOT_READ
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: TileReads([]))
    assert pipeline.SCREENSHOT_READ not in pipeline.read_photo(b"any")["reading"]["warnings"]


def test_the_screenshot_command_writes_a_labelled_copy_the_reader_crops_to_the_photo(tmp_path):
    from vision_lab.screenshots import main
    from tests.vision.test_capture_settings import labelled_folder
    src = labelled_folder(tmp_path)
    photo = _textured(480, 640)
    photo[96:192, 128:192] = (30, 200, 30)              # a labelled box: x 0.25, y 0.3, w 0.1, h 0.2
    cv2.imwrite(str(src / "images" / "a.jpg"), photo)
    (src / "labels" / "a.txt").write_text("0 0.25 0.3 0.1 0.2\n")
    assert main([str(src), "--out", str(tmp_path / "out"), "--seed", "3"]) == 0
    shot = cv2.imread(str(tmp_path / "out" / "images" / "a.png"))
    c, x, y, w, h = (float(v) for v in (tmp_path / "out" / "labels" / "a.txt").read_text().split())
    H, W = shot.shape[:2]
    inside = shot[round((y - h / 4) * H):round((y + h / 4) * H), round((x - w / 4) * W):round((x + w / 4) * W)]
    assert H > 2 * W and inside.reshape(-1, 3).mean(axis=0)[1] > 150          # the label lies on the green box
    x0, y0, x1, y1 = screen_photo(shot)
    assert y0 < (y - h / 2) * H and (y + h / 2) * H < y1 and y1 - y0 < 0.5 * H


def test_a_chat_wallpaper_covers_the_background_with_faint_doodles():
    # the wallpaper a chat app draws by default: every band of the screen crosses a doodle, each a
    # few grey levels off the background (vision_lab.screenshots --app chat-wallpaper)
    from vision_lab.screenshots import doodles
    for bg in (18, 230):
        canvas = np.full((900, 600, 3), bg, np.uint8)
        doodles(canvas, np.random.default_rng(0), 0.5)
        grey = canvas[..., 0].astype(int)
        off = np.abs(grey - bg)
        assert all(off[y:y + 45].max() > 0 for y in range(0, 900, 45))
        assert off.max() <= 26 and 0.02 < (off > 0).mean() < 0.4


@pytest.mark.parametrize("seed,blurred", [(0, False), (1, False), (2, True), (3, True)])
def test_a_photo_posted_as_a_story_is_never_cut(seed, blurred):
    # a story's backdrop, graded from top to bottom between two of the photo's colours (each row
    # flat: found as a screenshot's photo) or the photo itself blurred (read whole): whatever the
    # finder takes for the photo holds all of it (docs/experiments.md)
    from vision_lab.screenshots import story_screenshot
    photo = _textured(900, 1200, seed)
    shot, (left, top, width, height) = story_screenshot(photo, np.random.default_rng(seed), blurred=blurred)
    assert shot.shape[0] > 2 * shot.shape[1] and width >= 0.8 * shot.shape[1]
    shown = cv2.resize(photo, (width, height), interpolation=cv2.INTER_AREA)
    assert np.array_equal(shot[top:top + height, left:left + width], shown)
    found = screen_photo(shot)
    assert blurred or found is not None       # a graded backdrop's rows are flat: found
    x0, y0, x1, y1 = found if found is not None else (0, 0, shot.shape[1], shot.shape[0])
    assert x0 <= left and y0 <= top and left + width <= x1 and top + height <= y1
