"""``mjtable bench TARGET``: speed benchmarks (speed goals are checked here, never in tests).

Each target is a module under ``mjtable.benchmarks`` exposing ``add_arguments(parser)`` and
``run(args)``; they are imported only when chosen."""
from __future__ import annotations

import importlib

TARGETS = {
    "scorer": "mjtable.benchmarks.scorer_bench",
    "read": "mjtable.benchmarks.read_bench",
}


def register(sub) -> None:
    p = sub.add_parser("bench", help="benchmarks: " + ", ".join(TARGETS))
    targets = p.add_subparsers(dest="target", metavar="TARGET")
    for name, module in TARGETS.items():
        tp = targets.add_parser(name, help=f"benchmark {name}")
        tp.set_defaults(func=_runner(module), bench_module=module)
        tp.add_argument("--json", action="store_true", help="print the figures as JSON")
        # Target-specific arguments are added when the module is importable.
        try:
            importlib.import_module(module).add_arguments(tp)
        except ModuleNotFoundError:
            pass


def _runner(module_name):
    def run(args):
        return importlib.import_module(module_name).run(args)
    return run
