"""``mjtable calibrate PHOTO --name NAME``: teach the tile reader your tile set (a tile-set profile,
docs/calibration.md).

Lay out one tile of each kind in the documented rows (docs/calibration.md), take one photo, and
run this: the tiles are read, given the codes of their places, shown for confirmation, and saved
as a profile (``<data dir>/profiles/<slug>.npz``) that becomes the active one. ``--list``,
``--activate NAME``, ``--deactivate``, ``--remove NAME``, ``--rename NAME NEW_NAME`` and
``--restore NAME`` (the profile a new calibration under that name replaced) manage the saved
profiles; ``--export NAME FILE`` writes one to a file and ``--import FILE`` (with ``--name`` to
import it under another name) saves one written on another machine and makes it the active one
(``--relearn NAME``: experimental). The data dir is ``--data-dir``, else ``MJTABLE_DATA_DIR``,
else ``~/.local/share/mjtable``."""
from __future__ import annotations

import sys
import time
from collections import deque
from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser("calibrate", help="learn your tile set from one photo of every tile laid out in rows",
                       description=__doc__.split("\n\n", 1)[1].replace("``", ""))   # plain text, not RST
    p.add_argument("photo", nargs="?", type=Path, help="the calibration photo (layout: docs/calibration.md)")
    p.add_argument("--name", help='name of the tile set, e.g. "club set"')
    p.add_argument("--data-dir", type=Path, default=None,
                   help="where profiles live (default: MJTABLE_DATA_DIR or ~/.local/share/mjtable)")
    p.add_argument("--yes", action="store_true", help="save without asking for confirmation (with --remove: delete; "
                   "with --export: write over the file)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--list", action="store_true", help="list the saved profiles (* marks the active one)")
    g.add_argument("--activate", metavar="NAME", help="make a saved profile the active one")
    g.add_argument("--deactivate", action="store_true", help="use no profile (the base model alone)")
    g.add_argument("--remove", metavar="NAME", help="delete a saved profile")
    g.add_argument("--rename", nargs=2, metavar=("NAME", "NEW_NAME"),
                   help="give a saved profile another name (what it learnt, and whether it is active, go with it)")
    g.add_argument("--restore", metavar="NAME", help="bring back the profile a new calibration under NAME replaced "
                   "(the newer one is kept in its place)")
    g.add_argument("--export", nargs=2, metavar=("NAME", "FILE"),
                   help="write a saved profile to FILE, to use it on another machine (mjtable calibrate --import FILE)")
    g.add_argument("--import", dest="import_file", metavar="FILE", type=Path,
                   help="save the profile in FILE (written by --export or the calibration page's Download) and make "
                   "it the active one; --name imports it under another name")
    g.add_argument("--relearn", metavar="NAME", help="experimental: fine-tune a saved profile again on its "
                   "calibration tiles and the corrections made since (about a minute; so far measured to "
                   "lower accuracy on some sets: docs/calibration.md); the profile as it was is kept, and "
                   "--restore NAME brings it back")
    p.set_defaults(func=run)


def profile_error_text(exc) -> str:
    """A profile error as the command line says it: where to see the saved names, after "no
    profile named" (the web page lists them beside the same message)."""
    hint = getattr(exc, "COMMAND_HINT", None)
    return f"{exc} ({hint})" if hint else str(exc)


def _err(msg) -> int:
    print(f"error: {profile_error_text(msg)}", file=sys.stderr)
    return 2


def run(args) -> int:
    from vision.profile import ProfileError, ProfileStore
    store = ProfileStore(args.data_dir)
    if store.data_dir.exists() and not store.data_dir.is_dir():
        # found only when saving, after a minute of learning, as a traceback
        return _err(f"{store.data_dir} is a file: the data dir is a folder (give another --data-dir)")
    managing = (args.list or args.activate or args.remove or args.deactivate or args.relearn or args.restore
                or args.rename or args.export or args.import_file)
    if managing and args.photo:
        return _err("give either a photo to calibrate from or --list/--activate/--deactivate/--remove/--rename/"
                    "--restore/--export/--import/--relearn, not both")
    try:
        if args.export:
            return _export(store, *args.export, yes=args.yes)
        if args.import_file:
            return _import(store, args.import_file, args.name)
        if args.list:
            return _list(store)
        if args.activate:
            from vision.profile.store import model_problem
            profile = store.load(args.activate)     # a damaged profile is refused, not activated
            problem = model_problem(profile)
            if problem:     # activated, it stopped every reading ("made with other classifier weights")
                return _err(problem)
            name = profile.name
            store.activate(args.activate)
            print(f"active profile: {name}")
            return 0
        if args.deactivate:
            store.activate(None)
            print("no active profile: the base model reads tiles alone")
            return 0
        if args.relearn:
            profile = store.load(args.relearn)
            laid = profile.sources.count("calibration")     # the layout's tiles, each cut one or two ways
            print(f"relearning {profile.name!r}: {laid} calibration examples, {profile.n_corrections} corrections, "
                  f"{profile.n_confirmed} tiles of recorded hands...", flush=True)
            plan = store.replacement(args.relearn)
            profile.relearn()
            # the profile as it was is kept as a new calibration's would be: relearning has been
            # measured to lower accuracy on some sets, and it wrote over the only copy
            store.save_new(profile)
            print("done; " + replacement_said(plan, store.path(args.relearn).stem, relearnt=True))
            return 0
        if args.rename:
            old_name = store.rename(*args.rename)
            print(f"profile {old_name!r} is already so named" if old_name == args.rename[1]
                  else f"profile {old_name!r} is now named {args.rename[1]!r}")
            return 0
        if args.restore:
            newer = store.entry(args.restore)
            name = store.restore(args.restore)
            print(f"restored profile {name!r}" + (f"; the profile {newer['name']!r} that replaced it is kept "
                                                   "(--restore again swaps them back)" if newer else "")
                  + ("; it is the active one" if store.active_slug() == store.path(args.restore).stem else ""))
            return 0
        if args.remove:
            store.removable(args.remove)        # "no profile named" before the question
            learnt = 0
            try:
                profile = store.load(args.remove)
                name, learnt = profile.name, profile.n_learnt_examples
            except ProfileError:      # a damaged profile can be removed too
                name = args.remove
            try:
                was_active = store.active_slug() == store.path(args.remove).stem
            except ProfileError:      # an unreadable pointer names no profile: it is not said
                was_active = False
            try:
                replaced = store.replaced(args.remove)
            except ProfileError:
                replaced = None
            if not args.yes:
                # asked as the calibration page asks before it deletes (it went at once, with the copy
                # kept to be restored and every tile learnt from the hands)
                question = (f"delete the profile {name!r}"
                            + (f", and the profile it replaced ({replaced['learnt_examples']} tile(s) learnt), kept to "
                               "be restored" if replaced else "") + "?"
                            + (" It is the active profile: the base model alone will read tiles until you choose "
                               "another." if was_active else "")
                            + (f" What it learnt from your corrections and hands goes with it ({learnt} tile(s))."
                               if learnt else ""))
                if not sys.stdin or not sys.stdin.isatty():
                    return _err(f"{question[:-1] if question.endswith('?') else question} (cannot ask for "
                                "confirmation: standard input is not a terminal): run again with --yes to delete")
                if input(f"{question} [y/N] ").strip().lower() not in ("y", "yes"):
                    print("nothing deleted")
                    return 1
            store.remove(args.remove)
            # as the web page says it: no profile is active any more; and the profile it replaced,
            # kept until now, goes with it (it went without a word)
            print(f"removed profile {name!r}" + (" and the profile it had replaced" if replaced else "")
                  + ("; it was the active one: the base model now reads alone" if was_active else ""))
            return 0
    except ProfileError as exc:
        return _err(exc)
    if not args.photo:
        return _err("give a calibration photo (mjtable calibrate PHOTO --name NAME) or --list")
    if not args.name:
        return _err("name the tile set with --name, e.g. --name \"club set\"")
    try:
        store.path(args.name)
    except ProfileError as exc:
        return _err(exc)
    if args.photo.is_dir():
        return _err(f"{args.photo} is a folder: give the layout photo's file")
    if not args.photo.is_file():
        return _err(f"no such photo: {args.photo}")
    return _calibrate(args, store)


def _export(store, name: str, file: str, yes: bool = False) -> int:
    from vision.profile import ProfileError
    out = Path(file)
    if out.is_dir():
        return _err(f"{out} is a folder: give the file to write, e.g. {out / store.path(name).stem}.npz")
    file_name, data = store.export(name)
    if out.exists() and not yes:
        # a file of that name was written over without a word (another profile's export, a photo)
        return _err(f"{out} exists: give another file name, or add --yes to write over it")
    try:
        out.write_bytes(data)
    except OSError as exc:
        raise ProfileError(f"cannot write {out} ({exc.strerror})") from None
    print(f"wrote profile {store.load(name).name!r} to {out} ({len(data) // 1024} KB); on the other machine: "
          f"mjtable calibrate --import {out.name}")
    return 0


def _import(store, file: Path, name: str | None) -> int:
    from vision.profile import ProfileError
    if file.is_dir():
        return _err(f"{file} is a folder: give the profile's file")
    try:
        data = file.read_bytes()
    except OSError as exc:
        return _err(f"cannot read {file} ({exc.strerror})")
    profile, plan = store.import_profile(data, file.name, name=name)
    try:
        store.activate(profile.name)
    except ProfileError as exc:
        return _err(exc)
    print(f"imported profile {profile.name!r} ({len(profile.known_codes)} codes, {profile.n_learnt_examples} tile(s) "
          "learnt from hands); it is now the active profile"
          + (f"; {replacement_said(plan, store.path(profile.name).stem)}" if plan else ""))
    return 0


def replacement_said(plan: dict | None, slug: str, relearnt: bool = False) -> str:
    """What saving a profile over another of its name did (``ProfileStore.replacement``'s
    ``plan``, found before), in words: which profile is kept to be restored and which is gone;
    ``relearnt``: the profile replaced is the same one before it was relearnt."""
    if not plan:
        return "no earlier profile of this name is kept"
    restore = f"`mjtable calibrate --restore {slug}` brings it back"
    replacing = plan["replacing"]
    if not plan["replacing_kept"]:
        gone = ("the profile as it was" if relearnt else
                f"the profile it replaces, {replacing['name']!r}," if replacing else "the unreadable profile it replaces")
        return (f"{gone} learnt no tile since its layout photo and was not kept; the copy an earlier calibration of "
                f"this name left ({plan['kept']['learnt_examples']} tile(s) learnt) is kept, and {restore}")
    learnt = f"{replacing['learnt_examples'] or 0} tile(s) learnt"
    return ((f"the profile as it was ({learnt}) is kept" if relearnt
             else f"it replaces the profile {replacing['name']!r} ({learnt}), which is kept")
            + f", and {restore}"
            + (f"; the copy an earlier calibration of this name left ({plan['dropped']['learnt_examples']} tile(s) "
               "learnt) is no longer kept" if plan["dropped"] else ""))


def _list(store) -> int:
    from vision.profile import ProfileDamaged
    try:
        store.active()
    except ProfileDamaged as exc:
        print(f"warning: {exc}", file=sys.stderr)
    entries = store.list()
    if not entries:
        print(f"no profiles in {store.folder}")
        return 0
    for e in entries:
        mark = "*" if e["active"] else " "
        if e.get("damaged"):
            print(f"{mark} {e['slug']:<24} damaged: {e['error']}"
                  + (f" (remove it with: mjtable calibrate --remove {e['slug']})" if e.get("set_aside") else ""))
        else:
            print(f"{mark} {e['slug']:<24} {e['name']!r}: {e['codes']} codes, "
                  f"{e['learnt_examples']} tile(s) learnt since the layout photo: {e['corrections']} correction(s) "
                  f"sent alone, {e['confirmed']} tile(s) of hands reviewed or recorded"
                  + ("" if e.get("learnt", True) else "; not learnt yet (experimental: mjtable calibrate --relearn "
                                                         f"{e['slug']})"))
            if e.get("other_model"):
                print(f"    cannot be read here: {e['other_model']}")
            if e.get("replaced"):
                r = e["replaced"]
                print(f"    the profile it replaced, {r['name']!r} ({r['learnt_examples']} tile(s) learnt), is kept: "
                      f"mjtable calibrate --restore {e['slug']}")
    return 0


def _calibrate(args, store) -> int:
    from vision import calibration
    from vision.errors import ImageError, ModelMissingError
    from vision.profile import ProfileError
    try:
        result = calibration.calibrate(args.photo)
    except ImageError as exc:
        return _err(exc.message)
    except ModelMissingError as exc:
        return _err(exc)
    n = len(result.tiles)
    orientation = result.layout.orientation
    print(f"{n} tiles read from {args.photo}" + ("" if orientation == "as laid out" else f" (read {orientation})"))
    print(result.table())
    if not result.ok:
        print("\nthe layout does not match (docs/calibration.md):", file=sys.stderr)
        for p in result.layout.problems:
            print(f"  - {p}", file=sys.stderr)
        print("fix the layout and take the photo again; nothing was saved", file=sys.stderr)
        return 1
    dis = result.disagreements()
    print(f"\n{len(result.layout.codes)} tiles assigned by position"
          + ("" if result.layout.has_bonus else " (no flowers or seasons row: the set is taken to have none; if it "
                 "has them, lay them out in a row below, or your profile reads them as other tiles)"))
    if result.blurred:
        print("! the photo seems blurred (the tiles' edges are soft): a profile learnt from it reads your tiles less "
              "well, and blur may be why tiles are read otherwise below; hold the phone still, in good light, and "
              "take it again")
    if dis:
        print(f"the base model reads {len(dis)} of them differently (shown as assigned≠read above):")
        print("  " + ", ".join(f"{code} read as {base or 'face down'} ({conf:.0%})" for _, code, base, conf in dis))
        for a, b in result.swapped():
            print(f"  ! the {a} and the {b} seem laid in each other's place (each is read as the other): check "
                  "them; saved so, your photos' tiles of the two are read swapped")
        for code, place in result.doubled():
            # said as a question: the base model confusing two faces of a new set looks the same
            print(f"  ? the tile in the {place} place is read as {code}, as is the tile in the {code} place: if it "
                  f"is the {place}, all is well; if the {code} was laid there twice, put the {place} in its place "
                  f"(saved so, your photos' {code} tiles may be read as {place})")
    else:
        print("the base model agrees with every tile")
    replacing = store.entry(args.name)
    if replacing:
        plan = store.replacement(args.name) or {"replacing_kept": True, "dropped": None}
        restore = f"`mjtable calibrate --restore {store.path(args.name).stem}` brings it back"
        if not plan["replacing_kept"]:
            print(f"this replaces the profile {replacing['name']!r}, which learnt no tile from corrections or recorded "
                  "hands since its layout photo: it will not be kept; the copy an earlier calibration of this name left, "
                  f"which learnt {plan['kept']['learnt_examples']} tile(s), will stay kept, and {restore} "
                  "(another --name keeps both)")
        else:
            print(f"this replaces the profile {replacing['name']!r}, which learnt {replacing.get('learnt_examples') or 0} "
                  f"tile(s) from corrections and recorded hands since its layout photo: it is kept, and {restore} "
                  "(another --name keeps both)"
                  + (f"; the copy an earlier calibration of this name left ({plan['dropped']['learnt_examples']} "
                     "tile(s) learnt) will no longer be kept" if plan["dropped"] else ""))
    if not args.yes:
        if not sys.stdin or not sys.stdin.isatty():
            return _err("cannot ask for confirmation (standard input is not a terminal): check the table above, "
                        "then run again with --yes to save")
        what = f"replace profile {args.name!r}" if replacing else f"save profile {args.name!r}"
        answer = input(f"\nAre the assigned codes right? {what} and make it active [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("nothing saved")
            return 1
    try:
        profile = result.build_profile(args.name, progress=ProgressBar("learning your tiles", sys.stderr))
    except ProfileError as exc:
        return _err(exc)
    except KeyboardInterrupt:       # Ctrl-C while it learns: said, not a traceback
        print("\ninterrupted: nothing saved (the active profile is as it was)", file=sys.stderr)
        return 130
    try:
        path = store.save_new(profile)
        store.activate(args.name)
    except ProfileError as exc:
        return _err(exc)
    print(f"saved {path} ({len(profile.known_codes)} codes); it is now the active profile")
    if profile.dark_body:
        print("your tiles have dark faces with light ink: every photo read with this profile is read with its "
              "light and dark turned over, as the built-in reader reads such a set")
    if profile.trusted_codes:
        # in a player's words: which readings of the built-in reader the profile leaves alone, and why
        # (it said "trusted with 42 of its 42 codes and 3 it has no example of (red fives): it reads
        # this set well: it keeps its say on every kind of tile but those it mistook another layout tile for")
        # codes without an example in the layout (red fives) are the base model's anyway: counted apart,
        # so that the figure agrees with the codes the profile says it has
        laid = [c for c in profile.trusted_codes if c in profile.known_codes]
        others = len(profile.trusted_codes) - len(laid)
        # familiar: a layout tile misread stops the trust in the code it was read as only when read
        # surely (TileSetProfile.familiar): "all but those it took another tile for" after three
        # misread tiles listed, and 33 of 34 kept, read as a contradiction
        out = len(profile.known_codes) - len(laid)
        # "every one" right after a list of tiles it read otherwise read as a contradiction (a trial)
        which = ((f"all but {out}, which it read surely where another kind lay" if out
                  else "every one: the tiles it read otherwise above, it read unsurely" if dis else "every one")
                 if profile.familiar else "those it read right there and took no other tile for")
        print(f"the built-in reader read your layout photo {'well' if profile.familiar else 'poorly'}, so it keeps "
              f"the last word on {len(laid)} of the {len(profile.known_codes)} kinds of tile laid out ({which})"
              + (f", and on the {others} the layout has no example of ({_without_example(profile)})" if others else "")
              + f": where it reads a tile of those kinds with {profile.sure_base:.0%} certainty or more, its reading "
              "stands; your profile reads the rest. Correcting such a reading ends that trust in its kind.")
    return 0


def _without_example(profile) -> str:
    """What the trusted codes without a layout example are, in words: red fives, and the flowers
    of a layout without their row (it said "11 ... (red fives)" for 3 red fives and 8 flowers)."""
    rest = [c for c in profile.trusted_codes if c not in profile.known_codes]
    named = (["red fives"] if any(c.startswith("0") for c in rest) else []) + \
        (["flowers and seasons"] if any(c.endswith("f") for c in rest) else [])
    return " and ".join(named + [c for c in rest if not (c.startswith("0") or c.endswith("f"))])


class ProgressBar:
    """``progress(done, total)`` drawn on one terminal line (redrawn in place), or a line every
    tenth when the stream is not a terminal (a log keeps eleven lines, not hundreds; a line a
    quarter left a trial's log silent for minutes on a busy machine)."""

    def __init__(self, label: str, stream, width: int = 30):
        self.label, self.stream, self.width = label, stream, width
        self.started = time.monotonic()
        self.shown = -1
        self.paces: deque[tuple[float, int]] = deque()     # (time, steps) of the steps reported

    def __call__(self, done: int, total: int) -> None:
        total = max(total, 1)
        now = time.monotonic()
        elapsed = now - self.started
        if done:
            self.paces.append((now, done))
        # The time left from the steps' own pace over the last eighth of them: the first step also
        # carries the start (loading the models), which made a first guess of half an hour for a
        # minute; and a machine busy with other work for a while made the pace since the first step
        # guess 1,033 s left for a build done 100 s later.
        window = max(1, total // 8)
        while len(self.paces) > 2 and self.paces[1][1] <= done - window:
            self.paces.popleft()
        since, steps = (now - self.paces[0][0], done - self.paces[0][1]) if self.paces else (0.0, 0)
        left = f", about {since / steps * (total - done):.0f} s left" if steps and done < total else ""
        text = f"{self.label} {done * 100 // total:3d}% ({elapsed:.0f} s{left})"
        if self.stream.isatty():
            filled = self.width * done // total
            self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (self.width - filled)}]"
                              + text[len(self.label):] + ("\n" if done >= total else ""))
        else:
            tenth = 10 * done // total
            if tenth == self.shown:
                return
            self.shown = tenth
            self.stream.write(text + "\n")
        self.stream.flush()
