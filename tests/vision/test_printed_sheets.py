"""Photos with a printed sheet beside their tiles (vision_lab.printed_sheets): the sheet covers no
tile, carries print, and what a detector boxes on it is learnt as no tile (tileness_fit.mine_sheets)."""
import json
import types

import cv2
import numpy as np

from vision.detections import Detections
from vision_lab import printed_sheets, tileness_fit

from .test_capture_settings import labelled_folder
from .test_detections import FakeDetector

BOX = (200, 250, 260, 330)       # one tile of a 640 x 480 photo, in pixels


def _felt(h=480, w=640):
    img = np.empty((h, w, 3), np.uint8)
    img[:] = (40, 120, 30)
    x0, y0, x1, y1 = BOX
    img[y0:y1, x0:x1] = (225, 235, 240)
    return img


def test_a_sheet_lies_off_the_tiles_with_print_on_it():
    photo = _felt()
    for seed in range(5):
        out, quad = printed_sheets.with_sheet(photo, np.array([BOX], float), np.random.default_rng(seed))
        assert out is not None and out.shape == photo.shape
        x0, y0, x1, y1 = BOX
        assert (out[y0:y1, x0:x1] == photo[y0:y1, x0:x1]).all()          # the tile untouched
        mask = np.zeros(photo.shape[:2], np.uint8)
        cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
        inner = cv2.erode(mask, np.ones((5, 5), np.uint8)).astype(bool)
        grey = cv2.cvtColor(out, cv2.COLOR_BGR2GRAY)[inner]
        assert inner.sum() > 60 * 40                                    # a sheet of a few tiles' size
        assert np.percentile(grey, 50) > 150 and grey.min() < 110       # paper, and ink on it
        changed = (out != photo).any(axis=2)
        assert not (changed & ~cv2.dilate(mask, np.ones((5, 5), np.uint8)).astype(bool)).any()


def test_a_photo_without_room_for_a_sheet_gets_none():
    boxes = np.array([[x, y, x + 64, y + 80] for x in range(0, 640, 64) for y in range(0, 480, 80)], float)
    assert printed_sheets.with_sheet(_felt(), boxes, np.random.default_rng(0), tries=50) == (None, None)


def test_the_command_writes_the_photos_with_a_sheet_their_labels_and_the_sheets_corners(tmp_path):
    src = labelled_folder(tmp_path)
    cv2.imwrite(str(src / "images" / "a.jpg"), _felt())
    (src / "labels" / "a.txt").write_text("0 0.359375 0.604167 0.09375 0.166667\n")
    full = np.full((480, 640, 3), 200, np.uint8)
    cv2.imwrite(str(src / "images" / "full.jpg"), full)
    (src / "labels" / "full.txt").write_text("0 0.5 0.5 1 1\n")            # one tile filling the photo
    assert printed_sheets.main([str(src), "--out", str(tmp_path / "out"), "--seed", "2"]) == 0
    out = tmp_path / "out"
    assert sorted(p.name for p in (out / "images").iterdir()) == ["a.jpg"]
    assert (out / "labels" / "a.txt").read_text() == (src / "labels" / "a.txt").read_text()
    quad = json.loads((out / printed_sheets.SHEETS_FILE).read_text())["a.jpg"]
    assert len(quad) == 4 and all(0 <= x < 640 and 0 <= y < 480 for x, y in quad)


def test_what_is_boxed_on_a_sheet_is_no_tile_however_sure(tmp_path):
    folder = tmp_path / "sheets"
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    cv2.imwrite(str(folder / "images" / "a.jpg"), _felt())
    (folder / "labels" / "a.txt").write_text("0 0.359375 0.604167 0.09375 0.166667\n")
    (folder / printed_sheets.SHEETS_FILE).write_text(json.dumps({"a.jpg": [[400, 40], [600, 40], [600, 200], [400, 200]]}))
    # the tile, a letter on the sheet boxed surely, a box on the cloth off the sheet, a back on the sheet
    dets = Detections([list(BOX), [450, 80, 480, 120], [40, 300, 80, 350], [500, 100, 540, 150]],
                      [0.9, 0.77, 0.4, 0.8], [0, 0, 0, 1])

    class Features:
        def logits_and_features(self, crops):
            return None, np.ones((len(crops), 3), np.float32)

    reader = types.SimpleNamespace(detector=FakeDetector(dets), second_detector=FakeDetector(dets), classifier=Features())
    mined = tileness_fit.mine_sheets(folder, reader, log=lambda *a: None)
    assert mined["is_tile"].tolist() == [True, False] * 2          # 2 detectors; off the sheet: not used
    assert mined["features"].shape == (4, 3)
