"""Canonical tile codes and the small predicates every rule set needs.

Codes (README, "Tiles and hand notation"): ``1m``-``9m`` characters, ``1p``-``9p`` dots,
``1s``-``9s`` bamboo, ``1z``-``7z`` East South West North White Green Red (riichi order),
``0m 0p 0s`` red fives, ``1f``-``4f`` flowers and ``5f``-``8f`` seasons.

Internally a playing tile is an index 0..33 (m, p, s, z); red fives share the index of the
plain five and carry their redness separately, because only riichi scores them.
"""
from __future__ import annotations

SUITS = "mpsz"
NUMBER_SUITS = "mps"
BONUS_SUIT = "f"

#: Every playing tile code in index order (0..33).
TILE_CODES: tuple[str, ...] = tuple(
    f"{n}{s}" for s in NUMBER_SUITS for n in range(1, 10)
) + tuple(f"{n}z" for n in range(1, 8))
RED_FIVES: tuple[str, ...] = ("0m", "0p", "0s")
BONUS_CODES: tuple[str, ...] = tuple(f"{n}f" for n in range(1, 9))
#: Every code a physical tile can carry (face-down tiles are a vision concept, not a code).
ALL_CODES: tuple[str, ...] = TILE_CODES + RED_FIVES + BONUS_CODES

_INDEX = {code: i for i, code in enumerate(TILE_CODES)}
_INDEX.update({"0m": 4, "0p": 13, "0s": 22})

WINDS = ("1z", "2z", "3z", "4z")
DRAGONS = ("5z", "6z", "7z")
WIND_LETTERS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z"}
DRAGON_LETTERS = {"P": "5z", "F": "6z", "C": "7z"}  # Bai (white), Fa (green), Chun/Zhong (red)

ENGLISH_NAMES = {
    "m": "Characters", "p": "Dots", "s": "Bamboo",
}
HONOUR_NAMES = {
    "1z": "East", "2z": "South", "3z": "West", "4z": "North",
    "5z": "White", "6z": "Green", "7z": "Red",
}
BONUS_NAMES = {
    "1f": "Plum", "2f": "Orchid", "3f": "Chrysanthemum", "4f": "Bamboo (flower)",
    "5f": "Spring", "6f": "Summer", "7f": "Autumn", "8f": "Winter",
}


def is_valid_code(code: object) -> bool:
    return isinstance(code, str) and code in _VALID


_VALID = frozenset(ALL_CODES)


def index(code: str) -> int:
    """Index 0..33 of a playing tile (red fives map to their five)."""
    return _INDEX[code]


def code_of(idx: int) -> str:
    return TILE_CODES[idx]


def normalize(code: str) -> str:
    """The plain code of a tile: red fives become fives."""
    return TILE_CODES[_INDEX[code]] if code in RED_FIVES else code


def is_bonus(code: str) -> bool:
    return code[1] == BONUS_SUIT


def is_bonus_code(code: object) -> bool:
    """A flower or season's code, checked: what a hand's winning tile is when won on the eighth (004 6D)."""
    return is_valid_code(code) and is_bonus(code)


def is_red(code: str) -> bool:
    return code in RED_FIVES


def suit(code: str) -> str:
    return code[1]


def number(code: str) -> int:
    """Face number; 5 for red fives; honour index for ``z``."""
    n = int(code[0])
    return 5 if n == 0 else n


def is_honour(code: str) -> bool:
    return code[1] == "z"


def is_terminal(code: str) -> bool:
    return code[1] in NUMBER_SUITS and code[0] in "19"


def is_terminal_or_honour(code: str) -> bool:
    return code[1] == "z" or code[0] in "19"


def is_wind(code: str) -> bool:
    return code in WINDS


def is_dragon(code: str) -> bool:
    return code in DRAGONS


def tile_name(code: str) -> str:
    """English name of a tile, for explanations ("5 Dots", "Red dragon")."""
    if code in HONOUR_NAMES:
        name = HONOUR_NAMES[code]
        return f"{name} dragon" if code in DRAGONS else f"{name} wind"
    if code in BONUS_NAMES:
        return BONUS_NAMES[code]
    prefix = "Red 5" if code in RED_FIVES else code[0]
    return f"{prefix} {ENGLISH_NAMES[code[1]]}"


def sort_key(code: str) -> tuple[int, int, int]:
    """Order m, p, s, z, f; red five just after its five."""
    s = "mpszf".index(code[1])
    n = int(code[0])
    return (s, 5 if n == 0 else n, 1 if n == 0 else 0)


def sorted_codes(codes) -> list[str]:
    return sorted(codes, key=sort_key)


def next_tile(code: str) -> str:
    """The tile after ``code`` in its cycle: 9→1 within a suit, N→E for winds, red→white for
    dragons. Used for dora (002 §3, indicateurs de dora) and kept here because it is a tile fact."""
    c = normalize(code)
    n, s = int(c[0]), c[1]
    if s in NUMBER_SUITS:
        return f"{n % 9 + 1}{s}"
    if s == "z":
        if n <= 4:
            return f"{n % 4 + 1}z"
        return f"{(n - 5 + 1) % 3 + 5}z"
    raise ValueError(f"bonus tile {code} has no successor")


def tiles_or(codes) -> str:
    """Tiles one of which completes a hand, each by its code: ``['6s', '9s']`` → ``6s or 9s``
    (grouped as notation, "waits on 69s" read as a set, "12z" hid East and South)."""
    codes = list(codes)
    return codes[0] if len(codes) == 1 else ", ".join(codes[:-1]) + " or " + codes[-1]


def group_codes(codes) -> str:
    """Notation of sorted codes, digits of a suit run together: ``['1m','2m','5p']`` → ``12m5p``."""
    out, digits, suit_ = [], "", None
    for c in codes:
        if c[1] != suit_ and digits:
            out.append(digits + suit_)
            digits = ""
        suit_ = c[1]
        digits += c[0]
    if digits:
        out.append(digits + suit_)
    return "".join(out)
