"""`mjtable record win --photo F [--correct N=CODE]`: the hand recorded from a photo teaches the
active tile-set profile its tiles, as the web app's Record does, and `record undo` takes it back."""
import numpy as np
import pytest

import vision
from mjtable.cli import main
from vision.types import TileRead

from .helpers import code_crop

#: A pure straight in characters (MCR 16 points and more), its pair's second 5s read 6s
HAND = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5s", "5s"]


@pytest.fixture()
def table(tmp_path, monkeypatch):
    import cv2
    from tests.webui.test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    from vision import calibration

    from .helpers import active_learning_profile

    def fake_read_tiles(image, profile=None, **kw):
        tiles = [TileRead(code=c, box=(10 + 60 * i, 100, 65 + 60 * i, 175), confidence=0.95, top3=[(c, 0.95)])
                 for i, c in enumerate(HAND)]
        tiles[13].code, tiles[13].confidence, tiles[13].top3 = "6s", 0.8, [("6s", 0.8), ("5s", 0.15)]
        return tiles
    monkeypatch.setattr(vision, "read_tiles", fake_read_tiles)
    cut = []

    def learning_cuts(image, boxes, reader=None):
        cut.append(len(boxes))
        return [code_crop("5s", seed=i) for i in range(len(boxes))], [None] * len(boxes)
    monkeypatch.setattr(calibration, "learning_cuts", learning_cuts)
    data = tmp_path / "data"
    store = active_learning_profile(data, monkeypatch)
    photo = tmp_path / "hand.jpg"
    cv2.imwrite(str(photo), np.full((300, 900, 3), 200, np.uint8))
    assert main(["record", "new", "--rules", "mcr", "--players", "Ann", "Bob", "Cy", "Di", "--data-dir", str(data)]) == 0
    return data, photo, store, cut


def test_a_hand_recorded_from_a_photo_teaches_its_tiles_and_undo_takes_them_back(table, capsys):
    data, photo, store, cut = table
    capsys.readouterr()
    win = ["record", "win", "1", "--photo", str(photo), "--winner", "Ann", "--self-drawn", "--data-dir", str(data)]
    assert main(win + ["--correct", "13=5s"]) == 0
    out = capsys.readouterr().out
    assert "your tile set 'club set' learnt this hand's 14 tiles" in out and cut == [14]
    hand_id = next(h["id"] for h in _hands(data))
    assert store.active().taught_by(f"cli-hand-{hand_id}") == 14
    assert main(["record", "undo", "1", "--data-dir", str(data), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "votre jeu de tuiles « club set » n'apprend plus de cette main (14 tuiles)" in out
    assert store.active().taught_by(f"cli-hand-{hand_id}") == 0 and store.active().n_confirmed == 0
    # corrections belong to one photo's reading
    assert main(win + ["--photo", str(photo), "--winner", "Bob", "--correct", "13=5s"]) == 2
    assert "--correct corrects the tiles of one --photo" in capsys.readouterr().err


def test_a_correction_of_no_tile_refuses_the_record(table, capsys):
    data, photo, store, cut = table
    capsys.readouterr()
    assert main(["record", "win", "1", "--photo", str(photo), "--winner", "Ann", "--self-drawn", "--correct", "20=5s",
                 "--data-dir", str(data)]) == 2
    assert "there is no tile #20: the photo's tiles are #0 to #13" in capsys.readouterr().err
    assert _hands(data) == [] and cut == []


def _hands(data):
    from webui import create_app
    client = create_app({"PRELOAD_MODELS": False, "DATA_DIR": str(data)}).test_client()
    return [h for h in client.get("/api/games/1").json["hands"] if h["kind"] == "win"]


def test_a_lesson_that_cannot_be_saved_leaves_the_hand_recorded_and_says_so(table, capsys, monkeypatch):
    import errno

    from vision.profile import ProfileStore
    data, photo, store, cut = table

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(ProfileStore, "save", full)
    capsys.readouterr()
    assert main(["record", "win", "1", "--photo", str(photo), "--winner", "Ann", "--self-drawn", "--correct", "13=5s",
                 "--data-dir", str(data)]) == 0
    assert "warning: the tile set could not learn this hand ([Errno 28] No space left on device)" in capsys.readouterr().err
    assert len(_hands(data)) == 1
