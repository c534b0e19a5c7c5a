"""Is a face-up detection a tile at all? A linear probe on the classifier's features.

The detector sometimes boxes a patch of table cloth at the end of a row, where the next tile
would stand (real test photos ``hand_007``, ``hand_012``; models/detector/MODEL_CARD.md), and the
classifier, which has no "not a tile" class, then names it with middling confidence. The
classifier's penultimate features tell cloth, wood and dice from tile faces well (a linear
probe, fitted on the detections of the train photos); a face-up detection the probe scores
below ``threshold`` is dropped by the reader, unless it reads it surely
(``vision.reader.TILENESS_SURE``).

    python -m vision_lab.tileness_fit [--out models/classifier/tileness.json]

fits the probe on the train split's detections (and rendered tiles of the artwork and procedural
sets, so that faces unlike the real photos' count as tiles), picks the threshold on the valid
split (the highest that drops at most ``MAX_DROPPED_TILES`` of its labelled tiles) and writes the
probe beside the classifier. It is tied to the classifier's weights (``model_id``): a probe
fitted for other weights is not used.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

PROBE_FILE = "tileness.json"
# A second probe, read beside the first: learnt from rendered capture-mode scenes (dice, books,
# screens, hands, face-down tiles, boxes across two tiles), with a threshold that drops no valid
# tile the first keeps (vision_lab.tileness_fit --body-scenes N --on-top-of tileness.json).
SCENES_PROBE_FILE = "tileness_scenes.json"
# A third, judging whole photos only (vision.reader.TILE_FREE_SHARE): fitted as the second, and
# also on pictures with no tile (vision_lab.synth.tile_free: grain, gravel, printed cloth), which
# it tells from tiles far better. Read beside the first on each detection it also dropped a few
# tiles of an unseen style (docs/experiments.md), so it only says whether a photo shows tiles.
TILE_FREE_PROBE_FILE = "tileness_tile_free.json"


@dataclass
class TilenessProbe:
    mean: list[float]
    scale: list[float]
    weight: list[float]
    bias: float
    threshold: float
    model_id: str = ""

    def p_tile(self, features) -> np.ndarray:
        """Probability that each row of ``features`` (the classifier's embeddings) is a tile."""
        x = (np.asarray(features, np.float32) - np.asarray(self.mean, np.float32)) / np.asarray(self.scale, np.float32)
        z = x @ np.asarray(self.weight, np.float32) + self.bias
        return 1.0 / (1.0 + np.exp(-np.clip(z, -50, 50)))

    def is_tile(self, features) -> np.ndarray:
        return self.p_tile(features) >= self.threshold

    def save(self, path: Path) -> None:
        Path(path).write_text(json.dumps(asdict(self)) + "\n")

    @classmethod
    def load(cls, path: Path) -> "TilenessProbe":
        return cls(**json.loads(Path(path).read_text()))


@dataclass
class ProbeUnion:
    """Probes read together: a detection is a tile only if every one of them says so."""
    probes: list

    def is_tile(self, features) -> np.ndarray:
        return np.logical_and.reduce([p.is_tile(features) for p in self.probes])


def probe_for(classifier, names=(PROBE_FILE, SCENES_PROBE_FILE)) -> TilenessProbe | ProbeUnion | None:
    """The probe beside ``classifier``'s weights (with the scenes probe, when one is there too),
    if fitted for those weights; ``names``: the probes' files read together."""
    weights = getattr(classifier, "weights_path", None)
    if weights is None:
        return None
    probes = []
    for name in names:
        path = Path(weights).with_name(name)
        if path.is_file():
            probe = TilenessProbe.load(path)
            if probe.model_id == getattr(classifier, "weights_id", None):
                probes.append(probe)
    if not probes:
        return None
    return probes[0] if len(probes) == 1 else ProbeUnion(probes)


def photo_probe_for(classifier) -> TilenessProbe | ProbeUnion | None:
    """The probes that judge whether a whole photo shows tiles: the first beside the tile-free
    probe (``TILE_FREE_PROBE_FILE``) when it is fitted for ``classifier``'s weights, else
    ``probe_for``'s."""
    both = probe_for(classifier, (PROBE_FILE, TILE_FREE_PROBE_FILE))
    return both if isinstance(both, ProbeUnion) else probe_for(classifier)
