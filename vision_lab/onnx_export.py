"""Export the shipped torch models to ONNX, for the read path (``vision.detector.OnnxDetector``,
``vision.classifier.OnnxClassifier``).

    mjtable export [--detector models/detector/detector.pt] [--classifier models/classifier/classifier.pt]

writes ``detector.onnx`` and ``classifier.onnx`` beside their weights, each with a small JSON
(``<name>.onnx.json``: ``vision.model_files.ExportInfo``) naming the source weights' hash
(``vision.model_files.weights_id``), the ONNX file's own hash and what the runtime adapter needs
without torch (class names, input size, stride). The reader uses an export only while both
hashes match (``vision.model_files.current_export``), so weights trained or copied in later are
read by torch until ``mjtable export`` is run again.

- The detector is the ultralytics DetectionModel as ``YOLO.predict`` runs it (Conv+BN fused),
  with the Detect head in export mode: one output ``(1, 4 + classes, anchors)``, boxes as
  centre x, centre y, width, height in input pixels, class scores after the sigmoid. Height and
  width are dynamic: the reader asks for other input sizes (second looks, ``vision.reader``).
- The classifier returns the logits and the penultimate features exactly as
  ``vision.classifier.forward(..., features=True)`` takes them (every layer but the head, then
  the head's conv and pooling, flattened; then its linear layer), batch dynamic.

Needs torch, ultralytics and the ``onnx`` package (``pip install -e '.[export]'``).
"""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

from vision.model_files import EXPORT_FORMAT, ExportInfo, info_path, onnx_path, weights_id

OPSET = 17


def export_classifier(weights: Path, out: Path | None = None) -> Path:
    """``weights`` (an ultralytics classification checkpoint) as ONNX beside it (or at ``out``)."""
    return _export_classifier_network(weights, Path(out) if out is not None else onnx_path(weights), "classifier")


def export_profile_network(weights: Path, out: Path | None = None) -> Path:
    """The network of classifier ``weights`` with its weights as inputs a run may replace
    (``<name>.network.onnx``: ``vision.model_files.network_onnx_path``): a tile-set profile's
    fine-tuned network is then read without torch (``vision.classifier.NetworkWeights``). Conv
    and batch norm are kept apart (no constant folding), each weight named by its key in the
    torch module's state dict (prefixed ``model.``), as a profile saves them."""
    import torch

    from vision.model_files import network_onnx_path
    return _export_classifier_network(weights, Path(out) if out is not None else network_onnx_path(weights),
                                      "classifier-network", do_constant_folding=False,
                                      keep_initializers_as_inputs=True, training=torch.onnx.TrainingMode.PRESERVE)


def _export_classifier_network(weights: Path, out: Path, kind: str, **options) -> Path:
    """The logits and penultimate features of classifier ``weights`` (alone, no companion) as
    ONNX at ``out`` (``_export``'s ``options``), with its JSON of ``kind``."""
    import torch

    from vision.classifier import CropClassifier, forward

    clf = CropClassifier(weights, companion=None)     # the network of these weights alone

    class LogitsAndFeatures(torch.nn.Module):
        def __init__(self, model):
            super().__init__()
            self.model = model

        def forward(self, x):
            return forward(self.model, x, features=True)

    example = torch.zeros(2, 3, clf.imgsz, clf.imgsz)
    _export(LogitsAndFeatures(clf.model.float()).eval(), example, out, ["logits", "features"],
            {"images": {0: "batch"}, "logits": {0: "batch"}, "features": {0: "batch"}}, **options)
    _write_info(out, weights, kind=kind, names=list(clf.classes), imgsz=clf.imgsz)
    return out


def export_detector(weights: Path, out: Path | None = None) -> Path:
    """``weights`` (an ultralytics detection checkpoint) as ONNX beside it (or at ``out``)."""
    import torch
    from ultralytics import YOLO
    from ultralytics.nn.modules.head import Detect

    yolo = YOLO(str(weights), task="detect")
    trained = (getattr(yolo, "ckpt", None) or {}).get("train_args", {}).get("imgsz", 320)
    model = yolo.model.float().fuse(verbose=False).eval()
    for m in model.modules():
        if isinstance(m, Detect):
            # As ultralytics' own exporter sets the head: the decoded predictions alone, anchors
            # computed in the graph from the input's size.
            m.dynamic, m.export, m.format, m.shape = True, True, "onnx", None
    for p in model.parameters():
        p.requires_grad_(False)
    names = model.names
    names = [names[i] for i in range(len(names))] if isinstance(names, dict) else list(names)
    stride = int(max(model.stride.tolist()))
    example = torch.zeros(1, 3, int(trained), int(trained))
    out = Path(out) if out is not None else onnx_path(weights)
    _export(model, example, out, ["predictions"],
            {"images": {0: "batch", 2: "height", 3: "width"}, "predictions": {0: "batch", 2: "anchors"}})
    _write_info(out, weights, kind="detector", names=names, imgsz=int(trained), stride=stride)
    return out


def _export(module, example, out: Path, output_names: list[str], dynamic_axes: dict, **options) -> None:
    """``torch.onnx.export`` to ``out``, whole or not at all; ``options`` override its defaults
    (constant folding on)."""
    import warnings

    import torch
    out.parent.mkdir(parents=True, exist_ok=True)
    # Written next to the target, then moved over it: a reader never sees half a file.
    with tempfile.NamedTemporaryFile(dir=out.parent, suffix=".onnx.part", delete=False) as tmp:
        tmp_path = Path(tmp.name)
    try:
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")   # the TorchScript exporter's deprecation and tracer notes
            torch.onnx.export(module, (example,), str(tmp_path), input_names=["images"], output_names=output_names,
                              dynamic_axes=dynamic_axes, opset_version=OPSET,
                              **{"do_constant_folding": True, **options}, dynamo=False)
        tmp_path.chmod(0o644)    # a temporary file is made private; the export is an ordinary file
        tmp_path.replace(out)
    finally:
        tmp_path.unlink(missing_ok=True)


def _write_info(out: Path, weights: Path, kind: str, names: list[str], imgsz: int, stride: int | None = None) -> None:
    import torch
    info = ExportInfo(format=EXPORT_FORMAT, kind=kind, source=Path(weights).name,
                      source_weights_id=weights_id(weights), onnx_id=weights_id(out), names=names,
                      imgsz=int(imgsz), stride=stride, opset=OPSET, torch=torch.__version__)
    info_path(out).write_text(json.dumps(info.to_dict(), indent=1) + "\n")
