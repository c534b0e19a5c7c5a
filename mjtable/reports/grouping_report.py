"""``mjtable report grouping``: how well grouping and consistency decoding rebuild hands.

Scenes are generated: a random winning hand (``vision_lab.hand_layouts.random_hand``) laid out as players
do (``layout_hand``: riichi or Chinese style, melds right or in front, curved rows, flowers,
dora row), seen by a random camera (``Camera.random``: distance, tilt up to 40°, photo rotated
0/90/180/270° ± 12°) as mock detections (``project``: box jitter; with tile corners, or boxes
only as a plain detector gives), then tile-read noise from a confusion model (``confuse``).
Riichi-style scenes are read under riichi rules, Chinese-style ones under MCR (layout hints and
winning forms; nothing is scored).

Figures:
* grouping exact: with the true codes, the hand rebuilt exactly (standing tiles, winning tile,
  every meld with its type, concealment, claimed tile, discarder and added flag, flowers, dora);
* hand exact with read noise, without and with consistency decoding (same scenes).

With ``--read rendered`` or ``--read real-faces`` (:func:`run_read_scenes`) the tiles come from
the real models instead: each scene is drawn as an image (``vision_lab.synth.render_scene``, with the
tile artwork or with faces cut from real photos, ``vision_lab.synth.real_faces``), read by
``vision.read_tiles``, then grouped and decoded as ``mjtable read`` does, and the hand is compared
with the layout's exact truth.
"""
from __future__ import annotations

import json
import random
import time
from pathlib import Path

from ..arg_types import whole_number


READ_SOURCES = ("rendered", "real-faces")


def add_arguments(p) -> None:
    p.add_argument("--scenes", type=whole_number("number of scenes", 1), default=300, help="number of generated scenes (default 300)")
    p.add_argument("--out", default=None, help="folder for grouping_report.json and grouping_report.md (grouping_report_READ.* with --read READ)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--error-rate", type=float, default=0.05,
                   help="probability that the reader's best code for a tile is wrong (default 0.05)")
    p.add_argument("--in-top3", type=float, default=0.85,
                   help="probability that the true code stays in the top 3 of a misread (default 0.85)")
    p.add_argument("--box-noise", type=float, default=0.03, help="box edge jitter, in tile widths")
    p.add_argument("--sideways-from-box", action="store_true",
                   help="emulate a reader that calls a tile sideways when its box is wider than tall "
                        "(vision.crops.is_sideways_box) instead of giving the true flag")
    p.add_argument("--geometry", choices=("flat", "renderer"), default="flat",
                   help="flat: layout.project (face outlines); renderer: the scene renderer's labels "
                        "(vision_lab.synth: boxes of whole 3-D tiles, bodies included, its own cameras)")
    p.add_argument("--max-tilt", type=float, default=40.0,
                   help="largest camera tilt from looking straight down, in degrees (default 40)")
    p.add_argument("--read", choices=READ_SOURCES, default=None,
                   help="read the tiles with the real models from an image of each scene instead of mock "
                        "detections: 'rendered' draws the scene from the tile artwork, 'real-faces' pastes "
                        "tile faces cut from the labelled real photos (../shared, read in place)")
    p.add_argument("--faces-split", default="train", choices=("train", "valid", "test"),
                   help="with --read real-faces: the photo split the faces are cut from (default train)")
    p.add_argument("--image-size", default="1280x960", help="with --read: image width x height (default 1280x960)")
    p.add_argument("--discards", type=int, default=0,
                   help="with --read: this many loose tiles lie face up beyond each hand, as discards in the middle "
                        "of a table in play (default 0)")


def canonical(hand: dict, style: str):
    """What a photo shows of a hand: in Chinese style claimed tiles are not turned, so the
    claimed tile and the discarder are not compared."""
    from scorer import Hand
    h = Hand.from_dict(hand)
    melds = []
    for m in h.melds:
        d = m.to_dict()
        if style == "chinese" and not m.concealed:
            d["claimed"] = None
            d["from"] = None
            d.pop("added", None)
        melds.append(json.dumps(d, sort_keys=True))
    return (tuple(h.concealed), h.winning_tile, tuple(sorted(melds)), tuple(h.bonus),
            tuple(h.context.get("dora_indicators")))


def _same(hand, truth, style) -> bool:
    if hand is None:
        return False
    try:
        return canonical(hand, style) == canonical(truth, style)
    except Exception:
        return False


def run_scenes(n: int, seed: int = 0, *, error_rate: float = 0.05, in_top3: float = 0.85,
               box_noise: float = 0.03, max_tilt: float = 40.0, sideways_from_box: bool = False,
               geometry: str = "flat") -> dict:
    from mjtable.pipeline import read_hand
    from vision import group
    from vision_lab import hand_layouts as L

    rows = []
    for s in range(n):
        rng = random.Random(seed * 1_000_003 + s)
        style = rng.choice(L.STYLES)
        hand = L.random_hand(rng, style=style)
        truth = hand.to_dict()
        placed = L.layout_hand(hand, rng, style=style)
        camera = L.Camera.random(rng, max_tilt=max_tilt)
        with_corners = s % 2 == 0
        if geometry == "renderer":
            reads = _rendered_reads(placed, seed * 1_000_003 + s, rng, box_noise, max_tilt, with_corners)
        else:
            reads = L.project(placed, camera, rng, box_noise=box_noise, corners=with_corners, shuffle=False)
        order = list(range(len(reads)))
        rng.shuffle(order)   # detectors answer in no particular order; keep each read's PlacedTile
        reads, placed = [reads[i] for i in order], [placed[i] for i in order]
        if not with_corners:
            for t in reads:
                t.angle = 0.0
        if sideways_from_box:
            for t in reads:
                t.sideways = (t.box[2] - t.box[0]) > (t.box[3] - t.box[1])
        rules = "riichi" if style == "riichi" else "mcr"
        t0 = time.perf_counter()
        reading = group(reads, rules=rules)
        group_ms = (time.perf_counter() - t0) * 1000
        noisy = L.confuse(reads, rng, error_rate=error_rate, in_top3=in_top3)
        misread = sum(1 for a, b in zip(reads, noisy) if a.code != b.code)
        recoverable = all(_recoverable(a, b, p) for a, b, p in zip(reads, noisy, placed))
        _, _, plain_hand, _ = read_hand(noisy, rules=rules, decode=False)
        _, dec, decoded_hand, timings = read_hand(noisy, rules=rules, decode=True)
        decode_ms = round(timings["decode"], 2)
        dec = dec or {}
        rows.append({
            "scene": s, "style": style, "corners": with_corners, "roll": round(camera.roll, 1),
            "tilt": round(camera.tilt, 1), "melds": len(hand.melds), "misread": misread,
            "recoverable": recoverable,
            "grouping_exact": _same(reading.hand, truth, style),
            "hand_exact_plain": _same(plain_hand, truth, style),
            "hand_exact_decoded": _same(decoded_hand, truth, style),
            "decode_status": dec.get("status"), "decode_changes": len(dec.get("changes", [])),
            "decode_confidence": dec.get("confidence"),
            "group_ms": round(group_ms, 2), "decode_ms": decode_ms,
            "truth": truth, "read": reading.hand if not _same(reading.hand, truth, style) else None,
        })
    return summarise(rows)


def _rendered_reads(placed, seed, rng, box_noise, max_tilt, with_corners):
    """Detections as the scene renderer labels them: each tile's box covers its whole 3-D body
    (face and visible sides), seen by the renderer's own random camera (tilt, yaw, roll)."""
    try:
        import numpy as np
        from vision_lab.synth.render import render_scene
    except ImportError as e:
        raise SystemExit(f"--geometry renderer needs the scene renderer (vision_lab.synth): {e}") from None
    from vision.types import TileRead
    _, labels = render_scene(placed, np.random.default_rng(seed), size=(1280, 960), clutter=0, effects=False,
                             camera_kw={"tilt_deg": (0, max_tilt), "yaw_deg": (-20, 20)})
    reads = []
    for lab in labels:
        w = lab.box[2] - lab.box[0]
        box = tuple(v + rng.gauss(0, box_noise * w) for v in lab.box)
        reads.append(TileRead(code=None if lab.face_down else lab.code, box=box, confidence=1.0,
                              face_down=lab.face_down, sideways=lab.sideways,
                              top3=[] if lab.face_down else [(lab.code, 1.0)],
                              corners=list(lab.corners) if with_corners else None))
    return reads


def _recoverable(true_read, noisy_read, placed) -> bool:
    """Could a legality constraint fix this tile? Not if the true code left the top 3, nor for
    a flower, a dora indicator or a red/plain five (no constraint tells those apart)."""
    if true_read.code == noisy_read.code or true_read.code is None:
        return True
    if true_read.code not in [c for c, _ in noisy_read.top3]:
        return False
    from scorer import tiles as T
    if (T.is_bonus(true_read.code) or placed.group == "dora"
            or T.normalize(true_read.code) == T.normalize(noisy_read.code)):
        return False
    return True


def _rate(rows, key):
    return round(sum(1 for r in rows if r[key]) / len(rows), 4) if rows else None


def summarise(rows) -> dict:
    out = {"scenes": len(rows)}
    for key in ("grouping_exact", "hand_exact_plain", "hand_exact_decoded"):
        out[key] = _rate(rows, key)
    subsets = {
        "corners": [r for r in rows if r["corners"]],
        "boxes_only": [r for r in rows if not r["corners"]],
        "riichi_style": [r for r in rows if r["style"] == "riichi"],
        "chinese_style": [r for r in rows if r["style"] == "chinese"],
        "rotated_90_270": [r for r in rows if 45 < (r["roll"] % 180) < 135],
        "tilt_over_25": [r for r in rows if r["tilt"] > 25],
        "with_misreads": [r for r in rows if r["misread"]],
        "misreads_all_fixable": [r for r in rows if r["misread"] and r["recoverable"]],
    }
    out["by_subset"] = {name: {"scenes": len(sub), "grouping_exact": _rate(sub, "grouping_exact"),
                               "hand_exact_plain": _rate(sub, "hand_exact_plain"),
                               "hand_exact_decoded": _rate(sub, "hand_exact_decoded")}
                        for name, sub in subsets.items() if sub}
    mis = subsets["with_misreads"]
    out["decoding"] = {
        "scenes_with_misreads": len(mis),
        "fixed": sum(1 for r in mis if r["hand_exact_decoded"] and not r["hand_exact_plain"]),
        "broken": sum(1 for r in rows if r["hand_exact_plain"] and not r["hand_exact_decoded"]),
        "status": {s: sum(1 for r in rows if r["decode_status"] == s)
                   for s in sorted({str(r["decode_status"]) for r in rows})},
        # A wrong hand the user is warned about (runner-up reading close, or no legal reading)
        # is less harmful than a silent one.
        "wrong_flagged": sum(1 for r in rows if not r["hand_exact_decoded"] and
                             (r["decode_status"] != "unchanged" and r["decode_status"] != "changed"
                              or (r["decode_confidence"] or 0) < 0.8)),
        "wrong_silent": sum(1 for r in rows if not r["hand_exact_decoded"] and
                            r["decode_status"] in ("unchanged", "changed") and (r["decode_confidence"] or 0) >= 0.8),
        "right_flagged": sum(1 for r in rows if r["hand_exact_decoded"] and (r["decode_confidence"] or 0) < 0.8),
        "decode_ms_mean": round(sum(r["decode_ms"] for r in rows) / len(rows), 2) if rows else None,
        "decode_ms_max": max((r["decode_ms"] for r in rows), default=None),
    }
    out["group_ms_mean"] = round(sum(r["group_ms"] for r in rows) / len(rows), 2) if rows else None
    out["grouping_failures"] = [{k: r[k] for k in ("scene", "style", "corners", "roll", "tilt", "truth", "read")}
                                for r in rows if not r["grouping_exact"]][:20]
    return out


def to_markdown(summary: dict, command: str) -> str:
    lines = [f"# Grouping report ({summary['scenes']} generated scenes)", "", f"Command: `{command}`", "",
             "| subset | scenes | grouping exact (true codes) | hand exact, no decoding | hand exact, decoding |",
             "|---|---|---|---|---|",
             f"| all | {summary['scenes']} | {summary['grouping_exact']:.1%} | {summary['hand_exact_plain']:.1%} | "
             f"{summary['hand_exact_decoded']:.1%} |"]
    for name, sub in summary["by_subset"].items():
        lines.append(f"| {name} | {sub['scenes']} | {sub['grouping_exact']:.1%} | {sub['hand_exact_plain']:.1%} | "
                     f"{sub['hand_exact_decoded']:.1%} |")
    d = summary["decoding"]
    lines += ["", f"Decoding: {d['fixed']} hands fixed, {d['broken']} broken, status {d['status']}; "
              f"wrong hands flagged (runner-up within confidence 0.8, or no legal reading) "
              f"{d['wrong_flagged']}, silent {d['wrong_silent']}; right hands flagged {d['right_flagged']}; "
              f"mean {d['decode_ms_mean']} ms, max {d['decode_ms_max']} ms per hand.",
              f"Grouping: mean {summary['group_ms_mean']} ms per scene."]
    return "\n".join(lines) + "\n"


# -- scenes read by the real models from images -----------------------------------------------

#: Tile artwork per layout style (vision_lab/synth/artwork.py): riichi sets for riichi-style tables,
#: the Hong Kong set or the riichi Regular set (it has flowers) for Chinese-style ones.
ART_FOR_STYLE = {"riichi": ("riichi", "riichi_black"), "chinese": ("hongkong", "riichi")}
MATCH_IOU = 0.5


def _plain_fives(hand):
    """The same hand with plain fives for red ones (the real photos have no red fives)."""
    from scorer import Hand
    from scorer import tiles as T
    d = hand.to_dict()
    d["concealed"] = [T.normalize(c) for c in d["concealed"]]
    d["winning_tile"] = T.normalize(d["winning_tile"])
    return Hand.from_dict(d)


def match_reads(labels, reads, min_iou: float = MATCH_IOU) -> list[int | None]:
    """For each label, the read whose box overlaps it most (IoU >= ``min_iou``), one-to-one,
    best overlaps first; None where no read does."""
    import numpy as np
    from vision.detections import box_iou
    out: list[int | None] = [None] * len(labels)
    if not labels or not reads:
        return out
    iou = box_iou([lab.box for lab in labels], [r.box for r in reads])
    pairs = sorted(((float(iou[i, j]), i, j) for i, j in zip(*np.nonzero(iou >= min_iou))), reverse=True)
    used = set()
    for _, i, j in pairs:
        if out[i] is None and j not in used:
            out[i] = j
            used.add(j)
    return out


def _true_reads(labels, reads, matched):
    """The reader's own boxes carrying the true codes and face-down flags (to judge grouping on
    real detections when the tiles are known)."""
    from vision.types import TileRead
    out = []
    for lab, j in zip(labels, matched):
        r = reads[j]
        code = None if lab.face_down else lab.code
        out.append(TileRead(code=code, box=r.box, confidence=1.0, face_down=lab.face_down, sideways=r.sideways,
                            top3=[] if code is None else [(code, 1.0)], corners=r.corners, angle=r.angle))
    return out


def draw_scene(key: int, *, pool=None, size=(1280, 960), max_tilt: float = 40.0, discards: int = 0):
    """Scene ``key``: (layout style, Hand, BGR image, renderer labels). A random winning hand laid
    out as players do, drawn with the artwork, or with real faces from ``pool``
    (``vision_lab.synth.real_faces``); with ``discards``, that many loose tiles lie face up beyond
    it (``hand_layouts.loose_discards``: the middle of a table in play)."""
    import numpy as np
    from vision_lab import hand_layouts as L
    from vision_lab.synth.render import random_style, render_scene
    rng = random.Random(key)
    style = rng.choice(L.STYLES)
    hand = L.random_hand(rng, style=style)
    if pool is not None:
        hand = _plain_fives(hand)
    placed = L.layout_hand(hand, rng, style=style)
    if discards:
        placed += L.loose_discards(random.Random(key * 7 + 1), placed, discards)
    nrng = np.random.default_rng(key)
    if pool is not None:
        from vision_lab.synth.real_faces import real_face_style
        tile_style = real_face_style(pool, nrng)
    else:
        tile_style = random_style(nrng, ART_FOR_STYLE[style])
    image, labels = render_scene(placed, nrng, size=size, style=tile_style, clutter=0,
                                 camera_kw={"tilt_deg": (0, max_tilt), "yaw_deg": (-20, 20)})
    return style, hand, image, labels


def run_read_scenes(n: int, seed: int = 0, *, source: str = "rendered", faces_split: str = "train",
                    size: tuple[int, int] = (1280, 960), max_tilt: float = 40.0, progress=None,
                    discards: int = 0) -> dict:
    """``n`` generated scenes drawn as images and read by the committed models (see the module
    docstring); figures in :func:`summarise_reads`."""
    if source not in READ_SOURCES:
        raise ValueError(f"source must be one of {READ_SOURCES}, not {source!r}")
    import scorer
    import vision
    from mjtable.pipeline import read_hand
    pool = None
    if source == "real-faces":
        from vision_lab.synth.real_faces import load_real_faces
        pool = load_real_faces(faces_split)
    rows = []
    for s in range(n):
        style, hand, image, labels = draw_scene(seed * 1_000_003 + s, pool=pool, size=size, max_tilt=max_tilt,
                                                discards=discards)
        truth = hand.to_dict()
        t0 = time.perf_counter()
        reads = vision.read_tiles(image)
        read_ms = (time.perf_counter() - t0) * 1000
        rules = "riichi" if style == "riichi" else "mcr"
        matched = match_reads(labels, reads)
        up = [(lab, j) for lab, j in zip(labels, matched) if not lab.face_down]
        down = [(lab, j) for lab, j in zip(labels, matched) if lab.face_down]
        code_right = sum(1 for lab, j in up if j is not None and not reads[j].face_down and reads[j].code == lab.code)
        down_found = sum(1 for _, j in down if j is not None and reads[j].face_down)
        extra = len(reads) - sum(1 for j in matched if j is not None)
        all_right = code_right == len(up) and down_found == len(down) and extra == 0
        # The classifier alone on the renderer's exact boxes: separates box quality from faces.
        from vision.crops import crop_tile
        face_up = [lab for lab in labels if not lab.face_down]
        on_true_boxes = vision.classify_crops([crop_tile(image, lab.box) for lab in face_up]) if face_up else []
        code_right_true_boxes = sum(1 for lab, r in zip(face_up, on_true_boxes) if r.code == lab.code)
        _, _, plain_hand, _ = read_hand(reads, rules=rules, decode=False)
        _, dec, decoded_hand, _ = read_hand(reads, rules=rules, decode=True)
        grouping_true_codes = None
        if all(j is not None for j in matched) and extra == 0:
            from vision import group
            grouping_true_codes = _same(group(_true_reads(labels, reads, matched), rules=rules).hand, truth, style)
        exact_plain, exact_decoded = _same(plain_hand, truth, style), _same(decoded_hand, truth, style)
        rows.append({
            "scene": s, "style": style, "tiles": len(labels), "face_up": len(up), "face_down": len(down),
            "concealed_kong": any(m.concealed for m in hand.melds),
            "detected": sum(1 for _, j in up if j is not None), "code_right": code_right,
            "code_right_true_boxes": code_right_true_boxes, "face_down_found": down_found, "extra": extra, "all_read_right": all_right,
            "grouping_true_codes": grouping_true_codes,
            "hand_exact_plain": exact_plain, "hand_exact_decoded": exact_decoded,
            "decode_status": (dec or {}).get("status"), "read_ms": round(read_ms, 1),
            "truth": scorer.format_hand(hand),
            "read": None if exact_decoded or decoded_hand is None else _notation(decoded_hand),
        })
        if progress is not None and (s + 1) % 50 == 0:
            print(f"{s + 1}/{n} scenes", file=progress, flush=True)
    summary = summarise_reads(rows)
    summary.update({"source": source, "image_size": list(size), "max_tilt": max_tilt,
                    **({"discards": discards} if discards else {}),
                    **({"faces_split": faces_split} if source == "real-faces" else {})})
    return summary


def _notation(hand: dict) -> str | None:
    import scorer
    try:
        return scorer.format_hand(scorer.Hand.from_dict(hand))
    except Exception:
        return None


def _share(rows, key):
    return round(sum(1 for r in rows if r[key]) / len(rows), 4) if rows else None


def summarise_reads(rows) -> dict:
    up = sum(r["face_up"] for r in rows)
    down = sum(r["face_down"] for r in rows)
    detected = sum(r["detected"] for r in rows)
    right = sum(r["code_right"] for r in rows)
    known = [r for r in rows if r["grouping_true_codes"] is not None]
    read_right = [r for r in rows if r["all_read_right"]]
    subsets = {
        "all": rows,
        "no face-down tile": [r for r in rows if not r["face_down"]],
        "with face-down tiles (concealed kong or dead wall)": [r for r in rows if r["face_down"]],
        "with a concealed kong": [r for r in rows if r["concealed_kong"]],
        "riichi style": [r for r in rows if r["style"] == "riichi"],
        "chinese style": [r for r in rows if r["style"] == "chinese"],
    }
    return {
        "scenes": len(rows),
        "tiles": {"face_up": up, "detected": detected, "code_right": right,
                  "recall": round(right / up, 4) if up else None,
                  "detected_rate": round(detected / up, 4) if up else None,
                  "code_right_given_detected": round(right / detected, 4) if detected else None,
                  "classifier_on_true_boxes": round(sum(r["code_right_true_boxes"] for r in rows) / up, 4) if up else None,
                  "face_down": down, "face_down_found": sum(r["face_down_found"] for r in rows),
                  "extra_reads": sum(r["extra"] for r in rows)},
        "scenes_all_read_right": len(read_right),
        # Grouping given correct tiles: a scene whose every tile the reader got right.
        "hand_exact_given_all_read_right": _share(read_right, "hand_exact_plain"),
        "scenes_all_detected": len(known),
        "grouping_exact_true_codes_on_reader_boxes": _share(known, "grouping_true_codes"),
        "by_subset": {name: {"scenes": len(sub), "all_read_right": _share(sub, "all_read_right"),
                             "hand_exact_plain": _share(sub, "hand_exact_plain"),
                             "hand_exact_decoded": _share(sub, "hand_exact_decoded")}
                      for name, sub in subsets.items() if sub},
        "decoding": {"fixed": sum(1 for r in rows if r["hand_exact_decoded"] and not r["hand_exact_plain"]),
                     "broken": sum(1 for r in rows if r["hand_exact_plain"] and not r["hand_exact_decoded"]),
                     "status": {st: sum(1 for r in rows if str(r["decode_status"]) == st)
                                for st in sorted({str(r["decode_status"]) for r in rows})}},
        "read_ms_median": sorted(r["read_ms"] for r in rows)[len(rows) // 2] if rows else None,
        "grouping_failures_given_tiles": [r["scene"] for r in rows if r["grouping_true_codes"] is False
                                          or (r["all_read_right"] and not r["hand_exact_plain"])],
        "failures": [{k: r[k] for k in ("scene", "style", "face_up", "code_right", "detected", "face_down",
                                        "extra", "truth", "read")}
                     for r in rows if not r["hand_exact_decoded"]][:30],
    }


def _pct(v):
    return "–" if v is None else f"{v:.1%}"


def read_to_markdown(summary: dict, command: str) -> str:
    src = summary["source"]
    what = ("drawn from the tile artwork (vision/synth: riichi-mahjong-tiles by FluffyStuff and xhokir, CC BY 4.0; "
            "samoheen/mahjong-tiles, CC0)" if src == "rendered" else
            f"composed from real tile photos: faces cut from the labelled boxes of the {summary['faces_split']} "
            "split of chinese-mahjong-detection v4 (riichimahjongdetection, Roboflow Universe, CC BY 4.0), read in "
            "place, pasted on the renderer's tile bodies (no red fives: plain fives instead)")
    t = summary["tiles"]
    w, h = summary["image_size"]
    n = summary["scenes"]
    lines = [f"# Reading report: {n} scene{'' if n == 1 else 's'} {'rendered' if src == 'rendered' else 'from real tile photos'}",
             "", f"Command: `{command}`", "",
             f"Each scene: a random winning hand laid out as players do (vision_lab.hand_layouts), {what}, as a {w}×{h} photo "
             f"(camera tilt up to {summary['max_tilt']:.0f}°, yaw ±20°, lighting, blur, noise, JPEG), read by the "
             "committed models (`vision.read_tiles`), grouped and decoded as `mjtable read` does, and compared with "
             "the layout's exact hand (standing tiles, winning tile, melds with type, concealment, claimed tile and "
             "discarder, flowers, dora indicators).", "",
             "## Tiles", "",
             f"- face-up tiles read right (box IoU ≥ {MATCH_IOU} and code): {t['code_right']} / {t['face_up']} = "
             f"**{_pct(t['recall'])}** (detected {_pct(t['detected_rate'])}, code right when detected "
             f"{_pct(t['code_right_given_detected'])})",
             f"- classifier alone on the renderer's exact boxes (upright crops as the reader cuts them): "
             f"{_pct(t['classifier_on_true_boxes'])}",
             f"- face-down tiles found: {t['face_down_found']} / {t['face_down']}; reads matching no tile: {t['extra_reads']}",
             f"- median read time {summary['read_ms_median']} ms per image", "",
             "## Hands", "",
             f"- scenes whose every tile was read right: {summary['scenes_all_read_right']}; of these, hand (melds "
             f"and exposure) exact: **{_pct(summary['hand_exact_given_all_read_right'])}**",
             f"- scenes whose every tile was detected (no extra box): {summary['scenes_all_detected']}; grouping "
             f"exact with the reader's boxes and the true codes: **{_pct(summary['grouping_exact_true_codes_on_reader_boxes'])}**",
             "", "| scenes | count | every tile read right | hand exact, no decoding | hand exact, decoding |",
             "|---|---|---|---|---|"]
    for name, sub in summary["by_subset"].items():
        lines.append(f"| {name} | {sub['scenes']} | {_pct(sub['all_read_right'])} | {_pct(sub['hand_exact_plain'])} | "
                     f"{_pct(sub['hand_exact_decoded'])} |")
    d = summary["decoding"]
    lines += ["", f"Decoding: {d['fixed']} hands fixed, {d['broken']} broken; status {d['status']}.", "",
              "Face-down tiles are the detector's weakest class (models/detector/MODEL_CARD.md; the count "
              "found is above), so scenes with them are split out (a dead wall's face-down tiles are not part "
              "of the hand: missing them can go unnoticed)."]
    return "\n".join(lines) + "\n"


def command_line(args) -> str:
    """The command that reproduces these figures: every option away from its default."""
    import argparse
    defaults = argparse.ArgumentParser()
    add_arguments(defaults)
    parts = ["mjtable eval grouping"]     # the family's name; "report grouping" is its alias
    for action in defaults._actions:
        if not action.option_strings or action.dest == "help":
            continue
        value = getattr(args, action.dest, action.default)
        if value == action.default or action.dest == "out":
            continue
        flag = action.option_strings[0]
        parts.append(flag if value is True else f"{flag} {value}")
    if getattr(args, "out", None):
        parts.append(f"--out {args.out}")
    return " ".join(parts)


def run(args) -> int:
    import sys
    command = command_line(args)
    if args.read:
        try:
            w, h = (int(v) for v in args.image_size.lower().split("x"))
        except ValueError:
            raise SystemExit(f"--image-size: WIDTHxHEIGHT, not {args.image_size!r}") from None
        summary = run_read_scenes(args.scenes, args.seed, source=args.read, faces_split=args.faces_split,
                                  size=(w, h), max_tilt=args.max_tilt, progress=sys.stderr,
                                  discards=args.discards)
        md = read_to_markdown(summary, command)
    else:
        if args.discards:
            raise SystemExit("--discards: only with --read (rendered or real-faces)")
        summary = run_scenes(args.scenes, args.seed, error_rate=args.error_rate, in_top3=args.in_top3,
                             box_noise=args.box_noise, max_tilt=args.max_tilt,
                             sideways_from_box=args.sideways_from_box, geometry=args.geometry)
        md = to_markdown(summary, command)
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        stem = "grouping_report" + (f"_{args.read}" if args.read else "")
        (out / f"{stem}.json").write_text(json.dumps(summary, indent=1))
        (out / f"{stem}.md").write_text(md)
    if getattr(args, "json", False):
        print(json.dumps({k: v for k, v in summary.items() if k not in ("grouping_failures", "failures")}, indent=1))
    else:
        print(md)
    return 0
