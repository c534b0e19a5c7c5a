"""Cutting turned tiles out upright (vision.crops: rotation_in, turned_extents, rectified_crop),
on drawn tiles whose turn and size are known."""
import cv2
import numpy as np
import pytest

from vision.crops import crop_tile, rectified_crop, rotation_in, turned_extents

W, H = 60, 80     # a tile's width and length in pixels


def tile_face() -> np.ndarray:
    """An upright tile: ivory face, a dark frame, a red band at its top end, two strokes."""
    t = np.full((H, W, 3), (200, 230, 240), np.uint8)
    cv2.rectangle(t, (4, 4), (W - 5, H - 5), (60, 60, 60), 2)
    t[8:20, 8:W - 8] = (0, 0, 220)
    t[40:44, 12:W - 12] = (30, 30, 30)
    t[30:70, 28:32] = (30, 30, 30)
    return t


def scene(turn_deg: float, sideways: bool = False):
    """The tile placed on green cloth at the centre of a 300x300 image, turned ``turn_deg``
    (image coordinates, y down), lying sideways (a quarter turn counter-clockwise) if asked;
    returns the image and the tile's axis-aligned box."""
    face = tile_face()
    if sideways:
        face = cv2.rotate(face, cv2.ROTATE_90_COUNTERCLOCKWISE)
    h, w = face.shape[:2]
    img = np.zeros((300, 300, 3), np.uint8)
    img[:] = (40, 120, 40)
    img[150 - h // 2:150 - h // 2 + h, 150 - w // 2:150 - w // 2 + w] = face
    m = cv2.getRotationMatrix2D((150, 150), -turn_deg, 1.0)   # -: cv2 turns counter-clockwise on screen
    img = cv2.warpAffine(img, m, (300, 300), flags=cv2.INTER_LINEAR, borderValue=(40, 120, 40))
    corners = np.array([[150 - w / 2, 150 - h / 2, 1], [150 + w / 2, 150 - h / 2, 1],
                        [150 + w / 2, 150 + h / 2, 1], [150 - w / 2, 150 + h / 2, 1]]) @ m.T
    return img, (*corners.min(0), *corners.max(0))


@pytest.mark.parametrize("turn", [-38, -20, 12, 30])
def test_rotation_in_finds_the_tiles_turn(turn):
    img, box = scene(turn)
    x0, y0, x1, y1 = map(int, box)
    found, strength = rotation_in(img[y0:y1, x0:x1])
    assert found == pytest.approx(turn, abs=2.0)
    assert strength > 0.3


def test_turned_extents_recovers_the_size():
    t = np.radians(20)
    bw, bh = W * np.cos(t) + H * np.sin(t), W * np.sin(t) + H * np.cos(t)
    assert turned_extents(bw, bh, 20) == pytest.approx((W, H), rel=1e-6)
    # Near 45° the box alone is ill-conditioned: the tile's shape is fitted instead.
    t = np.radians(40)
    bw, bh = W * np.cos(t) + H * np.sin(t), W * np.sin(t) + H * np.cos(t)
    w, h = turned_extents(bw, bh, 40)
    assert h / w == pytest.approx(4 / 3, rel=0.01) and w == pytest.approx(W, rel=0.05)


def _difference(a, b) -> float:
    return float(np.abs(a.astype(np.float32) - b.astype(np.float32)).mean())


@pytest.mark.parametrize("turn", [-30, 25])
def test_a_turned_tile_is_cut_out_upright(turn):
    upright_img, upright_box = scene(0)
    reference = crop_tile(upright_img, upright_box, rectify=False)
    img, box = scene(turn)
    rectified = rectified_crop(img, box)
    assert rectified is not None
    boxed = crop_tile(img, box, rectify=False)
    assert _difference(rectified, reference) < 0.5 * _difference(boxed, reference)
    assert _difference(rectified, reference) < 25
    # The red band is at the top; of the cloth, only the margin is left.
    assert rectified[5:12, 20:44, 2].mean() > 150 and rectified[5:12, 20:44, 1].mean() < 100
    assert _cloth_share(rectified) < 0.2 < _cloth_share(boxed)


def _cloth_share(crop) -> float:
    return float((np.abs(crop.astype(int) - (40, 120, 40)).sum(2) < 40).mean())


def test_a_turned_sideways_tile_is_turned_as_sideways_boxes_are():
    img0, box0 = scene(0, sideways=True)
    reference = crop_tile(img0, box0, rectify=False)     # the box rule: a quarter turn clockwise
    img, box = scene(22, sideways=True)
    rectified = rectified_crop(img, box)
    assert rectified is not None
    assert _difference(rectified, reference) < 0.5 * _difference(crop_tile(img, box, rectify=False), reference)


def test_small_turns_and_blank_boxes_keep_the_box_crop():
    img, box = scene(3)
    assert rectified_crop(img, box) is None
    assert np.array_equal(crop_tile(img, box), crop_tile(img, box, rectify=False))
    blank = np.full((100, 100, 3), 128, np.uint8)
    assert rectified_crop(blank, (10, 10, 60, 70)) is None


def test_cut_tiles_leaves_the_length_open_only_for_near_squares():
    from vision.crops import TileCrops, cut_tiles
    img = np.zeros((200, 300, 3), np.uint8)
    img[:] = (40, 120, 40)
    img[20:100, 20:80] = (200, 230, 240)      # upright: 60 x 80
    img[20:80, 120:200] = (200, 230, 240)     # sideways: 80 x 60
    img[120:184, 120:182] = (200, 230, 240)   # near square: 62 x 64 (an upright tile seen obliquely)
    crops = cut_tiles(img, [(20, 20, 80, 100), (120, 20, 200, 80), (120, 120, 182, 184)], rectify=False)
    assert isinstance(crops, TileCrops) and len(crops) == 3
    assert crops.length_open == [False, False, True]
    assert crops.subset([2, 0]).length_open == [True, False]
    with pytest.raises(ValueError):
        TileCrops([img], [True, False])
