"""``mjtable bench scorer``: median microseconds per hand, our MCR scorer beside PyMahjongGB,
on the same random legal winning hands (scorer.mcr.random_hands).

Every hand is scored once per pass. Reported: the median of the first pass (empty caches: what
a new hand costs) and the median over hands of each hand's best pass (warm per-suit caches, and
the least disturbed by other processes on a shared machine). PyMahjongGB is its C++
calculator called through Python (fans only, no explanation), timed the same way."""
from __future__ import annotations

import json
import os
import random
import statistics
import time


def add_arguments(parser) -> None:
    parser.add_argument("--hands", type=int, default=5000, help="random hands (default 5000)")
    parser.add_argument("--passes", type=int, default=3, help="passes over the hands (default 3)")
    parser.add_argument("--seed", type=int, default=12345)


def _times(fn, items) -> list[float]:
    clock = time.perf_counter
    out = []
    for it in items:
        t0 = clock()
        fn(it)
        out.append(clock() - t0)
    return out


def _figures(fn, items, passes) -> tuple[float, float]:
    """(median of the first pass, median over items of the best pass), in microseconds."""
    runs = [_times(fn, items) for _ in range(max(1, passes))]
    first = statistics.median(runs[0]) * 1e6
    best = statistics.median(min(ts) for ts in zip(*runs)) * 1e6
    return first, best


def run(args) -> int:
    from scorer.mcr import Options, score
    from scorer.mcr.random_hands import pymahjonggb_args, random_hand

    rng = random.Random(args.seed)
    hands = [random_hand(rng) for _ in range(args.hands)]
    options = Options()
    ours_first, ours_best = _figures(lambda h: score(h, options), hands, args.passes)
    try:
        import MahjongGB
    except ImportError:
        MahjongGB = None
    gb_first = gb_best = None
    if MahjongGB is not None:
        gb_args = [pymahjonggb_args(h) for h in hands]

        def gb(a):
            try:
                MahjongGB.MahjongFanCalculator(*a)
            except TypeError:        # not a win for PyMahjongGB (it raises)
                pass
        gb_first, gb_best = _figures(gb, gb_args, args.passes)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    figures = {"hands": args.hands, "passes": args.passes, "seed": args.seed,
               "mcr_median_us_first_pass": round(ours_first, 1),
               "mcr_median_us_best_pass": round(ours_best, 1),
               "pymahjonggb_installed": MahjongGB is not None,
               "pymahjonggb_median_us_first_pass": round(gb_first, 1) if gb_first else None,
               "pymahjonggb_median_us_best_pass": round(gb_best, 1) if gb_best else None,
               "load_average_1min": load, "goal_us": 100}
    if getattr(args, "json", False):
        print(json.dumps(figures, indent=2))
        return 0
    print(f"MCR scorer benchmark: {args.hands} random winning hands (seed {args.seed}), "
          f"{args.passes} passes; median microseconds per hand")
    print(f"  mjtable scorer.mcr (full result with explanations): first pass {ours_first:.1f}, "
          f"best pass {ours_best:.1f}   (goal <= 100)")
    if MahjongGB is not None:
        print(f"  PyMahjongGB 1.4 MahjongFanCalculator (C++, fans only): first pass {gb_first:.1f}, "
              f"best pass {gb_best:.1f}")
    else:
        print("  PyMahjongGB is not installed (pip install PyMahjongGB==1.4.0): no comparison")
    if load is not None:
        print(f"  1-minute load average: {load:.2f} (wall-clock times; a busy machine inflates them)")
    return 0
