"""A labelled photo folder as another capture setting would have taken it: turned grey (a
webcam's night mode, a phone's mono filter), dim (a table lit by one lamp), or under warm
tungsten light. The copy keeps the labels and the images' names (so the label errata still
apply) and is read by ``mjtable eval reader OUT`` like any labelled folder.

    python -m vision_lab.capture_settings ../shared/data/chinese-mahjong-detection/valid \
        --setting grey --out build/valid_grey

A setting made from the same photos is not an unseen physical set: it measures one condition
of light, with the tiles and the shoot otherwise those of its source."""
from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import cv2
import numpy as np

from .evaluate import _names_file, image_paths

# Dim: a third of the light, with the sensor noise a phone adds when it lifts a dark picture.
DIM_LIGHT = 0.35
DIM_NOISE_SIGMA = 3.0
# Warm: a tungsten lamp's cast (about 2,700 K against daylight): blue down, red up.
WARM_GAINS_BGR = (0.70, 0.95, 1.12)


def grey(image: np.ndarray, rng=None) -> np.ndarray:
    """The photo in grey, as three equal channels (the reader takes BGR)."""
    return cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def dim(image: np.ndarray, rng=None) -> np.ndarray:
    """A third of the light, with Gaussian noise (``rng``: numpy Generator; fixed seed if None)."""
    rng = np.random.default_rng(0) if rng is None else rng
    out = image.astype(np.float32) * DIM_LIGHT + rng.normal(0.0, DIM_NOISE_SIGMA, image.shape)
    return np.clip(out, 0, 255).astype(np.uint8)


def warm(image: np.ndarray, rng=None) -> np.ndarray:
    """Under a tungsten lamp: each channel scaled by ``WARM_GAINS_BGR``."""
    out = image.astype(np.float32) * np.array(WARM_GAINS_BGR, dtype=np.float32)
    return np.clip(out, 0, 255).astype(np.uint8)


SETTINGS = {"grey": grey, "dim": dim, "warm": warm}


def write_setting(source: Path, setting: str, out: Path, seed: int = 0) -> int:
    """Write ``source`` (a YOLO-format folder: ``images/``, ``labels/``, a ``data.yaml`` beside
    or above it) to ``out`` under ``setting``; returns the number of images written."""
    if setting not in SETTINGS:
        raise ValueError(f"unknown setting {setting!r}: one of {', '.join(SETTINGS)}")
    source, out = Path(source), Path(out)
    names = _names_file(source)
    if names is None:
        raise FileNotFoundError(f"no data.yaml in {source} or its parent (the class names of its labels)")
    paths = image_paths(source)
    if not paths:
        raise FileNotFoundError(f"{source} holds no images/*.jpg or images/*.png")
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(names, out / "data.yaml")
    rng = np.random.default_rng(seed)
    written = 0
    for path in paths:
        image = cv2.imread(str(path))
        if image is None:
            continue
        cv2.imwrite(str(out / "images" / path.name), SETTINGS[setting](image, rng))
        label = source / "labels" / (path.stem + ".txt")
        if label.exists():
            shutil.copyfile(label, out / "labels" / label.name)
        written += 1
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", type=Path, help="a labelled YOLO-format folder")
    parser.add_argument("--setting", required=True, choices=sorted(SETTINGS))
    parser.add_argument("--out", type=Path, required=True, help="the folder to write")
    parser.add_argument("--seed", type=int, default=0, help="the dim setting's noise")
    args = parser.parse_args(argv)
    n = write_setting(args.source, args.setting, args.out, args.seed)
    print(f"{n} images written to {args.out} ({args.setting})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
