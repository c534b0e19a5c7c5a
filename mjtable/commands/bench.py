"""``mjtable bench TARGET``: speed benchmarks (speed goals are checked here, never in tests); an
alias: ``mjtable bench read`` is ``mjtable eval read-speed``.

Each target is a module under ``mjtable.benchmarks`` exposing ``add_arguments(parser)`` and
``run(args)``; they are imported only when chosen."""
from __future__ import annotations

TARGETS = {
    "scorer": "mjtable.benchmarks.scorer_bench",
    "read": "mjtable.benchmarks.read_bench",
    "first-read": "mjtable.benchmarks.first_read_bench",
}


def register(sub) -> None:
    from ..targets import register_targets
    register_targets(sub, "bench", "alias of `mjtable eval TARGET-speed`", TARGETS, "benchmark")
