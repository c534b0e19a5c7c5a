"""Linear tile/not-tile probe on the classifier's features of the detections mined by mine.py:
fitted on train, counted on valid's weak detections (0.1-0.3).

    python tools/weak_detections/probe.py
"""
import sys; sys.path.insert(0, ".")
import numpy as np, torch
tr = np.load("build/verify/train.npz"); va = np.load("build/verify/valid.npz")
def xy(d):
    iou = d["iou"]; keep = (iou >= 0.5) | (iou < 0.2)
    # unmatched confident boxes are likely unlabelled tiles: leave them out of training
    keep &= ~((iou < 0.2) & (d["conf"] >= 0.5))
    return d["feats"][keep].astype(np.float32), (iou[keep] >= 0.5).astype(np.int64), keep
for name, d in (("train", tr), ("valid", va)):
    c, iou = d["conf"], d["iou"]
    for lo, hi in ((0.05, 0.1), (0.1, 0.3), (0.3, 1.01)):
        m = (c >= lo) & (c < hi)
        print(name, lo, hi, "n", m.sum(), "matched", (iou[m] >= 0.5).sum(), "unmatched<0.2", (iou[m] < 0.2).sum())
X, y, _ = xy(tr); Xv, yv, kv = xy(va)
mu, sd = X.mean(0), X.std(0) + 1e-3
Xt = torch.tensor((X - mu) / sd); yt = torch.tensor(y)
for wd in (1e-4, 1e-3, 1e-2):
    lin = torch.nn.Linear(X.shape[1], 1); opt = torch.optim.LBFGS(lin.parameters(), max_iter=300)
    def closure():
        opt.zero_grad(); z = lin(Xt).squeeze(1)
        loss = torch.nn.functional.binary_cross_entropy_with_logits(z, yt.float()) + wd * (lin.weight ** 2).sum()
        loss.backward(); return loss
    opt.step(closure)
    with torch.no_grad():
        pv = torch.sigmoid(lin(torch.tensor((Xv - mu) / sd)).squeeze(1)).numpy()
    c = va["conf"][kv]; weak = (c >= 0.1) & (c < 0.3)
    print("wd", wd, "valid acc", ((pv > 0.5) == yv).mean().round(4))
    for t in (0.5, 0.8, 0.9, 0.95, 0.99):
        acc = pv[weak] >= t
        print(f"  t {t}: weak kept tiles {(acc & (yv[weak]==1)).sum()}/{(yv[weak]==1).sum()}  kept none {(acc & (yv[weak]==0)).sum()}/{(yv[weak]==0).sum()}")
