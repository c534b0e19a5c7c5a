"""Scoring: evaluate every reading with the registered patterns, resolve each with the exclusion
table and the account-once principle, keep the best (000, Comptage des points), and explain it."""
from __future__ import annotations

from functools import lru_cache

from .. import tiles as T
from ..result import Decomposition, ExcludedItem, Payment, ScoredItem, ScoreResult
from .exclusions import EXCLUSIONS, NOTE_ACCOUNT_ONCE, NOTE_ALREADY_LINKED, PRINCIPLE_ACCOUNT_ONCE, SOURCE_PRINCIPLES
from .fans import FAN_BY_ID, FANS
from .patterns import PATTERNS
from .reading import CHOW, KIND_NAMES, KONG, PAIR, PUNG, HandFacts, readings, set_tiles, waiting_tiles

_FORMS = ("standard", "seven_pairs", "seven_shifted_pairs", "thirteen_orphans", "honours_knitted",
          "knitted_straight")
#: Per form, the ``find`` of each per-reading pattern that applies to it.
PER_READING = {f: tuple(p.find for p in PATTERNS if not p.per_hand and f in p.forms) for f in _FORMS}
#: The per-hand patterns grouped by the forms they apply to: ((forms, (find, ...)), ...).
PER_HAND = tuple((forms, tuple(p.find for p in PATTERNS if p.per_hand and p.forms == forms))
                 for forms in dict.fromkeys(p.forms for p in PATTERNS if p.per_hand))
WIN_TILE_FANS = frozenset({"self_drawn", "edge_wait", "closed_wait", "single_wait", "last_tile",
                           "last_tile_draw", "last_tile_claim", "out_with_replacement_tile",
                           "robbing_the_kong"})


class Rules:
    """The fan values, processing order and active exclusion rows for one set of options."""
    __slots__ = ("value", "order", "order_key", "fan_info", "options_items", "options_dict")

    def __init__(self, options):
        from dataclasses import fields
        self.options_items = tuple((f.name, getattr(options, f.name)) for f in fields(options))
        self.options_dict = dict(self.options_items)     # copied into each result
        value = {f.id: f.value for f in FANS}
        value["two_concealed_kongs"] = options.two_concealed_kongs_value
        value["melded_and_concealed_kong"] = options.melded_and_concealed_kong_value
        self.value = value
        # Higher values first; at equal value the lower 000 number first (edge before closed
        # before single wait), so that every excluding fan is settled before what it excludes.
        ranked = sorted(FANS, key=lambda f: (-value[f.id], f.number))
        self.order = {f.id: n for n, f in enumerate(ranked)}      # sort key: an int per fan
        self.order_key = self.order.__getitem__
        rows: dict[str, list] = {}
        for row in EXCLUSIONS:
            if row.active(options):
                rows.setdefault(row.fan, []).append(row)
        # per fan: (value, whether it is a combination, the fans it excludes as
        # ((excluded fan id, scope, row), ...) in table order, or None)
        self.fan_info = {f.id: (value[f.id], f.combination,
                                tuple((t, row.scope, row) for row in rows[f.id] for t in row.excludes)
                                if f.id in rows else None) for f in FANS}


def rules_for(options) -> Rules:
    """The compiled rules of ``options``, kept on the (frozen) options object itself."""
    rules = options.__dict__.get("_compiled_rules")
    if rules is None:
        rules = _RULES_CACHE.get(options)
        if rules is None:
            rules = _RULES_CACHE[options] = Rules(options)
        object.__setattr__(options, "_compiled_rules", rules)
    return rules


_RULES_CACHE: dict = {}


def _bits(mask: int):
    i = 0
    while mask:
        if mask & 1:
            yield i
        mask >>= 1
        i += 1


#: _MASK_SETS[mask]: the set indices of a mask (a reading has at most 6 sets and a pair).
_MASK_SETS = tuple(tuple(_bits(m)) for m in range(128))
#: The account-once start: each set combined with itself only (room for 16 sets).
_ONE_SET = tuple(1 << i for i in range(16))


def resolve(alive: dict, rules: Rules):
    """Which of the raw matches count. ``alive`` (fan → matches, as the patterns left it) is
    used up: excluded matches are taken out of it. Returns (counted [(fan, masks)], excluded
    [(fan, by, row-or-None, n)], total); a combination refused by the account-once principle is
    (fan, "", None, 1, (j, i)), sets j and i of it being those already combined together."""
    info = rules.fan_info
    counted = []
    excluded = []
    # Account-once (000): comp[i] is the mask of the sets combined with set i so far (itself
    # alone at first), made on the first combination fan.
    comp = None
    mask_sets = _MASK_SETS
    total = 0
    for f in sorted(alive, key=rules.order_key):
        masks = alive[f]
        if not masks:
            continue
        value, combination, excludes = info[f]
        if combination:
            # a combination counts only if no two of its sets are already combined together
            # (each new set joins the others once)
            if comp is None:
                comp = list(_ONE_SET)
            keep = []
            for m in masks:
                joined = 0
                sets = mask_sets[m] if m < 128 else tuple(_bits(m))
                for i in sets:
                    c = comp[i]
                    if c & joined:
                        # the set of it already combined with i, named to the player
                        j = next(k for k in sets if k != i and comp[k] & c)
                        excluded.append((f, "", None, 1, (j, i)))
                        break
                    joined |= c
                else:
                    keep.append(m)
                    for k in (mask_sets[joined] if joined < 128 else _bits(joined)):
                        comp[k] = joined
            if not keep:
                continue
            masks = keep
        counted.append((f, masks))
        total += value * len(masks)
        if excludes is None:
            continue
        union = -1
        for t, scope, row in excludes:
            tm = alive.get(t)
            if not tm:
                continue
            if scope == "all":
                removed = len(tm)
                alive[t] = ()
            elif scope == "one":
                removed = 1
                alive[t] = tm[1:]
            else:
                if union < 0:
                    union = 0
                    for m in masks:
                        if m > 0:
                            union |= m
                if scope == "within":
                    rest = [m for m in tm if not (m > 0 and m & ~union == 0)]
                else:  # shared
                    rest = [m for m in tm if not (m > 0 and m & union)]
                removed = len(tm) - len(rest)
                alive[t] = rest
            if removed:
                excluded.append((t, f, row, removed))
    if not counted:
        counted.append(("chicken_hand", [0]))
        total = info["chicken_hand"][0]
    return counted, excluded, total


def _scored_readings(hand, options):
    """HandFacts and, for every reading, (reading, counted, excluded, total)."""
    h = HandFacts(hand, options)
    rs = readings(h)
    if not rs:
        return h, []
    rules = rules_for(options)
    if len(rs) == 1 and len(PER_HAND) == 1 and rs[0].form in PER_HAND[0][0]:
        # one reading (the usual case): every pattern reports into one dict
        r = rs[0]
        raw = {}
        for find in PER_HAND[0][1]:
            find(h, None, raw)
        for find in PER_READING[r.form]:
            find(h, r, raw)
        return h, [(r,) + resolve(raw, rules)]
    # Per-hand patterns run once; their matches are shared by every reading they apply to.
    hand_matches = []
    for forms, finds in PER_HAND:
        out = {}
        for find in finds:
            find(h, None, out)
        hand_matches.append((forms, out))
    scored = []
    for r in rs:
        form = r.form
        raw = {}
        for forms, out in hand_matches:
            if form in forms:
                raw.update(out)
        for find in PER_READING[form]:
            find(h, r, raw)
        scored.append((r,) + resolve(raw, rules))
    return h, scored


def evaluate(hand, options):
    """(HandFacts, best (reading, counted, excluded, total) or None). On equal totals the first
    reading wins (standard readings come first)."""
    h, scored = _scored_readings(hand, options)
    best = None
    for item in scored:
        if best is None or item[3] > best[3]:
            best = item
    return h, best


# ---- explanation --------------------------------------------------------------------------

_CODES = T.TILE_CODES
#: _REPEATED[i][n]: n copies of the code of tile i.
_REPEATED = tuple(tuple((c,) * n for n in range(5)) for c in _CODES)


@lru_cache(maxsize=4096)
def _group(indices: tuple) -> str:
    """Notation of a run of tile indices (``123m``, ``11z``)."""
    return T.group_codes([_CODES[i] for i in sorted(indices)])


_STANDING, _MELD, _CLAIMED = range(3)
#: Per role, the views of the sets of standard readings (there are a few hundred such sets: a
#: per-set table, filled on first use).
_STANDARD_VIEWS: tuple[dict, dict, dict] = ({}, {}, {})


@lru_cache(maxsize=4096)
def _decomposition_set(s, role: int, form: str, first: bool) -> tuple:
    """(kind name, tile codes, concealed, notation text) of one set of a reading: a declared
    meld is written [..] (a concealed kong (..)); ``role`` says whether it is one, or the
    standing pung the discard completed (counted exposed, ruling MCR-13)."""
    kind, exposed = s[0], s[2]
    tiles = set_tiles(s)
    codes = tuple([_CODES[i] for i in tiles])
    text = _group(tuple(tiles))
    concealed = not exposed
    if role == _MELD:
        text = f"({text})" if kind == KONG and not exposed else f"[{text}]"
    elif role == _CLAIMED:
        concealed = False
        text += " (completed by the discard)"
    name = KIND_NAMES[kind]
    if form == "knitted_straight" and first:
        name = "knitted_straight"
    elif form == "honours_knitted":
        name = "knitted" if first else "honours"
    elif form == "thirteen_orphans":
        name = "thirteen_orphans"
    return name, codes, concealed, text


def _standard_view(s, role: int) -> tuple:
    views = _STANDARD_VIEWS[role]
    view = views.get(s)
    if view is None:
        view = views[s] = _decomposition_set(s, role, "standard", False)
    return view


def _fill_standard_views() -> None:
    """Fill the standard views of every set a reading can hold in each role (246 sets: a
    standing chow, pung or pair; a declared chow, pung or kong; a standing pung completed by
    the discard), once at import (a few milliseconds) instead of during the first hands."""
    for kind, tiles in ((CHOW, [t for t in range(27) if t % 9 <= 6]), (PUNG, range(34)),
                        (PAIR, range(34))):
        for t in tiles:
            _standard_view((kind, t, False), _STANDING)
    for kind, tiles, exposed in ((CHOW, [t for t in range(27) if t % 9 <= 6], (True,)),
                                 (PUNG, range(34), (True,)), (KONG, range(34), (True, False))):
        for t in tiles:
            for e in exposed:
                _standard_view((kind, t, e), _MELD)
    for t in range(34):
        _standard_view((PUNG, t, False), _CLAIMED)


def _set_views(h, r) -> list[tuple]:
    """The ``_decomposition_set`` view of each set of reading ``r``, in order."""
    form = r.form
    sets = r.sets
    claimed = r.claimed_pung(h)
    if form == "standard":
        # the declared melds come first, then the standing sets and the pair
        # (plain loops: a comprehension is one more call in this Python)
        n = len(h.melds)
        views = []
        if n:
            melded = _STANDARD_VIEWS[_MELD]
            for s in sets[:n]:
                views.append(melded.get(s) or _standard_view(s, _MELD))
        standing = _STANDARD_VIEWS[_STANDING]
        for s in sets[n:]:
            views.append(standing.get(s) or _standard_view(s, _STANDING))
        if claimed >= 0:
            views[claimed] = _standard_view(sets[claimed], _CLAIMED)
        return views
    melds_from = 1 if form == "knitted_straight" else 0
    melds_to = melds_from + len(h.melds)
    return [_decomposition_set(s, _MELD if melds_from <= i < melds_to else
                               _CLAIMED if i == claimed else _STANDING, form, i == 0)
            for i, s in enumerate(sets)]


_fill_standard_views()

#: fan id -> (English, French, Chinese names, whether its tiles are the winning tile)
_FAN_LABELS = {f.id: (f.name_en, f.name_fr, f.name_zh, f.id in WIN_TILE_FANS) for f in FANS}


def _hand_codes(h) -> list[str]:
    """The codes of the 14 tiles (declared melds included), in tile order."""
    counts = h.counts
    codes = []
    for i in h.distinct:
        codes += _REPEATED[i][counts[i]]
    return codes


#: 000 n°9-11's condition on the three wait fans, as the document words it.
_ONE_TILE_WAITED = "Valable seulement si une seule tuile est attendue."


def _shared_waits(h, r, listed: set, labels) -> list[ExcludedItem]:
    """The wait fans the winning tile's shape would give, left out because other tiles complete
    the hand too (000 n°9-11): a learner who won 3m on 1-2m expected Edge Wait and saw no word
    why not. Said with those other tiles; standard hands only (the other forms' tables say theirs)."""
    if r.form != "standard" or h.unique_wait:
        return []
    win = h.win
    shapes = []
    if win < 27:
        for first, i in r.chows:
            if r.sets[i][2] or not first <= win <= first + 2:
                continue            # a declared chow, or one without the winning tile
            if win == first + 1:
                shapes.append(("closed_wait", "000 n°10"))
            elif (win == first + 2 and first % 9 == 0) or (win == first and first % 9 == 6):
                shapes.append(("edge_wait", "000 n°9"))
    if r.pair is not None and r.pair[0] == win:
        shapes.append(("single_wait", "000 n°11"))
    before = list(h.standing)
    before[win] -= 1
    others = sorted(waiting_tiles(tuple(before), not h.melds) - {win})
    also = " ".join(_CODES[t] for t in others)
    note = f"{also} also completes the hand" if len(others) == 1 else f"{also} also complete the hand"
    held = " ".join(_CODES[t] for t in others if h.counts[t] >= 4)
    if held:
        # a fifth copy cannot come, but the shape waits on it (docs/rulings.md, MCR-14): said, as
        # "1m also completes the hand" beside four 1m in the hand read as a miscount
        note = (f"{also} also completes the hand in shape, though this hand holds all four {held} (a wait all the "
                "same: docs/rulings.md, MCR-14)" if len(others) == 1 else
                f"{also} also complete the hand in shape, though this hand holds all four {held} (a wait all the "
                "same: docs/rulings.md, MCR-14)")
    return [ExcludedItem(fan, labels[fan][0], "", _ONE_TILE_WAITED, source, labels[fan][1], note)
            for fan, source in dict.fromkeys(shapes) if fan not in listed]


#: The concealed-pungs fans by how many, with 000's words: « complétés sans réclamer de tuile ».
_CONCEALED_PUNGS = {2: ("two_concealed_pungs", "000 n°21", "Deux Pung complétés sans réclamer de tuile."),
                    3: ("three_concealed_pungs", "000 n°54", "Trois Pung complétés sans réclamer de tuile."),
                    4: ("four_concealed_pungs", "000 n°73", "Quatre Pung complétés sans réclamer de tuile.")}


def _pung_claimed(h, r, listed: set, labels) -> list[ExcludedItem]:
    """The concealed-pungs fan one more would give, left out because the discard completed a
    standing pung (000 n°21, 54, 73): a learner who won 3s on 33s beside 111m 222p saw Two
    Concealed Pungs and looked for the third without a word why."""
    claimed = r.claimed_pung(h)
    if claimed < 0:
        return []
    sets = r.sets
    concealed = sum(1 for _t, i in r.pungs if i != claimed and not sets[i][2])
    wanted = _CONCEALED_PUNGS.get(concealed + 1)
    if wanted is None or wanted[0] in listed:
        return []
    fan, source, rule = wanted
    note = (f"{T.group_codes([_CODES[h.win]] * 3)} was completed by the discard, and a pung made with a claimed "
            "tile counts as exposed (self-drawn, it would be concealed: 001, Deux Pungs Cachés)")
    return [ExcludedItem(fan, labels[fan][0], "", rule, source, labels[fan][1], note)]


def _combined_already(pair, views, counted, rules) -> str:
    """Why sets ``pair`` (indices into the reading's ``views``) may not be combined again
    (000, Comptage des points, account-once): the counted combination fans that link them, each
    with the two sets it combines ("Pure Double Chow combines 123m with 123m; ...")."""
    j, i = pair
    linked = {}                     # set -> [(other set, fan)] along the counted combinations
    for fan, masks in counted:
        if not rules.fan_info[fan][1]:
            continue
        for m in masks:
            if m <= 0:
                continue
            sets = _MASK_SETS[m] if m < 128 else tuple(_bits(m))
            for a in sets:
                linked.setdefault(a, []).extend((b, fan) for b in sets if b != a)
    came = {j: None}
    queue = [j]
    for a in queue:                 # breadth first: the shortest link
        for b, fan in linked.get(a, ()):
            if b not in came:
                came[b] = (a, fan)
                queue.append(b)
    steps = []
    at = i
    while came.get(at) is not None:
        before, fan = came[at]
        steps.append(f"{_FAN_LABELS[fan][0]} combines {views[before][3]} with {views[at][3]}")
        at = before
    text = f"Its sets {views[j][3]} and {views[i][3]} are already linked"
    return f"{text}: {'; '.join(reversed(steps))}." if steps else f"{text}."


def build_result(hand, options, h, best, context_keys) -> ScoreResult:
    """The rich result, built once for the chosen reading only."""
    r, counted, excluded, total = best
    rules = rules_for(options)
    value = rules.value
    labels = _FAN_LABELS
    views = _set_views(h, r)
    hand_codes = None
    items = []
    for fan, masks in counted:
        # the tiles each occurrence uses (for highlighting): the winning tile for a fan of how
        # the hand was won, the four copies of a tile hog, the sets of a mask, or every tile
        name_en, name_fr, name_zh, on_win = labels[fan]
        n = len(masks)
        if on_win:
            tiles = [_CODES[h.win]] * n
        elif n == 1 and masks[0] == 0:          # a fan of the whole hand (the usual case)
            if hand_codes is None:
                hand_codes = _hand_codes(h)
            tiles = hand_codes.copy()
        else:
            tiles = []
            for mask in masks:
                if mask > 0:
                    for i in (_MASK_SETS[mask] if mask < 128 else _bits(mask)):
                        tiles += views[i][1]
                elif mask == 0:
                    if hand_codes is None:
                        hand_codes = _hand_codes(h)
                    tiles += hand_codes
                else:
                    tiles += _REPEATED[-mask - 1][4]
        items.append(ScoredItem(fan, name_en, value[fan], n, name_fr, name_zh, tiles, source=_SOURCES.get(fan, "")))
    flowers = h.flowers
    if flowers:
        items.append(ScoredItem("flower_tiles", *_FLOWERS, flowers, *_FLOWER_NAMES, list(hand.bonus),
                                note=_FLOWERS_NOTE, source=_SOURCES["flower_tiles"]))
    ex_items = []
    if excluded:
        # each fan not counted is listed once, with the first reason (a fan excluded by a row and
        # again by the account-once principle read as two different fans)
        seen = set() if len(excluded) > 1 else None
        counted = {i.id for i in items}
        for fan, by, row, _n, *clash in excluded:
            if seen is not None:
                if fan in seen:
                    continue
                seen.add(fan)
            if row is None:
                note, name_en, name_fr = NOTE_ACCOUNT_ONCE, labels[fan][0], labels[fan][1]
                # the two sets already combined, and by what: a learner read "a set already
                # combined may be combined only once more" without knowing which sets
                why = _combined_already(clash[0], views, best[1], rules) + " " if clash else ""
                if why:
                    note = NOTE_ALREADY_LINKED
                if fan in counted:
                    # a second one of a fan that is counted: named so ("Pure Straight: counted once
                    # above" under a counted Pure Straight read as one fan refused beside itself)
                    note = ("Counted once above; a further one is not. " if why else
                            "Counted once above; a further one would reuse its sets. ") + why + note
                    name_en, name_fr = f"{name_en}, a second time", f"{name_fr}, une seconde fois"
                else:
                    note = why + note
                ex_items.append(ExcludedItem(fan, name_en, "", PRINCIPLE_ACCOUNT_ONCE, SOURCE_PRINCIPLES,
                                             name_fr, note))
            else:
                ex_items.append(ExcludedItem(fan, labels[fan][0], by, row.rule, row.source, labels[fan][1],
                                             row.note))
    listed = {i.id for i in items} | {e.id for e in ex_items}
    ex_items += _shared_waits(h, r, listed, labels)
    ex_items += _pung_claimed(h, r, listed, labels)
    if any(i.id in ("dragon_pung", "two_dragon_pungs") for i in items) \
            and not any(e.id == "pung_of_terminals_or_honours" for e in ex_items):
        # 000 n°5 « Pung de 1, de 9 ou d'Honneur » read on its own gives a dragon pung the point; the
        # app follows 001 (ruling MCR-11), and a wind pung's line said why while a dragon's said nothing
        ex_items.append(ExcludedItem(
            "pung_of_terminals_or_honours", labels["pung_of_terminals_or_honours"][0], "",
            "Chaque Pung de 1, de 9 ou de Vent marque 1 point", "001, Pung d'extrémité et de Vent (ruling MCR-11)",
            labels["pung_of_terminals_or_honours"][1], "a dragon pung scores Dragon Pung alone"))
    minimum = options.minimum_points
    minimum_met = total >= minimum
    if not minimum_met and items and all(i.id != "chicken_hand" for i in items):
        # a learner saw "Closed Wait 1, below the minimum" where the same hand on another wait is a
        # Chicken Hand of 8 (000 n°39 « Main qui sinon vaudrait 0 points »): said why it is not one
        ex_items.append(ExcludedItem(
            "chicken_hand", labels["chicken_hand"][0], "", "Main qui sinon vaudrait 0 points.", "000 n°39",
            labels["chicken_hand"][1], "Only a hand that scores nothing else: here the fans above count."))
    extra = {"total_unit": "points", "total_without_flowers": total, "minimum_met": minimum_met,
             "minimum_points": minimum, "flowers": flowers}
    if minimum_met:
        payments = settlement(total + flowers, h.self_drawn, hand.context.get("discarder"), h.robbing_kong)
    else:
        payments = []
        # the minimum is counted without the flowers (000 n°13), said only where there are some
        counted = f"{total} point{'' if total == 1 else 's'}" + (" without flowers" if flowers else "")
        extra["minimum_note"] = (f"{counted}: below the {minimum}-point minimum, this hand cannot be "
                                 "declared Mah Jong (000, Déroulement); no settlement")
    sets = []
    for name, codes, concealed, text in views:
        sets.append({"kind": name, "tiles": list(codes), "concealed": concealed, "text": text})
    # positional, in ScoreResult's field order: rules, valid, total, items, excluded,
    # decomposition, payments, error, assumed, options, extra
    return ScoreResult("mcr", True, total + flowers, items, ex_items, Decomposition(r.form, sets),
                       payments, None, hand.context.missing(keys_read(context_keys, h.self_drawn, h.last_of_kind_known)),
                       rules.options_dict.copy(), extra)


_FLOWERS = (FAN_BY_ID["flower_tiles"].name_en, 1)
#: Each fan's place in 000's list, its source (the option-only fan has none).
_SOURCES = {f.id: f"000 n°{f.number}" for f in FANS if f.number}
_FLOWER_NAMES = (FAN_BY_ID["flower_tiles"].name_fr, FAN_BY_ID["flower_tiles"].name_zh)
_FLOWERS_NOTE = "flowers do not count toward the minimum (000 n°13)"


def keys_read(context_keys, self_drawn: bool, last_of_kind_known: bool = False) -> tuple:
    """The context keys a hand's score reads: a self-drawn hand has no discarder (``settlement``),
    so a discarder not given is not an assumption; nor is the last of its kind where the tiles
    settle it (``HandFacts.last_of_kind_known``, 000 n°27)."""
    return tuple(k for k in context_keys if not (self_drawn and k == "discarder")
                 and not (last_of_kind_known and k == "last_of_kind"))


def settlement(points: int, self_drawn: bool, discarder, robbed: bool = False) -> list[Payment]:
    """000, Païement: self-drawn, each of the three pays points + 8; on a discard, the discarder
    pays points + 8 and the two others 8 each. ``robbed``: won robbing a kong, whose player pays
    as the discarder (docs/rulings.md, MCR-19), named so: the tile was added, not discarded (000 n°43)."""
    if self_drawn:
        return [Payment("left", points + 8, "self-drawn: points + 8"),
                Payment("across", points + 8, "self-drawn: points + 8"),
                Payment("right", points + 8, "self-drawn: points + 8")]
    paying = "the player whose kong was robbed: points + 8" if robbed else "discarder: points + 8"
    if discarder is None:
        return [Payment("discarder", points + 8, paying),
                Payment("other", 8, "other player: 8"), Payment("other", 8, "other player: 8")]
    payments = []
    for s in ("left", "across", "right"):
        payments.append(Payment(s, points + 8, paying) if s == discarder
                        else Payment(s, 8, "other player: 8"))
    return payments


def all_readings(hand, options) -> list[tuple[str, int, list]]:
    """Every reading of the hand with its total and counted fans, best first (for "why this
    reading" questions and for tests of worked totals that read the tiles another way)."""
    _h, scored = _scored_readings(hand, options)
    out = [(r.form, total, [(f, len(m)) for f, m in counted]) for r, counted, _x, total in scored]
    out.sort(key=lambda x: -x[1])
    return out
