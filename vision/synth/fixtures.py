"""Make the small rendered test fixtures (tests/fixtures/vision/): two scenes with their exact
labels and a few upright tile crops. Rendered from the artwork (see vision/synth/artwork.py for
credits), with a fixed seed so that they can be remade:

    python -m vision.synth.fixtures tests/fixtures/vision
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

from ..crops import crop_tile
from ..types import PlacedTile
from .render import random_style, render_scene

HAND = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "5z", "6z", "7z"]
HK_SCENE = ["9m", "2p", "3s", "4z", "2f", "6f", "8p", "5s", "7m"]
RED_FIVES = ["0m", "0p", "0s"]


def _row(codes, gap=1.03):
    return [PlacedTile(c, i * gap, 0.0) for i, c in enumerate(codes)]


def make(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "crops").mkdir(exist_ok=True)
    rng = np.random.default_rng(2024)
    scenes = {
        "rendered_hand_riichi": ("riichi", _row(HAND)),
        "rendered_scene_hongkong": ("hongkong", _row(HK_SCENE[:5]) + [PlacedTile(c, i * 1.3, 2.2) for i, c in
                                                                        enumerate(HK_SCENE[5:])]),
        "rendered_red_fives_riichi": ("riichi", _row(RED_FIVES + ["5m", "5p", "5s"]) +
                                      [PlacedTile(None, 7.2, 0.0, face_down=True)]),
    }
    for name, (style_name, tiles) in scenes.items():
        style = random_style(rng, (style_name,))
        img, labels = render_scene(tiles, rng, size=(800, 600), style=style,
                                   camera_kw={"tilt_deg": (10, 30), "yaw_deg": (-10, 10), "fill": (0.8, 0.9)})
        cv2.imwrite(str(out / f"{name}.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 88])
        (out / f"{name}.json").write_text(json.dumps([t.to_dict() for t in labels], indent=1) + "\n")
        for k, t in enumerate(labels):
            if t.code and k % 2 == 0:
                cv2.imwrite(str(out / "crops" / f"{t.code}_{name}_{k}.png"), crop_tile(img, t.box))


if __name__ == "__main__":
    make(Path(sys.argv[1] if len(sys.argv) > 1 else "tests/fixtures/vision"))
