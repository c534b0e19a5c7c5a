"""A labelled photo folder as another capture setting would have taken it: grey, dim, warm, spot...

Turned grey (a webcam's night mode, a phone's mono filter), dim (a table lit by one lamp), under
warm tungsten light, under a lamp's spot (part of the hand lit, the rest in shade), out of focus
(blur), shaken while taken (shake: motion blur along one direction), over-exposed (bright: a
phone metering on the dark cloth), or with a lamp's reflections on glossy faces (glare). The copy keeps the labels and the images' names (so the label errata still
apply) and is read by ``mjtable eval reader OUT`` like any labelled folder.

    python -m vision_lab.capture_settings ../shared/data/chinese-mahjong-detection/valid \
        --setting grey --out build/valid_grey

A setting made from the same photos is not an unseen physical set: it measures one condition
of light, with the tiles and the shoot otherwise those of its source."""
from __future__ import annotations

import argparse
import shutil
from functools import partial
from pathlib import Path

import cv2
import numpy as np

from .evaluate import _names_file, image_paths

# Dim: a third of the light, with the sensor noise a phone adds when it lifts a dark picture.
DIM_LIGHT = 0.35
DIM_NOISE_SIGMA = 3.0
# Warm: a tungsten lamp's cast (about 2,700 K against daylight): blue down, red up.
WARM_GAINS_BGR = (0.70, 0.95, 1.12)
# Spot: a lamp's pool of light; full light at its centre (anywhere in the photo), falling off as a
# Gaussian of this share of the photo's longer side to SPOT_SHADE of it (the shaded part of a
# row). The sensor's noise as in the dim setting.
SPOT_RADIUS = (0.2, 0.35)
SPOT_SHADE = 0.25
# Blur: a phone that focused past the tiles or shook; a Gaussian of this share of the photo's
# longer side (2-3 px at 640 px, where a tile is some 60 px long).
BLUR_SIGMA = (0.003, 0.005)
# Shake: the phone moved while the shutter was open (a dim table's long exposure); the picture
# smeared along a line of this share of the longer side (6-15 px at 640 px), at any angle.
SHAKE_LENGTH = (0.01, 0.024)
# Bright: over-exposed; the light times this, clipped (the faces' ivory burnt white, the ink paler).
BRIGHT_GAIN = 1.7
# Glare: GLARE_SPOTS reflections, each an ellipse of this share of the longer side, added at up
# to GLARE_PEAK of full white at its centre and fading out (a Gaussian).
GLARE_SPOTS = (1, 3)
GLARE_RADIUS = (0.02, 0.06)
GLARE_PEAK = (0.6, 0.95)


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


def spot(image: np.ndarray, rng=None, shade: float = SPOT_SHADE) -> np.ndarray:
    """Lit by a lamp's spot: a Gaussian pool of light (``SPOT_RADIUS``) centred at a random point
    of the photo, ``shade`` of the light outside it, with the dim setting's noise."""
    rng = np.random.default_rng(0) if rng is None else rng
    h, w = image.shape[:2]
    cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    sigma = rng.uniform(*SPOT_RADIUS) * max(h, w)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    pool = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * sigma ** 2))
    light = shade + (1.0 - shade) * pool
    if image.ndim == 3:
        light = light[..., None]
    out = image.astype(np.float32) * light + rng.normal(0.0, DIM_NOISE_SIGMA, image.shape)
    return np.clip(out, 0, 255).astype(np.uint8)


def blur(image: np.ndarray, rng=None, share: float | None = None) -> np.ndarray:
    """Out of focus: a Gaussian blur of ``BLUR_SIGMA`` of the longer side (``share`` of it when
    given)."""
    rng = np.random.default_rng(0) if rng is None else rng
    sigma = (rng.uniform(*BLUR_SIGMA) if share is None else share) * max(image.shape[:2])
    return cv2.GaussianBlur(image, (0, 0), sigma)


def shake(image: np.ndarray, rng=None, share: float | None = None) -> np.ndarray:
    """Shaken: the picture averaged along a line of ``SHAKE_LENGTH`` of the longer side (``share``
    of it when given), turned at a random angle: sharp across the motion, smeared along it."""
    rng = np.random.default_rng(0) if rng is None else rng
    length = (rng.uniform(*SHAKE_LENGTH) if share is None else share) * max(image.shape[:2])
    return cv2.filter2D(image, -1, line_kernel(length, rng.uniform(0.0, np.pi)), borderType=cv2.BORDER_REFLECT)


def line_kernel(length: float, angle: float) -> np.ndarray:
    """A normalised kernel averaging along a segment of ``length`` px at ``angle`` (radians),
    drawn anti-aliased at 4 times the size then brought down (a short segment stays even)."""
    side = int(np.ceil(length)) | 1
    big = np.zeros((side * 4, side * 4), np.float32)
    c, dx, dy = side * 2 - 0.5, np.cos(angle) * length * 2, np.sin(angle) * length * 2
    cv2.line(big, (round((c - dx) * 16), round((c - dy) * 16)), (round((c + dx) * 16), round((c + dy) * 16)),
             1.0, thickness=4, lineType=cv2.LINE_AA, shift=4)
    kernel = cv2.resize(big, (side, side), interpolation=cv2.INTER_AREA)
    return kernel / kernel.sum()


def bright(image: np.ndarray, rng=None) -> np.ndarray:
    """Over-exposed: the light times ``BRIGHT_GAIN``, clipped at white."""
    return cv2.convertScaleAbs(image, alpha=BRIGHT_GAIN)


def glare(image: np.ndarray, rng=None) -> np.ndarray:
    """A lamp's reflections: ``GLARE_SPOTS`` white elliptic Gaussians at random places, each
    turned at random, added to the light."""
    rng = np.random.default_rng(0) if rng is None else rng
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    added = np.zeros((h, w), np.float32)
    for _ in range(int(rng.integers(GLARE_SPOTS[0], GLARE_SPOTS[1] + 1))):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        a, b = (rng.uniform(*GLARE_RADIUS) * max(h, w) for _ in range(2))
        turn = rng.uniform(0, np.pi)
        u = (xx - cx) * np.cos(turn) + (yy - cy) * np.sin(turn)
        v = -(xx - cx) * np.sin(turn) + (yy - cy) * np.cos(turn)
        added += 255.0 * rng.uniform(*GLARE_PEAK) * np.exp(-(u ** 2 / (2 * a ** 2) + v ** 2 / (2 * b ** 2)))
    if image.ndim == 3:
        added = added[..., None]
    return np.clip(image.astype(np.float32) + added, 0, 255).astype(np.uint8)


SETTINGS = {"grey": grey, "dim": dim, "warm": warm, "spot": spot, "blur": blur, "shake": shake, "bright": bright,
            "glare": glare}


def write_setting(source: Path, setting: str, out: Path, seed: int = 0, shade: float | None = None,
                  blur_share: float | None = None) -> int:
    """Write ``source`` (a YOLO-format folder: ``images/``, ``labels/``, a ``data.yaml`` beside
    or above it) to ``out`` under ``setting`` (``shade``: the spot setting's, default
    ``SPOT_SHADE``; ``blur_share``: the blur setting's sigma or the shake setting's length as a
    share of the longer side, default drawn from ``BLUR_SIGMA``, ``SHAKE_LENGTH``); returns the
    number of images written."""
    if setting not in SETTINGS:
        raise ValueError(f"unknown setting {setting!r}: one of {', '.join(SETTINGS)}")
    take = partial(spot, shade=shade) if setting == "spot" and shade is not None else \
        partial(SETTINGS[setting], share=blur_share) if setting in ("blur", "shake") and blur_share is not None \
        else SETTINGS[setting]
    out = Path(out)
    rng = np.random.default_rng(seed)
    written = 0
    for path, image, label in labelled_copy(source, out):
        cv2.imwrite(str(out / "images" / path.name), take(image, rng))
        if label.exists():
            shutil.copyfile(label, out / "labels" / label.name)
        written += 1
    return written


def labelled_copy(source: Path, out: Path):
    """Yield (path, BGR image, label path) for each readable image of ``source`` (a YOLO-format
    folder: ``images/``, ``labels/``, a ``data.yaml`` beside or above it), ``out`` made ready for
    their copies (``images/``, ``labels/``, the same ``data.yaml``)."""
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
    for path in paths:
        image = cv2.imread(str(path))
        if image is not None:
            yield path, image, source / "labels" / (path.stem + ".txt")


def folder_copy_parser(doc: str) -> argparse.ArgumentParser:
    """The command line of a script writing a labelled folder from another: its module's ``doc``
    (first paragraph as the description), ``source`` and ``--out``."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", type=Path, help="a labelled YOLO-format folder")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write")
    return parser


def folder_copy_main(argv, doc: str, write, seed_help: str, written: str) -> int:
    """The whole command of a script writing a labelled folder from another with a ``--seed``:
    ``write(source, out, seed)`` returns how many images it wrote, said as ``written``."""
    parser = folder_copy_parser(doc)
    parser.add_argument("--seed", type=int, default=0, help=seed_help)
    args = parser.parse_args(argv)
    n = write(args.source, args.out, args.seed)
    print(f"{n} {written} written to {args.out}")
    return 0


def main(argv=None) -> int:
    parser = folder_copy_parser(__doc__)
    parser.add_argument("--setting", required=True, choices=sorted(SETTINGS))
    parser.add_argument("--seed", type=int, default=0, help="the noise of the dim and spot settings, the spot's place, the blur, the glare's places")
    parser.add_argument("--shade", type=float, default=None,
                        help=f"the spot setting: the share of the light outside the spot (default {SPOT_SHADE})")
    parser.add_argument("--blur-share", type=float, default=None,
                        help="the blur setting: its sigma as a share of the photo's longer side (default drawn "
                             f"from {BLUR_SIGMA[0]}-{BLUR_SIGMA[1]}; 0.0047: 3 px at 640 px); the shake "
                             f"setting: its length (default drawn from {SHAKE_LENGTH[0]}-{SHAKE_LENGTH[1]})")
    args = parser.parse_args(argv)
    if args.blur_share is not None and args.setting not in ("blur", "shake"):
        parser.error("--blur-share is the blur and shake settings': give it with --setting blur or shake")
    if args.blur_share is not None and not 0.0 < args.blur_share < 0.1:
        parser.error("--blur-share is a share of the longer side: above 0, under 0.1")
    if args.shade is not None and args.setting != "spot":
        parser.error("--shade is the spot setting's: give it with --setting spot")
    if args.shade is not None and not 0.0 < args.shade <= 1.0:
        parser.error("--shade is a share of the light: above 0, at most 1")
    n = write_setting(args.source, args.setting, args.out, args.seed, args.shade, args.blur_share)
    print(f"{n} images written to {args.out} ({args.setting})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
