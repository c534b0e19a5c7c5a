"""What the session-13 detector experiments share: a YOLO folder of real photos (copied several
times, by symlink), the train split's squashed exports unstretched, rendered scenes of a layout
mix, and the fine-tune from the shipped detector (models/detector/MODEL_CARD.md, session 13)."""
import os
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, ".")
sys.path.insert(0, "tools/detector_experiments")
from vision import datasets  # noqa: E402
from photo_kinds import SQUASHED  # noqa: E402
from vision.datasets import (DEFAULT_SHARED, DETECTOR_CLASSES, PHOTOS, render_training_scene,  # noqa: E402
                             tile_label_text, write_detector_scene, yolo_rows)
from vision.training import DET_CFG, _train  # noqa: E402

PHOTO_ROOT = Path(DEFAULT_SHARED) / PHOTOS


def real_photos(out: Path, split: str, dst_split: str, copies: int) -> list:
    """Symlink ``split``'s photos ``copies`` times into ``out/dst_split`` with every box as class
    tile; returns the squashed train exports as (path, label rows, median box shape)."""
    img_dir, lab_dir = out / dst_split / "images", out / dst_split / "labels"
    img_dir.mkdir(parents=True, exist_ok=True)
    lab_dir.mkdir(parents=True, exist_ok=True)
    squashed = []
    for img in sorted((PHOTO_ROOT / split / "images").glob("*.jpg")):
        rows = yolo_rows(PHOTO_ROOT / split / "labels" / (img.stem + ".txt"))
        lines = tile_label_text(rows)
        for c in range(copies):
            name = f"r{c}_{img.name}"
            if not (img_dir / name).exists():
                os.symlink(img.resolve(), img_dir / name)
            (lab_dir / (Path(name).stem + ".txt")).write_text(lines)
        if rows and split == "train":
            wh = np.array([[float(r[3]), float(r[4])] for r in rows])
            shape = float(np.median(wh[:, 0] / np.maximum(wh[:, 1], 1e-6)))
            if shape < SQUASHED[0] or shape > SQUASHED[1]:
                squashed.append((img, rows, shape))
    return squashed


def unstretched_exports(out: Path, squashed: list, copies: int) -> None:
    """Each squashed export resized so that its median labelled box is 0.45 as wide as tall, as
    the reader's unstretched look sees it, ``copies`` times into ``out/train``."""
    img_dir, lab_dir = out / "train" / "images", out / "train" / "labels"
    for img_path, rows, shape in squashed:
        img = cv2.imread(str(img_path))
        h, w = img.shape[:2]
        f = 0.45 / shape            # > 1: tiles too narrow, the height shrinks; < 1: the width
        size = (w, max(8, round(h / f))) if f > 1 else (max(8, round(w * f)), h)
        small = cv2.resize(img, size, interpolation=cv2.INTER_AREA)
        for c in range(copies):
            name = f"u{c}_{img_path.stem}"
            cv2.imwrite(str(img_dir / f"{name}.jpg"), small, [cv2.IMWRITE_JPEG_QUALITY, 95])
            # normalised YOLO boxes keep their values under a resize of the whole picture
            (lab_dir / f"{name}.txt").write_text(tile_label_text(rows))
    print("unstretched", len(squashed), "squashed train exports", flush=True)


def rendered_scenes(out: Path, split: str, n: int, mix, seed_split: int) -> None:
    """``n`` rendered scenes of layout ``mix`` into ``out/split`` (one generator per scene)."""
    img_dir, lab_dir = out / split / "images", out / split / "labels"
    for i in range(n):
        name = f"synth_{split}_{i:05d}"
        if (lab_dir / f"{name}.txt").exists():
            continue
        rng = np.random.default_rng([0, seed_split, i])
        write_detector_scene(img_dir, lab_dir, name, *render_training_scene(
            rng, data_root=DEFAULT_SHARED, styles=datasets.DETECTOR_STYLES, mix=mix))
        if i % 200 == 0:
            print("rendered", split, i, flush=True)


def fine_tune(out: Path, run: str, hours: float) -> None:
    """The shipped detector fine-tuned on ``out`` (det9's settings: learning rate 0.0005)."""
    data = out / "data.yaml"
    data.write_text(f"path: {out.resolve()}\ntrain: train/images\nval: val/images\n"
                    f"nc: {len(DETECTOR_CLASSES)}\nnames: {list(DETECTOR_CLASSES)}\n")
    _train(str(DET_CFG), str(data), Path("build/runs", run).resolve(), False, init="models/detector/detector.pt",
           epochs=30, imgsz=320, batch=16, workers=1, seed=0, deterministic=False, close_mosaic=4, patience=100,
           optimizer="AdamW", lr0=0.0005, warmup_epochs=1, device="cpu", time=hours)
