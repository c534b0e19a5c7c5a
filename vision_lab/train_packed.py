"""Train a detector on a packed dataset (``vision_lab.pack_detector``) on a machine that has only
PyTorch and ultralytics: no ../shared, no network, no mjtable dependencies.

    python -m vision_lab.train_packed --data build/packed_det/data.yaml --cfg vision_lab/cfg/tile-det-n.yaml \
        --imgsz 448 --hours 0.1 --real-copies 3 --out build/runs_gpu

It imports nothing from ``vision``; the weights it writes (``best.pt``, ``last.pt``, without
optimizer state) are read by ``vision.detector`` like any ultralytics detector.
"""
from __future__ import annotations

import argparse
import csv
import os
import shutil
import sys
from pathlib import Path


def repeat_real_photos(train_images: Path, copies: int) -> int:
    """Links each packed real photo (``real_*``) ``copies - 1`` more times under another name, so
    the rendered scenes do not outweigh the photos (docs/experiments.md); returns links made.
    Run again, it matches the folder to ``copies``: copies beyond it are removed, and every copy
    is linked and labelled anew (a photo packed again, an interrupted run)."""
    made = 0
    labels = train_images.parent / "labels"
    for old in train_images.glob("copy*_real_*.jpg"):
        k = old.name[len("copy"):].split("_", 1)[0]
        if not k.isdigit() or int(k) >= copies:
            old.unlink()
            (labels / f"{old.stem}.txt").unlink(missing_ok=True)
    for img in sorted(train_images.glob("real_*.jpg")):
        for k in range(1, copies):
            dst = train_images / f"copy{k}_{img.name}"
            if not (dst.exists() and os.path.samefile(dst, img)):
                dst.unlink(missing_ok=True)
                os.link(img, dst)
                made += 1
            shutil.copy(labels / f"{img.stem}.txt", labels / f"copy{k}_{img.stem}.txt")
    return made


def offline_ultralytics() -> None:
    """ultralytics as an offline machine needs it: no font or AMP-check download (each tries the
    network), and results read without polars (not installed there)."""
    import ultralytics.data.utils as data_utils
    import ultralytics.engine.trainer as trainer
    from ultralytics import settings
    settings.update({"sync": False})
    data_utils.check_font = lambda *a, **k: None
    trainer.check_amp = lambda *a, **k: True

    def read_results_csv(self):
        if not self.csv.exists():
            return {}
        with open(self.csv) as f:
            rows = list(csv.DictReader(f))
        return {k.strip(): [float(r[k]) for r in rows] for k in (rows[0] if rows else {})}
    try:
        import polars  # noqa: F401
    except ImportError:
        trainer.BaseTrainer.read_results_csv = read_results_csv


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="data.yaml of a packed dataset")
    ap.add_argument("--cfg", default=str(Path(__file__).resolve().parent / "cfg" / "tile-det-n.yaml"))
    ap.add_argument("--init", help="weights to start from instead of the architecture")
    ap.add_argument("--imgsz", type=int, default=448)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=100)
    ap.add_argument("--hours", type=float, help="stop after this long (ultralytics fits the epochs to it)")
    ap.add_argument("--lr0", type=float, default=0.002)
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--real-copies", type=int, default=3)
    ap.add_argument("--cache", default="ram", help="ram, disk or none")
    ap.add_argument("--name", default="det_packed")
    ap.add_argument("--out", default="build/runs_gpu", help="folder of the run")
    ap.add_argument("--device", default=None)
    ap.add_argument("--freeze", type=int, default=0,
                    help="layers kept as --init has them (10: the backbone of tile-det-n), for a short fine-tune")
    a = ap.parse_args(argv)

    # data.yaml has no ``path``: ultralytics then reads the folders beside it, wherever it was carried
    data = Path(a.data).resolve()
    print("real photos linked again:", repeat_real_photos(data.parent / "train" / "images", a.real_copies))
    offline_ultralytics()
    import torch
    from ultralytics import YOLO
    device = a.device or ("0" if torch.cuda.is_available() else "cpu")
    model = YOLO(a.init or a.cfg)
    optional = {"time": a.hours, "freeze": a.freeze}     # ultralytics' own defaults when not given
    model.train(data=str(data), project=str(Path(a.out).resolve()), name=a.name, exist_ok=True, plots=False,
                device=device, epochs=a.epochs, imgsz=a.imgsz, batch=a.batch, workers=a.workers, seed=0,
                deterministic=False, close_mosaic=max(1, a.epochs // 10), patience=1000, optimizer="AdamW",
                lr0=a.lr0, warmup_epochs=2, cache=False if a.cache == "none" else a.cache,
                **{k: v for k, v in optional.items() if v})
    sys.stdout.flush()


if __name__ == "__main__":
    main()
