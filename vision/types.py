"""What the vision stages hand to each other (photo → detections → tiles → hand).

``TileRead`` is one physical tile read from an image: the output of the tile reader
and the input of grouping. Codes are the scorer's canonical tile codes.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TileRead:
    code: str | None                       # canonical code; None when face down
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in the input image's pixels
    confidence: float                       # probability that ``code`` is right (and the box a tile)
    face_down: bool = False
    sideways: bool = False                  # lies turned 90° relative to its row
    top3: list[tuple[str, float]] = field(default_factory=list)  # best codes with probabilities
    corners: list[tuple[float, float]] | None = None  # 4 corners of the tile outline, if known
    angle: float = 0.0                      # rotation of the tile's long axis in degrees
    embedding: list[float] | None = None    # classifier embedding (tile-set profiles)
    base_code: str | None = None            # read with a tile-set profile: the base model's code, where it differs
    base_p: float | None = None             # read with a tile-set profile: the base model's probability of its code
    unknown: bool = False                   # a face no code names (a joker, another game's tile): ``code`` is a guess
    face_up: tuple[float, float] | None = None  # where the face's top points in the photo, as long as sure (vision.face_up)

    @property
    def center(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def to_dict(self) -> dict:
        d = {"code": self.code, "box": [round(float(v), 1) for v in self.box],
             "confidence": round(float(self.confidence), 4), "face_down": self.face_down,
             "sideways": self.sideways,
             "top3": [{"code": c, "p": round(float(p), 4)} for c, p in self.top3]}
        if self.corners is not None:
            d["corners"] = [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners]
        if self.angle:
            d["angle"] = round(float(self.angle), 1)
        if self.base_code is not None:
            d["base_code"] = self.base_code
        if self.base_p is not None:
            # how sure the base model was of its code: a correction of a sure misreading is
            # learnt as one (TileSetProfile.learn_hand's ``read_as``)
            d["base_p"] = round(float(self.base_p), 4)
        if self.unknown:
            d["unknown"] = True
        return d


class TileReads(list):
    """The tiles read from one photo, in reading order (a list of ``TileRead``), with what the
    photo's decoder found wrong in a file it decoded anyway (``damage``, a sentence for the player;
    None when nothing): a corrupt JPEG decodes with grey or garbled parts, and its tiles alone
    cannot say so; and the photo's ``frame`` (width, height) in the reads' pixels, or None, so
    that grouping can tell a tile cut by the photo's edge; ``dark``: the photo was too dark to read
    surely (``vision.reader.DARK_WARN_P99``); ``blurred``: its tiles are out of focus
    (``vision.reader.BLUR_WARN_SOFTNESS``); ``screen``: the picture was a phone screenshot, and
    the photo it shows (x0, y0, x1, y1 in the reads' pixels) was read alone
    (``vision.reader.screen_photo``), else None; ``washed``: the photo was washed out, too bright
    (``vision.reader.WASHED_WARN_P1``); ``noisy``: its tiles' faces are grainy, as a phone's
    photo in dim light (``vision.reader.NOISE_WARN``); ``edge_left_out``: how many face-up reads at
    its edge, mostly outside it, were left out (``vision.reader.EDGE_FLOOR``, ``EDGE_SLIVER_SHARE``)."""

    def __init__(self, reads=(), damage: str | None = None, frame: tuple[float, float] | None = None,
                 dark: bool = False, blurred: bool = False, screen: tuple[float, float, float, float] | None = None,
                 washed: bool = False, noisy: bool = False, edge_left_out: int = 0):
        super().__init__(reads)
        self.washed = washed
        self.noisy = noisy
        self.edge_left_out = edge_left_out
        self.damage = damage
        self.frame = frame
        self.dark = dark
        self.blurred = blurred
        self.screen = screen


@dataclass
class PlacedTile:
    """A tile placed on the table plane by a layout (before any camera): the contract between
    the layout generator (hand → where each tile lies) and the scene renderer.

    Coordinates are in tile-width units on the table plane; ``angle`` is the rotation in
    degrees of the tile's upright axis (0 = upright facing the camera's bottom edge, 90 =
    turned sideways). ``group`` names the set the tile belongs to (e.g. "concealed",
    "meld0", "winning", "bonus", "dora") and ``role`` its part in it.
    """
    code: str | None            # None for a face-down tile with no known face
    x: float                    # centre
    y: float
    angle: float = 0.0
    face_down: bool = False
    sideways: bool = False
    group: str = "concealed"
    role: str = ""
    stacked: bool = False       # lies on top of another tile (added kong)
