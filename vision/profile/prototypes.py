"""The prototype expert's pieces (format 2, a profile built from a custom ``embed`` function):
embeddings of each example's views and the metric learnt from their spread."""
from __future__ import annotations

import numpy as np

from ..augment import augment_crop, rot180
from ..errors import ProfileError
from ..model_files import weights_id

#: Chosen on a tuning draw of the evaluation sets, not the reported one (docs/calibration.md).
SHRINK = 0.05         # share of the identity in the metric's covariance


def default_embedder():
    """(embed, model_id): ``embed(crops) -> (n, d) array`` with the base classifier's
    penultimate features; ``model_id`` names the weights (profiles are tied to them)."""
    from ..classifier import DEFAULT_WEIGHTS, default_classifier

    def embed(crops):
        readings = default_classifier().classify(list(crops), embeddings=True)
        return np.stack([np.asarray(r.embedding, np.float32) for r in readings])
    return embed, weights_id(DEFAULT_WEIGHTS)


def example_views(embed, crops, augment: int, seed: int = 0) -> np.ndarray:
    """(len(crops), augment + 2, d) embeddings of each crop upright, turned 180° and ``augment``
    augmented copies."""
    rng = np.random.default_rng(seed)
    # no smeared views: measured for the fine-tuned networks only (``augment.AUG_SHAKE_SHARE``)
    batch = [v for c in crops for v in [c, rot180(c)] + [augment_crop(c, rng, shake=0.0) for _ in range(augment)]]
    emb = np.asarray(embed(batch), np.float32)
    if emb.ndim != 2 or emb.shape[0] != len(batch):
        raise ProfileError(f"embed returned shape {np.shape(emb)} for {len(batch)} crops")
    return emb.reshape(len(crops), augment + 2, -1)


def fit_metric(views: np.ndarray, shrink: float = SHRINK) -> np.ndarray:
    """(d, d) whitening matrix ``A`` (use ``x @ A``) of the views' spread around their own
    example's mean, the covariance shrunk towards ``trace / d`` times the identity."""
    v = views.astype(np.float64)
    resid = (v - v.mean(1, keepdims=True)).reshape(-1, v.shape[-1])
    cov = resid.T @ resid / max(len(resid), 1)
    d = cov.shape[0]
    scale = np.trace(cov) / d
    if not scale > 0:
        raise ProfileError("the examples' views do not vary: cannot learn a metric")
    cov = (1 - shrink) * cov + shrink * scale * np.eye(d)
    eigval, eigvec = np.linalg.eigh(cov)
    return (eigvec / np.sqrt(np.maximum(eigval, 1e-12 * scale))).astype(np.float32)
