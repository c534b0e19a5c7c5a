"""Evaluation of the tile reader on a YOLO-format folder (``mjtable eval PATH``).

A tile counts as read when a face-up read overlaps its labelled box with IoU >= 0.5 (one read
per label, greedy by IoU) and carries the labelled code; where the folder's labels mark no red
five, a red five read on a labelled five counts as that five (the labels cannot tell them apart:
the shared photos' classes have no red five), and the report counts such reads. Precision = right reads / reads,
recall = right reads / labels. Hand rows (``hand_*`` images) are exact when every labelled tile
is read right and nothing else is read. The classifier is also scored alone on the labelled
boxes ("oracle boxes") to tell detector misses from misreadings."""
from __future__ import annotations

import json
import statistics
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from scorer.tiles import ALL_CODES, RED_FIVES, is_red, normalize

from . import errata
from vision.crops import cut_tiles
from .datasets import read_yolo_labels
from vision.detections import box_iou
from vision.oddity import ODD_CLASS
from vision.reader import classify_with_profile, read_crops


def winning_tiles(codes: list[str]) -> Counter | None:
    """The labelled tiles of a hand photo (flowers aside, red fives as fives) when they make a
    winning hand of 14 without a kong (MCR's forms), else None: a photo of a hand not finished."""
    from scorer import tiles as T
    from scorer.consistency import forms_for
    tiles = Counter(normalize(c) for c in codes if not T.is_bonus(c))
    counts = [0] * 34
    for code, n in tiles.items():
        counts[T.index(code)] += n
    if sum(counts) != 14 or not any(form(counts, 0) for form in forms_for("mcr").values()):
        return None
    return tiles


def rebuilt_tiles(reads) -> Counter | None:
    """The tiles of the winning hand grouping and decoding rebuild from a photo's ``reads`` (as
    ``mjtable read --rules mcr`` does), or None where none is rebuilt."""
    from scorer import tiles as T
    from mjtable.pipeline import read_hand
    _, decoding, _, _ = read_hand(reads, rules="mcr")
    hand = (decoding or {}).get("hand")
    if hand is None:
        return None
    return Counter(normalize(c) for c in [*hand["concealed"], *(c for m in hand["melds"] for c in m["tiles"])]
                   if not T.is_bonus(c))


def _names_file(folder: Path) -> Path | None:
    """The ``data.yaml`` naming the classes of ``folder``'s labels: beside it or above it."""
    return next((c for c in (folder / "data.yaml", folder.parent / "data.yaml") if c.exists()), None)


def _names_for(folder: Path) -> list[str]:
    import yaml
    names = _names_file(folder)
    if names is None:
        raise FileNotFoundError(f"no data.yaml in {folder} or its parent (class names)")
    return list(yaml.safe_load(names.read_text())["names"])


def folder_problem(folder: Path) -> str | None:
    """Why ``folder`` is not a labelled photo folder ``evaluate`` can read (YOLO format: its
    images under ``images/``, its class names in a ``data.yaml`` beside or above it), or None."""
    folder = Path(folder)
    if not folder.is_dir():
        return f"{folder} is not a folder"
    if not image_paths(folder):
        return f"{folder} holds no images/*.jpg or images/*.png"
    if _names_file(folder) is None:
        return f"no data.yaml in {folder} or its parent (the class names of its labels)"
    return None


def match(gt_boxes, pred_boxes, thr=0.5, iou=None):
    """Greedy one-to-one matching by IoU: list of (gt index, pred index). ``iou``: the boxes'
    IoU matrix when the caller has it."""
    if len(gt_boxes) == 0 or len(pred_boxes) == 0:
        return []
    iou = box_iou(gt_boxes, pred_boxes) if iou is None else iou
    pairs = []
    used_g, used_p = set(), set()
    for flat in np.argsort(-iou, axis=None):
        g, p = divmod(int(flat), iou.shape[1])
        if iou[g, p] < thr:
            break
        if g in used_g or p in used_p:
            continue
        used_g.add(g)
        used_p.add(p)
        pairs.append((g, p))
    return pairs


def image_paths(folder: Path) -> list[Path]:
    """The images of a YOLO-format folder, in a fixed order."""
    return sorted((folder / "images").glob("*.jpg")) + sorted((folder / "images").glob("*.png"))


def errata_count(folder: Path, paths, errata_on: bool = True) -> int:
    """How many labels of these images of a YOLO-format folder the errata (``vision_lab.errata``)
    change (0 with ``errata_on`` false: the labels as published)."""
    if not errata_on:
        return 0
    names = _names_for(Path(folder))
    count = 0
    for p in paths:
        if errata.errata_for(Path(p).stem):
            raw = read_yolo_labels(Path(folder) / "labels" / (Path(p).stem + ".txt"), names, 1, 1, errata=False)
            count += errata.applied(Path(p).stem, [code for code, _ in raw])
    return count


def labelled_images(folder: Path, paths=None, errata_on: bool = True):
    """Yield (path, BGR image, [(code, box), ...]) for the images of a YOLO-format folder (or
    ``paths`` of it), labels in the image's pixels (with the label errata unless ``errata_on`` is
    false); an image that cannot be read is skipped."""
    folder = Path(folder)
    names = _names_for(folder)
    for path in image_paths(folder) if paths is None else paths:
        img = cv2.imread(str(path))
        if img is None:          # unreadable: nothing to measure on it
            continue
        h, w = img.shape[:2]
        yield path, img, read_yolo_labels(folder / "labels" / (path.stem + ".txt"), names, w, h, errata=errata_on)


def red_fives_labelled(folder: Path) -> bool:
    """Whether ``folder``'s label classes (its ``data.yaml``) name a red five: where they do not
    (the shared photos' classes), a red five cannot be labelled as one. Decided by the classes,
    not by the labels used: a rendered set of faces with no red five labels its fives plainly in
    a class list that has them, and a red five read there is a misreading (a wrong dora)."""
    return any(name in RED_FIVES for name in _names_for(Path(folder)))


def counts_as(label: str, read: str, red_labelled: bool) -> bool:
    """Whether a read of code ``read`` names a tile labelled ``label``: the same code, or a red
    five on its five where the label classes name no red five (``red_labelled`` false)."""
    return read == label or (not red_labelled and is_red(read) and normalize(read) == label)


def read_code(read) -> str:
    """What a read says a tile is: its code, or ``ODD_CLASS`` for a face it reports as unknown
    (a labelled joker or other odd face is read right only so)."""
    return ODD_CLASS if getattr(read, "unknown", False) else read.code


def evaluate(folder: Path, reader, out: Path | None = None, limit: int | None = None, log=print,
             errata_on: bool = True, profile=None) -> dict:
    """The reader's per-tile figures on a labelled folder (IoU ≥ 0.5 and the right code), with
    the classifier alone on the labelled boxes beside them; ``profile``: a tile-set profile
    every photo is read with (docs/calibration.md), as the app reads with the active one."""
    folder = Path(folder)
    images = image_paths(folder)
    if limit:
        images = images[:limit]
    red_labelled = red_fives_labelled(folder)
    n_red_on_five = 0                  # red fives read on labelled fives, counted right (red_labelled false)
    n_gt = n_pred = n_right = n_unknown = 0
    oracle_right = oracle_n = 0
    per_class = defaultdict(Counter)   # code -> gt, right, pred
    confusion = Counter()              # (gt code, read code or "missed")
    hand_total = hand_exact = 0
    hands_winning = hands_rebuilt = hands_other = 0      # hand photos whose labels make a winning hand
    hands_wrong = []                   # those rebuilt with other tiles than the labels': a wrong score, silently
    timed = []                         # (ms, image name): the slowest are named in the report
    errors = []
    strays = []                        # reads that overlap no labelled tile: what precision loses
    # Rendered capture modes also list the faces seen too little or too edge-on for a label
    # (capture_modes.write_mode_scenes): a read on no label may lie on one of them.
    unlabelled_dir = folder / "unlabelled"
    names = _names_for(folder) if unlabelled_dir.is_dir() else None
    n_strays = on_unlabelled = on_unlabelled_right = 0
    missed = []                        # labelled tiles no read matches: what recall loses besides misreadings
    said_blurred = said_dark = said_noisy = 0       # photos the reading says are out of focus, too dark, grainy
    for k, (path, img, gt) in enumerate(labelled_images(folder, images, errata_on)):
        timings: dict = {}
        photo_reads = reader.read(str(path), timings=timings, profile=profile)
        said_blurred += int(getattr(photo_reads, "blurred", False))
        said_dark += int(getattr(photo_reads, "dark", False))
        said_noisy += int(getattr(photo_reads, "noisy", False))
        reads = [r for r in photo_reads if not r.face_down]
        timed.append((timings.get("total_ms", 0.0), path.name))
        gt_boxes = np.array([b for _, b in gt]).reshape(-1, 4)
        pred_boxes = np.array([r.box for r in reads]).reshape(-1, 4)
        # The best overlap also tells a tile the detector never found (0) from one it cut wrongly (under 0.5).
        overlaps = box_iou(gt_boxes, pred_boxes) if len(gt) and len(reads) else np.zeros((len(gt), 1))
        pairs = match(gt_boxes, pred_boxes, iou=overlaps)
        matched_g = {g for g, _ in pairs}
        as_five = set()                  # reads of a red five counted as the labelled five
        right = 0
        for g, p in pairs:
            code, got = gt[g][0], read_code(reads[p])
            confusion[(code, got)] += 1
            if counts_as(code, got, red_labelled):
                right += 1
                if code != got:          # a red five counted as its five: a read of that five
                    n_red_on_five += 1
                    as_five.add(p)
                per_class[code]["right"] += 1
            else:
                errors.append(f"{path.name}: {code} read as {got} (p={reads[p].confidence:.2f})")
        matched_p = {p for _, p in pairs}
        stray_reads = [r for p, r in enumerate(reads) if p not in matched_p]
        strays += [f"{path.name}: {read_code(r)} at {r.confidence:.2f}, box [{', '.join(f'{v:.0f}' for v in r.box)}]"
                   for r in stray_reads]
        n_strays += len(stray_reads)
        if names is not None and stray_reads:
            seen = read_yolo_labels(unlabelled_dir / (path.stem + ".txt"), names, img.shape[1], img.shape[0],
                                    errata=False)
            if seen:
                overlap = box_iou(np.array([r.box for r in stray_reads]), np.array([b for _, b in seen]))
                for r, row in zip(stray_reads, overlap):
                    if row.max() >= 0.5:
                        on_unlabelled += 1
                        on_unlabelled_right += int(seen[int(row.argmax())][0] == read_code(r))
        for g, (code, box) in enumerate(gt):
            per_class[code]["gt"] += 1
            if g not in matched_g:
                confusion[(code, "missed")] += 1
                missed.append(f"{path.name}: {code}, box [{', '.join(f'{v:.0f}' for v in box)}], "
                              f"best overlap {overlaps[g].max():.2f}")
        for p, r in enumerate(reads):
            per_class[normalize(r.code) if p in as_five else read_code(r)]["pred"] += 1
        n_gt += len(gt)
        n_pred += len(reads)
        n_unknown += sum(1 for r in reads if getattr(r, "unknown", False))
        n_right += right
        if path.name.startswith("hand_"):
            hand_total += 1
            hand_exact += int(right == len(gt) == len(reads))
            labelled = winning_tiles([code for code, _ in gt])
            if labelled is not None:
                hands_winning += 1
                rebuilt = rebuilt_tiles(photo_reads)
                hands_rebuilt += int(rebuilt == labelled)
                if rebuilt is not None and rebuilt != labelled:
                    hands_other += 1
                    hands_wrong.append(path.name)
        # Classifier alone on the labelled boxes.
        if gt:
            config = getattr(reader, "config", None)
            if config is not None:
                _, _, read = read_crops(reader.classifier, img, [b for _, b in gt], config, profile,
                                        corner_finder=getattr(reader, "corner_finder", None))
            else:
                crops = cut_tiles(img, [b for _, b in gt], foreshortening=getattr(reader, "foreshortening", None))
                read = classify_with_profile(reader.classifier, crops, profile)
            for (code, _), r in zip(gt, read):
                oracle_n += 1
                oracle_right += int(counts_as(code, r.code, red_labelled))
        if (k + 1) % 20 == 0:
            log(f"{k + 1}/{len(images)} images")
    latencies = [ms for ms, _ in timed]
    result = {
        "folder": str(folder), "images": len(images), "labelled_tiles": n_gt, "reads": n_pred,
        "unknown_reads": n_unknown, "profile": getattr(profile, "name", None),
        "right_reads": n_right, "red_fives_labelled": red_labelled, "red_fives_read_on_fives": n_red_on_five,
        "label_errata_applied": errata_count(folder, images, errata_on), "label_errata": errata_on,
        "precision": n_right / n_pred if n_pred else 0.0,
        "recall": n_right / n_gt if n_gt else 0.0,
        "classifier_on_labelled_boxes": oracle_right / oracle_n if oracle_n else 0.0,
        "hand_rows": hand_total, "hand_rows_exact": hand_exact,
        "hand_photos_winning": hands_winning, "hands_rebuilt": hands_rebuilt, "hands_rebuilt_other": hands_other,
        "hands_rebuilt_other_photos": hands_wrong,
        "photos_said_blurred": said_blurred, "photos_said_dark": said_dark, "photos_said_noisy": said_noisy,
        "hand_exact_rate": hand_exact / hand_total if hand_total else None,
        "latency_ms_median": statistics.median(latencies) if latencies else None,
        "latency_ms_p95": float(np.percentile(latencies, 95)) if latencies else None,
        "latency_ms_max": max(latencies) if latencies else None,
        "slowest_images": [[name, round(ms, 1)] for ms, name in sorted(timed, reverse=True)[:5]],
        "per_class": {c: {"labelled": per_class[c]["gt"], "right": per_class[c]["right"],
                          "reads": per_class[c]["pred"],
                          "recall": per_class[c]["right"] / per_class[c]["gt"] if per_class[c]["gt"] else None,
                          "precision": per_class[c]["right"] / per_class[c]["pred"] if per_class[c]["pred"] else None}
                      for c in (*ALL_CODES, ODD_CLASS) if per_class[c]["gt"] or per_class[c]["pred"]},
        "errors": errors[:200],
        "reads_on_no_tile": strays[:200],
        "reads_on_no_label": n_strays,
        # of the reads on no label, those on a face no label marks (None: the folder lists none)
        "reads_on_unlabelled_faces": None if names is None else on_unlabelled,
        "reads_on_unlabelled_faces_right": None if names is None else on_unlabelled_right,
        "missed": missed[:200],
    }
    if out:
        write_report(result, confusion, Path(out))
    return result


def confusion_image(confusion: Counter, path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    codes = [c for c in (*ALL_CODES, ODD_CLASS) if any(k[0] == c or k[1] == c for k in confusion)]
    cols = codes + ["missed"]
    m = np.zeros((len(codes), len(cols)))
    for (g, p), n in confusion.items():
        if g in codes and (p in cols):
            m[codes.index(g), cols.index(p)] += n
    norm = m / np.maximum(m.sum(1, keepdims=True), 1)
    fig, ax = plt.subplots(figsize=(12, 11))
    ax.imshow(norm, cmap="Blues", vmin=0, vmax=1)
    ax.set_xticks(range(len(cols)), cols, rotation=90, fontsize=7)
    ax.set_yticks(range(len(codes)), codes, fontsize=7)
    ax.set_xlabel("read as")
    ax.set_ylabel("labelled")
    for i in range(len(codes)):
        for j in range(len(cols)):
            if m[i, j] and i != j:
                ax.text(j, i, int(m[i, j]), ha="center", va="center", fontsize=6, color="red")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def write_report(result: dict, confusion: Counter, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    confusion_image(confusion, out / "confusion.png")
    (out / "metrics.json").write_text(json.dumps(result, indent=1))
    lines = [f"# Tile reader evaluation: {result['folder']}", "",
             f"- images: {result['images']}, labelled tiles: {result['labelled_tiles']}, reads: {result['reads']}"
             f" ({result.get('unknown_reads', 0)} of them of a face no code names)",
             f"- label errata applied (datasets/label_errata.csv, checked by eye): {result['label_errata_applied']}"
             + ("" if result.get("label_errata", True) else " (off: labels as published, --raw-labels)"),
             f"- per tile (IoU >= 0.5 and right code): precision {result['precision']:.4f}, "
             f"recall {result['recall']:.4f}",
             f"- classifier alone on labelled boxes: {result['classifier_on_labelled_boxes']:.4f}",
             *([] if result.get("red_fives_labelled", True) else
               [f"- red fives read on labelled fives, counted right (these label classes name no red five): "
                f"{result.get('red_fives_read_on_fives', 0)}"]),
             f"- reads on no label: {result['reads_on_no_label']}"
             + ("" if result.get("reads_on_unlabelled_faces") is None else
                f", of which {result['reads_on_unlabelled_faces']} on a tile face too hidden or too edge-on for a "
                f"label ({result['reads_on_unlabelled_faces_right']} naming its code)"),
             f"- hand rows read exactly: {result['hand_rows_exact']}/{result['hand_rows']}",
             f"- hand photos whose labels make a winning hand (no kong): {result.get('hand_photos_winning', 0)}; "
             f"rebuilt, grouped and decoded (MCR), with the labels' tiles {result.get('hands_rebuilt', 0)}, with "
             f"other tiles {result.get('hands_rebuilt_other', 0)}"
             + "".join(f" ({', '.join(result['hands_rebuilt_other_photos'])})"
                       for _ in [0] if result.get("hands_rebuilt_other_photos")),
             f"- photos said out of focus: {result['photos_said_blurred']}, too dark: {result['photos_said_dark']}, "
             f"grainy: {result['photos_said_noisy']}",
             f"- latency per image: median {result['latency_ms_median']:.0f} ms, p95 "
             f"{result['latency_ms_p95']:.0f} ms, slowest {result['latency_ms_max']:.0f} ms"
             if result['latency_ms_median'] else "",
             "", "Unlabelled face-up tiles in crowded backgrounds count as wrong reads, so precision is a lower bound.",
             "", "![confusion matrix](confusion.png)", "",
             "| code | labelled | right | reads | recall | precision |", "|---|---|---|---|---|---|"]
    for code, c in result["per_class"].items():
        rec = f"{c['recall']:.3f}" if c["recall"] is not None else "-"
        pre = f"{c['precision']:.3f}" if c["precision"] is not None else "-"
        lines.append(f"| {code} | {c['labelled']} | {c['right']} | {c['reads']} | {rec} | {pre} |")
    if result["errors"]:
        lines += ["", "## Misreadings (first 200)", ""] + [f"- {e}" for e in result["errors"]]
    if result.get("reads_on_no_tile"):
        lines += ["", "## Reads on no labelled tile (first 200)", ""] + [f"- {e}" for e in result["reads_on_no_tile"]]
    if result.get("missed"):
        lines += ["", "## Labelled tiles no read matches (first 200; best overlap: IoU with the nearest read)", ""] + [
            f"- {e}" for e in result["missed"]]
    (out / "report.md").write_text("\n".join(lines) + "\n")


def evaluate_classifier(folder: Path, classifier, out: Path | None = None, exclude_prefix: str | None = None,
                        only_prefix: str | None = None, foreshortening: bool | None = None, config=None,
                        errata_on: bool = True, corner_finder=None) -> dict:
    """The classifier alone on the labelled boxes of a YOLO-format folder (no detector), cut as
    the reader cuts them (``foreshortening``: default ``vision.crops.FORESHORTENING``; ``config``:
    a ``vision.reader.ReaderConfig``, whose foreshortening ``foreshortening`` overrides;
    ``corner_finder``: each face also cut by its corners, as the reader's ``config`` says)."""
    from vision.reader import ReaderConfig
    config = config or ReaderConfig()
    if foreshortening is None:
        foreshortening = config.foreshortening
    folder = Path(folder)
    confusion = Counter()
    per_class = defaultdict(Counter)
    errors = []
    paths = [p for p in image_paths(folder) if not (exclude_prefix and p.name.startswith(exclude_prefix))
             and not (only_prefix and not p.name.startswith(only_prefix))]
    if not paths:
        # a prefix no photo's name starts with reported 0 crops at 0.0 accuracy, exit 0
        raise ValueError(f"no image in {folder} to read" + (f" whose name starts with {only_prefix!r}" if only_prefix else ""))
    red_labelled = red_fives_labelled(folder)
    for path, img, gt in labelled_images(folder, paths, errata_on):
        if not gt:
            continue
        _, _, read = read_crops(classifier, img, [b for _, b in gt], replace(config, foreshortening=foreshortening),
                                corner_finder=corner_finder)
        for (code, _), r in zip(gt, read):
            confusion[(code, r.code)] += 1
            per_class[code]["gt"] += 1
            per_class[r.code]["pred"] += 1
            if counts_as(code, r.code, red_labelled):
                per_class[code]["right"] += 1
            else:
                errors.append(f"{path.name}: {code} read as {r.code} (p={r.confidence:.2f})")
    n = sum(confusion.values())
    right = sum(v for (g, p), v in confusion.items() if counts_as(g, p, red_labelled))
    result = {"folder": str(folder), "crops": n, "accuracy": right / n if n else 0.0,
              "label_errata_applied": errata_count(folder, paths, errata_on), "label_errata": errata_on,
              "per_class": {c: {"labelled": per_class[c]["gt"], "right": per_class[c]["right"],
                                "recall": per_class[c]["right"] / per_class[c]["gt"] if per_class[c]["gt"] else None}
                            for c in ALL_CODES if per_class[c]["gt"]},
              "errors": errors[:200]}
    if out:
        out = Path(out)
        out.mkdir(parents=True, exist_ok=True)
        confusion_image(confusion, out / "confusion.png")
        (out / "metrics.json").write_text(json.dumps(result, indent=1))
        lines = [f"# Classifier on labelled boxes: {folder}", "", f"- crops: {n}, accuracy {result['accuracy']:.4f}",
                 "", "![confusion matrix](confusion.png)", "", "| code | labelled | right | recall |", "|---|---|---|---|"]
        lines += [f"| {c} | {v['labelled']} | {v['right']} | {v['recall']:.3f} |" for c, v in result["per_class"].items()]
        lines += ["", "## Misreadings (first 200)", ""] + [f"- {e}" for e in result["errors"]]
        (out / "report.md").write_text("\n".join(lines) + "\n")
    return result
