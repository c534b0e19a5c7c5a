"""Is a face-up tile's face one of the codes at all? The oddity model.

Sets carry faces no code names: American jokers, the wild tiles of Chinese home games (百搭,
財神), Hong Kong animal tiles, spares. The crop classifier has no class for them and names each
as the nearest code, which the hand then counts. The oddity model is a second crop classifier,
trained like the first with one class more, ``odd``: generated faces of those kinds
(vision_lab/synth/odd_faces.py). A face-up tile whose crop it reads as ``odd`` at ``threshold``
or surer is reported as unknown (``TileRead.unknown``): the hand leaves it out and says so, and
the player names it or removes it (docs/rulings.md, "Tile reader").

``oddity.json`` beside the weights holds the threshold, chosen on the valid split's labelled
tiles and fresh generated sets' tiles (at most 1 in 2,000 of them flagged:
``vision_lab.oddity_fit``), tied to the weights by ``weights_id``; weights without it are not
used. No oddity weights ship: the candidates measured took 2-3 of the unseen GL style's 557
tiles for odd faces (docs/experiments.md); ``mjtable eval PATH --oddity WEIGHTS`` reads with one.

    mjtable train classifier --name NAME --init models/classifier/classifier.pt --odd-faces 800 ...
    python -m vision_lab.oddity_fit --weights build/runs/NAME/weights/best.pt
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
ODDITY_WEIGHTS = REPO / "models" / "classifier" / "oddity.pt"
ODDITY_FILE = "oddity.json"
ODD_CLASS = "odd"


@dataclass
class OddityModel:
    classifier: object          # a vision.classifier.CropClassifier with an ``odd`` class
    threshold: float

    @property
    def odd_index(self) -> int:
        return self.classifier.classes.index(ODD_CLASS)

    def p_odd(self, crops: list[np.ndarray]) -> np.ndarray:
        """Probability that each crop's face is no code (the crop and the crop turned 180°)."""
        if not len(crops):
            return np.zeros(0, np.float32)
        logits = self.classifier.views_logits(list(crops), (1.0,), True)[0]
        return self.classifier.probabilities(logits)[:, self.odd_index]

    def is_odd(self, crops: list[np.ndarray]) -> np.ndarray:
        return self.p_odd(crops) >= self.threshold


def load_oddity(weights: str | Path | None = None, backend: str = "auto") -> OddityModel | None:
    """The oddity model of ``weights`` (default: the shipped one), or None when the weights, or a
    threshold fitted for them, are missing."""
    from .classifier import load_classifier
    from .model_files import current_export
    path = Path(weights or ODDITY_WEIGHTS)
    info_path = path.with_name(ODDITY_FILE)
    if not path.is_file() or not info_path.is_file():
        return None
    info = json.loads(info_path.read_text())
    if backend == "auto":     # its ONNX export when there is a current one, else torch, silently
        backend = "onnx" if current_export(path, kind="classifier") is not None else "torch"
    classifier = load_classifier(path, backend, turn_average=True, zooms=(1.0,))
    if ODD_CLASS not in classifier.classes or info.get("weights_id") != classifier.weights_id:
        return None
    return OddityModel(classifier, float(info["threshold"]))
