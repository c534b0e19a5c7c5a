"""Start-up checks of the data directory and the game log, before the app answers anything.

A broken set-up is a :class:`StartupError` with one line a person can act on (``mjtable serve``
prints it and exits with status 2): a data dir that is a file or cannot be created or written,
a ``--db`` in a missing folder or naming a folder, a file that is not an SQLite database, an
SQLite database of another application. A game log that is damaged (its integrity check
fails) or that cannot be written (a read-only file) opens read-only: pages carry a banner and
writes answer 503 with the reason, never a bare 500.

Permissions: the data dir is made 0700 and its files 0600 (the game log holds the table's
photos and names); SQLite gives its -wal and -shm files the database file's mode.
"""
from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

DIR_MODE = 0o700
FILE_MODE = 0o600
#: Tables of the game log (webui.store.SCHEMA): a database with tables but not these is another
#: application's.
TABLES = {"games", "photos", "drafts", "hands"}
SQLITE_MAGIC = b"SQLite format 3\x00"


def sqlite_uri(path, mode: str) -> str:
    """``file:`` URI of ``path`` opened with ``mode`` ("ro", "rw", "rwc"). Read-only on a read-only
    medium (a backup on a USB key or a CD) and with no -wal beside it, the file is opened as
    immutable: SQLite cannot make the -shm a game log in WAL mode needs, and said "unable to open
    database file"; with no -wal, nothing is pending."""
    from urllib.request import pathname2url
    uri = f"file:{pathname2url(os.path.abspath(path))}?mode={mode}"
    folder = os.path.dirname(os.path.abspath(path))
    if mode == "ro" and not os.path.exists(f"{path}-wal") and read_only_medium(folder):
        uri += "&immutable=1"
    return uri


def read_only_medium(folder) -> bool:
    """Whether ``folder`` is on a file system mounted read-only (nothing can change a file there,
    so SQLite may skip its locks). A folder this user merely cannot write is not one: a server run
    by another user may be writing the game log (a backup opened immutable could be torn)."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):      # no statvfs (Windows)
        return False


class StartupError(RuntimeError):
    """The data dir or the database cannot be used; the message is one line."""


def _tighten(path: Path, mode: int) -> None:
    """Drop group and other permissions of a path this user owns (an older install's 0755/0644)."""
    try:
        st = path.stat()
        if st.st_uid == os.getuid() and stat.S_IMODE(st.st_mode) & 0o077:
            path.chmod(stat.S_IMODE(st.st_mode) & 0o700)
    except OSError:
        pass


def prepare_data_dir(data_dir: Path, database: Path | None = None) -> bool:
    """Create the data dir (0700) or check it is a directory; whether it can be written. One that
    cannot is refused unless it holds the game log ``database``, which is then read (a copy on a
    read-only medium, listed and exported: it was refused as "not writable")."""
    if data_dir.exists() and not data_dir.is_dir():
        raise StartupError(f"the data dir {data_dir} is a file, not a folder: choose another --data-dir")
    try:
        data_dir.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    except OSError as e:
        raise StartupError(f"cannot create the data dir {data_dir}: {e.strerror or e}") from None
    _tighten(data_dir, DIR_MODE)
    if os.access(data_dir, os.W_OK | os.X_OK):
        return True
    if database is not None and os.access(data_dir, os.X_OK) and database.is_file():
        return False
    raise StartupError(f"the data dir {data_dir} is not writable by this user: fix its permissions "
                       "or choose another --data-dir")


def integrity_verdict(conn: sqlite3.Connection) -> str:
    """SQLite's whole integrity check of ``conn``'s database: "ok", or its first finding (or the
    error met). The whole check, not quick_check: an index that lists another table's rows passed
    quick_check, and a game read through it showed no hands and refused every new one."""
    try:
        verdict = conn.execute("PRAGMA integrity_check(1)").fetchone()[0]
    except sqlite3.DatabaseError as e:
        return str(e)
    # one line: "*** in database main ***" and a line break opened it, in a banner and a command's line
    return " ".join(verdict.replace("*** in database main ***", "").split())


def check_database(path: Path) -> str | None:
    """Check (or create, 0600) the game log at ``path``; returns None when it can be written, or
    why it opens read-only. StartupError when it cannot be used at all."""
    folder = path.parent
    if path.exists() and path.is_dir():
        raise StartupError(f"the database {path} is a folder: give --db a file name")
    if not folder.is_dir():
        raise StartupError(f"the folder of the database {path} does not exist: create it or choose another --db")
    if not path.exists():
        if not os.access(folder, os.W_OK | os.X_OK):
            raise StartupError(f"cannot create the database {path}: its folder is not writable")
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
        except FileExistsError:
            pass
        except OSError as e:
            raise StartupError(f"cannot create the database {path}: {e.strerror or e}") from None
        return None
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except OSError as e:
        raise StartupError(f"cannot read the database {path}: {e.strerror or e}") from None
    if head and head != SQLITE_MAGIC:
        raise StartupError(f"{path} is not an SQLite database (not an mjtable game log): move it away or "
                           "choose another --db")
    _tighten(path, FILE_MODE)
    for suffix in ("-wal", "-shm"):
        _tighten(Path(str(path) + suffix), FILE_MODE)
    writable = os.access(path, os.W_OK) and os.access(folder, os.W_OK | os.X_OK)
    try:
        conn = sqlite3.connect(sqlite_uri(path, "rw" if writable else "ro"), uri=True, timeout=30)
    except sqlite3.Error as e:
        raise StartupError(f"cannot open the database {path}: {e}") from None
    try:
        try:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as e:
            if "not a database" in str(e) or "encrypted" in str(e):
                raise StartupError(f"{path} is not an SQLite database (not an mjtable game log): move it away "
                                   "or choose another --db") from None
            return f"the game log is damaged ({e}): it is open read-only"
        user_tables = {t for t in tables if not t.startswith("sqlite_")}
        if user_tables and not TABLES <= user_tables:
            raise StartupError(f"{path} is another application's database (tables: "
                               f"{', '.join(sorted(user_tables)[:5])}): choose another --db")
        if user_tables:
            cols = {r[1] for r in conn.execute("PRAGMA table_info(hands)")}
            if not {"game_id", "seq", "deltas", "kind"} <= cols:
                raise StartupError(f"{path} is another application's database (its hands table is not "
                                   "mjtable's): choose another --db")
        verdict = integrity_verdict(conn)
        if verdict != "ok":
            # how to mend it said: "back it up before repairing it" named no way to repair it
            return (f"the game log is damaged ({verdict[:120]}): it is open read-only; to mend it, mjtable games "
                    "--backup FILE writes its rows read past the damage and mjtable games --restore FILE puts them back")
    finally:
        conn.close()
    if not os.access(folder, os.W_OK | os.X_OK):
        return "the game log's folder cannot be written (a read-only medium?): it is open read-only"
    if not writable:
        return "the game log's file is read-only: it is open read-only"
    return None
