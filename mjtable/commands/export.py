"""``mjtable export``: write the ONNX exports the reader runs (``vision_lab.onnx_export``):
``models/detector/detector.onnx`` (and ``detector_second.onnx``, the reader's second detector,
when its weights are there), ``models/classifier/classifier.onnx`` (and ``companion.onnx`` and
``companion2.onnx``, the classifiers read beside it, and ``oddity.onnx``, the oddity model: vision/oddity.py, when their
weights are there), ``classifier.network.onnx`` and ``companion.network.onnx`` (the network a tile-set
profile fine-tunes, batch norm folded, that its session writes its own weights in: its network read
without torch), each with its
``.onnx.json`` naming the weights it was made from. Run it again whenever weights change: until
then the reader finds the export stale and reads with torch. The companions' 8-bit exports
(``companion.int8.onnx``, ``companion2.int8.onnx``) are made by ``python -m
vision_lab.quantize_companions``; a stale one is named here and left unused."""
from __future__ import annotations

from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser("export", help="export the detector and classifier to ONNX for fast reading",
                       description="Export the tile detector and classifier to ONNX (the reader's fast "
                                   "runtime). A game's score sheet is exported by mjtable games.")
    p.add_argument("--detector", type=Path, default=None, help="detector weights (default models/detector/detector.pt)")
    p.add_argument("--classifier", type=Path, default=None,
                   help="classifier weights (default models/classifier/classifier.pt)")
    p.add_argument("--second-detector", type=Path, default=None,
                   help="second detector weights (default models/detector/detector_second.pt, when present)")
    p.add_argument("--only", choices=("detector", "classifier"), default=None,
                   help="export one model only (detector: both detectors)")
    p.set_defaults(func=run)


def run(args) -> int:
    import sys

    from vision.classifier import COMPANION_WEIGHTS, SECOND_COMPANION_WEIGHTS
    from vision.classifier import DEFAULT_WEIGHTS as CLASSIFIER_WEIGHTS
    from vision.detector import DEFAULT_WEIGHTS as DETECTOR_WEIGHTS
    from vision.model_files import NETWORK_EXPORT_KIND, current_export, info_path, int8_onnx_path, network_onnx_path
    from vision.oddity import ODDITY_WEIGHTS
    from vision.reader import SECOND_DETECTOR_WEIGHTS
    from vision_lab.onnx_export import export_classifier, export_detector, export_profile_network
    jobs = [("detector", Path(args.detector or DETECTOR_WEIGHTS), export_detector),
            ("classifier", Path(args.classifier or CLASSIFIER_WEIGHTS), export_classifier),
            (NETWORK_EXPORT_KIND, Path(args.classifier or CLASSIFIER_WEIGHTS), export_profile_network)]
    second = Path(args.second_detector or SECOND_DETECTOR_WEIGHTS)
    if args.second_detector or second.is_file():
        jobs.insert(1, ("detector", second, export_detector))
    for companion in (COMPANION_WEIGHTS, SECOND_COMPANION_WEIGHTS):
        if companion is not None and companion.is_file() and not args.classifier:
            jobs.append(("classifier", companion, export_classifier))
    # the first companion's network too: a tile-set profile fine-tunes it (NETWORK_MODEL)
    if COMPANION_WEIGHTS is not None and COMPANION_WEIGHTS.is_file() and not args.classifier:
        jobs.append((NETWORK_EXPORT_KIND, COMPANION_WEIGHTS, export_profile_network))
    if ODDITY_WEIGHTS.is_file() and not args.classifier:
        jobs.append(("classifier", ODDITY_WEIGHTS, export_classifier))
    for kind, weights, export in jobs:
        if args.only not in (None, kind.split("-")[0]):
            continue
        if not weights.is_file():
            print(f"mjtable export: {kind} weights not found: {weights}", file=sys.stderr)
            return 2
        out = export(weights)
        onnx = network_onnx_path(weights) if kind == NETWORK_EXPORT_KIND else None     # else beside the weights
        info = current_export(weights, kind=kind, onnx=onnx)
        if info is None:
            print(f"mjtable export: the {kind} export {out} does not check against {weights}", file=sys.stderr)
            return 1
        print(f"{kind}: {out} ({out.stat().st_size / 1e6:.1f} MB; weights {info.source_weights_id}), "
              f"{info_path(out)}")
    # The companions' 8-bit exports need calibration tiles (../shared): made by their own command.
    for companion in (COMPANION_WEIGHTS, SECOND_COMPANION_WEIGHTS):
        int8 = None if companion is None else int8_onnx_path(companion)
        if int8 is not None and int8.is_file() and current_export(companion, "classifier-int8", int8) is None:
            print(f"mjtable export: {int8} is not of these weights and is left unused: "
                  "run `python -m vision_lab.quantize_companions`", file=sys.stderr)
    return 0
