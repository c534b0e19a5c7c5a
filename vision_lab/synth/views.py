"""Other photos of one tile set, rendered from its calibration crops (an experiment
for tile-set profiles, off: docs/calibration.md, Decisions).

A calibration photo shows each tile once, upright and near frontal; the tiles read later lie in
rows seen from a tilted camera, some sideways, and are cut by the reader's boxes (tile bodies,
neighbours and the table inside the crop; a length guessed wrong now and then). Augmenting the
one crop as a flat picture (``vision.profile.augment_crop``) imitates little of that. Here each
calibration crop becomes the face of a rendered tile with the set's own body colour, and rows of
such tiles are rendered in perspective (``vision_lab.synth.render``) and cut as the reader cuts them
(``vision.crops.cut_tiles``): views of the user's own tiles as the reader will see them.

The calibration evaluation's rendered test sets come from the same renderer, so their figures
with these views flatter them; the real photo group (``hand_photos``) is the fair check
(docs/calibration.md)."""
from __future__ import annotations

import numpy as np

from vision.crops import MARGIN, cut_tiles


def face_from_crop(crop: np.ndarray):
    """(BGRA face for the renderer, body colour BGR) from a tile's crop: the crop's margin
    trimmed, the tile's face stretched back to a tile's 3:4 shape; the body colour is the median
    of the face's outer ring (the bare tile around the drawing)."""
    import cv2
    from .render import TEX_H, TEX_W
    h, w = crop.shape[:2]
    cut = MARGIN / (1 + 2 * MARGIN)
    y0, y1, x0, x1 = round(h * cut), h - round(h * cut), round(w * cut), w - round(w * cut)
    face = np.ascontiguousarray(crop[y0:y1, x0:x1])
    face = cv2.resize(face, (TEX_W, TEX_H), interpolation=cv2.INTER_LINEAR)
    ring = np.concatenate([face[:6].reshape(-1, 3), face[-6:].reshape(-1, 3),
                           face[:, :6].reshape(-1, 3), face[:, -6:].reshape(-1, 3)])
    body = tuple(int(v) for v in np.median(ring, axis=0))
    alpha = np.full(face.shape[:2] + (1,), 255, np.uint8)
    return np.concatenate([face, alpha], axis=2), body


def rendered_views(crops, codes, per_code: int, seed: int = 0):
    """About ``per_code`` views of each (crop, code), rendered in rows of 4-8 tiles (tilted and
    turned camera, sideways tiles, clutter, photo effects) and cut by their boxes; half turned
    180°. Returns (views, their codes)."""
    from .artwork import Style
    from .random_layouts import loose_row
    from .render import BACK_COLOURS, TileStyle, render_scene
    if len(crops) != len(codes) or not crops:
        raise ValueError("rendered_views needs one code per crop, at least one crop")
    rng = np.random.default_rng(seed)
    faces, bodies = {}, []
    for crop, code in zip(crops, codes):
        face, body = face_from_crop(crop)
        faces.setdefault(code, face)
        bodies.append(body)
    art = Style("calibration", faces=faces)
    body = tuple(int(v) for v in np.median(np.array(bodies), axis=0))
    wanted = sorted(faces)
    counts = dict.fromkeys(wanted, 0)
    views, truth = [], []
    while True:
        todo = [c for c in wanted if counts[c] < per_code]
        if not todo:
            return views, truth
        back = BACK_COLOURS[int(rng.integers(len(BACK_COLOURS)))]
        # The drawing already holds the set's face and ink: no recolouring, no stroke change;
        # the face fills the tile top as in the crop.
        style = TileStyle(art=art, body=body, back=back, hue=0.0, sat=1.0, val=1.0, stroke=0,
                          face_scale=1.0, thickness=float(rng.uniform(0.45, 0.85)),
                          layered=bool(rng.random() < 0.5))
        tiles = loose_row(rng, todo, int(rng.integers(4, 9)), p_sideways=0.2, max_extra_gap=0.2)
        size = int(rng.integers(300, 700))
        img, labels = render_scene(tiles, rng, size=(size, size * 3 // 4), style=style, clutter=2,
                                   camera_kw={"tilt_deg": (0, 40), "yaw_deg": (-30, 30)})
        keep = [t for t in labels if t.box[2] - t.box[0] >= 8 and t.box[3] - t.box[1] >= 8]
        for t, crop in zip(keep, cut_tiles(img, [t.box for t in keep])):
            if rng.random() < 0.5:
                crop = np.ascontiguousarray(crop[::-1, ::-1])
            views.append(crop)
            truth.append(t.code)
            counts[t.code] += 1
