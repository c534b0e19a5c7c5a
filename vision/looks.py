"""Other ways of looking at a picture, for tiles the detector misses as the picture stands.

The detector was trained mostly on rows that run along the picture's edges. Two kinds of real
pictures defeat it (the valid split of the shared photos, models/detector/MODEL_CARD.md, Decisions):

- a row photographed diagonally (turned 30-60°): each tile's axis-aligned box then holds parts
  of its neighbours, and the detector finds a few tiles of the row, or none. Looked at turned
  45° the other way, the row is level and it finds them all.
- a picture stretched out of shape (some exports of the shared photos were squashed into
  640 × 640 squares, so a tile is ten times taller than wide, or wider than tall): looked at with
  the stretch undone, the tiles have their own shape again.
- a picture taken from low: each face is a flat band, and a level row of them is found and read
  better in the picture stretched down (``seen_from_low``).

``choose_look`` tries those looks and keeps the one whose detections are the most confident
(``look_score``), but only when it clearly beats the picture as it stands (``LOOK_MARGIN``,
``LOOK_GAIN``): most pictures are read as they are. The tiles are cut from the chosen look's own
picture (level or unstretched), and their boxes brought back into the source picture
(``Look.to_source``, ``Look.box_in_source``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .detections import Detections

# Turns tried, in degrees (counter-clockwise, as cv2.getRotationMatrix2D): ±45° levels rows
# turned 20-70° enough for the detector (the valid split's diagonal rows lie at 35-60°).
TURNS = (45.0, -45.0)
# Stretches undone when the picture looks stretched (``stretch_axis``: boxes of no tile's shape, or
# with fewer than FEW_TILES tiles found, edges far weaker along one axis): the width (or the
# height) divided by a factor, tried from the largest down while the looks score higher
# (``unstretched_looks``), then adjusted (``upright_unstretched``).
UNSTRETCH_FACTORS = (2, 3, 4, 6, 8)
# Whether a picture that looks stretched (``stretch_axis``) is also looked at turned: turning does
# not undo a stretch.
TURN_STRETCHED = False
FEW_TILES = 3
# Pictures whose tiles found as they stand lie within LEVEL_TURN degrees of level (median) are
# not looked at turned (``lies_level``): a turned look is worth its two detector runs only when
# the tiles lie askew, or too few are found to tell.
LEVEL_TURN = 20.0
# Box shapes (width / height) a picture's tiles can have: a standing tile seen from the front
# edge is about 0.4 wide per unit of height (valid photos IMG_2023*: median 0.38-0.49), lying
# sideways and seen from above 1.33; the squashed exports' tiles are 0.06-0.14 (or 12 lying).
TILE_SHAPES = (0.25, 4.0)
# |log| of the ratio of a picture's gradient energy across and down (``gradient_anisotropy``)
# from which, with fewer than FEW_TILES tiles found, it is taken as stretched: the valid split's
# 18 stretched exports lie beyond 1.36, 98 % of the 780 other shared photos within 1.0 (the two
# highest, 2.73 and 1.8, are stretched exports of the test and train splits):
# tools/stretch_anisotropy.py (commit 8c2eecd). A picture wrongly taken as stretched is only looked at
# unstretched, and read so only when that look is clearly surer.
ANISOTROPY = 1.0
MAX_UNSTRETCH = 16          # largest stretch undone (the valid split's exports: 8-13)
UPRIGHT_SHAPE = 0.75       # width / length of a standing tile's box seen from above
# A look is scored by the summed confidence of its detections at SCORE_CONF or more (many weak
# detections of a garbled picture do not add up to a look), and replaces the picture as it
# stands when its score exceeds LOOK_MARGIN × that one's + LOOK_GAIN. Chosen on the valid split
# (tools/looks_probe.py at 8c2eecd; models/detector/MODEL_CARD.md, Decisions).
SCORE_CONF = 0.5
LOOK_MARGIN = 1.5
LOOK_GAIN = 1.0
# Where the picture as it stands has boxes of no tile's shape (outside ``TILE_SHAPES``: the
# detector boxed a squashed export's tiles as their upper and lower halves), an unstretched look
# that finds fewer boxes (whole tiles, not halves) replaces it when it scores more than
# SHAPELESS_MARGIN × that one's: no margin, as the boxes it would beat are not tiles
# (docs/decisions.md).
SHAPELESS_MARGIN = 1.0
# A picture taken from low (15-35° above the table) squashes each face to a flat band: the boxes
# of its tiles found as it stands, in level rows (``lies_level``), are wider than tall (median
# width / height above LOW_SHAPE, which no valid or test photo's reach: at most 1.45), and the
# detector finds and the classifier reads more of them in the picture stretched LOW_STRETCH times
# down. That look is read without competing with the picture as it stands: its detections are
# no surer by ``look_score``, its readings are (docs/decisions.md). None: off.
LOW_SHAPE: float | None = 1.6
LOW_STRETCH = 1.5
# ... only in a picture of at most LOW_MAX_SIDE px (long side) as the reader cuts its tiles from
# it: in a phone's photo (4032 × 3024, cut from its 1008-px decoding) the faces are large enough,
# and the stretched look only found more things that are no tile.
LOW_MAX_SIDE = 800
# A close-up (a player photographing the dora indicators or one meld from a hand's width away):
# at most CLOSE_MAX_TILES tiles found as the picture stands, the median one's long side over
# CLOSE_SHARE of the picture's long side (the valid split's photos of a hand: median 0.105, 95 %
# under 0.17; close-ups made from them: at least 0.23). The detector, trained on whole hands,
# cuts such large faces into pieces (a 1p's circle as a tile of its own) or misses them; it is
# looked at shrunk into a canvas of the picture's median colour, the median tile brought to
# CLOSE_TARGET of it (at most CLOSE_MAX_SHRINK times smaller), and that look is read. Their
# boxes' median width / height is also at most CLOSE_MAX_SHAPE (faces upright, or one lying
# sideways: 95 % of its close-ups under 1.47): rows seen from low, found as a few long flat boxes,
# have wider ones (1.7-3.2), and shrunk they lost small tiles.
CLOSE_SHARE: float | None = 0.2
CLOSE_MAX_TILES = 8
CLOSE_MAX_SHAPE = 1.5
CLOSE_TARGET = 0.12
CLOSE_MAX_SHRINK = 6.0


@dataclass
class Look:
    name: str                 # "as is", "turned 45°", "width / 8", ...
    image: np.ndarray         # the picture the boxes of ``dets`` are in, and tiles are cut from
    dets: Detections
    # 2 × 3 affine map from ``image``'s pixels to the source picture's (identity: as it stands)
    to_source: np.ndarray = field(default_factory=lambda: np.eye(2, 3))
    degrees: float = 0.0      # how far ``image`` is turned (counter-clockwise) from the source
    axis: str | None = None   # an unstretched look: the axis undone ("width" or "height")
    # a look the second detector reads too, without weighing the picture as it stands against it
    # (``vision.reader.shared_look``): a close-up's pieces of faces outscore its whole tiles
    binding: bool = False

    @property
    def score(self) -> float:
        return look_score(self.dets)

    def points_in_source(self, points) -> np.ndarray:
        """``points`` ((n, 2), in ``image``'s pixels) in the source picture's pixels."""
        return np.asarray(points, np.float64).reshape(-1, 2) @ self.to_source[:, :2].T + self.to_source[:, 2]

    def box_in_source(self, box) -> tuple[float, float, float, float]:
        """The axis-aligned box, in the source picture's pixels, of ``box`` (in ``image``'s)."""
        x0, y0, x1, y1 = (float(v) for v in box)
        pts = self.points_in_source([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
        return (float(pts[:, 0].min()), float(pts[:, 1].min()), float(pts[:, 0].max()), float(pts[:, 1].max()))


def look_score(dets: Detections) -> float:
    c = dets.confidence
    return float(c[c >= SCORE_CONF].sum())


def median_colour(src: np.ndarray) -> np.ndarray:
    """The picture's median colour (one value per channel), from every 8th pixel each way: a fill
    that makes no edges that look like tiles."""
    sample = src[::8, ::8]
    return np.median(sample.reshape(-1, sample.shape[2] if sample.ndim == 3 else 1), axis=0)


def turned_look(detect, src: np.ndarray, degrees: float) -> Look:
    """``detect`` run on ``src`` turned by ``degrees`` counter-clockwise, on a canvas large enough
    to hold all of it, filled with the picture's median colour (so the fill makes no edges that
    look like tiles). Its tiles are cut from the turned picture, where they stand level."""
    h, w = src.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    c, s = abs(m[0, 0]), abs(m[0, 1])
    cw, ch = int(np.ceil(h * s + w * c)), int(np.ceil(h * c + w * s))
    m[0, 2] += cw / 2 - w / 2
    m[1, 2] += ch / 2 - h / 2
    fill = tuple(float(v) for v in median_colour(src))
    turned = cv2.warpAffine(src, m, (cw, ch), flags=cv2.INTER_LINEAR, borderValue=fill)
    return Look(f"turned {degrees:g}°", turned, detect(turned), cv2.invertAffineTransform(m), degrees)


def unstretched_look(detect, src: np.ndarray, fx: float, fy: float) -> Look:
    """``detect`` run on ``src`` resized by ``fx`` across and ``fy`` down (one of them 1)."""
    h, w = src.shape[:2]
    size = (max(8, round(w * fx)), max(8, round(h * fy)))
    image = cv2.resize(src, size, interpolation=cv2.INTER_AREA)
    axis = "width" if fx < 1 else "height"
    name = f"width / {1 / fx:.3g}" if fx < 1 else f"height / {1 / fy:.3g}"
    return Look(name, image, detect(image), np.array([[w / size[0], 0, 0], [0, h / size[1], 0]], float),
                axis=axis)


def candidate_looks(detect, src: np.ndarray, min_conf: float = 0.3,
                    base: Look | None = None) -> tuple[Look, list[Look]]:
    """(the picture as it stands, the other looks worth trying): turned unless its tiles lie
    level (``lies_level``), unstretched along the axis it looks stretched along (``stretch_axis``).
    ``base``: the picture as it stands, when already looked at."""
    base = Look("as is", src, detect(src)) if base is None else base
    axis = stretch_axis(src, base.dets, min_conf)
    others = [] if lies_level(src, base.dets) or (axis and not TURN_STRETCHED) \
        else [turned_look(detect, src, a) for a in TURNS]
    if axis:
        others += unstretched_looks(detect, src, axis)
    return base, others


def unstretched_looks(detect, src: np.ndarray, axis: str) -> list[Look]:
    """``src`` looked at with its stretch along ``axis`` undone by each of ``UNSTRETCH_FACTORS``,
    from the largest down, until a look scores no higher than the one before it. A look's score
    peaks near the picture's own stretch and falls away from it, so the looks not tried would
    not be chosen; the largest factors come first as they are the cheapest runs (the smallest
    pictures) and the squashed exports' stretches (8-13) lie there. On the 26 shared photos taken
    as stretched the same look was chosen as with every factor tried, for 2-4 runs instead of 5
    (docs/decisions.md, ``UNSTRETCH_FACTORS``)."""
    tried: list[Look] = []
    for k in sorted(UNSTRETCH_FACTORS, reverse=True):
        look = unstretched_look(detect, src, *((1 / k, 1.0) if axis == "width" else (1.0, 1 / k)))
        tried.append(look)
        if len(tried) > 1 and look.score <= tried[-2].score:
            break
    return tried


def choose_look(detect, src: np.ndarray, min_conf: float = 0.3) -> Look:
    """The look at ``src`` to read: shrunk when it is a close-up (``close_up_shrink``); else as it
    stands, unless one of the ``candidate_looks`` clearly beats it (an unstretched one then
    adjusted: ``upright_unstretched``), or stretched down when seen from low (``seen_from_low``)."""
    base = Look("as is", src, detect(src))
    factor = close_up_shrink(src, base, min_conf)
    if factor:
        return shrunk_look(detect, src, factor)
    base, others = candidate_looks(detect, src, min_conf, base=base)
    shapeless = SHAPELESS_MARGIN is not None and has_no_tile_shape(base.dets, min_conf)
    best = base
    for look in others:
        beats = clearly_beats(look, base) or (shapeless and bool(look.axis) and look.score > SHAPELESS_MARGIN * base.score
                                              and found(look.dets, min_conf) < found(base.dets, min_conf))
        if beats and look.score > best.score:
            best = look
    if best.axis:
        best = upright_unstretched(detect, src, best)
    elif best is base and seen_from_low(src, base):
        best = stretched_down(detect, src, LOW_STRETCH)
    return best


def close_up_shrink(src: np.ndarray, base: Look, min_conf: float = 0.3) -> float | None:
    """How many times smaller to look at ``src`` when it is a close-up (``CLOSE_SHARE``): its
    few tiles found as it stands (``base``, at ``min_conf``: the detector finds a close-up's
    faces unsurely) each span a large share of it, upright or lying; None otherwise."""
    if CLOSE_SHARE is None:
        return None
    b = base.dets.xyxy[base.dets.confidence >= min_conf]
    if not 1 <= len(b) <= CLOSE_MAX_TILES:
        return None
    share = float(np.median(np.maximum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]))) / max(src.shape[:2])
    if share <= CLOSE_SHARE or median_shape(b) > CLOSE_MAX_SHAPE:
        return None
    return float(min(CLOSE_MAX_SHRINK, share / CLOSE_TARGET))


def shrunk_look(detect, src: np.ndarray, factor: float) -> Look:
    """``detect`` run on ``src`` made ``factor`` times smaller in the middle of a canvas of its
    size, filled with the picture's median colour (as ``turned_look``); its tiles are cut there."""
    h, w = src.shape[:2]
    small = cv2.resize(src, (max(8, round(w / factor)), max(8, round(h / factor))), interpolation=cv2.INTER_AREA)
    fill = median_colour(src).astype(src.dtype)
    canvas = np.empty_like(src)
    canvas[...] = fill.reshape(-1) if src.ndim == 3 else fill[0]
    y0, x0 = (h - small.shape[0]) // 2, (w - small.shape[1]) // 2
    canvas[y0:y0 + small.shape[0], x0:x0 + small.shape[1]] = small
    sx, sy = w / small.shape[1], h / small.shape[0]
    return Look(f"shrunk / {factor:.3g}", canvas, detect(canvas), np.array([[sx, 0, -x0 * sx], [0, sy, -y0 * sy]]),
                binding=True)


def seen_from_low(src: np.ndarray, base: Look) -> bool:
    """Whether the tiles found in ``src`` as it stands (``base``: at least ``FEW_TILES`` at
    ``SCORE_CONF``) look seen from low: level rows of boxes wider than ``LOW_SHAPE``. A heap's
    tiles lying every way can be as wide; stretched, it lost tiles."""
    if LOW_SHAPE is None or max(src.shape[:2]) > LOW_MAX_SIDE:
        return False
    b = base.dets.xyxy[base.dets.confidence >= SCORE_CONF]
    return len(b) >= FEW_TILES and median_shape(b) > LOW_SHAPE and lies_level(src, base.dets)


def stretched_down(detect, src: np.ndarray, factor: float) -> Look:
    """``detect`` run on ``src`` stretched ``factor`` times down (its tiles are cut from there)."""
    h, w = src.shape[:2]
    image = cv2.resize(src, (w, max(8, round(h * factor))), interpolation=cv2.INTER_CUBIC)
    return Look(f"height × {factor:.3g}", image, detect(image),
                np.array([[1.0, 0, 0], [0, h / image.shape[0], 0]], float))


def clearly_beats(look: Look, base: Look) -> bool:
    """Whether ``look`` replaces ``base``, the picture as it stands (``LOOK_MARGIN``, ``LOOK_GAIN``)."""
    return look.score > LOOK_MARGIN * base.score + LOOK_GAIN


def stretch_axis(src: np.ndarray, dets: Detections, min_conf: float = 0.3) -> str | None:
    """Which way ``src`` looks stretched ("width": stretched across, "height": down), or None.

    With at least ``FEW_TILES`` tiles found at ``min_conf``: by their boxes' median shape (width /
    height), when no tile has it even seen edge-on (outside ``TILE_SHAPES``). With fewer: by the
    picture's own edges; a picture stretched k times along one axis has k times weaker
    gradients along it (``ANISOTROPY``), and a photo of a table, empty or not, has none of that."""
    b = dets.xyxy[dets.confidence >= min_conf]
    if len(b) >= FEW_TILES:
        shape = median_shape(b)
        return "height" if shape < TILE_SHAPES[0] else "width" if shape > TILE_SHAPES[1] else None
    r = gradient_anisotropy(src)
    return "width" if r <= -ANISOTROPY else "height" if r >= ANISOTROPY else None


def found(dets: Detections, min_conf: float) -> int:
    """How many of ``dets`` are at ``min_conf`` or surer."""
    return int((dets.confidence >= min_conf).sum())


def has_no_tile_shape(dets: Detections, min_conf: float = 0.3) -> bool:
    """Whether at least ``FEW_TILES`` boxes are found at ``min_conf`` and their median shape is no
    tile's, even seen edge-on (outside ``TILE_SHAPES``)."""
    b = dets.xyxy[dets.confidence >= min_conf]
    return len(b) >= FEW_TILES and not TILE_SHAPES[0] <= median_shape(b) <= TILE_SHAPES[1]


def median_shape(boxes: np.ndarray) -> float:
    """Median width / height of ``boxes`` (xyxy)."""
    return float(np.median((boxes[:, 2] - boxes[:, 0]) / np.maximum(boxes[:, 3] - boxes[:, 1], 1e-6)))


def gradient_anisotropy(src: np.ndarray) -> float:
    """log(mean squared gradient across / mean squared gradient down) of ``src`` seen 320 px wide."""
    g = cv2.cvtColor(src, cv2.COLOR_BGR2GRAY) if src.ndim == 3 else src
    h, w = g.shape[:2]
    g = cv2.resize(g, (320, max(8, round(320 * h / w))), interpolation=cv2.INTER_AREA).astype(np.float32)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1)
    ex, ey = float((gx * gx).mean()), float((gy * gy).mean())
    if ex <= 0 or ey <= 0:
        return 0.0
    return float(np.log(ex / ey))


def lies_level(src: np.ndarray, dets: Detections) -> bool:
    """Whether the tiles found in ``src`` as it stands (at least ``FEW_TILES`` of them, at
    ``SCORE_CONF``) mostly lie level: their median turn, read from each one's edges
    (``vision.crops.own_axes``), is under ``LEVEL_TURN``. Such a picture is not looked at
    turned, which would cost two more detector runs for nothing."""
    from .crops import own_axes
    boxes = dets.xyxy[dets.confidence >= SCORE_CONF]
    if len(boxes) < FEW_TILES:
        return False
    # a turn too small or too uncertain to undo counts as level (own_axes gives it 0)
    turns = [abs(own_axes(src, box, rectify=True).turn) for box in boxes]
    return float(np.median(turns)) < LEVEL_TURN


def upright_unstretched(detect, src: np.ndarray, look: Look) -> Look:
    """``look`` (unstretched) with its factor adjusted once so that its tiles have a standing
    tile's shape (``UPRIGHT_SHAPE``), when its median box is off by more than 15 % and the
    adjusted factor stays within ``MAX_UNSTRETCH``. The adjusted look is read without being
    scored again: it often finds fewer boxes, but reads more of them right (MODEL_CARD.md). A
    stretched picture does not tell whether its tiles stand or lie; a hand's tiles mostly stand,
    and a factor one step off makes standing tiles look as if they lay sideways (read turned a
    quarter, wrongly)."""
    b = look.dets.xyxy[look.dets.confidence >= SCORE_CONF]
    if len(b) == 0:
        return look
    shape = median_shape(b)
    if shape <= 0 or abs(np.log(shape / UPRIGHT_SHAPE)) < np.log(1.15):
        return look
    fx, fy = 1 / look.to_source[0, 0], 1 / look.to_source[1, 1]
    if look.axis == "width":
        fx *= UPRIGHT_SHAPE / shape
    else:
        fy *= shape / UPRIGHT_SHAPE
    if not (1 / MAX_UNSTRETCH <= fx <= 1 and 1 / MAX_UNSTRETCH <= fy <= 1):
        return look
    return unstretched_look(detect, src, fx, fy)
