"""Training of the two models with ultralytics (``mjtable train detector|classifier``).

Both train from scratch (``*.yaml`` architectures: no pretrained weights are downloaded), on the
CPU unless a CUDA device is present, and resume from their last checkpoint with ``resume``."""
from __future__ import annotations

import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DET_CFG = Path(__file__).resolve().parent / "cfg" / "tile-det.yaml"
CLS_CFG = Path(__file__).resolve().parent / "cfg" / "tile-cls.yaml"
#: The classifier's augmentations (ultralytics settings; ``scale`` is given apart). Tiles are not
#: mirror-symmetric: no flips. Colour jitter is small because ink colour tells red fives from fives.
CLASSIFIER_AUGMENTATION = dict(fliplr=0.0, flipud=0.0, hsv_h=0.005, hsv_s=0.3, hsv_v=0.3, erasing=0.1,
                               translate=0.05, auto_augment=None)


def pick_device() -> str:
    try:
        import torch
        return "0" if torch.cuda.is_available() else "cpu"
    except Exception:  # pragma: no cover - torch is a dependency
        return "cpu"


def _train(model_yaml: str, data: str, run_dir: Path, resume: bool, init: str | None = None, **kw):
    from ultralytics import YOLO
    last = run_dir / "weights" / "last.pt"
    if resume:
        if not last.exists():
            raise FileNotFoundError(f"nothing to resume: {last} does not exist")
        return YOLO(str(last)).train(resume=True)
    model = YOLO(init or model_yaml)  # ``init``: continue from earlier weights with a fresh schedule
    return model.train(data=data, project=str(run_dir.parent), name=run_dir.name, exist_ok=True,
                       plots=False, device=kw.pop("device", None) or pick_device(), **kw)


def train_detector(data_root: Path, build: Path, epochs=20, imgsz=320, batch=16, workers=1, n_synth=150,
                   resume=False, seed=0, device=None, out_weights: Path | None = None, run_name="detector",
                   hours: float | None = None, init: str | None = None, lr0: float = 0.002, body_scenes: int = 0,
                   real_copies: int = 1):
    from .datasets import build_detector_dataset
    run_dir = (build / "runs" / run_name).resolve()
    # Scenes of 3D tile bodies make another dataset: it gets its own folder.
    folder = build / ("det" + (f"_body{body_scenes}" if body_scenes else "")
                      + (f"_real{real_copies}" if real_copies > 1 else ""))
    data_yaml = None if resume else build_detector_dataset(folder, data_root, n_synth_train=n_synth,
                                                            n_synth_val=max(10, n_synth // 8), seed=seed,
                                                            body_scenes=body_scenes, real_copies=real_copies)
    _train(str(DET_CFG), str(data_yaml), run_dir, resume, init=init, epochs=epochs, imgsz=imgsz, batch=batch,
           workers=workers, seed=seed, deterministic=False, close_mosaic=min(4, epochs // 4), patience=100,
           optimizer="AdamW", lr0=lr0, warmup_epochs=1, **({"time": hours} if hours else {}),
           device=device)
    best = run_dir / "weights" / "best.pt"
    if out_weights:
        out_weights.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(best, out_weights)
    return best


def train_classifier(data_root: Path, build: Path, epochs=5, imgsz=64, batch=128, workers=1, resume=False,
                     seed=0, device=None, out_weights: Path | None = None, run_name="classifier",
                     holdout_style: str | None = None, holdout_photos: str | None = None, per_code=60,
                     init: str | None = None, lr0: float = 0.003, procedural_per_code=150,
                     scale: float = 0.1, face_scale: tuple[float, float] | None = None,
                     arch: Path | None = None, body_scenes: int = 0, odd_faces: int = 0, odd_kinds=None,
                     body_face_cuts: bool = False, grey_share: float = 0.0):
    from .crop_dataset import build_crop_dataset
    run_dir = (build / "runs" / run_name).resolve()
    folder = None
    if not resume:
        folder = build_crop_dataset(build / f"crops{'_' + run_name if run_name != 'classifier' else ''}", data_root,
                                    seed=seed, holdout_style=holdout_style, holdout_photos=holdout_photos,
                                    synth_per_code=per_code, photo_copies=1,
                                    procedural_per_code=procedural_per_code, face_scale=face_scale,
                                    body_scenes=body_scenes, odd_faces=odd_faces, odd_kinds=odd_kinds,
                                    body_face_cuts=body_face_cuts, grey_share=grey_share)
    _train(str(arch or CLS_CFG), str(folder) if folder else "", run_dir, resume, init=init, epochs=epochs, imgsz=imgsz,
           batch=batch, workers=workers, seed=seed, cache="ram", scale=scale, device=device,
           optimizer="AdamW", lr0=lr0, warmup_epochs=0.5, **CLASSIFIER_AUGMENTATION)
    best = run_dir / "weights" / "best.pt"
    if out_weights:
        out_weights.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(best, out_weights)
        calibrate_classifier(out_weights, Path(folder or build / "crops") / "val")
        # The tile/not-tile probe reads these weights' features: a probe fitted for other
        # weights would be ignored, so fit it again (vision_lab/tileness_fit.py).
        from vision.tileness import PROBE_FILE, SCENES_PROBE_FILE, TILE_FREE_PROBE_FILE
        from .tileness_fit import SCENES_PROBE_BODY_SCENES, TILE_FREE_PROBE_PICTURES, fit_and_save
        # and the second probe, read beside the first, when one is there
        scenes = SCENES_PROBE_BODY_SCENES if out_weights.with_name(SCENES_PROBE_FILE).is_file() else 0
        fit_and_save(data_root, out_weights, scenes_probe=scenes)
        # and the probe that judges whole photos
        if out_weights.with_name(TILE_FREE_PROBE_FILE).is_file():
            fit_and_save(data_root, out_weights, out=out_weights.with_name(TILE_FREE_PROBE_FILE),
                         body_scenes=SCENES_PROBE_BODY_SCENES, on_top_of=out_weights.with_name(PROBE_FILE),
                         tile_free=TILE_FREE_PROBE_PICTURES)
    return best


def calibrate_classifier(weights: Path, val_folder: Path, limit_per_class: int = 200) -> dict:
    """Fit the softmax temperature on the validation crops and write calibration.json beside the
    weights (confidences then match observed accuracy better; see fit_temperature). When these
    weights read with companions (``vision.classifier.COMPANION_WEIGHTS`` and its own), the
    temperature of the chain's mean logits is fitted too (``with_companion``, tied to the
    companions' weights)."""
    import json

    from vision.classifier import ZOOM_BELOW_CONFIDENCE, CropClassifier
    clf = CropClassifier(weights, companion=None)
    crops, labels = _val_crops(clf, val_folder, limit_per_class)
    t, acc = _reading_temperature(clf, crops, labels)
    info = {"temperature": t, "fitted_on": str(val_folder), "crops": len(labels), "top1_accuracy": acc,
            "reading": {"turn_average": clf.turn_average, "zooms": list(clf.zooms),
                        "zoom_below_confidence": ZOOM_BELOW_CONFIDENCE}, "weights_id": clf.weights_id}
    pair = _companion_temperature(clf, crops, labels, val_folder)
    if pair:
        info["with_companion"] = pair
    path = Path(weights).with_name("calibration.json")
    # The profile threshold (``sure_base``) is chosen by hand for these weights
    # (docs/calibration.md, Decisions): a refit of the same weights keeps it, new weights start
    # without one (the default).
    old = json.loads(path.read_text()) if path.exists() else {}
    if old.get("weights_id") == clf.weights_id:
        info.update({k: v for k, v in old.items() if k.startswith("sure_base")})
    path.write_text(json.dumps(info, indent=1) + "\n")
    return info


def calibrate_companions(weights: Path, val_folder: Path, limit_per_class: int = 200) -> dict:
    """Fit only the temperature of the weights read with their companions (``with_companion`` of
    calibration.json), after a companion changed: the first network's own temperature and
    ``sure_base`` stay as they are."""
    import json

    from vision.classifier import CropClassifier
    clf = CropClassifier(weights, companion=None)
    crops, labels = _val_crops(clf, val_folder, limit_per_class)
    path = Path(weights).with_name("calibration.json")
    info = json.loads(path.read_text()) if path.exists() else {}
    pair = _companion_temperature(clf, crops, labels, val_folder)
    if pair:
        info["with_companion"] = pair
    else:
        info.pop("with_companion", None)
    path.write_text(json.dumps(info, indent=1) + "\n")
    return info


def _val_crops(clf, val_folder: Path, limit_per_class: int):
    """Up to ``limit_per_class`` crops (PNG or JPEG) of each class folder, with their labels."""
    import cv2
    import numpy as np
    crops, labels = [], []
    for d in sorted(Path(val_folder).iterdir()):
        if not d.is_dir() or d.name not in clf.classes:
            continue
        for f in sorted([*d.glob("*.png"), *d.glob("*.jpg")])[:limit_per_class]:
            crops.append(cv2.imread(str(f)))
            labels.append(clf.classes.index(d.name))
    return crops, np.array(labels)


def _companion_temperature(clf, crops, labels, val_folder) -> dict:
    """The temperature of ``clf``'s network read with the companions the shipped weights get
    (none for other weights; ``clf``'s companion is left as it was)."""
    from vision.classifier import companion_chain_id, companion_for
    own = clf.companion
    clf.companion = companion_for(Path(clf.weights_path), "auto", "torch")
    try:
        if clf.companion is None:
            return {}
        t_pair, acc_pair = _reading_temperature(clf, crops, labels)
        return {"temperature": t_pair, "top1_accuracy": acc_pair, "fitted_on": str(val_folder),
                "crops": len(labels), "companion_weights_id": companion_chain_id(clf.companion)}
    finally:
        clf.companion = own


def _reading_temperature(clf, crops: list, labels) -> tuple[float, float]:
    """(temperature, top-1 accuracy) of the reading ``clf`` makes of ``crops``."""
    import numpy as np

    from vision.classifier import fit_temperature, mean_over_zooms
    # The logits of the reading the reader makes (both turns; the other zooms for unsure crops),
    # not of one view. Which crops are unsure depends on the temperature itself, so the fit is
    # repeated until the temperature that picks them is the one fitted (a fixed point).
    as_cut = clf.views_logits(crops, (1.0,), clf.turn_average)[0]
    others = tuple(z for z in clf.zooms if z != 1.0)
    zoomed = clf.views_logits(crops, others, clf.turn_average)[0] if others else as_cut
    t = 1.0
    for _ in range(20):
        clf.temperature = t
        logits = np.where(clf.unsure(as_cut)[:, None], mean_over_zooms(as_cut, zoomed, len(others)), as_cut)
        t, previous = fit_temperature(logits, labels), t
        if abs(t - previous) < 1e-3:
            break
    return t, float((logits.argmax(1) == labels).mean())
