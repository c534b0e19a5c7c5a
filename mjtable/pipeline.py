"""Photo → tiles → hand → score: the one chain behind ``mjtable read`` and POST /api/read.

``read_photo(image, ...)`` runs the tile reader (``vision.read_tiles``), then
``score_tiles(tiles, ...)``: grouping (``vision.group``), hand-consistency decoding
(``scorer.consistency.decode``) and scoring (``scorer.score``). Everything a photo cannot show
(winds, self-drawn, riichi...) comes from ``context``; what was not given is listed in
``missing_context``, never silently assumed.
"""
from __future__ import annotations

import re
import time
from collections import Counter

import scorer
from scorer import consistency
from scorer import context as C
from scorer.errors import HandError, RulesError
from vision.errors import ModelMissingError
from vision.grouping.config import FRAME_EDGE_SHARE

class ReaderMissing(ModelMissingError, FileNotFoundError):
    """The tile reader or its weights are not installed (a FileNotFoundError too, as callers
    already treat missing weights)."""


class CorrectionError(ValueError):
    """A correction of a reading (``read_photo``'s ``corrections``) naming no face-up tile of it,
    or no tile code."""


#: Context keys a photo can show (read from the table by grouping).
FROM_PHOTO = ("dora_indicators",)
#: A face-up tile read below this confidence is unsure: the review page and `mjtable read` mark it
#: for the player to check against the photo.
UNSURE_BELOW = 0.6
#: Tiles narrower than this in the photo (median short side of the face-up reads, pixels) are said
#: to be too small to read surely. On the selection sets (the valid photos, six rendered capture
#: modes and two at a phone's size, seed 2) the 11 photos under 22 px, all low-angle or table-in-play
#: scenes at 640 px, read about 60 % of their tiles, those at 22-24 px 87 %; no valid photo is under
#: 25 px, and they read 99 % (docs/experiments.md, "Say tiles are too small"). A 50 × 50 photo gave 3-4.
SMALL_TILES_PX = 22
#: A photo whose longer side is under this holds no row of 14 tiles at SMALL_TILES_PX each: one in
#: which no tile was found is said to be too small (a 50 × 50 thumbnail was told to put the tiles
#: face up and in the light).
SMALL_PHOTO_PX = 14 * SMALL_TILES_PX
#: Said of a photo too dark to be read surely (``vision.reader.DARK_WARN_P99``)
DARK_PHOTO = ("the photo is very dark: tiles may be missed or misread even brightened; take it again in more light "
              "(a lamp, or the phone's flash)")
#: Said of a photo too bright to be read surely (``vision.reader.WASHED_WARN_P1``)
WASHED_PHOTO = ("the photo is washed out (too bright: the tiles' ink is faint): tiles may be missed or misread; take "
                "it again with less light, out of direct sun or without the flash")
#: Said of a photo of which no hand was rebuilt, where tiles at its edge, mostly outside it, were
#: left out by the reader (``vision.types.TileReads.edge_left_out``): a trial's winning tile half
#: outside the photo was dropped, and only "found 13 tiles" said
EDGE_LEFT_OUT_ONE = ("a tile at the photo's edge, mostly outside it, was left out: take the photo again with the whole "
                     "hand in it")
EDGE_LEFT_OUT = "{} tiles at the photo's edge, mostly outside it, were left out: take the photo again with the whole hand in it"
#: Said of a photo whose tiles' faces are grainy (``vision.reader.NOISE_WARN``)
NOISY_PHOTO = ("the photo is grainy (noise from dim light): tiles may be missed or misread; take it again in more "
               "light (a lamp, or the phone's flash)")
#: Said of a photo whose tiles are out of focus (``vision.reader.BLUR_WARN_SOFTNESS``)
BLURRED_PHOTO = ("the photo looks out of focus (the tiles' edges are not sharp): tiles may be misread; hold the phone "
                 "still, tap the tiles on the screen to focus, and take it again")
#: Said of a photo whose edge runs through a row of tiles (``edge_cut_tiles``): a phone held close
#: cut a row's lower third off, and the faces left read 4p as 2p, 6m as 8m, 3z as 2z at the
#: reader's usual confidence, unsaid (the first 20 test hand photos so cut, their rows' lower or
#: upper third off: 27 and 80 of 277 and 258 tiles misread, none as taken; docs/experiments.md,
#: "Say the photo's edge cuts the tiles")
EDGE_CUT_PHOTO = ("the photo's edge cuts {} tiles: part of their faces is outside it, so they may be misread; check "
                  "them, or take the photo again with the whole tiles in it")
#: How many face-up tiles must reach one edge of the photo (within grouping's ``FRAME_EDGE_SHARE``
#: of its side, as a tile cut by it is told there) for the edge to be said to cut a row: at least
#: EDGE_CUT_LEAST and EDGE_CUT_SHARE of them. One or two
#: at a row's ends are the hand filling the picture, or a tile beyond it (``vision.grouping``'s
#: ``CUT_TILES`` names a hand's tile mostly outside). Read by the shipped reader, no photo of the
#: train and test splits reaches it; valid 8 of 238, close-ups whose rows the photo truly cuts.
EDGE_CUT_LEAST = 3
EDGE_CUT_SHARE = 0.5
#: Said of a phone screenshot whose photo was read alone (``vision.reader.screen_photo``): a
#: trial's player was never told the picture was taken for one
SCREENSHOT_READ = ("read as a phone screenshot: the photo it shows was read, not the bars and messages around "
                   "it")
#: What every rule set needs to know beyond the tiles, when no rule set is chosen.
BASE_CONTEXT = ("self_drawn", "seat_wind", "round_wind", "last_tile", "kong_replacement",
                "robbing_kong", "last_of_kind", "discarder")


#: What a reading without a rule set answers (``mjtable read --json``, ``/api/read``): no score.
TILES_ONLY_KEYS = ("tiles", "timings_ms", "hand", "notation", "reading", "missing_context", "no_hand", "profile")


def read_photo(image, *, rules: str | None = None, context: dict | None = None,
               options: dict | None = None, decode: bool = True, profile=None,
               corrections: dict[int, str] | None = None) -> dict:
    """Read and score the winning hand in ``image`` (a path, bytes or a BGR/RGB array, as
    ``vision.read_tiles`` accepts). With a tile-set ``profile`` (``vision.TileSetProfile``,
    docs/calibration.md) the tiles are read with it; the result names it (``"profile"``).
    ``corrections``: {tile index: code} the player gave misread tiles (``corrected``), before the
    hand is rebuilt. See :func:`score_tiles` for the rest of the returned dict."""
    _check_inputs(rules, context, options)
    t_load = time.perf_counter()
    import vision
    read_tiles = getattr(vision, "read_tiles", None)
    if read_tiles is None:
        raise ReaderMissing("the tile reader (vision.read_tiles) is not installed in this build")
    if getattr(read_tiles, "__module__", None) == "vision":
        # the models loaded apart, timed as "load": every `mjtable read` is a first reading, and its
        # "read" said 0.8-1.5 s of which the reading took 0.2
        from vision.reader import default_reader
        default_reader()
    load_ms = (time.perf_counter() - t_load) * 1000
    t0 = time.perf_counter()
    tiles = read_tiles(image, profile=profile)
    read_ms = (time.perf_counter() - t0) * 1000
    changes = corrected(tiles, corrections) if corrections else None
    out = score_tiles(tiles, rules=rules, context=context, options=options, decode=decode)
    damage = getattr(tiles, "damage", None)
    if getattr(tiles, "blurred", False):    # first too: a blurred tile's misreading may be the others' cause
        out["reading"]["warnings"].insert(0, BLURRED_PHOTO)
    if getattr(tiles, "screen", None):      # last: how the picture was read, not a fault of it
        out["reading"]["warnings"].append(SCREENSHOT_READ)
    if getattr(tiles, "dark", False):       # first too: tiles missed in the dark leave a hand short
        out["reading"]["warnings"].insert(0, DARK_PHOTO)
    if getattr(tiles, "washed", False):     # as a dark one's: tiles missed in the glare
        out["reading"]["warnings"].insert(0, WASHED_PHOTO)
    if getattr(tiles, "noisy", False) and not getattr(tiles, "dark", False):    # the dark one's says more light
        out["reading"]["warnings"].insert(0, NOISY_PHOTO)
    left_out = getattr(tiles, "edge_left_out", 0)
    if left_out and out["notation"] is None:
        out["reading"]["warnings"].append(EDGE_LEFT_OUT_ONE if left_out == 1 else EDGE_LEFT_OUT.format(left_out))
    if damage:      # first: the tiles' own warnings may come from the damaged part
        out["reading"]["warnings"].insert(0, damage)
    out["profile"] = getattr(profile, "name", None)
    if changes is not None:
        out["corrections"] = changes
    out["timings_ms"] = {**({"load": round(load_ms, 1)} if load_ms >= 50 else {}), "read": round(read_ms, 1),
                         **out["timings_ms"]}
    out["timings_ms"]["total"] = round(out["timings_ms"]["total"] + read_ms, 1)
    return out


def corrected(tiles, corrections: dict[int, str]):
    """Give ``tiles`` (a reading, changed in place) the codes ``corrections`` gives by tile index,
    each corrected tile sure of its code (its only candidate, at 1), so that the hand's decoding
    keeps it as the review page's editor keeps a tile the player set. Returns the changes, one
    {"tile", "code", "read", "p", "base_code", "base_p"} per correction (what it was read as, and
    how surely; with a tile-set profile, the base model's reading where given). Raises
    ``CorrectionError`` for an index of no face-up tile or a code that names no tile."""
    from vision.profile import ALL_CODES
    for index, code in corrections.items():
        if code not in ALL_CODES:
            raise CorrectionError(f"{code!r} is no tile code (1m-9m, 1p-9p, 1s-9s, 1z-7z, 0m/0p/0s for red fives, "
                                  "1f-8f)")
        if not 0 <= index < len(tiles):
            raise CorrectionError(f"there is no tile #{index}: the photo's tiles are #0 to #{len(tiles) - 1}"
                                  if tiles else f"there is no tile #{index}: no tile was found in the photo")
        if tiles[index].face_down:
            raise CorrectionError(f"tile #{index} is face down: only a face-up tile's code can be corrected")
    changes = []
    for index, code in sorted(corrections.items()):
        tile = tiles[index]
        # a face no code names was read as a guess: "?" as the reading shows it, not its guess
        changes.append({"tile": index, "code": code, "read": "?" if tile.unknown else tile.code,
                        "p": round(float(tile.confidence), 4), "base_code": tile.base_code,
                        "base_p": None if tile.base_p is None else round(float(tile.base_p), 4)})
        tile.code, tile.confidence, tile.top3, tile.unknown = code, 1.0, [(code, 1.0)], False
    return changes


def edge_cut_tiles(boxes, photo, least: int = EDGE_CUT_LEAST, share: float = EDGE_CUT_SHARE,
                   edge: float = FRAME_EDGE_SHARE) -> int:
    """How many of ``boxes`` (x0, y0, x1, y1: a photo's face-up tiles) reach the one edge of the
    photo (``photo``: its x0, y0, x1, y1 in the boxes' pixels) that most of them reach, when that
    is ``least`` or more and ``share`` of them or more (a row the edge runs through); else 0."""
    if not photo or not boxes:
        return 0
    x0, y0, x1, y1 = photo
    dx, dy = edge * (x1 - x0), edge * (y1 - y0)
    most = max(sum(b[1] <= y0 + dy for b in boxes), sum(b[3] >= y1 - dy for b in boxes),
               sum(b[0] <= x0 + dx for b in boxes), sum(b[2] >= x1 - dx for b in boxes))
    return most if most >= max(least, share * len(boxes)) else 0


def _check_inputs(rules, context, options):
    """Bad context, rules or options are the caller's errors: raise before any work."""
    C.Context(context)
    if rules is not None:
        scorer.get_rule_set(rules).parse_options(options)
    elif options:
        raise RulesError("bad_option", "rule options need a rule set (--rules on the command line, rules in the API)", field="options")


def _candidates(tile) -> list[tuple[str, float]]:
    if tile.top3:
        return [(c, p) for c, p in tile.top3]
    return [(tile.code, tile.confidence)] if tile.code else []


def score_tiles(tiles, *, rules: str | None = None, context: dict | None = None,
                options: dict | None = None, decode: bool = True, hints: dict | None = None) -> dict:
    """Group, decode and score already-read tiles (``vision.TileRead`` list).

    Returns {"tiles": [TileRead.to_dict()], "hand": hand JSON or None, "notation": str or None,
    "score": ScoreResult.to_dict() or None, "reading": {confidence, decisions, warnings, groups,
    links, decoding}, "missing_context": [keys], "no_hand": why no hand was rebuilt (None when one
    was), "timings_ms": {group, decode, score, total}}.
    """
    _check_inputs(rules, context, options)
    context = dict(context or {})
    reading, decoding, hand, timings = read_hand(tiles, rules=rules, decode=decode, hints=hints)

    t2 = time.perf_counter()
    warnings = list(reading.warnings)
    if decoding and decoding.get("warning"):
        warnings.append(decoding["warning"])
    across = sorted(min(t.box[2] - t.box[0], t.box[3] - t.box[1]) for t in tiles if not t.face_down)
    median_across = across[len(across) // 2] if across else None
    if median_across is not None and median_across < SMALL_TILES_PX:
        # first: what the other warnings say of tiles that small may be misreads (a 48-px photo's
        # five phantom tiles were said not to make a chow before its size was named)
        warnings.insert(0, f"the tiles are about {median_across:.0f} pixels across in the photo, too small to "
                        "be read surely: take the photo closer, or at a higher resolution")
    frame = getattr(tiles, "frame", None)
    # or whose tiles found are too small to be tiles (a 48 x 48 picture's two phantom tiles "about
    # 3 pixels across"): the photo's size is what to mend
    if (median_across is None or median_across < SMALL_TILES_PX) and frame and max(frame) < SMALL_PHOTO_PX:
        warnings.insert(0, f"the photo is only {frame[0]:.0f} × {frame[1]:.0f} pixels, too small to hold a hand's "
                        f"14 tiles readably (about {SMALL_PHOTO_PX} pixels across): send the photo at its full "
                        "size, or take it again")
    # a phone screenshot's photo was read alone: its edges are the ones that cut
    screen = getattr(tiles, "screen", None)
    cut = edge_cut_tiles([t.box for t in tiles if not t.face_down],
                         tuple(screen) if screen else (0.0, 0.0, *frame) if frame else None)
    if cut:
        # before the tiles' size: what a cut face is misread as, other warnings may report
        warnings.insert(0, EDGE_CUT_PHOTO.format(cut))
    result = None
    notation = None
    invalid = None
    if hand is not None:
        seen = hand.get("context", {})
        read, given = seen.get("dora_indicators"), context.get("dora_indicators")
        if read and "dora_indicators" in context and Counter(given or []) != Counter(read):
            # the photo's dora indicators (FROM_PHOTO) set aside by those given: said, not silent
            warnings.append(f"the dora indicators given ({', '.join(given)}) replace those read from the photo "
                            f"({', '.join(read)})" if given else
                            f"no dora indicators were given: those read from the photo ({', '.join(read)}) are not "
                            "counted")
        merged = {**seen, **context}
        hand = {**hand, "context": merged}
        try:
            h = scorer.Hand.from_dict(hand)
            notation = scorer.format_hand(h)
        except HandError as e:
            invalid = f"the hand read is not valid: {e.message}"
            warnings.append(invalid)
            h = None
        if decoding and decoding.get("hand") is None and decoding.get("message") and invalid is None:
            # the tiles as read, shown as a hand, make no winning one: a trial's photo shaken
            # sideways read 5m as 3m surely and `mjtable read` printed the hand unwarned, the
            # reason in its --json only
            warnings.append(decoding["message"])
        if h is not None and rules is not None:
            try:
                result = scorer.score(h, rules, options)
            except ModuleNotFoundError:
                warnings.append(f"the {rules} scorer is not available in this build")
    timings["score"] = (time.perf_counter() - t2) * 1000
    timings["total"] = sum(timings.values())

    if result is not None:
        missing = [k for k in result.assumed if k not in FROM_PHOTO]
    else:
        keys = BASE_CONTEXT
        if rules is not None:
            try:
                keys = tuple(getattr(scorer.get_rule_set(rules).module, "CONTEXT_KEYS", BASE_CONTEXT))
            except ModuleNotFoundError:
                pass
        missing = [k for k in keys if k not in context and k not in FROM_PHOTO]
    return {
        "tiles": [t.to_dict() for t in tiles],
        "hand": hand,
        "notation": notation,
        "score": result.to_dict() if result is not None else None,
        "reading": {"confidence": round(reading.confidence, 4), "decisions": reading.decisions,
                    "warnings": warnings, "groups": reading.groups, "links": reading.links,
                    "decoding": decoding},
        "missing_context": missing,
        "no_hand": None if notation else no_hand_reason(warnings, decoding, invalid),
        "timings_ms": {k: round(v, 1) for k, v in timings.items()},
    }


def no_hand_reason(warnings: list, decoding: dict | None, invalid: str | None) -> str:
    """Why no hand came of the reading, in one line: a photo of more or fewer tiles than a hand
    first, then the decoding's reason, else the scorer's refusal of the hand rebuilt."""
    from vision.grouping.hand_reading import GRID, TILE_COUNT
    from vision.grouping.table import NO_FACE_UP, NO_TILES
    for nothing in (NO_TILES, NO_FACE_UP):
        if nothing in (str(w) for w in warnings):
            return nothing.split(":")[0]       # "no winning hand was rebuilt" said nothing of why
    count = next((str(w) for w in warnings if TILE_COUNT.match(str(w))), None)
    why = [count.replace(" (a kong counts as 3)", "").split(":")[0]] if count else []
    if (decoding or {}).get("message") and not (count and GRID.match(count)):   # a grid is no hand to decode
        why.append(decoding["message"])
    # tiles placed nowhere (two hands side by side: one of them a "group"), which left no hand to decode
    unplaced = next((str(w).split(": check")[0] for w in warnings if UNPLACED.match(str(w))), None)
    if unplaced and not why:
        why.append(unplaced)
    return "; ".join(why or ([invalid] if invalid else ["no winning hand was rebuilt"]))


#: A decoding that made a winning hand only by changing tiles, less sure than this against "the
#: tiles were read right and the hand is not winning" (``scorer.consistency.NOT_WINNING_PRIOR``),
#: gives no hand: of the 214 shared hand photos, the 9 decoded with changes all made a hand other
#: than the labelled one, 6 of them under 0.01 (docs/rulings.md).
DECODE_FLOOR = 0.1
#: ... and one less sure than this gives no hand either, whatever made it unsure (a runner-up
#: winning hand, the not-winning odds): decoded hands with changes under 0.6 were wrong more often
#: than right even on the mock report, whose misreads decoding suits (``mjtable eval grouping
#: --scenes 1000``: 40 of 71; under 0.5, 30 of 44; under 0.7, 50 of 104), and a blurred real hand
#: (σ 5 px) was scored as another hand, worth 77 points instead of 31, at 0.50; the 300 rendered
#: hands read by the reader kept their 282 exact hands (docs/rulings.md).
DECODE_CHOICE_FLOOR = 0.6
#: The warning of a group grouping could place nowhere (``vision.grouping.hand_reading``).
UNPLACED = re.compile(r"group \d+ \(\d+ tiles\) is neither a meld")


def read_hand(tiles, *, rules: str | None = None, decode: bool = True, hints: dict | None = None):
    """Grouping and consistency decoding without scoring: (HandReading, decoding dict or None,
    hand JSON or None, timings in ms). ``rules`` only chooses the layout conventions and the
    winning forms, so any name works here even before its scorer exists."""
    timings = {}
    t0 = time.perf_counter()
    from vision import group
    # the photo's frame, where the reader gave it: a tile cut by its edge is no dora indicator
    reading = group(list(tiles), rules=rules, **{"frame": getattr(tiles, "frame", None), **(hints or {})})
    timings["group"] = (time.perf_counter() - t0) * 1000
    t1 = time.perf_counter()
    hand = reading.hand
    decoding = None
    # a group grouping could place nowhere that holds more tiles than any meld (two hands side by
    # side left one of them so) leaves no hand to decode: the other tiles alone were decoded and
    # scored as a win. A smaller one is clutter left out (a real photo's heap beyond the hand)
    placed = not any(g.get("kind") == "unknown" and len(g.get("tiles") or ()) > 4 for g in reading.groups)
    if decode and reading.slots and placed:
        decoding = _decode(tiles, reading, rules)
        confidence = decoding.get("confidence", 1.0)
        if decoding["hand"] is not None and decoding.get("status") == "changed" and confidence < DECODE_CHOICE_FLOOR:
            # a winning hand only by changing tiles, not sure enough: no hand (docs/rulings.md, "A
            # photo may show a hand that is not winning"); the tiles as read stay to be checked
            n = len(decoding.get("changes") or ())
            sure = confidence < DECODE_FLOOR
            message = (f"the tiles as read are not a winning hand, and the nearest winning hand changes {n} tile(s) "
                       "read surely: check them against the photo" if sure else
                       f"the tiles as read are not a winning hand, and the nearest winning hand, changing {n} "
                       f"tile(s), is not sure enough (confidence {confidence:.2f}): check them against the photo")
            # an unsure one keeps its warning: which tiles are at stake, and how each was read
            decoding = {**decoding, "hand": None, "status": "not_credible", "changes": [],
                        "warning": None if sure else decoding.get("warning"), "message": message}
        if decoding["hand"] is not None:
            hand = decoding["hand"]
    timings["decode"] = (time.perf_counter() - t1) * 1000
    return reading, decoding, hand, timings


def _decode(tiles, reading, rules) -> dict:
    """Run consistency decoding on the structure grouping found; changes name their tile."""
    slots = reading.slots
    structure = {
        "concealed": [_candidates(tiles[i]) for i in slots["concealed"]],
        "winning": _candidates(tiles[slots["winning"]]) if slots.get("winning") is not None else [],
        "melds": [{"kind": m["kind"], "concealed": m.get("concealed", False),
                   "tiles": [None if fd else _candidates(tiles[i]) for i, fd in zip(m["tiles"], m["face_down"])],
                   "claimed_index": m.get("claimed_index"), "from": m.get("from"), "added": m.get("added", False)}
                  for m in slots["melds"]],
        "bonus": [tiles[i].code for i in slots.get("bonus", [])],
        "dora": [_candidates(tiles[i]) for i in slots.get("dora", [])],
    }
    result = consistency.decode(structure, rules=rules)
    out = result.to_dict()
    for change in out["changes"]:
        change["tile"] = _tile_of(slots, change["where"])
    alt = out.get("alternative")
    if alt:
        for diff in alt["differences"]:
            diff["tile"] = _tile_of(slots, diff["where"]) if not diff["where"].startswith("melds") else None
            if diff["where"].startswith("melds"):
                diff["tiles"] = slots["melds"][int(diff["where"][6:-1])]["tiles"]
        if result.confidence < 0.8:
            # where the chosen code is a change, what was read there too: "1m (0.00) or 3m (0.03)"
            # alone hid that the reader had read 2m, and surely
            changed = {c["where"]: c for c in out["changes"]}
            read = lambda d: (f"read {changed[d['where']]['read']} ({changed[d['where']]['p_read']:.2f})"
                              if d["where"] in changed else "")
            what = "; ".join(f"{_place(d, read(d))}: {_codes(d['chosen'])} ({d['p_chosen']:.2f}) or "
                             f"{_codes(d['alternative'])} ({d['p_alternative']:.2f})" for d in alt["differences"])
            out["warning"] = (f"two readings make a winning hand, check: {what} "
                              f"(chosen with confidence {result.confidence:.2f})")
            if result.changes:
                out["warning"] += ("; the tiles as read are not a winning hand, so the hand may not be a "
                                   "winning one")
    if "warning" not in out and result.changes and result.confidence < 0.8:
        what = "; ".join(f"{consistency.place_words(c['where'])} (tile #{c['tile']}) read {c['read']} "
                         f"({c['p_read']:.2f}), "
                         f"changed to {c['chosen']} ({c['p_chosen']:.2f})" for c in out["changes"])
        out["warning"] = (f"the tiles as read are not a winning hand; the nearest winning hand changes "
                          f"{what}: check these tiles, or the hand may not be a winning one "
                          f"(confidence {result.confidence:.2f})")
    return out


def _codes(v):
    return "".join(v) if isinstance(v, list) else v


def _place(diff, read: str = "") -> str:
    """A tile at stake in words, with its number in the reading and ``read`` ("read 2m (0.97)")."""
    said = ", ".join(filter(None, (f"tile #{diff['tile']}" if diff.get("tile") is not None else "", read)))
    return consistency.place_words(diff["where"]) + (f" ({said})" if said else "")


def _tile_of(slots, where: str):
    if where == "winning":
        return slots["winning"]
    name, _, rest = where.partition("[")
    index = int(rest.split("]")[0])
    if name == "concealed":
        return slots["concealed"][index]
    if name == "dora":
        return slots["dora"][index]
    if name == "melds":
        j = int(where.rsplit("[", 1)[1].rstrip("]"))
        return slots["melds"][index]["tiles"][j]
    return None
