"""Average two ultralytics checkpoints of one architecture, weight by weight ("model soup").

A detector fine-tuned on new kinds of scenes (3D tile bodies at low angles) from the shipped
one gains on those scenes and loses a little on the real photos it started from; the average of
the two is a cheap way to look for a point between them (docs/experiments.md). Both checkpoints
must come from the same start (the fine-tuning's ``--init``), or the average is meaningless.

    python -m vision_lab.weight_average A.pt B.pt --alpha 0.5 --out build/soup.pt
"""
from __future__ import annotations

import argparse
from pathlib import Path


def average(a: Path, b: Path, alpha: float, out: Path) -> Path:
    """``alpha`` × A + (1 − ``alpha``) × B, saved as a checkpoint like A (its metadata kept)."""
    import torch
    ckpt_a = torch.load(a, map_location="cpu", weights_only=False)
    ckpt_b = torch.load(b, map_location="cpu", weights_only=False)
    model_a = (ckpt_a.get("ema") or ckpt_a["model"]).float()
    model_b = (ckpt_b.get("ema") or ckpt_b["model"]).float()
    sa, sb = model_a.state_dict(), model_b.state_dict()
    if sa.keys() != sb.keys() or any(sa[k].shape != sb[k].shape for k in sa):
        raise ValueError("the two checkpoints are not the same architecture")
    mixed = {k: (alpha * sa[k] + (1 - alpha) * sb[k]) if sa[k].is_floating_point() else sa[k] for k in sa}
    model_a.load_state_dict(mixed)
    ckpt = {k: v for k, v in ckpt_a.items() if k not in ("optimizer", "ema", "updates")}
    ckpt["model"] = model_a.half()
    ckpt["ema"], ckpt["optimizer"] = None, None
    ckpt["train_args"] = {**(ckpt_a.get("train_args") or {}), "soup": f"{alpha}*{a.name} + {1 - alpha}*{b.name}"}
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.save(ckpt, out)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m vision_lab.weight_average", description=__doc__.split("\n\n")[0])
    p.add_argument("a", type=Path)
    p.add_argument("b", type=Path)
    p.add_argument("--alpha", type=float, default=0.5, help="share of A (default 0.5)")
    p.add_argument("--out", type=Path, required=True)
    args = p.parse_args(argv)
    if not 0 <= args.alpha <= 1:
        p.error("--alpha must be between 0 and 1")
    print(average(args.a, args.b, args.alpha, args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
