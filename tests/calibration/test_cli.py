"""``mjtable calibrate``: refusals, confirmation, saving and managing profiles (models mocked)."""
import io
import re

import pytest

from mjtable.cli import main
from vision import calibration, profile as profile_mod
from vision.calibration import Calibration, assign_layout

from .helpers import code_crop, mock_tiles, quick_finetune


@pytest.fixture()
def photo(tmp_path):
    p = tmp_path / "layout.jpg"
    p.write_bytes(b"\xff\xd8\xff fake jpeg")   # never decoded: calibrate() is mocked
    return p


@pytest.fixture()
def fake_calibrate(monkeypatch):
    """calibrate() on a mock photo: 34 tiles, the base model misreading 3p as 4p."""
    state = {"drop": ()}

    def fake(image, reader=None):
        tiles, truth = mock_tiles(bonus=False, angle_deg=8, drop=state["drop"])
        for t in tiles:
            if t.code == "3p":
                t.code, t.confidence = "4p", 0.61
        return Calibration(tiles=tiles, layout=assign_layout(tiles), crops=[code_crop(c) for c in truth],
                           mirrored=state.get("mirrored", False))
    monkeypatch.setattr(calibration, "calibrate", fake)
    quick_finetune(monkeypatch)
    return state


def test_a_third_calibration_says_the_older_copy_is_no_longer_kept(photo, tmp_path, fake_calibrate, capsys):
    """One copy is kept per name: the third calibration under one name dropped the first without
    saying so (it said only that the profile it replaced was kept)."""
    d = str(tmp_path / "d")
    for name in ("Club set", "CLUB SET"):
        assert main(["calibrate", str(photo), "--name", name, "--data-dir", d, "--yes"]) == 0
    assert "no longer kept" not in capsys.readouterr().out
    assert main(["calibrate", str(photo), "--name", "club set", "--data-dir", d, "--yes"]) == 0
    out = capsys.readouterr().out
    assert ("it is kept, and `mjtable calibrate --restore club-set` brings it back (another --name keeps both); "
            "the earlier copy of this name (0 tile(s) learnt) will no longer be kept") in out
    assert profile_mod.ProfileStore(d).replaced("club set")["name"] == "CLUB SET"


def test_a_mirrored_layout_photo_read_mirrored_back_is_said(photo, tmp_path, fake_calibrate, capsys):
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    assert "the photo is mirrored" not in capsys.readouterr().out
    fake_calibrate["mirrored"] = True
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes", "--lang", "fr"]) == 0
    assert ("la photo est inversée comme dans un miroir (comme peut l'enregistrer une caméra frontale ou une "
            "application de webcam) : ses tuiles ont été lues remises à l'endroit") in capsys.readouterr().out


def test_a_full_disk_is_said_in_one_line_and_before_the_learning(photo, tmp_path, fake_calibrate, capsys, monkeypatch):
    """A disk full: a rename or an import ended in a traceback (exit 1), and a calibration learnt for
    minutes before its save failed so."""
    import collections
    import errno
    import shutil
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    capsys.readouterr()

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(profile_mod.ProfileStore, "rename", full)
    assert main(["calibrate", "--rename", "Club set", "Other", "--data-dir", d]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: cannot read or write the profiles: No space left on device (nothing was changed)", err
    # too little room: said before learning, nothing learnt
    usage = collections.namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda place: usage(10 * 2**20, 9 * 2**20, 2**20))
    learnt = []
    monkeypatch.setattr(Calibration, "build_profile", lambda *a, **k: learnt.append(1))
    assert main(["calibrate", str(photo), "--name", "New set", "--data-dir", d, "--yes"]) == 2
    assert "only 1 MB free where profiles are kept" in capsys.readouterr().err and not learnt


def test_refuses_without_terminal_or_yes(photo, tmp_path, fake_calibrate, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    rc = main(["calibrate", str(photo), "--name", "club set", "--data-dir", str(tmp_path / "d")])
    out = capsys.readouterr()
    assert rc == 2
    assert "standard input is not a terminal" in out.err and "--yes" in out.err
    assert "row 2: 1p 2p 3p≠4p 4p" in out.out
    assert "3p read as 4p (61%)" in out.out
    assert not (tmp_path / "d" / "profiles").exists()


def test_yes_saves_and_activates(photo, tmp_path, fake_calibrate, capsys):
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    assert (tmp_path / "d" / "profiles" / "club-set.npz").exists()
    assert main(["calibrate", "--list", "--data-dir", d]) == 0
    out = capsys.readouterr().out
    assert "* club-set" in out and "34 codes" in out
    loaded = profile_mod.ProfileStore(d).active()
    assert loaded.name == "Club set" and sorted(loaded.absent_codes) == [f"{n}f" for n in range(1, 9)]
    from vision.reader import default_classifier
    assert loaded.uses_network and loaded.model_id == default_classifier().weights_id
    # the patterns are no tiles the base model knows: an unfamiliar set, at most a code trusted
    assert not loaded.familiar and len(loaded.trusted_codes) <= 1 and "it reads this set well" not in out
    # the same name again, in other letters: which profile it replaces is said before saving
    assert main(["calibrate", str(photo), "--name", "CLUB SET", "--data-dir", d, "--yes"]) == 0
    out = capsys.readouterr().out
    assert "this replaces the profile 'Club set', which learnt 0 tile(s)" in out
    assert "it is kept, and `mjtable calibrate --restore club-set` brings it back" in out
    # the replaced one is listed, and restored (the newer one kept in its place)
    assert main(["calibrate", "--list", "--data-dir", d]) == 0
    assert "the profile it replaced, 'Club set' (0 tile(s) learnt), is kept: mjtable calibrate --restore club-set" \
        in capsys.readouterr().out
    assert main(["calibrate", "--restore", "club-set", "--data-dir", d]) == 0
    assert capsys.readouterr().out == ("restored profile 'Club set'; the profile 'CLUB SET' that replaced it is kept "
                                       "(--restore again swaps them back); it is the active one\n")
    assert profile_mod.ProfileStore(d).active().name == "Club set"
    assert main(["calibrate", "--remove", "club-set", "--data-dir", d, "--yes"]) == 0
    # the kept one goes with it, and is said to (it went without a word)
    assert capsys.readouterr().out.startswith("removed profile 'Club set' and the profile it had replaced")
    assert main(["calibrate", "--restore", "club-set", "--data-dir", d]) == 2
    assert "no profile named 'club-set'" in capsys.readouterr().err


def test_a_renamed_profile_and_the_copy_it_replaced_are_told_apart(photo, tmp_path, fake_calibrate, capsys):
    # renamed, a profile and its replaced copy bore one name: "restored profile 'Thursday set'; the
    # profile 'Thursday set' that replaced it is kept" told a player nothing of which was which
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    assert main(["calibrate", "--rename", "Club set", "Thursday set", "--data-dir", d]) == 0
    capsys.readouterr()
    assert main(["calibrate", "--list", "--data-dir", d]) == 0
    out = capsys.readouterr().out
    assert re.search(r"the earlier copy it replaced, made \d{4}-\d\d-\d\d \d\d:\d\d \(0 tile\(s\) learnt\), is kept", out), out
    assert main(["calibrate", "--restore", "Thursday set", "--data-dir", d]) == 0
    out = capsys.readouterr().out
    assert re.match(r"restored profile 'Thursday set'; the newer copy that replaced it, made \d{4}-\d\d-\d\d "
                    r"\d\d:\d\d, is kept \(--restore again swaps them back\)", out), out


def test_trust_in_every_kind_after_tiles_read_otherwise_says_why(photo, tmp_path, fake_calibrate, capsys, monkeypatch):
    # "keeps the last word on 34 of the 34 kinds (every one)" right after two tiles listed as read
    # otherwise read as a contradiction: in a familiar set only sure misreadings count against a kind
    from scorer.tiles import ALL_CODES
    from vision.profile import tileset
    monkeypatch.setattr(tileset, "_base_trust", lambda reads, codes, sure: (list(ALL_CODES[:34]), True))
    assert main(["calibrate", str(photo), "--name", "club", "--data-dir", str(tmp_path / "d"), "--yes"]) == 0
    out = capsys.readouterr().out
    assert "reads" in out and "differently" in out
    assert "34 of the 34 kinds of tile laid out (every one: the tiles it read otherwise above, it read unsurely)" in out


@pytest.mark.parametrize("familiar, says", [(True, "read your layout photo well, so it keeps the last word on 2 of "
                                                   "the 34 kinds of tile laid out (all but 32, which it read surely "
                                                   "where another kind lay)"),
                                             (False, "misread part of your layout photo, so it keeps the last word on 2 of "
                                                     "the 34 kinds of tile laid out (those it read right there and took "
                                                     "no other tile for)")])
def test_says_how_far_the_base_model_is_trusted(photo, tmp_path, fake_calibrate, capsys, monkeypatch, familiar,
                                                says):
    from vision.profile import tileset
    monkeypatch.setattr(tileset, "_base_trust", lambda reads, codes, sure: (["1m", "2m", "0m"], familiar))
    assert main(["calibrate", str(photo), "--name", "club", "--data-dir", str(tmp_path / "d"), "--yes"]) == 0
    out = capsys.readouterr().out
    # the red five, without an example in the layout, is counted apart from the profile's 34 codes
    assert says + ", and on the 1 the layout has no example of (red fives): " in out
    assert ("with 98% certainty or more, its reading stands; your profile reads the rest. Correcting such a reading "
            "ends that trust in its kind.") in out
    assert "vision.profile" not in out           # no name from the code for a player
    assert profile_mod.ProfileStore(str(tmp_path / "d")).active().familiar is familiar


@pytest.mark.parametrize("dark", [True, False])
def test_says_when_the_set_has_dark_faces(photo, tmp_path, fake_calibrate, capsys, monkeypatch, dark):
    from vision.profile import tileset
    monkeypatch.setattr(tileset, "dark_bodied", lambda crops, below, least: dark)
    assert main(["calibrate", str(photo), "--name", "club", "--data-dir", str(tmp_path / "d"), "--yes"]) == 0
    said = "your tiles have dark faces with light ink" in capsys.readouterr().out
    assert said is dark and profile_mod.ProfileStore(str(tmp_path / "d")).active().dark_body is dark


def test_prompt_answer(photo, tmp_path, fake_calibrate, monkeypatch, capsys):
    class Tty(io.StringIO):
        def isatty(self):
            return True
    monkeypatch.setattr("sys.stdin", Tty(""))
    d = str(tmp_path / "d")
    monkeypatch.setattr("builtins.input", lambda prompt: "n")
    assert main(["calibrate", str(photo), "--name", "x", "--data-dir", d]) == 1
    assert "nothing saved" in capsys.readouterr().out
    monkeypatch.setattr("builtins.input", lambda prompt: "y")
    assert main(["calibrate", str(photo), "--name", "x", "--data-dir", d]) == 0
    assert profile_mod.ProfileStore(d).active_slug() == "x"


def test_layout_problems_save_nothing(photo, tmp_path, fake_calibrate, capsys):
    fake_calibrate["drop"] = ("5s",)
    rc = main(["calibrate", str(photo), "--name", "x", "--data-dir", str(tmp_path / "d"), "--yes"])
    err = capsys.readouterr().err
    assert rc == 1
    assert "row 3 (bamboo 1s-9s) has 8 tiles, expected 9: a tile seems missing after the 4th tile" in err
    assert "nothing was saved" in err
    assert not (tmp_path / "d" / "profiles").exists()


@pytest.mark.parametrize("argv,message", [
    (["calibrate"], "give a calibration photo"),
    (["calibrate", "PHOTO"], "name the tile set with --name"),
    (["calibrate", "nope.jpg", "--name", "x"], "no such photo"),
    (["calibrate", "FOLDER", "--name", "x"], "is a folder: give the layout photo's file"),
    (["calibrate", "PHOTO", "--name", "???"], "has no letters or digits"),
    (["calibrate", "PHOTO", "--list"], "not both"),
    (["calibrate", "--activate", "ghost"], "no profile named 'ghost'"),
    (["calibrate", "--remove", "ghost"], "no profile named 'ghost'"),
])
def test_refusals(argv, message, photo, tmp_path, capsys):
    argv = [str(photo) if a == "PHOTO" else str(tmp_path) if a == "FOLDER" else a for a in argv] + \
        ["--data-dir", str(tmp_path / "d")]
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_manage_profiles(photo, tmp_path, fake_calibrate, capsys, monkeypatch):
    monkeypatch.setenv("MJTABLE_DATA_DIR", str(tmp_path / "env"))
    assert main(["calibrate", str(photo), "--name", "a", "--yes"]) == 0
    assert main(["calibrate", str(photo), "--name", "b", "--yes"]) == 0
    store = profile_mod.ProfileStore()
    assert store.active_slug() == "b"
    assert main(["calibrate", "--activate", "a"]) == 0 and store.active_slug() == "a"
    capsys.readouterr()
    assert main(["calibrate", "--remove", "a", "--yes"]) == 0
    assert store.active_slug() is None and [e["slug"] for e in store.list()] == ["b"]
    # removing the active profile says what reads now, as the web page does
    assert "it was the active one: the base model now reads alone" in capsys.readouterr().out
    assert main(["calibrate", "--deactivate"]) == 0


def test_relearn_learns_the_corrections(photo, tmp_path, fake_calibrate, capsys):
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    store = profile_mod.ProfileStore(d)
    prof = store.active()
    prof.add_example(code_crop("3p", seed=5), "3p", learn=False)   # kept, left to learn later
    store.save(prof)
    assert main(["calibrate", "--list", "--data-dir", d]) == 0
    assert ("1 correction(s) sent alone, 0 tile(s) of hands reviewed or recorded; not learnt yet "
            "(experimental: mjtable calibrate --relearn club-set)") in capsys.readouterr().out
    assert main(["calibrate", "--relearn", "club-set", "--data-dir", d]) == 0
    assert "1 corrections" in capsys.readouterr().out
    relearnt = store.active()
    assert relearnt.learnt and relearnt.n_corrections == 1
    assert any((relearnt.network[k] != prof.network[k]).any() for k in prof.network)
    assert main(["calibrate", "--relearn", "nothing", "--data-dir", d]) == 2


def test_the_list_tells_corrections_from_the_tiles_of_reviewed_hands(photo, tmp_path, fake_calibrate, capsys):
    """The review page teaches a hand's tiles, its corrections among them, as the hand's confirmed
    tiles: the list counted them among the tiles learnt and said "0 correction(s)", as if the
    player's corrections had been lost."""
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    store = profile_mod.ProfileStore(d)
    prof = store.active()
    prof.learn_hand("draft-1", [code_crop(c, seed=i) for i, c in enumerate(["1m", "2m", "3m"])],
                    ["1m", "2m", "3m"], learn=False)
    prof.add_example(code_crop("3p", seed=5), "3p", learn=False)
    store.save(prof)
    capsys.readouterr()
    assert main(["calibrate", "--list", "--data-dir", d]) == 0
    out = capsys.readouterr().out
    assert ("4 tile(s) learnt since the layout photo: 1 correction(s) sent alone, "
            "3 tile(s) of hands reviewed or recorded") in out


def test_progress_bar_on_a_terminal_and_in_a_log():
    import io

    from mjtable.commands.calibrate import ProgressBar

    class Terminal(io.StringIO):
        def isatty(self):
            return True
    tty, log = Terminal(), io.StringIO()
    for stream in (tty, log):
        bar = ProgressBar("learning", stream, width=10)
        for step in range(1, 401):
            bar(step, 400)
    assert tty.getvalue().count("\r") == 400 and "[##########]" in tty.getvalue() and tty.getvalue().endswith("\n")
    lines = log.getvalue().splitlines()
    assert [line.split("%")[0].split()[-1] for line in lines] == [str(10 * k) for k in range(11)]
    assert lines[-1].startswith("learning 100%") and "\r" not in log.getvalue()


def test_progress_bar_guesses_the_time_left_from_the_steps_pace_not_the_start(monkeypatch):
    """The first step carries the start (models loading): a first guess from it said "about 1874 s
    left" for a build of 75 s. No guess before two steps; then the steps' own pace."""
    import io

    from mjtable.commands import calibrate
    clock = iter([0.0, 5.0, 5.1, 5.2])       # made at 0; step 1 at 5 s (the start); then 0.1 s a step
    monkeypatch.setattr(calibrate.time, "monotonic", lambda: next(clock))
    log = io.StringIO()
    bar = calibrate.ProgressBar("learning", log)
    lines = []
    for step in (1, 2, 3):
        bar.shown = -1                      # a log writes a line a tenth: this one each step
        bar(step, 400)
        lines.append(log.getvalue().splitlines()[-1])
    assert "left" not in lines[0]
    assert lines[1].endswith("about 40 s left)") and lines[2].endswith("about 40 s left)")


def test_progress_bar_guesses_the_time_left_from_the_recent_steps(monkeypatch):
    """A build slowed by other work for its first quarter (3.4 s a step), then 0.1 s a step: at
    half way the guess follows the last eighth of the steps (about 20 s left), not the pace since
    the first step (348 s)."""
    import io

    from mjtable.commands import calibrate
    times = [0.0, 1.0] + [1.0 + 3.4 * k for k in range(1, 100)]
    times += [times[-1] + 0.1 * k for k in range(1, 301)]
    clock = iter(times)
    monkeypatch.setattr(calibrate.time, "monotonic", lambda: next(clock))
    log = io.StringIO()
    bar = calibrate.ProgressBar("learning", log)
    for step in range(1, 201):
        bar(step, 400)
    assert log.getvalue().splitlines()[-1].endswith("about 20 s left)")



def test_a_profile_is_renamed_with_what_it_learnt_and_its_place(photo, tmp_path, fake_calibrate, capsys):
    # a club that named its profile after the wrong set could only calibrate it again, losing
    # what it had learnt from hands
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "wrong set", "--data-dir", d, "--yes"]) == 0
    assert main(["calibrate", str(photo), "--name", "wrong set", "--data-dir", d, "--yes"]) == 0   # one kept, replaced
    assert main(["calibrate", str(photo), "--name", "other", "--data-dir", d, "--yes"]) == 0
    assert main(["calibrate", "--activate", "wrong set", "--data-dir", d]) == 0
    capsys.readouterr()
    assert main(["calibrate", "--rename", "wrong set", "Club Set", "--data-dir", d]) == 0
    assert capsys.readouterr().out == "profile 'wrong set' is now named 'Club Set'\n"
    store = profile_mod.ProfileStore(d)
    assert store.active().name == "Club Set" and store.active_name() == "Club Set"
    assert sorted(e["slug"] for e in store.list()) == ["club-set", "other"]
    assert store.replaced("club set") is not None and store.replaced("wrong set") is None
    assert main(["calibrate", "--rename", "club set", "OTHER", "--data-dir", d]) == 2
    # named as it was saved, not as typed (the one to remove is 'other')
    assert "a profile named 'other' already exists" in capsys.readouterr().err
    assert main(["calibrate", "--rename", "club set", "CLUB SET", "--data-dir", d]) == 0    # only its letters
    assert store.active().name == "CLUB SET"


def test_a_profile_is_carried_to_another_machine(photo, tmp_path, fake_calibrate, capsys):
    # a club's profile, built once, used on a member's laptop: it could only be calibrated again there
    home, laptop = str(tmp_path / "home"), str(tmp_path / "laptop")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", home, "--yes"]) == 0
    capsys.readouterr()
    out = tmp_path / "club.npz"
    assert main(["calibrate", "--export", "club set", str(out), "--data-dir", home]) == 0
    assert f"wrote profile 'Club set' to {out}" in capsys.readouterr().out
    assert main(["calibrate", "--import", str(out), "--data-dir", laptop]) == 0
    said = capsys.readouterr().out
    assert said.startswith("imported profile 'Club set' (34 codes, 0 tile(s) learnt from hands); it is now the active")
    here, there = profile_mod.ProfileStore(home).load("club set"), profile_mod.ProfileStore(laptop).active()
    assert there.name == "Club set" and there.codes == here.codes and there.created == here.created
    # under another name beside it; the same name again keeps the one it replaces
    assert main(["calibrate", "--import", str(out), "--name", "Club set (Ann)", "--data-dir", laptop]) == 0
    assert main(["calibrate", "--import", str(out), "--data-dir", laptop]) == 0
    assert "it replaces the profile 'Club set' (0 tile(s) learnt), which is kept" in capsys.readouterr().out
    assert sorted(e["slug"] for e in profile_mod.ProfileStore(laptop).list()) == ["club-set", "club-set-ann"]
    # what is no profile, or a profile for other weights, is refused and saves nothing
    (tmp_path / "notes.npz").write_bytes(b"PK\x03\x04 not a zip")
    (tmp_path / "photo.npz").write_bytes(b"\xff\xd8\xff a photo")
    for bad, says in (("notes.npz", "notes.npz is not a tile-set profile"),
                      ("photo.npz", "photo.npz is not a tile-set profile")):
        assert main(["calibrate", "--import", str(tmp_path / bad), "--data-dir", home]) == 2
        assert says in capsys.readouterr().err
    other = profile_mod.ProfileStore(home).load("club set")
    other.model_id = "0123456789abcdef"
    other.save(tmp_path / "other.npz")
    assert main(["calibrate", "--import", str(tmp_path / "other.npz"), "--data-dir", home]) == 2
    assert "other.npz was made for other classifier weights (0123456789abcdef" in capsys.readouterr().err
    # nor one made with another companion network: made active, it stopped every reading after
    companion = profile_mod.ProfileStore(home).load("club set")
    companion.network_model, companion.network_id = "companion", "feedfacefeedface"
    companion.save(tmp_path / "companion.npz")
    assert main(["calibrate", "--import", str(tmp_path / "companion.npz"), "--data-dir", home]) == 2
    assert "companion.npz was made with another companion network (feedfacefeedface)" in capsys.readouterr().err
    assert [e["slug"] for e in profile_mod.ProfileStore(home).list()] == ["club-set"]
    assert not [p for p in (tmp_path / "home" / "profiles").iterdir() if p.name.startswith(".import")]
    assert main(["calibrate", "--export", "no such set", str(out), "--data-dir", home]) == 2
    assert "no profile named 'no such set' (see mjtable calibrate --list)" in capsys.readouterr().err


def _club_set_exported(photo, tmp_path, capsys) -> tuple[str, object]:
    """A data dir with the profile "Club set" calibrated, and that profile exported to a file."""
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    out = tmp_path / "club.npz"
    assert main(["calibrate", "--export", "club set", str(out), "--data-dir", d]) == 0
    capsys.readouterr()
    return d, out


def test_a_profile_name_is_checked_wherever_it_is_given(photo, tmp_path, fake_calibrate, capsys):
    # `--import --name ""` imported under the file's own name, a long name was cut at 60 characters
    # by an import, kept whole by a rename and saved whole by a calibration; `--deactivate --name X`
    # deactivated whatever was active
    d, out = _club_set_exported(photo, tmp_path, capsys)
    for argv, says in ((["--import", str(out), "--name", " "], "the profile name is empty: give it letters or digits"),
                       (["--import", str(out), "--name", "x" * 61], "the profile name has 61 characters: at most 60"),
                       (["--rename", "club set", "y" * 70], "the profile name has 70 characters: at most 60"),
                       ([str(photo), "--name", "z" * 61, "--yes"], "the profile name has 61 characters: at most 60"),
                       (["--deactivate", "--name", "Club set"], "--name goes with a calibration photo or --import, "
                                                                "not with --deactivate"),
                       (["--list", "--name", "Club set"], "not with --list")):
        assert main(["calibrate", *argv, "--data-dir", d]) == 2, argv
        assert says in capsys.readouterr().err, argv
    assert [e["name"] for e in profile_mod.ProfileStore(d).list()] == ["Club set"]
    assert profile_mod.ProfileStore(d).active_name() == "Club set"
    assert main(["calibrate", "--deactivate", "--name", "Club set", "--lang", "fr", "--data-dir", d]) == 2
    assert "--name va avec une photo à calibrer ou --import, pas avec --deactivate" in capsys.readouterr().err
    assert main(["calibrate", "--rename", "club set", "y" * 70, "--lang", "fr", "--data-dir", d]) == 2
    assert "le nom de profil a 70 caractères : 60 au plus" in capsys.readouterr().err
    # sixty characters, spaces around them dropped, are a name
    assert main(["calibrate", "--import", str(out), "--name", f" {'x' * 60} ", "--data-dir", d]) == 0
    assert profile_mod.ProfileStore(d).active_name() == "x" * 60


def test_a_file_that_unpacks_to_more_than_a_profile_is_refused_before_it_is_unpacked(tmp_path):
    import zipfile
    bomb = tmp_path / "bomb.npz"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("meta.npy", b"\0" * (profile_mod.store.MAX_PROFILE_UNPACKED + 1))
    assert bomb.stat().st_size < 1024 * 1024
    store = profile_mod.ProfileStore(tmp_path / "d")
    with pytest.raises(profile_mod.ProfileError, match="bomb.npz is not a tile-set profile \\(it unpacks to 64 MB\\)"):
        store.import_profile(bomb.read_bytes(), "bomb.npz")
    with pytest.raises(profile_mod.ProfileError, match="larger than a tile-set profile"):
        store.import_profile(b"\0" * (profile_mod.store.MAX_PROFILE_BYTES + 1), "big.npz")
    assert store.list() == []


def test_a_file_larger_than_a_profile_is_refused_by_the_command_before_it_is_read_whole(tmp_path, capsys):
    # a 1.5-GB file was read whole (1.6 GB of memory) before its size was refused
    big = tmp_path / "big.npz"
    with open(big, "wb") as f:
        f.truncate(1500 * 1024 * 1024)
    import tracemalloc
    tracemalloc.start()
    try:
        assert main(["calibrate", "--import", str(big), "--data-dir", str(tmp_path / "d")]) == 2
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "big.npz is larger than a tile-set profile (at most 20 MB)" in capsys.readouterr().err
    assert peak < 2 * profile_mod.store.MAX_PROFILE_BYTES, peak


def test_the_trust_line_names_what_has_no_layout_example():
    # "11 it has no example of (red fives)": 3 red fives and the 8 flowers of a layout without their row
    from types import SimpleNamespace
    from mjtable.commands.calibrate import _without_example
    profile = SimpleNamespace(known_codes=["1m", "2m"], trusted_codes=["1m", "0m", "0p", "0s", "1f", "8f"])
    assert _without_example(profile) == "red fives and flowers and seasons"
    assert _without_example(SimpleNamespace(known_codes=["1m"], trusted_codes=["0m"])) == "red fives"


def test_ctrl_c_while_it_learns_says_nothing_was_saved(photo, tmp_path, fake_calibrate, capsys, monkeypatch):
    # a KeyboardInterrupt traceback (nothing was lost, but nothing said so)
    def interrupted(self, *a, **k):
        raise KeyboardInterrupt
    monkeypatch.setattr(calibration.Calibration, "build_profile", interrupted)
    d = tmp_path / "d"
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", str(d), "--yes"]) == 130
    assert "interrupted: nothing saved" in capsys.readouterr().err
    assert not (d / "profiles" / "club-set.npz").exists()


def _correct_active(store, code: str, seed: int) -> None:
    """The active profile given one correction, kept to learn later."""
    taught = store.active()
    taught.add_example(code_crop(code, seed=seed), code, learn=False)
    store.save(taught)


def test_an_import_says_which_profile_of_its_name_is_kept(photo, tmp_path, fake_calibrate, capsys):
    """An import under a name in use said "it replaces the profile 'Club set', which is kept" while
    the copy kept before, with the tiles it had learnt from hands, was deleted."""
    home, laptop = str(tmp_path / "home"), str(tmp_path / "laptop")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", home, "--yes"]) == 0
    out = tmp_path / "club.npz"
    assert main(["calibrate", "--export", "club set", str(out), "--data-dir", home]) == 0
    assert main(["calibrate", "--import", str(out), "--data-dir", laptop]) == 0
    store = profile_mod.ProfileStore(laptop)
    _correct_active(store, "3p", 5)      # a correction learnt on the laptop
    assert main(["calibrate", "--import", str(out), "--data-dir", laptop]) == 0
    assert store.replaced("club set")["learnt_examples"] == 1
    capsys.readouterr()
    # again: the profile it replaces learnt nothing, the copy kept learnt a tile: that copy stays
    assert main(["calibrate", "--import", str(out), "--data-dir", laptop]) == 0
    said = capsys.readouterr().out
    assert ("the profile it replaces, 'Club set', learnt no tile since its layout photo and was not kept; the earlier "
            "copy of this name (1 tile(s) learnt) is kept, and `mjtable calibrate --restore "
            "club-set` brings it back") in said
    assert "which is kept" not in said and store.replaced("club set")["learnt_examples"] == 1
    # the profile it replaces learnt a tile: it is kept, and the copy kept before goes, said
    _correct_active(store, "4p", 6)
    store.update_replaced("club set", lambda p: 0)
    assert main(["calibrate", "--restore", "club-set", "--data-dir", laptop]) == 0
    assert store.active().n_learnt_examples == 1 and store.replaced("club set")["learnt_examples"] == 1
    capsys.readouterr()
    assert main(["calibrate", "--import", str(out), "--data-dir", laptop]) == 0
    said = capsys.readouterr().out
    assert ("it replaces the profile 'Club set' (1 tile(s) learnt), which is kept, and `mjtable calibrate --restore "
            "club-set` brings it back; the earlier copy of this name (1 tile(s) learnt) is no "
            "longer kept") in said


def test_remove_asks_before_it_deletes(photo, tmp_path, fake_calibrate, capsys, monkeypatch):
    """--remove deleted a profile, the copy kept to restore and every tile learnt at once."""
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    store = profile_mod.ProfileStore(d)
    _correct_active(store, "3p", 5)
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["calibrate", "--remove", "club set", "--data-dir", d]) == 2
    err = capsys.readouterr().err
    assert err == ("error: cannot ask for confirmation (standard input is not a terminal): run again with --yes to delete "
                   "the profile 'Club set'. It is the active profile: the base model alone will read tiles until you "
                   "choose another. What it learnt from your corrections and hands goes with it (1 tile(s)).\n")
    assert store.exists("club set")

    class Terminal(io.StringIO):
        def isatty(self):
            return True
    monkeypatch.setattr("sys.stdin", Terminal("n\n"))
    assert main(["calibrate", "--remove", "club set", "--data-dir", d]) == 1
    assert "nothing deleted" in capsys.readouterr().out and store.exists("club set")
    monkeypatch.setattr("sys.stdin", Terminal("y\n"))
    assert main(["calibrate", "--remove", "club set", "--data-dir", d]) == 0
    assert not store.exists("club set")


def test_relearn_keeps_the_profile_as_it_was(photo, tmp_path, fake_calibrate, capsys):
    """--relearn, measured to lower accuracy on some sets, wrote over the only copy of the profile."""
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    store = profile_mod.ProfileStore(d)

    def correct(code, seed):          # a correction kept, not learnt yet
        prof = store.active()
        prof.add_example(code_crop(code, seed=seed), code, learn=False)
        store.save(prof)
        capsys.readouterr()
    correct("3p", 5)
    assert main(["calibrate", "--relearn", "club set", "--data-dir", d]) == 0
    assert ("done; the profile as it was (1 tile(s) learnt) is kept, and `mjtable calibrate --restore club-set` "
            "brings it back") in capsys.readouterr().out
    assert store.active().learnt
    assert main(["calibrate", "--restore", "club set", "--data-dir", d]) == 0
    assert not store.active().learnt       # as it was: its correction kept, not learnt
    # relearnt again, the copy kept now (learnt) would go: asked first, without a terminal refused
    # (it was said after, gone)
    correct("4p", 6)
    assert main(["calibrate", "--relearn", "club set", "--data-dir", d]) == 2
    assert ("run again with --yes to relearn 'Club set': the profile as it is now will be kept to restore, and the "
            "earlier copy of this name (1 tile(s) learnt) will no longer be kept.") in capsys.readouterr().err
    assert store.replaced("club set")["learnt_examples"] == 1          # nothing changed
    assert main(["calibrate", "--relearn", "club set", "--data-dir", d, "--yes"]) == 0
    assert "the earlier copy of this name (1 tile(s) learnt) is no longer kept" in capsys.readouterr().out


def test_a_profile_of_other_weights_is_not_activated(photo, tmp_path, fake_calibrate, capsys):
    """Listed and activated without a word, it then stopped every reading at the command line."""
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    assert main(["calibrate", "--deactivate", "--data-dir", d]) == 0
    store = profile_mod.ProfileStore(d)
    old = store.load("club set")
    old.model_id = "0123456789abcdef"
    store.save(old)
    capsys.readouterr()
    assert main(["calibrate", "--activate", "club set", "--data-dir", d]) == 2
    assert ("the profile 'Club set' was made for other classifier weights (0123456789abcdef; this mjtable's are"
            in capsys.readouterr().err) and store.active_slug() is None
    assert main(["calibrate", "--list", "--data-dir", d]) == 0
    assert "cannot be read here: the profile 'Club set' was made for other classifier weights" in capsys.readouterr().out


def test_export_keeps_a_file_already_there_and_a_data_dir_must_be_a_folder(photo, tmp_path, fake_calibrate, capsys):
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    there = tmp_path / "notes.npz"
    there.write_bytes(b"kept")
    assert main(["calibrate", "--export", "club set", str(there), "--data-dir", d]) == 2
    assert "notes.npz exists: give another file name, or add --yes" in capsys.readouterr().err
    assert there.read_bytes() == b"kept"
    assert main(["calibrate", "--export", "club set", str(there), "--data-dir", d, "--yes"]) == 0
    assert there.read_bytes() != b"kept"
    # a rename to the name it has says so, not "'Club set' is now named 'Club set'"
    assert main(["calibrate", "--rename", "club set", "Club set", "--data-dir", d]) == 0
    assert capsys.readouterr().out.endswith("profile 'Club set' is already so named\n")
    # a data dir that is a file: said at once (found when saving, after the learning, as a traceback)
    assert main(["calibrate", str(photo), "--name", "x", "--data-dir", str(there), "--yes"]) == 2
    assert "is a file: the data dir is a folder" in capsys.readouterr().err
    # or one below a file (a traceback, for --deactivate and --import too)
    for argv in (["--deactivate"], ["--import", str(there)], [str(photo), "--name", "x", "--yes"]):
        assert main(["calibrate", *argv, "--data-dir", str(there / "sub")]) == 2
        assert "is a file: the data dir is a folder (asked for" in capsys.readouterr().err
    # a restore of a name no profile has says so (it said "no replaced profile of 'nope' is kept")
    assert main(["calibrate", "--restore", "nope", "--data-dir", d]) == 2
    assert "no profile named 'nope'" in capsys.readouterr().err
    # relearning a profile that learnt nothing since its layout photo changes nothing: said at once
    assert main(["calibrate", "--relearn", "club set", "--data-dir", d]) == 0
    assert "nothing learnt since the layout photo" in capsys.readouterr().out


def test_calibrate_speaks_french_with_lang_fr(photo, tmp_path, fake_calibrate, capsys, monkeypatch):
    """Every other command spoke French with --lang fr; calibrate had no --lang."""
    d = str(tmp_path / "d")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes", "--lang", "fr"]) == 0
    out = capsys.readouterr()
    assert "34 tuiles lues sur" in out.out and "rangée 2 : 1p 2p 3p≠4p 4p" in out.out
    assert "3p lu comme 4p (61 %)" in out.out and "c'est désormais le profil actif" in out.out
    assert "apprentissage de vos tuiles" in out.err and "learning" not in out.err
    assert main(["calibrate", "--list", "--data-dir", d, "--lang", "fr"]) == 0
    assert "« Club set » : 34 codes, 0 tuile apprise depuis la photo de disposition" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["calibrate", "--remove", "club set", "--data-dir", d, "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("erreur : impossible de demander confirmation (l'entrée standard n'est pas un terminal) : "
                          "relancez avec --yes pour supprimer le profil « Club set ». C'est le profil actif")
    assert main(["calibrate", "--activate", "ghost", "--data-dir", d, "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("erreur : aucun profil") and "no profile" not in err
    # and English again after (the language is the run's, not kept)
    assert main(["calibrate", "--list", "--data-dir", d]) == 0
    assert "'Club set': 34 codes" in capsys.readouterr().out


def test_an_import_over_an_unreadable_profile_of_its_name_says_so(photo, tmp_path, fake_calibrate, capsys):
    home, laptop = str(tmp_path / "home"), tmp_path / "laptop"
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", home, "--yes"]) == 0
    out = tmp_path / "club.npz"
    assert main(["calibrate", "--export", "club set", str(out), "--data-dir", home]) == 0
    (laptop / "profiles").mkdir(parents=True)
    (laptop / "profiles" / "club-set.npz").write_bytes(b"damaged")
    capsys.readouterr()
    assert main(["calibrate", "--import", str(out), "--data-dir", str(laptop)]) == 0      # a traceback
    assert "it replaces a profile of this name that could not be read" in capsys.readouterr().out


def test_a_crafted_profile_is_refused_at_its_import_not_made_active_to_crash_later(photo, tmp_path, fake_calibrate, capsys):
    # a source that is a number, a date of 1e300 or examples of the wrong shape passed the import,
    # became active, then crashed every listing, the calibration page or every reading
    import json as json_mod
    import numpy as np
    d, good = _club_set_exported(photo, tmp_path, capsys)
    with np.load(good) as z:
        arrays = {k: z[k] for k in z.files}
    meta = json_mod.loads(arrays["meta"].tobytes().decode())

    def crafted(file, change_meta=None, **swap):
        m = dict(meta, name="evil", **(change_meta or {}))
        np.savez_compressed(tmp_path / file, **{**arrays, **swap,
                                                "meta": np.frombuffer(json_mod.dumps(m).encode(), np.uint8)})
        return str(tmp_path / file)
    n = len(meta["codes"])
    key = next(k for k in sorted(arrays) if k.startswith("net0/") and k.endswith(".weight") and arrays[k].ndim == 2)
    for file, says in ((crafted("a.npz", {"sources": ["calibration"] * (n - 1) + [7]}),
                        "a source of its examples is not a word"),
                       (crafted("b.npz", {"created": 1e300}), "its date is not a date"),
                       (crafted("c.npz", {"absent_codes": ["9x"]}), "its absent codes are not tile codes"),
                       (crafted("e.npz", examples=np.zeros((n,), np.uint8)), "its examples are not tile crops"),
                       # a weight not a number read every tile as one code at confidence "nan"
                       (crafted("f.npz", **{key: np.full_like(arrays[key], np.nan)}),
                        "its network's weights are not all numbers"),
                       # a weight cut: every reading refused as "made for other classifier weights"
                       (crafted("g.npz", **{key: arrays[key][:1]}), "is damaged (the network's ")):
        assert main(["calibrate", "--import", file, "--data-dir", d]) == 2, file
        assert says in capsys.readouterr().err, file
    assert [e["name"] for e in profile_mod.ProfileStore(d).list()] == ["Club set"]
    assert main(["calibrate", "--import", str(good), "--name", "copy", "--data-dir", d]) == 0     # the real one


def test_the_copy_kept_of_a_profile_set_aside_can_be_named_restored_and_removed(photo, tmp_path, fake_calibrate, capsys):
    # its profile set aside as damaged, the copy kept of it was found by nothing: a rename to its
    # name said "remove it first", and --remove said "no profile named"
    d = str(tmp_path / "d")
    for _ in range(2):
        assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", d, "--yes"]) == 0
    assert main(["calibrate", str(photo), "--name", "home set", "--data-dir", d, "--yes"]) == 0
    store = profile_mod.ProfileStore(d)
    store.path("club set").rename(store.folder / "club-set.damaged-20260101T000000")
    capsys.readouterr()
    assert main(["calibrate", "--rename", "home set", "Club set", "--data-dir", d]) == 2
    err = capsys.readouterr().err
    assert "a copy of a profile named 'Club set' is kept to be restored (mjtable calibrate --restore club-set" in err, err
    assert main(["calibrate", "--remove", "club set", "--yes", "--data-dir", d]) == 0
    assert not (store.folder / "club-set.replaced").exists()
    assert main(["calibrate", "--rename", "home set", "Club set", "--data-dir", d]) == 0


def test_an_imported_profile_whose_name_is_too_long_is_saved_under_its_first_characters_and_said(
        photo, tmp_path, fake_calibrate, capsys):
    """A profile file whose name held 200 characters was imported under its first 60, unsaid."""
    home, laptop = str(tmp_path / "home"), str(tmp_path / "laptop")
    assert main(["calibrate", str(photo), "--name", "Club set", "--data-dir", home, "--yes"]) == 0
    profile = profile_mod.ProfileStore(home).load("club set")
    profile.name = "Thursday club " * 10
    out = tmp_path / "long.npz"
    profile.save(out)
    capsys.readouterr()
    assert main(["calibrate", "--import", str(out), "--data-dir", laptop]) == 0
    said = capsys.readouterr().out
    assert ("the profile's name in the file has 139 characters: it is saved under its first 60 (--name gives it "
            "another)") in said
    assert profile_mod.ProfileStore(laptop).active().name == ("Thursday club " * 10)[:60]
    assert main(["calibrate", "--import", str(out), "--name", "Thursday", "--data-dir", laptop]) == 0
    assert "characters" not in capsys.readouterr().out
