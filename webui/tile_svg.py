"""Tile pictures drawn in code as SVG (the app draws its own tiles).

``tile_svg(code)`` returns a standalone SVG document for a tile code (``1m``-``9m``, ``1p``-``9p``,
``1s``-``9s``, ``1z``-``7z``, ``0m/0p/0s`` red fives, ``1f``-``8f``), ``"back"`` (a face-down
tile) or ``"unknown"``. Characters carry the Chinese numeral over 萬, dots and bamboo are laid
out as on real tiles, winds and dragons use their characters, flowers and seasons their
character with a corner number. Red fives are drawn in red.
"""
from __future__ import annotations

from functools import lru_cache
from xml.sax.saxutils import escape

from scorer import tiles as T

W, H = 60, 80
NUMERALS = "一二三四五六七八九"
WIND_CHARS = {"1z": "東", "2z": "南", "3z": "西", "4z": "北"}
FLOWER_CHARS = {"1f": "梅", "2f": "蘭", "3f": "菊", "4f": "竹", "5f": "春", "6f": "夏", "7f": "秋", "8f": "冬"}
FONT = "'Noto Sans CJK SC','Noto Serif CJK SC','WenQuanYi Micro Hei','Microsoft YaHei','PingFang SC',serif"
BLUE, GREEN, RED, INK = "#1f4e9c", "#1c7c3c", "#c62828", "#1b1b1b"

_DOT_LAYOUTS = {
    1: [(30, 40, 17)],
    2: [(30, 23, 11), (30, 57, 11)],
    3: [(15, 18, 9), (30, 40, 9), (45, 62, 9)],
    4: [(18, 23, 10), (42, 23, 10), (18, 57, 10), (42, 57, 10)],
    5: [(17, 20, 9), (43, 20, 9), (30, 40, 9), (17, 60, 9), (43, 60, 9)],
    6: [(18, 16, 8), (42, 16, 8), (18, 44, 8), (42, 44, 8), (18, 64, 8), (42, 64, 8)],
    7: [(14, 13, 7), (30, 21, 7), (46, 29, 7), (18, 48, 7.5), (42, 48, 7.5), (18, 66, 7.5), (42, 66, 7.5)],
    8: [(18, y, 7.5) for y in (13, 31, 49, 67)] + [(42, y, 7.5) for y in (13, 31, 49, 67)],
    9: [(x, y, 7.5) for y in (16, 40, 64) for x in (14, 30, 46)],
}
# Colour of each dot, per tile (real sets mix blue, green and red).
_DOT_COLOURS = {
    1: [RED], 2: [GREEN, BLUE], 3: [BLUE, RED, GREEN], 4: [BLUE, GREEN, GREEN, BLUE],
    5: [BLUE, GREEN, RED, GREEN, BLUE], 6: [GREEN, GREEN, RED, RED, RED, RED],
    7: [GREEN, GREEN, GREEN, RED, RED, RED, RED], 8: [BLUE] * 8,
    9: [BLUE, BLUE, BLUE, RED, RED, RED, GREEN, GREEN, GREEN],
}
_STICK_LAYOUTS = {
    2: [(30, 23), (30, 57)],
    3: [(30, 23), (19, 57), (41, 57)],
    4: [(19, 23), (41, 23), (19, 57), (41, 57)],
    5: [(16, 23), (44, 23), (30, 40), (16, 57), (44, 57)],
    6: [(x, y) for y in (23, 57) for x in (16, 30, 44)],
    7: [(30, 14)] + [(x, y) for y in (41, 65) for x in (16, 30, 44)],
    8: [(x, y) for y in (23, 57) for x in (12, 24, 36, 48)],
    9: [(x, y) for y in (15, 40, 65) for x in (16, 30, 44)],
}
_RED_STICKS = {5: {2}, 7: {0}, 9: {1, 4, 7}}


def _frame(body: str, *, face: str = "#fbf8ef", edge: str = "#c9c1a8") -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
            f'<rect x="1" y="2" width="{W - 2}" height="{H - 2}" rx="7" fill="{edge}"/>'
            f'<rect x="1" y="1" width="{W - 2}" height="{H - 4}" rx="7" fill="{face}" '
            f'stroke="#8f876f" stroke-width="1"/>{body}</svg>')


def _text(x, y, s, size, colour, weight="bold") -> str:
    return (f'<text x="{x}" y="{y}" font-family="{FONT}" font-size="{size}" font-weight="{weight}" '
            f'fill="{colour}" text-anchor="middle" dominant-baseline="central">{escape(s)}</text>')


def _characters(n: int, red: bool) -> str:
    return _text(30, 24, NUMERALS[n - 1], 26, RED if red else INK) + _text(30, 57, "萬", 28, RED)


def _dots(n: int, red: bool) -> str:
    out = []
    for (x, y, r), colour in zip(_DOT_LAYOUTS[n], _DOT_COLOURS[n]):
        colour = RED if red else colour
        out.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>'
                   f'<circle cx="{x}" cy="{y}" r="{r * 0.68:.1f}" fill="#fbf8ef"/>'
                   f'<circle cx="{x}" cy="{y}" r="{r * 0.42:.1f}" fill="{colour}"/>')
        if n == 1:
            out.append(f'<circle cx="{x}" cy="{y}" r="{r * 0.15:.1f}" fill="#fbf8ef"/>')
    return "".join(out)


def _stick(x, y, colour, h=20) -> str:
    top = y - h / 2
    return (f'<rect x="{x - 3.5}" y="{top}" width="7" height="{h}" rx="3" fill="{colour}"/>'
            f'<line x1="{x - 3.5}" y1="{y}" x2="{x + 3.5}" y2="{y}" stroke="#fbf8ef" stroke-width="1.4"/>'
            f'<line x1="{x}" y1="{top + 2}" x2="{x}" y2="{top + h - 2}" stroke="#fbf8ef" stroke-width="0.8"/>')


def _bamboo(n: int, red: bool) -> str:
    if n == 1:  # the sparrow of 1 bamboo
        return ('<ellipse cx="30" cy="44" rx="14" ry="18" fill="#2e7d32"/>'
                '<circle cx="30" cy="22" r="8" fill="#c62828"/>'
                '<polygon points="30,20 40,24 31,26" fill="#f9a825"/>'
                '<circle cx="28" cy="20" r="1.8" fill="#fbf8ef"/>'
                '<polygon points="22,58 30,74 38,58" fill="#1f4e9c"/>'
                '<path d="M20 40 Q30 52 40 40" stroke="#fbf8ef" stroke-width="2" fill="none"/>')
    h = 18 if n in (7, 9) else 22
    reds = _RED_STICKS.get(n, set())
    return "".join(_stick(x, y, RED if (red or i in reds) else GREEN, h)
                   for i, (x, y) in enumerate(_STICK_LAYOUTS[n]))


def _honour(code: str) -> str:
    if code in WIND_CHARS:
        return _text(30, 42, WIND_CHARS[code], 36, INK) + _text(51, 10, "ESWN"[int(code[0]) - 1], 9, BLUE)
    if code == "5z":  # white dragon: a blue frame
        return ('<rect x="12" y="14" width="36" height="50" rx="3" fill="none" stroke="#1f4e9c" stroke-width="4"/>'
                '<rect x="18" y="20" width="24" height="38" rx="2" fill="none" stroke="#1f4e9c" stroke-width="1.5"/>')
    if code == "6z":
        return _text(30, 42, "發", 36, GREEN)
    return _text(30, 42, "中", 38, RED)


def _bonus(code: str) -> str:
    n = int(code[0])
    colour = RED if n <= 4 else BLUE
    petals = "".join(f'<circle cx="{30 + 8 * dx}" cy="{58 + 8 * dy}" r="5" fill="{colour}" opacity="0.75"/>'
                     for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)))
    return (_text(30, 28, FLOWER_CHARS[code], 30, INK) + petals
            + '<circle cx="30" cy="58" r="3.5" fill="#f9a825"/>'
            + _text(51, 10, str((n - 1) % 4 + 1), 10, colour))


@lru_cache(maxsize=64)
def tile_svg(code: str) -> str:
    """A standalone SVG for ``code``; raises KeyError for anything else."""
    if code == "back":
        return _frame('<rect x="5" y="5" width="50" height="68" rx="5" fill="#2e6e4f"/>'
                      '<rect x="9" y="9" width="42" height="60" rx="4" fill="none" stroke="#9fd0b5" '
                      'stroke-width="1.2"/>', face="#2e6e4f", edge="#1d4a34")
    if code == "unknown":
        return _frame(_text(30, 40, "?", 40, "#888"), face="#eeeeee")
    if not T.is_valid_code(code):
        raise KeyError(code)
    suit, red = code[1], T.is_red(code)
    n = T.number(code)
    if suit == "m":
        body = _characters(n, red)
    elif suit == "p":
        body = _dots(n, red)
    elif suit == "s":
        body = _bamboo(n, red)
    elif suit == "z":
        body = _honour(code)
    else:
        body = _bonus(code)
    return _frame(body)


def tile_label(code: str | None) -> str:
    if code in (None, "back"):
        return "face-down tile"
    if code == "unknown":
        return "unknown tile"
    try:
        return T.tile_name(code)
    except (KeyError, IndexError, ValueError):
        return str(code)


#: Tiles offered by the tile picker, in picker order.
PICKER_CODES = list(T.TILE_CODES[:27]) + list(T.TILE_CODES[27:]) + list(T.RED_FIVES) + list(T.BONUS_CODES)
