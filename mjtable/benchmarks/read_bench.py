"""``mjtable bench read``: latency of the tile reader per stage on a 4032x3024 JPEG, then of
the whole chain photo → tiles → hand → score (``mjtable.pipeline.read_photo``).

Without ``--image``, the benchmark photo is made once under build/: a real hand photo from
../shared (upscaled to 12 MP) when present, else the repository's own hand photo
(tests/fixtures/vision/hands/hand_riichi_dora.jpg) upscaled so."""
from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BENCH_IMAGE = REPO / "build" / "bench_4032x3024.jpg"
STAGES = ("decode_ms", "detect_ms", "crop_ms", "classify_ms", "total_ms")


def add_arguments(p) -> None:
    p.add_argument("--image", type=Path, default=None,
                   help="photo to read (default: a hand photo upscaled to 4032x3024, made once under build/)")
    p.add_argument("--runs", type=int, default=15)
    p.add_argument("--warmup", type=int, default=2)
    p.add_argument("--data", type=Path, default=REPO / ".." / "shared" / "data")
    p.add_argument("--turn", type=float, default=0.0, metavar="DEG",
                   help="read the photo turned DEG degrees (counter-clockwise, edges repeated): a row "
                        "photographed askew, which the reader also looks at turned (vision/looks.py)")
    p.add_argument("--backend", choices=("auto", "onnx", "torch"), default="auto",
                   help="models from their ONNX export, by torch, or the export when current (default auto; the "
                        "whole chain reads with the default reader, auto)")
    p.add_argument("--rules", default="mcr",
                   help="rule set for the whole-chain timing (photo to score); 'none' skips it")
    p.add_argument("--photos", type=Path, nargs="+", metavar="FOLDER", default=None,
                   help="instead: read every photo of these folders once (their images/ when they have one), "
                        "warm, in one process, and report the median, p95 and slowest time per photo (the "
                        "target: p95 <= 400 ms over all real photos)")
    p.add_argument("--profile", default=None, metavar="NAME|FILE",
                   help="read with this tile-set profile, as a calibrated table does: a saved one's name (in "
                        "--data-dir) or a profile file (.npz); default none")
    p.add_argument("--data-dir", default=None,
                   help="with --profile NAME: where profiles live (default MJTABLE_DATA_DIR, else ~/.local/share/mjtable)")


def make_bench_image(data_root: Path, path: Path = BENCH_IMAGE) -> Path:
    import cv2
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    hands = sorted((Path(data_root) / "chinese-mahjong-detection" / "test" / "images").glob("hand_*.jpg"))
    # without ../shared: the repository's own photo (rendering one needed ../shared's artwork, and
    # the command ended in a traceback)
    source = hands[0] if hands else REPO / "tests" / "fixtures" / "vision" / "hands" / "hand_riichi_dora.jpg"
    img = cv2.resize(cv2.imread(str(source)), (4032, 3024), interpolation=cv2.INTER_CUBIC)
    cv2.imwrite(str(path), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return path


def turned_image(path: Path, degrees: float) -> Path:
    """``path`` turned ``degrees`` about its centre, same size, saved once beside it."""
    import cv2
    out = path.with_name(f"{path.stem}_turned{degrees:g}.jpg")
    if not out.exists():
        img = cv2.imread(str(path))
        h, w = img.shape[:2]
        m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
        cv2.imwrite(str(out), cv2.warpAffine(img, m, (w, h), borderMode=cv2.BORDER_REPLICATE),
                    [cv2.IMWRITE_JPEG_QUALITY, 92])
    return out


PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".bmp")


def photos_in(folders) -> list[Path]:
    """The photos of ``folders`` (a YOLO split's ``images/`` where there is one), sorted."""
    out = []
    for folder in folders:
        folder = Path(folder)
        images = folder / "images" if (folder / "images").is_dir() else folder
        out += sorted(p for p in images.iterdir() if p.suffix.lower() in PHOTO_SUFFIXES) if images.is_dir() else []
    return out


def photo_latencies(reader, photos: list[Path], profile=None) -> dict:
    """Each photo read once by ``reader`` (after one read of the first, not counted: the
    runtimes' first-run set-up), with tile-set ``profile`` when given: total milliseconds per
    photo as the reader times it, summed up as median, p95 (linear interpolation, numpy's
    default), slowest, and the five slowest photos."""
    import numpy as np
    reader.read(str(photos[0]), profile=profile)
    per_photo = []
    for path in photos:
        t: dict = {}
        reader.read(str(path), timings=t, profile=profile)
        per_photo.append((float(t["total_ms"]), path))
    ms = np.array([m for m, _ in per_photo])
    slowest = sorted(per_photo, key=lambda x: -x[0])[:5]
    return {"photos": len(per_photo), "median_ms": round(float(np.median(ms)), 1),
            "p95_ms": round(float(np.percentile(ms, 95)), 1), "max_ms": round(float(ms.max()), 1),
            "slowest": [{"photo": f"{p.parent.parent.name}/{p.name}" if p.parent.name == "images" else str(p),
                         "ms": round(m, 1)} for m, p in slowest]}


def run_photos(args) -> int:
    from vision.reader import TileReader
    photos = photos_in(args.photos)
    if not photos:
        print(f"error: no photos ({', '.join(PHOTO_SUFFIXES)}) in {' '.join(map(str, args.photos))}", file=sys.stderr)
        return 2
    reader = TileReader(backend=args.backend)
    profile, code = _profile(args, reader)
    if code:
        return code
    result = photo_latencies(reader, photos, profile)
    if profile is not None:
        result["profile"] = profile.name
    if args.json:
        print(json.dumps(result))
    else:
        print(f"read {result['photos']} photos once each, warm"
              f"{'' if profile is None else f', with the profile {profile.name!r}'}: median {result['median_ms']:.0f} ms, "
              f"p95 {result['p95_ms']:.0f} ms, slowest {result['max_ms']:.0f} ms")
        for row in result["slowest"]:
            print(f"  {row['ms']:8.0f} ms  {row['photo']}")
    return 0


def run(args) -> int:
    if args.photos:
        return run_photos(args)
    from vision.reader import TileReader
    image = args.image or make_bench_image(args.data)
    if args.turn:
        image = turned_image(Path(image), args.turn)
    reader = TileReader(backend=args.backend)
    profile, code = _profile(args, reader)
    if code:
        return code
    for _ in range(args.warmup):
        reader.read(str(image), profile=profile)
    samples = {k: [] for k in STAGES}
    n_tiles = 0
    for _ in range(args.runs):
        t: dict = {}
        n_tiles = len(reader.read(str(image), timings=t, profile=profile))
        for k in STAGES:
            samples[k].append(t.get(k, 0.0))
    result = {"image": str(image), "runs": args.runs, "tiles": n_tiles,
              **{f"median_{k}": round(statistics.median(v), 1) for k, v in samples.items()},
              "p90_total_ms": round(sorted(samples["total_ms"])[int(0.9 * (args.runs - 1))], 1),
              "p95_total_ms": round(sorted(samples["total_ms"])[int(0.95 * (args.runs - 1))], 1),
              "backend": type(reader.detector).__name__ + " + " + type(reader.classifier).__name__,
              **({} if profile is None else {"profile": profile.name})}
    # the whole chain reads with the base model: the pipeline's own profile is the active one
    chain = _whole_chain(image, args) if args.rules != "none" and profile is None else None
    if chain is not None:
        result["chain"] = chain
    if args.json:
        print(json.dumps(result))
    else:
        print(f"read {image} ({n_tiles} tiles; {result['backend']})"
              f"{'' if profile is None else f', with the profile {profile.name!r}'}, {args.runs} runs, medians:")
        for k in STAGES:
            print(f"  {k[:-3]:<9} {result['median_' + k]:8.1f} ms")
        print(f"  p90 total {result['p90_total_ms']:8.1f} ms")
        print(f"  p95 total {result['p95_total_ms']:8.1f} ms")
        if chain is not None:
            print(f"photo to score ({args.rules}, mjtable.pipeline.read_photo), medians:")
            for k, v in chain["median_ms"].items():
                print(f"  {k:<9} {v:8.1f} ms")
    return 0


def _profile(args, reader):
    """(the tile-set profile ``--profile`` names, checked against the reader's classifier, or
    None; 0, or 2 after saying why it cannot be used)."""
    if getattr(args, "profile", None) is None:
        return None, 0
    from vision.profile import ProfileError, ProfileStore
    try:
        return ProfileStore(args.data_dir).load_name_or_file(args.profile, reader.classifier), 0
    except ProfileError as exc:
        from ..commands.calibrate import profile_error_text
        print(f"error: {profile_error_text(exc)}", file=sys.stderr)
        return None, 2


def _whole_chain(image, args) -> dict:
    """Medians of the pipeline's own per-stage timings (read, group, decode, score, total)."""
    from mjtable.pipeline import read_photo
    for _ in range(args.warmup):
        read_photo(str(image), rules=args.rules)
    samples: dict[str, list[float]] = {}
    for _ in range(args.runs):
        for k, v in read_photo(str(image), rules=args.rules)["timings_ms"].items():
            samples.setdefault(k, []).append(v)
    return {"rules": args.rules,
            "median_ms": {k: round(statistics.median(v), 1) for k, v in samples.items()}}
