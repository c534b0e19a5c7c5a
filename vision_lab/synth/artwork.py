"""Tile face artwork per style, read in place from ``../shared/data/artwork`` (never committed).

Styles (see that folder's SOURCE.md):
- ``hongkong``: samoheen/mahjong-tiles PNG (CC0), 34 tiles + 8 bonus tiles, no red fives.
- ``riichi``: riichi-mahjong-tiles Regular export (FluffyStuff and xhokir, CC BY 4.0), 34 tiles,
  red fives, 8 bonus tiles, back.
- ``riichi_black``: the same artists' Black export (light ink meant for dark tile bodies), 34
  tiles and red fives, no bonus tiles.
- ``gl``: the coloured GL-MahjongTile faces (majiang/gl-mahjongtile-svg, Unlicense), 34 tiles,
  rasterised with cairosvg (optional package). Checked by eye: the SVGs render upside down
  (font glyph coordinates), so they are flipped; ``b-i``/``c-i``/``d-i`` are (i+1) bamboo,
  characters, dots; ``h-0..6`` are E S W N Red Green White. Kept out of training: it is the
  unseen style of the held-out evaluation.
- ``gl_mono``: the same faces in one ink (the set's ``converted`` SVGs), kept out of training too:
  the unseen set the base model reads worst (docs/calibration.md).
- ``procedural``: not artwork but a tile set generated at random (vision_lab/synth/procedural.py:
  CJK fonts, pip and stick layouts, random inks and drawing per set), a new set per seed, so the
  classifier learns the tiles rather than three drawings. The renderer's ``random_style`` knows
  the name; ``load_style`` does not (there is no file to read).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

DEFAULT_DATA_ROOT = Path(os.environ.get("MJTABLE_DATA", Path(__file__).resolve().parents[2] / ".." / "shared" / "data"))

_HK_NAMES = {
    "white-dragon": "5z", "green-dragon": "6z", "red-dragon": "7z",
    "east-wind": "1z", "south-wind": "2z", "west-wind": "3z", "north-wind": "4z",
    "spring": "5f", "summer": "6f", "autumn": "7f", "winter": "8f",
    "plum": "1f", "orchid": "2f", "chrysanthemum": "3f", "bamboo": "4f",
}
_HK_SUITS = {"characters": "m", "circles": "p", "bamboos": "s"}
_RIICHI_NAMES = {"Ton": "1z", "Nan": "2z", "Shaa": "3z", "Pei": "4z", "Haku": "5z", "Hatsu": "6z",
                 "Chun": "7z", "Man5-Dora": "0m", "Pin5-Dora": "0p", "Sou5-Dora": "0s"}
_RIICHI_SUITS = {"Man": "m", "Pin": "p", "Sou": "s"}

#: Face images are stored at this size (portrait, the tile's face aspect 3:4).
FACE_SIZE = (150, 200)


@dataclass
class Style:
    name: str
    faces: dict[str, np.ndarray] = field(default_factory=dict)  # code -> BGRA FACE_SIZE
    dark_body: bool = False  # ink meant for a dark tile body


def _hk_code(stem: str) -> str | None:
    name = stem.split("-", 1)[1]  # "17-circles-1" -> "circles-1"
    if name in _HK_NAMES:
        return _HK_NAMES[name]
    suit, _, number = name.rpartition("-")
    return f"{number}{_HK_SUITS[suit]}" if suit in _HK_SUITS else None


def _riichi_code(stem: str) -> str | None:
    if stem in _RIICHI_NAMES:
        return _RIICHI_NAMES[stem]
    for prefix, suit in _RIICHI_SUITS.items():
        if stem.startswith(prefix) and stem[len(prefix):].isdigit():
            return f"{stem[len(prefix):]}{suit}"
    for prefix, base in (("Flower", 0), ("Season", 4)):
        if stem.startswith(prefix) and stem[len(prefix):].isdigit():
            return f"{base + int(stem[len(prefix):])}f"
    return None


_GL_HONOURS = ("1z", "2z", "3z", "4z", "7z", "6z", "5z")
_GL_SUITS = {"b": "s", "c": "m", "d": "p"}


def _gl_code(stem: str) -> str | None:
    prefix, _, idx = stem.partition("-")
    if not idx.isdigit():
        return None
    if prefix == "h":
        return _GL_HONOURS[int(idx)] if int(idx) < len(_GL_HONOURS) else None
    return f"{int(idx) + 1}{_GL_SUITS[prefix]}" if prefix in _GL_SUITS else None


def _rasterise_svg(path: Path) -> np.ndarray:
    import cairosvg  # optional: only the held-out GL style needs it
    png = cairosvg.svg2png(url=str(path), output_width=FACE_SIZE[0] * 2, output_height=FACE_SIZE[1] * 2)
    img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_UNCHANGED)
    return cv2.flip(img, 0)


def _load_face(path: Path) -> np.ndarray:
    img = _rasterise_svg(path) if path.suffix == ".svg" else cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
    if img is None or img.ndim != 3 or img.shape[2] != 4:
        raise FileNotFoundError(f"cannot read RGBA artwork {path}")
    # Trim the transparent margin, then fit the drawing into FACE_SIZE keeping its aspect.
    ys, xs = np.nonzero(img[..., 3] > 8)
    if len(ys):  # a blank face (riichi white dragon) keeps its full frame
        img = img[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    w, h = FACE_SIZE
    scale = min(w / img.shape[1], h / img.shape[0])
    nw, nh = max(1, int(img.shape[1] * scale)), max(1, int(img.shape[0] * scale))
    small = cv2.resize(img, (nw, nh), interpolation=cv2.INTER_AREA)
    out = np.zeros((h, w, 4), np.uint8)
    x0, y0 = (w - nw) // 2, (h - nh) // 2
    out[y0:y0 + nh, x0:x0 + nw] = small
    return out


@lru_cache(maxsize=8)
def load_style(name: str, data_root: str | None = None) -> Style:
    root = Path(data_root) if data_root else DEFAULT_DATA_ROOT
    art = root / "artwork"
    style = Style(name)
    if name == "hongkong":
        folder, coder = art / "hongkong-samoheen" / "hongkong" / "png", _hk_code
    elif name == "riichi":
        folder, coder = art / "riichi-xhokir" / "Export" / "Regular", _riichi_code
    elif name == "riichi_black":
        folder, coder = art / "riichi-xhokir" / "Export" / "Black", _riichi_code
        style.dark_body = True
    elif name == "gl":
        folder, coder = art / "gl-mahjongtile" / "svg" / "colored", _gl_code
    elif name == "gl_mono":
        folder, coder = art / "gl-mahjongtile" / "svg" / "converted", _gl_code
    else:
        raise KeyError(f"unknown artwork style {name!r}")
    for path in sorted(folder.glob("*.svg" if name.startswith("gl") else "*.png")):
        code = coder(path.stem)
        if code:
            style.faces[code] = _load_face(path)
    if not style.faces:
        raise FileNotFoundError(f"no artwork found under {folder}")
    return style


#: Styles used for training; ``gl`` and ``gl_mono`` are kept out (held-out evaluation).
STYLES = ("hongkong", "riichi", "riichi_black")
HELDOUT_STYLES = ("gl", "gl_mono")
#: Style name of generated tile sets (see vision_lab/synth/procedural.py); not in STYLES, which are
#: the detector's training styles.
PROCEDURAL = "procedural"
