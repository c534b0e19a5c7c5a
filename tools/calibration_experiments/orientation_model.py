"""Session 12, measured and not adopted: a small CNN telling a crop whose tile lies a quarter off
(a sideways tile kept lying by its near-square box) from an upright one (issue 7).

    python tools/calibration_experiments/orientation_model.py build OUT SCENES   # crops (about 4 min for 2,500)
    python tools/calibration_experiments/orientation_model.py train OUT EPOCHS   # from the shipped classifier
    python tools/calibration_experiments/quarter_turn.py SEED SETS --orientation build/runs/orient1/weights/best.pt

Crops: rendered rows (training styles only: procedural sets and the artwork sets, never GL;
40 % of the tiles sideways, camera tilted 0-40°) cut as the reader cuts them; a crop is
"quarter" when its up direction is more than 45° from the tile face's (from the renderer's face
corners). Each crop is also saved turned a quarter, with the other class; real train photo crops
count as upright (and turned, as quarter). Result in models/classifier/CALIBRATION.md, session 12."""
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, ".")
from vision.crop_dataset import HOLDOUT_STYLES, photo_crops  # noqa: E402
from vision.crops import crop_tile, own_axes  # noqa: E402
from vision.datasets import DEFAULT_SHARED  # noqa: E402
from vision.synth.artwork import PROCEDURAL  # noqa: E402
from vision.synth.procedural import procedural_style  # noqa: E402
from vision.synth.random_layouts import loose_row  # noqa: E402
from vision.synth.render import random_style, render_scene  # noqa: E402


def crop_up(axes) -> np.ndarray:
    """The image direction a crop cut along ``axes`` (vision.crops.own_axes) shows as up."""
    if not axes.rectified:
        return np.array([-1.0, 0.0]) if axes.lying else np.array([0.0, -1.0])   # lying: turned clockwise
    t = np.radians(axes.turn)
    e1, e2 = np.array([np.cos(t), np.sin(t)]), np.array([-np.sin(t), np.cos(t)])
    return -(e1 if axes.lying else e2)


def quarter_off(corners, axes) -> bool:
    """Whether the face (corners TL, TR, BR, BL) is more than 45° from the crop's up (180° alike)."""
    c = np.asarray(corners, float)
    up = (c[0] + c[1]) / 2 - (c[3] + c[2]) / 2
    return abs(float(up @ crop_up(axes))) / (np.linalg.norm(up) + 1e-9) < np.sqrt(0.5)


def training_style(rng):
    if rng.random() < 0.6:
        return random_style(rng, (PROCEDURAL,), art=procedural_style(np.random.default_rng(int(rng.integers(2**63)))))
    return random_style(rng, (HOLDOUT_STYLES[int(rng.integers(len(HOLDOUT_STYLES)))],))


def rendered_crops(rng, n_scenes: int, p_sideways: float = 0.4):
    crops, quarter = [], []
    for _ in range(n_scenes):
        style = training_style(rng)
        codes = sorted(c for c in style.art.faces if c[0] != "0")
        tiles = loose_row(rng, codes, int(rng.integers(4, 9)), p_sideways=p_sideways, max_extra_gap=0.2)
        size = int(rng.integers(400, 800))
        img, labels = render_scene(tiles, rng, size=(size, size * 3 // 4), style=style, clutter=2,
                                   camera_kw={"tilt_deg": (0, 40), "yaw_deg": (-30, 30)})
        for t in labels:
            if t.face_down or t.box[2] - t.box[0] < 8 or t.box[3] - t.box[1] < 8:
                continue
            axes = own_axes(img, t.box)
            crop = crop_tile(img, t.box, axes=axes)
            crops.append(crop[::-1, ::-1] if rng.random() < 0.5 else crop)
            quarter.append(quarter_off(t.corners, axes))
    return crops, quarter


def save(out: Path, split: str, crops, quarter, tag: str, rng) -> None:
    for i, (crop, q) in enumerate(zip(crops, quarter)):
        for turned in (False, True):
            img = np.ascontiguousarray(np.rot90(crop, -1 if rng.random() < 0.5 else 1)) if turned else crop
            d = out / split / ("quarter" if q != turned else "upright")
            d.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(d / f"{tag}_{i}_{int(turned)}.png"), cv2.resize(img, (64, 64), interpolation=cv2.INTER_AREA))


def build(out: Path, scenes: int) -> None:
    t0 = time.time()
    for split, seed, n in (("train", 0, scenes), ("val", 1, scenes // 8)):
        rng = np.random.default_rng(seed)
        crops, quarter = rendered_crops(rng, n)
        save(out, split, crops, quarter, f"r{seed}", rng)
        print(f"{split}: {len(crops)} rendered crops, {sum(quarter)} quarter off ({time.time() - t0:.0f} s)")
    rng = np.random.default_rng(2)
    real = [c for _, _, c in photo_crops(DEFAULT_SHARED, "train", rng, 1, True)]
    save(out, "train", real, [False] * len(real), "photo", rng)
    real = [c for _, _, c in photo_crops(DEFAULT_SHARED, "valid", rng, 1, False)][:1500]
    save(out, "val", real, [False] * len(real), "photo", rng)


def train(out: Path, epochs: int) -> None:
    from vision.training import CLS_CFG, _train
    _train(str(CLS_CFG), str(out.resolve()), Path("build/runs/orient1").resolve(), False,
           init="models/classifier/classifier.pt", epochs=epochs, imgsz=64, batch=128, workers=0, seed=0,
           cache="ram", fliplr=0.0, flipud=0.0, hsv_h=0.05, hsv_s=0.6, hsv_v=0.4, erasing=0.1, scale=0.1,
           translate=0.05, auto_augment=None, optimizer="AdamW", lr0=0.002, warmup_epochs=0)


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("build", "train"):
        sys.exit(__doc__)
    step, folder, n = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    if step == "build":
        build(folder, n)
    else:
        train(folder, n)
