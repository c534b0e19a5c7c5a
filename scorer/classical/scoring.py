"""Classical points-and-doubles scoring of the winning hand (003 for the game; the table and
its sources in :mod:`.table`): points for going out, sets, pairs and flowers, doubled once per
double, capped at the limit; East (the dealer) pays and receives double."""
from __future__ import annotations

from .. import errors
from .. import tiles as T
from ..context import SEAT_AT_OFFSET, WIND_NAMES, ContextReads
from ..hand import Hand
from ..readings import Reading, is_seven_pairs, readings, waits, waits_said
from ..result import Payment, ScoredItem, ScoreResult
from .table import DOUBLES, LIMIT_HANDS, POINTS

NAME = "classical"
DRAGONS = {T.index(c) for c in T.DRAGONS}
WINDS = {T.index(c) for c in T.WINDS}
TERMINALS = {0, 8, 9, 17, 18, 26}


def _points(pid, count=1, tiles=()) -> ScoredItem:
    v, en, fr, zh, src = POINTS[pid]
    return ScoredItem(pid, en, v, count, fr, zh, list(tiles), "points", src)


def _double(did, count=1, tiles=()) -> ScoredItem:
    v, en, fr, zh, src = DOUBLES[did]
    return ScoredItem(did, en, v, count, fr, zh, list(tiles), "doubles", src)


def _major(i: int) -> bool:
    return i in TERMINALS or i >= 27


def _limit_hand(r: Reading, hand: Hand, ctx, exposed_flags) -> str | None:
    codes = [T.normalize(t) for t in hand.all_tiles]
    if ctx("tenhou"):
        return "heavenly_hand"
    if ctx("chiihou") or ctx("renhou"):
        return "earthly_hand"
    if r.form == "thirteen_orphans":
        return "thirteen_orphans"
    if all(T.is_honour(c) for c in codes):
        return "all_honours"
    if all(c[1] != "z" and c[0] in "19" for c in codes):
        return "all_terminals"
    pungs = [(s, e) for s, e in zip(r.sets, exposed_flags) if s.is_pung]
    if len(pungs) == 4 and all(s.kind == "kong" for s, _ in pungs):
        return "four_kongs"
    if len(pungs) == 4 and not any(e for _, e in pungs):
        return "four_concealed_pungs"
    if not hand.melds and len({c[1] for c in codes}) == 1 and codes[0][1] != "z":
        # the 13 tiles before the win are the gates, 1112345678999, waiting on any of the nine
        # (docs/rulings.md, classical limit hands; as MCR's 000 n°78): 1112345567899 won on a 9
        # holds the same 14 tiles but waited on two
        counts = [0] * 10
        for c in codes:
            counts[int(c[0])] += 1
        counts[int(T.normalize(hand.winning_tile)[0])] -= 1
        if counts == [0, 3, 1, 1, 1, 1, 1, 1, 1, 3]:
            return "nine_gates"
    return None


def _score_reading(r: Reading, hand: Hand, ctx, options, wait_count: int):
    seat = T.index(T.WINDS[WIND_NAMES.index(ctx("seat_wind"))])
    prevailing = T.index(T.WINDS[WIND_NAMES.index(ctx("round_wind"))])
    self_drawn = ctx("self_drawn") or ctx("kong_replacement")
    # a set completed by a discarded winning tile is exposed ([B] ch. VI fig. 18; 003)
    exposed = [(not s.concealed) or (k == r.won_on and not self_drawn and s.is_pung)
               for k, s in enumerate(r.sets)]
    limit_hand = _limit_hand(r, hand, ctx, exposed)
    if limit_hand:
        en, fr, zh, src = LIMIT_HANDS[limit_hand]
        item = ScoredItem(limit_hand, en, options.limit, 1, fr, zh, [], "points", f"{src}: scores the limit")
        return options.limit, [item], 0, options.limit
    items: list[ScoredItem] = [_points("mahjong")]
    pungs = []
    for s, e in zip(r.sets, exposed):
        if not s.is_pung:
            continue
        pungs.append((s, e))
        kind = "kong" if s.kind == "kong" else "pung"
        pid = f"{kind}_{'major' if _major(s.first) else 'simple'}_{'exposed' if e else 'concealed'}"
        items.append(_points(pid, tiles=s.codes))
    pair = r.pair
    if pair is not None:
        pc = [T.code_of(pair)] * 2
        if pair in DRAGONS:
            items.append(_points("pair_dragons", tiles=pc))
        if pair == seat:
            items.append(_points("pair_own_wind", tiles=pc))
        if pair == prevailing:
            items.append(_points("pair_prevailing_wind", tiles=pc))
    if self_drawn:
        items.append(_points("self_drawn"))
    if wait_count == 1 and r.won_on is not None and (r.won_on == -1 or r.sets[r.won_on].kind == "chow"):
        items.append(_points("only_place"))
    if hand.bonus and options.flowers:
        items.append(_points("flower", count=len(hand.bonus), tiles=hand.bonus))
    # doubles
    dragon_pungs = [s for s, _ in pungs if s.first in DRAGONS]
    wind_pungs = [s for s, _ in pungs if s.first in WINDS]
    for s in dragon_pungs:
        items.append(_double("dragon_pung", tiles=s.codes))
    for s in wind_pungs:
        if s.first == seat:
            items.append(_double("own_wind_pung", tiles=s.codes))
        if s.first == prevailing:
            items.append(_double("prevailing_wind_pung", tiles=s.codes))
    if len(dragon_pungs) == 3:
        items.append(_double("big_three_dragons"))
    elif len(dragon_pungs) == 2 and pair in DRAGONS:
        items.append(_double("little_three_dragons"))
    if len(wind_pungs) == 4:
        items.append(_double("big_four_winds"))
    elif len(wind_pungs) == 3 and pair in WINDS:
        items.append(_double("little_four_winds"))
    if sum(1 for s, e in pungs if not e) == 3:
        items.append(_double("three_concealed_pungs"))
    if len(pungs) == 4:
        items.append(_double("all_pungs"))
    codes = [T.normalize(t) for t in hand.all_tiles]
    suits = {c[1] for c in codes if c[1] != "z"}
    if len(suits) == 1:
        items.append(_double("one_suit_only" if all(c[1] != "z" for c in codes) else "one_suit_with_honours"))
    if options.flowers and hand.bonus:
        # own flower/season: number 1-4 = seat East..North (1f-4f flowers, 5f-8f seasons)
        own = WIND_NAMES.index(ctx("seat_wind")) + 1
        if f"{own}f" in hand.bonus and f"{own + 4}f" in hand.bonus:
            items.append(_double("own_flower_and_season", tiles=[f"{own}f", f"{own + 4}f"]))
        if all(f"{n}f" in hand.bonus for n in (1, 2, 3, 4)):
            items.append(_double("all_four_flowers", tiles=["1f", "2f", "3f", "4f"]))
        if all(f"{n}f" in hand.bonus for n in (5, 6, 7, 8)):
            items.append(_double("all_four_seasons", tiles=["5f", "6f", "7f", "8f"]))
    base = sum(i.total for i in items if i.unit == "points")
    doubles = sum(i.total for i in items if i.unit == "doubles")
    raw = base * 2 ** doubles
    return min(raw, options.limit), items, doubles, raw


def settle(score: int, ctx, options, seats_known: bool) -> list[Payment]:
    """[B] ch. I and VI fig. 18: the three losers pay the winner, East pays and receives
    double. ``discarder_pays`` ([W]): on a discard only the discarder pays (double if either
    he or the winner is East)."""
    w = WIND_NAMES.index(ctx("seat_wind"))
    dealer = w == 0
    payers = []
    for off in (1, 2, 3):
        is_east = (w + off) % 4 == 0
        name = SEAT_AT_OFFSET[off] if seats_known else ("East" if is_east else "other")
        payers.append((name, is_east))
    self_drawn = ctx("self_drawn") or ctx("kong_replacement")
    if options.payment == "discarder_pays" and not self_drawn:
        who = ctx("discarder")
        east = bool(who) and seats_known and any(n == who and e for n, e in payers)
        amount = score * (2 if dealer or east else 1)
        # whose East makes it double: the winner's or the discarder's ("double (East)" read as the discarder's)
        why = ("the discarder pays double: the winner is East" if dealer
               else "the discarder pays double: the discarder is East" if east
               # no discarder named: the single amount assumes it was not East (it said only "the
               # discarder pays"; East's discard pays double)
               else "the discarder pays, double if that is East" if not (who and seats_known)
               else "the discarder pays")
        return [Payment(who or "discarder", amount, why)]
    out = []
    for name, is_east in payers:
        double = dealer or is_east
        out.append(Payment(name, score * (2 if double else 1),
                           # a noun phrase: the pages say "C pays 480 to B (the score)"
                           # (whose East: "double, to East" read as a payment to a fifth player)
                           "double: the payer is East" if is_east else
                           ("double: the winner is East" if dealer else "the score")))
    return out


def _contradiction(hand: Hand, ctx) -> dict | None:
    """The error of a context no play can give, else None: each would score a limit hand, or a
    double, and settle payments for a win that cannot happen. The limit hands as [L] names them
    (scorer/classical/table.py); the keys as scorer/context.py defines them."""
    def refused(key: str, message: str) -> dict:
        return {"code": "bad_context", "field": f"context.{key}", "message": message}
    seat, self_drawn = ctx("seat_wind"), ctx("self_drawn")
    if ctx("tenhou") and (seat != "E" or not self_drawn or hand.melds):
        return refused("tenhou", "the heavenly hand is East's self-drawn win on the dealt tiles, before any set "
                       "is declared")
    if ctx("chiihou") and (seat == "E" or not self_drawn or hand.melds):
        return refused("chiihou", "the earthly hand, self-drawn, is another player's win on the first "
                       "draw, before any set is declared")
    if ctx("renhou") and (seat == "E" or self_drawn or hand.melds):
        # before his first draw a player has had no turn: no kong, even concealed, is declared
        return refused("renhou", "the earthly hand on a discard is another player's win before his "
                       "first draw, before any set is declared, even a concealed kong")
    if ctx("kong_replacement") and not hand.kong_count:
        return refused("kong_replacement", "a win on a kong replacement tile needs a kong in the hand")
    given = hand.context.given
    if ctx("kong_replacement") and (given.get("self_drawn") is False or given.get("discarder") is not None):
        # said not self-drawn (or a discarder named), it was scored self-drawn without a word, as the
        # Hong Kong and MCR scorers refuse it
        return refused("kong_replacement", "a win on a kong replacement tile is drawn from the wall: it is a "
                       "self-drawn win")
    return None


def score(hand: Hand, options) -> ScoreResult:
    if options.limit <= 0:
        raise errors.RulesError(errors.BAD_OPTION, "limit must be positive", field="options.limit")
    ctx = ContextReads(hand.context)
    opts = {f: getattr(options, f) for f in options.__dataclass_fields__}
    for key in ("seat_wind", "round_wind", "self_drawn", "kong_replacement", "tenhou", "chiihou", "renhou"):
        ctx(key)
    contradiction = _contradiction(hand, ctx)
    if contradiction:
        return ScoreResult(NAME, False, error=contradiction, assumed=hand.context.missing(ctx.read), options=opts)
    reads = readings(hand)
    if not reads:
        # 003 lists the sets (pairs, pungs, kongs, chows), not the winning forms: those are [B]'s
        # and [L]'s (docs/rulings.md, Classical)
        message = ("these tiles do not form four sets and a pair (003) ([B] ch. VI) or thirteen orphans ([L]); "
                   + waits_said(hand))
        if is_seven_pairs(hand):        # a winning hand under MCR and riichi: say why not here
            # the rule set said by its name: "003 lists..." lost its subject where sources are cut out
            message = ("seven pairs is no winning hand under the classical rules, which know four sets and a pair "
                       "([B] ch. VI), or thirteen orphans ([L])")
        return ScoreResult(NAME, False, error={"code": errors.NOT_COMPLETE, "message": message},
                           assumed=hand.context.missing(ctx.read), options=opts)
    wait_count = len(waits(hand))
    best = None
    for r in reads:
        scored = _score_reading(r, hand, ctx, options, wait_count)
        if best is None or scored[0] > best[0][0]:
            best = (scored, r)
    (score_, items, doubles, raw), r = best
    seats_known = "seat_wind" in hand.context
    if options.payment == "discarder_pays" and not (ctx("self_drawn") or ctx("kong_replacement")):
        # a self-drawn win has no discarder: read it only on a discard ("Assumed: discarder"
        # stood under a family's self-drawn win)
        ctx("discarder")
    payments = settle(score_, ctx, options, seats_known)
    decomposition = r.decomposition(on_a_discard=not (ctx("self_drawn") or ctx("kong_replacement")))
    base = sum(i.total for i in items if i.unit == "points")
    # a limit hand scores the limit as it is: no base points doubled, nothing capped
    limit_hand = items[0].name_en if items[0].id in LIMIT_HANDS else None
    extra = {"base_points": base, "doubles": doubles, "score": score_, "limit": options.limit,
             "limit_reached": raw >= options.limit, "limit_hand": limit_hand, "dealer": ctx("seat_wind") == "E",
             "received": sum(p.amount for p in payments), "total_unit": "points"}
    if hand.bonus and not options.flowers:
        # played without flowers (a house rule): say that they were left out, as Hong Kong does
        extra["warnings"] = [f"flowers/seasons {' '.join(hand.bonus)} not counted: scored without flowers "
                             "(house rule flowers: no); play with flowers to count them"]
    return ScoreResult(NAME, True, total=score_, items=items, decomposition=decomposition,
                       payments=payments, assumed=hand.context.missing(ctx.read), options=opts,
                       extra=extra)
