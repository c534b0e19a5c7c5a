"""3D tile bodies (vision_lab/synth/bodies.py): projection, occlusion, labels, scene sets."""
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

ART = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "artwork"
needs_art = pytest.mark.skipif(not ART.exists(), reason="artwork not available (../shared/data/artwork)")
STYLES = ("riichi",)


def _look(seed=0):
    from vision_lab.synth.bodies import random_look
    return random_look(np.random.default_rng(seed), STYLES)


def _render(bodies, look, elevation, azimuth=0.0, seed=0, size=(480, 480)):
    from vision_lab.synth.capture_modes import render_body_scene
    return render_body_scene(bodies, look, np.random.default_rng(seed), elevation, azimuth, size=size,
                             effects=False, hand=False, glare=False)


def test_chamfered_box_is_closed_and_split_into_layers():
    from vision_lab.synth.bodies import BACK, FACE, chamfered_box, _area3
    half = (0.5, 2 / 3, 0.3)
    polys = chamfered_box(half, 0.05, -0.1)
    # Closed surface: the area-weighted normals add up to nothing.
    total = sum(_area3(p.local) * p.normal for p in polys)
    assert np.allclose(total, 0, atol=1e-9)
    assert {p.part for p in polys} >= {FACE, BACK}
    assert all(p.local[:, 2].max() <= -0.1 + 1e-9 for p in polys if p.back_layer)
    assert all(p.local[:, 2].min() >= -0.1 - 1e-9 for p in polys if not p.back_layer)
    # Without a bevel only the six faces remain.
    assert len(chamfered_box(half, 0.0, None)) == 6


def test_tile_seen_straight_down_projects_to_its_flat_rectangle():
    from vision_lab.synth.bodies import body_camera, flat_tile
    half = (0.5, 2 / 3, 0.3)
    tile = flat_tile("1m", 0.0, 0.0, half)
    cam = body_camera(tile.corners(), (640, 640), np.random.default_rng(0), elevation=90, azimuth=0)
    a, b, c = half
    quad = cam.project(np.array([[-a, b, 2 * c], [a, b, 2 * c], [a, -b, 2 * c], [-a, -b, 2 * c]]))
    tl, tr, br, bl = quad
    assert abs(tl[1] - tr[1]) < 1e-6 and abs(bl[1] - br[1]) < 1e-6      # level top and bottom edges
    assert abs(tl[0] - bl[0]) < 1e-6 and abs(tr[0] - br[0]) < 1e-6      # upright sides
    assert tl[1] < bl[1] and tl[0] < tr[0]                              # the face's top is the image's top
    assert (bl[1] - tl[1]) / (tr[0] - tl[0]) == pytest.approx(4 / 3, rel=1e-6)


@needs_art
def test_standing_tile_face_box_is_taller_than_wide_at_low_elevation():
    from vision_lab.synth.bodies import standing_tile
    look = _look()
    img, labels = _render([standing_tile("5p", 0.0, 0.0, look.half)], look, elevation=15)
    assert len(labels) == 1 and labels[0].code == "5p" and not labels[0].face_down
    x0, y0, x1, y1 = labels[0].box
    assert (y1 - y0) > 1.1 * (x1 - x0)
    # The face box holds the face only: it lies within the face's projected outline.
    q = np.array(labels[0].corners)
    assert x0 >= q[:, 0].min() - 1 and x1 <= q[:, 0].max() + 1 and y0 >= q[:, 1].min() - 1 and y1 <= q[:, 1].max() + 1


@needs_art
def test_standing_tile_facing_away_gets_no_box():
    from vision_lab.synth.bodies import standing_tile
    look = _look()
    _, labels = _render([standing_tile("5p", 0.0, 0.0, look.half, facing_viewer=False)], look, elevation=20)
    assert labels == []


@needs_art
def test_hidden_faces_are_unlabelled():
    from vision_lab.synth.bodies import flat_tile, standing_tile
    look = _look()
    # A standing tile right behind another, seen from low: its face is hidden.
    front = standing_tile("1s", 0.0, 0.0, look.half)
    behind = standing_tile("9m", 0.0, 2 * look.half[2] + 0.05, look.half)
    _, labels = _render([behind, front], look, elevation=5)
    assert [t.code for t in labels] == ["1s"]
    # A tile lying under another (a block two layers high) seen from above.
    low = flat_tile("2p", 0.0, 0.0, look.half)
    high = flat_tile("3p", 0.0, 0.0, look.half, height=2 * look.half[2])
    _, labels = _render([low, high], look, elevation=80)
    assert [t.code for t in labels] == ["3p"]


@needs_art
def test_wall_labels_only_the_top_layer_backs():
    from vision_lab.synth.capture_modes import wall
    look = _look()
    tiles = wall(np.random.default_rng(1), look.half, n=6)
    assert len(tiles) > 6            # most stacks are two high
    _, labels = _render(tiles, look, elevation=45)
    assert labels and all(t.face_down and t.code is None for t in labels)
    assert len(labels) == 6          # one back seen per stack: the top one's


@needs_art
@pytest.mark.parametrize("mode", ["flat_above", "flat_low", "standing", "heaps", "turned", "mixed"])
def test_mode_scene_labels_match_the_picture(mode):
    from vision.crops import crop_tile
    from vision_lab.synth.capture_modes import mode_scene
    img, labels = mode_scene(mode, np.random.default_rng([7, len(mode)]), STYLES, size=(480, 480))
    h, w = img.shape[:2]
    assert img.shape == (480, 480, 3) and labels
    for t in labels:
        x0, y0, x1, y1 = t.box
        assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h
        q = np.array(t.corners)
        # The box is the seen part of the face: inside the bounds of the face's outline, up to its
        # bevels (which slope away from the face's plane) and a pixel of rounding.
        tol = 1 + 0.08 * np.ptp(q, axis=0)
        assert x0 >= q[:, 0].min() - tol[0] and x1 <= q[:, 0].max() + tol[0]
        assert y0 >= q[:, 1].min() - tol[1] and y1 <= q[:, 1].max() + tol[1]
        assert t.face_down == (t.code is None)
        assert crop_tile(img, t.box).shape == (64, 64, 3)


@needs_art
def test_standing_faces_are_cut_upright_by_crop_tile():
    """A standing tile's face box is taller than wide, so ``crop_tile`` keeps it upright: the
    box crop matches the face rectified from its corners better than the crop turned a quarter."""
    from vision.crops import crop_tile
    from vision_lab.synth.capture_modes import mode_scene
    img, labels = mode_scene("standing", np.random.default_rng(3), STYLES, size=(640, 640), effects=False)
    checked = 0
    for t in labels:
        if t.group != "hand" or t.box[2] - t.box[0] < 20:
            continue
        gray = lambda a: cv2.cvtColor(a, cv2.COLOR_BGR2GRAY).astype(np.float32).ravel()
        face = gray(crop_tile(img, t.box, corners=t.corners))
        box = gray(crop_tile(img, t.box, rectify=False))
        turned = gray(cv2.rotate(crop_tile(img, t.box, rectify=False), cv2.ROTATE_90_CLOCKWISE))
        assert np.corrcoef(face, box)[0, 1] > np.corrcoef(face, turned)[0, 1]
        checked += 1
    assert checked >= 3


@needs_art
def test_scenes_are_the_same_for_the_same_seed():
    from vision_lab.synth.capture_modes import mode_scene
    a = mode_scene("mixed", np.random.default_rng(11), STYLES, size=(320, 320))
    b = mode_scene("mixed", np.random.default_rng(11), STYLES, size=(320, 320))
    c = mode_scene("mixed", np.random.default_rng(12), STYLES, size=(320, 320))
    assert np.array_equal(a[0], b[0]) and [t.to_dict() for t in a[1]] == [t.to_dict() for t in b[1]]
    assert not np.array_equal(a[0], c[0])


@needs_art
def test_written_scene_sets_carry_their_names(tmp_path):
    import yaml
    from scorer.tiles import ALL_CODES
    from vision_lab.synth.capture_modes import write_mode_scenes
    codes = write_mode_scenes(tmp_path / "codes", "standing", 2, seed=1, styles=STYLES, size=(320, 320), log=lambda *_: None)
    assert yaml.safe_load((codes / "data.yaml").read_text())["names"] == list(ALL_CODES)
    det = write_mode_scenes(tmp_path / "det", "mixed", 2, seed=1, styles=STYLES, size=(320, 320), labels="detector",
                            log=lambda *_: None)
    assert yaml.safe_load((det / "data.yaml").read_text())["names"] == ["tile", "back"]
    for folder in (codes, det):
        assert len(list((folder / "images").glob("*.jpg"))) == 2
        rows = [r.split() for f in (folder / "labels").glob("*.txt") for r in f.read_text().splitlines() if r.strip()]
        assert rows and all(len(r) == 5 and 0 < float(r[3]) <= 1 and 0 < float(r[4]) <= 1 for r in rows)
    det_classes = {int(r.split()[0]) for f in (det / "labels").glob("*.txt") for r in f.read_text().splitlines() if r.strip()}
    assert det_classes <= {0, 1}
    # scene sets read by code also list the faces too hidden or too edge-on for a label, one file a scene
    assert sorted(f.name for f in (codes / "unlabelled").glob("*.txt")) == ["standing_0000.txt", "standing_0001.txt"]
    assert not (det / "unlabelled").exists()


@needs_art
def test_a_face_seen_edge_on_gets_no_label_but_is_listed_as_seen():
    """A flat tile seen from 12° above the table shows its face too edge-on for a label (``MIN_FACING``);
    asked for, it comes back marked unlabelled, so that a read on it is not taken for a read on nothing."""
    from vision_lab.synth.bodies import flat_tile
    from vision_lab.synth.capture_modes import render_body_scene
    look = _look()
    kw = dict(size=(480, 480), effects=False, hand=False, glare=False, fill=(0.3, 0.3))
    tile = flat_tile("7p", 0.0, 0.0, look.half)
    _, labels = render_body_scene([tile], look, np.random.default_rng(0), 12, 0, **kw)
    assert labels == []
    _, (seen,) = render_body_scene([tile], look, np.random.default_rng(0), 12, 0, unlabelled=True, **kw)
    assert seen.code == "7p" and not seen.labelled
    _, (face,) = render_body_scene([tile], look, np.random.default_rng(0), 30, 0, unlabelled=True, **kw)
    assert face.labelled


@needs_art
def test_scene_sets_are_written_at_a_phones_shape_from_the_command_line(tmp_path, capsys):
    from vision_lab.synth.capture_modes import main
    main(["--mode", "flat_low", "--scenes", "1", "--styles", "riichi", "--size", "400x300", "--supersample", "1",
          "--out", str(tmp_path / "phone")])
    assert cv2.imread(str(tmp_path / "phone" / "images" / "flat_low_0000.jpg")).shape == (300, 400, 3)
    main(["--mode", "flat_low", "--scenes", "1", "--styles", "riichi", "--size", "96", "--out", str(tmp_path / "square")])
    assert cv2.imread(str(tmp_path / "square" / "images" / "flat_low_0000.jpg")).shape == (96, 96, 3)
    with pytest.raises(SystemExit):
        main(["--mode", "flat_low", "--size", "4032by3024", "--out", str(tmp_path / "bad")])
    assert "expected W or WxH" in capsys.readouterr().err


@needs_art
def test_scene_time_per_mode(capsys):
    """Benchmark, not a limit: CPU seconds per 640x640 scene (the target is about 0.3 s)."""
    from vision_lab.synth.capture_modes import MODES, mode_scene
    mode_scene("standing", np.random.default_rng(0), STYLES)       # artwork loaded once
    times = {}
    for mode in MODES:
        t = time.process_time()
        scenes = [mode_scene(mode, np.random.default_rng([5, i]), STYLES) for i in range(3)]
        times[mode] = (time.process_time() - t) / 3
        # what was timed is a scene: a 640x640 picture with its tiles labelled
        assert all(image.shape == (640, 640, 3) and len(labels) > 0 for image, labels in scenes), mode
    with capsys.disabled():
        print("\nCPU s per 640x640 scene: " + ", ".join(f"{m} {s:.3f}" for m, s in times.items()))


@needs_art
def test_body_boxes_hold_the_face_boxes():
    """``box_kind="body"`` (render.py's convention) boxes the whole seen tile: it holds the face
    box, and a flat tile seen from low is much taller with its front side than its face alone."""
    from vision_lab.synth.bodies import flat_tile
    look = _look()
    tile = flat_tile("7p", 0.0, 0.0, look.half)
    from vision_lab.synth.capture_modes import render_body_scene
    kw = dict(size=(480, 480), effects=False, hand=False, glare=False, fill=(0.3, 0.3))
    _, (face,) = render_body_scene([tile], look, np.random.default_rng(0), 20, 0, **kw)
    _, (body,) = render_body_scene([tile], look, np.random.default_rng(0), 20, 0, box_kind="body", **kw)
    fx0, fy0, fx1, fy1 = face.box
    bx0, by0, bx1, by1 = body.box
    assert bx0 <= fx0 and by0 <= fy0 and bx1 >= fx1 and by1 >= fy1
    assert (by1 - by0) > 1.5 * (fy1 - fy0)


PHOTOS = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "chinese-mahjong-detection"


@needs_art
@pytest.mark.skipif(not PHOTOS.exists(), reason="photos not available (../shared/data)")
def test_detector_dataset_takes_body_scenes_only_when_asked(tmp_path):
    from vision_lab.datasets import build_detector_dataset
    quiet = dict(n_synth_train=0, n_synth_val=0, styles=STYLES, log=lambda *_: None)
    build_detector_dataset(tmp_path / "none", **quiet)
    assert not list((tmp_path / "none").rglob("body_*"))
    build_detector_dataset(tmp_path / "some", body_scenes=8, body_modes=("standing", "heaps"), **quiet)
    train = sorted((tmp_path / "some" / "train" / "labels").glob("body_*.txt"))
    assert len(train) == 8 and len(list((tmp_path / "some" / "val" / "labels").glob("body_*.txt"))) == 1
    classes = {int(r.split()[0]) for f in train for r in f.read_text().splitlines() if r.strip()}
    assert classes and classes <= {0, 1}


@needs_art
@pytest.mark.skipif(not PHOTOS.exists(), reason="photos not available (../shared/data)")
def test_detector_dataset_repeats_real_training_photos_only(tmp_path):
    from vision_lab.datasets import build_detector_dataset
    quiet = dict(n_synth_train=0, n_synth_val=0, styles=STYLES, log=lambda *_: None)
    build_detector_dataset(tmp_path / "d", real_copies=3, **quiet)
    train = sorted((tmp_path / "d" / "train" / "labels").glob("*.txt"))
    originals = [f for f in train if not f.name.startswith("copy")]
    assert len(train) == 3 * len(originals) > 0
    first = originals[0]
    assert (tmp_path / "d" / "train" / "labels" / f"copy2_{first.name}").read_text() == first.read_text()
    assert not list((tmp_path / "d" / "val").rglob("copy*"))


@needs_art
def test_classifier_body_crops_are_the_scenes_face_up_tiles_cut_as_the_reader_cuts_them():
    from vision.crops import cut_tiles
    from vision_lab.crop_dataset import body_scene_crops
    from vision_lab.synth.capture_modes import MODES, mode_scene
    crops = list(body_scene_crops(np.random.default_rng(0), 2, STYLES, split="train", seed=3, jitter=False,
                                  log=lambda *_: None))
    # scene i is the capture mode MODES[i % 6], drawn from (seed, 4, i): the same scene here
    expected = []
    for i in range(2):
        img, labels = mode_scene(MODES[i], np.random.default_rng([3, 4, i]), STYLES)
        tiles = [t for t in labels if not t.face_down and t.code]
        cut = cut_tiles(img, [t.box for t in tiles])
        for k, t in enumerate(tiles):
            expected.append((t.code, cut[k]))
            if k in cut.views:
                expected.append((t.code, cut.views[k].crop))
    assert len(crops) == len(expected) > 10
    for (code, name, crop), (want_code, want_crop) in zip(crops, expected):
        assert code == want_code and name.startswith("body_train_")
        assert np.array_equal(crop, want_crop)
    # val scenes are drawn apart from train scenes
    val = list(body_scene_crops(np.random.default_rng(0), 1, STYLES, split="val", seed=3, jitter=False,
                                log=lambda *_: None))
    assert [c for _, _, c in val][0].shape == crops[0][2].shape
    assert not np.array_equal(val[0][2], crops[0][2])


@needs_art
def test_classifier_body_crops_add_each_tiles_face_cut_by_the_corners_found():
    from vision.crops import crop_tile
    from vision_lab.crop_dataset import body_scene_crops
    from vision_lab.synth.capture_modes import MODES, mode_scene

    class InnerQuarter:     # a stand-in corner finder: the middle of each box, so a cut unlike the box cut
        def find(self, image, boxes):
            out = []
            for x0, y0, x1, y1 in boxes:
                dx, dy = (x1 - x0) / 4, (y1 - y0) / 4
                out.append(np.array([[x0 + dx, y0 + dy], [x1 - dx, y0 + dy], [x1 - dx, y1 - dy], [x0 + dx, y1 - dy]]))
            return out

    plain = list(body_scene_crops(np.random.default_rng(0), 1, STYLES, split="train", seed=3, jitter=False,
                                  log=lambda *_: None))
    faced = list(body_scene_crops(np.random.default_rng(0), 1, STYLES, split="train", seed=3, jitter=False,
                                  log=lambda *_: None, corner_finder=InnerQuarter()))
    img, labels = mode_scene(MODES[0], np.random.default_rng([3, 4, 0]), STYLES)
    tiles = [t for t in labels if not t.face_down and t.code]
    # one more cut per tile, named after its tile, after the box cut (and the row view)
    assert len(faced) == len(plain) + len(tiles)
    faces = [(code, name, crop) for code, name, crop in faced if name not in {n for _, n, _ in plain}]
    assert [code for code, _, _ in faces] == [t.code for t in tiles]
    for (code, name, crop), t in zip(faces, tiles):
        x0, y0, x1, y1 = t.box
        dx, dy = (x1 - x0) / 4, (y1 - y0) / 4
        quad = np.array([[x0 + dx, y0 + dy], [x1 - dx, y0 + dy], [x1 - dx, y1 - dy], [x0 + dx, y1 - dy]])
        assert np.array_equal(crop, crop_tile(img, t.box, corners=quad))


@needs_art
def test_one_set_can_be_drawn_in_every_scene_and_laid_out_for_its_profile(tmp_path):
    """A player photographs one set: ``--set-seed`` draws one look for every scene (its faces,
    body and back colours), and ``--layout-photo`` lays that set out as docs/calibration.md asks
    (rows 1m-9m, 1p-9p, 1s-9s, winds and dragons, the bonus row when the set has one), so that a
    profile made from it can be measured on the scenes (docs/calibration.md)."""
    from vision.calibration import LAYOUT_ROWS
    from vision_lab.synth.capture_modes import layout_scene, main, mode_scene, set_look
    look = set_look(3, STYLES)
    assert set_look(3, STYLES) == look and set_look(4, STYLES) != look
    # the scene's other draws are those it has without a set given: the same tiles and camera
    own = mode_scene("turned", np.random.default_rng(5), STYLES, size=(240, 240), effects=False)
    given = mode_scene("turned", np.random.default_rng(5), STYLES, size=(240, 240), effects=False, look=look)
    assert [t.code for t in own[1]] == [t.code for t in given[1]] and not np.array_equal(own[0], given[0])
    img, labels = layout_scene(look, np.random.default_rng(0), size=(640, 480))
    rows = [codes for _, codes in LAYOUT_ROWS if all(c in look.style.art.faces for c in codes)]
    assert len(rows) == 5       # the riichi artwork has flowers and seasons
    # the app's layout reading (vision.calibration.assign_layout) gives every tile its own code
    from vision.calibration import assign_layout
    from vision.types import TileRead
    layout = assign_layout([TileRead(code=t.code, box=t.box, confidence=0.99) for t in labels])
    assert layout.ok and len(labels) == sum(len(r) for r in rows) == 42
    assert all(layout.codes[i] == t.code for i, t in enumerate(labels))
    main(["--mode", "heaps", "--scenes", "1", "--styles", "riichi", "--size", "160", "--set-seed", "3",
          "--layout-photo", str(tmp_path / "layout.jpg"), "--out", str(tmp_path / "heaps")])
    assert cv2.imread(str(tmp_path / "layout.jpg")).shape == (960, 1280, 3)
    with pytest.raises(SystemExit):
        main(["--mode", "heaps", "--layout-photo", str(tmp_path / "x.jpg"), "--out", str(tmp_path / "x")])


def test_the_gl_mono_faces_are_a_held_out_style():
    from vision_lab.synth.artwork import HELDOUT_STYLES, STYLES as TRAINING
    assert {"gl", "gl_mono"} <= set(HELDOUT_STYLES) and not set(HELDOUT_STYLES) & set(TRAINING)


@needs_art
def test_gl_mono_faces_load_in_one_ink():
    pytest.importorskip("cairosvg")
    from vision_lab.synth.artwork import load_style
    mono, coloured = load_style("gl_mono"), load_style("gl")
    assert sorted(mono.faces) == sorted(coloured.faces) and len(mono.faces) == 34

    def inks(face):      # hues of the drawn, saturated pixels
        hsv = cv2.cvtColor(np.ascontiguousarray(face[..., :3]), cv2.COLOR_BGR2HSV)
        ink = (face[..., 3] > 128) & (hsv[..., 1] > 80) & (hsv[..., 2] > 60)
        return ink.mean()
    # the coloured 1p is drawn in red, green and blue; the mono one in one dark ink
    assert inks(coloured.faces["1p"]) > 5 * inks(mono.faces["1p"])
