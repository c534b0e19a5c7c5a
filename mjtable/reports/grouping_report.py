"""``mjtable report grouping``: how well grouping and consistency decoding rebuild hands.

Scenes are generated: a random winning hand (``vision.layout.random_hand``) laid out as players
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
"""
from __future__ import annotations

import json
import random
import time
from pathlib import Path


def add_arguments(p) -> None:
    p.add_argument("--scenes", type=int, default=300, help="number of generated scenes (default 300)")
    p.add_argument("--out", default=None, help="folder for report.json and report.md")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--error-rate", type=float, default=0.05,
                   help="probability that the reader's best code for a tile is wrong (default 0.05)")
    p.add_argument("--in-top3", type=float, default=0.85,
                   help="probability that the true code stays in the top 3 of a misread (default 0.85)")
    p.add_argument("--box-noise", type=float, default=0.03, help="box edge jitter, in tile widths")
    p.add_argument("--max-tilt", type=float, default=40.0,
                   help="largest camera tilt from looking straight down, in degrees (default 40)")


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
               box_noise: float = 0.03, max_tilt: float = 40.0) -> dict:
    from mjtable.pipeline import read_hand
    from vision import group
    from vision import layout as L

    rows = []
    for s in range(n):
        rng = random.Random(seed * 1_000_003 + s)
        style = rng.choice(L.STYLES)
        hand = L.random_hand(rng, style=style)
        truth = hand.to_dict()
        placed = L.layout_hand(hand, rng, style=style)
        camera = L.Camera.random(rng, max_tilt=max_tilt)
        with_corners = s % 2 == 0
        reads = L.project(placed, camera, rng, box_noise=box_noise, corners=with_corners, shuffle=False)
        order = list(range(len(reads)))
        rng.shuffle(order)   # detectors answer in no particular order; keep each read's PlacedTile
        reads, placed = [reads[i] for i in order], [placed[i] for i in order]
        if not with_corners:
            for t in reads:
                t.angle = 0.0
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


def run(args) -> int:
    import sys
    summary = run_scenes(args.scenes, args.seed, error_rate=args.error_rate, in_top3=args.in_top3,
                         box_noise=args.box_noise, max_tilt=args.max_tilt)
    command = "mjtable " + " ".join(sys.argv[1:]) if sys.argv and sys.argv[0].endswith(("mjtable", "__main__.py")) \
        else f"mjtable report grouping --scenes {args.scenes} --seed {args.seed}"
    md = to_markdown(summary, command)
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        (out / "grouping_report.json").write_text(json.dumps(summary, indent=1))
        (out / "grouping_report.md").write_text(md)
    if getattr(args, "json", False):
        print(json.dumps({k: v for k, v in summary.items() if k != "grouping_failures"}, indent=1))
    else:
        print(md)
    return 0
