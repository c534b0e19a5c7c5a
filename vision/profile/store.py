"""The user's saved profiles: the data directory, profile names as file slugs, the store of
profiles with the active one, and a damaged active profile set aside."""
from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import re
import threading
import time
from pathlib import Path

from ..errors import NoSuchProfile, ProfileError, ProfileUnreadable
from .files import write_privately
from .tileset import TileSetProfile


def default_data_dir() -> Path:
    """``MJTABLE_DATA_DIR``, else ``$XDG_DATA_HOME/mjtable`` (``~/.local/share/mjtable``): the
    web UI's data directory too."""
    import os
    env = os.environ.get("MJTABLE_DATA_DIR")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "mjtable"


def slugify(name: str) -> str:
    """The file name of a profile's name: letters and digits of any script, lower case, accents
    dropped (« Jeu été » → ``jeu-ete``, « 中文牌 » stays), every other run of characters one '-'."""
    import re
    import unicodedata
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    slug = re.sub(r"[\W_]+", "-", bare.strip().casefold()).strip("-")
    if not slug:
        # a name of spaces only was told "profile name '' has no letters or digits"
        if not name.strip():
            raise ProfileError("the profile name is empty: give it letters or digits")
        raise ProfileError(f"profile name {name!r} has no letters or digits")
    return slug[:60]


def new_profile_name(name: str) -> str:
    """A name given to a profile (a calibration, a rename, an import under another name), without
    its outer spaces: refused (``ProfileError``) where it has no letters or digits or is longer
    than ``MAX_PROFILE_NAME`` characters."""
    name = name.strip()
    if len(name) > MAX_PROFILE_NAME:
        raise ProfileError(f"the profile name has {len(name)} characters: at most {MAX_PROFILE_NAME}")
    slugify(name)
    return name


class ProfileDamaged(ProfileError):
    """The active profile could not be read: it was set aside and deactivated (the base model
    reads alone). Raised once, by the call that found the damage, so it can be reported."""

    def __init__(self, message: str, slug: str | None = None, set_aside: str | None = None):
        super().__init__(message)
        self.slug = slug
        self.set_aside = set_aside


#: A profile's file stem: what ``slugify`` makes (so a pointer cannot name a path elsewhere).
#: Letters and digits of any script, as ``slugify`` keeps them (« 中文牌 »: an ASCII-only pattern
#: took the pointer of such a profile for damage and deactivated it at once).
_SLUG = re.compile(r"[^\W_]+(?:-[^\W_]+)*")
DAMAGED_MARK = ".damaged-"
#: A profile replaced by a new calibration under its name is kept beside it as ``<slug>.replaced``
#: (the last one only), to be restored: a layout photo of another set saved under a taken name
#: must not lose the tiles the first profile learnt.
REPLACED_MARK = ".replaced"
#: An imported profile file's largest size, packed and unpacked: a profile with every example a
#: hand can teach stays within a few MB (``tileset.CONFIRMED_PER_CODE``); the unpacked bound is
#: checked before anything is decompressed, so that a small file cannot unpack to gigabytes.
MAX_PROFILE_BYTES = 20 * 1024 * 1024
MAX_PROFILE_UNPACKED = 64 * 1024 * 1024
#: A profile name's longest, as the calibration page's fields allow it: a longer one given to the
#: command line or an import was cut there silently, or kept whole by a rename.
MAX_PROFILE_NAME = 60


def _summary(path: Path) -> dict | None:
    """The ``name``, ``learnt_examples`` and ``created`` of the profile saved at ``path``; None
    when there is none there or it cannot be read."""
    if not path.is_file():
        return None
    try:
        prof = TileSetProfile.load(path)
    except ProfileError:
        return None
    return {"name": prof.name, "learnt_examples": prof.n_learnt_examples, "created": prof.created}


def model_problem(profile: TileSetProfile, shown: str | None = None) -> str | None:
    """Why ``profile`` cannot be read with this mjtable's installed models (made for other
    classifier weights, or another companion network), in words naming it ``shown`` (default: by
    its name); None when it can. Reading refuses such a profile: activated or listed without a
    word, it stopped every reading at the command line."""
    from ..classifier import DEFAULT_WEIGHTS
    from ..errors import ModelMissingError
    from ..model_files import weights_id
    shown = shown or f"the profile {profile.name!r}"
    try:
        model_id = weights_id(DEFAULT_WEIGHTS)
    except OSError:          # no models to check against: reading says so, not the list
        return None
    if model_id and profile.model_id and profile.model_id != model_id:
        return (f"{shown} was made for other classifier weights ({profile.model_id}; this mjtable's are {model_id}): "
                "calibrate this set again here with its layout photo")
    if profile.network_model != "own" and profile.network_id:
        try:
            profile.network_classifier()
        except ProfileError:
            return (f"{shown} was made with another companion network ({profile.network_id}): calibrate this set "
                    "again here with its layout photo")
        except (ModelMissingError, OSError):
            return None
    return None


def network_problem(profile: TileSetProfile, shown: str) -> str | None:
    """Why ``profile``'s fine-tuned network does not fit the installed one it was tuned from (a
    weight of another shape, missing or more), in words naming it ``shown``; None when it fits or
    cannot be told. Asked of a file imported only (a profile made here fits): a trial's file with
    one weight cut imported and was made active, every reading then refused as "made for other
    classifier weights"."""
    from ..classifier import folded_network_weights
    from ..errors import ModelMissingError
    try:
        classifier = profile.network_classifier()
    except (ProfileError, ModelMissingError, OSError):     # said by model_problem, or by reading
        return None
    export = getattr(classifier, "_network_export", None)
    info = export() if export is not None else None
    if info is None or not profile.network:
        return None
    try:
        folded_network_weights(profile.network, info)
    except ValueError as exc:
        return f"{shown} is damaged ({exc})"
    return None


def _keeps_older(kept: dict | None, current: dict | None) -> bool:
    """Whether a new calibration keeps the copy an earlier one left (``kept``) rather than the
    profile it replaces (``current``): when that copy learnt tiles and ``current`` learnt none
    (calibrating twice under one name dropped the profile that had learnt from the hands), or
    ``current`` cannot be read."""
    # a profile that cannot be read is no loss, and moving it over a readable copy would lose that
    return bool(kept and (current is None or (kept["learnt_examples"] and not current["learnt_examples"])))


#: Per profiles folder: this process's lock, how deep its holder is, and the lock file's descriptor.
_WRITERS: dict[str, list] = {}
_WRITERS_GUARD = threading.Lock()


def _writing(method):
    """``method`` of the store run as one writer of its folder (``ProfileStore.writing``)."""
    @functools.wraps(method)
    def one_writer(self, *args, **kwargs):
        with self.writing():
            return method(self, *args, **kwargs)
    return one_writer


class ProfileStore:
    """Profiles saved under ``<data dir>/profiles/<slug>.npz``; the active one is named in
    ``<data dir>/active_profile.json``. A damaged active profile is renamed
    ``<slug>.damaged-<UTC time>`` (kept for inspection, listed as damaged) and deactivated.
    What changes the profiles runs as one writer at a time (``writing``), across processes too:
    a calibration saved, or a profile deleted, while a hand was being learnt was overwritten by
    the lesson's save of the profile it had loaded."""

    def __init__(self, data_dir=None):
        self.data_dir = Path(data_dir) if data_dir else default_data_dir()
        self.folder = self.data_dir / "profiles"
        self.active_file = self.data_dir / "active_profile.json"

    def path(self, name: str) -> Path:
        return self.folder / f"{slugify(name)}.npz"

    @contextlib.contextmanager
    def writing(self):
        """Within it, this thread is the one writer of the profiles folder: other threads and
        processes (the server, a command) wait. Reentrant: a write within another is one."""
        import fcntl
        self._make_folders()
        key = str(self.folder.resolve())
        with _WRITERS_GUARD:
            state = _WRITERS.setdefault(key, [threading.RLock(), 0, None])
        with state[0]:
            if state[1] == 0:
                fd = os.open(self.folder / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX)
                except BaseException:
                    os.close(fd)
                    raise
                state[2] = fd
            state[1] += 1
            try:
                yield self
            finally:
                state[1] -= 1
                if state[1] == 0:
                    os.close(state[2])      # the lock goes with it
                    state[2] = None

    def count(self) -> int:
        """How many profiles are saved (none is read: the photo page asks on every visit)."""
        return sum(1 for _ in self.folder.glob("*.npz")) if self.folder.is_dir() else 0

    def exists(self, name: str) -> bool:
        return self.path(name).exists()

    def entry(self, name: str) -> dict | None:
        """The readable profile a profile of this name would replace (names differing in case or
        punctuation are one profile): its ``name`` and ``learnt_examples``, as ``list`` gives
        them, and when it was ``created``; None when there is none. Only that profile's file is read."""
        summary = _summary(self.path(name))
        return summary and {k: summary[k] for k in ("name", "learnt_examples", "created")}

    def folder_problem(self) -> str | None:
        """Why the data dir cannot hold profiles (it, or a folder above it, is a file), or None."""
        for place in (self.data_dir, *self.data_dir.parents):
            if place.exists():
                return None if place.is_dir() else (
                    f"{place} is a file: the data dir is a folder" + ("" if place == self.data_dir
                                                                      else f" (asked for {self.data_dir})"))
        return None

    def _make_folders(self) -> None:
        """The data dir and its profiles folder, each readable by this user alone (made as a
        parent of the folder, the data dir was left open to every user until the server ran)."""
        try:
            self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            self.folder.mkdir(mode=0o700, exist_ok=True)
        except OSError as exc:      # a file in the way: said as a profile error, not a traceback
            raise ProfileError(self.folder_problem() or f"cannot make {self.folder} ({exc.strerror})") from None

    @_writing
    def save(self, profile: TileSetProfile) -> Path:
        """Save ``profile`` under its name, over the profile of that name (learning updates it)."""
        return profile.save(self.path(profile.name))

    @_writing
    def save_new(self, profile: TileSetProfile) -> Path:
        """Save a newly calibrated profile; a profile it replaces is kept (``replaced``, ``restore``),
        unless it learnt nothing and the one already kept learnt tiles: then that one stays kept
        (calibrating twice under one name dropped the profile that had learnt from the hands), or
    ``current`` cannot be read."""
        path = self.path(profile.name)
        # written whole before the profile it replaces is moved: a disk full left that one in its
        # hidden copy alone, nothing listed under its name
        staged = profile.save(path.with_name(f".{path.stem}.staged"))
        try:
            if path.is_file() and not path.is_symlink():
                if _keeps_older(self.replaced(profile.name), _summary(path)):
                    path.unlink()
                else:
                    path.replace(self._replaced_path(path))
            staged.replace(path)
        finally:
            staged.unlink(missing_ok=True)
        return path

    def replacement(self, name: str) -> dict | None:
        """What saving a new calibration under ``name`` (``save_new``) does to the profiles of that
        name, for the player to be told before: None when there is none; else ``replacing`` (the
        profile of that name now), ``kept`` (the one kept after, to restore), ``dropped`` (the one
        no longer kept: the earlier copy of this name, or ``replacing`` itself when it
        learnt nothing and that copy learnt tiles) and ``replacing_kept``. Each profile as
        ``replaced`` gives it, or None. A third calibration under one name dropped the first
        without a word: the page said only that the profile it replaced was kept."""
        path = self.path(name)
        if not path.is_file() or path.is_symlink():
            return None
        kept, current = self.replaced(name), _summary(path)
        if _keeps_older(kept, current):
            return {"replacing": current, "kept": kept, "dropped": current, "replacing_kept": False}
        return {"replacing": current, "kept": current, "dropped": kept, "replacing_kept": True}

    @staticmethod
    def _replaced_path(path: Path) -> Path:
        return path.with_name(path.stem + REPLACED_MARK)

    def replaced(self, name: str) -> dict | None:
        """The profile a new calibration of this name replaced, kept to be restored: its ``name``,
        ``learnt_examples`` and ``created``; None when none is kept (or it is unreadable)."""
        return _summary(self._replaced_path(self.path(name)))

    def replaced_made_at(self, created: float) -> str | None:
        """The name (its file's) of the profile whose kept copy (``replaced``) was made at
        ``created``, or None: only the kept copies are read, not every profile."""
        for kept in sorted(self.folder.glob(f"*{REPLACED_MARK}")) if self.folder.is_dir() else []:
            summary = _summary(kept)
            if summary is not None and summary["created"] == created:
                return kept.name[:-len(REPLACED_MARK)]
        return None

    @_writing
    def update_replaced(self, name: str, change) -> int:
        """Apply ``change(profile)`` (returning a count) to the profile kept under ``name`` to be
        restored, saved back when the count is not 0; 0 when none is kept or it cannot be read.
        A hand undone after its profile was replaced by a new calibration stayed learnt by the
        copy kept, and came back with it when restored."""
        kept = self._replaced_path(self.path(name))
        try:
            profile = TileSetProfile.load(kept)
        except ProfileError:
            return 0
        count = change(profile)
        if count:
            profile.save(kept)
        return count

    @_writing
    def restore(self, name: str) -> str:
        """Put back the profile a new calibration of this name replaced; the one that replaced it
        is kept in its place (restoring again swaps them back). The active profile stays the
        one of this name. Returns the restored profile's name."""
        path = self.path(name)
        kept = self._replaced_path(path)
        entry = self.replaced(name)
        if entry is None and not path.exists() and not kept.exists():
            raise NoSuchProfile(f"no profile named {name!r}")     # a typo is no profile kept
        if entry is None:
            raise ProfileError(f"no replaced profile of {name!r} is kept")
        restored = entry["name"]
        if slugify(restored) != path.stem:
            current = _summary(path)
            # kept under a name since renamed (older files: ``rename`` now renames it too): it
            # comes back under the name its place has, or no name would find it again (a restore
            # after a rename swapped the files, then said "no profile named ..." and failed)
            profile = TileSetProfile.load(kept)
            profile.name = restored = current["name"] if current is not None else name
            profile.save(kept)
        swap = path.with_name(path.stem + ".swap")
        if path.is_file():
            path.replace(swap)
        kept.replace(path)
        if swap.exists():
            swap.replace(kept)
        if self.active_slug() == path.stem:
            self.activate(restored)      # the pointer keeps the restored profile's own name
        return restored

    def export(self, name: str) -> tuple[str, bytes]:
        """A saved profile as a file to carry to another machine or player: (file name, bytes).
        A profile that cannot be read is refused (it would be refused where it is imported)."""
        self.load(name)
        path = self.path(name)
        return f"mjtable-profile-{path.stem}.npz", path.read_bytes()

    @_writing
    def import_profile(self, data: bytes, shown: str, name: str | None = None,
                       model_id: str | None = None) -> tuple[TileSetProfile, dict | None, str | None]:
        """Save a profile file another machine exported (``export``) under its own name, or
        ``name``; a profile it replaces is kept, as a new calibration's is (``restore``). Refused,
        saving nothing, when ``data`` is no readable profile or one made for classifier weights
        other than ``model_id`` (default: the installed models', ``model_problem``). Returns the
        profile and what saving it did to the profiles of its name (``replacement``, as found
        before: None when there was none), and the file's own name where it was cut to
        ``MAX_PROFILE_NAME`` characters to save it (else None). ``shown``: the file's name as the
        player chose it, for messages."""
        import secrets
        import zipfile
        shown = Path(shown or "the file").name
        if len(data) > MAX_PROFILE_BYTES:
            raise ProfileError(f"{shown} is larger than a tile-set profile ({len(data) / (1024 * 1024):.1f} MB, at most "
                               f"{MAX_PROFILE_BYTES // (1024 * 1024)} MB)")
        tmp = self.folder / f".import-{secrets.token_hex(6)}.tmp"
        try:
            with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as f:
                f.write(data)
            try:
                with zipfile.ZipFile(tmp) as z:
                    unpacked = sum(i.file_size for i in z.infolist())
            except zipfile.BadZipFile:
                raise ProfileError(f"{shown} is not a tile-set profile (the .npz file that a profile's download "
                                   "or export writes)") from None
            if unpacked > MAX_PROFILE_UNPACKED:
                raise ProfileError(f"{shown} is not a tile-set profile (it unpacks to {unpacked // (1024 * 1024)} MB)")
            profile = TileSetProfile.load(tmp, shown=shown)
        finally:
            tmp.unlink(missing_ok=True)
        if model_id is None:         # checked against the models this mjtable reads with
            problem = model_problem(profile, shown) or network_problem(profile, shown)
            if problem:
                raise ProfileError(problem)
        elif model_id and profile.model_id and profile.model_id != model_id:
            raise ProfileError(f"{shown} was made for other classifier weights ({profile.model_id}; this mjtable's "
                               f"are {model_id}): calibrate this set again here with its layout photo")
        # a name given is checked as a calibration's (an empty one refused: the command line's
        # `--name ""` imported under the file's own); a file's own is cut as the calibration page
        # allows (an export of this app has no longer one)
        cut_from = None
        if name is not None:
            profile.name = new_profile_name(name)
        else:
            own = profile.name.strip()
            # said by the callers: a 200-character name was cut to its first 60 unsaid
            cut_from = own if len(own) > MAX_PROFILE_NAME else None
            profile.name = own[:MAX_PROFILE_NAME]
            self.path(profile.name)      # a name with no letters or digits is refused before saving
        # what it replaces, as a new calibration tells it: "the profile it replaces is kept" was said
        # while the earlier copy of this name, with its learnt tiles, was dropped
        plan = self.replacement(profile.name)
        self.save_new(profile)
        return profile, plan, cut_from

    def load(self, name: str) -> TileSetProfile:
        p = self.path(name)
        if not p.exists():
            raise NoSuchProfile(f"no profile named {name!r}")
        return TileSetProfile.load(p)

    def load_name_or_file(self, name_or_file: str, classifier=None) -> TileSetProfile:
        """A profile file (``.npz``) where ``name_or_file`` is one, else the saved profile of that
        name (the evaluation commands' ``--profile``); checked against ``classifier`` when given
        (``TileSetProfile.check_model``: ``ProfileError`` for a profile of other weights)."""
        path = Path(name_or_file)
        profile = TileSetProfile.load(path) if path.suffix == ".npz" and path.is_file() else self.load(name_or_file)
        if classifier is not None:
            profile.check_model(classifier)
        return profile

    def list(self) -> list[dict]:
        """Every profile file: readable ones with their summary; damaged ones (``damaged``:
        True, ``error``: why), those set aside included. A damaged active profile found here is
        set aside and deactivated, as reading would."""
        try:
            self.active()
        except ProfileDamaged:
            pass
        active = self.active_slug()
        out = []
        for p in sorted(self.folder.glob("*.npz")) + sorted(self.folder.glob(f"*{DAMAGED_MARK}*")):
            set_aside = DAMAGED_MARK in p.name
            slug = p.name.split(DAMAGED_MARK)[0] if set_aside else p.stem
            entry = {"slug": p.name if set_aside else slug, "name": slug, "path": str(p), "active": False}
            try:
                prof = TileSetProfile.load(p)
            except ProfileError as exc:
                out.append({**entry, "damaged": True, "set_aside": set_aside, "error": str(exc)})
                continue
            if set_aside:   # readable again (e.g. restored by hand): still listed as set aside
                out.append({**entry, "damaged": True, "set_aside": True, "error": "set aside as damaged"})
                continue
            out.append({**entry, "name": prof.name, "codes": len(prof.known_codes), "replaced": self.replaced(slug),
                        "corrections": prof.n_corrections, "confirmed": prof.n_confirmed,
                        "learnt_examples": prof.n_learnt_examples,
                        "learnt": prof.learnt, "created": prof.created,
                        "model_id": prof.model_id, "damaged": False, "active": slug == active,
                        "other_model": model_problem(prof)})
        return out

    def _pointer(self) -> str | None:
        """The slug the pointer file names (None: none); ProfileError when the pointer is
        unreadable, is a link, or names something other than a profile of this data dir."""
        data = self._pointer_data()
        return None if data is None else data["slug"]

    def _pointer_data(self) -> dict | None:
        """The pointer file's contents, its slug checked (``_pointer``)."""
        if not self.active_file.exists() and not self.active_file.is_symlink():
            return None
        if self.active_file.is_symlink():
            raise ProfileError(f"{self.active_file.name} is a link (it must be a file of the data dir)")
        try:
            text = self.active_file.read_text(encoding="utf-8")
        except FileNotFoundError:       # deactivated meanwhile
            return None
        except (MemoryError, OSError) as exc:   # the machine's (too many files open), not damage
            raise ProfileUnreadable(f"{self.active_file.name} could not be read now ({type(exc).__name__})") from None
        except ValueError as exc:
            raise ProfileError(f"{self.active_file.name} is unreadable ({type(exc).__name__})") from None
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise ProfileError(f"{self.active_file.name} is unreadable ({type(exc).__name__})") from None
        slug = data.get("slug") if isinstance(data, dict) else None
        if not isinstance(slug, str) or len(slug) > 60 or not _SLUG.fullmatch(slug):
            raise ProfileError(f"{self.active_file.name} names no profile of the data dir")
        return data

    def active_slug(self) -> str | None:
        try:
            return self._pointer()
        except ProfileError:
            return None

    def active_name(self) -> str | None:
        """The active profile's name as the player gave it ("club set"), kept in the pointer at
        activation (its slug, "club-set", for a pointer written before); None when none is active.
        Reads no profile: the photo page names it on every visit."""
        try:
            data = self._pointer_data()
        except ProfileError:
            return None
        if data is None:
            return None
        name = data.get("name")
        return name if isinstance(name, str) and 0 < len(name) <= 200 else data["slug"]

    @_writing
    def activate(self, name: str | None) -> None:
        """Make ``name`` the active profile (``None``: no profile, the base model alone)."""
        if name is None:
            self.active_file.unlink(missing_ok=True)
            return
        p = self.path(name)
        if not p.exists():
            raise NoSuchProfile(f"no profile named {name!r}")
        try:
            shown = TileSetProfile.load(p).name or p.stem
        except ProfileError:       # a damaged profile is reported when it is read, not here
            shown = p.stem
        write_privately(self.active_file,
                        lambda f: f.write((json.dumps({"slug": p.stem, "name": shown}) + "\n").encode()))

    def active(self) -> TileSetProfile | None:
        """The active profile, or None. A damaged one (or a pointer naming no profile of this data
        dir) is set aside and deactivated, and ProfileDamaged says so, once. One that cannot be
        read now for the machine's reason (``ProfileUnreadable``) is None this time, kept active."""
        try:
            return self._active()
        except ProfileUnreadable as exc:
            logging.getLogger(__name__).warning("the active tile-set profile was not read this time: %s", exc)
            return None

    def _active(self) -> TileSetProfile | None:
        try:
            slug = self._pointer()
        except ProfileUnreadable:
            raise
        except ProfileError as exc:
            self.activate(None)
            raise ProfileDamaged(f"the active-profile pointer was damaged ({exc}): no profile is active now; "
                                 "the base model reads alone") from None
        if slug is None:
            return None
        path = self.folder / f"{slug}.npz"
        if not path.exists() and not path.is_symlink():
            return None
        try:
            if path.is_symlink() or not path.resolve().is_relative_to(self.folder.resolve()):
                raise ProfileError(f"{path.name} is a link to a file outside the data dir")
            return TileSetProfile.load(path)
        except ProfileUnreadable:
            raise
        except ProfileError as exc:
            aside = self._set_aside(path)
            self.activate(None)
            where = f"set aside as profiles/{aside.name}" if aside else "set aside"
            raise ProfileDamaged(f"the active tile-set profile {slug!r} is damaged ({exc}); it was {where} and "
                                 "deactivated: the base model reads alone (calibrate again to make a new one, or "
                                 "import a copy you downloaded)",
                                 slug=slug, set_aside=aside.name if aside else None) from None

    def _set_aside(self, path: Path) -> Path | None:
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
        aside = path.with_name(f"{path.stem}{DAMAGED_MARK}{stamp}")
        try:
            path.rename(aside)
        except FileNotFoundError:   # another request set it aside first
            return None
        return aside

    @_writing
    def rename(self, name: str, new_name: str) -> str:
        """Give a saved profile another name (what it learnt, whether it is active and the
        profile it replaced go with it); refused when another profile has that name. Returns
        the name it had."""
        new_name = new_profile_name(new_name)
        path, new_path = self.path(name), self.path(new_name)
        profile = self.load(name)
        if new_path != path and not new_path.exists() and self._replaced_path(new_path).exists():
            # the copy kept of a profile set aside as damaged since: "remove it first" found none
            kept = self.replaced(new_name)
            raise ProfileError(f"a copy of a profile named {kept['name'] if kept else new_name!r} is kept to be restored "
                               f"(mjtable calibrate --restore {new_path.stem}, or Restore on the calibration page), or "
                               "removed: choose another name, or restore or remove it first")
        if new_path != path and (new_path.exists() or self._replaced_path(new_path).exists()):
            # the profile as it is named: "Other" typed, the existing "other set" is the one to remove
            there = self.entry(new_name)
            raise ProfileError(f"a profile named {there['name'] if there else new_name!r} already exists (names "
                               "differing in case or punctuation are one): remove it first, or choose another name")
        old_name, profile.name = profile.name, new_name
        profile.save(new_path)
        if new_path != path:
            path.unlink()
            kept = self._replaced_path(path)
            if kept.exists():
                # the copy kept to be restored takes the new name too: restored under its old
                # name, in the new name's place, no name found it
                try:
                    older = TileSetProfile.load(kept)
                    older.name = new_name
                    older.save(self._replaced_path(new_path))
                    kept.unlink()
                except ProfileError:        # unreadable: moved as it is (restore refuses it)
                    kept.replace(self._replaced_path(new_path))
        if self.active_slug() == path.stem:
            self.activate(new_name)
        return old_name

    def removable(self, name: str) -> Path:
        """The file ``remove`` deletes for ``name``: a saved profile's, readable or not, or a
        set-aside file by its full file name; NoSuchProfile when there is none (said before the
        player is asked to confirm)."""
        if DAMAGED_MARK in name and "/" not in name and (self.folder / name).is_file():
            return self.folder / name
        p = self.path(name)
        if not p.exists() and not p.is_symlink():
            if self._replaced_path(p).is_file():     # the copy kept of a profile set aside since
                return self._replaced_path(p)
            raise NoSuchProfile(f"no profile named {name!r}")
        return p

    @_writing
    def remove(self, name: str) -> None:
        """Delete a saved profile, readable or not; a set-aside file by its full file name."""
        p = self.removable(name)
        p.unlink()
        if DAMAGED_MARK in p.name:      # a set-aside file: no copy kept beside it, no pointer to it
            return
        self._replaced_path(p).unlink(missing_ok=True)      # deleted means gone, with the one it replaced
        if self.active_slug() == p.stem:
            self.activate(None)
