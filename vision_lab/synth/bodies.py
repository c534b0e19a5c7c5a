"""Tiles as 3D bodies seen by a pinhole camera from any elevation (8° to straight down).

``render.py`` draws tiles lying flat, warped, with a drawn thickness: it cannot show what a
player sees at table level (standing tiles, their tops and coloured backs, a wall of face-down
tiles, a heap). Here each tile is a box (1 wide, ``TILE_ASPECT`` long, ``thickness`` deep) with
chamfered edges (a bevel quad per edge, a triangle per corner), a face layer in the body colour
and a back layer in the back colour (real tiles are two layers). Every polygon is shaded from
one light (ambient + diffuse, a specular highlight on the glossy face and back) and drawn into a
z-buffer, so occlusion is right whatever the layout; the same buffer records which tile part
each pixel shows, from which the labels are made.

Units: tile widths; world frame z up, +y away from the viewer (as ``render.py``).

Labels (``RenderedTile``, as ``render.render_scene`` returns): a tile whose face is visible gets
the bounding box of the visible pixels of its face (the face and its bevels), not of its whole
body: the real photos' boxes (chinese-mahjong-detection) hold the face only, the top and sides of
a tile seen from low are left out (checked by eye on its test split). ``render.py``'s boxes hold
the whole drawn body; seen from above (its cameras, tilt up to 45°) the two differ by the drawn
thickness. A face-down tile whose back is seen from above gets its back's box (class ``back``);
a tile that shows only its top, sides or a back that does not face up gets no box, nor does a
face (or back) of which less than ``MIN_VISIBLE`` of its area is seen (hidden by other tiles, a
hand, or the frame) or that the camera sees nearly edge-on (``MIN_FACING``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from .render import BACK_COLOURS, TEX_H, TEX_W, TILE_ASPECT, Camera, RenderedTile, face_texture, random_style

MIN_VISIBLE = 0.4     # share of a face's projected area that must be seen for a label
MIN_FACING = 0.2      # cosine between a face's normal and the view ray under which it is edge-on
SUPERSAMPLE = 2       # drawn at this multiple of the output size, then reduced (smooth edges)

#: Back colours (BGR): render.py's and the common yellow, pink and pale blue backs.
BODY_BACK_COLOURS = list(BACK_COLOURS) + [(40, 200, 235), (30, 180, 230), (170, 140, 235), (210, 170, 110)]

FACE, BACK, SIDE = 0, 1, 2     # tile parts in the id buffer (id = 4 * body + part)


# ---------------------------------------------------------------- body geometry

@dataclass(frozen=True)
class MeshPolygon:
    local: np.ndarray        # (k, 3) vertices in the body's frame, in cyclic order
    normal: np.ndarray       # outward normal, body frame
    part: int                # FACE, BACK or SIDE
    back_layer: bool         # drawn in the back colour
    main_axis: tuple[int, int] | None   # (axis, sign) of a main face (textured), else None


def _clip_below(poly: np.ndarray, z: float, keep_above: bool) -> np.ndarray:
    """``poly`` clipped to the half-space local z >= ``z`` (or <=), Sutherland-Hodgman."""
    out = []
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        ina = (a[2] >= z) if keep_above else (a[2] <= z)
        inb = (b[2] >= z) if keep_above else (b[2] <= z)
        if ina:
            out.append(a)
        if ina != inb:
            t = (z - a[2]) / (b[2] - a[2])
            out.append(a + t * (b - a))
    return np.array(out) if len(out) >= 3 else np.zeros((0, 3))


@lru_cache(maxsize=256)
def chamfered_box(half: tuple[float, float, float], bevel: float, layer_z: float | None) -> tuple[MeshPolygon, ...]:
    """Polygons of a box of half extents ``half`` with every edge chamfered by ``bevel``: 6 main
    faces, 12 edge quads, 8 corner triangles. Local +z is the face, -z the back; polygons are
    split at local z = ``layer_z`` (None: one layer), those below it in the back colour."""
    a, b, c = half
    r = bevel

    def vert(kind: int, s) -> np.ndarray:       # the corner's vertex on the face normal to ``kind``
        v = np.array([s[0] * (a - r), s[1] * (b - r), s[2] * (c - r)])
        v[kind] = s[kind] * half[kind]
        return v

    raw: list[tuple[np.ndarray, np.ndarray, tuple[int, int] | None]] = []
    for k in range(3):
        i, j = [m for m in range(3) if m != k]
        for sk in (-1, 1):
            pts = []
            for si, sj in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                s = [0, 0, 0]
                s[k], s[i], s[j] = sk, si, sj
                pts.append(vert(k, s))
            n = np.zeros(3)
            n[k] = sk
            raw.append((np.array(pts), n, (k, sk)))
    for k in range(3):                       # edges running along axis k
        i, j = [m for m in range(3) if m != k]
        for si in (-1, 1):
            for sj in (-1, 1):
                s_lo, s_hi = [0, 0, 0], [0, 0, 0]
                for s, sk in ((s_lo, -1), (s_hi, 1)):
                    s[i], s[j], s[k] = si, sj, sk
                pts = np.array([vert(i, s_lo), vert(i, s_hi), vert(j, s_hi), vert(j, s_lo)])
                n = np.zeros(3)
                n[i], n[j] = si, sj
                raw.append((pts, n / np.linalg.norm(n), None))
    for sx in (-1, 1):
        for sy in (-1, 1):
            for sz in (-1, 1):
                s = (sx, sy, sz)
                raw.append((np.array([vert(0, s), vert(1, s), vert(2, s)]), np.array(s, float) / math.sqrt(3), None))
    polys = []
    for pts, n, main in raw:
        part = FACE if pts[:, 2].min() >= c - r - 1e-9 else BACK if pts[:, 2].max() <= -(c - r) + 1e-9 else SIDE
        if _area3(pts) <= 1e-9:           # no bevel: edge and corner polygons vanish
            continue
        if layer_z is None:
            polys.append(MeshPolygon(pts, n, part, False, main))
            continue
        for keep_above in (True, False):
            piece = _clip_below(pts, layer_z, keep_above)
            if len(piece) and _area3(piece) > 1e-9:
                polys.append(MeshPolygon(piece, n, part, not keep_above, main))
    return tuple(polys)


def _area3(poly: np.ndarray) -> float:
    s = np.zeros(3)
    for i in range(len(poly)):
        s += np.cross(poly[i], poly[(i + 1) % len(poly)])
    return float(np.linalg.norm(s)) / 2


@dataclass
class Body:
    """One body on the table: ``R`` turns its frame into the world's, ``p`` is its centre.
    A tile's local +y is the top of its face drawing, +z the face's normal."""
    R: np.ndarray
    p: np.ndarray
    half: tuple[float, float, float]
    code: str | None = None            # tile code (None: face-down with no known face, or not a tile)
    face_down: bool = False            # a tile lying with its back up (the detector's ``back``)
    group: str = ""
    is_tile: bool = True
    textures: dict | None = None       # non-tile bodies: (axis, sign) -> BGR texture
    colour: tuple | None = None        # non-tile bodies: colour of the untextured polygons

    def corners(self) -> np.ndarray:
        a, b, c = self.half
        s = np.array([[x, y, z] for x in (-a, a) for y in (-b, b) for z in (-c, c)])
        return s @ self.R.T + self.p


def _frame(up_local_y: np.ndarray, normal_local_z: np.ndarray) -> np.ndarray:
    y = up_local_y / np.linalg.norm(up_local_y)
    z = normal_local_z - y * float(normal_local_z @ y)
    z /= np.linalg.norm(z)
    return np.column_stack([np.cross(y, z), y, z])


def _rot_z(deg: float) -> np.ndarray:
    t = math.radians(deg)
    return np.array([[math.cos(t), -math.sin(t), 0], [math.sin(t), math.cos(t), 0], [0, 0, 1.0]])


def _rot_axis(axis: np.ndarray, deg: float) -> np.ndarray:
    axis = axis / np.linalg.norm(axis)
    return cv2.Rodrigues((axis * math.radians(deg)).reshape(3, 1))[0]


def rest_on(body: Body, height: float = 0.0) -> Body:
    """``body`` moved up or down so that its lowest corner is at ``height``."""
    body.p = body.p.astype(float).copy()
    body.p[2] += height - body.corners()[:, 2].min()
    return body


def flat_tile(code, x: float, y: float, half, yaw: float = 0.0, face_down=False, height=0.0, group="") -> Body:
    """A tile lying on its back (face up) or face, its face's top towards +y turned ``yaw``°
    counter-clockwise seen from above, resting at ``height``."""
    up = _rot_z(yaw) @ np.array([0.0, 1, 0])
    R = _frame(up, np.array([0, 0, -1.0 if face_down else 1.0]))
    return rest_on(Body(R, np.array([x, y, 0.0]), half, code, face_down, group), height)


def standing_tile(code, x: float, y: float, half, yaw: float = 0.0, facing_viewer=True, lean: float = 0.0,
                  height=0.0, group="") -> Body:
    """A tile standing on its bottom edge, its face towards the viewer (-y) or away, turned
    ``yaw``° about the vertical and leaning back ``lean``° (its top away from its face)."""
    normal = np.array([0, -1.0 if facing_viewer else 1.0, 0])
    R = _frame(np.array([0, 0, 1.0]), normal)
    R = _rot_axis(R[:, 0], -lean) @ R
    R = _rot_z(yaw) @ R
    return rest_on(Body(R, np.array([x, y, 0.0]), half, code, False, group), height)


# ---------------------------------------------------------------- camera

def body_camera(points: np.ndarray, size: tuple[int, int], rng: np.random.Generator, elevation: float,
                azimuth: float, fill: tuple[float, float] = (0.55, 0.95), roll: float = 0.0,
                hfov: float = 62.0) -> Camera:
    """A pinhole camera ``elevation``° above the table plane (90: straight down), on the side
    ``azimuth``° from the viewer's (0: looking towards +y), ``hfov``° across, aimed at the
    points' centre and placed so that they fill a ``fill`` share of the frame's larger span."""
    w, h = size
    target = np.array([points[:, 0].mean(), points[:, 1].mean(), points[:, 2].mean() * 0.5])
    e, az = math.radians(elevation), math.radians(azimuth)
    horiz = np.array([math.sin(az), math.cos(az), 0.0])        # camera -> target, horizontal part
    fwd = horiz * math.cos(e) - np.array([0, 0, 1.0]) * math.sin(e)
    up = np.array([0, 0, 1.0]) * math.cos(e) + horiz * math.sin(e)
    up = _rot_axis(fwd, roll) @ up
    # Rows: the image's x (right), y (down) and depth axes in the world, right-handed.
    R = np.vstack([np.cross(-up, fwd), -up, fwd])
    f = (w / 2) / math.tan(math.radians(hfov) / 2)
    extent = max(np.ptp(points[:, 0]), np.ptp(points[:, 1]), np.ptp(points[:, 2]), 1.0)
    dist = extent * 1.5
    share = float(rng.uniform(*fill))
    cam = Camera(R=R, C=target - fwd * dist, f=f, cx=w / 2, cy=h / 2)
    for _ in range(4):   # the span shrinks about as 1 / distance: a few steps settle it
        uv = cam.project(points)
        span = max(np.ptp(uv[:, 0]) / w, np.ptp(uv[:, 1]) / h, 1e-6)
        dist *= span / share
        cam.C = target - fwd * dist
    uv = cam.project(points)
    slack_x, slack_y = w - np.ptp(uv[:, 0]), h - np.ptp(uv[:, 1])
    cam.cx += -uv[:, 0].min() + rng.uniform(0.1, 0.9) * slack_x
    cam.cy += -uv[:, 1].min() + rng.uniform(0.1, 0.9) * slack_y
    return cam


def scaled_camera(cam: Camera, k: float) -> Camera:
    return Camera(R=cam.R, C=cam.C, f=cam.f * k, cx=cam.cx * k, cy=cam.cy * k)


def pixel_rays_z(cam: Camera, w: int, h: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """World ray directions (x, y, z components, each h x w) through every pixel centre."""
    u = (np.arange(w, dtype=np.float32) - cam.cx) / cam.f
    v = (np.arange(h, dtype=np.float32) - cam.cy) / cam.f
    Rt = cam.R.T.astype(np.float32)       # camera -> world
    return tuple(Rt[k, 0] * u[None, :] + Rt[k, 1] * v[:, None] + Rt[k, 2] for k in range(3))


# ---------------------------------------------------------------- drawing

@dataclass
class Light:
    direction: np.ndarray     # unit vector from the scene towards the light
    position: np.ndarray      # a point light there (for highlights)
    ambient: float
    diffuse: float
    gloss: float              # highlight strength on faces and backs
    spread: float             # highlight size (tile widths)


def random_light(rng: np.random.Generator, centre: np.ndarray) -> Light:
    el, az = math.radians(rng.uniform(35, 85)), rng.uniform(0, 2 * math.pi)
    d = np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)])
    # Room light comes from everywhere: faces turned from the lamp stay light (a photo's
    # exposure is set on them), so the ambient share is high.
    ambient = float(rng.uniform(0.6, 0.85))
    return Light(d, centre + d * rng.uniform(6, 25), ambient, float(rng.uniform(0.2, 1.1 - ambient)),
                 float(rng.uniform(0.1, 0.75)), float(rng.uniform(0.15, 0.5)))


class ZCanvas:
    """An image with a z-buffer (inverse depth, so 0 is infinitely far) and an id buffer."""

    def __init__(self, background: np.ndarray, cam: Camera):
        self.img = background
        self.h, self.w = background.shape[:2]
        self.cam = cam
        self.inv_depth = np.zeros((self.h, self.w), np.float32)
        self.ids = np.full((self.h, self.w), -1, np.int32)

    def fill(self, pts: np.ndarray, pid: int, colour=None, texture=None, tex_quad=None) -> tuple | None:
        """Draw the planar convex polygon ``pts`` (world) where it is nearest; ``texture``
        (float BGR) is mapped by ``tex_quad`` (world corners of the texture's TL, TR, BR, BL).
        Returns the bounding box (x0, y0, x1, y1) drawn into, None when off the frame."""
        cam = self.cam
        pc = (pts - cam.C) @ cam.R.T
        if pc[:, 2].min() <= 1e-3:
            return None
        uv = np.column_stack([cam.f * pc[:, 0] / pc[:, 2] + cam.cx, cam.f * pc[:, 1] / pc[:, 2] + cam.cy])
        x0, y0 = np.floor(uv.min(0)).astype(int)
        x1, y1 = np.ceil(uv.max(0)).astype(int) + 1
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, self.w), min(y1, self.h)
        if x1 <= x0 or y1 <= y0:
            return None
        mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.fillConvexPoly(mask, np.round((uv - [x0, y0]) * 16).astype(np.int32), 1, shift=4)
        # 1/z is affine in the pixel coordinates over a plane: n.X = d, X = z (u', v', 1).
        n = np.cross(pc[1] - pc[0], pc[2] - pc[0])
        d = float(n @ pc[0])
        if abs(d) < 1e-12:
            return None
        uu = (np.arange(x0, x1, dtype=np.float32) - cam.cx) / cam.f
        vv = (np.arange(y0, y1, dtype=np.float32) - cam.cy) / cam.f
        inv = (n[0] * uu[None, :] + n[1] * vv[:, None] + n[2]) / d
        zb = self.inv_depth[y0:y1, x0:x1]
        on = (mask > 0) & (inv > zb * (1 + 1e-6))
        if not on.any():
            return (x0, y0, x1, y1)
        zb[on] = inv[on]
        self.ids[y0:y1, x0:x1][on] = pid
        if texture is None:
            self.img[y0:y1, x0:x1][on] = colour
        else:
            quad = cam.project(tex_quad)
            th, tw = texture.shape[:2]
            H = cv2.getPerspectiveTransform(np.float32([[0, 0], [tw, 0], [tw, th], [0, th]]), np.float32(quad))
            T = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ H
            warped = cv2.warpPerspective(texture, T, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                         borderMode=cv2.BORDER_REPLICATE)
            self.img[y0:y1, x0:x1][on] = warped[on]
        return (x0, y0, x1, y1)


def _shrunk(texture: np.ndarray, quad_px: np.ndarray) -> np.ndarray:
    """``texture`` reduced (area-averaged) to about twice its drawn size: warping a large
    texture onto a few pixels would alias."""
    th, tw = texture.shape[:2]
    side = max(np.linalg.norm(quad_px[1] - quad_px[0]), np.linalg.norm(quad_px[2] - quad_px[1]),
               np.linalg.norm(quad_px[3] - quad_px[0]), 2.0)
    k = min(1.0, 2 * side / max(tw, th))
    if k > 0.7:
        return texture
    return cv2.resize(texture, (max(2, round(tw * k)), max(2, round(th * k))), interpolation=cv2.INTER_AREA)


def _highlight(texture: np.ndarray, quad_world: np.ndarray, normal: np.ndarray, cam: Camera, light: Light,
               strength: float) -> np.ndarray:
    """``texture`` with the light's mirror image on a glossy plane: the camera mirrored in the
    plane, the line from it to the light meets the plane where the highlight is."""
    if strength <= 0:
        return texture
    o = quad_world[0]
    cm = cam.C - 2 * float((cam.C - o) @ normal) * normal
    d = light.position - cm
    denom = float(d @ normal)
    if abs(denom) < 1e-9:
        return texture
    t = float((o - cm) @ normal) / denom
    hit = cm + t * d
    ex, ey = quad_world[1] - quad_world[0], quad_world[3] - quad_world[0]
    u = float((hit - o) @ ex) / float(ex @ ex)
    v = float((hit - o) @ ey) / float(ey @ ey)
    th, tw = texture.shape[:2]
    su = light.spread / math.sqrt(float(ex @ ex))
    sv = light.spread / math.sqrt(float(ey @ ey))
    if not (-3 * su < u < 1 + 3 * su and -3 * sv < v < 1 + 3 * sv):
        return texture
    xs = (np.arange(tw, dtype=np.float32) + 0.5) / tw
    ys = (np.arange(th, dtype=np.float32) + 0.5) / th
    g = np.exp(-((xs[None, :] - u) ** 2 / (2 * su * su) + (ys[:, None] - v) ** 2 / (2 * sv * sv)))
    return texture + (255 * strength) * g[..., None]


@dataclass
class TileLook:
    """What one set's tile bodies look like in a scene (on top of ``render.TileStyle``)."""
    style: object                  # render.TileStyle: faces, body and back colours
    half: tuple[float, float, float]
    bevel: float
    layer_z: float | None          # local z of the face/back layer boundary (None: one colour)
    back: tuple[int, int, int]


def random_look(rng: np.random.Generator, styles, data_root=None) -> TileLook:
    style = random_style(rng, styles, data_root)
    thickness = float(rng.uniform(0.55, 0.8))
    back = BODY_BACK_COLOURS[int(rng.integers(len(BODY_BACK_COLOURS)))]
    back = tuple(int(np.clip(c + rng.integers(-25, 26), 0, 255)) for c in back)
    # Nearly all sets are two layers; a one-colour set's face-down tile looks like a blank face.
    layered = rng.random() < 0.92
    # The back layer is a third to a half of the thickness on most two-layer sets.
    layer_z = -thickness / 2 + thickness * float(rng.uniform(0.3, 0.55)) if layered else None
    return TileLook(style, (0.5, TILE_ASPECT / 2, thickness / 2), float(rng.uniform(0.035, 0.08)), layer_z,
                    back if layered else style.body)


def _back_texture(colour, rng) -> np.ndarray:
    tex = np.empty((TEX_H // 2, TEX_W // 2, 3), np.float32)
    tex[:] = colour
    tex += rng.normal(0, 3, tex.shape).astype(np.float32)
    return tex


@dataclass
class Drawn:
    """Where one body's parts ended up: polygon ids, their projected areas and drawn boxes."""
    areas: dict = field(default_factory=lambda: {FACE: 0.0, BACK: 0.0})
    boxes: dict = field(default_factory=lambda: {FACE: [], BACK: []})
    facing: dict = field(default_factory=lambda: {FACE: 0.0, BACK: 0.0})
    all_boxes: list = field(default_factory=list)   # every polygon's drawn box
    face_quad: np.ndarray | None = None     # image corners of the face (TL, TR, BR, BL of its drawing)
    back_quad: np.ndarray | None = None


def draw_bodies(canvas: ZCanvas, bodies: list[Body], look: TileLook, light: Light, rng: np.random.Generator) -> list[Drawn]:
    """Every front-facing polygon of every body, shaded, into ``canvas``; the face of a tile
    gets its drawing (``render.face_texture``) and both face and back a highlight."""
    cam = canvas.cam
    body_col = np.array(look.style.body, np.float32)
    back_col = np.array(look.back, np.float32)
    back_tex = _back_texture(look.back, rng)
    out = []
    for bi, body in enumerate(bodies):
        drawn = Drawn()
        a, b, c = body.half
        # Bevels narrower than a pixel or so are not worth their polygons.
        depth = float((body.p - cam.C) @ cam.R[2])
        bevel = look.bevel if body.is_tile else min(body.half) * 0.25
        if cam.f * bevel / max(depth, 1e-6) < 1.0:
            bevel = 0.0
        polys = chamfered_box(body.half, bevel, look.layer_z if body.is_tile else None)
        # Texture quads: the face's drawing is upright along local +y; seen from the front, local
        # +x is to the right, so TL is (-a, +b).
        face_quad = np.array([[-a, b, c], [a, b, c], [a, -b, c], [-a, -b, c]]) @ body.R.T + body.p
        back_quad = np.array([[a, b, -c], [-a, b, -c], [-a, -b, -c], [a, -b, -c]]) @ body.R.T + body.p
        for poly in polys:
            n = body.R @ poly.normal
            pts = poly.local @ body.R.T + body.p
            to_cam = cam.C - pts.mean(0)
            facing = float(n @ to_cam) / float(np.linalg.norm(to_cam))
            if facing <= 1e-4:
                continue
            shade = light.ambient + light.diffuse * max(0.0, float(n @ light.direction))
            base = (back_col if poly.back_layer else body_col) if body.is_tile else np.array(body.colour, np.float32)
            pid = 4 * bi + poly.part
            texture = quad = None
            if body.is_tile and poly.main_axis == (2, 1):
                code = body.code if body.code in look.style.art.faces else None
                quad = face_quad
                tex = face_texture(code, look.style, rng).astype(np.float32)
                texture = _highlight(_shrunk(tex, cam.project(quad)) * shade, quad, n, cam, light, light.gloss)
                drawn.face_quad = cam.project(face_quad)
            elif body.is_tile and poly.main_axis == (2, -1):
                quad = back_quad
                texture = _highlight(back_tex * shade, quad, n, cam, light, light.gloss * 0.8)
                drawn.back_quad = cam.project(back_quad)
            elif not body.is_tile and poly.main_axis in (body.textures or {}):
                quad = _main_face_quad(body, poly.main_axis)
                texture = _highlight(body.textures[poly.main_axis] * shade, quad, n, cam, light, light.gloss * 0.5)
            colour = None
            if texture is None:
                # Edges and sides: shaded colour with a weaker highlight (Blinn-Phong).
                half_v = light.direction + to_cam / np.linalg.norm(to_cam)
                spec = max(0.0, float(n @ half_v) / float(np.linalg.norm(half_v))) ** 40
                colour = np.clip(base * shade + 255 * light.gloss * 0.5 * spec, 0, 255)
            box = canvas.fill(pts, pid, colour, texture, quad)
            if box:
                drawn.all_boxes.append(box)
            if poly.part in (FACE, BACK) and body.is_tile:
                uv = cam.project(pts)
                drawn.areas[poly.part] += abs(cv2.contourArea(uv.astype(np.float32)))
                if poly.main_axis is not None:
                    drawn.facing[poly.part] = facing
                if box:
                    drawn.boxes[poly.part].append(box)
        out.append(drawn)
    return out


def _main_face_quad(body: Body, main_axis) -> np.ndarray:
    k, s = main_axis
    i, j = [m for m in range(3) if m != k]
    corners = []
    for si, sj in ((-1, 1), (1, 1), (1, -1), (-1, -1)):
        v = np.zeros(3)
        v[k], v[i], v[j] = s * body.half[k], si * body.half[i], sj * body.half[j]
        corners.append(v)
    return np.array(corners) @ body.R.T + body.p


#: Label box conventions: the seen face (or back) only, as the real photos' labels (default);
#: or every seen pixel of the tile's body, as ``render.py`` labels (to measure how much of a
#: score at low elevation is the box convention).
BOX_KINDS = ("face", "body")


def labels_from(canvas: ZCanvas, bodies: list[Body], drawn: list[Drawn], scale: float = 1.0,
                box_kind: str = "face", unlabelled: bool = False) -> list[RenderedTile]:
    """One label per tile whose face (or, face down, back) is seen well enough (module doc);
    boxes and corners in pixels of the canvas divided by ``scale``; ``box_kind``: ``BOX_KINDS``.
    ``unlabelled``: also the faces seen too little or too edge-on for a label, marked
    ``labelled=False`` (the evaluation tells reads on them from reads on no tile)."""
    if box_kind not in BOX_KINDS:
        raise ValueError(f"box_kind must be one of {BOX_KINDS}")
    labels = []
    for bi, (body, d) in enumerate(zip(bodies, drawn)):
        if not body.is_tile:
            continue
        part = BACK if body.face_down else FACE
        if part == BACK and (body.R[:, 2] @ [0, 0, -1.0]) < 0.5:
            continue            # a back that does not face up: not the detector's face-down tile
        if d.areas[part] <= 0 or not d.boxes[part]:
            continue
        bx = np.array(d.boxes[part])
        x0, y0 = bx[:, 0].min(), bx[:, 1].min()
        x1, y1 = bx[:, 2].max(), bx[:, 3].max()
        hit = canvas.ids[y0:y1, x0:x1] == 4 * bi + part
        seen = int(hit.sum())
        labelled = d.facing[part] >= MIN_FACING and seen >= MIN_VISIBLE * d.areas[part]
        if not labelled and not (unlabelled and seen > 0 and d.facing[part] > 0):
            continue
        if box_kind == "body":
            bx = np.array(d.all_boxes)
            x0, y0 = bx[:, 0].min(), bx[:, 1].min()
            x1, y1 = bx[:, 2].max(), bx[:, 3].max()
            hit = (canvas.ids[y0:y1, x0:x1] // 4 == bi) & (canvas.ids[y0:y1, x0:x1] >= 0)
        rows, cols = np.nonzero(hit.any(1))[0], np.nonzero(hit.any(0))[0]
        box = ((x0 + cols[0]) / scale, (y0 + rows[0]) / scale, (x0 + cols[-1] + 1) / scale, (y0 + rows[-1] + 1) / scale)
        quad = (d.back_quad if part == BACK else d.face_quad) / scale
        up = quad[0] - quad[3]                      # the drawing's up in the image
        labels.append(RenderedTile(code=body.code, face_down=body.face_down,
                                   sideways=bool(abs(up[0]) > abs(up[1])), box=tuple(float(v) for v in box),
                                   corners=[(float(x), float(y)) for x, y in quad], group=body.group,
                                   labelled=bool(labelled)))
    return labels
