"""mjtable vision: photo → tiles (issue 4) → hand (issue 5).

Depends on ``scorer``'s tile types only (DEVELOPERS.md, Architecture). Models load lazily, on
the first call of ``read_tiles`` / ``classify_crops``."""
from .errors import ImageError
from .grouping import HandReading, group
from .types import PlacedTile, TileRead


def read_tiles(image, timings=None, embeddings=False):
    from .reader import read_tiles as _read
    return _read(image, timings=timings, embeddings=embeddings)


def classify_crops(crops, embeddings=False):
    from .reader import classify_crops as _classify
    return _classify(crops, embeddings=embeddings)


__all__ = ["ImageError", "PlacedTile", "TileRead", "HandReading", "group", "classify_crops",
           "read_tiles"]
