"""``mjtable bench read``: latency of the tile reader per stage on a 4032x3024 JPEG.

Without ``--image``, the benchmark photo is made once under build/: a real hand photo from
../shared (upscaled to 12 MP) when present, else a rendered scene at that size."""
from __future__ import annotations

import json
import statistics
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BENCH_IMAGE = REPO / "build" / "bench_4032x3024.jpg"
STAGES = ("decode_ms", "detect_ms", "crop_ms", "classify_ms", "total_ms")


def add_arguments(p) -> None:
    p.add_argument("--image", type=Path, default=None, help="photo to read (default: a generated 4032x3024 JPEG)")
    p.add_argument("--runs", type=int, default=15)
    p.add_argument("--warmup", type=int, default=2)
    p.add_argument("--data", type=Path, default=REPO / ".." / "shared" / "data")


def make_bench_image(data_root: Path, path: Path = BENCH_IMAGE) -> Path:
    import cv2
    import numpy as np
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    hands = sorted((Path(data_root) / "chinese-mahjong-detection" / "test" / "images").glob("hand_*.jpg"))
    if hands:
        img = cv2.resize(cv2.imread(str(hands[0])), (4032, 3024), interpolation=cv2.INTER_CUBIC)
    else:
        from vision.synth.random_layouts import hand_row
        from vision.synth.render import random_style, render_scene
        rng = np.random.default_rng(0)
        style = random_style(rng, ("riichi",))
        img, _ = render_scene(hand_row(rng, sorted(style.art.faces)), rng, size=(4032, 3024), style=style)
    cv2.imwrite(str(path), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return path


def run(args) -> int:
    from vision.reader import TileReader
    image = args.image or make_bench_image(args.data)
    reader = TileReader()
    for _ in range(args.warmup):
        reader.read(str(image))
    samples = {k: [] for k in STAGES}
    n_tiles = 0
    for _ in range(args.runs):
        t: dict = {}
        n_tiles = len(reader.read(str(image), timings=t))
        for k in STAGES:
            samples[k].append(t.get(k, 0.0))
    result = {"image": str(image), "runs": args.runs, "tiles": n_tiles,
              **{f"median_{k}": round(statistics.median(v), 1) for k, v in samples.items()},
              "p90_total_ms": round(sorted(samples["total_ms"])[int(0.9 * (args.runs - 1))], 1)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"read {image} ({n_tiles} tiles), {args.runs} runs, medians:")
        for k in STAGES:
            print(f"  {k[:-3]:<9} {result['median_' + k]:8.1f} ms")
        print(f"  p90 total {result['p90_total_ms']:8.1f} ms")
    return 0
