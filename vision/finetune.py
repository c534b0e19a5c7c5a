"""Fine-tuning the crop classifier on one tile set's examples (tile-set profile format 3).

A calibration photo gives one example per code. The base classifier's weights are copied and
trained further on many augmented views of those examples (``profile.augment_crop``: pose,
light, blur, noise, JPEG, half turned 180°), so the whole network, not only a metric on its
frozen features, adapts to the set's drawing. Measured against the frozen-feature profile of
format 2 in docs/experiments.md. The result is a plain ``{name: array}`` of the
network's weights (saved in the profile's ``.npz``; no pickle).

Choices (tuning draw, docs/calibration.md, Decisions): all layers trained (freezing the first four cost 3 to
11 points); batch-norm statistics kept from the base model (updating them on one set's views
cost 3 to 8 points); AdamW with a one-cycle schedule, peak learning rate 0.003 (0.001: 1 point
better on one set, 6 worse on the other). Label smoothing 0.1 was not compared with none: a
guard against fitting one example per code too surely.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

import numpy as np

from .augment import augment_crop, erase_patch, rot180, row_context
from .classifier import forward
from .errors import ProfileError

#: Defaults chosen on the tuning draw (seed 11) of vision_lab.calibration_eval, not the reported one.
STEPS = 400          # optimiser steps at calibration
BATCH = 64           # augmented views per step
LEARNING_RATE = 3e-3
LABEL_SMOOTHING = 0.1
#: Weight of the squared distance of the weights to those the fine-tuning starts from (L2-SP), a
#: pull against forgetting what the base model reads well. Off: at 0.003 it cost GL mono 4 tiles
#: and the held-out hand photos one (docs/calibration.md, Decisions).
ANCHOR = 0.0
#: Share of each batch drawn as a quarter-turned view of an example with a uniform target
#: ("not a tile seen upright": no code), so that a crop cut a quarter off, as a tile lying
#: sideways in a near-square box may be, reads unsure rather than surely another code. Off: at
#: 0.15 it mended 3 tiles and cost 6 on the tuning draws (docs/calibration.md, Decisions); a tile
#: that looks alike turned a quarter (5z, some dots) is then taught both its code and none.
QUARTER_SHARE = 0.0
#: Share of each batch's views cut as from a row (``vision.augment.row_context``: touching
#: neighbours, the detector's cutting error, glare) before the usual augmentation.
CONTEXT_SHARE = 0.0
#: Share of the augmented views with a random patch erased (``vision.augment.erase_patch``): one
#: example per code, and a network that may lean on one part of the face only (the 萬 that every
#: character shares) learns to read the rest too (the numeral).
ERASE_SHARE = 0.0


@dataclass(frozen=True)
class FinetuneConfig:
    """How a tile-set profile fine-tunes the classifier; ``None`` fields take the module's
    defaults above when the fine-tuning starts (so that one place holds each default)."""
    steps: int | None = None
    batch: int | None = None
    lr: float | None = None
    context_share: float | None = None
    anchor: float | None = None
    quarter_share: float | None = None
    erase_share: float | None = None

    def resolved(self) -> "FinetuneConfig":
        return FinetuneConfig(steps=STEPS if self.steps is None else self.steps,
                              batch=BATCH if self.batch is None else self.batch,
                              lr=LEARNING_RATE if self.lr is None else self.lr,
                              context_share=CONTEXT_SHARE if self.context_share is None else self.context_share,
                              anchor=ANCHOR if self.anchor is None else self.anchor,
                              quarter_share=QUARTER_SHARE if self.quarter_share is None else self.quarter_share,
                              erase_share=ERASE_SHARE if self.erase_share is None else self.erase_share)


def network_state(model) -> dict[str, np.ndarray]:
    return {k: v.detach().cpu().numpy().copy() for k, v in model.state_dict().items()}


def load_network(classifier, state: dict[str, np.ndarray]):
    """The base classifier's module with ``state``'s weights (a copy: the base stays as it is)."""
    import torch
    model = copy.deepcopy(classifier.model).float()
    own = model.state_dict()
    missing = set(own) - set(state)
    if missing or any(tuple(own[k].shape) != tuple(np.shape(state[k])) for k in own):
        raise ProfileError("the profile's network was made for other classifier weights: calibrate this set again "
                           "here with its layout photo")
    model.load_state_dict({k: torch.as_tensor(np.asarray(state[k])).to(own[k].dtype) for k in own})
    return model.eval()


def reading_network(classifier, state: dict[str, np.ndarray]):
    """The fine-tuned network ``state`` as ``classifier`` reads it: through the export of its
    network that a profile's weights are written in, without torch, where it has a current one
    (``OnnxClassifier.network_weights``); else as a torch module (``load_network``)."""
    to_arrays = getattr(classifier, "network_weights", None)
    if to_arrays is not None:
        try:
            weights = to_arrays(state)
        except ValueError as exc:
            raise ProfileError("the profile's network was made for other classifier weights "
                               f"({exc}): calibrate this set again here with its layout photo") from None
        if weights is not None:
            return weights
    return load_network(classifier, state)


def finetune(classifier, crops, codes, steps: int | None = None, batch: int | None = None, lr: float | None = None,
             start: dict[str, np.ndarray] | None = None, seed: int = 0, weights=None,
             config: FinetuneConfig | None = None, progress=None) -> dict[str, np.ndarray]:
    """Weights of ``classifier`` (a ``CropClassifier``) trained ``steps`` steps on augmented views
    of ``crops`` labelled ``codes``, from the base weights or from ``start`` (a profile's). Each
    step draws ``batch`` examples (``weights``: their relative odds, default uniform) and one fresh
    random view of each. ``steps``, ``batch`` and ``lr`` override ``config``'s. ``progress(done,
    total)`` is called after each step (a web page's or a terminal's progress bar)."""
    import torch
    cfg = (config or FinetuneConfig()).resolved()
    steps = cfg.steps if steps is None else steps
    batch = cfg.batch if batch is None else batch
    lr = cfg.lr if lr is None else lr
    if not crops:
        raise ValueError("fine-tuning needs at least one example")
    classes = list(classifier.classes)
    model = load_network(classifier, start) if start is not None else copy.deepcopy(classifier.model).float()
    for p in model.parameters():
        p.requires_grad_(True)
    model.eval()  # batch-norm statistics stay the base model's (module docstring)
    labels = torch.tensor([classes.index(c) for c in codes])
    rng = np.random.default_rng(seed)
    odds = None if weights is None else np.asarray(weights, np.float64) / np.sum(weights)
    n_quarter = int(round(batch * cfg.quarter_share))
    if batch - n_quarter < 1:
        raise ValueError("QUARTER_SHARE leaves no plain view in a batch")
    start_params = [p.detach().clone() for p in model.parameters()] if cfg.anchor else None
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.0)
    schedule = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=max(steps, 1), pct_start=0.1)
    for step in range(steps):
        idx = rng.choice(len(crops), batch - n_quarter, p=odds)
        # Mostly augmented views; a few plain ones (upright or turned), as a calibration photo shows.
        # (the context draw only when asked for, so that the default's random stream is unchanged)
        views = [augment_crop(_in_row(crops, i, rng) if cfg.context_share and rng.random() < cfg.context_share
                              else crops[i], rng)
                 if rng.random() < 0.9 else (crops[i] if rng.random() < 0.5 else rot180(crops[i])) for i in idx]
        if cfg.erase_share:     # drawn only when asked for: the default's random stream is unchanged
            views = [erase_patch(v, rng) if rng.random() < cfg.erase_share else v for v in views]
        targets = labels[idx]
        quarter = [np.ascontiguousarray(np.rot90(augment_crop(crops[i], rng), 1 if rng.random() < 0.5 else -1))
                   for i in rng.choice(len(crops), n_quarter, p=odds)] if n_quarter else []
        logits = forward(model, classifier.to_input(views + quarter))
        loss = torch.nn.functional.cross_entropy(logits[:len(views)], targets, label_smoothing=LABEL_SMOOTHING)
        if quarter:     # cross-entropy against the uniform distribution, weighed as many views
            uniform = -torch.log_softmax(logits[len(views):], 1).mean()
            loss = (loss * len(views) + uniform * len(quarter)) / (len(views) + len(quarter))
        if start_params is not None:
            loss = loss + cfg.anchor * sum(((p - p0) ** 2).sum() for p, p0 in zip(model.parameters(), start_params))
        opt.zero_grad()
        loss.backward()
        opt.step()
        schedule.step()
        if progress is not None:
            progress(step + 1, steps)
    for p in model.parameters():
        p.requires_grad_(False)
    return network_state(model)


def _in_row(crops, i: int, rng) -> np.ndarray:
    """Example ``i`` cut as from a row, between two other examples (upright or turned, as a
    row's tiles are)."""
    def other():
        c = crops[int(rng.integers(len(crops)))]
        return c if rng.random() < 0.5 else rot180(c)
    return row_context(crops[i], other(), other(), rng)


# A crop is read at these zooms (each upright and turned 180°) and the logits averaged: the
# network was fine-tuned on views of each example at random scales, and a test tile's crop is
# framed a little tighter or looser than its example. Tuning draw (seed 11): GL mono 94.9 →
# 96.6 %, the other sets unchanged (commit 418783f).
READ_ZOOMS = (0.85, 0.92, 1.0, 1.08, 1.15)


def turned_logits(classifier, model, crops) -> np.ndarray:
    """(n, classes) logits of ``model`` averaged over each crop and the crop turned 180°, each
    at every zoom of ``READ_ZOOMS``."""
    return classifier.views_logits(list(crops), READ_ZOOMS, True, model=model)[0]


#: Learning corrections (tools/calibration_experiments/corrections_head.py at 8c2eecd, tuning
#: draw seed 11): only the last layer is re-fitted, from the calibration's, on the calibration
#: examples' views and the corrected crops as they are (upright and turned: augmenting a
#: correction, already a hard view, lost points), pulled towards the calibration's layer.
#: Since commit ccee5c7 (same script, draws 11 and 17, 17 corrections) the fit is anchored (the
#: calibration examples alone leave the layer where calibration put it), solved to its optimum
#: by L-BFGS, and a correction's two views weigh as much as a calibration example's 18. Before,
#: the re-fit alone moved every reading (Adam's steps and the calibration views' own optimum)
#: and a correction was 2 views of about 20 per code: 5 of the 17 corrected crops read right when
#: seen again, 17 of 17 now, and the other tiles never read worse than without the corrections
#: (docs/calibration.md, Decisions).
HEAD_VIEWS = 16       # augmented views per calibration example (besides upright and turned)
HEAD_STEPS = 200      # L-BFGS iterations at most (the fit is convex: it stops at the optimum)
HEAD_PULL = 1e-2      # weight of the squared distance to the calibration's last layer
HEAD_CORRECTION_EXAMPLES = 1.0   # calibration examples a correction weighs as much as (its 2 views against their views + 2)


def refit_head(classifier, network: dict[str, np.ndarray], crops, codes, sources, views: int | None = None,
               steps: int | None = None, seed: int = 0,
               correction_examples: float | None = None) -> dict[str, np.ndarray]:
    """``network`` (a profile's calibration weights) with its last layer re-fitted on ``crops``
    labelled ``codes``; ``sources`` says which are calibration examples ("calibration") and which
    were learnt later (corrections, tiles of recorded hands: weighed alike, each as much as
    ``correction_examples`` calibration examples, default ``HEAD_CORRECTION_EXAMPLES``). The rest
    of the network is unchanged, so corrections cannot unlearn the features the calibration taught
    (full re-training on them was measured to lose points: docs/calibration.md). Without
    corrections the layer stays the calibration's."""
    import torch
    views = HEAD_VIEWS if views is None else views
    steps = HEAD_STEPS if steps is None else steps
    if not len(crops):
        raise ValueError("refit_head needs at least one example")
    if not steps:
        return dict(network)
    per_correction = HEAD_CORRECTION_EXAMPLES if correction_examples is None else correction_examples
    correction_weight = per_correction * (views + 2) / 2
    model = load_network(classifier, network)
    classes = list(classifier.classes)
    rng = np.random.default_rng(seed)
    batch, labels, weights, corrected = [], [], [], []
    for crop, code, source in zip(crops, codes, sources):
        is_correction = source != "calibration"
        seen = [crop, rot180(crop)] + [augment_crop(crop, rng) for _ in range(0 if is_correction else views)]
        batch += seen
        labels += [classes.index(code)] * len(seen)
        weights += [correction_weight if is_correction else 1.0] * len(seen)
        corrected += [is_correction] * len(seen)
    with torch.no_grad():  # not inference_mode: the features then enter the autograd graph
        feats = torch.cat([forward(model, classifier.to_input(batch[i:i + 256]), features=True)[1]
                           for i in range(0, len(batch), 256)])
    y = torch.tensor(labels)
    weight = torch.tensor(weights, dtype=torch.float32)
    calibration_rows = ~torch.tensor(corrected)
    head = list(model.model)[-1].linear
    w0, b0 = head.weight.detach().clone(), head.bias.detach().clone()

    def data_loss(w, b, rows=None):
        loss = torch.nn.functional.cross_entropy(feats @ w.T + b, y, reduction="none", label_smoothing=LABEL_SMOOTHING)
        kept = weight if rows is None else weight * rows
        return (loss * kept).sum() / weight.sum()

    # Anchor: the calibration views' own gradient at the calibration's layer is subtracted, so
    # they alone are at their optimum there (calibration trained the layer with the whole
    # network on other views), and only the corrections move it.
    w_, b_ = w0.clone().requires_grad_(True), b0.clone().requires_grad_(True)
    tilt_w, tilt_b = torch.autograd.grad(data_loss(w_, b_, calibration_rows.float()), [w_, b_])
    w, b = w0.clone().requires_grad_(True), b0.clone().requires_grad_(True)
    opt = torch.optim.LBFGS([w, b], max_iter=steps, line_search_fn="strong_wolfe", tolerance_grad=1e-9,
                            tolerance_change=1e-12, history_size=20)

    def closure():
        opt.zero_grad()
        loss = (data_loss(w, b) - (tilt_w * w).sum() - (tilt_b * b).sum()
                + HEAD_PULL * ((w - w0) ** 2).sum())
        loss.backward()
        return loss
    opt.step(closure)
    state = dict(network)
    names = [k for k in state if k.endswith("linear.weight")]
    if len(names) != 1:
        raise ValueError(f"expected one last linear layer in the network, found {names}")
    state[names[0]] = w.detach().numpy().astype(np.asarray(network[names[0]]).dtype)
    bias = names[0][:-len("weight")] + "bias"
    state[bias] = b.detach().numpy().astype(np.asarray(network[bias]).dtype)
    return state
