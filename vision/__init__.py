"""mjtable vision: photo → tiles (issue 4) → hand (issue 5).

Depends on ``scorer``'s tile types only (DEVELOPERS.md, Architecture)."""
from .errors import ImageError
from .profile import TileSetProfile  # noqa: F401  (issue 7: one-photo calibration)
from .types import PlacedTile, TileRead
from .grouping import HandReading, group

__all__ = ["ImageError", "PlacedTile", "TileRead", "HandReading", "group"]
