"""vision_lab.played_photos: an evening of whole photos read with a profile that learns from
each reviewed and recorded photo, with a stand-in reader and profile (no model)."""
from __future__ import annotations

import dataclasses
import json

import cv2
import numpy as np
import pytest

from vision.types import TileRead
from vision_lab import played_photos

NAMES = ["1m", "2m", "3m", "4m"]
BOXES = [(10, 10, 40, 50), (50, 10, 80, 50), (90, 10, 120, 50)]


def _folder(root, name, photos):
    """A YOLO-format folder ``root/name`` of ``photos`` photos labelled 1m 2m 3m at ``BOXES``."""
    (root / name / "images").mkdir(parents=True)
    (root / name / "labels").mkdir()
    (root / name / "data.yaml").write_text(f"names: {NAMES}\n")
    for k in range(photos):
        cv2.imwrite(str(root / name / "images" / f"{name}_{k:04d}.jpg"), np.full((64, 160, 3), 200, np.uint8))
        lines = [f"{c} {(x0 + x1) / 320:.4f} {(y0 + y1) / 128:.4f} {(x1 - x0) / 160:.4f} {(y1 - y0) / 64:.4f}"
                 for c, (x0, y0, x1, y1) in enumerate(BOXES)]
        (root / name / "labels" / f"{name}_{k:04d}.txt").write_text("\n".join(lines) + "\n")
    return root / name


class Profile:
    """Learns what it is taught: after its first recorded hand it reads every tile right."""
    def __init__(self):
        self.hands, self.relearnt = [], []
        self.network = self.calibration_network = "calibrated"

    def relearn(self, classifier=None, seed=0):
        self.relearnt.append(seed)
        self.network = f"relearnt {seed}"

    def learn_hand(self, key, crops, codes, classifier=None, faces=None, keep_per_code=None):
        self.hands.append((key, list(codes)))
        return len(codes)


class Reader:
    """Reads 1m right, 2m as 4m, 3m sideways as 4m, and a stray tile on no label; a profile that
    has learnt a hand reads every tile right."""
    classifier = config = corner_finder = None

    def read(self, path, profile=None):
        learnt = profile is not None and profile.hands
        return [TileRead("1m", BOXES[0], 0.9), TileRead("2m" if learnt else "4m", BOXES[1], 0.6),
                TileRead("3m" if learnt else "4m", BOXES[2], 0.5, sideways=True),
                TileRead("1m", (130, 10, 158, 50), 0.4)]


@pytest.fixture
def cuts(monkeypatch):
    taken = []

    def learning_cuts(image, boxes, reader=None):
        taken.append([tuple(b) for b in boxes])
        return [np.zeros((8, 6, 3), np.uint8)] * len(boxes), [None] * len(boxes)
    monkeypatch.setattr("vision.calibration.learning_cuts", learning_cuts)
    return taken


def test_the_evening_takes_one_photo_of_each_folder_in_turn(tmp_path):
    a, b = _folder(tmp_path, "above", 2), _folder(tmp_path, "low", 3)
    order = [f"{f.name}/{p.name}" for f, p in played_photos.evening_order([a, b])]
    assert order == ["above/above_0000.jpg", "low/low_0000.jpg", "above/above_0001.jpg", "low/low_0001.jpg",
                     "low/low_0002.jpg"]


def test_each_photo_is_corrected_and_taught_before_the_next_and_compared_with_the_profile_as_calibrated(
        tmp_path, cuts):
    a, b = _folder(tmp_path, "above", 2), _folder(tmp_path, "low", 1)
    profile, calibrated = Profile(), Profile()
    photos = played_photos.play(Reader(), profile, calibrated, played_photos.evening_order([a, b]), log=lambda _: None)
    first, *later = photos
    # both misread tiles are corrected (the sideways one too); the upright ones found teach
    assert (first.tiles, first.found, first.right, first.corrected) == (3, 3, 1, 2)
    assert cuts[0] == [BOXES[0], BOXES[1]] and profile.hands[0] == ("photo0", ["1m", "2m"])
    assert first.taught == 2
    # later photos read with what was learnt, beside the same profile as calibrated
    assert [(h.corrections_before, h.right, h.right_base) for h in later] == [(2, 3, 1), (2, 3, 1)]
    assert calibrated.hands == []
    result = played_photos.summary(photos, budget=2)
    assert result["corrections"] == 2 and result["taught"] == 6   # 2 a photo: the sideways tile teaches nothing
    assert result["2_corrections_reached"] and not played_photos.summary(photos, budget=3)["3_corrections_reached"]
    assert result["after_2_corrections"] == {"photos": 2, "tiles": 6, "found": 6, "right": 6,
                                             "right_as_calibrated": 2, "per_tile": 1.0,
                                             "per_tile_as_calibrated": 2 / 6}
    assert result["after_by_folder"]["low"]["photos"] == 1


def test_read_only_the_profile_learns_nothing(tmp_path, cuts):
    a = _folder(tmp_path, "above", 2)
    profile = Profile()
    photos = played_photos.play(Reader(), profile, None, played_photos.evening_order([a]), teach=False,
                                log=lambda _: None)
    assert profile.hands == [] and cuts == [] and [h.right for h in photos] == [1, 1]
    assert [h.right_base for h in photos] == [1, 1] and photos[1].corrections_before == 2


def test_the_command_refuses_a_folder_without_photos(tmp_path, capsys):
    with pytest.raises(SystemExit):
        played_photos.main([str(tmp_path), "--profile", "p", "--out", str(tmp_path / "r.json")])
    assert "no images/ folder" in capsys.readouterr().err
    assert not (tmp_path / "r.json").exists()


def test_relearning_every_n_photos_fine_tunes_again_and_later_hands_build_on_it(tmp_path, cuts):
    a = _folder(tmp_path, "above", 5)
    profile = Profile()
    played_photos.play(Reader(), profile, None, played_photos.evening_order([a]), relearn_every=2, log=lambda _: None)
    assert profile.relearnt == [1, 3]            # after photos 2 and 4, not after the last
    assert profile.calibration_network == "relearnt 3"


def test_earlier_evenings_are_drawn_together_without_playing_again(tmp_path, cuts):
    a = _folder(tmp_path, "above", 2)
    photos = played_photos.play(Reader(), Profile(), Profile(), played_photos.evening_order([a]), log=lambda _: None)
    for name in ("one", "two"):      # two evenings of one profile (two variants), one line each
        (tmp_path / f"{name}.json").write_text(json.dumps(
            {"profile": "p", "photos": [dataclasses.asdict(h) for h in photos]}))
    assert played_photos.main(["--plot", str(tmp_path / "plot.png"), "--beside", str(tmp_path / "one.json"),
                               str(tmp_path / "two.json")]) == 0
    drawn = json.loads((tmp_path / "plot.json").read_text())
    assert sorted(drawn) == ["one", "two"] and drawn["one"][1]["corrections_before"] == 2
    played_photos.main(["--plot", str(tmp_path / "plot.png"), "--beside", str(tmp_path / "one.json"), "--as-calibrated"])
    drawn = json.loads((tmp_path / "plot.json").read_text())
    assert [h["right"] for h in drawn["one as calibrated"]] == [h.right_base for h in photos] == [1, 1]
    assert [h["right"] for h in drawn["one"]] == [1, 3]
    assert (tmp_path / "plot.png").stat().st_size > 0


def test_the_command_says_what_an_evening_or_a_plot_needs(tmp_path, capsys):
    a = _folder(tmp_path, "above", 1)
    (tmp_path / "bad.json").write_text("{}")
    for argv, said in [([str(a), "--out", str(tmp_path / "r.json")], "needs --profile and --out"),
                       ([], "--plot with --beside"),
                       ([str(a), "--profile", "p", "--out", str(tmp_path / "r.json"), "--plot", str(tmp_path / "r.png")],
                        "another name"),
                       ([str(a), "--profile", "p", "--out", str(tmp_path / "r.json"), "--beside", str(tmp_path / "bad.json")],
                        "drawn with --plot"),
                       (["--plot", str(tmp_path / "p.png"), "--beside", str(tmp_path / "bad.json")], "no result")]:
        with pytest.raises(SystemExit):
            played_photos.main(argv)
        assert said in capsys.readouterr().err


def test_a_labelled_joker_is_corrected_but_teaches_nothing(tmp_path, cuts):
    # the review page teaches tile codes only: a face no code names stays out of the profile
    a = _folder(tmp_path, "above", 1)
    (a / "data.yaml").write_text("names: ['1m', 'odd', '3m', '4m']\n")
    profile = Profile()
    [photo] = played_photos.play(Reader(), profile, None, played_photos.evening_order([a]), log=lambda _: None)
    assert photo.corrected == 2 and profile.hands == [("photo0", ["1m"])]


def test_an_unreadable_photo_is_skipped_as_the_evaluation_skips_it(tmp_path, cuts):
    a = _folder(tmp_path, "above", 2)
    (a / "images" / "above_0000.jpg").write_bytes(b"not a photo")
    photos = played_photos.play(Reader(), Profile(), None, played_photos.evening_order([a]), log=lambda _: None)
    assert [h.name for h in photos] == ["above/above_0001.jpg"]
