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


def test_a_quarter_turned_reading_is_kept_only_for_open_lengths_and_when_surer_by_the_margin(monkeypatch):
    from vision import reader
    from vision.crops import TileCrops
    crop = np.zeros((8, 8, 3), np.uint8)
    crop[:, 0] = 255            # bright left column: the top row once turned a quarter clockwise
    open_crop = TileCrops([crop], [True])
    monkeypatch.setattr(reader, "QUARTER_TURN_MARGIN", None)
    [r] = reader.classify_with_profile(TopRowClassifier(), open_crop)
    assert r.code == "2m"                           # off: read as cut only
    monkeypatch.setattr(reader, "QUARTER_TURN_MARGIN", 0.4)
    [r] = reader.classify_with_profile(TopRowClassifier(), open_crop, embeddings=True)
    assert (r.code, r.confidence) == ("1m", 0.95)
    assert r.embedding.tolist() == [1.0, 1.0]      # the embedding of the crop as cut
    [r] = reader.classify_with_profile(TopRowClassifier(turned_confidence=0.8), open_crop)
    assert r.code == "2m"                           # surer, but not by QUARTER_TURN_MARGIN
    # A tile whose shape told its length, or a bare crop, is read as cut only.
    [r] = reader.classify_with_profile(TopRowClassifier(), TileCrops([crop], [False]))
    assert r.code == "2m"
    [r] = reader.classify_with_profile(TopRowClassifier(), [crop])
    assert r.code == "2m"
