"""Does calibration teach the reader a tile set it never saw? (profile evaluation;
figures and protocol in docs/calibration.md)

    python -m vision_lab.calibration_eval [--classifier W] [--sets hand_photos,hongkong,gl_colored,gl_mono]
                                      [--seed 7] [--per-code 8] [--corrections]

The profile's parameters were chosen on seed 11; seed 7 (the default) is the reported draw.

For each tile set: calibrate from one example per code, then read other tiles of the same set
with the base classifier alone ("before") and with the profile ("after"); prints per-tile
accuracy (tiles cut from their labelled boxes, so detection is out of the measure) and the
codes still misread. Each tile is also cut by the face corners the shipped corner network finds,
and the reader keeps the cut it reads surer, as the app does (``--face-margin``; negative: box
cuts alone); the calibration examples are learnt cut both ways, as the app's layout photo is
(``vision.calibration.EXAMPLE_FACES``; ``--example-faces off``: box cuts alone). Sets:

- ``hand_photos``: the real ``hand_*`` photos of chinese-mahjong-detection. Calibration: per code,
  the largest upright-shaped labelled crop of the train split's photos; test: every labelled tile
  of the valid and test splits. The group holds several physical sets (with and without corner
  indices, other flower drawings) from several sessions, so its calibration examples come from
  several sets, not from one set's photo (docs/calibration.md).
- ``hand_session_photos``: one physical set of that group, one session (looked at by eye: the same
  green cloth, wooden rail and floor, tiles with corner indices): calibration from the train
  photos ``hand_091``-``101``, ``110``-``117`` and ``124``-``144``; test: the valid photos
  ``hand_015``-``hand_020`` (the tuning part) and every test ``hand_*`` photo (all from that
  session: the reported part). Not in the default sets.
- ``img_photos``: the ``IMG_*`` photos, one physical set (34 codes, no flowers) laid upright in a
  tray, photographed on twelve days (looked at by eye: the same drawings every day). Calibration: per
  code, the largest upright-shaped crop of the train split's photos; test: the valid photos (the
  tuning part) and the test photos (the reported part). Not in the default sets.
- ``hongkong``, ``riichi``, ``riichi_black``: the scene renderer's artwork styles; one physical set
  = one fixed draw of body colour, ink tint, stroke and face size. Calibration: a rendered photo of
  the documented layout, cut and assigned by ``assign_layout`` (the layout code is under test too);
  test: rendered scenes of rows of tiles (tilted camera, sideways tiles), half turned 180°.
- ``gl_colored``, ``gl_mono``: the GL-MahjongTile faces (../shared/data/artwork/gl-mahjongtile,
  Unlicense), never used by any training: rendered from SVG (needs the ``cairosvg`` package;
  skipped without it).

Which sets are held out depends on the classifier: see docs/calibration.md, "Measured effect".
"""
from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from collections import Counter
from pathlib import Path

import numpy as np

from scorer.tiles import ALL_CODES

from vision import calibration as layout_photo
from vision.calibration import LAYOUT_ROWS, assign_layout
from vision.crops import TileCrops
from vision.dark_bodies import DARK_BODY_BELOW, DARK_BODY_LEAST, dark_bodied
from vision.profile import TileSetProfile
from vision.profile.tileset import NETWORK_MODELS
from vision.reader import ReaderConfig, classify_with_profile

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
PHOTOS = "chinese-mahjong-detection"

# GL-MahjongTile file names (checked by eye against a contact sheet, faces flipped upright): b = bamboo, c = characters,
# d = dots, index 0-8 = 1-9; h-0..h-3 = E S W N, h-4 red, h-5 green, h-6 white; f-0..f-3 =
# spring summer autumn winter (5f-8f), f-4 plum (1f), f-5 orchid (2f), f-6 bamboo (4f),
# f-7 chrysanthemum (3f).
_GL_HONOURS = {0: "1z", 1: "2z", 2: "3z", 3: "4z", 4: "7z", 5: "6z", 6: "5z"}
_GL_FLOWERS = {0: "5f", 1: "6f", 2: "7f", 3: "8f", 4: "1f", 5: "2f", 6: "4f", 7: "3f"}


def gl_code(stem: str) -> str | None:
    kind, _, idx = stem.partition("-")
    if not idx.isdigit():
        return None
    i = int(idx)
    if kind in ("b", "c", "d") and i < 9:
        return f"{i + 1}" + {"b": "s", "c": "m", "d": "p"}[kind]
    if kind == "h":
        return _GL_HONOURS.get(i)
    if kind == "f":
        return _GL_FLOWERS.get(i)
    return None


def gl_style(variant: str, data_root: Path = DATA):
    """A renderer ``Style`` from the GL-MahjongTile SVGs (``colored`` or ``converted``)."""
    import cv2
    import cairosvg
    from .synth.artwork import FACE_SIZE, Style
    folder = Path(data_root) / "artwork" / "gl-mahjongtile" / "svg" / variant
    style = Style(f"gl_{variant}")
    for path in sorted(folder.glob("*.svg")):
        code = gl_code(path.stem)
        if not code:
            continue
        png = cairosvg.svg2png(url=str(path), output_width=FACE_SIZE[0] * 2)
        # The SVGs are drawn in font-glyph coordinates (y up): flip them upright.
        img = cv2.flip(cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_UNCHANGED), 0)
        ys, xs = np.nonzero(img[..., 3] > 8)
        img = img[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
        w, h = FACE_SIZE
        s = min(w / img.shape[1], h / img.shape[0])
        nw, nh = max(1, int(img.shape[1] * s)), max(1, int(img.shape[0] * s))
        out = np.zeros((h, w, 4), np.uint8)
        out[(h - nh) // 2:(h - nh) // 2 + nh, (w - nw) // 2:(w - nw) // 2 + nw] = cv2.resize(
            img, (nw, nh), interpolation=cv2.INTER_AREA)
        style.faces[code] = out
    if not style.faces:
        raise FileNotFoundError(f"no GL-MahjongTile SVGs under {folder}")
    return style


def tile_set_style(name: str, seed: int, data_root: Path = DATA):
    """One physical tile set: a renderer TileStyle drawn once (fixed for all its photos)."""
    from .synth.render import random_style
    rng = np.random.default_rng(seed)
    if name.startswith("gl_"):
        art = gl_style({"gl_colored": "colored", "gl_mono": "converted"}[name], data_root)
        base = random_style(rng, ("riichi",), data_root)
        return dataclasses.replace(base, art=art)
    return random_style(rng, (name,), data_root)


def render_calibration(style, seed: int, classifier, corner_finder=None):
    """A rendered photo of the documented layout with this set, read by ``classifier`` and
    assigned by ``assign_layout``: (crops, assigned codes, true codes, no bonus row); with
    ``corner_finder``, their ``faces`` hold each tile's face cut, as the app's layout photo cuts
    them (``vision.calibration.face_cuts``, the reader's ``add_face_cuts``)."""
    from vision.crops import crop_tile
    from .synth.capture_modes import layout_rows
    from .synth.render import TILE_ASPECT, render_scene
    from vision.types import PlacedTile, TileRead
    rng = np.random.default_rng(seed)
    rows = layout_rows(style.art.faces)
    tiles = [PlacedTile(code, x=k * 1.04, y=r * (TILE_ASPECT + 0.35)) for r, codes in enumerate(rows)
             for k, code in enumerate(codes)]
    img, labels = render_scene(tiles, rng, size=(1280, 960), style=style, clutter=0,
                               camera_kw={"tilt_deg": (0, 25), "yaw_deg": (-15, 15)})
    all_crops = [crop_tile(img, t.box) for t in labels]
    reads = [TileRead(code=r.code, box=t.box, confidence=r.confidence, corners=t.corners)
             for t, r in zip(labels, classifier.classify(all_crops, embeddings=True))]
    layout = assign_layout(reads)
    if not layout.ok:
        raise RuntimeError(f"rendered calibration layout not assigned: {layout.problems}")
    crops = with_face_cuts(TileCrops([all_crops[i] for i in sorted(layout.codes)]), img,
                           [labels[i].box for i in sorted(layout.codes)], corner_finder, ReaderConfig())
    assigned = [layout.codes[i] for i in sorted(layout.codes)]
    truth = [labels[i].code for i in sorted(layout.codes)]
    return crops, assigned, truth, not any(len(c) == 8 for c in rows)


def render_example_picture(path: Path, seed: int = 3, data_root: Path = DATA) -> Path:
    """The guide's example photo (docs/img/calibration-layout.jpg): the layout with flowers, drawn
    with the Hong Kong artwork (CC0), assigned codes written under each tile."""
    import cv2
    from .synth.render import TILE_ASPECT, render_scene
    from vision.types import PlacedTile, TileRead
    style = tile_set_style("hongkong", seed, data_root)
    rng = np.random.default_rng(seed)
    tiles = [PlacedTile(code, x=k * 1.04, y=r * (TILE_ASPECT + 0.45)) for r, (_, codes) in enumerate(LAYOUT_ROWS)
             for k, code in enumerate(codes)]
    img, labels = render_scene(tiles, rng, size=(960, 720), style=style, clutter=0,
                               camera_kw={"tilt_deg": (15, 20), "yaw_deg": (-8, -6)})
    reads = [TileRead(code=t.code, box=t.box, confidence=1.0, corners=t.corners) for t in labels]
    layout = assign_layout(reads)
    for i, code in layout.codes.items():
        x0, y0, x1, y1 = reads[i].box
        org = (int((x0 + x1) / 2) - 11, int(y1) + 16)
        cv2.putText(img, code, org, cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(img, code, org, cv2.FONT_HERSHEY_SIMPLEX, 0.5, (255, 255, 255), 1, cv2.LINE_AA)
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), img, [cv2.IMWRITE_JPEG_QUALITY, 80])
    return path


def with_face_cuts(crops: TileCrops, image, boxes, corner_finder, config) -> TileCrops:
    """``crops`` (cut from ``image`` by ``boxes``) with their face cuts, as the reader adds them
    (``vision.reader.add_face_cuts``; none without ``corner_finder``)."""
    from vision.reader import add_face_cuts
    add_face_cuts(crops, image, boxes, corner_finder, config)
    return crops


def render_test_crops(style, seed: int, per_code: int, corner_finder=None, config=None,
                      dark_body: bool | None = None):
    """Crops of rendered rows of this set's tiles (labelled boxes), about ``per_code`` per code
    (``TileCrops``, with face cuts when ``corner_finder`` is given), and their codes; each row cut
    as the reader cuts a photo (``vision.reader.cut_for_reading``: a dark-bodied set's turned over,
    photo by photo, or every row when ``dark_body``, as a profile of a dark-bodied set reads)."""
    from vision.reader import ReaderConfig, cut_for_reading
    from .synth.random_layouts import loose_row
    from .synth.render import render_scene
    rng = np.random.default_rng(seed)
    counts: Counter = Counter()
    crops, truth = TileCrops(), []
    codes_all = sorted(c for c in style.art.faces if c[0] != "0")
    while True:
        codes = [c for c in codes_all if counts[c] < per_code]
        if not codes:
            return crops, truth
        tiles = loose_row(rng, codes, int(rng.integers(4, 9)), p_sideways=0.15, max_extra_gap=0.2)
        size = int(rng.integers(400, 800))
        img, labels = render_scene(tiles, rng, size=(size, size * 3 // 4), style=style, clutter=2,
                                   camera_kw={"tilt_deg": (0, 40), "yaw_deg": (-30, 30)})
        kept = [t for t in labels if t.box[2] - t.box[0] >= 8 and t.box[3] - t.box[1] >= 8]
        boxes = [t.box for t in kept]
        # as the reader cuts a photo: a dark-bodied set's turned over (vision.dark_bodies)
        img, cut = cut_for_reading(img, boxes, config or ReaderConfig(), dark_body=dark_body)
        cut = with_face_cuts(cut, img, boxes, corner_finder, config or ReaderConfig())
        for k, (t, crop, length_open) in enumerate(zip(kept, cut, cut.length_open)):
            face = cut.faces.get(k)
            if rng.random() < 0.5:    # the tile turned a half: both its cuts
                crop = np.ascontiguousarray(crop[::-1, ::-1])
                face = face and dataclasses.replace(face, crop=np.ascontiguousarray(face.crop[::-1, ::-1]))
            if face is not None:
                crops.faces[len(crops)] = face
            crops.append(crop)
            crops.length_open.append(length_open)
            crops.lying.append(False)
            crops.rows.append(None)
            truth.append(t.code)
            counts[t.code] += 1


Ranges = tuple[tuple[int, int], ...]


@dataclasses.dataclass(frozen=True)
class PhotoGroup:
    """Photos of the shared photo set used as one calibration set: names starting with ``prefix``;
    ``upright_aspect``: the box shapes calibration examples are chosen from;
    ``calibration`` / ``valid`` / ``test``: the photo numbers kept from that split (the number
    after the prefix), as (first, last) ranges, both ends included; None for all."""
    prefix: str
    # height / width of the boxes a calibration example is chosen from: an upright tile's shape
    # (tiles lying askew in piles have squarer boxes); None: any
    upright_aspect: tuple[float, float] | None = (1.2, 1.6)
    calibration: Ranges | None = None
    valid: Ranges | None = None
    test: Ranges | None = None

    def keeps(self, split: str, name: str) -> bool:
        if not name.startswith(self.prefix):
            return False
        ranges = {"train": self.calibration, "valid": self.valid, "test": self.test}[split]
        if ranges is None:
            return True
        digits = name[len(self.prefix):].split("_")[0]
        return digits.isdigit() and any(lo <= int(digits) <= hi for lo, hi in ranges)


PHOTO_GROUPS = {
    "hand_photos": PhotoGroup("hand_"),
    # One photo session of one physical set, judged by eye on contact sheets (commit 3199072):
    # the train photos between are another scene (lighter floor, an automatic table's
    # blue-backed tiles). Its photos were exported squashed, so most codes have no box of an
    # upright tile's shape: the largest box of any shape is taken.
    "hand_session_photos": PhotoGroup("hand_", upright_aspect=None,
                                      calibration=((91, 101), (110, 117), (124, 144)), valid=((15, 20),)),
    # One physical set (34 codes, no flowers) photographed in a tray on twelve days, October to
    # December 2023: the same drawings on every day, judged by eye on a contact sheet
    # (commit d4fd326). Its tiles stand upright and near frontal, as in a
    # calibration photo, so the calibration examples keep an upright tile's shape.
    "img_photos": PhotoGroup("IMG_"),
}


def photo_set(group: "PhotoGroup | str", data_root: Path = DATA, example_draw: int | None = None,
              corner_finder=None, config=None):
    """(calibration crops, their codes, test crops, their codes) from one photo group (a
    ``PhotoGroup`` or a name prefix). The test crops come valid first; their ``n_valid``
    attribute says how many (the tuning part; the rest, from the test split, is reported), and
    ``left_out`` how many test tiles were left out for having no calibration example.
    ``example_draw``: instead of each code's largest upright-shaped train crop, one of them
    drawn at random with this seed (how much the result owes to the example chosen).
    ``corner_finder``: the test crops get their face cuts, and the calibration examples too
    (``TileCrops.faces``), as the app's layout photo has them (corrections stay box cuts, as the
    review page sends them)."""
    from vision.crops import cut_tiles
    from vision.reader import ReaderConfig
    from .evaluate import image_paths, labelled_images
    root = Path(data_root) / PHOTOS
    if isinstance(group, str):
        group = PhotoGroup(group)

    def crops_of(split, finder=None):      # labels as read everywhere: with the checked errata (vision_lab.errata)
        out = []
        folder = root / split
        paths = [p for p in image_paths(folder) if group.keeps(split, p.name)]
        for _, img, gt in labelled_images(folder, paths):
            if not gt:
                continue
            boxes = [box for _, box in gt]
            cut = with_face_cuts(cut_tiles(img, boxes), img, boxes, finder, config or ReaderConfig())
            out += [(crop, code, x1 - x0, y1 - y0, length_open, cut.faces.get(k))
                    for k, ((code, (x0, y0, x1, y1)), crop, length_open) in enumerate(zip(gt, cut, cut.length_open))]
        return out
    # A calibration photo shows each tile upright and clear: of the train photos' tiles, take for
    # each code the largest box with an upright tile's shape (``group.upright_aspect``).
    lo, hi = group.upright_aspect or (0.0, np.inf)
    upright = [(crop, code, bw * bh, face) for crop, code, bw, bh, _, face in crops_of("train", corner_finder)
               if lo <= bh / max(bw, 1e-6) <= hi]
    calib = choose_examples(upright, example_draw)
    examples = TileCrops([c for c, *_ in calib])
    examples.faces = {k: face for k, (_, _, face) in enumerate(calib) if face is not None}
    # A code with no example is out of the measure (one example per code is what is measured;
    # the product's layout has every code): its test tiles are left out and counted.
    known = {code for _, code, _ in calib}
    valid, rest = crops_of("valid", corner_finder), crops_of("test", corner_finder)   # only test tiles get face cuts
    test = [t for t in valid + rest if t[1] in known]
    crops = TileCrops([t[0] for t in test], [t[4] for t in test])
    crops.faces = {i: t[5] for i, t in enumerate(test) if t[5] is not None}
    crops.n_valid = sum(t[1] in known for t in valid)
    crops.left_out = len(valid) + len(rest) - len(test)
    return examples, [k for _, k, _ in calib], crops, [t[1] for t in test]


def choose_examples(candidates, draw: int | None = None) -> list:
    """One (crop, code, *rest) per code, in ``ALL_CODES`` order, from ``candidates`` (crop, code,
    area, *rest; rest: what goes with the crop, such as its face cut): each code's largest (the
    first of equals); with ``draw``, one of the code's candidates chosen uniformly at random
    with that seed."""
    by_code: dict = {}
    for crop, code, area, *rest in candidates:
        by_code.setdefault(code, []).append((crop, area, rest))
    rng = None if draw is None else np.random.default_rng(draw)
    out = []
    for code in sorted(by_code, key=ALL_CODES.index):
        options = by_code[code]
        if rng is None:
            pick = max(range(len(options)), key=lambda i: (options[i][1], -i))
        else:
            pick = int(rng.integers(len(options)))
        out.append((options[pick][0], code, *options[pick][2]))
    return out


def accuracy(pred, truth) -> float:
    return sum(p == t for p, t in zip(pred, truth)) / max(len(truth), 1)


class CachedClassifier:
    """The base classifier with its readings of each crop kept (the grid re-ranks many times)."""

    def __init__(self, classifier):
        self.classifier = classifier
        self.classes = classifier.classes
        self.turn_average = classifier.turn_average
        self.cache: dict = {}

    def __getattr__(self, name):  # model, imgsz, weights_id...: the wrapped classifier's
        return getattr(self.classifier, name)

    def classify(self, crops, embeddings=True, turn_average=None):
        import copy
        import hashlib
        use = self.turn_average if turn_average is None else turn_average
        keys = [hashlib.sha1(np.ascontiguousarray(c).tobytes()).hexdigest() + ("t" if use else "")
                for c in crops]
        todo = [i for i, k in enumerate(keys) if k not in self.cache]
        for start in range(0, len(todo), 256):
            part = todo[start:start + 256]
            for i, r in zip(part, self.classifier.classify([crops[i] for i in part], embeddings=True,
                                                           turn_average=use)):
                self.cache[keys[i]] = r
        return [copy.copy(self.cache[k]) for k in keys]


def evaluate_set(classifier, calib_crops, calib_codes, test_crops, absent=(), params=None, expert="network",
                 config=None, profile_crops=None, example_faces: bool | None = None):
    """(codes before, codes after, profile, seconds to build it): the base classifier's readings
    of ``test_crops``, then the same tiles re-ranked by a profile made from the calibration
    examples (``expert``: "network", fine-tuned weights, the default; "prototypes", format 2),
    cut as ``profile_crops`` where the profile reads them otherwise (a dark-bodied set's).
    ``example_faces``: the examples' face cuts (``calib_crops.faces``) learnt too (default
    ``vision.calibration.EXAMPLE_FACES``)."""
    def embed(crops):
        return np.stack([r.embedding for r in classifier.classify(list(crops), embeddings=True)])
    t0 = time.perf_counter()
    examples = list(zip(calib_crops, calib_codes))
    learner = {"classifier": classifier.classifier} if expert == "network" else {"embed": embed}
    if layout_photo.EXAMPLE_FACES if example_faces is None else example_faces:
        faces = getattr(calib_crops, "faces", {})
        learner["face_examples"] = [(faces[k].crop, calib_codes[k]) for k in sorted(faces)]
    profile = TileSetProfile.from_examples(examples, name="eval", absent_codes=absent, model_id=classifier.weights_id,
                                           **learner, **(params or {}))
    build_s = time.perf_counter() - t0
    # Each reading on its own copy: the reader puts a kept face cut in its crop's place.
    every = range(len(test_crops))
    before = [r.code for r in classify_with_profile(classifier, _copy(test_crops, every), config=config)]
    after = [r.code for r in classify_with_profile(classifier, _copy(test_crops if profile_crops is None
                                                                    else profile_crops, every), profile, config=config)]
    return before, after, profile, build_s


def _copy(crops, indices):
    return crops.subset(indices) if isinstance(crops, TileCrops) else [crops[i] for i in indices]


def face_of(crops, i: int, learn_faces: bool | None = None):
    """The face cut of tile ``i`` of ``crops`` (``TileCrops.faces``) to learn beside its box cut:
    None without one, or when ``learn_faces`` (default ``vision.calibration.LEARNT_FACES``) is off."""
    view = getattr(crops, "faces", {}).get(i)
    on = layout_photo.LEARNT_FACES if learn_faces is None else learn_faces
    return None if view is None or not on else view.crop


def with_corrections(classifier, profile, test_crops, test_truth, seed: int = 0, config=None,
                     learn_faces: bool | None = None):
    """Learning from corrections: the user reviews half of the test tiles and corrects every
    misread one; returns (number of corrections, accuracy on the other half after those
    corrections, the other half's indices). The tiles are first shuffled (``seed``): rendered
    test tiles come in drawing order, whose last rows hold only the codes drawn least so far,
    so unshuffled halves hold different codes (as measured before commit 34c7167). A prototype
    profile adds each correction at once; a fine-tuned profile keeps them while reviewing and
    learns them once at the end (``TileSetProfile.learn_corrections``; the web UI learns after
    each one). ``learn_faces``: a corrected tile's face cut is learnt beside its box cut (``face_of``)."""
    order = np.random.default_rng(seed).permutation(len(test_crops))
    half = len(order) // 2
    n = 0
    crops = test_crops if isinstance(test_crops, TileCrops) else TileCrops(test_crops)
    base = getattr(classifier, "classifier", classifier)      # a CachedClassifier's own
    for i in order[:half]:
        [r] = classify_with_profile(classifier, crops.subset([i]), profile, config=config)
        if r.code != test_truth[i]:
            profile.add_example(test_crops[i], test_truth[i], classifier=base, learn=False,
                                face=face_of(test_crops, i, learn_faces))
            n += 1
    if profile.uses_network and n:
        profile.learn_corrections(classifier=base)
    rest = order[half:]
    reads = classify_with_profile(classifier, crops.subset(rest), profile, config=config)
    return n, accuracy([r.code for r in reads], [test_truth[i] for i in rest]), rest


@dataclasses.dataclass
class PlayedHand:
    """One photo of the simulated play: the corrections made before it was read, and how its
    tiles read (before its own corrections)."""
    corrections_before: int
    tiles: int
    right: int
    right_base: int
    learn_s: float = 0.0      # seconds the profile took to learn this photo's corrections and confirmations


def as_played(classifier, profile, test_crops, test_truth, hand_size: int = 14, confirm: bool = True,
              seed: int = 0, config=None, shuffle: bool = True,
              learn_faces: bool | None = None) -> list[PlayedHand]:
    """A player's evening with a new profile: the test tiles come as photos of ``hand_size``
    tiles (in order, after a shuffle with ``seed`` when ``shuffle``: rendered tiles come in
    drawing order). Each photo is read with the profile as it is; every misread tile is then
    corrected (``add_example``) and, with ``confirm``, the photo's other tiles are confirmed as
    the player records the hand (``learn_hand``); the profile learns before the next photo.
    ``learn_faces``: each tile learnt cut by its box and by its face's corners, as the web UI
    teaches it (``face_of``: default ``vision.calibration.LEARNT_FACES``), else by its box alone."""
    order = np.random.default_rng(seed).permutation(len(test_crops)) if shuffle else np.arange(len(test_crops))
    crops = test_crops if isinstance(test_crops, TileCrops) else TileCrops(test_crops)
    base = getattr(classifier, "classifier", classifier)      # a CachedClassifier's own
    out, corrections = [], 0
    for start in range(0, len(order), hand_size):
        idx = [int(i) for i in order[start:start + hand_size]]
        reads = [r.code for r in classify_with_profile(classifier, crops.subset(idx), profile, config=config)]
        base_reads = [r.code for r in classify_with_profile(classifier, crops.subset(idx), config=config)]
        truth = [test_truth[i] for i in idx]
        played = PlayedHand(corrections, len(idx), sum(a == t for a, t in zip(reads, truth)),
                            sum(a == t for a, t in zip(base_reads, truth)))
        out.append(played)
        t0 = time.perf_counter()
        confirmed = []
        for i, read, code in zip(idx, reads, truth):
            if read != code:
                profile.add_example(test_crops[i], code, classifier=base, learn=False,
                                    face=face_of(test_crops, i, learn_faces))
                corrections += 1
            else:
                confirmed.append(i)
        if confirm and confirmed:
            profile.learn_hand(f"photo{start}", [test_crops[i] for i in confirmed], [test_truth[i] for i in confirmed],
                               classifier=base, learn=False,
                               faces=[face_of(test_crops, i, learn_faces) for i in confirmed])
        if profile.n_learnt_examples:
            profile.learn_corrections(classifier=base)
        played.learn_s = time.perf_counter() - t0
    return out


def after_corrections(hands: list[PlayedHand], budget: int = 20) -> tuple[int, int, int]:
    """(photos, tiles, tiles right) of the photos read after ``budget`` corrections (the issue's
    "after at most 20 corrections"), or, when the whole play needs fewer, of its second half.
    Photos come in order and corrections only grow: the result is a suffix of ``hands``."""
    later = [h for h in hands if h.corrections_before >= budget] or hands[len(hands) // 2:]
    return len(later), sum(h.tiles for h in later), sum(h.right for h in later)


def following_accuracy(hands: list[PlayedHand]) -> list[tuple[int, float, int]]:
    """For each number of corrections ``k`` reached during play: (k, per-tile accuracy of every
    photo read after those ``k`` corrections, tiles in those photos)."""
    out = []
    for k in sorted({h.corrections_before for h in hands}):
        later = [h for h in hands if h.corrections_before >= k]
        tiles = sum(h.tiles for h in later)
        out.append((k, sum(h.right for h in later) / max(tiles, 1), tiles))
    return out


def plot_played(curves: dict, path: Path) -> Path:
    """Per-tile accuracy of the photos that follow, against the corrections made so far, one line
    per set (``curves``: name → [PlayedHand]); the hands are also written beside the image as
    JSON (``path`` with ``.json``), so that the figure can be drawn again without the run."""
    import json

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    for name, hands in curves.items():
        points = following_accuracy(hands)
        ax.step([k for k, _, _ in points], [100 * a for _, a, _ in points], where="post", marker="o",
                label=f"{name}: {len(hands)} photos, {sum(h.tiles for h in hands)} tiles")
    ax.axhline(99.5, color="grey", lw=0.8, ls="--")
    ax.axvline(20, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("corrections made so far")
    ax.set_ylabel("tiles of the following photos read right (%)")
    ax.set_ylim(bottom=min(90, ax.get_ylim()[0]), top=100.5)
    ax.set_xlim(left=-0.5)
    ax.legend(fontsize=8, loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    path.with_suffix(".json").write_text(json.dumps(
        {name: [dataclasses.asdict(h) for h in hands] for name, hands in curves.items()}, indent=1))
    return path


def corrected_tiles_reread(classifier, profile) -> float:
    """Share of the corrected crops themselves read right once the corrections are learnt (the
    same tile seen the same way again, as when a hand is photographed a second time)."""
    idx = [i for i, s in enumerate(profile.sources) if s == "correction"]
    if not idx or not profile.uses_network:
        return float("nan")
    reads = classify_with_profile(classifier, [profile.examples[i] for i in idx], profile)
    return accuracy([r.code for r in reads], [profile.codes[i] for i in idx])


def load_set(name: str, k: int, seed: int, per_code: int, classifier, data_root: Path = DATA,
             corner_finder=None, config=None):
    """(calibration crops, their codes, test crops, their codes, codes declared absent) of one set;
    ``k`` is the set's place in the default list (each set's draws come from ``seed + 100 k``)."""
    if name in PHOTO_GROUPS:
        cc, ck, tc, tk = photo_set(PHOTO_GROUPS[name], data_root, corner_finder=corner_finder, config=config)
        return cc, ck, tc, tk, []
    style = tile_set_style(name, seed + 100 * k, data_root)
    cc, ck, truth, no_bonus = render_calibration(style, seed + 100 * k + 1, classifier, corner_finder)
    if ck != truth:
        print(f"{name}: layout assignment wrong: {sum(a != b for a, b in zip(ck, truth))} tiles")
    tc, tk = render_test_crops(style, seed + 100 * k + 2, per_code, corner_finder, config)
    if (config is None or config.dark_body_below is not None) and dark_bodied(cc, DARK_BODY_BELOW, DARK_BODY_LEAST):
        # the profile of this layout keeps its set turned over and reads every photo so
        # (vision.dark_bodies); the base model alone, each photo as the reader tells it
        tc.profile_crops, _ = render_test_crops(style, seed + 100 * k + 2, per_code, corner_finder, config,
                                                dark_body=True)
    return cc, ck, tc, tk, ([f"{n}f" for n in range(1, 9)] if no_bonus else [])


DEFAULT_SETS = ("hand_photos", "hongkong", "gl_colored", "gl_mono")


def set_index(name: str) -> int:
    """A set's ``k`` for ``load_set``: its place in DEFAULT_SETS, after them for another set (a
    photo group has no draw: its ``k`` is unused)."""
    return DEFAULT_SETS.index(name) if name in DEFAULT_SETS else len(DEFAULT_SETS)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m vision_lab.calibration_eval", description=__doc__.split("\n\n")[0])
    p.add_argument("--classifier", default=None, help="weights (default models/classifier/classifier.pt)")
    p.add_argument("--sets", default=",".join(DEFAULT_SETS))
    p.add_argument("--per-code", type=int, default=8, help="rendered test tiles per code")
    p.add_argument("--seed", type=int, default=7, help="draw of the rendered sets (defaults were tuned on 11)")
    p.add_argument("--data", type=Path, default=DATA)
    p.add_argument("--augment", type=int, default=None, help="augmented views per calibration example "
                   "(default: the profile's, vision.profile.AUGMENT)")
    p.add_argument("--expert", choices=["network", "prototypes"], default="network",
                   help="profile format 3 (fine-tuned network, default) or 2 (prototypes in a learnt metric)")
    p.add_argument("--steps", type=int, default=None, help="fine-tuning steps (default vision.finetune.STEPS, "
                   "or the network model's in vision.profile.tileset.NETWORK_STEPS)")
    p.add_argument("--network-model", choices=NETWORK_MODELS, default=None,
                   help="whose network the profile fine-tunes (default vision.profile.tileset.NETWORK_MODEL "
                        "where the classifier has a companion)")
    p.add_argument("--batch", type=int, default=None, help="augmented views per fine-tuning step (default "
                   "vision.finetune.BATCH)")
    p.add_argument("--context-share", type=float, default=None, metavar="SHARE",
                   help="share of fine-tuning views cut as from a row (vision.finetune.CONTEXT_SHARE)")
    p.add_argument("--erase-share", type=float, default=None, metavar="SHARE",
                   help="share of fine-tuning views with a patch erased (vision.finetune.ERASE_SHARE)")
    p.add_argument("--base-weight", type=float, default=None, help="the base model's share in the mixture")
    p.add_argument("--corrections", action="store_true",
                   help="also simulate corrections: every misread tile of a shuffled half is corrected")
    p.add_argument("--as-played", action="store_true",
                   help="also simulate play: the test tiles as photos of 14 in turn, each read, its misread "
                        "tiles corrected and the hand recorded (its tiles confirmed) before the next")
    p.add_argument("--no-confirm", action="store_true",
                   help="with --as-played: corrections only, recorded hands teach nothing")
    p.add_argument("--plot", type=Path, default=None,
                   help="with --as-played: draw accuracy against corrections to this image (docs/img/...)")
    p.add_argument("--quarter-turn", type=float, default=None, metavar="MARGIN",
                   help="ReaderConfig.quarter_turn_margin and profile_quarter_turn_margin (the margin of "
                        "the readings before and after calibration) for this run (negative: off)")
    p.add_argument("--face-margin", type=float, default=None, metavar="MARGIN",
                   help="ReaderConfig.face_margin: a face cut by its corners is read when surer by MARGIN "
                        "(default the reader's FACE_MARGIN; negative: box cuts alone)")
    p.add_argument("--profile-face-margin", type=float, default=None, metavar="MARGIN",
                   help="ReaderConfig.profile_face_margin: the same choice for the profile's reading (default: "
                        "the reader's PROFILE_FACE_MARGIN; 1: box cuts for the profile; negative: its face cut always)")
    p.add_argument("--example-faces", choices=("on", "off"), default=None,
                   help="learn the calibration examples cut by their face's corners too (default "
                        "vision.calibration.EXAMPLE_FACES; needs face cuts, off with --face-margin -1)")
    p.add_argument("--learn-faces", choices=("on", "off"), default=None,
                   help="corrected and confirmed tiles are learnt cut by their face's corners too, as the web "
                        "page teaches them (default vision.calibration.LEARNT_FACES; off: by their box alone)")
    p.add_argument("--example-picture", type=Path, default=None,
                   help="only write the guide's example photo to this path (docs/img/calibration-layout.jpg)")
    args = p.parse_args(argv)
    if args.example_picture:
        print(render_example_picture(args.example_picture, data_root=args.data))
        return 0
    from vision import finetune, reader
    from vision.classifier import CropClassifier
    config = reader.ReaderConfig()
    if args.quarter_turn is not None:
        margin = None if args.quarter_turn < 0 else args.quarter_turn
        config = dataclasses.replace(config, quarter_turn_margin=margin, profile_quarter_turn_margin=margin)
    if args.face_margin is not None:
        config = dataclasses.replace(config, face_margin=None if args.face_margin < 0 else args.face_margin)
    if args.profile_face_margin is not None:
        config = dataclasses.replace(config, profile_face_margin=args.profile_face_margin)
    finder = None
    if config.face_margin is not None:
        from vision.corners import shipped_corner_finder
        finder = shipped_corner_finder()
    clf = CachedClassifier(CropClassifier(args.classifier))
    print(f"classifier: {args.classifier or 'models/classifier/classifier.pt'}  seed {args.seed}  "
          f"test tiles per code {args.per_code}  (one calibration example per code)  "
          f"quarter-turn margin {config.quarter_turn_margin} (with a profile {config.profile_quarter_turn_margin})  "
          f"face cuts {'off' if finder is None else f'on, margin {config.face_margin}'}"
          f"{'' if finder is None or config.profile_face_margin is None else f' (with a profile {config.profile_face_margin})'}")
    print(f"{'set':<12} {'tiles':>6} {'codes':>5} {'before':>8} {'after':>8}  still misread after calibration")
    totals, curves = [], {}
    for name in (s for s in args.sets.split(",") if s):
        k = set_index(name)
        t0 = time.time()
        try:
            cc, ck, tc, tk, absent = load_set(name, k, args.seed, args.per_code, clf, args.data, finder, config)
        except ModuleNotFoundError as exc:
            print(f"{name:<12} skipped: {exc}")
            continue
        prm = {} if args.augment is None else {"augment": args.augment}
        if args.steps is not None:
            prm["steps"] = args.steps
        if args.network_model is not None:
            prm["network_model"] = args.network_model
        if args.base_weight is not None:
            prm["base_weight"] = args.base_weight
        if args.context_share is not None or args.batch is not None or args.erase_share is not None:
            prm["finetune_config"] = finetune.FinetuneConfig(context_share=args.context_share, batch=args.batch,
                                                             erase_share=args.erase_share)
        ptc = getattr(tc, "profile_crops", tc)       # the test tiles as the profile reads them
        faces_on = None if args.example_faces is None else args.example_faces == "on"
        learn_faces = None if args.learn_faces is None else args.learn_faces == "on"
        before, after, profile, build_s = evaluate_set(clf, cc, ck, tc, absent=absent, params=prm,
                                                       example_faces=faces_on,
                                                       expert=args.expert, config=config, profile_crops=ptc)
        errs = Counter(f"{t}→{a}" for t, a in zip(tk, after) if t != a)
        totals.append((len(tk), accuracy(before, tk), accuracy(after, tk)))
        print(f"{name:<12} {len(tk):>6} {len(set(ck)):>5} {accuracy(before, tk):>8.2%} {accuracy(after, tk):>8.2%}  "
              + (", ".join(f"{e} x{n}" for e, n in errs.most_common(8)) or "-")
              + f"  (profile built in {build_s:.1f} s; {time.time() - t0:.0f} s in all)")
        if getattr(tc, "left_out", 0):
            print(f"{'':<12} {tc.left_out} test tiles left out: their code has no calibration example")
        n_valid = getattr(tc, "n_valid", None)
        if n_valid:
            for part, sl in (("valid", slice(0, n_valid)), ("test", slice(n_valid, None))):
                print(f"{'':<12} {part} photos: {len(tk[sl])} tiles, {accuracy(before[sl], tk[sl]):.2%} → "
                      f"{accuracy(after[sl], tk[sl]):.2%}")
        if args.corrections:
            n_corr, acc, rest = with_corrections(clf, profile, ptc, tk, seed=args.seed, config=config,
                                                 learn_faces=learn_faces)
            truth = [tk[i] for i in rest]
            print(f"{'':<12} corrections: {n_corr} made while reviewing {len(tk) - len(rest)} tiles; the other "
                  f"{len(rest)}: {accuracy([before[i] for i in rest], truth):.2%} base, "
                  f"{accuracy([after[i] for i in rest], truth):.2%} calibrated, {acc:.2%} with them"
                  + (f"; the corrected tiles themselves read right after: {corrected_tiles_reread(clf, profile):.0%}"
                     if n_corr else ""))
        if args.as_played:
            hands = as_played(clf, profile, ptc, tk, confirm=not args.no_confirm, seed=args.seed, config=config,
                              shuffle=name not in PHOTO_GROUPS, learn_faces=learn_faces)
            curves[name] = hands
            n_photos, n_tiles, n_right = after_corrections(hands)
            first = hands[0]
            print(f"{'':<12} as played: {len(hands)} photos, {hands[-1].corrections_before} corrections before the "
                  f"last; first photo {first.right}/{first.tiles}; photos read after 20 corrections (or the "
                  f"second half): {n_right}/{n_tiles} = {n_right / max(n_tiles, 1):.2%} over {n_photos} photos "
                  f"(base model alone on them: "
                  f"{sum(h.right_base for h in hands[len(hands) - n_photos:]) / max(n_tiles, 1):.2%}); "
                  f"learning a recorded photo: median {statistics.median(h.learn_s for h in hands):.2f} s, "
                  f"slowest {max(h.learn_s for h in hands):.2f} s")
    if curves and args.plot:
        print(f"plot: {plot_played(curves, args.plot)}")
    if totals:
        n = sum(t[0] for t in totals)
        print(f"{'all':<12} {n:>6} {'':>5} {sum(t[0] * t[1] for t in totals) / n:>8.2%} "
              f"{sum(t[0] * t[2] for t in totals) / n:>8.2%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
