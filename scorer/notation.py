"""Compact hand notation for people (README, "Tiles and hand notation").

Grammar (whitespace is ignored except as a separator):

* standing tiles in mpsz groups: ``123m456p11z``; digits take the suit letter that follows them;
  ``0`` is a red five; ``f`` groups are flowers/seasons (``16f``) and go to the bonus tiles;
* letters ``E S W N`` (winds) and ``P F C`` (white, green, red dragon) stand for ``1z``-``7z``,
  and the French ``O`` (West) and ``B V R`` (« blanc, vert, rouge »);
* ``[555p]`` an exposed meld (``[7777s]`` an exposed kong); ``(1111z)`` a concealed kong;
* inside brackets, the MCR helper style ``[123m,2]`` / ``[555p,1]``, the comma optional
  (``[123m2]``, as the helper writes it): for a chow the number is which tile (1-3, in order) was
  claimed; for a pung or kong it is who discarded: 1 left, 2 across, 3 right; ``[1111z,0]`` is
  accepted as a concealed kong; for a kong 5, 6, 7 mark an added kong of a pung claimed from 1, 2, 3;
* a ``+`` after the tiles or the number marks a kong made by adding a drawn tile to a claimed pung
  (``[3333s,1+]``: pung claimed from the left, fourth tile drawn), the hand JSON's ``added``;
* the winning tile is the last tile written outside brackets.

Where another app reads the same text otherwise (the MCR helper's ``[EEEE]`` is a concealed kong,
its ``567z`` red, green, white), ``notes`` says how it was read.

The canonical form prints melds first, then the standing tiles without the winning tile, a space,
and the winning tile: ``[555p,1](1111z)123m456p1z 1z``. It round-trips with the hand JSON
(tiles and melds; the context travels separately).
"""
from __future__ import annotations

from . import errors
from . import tiles as T
import re
from .context import Context
from .hand import ONE_TOO_MANY, TWICE_WRITTEN, Hand, Meld, make_meld, one_short_beside

# O (« Ouest ») beside W: a French table wrote West with the letter of its own word, and was told
# "unexpected character 'O'"; and the dragons by theirs, B V R (« blanc, vert, rouge »): « [RRR,1] »
# was refused as an unexpected « R »
FRENCH_DRAGON_LETTERS = {"B": "5z", "V": "6z", "R": "7z"}
_LETTERS = {**T.WIND_LETTERS, **T.DRAGON_LETTERS, "O": T.WIND_LETTERS["W"], **FRENCH_DRAGON_LETTERS}
_FROM_CODES = {"1": "left", "2": "across", "3": "right"}
_CODE_OF_FROM = {v: k for k, v in _FROM_CODES.items()}
MAX_LENGTH = 400
# the MCR helper writes a meld's number without a comma ([567m2], [999s3], [8888p1]): a digit
# after the last suit or honour letter is the number
_HELPER_MARK = re.compile(r"^(.*[mpszESWNPFCOBVR])\s*([0-9])\s*$", re.S)
#: A kong's number 5, 6 or 7 (the MCR helper's): an added kong of a pung claimed from 1, 2 or 3
ADDED_KONG_MARKS = {"5": "1", "6": "2", "7": "3"}
_MELDS = re.compile(r"(\[[^\]]*\]|\([^)]*\))")
# A Japanese or Chinese input method types full-width letters and digits (１２３ｍ): read as their
# ASCII forms, one character for one, so that an error's position stays where it was typed
_FULL_WIDTH = {**{c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}, 0x3000: 0x20}
CAPITALS = "suit letters are lowercase (m, p, s, z); capitals name winds and dragons (E S W N, P F C)"
TILE_WRITING = ("a tile is digits then a suit letter: m characters, p dots, s bamboos, z honours, f flowers "
                "and seasons; or a capital for a wind or dragon: E S W N, P F C")


def _not_a_tile(code: str, digits: list[tuple[str, int]], suit: str) -> str:
    """Why ``code`` names no tile: the digits run up to the suit letter after them, so a group
    meant for two suits ("4567891z") names honours 8z and 9z, which are not tiles."""
    # m, p and s take every digit (0: a red five); z and f fewer
    why = {"z": "honours are 1z-7z (E S W N, P F C)", "f": "flowers and seasons are 1f-8f"}[suit]
    message = f"{code} is not a tile: {why}"
    if len(digits) > 1:
        group = "".join(d for d, _ in digits) + suit
        message += (f"; every digit belongs to the suit letter after it: {group} names "
                    + " ".join(d + suit for d, _ in digits))
    return message


def _tiles_of(text: str, offset: int) -> list[tuple[str, int]]:
    """Tiles of a run of mpsz groups and letters, each with its position in the input."""
    out: list[tuple[str, int]] = []
    pending: list[tuple[str, int]] = []
    for i, ch in enumerate(text):
        pos = offset + i
        if ch in "0123456789":       # not str.isdigit: "¹p" (a superscript one) crashed the parser
            pending.append((ch, pos))
        elif ch in "mpszf":
            if not pending:
                raise errors.HandError(errors.BAD_NOTATION, f"suit letter {ch!r} with no numbers before it",
                                       position=pos)
            for d, p in pending:
                code = d + ch
                if not T.is_valid_code(code):
                    raise errors.HandError(errors.UNKNOWN_TILE, _not_a_tile(code, pending, ch), position=p)
                out.append((code, p))
            pending = []
        elif ch in _LETTERS:
            if pending and ch in "PSB":         # 456P, 456B: a suit in capitals (they also name honours)
                raise errors.HandError(errors.BAD_NOTATION, f"unexpected character {ch!r} after numbers: {CAPITALS}",
                                       position=pos)
            if pending:
                raise errors.HandError(errors.BAD_NOTATION, "numbers with no suit letter after them",
                                       position=pending[0][1])
            out.append((_LETTERS[ch], pos))
        elif ch.isspace():
            continue
        elif ch in "MZ":
            raise errors.HandError(errors.BAD_NOTATION, f"unexpected character {ch!r}: {CAPITALS}", position=pos)
        else:
            raise errors.HandError(errors.BAD_NOTATION, f"unexpected character {ch!r}: {TILE_WRITING}", position=pos)
    if pending:
        raise errors.HandError(errors.BAD_NOTATION, "numbers with no suit letter after them",
                               position=pending[0][1])
    return out


def parse_tiles(text: str) -> list[str]:
    """Tile codes of a bare tile list in notation (``"3m5z"``, ``"E P"``): for context keys such
    as dora indicators. Raises :class:`HandError` naming the position."""
    if not isinstance(text, str):
        raise errors.HandError(errors.BAD_NOTATION, "tiles must be text")
    return [code for code, _ in _tiles_of(text[:MAX_LENGTH], 0)]


def _meld_parts(body: str) -> tuple[str, bool, str, bool]:
    """A bracket's body parted: (its tiles' text, whether a comma stood before the number, the
    number, whether a ``+`` marks an added kong)."""
    added = body.rstrip().endswith("+")
    if added:
        body = body.rstrip()[:-1]
    tiles_part, comma, mark = body.partition(",")
    if not comma and (helper := _HELPER_MARK.match(tiles_part)):
        tiles_part, mark = helper.group(1), helper.group(2)
    return tiles_part, bool(comma), mark.strip(), added


def _meld_of(body: str, offset: int, exposed: bool) -> Meld:
    tiles_part, comma, mark, added = _meld_parts(body)
    tiles = [c for c, _ in _tiles_of(tiles_part, offset)]
    if mark in ADDED_KONG_MARKS and exposed:
        if len(tiles) != 4:
            raise errors.HandError(errors.BAD_NOTATION, f"{mark} marks an added kong (4 tiles, the pung claimed "
                                   f"from {ADDED_KONG_MARKS[mark]}): write 1, 2 or 3 for who discarded",
                                   position=offset + len(tiles_part) + (1 if comma else 0))
        added, mark = True, ADDED_KONG_MARKS[mark]
    if added and exposed and len(tiles) == 4 and mark == "0":
        # "[5555p,0+]" was told what an added kong is, not that ,0 (concealed) is the clash
        k = T.group_codes(tiles)
        raise errors.HandError(errors.BAD_MELD, f",0 marks a concealed kong and + an added one, which is claimed: "
                               f"write [{k},0] or ({k}) for a concealed kong, [{k},2+] for an added kong whose pung "
                               "came from across", position=offset - 1)
    if added and (not exposed or len(tiles) != 4):
        raise errors.HandError(errors.BAD_MELD, "+ marks an added kong: 4 tiles in square brackets, the fourth "
                               "drawn and added to a claimed pung", position=offset - 1)
    if any(T.is_bonus(t) for t in tiles):
        raise errors.HandError(errors.BAD_MELD, "flowers cannot be in a meld", position=offset)
    where = f"meld at {offset - 1}"
    if not tiles:
        raise errors.HandError(errors.BAD_MELD, "empty meld", position=offset - 1)
    same = len({T.normalize(t) for t in tiles}) == 1
    kind = "kong" if len(tiles) == 4 else ("pung" if same else "chow")
    if len(tiles) not in (3, 4):
        raise errors.HandError(errors.BAD_MELD, f"a meld has 3 or 4 tiles, not {len(tiles)}",
                               position=offset - 1)
    if not exposed:
        if kind != "kong" or mark:
            raise errors.HandError(errors.BAD_MELD, "parentheses hold a concealed kong of 4 identical tiles",
                                   position=offset - 1)
        return _build(kind, tiles, offset, concealed=True)
    if mark == "":
        return _build(kind, tiles, offset, added=added)
    if mark == "0" and kind == "kong":
        return _build(kind, tiles, offset, concealed=True)
    if mark not in ("1", "2", "3"):
        raise errors.HandError(errors.BAD_NOTATION, f"after the tiles write 1, 2 or 3, not {mark!r}",
                               position=offset + len(tiles_part) + (1 if comma else 0))
    if kind == "chow":
        ordered = T.sorted_codes(tiles)
        return _build(kind, tiles, offset, claimed=ordered[int(mark) - 1], from_="left")
    return _build(kind, tiles, offset, claimed=tiles[0], from_=_FROM_CODES[mark], added=added)


def _build(kind, tiles, offset, **kw) -> Meld:
    try:
        return make_meld(kind, tiles, **kw)
    except errors.HandError as e:
        raise errors.HandError(e.code, e.message, position=offset - 1) from None


def parse(text: str, context: dict | None = None) -> Hand:
    """Parse notation into a :class:`Hand`; raise :class:`HandError` naming the position (and
    carrying ``text``, so that the position can be shown in it)."""
    try:
        return _parse(text, context)
    except errors.HandError as e:
        if e.position is not None and isinstance(text, str):
            e.text = text[:MAX_LENGTH]
        raise


def _parse(text: str, context: dict | None = None) -> Hand:
    if not isinstance(text, str):
        raise errors.HandError(errors.BAD_NOTATION, "notation must be text")
    if len(text) > MAX_LENGTH:
        raise errors.HandError(errors.BAD_NOTATION, f"notation longer than {MAX_LENGTH} characters",
                               position=MAX_LENGTH)
    text = text.translate(_FULL_WIDTH)
    if not text.strip():
        # a caret under nothing at "character 1" said where, not what
        raise errors.HandError(errors.BAD_NOTATION, "no hand written: type its tiles, the winning tile last after a "
                               "space, as in 123m456p789s11z22z 2z")
    standing: list[tuple[str, int]] = []
    melds: list[Meld] = []
    i = 0
    run_start = 0
    closers = {"[": "]", "(": ")"}
    while i <= len(text):
        ch = text[i] if i < len(text) else None
        if ch in closers or ch is None:
            standing.extend(_tiles_of(text[run_start:i], run_start))
            if ch is None:
                break
            end = text.find(closers[ch], i + 1)
            nxt = min([j for j in (text.find("[", i + 1), text.find("(", i + 1)) if j != -1], default=-1)
            if end == -1 or (nxt != -1 and nxt < end):
                raise errors.HandError(errors.BAD_NOTATION, f"{ch!r} is never closed", position=i)
            melds.append(_meld_of(text[i + 1:end], i + 1, exposed=(ch == "[")))
            i = end + 1
            run_start = i
            continue
        if ch in "])":
            raise errors.HandError(errors.BAD_NOTATION, f"{ch!r} closes nothing", position=i)
        i += 1
    bonus = [c for c, _ in standing if T.is_bonus(c)]
    playing = [(c, p) for c, p in standing if not T.is_bonus(c)]
    if not playing and bonus and not melds:
        # "12345678f" alone was told of "no standing tiles", as if the flowers were none
        raise errors.HandError(errors.WRONG_TILE_COUNT, f"only flowers or seasons written ({len(bonus)}): they lie "
                               "apart, and a hand has its 14 playing tiles besides them, the winning tile last",
                               position=len(text))
    if not playing:
        raise errors.HandError(errors.WRONG_TILE_COUNT, "no standing tiles: the winning tile is the last "
                               "tile written outside brackets", position=len(text))
    winning = playing[-1][0]
    if T.is_bonus(standing[-1][0]) and len(set(bonus)) == 8 and len(playing) + 3 * len(melds) == 13:
        # the eighth flower written last, the 13 tiles held before it: won on it (004 6D); written
        # alone after the hand, before the other seven ("... 8f 1234567f"), that one
        winning = _flower_apart(text, standing) or standing[-1][0]
    try:
        return Hand(tuple(T.sorted_codes(c for c, _ in playing)), tuple(melds), winning,
                    tuple(T.sorted_codes(bonus)), Context(context))
    except errors.HandError as e:
        last, at = standing[-1]
        # "... 10m" written apart as the winning tile: read as 1m and 0m (a red five), one tile too
        # many, unsaid; a 1 and a red five within the hand ("10m123m...") are meant so
        ten = re.search(r"(?<![0-9])10([mps])\s*$", text)
        if ten and e.code == errors.WRONG_TILE_COUNT and e.message.startswith("too many tiles"):
            said, suit = e.message.removesuffix(TWICE_WRITTEN).removesuffix(ONE_TOO_MANY), ten.group(1)
            raise errors.HandError(e.code, f"{said}; 10{suit} is read as 1{suit} and 0{suit} (a red 5{suit}): there "
                                   "is no 10", field=e.field, position=ten.start()) from None
        if e.message.endswith(TWICE_WRITTEN) and len(_last_run(text)) > 1:
            # "2342345m456p789s11z", 15 tiles and no space, was told of a tile "written after the space"
            raise errors.HandError(e.code, e.message[:-len(TWICE_WRITTEN)],
                                   field=e.field) from None
        if (beside := one_short_beside(e.message, winning)) is not None and len(_last_run(text)) == 1:
            raise errors.HandError(e.code, beside, field=e.field) from None
        # said only where the flower would make the count (one tile short): "234m567p789s1p 1p 1f",
        # three short, was told to move the winning tile it had written last
        if e.code != errors.WRONG_TILE_COUNT or not T.is_bonus(last) or len(playing) + 3 * len(melds) != 13:
            raise
        # "... 2z 1f" meant as "won on 1f": a flower lies apart and is never the winning tile
        raise errors.HandError(e.code, f"{e.message}; the last tile written, {last}, is a flower or season: "
                               "it lies apart and is not the winning tile (write the winning tile last among the "
                               f"others); a flower wins only under Hong Kong old style, as the eighth of eight: here "
                               f"{len(set(bonus))}",
                               field=e.field, position=at) from None


def _flower_apart(text: str, standing: list[tuple[str, int]]) -> str | None:
    """Among the flowers written after the last playing tile, the one written alone between
    spaces (the last such), or None."""
    last_playing = max(k for k, (c, _) in enumerate(standing) if not T.is_bonus(c))
    trailing = standing[last_playing + 1:]
    runs: list[list[tuple[str, int]]] = []
    for code, pos in trailing:
        if runs and not any(ch.isspace() for ch in text[runs[-1][-1][1] + 1:pos]):
            runs[-1].append((code, pos))
        else:
            runs.append([(code, pos)])
    alone = [run[0][0] for run in runs if len(run) == 1]
    return alone[-1] if alone else None


def _written_apart_before(text: str) -> str | None:
    """A single playing tile written apart (between spaces) before the last group of tiles, as a
    winning tile followed by more tiles is ("... 5p EEE"), or None."""
    outside = " ".join(p for p in _MELDS.split(text) if not p.startswith(("[", "(")))
    for token in reversed(outside.split()[:-1]):
        try:
            tiles = [c for c, _ in _tiles_of(token, 0) if not T.is_bonus(c)]
        except errors.HandError:
            continue
        if len(tiles) == 1:
            return tiles[0]
    return None


def _last_run(text: str) -> list[str]:
    """The playing tiles (not flowers) of the last group of tiles written outside brackets, when a
    space (or a meld) stands before that group: one tile when the winning tile was written apart.
    A group is the tiles of one suit letter (``22z``) or one honour letter; a space inside a group
    (``1 2 3m``, which parses as 123m) does not part it."""
    outside = " ".join(p for p in _MELDS.split(text) if not p.startswith(("[", "(")))
    try:
        tiles = _tiles_of(outside, 0)
    except errors.HandError:
        return []
    letters = [k for k, ch in enumerate(outside) if ch in "mpszf" or ch in _LETTERS]

    def group_of(pos: int) -> int:          # the position of the letter that closes a tile's group
        return next(k for k in letters if k >= pos)
    groups: dict[int, list[str]] = {}
    for code, pos in tiles:
        groups.setdefault(group_of(pos), []).append(code)
    # back from the last group holding a playing tile, up to a space: the run the winning tile ends
    ends = [k for k in sorted(groups) if any(not T.is_bonus(c) for c in groups[k])]
    run: list[str] = []
    for k in reversed(ends):
        run = [c for c in groups[k] if not T.is_bonus(c)] + run
        before = [q for q in groups if q < k]
        first = min(pos for _, pos in tiles if group_of(pos) == k)
        if not before or any(ch.isspace() for ch in outside[max(before) + 1:first]):
            break
    return run


_group = T.group_codes


def _meld_text(m: Meld) -> str:
    body = _group(m.tiles)
    if m.concealed:
        return f"({body})"
    mark = ""
    if m.claimed is not None:
        if m.type == "chow":
            mark = f",{[T.normalize(t) for t in m.tiles].index(T.normalize(m.claimed)) + 1}"
        elif m.from_ is not None:
            mark = f",{_CODE_OF_FROM[m.from_]}"
    return f"[{body}{mark}{'+' if m.added else ''}]"


def format_hand(hand: Hand) -> str:
    """The one canonical notation of a hand."""
    if hand.won_on_flower:      # the 13 tiles held, the other flowers, the eighth that won (004 6D)
        melds = "".join(_meld_text(m) for m in hand.melds)
        others = [b for b in hand.bonus if b != hand.winning_tile]
        return f"{melds}{_group(T.sorted_codes(hand.concealed))} {_group(others)} {hand.winning_tile}"
    rest = list(hand.concealed)
    rest.remove(hand.winning_tile) if hand.winning_tile in rest else rest.remove(
        next(t for t in rest if T.normalize(t) == T.normalize(hand.winning_tile)))
    parts = "".join(_meld_text(m) for m in hand.melds) + _group(T.sorted_codes(rest))
    bonus = _group(hand.bonus)
    return f"{parts} {hand.winning_tile}" + (f" {bonus}" if bonus else "")


def _won_on_flower(text: str) -> bool:
    """Whether ``text`` is a win on the eighth flower, whose 13 tiles held stand as one run with
    nothing left unsaid (False where it is no hand at all)."""
    try:
        return _parse(text).won_on_flower
    except errors.HandError:
        return False


def notes(text: str, rules: str | None = None) -> list[dict]:
    """How ``text``, which parses, was read where a player used to another app may have meant
    otherwise, as ``{"code", "message"}`` (codes ``bare_kong``, ``winning_last``, ``honour_order``);
    empty when nothing is open to doubt. ``rules``: the rule set it is scored under (the MCR
    helper's honour order matters to MCR players)."""
    text = text.translate(_FULL_WIDTH)
    said: list[dict] = []
    bare_kongs: list[str] = []
    for part in _MELDS.split(text):
        if part.startswith("["):
            tiles_part, _, mark, added = _meld_parts(part[1:-1])
            if not mark and not added and len(_tiles_of(tiles_part, 0)) == 4:
                bare_kongs.append(part[1:-1].strip())
    if bare_kongs:
        # the MCR helper reads a bare bracketed kong as concealed (its stringify.h: « [SSSS] 表示暗杠南 »),
        # this notation as exposed: its own example of four such kongs scored 250 here for 308
        said.append({"code": "bare_kong", "message": f"{' '.join(f'[{k}]' for k in bare_kongs)}: read as exposed; "
                     f"a concealed kong is written in parentheses, {' '.join(f'({k})' for k in bare_kongs)} (the MCR "
                     "helper writes it in brackets)"})
    if len(last := _last_run(text)) > 1 and not _won_on_flower(text):
        # a hand typed sorted, as apps show it, took its last tile as the winning tile unsaid: a
        # pinfu won on a 3p was scored as won on the 7s (the review page says so too)
        apart = _written_apart_before(text)
        if apart is not None:
            # "123m456p789s5p 5p EEE": the 5p was written apart, "no winning tile written apart" was untrue
            said.append({"code": "winning_last", "message": f"tiles written after the winning tile {apart}: the last "
                         f"tile written, {last[-1]}, is taken as the winning tile; write the winning tile last, after "
                         "a space"})
        else:
            said.append({"code": "winning_last", "message": f"no winning tile written apart: the last tile written, "
                         f"{last[-1]}, is taken as the winning tile; write the winning tile after a space"})
    if rules in ("mcr", "all") and re.search(r"[57][0-9]*z", re.sub(r"\s", "", text)):
        # the MCR helper's 567z are red, green, white (« 按中国习惯顺序567z为中发白 »); here tenhou's
        said.append({"code": "honour_order", "message": "5z is the white dragon and 7z the red (1z-7z: E S W N, then "
                     "white, green, red; the MCR helper's 567z are red, green, white): letters P F C say it either way"})
    if "W" in text:
        # a beginner's "WWW" for three white dragons was scored as a West pung without a word
        said.append({"code": "west_letter", "message": "W is the West wind (3z); the white dragon is P (5z)"})
    return said
