"""``/calibrate``: teach the reader the user's tile set from one photo (a tile-set profile,
docs/calibration.md).

A self-contained blueprint (it imports flask, ``vision`` and nothing else of the web UI) that
``create_app`` registers with ``app.register_blueprint(calibrate.bp)``:

- ``GET /calibrate/``: the saved profiles (activate, delete) and the upload form.
- ``POST /calibrate/upload``: a calibration photo and a name → the tiles sorted into the layout's
  rows with the codes their places give them (and the base model's reading where it differs), or
  the problems found. The profile is built in the background (about a minute: ``BuildJob``) while
  the player checks the codes, and kept pending until confirmed.
- ``GET /calibrate/confirm/<token>``: that page (the upload redirects there: reloading it sends
  nothing again).
- ``GET /calibrate/progress/<token>``: how far that build is (JSON; the page's progress bar).
- ``POST /calibrate/save``: keep the pending profile under its name and make it active (waits for
  the build if it is still running).
- ``POST /calibrate/activate``, ``/deactivate``, ``/delete``, ``/restore``, ``/rename``: manage
  saved profiles; ``GET /calibrate/export/<slug>`` downloads one, ``POST /calibrate/import`` saves
  one downloaded elsewhere and makes it active.
- ``POST /calibrate/corrections`` (``crop`` image + ``code``, JSON answer) and
  ``POST /calibrate/corrections/undo``: one correction teaches the active profile (for clients
  other than the review page); ``record_correction`` does the same from Python.
- ``POST /calibrate/hands`` (``key`` + ``crop`` images with their ``code``) and
  ``POST /calibrate/hands/forget`` (``key``): a hand's corrected tiles as it is reviewed, then
  the recorded hand's tiles, confirmed by the player,
  teach the active profile in the background (202 at once: recording never waits for it); the
  same key again replaces that hand's tiles, forget takes them back (the hand was deleted).
  The review page sends its tiles to ``POST /review/<draft>/teach`` instead, which cuts them
  from the draft's photo as the reader sees them (``learn_photo_tiles``).

Profiles live in ``<DATA_DIR>/profiles`` (the app's ``DATA_DIR``; ``vision.profile.ProfileStore``),
the same place ``mjtable calibrate`` uses. Templates extend the app's ``base.html`` when it has
one with its CSRF helper (a plain page otherwise) and send ``csrf_token()`` when it is defined.
"""
from __future__ import annotations

import base64
import io
import re
import secrets
import threading
import time
from pathlib import Path

from flask import (Blueprint, Response, current_app, flash, jsonify, redirect, render_template, request, send_file,
                   session, url_for)

from scorer.tiles import normalize
from vision.profile import ProfileError, ProfileStore, TileSetProfile

from . import i18n
from .drafts import lesson_profile
from .store import get_store

bp = Blueprint("calibrate", __name__, url_prefix="/calibrate", template_folder="templates")

PENDING = "calibration_pending"


class BuildCancelled(ProfileError):
    """A build given up for a newer calibration photo from the same browser."""


#: Why a build was given up (``BuildJob.cancel``).
SUPERSEDED = "a newer calibration photo replaced this one"


class BuildJob:
    """One profile build on a thread of its own, saved to ``path`` when done. Builds run one at a
    time (``_BUILD_LOCK``): two fine-tunings at once on a small CPU would each take twice as long.
    ``state``: waiting, building, ready or failed (``error`` then says why). ``owner``: the
    browser session that uploaded the photo (a newer upload from it gives this build up)."""

    def __init__(self, result, name: str, path: Path, owner: str | None = None):
        self.result, self.name, self.path, self.owner = result, name, path, owner
        self.done, self.total = 0, 1
        self.state, self.error = "waiting", None
        self.cancelled, self.why = False, SUPERSEDED
        self.page: dict | None = None      # what the confirmation page shows (``confirm``)
        self.started = time.monotonic()
        self.seen = self.started              # when its page last asked for its progress
        self.waiters = 0                      # Save requests waiting for it on the server
        self.finished: float | None = None    # when it ended: "done in N s" stops counting then
        self.thread = threading.Thread(target=self._run, name=f"profile-build-{path.stem}", daemon=True)

    def start(self) -> "BuildJob":
        self.thread.start()
        return self

    def _progress(self, done: int, total: int) -> None:
        if self.cancelled:
            raise BuildCancelled(self.why)
        self.done, self.total = done, max(total, 1)

    def abandoned(self, after_s: float | None = None) -> bool:
        """No page has followed this build for ``after_s`` (``ABANDONED_S``): its browser was
        closed or left. Never while a Save waits for it: a page without scripts asks for no progress,
        and its build was given up under its waiting Save."""
        return not self.waiters and time.monotonic() - self.seen > (ABANDONED_S if after_s is None else after_s)

    def cancel(self, why: str = None) -> None:
        """Give the build up (it stops at its next step, or before it starts); nothing is saved.
        ``why``: said to its page (a newer photo of its browser's, by default)."""
        self.cancelled = True
        self.why = why or SUPERSEDED

    def _run(self) -> None:
        try:
            # waiting behind another build, a build given up says so at once, not when its turn comes;
            # one followed by no page for a while is given up for this one, whose page waits
            while not _BUILD_LOCK.acquire(timeout=0.1):
                if self.cancelled:
                    raise BuildCancelled(self.why)
                ahead = _BUILDING.get("job")
                if ahead is not None and not self.abandoned(WAITED_ABANDONED_S) \
                        and ahead.abandoned(WAITED_ABANDONED_S):
                    ahead.cancel(LEFT_FOR_ANOTHER)
            _BUILDING["job"] = self
            try:
                if self.cancelled:
                    raise BuildCancelled(self.why)
                # the clock of "N s, about M s left" and "done in N s" is the build's: counted from
                # the upload, a build that waited behind another's was said slow and its time doubled
                self.started = time.monotonic()
                self.state = "building"
                profile = self.result.build_profile(self.name, progress=self._progress)
                self.path.parent.mkdir(parents=True, exist_ok=True)
                profile.save(self.path)
            finally:
                _BUILDING.pop("job", None)
                _BUILD_LOCK.release()
            self.done, self.state = self.total, "ready"
        except ProfileError as exc:
            self.state, self.error = "failed", str(exc)
        except Exception as exc:  # a crash in the build must reach the page, not vanish with the thread
            import logging
            logging.getLogger(__name__).exception("profile build failed")
            self.state, self.error = "failed", f"the profile could not be built ({type(exc).__name__})"
        finally:
            self.result = None      # the photo's crops are not needed any more
            self.finished = time.monotonic()

    def wait(self, timeout: float | None = None) -> None:
        self.waiters += 1
        try:
            self.thread.join(timeout)
        finally:
            self.waiters -= 1
            self.seen = time.monotonic()

    def as_json(self) -> dict:
        elapsed = (self.finished or time.monotonic()) - self.started
        ahead = _BUILDING.get("job") if self.state == "waiting" else None
        return {"state": self.state, "done": self.done, "total": self.total,
                "percent": round(100 * self.done / self.total), "elapsed_s": round(elapsed, 1),
                # the build it waits behind: how far it is ("Waiting for another profile" said no more)
                **({"ahead_percent": round(100 * ahead.done / ahead.total)} if ahead is not None else {}),
                **({"error": self.error} if self.error else {}),
                # given up for a newer photo of this browser's (another tab): the page says to go on there
                **({"superseded": True} if self.error == SUPERSEDED else {})}


#: A build whose page has not asked for its progress for this long (the page asks every 0.7 s; a
#: phone's browser slows a hidden tab's timers to one a minute) is given up when another photo is
#: uploaded: a browser closed during a build made the next player's wait behind it (100 s).
ABANDONED_S = 150
#: The same while another build waits behind it, its page open: a little over a hidden phone
#: tab's one poll a minute (a build whose page was closed made the next one wait its whole run).
WAITED_ABANDONED_S = 65
#: Why a build was given up for another (``BuildJob.cancel``).
LEFT_FOR_ANOTHER = "its page was left while another calibration photo waited"

_BUILDING: dict = {}      # "job": the build holding _BUILD_LOCK

_BUILD_LOCK = threading.Lock()
_JOBS: dict[str, BuildJob] = {}
_JOBS_LOCK = threading.Lock()
MAX_JOBS = 8    # finished jobs kept for their progress page; older ones are forgotten


def _remember(token: str, job: BuildJob) -> None:
    with _JOBS_LOCK:
        _JOBS[token] = job
        for old in [t for t, j in _JOBS.items() if j.state in ("ready", "failed")][:-MAX_JOBS]:
            _JOBS.pop(old, None)


def _job(token: str) -> BuildJob | None:
    with _JOBS_LOCK:
        return _JOBS.get(token)


def _store() -> ProfileStore:
    return ProfileStore(current_app.config.get("DATA_DIR"))


def _pending_path(token: str) -> Path:
    if not token or not token.isalnum() or len(token) > 64:
        raise ProfileError("unknown calibration (upload the photo again)")
    return Path(_store().data_dir) / PENDING / f"{token}.npz"


def _page(template: str, status: int = 200, **ctx):
    # The web UI's base.html needs its CSRF helper and its blueprints; a bare app (tests, another
    # host app) gets a plain page.
    full_app = "csrf_token" in current_app.jinja_env.globals and "capture" in current_app.blueprints
    layout = "base.html" if full_app else "calibrate/_plain.html"
    return render_template(template, layout=layout, t=i18n.t_page, msg=i18n.msg, asset=_asset, colon=i18n.colon,
                           tile_label=i18n.tile_label, when=i18n.when, made_at=_made_at, page_lang=i18n.lang,
                           calibrate_text={k: i18n.t(k) for k in i18n.CALIBRATE_TEXTS}, **ctx), status


def _made_at(created) -> str | None:
    """When a profile was made (its ``created``, seconds since the epoch) as a UTC ISO time, or None."""
    from datetime import datetime, timezone
    if not isinstance(created, (int, float)):
        return None
    return datetime.fromtimestamp(created, timezone.utc).isoformat(timespec="seconds")


def _asset(filename: str) -> str:
    """The address of one of the web UI's static files (a bare host app may have no static route)."""
    from werkzeug.routing import BuildError
    try:
        return url_for("static", filename=filename)
    except BuildError:
        return "/static/" + filename


def _png_data_uri(img) -> str:
    import cv2
    ok, buf = cv2.imencode(".png", img)
    return "data:image/png;base64," + base64.b64encode(buf.tobytes()).decode() if ok else ""


@bp.get("/")
def index():
    from vision.profile import ProfileDamaged
    store = _store()
    try:
        store.active()
    except ProfileDamaged as exc:   # set aside and deactivated: tell the user once
        flash(str(exc), "error")
    return _page("calibrate/index.html", profiles=store.list())


@bp.post("/upload")
def upload():
    from vision import calibration
    from vision.errors import ImageError, ModelMissingError
    name = (request.form.get("name") or "").strip()
    photo = request.files.get("photo")
    store = _store()
    if not name:    # spaces alone pass the form's check: said so, not as "profile name '' has no letters"
        return _page("calibrate/index.html", 400, profiles=store.list(), error=i18n.t("give the set a name"), name=name)
    try:
        from vision.profile.store import new_profile_name
        new_profile_name(name)     # makes a file name, and is not longer than the field allows
    except ProfileError as exc:
        return _page("calibrate/index.html", 400, profiles=store.list(), error=str(exc), name=name)
    if photo is None or not photo.filename:
        return _page("calibrate/index.html", 400, profiles=store.list(), error=i18n.t("choose a calibration photo"),
                     name=name)
    from . import reading
    # in one of the photo readings' slots, as every photo read (five uploads at once were read at once:
    # each holds its picture and the reader's copies)
    if not reading._READ_SLOTS.acquire(timeout=reading.READ_WAIT_S):
        return _page("calibrate/index.html", 503, profiles=store.list(), name=name,
                     error=i18n.msg(f"{reading.READS_AT_ONCE} photos are being read: send this one again in a moment"))
    try:
        # The image gate with this app's pixel limit, before the calibration decodes anything.
        from vision.decode import check_image
        data, _ = check_image(photo.read(), max_pixels=current_app.config.get("MAX_IMAGE_PIXELS"))
        result = calibration.calibrate(data)
    except ImageError as exc:
        return _page("calibrate/index.html", 400, profiles=store.list(), error=exc.message, name=name)
    except ModelMissingError as exc:
        from .errors import public_message
        return _page("calibrate/index.html", 503, profiles=store.list(), error=public_message(str(exc)), name=name)
    finally:
        reading._READ_SLOTS.release()
    rows = []
    for k, row in enumerate(result.layout.rows):
        cells = []
        for i in row:
            t = result.tiles[i]
            code = result.layout.codes.get(i)
            cells.append({"code": code, "read": t.code, "confidence": t.confidence,
                          # a red five read at its five's place is that five (as ``disagreements``)
                          "differs": code is not None and (t.code is None or normalize(t.code) != normalize(code)),
                          "img": _png_data_uri(calibration.upright(result.crops[i], result.layout.orientation))})
        rows.append(cells)
    page = {"name": name, "rows": rows, "problems": result.layout.problems,
            # a hand photo refused as no layout was also told it was "read turned a quarter"
            "orientation": "as laid out" if result.layout.unreadable else result.layout.orientation, "has_bonus": result.layout.has_bonus,
            "disagreements": len(result.disagreements()), "swapped": result.swapped(), "doubled": result.doubled(),
            "blurred": getattr(result, "blurred", False), "mirrored": getattr(result, "mirrored", False)}
    _drop_old_pending()
    owner = session.get("csrf")
    # a photo uploaded again from the same browser (the first one had a mistake, or was left by
    # Back) gives up that browser's builds not yet done, and any build no page follows any more:
    # the new one need not wait behind them; a photo refused too (the build given up kept a
    # core busy half a minute while the player took the photo again)
    with _JOBS_LOCK:
        for other in _JOBS.values():
            mine = owner is not None and other.owner == owner
            if other.state in ("waiting", "building") and (mine or other.abandoned()):
                other.cancel()
    if not result.ok:
        return _page("calibrate/confirm.html", 422, token=None, replacing=store.entry(name),
                     replacement=store.replacement(name), **page)
    token = secrets.token_hex(12)
    job = BuildJob(result, name, _pending_path(token), owner)
    job.page = page
    _remember(token, job.start())
    # Post/redirect/get: the page to check the codes has an address of its own, so that reloading
    # it or coming back to it does not send the photo again (and start another build).
    return redirect(url_for("calibrate.confirm", token=token), 303)


@bp.get("/confirm/<token>")
def confirm(token: str):
    """The rows of an uploaded calibration photo to check, while its profile is built."""
    job = _job(token) if token.isalnum() and len(token) <= 64 else None
    if job is None or job.page is None:
        flash(i18n.t("That calibration has expired: upload the photo again."), "error")
        return redirect(url_for("calibrate.index"))
    return _page("calibrate/confirm.html", token=token, replacing=_store().entry(job.page["name"]),
                 replacement=_store().replacement(job.page["name"]), **job.page)


def _drop_old_pending(max_age_s: float = 86400) -> None:
    import time
    folder = Path(_store().data_dir) / PENDING
    for p in folder.glob("*.npz") if folder.exists() else []:
        if time.time() - p.stat().st_mtime > max_age_s:
            p.unlink(missing_ok=True)


@bp.get("/progress/<token>")
def progress(token: str):
    job = _job(token) if token.isalnum() and len(token) <= 64 else None
    if job is None:
        return _error(404, "unknown_calibration", "no such calibration (upload the photo again)")
    job.seen = time.monotonic()
    job_json = job.as_json()
    if job.error:   # the page's script shows it in the page's language
        job_json["message"] = i18n.msg(job.error)
    return jsonify(job_json)


#: How long Save waits for a build still running before it says so (a quiet machine builds in 30-60 s).
SAVE_WAIT_S = 900


@bp.post("/save")
def save():
    store = _store()
    token = request.form.get("token", "")
    job = _job(token) if token.isalnum() else None
    if job is not None:
        job.wait(timeout=SAVE_WAIT_S)
        if job.state == "failed":
            flash(i18n.t("The profile could not be built: {error}. Upload the photo again.",
                         error=i18n.msg(job.error)), "error")
            return redirect(url_for("calibrate.index"))
        if job.state in ("waiting", "building"):
            # still learning on a busy machine (820 s were seen beside a test run): said so, and the
            # confirm page kept, where "expired: upload again" threw the build away in the player's eyes
            flash(i18n.t("Your tiles are still being learnt (the machine is busy): press Save again in a minute."),
                  "error")
            return redirect(url_for("calibrate.confirm", token=token))
    try:
        pending = _pending_path(token)
        profile = TileSetProfile.load(pending)
    except ProfileError:
        flash(i18n.t("That calibration has expired: upload the photo again."), "error")
        return redirect(url_for("calibrate.index"))
    # as one writer: a hand learnt meanwhile saved the profile it had loaded over the new one
    with store.writing():
        saved = store.entry(profile.name)
        # Save pressed twice: the second found this profile saved already (saved again, it put the
        # first in the place of the profile it replaced, which was lost)
        if saved is None or saved.get("created") != profile.created:
            store.save_new(profile)
        store.activate(profile.name)
    pending.unlink(missing_ok=True)
    flash(i18n.t("Profile “{name}” saved: it is now the active profile.", name=profile.name))
    return redirect(url_for("calibrate.index"))


def _on_named_profile(action, done: str):
    """Run ``action(name)`` on the profile named in the form, flash ``done`` (formatted with the
    name) or the profile error, and go back to the calibration page."""
    name = request.form.get("name", "")
    try:
        # the form names a profile by its file's slug; the message by the name the user gave it
        # (read from that profile alone; a damaged one by its slug)
        try:
            shown = _store().load(name).name
        except ProfileError:
            shown = name
        action(name)
        said = i18n.t(done, name=shown)
        # a name that ends a sentence itself ("THURSDAY SET!") takes no second full stop
        flash(said[:-1] if said.endswith(".") and shown[-1:] in (".", "!", "?", "…") else said)
    except ProfileError as exc:
        flash(i18n.msg(str(exc)), "error")
    return redirect(url_for("calibrate.index"))


@bp.post("/activate")
def activate():
    store = _store()

    def usable(name):
        # a profile of other weights, made active, is passed over by every reading: refused here
        from vision.profile.store import model_problem
        problem = model_problem(store.load(name))
        if problem:
            raise ProfileError(problem)
        store.activate(name)
    return _on_named_profile(usable, "Active profile: {name}.")


@bp.post("/deactivate")
def deactivate():
    _store().activate(None)
    flash(i18n.t("No active profile: the base model reads tiles alone."))
    return redirect(url_for("calibrate.index"))


@bp.post("/delete")
def delete():
    store = _store()
    was_active = store.active_slug()
    answer = _on_named_profile(store.remove, "Profile “{name}” deleted.")
    if was_active is not None and store.active_slug() is None:
        flash(i18n.t("No active profile: the base model reads tiles alone."))
    return answer


@bp.post("/restore")
def restore():
    """Bring back the profile a new calibration under this name replaced (the newer one is kept
    in its place: restoring again swaps them back)."""
    try:
        restored = _store().restore(request.form.get("name", ""))
        flash(i18n.t("Profile “{name}” restored; the one that had replaced it is kept in its place (restore again to swap them back).",
                     name=restored))
    except ProfileError as exc:
        flash(i18n.msg(str(exc)), "error")
    return redirect(url_for("calibrate.index"))


@bp.post("/rename")
def rename():
    """Give a saved profile another name; what it learnt and its place as the active one go with it."""
    new_name = request.form.get("new_name", "").strip()
    try:
        old_name = _store().rename(request.form.get("name", ""), new_name)
        if old_name == new_name:    # "is now named" its own name said something had changed
            flash(i18n.t("Profile “{name}” already has that name: nothing was changed.", name=old_name))
        else:
            flash(i18n.t("Profile “{name}” is now named “{new_name}”.", name=old_name, new_name=new_name))
    except ProfileError as exc:
        flash(i18n.msg(str(exc)), "error")
    return redirect(url_for("calibrate.index"))


@bp.get("/export/<slug>")
def export(slug):
    """A saved profile as a file to carry to another machine (``mjtable calibrate --import``, or
    this page's import there)."""
    try:
        file_name, data = _store().export(slug)
    except ProfileError as exc:
        flash(i18n.msg(str(exc)), "error")
        return redirect(url_for("calibrate.index"))
    # send_file writes a name outside Latin-1 ("œuf", "中文牌") as RFC 6266's filename*, with an
    # ASCII fallback: written as it came, the header failed and the download hung
    return send_file(io.BytesIO(data), mimetype="application/octet-stream", as_attachment=True,
                     download_name=file_name, max_age=0)


#: What an import under a name in use did to the profiles of that name, when it is not only "the
#: profile it replaces is kept" (``ProfileStore.replacement``).
NOT_KEPT = ("The profile it replaces, “{name}”, learnt no tile since its layout photo and was not kept; the earlier "
            "copy of this name ({n} tile(s) learnt) is kept: Restore brings it back.")
#: Said of an imported profile whose name was longer than a profile's (``MAX_PROFILE_NAME``)
NAME_CUT = "The profile's name in the file has {n} characters: it is saved under its first {k} (Rename gives it another)."
NO_LONGER_KEPT = "The earlier copy of this name ({n} tile(s) learnt) is no longer kept."


@bp.post("/import")
def import_profile():
    """Save a profile file exported on another machine and make it the active one; a profile of
    the same name is kept, to be restored, as a new calibration's is."""
    upload = request.files.get("profile")
    if upload is None or not upload.filename:
        flash(i18n.t("Choose the profile's file (the .npz a Download on another machine wrote)."), "error")
        return redirect(url_for("calibrate.index"))
    store = _store()
    try:
        with store.writing():       # imported and made active as one change
            profile, plan, cut_from = store.import_profile(upload.read(), upload.filename,
                                                           name=request.form.get("name", "").strip() or None)
            store.activate(profile.name)
        flash(i18n.t("Profile “{name}” imported: it is the active profile.", name=profile.name))
        if cut_from is not None:
            flash(i18n.t(NAME_CUT, n=len(cut_from), k=len(profile.name)))
        # which profile is kept to be restored, as a new calibration says it ("the profile it
        # replaces is kept" was said while the copy kept before, with its learnt tiles, went)
        if plan and not plan["replacing_kept"]:
            flash(i18n.t(NOT_KEPT, name=(plan["replacing"] or {}).get("name", "?"), n=plan["kept"]["learnt_examples"]))
        elif plan and plan["replacing"] is None:
            flash(i18n.t("It replaces a profile of this name that could not be read."))
        elif plan:
            flash(i18n.t("It replaces the profile “{name}”, which is kept: Restore brings it back.",
                         name=plan["replacing"]["name"]))
            if plan["dropped"]:
                flash(i18n.t(NO_LONGER_KEPT, n=plan["dropped"]["learnt_examples"]))
    except ProfileError as exc:
        flash(i18n.msg(str(exc)), "error")
    return redirect(url_for("calibrate.index"))


_LEARNING: list[threading.Thread] = []
MAX_HAND_TILES = 40
#: How long the teach route waits for a lesson its page sent with the hand's other tiles (the
#: review page's corrections: 2.3-2.6 s measured, docs/calibration.md), to say a correction its
#: guard did not learn; past it the page says the lesson is still being checked (it goes on in the
#: background).
GUARD_WAIT_S = 8.0
#: The most pixels a tile's crop may have (one tile, cut by the page from a photo: a few hundred
#: pixels a side): a crop allowed a whole photo's 40 MP made eight small PNGs decode to 2 GB.
MAX_CROP_PIXELS = 1024 * 1024
_HAND_KEY = re.compile(r"[A-Za-z0-9_.:-]{1,64}")


def record_correction(data_dir, crop_bgr, code: str) -> dict | None:
    """Teach the active profile that ``crop_bgr`` (an upright tile crop, as
    ``vision.crops.crop_tile`` cuts it) is ``code`` (a fine-tuned profile learns it at once, a few
    seconds: ``TileSetProfile.add_example``). Returns a summary, or None with no active profile
    (corrections then only fix the hand at hand)."""
    with ProfileStore(data_dir).writing() as store:
        profile = store.active()
        if profile is None:
            return None
        profile.add_example(crop_bgr, code)
        store.save(profile)
    return {"profile": profile.name, "code": code, "corrections": profile.n_corrections}


def undo_correction(data_dir) -> dict | None:
    with ProfileStore(data_dir).writing() as store:
        profile = store.active()
        if profile is None:
            return None
        code = profile.remove_last()
        store.save(profile)
    return {"profile": profile.name, "undone": code, "corrections": profile.n_corrections}


def base_reading(tile: dict):
    """(code, probability) the base model read a reading's ``tile`` as (a dict, as the reading
    gives it), where the photo was read with a tile-set profile (``base_p``); else None: the
    ``read_as`` of ``TileSetProfile.learn_hand`` (a correction of a sure misreading is learnt as one)."""
    p = tile.get("base_p")
    return (tile.get("base_code") or tile.get("code"), float(p)) if isinstance(p, (int, float)) else None


def learn_recorded_hand(data_dir, key: str, crops, codes, faces=None, profile_name: str | None = None,
                        read_as=None, made_at: float | None = None, others=None) -> dict | None:
    """Teach the active profile (or the one named ``profile_name``, or the one made at
    ``made_at``: ``_change_made_at``) a recorded hand's confirmed tiles
    (``TileSetProfile.learn_hand``; ``faces``: their face cuts, or None); ``codes`` empty: forget
    the hand; ``read_as``: per tile the base model's (code, probability) when the photo was read,
    or None; ``others``: the photo's tiles the lesson does not teach, to guard them
    (``TileSetProfile.learn_hand``); the codes not learnt so are answered as ``unlearnt``. None
    with no such profile (or one that cannot learn)."""
    done = {}

    def change(profile) -> int:
        if not profile.uses_network:
            return 0
        kept = (profile.learn_hand(key, crops, codes, faces=faces, read_as=read_as, others=others) if codes
                else -profile.forget_hand(key))
        done.update(profile=profile.name, key=key, tiles=kept, confirmed=profile.n_confirmed)
        if codes and profile.unlearnt_codes:
            done["unlearnt"] = list(profile.unlearnt_codes)
            # which of ``others`` it would have read so: the page marks them ("perhaps a 7s too")
            done["spread_to"] = [[k, code] for k, code in profile.spread_to]
        return 1                                  # saved even where the hand replaced its own lesson
    if made_at is not None:
        _change_made_at(data_dir, made_at, change)
        return done or None
    # the profile loaded, taught and saved as one writer: another process's, or this one's, save of
    # a new calibration or delete waits, or the lesson saved the profile it had loaded over it
    with ProfileStore(data_dir).writing() as store:
        profile = store.active() if profile_name is None else _saved(store, profile_name)
        if profile is None or not change(profile):
            return None
        store.save(profile)
    return done


def learn_photo_tiles(data_dir, key: str, photo: bytes | None, boxes, codes,
                      profile_name: str | None = None, read_as=None, kept_made_at: float | None = None,
                      other_boxes=(), other_codes=()) -> dict | None:
    """Teach the active profile (or the one named ``profile_name``) the tiles at ``boxes`` (in the pixels of ``photo``, a JPEG) of a
    hand being reviewed or recorded, with the ``codes`` the player gave them, under ``key`` (the
    hand's draft id: sent again, it replaces what that hand taught; no codes: forgets it). The
    tiles are cut in the background as the reader sees them (``vision.calibration.learning_cuts``:
    brightened as read, by box and by face), then learnt (``learn_recorded_hand``). Returns what
    the page is told, or None with no profile that learns (nothing to do, not an error).
    ``read_as``: per tile the base model's (code, probability) when the photo was read, or None
    (``TileSetProfile.learn_hand``). ``kept_made_at``: the profile made then, kept to be restored
    (a new calibration of its name replaced it), learns them instead. ``other_boxes``: the photo's
    other tiles of the hand, left by the player as read (``other_codes``): a code of this lesson
    that one of them comes to be read as is not learnt (``TileSetProfile.learn_hand``'s guard);
    answered, when the lesson is waited for, as ``unlearnt`` codes and ``spread_to``, [index among
    ``other_boxes``, code] of the tiles they would have been read on."""
    if not _HAND_KEY.fullmatch(key):
        raise ValueError(f"bad hand key {key!r}")

    def cut():
        from vision.calibration import learning_cuts
        return learning_cuts(photo, boxes)
    def others():
        return (_guard_reading(photo, other_boxes, key), list(other_codes)) if other_boxes else None
    if kept_made_at is not None:
        return _learn_in_kept_copy(data_dir, kept_made_at, key, codes, cut, read_as, others)
    profile = _learning_profile(data_dir, profile_name)
    if profile is None:
        return None
    started = _learn_in_background(data_dir, key, codes, cut, profile_name=profile_name, read_as=read_as,
                                   others=others)
    # when the profile was made: who learnt the hand is found by it after a rename
    answer = {"learning": True, "profile": profile.name, "created": profile.created, "key": key,
              **({"tiles": len(codes)} if codes else {"forget": True})}
    if started and other_boxes and codes:
        # a guarded lesson (the review page's corrections) is waited for a little, so that the page
        # can say a correction it did not learn (it said "learns from this hand's 3 corrections")
        thread, outcome = started
        thread.join(GUARD_WAIT_S)
        if thread.is_alive():
            # not known yet (a busy machine): said so, not left to read as "learnt every one" (a
            # trial's answer after 8.4 s told a refused correction learnt)
            answer["checking"] = True
        elif outcome.get("unlearnt"):
            answer["unlearnt"] = list(outcome["unlearnt"])
            answer["spread_to"] = list(outcome.get("spread_to") or [])
    return answer


def _guard_reading(photo: bytes, boxes, key: str):
    """``read(profile)`` of the tiles at ``boxes`` of a hand's photo for the guard of its lesson
    (``vision.calibration.reading_of``); None where they cannot be read (the photo unreadable since):
    the lesson is then learnt unguarded, not lost."""
    from vision.calibration import reading_of
    read = reading_of(photo, boxes)

    def guarded(profile):
        try:
            return read(profile)
        except Exception:   # noqa: BLE001 - logged; the lesson stands
            import logging
            logging.getLogger(__name__).exception("hand %s: its other tiles could not be read to guard it", key)
            return None
    return guarded


def _saved(store: ProfileStore, name: str) -> TileSetProfile | None:
    """The saved profile ``name``, or None when there is none (deleted since) or it cannot be read."""
    try:
        return store.load(name) if store.exists(name) else None
    except ProfileError:
        return None


def _learn_in_background(data_dir, key: str, codes, cut=None, profile_name: str | None = None, read_as=None,
                         made_at: float | None = None, others=None) -> tuple[threading.Thread, dict]:
    """``learn_recorded_hand`` in a thread of its own, the tiles of ``codes`` given there by
    ``cut()`` as (crops, faces or None): cutting a photo's tiles takes a few tenths of a second.
    No codes: the hand is forgotten (by ``profile_name``, the one made at ``made_at``, or the
    active profile). ``others()``: the guard's ``(read, codes)`` or None (``learn_recorded_hand``).
    Returns the thread and the dict its answer is put in once learnt."""
    outcome: dict = {}

    def run():
        import logging
        try:
            crops, faces = cut() if codes else ([], None)
            done = learn_recorded_hand(data_dir, key, crops, codes, faces=faces, profile_name=profile_name,
                                       read_as=read_as, made_at=made_at, others=others() if others and codes else None)
            outcome.update(done or {})
            if done and done.get("unlearnt"):
                logging.getLogger(__name__).info("hand %s: %s not learnt, other tiles of its photo would read so",
                                                 key, " ".join(done["unlearnt"]))
        except Exception:   # the table goes on; the log says why the profile did not learn
            logging.getLogger(__name__).exception("learning recorded hand %s failed", key)
    return _start_learning(f"learn-hand-{key}", run), outcome


def _start_learning(name: str, run) -> threading.Thread:
    """``run`` in a thread of its own, among the learning ``wait_for_learning`` waits for, after
    the threads of the same name started before it: a hand sent again (a correction undone, the
    hand recorded, undone, restored) is learnt or forgotten after what was sent before under its
    key, so that the latest wins."""
    before = [t for t in _LEARNING if t.is_alive() and t.name == name]

    def in_turn():
        for earlier in before:
            earlier.join()
        run()
    thread = threading.Thread(target=in_turn, name=name, daemon=True)
    _LEARNING[:] = [t for t in _LEARNING if t.is_alive()] + [thread]
    thread.start()
    return thread


def forget_recorded_hands(removed: dict | None) -> dict | None:
    """A hand deleted or undone in the game log: the profile that learnt its tiles (recorded
    from the review page, under the key ``draft:<id>``; the draft's lesson names it) forgets them,
    in the background; the active profile when the lesson names none (kept before it did).
    Returns ``removed`` without its keys (not for answers), with ``forgotten_by``: the profiles
    whose lesson of the hand is taken back, where any."""
    if removed is None:
        return None
    data_dir = current_app.config.get("DATA_DIR")
    removed.pop("request_digests", None)
    for key in removed.pop("request_keys", None) or []:
        draft_id = key[len("draft:"):]
        if not (key.startswith("draft:") and _HAND_KEY.fullmatch(draft_id)):
            continue
        # another set made active since the hand was recorded never learnt it: the one that did
        # forgets it (it kept the tiles of a hand no longer in the game, in a trial)
        name, created = lesson_profile(get_store(), draft_id)
        learnt_by = lesson_learner(data_dir, name, created)
        if _active_learner(data_dir) if learnt_by is None else _learner(data_dir, learnt_by):
            _learn_in_background(data_dir, draft_id, [], profile_name=learnt_by)
            if learnt_by is not None:
                # said with the hand's removal: the profile's count fell 27 → 13 without a word
                removed.setdefault("forgotten_by", []).append(learnt_by)
        if created is not None and ProfileStore(data_dir).replaced_made_at(created) is not None:
            # the profile that learnt it was replaced by a new calibration since, and is kept to
            # be restored: it forgets the hand too, or restoring it brings the hand's tiles back
            _learn_in_background(data_dir, draft_id, [], made_at=created)
    return removed


def _learn_in_kept_copy(data_dir, created: float, key: str, codes, cut, read_as, others=None) -> dict | None:
    """The profile made at ``created``, kept to be restored, learns hand ``key``'s tiles
    (``cut()`` gives them), in the background: a hand restored to the game after its profile was
    replaced by a new calibration is learnt again by the profile that learnt it, not by the new
    one. None: no such copy."""
    store = ProfileStore(data_dir)
    name = store.replaced_made_at(created)
    entry = store.replaced(name) if name is not None else None
    if entry is None:
        return None
    # no codes: the hand taken back there (a correction undone on its review page)
    _learn_in_background(data_dir, key, codes, cut, read_as=read_as, made_at=created, others=others)
    return {"learning": True, "profile": entry["name"], "created": entry["created"], "key": key,
            **({"tiles": len(codes)} if codes else {"forget": True})}


def _change_made_at(data_dir, created: float, change) -> str | None:
    """``change(profile)`` (a count; saved when not 0) applied, under the profile lock, to the
    profile made at ``created``: the copy kept to be restored, or, restored or renamed since it
    was looked for, the saved one. Its name, or None when there is none (removed since)."""
    with ProfileStore(data_dir).writing() as store:     # not while a restore or a rename moves the copy
        kept = store.replaced_made_at(created)
        if kept is not None:
            store.update_replaced(kept, change)
            return kept
        saved = _saved_made_at(store, created)
        profile = _saved(store, saved) if saved is not None else None
        if profile is not None and change(profile):
            store.save(profile)
        return saved


def _saved_made_at(store: ProfileStore, created: float) -> str | None:
    """The name of the saved profile made at ``created`` (whatever it is called now), or None."""
    return next((entry["name"] for entry in store.list()
                 if not entry.get("damaged") and entry.get("created") == created), None)


def lesson_home(data_dir, name: str | None, created: float | None) -> tuple[str, object] | None:
    """Where the profile that learnt a draft's lesson (``drafts.lesson_profile``) is now:
    ("kept", created) for the copy kept to be restored, ("saved", name) for a saved one, None
    when it is neither (removed, or replaced and its copy dropped since): no other profile
    learns its hand, which it never read. A lesson kept before ``created`` was: the profile of
    its name (``lesson_learner``)."""
    if created is None:
        return "saved", lesson_learner(data_dir, name, None)
    store = ProfileStore(data_dir)
    if store.replaced_made_at(created) is not None:
        return "kept", created
    saved = _saved_made_at(store, created)
    return None if saved is None else ("saved", saved)


def wait_for_learning(timeout: float | None = None) -> None:
    """Wait for the recorded hands being learnt (tests; a server shutting down)."""
    for thread in list(_LEARNING):
        thread.join(timeout)


def lesson_learner(data_dir, name: str | None, created: float | None = None) -> str | None:
    """The saved profile that learnt a draft's lesson (``drafts.lesson_profile``): the one of its
    name, or, renamed since, the one made when it was (``created``); its name as kept when
    neither is saved (deleted since). None: a lesson kept before the name was."""
    if name is None:
        return None
    store = ProfileStore(data_dir)
    profile = _saved(store, name)
    if profile is not None and (created is None or profile.created == created):
        return name
    # renamed: undoing its hand left the tiles learnt, the lesson naming a profile gone
    renamed = _saved_made_at(store, created) if created is not None else None
    return renamed if renamed is not None else name


def _learning_profile(data_dir, name: str | None = None) -> TileSetProfile | None:
    """The active profile (or the saved one named ``name``) when it can learn hands, else None."""
    from vision.profile import ProfileDamaged
    try:
        profile = ProfileStore(data_dir).active() if name is None else _saved(ProfileStore(data_dir), name)
    except ProfileDamaged:
        return None
    return profile if profile is not None and profile.uses_network else None


def _active_learner(data_dir):
    """The active profile's name when it can learn hands, else None."""
    profile = _learning_profile(data_dir)
    return profile.name if profile is not None else None


def _learner(data_dir, name: str):
    """``name`` when a saved profile of that name can learn hands, else None."""
    return name if _learning_profile(data_dir, name) is not None else None


def _hand_key():
    key = request.form.get("key", "")
    if not _HAND_KEY.fullmatch(key):
        return None, _error(400, "bad_key", "key must be 1-64 letters, digits or _.:- (the hand's draft or log id)")
    return key, None


def _error(status: int, code: str, message: str):
    return jsonify({"error": {"code": code, "message": message}}), status


@bp.post("/corrections")
def add_correction():
    from vision.decode import decode_image
    from vision.errors import ImageError
    code = request.form.get("code", "")
    upload = request.files.get("crop")
    if upload is None:
        return _error(400, "no_crop", "send the tile's crop as the 'crop' file")
    try:
        img = decode_image(upload.read(), max_pixels=_crop_pixels()).image
    except ImageError as exc:
        return _error(413 if exc.code == "too_large" else 400, exc.code, f"crop: {exc.message}")
    try:
        done = record_correction(current_app.config.get("DATA_DIR"), img, code)
    except ProfileError as exc:
        return _error(400, "bad_correction", str(exc))
    if done is None:
        return _error(409, "no_active_profile", "no active tile-set profile: calibrate first (/calibrate)")
    return jsonify(done)


@bp.post("/corrections/undo")
def undo():
    try:
        done = undo_correction(current_app.config.get("DATA_DIR"))
    except ProfileError as exc:
        return _error(409, "nothing_to_undo", str(exc))
    if done is None:
        return _error(409, "no_active_profile", "no active tile-set profile")
    return jsonify(done)


def _crop_pixels() -> int:
    """The pixel limit of one tile's crop: ``MAX_CROP_PIXELS``, or the app's photo limit if lower."""
    photo = current_app.config.get("MAX_IMAGE_PIXELS")
    return min(MAX_CROP_PIXELS, photo) if photo else MAX_CROP_PIXELS


@bp.post("/hands")
def learn_hand():
    """A recorded hand's confirmed tiles: ``key``, then ``crop`` files and ``code`` fields in the
    same order (upright tiles only). Answers 202 at once; the profile learns in the background."""
    from vision.decode import decode_image
    from vision.errors import ImageError
    from vision.profile import ALL_CODES
    key, bad = _hand_key()
    if bad:
        return bad
    codes, uploads = request.form.getlist("code"), request.files.getlist("crop")
    if not codes or len(codes) != len(uploads):
        return _error(400, "bad_hand", f"send one code per crop ({len(uploads)} crops, {len(codes)} codes)")
    if len(codes) > MAX_HAND_TILES:
        return _error(400, "bad_hand", f"at most {MAX_HAND_TILES} tiles per hand")
    for code in codes:
        if code not in ALL_CODES:
            return _error(400, "bad_code", f"unknown tile code {code[:8]!r}")
    data_dir = current_app.config.get("DATA_DIR")
    name = _active_learner(data_dir)
    if name is None:   # nothing to teach: not an error for the page that recorded the hand
        return jsonify({"learning": False, "reason": "no active tile-set profile"})
    crops = []
    for upload in uploads:
        try:
            crops.append(decode_image(upload.read(), max_pixels=_crop_pixels()).image)
        except ImageError as exc:
            return _error(413 if exc.code == "too_large" else 400, exc.code, f"crop: {exc.message}")
    _learn_in_background(data_dir, key, codes, lambda: (crops, None))
    return jsonify({"learning": True, "profile": name, "key": key, "tiles": len(codes)}), 202


@bp.post("/hands/forget")
def forget_hand():
    key, bad = _hand_key()
    if bad:
        return bad
    data_dir = current_app.config.get("DATA_DIR")
    name = _active_learner(data_dir)
    if name is None:
        return jsonify({"learning": False, "reason": "no active tile-set profile"})
    _learn_in_background(data_dir, key, [])
    return jsonify({"learning": True, "profile": name, "key": key, "forget": True}), 202
