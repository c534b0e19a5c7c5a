"""Training set-up that runs no training: the detector's rendered-scene code emphasis and the
``mjtable train`` options reaching the training functions (continuing from shipped weights)."""
from collections import Counter

import numpy as np
import pytest

from mjtable.cli import main
from vision_lab import training
from vision_lab.datasets import DETECTOR_CODE_EMPHASIS, emphasised_codes
from vision_lab.synth.random_layouts import random_layout


def test_emphasised_code_is_drawn_more_often():
    codes = [f"{n}m" for n in range(1, 10)] + ["5z"]
    pool = emphasised_codes(codes, {"5z": 4, "9x": 3})  # a code the set lacks is ignored
    assert Counter(pool) == Counter(codes + ["5z"] * 3)
    rng = np.random.default_rng(0)
    drawn = Counter(t.code for _ in range(300) for t in random_layout(rng, pool) if t.code)
    # 4 of 13 entries are 5z: about 31 % of the face-up tiles, against 10 % without emphasis.
    assert 0.2 < drawn["5z"] / sum(drawn.values()) < 0.45
    assert DETECTOR_CODE_EMPHASIS["5z"] > 1


def test_train_detector_options_reach_training(monkeypatch, tmp_path, capsys):
    seen = {}

    def fake_train_detector(data_root, build, **kw):
        seen.update(kw, data_root=data_root, build=build)
        return tmp_path / "best.pt"

    monkeypatch.setattr(training, "train_detector", fake_train_detector)
    code = main(["train", "detector", "--init", "models/detector/detector.pt", "--lr0", "0.001", "--hours", "0.5",
                 "--synth", "600", "--build", str(tmp_path), "--no-install"])
    assert code == 0
    assert seen["init"] == "models/detector/detector.pt"
    assert seen["lr0"] == 0.001 and seen["hours"] == 0.5 and seen["n_synth"] == 600
    assert seen["out_weights"] is None  # --no-install leaves models/ alone
    assert "best weights" in capsys.readouterr().out


def test_growing_the_rendered_scenes_adds_new_ones(tmp_path):
    """Each rendered scene has its own generator: a second build with more scenes keeps the
    first ones and adds different ones (a shared generator restarted and repeated scene 0)."""
    from vision_lab.datasets import build_detector_dataset
    out, photos = tmp_path / "det", tmp_path / "no-photos"
    kw = dict(n_synth_val=0, seed=5, log=lambda *a: None, styles=("procedural",))
    build_detector_dataset(out, photos, n_synth_train=1, **kw)
    first = (out / "train" / "images" / "synth_train_00000.jpg").read_bytes()
    build_detector_dataset(out, photos, n_synth_train=2, **kw)
    images = sorted((out / "train" / "images").glob("synth_train_*.jpg"))
    assert [p.name for p in images] == ["synth_train_00000.jpg", "synth_train_00001.jpg"]
    assert images[0].read_bytes() == first
    assert images[1].read_bytes() != first
    labels = (out / "train" / "labels" / "synth_train_00001.txt").read_text().split("\n")
    assert any(line.startswith(("0 ", "1 ")) for line in labels)


def test_pile_layout_turns_tiles_every_way_without_stacking():
    from vision_lab.synth.random_layouts import pile
    rng = np.random.default_rng(3)
    tiles = [t for _ in range(20) for t in pile(rng, ["1m", "2p", "5z"])]
    angles = np.array([t.angle % 90 for t in tiles])
    # Any angle, not only near the axes as scattered tiles are.
    assert ((angles > 20) & (angles < 70)).mean() > 0.4
    assert all(t.sideways == (45 < t.angle % 180 < 135) for t in tiles)
    one = pile(np.random.default_rng(4), ["1m"])
    assert len(one) >= 8
    centres = np.array([(t.x, t.y) for t in one])
    gaps = np.hypot(*(centres[:, None] - centres[None]).transpose(2, 0, 1))
    assert gaps[~np.eye(len(one), dtype=bool)].min() >= 1.15


def test_stretched_scene_keeps_labels_on_the_tiles():
    """A scene drawn wide and squashed to a square (as the photo set's exports are): the labels
    follow the pixels."""
    from vision_lab.datasets import stretch_to
    from vision_lab.synth.render import RenderedTile
    img = np.zeros((100, 200, 3), np.uint8)
    img[20:60, 40:70] = 255
    tile = RenderedTile(code="1m", face_down=False, sideways=False, box=(40, 20, 70, 60),
                        corners=[(40, 20), (70, 20), (70, 60), (40, 60)], group="g")
    out, [lab] = stretch_to(img, [tile], (100, 100))
    assert out.shape == (100, 100, 3)
    assert lab.box == (20, 20, 35, 60) and lab.corners[2] == (35, 60)
    x0, y0, x1, y1 = map(int, lab.box)
    assert out[y0 + 2:y1 - 2, x0 + 2:x1 - 2].min() > 200 and out[:, :x0 - 2].max() == 0


def test_detector_scenes_draw_piles_and_stretched_photos():
    from vision_lab.datasets import render_training_scene
    img, labels = render_training_scene(np.random.default_rng(1), size=(160, 160), styles=("procedural",),
                                        mix=("pile",), stretch_share=1.0)
    assert img.shape == (160, 160, 3)
    assert labels and all(t.group == "pile" for t in labels)
    assert all(0 <= t.box[0] < t.box[2] <= 160 and 0 <= t.box[1] < t.box[3] <= 160 for t in labels)


def test_a_pile_holds_the_number_of_tiles_asked_for():
    from vision_lab.synth.random_layouts import pile
    codes = ["1m", "2p", "3s"]
    sizes = [len(pile(np.random.default_rng(s), codes, (70, 90))) for s in range(5)]
    # a crowded heap may place a few fewer than drawn (no room left for a point)
    assert all(56 <= n <= 90 for n in sizes) and max(sizes) >= 70
    assert all(8 <= len(pile(np.random.default_rng(s), codes)) <= 40 for s in range(5))


def test_a_pile_by_default_draws_the_sizes_its_documented_scenes_were_made_with(monkeypatch):
    # The detector's training scenes draw piles: the default must draw what it drew when they
    # were made (8-39 tiles), so the documented dataset commands rebuild the same scenes.
    import vision_lab.synth.random_layouts as layouts
    asked = []
    monkeypatch.setattr(layouts, "_spread", lambda rng, n, *a: asked.append(n) or [])
    for seed in range(20):
        layouts.pile(np.random.default_rng(seed), ["1m"])
    assert asked == [int(np.random.default_rng(seed).integers(8, 40)) for seed in range(20)]


def test_train_classifier_takes_body_scenes(monkeypatch, tmp_path):
    seen = {}

    def fake_train_classifier(data_root, build, **kw):
        seen.update(kw)
        return tmp_path / "best.pt"

    monkeypatch.setattr(training, "train_classifier", fake_train_classifier)
    assert main(["train", "classifier", "--body-scenes", "300", "--build", str(tmp_path), "--no-install"]) == 0
    assert seen["body_scenes"] == 300
    assert main(["train", "classifier", "--build", str(tmp_path), "--no-install"]) == 0
    assert seen["body_scenes"] == 0


def test_train_classifier_takes_a_share_of_grey_crops(monkeypatch, tmp_path, capsys):
    seen = {}
    monkeypatch.setattr(training, "train_classifier", lambda data_root, build, **kw: seen.update(kw) or tmp_path)
    assert main(["train", "classifier", "--grey-share", "0.25", "--build", str(tmp_path), "--no-install"]) == 0
    assert seen["grey_share"] == 0.25
    assert main(["train", "classifier", "--build", str(tmp_path), "--no-install"]) == 0
    assert seen["grey_share"] == 0.0
    with pytest.raises(SystemExit):
        main(["train", "classifier", "--grey-share", "1.5", "--build", str(tmp_path), "--no-install"])
    assert "0 <= SHARE <= 1" in capsys.readouterr().err


def test_a_grey_share_turns_that_share_of_crops_grey_and_leaves_the_rest():
    from vision_lab.crop_dataset import maybe_grey
    rng = np.random.default_rng(0)
    crop = np.zeros((64, 48, 3), np.uint8)
    crop[..., 2] = 200      # red
    outs = [maybe_grey(crop, rng, 0.3) for _ in range(400)]
    grey = [o for o in outs if (o[..., 0] == o[..., 2]).all()]
    assert 90 <= len(grey) <= 150
    assert all(o.shape == crop.shape and o.dtype == np.uint8 for o in outs)
    assert all(o is crop for o in outs if not (o[..., 0] == o[..., 2]).all())
    assert all(maybe_grey(crop, rng, 0.0) is crop for _ in range(20))


def test_an_oddity_model_is_never_installed_as_the_classifier(monkeypatch, tmp_path, capsys):
    seen = {}

    def fake_train_classifier(data_root, build, **kw):
        seen.update(kw)
        return tmp_path / "best.pt"

    monkeypatch.setattr(training, "train_classifier", fake_train_classifier)
    assert main(["train", "classifier", "--odd-faces", "50", "--odd-kinds", "joker,wild", "--build", str(tmp_path)]) == 0
    assert seen["out_weights"] is None and seen["odd_faces"] == 50 and seen["odd_kinds"] == ["joker", "wild"]
    assert "not installed as the classifier" in capsys.readouterr().err
