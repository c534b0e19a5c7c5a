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
    p.add_argument("--lang", choices=("en", "fr"), default="en", help="the language of its messages (fr: French)")
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
                   "lower accuracy on some sets: docs/calibration.md), until the next correction or hand it "
                   "learns, which is learnt on the layout's network again (so that an undo takes it back whole); "
                   "the profile as it was is kept, and --restore NAME brings it back")
    p.set_defaults(func=run)


def profile_error_text(exc) -> str:
    """A profile error as the command line says it: where to see the saved names, after "no
    profile named" (the web page lists them beside the same message)."""
    hint = getattr(exc, "COMMAND_HINT", None)
    return f"{exc} ({hint})" if hint else str(exc)


class _Language:
    """The language of this run's messages (``--lang``), set by ``run``."""
    french = False


LANGUAGE = _Language()


def tr(text: str, **fields) -> str:
    """A message of this command in the run's language (French through the web app's words,
    webui/i18n.py), its fields put in."""
    if LANGUAGE.french:
        from webui import i18n
        return i18n.t(text, **fields)
    return text.format(**fields) if fields else text


def said(message) -> str:
    """A message of the profiles' store or the reader (an error, a layout problem) in the run's
    language."""
    if LANGUAGE.french:
        from webui import i18n
        return i18n.msg(str(message))
    return str(message)


def q(name: str) -> str:
    """A profile's name quoted as the language quotes it: 'club set', « club set »."""
    return f"« {name} »" if LANGUAGE.french else repr(name)


def _err(msg) -> int:
    text = profile_error_text(msg) if not isinstance(msg, str) else msg
    print(f"{tr('error:')} {said(text)}", file=sys.stderr)
    return 2


def run(args) -> int:
    LANGUAGE.french = getattr(args, "lang", "en") == "fr"
    if not LANGUAGE.french:
        return _run_said(args)
    from flask import Flask
    with Flask("mjtable").test_request_context("/?lang=fr"):
        try:
            return _run_said(args)
        finally:
            LANGUAGE.french = False


def _run_said(args) -> int:
    try:
        return _run(args)
    except OSError as exc:
        # a full disk, a folder made read-only meanwhile, a profile unreadable: one line (an import, a rename and a
        # calibration's save ended in a traceback, exit 1)
        return _err(tr("cannot read or write the profiles: {why} (nothing was changed)", why=exc.strerror or str(exc)))


def _run(args) -> int:
    from vision.profile import ProfileError, ProfileStore
    store = ProfileStore(args.data_dir)
    problem = store.folder_problem()
    if problem:
        # found only when saving, after a minute of learning, as a traceback
        return _err(tr("{problem}; give another --data-dir", problem=said(problem)))
    managing = (args.list or args.activate or args.remove or args.deactivate or args.relearn or args.restore
                or args.rename or args.export or args.import_file)
    if managing and args.photo:
        return _err(tr("give either a photo to calibrate from or --list/--activate/--deactivate/--remove/--rename/--restore/--export/--import/--relearn, not both"))
    if managing and args.name is not None and not args.import_file:
        # `--deactivate --name X` deactivated whatever was active, X unread
        flag = next(f for f, given in (("--list", args.list), ("--activate", args.activate), ("--remove", args.remove),
                                      ("--deactivate", args.deactivate), ("--relearn", args.relearn),
                                      ("--restore", args.restore), ("--rename", args.rename),
                                      ("--export", args.export)) if given)
        return _err(tr("--name goes with a calibration photo or --import, not with {flag}", flag=flag))
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
                return _err(said(problem))
            name = profile.name
            store.activate(args.activate)
            print(tr("active profile: {name}", name=name))
            return 0
        if args.deactivate:
            store.activate(None)
            print(tr("no active profile: the base model reads tiles alone"))
            return 0
        if args.relearn:
            profile = store.load(args.relearn)
            laid = profile.sources.count("calibration")     # the layout's tiles, each cut one or two ways
            print(tr("relearning {name}: {laid} cuts of the layout's tiles, {corrections} corrections, {confirmed} tiles of recorded hands...", name=q(profile.name), laid=laid, corrections=profile.n_corrections, confirmed=profile.n_confirmed), flush=True)
            if not profile.n_learnt_examples:
                # relearnt on the layout's tiles alone, it came out as it was, after minutes
                print(tr("nothing learnt since the layout photo: relearning would change nothing"))
                return 0
            plan = store.replacement(args.relearn)
            if plan and plan.get("dropped") and not args.yes:
                # one copy is kept to restore: the older one goes, said before (it was said after)
                what = tr("relearn {name}: the profile as it is now will be kept to restore, and the earlier copy of this name ({n} tile(s) learnt) will no longer be kept", name=q(profile.name), n=plan["dropped"]["learnt_examples"])
                if not sys.stdin or not sys.stdin.isatty():
                    return _err(tr("cannot ask for confirmation (standard input is not a terminal): run again with --yes to {what}.", what=what))
                if input(f"{what}{tr('?')} {tr('[y/N]')} ").strip().lower() not in ("y", "yes", "o", "oui"):
                    print(tr("nothing relearnt"))
                    return 1
            try:
                profile.relearn(progress=ProgressBar(tr("learning your tiles"), sys.stderr))
            except KeyboardInterrupt:       # Ctrl-C while it learns: said, not a traceback
                print("\n" + tr("interrupted: nothing saved (the profile is as it was)"), file=sys.stderr)
                return 130
            # the profile as it was is kept as a new calibration's would be: relearning has been
            # measured to lower accuracy on some sets, and it wrote over the only copy
            store.save_new(profile)
            print(tr("done; {what}", what=replacement_said(plan, store.path(args.relearn).stem, relearnt=True)))
            return 0
        if args.rename:
            old_name = store.rename(*args.rename)
            new_name = args.rename[1].strip()       # as saved: spaces around it dropped
            print(tr("profile {name} is already so named", name=q(old_name)) if old_name == new_name
                  else tr("profile {name} is now named {new}", name=q(old_name), new=q(new_name)))
            return 0
        if args.restore:
            newer = store.entry(args.restore)
            name = store.restore(args.restore)
            alike = newer is not None and newer["name"] == name
            # two copies of one name (the newer renamed, its replaced copy with it) told apart by
            # their making: "restored 'Thursday set'; 'Thursday set' that replaced it is kept"
            print(tr("restored profile {name}", name=q(name))
                  + (tr("; the newer copy that replaced it, made {when}, is kept (--restore again swaps them back)",
                        when=_made(newer)) if alike
                     else tr("; the profile {newer} that replaced it is kept (--restore again swaps them back)", newer=q(newer["name"])) if newer else "")
                  + (tr("; it is the active one") if store.active_slug() == store.path(args.restore).stem else ""))
            return 0
        if args.remove:
            return _remove(store, args.remove, args.yes)
    except ProfileError as exc:
        return _err(exc)
    if not args.photo:
        return _err(tr("give a calibration photo (mjtable calibrate PHOTO --name NAME) or --list"))
    if not args.name:
        return _err(tr('name the tile set with --name, e.g. --name "club set"'))
    try:
        from vision.profile.store import new_profile_name
        args.name = new_profile_name(args.name)
    except ProfileError as exc:
        return _err(exc)
    if args.photo.is_dir():
        return _err(tr("{photo} is a folder: give the layout photo's file", photo=args.photo))
    if not args.photo.is_file():
        return _err(tr("no such photo: {photo}", photo=args.photo))
    return _calibrate(args, store)


def _remove(store, name_given: str, yes: bool) -> int:
    from vision.profile import ProfileError
    store.removable(name_given)        # "no profile named" before the question
    learnt = 0
    try:
        profile = store.load(name_given)
        name, learnt = profile.name, profile.n_learnt_examples
    except ProfileError:      # a damaged profile can be removed too
        name = name_given
    try:
        was_active = store.active_slug() == store.path(name_given).stem
    except ProfileError:      # an unreadable pointer names no profile: it is not said
        was_active = False
    try:
        replaced = store.replaced(name_given)
    except ProfileError:
        replaced = None
    if not yes:
        # asked as the calibration page asks before it deletes (it went at once, with the copy
        # kept to be restored and every tile learnt from the hands)
        what = (tr("delete the profile {name}, and the profile it replaced ({n} tile(s) learnt), kept to be restored", name=q(name), n=replaced["learnt_examples"]) if replaced
                else tr("delete the profile {name}", name=q(name)))
        notes = ((" " + tr("It is the active profile: the base model alone will read tiles until you choose another.") if was_active else "")
                 + (" " + tr("What it learnt from your corrections and hands goes with it ({n} tile(s)).", n=learnt) if learnt else ""))
        if not sys.stdin or not sys.stdin.isatty():
            # said as a statement (a question mark stood in the middle of the error)
            return _err(tr("cannot ask for confirmation (standard input is not a terminal): run again with --yes to {what}.", what=what) + notes)
        if input(f"{what}{tr('?')}{notes} {tr('[y/N]')} ").strip().lower() not in ("y", "yes", "o", "oui"):
            print(tr("nothing deleted"))
            return 1
    store.remove(name_given)
    # as the web page says it: no profile is active any more; and the profile it replaced,
    # kept until now, goes with it (it went without a word)
    print(tr("removed profile {name}", name=q(name)) + (tr(" and the profile it had replaced") if replaced else "")
          + (tr("; it was the active one: the base model now reads alone") if was_active else ""))
    return 0


def _free_bytes(store) -> int | None:
    """The free space where ``store`` keeps its profiles (or its data dir, before the first), or None."""
    import shutil
    for place in (store.folder, store.folder.parent):
        if place.is_dir():
            try:
                return shutil.disk_usage(place).free
            except OSError:
                return None
    return None


#: Room a calibration needs to save its profile and keep the one it replaces, each at most
#: ``MAX_PROFILE_BYTES``.
_ROOM_NEEDED = 40 * 2**20


def _export(store, name: str, file: str, yes: bool = False) -> int:
    from vision.profile import ProfileError
    out = Path(file)
    if out.is_dir():
        return _err(tr("{out} is a folder: give the file to write, e.g. {example}", out=out, example=f"{out / store.path(name).stem}.npz"))
    file_name, data = store.export(name)
    if out.exists() and not yes:
        # a file of that name was written over without a word (another profile's export, a photo)
        return _err(tr("{out} exists: give another file name, or add --yes to write over it", out=out))
    from .games import _write_whole
    try:
        _write_whole(out, data)     # whole or not at all: a full disk left a 0-byte file
    except OSError as exc:
        raise ProfileError(f"cannot write {out} ({exc.strerror})") from None
    print(tr("wrote profile {name} to {out} ({kb} KB); on the other machine: mjtable calibrate --import {file}", name=q(store.load(name).name), out=out, kb=len(data) // 1024, file=out.name))
    return 0


def _import(store, file: Path, name: str | None) -> int:
    from vision.profile import ProfileError
    if file.is_dir():
        return _err(tr("{file} is a folder: give the profile's file", file=file))
    from vision.profile.store import MAX_PROFILE_BYTES
    try:
        # no further than a profile's largest size + 1, which the store refuses by its size: a
        # 1.5-GB file was held whole first
        with open(file, "rb") as f:
            data = f.read(MAX_PROFILE_BYTES + 1)
    except OSError as exc:
        return _err(f"cannot read {file} ({exc.strerror})")
    if len(data) > MAX_PROFILE_BYTES:
        return _err(said(f"{file.name} is larger than a tile-set profile (at most {MAX_PROFILE_BYTES // (1024 * 1024)} MB)"))
    profile, plan, cut_from = store.import_profile(data, file.name, name=name)
    try:
        store.activate(profile.name)
    except ProfileError as exc:
        return _err(exc)
    if cut_from is not None:
        print(tr("the profile's name in the file has {n} characters: it is saved under its first {k} (--name gives it another)",
                 n=len(cut_from), k=len(profile.name)))
    print(tr("imported profile {name} ({codes} codes, {n} tile(s) learnt from hands); it is now the active profile", name=q(profile.name), codes=len(profile.known_codes), n=profile.n_learnt_examples)
          + ("; " + replacement_said(plan, store.path(profile.name).stem) if plan else ""))
    return 0


def replacement_said(plan: dict | None, slug: str, relearnt: bool = False) -> str:
    """What saving a profile over another of its name did (``ProfileStore.replacement``'s
    ``plan``, found before), in words: which profile is kept to be restored and which is gone;
    ``relearnt``: the profile replaced is the same one before it was relearnt."""
    if not plan:
        return tr("no earlier profile of this name is kept")
    restore = tr("`mjtable calibrate --restore {slug}` brings it back", slug=slug)
    replacing = plan["replacing"]
    if not plan["replacing_kept"]:
        gone = (tr("the profile as it was") if relearnt else
                tr("the profile it replaces, {name},", name=q(replacing["name"])) if replacing
                else tr("the unreadable profile it replaces"))
        return tr("{gone} learnt no tile since its layout photo and was not kept; the earlier copy of this name ({n} tile(s) learnt) is kept, and {restore}", gone=gone, n=plan["kept"]["learnt_examples"], restore=restore)
    if replacing is None:       # the profile of that name could not be read: no copy was kept
        return tr("it replaces a profile of this name that could not be read")
    n = replacing["learnt_examples"] or 0
    return ((tr("the profile as it was ({n} tile(s) learnt) is kept", n=n) if relearnt
             else tr("it replaces the profile {name} ({n} tile(s) learnt), which is kept", name=q(replacing["name"]), n=n))
            + tr(", and {restore}", restore=restore)
            + (tr("; the earlier copy of this name ({n} tile(s) learnt) is no longer kept", n=plan["dropped"]["learnt_examples"]) if plan["dropped"] else ""))


def _list(store) -> int:
    from vision.profile import ProfileDamaged
    try:
        store.active()
    except ProfileDamaged as exc:
        print(f"{tr('warning:')} {said(exc)}", file=sys.stderr)
    entries = store.list()
    if not entries:
        print(tr("no profiles in {folder}", folder=store.folder))
        return 0
    for e in entries:
        mark = "*" if e["active"] else " "
        if e.get("damaged"):
            print(f"{mark} {e['slug']:<24} " + tr("damaged: {error}", error=said(e["error"]))
                  + (tr(" (remove it with: mjtable calibrate --remove {slug})", slug=e["slug"]) if e.get("set_aside") else ""))
        else:
            print(f"{mark} {e['slug']:<24} " + tr("{name}: {codes} codes, {n} tile(s) learnt since the layout photo: {corrections} correction(s) sent alone, {confirmed} tile(s) of hands reviewed or recorded", name=q(e["name"]), codes=e["codes"], n=e["learnt_examples"], corrections=e["corrections"], confirmed=e["confirmed"])
                  + ("" if e.get("learnt", True) else tr("; not learnt yet (experimental: mjtable calibrate --relearn {slug})", slug=e["slug"])))
            if e.get("other_model"):
                print("    " + tr("cannot be read here: {why}", why=said(e["other_model"])))
            if e.get("replaced"):
                r = e["replaced"]
                if r["name"] == e["name"]:      # its earlier copy (a rename names both): told by when it was made
                    print("    " + tr("the earlier copy it replaced, made {when} ({n} tile(s) learnt), is kept: mjtable calibrate --restore {slug}", when=_made(r), n=r["learnt_examples"], slug=e["slug"]))
                else:
                    print("    " + tr("the profile it replaced, {name} ({n} tile(s) learnt), is kept: mjtable calibrate --restore {slug}", name=q(r["name"]), n=r["learnt_examples"], slug=e["slug"]))
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
        return _err(str(exc))
    n = len(result.tiles)
    orientation = result.layout.orientation
    print(tr("{n} tiles read from {photo}", n=n, photo=args.photo)
          + ("" if orientation == "as laid out" else " " + tr("(read {orientation})", orientation=said(orientation))))
    table = result.table()
    if LANGUAGE.french:
        table = "\n".join(tr("row {k}:", k=line.split(":", 1)[0][4:]) + line.split(":", 1)[1] for line in table.splitlines())
    print(table)
    if not result.ok:
        print("\n" + tr("the layout does not match (docs/calibration.md):"), file=sys.stderr)
        for p in result.layout.problems:
            print(f"  - {said(p)}", file=sys.stderr)
        print(tr("fix the layout and take the photo again; nothing was saved"), file=sys.stderr)
        return 1
    dis = result.disagreements()
    print("\n" + tr("{n} tiles assigned by position", n=len(result.layout.codes))
          + ("" if result.layout.has_bonus else " " + tr("(no flowers or seasons row: the set is taken to have none; if it has them, lay them out in a row below, or your profile reads them as other tiles)")))
    if result.mirrored:
        print(tr("the photo is mirrored (as a front camera or a webcam app may save it): its tiles were read mirrored back"))
    if result.blurred:
        print(tr("! the photo seems blurred (the tiles' edges are soft): a profile learnt from it reads your tiles less well, and blur may be why tiles are read otherwise below; hold the phone still, in good light, and take it again"))
    if dis:
        print(tr("the base model reads {n} of them differently (shown as assigned≠read above):", n=len(dis)))
        print("  " + ", ".join(tr("{code} read as {base} ({p})", code=code, base=base or tr("face down"),
                                  p=f"{conf:.0%}".replace("%", " %") if LANGUAGE.french else f"{conf:.0%}")
                               for _, code, base, conf in dis))
        for a, b in result.swapped():
            print("  " + tr("! the {a} and the {b} seem laid in each other's place (each is read as the other): check them; saved so, your photos' tiles of the two are read swapped", a=a, b=b))
        for code, place in result.doubled():
            # said as a question: the base model confusing two faces of a new set looks the same
            print("  " + tr("? the tile in the {place} place is read as {code}, as is the tile in the {code} place: if it is the {place}, all is well; if the {code} was laid there twice, put the {place} in its place (saved so, your photos' {code} tiles may be read as {place})", place=place, code=code))
    else:
        print(tr("the base model agrees with every tile"))
    replacing = store.entry(args.name)
    if replacing:
        plan = store.replacement(args.name) or {"replacing_kept": True, "dropped": None}
        restore = tr("`mjtable calibrate --restore {slug}` brings it back", slug=store.path(args.name).stem)
        if not plan["replacing_kept"]:
            print(tr("this replaces the profile {name}, which learnt no tile from corrections or recorded hands since its layout photo: it will not be kept; the earlier copy of this name, which learnt {n} tile(s), will stay kept, and {restore} (another --name keeps both)", name=q(replacing["name"]), n=plan["kept"]["learnt_examples"], restore=restore))
        else:
            print(tr("this replaces the profile {name}, which learnt {n} tile(s) from corrections and recorded hands since its layout photo: it is kept, and {restore} (another --name keeps both)", name=q(replacing["name"]), n=replacing.get("learnt_examples") or 0, restore=restore)
                  + (tr("; the earlier copy of this name ({n} tile(s) learnt) will no longer be kept", n=plan["dropped"]["learnt_examples"]) if plan["dropped"] else ""))
    if not args.yes:
        if not sys.stdin or not sys.stdin.isatty():
            return _err(tr("cannot ask for confirmation (standard input is not a terminal): check the table above, then run again with --yes to save"))
        what = (tr("replace profile {name}", name=q(args.name)) if replacing
                else tr("save profile {name}", name=q(args.name)))
        answer = input("\n" + tr("Are the assigned codes right? {what} and make it active", what=what) + f" {tr('[y/N]')} ")
        if answer.strip().lower() not in ("y", "yes", "o", "oui"):
            print(tr("nothing saved"))
            return 1
    room = _free_bytes(store)
    if room is not None and room < _ROOM_NEEDED:
        # said before a minute (or seven) of learning that the save would then lose
        return _err(tr("only {mb} MB free where profiles are kept: a profile needs up to {need} MB; free some space first",
                       mb=room // 2**20, need=_ROOM_NEEDED // 2**20))
    try:
        profile = result.build_profile(args.name, progress=ProgressBar(tr("learning your tiles"), sys.stderr))
    except ProfileError as exc:
        return _err(exc)
    except KeyboardInterrupt:       # Ctrl-C while it learns: said, not a traceback
        print("\n" + tr("interrupted: nothing saved (the active profile is as it was)"), file=sys.stderr)
        return 130
    try:
        path = store.save_new(profile)
        store.activate(args.name)
    except ProfileError as exc:
        return _err(exc)
    print(tr("saved {path} ({codes} codes); it is now the active profile", path=path, codes=len(profile.known_codes)))
    if profile.dark_body:
        print(tr("your tiles have dark faces with light ink: every photo read with this profile is read with its light and dark turned over, as the built-in reader reads such a set"))
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
        which = ((tr("all but {n}, which it read surely where another kind lay", n=out) if out
                  else tr("every one: the tiles it read otherwise above, it read unsurely") if dis else tr("every one"))
                 if profile.familiar else tr("those it read right there and took no other tile for"))
        sure = f"{profile.sure_base:.0%}".replace("%", " %") if LANGUAGE.french else f"{profile.sure_base:.0%}"
        print((tr("the built-in reader read your layout photo well, so it keeps the last word on {laid} of the {known} kinds of tile laid out ({which})", laid=len(laid), known=len(profile.known_codes), which=which)
               if profile.familiar else
               # "poorly" alarmed a trial whose layout read 35 of 42 right (its flowers missed)
               tr("the built-in reader misread part of your layout photo, so it keeps the last word on {laid} of the {known} kinds of tile laid out ({which})", laid=len(laid), known=len(profile.known_codes), which=which))
              + (tr(", and on the {n} the layout has no example of ({what})", n=others, what=_without_example(profile)) if others else "")
              + tr(": where it reads a tile of those kinds with {sure} certainty or more, its reading stands; your profile reads the rest. Correcting such a reading ends that trust in its kind.", sure=sure))
    return 0


def _without_example(profile) -> str:
    """What the trusted codes without a layout example are, in words: red fives, and the flowers
    of a layout without their row (it said "11 ... (red fives)" for 3 red fives and 8 flowers)."""
    rest = [c for c in profile.trusted_codes if c not in profile.known_codes]
    named = ([tr("red fives")] if any(c.startswith("0") for c in rest) else []) + \
        ([tr("flowers and seasons")] if any(c.endswith("f") for c in rest) else [])
    return (" et " if LANGUAGE.french else " and ").join(named + [c for c in rest if not (c.startswith("0") or c.endswith("f"))])


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
        left = tr(", about {s} s left", s=f"{since / steps * (total - done):.0f}") if steps and done < total else ""
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


def _made(entry: dict) -> str:
    """When a profile was made, to the minute, in this machine's time ("" where unknown)."""
    from datetime import datetime
    try:
        return datetime.fromtimestamp(float(entry.get("created") or 0)).strftime("%Y-%m-%d %H:%M") \
            if entry.get("created") else ""
    except (TypeError, ValueError, OSError, OverflowError):
        return ""
