"""mjtable vision: photo → tiles (issue 4) → hand (issue 5).

Depends on ``scorer``'s tile types only (DEVELOPERS.md, Architecture). Models load lazily, on
the first call of ``read_tiles`` / ``classify_crops``."""
from .errors import ImageError
from .grouping import HandReading, group
from .profile import TileSetProfile  # issue 7: one-photo calibration
from .types import PlacedTile, TileRead


def read_tiles(image, timings=None, embeddings=False, profile=None):
    from .reader import read_tiles as _read
    return _read(image, timings=timings, embeddings=embeddings, profile=profile)


def classify_crops(crops, embeddings=False, profile=None):
    from .reader import classify_crops as _classify
    return _classify(crops, embeddings=embeddings, profile=profile)


__all__ = ["ImageError", "PlacedTile", "TileRead", "HandReading", "group", "classify_crops",
           "read_tiles", "TileSetProfile"]
