"""Learning corrections by re-fitting only the fine-tuned network's last layer (issue 7, session 4).

    python tools/calibration_experiments/corrections_head.py SEED SETS "dict(...)" ["dict(...)" ...]

For each set: calibrate (the profile's defaults), review the first half of the test tiles in
order and correct every misread one (as vision.calibration_eval --corrections, but learnt once
per variant), then for each variant re-fit the last linear layer and print the second half's
accuracy and how many of the corrected crops themselves read right after the fit.

Variants:
- ``dict(views=, lam=, steps=, lr=, corr_weight=, corr_views=)``: session 4's fit (Adam, not
  anchored), kept here as the record of that experiment;
- ``dict(product=dict(HEAD_CORRECTION_EXAMPLES=0.5, ...))``: the product's ``refit_head`` with
  those module settings (session 12). That session's logs name settings of the comparison
  (HEAD_ANCHORED, HEAD_OPTIMIZER, HEAD_CORRECTION_WEIGHT: weight 9 is HEAD_CORRECTION_EXAMPLES 1;
  "product={}" was the old Adam fit); only the anchored L-BFGS fit is left, so those rows are
  reproduced now only approximately, the old fit by session 4's variants above."""
import sys
import time
from pathlib import Path

sys.path.insert(0, ".")
import numpy as np  # noqa: E402

from vision import finetune  # noqa: E402
from vision.calibration_eval import DEFAULT_SETS, CachedClassifier, accuracy, load_set  # noqa: E402
from vision.classifier import CropClassifier, forward  # noqa: E402
from vision.profile import TileSetProfile, augment_crop, rot180  # noqa: E402
from vision.reader import classify_with_profile  # noqa: E402


def fit_product(classifier, profile, **settings):
    """``vision.finetune.refit_head`` with module settings replaced (``product=dict(HEAD_PULL=0.1)``)."""
    unknown = [k for k in settings if not hasattr(finetune, k)]
    if unknown:
        raise KeyError(f"vision.finetune has no setting {unknown}")
    saved = {k: getattr(finetune, k) for k in settings}
    try:
        for k, v in settings.items():
            setattr(finetune, k, v)
        return finetune.refit_head(classifier, profile.calibration_network, list(profile.examples), profile.codes,
                                   profile.sources)
    finally:
        for k, v in saved.items():
            setattr(finetune, k, v)


def fit_head(classifier, profile, views=16, lam=1e-2, steps=200, lr=1e-3, corr_weight=1.0, seed=0, corr_views=None):
    import torch
    model = finetune.load_network(classifier, profile.network)
    rng = np.random.default_rng(seed)
    crops, labels, weight = [], [], []
    classes = list(classifier.classes)
    for crop, code, src in zip(profile.examples, profile.codes, profile.sources):
        k = views if src != "correction" or corr_views is None else corr_views
        vs = [crop, rot180(crop)] + [augment_crop(crop, rng) for _ in range(k)]
        crops += vs
        labels += [classes.index(code)] * len(vs)
        weight += [corr_weight if src == "correction" else 1.0] * len(vs)
    feats = []
    with torch.inference_mode():
        for s in range(0, len(crops), 256):
            feats.append(forward(model, classifier.to_input(crops[s:s + 256]), features=True)[1])
    feats = torch.cat(feats)
    y = torch.tensor(labels)
    w = torch.tensor(weight, dtype=torch.float32)
    head = list(model.model)[-1].linear
    W0, b0 = head.weight.detach().clone(), head.bias.detach().clone()
    W, b = W0.clone().requires_grad_(True), b0.clone().requires_grad_(True)
    opt = torch.optim.Adam([W, b], lr=lr)
    for _ in range(steps):
        loss = (torch.nn.functional.cross_entropy(feats @ W.T + b, y, reduction="none", label_smoothing=0.1) * w).sum() / w.sum()
        loss = loss + lam * ((W - W0) ** 2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
    state = dict(profile.network)
    name = [k for k in state if k.endswith("linear.weight")][0]
    state[name] = W.detach().numpy().astype(state[name].dtype)
    state[name.replace("weight", "bias")] = b.detach().numpy().astype(state[name].dtype)
    return state


SHUFFLE = True


def main():
    seed, sets = int(sys.argv[1]), sys.argv[2].split(",")
    variants = [eval(v) for v in sys.argv[3:]] or [{}]
    base = CropClassifier()
    clf = CachedClassifier(base)
    for name in sets:
        cc, ck, tc, tk, absent = load_set(name, DEFAULT_SETS.index(name), seed, 8, clf)
        if SHUFFLE:
            # The rendered test tiles come in drawing order: the last rows hold the codes drawn
            # least so far, so the two halves would hold different codes.
            order = np.random.default_rng(seed).permutation(len(tc))
            tc, tk = [tc[i] for i in order], [tk[i] for i in order]
        t0 = time.time()
        cached = Path(f"build/calib_{name}_{seed}.npz")  # the calibrated profile, kept between runs
        if cached.exists():
            profile = TileSetProfile.load(cached)
        else:
            profile = TileSetProfile.from_examples(list(zip(cc, ck)), name="x", classifier=base,
                                                   absent_codes=absent, model_id=clf.weights_id)
            profile.save(cached)
        half = len(tc) // 2
        n = 0
        for crop, code in zip(tc[:half], tk[:half]):
            [r] = classify_with_profile(clf, [crop], profile)
            if r.code != code:
                # learnt below, once per variant (session 12: the same corrections for every variant)
                profile.add_example(crop, code, learn=False)
                n += 1
        calib_net = profile.network
        rest, truth = list(tc[half:]), tk[half:]
        acc0 = accuracy([r.code for r in classify_with_profile(clf, rest, profile)], truth)
        print(f"{name}: {n} corrections; second half calibrated {acc0:.2%} ({time.time() - t0:.0f} s)", flush=True)
        for v in variants:
            t1 = time.time()
            fit = (lambda: fit_product(base, profile, **v["product"])) if "product" in v else (
                lambda: fit_head(base, profile, **v))
            profile.network = fit()
            acc = accuracy([r.code for r in classify_with_profile(clf, rest, profile)], truth)
            fixed = [i for i, s in enumerate(profile.sources) if s == "correction"]
            reread = accuracy([r.code for r in classify_with_profile(clf, [profile.examples[i] for i in fixed],
                                                                      profile)], [profile.codes[i] for i in fixed])
            profile.network = calib_net
            # the same fit with no correction: does re-fitting alone move anything?
            keep = (profile.examples, profile.codes, profile.sources)
            m = len(cc)
            profile.examples, profile.codes, profile.sources = keep[0][:m], keep[1][:m], keep[2][:m]
            profile.network = fit()
            acc_none = accuracy([r.code for r in classify_with_profile(clf, rest, profile)], truth)
            profile.examples, profile.codes, profile.sources = keep
            profile.network = calib_net
            print(f"  {v}: with corrections {acc:.2%} (corrected tiles read right again {reread:.0%}), re-fit without them {acc_none:.2%} ({time.time() - t1:.0f} s)",
                  flush=True)


if __name__ == "__main__":
    main()
