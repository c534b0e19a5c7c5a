"""Turned and unstretched looks (vision/looks.py), with a fake detector that, like the real one,
finds upright tiles of a tile's shape surely and turned or misshapen ones weakly (no model)."""
import cv2
import numpy as np
import pytest

from vision import looks
from vision.detections import Detections
from vision.reader import ReaderConfig
from tests.vision.test_detections import FakeClassifier

TILE_W, TILE_H = 60, 80          # a tile's shape: width / length 0.75
# the reader without evening: the stand-in detector finds white blobs, and evening lifts the dark
# felt between them (vision.reader.SHADE_GAIN)
UNEVENED = ReaderConfig(shade_gain=None)


class ShapeDetector:
    """One detection per white blob: its box, with confidence = (how much of its box it fills)² ×
    how close its box's shape is to a tile's (1 for an upright tile's box; a tile turned 45° fills
    half its box, so 0.25; a tile stretched 4× has a quarter of the shape, so 0.25)."""
    imgsz = 320
    conf = 0.3

    def __init__(self):
        self.runs = []          # shared with the copies the reader makes for weak detections

    @property
    def calls(self) -> int:
        return len(self.runs)

    def detect(self, image, imgsz=None):
        self.runs.append(image.shape)
        mask = (image.min(axis=2) > 128).astype(np.uint8)
        n, _, stats, _ = cv2.connectedComponentsWithStats(mask)
        boxes, conf = [], []
        for x, y, w, h, area in stats[1:]:
            if area < 20:
                continue
            fill = area / (w * h)
            shape = np.exp(-abs(np.log((w / h) / (TILE_W / TILE_H))))
            boxes.append([x, y, x + w, y + h])
            conf.append(fill ** 2 * shape)
        return Detections(boxes, conf, [0] * len(boxes))


def _tile_corners(cx, cy, degrees):
    rect = ((cx, cy), (TILE_W, TILE_H), degrees)
    return cv2.boxPoints(rect)


def _diagonal_row(n=6, degrees=45):
    """A picture with a row of ``n`` tiles turned ``degrees``, and their axis-aligned boxes."""
    img = np.full((700, 900, 3), 40, np.uint8)
    t = np.radians(degrees)
    boxes = []
    for i in range(n):
        cx, cy = 200 + i * 75 * np.cos(t), 150 + i * 75 * np.sin(t)
        pts = _tile_corners(cx, cy, degrees)
        cv2.fillPoly(img, [np.round(pts).astype(np.int32)], (255, 255, 255))
        boxes.append([pts[:, 0].min(), pts[:, 1].min(), pts[:, 0].max(), pts[:, 1].max()])
    return img, np.array(boxes)


def _stretched_row(n=5, factor=4):
    """Upright tiles in a row, the picture then stretched ``factor`` times down."""
    img = np.full((200, 600, 3), 40, np.uint8)
    boxes = []
    for i in range(n):
        x, y = 60 + i * 100, 60
        img[y:y + TILE_H, x:x + TILE_W] = 255
        boxes.append([x, y * factor, x + TILE_W, (y + TILE_H) * factor])
    return cv2.resize(img, (600, 200 * factor), interpolation=cv2.INTER_NEAREST), np.array(boxes, float)


def _matches(got, want, tol):
    got, want = sorted(np.asarray(got).tolist()), sorted(np.asarray(want).tolist())
    return len(got) == len(want) and all(np.allclose(g, w, atol=tol) for g, w in zip(got, want))


def test_a_diagonal_row_is_read_turned_and_its_boxes_come_back_into_the_picture():
    img, want = _diagonal_row(degrees=45)
    det = ShapeDetector()
    as_is = det.detect(img)
    assert len(as_is) == 6 and looks.look_score(as_is) == 0          # found, but only weakly
    look = looks.choose_look(det.detect, img)
    assert look.name == "turned 45°"     # a row running down to the right, turned 45° counter-clockwise: level
    assert look.image.shape[0] > img.shape[0] and look.degrees == 45    # level, on a larger canvas
    assert look.score == pytest.approx(6, abs=0.6)
    assert _matches([look.box_in_source(b) for b in look.dets.xyxy], want, tol=3)


def test_reader_cuts_a_diagonal_rows_tiles_level_and_returns_boxes_in_the_picture():
    from vision.reader import TileReader
    img, want = _diagonal_row(degrees=45)
    clf = FakeClassifier()
    reads = TileReader(detector=ShapeDetector(), classifier=clf, tileness=None, config=UNEVENED).read(img)
    assert _matches([r.box for r in reads], want, tol=3)
    assert all(r.angle == -45 for r in reads)
    # the tiles are cut from the level picture, by their level boxes
    from vision.crops import cut_tiles
    from vision.reader import detect_in
    det = ShapeDetector()
    look = looks.choose_look(lambda image: detect_in(det, image), img)     # as the reader looks
    level = cut_tiles(look.image, look.dets.xyxy)
    assert len(clf.seen) == 6 and all(any(np.array_equal(c, k) for k in level) for c in clf.seen)


def test_an_upright_row_is_read_as_it_stands():
    img = np.full((600, 800, 3), 40, np.uint8)
    for i in range(5):
        img[200:200 + TILE_H, 100 + 70 * i:100 + 70 * i + TILE_W] = 255
    det = ShapeDetector()
    look = looks.choose_look(det.detect, img)
    assert look.name == "as is" and len(look.dets) == 5
    assert det.calls == 1     # enough tiles found, lying level: no turned or unstretched looks


def test_a_stretched_picture_is_read_with_its_stretch_undone():
    img, want = _stretched_row(factor=4)
    det = ShapeDetector()
    look = looks.choose_look(det.detect, img)
    assert look.name == "height / 4"
    assert look.image.shape[:2] == (200, 600) and np.allclose(look.to_source, [[1, 0, 0], [0, 4, 0]])
    assert _matches([look.box_in_source(b) for b in look.dets.xyxy], want, tol=4)
    # tried: as it stands, then its stretch undone down (the edges say down) from the largest
    # factor while the looks score higher: 8, 6, 4, then 3 scores lower; turning a stretched
    # picture does not undo its stretch (``TURN_STRETCHED``)
    assert [shape[0] for shape in det.runs] == [800, 100, 133, 200, 267]


def test_the_stretch_search_stops_where_the_looks_stop_scoring_higher():
    # stretched 8 times: undone by 8 the tiles stand; by 6 they look wider than a tile and score
    # lower, so the smaller factors, whose looks would score lower still, are not tried
    img, want = _stretched_row(factor=8)
    det = ShapeDetector()
    look = looks.choose_look(det.detect, img)
    assert look.name == "height / 8"
    assert _matches([look.box_in_source(b) for b in look.dets.xyxy], want, tol=8)
    assert det.calls == 1 + 2


def test_a_stretched_picture_can_be_looked_at_turned_too(monkeypatch):
    img, _ = _stretched_row(factor=4)
    monkeypatch.setattr(looks, "TURN_STRETCHED", True)
    det = ShapeDetector()
    assert looks.choose_look(det.detect, img).name == "height / 4"
    assert det.calls == 1 + len(looks.TURNS) + 4       # the stretch search as above


def test_a_look_must_clearly_beat_the_picture_as_it_stands():
    img = np.full((600, 800, 3), 40, np.uint8)     # no edges: the tiles found do not lie level
    base = [0.6, 0.6]                               # score 1.2: a look must score over 1.5 × 1.2 + 1 = 2.8

    def detector(turned_confidences):
        def detect(image):
            conf = base if image.shape == img.shape else turned_confidences
            return Detections([[10 + 60 * i, 10, 60 + 60 * i, 90] for i in range(len(conf))], conf, [0] * len(conf))
        return detect
    assert looks.choose_look(detector([0.9, 0.9, 0.9]), img).name == "as is"           # 2.7: not enough
    assert looks.choose_look(detector([0.95, 0.95, 0.95]), img).name.startswith("turned")   # 2.85


def test_a_stretched_picture_boxed_in_halves_is_read_unstretched_without_the_margin(monkeypatch):
    # a squashed export whose tiles the detector boxed as their upper and lower halves (a test
    # photo: 21 boxes for 14 tiles, 2z5z6s read as a chow): boxes of no tile's shape are no tiles,
    # so a look with the stretch undone that finds fewer, whole tiles replaces it when it scores
    # more at all (``SHAPELESS_MARGIN``); here 5.0 against 3.0, short of 1.5 × 3.0 + 1
    img, want = _stretched_row(n=5, factor=8)
    det = ShapeDetector()

    def halves(image):
        if image.shape[:2] != img.shape[:2]:
            return det.detect(image)
        boxes = [b for x0, y0, x1, y1 in want for b in ([x0, y0, x1, y0 + 360], [x0, y1 - 360, x1, y1])]
        return Detections(boxes, [0.6, 0.4] * len(want), [0] * len(boxes))
    look = looks.choose_look(halves, img)
    assert look.name == "height / 8"
    assert _matches([look.box_in_source(b) for b in look.dets.xyxy], want, tol=8)

    def whole(image):       # one tall box per tile: as many boxes unstretched, so the margin stands
        if image.shape[:2] != img.shape[:2]:
            return det.detect(image)
        return Detections(want, [0.6] * len(want), [0] * len(want))
    monkeypatch.setattr(looks, "CLOSE_SHARE", None)     # five tall boxes would be read as a close-up
    assert looks.choose_look(whole, img).name == "as is"


def test_reader_returns_boxes_in_the_stretched_pictures_pixels():
    from vision.reader import TileReader
    img, want = _stretched_row(factor=4)
    clf = FakeClassifier()
    reads = TileReader(detector=ShapeDetector(), classifier=clf, tileness=None, config=UNEVENED).read(img)
    assert _matches([r.box for r in reads], want, tol=4)
    assert not any(r.sideways for r in reads)          # upright tiles, judged with the stretch undone
    # tiles are cut from the unstretched look: upright tiles fill most of their crops
    assert all(float(c.mean()) > 150 for c in clf.seen)


def test_reader_reads_one_look_when_looks_are_off():
    from vision import reader
    img, _ = _diagonal_row()
    det = ShapeDetector()
    reader.TileReader(detector=det, classifier=FakeClassifier(), tileness=None,
                      config=reader.ReaderConfig(looks=False)).read(img)
    assert det.calls == 1


def test_an_unstretched_look_is_adjusted_until_its_tiles_stand():
    # stretched 5 times: no factor tried undoes it exactly (4 and 6 are); the look is adjusted
    # until its tiles have a standing tile's shape
    img, want = _stretched_row(factor=5)
    det = ShapeDetector()
    look = looks.choose_look(det.detect, img)
    assert look.name.startswith("height / ")
    assert look.to_source[1, 1] == pytest.approx(5, rel=0.1)
    b = look.dets.xyxy
    assert np.median((b[:, 2] - b[:, 0]) / (b[:, 3] - b[:, 1])) == pytest.approx(looks.UPRIGHT_SHAPE, rel=0.1)
    assert _matches([look.box_in_source(b) for b in look.dets.xyxy], want, tol=6)


def test_boxes_of_no_tiles_shape_call_for_unstretched_looks():
    plain = np.full((300, 400, 3), 40, np.uint8)
    row = [[10 + 30 * i, 10, 30 + 30 * i, 210] for i in range(5)]       # 20 × 200: width / height 0.1
    assert looks.stretch_axis(plain, Detections(row, [0.9] * 5, [0] * 5)) == "height"
    wide = [[10, 10 + 30 * i, 210, 30 + 30 * i] for i in range(5)]      # 200 × 20
    assert looks.stretch_axis(plain, Detections(wide, [0.9] * 5, [0] * 5)) == "width"
    tiles = [[10 + 70 * i, 10, 70 + 70 * i, 90] for i in range(5)]     # 60 × 80: a tile's face
    assert looks.stretch_axis(plain, Detections(tiles, [0.9] * 5, [0] * 5)) is None
    edge_on = [[10 + 40 * i, 10, 46 + 40 * i, 100] for i in range(5)]  # standing tiles seen from the front: 0.4
    assert looks.stretch_axis(plain, Detections(edge_on, [0.9] * 5, [0] * 5)) is None


def test_with_too_few_tiles_the_pictures_edges_tell_the_stretch():
    rng = np.random.default_rng(0)
    noise = rng.integers(0, 255, (300, 400, 3)).astype(np.uint8)     # an empty, textured table
    none = Detections.empty()
    assert looks.stretch_axis(noise, none) is None
    down = cv2.resize(noise[:30], (400, 300), interpolation=cv2.INTER_LINEAR)    # stretched 10× down
    across = cv2.resize(noise[:, :40], (400, 300), interpolation=cv2.INTER_LINEAR)   # 10× across
    assert looks.stretch_axis(down, none) == "height"
    assert looks.stretch_axis(across, none) == "width"
    few = Detections([[10, 10, 70, 90]], [0.9], [0])                    # one tile: too few to tell by boxes
    assert looks.stretch_axis(across, few) == "width"
    assert looks.stretch_axis(noise, Detections([[10, 10, 70, 90]] * 5, [0.2] * 5, [0] * 5)) is None  # none sure


def test_an_empty_table_is_looked_at_three_times_at_most():
    rng = np.random.default_rng(1)
    table = rng.integers(30, 90, (600, 800, 3)).astype(np.uint8)
    det = ShapeDetector()
    assert looks.choose_look(det.detect, table).name == "as is"
    assert det.calls == 1 + len(looks.TURNS)        # turned looks (too few tiles to tell), no unstretching


class SureBlobDetector:
    """One sure detection (0.9) per white blob, whatever its shape: a detector that finds the flat
    faces of a row seen from low as it stands."""
    imgsz = 320
    conf = 0.3

    def __init__(self):
        self.shapes = []

    def detect(self, image, imgsz=None):
        self.shapes.append(image.shape)
        mask = (image.min(axis=2) > 128).astype(np.uint8)
        n, _, stats, _ = cv2.connectedComponentsWithStats(mask)
        boxes = [[x, y, x + w, y + h] for x, y, w, h, area in stats[1:] if area >= 20]
        return Detections(boxes, [0.9] * len(boxes), [0] * len(boxes))


def _faces_from_low(n=6, degrees=0.0):
    """A row of faces seen from low: flat white bands 60 × 18 px (3.3 times wider than tall), each
    turned ``degrees`` (a heap's lie every way), and their boxes."""
    img = np.full((400, 700, 3), 40, np.uint8)
    boxes = []
    for i in range(n):
        cx, cy = 80 + i * 100, 200
        turn = degrees * (1 if i % 2 else -1)
        pts = cv2.boxPoints(((cx, cy), (60, 18), turn))
        cv2.fillPoly(img, [np.round(pts).astype(np.int32)], (255, 255, 255))
        boxes.append([pts[:, 0].min(), pts[:, 1].min(), pts[:, 0].max(), pts[:, 1].max()])
    return img, np.array(boxes)


def test_a_level_row_of_faces_seen_from_low_is_read_stretched_down_and_its_boxes_come_back():
    img, want = _faces_from_low()
    det = SureBlobDetector()
    look = looks.choose_look(det.detect, img)
    assert look.name == f"height × {looks.LOW_STRETCH:g}" and look.axis is None and look.degrees == 0
    assert look.image.shape[:2] == (round(img.shape[0] * looks.LOW_STRETCH), img.shape[1])
    assert _matches([look.box_in_source(b) for b in look.dets.xyxy], want, tol=2)
    assert det.shapes == [img.shape, look.image.shape]          # one run more, no turned looks


def test_faces_lying_every_way_or_tiles_of_their_own_shape_are_not_stretched():
    # a heap's tiles lying every way can be as wide: stretched, the tuning heaps lost tiles
    img, _ = _faces_from_low(degrees=35)
    assert looks.choose_look(SureBlobDetector().detect, img).name != f"height × {looks.LOW_STRETCH:g}"
    upright = np.full((400, 700, 3), 40, np.uint8)
    for i in range(5):
        upright[150:150 + TILE_H, 60 + 100 * i:60 + 100 * i + TILE_W] = 255
    assert looks.choose_look(SureBlobDetector().detect, upright).name == "as is"


class CloseUpDetector(SureBlobDetector):
    """Like the real detector, trained on whole hands: a tile spanning more than a fifth of the
    picture's long side is found unsurely (0.35), a smaller one surely (0.9)."""

    def detect(self, image, imgsz=None):
        found = super().detect(image, imgsz)
        longest = max(image.shape[:2])
        sides = np.maximum(found.xyxy[:, 2] - found.xyxy[:, 0], found.xyxy[:, 3] - found.xyxy[:, 1])
        return Detections(found.xyxy, np.where(sides > 0.2 * longest, 0.35, 0.9), [0] * len(found.xyxy))


def _close_up(n=3, side=(180, 260), gap=20):
    """A close-up of ``n`` tiles ``side`` px large on the felt, and their boxes."""
    img = np.full((500, 640, 3), 40, np.uint8)
    boxes = []
    for i in range(n):
        x, y = 20 + i * (side[0] + gap), 120
        img[y:y + side[1], x:x + side[0]] = 255
        boxes.append([x, y, x + side[0], y + side[1]])
    return img, np.array(boxes, float)


def test_a_close_up_of_a_few_large_tiles_is_read_shrunk_and_its_boxes_come_back():
    # the dora indicators photographed from a hand's width: faces cut into pieces or missed
    img, want = _close_up()
    det = CloseUpDetector()
    look = looks.choose_look(det.detect, img)
    factor = (260 / 640) / looks.CLOSE_TARGET
    assert look.name == f"shrunk / {factor:.3g}" and look.image.shape == img.shape
    assert (look.dets.confidence == 0.9).all()                  # surely found there
    assert _matches([look.box_in_source(b) for b in look.dets.xyxy], want, tol=2 * factor)
    assert det.shapes == [img.shape, img.shape]                 # one run more, no turned looks


def test_a_whole_hand_or_many_large_boxes_are_not_read_shrunk():
    small, _ = _close_up(n=6, side=(60, 80), gap=10)            # a hand's tiles: a tenth of the picture
    assert looks.choose_look(CloseUpDetector().detect, small).name == "as is"
    rows = np.full((500, 640, 3), 40, np.uint8)                 # a squashed export: many tall boxes
    for i in range(10):
        rows[20:480, 10 + 62 * i:10 + 62 * i + 40] = 255
    assert not looks.choose_look(CloseUpDetector().detect, rows).name.startswith("shrunk")
    bands = np.full((500, 640, 3), 40, np.uint8)                # rows seen from low, found as long flat boxes
    for i in range(3):
        bands[60 + 150 * i:140 + 150 * i, 100:400] = 255
    assert not looks.choose_look(CloseUpDetector().detect, bands).name.startswith("shrunk")


def test_the_second_detector_reads_a_close_up_shrunk_too():
    # weighed against the picture as it stands, its pieces of faces (a 6p's circles read as 1p
    # each) outscored the whole tiles, and its reading won
    from vision.reader import shared_look
    img, want = _close_up()
    chosen = looks.choose_look(CloseUpDetector().detect, img)
    second = SureBlobDetector()                       # surer as the picture stands than shrunk
    look = shared_look(chosen, img, second.detect)
    assert look.name == chosen.name and second.shapes == [img.shape]
    assert _matches([look.box_in_source(b) for b in look.dets.xyxy], want, tol=2 * 260 / 640 / looks.CLOSE_TARGET)
