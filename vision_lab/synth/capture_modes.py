"""Scenes of 3D tile bodies (``bodies.py``) by capture mode, and labelled sets of them.

A capture mode is how the tiles lie and where the camera is:

- ``flat_above``: tiles lying face up in touching rows and blocks (some two layers high, some
  face down), camera 60-90° above the table;
- ``flat_low``: the same layouts seen 15-35° above the table;
- ``standing``: a player's hand standing on the table, faces towards the camera, 8-30° above
  the table; sometimes melds lying in front and a wall behind;
- ``heaps``: tiles thrown together at any turn, overlapping and lying on each other, 30-90°;
- ``turned``: rows and blocks turned 0-90° in the picture, 40-90°;
- ``mixed``: a table in play (a standing hand, melds, discards, a wall of face-down tiles, dice),
  10-75°.

``write_mode_scenes`` writes N scenes as a YOLO folder: with ``labels="codes"`` the classes are
the tile codes (``data.yaml`` names = ``scorer.tiles.ALL_CODES``, face-down tiles unlabelled,
as ``vision_lab.datasets.build_rendered_eval_set`` writes), which ``mjtable eval`` scores; with
``labels="detector"`` they are the detector's ``tile``/``back`` (``vision.codes.DETECTOR_CLASSES``,
as ``build_detector_dataset`` writes).

    python -m vision_lab.synth.bodies --mode standing --scenes 60 --seed 1 --out build/modes/standing
"""
from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import cv2
import numpy as np

from .bodies import (SUPERSAMPLE, Body, TileLook, ZCanvas, body_camera, draw_bodies, flat_tile, labels_from,
                     random_light, random_look, rest_on, scaled_camera, standing_tile, _rot_axis, _rot_z)
from .render import photo_effects
from .surroundings import add_glare, add_hand, cast_shadows, die_textures, table_and_room

GAP = 0.01        # between touching tiles (tile widths)

#: Camera elevation (degrees above the table) and azimuth (degrees from the viewer's side) per mode.
CAMERAS = {
    "flat_above": ((60, 90), (-20, 20)),
    "flat_low": ((15, 35), (-25, 25)),
    "standing": ((8, 30), (-30, 30)),
    "heaps": ((30, 90), (-180, 180)),
    "turned": ((40, 90), (-10, 10)),
    "mixed": ((10, 75), (-40, 40)),
}
MODES = tuple(CAMERAS)


def _pick(rng, codes) -> str:
    return str(codes[int(rng.integers(len(codes)))])


def flat_block(rng, codes, half, x0=0.0, y0=0.0, rows=None, cols=None, p_down=None, two_layers=None,
               group="block") -> list[Body]:
    """Touching rows of tiles lying face up (a few face down), sometimes a second layer on top
    (as tiles are stacked when a hand is set out in blocks)."""
    rows = int(rng.integers(1, 4)) if rows is None else rows
    cols = int(rng.integers(3, 12)) if cols is None else cols
    p_down = float(rng.choice([0.0, 0.0, 0.1, 0.3])) if p_down is None else p_down
    two_layers = bool(rng.random() < 0.3) if two_layers is None else two_layers
    length = 2 * half[1]
    row_gap = float(rng.choice([GAP, GAP, rng.uniform(0.05, 0.6)]))
    tiles = []
    for r in range(rows):
        for c in range(cols):
            down = rng.random() < p_down
            tiles.append(flat_tile(None if down else _pick(rng, codes), x0 + c * (1 + GAP), y0 - r * (length + row_gap),
                                   half, yaw=float(rng.uniform(-2, 2)), face_down=down, group=group))
    if two_layers:
        c0 = int(rng.integers(0, max(1, cols - 2)))
        for c in range(c0, min(cols, c0 + int(rng.integers(2, cols + 1)))):
            for r in range(int(rng.integers(1, rows + 1))):
                down = rng.random() < p_down
                tiles.append(flat_tile(None if down else _pick(rng, codes), x0 + c * (1 + GAP) + rng.uniform(-0.05, 0.05),
                                       y0 - r * (length + row_gap), half, yaw=float(rng.uniform(-3, 3)),
                                       face_down=down, height=2 * half[2], group=group + "_top"))
    return tiles


def standing_row(rng, codes, half, x0=0.0, y0=0.0, n=None, group="hand") -> list[Body]:
    """A player's hand: tiles standing on their bottom edge, touching, faces towards the viewer,
    leaning back a little, the row slightly bent."""
    n = int(rng.integers(5, 18)) if n is None else n
    lean = float(rng.uniform(0, 14))
    bend = float(rng.uniform(-0.012, 0.012))
    tiles = []
    for i in range(n):
        x = x0 + i * (1 + GAP)
        dx = x - x0 - n / 2
        yaw = math.degrees(math.atan(2 * bend * dx)) + float(rng.uniform(-1.5, 1.5))
        tiles.append(standing_tile(_pick(rng, codes), x, y0 + bend * dx * dx, half, yaw=yaw,
                                   lean=lean + float(rng.uniform(-2, 2)), group=group))
    return tiles


def wall(rng, half, x0=0.0, y0=0.0, n=None, yaw=0.0, group="wall") -> list[Body]:
    """A wall: stacks of two face-down tiles side by side (only the top layer's backs face up)."""
    n = int(rng.integers(5, 18)) if n is None else n
    along = _rot_z(yaw) @ np.array([1.0, 0, 0])
    tiles = []
    for i in range(n):
        x, y = np.array([x0, y0]) + along[:2] * i * (1 + GAP)
        for layer in range(2 if rng.random() < 0.92 else 1):
            tiles.append(flat_tile(None, float(x), float(y), half, yaw=yaw + float(rng.uniform(-1.5, 1.5)), face_down=True,
                                   height=layer * 2 * half[2], group=group))
    return tiles


def _footprint(body: Body) -> np.ndarray:
    return cv2.convexHull(body.corners()[:, :2].astype(np.float32)).reshape(-1, 2)


def heap(rng, codes, half, n=None) -> list[Body]:
    """Tiles thrown together: any turn, some face down, touching and overlapping; a tile that
    falls on others lies on them (flat when well supported, else tilted off their edge)."""
    n = int(rng.integers(8, 40)) if n is None else n
    area = 1.0 * math.sqrt(n) + 1.5
    tiles: list[Body] = []
    for _ in range(n):
        x, y = rng.uniform(0, area, 2)
        down = rng.random() < 0.2
        t = flat_tile(None if down else _pick(rng, codes), float(x), float(y), half, yaw=float(rng.uniform(0, 360)),
                      face_down=down, group="heap")
        foot = _footprint(t)
        own = cv2.contourArea(foot)
        support, weights, overlap = 0.0, np.zeros(2), 0.0
        for other in tiles:
            inter, _ = cv2.intersectConvexConvex(foot, _footprint(other))
            if inter > 0.02:
                top = float(other.corners()[:, 2].max())
                support = max(support, top)
                weights += (other.p[:2] - t.p[:2]) * inter
                overlap += inter
        if support > 0:
            if support > 5 * half[2] + 1e-6:     # no towers: the tile slides off
                continue
            if overlap > 0.6 * own:
                rest_on(t, support)
            else:
                # Tilted: the side over the others raised onto them, the other on what is below.
                towards = weights / (np.linalg.norm(weights) + 1e-9)
                axis = np.array([-towards[1], towards[0], 0.0])
                tilt = math.degrees(math.atan2(support, 1.2))
                t.R = _rot_axis(axis, tilt) @ t.R
                rest_on(t, max(0.0, support - 2 * half[2] - 0.6 * math.sin(math.radians(tilt))))
        tiles.append(t)
    return tiles


def turned(rng, codes, half) -> list[Body]:
    """Rows or a block turned 0-90° either way as a whole."""
    tiles = flat_block(rng, codes, half, two_layers=False)
    R = _rot_z(float(rng.uniform(0, 90)) * float(rng.choice([-1, 1])))
    for t in tiles:
        t.R = R @ t.R
        t.p = R @ t.p
    return tiles


def mixed(rng, codes, half) -> list[Body]:
    """A table in play: a standing hand, melds lying in front of it, discards, a wall."""
    n_hand = int(rng.integers(7, 15))
    tiles = standing_row(rng, codes, half, 0.0, 0.0, n=n_hand)
    length = 2 * half[1]
    if rng.random() < 0.7:       # melds in front, lying face up
        x = float(rng.uniform(-2, 2))
        for m in range(int(rng.integers(1, 4))):
            code = _pick(rng, codes)
            for k in range(int(rng.choice([3, 3, 4]))):
                tiles.append(flat_tile(code, x, -length * 0.6 - 0.6, half, yaw=float(rng.uniform(-3, 3)), group=f"meld{m}"))
                x += 1 + GAP
            x += float(rng.uniform(0.3, 1.0))
    if rng.random() < 0.7:       # discards in the middle of the table
        tiles += flat_block(rng, codes, half, float(rng.uniform(0, 4)), float(rng.uniform(3, 5)),
                            rows=int(rng.integers(1, 3)), cols=int(rng.integers(3, 7)), p_down=0.0, two_layers=False,
                            group="discards")
        for t in tiles[-12:]:
            if t.group == "discards":
                t.p[:2] += rng.uniform(-0.08, 0.08, 2)
    if rng.random() < 0.7:       # a wall behind
        tiles += wall(rng, half, float(rng.uniform(-2, 3)), float(rng.uniform(6, 9)))
    return tiles


def layout_for(mode: str, rng, codes, half) -> list[Body]:
    if mode in ("flat_above", "flat_low"):
        kind = rng.random()
        if kind < 0.55:
            tiles = flat_block(rng, codes, half)
        elif kind < 0.8:
            tiles = flat_block(rng, codes, half, rows=1) + flat_block(rng, codes, half, float(rng.uniform(-2, 3)),
                                                                      -2 * half[1] - float(rng.uniform(0.4, 2)), rows=1)
        else:
            tiles = flat_block(rng, codes, half, rows=int(rng.integers(1, 3))) + wall(rng, half, float(rng.uniform(-2, 2)),
                                                                                     float(rng.uniform(2.5, 4)))
        return tiles
    if mode == "standing":
        tiles = standing_row(rng, codes, half)
        n = len(tiles)
        if rng.random() < 0.4:
            tiles += flat_block(rng, codes, half, float(rng.uniform(0, max(1, n - 4))), -2 * half[1] - 0.3, rows=1,
                                cols=int(rng.integers(3, 8)), p_down=0.05, two_layers=False, group="melds")
        if rng.random() < 0.3:
            tiles += wall(rng, half, float(rng.uniform(-1, 3)), float(rng.uniform(3, 6)))
        return tiles
    if mode == "heaps":
        return heap(rng, codes, half)
    if mode == "turned":
        return turned(rng, codes, half)
    if mode == "mixed":
        return mixed(rng, codes, half)
    raise KeyError(f"unknown capture mode {mode!r}; modes: {', '.join(MODES)}")


def add_dice(rng, tiles: list[Body]) -> list[Body]:
    """One to three dice beside the tiles (not on them)."""
    pts = np.vstack([t.corners() for t in tiles])
    lo, hi = pts[:, :2].min(0), pts[:, :2].max(0)
    out = []
    for _ in range(int(rng.integers(1, 4))):
        side = float(rng.uniform(0.28, 0.4))
        tex = die_textures(rng)
        for _try in range(10):
            x, y = rng.uniform(lo - 2, hi + 2)
            if not (lo[0] - 0.5 < x < hi[0] + 0.5 and lo[1] - 0.5 < y < hi[1] + 0.5):
                break
        die = Body(_rot_z(float(rng.uniform(0, 90))), np.array([x, y, side]), (side, side, side), is_tile=False,
                   textures=tex, colour=tuple(float(v) for v in tex[(2, 1)][1, 1]))
        out.append(rest_on(die))
    return out


def render_body_scene(bodies: list[Body], look: TileLook, rng: np.random.Generator, elevation: float, azimuth: float,
                      size=(640, 640), supersample: int = SUPERSAMPLE, effects=True, hand: bool | None = None,
                      glare: bool | None = None, fill=(0.55, 0.95), box_kind: str = "face", unlabelled: bool = False):
    """(BGR image of ``size``, labels) of ``bodies`` seen from ``elevation``/``azimuth``;
    ``box_kind``: ``bodies.BOX_KINDS``; ``unlabelled``: ``bodies.labels_from``."""
    w, h = size
    pts = np.vstack([b.corners() for b in bodies])
    tile_pts = np.vstack([b.corners() for b in bodies if b.is_tile])
    cam = body_camera(tile_pts, size, rng, elevation, azimuth, fill=fill, roll=float(rng.uniform(-4, 4)),
                      hfov=float(rng.uniform(50, 70)))
    big = scaled_camera(cam, supersample)
    W, H = w * supersample, h * supersample
    extent = (pts[:, 0].min(), pts[:, 1].min(), pts[:, 0].max(), pts[:, 1].max())
    # The background needs no smoothing of edges: drawn at the output size, then enlarged.
    background = table_and_room(cam, w, h, rng, extent)
    light = random_light(rng, pts.mean(0))
    cast_shadows(background, cam, bodies, light.direction, rng)
    if supersample != 1:
        background = cv2.resize(background, (W, H), interpolation=cv2.INTER_LINEAR)
    canvas = ZCanvas(background, big)
    drawn = draw_bodies(canvas, bodies, look, light, rng)
    if hand if hand is not None else rng.random() < 0.15:
        add_hand(canvas.img, canvas.ids, rng)
    labels = labels_from(canvas, bodies, drawn, scale=supersample, box_kind=box_kind, unlabelled=unlabelled)
    img = cv2.resize(canvas.img, (w, h), interpolation=cv2.INTER_AREA)
    if glare if glare is not None else rng.random() < 0.3:
        add_glare(img, rng)
    img = photo_effects(img, rng) if effects else np.clip(img, 0, 255).astype(np.uint8)
    return img, labels


def mode_scene(mode: str, rng: np.random.Generator, styles, data_root=None, size=(640, 640), codes_of=None,
               look: TileLook | None = None, **kw):
    """One scene of capture ``mode``: (BGR image, labels). ``codes_of(style)``: the codes to
    draw from (default: every code the style has a face for). ``look``: the tile set (default a
    new one drawn from ``styles``)."""
    drawn = random_look(rng, styles, data_root)     # drawn either way: a scene's other draws stay the same
    look = drawn if look is None else look
    codes = codes_of(look.style) if codes_of else sorted(look.style.art.faces)
    tiles = layout_for(mode, rng, codes, look.half)
    if rng.random() < 0.3:
        tiles += add_dice(rng, tiles)
    (e0, e1), (a0, a1) = CAMERAS[mode]
    return render_body_scene(tiles, look, rng, float(rng.uniform(e0, e1)), float(rng.uniform(a0, a1)), size=size, **kw)


def write_mode_scenes(out: Path, mode: str, n: int, seed: int = 1, styles=("gl",), data_root=None, size=(640, 640),
                      labels: str = "codes", box_kind: str = "face", log=print, supersample: int = SUPERSAMPLE,
                      look: TileLook | None = None) -> Path:
    """``n`` scenes of ``mode`` as a YOLO folder (images/, labels/, data.yaml written last, so an
    interrupted folder is not taken for a complete one); labels: module doc. With code labels,
    unlabelled/ holds in the same form the faces seen too little or too edge-on for a label
    (``bodies.labels_from``), so that the evaluation can say which reads on no label lie on a
    tile's face. Scene i depends on (seed, mode, i) only. ``supersample``: drawn at this multiple
    of ``size`` (1 for a phone's 4032 × 3024, whose edges need no smoothing). ``look``: one tile
    set for every scene (``set_look``), as one player's photos show; default a new set a scene.
    Returns the folder."""
    from scorer.tiles import ALL_CODES
    from vision.codes import DETECTOR_CLASSES
    from ..yolo_labels import yolo_line as _yolo_line
    out = Path(out)
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(parents=True, exist_ok=True)
    if labels == "codes":
        (out / "unlabelled").mkdir(parents=True, exist_ok=True)
    names = list(ALL_CODES) if labels == "codes" else list(DETECTOR_CLASSES)
    t0 = time.perf_counter()
    for i in range(n):
        rng = np.random.default_rng([seed, MODES.index(mode), i])
        img, tiles = mode_scene(mode, rng, styles, data_root, size, look=look, box_kind=box_kind,
                                supersample=supersample, unlabelled=labels == "codes")
        h, w = img.shape[:2]
        stem = f"{mode}_{i:04d}"
        if labels == "codes":
            faces = [t for t in tiles if not t.face_down and t.code]
            lines = [_yolo_line(names.index(t.code), t.box, w, h) for t in faces if t.labelled]
            seen = [_yolo_line(names.index(t.code), t.box, w, h) for t in faces if not t.labelled]
            (out / "unlabelled" / f"{stem}.txt").write_text("".join(f"{line}\n" for line in seen))
        else:
            lines = [_yolo_line(names.index("back" if t.face_down else "tile"), t.box, w, h) for t in tiles]
        cv2.imwrite(str(out / "images" / f"{stem}.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
        (out / "labels" / f"{stem}.txt").write_text("\n".join(lines) + "\n")
        if (i + 1) % 20 == 0:
            log(f"{mode}: {i + 1}/{n} scenes, {(time.perf_counter() - t0) / (i + 1):.2f} s each")
    (out / "data.yaml").write_text(f"names: {names}\n")
    return out


def set_look(seed: int, styles=("gl",), data_root=None) -> TileLook:
    """One physical tile set (faces, body and back colours, thickness, ink), the same for every
    call with this ``seed``: a player's set, for ``write_mode_scenes(look=...)`` and its layout
    photo (``layout_scene``)."""
    return random_look(np.random.default_rng([seed, 7919]), styles, data_root)


#: Camera of a layout photo: from above or a little in front, as the guide asks (docs/calibration.md).
LAYOUT_CAMERA = ((60, 88), (-8, 8))


def layout_rows(faces) -> list:
    """The rows of codes a set with ``faces`` (its codes) lays out for its profile
    (``vision.calibration.LAYOUT_ROWS``; the bonus row only when the set has every bonus tile)."""
    from vision.calibration import LAYOUT_ROWS
    return [codes for _, codes in LAYOUT_ROWS if all(c in faces for c in codes)]


def layout_scene(look: TileLook, rng: np.random.Generator, size=(1280, 960), supersample: int = SUPERSAMPLE):
    """(BGR image, labels): the calibration layout of ``look``'s set (``layout_rows``), its rows
    touching tile to tile, a small gap between rows, photographed from above as
    docs/calibration.md asks."""
    rows = layout_rows(look.style.art.faces)
    length = 2 * look.half[1]
    gap = float(rng.uniform(0.08, 0.3)) * length
    tiles = [flat_tile(code, c * (1 + GAP) + float(rng.uniform(-0.03, 0.03)), -r * (length + gap), look.half,
                       yaw=float(rng.uniform(-2, 2)), group=f"row{r}")
             for r, codes in enumerate(rows) for c, code in enumerate(codes)]
    (e0, e1), (a0, a1) = LAYOUT_CAMERA
    return render_body_scene(tiles, look, rng, float(rng.uniform(e0, e1)), float(rng.uniform(a0, a1)), size=size,
                             supersample=supersample, hand=False, glare=False, fill=(0.7, 0.9))


def _size(text: str) -> tuple[int, int]:
    """"640" or "4032x3024": (width, height)."""
    try:
        w, _, h = text.lower().partition("x")
        size = (int(w), int(h or w))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected W or WxH in pixels, got {text!r}") from None
    if min(size) < 32:
        raise argparse.ArgumentTypeError(f"a picture of at least 32 x 32 pixels, got {text!r}")
    return size


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision_lab.synth.capture_modes",
                                 description="Write rendered scenes of one capture mode as a YOLO folder.")
    ap.add_argument("--mode", choices=MODES, required=True)
    ap.add_argument("--scenes", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--styles", default="gl", help="artwork styles, comma-separated (default gl, kept out of training)")
    ap.add_argument("--labels", choices=("codes", "detector"), default="codes",
                    help="codes: tile codes, for mjtable eval; detector: tile/back")
    ap.add_argument("--size", type=_size, default=(640, 640), metavar="W[xH]",
                    help="picture size in pixels (default 640; 4032x3024: a phone's photo)")
    ap.add_argument("--supersample", type=int, default=SUPERSAMPLE,
                    help=f"draw at this multiple of the size, then reduce (default {SUPERSAMPLE}; 1 for large pictures)")
    ap.add_argument("--box", choices=("face", "body"), default="face",
                    help="label box: the seen face (as the real photos' labels) or the whole seen tile body")
    ap.add_argument("--set-seed", type=int, default=None, metavar="N",
                    help="one tile set (drawn from the styles by N) in every scene, as one player's photos show; "
                         "default a new set a scene")
    ap.add_argument("--layout-photo", type=Path, default=None, metavar="JPG",
                    help="with --set-seed: also write that set's calibration layout photo (docs/calibration.md) here")
    args = ap.parse_args(argv)
    if args.supersample < 1:
        ap.error("--supersample must be 1 or more")
    if args.layout_photo is not None and args.set_seed is None:
        ap.error("--layout-photo needs --set-seed (the set to lay out)")
    styles = tuple(args.styles.split(","))
    look = None if args.set_seed is None else set_look(args.set_seed, styles)
    if args.layout_photo is not None:
        img, _ = layout_scene(look, np.random.default_rng([args.set_seed, 104729]))
        args.layout_photo.parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(args.layout_photo), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
        print(f"wrote the set's layout photo to {args.layout_photo}")
    out = write_mode_scenes(Path(args.out), args.mode, args.scenes, args.seed, styles, size=args.size,
                            labels=args.labels, box_kind=args.box, supersample=args.supersample, look=look)
    print(f"wrote {args.scenes} {args.mode} scenes to {out}")


if __name__ == "__main__":
    main()
