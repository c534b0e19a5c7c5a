"""Session 13, offline: for the open-length crops (a tile that may lie a quarter off), choose
the orientation by another signal than the shipped one (the mixed reading's top probability,
turned kept when surer by PROFILE_QUARTER_TURN_MARGIN). Rules: ``shipped``; ``base+M`` (the base
model's top probability, turned kept when surer by M); ``sum`` (mixed plus base top
probability). Reads ``expert_dump.py`` files; prints tiles read right per rule (CALIBRATION.md,
session 13).

    python tools/calibration_experiments/orientation_rule.py DUMP.npz[:SETS] ...
"""
import sys

sys.path.insert(0, ".")
sys.path.insert(0, "tools/calibration_experiments")
import numpy as np  # noqa: E402

from mixture_rules import QUARTER_MARGIN, dumped_sets, read, surer_by_the_margin  # noqa: E402

RULES = ("shipped", "base+0", "base+0.05", "base+0.2", "sum")


def turned_is_kept(rule: str):
    """``keep_turned`` for ``mixture_rules.read`` by the rule's name."""
    if rule == "shipped":
        return surer_by_the_margin
    if rule.startswith("base+"):
        margin = float(rule[len("base+"):])
        return lambda mixed_cut, mixed_turned, base_cut, base_turned: base_turned.max() > base_cut.max() + margin
    if rule == "sum":
        return lambda mixed_cut, mixed_turned, base_cut, base_turned: (
            mixed_turned.max() + base_turned.max() > mixed_cut.max() + base_cut.max() + QUARTER_MARGIN)
    raise ValueError(f"unknown rule {rule}")


def main(args: list[str]) -> None:
    for tag, d, name, m in dumped_sets(args):
        truth = m["truth"]
        print(tag, name, "  ".join(
            f"{r}: {sum(a == b for a, b in zip(read(d, name, m, turned_is_kept(r)), truth))}/{len(truth)}"
            for r in RULES))


if __name__ == "__main__":
    main(sys.argv[1:])
