"""Small files whose headers declare huge images ("decompression bombs"), one per format the
decoders read, and a motion-photo JPEG. Built by hand so no huge image is ever made."""
from __future__ import annotations

import io
import struct
import zlib

import numpy as np

SIDE = 30000   # 900 megapixels: 2.7 GB once decoded as BGR


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png(w=SIDE, h=SIDE) -> bytes:
    row = b"\x00" + b"\x00" * (w * 3)
    idat = zlib.compress(row * 4, 9)           # four real rows, then the stream ends
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + _png_chunk(b"IDAT", idat) + _png_chunk(b"IEND", b""))


def bmp_rle(w=SIDE, h=SIDE, rows: bool = False) -> bytes:
    """An 8-bit RLE BMP: a palette and one end-of-bitmap code, about 1 KB (``rows``: every row
    encoded as runs, the way an encoder writes it)."""
    palette = bytes(range(256)) * 4
    pixels = b"\x00\x01"                       # RLE8 end of bitmap
    if rows:
        row = b"\xff\x00" * (abs(w) // 255) + (bytes([abs(w) % 255, 0]) if abs(w) % 255 else b"") + b"\x00\x00"
        pixels = row * abs(h) + b"\x00\x01"
    offset = 14 + 40 + len(palette)
    info = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 8, 1, len(pixels), 2835, 2835, 256, 0)
    return b"BM" + struct.pack("<IHHI", offset + len(pixels), 0, 0, offset) + info + palette + pixels


def bmp_os2(w=SIDE, h=SIDE) -> bytes:
    """An OS/2 (12-byte header) 24-bit BMP with almost no pixel data."""
    info = struct.pack("<IHHHH", 12, w, h, 1, 24)
    return b"BM" + struct.pack("<IHHI", 26 + 64, 0, 0, 26) + info + b"\x00" * 64


def webp_lossless(w=16384, h=16384) -> bytes:
    """A 38-byte lossless WebP declaring 16384 × 16384 pixels."""
    bits = (w - 1) | ((h - 1) << 14)
    payload = b"\x2f" + bits.to_bytes(4, "little") + b"\x00" * 8
    chunk = b"VP8L" + struct.pack("<I", len(payload)) + payload
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def webp_extended(w=16384, h=16384) -> bytes:
    vp8x = b"VP8X" + struct.pack("<I", 10) + b"\x00\x00\x00\x00" + (w - 1).to_bytes(3, "little") \
        + (h - 1).to_bytes(3, "little")
    lossless = webp_lossless(w, h)[12:]
    body = b"WEBP" + vp8x + lossless
    return b"RIFF" + struct.pack("<I", len(body)) + body


#: A complete lossless WebP of 16383 × 16383 black pixels (10 KB; stored deflated): every decoder
#: that is handed it allocates and fills 0.8-1 GB.
_BLACK_WEBP = ("eNrtxiEKwlAAANAFQZfmPIBhQQyCdVlwMDAMg57BU6zqqXYETQZBDBazRRTn12sIrzzesiyKfBxF6/msWlX5YvL79NOEpNtP2+Qax4N3"
               "cx6mu2NvtHmFcNreQicq76HuZ9khPPd1aB8XAAAAAAAAAAAAAAAAAADwT4QvWNSlLQ==")


def webp_complete() -> bytes:
    import base64
    return zlib.decompress(base64.b64decode(_BLACK_WEBP))


def _tiff(entries: list[tuple[int, int, int]], data: bytes) -> bytes:
    """Little-endian TIFF: one IFD of SHORT/LONG single values, pixel data at offset 8."""
    ifd_at = 8 + len(data)
    ifd = struct.pack("<H", len(entries))
    for tag, kind, value in sorted(entries):
        ifd += struct.pack("<HHI", tag, kind, 1) + (struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value))
    return b"II*\x00" + struct.pack("<I", ifd_at) + data + ifd + b"\x00\x00\x00\x00"


def tiff(w=SIDE, h=SIDE, rows_per_strip=1000) -> bytes:
    """A complete deflate-compressed RGB TIFF of black pixels: every strip points at the same
    compressed bytes (about 90 KB for 30000 × 30000)."""
    strip = zlib.compress(b"\x00" * (w * 3 * rows_per_strip), 9)
    n = -(-h // rows_per_strip)
    arrays_at = 8 + len(strip)
    arrays = struct.pack(f"<{n}I", *([8] * n)) + struct.pack(f"<{n}I", *([len(strip)] * n))
    entries = [(256, 4, w, 1), (257, 4, h, 1), (258, 3, 8, 1), (259, 3, 8, 1), (262, 3, 2, 1),
               (273, 4, arrays_at, n), (277, 3, 3, 1), (278, 4, rows_per_strip, 1), (279, 4, arrays_at + 4 * n, n)]
    ifd_at = arrays_at + len(arrays)
    ifd = struct.pack("<H", len(entries))
    for tag, kind, value, count in entries:
        inline = struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value)
        ifd += struct.pack("<HHI", tag, kind, count) + inline
    return b"II*\x00" + struct.pack("<I", ifd_at) + strip + arrays + ifd + b"\x00\x00\x00\x00"


def tiff_big_tiles(w=64, h=64, tile=16384) -> bytes:
    """A small TIFF whose tiles are declared 16384 × 16384 (each tile is decoded whole)."""
    strip = zlib.compress(b"\x00" * 4096)
    return _tiff([(256, 4, w), (257, 4, h), (258, 3, 8), (259, 3, 8), (262, 3, 2), (277, 3, 3),
                  (322, 4, tile), (323, 4, tile), (324, 4, 8), (325, 4, len(strip))], strip)


def gif(w=65535, h=65535, frame=(1, 1)) -> bytes:
    """A GIF whose logical screen is ``w`` × ``h`` and whose one frame is ``frame``."""
    fw, fh = frame
    header = b"GIF89a" + struct.pack("<HHBBB", w, h, 0x80, 0, 0) + b"\x00\x00\x00\xff\xff\xff"
    image = b"\x2c" + struct.pack("<HHHHB", 0, 0, fw, fh, 0) + b"\x02\x02\x44\x01\x00"
    return header + image + b"\x3b"


def jpeg(w=SIDE, h=SIDE) -> bytes:
    """A real small JPEG whose frame header is rewritten to ``w`` × ``h``."""
    import cv2
    data = bytearray(cv2.imencode(".jpg", np.full((64, 64, 3), 128, np.uint8))[1].tobytes())
    i = 2
    while data[i + 1] not in (0xC0, 0xC1, 0xC2):
        i += 2 + int.from_bytes(data[i + 2:i + 4], "big")
    data[i + 5:i + 9] = struct.pack(">HH", h, w)
    return bytes(data)


def pnm(w=SIDE, h=SIDE) -> bytes:
    return f"P6\n{w} {h}\n255\n".encode() + b"\x00" * 64


def sun_raster(w=SIDE, h=SIDE) -> bytes:
    return struct.pack(">IIIIIIII", 0x59A66A95, w, h, 24, 0, 1, 0, 0) + b"\x00" * 64


#: name -> builder of a bomb; every one must be refused before decoding.
BOMBS = {"png": png, "bmp_rle": bmp_rle, "bmp_os2": bmp_os2, "webp_lossless": webp_lossless,
         "webp_extended": webp_extended, "webp_complete": webp_complete, "tiff": tiff, "tiff_big_tiles": tiff_big_tiles, "gif_screen": gif,
         "gif_frame": lambda: gif(64, 64, frame=(65535, 65535)), "jpeg": jpeg, "pnm": pnm,
         "sun_raster": sun_raster}


def good(fmt: str, w: int = 64, h: int = 48) -> bytes:
    """A small real image in ``fmt`` (Pillow's format name)."""
    from PIL import Image
    out = io.BytesIO()
    img = Image.new("RGB", (w, h), (10, 200, 90))
    img.putpixel((3, 3), (255, 0, 0))
    img.save(out, fmt)
    return out.getvalue()


def motion_photo(w: int = 64, h: int = 48, trailer: int = 200_000) -> bytes:
    """A JPEG followed by a video, as phones write motion photos (the JPEG's end marker is far
    from the end of the file)."""
    rng = np.random.default_rng(0)
    video = b"\x00\x00\x00\x18ftypmp42" + rng.integers(0, 256, trailer, np.uint8).tobytes().replace(b"\xff\xd9", b"\xff\x00")
    return good("JPEG", w, h) + video
