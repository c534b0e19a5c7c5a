"""Session 13, det12 (models/detector/MODEL_CARD.md, session 13): the shipped detector (det6)
fine-tuned on the real train photos three times and 1,400 rendered scenes of the shipped mix (no
heaps): do the real photos, weighted up, keep the ordinary photos (a fine-tune on them alone,
det10real, gained there) while the rendered scenes keep the face-down tiles? Validation as
det6's: the valid photos + 175 rendered scenes. Run from the repository root (data in
build/s13/det12data, run in build/runs/det12, 0.4 h):

    nice python tools/detector_experiments/real_weighted.py
"""
import sys
from pathlib import Path

sys.path.insert(0, "tools/detector_experiments")
from scene_sets import fine_tune, real_photos, rendered_scenes  # noqa: E402
from vision.datasets import DETECTOR_LAYOUT_MIX  # noqa: E402

OUT = Path("build/s13/det12data")

if __name__ == "__main__":
    real_photos(OUT, "train", "train", 3)
    real_photos(OUT, "valid", "val", 1)
    rendered_scenes(OUT, "train", 1400, DETECTOR_LAYOUT_MIX, 0)
    rendered_scenes(OUT, "val", 175, DETECTOR_LAYOUT_MIX, 1)
    fine_tune(OUT, "det12", 0.4)
