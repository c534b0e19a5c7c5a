"""Profile builds of the calibration page (webui/calibrate.py): a photo uploaded again from the
same browser gives up that browser's build not yet done, so the new one does not wait behind it.
The calibration and the fine-tuning are stand-ins: no model is needed."""
from __future__ import annotations

import io
import threading
import time
from types import SimpleNamespace

import cv2
import numpy as np

from webui import calibrate

from .conftest import csrf_of


class SlowBuild:
    """A calibration result whose profile build steps until ``release`` is set."""

    def __init__(self, release: threading.Event):
        self.release = release
        self.ok = True
        self.tiles, self.crops = [], []
        self.layout = SimpleNamespace(rows=[], codes={}, problems=[], orientation=0, has_bonus=False,
                                      unreadable=False)

    def disagreements(self):
        return []

    def swapped(self):
        return []

    def doubled(self):
        return []

    def build_profile(self, name, progress=None):
        for step in range(10_000):
            progress(step, 10_000)
            if self.release.is_set():
                raise RuntimeError("released: the test is over")
            time.sleep(0.005)


def upload_twice(client, token: str, png, pause: float = 0.0) -> list[str]:
    """Upload a calibration photo from this browser, then again; the two builds' tokens."""
    tokens = []
    for name in ("first try", "second try"):
        r = client.post("/calibrate/upload", data={"csrf_token": token, "name": name,
                                                   "photo": (io.BytesIO(png.tobytes()), "p.png")},
                        content_type="multipart/form-data")
        assert r.status_code == 303
        tokens.append(r.headers["Location"].rsplit("/", 1)[-1])
        time.sleep(pause)
    return tokens


def test_a_photo_uploaded_again_gives_up_the_build_before_it(client, monkeypatch):
    from vision import calibration
    release = threading.Event()
    monkeypatch.setattr(calibration, "calibrate", lambda data: SlowBuild(release))
    token = csrf_of(client)
    ok, png = cv2.imencode(".png", np.full((40, 40, 3), 200, np.uint8))
    try:
        first, second = (calibrate._job(t) for t in upload_twice(client, token, png, pause=0.2))
        first.wait(10)
        assert first.state == "failed" and first.error == calibrate.SUPERSEDED
        assert not first.path.exists()
        # the first page's script says why in the page's language
        tokens = [t for t, j in calibrate._JOBS.items() if j is first]
        job = client.get(f"/calibrate/progress/{tokens[0]}?lang=fr").get_json()
        assert job["message"] == "une photo de calibration plus récente a remplacé celle-ci"
        # said as given up for another tab's photo: the page says to go on there, not to upload again
        # (a trial's two tabs took turns giving each other's build up)
        assert job["superseded"] is True
        deadline = time.monotonic() + 10
        while second.state != "building" and time.monotonic() < deadline:
            time.sleep(0.05)
        assert second.state == "building" and not second.cancelled
        # another browser's upload leaves this one's build alone
        other = client.application.test_client()
        r = other.post("/calibrate/upload", data={"csrf_token": csrf_of(other), "name": "elsewhere",
                                                  "photo": (io.BytesIO(png.tobytes()), "p.png")},
                       content_type="multipart/form-data")
        assert r.status_code == 303 and not second.cancelled
    finally:
        release.set()
        for job in list(calibrate._JOBS.values()):
            job.wait(10)


def test_a_photo_refused_gives_up_the_build_before_it_too(client, monkeypatch):
    # a layout accepted, then another photo refused (422) from the same browser: the first build
    # kept a core busy for half a minute while the player took the photo again
    from vision import calibration
    release = threading.Event()
    builds = []

    def calibrate_stand_in(data):
        build = SlowBuild(release)
        build.ok = not builds           # the first photo a layout, the second refused
        builds.append(build)
        return build
    monkeypatch.setattr(calibration, "calibrate", calibrate_stand_in)
    token = csrf_of(client)
    ok, png = cv2.imencode(".png", np.full((40, 40, 3), 200, np.uint8))
    try:
        r = client.post("/calibrate/upload", data={"csrf_token": token, "name": "first try",
                                                   "photo": (io.BytesIO(png.tobytes()), "p.png")},
                        content_type="multipart/form-data")
        first = calibrate._job(r.headers["Location"].rsplit("/", 1)[-1])
        r = client.post("/calibrate/upload", data={"csrf_token": token, "name": "no layout",
                                                   "photo": (io.BytesIO(png.tobytes()), "p.png")},
                        content_type="multipart/form-data")
        assert r.status_code == 422
        first.wait(10)
        assert first.state == "failed" and first.error == calibrate.SUPERSEDED
    finally:
        release.set()
        for job in list(calibrate._JOBS.values()):
            job.wait(10)


def _slow_builds(monkeypatch) -> threading.Event:
    """Builds that step until the event returned is set."""
    from vision import calibration
    release = threading.Event()
    monkeypatch.setattr(calibration, "calibrate", lambda data: SlowBuild(release))
    return release


def _upload(browser, name: str):
    """A calibration photo uploaded from ``browser``: its build's token and job."""
    ok, png = cv2.imencode(".png", np.full((40, 40, 3), 200, np.uint8))
    r = browser.post("/calibrate/upload", data={"csrf_token": csrf_of(browser), "name": name,
                                                "photo": (io.BytesIO(png.tobytes()), "p.png")},
                     content_type="multipart/form-data")
    token = r.headers["Location"].rsplit("/", 1)[-1]
    return token, calibrate._job(token)


def test_a_build_no_page_follows_any_more_is_given_up_for_another_browsers_photo(client, monkeypatch):
    # a browser closed during its build: the next player's page said "Waiting for another profile
    # to finish" for 100 s while the abandoned build ran on
    release = _slow_builds(monkeypatch)
    try:
        token, left = _upload(client, "left behind")
        assert client.get(f"/calibrate/progress/{token}").status_code == 200     # followed: seen now
        assert not left.abandoned()
        left.seen -= calibrate.ABANDONED_S + 1                                    # then no page asks
        _, new = _upload(client.application.test_client(), "next player")
        left.wait(10)
        assert left.state == "failed" and left.error == calibrate.SUPERSEDED
        deadline = time.monotonic() + 10
        while new.state != "building" and time.monotonic() < deadline:
            time.sleep(0.05)
        assert new.state == "building" and not new.cancelled
    finally:
        release.set()
        for job in list(calibrate._JOBS.values()):
            job.wait(10)


def test_a_build_whose_page_was_left_is_given_up_for_one_waiting_behind_it(client, monkeypatch):
    # a trial: the page of a build closed 2 s before another browser's upload; that one said
    # "Waiting for another profile to finish…" until the left build's whole run was over
    release = _slow_builds(monkeypatch)
    try:
        _, left = _upload(client, "left behind")
        deadline = time.monotonic() + 10
        while left.state != "building" and time.monotonic() < deadline:
            time.sleep(0.05)
        other = client.application.test_client()
        token, waiting = _upload(other, "next player")            # not abandoned yet: it waits
        time.sleep(0.3)
        assert waiting.state == "waiting" and not left.cancelled
        said = other.get(f"/calibrate/progress/{token}").get_json()
        assert said["state"] == "waiting" and "ahead_percent" in said     # how far the build ahead is
        left.seen -= calibrate.WAITED_ABANDONED_S + 1                       # its page left since
        deadline = time.monotonic() + 10
        while left.state != "failed" and time.monotonic() < deadline:       # (a Save waiting would keep it)
            time.sleep(0.05)
        assert left.state == "failed" and left.error == calibrate.LEFT_FOR_ANOTHER
        deadline = time.monotonic() + 10
        while waiting.state != "building" and time.monotonic() < deadline:
            time.sleep(0.05)
        assert waiting.state == "building"
    finally:
        release.set()
        for job in list(calibrate._JOBS.values()):
            job.wait(10)


def test_the_calibration_photo_can_be_chosen_from_the_phone_s_photos(client):
    """The layout photo may have been taken before: the file input does not force the camera
    (``capture`` would open it directly on phones, with no way to pick a saved photo)."""
    page = client.get("/calibrate/").get_data(as_text=True)
    field = page[page.index('name="photo"') - 40:page.index('name="photo"') + 80]
    assert 'type="file"' in field and "capture" not in field


def test_using_or_deleting_a_profile_names_it_as_the_user_did(client, app, monkeypatch):
    """The page's Use and Delete send the profile's file name (its slug); the message says the
    name the user gave the set."""
    from tests.calibration.helpers import fake_embed
    from vision.profile import ProfileStore, TileSetProfile
    store = ProfileStore(app.config["DATA_DIR"])
    crops = [np.full((64, 48, 3), v, np.uint8) for v in (40, 200)]
    store.save(TileSetProfile.from_examples(list(zip(crops, ["1m", "2m"])), name="Club Set", embed=fake_embed()))
    token = csrf_of(client)
    client.post("/calibrate/activate", data={"csrf_token": token, "name": "club-set"})
    assert "Active profile: Club Set." in client.get("/calibrate/").get_data(as_text=True)
    client.post("/calibrate/delete", data={"csrf_token": token, "name": "club-set"})
    page = client.get("/calibrate/").get_data(as_text=True)
    # the active one deleted: reading goes on with the base model alone, and the page says so
    # its name quoted, as the page's other messages quote it
    assert "Profile “Club Set” deleted." in page and "the base model reads tiles alone" in page


def test_deleting_the_active_profile_or_one_that_learnt_says_what_goes_with_it(client, app):
    # the confirmation asked only "Delete the profile club set?": that it was the set in use, and
    # what it had learnt from the table's hands, went unsaid
    from tests.calibration.helpers import fake_embed
    from vision.profile import ProfileStore, TileSetProfile
    store = ProfileStore(app.config["DATA_DIR"])
    crops = [np.full((64, 48, 3), v, np.uint8) for v in (40, 200)]
    embed = fake_embed()
    learnt = TileSetProfile.from_examples(list(zip(crops, ["1m", "2m"])), name="Club Set", embed=embed)
    learnt.add_example(np.full((64, 48, 3), 90, np.uint8), "3m", embed=embed)
    store.save(learnt)
    store.save(TileSetProfile.from_examples(list(zip(crops, ["1m", "2m"])), name="Spare", embed=embed))
    store.activate("club-set")

    def confirm(page, slug):
        form = page[page.index(f'<input type="hidden" name="name" value="{slug}">\n        <button type="submit" '
                               f'class="danger"') - 400:page.index(f'value="{slug}">\n        <button type="submit" class="danger"')]
        return form[form.index("data-confirm="):]
    page = client.get("/calibrate/").get_data(as_text=True)
    assert ("Delete the profile “Club Set”? It is the active profile: the base model alone will read tiles until you "
            "choose another. What it learnt from your corrections and hands goes with it (1 tile).") in confirm(page, "club-set")
    assert "active profile" not in confirm(page, "spare") and "learnt" not in confirm(page, "spare")
    # each profile's buttons named with it (a screen reader heard "Rename, Download, Delete" per profile)
    assert all(f'aria-label="{action}: {name}"' in page for action in ("Rename", "Download", "Delete")
               for name in ("Club Set", "Spare"))
    page = client.get("/calibrate/?lang=fr").get_data(as_text=True)
    assert "C'est le profil actif" in confirm(page, "club-set") and "part avec lui (1 tuile)." in confirm(
        page, "club-set")


def test_a_build_given_up_while_waiting_its_turn_says_so_at_once(client, monkeypatch):
    """Another browser's build holds the one-at-a-time lock: a build of this browser given up for
    a newer photo is failed (superseded) at once, not left waiting until that build ends."""
    from vision import calibration
    release = threading.Event()
    monkeypatch.setattr(calibration, "calibrate", lambda data: SlowBuild(release))
    ok, png = cv2.imencode(".png", np.full((40, 40, 3), 200, np.uint8))
    token = csrf_of(client)
    with calibrate._BUILD_LOCK:        # as another browser's build would
        try:
            first, second = (calibrate._job(t) for t in upload_twice(client, token, png))
            first.wait(5)
            assert first.state == "failed" and first.error == calibrate.SUPERSEDED
            assert second.state == "waiting"
        finally:
            release.set()
            second.cancel()
    second.wait(10)


class QuickBuild(SlowBuild):
    """A calibration result whose profile build takes no time and saves nothing."""

    def build_profile(self, name, progress=None):
        progress(1, 1)
        return SimpleNamespace(save=lambda path: None)


def test_a_build_whose_save_waits_on_the_server_is_not_given_up_for_another(tmp_path, monkeypatch):
    # a page without scripts asks for no progress: Save waits for the build on the server, and the
    # build was given up under it, as left, when another player's photo waited behind it
    monkeypatch.setattr(calibrate, "WAITED_ABANDONED_S", 0.5)
    release = threading.Event()
    first = calibrate.BuildJob(SlowBuild(release), "no scripts", tmp_path / "a.npz").start()
    saving = threading.Thread(target=first.wait, args=(10,))
    saving.start()                                                   # its Save, waiting
    try:
        second = calibrate.BuildJob(SlowBuild(release), "next player", tmp_path / "b.npz").start()
        for _ in range(20):                                          # the second's page follows it
            second.seen = time.monotonic()
            time.sleep(0.1)
        assert not first.cancelled and first.state == "building" and second.state == "waiting"
    finally:
        release.set()
        saving.join(10)
        second.wait(10)


def test_a_build_that_waited_its_turn_counts_its_time_from_its_start(tmp_path):
    # a build queued behind another's counted its time from the upload: "7 % (201 s, about 187 s
    # left: slower than usual)", then "done in 270 s" for a build of 70
    job = calibrate.BuildJob(QuickBuild(threading.Event()), "set", tmp_path / "set.mjprofile")
    with calibrate._BUILD_LOCK:        # another browser's build
        job.start()
        time.sleep(0.5)
        assert job.as_json()["state"] == "waiting" and job.as_json()["elapsed_s"] >= 0.4
    job.wait(5)
    assert job.as_json()["state"] == "ready" and job.as_json()["elapsed_s"] < 0.3, job.as_json()
