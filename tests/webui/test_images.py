"""Defensive decoding: whatever bytes arrive, the answer is a decoded photo or an ImageError
with a message, never another exception."""
from __future__ import annotations

import io

import pytest
from hypothesis import given, settings, strategies as st

from vision.errors import ImageError
from webui import images

from .helpers import png_header_only


def _sample(fmt: str) -> bytes:
    from PIL import Image
    out = io.BytesIO()
    img = Image.new("RGB", (40, 30), (10, 200, 90))
    img.putpixel((3, 3), (255, 0, 0))
    img.save(out, fmt)
    return out.getvalue()


SAMPLES = {fmt: _sample(fmt) for fmt in ("JPEG", "PNG", "WEBP", "BMP")}


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
def test_good_images_decode(fmt):
    photo = images.decode(SAMPLES[fmt], 10_000_000)
    assert (photo.width, photo.height) == (40, 30) and photo.jpeg[:3] == b"\xff\xd8\xff"
    assert photo.rgb.shape == (30, 40, 3)


@pytest.mark.parametrize("fmt", ["PNG", "BMP"])
def test_pixel_limit_is_read_from_the_header(fmt):
    with pytest.raises(ImageError) as e:
        images.decode(SAMPLES[fmt], 1000)
    assert e.value.code == "too_large" and "40×30" in e.value.message


def test_a_jpeg_over_the_pixel_limit_is_decoded_reduced_as_the_reader_decodes_it():
    # the API refused a phone's 48-MP JPEG (over its 40-MP limit) that `mjtable read` read at a half
    photo = images.decode(SAMPLES["JPEG"], 1000)        # 40 × 30 = 1,200 pixels
    assert (photo.width, photo.height) == (20, 15) and photo.for_reader == photo.jpeg
    # the photo's own size kept, by which the API's boxes are put back in its pixels (they came
    # back at a half of them)
    assert (photo.source_width, photo.source_height) == (40, 30)
    with pytest.raises(ImageError) as e:                # within it at a quarter at most
        images.decode(SAMPLES["JPEG"], 60)
    assert e.value.code == "too_large" and "40×30" in e.value.message


def test_png_bomb_header():
    assert images.header_size(png_header_only(20000, 20000), "PNG") == (20000, 20000)
    with pytest.raises(ImageError) as e:
        images.decode(png_header_only(20000, 20000), 40_000_000)
    assert e.value.code == "too_large"


def test_large_photos_are_scaled_for_storage():
    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (4000, 1000)).save(out, "PNG")
    photo = images.decode(out.getvalue(), 40_000_000)
    assert max(photo.width, photo.height) == images.MAX_SIDE


def test_a_strip_too_narrow_once_scaled_is_refused_with_its_own_size():
    # "the image is 3000×15 pixels, under 16 pixels a side" of a 20000 × 100 upload
    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (20000, 100)).save(out, "PNG")
    with pytest.raises(ImageError) as e:
        images.decode(out.getvalue(), 40_000_000)
    assert e.value.code == "too_small" and e.value.message.startswith("the image is 20000×100 pixels: a strip")


def test_a_header_with_a_side_of_no_pixels_is_a_damaged_file():
    # found by the property test below: a BMP whose width byte was zeroed and whose data is cut
    data = bytearray(SAMPLES["BMP"])
    data[18] = 0
    with pytest.raises(ImageError) as e:
        images.decode(bytes(data[:26]), 10_000_000)
    assert e.value.code == "broken" and "damaged" in e.value.message


def test_a_damaged_image_is_told_without_the_decoders_own_error():
    """The player reads that the file is damaged; the decoder's exception name is for the log."""
    import io
    import zlib

    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (1, 1)).save(out, "PNG")
    data = out.getvalue()
    start = data.index(b"IDAT") + 4
    broken = data[:start] + zlib.compress(b"\xff" * 3)[:3] + data[start + 3:]     # the pixels' stream cut
    with pytest.raises(ImageError) as e:
        images.decode(broken, 10_000_000)
    assert e.value.code == "broken" and e.value.message == "the PNG image is damaged or truncated and cannot be decoded"


@settings(max_examples=150, deadline=None)
@given(fmt=st.sampled_from(sorted(SAMPLES)), cut=st.integers(0, 2000),
       flips=st.lists(st.tuples(st.integers(0, 2000), st.integers(0, 255)), max_size=6))
def test_damaged_images_never_crash(fmt, cut, flips):
    data = bytearray(SAMPLES[fmt])
    for pos, value in flips:
        if pos < len(data):
            data[pos] = value
    data = bytes(data[:cut] if cut < len(data) else data)
    try:
        photo = images.decode(data, 10_000_000)
    except ImageError as e:
        # too_small: a header damaged into a strip's size (40 × 7710) is refused by its shape first
        assert e.code in ("empty", "not_an_image", "broken", "truncated", "unsupported", "too_large",
                          "too_small") and e.message
    else:
        assert photo.jpeg[:3] == b"\xff\xd8\xff"


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_never_crash(data):
    try:
        images.decode(data, 10_000_000)
    except ImageError as e:
        assert e.message


def test_reader_gets_the_upload_itself_unless_it_must_be_turned_or_scaled():
    from PIL import Image
    plain = SAMPLES["JPEG"]
    assert images.decode(plain, 10_000_000).for_reader == plain
    out = io.BytesIO()
    exif = Image.Exif()
    exif[0x0112] = 6                       # "rotate 90° clockwise to display"
    Image.new("RGB", (40, 30)).save(out, "JPEG", exif=exif.tobytes())
    photo = images.decode(out.getvalue(), 10_000_000)
    assert (photo.width, photo.height) == (30, 40)
    assert photo.for_reader == photo.jpeg != out.getvalue()


def test_a_heic_upload_is_kept_as_a_jpeg_turned_as_the_phone_held_it():
    """A phone's HEIC (a browser that cannot draw it sends it as it is): the stored copy is a
    JPEG of the turned picture, and the reader reads that copy (a HEIC is slow to decode: once)."""
    from tests.vision.test_heic import heic, picture
    photo = images.decode(heic(picture(), orientation=6), 10_000_000)
    assert (photo.width, photo.height) == (120, 160) and photo.jpeg[:3] == b"\xff\xd8\xff"
    assert photo.rgb[:20, -20:].mean() > 200 and photo.rgb[-20:, :20].mean() < 200
    assert photo.for_reader is photo.jpeg


@pytest.mark.parametrize("mode", ["RGBA", "LA", "P"])
def test_transparent_parts_are_stored_on_white(mode):
    # the review page showed a cut-out tile picture on black (Pillow drops alpha to its colour)
    from PIL import Image
    img = Image.new("RGBA", (40, 30), (0, 0, 0, 0))
    img.paste((200, 30, 30, 255), (10, 10, 30, 20))
    if mode != "RGBA":
        img = img.convert(mode)
    out = io.BytesIO()
    img.save(out, "PNG")
    photo = images.decode(out.getvalue(), 10_000_000)
    assert photo.rgb[2, 2].tolist() == [255, 255, 255]
    assert max(abs(int(a) - b) for a, b in zip(photo.rgb[15, 20], (200, 30, 30) if mode != "LA" else (83,) * 3)) < 12


def test_an_upload_transparent_everywhere_is_refused_as_showing_nothing():
    from PIL import Image
    out = io.BytesIO()
    Image.new("RGBA", (40, 30), (0, 0, 0, 0)).save(out, "PNG")
    with pytest.raises(images.ImageError) as e:
        images.decode(out.getvalue(), 10_000_000)
    assert e.value.code == "empty" and "fully transparent" in e.value.message


def test_a_corrupt_jpeg_upload_is_said_damaged_though_pillow_decodes_it(capfd):
    from PIL import Image
    import numpy as np
    rgb = np.random.default_rng(1).integers(0, 255, (240, 320, 3), dtype=np.uint8)
    out = io.BytesIO()
    Image.fromarray(rgb).resize((3200, 2400)).save(out, "JPEG")     # scaled for storage: the reader gets a copy
    data = out.getvalue()[: len(out.getvalue()) // 2] + b"\xff\xd9"     # its second half lost
    photo = images.decode(data, 50_000_000)
    assert photo.for_reader == photo.jpeg
    assert photo.damage and "Corrupt JPEG data" in photo.damage
    assert images.decode(out.getvalue(), 50_000_000).damage is None
    assert "Corrupt JPEG" not in capfd.readouterr().err


def test_a_jpeg_pillow_gives_up_on_is_read_past_its_damage_as_the_command_line_reads_it(client):
    # 300 bytes garbled near its end: Pillow stops at "broken data stream" and the upload was refused
    # as undecodable, where `mjtable read` read every tile with the damage said
    import random
    from PIL import Image
    import numpy as np
    rgb = np.random.default_rng(1).integers(0, 255, (60, 80, 3), dtype=np.uint8)
    out = io.BytesIO()
    Image.fromarray(rgb).resize((640, 480)).save(out, "JPEG", quality=90)
    data, noise = bytearray(out.getvalue()), random.Random(1)
    at = int(len(data) * 0.9)
    data[at:at + 300] = bytes(noise.randrange(256) for _ in range(300))
    data = bytes(data)
    with pytest.raises(OSError):        # what Pillow alone does with it
        Image.open(io.BytesIO(data)).load()
    photo = images.decode(data, 40_000_000)
    assert (photo.width, photo.height) == (640, 480) and photo.damage and "Corrupt JPEG data" in photo.damage
    assert np.abs(np.asarray(photo.rgb)[:200].astype(int) - np.asarray(Image.open(out).convert("RGB"))[:200]).mean() < 3


def test_an_animation_scaled_for_the_reader_says_its_first_frame_alone_was_read():
    # scaled here, the reader is given a copy of its first frame and cannot tell it was an animation
    from PIL import Image
    frames = [Image.new("RGB", (3200, 2400), c) for c in ((0, 0, 0), (200, 180, 40))]
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:])
    photo = images.decode(out.getvalue(), 40_000_000)
    assert photo.for_reader == photo.jpeg and photo.damage.startswith("the GIF is an animation")


@pytest.mark.parametrize("ext", [".png", ".tiff"])
def test_a_16_bit_grey_photo_keeps_its_levels(ext):
    # Pillow's convert("RGB") clipped every 16-bit level over 255: the review page showed a white
    # page, and a photo turned or scaled for the reader read no tiles
    import cv2
    import numpy as np
    grey = np.tile(np.linspace(0, 255, 200).astype(np.uint8), (120, 1))
    data = cv2.imencode(ext, grey.astype(np.uint16) * 257)[1].tobytes()
    rgb = np.asarray(images.decode(data, 40_000_000).rgb)
    assert rgb.shape == (120, 200, 3) and np.abs(rgb[:, :, 0].astype(int) - grey).max() <= 1


def test_a_picture_over_the_pixel_limit_is_told_what_to_do(client):
    # "over the 40000000-pixel limit" alone was a dead end for a phone's 48-megapixel photo
    with pytest.raises(ImageError) as e:
        images.decode(png_header_only(8064, 6048), 40_000_000)
    assert e.value.message.endswith("; take it at 12 megapixels (the camera's 48-megapixel or high-resolution mode "
                                    "off), or send a smaller copy")
    r = client.post("/api/read", data={"image": (io.BytesIO(png_header_only(8064, 6048)), "big.png")},
                    content_type="multipart/form-data")
    assert r.status_code == 413 and r.json["error"]["message"] == e.value.message
    from webui import i18n
    with client.application.test_request_context("/?lang=fr"):
        assert i18n.msg(e.value.message).endswith("; prenez-la en 12 mégapixels (le mode 48 mégapixels ou haute "
                                                  "résolution de l'appareil désactivé), ou envoyez-en une copie "
                                                  "plus petite")


def test_a_16_bit_grey_picture_is_brought_to_8_bits_in_little_memory():
    # float64 and its copies took 1 GB for a 40-MP grey picture of 90 KB, two uploads at once 2 GB
    import tracemalloc

    import numpy as np
    from PIL import Image
    picture = Image.fromarray(np.full((1250, 2000), 40000, np.uint16))
    tracemalloc.start()
    try:
        out = images.eight_bit(picture)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert out.mode == "L" and out.getpixel((0, 0)) == round(40000 * 255 / 65535)
    assert peak < 10 * 1250 * 2000, peak          # bytes a pixel: 32 and more before
