"""Label errata: boxes of the real photo set whose labelled code is wrong (datasets/label_errata.csv).

The photo set's labels (../shared/data/chinese-mahjong-detection) were drawn by hand, and a few
name the wrong tile: a 九萬 labelled 1m, three dots labelled 3s. Such a label costs a right reading
in every measure and teaches the wrong code in training. Each erratum was found by
``tools/label_audit.py`` (commit 8c2eecd) and checked by eye on the photo (the corner index and
the drawing); the file says what was seen. ``vision_lab.datasets.read_yolo_labels`` applies them, so evaluation, the
classifier's crop set and the calibration evidence all read the corrected code; its
``errata=False`` (``mjtable eval --raw-labels``) reads the labels as published, for figures
comparable with those measured before the errata. An erratum applies only where the label still says what it recorded, so a
re-exported dataset is never "corrected" at the wrong box.
"""
from __future__ import annotations

import csv
import dataclasses
from functools import lru_cache
from pathlib import Path

ERRATA_FILE = Path(__file__).resolve().parents[1] / "datasets" / "label_errata.csv"


@dataclasses.dataclass(frozen=True)
class Erratum:
    split: str
    image: str        # the photo's file stem (as its label file is named)
    line: int         # the box's place among the label file's box rows, from 0
    labelled: str
    actual: str
    seen: str         # what the photo shows, as checked


@lru_cache(maxsize=4)
def load_errata(path: Path = ERRATA_FILE) -> dict[str, dict[int, Erratum]]:
    """Errata by image stem, then by box row."""
    from scorer.tiles import is_valid_code
    out: dict[str, dict[int, Erratum]] = {}
    if not Path(path).exists():
        return out
    with open(path, newline="", encoding="utf-8") as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        for row in rows:
            e = Erratum(row["split"], row["image"], int(row["line"]), row["labelled"], row["actual"], row["seen"])
            if not (is_valid_code(e.labelled) and is_valid_code(e.actual)) or e.labelled == e.actual:
                raise ValueError(f"{path}: bad erratum {row}")
            out.setdefault(e.image, {})[e.line] = e
    return out


def errata_for(image_stem: str) -> dict[int, Erratum]:
    """The errata of one photo (empty when none)."""
    return load_errata(ERRATA_FILE).get(image_stem, {})


def corrected(image_stem: str, codes: list[str]) -> list[str]:
    """``codes`` (one per box row, in file order) with the photo's errata applied."""
    fixes = errata_for(image_stem)
    return [fixes[i].actual if i in fixes and fixes[i].labelled == c else c for i, c in enumerate(codes)]


def applied(image_stem: str, codes: list[str]) -> int:
    """How many of ``codes`` (the labels as published, in file order) the photo's errata change."""
    return sum(a != b for a, b in zip(codes, corrected(image_stem, codes)))
