"""Class lists of the two models and the photo dataset's labels → canonical codes."""
from __future__ import annotations

from scorer.tiles import ALL_CODES

#: Detector classes: a tile showing its face, a tile showing its back.
DETECTOR_CLASSES = ("tile", "back")

#: Classifier classes: every code a physical tile carries (34 + red fives + 8 bonus).
CLASSIFIER_CLASSES = tuple(ALL_CODES)

# chinese-mahjong-detection v4 labels (../shared/data/chinese-mahjong-detection/SOURCE.md).
_PHOTO_PREFIX = {"sc": "m", "sd": "p", "sb": "s"}
_PHOTO_HONOURS = {"hwe": "1z", "hws": "2z", "hww": "3z", "hwn": "4z", "hdw": "5z", "hdg": "6z", "hdr": "7z"}


def photo_label_code(label: str) -> str:
    """Canonical code of a chinese-mahjong-detection label (sc1 → 1m, bf1 → 1f, bs1 → 5f...)."""
    if label in _PHOTO_HONOURS:
        return _PHOTO_HONOURS[label]
    prefix, number = label[:2], label[2:]
    if prefix in _PHOTO_PREFIX:
        return f"{number}{_PHOTO_PREFIX[prefix]}"
    if prefix == "bf":
        return f"{number}f"
    if prefix == "bs":
        return f"{int(number) + 4}f"
    raise KeyError(f"unknown photo label {label!r}")
