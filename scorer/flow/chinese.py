"""MCR (000, 001), Hong Kong old style (004) and classical (003): the whole game."""
from __future__ import annotations

from .base import Deal, Event, Flow, pay

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

    def keeps_deal(self, deal: Deal, event: Event) -> bool:
        return event.kind == "draw" or deal.dealer in event.winners


class GenericFlow(Flow):
    """A rule set without a flow of its own: the deal passes after every hand, no end."""
    rules = "other"

    def __init__(self, options=None, scorer_options=None):
        super().__init__({**(options or {}), "open_ended": True}, scorer_options)


__all__ = ["MCRFlow", "HongKongFlow", "ClassicalFlow", "GenericFlow", "pay"]
