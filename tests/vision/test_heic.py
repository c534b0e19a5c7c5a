"""Phones' HEIC photos (iPhones save HEIC by default): read through the image gate like a JPEG,
their size checked from the header before libheif decodes anything (vision/decode.py)."""
from __future__ import annotations

import io
import struct

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from vision import decode
from vision.errors import ImageError

pillow_heif = pytest.importorskip("pillow_heif")


def heic(rgb: np.ndarray, orientation: int = 1) -> bytes:
    """``rgb`` saved as HEIC; an EXIF orientation becomes the file's ``irot`` turn."""
    from PIL import Image
    pillow_heif.register_heif_opener()
    out = io.BytesIO()
    exif = Image.Exif()
    exif[0x0112] = orientation
    Image.fromarray(rgb).save(out, "HEIF", quality=90, exif=exif.tobytes())
    return out.getvalue()


def picture(h: int = 120, w: int = 160) -> np.ndarray:
    """A picture whose top left corner is told from the others: a white block there."""
    rgb = np.full((h, w, 3), (30, 90, 160), np.uint8)
    rgb[: h // 4, : w // 4] = 255
    return rgb


def test_a_heic_photo_is_read_as_its_pixels():
    data = heic(picture())
    assert decode.read_header(data) == decode.ImageHeader("heif", 160, 120)
    out = decode.decode_image(data)
    bgr = picture()[:, :, ::-1]
    assert out.image.shape == (120, 160, 3) and out.scale == 1.0
    assert np.abs(out.image.astype(int) - bgr).mean() < 6


def test_a_heic_photo_is_turned_as_the_camera_held_it():
    """A phone held upright writes the sensor's landscape picture and a quarter turn (``irot``):
    the header's size and the decoded picture are the turned ones (the white block goes to the
    top right under EXIF orientation 6, a quarter turn clockwise)."""
    data = heic(picture(), orientation=6)
    assert b"irot" in data
    header = decode.read_header(data)
    assert (header.width, header.height) == (120, 160)
    image = decode.decode_image(data).image
    assert image.shape == (160, 120, 3)
    assert image[:20, -20:].mean() > 200 and image[-20:, :20].mean() < 200


def _with_ispe(data: bytes, w: int, h: int) -> bytes:
    """``data`` whose every ``ispe`` property says w × h."""
    out = bytearray(data)
    at = out.find(b"ispe")
    while at >= 0:
        out[at + 8:at + 16] = struct.pack(">II", w, h)
        at = out.find(b"ispe", at + 1)
    return bytes(out)


def test_a_heic_declaring_too_many_pixels_is_refused_before_decoding(monkeypatch):
    def never(*a, **k):
        raise AssertionError("decoded before the size was checked")
    monkeypatch.setattr(pillow_heif, "open_heif", never)
    with pytest.raises(ImageError) as e:
        decode.decode_image(_with_ispe(heic(picture()), 30000, 30000))
    assert e.value.code == "too_large" and "30000×30000" in e.value.message


def test_a_heic_whose_pixels_outgrow_its_header_is_damaged():
    with pytest.raises(ImageError) as e:
        decode.decode_image(_with_ispe(heic(picture()), 16, 16))
    assert e.value.code == "broken" and "damaged" in e.value.message


def test_the_largest_image_a_heic_declares_is_the_one_checked(monkeypatch):
    """A grid photo (phones write their photos as grids of tiles) declares its tiles' size beside
    its primary image's: the size checked is the largest any image declares, since libheif
    allocates each."""
    monkeypatch.setattr(pillow_heif.options, "GRID_TILE_SIZE", 256)
    data = heic(picture(1000, 1300))
    header = decode.read_header(data)
    assert (header.width, header.height) == (1300, 1000)
    assert data.count(b"ispe") == 2 and b"grid" in data
    tile = data.find(b"ispe" + b"\x00" * 4 + struct.pack(">II", 256, 256))
    assert tile > 0
    bigger = data[:tile + 8] + struct.pack(">II", 9000, 9000) + data[tile + 16:]
    with pytest.raises(ImageError) as e:
        decode.check_image(bigger, max_pixels=50_000_000)
    assert e.value.code == "too_large" and "9000×9000" in e.value.message


def test_avif_is_still_refused_by_name_and_a_video_is_no_image():
    with pytest.raises(ImageError) as e:
        decode.read_header(b"\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf" + b"\x00" * 40)
    assert e.value.code == "unsupported" and "AVIF" in e.value.message
    with pytest.raises(ImageError) as e:
        decode.read_header(b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00isommp42" + b"\x00" * 40)
    assert e.value.code == "not_an_image" and "AVIF" not in e.value.message


SAMPLE = heic(picture(48, 64))


@settings(max_examples=120, deadline=None)
@given(cut=st.integers(0, len(SAMPLE)), flips=st.lists(st.tuples(st.integers(0, 600), st.integers(0, 255)), max_size=6))
def test_a_damaged_heic_is_told_never_crashes(cut, flips):
    data = bytearray(SAMPLE[:cut])
    for pos, value in flips:
        if pos < len(data):
            data[pos] = value
    try:
        out = decode.decode_image(bytes(data))
    except ImageError as e:
        assert e.code in ("empty", "not_an_image", "broken", "truncated", "unsupported", "too_large", "too_small")
        assert e.message
    else:
        assert out.image.ndim == 3 and out.image.shape[2] == 3
