"""calibrate() on a photo with a stand-in reader, and the evaluation's GL file-name mapping."""
import numpy as np
import pytest

from vision.calibration import calibrate
from vision_lab.calibration_eval import gl_code

from .helpers import mock_tiles


class FakeReader:
    """Returns the mock layout's tiles for any image (boxes in the decoded image's pixels)."""

    def __init__(self, tiles):
        self.tiles = tiles
        self.calls = []

    def read(self, image, timings=None, embeddings=False):
        self.calls.append((image.shape, embeddings))
        return self.tiles


def test_calibrate_reads_with_embeddings_and_crops_every_tile():
    pytest.importorskip("vision.decode")    # the reader's modules (vision branch)
    import cv2
    tiles, truth = mock_tiles(bonus=False, angle_deg=5)
    img = np.full((700, 900, 3), 90, np.uint8)
    ok, jpeg = cv2.imencode(".jpg", img)
    reader = FakeReader(tiles)
    result = calibrate(jpeg.tobytes(), reader=reader)
    assert reader.calls and reader.calls[0][1] is True
    assert result.ok and [result.layout.codes[i] for i in range(len(tiles))] == truth
    assert len(result.crops) == len(tiles) and result.crops[0].shape[2] == 3
    assert result.disagreements() == []


def test_gl_file_names():
    assert [gl_code(s) for s in ("b-0", "c-8", "d-4", "h-0", "h-4", "h-5", "h-6", "f-0", "f-4", "f-7", "s-0")] == \
        ["1s", "9m", "5p", "1z", "7z", "6z", "5z", "5f", "1f", "3f", None]
