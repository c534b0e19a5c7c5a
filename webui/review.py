"""Review and score: the photo with its overlay, the hand as tiles with corrections, the
context form, the result and the same hand under the other rule sets (docs/webui.md). Each
correction is re-scored at once through ``POST /review/score``."""
from __future__ import annotations

import collections

from flask import Blueprint, Response, current_app, flash, jsonify, redirect, render_template, request, session, url_for

import scorer
from mjtable.pipeline import UNSURE_BELOW
from scorer.flow.riichi import sticks_taken

from . import calibrate, drafts, gamelog, i18n, scoring, settlement, teaching, validation
from .errors import notation_excerpt
from .games import flash_false_win, flash_recorded
from .store import DuplicateRequest, NotFound, get_store

bp = Blueprint("review", __name__)


@bp.record_once
def _setup(state):
    from . import i18n
    drafts.init_app(state.app)
    i18n.init_app(state.app)


#: Context the player is asked at once; the rest waits under "More about this hand".
#: A riichi's ippatsu and ura dora too, asked once riichi is ticked (the game page asks them at
#: once; here they waited under "More about this hand", where a riichi winner nearly always needs
#: the ura dora).
MAIN_CONTEXT = ("self_drawn", "seat_wind", "round_wind", "discarder", "riichi", "dora_indicators", "honba",
                "riichi_sticks", "ippatsu", "ura_dora_indicators")
#: Context that only matters for some hands: asked only when the hand has a kong, was won on a
#: discard, has an exposed meld, or was won in riichi (review.js shows and hides them).
NEEDS = {"kong_replacement": "kong", "double_kong": "kong", "robbing_kong": "discard", "discarder": "discard",
         "liable_player": "exposed", "bao_exempt": "exposed", "ippatsu": "riichi", "ura_dora_indicators": "riichi"}
#: The picker, one suit per row.
PICKER_ROWS = [[f"{n}{s}" for n in range(1, 10)] for s in "mps"] + [[f"{n}z" for n in range(1, 8)],
                                                                     ["0m", "0p", "0s"], [f"{n}f" for n in range(1, 9)]]


def _winning_tile_matters(hand: dict | None, rules: str, options: dict | None = None,
                          drawn_known: bool = False) -> bool | None:
    """Whether another standing tile taken as the winning tile would score otherwise (then the
    page asks which tile won, when the photo did not show it set apart); None where it cannot be
    told: no hand, or no tile taken as the winning one makes a hand that scores (the page said
    "any of them scores the same" under "no complete hand"). ``drawn_known``: the hand's context
    says whether it was self-drawn (a winner and discarder chosen), else both are tried."""
    if not hand:
        return None
    if scorer.tiles.is_bonus_code(hand.get("winning_tile")):
        return False        # won on the eighth flower (004 6D): no standing tile won
    scored = False
    try:
        # on a discard and self-drawn alike: either may tell two winning tiles apart (a pung a
        # discard completes is exposed, the same pung self-drawn concealed)
        known = bool((hand.get("context") or {}).get("self_drawn"))
        for drawn in (known,) if drawn_known else (False, True):
            totals = set()
            for code in dict.fromkeys(hand.get("concealed") or []):
                context = {**(hand.get("context") or {}), "self_drawn": drawn}
                h = scorer.to_hand({**hand, "winning_tile": code, "context": context})
                r = scorer.score(h, rules, options)
                totals.add((r.valid, r.total))
                scored = scored or r.valid
                if len(totals) > 1:
                    return True
    except (scorer.HandError, scorer.RulesError):
        return True
    return False if scored else None


def _context_fields(rules: str) -> list[dict]:
    return [{**f, "main": f["name"] in MAIN_CONTEXT, "need": NEEDS.get(f["name"])}
            for f in scoring.context_fields(rules)]


#: A tile read below ``UNSURE_BELOW`` (mjtable.pipeline) is marked unsure on the review page ("check it").
#: As many unsure tiles as this in one photo: the set is likely new to the reader, and the page
#: offers to type the hand or to teach the reader the set (a player corrected tile after tile).
UNSURE_MANY = 4


def dora_read(reading: dict | None) -> list[str]:
    """The codes of the face-up tiles a photo's reading took for dora indicators (its groups of
    kind "dora"), in their order."""
    reading = reading or {}
    tiles = reading.get("tiles") or []
    out = []
    for group in (reading.get("reading") or {}).get("groups") or []:
        if group.get("kind") == "dora":
            out += [tiles[i]["code"] for i in group.get("tiles") or []
                    if 0 <= i < len(tiles) and tiles[i].get("code") and not tiles[i].get("face_down")]
    return out


def unsure_tiles(reading: dict | None) -> int:
    """How many face-up tiles of a photo's reading are unsure (read below ``UNSURE_BELOW``)."""
    return sum(1 for t in (reading or {}).get("tiles") or []
               if not t.get("face_down") and (t.get("confidence") or 1) < UNSURE_BELOW)


def _profile_active() -> bool:
    """Whether a tile-set profile is active (then a corrected tile teaches it)."""
    from flask import current_app

    from vision.profile import ProfileError, ProfileStore
    try:
        return ProfileStore(current_app.config.get("DATA_DIR")).active_slug() is not None
    except (ProfileError, OSError, ValueError):
        return False


def _profile_saved(name: str | None) -> bool:
    """Whether the tile-set profile ``name`` (the one a photo was read with) is still saved: a
    hand read with a profile deleted since named it as if it could be chosen."""
    from flask import current_app

    from vision.profile import ProfileError, ProfileStore
    if not name:
        return False
    try:
        return ProfileStore(current_app.config.get("DATA_DIR")).exists(name)
    except (ProfileError, OSError, ValueError):
        return False


def _read_profile_fate(reading: dict | None) -> dict:
    """What the page says of the tile-set profile a photo was read with: still saved under its
    name (``read_profile_saved``), else its name now where it was renamed (``read_profile_renamed``:
    the profiles are looked through only then)."""
    saved = _profile_saved((reading or {}).get("profile"))
    home = None if saved else read_profile_now(reading)
    return {"read_profile_saved": saved, "read_profile_renamed": home[1] if home and home[0] == "saved" else None}


def read_profile_now(reading: dict | None) -> tuple[str, object] | None:
    """Where the tile-set profile a photo was read with is now (``calibrate.lesson_home``: saved
    under its name as it is now, or its copy kept when a new calibration replaced it), by when it
    was made; None when it is neither, or the reading gives no date (read before it was kept)."""
    from flask import current_app

    from vision.profile import ProfileError
    name, created = (reading or {}).get("profile"), (reading or {}).get("profile_created")
    if not name or not isinstance(created, (int, float)):
        return None
    try:
        return calibrate.lesson_home(current_app.config.get("DATA_DIR"), name, float(created))
    except (ProfileError, OSError, ValueError):
        return None


def _round_winds(game: dict | None, *deals) -> list[str]:
    """The round winds the page offers: a game's own rounds (a riichi game's hand put in a West
    round went on there), and the round of a recorded hand opened again, whatever it is (left out,
    the menu showed East under a score of its own round)."""
    winds = set(gamelog.played_rounds(game) if game else settlement.WINDS)
    winds.update(d["round_wind"] for d in deals if d and d.get("round_wind") in settlement.WINDS)
    return [w for w in settlement.WINDS if w in winds]


def _page(draft=None):
    store = get_store()
    gid = request.args.get("game", type=int)
    recorded = drafts.recorded(store, draft["id"]) if draft is not None else None
    if recorded:
        # a photo recorded already opens in its game (opened alone, it offered to record it again;
        # opened at its address in the game it was moved from, it was headed by that game)
        gid = recorded["game_id"]
    stored = game = store.get_game(gid) if gid is not None else None
    if game is not None:            # the names at the table now: a substitute's for the seat they took
        game = {**game, "players": gamelog.next_names(store, game)}
    state = drafts.state(store, draft["id"]) if draft is not None else None
    recorded_deal = None
    if game is not None and recorded and recorded.get("game_id") == game["id"]:
        # a photo recorded already: named as its hand was played (a substitute seated since), in its
        # own deal (the page showed the game's next dealer and round wind beside it)
        done = store.get_hand(game["id"], recorded["seq"])
        game["players"] = gamelog.played_by(stored, done)
        recorded_deal = {"dealer": done["dealer"], "round_wind": done["round_wind"],
                         "order": list(gamelog.deal_played(done).seating)}
        state = _as_recorded(state, done)
    rules = game["rules"] if game else (request.args.get("rules") or (state or {}).get("rules")
                                        or gamelog.usual_rules(store))
    scorer.get_rule_set(rules)
    if not game and request.args.get("rules"):
        gamelog.remember_rules(rules)       # chosen on this page (its rules menu) or the photo page
    i18n.use_rules_terms(rules)
    hand = None
    correcting = None
    notation = request.args.get("hand", "")
    correct = request.args.get("correct", type=int)
    if draft is None and game is not None and correct is not None:
        # a recorded hand opened in the tile editor from its page (one typed as notation had no
        # way there): the page acts as for a recorded draft, its change carried to the hand's edit form
        kept = store.get_hand(game["id"], correct)
        game["players"] = gamelog.played_by(stored, kept)      # who played it
        if kept["kind"] == "win":
            recorded = {"game_id": game["id"], "seq": kept["seq"]}
            notation = notation or kept.get("notation") or ""
            # the hand as it was recorded: its winner (the one asked for, of several), discarder,
            # deal and context, not the next hand's (its score changed as the page opened)
            wins = gamelog.wins_of(kept)
            asked = request.args.get("winner", type=int)
            win = next((w for w in wins if w["winner"] == asked), wins[0] if wins else None)
            if win is not None:
                correcting = {"winner": win["winner"], "discarder": kept["discarder"], "dealer": kept["dealer"],
                              "round_wind": kept["round_wind"], "riichi": kept.get("riichi") or [],
                              "order": list(gamelog.deal_played(kept).seating),
                              "context": {k: v for k, v in (win.get("context") or {}).items()
                                          if k not in ("seat_wind", "round_wind", "discarder")}}
    if draft is not None:
        hand = draft["reading"].get("hand")
        notation = draft["reading"].get("notation") or ""
    elif notation:
        try:
            hand = scorer.to_hand(notation).to_dict()
        except scorer.HandError:
            hand = None  # the page shows the notation and the parser's message
    view = gamelog.standing(store, game["id"]) if game else None
    if game:
        last = store.last_hand(game["id"])
        view["next_seq"] = (last["seq"] if last else 0) + 1       # sent back with Record (expect_seq)
        view["edits"] = store.count_edits(game["id"])              # and the edits known (expect_edits)
    remembered = gamelog.remembered_context(game) if game else {}
    if view and view.get("round_wind"):         # the next deal's, not the last win's (reading_context)
        remembered["round_wind"] = view["round_wind"]
    if draft is not None:
        # What the photo showed (dora indicators) and what the reading was given.
        remembered.update((hand or {}).get("context") or {})
        dora = dora_read(draft["reading"]) if hand is None and not remembered.get("dora_indicators") else []
        if dora:
            # no hand built: the dora indicators read still fill their field (the page said "5
            # beside it as dora indicators" above an empty field)
            remembered["dora_indicators"] = dora
    for counter in ("honba", "riichi_sticks"):    # the counters on the table, from the game
        # as the game has them now, over a draft's: a draft read before two draws were recorded
        # showed 0 counters while its score counted the game's 2
        value = view.get(counter, (view.get("next") or {}).get(counter)) if view else None
        if value is not None:
            remembered[counter] = value
    if correcting is not None:
        remembered.update(correcting["context"])
    # a photo read (or a hand typed) before its game was opened: the games it can still be recorded
    # into, to choose from here (its corrections kept), instead of reading the photo again or
    # typing the hand again from the game's page
    open_games = [] if game is not None or correcting is not None else [
        g for g in gamelog.games_with_state(store, limit=50) if not g["finished"]]
    # the game this browser last had open first: a referee's hand typed outside a game went into the
    # newest table's game, offered first, instead of the one being kept
    last = session.get("last_game")
    # and the games of the rules the hand is scored by before the others (a beginner's riichi hand
    # was offered the club's MCR game first)
    open_games.sort(key=lambda g: (g["rules"] != rules, g["id"] != last))
    return render_template(
        "review.html", draft=draft, game=game, view=view, rules=rules, open_games=open_games,
        rule_sets=scoring.available_rules(), context_fields=_context_fields(rules),
        rules_title=i18n.rules_title(rules), winning_matters=_winning_tile_matters(hand, rules), picker_rows=PICKER_ROWS, js_text=i18n.js_text(),
        change_texts=i18n.change_texts(),
        option_fields=scoring.option_fields(rules), remembered=remembered,
        options=(game or {}).get("options", {}), hand=hand, notation=notation,
        winds=_round_winds(game, correcting, recorded_deal), state=state, recorded=recorded,
        profile_active=_profile_active(), unsure=unsure_tiles(draft["reading"] if draft else None),
        # what this draft's corrections last taught: after a reload, a correction set back by hand
        # is then taken back (the page, starting from none, took the two for the same)
        taught=drafts.kept_lesson(store, draft["id"])[0] if draft else [],
        **_read_profile_fate(draft["reading"] if draft else None),
        unsure_many=UNSURE_MANY, unsure_below=UNSURE_BELOW,
        dora_photo=dora_read(draft["reading"]) if draft and not recorded else [],
        false_win=scoring.false_win_offer(rules, gamelog.flow_of(game) if game else None),
        tournament=bool(game and getattr(gamelog.flow_of(game), "tournament", False)),
        correcting=correcting, recorded_deal=recorded_deal)


def _as_recorded(state: dict | None, done: dict) -> dict | None:
    """A recorded draft's saved page (``state``) with the winner, discarder and riichi declarers of
    the hand as it is recorded now (``done``): moved to a game where the players sit elsewhere, or
    edited on the game page, the draft ticked the seats it was saved with (the winner of the other
    game's seat 1)."""
    if state is None or done.get("kind") != "win":
        return state
    wins = gamelog.wins_of(done)
    form = dict(state.get("form") or {})
    if len(wins) > 1:
        # one winner's hand of several: the one whose tiles the draft holds (its saved winner is a
        # seat of the game it was saved in; moved, that seat may be the other winner's here)
        win = max(wins, key=lambda w: (_tiles_shared(state, w), str(w["winner"]) == form.get("winner")))
    else:
        win = wins[0] if wins else None
    if win is None:
        return state
    form["winner"] = str(win["winner"])
    form["discarder"] = "" if done.get("discarder") is None else str(done["discarder"])
    seats = [f"riichi_seat_{i}" for i in range(4)]
    for name in seats:
        form.pop(name, None)
    form.update({f"riichi_seat_{i}": "1" for i in done.get("riichi") or []})
    fields = list(dict.fromkeys([*(state.get("fields") or form), "winner", "discarder", *seats]))
    return {**state, "form": form, "fields": fields}


def _tiles_shared(state: dict, win: dict) -> int:
    """How many of a win's tiles a draft's saved hand holds (red fives as fives)."""
    drafted = collections.Counter(scorer.tiles.normalize(t["code"]) for g in state.get("groups") or []
                                  if g.get("kind") != "bonus" for t in g.get("tiles") or []
                                  if isinstance(t.get("code"), str))
    try:
        held = collections.Counter(map(scorer.tiles.normalize, scorer.to_hand(win["hand"], {}).all_tiles))
    except (scorer.HandError, KeyError, TypeError):
        return 0
    return sum((drafted & held).values())


@bp.get("/review/new")
def manual():
    return _page()


@bp.get("/review/<draft_id>")
def draft(draft_id):
    return _page(get_store().get_draft(draft_id))


@bp.get("/photos/<int:photo_id>.jpg")
def photo(photo_id):
    p = get_store().get_photo(photo_id)
    return Response(p["jpeg"], mimetype="image/jpeg", headers={"Cache-Control": "private, max-age=3600"})


def _seats(data, view: dict, kept: dict | None = None):
    """Winner, discarder, dealer and round wind of a hand being reviewed inside a game
    (``view``: the game's standing, ``gamelog.standing``; ``kept``: the recorded hand it
    corrects, whose deal it was played in, even in a game over since)."""
    winner = data.get("winner")
    if winner in (None, ""):
        return None
    winner = gamelog._player_index(winner, "winner")
    discarder = gamelog._player_index(data.get("discarder"), "discarder", allow_none=True)
    if discarder == winner:
        raise gamelog.GameError("bad_field", "the winner cannot have discarded the winning tile",
                                field="discarder")
    # ``order``: the players in turn order as seated in that deal; under MCR they change seats
    # between rounds (scorer.flow.chinese.MCR_SEATING), and the winner's seat wind follows them
    if kept is not None:        # its deal is the one it was played in, whatever the page's fields say
        return {"winner": winner, "discarder": discarder, "dealer": kept["dealer"], "round_wind": kept["round_wind"],
                "order": gamelog.deal_played(kept).seating}
    if view["next"] is None:
        raise gamelog.game_over()
    if winner in (view["next"].get("barred") or ()):
        # said when the winner is tapped, not at Record only (an MCR club's trial)
        raise gamelog.GameError("bad_field", gamelog.flow_of(view["game"]).barred_winner_refusal(), field="winner")
    dealer = gamelog._player_index(data.get("dealer", view["next"]["dealer"]), "dealer")
    wind = gamelog._wind(data.get("round_wind") or view["next"]["round_wind"])
    return {"winner": winner, "discarder": discarder, "dealer": dealer, "round_wind": wind,
            "order": tuple(view.get("seating") or settlement.SEATED)}


@bp.post("/review/score")
def score():
    """JSON in (``hand``, ``rules``, ``form`` fields, optional ``game`` and seats), the result
    as an HTML fragment plus the scorer's JSON out. Malformed hands answer 200 with the message
    in the fragment: a hand half-way through a correction is normal on this page."""
    data = validation.request_json()
    form = validation.obj(data.get("form"), "form", max_bytes=validation.MAX_CONTEXT_BYTES)
    game = None
    if data.get("game") not in (None, ""):
        game = get_store().get_game(validation.int_id(data["game"], "game"))
    rules = game["rules"] if game else (data.get("rules") or scoring.default_rules())
    validation.text(rules, "rules")
    i18n.use_rules_terms(rules)         # riichi's French says « ouvreur » (002), as the page around it
    players = gamelog.next_names(get_store(), game) if game else None
    try:
        scorer.get_rule_set(rules)
        options = game["options"] if game else scoring.parse_form_options(form, rules)
        context = scoring.parse_form_context(form, rules)
        view = gamelog.standing(get_store(), game["id"]) if game else None
        # a recorded hand corrected (its page's "Correct the tiles"): scored in its own deal
        kept = None
        if game and data.get("correct") not in (None, ""):
            kept = get_store().get_hand(game["id"], validation.int_id(data["correct"], "correct"))
            players = gamelog.played_by(game, kept)        # who played it
        table = {"honba": kept.get("honba", 0), "riichi_sticks": kept.get("sticks", 0)} if kept else view
        if view is not None and gamelog.flow_of(game).has_counters:
            # the counters on the table are the game's, whatever the form says: the game pays
            # them so when the hand is recorded (gamelog.Settler.context)
            context.update(honba=table["honba"], riichi_sticks=table["riichi_sticks"])
        seats = _seats(data, view, kept) if view else None
        if seats and view is not None and gamelog.flow_of(game).has_riichi:
            # this hand's declarers put their sticks on the table too, which the winner takes as
            # the game pays them (002 §3.3.14): another player's riichi was left out of the score
            declared = {i for i in range(4) if form.get(f"riichi_seat_{i}")}
            if context.get("riichi") or context.get("double_riichi"):
                declared.add(seats["winner"])
            context["riichi_sticks"] = table["riichi_sticks"] + len(declared)
            winners = [w["winner"] for w in gamelog.wins_of(kept)] if kept else []
            if len(winners) > 1:
                # a double ron corrected: this winner's share, as the game pays it (002 §4.1);
                # the page gave the winner it corrects every stick
                taker, own, rest = sticks_taken(gamelog.deal_played(kept), sorted(declared), winners,
                                                kept.get("discarder"))
                context["riichi_sticks"] = rest if seats["winner"] == taker else int(seats["winner"] in own)
        elif view is not None and not kept and gamelog.flow_of(game).has_riichi:
            # no winner chosen yet (scored as the dealer's, provisionally): the riichi ticked puts its
            # stick down all the same, with the other declarers' (it counted the table's alone, and
            # said the winner's own was among them: 5,200 then 6,200 once the dealer was chosen)
            declared = sum(1 for i in range(4) if form.get(f"riichi_seat_{i}"))
            own = int(bool(context.get("riichi") or context.get("double_riichi")))
            context["riichi_sticks"] = table["riichi_sticks"] + declared + own
        if seats:
            context = gamelog.win_context(game, context, winner=seats["winner"], discarder=seats["discarder"],
                                          dealer=seats["dealer"], round_wind=seats["round_wind"], order=seats["order"])
        elif view is not None and view["next"] is not None:
            # no winner chosen yet: the round wind is the deal's all the same (a South-round hand
            # was scored as "round wind (East), assumed" until a winner was tapped)
            context["round_wind"] = gamelog._wind(data.get("round_wind") or view["next"]["round_wind"])
            # nor how it was won: scored on a discard for now, and said so among the assumptions
            # (a game's page has no self-drawn box: "won on a discard" stood under "Why not" unsaid)
            context.pop("self_drawn", None)
        payload = scoring.score_payload(data.get("hand"), rules, options, context, alone=game is None)
    except (scorer.HandError, scorer.RulesError, gamelog.GameError, settlement.SettlementError) as e:
        err = e.to_dict()
        return jsonify({"ok": False, "error": err,
                        "html": render_template("_result.html", error=err, result=None,
                                                excerpt=notation_excerpt(e))})
    hand = scorer.to_hand(payload["hand"])
    payments = None
    if seats and payload["score"]["valid"]:
        try:
            payments = settlement.map_payments(payload["score"].get("payments", []), winner=seats["winner"],
                                               discarder=seats["discarder"], dealer=seats["dealer"], order=seats["order"])
        except settlement.SettlementError as e:
            payments = {"error": e.to_dict()}
    payload["declare"] = declaration_in_page_language(payload["score"], rules, game)
    # the other rule sets' totals for a hand scored alone; a game's hand is played under its own
    # (a French MCR club's page listed riichi, Hong Kong and classical scores under every hand)
    html = render_template("_result.html", result=payload["score"], error=None, notation=payload["notation"],
                           compare=None if game else scoring.compare(hand, skip=rules), players=players,
                           payments=payments, seats=seats,
                           # a game's hand before its winner is chosen: scored as East for now, said
                           # so ("Assumed: seat wind (East)" read as the app deciding who won)
                           winner_pending=bool(view) and not seats)
    # the notes in the page's language, beside the box the hand was typed in
    payload["notes"] = [{**n, "message": i18n.msg(n["message"])} for n in payload["notes"]]
    variant = data.get("ask_winning")
    if variant in ("apart", "not_apart"):
        # which tile won, asked again of the hand as scored now (its winner's seat wind, on a
        # discard or not): "any of them scores the same" had been worked out as the photo was read
        matters = _winning_tile_matters(payload["hand"], rules, options,
                                        drawn_known=bool(seats) or "self_drawn" in context)
        payload["winning_question"] = i18n.winning_question(variant, matters)
    return jsonify({"ok": True, "html": html, **payload})


# ---- the draft on the server: kept across reloads and rule switches, recorded once -------------

@bp.post("/review/drafts")
def new_draft():
    """A draft for a hand entered without a photo (its first change): ``{"state": ...}`` in,
    ``{"draft", "url"}`` out."""
    data = validation.request_json()
    state = validation.draft_state(data.get("state"))
    store = get_store()
    draft_id = store.create_draft(None, {})
    rev = drafts.save_state(store, draft_id, state)
    return jsonify({"draft": draft_id, "rev": rev, "url": url_for("review.draft", draft_id=draft_id)}), 201


@bp.post("/review/<draft_id>/state")
def save_state(draft_id):
    """The review page's work on a draft (``{"state": ...}``), saved after every change."""
    data = validation.request_json()
    state = validation.draft_state(data.get("state"))
    base = drafts.base_given(data.get("base"))
    store = get_store()
    draft = store.get_draft(draft_id)
    try:
        rev = drafts.save_state(store, draft["id"], state, base)
    except drafts.StaleDraft:
        # two tabs on one draft: the later save overwrote the other's corrections without a word
        return jsonify({"error": {"code": "stale_draft", "message": i18n.msg(
            "this hand was changed in another tab or on another device since this page was loaded: reload it to "
            "see the hand as it is now (this page's last change is not kept)")}}), 409
    return jsonify({"ok": True, "rev": rev, "recorded": drafts.recorded(store, draft["id"])})


@bp.post("/review/<draft_id>/teach")
def teach(draft_id):
    """The draft's photographed tiles that teach the active tile-set profile: ``tile`` (a tile's
    index in the photo's reading) and ``code`` fields in the same order: the tiles corrected as
    the hand is reviewed, then, on Record, every upright tile of the hand as confirmed. Sent
    again, they replace what this draft taught; none: taken back; ``other`` fields: the hand's
    other photographed tiles, left as read, which the lesson must not make read as its codes
    (``TileSetProfile.learn_hand``). The server cuts them from the
    draft's photo as the reader sees them (``calibrate.learn_photo_tiles``, in the background:
    202 at once); 200 with ``learning: false`` when no profile learns."""
    store = get_store()
    draft = store.get_draft(draft_id)
    # what this draft taught is replaced or taken back in the profile that learnt it, active or not:
    # another set made active since was sent the undo, and the one that learnt kept the tiles
    where = {}
    if drafts.kept_lesson(store, draft["id"])[0]:
        home = calibrate.lesson_home(current_app.config.get("DATA_DIR"), *drafts.lesson_profile(store, draft["id"]))
    else:
        # a first lesson teaches the profile the photo was read with, renamed or not, while it is
        # kept: another set made active since never read the photo's tiles
        home = read_profile_now(draft["reading"])
        # its copy kept after a new calibration of its name: that one, active, learns instead
        home = home if home is not None and home[0] == "saved" else None
    if home is not None:
        where = {"kept_made_at": home[1]} if home[0] == "kept" else {"profile_name": home[1]}
    done = teaching.teach_draft_tiles(store, draft, request.form.getlist("tile"), request.form.getlist("code"),
                                      others=request.form.getlist("other"), **where)
    if done is None:
        return jsonify({"learning": False, "reason": i18n.msg("no active tile-set profile")})
    return jsonify(done), 202


def declaration_in_page_language(result: dict | None, rules: str, game: dict | None = None) -> dict:
    """``scoring.declaration``, its reason in the page's language (the review page shows it as
    it comes): "not a winning hand: " and the scorer's own reason, each translated; a false win
    costs what ``game`` (if any) records for one."""
    verdict = scoring.declaration(result, rules, gamelog.flow_of(game) if game else None)
    if verdict["ok"]:
        return verdict
    if result and not result.get("valid"):
        why = i18n.msg(result.get("error") or {})
        reason = (i18n.t("not a winning hand: {why}", why=why) if why and why != i18n.t("not a winning hand")
                  else i18n.t("not a winning hand"))
    else:
        reason = i18n.msg(verdict["reason"])
    return {**verdict, "reason": reason}


class _Refused(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _recorded_page(done: dict):
    game = get_store().get_game(done["game_id"])
    flash(i18n.t("this hand is already recorded: hand {n} of {game}", n=done['seq'], game=game['name']))
    return redirect(url_for("games.hand", game_id=done["game_id"], seq=done["seq"]), code=303)


@bp.post("/review/<draft_id>/record")
def record(draft_id):
    """Record the draft in a game, once: a second Record shows the hand already logged. A hand
    that cannot be declared (not a winning hand, an MCR hand under its minimum) is refused with
    the reason; ``kind: "false_win"`` records it as a false win where the rules have one."""
    store = get_store()
    draft = store.get_draft(draft_id)
    game_id = validation.int_id(request.form.get("game"), "game")
    try:
        game = store.get_game(game_id)
    except NotFound:
        # deleted on another device while this hand was reviewed: back to the hand, kept, to record
        # into another game (a bare "no game 6" page left no way on)
        flash(i18n.t("Not recorded: {why}", why=i18n.msg(
            f"game {game_id} was deleted since this page was loaded (on another device?): the hand is kept here; "
            "record it into another game, or start one")), "error")
        return redirect(url_for("review.draft", draft_id=draft["id"]), code=303)
    done = drafts.recorded(store, draft["id"])
    if done is not None:
        return _recorded_page(done)
    data = validation.parse_json(request.form.get("payload", ""), "payload")
    if not isinstance(data, dict):
        raise validation.InputError("bad_json", "the hand record must be an object", "payload")
    kind = data.get("kind", "win")
    if kind not in ("win", "false_win"):
        raise validation.InputError("bad_field", "kind must be win or false_win", "payload.kind")
    back = url_for("review.draft", draft_id=draft["id"], game=game["id"])
    key = "draft:" + draft["id"]
    try:
        drafts.check_base(store, draft["id"], data.get("base"))
    except drafts.StaleDraft:
        # two tabs on one draft: the stale one's Record put its hand over the other's corrections
        flash(i18n.t("Not recorded: {why}", why=i18n.msg(
            "this hand was changed in another tab or on another device since this page was loaded: reload it to "
            "see the hand as it is now, then record it")), "error")
        return redirect(back, code=303)
    try:
        if kind == "false_win":
            offer = scoring.false_win_offer(game["rules"], gamelog.flow_of(game))
            if offer is None:
                raise _Refused(f"{game['rules']} has no false win to record")
            # the row itself reads "false win of ..." in the page's language: no note of ours in one
            # language; its payment is the rules' (the game flow's), no amount sent: it follows a
            # later change of house rules as the game's wins do
            row = {"kind": "penalty", "offender": data.get("winner"),
                   **{k: data[k] for k in ("expect_seq", "expect_edits") if data.get(k) is not None}}
            hand = gamelog.record(store, game["id"], row, draft=draft, request_key=key, declared=data.get("hand"))
        else:
            form = validation.obj(data.get("form"), "payload.form", max_bytes=validation.MAX_CONTEXT_BYTES)
            # expect_seq: the hand number the page gave the next hand: a page left open while another
            # phone recorded would record with the deal it showed (two hands "S1 · Emi deals")
            row = {k: data.get(k) for k in ("hand", "winner", "discarder", "dealer", "round_wind", "corrections", "riichi",
                                            "expect_seq", "expect_edits") if data.get(k) is not None}
            row["kind"] = "win"
            row["context"] = scoring.parse_form_context(form, game["rules"])
            if "loser0" in form:        # classical: the others' hands' points, all empty for none
                losers = [str(form.get(f"loser{p}") or "").strip() for p in range(4)]
                row["losers"] = losers if any(losers) else None
            # the game log refuses a hand that cannot be declared (no winning hand, under the minimum)
            hand = gamelog.record(store, game["id"], row, draft=draft, request_key=key)
    except DuplicateRequest:
        return _recorded_page(drafts.recorded(store, draft["id"]))
    except _Refused as e:
        flash(i18n.t("Not recorded: {why}", why=e.reason), "error")
        return redirect(back, code=303)
    except (gamelog.GameError, settlement.SettlementError, scorer.HandError, scorer.RulesError,
            validation.InputError) as e:
        flash(i18n.t("Not recorded: {why}", why=i18n.msg(e.message, getattr(e, "code", None))), "error")
        return redirect(back, code=303)
    if kind == "false_win":
        flash_false_win(game, hand["seq"])
    else:
        flash_recorded(game, hand)
        # the page sent the hand's tiles to the active tile set before Record (teach): said, so
        # that the player knows every hand recorded teaches it
        tiles, profile = drafts.kept_lesson(store, draft["id"])
        if tiles and profile:
            flash(i18n.t("Your tile set “{name}” learns from this hand's {n} tile(s).", name=profile, n=len(tiles)))
    return redirect(url_for("games.show", game_id=game["id"]), code=303)
