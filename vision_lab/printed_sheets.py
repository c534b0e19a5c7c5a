"""A labelled photo folder with a printed sheet lying beside its tiles: a score sheet (a ruled grid
of names and numbers), a page of the rules, a booklet's cover (Latin words, digits, Chinese
characters, in print, brush and ballpoint colours), turned and seen a little in perspective,
lit as the photo is, wherever it covers no labelled tile. Labels unchanged; the sheets' corners
in ``sheets.json`` (image name: four [x, y] points), so that what is read on them is known to be
no tile.

    python -m vision_lab.printed_sheets ../shared/data/chinese-mahjong-detection/valid --out build/sheets/valid

Why: a club logs its games on a score sheet beside the hand; a probe found both detectors boxing
the sheet's letters as tiles (0.3-0.77 sure) and the valid photos with a sheet read at 67.9 %
precision (docs/experiments.md, "Printed text beside the tiles"). Made from the same photos, not
an unseen set: it measures what a sheet of print adds to a photo. A photo with no free place
for a sheet is left out of the copy."""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from .capture_settings import folder_copy_main, labelled_copy
from .datasets import yolo_rows

#: Latin fonts (Debian fonts-dejavu-core, installed with matplotlib's and Pillow's users); the
#: CJK fonts are the procedural faces' (vision_lab.synth.procedural.cjk_fonts).
LATIN_FONTS = ("DejaVuSans.ttf", "DejaVuSerif.ttf", "DejaVuSansMono.ttf", "DejaVuSans-Bold.ttf",
               "DejaVuSerif-Bold.ttf", "DejaVuSansCondensed.ttf")
WORDS = ("East South West North Ann Bob Cy Di Eve Fay Gus total round hand points dealer win self draw "
         "discard riichi pung chow kong pair fan fu dora honba bonus flower season score game table "
         "Thursday club rules limit all 8 16 24 32 48 64 88 -8 -16 +24 +32 1000 2000 3900 8000 12000").split()
HANZI = "東南西北中發白一二三四五六七八九十萬筒條索局和自摸番点分圈莊家胡碰吃槓花季春夏秋冬總計"
#: A sheet's size in median tiles (the labelled boxes' longer side): width, height.
SHEET_TILES = ((3.0, 8.0), (2.0, 6.0))
#: Its glyphs' height over that tile length, drawn log-uniformly: a printed page's 3-4 mm letters
#: beside 25-30 mm tiles are 0.12-0.15; a heading, handwriting or a booklet's title larger.
GLYPH_SHARE = (0.12, 0.6)
TURN_DEGREES = 35.0
#: The sheets' corners, beside the images.
SHEETS_FILE = "sheets.json"
INKS_BGR = ((25, 25, 25), (40, 40, 40), (140, 50, 20), (30, 30, 170), (90, 60, 20))


@lru_cache(maxsize=1)
def latin_fonts() -> tuple[str, ...]:
    found = []
    for root in (Path("/usr/share/fonts"), Path("/usr/local/share/fonts")):
        if root.is_dir():
            found += sorted(str(p) for p in root.rglob("*.ttf") if p.name in LATIN_FONTS)
    return tuple(found)


@lru_cache(maxsize=128)
def _font(path: str, index: int, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, px, index=index)


def _line_of_text(rng, px: int) -> tuple[ImageFont.FreeTypeFont, str]:
    from .synth.procedural import cjk_fonts
    cjk, latin = cjk_fonts(), latin_fonts()
    if cjk and (rng.random() < 0.4 or not latin):
        path, index, _ = cjk[int(rng.integers(len(cjk)))]
        return _font(path, index, px), "".join(rng.choice(list(HANZI)) for _ in range(int(rng.integers(2, 12))))
    if not latin:
        raise FileNotFoundError("no DejaVu or CJK font under /usr/share/fonts: printed sheets need "
                                "fonts-dejavu-core (and fonts-noto-cjk for Chinese characters)")
    return _font(latin[int(rng.integers(len(latin)))], 0, px), " ".join(
        str(rng.choice(WORDS)) for _ in range(int(rng.integers(1, 7))))


def sheet_picture(rng, width: int, height: int, glyph_px: int) -> np.ndarray:
    """A sheet of ``width`` x ``height`` px (BGR): lines of words, numbers and characters, or a
    score sheet's ruled grid with a name or a number in its cells, its letters ``glyph_px`` tall."""
    paper = tuple(int(v) for v in rng.integers(215, 256, 3)) if rng.random() < 0.85 else \
        tuple(int(v) for v in rng.integers(120, 256, 3))        # a booklet's coloured cover
    img = Image.new("RGB", (width, height), paper[::-1])
    draw = ImageDraw.Draw(img)
    ink = tuple(int(v) for v in INKS_BGR[int(rng.integers(len(INKS_BGR)))][::-1])
    margin = max(2, int(glyph_px * rng.uniform(0.3, 1.0)))
    if rng.random() < 0.4:
        # a score sheet: a grid, a heading row of names, numbers below
        cols = int(rng.integers(3, 6))
        cell_h = int(glyph_px * rng.uniform(1.4, 2.2))
        cell_w = max(glyph_px, (width - 2 * margin) // cols)
        for r in range(max(1, (height - 2 * margin) // cell_h)):
            y = margin + r * cell_h
            draw.line([(margin, y), (margin + cols * cell_w, y)], fill=ink, width=1)
            for c in range(cols):
                font, text = _line_of_text(rng, glyph_px)
                text = text.split()[0] if r == 0 else str(int(rng.choice([-1, 1]) * rng.integers(0, 400) * 8))
                draw.text((margin + c * cell_w + glyph_px // 4, y + (cell_h - glyph_px) // 2), text, font=font, fill=ink)
        for c in range(cols + 1):
            draw.line([(margin + c * cell_w, margin), (margin + c * cell_w, height - margin)], fill=ink, width=1)
    else:
        y = margin
        while y + glyph_px < height - margin // 2:
            font, text = _line_of_text(rng, glyph_px)
            draw.text((margin, y), text, font=font, fill=ink)
            y += int(glyph_px * rng.uniform(1.3, 2.0))
    return np.ascontiguousarray(np.asarray(img)[:, :, ::-1])


def _free_of(mask_shape, quad: np.ndarray, boxes: np.ndarray, pad: float) -> bool:
    """Whether ``quad`` covers none of ``boxes`` (each grown by ``pad`` px)."""
    h, w = mask_shape
    if (quad < 0).any() or (quad[:, 0] >= w).any() or (quad[:, 1] >= h).any():
        return False
    mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
    for x0, y0, x1, y1 in boxes:
        if mask[max(0, int(y0 - pad)):int(y1 + pad) + 1, max(0, int(x0 - pad)):int(x1 + pad) + 1].any():
            return False
    return True


def with_sheet(photo: np.ndarray, boxes: np.ndarray, rng, tries: int = 200
               ) -> tuple[np.ndarray, np.ndarray] | tuple[None, None]:
    """``photo`` with a printed sheet where it covers none of the tiles' ``boxes`` (x0, y0, x1, y1
    px), and the sheet's four corners; (None, None) when no place is free after ``tries``."""
    h, w = photo.shape[:2]
    boxes = np.asarray(boxes, np.float64).reshape(-1, 4)
    tile = float(np.median(np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]))) if len(boxes) \
        else min(h, w) / 8
    for k in range(tries):
        # smaller as places are refused: a crowded photo still gets a note's worth of print
        shrink = 1.0 - 0.6 * k / tries
        sw, sh = (int(tile * shrink * rng.uniform(*span)) for span in SHEET_TILES)
        if sw < 8 or sh < 8 or sw >= w or sh >= h:
            continue
        angle = math.radians(rng.uniform(-TURN_DEGREES, TURN_DEGREES))
        # seen a little in perspective: the far edge a little narrower
        narrow = rng.uniform(0.0, 0.15) * sw
        local = np.array([[narrow, 0], [sw - narrow, 0], [sw, sh], [0, sh]], np.float64) - [sw / 2, sh / 2]
        turn = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
        centre = rng.uniform([0, 0], [w, h])
        quad = local @ turn.T + centre
        if not _free_of((h, w), quad, boxes, tile * 0.15):
            continue
        glyph = int(round(tile * math.exp(rng.uniform(*np.log(GLYPH_SHARE)))))
        sheet = sheet_picture(rng, sw, sh, max(6, glyph))
        # lit as the photo is: no whiter than its bright tiles, a little soft, with its noise
        light = float(np.percentile(photo, 99)) / 255.0 * rng.uniform(0.85, 1.0)
        sheet = np.clip(sheet.astype(np.float32) * light + rng.normal(0, 2.0, sheet.shape), 0, 255).astype(np.uint8)
        src = np.array([[0, 0], [sw, 0], [sw, sh], [0, sh]], np.float32)
        m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
        warped = cv2.warpPerspective(sheet, m, (w, h), flags=cv2.INTER_AREA)
        cover = cv2.warpPerspective(np.full((sh, sw), 255, np.uint8), m, (w, h)).astype(np.float32)[..., None] / 255
        out = (photo.astype(np.float32) * (1 - cover) + warped.astype(np.float32) * cover)
        out = cv2.GaussianBlur(out, (0, 0), 0.5) * cover + photo.astype(np.float32) * (1 - cover)
        return np.clip(out, 0, 255).astype(np.uint8), quad
    return None, None


def label_boxes(label: Path, width: int, height: int) -> np.ndarray:
    """The (x0, y0, x1, y1) px boxes of a YOLO label file of an image ``width`` x ``height``."""
    return pixel_boxes(yolo_rows(label), width, height)


def pixel_boxes(rows, width: int, height: int) -> np.ndarray:
    """The (x0, y0, x1, y1) px boxes of YOLO label ``rows`` (``yolo_rows``) of an image ``width``
    x ``height``."""
    xywh = np.array([[float(v) for v in r[1:5]] for r in rows], np.float64).reshape(-1, 4)
    half = xywh[:, 2:] / 2
    return np.hstack([xywh[:, :2] - half, xywh[:, :2] + half]) * [width, height, width, height]


def write_sheets(source: Path, out: Path, seed: int = 0) -> int:
    """Write ``source``'s photos (a YOLO-format folder) that have room for a sheet to ``out`` with
    one, and ``sheets.json``; returns the number of images written."""
    out = Path(out)
    corners = {}
    for k, (path, photo, label) in enumerate(labelled_copy(source, out)):
        rng = np.random.default_rng([seed, k])
        pasted, quad = with_sheet(photo, label_boxes(label, photo.shape[1], photo.shape[0]), rng)
        if pasted is None:
            continue
        name = path.stem + ".jpg"
        cv2.imwrite(str(out / "images" / name), pasted, [cv2.IMWRITE_JPEG_QUALITY, 92])
        (out / "labels" / (path.stem + ".txt")).write_text(label.read_text() if label.exists() else "")
        corners[name] = np.round(quad, 1).tolist()
    (out / SHEETS_FILE).write_text(json.dumps(corners, indent=0) + "\n")
    return len(corners)



def main(argv=None) -> int:
    return folder_copy_main(argv, __doc__, write_sheets, "the sheets' places, sizes, print and turns",
                            "photos with a printed sheet")


if __name__ == "__main__":
    raise SystemExit(main())
