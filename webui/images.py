"""Defensive decoding of uploaded photos (docs/webui.md).

The byte size is capped by Flask's ``MAX_CONTENT_LENGTH``; here the pixel count is read from the
header and checked *before* the pixels are decoded, the format is sniffed from the first bytes
(not the file name), decoding errors of any kind become :class:`vision.ImageError` with a
message a person can act on, and the image is re-encoded so that the stored copy carries no
metadata from the upload.
"""
from __future__ import annotations

import io
import struct
import warnings
from dataclasses import dataclass

from vision.errors import ImageError

#: Long side of the copy that is read and stored; phone photos are larger than tiles need.
MAX_SIDE = 3000

_MAGIC = (
    (b"\xff\xd8\xff", "JPEG"),
    (b"\x89PNG\r\n\x1a\n", "PNG"),
    (b"RIFF", "WEBP"),
    (b"BM", "BMP"),
)


@dataclass
class Photo:
    jpeg: bytes          # re-encoded copy (what the review page shows; same pixels grid as read)
    width: int
    height: int
    rgb: object          # numpy array H×W×3, uint8, RGB
    for_reader: bytes = b""  # what the reader is given: the upload itself when it needed no
                             # rotation or scaling (so the API answers as `mjtable read` does)

    def record(self) -> dict:
        return {"jpeg": self.jpeg, "width": self.width, "height": self.height}


def sniff(data: bytes) -> str | None:
    for magic, name in _MAGIC:
        if data.startswith(magic):
            if name == "WEBP" and data[8:12] != b"WEBP":
                continue
            return name
    return None


def header_size(data: bytes, kind: str) -> tuple[int, int] | None:
    """Width and height from the file header, without decoding (None when not found)."""
    try:
        if kind == "PNG" and data[12:16] == b"IHDR":
            return struct.unpack(">II", data[16:24])
        if kind == "BMP":
            w, h = struct.unpack("<ii", data[18:26])
            return abs(w), abs(h)
        if kind == "JPEG":
            i = 2
            while i + 9 < len(data):
                if data[i] != 0xFF:
                    return None
                marker = data[i + 1]
                if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
                    i += 2
                    continue
                length = struct.unpack(">H", data[i + 2:i + 4])[0]
                # SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
                if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                    h, w = struct.unpack(">HH", data[i + 5:i + 9])
                    return w, h
                i += 2 + length
    except struct.error:
        return None
    return None


def _check_pixels(width: int, height: int, max_pixels: int) -> None:
    if width * height > max_pixels:
        raise ImageError("too_large", f"the image is {width}×{height} pixels; the limit is "
                         f"{max_pixels / 1e6:.0f} megapixels")


def decode(data: bytes, max_pixels: int) -> Photo:
    """Decode an uploaded image or raise :class:`ImageError`."""
    from PIL import Image, ImageOps
    import numpy as np

    if not data:
        raise ImageError("empty", "the file is empty")
    kind = sniff(data)
    if kind is None:
        raise ImageError("not_an_image", "this file is not a JPEG, PNG, WebP or BMP image "
                         "(whatever its name says)")
    size = header_size(data, kind)
    if size is not None:
        _check_pixels(*size, max_pixels)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            img = Image.open(io.BytesIO(data), formats=[kind])
            width, height = img.size
            if width <= 0 or height <= 0:
                raise ImageError("broken", "the image has no pixels")
            _check_pixels(width, height, max_pixels)
            img.load()
            try:
                upright = img.getexif().get(0x0112, 1) in (0, 1)   # EXIF Orientation
            except Exception:  # a broken EXIF block: rotate nothing, re-encode
                upright = False
            img = ImageOps.exif_transpose(img)
            img = img.convert("RGB")
    except ImageError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageError("too_large", f"the image is larger than {max_pixels / 1e6:.0f} megapixels") from None
    except MemoryError:
        raise ImageError("too_large", "the image is too large to decode") from None
    except Exception as e:  # Pillow raises OSError, SyntaxError, ValueError, struct.error...
        raise ImageError("broken", f"the {kind} image is damaged or truncated and cannot be "
                         f"decoded ({type(e).__name__})") from None
    scaled = max(img.size) > MAX_SIDE
    if scaled:
        img.thumbnail((MAX_SIDE, MAX_SIDE), Image.LANCZOS)
    out = io.BytesIO()
    img.save(out, "JPEG", quality=90)
    jpeg = out.getvalue()
    return Photo(jpeg, img.size[0], img.size[1], np.asarray(img),
                 for_reader=data if (upright and not scaled) else jpeg)
