"""Render a table scene from a list of ``PlacedTile`` with exact labels.

Geometry: the table is the plane z=0, in tile-width units (a tile's face is 1 wide and
``TILE_ASPECT`` long, its body ``thickness`` high). A pinhole camera looks down at the layout
from a random tilt and yaw; each tile is a box whose 8 corners are projected; bodies are drawn
far to near (painter's order), then the top face is warped on. Labels are computed from the same
projected corners, so a label box is exactly the drawn tile's outline.

Style randomisation (so models learn tiles rather than one drawing): ink hue/saturation/value,
stroke width (alpha erode/dilate), face scale and offset, body colour, back colour, thickness.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.types import PlacedTile
from .artwork import PROCEDURAL, STYLES, Style, load_style

TILE_ASPECT = 4 / 3          # face length / width
TEX_W, TEX_H = 96, 128       # texture of a tile's top face

BACK_COLOURS = [(40, 120, 30), (160, 90, 20), (30, 160, 220), (40, 40, 200), (20, 110, 210),
                (130, 60, 120), (60, 160, 60), (200, 140, 60), (50, 50, 50), (180, 190, 40)]  # BGR


@dataclass
class TileStyle:
    """One physical tile set's look, drawn at random per scene."""
    art: Style
    body: tuple[int, int, int]
    back: tuple[int, int, int]
    hue: float
    sat: float
    val: float
    stroke: int               # -1 thinner, 0, +1 thicker
    face_scale: float
    thickness: float
    layered: bool             # two-layer body (back colour under the ivory)


def random_style(rng: np.random.Generator, styles=STYLES, data_root=None, art: Style | None = None) -> TileStyle:
    """A random physical look; ``art`` (faces) is drawn from ``styles`` unless given. The style
    name ``"procedural"`` means a generated tile set (vision_lab/synth/procedural.py), taken from a
    bounded cache of seeded sets so that many scenes stay cheap."""
    if art is None:
        name = str(rng.choice(list(styles)))
        if name == PROCEDURAL:
            from .procedural import PROCEDURAL_SEEDS, pooled_procedural_style
            art = pooled_procedural_style(int(rng.integers(PROCEDURAL_SEEDS)))
        else:
            art = load_style(name, data_root)
    if art.dark_body:
        g = int(rng.integers(20, 70))
        body = (g + int(rng.integers(0, 20)), g, g + int(rng.integers(0, 20)))
    else:
        base = int(rng.integers(205, 256))
        body = (max(0, base - int(rng.integers(0, 45))), max(0, base - int(rng.integers(0, 20))), base)
    back = BACK_COLOURS[int(rng.integers(len(BACK_COLOURS)))]
    back = tuple(int(np.clip(c + rng.integers(-25, 26), 0, 255)) for c in back)
    return TileStyle(art=art, body=body, back=back, hue=float(rng.uniform(-8, 8)),
                     sat=float(rng.uniform(0.6, 1.3)), val=float(rng.uniform(0.55, 1.1)),
                     stroke=int(rng.choice([-1, 0, 0, 1])), face_scale=float(rng.uniform(0.72, 0.94)),
                     thickness=float(rng.uniform(0.45, 0.85)), layered=bool(rng.random() < 0.6))


def _recolour(face: np.ndarray, style: TileStyle) -> np.ndarray:
    bgr, alpha = face[..., :3], face[..., 3]
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV).astype(np.float32)
    hsv[..., 0] = (hsv[..., 0] + style.hue) % 180
    hsv[..., 1] = np.clip(hsv[..., 1] * style.sat, 0, 255)
    hsv[..., 2] = np.clip(hsv[..., 2] * style.val, 0, 255)
    bgr = cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR)
    if style.stroke:
        k = np.ones((3, 3), np.uint8)
        alpha = cv2.dilate(alpha, k) if style.stroke > 0 else cv2.erode(alpha, k)
    return np.dstack([bgr, alpha])


def face_texture(code: str | None, style: TileStyle, rng: np.random.Generator, face_down=False) -> np.ndarray:
    """Top face of one tile (BGR, TEX_H x TEX_W): body colour with the face drawing, or the back."""
    colour = style.back if face_down else style.body
    tex = np.empty((TEX_H, TEX_W, 3), np.float32)
    tex[:] = colour
    # Soft bevel: darker towards the edges.
    yy, xx = np.mgrid[0:TEX_H, 0:TEX_W].astype(np.float32)
    edge = np.minimum.reduce([xx, yy, TEX_W - 1 - xx, TEX_H - 1 - yy])
    tex *= (0.82 + 0.18 * np.clip(edge / 7.0, 0, 1))[..., None]
    if not face_down and code is not None:
        face = _recolour(style.art.faces[code], style)
        fw = int(TEX_W * style.face_scale)
        fh = int(fw * face.shape[0] / face.shape[1])
        if fh > TEX_H * style.face_scale:
            fh = int(TEX_H * style.face_scale)
            fw = int(fh * face.shape[1] / face.shape[0])
        face = cv2.resize(face, (fw, fh), interpolation=cv2.INTER_AREA)
        x0 = (TEX_W - fw) // 2 + int(rng.integers(-2, 3))
        y0 = (TEX_H - fh) // 2 + int(rng.integers(-2, 3))
        x0, y0 = int(np.clip(x0, 0, TEX_W - fw)), int(np.clip(y0, 0, TEX_H - fh))
        a = face[..., 3:].astype(np.float32) / 255.0
        region = tex[y0:y0 + fh, x0:x0 + fw]
        tex[y0:y0 + fh, x0:x0 + fw] = region * (1 - a) + face[..., :3].astype(np.float32) * a
    return np.clip(tex, 0, 255).astype(np.uint8)


# ---------------------------------------------------------------- camera and geometry

def tile_corners_3d(t: PlacedTile, thickness: float) -> np.ndarray:
    """8 corners (4 bottom, then 4 top) of a tile's body; corners in face order TL, TR, BR, BL.

    At angle 0 the face's top edge points away from the viewer (towards -y); ``angle``
    rotates the tile counter-clockwise as seen from above (90 = lying sideways)."""
    hw, hh = 0.5, TILE_ASPECT / 2
    local = np.array([[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]])
    a = math.radians(t.angle)
    rot = np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
    xy = local @ rot.T + [t.x, t.y]
    # Layout y grows towards the viewer (like image rows); the world frame is right-handed with
    # z up, so its y axis points away from the viewer.
    xy[:, 1] = -xy[:, 1]
    base = 0.0
    if t.stacked:
        base = thickness
    bottom = np.column_stack([xy, np.full(4, base)])
    top = np.column_stack([xy, np.full(4, base + thickness)])
    return np.vstack([bottom, top])


@dataclass
class Camera:
    R: np.ndarray     # world -> camera rotation
    C: np.ndarray     # camera centre (world)
    f: float
    cx: float
    cy: float

    def project(self, pts: np.ndarray) -> np.ndarray:
        pc = (pts - self.C) @ self.R.T
        z = np.maximum(pc[:, 2], 1e-6)
        return np.column_stack([self.f * pc[:, 0] / z + self.cx, self.f * pc[:, 1] / z + self.cy])

    def depth(self, pts: np.ndarray) -> np.ndarray:
        return ((pts - self.C) @ self.R.T)[:, 2]


def _look_at(C: np.ndarray, target: np.ndarray, up_hint: np.ndarray) -> np.ndarray:
    z = target - C
    z /= np.linalg.norm(z)
    x = np.cross(z, up_hint)
    if np.linalg.norm(x) < 1e-6:
        x = np.cross(z, np.array([1.0, 0, 0]))
    x /= np.linalg.norm(x)
    y = np.cross(z, x)
    return np.vstack([x, y, z])


def make_camera(points: np.ndarray, size: tuple[int, int], rng: np.random.Generator,
                tilt_deg=(0, 45), yaw_deg=(-20, 20), fill=(0.6, 0.98)) -> Camera:
    """A camera that sees every point (world frame: z up, +y away from the viewer), looking at the
    layout from a random tilt and yaw. Image "up" is towards +y (away from the viewer)."""
    w, h = size
    centre = np.array([points[:, 0].mean(), points[:, 1].mean(), 0.0])
    extent = max(np.ptp(points[:, 0]), np.ptp(points[:, 1]), 1.0)
    tilt = math.radians(rng.uniform(*tilt_deg))
    yaw = math.radians(rng.uniform(*yaw_deg))
    dist = extent * rng.uniform(1.5, 3.0)
    # Camera on the viewer's side (-y), raised, looking at the centre.
    offset = np.array([math.sin(yaw) * math.sin(tilt), -math.cos(yaw) * math.sin(tilt), math.cos(tilt)])
    C = centre + dist * offset
    # Up in the image = away from the viewer (+y), rolled a little.
    roll = math.radians(rng.uniform(-8, 8))
    up = np.array([-math.sin(yaw + roll), math.cos(yaw + roll), 0.0])
    R = _look_at(C, centre, up)
    cam = Camera(R=R, C=C, f=1.0, cx=0.0, cy=0.0)
    uv = cam.project(points)
    span = max(np.ptp(uv[:, 0]) / w, np.ptp(uv[:, 1]) / h, 1e-9)
    cam.f = rng.uniform(*fill) / span
    uv = cam.project(points)
    slack_x = w - np.ptp(uv[:, 0])
    slack_y = h - np.ptp(uv[:, 1])
    cam.cx = -uv[:, 0].min() + rng.uniform(0.05, 0.95) * slack_x
    cam.cy = -uv[:, 1].min() + rng.uniform(0.05, 0.95) * slack_y
    return cam


# ---------------------------------------------------------------- background and effects

def table_background(size, rng: np.random.Generator) -> np.ndarray:
    w, h = size
    kind = rng.integers(4)
    base = np.array(rng.integers(20, 235, 3), np.float32)
    if kind == 0:  # felt
        base = np.array(rng.choice([(60, 140, 40), (120, 90, 30), (40, 60, 140), (70, 70, 70)]), np.float32)
    img = np.empty((h, w, 3), np.float32)
    img[:] = base
    noise = cv2.resize(rng.normal(0, 1, (max(2, h // 8), max(2, w // 8))).astype(np.float32), (w, h))
    img += noise[..., None] * rng.uniform(3, 18)
    if kind == 1:  # wood grain
        yy = np.arange(h, dtype=np.float32)[:, None]
        grain = np.sin(yy / rng.uniform(3, 12) + cv2.resize(rng.normal(0, 2, (8, 8)).astype(np.float32), (w, h)))
        img += grain[..., None] * rng.uniform(5, 20)
        if rng.random() < 0.5:
            img = np.ascontiguousarray(np.rot90(img)) if h == w else img
    img += rng.normal(0, rng.uniform(1, 6), img.shape).astype(np.float32)
    return img


def add_clutter(img: np.ndarray, rng: np.random.Generator, n: int) -> None:
    h, w = img.shape[:2]
    for _ in range(n):
        colour = tuple(float(c) for c in rng.integers(0, 256, 3))
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        s = int(rng.integers(max(4, w // 40), max(8, w // 6)))
        shape = rng.integers(3)
        if shape == 0:
            cv2.circle(img, (x, y), s // 2, colour, -1)
        elif shape == 1:
            cv2.rectangle(img, (x, y), (x + s, y + int(s * rng.uniform(0.2, 2))), colour, -1)
        else:
            cv2.line(img, (x, y), (x + int(rng.integers(-s, s)), y + int(rng.integers(-s, s))), colour,
                     int(rng.integers(1, 6)))


def photo_effects(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    h, w = img.shape[:2]
    # Lighting: a smooth gradient and an optional soft shadow.
    gx, gy = rng.uniform(-0.35, 0.35, 2)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    light = 1 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5)
    if rng.random() < 0.4:
        cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.2, 0.6) * w
        light *= 1 - rng.uniform(0.15, 0.45) * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
    img = img * light[..., None] * rng.uniform(0.65, 1.25)
    img += np.array(rng.uniform(-15, 15, 3), np.float32)  # white balance
    img = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        k = int(rng.choice([3, 5]))
        img = cv2.GaussianBlur(img, (k, k), rng.uniform(0.3, 1.3))
    noise = rng.normal(0, rng.uniform(0, 7), img.shape)
    img = np.clip(img.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    if rng.random() < 0.7:
        ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
        img = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return img


# ---------------------------------------------------------------- scene

@dataclass
class RenderedTile:
    code: str | None
    face_down: bool
    sideways: bool
    box: tuple[float, float, float, float]        # whole visible tile (body and face)
    corners: list[tuple[float, float]]            # top face TL, TR, BR, BL (face orientation)
    group: str = ""
    # False: a face the camera sees, but too little of it, or too edge-on, for a label
    # (bodies.labels_from with ``unlabelled``): what a read on no label may have fallen on
    labelled: bool = True

    def to_dict(self) -> dict:
        return {"code": self.code, "face_down": self.face_down, "sideways": self.sideways,
                "box": [round(v, 2) for v in self.box],
                "corners": [[round(x, 2), round(y, 2)] for x, y in self.corners], "group": self.group}


def render_scene(tiles: list[PlacedTile], rng: np.random.Generator, size=(640, 640),
                 style: TileStyle | None = None, styles=STYLES, data_root=None,
                 camera_kw: dict | None = None, clutter: int | None = None, effects=True
                 ) -> tuple[np.ndarray, list[RenderedTile]]:
    """Draw ``tiles`` as a photo of ``size`` (w, h); returns (BGR image, one label per tile).

    A tile whose code is missing from the chosen artwork is drawn with no face (blank tile)."""
    if not tiles:
        raise ValueError("render_scene needs at least one tile")
    style = style or random_style(rng, styles, data_root)
    w, h = size
    bodies = [tile_corners_3d(t, style.thickness) for t in tiles]
    allpts = np.vstack(bodies)
    cam = make_camera(allpts, size, rng, **(camera_kw or {}))
    img = table_background(size, rng)
    add_clutter(img, rng, int(rng.integers(0, 8)) if clutter is None else clutter)

    projected = [cam.project(b) for b in bodies]
    # Shadows first, all on the table.
    shadow = np.zeros((h, w), np.float32)
    sdx, sdy = rng.uniform(-0.25, 0.25, 2)
    for t, b in zip(tiles, bodies):
        pts = b[:4] + [sdx, sdy, 0]
        cv2.fillConvexPoly(shadow, np.round(cam.project(pts) * 4).astype(np.int32), 1.0, shift=2)
    k = max(3, int(w / 100) | 1)
    shadow = cv2.GaussianBlur(shadow, (k, k), 0)
    img *= (1 - rng.uniform(0.2, 0.5) * shadow)[..., None]

    order = np.argsort([-cam.depth(b).mean() for b in bodies])  # far first
    labels: list[RenderedTile | None] = [None] * len(tiles)
    side_body = np.array(style.body, np.float32) * 0.8
    side_back = np.array(style.back, np.float32) * 0.75
    for i in order:
        t, uv = tiles[i], projected[i]
        hull_all = cv2.convexHull(uv.astype(np.float32)).reshape(-1, 2)
        top_col, low_col = (side_back, side_body) if t.face_down else (side_body, side_back)
        if not style.layered:
            low_col = top_col
        mid = (bodies[i][:4] + bodies[i][4:]) / 2
        uv_mid = cam.project(mid)
        low = cv2.convexHull(np.vstack([uv[:4], uv_mid]).astype(np.float32)).reshape(-1, 2)
        high = cv2.convexHull(np.vstack([uv_mid, uv[4:]]).astype(np.float32)).reshape(-1, 2)
        cv2.fillConvexPoly(img, np.round(low * 16).astype(np.int32), tuple(float(c) for c in low_col),
                           lineType=cv2.LINE_AA, shift=4)
        cv2.fillConvexPoly(img, np.round(high * 16).astype(np.int32), tuple(float(c) for c in top_col),
                           lineType=cv2.LINE_AA, shift=4)
        code = t.code if (t.code in style.art.faces) else None
        tex = face_texture(code, style, rng, face_down=t.face_down).astype(np.float32)
        src = np.float32([[0, 0], [TEX_W, 0], [TEX_W, TEX_H], [0, TEX_H]])
        dst = uv[4:].astype(np.float32)
        H = cv2.getPerspectiveTransform(src, dst)
        x0, y0 = np.floor(dst.min(0)).astype(int)
        x1, y1 = np.ceil(dst.max(0)).astype(int)
        x0, y0 = max(x0, 0), max(y0, 0)
        x1, y1 = min(x1 + 1, w), min(y1 + 1, h)
        if x1 > x0 and y1 > y0:
            T = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ H
            warped = cv2.warpPerspective(tex, T, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
            mask = cv2.warpPerspective(np.ones((TEX_H, TEX_W), np.float32), T, (x1 - x0, y1 - y0))
            roi = img[y0:y1, x0:x1]
            img[y0:y1, x0:x1] = roi * (1 - mask[..., None]) + warped * mask[..., None]
        bx0, by0 = np.clip(hull_all.min(0), 0, [w, h])
        bx1, by1 = np.clip(hull_all.max(0), 0, [w, h])
        labels[i] = RenderedTile(code=t.code, face_down=t.face_down, sideways=t.sideways,
                                 box=(float(bx0), float(by0), float(bx1), float(by1)),
                                 corners=[(float(x), float(y)) for x, y in uv[4:]], group=t.group)
    out = photo_effects(img, rng) if effects else np.clip(img, 0, 255).astype(np.uint8)
    return out, labels
