"""Augmented views of a tile crop: what one example of a tile set stands for when a tile-set
profile learns from it (``vision.finetune``, ``vision.profile``)."""
from __future__ import annotations

import numpy as np


def rot180(crop: np.ndarray) -> np.ndarray:
    """The crop turned half a turn (a tile facing away from the camera)."""
    return np.ascontiguousarray(crop[::-1, ::-1])


#: Ranges of ``augment_crop``: log-stretch of the crop's width against its height, the Gaussian
#: blur's sigma (px of the crop), the smallest side a view is shrunk to before being enlarged back.
#: Wider ranges (stretch 0.45, blur up to 2.5, 12 px) lost on most sets (docs/calibration.md, Decisions).
AUG_STRETCH = 0.2
AUG_BLUR_SIGMA = (0.4, 1.2)
AUG_MIN_SIDE = 20


def augment_crop(crop: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A plausible other photo of the same tile, as the reader would crop it: the crop warped by
    a random perspective (corners moved up to 8 %), turned up to 35°, scaled 0.85-1.15,
    stretched (the crop of a tilted tile is squeezed to a square), shifted; half of the time
    turned 180°; lighter or darker with a light gradient and a colour cast; sometimes seen
    smaller, blurred, noisy or JPEG-compressed. Tiles in the reader's photos are turned up to
    about 30° and tilted up to 40° (vision_lab.synth.render, photo_effects); measured: a wider
    rotation range or stronger zoom did not help (docs/experiments.md)."""
    import cv2
    h, w = crop.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + rng.uniform(-0.08, 0.08, (4, 2)).astype(np.float32) * [w, h]
    a = np.deg2rad(rng.uniform(-35, 35))
    s, stretch = rng.uniform(0.85, 1.15), np.exp(rng.uniform(-AUG_STRETCH, AUG_STRETCH))
    centre = np.array([w / 2, h / 2]) + rng.uniform(-0.06, 0.06, 2) * [w, h]
    turn = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]]) @ np.diag([s * stretch, s / stretch])
    dst = ((dst - [w / 2, h / 2]) @ turn.T + centre).astype(np.float32)
    out = cv2.warpPerspective(crop, cv2.getPerspectiveTransform(src, dst), (w, h), borderMode=cv2.BORDER_REFLECT101)
    if rng.random() < 0.5:
        out = rot180(out)
    out = out.astype(np.float32) * rng.uniform(0.6, 1.3) + rng.uniform(-30, 30) + rng.uniform(-15, 15, 3)
    if rng.random() < 0.5:
        gx, gy = rng.uniform(-0.3, 0.3, 2)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        out *= (1 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5))[..., None]
    out = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        side = int(rng.integers(AUG_MIN_SIDE, 56))
        out = cv2.resize(cv2.resize(out, (side, side), interpolation=cv2.INTER_AREA), (w, h))
    if rng.random() < 0.4:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(*AUG_BLUR_SIGMA))
    if rng.random() < 0.5:
        out = np.clip(out + rng.normal(0, rng.uniform(1, 7), out.shape), 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
        out = cv2.imdecode(enc, cv2.IMREAD_COLOR) if ok else out
    return out
