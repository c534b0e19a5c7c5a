"""`mjtable read PHOTO --correct N=CODE`: the hand rebuilt with the player's codes for misread
tiles, and the tile-set profile read with taught them, as the review page's corrections teach it."""
import json

import numpy as np
import pytest

import vision
from mjtable.cli import main
from vision.types import TileRead

from .helpers import code_crop

#: A hand as read: 999m678p789s333z 11z, its last tile misread (the 1z there is a 2z, and the
#: pair then is no pair: the player corrects it)
HAND = ["7s", "8s", "9s", "6p", "7p", "8p", "9m", "9m", "9m", "3z", "3z", "3z", "1z", "2z"]


@pytest.fixture()
def photo(tmp_path, monkeypatch):
    import cv2

    def fake_read_tiles(image, profile=None, **kw):
        tiles = [TileRead(code=c, box=(10 + 60 * i, 100, 65 + 60 * i, 175), confidence=0.9, top3=[(c, 0.9)])
                 for i, c in enumerate(HAND)]
        tiles[13].code, tiles[13].confidence, tiles[13].top3 = "1z", 0.7, [("1z", 0.7), ("2z", 0.2)]
        tiles.append(TileRead(code=None, box=(10, 300, 65, 375), confidence=0.8, face_down=True))
        return tiles
    monkeypatch.setattr(vision, "read_tiles", fake_read_tiles)
    path = tmp_path / "hand.jpg"
    cv2.imwrite(str(path), np.full((400, 900, 3), 200, np.uint8))
    return path


def test_a_corrected_tile_rebuilds_the_hand_and_is_shown_corrected(photo, capsys):
    assert main(["read", str(photo), "--no-profile", "--rules", "mcr", "--json"]) == 1     # no winning hand
    assert "22333z" not in (json.loads(capsys.readouterr().out)["notation"] or "")
    assert main(["read", str(photo), "--no-profile", "--rules", "mcr", "--json", "--correct", "13=2z",
                 "--correct", "#12=2z"]) in (0, 1)
    out = json.loads(capsys.readouterr().out)
    assert "22333z" in out["notation"] and out["score"] is not None
    assert [t["code"] for t in out["tiles"][12:14]] == ["2z", "2z"]
    assert out["corrections"] == [{"tile": 12, "code": "2z", "read": "1z", "p": 0.9, "base_code": None, "base_p": None},
                                  {"tile": 13, "code": "2z", "read": "1z", "p": 0.7, "base_code": None, "base_p": None}]
    assert out["lesson"]["profile"] is None
    main(["read", str(photo), "--no-profile", "--correct", "13=2z"])
    said = capsys.readouterr().out
    assert "#13 2z  1.00" in said and "[corrected: read 1z]" in said
    assert ("corrected 1 tile(s); read with the base model, no tile-set profile learns them (mjtable calibrate makes "
            "one of your tiles)") in said
    main(["read", str(photo), "--no-profile", "--correct", "13=2z", "--lang", "fr"])
    said = capsys.readouterr().out
    assert "[corrigée : lue 1z]" in said and "1 tuile(s) corrigée(s) ; la photo a été lue avec le modèle de base" in said


@pytest.mark.parametrize("given,message", [
    ("15=2z", "there is no tile #15: the photo's tiles are #0 to #14"),
    ("14=2z", "tile #14 is face down: only a face-up tile's code can be corrected"),
    ("3=9x", "'9x' is no tile code (1m-9m, 1p-9p, 1s-9s, 1z-7z, 0m/0p/0s for red fives, 1f-8f)"),
    ("2z", "--correct 2z: write the tile's number and its code, e.g. --correct 3=5m (tile #3 is a 5m)"),
])
def test_a_correction_of_no_tile_is_refused_in_one_line(photo, capsys, given, message):
    assert main(["read", str(photo), "--no-profile", "--correct", given]) == 2
    assert capsys.readouterr().err.strip() == f"error: {message}"
    assert main(["read", str(photo), "--no-profile", "--correct", given, "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("erreur : ") and message not in err


def test_the_corrections_teach_the_active_profile_once_per_photo(photo, tmp_path, capsys, monkeypatch):
    from tests.webui.test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    from vision import calibration

    from .helpers import active_learning_profile
    data = tmp_path / "data"
    store = active_learning_profile(data, monkeypatch)
    cut = []

    def learning_cuts(image, boxes, reader=None):
        cut.append([list(b) for b in boxes])
        return [code_crop("2z", seed=i) for i in range(len(boxes))], [None] * len(boxes)
    monkeypatch.setattr(calibration, "learning_cuts", learning_cuts)
    assert main(["read", str(photo), "--data-dir", str(data), "--correct", "13=2z"]) == 0
    assert "corrected 1 tile(s); your tile set 'club set' learnt 1 of them" in capsys.readouterr().out
    assert cut == [[[790.0, 100.0, 845.0, 175.0]]]
    assert store.active().n_confirmed == 1
    # the same photo corrected again: its lesson replaced, not added to
    assert main(["read", str(photo), "--data-dir", str(data), "--correct", "13=2z", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["lesson"] == {"profile": "club set", "tiles": 1, "unlearnt": [],
                                                             "not_taught": [], "replaced": 1}
    assert store.active().n_confirmed == 1
    # another tile of it corrected alone: said to replace the first (it took it back unsaid)
    assert main(["read", str(photo), "--data-dir", str(data), "--correct", "12=2z"]) == 0
    assert ("learnt 1 of them; what this photo taught before (1 tile(s)) is replaced: give all its corrections at "
            "once") in capsys.readouterr().out


def test_a_sideways_tile_corrected_alone_keeps_what_the_photo_taught(photo, tmp_path, capsys, monkeypatch):
    # corrected alone, a sideways tile made an empty lesson, which forgot the photo's earlier one ("learnt -1")
    import vision as vision_mod
    from tests.webui.test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    from vision import calibration
    from vision.profile import ProfileStore

    from .helpers import active_learning_profile
    read = vision_mod.read_tiles

    def with_sideways(image, profile=None, **kw):
        tiles = read(image, profile=profile)
        tiles[0].sideways = True
        return tiles
    monkeypatch.setattr(vision_mod, "read_tiles", with_sideways)
    monkeypatch.setattr(calibration, "learning_cuts",
                        lambda image, boxes, reader=None: ([code_crop("2z", seed=i) for i in range(len(boxes))],
                                                           [None] * len(boxes)))
    data = tmp_path / "data"
    store = active_learning_profile(data, monkeypatch)
    assert main(["read", str(photo), "--data-dir", str(data), "--correct", "13=2z"]) == 0
    assert store.active().n_confirmed == 1
    capsys.readouterr()
    assert main(["read", str(photo), "--data-dir", str(data), "--correct", "0=8s", "--json"]) == 0
    lesson = json.loads(capsys.readouterr().out)["lesson"]
    assert lesson["tiles"] == 0 and lesson["not_taught"] == [0] and store.active().n_confirmed == 1
    # a lesson that cannot be saved: the reading is printed all the same, and why said
    import errno

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(ProfileStore, "save", full)
    assert main(["read", str(photo), "--data-dir", str(data), "--correct", "12=2z"]) == 0
    out = capsys.readouterr().out
    assert "#12 2z" in out and "your tile set 'club set' could not learn them ([Errno 28] No space left on device)" in out


def test_a_profile_that_cannot_learn_is_said_not_to(photo, tmp_path, capsys):
    from vision.profile import ProfileStore, TileSetProfile

    from .helpers import fake_embed
    store = ProfileStore(tmp_path / "data")
    store.save(TileSetProfile.from_examples([(code_crop("1m"), "1m"), (code_crop("2m"), "2m")], "old set",
                                            embed=fake_embed(), augment=2))
    store.activate("old set")
    assert not store.active().uses_network
    assert main(["read", str(photo), "--data-dir", str(tmp_path / "data"), "--correct", "13=2z"]) == 0
    assert ("corrected 1 tile(s); the profile 'old set' does not learn them (a profile's file, or one made before "
            "profiles learnt: calibrate your set again, and the saved profile learns)") in capsys.readouterr().out
