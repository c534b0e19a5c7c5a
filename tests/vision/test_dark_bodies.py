"""Dark-bodied sets (vision/dark_bodies.py): told from a photo's crops together, and read with the
photo's lightness turned over, through the reader with stand-in models."""
from types import SimpleNamespace

import cv2
import numpy as np

from vision.dark_bodies import dark_bodied, lightness_inverted, lightness_polarity
from vision.detections import Detections
from vision.classifier import CropReading
from vision.reader import ReaderConfig, TileReader, cut_for_reading, read_crops
from tests.vision.test_detections import FakeClassifier, FakeDetector

FELT = (40, 110, 30)          # green felt (BGR)
LIGHT_BODY, DARK_INK = (225, 235, 240), (30, 30, 30)
DARK_BODY, LIGHT_INK = (35, 30, 30), (235, 240, 240)
ORANGE_INK = (40, 140, 235)


def face(body, ink, second_ink=None, w=60, h=80) -> np.ndarray:
    """A tile face: three dots and a bar, as printed sets draw a suit tile."""
    tile = np.full((h, w, 3), body, np.uint8)
    for k in range(3):
        cv2.circle(tile, (w // 2, 18 + 20 * k), 7, ink, -1)
    cv2.rectangle(tile, (12, h - 14), (w - 12, h - 10), second_ink or ink, -1)
    return tile


def table(tiles, size=(240, 400)) -> tuple[np.ndarray, list[list[float]]]:
    """The tiles side by side on felt, and their boxes."""
    img = np.full((*size, 3), FELT, np.uint8)
    boxes = []
    x = 20
    for t in tiles:
        h, w = t.shape[:2]
        img[60:60 + h, x:x + w] = t
        boxes.append([x, 60, x + w, 60 + h])
        x += w + 4
    return img, boxes


def test_polarity_is_high_for_ink_on_a_light_face_and_low_for_ink_on_a_dark_one():
    assert lightness_polarity(face(LIGHT_BODY, DARK_INK)) > 0.8
    assert lightness_polarity(face(DARK_BODY, LIGHT_INK)) < 0.2
    assert lightness_polarity(face(DARK_BODY, ORANGE_INK, LIGHT_INK)) < 0.2


def test_a_crop_without_ink_says_nothing_of_its_sets_body():
    blank_dark, blank_light = np.full((80, 60, 3), 30, np.uint8), np.full((80, 60, 3), 230, np.uint8)
    assert lightness_polarity(blank_dark) is None and lightness_polarity(blank_light) is None
    inked_dark = face(DARK_BODY, LIGHT_INK)
    assert not dark_bodied([blank_light] * 5 + [inked_dark] * 2, 0.4, 3)    # two inked crops: too few
    assert dark_bodied([blank_light] * 5 + [inked_dark] * 3, 0.4, 3)


def test_a_set_is_dark_bodied_by_the_median_of_enough_crops():
    dark, light = face(DARK_BODY, LIGHT_INK), face(LIGHT_BODY, DARK_INK)
    assert dark_bodied([dark, dark, light], 0.4, 3)
    assert not dark_bodied([dark, light, light], 0.4, 3)
    assert not dark_bodied([dark, dark], 0.4, 3)          # too few to tell a set's body
    assert not dark_bodied([dark, dark, dark], None, 3)   # off


def test_inverting_lightness_turns_a_dark_face_light_and_keeps_its_hues():
    turned = lightness_inverted(face(DARK_BODY, ORANGE_INK))
    body, ink = turned[2, 2].astype(int), turned[18, 30].astype(int)
    assert body.min() > 200                                 # the black body is now light
    assert ink[2] > ink[0] and ink.max() < 200              # the orange ink is now a darker orange


def crops_seen(tiles, config=None, profile=None):
    img, boxes = table(tiles)
    clf = FakeClassifier()
    reader = TileReader(detector=FakeDetector(Detections(boxes, [0.9] * len(boxes), [0] * len(boxes))),
                        classifier=clf, config=config or ReaderConfig(shade_gain=None))
    reader.read_detections(img, reader.detector.detect(img), profile=profile)
    return clf.seen


def test_the_reader_reads_a_dark_bodied_sets_photo_with_its_lightness_turned_over():
    seen = crops_seen([face(DARK_BODY, LIGHT_INK)] * 4)
    assert len(seen) == 4 and all(np.median(c) > 150 for c in seen)


def test_a_light_sets_photo_and_a_dark_set_read_with_the_setting_off_are_read_as_taken():
    light = crops_seen([face(LIGHT_BODY, DARK_INK)] * 4)
    off = crops_seen([face(DARK_BODY, LIGHT_INK)] * 4, ReaderConfig(shade_gain=None, dark_body_below=None))
    assert all(np.median(c) > 150 for c in light)
    assert all(np.median(c) < 100 for c in off)


def test_with_a_tile_set_profile_the_profile_says_whether_the_set_is_dark_bodied():
    # it learnt so from its layout photo (vision.profile.TileSetProfile.dark_body)
    img, boxes = table([face(DARK_BODY, LIGHT_INK)] * 4)
    src, crops = cut_for_reading(img, boxes, ReaderConfig(), profile=SimpleNamespace(dark_body=False))
    assert src is img and all(np.median(c) < 100 for c in crops)
    light_img, _ = table([face(LIGHT_BODY, DARK_INK)] * 4)
    _, crops = cut_for_reading(light_img, boxes, ReaderConfig(), profile=SimpleNamespace(dark_body=True))
    assert all(np.median(c) < 100 for c in crops)
    src, crops = cut_for_reading(img, boxes, ReaderConfig())
    assert all(np.median(c) > 150 for c in crops)
    assert (src[235, 395] == img[235, 395]).all()                # felt far from the tiles is left as it was


def test_the_caller_can_say_whether_the_set_is_dark_bodied():
    # the profile evaluation cuts a dark set's rows as its profile reads them: every row turned
    img, boxes = table([face(DARK_BODY, LIGHT_INK)] * 4)
    _, crops = cut_for_reading(img, boxes, ReaderConfig(), dark_body=False)
    assert all(np.median(c) < 100 for c in crops)
    light_img, _ = table([face(LIGHT_BODY, DARK_INK)] * 4)
    _, crops = cut_for_reading(light_img, boxes, ReaderConfig(), dark_body=True)
    assert all(np.median(c) < 100 for c in crops)
    _, crops = cut_for_reading(img, boxes, ReaderConfig(dark_body_below=None), dark_body=True)   # off is off
    assert all(np.median(c) < 100 for c in crops)


def unsure_face() -> np.ndarray:
    """A dark face with much light ink and a grey band: its middle's median polarity lies at
    0.34, in the unsure band (``DARK_BODY_BELOW`` 0.3 to ``DARK_BODY_UNSURE`` 0.45)."""
    tile = np.full((80, 60, 3), 30, np.uint8)
    tile[34:52] = 90
    tile[52:70] = 230
    return tile


class LightSure:
    """Sure (0.9) of 1m on a crop lighter than mid-grey, unsure (0.4) of 2m on a darker one; or
    the other way round (``dark=True``)."""
    def __init__(self, dark=False):
        self.dark = dark

    def classify(self, crops, embeddings=False, turn_average=None):
        out = []
        for c in crops:
            light = np.median(c) > 128
            code, p = ("1m", 0.9) if light != self.dark else ("2m", 0.4)
            out.append(CropReading(code, p, [(code, p)], np.zeros(2) if embeddings else None))
        return out


def test_an_unsure_photo_is_read_both_ways_and_the_surer_reading_kept():
    assert 0.3 <= lightness_polarity(unsure_face()) < 0.45
    img, boxes = table([unsure_face()] * 4)
    config = ReaderConfig(shade_gain=None)
    picture, crops, reads = read_crops(LightSure(), img, boxes, config)
    assert picture is not img and [r.code for r in reads] == ["1m"] * 4       # turned over: surer
    picture, crops, reads = read_crops(LightSure(dark=True), img, boxes, config)
    assert picture is img and [r.code for r in reads] == ["1m"] * 4           # as taken: surer
    off = ReaderConfig(shade_gain=None, dark_body_unsure=None)
    picture, _, reads = read_crops(LightSure(), img, boxes, off)
    assert picture is img and [r.code for r in reads] == ["2m"] * 4           # no second reading


class PlainLightIsNoTile:
    """A tileness probe that takes a plain light crop for no tile (a card, a wall), as the shipped
    probe took a dark set's plain white dragon once turned over."""

    @staticmethod
    def is_tile(embeddings):
        return np.array([not (e[0] > 150 and e[1] < 12) for e in embeddings])


class BrightnessReader:
    """Reads every crop as a white dragon, unsurely; its embedding: the look of its middle."""
    classes = ["5z", "1p"]
    weights_id = ""

    def classify(self, crops, embeddings=False, turn_average=None):
        return [CropReading("5z", 0.5, [("5z", 0.5), ("1p", 0.5)],
                            _middle_looks(c) if embeddings else None) for c in crops]


def _middle_looks(crop):
    """(mean, spread) of the middle of ``crop`` (its face, without the margin around the tile)."""
    h, w = crop.shape[:2]
    middle = crop[h // 4:3 * h // 4, w // 4:3 * w // 4]
    return np.array([float(np.mean(middle)), float(np.std(middle))])


class DarkSetProfile:
    """A tile-set profile of a dark-bodied set that reads as the base model does."""
    dark_body, uses_network = True, True

    def check_model(self, classifier):
        pass

    def white_has_ink(self):
        return None

    def classify_crops(self, classifier, crops, base):
        return base


def test_a_dark_sets_plain_tile_rejected_only_once_turned_over_is_kept_with_its_profile():
    """A profile of a dark-bodied set reads its photos turned over; the tileness probe, set on the base
    reader's cuts, took its plain white dragon turned over for no tile, and it vanished from the
    reading unmarked (5 of 7 tiles lost on rendered scenes of such a set)."""
    blank = np.full((80, 60, 3), DARK_BODY, np.uint8)
    img, boxes = table([face(DARK_BODY, LIGHT_INK)] * 3 + [blank])
    # (the base reader told from too few crops to call the set dark, as from a photo of a few tiles)
    config = ReaderConfig(shade_gain=None, blank_backs=False, weak_rescue=None, dark_body_least=10)
    reader = TileReader(detector=FakeDetector(Detections(boxes, [0.9] * 4, [0] * 4)), classifier=BrightnessReader(),
                        tileness=PlainLightIsNoTile(), config=config)
    dets = reader.detector.detect(img)
    assert len(reader.read_detections(img, dets)) == 4
    reads = reader.read_detections(img, dets, profile=DarkSetProfile())
    assert [r.box[0] for r in reads] == [b[0] for b in boxes]          # the blank one kept
    light = table([np.full((80, 60, 3), 235, np.uint8)] + [face(LIGHT_BODY, DARK_INK)] * 3)[0]
    assert len(reader.read_detections(light, dets)) == 3        # the probe at work: a plain light card is none


class FlatProfile(DarkSetProfile):
    """A light set's profile whose readings are flat (0.3 for its code), as a profile's are."""
    dark_body = False

    def classify_crops(self, classifier, crops, base):
        return np.full_like(base, 0.3)


def test_with_a_profile_a_tile_the_base_model_keeps_is_kept_and_one_both_doubt_is_dropped():
    """A profile's flatter confidence dropped a 1p the base model read surely enough to overrule
    the tileness probe (gone unmarked), and read a blank end face as a white dragon the base
    reader's floor left out."""
    img, boxes = table([np.full((80, 60, 3), 235, np.uint8)] * 2)
    dets = Detections(boxes, [0.9, 0.2], [0, 0])
    config = ReaderConfig(shade_gain=None, blank_backs=False, weak_rescue=None, tileness_sure=0.4,
                          read_floor=None, blank_read_floor=0.25)
    reader = TileReader(detector=FakeDetector(dets), classifier=BrightnessReader(), tileness=PlainLightIsNoTile(),
                        config=config)
    base = reader.read_detections(img, dets)
    with_profile = reader.read_detections(img, dets, profile=FlatProfile())
    # the first: the probe overruled by the base model's 0.9 × 0.5 (the profile's 0.9 × 0.3 would not);
    # the second: 0.2 × 0.5, too unsure to overrule it either way
    assert [r.box[0] for r in base] == [b[0] for b in boxes[:1]]
    assert [r.box[0] for r in with_profile] == [b[0] for b in boxes[:1]]


def test_with_a_profile_the_read_floor_leaves_out_what_both_read_unsurely():
    """Off with a profile, the floors let a blank end face in as a white dragon at 0.20."""
    img, boxes = table([np.full((80, 60, 3), 235, np.uint8)] * 2)
    dets = Detections(boxes, [0.9, 0.2], [0, 0])

    def kept(floors: bool) -> list:
        config = ReaderConfig(shade_gain=None, blank_backs=False, weak_rescue=None, read_floor=0.15,
                              blank_read_floor=None, profile_floors=floors)
        reader = TileReader(detector=FakeDetector(dets), classifier=BrightnessReader(), tileness=None, config=config)
        return [r.box[0] for r in reader.read_detections(img, dets, profile=FlatProfile())]
    # the second: 0.2 × 0.3 by the profile, 0.2 × 0.5 by the base model, both under 0.15
    assert kept(True) == [boxes[0][0]] and kept(False) == [b[0] for b in boxes]
