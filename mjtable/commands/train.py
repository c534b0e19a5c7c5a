"""``mjtable train detector|classifier``: train the tile reader's models (model cards in models/).

Datasets are built from ../shared/data (``--data``) and the scene renderer into ``--build``;
weights are copied to models/<model>/ when training ends. ``--resume`` continues the last run."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def register(sub) -> None:
    p = sub.add_parser("train", help="train the tile detector or the tile classifier (ultralytics)")
    p.add_argument("model", choices=["detector", "classifier"])
    p.add_argument("--data", type=Path, default=REPO / ".." / "shared" / "data",
                   help="folder holding chinese-mahjong-detection/ and artwork/ (default ../shared/data)")
    p.add_argument("--build", type=Path, default=REPO / "build", help="where datasets and runs go (default build/)")
    p.add_argument("--epochs", type=int, default=None)
    p.add_argument("--imgsz", type=int, default=None)
    p.add_argument("--batch", type=int, default=None)
    p.add_argument("--hours", type=float, default=None,
                   help="detector: wall-time budget; ultralytics fits the epoch count (and schedule) to it")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--synth", type=int, default=150, help="detector: rendered training scenes")
    p.add_argument("--body-scenes", type=int, default=0,
                   help="detector: also this many scenes of 3D tile bodies in every capture mode (docs/renderer.md); "
                   "classifier: also the tiles of this many such scenes, cut as the reader cuts them")
    p.add_argument("--body-face-cuts", action="store_true",
                   help="classifier: cut the tiles of --body-scenes also by the face corners the shipped corner "
                   "network finds, as the reader does (vision/corners.py)")
    p.add_argument("--grey-share", type=share_of_crops, default=0.0, metavar="SHARE",
                   help="classifier: this share of the training crops in grey, as a webcam's night mode or a mono "
                   "filter takes them (default 0)")
    p.add_argument("--odd-faces", type=int, default=0,
                   help="classifier: also the faces of this many scenes of tiles that are no code (jokers, "
                   "other games' tiles: vision_lab/synth/odd_faces.py) as the class 'odd' (the oddity model)")
    p.add_argument("--odd-kinds", default=None,
                   help="classifier: only these kinds of odd faces, comma-separated (default: all)")
    p.add_argument("--real-copies", type=int, default=1,
                   help="detector: each real training photo this many times, to keep its weight beside many "
                   "rendered scenes (default 1)")
    p.add_argument("--per-code", type=int, default=50, help="classifier: rendered crops per code and style")
    p.add_argument("--procedural-per-code", type=int, default=150,
                   help="classifier: rendered crops per code of generated tile sets (vision_lab/synth/procedural.py; "
                   "needs the Debian CJK fonts); 0 = none")
    p.add_argument("--holdout-style", default=None,
                   help="classifier: artwork styles left out, comma-separated (evaluation of unseen sets)")
    p.add_argument("--arch", type=Path, default=None,
                   help="classifier: architecture file (default vision_lab/cfg/tile-cls.yaml)")
    p.add_argument("--holdout-photos", default=None, help="classifier: photo name prefix left out (e.g. hand_)")
    p.add_argument("--name", default=None, help="run name under BUILD/runs (default: the model)")
    p.add_argument("--device", default=None, help="cpu, 0... (default: a CUDA GPU when present)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--init", default=None, help="start from these weights (new schedule) instead of "
                   "from scratch, e.g. models/detector/detector.pt")
    p.add_argument("--lr0", type=float, default=None, help="initial learning rate (default: 0.002 detector, "
                   "0.003 classifier)")
    p.add_argument("--scale", type=zoom_share, default=0.1,
                   help="classifier: random zoom-in, as the fraction of a crop's area that may be cut away "
                   "(ultralytics RandomResizedCrop area 1-SCALE to 1; default 0.1)")
    p.add_argument("--face-scale", type=face_scale_range, default=None, metavar="LOW,HIGH",
                   help="classifier: share of the tile its face fills in the rendered training crops, drawn "
                   "per scene (default: the renderer's 0.72,0.94)")
    p.add_argument("--resume", action="store_true", help="resume the last run from its last checkpoint")
    p.add_argument("--no-install", action="store_true", help="do not copy the best weights into models/")
    p.set_defaults(func=run)


def face_scale_range(text: str) -> tuple[float, float]:
    try:
        low, high = (float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"want LOW,HIGH (two numbers), got {text!r}") from None
    if not 0 < low <= high <= 1:
        raise argparse.ArgumentTypeError(f"want 0 < LOW <= HIGH <= 1, got {text!r}")
    return low, high


def zoom_share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"want a number, got {text!r}") from None
    if not 0 <= value < 1:
        raise argparse.ArgumentTypeError(f"want 0 <= SCALE < 1, got {text!r}")
    return value


def share_of_crops(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"want a number, got {text!r}") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"want 0 <= SHARE <= 1, got {text!r}")
    return value


def run(args) -> int:
    from vision_lab import training
    name = args.name or args.model
    if args.model == "detector":
        out = None if args.no_install else REPO / "models" / "detector" / "detector.pt"
        best = training.train_detector(args.data, args.build, epochs=args.epochs or 20, imgsz=args.imgsz or 320,
                                       batch=args.batch or 16, workers=args.workers, n_synth=args.synth,
                                       resume=args.resume, seed=args.seed, device=args.device,
                                       out_weights=out, run_name=name, hours=args.hours, init=args.init,
                                       lr0=args.lr0 or 0.002, body_scenes=args.body_scenes,
                                       real_copies=args.real_copies)
    else:
        if args.odd_faces and not args.no_install:
            # a network with the class 'odd' is an oddity model, never the tile classifier
            print("mjtable train: --odd-faces trains an oddity model (vision/oddity.py): not installed as the "
                  "classifier; fit and install it with python -m vision_lab.oddity_fit --install", file=sys.stderr)
            args.no_install = True
        out = None if args.no_install else REPO / "models" / "classifier" / "classifier.pt"
        best = training.train_classifier(args.data, args.build, epochs=args.epochs or 5, imgsz=args.imgsz or 64,
                                         batch=args.batch or 128, workers=args.workers, resume=args.resume,
                                         seed=args.seed, device=args.device, out_weights=out, run_name=name,
                                         holdout_style=args.holdout_style, holdout_photos=args.holdout_photos,
                                         per_code=args.per_code,
                                         procedural_per_code=args.procedural_per_code, init=args.init,
                                         lr0=args.lr0 or 0.003, scale=args.scale,
                                         face_scale=args.face_scale, arch=args.arch, body_scenes=args.body_scenes,
                                         odd_faces=args.odd_faces, body_face_cuts=args.body_face_cuts,
                                         grey_share=args.grey_share,
                                         odd_kinds=args.odd_kinds.split(",") if args.odd_kinds else None)
    print(f"best weights: {best}" + (f" (copied to {out})" if out else ""))
    if out:
        export_installed(args.model, out)
    return 0


def export_installed(model: str, weights: Path) -> None:
    """Export newly installed weights to ONNX, which the reader runs (it reads by torch, slowly,
    while the export is stale); without the ``onnx`` package, say how to do it later."""
    try:
        import onnx  # noqa: F401
    except ImportError:
        print(f"the ONNX export of {weights} is now stale: `pip install -e '.[export]'`, then `mjtable export`")
        return
    from vision_lab.onnx_export import export_classifier, export_detector
    path = (export_detector if model == "detector" else export_classifier)(weights)
    print(f"exported to {path}")
