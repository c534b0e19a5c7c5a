"""The game log: one SQLite file in the data directory (docs/webui.md).

WAL journal so readers never block the writer; every hand is written in one ``BEGIN IMMEDIATE``
transaction (hand row, photo, remembered context), so a killed server leaves either the whole
hand or none of it. ``synchronous=FULL`` because a game log is small and losing an answered
hand is worse than a millisecond per write.

Attached to the app with :func:`init_app`; request code calls :func:`get_store`.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
import sqlite3
import threading
import time
from contextlib import contextmanager
from datetime import datetime, timezone

from flask import current_app, g

from scorer.flow.base import points_of

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    rules TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    players TEXT NOT NULL,            -- JSON list of 4 names in seat order E, S, W, N at the start
    context TEXT NOT NULL DEFAULT '{}', -- the context form, remembered for the game
    created TEXT NOT NULL,
    flow TEXT NOT NULL DEFAULT '{}',   -- the game flow's options; {"legacy": true}: recorded before it
    money TEXT NOT NULL DEFAULT '{}',  -- the settlement in money the game page made: rate, unit, per, step
    seated TEXT NOT NULL DEFAULT '[]', -- JSON list of the 4 names at the table now where a substitute sat down
    seated_from TEXT NOT NULL DEFAULT '[]' -- JSON list: the first hand each of them plays (an undo before it keeps it to come)
);
CREATE TABLE IF NOT EXISTS photos (
    id INTEGER PRIMARY KEY,
    sha256 TEXT NOT NULL UNIQUE,
    jpeg BLOB NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS drafts (      -- a photo read, waiting for review
    id TEXT PRIMARY KEY,
    photo_id INTEGER REFERENCES photos(id),
    reading TEXT NOT NULL,             -- what vision returned (tiles, hand, warnings...)
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS hands (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('win', 'draw', 'penalty', 'end')),
    dealer INTEGER NOT NULL,           -- player index of East for this hand
    round_wind TEXT NOT NULL,
    winner INTEGER,                    -- player index (win) or offender (penalty)
    discarder INTEGER,                 -- player index, NULL when self-drawn
    hand TEXT,                         -- hand JSON
    notation TEXT,
    context TEXT NOT NULL DEFAULT '{}',
    score TEXT,                        -- ScoreResult.to_dict()
    payments TEXT NOT NULL DEFAULT '[]', -- [{payer, payee, amount, reason}] by player index
    deltas TEXT NOT NULL,              -- JSON list of 4 ints
    photo_id INTEGER REFERENCES photos(id),
    tiles_read TEXT,                   -- the tiles vision read, before corrections
    corrections TEXT NOT NULL DEFAULT '[]',
    note TEXT NOT NULL DEFAULT '',
    created TEXT NOT NULL,
    riichi TEXT NOT NULL DEFAULT '[]', -- players who declared riichi in this hand
    tenpai TEXT NOT NULL DEFAULT '[]', -- players tenpai at a draw
    wins TEXT,                         -- every winner [{winner, hand, notation, context, score, payments}]
    honba INTEGER NOT NULL DEFAULT 0,  -- counters on the table when the hand started
    sticks INTEGER NOT NULL DEFAULT 0, -- riichi sticks on the table when the hand started
    fixed TEXT,                        -- {dealer, round_wind} the table set against the flow, or NULL
    outcome TEXT,                      -- the flow's notes: after-uma penalties, the deal after, seating
    rev TEXT,                          -- new at each record and edit: a page names the hand it showed by id and rev
    uid TEXT,                          -- the hand's own, kept when it is deleted and restored (its place among the others)
    players TEXT,                      -- JSON list of the 4 names who played it, a substitute among them (or NULL)
    UNIQUE (game_id, seq)
);
CREATE INDEX IF NOT EXISTS hands_game ON hands(game_id, seq);
CREATE TABLE IF NOT EXISTS hand_requests (  -- the Idempotency-Key (or draft) of each recorded hand
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
    response TEXT,                     -- the first answer, JSON (NULL until it was sent)
    PRIMARY KEY (game_id, key)
);
-- a draft's key looked up in every game (recorded once: DraftRecorded; the history's Restore)
CREATE INDEX IF NOT EXISTS hand_requests_key ON hand_requests(key);
CREATE TABLE IF NOT EXISTS retired_ids (  -- the highest id each table's deleted rows had
    tbl TEXT PRIMARY KEY,
    last INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS hand_edits (   -- the history of edited and deleted hands
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,              -- the hand's number when it was changed
    action TEXT NOT NULL,              -- edit, delete or undo
    before TEXT,                       -- the hand as it was (JSON)
    after TEXT,                        -- the hand as entered instead (JSON), NULL for a delete
    created TEXT NOT NULL
);
"""

#: PRAGMA user_version of the current schema; :func:`migrate` brings older game logs up to it.
SCHEMA_VERSION = 6
#: Columns added after the first schema, per table (an older game log gets them by ALTER TABLE).
ADDED_COLUMNS = {
    "games": [("flow", "TEXT NOT NULL DEFAULT '{}'")],
    "hands": [("riichi", "TEXT NOT NULL DEFAULT '[]'"), ("tenpai", "TEXT NOT NULL DEFAULT '[]'"),
              ("wins", "TEXT"), ("honba", "INTEGER NOT NULL DEFAULT 0"), ("sticks", "INTEGER NOT NULL DEFAULT 0"),
              ("fixed", "TEXT"), ("outcome", "TEXT")],
}
LEGACY_FLOW = '{"legacy": true}'


def _hands_table_sql(name: str) -> str:
    """The current ``hands`` table's CREATE statement, under ``name``."""
    start = SCHEMA.index("CREATE TABLE IF NOT EXISTS hands (")
    body = SCHEMA[start:SCHEMA.index(");", start) + 2]
    return body.replace("CREATE TABLE IF NOT EXISTS hands (", f"CREATE TABLE {name} (", 1)


def _rebuild_hands(conn: sqlite3.Connection) -> None:
    """Copy ``hands`` into a table of the current definition (SQLite cannot change a CHECK in
    place: sqlite.org/lang_altertable.html, "other kinds of table schema changes"); the caller
    turned foreign keys off, so the hand requests that reference the hands stay."""
    columns = ", ".join(r[1] for r in conn.execute("PRAGMA table_info(hands)"))
    conn.execute(_hands_table_sql("hands_rebuilt"))
    conn.execute(f"INSERT INTO hands_rebuilt ({columns}) SELECT {columns} FROM hands")
    conn.execute("DROP TABLE hands")
    conn.execute("ALTER TABLE hands_rebuilt RENAME TO hands")
    conn.execute("CREATE INDEX IF NOT EXISTS hands_game ON hands(game_id, seq)")
    broken = conn.execute("PRAGMA foreign_key_check").fetchall()
    if broken:
        raise sqlite3.IntegrityError(f"{len(broken)} rows lost their reference while the hands were copied")


def migrate(conn: sqlite3.Connection) -> int:
    """Bring a game log to SCHEMA_VERSION in one transaction; returns the version it had.
    Version 0 to 1: the game-flow columns and the edits table; the games already there keep
    the dealers and points they were recorded with (flow ``legacy``). Version 1 to 2: a hand
    may be the end of a game (kind ``end``). Version 2 to 3: each hand's ``rev`` (NULL for the
    hands already there: their pages name them by id alone). Version 3 to 4: each hand's ``uid``.
    Version 4 to 5: each game's ``money`` (none kept for the games already there). Version 5 to 6:
    each game's ``seated`` and ``seated_from`` and each hand's ``players`` (substitutes; none in the
    games already there)."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version >= SCHEMA_VERSION:
        return version
    # off outside the transaction (SQLite ignores it inside one), for the rebuild of the hands
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("BEGIN IMMEDIATE")
    try:
        if version < 1:
            for table, columns in ADDED_COLUMNS.items():
                have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
                for name, decl in columns:
                    if name not in have:
                        conn.execute(f"ALTER TABLE {table} ADD COLUMN {name} {decl}")
            conn.execute("UPDATE games SET flow = ? WHERE flow = '{}'", (LEGACY_FLOW,))
        if version < 2:
            _rebuild_hands(conn)
        if version < 3 and "rev" not in {r[1] for r in conn.execute("PRAGMA table_info(hands)")}:
            conn.execute("ALTER TABLE hands ADD COLUMN rev TEXT")
        if version < 4:
            if "uid" not in {r[1] for r in conn.execute("PRAGMA table_info(hands)")}:
                conn.execute("ALTER TABLE hands ADD COLUMN uid TEXT")
            conn.execute("UPDATE hands SET uid = lower(hex(randomblob(8))) WHERE uid IS NULL")
        if version < 5 and "money" not in {r[1] for r in conn.execute("PRAGMA table_info(games)")}:
            conn.execute("ALTER TABLE games ADD COLUMN money TEXT NOT NULL DEFAULT '{}'")
        if version < 6:
            if "seated" not in {r[1] for r in conn.execute("PRAGMA table_info(games)")}:
                conn.execute("ALTER TABLE games ADD COLUMN seated TEXT NOT NULL DEFAULT '[]'")
            if "seated_from" not in {r[1] for r in conn.execute("PRAGMA table_info(games)")}:
                conn.execute("ALTER TABLE games ADD COLUMN seated_from TEXT NOT NULL DEFAULT '[]'")
            if "players" not in {r[1] for r in conn.execute("PRAGMA table_info(hands)")}:
                conn.execute("ALTER TABLE hands ADD COLUMN players TEXT")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        conn.execute("ROLLBACK")
        conn.execute("PRAGMA foreign_keys = ON")
        raise
    conn.execute("COMMIT")
    conn.execute("PRAGMA foreign_keys = ON")
    return version

def _next_game_id(c: sqlite3.Connection) -> int:
    """A new game's id: never one a deleted game had. SQLite gives the largest id + 1, so a game
    made after the last one was deleted took its number, and a page or link still open on the
    deleted game recorded its hands into the new one."""
    row = c.execute("SELECT max(coalesce((SELECT max(id) FROM games), 0), "
                    "coalesce((SELECT last FROM retired_ids WHERE tbl = 'games'), 0)) + 1").fetchone()
    return int(row[0])


DRAFT_TTL_S = 7 * 24 * 3600
#: Photo readings kept waiting for review, recorded ones aside: past it the oldest are forgotten
#: with their photos. Every photo sent was kept a week, up to 3,000 px each (webui/images.py):
#: a device sending photos in a loop filled the disk; an evening's table reads far fewer.
MAX_WAITING_DRAFTS = 300
#: The kinds of log row that are hands played, as the lists of games count them: the end of a
#: game, a false win or a chombo is a row of the log, not a hand (a chombo's hand is dealt again).
PLAYED_KINDS = ("win", "draw")
#: Kept beside an Idempotency-Key's first answer: the digest of the request it answered (webui.api).
REQUEST_DIGEST_FIELD = "_request_sha256"


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def connect(path: str, read_only: bool = False) -> sqlite3.Connection:
    from .startup import sqlite_uri
    conn = sqlite3.connect(sqlite_uri(path, "ro" if read_only else "rwc"), uri=True, timeout=30,
                           isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA busy_timeout = 30000")
    conn.execute("PRAGMA foreign_keys = ON")
    if not read_only:
        conn.execute("PRAGMA synchronous = FULL")
    return conn


def newer_log(path: str, version: int) -> str:
    """The refusal of a game log of a newer mjtable: its tables may hold what this one does not
    know, and would write over it (a log of version 99 was recorded into, where --restore refused it)."""
    return (f"{path} was written by a newer mjtable (game log version {version}; this one reads up to "
            f"{SCHEMA_VERSION}): update mjtable first")


def init_db(path: str) -> None:
    from .startup import StartupError
    try:
        conn = connect(path)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StartupError(newer_log(path, version))
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode.lower() != "wal":
                raise StartupError(f"SQLite refused WAL mode for {path} (got {mode})")
            # An older game log keeps its tables (CREATE ... IF NOT EXISTS); migrate adds the rest.
            fresh = not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone()
            conn.executescript(SCHEMA)
            if fresh:
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            migrate(conn)
        finally:
            conn.close()
    except sqlite3.Error as e:
        raise StartupError(f"cannot set up the database {path}: {e}") from None


#: What ``check_database`` says of a game log it met damaged (webui/startup.py).
DAMAGED = "the game log is damaged"


def rebuilt_copy(path: str) -> str | None:
    """A damaged game log's rows copied into a new file, in a temporary folder, its indexes built
    afresh: read through a damaged index, the pages and the exports that the read-only banner
    offers to rescue the games showed a game's hands as none. Every table is read in its own
    order (``NOT INDEXED``). None when the rows cannot all be read (a table damaged, not only an
    index): the log is then read as it is."""
    import atexit
    import os
    import shutil
    import tempfile

    from .startup import sqlite_uri
    folder = None
    try:
        folder = tempfile.mkdtemp(prefix="mjtable-rescue-")
        target = os.path.join(folder, "mjtable.sqlite3")
        dst = sqlite3.connect(sqlite_uri(target, "rwc"), uri=True, isolation_level=None)
        try:
            dst.execute("ATTACH DATABASE ? AS damaged", (sqlite_uri(path, "ro"),))
            schema = dst.execute("SELECT type, name, sql FROM damaged.sqlite_master WHERE sql IS NOT NULL "
                                 "AND name NOT LIKE 'sqlite_%'").fetchall()
            dst.execute("BEGIN")
            for kind, name, sql in schema:
                if kind == "table":
                    dst.execute(sql)
                    dst.execute(f'INSERT INTO main."{name}" SELECT * FROM damaged."{name}" NOT INDEXED')
            for kind, _, sql in schema:
                if kind in ("index", "view", "trigger"):
                    dst.execute(sql)
            dst.execute(f"PRAGMA main.user_version = {dst.execute('PRAGMA damaged.user_version').fetchone()[0]}")
            dst.execute("COMMIT")
            dst.execute("DETACH DATABASE damaged")
            whole = dst.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        finally:
            dst.close()
    except (sqlite3.Error, OSError):        # no room, or no temporary folder: read the log as it is
        whole = False
    if not whole:
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
        return None
    atexit.register(shutil.rmtree, folder, True)
    return target


class Pool:
    """Open connections kept between requests: opening one per request costs a file open, and
    closing the last one makes SQLite checkpoint the WAL each time."""

    def __init__(self, path: str, keep: int = 8, read_only: str | None = None):
        if read_only and read_only.startswith(DAMAGED):
            path = rebuilt_copy(path) or path       # read from its rows, not through a damaged index
        self.path = path
        self.keep = keep
        self.read_only = read_only    # why the game log is open read-only (None: it is writable)
        self.free: list[sqlite3.Connection] = []
        self.lock = threading.Lock()

    def get(self) -> sqlite3.Connection:
        with self.lock:
            if self.free:
                return self.free.pop()
        return connect(self.path, read_only=self.read_only is not None)

    def put(self, conn: sqlite3.Connection) -> None:
        if conn.in_transaction:
            conn.rollback()
        with self.lock:
            if len(self.free) < self.keep:
                self.free.append(conn)
                return
        conn.close()

    def set_read_only(self, reason: str) -> None:
        """Write no more (the game log was met damaged): later connections open read-only, and the
        kept ones, open for writing, are let go."""
        with self.lock:
            if self.read_only is None:
                self.read_only = reason
            self.free.clear()

    def close(self) -> None:
        """Close the kept connections, folding the WAL into the game log's file (the server
        stopping): stopped by a signal, it left every recent hand in ``-wal`` beside a main file
        that, copied alone as a backup, held none of them."""
        with self.lock:
            conns, self.free = self.free, []
        for conn in conns:
            try:
                if self.read_only is None:
                    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:
                pass            # busy or damaged: SQLite checkpoints on the next open
            conn.close()


def init_app(app) -> None:
    """Check the game log (webui.startup: StartupError when it cannot be used), create its
    tables, and keep the reason when it opens read-only (shown as a banner)."""
    from pathlib import Path

    from .startup import StartupError, check_database
    path = app.config["DATABASE"]
    # a log read from a copy (mjtable games --db of an older one) is named as given, not as the
    # copy in a scratch folder gone when the command ends
    shown = app.config.get("SHOWN_DATABASE")

    def named(text: str) -> str:
        if not shown:
            return text
        for said in {str(Path(path).resolve()), str(path)}:
            text = text.replace(said, shown)
        return text
    try:
        read_only = check_database(Path(path))
        if read_only is None:
            init_db(path)
        else:
            # opened read-only, init_db never saw its version: a newer log's tables were listed
            try:
                with contextlib.closing(connect(path, read_only=True)) as conn:
                    version = conn.execute("PRAGMA user_version").fetchone()[0]
            except sqlite3.Error:
                version = 0         # a damaged log: said as such by the read-only reason
            if version > SCHEMA_VERSION:
                raise StartupError(newer_log(path, version))
    except StartupError as e:
        if not shown:
            raise
        raise StartupError(named(str(e))) from e
    if read_only is not None:
        read_only = named(read_only)
        app.logger.warning("%s", read_only)
    app.config["READ_ONLY"] = read_only
    app.extensions["mjtable_pool"] = Pool(app.config["DATABASE"], read_only=read_only)
    app.teardown_appcontext(_close)


def get_store() -> "Store":
    if "store" not in g:
        pool = current_app.extensions["mjtable_pool"]
        g.store = Store(pool.get(), read_only=pool.read_only)
    return g.store


def _close(_exc=None):
    store = g.pop("store", None)
    if store is not None:
        current_app.extensions["mjtable_pool"].put(store.conn)


class NotFound(LookupError):
    pass


class DuplicateRequest(LookupError):
    """A hand request whose key was recorded meanwhile (a concurrent retry)."""


class DraftRecorded(DuplicateRequest):
    """A photo's reading (draft) recorded into another game meanwhile: a photo's hand counts in
    one game (two phones on one draft recorded it into two)."""

    def __init__(self, key: str, game_id: int):
        super().__init__(key)
        self.game_id = game_id


def _draft_elsewhere(c, game_id: int, key: str | None) -> int | None:
    """The other game a draft's key was recorded into, or None (a key that is no draft's: None)."""
    if key is None or not key.startswith("draft:"):
        return None
    row = c.execute("SELECT game_id FROM hand_requests WHERE key = ? AND game_id != ? LIMIT 1",
                    (key, game_id)).fetchone()
    return None if row is None else row[0]


def _no_draft_elsewhere(c, game_id: int, key: str | None) -> None:
    other = _draft_elsewhere(c, game_id, key)
    if other is not None:
        raise DraftRecorded(key, other)


class ReadOnly(RuntimeError):
    """A write to a game log that is open read-only (damaged, or a read-only file)."""

    code = "read_only"

    def __init__(self, reason: str):
        super().__init__(reason)
        self.message = f"nothing can be recorded: {reason}"

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


MAX_ROW_ID = 2 ** 63 - 1


def _row_id(value, what: str) -> int:
    """An id SQLite can compare (a 64-bit integer); anything else names no row."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ROW_ID:
        raise NotFound(f"no {what} {value}")
    return value


class Store:
    def __init__(self, conn: sqlite3.Connection, read_only: str | None = None):
        self.conn = conn
        self.read_only = read_only
        self._depth = 0

    @contextmanager
    def transaction(self):
        """One write transaction; ``BEGIN IMMEDIATE`` takes the write lock up front so two
        writers never deadlock upgrading a read lock. Nested uses join the outer transaction
        (recording a hand reads the game's standing and writes the hand under one lock)."""
        if self.read_only:
            raise ReadOnly(self.read_only)
        if self._depth:
            self._depth += 1
            try:
                yield self.conn
            finally:
                self._depth -= 1
            return
        self.conn.execute("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            yield self.conn
        except BaseException:
            # SQLite rolls back by itself on a full disk or an I/O error: a ROLLBACK then raised
            # "no transaction is active" in the error's place, taken for damage (read-only for good)
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        else:
            self.conn.execute("COMMIT")
        finally:
            self._depth = 0

    # -- games ---------------------------------------------------------------------------------
    def create_game(self, name: str, rules: str, players: list[str], options: dict | None = None,
                    context: dict | None = None, flow: dict | None = None) -> int:
        with self.transaction() as c:
            cur = c.execute("INSERT INTO games (id, name, rules, options, players, context, created, flow) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            (_next_game_id(c), name, rules, json.dumps(options or {}), json.dumps(players),
                             json.dumps(context or {}), now(), json.dumps(flow or {})))
            return cur.lastrowid

    def newest_game_rules(self) -> str | None:
        """The rules of the newest game, without listing every game and counting its hands."""
        row = self.conn.execute("SELECT rules FROM games ORDER BY id DESC LIMIT 1").fetchone()
        return row["rules"] if row else None

    def only_rules(self) -> str | None:
        """The rules of every game of the log when they are all of one rule set; None when there
        is no game or several rule sets are played."""
        rows = self.conn.execute("SELECT DISTINCT rules FROM games LIMIT 2").fetchall()
        return rows[0]["rules"] if len(rows) == 1 else None

    def list_games(self) -> list[dict]:
        rows = self.conn.execute(
            # hands played (PLAYED_KINDS)
            "SELECT g.*, (SELECT COUNT(*) FROM hands h WHERE h.game_id = g.id AND h.kind IN "
            f"({', '.join('?' * len(PLAYED_KINDS))})) AS n_hands "
            "FROM games g ORDER BY g.id DESC", PLAYED_KINDS).fetchall()
        return [self._game(r) | {"n_hands": r["n_hands"]} for r in rows]

    def get_game(self, game_id: int) -> dict:
        _row_id(game_id, "game")
        row = self.conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise NotFound(f"no game {game_id}")
        return self._game(row)

    def has_game(self, game_id: int) -> bool:
        """Whether game ``game_id`` is in the log (a history's move names a game deleted since)."""
        return self.conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None

    def delete_game(self, game_id: int) -> None:
        """Delete a game with its hands and history, the drafts recorded into it alone and the
        photos nothing else uses: a deleted game's photos could still be opened from its drafts'
        review pages and by their address for a week."""
        with self.transaction() as c:
            # recorded into it, as a hand of it or of its history (a hand undone or deleted)
            drafts = sorted({key[len("draft:"):] for (key,) in c.execute(
                "SELECT key FROM hand_requests WHERE game_id = ? UNION SELECT k.value FROM hand_edits, "
                "json_each(hand_edits.before, '$.row.request_keys') AS k WHERE hand_edits.game_id = ? AND "
                "hand_edits.before IS NOT NULL", (game_id, game_id)) if str(key).startswith("draft:")})
            photos = {pid for (pid,) in c.execute(
                "SELECT photo_id FROM hands WHERE game_id = ? UNION SELECT json_extract(before, '$.row.photo_id') "
                "FROM hand_edits WHERE game_id = ?", (game_id,) * 2) if pid is not None}
            photos |= {pid for (pid,) in c.execute(
                "SELECT photo_id FROM drafts WHERE id IN (SELECT value FROM json_each(?))", (json.dumps(drafts),))
                if pid is not None}
            c.execute("DELETE FROM hands WHERE game_id = ?", (game_id,))
            if c.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount:
                c.execute("INSERT INTO retired_ids (tbl, last) VALUES ('games', ?) "
                          "ON CONFLICT (tbl) DO UPDATE SET last = max(last, excluded.last)", (game_id,))
            # its hand_requests went with it (ON DELETE CASCADE): a draft recorded into another game stays
            c.executemany("DELETE FROM drafts WHERE id = ? AND NOT EXISTS "
                          "(SELECT 1 FROM hand_requests WHERE key = 'draft:' || ?)", [(d, d) for d in drafts])
            self._drop_unused_photos(c, photos)

    @staticmethod
    def _drop_unused_photos(c, photo_ids) -> None:
        """Delete those of ``photo_ids`` that no hand, draft or hand history uses."""
        # a deleted hand's row is kept in its history for "Restore this hand" (gamelog.delete_hand)
        c.executemany("DELETE FROM photos WHERE id = ? AND NOT EXISTS (SELECT 1 FROM hands WHERE photo_id = ?) "
                      "AND NOT EXISTS (SELECT 1 FROM drafts WHERE photo_id = ?) AND NOT EXISTS (SELECT 1 FROM "
                      "hand_edits WHERE json_extract(before, '$.row.photo_id') = ?)",
                      [(p,) * 4 for p in sorted(photo_ids)])

    @staticmethod
    def _game(row) -> dict:
        return {"id": row["id"], "name": row["name"], "rules": row["rules"],
                "options": json.loads(row["options"]), "players": json.loads(row["players"]),
                "context": json.loads(row["context"]), "created": row["created"],
                "flow": json.loads(_col(row, "flow", LEGACY_FLOW)), "money": json.loads(_col(row, "money", "{}")),
                "seated": json.loads(_col(row, "seated", "[]")), "seated_from": [max(1, v) for v in json.loads(_col(row, "seated_from", "[]"))]}

    def rename_game(self, game_id: int, name: str, players: list[str], seated: list[str] | None = None,
                    hand_players: dict[int, list[str] | None] | None = None) -> None:
        """``seated`` and ``hand_players`` (hand id → names): the names at the table now and who
        played each hand, where a corrected name is among them."""
        with self.transaction() as c:
            c.execute("UPDATE games SET name = ?, players = ? WHERE id = ?", (name, json.dumps(players), game_id))
            if seated is not None:
                c.execute("UPDATE games SET seated = ? WHERE id = ?", (_dump(seated), game_id))
            for hid, names in (hand_players or {}).items():
                c.execute("UPDATE hands SET players = ? WHERE id = ?",
                          (None if names is None else json.dumps(names, ensure_ascii=False), hid))

    def set_game_options(self, game_id: int, options: dict) -> None:
        with self.transaction() as c:
            c.execute("UPDATE games SET options = ? WHERE id = ?", (json.dumps(options), game_id))

    def keep_dates(self, game_id: int, created: str | None, hands: dict[int, str]) -> None:
        """An imported game's dates as its export gives them (``hands``: seq → date), not the
        import's: the sheet of an evening says that evening."""
        with self.transaction() as c:
            if created:
                c.execute("UPDATE games SET created = ? WHERE id = ?", (created, game_id))
            c.executemany("UPDATE hands SET created = ? WHERE game_id = ? AND seq = ?",
                          [(when, game_id, seq) for seq, when in hands.items()])

    def set_game_money(self, game_id: int, money: dict) -> None:
        """The settlement in money kept with a game (``rate``, ``unit``, ``per``, ``step`` as its
        form gives them; {}: none kept)."""
        with self.transaction() as c:
            c.execute("UPDATE games SET money = ? WHERE id = ?", (json.dumps(money, ensure_ascii=False), game_id))

    def seat_substitute(self, game_id: int, seated: list[str], player: int, name: str, first_seq: int) -> None:
        """``name`` plays for player ``player`` from hand ``first_seq`` on (the hands recorded since
        are named so); ``seated``: the four names at the table from then on (the caller holds the
        transaction and names every hand's players from the game's)."""
        c = self.conn
        game = self.get_game(game_id)
        start = game["players"]
        starts = list(game["seated_from"] or [1, 1, 1, 1])     # from the first hand: the players of the start
        starts[player] = first_seq
        c.execute("UPDATE games SET seated = ?, seated_from = ? WHERE id = ?", (_dump(seated), json.dumps(starts), game_id))
        for hid, names in c.execute("SELECT id, players FROM hands WHERE game_id = ? AND seq >= ?",
                                    (game_id, first_seq)).fetchall():
            names = json.loads(names) if names else list(start)
            names[player] = name
            c.execute("UPDATE hands SET players = ? WHERE id = ?",
                      (None if names == start else json.dumps(names, ensure_ascii=False), hid))

    def set_hand_players(self, game_id: int, seq: int, players: list[str] | None) -> None:
        """Who played hand ``seq`` (None: the game's players of the start)."""
        with self.transaction() as c:
            c.execute("UPDATE hands SET players = ? WHERE game_id = ? AND seq = ?",
                      (None if players is None else json.dumps(players, ensure_ascii=False), game_id, seq))

    def set_game_context(self, game_id: int, context: dict) -> None:
        with self.transaction() as c:
            c.execute("UPDATE games SET context = ? WHERE id = ?", (json.dumps(context), game_id))

    # -- hands ---------------------------------------------------------------------------------
    def add_hand(self, game_id: int, hand: dict, *, photo: dict | None = None,
                 remember_context: dict | None = None, request_key: str | None = None) -> dict:
        """Append a hand to a game in one transaction; returns the stored hand with its seq.
        ``request_key`` (an Idempotency-Key, or the draft recorded) is kept with the hand, in the
        same transaction: DuplicateRequest when the game already has a hand with that key."""
        _row_id(game_id, "game")
        with self.transaction() as c:
            if c.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise NotFound(f"no game {game_id}")
            if request_key is not None and c.execute(
                    "SELECT 1 FROM hand_requests WHERE game_id = ? AND key = ?", (game_id, request_key)).fetchone():
                raise DuplicateRequest(request_key)
            _no_draft_elsewhere(c, game_id, request_key)
            photo_id = hand.get("photo_id")
            if photo is not None:
                photo_id = self._put_photo(c, photo)
            seq = c.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM hands WHERE game_id = ?",
                            (game_id,)).fetchone()[0]
            hand_id = self._insert_hand(c, game_id, seq, hand, photo_id)
            if request_key is not None:
                c.execute("INSERT INTO hand_requests (game_id, key, hand_id) VALUES (?, ?, ?)",
                          (game_id, request_key, hand_id))
            if remember_context is not None:
                c.execute("UPDATE games SET context = ? WHERE id = ?",
                          (json.dumps(remember_context), game_id))
            row = c.execute("SELECT * FROM hands WHERE id = ?", (hand_id,)).fetchone()
            return self._hand(row)

    def find_request(self, game_id: int, key: str) -> dict | None:
        """The hand recorded under ``key`` in a game: ``{"hand": <hand>, "response": <first
        answer or None>}``, or None."""
        row = self.conn.execute("SELECT r.response, h.* FROM hand_requests r JOIN hands h ON h.id = r.hand_id "
                                "WHERE r.game_id = ? AND r.key = ?", (game_id, key)).fetchone()
        if row is None:
            return None
        return {"hand": self._hand(row), "response": _load(row["response"])}

    def draft_elsewhere(self, game_id: int, key: str) -> int | None:
        """The other game the draft of request key ``key`` is recorded into, or None."""
        return _draft_elsewhere(self.conn, game_id, key)

    def add_request_key(self, game_id: int, key: str, hand_id: int) -> None:
        """One more key the hand ``hand_id`` was recorded by (its draft, beside an Idempotency-Key)."""
        with self.transaction() as c:
            _no_draft_elsewhere(c, game_id, key)
            c.execute("INSERT OR IGNORE INTO hand_requests (game_id, key, hand_id) VALUES (?, ?, ?)",
                      (game_id, key, hand_id))

    def keep_response(self, game_id: int, key: str, response: dict) -> None:
        with self.transaction() as c:
            c.execute("UPDATE hand_requests SET response = ? WHERE game_id = ? AND key = ?",
                      (json.dumps(response), game_id, key))

    def list_hands(self, game_id: int) -> list[dict]:
        rows = self.conn.execute("SELECT * FROM hands WHERE game_id = ? ORDER BY seq",
                                 (game_id,)).fetchall()
        return [self._hand(r) for r in rows]

    def totals(self, game_id: int) -> tuple[list[int], int]:
        """Each player's total and the number of hands (the end of a game is none), summed by
        SQLite (JSON1)."""
        row = self.conn.execute(
            "SELECT COALESCE(SUM(kind != 'end'), 0), COALESCE(SUM(json_extract(deltas, '$[0]')), 0), "
            "COALESCE(SUM(json_extract(deltas, '$[1]')), 0), COALESCE(SUM(json_extract(deltas, '$[2]')), 0), "
            "COALESCE(SUM(json_extract(deltas, '$[3]')), 0) FROM hands WHERE game_id = ?", (game_id,)).fetchone()
        return [points_of(v) for v in row[1:]], int(row[0])      # a Hong Kong half point stays one

    def penalty_totals(self, game_id: int) -> list[int]:
        """Each player's penalties taken after the uma (a tournament chombo, 002 §3.4.6), summed
        from the hands' outcomes by SQLite (JSON1); none in a game from before the flow."""
        row = self.conn.execute(
            "SELECT " + ", ".join(f"COALESCE(SUM(json_extract(outcome, '$.penalties[{p}]')), 0)" for p in range(4))
            + " FROM hands WHERE game_id = ? AND outcome IS NOT NULL", (game_id,)).fetchone()
        return [points_of(v) for v in row]

    def substituted_hands(self, game_id: int) -> list[dict]:
        """Every hand of a game a substitute played a hand of (what a final table needs to give
        each person the points of the hands they played), without the heavy JSON columns; none
        where no hand names its players (one light query)."""
        if self.conn.execute("SELECT 1 FROM hands WHERE game_id = ? AND players IS NOT NULL LIMIT 1",
                             (game_id,)).fetchone() is None:
            return []
        rows = self.conn.execute("SELECT seq, kind, deltas, outcome, players FROM hands WHERE game_id = ? "
                                 "ORDER BY seq", (game_id,)).fetchall()
        return [{"seq": r["seq"], "kind": r["kind"], "deltas": json.loads(r["deltas"]), "outcome": _load(r["outcome"]),
                 "players": _load(r["players"])} for r in rows]

    def last_played_hand(self, game_id: int) -> dict | None:
        """The last hand that was not a penalty (it decides the next deal)."""
        r = self.conn.execute("SELECT seq, kind, dealer, round_wind, winner FROM hands WHERE game_id = ? "
                              "AND kind != 'penalty' ORDER BY seq DESC LIMIT 1", (game_id,)).fetchone()
        return None if r is None else {"seq": r["seq"], "kind": r["kind"], "dealer": r["dealer"],
                                       "round_wind": r["round_wind"], "winner": r["winner"]}

    def hand_summaries(self, game_id: int) -> list[dict]:
        """What totals and the next deal need, without the heavy JSON columns."""
        rows = self.conn.execute("SELECT seq, kind, dealer, round_wind, winner, deltas FROM hands "
                                 "WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        return [{"seq": r["seq"], "kind": r["kind"], "dealer": r["dealer"], "round_wind": r["round_wind"],
                 "winner": r["winner"], "deltas": json.loads(r["deltas"])} for r in rows]

    def get_hand(self, game_id: int, seq: int) -> dict:
        _row_id(game_id, "game")
        _row_id(seq, "hand")
        row = self.conn.execute("SELECT * FROM hands WHERE game_id = ? AND seq = ?",
                                (game_id, seq)).fetchone()
        if row is None:
            raise NotFound(f"no hand {seq} in game {game_id}")
        return self._hand(row)

    def undo_last_hand(self, game_id: int) -> dict | None:
        """Delete the last hand of a game; returns it, or None when the game has no hands."""
        with self.transaction() as c:
            row = c.execute("SELECT * FROM hands WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                            (game_id,)).fetchone()
            if row is None:
                return None
            c.execute("DELETE FROM hands WHERE id = ?", (row["id"],))
            return self._hand(row)

    def import_game(self, game: dict, hands: list[dict]) -> int:
        """Create a game and all its hands in one transaction (JSON import)."""
        with self.transaction() as c:
            cur = c.execute("INSERT INTO games (id, name, rules, options, players, context, created, flow, money, "
                            "seated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (_next_game_id(c), game["name"], game["rules"], json.dumps(game.get("options") or {}),
                             json.dumps(game["players"]), json.dumps(game.get("context") or {}),
                             game.get("created") or now(), json.dumps(game.get("flow") or {}),
                             json.dumps(game.get("money") or {}, ensure_ascii=False),
                             json.dumps(game.get("seated") or [], ensure_ascii=False)))
            gid = cur.lastrowid
            for seq, h in enumerate(hands, 1):
                self._insert_hand(c, gid, seq, h, None)
            return gid

    #: Columns of a hand that the game flow computes (rewritten when an earlier hand changes).
    FLOW_COLUMNS = ("dealer", "round_wind", "honba", "sticks", "winner", "discarder", "hand", "notation", "context",
                    "score", "payments", "deltas", "wins", "outcome")
    #: Columns the table enters (rewritten by an edit).
    INPUT_COLUMNS = ("kind", "riichi", "tenpai", "fixed", "note", "winner", "discarder", "hand", "notation", "context",
                     "score", "wins", "tiles_read", "corrections")
    JSON_COLUMNS = {"hand": "null", "context": "{}", "score": "null", "payments": "[]", "deltas": None,
                    "tiles_read": "null", "corrections": "[]", "riichi": "[]", "tenpai": "[]", "wins": "null",
                    "fixed": "null", "outcome": "null", "players": "null"}

    @classmethod
    def _value(cls, name: str, value):
        if name in cls.JSON_COLUMNS:
            if value is None:
                return None if cls.JSON_COLUMNS[name] == "null" else cls.JSON_COLUMNS[name]
            return json.dumps(value, ensure_ascii=False)
        if name == "note":
            return value or ""
        return value

    @classmethod
    def _insert_hand(cls, c, game_id: int, seq: int, hand: dict, photo_id) -> int:
        """One hands row (the caller holds the transaction); returns its id."""
        names = ["kind", "dealer", "round_wind", "winner", "discarder", "hand", "notation", "context", "score",
                 "payments", "deltas", "tiles_read", "corrections", "note", "riichi", "tenpai", "wins", "honba",
                 "sticks", "fixed", "outcome", "players"]
        values = [cls._value(n, hand.get(n)) for n in names]
        values[names.index("honba")] = hand.get("honba") or 0
        values[names.index("sticks")] = hand.get("sticks") or 0
        cur = c.execute(
            f"INSERT INTO hands (game_id, seq, photo_id, created, rev, uid, {', '.join(names)}) "
            f"VALUES (?, ?, ?, ?, ?, ?, {', '.join('?' * len(names))})",
            (game_id, seq, photo_id, hand.get("created") or now(), secrets.token_hex(6),
             hand.get("uid") or secrets.token_hex(8), *values))
        return cur.lastrowid

    def update_hand(self, game_id: int, seq: int, fields: dict, edited: bool = False) -> None:
        """Rewrite some columns of one hand (the caller holds the transaction); ``edited``: what
        the table entered changed (an edit, not a replay), so the hand takes a new ``rev``."""
        if not fields:
            return
        names = sorted(fields)
        for n in names:
            if n not in self.FLOW_COLUMNS and n not in self.INPUT_COLUMNS:
                raise KeyError(n)
        values = [self._value(n, fields[n]) for n in names]
        if edited:
            names, values = names + ["rev"], values + [secrets.token_hex(6)]
        self.conn.execute(f"UPDATE hands SET {', '.join(f'{n} = ?' for n in names)} WHERE game_id = ? AND seq = ?",
                          (*values, game_id, seq))

    def has_request_key(self, game_id: int, key: str) -> bool:
        """Whether a hand of the game was recorded under ``key`` (a draft, an Idempotency-Key)."""
        return self.conn.execute("SELECT 1 FROM hand_requests WHERE game_id = ? AND key = ?",
                                 (game_id, key)).fetchone() is not None

    def delete_hand(self, game_id: int, seq: int) -> dict:
        """Delete one hand and number the later ones down by one; returns the hand."""
        with self.transaction() as c:
            hand = self.get_hand(game_id, seq)
            # The draft or Idempotency-Key it was recorded under: a tile-set profile that learnt
            # the hand by its draft forgets it (webui.calibrate.forget_recorded_hands).
            kept = c.execute("SELECT key, response FROM hand_requests WHERE hand_id = ?", (hand["id"],)).fetchall()
            hand["request_keys"] = [r[0] for r in kept]
            # and the digest of the request each Idempotency-Key answered: restored, the key sent
            # again with another hand was replayed as this one (the other hand lost), not refused
            digests = {r[0]: (_load(r[1]) or {}).get(REQUEST_DIGEST_FIELD) for r in kept if r[1]}
            hand["request_digests"] = {k: d for k, d in digests.items() if isinstance(d, str)}
            top = c.execute("SELECT MAX(seq) FROM hands WHERE game_id = ?", (game_id,)).fetchone()[0]
            c.execute("DELETE FROM hands WHERE id = ?", (hand["id"],))
            # Two steps: UNIQUE (game_id, seq) is checked row by row.
            c.execute("UPDATE hands SET seq = -seq WHERE game_id = ? AND seq > ?", (game_id, seq))
            c.execute("UPDATE hands SET seq = -seq - 1 WHERE game_id = ? AND seq < 0", (game_id,))
            self._renumber_seat_starts(c, game_id, top, deleted=seq)
            return hand

    def insert_hand(self, game_id: int, seq: int, hand: dict) -> None:
        """Put a hand (a row as ``get_hand`` gives it) back as hand ``seq``, the later ones numbered
        up by one (the caller replays the game); a photo pruned since is left out."""
        with self.transaction() as c:
            top = c.execute("SELECT COALESCE(MAX(seq), 0) FROM hands WHERE game_id = ?", (game_id,)).fetchone()[0]
            # Two steps: UNIQUE (game_id, seq) is checked row by row (as delete_hand).
            c.execute("UPDATE hands SET seq = -seq WHERE game_id = ? AND seq >= ?", (game_id, seq))
            c.execute("UPDATE hands SET seq = -seq + 1 WHERE game_id = ? AND seq < 0", (game_id,))
            photo_id = hand.get("photo_id")
            if photo_id is not None and c.execute("SELECT 1 FROM photos WHERE id = ?", (photo_id,)).fetchone() is None:
                photo_id = None
            hand_id = self._insert_hand(c, game_id, seq, hand, photo_id)
            # its draft or Idempotency-Key again: the draft shows it recorded, a resend finds it
            digests = hand.get("request_digests") or {}
            for key in hand.get("request_keys") or []:
                digest = digests.get(key) if isinstance(digests, dict) else None
                c.execute("INSERT OR IGNORE INTO hand_requests (game_id, key, hand_id, response) VALUES (?, ?, ?, ?)",
                          (game_id, key, hand_id,
                           json.dumps({REQUEST_DIGEST_FIELD: digest}) if isinstance(digest, str) else None))
            self._renumber_seat_starts(c, game_id, top, deleted=None)

    def set_seat_starts(self, game_id: int, starts: list[int]) -> None:
        """The first hand each name at the table plays (``seated_from``), as an export kept it."""
        with self.transaction() as c:
            c.execute("UPDATE games SET seated_from = ? WHERE id = ?", (json.dumps(starts), game_id))

    @staticmethod
    def _renumber_seat_starts(c, game_id: int, top: int, deleted: int | None) -> None:
        """After hand ``deleted`` was removed (None: a hand was put in) from a game of ``top``
        hands: the first hand each name at the table plays (``games.seated_from``). A name that
        played the last hand plays from the start of its last run of hands; one still to come
        keeps its number when the last hand was taken back (an undo before a substitute's first
        hand leaves it to come), moves down with an earlier hand removed, and comes with the next
        hand when its only hand was removed."""
        row = c.execute("SELECT players, seated, seated_from FROM games WHERE id = ?", (game_id,)).fetchone()
        seated, starts = json.loads(row["seated"]), json.loads(_col(row, "seated_from", "[]"))
        if not seated or not starts:
            return
        start = json.loads(row["players"])
        played = [json.loads(r[0]) if r[0] else start
                  for r in c.execute("SELECT players FROM hands WHERE game_id = ? ORDER BY seq", (game_id,))]
        now = len(played)
        out = []
        for p, first in enumerate(starts):
            if played and played[-1][p] == seated[p]:
                k = now
                while k > 1 and played[k - 2][p] == seated[p]:
                    k -= 1
                first = k
            elif deleted is not None:
                first = (first if deleted == top else first - 1) if first > top else now + 1
            else:
                first = max(first, now + 1) if first > top + 1 else now + 1
            out.append(first)
        c.execute("UPDATE games SET seated_from = ? WHERE id = ?", (json.dumps(out), game_id))

    def add_edit(self, game_id: int, seq: int, action: str, before: dict | None, after: dict | None,
                 created: str | None = None) -> None:
        """``created``: when the change was made (an imported game's history keeps its dates)."""
        with self.transaction() as c:
            c.execute("INSERT INTO hand_edits (game_id, seq, action, before, after, created) VALUES (?, ?, ?, ?, ?, ?)",
                      (game_id, seq, action, _dump(before), _dump(after), created or now()))

    def count_edits(self, game_id: int) -> int:
        try:
            return self.conn.execute("SELECT COUNT(*) FROM hand_edits WHERE game_id = ?", (game_id,)).fetchone()[0]
        except sqlite3.OperationalError:     # a read-only game log from before edits were kept
            return 0

    def list_edits(self, game_id: int) -> list[dict]:
        try:
            rows = self.conn.execute("SELECT * FROM hand_edits WHERE game_id = ? ORDER BY id", (game_id,)).fetchall()
        except sqlite3.OperationalError:     # a read-only game log from before edits were kept
            return []
        return [{"id": r["id"], "seq": r["seq"], "action": r["action"], "before": _load(r["before"]),
                 "after": _load(r["after"]), "created": r["created"]} for r in rows]

    def last_hand(self, game_id: int) -> dict | None:
        row = self.conn.execute("SELECT * FROM hands WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                                (game_id,)).fetchone()
        return None if row is None else self._hand(row)

    @staticmethod
    def _hand(row) -> dict:
        return {"id": row["id"], "game_id": row["game_id"], "seq": row["seq"], "kind": row["kind"],
                "dealer": row["dealer"], "round_wind": row["round_wind"], "winner": row["winner"],
                "discarder": row["discarder"], "hand": _load(row["hand"]), "notation": row["notation"],
                "context": json.loads(row["context"]), "score": _load(row["score"]),
                "payments": json.loads(row["payments"]), "deltas": json.loads(row["deltas"]),
                "photo_id": row["photo_id"], "tiles_read": _load(row["tiles_read"]),
                "corrections": json.loads(row["corrections"]), "note": row["note"],
                "created": row["created"],
                "riichi": json.loads(_col(row, "riichi", "[]")), "tenpai": json.loads(_col(row, "tenpai", "[]")),
                "wins": _load(_col(row, "wins", None)), "honba": _col(row, "honba", 0),
                "sticks": _col(row, "sticks", 0), "fixed": _load(_col(row, "fixed", None)),
                "outcome": _load(_col(row, "outcome", None)), "rev": _col(row, "rev", None),
                "uid": _col(row, "uid", None), "players": _load(_col(row, "players", None))}

    # -- photos and drafts -----------------------------------------------------------------------
    @staticmethod
    def _put_photo(c, photo: dict) -> int:
        digest = hashlib.sha256(photo["jpeg"]).hexdigest()
        row = c.execute("SELECT id FROM photos WHERE sha256 = ?", (digest,)).fetchone()
        if row is not None:
            return row["id"]
        cur = c.execute("INSERT INTO photos (sha256, jpeg, width, height, created) VALUES (?, ?, ?, ?, ?)",
                        (digest, photo["jpeg"], photo["width"], photo["height"], now()))
        return cur.lastrowid

    def get_photo(self, photo_id: int) -> dict:
        _row_id(photo_id, "photo")
        row = self.conn.execute("SELECT * FROM photos WHERE id = ?", (photo_id,)).fetchone()
        if row is None:
            raise NotFound(f"no photo {photo_id}")
        return {"id": row["id"], "jpeg": row["jpeg"], "width": row["width"], "height": row["height"]}

    def create_draft(self, photo: dict | None, reading: dict) -> str:
        draft_id = secrets.token_urlsafe(12)
        with self.transaction() as c:
            photo_id = self._put_photo(c, photo) if photo is not None else None
            c.execute("INSERT INTO drafts (id, photo_id, reading, created) VALUES (?, ?, ?, ?)",
                      (draft_id, photo_id, json.dumps(reading), now()))
            # Forget drafts nobody reviewed within a week (their photos stay if a hand uses them).
            cutoff = datetime.fromtimestamp(time.time() - DRAFT_TTL_S, timezone.utc).isoformat(timespec="seconds")
            c.execute("DELETE FROM drafts WHERE created < ?", (cutoff,))
            # nor a deleted hand's, kept in its history for "Restore this hand" (it came back photoless)
            c.execute("DELETE FROM photos WHERE created < ? AND id NOT IN (SELECT photo_id FROM drafts "
                      "WHERE photo_id IS NOT NULL) AND id NOT IN (SELECT photo_id FROM hands WHERE photo_id "
                      "IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM hand_edits WHERE "
                      "json_extract(before, '$.row.photo_id') = photos.id)", (cutoff,))
            # the newest MAX_WAITING_DRAFTS waiting for review stay; one recorded is the hand's
            dropped = c.execute(
                "SELECT id, photo_id FROM drafts WHERE NOT EXISTS (SELECT 1 FROM hand_requests r WHERE r.key = "
                "'draft:' || drafts.id) ORDER BY created DESC, rowid DESC LIMIT -1 OFFSET ?",
                (MAX_WAITING_DRAFTS,)).fetchall()
            c.executemany("DELETE FROM drafts WHERE id = ?", [(row["id"],) for row in dropped])
            self._drop_unused_photos(c, {row["photo_id"] for row in dropped if row["photo_id"] is not None})
        return draft_id

    def get_draft(self, draft_id: str) -> dict:
        if not isinstance(draft_id, str) or len(draft_id) > 64:
            raise NotFound("no such photo reading")
        row = self.conn.execute("SELECT * FROM drafts WHERE id = ?", (draft_id,)).fetchone()
        if row is None:
            raise NotFound(f"no photo reading {draft_id!r} (it may have expired)")
        return {"id": row["id"], "photo_id": row["photo_id"], "reading": json.loads(row["reading"]),
                "created": row["created"]}


def _col(row, name: str, default):
    """A column added by a migration: its default on a read-only game log from before it."""
    return row[name] if name in row.keys() else default


def _dump(v):
    return None if v is None else json.dumps(v, ensure_ascii=False)


def _load(v):
    return None if v is None else json.loads(v)
