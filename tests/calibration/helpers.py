"""Mock calibration photos: tiles placed in the documented rows, seen through a camera
(rotation, perspective), as the ``TileRead``s the reader would return; and a deterministic
stand-in for the classifier's embeddings."""
from __future__ import annotations

import math

import numpy as np

from vision.calibration import LAYOUT_ROWS
from vision.types import TileRead

TILE_W, TILE_H, GAP, ROW_GAP = 1.0, 1.35, 0.05, 0.5


def layout_positions(bonus: bool = True, rows_upward: bool = False):
    """[(code, corners on the table plane)] for the documented layout, rows top to bottom (or
    bottom to top with ``rows_upward``)."""
    out = []
    rows = LAYOUT_ROWS if bonus else LAYOUT_ROWS[:4]
    for r, (_, codes) in enumerate(rows):
        y = (-r if rows_upward else r) * (TILE_H + ROW_GAP)
        for k, code in enumerate(codes):
            x = k * (TILE_W + GAP)
            out.append((code, np.array([[x, y], [x + TILE_W, y], [x + TILE_W, y + TILE_H], [x, y + TILE_H]])))
    return out


def camera(angle_deg=0.0, scale=60.0, perspective=0.0, offset=(400.0, 300.0)):
    """Homography table plane → image: rotate, scale, then a perspective tilt (0 = none)."""
    a = math.radians(angle_deg)
    R = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    S = np.diag([scale, scale, 1.0])
    P = np.array([[1, 0, 0], [0, 1, 0], [0, perspective, 1]])   # far rows smaller
    T = np.array([[1, 0, offset[0]], [0, 1, offset[1]], [0, 0, 1]])
    C = np.array([[1, 0, -5], [0, 1, -4], [0, 0, 1]])            # centre the layout
    return T @ S @ R @ P @ C


def project(H, pts):
    p = np.hstack([pts, np.ones((len(pts), 1))]) @ H.T
    return p[:, :2] / p[:, 2:]


def mock_tiles(bonus=True, angle_deg=0.0, perspective=0.0, drop=(), extra=(), shuffle_seed=0, corners=True,
               noise=0.0, rows_upward=False, misread=0.0):
    """TileReads (shuffled) for the layout seen by ``camera``; returns (tiles, true codes). The
    reads' codes are the truth except a ``misread`` share, read as 9s."""
    H = camera(angle_deg, perspective=perspective)
    rng = np.random.default_rng(shuffle_seed)
    tiles, truth = [], []
    placed = [(c, q) for c, q in layout_positions(bonus, rows_upward) if c not in drop]
    for x, y in extra:
        placed.append(("9m", np.array([[x, y], [x + TILE_W, y], [x + TILE_W, y + TILE_H], [x, y + TILE_H]])))
    for code, quad in placed:
        img = project(H, quad) + rng.normal(0, noise, (4, 2))
        x0, y0 = img.min(0)
        x1, y1 = img.max(0)
        read = "9s" if rng.random() < misread else code
        tiles.append(TileRead(code=read, box=(x0, y0, x1, y1), confidence=0.9, top3=[(read, 0.9)],
                              corners=[tuple(p) for p in img] if corners else None))
        truth.append(code)
    order = rng.permutation(len(tiles))
    return [tiles[i] for i in order], [truth[i] for i in order]


def fake_embed(dim=32):
    """Deterministic embedding of a crop: a fixed random projection of its 8x8 grey image."""
    import cv2
    proj = np.random.default_rng(1234).normal(size=(64, dim)).astype(np.float32)

    def embed(crops):
        out = []
        for c in crops:
            g = cv2.resize(cv2.cvtColor(c, cv2.COLOR_BGR2GRAY), (8, 8), interpolation=cv2.INTER_AREA)
            out.append((g.astype(np.float32).ravel() / 255.0 - 0.5) @ proj)
        return np.stack(out)
    return embed


def code_crop(code: str, seed: int = 0, noise: float = 8.0, size: int = 64) -> np.ndarray:
    """A crop whose pattern depends on its code (and a little noise on ``seed``)."""
    from scorer.tiles import ALL_CODES
    base = np.random.default_rng(ALL_CODES.index(code)).integers(0, 256, (8, 8, 3)).astype(np.float32)
    img = np.kron(base, np.ones((size // 8, size // 8, 1)))
    img += np.random.default_rng(seed + 7919).normal(0, noise, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def quick_finetune(monkeypatch, steps: int = 3) -> None:
    """Fine-tuned profiles with the real classifier, but a few optimiser steps only (the
    mechanics under test, not the accuracy: that is ``vision_lab.calibration_eval``'s)."""
    from vision import finetune
    from vision.profile import tileset
    monkeypatch.setattr(finetune, "STEPS", steps)
    # a network model's own step count (the companion's 200) would override STEPS
    monkeypatch.setattr(tileset, "NETWORK_STEPS", {})
    monkeypatch.setattr(finetune, "HEAD_STEPS", steps)   # learning a correction
    monkeypatch.setattr(finetune, "HEAD_VIEWS", 2)


def active_learning_profile(data_dir, monkeypatch, name: str = "club set"):
    """A fine-tuned profile ``name`` (the real classifier, a few steps: ``quick_finetune``, two
    random examples) saved and made active in ``data_dir``; returns its store."""
    from vision.profile import ProfileStore, TileSetProfile
    quick_finetune(monkeypatch)
    store = ProfileStore(data_dir)
    rng = np.random.default_rng(0)
    crops = [rng.integers(0, 255, (80, 60, 3), dtype=np.uint8) for _ in range(2)]
    store.save(TileSetProfile.from_examples(list(zip(crops, ["1m", "2m"])), name=name))
    store.activate(name)
    return store
