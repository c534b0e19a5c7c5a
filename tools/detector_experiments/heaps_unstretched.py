"""Session 13, det11 (models/detector/MODEL_CARD.md, session 13): the shipped detector (det6)
fine-tuned on
- the real train photos twice (keeps the real photos' weight against the rendered scenes: a
  fine-tune on the real photos alone read the valid split's ordinary photos best, 99.45 % found);
- the train split's 7 squashed exports unstretched as the reader's unstretched look sees them
  (median labelled box made 0.45 wide per unit of height), 4 copies each;
- 1,400 rendered scenes of the shipped mix plus heaps of 40-100 tiles in one draw of 11.
Validation as det6's: the valid photos + 175 rendered scenes of the shipped mix. Run from the
repository root (data in build/s13/det11data, run in build/runs/det11, 0.45 h):

    nice python tools/detector_experiments/heaps_unstretched.py
"""
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, "tools/detector_experiments")
from scene_sets import fine_tune, real_photos, rendered_scenes, unstretched_exports  # noqa: E402
from vision.datasets import DETECTOR_LAYOUT_MIX  # noqa: E402
from vision.synth import random_layouts  # noqa: E402

OUT = Path("build/s13/det11data")
random_layouts.LAYOUTS["heap"] = partial(random_layouts.pile, n_range=(40, 100))
HEAP_MIX = DETECTOR_LAYOUT_MIX * 2 + ("heap",)

if __name__ == "__main__":
    unstretched_exports(OUT, real_photos(OUT, "train", "train", 2), 4)
    real_photos(OUT, "valid", "val", 1)
    rendered_scenes(OUT, "train", 1400, HEAP_MIX, 0)
    rendered_scenes(OUT, "val", 175, DETECTOR_LAYOUT_MIX, 1)
    fine_tune(OUT, "det11", 0.45)
