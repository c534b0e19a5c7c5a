"""Session 14, det13 (models/detector/MODEL_CARD.md, session 14): the shipped detector (det6)
fine-tuned on the real train photos three times and only 300 rendered scenes of the shipped mix
(det12 had 1,400): with fewer rendered scenes, do the ordinary photos gain as with the real
photos alone (det10real) while the face-down tiles, which only the rendered scenes teach, are
kept? Validation as det6's: the valid photos + 175 rendered scenes. Run from the repository
root (data in build/s14/det13data, run in build/runs/det13, 0.4 h):

    nice python tools/detector_experiments/few_rendered.py
"""
import sys
from pathlib import Path

sys.path.insert(0, "tools/detector_experiments")
from scene_sets import fine_tune, real_photos, rendered_scenes  # noqa: E402
from vision.datasets import DETECTOR_LAYOUT_MIX  # noqa: E402

OUT = Path("build/s14/det13data")

if __name__ == "__main__":
    real_photos(OUT, "train", "train", 3)
    real_photos(OUT, "valid", "val", 1)
    rendered_scenes(OUT, "train", 300, DETECTOR_LAYOUT_MIX, 0)
    rendered_scenes(OUT, "val", 175, DETECTOR_LAYOUT_MIX, 1)
    fine_tune(OUT, "det13", 0.4)
