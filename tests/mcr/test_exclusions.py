"""The exclusion table is data: check it is well formed and used as written."""
import itertools
import re
from dataclasses import fields

import pytest

from scorer.mcr import Options
from scorer.mcr.engine import Rules
from scorer.mcr.exclusions import EXCLUSIONS
from scorer.mcr.fans import FAN_BY_ID, FANS
from scorer.mcr.patterns import PATTERNS
from .util import result


def test_every_row_names_existing_fans():
    for row in EXCLUSIONS:
        assert row.fan in FAN_BY_ID, row.fan
        for target in row.excludes:
            assert target in FAN_BY_ID, (row.fan, target)
            assert target != row.fan


def test_every_row_has_a_rule_sentence_and_a_source():
    for row in EXCLUSIONS:
        assert len(row.rule) > 20 or len(row.note) > 20, row
        assert row.source.startswith(("000", "001", "PyMahjongGB", "the hand: 000")), row.source
        assert row.scope in ("all", "within", "shared", "one")
        for name, values in (row.when or {}).items():
            assert name in {f.name for f in fields(Options)}, name
            assert values


def test_a_row_that_only_quotes_the_source_names_every_fan_it_excludes():
    """A "ne peut pas être combiné avec" sentence shown beside a fan it does not name reads as a
    neighbour's reason (Three Concealed Pungs under Four Concealed Pungs quoted "Tout Pung"): such
    fans go to a row of their own with the reason that covers them."""
    import re
    for row in EXCLUSIONS:
        quoted = {int(n) for n in re.findall(r"n°(\d+)", row.rule)}
        if not quoted or row.note or any(w in row.rule for w in (";", "inclus")):
            continue                     # the sentence gives another reason too
        assert {t for t in row.excludes if FAN_BY_ID[t].number not in quoted} == set(), (row.fan, row.rule)
    shown = {e.id: e.rule for e in result("111m222p333s555s9m 9m", self_drawn=True).excluded}
    assert "Tout Pung" in shown["all_pungs"] and "Tout Pung" not in shown["three_concealed_pungs"]


def test_a_rule_is_the_sources_own_words_and_what_they_do_not_say_is_a_note_in_english():
    """The CLI and the web page quote ``rule`` in « »: an English gloss inside the quote read as
    the French source's words ("Les points pour « Tout Pung » sont inclus; it contains...")."""
    import re
    english = re.compile(r"\b(the|is|are|included|counts?|only|one|its|with)\b")
    for row in EXCLUSIONS:
        assert not english.search(row.rule), (row.fan, row.rule)
        assert not row.note or not re.search(r"\b(les|est|sont|inclus|pour)\b", row.note), (row.fan, row.note)
    why = {e.id: e for e in result("111z222z333z444z55m").excluded}
    assert why["big_three_winds"].rule == 'Ne peut pas être combiné avec "Tout Pung" (n°28).'
    assert why["big_three_winds"].note.startswith("Its three-wind part")


def test_no_cycle_between_implying_fans():
    graph = {}
    for row in EXCLUSIONS:
        graph.setdefault(row.fan, set()).update(row.excludes)

    def reachable(start):
        seen, todo = set(), [start]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    for fan in graph:
        assert fan not in reachable(fan), f"cycle through {fan}"


def _option_variants():
    lits = [("kong_pair_values", ("mji", "ffmj2013", "pymahjonggb")),
            ("nine_gates", ("mji", "ffmj2013", "pymahjonggb"))]
    for a, b in itertools.product(lits[0][1], lits[1][1]):
        yield Options(kong_pair_values=a, nine_gates=b)


@pytest.mark.parametrize("options", list(_option_variants()))
def test_every_excluding_fan_is_settled_before_what_it_excludes(options):
    rules = Rules(options)
    for row in EXCLUSIONS:
        if not rules.value[row.fan]:      # the fan does not exist under these options
            continue
        for target in row.excludes:
            assert rules.order[row.fan] < rules.order[target], (row.fan, target)


def test_every_pattern_fan_is_in_the_table_and_every_fan_has_a_pattern():
    produced = {f for p in PATTERNS for f in p.produces}
    assert produced <= set(FAN_BY_ID)
    assert {f.id for f in FANS} - produced == {"flower_tiles", "chicken_hand"}


def test_values_are_those_of_000():
    # spot checks against 000 "Liste des mains"
    for fan, value in {"pure_double_chow": 1, "dragon_pung": 2, "outside_hand": 4, "all_pungs": 6,
                       "mixed_straight": 8, "knitted_straight": 12, "pure_straight": 16,
                       "seven_pairs": 24, "three_kongs": 32, "quadruple_chow": 48,
                       "all_terminals": 64, "thirteen_orphans": 88, "two_concealed_kongs": 6,
                       "chicken_hand": 8}.items():
        assert FAN_BY_ID[fan].value == value
    assert Rules(Options()).value["two_concealed_kongs"] == 6
    assert Rules(Options(kong_pair_values="ffmj2013")).value["two_concealed_kongs"] == 8


def test_excluded_items_say_why():
    res = result("111z222z333z444z55m")      # big four winds, discard win
    why = {e.id: e for e in res.excluded}
    assert why["all_pungs"].by == "big_four_winds" and why["all_pungs"].source == "000 n°75"
    assert "Tout Pung" in why["all_pungs"].rule
    assert why["seat_wind"].by == "big_four_winds"
    assert why["pung_of_terminals_or_honours"].by == "big_four_winds"


def test_account_once_principle_is_reported():
    # 234567s234567p: two mixed double chows and two short straights; only 3 can count.
    res = result("234567s234567p55m")
    items = {i.id: i.count for i in res.items}
    assert items.get("mixed_double_chow", 0) + items.get("short_straight", 0) == 3
    once = [e for e in res.excluded if e.by == "" and "Lorsque 2 ou 3 combinaisons" in e.rule]
    assert once and once[0].source == "000, Comptage des points"


def test_each_fan_not_counted_is_listed_once_and_a_second_one_says_so():
    # 123456789789m: one Pure Straight counts; the second (with the other 789m) and the short
    # straights were listed twice, under a row and again under the account-once principle
    res = result("123456789789m11z")
    ids = [e.id for e in res.excluded]
    assert len(ids) == len(set(ids)) and "pure_straight" in {i.id for i in res.items}
    second = next(e for e in res.excluded if e.id == "pure_straight")
    assert second.note.startswith("Counted once above") and second.rule.startswith("Lorsque 2 ou 3 combinaisons")
    # named as the second one ("Pure Straight: counted once above" read as the fan refused beside itself)
    assert (second.name_en, second.name_fr) == ("Pure Straight, a second time", "Suite Pure, une seconde fois")
    # the sentence of the principle, with the hand's own section beside it
    assert next(e for e in res.excluded if e.id == "short_straight").source == "the hand: 000 n°49; 000, Comptage des points"


def test_a_chow_is_not_reread_as_pungs_for_another_fan():
    """000: « 1-2-3, 1-2-3, 1-2-3 ne peut pas être transformé en 1-1-1, 2-2-2, 3-3-3 »: one reading
    is scored at a time, so pure triple chow and pure shifted pungs never add up."""
    res = result("123123123m456p55z")
    ids = {i.id for i in res.items}
    assert not {"pure_triple_chow", "pure_shifted_pungs"} <= ids


def test_each_fan_comes_from_one_pattern():
    seen = {}
    for p in PATTERNS:
        for fan in p.produces:
            assert fan not in seen, (fan, type(p).__name__, seen.get(fan))
            seen[fan] = type(p).__name__


@pytest.mark.parametrize("hand, context, both", [
    # 000 n°70: « Peut être combiné avec Vent Dominant et Vent du joueur »
    ("[111z,1][222z,2][333z,3]44z123m", {"seat_wind": "S", "round_wind": "E"},
     {"little_four_winds", "prevalent_wind", "seat_wind"}),
    # 000 n°72: « Peut être combinée avec Pung de Dragon »
    ("[111z,1][222z,2][555z,3]444z66z", {}, {"all_honours", "dragon_pung"}),
    # 000 n°55: « Peut être combiné avec Tous les Types »
    ("1199m55p99s1122z66z", {}, {"seven_pairs", "all_types"}),
    # 000 n°45: « Peut être combinée avec Tout Chow »
    ("147m258p369s123m55s", {}, {"knitted_straight", "all_chows"}),
    # 000 n°77: without the green dragon, all green combines with full flush
    ("[234s,1][666s,2]234s888s44s", {}, {"all_green", "full_flush"}),
    # 001 Symétrie: « Le point pour sans honneur peut être ajouté »
    ("[123p,1][888p,2][444s,3]999p55s", {}, {"reversible_tiles", "no_honours"}),
    # 001 Deux Pungs Cachés: « Cette combinaison peut se cumuler avec les points des Pungs »
    ("[234s,1][678s,1]999m999p55z", {}, {"two_concealed_pungs", "double_pung",
                                        "pung_of_terminals_or_honours"}),
])
def test_combinations_the_sources_allow(hand, context, both):
    got = {i.id for i in result(hand, **context).items}
    assert both <= got, got


def test_a_rule_quoted_from_one_source_holds_only_its_words():
    """A referee looking up 000 n°18 for « ...; le point pour « pas d'honneur » est inclus (001) »
    did not find it: another source's reading goes in the note, not inside the quote."""
    for row in EXCLUSIONS:
        if row.rule and row.source.startswith("000"):
            assert "(001)" not in row.rule and "001" not in row.rule, (row.source, row.rule)


def _rule_entries() -> dict[int, str]:
    """000's fan entries by number (the line "- N Name :** ..." and the lines under it)."""
    from pathlib import Path
    found = sorted((Path(__file__).resolve().parents[2].parent / "shared" / "rules").glob("000_*.txt"))
    if not found:
        pytest.skip("the rule documents (../shared/rules) are not beside this checkout")
    entries, number = {}, None
    for line in found[0].read_text(encoding="utf-8").splitlines():
        m = re.match(r"^- (\d+) ", line)
        if m:
            number = int(m.group(1))
            entries[number] = line
        elif line.startswith("Mains à"):
            number = None
        elif number is not None:
            entries[number] += "\n" + line
    return entries


def test_every_quote_from_a_000_entry_is_in_that_entry():
    """Thirteen Orphans quoted « Ne peut pas être combiné avec "Main Entièrement Cachée" (n°25) »
    under 000 n°81, which never says it (the product's ruling MCR-3 does): a referee looking up
    the quote must find its words, "[...]" marking what is left out."""
    entries = _rule_entries()

    def words(text: str) -> str:
        return re.sub(r"\s+", " ", text).strip(" .")
    for row in EXCLUSIONS:
        if not row.rule or not re.match(r"000 n°\d+", row.source) or "analogy" in row.source:
            continue
        cited = " ".join(words(entries[int(n)]) for n in re.findall(r"n°(\d+)", row.source.split("(")[0]))
        for part in re.split(r"\[\.\.\.\]| / ", row.rule):
            assert words(part) in cited, (row.fan, row.source, part)


def test_a_hand_under_the_minimum_says_why_it_is_no_chicken_hand():
    """"Closed Wait 1, below the minimum" where the same hand on another wait is a Chicken Hand of
    8: a learner concluded the scorer was wrong (000 n°39 « Main qui sinon vaudrait 0 points »)."""
    res = result("[234m,2][888p,2]567s13p55z 2p")
    assert [i.id for i in res.items] == ["closed_wait"] and not res.extra["minimum_met"]
    chicken = next(e for e in res.excluded if e.id == "chicken_hand")
    assert chicken.source == "000 n°39" and chicken.note.startswith("Only a hand that scores nothing else")
    chicken_hand = result("[234m,2][888p,2]567s45p55z 3p")     # a two-sided wait: the Chicken Hand, 8
    assert [i.id for i in chicken_hand.items] == ["chicken_hand"]
    assert all(e.id != "chicken_hand" for e in chicken_hand.excluded)


def test_account_once_names_the_sets_already_combined_and_the_fans_that_combined_them():
    # a learner read "a set already combined may be combined only once more" under a refused Short
    # Straight without knowing which sets: 234s and 567s are linked through the two Mixed Double
    # Chows and the counted Short Straight
    res = result("234567s234567p55m")
    second = next(e for e in res.excluded if e.id == "short_straight")
    assert second.note == (
        "Counted once above; a further one is not. Its sets 234s and 567s are already linked: Mixed Double "
        "Chow combines 234s with 234p; Short Straight combines 234p with 567p; Mixed Double Chow combines 567p "
        "with 567s. Two sets already linked, directly or through other sets, form no further fan.")
    # two sets of one counted fan: that fan alone
    straight = next(e for e in result("123456789789m11z").excluded if e.id == "pure_straight")
    assert "Its sets 123m and 456m are already linked: Pure Straight combines 123m with 456m." in straight.note
    # what was applied, not "a set may be combined once more" beside two sets each combined once
    # (a beginner read it as allowing Two Terminal Chows)
    terminal = next(e for e in result("123m456p789s13s55p2s").excluded if e.id == "two_terminal_chows")
    assert terminal.note.endswith("Two sets already linked, directly or through other sets, form no further fan.")

