"""The carried detector dataset (vision_lab.pack_detector) and the offline training set-up that
reads it (vision_lab.train_packed), without training."""
import csv
import sys

import cv2
import numpy as np

from vision_lab import pack_detector, train_packed


def _photo_set(root):
    """A tiny photo set in the shared layout: one 640 px photo per split, one labelled tile."""
    for split in ("train", "valid"):
        (root / "chinese-mahjong-detection" / split / "images").mkdir(parents=True)
        (root / "chinese-mahjong-detection" / split / "labels").mkdir(parents=True)
        cv2.imwrite(str(root / "chinese-mahjong-detection" / split / "images" / f"{split}_a.jpg"),
                    np.full((640, 640, 3), 90, np.uint8))
        (root / "chinese-mahjong-detection" / split / "labels" / f"{split}_a.txt").write_text("7 0.5 0.5 0.1 0.15\n")


def test_a_pack_is_self_contained_at_its_size_and_parts_add_up(tmp_path):
    _photo_set(tmp_path / "shared")
    kw = dict(data_root=tmp_path / "shared", size=224, scenes=1, body_scenes=1, val_photos=1, val_scenes=2,
              styles=("procedural",), log=lambda *a: None)
    whole = pack_detector.pack(tmp_path / "whole", **kw)
    for part in (0, 1):
        pack_detector.pack(tmp_path / "parts", part=part, parts=2, **kw)
    names = {p.relative_to(tmp_path / "whole").as_posix() for p in (tmp_path / "whole").rglob("*.*")}
    assert names == {p.relative_to(tmp_path / "parts").as_posix() for p in (tmp_path / "parts").rglob("*.*")}
    assert {"train/images/real_train_a.jpg", "val/images/real_valid_a.jpg", "train/images/scene_train_00000.jpg",
            "train/images/body_train_00000.jpg", "val/images/body_val_00000.jpg"} <= names
    assert "path:" not in whole.read_text()          # relative: the folder can travel
    for img in (tmp_path / "whole").rglob("*.jpg"):
        assert max(cv2.imread(str(img)).shape[:2]) <= 224
    # a real photo's boxes become the detector's class tile, normalised (the resize keeps them)
    assert (tmp_path / "whole" / "train" / "labels" / "real_train_a.txt").read_text().split() == \
        ["0", "0.5", "0.5", "0.1", "0.15"]


def test_train_photos_packed_again_with_a_printed_sheet_keep_their_labels(tmp_path):
    _photo_set(tmp_path / "shared")
    kw = dict(data_root=tmp_path / "shared", size=320, scenes=0, body_scenes=0, val_photos=0, val_scenes=0,
              styles=("procedural",), log=lambda *a: None)
    pack_detector.pack(tmp_path / "plain", **kw)
    pack_detector.pack(tmp_path / "sheets", sheet_photos=1, **kw)
    train = tmp_path / "sheets" / "train"
    assert not (tmp_path / "plain" / "train" / "images" / "sheet_train_a.jpg").exists()
    assert (train / "labels" / "sheet_train_a.txt").read_text() == (train / "labels" / "real_train_a.txt").read_text()
    sheet, real = (cv2.imread(str(train / "images" / f"{n}_train_a.jpg")).astype(int) for n in ("sheet", "real"))
    assert (np.abs(sheet - real).max(axis=2) > 40).sum() > 500        # ink on the grey photo


def test_real_photos_are_repeated_under_other_names(tmp_path):
    images, labels = tmp_path / "train" / "images", tmp_path / "train" / "labels"
    images.mkdir(parents=True)
    labels.mkdir(parents=True)
    for name in ("real_a", "scene_train_00000"):
        (images / f"{name}.jpg").write_bytes(b"jpeg")
        (labels / f"{name}.txt").write_text("0 0.5 0.5 0.1 0.1\n")
    assert train_packed.repeat_real_photos(images, 3) == 2
    assert sorted(p.name for p in images.iterdir()) == ["copy1_real_a.jpg", "copy2_real_a.jpg", "real_a.jpg",
                                                       "scene_train_00000.jpg"]
    assert (labels / "copy2_real_a.txt").read_text() == "0 0.5 0.5 0.1 0.1\n"
    assert train_packed.repeat_real_photos(images, 3) == 0      # run again: nothing more
    (labels / "copy1_real_a.txt").unlink()                       # an interrupted run
    (labels / "real_a.txt").write_text("0 0.4 0.4 0.1 0.1\n")   # the photo packed again
    assert train_packed.repeat_real_photos(images, 2) == 0
    assert sorted(p.name for p in images.iterdir()) == ["copy1_real_a.jpg", "real_a.jpg", "scene_train_00000.jpg"]
    assert not (labels / "copy2_real_a.txt").exists()
    assert (labels / "copy1_real_a.txt").read_text() == "0 0.4 0.4 0.1 0.1\n"


def test_a_pack_refuses_other_settings_and_parts_out_of_range(tmp_path):
    import pytest
    _photo_set(tmp_path / "shared")
    kw = dict(data_root=tmp_path / "shared", scenes=0, body_scenes=0, val_photos=0, val_scenes=0,
              styles=("procedural",), log=lambda *a: None)
    pack_detector.pack(tmp_path / "pack", size=224, **kw)
    assert not list((tmp_path / "pack" / "val" / "images").iterdir())   # no valid photo asked for
    with pytest.raises(ValueError, match="packed with"):
        pack_detector.pack(tmp_path / "pack", size=320, **kw)
    with pytest.raises(ValueError, match="a part is"):
        pack_detector.pack(tmp_path / "other", size=224, part=2, parts=2, **kw)


def test_offline_training_reads_its_results_without_polars(monkeypatch, tmp_path):
    import ultralytics
    import ultralytics.data.utils as data_utils
    import ultralytics.engine.trainer as trainer
    for owner, name in ((data_utils, "check_font"), (trainer, "check_amp"),
                        (trainer.BaseTrainer, "read_results_csv")):
        monkeypatch.setattr(owner, name, getattr(owner, name))     # restored after the test
    monkeypatch.setattr(ultralytics.settings, "update", lambda *a, **k: None)
    monkeypatch.setitem(sys.modules, "polars", None)                # as on the training machine
    train_packed.offline_ultralytics()
    assert trainer.check_amp(None) is True and data_utils.check_font("Arial.ttf") is None
    path = tmp_path / "results.csv"
    with open(path, "w", newline="") as f:
        csv.writer(f).writerows([["epoch", "  metrics/mAP50(B)"], [1, 0.5], [2, 0.75]])
    fake = type("T", (), {"csv": path})()
    assert trainer.BaseTrainer.read_results_csv(fake) == {"epoch": [1.0, 2.0], "metrics/mAP50(B)": [0.5, 0.75]}


def test_a_short_fine_tune_keeps_the_frozen_layers_as_they_were(monkeypatch, tmp_path):
    """--freeze reaches ultralytics' trainer (the layers it keeps as --init has them); without it
    nothing is frozen."""
    import ultralytics

    seen = []

    class FakeYOLO:
        def __init__(self, weights):
            self.weights = weights

        def train(self, **kw):
            seen.append(kw)

    monkeypatch.setattr(ultralytics, "YOLO", FakeYOLO)
    monkeypatch.setattr(train_packed, "offline_ultralytics", lambda: None)
    (tmp_path / "train" / "images").mkdir(parents=True)
    (tmp_path / "train" / "labels").mkdir()
    data = tmp_path / "data.yaml"
    data.write_text("train: train/images\nval: train/images\nnc: 2\nnames: ['tile', 'back']\n")
    train_packed.main(["--data", str(data), "--init", "w.pt", "--freeze", "10", "--device", "cpu"])
    train_packed.main(["--data", str(data), "--init", "w.pt", "--device", "cpu"])
    assert seen[0]["freeze"] == 10 and "freeze" not in seen[1]
