"""``mjtable bench scorer``: median microseconds per hand, our MCR scorer beside PyMahjongGB,
on the same random legal winning hands (scorer.mcr.random_hands).

Every hand is scored once per pass. The headline is the median of the first pass: every hand is
new to the scorer (its per-hand caches are empty), which is what scoring a new photo costs. It is
printed with the 1-minute load average at the time (wall-clock times on a shared machine grow
with the load) and the median CPU time of the same pass. Also reported: the median over hands of
each hand's best pass (warm per-hand caches, least disturbed by other processes), and the
one-off cost of building the MCR suit table (reading._suit_table), paid by the first hand a
process scores and not included in the medians. PyMahjongGB is its C++ calculator called
through Python (fans only, no explanation), timed the same way."""
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


def _times(fn, items) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU (this thread) seconds of ``fn`` on each item."""
    clock, cpu = time.perf_counter, time.thread_time
    wall, used = [], []
    for it in items:
        c0 = cpu()
        t0 = clock()
        fn(it)
        wall.append(clock() - t0)
        used.append(cpu() - c0)
    return wall, used


def _figures(fn, items, passes) -> dict:
    """Medians in microseconds: first pass wall-clock and CPU, and best pass per item."""
    runs = [_times(fn, items) for _ in range(max(1, passes))]
    walls = [w for w, _c in runs]
    return {"first_pass": round(statistics.median(walls[0]) * 1e6, 1),
            "first_pass_cpu": round(statistics.median(runs[0][1]) * 1e6, 1),
            "best_pass": round(statistics.median(min(ts) for ts in zip(*walls)) * 1e6, 1)}


def _load() -> float | None:
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def run(args) -> int:
    from scorer.mcr import Options, score
    from scorer.mcr.random_hands import pymahjonggb_args, random_hand

    from scorer.mcr.reading import _suit_table

    rng = random.Random(args.seed)
    hands = [random_hand(rng) for _ in range(args.hands)]
    options = Options()
    t0 = time.perf_counter()
    _suit_table(False)
    _suit_table(True)
    table_ms = (time.perf_counter() - t0) * 1e3
    load_before = _load()
    ours = _figures(lambda h: score(h, options), hands, args.passes)
    load_after = _load()
    try:
        import MahjongGB
    except ImportError:
        MahjongGB = None
    gb = None
    if MahjongGB is not None:
        gb_args = [pymahjonggb_args(h) for h in hands]

        def gb_score(a):
            try:
                MahjongGB.MahjongFanCalculator(*a)
            except TypeError:        # not a win for PyMahjongGB (it raises)
                pass
        gb = _figures(gb_score, gb_args, args.passes)
    figures = {"hands": args.hands, "passes": args.passes, "seed": args.seed,
               "mcr_median_us_first_pass": ours["first_pass"],
               "mcr_median_cpu_us_first_pass": ours["first_pass_cpu"],
               "mcr_median_us_best_pass": ours["best_pass"],
               "mcr_suit_table_build_ms": round(table_ms, 1),
               "load_average_1min_before": load_before, "load_average_1min_after": load_after,
               "pymahjonggb_installed": MahjongGB is not None,
               "pymahjonggb_median_us_first_pass": gb["first_pass"] if gb else None,
               "pymahjonggb_median_us_best_pass": gb["best_pass"] if gb else None,
               "goal_us": 100}
    if getattr(args, "json", False):
        print(json.dumps(figures, indent=2))
        return 0
    print(f"MCR scorer benchmark: {args.hands} random winning hands (seed {args.seed}), "
          f"{args.passes} passes; median microseconds per hand")
    print(f"  mjtable scorer.mcr, full result with explanations, new hands (first pass): "
          f"{ours['first_pass']:.1f} us   (goal <= 100; 1-minute load average {load_before} "
          f"before, {load_after} after)")
    print(f"    same pass, CPU time: {ours['first_pass_cpu']:.1f} us; best of {args.passes} passes "
          f"(warm caches): {ours['best_pass']:.1f} us; one-off suit table build "
          f"(not in the medians): {table_ms:.0f} ms")
    if gb is not None:
        print(f"  PyMahjongGB 1.4 MahjongFanCalculator (C++, fans only): first pass "
              f"{gb['first_pass']:.1f} us, best pass {gb['best_pass']:.1f} us")
    else:
        print("  PyMahjongGB is not installed (pip install PyMahjongGB==1.4.0): no comparison")
    return 0
