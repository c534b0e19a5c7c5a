"""``mjtable`` console entry point. Each subcommand lives in ``mjtable/commands/<name>.py`` and
exposes ``register(subparsers)``; they are discovered here so features add commands without
editing a central list."""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from . import __version__, commands


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mjtable", description="Camera assistant for mahjong tables: "
                                     "read a photographed winning hand, score it, settle and log it.")
    parser.add_argument("--version", action="version", version=f"mjtable {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
