"""Which way up each tile's face lies in the photo, told by the classifier's own features.

The classifier reads a crop and the crop turned a half as one tile (it was trained on both,
``vision.classifier``), so a code says nothing of which end of a row is its right. A photo taken
from across the table, or whose rotation tag was lost, then had its rows found but read from
the wrong end: the winning tile taken from the other end, a meld's claimed tile on the wrong side
(docs/grouping.md, turned photos).

The classifier's penultimate features do differ between a crop and the crop turned: a linear
probe on their difference, ``w · (f(crop) − f(crop turned))``, is positive when the crop shows its
face the right way up. It is antisymmetric by construction (the turned crop scores the opposite),
costs one more pass of the small first network on each face-up tile (its companions are not run),
and is fitted on rendered tiles whose way up is known, of the training styles only
(``python -m vision_lab.face_up_fit``; measured on styles no model saw: models/classifier/MODEL_CARD.md).
Each tile's vote, held within ``TILE_VOTE``, is a vector in the photo pointing where its face's
top is (``TileRead.face_up``); the grouping adds the votes up into a cue for reading the rows one
way or the other (``vision.grouping.config.GroupingWeights.face_up``). The reader votes the first
detector's boxes before it classifies any (``faces_at_sight``): a photo whose faces point another
way is read turned upright at once (``vision.reader.UPRIGHT_VOTES``), and the tiles read later in
those boxes keep their votes.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, replace
from pathlib import Path

import numpy as np

from .crops import TileAxes, crop_tile, own_axes
from .detections import box_iou
from .types import TileRead

PROBE_FILE = "face_up.json"
#: A tile's vote is its log-odds held within ±TILE_VOTE: a face that looks the same both ways up
#: (2p, 8s, a blank white dragon) or one read surely the wrong way cannot outvote the rest (no
#: other value compared: docs/decisions.md).
TILE_VOTE = 3.0
#: A tile read later in a box that overlaps a box voted at sight by this much takes that vote:
#: the same detection, its crop cut alike (boxes in source pixels, through the look and back).
SAME_BOX = 0.9


@dataclass
class FaceUpProbe:
    """``log_odds(f - g) = (f - g) · weight`` for the features ``f`` of a crop and ``g`` of the
    crop turned 180° (``feature_differences``): positive when the crop shows its face upright.
    Tied to the classifier's weights (``model_id``) whose features it reads."""
    weight: list[float]
    model_id: str = ""
    fitted_on: str = ""

    def log_odds(self, differences) -> np.ndarray:
        return np.asarray(differences, np.float64) @ np.asarray(self.weight, np.float64)

    def save(self, path: Path) -> None:
        Path(path).write_text(json.dumps(asdict(self)) + "\n")

    @classmethod
    def load(cls, path: Path) -> "FaceUpProbe":
        return cls(**json.loads(Path(path).read_text()))


def probe_for(classifier) -> FaceUpProbe | None:
    """The probe beside ``classifier``'s weights, if fitted for those weights."""
    weights = getattr(classifier, "weights_path", None)
    if weights is None:
        return None
    path = Path(weights).with_name(PROBE_FILE)
    if not path.is_file():
        return None
    probe = FaceUpProbe.load(path)
    return probe if probe.model_id == getattr(classifier, "weights_id", None) else None


def crop_up(axes: TileAxes) -> tuple[float, float]:
    """The direction in the photo (x right, y down) of the top of a crop cut by
    ``vision.crops.crop_tile`` along ``axes``: a crop is cut upright along the tile's turn, a
    tile lying sideways turned a quarter clockwise (its crop's top is the photo's left)."""
    t = math.radians(axes.turn)
    if axes.lying:
        return (-math.cos(t), -math.sin(t))
    return (math.sin(t), -math.cos(t))


def face_up_votes(image: np.ndarray, boxes, classifier, probe: FaceUpProbe) -> list[tuple[float, float]]:
    """For each box of ``image`` (pixels of ``image``): a vector pointing where its tile's face's
    top is in the photo, its length how sure (at most ``TILE_VOTE``)."""
    return votes_and_features(image, boxes, classifier, probe)[0]


def votes_and_features(image: np.ndarray, boxes, classifier, probe: FaceUpProbe) -> tuple[list, np.ndarray, np.ndarray]:
    """(``face_up_votes``, the network's penultimate features of each box's crop as cut, its
    logits and its turned copy's summed): the features and logits come with the votes at no cost,
    for the tile/not-tile probes and the faces named at sight (``Sight``)."""
    if not len(boxes):
        return [], np.zeros((0, 0), np.float32), np.zeros((0, 0), np.float32)
    crops, ups = [], []
    for box in boxes:
        axes = own_axes(image, box)
        crops.append(crop_tile(image, box, axes=axes))
        ups.append(crop_up(axes))
    logits, feats = crop_and_turned_logits_and_features(crops, classifier)
    votes = np.clip(probe.log_odds(turned_differences(feats)), -TILE_VOTE, TILE_VOTE)
    n = len(crops)
    return [(float(v * ux), float(v * uy)) for v, (ux, uy) in zip(votes, ups)], feats[:n], logits[:n] + logits[n:]


def crop_and_turned_logits_and_features(crops: list[np.ndarray], classifier) -> tuple[np.ndarray, np.ndarray]:
    """The classifier network's logits and penultimate features of each crop, then of each crop
    turned 180°, in one pass over both."""
    views = list(crops) + [np.ascontiguousarray(c[::-1, ::-1]) for c in crops]
    return classifier.network_logits_and_features(views)


def crop_and_turned_features(crops: list[np.ndarray], classifier) -> np.ndarray:
    """The features of ``crop_and_turned_logits_and_features``."""
    return crop_and_turned_logits_and_features(crops, classifier)[1]


def feature_differences(crops: list[np.ndarray], classifier) -> np.ndarray:
    """The classifier network's penultimate features of each crop minus those of the crop turned
    180° (what ``FaceUpProbe`` weighs), in one pass over both."""
    return turned_differences(crop_and_turned_features(crops, classifier))


def turned_differences(feats: np.ndarray) -> np.ndarray:
    """Features of crops (``crop_and_turned_features``: the crops, then the same turned 180°)
    as each crop's minus its turned copy's."""
    n = len(feats) // 2
    return feats[:n].astype(np.float64) - feats[n:]


def with_face_up(reads: list[TileRead], image: np.ndarray, scale: float, classifier,
                 probe: FaceUpProbe, known: list[TileRead] | None = None) -> list[TileRead]:
    """``reads`` (boxes in pixels of an image ``scale`` times larger than ``image``) with each
    face-up tile's ``face_up`` vote set. ``known``: reads of ``image`` whose votes are set
    already (``faces_at_sight``); a read whose box is theirs (``SAME_BOX``) takes their vote, its
    crop being the same, rather than cutting and reading it again."""
    face_up = [i for i, r in enumerate(reads) if not r.face_down and r.code is not None]
    boxes = [tuple(v / scale for v in reads[i].box) for i in face_up]
    taken = {}
    if known and boxes:
        iou = box_iou(np.array(boxes, np.float64), np.array([r.box for r in known], np.float64))
        taken = {k: known[int(j)].face_up for k, j in enumerate(iou.argmax(1)) if iou[k, j] >= SAME_BOX}
    todo = [k for k in range(len(face_up)) if k not in taken]
    votes = dict(zip(todo, face_up_votes(image, [boxes[k] for k in todo], classifier, probe)))
    out = list(reads)
    for k, i in enumerate(face_up):
        out[i] = replace(reads[i], face_up=taken[k] if k in taken else votes[k])
    return out


@dataclass
class Sight:
    """What the first network sees of a detector's face-up boxes before any is classified."""
    reads: list[TileRead]       # one per box, with its way-up vote (no code yet)
    features: np.ndarray        # the network's penultimate features of each box's crop as cut
    codes: tuple[str, ...] = ()     # the code the network names each box's crop (and it turned 180°)


def faces_at_sight(boxes, image: np.ndarray, classifier, probe: FaceUpProbe) -> Sight:
    """Reads standing for the face-up ``boxes`` (pixels of ``image``) a detector found, before
    any is classified, each with its way-up vote, and their crops' features: enough to tell which
    way a photo's faces point before reading it whole (``vision.reader.TileReader``), and whether
    they look like tiles at all; the votes are reused for the tiles read later in the same boxes
    (``with_face_up``'s ``known``)."""
    votes, features, logits = votes_and_features(image, boxes, classifier, probe)
    codes = [classifier.classes[int(i)] for i in np.argmax(logits, axis=1)] if len(logits) else []
    return Sight([TileRead(code="", box=tuple(float(v) for v in b), confidence=0.0, face_up=vote)
                  for b, vote in zip(boxes, votes)], features, tuple(codes))


def pointing(reads: list[TileRead]) -> dict[int, float]:
    """The photo's face-up tiles' summed votes for their tops pointing up, right, down and left,
    keyed by the quarter turns counter-clockwise (``np.rot90``'s ``k``) that bring each upright:
    a photo whose faces point right is brought upright by a quarter turn counter-clockwise."""
    votes = [r.face_up for r in reads if r.face_up is not None]
    vx, vy = np.sum(votes, axis=0) if votes else (0.0, 0.0)
    return {0: float(-vy), 1: float(vx), 2: float(vy), 3: float(-vx)}


def _lead(ways: dict[int, float], k: int) -> float:
    """By how many summed votes the faces point way ``k`` more than any other way."""
    return ways[k] - max(v for j, v in ways.items() if j != k)


def faces_turn(reads: list[TileRead], least: float | None) -> int:
    """How many quarter turns counter-clockwise bring the photo's faces upright, by their summed
    way-up votes (``pointing``): 0 when they are upright, or when the way they point beats every
    other by less than ``least`` (None: never turned)."""
    if least is None:
        return 0
    ways = pointing(reads)
    k = max(ways, key=ways.get)         # no votes: every way 0, and 0 comes first
    return k if k and _lead(ways, k) >= least else 0


def upright_margin(reads: list[TileRead]) -> float:
    """By how many summed votes the faces point up more than any other way (negative: they do not)."""
    return _lead(pointing(reads), 0)


def unturned_read(read: TileRead, k: int, width: float, height: float, scale: float = 1.0) -> TileRead:
    """``read`` of a picture turned by ``np.rot90(picture, k)``, in the pixels of the picture
    as it was (``width`` × ``height``), times ``scale``."""
    def point(x, y):
        x, y = {0: (x, y), 1: (width - y, x), 2: (width - x, height - y), 3: (y, height - x)}[k % 4]
        return (x * scale, y * scale)

    def vector(v):
        if v is None:
            return None
        vx, vy = v
        return {0: (vx, vy), 1: (-vy, vx), 2: (-vx, -vy), 3: (vy, -vx)}[k % 4]
    x0, y0, x1, y1 = read.box
    pts = [point(x0, y0), point(x1, y1)]
    box = (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
    corners = None if read.corners is None else [point(x, y) for x, y in read.corners]
    # the turn in (-180, 180], as the reader gives a tile's turn read in the photo itself
    angle = (read.angle - 90.0 * (k % 4) + 180.0) % 360.0 - 180.0
    return replace(read, box=box, corners=corners, face_up=vector(read.face_up), angle=180.0 if angle == -180.0 else angle)
