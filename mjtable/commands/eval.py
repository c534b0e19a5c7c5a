"""``mjtable eval TARGET``: every measurement, one family of commands.

- ``reader PATH``: the tile reader on a YOLO-format folder (images/, labels/, class names in
  data.yaml beside or above it), a markdown report with plots; ``mjtable eval PATH`` still works;
- ``calibration``: one-photo calibration on held-out tile sets (alias ``mjtable eval-calibration``);
- ``grouping``: grouping and decoding on generated scenes (alias ``mjtable report grouping``);
- ``scorer-speed``, ``read-speed``, ``first-read-speed``: the speed benchmarks (aliases
  ``mjtable bench scorer|read|first-read``).

The targets' modules are imported only when chosen, except to list their options."""
from __future__ import annotations

from pathlib import Path


# Most tiles a rendered heap may be asked for: a whole set is 144, and placing the tiles of a
# heap grows with the square of their number.
MAX_PILE_TILES = 200


def measurement_targets() -> dict[str, str]:
    """The family's targets that live in their own modules: name → module."""
    from .bench import TARGETS as BENCH
    from .report import TARGETS as REPORTS
    return {**REPORTS, **{f"{name}-speed": module for name, module in BENCH.items()}}


#: Reader settings (``vision.reader.ReaderConfig``) one run can set: option -> (setting, whether 0
#: turns it off, metavar, help).
READER_NUMBERS = {
    "--second-floor": ("second_read_floor", False, "P", "a tile counts towards a reading's weight when read at P "
                       "or surer (default vision.reader.SECOND_READ_FLOOR)"),
    "--second-margin": ("second_read_margin", False, "SHARE", "the second detector's reading wins with more than "
                        "SHARE more such tiles (default vision.reader.SECOND_READ_MARGIN)"),
    "--second-backs-overlap": ("second_backs_overlap", True, "IOU", "add the face-down tiles of the reading not kept "
                               "that overlap none of the kept tiles by IOU (default vision.reader."
                               "SECOND_BACKS_OVERLAP; 0: add none)"),
    "--read-floor": ("read_floor", True, "P", "leave out face-up tiles read at less than P, detector x classifier "
                     "(default vision.reader.READ_FLOOR; 0: keep every reading)"),
    "--small-read-share": ("small_read_share", True, "SHARE", "leave out face-up tiles whose box is under SHARE of "
                           "the photo's median (default vision.reader.SMALL_READ_SHARE; 0: keep them)"),
    "--small-read-sure": ("small_read_sure", False, "P", "judge small tiles by the median of those read at P or "
                          "surer, when there are enough (default vision.reader.SMALL_READ_SURE; 0: every read)"),
    "--nested-share": ("nested_share", True, "SHARE", "leave out face-up tiles whose box and a surer tile's box "
                       "nest, the smaller SHARE or more inside the other (default vision.reader.NESTED_SHARE; 0: keep "
                       "them)"),
    "--elongated-share": ("elongated_share", True, "SHARE", "leave out face-up tiles read unsure whose box is SHARE "
                          "times as elongated as the photo's median (default vision.reader.ELONGATED_SHARE; 0: keep "
                          "them)"),
    "--edge-floor": ("edge_floor", True, "P", "leave out face-up tiles read under P whose box reaches the picture's "
                     "edge (default vision.reader.EDGE_FLOOR; 0: keep them)"),
    "--edge-sliver-share": ("edge_sliver_share", True, "SHARE", "leave out face-up tiles whose box reaches the "
                            "picture's edge and whose short side is under SHARE of the photo's median (default "
                            "vision.reader.EDGE_SLIVER_SHARE; 0: keep them)"),
    "--screen-flat-range": ("screen_flat_range", True, "LEVELS", "read a picture with flat bands (rows spanning at "
                            "most LEVELS grey levels) as a phone screenshot, leaving out what lies in its bars "
                            "(default vision.reader.SCREEN_FLAT_RANGE; 0: off)"),
    "--dark-p99": ("dark_p99", True, "LEVEL", "brighten a photo whose 99th percentile of grey levels is under LEVEL "
                   "(default vision.reader.DARK_P99; 0: read every photo as it is)"),
    "--shade-gain": ("shade_gain", True, "GAIN", "even out a photo's light when a region needs GAIN times its light or "
                     "more to match the lit part (default vision.reader.SHADE_GAIN; 0: off)"),
    "--sharpen-above": ("sharpen_above", True, "SOFTNESS", "sharpen a photo whose softness (vision.reader.softness) "
                        "is over SOFTNESS (default vision.reader.SHARPEN_ABOVE; 0: off)"),
    "--dark-body-below": ("dark_body_below", True, "POLARITY", "read a photo with its lightness turned over when "
                          "its face-up crops' median lightness polarity is under POLARITY: a dark-bodied set "
                          "(vision.dark_bodies; default vision.reader.DARK_BODY_BELOW; 0: off)"),
    "--dark-body-unsure": ("dark_body_unsure", True, "POLARITY", "read a photo both ways, keeping the surer reading, "
                           "when that median lies from --dark-body-below up to POLARITY (default "
                           "vision.reader.DARK_BODY_UNSURE; 0: off)"),
    "--upright-votes": ("upright_votes", True, "VOTES", "read a photo again turned upright when its faces point "
                        "another way by VOTES more than any other (vision.face_up; default vision.reader."
                        "UPRIGHT_VOTES; 0: never)"),
}
TARGET_NAMES = ("reader", "calibration", "grouping", "scorer-speed", "read-speed", "first-read-speed")
TARGET_HELP = {
    "grouping": "grouping and decoding on generated scenes (alias: report grouping)",
    "scorer-speed": "the scorer's time per hand (alias: bench scorer)",
    "read-speed": "latency per stage of one photo (alias: bench read)",
    "first-read-speed": "a cold `mjtable read` and the web app's first photo (alias: bench first-read)",
}


def register(sub) -> None:
    from ..targets import add_targets
    from . import eval_calibration
    p = sub.add_parser("eval", help="every measurement: " + ", ".join(TARGET_NAMES),
                       description="Measurements. `mjtable eval PATH` is `mjtable eval reader PATH`.")
    targets = p.add_subparsers(dest="target", metavar="TARGET")
    reader = targets.add_parser("reader", help="the tile reader on a labelled photo folder (alias: eval PATH)")
    add_reader_arguments(reader)
    calibration = targets.add_parser("calibration", help="one-photo calibration on held-out tile sets "
                                     "(alias: eval-calibration)",
                                     description=eval_calibration.DESCRIPTION)
    eval_calibration.add_arguments(calibration)
    add_targets(targets, measurement_targets(), "measure", TARGET_HELP)


def rewrite_argv(argv: list[str]) -> list[str]:
    """``mjtable eval PATH ...`` (no target named) is ``mjtable eval reader PATH ...``."""
    if len(argv) > 1 and argv[0] == "eval" and argv[1] not in TARGET_NAMES and argv[1] not in ("-h", "--help"):
        return ["eval", "reader", *argv[1:]]
    return argv


def add_reader_arguments(p) -> None:
    p.add_argument("path", type=Path, help="YOLO-format folder, e.g. ../shared/data/chinese-mahjong-detection/test")
    p.add_argument("--out", type=Path, default=Path("build/eval"), help="report folder (default build/eval)")
    p.add_argument("--detector", default=None, help="detector weights (default models/detector/detector.pt)")
    p.add_argument("--classifier", default=None, help="classifier weights (default models/classifier/classifier.pt)")
    p.add_argument("--backend", choices=("auto", "onnx", "torch"), default="auto",
                   help="run the models from their ONNX export (onnx), by torch, or the export when it is "
                        "current for the weights (auto, the default; `mjtable export` writes it)")
    p.add_argument("--conf", type=float, default=None, help="detector confidence threshold (default the reader's)")
    p.add_argument("--nms-iou", type=float, default=None,
                   help="detector overlap above which two detections are one tile (default the detector's)")
    p.add_argument("--imgsz", type=int, default=None,
                   help="detector input size (default: the size it was trained at)")
    p.add_argument("--limit", type=int, default=None, help="only the first N images")
    p.add_argument("--render-style", default=None,
                   help="first render PATH as a labelled set of scenes in this artwork style (e.g. gl, the "
                        "style kept out of training; several: comma-separated)")
    p.add_argument("--scenes", type=int, default=40, help="with --render-style: number of scenes")
    p.add_argument("--odd-faces", type=int, default=0, metavar="N",
                   help="with --render-style: 1 to N tiles a scene show a face no code names (a joker, another "
                        "game's tile), labelled 'odd'")
    p.add_argument("--piles", action="store_true",
                   help="with --render-style: every scene a heap of touching tiles at any angle")
    p.add_argument("--pile-tiles", default=None, metavar="LO-HI",
                   help="with --piles: tiles per heap, e.g. 60-100 (default 8-39; more tiles, smaller in the frame)")
    p.add_argument("--classifier-only", action="store_true",
                   help="score the classifier alone on the labelled boxes (no detector)")
    p.add_argument("--only-prefix", default=None, help="with --classifier-only: only images whose name starts so")
    p.add_argument("--second-detector", default=None, metavar="WEIGHTS",
                   help="read each photo also with these detector weights and keep the reading with clearly "
                        "more confident tiles (default: models/detector/detector_second.pt when no --detector "
                        "is given; vision.reader.SECOND_DETECTOR_WEIGHTS)")
    for flag, (_, _, metavar, what) in READER_NUMBERS.items():
        p.add_argument(flag, type=float, default=None, metavar=metavar, help=what)
    p.add_argument("--one-detector", action="store_true",
                   help="read with the first detector only (no second reading)")
    p.add_argument("--tileness", type=Path, default=None, metavar="FILE", action="append",
                   help="read with this tile/not-tile probe (python -m vision_lab.tileness_fit --out FILE) instead "
                        "of those beside the classifier's weights; given twice, with both together")
    p.add_argument("--no-tileness", action="store_true",
                   help="keep every face-up detection (no tile/not-tile probe, vision/tileness.py)")
    p.add_argument("--oddity", type=Path, default=None, metavar="WEIGHTS",
                   help="tell faces no code names with these oddity weights (vision/oddity.py; an oddity.json "
                        "beside them) instead of the shipped ones")
    p.add_argument("--no-oddity", action="store_true",
                   help="name every face as some code (no oddity model: vision.reader.ODDITY)")
    p.add_argument("--no-rectify", action="store_true",
                   help="cut every tile by its axis-aligned box (no turn estimated, vision.crops.RECTIFY)")
    p.add_argument("--no-foreshortening", action="store_true",
                   help="judge each box alone: no row of wide boxes also read as upright tiles seen from low "
                        "(vision.crops.row_squash; docs/rulings.md)")
    p.add_argument("--quarter-turn", type=float, default=None, metavar="MARGIN",
                   help="also read turned a quarter each crop whose tile's shape left its length open; keep "
                        "that reading when surer by MARGIN; a negative MARGIN turns this off "
                        "(default vision.reader.QUARTER_TURN_MARGIN)")
    p.add_argument("--zoom-below", type=float, default=None, metavar="PX",
                   help="look again, enlarged, at the tiles' region when the tiles found span fewer than PX "
                        "of the detector's input pixels; 0 turns the second look off (default "
                        "vision.reader.ZOOM_BELOW)")
    p.add_argument("--face-margin", type=float, default=None, metavar="MARGIN",
                   help="also cut each face-up tile by its face's corners (vision/corners.py) and keep that "
                        "reading when surer by MARGIN; a negative MARGIN turns this off (default "
                        "vision.reader.FACE_MARGIN)")
    p.add_argument("--corners", type=Path, default=None, metavar="ONNX",
                   help="find the faces' corners with this corner model (python -m vision_lab.train_corners) "
                        "instead of models/corners/corners.onnx")
    p.add_argument("--one-look", action="store_true",
                   help="read each picture as it stands: no turned or unstretched looks (vision/looks.py)")
    p.add_argument("--no-weak-rescue", action="store_true",
                   help="keep no detection under the detector's threshold, however surely it is read "
                        "(vision.reader.WEAK_RESCUE)")
    p.add_argument("--raw-labels", action="store_true",
                   help="read the photos' labels as published, without the checked label errata "
                        "(datasets/label_errata.csv, vision_lab/errata.py)")
    p.add_argument("--profile", default=None, metavar="NAME|FILE",
                   help="read with this tile-set profile (docs/calibration.md): a saved one's name (in --data-dir) "
                        "or a profile file (.npz); without it no profile is used, even where one is active")
    p.add_argument("--data-dir", default=None,
                   help="with --profile NAME: where profiles live (default MJTABLE_DATA_DIR, else ~/.local/share/mjtable)")
    p.set_defaults(func=run)


def _eval_profile(args, reader):
    """The tile-set profile ``--profile`` names (a file, else a saved profile's name), checked
    against the ``reader``'s classifier; None without ``--profile``. Raises ``ProfileError``."""
    if args.profile is None:
        return None
    from vision.profile import ProfileStore
    return ProfileStore(args.data_dir).load_name_or_file(args.profile, reader.classifier)


def _second_detector(args):
    if args.one_detector:
        return None
    if not args.second_detector:
        return "auto"
    from vision.detector import load_detector
    return load_detector(args.second_detector, args.backend,
                         **({"imgsz": args.imgsz} if args.imgsz else {}))


def _probe_file(paths: list[Path]):
    from vision.tileness import ProbeUnion, TilenessProbe
    for path in paths:
        if not path.is_file():
            raise SystemExit(f"no probe file {path} (python -m vision_lab.tileness_fit --out {path})")
    probes = [TilenessProbe.load(path) for path in paths]
    return probes[0] if len(probes) == 1 else ProbeUnion(probes)


def run(args) -> int:
    import sys
    import json
    from vision_lab.evaluate import evaluate
    from vision.reader import TileReader
    from vision.reader import ReaderConfig
    # The options become the reader's config: nothing is set on the vision modules.
    settings = {"foreshortening": not args.no_foreshortening}
    if args.no_rectify:
        settings["rectify"] = False
    if args.quarter_turn is not None:
        settings["quarter_turn_margin"] = None if args.quarter_turn < 0 else args.quarter_turn
    if args.zoom_below is not None:
        settings["zoom_below"] = args.zoom_below or None
    if args.face_margin is not None:
        settings["face_margin"] = None if args.face_margin < 0 else args.face_margin
    if args.one_look:
        settings["looks"] = False
    if args.no_weak_rescue:
        settings["weak_rescue"] = None
    for flag, (setting, zero_is_off, _, _) in READER_NUMBERS.items():
        value = getattr(args, flag[2:].replace("-", "_"))
        if value is not None:
            settings[setting] = (value or None) if zero_is_off else value
    config = ReaderConfig(**settings)
    if args.piles and not args.render_style:
        print("mjtable eval: --piles needs --render-style (the styles to render the heaps in)", file=sys.stderr)
        return 2
    if args.odd_faces and not args.render_style:
        print("mjtable eval: --odd-faces needs --render-style (the styles to render the scenes in)", file=sys.stderr)
        return 2
    if args.tileness and args.no_tileness:
        print("mjtable eval: --tileness and --no-tileness contradict each other", file=sys.stderr)
        return 2
    if args.only_prefix is not None and not args.classifier_only:     # it was ignored without a word
        print("mjtable eval: --only-prefix applies with --classifier-only", file=sys.stderr)
        return 2
    pile_tiles = None
    if args.pile_tiles is not None:
        try:
            lo, hi = (int(v) for v in args.pile_tiles.split("-"))
            if not 1 <= lo <= hi <= MAX_PILE_TILES:
                raise ValueError
        except ValueError:
            print(f"mjtable eval: --pile-tiles wants LO-HI with 1 <= LO <= HI <= {MAX_PILE_TILES}, "
                  f"not {args.pile_tiles!r}", file=sys.stderr)
            return 2
        if not args.piles:
            print("mjtable eval: --pile-tiles needs --piles", file=sys.stderr)
            return 2
        pile_tiles = (lo, hi)
    if args.render_style and (args.path / "data.yaml").exists():
        # A rendered set is kept and read again: say so, since the options given now do not apply.
        print(f"mjtable eval: {args.path} already holds a set; reading it as it is (--render-style, --scenes, "
              f"--piles and --pile-tiles apply only when a new set is rendered)", file=sys.stderr)
    elif args.render_style:
        from vision_lab.datasets import build_rendered_eval_set
        fresh = not args.path.exists()
        try:
            build_rendered_eval_set(args.path, styles=tuple(args.render_style.split(",")), n_scenes=args.scenes,
                                    piles=args.piles, pile_tiles=pile_tiles, odd_faces=args.odd_faces)
        except ModuleNotFoundError as e:
            # a traceback, and empty images/ and labels/ left behind, for an extra not installed
            if fresh:
                import shutil
                shutil.rmtree(args.path, ignore_errors=True)
            print(f"mjtable eval: rendering {args.render_style} needs the {e.name} package: "
                  ".venv/bin/pip install -e '.[eval]' (and Debian's libcairo2)", file=sys.stderr)
            return 2
    from vision_lab.evaluate import folder_problem
    problem = folder_problem(args.path)
    if problem:
        print(f"mjtable eval: {problem}", file=sys.stderr)
        return 2
    if args.classifier_only:
        from vision.classifier import load_classifier
        from vision_lab.evaluate import evaluate_classifier
        try:
            result = evaluate_classifier(args.path, load_classifier(args.classifier, args.backend), out=args.out,
                                         only_prefix=args.only_prefix, config=config, errata_on=not args.raw_labels,
                                         corner_finder=_corner_finder(args.corners))
        except ValueError as e:
            print(f"mjtable eval: {e}", file=sys.stderr)
            return 2
        print(json.dumps({k: v for k, v in result.items() if k not in ("per_class", "errors")}, indent=1))
        print(f"report: {args.out / 'report.md'}", file=sys.stderr)     # stdout stays one JSON document (jq)
        return 0
    reader = TileReader(detector_weights=args.detector, classifier_weights=args.classifier, detector_conf=args.conf,
                        detector_iou=args.nms_iou, detector_imgsz=args.imgsz, backend=args.backend,
                        config=config, second_detector=_second_detector(args),
                        **({"tileness": None} if args.no_tileness else
                           {"tileness": _probe_file(args.tileness)} if args.tileness else {}),
                        **({"oddity": None} if args.no_oddity else
                           {"oddity": _oddity_model(args.oddity, args.backend)} if args.oddity else {}),
                        **({"corner_finder": _corner_finder(args.corners)} if args.corners else {}))
    from vision.profile import ProfileError
    try:
        profile = _eval_profile(args, reader)
    except ProfileError as e:
        from .calibrate import profile_error_text
        print(f"mjtable eval: {profile_error_text(e)}", file=sys.stderr)
        return 2
    # progress on stderr: stdout is the one JSON document ("20/238 images" lines came before it)
    result = evaluate(args.path, reader, out=args.out, limit=args.limit, errata_on=not args.raw_labels,
                      log=lambda line: print(line, file=sys.stderr), profile=profile)
    summary = {k: v for k, v in result.items() if k not in ("per_class", "errors")}
    print(json.dumps(summary, indent=1))
    print(f"report: {args.out / 'report.md'}", file=sys.stderr)     # stdout stays one JSON document (jq)
    return 0


def _corner_finder(path: Path | None):
    """The corner model at ``path``; None: the shipped one, when present."""
    from vision.corners import CornerFinder, shipped_corner_finder
    return CornerFinder(path) if path is not None else shipped_corner_finder()


def _oddity_model(weights: Path, backend: str):
    from vision.oddity import ODDITY_FILE, load_oddity
    model = load_oddity(weights, backend)
    if model is None:
        raise SystemExit(f"mjtable eval: {weights} is no oddity model with a threshold fitted for it "
                         f"({ODDITY_FILE} beside it: python -m vision_lab.oddity_fit)")
    return model
