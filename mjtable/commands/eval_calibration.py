"""``mjtable eval-calibration``: per-tile accuracy before and after calibration on tile sets held
out of training (``vision_lab.calibration_eval``; figures in docs/calibration.md)."""
from __future__ import annotations

import argparse


def register(sub) -> None:
    p = sub.add_parser("eval-calibration", help="measure one-photo calibration on held-out tile sets",
                       description="options as `python -m vision_lab.calibration_eval --help`")
    p.add_argument("rest", nargs=argparse.REMAINDER, help="--classifier W --sets A,B --per-code N --seed S ...")
    p.set_defaults(func=run)


def run(args) -> int:
    from vision_lab.calibration_eval import main
    return main(args.rest)
