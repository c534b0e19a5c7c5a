"""A user's tile set, learnt from one layout photo and from corrections (a tile-set
profile; guide and measured effect in docs/calibration.md).

A ``TileSetProfile`` re-ranks the base classifier's output for crops of one physical tile set,
with one of two experts learnt from the set's examples (the measures behind each choice:
docs/calibration.md, Decisions):

- **Fine-tuned network (format 3, the default with the shipped classifier).** The base
  classifier's weights trained further on many augmented views of the calibration examples
  (``vision.finetune``): the whole network adapts to the set's drawing. Corrections are kept
  (crop and code, with the calibration examples) and learnt at once by re-fitting the network's
  last layer on every example (``learn_corrections``); ``relearn`` (experimental) instead
  repeats the whole fine-tuning on every example.
- **Prototypes in a learnt metric (format 2; used when the profile is built from a custom
  ``embed`` function).** Each example's prototype is the mean embedding (base classifier's
  penultimate features) of its views; the metric whitens the spread of the views around their
  own example's mean (linear discriminant analysis with one example per class). A crop is scored
  against each prototype by minus half its squared whitened distance.

Views of an example: the crop upright, turned half a turn (tiles facing away from the camera)
and random other photos of it (``augment_crop``: turned up to 35°, seen in perspective,
stretched, lighter or darker, blurred, noisy, JPEG-compressed, half of them turned 180°). Both
experts read a crop upright and turned 180° and average the two.

Mixture of experts: ``p = a * p_base + (1 - a) * q``, ``q`` the expert's softmax over the codes
the profile knows (``a = base_weight``). Codes without examples (red fives when the photo had
none) keep ``a * p_base``, so the base model's odds between them; codes the calibration declared
absent (no bonus row → no flowers) get no probability. A mixture rather than a product: where the
base model is sure (a set like those it was trained on), it outvotes an unsure profile; on an
unseen set its probabilities mislead, so ``a`` is below one half.

Saved as one ``.npz`` of arrays plus a JSON metadata array (uint8); loaded with
``allow_pickle=False``. Version-1 profiles (cosine to raw embeddings, the first design)
are refused with the advice to calibrate again; version 2 (prototypes) still loads.
"""
from __future__ import annotations

import copy
import hashlib
import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from scorer.tiles import ALL_CODES

from ..blanks import WHITE_DRAGON, white_has_ink
from ..classifier import softmax
from ..dark_bodies import DARK_BODY_BELOW, DARK_BODY_LEAST, dark_bodied, lightness_inverted
from ..errors import ProfileError, ProfileUnreadable
from .files import write_privately
from .prototypes import SHRINK, example_views, fit_metric

FORMAT = "mjtable-tileset-profile"
VERSION = 3
READABLE_VERSIONS = (2, 3)

#: Defaults chosen on a tuning draw of the evaluation sets, not the reported one (docs/calibration.md).
AUGMENT = 40          # augmented views per example, besides the crop upright and turned
TEMPERATURE = 3.0     # of softmax(score / T), scores in half squared whitened distances
BASE_WEIGHT = 0.35    # of the base model's probabilities in the mixture (prototype expert)
NETWORK_BASE_WEIGHT = 0.2   # the same for the fine-tuned network expert
NETWORK_TEMPERATURE = 1.0   # of the fine-tuned network's softmax
# A code the base model reads with precision in this set (it named no calibration tile of another
# code as that code; in a set it reads well, no such tile surely) keeps the base model's sure
# readings: where its top probability is the profile's ``sure_base`` (the base weights' own
# threshold, SURE_BASE by default) or more and its top code is trusted, the mixture gives it
# SURE_BASE_WEIGHT instead of ``base_weight``. Without this, one poor calibration example (the
# real hand photos' 3m) costs 5 points on tiles the base model reads surely right. On unseen sets
# the base model is often sure and wrong (GL mono: 96.6 → 86.4 % if every code were trusted),
# but there it misreads calibration tiles too, and the codes it confuses them with are not
# trusted. Codes are judged one by one; the code's own tile must also be read right unless the
# base model reads most of the calibration photo right (``trusted_base_codes``, FAMILIAR_SET):
# the same on every tuning set, and the held-out photo group gains (docs/calibration.md,
# Decisions). Threshold and weight chosen on the tuning draw (seed 11;
# tools/calibration_experiments/gated_mixture.py, per_code_gate.py, precision_gate.py at commit
# 8c2eecd). In a set it reads poorly, NETWORK_VETO can still take that share away.
SURE_BASE = 0.9
#: A recorded hand's tiles, confirmed by the player, are kept as examples of the set (source
#: ``"hand:<key>"``); the newest CONFIRMED_PER_CODE of each code are kept, so that the profile
#: stays small (about 1 MB more at most, twice that with face cuts: ``FACE_SUFFIX``) and re-fitting
#: it stays within a few seconds.
CONFIRMED_PER_CODE = 6
#: The confirmed tiles a lesson pushed out by that cap are kept aside (``retired``) for the last
#: RETIRED_LESSONS lessons that pushed any out, and put back when that lesson is undone or the
#: hand forgotten: undoing a hand took its tiles back and lost the older ones it had replaced.
RETIRED_LESSONS = 10
#: A lesson that makes another tile of its photo (left as read) read as one of the lesson's codes
#: teaches that code nothing (``learn_hand``'s ``others``): an unseen GL-mono set's profile taught
#: three 7s seen edge-on read 6s and 9s of the same photo as 7s, 328 → 324 of 366 tiles right
#: over 20 photos; guarded, 328; a correction of 8m that helped, 328 → 329, passes the guard.
OTHERS_GUARD = True
HAND_SOURCE = "hand:"
#: A tile learnt after the calibration may come cut two ways, by its box and by its face's corners,
#: as the reader cuts it: the face cut is kept right after its box cut, its source that of the box
#: cut with this suffix, so that it is neither another correction nor another confirmed tile and
#: goes with its box cut (undo, a hand forgotten or replaced, the cap on confirmed tiles).
FACE_SUFFIX = " face"
SURE_BASE_WEIGHT = 0.8
# Share of the calibration tiles the base model must read right for its precision alone to
# decide which codes it is trusted with (``trusted_base_codes``).
FAMILIAR_SET = 0.8
# In a set the base model reads poorly (not ``familiar``), a sure base reading of a trusted code
# keeps only ``base_weight`` where the fine-tuned network reads another code at this or more (its
# softmax over the profile's codes): there one layout tile read right is thin evidence (an unseen
# riichi set's 6s read right on the layout photo, its other 6s surely 8s), and the network has
# seen the set. Not in a familiar set, where the network's confident misreadings of a poor
# example are what the trust is for (hand photos: 10 tiles lost). Fine-tuned profiles only.
# Chosen on draws 11, 13, 17 (docs/calibration.md, Decisions). None: off.
NETWORK_VETO: float | None = 0.5
# Whose network a new profile fine-tunes when the classifier has a companion: the classifier's
# own ("own": 1/8 width at 64 px) or its first companion ("companion": 1/4 width at 96 px, 200
# steps, trained on views of 3D tile bodies). Rows cut from their labelled boxes (GL mono, six
# tuning draws) read alike; whole photos of one set in six capture modes (three tuning sets, seed-2
# scenes) 6,233 -> 6,289 of 6,875 tiles right, no set worse: rows from low, heaps and standing hands
# gain (docs/calibration.md, Decisions). A profile builds in 40-44 s instead of 33-36 s.
NETWORK_MODELS = ("own", "companion")
NETWORK_MODEL = "companion"
# Fine-tuning steps for each (``finetune.STEPS`` when absent): the companion's step costs about
# three of the own network's, and building a profile should take about a minute.
NETWORK_STEPS = {"companion": 200}
# The fine-tuned network reads a crop at the other zooms of ``finetune.READ_ZOOMS`` only when its
# reading as cut (upright and turned 180°: its softmax over the profile's codes at the profile's
# temperature) is less sure than this, as the base model reads only its unsure crops at its zooms
# (``classifier.ZOOM_BELOW_CONFIDENCE``). None: every crop at every zoom. At 0.8, the three tuning
# sets' whole photos (six capture modes, seed-2 scenes) read 6,289 -> 6,292 of 6,875 tiles right
# with 56 % of the network's views; the 238 valid photos with a profile, read in turn, median /
# p95 408 / 595 -> 364 / 533 ms (docs/calibration.md, Decisions). Label smoothing keeps the
# network's sure readings under about 0.95: at 0.9 two thirds of the crops were read at every zoom.
NETWORK_ZOOM_BELOW: float | None = 0.8

@dataclass
class TileSetProfile:
    name: str
    prototypes: np.ndarray | None          # (n, d) mean embedding of each example's views (format 2)
    metric: np.ndarray | None              # (d, d) whitening learnt at calibration (x @ metric)
    codes: list[str]                       # code per example
    sources: list[str]                     # "calibration", "correction" or "hand:<key>" per example (FACE_SUFFIX)
    absent_codes: list[str] = field(default_factory=list)  # codes the set is known not to have
    model_id: str = ""                     # weights the embeddings come from
    created: float = field(default_factory=time.time)
    temperature: float = TEMPERATURE
    base_weight: float = BASE_WEIGHT
    augment: int = AUGMENT
    network: dict | None = None            # fine-tuned weights now (format 3), {name: array}
    calibration_network: dict | None = None  # the same right after calibration (undo starts there)
    examples: np.ndarray | None = None     # (n, s, s, 3) uint8 example crops (format 3)
    learnt: bool = True                    # the network has learnt every example (format 3)
    # codes whose sure base readings keep SURE_BASE_WEIGHT (``trusted_base_codes``)
    trusted_codes: list = field(default_factory=list)
    # per example learnt after the calibration (a correction or a confirmed tile), what the base
    # model read it as when that was wrong (else None): the base model's readings of those codes
    # no longer count as sure, however sure; in a familiar set only a sure misreading is kept
    base_misreads: list = field(default_factory=list)
    # how sure a base reading of a trusted code must be to keep SURE_BASE_WEIGHT: the base
    # model's own threshold (its calibration.json ``sure_base``), else SURE_BASE
    sure_base: float = SURE_BASE
    # the base model read the calibration photo well (FAMILIAR_SET): only its sure misreadings
    # of later examples then count against a code (``_append_examples``)
    familiar: bool = False
    # whose network was fine-tuned: the base classifier's own ("own") or its first companion's
    # ("companion": ``vision.classifier.profile_network_classifier``), and that network's weights
    network_model: str = "own"
    network_id: str = ""
    # the layout photo showed a dark-bodied set (vision.dark_bodies): every example is kept with
    # its lightness turned over, and the reader turns the photos it reads with this profile so
    dark_body: bool = False
    # the codes the layout photo said the set has not (``absent_codes`` as calibrated; None: as
    # ``absent_codes``, a profile saved before): a code learnt since and taken back is absent again
    layout_absent: list | None = None
    # the confirmed tiles lessons pushed out by CONFIRMED_PER_CODE (format 3), kept to be put back
    # when the lesson that pushed them is taken back: per tile {"code", "source", "misread", "by"}
    # (``by``: the lesson's key), and their crops beside the examples'
    retired: list = field(default_factory=list)
    retired_examples: np.ndarray | None = None
    _embed: object = field(default=None, repr=False, compare=False)
    # the codes the last ``learn_hand`` did not learn, its guard having found they spread (not saved)
    unlearnt_codes: list = field(default_factory=list, repr=False, compare=False)
    # the other tiles it found they spread to: (index among ``others``, the unlearnt code it read there)
    spread_to: list = field(default_factory=list, repr=False, compare=False)

    # ---- building -----------------------------------------------------------------------
    @classmethod
    def from_examples(cls, examples, name: str, embed=None, absent_codes=(), model_id: str | None = None,
                      shrink: float = SHRINK, seed: int = 0, classifier=None, steps: int | None = None,
                      batch: int | None = None, finetune_config=None, progress=None,
                      network_model: str | None = None, face_examples=(), **params) -> "TileSetProfile":
        """Profile from ``[(crop_bgr, code), ...]`` (one or more examples per code).

        By default the shipped classifier is fine-tuned on the examples (format 3; ``classifier``:
        another ``CropClassifier``, ``steps``: optimiser steps, default ``finetune.STEPS``). With
        ``embed(crops) -> (n, d)`` (a custom embedding) it learns prototypes in a metric instead.
        ``batch``: augmented views per step (default ``finetune.BATCH``); ``finetune_config``: a
        ``finetune.FinetuneConfig`` for the other settings; ``progress(done, total)``: called
        after each fine-tuning step. ``network_model``: whose network is fine-tuned, "own" or
        "companion" (default ``NETWORK_MODEL`` where the classifier has a companion, else "own");
        the classifier's own reading (its whole chain) stays the base model's.
        ``face_examples``: the same layout tiles cut by their face's corners (``[(crop, code)]``,
        as the reader also cuts a photo's tiles), learnt beside ``examples`` by a fine-tuned
        profile and kept as calibration examples. The base model's trust is judged on both cuts
        (a face cut it misreads is a way the reader sees that tile too), the set's body on
        ``examples`` (the face cuts show little of it)."""
        examples = list(examples)
        if not examples:
            raise ProfileError("a profile needs at least one example")
        for _, code in examples:
            _check_code(code)
        codes = [c for _, c in examples]
        absent = sorted(set(absent_codes) - set(codes))
        if embed is None:
            from .. import finetune
            if classifier is None:
                from ..classifier import default_classifier
                classifier = default_classifier()
            network_model, tuned = _network_model(classifier, network_model)
            crops = [c for c, _ in examples]
            dark = dark_bodied(crops, DARK_BODY_BELOW, DARK_BODY_LEAST)
            face_examples = list(face_examples)
            for _, code in face_examples:
                _check_code(code)
            crops = [_example_crop(lightness_inverted(c) if dark else c, tuned.imgsz)
                     for c in crops + [c for c, _ in face_examples]]
            codes = codes + [c for _, c in face_examples]
            net = finetune.finetune(tuned, crops, codes, steps=_network_steps(network_model, steps), batch=batch,
                                    seed=seed, config=finetune_config, progress=progress)
            params.setdefault("base_weight", NETWORK_BASE_WEIGHT)
            params.setdefault("temperature", NETWORK_TEMPERATURE)
            if getattr(classifier, "sure_base", None) is not None:
                params.setdefault("sure_base", float(classifier.sure_base))
            if "trusted_codes" not in params:
                params["trusted_codes"], params["familiar"] = _base_trust(
                    classifier.classify(crops), codes, params.get("sure_base", SURE_BASE))
            params.pop("augment", None)
            return cls(name=name, prototypes=None, metric=None, codes=codes, sources=["calibration"] * len(codes),
                       absent_codes=absent, layout_absent=list(absent),
                       model_id=classifier.weights_id if model_id is None else model_id, network=net, calibration_network=net, examples=np.stack(crops),
                       base_misreads=[None] * len(codes), network_model=network_model,
                       network_id=tuned.weights_id if tuned is not classifier else "", dark_body=dark, **params)
        augment = int(params.pop("augment", AUGMENT))
        if augment < 1:
            raise ProfileError("augment must be at least 1 (the metric is learnt from the augmented views)")
        views = example_views(embed, [c for c, _ in examples], augment, seed)
        profile = cls(name=name, prototypes=views.mean(1), metric=fit_metric(views, shrink), codes=codes,
                      sources=["calibration"] * len(examples), absent_codes=absent, layout_absent=list(absent),
                      model_id=model_id or "", augment=augment, **params)
        profile._embed = embed
        return profile

    @property
    def uses_network(self) -> bool:
        return self.network is not None

    def add_example(self, crop: np.ndarray, code: str, embed=None, classifier=None, learn: bool = True,
                    face: np.ndarray | None = None) -> None:
        """Add a corrected tile (the web UI's corrections): the crop with its right code. A
        fine-tuned profile learns it at once (``learn_corrections``: its last layer is re-fitted
        on every example, about a second) unless ``learn`` is false (then it waits for
        ``learn_corrections``). A prototype profile adds a prototype at once. ``face``: the same
        tile cut by its face's corners, learnt beside ``crop`` by a fine-tuned profile."""
        _check_code(code)
        if self.uses_network:
            self._append_examples([crop], [code], "correction", classifier, faces=[face])
            self.learnt = False
            if learn:
                self.learn_corrections(classifier)
        else:
            embed = embed or self._embed
            if embed is None:
                raise ProfileError("this profile (format 2) needs the embedding it was made with to learn a "
                                   "correction: calibrate again to get a fine-tuned profile")
            views = example_views(embed, [crop], self.augment, seed=len(self.codes))
            if views.shape[2] != self.prototypes.shape[1]:
                raise ProfileError(f"the profile {self.name!r} was made for other classifier weights (embeddings "
                                   f"of {self.prototypes.shape[1]} values; this mjtable's have {views.shape[2]}): "
                                   "calibrate this set again here with its layout photo")
            self.prototypes = np.vstack([self.prototypes, views.mean(1)])
            self._white_key = None
            self.codes.append(code)
            self.sources.append("correction")
        if code in self.absent_codes:
            self.absent_codes.remove(code)

    def remove_last(self, classifier=None, learn: bool = True) -> str:
        """Undo the last correction; returns its code. Calibration examples and confirmed hands
        are not removed. A fine-tuned profile goes back to its calibration weights when nothing
        learnt is left, else re-learns what is left (unless ``learn`` is false)."""
        last = max((i for i, s in enumerate(self.sources) if s == "correction"), default=None)
        if last is None:
            raise ProfileError("no correction to undo")
        code = self.codes[last]
        self._drop(self._with_faces([last]))
        self._absent_again()
        if self.uses_network:
            if learn or not self.n_learnt_examples:
                self.learn_corrections(classifier)   # none left: back to the calibration weights
            else:
                self.learnt = False
        return code

    def _append_examples(self, crops, codes, source: str, classifier=None, faces=None, read_as=None) -> None:
        """Keep ``crops`` as examples of ``codes`` learnt later than the calibration (``source``),
        noting for each what the base model misread it as: with trusted base codes, a shown
        misreading stops that code's sure base readings counting as sure. ``faces``: per crop
        its face cut or None, kept right after it (source with ``FACE_SUFFIX``). ``read_as``: per
        crop the base model's (code, probability) when the photo was read, or None: the reading
        the player corrected counts beside the crop's own (the crop, cut again to learn, may read
        otherwise: a standing 6s read 8s at 0.997 was cut again as a 6s at 0.54, and the 8s
        stayed trusted through every correction)."""
        read_as = list(read_as) if read_as is not None else [None] * len(codes)
        if len(read_as) != len(codes):
            raise ProfileError(f"{len(read_as)} readings for {len(codes)} codes")
        sources = [source] * len(codes)
        if faces is not None:
            if len(faces) != len(crops):
                raise ProfileError(f"{len(faces)} face cuts for {len(crops)} crops")
            rows = []
            for crop, face, code, read in zip(crops, faces, codes, read_as):
                rows.append((crop, code, source, read))
                if face is not None:
                    rows.append((face, code, source + FACE_SUFFIX, read))
            crops, codes, sources, read_as = ([r[k] for r in rows] for k in range(4))
        if self.dark_body:     # as the layout's examples were kept, and the reader turns the photos
            crops = [lightness_inverted(np.ascontiguousarray(c)) for c in crops]
        misreads = [None] * len(codes)
        if self.trusted_codes:
            # in a familiar set an unsure misreading says nothing of the sure readings kept, as
            # in the calibration photo (``trusted_base_codes``)
            reads = self._classifier(classifier).classify(list(crops))
            misreads = [r.code if r.code != c and (not self.familiar or r.confidence >= self.sure_base)
                        else None for r, c in zip(reads, codes)]
            for k, (read, code) in enumerate(zip(read_as, codes)):
                if misreads[k] is None and read is not None and read[0] is not None and read[0] != code \
                        and (not self.familiar or (read[1] is not None and read[1] >= self.sure_base)):
                    misreads[k] = read[0]
        size = self.examples.shape[1]
        self.examples = np.concatenate([self.examples, np.stack([_example_crop(c, size) for c in crops])])
        self._align_misreads()
        self.base_misreads += misreads
        self.codes += list(codes)
        self.sources += sources

    def _with_faces(self, rows) -> list[int]:
        """``rows`` and the face cut kept right after each (``FACE_SUFFIX``)."""
        out = []
        for i in rows:
            out.append(i)
            if i + 1 < len(self.sources) and self.sources[i + 1] == self.sources[i] + FACE_SUFFIX:
                out.append(i + 1)
        return out

    def _drop(self, rows) -> None:
        """Remove the examples at ``rows`` (never calibration examples: callers pick them)."""
        rows = set(rows)
        keep = [i for i in range(len(self.codes)) if i not in rows]
        self._align_misreads()
        self.codes = [self.codes[i] for i in keep]
        self.sources = [self.sources[i] for i in keep]
        self.base_misreads = [self.base_misreads[i] for i in keep]
        if self.uses_network:
            self.examples = self.examples[keep]
        else:
            self.prototypes = self.prototypes[keep]
            self._white_key = None

    def learn_hand(self, key: str, crops, codes, classifier=None, learn: bool = True,
                   keep_per_code: int | None = None, faces=None, read_as=None, others=None) -> int:
        """Learn a recorded hand: ``crops`` (upright tile crops) with the ``codes`` the player
        confirmed when recording it. ``key`` names the hand (its draft or log id): learning the
        same key again replaces that hand's tiles (the later confirmation wins: a hand edited
        after recording), and ``forget_hand(key)`` takes them back. Of each code, the newest
        ``keep_per_code`` (default ``CONFIRMED_PER_CODE``) confirmed tiles are kept. A fine-tuned profile re-fits its last
        layer (``learn_corrections``) unless ``learn`` is false. ``faces``: per crop the same
        tile cut by its face's corners, or None, learnt beside it. ``read_as``: per crop the base
        model's (code, probability) when its photo was read, or None (``_append_examples``).
        ``others``: ``(read, codes)``, the photo's tiles this lesson does not teach with the codes
        the player leaves them, ``read(profile)`` their codes as ``profile`` reads them (None where it
        cannot: the lesson is learnt as it stands): a taught
        code that one of them comes to be read as, other than its own, is not learnt from this
        hand (``unlearnt_codes``; ``OTHERS_GUARD``), and the other tiles it came to be read on are
        told (``spread_to``: twins of a corrected tile the player has not corrected yet, or tiles
        it would have misread). Returns the tiles kept."""
        if not self.uses_network:
            raise ProfileError("only fine-tuned profiles learn from recorded hands (format 3): calibrate again")
        crops, codes = list(crops), list(codes)
        if len(crops) != len(codes):
            raise ProfileError(f"{len(crops)} crops for {len(codes)} codes")
        for code in codes:
            _check_code(code)
        self.unlearnt_codes, self.spread_to = [], []
        guarded = OTHERS_GUARD and others is not None and learn and bool(crops)
        before = others[0](self) if guarded else None
        guarded = before is not None       # ``read`` answers None where it cannot read: learnt unguarded
        # what a lesson changes besides the network, put back before one without a spreading code
        # (the cap on confirmed tiles drops other hands' oldest tiles of the codes taught)
        kept_as = (self.examples, list(self.codes), list(self.sources), list(self.base_misreads),
                   list(self.absent_codes), list(self.retired), self.retired_examples) if guarded else None
        kept = list(range(len(codes)))
        while True:
            whole = len(kept) == len(codes)     # (uneven faces or readings are refused as given)
            taught = self._learn_hand_tiles(key, [crops[i] for i in kept], [codes[i] for i in kept], classifier, learn,
                                            keep_per_code, faces if whole or faces is None else [faces[i] for i in kept],
                                            read_as if whole or read_as is None else [read_as[i] for i in kept])
            if not guarded or not kept:
                return taught
            after = others[0](self)
            if after is None:
                return taught
            # a corrected tile seen edge-on taught 7s as "oblique tile with sticks": three plainly
            # seen 6s and 9s of its photo, left as they were read, read 7s after it (docs/calibration.md)
            captured = {a for b, a, c in zip(before, after, others[1])
                        if a != b and a != c and a in {codes[i] for i in kept}}
            if not captured:
                return taught
            self.unlearnt_codes = sorted(set(self.unlearnt_codes) | captured, key=ALL_CODES.index)
            told = {k for k, _ in self.spread_to}
            self.spread_to += [(k, a) for k, (b, a, c) in enumerate(zip(before, after, others[1]))
                               if a != b and a != c and a in captured and k not in told]
            kept = [i for i in kept if codes[i] not in captured]
            self.examples, self.codes, self.sources, self.base_misreads, self.absent_codes = (
                kept_as[0], list(kept_as[1]), list(kept_as[2]), list(kept_as[3]), list(kept_as[4]))
            self.retired, self.retired_examples = list(kept_as[5]), kept_as[6]

    def _learn_hand_tiles(self, key: str, crops, codes, classifier, learn: bool, keep_per_code, faces,
                          read_as) -> int:
        """``learn_hand``'s lesson itself, without its guard."""
        source = HAND_SOURCE + str(key)
        # the hand learnt again (edited, recorded again): copies of its own tiles pushed out go,
        # then its tiles, then what its first lesson pushed out comes back, with room made for it
        # (put back first, it was pushed out again at once by the hand's own tiles, and stayed out)
        self._forget_retired_of(key)
        self._drop(self._hand_rows(key))
        self._put_back_retired(key)
        if crops:
            self._append_examples(crops, codes, source, classifier, faces=faces, read_as=read_as)
            self.absent_codes = [c for c in self.absent_codes if c not in codes]
            # The oldest confirmed tiles of a code beyond the cap go (corrections always stay).
            extra = []
            for code in set(codes):
                extra += self._confirmed_rows(code)[:-(CONFIRMED_PER_CODE if keep_per_code is None else keep_per_code)]
            self._retire(self._with_faces(extra), str(key))
        self._absent_again()    # a hand sent again without a code it taught before
        self.learnt = False
        if learn:
            self.learn_corrections(classifier)
        return sum(s == source for s in self.sources)

    def _absent_again(self) -> None:
        """The layout's absent codes no example teaches any longer made absent again: a 2f learnt
        from a hand and taken back (the hand undone) stayed readable in a set with no flowers."""
        if self.layout_absent is not None:
            kept = set(self.codes)
            self.absent_codes = sorted(set(self.absent_codes) | {c for c in self.layout_absent if c not in kept},
                                       key=ALL_CODES.index)

    def taught_by(self, key: str) -> int:
        """How many tiles the hand of ``key`` taught (``learn_hand``), as this profile keeps them."""
        return sum(not self.sources[i].endswith(FACE_SUFFIX) for i in self._hand_rows(key))

    def forget_hand(self, key: str, classifier=None, learn: bool = True) -> int:
        """Take back what ``learn_hand(key, ...)`` taught (the hand was deleted or undone);
        returns the number of tiles removed."""
        rows = self._hand_rows(key)
        tiles = sum(not self.sources[i].endswith(FACE_SUFFIX) for i in rows)
        self._forget_retired_of(key)
        self._drop(rows)
        # the older tiles its lesson had pushed out, even where later lessons pushed out its own
        back = self._put_back_retired(key)
        if rows or back:
            self._absent_again()
            self.learnt = False
            if learn and self.uses_network:
                self.learn_corrections(classifier)
        return tiles

    def _confirmed_rows(self, code: str) -> list[int]:
        """The rows of ``code``'s confirmed tiles (box cuts), oldest first: what the cap counts."""
        return [i for i, (c, s) in enumerate(zip(self.codes, self.sources))
                if c == code and s.startswith(HAND_SOURCE) and not s.endswith(FACE_SUFFIX)]

    def _retire(self, rows, by: str) -> None:
        """Set the examples at ``rows`` aside as pushed out by lesson ``by`` (``RETIRED_LESSONS``)."""
        rows = sorted(rows)
        if not rows:
            return
        self._align_misreads()
        self.retired = self.retired + [{"code": self.codes[i], "source": self.sources[i],
                                        "misread": self.base_misreads[i], "by": by} for i in rows]
        taken = self.examples[rows]
        self.retired_examples = taken if self.retired_examples is None or not len(self.retired_examples) \
            else np.concatenate([self.retired_examples, taken])
        self._drop(rows)
        lessons = list(dict.fromkeys(r["by"] for r in reversed(self.retired)))[:RETIRED_LESSONS]
        self._keep_retired([k for k, r in enumerate(self.retired) if r["by"] in lessons])

    def _keep_retired(self, keep) -> None:
        self.retired = [self.retired[k] for k in keep]
        if self.retired_examples is not None:
            self.retired_examples = self.retired_examples[list(keep)]

    def _forget_retired_of(self, key: str) -> None:
        """The tiles of hand ``key`` set aside by later lessons: gone with the hand."""
        own = (HAND_SOURCE + str(key), HAND_SOURCE + str(key) + FACE_SUFFIX)
        self._keep_retired([k for k, r in enumerate(self.retired) if r["source"] not in own])

    def _put_back_retired(self, by: str) -> int:
        """The tiles lesson ``by`` pushed out, back among the examples, each code's before the
        confirmed tiles of that code kept since (they were the oldest: the cap counts by place);
        beyond ``CONFIRMED_PER_CODE`` the oldest are set aside again, by the newest lesson of their
        code. Returns the rows put back."""
        back = [k for k, r in enumerate(self.retired) if r["by"] == str(by)]
        if not back or not self.uses_network:
            return 0
        rows, crops = [self.retired[k] for k in back], self.retired_examples[back]
        self._keep_retired([k for k in range(len(self.retired)) if k not in set(back)])
        self._align_misreads()
        for code in dict.fromkeys(r["code"] for r in rows):
            mine = [k for k, r in enumerate(rows) if r["code"] == code]
            at = next((i for i, (c, src) in enumerate(zip(self.codes, self.sources))
                       if c == code and src.startswith(HAND_SOURCE)), len(self.codes))
            self.examples = np.concatenate([self.examples[:at], crops[mine], self.examples[at:]])
            self.codes[at:at] = [code] * len(mine)
            self.sources[at:at] = [rows[k]["source"] for k in mine]
            self.base_misreads[at:at] = [rows[k]["misread"] for k in mine]
            kept = self._confirmed_rows(code)
            if len(kept) > CONFIRMED_PER_CODE:
                newest = self.sources[kept[-1]][len(HAND_SOURCE):]
                self._retire(self._with_faces(kept[:len(kept) - CONFIRMED_PER_CODE]), newest)
        return len(rows)

    def _hand_rows(self, key: str) -> list[int]:
        """The rows ``learn_hand(key, ...)`` added: its tiles and their face cuts."""
        source = HAND_SOURCE + str(key)
        return [i for i, s in enumerate(self.sources) if s in (source, source + FACE_SUFFIX)]

    def _align_misreads(self) -> None:
        n = len(self.codes)
        self.base_misreads = (list(self.base_misreads) + [None] * n)[:n]

    def learn_corrections(self, classifier=None, correction_examples: float | None = None) -> None:
        """Learn the corrections kept so far: the calibration network's last layer re-fitted on
        every example (``finetune.refit_head``, each correction weighing ``correction_examples``
        calibration examples, default ``finetune.HEAD_CORRECTION_EXAMPLES``); the rest of the
        calibration network is kept.
        Measured (docs/calibration.md, "Measured effect"): corrected crops read right when
        seen again as corrected, other tiles no worse than without them; re-training the whole
        network lost points."""
        from .. import finetune
        if not self.uses_network:
            raise ProfileError("only fine-tuned profiles learn corrections this way (format 3)")
        if not self.n_learnt_examples:
            self.network, self.learnt = self.calibration_network, True
            return
        classifier = self.network_classifier(classifier)
        self.network = finetune.refit_head(classifier, self.calibration_network, list(self.examples), self.codes,
                                           self.sources, correction_examples=correction_examples)
        self.learnt = True

    def relearn(self, classifier=None, steps: int | None = None, seed: int = 0, progress=None) -> None:
        """Fine-tune the base classifier again on every example, calibration and corrections
        (``finetune.STEPS`` steps, as long as calibrating: about a minute on a small CPU);
        ``progress(done, total)`` follows it."""
        from .. import finetune
        if not self.uses_network:
            raise ProfileError("only fine-tuned profiles relearn (format 3): calibrate again")
        classifier = self.network_classifier(classifier)
        self.network = finetune.finetune(classifier, list(self.examples), self.codes,
                                         steps=_network_steps(self.network_model, steps), seed=seed, progress=progress)
        self.learnt = True

    def _classifier(self, classifier=None):
        """``classifier`` (default: the shipped one), checked to be the model this profile was
        made with."""
        if classifier is None:
            from ..classifier import default_classifier
            classifier = default_classifier()
        self.check_model(classifier)
        return classifier

    def network_classifier(self, classifier=None):
        """The classifier whose network this profile fine-tuned (``network_model``), for
        ``classifier`` (default: the shipped one), checked to be the one it was made with."""
        base = self._classifier(classifier)
        if self.network_model == "own":
            return base
        from ..classifier import profile_network_classifier
        tuned = profile_network_classifier(base)
        if tuned is None or (self.network_id and tuned.weights_id != self.network_id):
            # worded as the profile list and the activation say it (``store.model_problem``)
            raise ProfileError(f"the profile {self.name!r} was made with another companion network "
                               f"({self.network_id or 'unknown'}): calibrate this set again here with its layout photo")
        return tuned

    def check_model(self, classifier) -> None:
        """Refuse a classifier other than the one this profile was made with: its prototypes or
        weights come from that model and would mislead with another one's."""
        model_id = getattr(classifier, "weights_id", "")
        if self.model_id and model_id and self.model_id != model_id:
            raise ProfileError(f"the profile {self.name!r} was made for other classifier weights "
                               f"({self.model_id}; this mjtable's are {model_id}): calibrate this set again here "
                               "with its layout photo")

    # ---- reading ------------------------------------------------------------------------
    @property
    def known_codes(self) -> list[str]:
        return sorted(set(self.codes), key=ALL_CODES.index)

    def white_has_ink(self) -> bool | None:
        """Whether this set's white dragon has ink, as its examples of 5z show
        (``vision.blanks.white_has_ink``); None when it has none kept as crops."""
        if self.examples is None:
            return None
        return white_has_ink([self.examples[i] for i, c in enumerate(self.codes) if c == WHITE_DRAGON])

    @property
    def n_corrections(self) -> int:
        return sum(1 for s in self.sources if s == "correction")

    @property
    def n_confirmed(self) -> int:
        """Tiles kept from recorded hands (``learn_hand``)."""
        return sum(1 for s in self.sources if s.startswith(HAND_SOURCE) and not s.endswith(FACE_SUFFIX))

    @property
    def n_learnt_examples(self) -> int:
        """Tiles learnt beyond the calibration photo's: corrections and confirmed tiles (a tile
        learnt cut two ways counts once)."""
        return sum(1 for s in self.sources if s != "calibration" and not s.endswith(FACE_SUFFIX))

    def scores(self, embeddings, turned=None) -> tuple[list[str], np.ndarray]:
        """(codes, (n, k) score of each crop for each known code): minus half the squared whitened
        distance to the code's nearest prototype, averaged over the crop's embedding upright and
        ``turned`` 180° (when given). Prototype profiles only."""
        if self.prototypes is None:
            raise ProfileError("a fine-tuned profile reads crops, not embeddings (use network_scores)")
        emb = self._check(embeddings)
        proto = self._whitened_prototypes()
        dist = self._half_sq(emb @ self.metric, proto)
        if turned is not None:
            dist = (dist + self._half_sq(self._check(turned) @ self.metric, proto)) / 2
        codes = self.known_codes
        row_code = np.array([codes.index(c) for c in self.codes])
        out = np.stack([-dist[:, row_code == k].min(1) for k in range(len(codes))], 1)
        return codes, out

    def network_scores(self, classifier, crops) -> tuple[list[str], np.ndarray]:
        """(codes, (n, k) logits of the fine-tuned network for each known code), averaged over each
        crop upright and turned 180°."""
        from .. import finetune
        classifier = self.network_classifier(classifier)
        key = (id(self.network), id(classifier))     # a torch module or arrays, as this classifier reads
        if getattr(self, "_model_key", None) != key:
            self._model = _reading_network(classifier, self.network)
            self._model_key = key
        codes = self.known_codes
        classes = list(classifier.classes)
        missing = [c for c in codes if c not in classes]
        if missing:
            raise ProfileError(f"the classifier has no class for {missing}")
        cols = [classes.index(c) for c in codes]
        crops = list(crops)
        if NETWORK_ZOOM_BELOW is None:
            return codes, finetune.turned_logits(classifier, self._model, crops)[:, cols]
        # the other zooms only for the crops the network reads as cut less surely than NETWORK_ZOOM_BELOW
        logits, _ = classifier.reading_logits(
            crops, True, finetune.READ_ZOOMS, model=self._model,
            unsure=lambda as_cut: softmax(np.asarray(as_cut[:, cols] / self.temperature, np.float64)).max(1)
            < NETWORK_ZOOM_BELOW)
        return codes, logits[:, cols]

    def _whitened_prototypes(self) -> np.ndarray:
        # Kept between calls (reading a photo should not redo n x d x d work); add_example and
        # remove_last reset the key, as does assigning other arrays.
        key = (id(self.prototypes), id(self.metric))
        if getattr(self, "_white_key", None) != key:
            self._white = self.prototypes @ self.metric
            self._white_key = key
        return self._white

    @staticmethod
    def _half_sq(z: np.ndarray, proto: np.ndarray) -> np.ndarray:
        return 0.5 * ((z * z).sum(1)[:, None] - 2 * z @ proto.T + (proto * proto).sum(1)[None])

    def _check(self, embeddings) -> np.ndarray:
        emb = np.atleast_2d(np.asarray(embeddings, np.float32))
        if emb.shape[1] != self.prototypes.shape[1]:
            raise ProfileError(f"the profile {self.name!r} was made for other classifier weights (embeddings "
                               f"of {self.prototypes.shape[1]} values; this mjtable's have {emb.shape[1]}): "
                               "calibrate this set again here with its layout photo")
        return emb

    def classify(self, embeddings, base_probs, classes, turned=None) -> np.ndarray:
        """Re-ranked probabilities (n, len(classes)) for the base model's ``base_probs`` over
        ``classes`` and the crops' ``embeddings`` (and those of the crops ``turned`` 180°).
        Prototype profiles; a fine-tuned one reads crops (``classify_crops``)."""
        known, score = self.scores(embeddings, turned)
        return self.mix(base_probs, classes, known, score)

    def classify_crops(self, classifier, crops, base_probs) -> np.ndarray:
        """Re-ranked probabilities (n, classifier's classes) of a fine-tuned profile for ``crops``
        and the base model's ``base_probs`` of them."""
        known, score = self.network_scores(classifier, crops)
        return self.mix(base_probs, classifier.classes, known, score)

    def mix(self, base_probs, classes, known, score) -> np.ndarray:
        """``a * base + (1 - a) * softmax(score / T)`` over the ``known`` codes (module docstring)."""
        base = np.atleast_2d(np.asarray(base_probs, np.float64))
        classes = list(classes)
        if base.shape[1] != len(classes):
            raise ProfileError(f"base_probs has {base.shape[1]} columns for {len(classes)} classes")
        out = base.copy()
        for c in self.absent_codes:
            if c in classes:
                out[:, classes.index(c)] = 0.0
        cols = [classes.index(c) for c in known if c in classes]
        score = np.asarray(score, np.float64)[:, [known.index(classes[j]) for j in cols]]
        if cols:
            # Mixture of experts: p = a base + (1 - a) q, q = softmax(score / T) over the codes the
            # profile knows (none for the others: they keep a base, in the base model's ratios).
            q = softmax(score / self.temperature)     # score: float64
            out /= np.maximum(out.sum(1, keepdims=True), 1e-12)
            a = np.broadcast_to(np.asarray(self.base_weight, np.float64).reshape(-1, 1), (len(out), 1))
            trusted = set(self.trusted_codes) - set(self.base_misreads)
            if trusted:               # the base model's sure readings keep a larger share (sure_base)
                sure = (out.max(1) >= self.sure_base) & np.isin(out.argmax(1), [classes.index(c) for c in trusted
                                                                               if c in classes])
                if NETWORK_VETO is not None and not self.familiar and self.uses_network:
                    other = np.array(cols)[q.argmax(1)] != out.argmax(1)
                    sure &= ~(other & (q.max(1) >= NETWORK_VETO))
                a = np.where(sure[:, None], SURE_BASE_WEIGHT, a)
            out *= a
            out[:, cols] += (1 - a) * q
        total = out.sum(1, keepdims=True)
        return out / np.maximum(total, 1e-12)

    # ---- storage ------------------------------------------------------------------------
    def metadata(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "name": self.name, "codes": self.codes,
                "sources": self.sources, "absent_codes": self.absent_codes, "model_id": self.model_id,
                **({"layout_absent": list(self.layout_absent)} if self.layout_absent is not None else {}),
                "created": self.created, "temperature": self.temperature, "base_weight": self.base_weight,
                "augment": self.augment, "expert": "network" if self.uses_network else "prototypes",
                "learnt": self.learnt, "trusted_codes": list(self.trusted_codes),
                "base_misreads": list(self.base_misreads), "sure_base": self.sure_base,
                "familiar": self.familiar, "network_model": self.network_model, "network_id": self.network_id,
                "dark_body": self.dark_body, **({"retired": list(self.retired)} if self.retired else {})}

    def save(self, path) -> Path:
        path = Path(path)
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        meta = np.frombuffer(json.dumps(self.metadata()).encode(), np.uint8)
        arrays = {"meta": meta}
        if self.uses_network:
            # float16 halves the file (the network is 0.5 M weights): reading is unchanged at
            # that precision (profile evaluation).
            arrays["examples"] = np.asarray(self.examples, np.uint8)
            if self.retired:
                arrays["retired_examples"] = np.asarray(self.retired_examples, np.uint8)
            nets = [("net0/", self.calibration_network)]
            if self.network is not self.calibration_network:  # corrections learnt: both kept (undo)
                nets.append(("net/", self.network))
            for prefix, net in nets:
                for k, v in net.items():
                    v = np.asarray(v)
                    arrays[prefix + k] = v.astype(np.float16) if v.dtype.kind == "f" else v
        else:
            # float16: the metric is d x d (3 MB for the shipped classifier's 1280 values).
            arrays.update(prototypes=self.prototypes.astype(np.float32), metric=self.metric.astype(np.float16))
        # Private (0600): the user's tile crops, like the game log's photos.
        write_privately(path, lambda f: np.savez_compressed(f, **arrays))
        return path

    @classmethod
    def load(cls, path, shown: str | None = None) -> "TileSetProfile":
        """The profile saved at ``path``. Every way a file can be damaged (empty, truncated, a bad
        CRC, metadata missing a field or not an object) is a ProfileError naming the file (its
        name only, or ``shown``: messages reach web pages), never another exception."""
        path = Path(path)
        name = shown or path.name
        if not path.is_file():
            raise ProfileError(f"no profile file {name}")
        try:
            # a copy: the caller may teach it, and the kept one stays as the file is
            return copy.deepcopy(_LOADED.get(_file_key(path), lambda: cls._load(path, name)))
        except ProfileError:
            raise
        except (MemoryError, OSError) as exc:    # the machine's, not the file's (zipfile's errors are not OSError)
            raise ProfileUnreadable(f"{name} could not be read now ({type(exc).__name__}: {exc})") from None
        except Exception as exc:  # zipfile.BadZipFile, EOFError, zlib.error, KeyError, TypeError...
            raise ProfileError(f"{name} is damaged ({type(exc).__name__}: {exc})") from None

    @classmethod
    def _load(cls, path: Path, name: str) -> "TileSetProfile":
        with np.load(path, allow_pickle=False) as z:
            if "meta" not in z.files:
                raise ProfileError(f"{name} is not a tile-set profile (no metadata)")
            meta_raw = z["meta"]
            arrays = {k: z[k] for k in z.files if k != "meta"}
        try:
            meta = json.loads(meta_raw.astype(np.uint8).tobytes().decode())
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ProfileError(f"{name}: unreadable metadata ({exc})") from None
        if not isinstance(meta, dict):
            raise ProfileError(f"{name} is damaged (its metadata is not an object)")
        if meta.get("format") != FORMAT:
            raise ProfileError(f"{name}: not a {FORMAT} file")
        version = meta.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > max(READABLE_VERSIONS):
            # "an earlier mjtable" was said of a profile a newer one made
            raise ProfileError(f"{name}: a version-{version} profile, made by a newer mjtable; this one reads "
                               f"versions {', '.join(map(str, READABLE_VERSIONS))}: update mjtable, or calibrate again")
        if version not in READABLE_VERSIONS:
            raise ProfileError(f"{name}: a version-{version} profile (an earlier mjtable); "
                               f"this one reads versions {', '.join(map(str, READABLE_VERSIONS))}: calibrate again")
        for key, kind in (("name", str), ("codes", list), ("sources", list)):
            if not isinstance(meta.get(key), kind):
                raise ProfileError(f"{name} is damaged (its metadata has no {key})")
        if len(meta["sources"]) != len(meta["codes"]):
            raise ProfileError(f"{name} is damaged ({len(meta['codes'])} codes for {len(meta['sources'])} sources)")
        for c in meta["codes"]:
            _check_code(c)
        # what a crafted or damaged file could hold that later crashes a listing or every reading
        # (an imported profile is made active at once): said as damage here
        if not all(isinstance(v, str) for v in meta["sources"]):
            raise ProfileError(f"{name} is damaged (a source of its examples is not a word)")
        for absent in (meta.get("absent_codes", []), meta.get("layout_absent", [])):
            if not isinstance(absent, list) or not all(isinstance(c, str) and c in ALL_CODES for c in absent):
                raise ProfileError(f"{name} is damaged (its absent codes are not tile codes)")
        created = meta.get("created", 0.0)
        if not isinstance(created, (int, float)) or isinstance(created, bool) or not 0 <= created < 1e11:
            raise ProfileError(f"{name} is damaged (its date is not a date)")
        n = len(meta["codes"])
        common = dict(name=meta["name"], codes=list(meta["codes"]), sources=list(meta["sources"]),
                      absent_codes=list(meta.get("absent_codes", [])), model_id=meta.get("model_id", ""),
                      layout_absent=list(meta["layout_absent"]) if "layout_absent" in meta else None,
                      created=float(meta.get("created", 0.0)), temperature=float(meta["temperature"]),
                      base_weight=float(meta["base_weight"]), augment=int(meta.get("augment", AUGMENT)),
                      trusted_codes=_trusted_codes_of(meta), sure_base=float(meta.get("sure_base", SURE_BASE)),
                      familiar=_familiar_of(meta),
                      network_model=meta["network_model"] if meta.get("network_model") in NETWORK_MODELS else "own",
                      network_id=str(meta.get("network_id", "")), dark_body=meta.get("dark_body") is True,
                      base_misreads=[c if c in ALL_CODES else None for c in meta.get("base_misreads", [])])
        if meta.get("expert") == "network":
            def network(prefix):
                return {k[len(prefix):]: v.astype(np.float32) if v.dtype.kind == "f" else v
                        for k, v in arrays.items() if k.startswith(prefix)}
            net, net0 = network("net/"), network("net0/")
            examples = arrays.get("examples")
            if not net0 or examples is None or len(examples) != n:
                raise ProfileError(f"{name}: a fine-tuned profile without its network or examples")
            if examples.ndim != 4 or examples.shape[1] != examples.shape[2] or examples.shape[3] != 3 \
                    or not 16 <= examples.shape[1] <= 512:
                raise ProfileError(f"{name} is damaged (its examples are not tile crops: {examples.shape})")
            if net and {k: v.shape for k, v in net.items()} != {k: v.shape for k, v in net0.items()}:
                raise ProfileError(f"{name} is damaged (its two networks differ in shape)")
            # a weight not a number reads every tile as one code at confidence "nan", no tile
            # marked unsure (a trial's file imported and made active so)
            if not all(np.isfinite(v).all() for v in (*net.values(), *net0.values()) if v.dtype.kind == "f"):
                raise ProfileError(f"{name} is damaged (its network's weights are not all numbers)")
            net = net or net0  # saved once when not relearnt
            retired, retired_examples = _retired_of(meta, arrays.get("retired_examples"), examples, name)
            profile = cls(prototypes=None, metric=None, network=net, calibration_network=net0,
                          examples=examples.astype(np.uint8), learnt=bool(meta.get("learnt", True)),
                          retired=retired, retired_examples=retired_examples, **common)
            profile._align_misreads()    # profiles saved before base_misreads existed have none
            return profile
        try:
            proto, metric = arrays["prototypes"].astype(np.float32), arrays["metric"].astype(np.float32)
        except KeyError as exc:
            raise ProfileError(f"{name}: missing array {exc}") from None
        if proto.ndim != 2 or proto.shape[0] != n or metric.shape != (proto.shape[1], proto.shape[1]):
            raise ProfileError(f"{name}: {n} codes for {proto.shape[0]} prototypes, metric {metric.shape}")
        return cls(prototypes=proto, metric=metric, **common)


def _retired_of(meta: dict, crops, examples: np.ndarray, name: str) -> tuple[list, np.ndarray | None]:
    """A saved profile's tiles set aside by the cap (``TileSetProfile.retired``), checked as its
    examples are (none in a profile saved before them)."""
    retired = meta.get("retired", [])
    if not retired:
        return [], None
    ok = isinstance(retired, list) and all(
        isinstance(r, dict) and r.get("code") in ALL_CODES and isinstance(r.get("source"), str)
        and isinstance(r.get("by"), str) and (r.get("misread") is None or r.get("misread") in ALL_CODES)
        for r in retired)
    if not ok or crops is None or crops.shape != (len(retired), *examples.shape[1:]):
        raise ProfileError(f"{name} is damaged (its tiles set aside do not match their crops)")
    return [{k: r.get(k) for k in ("code", "source", "misread", "by")} for r in retired], crops.astype(np.uint8)


def _network_model(classifier, wanted: str | None):
    """(network_model, the classifier whose network is fine-tuned) for a new profile."""
    if wanted not in (None, *NETWORK_MODELS):
        raise ProfileError(f"network_model must be one of {', '.join(NETWORK_MODELS)}, not {wanted!r}")
    model = NETWORK_MODEL if wanted is None else wanted
    if model == "own":      # the companion is loaded only when it is the one fine-tuned
        return "own", classifier
    from ..classifier import profile_network_classifier
    tuned = profile_network_classifier(classifier)
    if tuned is None:
        if wanted is None:  # the default, for a classifier without a companion
            return "own", classifier
        raise ProfileError("this classifier has no companion network to fine-tune")
    return model, tuned


def _network_steps(network_model: str, steps: int | None) -> int | None:
    """Fine-tuning steps: ``steps`` when given, else the network model's (``NETWORK_STEPS``;
    None: ``finetune``'s own default)."""
    return NETWORK_STEPS.get(network_model) if steps is None else steps


def trusted_base_codes(classifier, crops, codes, sure: float | None = None) -> list[str]:
    """Codes whose sure readings (``sure_base``) by the base ``classifier`` a profile keeps.

    What a sure reading needs is the base model's precision on this set ("when it says 3m, is it
    a 3m?"), and a calibration tile of another code read as 3m is the evidence against it; a 3m
    tile misread as 7m says the base model may miss a 3m, not that its 3m readings are wrong. So
    when the base model reads the set (at least FAMILIAR_SET of the calibration tiles right),
    every code it named no other calibration tile as is trusted, red fives (no example) too.
    When it does not, "no other tile read as 3m" is weak evidence (it may simply
    never say 3m on these tiles, and be sure and wrong on others), and a code is also required to
    have its own calibration tile read right. Measured on the tuning draw:
    tools/calibration_experiments/precision_gate.py (commit 8c2eecd), d539c6b.

    In a familiar set only a sure misreading (confidence ``sure`` or more: what a reading needs to
    keep its weight, default the classifier's ``sure_base``, else SURE_BASE) counts against a code:
    an unsure one says nothing of the sure readings kept. Without it, the real hand photos' 6m
    read 7m at 0.66 cost every 7m read at 0.999 (tuning part 96.18 against 99.31 %). In an
    unfamiliar set every misreading counts: there the base model is sure and wrong on other tiles
    too (riichi and GL mono lost 5-15 tiles on the tuning draws when only sure ones counted).
    docs/calibration.md, Decisions."""
    if sure is None:
        sure = float(getattr(classifier, "sure_base", None) or SURE_BASE)
    return _base_trust(classifier.classify(list(crops)), codes, sure)[0]


def _base_trust(reads, codes, sure: float) -> tuple[list[str], bool]:
    """(trusted codes, whether the set is familiar) from the base model's ``reads`` of the
    calibration tiles of ``codes`` (``trusted_base_codes``)."""
    right = [c for r, c in zip(reads, codes) if r.code == c]
    misread = [r for r, c in zip(reads, codes) if r.code != c]
    if len(right) >= FAMILIAR_SET * len(codes):
        confused_into = {r.code for r in misread if r.confidence >= sure}
        return [c for c in ALL_CODES if c not in confused_into], True
    confused_into = {r.code for r in misread}
    return [c for c in ALL_CODES if c in set(right) - confused_into], False


def _trusted_codes_of(meta: dict) -> list[str]:
    """A saved profile's trusted codes; a profile saved before per-code
    trust (commit 523d02b) holds ``base_trusted`` (all or none)."""
    if "trusted_codes" in meta:
        return [c for c in meta["trusted_codes"] if c in ALL_CODES]
    return list(ALL_CODES) if meta.get("base_trusted") else []


def _familiar_of(meta: dict) -> bool:
    """A saved profile's ``familiar``. A profile saved before the flag is judged by how many
    codes it trusts (``_base_trust``): a familiar set trusts every code but those some of its
    few misread layout tiles were read as, so at least FAMILIAR_SET × as many codes as it has
    layout tiles; an unfamiliar one only codes whose layout tile was read right, fewer than that.
    Profiles saved under the code-by-code rule of 523d02b (every set judged as unfamiliar is now)
    may trust fewer and load as unfamiliar, as every profile without the flag did before."""
    if "familiar" in meta:
        return bool(meta["familiar"])
    n_layout = sum(1 for s in meta["sources"] if s == "calibration")
    return n_layout > 0 and len(_trusted_codes_of(meta)) >= FAMILIAR_SET * n_layout


def _example_crop(crop: np.ndarray, size: int) -> np.ndarray:
    """An example crop as the network reads it (BGR uint8, ``size`` square)."""
    import cv2
    crop = np.asarray(crop)
    if crop.ndim != 3 or crop.shape[2] != 3:
        raise ProfileError(f"an example crop must be a BGR image, got shape {crop.shape}")
    if crop.shape[:2] != (size, size):
        crop = cv2.resize(crop, (size, size), interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(crop, np.uint8)


def _check_code(code: str) -> None:
    if code not in ALL_CODES:
        raise ProfileError(f"unknown tile code {code!r}")


# Profiles as loaded, by file (its path, inode, time and size: a save replaces the file), and the
# networks made to read their fine-tuned weights, by those weights' contents: the web app loads
# the active profile for each photo, which took 100-150 ms to decompress, and a network made for
# reading took 55 ms on onnxruntime, 170 ms compiled by OpenVINO.
class _Kept:
    """The last ``size`` things made, by key, for any thread."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key, make):
        """The thing kept for ``key``, else ``make()`` kept for it (made outside the lock)."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        thing = make()
        with self._lock:
            self._items[key] = thing
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return thing


_LOADED = _Kept(4)
_READING_NETWORKS = _Kept(2)


def _file_key(path: Path) -> tuple:
    st = path.stat()
    return str(path.resolve()), st.st_ino, st.st_mtime_ns, st.st_size


def _network_digest(network: dict) -> str:
    h = hashlib.blake2b(digest_size=16)
    for name in sorted(network):
        array = np.ascontiguousarray(network[name])
        h.update(f"{name}:{array.dtype}:{array.shape};".encode())
        h.update(memoryview(array).cast("B"))
    return h.hexdigest()


def _reading_network(classifier, network: dict):
    """``finetune.reading_network`` of ``network`` for ``classifier``, made once for the same
    weights and classifier (its weights too, should another take its place)."""
    from .. import finetune
    key = (_network_digest(network), id(classifier), getattr(classifier, "weights_id", ""))
    return _READING_NETWORKS.get(key, lambda: finetune.reading_network(classifier, network))
