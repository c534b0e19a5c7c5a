"""What a reviewed or recorded hand teaches the active tile-set profile: the tiles of a draft's
photo, cut by the server as the reader sees them (``calibrate.learn_photo_tiles``), kept as the
draft's lesson (``drafts.save_lesson``) so that a hand deleted and then restored from the game's
history teaches them again. Used by the review page's ``POST /review/<draft>/teach`` and the
game page's "Restore this hand"."""
from __future__ import annotations

from flask import current_app

from . import calibrate, drafts, validation
from .store import NotFound, get_store


def teach_restored_hand(hand: dict) -> list[str]:
    """A hand deleted (or undone) and restored from the game's history: the profile that learnt
    its tiles (the draft's lesson names it; the active profile for a lesson kept before it did),
    which forgot them when the hand was deleted, learns again what its draft last taught (a
    draft pruned since, or a hand recorded without one, teaches nothing). Returns the names of
    the saved profiles that learn them again (a kept copy's is not said)."""
    store = get_store()
    relearnt = []
    for key in hand.get("request_keys") or []:
        if not key.startswith("draft:"):
            continue
        try:
            draft = store.get_draft(key[len("draft:"):])
        except NotFound:
            continue
        taught, _ = drafts.kept_lesson(store, draft["id"])
        if not taught:
            continue
        # the profile that learnt them learns them again, active or not: another set made active
        # since was taught the tiles of a photo it never read; and one calibrated again under its
        # name since learns them in the copy kept of it (which forgot them on the undo), not in
        # the new calibration; one gone since (removed, or its kept copy dropped), nobody
        home = calibrate.lesson_home(current_app.config.get("DATA_DIR"), *drafts.lesson_profile(store, draft["id"]))
        if home is None:
            continue
        where = {"kept_made_at": home[1]} if home[0] == "kept" else {"profile_name": home[1]}
        try:
            # guarded again by the tiles that guarded it (a correction refused then stays refused)
            done = teach_draft_tiles(store, draft, [str(i) for i, _ in taught], [c for _, c in taught],
                                     others=[str(i) for i in drafts.lesson_others(store, draft["id"])], **where)
        except (validation.InputError, NotFound):   # its photo pruned since: the hand is back all the same
            current_app.logger.warning("the restored hand's draft %s could not teach its tiles again", draft["id"])
            continue
        if done and done.get("profile") and home[0] != "kept":
            relearnt.append(done["profile"])
    return relearnt


def _tile_at(read: list, index: str, field: str) -> dict:
    """The tile at ``index`` (a form field's text) of a photo's reading, or the refusal naming ``field``."""
    if not (index.isascii() and index.isdigit() and len(index) <= 4) or int(index) >= len(read):
        raise validation.InputError("bad_field", f"no tile {index[:8]!r} in this photo's reading", field)
    return read[int(index)]


#: The most tiles a refused lesson marks as perhaps twins of the corrected tile: more, and the
#: lesson was spreading, not finding twins (a 2m corrected to 6m marked 14 tiles, two of them 6m).
SUSPECTS_AT_MOST = 3


def suspects(spread_to, guarding: list, read: list, indices: list, codes: list) -> list[dict]:
    """The other tiles a refused lesson would have read as a corrected code (``spread_to``: [index
    among ``guarding``, code]) that may be twins of a corrected tile: read as that tile was read
    (three 7s misread 6s alike, the first corrected), at most ``SUSPECTS_AT_MOST``, by their index
    in the photo's reading; none where more would be marked. A tile the lesson would turn into
    the corrected code but read otherwise than the corrected tile is no twin, only a tile the
    lesson would have misread: not marked (the page's "They are 6m" would have spread the error)."""
    misread_as = {}
    for index, code in zip(indices, codes):
        misread_as.setdefault(code, set()).add(read[int(index)].get("code"))   # (checked by teach_draft_tiles)
    out = [{"tile": guarding[k], "code": code} for k, code in spread_to
           if 0 <= k < len(guarding) and read[guarding[k]].get("code") in misread_as.get(code, ())]
    return out if len(out) <= SUSPECTS_AT_MOST else []


def teach_draft_tiles(store, draft: dict, indices: list, codes: list, profile_name: str | None = None,
                      kept_made_at: float | None = None, others: list = ()) -> dict | None:
    """``teach``'s work: the tiles at ``indices`` of the draft's reading, with ``codes``, teach
    the active profile (or the one named ``profile_name``, or the copy kept of the one made at
    ``kept_made_at``: ``calibrate.learn_photo_tiles``), in the background; kept as the draft's
    lesson. ``others``: indices of the hand's other upright tiles, left as read: a code of the
    lesson that one of them would come to be read as is not learnt, and those of them read as the
    corrected tile was are answered as ``suspects`` (``suspects``: {"tile": index, "code": the code
    they would be read as}, perhaps twins not corrected yet). None: no profile learns."""
    from vision.profile import ALL_CODES

    if len(indices) != len(codes):
        raise validation.InputError("bad_field", f"send one code per tile ({len(indices)} tiles, {len(codes)} codes)",
                                    "code")
    if len(codes) > calibrate.MAX_HAND_TILES:
        raise validation.InputError("bad_field", f"at most {calibrate.MAX_HAND_TILES} tiles per hand", "tile")
    read = (draft["reading"] or {}).get("tiles") or []
    boxes, read_as = [], []
    for index, code in zip(indices, codes):
        if code not in ALL_CODES:
            raise validation.InputError("bad_code", f"unknown tile code {code[:8]!r}", "code")
        tile = _tile_at(read, index, "tile")
        if tile.get("sideways") or tile.get("face_down"):
            raise validation.InputError("bad_field", "only upright face-up tiles teach the profile", "tile")
        boxes.append(tile["box"])
        # what the base model read there, and how surely, when the photo was read with a profile
        read_as.append(calibrate.base_reading(tile))
    other_boxes, other_codes, guarding = [], [], []
    taught = {int(i) for i in indices}
    for index in others:
        tile = _tile_at(read, index, "other")
        if int(index) in taught or int(index) in guarding or tile.get("sideways") or tile.get("face_down") \
                or tile.get("code") is None:
            continue        # taught, sent twice, or no upright face the lesson could make read otherwise
        if len(guarding) == calibrate.MAX_HAND_TILES:
            raise validation.InputError("bad_field", f"at most {calibrate.MAX_HAND_TILES} other tiles per hand",
                                        "other")
        guarding.append(int(index))
        other_boxes.append(tile["box"])
        other_codes.append(tile["code"])
    if codes and draft["photo_id"] is None:
        raise validation.InputError("bad_field", "this hand has no photo to learn from", "tile")
    photo = store.get_photo(draft["photo_id"])["jpeg"] if codes else None
    done = calibrate.learn_photo_tiles(current_app.config.get("DATA_DIR"), draft["id"], photo, boxes, codes,
                                       profile_name=profile_name, read_as=read_as, kept_made_at=kept_made_at,
                                       other_boxes=other_boxes, other_codes=other_codes)
    if done is not None and done.get("spread_to"):
        done["suspects"] = suspects(done.pop("spread_to"), guarding, read, indices, codes)
    if done is not None and not current_app.config.get("READ_ONLY"):
        drafts.save_lesson(store, draft["id"], list(zip(indices, codes)), done.get("profile"), done.get("created"),
                           others=guarding)
    return done
