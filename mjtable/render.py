"""Plain-text rendering of scoring results for the terminal."""
from __future__ import annotations

import re

import scorer
from scorer.errors import refusal
from scorer.context import assumed_text
from scorer.result import (MERGED_PAYER_WORDS, dora_words, fu_before_rounding, fu_counts, odd_faan_paid_as_below, others_merged,
                           uncapped_score, unit_for)
from scorer.riichi.names import fu_definition
from scorer.riichi.payments import payment_steps
from scorer import tiles as T
from scorer.tiles import group_codes


class Words:
    """The terminal's words: English as written here, or French (``mjtable score --lang fr``)
    through the web app's translations (``webui.i18n``), called inside ``context()``. ``t`` says a
    phrase of this module, ``msg`` a message of the scorer."""

    def __init__(self, french: bool = False):
        self.french = french

    def context(self, rules: str | None = None):
        """What the words are said within: for French, the request context ``webui.i18n`` reads
        the page's language from, outside the web app, in the words of ``rules``' own document
        (riichi's dealer « l'ouvreur », 002 §3.4.11, as the web pages say it); nothing for English."""
        import contextlib
        if not self.french:
            return contextlib.nullcontext()

        @contextlib.contextmanager
        def french():
            from flask import Flask
            from webui import i18n
            with Flask("mjtable").test_request_context("/?lang=fr"):
                i18n.use_rules_terms(rules)
                yield
        return french()

    def t(self, text: str, **fields) -> str:
        if self.french:
            from webui import i18n
            return i18n.t(text, **fields)
        return text.format(**fields) if fields else text

    def msg(self, text) -> str:
        """A message of the scorer; in French with its sources after it, as the English one
        has them (the web pages keep them behind their "source" link)."""
        if self.french and text:
            from webui import i18n
            said = i18n.msg(text)
            raw = text.get("message", "") if isinstance(text, dict) else str(text)
            _, sources = i18n.split_source(raw)
            # (a message whose source is words, not a reference, comes back whole: not repeated)
            return f"{said} ({self.source(sources)})" if sources and sources != raw and sources not in said else said
        return text

    def source(self, refs: str | None) -> str:
        """A source reference in this language: « [the hand: 000 n°49] », « (ruling MCR-11) » stayed
        English in French output."""
        if self.french:
            from webui import i18n
            return i18n.source_text(refs)
        return refs or ""

    def note(self, text: str) -> str:
        """A scored item's note, as the pages write it: a reference alone ("004 3B") whole (msg
        cut it to "3B"), a note in French with its reference after it."""
        if self.french:
            from webui import i18n
            return i18n.item_note(text)
        return text

    def figure(self, value) -> str:
        """An amount as the language writes it: French « 0,5 » and « 16 000 », as the web pages and
        exports write them (« paie 0.5 » stood in French output); English as the scorer gives it."""
        if self.french and isinstance(value, (int, float)):
            from webui import i18n
            return i18n.number(value)
        return str(value)

    def colon(self) -> str:
        """A colon as the language writes it after a word (French: with a space before)."""
        return " :" if self.french else ":"

    def form(self, form: str) -> str:
        """How a hand's tiles were read (``Decomposition.form``), in words."""
        if self.french:
            from webui import i18n
            return i18n.t(i18n.FORMS.get(form, form.replace("_", " ")))
        return form.replace("_", " ")

    def name(self, item) -> str:
        """A scored line's name in this language (French: the rule documents' own name)."""
        return (getattr(item, "name_fr", "") or item.name_en) if self.french else item.name_en

    def names(self, item) -> str:
        """The scored line's other names, after its own: the original, and the other language's."""
        other = item.name_en if self.french else item.name_fr
        return " / ".join(n for n in (item.name_native, other) if n)

    def definition(self, item) -> str:
        return (getattr(item, "definition_fr", "") or item.definition) if self.french else item.definition

    def unit(self, unit: str, n) -> str:
        said = unit_for(unit, n)
        return self.t(said) if said else said


ENGLISH = Words()


def unused_text(rules: str, keys, words: Words = ENGLISH) -> str:
    """The context given that ``rules`` does not use, each with why where the rule set says."""
    def name(key):      # in French by its label, as the assumed keys are (it said « last_tile »)
        if not words.french:
            return key
        from webui import i18n
        return i18n.label(key, rules, kind="context")
    said = [f"{name(k)} ({words.msg(why)})" if (why := scorer.unused_reason(rules, k)) else name(k) for k in keys]
    return words.t("given but not used by these rules: {keys}", keys=_assumed_list(said, words))


#: A rule set's heading in French where its name is not the same word (« CLASSICAL » headed French output).
_TITLES_FR = {"classical": "CLASSIQUE"}


def rules_title(rules: str, w: Words = ENGLISH) -> str:
    """A rule set's heading: its name in capitals, in the output's language."""
    return _TITLES_FR.get(rules, rules.upper()) if w.french else rules.upper()


def format_result(result, hand_text: str = "", explain: bool = False, words: Words = ENGLISH) -> str:
    """The result as the terminal prints it; ``explain`` adds under each scored line what the
    hand must show to score it (the rule set's definition); ``words``: in French too."""
    w = words
    lines = []
    title = rules_title(result.rules, w)
    if hand_text:
        title += f"  {hand_text}"
    lines.append(title)
    if not result.valid:
        err = result.error or {}
        lines.append(f"  {w.t(refusal(err))}{w.colon()} {w.msg(err.get('message', 'invalid'))}")
        if err.get("code") == "bad_context" and "seat_wind" in result.assumed \
                and re.search(r"dealer|East|seat", err.get("message", "")):
            # "blessing of earth is a non-dealer's win" to a player who never said East (said
            # where the refusal is about the seat: not under "a replacement tile needs a kong")
            lines.append("  " + w.t("seat wind not given: scored as East, the dealer (--seat-wind sets it)"))
        if "choose flower method" in err.get("message", ""):
            # the scorer's words serve the pages too: the command line's way of choosing, said here
            lines.append("  " + w.t("(on the command line: -o flower_method=A, B, C or D)"))
        if result.items:    # under the table's minimum: what the hand does count, so a beginner sees what is missing
            lines.append("  " + w.t("counted") + w.colon() + " "
                         + ", ".join(f"{w.name(i)} {i.total} {w.unit(i.unit, i.total)}" for i in result.items))
        lines.extend(_excluded_lines(result, w))     # no yaku: the ones the hand misses, and why
        return "\n".join(lines)
    if result.decomposition is not None:
        sets = "  ".join(_set_text(s, w) for s in result.decomposition.sets)
        # a form without sets of its own (thirteen orphans in riichi) is named alone
        form = w.form(result.decomposition.form)
        lines.append("  " + w.t("read as ({form})", form=form) + (f"{w.colon()} {sets}" if sets else ""))
    width = max([len(w.name(i)) for i in result.items] + [10])
    whole = sum(len(st.get("tiles", [])) for st in result.decomposition.sets) if result.decomposition else 0
    whole = whole or 14
    for item in result.items:
        count = f" ({item.count} x {item.value})" if item.count != 1 else ""
        unit = w.unit(item.unit, item.total)
        names = w.names(item)
        # the tiles that make it, where it is made of some of the hand's (a set, a pair, a wait)
        # ("from", as the fu breakdown says it: square brackets would read as an exposed meld)
        # each suit apart: the dora 2m 5s 5s were said "from 2m55s"
        used = ("  " + w.t("from {tiles}", tiles=_used_text(item.tiles, result.decomposition))
                if item.tiles and len(item.tiles) < whole else "")
        # a riichi yakuman is a limit, not 13 han counted (002 §4.2; 13 han counted are a sanbaiman)
        yakuman = result.rules == "riichi" and item.note == "yakuman"
        value = f"{'yakuman':>9}" if yakuman else f"{item.total:>4} {unit}{count}"
        lines.append(f"  {w.name(item):<{width}} {value}" + (f"  {names}" if names else "") + used)
        if explain and item.definition:
            lines.append(f"      = {w.definition(item)}")
        if item.note and not yakuman:   # its source, or what the rule's words do not say (the page's "source")
            lines.append(f"      {w.note(item.note)}")
    # Rule-set specific figures: how the total is reached in words, then any other figure as
    # key: value.
    shown = {"total", "total_without_flowers", "minimum_met", "minimum_points", "minimum_note",
             "flowers"}
    figures, worded = _figure_lines(result, w, explain)
    lines.extend(figures)
    shown |= worded
    for key, value in result.extra.items():
        if key in shown or key == "total_unit":
            continue
        if isinstance(value, (int, float, str)) and not isinstance(value, bool) and value != "":
            said = w.t(key.replace("_", " ")) if w.french else key      # English as it always was
            lines.append(f"  {said}{w.colon()} {w.msg(value) if isinstance(value, str) else value}")
        elif isinstance(value, list) and value:
            lines.extend(_extra_list(key, value, w))
    unit = w.unit(result.extra.get("total_unit", ""), result.total)
    total = f"  {w.t('TOTAL'):<{width}} {w.figure(result.total):>4}" + (f" {unit}" if unit else "")
    if "total_without_flowers" in result.extra and result.extra["total_without_flowers"] != result.total:
        total += "  (" + w.t("{n} without flowers", n=result.extra["total_without_flowers"]) + ")"
    lines.append(total)
    if result.extra.get("minimum_met") is False:
        lines.append(f"  ! {w.msg(result.extra.get('minimum_note', 'below the minimum'))}")
    lines.extend(_excluded_lines(result, w))
    if "seat_wind" in result.assumed and result.extra.get("dealer") is True:
        # the payments below are doubled for East: said before them, as the web page does
        lines.append("  " + w.t("seat wind not given: scored as East, the dealer (--seat-wind sets it)"))
    if result.payments:
        lines.append("  " + w.t("settlement:"))
        for p in others_merged(result.payments):
            lines.append("    " + w.t("{payer} pays {amount}", payer=_payer(p.payer, w), amount=w.figure(p.amount))
                         + (f"  ({w.msg(p.reason)})" if p.reason else ""))
    if result.assumed:
        lines.append("  " + w.t("assumed (not given): {keys}", keys=_assumed_list([_assumed(k, w, result.rules) for k in result.assumed], w)))
    if result.unused:
        lines.append(f"  {unused_text(result.rules, result.unused, w)}")
    if explain or result.rules == "classical":
        # what the documents cited under the lines are, as the page says under its score: a classical
        # score's [B], [W] and [S] were named nowhere the command line said
        from webui.i18n import SOURCE_LEGEND
        if result.rules in SOURCE_LEGEND:
            lines.append("  " + w.t(SOURCE_LEGEND[result.rules]))
    return "\n".join(lines)


def _excluded_lines(result, w: Words) -> list[str]:
    """The patterns not counted and why: beside another (MCR's exclusions), or not met (riichi's
    pinfu on an open hand: a hand with no yaku says so, as the page's "Why not…")."""
    lines = ["  " + w.t("not counted:")] if result.excluded else []
    names = {i.id: w.name(i) for i in result.items}
    # MCR: every exclusion is a fan not counted beside another (implied by it, or forbidden
    # with it: 000 « Comptage des points »): said in English, the fans one rule excludes
    # together, then the rule's own words (French) once
    grouped: dict[tuple, list[str]] = {}
    for ex in result.excluded:
        if result.rules == "mcr" and ex.by:
            grouped.setdefault((ex.by, ex.rule, ex.source, ex.note), []).append(w.name(ex) if w.french else ex.name_en)
    for (by, rule, source, note), fans in grouped.items():
        # n: French agrees « non compté » with the fans ("non compté(s)" was printed)
        lines.append("    - " + w.t("{fans}: not counted beside {name}", fans=", ".join(fans), name=names.get(by, by),
                                    n=len(fans)) + f" [{w.source(source)}]")
        lines.extend(f"        {line}" for line in (f"« {rule} »" if rule else "", w.msg(note)) if line)
    for ex in result.excluded:
        if result.rules == "mcr" and ex.by:
            continue
        by = " (" + w.t("excluded by {name}", name=names.get(ex.by, ex.by)) + ")" if ex.by else ""
        rule = f"« {ex.rule} »" if result.rules == "mcr" else w.msg(ex.rule)
        lines.append(f"    - {w.name(ex) if w.french else ex.name_en}{by}{w.colon()} "
                     f"{' '.join(filter(None, (w.msg(ex.note), rule)))} [{w.source(ex.source)}]")
    return lines


def _set_text(entry: dict, w: Words) -> str:
    """A set of the decomposition as notation, with its note in this language ("completed by
    the discard": why a pung held in the hand counts as exposed)."""
    text = entry.get("text", "") or "".join(entry.get("tiles", []))
    # MCR's sets carry the note in their text alone (« 777z (completed by the discard) » in French)
    note = entry.get("note") or ("completed by the discard" if "(completed by the discard)" in text else None)
    return text.replace(f"({note})", f"({w.msg(note)})") if note and w.french else text


def _used_text(tiles: list[str], decomposition) -> str:
    """The tiles a scored item is made of, set by set as the reading's line parts them ("666s
    888s", not "666888s"; "123m 456m 789m") where they are whole sets; else grouped by suit,
    each suit apart (a tile hog's "5555p", the dora "2m 55s")."""
    sets = sorted((st.get("tiles", []) for st in (decomposition.sets if decomposition else [])), key=len, reverse=True)
    norm = lambda codes: sorted(T.normalize(c) for c in codes)
    parts, rest, i = [], False, 0
    while i < len(tiles):
        found = next((st for st in sets if len(st) >= 2 and norm(tiles[i:i + len(st)]) == norm(st)), None)
        if found is None:
            rest, i = True, i + 1
            continue
        parts.append(group_codes(tiles[i:i + len(found)]))
        i += len(found)
    if rest:
        return re.sub(r"([mpszf])(?=\d)", r"\1 ", group_codes(tiles))
    return " ".join(parts)


def _payer(payer: str, w: Words) -> str:
    """Who pays, as the settlement names them ("discarder", "each of the two others"); in French
    as the pages say them (« le joueur de gauche »)."""
    if w.french and payer in MERGED_PAYER_WORDS:
        return w.t(MERGED_PAYER_WORDS[payer])
    if w.french:
        from webui.i18n import PAYERS_FR, french_terms
        # in the rule set's own words (Hong Kong's « écarteur », as its payment options say it)
        return french_terms(PAYERS_FR[payer]) if payer in PAYERS_FR else w.t(payer)
    return MERGED_PAYER_WORDS.get(payer, payer)


def _assumed(key: str, w: Words, rules: str | None = None) -> str:
    """A key not given and its value as scored (``assumed_text``), its name in French too, in
    ``rules``' own words (a classical hand's heavenly hand, not riichi's « tenhou »)."""
    said = assumed_text(key)
    if not w.french:
        return said
    name, _, value = said.partition("=")
    from webui import i18n
    return f"{i18n.label(name, rules, kind='context')}={w.t(value)}"


def _assumed_list(said: list[str], w: Words) -> str:
    """The keys assumed, one after another: in French apart by « ; », since their names have
    commas of their own (« main terrestre, sur pioche=non »)."""
    return " ; ".join(said) if w.french else ", ".join(said)


#: What a yakuman's han line says (it said "its 13 han are not added to", cut short).
YAKUMAN_HAN = "a yakuman, paid as a limit: no other yaku or dora is added to it, nor a second yakuman"


def _figure_lines(result, w: Words = ENGLISH, explain: bool = False) -> tuple[list[str], set[str]]:
    """How a riichi, Hong Kong or classical total is reached, in words a beginner can follow,
    and which ``extra`` keys those lines have said."""
    x = result.extra
    if result.rules == "riichi" and "han" in x:
        limit = x.get("limit") or ""
        # a yakuman is a limit, not a count of han: 002 §4.2 « Les yakuman ne sont pas cumulatifs »,
        # §4.2.5 « On ne compte aucun d'autre yaku, y compris les dora »
        c = w.colon()
        lines = [f"  han{c} {w.t(YAKUMAN_HAN) if limit == 'yakuman' else x['han']}"]
        # the definitions below say minipoints, the page "Minipoints (fu)": one word named as the other
        fu_word = w.t("fu (minipoints)")
        counted = fu_before_rounding(x)
        if limit == "yakuman":
            lines.append(f"  {fu_word}{c} {x['fu']} ({w.t('not used: a yakuman is paid as a limit')})")
        elif not fu_counts(x):
            # 002 §4: « Pour les mains à cinq han ou plus les minipoints n'entrent plus en compte »
            lines.append(f"  {fu_word}{c} {x['fu']} ({w.t('not used: a hand of 5 han or more is paid by its han')})")
        else:
            lines.append(f"  {fu_word}{c} {x['fu']}" + (" (" + w.t("{counted}, rounded up to the next 10", counted=counted) + ")"
                                                 if counted else ""))
        lines.extend(_extra_list("fu_breakdown", x.get("fu_breakdown") or [], w,
                                 explain=fu_definition if explain else None) if x.get("fu_breakdown") else [])
        if limit:
            lines.append(f"  {w.t('limit')}{c} {w.t(limit)}")
        if x.get("dora_tiles") and x.get("dora_indicators"):
            lines.append("  " + dora_words(" ".join(x["dora_tiles"]), " ".join(x["dora_indicators"]),
                                           len(x["dora_indicators"]), x.get("dora_held"), w.t))
        elif x.get("dora_tiles") and not x.get("dora_held"):
            lines.append("  " + w.t("dora: {tiles} (the tile after each indicator): none in the hand",
                                    tiles=" ".join(x["dora_tiles"])))
        steps = payment_steps(x)
        if steps:
            lines.append("  " + w.t("payment (002 §4.1.2):"))
            # each figure as the language writes it (French « 3 000 » beside the settlement's « 6 000 »)
            from webui.i18n import step_fields
            lines.extend("    - " + w.t(text, **{k: w.figure(v) for k, v in step_fields(fields, w.french).items()})
                         for text, fields in steps)
        if x.get("hand_value") not in (None, x.get("points")):
            lines.append("  " + w.t("hand value: {value} (before counters and riichi sticks)", value=w.figure(x["hand_value"])))
        if x.get("net_gain") is not None:
            # in words, as the page says it ("net_gain: 3800" was the key itself)
            # as the sum it is: the sentence alone left a learner to find what the 1000 was taken from
            # ("… more than before the hand: 3600 received − 1000, the winner's own riichi stick among them"
            # read as a riddle to a trial's beginner)
            lines.append("  " + w.t("{gain} net: {points} received, less the 1000 the winner put down for riichi",
                                    gain=w.figure(x["net_gain"]), points=w.figure(x["points"])))
        return lines, {"han", "fu", "fu_breakdown", "limit", "hand_value", "points", "basic_points", "dora_tiles",
                       "dora_held", "dora_indicators", "net_gain"}
    if result.rules == "hk" and "faan_counted" in x:
        capped = x["faan_counted"] != x["faan"]
        c = w.colon()
        # the unit in the page's words: « faan : 1 » above « 1 fan » in French
        lines = [f"  {w.t('faan')}{c} {x['faan']}" + (", " + w.t("counted as {n} (the cap)", n=x["faan_counted"])
                                                      if capped else "")]
        # 004 « Payer le gagnant »: the faan are paid by the reward table
        table = w.t("the reward table")
        if odd_faan_paid_as_below(result.rules, x["faan_counted"], result.options):
            table += (" ; " if w.french else "; ") + w.t("an odd faan above 4 pays as {n} faan: option odd_faan=half pays half-way",
                                n=x["faan_counted"] - 1)
        lines.append("  " + w.t("reward: {points} for {n} faan ({table})", points=_points(x["points"], w),
                                n=x["faan_counted"], table=table))
        lines.append("  " + w.t("received: {points} in all", points=_points(x["received"], w)))
        if x["faan_counted"] == 0:
            # "faan: 0" and nothing else told a learner nothing (the web page says it): 004 leaves the
            # base and any minimum to the table
            lines.append("  " + w.t("no faan pattern in this hand: a win of 0 faan is paid the base the table agreed "
                                    "(option base_points); many tables ask a minimum of faan to win (option min_faan)"))
        return lines, {"faan", "faan_counted", "points", "received"}
    raw = uncapped_score(x)
    if result.rules == "classical" and x.get("limit_hand"):
        named = next((i for i in result.items if x["limit_hand"] in (i.id, i.name_en)), None)
        hand = w.name(named) if named is not None else x["limit_hand"]
        return ["  " + w.t("score: {hand} is a limit hand: it scores the limit, {limit}", hand=hand, limit=w.figure(x["limit"])),
                "  " + w.t("received: {points} in all", points=_points(x["received"], w))], _CLASSICAL_SAID
    if result.rules == "classical" and raw is not None:
        score = ("  " + w.t("score: {base} base points doubled {n} time(s) = {raw}", base=x["base_points"],
                            n=x["doubles"], raw=w.figure(raw)) if w.french else
                 f"  score: {x['base_points']} base points doubled {x['doubles']} time{'' if x['doubles'] == 1 else 's'} = {raw}")
        score += (", " + w.t("capped at the limit of {limit}", limit=w.figure(x["limit"])) if x.get("limit_reached")
                  else " (" + w.t("limit {limit}", limit=w.figure(x["limit"])) + ")")
        return [score, "  " + w.t("received: {points} in all", points=_points(x["received"], w))], _CLASSICAL_SAID
    return [], set()


#: The classical ``extra`` keys its score line says.
_CLASSICAL_SAID = {"base_points", "doubles", "score", "limit", "limit_reached", "limit_hand", "received"}


def _points(n, w: Words = ENGLISH) -> str:
    # a sum of half payments is a float ("2.0"): whole numbers are written whole, as the settlement does
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    if w.french:        # « 3 000 points », as the settlement writes its figures
        return w.t("{n} point(s)", n=n).replace(str(n), w.figure(n), 1)
    return f"{n} point" if n == 1 else f"{n} points"


_UNITS_FR = {"fu": "minipoints"}


def _extra_list(key: str, values: list, w: Words = ENGLISH, explain=None) -> list[str]:
    """A rule-set list in ``extra`` (minipoint breakdown, warnings...): one line per entry.
    Dict entries show their name, their first number and the set (or tiles) they come from;
    ``explain``: a dict entry's (English, French) definition, said under it, or None."""
    out = [f"  {w.t(key.replace('_', ' '))}{w.colon()}"]
    for v in values:
        if isinstance(v, dict):
            name = (w.french and v.get("name_fr")) or v.get("name_en") or v.get("name") or v.get("id") or ""
            name = w.t(name) if w.french and not v.get("name_fr") else name
            num = next(((k, x) for k, x in v.items() if isinstance(x, int) and not isinstance(x, bool)), None)
            where = v.get("set") or "".join(v.get("tiles") or [])
            if w.french:        # its note in French, as the reading's line says it ("completed by the discard")
                where = re.sub(r"\(([^()]+)\)", lambda m: f"({w.msg(m.group(1))})", where)
            # « minipoints » in French, as 002 and the line above them say (« Pioche : 2 fu » stood under it)
            unit = _UNITS_FR.get(num[0], num[0]) if num and w.french else num[0] if num else ""
            if unit == "minipoints" and abs(num[1]) < 2:
                unit = "minipoint"          # French takes the singular for 0 and 1
            out.append(f"    - {name}" + (f"{w.colon()} {num[1]} {unit}" if num else "")
                       + ("  " + w.t("from {tiles}", tiles=where) if where else ""))
            said = explain(v) if explain else None
            if said:
                out.append(f"      = {said[1] if w.french else said[0]}")
            if v.get("note"):
                out.append(f"      ({w.msg(v['note'])})")
        else:
            out.append(f"    - {w.msg(v)}")
    return out


def _summary_lines(result, w: Words = ENGLISH) -> list[str]:
    """The short form of a result for one column: each item, the total, who pays."""
    if not result.valid:
        msg = w.msg((result.error or {}).get("message", "invalid"))
        return [f"{w.t(refusal(result.error))}{w.colon()}"] + _wrap(msg, 34)
    lines = []
    mixed = len({i.unit for i in result.items}) > 1
    for item in result.items:
        count = f" x{item.count}" if item.count != 1 else ""
        unit = f" {_SHORT_UNITS.get(item.unit, item.unit)}" if mixed else ""
        if result.rules == "riichi" and item.note == "yakuman":
            # a yakuman is the limit, not 13 han counted (002 §4.2), as the full form says it
            lines.append(f"{w.name(item)}|{w.t('yakuman')}")
            continue
        lines.append(f"{w.name(item)}{count}|{item.total}{unit}")
    unit = w.unit(result.extra.get("total_unit", "") or (result.items[0].unit if result.items else ""), result.total)
    lines.append("")
    if "yakuman" in str(result.extra.get("limit", "")):
        pass        # said on the yakuman's own line
    elif "han" in result.extra and "fu" in result.extra:
        lines.append(f"{result.extra['han']} han {result.extra['fu']} fu")
    lines.append(f"{w.t('TOTAL')}|{w.figure(result.total)} {unit}".rstrip())
    if result.extra.get("minimum_met") is False:
        # MCR: under 8 points without flowers the hand may not be declared (000, Déroulement)
        # wrapped, as the reasons below: cut at the column, the French said « pas de v »
        said = _wrap(w.t("under the {n}-point minimum: no win", n=result.extra.get("minimum_points", 8)), 36)
        lines.extend(("! " if k == 0 else "  ") + line for k, line in enumerate(said))
    # who pays as the single rule set's output says it, with why under it: "other pays 48" three
    # times left a beginner to guess that East's double was the reason
    for p in others_merged(result.payments):
        lines.append(w.t("{payer} pays", payer=_payer(p.payer, w)) + f"|{w.figure(p.amount)}")
        lines.extend(f"  {line}" for line in (_wrap(f"({w.msg(p.reason)})", 36) if p.reason else []))
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


def format_side_by_side(results, hand_text: str = "", words: Words = ENGLISH) -> str:
    """The same hand under several rule sets, one column each (``mjtable score --rules all``)."""
    w = words
    columns = [[rules_title(r.rules, w), "-" * len(rules_title(r.rules, w))] + _summary_lines(r, w) for r in results]
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
            out.append(f"{rules_title(r.rules, w)}{w.colon()} {w.msg(warning)}")
        if r.unused:
            # a context one rule set does not use (classical scored a robbed kong without a word)
            out.append(f"{rules_title(r.rules, w)}{w.colon()} {unused_text(r.rules, r.unused, w)}")
    assumed = list(dict.fromkeys(k for r in results for k in r.assumed))
    if "seat_wind" in assumed and any(r.extra.get("dealer") is True for r in results):
        out.append(w.t("seat wind not given: scored as East, the dealer (--seat-wind sets it)"))
    if assumed:
        out.append(w.t("assumed (not given): {keys}", keys=_assumed_list([_assumed(k, w) for k in assumed], w)))
    return "\n".join(out)
