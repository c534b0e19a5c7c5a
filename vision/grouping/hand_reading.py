"""Building the :class:`HandReading` from the chosen interpretation: the hand JSON (when the
tiles make a hand), the groups and per-tile links a UI highlights and corrects, the slots that
consistency decoding fills, a confidence per decision and warnings a person can act on."""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field

from scorer import tiles as T
from scorer.errors import HandError
from scorer.hand import Hand

from .config import DORA_INDICATORS_MAX, HAND_SIZE, ROOM_FOR_A_TILE, SPLIT_GAP, UNSURE_GAP
from .interpretations import Interpretation
from .melds import from_position, is_chow, same_tile
from .rows import gap_between, gap_conf

#: How this module's warning of a photo of more or fewer tiles than a hand begins: the CLI and the
#: review page pick it out of the warnings, where no hand was rebuilt, to say it first.
TILE_COUNT = re.compile(r"found \d+ tiles (?:(?:in the hand )?where a winning hand has \d+|in \d+ rows)")
#: How the warning of tiles laid out in a grid (``grid_message``) begins: no hand is looked for in it.
GRID = re.compile(r"found \d+ tiles in \d+ rows")


#: Said of dora indicators read with no back beside them where rows lying far from the hand were
#: left out (``build_reading``): they may be discards.
DORA_AMONG_DISCARDS = ("the dora indicators ({}) were read from a row with no dead wall beside it, among loose tiles: "
                       "check them, or enter the dora indicators by hand")


def grid_message(count: int, rows: list[int]) -> str:
    """What a photo of tiles in a grid (``rows``: the tiles of each of its rows) is told instead of
    a hand's warnings: a tray of loose tiles or the calibration layout photographed to be scored
    was told of "9 apart", groups that make no meld and a winning tile not set apart."""
    sizes = sorted(set(rows))
    each = f"{sizes[0]}" if len(sizes) == 1 else f"{sizes[0]}-{sizes[-1]}"
    return (f"found {count} tiles in {len(rows)} rows of {each}, laid out as a grid, not as a hand: lay the hand "
            "out as it was played (the standing tiles in one row, each meld apart, the winning tile at the right), "
            "or, to teach mjtable a tile set, calibrate it from a photo of its tiles laid out in order")


def tile_count_message(count: int, left_out: int, flowers: int = 0, dora: int = 0,
                       standing_quads: tuple[str, ...] = (), unmelded: int = 0) -> str:
    """Why the hand read has not 14 tiles, with the advice that fits: too few (one hidden or
    missed), too many (other tiles in the photo), or tiles left out apart from the hand (shown
    with it when no hand is built, so the count names them: a player counts every tile shown).
    ``flowers`` and ``dora``: tiles read as flowers and as dora indicators, named too (a photo of 20
    tiles said "5 in the hand and 9 apart", its other 6 unaccounted for), each by what it was taken
    for ("flowers or dora indicators" read as dora to a Hong Kong table, which has none).
    ``standing_quads``: codes of which four tiles stand among the hand's own: one tile too many
    for each is a kong laid in the row (a trial's concealed kong of 1p, every tile read right, was
    told to remove a tile). ``unmelded``: tiles in groups that make no meld as read, not in the
    count: named, with the advice to check them (16 tiles shown were "8 found" with "a tile may be
    hidden")."""
    beside = flowers + dora
    taken = "flowers and dora indicators" if flowers and dora else "flowers" if flowers else "dora indicators"
    head = f"found {count} tiles"
    if left_out:
        besides = f" {beside} beside it as {taken}," if beside else ""
        return (f"{head} in the hand where a winning hand has {HAND_SIZE} (a kong counts as 3),{besides} and "
                f"{left_out} apart from it that were left out: remove the tiles that are not the hand's")
    head += f" where a winning hand has {HAND_SIZE} (a kong counts as 3)"
    if unmelded:
        head += f", {unmelded} more in groups that make no meld"
    if beside:
        head += f", and {beside} beside them as {taken}"
    if unmelded:
        return f"{head}: check those groups' tiles"
    if count == HAND_SIZE + 1 and len(standing_quads) == 1:
        return (f"{head}: the four {standing_quads[0]} stand in the row: if they are a kong, select them and lay "
                "them down as a kong; else remove the extra tiles")
    if count > HAND_SIZE:
        return f"{head}: keep other tiles out of the photo, or remove the extra ones"
    return f"{head}: a tile may be hidden, stacked, cut off by the photo's edge or not detected"


@dataclass
class HandReading:
    """What grouping made of the tiles.

    ``hand``: hand JSON (``scorer.Hand.from_dict`` accepts it) or None when the tiles do not make
    a hand as read; ``slots``: which tile (index into the input list) fills each place of the
    hand, for consistency decoding and corrections; ``groups`` and ``links``: the layout found
    (per group: kind, tiles, meld), per tile: its group, role and whether it lies sideways in its
    row as settled (``sideways``: a photo turned a quarter has its flags turned over); ``decisions``: each choice with
    a confidence in 0..1; ``warnings``: sentences a person can act on."""
    hand: dict | None
    slots: dict
    groups: list[dict]
    links: list[dict]
    decisions: list[dict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    confidence: float = 0.0

    def to_dict(self) -> dict:
        return {"hand": self.hand, "slots": self.slots, "groups": self.groups, "links": self.links,
                "decisions": self.decisions, "warnings": list(self.warnings),
                "confidence": round(self.confidence, 4)}


def eighth_flower(tiles, it: Interpretation) -> int | None:
    """The tile that won where the photo shows a Hong Kong win on the eighth flower (004 6D): 13
    tiles held (a kong counting as 3) and all eight flowers and seasons read beside them; the
    eighth is not told apart on the table, so the last by its number (the score is the same)."""
    codes = [tiles[i].code for i in it.bonus]
    if it.count != HAND_SIZE - 1 or len(codes) != 8 or len(set(codes)) != 8 \
            or not all(c and T.is_bonus(c) for c in codes):
        return None
    return max(it.bonus, key=lambda i: tiles[i].code)


def _first_named(tiles, indices) -> str:
    """The codes of the tiles ``indices``, the first eight named."""
    codes = [tiles[i].code or "face down" for i in indices]
    return ", ".join(codes[:8]) + (", …" if len(codes) > 8 else "")


def build_reading(tiles, it: Interpretation, warnings, decisions, gaps, said=frozenset()) -> HandReading:
    """The HandReading of interpretation ``it``; ``warnings`` and ``decisions`` (lists) gain
    this stage's entries and are kept in the result. ``said``: tiles left out whose own warning
    was given already (not named again among the strays)."""
    groups: list[dict] = []
    links: list[dict] = [{"tile": i, "group": None, "role": "unassigned"} for i in range(len(tiles))]

    def link(i, gid, role, **kw):
        links[i] = {"tile": i, "group": gid, "role": role, **kw}

    eighth = eighth_flower(tiles, it)
    gid = 0
    groups.append({"id": gid, "kind": "concealed", "tiles": list(it.concealed)})
    for k, i in enumerate(it.concealed):
        link(i, gid, "standing", position=k)
    if it.winning is not None:
        gid += 1
        groups.append({"id": gid, "kind": "winning", "tiles": [it.winning]})
        link(it.winning, gid, "winning")
        main = it.main.tiles
        pos = main.index(it.winning)
        left_gap = gap_between(gaps, main[pos - 1], main[pos], 1.0) if pos else 1.0
        decisions.append({"what": "winning tile", "value": tiles[it.winning].code,
                          "confidence": round(gap_conf(left_gap), 4), "group": gid,
                          "note": f"set {left_gap:.2f} tile apart at the right of the standing tiles"})
    elif eighth is not None:
        decisions.append({"what": "winning tile", "value": tiles[eighth].code, "confidence": 0.9,
                          "note": "13 tiles held and all eight flowers: won on the eighth (004 6D)"})
    else:
        decisions.append({"what": "winning tile", "value": None, "confidence": 0.3,
                          "note": "no tile set apart: the rightmost standing tile is assumed"})
        warnings.append("the winning tile is not set apart: the rightmost standing tile is taken as the "
                        "winning tile; set it a little apart at the right, or correct it")
    if it.concealed_groups > 1:
        warnings.append("the standing tiles have a gap of more than half a tile inside them: they were "
                        "read as one row; close the gap if it is not a separate meld")
    # Boundary decisions inside the main row: gaps close to the threshold are uncertain.
    main = it.main.tiles
    for a, b in zip(main, main[1:]):
        gap = gap_between(gaps, a, b, 0.0)
        if abs(gap - SPLIT_GAP) < UNSURE_GAP:
            warnings.append(f"two tiles of the standing row ({tiles[a].code or 'face down'} and "
                            f"{tiles[b].code or 'face down'}) are {gap:.2f} tile apart: is there a gap "
                            "between them or not?")
    if it.count == HAND_SIZE - 1:
        roomy = [(a, b, gap) for a, b in zip(main, main[1:])
                 if ROOM_FOR_A_TILE[0] <= (gap := gap_between(gaps, a, b, 0.0)) <= ROOM_FOR_A_TILE[1]]
        if roomy:
            a, b, gap = roomy[0]
            warnings.append(f"the hand is one tile short, and the row has room for one tile between "
                            f"{tiles[a].code or 'face down'} and {tiles[b].code or 'face down'} ({gap:.2f} tile "
                            "apart): if a tile lies there unread (covered, or missed), add it")

    meld_slots = []
    hand_melds = []
    build_ok = True
    strays = []          # tiles apart from every group: one note for all (a cluttered photo has dozens)
    apart = []           # rows lying far from the hand, left out as no part of it (interpretations)
    for m in it.melds:
        gid += 1
        ordered = list(m.tiles)
        members = ordered + list(m.stacked)
        if m.kind == "kong" and m.stacked:
            ordered = members       # a kong's fourth tile laid upright on its middle tile
        entry = {"id": gid, "kind": "meld", "tiles": members}
        groups.append(entry)
        if m.kind in ("stray", "apart"):
            entry["kind"] = "ignored"
            for i in members:
                link(i, gid, "ignored")
            (strays if m.kind == "stray" else apart).extend(i for i in members if i not in said)
            continue
        if m.kind == "invalid":
            entry["kind"] = "unknown"
            for i in members:
                link(i, gid, "unknown")
            warnings.append(f"group {gid} ({len(members)} tiles) is neither a meld of 3 or 4 tiles nor part "
                            "of the standing row: check for a hidden, extra or merged tile")
            build_ok = False
            continue
        codes = [tiles[i].code for i in ordered]
        # a concealed kong's backs read as blank faces are face down as the meld says (melds.BLANK_FACE)
        hidden = set(m.face_down) if m.kind == "concealed_kong" else set()
        down = hidden | {i for i in ordered if tiles[i].face_down}
        slot = {"tiles": ordered, "face_down": [i in down for i in ordered]}
        meld_json = None
        conf = 1 / (1 + math.exp(-m.margin))
        if m.kind == "concealed_kong":
            up = [i for i in ordered if i not in down]
            if any(not tiles[i].face_down for i in hidden):
                warnings.append(f"group {gid}: its two blank tiles were taken for the face-down tiles of a concealed "
                                "kong: if they are white dragons, correct the group")
            best_up = max(up, key=lambda i: tiles[i].confidence)
            code = tiles[best_up].code
            if not same_tile([tiles[i].code for i in up]):
                warnings.append(f"group {gid}: the face-up tiles of a concealed kong differ "
                                f"({', '.join(str(tiles[i].code) for i in up)})")
            slot.update(kind="kong", concealed=True)
            if code is not None:
                meld_json = {"type": "kong", "tiles": [code] * 4, "concealed": True, "claimed": None, "from": None}
            decisions.append({"what": f"group {gid}", "value": "concealed kong (two tiles face down)",
                              "confidence": round(conf, 4), "group": gid})
        elif m.kind == "added_kong":
            top = m.stacked[0]
            at = m.sideways_at
            frm = from_position(at, 3)
            claimed = codes[at]
            allc = codes + [tiles[top].code]
            slot.update(kind="kong", concealed=False, added=True, claimed_index=at, **{"from": frm})
            slot["tiles"] = ordered + [top]
            slot["face_down"] = slot["face_down"] + [False]
            meld_json = {"type": "kong", "tiles": allc, "concealed": False, "claimed": claimed, "from": frm,
                         "added": True}
            decisions.append({"what": f"group {gid}", "value": f"added kong, claimed from {frm}",
                              "confidence": round(conf, 4), "group": gid})
            link(top, gid, "added")
        else:
            kind = "kong" if len(ordered) == 4 else ("pung" if same_tile(codes) else "chow")
            at = m.sideways_at
            frm = from_position(at, len(ordered))
            claimed = codes[at] if at is not None else None
            # The slot keeps the discarder the layout shows; a chow (only claimed from the left,
            # 000 "Réclamation") is settled when the codes are known (here or by decoding).
            slot.update(kind=kind if kind == "kong" else "set", concealed=False, claimed_index=at,
                        **{"from": frm})
            if kind == "chow" and frm not in (None, "left"):
                warnings.append(f"group {gid}: a chow is only claimed from the left player, but its "
                                f"sideways tile is not at its left; read as claimed from the left")
                frm = "left"
            meld_json = {"type": kind, "tiles": codes, "concealed": False, "claimed": claimed, "from": frm}
            # three tiles that make no run are not called a chow (the hand says why it fails)
            named = kind if kind != "chow" or is_chow(codes) else "set of three, neither a pung nor a chow as read"
            value = f"exposed {named}" + (f", claimed from {frm}" if frm else "")
            decisions.append({"what": f"group {gid}", "value": value, "confidence": round(conf, 4),
                              "group": gid})
        entry["meld"] = slot
        for pos, i in enumerate(ordered):
            link(i, gid, "face_down" if i in down else ("claimed" if slot.get("claimed_index") == pos
                                                                 else "meld"), position=pos)
        meld_slots.append(slot)
        if meld_json is None or any(c is None for c in meld_json["tiles"]):
            build_ok = False
        else:
            hand_melds.append(meld_json)
    if strays:
        # no verb to agree with the count: "1 tile(s) ... lie" was wrong in English and French alike
        warnings.append(f"{len(strays)} tile(s) left out, away from every group ({_first_named(tiles, strays)}): "
                        "check for a missing tile nearby, or keep other tiles out of the photo")
    if apart:
        warnings.append(f"{len(apart)} tile(s) lying far from the hand left out ({_first_named(tiles, apart)}): "
                        "keep discards and other players' tiles out of the photo")
    if it.bonus:
        gid += 1
        groups.append({"id": gid, "kind": "bonus", "tiles": list(it.bonus)})
        for i in it.bonus:
            link(i, gid, "bonus")
    dora_up = [i for i in it.dora if not tiles[i].face_down]
    if len(dora_up) > DORA_INDICATORS_MAX:
        # More than a table shows: discards or another player's tiles, not the dead wall; left out
        # so that the hand in front is still read, and said
        gid += 1
        groups.append({"id": gid, "kind": "ignored", "tiles": list(it.dora)})
        for i in it.dora:
            link(i, gid, "ignored")
        warnings.append(f"the farthest row ({len(dora_up)} tiles face up) was left out: a table shows "
                        f"{DORA_INDICATORS_MAX} dora indicators at most; keep discards and other players' tiles "
                        "out of the photo, or enter the dora indicators by hand")
        dora_up = []
    elif it.dora:
        gid += 1
        groups.append({"id": gid, "kind": "dora", "tiles": list(it.dora)})
        for i in it.dora:
            link(i, gid, "dora_indicator" if not tiles[i].face_down else "dead_wall")
        decisions.append({"what": "dora indicators", "value": [tiles[i].code for i in dora_up],
                          "confidence": 0.9, "group": gid})
        if apart and len(dora_up) == len(it.dora):
            # no dead wall's back beside them, and loose tiles lying about: a clump of discards
            # nearest the hand is read as the indicators where none is in the photo
            warnings.append(DORA_AMONG_DISCARDS.format(", ".join(tiles[i].code for i in dora_up)))
    concealed = list(it.concealed)
    if eighth is not None:      # the 13 tiles held all stand; the eighth flower won (004 6D)
        winning, standing = eighth, concealed
        held = standing
    else:
        winning = it.winning if it.winning is not None else (concealed[-1] if concealed else None)
        standing = [i for i in concealed if i != winning]
        held = standing + ([winning] if winning is not None else [])
    slots = {"concealed": standing, "winning": winning, "melds": meld_slots, "bonus": list(it.bonus),
             "dora": dora_up, "winning_apart": it.winning is not None}
    if it.count != HAND_SIZE and eighth is None:
        own = Counter(T.normalize(tiles[i].code) for i in concealed if tiles[i].code and not tiles[i].face_down)
        # the face-up tiles left out: a back left out (a wall's top, a box on a shelf) is no tile to
        # remove, and another warning names it (a standing row of 10 was told to remove 3 backs)
        left_out = sum(1 for g in groups if g["kind"] == "ignored" for i in g["tiles"] if not tiles[i].face_down)
        warnings.append(tile_count_message(it.count, left_out,
                                           sum(len(g["tiles"]) for g in groups if g["kind"] == "bonus"),
                                           sum(len(g["tiles"]) for g in groups if g["kind"] == "dora"),
                                           tuple(sorted((c for c, n in own.items() if n == 4), key=T.sort_key)),
                                           sum(len(g["tiles"]) for g in groups if g["kind"] == "unknown")))
    hand = None
    codes = [tiles[i].code for i in held]
    if build_ok and winning is not None and all(c is not None and not T.is_bonus(c) for c in codes):
        data = {"concealed": codes, "melds": hand_melds, "winning_tile": tiles[winning].code,
                "bonus": [tiles[i].code for i in it.bonus], "context": {}}
        if dora_up and all(tiles[i].code and not T.is_bonus(tiles[i].code) for i in dora_up):
            data["context"]["dora_indicators"] = [tiles[i].code for i in dora_up]
        try:
            Hand.from_dict(data)
            hand = data
        except HandError as e:
            warnings.append(f"the tiles as read do not make a hand: {e.message}")
    for i, entry in enumerate(links):
        # lying across its row, as the grouping settled it (a photo turned a quarter: none),
        # which the review page draws, not the reader's flag judged against the photo's edges
        entry["sideways"] = bool(tiles[i].sideways)
    return HandReading(hand, slots, groups, links, decisions, warnings)
