"""Hand-consistency decoding: the most probable reading of the tiles that is a legal winning hand.

The tile reader gives each tile a few candidate codes with probabilities; grouping gives the
structure (standing tiles, winning tile, melds with their face-down and claimed places, flowers,
dora indicators). A photographed winning hand must be a *winning hand*: 4 sets and a pair, or a
special form of the chosen rules, with at most four copies of any tile. ``decode`` chooses the
joint assignment of candidates with the highest probability that satisfies those constraints and
lists every tile it changed and why.

Search: melds are enumerated first (their legal readings, k**3 or k**4 at most), then every unit
(meld, standing tile, winning tile, dora indicator) has its options sorted by probability, and
joint assignments are visited best first (a heap where each state's children increment one unit
at or after the last one incremented, so each state is generated once and popped in order of
probability). The first assignment that passes the checks is the optimum over the candidates.

Winning forms per rule set (cited where the forms are defined):
* standard (4 sets + pair): every rule set;
* seven pairs: MCR (000 n°55; four identical tiles count as two pairs), riichi with seven
  *different* pairs (002, Sept Paires: "Il n'est pas autorisé d'avoir deux paires identiques");
* thirteen orphans: MCR (000 n°81), riichi (002, "deux mains spéciales"), Hong Kong (004, "main de
  13 tuiles terminales"), classical (a limit hand of the classical scorer's table, source [L]);
* knitted forms, MCR only: knitted straight (000 n°45) with a set and a pair, lesser / greater
  honours and knitted tiles (000 n°44 and n°56).
Hook: a rule-set module may define ``WINNING_FORMS`` (name → ``fn(counts, n_melds) -> bool``,
counts = 34 tile counts of the standing tiles including the winning tile); when it does, those
forms replace the defaults below for that rule set.
"""
from __future__ import annotations

import heapq
import importlib
import itertools
import math
import re
from dataclasses import dataclass, field

from . import tiles as T
from .decompose import THIRTEEN_ORPHANS, standard_decompositions

MIN_P = 1e-6
DEFAULT_MAX_STATES = 20000
#: Readings more than e**12 (~160,000) times less probable than the best one are not credible
#: corrections: the search stops there and reports no winning hand.
DEFAULT_MAX_LOG_DROP = 12.0
#: Prior odds that a photographed hand is NOT a winning hand (a player showing a wrong or
#: unfinished hand). A reading that changes tiles is weighed against "the reader was right and
#: the hand is not winning": a change away from a sure read (p 0.997 → 0.002) gets a low
#: confidence and a warning instead of looking certain (docs/rulings.md, Grouping).
NOT_WINNING_PRIOR = 0.01


# -- winning forms -----------------------------------------------------------------------------

def is_standard(counts, n_melds: int) -> bool:
    return sum(counts) == 14 - 3 * n_melds and bool(standard_decompositions(counts))


def is_seven_pairs(counts, n_melds: int) -> bool:
    return n_melds == 0 and sum(counts) == 14 and all(n in (0, 2, 4) for n in counts)


def is_seven_distinct_pairs(counts, n_melds: int) -> bool:
    return n_melds == 0 and sum(counts) == 14 and all(n in (0, 2) for n in counts)


def is_thirteen_orphans(counts, n_melds: int) -> bool:
    return (n_melds == 0 and sum(counts) == 14 and all(counts[i] >= 1 for i in THIRTEEN_ORPHANS)
            and sum(counts[i] for i in THIRTEEN_ORPHANS) == 14)


def _knitted_sets():
    """The six knitted straights: 147 in one suit, 258 in another, 369 in the third."""
    out = []
    for perm in itertools.permutations(range(3)):
        out.append(tuple(9 * perm[k] + n - 1 for k, ns in enumerate(((1, 4, 7), (2, 5, 8), (3, 6, 9)))
                         for n in ns))
    return out


KNITTED = _knitted_sets()


def is_knitted_straight(counts, n_melds: int) -> bool:
    """000 n°45: a knitted straight (9 tiles) plus one set and a pair (the set may be a meld)."""
    if n_melds > 1 or sum(counts) != 14 - 3 * n_melds:
        return False
    for ks in KNITTED:
        if all(counts[i] >= 1 for i in ks):
            rest = list(counts)
            for i in ks:
                rest[i] -= 1
            if n_melds == 1:
                if sum(rest) == 2 and max(rest) == 2:
                    return True
            elif standard_decompositions(rest):
                return True
    return False


def is_honours_and_knitted(counts, n_melds: int) -> bool:
    """000 n°44 / n°56: 14 single tiles, honours and tiles of one knitted straight."""
    if n_melds or sum(counts) != 14 or any(n > 1 for n in counts):
        return False
    held = {i for i, n in enumerate(counts) if n}
    return any(held <= set(ks) | set(range(27, 34)) for ks in KNITTED)


DEFAULT_FORMS: dict[str | None, dict] = {
    None: {"standard": is_standard, "seven_pairs": is_seven_pairs, "thirteen_orphans": is_thirteen_orphans,
           "knitted_straight": is_knitted_straight, "honours_and_knitted": is_honours_and_knitted},
    "mcr": {"standard": is_standard, "seven_pairs": is_seven_pairs, "thirteen_orphans": is_thirteen_orphans,
            "knitted_straight": is_knitted_straight, "honours_and_knitted": is_honours_and_knitted},
    "riichi": {"standard": is_standard, "seven_pairs": is_seven_distinct_pairs,
               "thirteen_orphans": is_thirteen_orphans},
    "hk": {"standard": is_standard, "thirteen_orphans": is_thirteen_orphans},
    # 003 describes sets and the pair; the classical scorer adds thirteen orphans as a limit
    # hand (scorer/classical/table.py, source [L]).
    "classical": {"standard": is_standard, "thirteen_orphans": is_thirteen_orphans},
}


def forms_for(rules: str | None) -> dict:
    """Winning forms for ``rules`` (None: any form of any rule set): the rule-set module's
    ``WINNING_FORMS`` when it has one (the hook), else the defaults above."""
    if rules is not None:
        from .rulesets import RULE_SETS
        module_name = RULE_SETS.get(rules)
        if module_name:
            try:
                module = importlib.import_module(module_name)
            except ImportError:
                module = None
            forms = getattr(module, "WINNING_FORMS", None)
            if forms:
                return dict(forms)
    return DEFAULT_FORMS.get(rules, DEFAULT_FORMS[None])


def winning_form(counts, n_melds: int, rules: str | None = None) -> str | None:
    for name, fn in forms_for(rules).items():
        if fn(counts, n_melds):
            return name
    return None


# -- decoding ----------------------------------------------------------------------------------

_PLACE = re.compile(r"(\w+)(?:\[(\d+)\])?(?:(?:\.tiles)?\[(\d+)\])?")


def place_parts(where: str | None) -> tuple[str, int | None, int | None] | None:
    """A change's place ("concealed[3]", "winning", "melds[1].tiles[2]", "dora[0]", "melds[1]")
    as (kind, index, tile index within the meld), or None for text of another shape."""
    m = _PLACE.fullmatch(where or "")
    if not m:
        return None
    return m.group(1), *(int(g) if g is not None else None for g in m.groups()[1:])


def _english(text: str, **fields) -> str:
    return text.format(**fields)


def place_words(where: str | None, tr=_english) -> str:
    """A change's place in words, counted from 1 as a player counts: "standing tile 4",
    "meld 2, tile 3", "the winning tile"; text of another shape as it is. ``tr``: the words'
    language (the web page's ``webui.i18n.t``)."""
    parts = place_parts(where)
    if parts is None:
        return where or ""
    kind, a, b = parts
    if kind == "winning":
        return tr("the winning tile")
    if kind == "concealed" and a is not None:
        return tr("standing tile {n}", n=a + 1)
    if kind == "melds" and a is not None and b is not None:
        return tr("meld {n}, tile {k}", n=a + 1, k=b + 1)
    if kind == "melds" and a is not None:
        return tr("meld {n}", n=a + 1)
    if kind == "dora" and a is not None:
        return tr("dora indicator {n}", n=a + 1)
    return where


@dataclass
class Change:
    where: str            # "concealed[3]", "winning", "melds[1].tiles[2]", "dora[0]"
    read: str | None      # the code read first
    chosen: str
    p_read: float
    p_chosen: float
    why: str

    def to_dict(self) -> dict:
        return {"where": self.where, "read": self.read, "chosen": self.chosen,
                "p_read": round(self.p_read, 4), "p_chosen": round(self.p_chosen, 4), "why": self.why}


@dataclass
class Decoding:
    """``hand``: hand JSON of the chosen reading (None if no candidate reading is a winning
    hand); ``status``: "unchanged", "changed", "no_winning_hand" or "unreadable"; ``changes``:
    every tile whose chosen code differs from its best read; ``form``: the winning form found;
    ``log_prob`` of the chosen reading and of the best reading; ``states`` searched;
    ``confidence`` of the choice against its rivals: the runner-up legal reading
    (``alternative``: where they differ) and, when tiles were changed, the reading as read on a
    hand that is not winning (``NOT_WINNING_PRIOR``); 1.0 when no rival is credible."""
    hand: dict | None
    status: str
    changes: list[Change] = field(default_factory=list)
    form: str | None = None
    log_prob: float = 0.0
    best_log_prob: float = 0.0
    states: int = 0
    message: str = ""
    confidence: float = 0.0                 # of the chosen reading against the runner-up
    alternative: dict | None = None         # the runner-up legal reading's differences

    def to_dict(self) -> dict:
        return {"hand": self.hand, "status": self.status, "changes": [c.to_dict() for c in self.changes],
                "form": self.form, "log_prob": round(self.log_prob, 4),
                "best_log_prob": round(self.best_log_prob, 4), "states": self.states,
                "confidence": round(self.confidence, 4), "alternative": self.alternative,
                **({"message": self.message} if self.message else {})}


def _cands(raw, k: int):
    """Candidate list → [(code, log p)] best first, k at most, merged duplicates."""
    best: dict[str, float] = {}
    for item in raw or ():
        code, p = (item["code"], item["p"]) if isinstance(item, dict) else item
        if not T.is_valid_code(code):
            continue
        best[code] = max(best.get(code, 0.0), float(p))
    out = sorted(best.items(), key=lambda cp: -cp[1])[:k]
    return [(c, math.log(max(p, MIN_P))) for c, p in out]


def _meld_options(meld: dict, k: int, where: str):
    """Legal readings of one meld: [(log p, codes per place, type)] best first."""
    places = meld["tiles"]
    kind = meld.get("kind", "set")
    cands = [None if c is None else _cands(c, k) for c in places]
    if any(c == [] for c in cands):
        return None
    # The tiles of a meld vouch for each other: a code read on one tile may be the truth on
    # another even outside that tile's top k, with the probability mass its top k left over.
    seen = {c for cs in cands if cs for c, _ in cs}
    for j, cs in enumerate(cands):
        if cs is None:
            continue
        left = max(MIN_P, 1.0 - sum(math.exp(lp) for _, lp in cs)) / 2
        have = {c for c, _ in cs}
        cands[j] = cs + [(c, math.log(left)) for c in sorted(seen - have)]
    up = [i for i, c in enumerate(cands) if c is not None]
    if not up:
        return None
    options = []
    for combo in itertools.product(*(cands[i] for i in up)):
        codes = [c for c, _ in combo]
        lp = sum(l for _, l in combo)
        norm = {T.normalize(c) for c in codes}
        if any(T.is_bonus(c) for c in codes):
            continue
        if kind == "kong":
            if len(norm) != 1:
                continue
            full = []
            it = iter(codes)
            for i in range(len(places)):
                full.append(next(it) if cands[i] is not None else T.normalize(codes[0]))
            options.append((lp, tuple(full), "kong"))
        else:
            if len(places) != 3 or len(up) != 3:
                continue
            if len(norm) == 1:
                options.append((lp, tuple(codes), "pung"))
            else:
                idx = sorted(T.index(c) for c in codes)
                if (codes[0][1] in T.NUMBER_SUITS and len({c[1] for c in codes}) == 1
                        and idx == [idx[0], idx[0] + 1, idx[0] + 2]):
                    options.append((lp, tuple(codes), "chow"))
    options.sort(key=lambda o: -o[0])
    meld["_cands"] = cands
    return options


def decode(structure: dict, *, rules: str | None = None, k: int = 3,
           max_states: int = DEFAULT_MAX_STATES, max_log_drop: float = DEFAULT_MAX_LOG_DROP,
           alt_states: int = 2000, outside_top_k: bool = True) -> Decoding:
    """Most probable legal winning hand from per-tile candidates.

    ``structure``: {"concealed": [cands, ...] (standing tiles without the winning tile),
    "winning": cands, "melds": [{"kind": "set"|"kong", "concealed": bool, "tiles": [cands or None
    for a face-down place], "claimed_index": int|None, "from": str|None, "added": bool}],
    "bonus": [codes], "dora": [cands], "context": {...}}; cands = [(code, p), ...] or
    [{"code", "p"}, ...]. ``k`` candidates per tile are considered (k <= 3 keeps it fast); the
    search visits at most ``max_states`` readings, none less probable than the best reading by
    more than a factor e**``max_log_drop``. After the best legal reading it looks ``alt_states``
    readings further for the runner-up, to say how sure the choice is (``confidence``,
    ``alternative``). When no candidate reading is a winning hand and ``outside_top_k``, one
    standing tile may take a code outside its candidates if exactly that completes the hand
    (confidence 0, the change says to check the tile).
    """
    concealed = [_cands(c, k) for c in structure.get("concealed", [])]
    winning = _cands(structure.get("winning"), k)
    dora = [_cands(c, k) for c in structure.get("dora", [])]
    melds_in = [dict(m) for m in structure.get("melds", [])]
    if not winning or any(not c for c in concealed) or any(not c for c in dora):
        return Decoding(None, "unreadable", message="a tile has no readable candidate")
    meld_opts = []
    for m_i, m in enumerate(melds_in):
        opts = _meld_options(m, k, f"melds[{m_i}]")
        if not opts:
            return Decoding(None, "no_winning_hand",
                            message=f"meld {m_i + 1}: no reading of its tiles is a chow, pung or kong")
        meld_opts.append(opts)
    forms = forms_for(rules)
    n_melds = len(melds_in)
    bonus = list(structure.get("bonus", []))

    # Units: melds, then standing tiles, the winning tile, dora indicators.
    units: list[list[tuple[float, object]]] = []
    units += [[(lp, (codes, kind)) for lp, codes, kind in opts] for opts in meld_opts]
    units += [[(lp, code) for code, lp in c] for c in concealed]
    units.append([(lp, code) for code, lp in winning])
    units += [[(lp, code) for code, lp in c] for c in dora]
    n_m, n_c = len(meld_opts), len(concealed)
    unit_names = ([f"melds[{i}]" for i in range(n_m)] + [f"concealed[{i}]" for i in range(n_c)] + ["winning"]
                  + [f"dora[{i}]" for i in range(len(dora))])

    def check(state):
        melds = [units[u][state[u]][1] for u in range(n_m)]
        standing = [units[n_m + i][state[n_m + i]][1] for i in range(n_c + 1)]
        ind = [units[n_m + n_c + 1 + i][state[n_m + n_c + 1 + i]][1] for i in range(len(dora))]
        # A flower or season never stands in the hand nor indicates dora: a bonus code among
        # a standing tile's candidates (a real reader proposes them) is read but never chosen.
        if any(T.is_bonus(code) for code in standing) or any(T.is_bonus(code) for code in ind):
            return None, "a flower or season among the standing tiles or dora indicators"
        counts = [0] * 34
        for code in standing:
            counts[T.index(code)] += 1
        total = list(counts)
        for codes, _ in melds:
            for code in codes:
                total[T.index(code)] += 1
        for code in ind:
            total[T.index(code)] += 1
        over = [T.code_of(i) for i, n in enumerate(total) if n > 4]
        if over:
            return None, f"more than four tiles of {', '.join(over)}"      # "four 9s" read as nines
        for name, fn in forms.items():
            if fn(counts, n_melds):
                return name, ""
        return None, "no winning form (4 sets and a pair" + (", or a special hand" if len(forms) > 1 else "") + ")"

    def logp(state):
        return sum(units[u][s][0] for u, s in enumerate(state))

    start = tuple(0 for _ in units)
    best_lp = logp(start)
    # The tiles as read, which a meld's best legal reading may not be (1m 9m 9m read surely, set
    # apart as a meld, is best read 9m 9m 9m): "read right, and not a winning hand" is weighed
    # against this, not against the meld's best legal reading
    # (never under the best legal reading: a meld's places also take the codes read on its other
    # tiles, which can outweigh a low first read of a meld legal as read)
    as_read_lp = max(best_lp, best_lp + sum(sum(cs[0][1] for cs in m["_cands"] if cs) - units[u][0][0]
                                            for u, m in enumerate(melds_in)))
    heap = [(-best_lp, start, 0)]
    states = 0
    first_failure = None
    found = None
    limit = max_states
    while heap and states < limit:
        neg, state, last = heapq.heappop(heap)
        if -neg < best_lp - max_log_drop:
            heap = [None]   # the rest is even less probable
            break
        states += 1
        form, why = check(state)
        if first_failure is None:
            first_failure = why
        if form is not None:
            if found is not None:
                return _finish(found, (state, -neg), units, unit_names, structure, n_m, n_c, dora, best_lp, states,
                               first_failure, melds_in, bonus, as_read_lp)
            found = (state, form, -neg)
            limit = states + alt_states
        for u in range(last, len(units)):
            if state[u] + 1 < len(units[u]):
                child = state[:u] + (state[u] + 1,) + state[u + 1:]
                heapq.heappush(heap, (neg + units[u][state[u]][0] - units[u][state[u] + 1][0], child, u))
    if found is not None:
        return _finish(found, None, units, unit_names, structure, n_m, n_c, dora, best_lp, states,
                       first_failure, melds_in, bonus, as_read_lp)
    why = ("no combination of the candidate readings makes a winning hand" if not heap
           else f"no credible winning hand among the {states} most probable readings")
    if outside_top_k:
        rescue = _one_tile_outside(units, unit_names, n_m, n_c, check, start)
        if rescue is not None:
            state, form, u = rescue
            result = _result(structure, units, state, n_m, n_c, dora, form, logp(state), best_lp, states,
                             first_failure, melds_in, bonus)
            for change in result.changes:
                if change.where == unit_names[u]:
                    change.why = (f"no reading among the candidates makes a winning hand ({first_failure}); "
                                  f"only {change.chosen}, which the reader did not propose here, does: check "
                                  "this tile")
            units[u].pop()
            result.confidence = 0.0   # a guess outside the reader's candidates: always checked
            return result
    return Decoding(None, "no_winning_hand", form=None, best_log_prob=best_lp, states=states,
                    message=f"{why}; as read: {first_failure}")


def _one_tile_outside(units, unit_names, n_m, n_c, check, start):
    """Last resort: the best reading (all first candidates) with one standing tile read as a
    code outside its candidates, if exactly that completes the hand. The code gets the mass the
    candidates left over, spread over the other codes. Returns (state, form, unit) with the
    option appended to ``units[unit]`` (the caller removes it), or None."""
    best = None
    for u in range(n_m, n_m + n_c + 1):
        have = {code for _, code in units[u]}
        left = max(MIN_P, 1.0 - sum(math.exp(lp) for lp, _ in units[u])) / 30
        for code in T.TILE_CODES:
            if code in have:
                continue
            units[u].append((math.log(left), code))
            state = start[:u] + (len(units[u]) - 1,) + start[u + 1:]
            form, _ = check(state)
            units[u].pop()
            if form is not None:
                score = math.log(left) - units[u][0][0]
                if best is None or score > best[0]:
                    best = (score, u, code, form)
    if best is None:
        return None
    _, u, code, form = best
    units[u].append((math.log(max(MIN_P, 1.0 - sum(math.exp(lp) for lp, _ in units[u])) / 30), code))
    return start[:u] + (len(units[u]) - 1,) + start[u + 1:], form, u


def _finish(found, alt, units, unit_names, structure, n_m, n_c, dora, best_lp, states, first_failure,
            melds_in, bonus, as_read_lp: float) -> Decoding:
    """The chosen reading, with the runner-up legal reading when one was found: its differences
    and the confidence of the choice (its probability among the rival explanations)."""
    state, form, lp = found
    result = _result(structure, units, state, n_m, n_c, dora, form, lp, best_lp, states, first_failure,
                     melds_in, bonus)
    # Rival explanations of the photo, relative to the chosen reading: the runner-up legal
    # reading, and (when the chosen reading changed tiles) the tiles as read, on a hand that is
    # not winning.
    rivals = 0.0 if alt is None else math.exp(alt[1] - lp)
    if lp < as_read_lp:
        rivals += NOT_WINNING_PRIOR * math.exp(as_read_lp - lp)
    result.confidence = 1.0 / (1.0 + rivals)
    if alt is None:
        return result
    alt_state, alt_lp = alt

    def codes(u, k):
        value = units[u][k][1]
        return list(value[0]) if isinstance(value, tuple) else value
    result.alternative = {
        "log_prob": round(alt_lp, 4),
        "differences": [{"where": unit_names[u], "chosen": codes(u, state[u]), "alternative": codes(u, alt_state[u]),
                         "p_chosen": round(math.exp(units[u][state[u]][0]), 4),
                         "p_alternative": round(math.exp(units[u][alt_state[u]][0]), 4)}
                        for u in range(len(units)) if state[u] != alt_state[u]],
    }
    return result


def _result(structure, units, state, n_m, n_c, dora, form, lp, best_lp, states, first_failure,
            melds_in, bonus) -> Decoding:
    changes: list[Change] = []
    reason = f"the best reading is not a winning hand ({first_failure}); this one is ({form.replace('_', ' ')})"

    def note(where, unit_options, chosen_index, chosen_code, top_code):
        if chosen_index != 0 and chosen_code != top_code:
            changes.append(Change(where, top_code, chosen_code, math.exp(unit_options[0][0]),
                                  math.exp(unit_options[chosen_index][0]), reason))

    melds_out = []
    for m_i, m in enumerate(melds_in):
        lp_codes = units[m_i][state[m_i]]
        codes, kind = lp_codes[1]
        raw = m["_cands"]
        for j, code in enumerate(codes):
            if raw[j] is not None and raw[j][0][0] != code:
                changes.append(Change(f"melds[{m_i}].tiles[{j}]", raw[j][0][0], code,
                                      math.exp(raw[j][0][1]), math.exp(dict(raw[j]).get(code, math.log(MIN_P))),
                                      reason))
        claimed_index = m.get("claimed_index")
        meld = {"type": kind, "tiles": list(codes), "concealed": bool(m.get("concealed", False)),
                "claimed": codes[claimed_index] if claimed_index is not None else None,
                "from": m.get("from")}
        if kind == "chow" and meld["from"] not in (None, "left"):
            meld["from"] = "left"
        if m.get("added"):
            meld["added"] = True
        melds_out.append(meld)
    standing = []
    for i in range(n_c):
        u = n_m + i
        code = units[u][state[u]][1]
        note(f"concealed[{i}]", units[u], state[u], code, units[u][0][1])
        standing.append(code)
    u = n_m + n_c
    win = units[u][state[u]][1]
    note("winning", units[u], state[u], win, units[u][0][1])
    indicators = []
    for i in range(len(dora)):
        u = n_m + n_c + 1 + i
        code = units[u][state[u]][1]
        note(f"dora[{i}]", units[u], state[u], code, units[u][0][1])
        indicators.append(code)
    context = dict(structure.get("context") or {})
    if indicators:
        context["dora_indicators"] = indicators
    hand = {"concealed": standing + [win], "melds": melds_out, "winning_tile": win, "bonus": bonus,
            "context": context}
    return Decoding(hand, "changed" if changes else "unchanged", changes, form, lp, best_lp, states)
