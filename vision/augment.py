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
#: Share of the views first seen from low (``seen_from_low``): the face's height shrunk to
#: AUG_LOW_SQUASH of its width's share (a tile lying flat 12-37° under the camera) at AUG_LOW_SIDE
#: px across, then enlarged back, as the reader stretches such a crop to its square. A layout
#: photo is taken from above; a hand photo's tiles are often seen from low (docs/calibration.md,
#: "Capture modes": whole photos of one set in six capture modes).
AUG_LOW_SHARE = 0.3
AUG_LOW_SQUASH = (0.2, 0.6)
AUG_LOW_SIDE = (24, 56)


#: Share of the views smeared along a line, as a phone shaken while it takes the photo smears
#: them (``shaken``), and the smear's length as a share of the crop's width. Two GL-mono sets'
#: layout profiles, 0 → 0.3, read their tuning scenes shaken by 10 px at 640 px (`capture_settings
#: --setting shake`) 549 → 662 and 360 → 426 tiles right, as taken 957 → 955 and 613 → 617
#: (docs/calibration.md, Decisions; docs/experiments.md, "Shaken views in a profile's fine-tuning"); a held-out
#: draw (GL-mono 3, seed 1) shaken 394 → 467 of 798, as taken 719 → 725. 0: none.
AUG_SHAKE_SHARE = 0.3
AUG_SHAKE_LENGTH = (0.06, 0.25)


def shaken(crop: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``crop`` smeared along a line at any angle (a box kernel AUG_SHAKE_LENGTH of its width long)."""
    import cv2
    k = max(3, int(round(rng.uniform(*AUG_SHAKE_LENGTH) * crop.shape[1])) | 1)
    line = np.zeros((k, k), np.float32)
    line[k // 2, :] = 1.0
    turn = cv2.getRotationMatrix2D(((k - 1) / 2, (k - 1) / 2), float(rng.uniform(0, 180)), 1.0)
    line = cv2.warpAffine(line, turn, (k, k))
    return cv2.filter2D(crop, -1, line / max(float(line.sum()), 1e-6), borderType=cv2.BORDER_REFLECT101)


def seen_from_low(crop: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``crop`` as a phone sees its face from low: squashed to a few pixels high, then enlarged
    back to its size (the detail lost, the shape kept)."""
    import cv2
    h, w = crop.shape[:2]
    side = int(rng.integers(*AUG_LOW_SIDE))
    high = max(4, int(round(side * h / w * rng.uniform(*AUG_LOW_SQUASH))))
    small = cv2.resize(crop, (side, high), interpolation=cv2.INTER_AREA)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def augment_crop(crop: np.ndarray, rng: np.random.Generator, shake: float | None = None) -> np.ndarray:
    """A plausible other photo of the same tile, as the reader would crop it: the crop warped by
    a random perspective (corners moved up to 8 %), turned up to 35°, scaled 0.85-1.15,
    stretched (the crop of a tilted tile is squeezed to a square), shifted; half of the time
    turned 180°; lighter or darker with a light gradient and a colour cast; sometimes seen
    smaller, blurred (a share of them smeared along a line, AUG_SHAKE_SHARE), noisy or
    JPEG-compressed. Tiles in the reader's photos are turned up to
    about 30° and tilted up to 40° (vision_lab.synth.render, photo_effects); measured: a wider
    rotation range or stronger zoom did not help (docs/experiments.md). A share of the views
    (AUG_LOW_SHARE) is first seen from low; ``shake``: the share smeared (default AUG_SHAKE_SHARE,
    measured for the fine-tuned networks; the first format's prototypes keep 0)."""
    import cv2
    if rng.random() < AUG_LOW_SHARE:
        crop = seen_from_low(crop, rng)
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
    shake = AUG_SHAKE_SHARE if shake is None else shake
    if shake and rng.random() < shake:      # no draw when off: the views stay as they were
        out = shaken(out, rng)
    if rng.random() < 0.5:
        out = np.clip(out + rng.normal(0, rng.uniform(1, 7), out.shape), 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
        out = cv2.imdecode(enc, cv2.IMREAD_COLOR) if ok else out
    return out


def erase_patch(crop: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The crop with one random rectangle (8-25 % of its area, aspect 1:3 to 3:1) painted in the
    crop's median colour, as a finger, a glare or a neighbour's edge hides part of a face."""
    h, w = crop.shape[:2]
    area = rng.uniform(0.08, 0.25) * h * w
    aspect = np.exp(rng.uniform(np.log(1 / 3), np.log(3)))
    ph, pw = min(h, int(round(np.sqrt(area * aspect)))), min(w, int(round(np.sqrt(area / aspect))))
    y, x = int(rng.integers(0, h - ph + 1)), int(rng.integers(0, w - pw + 1))
    out = crop.copy()
    out[y:y + ph, x:x + pw] = np.median(crop.reshape(-1, crop.shape[2]), 0).astype(crop.dtype)
    return out


def row_context(crop: np.ndarray, left: np.ndarray, right: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``crop`` as the reader cuts a tile out of a row: its neighbours touch it on both sides
    (``left`` and ``right``, other examples of the set, a random share of which is a gap of
    table) and the cut window misses the tile's own edges by up to 12 % of its size, the way the
    detector's boxes do; a glare spot lies on the face a third of the time. Same size as ``crop``."""
    import cv2
    h, w = crop.shape[:2]
    table = np.full_like(crop, rng.integers(20, 200, 3).astype(np.uint8))
    strip = np.hstack([left if rng.random() < 0.8 else table, crop, right if rng.random() < 0.8 else table])
    # The window: the centre tile's frame shifted and scaled by the cut error.
    scale = rng.uniform(0.9, 1.2)
    cw, ch = w * scale, h * scale
    cx = w + w / 2 + rng.uniform(-0.12, 0.12) * w
    cy = h / 2 + rng.uniform(-0.12, 0.12) * h
    m = np.float32([[cw / w, 0, cx - cw / 2], [0, ch / h, cy - ch / 2]])
    out = cv2.warpAffine(strip, m, (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                         borderMode=cv2.BORDER_REPLICATE)
    if rng.random() < 1 / 3:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        gx, gy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
        rx, ry = rng.uniform(0.1, 0.35) * w, rng.uniform(0.05, 0.2) * h
        spot = np.exp(-(((xx - gx) / rx) ** 2 + ((yy - gy) / ry) ** 2)) * rng.uniform(0.4, 0.9)
        out = (out * (1 - spot[..., None]) + 255 * spot[..., None]).astype(np.uint8)
    return out
