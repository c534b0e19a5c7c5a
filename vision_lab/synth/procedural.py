"""Procedural tile faces: a new, random but plausible physical tile set per call.

The classifier trained on three drawn styles learned those drawings, not the tiles (about half
of an unseen style read right). ``procedural_style(rng)`` draws one consistent set (same fonts,
inks, pip and stick drawing throughout) from random choices, so training sees hundreds of sets
and has to learn what stays: "three sticks", "二 above 萬", the pip layouts.

Layouts follow the usual Chinese/Japanese tile designs (pips: 1 large, 2 vertical, 3 diagonal,
4 square, 5 square + centre, 6 two columns of three, 7 diagonal of three over a square, 8 two
columns of four, 9 three by three; sticks likewise, 8 as M over W or two rows of four). Glyphs
come from the Debian CJK fonts (fonts-noto-cjk, fonts-arphic-ukai/uming, fonts-wqy-*), rendered
with Pillow. Faces are BGRA FACE_SIZE images with a transparent background, like artwork.py's.
"""
from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from .artwork import FACE_SIZE, Style

FONT_PACKAGES = "fonts-noto-cjk fonts-arphic-ukai fonts-arphic-uming fonts-wqy-zenhei"
_FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))
# Collections and the face indices that hold full CJK glyph sets.
_FONT_FILES = {
    "NotoSansCJK-Regular.ttc": range(5), "NotoSansCJK-Bold.ttc": range(5),
    "NotoSerifCJK-Regular.ttc": range(5), "NotoSerifCJK-Bold.ttc": range(5),
    "NotoSansCJK-Black.ttc": range(5), "NotoSerifCJK-Black.ttc": range(5),
    "NotoSansCJK-Medium.ttc": range(5), "NotoSerifCJK-SemiBold.ttc": range(5),
    "ukai.ttc": range(4), "uming.ttc": range(4), "wqy-zenhei.ttc": (0,), "wqy-microhei.ttc": (0,),
}
# Brush (kai) fonts look most like engraved tiles: drawn more often.
_FONT_WEIGHT = {"ukai.ttc": 4.0}
GLYPH_PX = 128          # glyphs are rendered at this em size, then scaled into their box

W, H = FACE_SIZE
MARGIN = 8
# Some sets print a frame round every face (GL-MahjongTile does, as do many printed and digital
# sets). Training had none, and the unseen GL set's framed tiles were read as the white dragon
# (whose face is a frame) or West: 30 of its 108 misreads with the zoomed
# reading (commit fcaf6d0; models/classifier/MODEL_CARD.md). A set draws one with probability FRAME_SHARE,
# along the face's edges within FRAME_BAND pixels (the rounded corners reach a few pixels
# further in). The drawing starts at MARGIN, but some drawings reach the band (a bird's wing, a
# tall 萬): the frame is painted over them there, as the classifier cls10 was trained.
FRAME_SHARE = 0.3
FRAME_BAND = 7
# Some sets print every face in one ink (engraved sets painted one colour, printed monochrome
# sets; a photo in poor light comes close), so a code must be read from its drawing, not its
# colours: a set draws one ink for everything with probability ONE_INK_SHARE, and then has no red
# fives (a red five differs from a five only by its colour). Commit 7f9b2df, models/classifier/MODEL_CARD.md.
ONE_INK_SHARE = 0.15
# Many sets print a small index in a corner (Arabic numerals on the suits and Latin letters on
# the winds: Western, American and many Chinese export sets), and cheap or old sets show thin or
# worn ink. Neither was drawn before, and the tile sets players bring have both. A set draws an
# index with probability INDEX_SHARE (its drawing then shrinks towards the opposite corner to
# make room, as printed sets do) and worn ink with probability WORN_SHARE.
INDEX_SHARE = 0.3
WORN_SHARE = 0.15
# Dark-bodied sets (black, dark green or blue bodies with ivory, gold or pale inks) exist, and a
# classifier that never saw one reads the riichi Black artwork at 11 % (models/classifier/
# MODEL_CARD.md, held-out groups). A set draws a dark body with probability DARK_SHARE. Measured
# with the riichi sets held out (docs/experiments.md): Black 10.95 -> 54.40 %, but Regular -5 and
# GL -25 of 557 tiles; weigh both when training weights to ship. The reader also turns a dark
# set's photos over (vision/dark_bodies.py); `hand_out` trained with DARK_SHARE 0, the same seed,
# read Black turned / Regular / GL 89.59 / 76.30 / 77.38 % against 92.46 / 79.71 / 80.97 % with
# 0.1 (one run each, docs/experiments.md "Dark tile bodies"): kept.
DARK_SHARE = 0.1
# Some sets draw their dots as line drawings: thin concentric circles on the bare face, no filled
# disk (printed and cheap sets; GL-MahjongTile's coloured set does, and its 6p was read 4m by all
# three networks, 9 of 25 right for the first: docs/experiments.md, "Line-drawn pips"). A set
# draws its pips so with probability LINE_PIP_SHARE.
LINE_PIP_SHARE = 0.15
WIND_LETTERS = "ESWN"

NUMERALS = "一二三四五六七八九"
WINDS = "東南西北"
FLOWERS = "梅蘭菊竹"
SEASONS = "春夏秋冬"
CODES = ([f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
         + [f"{n}f" for n in range(1, 9)])
RED_FIVES = ("0m", "0p", "0s")


class FontsMissing(RuntimeError):
    pass


@lru_cache(maxsize=1)
def cjk_fonts() -> tuple[tuple[str, int, float], ...]:
    """(path, face index, draw weight) of every installed CJK font usable for tile glyphs."""
    found = []
    for root in _FONT_DIRS:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*.tt[cf]")):
            if path.name in _FONT_FILES:
                for index in _FONT_FILES[path.name]:
                    found.append((str(path), index, _FONT_WEIGHT.get(path.name, 1.0)))
    return tuple(found)


def require_fonts() -> tuple[tuple[str, int, float], ...]:
    fonts = cjk_fonts()
    if not fonts:
        raise FontsMissing("no CJK font found under /usr/share/fonts: procedural tile faces need the "
                           f"Debian packages {FONT_PACKAGES} (apt-get install {FONT_PACKAGES})")
    return fonts


@lru_cache(maxsize=64)
def _font(path: str, index: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, GLYPH_PX, index=index)


@lru_cache(maxsize=2048)
def _glyph(path: str, index: int, ch: str, stroke: int) -> np.ndarray:
    """Float mask of one glyph drawn at GLYPH_PX em (callers crop it to its ink)."""
    font = _font(path, index)
    pad = 8 + stroke
    size = GLYPH_PX + 2 * pad
    img = Image.new("L", (size, size + GLYPH_PX // 4), 0)
    ImageDraw.Draw(img).text((pad, pad), ch, font=font, fill=255, stroke_width=stroke, stroke_fill=255)
    mask = np.asarray(img, np.float32) / 255.0
    return mask


# ---------------------------------------------------------------- drawing surface

class Canvas:
    """Premultiplied RGBA float layers composited "over"; ``erase`` cuts holes (body shows)."""

    def __init__(self):
        self.colour = np.zeros((H, W, 3), np.float32)
        self.alpha = np.zeros((H, W), np.float32)

    @staticmethod
    def _region(mask: np.ndarray):
        """Slices of the mask's non-zero bounding box (most shapes cover a small part)."""
        rows, cols = np.flatnonzero(mask.any(1)), np.flatnonzero(mask.any(0))
        if not len(rows):
            return None
        return slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1)

    def paint(self, mask: np.ndarray, rgb) -> None:
        region = self._region(mask)
        if region is None:
            return
        m = np.clip(mask[region], 0, 1)[..., None]
        self.colour[region] = self.colour[region] * (1 - m) + m * np.asarray(rgb, np.float32)
        self.alpha[region] = self.alpha[region] * (1 - m[..., 0]) + m[..., 0]

    def erase(self, mask: np.ndarray) -> None:
        region = self._region(mask)
        if region is None:
            return
        keep = 1 - np.clip(mask[region], 0, 1)
        self.colour[region] *= keep[..., None]
        self.alpha[region] *= keep

    def bgra(self) -> np.ndarray:
        a = np.maximum(self.alpha, 1e-6)[..., None]
        rgb = np.clip(self.colour / a, 0, 255)
        out = np.dstack([rgb[..., ::-1], self.alpha * 255])
        return np.clip(np.round(out), 0, 255).astype(np.uint8)


def _blank() -> np.ndarray:
    return np.zeros((H, W), np.uint8)


def _as_float(mask_u8: np.ndarray) -> np.ndarray:
    return mask_u8.astype(np.float32) / 255.0


S = 4           # fixed-point shift for cv2's sub-pixel drawing
F = 1 << S


def _pt(x, y):
    return int(round(x * F)), int(round(y * F))


def disk(cx, cy, r) -> np.ndarray:
    m = _blank()
    cv2.circle(m, _pt(cx, cy), int(round(max(r, 0.5) * F)), 255, -1, cv2.LINE_AA, S)
    return _as_float(m)


def ring(cx, cy, r, width) -> np.ndarray:
    m = _blank()
    cv2.circle(m, _pt(cx, cy), int(round(max(r, 0.5) * F)), 255, max(1, int(round(width))), cv2.LINE_AA, S)
    return _as_float(m)


def ellipse(cx, cy, ax, ay, angle=0.0) -> np.ndarray:
    m = _blank()
    cv2.ellipse(m, _pt(cx, cy), (int(round(max(ax, 0.5) * F)), int(round(max(ay, 0.5) * F))), angle, 0, 360,
                255, -1, cv2.LINE_AA, S)
    return _as_float(m)


def polygon(points) -> np.ndarray:
    m = _blank()
    pts = np.round(np.asarray(points, np.float64) * F).astype(np.int32)
    cv2.fillPoly(m, [pts], 255, cv2.LINE_AA, S)
    return _as_float(m)


def rounded_rect(x0, y0, x1, y1, r) -> np.ndarray:
    """A filled rectangle with corners rounded to radius ``r``."""
    pts = []
    for cx, cy, a0 in ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90), (x0 + r, y0 + r, 180)):
        pts += [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(a0, a0 + 91, 10)]
    return polygon(pts)


def face_frame(look: "SetLook") -> np.ndarray:
    """The set's frame round a face: a rounded ring ``frame_inset`` in from the edge."""
    i, t, r = look.frame_inset, look.frame_width, look.frame_radius
    outer = rounded_rect(i, i, W - 1 - i, H - 1 - i, r)
    inner = rounded_rect(i + t, i + t, W - 1 - i - t, H - 1 - i - t, max(r - t, 1.0))
    return np.clip(outer - inner, 0, 1)


def line(p0, p1, width) -> np.ndarray:
    m = _blank()
    cv2.line(m, _pt(*p0), _pt(*p1), 255, max(1, int(round(width))), cv2.LINE_AA, S)
    return _as_float(m)


# ---------------------------------------------------------------- the set's random choices

def _jitter_rgb(rng, rgb, amount=18):
    return tuple(float(np.clip(c + rng.uniform(-amount, amount), 0, 255)) for c in rgb)


class SetLook:
    """Every random choice of one tile set, drawn once so all its faces agree."""

    def __init__(self, rng: np.random.Generator):
        fonts = require_fonts()
        weights = np.array([f[2] for f in fonts])
        pick = lambda: fonts[int(rng.choice(len(fonts), p=weights / weights.sum()))][:2]  # noqa: E731
        self.font = pick()
        self.man_font = pick() if rng.random() < 0.3 else self.font
        self.honour_font = pick() if rng.random() < 0.3 else self.font
        self.stroke = int(rng.choice([0, 0, 1, 2, 3]))
        self.x_stretch = float(rng.uniform(0.85, 1.2))
        self.shear = float(rng.uniform(-0.08, 0.08))
        self.rotation = float(rng.uniform(-3, 3))
        self.glyph_jitter = float(rng.uniform(0, 4))
        self.ink = _jitter_rgb(rng, [(25, 25, 25), (20, 30, 95), (15, 70, 40), (40, 20, 20)][int(rng.integers(4))], 12)
        self.red = _jitter_rgb(rng, (200, 35, 35), 25)
        self.green = _jitter_rgb(rng, [(25, 125, 60), (20, 100, 45), (40, 140, 90)][int(rng.integers(3))], 15)
        self.blue = _jitter_rgb(rng, [(30, 60, 170), (25, 45, 120), (30, 90, 160)][int(rng.integers(3))], 15)
        # Characters
        self.five_alt = rng.random() < 0.15          # 伍 instead of 五
        self.man_char = "万" if rng.random() < 0.15 else "萬"
        self.numeral_height = float(rng.uniform(0.4, 0.48))
        self.numeral_width = float(rng.uniform(0.75, 0.95))
        # Dots
        self.pip_kind = str(rng.choice(["rings", "rings", "flower", "solid_ring", "dotted"]))
        self.pip_rings = int(rng.integers(1, 4))
        self.pip_centre_hole = rng.random() < 0.5
        self.pip_scheme = str(rng.choice(["classic", "classic", "riichi", "mono"]))
        self.pip_mono = self.blue if rng.random() < 0.7 else self.ink
        self.pip_spread = float(rng.uniform(0.9, 1.04))
        self.pip_size = float(rng.uniform(0.82, 1.0))
        # Bamboo
        self.stick_kind = str(rng.choice(["nodes", "waist", "hollow", "double"]))
        self.stick_width = float(rng.uniform(0.85, 1.25))
        self.stick_nodes = int(rng.choice([1, 2, 2, 3]))
        self.stick_blue = rng.random() < 0.35        # some sticks blue (Hong Kong sets)
        self.eight_kind = "mw" if rng.random() < 0.7 else "rows"
        self.nine_red = str(rng.choice(["column", "row", "none"]))
        self.one_sou = str(rng.choice(["bird", "bird", "bird", "stick", "glyph"]))
        self.one_sou_glyph = str(rng.choice(list("幺鳥雀")))
        self.bird_colours = [self.green, self.red, self.blue, self.ink]
        rng.shuffle(self.bird_colours)
        self.bird_facing = 1 if rng.random() < 0.5 else -1
        # Honours
        self.green_char = "发" if rng.random() < 0.15 else "發"
        self.white = str(rng.choice(["frame", "frame", "double", "blank", "glyph"]))
        self.white_rgb = self.blue if rng.random() < 0.8 else self.ink
        self.honour_scale = float(rng.uniform(0.78, 0.95))
        # Flowers
        self.flower_number = str(rng.choice(["arabic", "chinese"]))
        self.flower_corner = str(rng.choice(["tl", "tr", "bl", "br"]))
        self.flower_rgb = [self.ink, self.red, self.blue, self.green][int(rng.integers(4))]
        self.season_rgb = [self.ink, self.red, self.blue, self.green][int(rng.integers(4))]
        self.flower_drawing = rng.random() < 0.6
        self.red_fives = rng.random() < 0.5
        # Face frame (FRAME_SHARE). Drawn after the choices above, which are therefore those of
        # the same seed without frames; the faces' own random jitter, drawn later from the same
        # generator, differs from before the frames (commit 0a95384) for every seed (the one-ink
        # draw below shifts it again, since commit fdd483d).
        self.face_frame = rng.random() < FRAME_SHARE
        self.frame_width = float(rng.uniform(1.5, 3.5))
        self.frame_inset = float(rng.uniform(1.0, FRAME_BAND - self.frame_width))
        self.frame_radius = float(rng.uniform(4, 16))
        self.frame_rgb = [self.ink, self.blue, self.green][int(rng.integers(3))]
        # One ink (ONE_INK_SHARE): drawn last, so the choices above are those of the same seed in
        # colour; every colour chosen from red, green and blue above becomes the ink. This draw
        # (like the frame's) shifts the faces' own random jitter, drawn later from the same
        # generator, for every seed (since commit fdd483d).
        self.one_ink = rng.random() < ONE_INK_SHARE
        if self.one_ink:
            self.red = self.green = self.blue = self.pip_mono = self.ink
            self.bird_colours = [self.ink] * 4
            self.white_rgb = self.flower_rgb = self.season_rgb = self.frame_rgb = self.ink
            self.red_fives = False
        # Corner index and worn ink: drawn after every choice above, so the other choices of a
        # seed stay as they were; the faces' own jitter, drawn later, shifts.
        self.corner_index = rng.random() < INDEX_SHARE
        self.index_corner = str(rng.choice(["tl", "tl", "tl", "tr"]))
        self.index_shrink = float(rng.uniform(0.74, 0.86))
        self.index_rgb = self.ink if rng.random() < 0.6 else self.red
        self.worn = rng.random() < WORN_SHARE
        self.worn_alpha = float(rng.uniform(0.45, 0.85))
        self.worn_speckle = float(rng.uniform(0.0, 0.35))
        self.dark_body = rng.random() < DARK_SHARE
        if self.dark_body:
            self._lighten_inks(_jitter_rgb(rng, [(232, 226, 210), (225, 190, 110)][int(rng.integers(2))], 12),
                               float(rng.uniform(0.35, 0.6)))
        # Line-drawn pips: drawn after every choice above (the faces' own jitter shifts, as above).
        self.line_pips = rng.random() < LINE_PIP_SHARE
        self.line_rings = int(rng.integers(1, 4))
        self.line_width = float(rng.uniform(0.05, 0.1))
        self.line_centre = rng.random() < 0.5

    def _lighten_inks(self, light_ink, keep: float) -> None:
        """Inks for a dark body: the dark ink becomes ``light_ink``, every other colour keeps
        ``keep`` of its distance to white (a lighter red, green and blue)."""
        dark_ink = self.ink

        def lift(rgb):
            return light_ink if rgb is dark_ink else tuple(int(255 - (255 - v) * keep) for v in rgb)
        self.red, self.green, self.blue = lift(self.red), lift(self.green), lift(self.blue)
        for name in ("pip_mono", "white_rgb", "flower_rgb", "season_rgb", "frame_rgb", "index_rgb"):
            setattr(self, name, lift(getattr(self, name)))
        self.bird_colours = [lift(c) for c in self.bird_colours]
        self.ink = light_ink


# ---------------------------------------------------------------- glyphs

def place_glyph(canvas: Canvas, look: SetLook, font, ch: str, box, rgb, rng, align="centre") -> None:
    """Draw ``ch`` with its em square fitted into ``box`` (x0, y0, x1, y1), ink centred in it."""
    x0, y0, x1, y1 = box
    mask = _glyph(font[0], font[1], ch, look.stroke)
    ys, xs = np.nonzero(mask > 0.05)
    if not len(ys):
        raise FontsMissing(f"font {font[0]}#{font[1]} has no glyph for {ch!r}")
    ink = mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    bw, bh = x1 - x0, y1 - y0
    scale = min(bw / (GLYPH_PX * look.x_stretch), bh / GLYPH_PX)
    sx, sy = scale * look.x_stretch, scale
    gw, gh = ink.shape[1] * sx, ink.shape[0] * sy
    # A glyph whose ink is larger than the box (bold strokes) is shrunk to fit.
    shrink = min(1.0, bw / max(gw, 1), bh / max(gh, 1))
    sx, sy = sx * shrink, sy * shrink
    cx = (x0 + x1) / 2 + rng.uniform(-1, 1) * look.glyph_jitter
    cy = (y0 + y1) / 2 + rng.uniform(-1, 1) * look.glyph_jitter
    if align == "top":
        cy = y0 + ink.shape[0] * sy / 2
    # Affine map: ink pixel (u, v) -> face (x, y): scale, shear, small rotation about the centre.
    a = math.radians(look.rotation + rng.uniform(-1, 1))
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    lin = rot @ np.array([[sx, look.shear * sy], [0, sy]])
    centre_src = np.array([ink.shape[1] / 2, ink.shape[0] / 2])
    offset = np.array([cx, cy]) - lin @ centre_src
    M = np.hstack([lin, offset[:, None]]).astype(np.float32)
    warped = cv2.warpAffine(ink, M, (W, H), flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    canvas.paint(warped, rgb)


# ---------------------------------------------------------------- characters

def characters_face(look: SetLook, n: int, rng, red=False) -> np.ndarray:
    c = Canvas()
    numeral = "伍" if (n == 5 and look.five_alt) else NUMERALS[n - 1]
    split = MARGIN + (H - 2 * MARGIN) * look.numeral_height
    nw = (W - 2 * MARGIN) * look.numeral_width
    numeral_rgb = look.red if red else look.ink
    place_glyph(c, look, look.font, numeral, ((W - nw) / 2, MARGIN, (W + nw) / 2, split), numeral_rgb, rng)
    place_glyph(c, look, look.man_font, look.man_char, (MARGIN, split + 4, W - MARGIN, H - MARGIN), look.red, rng)
    return c.bgra()


# ---------------------------------------------------------------- dots

_PIP_LAYOUTS = {
    2: [(0.5, 0.25), (0.5, 0.75)],
    3: [(0.2, 0.17), (0.5, 0.5), (0.8, 0.83)],
    4: [(0.27, 0.26), (0.73, 0.26), (0.27, 0.74), (0.73, 0.74)],
    5: [(0.22, 0.19), (0.78, 0.19), (0.5, 0.5), (0.22, 0.81), (0.78, 0.81)],
    6: [(0.27, 0.14), (0.73, 0.14), (0.27, 0.52), (0.73, 0.52), (0.27, 0.86), (0.73, 0.86)],
    7: [(0.18, 0.1), (0.5, 0.22), (0.82, 0.34), (0.3, 0.61), (0.7, 0.61), (0.3, 0.89), (0.7, 0.89)],
    8: [(x, y) for y in (0.11, 0.37, 0.63, 0.89) for x in (0.27, 0.73)],
    9: [(x, y) for y in (0.15, 0.5, 0.85) for x in (0.18, 0.5, 0.82)],
}
_PIP_RADIUS = {1: 0.46, 2: 0.24, 3: 0.18, 4: 0.2, 5: 0.17, 6: 0.18, 7: 0.145, 8: 0.145, 9: 0.145}


def _pip_colours(look: SetLook, n: int, red: bool) -> list:
    B, G, R = look.blue, look.green, look.red
    if red:
        return [R] * n
    if look.pip_scheme == "mono":
        return [R if (n == 5 and i == 2) else look.pip_mono for i in range(n)]
    if look.pip_scheme == "riichi":
        table = {2: [G, B], 3: [B, R, G], 4: [B, G, G, B], 5: [B, G, R, G, B], 6: [G, G, R, R, R, R],
                 7: [G, G, G, R, R, R, R], 8: [B] * 8, 9: [B, B, B, R, R, R, G, G, G]}
    else:
        table = {2: [B, G], 3: [B, R, G], 4: [B, G, G, B], 5: [G, B, R, B, G], 6: [G, G, R, R, R, R],
                 7: [G, G, G, R, R, R, R], 8: [B] * 8, 9: [B, B, B, R, R, R, G, G, G]}
    return table[n]


def draw_pip(c: Canvas, look: SetLook, cx, cy, r, rgb, accent) -> None:
    """One pip: an outer disk with concentric cut rings (or petals), all one connected blob; in a
    set of line-drawn pips, concentric circles inside an outer one."""
    if look.line_pips:
        draw_line_pip(c, look, cx, cy, r, rgb)
        return
    c.paint(disk(cx, cy, r), rgb)
    if look.pip_kind in ("rings", "solid_ring"):
        k = look.pip_rings
        for i in range(k):
            rr = r * (0.78 - i * 0.55 / max(k, 1))
            c.erase(ring(cx, cy, rr, max(1.0, r * 0.09)))
        if look.pip_kind == "solid_ring":
            c.paint(disk(cx, cy, r * 0.3), accent)
    elif look.pip_kind == "flower":
        for i in range(8):
            a = 2 * math.pi * i / 8
            c.erase(disk(cx + math.cos(a) * r * 0.62, cy + math.sin(a) * r * 0.62, r * 0.13))
        c.erase(ring(cx, cy, r * 0.36, max(1.0, r * 0.08)))
    else:  # dotted: a cut ring then a ring of small holes
        c.erase(ring(cx, cy, r * 0.8, max(1.0, r * 0.08)))
        for i in range(10):
            a = 2 * math.pi * i / 10
            c.erase(disk(cx + math.cos(a) * r * 0.5, cy + math.sin(a) * r * 0.5, r * 0.09))
    if look.pip_centre_hole:
        c.erase(disk(cx, cy, r * 0.12))


def draw_line_pip(c: Canvas, look: SetLook, cx, cy, r, rgb) -> None:
    """A line-drawn pip (``LINE_PIP_SHARE``): ``look.line_rings`` circles from the rim inwards,
    and a small centre dot in some sets; circles at least four line widths (and 4 px) apart, so
    that a small pip keeps bare face between them."""
    width = max(1.0, r * look.line_width)
    step = max(r * 0.65 / look.line_rings, 4 * width, 4.0)
    for i in range(look.line_rings):
        if r - i * step < r * 0.3:
            break
        c.paint(ring(cx, cy, r - i * step - width / 2, width), rgb)
    if look.line_centre:
        c.paint(disk(cx, cy, r * 0.14), rgb)


def dots_face(look: SetLook, n: int, rng, red=False) -> np.ndarray:
    c = Canvas()
    iw, ih = W - 2 * MARGIN, H - 2 * MARGIN
    if n == 1 and look.line_pips:
        draw_line_pip(c, look, W / 2, H / 2, iw * _PIP_RADIUS[1], look.blue if look.pip_scheme != "mono" else look.pip_mono)
        draw_line_pip(c, look, W / 2, H / 2, iw * _PIP_RADIUS[1] * 0.5, look.red if look.pip_scheme != "mono" else look.pip_mono)
        return c.bgra()
    if n == 1:
        cx, cy, r = W / 2, H / 2, iw * _PIP_RADIUS[1]
        outer = look.green if look.pip_scheme != "mono" else look.pip_mono
        c.paint(disk(cx, cy, r), outer)
        # Ornate big pip: petals cut around the rim, a coloured band, a centre rosette.
        for i in range(16):
            a = 2 * math.pi * i / 16
            c.erase(disk(cx + math.cos(a) * r * 0.86, cy + math.sin(a) * r * 0.86, r * 0.06))
        c.erase(ring(cx, cy, r * 0.72, r * 0.06))
        c.paint(disk(cx, cy, r * 0.6), look.red if look.pip_scheme != "mono" else look.pip_mono)
        c.erase(ring(cx, cy, r * 0.45, r * 0.05))
        c.paint(disk(cx, cy, r * 0.32), look.blue)
        c.erase(ring(cx, cy, r * 0.2, r * 0.04))
        if look.pip_centre_hole:
            c.erase(disk(cx, cy, r * 0.07))
        return c.bgra()
    pts = np.array(_PIP_LAYOUTS[n], np.float64)
    pts = 0.5 + (pts - 0.5) * look.pip_spread
    xy = np.column_stack([MARGIN + pts[:, 0] * iw, MARGIN + pts[:, 1] * ih])
    xy += rng.uniform(-1.5, 1.5, xy.shape)
    r = iw * _PIP_RADIUS[n] * look.pip_size
    d = np.linalg.norm(xy[:, None] - xy[None], axis=2) + np.eye(n) * 1e9
    r = min(r, d.min() / 2 - 3)  # pips never touch: each is its own blob
    for (x, y), rgb in zip(xy, _pip_colours(look, n, red)):
        draw_pip(c, look, x, y, r, rgb, look.red if rgb is not look.red else look.blue)
    return c.bgra()


# ---------------------------------------------------------------- bamboo

def draw_stick(c: Canvas, look: SetLook, cx, cy, length, width, angle_deg, rgb) -> None:
    """One bamboo stick centred at (cx, cy), leaning ``angle_deg`` from vertical; ``length`` is
    its whole extent, end caps included, so sticks laid end to end keep a visible gap."""
    a = math.radians(angle_deg)
    length = max(length - 2 * max(width / 2 * 0.45, width * 0.22, 1.2) - 2, width)
    ux, uy = math.sin(a), -math.cos(a)      # along the stick (towards its top)
    vx, vy = math.cos(a), math.sin(a)        # across

    def at(t, s):  # t along [-0.5, 0.5] of length, s across in pixels
        return (cx + ux * t * length + vx * s, cy + uy * t * length + vy * s)

    hw = width / 2
    nodes = [-0.5 + (i + 1) / (look.stick_nodes + 1) for i in range(look.stick_nodes)]
    if look.stick_kind == "waist":
        outline = []
        ts = [-0.5] + nodes + [0.5]
        for t0, t1 in zip(ts[:-1], ts[1:]):
            outline += [at(t0, hw * 0.7), at((t0 + t1) / 2, hw), at(t1, hw * 0.7)]
        back = []
        for t0, t1 in zip(ts[:-1], ts[1:]):
            back += [at(t0, -hw * 0.7), at((t0 + t1) / 2, -hw), at(t1, -hw * 0.7)]
        c.paint(polygon(outline + back[::-1]), rgb)
    else:
        c.paint(polygon([at(-0.5, hw), at(0.5, hw), at(0.5, -hw), at(-0.5, -hw)]), rgb)
        c.paint(ellipse(*at(0.5, 0), hw, hw * 0.45, math.degrees(a)), rgb)
        c.paint(ellipse(*at(-0.5, 0), hw, hw * 0.45, math.degrees(a)), rgb)
    if look.stick_kind == "hollow":
        c.erase(line(at(-0.44, 0), at(0.44, 0), max(1.0, width * 0.22)))
    if look.stick_kind == "double":
        c.erase(line(at(-0.45, 0), at(0.45, 0), max(1.0, width * 0.3)))
    for t in nodes + [-0.5, 0.5]:
        x, y = at(t, 0)
        c.paint(ellipse(x, y, hw * 1.3, max(1.2, width * 0.22), math.degrees(a)), rgb)
    if look.stick_kind == "nodes":
        for t in nodes:
            c.erase(line(at(t + 0.05, -hw * 0.5), at(t + 0.05, hw * 0.5), max(1.0, width * 0.12)))


def _stick_layout(look: SetLook, n: int):
    """[(x, y, length, angle)] in unit face coordinates (length in unit heights)."""
    if n == 2:
        return [(0.5, 0.26, 0.4, 0), (0.5, 0.74, 0.4, 0)]
    if n == 3:
        return [(0.5, 0.25, 0.42, 0), (0.28, 0.75, 0.42, 0), (0.72, 0.75, 0.42, 0)]
    if n == 4:
        return [(x, y, 0.44, 0) for y in (0.25, 0.75) for x in (0.28, 0.72)]
    if n == 5:
        return [(0.2, 0.25, 0.44, 0), (0.8, 0.25, 0.44, 0), (0.5, 0.5, 0.44, 0),
                (0.2, 0.75, 0.44, 0), (0.8, 0.75, 0.44, 0)]
    if n == 6:
        return [(x, y, 0.44, 0) for y in (0.25, 0.75) for x in (0.18, 0.5, 0.82)]
    if n == 7:
        return [(0.5, 0.16, 0.29, 0)] + [(x, y, 0.29, 0) for y in (0.5, 0.84) for x in (0.18, 0.5, 0.82)]
    if n == 8:
        if look.eight_kind == "rows":
            return [(x, y, 0.44, 0) for y in (0.25, 0.75) for x in (0.12, 0.37, 0.63, 0.88)]
        top = [(0.1, 0.25, 0.42, 0), (0.36, 0.25, 0.45, -22), (0.64, 0.25, 0.45, 22), (0.9, 0.25, 0.42, 0)]
        return top + [(x, 1 - y, ln, -a) for x, y, ln, a in top]
    if n == 9:
        return [(x, y, 0.29, 0) for y in (0.16, 0.5, 0.84) for x in (0.18, 0.5, 0.82)]
    raise ValueError(n)


def _stick_colours(look: SetLook, n: int, red: bool) -> list:
    G, R, B = look.green, look.red, look.blue
    if red:
        return [R] * n
    colours = [G] * n
    if n == 5 or n == 7:
        colours[2 if n == 5 else 0] = R
    if n == 9:
        if look.nine_red == "column":
            colours = [R if i % 3 == 1 else G for i in range(9)]
        elif look.nine_red == "row":
            colours = [G] * 3 + [R] * 3 + [G] * 3
    if look.stick_blue:
        blue_at = {2: [1], 3: [0], 4: [1, 2], 6: [0, 1, 2], 8: [1, 2, 5, 6], 9: [0, 3, 6]}.get(n, [])
        for i in blue_at:
            if colours[i] is G:
                colours[i] = B
    return colours


def bird(c: Canvas, look: SetLook, rng) -> None:
    """A stylised bird from ellipses: tail fan, body, wing, head, beak, legs on a twig."""
    f = look.bird_facing
    cx, cy = W / 2, H * 0.5
    body_c, wing_c, tail_c, head_c = look.bird_colours
    for i, ang in enumerate((-50, -30, -10, 10)):
        a = math.radians(ang)
        tx, ty = cx - f * 28 - f * math.cos(a) * 30, cy + 18 + math.sin(a) * 40
        c.paint(ellipse(tx, ty, 34, 8, (ang * f) + (0 if f > 0 else 180)), [tail_c, body_c, look.red, tail_c][i])
    c.paint(ellipse(cx, cy + 10, 38, 25, -20 * f), body_c)
    c.paint(ellipse(cx - f * 6, cy + 2, 24, 12, -35 * f), wing_c)
    c.erase(line((cx - f * 22, cy + 8), (cx + f * 4, cy - 4), 2))
    hx, hy = cx + f * 30, cy - 30
    c.paint(disk(hx, hy, 17), head_c)
    c.erase(disk(hx + f * 5, hy - 4, 3.5))
    c.paint(polygon([(hx + f * 14, hy - 6), (hx + f * 36, hy + 2), (hx + f * 14, hy + 6)]), look.red)
    for dx in (-8, 8):
        c.paint(line((cx + dx, cy + 32), (cx + dx - f * 4, cy + 62), 3), look.ink)
    c.paint(line((cx - 45, cy + 64), (cx + 45, cy + 60), 4), look.ink)


def bamboo_face(look: SetLook, n: int, rng, red=False) -> np.ndarray:
    c = Canvas()
    iw, ih = W - 2 * MARGIN, H - 2 * MARGIN
    if n == 1:
        if look.one_sou == "bird":
            bird(c, look, rng)
        elif look.one_sou == "stick":
            draw_stick(c, look, W / 2, H / 2, ih * 0.92, iw * 0.28 * look.stick_width, 0, look.green)
            c.paint(disk(W / 2, H / 2, iw * 0.2), look.red)
            c.erase(disk(W / 2, H / 2, iw * 0.1))
        else:
            place_glyph(c, look, look.honour_font, look.one_sou_glyph, (MARGIN, MARGIN, W - MARGIN, H - MARGIN),
                        look.green, rng)
        return c.bgra()
    layout = _stick_layout(look, n)
    width = iw * (0.13 if n <= 4 else 0.11 if n != 8 else 0.09) * look.stick_width
    for (x, y, ln, a), rgb in zip(layout, _stick_colours(look, n, red)):
        draw_stick(c, look, MARGIN + x * iw, MARGIN + y * ih, ln * ih, width, a, rgb)
    return c.bgra()


# ---------------------------------------------------------------- honours and flowers

def honour_face(look: SetLook, n: int, rng) -> np.ndarray:
    c = Canvas()
    s = look.honour_scale
    box = (W * (1 - s) / 2, H * (1 - s) / 2, W * (1 + s) / 2, H * (1 + s) / 2)
    if n <= 4:
        place_glyph(c, look, look.honour_font, WINDS[n - 1], box, look.ink, rng)
    elif n == 6:
        place_glyph(c, look, look.honour_font, look.green_char, box, look.green, rng)
    elif n == 7:
        place_glyph(c, look, look.honour_font, "中", box, look.red, rng)
    elif look.white == "glyph":
        place_glyph(c, look, look.honour_font, "白", box, look.white_rgb, rng)
    elif look.white in ("frame", "double"):
        fx, fy = W * 0.14 + rng.uniform(-3, 3), H * 0.12 + rng.uniform(-3, 3)
        t = max(3.0, W * 0.05)
        outer = polygon([(fx, fy), (W - fx, fy), (W - fx, H - fy), (fx, H - fy)])
        inner = polygon([(fx + t, fy + t), (W - fx - t, fy + t), (W - fx - t, H - fy - t), (fx + t, H - fy - t)])
        c.paint(np.clip(outer - inner, 0, 1), look.white_rgb)
        if look.white == "double":
            g = t * 2.2
            o2 = polygon([(fx + g, fy + g), (W - fx - g, fy + g), (W - fx - g, H - fy - g), (fx + g, H - fy - g)])
            i2 = polygon([(fx + g + t * 0.6, fy + g + t * 0.6), (W - fx - g - t * 0.6, fy + g + t * 0.6),
                          (W - fx - g - t * 0.6, H - fy - g - t * 0.6), (fx + g + t * 0.6, H - fy - g - t * 0.6)])
            c.paint(np.clip(o2 - i2, 0, 1), look.white_rgb)
    # "blank": no drawing at all (the plain tile body).
    return c.bgra()


def flower_face(look: SetLook, n: int, rng) -> np.ndarray:
    c = Canvas()
    season = n > 4
    k = (n - 1) % 4
    ch = (SEASONS if season else FLOWERS)[k]
    rgb = look.season_rgb if season else look.flower_rgb
    top = H * (0.36 if look.flower_drawing else 0.2)
    place_glyph(c, look, look.honour_font, ch, (MARGIN + 6, top, W - MARGIN - 6, H - MARGIN), rgb, rng)
    number = str(k + 1) if look.flower_number == "arabic" else NUMERALS[k]
    size = 34
    left = "l" in look.flower_corner
    nx0 = MARGIN if left else W - MARGIN - size
    ny0 = MARGIN if "t" in look.flower_corner else H - MARGIN - size
    num_rgb = look.red if rgb is not look.red else look.blue
    place_glyph(c, look, look.font, number, (nx0, ny0, nx0 + size, ny0 + size), num_rgb, rng)
    if look.flower_drawing:
        # A small sprig: petals round a heart (flowers) or three leaves (seasons), away from the number.
        px = W * (0.66 if left else 0.34)
        py = H * 0.2
        petal_rgb = [look.red, look.blue, look.green, look.red][k]
        if season:
            for a in (-40, 0, 40):
                r = math.radians(a - 90)
                c.paint(ellipse(px + math.cos(r) * 14, py + math.sin(r) * 14, 14, 6, a - 90), look.green)
            c.paint(disk(px, py + 4, 6), petal_rgb)
        else:
            for i in range(5):
                r = 2 * math.pi * i / 5 + rng.uniform(-0.1, 0.1)
                c.paint(disk(px + math.cos(r) * 13, py + math.sin(r) * 13, 9), petal_rgb)
            c.paint(disk(px, py, 6), look.green if petal_rgb is not look.green else look.red)
            c.paint(line((px, py + 20), (px - 10, py + 38), 3), look.green)
    return c.bgra()


# ---------------------------------------------------------------- the set

def procedural_style(rng: np.random.Generator) -> Style:
    """One random, consistent tile set: code -> BGRA face (FACE_SIZE, transparent background)."""
    look = SetLook(rng)
    faces: dict[str, np.ndarray] = {}
    for n in range(1, 10):
        faces[f"{n}m"] = characters_face(look, n, rng)
        faces[f"{n}p"] = dots_face(look, n, rng)
        faces[f"{n}s"] = bamboo_face(look, n, rng)
    for n in range(1, 8):
        faces[f"{n}z"] = honour_face(look, n, rng)
    for n in range(1, 9):
        faces[f"{n}f"] = flower_face(look, n, rng)
    if look.red_fives:
        faces["0m"] = characters_face(look, 5, rng, red=True)
        faces["0p"] = dots_face(look, 5, rng, red=True)
        faces["0s"] = bamboo_face(look, 5, rng, red=True)
    if look.corner_index:
        faces = {code: with_corner_index(face, look, code, rng) for code, face in faces.items()}
    if look.worn:
        faces = {code: worn(face, look, rng) for code, face in faces.items()}
    if look.face_frame:
        faces = {code: with_frame(face, look) for code, face in faces.items()}
    return Style(name="procedural", faces=faces, dark_body=look.dark_body)


def corner_label(code: str) -> str | None:
    """The index a set with corner indices prints on ``code``: the number of a suit tile (a red
    five is a 5), the wind's letter; dragons and bonus tiles keep none (sets differ too much)."""
    n, suit = code[0], code[1]
    if suit in "mps":
        return "5" if n == "0" else n
    if suit == "z" and n in "1234":
        return WIND_LETTERS[int(n) - 1]
    return None


def with_corner_index(face: np.ndarray, look: SetLook, code: str, rng) -> np.ndarray:
    """``face`` with its drawing shrunk towards the far corner and the index in the near one."""
    label = corner_label(code)
    if label is None:
        return face
    k = look.index_shrink
    sw, sh = int(round(W * k)), int(round(H * k))
    small = cv2.resize(face, (sw, sh), interpolation=cv2.INTER_AREA)
    out = np.zeros_like(face)
    x0 = W - sw - MARGIN // 2 if look.index_corner == "tl" else MARGIN // 2
    y0 = H - sh - MARGIN // 2
    out[y0:y0 + sh, x0:x0 + sw] = small
    c = Canvas()
    size = min(W - sw, H - sh) + 10
    ix0 = MARGIN // 2 if look.index_corner == "tl" else W - MARGIN // 2 - size
    place_glyph(c, look, look.font, label, (ix0, MARGIN // 2, ix0 + size, MARGIN // 2 + size), look.index_rgb, rng)
    return over(c.bgra(), out)


def over(top: np.ndarray, bottom: np.ndarray) -> np.ndarray:
    """BGRA ``top`` composited over BGRA ``bottom``."""
    ta, ba = top[..., 3:4] / 255.0, bottom[..., 3:4] / 255.0
    a = ta + ba * (1 - ta)
    colour = (top[..., :3] * ta + bottom[..., :3] * ba * (1 - ta)) / np.maximum(a, 1e-6)
    return np.clip(np.round(np.dstack([colour, a * 255])), 0, 255).astype(np.uint8)


def worn(face: np.ndarray, look: SetLook, rng) -> np.ndarray:
    """``face`` with thinner ink: lower opacity and small spots where the ink has worn off."""
    out = face.copy()
    alpha = out[..., 3].astype(np.float32) * look.worn_alpha
    if look.worn_speckle > 0:
        spots = cv2.GaussianBlur(rng.random((H, W)).astype(np.float32), (0, 0), 1.5)
        alpha *= np.clip((spots - look.worn_speckle * 0.5) * 4, 0, 1) * 0.5 + 0.5
    out[..., 3] = np.clip(alpha, 0, 255).astype(np.uint8)
    return out


def with_frame(face: np.ndarray, look: SetLook) -> np.ndarray:
    """``face`` (BGRA) with the set's frame painted round it."""
    m = face_frame(look)[..., None]
    bgr = face[..., :3].astype(np.float32) * (face[..., 3:4] / 255.0)
    rgb_frame = np.asarray(look.frame_rgb, np.float32)[::-1]
    a = face[..., 3:4] / 255.0 * (1 - m) + m
    colour = (bgr * (1 - m) + m * rgb_frame) / np.maximum(a, 1e-6)
    return np.clip(np.round(np.dstack([colour, a * 255])), 0, 255).astype(np.uint8)


#: Seeds of the procedural sets the renderer draws from, and how many stay in memory (a set is
#: about 6 MB). A draw outside the cache generates a fresh set.
PROCEDURAL_SEEDS = 100_000
PROCEDURAL_CACHE = 48


@lru_cache(maxsize=PROCEDURAL_CACHE)
def pooled_procedural_style(seed: int) -> Style:
    return procedural_style(np.random.default_rng([seed, 0x7E11E5]))
