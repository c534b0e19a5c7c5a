"""A damaged active tile-set profile is reported, set aside (renamed) and deactivated; the base
model reads; the profile list shows it as damaged; the CLI prints one line, no traceback."""
from __future__ import annotations

import io
import json
import zipfile

import numpy as np
import pytest

import vision
from mjtable.cli import main
from vision.profile import DAMAGED_MARK, ProfileDamaged, ProfileError, ProfileStore, TileSetProfile
from vision.types import TileRead
from webui import create_app

from .test_profile_wiring import make_profile


def _rewrite_meta(path, meta):
    with np.load(path, allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files}
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    with open(path, "wb") as f:
        np.savez(f, **arrays)


def _meta(path) -> dict:
    with np.load(path, allow_pickle=False) as z:
        return json.loads(z["meta"].tobytes().decode())


def _bad_crc(path):
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as z:
        info = z.getinfo("meta.npy")
    at = info.header_offset + 30 + len(info.filename) + len(info.extra) + info.compress_size // 2
    data[at] ^= 0xFF
    path.write_bytes(bytes(data))


DAMAGE = {
    "empty": lambda p: p.write_bytes(b""),
    "truncated": lambda p: p.write_bytes(p.read_bytes()[: p.stat().st_size // 2]),
    "bad_crc": _bad_crc,
    "not_a_zip": lambda p: p.write_text("hello"),
    "meta_without_codes": lambda p: _rewrite_meta(p, {k: v for k, v in _meta(p).items() if k != "codes"}),
    "meta_a_list": lambda p: _rewrite_meta(p, [1, 2, 3]),
    "codes_not_a_list": lambda p: _rewrite_meta(p, {**_meta(p), "codes": 7}),
}


@pytest.fixture(scope="module")
def profile():
    return make_profile("club set")


def active_store(tmp_path, profile) -> ProfileStore:
    store = ProfileStore(tmp_path / "data")
    store.save(profile)
    store.activate("club set")
    return store


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_damaged_active_profile_is_set_aside_and_deactivated(tmp_path, profile, damage):
    store = active_store(tmp_path, profile)
    path = store.path("club set")
    DAMAGE[damage](path)
    with pytest.raises(ProfileError) as plain:
        TileSetProfile.load(path)                    # a ProfileError, never another exception
    assert str(tmp_path) not in str(plain.value)
    with pytest.raises(ProfileDamaged) as e:
        store.active()
    assert "club-set" in str(e.value) and "set aside" in str(e.value) and str(tmp_path) not in str(e.value)
    # both ways on: a new calibration, or the copy a player downloaded (only the first was said)
    assert str(e.value).endswith("(calibrate again to make a new one, or import a copy you downloaded)")
    assert not path.exists() and store.active_slug() is None
    aside = list(store.folder.glob(f"club-set{DAMAGED_MARK}*"))
    assert len(aside) == 1 and e.value.set_aside == aside[0].name
    assert store.active() is None                    # reported once; the base model reads
    [entry] = store.list()
    assert entry["damaged"] and entry["set_aside"] and not entry["active"] and entry["error"]


@pytest.mark.parametrize("pointer", [
    {"slug": "../../outside"}, {"slug": "/etc/passwd"}, {"slug": 5}, ["club-set"], "not json",
])
def test_pointer_naming_no_profile_of_the_data_dir_is_deactivated(tmp_path, profile, pointer):
    outside = ProfileStore(tmp_path / "elsewhere")
    outside.save(make_profile("outside"))
    store = active_store(tmp_path, profile)
    store.active_file.write_text(pointer if isinstance(pointer, str) else json.dumps(pointer))
    with pytest.raises(ProfileDamaged):
        store.active()
    assert not store.active_file.exists() and store.active() is None
    assert store.path("club set").exists()           # the profiles themselves are untouched


def test_links_out_of_the_data_dir_are_refused(tmp_path, profile):
    outside = ProfileStore(tmp_path / "elsewhere")
    target = outside.save(make_profile("outside"))
    store = active_store(tmp_path, profile)
    store.path("club set").unlink()
    store.path("club set").symlink_to(target)
    with pytest.raises(ProfileDamaged):
        store.active()
    assert target.exists() and store.active() is None
    store2 = active_store(tmp_path / "b", profile)
    store2.active_file.unlink()
    store2.active_file.symlink_to(tmp_path / "pointer.json")
    (tmp_path / "pointer.json").write_text(json.dumps({"slug": "club-set"}))
    with pytest.raises(ProfileDamaged):
        store2.active()


def test_a_damaged_profile_that_is_not_active_is_listed_and_removable(tmp_path, profile):
    store = active_store(tmp_path, profile)
    store.save(make_profile("spare"))
    DAMAGE["truncated"](store.path("spare"))
    entries = {e["slug"]: e for e in store.list()}
    assert entries["spare"]["damaged"] and not entries["club-set"]["damaged"] and entries["club-set"]["active"]
    store.remove("spare")
    assert [e["slug"] for e in store.list()] == ["club-set"]


@pytest.fixture()
def seen(monkeypatch):
    calls = []

    def fake_read_tiles(image, profile=None, **kw):
        calls.append(profile)
        return [TileRead(code="1m", box=(0, 0, 10, 14), confidence=0.9, top3=[("1m", 0.9)])]
    monkeypatch.setattr(vision, "read_tiles", fake_read_tiles)
    return calls


@pytest.mark.parametrize("damage", ["empty", "bad_crc", "meta_a_list"])
def test_cli_read_warns_in_one_line_and_reads_with_the_base_model(tmp_path, profile, seen, capsys, damage):
    import cv2
    store = active_store(tmp_path, profile)
    DAMAGE[damage](store.path("club set"))
    photo = tmp_path / "p.jpg"
    cv2.imwrite(str(photo), np.full((40, 40, 3), 128, np.uint8))
    assert main(["read", str(photo), "--json", "--data-dir", str(store.data_dir)]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["profile"] is None and seen == [None]
    assert out.err.count("\n") == 1 and out.err.startswith("warning: ") and "Traceback" not in out.err
    assert "set aside" in json.loads(out.out)["reading"]["warnings"][-1]


def test_cli_list_and_remove_print_one_line(tmp_path, profile, capsys):
    store = active_store(tmp_path, profile)
    DAMAGE["meta_without_codes"](store.path("club set"))
    assert main(["calibrate", "--list", "--data-dir", str(store.data_dir)]) == 0
    out = capsys.readouterr()
    assert "Traceback" not in out.err and out.err.count("\n") == 1 and "set aside" in out.err
    [line] = out.out.splitlines()
    assert "damaged" in line and "--remove" in line
    aside = line.split()[0]
    assert main(["calibrate", "--list", "--data-dir", str(store.data_dir)]) == 0
    assert capsys.readouterr().err == ""                 # reported once
    assert main(["calibrate", "--remove", aside, "--data-dir", str(store.data_dir), "--yes"]) == 0
    assert store.list() == []
    store.save(profile)
    DAMAGE["empty"](store.path("club set"))
    assert main(["calibrate", "--activate", "club set", "--data-dir", str(store.data_dir)]) == 2
    out = capsys.readouterr()
    assert out.err.count("\n") == 1 and "Traceback" not in out.err and store.active_slug() is None
    assert main(["calibrate", "--remove", "club set", "--data-dir", str(store.data_dir), "--yes"]) == 0
    assert not store.path("club set").exists()


def test_web_reads_with_the_base_model_and_lists_the_profile_as_damaged(tmp_path, profile, seen):
    import cv2
    store = active_store(tmp_path, profile)
    DAMAGE["bad_crc"](store.path("club set"))
    app = create_app({"TESTING": True, "DATA_DIR": str(store.data_dir), "SECRET_KEY": "t"})
    client = app.test_client()
    jpeg = cv2.imencode(".jpg", np.full((60, 60, 3), 128, np.uint8))[1].tobytes()
    r = client.post("/api/read", data={"image": (io.BytesIO(jpeg), "p.jpg")}, content_type="multipart/form-data")
    assert r.status_code == 200 and r.json["profile"] is None and seen == [None]
    assert any("set aside" in w for w in r.json["reading"]["warnings"])
    assert not any(str(tmp_path) in w for w in r.json["reading"]["warnings"])
    page = client.get("/calibrate/")
    assert page.status_code == 200 and "damaged" in page.get_data(as_text=True)
    r = client.post("/api/read", data={"image": (io.BytesIO(jpeg), "p.jpg")}, content_type="multipart/form-data")
    assert r.status_code == 200 and not any("set aside" in w for w in r.json["reading"]["warnings"])


def test_web_calibrate_page_reports_the_damage_it_finds(tmp_path, profile):
    store = active_store(tmp_path, profile)
    DAMAGE["meta_a_list"](store.path("club set"))
    app = create_app({"TESTING": True, "DATA_DIR": str(store.data_dir), "SECRET_KEY": "t"})
    page = app.test_client().get("/calibrate/")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "set aside" in html and "damaged" in html
