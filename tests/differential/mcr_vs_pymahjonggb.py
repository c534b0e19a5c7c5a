"""Differential test of the MCR scorer against PyMahjongGB.

``python -m tests.differential.mcr_vs_pymahjonggb --hands N [--seed S]`` scores N random legal
winning hands with both, prints the agreement rate, and groups the disagreements by the documented
rule difference that explains them (docs/rulings.md, MCR section): a disagreement is *explained*
when scoring the same hand with that difference's PyMahjongGB-side option gives PyMahjongGB's
total. PyMahjongGB does not enforce the 8-point minimum and adds the flowers to its total; ours
is compared the same way (``result.total``, flowers included, minimum not applied).
"""
from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import dataclass, replace

import scorer.mcr as mcr
from scorer.mcr.options import Options
from scorer.mcr.random_hands import pymahjonggb_args, random_hand


@dataclass(frozen=True)
class Difference:
    id: str
    ruling: str           # docs/rulings.md entry
    description: str
    pymahjonggb_options: dict


#: Deliberate rule differences between our defaults (000) and PyMahjongGB; each has its own test
#: in tests/mcr/test_rulings.py.
DIFFERENCES: tuple[Difference, ...] = (
    Difference("kong_pair_values", "MCR-1",
               "one melded + one concealed kong: 000 scores Melded Kong 1 + Concealed Kong 2; "
               "PyMahjongGB has a 5-point Melded and Concealed Kong fan",
               {"kong_pair_values": "pymahjonggb"}),
    Difference("nine_gates_terminal_pungs", "MCR-5",
               "nine gates: 000 n°78 excludes every pung of terminals; PyMahjongGB drops only one",
               {"nine_gates": "pymahjonggb"}),
    Difference("knitted_straight_wait", "MCR-12",
               "a wait beside a knitted straight on one of the knit's tiles: 001 counts none; PyMahjongGB "
               "counts it when the knit holds its own copy", {"knitted_straight_wait": "pymahjonggb"}),
)


def gb_total(args) -> int | None:
    import MahjongGB
    try:
        fans = MahjongGB.MahjongFanCalculator(*args, False)
    except TypeError as e:          # ERROR_NOT_WIN and friends
        if "NOT_WIN" in str(e):
            return None
        raise
    return sum(points * 1 for points, _name in fans)


def gb_fans(args) -> list:
    import MahjongGB
    try:
        return list(MahjongGB.MahjongFanCalculator(*args, True))
    except TypeError as e:
        return [str(e)]


def our_total(hand, options) -> int | None:
    res = mcr.score(hand, options)
    return res.total if res.valid else None


def compare(n_hands: int, seed: int = 2026, keep: int = 5) -> dict:
    rng = random.Random(seed)
    default = Options()
    agree = 0
    explained: Counter = Counter()
    unexplained = []
    examples: dict[str, list] = {}
    for _ in range(n_hands):
        hand = random_hand(rng)
        args = pymahjonggb_args(hand)
        theirs = gb_total(args)
        ours = our_total(hand, default)
        if ours == theirs:
            agree += 1
            continue
        why = None
        for d in DIFFERENCES:
            if our_total(hand, replace(default, **d.pymahjonggb_options)) == theirs:
                why = d.id
                break
        if why is None:
            combined = {}
            for d in DIFFERENCES:
                combined.update(d.pymahjonggb_options)
            if our_total(hand, replace(default, **combined)) == theirs:
                why = "+".join(d.id for d in DIFFERENCES)
        if why is None:
            unexplained.append((hand, ours, theirs))
        else:
            explained[why] += 1
            examples.setdefault(why, [])
            if len(examples[why]) < keep:
                examples[why].append((hand, ours, theirs))
    outside = n_hands - sum(explained.values())
    return {"hands": n_hands, "agree": agree, "explained": explained, "unexplained": unexplained,
            "examples": examples, "rate_all": agree / n_hands,
            "rate_outside_documented": agree / outside if outside else 1.0}


def _describe(hand, ours, theirs) -> str:
    from scorer import format_hand
    res = mcr.score(hand)
    mine = ", ".join(f"{i.name_en} {i.value}x{i.count}" for i in res.items) if res.valid else "not complete"
    gb = gb_fans(pymahjonggb_args(hand))
    return (f"  {format_hand(hand)}  context={hand.context.to_dict()}\n"
            f"    ours {ours}: {mine}\n    PyMahjongGB {theirs}: {gb}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--show", type=int, default=10, help="unexplained disagreements to print")
    args = ap.parse_args(argv)
    try:
        import MahjongGB  # noqa: F401
    except ImportError:
        print("PyMahjongGB is not installed (pip install PyMahjongGB==1.4.0)", file=sys.stderr)
        return 2
    r = compare(args.hands, args.seed)
    n = r["hands"]
    print(f"MCR vs PyMahjongGB on {n} random winning hands (seed {args.seed})")
    print(f"  totals agree: {r['agree']} / {n} = {100 * r['rate_all']:.3f}%")
    print(f"  agreement outside documented rule differences: "
          f"{100 * r['rate_outside_documented']:.3f}%")
    print("  disagreements by documented rule difference:")
    by_id = {d.id: d for d in DIFFERENCES}
    for why, count in r["explained"].most_common():
        d = by_id.get(why)
        label = f"{why} (ruling {d.ruling}): {d.description}" if d else why
        print(f"    {count:6d}  {label}")
        for ex in r["examples"][why][:2]:
            print(_describe(*ex))
    print(f"    {len(r['unexplained']):6d}  not explained by a documented difference")
    for ex in r["unexplained"][:args.show]:
        print(_describe(*ex))
    return 0 if r["rate_outside_documented"] >= 0.9999 else 1


if __name__ == "__main__":
    sys.exit(main())
