"""MCR (000, 001), Hong Kong old style (004) and classical (003): the whole game."""
from __future__ import annotations

from .base import Deal, Event, Flow, FlowError, Outcome, deltas_of, pay

#: The most points a loser's hand is entered with (a limit hand doubled is far below it).
MAX_LOSER_POINTS = 100_000

#: MCR seats at the start of each round, players (by their seat in the first round) in turn
#: order from the round's first dealer. 000 « A la fin de chaque tour les joueurs changent de
#: siège: » announces a figure its text lacks; the movement chosen (docs/rulings.md, Game flow)
#: swaps East/South and West/North for the South round and lets each player open one round.
MCR_SEATING = ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1))


class MCRFlow(Flow):
    rules = "mcr"
    title = "MCR"
    # 000 « Fin de la Partie »: 4 rounds of 4 hands (16 hands).
    rounds = ("E", "S", "W", "N")
    false_win_default = 10     # 000 « Faute »: « il doit payer 10 points à chacun des autres joueurs »
    # 000 « Faute »: « Le jeu continue mais sa main reste exposée et il n'a plus le droit de
    # déclarer Mah Jong »: no win of his is recorded until the next hand.
    false_win_bars_offender = True
    false_win_ruled = True

    def false_win_basis(self) -> str:
        return "10 points to each other player (000 « Faute »)"

    def barred_winner_refusal(self) -> str:
        return ("a player who declared a false win may not win in the same hand: his hand stays exposed and he "
                "may no longer declare Mah Jong (000 « Faute »); record the hand's real result, or undo the false win")

    def seating_for(self, round_no: int) -> tuple:
        if self.options.get("seat_changes", True) is False:
            return (0, 1, 2, 3)
        return MCR_SEATING[round_no % 4]

    # 000 « Rotation des vents des joueurs »: « qu'un joueur ait fait Mah Jong ou non, le joueur
    # Sud devient vent d'Est »: the deal always passes. A draw pays nothing (000 « Comptage des
    # points »: « Si non, aucun score n'est compté »).
    def keeps_deal(self, deal: Deal, event: Event) -> bool:
        return False


class HongKongFlow(Flow):
    rules = "hk"
    title = "Hong Kong old style"
    rounds = ("E", "S", "W", "N")   # 004 « Le croupier et la durée d'un jeu »: tours Est, Sud, Ouest, Nord

    # 004 « Le croupier conservera le rôle jusqu'à ce qu'un autre joueur remporte une main »;
    # 004 « Main de fortune »: « Le même croupier continuera pour le prochain match ».
    def keeps_deal(self, deal: Deal, event: Event) -> bool:
        return event.kind == "draw" or deal.dealer in event.winners

    def several_winners_refusal(self) -> str:
        # 004 « Remise du gagnant »: « Il n'y aura qu'un seul gagnant dans chaque main du jeu »,
        # the discarder's lower house first.
        return ("one winner per hand under Hong Kong rules (004 « Il n'y aura qu'un seul gagnant »): the "
                "player next in turn after the discarder takes the tile")

    def false_win_amount(self, event: Event) -> int:
        """004 « Pénalités »: a false win pays each of the three others « une somme équivalente à
        quatre Fans » (the reward of 4 faan under the game's reward table)."""
        if event.amount is not None:
            return event.amount
        from scorer.hk.scoring import reward
        return reward(4, self.scorer_options)

    false_win_ruled = True

    def false_win_basis(self) -> str:
        return "the reward of four faan to each other player (004 « Pénalités »)"


class ClassicalFlow(Flow):
    """003 names East the « banquier » and says nothing more of the game's flow: the flow
    below is a ruling (docs/rulings.md, Game flow), the Hong Kong one of 004."""
    rules = "classical"
    title = "Classical (points and doubles)"
    rounds = ("E", "S", "W", "N")
    losers_settle = True

    def keeps_deal(self, deal: Deal, event: Event) -> bool:
        return event.kind == "draw" or deal.dealer in event.winners

    def check(self, event: Event) -> None:
        super().check(event)
        if event.losers is None:
            return
        if event.kind != "win":
            raise FlowError("bad_field", "the losers settle after a win only: leave losers out", "losers")
        if len(event.losers) != 4:
            raise FlowError("bad_field", "losers gives each player's hand's points, four entries in seat order "
                            "(none for the winner)", "losers")
        for p, points in enumerate(event.losers):
            if p in event.winners:
                if points is not None:
                    raise FlowError("bad_field", "the winner's hand is paid as the win: leave its points out of "
                                    "the losers' hands", "losers")
            elif not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= MAX_LOSER_POINTS:
                raise FlowError("bad_field", f"each loser's hand needs its points, a whole number from 0 to "
                                f"{MAX_LOSER_POINTS} (0 for a hand that counts nothing)", "losers")

    def settle(self, index: int, deal: Deal, event: Event, settle_win) -> Outcome:
        """The win as the winner is paid, then the losers among themselves: each pays each other
        loser the difference of their hands' points, East paying and receiving double ([B] ch. I,
        docs/rulings.md "Classical"), each hand counted at most the limit, as the winner's is."""
        out = super().settle(index, deal, event, settle_win)
        if event.kind != "win" or event.losers is None:
            return out
        limit = getattr(self.scorer_options, "limit", None)
        held = {p: min(v, limit) if limit else v for p, v in enumerate(event.losers) if p not in event.winners}
        for a, b in ((a, b) for a in held for b in held if a < b):
            if held[a] == held[b]:
                continue
            payee, payer = (a, b) if held[a] > held[b] else (b, a)
            gap = held[payee] - held[payer]
            east = deal.dealer in (payer, payee)
            out.payments.append(pay(payer, payee, gap * (2 if east else 1),
                                    f"between losers: {held[payee]} - {held[payer]}, doubled: East is one of them"
                                    if east else f"between losers: {held[payee]} - {held[payer]}"))
        out.deltas = deltas_of(out.payments)
        return out


class GenericFlow(Flow):
    """A rule set without a flow of its own: the deal passes after every hand, no end."""
    rules = "other"

    def __init__(self, options=None, scorer_options=None):
        super().__init__({**(options or {}), "open_ended": True}, scorer_options)


__all__ = ["MCRFlow", "HongKongFlow", "ClassicalFlow", "GenericFlow", "pay"]
