"""Crop dataset for the classifier (ultralytics classify folder layout: split/code/*.png).

Sources: every labelled box of the real photos (train split with jitter and 0°/180° turns;
valid split as it is) and rendered tiles of every artwork style (style, perspective, lighting
and blur randomised by the scene renderer) and of procedural tile sets (vision_lab/synth/procedural.py:
a new generated set every ``scenes_per_set`` scenes, so hundreds of sets). Red fives come from
the riichi artwork and the procedural sets that have them. The GL style (held-out evaluation)
is never used."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import cv2
import numpy as np

from vision.crops import crop_tile, cut_tiles
from vision.oddity import ODD_CLASS
from .datasets import PHOTOS, photo_names, read_yolo_labels

HOLDOUT_STYLES = ("hongkong", "riichi", "riichi_black")


def _jitter_box(box, rng, amount=0.08):
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    d = rng.uniform(-amount, amount, 4) * [w, h, w, h]
    return (x0 + d[0], y0 + d[1], x1 + d[2], y1 + d[3])


def maybe_grey(crop: np.ndarray, rng, share: float) -> np.ndarray:
    """``crop`` in grey (three equal channels) with probability ``share``: a webcam's night mode or
    a mono filter gives such photos, and the classifier read the valid split 2.7 points worse in
    grey (docs/experiments.md, "Greyscale training views")."""
    if share <= 0 or rng.random() >= share:
        return crop
    return cv2.cvtColor(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def _save(folder: Path, code: str, name: str, crop: np.ndarray) -> None:
    d = folder / code
    d.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(d / f"{name}.png"), crop)


def photo_crops(data_root: Path, split: str, rng, copies: int, jitter: bool, exclude_prefix: str | None = None,
                only_prefix: str | None = None):
    """Yield (code, name, crop) for every labelled tile of a photo split."""
    names = photo_names(data_root)
    folder = Path(data_root) / PHOTOS / split
    for img_path in sorted((folder / "images").glob("*.jpg")):
        if exclude_prefix and img_path.name.startswith(exclude_prefix):
            continue
        if only_prefix and not img_path.name.startswith(only_prefix):
            continue
        img = cv2.imread(str(img_path))
        if img is None:
            continue
        h, w = img.shape[:2]
        for k, (code, box) in enumerate(read_yolo_labels(folder / "labels" / (img_path.stem + ".txt"), names, w, h)):
            for c in range(copies):
                b = _jitter_box(box, rng) if jitter else box
                crop = crop_tile(img, b)
                if jitter and rng.random() < 0.5:
                    crop = cv2.rotate(crop, cv2.ROTATE_180)
                yield code, f"{img_path.stem[:40]}_{k}_{c}", crop


def synthetic_crops(rng, styles, per_code: int, data_root=None, jitter=True, scenes_per_set=1,
                    face_scale: tuple[float, float] | None = None):
    """Yield (code, name, crop): rendered rows of a few tiles, cut out by their label boxes.
    ``face_scale``: (low, high) share of the tile its face drawing fills, drawn per scene
    (default: the renderer's, ``render.random_style``).

    The style ``"procedural"`` draws a fresh generated tile set every ``scenes_per_set`` scenes
    (a set takes about 0.2 s to draw) until every code, red fives included, has ``per_code``."""
    from .synth.artwork import PROCEDURAL
    from .synth.procedural import CODES, RED_FIVES, procedural_style
    from .synth.render import random_style
    for style_name in styles:
        counts: dict[str, int] = {}
        n = 0
        procedural = style_name == PROCEDURAL
        art, scenes_left = None, 0
        while True:
            if procedural and scenes_left <= 0:
                art = procedural_style(np.random.default_rng(int(rng.integers(2**63))))
                scenes_left = scenes_per_set
            style = random_style(rng, (style_name,), data_root, art=art)
            if face_scale is not None:
                style = dataclasses.replace(style, face_scale=float(rng.uniform(*face_scale)))
            codes = [c for c in sorted(style.art.faces) if counts.get(c, 0) < per_code]
            if not codes:
                # A procedural set without red fives cannot finish them: draw another set.
                if procedural and any(counts.get(c, 0) < per_code for c in (*CODES, *RED_FIVES)):
                    scenes_left = 0
                    continue
                break
            scenes_left -= 1
            for code, crop in row_crops(rng, codes, style, jitter):
                counts[code] = counts.get(code, 0) + 1
                n += 1
                yield code, f"synth_{style_name}_{n:05d}", crop


def row_crops(rng, codes, style, jitter=True):
    """Yield (code, crop) of one rendered row of 3-6 tiles drawn from ``codes`` in ``style``, seen
    from up to 40° off straight down, each cut by its label box (jittered, half of them turned
    180° with ``jitter``); tiles too small to cut are left out."""
    from .synth.random_layouts import loose_row
    from .synth.render import render_scene
    tiles = loose_row(rng, codes, int(rng.integers(3, 7)), p_sideways=0.2, max_extra_gap=0.3)
    size = int(rng.integers(160, 420))
    img, labels = render_scene(tiles, rng, size=(size, size), style=style,
                               camera_kw={"tilt_deg": (0, 40), "yaw_deg": (-30, 30)}, clutter=2)
    for t in labels:
        b = _jitter_box(t.box, rng) if jitter else t.box
        if b[2] - b[0] < 6 or b[3] - b[1] < 6:
            continue
        crop = crop_tile(img, b)
        if jitter and rng.random() < 0.5:
            crop = cv2.rotate(crop, cv2.ROTATE_180)
        yield t.code, crop


def body_scene_crops(rng, n_scenes: int, styles, data_root=None, split: str = "train", seed: int = 0,
                     jitter=True, log=print, corner_finder=None):
    """Yield (code, name, crop) from ``n_scenes`` scenes of 3D tile bodies in every capture mode
    (``vision_lab.synth.capture_modes``: rows seen from low, standing hands, heaps, turned blocks,
    a table in play), each face-up tile cut as the reader cuts a photo's detections
    (``vision.crops.cut_tiles``), and also its other cut where the reader has one (a row seen
    from low). Why: on these scenes the classifier read 60-85 % of the labelled boxes where the
    detector found 85-97 % (models/detector/MODEL_CARD.md); the flat rendered rows of
    ``synthetic_crops`` never show a face squashed by a low camera or half hidden in a heap.
    With ``corner_finder`` (``vision.corners.CornerFinder``) each tile is also cut by the face
    corners it finds (``vision.reader.add_face_cuts``), the cut the reader keeps when the
    classifier reads it surer: seen from low, a face cut is the face alone, squashed and small,
    which no flat rendered crop shows. Scene i of ``split`` depends on (seed, split, i) only;
    the capture-mode evaluation sets use the GL style, which no training crop has."""
    from vision.reader import ReaderConfig, add_face_cuts
    from .synth.capture_modes import MODES, mode_scene
    part = 4 if split == "train" else 5     # apart from the detector's body scenes (2, 3)
    n = 0
    for i in range(n_scenes):
        scene_rng = np.random.default_rng([seed, part, i])
        mode = MODES[i % len(MODES)]
        img, labels = mode_scene(mode, scene_rng, styles, data_root)
        tiles = [t for t in labels if not t.face_down and t.code]
        if not tiles:
            continue
        boxes = [_jitter_box(t.box, rng, 0.05) if jitter else t.box for t in tiles]
        crops = cut_tiles(img, boxes)
        add_face_cuts(crops, img, boxes, corner_finder, ReaderConfig())
        # the face cuts' turns come from a generator of their own, so that adding them leaves
        # every other crop of the dataset as it was (an A/B against the box cuts alone)
        face_rng = np.random.default_rng([seed, part, i, 1])
        for k, (t, crop) in enumerate(zip(tiles, crops)):
            cuts = [crop] + ([crops.views[k].crop] if k in crops.views else [])
            for c, cut in enumerate(cuts + ([crops.faces[k].crop] if k in crops.faces else [])):
                if jitter and (rng if c < len(cuts) else face_rng).random() < 0.5:
                    cut = cv2.rotate(cut, cv2.ROTATE_180)
                n += 1
                yield t.code, f"body_{split}_{i:05d}_{k}_{c}", cut
        if (i + 1) % 100 == 0:
            log(f"{split} body scenes: {i + 1}/{n_scenes}, {n} crops")


def odd_face_crops(rng, n_scenes: int, data_root=None, kinds=None, jitter=True):
    """Yield (ODD_CLASS, name, crop): rows of 3-6 odd faces (jokers, wild and animal tiles,
    pictures, other characters; ``kinds``: those kinds only) of a fresh random set each scene,
    on the bodies and under the cameras of ``synthetic_crops`` (``row_crops``). ``ODD_CLASS`` is
    the oddity model's extra class folder (vision/oddity.py)."""
    from .synth.odd_faces import KINDS, odd_style
    from .synth.render import random_style
    n = 0
    for _ in range(n_scenes):
        art = odd_style(rng, per_kind=1, kinds=kinds or KINDS)
        style = random_style(rng, data_root=data_root, art=art)
        for code, crop in row_crops(rng, sorted(art.faces), style, jitter):
            n += 1
            yield ODD_CLASS, f"odd_{code[4:]}_{n:05d}", crop


def build_crop_dataset(out: Path, data_root: Path, seed=0, holdout_style: str | None = None,
                       holdout_photos: str | None = None, synth_per_code=60, photo_copies=1,
                       procedural_per_code=150, log=print, face_scale: tuple[float, float] | None = None,
                       body_scenes: int = 0, odd_faces: int = 0, odd_kinds=None,
                       body_face_cuts: bool = False, grey_share: float = 0.0) -> Path:
    """Classifier crops under ``out`` (train/ and val/ per code). ``synth_per_code`` rendered crops
    per code of each artwork style, ``procedural_per_code`` of generated tile sets (0: none);
    ``face_scale``: the range of face sizes of the rendered training crops (``synthetic_crops``);
    ``body_scenes``: crops of this many scenes of 3D tile bodies in train, an eighth as many in
    val (``body_scene_crops``), also cut by their faces' corners with ``body_face_cuts`` (the
    shipped corner network); ``odd_faces``: crops of this many scenes of faces that are no code
    (``odd_face_crops``, kinds ``odd_kinds``) under ``ODD_CLASS``, an eighth as many in val;
    ``grey_share``: that share of the train crops turned grey (``maybe_grey``; val as it is)."""
    out = Path(out)
    options = {"seed": seed, "holdout_style": holdout_style, "holdout_photos": holdout_photos,
               "synth_per_code": synth_per_code, "photo_copies": photo_copies,
               "procedural_per_code": procedural_per_code, "face_scale": list(face_scale) if face_scale else None}
    if body_scenes:
        # only when asked, so that folders made before this option still match their options
        options["body_scenes"] = body_scenes
    if body_face_cuts and body_scenes:
        options["body_face_cuts"] = True
    if odd_faces:
        options["odd_faces"], options["odd_kinds"] = odd_faces, list(odd_kinds) if odd_kinds else None
    if grey_share:
        options["grey_share"] = grey_share
    if (out / "done").exists():
        # A finished folder is reused; one made with other options would silently train on them.
        saved = out / "options.json"
        if saved.exists() and json.loads(saved.read_text()) != options:
            raise ValueError(f"{out} holds crops made with other options ({saved.read_text().strip()}): "
                             "remove it or train under another run name")
        return out
    rng = np.random.default_rng(seed)
    grey_rng = np.random.default_rng([seed, 1])      # its own draws: the crops stay those of the seed

    def save(split: str, code: str, name: str, crop: np.ndarray) -> None:
        _save(out / split, code, name, maybe_grey(crop, grey_rng, grey_share) if split == "train" else crop)

    held_out = set(holdout_style.split(",")) if holdout_style else set()
    styles = [s for s in HOLDOUT_STYLES if s not in held_out]
    n = 0
    for code, name, crop in photo_crops(data_root, "train", rng, photo_copies, True, exclude_prefix=holdout_photos):
        save("train", code, name, crop)
        n += 1
    log(f"{n} real train crops")
    for code, name, crop in photo_crops(data_root, "valid", rng, 1, False, exclude_prefix=holdout_photos):
        save("val", code, name, crop)
    for code, name, crop in synthetic_crops(rng, styles, synth_per_code, data_root, face_scale=face_scale):
        save("train", code, name, crop)
    for code, name, crop in synthetic_crops(rng, styles, max(4, synth_per_code // 8), data_root):
        save("val", code, name + "v", crop)
    from .synth.artwork import PROCEDURAL
    if procedural_per_code > 0:
        k = 0
        for code, name, crop in synthetic_crops(rng, (PROCEDURAL,), procedural_per_code, data_root,
                                                face_scale=face_scale):
            save("train", code, name, crop)
            k += 1
        for code, name, crop in synthetic_crops(rng, (PROCEDURAL,), max(4, procedural_per_code // 8), data_root):
            save("val", code, name + "v", crop)
        log(f"{k} procedural train crops")
    if body_scenes > 0:
        finder = None
        if body_face_cuts:
            from vision.corners import default_corner_finder
            finder = default_corner_finder()
        for split, n_split in (("train", body_scenes), ("val", max(1, body_scenes // 8))):
            for code, name, crop in body_scene_crops(rng, n_split, (*styles, PROCEDURAL), data_root, split, seed,
                                                     log=log, corner_finder=finder):
                save(split, code, name, crop)
    if odd_faces > 0:
        for split, n_split in (("train", odd_faces), ("val", max(1, odd_faces // 8))):
            for code, name, crop in odd_face_crops(rng, n_split, data_root, odd_kinds):
                save(split, code, name + ("v" if split == "val" else ""), crop)
    log(f"crop dataset ready in {out}")
    (out / "options.json").write_text(json.dumps(options) + "\n")
    (out / "done").write_text("ok\n")
    return out
