"""The active tile-set profile reaches every photo reading: the pipeline, ``mjtable read`` and
the web app; a profile made with other classifier weights is refused instead of misleading."""
import io

import numpy as np
import pytest

import vision
from mjtable import pipeline
from mjtable.cli import main
from scorer.tiles import ALL_CODES
from vision.profile import ProfileError, ProfileStore, TileSetProfile
from vision.reader import classify_with_profile
from vision.types import TileRead
from webui import create_app

from .helpers import code_crop, fake_embed

CODES = [c for c in ALL_CODES if not c.startswith("0")][:34]


def make_profile(name="club set", model_id="test-model"):
    examples = [(code_crop(c), c) for c in CODES]
    return TileSetProfile.from_examples(examples, name, embed=fake_embed(), model_id=model_id, augment=4)


@pytest.fixture()
def seen(monkeypatch):
    """Replace the tile reader: record the profile each call receives, return one tile."""
    calls = []

    def fake_read_tiles(image, profile=None, **kw):
        calls.append(profile)
        # with a profile, the tile is read otherwise than the base model reads it
        return [TileRead(code="1m", box=(0, 0, 10, 14), confidence=0.9, top3=[("1m", 0.9)],
                         base_code=None if profile is None else "8m")]
    monkeypatch.setattr(vision, "read_tiles", fake_read_tiles)
    return calls


def test_pipeline_reads_with_the_profile_and_names_it(seen):
    prof = make_profile()
    out = pipeline.read_photo(np.zeros((20, 20, 3), np.uint8), profile=prof)
    assert seen == [prof] and out["profile"] == "club set"
    out = pipeline.read_photo(np.zeros((20, 20, 3), np.uint8))
    assert seen[-1] is None and out["profile"] is None


@pytest.fixture()
def photo_with_active_profile(tmp_path):
    """A photo file, with the profile "club set" saved and active in ``tmp_path``."""
    import cv2
    store = ProfileStore(tmp_path)
    store.save(make_profile())
    store.activate("club set")
    photo = tmp_path / "p.jpg"
    cv2.imwrite(str(photo), np.full((40, 40, 3), 128, np.uint8))
    return photo


def test_cli_read_uses_the_active_profile_unless_told_not_to(seen, photo_with_active_profile, tmp_path, capsys):
    import json
    photo = photo_with_active_profile
    assert main(["read", str(photo), "--json", "--data-dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["profile"] == "club set"
    assert seen[-1].name == "club set"
    assert main(["read", str(photo), "--json", "--data-dir", str(tmp_path), "--no-profile"]) == 0
    assert json.loads(capsys.readouterr().out)["profile"] is None and seen[-1] is None
    assert main(["read", str(photo), "--json", "--data-dir", str(tmp_path), "--profile", "nothing"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "bad_profile"


def app_with_active_profile(tmp_path, name):
    """(web app, its profile store) with a saved profile ``name`` made active."""
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "SECRET_KEY": "t"})
    store = ProfileStore(tmp_path / "data")
    store.save(make_profile(name))
    store.activate(name)
    return app, store


def post_photo(app):
    import cv2
    ok, jpeg = cv2.imencode(".jpg", np.full((60, 60, 3), 128, np.uint8))
    return app.test_client().post("/api/read", data={"image": (io.BytesIO(jpeg.tobytes()), "p.jpg")},
                                  content_type="multipart/form-data")


def test_web_read_uses_the_active_profile(seen, tmp_path):
    app, store = app_with_active_profile(tmp_path, "home tiles")
    r = post_photo(app)
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.json["profile"] == "home tiles" and seen[-1].name == "home tiles"
    store.activate(None)
    r = post_photo(app)
    assert r.json["profile"] is None and seen[-1] is None


def test_the_photo_page_names_the_active_profile_as_the_player_named_it(seen, tmp_path):
    app, store = app_with_active_profile(tmp_path, "home tiles")
    html = app.test_client().get("/").get_data(as_text=True)
    assert "Active tile set: <strong>home tiles</strong>" in html          # not its file's slug, home-tiles
    assert store.active_name() == "home tiles" and store.active_slug() == "home-tiles"
    store.activate(None)
    html = app.test_client().get("/").get_data(as_text=True)
    # saved but none chosen: the page said nothing, and the base model read alone
    assert "Active tile set" not in html and "No tile set in use (1 saved): choose yours" in html
    html = app.test_client().get("/?lang=fr").get_data(as_text=True)
    assert "Aucun jeu de tuiles utilisé (1 enregistré) : choisissez le vôtre" in html
    store.remove("home tiles")
    assert "No tile set in use" not in app.test_client().get("/").get_data(as_text=True)


class _Classifier:
    classes = CODES
    weights_id = "other-model"

    def classify(self, crops, embeddings=False, turn_average=None):  # pragma: no cover - never reached
        raise AssertionError("a profile of another model must be refused before classifying")


def test_a_profile_of_other_weights_is_refused():
    with pytest.raises(ProfileError, match="calibrate this set again"):
        classify_with_profile(_Classifier(), [code_crop("1m")], make_profile(model_id="test-model"))


def test_web_read_falls_back_to_the_base_model_with_a_stale_profile(monkeypatch, tmp_path):
    calls = []

    def fake_read_tiles(image, profile=None, **kw):
        calls.append(profile)
        if profile is not None:
            raise ProfileError("tile-set profile 'old' was made with other classifier weights: calibrate again")
        return [TileRead(code="1m", box=(0, 0, 10, 14), confidence=0.9, top3=[("1m", 0.9)])]
    monkeypatch.setattr(vision, "read_tiles", fake_read_tiles)
    app, _ = app_with_active_profile(tmp_path, "old")
    r = post_photo(app)
    assert r.status_code == 200 and r.json["profile"] is None
    assert len(calls) == 2 and calls[-1] is None
    assert any("calibrate again" in w for w in r.json["reading"]["warnings"])


def test_cli_read_shows_where_the_profile_changed_the_base_models_reading(seen, photo_with_active_profile, tmp_path,
                                                                          capsys):
    import json
    photo = photo_with_active_profile
    assert main(["read", str(photo), "--json", "--data-dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["tiles"][0]["base_code"] == "8m"
    assert main(["read", str(photo), "--data-dir", str(tmp_path)]) == 0
    assert "1m 0.90" in (out := capsys.readouterr().out) and "(base model: 8m)" in out
    assert main(["read", str(photo), "--json", "--data-dir", str(tmp_path), "--no-profile"]) == 0
    assert "base_code" not in json.loads(capsys.readouterr().out)["tiles"][0]


def test_a_profile_of_other_weights_says_the_ways_on(photo_with_active_profile, tmp_path, capsys, monkeypatch):
    # "calibrate again" alone, and every reading stopped
    import json
    import mjtable.pipeline
    from vision.profile import ProfileError

    def refuse(*a, **k):
        raise ProfileError("the profile 'club set' was made for other classifier weights (a; this mjtable's are b): "
                           "calibrate this set again here with its layout photo")
    monkeypatch.setattr(mjtable.pipeline, "read_photo", refuse)
    assert main(["read", str(photo_with_active_profile), "--json", "--data-dir", str(tmp_path)]) == 2
    message = json.loads(capsys.readouterr().out)["error"]["message"]
    assert "--no-profile" in message and "mjtable calibrate --deactivate" in message
