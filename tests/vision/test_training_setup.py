"""Training set-up that runs no training: the detector's rendered-scene code emphasis and the
``mjtable train`` options reaching the training functions (continuing from shipped weights)."""
from collections import Counter

import numpy as np

from mjtable.cli import main
from vision import training
from vision.datasets import DETECTOR_CODE_EMPHASIS, emphasised_codes
from vision.synth.random_layouts import random_layout


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
    from vision.datasets import build_detector_dataset
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
