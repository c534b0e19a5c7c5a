"""Tiles detected twice: the surer read of two overlapping boxes is kept, and the reading of
the kept tiles is mapped back to the caller's list (the duplicate linked to its twin)."""
from __future__ import annotations

from .config import SIDEWAYS_TWIN_IOU
from .hand_reading import HandReading


def iou(a, b) -> float:
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[2], b[2]), min(a[3], b[3])
    inter = max(0.0, x1 - x0) * max(0.0, y1 - y0)
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def deduplicate(tiles):
    """A tile detected twice (boxes overlapping by more than 60%): keep the surer read.
    Returns the indices kept and {duplicate: the index kept in its place}."""
    order = sorted(range(len(tiles)), key=lambda i: -tiles[i].confidence)
    keep: list[int] = []
    duplicates: dict[int, int] = {}
    for i in order:
        # Two sideways tiles overlapping may be an added kong's tiles, one on the other, offset
        # across the row (sideways.find_stacked: by 0.15 of a tile's width or more, which leaves
        # them under SIDEWAYS_TWIN_IOU): overlapping more, one tile read twice.
        overlaps = ((k, iou(tiles[i].box, tiles[k].box)) for k in keep)
        twin = next((k for k, o in overlaps if o > 0.6
                     and (o > SIDEWAYS_TWIN_IOU or not (tiles[i].sideways and tiles[k].sideways))), None)
        if twin is None:
            keep.append(i)
        else:
            duplicates[i] = twin
    return sorted(keep), duplicates


def reindex(reading: HandReading, keep, duplicates, n, tiles, unknown=(), empty=()) -> HandReading:
    """Indices of the list read (``keep``: the caller's tiles less ``duplicates``, ``unknown``
    faces and ``empty`` boxes) → indices of the caller's list."""
    def m(i):
        return keep[i] if isinstance(i, int) else i
    slots = dict(reading.slots)
    for key in ("concealed", "bonus", "dora"):
        if key in slots:
            slots[key] = [m(i) for i in slots[key]]
    if slots.get("winning") is not None:
        slots["winning"] = m(slots["winning"])
    if "melds" in slots:     # no slots at all (nothing read, no standing tiles found) stay none
        slots["melds"] = [{**ms, "tiles": [m(i) for i in ms["tiles"]]} for ms in slots["melds"]]
    groups = []
    for g in reading.groups:
        g = {**g, "tiles": [m(i) for i in g["tiles"]]}
        if "meld" in g:
            g["meld"] = {**g["meld"], "tiles": [m(i) for i in g["meld"]["tiles"]]}
        groups.append(g)
    links = [None] * n
    for link in reading.links:
        links[m(link["tile"])] = {**link, "tile": m(link["tile"])}
    for i, twin in duplicates.items():
        links[i] = {"tile": i, "group": None, "role": "duplicate", "of": twin}
    for i in unknown:
        links[i] = {"tile": i, "group": None, "role": "unknown"}
    for i in empty:
        links[i] = {"tile": i, "group": None, "role": "ignored"}
    warnings = list(reading.warnings)
    if duplicates:
        warnings.append(f"{len(duplicates)} tile(s) were detected twice at the same place; the surer read was kept")
    if empty:
        warnings.append(f"{len(empty)} detection(s) had a box without width or height: left out")
    if unknown:
        warnings.append(f"{len(unknown)} tile(s) show a face no tile code names (a joker, or a tile of another "
                        "game): left out of the hand; if one belongs to it, add its tile")
    return HandReading(reading.hand, slots, groups, links, reading.decisions, warnings, reading.confidence)

