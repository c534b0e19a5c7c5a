"""Train the face-corner network (``vision.corners``) on ``vision_lab.corner_data`` examples and
export it to ONNX for the reader.

    python -m vision_lab.train_corners --data build/corners/train.npz --epochs 20 --out models/corners/corners.onnx

The loss is the smooth-L1 distance to the true corners, the smaller of the two orders a half turn
apart (the classifier reads both half turns; which edge is the face's long one is learned).
Training views are also turned a quarter and mirrored (the corners' order turned and mirrored
with them), darkened or brightened, and noised. A share of the examples (``--val-share``) is
kept out to report the mean corner error, in window units.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from vision.corners import CONTEXT, WINDOW, network_input

HALF_TURN = [2, 3, 0, 1]     # corner order of the same face turned 180°
MIRRORED = [1, 0, 3, 2]      # corner order of the face mirrored left-right


def corner_net():
    import torch.nn as nn

    def block(cin, cout, stride):
        return [nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]
    return nn.Sequential(*block(3, 24, 2), *block(24, 48, 2), *block(48, 48, 1), *block(48, 96, 2),
                         *block(96, 96, 1), *block(96, 128, 2), nn.Flatten(),
                         nn.Linear(128 * (WINDOW // 16) ** 2, 256), nn.ReLU(inplace=True), nn.Linear(256, 8))


def heatmap_corner_net(grid: int = 16):
    """The corners as the expected position of four heatmaps (soft-argmax) on a ``grid``-square
    grid over the window: an encoder down to a sixteenth of the window's side, then a
    decoder back to the grid with the encoder's maps of that size beside it. Same output as
    ``corner_net`` (n × 8, window units), so the reader reads either."""
    import torch
    import torch.nn as nn

    def block(cin, cout, stride=1):
        return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

    class HeatmapCorners(nn.Module):
        def __init__(self):
            super().__init__()
            self.e1 = nn.Sequential(block(3, 24, 2), block(24, 48, 2), block(48, 48))          # 16
            self.e2 = nn.Sequential(block(48, 96, 2), block(96, 96))                             # 8
            self.e3 = nn.Sequential(block(96, 128, 2), block(128, 128))                          # 4
            self.d2 = block(128 + 96, 96)                                                        # 8
            self.d1 = block(96 + 48, 64)                                                         # 16
            self.head = nn.Conv2d(64, 4, 1)
            centres = (torch.arange(grid, dtype=torch.float32) + 0.5) / grid
            gy, gx = torch.meshgrid(centres, centres, indexing="ij")
            self.register_buffer("grid_xy", torch.stack([gx.reshape(-1), gy.reshape(-1)], 1))   # (g*g, 2)

        def forward(self, x):
            f1 = self.e1(x)
            f2 = self.e2(f1)
            f3 = self.e3(f2)
            up = nn.functional.interpolate(f3, scale_factor=2.0, mode="nearest")
            d2 = self.d2(torch.cat([up, f2], 1))
            up = nn.functional.interpolate(d2, scale_factor=2.0, mode="nearest")
            maps = self.head(self.d1(torch.cat([up, f1], 1)))                                    # n, 4, g, g
            weights = torch.softmax(maps.flatten(2), dim=2)                                      # n, 4, g*g
            return torch.matmul(weights, self.grid_xy).flatten(1)                                # n, 8
    return HeatmapCorners()


ARCHS = {"regression": corner_net, "heatmap": heatmap_corner_net}


def augmented(rng, patches: np.ndarray, corners: np.ndarray):
    """Random quarter turns, mirrors, light and noise of a batch (patches n×H×W×3, corners n×4×2)."""
    p, c = patches.copy(), corners.copy()
    for i in range(len(p)):
        k = int(rng.integers(4))
        if k:
            p[i] = np.rot90(p[i], k)
            for _ in range(k):          # a quarter turn anticlockwise: (u, v) -> (v, 1 - u)
                c[i] = np.stack([c[i][:, 1], 1 - c[i][:, 0]], axis=1)
        if rng.random() < 0.5:
            p[i] = p[i][:, ::-1]
            c[i] = np.stack([1 - c[i][:, 0], c[i][:, 1]], axis=1)[MIRRORED]
    x = p.astype(np.float32)
    gain = rng.uniform(0.6, 1.3, (len(x), 1, 1, 1)).astype(np.float32)
    shift = rng.uniform(-25, 25, (len(x), 1, 1, 1)).astype(np.float32)
    x = x * gain + shift + rng.normal(0, 1, (len(x), 1, 1, 1)).astype(np.float32) * \
        rng.normal(0, 4, x.shape).astype(np.float32)
    return np.clip(x, 0, 255), c


def to_tensor(torch, x: np.ndarray):
    """BGR batch n×H×W×3 (0-255) as the network's input tensor (``vision.corners.network_input``)."""
    return torch.from_numpy(network_input(x))


def corner_loss(torch, pred, target):
    """Smooth-L1 to the nearer of the target's two half-turn orders, per example."""
    import torch.nn.functional as F
    pred = pred.view(-1, 4, 2)
    a = F.smooth_l1_loss(pred, target, reduction="none", beta=0.02).mean(dim=(1, 2))
    b = F.smooth_l1_loss(pred, target[:, HALF_TURN], reduction="none", beta=0.02).mean(dim=(1, 2))
    return torch.minimum(a, b)


def corner_error(pred: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Mean corner distance (window units) to the nearer half-turn order, per example."""
    pred = pred.reshape(-1, 4, 2)
    a = np.linalg.norm(pred - target, axis=2).mean(1)
    b = np.linalg.norm(pred - target[:, HALF_TURN], axis=2).mean(1)
    return np.minimum(a, b)


def train(data: Path, out: Path, epochs: int = 20, batch: int = 256, lr: float = 0.003, val_share: float = 0.05,
          seed: int = 1, threads: int = 2, init: Path | None = None, log=print, arch: str = "regression") -> dict:
    import torch
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    rng = np.random.default_rng(seed)
    d = np.load(data)
    patches, corners, source = d["patches"], d["corners"].astype(np.float32), d["source"]
    order = rng.permutation(len(patches))
    n_val = int(len(order) * val_share)
    val, tr = order[:n_val], order[n_val:]
    net = ARCHS[arch]()
    if init is not None:
        net.load_state_dict(torch.load(str(init), map_location="cpu"))
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    if len(tr) < batch or n_val == 0:
        raise ValueError(f"{len(tr)} training examples for batches of {batch}, {n_val} kept out: "
                         "more examples or a larger --val-share")
    steps = epochs * (len(tr) // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.1)
    t0 = time.perf_counter()
    history = []
    for epoch in range(epochs):
        net.train()
        rng.shuffle(tr)
        total = 0.0
        for s in range(len(tr) // batch):
            idx = np.sort(tr[s * batch:(s + 1) * batch])
            x, c = augmented(rng, patches[idx], corners[idx])
            loss = corner_loss(torch, net(to_tensor(torch, x)), torch.from_numpy(c)).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach())
        err = evaluate(net, patches[val], corners[val], source[val])
        history.append({"epoch": epoch + 1, "loss": total / max(1, len(tr) // batch), **err})
        log(f"epoch {epoch + 1}/{epochs}: loss {history[-1]['loss']:.5f}, held-out corner error {err} "
            f"({time.perf_counter() - t0:.0f} s)")
    export(net, out, {"data": str(data), "examples": int(len(tr)), "epochs": epochs, "seed": seed, "lr": lr, "arch": arch,
                      "init": None if init is None else str(init), "held_out": history[-1]})
    return history[-1]


def evaluate(net, patches, corners, source) -> dict:
    import torch
    net.eval()
    with torch.no_grad():
        pred = np.concatenate([net(to_tensor(torch, patches[i:i + 512].astype(np.float32))).numpy()
                               for i in range(0, len(patches), 512)])
    err = corner_error(pred, corners)
    return {name: round(float(err[source == k].mean()), 4) for k, name in enumerate(("modes", "flat", "photos"))
            if (source == k).any()}


def export(net, out: Path, meta: dict) -> None:
    import torch
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    net.eval()
    torch.save(net.state_dict(), out.with_suffix(".pt"))
    torch.onnx.export(net, torch.zeros(1, 3, WINDOW, WINDOW), str(out), input_names=["windows"],
                      output_names=["corners"], dynamic_axes={"windows": {0: "n"}, "corners": {0: "n"}},
                      opset_version=17, dynamo=False)
    info = {"window": WINDOW, "context": CONTEXT, "torch": torch.__version__, **meta}
    out.with_name(out.name + ".json").write_text(json.dumps(info, indent=1) + "\n")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision_lab.train_corners", description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=0.003)
    ap.add_argument("--val-share", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--init", type=Path, default=None, help="start from this state dict (a corners.pt)")
    ap.add_argument("--arch", choices=sorted(ARCHS), default="regression",
                    help="regression: corners from a fully connected head; heatmap: soft-argmax of four heatmaps")
    a = ap.parse_args(argv)
    train(a.data, a.out, a.epochs, a.batch, a.lr, a.val_share, a.seed, a.threads, a.init, arch=a.arch)


if __name__ == "__main__":
    main()
