"""Defensive image decoding: every failure becomes ``ImageError(code, message)``.

Limits: file size (bytes) and pixel count are checked before full decoding, from the header
where possible, so a hostile file cannot make the decoder allocate gigabytes."""
from __future__ import annotations

import os
from dataclasses import dataclass

import cv2
import numpy as np

from .errors import ImageError

MAX_BYTES = 40 * 1024 * 1024
MAX_PIXELS = 50_000_000      # 50 MP (a 12 MP phone photo is well within)
MIN_SIDE = 16

_MAGIC = ((b"\xff\xd8\xff", "jpeg"), (b"\x89PNG\r\n\x1a\n", "png"), (b"RIFF", "webp"), (b"BM", "bmp"),
          (b"II*\x00", "tiff"), (b"MM\x00*", "tiff"))


@dataclass
class DecodedImage:
    image: np.ndarray     # BGR, possibly decoded at a reduced size
    scale: float          # original pixels per pixel of ``image``


def _read_bytes(source) -> bytes:
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
    else:
        path = os.fspath(source)
        try:
            size = os.path.getsize(path)
        except OSError as exc:
            raise ImageError("not_found", f"cannot read {path}: {exc.strerror or exc}") from None
        if size > MAX_BYTES:
            raise ImageError("too_large", f"file is {size} bytes, over the {MAX_BYTES}-byte limit")
        with open(path, "rb") as f:
            data = f.read()
    if len(data) == 0:
        raise ImageError("empty", "the file is empty")
    if len(data) > MAX_BYTES:
        raise ImageError("too_large", f"data is {len(data)} bytes, over the {MAX_BYTES}-byte limit")
    return data


def _format(data: bytes) -> str:
    for magic, name in _MAGIC:
        if data.startswith(magic):
            return name
    raise ImageError("not_an_image", "the data is not a JPEG, PNG, WebP, BMP or TIFF image")


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a JPEG's SOF marker, without decoding."""
    i, n = 2, len(data)
    while i + 9 < n:
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
            i += 1 if marker == 0xFF else 2
            continue
        seg = int.from_bytes(data[i + 2:i + 4], "big")
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            h = int.from_bytes(data[i + 5:i + 7], "big")
            w = int.from_bytes(data[i + 7:i + 9], "big")
            return w, h
        i += 2 + seg
    return None


def _png_size(data: bytes) -> tuple[int, int] | None:
    if len(data) >= 24 and data[12:16] == b"IHDR":
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return None


def _check_size(w: int, h: int) -> None:
    if w * h > MAX_PIXELS:
        raise ImageError("too_large", f"image is {w}x{h} pixels, over the {MAX_PIXELS}-pixel limit")
    if min(w, h) < MIN_SIDE:
        raise ImageError("too_small", f"image is {w}x{h} pixels, under {MIN_SIDE} pixels a side")


def decode_image(source, min_long_side: int | None = None) -> DecodedImage:
    """Decode a path, bytes or an already-decoded BGR array.

    With ``min_long_side``, a large JPEG is decoded at 1/2, 1/4 or 1/8 size (the decoder's fast
    DCT reduction) as long as its long side stays at least ``min_long_side``; ``scale`` says by
    how much, so boxes can be given in the original image's pixels."""
    if isinstance(source, np.ndarray):
        img = source
        if img.ndim == 2:
            img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
        elif img.ndim == 3 and img.shape[2] == 4:
            img = cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
        if img.ndim != 3 or img.shape[2] != 3 or img.dtype != np.uint8:
            raise ImageError("bad_array", f"expected an HxWx3 uint8 BGR array, got {img.dtype} {img.shape}")
        _check_size(img.shape[1], img.shape[0])
        return DecodedImage(img, 1.0)
    data = _read_bytes(source)
    fmt = _format(data)
    size = _jpeg_size(data) if fmt == "jpeg" else _png_size(data) if fmt == "png" else None
    if fmt == "jpeg" and size is None:
        raise ImageError("truncated", "the JPEG has no frame header (truncated or damaged)")
    if size:
        _check_size(*size)
    if fmt == "jpeg" and b"\xff\xd9" not in data[-4096:]:
        raise ImageError("truncated", "the JPEG is truncated (no end-of-image marker)")
    factor = 1
    if fmt == "jpeg" and min_long_side and size:
        while factor < 8 and max(size) / (factor * 2) >= min_long_side:
            factor *= 2
    flag = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
            8: cv2.IMREAD_REDUCED_COLOR_8}[factor]
    img = cv2.imdecode(np.frombuffer(data, np.uint8), flag)
    if img is None:
        raise ImageError("undecodable", f"the {fmt} data could not be decoded")
    if size is None:
        _check_size(img.shape[1], img.shape[0])
    width = size[0] if size else img.shape[1]
    return DecodedImage(img, width / img.shape[1])
