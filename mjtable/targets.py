"""Commands with targets (``mjtable bench TARGET``, ``mjtable report TARGET``): each target is
a module exposing ``add_arguments(parser)`` and ``run(args)``."""
from __future__ import annotations

import importlib


def register_targets(sub, command: str, help_text: str, targets: dict[str, str], verb: str) -> None:
    p = sub.add_parser(command, help=f"{help_text}: " + ", ".join(targets))
    target_parsers = p.add_subparsers(dest="target", metavar="TARGET")
    for name, module in targets.items():
        tp = target_parsers.add_parser(name, help=f"{verb} {name}")
        tp.set_defaults(func=_runner(module))
        tp.add_argument("--json", action="store_true", help="print the figures as JSON")
        importlib.import_module(module).add_arguments(tp)


def _runner(module_name):
    def run(args):
        return importlib.import_module(module_name).run(args)
    return run
