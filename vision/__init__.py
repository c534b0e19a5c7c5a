"""mjtable vision: photo → tiles (issue 4) → hand (issue 5).

Depends on ``scorer``'s tile types only (DEVELOPERS.md, Architecture)."""
from .types import TileRead

__all__ = ["TileRead"]
