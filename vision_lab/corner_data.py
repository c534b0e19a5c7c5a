"""Examples for the face-corner network (``vision.corners``): the window round a tile's box and
its face's four corners in that window.

- Rendered scenes know every face's corners: 3D tile bodies in the six capture modes
  (``synth.capture_modes``) and flat scenes (``datasets.render_training_scene``), in the training
  styles only (``datasets.DETECTOR_STYLES``; the GL style stays unseen).
- The real train photos are labelled with boxes only, mostly seen from above: their face is
  taken as the box itself, its length along the box's longer side. They keep the network from
  cutting into the faces it already reads well.

Each box is jittered as a detector's boxes are (``JITTER`` of its size per edge), so that the
network learns to find the face from an imperfect box. Output: one ``.npz`` with ``patches``
(n, 64, 64, 3 BGR uint8), ``corners`` (n, 4, 2 window coordinates) and ``source`` (0 rendered
modes, 1 flat scenes, 2 real photos).

    python -m vision_lab.corner_data --out build/corners/train.npz --mode-scenes 1800 --flat-scenes 400 --photos train
"""
from __future__ import annotations

import argparse
from multiprocessing import Pool
from pathlib import Path

import cv2
import numpy as np

from vision.corners import to_window, window_patch

from .datasets import DEFAULT_SHARED, DETECTOR_STYLES, PHOTOS, photo_names, read_yolo_labels

JITTER = 0.05
SOURCES = ("modes", "flat", "photos")


def jittered(rng, box, amount: float = JITTER):
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    d = rng.normal(0, amount, 4) * np.array([w, h, w, h])
    return (x0 + d[0], y0 + d[1], max(x0 + d[0] + 2, x1 + d[2]), max(y0 + d[1] + 2, y1 + d[3]))


def box_face(box) -> np.ndarray:
    """A face seen from straight above filling ``box``: TL, TR, BR, BL with its length along the
    box's longer side (a wider box: a tile lying sideways, its drawing's top to the left)."""
    x0, y0, x1, y1 = box
    if x1 - x0 > y1 - y0:
        return np.array([[x0, y1], [x0, y0], [x1, y0], [x1, y1]], np.float64)
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)


def examples_from(rng, img, faces, copies: int = 1):
    """(patches, corners) of ``faces`` [(box, 4 corners)] in ``img``."""
    patches, corners = [], []
    for box, quad in faces:
        for _ in range(copies):
            b = jittered(rng, box)
            patches.append(window_patch(img, b))
            corners.append(to_window(quad, b).astype(np.float32))
    return patches, corners


def _scene(args):
    kind, seed, i, data_root, styles, modes = args
    rng = np.random.default_rng([seed, SOURCES.index(kind), i])
    if kind == "modes":
        from .datasets import render_body_scene
        img, labels = render_body_scene(rng, modes[i % len(modes)], styles, data_root)
    else:
        from .datasets import render_training_scene
        img, labels = render_training_scene(rng, styles=styles, data_root=data_root)
    faces = [(t.box, np.array(t.corners)) for t in labels if not t.face_down and t.code]
    return examples_from(rng, img, faces)


def _photo(args):
    path, names, seed, i = args
    img = cv2.imread(str(path))
    label = path.parent.parent / "labels" / (path.stem + ".txt")
    rng = np.random.default_rng([seed, 2, i])
    h, w = img.shape[:2]
    faces = [(box, box_face(box)) for code, box in read_yolo_labels(label, names, w, h)]
    return examples_from(rng, img, faces)


def build(out: Path, mode_scenes: int, flat_scenes: int, photos: str | None, seed: int = 1,
          data_root: Path = DEFAULT_SHARED, workers: int = 2, styles=DETECTOR_STYLES, log=print,
          modes=None) -> Path:
    """``modes``: the capture modes the mode scenes take in turn (default all six)."""
    from .synth.capture_modes import MODES
    modes = tuple(modes or MODES)
    jobs = [("modes", seed, i, data_root, tuple(styles), modes) for i in range(mode_scenes)] + \
           [("flat", seed, i, data_root, tuple(styles), modes) for i in range(flat_scenes)]
    patches, corners, source = [], [], []
    with Pool(workers) as pool:
        for k, (p, c) in enumerate(pool.imap(_scene, jobs, chunksize=8)):
            patches += p
            corners += c
            source += [SOURCES.index(jobs[k][0])] * len(p)
            if (k + 1) % 200 == 0:
                log(f"{k + 1}/{len(jobs)} scenes, {len(patches)} faces")
        if photos:
            names = photo_names(data_root)
            files = sorted((Path(data_root) / PHOTOS / photos / "images").glob("*.jpg"))
            for p, c in pool.imap(_photo, [(f, names, seed, i) for i, f in enumerate(files)], chunksize=8):
                patches += p
                corners += c
                source += [2] * len(p)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, patches=np.stack(patches), corners=np.stack(corners), source=np.array(source, np.uint8))
    log(f"{out}: {len(patches)} faces ({np.bincount(source, minlength=3).tolist()} modes / flat / photos)")
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision_lab.corner_data", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--mode-scenes", type=int, default=1800)
    ap.add_argument("--flat-scenes", type=int, default=400)
    ap.add_argument("--photos", default="train", help="split of the real photos to add ('' for none)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--modes", default=None, help="capture modes of the mode scenes, comma-separated (default all)")
    ap.add_argument("--data-root", type=Path, default=DEFAULT_SHARED)
    a = ap.parse_args(argv)
    build(a.out, a.mode_scenes, a.flat_scenes, a.photos or None, a.seed, a.data_root, a.workers,
          modes=a.modes.split(",") if a.modes else None)


if __name__ == "__main__":
    main()
