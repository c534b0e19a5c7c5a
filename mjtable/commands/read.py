"""``mjtable read PHOTO [--rules R] [context flags] [--json] [--annotate OUT]``: read the tiles
of a photographed hand; with ``--rules``, rebuild the hand and score it (``mjtable.pipeline``)."""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

RULES = ("mcr", "riichi", "hk", "classical")


def register(sub) -> None:
    from ..context_args import add_context_arguments
    p = sub.add_parser("read", help="read a photographed hand: tiles, and with --rules the hand and its score",
                       epilog="Exit status: 0 the photo was read (with --rules: into a winning hand); 1 no tile was "
                              "found in it (none face up), or with --rules, "
                              "no winning hand was rebuilt, it does not win or it is under the rules' minimum "
                              "(the reason is printed; in --json, "
                              "no_hand where no hand was rebuilt, score.wins false where it does not win: score.error says why, or score.minimum_met false); 2 not read (a bad photo, a model missing).")
    p.add_argument("photo", help="image file (JPEG, PNG...), or - to read it from standard input")
    p.add_argument("--rules", default=None, metavar="|".join(RULES),
                   help="rebuild the hand and score it under these rules (without: the tiles and the hand "
                        "they make, unscored)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--explain", action="store_true",
                   help="with --rules: say under each scored line what the hand must show to score it")
    p.add_argument("--lang", choices=("en", "fr"), default="en",
                   help="the language of the reading and score as text (fr: French)")
    p.add_argument("--annotate", metavar="OUT", default=None,
                   help="write a copy of the photo with boxes, codes, groups and exposure drawn on it")
    p.add_argument("--no-decode", action="store_true",
                   help="keep the tiles as read (no hand-consistency decoding)")
    p.add_argument("--correct", action="append", default=[], metavar="N=CODE",
                   help="tile #N (numbered as the reading lists them) is CODE, e.g. --correct 3=5m: the hand is "
                        "rebuilt with it, and the tile-set profile read with (the active one, or --profile NAME) "
                        "learns it, as the review page's corrections teach it; repeat it for more tiles, all of a "
                        "photo's at once (corrected again, a photo's earlier lesson is replaced)")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--profile", default=None, metavar="NAME",
                       help="read with this saved tile-set profile (default: the active one, see mjtable calibrate)")
    which.add_argument("--no-profile", action="store_true", help="read with the base model only")
    p.add_argument("--data-dir", default=None,
                   help="where tile-set profiles live (default MJTABLE_DATA_DIR, else ~/.local/share/mjtable)")
    add_context_arguments(p)
    p.set_defaults(func=run)


def _profile(args):
    """The tile-set profile to read with: --profile NAME, else the active one (None: base model)."""
    if getattr(args, "no_profile", False):
        return None
    from vision.profile import ProfileDamaged, ProfileStore
    store = ProfileStore(getattr(args, "data_dir", None))
    name = getattr(args, "profile", None)
    if name:
        # a profile's file read as is learns nothing: `--correct` says so (a saved profile of the
        # same name as a file here was told it was a file)
        args.profile_from_file = Path(name).suffix == ".npz" and Path(name).is_file()
        return store.load_name_or_file(name)    # a saved name, or a profile's file, as eval takes it
    try:
        return store.active()
    except ProfileDamaged as e:   # set aside and deactivated: say so once, read with the base model
        args.profile_warning = str(e)
        print(f"warning: {e}", file=sys.stderr)
        return None


def _photo_bytes_once(photo: str):
    """``photo``'s bytes where it can be read only once (standard input, a pipe, ``<(...)``), read no
    further than the image gate's limit + 1 (a gigabyte piped in was held whole, /dev/zero ended in
    MemoryError); else the path, read by the reader. Read once, they serve the reading and
    --annotate both (the copy found the pipe already read: "the file is empty")."""
    import stat

    from vision.decode import MAX_BYTES
    if photo == "-":
        return sys.stdin.buffer.read(MAX_BYTES + 1)     # bytes, as `score -` reads text
    try:
        regular = stat.S_ISREG(os.stat(photo).st_mode)
    except OSError:
        return photo            # said by the reader ("cannot read ...")
    if regular:
        return photo
    try:
        with open(photo, "rb") as f:
            return f.read(MAX_BYTES + 1)
    except OSError:
        return photo


def run(args) -> int:
    import scorer
    from vision.errors import ImageError, ModelMissingError

    from ..context_args import context_from_args, options_from_args, own_stick
    from vision.profile import ProfileError

    from ..pipeline import TILES_ONLY_KEYS, CorrectionError, read_photo
    if args.rules is not None:
        args.rules = scorer.rules_name(args.rules)      # "HK" and "hongkong" are hk
    if args.annotate:
        problem = annotate_problem(args.photo, args.annotate)
        if problem:      # said before the reading, which would otherwise be lost with it
            return _fail(args, {"code": "bad_annotate", "message": problem})
    if args.rules == "all":
        # the reading and its hand depend on the rule set (flowers, the decoding's choices): one at a time
        return _fail(args, {"code": "unknown_rules", "message": "read scores under one rule set at a time (mcr, "
                            "riichi, hk or classical); to compare them, score the notation it prints: "
                            "mjtable score 'NOTATION' --rules all"})
    if args.photo != "-" and os.path.isdir(args.photo):
        # the reader names a file it cannot read by its last part ("cannot read trial: Is a directory")
        return _fail(args, {"code": "not_found", "message": f"{args.photo} is a folder: name one photo in it "
                            "(mjtable read PHOTO)"})
    if re.match(r"(?i)(https?|ftp)://", args.photo):
        # "cannot read hand.jpg: No such file or directory" named the address's last part
        return _fail(args, {"code": "not_found", "message": f"{args.photo} is a web address: download the photo "
                            "first, then name its file (mjtable read hand.jpg)"})
    photo = _photo_bytes_once(args.photo)
    if photo == b"" and args.photo != "-":      # a pipe or device with nothing in it: said of the file named
        from vision.decode import SEND_EMPTY_AGAIN
        return _fail(args, {"code": "empty", "message": f"{args.photo}: the file is empty; {SEND_EMPTY_AGAIN}"})
    if photo == b"":        # "the file is empty" named a file where there was none
        return _fail(args, {"code": "empty", "message": "nothing came on standard input: "
                            "send the photo there (mjtable read - < hand.jpg) or name its file"})
    try:
        corrections = parse_corrections(getattr(args, "correct", None) or ())
    except CorrectionError as e:
        return _fail(args, {"code": "bad_correction", "message": str(e)})
    try:
        context = context_from_args(args)
        if args.rules == "riichi":
            context = own_stick(context)
        options = options_from_args(args)
        profile = _profile(args)
        result = read_photo(photo, rules=args.rules, context=context or None, options=options or None,
                            decode=not args.no_decode, profile=profile, corrections=corrections or None)
    except CorrectionError as e:
        return _fail(args, {"code": "bad_correction", "message": str(e)})
    except ImageError as e:
        # the file named, and what to do with one too large (a beginner's 8000 × 8000 picture: the
        # command said the limit alone; then it sent a PNG to the web page, "which scales it down",
        # where it was refused too: a JPEG over the limit is read smaller here as there)
        said = e.to_dict()
        base = os.path.basename(args.photo)
        if args.photo != "-" and base != args.photo and said["message"].startswith((f"cannot read {base}:",
                                                                                   f"{base} is ")):
            # the path as typed: "cannot read exif6.jpg" sent a player to the exif6.jpg of this folder
            # (the reader names a file by its last part, as the web app's messages do)
            said["message"] = said["message"].replace(base, args.photo, 1)
        elif args.photo != "-" and base not in said["message"]:
            # named once ("nonexist.jpg: cannot read nonexist.jpg: ..." said it twice)
            said["message"] = f"{args.photo}: {said['message']}"
        if said.get("code") == "too_large":
            # (a JPEG is read smaller already; from standard input its format is not known here)
            said["message"] += ("; shrink it (a phone's 12 megapixels are plenty)"
                                if args.photo == "-" or _is_jpeg(args.photo) else
                                "; shrink it (a phone's 12 megapixels are plenty), or save it as a JPEG, which is read smaller")
        return _fail(args, said)
    except (scorer.HandError, scorer.RulesError) as e:
        return _fail(args, e.to_dict())
    except ProfileError as e:
        # the ways on, not only "calibrate again" (a profile of other weights stopped every reading)
        from .calibrate import profile_error_text
        message = profile_error_text(e)
        if message.endswith("calibrate this set again here with its layout photo"):
            message += "; or read without it (--no-profile), or stop using it (mjtable calibrate --deactivate)"
        return _fail(args, {"code": "bad_profile", "message": message})
    except FileNotFoundError as e:
        return _fail(args, {"code": "not_found", "message": str(e)})
    except ModelMissingError as e:      # a traceback and exit 1 ("no tile found"); the epilog says 2
        return _fail(args, {"code": "model_missing", "message": str(e)})
    if getattr(args, "profile_warning", None):
        result.setdefault("reading", {}).setdefault("warnings", []).append(args.profile_warning)
    lesson = _teach(args, photo, result, profile) if corrections else None
    if args.json:
        out = result if args.rules else {k: result[k] for k in TILES_ONLY_KEYS}
        if corrections:
            out = {**out, "corrections": result["corrections"], "lesson": lesson}
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        from ..render import Words
        words = Words(french=getattr(args, "lang", "en") == "fr")
        with words.context(args.rules if args.rules in scorer.RULE_SETS else None):
            print(format_reading(result, explain=getattr(args, "explain", False), words=words))
            if corrections:
                print(_lesson_said(lesson, result, french=words.french))
    if args.annotate:
        try:
            annotate(photo, result, args.annotate)
        except (OSError, ValueError, cv2_error()) as e:
            # the reading is printed first: a copy that cannot be written does not lose it
            print(f"error: {e}", file=sys.stderr)
            return 2
    face_up = any(not t.get("face_down") for t in result["tiles"])
    if (not face_up and not result.get("notation")) or (args.rules and result["score"] is None):
        # a script can tell a photo where nothing was found (no tile, or none face up: stripes read
        # as 88 backs) from a reading (it said 0)
        return 1
    if result["score"] is None:
        return 0
    # as `mjtable score` answers: a hand under MCR's 8-point minimum may not be declared
    from .score import declarable
    return 0 if declarable(scorer.ScoreResult.from_dict(result["score"])) else 1


def parse_corrections(texts) -> dict[int, str]:
    """``--correct N=CODE`` values as {tile index: code}; ``CorrectionError`` for one that is not so
    written."""
    from ..pipeline import CorrectionError
    corrections = {}
    for text in texts:
        index, _, code = text.partition("=")
        if not index.strip().lstrip("#").isdigit() or not code.strip():
            raise CorrectionError(f"--correct {text}: write the tile's number and its code, e.g. --correct 3=5m "
                                  "(tile #3 is a 5m)")
        corrections[int(index.strip().lstrip("#"))] = code.strip()
    return corrections


def _teach(args, photo, result: dict, profile) -> dict:
    """The corrected tiles of ``result`` (``read_photo``'s ``corrections``) taught to the profile
    the photo was read with, as the review page's corrections teach it
    (``webui.calibrate.learn_photo_tiles``, waited for here): cut as the reader sees them, and the
    photo's other upright tiles guarding the lesson (a code that would come to be read on one of
    them is not learnt). A photo corrected again replaces its earlier lesson (its key is the
    photo's content), said with how many tiles it had taught. Returns {"profile", "tiles",
    "unlearnt", "not_taught", "replaced"}: "profile" None when no profile learns (read with the
    base model, or from a profile's file); "error" where the lesson could not be saved (the
    reading stands)."""
    import hashlib

    from vision.profile import ProfileError
    from webui.calibrate import _guard_reading, base_reading, learn_recorded_hand
    from vision.calibration import learning_cuts
    tiles, changes = result["tiles"], result.get("corrections") or []
    # a sideways tile's crop is turned: the review page teaches upright tiles only, as here
    taught = [c for c in changes if not tiles[c["tile"]].get("sideways")]
    lesson = {"profile": None, "tiles": 0, "unlearnt": [], "replaced": 0,
              "not_taught": [c["tile"] for c in changes if c not in taught]}
    if profile is None:
        return lesson
    if not profile.uses_network or getattr(args, "profile_from_file", False):
        # a profile's file read as is (--profile FILE), or one of the first format: nothing saved learns
        return {**lesson, "unsaved": profile.name}
    lesson["profile"] = profile.name
    if not taught:
        # nothing to learn: an empty lesson would forget what this photo taught before
        return lesson
    data = photo if isinstance(photo, bytes) else Path(photo).read_bytes()
    key = "cli-" + hashlib.sha256(data).hexdigest()[:24]
    boxes = [tiles[c["tile"]]["box"] for c in taught]
    codes = [c["code"] for c in taught]
    # what the base model read there, and how surely: a sure misreading is learnt as one
    read_as = [base_reading({**c, "code": c["read"]}) if c["read"] != "?" else None for c in taught]
    fixed = {c["tile"] for c in changes}
    others = [t for i, t in enumerate(tiles) if i not in fixed and not t.get("face_down") and not t.get("sideways")
              and t.get("code")]
    try:
        crops, faces = learning_cuts(data, boxes)
        guard = (_guard_reading(data, [t["box"] for t in others], key), [t["code"] for t in others]) if others else None
        # the profile read with, by its name: not whichever is active once the lesson starts
        lesson["replaced"] = profile.taught_by(key)
        done = learn_recorded_hand(getattr(args, "data_dir", None), key, crops, codes, faces=faces,
                                   profile_name=profile.name, read_as=read_as, others=guard) or {}
    except (ProfileError, OSError) as e:
        # the reading is printed all the same (a full disk lost it, with a traceback)
        return {**lesson, "error": str(e)}
    lesson.update(profile=done.get("profile", profile.name), tiles=done.get("tiles", 0),
                  unlearnt=list(done.get("unlearnt") or ()))
    return lesson


def _lesson_said(lesson: dict, result: dict, french: bool = False) -> str:
    """What a reading's corrections taught, in a line (``_teach``'s ``lesson``)."""
    n = len(result.get("corrections") or ())
    name = repr(lesson["profile"] or lesson.get("unsaved"))       # « » in French (``i18n.french_message``)
    if lesson.get("unsaved"):
        line = (f"corrected {n} tile(s); the profile {name} does not learn them (a profile's file, or one made before "
                "profiles learnt: calibrate your set again, and the saved profile learns)")
    elif lesson["profile"] is None:
        line = (f"corrected {n} tile(s); read with the base model, no tile-set profile learns them (mjtable calibrate "
                "makes one of your tiles)")
    elif lesson.get("error"):
        line = f"corrected {n} tile(s); your tile set {name} could not learn them ({lesson['error']})"
    else:
        line = f"corrected {n} tile(s); your tile set {name} learnt {lesson['tiles']} of them"
        if lesson["unlearnt"]:
            line += (f"; not learnt: {' '.join(lesson['unlearnt'])} (learnt, it would make other tiles of this photo "
                     "read wrongly)")
        if lesson.get("replaced"):
            # one lesson a photo: correcting its next tile alone took back the first one's, unsaid
            line += (f"; what this photo taught before ({lesson['replaced']} tile(s)) is replaced: give all its "
                     "corrections at once")
    if lesson["not_taught"] and lesson["profile"] is not None:
        line += f"; not learnt, lying sideways: {len(lesson['not_taught'])} tile(s)"
    if french:
        from webui import i18n
        return i18n.french_message(line) or line
    return line


def _is_jpeg(path: str) -> bool:
    """Whether the file at ``path`` is a JPEG, as the image gate tells formats (``vision.decode.sniff``);
    False where it cannot be opened or told."""
    from vision.decode import ImageError, sniff
    try:
        with open(path, "rb") as f:
            return sniff(f.read(64)) == "jpeg"
    except (OSError, ImageError):
        return False


def _fail(args, error: dict) -> int:
    if args.json:
        print(json.dumps({"error": error}))
    elif getattr(args, "lang", "en") == "fr":
        # in French as the reading is (a bad photo, an unknown profile said in English)
        from ..render import Words
        with Words(french=True).context(None):
            from webui import i18n
            # a message without its French stays whole (its code alone, « introuvable », lost the file)
            message, prefix = error["message"], f"{args.photo}: "
            if message.startswith(prefix):       # the photo named before the reader's own message
                rest = message[len(prefix):]
                said = prefix + (i18n.french_message(rest) or rest)
            else:
                said = i18n.french_message(message) or message
            print(f"erreur : {said}", file=sys.stderr)
    else:
        print(f"error: {error['message']}", file=sys.stderr)
    return 2


#: The two warnings every photo of a hand row without its winning tile apart gave, each advising
#: to set it apart: said as one line (the review page asks which tile won instead of both).
NOT_APART = "the winning tile is not set apart: "
UPSIDE_DOWN = "the photo could also be read upside down (rows in the other direction): "


def _merged_warnings(warnings: list) -> list:
    texts = [str(w) for w in warnings]
    apart = next((w for w in texts if w.startswith(NOT_APART)), None)
    flip = next((w for w in texts if w.startswith(UPSIDE_DOWN)), None)
    if apart is None or flip is None:
        return texts
    merged = ("the winning tile is not set apart and the photo could also be read upside down (rows in the other "
              "direction): " + apart[len(NOT_APART):])
    return [merged if w is apart else w for w in texts if w is not flip]


#: A read tile's flags as the terminal says them
TILE_FLAGS = {"face_down": "face down", "sideways": "sideways", "unknown": "unknown face", "unsure": "unsure"}
#: The reading's stages, by their keys in ``timings_ms``
STAGES = {"load": "loading the models", "read": "reading", "group": "grouping", "decode": "decoding", "score": "scoring", "total": "total"}


def _shown(tile: dict) -> str:
    """A read tile as the terminal names it: its code, "--" face down, "?" for a face no code
    names (its code is a guess)."""
    return "?" if tile.get("unknown") else tile["code"] or "--"


def format_reading(result: dict, explain: bool = False, words=None) -> str:
    """The reading as the terminal prints it: the tiles, the hand rebuilt or why not, the
    warnings and the score; ``words``: ``render.Words`` (French too), default English."""
    from ..pipeline import UNSURE_BELOW
    from ..render import ENGLISH
    w = words or ENGLISH
    fig = (lambda v, d: f"{v:.{d}f}".replace(".", ",")) if w.french else (lambda v, d: f"{v:.{d}f}")
    profile = result.get("profile")
    count = len(result['tiles'])
    head = f"{count} tile{'' if count == 1 else 's'}" if not w.french else w.t("{n} tile(s)", n=count)
    lines = [head + (" (" + w.t("tile-set profile: {name}", name=profile) + ")" if profile else "") + w.colon()]
    unsure = []
    corrected = {c["tile"]: c for c in result.get("corrections") or ()}
    # tiles left out of a rebuilt hand (strays, discards far from it) are not in its score: an
    # unsure one is marked, but not listed among the tiles to check (a photo over the discards
    # listed two of them under its hand)
    left_out = {link["tile"] for link in (result.get("reading") or {}).get("links") or ()
                if link.get("role") == "ignored"} if result.get("notation") else set()
    for i, t in enumerate(result["tiles"]):
        flags = [f for f in ("face_down", "sideways", "unknown") if t.get(f)]
        if not t.get("face_down") and t["confidence"] < UNSURE_BELOW:
            flags.append("unsure")      # as the review page marks it: check it against the photo
            if i not in left_out:
                unsure.append(i)
        top = (" ; " if w.french else ", ").join(f"{c['code']} {fig(c['p'], 2)}" for c in t.get("top3", []))
        # in French with its words and decimal commas (« box [69.3, …]  top3: 1z 0.97 » stayed English)
        box = "[" + (" ; " if w.french else ", ").join(fig(v, 1) for v in t["box"]) + "]"
        lines.append(f"  #{i:<2} {_shown(t):<3} {fig(t['confidence'], 2)}  {w.t('box')} {box}"
                     + (f"  [{' '.join(w.t(TILE_FLAGS[f]) for f in flags)}]" if flags else "")
                     + (f"  {w.t('top 3:')} {top}" if top else "")
                     + ("  " + w.t("(base model: {code})", code=t["base_code"]) if t.get("base_code") else "")
                     + ("  " + w.t("[corrected: read {code}]", code=corrected[i]["read"]) if i in corrected else ""))
    reading = result["reading"]
    dec = reading.get("decoding") or {}
    if result["notation"]:
        lines.append(w.t("hand: {notation}  (layout confidence {confidence})", notation=result["notation"],
                         confidence=fig(reading["confidence"], 2)))
    else:
        why = result.get("no_hand")
        lines.append(w.t("hand: not rebuilt") + (f"{w.colon()} {w.msg(why)}" if why else ""))
    dora = ((result.get("hand") or {}).get("context") or {}).get("dora_indicators")
    if dora:        # read from the photo (or given): the score's dora line names only the tiles they make
        lines.append("  " + w.t("dora indicators") + w.colon() + " " + " ".join(dora))
    if unsure:
        lines.append("  " + w.t("unsure tiles, to check against the photo: {tiles}",
                                tiles=", ".join(f"#{i} {_shown(result['tiles'][i])}" for i in unsure)))
        # the reading's JSON holds a hand to edit only where one was rebuilt
        lines.append("  " + (w.t("to correct a tile, type the hand: mjtable score \"NOTATION\" with the same options, "
                                 "or edit the hand of --json and pipe it to mjtable score -") if result.get("hand") else
                             w.t("to correct a tile, type the hand: mjtable score \"NOTATION\" with the same options")))
        # a correction by the tile's number teaches the tile-set profile too, as the review page's does
        lines.append("  " + w.t("or read it again with --correct N=CODE for each misread tile (tile #N is CODE): the "
                                "hand is rebuilt with them, and your tile-set profile learns them"))
    for ch in dec.get("changes", []):
        lines.append("  " + w.t("changed tile #{tile}: {read} → {chosen} ({why})", tile=ch["tile"], read=ch["read"],
                                chosen=ch["chosen"], why=w.msg(ch["why"])))
    # every warning, as the review page lists them ("What the reader noticed"): a photo turned by
    # its pixels read to another winning tile, and the one line that said it could be was left out
    for said in _merged_warnings(reading["warnings"]):
        lines.append(f"  {w.t('warning')}{w.colon()} {w.msg(said)}")
    if result["score"] is not None:
        # the same rendering as `mjtable score`: units, the minimum's warning, what is not
        # counted and why, the settlement
        from scorer.result import ScoreResult

        from ..render import format_result
        lines.append(format_result(ScoreResult.from_dict(result["score"]), explain=explain, words=w))
    # what was not given is said by the score itself (assumed); without a score nothing used it
    lines.append(w.t("timings (ms):") + " " + (" ; " if w.french else ", ").join(
        f"{w.t(STAGES.get(k, k))} {fig(v, 1) if isinstance(v, (int, float)) else v}"
        for k, v in result["timings_ms"].items()))
    return "\n".join(lines)


_COLOURS = {"concealed": (80, 200, 80), "winning": (0, 215, 255), "meld": (255, 160, 0), "bonus": (200, 80, 200),
            "dora": (60, 60, 230), "unknown": (0, 0, 255), None: (128, 128, 128)}


#: What --annotate can write (OpenCV chooses its writer by the name's ending).
ANNOTATE_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff")


def annotate_problem(photo: str, out_path: str) -> str | None:
    """Why ``out_path`` cannot take the annotated copy of ``photo``, or None."""
    import os
    if not out_path.lower().endswith(ANNOTATE_SUFFIXES):
        return f"--annotate {out_path}: give an image file name ending .jpg or .png"
    folder = os.path.dirname(os.path.abspath(out_path))
    said = os.path.dirname(out_path) or folder      # as the player wrote it
    if not os.path.isdir(folder):
        return f"--annotate {out_path}: the folder {said} does not exist"
    if not os.access(folder, os.W_OK):
        return f"--annotate {out_path}: the folder {said} cannot be written to"
    if photo == "-":
        return None
    same = os.path.abspath(out_path) == os.path.abspath(photo)
    if not same and os.path.exists(out_path) and os.path.exists(photo):
        same = os.path.samefile(out_path, photo)
    if same:
        return f"--annotate {out_path} is the photo itself: give another file name, the photo is kept as it is"
    return None


def cv2_error():
    import cv2
    return cv2.error


#: The shorter side a photo is enlarged to before it is annotated, when it is smaller.
ANNOTATE_SIDE = 1200
#: ... and the longest its long side grows to.
ANNOTATE_LONGEST = 4000


def _label(image, text: str, org: tuple[int, int], colour, font_scale: float, thickness: int) -> None:
    """``text`` at ``org`` (its baseline's left end) in ``colour`` on a dark plate: green codes on
    green felt could not be read."""
    import cv2
    (w, h), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, font_scale, thickness)
    x, y = org
    pad = max(2, thickness + 1)
    cv2.rectangle(image, (x - pad, y - h - pad), (x + w + pad, y + base + pad // 2), (20, 20, 20), cv2.FILLED)
    cv2.putText(image, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, font_scale, colour, thickness, cv2.LINE_AA)


def annotate(photo: str | bytes, result: dict, out_path: str) -> None:
    """Draw each tile's box (colour = its group's kind), its code, its group number and its
    exposure (S sideways, D face down, + added), a frame around each group with what it was read
    as, and the hand's notation, on a copy of the photo."""
    import cv2

    from vision.decode import decode_image
    decoded = decode_image(photo)        # through the image gate, as the reading was
    image = decoded.image
    groups = {g["id"]: g for g in result["reading"]["groups"]}
    links = result["reading"]["links"]
    # A small photo is drawn on enlarged: its codes were a few pixels tall (a 640-px photo's labels
    # could hardly be read), whatever the font's scale.
    # (at most to ANNOTATE_LONGEST on the long side: a thin strip grew to 1,200 × 48,000)
    grow = max(1.0, min(ANNOTATE_SIDE / min(image.shape[:2]), ANNOTATE_LONGEST / max(image.shape[:2])))
    if grow > 1:
        image = cv2.resize(image, None, fx=grow, fy=grow, interpolation=cv2.INTER_CUBIC)
    # the boxes are in the photo's own pixels: a photo over the pixel limit is decoded at a half or
    # less (a 108-MP photo's boxes fell off its 6000-px copy)
    k = grow / decoded.scale
    if k != 1:
        result = {**result, "tiles": [{**t, "box": [v * k for v in t["box"]],
                                       "corners": t.get("corners") and [[x * k, y * k] for x, y in t["corners"]]}
                                      for t in result["tiles"]]}
    scale = max(0.4, min(image.shape[:2]) / 1200)
    for i, t in enumerate(result["tiles"]):
        link = links[i] if i < len(links) else {"group": None, "role": "unassigned"}
        kind = groups.get(link.get("group"), {}).get("kind")
        colour = _COLOURS.get(kind, _COLOURS[None])
        x0, y0, x1, y1 = (int(round(v)) for v in t["box"])
        if t.get("corners"):
            import numpy as np
            cv2.polylines(image, [np.array(t["corners"], np.int32)], True, colour, max(1, int(2 * scale)),
                          cv2.LINE_AA)
        else:
            cv2.rectangle(image, (x0, y0), (x1, y1), colour, max(1, int(2 * scale)))
        marks = ("S" if t.get("sideways") else "") + ("D" if t.get("face_down") else "") + \
            ("+" if link.get("role") == "added" else "")
        label = f"{t['code'] or '--'}{marks}"
        _label(image, label, (x0, max(int(20 * scale), y0 - 4)), colour, 0.6 * scale, max(1, int(1.5 * scale)))
        if link.get("group") is not None:
            _label(image, str(link["group"]), (x0 + 2, y1 - 4), colour, 0.5 * scale, max(1, int(scale)))
    # Each group: a frame around its tiles and what it was read as.
    import numpy as np
    values = {d.get("group"): d.get("value") for d in result["reading"].get("decisions", []) if d.get("group") is not None}
    for gid, g in groups.items():
        boxes = [result["tiles"][i]["box"] for i in g["tiles"] if i < len(result["tiles"])]
        if not boxes:
            continue
        pts = np.array([[x, y] for x0, y0, x1, y1 in boxes for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))],
                       np.float32)
        hull = cv2.convexHull(pts).astype(np.int32)
        colour = _COLOURS.get(g["kind"], _COLOURS[None])
        cv2.polylines(image, [hull], True, colour, 1, cv2.LINE_AA)
        x, y = int(pts[:, 0].min()), int(pts[:, 1].max()) + int(16 * scale)
        label = f"{gid} {g['kind']}" + (f": {values[gid]}" if isinstance(values.get(gid), str) else "")
        _label(image, label, (x, y), colour, 0.5 * scale, max(1, int(scale)))
    if result.get("notation"):
        _label(image, result["notation"], (10, int(30 * scale)), (255, 255, 255), 0.8 * scale, max(1, int(2 * scale)))
    if not cv2.imwrite(out_path, image):
        raise ValueError(f"cannot write {out_path}")
