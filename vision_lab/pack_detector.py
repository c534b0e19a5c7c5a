"""A self-contained detector dataset, small enough to carry to a training machine.

``build_detector_dataset`` links the real photos from ../shared and writes full-quality 640 px
scenes: a folder that only works beside ../shared. This packs the same recipe into one folder of
plain files at the training size (real train photos resized, rendered scenes and 3D tile-body
scenes written at that size), with a ``data.yaml`` whose paths are relative to the folder, so a
machine without ../shared, fonts or the artwork can train on it (``vision_lab.train_packed``).

    python -m vision_lab.pack_detector --out build/packed_det --size 448 --scenes 900 --body-scenes 900

Real photos are copied once; ``train_packed --real-copies K`` repeats them there (cheaper to
carry than K copies). ``--sheet-photos N`` adds N train photos again with a printed sheet beside
their tiles (``vision_lab.printed_sheets``; labels unchanged): both shipped detectors box a score
sheet's letters as tiles, which no training picture showed them (docs/experiments.md).
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import cv2
import numpy as np

from vision.codes import DETECTOR_CLASSES

from .datasets import (DEFAULT_SHARED, DETECTOR_STYLES, PHOTOS, detector_label_text, render_body_scene,
                       render_training_scene, tile_label_text, yolo_rows)

#: JPEG quality of packed photos and rendered scenes: the carried folder has a size limit (64 MiB
#: with the repository), and a photo from a phone is itself a JPEG. Scenes get less: their noise
#: costs bytes, and ``render.photo_effects`` already compresses them once. At 448 px a real photo
#: takes 34 KB on average and a scene 21 KB (450 photos and 1,280 scenes: 42.7 MB, the
#: `det-n448` pack).
PHOTO_JPEG_QUALITY = 80
SCENE_JPEG_QUALITY = 72


def _shrink(img: np.ndarray, size: int) -> np.ndarray:
    h, w = img.shape[:2]
    scale = size / max(h, w)
    if scale >= 1:
        return img
    return cv2.resize(img, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)


def _write(img_dir: Path, lab_dir: Path, name: str, img: np.ndarray, label_text: str, size: int, quality: int) -> None:
    cv2.imwrite(str(img_dir / f"{name}.jpg"), _shrink(img, size), [cv2.IMWRITE_JPEG_QUALITY, quality])
    (lab_dir / f"{name}.txt").write_text(label_text)


def pack(out: Path, data_root: Path = DEFAULT_SHARED, size: int = 448, scenes: int = 900, body_scenes: int = 900,
         val_photos: int = 40, val_scenes: int = 40, seed: int = 7, styles=DETECTOR_STYLES, part: int = 0,
         parts: int = 1, sheet_photos: int = 0, log=print) -> Path:
    """Writes the pack (or the ``part``-th of ``parts`` interleaved shares of its scenes, for
    parallel packing into one folder); returns its data.yaml. ``sheet_photos``: that many train
    photos (an even spread) packed again with a printed sheet where it covers no tile."""
    from .synth.capture_modes import MODES
    if not 0 <= part < parts:
        raise ValueError(f"part {part} of {parts}: a part is 0 to parts - 1")
    out = Path(out)
    _check_settings(out, {"size": size, "seed": seed, "styles": list(styles), "photo_quality": PHOTO_JPEG_QUALITY,
                          "scene_quality": SCENE_JPEG_QUALITY, **({"sheet_photos": sheet_photos} if sheet_photos else {})})
    photos = Path(data_root) / PHOTOS
    jobs = []
    for split, real_split, n_real, n_std, n_body in (("train", "train", None, scenes, body_scenes),
                                                     ("val", "valid", val_photos, val_scenes // 2,
                                                      val_scenes - val_scenes // 2)):
        img_dir, lab_dir = out / split / "images", out / split / "labels"
        img_dir.mkdir(parents=True, exist_ok=True)
        lab_dir.mkdir(parents=True, exist_ok=True)
        reals = sorted((photos / real_split / "images").glob("*.jpg"))
        if n_real is not None:   # an even spread of the split, not its first photos
            reals = reals[::max(1, len(reals) // n_real)][:n_real] if n_real > 0 else []
        jobs += [("real", split, p) for p in reals]
        if split == "train" and sheet_photos > 0:
            jobs += [("sheet", split, p) for p in reals[::max(1, len(reals) // sheet_photos)][:sheet_photos]]
        jobs += [("scene", split, i) for i in range(n_std)]
        jobs += [("body", split, i) for i in range(n_body)]
    start = time.time()
    mine = jobs[part::parts]
    for k, (kind, split, what) in enumerate(mine):
        img_dir, lab_dir = out / split / "images", out / split / "labels"
        if kind == "real":
            name = "real_" + what.stem
            if not (lab_dir / f"{name}.txt").exists():   # the photo's labels lie beside its images folder
                rows = yolo_rows(what.parent.parent / "labels" / (what.stem + ".txt"))
                _write(img_dir, lab_dir, name, cv2.imread(str(what)), tile_label_text(rows), size, PHOTO_JPEG_QUALITY)
            continue
        if kind == "sheet":
            name = "sheet_" + what.stem
            if not (lab_dir / f"{name}.txt").exists():
                _write_sheet_photo(img_dir, lab_dir, name, what, seed, size)
            continue
        name = f"{kind}_{split}_{what:05d}"
        if (lab_dir / f"{name}.txt").exists():
            continue
        # Seeds apart from the evaluation sets' (capture_modes' seed 1 in the GL style) and from
        # ``build_detector_dataset``'s scenes of the same seed (stream 4-7 here).
        stream = {"scene": 4, "body": 6}[kind] + (split == "val")
        rng = np.random.default_rng([seed, stream, what])
        if kind == "scene":
            img, labels = render_training_scene(rng, data_root=data_root, styles=styles)
        else:
            img, labels = render_body_scene(rng, MODES[what % len(MODES)], styles, data_root)
        _write(img_dir, lab_dir, name, img, detector_label_text(img, labels), size, SCENE_JPEG_QUALITY)
        if k % 100 == 0:
            log(f"part {part}: {k}/{len(mine)} ({time.time() - start:.0f} s)")
    data_yaml = out / "data.yaml"
    data_yaml.write_text(f"train: train/images\nval: val/images\n"
                         f"nc: {len(DETECTOR_CLASSES)}\nnames: {list(DETECTOR_CLASSES)}\n")
    return data_yaml


def _write_sheet_photo(img_dir: Path, lab_dir: Path, name: str, photo_path: Path, seed: int, size: int) -> None:
    """The photo at ``photo_path`` with a printed sheet beside its tiles, its labels as they are;
    nothing when no place is free (the sheet's draws from the photo's name, whatever the part)."""
    import zlib

    from .printed_sheets import pixel_boxes, with_sheet
    photo = cv2.imread(str(photo_path))
    rows = yolo_rows(photo_path.parent.parent / "labels" / (photo_path.stem + ".txt"))
    rng = np.random.default_rng([seed, 8, zlib.crc32(photo_path.stem.encode())])
    pasted, _ = with_sheet(photo, pixel_boxes(rows, photo.shape[1], photo.shape[0]), rng)
    if pasted is not None:
        _write(img_dir, lab_dir, name, pasted, tile_label_text(rows), size, PHOTO_JPEG_QUALITY)


def _check_settings(out: Path, settings: dict) -> None:
    """Writes the pack's settings beside it, or refuses to add to a pack made with others: a file
    already there is kept as it is, so mixed settings would mix pictures silently."""
    path = out / "pack.json"
    if path.exists():
        before = json.loads(path.read_text())
        if before != settings:
            raise ValueError(f"{out} was packed with {before}, not {settings}: pack into another folder")
        return
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings) + "\n")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--data-root", default=str(DEFAULT_SHARED))
    ap.add_argument("--size", type=int, default=448, help="longest side of every packed picture")
    ap.add_argument("--scenes", type=int, default=900, help="rendered scenes (flat tile layouts)")
    ap.add_argument("--body-scenes", type=int, default=900, help="scenes of 3D tile bodies, all capture modes in turn")
    ap.add_argument("--val-photos", type=int, default=40)
    ap.add_argument("--val-scenes", type=int, default=40)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--parts", type=int, default=1)
    ap.add_argument("--sheet-photos", type=int, default=0,
                    help="train photos packed again with a printed sheet beside their tiles (default 0)")
    a = ap.parse_args(argv)
    print(pack(Path(a.out), Path(a.data_root), a.size, a.scenes, a.body_scenes, a.val_photos, a.val_scenes, a.seed,
               part=a.part, parts=a.parts, sheet_photos=a.sheet_photos))


if __name__ == "__main__":
    main()
