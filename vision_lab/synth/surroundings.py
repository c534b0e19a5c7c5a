"""What is round the tiles in a photo taken at table level: the table cloth in perspective (felt
of many colours, wood, patterned cloth, plastic), coins on it, the room behind the table's far
edge (a wall, furniture, shelves of books whose spines carry text-like strokes, screens,
plants), shadows of the bodies, dice, a hand reaching into the frame and glare.

Things that look a little like tiles (book spines, screens, dice, coins) are there on purpose:
real photos taken this way put boxes on book spines and furniture."""
from __future__ import annotations

import math

import cv2
import numpy as np

from .render import Camera

SKIN = [(150, 180, 225), (120, 160, 215), (95, 135, 190), (70, 100, 150), (60, 80, 115)]   # BGR


def _smooth_noise(rng, h, w, cells) -> np.ndarray:
    n = rng.normal(0, 1, (max(2, h // cells), max(2, w // cells))).astype(np.float32)
    return cv2.resize(n, (w, h), interpolation=cv2.INTER_CUBIC)


def cloth_texture(rng: np.random.Generator, size: int = 512) -> tuple[np.ndarray, float]:
    """(BGR float texture of a table top, texels per tile width) in the table plane."""
    kind = str(rng.choice(["felt", "felt", "felt", "wood", "cloth", "plastic"]))
    img = np.empty((size, size, 3), np.float32)
    texels = float(rng.uniform(8, 16))
    if kind == "felt":
        # Red and green felt are the common mahjong cloths; any other colour now and then.
        named = [(40, 120, 30), (60, 140, 40), (30, 30, 150), (35, 40, 170), (120, 70, 20), (90, 60, 30),
                 (50, 50, 50), (110, 100, 40)]
        base = named[int(rng.integers(len(named)))] if rng.random() < 0.75 else tuple(rng.integers(20, 200, 3))
        img[:] = np.array(base, np.float32) * rng.uniform(0.7, 1.25)
        img += _smooth_noise(rng, size, size, 48)[..., None] * rng.uniform(3, 12)
        # Felt is fine-grained: a texel's grain, enlarged on the near table, must stay faint.
        img += rng.normal(0, rng.uniform(1.5, 5), (size, size, 1)).astype(np.float32)
    elif kind == "wood":
        base = np.array([rng.uniform(40, 110), rng.uniform(80, 150), rng.uniform(130, 210)], np.float32)
        img[:] = base
        yy = np.arange(size, dtype=np.float32)[:, None]
        warp = _smooth_noise(rng, size, size, 96) * 6
        grain = np.sin(yy / rng.uniform(2, 7) + warp) + 0.5 * np.sin(yy / rng.uniform(9, 20) + warp * 0.5)
        img += grain[..., None] * rng.uniform(6, 18)
        if rng.random() < 0.5:
            img = np.ascontiguousarray(np.rot90(img))
    elif kind == "cloth":
        a = np.array(rng.integers(30, 230, 3), np.float32)
        b = a * rng.uniform(0.6, 0.9)
        period = int(rng.integers(12, 48))
        yy, xx = np.mgrid[0:size, 0:size]
        pattern = ((yy // period + xx // period) % 2) if rng.random() < 0.5 else ((xx // period) % 2)
        img[:] = np.where(pattern[..., None] > 0, a, b)
        img += rng.normal(0, 5, (size, size, 1)).astype(np.float32)
    else:
        img[:] = np.array(rng.integers(60, 235, 3), np.float32)
        img += _smooth_noise(rng, size, size, 64)[..., None] * 5
    if rng.random() < 0.5:          # coins lying on the cloth
        for _ in range(int(rng.integers(1, 6))):
            r = texels * rng.uniform(0.35, 0.6)
            cx, cy = rng.uniform(0.1, 0.9, 2) * size
            metal = np.array([(60, 160, 200), (170, 170, 175), (50, 110, 170)][int(rng.integers(3))], np.float32)
            cv2.circle(img, (int(cx), int(cy)), int(r), tuple(float(v) for v in metal * 0.75), -1, cv2.LINE_AA)
            cv2.circle(img, (int(cx), int(cy)), int(r * 0.8), tuple(float(v) for v in metal), -1, cv2.LINE_AA)
            cv2.circle(img, (int(cx), int(cy)), int(r * 0.35), tuple(float(v) for v in metal * 0.85), 1, cv2.LINE_AA)
    return img, texels


def _spine(img, x0, y0, x1, y1, rng) -> None:
    colour = tuple(float(v) for v in rng.integers(10, 240, 3))
    cv2.rectangle(img, (x0, y0), (x1, y1), colour, -1)
    ink = tuple(float(v) for v in (rng.integers(180, 255, 3) if np.mean(colour) < 120 else rng.integers(0, 70, 3)))
    w = x1 - x0
    for _ in range(int(rng.integers(0, 3))):       # bands
        yb = int(rng.uniform(y0, y1))
        cv2.rectangle(img, (x0, yb), (x1, yb + max(1, int(rng.uniform(1, 6)))), ink, -1)
    # Title: strokes down the spine like characters (short bars, boxes, dots).
    y = y0 + int(rng.uniform(0.1, 0.3) * (y1 - y0))
    end = y0 + int(rng.uniform(0.55, 0.9) * (y1 - y0))
    step = max(3, int(w * rng.uniform(0.5, 0.9)))
    t = max(1, w // 10)
    while y + step < end and w >= 6:
        cx = (x0 + x1) // 2
        s = step // 2 - 1
        kind = rng.integers(4)
        if kind == 0:
            cv2.rectangle(img, (cx - s, y), (cx + s, y + step - 2), ink, t)
        elif kind == 1:
            for k in range(int(rng.integers(1, 4))):
                yy = y + k * (step // 3)
                cv2.line(img, (cx - s, yy), (cx + s, yy), ink, t)
        elif kind == 2:
            cv2.line(img, (cx, y), (cx, y + step - 2), ink, t)
            cv2.line(img, (cx - s, y + step // 2), (cx + s, y + step // 2), ink, t)
        else:
            cv2.circle(img, (cx, y + step // 2), max(1, s // 2), ink, -1)
        y += step


def room_backdrop(rng: np.random.Generator, w: int, h: int, edge_y: float, unit: float) -> np.ndarray:
    """A room seen behind the table, drawn level: things standing behind the table's far edge
    (at row ``edge_y`` of a level picture), ``unit`` pixels to a tile's width there."""
    # Walls are mostly pale and greyish; a strong colour now and then.
    if rng.random() < 0.8:
        wall = rng.uniform(110, 240) + rng.uniform(-18, 18, 3)
    else:
        wall = rng.uniform(60, 230, 3)
    wall = np.clip(wall, 0, 255).astype(np.float32)
    img = np.empty((h, w, 3), np.float32)
    img[:] = wall
    img *= np.linspace(rng.uniform(0.75, 1.1), rng.uniform(0.9, 1.15), h, dtype=np.float32)[:, None, None]
    u = max(unit, 2.0)
    x = -rng.uniform(0, 5) * u
    while x < w:
        kind = str(rng.choice(["shelf", "shelf", "cabinet", "screen", "gap", "plant"]))
        width = u * rng.uniform(4, 16)
        x0, x1 = int(x), int(x + width)
        top = int(edge_y - u * rng.uniform(3, 14))
        if kind == "shelf":
            board = tuple(float(v) for v in ((rng.uniform(30, 90), rng.uniform(60, 130), rng.uniform(100, 190))
                                             if rng.random() < 0.6 else [rng.uniform(30, 240)] * 3))
            cv2.rectangle(img, (x0, top), (x1, h), board, -1)
            y_shelf = int(edge_y + u * rng.uniform(0, 1))
            while y_shelf > top + u * 2:
                height = u * rng.uniform(1.5, 3.5)
                xb = x0 + int(u * 0.3)
                while xb < x1 - u * 0.3:
                    bw = int(max(2, u * rng.uniform(0.3, 1.1)))
                    bh = int(height * rng.uniform(0.7, 1.0))
                    if rng.random() < 0.9:
                        _spine(img, xb, y_shelf - bh, min(xb + bw, x1), y_shelf, rng)
                    xb += bw + int(rng.integers(0, 2))
                cv2.rectangle(img, (x0, y_shelf), (x1, y_shelf + max(2, int(u * 0.25))), board, -1)
                y_shelf -= int(height + u * 0.5)
        elif kind == "cabinet":
            wood = (rng.uniform(30, 90), rng.uniform(60, 130), rng.uniform(100, 190))
            col = np.array(wood if rng.random() < 0.6 else [rng.uniform(20, 235)] * 3, np.float32)
            cv2.rectangle(img, (x0, top), (x1, h), tuple(float(v) for v in col), -1)
            for k in range(int(rng.integers(1, 4))):
                xd = x0 + (k + 1) * (x1 - x0) // 4
                cv2.line(img, (xd, top), (xd, h), tuple(float(v) for v in col * 0.6), max(1, int(u / 8)))
                cv2.circle(img, (xd - int(u / 3), (top + h) // 2), max(1, int(u / 6)), tuple(float(v) for v in col * 1.4), -1)
        elif kind == "screen":
            sh = int(u * rng.uniform(4, 9))
            cv2.rectangle(img, (x0, top), (x1, top + sh), (20, 20, 20), -1)
            inner = (x0 + 3, top + 3, x1 - 3, top + sh - 3)
            for _ in range(int(rng.integers(2, 8))):
                a, b = rng.uniform(inner[0], inner[2], 2), rng.uniform(inner[1], inner[3], 2)
                cv2.rectangle(img, (int(a.min()), int(b.min())), (int(a.max()), int(b.max())),
                              tuple(float(v) for v in rng.integers(40, 255, 3)), -1)
            cv2.rectangle(img, (int((x0 + x1) / 2 - u), top + sh), (int((x0 + x1) / 2 + u), h), (30, 30, 30), -1)
        elif kind == "plant":
            # A pot standing behind the table, leaves on stems fanning out of it.
            cx, pot_top = (x0 + x1) // 2, int(edge_y - u * rng.uniform(0.5, 2))
            pot = tuple(float(v) for v in rng.integers(40, 220, 3))
            cv2.rectangle(img, (int(cx - u), pot_top), (int(cx + u), h), pot, -1)
            green = np.array([rng.uniform(20, 60), rng.uniform(90, 160), rng.uniform(20, 70)])
            for _ in range(int(rng.integers(5, 14))):
                ang = rng.uniform(-2.4, -0.7)
                length = u * rng.uniform(2, 7)
                tip = (int(cx + math.cos(ang) * length), int(pot_top + math.sin(ang) * length))
                cv2.line(img, (cx, pot_top), tip, tuple(float(v) for v in green * 0.7), max(1, int(u / 8)))
                cv2.ellipse(img, tip, (int(u * rng.uniform(0.6, 1.6)), int(u * rng.uniform(0.2, 0.5))),
                            math.degrees(ang), 0, 360, tuple(float(v) for v in green * rng.uniform(0.8, 1.2)), -1)
        x = x1 + rng.uniform(0, 2) * u
    # Far away: out of focus.
    sigma = float(rng.uniform(0.5, 2.5)) * max(1.0, w / 640)
    return cv2.GaussianBlur(img, (0, 0), sigma)


def table_and_room(cam: Camera, w: int, h: int, rng: np.random.Generator, extent: tuple[float, float, float, float]
                   ) -> np.ndarray:
    """Background of a frame: the table plane (z = 0) in perspective up to its far edge, a
    room behind it. ``extent`` (x0, y0, x1, y1) is the layout's span on the table."""
    from .bodies import pixel_rays_z
    dx, dy, dz = pixel_rays_z(cam, w, h)
    far_y = extent[3] + float(rng.uniform(1.5, 14))
    # Ray hits on the table plane.
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(dz < -1e-6, -cam.C[2] / dz, np.inf)
    hy = cam.C[1] + t * dy
    hx = cam.C[0] + t * dx
    on_table = np.isfinite(t) & (hy <= far_y)
    tex, texels = cloth_texture(rng)
    size = tex.shape[0]
    span = size / texels
    ox, oy = (extent[0] + extent[2]) / 2 - span / 2, (extent[1] + extent[3]) / 2 - span / 2
    mapx = ((np.where(on_table, hx, 0) - ox) * texels).astype(np.float32)
    mapy = ((np.where(on_table, hy, 0) - oy) * texels).astype(np.float32)
    # Beyond the texture's span the cloth repeats (mirrored), as a large cloth would.
    table = cv2.remap(tex, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT_101)
    if not on_table.all():
        # The far edge, in the picture, and how large a tile's width is there.
        pts = np.array([[extent[0] - 30, far_y, 0], [extent[2] + 30, far_y, 0]])
        pc = (pts - cam.C) @ cam.R.T
        if (pc[:, 2] > 0).all():
            uv = cam.project(pts)
            angle = math.degrees(math.atan2(uv[1, 1] - uv[0, 1], uv[1, 0] - uv[0, 0]))
            xc = (extent[0] + extent[2]) / 2
            mid, one = cam.project(np.array([[xc, far_y, 0], [xc + 1, far_y, 0]]))
            unit = float(np.linalg.norm(one - mid))
        else:
            angle, mid, unit = 0.0, np.array([w / 2, h / 3]), w / 40
        side = int(math.hypot(w, h)) + 2
        level = room_backdrop(rng, side, side, side / 2 + 1, unit)
        # Turn the level drawing so its far edge lies along the picture's, its middle on ``mid``.
        M = cv2.getRotationMatrix2D((side / 2, side / 2), -angle, 1.0)
        M[:, 2] += mid - np.array([side / 2, side / 2])
        room = cv2.warpAffine(level, M, (w, h), borderMode=cv2.BORDER_REFLECT_101)
        table = np.where(on_table[..., None], table, room)
    return table


def cast_shadows(img: np.ndarray, cam: Camera, bodies, light_dir: np.ndarray, rng: np.random.Generator) -> None:
    """Darken the table under each body's shadow (bodies' corners cast along the light)."""
    h, w = img.shape[:2]
    if light_dir[2] < 0.1:
        return
    mask = np.zeros((h, w), np.float32)
    for body in bodies:
        c = body.corners()
        hit = c - light_dir[None, :] * (c[:, 2:3] / light_dir[2])
        pc = (hit - cam.C) @ cam.R.T
        if pc[:, 2].min() <= 1e-3:
            continue
        uv = cam.project(hit)
        hull = cv2.convexHull(uv.astype(np.float32))
        cv2.fillConvexPoly(mask, np.round(hull * 4).astype(np.int32), 1.0, lineType=cv2.LINE_AA, shift=2)
    k = max(3, int(w / 150) | 1)
    mask = cv2.GaussianBlur(mask, (k, k), 0)
    img *= (1 - rng.uniform(0.25, 0.55) * mask)[..., None]


def die_textures(rng: np.random.Generator, px: int = 48) -> dict:
    """(axis, sign) -> BGR float texture of a die's six faces (pips 1 to 6, opposite faces adding to 7)."""
    body = np.array([rng.uniform(215, 250)] * 3, np.float32) if rng.random() < 0.7 else np.array(rng.integers(30, 230, 3), np.float32)
    layout = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
              5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    faces = {}
    for (axis, sign), n in zip([(2, 1), (2, -1), (0, 1), (0, -1), (1, 1), (1, -1)], [1, 6, 2, 5, 3, 4]):
        tex = np.empty((px, px, 3), np.float32)
        tex[:] = body
        for gx, gy in layout[n]:
            colour = (30, 30, 200) if n == 1 and rng.random() < 0.5 else (25, 25, 25)
            cv2.circle(tex, (int(px / 2 + gx * px * 0.27), int(px / 2 + gy * px * 0.27)), max(2, px // (9 if n > 1 else 6)),
                       colour, -1, cv2.LINE_AA)
        faces[(axis, sign)] = tex
    return faces


def add_hand(img: np.ndarray, ids: np.ndarray, rng: np.random.Generator) -> None:
    """A hand (palm and fingers, skin coloured) reaching in from an edge of the frame; it hides
    what is under it, so the id buffer is cleared there."""
    h, w = img.shape[:2]
    s = min(w, h) * rng.uniform(0.12, 0.25)
    edge = int(rng.integers(4))
    along = rng.uniform(0.15, 0.85)
    base = {0: (along * w, h + s * 0.3), 1: (along * w, -s * 0.3), 2: (-s * 0.3, along * h), 3: (w + s * 0.3, along * h)}[edge]
    inward = {0: (0, -1), 1: (0, 1), 2: (1, 0), 3: (-1, 0)}[edge]
    ang = math.atan2(inward[1], inward[0]) + rng.uniform(-0.5, 0.5)
    d = np.array([math.cos(ang), math.sin(ang)])
    n = np.array([-d[1], d[0]])
    colour = np.array(SKIN[int(rng.integers(len(SKIN)))], np.float32) * rng.uniform(0.8, 1.15)
    mask = np.zeros((h, w), np.uint8)
    palm = np.array(base) + d * s * 0.5
    cv2.ellipse(mask, (int(palm[0]), int(palm[1])), (int(s * 0.75), int(s * 0.55)), math.degrees(ang), 0, 360, 1, -1)
    for k in range(int(rng.integers(2, 6))):
        off = (k - 1.5) * s * 0.28
        start = palm + n * off + d * s * 0.4
        end = start + d * s * rng.uniform(0.6, 1.1) + n * off * 0.3
        cv2.line(mask, (int(start[0]), int(start[1])), (int(end[0]), int(end[1])), 1, max(2, int(s * 0.2)))
        cv2.circle(mask, (int(end[0]), int(end[1])), max(1, int(s * 0.1)), 1, -1)
    soft = cv2.GaussianBlur(mask.astype(np.float32), (0, 0), max(1.0, s / 40))
    shade = 0.75 + 0.35 * _smooth_noise(rng, h, w, max(4, int(s / 2)))[..., None] * 0.3
    img[:] = img * (1 - soft[..., None]) + (colour * shade) * soft[..., None]
    ids[soft > 0.5] = -2


def add_glare(img: np.ndarray, rng: np.random.Generator) -> None:
    """A soft bright patch: a lamp's reflection on the table or a window's light."""
    h, w = img.shape[:2]
    cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    ax, ay = rng.uniform(0.05, 0.3) * w, rng.uniform(0.03, 0.2) * h
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    g = np.exp(-(((xx - cx) / ax) ** 2 + ((yy - cy) / ay) ** 2))
    img += (g * rng.uniform(40, 140))[..., None]
