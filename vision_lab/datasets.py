"""Build the training sets from ../shared (read in place) and the scene renderer.

Generated folders go under build/ (ignored by git). Real photos are linked, not copied."""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import cv2
import numpy as np

from scorer.tiles import ALL_CODES, is_valid_code

from vision.codes import DETECTOR_CLASSES, photo_label_code

from .yolo_labels import yolo_line as _yolo_line

DEFAULT_SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
PHOTOS = "chinese-mahjong-detection"


def photo_names(data_root: Path) -> list[str]:
    import yaml  # ultralytics dependency
    with open(Path(data_root) / PHOTOS / "data.yaml") as f:
        return list(yaml.safe_load(f)["names"])


def read_yolo_labels(label_path: Path, names: list[str], width: int, height: int, errata: bool = True):
    """[(code, (x0, y0, x1, y1))] in pixels from a YOLO label file, with the photo's checked label
    errata applied (``vision_lab.errata``; ``errata=False``: as published)."""
    from .errata import corrected
    label_path = Path(label_path)
    out = []
    if not label_path.exists():
        return out
    for line in label_path.read_text().split("\n"):
        parts = line.split()
        if len(parts) != 5:
            continue
        c, x, y, w, h = int(parts[0]), *map(float, parts[1:])
        name = names[c]
        # "odd": a face no code names (a rendered set's jokers: build_rendered_eval_set's odd_faces)
        code = name if is_valid_code(name) or name == "odd" else photo_label_code(name)
        out.append((code, ((x - w / 2) * width, (y - h / 2) * height,
                                                 (x + w / 2) * width, (y + h / 2) * height)))
    if not errata:
        return out
    codes = corrected(label_path.stem, [code for code, _ in out])
    return [(code, box) for code, (_, box) in zip(codes, out)]



# Codes the detector misses most (models/detector/MODEL_CARD.md): the white dragon's blank face
# is rarely taken for a tile. Rendered detector scenes draw it this many times as often as
# another code, so the detector sees blank faces often enough to learn them.
DETECTOR_CODE_EMPHASIS = {"5z": 4}


def emphasised_codes(codes, emphasis=DETECTOR_CODE_EMPHASIS) -> list[str]:
    """``codes`` with each emphasised code repeated: a uniform pick over the result draws it
    ``emphasis[code]`` times as often."""
    out = list(codes)
    for code, times in emphasis.items():
        if code in out:
            out += [code] * (times - 1)
    return out


#: Tile faces of the detector's rendered scenes: the artwork sets and generated tile sets
#: (vision_lab/synth/procedural.py), so that it learns tiles rather than a few sets' drawings.
#: Scenes rendered before commit 221dcfd used the artwork sets only.
DETECTOR_STYLES = ("hongkong", "riichi", "riichi_black", "procedural")


#: Layouts of the detector's rendered scenes (``vision_lab.synth.random_layouts.LAYOUTS``). Piles
#: were added in commit 9499fc5, for real photos of thrown-in tiles at any angle (the shipped
#: detector was trained before; ``det4`` had them, with squashed scenes: not shipped).
DETECTOR_LAYOUT_MIX = ("hand", "hand", "grid", "scattered", "pile")
#: Share of the detector's rendered scenes drawn at another aspect ratio and then resized to the
#: square training size, as the photo set's own exports were ("stretch to 640x640"): a wide
#: photo squashed this way makes tiles several times taller than wide. Off: a detector trained
#: with 0.4 (``det4``, not shipped: models/detector/MODEL_CARD.md) boxed a whole
#: column of tiles as one long tile in a real hand photo; users' photos are not squashed.
DETECTOR_STRETCH_SHARE = 0.0
DETECTOR_STRETCH_MAX = 2.5   # largest width:height of a photo squashed to a square


def render_training_scene(rng, size=(640, 640), styles=None, data_root=None, emphasis=DETECTOR_CODE_EMPHASIS,
                          mix=DETECTOR_LAYOUT_MIX, stretch_share=DETECTOR_STRETCH_SHARE):
    from .synth.artwork import STYLES
    from .synth.random_layouts import random_layout
    from .synth.render import random_style, render_scene
    style = random_style(rng, styles or STYLES, data_root)
    tiles = random_layout(rng, emphasised_codes(sorted(style.art.faces), emphasis), mix=mix)
    if rng.random() >= stretch_share:
        return render_scene(tiles, rng, size=size, style=style)
    aspect = float(np.exp(rng.uniform(-1, 1) * np.log(DETECTOR_STRETCH_MAX)))   # drawn width / height
    drawn = (round(size[0] * np.sqrt(aspect)), round(size[1] / np.sqrt(aspect)))
    img, labels = render_scene(tiles, rng, size=drawn, style=style)
    return stretch_to(img, labels, size)


def stretch_to(img: np.ndarray, labels, size):
    """``img`` resized to ``size`` (w, h) whatever its aspect, with its labels' boxes and corners."""
    fx, fy = size[0] / img.shape[1], size[1] / img.shape[0]
    out = cv2.resize(img, size, interpolation=cv2.INTER_AREA if fx * fy < 1 else cv2.INTER_LINEAR)
    scaled = [dataclasses.replace(t, box=(t.box[0] * fx, t.box[1] * fy, t.box[2] * fx, t.box[3] * fy),
                                  corners=[(x * fx, y * fy) for x, y in t.corners]) for t in labels]
    return out, scaled


def yolo_rows(label_path: Path) -> list[list[str]]:
    """The box rows (class x y w h, as strings) of a YOLO label file; none when it is missing."""
    lines = label_path.read_text().split("\n") if label_path.exists() else []
    return [parts for parts in (line.split() for line in lines) if len(parts) == 5]


def tile_label_text(rows) -> str:
    """YOLO label text with every box of ``rows`` as the detector's class tile (0)."""
    return "\n".join("0 " + " ".join(r[1:]) for r in rows) + "\n"


def detector_label_text(img: np.ndarray, labels) -> str:
    """YOLO label text of a rendered scene for the detector: tile or back, normalised to ``img``'s
    size (so a resized copy keeps them); boxes of 2 px or less left out."""
    h, w = img.shape[:2]
    lines = [_yolo_line(DETECTOR_CLASSES.index("back" if t.face_down else "tile"), t.box, w, h)
             for t in labels if t.box[2] - t.box[0] > 2 and t.box[3] - t.box[1] > 2]
    return "\n".join(lines) + "\n"


def write_detector_scene(img_dir: Path, lab_dir: Path, name: str, img: np.ndarray, labels) -> None:
    """A rendered scene as a detector training example: ``name``.jpg and its YOLO labels
    (``detector_label_text``)."""
    cv2.imwrite(str(img_dir / f"{name}.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
    (lab_dir / f"{name}.txt").write_text(detector_label_text(img, labels))


def build_detector_dataset(out: Path, data_root: Path = DEFAULT_SHARED, n_synth_train=300, n_synth_val=40,
                           seed=0, log=print, styles=DETECTOR_STYLES, body_scenes: int = 0, body_modes=None,
                           real_copies: int = 1) -> Path:
    """YOLO dataset with classes tile/back: real train photos (all boxes → tile) + rendered scenes.
    Validation: real valid photos + a few rendered scenes (for the back class). Returns data.yaml.

    ``body_scenes``: also this many scenes of 3D tile bodies (``vision_lab.synth.capture_modes``:
    standing tiles, table level, heaps...) in train and an eighth as many in val, their capture
    modes drawn in turn from ``body_modes`` (default: all).

    ``real_copies``: each real training photo appears this many times (links named
    ``copy{k}_<photo>``), so that many rendered scenes do not outweigh the real photos: rendered
    scenes alone cost the detector 1.6 points on the real validation split (docs/experiments.md)."""
    out = Path(out)
    photos = Path(data_root) / PHOTOS
    for split, real_split, n_synth in (("train", "train", n_synth_train), ("val", "valid", n_synth_val)):
        img_dir, lab_dir = out / split / "images", out / split / "labels"
        img_dir.mkdir(parents=True, exist_ok=True)
        lab_dir.mkdir(parents=True, exist_ok=True)
        for img in sorted((photos / real_split / "images").glob("*.jpg")):
            dst = img_dir / img.name
            if not dst.exists():
                os.symlink(img.resolve(), dst)
            rows = yolo_rows(photos / real_split / "labels" / (img.stem + ".txt"))
            (lab_dir / (img.stem + ".txt")).write_text(tile_label_text(rows))
            for k in range(1, real_copies if split == "train" else 1):
                copy = img_dir / f"copy{k}_{img.name}"
                if not copy.exists():
                    os.symlink(img.resolve(), copy)
                (lab_dir / f"copy{k}_{img.stem}.txt").write_text(tile_label_text(rows))
        for i in range(n_synth):
            name = f"synth_{split}_{i:05d}"
            if (lab_dir / f"{name}.txt").exists():
                continue
            # One generator per scene: growing ``n_synth`` later adds new scenes instead of
            # repeating the first ones (a shared generator restarts when scenes are skipped).
            rng = np.random.default_rng([seed, 0 if split == "train" else 1, i])
            write_detector_scene(img_dir, lab_dir, name, *render_training_scene(rng, data_root=data_root,
                                                                                styles=styles))
            if i % 50 == 0:
                log(f"rendered {split} scene {i}/{n_synth}")
        _write_body_scenes(img_dir, lab_dir, split, body_scenes if split == "train" else body_scenes // 8,
                           body_modes, seed, styles, data_root, log)
    data_yaml = out / "data.yaml"
    data_yaml.write_text(f"path: {out.resolve()}\ntrain: train/images\nval: val/images\n"
                         f"nc: {len(DETECTOR_CLASSES)}\nnames: {list(DETECTOR_CLASSES)}\n")
    return data_yaml


def render_body_scene(rng, mode: str, styles, data_root):
    """(image, labels) of one detector training scene of 3D tile bodies in capture ``mode``
    (``vision_lab.synth.capture_modes``), its codes emphasised as the flat scenes' are."""
    from .synth.capture_modes import mode_scene
    return mode_scene(mode, rng, styles, data_root, codes_of=lambda style: emphasised_codes(sorted(style.art.faces)))


def _write_body_scenes(img_dir: Path, lab_dir: Path, split: str, n: int, modes, seed, styles, data_root, log) -> None:
    """``n`` scenes of 3D tile bodies as detector examples (``body_{split}_{i}``)."""
    if n <= 0:
        return
    from .synth.capture_modes import MODES
    modes = tuple(modes or MODES)
    for i in range(n):
        name = f"body_{split}_{i:05d}"
        if (lab_dir / f"{name}.txt").exists():
            continue
        rng = np.random.default_rng([seed, 2 if split == "train" else 3, i])
        mode = modes[i % len(modes)]
        img, labels = render_body_scene(rng, mode, styles, data_root)
        write_detector_scene(img_dir, lab_dir, name, img, labels)
        if i % 50 == 0:
            log(f"rendered {split} body scene {i}/{n} ({mode})")


def build_rendered_eval_set(out: Path, styles=("gl",), n_scenes=40, seed=1234, data_root=None, size=(1280, 960),
                            hand_share=0.5, piles: bool = False, pile_tiles: tuple[int, int] | None = None,
                            odd_faces: int = 0) -> Path:
    """A YOLO-format folder of rendered scenes labelled with canonical codes (data.yaml names are
    the codes), for evaluating on a tile style kept out of training. Face-down tiles are left out
    of the labels (the evaluation scores face-up reads); ``hand_*`` scenes are single hand rows.
    ``piles``: every scene a heap of touching tiles at any angle instead (``pile_*``), of
    ``pile_tiles`` (lowest, highest) tiles when given (more tiles: smaller tiles in the frame).
    ``odd_faces``: in each scene 1 to this many face-up tiles show a face no code names (a joker,
    another game's tile: vision_lab/synth/odd_faces.py), labelled ``odd`` (vision/oddity.py)."""
    import dataclasses

    from .synth.artwork import Style
    from .synth.odd_faces import odd_style
    from vision.oddity import ODD_CLASS
    from .synth.random_layouts import hand_row, pile, random_layout
    from .synth.render import random_style, render_scene
    out = Path(out)
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(parents=True, exist_ok=True)
    names = list(ALL_CODES) + ([ODD_CLASS] if odd_faces else [])
    rng = np.random.default_rng(seed)
    for i in range(n_scenes):
        style = random_style(rng, styles, data_root)
        codes = sorted(style.art.faces)
        odd = odd_style(rng, per_kind=1) if odd_faces else None
        if odd is not None:
            style = dataclasses.replace(style, art=Style(style.art.name, {**style.art.faces, **odd.faces},
                                                         style.art.dark_body))
        hand = not piles and i < n_scenes * hand_share
        if piles:
            tiles = pile(rng, codes, pile_tiles) if pile_tiles else pile(rng, codes)
        else:
            tiles = hand_row(rng, codes) if hand else random_layout(rng, codes)
        if hand:
            tiles = [t for t in tiles if not t.face_down and t.group != "row2"]
        if odd is not None:
            up = [k for k, t in enumerate(tiles) if not t.face_down and t.code]
            odd_codes = sorted(odd.faces)
            for k in rng.choice(up, size=min(len(up), int(rng.integers(1, odd_faces + 1))), replace=False):
                tiles[k] = dataclasses.replace(tiles[k], code=odd_codes[int(rng.integers(len(odd_codes)))])
        img, labels = render_scene(tiles, rng, size=size, style=style, camera_kw={"tilt_deg": (0, 35)})
        h, w = img.shape[:2]
        stem = f"{'pile' if piles else 'hand' if hand else 'scene'}_{i:04d}"
        lines = [_yolo_line(names.index(ODD_CLASS if t.code.startswith("odd_") else t.code), t.box, w, h)
                 for t in labels if not t.face_down and t.code]
        cv2.imwrite(str(out / "images" / f"{stem}.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 90])
        (out / "labels" / f"{stem}.txt").write_text("\n".join(lines) + "\n")
    # Written last: ``mjtable eval`` renders a folder without one, so an interrupted rendering
    # is rendered again rather than read as a complete set.
    (out / "data.yaml").write_text(f"names: {names}\n")
    return out
