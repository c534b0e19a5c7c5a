"""Detections, cropping and the reader's assembly logic, with hand-made detections (no model)."""
import numpy as np
import pytest

from vision.crops import crop_tile, is_sideways_box
from vision.detections import Detections, box_iou
from vision.reader import TileReader
from vision.classifier import CropReading


def test_detections_validate_lengths():
    with pytest.raises(ValueError):
        Detections(np.zeros((2, 4)), np.zeros(3), np.zeros(2))


def test_scaled_and_filter():
    d = Detections([[1, 2, 3, 4], [5, 6, 7, 8]], [0.9, 0.5], [0, 1])
    s = d.scaled(2.0)
    assert s.xyxy.tolist() == [[2, 4, 6, 8], [10, 12, 14, 16]]
    f = d.filter(d.confidence > 0.6)
    assert len(f) == 1 and f.names() == ["tile"]


def test_reading_order_rows_then_columns():
    # Two rows of tiles (height 40): second row given first and out of order.
    boxes = [[100, 100, 130, 140], [0, 100, 30, 140], [50, 0, 80, 40], [0, 2, 30, 42]]
    d = Detections(boxes, [1] * 4, [0] * 4).sorted_reading_order()
    assert d.xyxy[:, :2].tolist() == [[0, 2], [50, 0], [0, 100], [100, 100]]


def test_box_iou():
    iou = box_iou([[0, 0, 10, 10]], [[0, 0, 10, 10], [5, 0, 15, 10], [20, 20, 30, 30]])
    assert iou[0].tolist() == pytest.approx([1.0, 1 / 3, 0.0])


def test_crop_turns_sideways_tiles_upright():
    img = np.zeros((100, 200, 3), np.uint8)
    img[40:60, 50:90] = 255          # a wide (sideways) white tile
    img[40:60, 50:55] = (0, 0, 255)  # its left end marked red
    assert is_sideways_box((50, 40, 90, 60))
    crop = crop_tile(img, (50, 40, 90, 60), size=32, margin=0.0)
    # Turned clockwise, the left end is now at the top.
    assert crop[1, 16, 2] > 200 and crop[1, 16, 0] < 50
    assert crop[30, 16].min() > 200


def test_crop_uses_scale_for_reduced_detections():
    img = np.zeros((200, 200, 3), np.uint8)
    img[100:140, 100:130] = 255
    crop = crop_tile(img, (50, 50, 65, 70), size=16, margin=0.0, scale=2.0)
    assert crop.min() == 255


def test_crop_outside_image_is_blank():
    img = np.full((50, 50, 3), 255, np.uint8)
    assert crop_tile(img, (60, 60, 80, 90), size=8).max() == 0


class FakeClassifier:
    def __init__(self):
        self.seen = []

    def classify(self, crops, embeddings=False, turn_average=None):
        self.seen.extend(crops)
        return [CropReading("5p", 0.8, [("5p", 0.8), ("6p", 0.1), ("4p", 0.05)],
                            np.ones(4) if embeddings else None) for _ in crops]


class FakeDetector:
    def __init__(self, dets):
        self.dets = dets

    def detect(self, image):
        return self.dets


def test_reader_assembles_reads_from_mock_detections():
    img = np.full((300, 400, 3), 90, np.uint8)
    dets = Detections([[10, 10, 40, 50], [50, 10, 100, 40], [110, 10, 140, 50]], [0.9, 0.8, 0.7], [0, 0, 1])
    clf = FakeClassifier()
    reader = TileReader(detector=FakeDetector(dets), classifier=clf)
    timings = {}
    reads = reader.read(img, timings=timings, embeddings=True)
    assert [r.code for r in reads] == ["5p", "5p", None]
    assert len(clf.seen) == 2                         # the face-down tile is not classified
    assert reads[1].sideways and not reads[0].sideways
    assert reads[2].face_down and reads[2].code is None
    assert reads[0].confidence == pytest.approx(0.9 * 0.8)
    assert reads[0].box == (10.0, 10.0, 40.0, 50.0)
    assert reads[0].embedding == [1.0] * 4
    assert set(timings) >= {"decode_ms", "detect_ms", "crop_ms", "classify_ms", "total_ms"}
    assert reads[0].to_dict()["top3"][0] == {"code": "5p", "p": 0.8}


class TopRowClassifier:
    """Sure (0.95) of 1m when the crop's top row is bright, else unsure (0.5) of 2m."""
    def __init__(self, turned_confidence=0.95):
        self.turned_confidence = turned_confidence

    def classify(self, crops, embeddings=False, turn_average=None):
        out = []
        for c in crops:
            if c[0].mean() > 200:
                out.append(CropReading("1m", self.turned_confidence, [("1m", self.turned_confidence)],
                                       np.zeros(2) if embeddings else None))
            else:
                out.append(CropReading("2m", 0.5, [("2m", 0.5)], np.ones(2) if embeddings else None))
        return out


def test_a_quarter_turned_reading_is_kept_only_for_open_lengths_and_when_surer_by_the_margin():
    from vision import reader
    from vision.crops import TileCrops
    crop = np.zeros((8, 8, 3), np.uint8)
    crop[:, 0] = 255            # bright left column: the top row once turned a quarter clockwise
    open_crop = TileCrops([crop], [True])
    off = reader.ReaderConfig(quarter_turn_margin=None)
    [r] = reader.classify_with_profile(TopRowClassifier(), open_crop, config=off)
    assert r.code == "2m"                           # off: read as cut only
    config = reader.ReaderConfig(quarter_turn_margin=0.4)
    [r] = reader.classify_with_profile(TopRowClassifier(), open_crop, embeddings=True, config=config)
    assert (r.code, r.confidence) == ("1m", 0.95)
    assert r.embedding.tolist() == [1.0, 1.0]      # the embedding of the crop as cut
    [r] = reader.classify_with_profile(TopRowClassifier(turned_confidence=0.8), open_crop, config=config)
    assert r.code == "2m"                           # surer, but not by the quarter-turn margin
    # A tile whose shape told its length, or a bare crop, is read as cut only.
    [r] = reader.classify_with_profile(TopRowClassifier(), TileCrops([crop], [False]), config=config)
    assert r.code == "2m"
    [r] = reader.classify_with_profile(TopRowClassifier(), [crop], config=config)
    assert r.code == "2m"


def test_with_a_profile_the_quarter_turn_margin_is_the_profiles(monkeypatch):
    from vision import reader
    from vision.crops import TileCrops
    crop = np.zeros((8, 8, 3), np.uint8)
    crop[:, 0] = 255
    clf = TopRowClassifier(turned_confidence=0.6)           # turned: 0.1 surer than as cut
    def as_cut(c, crops, profile, emb):
        readings = c.classify(crops, emb)
        return readings, [(r.code, r.confidence) for r in readings]
    monkeypatch.setattr(reader, "_classify_as_cut", as_cut)
    config = reader.ReaderConfig(quarter_turn_margin=0.2, profile_quarter_turn_margin=0.05)
    assert reader.classify_with_profile(clf, TileCrops([crop], [True]), config=config)[0].code == "2m"
    [r] = reader.classify_with_profile(clf, TileCrops([crop], [True]), profile=object(), config=config)
    # the profile's margin takes the turned reading; the base reader's would not have
    assert (r.code, r.base_code) == ("1m", "2m")
    off = reader.ReaderConfig(quarter_turn_margin=None, profile_quarter_turn_margin=0.05)   # off turns both off
    assert reader.classify_with_profile(clf, TileCrops([crop], [True]), profile=object(), config=off)[0].code == "2m"


def test_a_reading_no_turned_one_could_beat_by_the_margin_is_not_turned(monkeypatch):
    from vision import reader
    from vision.classifier import CropReading
    from vision.crops import TileCrops
    asked = []

    def as_cut(c, crops, profile, emb):     # as cut: 2m at 0.85; turned a quarter: 1m at 0.99
        if len(crops):
            asked.append(len(crops))
        out = [CropReading("1m", 0.99, [("1m", 0.99)]) if x.shape[1] == 4 else CropReading("2m", 0.85, [("2m", 0.85)])
               for x in crops]
        return out, [(r.code, r.confidence) for r in out]
    monkeypatch.setattr(reader, "_classify_as_cut", as_cut)
    crop = np.zeros((4, 8, 3), np.uint8)    # 4 rows, 8 columns: 8 rows once turned a quarter
    config = reader.ReaderConfig(quarter_turn_margin=0.2)
    [r] = reader.classify_with_profile(object(), TileCrops([crop], [True]), config=config)
    assert r.code == "2m" and asked == [1]      # 0.85 + 0.2 ≥ 1: nothing turned could be surer by 0.2
    asked.clear()
    [r] = reader.classify_with_profile(object(), TileCrops([crop], [True]),
                                       config=reader.ReaderConfig(quarter_turn_margin=0.1))
    assert r.code == "1m" and asked == [1, 1]   # 0.85 + 0.1 < 1: read turned, and kept


def test_with_a_profile_base_code_is_the_base_readers_choice_of_turn(monkeypatch):
    """The base model's code shown beside a profile's reading is the base reader's, which keeps
    a quarter-turned reading by its own margin (QUARTER_TURN_MARGIN), not the profile's."""
    from vision import reader
    from vision.classifier import CropReading
    from vision.crops import TileCrops
    crop = np.zeros((8, 8, 3), np.uint8)
    crop[:, 0] = 255            # bright left column: read 1m (0.95) turned a quarter, 2m (0.5) as cut
    base_clf = TopRowClassifier()

    def as_cut(c, crops, profile, emb):     # the profile reads 3m either way, as surely
        base = base_clf.classify(crops, emb)
        return [CropReading("3m", 0.9, [("3m", 0.9)]) for _ in crops], [(r.code, r.confidence) for r in base]
    monkeypatch.setattr(reader, "_classify_as_cut", as_cut)
    config = reader.ReaderConfig(quarter_turn_margin=0.2, profile_quarter_turn_margin=0.05)
    [r] = reader.classify_with_profile(base_clf, TileCrops([crop], [True]), profile=object(), config=config)
    assert (r.code, r.base_code) == ("3m", "1m")        # the base reader took its turned reading
    [r] = reader.classify_with_profile(base_clf, TileCrops([crop], [False]), profile=object(), config=config)
    assert (r.code, r.base_code) == ("3m", "2m")        # length known: read as cut only


def test_shifted_moves_boxes_and_corners():
    d = Detections([[1, 2, 3, 4]], [0.9], [0], corners=[[[1, 2], [3, 2], [3, 4], [1, 4]]])
    s = d.shifted(10, 20)
    assert s.xyxy.tolist() == [[11, 22, 13, 24]]
    assert s.corners[0].tolist() == [[11, 22], [13, 22], [13, 24], [11, 24]]


class SizedDetector:
    """Finds one tile per drawn white square, at whatever input size it is asked for, and
    records each call (the image shape and the size), as ``TileDetector.detect`` is called."""
    imgsz = 320

    def __init__(self):
        self.calls = []
        self.tile_sizes = []     # median long side of the squares found, in each call's input pixels

    def detect(self, image, imgsz=None):
        import cv2
        self.calls.append((image.shape[:2], imgsz))
        mask = (image.min(axis=2) > 100).astype(np.uint8)
        n, _, stats, _ = cv2.connectedComponentsWithStats(mask)
        boxes = [[x, y, x + w, y + h] for x, y, w, h, _ in stats[1:]]
        self.tile_sizes.append(float(np.median([max(w, h) for _, _, w, h, _ in stats[1:]])) if n > 1 else 0.0)
        return Detections(boxes, [0.9] * len(boxes), [0] * len(boxes))


def _picture_with_tiles(size, tiles):
    img = np.zeros((size[1], size[0], 3), np.uint8)
    for x, y, w, h in tiles:
        img[y:y + h, x:x + w] = 255
    return img


def test_zoom_plan_looks_again_only_at_small_tiles():
    from vision import reader
    small = Detections([[1000, 1000, 1040, 1060], [1050, 1000, 1090, 1060]], [0.9, 0.9], [0, 0])
    # 60 px tiles in a 4000 px picture seen at 320: under 5 px each, far below ZOOM_BELOW.
    region, side = reader.zoom_plan(small, 4000, 3000, 320)
    x0, y0, x1, y1 = region
    pad = reader.ZOOM_MARGIN * 60
    assert (x0, y0) == (int(1000 - pad), int(1000 - pad)) and (x1, y1) == (int(1090 + pad), int(1060 + pad))
    assert side % 32 == 0 and side <= reader.ZOOM_MAX_SIDE
    # the second look makes the median tile span about ZOOM_TARGET input pixels
    assert 60 * side / max(x1 - x0, y1 - y0) == pytest.approx(reader.ZOOM_TARGET, abs=60 * 32 / (x1 - x0))
    # tiles that already fill the detector's input: no second look
    big = Detections([[0, 0, 400, 600]], [0.9], [0])
    assert reader.zoom_plan(big, 1000, 800, 320) is None
    assert reader.zoom_plan(Detections.empty(), 1000, 800, 320) is None
    assert reader.zoom_plan(small, 4000, 3000, 320, below=0) is None        # threshold 0: never


def test_second_look_returns_boxes_in_the_whole_pictures_pixels():
    from vision import reader
    from vision.reader import detect_in
    tiles = [(1500 + 90 * i, 1200, 44, 60) for i in range(5)]
    img = _picture_with_tiles((4000, 3000), tiles)
    det = SizedDetector()
    dets = detect_in(det, img)
    assert len(det.calls) == 2
    (shape1, size1), (shape2, size2) = det.calls
    assert max(shape1) == 320 and size1 is None                  # first look: the whole picture
    assert max(shape2) == (size2 or SizedDetector.imgsz) < 4000       # second: the region, at its size
    assert det.tile_sizes[0] < 6                                      # 60 px tiles at 320 / 4000
    assert det.tile_sizes[1] == pytest.approx(reader.ZOOM_TARGET, rel=0.15)   # enlarged to the target
    got = sorted(dets.xyxy.tolist())
    want = [[x, y, x + w, y + h] for x, y, w, h in tiles]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert np.allclose(g, w, atol=4)   # within a few pixels of the drawn squares, in picture pixels


def test_no_second_look_for_large_tiles_or_detectors_of_fixed_size():
    from vision.reader import detect_in
    img = _picture_with_tiles((800, 600), [(100 + 130 * i, 200, 120, 170) for i in range(4)])
    det = SizedDetector()
    assert len(detect_in(det, img)) == 4 and len(det.calls) == 1
    small = _picture_with_tiles((4000, 3000), [(1500 + 50 * i, 1200, 44, 60) for i in range(5)])
    fixed = FakeDetector(Detections([[1500, 1200, 1544, 1260]], [0.9], [0]))
    assert len(detect_in(fixed, small)) == 1     # FakeDetector states no input size: one look


def test_face_down_detections_need_the_back_threshold():
    from vision import reader
    img = np.full((300, 400, 3), 90, np.uint8)
    t = reader.BACK_CONF
    dets = Detections([[10, 10, 40, 50], [50, 10, 80, 50], [90, 10, 120, 50]], [t - 0.05, t + 0.05, t - 0.05],
                      [1, 1, 0])
    reads = TileReader(detector=FakeDetector(dets), classifier=FakeClassifier(), tileness=None).read(img)
    assert [(r.face_down, round(r.box[0])) for r in reads] == [(True, 50), (False, 90)]


class ThresholdDetector:
    """A detector with an input size and a threshold, as a real one has: returns the given
    detections at its ``conf`` or above."""
    imgsz = 640

    def __init__(self, dets, conf=0.3):
        self.dets, self.conf = dets, conf

    def detect(self, image, imgsz=None):
        return self.dets.filter(self.dets.confidence >= self.conf)


class BrightnessClassifier:
    """Sure (0.99) of 1m on a crop bright on the whole (mean over 100), less sure (0.9) of 2m on a
    dark one."""
    def classify(self, crops, embeddings=False, turn_average=None):
        return [CropReading("1m", 0.99, [("1m", 0.99)]) if c.mean() > 100 else CropReading("2m", 0.9, [("2m", 0.9)])
                for c in crops]


class NotBlueProbe:
    """A tile/not-tile probe: a crop bluer than red (feature from ``FeatureClassifier``) is not a
    tile."""
    def is_tile(self, feats):
        return np.asarray(feats)[:, 0] < 30


class FeatureClassifier(BrightnessClassifier):
    """``BrightnessClassifier`` whose feature is how much bluer than red the crop is (BGR)."""
    def classify(self, crops, embeddings=False, turn_average=None):
        out = super().classify(crops)
        for r, c in zip(out, crops):
            r.embedding = np.array([float(c[..., 0].mean()) - float(c[..., 2].mean())]) if embeddings else None
        return out


def test_weak_detections_are_kept_only_when_read_surely_and_apart_from_the_kept_ones():
    from vision import reader
    img = np.full((300, 400, 3), 40, np.uint8)
    boxes = [[10, 10, 40, 50],                     # kept: 0.9 (dark: read 2m at 0.9, kept anyway)
             [150, 10, 180, 50],                   # weak (0.2), bright: read 1m surely: rescued
             [200, 10, 230, 50],                   # weak (0.15), dark: read 2m at 0.9, not sure enough
             [25, 10, 55, 50],                     # weak (0.2), half bright, read surely, but on the kept one (IoU 0.33)
             [250, 10, 280, 50],                   # 0.05, bright: under the rescue's threshold
             [300, 10, 330, 50],                   # weak (0.2) face-down, bright: never rescued
             [350, 10, 380, 50]]                   # weak (0.2), bright but blue: the probe says not a tile
    for x0, y0, x1, y1 in boxes[1:2] + boxes[3:]:
        img[y0:y1, x0:x1] = 250
    img[10:50, 10:40] = 40                          # the kept tile stays dark; the overlapping one is half bright
    img[10:50, 350:380] = (250, 250, 150)
    dets = Detections(boxes, [0.9, 0.2, 0.15, 0.2, 0.05, 0.2, 0.2], [0, 0, 0, 0, 0, 1, 0])
    def reader_with(weak_rescue):
        config = reader.ReaderConfig(looks=False, zoom_below=None, weak_rescue=weak_rescue,
                                     back_conf=0.1)       # a weak back would pass its own threshold
        return TileReader(detector=ThresholdDetector(dets), classifier=FeatureClassifier(), tileness=NotBlueProbe(),
                          config=config)
    assert [r.box[0] for r in reader_with(None).read(img)] == [10.0]
    reads = reader_with((0.1, 0.98)).read(img)
    assert [(r.box[0], r.code) for r in reads] == [(10.0, "2m"), (150.0, "1m")]
    assert reads[1].confidence == pytest.approx(0.2 * 0.99)      # the detector's share kept


def test_weak_detections_come_from_the_same_detector_run_as_the_kept_ones():
    """One network run per look: the run at the weak floor is split at the detector's own
    threshold, which gives the boxes two runs gave (a weaker box never suppresses a surer one)."""
    from vision import reader

    class Counting(ThresholdDetector):
        runs = 0

        def detect(self, image, imgsz=None):
            Counting.runs += 1
            return super().detect(image, imgsz)
    img = np.full((300, 400, 3), 250, np.uint8)
    dets = Detections([[10, 10, 40, 50], [150, 10, 180, 50], [20, 10, 50, 50]], [0.9, 0.2, 0.25], [0, 0, 0])
    config = reader.ReaderConfig(looks=False, zoom_below=None, weak_rescue=(0.1, 0.98), small_read_share=None)
    detector = Counting(dets)
    reads = TileReader(detector=detector, classifier=BrightnessClassifier(), tileness=None, config=config).read(img)
    assert Counting.runs == 1
    assert detector.conf == 0.3                    # the reader's own detector keeps its threshold
    # the weak box on the kept one (IoU 0.5) is not a new tile; the one apart is rescued
    assert [(r.box[0], r.code, round(r.confidence, 3)) for r in reads] == [(10.0, "1m", 0.891), (150.0, "1m", 0.198)]


def test_the_enlarged_look_can_be_planned_from_the_sure_detections_only():
    """The weak pass plans its enlarged look as the kept pass did: from the detections at the
    detector's own threshold, not from the many small weak ones."""
    from vision import reader

    class Recording:
        imgsz, conf = 320, 0.1

        def __init__(self):
            self.calls = []

        def detect(self, image, imgsz=None):
            self.calls.append(imgsz)
            big = [[10, 10, 110, 140], [120, 10, 220, 140]]                  # 0.9: large tiles
            small = [[x, 200, x + 6, 208] for x in range(0, 300, 10)]         # 0.2: tiny boxes
            return Detections(big + small, [0.9] * 2 + [0.2] * len(small), [0] * (2 + len(small)))
    img = np.zeros((320, 320, 3), np.uint8)
    det = Recording()
    reader.detect_in(det, img)
    assert len(det.calls) == 2                     # the small boxes ask for an enlarged look
    det = Recording()
    reader.detect_in(det, img, plan_conf=0.3)
    assert det.calls == [None]                     # planned from the large, sure tiles: none


def test_an_unsure_white_dragon_is_left_out_where_another_code_as_unsure_is_kept():
    """A blank face is what a tile side or a hidden face looks like: a 5z read under
    ``BLANK_READ_FLOOR`` is left out, while another code read as surely stays (``READ_FLOOR``
    is lower)."""
    from vision import reader

    class BlankOrOne:
        def classify(self, crops, embeddings=False, turn_average=None):
            return [CropReading("5z" if c.mean() > 100 else "1m", 0.3, [("5z" if c.mean() > 100 else "1m", 0.3)])
                    for c in crops]
    img = np.full((300, 400, 3), 40, np.uint8)
    img[10:50, 60:90] = 250                                     # the blank face
    dets = Detections([[10, 10, 40, 50], [60, 10, 90, 50]], [0.9, 0.9], [0, 0])
    # exposure off: this stand-in classifier reads by brightness, and the dark picture would be
    # brightened and evened
    config = reader.ReaderConfig(looks=False, zoom_below=None, weak_rescue=None, small_read_share=None,
                                 blank_read_floor=0.35, read_floor=0.15, blank_backs=False, dark_p99=None,
                                 shade_gain=None)
    reads = TileReader(detector=FakeDetector(dets), classifier=BlankOrOne(), tileness=None, config=config).read(img)
    assert [(r.code, round(r.box[0])) for r in reads] == [("1m", 10)]
    off = reader.ReaderConfig(looks=False, zoom_below=None, weak_rescue=None, small_read_share=None,
                              blank_read_floor=None, read_floor=0.15, blank_backs=False, dark_p99=None,
                              shade_gain=None)
    reads = TileReader(detector=FakeDetector(dets), classifier=BlankOrOne(), tileness=None, config=off).read(img)
    assert [r.code for r in reads] == ["1m", "5z"]


def test_an_unsure_blank_face_that_is_a_back_stays_a_back():
    """A 5z read under ``BLANK_READ_FLOOR`` whose blank face has another colour than the photo's
    faces is a back (``vision.blanks``): it stays a face-down tile, which a concealed kong needs."""
    from vision import reader

    class BrightOneDarkBlank:
        def classify(self, crops, embeddings=False, turn_average=None):
            return [CropReading("1m", 0.9, [("1m", 0.9)]) if c.mean() > 100 else CropReading("5z", 0.2, [("5z", 0.2)])
                    for c in crops]
    img = np.full((300, 400, 3), 40, np.uint8)
    boxes = [[10 + 50 * k, 10, 40 + 50 * k, 50] for k in range(4)]
    for x0, y0, x1, y1 in boxes[:3]:
        img[y0 - 5:y1 + 5, x0 - 5:x1 + 5] = 245                  # three ivory faces
    x0, y0, x1, y1 = boxes[3]
    img[y0 - 5:y1 + 5, x0 - 5:x1 + 5] = (60, 140, 40)            # a green back, blank
    dets = Detections(boxes, [0.9] * 4, [0] * 4)
    # exposure off: this stand-in classifier reads by brightness (the felt evened, the back's crop
    # came near its threshold)
    config = reader.ReaderConfig(looks=False, zoom_below=None, weak_rescue=None, small_read_share=None,
                                 blank_read_floor=0.25, read_floor=0.15, face_margin=None, dark_p99=None,
                                 shade_gain=None)
    reads = TileReader(detector=FakeDetector(dets), classifier=BrightOneDarkBlank(), tileness=None,
                       config=config, corner_finder=None).read(img)
    assert [(r.code, r.face_down, round(r.box[0])) for r in reads] == [("1m", False, 10), ("1m", False, 60),
                                                                      ("1m", False, 110), (None, True, 160)]


def test_a_detector_threshold_under_the_weak_floor_keeps_its_own_boxes():
    """A detector asked for boxes down to 0.05 (a threshold sweep) still gets them: its one run
    is at the lower of its threshold and the weak floor."""
    from vision import reader
    img = np.full((300, 400, 3), 250, np.uint8)
    dets = Detections([[10, 10, 40, 50], [150, 10, 180, 50]], [0.9, 0.07], [0, 0])
    config = reader.ReaderConfig(looks=False, zoom_below=None, weak_rescue=(0.1, 0.98), small_read_share=None,
                                 read_floor=None, blank_read_floor=None)
    reads = TileReader(detector=ThresholdDetector(dets, conf=0.05), classifier=BrightnessClassifier(), tileness=None,
                       config=config).read(img)
    assert [r.box[0] for r in reads] == [10.0, 150.0]


def test_the_looks_are_chosen_from_the_detections_at_the_detector_s_own_threshold():
    """A detector at 0.6 (above the looks' own 0.5): boxes under 0.6 found by the weak run do not
    count towards choosing a look; the picture as it stands, with none at 0.6, is looked at turned."""
    from vision import reader

    class Turning:
        imgsz, conf = 640, 0.6

        def detect(self, image, imgsz=None):
            if image.shape[:2] == (300, 400):       # the picture as it stands: four unsure boxes
                d = Detections([[10 + 40 * k, 10, 40 + 40 * k, 50] for k in range(4)], [0.55] * 4, [0] * 4)
            else:                                    # a turned look: two sure ones
                d = Detections([[10, 10, 40, 50], [60, 10, 90, 50]], [0.95, 0.95], [0, 0])
            return d.filter(d.confidence > self.conf)
    img = np.full((300, 400, 3), 250, np.uint8)
    r = TileReader(detector=Turning(), classifier=BrightnessClassifier(), tileness=None,
                   config=reader.ReaderConfig(zoom_below=None, weak_rescue=(0.1, 0.98)))
    look, _ = r._detect(r.detector, img, {"detect_ms": 0.0})
    assert look.name == r.look_at(img).name != "as is"


def test_a_white_dragon_turned_face_down_by_the_profile_alone_is_marked_as_its_reading(monkeypatch):
    # a profile whose white dragon has ink (the docs' example set) turned a set's plain white
    # dragons face down, and the tiles carried no base code: nothing marked them as the profile's
    from vision import reader
    from vision.classifier import CropReading

    class InkedWhite:
        def white_has_ink(self):
            return True
    img = np.full((300, 400, 3), 215, np.uint8)                 # blank pale faces
    dets = Detections([[10, 10, 40, 50], [60, 10, 90, 50], [110, 10, 140, 50]], [0.9, 0.9, 0.9], [0, 0, 0])
    monkeypatch.setattr(reader, "classify_with_profile", lambda clf, crops, profile, emb, config: [
        CropReading("5z", 0.9, [("5z", 0.9)], np.ones(4) if emb else None) for _ in crops])
    tr = TileReader(detector=FakeDetector(dets), classifier=FakeClassifier())
    with_profile = tr.read(img, profile=InkedWhite())
    assert all(r.face_down and r.base_code == "5z" for r in with_profile)
    assert [r.code for r in tr.read(img)] == ["5z"] * 3              # the base model alone: white dragons


def test_a_sliver_at_the_pictures_edge_is_left_out_however_sure():
    # a grey photo's strip of felt at its right edge, 17 px wide beside 40-px tiles, read 8p: a
    # fifteenth tile that broke a hand read right
    from vision.reader import without_edge_slivers
    from vision.types import TileRead
    row = [TileRead("1m", (20 + 45 * i, 100, 60 + 45 * i, 160), 0.9) for i in range(6)]
    sliver = TileRead("8p", (623, 100, 640, 160), 0.9)
    inside = TileRead("2m", (400, 100, 417, 160), 0.9)          # as narrow, but not at the edge
    # a strip of the wall at the left edge read as a back (0.20): a sixteenth tile, no hand
    back = TileRead(None, (0, 100, 9, 160), 0.2, face_down=True)
    whole_back = TileRead(None, (600, 100, 640, 160), 0.9, face_down=True)
    kept = without_edge_slivers(row + [sliver, inside, back, whole_back], 0.5, 2.0, 640, 480)
    assert sliver not in kept and back not in kept and inside in kept and whole_back in kept
    assert all(r in kept for r in row)
    assert without_edge_slivers(row + [sliver], None, 2.0, 640, 480) == row + [sliver]
    assert sliver in without_edge_slivers(row[:2] + [sliver], 0.5, 2.0, 640, 480)   # too few to judge by
