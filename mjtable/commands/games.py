"""``mjtable games [GAME] [--csv|--json|--pdf] [-o FILE]``, ``mjtable games --standings [--rules R]``,
``mjtable games --backup FILE``, ``mjtable games --restore FILE``: the game log kept by the web UI,
from the command line: the games, a game's score sheet or export, the standings across finished
games, the same files the pages offer (the web app's own routes answer them, so the two never
differ); a backup of the whole log, and a backup put back in its place."""
from __future__ import annotations

import argparse
import contextlib
import logging
import sys
import unicodedata
from pathlib import Path

from ..arg_types import whole_number

#: What each format is, as the game page serves it.
FORMATS = {"csv": "/games/{id}/export.csv", "json": "/games/{id}/export.json", "pdf": "/games/{id}/sheet.pdf"}


def register(sub) -> None:
    p = sub.add_parser("games", help="the game log: list the games, export a score sheet (CSV, JSON, PDF)",
                       description="The game log the web UI keeps: without GAME, the games (id, rules, hands, "
                                   "players); with GAME, its score sheet as text, or its export with --csv, "
                                   "--json or --pdf (the files of the game page's Export links).")
    p.add_argument("game", nargs="?", type=whole_number("game id", 1), help="the game's id (see the list)")
    fmt = p.add_mutually_exclusive_group()
    for name in FORMATS:
        fmt.add_argument(f"--{name}", dest="format", action="store_const", const=name,
                         help=f"the game's {name.upper()} export")
    p.add_argument("-o", "--output", default=None, metavar="FILE",
                   help="write the export (or the standing as text) to FILE; - or none: standard output "
                        "(--pdf needs a file)")
    p.add_argument("--lang", choices=("en", "fr"), default="en",
                   help="the language of the standing as text and of the --csv and --pdf exports (fr: French "
                        "words and figures, the CSV separated by semicolons as a spreadsheet set for French reads "
                        "it; default en)")
    p.add_argument("--standings", action="store_true",
                   help="the standings across finished games of one rule set, player by player (the Games page's "
                        "Standings across games); with --csv its CSV")
    p.add_argument("--rules", default=None, help="--standings of these rules (default: the rules with the most finished games; with --by-table-points, MCR's if one is finished)")
    p.add_argument("--since", default=None, metavar="YYYY-MM-DD", help="--standings of the games started from this day")
    p.add_argument("--until", default=None, metavar="YYYY-MM-DD", help="--standings of the games started until this day")
    p.add_argument("--min-games", default=None, metavar="N", help="--standings: rank only the players of N finished "
                                                                  "games or more (default 1)")
    p.add_argument("--by-table-points", action="store_true",
                   help="--standings of MCR ranked by table points (4-2-1-0 a game), then total")
    p.add_argument("--rate", default=None, metavar="MONEY",
                   help="settle in money (with --standings, or a finished GAME as text): each player's score times "
                        "MONEY per point (riichi: per 1,000 points), and who pays whom")
    p.add_argument("--per", default=None, metavar="POINTS", help="--rate is for this many points")
    p.add_argument("--step", default=None, metavar="MONEY", help="--rate's sums rounded to this (default 0.01)")
    p.add_argument("--unit", default=None, metavar="TEXT", help="--rate's currency, written after each sum")
    p.add_argument("--backup", default=None, metavar="FILE",
                   help="copy the whole game log into FILE, one SQLite file, consistent even while the server "
                        "records hands (put back with --restore FILE)")
    p.add_argument("--restore", default=None, metavar="FILE",
                   help="put a backup made with --backup in place of the game log (refused without --yes, "
                        "which says what it replaces); "
                        "the log it replaces is kept beside it, dated")
    p.add_argument("--yes", action="store_true", help="--restore without asking")
    p.add_argument("--data-dir", default=None,
                   help="where the game log lives (default $MJTABLE_DATA_DIR or ~/.local/share/mjtable)")
    p.add_argument("--db", default=None, metavar="FILE",
                   help="the game log's SQLite file, as mjtable serve --db names it (default DATA_DIR/mjtable.sqlite3)")
    p.set_defaults(func=run)


def _online_copy(source, target) -> None:
    """``source``'s SQLite database copied into ``target`` by SQLite's online backup (a reader or
    writer of either waits its turn, nothing half-copied is seen), ``target`` readable by its owner
    alone, as the data dir keeps the players' names and games. Raises sqlite3.Error, OSError."""
    import os
    import sqlite3

    from webui.startup import sqlite_uri
    src = sqlite3.connect(sqlite_uri(str(source), "ro"), uri=True)
    try:
        dst = sqlite3.connect(str(target), timeout=30)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    os.chmod(target, 0o600)


def _unused_name(folder, stem: str, suffix: str):
    """``folder/stem+suffix``, or the first of ``stem-2``, ``stem-3``... not taken yet."""
    path, n = folder / f"{stem}{suffix}", 2
    while path.exists():
        path, n = folder / f"{stem}-{n}{suffix}", n + 1
    return path


def _backup(database: str, target: str, quiet: bool = False) -> int:
    """SQLite's online backup of the game log into ``target``: the main file alone, copied while
    the server runs, can miss every hand still in its -wal beside it."""
    import re
    import sqlite3
    from pathlib import Path
    from datetime import date
    out = Path(target).expanduser()
    if out.is_dir():
        # a folder named: the backup goes in it, dated ("bk exists: choose a new file" of a folder);
        # a second backup there the same day is numbered (it was refused, naming the date twice)
        out = _unused_name(out, f"mjtable-backup-{date.today().isoformat()}", ".sqlite3")
    if out.exists():
        # a SQLite file's name, whatever the one given ended with (g1.pdf suggested g1-DATE.pdf)
        suffix = out.suffix if out.suffix.lower() in (".sqlite3", ".sqlite", ".db") else ".sqlite3"
        day = date.today().isoformat()
        # a name already dated (and numbered) is numbered, not dated again ("x-2026-12-05-2026-12-05.sqlite3")
        dated = _unused_name(out.parent, re.sub(rf"-{day}(-\d+)?$", "", out.stem) + f"-{day}", suffix)
        print(f"error: {out} exists: choose a new file for the backup (e.g. {dated})", file=sys.stderr)
        return 2
    if not out.parent.is_dir():
        # SQLite said only "unable to open database file"
        print(f"error: the folder {out.parent} does not exist: create it, or choose a file in another folder",
              file=sys.stderr)
        return 2
    damaged = _damage_of(database)
    source = database
    if damaged:
        # copied as it is, the damage went with it and --restore refused the backup; its rows read
        # past the damaged index make a whole log
        from webui.store import rebuilt_copy
        source = rebuilt_copy(str(database)) or database
    try:
        _online_copy(source, out)
        # one file, as said: the copy keeps the log's WAL mode, and whatever read it then (a restore)
        # left its -wal and -shm files beside it
        conn = sqlite3.connect(str(out))
        try:
            conn.execute("PRAGMA journal_mode=DELETE")
        finally:
            conn.close()
    except (sqlite3.Error, OSError) as e:
        print(f"error: cannot back up the game log {database} to {out}: {e}", file=sys.stderr)
        if out.is_file():
            out.unlink()      # not there before (refused above): a part left would refuse the next try as "exists"
        return 2
    if damaged and source == database:
        print(f"warning: the game log {database} is damaged ({damaged}) and its rows could not be read "
              f"whole: {out} is a copy of it as it is, which --restore refuses; keep the log itself too",
              file=sys.stderr)
        return 1
    if damaged:
        print(f"note: the game log {database} is damaged ({damaged}): {out} holds its rows, read past the "
              "damage, as a whole log; --restore puts them back", file=sys.stderr)
    if not quiet:
        print(f"wrote {out}")
    return 0


def _damage_of(path) -> str | None:
    """What SQLite's integrity check says of the game log at ``path`` (None: it is whole)."""
    import sqlite3
    from webui.startup import integrity_verdict, sqlite_uri
    try:
        conn = sqlite3.connect(sqlite_uri(str(path), "ro"), uri=True)
    except sqlite3.Error as e:
        return str(e)[:120]
    try:
        verdict = integrity_verdict(conn)
    finally:
        conn.close()
    return None if verdict == "ok" else verdict[:120]


SQLITE_HEADER = b"SQLite format 3\x00"


def _games_in(path) -> int:
    import sqlite3
    from webui.startup import sqlite_uri
    conn = sqlite3.connect(sqlite_uri(str(path), "ro"), uri=True)
    try:
        return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    finally:
        conn.close()


def _log_said(path, after: str | None = None) -> tuple[str, str | None, int]:
    """The game log at ``path`` in words ("4 game(s), 7 hand(s), the last recorded 2026-12-06
    23:04"), the time its last hand or game was recorded (UTC, as kept), and how many of its
    hands were recorded after ``after``: a restore prompt that counted games alone left unsaid the
    hands a restore would take away."""
    import sqlite3
    from webui.startup import sqlite_uri
    conn = sqlite3.connect(sqlite_uri(str(path), "ro"), uri=True)
    try:
        games = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        hands = conn.execute("SELECT COUNT(*) FROM hands WHERE kind != 'end'").fetchone()[0]
        last = conn.execute("SELECT max(coalesce((SELECT max(created) FROM hands), ''), "
                            "coalesce((SELECT max(created) FROM games), ''))").fetchone()[0] or None
        newer = (conn.execute("SELECT COUNT(*) FROM hands WHERE kind != 'end' AND created > ?", (after,)).fetchone()[0]
                 if after else 0)
    finally:
        conn.close()
    words = f"{games} game(s), {hands} hand(s)" + (f", the last recorded {_local_time(last)}" if last else "")
    return words, last, newer


def _check_backup(source) -> str | None:
    """Why ``source`` is not a game log that --restore can put in place (None: it is one)."""
    import sqlite3
    from webui.startup import sqlite_uri
    from webui.store import SCHEMA_VERSION
    try:
        with open(source, "rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError as e:
        return f"cannot read {source}: {e.strerror or e}"
    if head != SQLITE_HEADER:
        if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
            return (f"{source} is a game's JSON export, not a backup of the game log: import it on the Games "
                    "page (Import a game)")
        return f"{source} is not a backup of the game log (a SQLite file that mjtable games --backup writes)"
    try:
        conn = sqlite3.connect(sqlite_uri(str(source), "ro"), uri=True)
        try:
            if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                return f"{source} is damaged (SQLite's integrity check fails): choose another backup"
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not {"games", "hands"} <= tables:
                return f"{source} is a SQLite file but not a game log: it has no games and hands"
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                return (f"{source} was written by a newer mjtable (game log version {version}; this one reads up "
                        f"to {SCHEMA_VERSION}): update mjtable first")
        finally:
            conn.close()
    except sqlite3.Error as e:
        return f"cannot read {source} as a game log: {e}"
    return None


def _restore(database, target: str, yes: bool) -> int:
    """Put the backup ``target`` in place of the game log ``database``, by SQLite's online backup
    (so a server that keeps running sees the restored log, not a file swapped under it); the log
    replaced is first copied beside it, dated: a restore over the wrong log loses nothing."""
    from datetime import datetime
    from pathlib import Path

    from webui.store import init_db
    source = Path(target).expanduser()
    if source.is_dir():
        print(f"error: {source} is a folder: name the backup file in it (mjtable-backup-DATE.sqlite3, as "
              "mjtable games --backup FOLDER names them)", file=sys.stderr)
        return 2
    if not source.is_file():
        print(f"error: no file at {source}", file=sys.stderr)
        return 2
    why = _check_backup(source)
    if why:
        print(f"error: {why}", file=sys.stderr)
        return 2
    database = Path(database)
    if source.resolve() == database.resolve():
        print(f"error: {source} is the game log itself: choose a backup", file=sys.stderr)
        return 2
    count = _games_in(source)
    kept, where = None, [None]
    if database.is_file():
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        kept = database.with_name(f"{database.stem}-before-restore-{stamp}{database.suffix}")
        if not yes:
            # what it would do, and nothing done: status 1 ("the answer is no"), not an error
            # the name's time is the restore's own: the dry run's second was not the run's
            pattern = f"{database.stem}-before-restore-YYYYMMDD-HHMMSS{database.suffix}"
            theirs, their_last, _ = _log_said(source)
            mine, _, newer = _log_said(database, after=their_last)
            gone = (f"; {newer} hand(s) of the log were recorded after the backup's last and would be in the "
                    "kept copy alone" if newer else "")
            print(f"this would replace the game log {database} ({mine}) with {source} ({theirs}){gone}; "
                  f"the log replaced would be kept beside it as {pattern}, dated when it is done: run again "
                  "with --yes to do it")
            return 1
    else:
        database.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        if kept is None:
            _online_copy(source, database)
            init_db(str(database))      # an older backup brought to this version; WAL as the server keeps it
        else:
            code = _swap_in(source, database, kept, where)
            kept = where[0]
            if code:
                return code
    except Exception as e:   # noqa: BLE001 - sqlite3.Error, OSError, StartupError: one line, the log kept
        kept = where[0]         # the copy written, under the name it took (numbered); None: none written
        # the copy of the log replaced is named only where it was written (a lock not had names none)
        print(f"error: cannot restore {source} into {database}: {e}" +
              (f" (the log as it was is in {kept})" if kept and kept.exists() else "; nothing was changed"),
              file=sys.stderr)
        return 2
    print(f"restored {count} game(s) from {source} into {database}" +
          (f"; the log it replaced is kept as {kept}" if kept else ""))
    return 0


def _swap_in(source, database, kept, where: list) -> int:
    """Put the backup ``source`` in place of the game log ``database``, the log as it was first
    copied to ``kept``, both under one write lock: a server still recording wrote hands between the
    copy and the restore that were in neither (two hands a second from two phones, 4 to 7 lost).
    Its writes wait for the lock (``store.connect``'s 30 s), then go into the restored log. The
    backup is brought to this version apart first, then its rows copied table by table. ``kept``:
    the name to keep the log replaced under; ``where[0]`` is set to the name the copy took once it
    is written (a failure before names no copy). Returns the status."""
    import sqlite3
    import tempfile

    from webui.store import init_db
    if _damage_of(database):
        # its rows cannot all be deleted through its damaged pages ("database disk image is
        # malformed": the restore meant to mend a damaged log was refused): copied over whole
        return _replace_damaged(source, database, kept, where)
    init_db(str(database))          # this version's tables, as the backup will be brought to
    _remove_stale_stages(database.parent)
    with tempfile.TemporaryDirectory(dir=database.parent, prefix=".restore-") as folder:
        staged = f"{folder}/restore.sqlite3"
        _online_copy(source, staged)
        init_db(staged)
        lock = sqlite3.connect(str(database), timeout=30, isolation_level=None)
        try:
            lock.execute("PRAGMA busy_timeout = 30000")
            lock.execute("PRAGMA foreign_keys = OFF")      # tables emptied and filled in any order
            lock.execute("ATTACH DATABASE ? AS staged", (staged,))
            # a table the backup has and this log not yet (made by a part of the app on first use:
            # the review page's drafts) is made here first, as the backup has it
            mine = set(_tables(lock, "main"))
            for name, sql in lock.execute("SELECT name, sql FROM staged.sqlite_master WHERE type = 'table' AND "
                                          "name NOT LIKE 'sqlite_%'").fetchall():
                if name not in mine and sql:
                    lock.execute(sql)
            lock.execute("BEGIN IMMEDIATE")         # no other writer from here to COMMIT
            try:
                if kept.exists():
                    # a restore the same second before this one kept its copy there: the second
                    # was refused with "choose a new file", which --restore lets nobody choose
                    kept = _unused_name(kept.parent, kept.stem, kept.suffix)
                code = _backup(str(database), str(kept), quiet=True)     # a reader: sees every hand committed
                if code == 2:       # not written (1: written as damaged as the log, which this replaces)
                    lock.execute("ROLLBACK")
                    return code
                where[0] = kept
                # the ids the log replaced gave stay given: an older backup restored let the next
                # game take an id that exports, links and open pages name for another game
                highest = lock.execute("SELECT max(coalesce((SELECT max(id) FROM main.games), 0), coalesce("
                                       "(SELECT last FROM main.retired_ids WHERE tbl = 'games'), 0))").fetchone()[0]
                for table in _tables(lock, "main"):
                    lock.execute(f'DELETE FROM main."{table}"')
                staged_tables = set(_tables(lock, "staged"))
                for table in _tables(lock, "main"):
                    if table not in staged_tables:
                        continue
                    theirs = {r[1] for r in lock.execute(f'PRAGMA staged.table_info("{table}")')}
                    columns = ", ".join(f'"{r[1]}"' for r in lock.execute(f'PRAGMA main.table_info("{table}")')
                                        if r[1] in theirs)
                    lock.execute(f'INSERT INTO main."{table}" ({columns}) SELECT {columns} FROM staged."{table}"')
                if highest:
                    lock.execute("INSERT INTO main.retired_ids (tbl, last) VALUES ('games', ?) ON CONFLICT (tbl) "
                                 "DO UPDATE SET last = max(last, excluded.last)", (highest,))
                for (index,) in lock.execute("SELECT name FROM main.sqlite_master WHERE type = 'index'").fetchall():
                    lock.execute(f'REINDEX main."{index}"')      # a damaged index of the log replaced, built again
                lock.execute("COMMIT")
            except BaseException:
                if lock.in_transaction:
                    lock.execute("ROLLBACK")
                raise
        finally:
            lock.close()
    return 0


def _replace_damaged(source, database, kept, where: list) -> int:
    """``_swap_in`` for a damaged game log: the log as it was kept (its rows read past the damage
    where they can be), then the backup copied over it page by page by SQLite's online backup, which
    walks none of its damaged pages. The copy is kept under the log's write lock (a server started
    before the damage, still recording, waits), but SQLite's backup cannot write where a lock is
    held: between the two, a few milliseconds, a hand recorded would be in neither (a server started
    on the damaged log records nothing: ``webui.startup.check_database``). The game ids it gave stay
    given, as in ``_swap_in``."""
    import sqlite3

    from webui.store import init_db
    if kept.exists():
        kept = _unused_name(kept.parent, kept.stem, kept.suffix)
    lock = sqlite3.connect(str(database), timeout=30, isolation_level=None)
    try:
        lock.execute("BEGIN IMMEDIATE")         # no other writer while the log as it was is copied
    except sqlite3.DatabaseError as e:
        if "locked" in str(e) or "busy" in str(e):
            lock.close()
            raise
        lock.close()            # a header too damaged to lock: nothing can write to it either
        lock = None
    try:
        code = _backup(str(database), str(kept), quiet=True)
    finally:
        if lock is not None:
            lock.close()        # its transaction rolled back: nothing was written
    if code == 2:
        return code
    where[0] = kept
    highest = max(_highest_game_id(kept), _highest_game_id(database))
    _online_copy(source, database)
    init_db(str(database))          # an older backup brought to this version
    if highest:
        conn = sqlite3.connect(str(database), timeout=30)
        try:
            with conn:
                conn.execute("INSERT INTO retired_ids (tbl, last) VALUES ('games', ?) ON CONFLICT (tbl) "
                             "DO UPDATE SET last = max(last, excluded.last)", (highest,))
        finally:
            conn.close()
    return 0


def _highest_game_id(path) -> int:
    """The highest game id the log at ``path`` gave (its games and its retired ids, each read apart:
    a log made before ``retired_ids`` has none, and one query for both read 0), 0 where none can be
    read."""
    import sqlite3

    from webui.startup import sqlite_uri
    highest = 0
    try:
        conn = sqlite3.connect(sqlite_uri(str(path), "ro"), uri=True)
    except sqlite3.Error:
        return 0
    try:
        for sql in ("SELECT max(id) FROM games NOT INDEXED",
                    "SELECT last FROM retired_ids NOT INDEXED WHERE tbl = 'games'"):
            try:
                highest = max(highest, (conn.execute(sql).fetchone() or [0])[0] or 0)
            except sqlite3.Error:
                continue
    finally:
        conn.close()
    return highest


#: a restore's staging folder older than this is one a restore stopped midway left (``kill -9``):
#: a full copy of a backup each, which no later restore removed
STALE_STAGE_S = 3600


def _remove_stale_stages(folder) -> None:
    import shutil
    import time
    for stage in folder.glob(".restore-*"):
        try:
            if stage.is_dir() and time.time() - stage.stat().st_mtime > STALE_STAGE_S:
                shutil.rmtree(stage, ignore_errors=True)
        except OSError:
            continue


def _tables(conn, schema: str) -> list[str]:
    """The game log's own tables in ``schema`` (main or an attached one), SQLite's left out."""
    return [r[0] for r in conn.execute(f"SELECT name FROM {schema}.sqlite_master WHERE type = 'table' "
                                       "AND name NOT LIKE 'sqlite_%' ORDER BY name")]


def _local_time(created: str) -> str:
    """A game's start in this machine's time, to the minute (the log keeps UTC)."""
    from datetime import datetime
    try:
        return datetime.fromisoformat(created).astimezone().strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return " " * 16


def _log_named(app, args) -> tuple[str, str]:
    """(the game log looked in, the option that names another): its file with --db, else its
    data dir (a server started with another --data-dir keeps its games elsewhere)."""
    return (_log_of(app), "--db") if args.db else (app.config["DATA_DIR"], "--data-dir")


def _where(app, response, args) -> str:
    """For a game not found: which game log was looked in."""
    if response.status_code != 404:
        return ""
    place, option = _log_named(app, args)
    return f" in {place} ({option} names another game log)"


def _said(response, game: int) -> str:
    """Why a game's page was not given: a game not found is "no game N", as the game log says it
    (an id past SQLite's integers got the web's "there is nothing at this address")."""
    if response.status_code == 404:
        return f"no game {game}"
    return ((response.get_json(silent=True) or {}).get("error") or {}).get("message") or f"no game {game}"


def log_path(data_dir, db):
    """The game log's file: ``db``, else ``data_dir``'s (default the web UI's)."""
    from pathlib import Path

    from vision.profile import default_data_dir
    return Path(db).expanduser() if db else Path(data_dir or default_data_dir()).expanduser() / "mjtable.sqlite3"


def open_log(database, data_dir, db, reading: bool = False):
    """(the web app on the game log ``database``, what must live as long as it): no model
    loaded, the game log needs none. With ``db`` alone no data dir is made, tightened or given a
    key (the folder of a backup listed with --db became 0700 with a secret_key in it): a scratch
    folder stands in, removed when the command ends; and where the command only ``reading`` it, a
    log of an older mjtable (or not in WAL mode) is read from a copy there, left as it is (listing
    a backup brought it up to date and changed its journal). (None, None) where the log cannot be
    opened, said on standard error. Called within ``web_log_said``, which says the app's log as the
    command's."""
    from webui import create_app
    from webui.startup import StartupError
    config = {"PRELOAD_MODELS": False, "DATABASE": str(database)}
    scratch = None
    if data_dir:
        config["DATA_DIR"] = data_dir
    elif db:
        import secrets
        import tempfile
        scratch = tempfile.TemporaryDirectory(prefix="mjtable-games-")
        config.update(DATA_DIR=scratch.name, SECRET_KEY=secrets.token_hex(16))
        if reading and _would_change(database):
            import sqlite3
            copy = Path(scratch.name) / "read.sqlite3"
            try:
                with contextlib.closing(sqlite3.connect(f"file:{Path(database).resolve()}?mode=ro", uri=True)) as src, \
                        contextlib.closing(sqlite3.connect(copy)) as dst:
                    src.backup(dst)
            except sqlite3.Error as e:
                print(f"error: cannot read {database}: {e}", file=sys.stderr)
                return None, None
            config.update(DATABASE=str(copy), SHOWN_DATABASE=str(database))     # named as given
    try:
        return create_app(config), scratch
    except StartupError as e:       # said in one line, as every refusal of these commands
        print(f"error: {e}", file=sys.stderr)
        return None, None


def _log_of(app) -> str:
    """The game log the command was given (not the copy a read of an older one reads)."""
    return app.config.get("SHOWN_DATABASE") or app.config["DATABASE"]


def _would_change(database) -> bool:
    """Whether opening the game log ``database`` would write to it: a log of an older schema (its
    migration) or not in WAL mode (the app sets it); False where it cannot be told (opened as is,
    the app says what is wrong). A log of a newer mjtable is copied too, and its copy refused under
    the name given (``SHOWN_DATABASE``): opened as it is, a read-only one was read."""
    import sqlite3
    from webui.store import SCHEMA_VERSION
    try:
        with contextlib.closing(sqlite3.connect(f"file:{Path(database).resolve()}?mode=ro", uri=True)) as conn:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
            known = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone() is not None
    except sqlite3.Error:
        return False
    return known and (version != SCHEMA_VERSION or str(mode).lower() != "wal")


class _WarningLines(logging.Handler):
    """The web app's log in a command's words: a warning as a "warning: ..." line on standard
    error, in ``lang`` (None: none said); an error left out, as the command says it itself from the
    answer (a damaged log's dated server lines stood above the command's own error, saying it twice),
    but for an unexpected error's traceback, printed under it for a bug report ("it has been logged"
    was true of nothing once the dated lines were gone)."""

    def __init__(self, lang: str | None):
        super().__init__()
        self.lang, self.tracebacks = lang, []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR:
            if record.exc_info:     # said after the command's own error line (``web_log_said``)
                self.tracebacks.append(logging.Formatter().formatException(record.exc_info))
            return
        if self.lang is None or record.levelno < logging.WARNING:
            return
        line = f"warning: {record.getMessage()}"
        if self.lang == "fr":
            from ..french_lines import french_line
            line = french_line(line)
        print(line, file=sys.stderr)


@contextlib.contextmanager
def web_log_said(lang: str | None):
    """Within it, the web app's logger (Flask's, named after the package) has ``_WarningLines``
    alone, in ``lang`` (None: no warning said); its handlers as they were after. Entered before the
    app is made (it says a damaged log as it starts): Flask adds its dated handler only to a logger
    that has none."""
    logger = logging.getLogger("webui")
    kept, lines = logger.handlers[:], _WarningLines(lang)
    logger.handlers[:] = [lines]
    try:
        yield
    finally:
        logger.handlers[:] = kept
        for text in lines.tracebacks:
            print(text, file=sys.stderr)


def run(args) -> int:
    from ..french_lines import said_in
    # its own refusals too, in French with --lang fr; the app's warnings as its own lines
    with said_in(args.lang), web_log_said(args.lang):
        return _games(args)


def _games(args) -> int:
    from pathlib import Path

    data_dir = Path(args.data_dir).expanduser() if args.data_dir else None
    if data_dir and data_dir.exists() and not data_dir.is_dir():
        print(f"error: {args.data_dir} is a file, not a data dir (a folder)", file=sys.stderr)
        return 2
    if data_dir and not args.restore and not data_dir.is_dir():
        # reading the log must not make a data dir where a mistyped path names none; a restore
        # makes it (a club's log restored into a new data dir was refused until it was made by hand)
        print(f"error: no data dir at {args.data_dir} (the web UI's is MJTABLE_DATA_DIR or ~/.local/share/mjtable)",
              file=sys.stderr)
        return 2
    database = log_path(args.data_dir, args.db)
    if args.restore:
        if args.game is not None or args.format or args.output or args.backup or args.standings:
            print("error: --restore replaces the whole game log: no game, format, -o, --backup or --standings "
                  "with it", file=sys.stderr)
            return 2
        return _restore(database, args.restore, args.yes)
    if not database.is_file():
        # reading the log must not make one (nor a data dir's key, nor tighten a folder of exports):
        # a backup of that new, empty log was "written" while the server kept its games in --db
        said = f"no game log at {database} (mjtable serve or mjtable record new makes one there; " + \
            ("--db names another)" if args.db else "--data-dir or --db names another)")
        if args.backup or args.game is not None:
            print(f"error: {said}", file=sys.stderr)
            return 2
        if args.lang == "fr":       # said on standard output, where french_lines does not look
            from ..french_lines import french_text
            said = french_text(said) or said
        print(said)
        return 0
    app, _scratch = open_log(database, args.data_dir, args.db, reading=not args.restore)
    if app is None:
        return 2
    if args.backup:
        if args.game is not None or args.format or args.output or args.standings or args.rate is not None:
            # (--standings and --rate were dropped without a word)
            print("error: --backup copies the whole game log: no game, format, -o, --standings or --rate with it",
                  file=sys.stderr)
            return 2
        # from the log given, as it is (not the copy an older one is read from, brought up to date,
        # whose name the messages gave)
        return _backup(_log_of(app), args.backup)
    client = app.test_client()
    if args.rate is None and (args.per or args.step or args.unit):
        print("error: --per, --step and --unit say how --rate settles: give --rate", file=sys.stderr)
        return 2
    if args.rate is not None and (args.format or args.game is None and not args.standings):
        print("error: --rate settles the --standings, or a finished game's standing as text", file=sys.stderr)
        return 2
    if args.standings:
        if args.game is not None or args.format in ("json", "pdf"):
            print("error: --standings are of every finished game: no game, and --csv or none", file=sys.stderr)
            return 2
        return _standings(client, args)
    if args.rules or args.since or args.until or args.min_games or args.by_table_points:
        print("error: --rules, --since, --until, --min-games and --by-table-points choose the games of --standings",
              file=sys.stderr)
        return 2
    if args.game is None:
        if args.format:
            print("error: name the game to export (mjtable games lists them)", file=sys.stderr)
            return 2
        if args.output not in (None, "-"):
            # the list was printed and no file written, with a success
            print("error: -o writes a game's export or the --standings: name the game (mjtable games lists them)",
                  file=sys.stderr)
            return 2
        r = client.get("/api/games")
        if r.status_code != 200:        # a damaged game log answers 503 with why (it was a traceback)
            print(f"error: {((r.get_json(silent=True) or {}).get('error') or {}).get('message', r.status)}",
                  file=sys.stderr)
            return 2
        games = r.get_json()["games"]
        if not games:
            place, option = _log_named(app, args)
            print(f"no game yet in {place} (the web UI's Games page starts one; {option} names another game log)")
        # each with its day and whether it is over, as the Games page lists them; --lang fr in
        # French (the list was in English whatever the flag)
        from webui import gamelog, i18n
        with app.test_request_context(f"/?lang={args.lang}"):
            for g in games:
                hands = i18n.t("{n} hand(s)", n=g["n_hands"])
                state = i18n.t("finished") if g.get("finished") else ""
                # a substitute at the table: who sits in whose place
                subs = [i18n.t("{name} in place of {player}", name=n, player=p)
                        for n, p in zip(g.get("at_table") or g["players"], g["players"])
                        if gamelog.name_key(n) != gamelog.name_key(p)]
                print(f"{g['id']:>4}  {_local_time(g['created'])}  {g['rules']:<9} {hands:>10}  {state:<9} {g['name']}"
                      + ("" if g["name"] == " / ".join(g["players"]) else f"  ({', '.join(g['players'])})")
                      + (f"  ({', '.join(subs)})" if subs else ""))
        return 0
    output = None if args.output == "-" else args.output        # "-o -": standard output, as usual
    if args.format is None:
        r = client.get(f"/api/games/{args.game}")
        if r.status_code != 200:
            print(f"error: {_said(r, args.game)}{_where(app, r, args)}", file=sys.stderr)
            return 2
        view = r.get_json()
        if args.lang == "fr":
            # the French game page's words and figures (the flag gave French exports and an English table)
            from webui import i18n
            with app.test_request_context("/?lang=fr"):
                i18n.use_rules_terms(view["game"]["rules"])
                text = sheet_text(view, french=True)
        else:
            text = sheet_text(view)
        kept = view["game"].get("money") or {}
        if args.rate is not None or kept and view.get("final"):
            if not view.get("final"):
                print("error: --rate settles a finished game: this one is still in play", file=sys.stderr)
                return 2
            # without --rate, at the rate kept with the game (its page settled it), as its sheet and PDF
            asked = args if args.rate is not None else argparse.Namespace(
                **{**vars(args), **{k: kept.get(k) for k in ("rate", "per", "step", "unit")}})
            from webui import gamelog
            # where a substitute sat in, each person settles the points of the hands they played
            settled = _money_text(client, asked, view["game"]["rules"], gamelog.person_scores(view["final"]),
                                  gamelog.person_scores(view["final"], "penalty"))
            if settled is None:
                return 2
            text += "\n\n" + settled
        data = (text + "\n").encode("utf-8")     # the standing as text, -o as the others
    else:
        if args.format == "pdf" and not output:
            print("error: --pdf writes a file: give it with -o FILE", file=sys.stderr)
            return 2
        url = FORMATS[args.format].format(id=args.game)
        if args.lang == "fr" and args.format in ("csv", "pdf"):
            url += "?lang=fr" + ("&sep=semicolon" if args.format == "csv" else "")
        r = client.get(url)
        if r.status_code != 200:
            print(f"error: {_said(r, args.game)}{_where(app, r, args)}", file=sys.stderr)
            return 2
        data = r.get_data()
    return _write(data, output, Path(_log_of(app)))


def _standings(client, args) -> int:
    """``--standings``: as text, or the page's CSV with --csv (-o as a game's exports)."""
    from urllib.parse import urlencode
    query = {k: v for k, v in (("rules", args.rules), ("since", args.since), ("until", args.until),
                               ("min_games", args.min_games),
                               ("rank_by", "table_points" if args.by_table_points else None)) if v}
    french = args.lang == "fr"
    if french:
        query.update(lang="fr")
    if args.format == "csv":
        r = client.get("/games/standings.csv?" + urlencode({**query, **({"sep": "semicolon"} if french else {})}))
    else:
        r = client.get("/api/standings?" + urlencode(query))
    if r.status_code != 200:
        error = (r.get_json(silent=True) or {}).get("error") or {"message": str(r.status)}
        if french:          # said as the French page says it ("since doit être une date..."), first:
            from webui import i18n      # the flag put in first left the French no line to match
            with client.application.test_request_context("/?lang=fr"):
                error = {**error, "message": i18n.msg(error)}
        # the flag, not the API's field ("since must be a date" for --since)
        for field, flag in _STANDINGS_FLAGS.items():
            if error.get("message", "").startswith(field + " "):
                error = {**error, "message": flag + error["message"][len(field):]}
        # in French already: opened so too (french_lines finds no French for a French line)
        print(f"{_error_word(args)} {error.get('message')}", file=sys.stderr)
        return 2
    if args.format == "csv":
        data = r.get_data()
    else:
        from webui import i18n
        with client.application.test_request_context("/?lang=" + args.lang):      # words and figures of that language
            text = standings_text(r.get_json(), i18n.t, i18n.number)
        if args.rate is not None:
            table = r.get_json()
            if not table.get("totals"):
                print("error: --rate settles finished games: none is counted here", file=sys.stderr)
                return 2
            # in the table's order, as the page settles them: the JSON's totals come sorted by name
            totals = table.get("totals") or {}
            ranked = [row["name"] for row in table.get("players") or [] if row.get("name") in totals]
            totals = {n: totals[n] for n in ranked + [n for n in totals if n not in ranked]}
            settled = _money_text(client, args, table["rules"], totals, table.get("penalties"))
            if settled is None:
                return 2
            text += "\n\n" + settled
        data = (text + "\n").encode("utf-8")
    return _write(data, None if args.output == "-" else args.output, Path(_log_of(client.application)))


#: The standings query's fields by the flags that give them.
_STANDINGS_FLAGS = {"since": "--since", "until": "--until", "min_games": "--min-games", "rules": "--rules",
                    "rank_by": "--by-table-points"}


def _error_word(args) -> str:
    """What opens an error line already said in ``--lang``'s words."""
    return "erreur :" if args.lang == "fr" else "error:"


def _money_text(client, args, rules: str, scores: dict, penalties: dict | None = None) -> str | None:
    """``--rate``: ``scores`` settled in money (``webui.money``) as text, in ``--lang``'s words;
    None, said, where the rate is refused."""
    from webui import i18n, money
    from webui.validation import InputError
    with client.application.test_request_context("/?lang=" + args.lang):
        try:
            asked = money.parse({"rate": args.rate, "per": args.per, "step": args.step, "unit": args.unit}, rules)
        except InputError as e:
            print(f"{_error_word(args)} {i18n.msg(str(e), e.code)}", file=sys.stderr)
            return None
        if asked is None:       # --rate "" (a traceback)
            print(f"{_error_word(args)} {i18n.msg('the rate must be a number, such as 0.5', 'bad_field')}",
                  file=sys.stderr)
            return None
        s = money.settle(scores, *asked, penalties=penalties)
        figure = (lambda value, signed=False: money.money(value, s.step, s.unit, signed, number=i18n.number))
        width = max((_shown_width(p) for p in s.amounts), default=0)
        lines = [i18n.t("Settle in money") + i18n.colon() + f" {money.money(s.rate, s.rate, s.unit, number=i18n.number)} "
                 + i18n.t("per {per} point(s)", n=s.per, per=i18n.number(s.per)) + ", " + i18n.t("rounded to {step}", step=money.money(s.step, s.step, number=i18n.number))]
        lines += [f"  {_pad(p, width)}  {figure(a, True)}" for p, a in s.amounts.items()]
        lines.append(i18n.t("Who pays whom") + i18n.colon())
        for payer, payee, amount in s.payments:
            if payee is None:
                lines.append("  " + i18n.t("{payer} puts {amount} in the pot", payer=payer, amount=figure(amount)))
            elif payer is None:
                lines.append("  " + i18n.t("{payee} takes {amount} from the pot", payee=payee, amount=figure(amount)))
            else:
                lines.append("  " + i18n.t("{payer} pays {payee} {amount}", payer=payer, payee=payee, amount=figure(amount)))
        if not s.payments:
            lines.append("  " + i18n.t("Nobody pays: every sum rounds to 0."))
        if s.pot > 0:
            lines.append(i18n.t("The scores do not add up to zero (a penalty that leaves the table, as a tournament "
                                "chombo does): what leaves it goes to the pot, paid by the penalty’s offender."))
        elif s.pot < 0:
            lines.append(i18n.t("The scores add up to more than zero: what is received beyond what is paid comes "
                                "from the pot."))
        return "\n".join(lines)


def _write(data: bytes, output: str | None, log: Path | None = None) -> int:
    """``data`` into the file ``output``, or on standard output. Never over the game log ``log``
    (a CSV written over it lost every game), and whole or not at all: written beside, then put in
    the file's place (a disk full half way through had cut the earlier export short)."""
    if output:
        target = Path(output).expanduser()
        if log is not None and _same_file(target, log):
            print(f"error: {output} is the game log itself (or its journal): write the export to another file",
                  file=sys.stderr)
            return 2
        try:
            _write_whole(target, data)
        except OSError as e:
            print(f"error: cannot write {output}: {e.strerror or e}", file=sys.stderr)
            return 2
        print(f"wrote {output}")
    else:
        sys.stdout.write(data.decode("utf-8"))
    return 0


def _same_file(target: Path, log: Path) -> bool:
    """Whether ``target`` is the game log or one of its journal files."""
    try:
        names = {log.resolve()} | {log.resolve().with_name(log.name + s) for s in ("-wal", "-shm", "-journal")}
        return target.resolve() in names or (target.exists() and log.exists() and target.samefile(log))
    except OSError:
        return False


def _write_whole(target: Path, data: bytes) -> None:
    """``data`` into ``target``, written whole beside it first, then put in its place, with the
    mode of the file it replaces. A target that is no plain file (a link, a device, a pipe:
    /dev/stdout was replaced by a file) or in a folder this user cannot write to is written into,
    as before."""
    import os
    import stat

    from vision.profile.files import write_privately
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        st = None
    if st is None or stat.S_ISREG(st.st_mode):
        try:
            write_privately(target, lambda f: f.write(data),
                            mode=stat.S_IMODE(st.st_mode) if st is not None else 0o644 & ~_umask())
            return
        except PermissionError:
            if st is None:
                raise
    with open(target, "wb") as f:       # a link, a device, a pipe; or a file writable in a folder that is not
        f.write(data)


def _umask() -> int:
    import os
    mask = os.umask(0)
    os.umask(mask)
    return mask


def standings_text(table: dict, tr, number) -> str:
    """The standings in columns: rank, player, games, total, per game, average rank, best game,
    places 1st-4th (and table points where the rule set has them); under a heading naming the
    rules and the days."""
    from webui import i18n
    days = f"{table['since'] or '…'} – {table['until'] or '…'}" if table["since"] or table["until"] else ""
    notes = [tr("{n} finished game(s) counted.", n=table["games"])]
    if table["rules"] == "riichi":
        # a game ended at 32,000 showed +17,000 unexplained (the page says it under its table)
        notes.append(tr("Each game counts its final score: the points less the start, plus the uma, after chombo penalties (002 §3.6)."))
    if table["in_play"]:
        notes.append(tr("Games still in play, not counted until they are over: {n}.", n=table["in_play"]))
    if table["outside"] and not table["games"]:
        notes.append(tr("Finished games of other days: {n}.", n=table["outside"]))
    if table["fewer_games"]:
        # by name, with their totals: a player who played part of a game only was a bare count
        unranked = ", ".join(f"{u['name']} {number(u['total'], signed=True)}"
                             + (f" ({tr('{n} game(s) left to a substitute', n=u['part_games'])})" if u.get("part_games") else "")
                             for u in table.get("unranked") or [])
        notes.append(tr("Players with no finished game, not ranked:" if table["min_games"] == 1 else
                        "Players with fewer than {games} finished games, not ranked:", games=table["min_games"])
                     + f" {unranked}.")
    if table.get("rank_by") == "table_points":
        notes.append(tr("This table is ranked by table points instead, then by total, then by average rank."))
    if table.get("ranked_by_total_instead"):
        notes.append(tr("{rules} has no table points: ranked by total.", rules=i18n.rules_title(table["rules"])))
    if table.get("penalties"):
        # why a tournament's totals add up to -40,000 (an organiser took it for a miscount)
        notes.append(tr("Penalties taken after the uma (tournament chombos, 002 §3.4.6): {sum} in all, paid to no "
                        "player; the totals add up to {sum}, not 0.", sum=number(sum(table["penalties"].values()))))
    lines = [f"{tr('Standings across games')}{i18n.colon()} {i18n.rules_title(table['rules'])}{', ' + days if days else ''}",
             " ".join(notes)]
    for group in table.get("similar_names") or []:
        lines.append(tr("These names differ only by accents or spaces: if they are one player, write the name alike in "
                        "every game (the game page renames a player):") + " " + ", ".join(group))
    for group in table["alike"]:
        lines.append(tr("These games have the same players and hands: one may be a copy, counted twice (delete it "
                        "if so):") + " " + ", ".join(f"#{g['id']} {g['name']}" for g in group))
    if table.get("house_rules"):
        # as the page warns (a tournament game was added to a club game's scores without a word)
        lines.append(tr("These games were played under different house rules: their scores do not compare one for one."))
        for v in table["house_rules"]:
            said = i18n.house_rules_variant_text(table["rules"], v, tr=tr, write=number)
            lines.append(f"  {tr('{n} game(s)', n=len(v['games']))}{i18n.colon()} {said} "
                         f"({', '.join('#' + str(g['id']) for g in v['games'])})")
    head = [tr("Rank"), tr("Player"), tr("Games"), tr("Total"), tr("Per game"), tr("Average rank"), tr("Best game"),
            f"{tr('1st')}/{tr('2nd')}/{tr('3rd')}/{tr('4th')}"]
    points = table.get("table_points") is not None
    # one count of decimals for the column, so that its decimal marks line up
    points_decimals = i18n.share_decimals(*(r["table_points"] for r in table["players"])) if points else 0
    rows = [[str(r["rank"]), r["name"], number(r["games"]), number(r["total"], signed=True),
             number(r["per_game"], signed=True), number(r["average_rank"], decimals=2), number(r["best"], signed=True),
             "/".join(map(str, r["places"]))] + ([number(r["table_points"], decimals=points_decimals)] if points else [])
            for r in table["players"]]
    if points:
        head.append(tr("Table points"))
    if rows:
        widths = [max(_shown_width(x[k]) for x in [head] + rows) for k in range(len(head))]
        for x in [head] + rows:
            lines.append("  " + "  ".join(_pad(v, w, right=k != 1) for k, (v, w) in enumerate(zip(x, widths))).rstrip())
    return "\n".join(lines)


def _shown_width(text: str) -> int:
    """The columns ``text`` takes in a terminal: a Chinese or Japanese character (李明) takes two,
    a combining accent none; ``len`` put the columns after such a name out of line."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, right: bool = False) -> str:
    fill = " " * max(0, width - _shown_width(text))
    return fill + text if right else text + fill


def final_heading(french: bool = False) -> str:
    """The line that opens a finished game's final table in ``sheet_text`` (``mjtable record``
    prints the table from it); ``french`` within a request whose language is French."""
    from webui import i18n
    return i18n.t("Final result") + i18n.colon() if french else "final:"


def sheet_text(view: dict, french: bool = False) -> str:
    """A game's standing in a few lines: players, points, each hand's changes, the final table;
    ``french``: in the French game page's words (within a request whose language is French)."""
    game = view["game"]
    from webui import gamelog, i18n
    from webui import score_sheet
    players = view.get("seated") or game["players"]       # who sits at the table now
    flow = gamelog.flow_of(game)
    from webui.store import PLAYED_KINDS
    if french:
        tr, number, words, colon = i18n.t, i18n.number, i18n.csv_words(game["rules"]), i18n.colon()
    else:
        tr, number, words, colon = score_sheet.english, i18n.english_number, {}, ":"
    # "hand(s)" as the list of games counts them
    played = sum(h["kind"] in PLAYED_KINDS for h in view["hands"])
    penalties = sum(h["kind"] == "penalty" for h in view["hands"])
    # the false wins said beside, as the game page says them: "11 hands" above rows numbered to 12
    # read as a hand lost
    beside = "" if not penalties else " " + tr("and {n} chombo(s), numbered among them below" if flow.has_riichi
                                              else "and {n} false win(s), numbered among them below", n=penalties)
    # the rule set by its title in French (« Club jeudi (mcr) » named it by the command's word)
    rules = f" — {i18n.rules_title(game['rules'])}," if french else f" ({game['rules']}),"
    lines = [f"{game['name']}{rules} {tr('{n} hand(s)', n=played)}{beside}",
             # figures as the pages write them: "-298", not "-298.0" beside "71" (half points in Hong Kong)
             # each seat by everyone who played it or sits there now ("Di / Eve"), as the columns
             # below: a substitute just seated was given the seat's points ("Eve: 42")
             "  " + "  ".join(f"{p}{colon} {number(pts)}" for p, pts in zip(gamelog.seat_heads(view), view["points"]))]
    if not view.get("final"):       # a seat two people played, split as the game page splits it
        lines += [f"  ({split})" for split in gamelog.running_shares(game, view["hands"], tr, number) if split]
    # one row a hand under a header, in columns as wide as their longest entry: who won and how
    # (the dealer's name alone, where the result was, read as the winner's)
    rows = []
    for h in view["hands"]:
        notations = " & ".join(w.get("notation") or "" for w in gamelog.wins_of(h) if w.get("notation"))
        hp = gamelog.played_by(game, h)        # who played it (a substitute sat in)
        what = score_sheet.result_text(h, hp, flow, tr, number) + (f"{colon} {notations}" if notations else "")
        if flow.has_riichi and h.get("riichi"):
            # who declared riichi, as the CSV and the PDF say it: a draw's "+500" stood unexplained
            what += " · " + tr("riichi: {players}", players=", ".join(hp[p] for p in h["riichi"]))
        # the deal as the sheet, the CSV and the page name it (E3-2), not the round's wind alone; the
        # players' ending the game here was played in no deal (the CSV leaves it empty too)
        deal, dealer = (gamelog.round_label(h, flow, tr), hp[h["dealer"]]) if h["kind"] != "end" else ("", "")
        # the end of the game is a line of the log, no hand: no number (it read "#14" beside 13 hands)
        rows.append((f"#{h['seq']}" if h["kind"] != "end" else "", deal, dealer,
                     [number(d, signed=True) if d else "0" for d in h["deltas"]], what))
    if rows:
        # each seat's column named by everyone who played it ("Bob / Eve")
        head = (words.get("hand", "hand"), words.get("deal", "deal"), words.get("dealer", "dealer"),
                gamelog.seat_heads(view),
                tr("Result").lower())
        widths = [max(_shown_width(r[k]) for r in rows + [head]) for k in range(3)]
        figures = [max(_shown_width(head[3][p]), *(_shown_width(r[3][p]) for r in rows)) for p in range(4)]
        for r in [head] + rows:
            lines.append("  " + "  ".join(_pad(str(v), w) for v, w in zip(r[:3], widths)) + "  "
                         + "  ".join(_pad(v, w, right=True) for v, w in zip(r[3], figures)) + "  " + r[4])
    if view.get("final"):
        lines.append(final_heading(french))
        for r in view["final"]:
            line = f"  {r['rank']}. {r['player']}  {number(r['score'])}"
            if "uma" in r:
                # riichi: what the score is made of, as the CSV and the PDF give it (a tournament
                # chombo's -31,500 did not say that 20,000 of it was the penalty)
                said = [f"{words.get('points', 'points')} {number(r['points'])}"
                        # the sticks left on the table, which 1st place takes (002 §3.4.10), as the page
                        # says them: "points 37,100" stood 1,000 over the standing above unexplained
                        + (" (" + tr("+{n} sticks", n=number(r["leftover_sticks"])) + ")" if r.get("leftover_sticks")
                           else ""),
                        f"{words.get('uma', 'uma')} {number(r['uma'], signed=True)}"]
                if r.get("penalty"):
                    said.append(f"{words.get('penalty', 'penalty')} {number(r['penalty'], signed=True)}")
                line += f"  ({', '.join(said)})"
            lines.append(line)
        lines += ["  " + text for text in gamelog.seat_shares(view["final"], tr, number,
                                                              (view.get("flow") or {}).get("tournament"))]
    elif view.get("next"):
        nxt = view["next"]
        # its label as the page and the sheet give it (E2-1: a dealer's repeat), which the line lacked
        label = gamelog.next_label({**view, **nxt}, flow, tr)
        if french:
            line = (f"{tr('Next hand:')} {label} · {tr('{wind} round', wind=i18n.wind_name(nxt['round_wind']))}, "
                    f"{tr('{player} deals', player=players[nxt['dealer']])}")
        else:
            line = f"next hand: {label} · {nxt['round_wind']} round, {players[nxt['dealer']]} deals"
        if flow.has_riichi:
            # what the next winner takes beside the hand (002 §3.4.10, §3.3.14): a draw's sticks
            # stayed on the table unsaid
            line += (f", {tr('{n} counter(s)', n=view.get('honba') or 0)}, "
                     f"{tr('{n} riichi stick(s) on the table', n=view.get('riichi_sticks') or 0)}")
        lines.append(line)
    return "\n".join(lines)
