"""Cut tiles out of the full-resolution image for the classifier.

Rule shared by training and inference (so both see the same kind of crop): take the box with a
small margin; a box wider than tall (a tile lying sideways) is turned 90° clockwise so the tile
stands upright; the crop is resized (stretched) to a square of ``size`` pixels. Which way a
sideways or upside-down tile points is not known from a box, so the classifier is trained on
crops turned 0° and 180° (no tile is another tile turned half a turn).

A tile turned in the picture (a row photographed askew) fills only part of its axis-aligned box,
beside parts of its neighbours and the table. With ``rectify`` the tile's turn is estimated from
the crop itself (tile edges and strokes run along two perpendicular directions: the dominant
gradient direction, modulo 90°, is the tile's turn), its size from the box and that turn, and it
is cut out upright (``rotation_in``, ``turned_extents``).

A face lying flat and seen from low (the camera under about 48° above the table) is squashed
down the picture: an upright tile's box is then wider than tall, like a sideways tile's seen from
above. With ``foreshortening`` the boxes are also judged by their row (``row_squash``): in a level
row of boxes side by side along their width, most of them wider than tall, the tiles may stand
upright in a row seen from low (a sideways tile is the exception in a row), or lie sideways in a
block of a turned photo; the picture's boxes do not tell which. Each box of such a row is then
also cut upright by its box, stretched back to a square, its sides' perspective slant sheared
away (``slanted_crop``; its height divided by the row's squash to judge whether it lies), and
the reader keeps, row by row, the cut its tiles are read surer in
(``TileCrops.views``, ``vision.reader.classify_with_profile``)."""
from __future__ import annotations

import dataclasses
import math

import cv2
import numpy as np

CROP_SIZE = 64
MARGIN = 0.06        # of the box size, on each side
SIDEWAYS_RATIO = 1.0  # width / height above which a box holds a tile lying sideways
TILE_ASPECT = 4 / 3   # length / width of a tile seen from above (as the renderer draws them)
RECTIFY = True        # default of crop_tile's ``rectify`` (measured: models/classifier/MODEL_CARD.md)
MIN_TURN = 6.0        # degrees: a smaller estimated turn is left alone (a box crop serves)
MIN_STRENGTH = 0.15   # agreement of the gradient directions below which no turn is trusted
# |log(length / width)| of a tile's extents under which its shape does not tell which axis is its
# length (a camera tilted over the table shortens an upright tile to a near square): chosen on
# the calibration tuning draw (seed 11), tools/rectify_experiments/ambiguous_turn.py
# (commit 8c2eecd).
OPEN_SHAPE = 0.1
UPRIGHT_SHAPE = 1 / TILE_ASPECT   # width / height of an upright face seen from straight above
# A row (``row_squash``): at least ROW_MIN boxes, each beside the next along x: their heights
# overlap by ROW_OVERLAP of the lower one, neither more than ROW_HEIGHTS times the other's height,
# and apart by under ROW_GAP of the lower one's height (touching tiles overlap in perspective),
# their centres level within ROW_SLOPE (dy / dx: a row seen from low lies near level in the
# picture; a row photographed diagonally, whose turned tiles have wide boxes too, does not).
ROW_MIN = 3
ROW_OVERLAP = 0.6
ROW_HEIGHTS = 1.5
ROW_GAP = 0.3
ROW_SLOPE = 0.25
# Default of the reader's foreshortening (vision.reader.TileReader); docs/rulings.md.
FORESHORTENING = True


def is_sideways_box(box, squash: float = 1.0) -> bool:
    """Whether ``box`` holds a tile lying sideways: wider than tall, once its height is divided
    by ``squash`` (the fraction of an upright face's height its row shows: ``row_squash``)."""
    x0, y0, x1, y1 = box
    return squash * (x1 - x0) > SIDEWAYS_RATIO * (y1 - y0)


def row_squash(boxes, with_rows: bool = False):
    """For each box (xyxy), the fraction of its height that the faces of its row keep in the
    picture: 1 unless the box is in a row (``ROW_MIN`` boxes or more side by side along x,
    ``ROW_OVERLAP``, ``ROW_HEIGHTS``, ``ROW_GAP``, ``ROW_SLOPE``) whose median box is wider than tall; then an
    upright face's shape (``UPRIGHT_SHAPE``) over that median shape. A row of tiles lying
    sideways, seen from above, runs down the picture (they touch along their long sides), so it
    is not taken for one. ``with_rows``: also each box's row (an index; boxes in no row of
    ``ROW_MIN`` have their own)."""
    b = np.asarray(boxes, np.float64).reshape(-1, 4)
    n = len(b)
    squash = np.ones(n)
    if n < ROW_MIN:
        return (squash, np.arange(n)) if with_rows else squash
    w = np.maximum(b[:, 2] - b[:, 0], 1e-6)
    h = np.maximum(b[:, 3] - b[:, 1], 1e-6)
    low = np.minimum(h[:, None], h[None, :])
    overlap = np.minimum(b[:, None, 3], b[None, :, 3]) - np.maximum(b[:, None, 1], b[None, :, 1])
    gap = np.maximum(b[:, None, 0], b[None, :, 0]) - np.minimum(b[:, None, 2], b[None, :, 2])
    cx, cy = (b[:, 0] + b[:, 2]) / 2, (b[:, 1] + b[:, 3]) / 2
    level = np.abs(cy[:, None] - cy[None, :]) <= ROW_SLOPE * np.abs(cx[:, None] - cx[None, :])
    beside = ((overlap >= ROW_OVERLAP * low) & (np.maximum(h[:, None], h[None, :]) <= ROW_HEIGHTS * low)
              & (gap <= ROW_GAP * low) & level)
    np.fill_diagonal(beside, False)
    # rows: connected groups of boxes beside each other
    row = -np.ones(n, int)
    for start in range(n):
        if row[start] >= 0:
            continue
        row[start], todo = start, [start]
        while todo:
            i = todo.pop()
            for j in np.flatnonzero(beside[i] & (row < 0)):
                row[j] = start
                todo.append(j)
    for r in np.unique(row):
        members = row == r
        if members.sum() < ROW_MIN:
            continue
        shape = float(np.median(w[members] / h[members]))
        if shape > SIDEWAYS_RATIO:
            squash[members] = UPRIGHT_SHAPE / shape
    return (squash, row) if with_rows else squash


def rotation_in(patch: np.ndarray) -> tuple[float, float]:
    """(turn in degrees in (-45, 45], strength in [0, 1]) of the rectangular things in ``patch``:
    the gradient directions, weighted by squared magnitude, averaged on the circle after
    multiplying by 4 (edges at θ and θ + 90° then agree). Strength is the mean vector's length."""
    g = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY) if patch.ndim == 3 else patch
    g = g.astype(np.float32)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3)
    m2 = gx * gx + gy * gy
    total = float(m2.sum())
    if total <= 0:
        return 0.0, 0.0
    phi4 = 4 * np.arctan2(gy, gx)
    zx, zy = float((m2 * np.cos(phi4)).sum()) / total, float((m2 * np.sin(phi4)).sum()) / total
    return float(np.degrees(np.arctan2(zy, zx) / 4)), float(np.hypot(zx, zy))


def _well_conditioned(turn_deg: float) -> bool:
    """Whether a box gives a rectangle's extents at this turn (cos² - sin² > 0.5: under 30°)."""
    return math.cos(2 * math.radians(turn_deg)) > 0.5


def turned_extents(box_w: float, box_h: float, turn_deg: float) -> tuple[float, float]:
    """(w, h): extents along the turned axes (e1 at ``turn_deg``, e2 perpendicular) of a
    rectangle whose axis-aligned box is ``box_w`` x ``box_h``. From the box alone when the system
    is well conditioned (turns under 30°); nearer 45° the tile's known shape (upright or lying
    along e1, ``TILE_ASPECT``) is fitted instead."""
    c, s = abs(np.cos(np.radians(turn_deg))), abs(np.sin(np.radians(turn_deg)))
    det = c * c - s * s
    if _well_conditioned(turn_deg):
        w, h = (box_w * c - box_h * s) / det, (box_h * c - box_w * s) / det
        if w > 0 and h > 0:
            return float(w), float(h)
    best = None
    for r in (TILE_ASPECT, 1 / TILE_ASPECT):      # h = r w
        p, q = c + r * s, s + r * c               # box_w = w p, box_h = w q
        w = (box_w * p + box_h * q) / (p * p + q * q)
        err = ((w * p - box_w) / box_w) ** 2 + ((w * q - box_h) / box_h) ** 2
        if best is None or err < best[0]:
            best = (err, w, w * r)
    return float(best[1]), float(best[2])


@dataclasses.dataclass(frozen=True)
class TileAxes:
    """How a tile lies in its box: ``turn`` (degrees, (-45, 45]; 0 for a tile cut by its box),
    its extents ``w`` along the turned x axis and ``h`` along the turned y axis (pixels of the
    image cut from), and whether its length runs along x (``lying``: the crop turns it upright)."""
    turn: float
    w: float
    h: float
    lying: bool
    fitted: bool = False    # extents fitted to the tile's shape (turned near 45°): length not seen
    squash: float = 1.0     # fraction of its height the picture shows (a face seen from low: row_squash)

    @property
    def rectified(self) -> bool:
        return self.turn != 0.0

    @property
    def log_shape(self) -> float:
        """log(length / width) of the tile's shape, its squash undone."""
        return math.log(self.h / (self.squash * self.w))

    @property
    def length_open(self) -> bool:
        """Whether the tile's shape leaves open which axis is its length (the reader may then
        also read it turned a quarter: vision.reader.QUARTER_TURN_MARGIN, PROFILE_QUARTER_TURN_MARGIN)."""
        return self.fitted or abs(self.log_shape) < OPEN_SHAPE


class TileCrops(list):
    """Crops of tiles cut from pictures (a list of BGR arrays), with for each whether its tile's
    length was left open by its shape (``TileAxes.length_open``) and whether it was turned a
    quarter as lying (``lying``).

    ``views``: for some crops, another way to cut the tile (``TileView``: its row seen from low,
    ``row_squash``), and ``rows``: the row of each crop (None outside one). The reader reads both
    ways and keeps, for a whole row, the way its tiles are read surer
    (``vision.reader.classify_with_profile``); ``use_view`` puts the other view in a crop's place.

    ``faces``: for some crops, the tile's face cut by its own four corners (``TileView``;
    ``vision.corners``), read beside the crop, and kept tile by tile when read surer
    (``use_face``)."""

    def __init__(self, crops=(), length_open=None, lying=None, views=None, rows=None):
        super().__init__(crops)
        self.length_open = [False] * len(self) if length_open is None else [bool(v) for v in length_open]
        self.lying = [False] * len(self) if lying is None else [bool(v) for v in lying]
        self.views = dict(views or {})
        self.rows = [None] * len(self) if rows is None else list(rows)
        if not len(self.length_open) == len(self.lying) == len(self.rows) == len(self):
            raise ValueError("one length_open flag, lying flag and row per crop")
        self.switched: set[int] = set()     # crops whose other view was put in place
        self.faces: dict[int, TileView] = {}
        self.face_cut: set[int] = set()     # crops replaced by their face cut by its corners
        # faces found only when asked for (``find_faces``): fn(indices) -> {index: TileView}, one
        # face for each index asked
        self.face_finder = None

    def subset(self, indices) -> "TileCrops":
        indices = list(indices)
        out = TileCrops([self[i] for i in indices], [self.length_open[i] for i in indices],
                         [self.lying[i] for i in indices],
                         {k: self.views[i] for k, i in enumerate(indices) if i in self.views},
                         [self.rows[i] for i in indices])
        out.faces = {k: self.faces[i] for k, i in enumerate(indices) if i in self.faces}
        return out

    @property
    def has_faces(self) -> bool:
        """Whether faces cut by their corners are here (``faces``) or can be found (``find_faces``)."""
        return bool(self.faces) or self.face_finder is not None

    def find_faces(self, indices) -> None:
        """Find the faces of the crops ``indices`` not asked for yet, with ``face_finder``: the
        reader finds a face only for a tile whose box cut it reads unsurely, or where a blank face
        is judged against the photo's faces (``vision.blanks``)."""
        wanted = [i for i in indices if i not in self.faces and i not in self.face_cut]
        if self.face_finder is None or not wanted:
            return
        self.faces.update(self.face_finder(wanted))

    def face_candidates(self) -> list[int]:
        """The crops whose face is here or can be found (not yet put in place), in order."""
        if self.face_finder is None:
            return sorted(self.faces)
        return [i for i in range(len(self)) if i not in self.face_cut]

    def use_view(self, i: int) -> None:
        """Cut crop ``i`` its other way (``views[i]``), which then becomes the other view."""
        view = self.views[i]
        self.views[i] = TileView(self[i], self.lying[i], self.length_open[i])
        self[i], self.lying[i], self.length_open[i] = view.crop, view.lying, view.length_open
        self.switched ^= {i}

    def use_face(self, i: int) -> None:
        """Put crop ``i``'s face cut by its corners (``faces[i]``) in its place."""
        face = self.faces.pop(i)
        self[i], self.lying[i], self.length_open[i] = face.crop, face.lying, face.length_open
        self.face_cut.add(i)


def face_up(quad) -> np.ndarray:
    """The drawing's up, in the picture, of a face with corners ``quad`` (TL, TR, BR, BL): from the
    middle of its bottom edge to the middle of its top edge."""
    q = np.asarray(quad, np.float64)
    return (q[0] + q[1]) / 2 - (q[3] + q[2]) / 2


def face_lies_sideways(quad) -> bool:
    """Whether a face with corners ``quad`` (TL, TR, BR, BL, up to a half turn) has its length
    across the picture: its drawing's up runs more along x than along y."""
    up = face_up(quad)
    return bool(abs(up[0]) > abs(up[1]))


@dataclasses.dataclass(frozen=True)
class TileView:
    """Another cut of a tile: the crop, whether it was turned a quarter, whether its length is open."""
    crop: np.ndarray
    lying: bool
    length_open: bool


def cut_tiles(image: np.ndarray, boxes, size: int = CROP_SIZE, margin: float = MARGIN, scale: float = 1.0,
              rectify: bool | None = None, foreshortening: bool | None = None) -> TileCrops:
    """``crop_tile`` of each box, keeping whether each tile's length was left open. With
    ``foreshortening`` (default ``FORESHORTENING``), a box in a row of wide boxes (``row_squash``)
    that its row's squash judges upright, where alone it would be judged lying, also gets that
    upright cut as its other view (``TileCrops.views``): the picture alone does not tell a row
    seen from low from a row of tiles lying sideways side by side (a block in a turned photo)."""
    axes = [own_axes(image, b, scale, rectify) for b in boxes]
    crops = TileCrops([crop_tile(image, b, size, margin, scale, axes=a) for b, a in zip(boxes, axes)],
                      [a.length_open for a in axes], [a.lying for a in axes])
    if not (FORESHORTENING if foreshortening is None else foreshortening) or len(crops) < ROW_MIN:
        return crops
    squash, rows = row_squash(boxes, with_rows=True)
    for i, (b, a, s) in enumerate(zip(boxes, axes, squash)):
        if s >= 1:
            continue
        crops.rows[i] = int(rows[i])
        # cut by its box: a turn read from a face seen from low is the perspective's slant of its
        # sides, not a turn of the tile (its box's shape is then no rectangle's turned extents)
        seen_low = own_axes(image, b, scale, rectify=False, squash=float(s))
        if seen_low.lying != a.lying or a.rectified:
            crop = crop_tile(image, b, size, margin, scale, axes=seen_low) if seen_low.lying \
                else slanted_crop(image, b, size, margin, scale)
            crops.views[i] = TileView(crop, seen_low.lying, seen_low.length_open or a.length_open)
    # a row is read the other way only when most of it would be cut otherwise: a row of
    # ROW_MIN or more; two tiles cut otherwise in a row of near squares are left as cut
    cut_otherwise: dict = {}
    for i in crops.views:
        cut_otherwise.setdefault(crops.rows[i], []).append(i)
    for members in cut_otherwise.values():
        if len(members) < ROW_MIN:
            for i in members:
                del crops.views[i]
    return crops


def side_slant(patch: np.ndarray) -> float:
    """dx / dy of the near-vertical edges in ``patch`` (the sides of a face seen from low, which
    perspective slants toward the horizon's vanishing point, and its upright strokes): the median
    of the strongest fifth of them, weighted by squared gradient; 0 when too few."""
    g = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY) if patch.ndim == 3 else patch
    g = g.astype(np.float32)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3)
    w = gx * gx
    upright = (np.abs(gx) > 2 * np.abs(gy)) & (w > np.percentile(w, 80))
    if upright.sum() < 10:
        return 0.0
    k, w = -gy[upright] / gx[upright], w[upright]
    order = np.argsort(k)
    cum = np.cumsum(w[order])
    return float(k[order][np.searchsorted(cum, cum[-1] / 2)])


def slanted_crop(image: np.ndarray, box, size: int = CROP_SIZE, margin: float = MARGIN,
                 scale: float = 1.0) -> np.ndarray:
    """Square crop of an upright face seen from low in ``box``: the box, stretched to the square
    (its squash undone), its sides' slant (``side_slant``) sheared away. A face off the camera's
    axis is a trapezoid whose sides lean toward the vanishing point; unsheared, its artwork
    leans too (measured on the capture-mode sets: docs/rulings.md)."""
    x0, y0, x1, y1 = (float(v) * scale for v in box)
    h_img, w_img = image.shape[:2]
    ix0, iy0 = int(max(0, np.floor(x0))), int(max(0, np.floor(y0)))
    ix1, iy1 = int(min(w_img, np.ceil(x1))), int(min(h_img, np.ceil(y1)))
    k = side_slant(image[iy0:iy1, ix0:ix1]) if ix1 - ix0 >= 4 and iy1 - iy0 >= 4 else 0.0
    bw, bh = max(x1 - x0, 1.0) * (1 + 2 * margin), max(y1 - y0, 1.0) * (1 + 2 * margin)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    # output (u, v) -> source (cx + (u / size - 1/2) bw + k (y - cy), cy + (v / size - 1/2) bh)
    m = np.float32([[bw / size, k * bh / size, cx - bw / 2 - k * bh / 2], [0, bh / size, cy - bh / 2]])
    return cv2.warpAffine(image, m, (size, size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def own_axes(image: np.ndarray, box, scale: float = 1.0, rectify: bool | None = None,
             squash: float = 1.0) -> TileAxes:
    """``box``'s tile judged alone: its turn (``rotation_in``, when it is worth undoing) and
    extents, lying when wider than long (``SIDEWAYS_RATIO``) once its height is divided by
    ``squash`` (its row seen from low: ``row_squash``)."""
    x0, y0, x1, y1 = (float(v) * scale for v in box)
    bw, bh = max(x1 - x0, 1.0), max(y1 - y0, 1.0)
    if RECTIFY if rectify is None else rectify:
        h_img, w_img = image.shape[:2]
        ix0, iy0 = int(max(0, np.floor(x0))), int(max(0, np.floor(y0)))
        ix1, iy1 = int(min(w_img, np.ceil(x1))), int(min(h_img, np.ceil(y1)))
        if ix1 - ix0 >= 4 and iy1 - iy0 >= 4:
            turn, strength = rotation_in(image[iy0:iy1, ix0:ix1])
            if abs(turn) >= MIN_TURN and strength >= MIN_STRENGTH:
                w, h = turned_extents(bw, bh, turn)
                return TileAxes(turn, w, h, squash * w > SIDEWAYS_RATIO * h, fitted=not _well_conditioned(turn),
                                squash=squash)
    return TileAxes(0.0, bw, bh, squash * bw > SIDEWAYS_RATIO * bh, squash=squash)


def rectified_crop(image: np.ndarray, box, size: int = CROP_SIZE, margin: float = MARGIN,
                   scale: float = 1.0, axes: TileAxes | None = None) -> np.ndarray | None:
    """The tile in ``box`` cut out along its own axes, upright (a tile lying sideways turned a
    quarter clockwise, as for box crops); None when no turn worth undoing is found."""
    x0, y0, x1, y1 = (float(v) * scale for v in box)
    if axes is None:
        axes = own_axes(image, box, scale, rectify=True)
    if not axes.rectified:
        return None
    turn = axes.turn
    w, h = axes.w * (1 + 2 * margin), axes.h * (1 + 2 * margin)
    t = np.radians(turn)
    e1, e2 = np.array([np.cos(t), np.sin(t)]), np.array([-np.sin(t), np.cos(t)])
    # source step per output pixel along the output's x (u) and y (v)
    u, v = (-e2 * h / size, e1 * w / size) if axes.lying else (e1 * w / size, e2 * h / size)
    origin = np.array([(x0 + x1) / 2, (y0 + y1) / 2]) - (u + v) * size / 2
    m = np.float32([[u[0], v[0], origin[0]], [u[1], v[1], origin[1]]])
    return cv2.warpAffine(image, m, (size, size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def crop_tile(image: np.ndarray, box, size: int = CROP_SIZE, margin: float = MARGIN,
              scale: float = 1.0, corners=None, rectify: bool | None = None,
              axes: TileAxes | None = None) -> np.ndarray:
    """Upright square crop (BGR, size x size) of the tile in ``box`` (given in pixels of an image
    ``scale`` times smaller than ``image``: detections on a reduced frame, crops from the full one).
    ``axes``: how the tile lies (``own_axes``), when already judged; else it is judged here.

    With ``corners`` (the tile face's TL, TR, BR, BL), the face is perspective-rectified instead."""
    h, w = image.shape[:2]
    if corners is not None:
        src = np.float32(corners) * scale
        m = margin * size
        dst = np.float32([[m, m], [size - m, m], [size - m, size - m], [m, size - m]])
        H = cv2.getPerspectiveTransform(src, dst)
        return cv2.warpPerspective(image, H, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    if axes is None:
        axes = own_axes(image, box, scale, rectify)
    if axes.rectified:
        return rectified_crop(image, box, size=size, margin=margin, scale=scale, axes=axes)
    x0, y0, x1, y1 = (float(v) * scale for v in box)
    bw, bh = max(x1 - x0, 1.0), max(y1 - y0, 1.0)
    x0, x1 = x0 - margin * bw, x1 + margin * bw
    y0, y1 = y0 - margin * bh, y1 + margin * bh
    ix0, iy0 = int(max(0, np.floor(x0))), int(max(0, np.floor(y0)))
    ix1, iy1 = int(min(w, np.ceil(x1))), int(min(h, np.ceil(y1)))
    if ix1 <= ix0 or iy1 <= iy0:
        return np.zeros((size, size, 3), np.uint8)
    crop = image[iy0:iy1, ix0:ix1]
    if axes.lying:
        crop = cv2.rotate(crop, cv2.ROTATE_90_CLOCKWISE)
    interp = cv2.INTER_AREA if crop.shape[0] > size else cv2.INTER_LINEAR
    return cv2.resize(crop, (size, size), interpolation=interp)
