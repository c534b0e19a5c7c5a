"""The whole game, as a pure fold over the hands played: who deals, the round wind, the
counters (honba) and riichi sticks on the table, what each hand moves between the players
beyond the winning hand's own payments (riichi sticks, noten payments, penalties), when the
game ends, and the final result.

Nothing here stores or scores anything: :func:`replay` takes the hands as the table entered
them and a ``settle_win`` callback that scores one win in the deal it was played in (the web
app calls the scorer there). ``state = fold(hands)``: editing or deleting a hand replays every
later one.

Players are numbered 0-3 in the seat order E, S, W, N of the first hand; play passes from a
player to the next number (000 « Réclamation »: « le joueur situé juste à sa droite (dans
l'ordre E->S->O->N) »). A rule set whose players change seats between rounds (MCR) gives each
round its ``seating``: the players in turn order, the round's first dealer first.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from ..errors import ScorerError

WINDS = ("E", "S", "W", "N")
KINDS = ("win", "draw", "penalty", "end")


class FlowError(ScorerError):
    """A hand that the rule set's flow cannot take (names the field)."""

    def __init__(self, code: str, message: str, field: str | None = None):
        super().__init__(code, message, field=field)


@dataclass(frozen=True)
class Deal:
    """The state of the table when a hand starts."""
    dealer: int
    round_wind: str
    round_no: int = 0                  # rounds completed before this one (0: the first round)
    honba: int = 0                     # counters on the table (riichi)
    sticks: int = 0                    # riichi sticks on the table, 1,000 each
    seating: tuple = (0, 1, 2, 3)      # players in turn order, the round's first dealer first
    finished: bool = False             # the game ended before this "hand"
    barred: tuple = ()                 # players who may not win this hand (a false win, where the rules say so)
    repeat: int = 0                    # hands this dealer dealt in a row before this one (the deal kept)

    def position(self, player: int) -> int:
        return self.seating.index(player)

    def seat_wind(self, player: int) -> str:
        return WINDS[(self.position(player) - self.position(self.dealer)) % 4]

    def after(self, player: int, steps: int = 1) -> int:
        """The player ``steps`` turns after ``player``."""
        return self.seating[(self.position(player) + steps) % 4]

    def to_dict(self) -> dict:
        return {"dealer": self.dealer, "round_wind": self.round_wind, "round_no": self.round_no,
                "honba": self.honba, "riichi_sticks": self.sticks, "seating": list(self.seating),
                "finished": self.finished, **({"barred": list(self.barred)} if self.barred else {}),
                **({"repeat": self.repeat} if self.repeat else {})}


@dataclass(frozen=True)
class Event:
    """One hand as the table entered it."""
    kind: str                                  # win, draw, penalty (false win / chombo) or end (agreed)
    winners: tuple = ()                        # players, several only on one discard (riichi)
    discarder: int | None = None               # None: self-drawn
    riichi: tuple = ()                         # players who declared riichi in this hand
    tenpai: tuple = ()                         # players tenpai at an exhaustive draw
    offender: int | None = None                # penalty
    amount: int | None = None                  # penalty: what the table agreed (when the rules allow)
    dealer: int | None = None                  # the table fixed the deal of this hand
    round_wind: str | None = None
    losers: tuple | None = None                # classical: each player's own hand's points, None for the winner


@dataclass
class Outcome:
    """What one hand did: the deal it was played in, its payments (payer/payee ``None`` is the
    table: riichi sticks), each player's change, the deal after it."""
    deal: Deal
    payments: list = field(default_factory=list)
    deltas: list = field(default_factory=lambda: [0, 0, 0, 0])
    after: Deal | None = None
    penalties: list = field(default_factory=lambda: [0, 0, 0, 0])   # deducted after uma (riichi tournament)
    notes: list = field(default_factory=list)
    after_end: bool = False                    # played after the game had ended (an edit moved the end)

    def to_dict(self) -> dict:
        return {"deal": self.deal.to_dict(), "payments": self.payments, "deltas": self.deltas,
                "penalties": self.penalties, "notes": self.notes, "after_end": self.after_end}


def points_of(amount) -> int | float:
    """A number of points as the game keeps it: whole numbers as int, a half as it is (Hong
    Kong's payment (3): the other two pay half the score, 004 "Payer le gagnant")."""
    value = float(amount)
    return int(value) if value.is_integer() else value


def deltas_of(payments: list[dict]) -> list[int | float]:
    """Each player's change; the table (``None``) is nobody's (``points_of`` each)."""
    d = [0, 0, 0, 0]
    for p in payments:
        if p.get("payer") is not None:
            d[p["payer"]] -= p["amount"]
        if p.get("payee") is not None:
            d[p["payee"]] += p["amount"]
    return [points_of(v) for v in d]


def pay(payer, payee, amount: int, reason: str) -> dict:
    return {"payer": payer, "payee": payee, "amount": int(amount), "reason": reason}


#: ``settle_win(index, winner, deal) -> payments``: the scored payments of one winner of hand
#: ``index`` in ``deal`` (player indexes; counters included where the rule set has them).
SettleWin = Callable[[int, int, Deal], list]


class Flow:
    """A rule set's game flow. Subclasses cite their source for every rule they apply."""
    rules = ""
    title = "generic"
    rounds = WINDS                 # the prevailing winds a full game plays
    start_points = 0
    max_winners = 1
    losers_settle = False          # the losers' own hands settled among them (classical, [B] ch. I)
    has_riichi = False
    has_counters = False
    false_win_default = 10         # what a false win pays each other player, when the rules give a figure
    false_win_fixed = False        # the rule set fixes the penalty (no amount from the table)
    false_win_bars_offender = False  # whether a false win's player may win again in the same deal
    false_win_ruled = False        # the rules set the penalty (else it is mjtable's default, a ruling)

    def __init__(self, options: dict | None = None, scorer_options=None):
        self.options = dict(options or {})
        self.open_ended = bool(self.options.get("open_ended"))
        self.scorer_options = scorer_options

    # -- the deal ----------------------------------------------------------------------------
    def seating_for(self, round_no: int) -> tuple:
        return (0, 1, 2, 3)

    def first_deal(self) -> Deal:
        seating = self.seating_for(0)
        return Deal(dealer=seating[0], round_wind=self.rounds[0], seating=seating)

    def fixed(self, deal: Deal, event: Event) -> Deal:
        """The deal with what the table fixed for this hand (dealer, round wind)."""
        if event.round_wind is not None and event.round_wind != deal.round_wind:
            no = WINDS.index(event.round_wind)
            deal = replace(deal, round_wind=event.round_wind, round_no=no, seating=self.seating_for(no), repeat=0)
        if event.dealer is not None and event.dealer != deal.dealer:
            # another dealer than the one who kept the deal: their first deal (E3-1 was Cy's first)
            deal = replace(deal, dealer=event.dealer, repeat=0)
        return deal

    def keeps_deal(self, deal: Deal, event: Event) -> bool:
        return False

    def next_honba(self, deal: Deal, event: Event) -> int:
        return 0

    def next_sticks(self, deal: Deal, event: Event) -> int:
        return 0

    def next_deal(self, deal: Deal, event: Event) -> Deal:
        if event.kind == "end":
            # The table stops before the rounds are played out (an evening's end, a tournament's
            # time limit): the final result is taken from here, as after the last round.
            return replace(deal, finished=True)
        if event.kind == "penalty":
            # a false win or chombo does not end the hand / the deal is replayed
            if self.false_win_bars_offender and event.offender not in deal.barred:
                return replace(deal, barred=tuple(sorted((*deal.barred, event.offender))))
            return deal
        honba, sticks = self.next_honba(deal, event), self.next_sticks(deal, event)
        if self.keeps_deal(deal, event):
            return replace(deal, honba=honba, sticks=sticks, barred=(), repeat=deal.repeat + 1)
        pos = deal.position(deal.dealer) + 1
        if pos < 4:
            return replace(deal, dealer=deal.seating[pos], honba=honba, sticks=sticks, barred=(), repeat=0)
        # The deal comes back to the round's first dealer: the next round (000 « Rotation du
        # vent du tour »; 002 §3.5; 004 « Le croupier et la durée d'un jeu »).
        no = deal.round_no + 1
        finished = deal.finished or (no >= len(self.rounds) and not self.open_ended)
        seating = self.seating_for(no)
        return Deal(dealer=seating[0], round_wind=WINDS[no % 4], round_no=no, honba=honba, sticks=sticks,
                    seating=seating, finished=finished)

    # -- one hand ----------------------------------------------------------------------------
    def check(self, event: Event) -> None:
        if event.kind not in KINDS:
            raise FlowError("bad_field", "kind must be win, draw, penalty or end", "kind")
        if event.kind == "end" and (event.riichi or event.tenpai):
            raise FlowError("bad_field", "the end of the game is no hand: no riichi or tenpai to record", "riichi")
        if event.kind == "win":
            if not event.winners:
                raise FlowError("bad_field", "a win needs a winner", "winner")
            if len(set(event.winners)) != len(event.winners):
                raise FlowError("bad_field", "a player is named twice among the winners", "winners")
            if len(event.winners) > self.max_winners:
                raise FlowError("bad_field", self.several_winners_refusal(), "winners")
            if len(event.winners) > 1 and event.discarder is None:
                raise FlowError("bad_field", "several winners can only win on the same discard: say who "
                                "discarded", "discarder")
            if event.discarder is not None and event.discarder in event.winners:
                raise FlowError("bad_field", "the winner cannot have discarded the winning tile", "discarder")
        if event.riichi and not self.has_riichi:
            raise FlowError("bad_field", f"riichi declarations exist only under riichi rules, not {self.rules}",
                            "riichi")
        if event.tenpai and not self.has_riichi:
            raise FlowError("bad_field", f"tenpai at a draw pays nothing under {self.rules}: leave tenpai out",
                            "tenpai")
        if event.losers is not None and not self.losers_settle:
            raise FlowError("bad_field", f"the losers settle among themselves under classical rules only, not "
                            f"{self.rules}: leave losers out", "losers")
        if event.tenpai and event.kind != "draw":
            raise FlowError("bad_field", "tenpai is recorded for a draw only", "tenpai")

    def barred_winner_refusal(self) -> str:
        return "a player who declared a false win may not win in the same hand"

    def several_winners_refusal(self) -> str:
        return (f"one winner per hand under {self.rules}: the player next in turn after the discarder "
                "takes the tile (record that player's win)")

    def settle(self, index: int, deal: Deal, event: Event, settle_win: SettleWin) -> Outcome:
        out = Outcome(deal=deal)
        if event.kind == "win":
            for w in event.winners:
                out.payments.extend(settle_win(index, w, deal))
        elif event.kind == "draw":
            out.payments.extend(self.draw_payments(deal, event, out))
        elif event.kind == "end":
            out.after = self.next_deal(deal, event)          # nothing is paid
            return out
        else:
            out.payments.extend(self.penalty_payments(deal, event, out))
        out.payments.extend(self.stick_payments(deal, event))
        out.deltas = deltas_of(out.payments)
        out.after = self.next_deal(deal, event)
        return out

    def draw_payments(self, deal: Deal, event: Event, out: Outcome) -> list:
        return []

    def stick_payments(self, deal: Deal, event: Event) -> list:
        return []

    def false_win_amount(self, event: Event) -> int:
        if event.amount is not None:
            return event.amount
        return self.false_win_default

    def false_win_basis(self) -> str:
        """Why a false win pays what it pays by the rules, for the player who pays it: a hand's
        page said "pays 16" three times and no more."""
        # 003 sets no penalty for a false win: the figure is mjtable's (docs/rulings.md, classical flow)
        return (f"{self.false_win_default} to each other player, mjtable's default: the rules set no penalty; "
                "the table may agree another amount")

    def false_win_reason(self, event: Event) -> str:
        """A false win's payments' reason: the rules' basis, or the table's own amount."""
        if event.amount is not None:
            return "false win: the amount the table set"
        return f"false win: {self.false_win_basis()}"

    def penalty_payments(self, deal: Deal, event: Event, out: Outcome) -> list:
        each = self.false_win_amount(event)
        reason = self.false_win_reason(event)
        return [pay(event.offender, p, each, reason) for p in range(4) if p != event.offender]

    # -- the end -----------------------------------------------------------------------------
    def final(self, totals: list[int], last: Deal, penalties: list[int]) -> list[dict]:
        """Each player's final line, best first: the seat they started in, points held, score; with
        riichi also the sticks left to them, uma and after-uma penalties."""
        points = [self.start_points + t for t in totals]
        # places, hence the uma, are the points the hands left: the sticks a tie for first shares
        # (334 / 333 / 333) made a place of a point's remainder, worth 15,000 in uma
        held = list(points)
        leftover = self.leftover(points, last)
        uma = self.uma(held)
        rows = []
        for p in range(4):
            score = points[p] - self.start_points + uma[p] + penalties[p]
            rows.append({"seat": p, "points": points[p], "score": score})
            if self.has_riichi:
                # riichi's columns only: an MCR table read "penalty": 0 beside players who had
                # paid false wins (in their points, not after an uma it has not)
                rows[p].update(leftover_sticks=leftover[p], uma=uma[p], penalty=penalties[p])
        # The rank is the place at the table, by points: a penalty taken after the uma does not
        # change it (002 §3.4.6 « après l'attribution des uma »; §5.6, penalties « en n'affectant pas
        # ainsi le classement à la table »), so a first place that pays a chombo stays first.
        for p in range(4):
            rows[p]["rank"] = 1 + sum(1 for q in range(4) if held[q] > held[p])
        order = sorted(range(4), key=lambda p: (rows[p]["rank"], -rows[p]["score"], p))
        return [rows[p] for p in order]

    def leftover(self, points: list[int], last: Deal) -> list[int]:
        return [0, 0, 0, 0]

    def uma(self, points: list[int]) -> list[int]:
        return [0, 0, 0, 0]


def replay(flow: Flow, events: list[Event], settle_win: SettleWin, start: Deal | None = None,
           first_index: int = 0) -> list[Outcome]:
    """Fold the hands: the outcome of each, from ``start`` (the first deal by default)."""
    deal = start or flow.first_deal()
    ended = deal.finished
    out = []
    for i, event in enumerate(events, first_index):
        flow.check(event)
        deal = flow.fixed(deal, event)
        if event.kind == "win" and set(deal.barred) & set(event.winners):
            raise FlowError("bad_field", flow.barred_winner_refusal(), "winner")
        o = flow.settle(i, deal, event, settle_win)
        o.after_end = ended
        out.append(o)
        deal = o.after
        ended = ended or deal.finished
    return out


def next_state(flow: Flow, outcomes: list[Outcome]) -> Deal:
    return outcomes[-1].after if outcomes else flow.first_deal()
