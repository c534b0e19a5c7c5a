"""``mjtable eval PATH``: measure the tile reader on a YOLO-format folder (images/, labels/,
class names in data.yaml beside or above it) and write a markdown report with plots."""
from __future__ import annotations

from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser("eval", help="evaluate the tile reader on a labelled photo folder")
    p.add_argument("path", type=Path, help="YOLO-format folder, e.g. ../shared/data/chinese-mahjong-detection/test")
    p.add_argument("--out", type=Path, default=Path("build/eval"), help="report folder (default build/eval)")
    p.add_argument("--detector", default=None, help="detector weights (default models/detector/detector.pt)")
    p.add_argument("--classifier", default=None, help="classifier weights (default models/classifier/classifier.pt)")
    p.add_argument("--limit", type=int, default=None, help="only the first N images")
    p.set_defaults(func=run)


def run(args) -> int:
    import json
    from vision.evaluate import evaluate
    from vision.reader import TileReader
    reader = TileReader(detector_weights=args.detector, classifier_weights=args.classifier)
    result = evaluate(args.path, reader, out=args.out, limit=args.limit)
    summary = {k: v for k, v in result.items() if k not in ("per_class", "errors")}
    print(json.dumps(summary, indent=1))
    print(f"report: {args.out / 'report.md'}")
    return 0
