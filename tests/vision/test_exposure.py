"""A dark photo is brightened before it is read (``vision.reader.brightened``, ``DARK_P99``): the
detector missed one tile in twenty on the valid split at a third of its light."""
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.reader import DARK_P99, EXPOSURE_TARGET, MAX_GAIN, brightened


def _photo(level: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.clip(rng.normal(level, 12, (300, 400, 3)), 0, 255).astype(np.uint8)


def test_a_dark_photo_is_scaled_until_its_bright_parts_reach_the_target():
    dark = _photo(60)
    out = brightened(dark, DARK_P99)
    assert out.shape == dark.shape and out.dtype == np.uint8
    p99 = np.percentile(out.mean(axis=2), 99)
    assert abs(p99 - EXPOSURE_TARGET) < 8
    # the same scale for every pixel: the picture's contrasts are kept
    ratio = out[dark > 20].astype(float) / dark[dark > 20]
    assert ratio.std() < 0.05


def test_a_photo_lit_as_the_shared_ones_is_read_as_it_is():
    lit = _photo(180)
    assert brightened(lit, DARK_P99) is lit
    dark = _photo(20)
    assert brightened(dark, None) is dark


def test_the_gain_stops_at_its_cap_on_a_nearly_black_photo():
    black = _photo(8)
    out = brightened(black, DARK_P99)
    assert np.abs(out.astype(float) - np.clip(black.astype(float) * MAX_GAIN, 0, 255)).max() <= 1


def test_a_few_bright_tiles_on_a_dark_cloth_are_not_burnt_white():
    # tiles under a hundredth of the picture leave its 99th percentile on the cloth: scaled to
    # the target, their faces would clip to white, ink and all
    cloth = _photo(30)
    cloth[:10, :100] = 200          # the faces: 1,000 of 120,000 pixels
    cloth[:10, :100:4] = 60         # and their ink
    out = brightened(cloth, DARK_P99)
    # the ink stays ink (four times over it was 240, beside faces of 255)
    assert out[:10, :100:4].max() < 100 and out[:10, 1:100:4].min() > 200


def test_a_grey_single_channel_picture_is_brightened_too():
    dark = _photo(50)[..., 0]
    assert np.percentile(brightened(dark, DARK_P99), 99) > np.percentile(dark, 99) * 2


SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"
TEST_SPLIT = SHARED / "chinese-mahjong-detection" / "test"
DIM_PHOTO = TEST_SPLIT / "images" / "IMG_20231217_182908_jpg.rf.c5bc3df29e87980486ecdf6166846fd5.jpg"


@pytest.mark.skipif(not DIM_PHOTO.exists(), reason="the shared real photos are not beside the repository")
def test_a_real_photo_at_a_third_of_its_light_reads_more_of_its_tiles_brightened():
    from vision.reader import ReaderConfig, TileReader
    from vision_lab.capture_settings import dim
    from vision_lab.datasets import photo_names, read_yolo_labels
    from vision_lab.evaluate import match
    photo = dim(cv2.imread(str(DIM_PHOTO)))
    h, w = photo.shape[:2]
    labels = read_yolo_labels(TEST_SPLIT / "labels" / (DIM_PHOTO.stem + ".txt"), photo_names(SHARED), w, h)

    def right(reader) -> int:
        reads = [r for r in reader.read(photo) if not r.face_down]
        pairs = match(np.array([b for _, b in labels]), np.array([r.box for r in reads]).reshape(-1, 4))
        return sum(labels[g][0] == reads[p].code.replace("0", "5") for g, p in pairs)
    brightened_right = right(TileReader())
    as_taken = right(TileReader(config=replace(ReaderConfig(), dark_p99=None)))
    assert brightened_right >= as_taken + 3, (brightened_right, as_taken, len(labels))
