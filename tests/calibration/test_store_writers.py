"""Profiles changed by more than one writer (a hand learnt in the background, the calibration
page, another process), by a save that fails, and read when the machine is short of something."""
import io
import os
import resource
import signal
import subprocess
import sys
import threading
import time

import cv2
import numpy as np
import pytest

from vision import finetune
from vision.profile import ProfileDamaged, ProfileStore, TileSetProfile
from webui import calibrate, create_app, drafts
from webui.store import Store, connect

from ..webui.conftest import csrf_of
from .helpers import code_crop, quick_finetune

BONUS = [f"{i}f" for i in range(1, 9)]


def profile(name="club set", codes=("1m", "2m", "3m"), created=None) -> TileSetProfile:
    made = TileSetProfile.from_examples([(code_crop(c, seed=i), c) for i, c in enumerate(codes)], name=name,
                                        absent_codes=BONUS)
    if created is not None:
        made.created = created
    return made


@pytest.fixture()
def web(tmp_path, monkeypatch):
    quick_finetune(monkeypatch)
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path), "SECRET_KEY": "t"})
    client = app.test_client()
    client.headers = {"X-CSRF-Token": csrf_of(client), "X-Requested-With": "fetch"}
    client.profiles = ProfileStore(tmp_path)
    client.app_ = app
    return client


def _slow_lessons(monkeypatch, seconds: float) -> threading.Event:
    """Learning a hand takes ``seconds`` more (as on a busy machine); the event is set as it starts."""
    started, real = threading.Event(), finetune.refit_head

    def slow(*args, **kwargs):
        started.set()
        time.sleep(seconds)
        return real(*args, **kwargs)
    monkeypatch.setattr(finetune, "refit_head", slow)
    return started


def _teach_a_hand(client) -> None:
    png = cv2.imencode(".png", code_crop("6m"))[1].tobytes()
    r = client.post("/calibrate/hands", data={"key": "h1", "code": ["6m"], "crop": [(io.BytesIO(png), "c.png")]},
                    headers=client.headers)
    assert r.status_code == 202, r.get_data(as_text=True)


def test_a_calibration_saved_while_a_hand_is_learnt_is_kept(web, monkeypatch):
    # the lesson saved the profile it had loaded over the new calibration of its name: the new one
    # was nowhere, the old one in its place
    store = web.profiles
    store.save(profile(created=111.0))
    store.activate("club set")
    profile(codes=("1m", "2m", "3m", "4m", "5m"), created=222.0).save(store.data_dir / "calibration_pending" / "tok1.npz")
    started = _slow_lessons(monkeypatch, 2)
    _teach_a_hand(web)
    assert started.wait(30)
    assert web.post("/calibrate/save", data={"token": "tok1"}, headers=web.headers).status_code == 302
    calibrate.wait_for_learning(60)
    assert store.active().created == 222.0 and store.active().n_learnt_examples == 0
    # the lesson went into the profile it was for, kept to be restored
    assert store.replaced("club set") == {"name": "club set", "learnt_examples": 1, "created": 111.0}


def test_a_profile_deleted_while_a_hand_is_learnt_stays_deleted(web, monkeypatch):
    store = web.profiles
    store.save(profile())
    store.activate("club set")
    started = _slow_lessons(monkeypatch, 2)
    _teach_a_hand(web)
    assert started.wait(30)
    assert web.post("/calibrate/delete", data={"name": "club-set"}, headers=web.headers).status_code == 302
    calibrate.wait_for_learning(60)
    assert store.list() == [] and store.active_slug() is None


def test_save_pressed_twice_keeps_the_profile_it_replaced(web):
    store = web.profiles
    store.save(profile(created=111.0))
    store.activate("club set")
    pending = profile(codes=("1m", "2m", "3m", "4m"), created=222.0)
    # the second press read the pending profile before the first had deleted it
    for _ in range(2):
        pending.save(store.data_dir / "calibration_pending" / "tok1.npz")
        assert web.post("/calibrate/save", data={"token": "tok1"}, headers=web.headers).status_code == 302
    assert store.entry("club set")["created"] == 222.0
    assert store.replaced("club set")["created"] == 111.0       # it was the new one, the old lost


def test_two_processes_saving_one_profile_never_show_a_reader_half_a_file(tmp_path, monkeypatch):
    # one temporary name for every save: a reader found the halves of two saves, took the profile
    # for damaged and set it aside; a save crashed finding its temporary file gone
    quick_finetune(monkeypatch)
    store = ProfileStore(tmp_path)
    store.save(profile())
    store.activate("club set")
    saver = ("import sys, time; sys.path.insert(0, sys.argv[1]);"
             "from vision.profile import ProfileStore; s = ProfileStore(sys.argv[2]); p = s.load('club set');"
             "end = time.time() + 6\nwhile time.time() < end: s.save(p)")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    procs = [subprocess.Popen([sys.executable, "-c", saver, root, str(tmp_path)]) for _ in range(2)]
    try:
        seen = 0
        while any(p.poll() is None for p in procs):
            assert store.active() is not None
            seen += 1
    finally:
        codes = [p.wait(60) for p in procs]
    assert codes == [0, 0] and seen > 0
    assert sorted(os.listdir(store.folder)) == [".lock", "club-set.npz"]


def test_a_save_that_fails_leaves_no_file_and_the_profile_it_replaced_in_place(tmp_path, monkeypatch):
    # a disk full left "club-set.npz.tmp.npz" listed as a damaged profile nobody could remove, and
    # a new calibration's failed save left the profile it replaced in its hidden copy alone
    quick_finetune(monkeypatch)
    store = ProfileStore(tmp_path)
    first = profile(created=111.0)
    first.learn_hand("h", [code_crop("4m")], ["4m"])
    store.save(first)
    store.activate("club set")
    size = store.path("club set").stat().st_size
    old = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size // 2, limits[1]))
    try:
        with pytest.raises(OSError):
            store.save(first)
        with pytest.raises(OSError):
            store.save_new(profile(created=222.0))
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
        signal.signal(signal.SIGXFSZ, old)
    assert sorted(os.listdir(store.folder)) == [".lock", "club-set.npz"]
    assert [e["created"] for e in store.list()] == [111.0] and store.active().n_learnt_examples == 1


def test_a_profile_not_read_for_want_of_memory_is_not_taken_for_damaged(tmp_path, monkeypatch):
    # memory short for a moment, or too many files open: the healthy active profile was renamed
    # damaged and deactivated for good
    from vision.profile import tileset
    quick_finetune(monkeypatch)
    store = ProfileStore(tmp_path)
    store.save(profile())
    store.activate("club set")
    monkeypatch.setattr(tileset, "_LOADED", tileset._Kept(4))

    def short(*args, **kwargs):
        raise MemoryError("Unable to allocate 144. KiB")
    monkeypatch.setattr(np, "load", short)
    assert store.active() is None                   # the base model reads alone this time
    monkeypatch.undo()
    monkeypatch.setattr(type(store.active_file), "read_text",
                        lambda self, **kw: (_ for _ in ()).throw(OSError(24, "Too many open files")))
    assert store.active() is None
    monkeypatch.undo()
    assert store.active_slug() == "club-set" and store.active().name == "club set"
    assert sorted(os.listdir(store.folder)) == [".lock", "club-set.npz"]
    # damage is still damage
    store.path("club set").write_bytes(b"PK\x03\x04 not a zip")
    monkeypatch.setattr(tileset, "_LOADED", tileset._Kept(4))
    with pytest.raises(ProfileDamaged):
        store.active()


def test_a_correction_undone_is_taken_back_by_the_profile_that_learnt_it(web, monkeypatch):
    # another set made active since: the undo went to it, and the set that learnt kept the tile
    from vision import calibration
    store = web.profiles
    store.save(profile("club set"))
    store.save(profile("home set"))
    store.activate("club set")
    monkeypatch.setattr(calibration, "learning_cuts", lambda image, boxes, reader=None:
                        ([code_crop("5p", seed=i) for i in range(len(boxes))], [None] * len(boxes)))
    jpeg = cv2.imencode(".jpg", np.full((300, 900, 3), 200, np.uint8))[1].tobytes()
    tiles = [{"code": "4p", "box": [40, 100, 95, 175], "confidence": 0.9, "face_down": False, "sideways": False}]
    db = Store(connect(web.app_.config["DATABASE"]))
    draft = db.create_draft({"jpeg": jpeg, "width": 900, "height": 300}, {"tiles": tiles, "hand": None, "reading": {}})
    assert web.post(f"/review/{draft}/teach", data={"tile": ["0"], "code": ["5p"]}, headers=web.headers).status_code == 202
    calibrate.wait_for_learning(60)
    assert store.load("club set").n_learnt_examples == 1
    assert web.post("/calibrate/activate", data={"name": "home-set"}, headers=web.headers).status_code == 302
    r = web.post(f"/review/{draft}/teach", data={}, headers=web.headers)
    assert r.status_code == 202 and r.json["profile"] == "club set"
    calibrate.wait_for_learning(60)
    assert store.load("club set").n_learnt_examples == 0
    assert drafts.lesson_profile(db, draft)[0] == "club set"
