"""Grouping: tiles read from a photo → the hand as it is laid out (docs/grouping.md).

``group(tiles, **hints)`` rebuilds rows and gaps from the tiles' geometry (tile size as the unit,
so perspective and photo rotation do not matter), then chooses the most plausible reading of the
table: which row holds the standing tiles, the winning tile set apart at its right, the exposed
melds (sideways claimed tile → who discarded, face-down pair → concealed kong, a sideways tile
with another against it → added kong), flowers and seasons, the dora-indicator row. Conventions
are those laid out by :mod:`vision_lab.hand_layouts` (its docstring cites the table practice).

The result, :class:`HandReading`, holds the hand JSON of the scoring core (or None), a confidence
per decision, warnings a person can act on, and per-tile links so a UI can highlight and correct.
No scoring here: ``vision`` only uses ``scorer``'s tile types (README, "Data flow and
layout"; checked by tests/structure/test_layers.py).

The modules, in the order a reading goes through them:

- ``config``: geometry thresholds, the score weights (:class:`GroupingWeights`), the layout hints;
- ``duplicates``: tiles detected twice;
- ``rows``: each tile's geometry, the rows' direction, rows as chains of linked tiles, gaps;
- ``sideways``: sideways flags from the tiles' shapes, stacked tiles (added kongs);
- ``melds``: a group of touching tiles split into scored melds;
- ``interpretations``: candidate readings of the table and their scores;
- ``hand_reading``: the :class:`HandReading` built from the chosen reading;
- ``table``: :func:`group`, the steps above in order.
"""
from .config import WEIGHTS, GroupingWeights, LayoutHints
from .hand_reading import HandReading
from .table import group

__all__ = ["group", "HandReading", "GroupingWeights", "WEIGHTS", "LayoutHints"]
