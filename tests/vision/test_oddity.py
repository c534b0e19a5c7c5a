"""Faces no code names (vision/oddity.py): the reader reports them unknown instead of naming
them, the hand leaves them out, and the evaluation scores them as the label ``odd``."""
import json

import numpy as np
import pytest

from vision.classifier import CropReading
from vision.detections import Detections
from vision.oddity import ODD_CLASS, ODDITY_FILE, OddityModel, load_oddity
from vision.reader import ReaderConfig, TileReader
from vision.types import TileRead
from vision_lab.evaluate import read_code
from vision_lab.oddity_fit import choose_threshold


class FakeDetector:
    def __init__(self, boxes, conf=0.9):
        self.dets = Detections(boxes, [conf] * len(boxes), [0] * len(boxes))

    def detect(self, image, imgsz=None):
        return self.dets


class UnsureClassifier:
    """Every crop read 3s at 0.15: a face the classifier does not know."""
    def classify(self, crops, embeddings=False, turn_average=None):
        return [CropReading("3s", 0.15, [("3s", 0.15), ("2s", 0.1), ("4s", 0.1)], None) for _ in crops]


class BrightOdd:
    """An oddity classifier that reads a bright crop as ``odd``: logits over (3s, odd)."""
    classes = ["3s", ODD_CLASS]

    def views_logits(self, crops, zooms, turn_average):
        bright = np.array([float(c.mean()) > 200 for c in crops])
        return np.stack([np.where(bright, -3.0, 3.0), np.where(bright, 3.0, -3.0)], 1), None

    def probabilities(self, logits):
        e = np.exp(logits - logits.max(1, keepdims=True))
        return e / e.sum(1, keepdims=True)


IMG = np.full((200, 400, 3), 90, np.uint8)
IMG[50:110, 200:240] = 250          # the second box holds a bright face
BOXES = [[40, 50, 80, 110], [200, 50, 240, 110]]


def read(oddity, **config):
    # evening off: the stand-in oddity model reads by brightness, and evening lifts the grey felt
    return TileReader(detector=FakeDetector(BOXES), classifier=UnsureClassifier(), tileness=None, second_detector=None,
                      oddity=oddity, config=ReaderConfig(shade_gain=None, **config)).read(IMG)


def test_an_odd_face_is_read_unknown_and_kept_below_the_read_floor():
    reads = read(OddityModel(BrightOdd(), threshold=0.9), read_floor=None)
    assert [(r.box[0], r.unknown) for r in reads] == [(40.0, False), (200.0, True)]
    assert reads[1].to_dict()["unknown"] is True and "unknown" not in reads[0].to_dict()
    # 0.9 x 0.15 under a floor of 0.2: the named face goes, the unknown one stays for the player
    floored = read(OddityModel(BrightOdd(), threshold=0.9), read_floor=0.2)
    assert [(r.box[0], r.unknown) for r in floored] == [(200.0, True)]
    assert read(None, read_floor=0.2) == []
    # a threshold above what the model gives: nothing is unknown
    assert not any(r.unknown for r in read(OddityModel(BrightOdd(), threshold=0.9999), read_floor=None))


def test_another_classifier_reads_without_the_shipped_oddity_model():
    reader = TileReader(detector=FakeDetector(BOXES), classifier=UnsureClassifier(), tileness=None,
                        second_detector=None)
    assert reader.oddity is None


def test_load_oddity_needs_a_threshold_fitted_for_those_weights(tmp_path):
    assert load_oddity(tmp_path / "missing.pt") is None
    weights = tmp_path / "oddity.pt"
    weights.write_bytes(b"not a model")
    assert load_oddity(weights) is None          # no oddity.json beside it


def test_evaluation_scores_an_unknown_read_as_odd():
    read_ = TileRead(code="5z", box=(0, 0, 10, 10), confidence=0.4, unknown=True)
    assert read_code(read_) == ODD_CLASS
    assert read_code(TileRead(code="5z", box=(0, 0, 10, 10), confidence=0.4)) == "5z"


def test_threshold_flags_at_most_the_allowed_share_of_known_tiles():
    p = np.linspace(0, 0.5, 4000)        # 4,000 known tiles; 1 in 2,000 may be flagged: 2
    t = choose_threshold(p, 1 / 2000)
    assert (p >= t).sum() == 2
    assert choose_threshold(np.zeros(10), 1 / 2000) > 0          # none flagged
    assert (np.array([0.2, 0.9]) >= choose_threshold(np.array([0.2, 0.9]), 0.5)).sum() == 1


def test_flagged_codes_counts_the_known_tiles_taken_for_odd():
    from vision_lab.oddity_fit import flagged_codes
    assert flagged_codes(np.array([0.1, 0.95, 0.99, 0.97]), ["1s", "1s", "5z", "2m"], 0.96) == {"2m": 1, "5z": 1}


def test_threshold_edges_flag_nothing_they_should_not():
    assert choose_threshold(np.ones(10, np.float32), 1 / 2000) > 1.0     # all at 1.0, none may be flagged
    assert choose_threshold(np.zeros(0), 1 / 2000) > 1.0                  # no known tile: flag none


def test_a_photo_of_unknown_faces_only_is_read_without_a_hand():
    from mjtable.pipeline import read_hand
    tiles = [TileRead(code=c, box=(40.0 * k, 0, 40.0 * k + 30, 40), confidence=0.3, unknown=True)
             for k, c in enumerate(["5z", "1m"])]
    reading, decoding, hand, _ = read_hand(tiles, rules="mcr")
    assert hand is None and decoding is None
    assert [link["role"] for link in reading.links] == ["unknown", "unknown"]
