"""Hands as players lay them on the table, and mock detections of them seen by a camera.

``layout_hand(hand, rng)`` places every tile of a :class:`scorer.Hand` on the table plane the way
a player reveals a winning hand, with the random but realistic variations a grouping stage must
survive; ``project(placed, camera, rng)`` turns the placement into :class:`TileRead` detections
(image-pixel boxes and corners) for a camera with a given distance, tilt, rotation and offset,
so that grouping is tested on realistic geometry without any model. The scene renderer (vision_lab.synth)
draws the same :class:`PlacedTile` lists into images.

Table plane: x to the right along the player's rows, y towards the player (down in a photo taken
from the player's seat), unit = one tile width; a tile lying flat is ``TILE_W`` x ``TILE_H``.
``PlacedTile.angle`` turns the tile counter-clockwise as seen from above (the scene renderer's
convention, vision_lab/synth/render.py): 90 = sideways.

Conventions laid out (table practice, ../shared/rules/002 §2 for riichi calls, 000 "Réclamation"):
* the standing (concealed) tiles in one row, touching or nearly so;
* the winning tile a little apart (0.6-1.2 tile) at the right of that row;
* exposed melds to the right of the row or in a row in front of it (towards the table centre),
  separated by visible gaps;
* riichi style: the claimed tile turned sideways, its place saying who discarded it (left tile =
  from the left player, a middle tile = across, right tile = right); an added kong puts the fourth
  tile sideways against the claimed one, on the far side (``stacked=True``);
* a concealed kong shows two tiles face down: the two ends or the two middle tiles;
* flowers and seasons aside (left of the row, or in the front row);
* dora indicators in a separate row further away, alone or among face-down dead-wall tiles.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from scorer import tiles as T
from scorer.hand import Hand, Meld, make_meld

from vision.types import PlacedTile, TileRead

TILE_W = 1.0
TILE_H = 1.35           # face height / width of a riichi tile (26 x 35 mm); Chinese sets ~1.33
STYLES = ("riichi", "chinese")


# -- layout --------------------------------------------------------------------------------------

def _jit(rng: random.Random, s: float) -> float:
    return rng.gauss(0.0, s)


def layout_hand(hand: Hand, rng: random.Random | None = None, *, style: str | None = None,
                melds_at: str | None = None, winning_apart: bool = True,
                dora_indicators: list[str] | tuple[str, ...] | None = None,
                dead_wall: bool | None = None, bonus_at: str | None = None,
                curve: float | None = None, jitter: float = 1.0,
                kong_face_down: str | None = None) -> list[PlacedTile]:
    """Where each tile of ``hand`` lies on the table (see the module docstring).

    ``style``: "riichi" (claimed tiles sideways) or "chinese" (all upright); ``melds_at``:
    "right" or "front"; ``bonus_at``: "left" or "front"; ``curve``: bow of the rows (offset of
    the row ends, in tiles); ``dora_indicators`` default to the hand's context; ``jitter`` scales
    every random displacement (0 = a perfectly tidy table); ``kong_face_down``: "ends" or
    "middle" for the face-down tiles of concealed kongs. Unset choices are drawn from ``rng``.
    """
    rng = rng or random.Random()
    style = style or rng.choice(STYLES)
    if style not in STYLES:
        raise ValueError(f"style must be one of {STYLES}, not {style!r}")
    melds_at = melds_at or rng.choice(("right", "front"))
    bonus_at = bonus_at or rng.choice(("left", "front"))
    if dora_indicators is None:
        dora_indicators = list(hand.context.get("dora_indicators"))
    if curve is None:
        curve = rng.choice((0.0, 0.0, rng.uniform(-0.6, 0.6)))
    j = jitter
    out: list[PlacedTile] = []

    # Standing tiles: sorted as players keep them (suits in a random order), minus the winning one.
    standing = list(hand.concealed)
    if not hand.won_on_flower:      # won on the eighth flower (004 6D): it lies among the others
        standing.remove(hand.winning_tile) if hand.winning_tile in standing else standing.remove(
            next(t for t in standing if T.normalize(t) == T.normalize(hand.winning_tile)))
    suit_order = list("mpsz")
    rng.shuffle(suit_order)
    standing.sort(key=lambda c: (suit_order.index(c[1]), T.sort_key(c)))
    x = 0.0
    for i, code in enumerate(standing):
        out.append(PlacedTile(code, x, _jit(rng, 0.03 * j), _jit(rng, 1.5 * j), group="concealed",
                              role=f"standing{i}"))
        x += TILE_W + abs(_jit(rng, 0.04 * j)) + (rng.uniform(0.1, 0.3) * j if rng.random() < 0.05 else 0)
    if not hand.won_on_flower:
        if winning_apart:
            x += rng.uniform(0.6, 1.2) if j else 0.8
        out.append(PlacedTile(hand.winning_tile, x, _jit(rng, 0.04 * j), _jit(rng, 2.0 * j),
                              group="winning", role="winning"))
    row_end = x + TILE_W / 2

    # Melds: to the right of the row, or in a row in front of it (towards the table centre).
    if melds_at == "right":
        mx, my = row_end + (rng.uniform(0.8, 1.6) if j else 1.0), 0.0
    else:
        mx = rng.uniform(-0.5, 2.0) * j
        my = -(TILE_H + (rng.uniform(0.6, 1.2) if j else 0.8))
    for k, meld in enumerate(hand.melds):
        placed, width = _place_meld(meld, k, style, rng, j, kong_face_down)
        for p in placed:
            p.x += mx
            p.y += my
        out.extend(placed)
        mx += width + (rng.uniform(0.6, 1.4) if j else 0.8)
    front_end = mx

    # Flowers and seasons aside.
    if hand.bonus:
        if bonus_at == "left":
            bx, by = -(rng.uniform(1.6, 2.6) if j else 2.0) - (len(hand.bonus) - 1) * TILE_W, 0.0
        else:
            bx = (front_end if melds_at == "front" else 0.0) + (rng.uniform(0.8, 1.6) if j else 1.0)
            by = -(TILE_H + (rng.uniform(0.6, 1.2) if j else 0.8))
        for i, code in enumerate(hand.bonus):
            out.append(PlacedTile(code, bx + i * (TILE_W + abs(_jit(rng, 0.05 * j))), by + _jit(rng, 0.03 * j),
                                  _jit(rng, 2.0 * j), group="bonus", role=f"bonus{i}"))

    # Dora indicators: a separate row beyond everything else.
    if dora_indicators:
        if dead_wall is None:
            dead_wall = rng.random() < 0.5
        far = min(p.y for p in out) - TILE_H - (rng.uniform(1.0, 2.0) if j else 1.2)
        dx = rng.uniform(0.0, 4.0) * j
        codes: list[str | None] = list(dora_indicators)
        if dead_wall:  # the dead wall seen from above: indicators from its third stack, rest face down
            codes = [None, None] + codes + [None] * max(1, 5 - len(codes))
        for i, code in enumerate(codes):
            out.append(PlacedTile(code, dx + i * (TILE_W + abs(_jit(rng, 0.03 * j))), far + _jit(rng, 0.03 * j),
                                  _jit(rng, 1.5 * j), face_down=code is None, group="dora",
                                  role="indicator" if code else "dead_wall"))

    if curve:
        xs = [p.x for p in out]
        mid, half = (min(xs) + max(xs)) / 2, max(4.0, (max(xs) - min(xs)) / 2)
        for p in out:
            t = (p.x - mid) / half
            p.y += curve * t * t
            # y grows towards the viewer: a row going down to the right turns clockwise.
            p.angle -= math.degrees(math.atan(2 * curve * t / half))
    return out


def loose_discards(rng: random.Random, placed: list[PlacedTile], n: int,
                   beyond: tuple[float, float] = (2.0, 5.0)) -> list[PlacedTile]:
    """``n`` discards lying face up in the middle of the table, beyond the layout ``placed``
    (``beyond``: from its farthest tile, in tile widths): in one to three clumps of loose rows, as
    players leave them, each tile a little askew; any playing code (a photo of a hand taken with
    the discards in it)."""
    codes = list(T.TILE_CODES)
    xs = [p.x for p in placed]
    far = min(p.y for p in placed) - TILE_H / 2
    clumps = rng.randint(1, min(3, n))
    sizes = [n // clumps + (1 if k < n % clumps else 0) for k in range(clumps)]
    out = []
    x0 = min(xs) + rng.uniform(-2.0, 2.0)
    for size in sizes:
        y0 = far - rng.uniform(*beyond) - TILE_H / 2
        turn = rng.uniform(-20.0, 20.0)
        per_row = rng.randint(3, 6)
        for k in range(size):
            row, col = divmod(k, per_row)
            out.append(PlacedTile(rng.choice(codes), x0 + col * (TILE_W + rng.uniform(0.05, 0.4)) + _jit(rng, 0.1),
                                  y0 - row * (TILE_H + rng.uniform(0.1, 0.5)), turn + _jit(rng, 8.0),
                                  group="discards", role=f"discard{k}"))
        x0 += per_row * (TILE_W + 0.3) + rng.uniform(1.0, 3.0)
    return out


def _claim_position(meld: Meld, size: int, rng: random.Random) -> int:
    """Where the sideways tile goes: left tile = from left, middle = across, right = right."""
    frm = meld.from_ or ("left" if meld.type == "chow" else rng.choice(("left", "across", "right")))
    if frm == "left":
        return 0
    if frm == "right":
        return size - 1
    return rng.randint(1, size - 2)


def _place_meld(meld: Meld, k: int, style: str, rng: random.Random, j: float, kong_face_down=None):
    """Tiles of one meld from x=0 (its left edge) and its width along the row."""
    group = f"meld{k}"
    tiles = list(meld.tiles)
    out: list[PlacedTile] = []
    sideways_at = None
    face_down: set[int] = set()
    stacked_code = None
    if meld.concealed:
        ends = kong_face_down == "ends" if kong_face_down else rng.random() < 0.5
        face_down = {0, 3} if ends else {1, 2}
    elif style == "riichi":
        claimed = meld.claimed or rng.choice(tiles)
        rest = list(tiles)
        rest.remove(claimed)
        if meld.added:
            stacked_code = rest.pop()   # the fourth tile, added later
        size = len(rest) + 1
        sideways_at = _claim_position(meld, size, rng)
        tiles = rest[:sideways_at] + [claimed] + rest[sideways_at:]
    x = 0.0
    for i, code in enumerate(tiles):
        side = i == sideways_at
        along = TILE_H if side else TILE_W
        # A sideways tile lies along the row with its long side, aligned on the player's edge.
        y = (TILE_H - TILE_W) / 2 if side else 0.0
        angle = 90.0 if side else 0.0
        out.append(PlacedTile(code, x + along / 2 + _jit(rng, 0.02 * j), y + _jit(rng, 0.03 * j),
                              angle + _jit(rng, 1.5 * j), face_down=i in face_down, sideways=side,
                              group=group, role="claimed" if side else ("face_down" if i in face_down else "")))
        if side and stacked_code is not None:
            out.append(PlacedTile(stacked_code, x + along / 2 + _jit(rng, 0.03 * j),
                                  y - TILE_W - abs(_jit(rng, 0.03 * j)), angle + _jit(rng, 1.5 * j),
                                  sideways=True, group=group, role="added", stacked=True))
        x += along + abs(_jit(rng, 0.03 * j))
    return out, x


# -- random hands (for reports and scene generation) ---------------------------------------------

def random_hand(rng: random.Random, *, style: str = "riichi", max_melds: int = 4,
                bonus: bool | None = None, dora: bool | None = None) -> Hand:
    """A random structurally valid winning hand (4 sets + pair) with exposed melds, concealed /
    exposed / added kongs, claims with a discarder, and optionally flowers and dora indicators.
    Red fives appear in riichi style. Not a legality check of any rule set: grouping material."""
    while True:
        counts = [0] * 34
        sets = []
        for _ in range(4):
            for _try in range(50):
                if rng.random() < 0.5:
                    i = rng.randrange(34)
                    if counts[i] <= 1:
                        counts[i] += 3
                        sets.append(("pung", i))
                        break
                else:
                    s = rng.randrange(3)
                    n = rng.randrange(7)
                    i = 9 * s + n
                    if all(counts[i + d] < 4 for d in range(3)):
                        for d in range(3):
                            counts[i + d] += 1
                        sets.append(("chow", i))
                        break
        pair = rng.randrange(34)
        if len(sets) < 4 or counts[pair] > 2:
            continue
        counts[pair] += 2
        break
    n_melds = rng.randint(0, max_melds)
    melds = []
    standing: list[str] = []
    order = list(range(4))
    rng.shuffle(order)
    for k, si in enumerate(order):
        kind, i = sets[si]
        codes = [T.code_of(i + d) for d in range(3)] if kind == "chow" else [T.code_of(i)] * 3
        if k < n_melds:
            if kind == "pung" and counts[i] == 3 and rng.random() < 0.4:
                counts[i] += 1
                codes = codes + [codes[0]]
                r = rng.random()
                if r < 0.4:
                    melds.append(make_meld("kong", codes, concealed=True))
                    continue
                claimed = codes[0]
                melds.append(make_meld("kong", codes, claimed=claimed,
                                       from_=rng.choice(("left", "across", "right")), added=r > 0.75))
                continue
            claimed = rng.choice(codes)
            frm = "left" if kind == "chow" else rng.choice(("left", "across", "right"))
            melds.append(make_meld(kind, codes, claimed=claimed, from_=frm))
        else:
            standing.extend(codes)
    standing.extend([T.code_of(pair)] * 2)
    if style == "riichi":
        standing = [_maybe_red(c, rng) for c in standing]
    winning = rng.choice(standing)
    context = {}
    if dora if dora is not None else (style == "riichi" and rng.random() < 0.6):
        context["dora_indicators"] = _spare_tiles(counts, rng.randint(1, 3), rng)
    bonus_tiles = []
    if bonus if bonus is not None else (style == "chinese" and rng.random() < 0.4):
        bonus_tiles = rng.sample(T.BONUS_CODES, rng.randint(1, 4))
    return Hand.from_dict({"concealed": standing, "melds": [m.to_dict() for m in melds], "winning_tile": winning,
                           "bonus": bonus_tiles, "context": context})


def _maybe_red(code: str, rng: random.Random) -> str:
    return f"0{code[1]}" if code[0] == "5" and code[1] in "mps" and rng.random() < 0.25 else code


def _spare_tiles(counts: list[int], n: int, rng: random.Random) -> list[str]:
    out = []
    while len(out) < n:
        i = rng.randrange(34)
        if counts[i] < 4:
            counts[i] += 1
            out.append(T.code_of(i))
    return out


# -- camera and mock detections --------------------------------------------------------------------

@dataclass
class Camera:
    """A pinhole camera over the table: ``scale`` pixels per tile width at the layout centre,
    ``tilt`` degrees from looking straight down (the far side shrinks), ``roll`` rotation of the
    photo in degrees (counter-clockwise), ``distance`` in tile widths, image ``size`` (w, h),
    and where the layout centre lands (``center``, default the image centre)."""
    scale: float = 40.0
    tilt: float = 0.0
    roll: float = 0.0
    distance: float = 16.0
    size: tuple[int, int] = (1280, 960)
    center: tuple[float, float] | None = None

    @classmethod
    def random(cls, rng: random.Random, *, roll: float | None = None, max_tilt: float = 40.0) -> "Camera":
        return cls(scale=rng.uniform(28, 60), tilt=rng.uniform(0, max_tilt),
                   roll=roll if roll is not None else rng.choice((0, 0, 0, 90, 180, 270)) + rng.uniform(-12, 12),
                   distance=rng.uniform(12, 22), size=(1600, 1600))

    def projector(self, placed: list[PlacedTile]):
        xs = [p.x for p in placed] or [0.0]
        ys = [p.y for p in placed] or [0.0]
        ox, oy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        t = math.radians(self.tilt)
        r = math.radians(self.roll)
        f = self.scale * self.distance
        cx, cy = self.center or (self.size[0] / 2, self.size[1] / 2)
        cr, sr = math.cos(r), math.sin(r)

        def proj(x: float, y: float) -> tuple[float, float]:
            x, y = x - ox, y - oy
            zc = self.distance - y * math.sin(t)   # the near side (y > 0) is closer to the camera
            u, v = f * x / zc, f * y * math.cos(t) / zc
            # image y grows downwards; a counter-clockwise roll of the photo
            return cx + u * cr + v * sr, cy - u * sr + v * cr
        return proj


def tile_corners(p: PlacedTile) -> list[tuple[float, float]]:
    """The tile outline on the table: top-left, top-right, bottom-right, bottom-left of its face
    (``angle`` counter-clockwise as seen from above, with y growing towards the viewer)."""
    a = math.radians(p.angle)
    ca, sa = math.cos(a), math.sin(a)
    out = []
    for dx, dy in ((-TILE_W / 2, -TILE_H / 2), (TILE_W / 2, -TILE_H / 2), (TILE_W / 2, TILE_H / 2),
                   (-TILE_W / 2, TILE_H / 2)):
        out.append((p.x + dx * ca + dy * sa, p.y - dx * sa + dy * ca))
    return out


def project(placed: list[PlacedTile], camera: Camera | None = None, rng: random.Random | None = None, *,
            box_noise: float = 0.0, corners: bool = True, shuffle: bool = True) -> list[TileRead]:
    """Mock detections of ``placed`` seen by ``camera``: boxes (and corners) in image pixels,
    face-down / sideways flags and the tile's angle in the image; codes are the true codes with
    confidence 1 (see :func:`confuse` for read noise). ``box_noise`` jitters box edges by that
    fraction of a tile width. Each read's ``embedding`` is left None; its order is shuffled."""
    camera = camera or Camera()
    rng = rng or random.Random(0)
    proj = camera.projector(placed)
    reads = []
    for p in placed:
        pts = [proj(x, y) for x, y in tile_corners(p)]
        xs, ys = [q[0] for q in pts], [q[1] for q in pts]
        w = math.dist(pts[0], pts[1])
        box = [min(xs), min(ys), max(xs), max(ys)]
        if box_noise:
            box = [v + rng.gauss(0, box_noise * w) for v in box]
            box = [min(box[0], box[2] - 1), min(box[1], box[3] - 1), max(box[0] + 1, box[2]), max(box[1] + 1, box[3])]
        # Angle of the tile's upright axis (bottom → top edge) in the image, counter-clockwise from
        # image "up", in (-180, 180]: 0 for an upright tile in an upright photo.
        bx, by = (pts[2][0] + pts[3][0]) / 2, (pts[2][1] + pts[3][1]) / 2
        tx, ty = (pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2
        angle = math.degrees(math.atan2(-(tx - bx), -(ty - by)))
        code = None if p.face_down else p.code
        reads.append(TileRead(code=code, box=tuple(box), confidence=1.0, face_down=p.face_down,
                              sideways=p.sideways, top3=[] if code is None else [(code, 1.0)],
                              corners=pts if corners else None, angle=angle))
    if shuffle:
        order = list(range(len(reads)))
        rng.shuffle(order)
        reads = [reads[i] for i in order]
    return reads


# -- read noise --------------------------------------------------------------------------------

def confusable(code: str) -> list[str]:
    """Codes a tile reader plausibly mistakes ``code`` for: neighbour numbers of the same suit,
    the same number in another suit, the red/plain five, look-alike honours."""
    if T.is_bonus(code):
        n = int(code[0])
        return [f"{(n % 8) + 1}f", f"{((n - 2) % 8) + 1}f"]
    c = T.normalize(code)
    n, s = int(c[0]), c[1]
    out = []
    if s in T.NUMBER_SUITS:
        out += [f"{m}{s}" for m in (n - 1, n + 1) if 1 <= m <= 9]
        out += [f"{n}{o}" for o in T.NUMBER_SUITS if o != s]
        if n == 5:
            out.append(f"0{s}" if code[0] == "5" else c)
    else:
        out += [f"{m}z" for m in range(1, 8) if m != n][:3] if n <= 4 else [f"{m}z" for m in (5, 6, 7) if m != n]
    return out


def confuse(reads: list[TileRead], rng: random.Random, *, error_rate: float = 0.05,
            in_top3: float = 0.85) -> list[TileRead]:
    """Tile-read noise: each face-up tile is misread with probability ``error_rate`` as a
    confusable code; the true code then stays among the top 3 with probability ``in_top3``.
    Confidences are drawn so that errors are usually less confident than correct reads.
    Returns new TileRead objects (the input is untouched); ``embedding`` stays None."""
    out = []
    for r in reads:
        if r.code is None:
            out.append(TileRead(**{**r.__dict__}))
            continue
        alts = [c for c in confusable(r.code) if c != r.code]
        rng.shuffle(alts)
        wrong = rng.random() < error_rate
        if wrong:
            p1 = rng.uniform(0.35, 0.9)
            first = alts[0]
            if rng.random() < in_top3:
                second = [(r.code, (1 - p1) * rng.uniform(0.5, 0.95))]
            else:
                second = [(alts[1 % len(alts)], (1 - p1) * 0.6)]
            top = [(first, p1)] + second
        else:
            p1 = min(0.999, rng.betavariate(12, 1))
            top = [(r.code, p1), (alts[0], (1 - p1) * rng.uniform(0.4, 0.9))]
        rest = 1 - sum(p for _, p in top)
        third = next((c for c in alts if c not in {t[0] for t in top}), None)
        if third is not None and rest > 0:
            top.append((third, rest * rng.uniform(0.3, 0.9)))
        out.append(TileRead(code=top[0][0], box=r.box, confidence=top[0][1], face_down=False,
                            sideways=r.sideways, top3=top[:3], corners=r.corners, angle=r.angle))
    return out
