"""Experiment behind profile format 3's fine-tuning settings (models/classifier/CALIBRATION.md).

    python tools/calibration_experiments/finetune_grid.py SEED SETS "dict(steps=400, lr=3e-3)" ...

For each rendered set of vision.calibration_eval (drawn from SEED: 11 is the tuning draw) and
each configuration: fine-tune the shipped classifier on the calibration examples and print the
accuracy of the fine-tuned network alone (no mixture with the base model) on the test crops.
This is the loop vision.finetune was written from (kept to reproduce the table)."""
import copy, sys, time
import numpy as np, torch
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2]))
from vision.calibration_eval import load_set, CachedClassifier, accuracy, DEFAULT_SETS, DATA
from vision.classifier import CropClassifier
from vision.profile import augment_crop, rot180
import cv2

torch.set_num_threads(2)
seed = int(sys.argv[1]) if len(sys.argv) > 1 else 11
sets = sys.argv[2].split(",") if len(sys.argv) > 2 else ["gl_colored", "gl_mono", "hongkong"]
cfgs = [eval(a) for a in sys.argv[3:]] or [dict()]
base = CropClassifier()
clf = CachedClassifier(base)
S = base.imgsz

def to_tensor(crops):
    b = np.stack([cv2.resize(c, (S, S), interpolation=cv2.INTER_AREA) if c.shape[:2] != (S, S) else c for c in crops])
    return torch.from_numpy(np.ascontiguousarray(b[..., ::-1].transpose(0, 3, 1, 2))).float() / 255.0

def forward(model, x):
    layers = list(model.model)
    for layer in layers[:-1]:
        x = layer(x)
    head = layers[-1]
    return head.linear(head.pool(head.conv(x)).flatten(1))

def finetune(crops, codes, steps=300, batch=64, lr=1e-3, bn="eval", freeze=0, wd=0.0, ls=0.1, seed=0):
    model = copy.deepcopy(base.model).float()
    for p in model.parameters():
        p.requires_grad_(True)
    layers = list(model.model)
    for layer in layers[:freeze]:
        for p in layer.parameters():
            p.requires_grad_(False)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    y_all = torch.tensor([base.classes.index(c) for c in codes])
    rng = np.random.default_rng(seed)
    model.train() if bn == "train" else model.eval()
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.1)
    for step in range(steps):
        idx = rng.integers(0, len(crops), batch)
        views = [augment_crop(crops[i], rng) if rng.random() < 0.9 else (crops[i] if rng.random() < .5 else rot180(crops[i])) for i in idx]
        x = to_tensor(views)
        logits = forward(model, x)
        loss = torch.nn.functional.cross_entropy(logits, y_all[idx], label_smoothing=ls)
        opt.zero_grad(); loss.backward(); opt.step(); sched.step()
    model.eval()
    return model

def predict(model, crops):
    out = []
    with torch.inference_mode():
        for i in range(0, len(crops), 256):
            part = crops[i:i + 256]
            l = forward(model, to_tensor(part + [rot180(c) for c in part]))
            n = len(part)
            out.append(((l[:n] + l[n:]) / 2).numpy())
    return np.concatenate(out)

for name in sets:
    k = DEFAULT_SETS.index(name) if name in DEFAULT_SETS else len(DEFAULT_SETS)
    cc, ck, tc, tk, absent = load_set(name, k, seed, 8, clf, DATA)
    before = accuracy([r.code for r in clf.classify(list(tc), embeddings=False)], tk)
    for cfg in cfgs:
        t0 = time.perf_counter()
        m = finetune(cc, ck, **cfg)
        dt = time.perf_counter() - t0
        logits = predict(m, list(tc))
        allowed = np.array([c not in absent for c in base.classes])
        logits[:, ~allowed] = -1e9
        pred = [base.classes[j] for j in logits.argmax(1)]
        print(f"{name:<11} seed {seed} {cfg} before {before:.1%} ft {accuracy(pred, tk):.1%} ({dt:.0f}s) n={len(tk)}", flush=True)
