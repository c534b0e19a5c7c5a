"""The image gate (vision.decode.check_image): every entry point refuses an image whose header
declares too many pixels before decoding it, in every format the decoders read; peak memory is
measured in a fresh process per format."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from vision.decode import check_image, decode_image, read_header
from vision.errors import ImageError

from . import image_bombs

ROOT = Path(__file__).resolve().parents[2]
#: Growth of the peak resident memory allowed while refusing a bomb (the interpreter, numpy,
#: OpenCV and Pillow are loaded before the baseline is taken).
BOMB_PEAK_MB = 100

_MEASURE = r"""
import json, resource, sys
from vision.decode import decode_image
from vision.errors import ImageError
from webui import images
from tests.vision import image_bombs
data = image_bombs.BOMBS[sys.argv[1]]()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
codes = []
for attempt in (lambda: decode_image(data), lambda: images.decode(data, 40_000_000)):
    try:
        attempt()
        codes.append("decoded")
    except ImageError as e:
        codes.append(e.code)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"codes": codes, "grew_mb": (after - before) / 1024, "peak_mb": after / 1024}))
"""


@pytest.mark.parametrize("name", sorted(image_bombs.BOMBS))
def test_bombs_are_refused_without_decoding(name):
    """Through OpenCV (reader, calibration, CLI) and Pillow (web uploads): refused, and the
    process's peak memory barely moves."""
    out = subprocess.run([sys.executable, "-c", _MEASURE, name], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert all(c in ("too_large", "unsupported") for c in result["codes"]), result
    assert result["grew_mb"] < BOMB_PEAK_MB, result


@pytest.mark.parametrize("name", sorted(image_bombs.BOMBS))
def test_bomb_sizes_come_from_the_header(name):
    data = image_bombs.BOMBS[name]()
    assert len(data) < 100_000
    with pytest.raises(ImageError) as e:
        check_image(data)
    assert e.value.code in ("too_large", "unsupported") and e.value.message


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP", "BMP", "TIFF", "GIF"])
def test_every_accepted_format_reads_its_header_and_decodes(fmt):
    data = image_bombs.good(fmt, 64, 48)
    header = read_header(data)
    assert (header.width, header.height) == (64, 48)
    assert decode_image(data).image.shape == (48, 64, 3)
    with pytest.raises(ImageError) as e:
        check_image(data, max_pixels=64 * 48 - 1)
    assert e.value.code == "too_large" and "64×48" in e.value.message


def test_lossy_webp_and_os2_bmp_headers():
    import cv2
    lossy = cv2.imencode(".webp", np.zeros((40, 70, 3), np.uint8), [cv2.IMWRITE_WEBP_QUALITY, 80])[1].tobytes()
    def size(data):
        header = read_header(data)
        return header.width, header.height
    assert size(lossy) == (70, 40)
    assert size(image_bombs.bmp_os2(300, 200)) == (300, 200)
    assert size(image_bombs.bmp_rle(300, -200)) == (300, 200)   # top-down rows


def test_motion_photo_jpeg_is_accepted():
    """Data after the JPEG's end marker (a motion photo's video) is not truncation."""
    data = image_bombs.motion_photo()
    assert data.rfind(b"\xff\xd9") < len(data) - 100_000
    assert decode_image(data).image.shape == (48, 64, 3)
    from webui import images
    assert images.decode(data, 40_000_000).width == 64


def _progressive_jpeg(side: int = 64) -> bytes:
    import cv2
    noise = (np.random.default_rng(0).random((side, side, 3)) * 255).astype(np.uint8)
    return cv2.imencode(".jpg", noise, [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])[1].tobytes()


def test_a_progressive_jpeg_is_read_and_one_of_thousands_of_scans_is_refused_undecoded():
    """A 600 KB JPEG repeating one scan 6,000 times took 89 s to decode and held every other
    photo's decoding behind it; a camera's progressive photo has about ten scans."""
    import time
    from vision.decode import MAX_JPEG_SCANS
    data = _progressive_jpeg()
    assert decode_image(data).image.shape == (64, 64, 3)
    first = data.find(b"\xff\xda")
    second = data.find(b"\xff\xda", first + 2)
    scan = data[second:data.find(b"\xff\xda", second + 2)]      # the second scan, header and data
    bomb = data[:second] + scan * (MAX_JPEG_SCANS + 1) + data[second:]
    start = time.perf_counter()
    with pytest.raises(ImageError) as e:
        decode_image(bomb)
    assert e.value.code == "unsupported" and f"has {MAX_JPEG_SCANS + 11} scans" in str(e.value)     # its own ten and the copies
    assert time.perf_counter() - start < 1.0       # refused from the header, not decoded
    from webui import images
    with pytest.raises(ImageError):
        images.decode(bomb, 40_000_000)


def test_truncated_jpeg_is_still_refused():
    data = image_bombs.good("JPEG")
    for cut in (len(data) - 2, len(data) // 2, 200):
        with pytest.raises(ImageError) as e:
            decode_image(data[:cut])
        assert e.value.code == "truncated"


@pytest.mark.parametrize("data, code", [
    (b"\x00\x00\x00\x1cftypavif" + b"\x00" * 40, "unsupported"),
    (b"\x00\x00\x00\x0cjP  \r\n\x87\n" + b"\x00" * 40, "unsupported"),
    (b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 30000 +X 30000\n", "unsupported"),
    (b"PF\n30000 30000\n-1.0\n", "unsupported"),
    (b"II+\x00" + b"\x00" * 40, "unsupported"),
    (b"RIFF\x10\x00\x00\x00WAVEfmt ", "not_an_image"),
    (b"BM\x00", "truncated"),
    (b"GIF89a\x10\x00\x10\x00", "truncated"),
    (b"II*\x00\xff\xff\xff\x7f", "truncated"),
])
def test_other_formats_and_damaged_headers(data, code):
    with pytest.raises(ImageError) as e:
        decode_image(data)
    assert e.value.code == code


def test_tiff_with_wide_samples_is_refused():
    data = image_bombs._tiff([(256, 4, 64), (257, 4, 64), (258, 3, 32), (277, 3, 3)], b"")
    with pytest.raises(ImageError) as e:
        check_image(data)
    assert e.value.code == "unsupported"


def test_path_messages_name_the_file_not_its_folder(tmp_path):
    p = tmp_path / "deep" / "photo.jpg"
    p.parent.mkdir()
    p.write_bytes(image_bombs.good("JPEG"))
    with pytest.raises(ImageError) as e:
        decode_image(p, max_bytes=10)
    assert "photo.jpg" in e.value.message and str(tmp_path) not in e.value.message


def test_calibration_upload_and_cli_go_through_the_gate(tmp_path):
    """The calibration and the CLI read photos with decode_image: a bomb file is refused there."""
    from vision import calibration
    p = tmp_path / "bomb.bmp"
    p.write_bytes(image_bombs.bmp_rle())

    class NoReader:
        def read(self, *a, **k):
            raise AssertionError("the bomb reached the reader")
    with pytest.raises(ImageError) as e:
        calibration.calibrate(p, reader=NoReader())
    assert e.value.code == "too_large"
    from mjtable.cli import main
    assert main(["read", str(p), "--no-profile", "--json"]) == 2


_LEGAL_MAX = r"""
import io, json, resource, sys
import cv2, numpy as np
from PIL import Image
from tests.vision import image_bombs
from vision.decode import decode_image
from webui import images
fmt, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if fmt == "bmp_rle":
    data = image_bombs.bmp_rle(w, h, rows=True)
elif fmt == "tiff":
    data = image_bombs.tiff(w, h, rows_per_strip=200)
elif fmt == "gif":
    out = io.BytesIO(); Image.new("P", (w, h)).save(out, "GIF"); data = out.getvalue()
else:
    img = np.zeros((h, w, 3), np.uint8)
    data = cv2.imencode("." + fmt, img, [cv2.IMWRITE_WEBP_QUALITY, 101] if fmt == "webp" else [])[1].tobytes()
    del img
assert len(data) <= 25 * 1024 * 1024, len(data)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
photo = images.decode(data, 40_000_000)                 # the web upload: Pillow, re-encoded copy
decoded = decode_image(photo.for_reader or photo.jpeg)  # what the reader then decodes
decode_image(data)                                      # the CLI and the calibration: OpenCV
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"bytes": len(data), "grew_mb": (after - before) / 1024, "peak_mb": after / 1024}))
"""


@pytest.mark.slow
@pytest.mark.parametrize("fmt, w, h", [("jpg", 7300, 5470), ("png", 7300, 5470), ("webp", 16383, 2441),
                                       ("bmp_rle", 7300, 5470), ("tiff", 7300, 5470), ("gif", 7300, 5470)])
def test_largest_accepted_image_stays_under_the_memory_target(fmt, w, h):
    """An image at the web pixel limit (40 MP), in each format: the web decoding and the reader's
    decoding together stay under 1.5 GB peak."""
    out = subprocess.run([sys.executable, "-c", _LEGAL_MAX, fmt, str(w), str(h)], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    print(fmt, result)
    assert result["peak_mb"] < 1500, result
