"""``mjtable bench scorer``: median microseconds per hand, our MCR scorer beside PyMahjongGB,
on the same random legal winning hands (scorer.mcr.random_hands).

Each hand is scored once per pass; the first pass starts with empty caches (what a new hand
costs), later passes show the cost once the per-suit decomposition caches are warm. PyMahjongGB
is timed on the same hands (its C++ calculator through Python, fans only, no explanation)."""
from __future__ import annotations

import json
import random
import statistics
import time


def add_arguments(parser) -> None:
    parser.add_argument("--hands", type=int, default=5000, help="random hands (default 5000)")
    parser.add_argument("--passes", type=int, default=3, help="passes over the hands (default 3)")
    parser.add_argument("--seed", type=int, default=12345)


def _median_us(fn, items) -> float:
    times = []
    clock = time.perf_counter
    for it in items:
        t0 = clock()
        fn(it)
        times.append(clock() - t0)
    return statistics.median(times) * 1e6


def run(args) -> int:
    from scorer.mcr import Options, score
    from scorer.mcr.random_hands import pymahjonggb_args, random_hand

    rng = random.Random(args.seed)
    hands = [random_hand(rng) for _ in range(args.hands)]
    options = Options()
    ours = [_median_us(lambda h: score(h, options), hands) for _ in range(max(1, args.passes))]
    try:
        import MahjongGB
    except ImportError:
        MahjongGB = None
    theirs = None
    if MahjongGB is not None:
        gb_args = [pymahjonggb_args(h) for h in hands]

        def gb(a):
            try:
                MahjongGB.MahjongFanCalculator(*a)
            except TypeError:
                pass
        theirs = [_median_us(gb, gb_args) for _ in range(max(1, args.passes))]
    try:
        import os
        load = os.getloadavg()[0]
    except OSError:
        load = None
    figures = {"hands": args.hands, "passes": args.passes, "seed": args.seed,
               "mcr_median_us_first_pass": round(ours[0], 1),
               "mcr_median_us_warm": round(min(ours[1:] or ours), 1),
               "pymahjonggb_median_us": round(min(theirs), 1) if theirs else None,
               "pymahjonggb_installed": MahjongGB is not None,
               "load_average_1min": load, "goal_us": 100}
    if getattr(args, "json", False):
        print(json.dumps(figures, indent=2))
        return 0
    print(f"MCR scorer benchmark: {args.hands} random winning hands (seed {args.seed}), "
          f"{args.passes} passes, median per hand")
    print(f"  mjtable scorer.mcr (full result, explanations): first pass {ours[0]:.1f} us, "
          f"warm {figures['mcr_median_us_warm']:.1f} us   (goal <= 100 us)")
    if theirs:
        print(f"  PyMahjongGB 1.4 MahjongFanCalculator (C++):     {figures['pymahjonggb_median_us']:.1f} us")
    else:
        print("  PyMahjongGB: not installed (pip install PyMahjongGB==1.4.0) - no comparison")
    if load is not None:
        print(f"  1-minute load average during the run: {load:.2f} (shared machine: figures are wall time)")
    return 0
