"""EMA riichi 2016 (../shared/rules/002_0e9f58d24a1b6417.txt): the whole game."""
from __future__ import annotations

from .base import Deal, Event, Flow, FlowError, Outcome, pay

STICK = 1000               # 002 §3.3.14 « en misant 1 000 points »


def sticks_taken(deal: Deal, riichi, winners, discarder) -> tuple[int, list, int]:
    """Who takes the riichi sticks of a win: (the taker, the other winners who take their own
    stick back, the number of sticks the taker takes: the table's and this hand's declarers'
    but those given back). Winners who declared take their own stick back (002 §4.1 « Ceux qui
    ont déclaré riichi et gagné, récupèrent toujours leur mise »); the others' sticks and those
    left on the table go to the winner nearest after the discarder (002 §3.3.14, §4.1). One
    winner takes every stick (002 §4.1)."""
    if discarder is None or len(winners) == 1:
        taker = winners[0]
    else:
        taker = next(deal.after(discarder, k) for k in (1, 2, 3) if deal.after(discarder, k) in winners)
    own = [p for p in riichi if p in winners and p != taker]
    return taker, own, deal.sticks + len(riichi) - len(own)
NOTEN_TOTAL = 3000         # 002 §3.4.2 « Le total de la pénalité de noten s'élève à 3 000 points »
START_POINTS = 30000       # 002 §3.6 « les 30 000 points avec lesquels ils ont entamé la partie »
UMA = (15000, 5000, -5000, -15000)   # 002 §3.6.1
CHOMBO_TOURNAMENT = -20000           # 002 §3.4.6 « 20 000 points ... après l'attribution des uma »


class RiichiFlow(Flow):
    """002 §3.1: a game is the East and the South rounds. Options: ``tournament`` (chombo is
    −20,000 after uma instead of a mangan payment, 002 §3.4.6), ``east_only`` (the East round
    alone, a house rule), ``start_points`` and ``uma`` (house rules' figures), ``open_ended``."""
    rules = "riichi"
    title = "Riichi (EMA 2016)"         # as the rule set names itself (scorer.riichi.TITLE)
    rounds = ("E", "S")                  # 002 §3.1 « la manche Est et la manche Sud »
    start_points = START_POINTS
    max_winners = 3                      # 002 §3.4 « un (ou plusieurs) joueurs déclarant mahjong »
    has_riichi = True
    has_counters = True
    false_win_fixed = True               # chombo: 002 §3.4.6

    def __init__(self, options: dict | None = None, scorer_options=None):
        super().__init__(options, scorer_options)
        # house rules: 002 §3.6 starts at 30,000 with §3.6.1's uma; clubs play 25,000, or another
        # uma (docs/rulings.md, riichi final result); the result is still points − start + uma
        self.start_points = int(self.options.get("start_points", START_POINTS))
        self.uma_by_place = tuple(self.options.get("uma", UMA))
        if self.options.get("east_only"):
            # a half game (tonpuusen), as clubs play a short evening: a house rule, 002 §3.1 plays
            # the East and the South rounds (docs/rulings.md, riichi flow)
            self.rounds = ("E",)

    @property
    def tournament(self) -> bool:
        return bool(self.options.get("tournament"))

    def check(self, event: Event) -> None:
        super().check(event)
        if len(set(event.riichi)) != len(event.riichi):
            raise FlowError("bad_field", "a player is named twice among the riichi declarers", "riichi")
        if event.kind == "penalty" and event.amount is not None:
            raise FlowError("bad_field", "a chombo pays what 002 §3.4.6 says (a mangan, or -20,000 after uma "
                            "in tournament mode): leave amount out", "amount")

    # 002 §3.4.11: East keeps the deal when among the winners, or tenpai at a draw; chombo: no
    # change (« il n'y a pas de changement de l'ouvreur »).
    def keeps_deal(self, deal: Deal, event: Event) -> bool:
        if event.kind == "win":
            return deal.dealer in event.winners
        return deal.dealer in event.tenpai

    # 002 §3.4.10: a counter after a win by East (others may win too) and after a draw; all
    # counters go after a hand East did not win. §3.4.6: no counter after a chombo.
    def next_honba(self, deal: Deal, event: Event) -> int:
        if event.kind == "draw" or (event.kind == "win" and deal.dealer in event.winners):
            return deal.honba + 1
        return 0

    # 002 §3.3.14 / §3.4.4: sticks stay on the table after a draw; the next winner takes them.
    def next_sticks(self, deal: Deal, event: Event) -> int:
        if event.kind == "draw":
            return deal.sticks + len(event.riichi)
        return 0

    def stick_payments(self, deal: Deal, event: Event) -> list:
        """Each declaration puts 1,000 on the table (002 §3.3.14); a chombo returns them (002
        §3.4.6 « les mises de Riichi sont restituées »), so nothing moves."""
        if event.kind == "penalty":
            return []
        out = [pay(p, None, STICK, "riichi stick") for p in event.riichi]
        if event.kind != "win":
            return out
        taker, own, rest = sticks_taken(deal, event.riichi, event.winners, event.discarder)
        for p in own:
            out.append(pay(None, p, STICK, "own riichi stick back"))
        if rest:
            out.append(pay(None, taker, STICK * rest, f"{rest} riichi stick(s) from the table"))
        return out

    def draw_payments(self, deal: Deal, event: Event, out: Outcome) -> list:
        """002 §3.4.2: noten players pay 3,000 in all to the tenpai players; nothing when all
        or none are tenpai. With two tenpai each receives 1,500 from one noten player (paired
        in turn order from East)."""
        tenpai = [p for p in deal.seating if p in event.tenpai]
        noten = [p for p in deal.seating if p not in event.tenpai]
        if len(set(event.tenpai)) != len(event.tenpai):
            raise FlowError("bad_field", "a player is named twice among the tenpai players", "tenpai")
        if not tenpai or not noten:
            return []
        if len(tenpai) == 2:
            return [pay(n, t, NOTEN_TOTAL // 2, "noten payment") for n, t in zip(noten, tenpai)]
        each = NOTEN_TOTAL // (len(tenpai) * len(noten))
        return [pay(n, t, each, "noten payment") for n in noten for t in tenpai]

    def penalty_payments(self, deal: Deal, event: Event, out: Outcome) -> list:
        """Chombo (002 §3.4.6): in tournaments −20,000 after uma; otherwise a mangan payment,
        4,000 to East and 2,000 to each other player, or 4,000 to each when East is at fault."""
        p = event.offender
        if self.tournament:
            out.penalties[p] += CHOMBO_TOURNAMENT
            out.notes.append("chombo: -20,000 after uma (tournament)")
            return []
        if p == deal.dealer:
            return [pay(p, q, 4000, "chombo, a mangan") for q in range(4) if q != p]
        return [pay(p, q, 4000 if q == deal.dealer else 2000, "chombo, a mangan") for q in range(4) if q != p]

    def leftover(self, points: list[int], last: Deal) -> list[int]:
        """002 §3.6 « Toutes les mises de riichi restant sur la table sont collectées par le
        gagnant ». Tied first places share them (a ruling: docs/rulings.md), remainder to the
        first in seat order."""
        out = [0, 0, 0, 0]
        if not last.sticks:
            return out
        best = max(points)
        firsts = [p for p in range(4) if points[p] == best]
        share, rest = divmod(last.sticks * STICK, len(firsts))
        for i, p in enumerate(firsts):
            out[p] = share + (rest if i == 0 else 0)
            points[p] += out[p]
        return out

    def uma(self, points: list[int]) -> list[int]:
        """002 §3.6.1: +15,000 / +5,000 / −5,000 / −15,000 by place (or a house rule's,
        ``uma_by_place``); tied players share the uma
        of the places they hold (« si deux joueurs se partagent la première place, chacun reçoit
        un bonus de 10.000 points »). A share that does not divide (a house uma of 10,000 / 5,000 /
        −5,000 shared by three) gives its remainder a point each to the first in seat order, as the
        leftover sticks: the table still adds up to zero."""
        order = sorted(range(4), key=lambda p: -points[p])       # stable: seat order among ties
        out = [0, 0, 0, 0]
        i = 0
        while i < 4:
            j = i
            while j + 1 < 4 and points[order[j + 1]] == points[order[i]]:
                j += 1
            share, rest = divmod(sum(self.uma_by_place[i:j + 1]), j - i + 1)
            for k in range(i, j + 1):
                out[order[k]] = share + (1 if k - i < rest else 0)
            i = j + 1
        return out
