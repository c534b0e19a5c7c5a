"""Tile sets with dark bodies.

Most sets print dark or coloured ink on an ivory or white face; some (black, dark green or blue
bodies) print light or coloured ink on a dark face. The classifier learnt mostly light faces: a
classifier that never saw the riichi Black artwork read it at 11 %, and at 51 % once generated
sets with dark bodies were in its training. Such a photo is read with its lightness turned over
(L of CIE Lab to 255 − L, hue and colourfulness kept), so that a black face with white and orange
ink reads as a white face with black and brown ink, which the classifier knows: 92 % (labelled
boxes as the app cuts them; docs/experiments.md, "Dark tile bodies").

A set's body is told from the photo's face-up crops together, not tile by tile: in a dark face
most of the middle is darker than the ink (``lightness_polarity`` near 0); a blank or crowded
face alone can say either; a photo the median leaves unsure is read both ways, and the surer
reading kept (``vision.reader.read_crops``). A tile-set profile tells it once, from its layout
photo, and turns every example it keeps (layout, corrections, recorded hands) as the reader turns
the photos it reads with that profile.
"""
from __future__ import annotations

import cv2
import numpy as np

# A photo's face-up crops, DARK_BODY_LEAST or more with ink, are of a dark-bodied set when the
# median of their lightness polarity is under DARK_BODY_BELOW. Photo medians of the labelled boxes,
# as the reader exposes the photo: the riichi Black scenes 0.04-0.24; the valid split 0.54 or more,
# under every capture setting 0.41 or more (out of focus: blur smears ink into the face), the test
# split, riichi Regular and GL scenes 0.62 or more (docs/experiments.md, "Dark tile bodies").
# 0.4 lay too near the blurred photos. Rows of 4-8 dark tiles (the profile evaluation's) reach
# 0.53: 181 of 196 are turned; a row of light-inked faces stays as taken, as before. A profile of
# a dark set turns every photo. The reader's setting (``ReaderConfig.dark_body_below``; None: off)
# and a tile-set profile's build use them.
DARK_BODY_BELOW: float | None = 0.3
DARK_BODY_LEAST = 3
# A photo whose median lies from DARK_BODY_BELOW up to DARK_BODY_UNSURE is read both ways, and the
# reading with the higher mean confidence kept: rows of a few dark tiles with much light ink lie
# there (0.30-0.41 on the tuning draws 11 and 17), and so do the valid split's blurred copies
# (from 0.41). Offline, classifier alone on the rows' boxes: riichi Black draw 11 71.83 -> 83.45 %,
# draw 17 83.57 -> 86.71 % (`hand_out`); the blurred valid copy unchanged with `hand_out` and the
# shipped classifier (every one of its 5 photos there kept as taken); 0.6 cost it 3 tiles.
DARK_BODY_UNSURE = 0.45
# A crop whose middle spans fewer lightness levels than MIN_CONTRAST (5th to 95th percentile, of
# 255) has no ink to weigh against its face (a blank white dragon, a back, bare felt) and is left
# out of the median: a plain crop's polarity is noise, or 0 when it is uniform.
MIN_CONTRAST = 24
# Share of the middle's lightness range under its median: (p50 − p5) / (p95 − p5) over the crop
# without an eighth on each side (the face's edge and the table around the cut).
MIDDLE_INSET = 0.125


def lightness_polarity(crop: np.ndarray) -> float | None:
    """Where the median lightness of a BGR crop's middle lies between its darkest and lightest
    (5th and 95th percentiles): near 1 for ink on a light face, near 0 for ink on a dark one;
    None when they are under ``MIN_CONTRAST`` apart."""
    lightness = cv2.cvtColor(np.ascontiguousarray(crop), cv2.COLOR_BGR2LAB)[..., 0]
    h, w = lightness.shape
    a, b = int(h * MIDDLE_INSET), int(w * MIDDLE_INSET)
    middle = lightness[a:h - a or h, b:w - b or w]
    # percentiles of 8-bit levels from their histogram: a sort of every pixel cost 0.3 ms a crop
    share = np.cumsum(np.bincount(middle.ravel(), minlength=256)) / middle.size
    p5, p50, p95 = (int(np.searchsorted(share, q)) for q in (0.05, 0.5, 0.95))
    if p95 - p5 < MIN_CONTRAST:
        return None
    return (p50 - p5) / (p95 - p5)


def median_polarity(crops, least: int) -> float | None:
    """The median ``lightness_polarity`` of one photo's face-up ``crops`` with ink, when ``least``
    or more have ink; else None (too few to tell a set's body)."""
    if len(crops) < least:
        return None
    inked = [p for p in (lightness_polarity(c) for c in crops) if p is not None]
    return float(np.median(inked)) if len(inked) >= least else None


def dark_bodied(crops, below: float | None, least: int) -> bool:
    """Whether the face-up ``crops`` of one photo are of a dark-bodied set: ``least`` crops or
    more with ink whose median ``lightness_polarity`` is under ``below`` (None: never)."""
    if below is None:
        return False
    median = median_polarity(crops, least)
    return median is not None and median < below


def lightness_inverted(image: np.ndarray) -> np.ndarray:
    """A BGR image with its lightness turned over (Lab L to 255 − L), its hues kept."""
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
    lab[..., 0] = 255 - lab[..., 0]
    return cv2.cvtColor(lab, cv2.COLOR_LAB2BGR)
