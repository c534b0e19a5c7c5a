"""The profile evaluation reads face cuts as the app does (vision_lab.calibration_eval)."""
import numpy as np
import pytest

from vision_lab.calibration_eval import DATA


def test_a_rendered_test_tile_turned_a_half_has_its_face_cut_turned_with_it(monkeypatch):
    if not (DATA / "artwork" / "hongkong-samoheen").exists():
        pytest.skip("artwork not present")
    from vision.crops import TileView
    from vision_lab import calibration_eval as ce

    def faces_as_box_cuts(crops, image, boxes, corner_finder, config):
        # a stand-in face cut: a copy of the box cut, so that the two must still match after the turns
        for k in range(len(crops)):
            crops.faces[k] = TileView(crops[k].copy(), False, False)
        return crops
    monkeypatch.setattr(ce, "with_face_cuts", faces_as_box_cuts)
    style = ce.tile_set_style("hongkong", 5)
    crops, truth = ce.render_test_crops(style, seed=3, per_code=1, corner_finder=object())
    assert len(crops) == len(truth) > 40 and sorted(crops.faces) == list(range(len(crops)))
    assert all(np.array_equal(crops.faces[i].crop, crops[i]) for i in range(len(crops)))
    # and the draws are those of the box cuts alone: the same tiles, the same turns
    monkeypatch.undo()
    plain, plain_truth = ce.render_test_crops(style, seed=3, per_code=1)
    assert plain_truth == truth and not plain.faces
    assert all(np.array_equal(a, b) for a, b in zip(plain, crops))
