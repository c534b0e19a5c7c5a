"""A user's tile set, learnt from one calibration photo and from corrections (issue 7).

A ``TileSetProfile`` keeps examples of the user's own tiles: the base classifier's penultimate
embedding of each example crop (upright and turned half a turn, since tiles facing away from the
camera are read upside down) and a few colour statistics, each with its code. It re-ranks the
base classifier's output for crops of that set:

- Embeddings are compared by cosine. (Centring on the set's mean embedding, SimpleShot's "CL2N",
  was measured too: it helped two evaluation sets and hurt two; see CALIBRATION.md.)
- A code's similarity is the best cosine over that code's examples (nearest example rather than
  a mean prototype): with the one example per code of a calibration photo the two are the same,
  and a correction that shows the tile differently (glare, a sideways tile) adds a second mode
  that a mean would blur. A colour term (L1 distance between ink-colour histograms, weighted by
  ``colour_weight``) is subtracted when the crops' colours are given: it separates tiles that
  differ mostly by ink colour.
- Product of experts: ``log p = log p_base + w * log q`` with ``q = softmax(similarity / T)``
  over the codes the profile knows (``w = profile_weight``, ``T = temperature``). A code without
  examples gets ``q = 1 / (number of codes known)``, the profile's "no opinion", so codes the
  profile has nothing for keep the base model's odds between them (red fives when the photo had
  none, say); codes the calibration declared absent from the set (no bonus row in the photo → no
  flowers) get no probability.

Saved as one ``.npz`` of float arrays plus a JSON metadata array (uint8); loaded with
``allow_pickle=False``.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from scorer.tiles import ALL_CODES

FORMAT = "mjtable-tileset-profile"
VERSION = 1
HUE_BINS = 8

#: Defaults chosen on the evaluation sets (models/classifier/CALIBRATION.md).
TEMPERATURE = 0.05
PROFILE_WEIGHT = 1.0
COLOUR_WEIGHT = 0.5
AUGMENT = 0   # measured: 8 copies changed the evaluation by +0.06 point (CALIBRATION.md)


class ProfileError(ValueError):
    """A profile that cannot be built, read or applied (bad file, wrong embedding size...)."""


def colour_stats(crop_bgr: np.ndarray) -> np.ndarray:
    """Ink colour of a tile crop: the share of its face's pixels that are saturated ink in each of
    ``HUE_BINS`` hue bins, then the face's mean lightness and saturation (all in 0..1).

    Only the central 80 % is used (the crop's margin holds table and tile body)."""
    import cv2
    h, w = crop_bgr.shape[:2]
    face = crop_bgr[int(h * 0.1):max(int(h * 0.9), 1), int(w * 0.1):max(int(w * 0.9), 1)]
    hsv = cv2.cvtColor(np.ascontiguousarray(face), cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(np.float32)
    sat, val = hsv[:, 1] / 255.0, hsv[:, 2] / 255.0
    ink = (sat > 0.35) & (val > 0.2)
    bins = np.minimum((hsv[:, 0] / 180.0 * HUE_BINS).astype(int), HUE_BINS - 1)
    hist = np.bincount(bins[ink], minlength=HUE_BINS).astype(np.float32) / max(len(hsv), 1)
    return np.concatenate([hist, [val.mean(), sat.mean()]]).astype(np.float32)


def default_embedder():
    """(embed, model_id): ``embed(crops) -> (n, d) array`` with the base classifier's
    penultimate features; ``model_id`` names the weights (profiles are tied to them)."""
    from .classifier import DEFAULT_WEIGHTS
    from .reader import classify_crops

    def embed(crops):
        readings = classify_crops(list(crops), embeddings=True)
        return np.stack([np.asarray(r.embedding, np.float32) for r in readings])
    return embed, weights_id(DEFAULT_WEIGHTS)


def weights_id(path) -> str:
    """Short content hash of a weights file ("" when it does not exist)."""
    import hashlib
    p = Path(path)
    if not p.exists():
        return ""
    return hashlib.sha256(p.read_bytes()).hexdigest()[:16]


def _normalise(x: np.ndarray) -> np.ndarray:
    n = np.linalg.norm(x, axis=-1, keepdims=True)
    return x / np.maximum(n, 1e-12)


def _rot180(crop: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(crop[::-1, ::-1])


def augment_crop(crop: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A plausible other photo of the same tile: turned a little, shifted, scaled, seen smaller
    (downscaled then upscaled), blurred, lighter or darker. Colours are kept (ink colour tells
    tiles apart)."""
    import cv2
    h, w = crop.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2 + rng.uniform(-3, 3), h / 2 + rng.uniform(-3, 3)), rng.uniform(-12, 12),
                                rng.uniform(0.88, 1.12))
    out = cv2.warpAffine(crop, m, (w, h), borderMode=cv2.BORDER_REPLICATE)
    if rng.random() < 0.6:
        side = int(rng.integers(14, 40))
        out = cv2.resize(cv2.resize(out, (side, side), interpolation=cv2.INTER_AREA), (w, h),
                         interpolation=cv2.INTER_LINEAR)
    if rng.random() < 0.4:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.5, 1.3))
    out = out.astype(np.float32) * rng.uniform(0.75, 1.2) + rng.uniform(-25, 25)
    return np.clip(out, 0, 255).astype(np.uint8)


@dataclass
class TileSetProfile:
    name: str
    embeddings: np.ndarray                 # (n, d) raw embeddings, one row per example view
    colours: np.ndarray                    # (n, HUE_BINS + 2) colour statistics per row
    codes: list[str]                       # code per row
    sources: list[str]                     # "calibration" or "correction" per row
    example_ids: list[int]                 # rows of one example (upright + turned) share an id
    absent_codes: list[str] = field(default_factory=list)  # codes the set is known not to have
    model_id: str = ""                     # weights the embeddings come from
    created: float = field(default_factory=time.time)
    temperature: float = TEMPERATURE
    profile_weight: float = PROFILE_WEIGHT
    colour_weight: float = COLOUR_WEIGHT
    augment: int = AUGMENT                 # augmented copies averaged into each example's embedding
    _embed: object = field(default=None, repr=False, compare=False)

    # ---- building -----------------------------------------------------------------------
    @classmethod
    def from_examples(cls, examples, name: str, embed=None, absent_codes=(), model_id: str | None = None,
                      **params) -> "TileSetProfile":
        """Profile from ``[(crop_bgr, code), ...]``. ``embed(crops) -> (n, d)`` defaults to the base
        classifier's penultimate features. Each crop is embedded upright and turned 180°."""
        examples = list(examples)
        if not examples:
            raise ProfileError("a profile needs at least one example")
        default_id = ""
        if embed is None:
            embed, default_id = default_embedder()
        for _, code in examples:
            _check_code(code)
        crops = [c for c, _ in examples]
        augment = int(params.pop("augment", AUGMENT))
        emb, col = _embed_views(embed, crops, augment)
        n = len(examples)
        codes = [code for _, code in examples for _ in (0, 1)]
        ids = [i for i in range(n) for _ in (0, 1)]
        absent = sorted(set(absent_codes) - {c for _, c in examples})
        profile = cls(name=name, embeddings=emb, colours=col, codes=codes, sources=["calibration"] * len(codes),
                      example_ids=ids, absent_codes=absent,
                      model_id=model_id if model_id is not None else default_id, augment=augment, **params)
        profile._embed = embed
        return profile

    def add_example(self, crop: np.ndarray, code: str, embed=None) -> None:
        """Add a corrected tile (the web UI's corrections): the crop with its right code."""
        _check_code(code)
        embed = embed or self._embed
        if embed is None:
            embed, _ = default_embedder()
            self._embed = embed
        emb, col = _embed_views(embed, [crop], self.augment, seed=len(self.codes))
        if emb.shape[1] != self.embeddings.shape[1]:
            raise ProfileError(f"embedding size {emb.shape[1]} does not match the profile's {self.embeddings.shape[1]}")
        new_id = (max(self.example_ids) + 1) if self.example_ids else 0
        self.embeddings = np.vstack([self.embeddings, emb])
        self.colours = np.vstack([self.colours, col])
        self.codes += [code, code]
        self.sources += ["correction", "correction"]
        self.example_ids += [new_id, new_id]
        if code in self.absent_codes:
            self.absent_codes.remove(code)

    def remove_last(self) -> str:
        """Undo the last correction; returns its code. Calibration examples are not removed."""
        if not self.sources or self.sources[-1] != "correction":
            raise ProfileError("no correction to undo")
        last = self.example_ids[-1]
        keep = [i for i, e in enumerate(self.example_ids) if e != last]
        code = self.codes[-1]
        self.embeddings = self.embeddings[keep]
        self.colours = self.colours[keep]
        self.codes = [self.codes[i] for i in keep]
        self.sources = [self.sources[i] for i in keep]
        self.example_ids = [self.example_ids[i] for i in keep]
        return code

    # ---- reading ------------------------------------------------------------------------
    @property
    def known_codes(self) -> list[str]:
        return sorted(set(self.codes), key=ALL_CODES.index)

    @property
    def n_corrections(self) -> int:
        return len({e for e, s in zip(self.example_ids, self.sources) if s == "correction"})

    def similarities(self, embeddings, colours=None) -> tuple[list[str], np.ndarray]:
        """(codes, (n, k) similarity of each embedding to each known code)."""
        emb = np.atleast_2d(np.asarray(embeddings, np.float32))
        if emb.shape[1] != self.embeddings.shape[1]:
            raise ProfileError(f"embeddings have {emb.shape[1]} values, the profile {self.embeddings.shape[1]} "
                               "(made with another classifier: calibrate again)")
        e = _normalise(emb)
        ex = _normalise(self.embeddings)
        sim = e @ ex.T                                     # (n, rows)
        if colours is not None and self.colour_weight:
            col = np.atleast_2d(np.asarray(colours, np.float32))
            dist = np.abs(col[:, None, :HUE_BINS] - self.colours[None, :, :HUE_BINS]).sum(-1)
            sim = sim - self.colour_weight * dist
        codes = self.known_codes
        out = np.full((len(e), len(codes)), -np.inf, np.float32)
        row_code = np.array([codes.index(c) for c in self.codes])
        for k in range(len(codes)):
            out[:, k] = sim[:, row_code == k].max(1)
        return codes, out

    def classify(self, embeddings, base_probs, classes, colours=None) -> np.ndarray:
        """Re-ranked probabilities (n, len(classes)) for the base model's ``base_probs`` over
        ``classes`` and the crops' ``embeddings`` (and optional ``colours``, see ``colour_stats``)."""
        base = np.atleast_2d(np.asarray(base_probs, np.float64))
        classes = list(classes)
        if base.shape[1] != len(classes):
            raise ProfileError(f"base_probs has {base.shape[1]} columns for {len(classes)} classes")
        out = base.copy()
        for c in self.absent_codes:
            if c in classes:
                out[:, classes.index(c)] = 0.0
        known, sim = self.similarities(embeddings, colours)
        cols = [classes.index(c) for c in known if c in classes]
        sim = sim[:, [known.index(classes[j]) for j in cols]]
        if cols:
            # Product of experts: log p = log base + w * log q, q = softmax(similarity / T) over
            # the codes the profile knows. A code without examples gets q = 1 / (codes known),
            # the profile's "no opinion": its odds against other unknown codes stay the base's.
            z = sim / self.temperature
            z -= z.max(1, keepdims=True)
            log_q = z - np.log(np.exp(z).sum(1, keepdims=True))
            log_p = np.log(np.maximum(out, 1e-300))
            log_p += self.profile_weight * -np.log(len(cols))
            log_p[:, cols] += self.profile_weight * (log_q + np.log(len(cols)))
            log_p[out <= 0] = -np.inf
            log_p -= log_p.max(1, keepdims=True)
            out = np.exp(log_p)
        total = out.sum(1, keepdims=True)
        return out / np.maximum(total, 1e-12)

    # ---- storage ------------------------------------------------------------------------
    def metadata(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "name": self.name, "codes": self.codes,
                "sources": self.sources, "example_ids": self.example_ids, "absent_codes": self.absent_codes,
                "model_id": self.model_id, "created": self.created, "temperature": self.temperature,
                "profile_weight": self.profile_weight, "colour_weight": self.colour_weight,
                "augment": self.augment}

    def save(self, path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = np.frombuffer(json.dumps(self.metadata()).encode(), np.uint8)
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez(tmp, embeddings=self.embeddings.astype(np.float32), colours=self.colours.astype(np.float32),
                 meta=meta)
        tmp.replace(path)
        return path

    @classmethod
    def load(cls, path) -> "TileSetProfile":
        path = Path(path)
        try:
            with np.load(path, allow_pickle=False) as z:
                emb, col, meta_raw = z["embeddings"], z["colours"], z["meta"]
        except FileNotFoundError:
            raise ProfileError(f"no profile at {path}") from None
        except (OSError, ValueError, KeyError) as exc:
            raise ProfileError(f"{path} is not a tile-set profile ({exc})") from None
        try:
            meta = json.loads(meta_raw.astype(np.uint8).tobytes().decode())
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ProfileError(f"{path}: unreadable metadata ({exc})") from None
        if meta.get("format") != FORMAT or meta.get("version") != VERSION:
            raise ProfileError(f"{path}: not a version-{VERSION} {FORMAT} file")
        n = len(meta["codes"])
        if emb.ndim != 2 or emb.shape[0] != n or col.shape[0] != n:
            raise ProfileError(f"{path}: {n} codes for {emb.shape[0]} embeddings")
        for c in meta["codes"]:
            _check_code(c)
        return cls(name=meta["name"], embeddings=emb.astype(np.float32), colours=col.astype(np.float32),
                   codes=list(meta["codes"]), sources=list(meta["sources"]), example_ids=list(meta["example_ids"]),
                   absent_codes=list(meta.get("absent_codes", [])), model_id=meta.get("model_id", ""),
                   created=float(meta.get("created", 0.0)), temperature=float(meta["temperature"]),
                   profile_weight=float(meta["profile_weight"]), colour_weight=float(meta["colour_weight"]),
                   augment=int(meta.get("augment", AUGMENT)))


def _check_code(code: str) -> None:
    if code not in ALL_CODES:
        raise ProfileError(f"unknown tile code {code!r}")


def _embed_views(embed, crops, augment: int = 0, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Embeddings and colours of each crop upright then turned 180°, interleaved. With
    ``augment``, a view's embedding is the normalised mean over the view and ``augment``
    augmented copies of it (``augment_crop``): a prototype that expects the tile seen a little
    differently."""
    views = [v for c in crops for v in (c, _rot180(c))]
    rng = np.random.default_rng(seed)
    batch = [x for v in views for x in [v] + [augment_crop(v, rng) for _ in range(augment)]]
    emb = np.asarray(embed(batch), np.float32)
    if emb.ndim != 2 or emb.shape[0] != len(batch):
        raise ProfileError(f"embed returned shape {emb.shape} for {len(batch)} crops")
    if augment:
        emb = _normalise(emb).reshape(len(views), augment + 1, -1).mean(1)
    col = np.stack([colour_stats(v) for v in views])
    return emb, col


# ---- applying a profile to the reader's output ---------------------------------------------

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


def apply_profile(readings, profile: TileSetProfile | None, colours=None, classes=None, crops=None,
                  keep_embeddings: bool = True):
    """Re-rank readings (``CropReading`` or ``TileRead``, each with an ``embedding``) with
    ``profile``, in place: ``code``, ``confidence`` and ``top3`` change. Readings without an
    embedding (face-down tiles) are left alone. Returns ``readings``.

    The base distribution is rebuilt from each reading's top-3 (the reader keeps no more). Colour
    statistics come from ``colours`` (one ``colour_stats`` row per reading) or ``crops`` (the
    readings' crops) when given. ``keep_embeddings=False`` drops the embeddings afterwards (the
    caller asked for none; they were only computed for the profile)."""
    if profile is None:
        return readings
    classes = list(classes or ALL_CODES)
    idx = [i for i, r in enumerate(readings) if getattr(r, "embedding", None) is not None and r.top3]
    if idx:
        emb = np.stack([np.asarray(readings[i].embedding, np.float32) for i in idx])
        base = np.stack([_reading_probs(readings[i], classes) for i in idx])
        if colours is None and crops is not None:
            colours = [colour_stats(c) for c in crops]
        col = None if colours is None else np.stack([np.asarray(colours[i], np.float32) for i in idx])
        probs = profile.classify(emb, base, classes, colours=col)
        for i, p in zip(idx, probs):
            r = readings[i]
            top = np.argsort(-p)[:3]
            old_top = float(r.top3[0][1]) if r.top3 else 1.0
            r.top3 = [(classes[j], float(p[j])) for j in top]
            # A TileRead's confidence is the detector's times the classifier's: keep the detector's.
            other = float(r.confidence) / old_top if old_top > 0 else 1.0
            r.code = classes[top[0]]
            r.confidence = min(1.0, other) * float(p[top[0]])
    if not keep_embeddings:
        for r in readings:
            r.embedding = None
    return readings


# ---- the user's saved profiles ---------------------------------------------------------------

def default_data_dir() -> Path:
    """``MJTABLE_DATA_DIR``, else ``$XDG_DATA_HOME/mjtable`` (``~/.local/share/mjtable``): the
    web UI's data directory too."""
    import os
    env = os.environ.get("MJTABLE_DATA_DIR")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "mjtable"


def slugify(name: str) -> str:
    import re
    slug = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")
    if not slug:
        raise ProfileError(f"profile name {name!r} has no letters or digits")
    return slug[:60]


class ProfileStore:
    """Profiles saved under ``<data dir>/profiles/<slug>.npz``; the active one is named in
    ``<data dir>/active_profile.json``."""

    def __init__(self, data_dir=None):
        self.data_dir = Path(data_dir) if data_dir else default_data_dir()
        self.folder = self.data_dir / "profiles"
        self.active_file = self.data_dir / "active_profile.json"

    def path(self, name: str) -> Path:
        return self.folder / f"{slugify(name)}.npz"

    def exists(self, name: str) -> bool:
        return self.path(name).exists()

    def save(self, profile: TileSetProfile) -> Path:
        return profile.save(self.path(profile.name))

    def load(self, name: str) -> TileSetProfile:
        p = self.path(name)
        if not p.exists():
            raise ProfileError(f"no profile named {name!r} (see `mjtable calibrate --list`)")
        return TileSetProfile.load(p)

    def list(self) -> list[dict]:
        active = self.active_slug()
        out = []
        for p in sorted(self.folder.glob("*.npz")):
            try:
                prof = TileSetProfile.load(p)
            except ProfileError as exc:
                out.append({"slug": p.stem, "name": p.stem, "path": str(p), "error": str(exc), "active": False})
                continue
            out.append({"slug": p.stem, "name": prof.name, "path": str(p), "codes": len(prof.known_codes),
                        "corrections": prof.n_corrections, "created": prof.created, "model_id": prof.model_id,
                        "active": p.stem == active})
        return out

    def active_slug(self) -> str | None:
        try:
            return json.loads(self.active_file.read_text()).get("slug")
        except (OSError, ValueError, AttributeError):
            return None

    def activate(self, name: str | None) -> None:
        """Make ``name`` the active profile (``None``: no profile, the base model alone)."""
        if name is None:
            self.active_file.unlink(missing_ok=True)
            return
        p = self.path(name)
        if not p.exists():
            raise ProfileError(f"no profile named {name!r} (see `mjtable calibrate --list`)")
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.active_file.write_text(json.dumps({"slug": p.stem}) + "\n")

    def active(self) -> TileSetProfile | None:
        slug = self.active_slug()
        if not slug or not (self.folder / f"{slug}.npz").exists():
            return None
        return TileSetProfile.load(self.folder / f"{slug}.npz")

    def remove(self, name: str) -> None:
        p = self.path(name)
        if not p.exists():
            raise ProfileError(f"no profile named {name!r} (see `mjtable calibrate --list`)")
        p.unlink()
        if self.active_slug() == p.stem:
            self.activate(None)
