"""Choose the oddity model's threshold and measure it (vision/oddity.py).

    python -m vision_lab.oddity_fit --weights build/runs/NAME/weights/best.pt [--install]

The threshold is the lowest probability of ``odd`` that flags at most ``MAX_FLAGGED_TILES`` of
the valid split's labelled tiles (cut as the reader cuts them) and of fresh generated tile sets'
tiles together: every flag there is a tile the player would have to name. It then reports what the threshold does on crops no training or
selection step saw: odd faces of fresh generated sets (``--odd-scenes``, their own seed) and the
labelled tiles of the unseen GL style (``build/heldout_gl``), and writes ``oddity.json`` beside
the weights (with ``--install``, copies both into models/classifier/).
"""
from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import numpy as np

from vision.oddity import ODDITY_FILE, ODDITY_WEIGHTS, OddityModel

MAX_FLAGGED_TILES = 1 / 2000    # share of the valid split's labelled tiles the threshold may flag
ODD_TEST_SEED = 20_261_126      # the odd faces measured: a seed no training crop set uses
KNOWN_SELECTION_SEED = 20_261_127   # generated tile sets the threshold is also chosen on
KNOWN_PER_CODE = 40             # their crops per code


def choose_threshold(p_odd_tiles: np.ndarray, max_flagged: float = MAX_FLAGGED_TILES) -> float:
    """The lowest threshold that flags at most ``max_flagged`` of the known tiles ``p_odd_tiles``
    (a tile is flagged when its probability is at or above the threshold). Worked in float32, the
    model's own precision, so that a tile at the threshold's neighbour is not flagged by rounding."""
    p = np.sort(np.asarray(p_odd_tiles, np.float32))[::-1]
    k = int(np.floor(max_flagged * len(p)))      # tiles allowed at or above the threshold
    if k >= len(p):
        return 0.0 if len(p) else 2.0           # no known tile to spare: above any probability
    return float(np.nextafter(p[k], np.float32(2.0)))


def labelled_crops(folder: Path) -> tuple[list[np.ndarray], list[str]]:
    """The labelled face-up tiles of a YOLO folder, cut as the reader cuts them, and their codes."""
    from vision.crops import cut_tiles
    from .evaluate import image_paths, labelled_images
    crops, codes = [], []
    for _, img, gt in labelled_images(Path(folder), image_paths(Path(folder))):
        if gt:
            crops.extend(cut_tiles(img, [b for _, b in gt]))
            codes.extend(code for code, _ in gt)
    return crops, codes


def flagged_codes(p: np.ndarray, codes: list[str], threshold: float) -> dict[str, int]:
    """How many tiles of each code are flagged (the known tiles an oddity model takes for odd)."""
    out: dict[str, int] = {}
    for code, flagged in zip(codes, p >= threshold):
        if flagged:
            out[code] = out.get(code, 0) + 1
    return dict(sorted(out.items()))


def fit(weights: Path, data_root: Path, odd_scenes: int = 150, gl: Path | None = None, log=print) -> dict:
    from vision.classifier import CropClassifier
    from .crop_dataset import odd_face_crops, synthetic_crops
    from .datasets import PHOTOS
    model = OddityModel(CropClassifier(weights, turn_average=True, zooms=(1.0,)), threshold=1.0)
    valid, valid_codes = labelled_crops(Path(data_root) / PHOTOS / "valid")
    p_valid = model.p_odd(valid)
    # Known tiles of sets no training crop shows (fresh generated sets) choose the threshold
    # with valid: valid alone is one photo set, and a model that takes an unfamiliar set's tiles
    # for odd faces would pass it unseen.
    from .synth.artwork import PROCEDURAL
    generated = list(synthetic_crops(np.random.default_rng(KNOWN_SELECTION_SEED), (PROCEDURAL,),
                                     KNOWN_PER_CODE, data_root))
    p_generated = model.p_odd([c for _, _, c in generated])
    threshold = choose_threshold(np.concatenate([p_valid, p_generated]))
    fresh = list(odd_face_crops(np.random.default_rng(ODD_TEST_SEED), odd_scenes, data_root))
    odd = [c for _, _, c in fresh]
    kinds = np.array([name.split("_")[1] for _, name, _ in fresh])
    p_odd = model.p_odd(odd)
    info = {"threshold": threshold, "weights_id": model.classifier.weights_id,
            "chosen_on": f"valid split, {len(valid)} labelled tiles, at most {MAX_FLAGGED_TILES} flagged",
            "valid_flagged": int((p_valid >= threshold).sum()), "valid_tiles": len(valid),
            "valid_flagged_codes": flagged_codes(p_valid, valid_codes, threshold),
            "generated_tiles": len(generated), "generated_flagged": int((p_generated >= threshold).sum()),
            "odd_faces": len(odd), "odd_flagged": int((p_odd >= threshold).sum())}
    info["odd_flagged_by_kind"] = {k: [int((p_odd[kinds == k] >= threshold).sum()), int((kinds == k).sum())]
                                   for k in sorted(set(kinds))}
    log(f"threshold {threshold:.4f}: valid {info['valid_flagged']} of {len(valid)} tiles flagged, generated sets "
        f"{info['generated_flagged']} of {len(generated)}; "
        f"fresh odd faces {info['odd_flagged']} of {len(odd)} flagged "
        f"({', '.join(f'{k} {a}/{n}' for k, (a, n) in info['odd_flagged_by_kind'].items())})")
    if gl is not None and Path(gl).is_dir():
        gl_crops, gl_codes = labelled_crops(gl)
        p_gl = model.p_odd(gl_crops)
        info.update({"gl_tiles": len(p_gl), "gl_flagged": int((p_gl >= threshold).sum()),
                     "gl_flagged_codes": flagged_codes(p_gl, gl_codes, threshold)})
        log(f"unseen GL style: {info['gl_flagged']} of {len(p_gl)} tiles flagged {info['gl_flagged_codes']}")
    Path(weights).with_name(ODDITY_FILE).write_text(json.dumps(info, indent=1) + "\n")
    return info


def main(argv=None) -> int:
    from .datasets import DEFAULT_SHARED
    p = argparse.ArgumentParser(prog="python -m vision_lab.oddity_fit", description=__doc__.split("\n\n")[0])
    p.add_argument("--weights", type=Path, required=True, help="a classifier trained with --odd-faces")
    p.add_argument("--data", type=Path, default=DEFAULT_SHARED)
    p.add_argument("--odd-scenes", type=int, default=150, help="scenes of fresh odd faces measured (default 150)")
    p.add_argument("--gl", type=Path, default=Path("build/heldout_gl"),
                   help="a rendered set of the unseen GL style (mjtable eval build/heldout_gl --render-style gl)")
    p.add_argument("--install", action="store_true", help=f"copy the weights and {ODDITY_FILE} into models/classifier/")
    args = p.parse_args(argv)
    fit(args.weights, args.data, args.odd_scenes, args.gl)
    if args.install:
        shutil.copy(args.weights, ODDITY_WEIGHTS)
        shutil.copy(Path(args.weights).with_name(ODDITY_FILE), ODDITY_WEIGHTS.with_name(ODDITY_FILE))
        print(f"installed {ODDITY_WEIGHTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
