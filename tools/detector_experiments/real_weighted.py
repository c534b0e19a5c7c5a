"""The shipped detector (det6) fine-tuned on the real train photos three times and rendered
scenes of the shipped mix (no heaps): do the real photos, weighted up, keep the ordinary photos
(a fine-tune on them alone, det10real, gained there) while the rendered scenes keep the face-down
tiles? Validation as det6's: the valid photos + 175 rendered scenes.
models/detector/MODEL_CARD.md: det12 (session 13, 1,400 rendered scenes, the defaults) and det13
(session 14, 300). Run from the repository root (0.4 h):

    nice python tools/detector_experiments/real_weighted.py [--rendered N --name RUN --out DATA_DIR]
    e.g. nice python tools/detector_experiments/real_weighted.py --rendered 300 --name det13 --out build/s14/det13data
"""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, "tools/detector_experiments")
from scene_sets import fine_tune, real_photos, rendered_scenes  # noqa: E402
from vision.datasets import DETECTOR_LAYOUT_MIX  # noqa: E402

if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rendered", type=int, default=1400, help="rendered training scenes (det12: 1,400)")
    p.add_argument("--name", default="det12", help="run name under build/runs")
    p.add_argument("--out", type=Path, default=Path("build/s13/det12data"), help="dataset folder")
    args = p.parse_args()
    real_photos(args.out, "train", "train", 3)
    real_photos(args.out, "valid", "val", 1)
    rendered_scenes(args.out, "train", args.rendered, DETECTOR_LAYOUT_MIX, 0)
    rendered_scenes(args.out, "val", 175, DETECTOR_LAYOUT_MIX, 1)
    fine_tune(args.out, args.name, 0.4)
