"""Plain-text rendering of scoring results for the terminal."""
from __future__ import annotations

import scorer
from scorer.errors import refusal
from scorer.context import assumed_text
from scorer.result import (MERGED_PAYER_WORDS, fu_before_rounding, fu_counts, odd_faan_paid_as_below, others_merged,
                           uncapped_score, unit_for)
from scorer.riichi.payments import payment_steps
from scorer.tiles import group_codes



def unused_text(rules: str, keys) -> str:
    """The context given that ``rules`` does not use, each with why where the rule set says."""
    said = [f"{k} ({why})" if (why := scorer.unused_reason(rules, k)) else k for k in keys]
    return f"given but not used by these rules: {', '.join(said)}"


def format_result(result, hand_text: str = "", explain: bool = False) -> str:
    """The result as the terminal prints it; ``explain`` adds under each scored line what the
    hand must show to score it (the rule set's definition)."""
    lines = []
    title = f"{result.rules.upper()}"
    if hand_text:
        title += f"  {hand_text}"
    lines.append(title)
    if not result.valid:
        err = result.error or {}
        lines.append(f"  {refusal(err)}: {err.get('message', 'invalid')}")
        if "choose flower method" in err.get("message", ""):
            # the scorer's words serve the pages too: the command line's way of choosing, said here
            lines.append("  (on the command line: -o flower_method=A, B, C or D)")
        return "\n".join(lines)
    if result.decomposition is not None:
        sets = "  ".join(s.get("text", "") or "".join(s.get("tiles", [])) for s in result.decomposition.sets)
        # a form without sets of its own (thirteen orphans in riichi) is named alone
        lines.append(f"  read as ({result.decomposition.form.replace('_', ' ')})" + (f": {sets}" if sets else ""))
    width = max([len(i.name_en) for i in result.items] + [10])
    whole = sum(len(st.get("tiles", [])) for st in result.decomposition.sets) if result.decomposition else 0
    whole = whole or 14
    for item in result.items:
        count = f" ({item.count} x {item.value})" if item.count != 1 else ""
        unit = unit_for(item.unit, item.total)
        names = " / ".join(n for n in (item.name_native, item.name_fr) if n)
        # the tiles that make it, where it is made of some of the hand's (a set, a pair, a wait)
        # ("from", as the fu breakdown says it: square brackets would read as an exposed meld)
        used = f"  from {group_codes(item.tiles)}" if item.tiles and len(item.tiles) < whole else ""
        lines.append(f"  {item.name_en:<{width}} {item.total:>4} {unit}{count}"
                     + (f"  {names}" if names else "") + used)
        if explain and item.definition:
            lines.append(f"      = {item.definition}")
        if item.note:       # its source, or what the rule's words do not say (the page's "source")
            lines.append(f"      {item.note}")
    # Rule-set specific figures: how the total is reached in words, then any other figure as
    # key: value.
    shown = {"total", "total_without_flowers", "minimum_met", "minimum_points", "minimum_note",
             "flowers"}
    figures, worded = _figure_lines(result)
    lines.extend(figures)
    shown |= worded
    for key, value in result.extra.items():
        if key in shown or key == "total_unit":
            continue
        if isinstance(value, (int, float, str)) and not isinstance(value, bool) and value != "":
            lines.append(f"  {key}: {value}")
        elif isinstance(value, list) and value:
            lines.extend(_extra_list(key, value))
    unit = unit_for(result.extra.get("total_unit", ""), result.total)
    total = f"  {'TOTAL':<{width}} {result.total:>4}" + (f" {unit}" if unit else "")
    if "total_without_flowers" in result.extra and result.extra["total_without_flowers"] != result.total:
        total += f"  ({result.extra['total_without_flowers']} without flowers)"
    lines.append(total)
    if result.extra.get("minimum_met") is False:
        lines.append(f"  ! {result.extra.get('minimum_note', 'below the minimum')}")
    if result.excluded:
        lines.append("  not counted:")
        names = {i.id: i.name_en for i in result.items}
        # MCR: every exclusion is a fan not counted beside another (implied by it, or forbidden
        # with it: 000 « Comptage des points »): said in English, the fans one rule excludes
        # together, then the rule's own words (French) once
        grouped: dict[tuple, list[str]] = {}
        for ex in result.excluded:
            if result.rules == "mcr" and ex.by:
                grouped.setdefault((ex.by, ex.rule, ex.source, ex.note), []).append(ex.name_en)
        for (by, rule, source, note), fans in grouped.items():
            lines.append(f"    - {', '.join(fans)}: not counted beside {names.get(by, by)} [{source}]")
            lines.extend(f"        {line}" for line in (f"« {rule} »" if rule else "", note) if line)
        for ex in result.excluded:
            if result.rules == "mcr" and ex.by:
                continue
            by = f" (excluded by {names.get(ex.by, ex.by)})" if ex.by else ""
            rule = f"« {ex.rule} »" if result.rules == "mcr" else ex.rule
            lines.append(f"    - {ex.name_en}{by}: {' '.join(filter(None, (ex.note, rule)))} [{ex.source}]")
    if "seat_wind" in result.assumed and result.extra.get("dealer") is True:
        # the payments below are doubled for East: said before them, as the web page does
        lines.append("  seat wind not given: scored as East, the dealer (--seat-wind sets it)")
    if result.payments:
        lines.append("  settlement:")
        for p in others_merged(result.payments):
            payer = MERGED_PAYER_WORDS.get(p.payer, p.payer)
            lines.append(f"    {payer} pays {p.amount}" + (f"  ({p.reason})" if p.reason else ""))
    if result.assumed:
        lines.append(f"  assumed (not given): {', '.join(map(assumed_text, result.assumed))}")
    if result.unused:
        lines.append(f"  {unused_text(result.rules, result.unused)}")
    return "\n".join(lines)


#: What a yakuman's han line says (it said "its 13 han are not added to", cut short).
YAKUMAN_HAN = "a yakuman, paid as a limit: no other yaku or dora is added to it, nor a second yakuman"


def _figure_lines(result) -> tuple[list[str], set[str]]:
    """How a riichi, Hong Kong or classical total is reached, in words a beginner can follow,
    and which ``extra`` keys those lines have said."""
    x = result.extra
    if result.rules == "riichi" and "han" in x:
        limit = x.get("limit") or ""
        # a yakuman is a limit, not a count of han: 002 §4.2 « Les yakuman ne sont pas cumulatifs »,
        # §4.2.5 « On ne compte aucun d'autre yaku, y compris les dora »
        lines = [f"  han: {YAKUMAN_HAN if limit == 'yakuman' else x['han']}"]
        counted = fu_before_rounding(x)
        if limit == "yakuman":
            lines.append(f"  fu: {x['fu']} (not used: a yakuman is paid as a limit)")
        elif not fu_counts(x):
            # 002 §4: « Pour les mains à cinq han ou plus les minipoints n'entrent plus en compte »
            lines.append(f"  fu: {x['fu']} (not used: a hand of 5 han or more is paid by its han)")
        else:
            lines.append(f"  fu: {x['fu']}" + (f" ({counted}, rounded up to the next 10)" if counted else ""))
        lines.extend(_extra_list("fu_breakdown", x.get("fu_breakdown") or []) if x.get("fu_breakdown") else [])
        if limit:
            lines.append(f"  limit: {limit}")
        if x.get("dora_tiles") and not x.get("dora_held"):
            lines.append(f"  dora: {' '.join(x['dora_tiles'])} (the tile after each indicator): none in the hand")
        steps = payment_steps(x)
        if steps:
            lines.append("  payment (002 §4.1.2):")
            lines.extend("    - " + text.format(**fields) for text, fields in steps)
        if x.get("hand_value") not in (None, x.get("points")):
            lines.append(f"  hand value: {x['hand_value']} (before counters and riichi sticks)")
        if x.get("net_gain") is not None:
            # in words, as the page says it ("net_gain: 3800" was the key itself)
            lines.append(f"  {x['net_gain']} more than before the hand: the winner's own riichi stick (1000) is "
                         "among those received")
        return lines, {"han", "fu", "fu_breakdown", "limit", "hand_value", "points", "basic_points", "dora_tiles",
                       "dora_held", "net_gain"}
    if result.rules == "hk" and "faan_counted" in x:
        capped = x["faan_counted"] != x["faan"]
        lines = [f"  faan: {x['faan']}" + (f", counted as {x['faan_counted']} (the cap)" if capped else "")]
        # 004 « Payer le gagnant »: the faan are paid by the reward table
        table = "the reward table"
        if odd_faan_paid_as_below(result.rules, x["faan_counted"], result.options):
            table += f"; an odd faan above 4 pays as {x['faan_counted'] - 1} faan: option odd_faan=half pays half-way"
        lines.append(f"  reward: {_points(x['points'])} for {x['faan_counted']} faan ({table})")
        lines.append(f"  received: {_points(x['received'])} in all")
        return lines, {"faan", "faan_counted", "points", "received"}
    raw = uncapped_score(x)
    if result.rules == "classical" and x.get("limit_hand"):
        return [f"  score: {x['limit_hand']} is a limit hand: it scores the limit, {x['limit']}",
                f"  received: {_points(x['received'])} in all"], _CLASSICAL_SAID
    if result.rules == "classical" and raw is not None:
        score = f"  score: {x['base_points']} base points doubled {x['doubles']} time{'' if x['doubles'] == 1 else 's'} = {raw}"
        score += f", capped at the limit of {x['limit']}" if x.get("limit_reached") else f" (limit {x['limit']})"
        return [score, f"  received: {_points(x['received'])} in all"], _CLASSICAL_SAID
    return [], set()


#: The classical ``extra`` keys its score line says.
_CLASSICAL_SAID = {"base_points", "doubles", "score", "limit", "limit_reached", "limit_hand", "received"}


def _points(n) -> str:
    # a sum of half payments is a float ("2.0"): whole numbers are written whole, as the settlement does
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    return f"{n} point" if n == 1 else f"{n} points"


def _extra_list(key: str, values: list) -> list[str]:
    """A rule-set list in ``extra`` (minipoint breakdown, warnings...): one line per entry.
    Dict entries show their English name, their first number and the set (or tiles) they
    come from."""
    out = [f"  {key.replace('_', ' ')}:"]
    for v in values:
        if isinstance(v, dict):
            name = v.get("name_en") or v.get("name") or v.get("id") or ""
            num = next(((k, x) for k, x in v.items() if isinstance(x, int) and not isinstance(x, bool)), None)
            where = v.get("set") or "".join(v.get("tiles") or [])
            out.append(f"    - {name}" + (f": {num[1]} {num[0]}" if num else "") + (f"  from {where}" if where else ""))
            if v.get("note"):
                out.append(f"      ({v['note']})")
        else:
            out.append(f"    - {v}")
    return out


def _summary_lines(result) -> list[str]:
    """The short form of a result for one column: each item, the total, who pays."""
    if not result.valid:
        msg = (result.error or {}).get("message", "invalid")
        return [f"{refusal(result.error)}:"] + _wrap(msg, 34)
    lines = []
    mixed = len({i.unit for i in result.items}) > 1
    for item in result.items:
        count = f" x{item.count}" if item.count != 1 else ""
        unit = f" {_SHORT_UNITS.get(item.unit, item.unit)}" if mixed else ""
        lines.append(f"{item.name_en}{count}|{item.total}{unit}")
    unit = unit_for(result.extra.get("total_unit", "") or (result.items[0].unit if result.items else ""), result.total)
    lines.append("")
    if "yakuman" in str(result.extra.get("limit", "")):
        lines.append(str(result.extra["limit"]))      # counted by yakuman, not han and fu (002 §4.2)
    elif "han" in result.extra and "fu" in result.extra:
        lines.append(f"{result.extra['han']} han {result.extra['fu']} fu")
    lines.append(f"TOTAL|{result.total} {unit}".rstrip())
    if result.extra.get("minimum_met") is False:
        # MCR: under 8 points without flowers the hand may not be declared (000, Déroulement)
        lines.append(f"! under the {result.extra.get('minimum_points', 8)}-point minimum: no win")
    # who pays as the single rule set's output says it, with why under it: "other pays 48" three
    # times left a beginner to guess that East's double was the reason
    for p in others_merged(result.payments):
        lines.append(f"{MERGED_PAYER_WORDS.get(p.payer, p.payer)} pays|{p.amount}")
        lines.extend(f"  {line}" for line in (_wrap(f"({p.reason})", 36) if p.reason else []))
    return lines


_SHORT_UNITS = {"points": "pt", "doubles": "dbl", "faan": "fn", "han": "han", "fu": "fu"}


def _wrap(text: str, width: int) -> list[str]:
    words, out, line = text.split(), [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            out.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    return out + ([line] if line else [])


def format_side_by_side(results, hand_text: str = "") -> str:
    """The same hand under several rule sets, one column each (``mjtable score --rules all``)."""
    columns = [[r.rules.upper(), "-" * len(r.rules)] + _summary_lines(r) for r in results]
    width = 40
    height = max(len(c) for c in columns)
    out = [hand_text] if hand_text else []

    def cell(text: str) -> str:
        name, sep, value = text.partition("|")
        if not sep:
            return f"{text[:width]:<{width}}"
        return f"{name[:width - len(value) - 1]:<{width - len(value)}}{value}"

    for row in range(height):
        out.append("  ".join(cell(c[row] if row < len(c) else "") for c in columns).rstrip())
    # what each column took for granted, said once under them as a single rule set's output says it
    # (side by side said nothing, though riichi's and classical's totals assumed the winner East)
    # each column's warnings, named by its rule set: a single rule set's output says them, and
    # side by side kept quiet about flowers riichi ignored and Hong Kong left uncounted
    for r in results:
        for warning in r.extra.get("warnings") or []:
            out.append(f"{r.rules.upper()}: {warning}")
        if r.unused:
            # a context one rule set does not use (classical scored a robbed kong without a word)
            out.append(f"{r.rules.upper()}: {unused_text(r.rules, r.unused)}")
    assumed = list(dict.fromkeys(k for r in results for k in r.assumed))
    if "seat_wind" in assumed and any(r.extra.get("dealer") is True for r in results):
        out.append("seat wind not given: scored as East, the dealer (--seat-wind sets it)")
    if assumed:
        out.append(f"assumed (not given): {', '.join(map(assumed_text, assumed))}")
    return "\n".join(out)
