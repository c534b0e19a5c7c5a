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
    """The network of classifier ``weights`` as a tile-set profile's fine-tuned copy is read
    without torch (``<name>.network.onnx``: ``vision.model_files.network_onnx_path``; kind
    ``NETWORK_EXPORT_KIND``): each convolution followed by batch norm folded into one
    convolution with a bias, every weight an initializer named by its key in the torch module's
    state dict (prefixed ``model.``), whose raw data a profile's session writes its own over
    (``vision.classifier.NetworkWeights``, ``folded_network_weights``). The JSON lists the
    weights (name: shape and the byte their raw data starts at) and the folds (the
    convolution's key: its batch norm's, epsilon, whether the convolution has a bias of its
    own). Refused (no file) where the folded network computes otherwise, a weight of the
    network is not one of the export's, or a weight's raw data cannot be written in place."""
    import copy

    import numpy as np
    import onnx
    import onnx.numpy_helper
    import torch

    from vision.classifier import CropClassifier, forward
    from vision.model_files import NETWORK_EXPORT_KIND, network_onnx_path
    out = Path(out) if out is not None else network_onnx_path(weights)
    clf = CropClassifier(weights, companion=None)
    model = copy.deepcopy(clf.model).float().eval()
    state = {k: tuple(v.shape) for k, v in model.state_dict().items()}
    folds = {}
    example = torch.rand(4, 3, clf.imgsz, clf.imgsz, generator=torch.Generator().manual_seed(0))
    with torch.no_grad():
        before = forward(model, example)
        for name, module in model.named_modules():
            conv, bn = getattr(module, "conv", None), getattr(module, "bn", None)
            if not (isinstance(conv, torch.nn.Conv2d) and isinstance(bn, torch.nn.BatchNorm2d)):
                continue
            scale = bn.weight / torch.sqrt(bn.running_var + bn.eps)
            bias = conv.bias if conv.bias is not None else torch.zeros_like(bn.running_mean)
            folded = torch.nn.Conv2d(conv.in_channels, conv.out_channels, conv.kernel_size, conv.stride,
                                     conv.padding, conv.dilation, conv.groups, bias=True)
            folded.weight.copy_(conv.weight * scale.reshape(-1, 1, 1, 1))
            folded.bias.copy_(bn.bias + (bias - bn.running_mean) * scale)
            module.conv, module.bn = folded, torch.nn.Identity()
            folds[f"{name}.conv"] = [f"{name}.bn", float(bn.eps), conv.bias is not None]
        # a module whose output is not bn(conv(x)) alone (ultralytics' Conv2 adds a branch) would not fold so
        if not torch.allclose(before, forward(model, example), atol=1e-3):
            raise RuntimeError(f"{weights}: the network with its batch norms folded does not compute what it did")
    # every weight the network reads must be a weight of the export, once: torch merges equal
    # initializers, which would leave a profile's own weights of one of them unread
    wanted = {f"model.{key}" for key, shape in state.items()
              if not key.rsplit(".", 1)[-1] in ("running_mean", "running_var", "num_batches_tracked")
              and key.rsplit(".", 1)[0] not in {bn for bn, _, _ in folds.values()}}
    wanted |= {f"model.{conv}.bias" for conv in folds}

    def described(path: Path) -> dict:
        graph = onnx.load(str(path)).graph
        data = path.read_bytes()
        initializers, at = {}, 0
        for tensor in graph.initializer:     # in the file's order: each one's raw data after the last
            key = tensor.name[len("model."):]
            conv, _, part = key.rpartition(".")
            shape = tuple(tensor.dims)
            raw = tensor.raw_data
            where = data.find(raw, at) if raw else -1
            if (tensor.data_type != onnx.TensorProto.FLOAT or where < 0 or len(raw) != 4 * int(np.prod(shape))
                    or not (state.get(key) == shape or (conv in folds and part == "bias"))):
                path.unlink()
                raise RuntimeError(f"the network export's weight {tensor.name} {list(shape)} is no float32 "
                                   f"weight of {weights} with its raw data in the file")
            initializers[tensor.name] = {"shape": list(shape), "offset": where}
            at = where + len(raw)
        problem = None
        if set(initializers) != wanted:
            problem = f"its weights are not the network's: {sorted(set(initializers) ^ wanted)[:4]}"
        elif {i.name for i in graph.input} & set(initializers):
            problem = "it takes its weights as inputs: a session would not prepare them"
        else:       # the offsets proven: other values written there are what the file then holds
            changed = bytearray(data)
            rng = np.random.default_rng(0)
            values = {n: rng.standard_normal(p["shape"]).astype("<f4") for n, p in initializers.items()}
            for n, v in values.items():
                changed[initializers[n]["offset"]:initializers[n]["offset"] + v.nbytes] = v.tobytes()
            reread = {w.name: onnx.numpy_helper.to_array(w) for w in onnx.load_from_string(bytes(changed)).graph.initializer}
            if any(not np.array_equal(reread[n], v) for n, v in values.items()):
                problem = "a weight's raw data is not where it was found"
        if problem:
            path.unlink()
            raise RuntimeError(f"the network export of {weights} cannot be used: {problem}")
        return {"initializers": initializers, "folds": folds}

    _export_classifier_network(weights, out, NETWORK_EXPORT_KIND, model=model, described=described,
                               do_constant_folding=False)
    return out


def _export_classifier_network(weights: Path, out: Path, kind: str, model=None, described=None, **options) -> Path:
    """The logits and penultimate features of classifier ``weights`` (alone, no companion; or
    ``model``, its network changed) as ONNX at ``out`` (``_export``'s ``options``), with its JSON
    of ``kind`` and the fields ``described(out)`` returns (it checks the file first)."""
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
    _export(LogitsAndFeatures(clf.model.float() if model is None else model).eval(), example, out, ["logits", "features"],
            {"images": {0: "batch"}, "logits": {0: "batch"}, "features": {0: "batch"}}, **options)
    _write_info(out, weights, kind=kind, names=list(clf.classes), imgsz=clf.imgsz,
                **({} if described is None else described(out)))
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


def _write_info(out: Path, weights: Path, kind: str, names: list[str], imgsz: int, stride: int | None = None,
                **network) -> None:
    import torch
    info = ExportInfo(format=EXPORT_FORMAT, kind=kind, source=Path(weights).name,
                      source_weights_id=weights_id(weights), onnx_id=weights_id(out), names=names,
                      imgsz=int(imgsz), stride=stride, opset=OPSET, torch=torch.__version__, **network)
    info_path(out).write_text(json.dumps(info.to_dict(), indent=1) + "\n")
