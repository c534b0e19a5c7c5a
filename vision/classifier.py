"""Crop classifier adapter: an ultralytics classification checkpoint run as a plain torch module.

Running the module ourselves (rather than ``YOLO.predict``) batches the crops in one call and
exposes the penultimate features (the embedding a later issue calibrates a user's tile set
from). Probabilities are temperature-scaled (``calibration.json`` next to the weights, fitted on
the validation crops) so that they can be read as confidences."""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .crops import CROP_SIZE
from .errors import ModelMissingError
from .model_files import ExportInfo, export_for, int8_export, open_export, weights_id

REPO = Path(__file__).resolve().parents[1]
DEFAULT_WEIGHTS = REPO / "models" / "classifier" / "classifier.pt"
#: A second, wider network (twice the width, 96-px input; `vision_lab/cfg/tile-cls-wide.yaml`)
#: read beside the shipped classifier: each view's logits are the mean of the two networks'
#: (weighted COMPANION_SHARE for the companion). Two networks trained apart err apart: on the
#: labelled boxes of the unseen GL style and its capture modes the pair reads more than either
#: alone (models/classifier/MODEL_CARD.md). The first network alone gives the features (tile-set
#: profiles, the tileness probe) and is the one a profile fine-tunes, so profiles, probes and their
#: figures stay tied to it. Read only beside the shipped weights; None: no companion.
COMPANION_WEIGHTS: Path | None = DEFAULT_WEIGHTS.with_name("companion.pt")
#: The companion's own companion: a network at half YOLOv8's width (`vision_lab/cfg/tile-cls-half.yaml`,
#: 96 px, trained on a GPU on crops rendered there), read beside the shipped companion as the
#: companion is beside the first network, so on the views both are unsure of (``COMPANION_BELOW``,
#: ``SECOND_COMPANION_BELOW``) the first network weighs 1/2 and each companion 1/4. The chain reads more of the unseen GL style
#: and of the standing rows, heaps and tables in play (models/classifier/MODEL_CARD.md); None: none.
SECOND_COMPANION_WEIGHTS: Path | None = DEFAULT_WEIGHTS.with_name("companion2.pt")
#: The second companion costs about four times the first companion's work per view: it reads only
#: the views the first companion reads less surely than this (its own softmax; None: every view
#: the first companion reads).
SECOND_COMPANION_BELOW: float | None = 0.99
#: Whether the second companion also reads the zoomed views of an unsure crop, or only the crop
#: as cut and turned (a third of its work on a photo of unsure tiles).
SECOND_COMPANION_AT_ZOOMS = True
#: What runs the companions' ONNX exports: "auto" is OpenVINO where the CPU computes bfloat16
#: natively (there 1.5 and 2.5 times as fast as onnxruntime on these wide networks), onnxruntime
#: on a CPU without it (where OpenVINO's float32 is slower); the first network, small, stays on
#: onnxruntime (``vision.model_files.onnx_session``; docs/decisions.md).
COMPANION_RUNTIME = "auto"
#: Where the companions run on onnxruntime (a CPU without bfloat16), they run from their 8-bit
#: exports (``vision_lab.quantize_companions``) while those are current: on a 2-core AVX2 CPU
#: 1.5-1.9 times as fast a view as float32 (docs/decisions.md). False: the float32 exports.
COMPANION_INT8 = True
COMPANION_SHARE = 0.5
#: The companion costs about nine times the first network's work per view, so it reads only the
#: views the first network reads less surely than this (its own softmax): a clear photo's tiles
#: are read by the first alone. None: every view.
COMPANION_BELOW: float | None = 0.99
#: Whether the companion also reads the zoomed views of an unsure crop (``BASE_ZOOMS``), or only
#: the crop as cut and turned. The zoomed views carry much of its gain (docs/decisions.md).
COMPANION_AT_ZOOMS = True


@dataclass
class CropReading:
    code: str
    confidence: float
    top3: list[tuple[str, float]]
    embedding: np.ndarray | None = None
    base_code: str | None = None   # with a tile-set profile: the base model's code, where it differs
    base_p: float | None = None    # with a tile-set profile: the base model's probability of its own code


class CropClassifier:
    def __init__(self, weights: str | Path | None = None, threads: int | None = None, turn_average: bool = True,
                 zooms: tuple[float, ...] | None = None, companion="auto"):
        """``companion``: a second classifier whose logits are averaged with this one's
        (``COMPANION_WEIGHTS``); "auto": the shipped companion when these are the shipped
        weights and it is there; None: none."""
        import torch
        path = Path(weights or DEFAULT_WEIGHTS)
        if not path.exists():
            raise ModelMissingError(f"classifier weights not found: {path} (train with `mjtable train classifier`)")
        ckpt = torch.load(str(path), map_location="cpu", weights_only=False)
        model = (ckpt.get("ema") or ckpt["model"]).float().eval()
        for p in model.parameters():
            p.requires_grad_(False)
        self.model = model
        names = model.names
        self.classes = [names[i] for i in range(len(names))] if isinstance(names, dict) else list(names)
        self.imgsz = int(ckpt.get("train_args", {}).get("imgsz", CROP_SIZE))
        self.companion = companion_for(path, companion, "torch", threads)
        self._set_reading(path, turn_average, zooms)
        self.torch = torch
        if threads:
            torch.set_num_threads(threads)

    def _set_reading(self, path: Path, turn_average: bool, zooms) -> None:
        """What reading takes besides the network: the weights' file, the views, and the
        temperature and ``sure_base`` of ``calibration.json`` beside the weights (with a
        companion, the temperature fitted to the pair's mean logits, when it was fitted for
        this companion)."""
        self.weights_path = path
        # the shipped companion gates its own companion (the second) by a threshold of its own
        shipped_companion = COMPANION_WEIGHTS is not None and path.resolve() == COMPANION_WEIGHTS.resolve()
        self.companion_below = SECOND_COMPANION_BELOW if shipped_companion else COMPANION_BELOW
        self.turn_average = turn_average
        self.zooms = tuple(BASE_ZOOMS if zooms is None else zooms)
        if 1.0 not in self.zooms:
            raise ValueError("zooms must include 1.0 (the crop as cut gives the features)")
        self._weights_id = None
        calib = path.with_name("calibration.json")
        info = json.loads(calib.read_text()) if calib.exists() else {}
        self.temperature = float(info.get("temperature", 1.0))
        pair = info.get("with_companion", {})
        if self.companion is not None and pair.get("companion_weights_id") == companion_chain_id(self.companion):
            self.temperature = float(pair["temperature"])
        # How sure a reading of these weights must be to count as sure where a tile-set profile
        # trusts the base model (vision.profile.SURE_BASE, the default; chosen per weights on the
        # profile evaluation's tuning draw: docs/calibration.md, Decisions).
        self.sure_base = float(info["sure_base"]) if "sure_base" in info else None

    @property
    def weights_id(self) -> str:
        """Content hash of the weights (tile-set profiles are tied to the embeddings of one model)."""
        if self._weights_id is None:
            self._weights_id = weights_id(self.weights_path)
        return self._weights_id

    def to_input(self, crops: list[np.ndarray]):
        """BGR crops (any size) as the model's input tensor (RGB, 0-1, resized to ``imgsz``)."""
        return self.torch.from_numpy(input_pixels(crops, self.imgsz)).float() / 255.0

    def logits_and_features(self, crops: list[np.ndarray], model=None, companion_among=None, second_among=None):
        """(logits, features) arrays for BGR crops (any size; resized to the model's input), of
        this classifier's network or of ``model`` (a fine-tuned copy of it, a tile-set profile's).
        The logits of this classifier's own network are averaged with its companion's, if any
        (for the crops ``companion_among`` marks, default all: ``with_companion``); the features
        are always the first network's."""
        logits, feats = self.network_logits_and_features(crops, model)
        return (logits if model is not None else
                self.with_companion(crops, logits, companion_among, second_among)), feats

    def with_companion(self, crops: list[np.ndarray], logits: np.ndarray, among=None, second_among=None) -> np.ndarray:
        """``logits`` of this network for ``crops``, with the companion's averaged in for the
        crops this network reads less surely than ``companion_below`` (``COMPANION_BELOW``, or
        ``SECOND_COMPANION_BELOW`` for the shipped companion's own; of those ``among`` marks,
        a boolean mask; default all)."""
        if self.companion is None or not len(crops):
            return logits
        wanted = np.ones(len(crops), bool) if among is None else np.asarray(among, bool)
        below = self.companion_below
        if below is not None:
            wanted &= softmax(logits).max(1) < below
        idx = np.flatnonzero(wanted)
        if not len(idx):
            return logits
        # ``second_among``: which of the crops the companion's own companion may read
        other, _ = self.companion.logits_and_features(
            [crops[i] for i in idx], companion_among=None if second_among is None else np.asarray(second_among, bool)[idx])
        logits = logits.copy()
        logits[idx] = (1.0 - COMPANION_SHARE) * logits[idx] + COMPANION_SHARE * other
        return logits

    def network_logits_and_features(self, crops: list[np.ndarray], model=None):
        """``logits_and_features`` of this network (or ``model``) alone."""
        if not crops:
            return np.zeros((0, len(self.classes)), np.float32), np.zeros((0, 0), np.float32)
        with self.torch.inference_mode():
            logits, feats = forward(self.model if model is None else model, self.to_input(crops), features=True)
        return logits.numpy(), feats.numpy()

    def warm(self) -> None:
        """Give each network of the chain its first runs (``vision.reader.preload``): the
        runtimes' first-run set-up is paid before the first photo, not during it."""
        self.classify([np.full((96, 64, 3), 114, np.uint8)])
        clf = self
        while clf is not None:
            warm = getattr(getattr(clf, "session", None), "warm", None)
            if warm is not None:
                warm()
            clf = getattr(clf, "companion", None)

    def probabilities(self, logits: np.ndarray) -> np.ndarray:
        return softmax(logits / self.temperature)

    def reading_logits(self, crops: list[np.ndarray], turn_average: bool | None = None,
                       zooms: tuple[float, ...] | None = None, zoom_below_confidence: float | None = None,
                       model=None, unsure=None):
        """(logits, features) of the reading ``classify`` makes. Each crop is read as cut, and
        also turned 180° with ``turn_average`` (default ``self.turn_average``); a crop whose
        reading is less sure than ``zoom_below_confidence`` (default ``ZOOM_BELOW_CONFIDENCE``) is read again at every other zoom of
        ``zooms`` (default ``self.zooms``, which must hold 1.0) and its logits are the mean over all
        those views. The features are always the crop's own, as cut. ``model``: a fine-tuned copy
        of this network read instead (``views_logits``); ``unsure``: which crops are read again,
        a function of the as-cut logits to an (n,) bool array, instead of ``zoom_below_confidence``."""
        use = self.turn_average if turn_average is None else turn_average
        zooms = tuple(self.zooms if zooms is None else zooms)
        if 1.0 not in zooms:
            raise ValueError("zooms must include 1.0 (the crop as cut gives the features)")
        logits, feats = self.views_logits(list(crops), (1.0,), use, model=model)
        others = tuple(z for z in zooms if z != 1.0)
        if others and len(crops):
            again = np.flatnonzero(self.unsure(logits, zoom_below_confidence) if unsure is None else unsure(logits))
            if len(again):
                more, _ = self.views_logits([crops[i] for i in again], others, use, model=model)
                logits[again] = mean_over_zooms(logits[again], more, len(others))
        return logits, feats

    def unsure(self, as_cut_logits: np.ndarray, below: float | None = None) -> np.ndarray:
        """Which crops, by their as-cut logits, are read again at the other zooms (those read
        less surely than ``below``, default ``ZOOM_BELOW_CONFIDENCE``)."""
        below = ZOOM_BELOW_CONFIDENCE if below is None else below
        return self.probabilities(as_cut_logits).max(1) < below

    def views_logits(self, crops: list[np.ndarray], zooms: tuple[float, ...], turn_average: bool, model=None):
        """(logits, features): logits averaged over each crop's views (every zoom of ``zooms``,
        each also turned 180° with ``turn_average``), and the penultimate features of its first
        view; of this classifier's network or of ``model``."""
        if not crops:
            return self.logits_and_features([])
        logits_parts, feats_parts = [], []
        for start in range(0, len(crops), READ_BATCH):
            part = list(crops[start:start + READ_BATCH])
            views = [zoomed(c, z) for z in zooms for c in part]
            if turn_average:
                views += [np.ascontiguousarray(v[::-1, ::-1]) for v in views]
            # without COMPANION_AT_ZOOMS the companion reads the crops as cut only (zoom 1.0)
            as_cut = np.tile(np.repeat(np.array(zooms) == 1.0, len(part)), len(views) // (len(zooms) * len(part)))
            among = None if COMPANION_AT_ZOOMS else as_cut
            second = None if SECOND_COMPANION_AT_ZOOMS else as_cut
            logits, feats = self.logits_and_features(views, model, among, second)
            logits_parts.append(logits.reshape(len(views) // len(part), len(part), -1).mean(0))
            feats_parts.append(feats[:len(part)])
        return np.concatenate(logits_parts), np.concatenate(feats_parts)

    def classify(self, crops: list[np.ndarray], embeddings: bool = False,
                 turn_average: bool | None = None) -> list[CropReading]:
        """Code, confidence and top 3 of each crop (and its penultimate features with
        ``embeddings``), read as ``reading_logits`` says.

        Why several views: a crop is cut without knowing which way up its tile lies and the
        model was trained on both turns, so the crop turned 180° is a second look at the same
        tile; and a crop is framed a little tighter or looser than the training crops were
        (zooms: ``BASE_ZOOMS``). Both measured in models/classifier/MODEL_CARD.md."""
        logits, feats = self.reading_logits(crops, turn_average)
        probs = self.probabilities(logits)
        out = []
        for i, p in enumerate(probs):
            top = np.argsort(-p)[:3]
            top3 = [(self.classes[j], float(p[j])) for j in top]
            out.append(CropReading(top3[0][0], top3[0][1], top3, feats[i] if embeddings else None))
        return out


#: The base classifier reads an unsure crop also at these zooms (each turned 180° too) and
#: averages the logits. Training cut crops with ±8 % box jitter and zoomed in at most 5 %, while
#: the boxes of another set or photo fit its tiles more loosely or tightly, and other sets draw
#: their faces smaller on the tile. Chosen on the valid split's labelled crops
#: (``tools/base_tta_probe.py`` at commit 8c2eecd): 1.0 alone 96.42 %, (0.8, 1, 1.2) 96.98 %,
#: (0.85-1.15, five) 96.75 %.
BASE_ZOOMS: tuple[float, ...] = (0.8, 1.0, 1.2)
#: ... only when the reading as cut is less sure than this: on valid, 7 % of the crops then get
#: the zooms, with the accuracy of zooming all of them (96.97 %; at 0.5: 96.64 %), and the common
#: sure tile costs no more than before (commit 4cdec04).
ZOOM_BELOW_CONFIDENCE = 0.9
READ_BATCH = 32     # crops per forward pass (each read as up to 2 × len(zooms) views)


def softmax(z: np.ndarray) -> np.ndarray:
    """Row-wise softmax of (n, k) scores, in their own precision."""
    z = z - z.max(1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(1, keepdims=True)


def mean_over_zooms(as_cut: np.ndarray, others: np.ndarray, n_others: int) -> np.ndarray:
    """Mean logits over all views, from the as-cut views' mean and the other zooms' mean."""
    return (as_cut + others * n_others) / (1 + n_others)


def zoomed(crop: np.ndarray, z: float) -> np.ndarray:
    """``crop`` magnified ``z`` times about its centre, same size (z < 1 shows more around it,
    edges repeated)."""
    if z == 1.0:
        return crop
    import cv2
    h, w = crop.shape[:2]
    # About the centre pixel's centre, so that zooming commutes with turning the crop 180°.
    m = np.float32([[z, 0, (1 - z) * (w - 1) / 2], [0, z, (1 - z) * (h - 1) / 2]])
    return cv2.warpAffine(crop, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def forward(model, x, features: bool = False):
    """Logits (and penultimate features) of a yolov8-cls module: a plain chain of layers, then
    the Classify head, run by hand so that the features are reachable."""
    layers = list(model.model)
    for layer in layers[:-1]:
        x = layer(x)
    head = layers[-1]
    feats = head.pool(head.conv(x)).flatten(1)
    logits = head.linear(feats)
    return (logits, feats) if features else logits


def fit_temperature(logits: np.ndarray, labels: np.ndarray) -> float:
    """Temperature minimising the negative log-likelihood of ``labels`` (grid then refine)."""
    def nll(t):
        z = logits / t
        z = z - z.max(1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(1, keepdims=True))
        return -logp[np.arange(len(labels)), labels].mean()
    grid = np.exp(np.linspace(np.log(0.2), np.log(10), 60))
    best = min(grid, key=nll)
    fine = np.linspace(best * 0.85, best * 1.15, 31)
    return float(min(fine, key=nll))


def input_pixels(crops: list[np.ndarray], size: int) -> np.ndarray:
    """BGR crops (any size) as one uint8 batch (n, 3, size, size), RGB, resized by area."""
    import cv2
    batch = np.stack([cv2.resize(c, (size, size), interpolation=cv2.INTER_AREA) if c.shape[:2] != (size, size)
                      else c for c in crops])
    return np.ascontiguousarray(batch[..., ::-1].transpose(0, 3, 1, 2))


class NetworkWeights:
    """A fine-tuned copy of a classifier's network (a tile-set profile's) read by ``OnnxClassifier``
    without torch, which takes seconds to load (a cold ``mjtable read`` with a profile: 7.1-7.3 s by
    torch, 1.8-2.0 s through the export): a session of the network's export, on the classifier's runtime,
    (``vision_lab.onnx_export.export_profile_network``) with these weights written over the
    export's own, batch norm folded into the convolutions (``folded_network_weights``). Fed at
    each run instead, they read 200 crops in 50 ms, 15 ms so (docs/decisions.md)."""

    def __init__(self, session):
        self.session = session


def folded_network_weights(state: dict[str, np.ndarray], info: ExportInfo) -> dict[str, np.ndarray]:
    """The weights the network export of ``info`` is made with, from a fine-tuned ``state``
    (``{key: array}`` of the torch module, as ``vision.finetune`` makes it): each convolution
    followed by batch norm (``info.folds``: the convolution's key, its batch norm's, that one's
    epsilon, whether the convolution has a bias of its own) as one convolution with a bias,
    w · γ/√(σ² + ε) and β + (b − μ) · γ/√(σ² + ε); the other weights as they are. Raises
    ``ValueError`` when ``state`` does not fit the export, a weight of it included that the
    export would leave unread."""
    out, used = {}, set()

    def take(key):
        if key not in state:
            raise ValueError(f"the network has no {key}")
        used.add(key)
        return np.asarray(state[key], np.float64)
    for name, place in (info.initializers or {}).items():
        shape = place["shape"]
        key = name[len("model."):] if name.startswith("model.") else name
        conv, _, part = key.rpartition(".")
        fold = (info.folds or {}).get(conv)
        if fold is not None and part in ("weight", "bias"):
            bn, eps, own_bias = fold
            gamma, beta, mean, var = (take(f"{bn}.{k}") for k in ("weight", "bias", "running_mean", "running_var"))
            scale = gamma / np.sqrt(var + float(eps))
            if part == "weight":
                weight = take(f"{conv}.weight")
                value = weight * scale.reshape(-1, *([1] * (weight.ndim - 1)))
            else:
                bias = take(f"{conv}.bias") if own_bias else np.zeros_like(mean)
                value = beta + (bias - mean) * scale
        else:
            value = take(key)
        if tuple(np.shape(value)) != tuple(shape):
            raise ValueError(f"the network's {key} is {np.shape(value)}, this classifier's {tuple(shape)}")
        out[name] = np.ascontiguousarray(value, np.float32)
    unread = [k for k, v in state.items() if k not in used and not k.endswith("num_batches_tracked")
              and np.asarray(v).dtype.kind == "f"]
    if unread:
        raise ValueError(f"the network's {unread[0]} is no weight of this classifier's export")
    return out


class OnnxClassifier(CropClassifier):
    """``CropClassifier``'s reading from the ONNX export of its weights (``mjtable export``): the
    export gives the logits and the penultimate features as ``forward`` takes them, and the views,
    temperature and everything else are ``CropClassifier``'s own, so reading needs no torch.

    A fine-tuned copy of the network (a tile-set profile's, passed as ``model``) is read from the
    network's export with its weights written in (``network_weights``: ``NetworkWeights``) when it is
    current; else, as a torch module, by the torch classifier of the same weights, which
    fine-tuning itself (``model``, ``to_input``) also needs: it is loaded the first time one of
    them is asked for."""

    def __init__(self, weights: str | Path | None = None, threads: int | None = None, turn_average: bool = True,
                 zooms: tuple[float, ...] | None = None, export: ExportInfo | None = None, companion="auto",
                 runtime: str = "onnxruntime", quantised: ExportInfo | None = None):
        """``runtime``: what runs the export (``vision.model_files.onnx_session``); ``quantised``:
        the current 8-bit export (``vision.model_files.int8_export``), run by onnxruntime instead,
        the float32 one (``export``) being looked up only where it cannot run."""
        path = Path(weights or DEFAULT_WEIGHTS)
        try:
            info, self.session, self.input_name = open_export(path, "classifier", quantised or export, threads,
                                                              "onnxruntime" if quantised else runtime)
        except Exception as exc:    # noqa: BLE001 (onnxruntime's own errors): the float32 export reads as well
            if quantised is None:
                raise
            import warnings
            warnings.warn(f"{quantised.path} cannot be run here ({exc}): reading with the float32 export",
                          RuntimeWarning, stacklevel=2)
            info, self.session, self.input_name = open_export(path, "classifier", export, threads, runtime)
        self.export = info
        self.classes = list(info.names)
        self.imgsz = int(info.imgsz)
        self.companion = companion_for(path, companion, "auto", threads)
        self._set_reading(path, turn_average, zooms)
        self._weights_id = info.source_weights_id      # checked against the weights by current_export
        self._threads = threads
        self._runtime = runtime            # a profile's network (network_weights) runs on it too
        self._torch_classifier = None
        self._network_info = None          # the network's export a profile's session is made from (network_weights)

    @property
    def torch_classifier(self) -> CropClassifier:
        """The torch classifier of the same weights (for fine-tuned networks and fine-tuning)."""
        if self._torch_classifier is None:
            self._torch_classifier = CropClassifier(self.weights_path, threads=self._threads,
                                                    turn_average=self.turn_average, zooms=self.zooms,
                                                    companion=None)
        return self._torch_classifier

    @property
    def model(self):
        return self.torch_classifier.model

    @property
    def torch(self):
        return self.torch_classifier.torch

    def to_input(self, crops: list[np.ndarray]):
        return self.torch_classifier.to_input(crops)

    def network_weights(self, state: dict[str, np.ndarray]) -> NetworkWeights | None:
        """``state`` (a fine-tuned network's ``{key: array}``, as ``vision.finetune`` makes it) to
        be read without torch, or None when there is no current export for it (then read it as a
        torch module: ``vision.finetune.load_network``). Raises ``ValueError`` when ``state`` does
        not fit this network."""
        info = self._network_export()
        if info is None:
            return None
        from .model_files import onnx_session_with
        places = {name: place["offset"] for name, place in info.initializers.items()}
        return NetworkWeights(onnx_session_with(info.path, folded_network_weights(state, info), places,
                                                self._threads, info.onnx_id, self._runtime))

    def _network_export(self) -> ExportInfo | None:
        if self._network_info is None:
            from .model_files import NETWORK_EXPORT_KIND, current_export, network_onnx_path, warn_stale_export
            onnx = network_onnx_path(self.weights_path)
            info = current_export(self.weights_path, NETWORK_EXPORT_KIND, onnx)
            # an export that says nothing of its weights would read the base model's
            self._network_info = info if info is not None and info.initializers and info.folds else False
            if not self._network_info:
                warn_stale_export(self.weights_path, onnx, "a tile-set profile's network is read")
        return self._network_info or None

    def network_logits_and_features(self, crops: list[np.ndarray], model=None):
        if isinstance(model, NetworkWeights):
            if not crops:
                return np.zeros((0, len(self.classes)), np.float32), np.zeros((0, 0), np.float32)
            x = input_pixels(crops, self.imgsz).astype(np.float32) / np.float32(255)
            logits, feats = model.session.run(["logits", "features"], {"images": x})
            return logits, feats
        if model is not None:
            return self.torch_classifier.network_logits_and_features(crops, model)
        if not crops:
            return np.zeros((0, len(self.classes)), np.float32), np.zeros((0, 0), np.float32)
        x = input_pixels(crops, self.imgsz).astype(np.float32) / np.float32(255)
        logits, feats = self.session.run(["logits", "features"], {self.input_name: x})
        return logits, feats


def load_classifier(weights: str | Path | None = None, backend: str = "auto", runtime: str = "onnxruntime",
                    int8: bool = False, **kwargs) -> CropClassifier:
    """The classifier of ``weights`` (default: the shipped ones): run from its ONNX export (by
    ``runtime``; ``int8``: its 8-bit export where that runs on onnxruntime and is current) when
    ``backend`` is "onnx", or "auto" and the export beside the weights is current; else by torch."""
    path = Path(weights or DEFAULT_WEIGHTS)
    quantised = int8_export(path, runtime) if int8 and backend != "torch" else None
    if quantised is not None:       # the float32 export is not hashed as well (start-up time)
        return OnnxClassifier(path, runtime=runtime, quantised=quantised, **kwargs)
    use_onnx, info = export_for(path, backend, "classifier")
    return OnnxClassifier(path, export=info, runtime=runtime, **kwargs) if use_onnx else CropClassifier(path, **kwargs)


def companion_chain_id(companion) -> str:
    """The weights ids of a companion and of the companions it reads beside it ("a+b"): a
    temperature fitted to one chain's mean logits applies to that chain only."""
    ids = []
    while companion is not None:
        ids.append(companion.weights_id)
        companion = getattr(companion, "companion", None)
    return "+".join(ids)


def companion_for(weights: Path, companion, backend: str, threads: int | None = None):
    """The companion classifier of ``weights`` (``CropClassifier``'s ``companion``): "auto" is
    the shipped chain, run by ``backend``: ``COMPANION_WEIGHTS`` beside the shipped weights and
    ``SECOND_COMPANION_WEIGHTS`` beside the shipped companion, each when it is there; a path is
    loaded with its own "auto" companion; anything else is returned as it is."""
    if isinstance(companion, str) and companion == "auto":
        here = Path(weights).resolve()
        chain = {DEFAULT_WEIGHTS.resolve(): COMPANION_WEIGHTS}
        if COMPANION_WEIGHTS is not None:
            chain[COMPANION_WEIGHTS.resolve()] = SECOND_COMPANION_WEIGHTS
        companion = chain.get(here)
        if companion is None or not companion.is_file() or companion.resolve() == here:
            return None
    if isinstance(companion, (str, Path)):
        return load_classifier(companion, backend, threads=threads, companion="auto", runtime=COMPANION_RUNTIME,
                               int8=COMPANION_INT8)
    return companion


_DEFAULT_CLASSIFIER = None
_DEFAULT_LOCK = threading.Lock()     # one load, however many threads ask at once


def profile_network_classifier(classifier):
    """The classifier whose network a tile-set profile fine-tunes for ``classifier``: its first
    companion, as the reader has it loaded (reading with a profile passes the fine-tuned network,
    so the companion's own companion is never read beside it), on the runtime the companion runs
    on; a profile's fine-tuned network is read through the export of its network,
    ``<name>.network.onnx``, when that is current (``OnnxClassifier.network_weights``), else by
    torch. None when ``classifier`` has no companion (``vision.profile.tileset.NETWORK_MODEL``
    says which network a new profile fine-tunes)."""
    companion = getattr(classifier, "companion", None)
    return companion if getattr(companion, "weights_path", None) is not None else None


def default_classifier():
    """The committed classifier, loaded once and shared by the reader and tile-set profiles (run
    from its ONNX export when that is current: ``load_classifier``)."""
    global _DEFAULT_CLASSIFIER
    with _DEFAULT_LOCK:
        if _DEFAULT_CLASSIFIER is None:
            _DEFAULT_CLASSIFIER = load_classifier()
    return _DEFAULT_CLASSIFIER
