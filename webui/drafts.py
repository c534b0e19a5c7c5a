"""The review page's work on a draft, kept on the server so that a reload or a change of rule
set opens the hand as it was left (webui/review.py), and what a draft was recorded as.

A draft (``drafts`` in the game log, webui/store.py) is a photo read, or a hand entered without
a photo; ``draft_edits`` holds its groups of tiles, the context form and the corrections made;
``draft_lessons`` the tiles it last taught the active tile-set profile (a hand deleted, then
restored, teaches them again). The tables are added to the game log when the app starts (:func:`init_app`): a game log made before
it gains it then, and nothing else changes."""
from __future__ import annotations

import json
import sqlite3

from . import validation
from .store import Store, connect, now

SCHEMA = """
CREATE TABLE IF NOT EXISTS draft_edits (   -- the review page's work on a draft, kept across reloads
    draft_id TEXT PRIMARY KEY REFERENCES drafts(id) ON DELETE CASCADE,
    state TEXT NOT NULL,               -- JSON: rules, groups of tiles, the context form, corrections
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS draft_lessons ( -- the tiles a draft last taught the tile-set profile
    draft_id TEXT PRIMARY KEY REFERENCES drafts(id) ON DELETE CASCADE,
    tiles TEXT NOT NULL,               -- JSON [[index in the photo's reading, code], ...]
    updated TEXT NOT NULL
);
"""


def init_app(app) -> None:
    """Add ``draft_edits`` and ``draft_lessons`` to a writable game log (a read-only one keeps no
    drafts' edits)."""
    if app.config.get("READ_ONLY"):
        return
    conn = connect(app.config["DATABASE"])
    try:
        conn.executescript(SCHEMA)
    finally:
        conn.close()


class StaleDraft(Exception):
    """The draft was saved from another tab or device since the page sending this state loaded it."""


def save_state(store: Store, draft_id: str, state: dict, base: int | None = None) -> int:
    """Keep the review page's ``state`` of a draft; returns its new revision. ``base``: the
    revision the page started from: another tab's save since is :class:`StaleDraft`, not
    overwritten without a word (None: no check, a page from before revisions)."""
    with store.transaction() as c:
        rev = _revision(store, draft_id)
        if base is not None and base != rev:
            raise StaleDraft(draft_id)
        c.execute("INSERT INTO draft_edits (draft_id, state, updated) VALUES (?, ?, ?) "
                  "ON CONFLICT (draft_id) DO UPDATE SET state = excluded.state, updated = excluded.updated",
                  (draft_id, json.dumps({**state, "rev": rev + 1}, ensure_ascii=False), now()))
        return rev + 1


def base_given(base, field: str = "base") -> int | None:
    """The revision a page says it loaded (``base``), checked; None: not given."""
    if base is not None and (isinstance(base, bool) or not isinstance(base, int) or base < 0):
        raise validation.InputError("bad_field", "base must be the revision the page loaded", field)
    return base


def check_base(store: Store, draft_id: str, base) -> None:
    """:class:`StaleDraft` when the draft was saved since revision ``base`` (the page recording
    it last saved that one; None: no check, a page from before revisions)."""
    if base_given(base, "payload.base") is not None and base != _revision(store, draft_id):
        raise StaleDraft(draft_id)


def _revision(store: Store, draft_id: str) -> int:
    """The revision of the draft's saved state (0: none saved yet)."""
    return int((state(store, draft_id) or {}).get("rev") or 0)


def state(store: Store, draft_id: str) -> dict | None:
    try:
        row = store.conn.execute("SELECT state FROM draft_edits WHERE draft_id = ?", (draft_id,)).fetchone()
    except sqlite3.OperationalError:     # a read-only game log made before the table
        return None
    return None if row is None else json.loads(row["state"])


def save_lesson(store: Store, draft_id: str, tiles: list, profile: str | None = None,
                created: float | None = None, others: list = ()) -> None:
    """Keep the tiles (``[(index in the reading, code), ...]``) the draft last taught the
    profile named ``profile``, made at ``created`` (which finds it renamed); an empty list when it
    taught none (corrections undone). ``others``: the indices of the tiles sent to guard the
    lesson (``teaching.teach_draft_tiles``), guarding it again when it is taught again."""
    kept = {"profile": profile, "created": created, "tiles": [[int(i), str(c)] for i, c in tiles],
            **({"others": [int(i) for i in others]} if others else {})}
    with store.transaction() as c:
        c.execute("INSERT INTO draft_lessons (draft_id, tiles, updated) VALUES (?, ?, ?) "
                  "ON CONFLICT (draft_id) DO UPDATE SET tiles = excluded.tiles, updated = excluded.updated",
                  (draft_id, json.dumps(kept), now()))


def _lesson(store: Store, draft_id: str) -> dict:
    """What ``save_lesson`` kept for the draft, as kept (``{"profile", "created", "tiles"}``)."""
    try:
        row = store.conn.execute("SELECT tiles FROM draft_lessons WHERE draft_id = ?", (draft_id,)).fetchone()
    except sqlite3.OperationalError:     # a read-only game log made before the table
        row = None
    kept = json.loads(row["tiles"]) if row is not None else []
    # a lesson kept before the profile's name was: the tiles alone
    return kept if isinstance(kept, dict) else {"profile": None, "tiles": kept}


def lesson_others(store: Store, draft_id: str) -> list[int]:
    """The indices of the tiles that guarded the draft's last lesson (``save_lesson``'s ``others``)."""
    return [int(i) for i in _lesson(store, draft_id).get("others") or []]


def kept_lesson(store: Store, draft_id: str) -> tuple[list, str | None]:
    """What ``save_lesson`` kept for the draft: ``([(index, code), ...], the profile's name)``
    (no tiles: none; no name: a lesson kept before the name was)."""
    kept = _lesson(store, draft_id)
    name = kept.get("profile")
    return [(int(i), str(c)) for i, c in kept.get("tiles") or []], name if isinstance(name, str) else None


def lesson_profile(store: Store, draft_id: str) -> tuple[str | None, float | None]:
    """The name of the profile ``kept_lesson`` names (None: not known), and when that profile
    was made (None: not kept), by which ``calibrate.lesson_learner`` finds it renamed."""
    kept = _lesson(store, draft_id)
    name, created = kept.get("profile"), kept.get("created")
    return (name if isinstance(name, str) else None), (created if isinstance(created, (int, float)) else None)


def recorded(store: Store, draft_id: str) -> dict | None:
    """The hand a draft was recorded as (``{"game_id", "seq"}``; Record keeps the draft as the
    hand's request key), or None."""
    row = store.conn.execute("SELECT h.game_id, h.seq FROM hand_requests r JOIN hands h ON h.id = r.hand_id "
                             "WHERE r.key = ? ORDER BY h.id LIMIT 1", ("draft:" + draft_id,)).fetchone()
    return None if row is None else {"game_id": row["game_id"], "seq": row["seq"]}
