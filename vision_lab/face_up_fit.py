"""Fit the face-orientation probe that ``vision.face_up`` applies at read time.

    python -m vision_lab.face_up_fit [--out models/classifier/face_up.json]

Renders scenes (hand rows and scattered layouts, ``vision_lab.synth``) of the training styles:
the riichi artwork (Regular and Black), the Hong Kong artwork and generated sets, cuts each
face-up tile as the reader cuts it (``vision.crops.own_axes``, ``crop_tile``) and knows from the
renderer's face corners which way up its crop shows the face. The shared photos are not used:
their tiles lie either way up (a tray of tiles in any order, a row photographed from across the
table) and no label says which. A logistic regression without bias on the difference of the
classifier's features of each crop and of the crop turned 180° (``vision.face_up.FaceUpProbe``).

Then it reports, per tile and per scene (the scene's votes summed as the reader sums them), the
probe on rendered scenes of the styles no model trains on (GL, coloured and in one ink) and, with
``--leave-out``, a probe fitted without each training style read on that style.
"""
from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import numpy as np

from vision.face_up import PROBE_FILE, TILE_VOTE, FaceUpProbe, crop_up, feature_differences

TRAIN_STYLES = {"riichi": ("riichi", "riichi_black"), "hongkong": ("hongkong",), "procedural": ("procedural",)}
HELDOUT_STYLES = {"gl": ("gl",), "gl_mono": ("gl_mono",)}
SCENES = {"riichi": 60, "hongkong": 60, "procedural": 400, "gl": 60, "gl_mono": 60}
#: A tile counts when its face's top points within this many degrees of its crop's top or bottom.
LABEL_WITHIN = 35.0
WEIGHT_DECAY = 1e-4


def rendered_tiles(styles, n_scenes: int, seed: int, classifier):
    """(feature differences as cut minus turned, +1/-1 the crop's face upright or not, scene of
    each tile) of the face-up tiles of ``n_scenes`` rendered scenes."""
    from vision.crops import crop_tile, own_axes

    from .synth.random_layouts import hand_row, random_layout
    from .synth.render import random_style, render_scene
    rng = np.random.default_rng(seed)
    crops, signs, scenes = [], [], []
    for i in range(n_scenes):
        style = random_style(rng, styles)
        codes = sorted(style.art.faces)
        tiles = hand_row(rng, codes) if i % 2 == 0 else random_layout(rng, codes)
        image, labels = render_scene(tiles, rng, size=(960, 720), style=style, camera_kw={"tilt_deg": (0, 35)})
        for t in labels:
            if t.face_down or not t.code:
                continue
            c = np.array(t.corners)
            top = (c[0] + c[1]) / 2 - (c[3] + c[2]) / 2
            axes = own_axes(image, t.box)
            up = crop_up(axes)
            cos = float(np.dot(top, up) / (np.linalg.norm(top) + 1e-9))
            if abs(cos) < math.cos(math.radians(LABEL_WITHIN)):
                continue
            crops.append(crop_tile(image, t.box, axes=axes))
            signs.append(1.0 if cos > 0 else -1.0)
            scenes.append(i)
    return differences(crops, classifier), np.array(signs), np.array(scenes)


def differences(crops, classifier, batch: int = 64) -> np.ndarray:
    """``vision.face_up.feature_differences`` of ``crops``, ``batch`` crops at a time."""
    parts = [feature_differences(crops[s:s + batch], classifier) for s in range(0, len(crops), batch)]
    return np.concatenate(parts) if parts else np.zeros((0, 0))


def fit(diffs: np.ndarray, signs: np.ndarray, weight_decay: float = WEIGHT_DECAY) -> np.ndarray:
    """The weight vector minimising the logistic loss of ``signs · (diffs · w)`` (no bias: the
    probe is antisymmetric) plus ``weight_decay · |w|²``."""
    import torch
    x = torch.tensor(diffs * signs[:, None], dtype=torch.float64)
    w = torch.zeros(x.shape[1], dtype=torch.float64, requires_grad=True)
    opt = torch.optim.LBFGS([w], max_iter=300, line_search_fn="strong_wolfe")

    def closure():
        opt.zero_grad()
        loss = torch.nn.functional.softplus(-(x @ w)).mean() + weight_decay * (w * w).sum()
        loss.backward()
        return loss
    opt.step(closure)
    return w.detach().numpy()


def scores(w: np.ndarray, diffs: np.ndarray, signs: np.ndarray, scenes: np.ndarray) -> dict:
    """Tiles whose way up the probe tells right; scenes whose summed votes (each held within
    ``TILE_VOTE``) point the right way."""
    s = (diffs @ w) * signs
    votes = np.clip(s, -TILE_VOTE, TILE_VOTE)
    by_scene = {k: float(votes[scenes == k].sum()) for k in np.unique(scenes)}
    right = sum(v > 0 for v in by_scene.values())
    return {"tiles": int(len(s)), "tiles_right": round(float(np.mean(s > 0)) * 100, 2),
            "scenes": len(by_scene), "scenes_right": int(right)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=None, help="default: beside the shipped classifier")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--leave-out", action="store_true",
                   help="also fit without each training style and read it (the held-out rows)")
    args = p.parse_args(argv)
    from vision.classifier import default_classifier
    classifier = default_classifier()
    t0 = time.time()
    data = {}
    for k, name in enumerate(list(TRAIN_STYLES) + list(HELDOUT_STYLES)):
        styles = {**TRAIN_STYLES, **HELDOUT_STYLES}[name]
        data[name] = rendered_tiles(styles, SCENES[name], args.seed + k, classifier)
        print(f"{name}: {len(data[name][1])} tiles ({time.time() - t0:.0f} s)", flush=True)

    def fitted_without(left_out=()):
        parts = [data[n] for n in TRAIN_STYLES if n not in left_out]
        return fit(np.concatenate([d for d, _, _ in parts]), np.concatenate([s for _, s, _ in parts]))

    w = fitted_without()
    report = {"fitted_on": {n: len(data[n][1]) for n in TRAIN_STYLES},
              "read": {n: scores(w, *data[n]) for n in data}}
    if args.leave_out:
        report["left_out"] = {n: scores(fitted_without((n,)), *data[n]) for n in TRAIN_STYLES}
    print(json.dumps(report, indent=1))
    out = args.out or Path(classifier.weights_path).with_name(PROBE_FILE)
    probe = FaceUpProbe(weight=[float(v) for v in w], model_id=classifier.weights_id,
                        fitted_on=f"python -m vision_lab.face_up_fit --seed {args.seed}: rendered "
                                  + ", ".join(f"{n} {SCENES[n]} scenes" for n in TRAIN_STYLES))
    probe.save(out)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
