"""mjtable vision: photo → tiles → hand.

Depends on ``scorer``'s tile types only (README, "Data flow and layout"; checked by
tests/structure/test_layers.py). Models load lazily, on
the first call of ``read_tiles`` / ``classify_crops``."""
from .errors import ImageError
from .grouping import HandReading, group
from .profile import TileSetProfile  # tile-set profiles (docs/calibration.md)
from .types import PlacedTile, TileRead, TileReads


def read_tiles(image, timings=None, embeddings=False, profile=None):
    from .reader import read_tiles as _read
    return _read(image, timings=timings, embeddings=embeddings, profile=profile)


def classify_crops(crops, embeddings=False, profile=None):
    from .reader import classify_crops as _classify
    return _classify(crops, embeddings=embeddings, profile=profile)


__all__ = ["ImageError", "PlacedTile", "TileRead", "TileReads", "HandReading", "group", "classify_crops",
           "read_tiles", "TileSetProfile"]
