"""Writing a profile's files: whole or not at all, readable by this user alone."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_privately(path: Path, write, mode: int | None = None) -> None:
    """``write(file)`` into a new file of ``path``'s folder, readable by this user alone (or with
    ``mode``), then put in ``path``'s place at once: a reader finds the old file or the new one,
    whole. The file's name is its own (two saves of one profile at once shared one and read each
    other's halves); it is removed when writing fails (a disk full left it listed as a damaged
    profile)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")     # 0600
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
