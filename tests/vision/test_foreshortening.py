"""Rows seen from low: a level row of wide boxes is also cut as upright tiles (vision.crops.row_squash,
TileCrops.views) and read, row by row, the surer way (vision.reader.classify_with_profile); a
sideways tile in an ordinary row, and a block of tiles lying sideways, stay sideways."""
from pathlib import Path

import numpy as np
import pytest

from vision.classifier import CropReading
from vision.crops import cut_tiles, is_sideways_box, row_squash
from vision.detections import Detections
from vision.reader import ReaderConfig, TileReader

ROOT = Path(__file__).resolve().parents[2]
ART = ROOT / ".." / "shared" / "data" / "artwork"


def wide_row(n=5, x0=20, y0=100, w=60, h=26):
    """Boxes of ``n`` faces lying flat in a row seen from low: wider than tall, touching."""
    return [[x0 + k * w, y0, x0 + (k + 1) * w, y0 + h] for k in range(n)]


def test_a_level_row_of_wide_boxes_is_squashed_and_ordinary_rows_are_not():
    squash = row_squash(wide_row())
    assert squash == pytest.approx([0.75 / (60 / 26)] * 5)
    assert not any(is_sideways_box(b, s) for b, s in zip(wide_row(), squash))
    # upright tiles with one lying sideways (a claimed tile): nothing squashed, the wide one sideways
    ordinary = [[0, 0, 30, 40], [30, 0, 60, 40], [60, 10, 100, 40], [100, 0, 130, 40]]
    assert row_squash(ordinary).tolist() == [1.0] * 4
    assert [is_sideways_box(b) for b in ordinary] == [False, False, True, False]
    # wide boxes climbing diagonally (a turned row photographed askew) or stacked down the
    # picture (tiles lying sideways in a column) are no row seen from low
    diagonal = [[k * 40, 200 - k * 25, k * 40 + 50, 245 - k * 25] for k in range(6)]
    column = [[0, k * 30, 40, (k + 1) * 30] for k in range(6)]
    assert row_squash(diagonal).tolist() == [1.0] * 6
    assert row_squash(column).tolist() == [1.0] * 6
    # too few boxes to be a row
    assert row_squash(wide_row(2)).tolist() == [1.0, 1.0]


def half_lit_tiles(boxes, upright: bool, size=(240, 400)):
    """A grey picture with a tile in each box, its top half white and bottom half black when
    ``upright`` (a tile the right way up), else its left half white and right half black (a tile
    lying sideways, its top at the left: the right way up once turned a quarter clockwise)."""
    img = np.full((*size, 3), 90, np.uint8)
    for x0, y0, x1, y1 in boxes:
        img[y0:y1, x0:x1] = 0
        if upright:
            img[y0:(y0 + y1) // 2, x0:x1] = 255
        else:
            img[y0:y1, x0:(x0 + x1) // 2] = 255
    return img


class TopHalfClassifier:
    """Sure (0.95) of 1m when the crop's top quarter is far brighter than its bottom quarter
    (a tile the right way up), else unsure (0.4) of 2m."""

    def classify(self, crops, embeddings=False, turn_average=None):
        out = []
        for c in crops:
            q = c.shape[0] // 4
            sure = float(c[:q].mean()) > float(c[-q:].mean()) + 100
            code, p = ("1m", 0.95) if sure else ("2m", 0.4)
            out.append(CropReading(code, p, [(code, p)], np.zeros(2) if embeddings else None))
        return out


class FakeDetector:
    def __init__(self, boxes):
        self.dets = Detections(boxes, [0.9] * len(boxes), [0] * len(boxes))

    def detect(self, image):
        return self.dets


def read_with(boxes, img, foreshortening=True):
    # these stand-in tiles are half black, half white: as like a dark-bodied set's as a light one's
    reader = TileReader(detector=FakeDetector(boxes), classifier=TopHalfClassifier(), tileness=None,
                        foreshortening=foreshortening,
                        config=ReaderConfig(dark_body_below=None, unsure_photo_below=None))   # its tiles are read unsurely
    return reader.read(img)


def test_a_row_seen_from_low_is_read_upright_and_not_sideways():
    boxes = wide_row()
    img = half_lit_tiles(boxes, upright=True)
    reads = read_with(boxes, img)
    assert [r.code for r in reads] == ["1m"] * 5
    assert not any(r.sideways for r in reads)
    # without the row's view, each wide box is taken for a tile lying sideways
    reads = read_with(boxes, img, foreshortening=False)
    assert [r.code for r in reads] == ["2m"] * 5
    assert all(r.sideways for r in reads)


def test_a_row_of_tiles_lying_sideways_stays_sideways():
    # the same boxes, whose tiles read right only turned a quarter: a block of a turned photo
    boxes = wide_row(w=40, h=30)
    reads = read_with(boxes, half_lit_tiles(boxes, upright=False))
    assert [r.code for r in reads] == ["1m"] * 5
    assert all(r.sideways for r in reads)


def test_a_sideways_tile_in_an_ordinary_row_stays_sideways():
    boxes = [[10, 50, 40, 90], [40, 50, 70, 90], [70, 60, 110, 90], [110, 50, 140, 90], [140, 50, 170, 90]]
    img = half_lit_tiles([b for k, b in enumerate(boxes) if k != 2], upright=True)
    img[60:90, 70:110] = 0
    img[60:90, 70:90] = 255          # the claimed tile lying sideways: its top at the left
    reads = read_with(boxes, img)
    assert [r.sideways for r in reads] == [False, False, True, False, False]
    assert [r.code for r in reads] == ["1m"] * 5


@pytest.mark.skipif(not (ART / "gl-mahjongtile").exists() or not (ROOT / "models" / "classifier" / "classifier.pt").exists(),
                    reason="GL artwork (../shared/data/artwork) or classifier weights not present")
def test_rendered_rows_seen_from_low_are_read_right():
    """Rows of 8 tiles lying flat in the GL artwork (kept out of training), seen from 22° above
    the table: cut by their row, the classifier reads far more of them right."""
    pytest.importorskip("cairosvg")
    from vision.classifier import default_classifier
    from vision.reader import classify_with_profile
    from vision_lab.synth.bodies import random_look
    from vision_lab.synth.capture_modes import flat_block, render_body_scene
    classifier = default_classifier()
    right = {False: 0, True: 0}
    n = 0
    for seed in range(4):
        rng = np.random.default_rng(seed)
        look = random_look(rng, ("gl",))
        tiles = flat_block(rng, sorted(look.style.art.faces), look.half, rows=1, cols=8, p_down=0.0, two_layers=False)
        img, labels = render_body_scene(tiles, look, rng, 22.0, 0.0, size=(640, 480), effects=False, hand=False,
                                        glare=False)
        boxes, truth = [lab.box for lab in labels], [lab.code for lab in labels]
        n += len(truth)
        for on in (False, True):
            readings = classify_with_profile(classifier, cut_tiles(img, boxes, foreshortening=on))
            right[on] += sum(r.code == t for r, t in zip(readings, truth))
    # measured: 11 of 32 without, 21 with (seeds 0-3, classifier 173e64f2d09c8710); measured again
    # with the same classifier after later changes to the reading and the renderer: 22 without, 26
    # with (this test needs cairosvg, an evaluation extra: the test command skips it)
    assert right[True] >= right[False] + 3
    assert right[True] >= 0.55 * n
