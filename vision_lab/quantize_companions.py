"""8-bit exports of the companion classifiers, for CPUs that compute no bfloat16.

    python -m vision_lab.quantize_companions [--views 768] [--seed 5]

writes ``companion.int8.onnx`` and ``companion2.int8.onnx`` beside the companions' weights, each
with its ``.int8.onnx.json`` (``vision.model_files.ExportInfo``, kind "classifier-int8"). The
reader runs them in place of the float32 exports where the companions run on onnxruntime
(``vision.classifier.COMPANION_INT8``), while their JSON names the weights as they are.

onnxruntime's static quantisation (QDQ): activations unsigned 8-bit from their min-max over the
calibration views, weights signed 8-bit per output channel, in 7 bits (``reduce_range``): a CPU
without VNNI multiplies unsigned by signed bytes in 16-bit sums that saturate with full 8-bit
weights (the second companion agreed with its float32 self on 99.3 % of the valid split's tiles
with 8 bits, 99.8 % with 7; docs/experiments.md). The calibration views are cut as the reader
cuts tiles, at its zooms, upright or turned: from the train split of the shared photos and from
rendered capture-mode scenes in the training styles (never the held-out GL style, never valid or
test). Needs the ``onnx`` package (``pip install -e '.[export]'``) and ../shared/data.
"""
from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

import numpy as np

from vision.classifier import BASE_ZOOMS, COMPANION_WEIGHTS, SECOND_COMPANION_WEIGHTS, input_pixels, zoomed
from vision.crops import crop_tile
from vision.model_files import current_export, info_path, int8_onnx_path, onnx_path, weights_id
from vision_lab.datasets import DEFAULT_SHARED

TRAIN_PHOTOS = DEFAULT_SHARED / "chinese-mahjong-detection" / "train"
SCENE_MODES = ("heaps", "flat_low", "mixed", "standing")
CALIBRATION_BATCH = 32


def calibration_crops(seed: int = 5, photos: Path = TRAIN_PHOTOS, photo_count: int = 150,
                      scenes_per_mode: int = 10, share: float = 0.25) -> list[np.ndarray]:
    """Tiles cut from their labelled boxes: a ``share`` of those of ``photo_count`` train
    photos, and of rendered capture-mode scenes (training styles)."""
    from vision_lab.evaluate import image_paths, labelled_images
    from vision_lab.synth.artwork import STYLES
    from vision_lab.synth.capture_modes import mode_scene
    rng = np.random.default_rng(seed)
    crops = []
    paths = image_paths(Path(photos))
    if not paths:
        raise SystemExit(f"no labelled photos under {photos}: the calibration needs the shared train split")
    chosen = [paths[k] for k in sorted(rng.choice(len(paths), min(photo_count, len(paths)), replace=False))]
    for _, img, labels in labelled_images(Path(photos), paths=chosen):
        crops += [crop_tile(img, box) for _, box in labels if rng.random() < share]
    for m, mode in enumerate(SCENE_MODES):
        for i in range(scenes_per_mode):
            img, tiles = mode_scene(mode, np.random.default_rng([seed, m, i]), STYLES)
            crops += [crop_tile(img, t.box) for t in tiles if t.labelled and not t.face_down and rng.random() < share]
    return crops


def calibration_views(crops: list[np.ndarray], n: int, seed: int = 5) -> list[np.ndarray]:
    """``n`` views of the crops as the reader reads them: at one of its zooms, upright or turned."""
    rng = np.random.default_rng(seed)
    views = []
    for i in rng.permutation(len(crops))[:n]:
        v = zoomed(crops[i], float(BASE_ZOOMS[int(rng.integers(len(BASE_ZOOMS)))]))
        views.append(v if rng.random() < 0.5 else np.ascontiguousarray(v[::-1, ::-1]))
    return views


def quantize(weights: Path, views: list[np.ndarray], out: Path | None = None) -> Path:
    """The 8-bit export of classifier ``weights`` (from its current float32 export), calibrated on
    ``views``; written with its JSON. Returns the ONNX file's path."""
    import tempfile

    from onnxruntime.quantization import CalibrationDataReader, QuantFormat, QuantType, quantize_static
    from onnxruntime.quantization.shape_inference import quant_pre_process
    source = current_export(weights, kind="classifier")
    if source is None:
        raise SystemExit(f"no current float32 export of {weights}: run `mjtable export` first")
    out = Path(out) if out is not None else int8_onnx_path(weights)
    x = input_pixels(views, int(source.imgsz)).astype(np.float32) / np.float32(255)
    x = x[:len(x) // CALIBRATION_BATCH * CALIBRATION_BATCH]
    if not len(x):
        raise SystemExit(f"fewer than {CALIBRATION_BATCH} calibration views")

    class Views(CalibrationDataReader):
        def __init__(self):
            self.start = 0

        def get_next(self):
            if self.start >= len(x):
                return None
            self.start += CALIBRATION_BATCH
            return {"images": x[self.start - CALIBRATION_BATCH:self.start]}

    with tempfile.TemporaryDirectory() as tmp:
        prepared = Path(tmp) / "prepared.onnx"
        quant_pre_process(str(onnx_path(weights)), str(prepared), skip_symbolic_shape=True)
        quantize_static(str(prepared), str(out), Views(), quant_format=QuantFormat.QDQ,
                        activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8, per_channel=True,
                        reduce_range=True)
    _drop_unused_opsets(out)
    info = replace(source, kind="classifier-int8", source_weights_id=weights_id(weights), onnx_id=weights_id(out),
                   torch=None).to_dict()
    info["quantised_from"] = {"onnx_id": source.onnx_id, "views": int(len(x)),     # for people; not read back
                              "scheme": "QDQ, u8 activations (min-max), s8 weights per channel, 7 bits"}
    info_path(out).write_text(json.dumps(info, indent=1) + "\n")
    return out


def _drop_unused_opsets(path: Path) -> None:
    """Keep only the operator sets the graph's nodes use: the pre-processing's optimiser declares
    every domain it knows (``ai.onnx.ml`` 5 among them), which an older onnxruntime refuses to load."""
    import onnx
    model = onnx.load(str(path))
    used = {node.domain for node in model.graph.node} | {""}
    kept = [o for o in model.opset_import if o.domain in used]
    del model.opset_import[:]
    model.opset_import.extend(kept)
    onnx.save(model, str(path))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision_lab.quantize_companions",
                                 description="8-bit exports of the companion classifiers (module docstring)")
    ap.add_argument("--views", type=int, default=768, help="calibration views (default 768)")
    ap.add_argument("--seed", type=int, default=5, help="draw of the calibration tiles and scenes")
    args = ap.parse_args(argv)
    views = calibration_views(calibration_crops(args.seed), args.views, args.seed)
    for weights in (COMPANION_WEIGHTS, SECOND_COMPANION_WEIGHTS):
        if weights is not None and Path(weights).is_file():
            print(quantize(Path(weights), views))


if __name__ == "__main__":
    main()
