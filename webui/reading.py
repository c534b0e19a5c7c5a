"""Photo → reading, through ``mjtable.pipeline.read_photo`` (vision owns the reading; this
module decodes the upload defensively and makes the result JSON-safe)."""
from __future__ import annotations

import json
import math
import threading

from flask import current_app

from . import images
from vision.errors import ModelMissingError

from .errors import ReaderUnavailable


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
