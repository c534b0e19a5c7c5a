"""Render the classifier's crops on many cores, then train on them, on a machine that has PyTorch,
OpenCV, Pillow and onnxruntime but no ../shared and no fonts (a lent GPU machine): the kit of
``vision_lab.pack_classifier`` carries what it lacks.

    python -m vision_lab.train_packed_classifier --kit gpu/cls_kit --render-s 150 --processes 15 \
        --train tile-cls-wide.yaml:96 --hours 0.08 --out build/runs_gpu

The recipe is ``mjtable train classifier``'s (``crop_dataset.build_crop_dataset``: the real
photos' tiles, rendered rows of every artwork style and of procedural sets, scenes of 3D tile
bodies in every capture mode cut by their boxes and by their faces' corners), drawn by each
process from its own seeds in rounds of a fixed mix until the time is up, so that a shorter time
gives fewer crops of the same mix. The GL style (the held-out evaluation style) is never drawn.
Several ``--train ARCH:IMGSZ`` train at once, on the one GPU, from the same crops. A longer run
than one call allows: ``--render-only --crops build/cls_crops`` in one call, then ``--reuse-crops
--crops build/cls_crops --train ...`` in the next.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

#: one round of a rendering process: rendered rows of each artwork style and of procedural sets
#: (crops per code) and scenes of tile bodies, about 1 : 1.3 : 1.7 in crops, the body scenes
#: (every capture mode) weighted more than in ``wide96face``'s crops (1 : 1.4 : 2.8 there, with
#: the photos' tiles a fifth of all)
ROUND = {"artwork_per_code": 1, "procedural_per_code": 4, "body_scenes": 15}
VAL_ROUNDS = 1   # each process's first round goes to val (model selection), the rest to train


def install_fonts(kit: Path) -> None:
    """The kit's fonts where the procedural faces look for fonts, on a machine that has no CJK
    font (a machine that has them keeps its own: the kit's are cut down)."""
    from .synth.procedural import cjk_fonts
    if cjk_fonts():
        return
    dst = Path("/usr/local/share/fonts/mjtable-kit")
    dst.mkdir(parents=True, exist_ok=True)
    for f in (kit / "fonts").iterdir():
        shutil.copy(f, dst / f.name)


def unpack_photo_crops(kit: Path) -> None:
    """The kit's photo crops as a folder, from the archive ``pack_classifier`` packs them in."""
    from .pack_classifier import PHOTO_ARCHIVE
    if not (kit / "photos").is_dir() and (kit / PHOTO_ARCHIVE).is_file():
        with tarfile.open(kit / PHOTO_ARCHIVE) as tar:
            tar.extractall(kit, filter="data")


def _render(k: int, kit: str, out: str, deadline: float, seed: int, body_scenes: int, grey_share: float = 0.0) -> int:
    import cv2
    import numpy as np
    from vision.corners import default_corner_finder
    from .crop_dataset import HOLDOUT_STYLES, body_scene_crops, maybe_grey, synthetic_crops
    from .synth.artwork import PROCEDURAL
    data_root = Path(kit) / "data"
    finder = default_corner_finder()
    rng = np.random.default_rng([seed, k])
    grey_rng = np.random.default_rng([seed, k, 1])
    n = rounds = 0
    while time.time() < deadline:
        split = "val" if rounds < VAL_ROUNDS else "train"
        tag = f"k{k:02d}r{rounds:04d}"
        sources = (
            synthetic_crops(rng, HOLDOUT_STYLES, ROUND["artwork_per_code"], data_root),
            synthetic_crops(rng, (PROCEDURAL,), ROUND["procedural_per_code"], data_root),
            # scene i depends on (seed, part, i): a seed of its own per process and round
            body_scene_crops(rng, body_scenes, (*HOLDOUT_STYLES, PROCEDURAL), data_root, split,
                             seed=seed * 10**6 + k * 10**4 + rounds, corner_finder=finder, log=lambda *_: None))
        for source in sources:
            for code, name, crop in source:
                d = Path(out) / split / code
                d.mkdir(parents=True, exist_ok=True)
                cv2.imwrite(str(d / f"{tag}_{name}.png"), maybe_grey(crop, grey_rng, grey_share) if split == "train" else crop)
                n += 1
        rounds += 1
    return n


def render_crops(kit: Path, out: Path, seconds: float, processes: int, seed: int, photo_copies: int = 2,
                 body_scenes: int = ROUND["body_scenes"], grey_share: float = 0.0) -> dict:
    """Crops under ``out``/{train,val}/CODE: the kit's photo crops (train ones ``photo_copies``
    times, so that many rendered crops do not drown the real photos), then ``processes``
    renderers until ``seconds`` have passed (each finishes its round); ``grey_share`` of the
    rendered train crops in grey (``crop_dataset.maybe_grey``)."""
    t0 = time.time()
    unpack_photo_crops(kit)
    for split in ("train", "val"):
        for code_dir in (kit / "photos" / split).iterdir():
            (out / split / code_dir.name).mkdir(parents=True, exist_ok=True)
            for f in code_dir.iterdir():
                for c in range(photo_copies if split == "train" else 1):
                    os.link(f, out / split / code_dir.name / f"photo{c}_{f.name}")
    ctx = mp.get_context("spawn")
    with ctx.Pool(processes) as pool:
        counts = pool.starmap(_render, [(k, str(kit), str(out), t0 + seconds, seed, body_scenes, grey_share)
                                        for k in range(processes)])
    tally = {split: sum(1 for _ in (out / split).rglob("*.*")) for split in ("train", "val")}
    return {"rendered": sum(counts), **tally, "seconds": round(time.time() - t0, 1)}


def train(arch: str, imgsz: int, data: Path, run_out: Path, name: str, hours: float, batch: int, workers: int,
          lr0: float, epochs: int, init: str | None) -> None:
    from .train_packed import offline_ultralytics
    from .training import CLASSIFIER_AUGMENTATION, pick_device
    offline_ultralytics()
    from ultralytics import YOLO
    # the augmentations of ``mjtable train classifier``, at its default scale
    YOLO(init or arch).train(data=str(data), project=str(run_out), name=name, exist_ok=True, plots=False,
                             device=pick_device(), epochs=epochs, imgsz=imgsz, batch=batch, workers=workers, seed=0,
                             deterministic=False, scale=0.1, optimizer="AdamW", lr0=lr0, warmup_epochs=0.5,
                             patience=1000, time=hours, cache=False, **CLASSIFIER_AUGMENTATION)


def share_of_crops(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"want 0 <= SHARE <= 1, got {text!r}")
    return value


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kit", default="gpu/cls_kit")
    ap.add_argument("--crops", default="/tmp/cls_crops")
    ap.add_argument("--render-s", type=float, default=150)
    ap.add_argument("--processes", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--photo-copies", type=int, default=2)
    ap.add_argument("--body-scenes", type=int, default=ROUND["body_scenes"],
                    help="scenes of tile bodies per rendering round (the capture modes' share of the crops)")
    ap.add_argument("--grey-share", type=share_of_crops, default=0.0,
                    help="this share of the rendered train crops in grey (a webcam's night mode, a mono filter); "
                         "the kit's photo crops stay in colour (mjtable train classifier greys them too)")
    ap.add_argument("--train", action="append", default=[],
                    help="ARCH.yaml:IMGSZ[:NAME[:INIT.pt]] (repeatable; an INIT given overrides --init for that one)")
    ap.add_argument("--hours", type=float, default=0.08)
    ap.add_argument("--epochs", type=int, default=200)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr0", type=float, default=0.003)
    ap.add_argument("--init")
    ap.add_argument("--out", default="build/runs_gpu")
    ap.add_argument("--one", help=argparse.SUPPRESS)  # ARCH:IMGSZ:NAME of one training (a child process)
    ap.add_argument("--workers", type=int, default=7)
    # A lent machine's calls last 10 minutes at most: render in one call and train in the next,
    # the crops kept between them in an ignored folder of the working tree (build/...), which the
    # machine keeps between calls while it stays warm.
    ap.add_argument("--render-only", action="store_true", help="render the crops and stop")
    ap.add_argument("--reuse-crops", action="store_true",
                    help="train on the crops already in --crops (rendered by a --render-only call); render none")
    a = ap.parse_args(argv)
    kit, crops, out = Path(a.kit).resolve(), Path(a.crops), Path(a.out).resolve()
    if a.one:
        arch, imgsz, name = a.one.split(":")
        train(arch, int(imgsz), crops, out, name, a.hours, a.batch, a.workers, a.lr0, a.epochs, a.init)
        return
    if a.reuse_crops:
        if not (crops / "crops.json").is_file():
            sys.exit(f"--reuse-crops: no crops rendered in {crops} (run with --render-only first)")
        tally = json.loads((crops / "crops.json").read_text())
    else:
        install_fonts(kit)
        if crops.exists():
            shutil.rmtree(crops)
        tally = render_crops(kit, crops, a.render_s, a.processes, a.seed, a.photo_copies, a.body_scenes, a.grey_share)
        (crops / "crops.json").write_text(json.dumps(tally) + "\n")
    print("crops:", json.dumps(tally), flush=True)
    if a.render_only:
        return
    out.mkdir(parents=True, exist_ok=True)
    (out / "crops.json").write_text(json.dumps(tally) + "\n")
    children = []
    for spec in a.train:
        parts = spec.split(":")
        arch, imgsz = parts[0], parts[1]
        name = parts[2] if len(parts) > 2 and parts[2] else f"{Path(arch).stem}_{imgsz}"
        init = parts[3] if len(parts) > 3 and parts[3] else a.init
        if not Path(arch).is_file():
            arch = str(Path(__file__).resolve().parent / "cfg" / arch)
        cmd = [sys.executable, "-m", "vision_lab.train_packed_classifier", "--one", f"{arch}:{imgsz}:{name}",
               "--kit", str(kit), "--crops", str(crops), "--out", str(out), "--hours", str(a.hours),
               "--epochs", str(a.epochs), "--batch", str(a.batch), "--lr0", str(a.lr0), "--workers",
               str(max(1, a.workers // max(1, len(a.train))))] + (["--init", init] if init else [])
        log = open(out / f"{name}.log", "w")
        children.append((name, subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT), log))
    for name, child, log in children:
        child.wait()
        log.close()
        print(name, "exit", child.returncode, flush=True)


if __name__ == "__main__":
    main()
