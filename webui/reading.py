"""Photo → reading, through ``mjtable.pipeline.read_photo`` (vision owns the reading; this
module decodes the upload defensively and makes the result JSON-safe)."""
from __future__ import annotations

import json
import math
import threading

from flask import current_app

from . import images
from vision.errors import ModelMissingError

from .errors import ReaderBusy, ReaderUnavailable


def reader():
    try:
        from mjtable.pipeline import read_photo
    except ImportError as e:
        raise ReaderUnavailable(f"the photo reader is not available in this installation ({e}); "
                                "enter the hand by hand instead") from None
    return read_photo


def start_preload(app) -> threading.Thread:
    """Load the tile reader's models in a background thread (``vision.reader.preload``), so that
    the server answers at once and its first photo does not wait for the loading; a photo that
    comes sooner waits for this load rather than starting another. A failure here is only
    logged: the first reading then meets it again and reports it as usual."""
    def load():
        try:
            reader()
            from vision.reader import preload
            preload()
        except Exception as e:    # noqa: BLE001 (missing weights, no reader installed, ...)
            app.logger.warning("the tile reader's models were not preloaded: %s", e)
    thread = threading.Thread(target=load, name="mjtable-preload", daemon=True)
    thread.start()
    return thread


def decode_upload(data: bytes) -> images.Photo:
    return images.decode(data, current_app.config["MAX_IMAGE_PIXELS"])


#: Photos decoded and read at once by one server; the others wait their turn, at most
#: READ_WAIT_S. Each holds its decoded picture and the reader's copies (up to about 270 MB for a
#: 40 MP upload): sixteen sent at once took the server from 1.2 to 5.4 GB (a robustness review),
#: where two cores read no faster two at a time than one.
READS_AT_ONCE = 2
READ_WAIT_S = 60.0
#: A live-mode frame waits a few seconds only: its page gives up after 15 s and sends the next
#: frame, and frames waiting a minute were all read for nobody, slowing the readings after them.
LIVE_READ_WAIT_S = 3.0
_READ_SLOTS = threading.BoundedSemaphore(READS_AT_ONCE)


def read_upload(data: bytes, *, rules: str | None, context: dict | None,
                options: dict | None, wait_s: float = READ_WAIT_S) -> tuple[images.Photo, dict]:
    """The upload decoded (``decode_upload``) and read (``read``) when one of the
    ``READS_AT_ONCE`` slots is free; ``ReaderBusy`` when none frees within ``wait_s``."""
    if not _READ_SLOTS.acquire(timeout=wait_s):
        raise ReaderBusy(f"{READS_AT_ONCE} photos are being read: send this one again in a moment")
    try:
        photo = decode_upload(data)
        return photo, read(photo, rules=rules, context=context, options=options)
    finally:
        _READ_SLOTS.release()


def active_profile():
    """The active tile-set profile of the app's data directory (every photo
    reading uses it: docs/calibration.md), or (None, why) when none is active or it cannot be loaded."""
    from vision.profile import ProfileDamaged, ProfileError, ProfileStore
    try:
        return ProfileStore(current_app.config.get("DATA_DIR")).active(), None
    except ProfileDamaged as e:     # set aside and deactivated by the store
        current_app.logger.warning("%s", e)
        return None, str(e)
    except (ProfileError, OSError, ValueError) as e:
        return None, f"the active tile-set profile could not be loaded ({e}); read with the base model"


def read(photo: images.Photo, *, rules: str | None, context: dict | None, options: dict | None) -> dict:
    read_photo = reader()
    from vision.profile import ProfileError
    profile, problem = active_profile()
    image = photo.for_reader or photo.jpeg
    try:
        try:
            result = read_photo(image, rules=rules, context=context or None, options=options or None,
                                profile=profile)
        except ProfileError as e:   # e.g. made with other classifier weights
            problem = f"{e}; read with the base model"
            result = read_photo(image, rules=rules, context=context or None, options=options or None)
    except (FileNotFoundError, ModelMissingError) as e:  # weights missing
        raise ReaderUnavailable(f"the tile reader's model is missing: {e}") from None
    if problem:
        result.setdefault("reading", {}).setdefault("warnings", []).append(problem)
    if profile is not None and result.get("profile"):
        # when it was made: the profile is found by it once renamed (a draft read with one renamed
        # since said it was deleted, and its corrections taught whichever profile was active)
        result["profile_created"] = profile.created
    said = result.setdefault("reading", {}).setdefault("warnings", [])
    if photo.damage and photo.damage not in said:
        said.insert(0, photo.damage)
    from .errors import public_message
    warnings = (result.get("reading") or {}).get("warnings")
    if warnings:
        result["reading"]["warnings"] = [public_message(w) for w in warnings]
    return _json_safe(result)


def _json_safe(v):
    """Round-trip through JSON, turning numpy scalars and tuples into plain values."""
    def default(o):
        if hasattr(o, "to_dict"):
            return o.to_dict()
        if hasattr(o, "tolist"):
            return o.tolist()
        if hasattr(o, "item"):
            return o.item()
        return str(o)
    text = json.dumps(v, default=default, allow_nan=True)
    data = json.loads(text)
    return _finite(data)


def _finite(v):
    if isinstance(v, float) and not math.isfinite(v):
        return None
    if isinstance(v, list):
        return [_finite(x) for x in v]
    if isinstance(v, dict):
        return {k: _finite(x) for k, x in v.items()}
    return v
