"""The hand: the contract between the CLI, the web API and the vision pipeline
(README, "Tiles and hand notation").

A :class:`Hand` is built from the hand JSON (``Hand.from_dict``) or from notation
(``scorer.notation.parse``) and is always valid as a *structure*: real tile codes, at most four
copies, legal melds, 14 tiles counting each kong as three, the winning tile among the standing
tiles (or 13 tiles held and the eighth flower as the winning tile: Hong Kong, 004 6D). Whether it
is a *complete winning hand* depends on the rule set (knitted hands exist only in MCR), so that is
decided when scoring.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from . import errors
from . import tiles as T
from .context import Context, RELATIVE_SEATS

MELD_TYPES = ("chow", "pung", "kong")
_MELD_KEYS = {"type", "tiles", "concealed", "claimed", "from", "added"}
_HAND_KEYS = {"concealed", "melds", "winning_tile", "bonus", "context"}


#: What the tile count says of four identical tiles left standing; ``scorer.to_hand`` adds how a
#: kong is typed after it, where the hand was typed.
#: Said of 15 tiles: the usual slip is the winning tile written with the others and after the space
TWICE_WRITTEN = "; the winning tile is one of the 14: written after the space, it is not written before it too"
KONG_STANDING = "stand in the hand: a kong counts as 3, so declare them as a kong"
#: Said of 15 tiles whose winning tile is written once: a tile is extra, not written twice
ONE_TOO_MANY = "; one tile too many: remove the one that is not in the hand"


def standing_kong_tile(message: str) -> str | None:
    """The tile of four left standing that a tile count's ``message`` names ("four 1z stand in the
    hand..."), or None where it names none."""
    if KONG_STANDING not in message:
        return None
    return message.split(KONG_STANDING)[0].rstrip().rsplit(" ", 1)[-1]


@dataclass(frozen=True)
class Meld:
    """A declared set laid on the table.

    ``concealed`` is only true for a concealed kong. ``claimed`` is the tile taken from a
    discard (turned sideways in riichi), ``from_`` who discarded it, relative to the winner.
    ``added`` marks a kong made by adding a drawn tile to an exposed pung.
    """
    type: str
    tiles: tuple[str, ...]
    concealed: bool = False
    claimed: str | None = None
    from_: str | None = None
    added: bool = False

    @property
    def indices(self) -> tuple[int, ...]:
        return tuple(T.index(t) for t in self.tiles)

    @property
    def first(self) -> int:
        """Index of the lowest tile: identifies the set (chow 123 → index of 1)."""
        return min(self.indices)

    def to_dict(self) -> dict:
        return {"type": self.type, "tiles": list(self.tiles), "concealed": self.concealed,
                "claimed": self.claimed, "from": self.from_,
                **({"added": True} if self.added else {})}

    @classmethod
    def from_dict(cls, d, where: str = "melds[?]") -> "Meld":
        if not isinstance(d, dict):
            raise errors.HandError(errors.BAD_MELD, "a meld must be an object", field=where)
        unknown = set(d) - _MELD_KEYS
        if unknown:
            raise errors.HandError(errors.UNKNOWN_KEY, f"unknown meld key(s): {', '.join(sorted(unknown))}",
                                   field=f"{where}.{sorted(unknown)[0]}")
        kind = d.get("type")
        if kind not in MELD_TYPES:
            raise errors.HandError(errors.BAD_MELD, f"meld type must be chow, pung or kong, not {kind!r}",
                                   field=f"{where}.type")
        tiles = d.get("tiles")
        if not isinstance(tiles, (list, tuple)):
            raise errors.HandError(errors.BAD_MELD, "meld tiles must be a list", field=f"{where}.tiles")
        for i, c in enumerate(tiles):
            _check_playing(c, f"{where}.tiles[{i}]")
        for key in ("concealed", "added"):
            if not isinstance(d.get(key, False), bool):
                raise errors.HandError(errors.BAD_FIELD, f"{key} must be true or false", field=f"{where}.{key}")
        return make_meld(kind, tiles, concealed=d.get("concealed", False), claimed=d.get("claimed"),
                         from_=d.get("from"), added=d.get("added", False), where=where)


def make_meld(kind, tiles, *, concealed=False, claimed=None, from_=None, added=False,
              where="meld") -> Meld:
    """Build a meld and check that it is one: a chow of three in a row, a pung or a kong."""
    tiles = tuple(T.sorted_codes(tiles))
    want = 4 if kind == "kong" else 3
    if len(tiles) not in (3, 4):
        # two tiles left of a pung are no chow short of one (the review page names such a group
        # "chow" for want of a better guess): say what a meld is
        raise errors.HandError(errors.BAD_MELD, f"a meld has 3 or 4 tiles, not {len(tiles)}", field=f"{where}.tiles")
    if len(tiles) != want:
        raise errors.HandError(errors.BAD_MELD, f"a {kind} has {want} tiles, not {len(tiles)}",
                               field=f"{where}.tiles")
    idx = [T.index(t) for t in tiles]
    if kind == "chow":
        ok = (tiles[0][1] in T.NUMBER_SUITS and len({t[1] for t in tiles}) == 1
              and idx[1] == idx[0] + 1 and idx[2] == idx[0] + 2)
        if not ok:
            raise errors.HandError(errors.BAD_MELD, f"{''.join(tiles)} is not a chow "
                                   "(three consecutive tiles of one suit)", field=f"{where}.tiles")
    elif len(set(idx)) != 1:
        # what a pung or kong is, as the chow's says it ("6p6z6z6z is not a kong (identical
        # tiles)" read as a claim that its tiles were identical)
        raise errors.HandError(errors.BAD_MELD, f"{''.join(tiles)} is not a kong (four identical tiles)" if kind == "kong"
                               else f"{''.join(tiles)} is not a pung (three identical tiles)", field=f"{where}.tiles")
    if concealed and kind != "kong":
        raise errors.HandError(errors.BAD_MELD, "only a kong can be declared concealed; a concealed "
                               "chow or pung stays among the standing tiles", field=f"{where}.concealed")
    if claimed is not None:
        _check_playing(claimed, f"{where}.claimed")
        if concealed:
            raise errors.HandError(errors.BAD_MELD, "a concealed kong has no claimed tile",
                                   field=f"{where}.claimed")
        if T.normalize(claimed) not in {T.normalize(t) for t in tiles}:
            raise errors.HandError(errors.BAD_MELD, f"claimed tile {claimed} is not in the meld",
                                   field=f"{where}.claimed")
    if from_ is not None:
        if from_ not in RELATIVE_SEATS:
            raise errors.HandError(errors.BAD_FIELD, f"from must be left, across, right or null, not {from_!r}",
                                   field=f"{where}.from")
        if concealed:
            raise errors.HandError(errors.BAD_MELD, "a concealed kong was not claimed from anyone",
                                   field=f"{where}.from")
        if kind == "chow" and from_ != "left":
            raise errors.HandError(errors.BAD_MELD, "a chow can only be claimed from the player on the "
                                   "left", field=f"{where}.from")
    if kind == "chow" and claimed is not None and from_ is None:
        from_ = "left"  # only the player on the left may be claimed from for a chow (000, Réclamation)
    if added and (kind != "kong" or concealed):
        raise errors.HandError(errors.BAD_MELD, "only an exposed kong can be an added kong",
                               field=f"{where}.added")
    return Meld(kind, tiles, concealed, claimed, from_, added)


def _check_playing(code, where):
    if not T.is_valid_code(code):
        raise errors.HandError(errors.UNKNOWN_TILE, f"{code!r} is not a tile code (1m-9m, 1p-9p, 1s-9s, "
                               "1z-7z, 0m/0p/0s, 1f-8f)", field=where)
    if T.is_bonus(code):
        raise errors.HandError(errors.UNKNOWN_TILE, f"{code} is a flower/season: put it in bonus",
                               field=where)


@dataclass(frozen=True)
class Hand:
    concealed: tuple[str, ...]
    melds: tuple[Meld, ...]
    winning_tile: str
    bonus: tuple[str, ...] = ()
    context: Context = field(default_factory=Context)

    def __post_init__(self):
        _validate(self)

    # -- views used by scorers -------------------------------------------------------------
    @property
    def concealed_counts(self) -> list[int]:
        counts = [0] * 34
        for t in self.concealed:
            counts[T.index(t)] += 1
        return counts

    @property
    def all_tiles(self) -> list[str]:
        out = list(self.concealed)
        for m in self.melds:
            out.extend(m.tiles)
        return out

    @property
    def won_on_flower(self) -> bool:
        """Won on the eighth flower or season (004 6D): the 13 tiles held need form no hand."""
        return T.is_bonus_code(self.winning_tile)

    @property
    def kong_count(self) -> int:
        """Kongs declared, exposed or concealed (a win on a replacement tile needs one)."""
        return sum(1 for m in self.melds if m.type == "kong")

    @property
    def is_closed(self) -> bool:
        """No set was claimed from a discard (concealed kongs keep a hand closed)."""
        return all(m.concealed for m in self.melds)

    # -- JSON --------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"concealed": list(self.concealed), "melds": [m.to_dict() for m in self.melds],
                "winning_tile": self.winning_tile, "bonus": list(self.bonus),
                "context": self.context.to_dict()}

    @classmethod
    def from_dict(cls, d) -> "Hand":
        if not isinstance(d, dict):
            raise errors.HandError(errors.BAD_FIELD, "a hand must be a JSON object")
        unknown = set(d) - _HAND_KEYS
        if unknown:
            k = sorted(unknown)[0]
            raise errors.HandError(errors.UNKNOWN_KEY, f"unknown hand key {k!r}; known keys: "
                                   f"{', '.join(sorted(_HAND_KEYS))}", field=k)
        concealed = d.get("concealed")
        if not isinstance(concealed, (list, tuple)):
            raise errors.HandError(errors.BAD_FIELD, "concealed must be a list of tile codes",
                                   field="concealed")
        for i, c in enumerate(concealed):
            _check_playing(c, f"concealed[{i}]")
        melds_in = d.get("melds", [])
        if not isinstance(melds_in, (list, tuple)):
            raise errors.HandError(errors.BAD_FIELD, "melds must be a list", field="melds")
        melds = tuple(Meld.from_dict(m, f"melds[{i}]") for i, m in enumerate(melds_in))
        win = d.get("winning_tile")
        if win is None:
            raise errors.HandError(errors.BAD_FIELD, "winning_tile is required", field="winning_tile")
        if not T.is_bonus_code(win):      # the eighth flower may win (004 6D)
            _check_playing(win, "winning_tile")
        bonus = d.get("bonus", [])
        if not isinstance(bonus, (list, tuple)):
            raise errors.HandError(errors.BAD_FIELD, "bonus must be a list", field="bonus")
        for i, c in enumerate(bonus):
            if not (T.is_valid_code(c) and T.is_bonus(c)):
                raise errors.HandError(errors.UNKNOWN_TILE, f"{c!r} is not a flower or season (1f-8f)",
                                       field=f"bonus[{i}]")
        return cls(tuple(T.sorted_codes(concealed)), melds, win, tuple(T.sorted_codes(bonus)),
                   Context(d.get("context")))


def _validate_eight_flowers(hand: Hand, n: int) -> None:
    """A win on the eighth flower (004 6D, « Tout joueur qui accumule les huit tuiles Fleur ... remporte
    donc la partie »): the 13 tiles held, all eight flowers and seasons laid out, the winning one
    among them."""
    if len(set(hand.bonus)) != 8 or hand.winning_tile not in hand.bonus:
        raise errors.HandError(errors.WINNING_TILE_NOT_IN_HAND, f"a flower or season ({hand.winning_tile}) wins "
                               "only as the eighth of all eight, laid out with the others (004 6D)",
                               field="winning_tile")
    if n != 13:
        raise errors.HandError(errors.WRONG_TILE_COUNT, f"a win on the eighth flower is made with the 13 tiles "
                               f"held, not {n}: {len(hand.concealed)} standing + {len(hand.melds)} meld(s) × 3 "
                               "(004 6D)", field="concealed")
    _check_each_bonus_once(hand)


def _check_each_bonus_once(hand: Hand) -> None:
    for code, c in Counter(hand.bonus).items():
        if c > 1:
            raise errors.HandError(errors.TOO_MANY_COPIES, f"{code} appears {c} times: each flower and "
                                   "season exists once", field="bonus")


#: What a hand of 13 tiles lacks, said after its tile count (``_one_short``); scorer.notation says
#: it otherwise when the winning tile was written apart (``one_short_beside``).
ONE_SHORT_WAITS = "; add the tile it won on, after a space: it waits on "
ONE_SHORT_NONE = ("; add the tile it won on: no tile completes these 13 as sets and a pair, seven pairs or "
                  "thirteen orphans")


def _one_short(hand: Hand) -> str:
    """What a hand of 13 tiles lacks: the tile it won on, and the tiles that would complete it as
    sets and a pair, seven pairs or thirteen orphans (a fifth copy left out)."""
    from .decompose import completing_tiles
    held = [0] * 34
    for t in hand.all_tiles:
        held[T.index(t)] += 1
    found = completing_tiles(hand.concealed_counts, len(hand.melds), held, seven_pairs=True)
    if found:
        return ONE_SHORT_WAITS + T.tiles_or(found)
    return ONE_SHORT_NONE


def one_short_beside(message: str, winning: str) -> str | None:
    """``message``, a 13-tile hand's count and hint, said for a hand whose winning tile
    ``winning`` was written apart: the tile missing is one of the others, not the one it won on
    (a player who wrote "123m456p789s11z2z 2z" was asked to add the tile it won on). None when
    ``message`` holds no such hint."""
    if message.endswith(ONE_SHORT_NONE):
        return (message[:-len(ONE_SHORT_NONE)] + f"; a tile is missing beside the winning tile {winning}, "
                "written apart, and no tile completes these 13 as sets and a pair, seven pairs or thirteen orphans")
    at = message.rfind(ONE_SHORT_WAITS)
    if at == -1:
        return None
    return (message[:at] + f"; a tile is missing beside the winning tile {winning}, written apart: the hand waits "
            f"on {message[at + len(ONE_SHORT_WAITS):]}")


def _validate(hand: Hand) -> None:
    counts = Counter(T.normalize(t) for t in hand.all_tiles)
    for code, c in counts.items():
        if c > 4:
            in_melds = [i for i, m in enumerate(hand.melds) for t in m.tiles if T.normalize(t) == code]
            if not in_melds:
                raise errors.HandError(errors.TOO_MANY_COPIES, f"{c} copies of {code}: a tile set has only 4 of "
                                       "each tile", field="concealed")
            # spread over sets and standing tiles: said where they are (the field named the standing
            # tiles alone, which held two of five)
            raise errors.HandError(errors.TOO_MANY_COPIES, f"{c} copies of {code} ({len(in_melds)} in sets, "
                                   f"{c - len(in_melds)} standing): a tile set has only 4 of each tile",
                                   field="concealed" if c > len(in_melds) else f"melds[{in_melds[0]}]")
    n = len(hand.concealed) + 3 * len(hand.melds)
    if hand.won_on_flower:
        _validate_eight_flowers(hand, n)
        return
    if n != 14:
        what = "few" if n < 14 else "many"
        message = (f"too {what} tiles: {len(hand.concealed)} standing + {len(hand.melds)} meld(s) × 3 = {n}, a "
                   "winning hand has 14 with its winning tile (a kong counts as 3)")
        if 1 <= len(hand.melds) <= 2 and all(m.type == "kong" for m in hand.melds) \
                and len(hand.concealed) == 14 - 4 * len(hand.melds) \
                and all(c % 2 == 0 for c in Counter(T.normalize(t) for t in hand.concealed).values()):
            # pairs standing beside kongs, 14 tiles in all: seven pairs written with the four tiles
            # declared (000 n°19 « sans s'en servir pour faire un Kong », n°55 « sept paires »);
            # three kongs and a pair or two are a hand with kongs short of a set or a tile
            message += "; seven pairs has no kong: its four identical tiles stay standing, as two pairs"
        elif n == 13 and len(set(hand.bonus)) == 8:
            # the 13 tiles held and all eight flowers: the win is on the eighth (004 6D)
            message += "; with all eight flowers and seasons the eighth is the winning tile (004 6D)"
        elif n > 14 and (four := sorted(t for t, k in Counter(T.normalize(c) for c in hand.concealed).items()
                                        if k == 4)) and four != [T.normalize(hand.winning_tile)]:
            # four identical tiles left standing, tapped or written: a kong is declared apart (000,
            # Tuile de remplacement - Kong; 002 §3.3.5-3.3.7), where it counts as 3 ("written after
            # the space" told a player tapping tiles about a notation he never wrote)
            message += f"; four {four[0]} {KONG_STANDING} (concealed or exposed), not as four standing tiles"
        elif n == 15 and sum(T.normalize(t) == T.normalize(hand.winning_tile) for t in hand.concealed) > 1:
            # the usual slip: the 14 tiles written, then the winning tile again after the space
            message += TWICE_WRITTEN
        elif n == 15:
            # no tile written twice: blaming the winning tile sent a player looking in the wrong place
            message += ONE_TOO_MANY
        elif n == 13:
            # a hand waiting to win, its winning tile left out: a beginner told only the count did
            # not know what was missing
            message += _one_short(hand)
        raise errors.HandError(errors.WRONG_TILE_COUNT, message, field="concealed")
    _check_each_bonus_once(hand)
    if T.normalize(hand.winning_tile) not in {T.normalize(t) for t in hand.concealed}:
        raise errors.HandError(errors.WINNING_TILE_NOT_IN_HAND,
                               f"winning tile {hand.winning_tile} is not among the standing tiles",
                               field="winning_tile")
