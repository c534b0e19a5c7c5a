"""Fit the tile/not-tile probe that ``vision.tileness`` applies at read time.

    python -m vision_lab.tileness_fit [--out models/classifier/tileness.json]

The probe that judges whole photos (``vision.tileness.TILE_FREE_PROBE_FILE``), beside the first:

    python -m vision_lab.tileness_fit --body-scenes 600 --tile-free 350 \
        --on-top-of models/classifier/tileness.json --out models/classifier/tileness_tile_free.json

The first probe is fitted on the train split's detections (and rendered tiles of the artwork and procedural sets,
so that faces unlike the real photos' count as tiles), picks the threshold on the valid split
(the highest that drops at most ``MAX_DROPPED_TILES`` of its labelled tiles) and writes the probe
beside the classifier, tied to the classifier's weights (``model_id``).
"""
from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from vision.tileness import PROBE_FILE, SCENES_PROBE_FILE, TilenessProbe

MAX_DROPPED_TILES = 1 / 2000    # share of the valid split's labelled tiles the threshold may drop
MATCH_IOU = 0.5                 # a detection overlapping a label this much is a tile
NOT_TILE_IOU = 0.1              # ... and one overlapping none more than this is not, unless
UNLABELLED_CONF = 0.5           # the detector is this sure: such boxes are mostly unlabelled tiles
                                # (jokers, flowers, tiles in piles; see the dataset's SOURCE.md)
WEIGHT_DECAY = 0.01


def fit_probe(features: np.ndarray, is_tile: np.ndarray, weight_decay: float = WEIGHT_DECAY) -> TilenessProbe:
    """Logistic regression on standardised features (L2 penalty ``weight_decay``); threshold 0.5
    until ``choose_threshold`` sets one."""
    import torch
    x = np.asarray(features, np.float32)
    mean, scale = x.mean(0), x.std(0) + 1e-3
    xt = torch.from_numpy((x - mean) / scale)
    yt = torch.from_numpy(np.asarray(is_tile, np.float32))
    lin = torch.nn.Linear(x.shape[1], 1)
    opt = torch.optim.LBFGS(lin.parameters(), max_iter=300)

    def closure():
        opt.zero_grad()
        loss = torch.nn.functional.binary_cross_entropy_with_logits(lin(xt).squeeze(1), yt) \
            + weight_decay * (lin.weight ** 2).sum()
        loss.backward()
        return loss
    opt.step(closure)
    return TilenessProbe(mean=mean.tolist(), scale=scale.tolist(), weight=lin.weight.detach()[0].tolist(),
                         bias=float(lin.bias.detach()[0]), threshold=0.5)


def choose_threshold(p_tiles: np.ndarray, max_dropped: float = MAX_DROPPED_TILES) -> float:
    """The highest threshold that drops at most ``max_dropped`` of the known tiles ``p_tiles``."""
    p = np.sort(np.asarray(p_tiles, np.float64))
    k = int(np.floor(max_dropped * len(p)))     # tiles allowed below the threshold
    return float(p[k]) if len(p) else 0.0


def threshold_on_top(p_tiles: np.ndarray, kept_by_first: np.ndarray) -> float:
    """The highest threshold at which a second probe drops none of the known tiles the first
    probe keeps (``p_tiles``: the second probe's probabilities of the known tiles): read with both,
    the tiles dropped stay the first probe's alone."""
    p = np.asarray(p_tiles, np.float32)[np.asarray(kept_by_first, bool)]
    return float(p.min()) if len(p) else 0.5


def training_labels(iou: np.ndarray, conf: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(used, is_tile) for detections with their best overlap ``iou`` with a label."""
    tile = iou >= MATCH_IOU
    other = (iou < NOT_TILE_IOU) & (conf < UNLABELLED_CONF)
    return tile | other, tile


def mine_detections(split: str, data_root: Path, reader) -> dict:
    """Face-up detections of the reader on one photo split: features, detector confidence and
    best overlap with a label, and where each came from."""
    import cv2

    from vision.crops import crop_tile
    from .datasets import PHOTOS, photo_names, read_yolo_labels
    from vision.detections import box_iou
    from vision.reader import detect_in
    names = photo_names(data_root)
    folder = Path(data_root) / PHOTOS / split
    feats, conf, iou, src = [], [], [], []
    for path in sorted((folder / "images").glob("*.jpg")):
        img = cv2.imread(str(path))
        if img is None:
            continue
        h, w = img.shape[:2]
        labels = read_yolo_labels(folder / "labels" / (path.stem + ".txt"), names, w, h)
        dets = detect_in(reader.detector, img)
        up = [i for i, n in enumerate(dets.names()) if n != "back"]
        if not up:
            continue
        boxes = np.array([b for _, b in labels], np.float64).reshape(-1, 4)
        ov = box_iou(dets.xyxy[up], boxes) if len(boxes) else np.zeros((len(up), 1))
        _, f = reader.classifier.logits_and_features([crop_tile(img, dets.xyxy[i]) for i in up])
        feats.append(f)
        conf.extend(float(dets.confidence[i]) for i in up)
        iou.extend(ov.max(1).tolist())
        src.extend([path.name] * len(up))
    return {"features": np.concatenate(feats), "conf": np.array(conf), "iou": np.array(iou), "src": src}


#: Seeds of the scenes the probe may learn from: (seed, BODY_SCENE_PART, i), apart from the
#: detector's (2, 3), the classifier's (4, 5) and the capture-mode evaluation sets' (seed 1).
BODY_SCENE_PART = 6
#: Scenes the shipped scenes probe learnt from (models/classifier/MODEL_CARD.md).
SCENES_PROBE_BODY_SCENES = 600
#: Pictures with no tile the shipped tile-free probe learnt from (``vision.tileness.TILE_FREE_PROBE_FILE``;
#: it learnt from ``SCENES_PROBE_BODY_SCENES`` scenes too).
TILE_FREE_PROBE_PICTURES = 350


def mine_body_scenes(n_scenes: int, reader, data_root: Path, seed: int = 0, log=print) -> dict:
    """Face-up detections of both of the reader's detectors on ``n_scenes`` rendered scenes of 3D
    tile bodies in every capture mode, with the training artwork and generated sets (never GL):
    features and whether each is a tile (IoU >= ``MATCH_IOU`` with a face's label) or not (under
    ``NOT_TILE_IOU`` with every face: dice, books, screens, a hand, face-down tiles, a box across
    two tiles). Why: on such scenes most reads that are no tile are of things the real train
    photos do not show (docs/renderer.md), so the probe never learnt them."""
    from .crop_dataset import HOLDOUT_STYLES
    from .synth.artwork import PROCEDURAL
    from .synth.capture_modes import MODES, mode_scene
    feats, is_tile = [], []
    for i in range(n_scenes):
        rng = np.random.default_rng([seed, BODY_SCENE_PART, i])
        img, labels = mode_scene(MODES[i % len(MODES)], rng, (*HOLDOUT_STYLES, PROCEDURAL), data_root)
        faces = np.array([t.box for t in labels if not t.face_down and t.code], np.float64).reshape(-1, 4)
        _mine_picture(reader, img, faces, lambda box: True, feats, is_tile)
        if (i + 1) % 100 == 0:
            log(f"body scenes: {i + 1}/{n_scenes}")
    return _mined(feats, is_tile)


def _mine_picture(reader, img: np.ndarray, faces: np.ndarray, no_tile, feats: list, is_tile: list) -> None:
    """Add to ``feats`` and ``is_tile`` the face-up detections of both of the reader's detectors
    in ``img``: a tile when it overlaps a box of ``faces`` at ``MATCH_IOU``, none when it overlaps
    every one under ``NOT_TILE_IOU`` and ``no_tile(box)`` says so; the others are left out."""
    from vision.crops import crop_tile
    from vision.detections import box_iou
    from vision.reader import detect_in
    for detector in (d for d in (reader.detector, getattr(reader, "second_detector", None)) if d is not None):
        dets = detect_in(detector, img)
        up = [k for k, name in enumerate(dets.names()) if name != "back"]
        if not up:
            continue
        ov = box_iou(dets.xyxy[up], faces).max(1) if len(faces) else np.zeros(len(up))
        used = [(k, o >= MATCH_IOU) for k, o in zip(up, ov)
                if o >= MATCH_IOU or (o < NOT_TILE_IOU and no_tile(dets.xyxy[k]))]
        if used:
            _, f = reader.classifier.logits_and_features([crop_tile(img, dets.xyxy[k]) for k, _ in used])
            feats.append(f)
            is_tile.extend(t for _, t in used)


def mine_tile_free(n_pictures: int, reader, seed: int = 0, log=print) -> dict:
    """Face-up detections of both of the reader's detectors on ``n_pictures`` pictures with no tile
    (``vision_lab.synth.tile_free``: grain, gravel, printed cloth, stripes, table tops, rooms,
    clutter), every one a non-tile. Why: neither the photos nor the scenes show a picture without
    tiles, and the probes took noise and print for tiles (docs/experiments.md)."""
    from .synth.tile_free import KINDS, TILE_FREE_PART, tile_free_picture
    feats, is_tile = [], []
    none = np.zeros((0, 4), np.float64)
    for i in range(n_pictures):
        rng = np.random.default_rng([seed, TILE_FREE_PART, i])
        img = tile_free_picture(rng, kind=KINDS[i % len(KINDS)])
        _mine_picture(reader, img, none, lambda box: True, feats, is_tile)
        _mine_looks(reader, img, rng, feats, is_tile)
        if (i + 1) % 100 == 0:
            log(f"tile-free pictures: {i + 1}/{n_pictures}")
    return _mined(feats, is_tile)


#: The most boxes of one look taken from a tile-free picture (a picture of grain gives hundreds).
LOOK_BOXES = 60


def _mine_looks(reader, img: np.ndarray, rng: np.random.Generator, feats: list, is_tile: list) -> None:
    """Add to ``feats`` (as non-tiles) up to ``LOOK_BOXES`` face-up boxes, weak ones included, of
    each of the reader's detectors at the look the reader takes of ``img`` (enlarged, unstretched:
    ``vision.looks``), cut as the reader cuts them: what it reads of a tile-free picture, which a
    detector run on the picture as it stands does not show."""
    from vision.crops import crop_tile
    for detector in (d for d in (reader.detector, getattr(reader, "second_detector", None)) if d is not None):
        look, dets = reader._detect(detector, img, {"detect_ms": 0.0})
        up = [k for k, name in enumerate(dets.names()) if name != "back"]
        if len(up) > LOOK_BOXES:
            up = sorted(rng.choice(up, LOOK_BOXES, replace=False).tolist())
        if up:
            _, f = reader.classifier.logits_and_features([crop_tile(img, look.box_in_source(dets.xyxy[k])) for k in up])
            feats.append(f)
            is_tile.extend([False] * len(up))


def _mined(feats: list, is_tile: list) -> dict:
    if not feats:
        return {"features": np.zeros((0, 0), np.float32), "is_tile": np.zeros(0, bool)}
    return {"features": np.concatenate(feats), "is_tile": np.array(is_tile, bool)}


def mine_sheets(folder: Path, reader, log=print) -> dict:
    """Face-up detections of both of the reader's detectors on a folder written by
    ``vision_lab.printed_sheets`` (photos with a printed sheet beside their tiles): features and
    whether each is a tile (IoU >= ``MATCH_IOU`` with a label) or not (its box's middle on the
    sheet, under ``NOT_TILE_IOU`` with every label, however sure the detector: a letter boxed
    at 0.77 is still no tile). Why: the train photos show no print, so the probes never learnt it."""
    import json

    import cv2

    from .printed_sheets import SHEETS_FILE, label_boxes
    folder = Path(folder)
    sheets = json.loads((folder / SHEETS_FILE).read_text())
    feats, is_tile = [], []
    for name, quad in sorted(sheets.items()):
        img = cv2.imread(str(folder / "images" / name))
        if img is None:
            continue
        labels = label_boxes(folder / "labels" / (Path(name).stem + ".txt"), img.shape[1], img.shape[0])
        contour = np.asarray(quad, np.float32).reshape(-1, 1, 2)

        def on_sheet(box, contour=contour) -> bool:
            middle = (float(box[0] + box[2]) / 2, float(box[1] + box[3]) / 2)
            return cv2.pointPolygonTest(contour, middle, False) >= 0
        _mine_picture(reader, img, labels, on_sheet, feats, is_tile)
    out = _mined(feats, is_tile)
    log(f"sheets: {int(out['is_tile'].sum())} tiles and {int((~out['is_tile']).sum())} detections on the sheets")
    return out


def rendered_tile_features(classifier, per_code: int, seed: int, data_root: Path) -> np.ndarray:
    """Features of rendered tiles of the artwork and procedural sets (never the GL set)."""
    from .crop_dataset import HOLDOUT_STYLES, synthetic_crops
    from .synth.artwork import PROCEDURAL
    rng = np.random.default_rng(seed)
    crops = [c for _, _, c in synthetic_crops(rng, (*HOLDOUT_STYLES, PROCEDURAL), per_code, data_root)]
    return np.concatenate([classifier.logits_and_features(crops[k:k + 512])[1] for k in range(0, len(crops), 512)])


def fit_and_save(data_root: Path, classifier_weights: Path | None = None, out: Path | None = None,
                 rendered_per_code: int = 20, body_scenes: int = 0, on_top_of: Path | None = None,
                 scenes_probe: int = 0, tile_free: int = 0, log=print) -> TilenessProbe:
    """Fit the probe for ``classifier_weights`` (default: the shipped classifier) with the shipped
    detector, choose its threshold on valid, report, and write it (default: beside the weights).
    ``body_scenes``: also learn from the detections on this many rendered capture-mode scenes
    (``mine_body_scenes``). ``on_top_of``: a probe this one is read beside (``vision.tileness``,
    ``SCENES_PROBE_FILE``): the threshold then drops no valid tile that probe keeps
    (``threshold_on_top``). ``scenes_probe``: also fit, from the same photos, the scenes probe
    beside this one with this many scenes and write it beside the weights (one mining for both).
    ``tile_free``: the probe fitted with body scenes (this one with ``on_top_of``, else the scenes
    probe) also learns from the detections on this many pictures with no tile (``mine_tile_free``)."""
    from vision.reader import TileReader
    reader = TileReader(classifier_weights=classifier_weights, tileness=None)
    train = mine_detections("train", data_root, reader)
    valid = mine_detections("valid", data_root, reader)
    used, tile = training_labels(train["iou"], train["conf"])
    rendered = rendered_tile_features(reader.classifier, rendered_per_code, 0, data_root)
    x = np.concatenate([train["features"][used], rendered])
    y = np.concatenate([tile[used], np.ones(len(rendered), bool)])
    log(f"{int(y.sum())} tiles ({len(rendered)} rendered) and {int((~y).sum())} non-tiles of train")
    first = TilenessProbe.load(on_top_of) if on_top_of is not None else None
    probe = _fit_beside(x, y, body_scenes, valid, first, reader, data_root, log,
                        tile_free if on_top_of is not None else 0)
    # a probe read beside another goes to its own file: written over the first, it would be read alone
    out = out or Path(reader.classifier.weights_path).with_name(SCENES_PROBE_FILE if on_top_of else PROBE_FILE)
    probe.save(out)
    log(f"wrote {out}")
    if scenes_probe > 0:
        scenes = _fit_beside(x, y, scenes_probe, valid, probe, reader, data_root, log, tile_free)
        scenes.save(out.with_name(SCENES_PROBE_FILE))
        log(f"wrote {out.with_name(SCENES_PROBE_FILE)}")
    return probe


def _fit_beside(x, y, body_scenes: int, valid: dict, first, reader, data_root: Path, log,
                tile_free: int = 0) -> TilenessProbe:
    """A probe fitted on ``x``, ``y`` (and the detections of ``body_scenes`` rendered scenes and of
    ``tile_free`` pictures with no tile), its threshold chosen on ``valid``: alone, or beside
    ``first`` (``threshold_on_top``)."""
    if tile_free > 0:
        plain = mine_tile_free(tile_free, reader, log=log)
        log(f"tile-free pictures: {int((~plain['is_tile']).sum())} detections of no tile")
        x = np.concatenate([x, plain["features"]])
        y = np.concatenate([y, plain["is_tile"]])
    if body_scenes > 0:
        bodies = mine_body_scenes(body_scenes, reader, data_root, log=log)
        log(f"body scenes: {int(bodies['is_tile'].sum())} tiles and {int((~bodies['is_tile']).sum())} "
            "detections of no tile")
        x = np.concatenate([x, bodies["features"]])
        y = np.concatenate([y, bodies["is_tile"]])
    probe = fit_probe(x, y)
    probe.model_id = reader.classifier.weights_id
    vused, vtile = training_labels(valid["iou"], valid["conf"])
    pv = probe.p_tile(valid["features"])
    if first is None:
        probe.threshold = choose_threshold(pv[vtile])
    else:
        probe.threshold = threshold_on_top(pv[vtile], first.is_tile(valid["features"][vtile]))
        log(f"read beside another probe: threshold {probe.threshold:.4f}, which drops no valid tile that one keeps")
    dropped = pv < probe.threshold
    log(f"valid: threshold {probe.threshold:.4f} drops {int((dropped & vtile).sum())} of {int(vtile.sum())} "
        f"labelled tiles and {int((dropped & vused & ~vtile).sum())} of {int((vused & ~vtile).sum())} "
        f"non-tile detections; {int((dropped & ~vused).sum())} of {int((~vused).sum())} others "
        f"(unsure: partly overlapping, or confident without a label)")
    photos = sorted({s for s, d in zip(valid["src"], dropped) if d})
    log(f"  {len(photos)} valid photos have a dropped detection; first ones: " + ", ".join(p[:24] for p in photos[:8]))
    return probe


def main(argv=None) -> int:
    from .datasets import DEFAULT_SHARED
    p = argparse.ArgumentParser(prog="python -m vision_lab.tileness_fit", description=__doc__.split("\n\n")[0])
    p.add_argument("--data", type=Path, default=DEFAULT_SHARED)
    p.add_argument("--classifier", type=Path, default=None, help="weights (default models/classifier/classifier.pt)")
    p.add_argument("--out", type=Path, default=None, help="default: tileness.json beside the classifier's weights "
                   "(tileness_scenes.json with --on-top-of)")
    p.add_argument("--rendered-per-code", type=int, default=20)
    p.add_argument("--body-scenes", type=int, default=0,
                   help="also learn from the detections on this many rendered capture-mode scenes (default 0)")
    p.add_argument("--on-top-of", type=Path, default=None,
                   help="a probe this one is read beside: choose the threshold to drop no valid tile it keeps")
    p.add_argument("--scenes-probe", type=int, default=0, metavar="N",
                   help="also fit the scenes probe read beside this one, from N rendered scenes, and write it "
                        "as tileness_scenes.json beside --out (one pass over the photos for both)")
    p.add_argument("--tile-free", type=int, default=0, metavar="N",
                   help="the probe fitted with rendered scenes (--on-top-of's, or --scenes-probe's) also "
                        "learns from the detections on N pictures with no tile (default 0)")
    args = p.parse_args(argv)
    if args.tile_free and not (args.on_top_of or args.scenes_probe):
        p.error("--tile-free goes with the probe fitted on rendered scenes: give --on-top-of or --scenes-probe")
    if args.scenes_probe and args.on_top_of:
        p.error("--scenes-probe fits the probe read beside this one: it cannot go with --on-top-of")
    fit_and_save(args.data, args.classifier, args.out, args.rendered_per_code, args.body_scenes, args.on_top_of,
                 scenes_probe=args.scenes_probe, tile_free=args.tile_free)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
