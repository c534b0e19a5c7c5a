"""``mjtable report TARGET``: measured reports on generated or recorded data (an alias:
``mjtable report grouping`` is ``mjtable eval grouping``).

Each target is a module under ``mjtable.reports`` exposing ``add_arguments(parser)`` and
``run(args)``; they are imported only when chosen (like ``mjtable bench``)."""
from __future__ import annotations

TARGETS = {
    "grouping": "mjtable.reports.grouping_report",
}


def register(sub) -> None:
    from ..targets import register_targets
    register_targets(sub, "report", "alias of `mjtable eval TARGET`", TARGETS, "report on")
