"""Turn the scorer's payments (payers named relative to the winner, or by role) into payments
between the game's players, and the per-player score changes of a hand (docs/webui.md).

Players sit in turn order E, S, W, N of the first hand (index 0..3); play passes to the right
(000 "Réclamation": "le jeu continue avec le joueur situé juste à sa droite (dans l'ordre
E->S->O->N)"), so the player on the winner's left is the one who plays just before them
(000: a chow is taken only from "le joueur juste avant lui") and the one across is two seats on.
"""
from __future__ import annotations

from scorer.flow.base import points_of

WINDS = ("E", "S", "W", "N")
RELATIVE_OFFSET = {"left": -1, "right": 1, "across": 2}
#: Roles that name several players at once; an amount listed once is paid by each of them.
GROUP_ROLES = {"other", "others", "each", "all", "non_dealer", "non-dealer", "nondealer"}


class SettlementError(ValueError):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


SEATED = (0, 1, 2, 3)


def seat_at(winner: int, relative: str, order=SEATED) -> int:
    """The player at ``relative`` of ``winner``; ``order`` is the players in turn order (seats
    change between rounds under MCR)."""
    return order[(order.index(winner) + RELATIVE_OFFSET[relative]) % 4]


def relative_of(winner: int, other: int, order=SEATED) -> str:
    for name in RELATIVE_OFFSET:
        if seat_at(winner, name, order) == other:
            return name
    raise SettlementError("bad_seat", "a player cannot discard to themself")


def seat_wind(player: int, dealer: int, order=SEATED) -> str:
    return WINDS[(order.index(player) - order.index(dealer)) % 4]


def map_payments(payments: list[dict], *, winner: int, discarder: int | None, dealer: int,
                 order=SEATED) -> list[dict]:
    """``[{payer, amount, reason}]`` (relative) → ``[{payer, payee, amount, reason}]`` (player
    indexes). A role listed as often as it has members is split one entry per member; a role
    listed once is paid by each member."""
    others = [p for p in range(4) if p != winner]

    def members(role: str) -> list[int]:
        r = role.lower()
        if r in RELATIVE_OFFSET:
            return [seat_at(winner, r, order)]
        if r == "discarder":
            if discarder is None:
                raise SettlementError("discarder_unknown", "the scorer charges the discarder: say "
                                      "who discarded the winning tile")
            return [discarder]
        if r in ("dealer", "east"):
            if dealer == winner:
                raise SettlementError("bad_role", "the scorer charges the dealer, but the dealer won")
            return [dealer]
        if r in ("non_dealer", "non-dealer", "nondealer"):
            return [p for p in others if p != dealer]
        if r in ("other", "others", "each", "all"):
            named = set()
            for p in payments:
                pr = str(p.get("payer", "")).lower()
                if pr not in GROUP_ROLES and pr != "table":
                    named.update(members(pr))
            return [p for p in others if p not in named]
        raise SettlementError("unknown_payer", f"the scorer named a payer this app cannot seat: {role!r}")

    by_role: dict[str, list[dict]] = {}
    out = []
    for p in payments:
        role = str(p.get("payer", "")).lower()
        if role == "table":
            # Riichi deposits collected from the table: the log does not record the deposits
            # when riichi is declared, so it records neither side (docs/rulings.md, Web UI).
            out.append({"payer": None, "payee": winner, "amount": points_of(p["amount"]),
                        "reason": p.get("reason", ""), "from": "table"})
            continue
        by_role.setdefault(role, []).append(p)
    for role, entries in by_role.items():
        who = members(role)
        if len(entries) == 1:
            pairs = [(w, entries[0]) for w in who]
        elif len(entries) == len(who):
            pairs = list(zip(who, entries))
        else:
            raise SettlementError("bad_payments", f"{len(entries)} payments by {role!r} for "
                                  f"{len(who)} player(s)")
        for payer, entry in pairs:
            out.append({"payer": payer, "payee": winner, "amount": points_of(entry["amount"]),
                        "reason": entry.get("reason", "")})
    return out


def deltas_of(payments: list[dict]) -> list[int | float]:
    """Score change of each player; payments from the table (payer None) are not counted."""
    d = [0, 0, 0, 0]
    for p in payments:
        if p["payer"] is None:
            continue
        d[p["payer"]] -= p["amount"]
        d[p["payee"]] += p["amount"]
    return [points_of(v) for v in d]


def penalty(offender: int, each: int) -> list[dict]:
    """A false win: the offender pays ``each`` to every other player (000 "Faute": "il doit
    payer 10 points à chacun des autres joueurs")."""
    return [{"payer": offender, "payee": p, "amount": each, "reason": "false win"}
            for p in range(4) if p != offender]


def running_totals(hands: list[dict]) -> list[list[int | float]]:
    """Totals of each player after each hand."""
    totals, out = [0, 0, 0, 0], []
    for h in hands:
        totals = [t + d for t, d in zip(totals, h["deltas"])]
        out.append(list(totals))
    return out


def next_deal(rules: str, hands: list[dict]) -> tuple[int, str]:
    """Dealer (player index) and round wind of the hand after ``hands``; see
    :func:`next_deal_after` (only the last hand that was played matters)."""
    played = [h for h in hands if h["kind"] != "penalty"]
    return next_deal_after(rules, played[-1] if played else None)


def next_deal_after(rules: str, last: dict | None) -> tuple[int, str]:
    """Dealer and round wind after the hand ``last`` (None: the first hand).

    MCR and classical: the deal passes after every hand (000 "Rotation des vents des joueurs":
    "qu'un joueur ait fait Mah Jong ou non, le joueur Sud devient vent d'Est"). Riichi and Hong
    Kong: the dealer keeps the deal after winning (002 §3.4.11; 004 "Le croupier conservera le
    rôle jusqu'à ce qu'un autre joueur remporte une main"); riichi also after a draw when tenpai,
    which is not recorded here, so a draw passes the deal (the form lets the table change it).
    The round wind turns when the deal comes back to the first dealer. Penalties do not end a
    hand, so callers pass the last hand that was not a penalty."""
    if last is None:
        return 0, "E"
    dealer, wind = last["dealer"], last["round_wind"]
    keeps = rules in ("riichi", "hk") and last["kind"] == "win" and last.get("winner") == dealer
    if not keeps:
        dealer = (dealer + 1) % 4
        if dealer == 0:
            wind = WINDS[(WINDS.index(wind) + 1) % 4]
    return dealer, wind
