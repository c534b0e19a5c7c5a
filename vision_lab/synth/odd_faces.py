"""Faces that are no code the reader knows: jokers, wild and bonus tiles of other games, spares.

Many sets carry tiles that none of the 45 codes names: American sets' jokers ("JOKER", often
with a picture and a corner "J"), the wild tiles of Chinese home games (百搭, 財神, 聚寶盆), the
animal tiles of Hong Kong and Taiwanese sets (貓 鼠 雞 蜈蚣, mostly drawn), spares with a maker's
mark. The reader must report such a face as unknown rather than name it as the nearest code
(vision/oddity.py); these generated faces teach and measure that. Each style is one random set
of them, drawn with a procedural set's look (vision_lab/synth/procedural.py), so that ink,
fonts and body match the sets the faces come with.

The generator never draws a face a code could name: no numeral with a suit character, no pip
grid, no stick bundle, no wind, dragon, flower or season character (``TILE_CHARACTERS``).
"""
from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

import numpy as np

from .artwork import Style
from .procedural import (FLOWERS, H, MARGIN, NUMERALS, SEASONS, WINDS, W, Canvas, SetLook, ellipse, line,
                         place_glyph, polygon, ring, with_frame, worn)

KINDS = ("joker", "wild", "animal", "picture", "character")
#: Characters printed on the 45 codes' faces (and their common variants): an odd face never uses one.
TILE_CHARACTERS = set(NUMERALS + WINDS + FLOWERS + SEASONS + "萬万伍中發发白幺鳥雀")
WILD_WORDS = ("百搭", "財神", "聚寶盆", "萬能", "百", "搭", "財", "寶")
ANIMAL_WORDS = ("貓", "鼠", "雞", "蜈蚣", "蟲")
# Common characters, none on a tile: a spare or a maker's mark ("other" faces).
OTHER_CHARACTERS = "福壽喜樂龍鳳金玉吉祥和平安康富貴天地人山水火木土日月星雲花鳥魚馬牛羊虎兔猴狗豬王"
OTHER_CHARACTERS = "".join(ch for ch in OTHER_CHARACTERS if ch not in TILE_CHARACTERS)
JOKER_WORDS = ("JOKER", "JOKER", "JOKER", "Joker", "J", "WILD", "FREE")
_LATIN_FONTS = ("DejaVuSans-Bold.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSans.ttf", "DejaVuSerif.ttf",
                "LiberationSans-Bold.ttf", "LiberationSerif-Bold.ttf", "LiberationSans-Regular.ttf",
                "LiberationSansNarrow-Bold.ttf", "DejaVuSansCondensed-Bold.ttf")


@lru_cache(maxsize=1)
def latin_fonts() -> tuple[tuple[str, int], ...]:
    """(path, index) of the installed Latin fonts for joker words; the CJK fonts also hold Latin
    letters, so a machine without these still draws jokers."""
    found = []
    for root in (Path("/usr/share/fonts"), Path("/usr/local/share/fonts")):
        if root.is_dir():
            found += [(str(p), 0) for p in sorted(root.rglob("*.ttf")) if p.name in _LATIN_FONTS]
    return tuple(found)


def _colour(look: SetLook, rng) -> tuple:
    return [look.ink, look.red, look.green, look.blue][int(rng.integers(4))]


def _words_in_column(c: Canvas, look: SetLook, font, word: str, rgb, rng, box) -> None:
    """``word``'s characters one above the other in ``box``."""
    x0, y0, x1, y1 = box
    step = (y1 - y0) / len(word)
    for k, ch in enumerate(word):
        place_glyph(c, look, font, ch, (x0, y0 + k * step, x1, y0 + (k + 1) * step), rgb, rng)


def picture(c: Canvas, rng, box, colours) -> None:
    """A small drawing (an animal's, a god's or a pot's place on real tiles): a body of a few
    overlapping blobs, limbs and a curve or two, in the set's colours; never a grid of pips."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx, cy = x0 + w / 2, y0 + h / 2
    body = colours[int(rng.integers(len(colours)))]
    c.paint(ellipse(cx + rng.uniform(-0.1, 0.1) * w, cy, w * rng.uniform(0.22, 0.4), h * rng.uniform(0.15, 0.3),
                    rng.uniform(-40, 40)), body)
    for _ in range(int(rng.integers(1, 4))):
        a = rng.uniform(0, 2 * math.pi)
        r = rng.uniform(0.15, 0.35)
        c.paint(ellipse(cx + math.cos(a) * r * w, cy + math.sin(a) * r * h, w * rng.uniform(0.08, 0.18),
                        h * rng.uniform(0.06, 0.14), rng.uniform(0, 180)), colours[int(rng.integers(len(colours)))])
    for _ in range(int(rng.integers(2, 6))):
        a = rng.uniform(0, 2 * math.pi)
        p0 = (cx + math.cos(a) * 0.15 * w, cy + math.sin(a) * 0.12 * h)
        p1 = (cx + math.cos(a) * rng.uniform(0.3, 0.48) * w, cy + math.sin(a) * rng.uniform(0.3, 0.48) * h)
        c.paint(line(p0, p1, rng.uniform(2, 5)), colours[int(rng.integers(len(colours)))])
    if rng.random() < 0.5:
        pts = [(x0 + rng.uniform(0, 1) * w, y0 + rng.uniform(0, 1) * h) for _ in range(int(rng.integers(3, 6)))]
        c.paint(polygon(pts), colours[int(rng.integers(len(colours)))])
    if rng.random() < 0.5:     # an eye or a coin: one small ring, not a pip layout
        c.paint(ring(cx + rng.uniform(-0.2, 0.2) * w, cy - 0.15 * h, w * 0.05, 2.0), look_dark(colours))


def look_dark(colours) -> tuple:
    return min(colours, key=lambda rgb: sum(rgb))


def odd_face(look: SetLook, kind: str, rng) -> np.ndarray:
    """One face of ``kind`` (``KINDS``), BGRA FACE_SIZE with a transparent background."""
    c = Canvas()
    colours = [look.ink, look.red, look.green, look.blue]
    inner = (MARGIN + 4, MARGIN + 4, W - MARGIN - 4, H - MARGIN - 4)
    if kind == "joker":
        fonts = latin_fonts() or (look.font,)
        font = fonts[int(rng.integers(len(fonts)))]
        word = JOKER_WORDS[int(rng.integers(len(JOKER_WORDS)))]
        rgb = _colour(look, rng)
        layout = rng.choice(["column", "band", "band_picture"]) if len(word) > 1 else "big"
        if layout == "column":
            _words_in_column(c, look, font, word, rgb, rng, (W * 0.25, H * 0.06, W * 0.75, H * 0.94))
        elif layout == "band":
            place_glyph_row(c, look, font, word, rgb, rng, (inner[0], H * 0.38, inner[2], H * 0.62))
        elif layout == "band_picture":
            picture(c, rng, (inner[0], inner[1], inner[2], H * 0.62), colours)
            place_glyph_row(c, look, font, word, rgb, rng, (inner[0], H * 0.68, inner[2], H * 0.86))
        else:
            place_glyph(c, look, font, word, inner, rgb, rng)
        if rng.random() < 0.4:     # the corner "J" of American jokers
            place_glyph(c, look, font, "J", (MARGIN, MARGIN, MARGIN + 30, MARGIN + 30), _colour(look, rng), rng)
    elif kind == "wild":
        word = WILD_WORDS[int(rng.integers(len(WILD_WORDS)))]
        if rng.random() < 0.4:
            picture(c, rng, (inner[0], inner[1], inner[2], H * 0.55), colours)
            place_glyph_row(c, look, look.honour_font, word, _colour(look, rng), rng,
                            (inner[0], H * 0.6, inner[2], inner[3]))
        else:
            _words_in_column(c, look, look.honour_font, word, _colour(look, rng), rng,
                             (W * 0.18, H * 0.08, W * 0.82, H * 0.92))
    elif kind == "animal":
        word = ANIMAL_WORDS[int(rng.integers(len(ANIMAL_WORDS)))]
        picture(c, rng, (inner[0], inner[1], inner[2], H * 0.7), colours)
        if rng.random() < 0.7:
            place_glyph_row(c, look, look.honour_font, word, _colour(look, rng), rng,
                            (W * 0.2, H * 0.72, W * 0.8, inner[3]))
    elif kind == "picture":
        picture(c, rng, inner, colours)
        if rng.random() < 0.5:
            picture(c, rng, inner, colours)
    else:
        k = int(rng.integers(1, 3))
        word = "".join(OTHER_CHARACTERS[int(rng.integers(len(OTHER_CHARACTERS)))] for _ in range(k))
        _words_in_column(c, look, look.honour_font, word, _colour(look, rng), rng,
                         (W * 0.12, H * 0.1, W * 0.88, H * 0.9))
    face = c.bgra()
    if look.worn:
        face = worn(face, look, rng)
    if look.face_frame:
        face = with_frame(face, look)
    return face


def place_glyph_row(c: Canvas, look: SetLook, font, word: str, rgb, rng, box) -> None:
    """``word``'s characters side by side in ``box``."""
    x0, y0, x1, y1 = box
    step = (x1 - x0) / len(word)
    for k, ch in enumerate(word):
        place_glyph(c, look, font, ch, (x0 + k * step, y0, x0 + (k + 1) * step, y1), rgb, rng)


def odd_style(rng: np.random.Generator, per_kind: int = 2, kinds=KINDS) -> Style:
    """A random set's odd faces: ``per_kind`` faces of each of ``kinds``, named ``odd_<kind>_<k>``."""
    unknown = set(kinds) - set(KINDS)
    if unknown:
        raise ValueError(f"no odd face kind {sorted(unknown)}; kinds are {', '.join(KINDS)}")
    look = SetLook(rng)
    faces = {f"odd_{kind}_{k}": odd_face(look, kind, rng) for kind in kinds for k in range(per_kind)}
    return Style(name="odd", faces=faces, dark_body=look.dark_body)


def is_odd_code(code: str) -> bool:
    return code.startswith("odd_")

