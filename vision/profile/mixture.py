"""A profile applied to the reader's output: the mixture of the base model's probabilities and
the profile's expert, re-ranking each reading in place (see :mod:`vision.profile.tileset`)."""
from __future__ import annotations

import numpy as np

from scorer.tiles import ALL_CODES

from .tileset import TileSetProfile


def _reading_probs(reading, classes: list[str]) -> np.ndarray:
    """Base distribution of a reading from its top-3 (the rest of the mass spread evenly)."""
    p = np.zeros(len(classes))
    top = [(c, float(q)) for c, q in reading.top3 if c in classes]
    rest = max(0.0, 1.0 - sum(q for _, q in top))
    others = len(classes) - len(top)
    if others:
        p[:] = rest / others
    for c, q in top:
        p[classes.index(c)] = q
    return p


def apply_profile(readings, profile: TileSetProfile | None, turned=None, classes=None,
                  keep_embeddings: bool = True):
    """Re-rank readings (``CropReading`` or ``TileRead``, each with an ``embedding``) with
    ``profile``, in place: ``code``, ``confidence`` and ``top3`` change. Readings without an
    embedding (face-down tiles) are left alone. Returns ``readings``.

    ``turned``: one embedding (or None) per reading, of its crop turned 180° (``rot180``); the
    profile averages both views. The base distribution is rebuilt from each reading's top-3 (the
    reader keeps no more). ``keep_embeddings=False`` drops the embeddings afterwards (the caller
    asked for none; they were only computed for the profile)."""
    if profile is None:
        return readings
    classes = list(classes or ALL_CODES)
    idx = [i for i, r in enumerate(readings) if getattr(r, "embedding", None) is not None and r.top3]
    if idx:
        emb = np.stack([np.asarray(readings[i].embedding, np.float32) for i in idx])
        rot = None
        if turned is not None:
            rot = np.stack([np.asarray(turned[i] if turned[i] is not None else readings[i].embedding, np.float32)
                            for i in idx])
        base = np.stack([_reading_probs(readings[i], classes) for i in idx])
        _rerank([readings[i] for i in idx], profile.classify(emb, base, classes, turned=rot), classes)
    if not keep_embeddings:
        for r in readings:
            r.embedding = None
    return readings


def apply_network_profile(readings, crops, profile: TileSetProfile, classifier):
    """Re-rank the base ``readings`` of ``crops`` (one each; None for a face-down tile) with a
    fine-tuned ``profile``, in place (as ``apply_profile``). Returns ``readings``."""
    classes = list(classifier.classes)
    idx = [i for i, (r, c) in enumerate(zip(readings, crops)) if c is not None and r.top3]
    if idx:
        base = np.stack([_reading_probs(readings[i], classes) for i in idx])
        probs = profile.classify_crops(classifier, [crops[i] for i in idx], base)
        _rerank([readings[i] for i in idx], probs, classes)
    return readings


def _rerank(readings, probs, classes) -> None:
    for r, p in zip(readings, probs):
        top = np.argsort(-p)[:3]
        old_top = float(r.top3[0][1]) if r.top3 else 1.0
        r.top3 = [(classes[j], float(p[j])) for j in top]
        # A TileRead's confidence is the detector's times the classifier's: keep the detector's.
        other = float(r.confidence) / old_top if old_top > 0 else 1.0
        r.code = classes[top[0]]
        r.confidence = min(1.0, other) * float(p[top[0]])
