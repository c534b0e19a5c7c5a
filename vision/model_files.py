"""Identity of a weights file: tile-set profiles and the tile/not-tile probe are tied to the
weights they were made with."""
from __future__ import annotations

from pathlib import Path


def weights_id(path) -> str:
    """Short content hash of a weights file ("" when it does not exist)."""
    import hashlib
    p = Path(path)
    if not p.exists():
        return ""
    return hashlib.sha256(p.read_bytes()).hexdigest()[:16]
