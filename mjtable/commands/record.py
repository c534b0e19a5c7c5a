"""``mjtable record``: a game kept from the command line, as the game page keeps it: ``new`` starts
a game, ``win``, ``draw``, ``false-win`` (riichi: a chombo) and ``end`` record a hand, ``undo``
takes the last one back. Each answers with what the hand moved and the next deal. Players are
named as the game names them (or by seat, 1-4 in the order given); the web app's own routes
record them (webui/api.py), so the two never differ."""
from __future__ import annotations

import sys

from ..arg_types import whole_number

#: The win context a game works out itself (the winds, the seats, the counters) or asks apart
#: (``--discarder``, ``--self-drawn``, ``--riichi``, ``--liable``): not flags of ``record win``.
GAME_CONTEXT = ("self_drawn", "seat_wind", "round_wind", "discarder", "honba", "riichi_sticks", "riichi",
                "liable_player")


NOTE_HELP = "a note kept with the hand, as the game page's Note field"


def register(sub) -> None:
    p = sub.add_parser("record", help="start a game and record its hands from the command line",
                       description="Keep a game from the command line, as the web UI's game page does (the same "
                                   "game log: mjtable games lists and exports it).")
    acts = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    new = acts.add_parser("new", help="start a game")
    new.add_argument("--rules", required=True, help="mcr, riichi, hk or classical (mjtable score --help names them)")
    new.add_argument("--players", nargs=4, required=True, metavar=("EAST", "SOUTH", "WEST", "NORTH"),
                     help="the four players, in seat order from the first dealer")
    new.add_argument("--name", default="", help="the game's name (default: the players' names)")
    new.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                     help="a house rule (repeatable), as mjtable score --option takes it")
    new.add_argument("--half-game", action="store_true", help="riichi: the East round alone (a house rule)")
    new.add_argument("--tournament", action="store_true", help="riichi: a chombo costs 20,000 after uma")
    new.add_argument("--open-ended", action="store_true", help="no last round: the table stops when it wants")
    new.add_argument("--start-points", type=int, metavar="N",
                     help="riichi: each player's points at the start (a house rule; the rules: 30000)")
    new.add_argument("--uma", metavar="A,B,C,D",
                     help="riichi: the uma of the 1st to 4th places (a house rule; the rules: "
                          "15000,5000,-5000,-15000)")
    win = acts.add_parser("win", help="record a win")
    _game_arg(win)
    win.add_argument("hand", nargs="*", help="the winner's hand in notation (mjtable score --help shows it); several "
                                             "winners on one discard (riichi): one hand each, in --winner's order")
    win.add_argument("--photo", action="append", default=[], metavar="FILE",
                     help="instead of the notation: the winner's hand read from a photo, as mjtable read reads it "
                          "(with the active tile-set profile); repeated for several winners, in --winner's order")
    win.add_argument("--correct", action="append", default=[], metavar="N=CODE",
                     help="with one --photo: tile #N of its reading (numbered as mjtable read lists them) is CODE, "
                          "e.g. --correct 3=5m; the hand is rebuilt with it. The hand recorded from a photo teaches "
                          "its tiles to the active tile-set profile, as the web app's Record does; undo takes it back")
    win.add_argument("--winner", required=True, action="append", metavar="PLAYER",
                     help="who won: a name, or a seat 1-4; repeated for several winners on one discard")
    who = win.add_mutually_exclusive_group(required=True)
    who.add_argument("--discarder", metavar="PLAYER", help="who discarded the winning tile")
    who.add_argument("--self-drawn", action="store_true", help="the winning tile was drawn from the wall")
    win.add_argument("--riichi", nargs="+", default=[], metavar="PLAYER", help="riichi: who declared it this hand")
    win.add_argument("--liable", metavar="PLAYER", help="the player liable for the hand (bao, pao)")
    win.add_argument("--losers", nargs="+", default=[], metavar="PLAYER=POINTS",
                     help="classical: each other player's hand's points (all three), settled among the losers, East "
                          "double: --losers Ann=24 Cy=8 Di=0")
    win.add_argument("--note", default=None, help=NOTE_HELP)
    from ..context_args import add_context_arguments
    add_context_arguments(win, exclude=GAME_CONTEXT, options=False)
    draw = acts.add_parser("draw", help="record a draw (nobody won)")
    _game_arg(draw)
    draw.add_argument("--tenpai", nargs="+", default=[], metavar="PLAYER", help="riichi: who was tenpai")
    draw.add_argument("--riichi", nargs="+", default=[], metavar="PLAYER", help="riichi: who declared it this hand")
    draw.add_argument("--note", default=None, help=NOTE_HELP)
    false_win = acts.add_parser("false-win", help="record a false win (riichi: a chombo)")
    _game_arg(false_win)
    false_win.add_argument("offender", metavar="PLAYER", help="who declared it")
    false_win.add_argument("--amount", type=whole_number("amount", 1), default=None,
                           help="what the offender pays each other player, where the table sets it")
    false_win.add_argument("--note", default=None, help=NOTE_HELP)
    for name, said in (("undo", "take the last hand back"), ("end", "end the game here (the players stop)")):
        _game_arg(acts.add_parser(name, help=said))
    # a game started by mistake: its end is refused before a hand ("delete the game instead"),
    # which the command line had no way to do
    delete = acts.add_parser("delete", help="delete the game and all its hands, for good (with --yes)")
    _game_arg(delete)
    delete.add_argument("--yes", action="store_true", help="delete it (without, says what would go)")
    move = acts.add_parser("move", help="move a hand recorded into the wrong game to another game",
                           description="Move hand SEQ of GAME to game --to (same rules, still in play; at the end, or before the hands "
                                       "recorded there since it was played), "
                                       "as the game page's \"Move hand N to another game\" does: recorded there as "
                                       "entered, scored in its deal, and deleted here with the later hands replayed.")
    _game_arg(move)
    move.add_argument("seq", type=whole_number("hand number", 1), help="the hand's number in GAME")
    move.add_argument("--to", required=True, type=whole_number("game id", 1), metavar="GAME",
                      help="the game it goes to (mjtable games lists them)")
    # several pairs after one --as, as --losers takes them (--as Ann=Eve Bob=Fay refused its second pair)
    move.add_argument("--as", dest="as_players", action="extend", nargs="+", default=[], metavar="PLAYER=OTHER",
                      help="who a player of GAME is in the other game (one pair or several: --as Ann=Eve Bob=Fay, "
                           "after GAME and SEQ; --as may be repeated); the others: the player of the "
                           "same name there, else the one holding the same seat wind in the hand's deal there (its "
                           "dealer is East)")
    sub = acts.add_parser("substitute", help="a substitute takes a player's seat for the rest of the game",
                          description="NAME plays PLAYER's seat from the next hand on (or from --first), as the game "
                                      "page's \"A substitute takes a seat\" does: the seat keeps its points and turns to "
                                      "deal; each person is given the points of the hands they played.")
    _game_arg(sub)
    sub.add_argument("player", metavar="PLAYER", help="who leaves the table: a name, or a seat 1-4")
    sub.add_argument("name", metavar="NAME", help="the substitute's name")
    sub.add_argument("--first", type=whole_number("hand number", 2), default=None, metavar="HAND",
                     help="the first hand the substitute played, where it was recorded late (default: the next hand)")
    for q in (new, win, draw, false_win, move, sub, delete, *(acts.choices[n] for n in ("undo", "end"))):
        q.add_argument("--data-dir", default=None,
                       help="where the game log lives (default $MJTABLE_DATA_DIR or ~/.local/share/mjtable)")
        q.add_argument("--db", default=None, metavar="FILE", help="the game log's SQLite file, as mjtable serve --db names it")
        q.add_argument("--lang", choices=("en", "fr"), default="en",
                       help="the language of what it says (fr: French, as the game page says it)")
        q.set_defaults(func=run)


def _game_arg(parser) -> None:
    parser.add_argument("game", type=whole_number("game id", 1), help="the game's id (mjtable games lists them)")


class Refused(Exception):
    """What the command says before it exits with status 2, or 1 when ``no``: the hand is no win
    (no winning hand, under the minimum), the "answer is no" of ``mjtable --help``'s exit status,
    as ``mjtable score`` gives it."""

    def __init__(self, message: str, no: bool = False, whose: str | None = None, position: int | None = None,
                 below: tuple = ()):
        super().__init__(message)
        self.no = no
        # the winner whose hand it is about, the character at fault (counted from 0), and the lines
        # printed under the message (that notation and a caret): said around the message, which is
        # looked up in French whole
        self.whose, self.position, self.below = whose, position, below


#: The refusals of a win that say the hand is no win (webui.gamelog's HandRefused codes).
NO_WIN_CODES = ("not_complete", "below_minimum")


#: Letters a keyboard without them writes otherwise ("Duc" for « Đức »), beside the accents dropped.
_PLAIN_LETTERS = str.maketrans({"đ": "d", "ð": "d", "ø": "o", "ł": "l", "ß": "ss", "æ": "ae", "œ": "oe"})


def _plain(name: str) -> str:
    import unicodedata

    from webui.gamelog import name_key
    folded = unicodedata.normalize("NFKD", name_key(name).translate(_PLAIN_LETTERS))
    return "".join(c for c in folded if not unicodedata.combining(c))


def player_seat(text: str, players: list[str]) -> int:
    """A player named as the game names them (the case and accents as typed or not), or by the
    start of their name where one alone begins so, or by one word of it that one alone has, or by
    seat 1-4 (where no player is named so)."""
    from webui.gamelog import name_key
    # a player named so is that player, found below (players "2 1 B C": --winner 1 took seat 1, the
    # one named "2"); every seat stays reachable by its player's name
    if text.strip().isdigit() and 1 <= int(text) <= 4 and not any(name_key(p) == name_key(text) for p in players):
        return int(text) - 1
    either = None
    for same in ([i for i, p in enumerate(players) if name_key(p) == name_key(text)],
                 [i for i, p in enumerate(players) if _plain(p) == _plain(text)],
                 [i for i, p in enumerate(players) if text.strip() and _plain(p).startswith(_plain(text))],
                 # a word of the name: a Vietnamese player goes by the given name, which comes last
                 # (« An » of « Nguyễn Văn An » was refused)
                 [i for i, p in enumerate(players) if text.strip() and _plain(text) in _plain(p).split()]):
        if len(same) == 1:
            return same[0]
        if len(same) > 1 and either is None:
            # "An" of Ann and Anne was said to be no player of the game; said only where no later,
            # narrower way names one player ("An", the given name of "Bob An", beside "Ann Lee")
            either = [players[i] for i in same]
    if either:
        raise Refused(f"{text!r} could be {', '.join(either[:-1])} or {either[-1]}: name one of them "
                      f"whole (or a seat 1-4)")
    raise Refused(f"no player {text!r} in this game: name one of {', '.join(players)} (or a seat 1-4)")


def _liable(view: dict, winner: int, liable: int) -> str:
    """The liable player as the context gives it: seen from the winner, in the next deal's seats."""
    from webui import settlement
    if liable == winner:
        raise Refused("the liable player is another player than the winner")
    return settlement.relative_of(winner, liable, tuple(view.get("seating") or settlement.SEATED))


def _hand_of_photo(path: str, rules: str, args) -> dict:
    """The hand read from the photo ``path`` under ``rules`` (``mjtable read``'s reading, with the
    active tile-set profile), said as read so the table can check it; the game's own seats and
    counters are put in by the game. Refused when no winning hand is rebuilt from it."""
    from vision.errors import ImageError, ModelMissingError
    from vision.profile import ProfileError, ProfileStore

    from ..pipeline import CorrectionError, read_photo
    from .read import parse_corrections
    try:
        profile = ProfileStore(args.data_dir).active()
    except ProfileError:
        profile = None              # a profile set aside or of other weights: the base model, as the web app does
    try:
        corrections = parse_corrections(getattr(args, "correct", None) or ()) or None
        try:
            result = read_photo(path, rules=rules, profile=profile, corrections=corrections)
        except ProfileError as e:   # made with other classifier weights: a traceback, where the web reads on
            print(f"warning: {e}; read with the base model", file=sys.stderr)
            profile = None
            result = read_photo(path, rules=rules, corrections=corrections)
    except CorrectionError as e:
        raise Refused(str(e)) from None
    except ModelMissingError as e:     # a traceback: the reader's weights missing or damaged
        raise Refused(str(e)) from None
    except (ImageError, FileNotFoundError, OSError) as e:
        message = e.to_dict()["message"] if isinstance(e, ImageError) else (e.strerror or str(e))
        raise Refused(f"{path}: {message}") from None
    if not result.get("hand"):
        why = result.get("no_hand") or "no winning hand was rebuilt from it"
        raise Refused(f"{path}: {why}; check it with mjtable read {path}, then record its notation")
    # the dora indicators read beside the hand count in its score: said with it (a haneman's
    # indicator stood unsaid)
    from webui import i18n, score_sheet
    tr = i18n.t if args.lang == "fr" else score_sheet.english      # within run's request, in its language
    dora = ((result["hand"].get("context") or {}).get("dora_indicators") or []) if isinstance(result["hand"], dict) else []
    print(f"{path}: {result.get('notation')}" + (" " + tr("(dora indicators read: {tiles})", tiles=" ".join(dora))
                                                 if dora else ""))
    args.readings = getattr(args, "readings", []) + [(path, result, profile)]
    return result["hand"]


def _quoted(name: str, french: bool) -> str:
    """A profile's name quoted as the language quotes it: 'club set', « club set »."""
    return f"« {name} »" if french else repr(name)


def hand_key(hand_id) -> str:
    """The key a recorded hand's lesson is kept under in a tile-set profile (``teach_recorded``)."""
    return f"cli-hand-{hand_id}"


def teach_recorded(args, hand_id) -> dict | None:
    """The tiles of the hand just recorded from one photo (``args.readings``) taught to the profile
    it was read with, as the web app's Record teaches a reviewed hand (every upright face-up tile
    of the hand, confirmed with its code as recorded: corrected or decoded; no guard, its own tiles
    hold the rest in place: docs/calibration.md); under the hand's key, so that ``record undo``
    takes it back. None where no profile learns."""
    readings = getattr(args, "readings", None) or []
    if len(readings) != 1 or hand_id is None:
        return None
    path, result, profile = readings[0]
    if profile is None or not profile.uses_network:
        return None
    from vision.calibration import learning_cuts
    from webui.calibrate import base_reading, learn_recorded_hand
    tiles = result["tiles"]
    chosen = {c["tile"]: c["chosen"] for c in ((result.get("reading") or {}).get("decoding") or {}).get("changes") or ()
              if c.get("tile") is not None}
    placed = [i for g in (result.get("reading") or {}).get("groups") or () if g.get("kind") != "unknown"
              for i in g.get("tiles") or ()]
    taught = [i for i in placed if 0 <= i < len(tiles) and tiles[i].get("code") and not tiles[i].get("face_down")
              and not tiles[i].get("sideways")]
    if not taught:
        return None
    crops, faces = learning_cuts(path, [tiles[i]["box"] for i in taught])
    read_as = [base_reading(tiles[i]) for i in taught]
    # the profile read with, by its name: not whichever is active once the lesson starts
    return learn_recorded_hand(args.data_dir, hand_key(hand_id), crops, [chosen.get(i, tiles[i]["code"]) for i in taught],
                               faces=faces, read_as=read_as, profile_name=profile.name)


def forget_recorded(args, hand_id) -> dict | None:
    """What a hand recorded from a photo taught the active profile, taken back (``record undo``);
    None where it taught it nothing."""
    if hand_id is None:
        return None
    from vision.profile import ProfileError, ProfileStore
    try:
        profile = ProfileStore(args.data_dir).active()
    except ProfileError:
        return None
    if profile is None or not profile.uses_network or not profile.taught_by(hand_key(hand_id)):
        return None
    from webui.calibrate import learn_recorded_hand
    return learn_recorded_hand(args.data_dir, hand_key(hand_id), [], [])


def seat_at_table(text: str, view: dict) -> int:
    """The seat of the player named ``text`` among those at the table now (``player_seat``); a
    player who left is said to have left, with who plays the seat now ("no player 'Cy' in this
    game" was said of a player who had played its first eight hands)."""
    players = view.get("seated") or view["game"]["players"]
    try:
        return player_seat(text, players)
    except Refused as refused:
        if not str(refused).startswith("no player "):
            raise                           # "'An' could be Ann or Anne" stays so
        from webui.gamelog import name_key, seat_names
        for seat, names in enumerate(seat_names(view)):
            former = [n for n in names if name_key(n) != name_key(players[seat])]
            if former:
                try:
                    who = former[player_seat(text, former)]
                except Refused:
                    continue
                raise Refused(f"{who} left the table: {players[seat]} plays that seat now (name one of "
                              f"{', '.join(players)}, or a seat 1-4)") from None
        raise


def _is_hand(text: str) -> bool:
    """Whether ``text`` is a whole hand in notation (not a player's name)."""
    import scorer
    try:
        scorer.to_hand(text)
    except (scorer.HandError, ValueError):
        return False
    return True


def _body(args, view: dict) -> dict:
    seat = lambda name: seat_at_table(name, view)        # noqa: E731
    if args.action == "win":
        import scorer

        from ..context_args import context_from_args
        if not args.hand and not args.photo and args.riichi:
            # "--riichi Bob 123m... 2z", the order the usage shows: --riichi's names took the hand
            # in; a name that reads as a whole hand is the hand
            names = [n for n in args.riichi if not _is_hand(n)]
            args.hand, args.riichi = [n for n in args.riichi if _is_hand(n)], names
        if bool(args.hand) == bool(args.photo):
            raise Refused("give the hand in notation or --photo FILE, one of the two")
        try:
            context = context_from_args(args)
        except scorer.HandError as e:    # --dora 2p, --dora-indicators 2x: said, not a traceback
            # with the flag's value and a caret under the character at fault, as mjtable score says it
            text, below = getattr(e, "text", None), ()
            if isinstance(text, str) and e.position is not None:
                from .score import columns
                below = (f"  {text}", f"  {' ' * columns(text[:e.position])}^")
            raise Refused(e.message, position=e.position if below else None, below=below) from None
        if args.correct and len(args.photo) != 1:
            raise Refused("--correct corrects the tiles of one --photo: with several winners' photos, check each "
                          "with mjtable read PHOTO --correct N=CODE, then record their hands in notation")
        if args.photo:
            args.hand = [_hand_of_photo(path, view["game"]["rules"], args) for path in args.photo]
        if len(args.hand) != len(args.winner):
            # a word with no figure is no hand: most often the rest of a note or a name typed without
            # its quotes (`--note good hand` gave "hands given: 2" alone)
            stray = next((h for h in args.hand if not any(c.isdigit() for c in h)), None)
            if stray is not None:
                raise Refused(f"'{stray}' is not a hand in notation: a note or a name of several words "
                              f"goes in quotes (--note \"good hand\")")
            raise Refused(f"give one hand per --winner, in the same order (hands given: {len(args.hand)}, "
                          f"winners: {len(args.winner)})")
        winners = [seat(w) for w in args.winner]
        discarder = None if args.self_drawn else seat(args.discarder)
        if len(winners) == 1:
            body = {"hand": args.hand[0], "winner": winners[0], "discarder": discarder,
                    "context": dict(context)}
        else:
            if args.liable:
                raise Refused("--liable takes one winner: record a hand of several winners with a liable player "
                              "on the game page (mjtable serve)")
            # each winner with the same flags (--ippatsu...): the game page's form asks them apart
            body = {"winners": [{"winner": w, "hand": h, "context": dict(context)}
                                for w, h in zip(winners, args.hand)], "discarder": discarder}
        if args.riichi:
            body["riichi"] = [seat(p) for p in args.riichi]
        if args.losers:
            body["losers"] = _losers(args.losers, seat)
            # the players at the table now (a substitute's seat is theirs), and under classical rules
            # alone: other games refuse the losers' settlement for what it is
            seated = view.get("seated") or view["game"]["players"]
            given_winner = [seated[i] for i in winners if body["losers"][i] is not None]
            if given_winner and view["game"]["rules"] == "classical":
                # "Bob missing" was said of a winner's points given among the losers' (Ann=4 for Bob's)
                raise Refused(f"--losers gives the points of the losers' hands: {', '.join(given_winner)} won "
                              "this hand; give the points of " + ", ".join(
                                  seated[i] for i in range(4) if i not in winners))
            missing = [seated[i] for i in range(4) if i not in winners and body["losers"][i] is None]
            if missing and view["game"]["rules"] == "classical":
                # the game log's "each loser's hand asks its points" did not say whose were missing
                raise Refused(f"--losers gives the points of each loser's own hand: {', '.join(missing)} missing")
        if args.liable:
            body["context"]["liable_player"] = _liable(view, winners[0], seat(args.liable))
    elif args.action == "draw":
        body = {"kind": "draw", "tenpai": [seat(p) for p in args.tenpai], "riichi": [seat(p) for p in args.riichi]}
    elif args.action == "false-win":
        body = {"kind": "penalty", "offender": seat(args.offender),
                **({"amount": args.amount} if args.amount is not None else {})}
    else:
        body = {"kind": "end"}
    if getattr(args, "note", None):
        body["note"] = args.note
    return body


def _losers(pairs: list[str], seat) -> list:
    """``--losers NAME=POINTS ...`` as the game log takes them: each seat's points, None where
    none is given (the winner); the figures are the game's to check."""
    out: list = [None] * 4
    for pair in pairs:
        who, sep, points = pair.rpartition("=")
        if not sep or not who.strip() or not (points.strip().isdigit() and points.strip().isascii()
                                              and len(points.strip()) <= 9):
            raise Refused(f"--losers takes PLAYER=POINTS, a whole number of points (Cy=8), not {pair!r}")
        at = seat(who.strip())
        if out[at] is not None:
            raise Refused(f"--losers names {who.strip()} twice")
        out[at] = int(points)
    return out


def _move_seats(args, players: list[str], others: list[str], seats: list[int]) -> list[int]:
    """The other game's seat of each of ``players``: ``--as PLAYER=OTHER`` where given, else
    ``seats`` (by name, else by seat wind: ``gamelog.default_seats``); a seat given to one player
    is taken from the one who had it, who gets theirs in exchange."""
    seats = list(seats)
    named, taken = set(), set()
    for pair in args.as_players:
        mine, sep, theirs = pair.partition("=")
        if not sep or not mine.strip() or not theirs.strip():
            raise Refused(f"--as takes PLAYER=OTHER (a player of game {args.game}, then who they are in game "
                          f"{args.to}), not {pair!r}")
        try:
            i, j = player_seat(mine, players), player_seat(theirs, others)
        except Refused as e:
            # which side: PLAYER is of this game, OTHER of the other one (a pair given the other way round)
            raise Refused(f"--as {pair}: {e} (PLAYER=OTHER: a player of game {args.game}, then who they are in "
                          f"game {args.to})") from None
        if i in named or j in taken:
            # a later pair undid an earlier one without a word (the swap gave a seat twice)
            raise Refused(f"--as names {players[i] if i in named else others[j]} twice: each player once")
        named.add(i)
        taken.add(j)
        k = seats.index(j)
        seats[i], seats[k] = j, seats[i]
    return seats


def _hand_line(view: dict, seq, french: bool = False) -> str:
    """The hand recorded as the score sheet says it, with what each player's points moved:
    "hand 1 (E1, Ann deals): Bob 21 on Ann's discard; Ann -29, Bob +45, Cy -8, Di -8";
    ``french``: as the French game page says it (within a request whose language is French)."""
    from webui import gamelog, i18n, score_sheet
    hand = next((h for h in view["hands"] if h["seq"] == seq), None)
    if hand is None:
        return ""
    tr, number = (i18n.t, i18n.number) if french else (score_sheet.english, i18n.english_number)
    # the names of the hand: who played it (a substitute sat in: gamelog.played_by)
    players, flow = gamelog.played_by(view["game"], hand), gamelog.flow_of(view["game"])
    what = score_sheet.result_text(hand, players, flow, tr, number)
    if hand["kind"] == "end":
        # the end is a line of the game, no hand: "hand 6: the players ended..." read as a sixth hand
        return tr("{what}, after hand {n}", what=what, n=seq - 1)
    moved = ", ".join(f"{p} {number(d, signed=True) if d else '0'}" for p, d in zip(players, hand["deltas"]))
    deal = gamelog.round_label(hand, flow, tr)
    return tr("hand {n} ({deal}, {dealer} deals): {what}; {moved}", n=seq, deal=deal, dealer=players[hand["dealer"]],
              what=what, moved=moved)


def _score_warnings(view: dict, hand: dict) -> list[str]:
    """What each winner's scoring said of the hand (a liable player it left out, the context
    these rules do not use), as ``mjtable score`` says it: the game page shows it on the hand."""
    from ..render import unused_text
    from webui import gamelog
    out = []
    players = gamelog.played_by(view["game"], hand)
    wins = hand.get("wins") or ([{"winner": hand["winner"], "score": hand["score"]}] if hand.get("score") else [])
    for w in wins:
        score = w.get("score") or {}
        who = f"{players[w['winner']]}: " if len(wins) > 1 and w.get("winner") is not None else ""
        out += [f"{who}{m}" for m in score.get("warnings") or []]
        if score.get("unused"):
            out.append(f"{who}{unused_text(view['game']['rules'], score['unused'])}")
    return out


def _player_named(text: str, view: dict) -> str:
    """The name of the player ``text`` names at the table (``seat_at_table``), else ``text``."""
    try:
        return (view.get("seated") or view["game"]["players"])[seat_at_table(text, view)]
    except Refused:
        return text


def _hand_at_fault(args, error: dict, view: dict) -> dict:
    """Where a refused win's error lies, as ``Refused`` says it: whose hand, where several winners
    were given (a trial's "too many tiles" named neither), and the character at fault with the
    notation and a caret under it, as ``mjtable score`` shows a typo."""
    import re

    from .score import columns
    m = re.match(r"(?:winners\[(\d+)\]\.)?hand\b", str(error.get("field") or ""))
    if m is None or not args.hand:
        return {}
    k = int(m.group(1) or 0)
    # the player as the game names them ("--winner 3" or "cy" named "3's hand", "cy's hand")
    out = {"whose": _player_named(args.winner[k], view)} if len(args.winner) > 1 and k < len(args.winner) else {}
    # the position counts in the notation as the server reads it, stripped
    typed = args.hand[k] if k < len(args.hand) else None
    position, typed = error.get("position"), typed.strip() if isinstance(typed, str) else None
    if isinstance(position, int) and isinstance(typed, str) and 0 <= position <= len(typed):
        out.update(position=position, below=(f"  {typed}", f"  {' ' * columns(typed[:position])}^"))
    return out


def _said(response, game=None) -> str:
    error = (response.get_json(silent=True) or {}).get("error") or {}
    said = error.get("message") or response.status
    if said.endswith("(delete the game instead)"):
        # the command line's way to it
        said = said[:-1] + f": mjtable record delete {game if game is not None else 'GAME'} --yes)"
    if error.get("code") == "game_over":
        # the command line has undo, not edit: it offered a command that is not there
        said += (f" (here: mjtable record undo {game if game is not None else 'GAME'} takes back the last hand; a hand "
                 "is edited on the game's page of the web app, mjtable serve)")
    return said


def run(args) -> int:
    from ..french_lines import said_in
    from .games import web_log_said
    # its own refusals too, in French with --lang fr; no warning of the app's: every action records,
    # and a read-only log's refusal says why
    with said_in(args.lang), web_log_said(None):
        return _record(args)


def _record(args) -> int:
    from .games import log_path, open_log, sheet_text
    database = log_path(args.data_dir, args.db)
    if args.action != "new" and not database.is_file():
        print(f"error: no game log at {database} (mjtable record new starts a game; --data-dir or --db names "
              "another game log)", file=sys.stderr)
        return 2
    had_log = database.is_file()
    app, _scratch = open_log(database, args.data_dir, args.db)
    if app is None:
        return 2
    client = app.test_client()
    with app.test_request_context(f"/?lang={args.lang}"):
        code = _run(args, client, sheet_text)
        if args.action == "new" and not had_log and code == 0:
            # where, when the log was made now (a mistyped --data-dir made a fresh log unsaid)
            from webui import i18n
            print((i18n.t if args.lang == "fr" else _english)("a new game log was made at {path}", path=database))
        return code


def _english(text: str, **fields) -> str:
    return text.format(**fields)


def _run(args, client, sheet_text) -> int:
    from vision.profile import ProfileError
    from webui import i18n, score_sheet
    french = args.lang == "fr"
    # as the game page says it: in French with --lang fr (everything it said was English)
    tr = i18n.t if french else score_sheet.english
    said = i18n.msg if french else (lambda text: text)
    if french:      # in the rule set's own words (riichi's « ouvreur », 002)
        from webui.store import get_store
        try:
            import scorer
            # by the rule set's own name: "classique" said the dealer « croupier », not « banquier »
            i18n.use_rules_terms(get_store().get_game(args.game)["rules"] if args.action != "new"
                                 else scorer.rules_name(args.rules))
        except Exception:  # noqa: BLE001 - a game not found is said below, as the API says it
            pass
    try:
        if args.action == "new":
            from ..context_args import options_from_args
            import scorer
            try:
                options = options_from_args(args)
            except scorer.RulesError as e:
                raise Refused(e.message) from None
            flow = {k: True for k, on in (("east_only", args.half_game), ("tournament", args.tournament),
                                          ("open_ended", args.open_ended)) if on}
            if args.start_points is not None:
                flow["start_points"] = args.start_points
            if args.uma is not None:
                try:
                    flow["uma"] = [int(a) for a in args.uma.replace(" ", "").split(",")]
                except ValueError:
                    raise Refused("--uma takes four whole numbers separated by commas, 1st place first, "
                                  f"not {args.uma!r}") from None
            r = client.post("/api/games", json={"name": args.name, "rules": args.rules, "players": args.players,
                                                "options": options, "flow": flow})
            if r.status_code != 201:
                raise Refused(_said(r))
            view = r.get_json()
            print(tr("game {id} started: {name} ({rules})", id=view["game"]["id"], name=view["game"]["name"],
                     rules=i18n.rules_title(view["game"]["rules"]) if french else view["game"]["rules"]))
            print(sheet_text(view, french=french).split("\n", 1)[1])
            return 0
        r = client.get(f"/api/games/{args.game}")
        if r.status_code != 200:
            # an id past SQLite's integers is no game either (it said the web's "there is nothing at
            # this address")
            raise Refused(f"no game {args.game}" if r.status_code == 404 else _said(r))
        view = before = r.get_json()
        if args.action == "delete":
            # counted as the listing counts them ("8 hands and 1 chombo"; "its 9 hands" here read as
            # a hand more than the game had)
            from webui.store import PLAYED_KINDS
            hands = tr("{n} hand(s)", n=sum(h["kind"] in PLAYED_KINDS for h in view["hands"]))
            penalties = sum(h["kind"] == "penalty" for h in view["hands"])
            if penalties:
                hands += " " + tr("and {n} chombo(s)" if view["flow"]["has_riichi"] else "and {n} false win(s)",
                                  n=penalties)
            if not args.yes:
                # what it would do, nothing done: status 1 ("the answer is no"), as games --restore
                # without --yes says it (this one was an error, status 2: a script told them apart)
                print(tr("deleting game {id} ({name}) removes its {hands} for good: add --yes",
                         id=args.game, name=view["game"]["name"], hands=hands))
                return 1
            r = client.delete(f"/api/games/{args.game}", json={})
            if r.status_code != 200:
                raise Refused(_said(r))
            print(tr("game {id} ({name}) deleted, with its {hands}", id=args.game, name=view["game"]["name"], hands=hands))
            return 0
        if args.action == "undo":
            # the hand read just now, or nothing: a hand recorded meanwhile from a phone is not undone
            # in its place (``hand_id``, as the game page guards its Undo)
            last = (view.get("hands") or [])[-1:]
            r = client.post(f"/api/games/{args.game}/undo", json={"hand_id": last[0]["id"]} if last else {})
        elif args.action == "substitute":
            body = {"player": player_seat(args.player, view.get("seated") or view["game"]["players"]),
                    "name": args.name, **({"first": args.first} if args.first is not None else {})}
            r = client.post(f"/api/games/{args.game}/substitute", json=body)
        elif args.action == "move":
            other = client.get(f"/api/games/{args.to}")
            if other.status_code != 200:
                raise Refused(_said(other))
            # the others as the page offers them: by name, else by the seat wind where the hand goes;
            # worked out here to be said (a move gave the win to another name, unsaid)
            from webui import gamelog
            from webui.store import NotFound, get_store
            with client.application.app_context():
                store = get_store()
                try:
                    h = store.get_hand(args.game, args.seq)
                    target = store.get_game(args.to)
                except NotFound as e:
                    raise Refused(str(e)) from None
                offered = gamelog.default_seats(view["game"], h, target, gamelog.move_place(store, h, target)[1])
            players, others = gamelog.played_by(view["game"], h), gamelog.seated_now(target)
            seats = _move_seats(args, players, others, offered)
            r = client.post(f"/api/games/{args.game}/hands/{args.seq}/move",
                            json={"to": args.to, "seats": seats, "hand_id": h["id"]})
        else:
            r = client.post(f"/api/games/{args.game}/hands", json=_body(args, view))
        if r.status_code not in (200, 201):
            # a move refused for a game over is the other game's: its undo, not this one's
            error = (r.get_json(silent=True) or {}).get("error") or {}
            where = _hand_at_fault(args, error, view) if args.action == "win" else {}
            raise Refused(_said(r, args.to if args.action == "move" else args.game),
                          no=error.get("code") in NO_WIN_CODES, **where)
        answer = r.get_json()
        # a hand moved is said in the game it went to, whose standing follows
        view = client.get(f"/api/games/{args.to if args.action == 'move' else args.game}").get_json()
    except Refused as e:
        message = said(str(e))
        if e.whose:
            message = tr("{player}'s hand: {message}", player=e.whose, message=message)
        if e.position is not None:
            message += f" ({tr('character {n}', n=e.position + 1)})"
        print(f"{'erreur :' if french else 'error:'} {message}", file=sys.stderr)
        for line in e.below:
            print(line, file=sys.stderr)
        return 1 if e.no else 2
    text = sheet_text(view, french=french).split("\n")
    if args.action == "undo":
        removed = answer.get("removed") or {}
        forgot = forget_recorded(args, removed.get("id")) if isinstance(removed, dict) else None
        if isinstance(removed, dict) and "seq" in removed:
            # what it was, as it was recorded: the table checks the right entry went
            print(tr("undone: {hand}", hand=_hand_line(before, removed["seq"], french)
                     or tr("hand {n}", n=removed["seq"])))
            # taken back at once, as a table's undo is; said how it comes back (the web page's
            # Undo asks first, and a trial found no word of the history that keeps it)
            print(tr("kept in the game's history: “Restore the end of the game” under “History of changes” on the "
                     "game's page (mjtable serve) ends it there again") if removed.get("kind") == "end" else
                  tr("kept in the game's history: “Restore this hand” under “History of changes” on the game's "
                     "page (mjtable serve) puts it back"))
        else:
            print(tr("last hand undone"))
        if forgot:
            print(tr("your tile set {name} no longer learns from that hand ({n} tile(s))",
                     name=_quoted(forgot["profile"], french), n=-forgot["tiles"]))
    elif args.action == "substitute":
        done = answer["substitute"]
        print(tr("{name} takes the seat of {replaced} from hand {n}", name=done["name"], replaced=done["replaces"],
                 n=done["first"]))
    elif args.action == "move":
        print(tr("hand {n} of game {game} moved to game {to}, as its {hand}", n=args.seq, game=args.game, to=args.to,
                 hand=_hand_line(view, (answer.get("hand") or {}).get("seq"), french)))
        if any(gamelog.name_key(p) != gamelog.name_key(others[s]) for p, s in zip(players, seats)):
            # who is who there, where a name changed (by seat wind, or --as): the win went to another name
            print(tr("who is who there: {pairs} (--as PLAYER=OTHER to choose)", pairs=", ".join(
                tr("{player} as {other}", player=p, other=others[s]) for p, s in zip(players, seats))))
    else:
        print(_hand_line(view, (answer.get("hand") or {}).get("seq"), french))
        try:
            lesson = teach_recorded(args, (answer.get("hand") or {}).get("id")) if args.action == "win" else None
        except (ProfileError, OSError) as e:
            # recorded all the same: the lesson alone is lost, and said
            lesson = None
            print(f"{tr('warning')}{i18n.colon() if french else ':'} "
                  + tr("the tile set could not learn this hand ({error})", error=e), file=sys.stderr)
        if lesson:
            print(tr("your tile set {name} learnt this hand's {n} tile(s)", name=_quoted(lesson["profile"], french),
                     n=lesson["tiles"]))
    warnings = [w.get("message", w) if isinstance(w, dict) else w for w in answer.get("warnings") or []]
    warnings += _score_warnings(view, answer.get("hand") or {})
    for warning in warnings:
        print(f"{tr('warning')}{i18n.colon() if french else ':'} {said(warning)}")
    if any("edit the hand" in w for w in warnings):
        print("  " + tr("(from the command line: mjtable record undo {game}, then record the hand again)", game=args.game))
    print(text[1].strip())
    # the heading in the sheet's language: the English one, looked for in French, stopped every
    # French game's end with a traceback
    from .games import final_heading
    print(text[-1] if not view.get("final") else "\n".join(text[text.index(final_heading(french)):]))
    return 0
