"""Small builders shared by the web UI tests."""
from __future__ import annotations

import io
import struct
import zlib


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` × ``height`` pixels, with a tiny (truncated) pixel
    stream: the cheap way to send a 'huge' image without building one."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 1024)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def jpeg_bytes(width: int = 64, height: int = 48) -> bytes:
    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 180, 120)).save(out, "JPEG")
    return out.getvalue()


WIN = "123m456p789s11z22z 2z"          # a complete hand: three chows, a pung of South, pair of East
NOT_COMPLETE = "124m456p789s11z22z 2z"  # 14 tiles, no complete reading
