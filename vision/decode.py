"""Defensive image decoding: every failure becomes ``ImageError(code, message)``.

The image gate (:func:`check_image`) is the one door every photo goes through (web upload, JSON
API, calibration upload, the CLI): the byte size is checked, the format is sniffed from the
first bytes (never the file name), and the pixel size is read from the header and refused
above the limit *before* any decoder sees the data, so a 1 KB file that declares 30000 × 30000
pixels cannot make OpenCV or Pillow allocate gigabytes.

Accepted formats are those whose headers are parsed here: JPEG, HEIC (decoded by pillow-heif,
not OpenCV), PNG, WebP, BMP (RLE included), TIFF and GIF. The other formats OpenCV can decode
(AVIF, JPEG 2000, PNM/PAM/PFM, Sun raster, Radiance HDR, BigTIFF) are refused by name before
decoding rather than passed through unchecked.
"""
from __future__ import annotations

import os
import re
import struct
import sys
import tempfile
import threading
from dataclasses import dataclass

import cv2
import numpy as np

from .errors import ImageError

# OpenCV's own log lines ("[ERROR:0@0.96] global loadsave.cpp ... imdecode_") went to the terminal
# before the reader's one clear error: a file it cannot decode is said by ImageError alone
cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)

MAX_BYTES = 40 * 1024 * 1024
MAX_PIXELS = 50_000_000      # 50 MP (a 12 MP phone photo is well within)
#: A JPEG over MAX_PIXELS is decoded reduced (1/2 to 1/8) when it holds at least this many bytes a
#: pixel: a phone's 8000 × 8000 photo holds about 0.09, a header rewritten to claim 900 MP over a
#: kilobyte of data (tests/vision/image_bombs.py) a millionth, refused undecoded as before.
REDUCE_MIN_BYTES_PER_PIXEL = 0.01
MIN_SIDE = 16
#: Said after a file found empty or cut short
SEND_AGAIN = "the file was cut short while sent or saved: send or export the photo again"
SEND_EMPTY_AGAIN = "send or export the photo again"
#: A picture whose long side is over this many times its short side is refused: the web app's
#: bound (its short side under MIN_SIDE once the long side is brought to 3000 pixels), for the
#: reader everywhere
MAX_ASPECT = 3000 / MIN_SIDE
#: TIFF: samples per pixel and bits per sample the decoders are allowed to expand (4 × 16 bits:
#: 8 bytes a pixel at most, so the pixel limit bounds the decoded size too).
MAX_TIFF_SAMPLES = 4
MAX_TIFF_BITS = 16

ACCEPTED = "JPEG, HEIC, PNG, WebP, BMP, TIFF or GIF"


@dataclass(frozen=True)
class ImageHeader:
    format: str           # "jpeg", "png", "webp", "bmp", "tiff", "gif"
    width: int
    height: int


@dataclass
class DecodedImage:
    image: np.ndarray     # BGR, possibly decoded at a reduced size
    scale: float          # original pixels per pixel of ``image``
    damage: str | None = None   # what the decoder found wrong in a file it decoded anyway


#: What libjpeg and libpng write on the process's stderr (C code: no Python warning, no return
#: value) while OpenCV decodes; those of a decoder that went on past damaged data.
_DECODER_LINE = re.compile(r"^(Corrupt JPEG data|Premature end of JPEG file|Invalid SOS|Bogus |Unsupported marker"
                           r"|Warning: |libpng (warning|error)|JPEG datastream)")
# ("Invalid SOS parameters" is not among them: some cameras' good files raise it)
_DAMAGE_LINE = re.compile(r"^(Corrupt JPEG data|Premature end of JPEG file|Bogus )")
_STDERR_LOCK = threading.Lock()


def _imdecode_quietly(data: bytes, flag: int) -> tuple[np.ndarray | None, str | None]:
    """``cv2.imdecode`` with the decoders' own messages kept off the terminal: the image (None
    when it cannot be decoded) and the first message that says the data is damaged (libjpeg
    decodes a corrupt JPEG with grey or garbled parts and only prints "Corrupt JPEG data" on
    stderr, before the reader's result; libpng printed its CRC error before the one clear
    error). Other threads' lines written meanwhile are given back to stderr afterwards."""
    with _STDERR_LOCK:
        try:
            sys.stderr.flush()
        except (AttributeError, OSError, ValueError):
            pass
        try:
            caught = tempfile.TemporaryFile()
        except OSError:     # no temporary folder to write in: decoded as before, its lines left as they are
            return _imdecode(data, flag), None
        with caught:
            try:
                saved = os.dup(2)
            except OSError:     # no stderr to redirect (a daemon's closed fd 2): decode as it is
                return _imdecode(data, flag), None
            try:
                os.dup2(caught.fileno(), 2)
                try:
                    img = _imdecode(data, flag)
                finally:
                    os.dup2(saved, 2)
            finally:
                os.close(saved)
            caught.seek(0)
            text = caught.read().decode("utf-8", "replace")
    damage, others = None, []
    for line in text.splitlines():
        if _DECODER_LINE.match(line):
            if damage is None and _DAMAGE_LINE.match(line):
                damage = line.strip()
        elif line:
            others.append(line)
    if others:
        try:
            os.write(2, ("\n".join(others) + "\n").encode())
        except OSError:     # stderr closed since: nothing to give them back to
            pass
    return img, damage


def _imdecode(data: bytes, flag: int) -> np.ndarray | None:
    try:
        return cv2.imdecode(np.frombuffer(data, np.uint8), flag)
    except cv2.error:
        return None


def _damage_text(fmt: str, said: str) -> str:
    return (f"the {fmt.upper()} file is damaged ({said}): parts of the photo may be grey or garbled; check the "
            "tiles read, or take the photo again")


def jpeg_damage(data: bytes) -> str | None:
    """What is wrong with a JPEG that decodes anyway (None when nothing is), said for the player:
    decoded at 1/8 size, which reads all of its data (about 35 ms for 12 MP). For a file that
    another decoder (Pillow, which says nothing of it) decodes for the page."""
    _, damage = _imdecode_quietly(data, cv2.IMREAD_REDUCED_GRAYSCALE_8)
    return _damage_text("jpeg", damage) if damage else None


def _read_bytes(source, max_bytes: int) -> bytes:
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
    else:
        path = os.fspath(source)
        name = os.path.basename(path) or path
        try:
            size = os.path.getsize(path)
            with open(path, "rb") as f:
                if size > max_bytes:
                    # what it is said first: a 45 MB video was told to shrink as a photo
                    sniff(f.read(512))
                    raise ImageError("too_large", f"{name} is {_mb(size)}, over the {_mb(max_bytes)} limit")
                data = f.read(max_bytes + 1)
        except OSError as exc:
            raise ImageError("not_found", f"cannot read {name}: {exc.strerror or exc}") from None
    if len(data) == 0:
        raise ImageError("empty", "the file is empty")
    if len(data) > max_bytes:
        sniff(data[:512])
        if not isinstance(source, (bytes, bytearray, memoryview)) or len(data) == max_bytes + 1:
            # read no further than the limit (a pipe, /dev/zero, standard input read so by the
            # command line): only that it is over is known ("40.0 MB, over the 40 MB limit")
            raise ImageError("too_large", f"the image is over the {_mb(max_bytes)} limit")
        raise ImageError("too_large", f"the image is {_mb(len(data))}, over the {_mb(max_bytes)} limit")
    return data


def _mb(n: int) -> str:
    """A size in megabytes as a person reads it ("41.9 MB", "40 MB"): the limit said in bytes
    ("41943040-byte") read as a fault of its own."""
    mb = n / (1024 * 1024)
    return f"{mb:.0f} MB" if mb == int(mb) else f"{mb:.1f} MB"


# ---- header parsers: (width, height) without decoding; ImageError when the header is damaged ----

def _damaged(fmt: str, what: str = "header") -> ImageError:
    return ImageError("truncated", f"the {fmt} {what} is truncated or damaged")


#: Scans a JPEG may have: a progressive photo of a camera or phone has about ten (libjpeg's
#: default script: 10); each scan is decoded over the whole picture, so a small file that repeats
#: one thousands of times held the decoder, and every other photo waiting for it, for minutes.
MAX_JPEG_SCANS = 100
# SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg_header(data: bytes) -> tuple[int, int]:
    """(width, height) from the frame header, after checking the image data is complete: an
    end-of-image marker follows the first scan. Data after that marker (a motion photo's video,
    a second picture) is allowed."""
    i, n = 2, len(data)
    size = None
    while i + 4 <= n:
        if data[i] != 0xFF:
            i += 1            # tolerate stray bytes between segments, as libjpeg does
            continue
        marker = data[i + 1]
        if marker == 0xFF:    # fill byte
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        if marker == 0xD9:
            break
        seg = int.from_bytes(data[i + 2:i + 4], "big")
        if seg < 2:
            raise _damaged("JPEG")
        if marker in _SOF:
            if i + 10 > n:
                raise _damaged("JPEG")
            h = int.from_bytes(data[i + 5:i + 7], "big")
            w = int.from_bytes(data[i + 7:i + 9], "big")
            components = data[i + 9]
            if components not in (1, 3, 4):
                raise ImageError("unsupported", f"a JPEG with {components} colour components is not a photo "
                                 "this app reads")
            size = (w, h)
        elif marker == 0xDA:  # start of scan: entropy-coded data follows
            if size is None:
                raise ImageError("truncated", "the JPEG has no frame header (truncated or damaged)")
            end = data.find(b"\xff\xd9", i + 2 + seg)
            if end < 0:
                raise ImageError("truncated", "the JPEG is truncated (no end-of-image marker)")
            # a scan's entropy-coded data stuffs every 0xFF byte (FF 00): FF DA up to the end of
            # the image is always another scan's marker
            scans = 1 + data.count(b"\xff\xda", i + 2 + seg, end)
            if scans > MAX_JPEG_SCANS:
                raise ImageError("unsupported", f"the JPEG has {scans} scans (a camera's have at most a dozen; "
                                 f"over {MAX_JPEG_SCANS}, its decoding would take minutes): save it again as a "
                                 "plain JPEG")
            return size
        i += 2 + seg
    if size is None:
        raise ImageError("truncated", "the JPEG has no frame header (truncated or damaged)")
    raise ImageError("truncated", "the JPEG is truncated (no image data)")


def _png_header(data: bytes) -> tuple[int, int]:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise _damaged("PNG")
    if data.rfind(b"IEND") == -1:
        # said before libpng sees it (it printed "libpng error: PNG input buffer is incomplete" on
        # the terminal, and the reader a vaguer "could not be decoded")
        raise ImageError("truncated", "the PNG is truncated (no end chunk)")
    return struct.unpack(">II", data[16:24])


def _webp_header(data: bytes) -> tuple[int, int]:
    if len(data) < 30:
        raise _damaged("WebP")
    chunk = data[12:16]
    if chunk == b"VP8 ":      # lossy: a key frame's start code, then 14-bit sizes
        if data[23:26] != b"\x9d\x01\x2a":
            raise _damaged("WebP")
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if chunk == b"VP8L":      # lossless: signature byte, then 14-bit sizes minus one
        if data[20] != 0x2F:
            raise _damaged("WebP")
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X":      # extended: 24-bit canvas sizes minus one
        return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    raise _damaged("WebP")


def _bmp_header(data: bytes) -> tuple[int, int]:
    if len(data) < 26:
        raise _damaged("BMP")
    dib = int.from_bytes(data[14:18], "little")
    if dib == 12:             # OS/2 BITMAPCOREHEADER: unsigned 16-bit sizes
        return struct.unpack("<HH", data[18:22])
    if dib < 40:
        raise _damaged("BMP")
    w, h = struct.unpack("<ii", data[18:26])
    return abs(w), abs(h)     # a negative height means top-down rows


_TIFF_TYPES = {3: ("H", 2), 4: ("I", 4)}   # SHORT, LONG


def _tiff_header(data: bytes) -> tuple[int, int]:
    """The first image's size from its IFD (the one the decoders read), after checking its
    samples, sample size and tile size: a tile is decoded whole, so it must fit the limit too."""
    end = "<" if data[:2] == b"II" else ">"
    try:
        (offset,) = struct.unpack(end + "I", data[4:8])
        (count,) = struct.unpack(end + "H", data[offset:offset + 2])
        tags = {}
        for k in range(count):
            at = offset + 2 + 12 * k
            tag, kind, n = struct.unpack(end + "HHI", data[at:at + 8])
            if kind not in _TIFF_TYPES or n == 0:
                continue
            code, width = _TIFF_TYPES[kind]
            if n * width <= 4:
                value_at = at + 8
            else:
                (value_at,) = struct.unpack(end + "I", data[at + 8:at + 12])
            # the first value; a repeated tag is ignored, as libtiff does
            tags.setdefault(tag, struct.unpack(end + code, data[value_at:value_at + width])[0])
    except struct.error:
        raise _damaged("TIFF") from None
    if 256 not in tags or 257 not in tags:
        raise _damaged("TIFF")
    w, h = tags[256], tags[257]
    samples, bits = tags.get(277, 1), tags.get(258, 1)
    if samples > MAX_TIFF_SAMPLES or bits > MAX_TIFF_BITS:
        raise ImageError("unsupported", f"a TIFF with {samples} samples of {bits} bits a pixel is not a photo "
                         f"this app reads (at most {MAX_TIFF_SAMPLES} samples of {MAX_TIFF_BITS} bits)")
    tile_w, tile_h = tags.get(322, 0), tags.get(323, 0)
    if tile_w * tile_h > MAX_PIXELS:
        raise ImageError("too_large", f"the TIFF's tiles are {tile_w}x{tile_h} pixels, over the "
                         f"{MAX_PIXELS}-pixel limit")
    return w, h


def _gif_header(data: bytes) -> tuple[int, int]:
    """The larger of the logical screen and the first frame's extent (decoders allocate either)."""
    if len(data) < 13:
        raise _damaged("GIF")
    screen_w, screen_h = struct.unpack("<HH", data[6:10])
    i = 13 + (3 * 2 ** ((data[10] & 7) + 1) if data[10] & 0x80 else 0)
    while i < len(data):
        block = data[i]
        if block == 0x21:                     # extension: label, then sub-blocks up to a 0 length
            i += 2
            while i < len(data) and data[i]:
                i += data[i] + 1
            i += 1
        elif block == 0x2C:                   # the first image descriptor
            if i + 9 > len(data):
                break
            left, top, w, h = struct.unpack("<HHHH", data[i + 1:i + 9])
            return max(screen_w, left + w), max(screen_h, top + h)
        else:
            break
    raise _damaged("GIF", "image")


def _boxes(data: bytes, start: int, end: int):
    """ISO base media boxes between ``start`` and ``end``: (type, body start, body end)."""
    i = start
    while i + 8 <= end:
        size, kind = struct.unpack(">I4s", data[i:i + 8])
        body = i + 8
        if size == 1:                     # a 64-bit size follows the type
            if body + 8 > end:
                raise _damaged("HEIF")
            size, body = struct.unpack(">Q", data[body:body + 8])[0], body + 8
        elif size == 0:                   # the box runs to the end
            size = end - i
        if size < body - i or i + size > end:
            raise _damaged("HEIF")
        yield kind, body, i + size
        i += size


def _child(data: bytes, start: int, end: int, kind: bytes) -> tuple[int, int]:
    for k, body, stop in _boxes(data, start, end):
        if k == kind:
            return body, stop
    raise _damaged("HEIF")


def _heif_header(data: bytes) -> tuple[int, int]:
    try:
        return _heif_size(data)
    except (IndexError, struct.error):        # a box cut short
        raise _damaged("HEIF") from None


def _heif_size(data: bytes) -> tuple[int, int]:
    """The primary image's size as decoded (its ``ispe`` property, turned by ``irot``), or the
    largest image the file declares when another one (a tile, a thumbnail) is larger: libheif
    allocates each image it decodes. HEIF (ISO/IEC 23008-12): ``meta`` holds ``pitm`` (the
    primary item) and ``iprp`` (``ipco``, the properties, and ``ipma``, which item has which)."""
    meta, meta_end = _child(data, 0, len(data), b"meta")
    meta += 4                                            # a full box: version and flags
    pitm, _ = _child(data, meta, meta_end, b"pitm")
    primary = struct.unpack(">H" if data[pitm] == 0 else ">I",
                            data[pitm + 4:pitm + (6 if data[pitm] == 0 else 8)])[0]
    iprp, iprp_end = _child(data, meta, meta_end, b"iprp")
    ipco, ipco_end = _child(data, iprp, iprp_end, b"ipco")
    properties = list(_boxes(data, ipco, ipco_end))
    ipma, ipma_end = _child(data, iprp, iprp_end, b"ipma")
    version, flags = data[ipma], int.from_bytes(data[ipma + 1:ipma + 4], "big")
    (count,), i = struct.unpack(">I", data[ipma + 4:ipma + 8]), ipma + 8
    owned: list[int] = []
    for _ in range(count):
        id_size = 2 if version < 1 else 4
        if i + id_size + 1 > ipma_end:
            raise _damaged("HEIF")
        item, n = int.from_bytes(data[i:i + id_size], "big"), data[i + id_size]
        i += id_size + 1
        size = 2 if flags & 1 else 1
        if i + n * size > ipma_end:
            raise _damaged("HEIF")
        if item == primary:
            mask = 0x7FFF if size == 2 else 0x7F      # the top bit says "essential"
            owned = [int.from_bytes(data[i + k * size:i + (k + 1) * size], "big") & mask for k in range(n)]
        i += n * size
    sizes = [struct.unpack(">II", data[body + 4:body + 12]) for kind, body, stop in properties
             if kind == b"ispe" and stop - body >= 12]
    size = turned = None
    for index in owned:                                  # 1-based; 0 means none
        if 0 < index <= len(properties):
            kind, body, stop = properties[index - 1]
            if kind == b"ispe" and stop - body >= 12:
                size = struct.unpack(">II", data[body + 4:body + 12])
            elif kind == b"irot" and stop > body:
                turned = data[body] & 1                   # a quarter or three quarters
    if size is None:
        raise _damaged("HEIF")
    largest = max(sizes, key=lambda wh: wh[0] * wh[1])
    if largest[0] * largest[1] > size[0] * size[1]:
        return largest
    return (size[1], size[0]) if turned else size


_PARSERS = {"jpeg": _jpeg_header, "png": _png_header, "webp": _webp_header, "bmp": _bmp_header,
            "tiff": _tiff_header, "gif": _gif_header, "heif": _heif_header}

#: ``ftyp`` brands of HEIF files with HEVC images (phones' HEIC photos). Other ISO base media
#: files (AVIF, video) are refused.
HEIF_BRANDS = {b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx"}

#: Formats OpenCV (or Pillow) would decode but whose headers are not parsed here: refused by name.
_REFUSED = ((b"II+\x00", "BigTIFF"), (b"MM\x00+", "BigTIFF"), (b"\x00\x00\x00\x0cjP  ", "JPEG 2000"),
            (b"\xffO\xffQ", "JPEG 2000"), (b"#?RADIANCE", "Radiance HDR"), (b"#?RGBE", "Radiance HDR"),
            (b"\x59\xa6\x6a\x95", "Sun raster"), (b"\xff\x0a", "JPEG XL"),
            (b"\x00\x00\x00\x0cJXL \r\n\x87\n", "JPEG XL"))
#: ``ftyp`` brands of videos (QuickTime, MP4: a phone's Live Photo or clip sent for its photo)
VIDEO_BRANDS = {b"qt  ", b"isom", b"iso2", b"mp41", b"mp42", b"avc1", b"M4V ", b"3gp4", b"3gp5"}


def sniff(data: bytes) -> str:
    """The format named by the first bytes; ImageError for anything not accepted."""
    if data[4:8] == b"ftyp":
        size = min(struct.unpack(">I", data[:4])[0], len(data))
        brands = {data[i:i + 4] for i in [8, *range(16, size - 3, 4)]}     # major, then compatible
        if brands & HEIF_BRANDS:
            return "heif"
        if brands & {b"avif", b"avis"}:
            raise ImageError("unsupported", f"AVIF images are not accepted: send a {ACCEPTED} image")
        if brands & VIDEO_BRANDS:
            # a Live Photo's video was told "not an image" alone
            raise ImageError("not_an_image", f"the file is a video, not a photo: send a {ACCEPTED} image (a Live "
                                             "Photo's still photo, not its video)")
        raise ImageError("not_an_image", f"the data is not a {ACCEPTED} image")
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"RIFF") and data[8:12] == b"WEBP":
        return "webp"
    if data.startswith(b"BM"):
        return "bmp"
    if data.startswith((b"II*\x00", b"MM\x00*")):
        return "tiff"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    for magic, name in _REFUSED:
        if data.startswith(magic):
            raise ImageError("unsupported", f"{name} images are not accepted: send a {ACCEPTED} image")
    if len(data) >= 3 and data[:1] == b"P" and data[1:2] in b"1234567Ff" and data[2:3].isspace():
        raise ImageError("unsupported", f"PNM/PFM images are not accepted: send a {ACCEPTED} image")
    # a document or drawing named as what it is: "the data is not a ... image" alone left a player
    # wondering why their file was not one
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if data.startswith(b"%PDF"):
        raise ImageError("not_an_image", f"the file is a PDF document, not a photo: send a {ACCEPTED} image "
                                         "(a screenshot or an export of the page holding the photo)")
    if head.startswith((b"<svg", b"<!doctype svg")) or head.startswith(b"<?xml") and b"<svg" in head:
        raise ImageError("not_an_image", f"the file is an SVG drawing, not a photo: send a {ACCEPTED} image")
    if head.startswith((b"<!doctype html", b"<html")):
        raise ImageError("not_an_image", f"the file is a web page, not a photo: open it and save the photo "
                                         f"itself (a {ACCEPTED} image)")
    raise ImageError("not_an_image", f"the data is not a {ACCEPTED} image")


def read_header(data: bytes) -> ImageHeader:
    """Format and pixel size from the header alone (nothing is decoded)."""
    fmt = sniff(data)
    w, h = _PARSERS[fmt](data)
    return ImageHeader(fmt, int(w), int(h))


def check_size(w: int, h: int, max_pixels: int | None = None, min_side: int | None = None) -> None:
    max_pixels = MAX_PIXELS if max_pixels is None else max_pixels
    min_side = MIN_SIDE if min_side is None else min_side
    if min(w, h) <= 0:
        # a damaged header, not a small picture: no image has a side of no pixels
        raise ImageError("broken", f"the image's header gives it {w}×{h} pixels: the file is damaged")
    if w * h > max_pixels:
        raise ImageError("too_large", f"the image is {w}×{h} pixels, over the {max_pixels}-pixel limit "
                         f"({max_pixels / 1e6:g} megapixels)")
    if min(w, h) < min_side:
        raise ImageError("too_small", f"the image is {w}×{h} pixels, under {min_side} pixels a side")
    if max(w, h) > MAX_ASPECT * min(w, h):
        # a 40000×16 strip stopped `mjtable read` with a traceback (brought to the detector's size,
        # its short side was no pixel); the web app refused it already, by the same bound
        raise ImageError("too_small", f"the image is {w}×{h} pixels: a strip too narrow to read (its long side over "
                         f"{int(MAX_ASPECT)} times its short side): crop it to the tiles")


def check_image(source, max_pixels: int | None = None, max_bytes: int | None = None,
                min_side: int | None = None) -> tuple[bytes, ImageHeader]:
    """The image gate: ``(data, header)`` for a path or bytes whose size (bytes, then pixels from
    the header) is within the limits, else ImageError. Call it before any decoder sees the data."""
    data, header = _bytes_and_header(source, max_bytes)
    check_size(header.width, header.height, max_pixels, min_side)
    return data, header


def _bytes_and_header(source, max_bytes: int | None) -> tuple[bytes, ImageHeader]:
    """A path's or bytes' data within ``max_bytes`` and its header, or ImageError."""
    try:
        data = _read_bytes(source, MAX_BYTES if max_bytes is None else max_bytes)
        return data, read_header(data)
    except ImageError as e:
        if e.code == "truncated":
            # what was wrong alone ("the JPEG is truncated") left the player with no way on
            raise ImageError(e.code, f"{e.message}; {SEND_AGAIN}") from None
        if e.code == "empty":
            raise ImageError(e.code, f"{e.message}; {SEND_EMPTY_AGAIN}") from None
        raise


def decode_image(source, min_long_side: int | None = None, max_pixels: int | None = None,
                 max_bytes: int | None = None) -> DecodedImage:
    """Decode a path, bytes or an already-decoded BGR array, through the image gate.

    With ``min_long_side``, a large JPEG is decoded at 1/2, 1/4 or 1/8 size (the decoder's fast
    DCT reduction) as long as its long side stays at least ``min_long_side``; ``scale`` says by
    how much, so boxes can be given in the original image's pixels. ``max_pixels`` and
    ``max_bytes``: the gate's limits (default ``MAX_PIXELS``, ``MAX_BYTES``)."""
    if isinstance(source, np.ndarray):
        img = source
        if img.ndim == 2:
            img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
        elif img.ndim == 3 and img.shape[2] == 4:
            img = cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
        if img.ndim != 3 or img.shape[2] != 3 or img.dtype != np.uint8:
            raise ImageError("bad_array", f"expected an HxWx3 uint8 BGR array, got {img.dtype} {img.shape}")
        if min(img.shape[:2]) == 0:     # no header here: "the image's header... the file is damaged" said of an array
            raise ImageError("bad_array", f"the array holds no pixels ({img.shape[1]}×{img.shape[0]})")
        check_size(img.shape[1], img.shape[0], max_pixels)
        return DecodedImage(img, 1.0)
    data, header = _bytes_and_header(source, max_bytes)
    size = (header.width, header.height)
    factor = 1
    if header.format == "jpeg":
        # a JPEG over the pixel limit is decoded at the DCT reduction that brings it within it
        # (libjpeg never holds the whole picture): a phone's 50-200 MP mode was refused by the
        # command line, which the web page read (the browser shrank it first)
        limit = MAX_PIXELS if max_pixels is None else max_pixels
        while (factor < 8 and (size[0] // factor) * (size[1] // factor) > limit
               and len(data) >= REDUCE_MIN_BYTES_PER_PIXEL * size[0] * size[1]):
            factor *= 2
    check_size(size[0] // factor, size[1] // factor, max_pixels)
    if header.format == "heif":
        return DecodedImage(*_reduced(decode_heif(data, header), min_long_side))
    if header.format == "jpeg" and min_long_side:
        factor = max(factor, _halvings(size, min_long_side))
    flag = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
            8: cv2.IMREAD_REDUCED_COLOR_8}[factor]
    img, damage = _imdecode_quietly(data, flag)
    if img is None:
        # as the web app's own decoder says it (webui.images): one code and message for one file
        raise ImageError("broken", f"the {header.format.upper()} image is damaged or truncated and cannot be decoded")
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    if header.format in ("png", "webp", "tiff"):
        img = _on_white(img, data)
    if header.format != "jpeg":
        img, _ = _reduced(img, min_long_side)
    # EXIF orientation may have turned a JPEG: the scale is the long side's.
    return DecodedImage(img, max(size) / max(img.shape[:2]),
                        _damage_text(header.format, damage) if damage else animation_note(data, header.format))


def animation_note(data: bytes, fmt: str) -> str | None:
    """What a player is told of an animation (a GIF, WebP or PNG of several frames): its first frame
    alone is read, which may not show the tiles (a trial's GIF opened on a black frame and was
    told "the photo is very dark"). None for a still picture."""
    if fmt == "gif":
        moving = _gif_frames(data, 2) >= 2
    elif fmt == "webp":
        moving = data[12:16] == b"VP8X" and len(data) > 20 and bool(data[20] & 0x02)      # VP8X's animation flag
    elif fmt == "png":
        at = data.find(b"IDAT")
        moving = b"acTL" in data[:at if at > 0 else 4096]       # APNG: its animation chunk before the frames
    else:
        moving = False
    if not moving:
        return None
    return (f"the {fmt.upper()} is an animation: its first frame alone was read; if the tiles are not in it, "
            "send the photo itself")


def _gif_frames(data: bytes, enough: int) -> int:
    """How many images the GIF ``data`` holds, counted up to ``enough`` (its blocks walked: a
    frame needs neither a loop nor a timing block), as far as the data is whole."""
    if len(data) < 13:
        return 0
    at = 13 + (3 << ((data[10] & 7) + 1) if data[10] & 0x80 else 0)      # after the global colour table
    frames = 0
    while at < len(data) and frames < enough:
        kind = data[at]
        if kind == 0x21:            # an extension: its label, then sub-blocks
            at += 2
        elif kind == 0x2C:          # an image: its descriptor, local colour table, LZW code size, sub-blocks
            frames += 1
            if at + 10 > len(data):
                break
            flags = data[at + 9]
            at += 10 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0) + 1
        else:                       # the trailer, or damage
            break
        while at < len(data) and data[at]:
            at += data[at] + 1
        at += 1
    return frames


def _halvings(size, min_long_side: int) -> int:
    """By how much (1, 2, 4 or 8) a picture of ``size`` may be brought down, its long side staying
    at least ``min_long_side`` and its short side at least MIN_SIDE (a 20000×100 strip was refused
    as "2500×13 pixels")."""
    factor = 1
    while factor < 8 and max(size) / (factor * 2) >= min_long_side and min(size) // (factor * 2) >= MIN_SIDE:
        factor *= 2
    return factor


def _reduced(img: np.ndarray, min_long_side: int | None) -> tuple[np.ndarray, float]:
    """(picture, scale): a decoded picture of another format than JPEG brought down by halves as a
    JPEG is decoded (its long side at least ``min_long_side``, its short side at least
    ``MIN_SIDE``), so that every format is read at the same size: a 49000 × 1000 PNG took
    `mjtable read` 29 s and 7.9 GB read whole, a 12 MP HEIC twice a JPEG's time."""
    factor = _halvings(img.shape[:2], min_long_side) if min_long_side else 1
    if factor == 1:
        return img, 1.0
    small = cv2.resize(img, (img.shape[1] // factor, img.shape[0] // factor), interpolation=cv2.INTER_AREA)
    return small, max(img.shape[:2]) / max(small.shape[:2])


def transparent_image() -> ImageError:
    """The refusal of an image transparent everywhere: it shows nothing ("no tiles found" left
    the player looking for a reading fault)."""
    return ImageError("empty", "the image is fully transparent: it shows nothing to read")


def _on_white(img: np.ndarray, data: bytes) -> np.ndarray:
    """``img`` (decoded without its alpha) with its transparent parts laid on white: the colour
    under a transparent pixel is most often black, and tile artwork cut out on a transparent
    background was read against black (a 14-tile row read as 13, no hand)."""
    raw, _ = _imdecode_quietly(data, cv2.IMREAD_UNCHANGED)
    if raw is None or raw.ndim != 3 or raw.shape[2] != 4 or raw.shape[:2] != img.shape[:2]:
        return img      # no alpha, or turned by its EXIF orientation: left as decoded
    alpha = raw[:, :, 3:].astype(np.float32) / (65535.0 if raw.dtype == np.uint16 else 255.0)
    if alpha.min() >= 1.0:
        return img
    if alpha.max() <= 0.0:
        raise transparent_image()
    return (img.astype(np.float32) * alpha + 255.0 * (1.0 - alpha) + 0.5).astype(np.uint8)


def heif_library():
    """pillow_heif, set to decode the primary image alone (no thumbnails, depth or other
    auxiliary images); ImageError when it is not installed."""
    try:
        import pillow_heif
    except ImportError:
        raise ImageError("unsupported", "HEIC images need the pillow-heif package "
                         "(pip install pillow-heif), or send a JPEG") from None
    pillow_heif.options.THUMBNAILS = pillow_heif.options.DEPTH_IMAGES = pillow_heif.options.AUX_IMAGES = False
    return pillow_heif


def decode_heif(data: bytes, header: ImageHeader) -> np.ndarray:
    """A HEIC photo's primary image as BGR, turned as the file says (``irot``, ``imir``: the
    camera's orientation lives there, not in EXIF)."""
    pillow_heif = heif_library()
    try:
        heif = pillow_heif.open_heif(data, convert_hdr_to_8bit=True)
        rgb = np.asarray(heif.to_pillow().convert("RGB"))
    except MemoryError:
        raise ImageError("too_large", "the image is too large to decode") from None
    except Exception:     # libheif's errors (ValueError, RuntimeError...) say a damaged file
        raise ImageError("broken", "the HEIF image is damaged or truncated and cannot be decoded") from None
    # a clean aperture (``clap``) may crop it; larger than its header says is a damaged file
    if rgb.shape[0] * rgb.shape[1] > header.width * header.height:
        raise ImageError("broken", f"the HEIF image decodes to {rgb.shape[1]}×{rgb.shape[0]} pixels, "
                         f"more than the {header.width}×{header.height} its header gives: the file is damaged")
    return cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)
