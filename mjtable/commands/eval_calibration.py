"""``mjtable eval calibration`` (alias ``mjtable eval-calibration``): per-tile accuracy before
and after calibration on tile sets held out of training (``vision_lab.calibration_eval``; figures
in docs/calibration.md)."""
from __future__ import annotations

import argparse

DESCRIPTION = "options as `python -m vision_lab.calibration_eval --help`"


def add_arguments(p) -> None:
    p.add_argument("rest", nargs=argparse.REMAINDER, help="--classifier W --sets A,B --per-code N --seed S ...")
    p.set_defaults(func=run)


def register(sub) -> None:
    p = sub.add_parser("eval-calibration", help="alias of `mjtable eval calibration`", description=DESCRIPTION)
    add_arguments(p)


def rewrite_argv(argv: list[str]) -> list[str]:
    """Everything after the command goes to ``vision_lab.calibration_eval`` as it is, options
    first included (argparse would take a leading option as the command's own)."""
    for head in (["eval-calibration"], ["eval", "calibration"]):
        n = len(head)
        if argv[:n] == head and len(argv) > n and argv[n] not in ("-h", "--help", "--"):
            return [*head, "--", *argv[n:]]
    return argv


def run(args) -> int:
    from vision_lab.calibration_eval import main
    rest = list(args.rest)
    return main(rest[1:] if rest[:1] == ["--"] else rest)
