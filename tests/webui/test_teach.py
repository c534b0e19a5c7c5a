"""POST /review/<draft>/teach: the review page's corrected and recorded tiles teach the active
tile-set profile, cut by the server from the draft's photo (``calibrate.learn_photo_tiles``)."""
from __future__ import annotations

import html

import numpy as np
import pytest

from .conftest import csrf_of
from .test_photo import reader_ready


def _photo_draft(app, tiles, photo=True):
    import cv2

    from webui.store import Store, connect
    jpeg = cv2.imencode(".jpg", np.full((300, 900, 3), 200, np.uint8))[1].tobytes()
    store = Store(connect(app.config["DATABASE"]))
    draft = store.create_draft({"jpeg": jpeg, "width": 900, "height": 300} if photo else None,
                               {"tiles": tiles, "hand": None, "reading": {}})
    return draft, jpeg


def _tile(code, i, **kw):
    return {"code": code, "box": [40 + 60 * i, 100, 95 + 60 * i, 175], "confidence": 0.9,
            "face_down": False, "sideways": False, **kw}


@pytest.mark.skipif("not reader_ready()", reason="the tile classifier's weights are not installed")
def test_the_review_pages_tiles_are_cut_from_the_photo_by_the_server_and_learnt(app, client, monkeypatch):
    # the page cut the tiles it sent from the photo as taken: a dark photo taught dark crops, and
    # box cuts alone where the reader reads face cuts too
    from tests.calibration.helpers import code_crop
    from tests.webui.test_browser import active_profile
    from vision import calibration
    from vision.profile.tileset import FACE_SUFFIX
    from webui import calibrate
    tiles = [_tile("1m", 0), _tile("2m", 1), _tile("3m", 2, sideways=True), _tile("4m", 3)]
    draft, jpeg = _photo_draft(app, tiles)
    headers = {"X-CSRF-Token": csrf_of(client), "X-Requested-With": "fetch"}
    url = f"/review/{draft}/teach"
    r = client.post(url, data={"tile": ["0"], "code": ["1m"]}, headers=headers)
    assert r.status_code == 200 and r.get_json()["learning"] is False       # no profile: nothing to learn
    store = active_profile(app, monkeypatch)
    cut = []

    def learning_cuts(image, boxes, reader=None):
        cut.append((image, [list(b) for b in boxes]))
        return [code_crop("5p", seed=i) for i in range(len(boxes))], [code_crop("5p", seed=9)] + [None] * (len(boxes) - 1)
    monkeypatch.setattr(calibration, "learning_cuts", learning_cuts)
    # a correction as the hand is reviewed: the 4m read is a 5p
    r = client.post(url, data={"tile": ["3"], "code": ["5p"]}, headers=headers)
    assert r.status_code == 202 and r.get_json() == {"learning": True, "profile": "club set", "key": draft, "tiles": 1,
                                                     "created": store.active().created}
    calibrate.wait_for_learning(60)
    assert cut == [(jpeg, [tiles[3]["box"]])]
    profile = store.active()
    assert profile.n_confirmed == 1 and profile.sources[-2:] == [f"hand:{draft}", f"hand:{draft}{FACE_SUFFIX}"]
    # recorded: every upright tile, confirmed; replaces what the draft taught
    r = client.post(url, data={"tile": ["0", "1", "3"], "code": ["1m", "2m", "5p"]}, headers=headers)
    assert r.status_code == 202
    calibrate.wait_for_learning(60)
    assert cut[-1][1] == [tiles[0]["box"], tiles[1]["box"], tiles[3]["box"]]
    profile = store.active()
    assert profile.n_confirmed == 3 and len(profile.codes) == 2 + 4 and profile.learnt
    # nothing sent: taken back
    assert client.post(url, data={}, headers=headers).status_code == 202
    calibrate.wait_for_learning(60)
    assert store.active().n_learnt_examples == 0
    # refused, each with its reason
    for form, says in (({"tile": ["0", "1"], "code": ["1m"]}, "one code per tile"),
                       ({"tile": ["9"], "code": ["1m"]}, "no tile '9'"),
                       ({"tile": ["-1"], "code": ["1m"]}, "no tile '-1'"),
                       ({"tile": ["²"], "code": ["1m"]}, "no tile '²'"),
                       ({"tile": ["2"], "code": ["3m"]}, "only upright face-up tiles"),
                       ({"tile": ["0"], "code": ["1x"]}, "unknown tile code"),
                       ({"tile": ["0"] * 41, "code": ["1m"] * 41}, "at most 40 tiles")):
        r = client.post(url, data=form, headers=headers)
        assert r.status_code == 400 and says in r.get_json()["error"]["message"], (form, r.get_json())
    no_photo, _ = _photo_draft(app, tiles, photo=False)
    r = client.post(f"/review/{no_photo}/teach", data={"tile": ["0"], "code": ["1m"]}, headers=headers)
    assert r.status_code == 400 and "no photo" in r.get_json()["error"]["message"]
    assert client.post("/review/nosuchdraft/teach", data={"tile": ["0"], "code": ["1m"]},
                       headers=headers).status_code == 404
    assert len(cut) == 2                                                  # no refused request was cut


def test_corrections_bring_the_hands_other_upright_tiles_to_guard_the_lesson(app, client, monkeypatch):
    """A correction sent as the hand is reviewed names the hand's other tiles (``other``), left as
    read: they are read again once it is learnt, and its code is not learnt where one of them
    comes to be read as it (``TileSetProfile.learn_hand``'s ``others``)."""
    from types import SimpleNamespace

    from vision import calibration
    from webui import calibrate
    tiles = [_tile("1m", 0), _tile("2m", 1), _tile("3m", 2, sideways=True), _tile("4m", 3),
             _tile(None, 4, face_down=True)]
    draft, jpeg = _photo_draft(app, tiles)
    sent, looked = [], []
    monkeypatch.setattr(calibrate, "_learning_profile", lambda data_dir, name=None: SimpleNamespace(name="club set",
                                                                                                    created=1.0))
    monkeypatch.setattr(calibrate, "_learn_in_background", lambda data_dir, key, codes, cut=None, profile_name=None,
                        read_as=None, others=None: sent.append((codes, others)))
    monkeypatch.setattr(calibration, "reading_of", lambda image, boxes, reader=None: looked.append((image, boxes)) or
                        (lambda profile: ["read"]))
    headers = {"X-CSRF-Token": csrf_of(client), "X-Requested-With": "fetch"}
    r = client.post(f"/review/{draft}/teach", data={"tile": ["3"], "code": ["5p"], "other": ["0", "1", "2", "3", "4"]},
                    headers=headers)
    assert r.status_code == 202
    (codes, others), = sent
    # the taught, sideways and face-down tiles are no others; the others keep their codes as read
    read, kept = others()
    assert codes == ["5p"] and kept == ["1m", "2m"] and read(None) == ["read"]
    assert looked == [(jpeg, [tiles[0]["box"], tiles[1]["box"]])]
    # none named (a recorded hand sends every tile): no guard
    assert client.post(f"/review/{draft}/teach", data={"tile": ["0", "1", "3"], "code": ["1m", "2m", "5p"]},
                       headers=headers).status_code == 202
    assert sent[-1][1]() is None
    r = client.post(f"/review/{draft}/teach", data={"tile": ["3"], "code": ["5p"], "other": ["7"]}, headers=headers)
    assert r.status_code == 400 and "no tile '7'" in r.get_json()["error"]["message"]
    # a tile sent twice, or as "01", guards once; a taught one written "03" does not guard
    looked.clear()
    r = client.post(f"/review/{draft}/teach", data={"tile": ["3"], "code": ["5p"], "other": ["0", "00", "01", "03"]},
                    headers=headers)
    assert r.status_code == 202 and sent[-1][1]()[1] == ["1m", "2m"] and len(looked[0][1]) == 2
    # at most 40 others (tens of thousands read at each try held every profile's learning)
    many, _ = _photo_draft(app, [_tile("1m", i) for i in range(45)])
    r = client.post(f"/review/{many}/teach", data={"tile": ["0"], "code": ["2m"], "other": [str(i) for i in range(1, 45)]},
                    headers=headers)
    assert r.status_code == 400 and "at most 40 other tiles" in r.get_json()["error"]["message"]
    # a guard that cannot read the photo answers None: the lesson is learnt as it stands, not lost
    monkeypatch.setattr(calibration, "reading_of", lambda image, boxes, reader=None: (lambda profile: 1 / 0))
    client.post(f"/review/{draft}/teach", data={"tile": ["3"], "code": ["5p"], "other": ["0"]}, headers=headers)
    assert sent[-1][1]()[0](None) is None


def test_a_correction_its_guard_does_not_learn_is_said_in_the_answer(app, client, monkeypatch):
    """The page said "your tile set learns from this hand's 3 corrections" of a lesson whose guard
    learnt none: a guarded lesson is waited for (``GUARD_WAIT_S``) and its unlearnt codes answered."""
    from types import SimpleNamespace

    from vision import calibration
    from webui import calibrate
    tiles = [_tile("4m", 0), _tile("2m", 1), _tile("4m", 2)]
    draft, _ = _photo_draft(app, tiles)
    monkeypatch.setattr(calibrate, "_learning_profile", lambda data_dir, name=None: SimpleNamespace(name="club set",
                                                                                                    created=1.0))
    monkeypatch.setattr(calibration, "learning_cuts", lambda image, boxes, reader=None: ([None] * len(boxes), None))
    monkeypatch.setattr(calibration, "reading_of", lambda image, boxes, reader=None: (lambda profile: ["1m"]))
    learnt = []

    def learn(data_dir, key, crops, codes, others=None, **kw):
        learnt.append(others)
        return ({"profile": "club set", "key": key, "tiles": 0, "unlearnt": ["7s"],
                 "spread_to": [[1, "7s"], [0, "7s"]]}
                if others else {"tiles": len(codes)})
    monkeypatch.setattr(calibrate, "learn_recorded_hand", learn)
    headers = {"X-CSRF-Token": csrf_of(client), "X-Requested-With": "fetch"}
    r = client.post(f"/review/{draft}/teach", data={"tile": ["2"], "code": ["7s"], "other": ["1", "0"]}, headers=headers)
    assert r.status_code == 202 and r.get_json()["unlearnt"] == ["7s"] and learnt[-1] is not None
    # the other tiles it would have read 7s: tile 0 (the second other sent), read 4m as the
    # corrected tile was, is marked, perhaps its twin; tile 1, read 2m, is no twin, only a tile the
    # lesson would have misread: not marked (a "They are 7s" would spread the error)
    assert r.get_json()["suspects"] == [{"tile": 0, "code": "7s"}] and "spread_to" not in r.get_json()
    # a recorded hand (no others) is not waited for
    r = client.post(f"/review/{draft}/teach", data={"tile": ["0", "1", "2"], "code": ["1m", "2m", "7s"]},
                    headers=headers)
    assert r.status_code == 202 and "unlearnt" not in r.get_json()
    calibrate.wait_for_learning(10)


def test_a_guarded_lesson_not_checked_in_time_is_said_to_be_checking(app, client, monkeypatch):
    """A busy machine's lesson outlasted the wait: the answer had no ``unlearnt``, and the page
    said "learns from this hand's 2 corrections" of a lesson that refused one."""
    import threading
    from types import SimpleNamespace

    from vision import calibration
    from webui import calibrate
    draft, _ = _photo_draft(app, [_tile("4m", 0), _tile("2m", 1)])
    monkeypatch.setattr(calibrate, "_learning_profile", lambda data_dir, name=None: SimpleNamespace(name="club set",
                                                                                                    created=1.0))
    monkeypatch.setattr(calibration, "learning_cuts", lambda image, boxes, reader=None: ([None] * len(boxes), None))
    monkeypatch.setattr(calibration, "reading_of", lambda image, boxes, reader=None: (lambda profile: ["1m"]))
    monkeypatch.setattr(calibrate, "GUARD_WAIT_S", 0.05)
    release = threading.Event()

    def learn(data_dir, key, crops, codes, others=None, **kw):
        release.wait(10)
        return {"profile": "club set", "key": key, "tiles": 0, "unlearnt": ["7s"], "spread_to": []}
    monkeypatch.setattr(calibrate, "learn_recorded_hand", learn)
    headers = {"X-CSRF-Token": csrf_of(client), "X-Requested-With": "fetch"}
    r = client.post(f"/review/{draft}/teach", data={"tile": ["1"], "code": ["7s"], "other": ["0"]}, headers=headers)
    release.set()
    assert r.status_code == 202 and r.get_json()["checking"] is True and "unlearnt" not in r.get_json()
    calibrate.wait_for_learning(10)


def test_a_hand_restored_from_the_history_teaches_its_tiles_again(app, client, monkeypatch):
    """Deleting a hand makes the profile forget what its draft taught; "Restore this hand" put the
    hand back without its tiles, so the profile lost them for good. A lesson guarded by the hand's
    other tiles is guarded by them again (a correction refused then was taught unguarded)."""
    from webui import calibrate

    from .test_review_record import _game, _record
    tiles = [_tile("1m", 0), _tile("2m", 1), _tile("4m", 2), _tile("6s", 3)]
    draft, jpeg = _photo_draft(app, tiles)
    taught, forgotten, guarded = [], [], []
    monkeypatch.setattr(calibrate, "learn_photo_tiles", lambda data_dir, key, photo, boxes, codes, profile_name=None,
                        read_as=None, kept_made_at=None, other_boxes=(), other_codes=(): (
        taught.append((key, photo, boxes, codes)) or guarded.append((other_boxes, other_codes))
        or {"learning": True, "key": key}))
    monkeypatch.setattr(calibrate, "_active_learner", lambda data_dir: "club set")
    monkeypatch.setattr(calibrate, "_learn_in_background", lambda data_dir, key, codes, cut=None, profile_name=None:
                        forgotten.append((key, codes)))
    headers = {"X-CSRF-Token": csrf_of(client), "X-Requested-With": "fetch"}
    game = _game(client)
    assert _record(client, draft, game).status_code == 303
    sent = {"tile": ["0", "1", "2"], "code": ["1m", "2m", "5p"], "other": ["3"]}       # the 4m corrected to a 5p
    assert client.post(f"/review/{draft}/teach", data=sent, headers=headers).status_code == 202
    assert client.post(f"/api/games/{game}/undo", json={}).status_code == 200
    assert forgotten == [(draft, [])]
    edit_id = client.get(f"/api/games/{game}/edits").json["edits"][-1]["id"]
    assert client.post(f"/games/{game}/edits/{edit_id}/restore", data={"csrf_token": csrf_of(client)}).status_code == 303
    assert len(client.get(f"/api/games/{game}").json["hands"]) == 1
    boxes = [t["box"] for t in tiles[:3]]
    assert taught == [(draft, jpeg, boxes, ["1m", "2m", "5p"])] * 2
    assert guarded == [([tiles[3]["box"]], ["6s"])] * 2


def _a_hand_recorded_and_learnt(app, client, monkeypatch):
    """A game whose one hand, recorded from a photo's review page, taught its three tiles to the
    active profile "club set" (the real classifier, a few steps; the tiles cut as stand-ins):
    (the profile store, the game's id)."""
    from tests.calibration.helpers import code_crop
    from tests.webui.test_browser import active_profile
    from vision import calibration
    from webui import calibrate

    from .test_review_record import _game, _record
    draft, _ = _photo_draft(app, [_tile("1m", 0), _tile("2m", 1), _tile("4m", 2)])
    store = active_profile(app, monkeypatch)                      # "club set", active
    monkeypatch.setattr(calibration, "learning_cuts", lambda image, boxes, reader=None: (
        [code_crop("5p", seed=i) for i in range(len(boxes))], None))
    headers = {"X-CSRF-Token": csrf_of(client), "X-Requested-With": "fetch"}
    game = _game(client)
    assert _record(client, draft, game).status_code == 303
    assert client.post(f"/review/{draft}/teach", data={"tile": ["0", "1", "2"], "code": ["1m", "2m", "4m"]},
                       headers=headers).status_code == 202
    calibrate.wait_for_learning(60)
    assert store.load("club set").n_confirmed == 3
    return store, game


@pytest.mark.skipif("not reader_ready()", reason="the tile classifier's weights are not installed")
def test_an_undone_hand_is_forgotten_by_the_profile_that_learnt_it(app, client, monkeypatch):
    # undone after another set was made active, the hand was forgotten by that set, which never
    # learnt it, and the set that had learnt it kept the tiles of a hand no longer in the game
    from tests.calibration.helpers import code_crop
    from vision.profile import TileSetProfile
    from webui import calibrate
    store, game = _a_hand_recorded_and_learnt(app, client, monkeypatch)
    store.save(TileSetProfile.from_examples([(code_crop("1m"), "1m"), (code_crop("2m"), "2m")], name="other set"))
    store.activate("other set")
    r = client.post(f"/api/games/{game}/undo", json={})
    # said: the profile's count fell without a word (a trial); by the set that learnt it
    assert r.status_code == 200 and r.json["removed"]["forgotten_by"] == ["club set"]
    calibrate.wait_for_learning(60)
    assert store.load("club set").n_confirmed == 0 and store.load("club set").n_learnt_examples == 0
    assert store.load("other set").n_learnt_examples == 0 and len(store.load("other set").codes) == 2
    # restored while the other set is still active: the set that learnt it learns it again
    edit_id = client.get(f"/api/games/{game}/edits").json["edits"][-1]["id"]
    assert client.post(f"/games/{game}/edits/{edit_id}/restore", data={"csrf_token": csrf_of(client)}).status_code == 303
    calibrate.wait_for_learning(60)
    assert store.load("club set").n_confirmed == 3 and len(store.load("other set").codes) == 2
    # the game page's Undo says it too
    page = client.post(f"/games/{game}/undo", data={"csrf_token": csrf_of(client)}, follow_redirects=True)
    assert "hand 1 removed; your tile set “club set” forgets its tiles" in html.unescape(page.get_data(as_text=True))
    calibrate.wait_for_learning(60)
    # and in French, its parts joined by « ; » as French writes it (a trial read « retirée; votre »)
    edit_id = client.get(f"/api/games/{game}/edits").json["edits"][-1]["id"]
    client.post(f"/games/{game}/edits/{edit_id}/restore", data={"csrf_token": csrf_of(client)})
    calibrate.wait_for_learning(60)
    page = client.post(f"/games/{game}/undo?lang=fr", data={"csrf_token": csrf_of(client)}, follow_redirects=True)
    assert "main 1 retirée ; votre jeu de tuiles « club set » oublie ses tuiles" in html.unescape(page.get_data(as_text=True))
    calibrate.wait_for_learning(60)


@pytest.mark.skipif("not reader_ready()", reason="the tile classifier's weights are not installed")
def test_an_undone_hand_is_forgotten_by_the_profile_that_learnt_it_renamed_since(app, client, monkeypatch):
    # renamed after the hand was recorded, the profile kept its 13 tiles when the hand was undone:
    # the lesson named a profile no longer saved under that name
    from webui import calibrate
    store, game = _a_hand_recorded_and_learnt(app, client, monkeypatch)
    store.rename("club set", "home set")
    assert store.load("home set").n_confirmed == 3
    assert client.post(f"/api/games/{game}/undo", json={}).status_code == 200
    calibrate.wait_for_learning(60)
    assert store.load("home set").n_confirmed == 0 and store.load("home set").n_learnt_examples == 0
    # restored: the renamed profile learns it again
    edit_id = client.get(f"/api/games/{game}/edits").json["edits"][-1]["id"]
    assert client.post(f"/games/{game}/edits/{edit_id}/restore", data={"csrf_token": csrf_of(client)}).status_code == 303
    calibrate.wait_for_learning(60)
    assert store.load("home set").n_confirmed == 3


def test_an_undone_hand_is_forgotten_by_the_copy_kept_of_the_profile_that_learnt_it(app, client, monkeypatch):
    # calibrated again under its name after the hand was recorded, the profile that learnt it was
    # kept to be restored: undoing the hand left it learnt there, and restoring brought it back
    from tests.calibration.helpers import code_crop
    from vision.profile import TileSetProfile
    from webui import calibrate
    store, game = _a_hand_recorded_and_learnt(app, client, monkeypatch)
    assert store.load("club set").n_confirmed == 3
    store.save_new(TileSetProfile.from_examples([(code_crop("1m"), "1m"), (code_crop("2m"), "2m")], name="club set"))
    assert store.replaced("club set")["learnt_examples"] == 3
    store.rename("club set", "home set")            # the copy goes with the name, and is still found
    assert client.post(f"/api/games/{game}/undo", json={}).status_code == 200
    calibrate.wait_for_learning(60)
    assert store.replaced("home set")["learnt_examples"] == 0
    store.restore("home set")
    assert store.load("home set").n_confirmed == 0


def test_a_restored_hand_teaches_only_the_profile_that_learnt_it(app, client, monkeypatch):
    # another set made active after the hand was undone learnt the tiles of a photo it never read,
    # and the set that had learnt them did not learn them again
    from webui import calibrate, drafts
    from webui.store import get_store

    from .test_review_record import _game, _record
    tiles = [_tile("1m", 0), _tile("2m", 1), _tile("4m", 2)]
    draft, _ = _photo_draft(app, tiles)
    taught = []
    active = ["Hélène's set"]
    monkeypatch.setattr(calibrate, "learn_photo_tiles", lambda data_dir, key, photo, boxes, codes, profile_name=None,
                        read_as=None, kept_made_at=None, **others: (
        taught.append((codes, profile_name or active[0])) or {"learning": True, "key": key,
                                                              "profile": profile_name or active[0]}))
    monkeypatch.setattr(calibrate, "_active_learner", lambda data_dir: active[0])
    monkeypatch.setattr(calibrate, "_learner", lambda data_dir, name: name)
    monkeypatch.setattr(calibrate, "_learn_in_background", lambda *a, **k: None)
    headers = {"X-CSRF-Token": csrf_of(client), "X-Requested-With": "fetch"}
    game = _game(client)
    assert _record(client, draft, game).status_code == 303
    assert client.post(f"/review/{draft}/teach", data={"tile": ["0", "1", "2"], "code": ["1m", "2m", "4m"]},
                       headers=headers).status_code == 202
    with app.app_context():
        assert drafts.lesson_profile(get_store(), draft) == ("Hélène's set", None)      # no "created": stubbed
    for restorer in ("another set", "Hélène's set"):
        assert client.post(f"/api/games/{game}/undo", json={}).status_code == 200
        active[0] = restorer
        edit_id = client.get(f"/api/games/{game}/edits").json["edits"][-1]["id"]
        assert client.post(f"/games/{game}/edits/{edit_id}/restore",
                           data={"csrf_token": csrf_of(client)}).status_code == 303
        # whichever set is active, the one that learnt the hand learns it again
        assert taught[-1] == (["1m", "2m", "4m"], "Hélène's set")
    assert len(taught) == 3


def test_a_correction_carries_how_surely_the_base_model_misread_the_tile_when_its_photo_was_read(app, client,
                                                                                                 monkeypatch):
    # the server cuts a tile again to learn it, and that cut may read otherwise than the photo did:
    # the base model's own sure 8s of a 6s was then never held against its 8s
    from types import SimpleNamespace

    from webui import calibrate
    tiles = [_tile("8s", 0, base_p=0.9967), _tile("2m", 1, base_code="3m", base_p=0.99), _tile("4m", 2)]
    draft, _ = _photo_draft(app, tiles)
    sent = []
    monkeypatch.setattr(calibrate, "_learning_profile", lambda data_dir, name=None: SimpleNamespace(name="club set",
                                                                                                    created=1.0))
    monkeypatch.setattr(calibrate, "_learn_in_background", lambda data_dir, key, codes, cut=None, profile_name=None,
                        read_as=None, others=None: sent.append((codes, read_as)))
    headers = {"X-CSRF-Token": csrf_of(client), "X-Requested-With": "fetch"}
    r = client.post(f"/review/{draft}/teach", data={"tile": ["0", "1", "2"], "code": ["6s", "2m", "4m"]},
                    headers=headers)
    assert r.status_code == 202
    # the 8s as read (the reading's code: the profile kept the base model's), the 3m the base model
    # read where the profile read 2m, and nothing for a tile read without a profile
    assert sent == [(["6s", "2m", "4m"], [("8s", 0.9967), ("3m", 0.99), None])]


def test_a_restored_hand_is_learnt_again_by_the_copy_kept_of_the_profile_that_learnt_it(app, client, monkeypatch):
    # calibrated again under its name after the hand was recorded: the hand undone, then restored
    # to the game, was learnt by the new calibration, which never read it, and the copy kept of
    # the profile that had learnt it came back without it
    from tests.calibration.helpers import code_crop
    from vision.profile import TileSetProfile
    from webui import calibrate
    store, game = _a_hand_recorded_and_learnt(app, client, monkeypatch)
    store.save_new(TileSetProfile.from_examples([(code_crop("1m"), "1m"), (code_crop("2m"), "2m")], name="club set"))
    assert client.post(f"/api/games/{game}/undo", json={}).status_code == 200
    calibrate.wait_for_learning(60)
    assert store.replaced("club set")["learnt_examples"] == 0
    edit_id = client.get(f"/api/games/{game}/edits").json["edits"][-1]["id"]
    assert client.post(f"/games/{game}/edits/{edit_id}/restore", data={"csrf_token": csrf_of(client)}).status_code == 303
    calibrate.wait_for_learning(60)
    assert store.load("club set").n_learnt_examples == 0 and len(store.load("club set").codes) == 2
    assert store.replaced("club set")["learnt_examples"] == 3
    store.restore("club set")
    assert store.load("club set").n_confirmed == 3


def test_a_restored_hand_teaches_nobody_when_the_profile_that_learnt_it_is_gone(app, client, monkeypatch):
    # calibrated again twice after the hand was recorded: the copy kept of the profile that learnt
    # it was dropped, and the newest calibration, which never read the photo, learnt the hand
    from tests.calibration.helpers import code_crop
    from vision.profile import TileSetProfile
    from webui import calibrate
    store, game = _a_hand_recorded_and_learnt(app, client, monkeypatch)
    newer = lambda: TileSetProfile.from_examples([(code_crop("1m"), "1m"), (code_crop("2m"), "2m")], name="club set")
    store.save_new(newer())
    assert client.post(f"/api/games/{game}/undo", json={}).status_code == 200
    calibrate.wait_for_learning(60)
    store.save_new(newer())                       # the copy kept now is the first new calibration
    assert store.replaced("club set")["learnt_examples"] == 0
    edit_id = client.get(f"/api/games/{game}/edits").json["edits"][-1]["id"]
    assert client.post(f"/games/{game}/edits/{edit_id}/restore", data={"csrf_token": csrf_of(client)}).status_code == 303
    calibrate.wait_for_learning(60)
    assert store.load("club set").n_learnt_examples == 0 and store.replaced("club set")["learnt_examples"] == 0
    assert len(client.get(f"/api/games/{game}").json["hands"]) == 1       # the hand is back all the same


def test_learning_sent_again_under_one_key_runs_after_what_was_sent_before():
    # an undo's forgetting and a restore's learning in the kept copy ran side by side: the hand
    # could end learnt while undone, or forgotten while restored
    import threading
    import time

    from webui import calibrate
    done, gate = [], threading.Event()

    def first():
        gate.wait(5)
        time.sleep(0.05)
        done.append("forget")
    calibrate._start_learning("learn-hand-k-kept", first)
    calibrate._start_learning("learn-hand-k-kept", lambda: done.append("learn"))
    calibrate._start_learning("learn-hand-other", lambda: done.append("other"))
    time.sleep(0.1)
    assert done == ["other"]                     # another key does not wait
    gate.set()
    calibrate.wait_for_learning(10)
    assert done == ["other", "forget", "learn"]


def test_a_lesson_spreading_to_many_tiles_marks_none():
    """A 2m corrected to 6m marked 14 tiles, two of them 6m: more than SUSPECTS_AT_MOST twins is a
    lesson spreading, not twins found."""
    from webui import teaching
    read = [{"code": "2m"} for _ in range(6)]
    guarding = [1, 2, 3, 4, 5]
    assert len(teaching.suspects([[k, "6m"] for k in range(3)], guarding, read, ["0"], ["6m"])) == 3
    assert teaching.suspects([[k, "6m"] for k in range(4)], guarding, read, ["0"], ["6m"]) == []


def test_a_photo_read_with_a_profile_renamed_since_names_it_and_teaches_it(app, client, monkeypatch):
    # renamed after the photo was read, the profile was said deleted on the hand's page, and the
    # hand's corrections taught whichever profile was made active since, which never read it
    import cv2

    from tests.calibration.helpers import code_crop, quick_finetune
    from vision.profile import ProfileStore, TileSetProfile
    from webui import calibrate
    from webui.store import Store, connect
    quick_finetune(monkeypatch)
    store = ProfileStore(app.config["DATA_DIR"])
    club = TileSetProfile.from_examples([(code_crop("1m"), "1m"), (code_crop("2m"), "2m")], name="club set")
    store.save_new(club)
    store.save_new(TileSetProfile.from_examples([(code_crop("1m"), "1m"), (code_crop("3m"), "3m")], name="other set"))
    jpeg = cv2.imencode(".jpg", np.full((300, 900, 3), 200, np.uint8))[1].tobytes()
    drafts_store = Store(connect(app.config["DATABASE"]))
    draft = drafts_store.create_draft({"jpeg": jpeg, "width": 900, "height": 300},
                                      {"tiles": [_tile("1m", 0), _tile("2m", 1)], "hand": None, "reading": {},
                                       "profile": "club set", "profile_created": club.created})
    store.rename("club set", "Thursday set")
    store.activate("other set")
    html = client.get(f"/review/{draft}?lang=en").get_data(as_text=True)
    assert '<span id="read-profile-renamed">(now named “Thursday set”)</span>' in html and "read-profile-gone" not in html
    taught = []
    monkeypatch.setattr(calibrate, "learn_photo_tiles", lambda data_dir, key, photo, boxes, codes, profile_name=None,
                        **k: taught.append(profile_name) or {"learning": True, "key": key, "profile": profile_name})
    headers = {"X-CSRF-Token": csrf_of(client), "X-Requested-With": "fetch"}
    assert client.post(f"/review/{draft}/teach", data={"tile": ["1"], "code": ["3m"]}, headers=headers).status_code == 202
    assert taught == ["Thursday set"]
    # deleted since: said so, and the active profile learns, as before
    store.remove("Thursday set")
    html = client.get(f"/review/{draft}?lang=en").get_data(as_text=True)
    assert "read-profile-gone" in html and "read-profile-renamed" not in html
