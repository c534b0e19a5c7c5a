"""A player's evening on whole photos of one tile set, read with its profile and teaching it.

``python -m vision_lab.played_photos FOLDER... --profile NAME [--data-dir D] --out RESULT.json``
(``--plot PNG [--beside EARLIER.json...]``: the accuracy of the following photos against the
corrections made, one line per evening; without folders, of the earlier results alone.)

The labelled photos of the YOLO-format ``FOLDER``s (e.g. one set's capture modes, rendered by
``python -m vision_lab.synth.capture_modes --set-seed N``) come in turn, one of each folder after
the other, as a table's photos of one evening mix the ways a hand is laid out. Each photo is read
by the reader with the profile as it is; the player then corrects every misread tile and records
the hand: the review page teaches every upright face-up tile read on a labelled tile with the code
the player gave it (``webui.review.teach`` → ``calibrate.learn_photo_tiles``: cut by
``vision.calibration.learning_cuts``, learnt by ``TileSetProfile.learn_hand``), and the profile
learns before the next photo. Tiles the reader missed, and sideways tiles, teach nothing, as on
the review page.

Each photo is also read with the profile as saved (nothing learnt this evening): the same photos'
figure without the evening, so that what the played hands add, or cost, is measured on the same tiles.
A tile is read right as ``mjtable eval`` counts it (IoU ≥ 0.5 and the labelled code)."""
from __future__ import annotations

import argparse
import dataclasses
import json
import time
from pathlib import Path

import numpy as np

from scorer.tiles import ALL_CODES
from vision.detections import box_iou

from .calibration_eval import after_corrections, plot_played
from .evaluate import labelled_images, image_paths, match, read_code


@dataclasses.dataclass
class PlayedPhoto:
    """One photo of the evening: the corrections made before it was read, its labelled tiles, the
    tiles read right with the profile as it was then (``right``) and as calibrated
    (``right_base``: the same profile as saved, with nothing learnt this evening), the labelled tiles the reader found
    (a read with IoU ≥ 0.5), those it then corrected and taught, and the seconds the profile took
    to learn the photo afterwards."""
    name: str
    corrections_before: int
    tiles: int
    right: int
    right_base: int
    found: int = 0
    corrected: int = 0
    taught: int = 0
    learn_s: float = 0.0


def evening_order(folders: list[Path]) -> list[tuple[Path, Path]]:
    """(folder, image) of every photo of ``folders``, one of each folder in turn (the first
    photo of each, then the second of each...), each folder's photos in their fixed order."""
    lists = [[(Path(f), p) for p in image_paths(Path(f))] for f in folders]
    out = []
    for k in range(max((len(x) for x in lists), default=0)):
        out += [x[k] for x in lists if k < len(x)]
    return out


def _right(reads, gt) -> tuple[int, list[tuple[int, int]]]:
    """(tiles read right, matched (label, read) pairs) of one photo's face-up ``reads``."""
    gt_boxes = np.array([b for _, b in gt]).reshape(-1, 4)
    pred_boxes = np.array([r.box for r in reads]).reshape(-1, 4)
    pairs = match(gt_boxes, pred_boxes, iou=box_iou(gt_boxes, pred_boxes)) if len(gt) and len(reads) else []
    return sum(read_code(reads[p]) == gt[g][0] for g, p in pairs), pairs


def play(reader, profile, calibrated, photos, teach: bool = True, log=print,
         relearn_every: int | None = None, keep_per_code: int | None = None,
         teach_sideways: bool = False) -> list[PlayedPhoto]:
    """Read ``photos`` ((folder, image path) in order) with ``profile``, teaching it each photo's
    tiles as the review page does when ``teach``; ``calibrated``: the same profile kept as
    calibrated, read beside it (or None). ``relearn_every``: after every that many photos, the
    whole network is fine-tuned again on everything kept (``TileSetProfile.relearn``);
    ``keep_per_code``: confirmed tiles kept per code (default ``CONFIRMED_PER_CODE``)."""
    from vision.calibration import learning_cuts
    base = reader.classifier
    out, corrections = [], 0
    for k, (folder, path) in enumerate(photos):
        labelled = list(labelled_images(folder, [path]))
        if not labelled:           # unreadable: nothing to measure on it, as ``mjtable eval`` skips it
            continue
        [(_, img, gt)] = labelled
        reads = [r for r in reader.read(str(path), profile=profile) if not r.face_down]
        right, pairs = _right(reads, gt)
        right_base = right
        if calibrated is not None:
            right_base, _ = _right([r for r in reader.read(str(path), profile=calibrated) if not r.face_down], gt)
        played = PlayedPhoto(f"{folder.name}/{path.name}", corrections, len(gt), right, right_base, found=len(pairs))
        out.append(played)
        # every tile found and misread is corrected (a sideways one too, though it teaches nothing)
        played.corrected = sum(read_code(reads[p]) != gt[g][0] for g, p in pairs)
        corrections += played.corrected
        # what the player teaches: every upright face-up tile found, with its right code (a face no
        # code names, a labelled joker, teaches nothing: the review page takes tile codes only)
        taught = [(reads[p].box, gt[g][0]) for g, p in pairs
                  if (teach_sideways or not reads[p].sideways) and gt[g][0] in ALL_CODES]
        if teach and taught:
            t0 = time.perf_counter()
            crops, faces = learning_cuts(img, [box for box, _ in taught], reader=reader)
            played.taught = profile.learn_hand(f"photo{k}", crops, [code for _, code in taught],
                                               classifier=base, faces=faces, keep_per_code=keep_per_code)
            played.learn_s = time.perf_counter() - t0
        if teach and relearn_every and (k + 1) % relearn_every == 0 and k + 1 < len(photos):
            t0 = time.perf_counter()
            profile.relearn(classifier=base, seed=k)
            # the hands that follow re-fit the last layer of this network, not the calibration's
            profile.calibration_network = profile.network
            log(f"relearnt after {k + 1} photos in {time.perf_counter() - t0:.1f} s")
        if (k + 1) % 20 == 0:
            done = out[-20:]
            log(f"{k + 1}/{len(photos)} photos, {corrections} corrections; last 20: "
                f"{sum(h.right for h in done)}/{sum(h.tiles for h in done)} right "
                f"(as calibrated {sum(h.right_base for h in done)})")
    return out


def summary(photos: list[PlayedPhoto], budget: int = 20) -> dict:
    """The evening in figures: every photo, and the photos read after ``budget`` corrections
    (``after_corrections``), with the profile as played and as calibrated, per folder too."""
    n, _, _ = after_corrections(photos, budget)
    later = photos[len(photos) - n:]

    def figures(rows):
        t = sum(h.tiles for h in rows)
        return {"photos": len(rows), "tiles": t, "found": sum(h.found for h in rows),
                "right": sum(h.right for h in rows), "right_as_calibrated": sum(h.right_base for h in rows),
                "per_tile": sum(h.right for h in rows) / t if t else None,
                "per_tile_as_calibrated": sum(h.right_base for h in rows) / t if t else None}
    folders = sorted({h.name.split("/")[0] for h in photos})
    return {
        "corrections": sum(h.corrected for h in photos),
        # False: fewer corrections were made in all, and the later photos are the second half
        f"{budget}_corrections_reached": any(h.corrections_before >= budget for h in photos),
        "taught": sum(h.taught for h in photos),
        "learn_s_median": float(np.median([h.learn_s for h in photos if h.taught])) if any(h.taught for h in photos)
        else None,
        "all": figures(photos),
        f"after_{budget}_corrections": figures(later),
        "after_by_folder": {f: figures([h for h in later if h.name.startswith(f + "/")]) for f in folders},
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="*", type=Path,
                    help="YOLO-format folders of one set's labelled photos (none: only --plot the --beside results)")
    ap.add_argument("--profile", help="a saved profile's name, or a profile file (.npz)")
    ap.add_argument("--data-dir", type=Path, help="where saved profiles are (default: the app's)")
    ap.add_argument("--no-teach", action="store_true", help="read only: the profile learns nothing")
    ap.add_argument("--relearn-every", type=int, metavar="N",
                    help="fine-tune the whole network again on everything kept after every N photos")
    ap.add_argument("--keep-per-code", type=int, metavar="N",
                    help="confirmed tiles a profile keeps per code (default: the product's)")
    ap.add_argument("--teach-sideways", action="store_true", help="sideways tiles teach too")
    ap.add_argument("--limit", type=int, help="the first N photos of the evening only")
    ap.add_argument("--budget", type=int, default=20, help="corrections after which later photos are counted")
    ap.add_argument("--out", type=Path, help="result JSON (every photo and the summary)")
    ap.add_argument("--plot", type=Path, help="draw the following photos' accuracy against corrections")
    ap.add_argument("--beside", type=Path, nargs="*", default=[], metavar="RESULT",
                    help="earlier results (--out files) drawn in the same plot, one line each")
    ap.add_argument("--as-calibrated", action="store_true",
                    help="--plot also each evening's photos as read with the profile as calibrated")
    args = ap.parse_args(argv)
    if args.folders and not (args.profile and args.out):
        ap.error("an evening needs --profile and --out")
    if not args.folders and not (args.plot and args.beside):
        ap.error("give the folders of an evening, or --plot with --beside results")
    if args.beside and not args.plot:
        ap.error("--beside results are drawn with --plot")
    if args.plot and args.plot.with_suffix(".json") in {args.out, *args.beside}:
        ap.error(f"--plot {args.plot} writes its data to {args.plot.with_suffix('.json')}: give the plot another name")
    for folder in args.folders:
        if not (folder / "images").is_dir():
            ap.error(f"{folder} has no images/ folder (a YOLO-format folder of labelled photos)")
    curves = {}
    for path in args.beside:
        try:
            earlier = json.loads(path.read_text())
            # one line per result file: several evenings of one profile (its variants) are compared
            curves[path.stem] = [PlayedPhoto(**h) for h in earlier["photos"]]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            ap.error(f"{path} is no result of this command ({exc})")
    if args.folders:
        result, played = evening(args)
        curves[args.out.stem] = played
        print(json.dumps({k: v for k, v in result.items() if k != "photos"}, indent=1))
    if args.plot:
        if args.as_calibrated:      # the same photos, in the same order, read as calibrated
            curves.update({f"{name} as calibrated": [dataclasses.replace(h, right=h.right_base) for h in rows]
                           for name, rows in list(curves.items())})
        plot_played(curves, args.plot)
    return 0


def evening(args) -> tuple[dict, list[PlayedPhoto]]:
    """Play the evening ``main``'s arguments describe; the result is written to ``args.out``."""
    from vision.profile import ProfileStore
    from vision.reader import default_reader
    store = ProfileStore(args.data_dir)
    reader = default_reader()
    profile, calibrated = store.load_name_or_file(args.profile, reader.classifier), store.load_name_or_file(args.profile)
    photos = evening_order(args.folders)[:args.limit]
    played = play(reader, profile, calibrated, photos, teach=not args.no_teach,
                  relearn_every=args.relearn_every, keep_per_code=args.keep_per_code,
                  teach_sideways=args.teach_sideways)
    result = {"profile": args.profile, "folders": [str(f) for f in args.folders],
              **summary(played, args.budget), "photos": [dataclasses.asdict(h) for h in played]}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1))
    return result, played

if __name__ == "__main__":
    raise SystemExit(main())
