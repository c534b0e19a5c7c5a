"""Session 13, offline: for the open-length crops (a tile that may lie a quarter off), choose
the orientation by another signal than the shipped one (the mixed reading's top probability,
turned kept when surer by PROFILE_QUARTER_TURN_MARGIN). Rules: ``shipped``; ``base+M`` (the base
model's top probability, turned kept when surer by M); ``sum`` (mixed plus base top
probability). Reads ``expert_dump.py`` files; prints tiles read right per rule (CALIBRATION.md,
session 13).

    python tools/calibration_experiments/orientation_rule.py DUMP.npz[:SETS] ...
"""
import json
import sys

sys.path.insert(0, ".")
sys.path.insert(0, "tools/calibration_experiments")
import numpy as np  # noqa: E402

from mixture_rules import QUARTER_MARGIN, mix  # noqa: E402

RULES = ("shipped", "base+0", "base+0.05", "base+0.2", "sum")


def turned_is_kept(rule: str, mixed_cut, mixed_turned, base_cut, base_turned) -> bool:
    if rule == "shipped":
        return mixed_turned.max() > mixed_cut.max() + QUARTER_MARGIN
    if rule.startswith("base+"):
        return base_turned.max() > base_cut.max() + float(rule[len("base+"):])
    if rule == "sum":
        return mixed_turned.max() + base_turned.max() > mixed_cut.max() + base_cut.max() + QUARTER_MARGIN
    raise ValueError(f"unknown rule {rule}")


def read(d, name, m, rule: str) -> list[str]:
    classes = m["classes"]
    p = mix(d[f"{name}/cut_base"], d[f"{name}/cut_score"], classes, m["known"], m)
    codes = [classes[j] for j in p.argmax(1)]
    if f"{name}/turn_base" not in d or QUARTER_MARGIN is None:
        return codes
    pt = mix(d[f"{name}/turn_base"], d[f"{name}/turn_score"], classes, m["known"], m)
    for i, k in enumerate(d[f"{name}/open_idx"]):
        if turned_is_kept(rule, p[k], pt[i], d[f"{name}/cut_base"][k], d[f"{name}/turn_base"][i]):
            codes[k] = classes[int(pt[i].argmax())]
    return codes


def main(args: list[str]) -> None:
    for arg in args:
        path, _, only = arg.partition(":")
        d = dict(np.load(path))
        meta = json.loads(bytes(d.pop("meta")).decode())
        for name, m in meta.items():
            if only and name not in only.split(","):
                continue
            truth = m["truth"]
            print(path.split("/")[-1], name, "  ".join(
                f"{r}: {sum(a == b for a, b in zip(read(d, name, m, r), truth))}/{len(truth)}" for r in RULES))


if __name__ == "__main__":
    main(sys.argv[1:])
