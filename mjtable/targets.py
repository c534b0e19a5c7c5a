"""Commands with targets (``mjtable eval TARGET``, and its aliases ``mjtable bench TARGET``,
``mjtable report TARGET``): each target is a module exposing ``add_arguments(parser)`` and
``run(args)``."""
from __future__ import annotations

import importlib


def register_targets(sub, command: str, help_text: str, targets: dict[str, str], verb: str) -> None:
    p = sub.add_parser(command, help=f"{help_text}: " + ", ".join(targets))
    add_targets(p.add_subparsers(dest="target", metavar="TARGET"), targets, verb)


def add_targets(target_parsers, targets: dict[str, str], verb: str, helps: dict[str, str] | None = None) -> None:
    """One subcommand per target, on the subparsers of a command (``mjtable eval``, ``bench``...)."""
    for name, module in targets.items():
        tp = target_parsers.add_parser(name, help=(helps or {}).get(name, f"{verb} {name}"))
        tp.set_defaults(func=_runner(module))
        tp.add_argument("--json", action="store_true", help="print the figures as JSON")
        importlib.import_module(module).add_arguments(tp)


def _runner(module_name):
    def run(args):
        return importlib.import_module(module_name).run(args)
    return run
