"""Session 13, det10real: the shipped detector fine-tuned on the real train photos alone (no
rendered scenes in training; 20 rendered scenes in validation, for the back class), det9's
settings (models/detector/MODEL_CARD.md, session 13). Run from the repository root:

    nice python tools/detector_experiments/real_only.py    # build/runs/det10real (15 epochs)
"""
import sys
from pathlib import Path

sys.path.insert(0, ".")
from vision.datasets import DEFAULT_SHARED, build_detector_dataset  # noqa: E402
from vision.training import DET_CFG, _train  # noqa: E402

if __name__ == "__main__":
    data = build_detector_dataset(Path("build/s13/det_real"), DEFAULT_SHARED, n_synth_train=0, n_synth_val=20, seed=0)
    _train(str(DET_CFG), str(data), Path("build/runs/det10real").resolve(), False, init="models/detector/detector.pt",
           epochs=15, imgsz=320, batch=16, workers=1, seed=0, deterministic=False, close_mosaic=4, patience=100,
           optimizer="AdamW", lr0=0.0005, warmup_epochs=1, device="cpu")
