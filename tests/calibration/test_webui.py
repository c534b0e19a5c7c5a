"""The /calibrate blueprint on a bare Flask app (vision's models mocked)."""
import html
import io
import re

import cv2
import numpy as np
import pytest
from flask import Flask

from vision import calibration
from vision.calibration import Calibration, assign_layout
from vision.profile import ProfileStore
from webui import calibrate

from .helpers import code_crop, mock_tiles, quick_finetune


@pytest.fixture()
def client(tmp_path, monkeypatch):
    state = {"drop": ()}

    def fake(image, reader=None):
        assert isinstance(image, bytes)
        tiles, truth = mock_tiles(bonus=True, angle_deg=-12, drop=state["drop"])
        for a, b in state.get("swap", ()):        # two tiles laid in each other's place, as read
            tiles[truth.index(a)].code, tiles[truth.index(b)].code = b, a
        for a, b in state.get("reads", ()):       # a tile read as another code
            tiles[truth.index(a)].code = b
        return Calibration(tiles=tiles, layout=assign_layout(tiles), crops=[code_crop(c) for c in truth],
                           blurred=state.get("blurred", False), mirrored=state.get("mirrored", False))
    monkeypatch.setattr(calibration, "calibrate", fake)
    quick_finetune(monkeypatch)
    app = Flask(__name__)
    app.config.update(SECRET_KEY="x", DATA_DIR=str(tmp_path), TESTING=True)
    app.register_blueprint(calibrate.bp)
    c = app.test_client()
    c.state = state
    c.store = ProfileStore(tmp_path)
    return c


#: A real (small) photo: the upload passes the image gate before the (mocked) calibration.
PHOTO = cv2.imencode(".jpg", code_crop("1m"))[1].tobytes()


def upload(client, name="Club set", follow_redirects=True):
    return client.post("/calibrate/upload", data={"name": name, "photo": (io.BytesIO(PHOTO), "p.jpg")},
                       content_type="multipart/form-data", follow_redirects=follow_redirects)


def test_the_confirmation_page_has_its_own_address(client):
    """The upload redirects to the page that checks the codes: reloading it, or coming back to
    it, sends no photo again and starts no other build."""
    r = upload(client, follow_redirects=False)
    assert r.status_code == 303 and "/calibrate/confirm/" in r.location
    jobs = dict(calibrate._JOBS)
    first = client.get(r.location).get_data(as_text=True)
    again = client.get(r.location)
    assert again.status_code == 200 and again.get_data(as_text=True) == first
    assert first.count("<tr><th>row") == 5 and dict(calibrate._JOBS) == jobs
    r = client.get("/calibrate/confirm/nosuchtoken", follow_redirects=True)
    assert "That calibration has expired" in r.get_data(as_text=True)


def test_upload_confirm_save(client):
    assert "No profile yet" in client.get("/calibrate/").get_data(as_text=True)
    r = upload(client)
    html = r.get_data(as_text=True)
    assert r.status_code == 200
    assert html.count("<tr><th>row") == 5 and "check the codes" in html
    # named for a screen reader, as the code its place gives it (not as if the photo showed it)
    assert '<b aria-hidden="true">8f</b>' in html and 'alt="placed as Winter"' in html
    # an honour's or flower's place named under its code, which does not say which face goes there
    assert '<b aria-hidden="true">8f</b><small class="tile-name" aria-hidden="true">Winter</small>' in html
    assert '<small class="tile-name" aria-hidden="true">East wind</small>' in html and html.count('class="tile-name"') == 15
    token = html.split('name="token" value="')[1].split('"')[0]
    assert client.store.list() == []                       # nothing saved before confirmation
    r = client.post("/calibrate/save", data={"token": token}, follow_redirects=True)
    assert "it is now the active profile" in r.get_data(as_text=True)
    assert client.store.active().name == "Club set"
    assert client.post("/calibrate/save", data={"token": token}, follow_redirects=True).status_code == 200
    assert client.post("/calibrate/save", data={"token": "../../x"}, follow_redirects=True).status_code == 200


def test_layout_problems_are_shown_and_nothing_is_kept(client):
    client.state["drop"] = ("6z",)
    r = upload(client)
    html = r.get_data(as_text=True)
    assert r.status_code == 422
    assert "row 4 (winds and dragons E S W N, white, green, red) has 6 tiles, expected 7" in html
    assert 'name="token"' not in html


def test_bad_requests(client):
    r = client.post("/calibrate/upload", data={"name": "!!"}, content_type="multipart/form-data")
    assert r.status_code == 400 and "no letters or digits" in r.get_data(as_text=True)
    r = client.post("/calibrate/upload", data={"name": "ok"}, content_type="multipart/form-data")
    assert r.status_code == 400 and "choose a calibration photo" in r.get_data(as_text=True)


def test_manage_and_corrections(client):
    token = upload(client, "a").get_data(as_text=True).split('name="token" value="')[1].split('"')[0]
    client.post("/calibrate/save", data={"token": token})
    assert client.post("/calibrate/corrections/undo").status_code == 409   # nothing to undo yet
    ok, png = cv2.imencode(".png", code_crop("3s", seed=9))
    r = client.post("/calibrate/corrections", data={"code": "3s", "crop": (io.BytesIO(png.tobytes()), "c.png")},
                    content_type="multipart/form-data")
    assert r.status_code == 200 and r.get_json() == {"profile": "a", "code": "3s", "corrections": 1}
    assert client.store.active().n_corrections == 1
    r = client.post("/calibrate/corrections", data={"code": "3x", "crop": (io.BytesIO(png.tobytes()), "c.png")},
                    content_type="multipart/form-data")
    assert r.status_code == 400
    assert client.post("/calibrate/corrections/undo").get_json()["undone"] == "3s"
    assert "Use no profile" in client.get("/calibrate/").get_data(as_text=True)
    client.post("/calibrate/deactivate")
    assert client.store.active() is None
    page = client.get("/calibrate/").get_data(as_text=True)        # nothing to stop using: said, not offered
    assert "Use no profile" not in page and 'id="no-profile-active"' in page
    # each Use button named with its profile, as Rename and Delete are (a screen reader heard "Use, Use")
    assert '<button type="submit" aria-label="Use: a">Use</button>' in page
    r = client.post("/calibrate/corrections", data={"code": "3s", "crop": (io.BytesIO(png.tobytes()), "c.png")},
                    content_type="multipart/form-data")
    assert r.status_code == 409
    client.post("/calibrate/activate", data={"name": "a"})
    assert "(active)" in client.get("/calibrate/").get_data(as_text=True)
    client.post("/calibrate/delete", data={"name": "a"})
    assert client.store.list() == []


def test_in_the_web_ui_app(tmp_path, monkeypatch):
    """Registered in the real app: its page layout, and its CSRF check on every POST."""
    from webui import create_app

    def fake(image, reader=None):
        tiles, truth = mock_tiles(bonus=False)
        tiles[5].code = "2p"
        return Calibration(tiles=tiles, layout=assign_layout(tiles), crops=[code_crop(c) for c in truth])
    monkeypatch.setattr(calibration, "calibrate", fake)
    quick_finetune(monkeypatch)
    app = create_app({"DATA_DIR": str(tmp_path), "TESTING": True})
    if "calibrate" not in app.blueprints:
        app.register_blueprint(calibrate.bp)
    c = app.test_client()
    html = c.get("/calibrate/").get_data(as_text=True)
    token = html.split('name="csrf_token" value="')[1].split('"')[0]
    assert 'class="top"' in html                     # the web UI's header
    form = {"name": "x", "photo": (io.BytesIO(PHOTO), "p.jpg")}
    assert c.post("/calibrate/upload", data=form, content_type="multipart/form-data").status_code in (400, 403)
    form = {"name": "x", "photo": (io.BytesIO(PHOTO), "p.jpg"), "csrf_token": token}
    r = c.post("/calibrate/upload", data=form, content_type="multipart/form-data", follow_redirects=True)
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and 'read <span aria-hidden="true">2p</span><span class="sr-only">2 Dots</span>' in page
    pending = page.split('name="token" value="')[1].split('"')[0]
    c.post("/calibrate/save", data={"token": pending, "csrf_token": token})
    assert ProfileStore(tmp_path).active_slug() == "x"


def test_a_bomb_upload_is_refused_before_the_calibration(client, monkeypatch):
    from tests.vision import image_bombs

    def must_not_run(image, reader=None):
        raise AssertionError("the bomb reached the calibration")
    monkeypatch.setattr(calibration, "calibrate", must_not_run)
    r = client.post("/calibrate/upload", data={"name": "x", "photo": (io.BytesIO(image_bombs.bmp_rle()), "p.bmp")},
                    content_type="multipart/form-data")
    assert r.status_code == 400 and "pixel limit" in r.get_data(as_text=True)


def _token(response) -> str:
    return response.get_data(as_text=True).split('name="token" value="')[1].split('"')[0]


def test_the_build_runs_in_the_background_and_reports_its_progress(client):
    r = upload(client)
    token = _token(r)
    assert 'id="build-bar"' in r.get_data(as_text=True) and "calibrate.js" in r.get_data(as_text=True)
    calibrate._job(token).wait(60)
    job = client.get(f"/calibrate/progress/{token}").get_json()
    assert job["state"] == "ready" and job["done"] == job["total"] == 3 and job["percent"] == 100
    # "done in N s" stops counting when the build ends ("Done in 2282 s" on a page reopened later)
    import time
    time.sleep(0.3)
    assert client.get(f"/calibrate/progress/{token}").get_json()["elapsed_s"] == job["elapsed_s"]
    assert client.get("/calibrate/progress/nosuchtoken").status_code == 404
    assert client.get("/calibrate/progress/..%2Fx").status_code == 404


def test_a_failed_build_is_reported_and_nothing_is_saved(client, monkeypatch):
    def broken(self, name, embed=None, progress=None):
        progress(1, 4)
        raise RuntimeError("out of memory")
    monkeypatch.setattr(Calibration, "build_profile", broken)
    token = _token(upload(client))
    calibrate._job(token).wait(60)
    job = client.get(f"/calibrate/progress/{token}").get_json()
    assert job["state"] == "failed" and "RuntimeError" in job["error"] and "memory" not in job["error"]
    r = client.post("/calibrate/save", data={"token": token}, follow_redirects=True)
    assert "could not be built" in r.get_data(as_text=True)
    assert client.store.list() == []


def _held_build(monkeypatch):
    """Builds held until the returned event is set."""
    import threading
    release = threading.Event()
    real = Calibration.build_profile

    def slow(self, name, embed=None, progress=None):
        release.wait(30)
        return real(self, name, embed=embed, progress=progress)
    monkeypatch.setattr(Calibration, "build_profile", slow)
    return release


def test_save_waits_for_a_build_still_running(client, monkeypatch):
    import threading
    release = _held_build(monkeypatch)
    token = _token(upload(client))
    assert client.get(f"/calibrate/progress/{token}").get_json()["state"] in ("waiting", "building")
    threading.Timer(0.3, release.set).start()
    r = client.post("/calibrate/save", data={"token": token}, follow_redirects=True)
    assert "it is now the active profile" in r.get_data(as_text=True)


def test_save_says_a_build_still_running_past_its_wait(client, monkeypatch):
    # 820 s beside a test run: past Save's wait it said "That calibration has expired: upload the photo again"
    from webui import calibrate as calibrate_page
    release = _held_build(monkeypatch)
    monkeypatch.setattr(calibrate_page, "SAVE_WAIT_S", 0.1)
    token = _token(upload(client))
    r = client.post("/calibrate/save", data={"token": token})
    assert r.status_code == 302 and f"/calibrate/confirm/{token}" in r.location
    page = client.get(r.location).get_data(as_text=True)
    assert "still being learnt" in page and "expired" not in page
    release.set()       # Save again, once it is learnt
    monkeypatch.setattr(calibrate_page, "SAVE_WAIT_S", 30)
    r = client.post("/calibrate/save", data={"token": token}, follow_redirects=True)
    assert "it is now the active profile" in r.get_data(as_text=True)


def _hand_form(key, codes, seed=30):
    crops = [(io.BytesIO(cv2.imencode(".png", code_crop(c, seed=seed + i))[1].tobytes()), f"{i}.png")
             for i, c in enumerate(codes)]
    return {"key": key, "code": list(codes), "crop": crops}


def test_a_recorded_hand_teaches_the_active_profile_in_the_background(client):
    r = client.post("/calibrate/hands", data=_hand_form("draft-1", ["1m", "2m"]), content_type="multipart/form-data")
    assert r.status_code == 200 and r.get_json()["learning"] is False      # no profile: nothing to learn, no error
    client.post("/calibrate/save", data={"token": _token(upload(client, "a"))})
    r = client.post("/calibrate/hands", data=_hand_form("draft-1", ["1m", "2m", "7z"]),
                    content_type="multipart/form-data")
    assert r.status_code == 202 and r.get_json() == {"learning": True, "profile": "a", "key": "draft-1", "tiles": 3}
    calibrate.wait_for_learning(60)
    profile = client.store.active()
    assert profile.n_confirmed == 3 and profile.n_corrections == 0 and profile.learnt
    # recorded again after an edit: replaced, not added; then forgotten
    client.post("/calibrate/hands", data=_hand_form("draft-1", ["3m"]), content_type="multipart/form-data")
    calibrate.wait_for_learning(60)
    assert client.store.active().n_confirmed == 1
    assert client.post("/calibrate/hands/forget", data={"key": "draft-1"}).status_code == 202
    calibrate.wait_for_learning(60)
    assert client.store.active().n_confirmed == 0
    # bad requests
    form = _hand_form("draft-2", ["1m"])
    form["code"] = ["1m", "2m"]
    assert client.post("/calibrate/hands", data=form, content_type="multipart/form-data").status_code == 400
    form = _hand_form("../x", ["1m"])
    assert client.post("/calibrate/hands", data=form, content_type="multipart/form-data").status_code == 400
    form = _hand_form("k", ["1m"])
    form["code"] = ["1x"]
    assert client.post("/calibrate/hands", data=form, content_type="multipart/form-data").status_code == 400
    form = _hand_form("k", ["1m"])
    form["crop"] = [(io.BytesIO(b"not an image"), "c.png")]
    assert client.post("/calibrate/hands", data=form, content_type="multipart/form-data").status_code == 400
    # a crop is one tile: one the size of a photo is refused undecoded (eight made 2 GB)
    form = _hand_form("k", ["1m"])
    form["crop"] = [(io.BytesIO(cv2.imencode(".png", np.zeros((1100, 1000, 3), np.uint8))[1].tobytes()), "c.png")]
    r = client.post("/calibrate/hands", data=form, content_type="multipart/form-data")
    assert r.status_code == 413 and r.get_json()["error"]["code"] == "too_large"


def test_a_name_that_replaces_a_profile_says_which_and_what_it_learnt(client):
    # "club set" after "Club Set" is one profile: the only sign was the button's "replace", and
    # the tiles the first had learnt were lost
    token = _token(upload(client, "Club Set"))
    client.post("/calibrate/save", data={"token": token})
    ok, png = cv2.imencode(".png", code_crop("3s", seed=9))
    client.post("/calibrate/corrections", data={"code": "3s", "crop": (io.BytesIO(png.tobytes()), "c.png")},
                content_type="multipart/form-data")
    learnt = client.store.active().n_learnt_examples
    html = upload(client, "club set").get_data(as_text=True)
    assert 'id="replacing"' in html and f"This replaces the profile “Club Set”, which learnt {learnt} tile{'s' if learnt != 1 else ''} from" in html
    assert 'id="replacing"' not in upload(client, "another set").get_data(as_text=True)


def test_a_third_calibration_under_one_name_says_which_copy_is_no_longer_kept(client):
    """One copy is kept per name: a third calibration dropped the first without a word (the page
    said only that the one it replaced was kept), or, where the one it replaced learnt nothing,
    kept the older copy that had learnt while saying the replaced one was kept."""
    client.post("/calibrate/save", data={"token": _token(upload(client, "Club Set"))})
    ok, png = cv2.imencode(".png", code_crop("3s", seed=9))
    client.post("/calibrate/corrections", data={"code": "3s", "crop": (io.BytesIO(png.tobytes()), "c.png")},
                content_type="multipart/form-data")
    client.post("/calibrate/save", data={"token": _token(upload(client, "club set"))})
    # the second learnt nothing: the first, which learnt a tile, stays kept and the page says so
    html = upload(client, "CLUB SET").get_data(as_text=True)
    assert "which learnt no tile from your corrections or recorded hands since its layout photo: it will not be kept" in html
    assert "The earlier copy of this name, which learnt 1 tile, will stay kept" in html
    client.post("/calibrate/save", data={"token": _token(upload(client, "CLUB SET"))})
    assert client.store.replaced("club set")["learnt_examples"] == 1
    # once the current one has learnt too, the older copy is the one dropped, and said so
    client.post("/calibrate/corrections", data={"code": "3s", "crop": (io.BytesIO(png.tobytes()), "c.png")},
                content_type="multipart/form-data")
    html = upload(client, "club set").get_data(as_text=True)
    assert "It is kept, and can be restored" in html
    assert "The earlier copy of this name (1 tile learnt) will no longer be kept." in html
    r = upload(client, "club set", follow_redirects=False)
    fr = client.get(r.headers["Location"] + "?lang=fr").get_data(as_text=True)
    assert "La copie antérieure de ce nom (1 tuile apprise) ne sera plus conservée." in fr


def test_a_replaced_profile_is_kept_and_can_be_restored(client):
    """A layout photo of another set saved under a taken name replaced the first profile and
    lost what it learnt: it is kept, restored from the page (the newer one kept in its place,
    restoring again swaps them back), and deleting the profile deletes both."""
    client.post("/calibrate/save", data={"token": _token(upload(client, "Club Set"))})
    ok, png = cv2.imencode(".png", code_crop("3s", seed=9))
    client.post("/calibrate/corrections", data={"code": "3s", "crop": (io.BytesIO(png.tobytes()), "c.png")},
                content_type="multipart/form-data")
    first = client.store.active()
    assert first.n_corrections == 1
    client.post("/calibrate/save", data={"token": _token(upload(client, "club set"))})
    assert client.store.active().n_corrections == 0 and client.store.active().name == "club set"
    page = client.get("/calibrate/").get_data(as_text=True)
    assert "The profile it replaced, “Club Set” (1 tile learnt from hands), is kept." in page
    # each said with when it was made: two of one name after a restore were told apart by nothing
    import re
    made = re.findall(r'<time class="when" datetime="([^"]+)">', page)
    assert len(made) == 2 and made[1] <= made[0], made      # the replaced one is the older
    assert 'made <time class="when"' in page
    assert 'action="/calibrate/restore"' in page
    # deleting says it deletes the kept one too (it asked "Delete the profile club set?" alone)
    assert ("Delete the profile “club set”, and the profile it replaced (1 tile learnt), kept to be restored?"
            in page)
    r = client.post("/calibrate/restore", data={"name": "club-set"}, follow_redirects=True)
    assert "Profile “Club Set” restored" in r.get_data(as_text=True)
    restored = client.store.active()
    assert restored.name == "Club Set" and restored.n_corrections == 1 and restored.created == first.created
    assert client.store.active_name() == "Club Set"
    assert client.store.replaced("club set")["name"] == "club set"
    client.post("/calibrate/restore", data={"name": "club-set"})
    assert client.store.active().name == "club set"
    client.post("/calibrate/delete", data={"name": "club-set"})
    assert client.store.list() == [] and client.store.replaced("club set") is None
    r = client.post("/calibrate/restore", data={"name": "club-set"}, follow_redirects=True)
    assert "no profile named &#39;club-set&#39;" in r.get_data(as_text=True)


def test_a_profile_is_renamed_from_the_page(client):
    client.post("/calibrate/save", data={"token": _token(upload(client, "wrong set"))})
    page = client.get("/calibrate/").get_data(as_text=True)
    assert 'action="/calibrate/rename"' in page and 'name="new_name"' in page
    r = client.post("/calibrate/rename", data={"name": "wrong-set", "new_name": "Club Set"}, follow_redirects=True)
    assert "Profile “wrong set” is now named “Club Set”." in r.get_data(as_text=True)
    assert client.store.active().name == "Club Set" and [p["slug"] for p in client.store.list()] == ["club-set"]
    r = client.post("/calibrate/rename", data={"name": "club-set", "new_name": "!!!"}, follow_redirects=True)
    assert "has no letters or digits" in r.get_data(as_text=True) and client.store.active().name == "Club Set"
    # its own name again: nothing changed, and said so (it said "is now named" its own name)
    r = client.post("/calibrate/rename", data={"name": "club-set", "new_name": "Club Set"}, follow_redirects=True)
    assert "Profile “Club Set” already has that name: nothing was changed." in r.get_data(as_text=True)


def test_a_profile_is_downloaded_and_imported_on_another_machine(client, tmp_path):
    client.post("/calibrate/save", data={"token": _token(upload(client, "Club set"))})
    page = client.get("/calibrate/").get_data(as_text=True)
    assert 'href="/calibrate/export/club-set"' in page and 'action="/calibrate/import"' in page
    r = client.get("/calibrate/export/club-set")
    assert r.status_code == 200
    assert r.headers["Content-Disposition"] == "attachment; filename=mjtable-profile-club-set.npz"
    data = r.data
    # another machine: an app of its own data dir
    other = Flask(__name__)
    other.config.update(SECRET_KEY="x", DATA_DIR=str(tmp_path / "laptop"), TESTING=True)
    other.register_blueprint(calibrate.bp)
    laptop = other.test_client()
    r = laptop.post("/calibrate/import", data={"profile": (io.BytesIO(data), "mjtable-profile-club-set.npz")},
                    content_type="multipart/form-data", follow_redirects=True)
    assert "Profile “Club set” imported: it is the active profile." in r.get_data(as_text=True)
    there = ProfileStore(tmp_path / "laptop").active()
    assert there.name == "Club set" and there.codes == client.store.load("club set").codes
    # the same file again, in French: the profile it replaces is kept
    r = laptop.post("/calibrate/import?lang=fr", data={"profile": (io.BytesIO(data), "p.npz")},
                    content_type="multipart/form-data", follow_redirects=True)
    assert "Il remplace le profil « Club set », qui est conservé" in r.get_data(as_text=True)
    assert ProfileStore(tmp_path / "laptop").replaced("club set") is not None
    # a photo chosen by mistake is refused, in French too, and nothing changes
    r = laptop.post("/calibrate/import?lang=fr", data={"profile": (io.BytesIO(PHOTO), "IMG_0001.jpg")},
                    content_type="multipart/form-data", follow_redirects=True)
    assert "IMG_0001.jpg n&#39;est pas un profil de jeu de tuiles" in r.get_data(as_text=True)
    # the page's messages name no command-line option (they quoted `mjtable calibrate --export`)
    r = laptop.post("/calibrate/import", data={"profile": (io.BytesIO(PHOTO), "IMG_0001.jpg")},
                    content_type="multipart/form-data", follow_redirects=True)
    assert "IMG_0001.jpg is not a tile-set profile (the .npz file that a profile&#39;s download or export writes)" \
        in (page := r.get_data(as_text=True))
    assert "--export" not in page and "`" not in page
    r = laptop.post("/calibrate/import", data={}, content_type="multipart/form-data", follow_redirects=True)
    assert "Choose the profile&#39;s file" in r.get_data(as_text=True)
    assert [p["slug"] for p in ProfileStore(tmp_path / "laptop").list()] == ["club-set"]
    r = client.get("/calibrate/export/no-such-set", follow_redirects=True)
    assert "no profile named &#39;no-such-set&#39;" in (page := r.get_data(as_text=True))
    assert "--list" not in page


def test_a_profile_named_outside_latin_1_is_downloaded(client):
    # the header was written as the name came: the server could not send it and the download hung
    client.post("/calibrate/save", data={"token": _token(upload(client, "Œuf 中文牌"))})
    slug = client.store.list()[0]["slug"]
    r = client.get("/calibrate/export/" + slug)
    disposition = r.headers["Content-Disposition"]
    assert r.status_code == 200 and disposition.startswith("attachment")
    disposition.encode("latin-1")           # what the HTTP server writes headers in
    assert "filename*=UTF-8''" in disposition or slug.isascii()


def test_two_tiles_laid_in_each_others_place_are_said_on_the_page(client):
    # "2 tile(s) read differently by the base model (outlined)" beside "The codes are right: save"
    client.state["swap"] = [("3p", "7p")]
    page = upload(client).get_data(as_text=True)
    assert 'class="error-message swapped"' in page and "seem laid in each other" in page


def test_a_blurred_layout_photo_is_said_to_be_blurred_before_it_is_saved(client):
    # a layout found in a blurred photo was asked about tile by tile ("laid there twice?"), its blur unsaid
    assert 'id="blurred"' not in upload(client).get_data(as_text=True)
    client.state["blurred"] = True
    page = upload(client).get_data(as_text=True)
    assert 'id="blurred"' in page and "The photo seems blurred" in page and 'id="save-profile"' in page


def test_a_mirrored_layout_photo_read_mirrored_back_is_said(client):
    assert 'id="mirrored"' not in upload(client).get_data(as_text=True)
    client.state["mirrored"] = True
    page = upload(client).get_data(as_text=True)
    assert 'id="mirrored"' in page and "The photo is mirrored" in page and 'id="save-profile"' in page


def test_a_layout_the_base_model_reads_alike_is_not_said_to_have_0_tiles_read_differently(client):
    assert "read differently" not in (page := upload(client).get_data(as_text=True))
    assert "The base model reads every tile as its place in the layout says." in page
    client.state["swap"] = [("3p", "7p")]
    assert "2 tiles read differently by the base model (outlined)." in upload(client).get_data(as_text=True)


def test_a_name_that_ends_a_sentence_takes_no_second_full_stop(client):
    # "Active profile: THURSDAY SET!."
    html = upload(client, name="Thursday set!").get_data(as_text=True)
    token = html.split('name="token" value="')[1].split('"')[0]
    client.post("/calibrate/save", data={"token": token})
    client.store.activate(None)
    slug = client.store.path("Thursday set!").stem
    page = client.post("/calibrate/activate", data={"name": slug}, follow_redirects=True).get_data(as_text=True)
    assert "Active profile: Thursday set!" in page and "set!." not in page


def test_a_photo_refused_as_no_layout_is_not_told_which_way_it_was_read(client, monkeypatch):
    # a hand photo refused as no layout was also told "The photo was read turned a quarter clockwise."
    def refused(unreadable):
        def fake(image, reader=None):
            tiles, truth = mock_tiles(bonus=True, angle_deg=90, drop=("1m",))
            layout = assign_layout(tiles)
            layout.unreadable = unreadable
            return Calibration(tiles=tiles, layout=layout, crops=[code_crop(c) for c in truth])
        return fake
    for unreadable, told in ((True, False), (False, True)):
        monkeypatch.setattr(calibration, "calibrate", refused(unreadable))
        r = upload(client)
        page = r.get_data(as_text=True)
        assert r.status_code == 422 and ("The photo was read turned a quarter clockwise." in page) is told, unreadable


def test_the_french_page_quotes_a_profiles_name_as_its_other_messages_do(client):
    # « Supprimer le profil Tuiles vertes ? », « Profil Tuiles vertes supprimé. »: the name ran into
    # the sentence, where every other message quotes it
    client.post("/calibrate/save", data={"token": _token(upload(client, "Tuiles vertes"))})
    page = client.get("/calibrate/?lang=fr").get_data(as_text=True)
    assert "Supprimer le profil « Tuiles vertes » ?" in html.unescape(page)
    r = client.post("/calibrate/delete?lang=fr", data={"name": "tuiles-vertes"}, follow_redirects=True)
    assert "Profil « Tuiles vertes » supprimé." in html.unescape(r.get_data(as_text=True))


def test_a_name_of_spaces_is_asked_for_at_the_top_of_the_page(client):
    # « le nom de profil '' n'a ni lettre ni chiffre », in black under the layout's instructions, a
    # screen down a phone: the name typed was spaces
    for lang, said in (("en", "give the set a name"), ("fr", "donnez un nom au jeu")):
        client.set_cookie("mjtable_lang", lang)
        r = upload(client, name="   ")
        page = html.unescape(r.get_data(as_text=True))
        assert r.status_code == 400 and f'<p class="error" role="alert">{said}</p>' in page
        assert page.index(said) < page.index('id="calib-howto"')
        assert "''" not in page


def test_a_calibration_photo_waits_for_a_reading_slot_as_every_photo_does(client, monkeypatch):
    # five calibration uploads at once were read at once, past the server's two reading slots
    from webui import reading
    monkeypatch.setattr(reading, "READ_WAIT_S", 0.05)
    taken = [reading._READ_SLOTS.acquire(timeout=1) for _ in range(reading.READS_AT_ONCE)]
    try:
        r = upload(client)
        assert r.status_code == 503 and "photos are being read: send this one again" in r.get_data(as_text=True)
    finally:
        for _ in taken:
            reading._READ_SLOTS.release()
    assert upload(client).status_code == 200          # a slot free: read, and given back
    assert reading._READ_SLOTS.acquire(timeout=0.01) and reading._READ_SLOTS.acquire(timeout=0.01)
    reading._READ_SLOTS.release(), reading._READ_SLOTS.release()


def test_a_name_longer_than_the_field_is_refused_not_saved_whole(client):
    # the page's field stops at 60 characters; a form sent otherwise saved a 300-character name
    for lang, said in (("en", "the profile name has 61 characters: at most 60"),
                       ("fr", "le nom de profil a 61 caractères : 60 au plus")):
        client.set_cookie("mjtable_lang", lang)
        r = upload(client, name="n" * 61)
        assert r.status_code == 400 and said in html.unescape(r.get_data(as_text=True))


def test_a_layout_tile_read_as_a_red_five_is_said_in_words(client):
    # "read 0p" was a code to decode: a red five is never laid out, so it is named
    client.state["reads"] = [("4p", "0p")]
    page = upload(client).get_data(as_text=True)
    assert '<span aria-hidden="true">red 5p</span>' in page and ">0p<" not in page
    # its sureness as each language writes a percentage (« 63% » on a French page, « 63 % » said
    # by the command line)
    assert re.search(r'<span class="nowrap">\(\d+%\)</span>', page)
    client.set_cookie("mjtable_lang", "fr")
    assert re.search(r'<span class="nowrap">\(\d+\u00a0%\)</span>', upload(client, "Jeu vert").get_data(as_text=True))
    client.set_cookie("mjtable_lang", "en")
    # read at its five's place it is that five: a one-colour set's every layout listed it, and the
    # player could do nothing about it
    client.state["reads"] = [("5p", "0p")]
    page = upload(client).get_data(as_text=True)
    assert "red 5p" not in page and ">0p<" not in page


def test_a_profile_of_other_weights_is_marked_and_not_activated(client):
    """Listed as any other and activated without a word, it was then passed over by every reading."""
    html = upload(client, name="Old set").get_data(as_text=True)
    token = html.split('name="token" value="')[1].split('"')[0]
    client.post("/calibrate/save", data={"token": token})
    client.store.activate(None)
    old = client.store.load("old set")
    old.model_id = "0123456789abcdef"
    client.store.save(old)
    page = client.get("/calibrate/").get_data(as_text=True)
    assert "cannot be read here" in page and "was made for other classifier weights (0123456789abcdef" in page
    page = client.post("/calibrate/activate", data={"name": "old-set"}, follow_redirects=True).get_data(as_text=True)
    assert "Active profile" not in page and client.store.active_slug() is None
    page = client.get("/calibrate/?lang=fr").get_data(as_text=True)
    assert "illisible ici" in page and "a été fait pour d&#39;autres poids du classifieur" in page


def test_what_an_import_kept_is_said_in_french_too():
    from webui import calibrate as page, i18n
    assert page.NOT_KEPT in i18n.FR and page.NO_LONGER_KEPT in i18n.FR


def test_an_imported_profile_whose_name_is_too_long_is_said_to_be_saved_under_its_first_characters(client, tmp_path):
    client.post("/calibrate/save", data={"token": _token(upload(client, "Club set"))})
    profile = client.store.load("club set")
    profile.name = "Thursday club " * 10
    out = profile.save(tmp_path / "long.npz")
    r = client.post("/calibrate/import?lang=fr", data={"profile": (io.BytesIO(out.read_bytes()), "long.npz")},
                    content_type="multipart/form-data", follow_redirects=True)
    assert ("Le nom du profil dans le fichier a 139 caractères : il est enregistré sous ses 60 premiers (Renommer lui "
            "en donne un autre).") in r.get_data(as_text=True)
    assert client.store.active().name == ("Thursday club " * 10)[:60]
