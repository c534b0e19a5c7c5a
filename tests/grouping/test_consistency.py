"""Hand-consistency decoding: fixes misreads to make a legal winning hand, respects four copies,
lists its changes, and knows each rule set's winning forms."""
import random

import pytest

from scorer import Hand, parse
from scorer import consistency as K
from scorer.decompose import THIRTEEN_ORPHANS


def sure(code, p=0.95):
    return [(code, p)]


def structure_of(text, misreads=None):
    """A decoding structure for the hand in notation, every tile read surely unless misread
    (position in hand.concealed without the winning tile → candidate list)."""
    hand = parse(text)
    standing = list(hand.concealed)
    standing.remove(hand.winning_tile)
    conc = [sure(c) for c in standing]
    for i, cands in (misreads or {}).items():
        conc[i] = cands
    melds = []
    for m in hand.melds:
        tiles = [None if (m.concealed and j in (0, 3)) else sure(c) for j, c in enumerate(m.tiles)]
        melds.append({"kind": "kong" if m.type == "kong" else "set", "concealed": m.concealed,
                      "tiles": tiles, "claimed_index": 0 if m.claimed else None, "from": m.from_})
    return hand, {"concealed": conc, "winning": sure(hand.winning_tile), "melds": melds, "dora": []}


def test_fixes_a_misread_tile_to_complete_the_hand():
    hand, s = structure_of("123m456p789s11z22z 2z", {7: [("9s", 0.55), ("8s", 0.4)]})
    d = K.decode(s)
    assert d.status == "changed" and d.form == "standard"
    assert Hand.from_dict(d.hand).concealed == hand.concealed
    (change,) = d.changes
    assert change.where == "concealed[7]" and change.read == "9s" and change.chosen == "8s"
    assert "not a winning hand" in change.why and change.p_read == pytest.approx(0.55)


def test_keeps_a_hand_that_is_already_legal():
    hand, s = structure_of("123m456p789s11z22z 2z")
    d = K.decode(s)
    assert d.status == "unchanged" and d.changes == [] and Hand.from_dict(d.hand).concealed == hand.concealed


def test_never_exceeds_four_copies():
    # An exposed pung of 1m and two standing tiles read 1m would make five: the uncertain one
    # gives way (and 7z makes the hand: 123m 234p 999s 77z).
    s = {"concealed": [sure("1m"), sure("2m"), sure("3m"), sure("2p"), sure("3p"), sure("4p"),
                       sure("7z"), [("1m", 0.6), ("7z", 0.3)], sure("9s"), sure("9s")],
         "winning": sure("9s"),
         "melds": [{"kind": "set", "tiles": [sure("1m"), sure("1m"), sure("1m")], "claimed_index": 0,
                    "from": "left"}], "dora": []}
    d = K.decode(s)
    h = Hand.from_dict(d.hand)
    assert sum(1 for t in h.all_tiles if t == "1m") <= 4
    assert [(c.read, c.chosen) for c in d.changes] == [("1m", "7z")]
    assert "more than four tiles of 1m" in d.changes[0].why


def test_copies_count_dora_indicators():
    s = {"concealed": [sure(c) for c in "1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 5z 2z".split()],
         "winning": sure("2z"), "melds": [],
         "dora": [sure("5z"), [("5z", 0.6), ("6z", 0.3)]]}
    d = K.decode(s, rules="riichi")
    assert d.hand["context"]["dora_indicators"] == ["5z", "6z"]
    assert d.changes[0].where == "dora[1]"


def test_meld_misread_is_fixed_within_the_meld():
    hand, s = structure_of("[555p,1]123m456s789s1z 1z")
    s["melds"][0]["tiles"][1] = [("6p", 0.7), ("5p", 0.25)]
    d = K.decode(s)
    assert d.hand["melds"][0]["tiles"] == ["5p", "5p", "5p"]
    assert d.changes[0].where == "melds[0].tiles[1]"


def test_concealed_kong_face_down_tiles_take_the_face_up_code():
    hand, s = structure_of("(7777s)123m456p789p1z 1z")
    d = K.decode(s)
    assert d.hand["melds"][0] == {"type": "kong", "tiles": ["7s"] * 4, "concealed": True, "claimed": None,
                                  "from": None}


def test_no_legal_hand_is_reported_not_invented():
    hand, s = structure_of("123m456p789s11z22z 2z", {0: [("9m", 0.9), ("9p", 0.05)], 4: [("8p", 0.9)]})
    d = K.decode(s)
    assert d.hand is None and d.status == "no_winning_hand" and "no winning form" in d.message


def test_one_tile_outside_its_candidates_as_a_last_resort():
    hand, s = structure_of("123m456p789s11z22z 2z", {0: [("9m", 0.9), ("9p", 0.05)]})
    assert K.decode(s, outside_top_k=False).status == "no_winning_hand"
    d = K.decode(s)
    assert d.status == "changed" and d.confidence == 0.0
    (change,) = d.changes
    assert change.where == "concealed[0]" and change.chosen == "1m" and "check this tile" in change.why
    assert Hand.from_dict(d.hand).concealed == hand.concealed


def test_unreadable_tile():
    hand, s = structure_of("123m456p789s11z22z 2z", {0: []})
    assert K.decode(s).status == "unreadable"


@pytest.mark.parametrize("rules, ok", [("mcr", True), ("riichi", False), (None, True)])
def test_seven_pairs_with_four_of_a_kind(rules, ok):
    s = {"concealed": [sure(c) for c in "1m 1m 1m 1m 3p 3p 5s 5s 7s 7s 2z 2z 6z".split()],
         "winning": sure("6z"), "melds": [], "dora": []}
    d = K.decode(s, rules=rules)
    assert (d.hand is not None) == ok


def test_special_forms_per_rule_set():
    orphans = [0] * 34
    for i in THIRTEEN_ORPHANS:
        orphans[i] = 1
    orphans[27] += 1
    assert K.winning_form(orphans, 0, "riichi") == "thirteen_orphans"
    assert K.winning_form(orphans, 0, "classical") == "thirteen_orphans"
    assert K.winning_form(orphans, 0, "hk") == "thirteen_orphans"
    pairs = [0] * 34
    for i in (0, 2, 4, 10, 21, 27, 29):      # 1m 3m 5m 2p 4s E W: seven pairs, no sets
        pairs[i] = 2
    assert K.winning_form(pairs, 0, "hk") is None and K.winning_form(pairs, 0, "classical") is None
    assert K.winning_form(pairs, 0, "riichi") == K.winning_form(pairs, 0, "mcr") == "seven_pairs"
    knitted = [0] * 34
    for i in (0, 3, 6, 10, 13, 16, 20, 23, 26):   # 147m 258p 369s
        knitted[i] = 1
    knitted[27] = knitted[28] = knitted[29] = knitted[31] = knitted[33] = 1
    assert K.winning_form(knitted, 0, "mcr") == "honours_and_knitted"
    assert K.winning_form(knitted, 0, "riichi") is None
    straight = [0] * 34
    for i in (0, 3, 6, 10, 13, 16, 20, 23, 26):
        straight[i] = 1
    straight[31] = 3
    straight[33] = 2
    assert K.winning_form(straight, 0, "mcr") == "knitted_straight"


def test_rule_set_hook_replaces_the_forms(monkeypatch):
    import types
    from scorer import rulesets
    module = types.ModuleType("fake_rules")
    module.WINNING_FORMS = {"nothing": lambda counts, n: False}
    monkeypatch.setitem(rulesets.RULE_SETS, "fake", "fake_rules")
    import sys
    monkeypatch.setitem(sys.modules, "fake_rules", module)
    hand, s = structure_of("123m456p789s11z22z 2z")
    assert K.decode(s, rules="fake").status == "no_winning_hand"


def test_search_is_bounded_and_best_first():
    # Every one of 14 tiles uncertain between 3 readings: still answers within the state cap.
    rng = random.Random(0)
    hand, s = structure_of("123m456p789s11z22z 2z")
    for i, cands in enumerate(s["concealed"]):
        code = cands[0][0]
        s["concealed"][i] = [(code, 0.5), ("5z", 0.3 + rng.random() * 0.01), ("7z", 0.2)]
    d = K.decode(s, max_states=3000)
    assert d.states <= 3000
    assert d.hand is not None and d.status == "unchanged"


def test_a_close_runner_up_is_reported_with_the_confidence():
    s = {"concealed": [sure(c) for c in "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 2z 2z".split()],
         "winning": [("1z", 0.5), ("2z", 0.45)], "melds": [], "dora": []}
    d = K.decode(s)
    assert d.hand["winning_tile"] == "1z" and d.status == "unchanged"
    assert 0.5 < d.confidence < 0.6
    (diff,) = d.alternative["differences"]
    assert diff["where"] == "winning" and diff["chosen"] == "1z" and diff["alternative"] == "2z"
    sure_hand, s2 = structure_of("123m456p789s11z22z 2z")
    assert K.decode(s2).confidence == 1.0 and K.decode(s2).alternative is None


def _hand_of_counts(counts):
    codes = [K.T.code_of(i) for i, n in enumerate(counts) for _ in range(n)]
    return Hand.from_dict({"concealed": codes, "melds": [], "winning_tile": codes[-1]})


@pytest.mark.parametrize("rules", ["mcr", "riichi", "hk", "classical"])
def test_winning_forms_agree_with_each_scorer(rules):
    """Decoding's idea of a complete hand is each scorer's (hands with no melds: the special
    forms live there), on legal hands and on hands one tile away from legal."""
    pytest.importorskip(f"scorer.{rules}")
    import scorer
    rng = random.Random(7)
    seeds = []
    for ks in K.KNITTED[:3]:
        c = [0] * 34
        for i in ks:
            c[i] = 1
        for i in rng.sample(range(27, 34), 5):
            c[i] = 1
        seeds.append(c)                       # honours and knitted tiles
    for _ in range(30):
        c = [0] * 34
        for i in rng.sample(range(34), 7):
            c[i] = 2
        seeds.append(c)                       # seven pairs
    orphans = [0] * 34
    for i in K.THIRTEEN_ORPHANS:
        orphans[i] = 1
    orphans[rng.choice(K.THIRTEEN_ORPHANS)] += 1
    seeds += [orphans] * 3
    for _ in range(30):
        c = [0] * 34
        while sum(c) < 12:
            i = rng.randrange(27) if rng.random() < 0.6 else rng.randrange(34)
            if i < 27 and i % 9 <= 6 and rng.random() < 0.5 and all(c[i + d] < 4 for d in range(3)):
                for d in range(3):
                    c[i + d] += 1
            elif c[i] <= 1:
                c[i] += 3
        c = c if sum(c) == 12 else None
        if c:
            p = rng.randrange(34)
            if c[p] <= 2:
                c[p] += 2
                seeds.append(c)               # standard
    cases = []
    for c in seeds:
        cases.append(list(c))
        d = list(c)                           # one tile away
        i = rng.choice([k for k, n in enumerate(d) if n])
        j = rng.choice([k for k in range(34) if d[k] < 4 and k != i])
        d[i] -= 1
        d[j] += 1
        cases.append(d)
    checked, complete = 0, 0
    for c in cases:
        if max(c) > 4:
            continue
        mine = K.winning_form(c, 0, rules) is not None
        complete += mine
        result = scorer.score(_hand_of_counts(c), rules)
        # Riichi says "not complete" for a complete hand with no yaku too: that is not a shape.
        theirs = not (result.error and result.error.get("code") == "not_complete"
                      and result.error.get("reason") != "no_yaku")
        assert mine == theirs, (c, K.winning_form(c, 0, rules), result.error)
        checked += 1
    assert checked > 100 and 20 < complete < checked - 20


def test_a_flower_among_a_standing_tiles_candidates_is_never_chosen():
    # A real reader proposes flower codes for a standing tile now and then (seen in a reading-report run).
    hand, s = structure_of("123m456p789s11z22z 2z", {0: [("3f", 0.6), ("1m", 0.3), ("1f", 0.1)]})
    d = K.decode(s)
    assert d.status == "changed" and Hand.from_dict(d.hand).concealed == hand.concealed
    (change,) = d.changes
    assert change.where == "concealed[0]" and change.read == "3f" and change.chosen == "1m"
    hand, s = structure_of("123m456p789s11z22z 2z", {0: [("3f", 0.9)]})
    assert K.decode(s, outside_top_k=False).status == "no_winning_hand"


def test_a_change_away_from_a_sure_read_is_not_confident():
    # hand_020 of the shared test photos: the labelled tiles are not a winning hand, and the
    # nearest winning hand changes a 1m read at p 0.997 into 2m (p 0.002).
    s = {"concealed": [sure(c) for c in "3m 4m 4p 5p 6p 7s 8s 9s 1z 1z 2z 2z".split()]
         + [[("1m", 0.997), ("2m", 0.002)]],
         "winning": sure("2z"), "melds": [], "dora": []}
    d = K.decode(s)
    assert d.status == "changed" and d.hand is not None
    (change,) = d.changes
    assert change.read == "1m" and change.chosen == "2m"
    assert d.confidence < 0.3
    # A change between two close reads stays confident: a winning hand is a strong prior.
    s["concealed"][-1] = [("4m", 0.55), ("2m", 0.45)]
    d = K.decode(s)
    assert d.status == "changed" and d.changes[0].chosen == "2m" and d.confidence > 0.95


def test_a_meld_read_surely_as_no_meld_is_weighed_as_read():
    # hand_017 of the shared train photos: one standing row, its last three tiles (1m 9m 9m, read
    # at 0.9999) set apart as a meld; the nearest winning hand makes the 1m a 9m. Its rival is the
    # tiles as read (no meld, no win), not the meld's best legal reading, which the change is.
    s = {"concealed": [sure(c, 0.9999) for c in "7m 8m 9m 1m 2m 3m 5m 6m 7m 1m".split()],
         "winning": sure("1m", 0.9999), "dora": [],
         "melds": [{"kind": "set", "concealed": False, "claimed_index": None, "from": None,
                    "tiles": [[("1m", 0.9999), ("2m", 0.00005)], sure("9m", 0.9999), sure("9m", 0.9999)]}]}
    d = K.decode(s)
    assert d.status == "changed" and d.changes[0].where == "melds[0].tiles[0]" and d.changes[0].chosen == "9m"
    assert d.confidence < 0.01
    # a meld read as one, one tile of it unsure: the change between close reads stays confident
    s["melds"][0]["tiles"][0] = [("1m", 0.5), ("9m", 0.45)]
    d = K.decode(s)
    assert d.changes[0].chosen == "9m" and d.confidence > 0.95
    # a meld legal as read, its first tile read low: its places also take the codes read on the
    # other tiles, which outweighed the read; the tiles as read are then no rival weaker than the
    # best legal reading (a change of a sure standing tile elsewhere got 0.64 instead of 0.23)
    s = {"concealed": [sure(c, 0.999) for c in "1m 2m 4m 4m 5m 6m 7s 8s 9s 1z".split()], "winning": sure("1z", 0.999),
         "dora": [], "melds": [{"kind": "set", "concealed": False, "claimed_index": None, "from": None,
                                "tiles": [[("7p", 0.05)], [("7p", 0.5), ("1p", 0.45)], [("7p", 0.5), ("1p", 0.45)]]}]}
    s["concealed"][2] = [("4m", 0.997), ("3m", 0.003)]
    d = K.decode(s)
    assert ("concealed[2]", "3m") in [(c.where, c.chosen) for c in d.changes] and d.confidence < 0.3, d.confidence
