"""Blank faces that are face-down tiles.

A set made in one colour shows, face down, a plain top that looks like a blank white dragon; the
detector calls it a face-up tile and the classifier reads it 5z. Nothing in the tile itself tells
the two apart, but the set does: where the set's white dragon has ink (a frame, a letter), a blank
face cannot be a white dragon and is a face-down tile. The reader knows the set's white dragon

- from the same photo: another tile read 5z, surely, whose face has ink;
- from the tile-set profile: its examples of 5z (calibration, corrections, recorded hands).

A blank face much darker than the photo's other faces, or of another hue (a dark, green or blue
top), is a back whatever the set's white dragon: white dragons are drawn on the face's own colour.
For this colour test a face need only have less ink than a white dragon with ink (``BACK_COLOUR_INK``;
a textured dark top is not quite blank).
A brighter one is not: one tile out of the others' shadow is brighter, not another colour.

A set whose white dragon is blank (most of the real photos' sets, which also carry blank spare
tiles read 5z) shows no inked 5z, so its blank tiles of the faces' colour stay 5z.

Measured on the reader's own reads (`python -m vision_lab.blank_faces`, docs/decisions.md): on the
rendered capture modes the 5z reads on no tile go from 80 to 46 and no white dragon is lost; on
the real photos, train 15 → 8, valid unchanged, no white dragon lost. Cost: nothing on a photo
with no blank read 5z; with one, about 3 ms for 14 reads and 16 ms for 100 (median colours of
every face, measured beside a training run).
"""
from __future__ import annotations

import numpy as np

WHITE_DRAGON = "5z"
# Share of a face's inner pixels that are ink (darker than the face by INK_CONTRAST grey levels,
# or more coloured than it by INK_COLOUR) at or below which the face is blank, and at or above
# which a white dragon has ink. On the rendered modes' face cuts a face-down top measures 0.000-
# 0.002 and a framed white dragon read right 0.05 or more (GL's frame: 0.06-0.2).
BLANK_INK = 0.01
INKED_WHITE = 0.05
# Beside a sure 5z read with FRAMED_WHITE of ink or more (a drawn frame or letter; no profile's
# word), a 5z read with less than FAINT_SHARE of its ink is a back (docs/decisions.md).
FRAMED_WHITE = 0.1
FAINT_SHARE = 1 / 6
# How sure (detector x classifier) a 5z read with ink must be to tell what the set's 5z is like.
INKED_WHITE_SURE = 0.5
INK_INSET = 0.12        # of the crop's sides left out: the face's edge and the cut's margin
# A pixel is ink when darker than the face around it (its grey blurred over INK_BLUR of the
# crop's side) by INK_CONTRAST grey levels, or more coloured than the face's median by INK_COLOUR.
# Around it, not the face's median: a white dragon's thin frame in a dim or hazy photo is 15-35
# levels darker than the face next to it, and under a fixed 40 below the median 36 of 82 GL white
# dragons of the capture-mode scenes measured blank, so that a profile whose 白 has ink turned
# them face down (docs/calibration.md, "Capture modes"); a light gradient across a face moves the
# median, not the face around a pixel.
INK_BLUR = 0.1
INK_CONTRAST = 10
INK_COLOUR = 50
# A blank face is a back when its brightness is under BACK_DARKER of the photo's face colour (the
# median over its face-up reads), or its chromaticity (each channel's share of the sum) lies
# farther than BACK_HUE from the face colour's. The rendered modes' dark backs read 5z have 0.22-
# 0.44 of the faces' brightness, their coloured backs lie 0.06-0.14 away in chromaticity; white
# dragons read right have 0.9 or more of it and lie within 0.03 (valid within 0.029). A distance in
# BGR instead turned a rendered hand's white dragon, lit out of the others' shadow, face down.
BACK_DARKER = 0.6
BACK_HUE = 0.05
# Faces darker than this (mean of the channels, 0-255) are not compared so: on a black-faced set
# (about 37) a shadow halves a blank white dragon's brightness and noise moves its hue, which turned
# three rendered white dragons face down. The modes' backs told by colour lay on faces of 131-225.
MIN_FACE_BRIGHTNESS = 100
# The colour test asks less of a face than blankness: a 5z read with less ink than BACK_COLOUR_INK
# (a white dragon with ink shows INKED_WHITE or more) is a back when of another colour than the
# faces. A dark back's top measures 0.012-0.014 of ink in rendered hands (its texture and noise
# against INK_CONTRAST's 10 levels), over BLANK_INK, and stayed a white dragon on the hand's
# dead wall, breaking the hand (docs/decisions.md).
BACK_COLOUR_INK = 0.05


def _inner(crop: np.ndarray) -> np.ndarray:
    h, w = crop.shape[:2]
    a, b = int(h * INK_INSET), int(w * INK_INSET)
    return np.asarray(crop[a:h - a, b:w - b], np.float32)


def face_colour(crop: np.ndarray) -> np.ndarray:
    """The median colour (BGR) of a tile ``crop``'s inner pixels: its face's own colour, ink and
    all, since ink covers less than half of a face."""
    inner = _inner(crop)
    return np.median(inner.reshape(-1, 3), axis=0) if inner.size else np.zeros(3, np.float32)


def looks_like_back(colour, faces) -> bool:
    """Whether a blank face of ``colour`` (BGR) is another colour than the photo's ``faces``:
    much darker (BACK_DARKER) or of another hue (BACK_HUE), on faces bright enough to tell
    (MIN_FACE_BRIGHTNESS)."""
    c, f = np.asarray(colour, np.float64), np.asarray(faces, np.float64)
    if f.mean() < MIN_FACE_BRIGHTNESS:
        return False
    if c.mean() < BACK_DARKER * f.mean():
        return True
    return float(np.linalg.norm(c / max(c.sum(), 1.0) - f / max(f.sum(), 1.0))) > BACK_HUE


def ink_share(crop: np.ndarray) -> float:
    """Share of the inner pixels of a tile ``crop`` (BGR) that are ink: darker than the face
    around them by INK_CONTRAST, or more coloured than its median by INK_COLOUR."""
    import cv2
    inner = _inner(crop)
    if inner.size == 0:
        return 0.0
    grey = inner.mean(axis=2)
    around = cv2.GaussianBlur(grey, (0, 0), max(INK_BLUR * min(grey.shape), 0.5), borderType=cv2.BORDER_REFLECT)
    colour = inner.max(axis=2) - inner.min(axis=2)
    ink = (grey < around - INK_CONTRAST) | (colour > np.median(colour) + INK_COLOUR)
    return float(ink.mean())


def white_has_ink(crops) -> bool | None:
    """Whether the white dragons in ``crops`` (a set's examples of 5z) have ink: True when one
    has and none is blank, False when one is blank, None when there are none."""
    inks = [ink_share(c) for c in crops]
    if not inks:
        return None
    if min(inks) <= BLANK_INK:
        return False
    return max(inks) >= INKED_WHITE or None


def blank_backs(codes, confidences, crops, set_white_inked: bool | None = None) -> set[int]:
    """Indices of the reads (``codes``, their ``confidences``, their face ``crops``: every
    face-up read of one photo) that are blank faces read 5z and yet backs: of another colour than
    the photo's faces (``looks_like_back``, with less ink than ``BACK_COLOUR_INK``), or blank
    (``BLANK_INK``) on a set whose white dragon has ink (``set_white_inked``, from the tile-set
    profile); with no profile's word (None), where a sure 5z read among these has ink, the blank
    ones, and where one is drawn (``FRAMED_WHITE``), every 5z read with less than ``FAINT_SHARE``
    of the most inked one's ink (and less than ``BACK_COLOUR_INK``)."""
    whites = [k for k, c in enumerate(codes) if c == WHITE_DRAGON]
    if not whites:
        return set()
    inks = {k: ink_share(crops[k]) for k in whites}
    blank = [k for k in whites if inks[k] <= BLANK_INK]
    faint = [k for k in whites if inks[k] <= BLANK_INK or inks[k] < BACK_COLOUR_INK]
    if not faint:
        return set()
    colours = [face_colour(c) for c in crops]
    faces = np.median(np.stack(colours), axis=0)
    backs = {k for k in faint if looks_like_back(colours[k], faces)}
    if set_white_inked is False:
        return backs
    framed = max((inks[k] for k in whites if inks[k] >= FRAMED_WHITE and confidences[k] >= INKED_WHITE_SURE),
                 default=None)
    if set_white_inked is None and framed is not None:
        # the photo's own white dragon is drawn: a face with far less ink is a back, not only a
        # blank one (a turned back's cut takes in a sliver of its side or shadow, 0.011-0.043 of
        # ink, and stayed 5z beside GL's framed dragons, 0.16-0.18). Drawn, not only inked: a
        # blank set's white dragon measures 0.06-0.08 where its cut takes in an edge, and its
        # fellows 0.014-0.037. Far less: a framed one seen small can measure a quarter of its
        # fellows' ink (docs/decisions.md)
        return {k for k in faint if inks[k] <= BLANK_INK or inks[k] < FAINT_SHARE * framed} | backs
    inked = set_white_inked or any(inks[k] >= INKED_WHITE and confidences[k] >= INKED_WHITE_SURE for k in whites)
    return set(blank) | backs if inked else backs
