"""vision_lab.training.calibrate_classifier keeps the hand-chosen profile threshold of the same
weights and drops that of other weights."""
import json
import shutil

import cv2
import numpy as np
import pytest

from vision.classifier import DEFAULT_WEIGHTS


@pytest.mark.skipif(not DEFAULT_WEIGHTS.exists(), reason="classifier weights not installed")
@pytest.mark.parametrize("same_weights", [True, False])
def test_a_refit_keeps_sure_base_only_for_the_same_weights(tmp_path, same_weights):
    from vision.classifier import CropClassifier
    from vision_lab.training import calibrate_classifier
    weights = tmp_path / "classifier.pt"
    shutil.copy(DEFAULT_WEIGHTS, weights)
    rng = np.random.default_rng(0)
    for code in ("1m", "5p"):
        (tmp_path / "val" / code).mkdir(parents=True)
        for k in range(3):
            cv2.imwrite(str(tmp_path / "val" / code / f"{k}.png"), rng.integers(0, 255, (64, 64, 3), np.uint8))
    wid = CropClassifier(weights).weights_id if same_weights else "other-weights"
    (tmp_path / "calibration.json").write_text(json.dumps({"temperature": 2.0, "weights_id": wid,
                                                           "sure_base": 0.97}))
    info = calibrate_classifier(weights, tmp_path / "val")
    saved = json.loads((tmp_path / "calibration.json").read_text())
    assert saved == info and saved["weights_id"] == CropClassifier(weights).weights_id
    assert ("sure_base" in saved) == same_weights
    assert CropClassifier(weights).sure_base == (0.97 if same_weights else None)
