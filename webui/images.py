"""Defensive decoding of uploaded photos (docs/webui.md).

The byte size is capped by Flask's ``MAX_CONTENT_LENGTH``; here the pixel count is read from the
header and checked *before* the pixels are decoded, the format is sniffed from the first bytes
(not the file name), decoding errors of any kind become :class:`vision.ImageError` with a
message a person can act on, and the image is re-encoded so that the stored copy carries no
metadata from the upload.
"""
from __future__ import annotations

import io
import logging
import warnings
from dataclasses import dataclass

from vision import decode as vision_decode
from vision.errors import ImageError

#: Long side of the copy that is read and stored; phone photos are larger than tiles need.
MAX_SIDE = 3000
#: What to do with a picture over the limits (said after them)
TOO_LARGE_ADVICE = ("take it at 12 megapixels (the camera's 48-megapixel or high-resolution mode off), or send a "
                    "smaller copy")

_PILLOW_FORMAT = {"jpeg": "JPEG", "png": "PNG", "webp": "WEBP", "bmp": "BMP", "tiff": "TIFF", "gif": "GIF",
                  "heif": "HEIF"}


@dataclass
class Photo:
    jpeg: bytes          # re-encoded copy (what the review page shows; same pixels grid as read)
    width: int
    height: int
    rgb: object          # numpy array H×W×3, uint8, RGB
    for_reader: bytes = b""  # what the reader is given: the upload itself when it needed no
                             # rotation or scaling (so the API answers as `mjtable read` does)
    source_width: int = 0    # the upload's own size, upright, before scaling to MAX_SIDE
    source_height: int = 0
    damage: str | None = None  # what is wrong in an upload decoded anyway (a corrupt JPEG)

    def record(self) -> dict:
        return {"jpeg": self.jpeg, "width": self.width, "height": self.height}


def sniff(data: bytes) -> str | None:
    """Pillow's name of the format the first bytes name (None when not an accepted image)."""
    try:
        return _PILLOW_FORMAT[vision_decode.sniff(data)]
    except ImageError:
        return None


def header_size(data: bytes, kind: str | None = None) -> tuple[int, int] | None:
    """Width and height from the file header, without decoding (None when not found)."""
    try:
        header = vision_decode.read_header(data)
    except ImageError:
        return None
    return header.width, header.height


def eight_bit(img):
    """A grey picture of 16 bits (PNG, TIFF: Pillow's modes I;16 and I) or of floats brought to 8
    bits as OpenCV brings them for the reader: ``convert("RGB")`` clips every level over 255, and a
    16-bit grey photo was shown and read as a white page."""
    from PIL import Image
    import numpy as np
    if not (img.mode.startswith("I") or img.mode == "F"):
        return img
    # one float32 copy, worked in place: float64 and its copies took 1 GB for a 40-MP grey picture
    levels = np.array(img, dtype=np.float32)
    top = 255.0 if img.mode == "F" and levels.max(initial=0) <= 1.0 else 65535.0
    np.multiply(levels, np.float32(255.0 / top), out=levels)
    np.clip(levels, 0, 255, out=levels)
    np.rint(levels, out=levels)
    return Image.fromarray(levels.astype(np.uint8), "L")


def _jpeg_reduction(data: bytes, max_pixels: int):
    """(by how much, 2 or 4, the JPEG ``data`` over ``max_pixels`` is decoded to come within it, its
    header); (1, None) where it is not a JPEG, or too large even at a quarter."""
    try:
        if len(data) > vision_decode.MAX_BYTES:
            return 1, None
        header = vision_decode.read_header(data)
    except ImageError:
        return 1, None
    # as the reader reduces (``vision.decode.decode_image``): a file with the bytes of a photo that
    # size, not a small one whose header claims a giant (decoded at any scale, its blocks take time)
    if header.format != "jpeg" or len(data) < vision_decode.REDUCE_MIN_BYTES_PER_PIXEL * header.width * header.height:
        return 1, None
    for factor in (2, 4):      # a phone's 48 to 200 MP
        if (header.width // factor) * (header.height // factor) <= max_pixels:
            return factor, header
    return 1, None


def _decoded_by_reader(data: bytes, max_pixels: int):
    """``data`` decoded by the reader's decoder (``vision.decode``), as an RGB Pillow picture, or
    None where it cannot decode it either."""
    from PIL import Image
    import numpy as np
    try:
        decoded = vision_decode.decode_image(data, max_pixels=max_pixels)
    except (ImageError, MemoryError):
        return None
    return Image.fromarray(np.ascontiguousarray(decoded.image[:, :, ::-1]))


def decode(data: bytes, max_pixels: int) -> Photo:
    """Decode an uploaded image or raise :class:`ImageError`."""
    from PIL import Image, ImageOps
    import numpy as np

    # The image gate: format sniffed, pixel size read from the header and checked, before Pillow
    # (or the reader's OpenCV) decodes anything.
    reduce = 1
    try:
        data, header = vision_decode.check_image(data, max_pixels=max_pixels, min_side=1)
    except ImageError as e:
        # a JPEG over the limit decoded at the DCT reduction that brings it within it, as the
        # reader decodes it (`mjtable read` read a phone's 48-MP photo the API refused)
        reduce, header = _jpeg_reduction(data, max_pixels) if e.code == "too_large" else (1, None)
        if reduce == 1 and e.code == "too_large":
            # the limit alone was a dead end: a phone's 48-megapixel photo (8064 × 6048), which a
            # browser that cannot decode HEIC sends as it is, is how players meet it
            raise ImageError(e.code, e.message + "; " + TOO_LARGE_ADVICE) from None
        if reduce == 1:
            raise
    kind = _PILLOW_FORMAT[header.format]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            if header.format == "heif":       # turned as the file says while it is decoded
                img = Image.fromarray(vision_decode.decode_heif(data, header)[:, :, ::-1])
            elif reduce > 1:
                with warnings.catch_warnings():     # its reduced size is what is checked, below
                    warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                    img = Image.open(io.BytesIO(data), formats=[kind])
                img.draft("RGB", (img.size[0] // reduce, img.size[1] // reduce))
            else:
                img = Image.open(io.BytesIO(data), formats=[kind])
            width, height = img.size
            if width <= 0 or height <= 0:
                raise ImageError("broken", "the image has no pixels")
            vision_decode.check_size(width, height, max_pixels, min_side=1)
            img.load()
            try:
                upright = img.getexif().get(0x0112, 1) in (0, 1)   # EXIF Orientation
            except Exception:  # a broken EXIF block: rotate nothing, re-encode
                upright = False
            img = ImageOps.exif_transpose(img)
            # 16 bits to 8 first: a 16-bit grey PNG with a transparent level was made RGBA clipped white
            img = eight_bit(img)
            if img.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in img.info:
                # transparent parts on white, as the reader lays them (vision.decode): a cut-out
                # tile picture showed on black
                img = img.convert("RGBA")
                if img.getchannel("A").getextrema()[1] == 0:
                    raise vision_decode.transparent_image()
                white = Image.new("RGBA", img.size, (255, 255, 255, 255))
                img = Image.alpha_composite(white, img)
            img = img.convert("RGB")
    except ImageError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageError("too_large", f"the image is larger than {max_pixels / 1e6:.0f} megapixels") from None
    except MemoryError:
        raise ImageError("too_large", "the image is too large to decode") from None
    except Exception as e:  # Pillow raises OSError, SyntaxError, ValueError, struct.error...
        # the decoder's own error is for the log, not the player
        logging.getLogger(__name__).info("undecodable %s upload: %s: %s", kind, type(e).__name__, e)
        # a JPEG Pillow gives up on ("broken data stream") the reader's decoder may read past its
        # damage, as `mjtable read` reads it, with the damage said (130 of 300 photos damaged after
        # their tiles were refused here and read whole there)
        img = _decoded_by_reader(data, max_pixels) if header.format == "jpeg" else None
        if img is None:
            raise ImageError("broken", f"the {kind} image is damaged or truncated and cannot be decoded") from None
        upright = False         # the reader is given the copy decoded here (OpenCV turned it by its EXIF)
        reduce = max(reduce, 2) if max(img.size) < max(header.width, header.height) else reduce
    source_size = img.size
    if reduce > 1:
        # the photo's own size, turned as the picture was: taken after a reduced decoding, the
        # API's boxes came back at a half or a quarter of the photo's pixels
        w, h = header.width, header.height
        source_size = (w, h) if (img.size[0] >= img.size[1]) == (w >= h) else (h, w)
    scaled = max(img.size) > MAX_SIDE
    if scaled and min(img.size) * MAX_SIDE / max(img.size) < vision_decode.MIN_SIDE:
        # said of the picture sent: "the image is 3000×15 pixels" named a size the player never had
        raise ImageError("too_small", f"the image is {source_size[0]}×{source_size[1]} pixels: a strip too narrow to "
                         f"read once its long side is brought to {MAX_SIDE} pixels (its short side then under "
                         f"{vision_decode.MIN_SIDE}): crop it to the tiles")
    if scaled:
        img.thumbnail((MAX_SIDE, MAX_SIDE), Image.LANCZOS)
    out = io.BytesIO()
    img.save(out, "JPEG", quality=90)
    jpeg = out.getvalue()
    # a HEIC is decoded once (libheif takes about a second for 12 MP): the reader gets the copy
    for_reader = data if (upright and not scaled and reduce == 1 and header.format != "heif") else jpeg
    # Pillow decodes a corrupt JPEG with grey or garbled parts and says nothing; the reader's
    # decoder says it of the upload only when it is given the upload itself
    damage = vision_decode.jpeg_damage(data) if header.format == "jpeg" and for_reader is not data else None
    if damage is None and for_reader is not data:       # the reader says it of the upload itself
        damage = vision_decode.animation_note(data, header.format)
    return Photo(jpeg, img.size[0], img.size[1], np.asarray(img), for_reader=for_reader,
                 source_width=source_size[0], source_height=source_size[1], damage=damage)
