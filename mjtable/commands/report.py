"""``mjtable report TARGET``: measured reports on generated or recorded data.

Each target is a module under ``mjtable.reports`` exposing ``add_arguments(parser)`` and
``run(args)``; they are imported only when chosen (like ``mjtable bench``)."""
from __future__ import annotations

import importlib

TARGETS = {
    "grouping": "mjtable.reports.grouping_report",
}


def register(sub) -> None:
    p = sub.add_parser("report", help="measured reports: " + ", ".join(TARGETS))
    targets = p.add_subparsers(dest="target", metavar="TARGET")
    for name, module in TARGETS.items():
        tp = targets.add_parser(name, help=f"report on {name}")
        tp.set_defaults(func=_runner(module))
        tp.add_argument("--json", action="store_true", help="print the figures as JSON")
        importlib.import_module(module).add_arguments(tp)


def _runner(module_name):
    def run(args):
        return importlib.import_module(module_name).run(args)
    return run
