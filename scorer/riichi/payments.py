"""EMA 2016 payments (002 §4.1, §4.1.2, §4.1.3, §6, §3.3.9, §3.4.10).

``hand_payment`` is the value of a hand from han and minipoints; ``settle`` turns it into
who pays what, adding counters (honba), riichi sticks and liability (pao).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..context import SEAT_AT_OFFSET
from ..result import Payment

#: Limit hands, 002 §6 ("Mangan 5 han, Haneman 6-7, Baiman 8-10, Sanbaiman 11+, Yakuman"):
#: name → basic points (the non-dealer's share of a non-dealer tsumo is basic, 002 §4.1.2).
LIMIT_BASIC = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000, "yakuman": 8000}
WINDS = ("E", "S", "W", "N")


def limit_name(han: int, fu: int, yakuman: bool = False) -> str:
    """The limit reached, or "" (002 §4.1.2: below five han a hand is capped at mangan;
    §6: 5 mangan, 6-7 haneman, 8-10 baiman, 11+ sanbaiman; kazoe yakuman does not exist)."""
    if yakuman:
        return "yakuman"
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han >= 5 or fu * 2 ** (han + 2) >= 2000:
        return "mangan"
    return ""


def _up100(x: int) -> int:
    return -(-x // 100) * 100


@dataclass(frozen=True)
class HandValue:
    """Value of a hand before counters and sticks. ``ron`` is what the discarder pays;
    ``tsumo_dealer`` / ``tsumo_other`` what the dealer / each non-dealer pays on a tsumo
    (for a dealer's tsumo both are the same amount, paid by each of the three)."""
    limit: str
    basic: int
    ron: int
    tsumo_dealer: int
    tsumo_other: int


def hand_payment(han: int, fu: int, dealer: bool, yakuman: bool = False) -> HandValue:
    """002 §4.1.2: basic = minipoints × 2^(han+2), capped at mangan; the dealer's share is
    doubled; ron = 4× basic (6× for the dealer); each payment rounded up to 100."""
    limit = limit_name(han, fu, yakuman)
    basic = LIMIT_BASIC[limit] if limit else fu * 2 ** (han + 2)
    if dealer:
        each = _up100(2 * basic)
        return HandValue(limit, basic, _up100(6 * basic), each, each)
    return HandValue(limit, basic, _up100(4 * basic), _up100(2 * basic), _up100(basic))


def payment_steps(extra: dict) -> list[tuple[str, dict]]:
    """How a riichi score's payments come from its han and minipoints (002 §4.1.2: « La valeur
    de base de la main est doublée pour chaque han plus 2 », doubled for East, four or six times
    on a discard, « arrondis à la centaine supérieure, mais ne dépassent jamais la valeur d'un
    mangan »), before counters and sticks: (English sentence with {fields}, fields) pairs, which
    the command line prints and the web page translates. Empty for a score without
    ``basic_points`` (one recorded before they were kept)."""
    basic, han, fu, limit = extra.get("basic_points"), extra.get("han"), extra.get("fu"), extra.get("limit") or ""
    if basic is None or han is None:
        return []
    if limit == "yakuman":
        steps = [("a yakuman: {basic} basic points", {"basic": basic})]
    elif han >= 13:
        # 002 (changes from 2012): « Les mains limites de 13+ han sont comptées sanbaiman et non plus
        # yakuman »: said, for a player who learnt the counted yakuman elsewhere
        steps = [("{limit} for {han} han (13 han or more are a sanbaiman: EMA 2016 counts no yakuman from han): "
                  "{basic} basic points", {"limit": limit, "han": han, "basic": basic})]
    elif han >= 5:
        steps = [("{limit} for {han} han: {basic} basic points", {"limit": limit, "han": han, "basic": basic})]
    elif limit:
        # in the rule's words, « doublée pour chaque han plus 2 » (a learner read "2^(3 + 2)" as code,
        # another "for 4 han, plus 2" as a riddle)
        steps = [("{fu} fu doubled {doublings} times (once for each han, {han} here, and twice more, as for every hand) = {raw}, capped at a mangan: "
                  "{basic} basic points",
                  {"fu": fu, "han": han, "doublings": han + 2, "raw": fu * 2 ** (han + 2), "basic": basic})]
    else:
        steps = [("{fu} fu doubled {doublings} times (once for each han, {han} here, and twice more, as for every hand) = {basic} basic points",
                  {"fu": fu, "han": han, "doublings": han + 2, "basic": basic})]
    dealer = bool(extra.get("dealer"))
    if not extra.get("self_drawn"):
        times = 6 if dealer else 4
        # 002 §4.1.2: the dealer's win is paid 6 times the basic points, another's 4 times (a learner
        # saw "6 × 480" without knowing why not 4)
        who = "the dealer's win: " if dealer else ""
        steps.append((f"on a discard, {who}the discarder pays {{times}} × {{basic}} = {{raw}}, rounded up to the next "
                      "100: {paid}" if times * basic % 100 else
                      f"on a discard, {who}the discarder pays {{times}} × {{basic}} = {{paid}}",
                      {"times": times, "basic": basic, "raw": times * basic, "paid": _up100(times * basic)}))
    elif dealer:
        steps.append(("self-drawn by the dealer, each player pays 2 × {basic}, rounded up to the next 100: {paid}",
                      {"basic": basic, "paid": _up100(2 * basic)}))
    else:
        steps.append(("self-drawn, the dealer pays 2 × {basic} and each other player {basic}, rounded up to the "
                      "next 100: {dealer_pays} and {other_pays}",
                      {"basic": basic, "dealer_pays": _up100(2 * basic), "other_pays": _up100(basic)}))
    pao = extra.get("pao")
    if pao and extra.get("hand_value") is not None:
        # 002 §3.3.9: « doit payer la valeur totale de la main dans le cas où [...] terminé sur pioche
        # (les deux autres joueurs ne payent rien) »; on another's discard « il partage le paiement en
        # deux parts égales avec le joueur qui donne la tuile »
        value = extra["hand_value"]
        if extra.get("self_drawn"):
            steps.append(("instead, pao (002 §3.3.9): the player liable for {yaku} ({liable}) pays the whole hand, "
                          "{value}, and the others nothing", {"yaku": pao["yaku"], "liable": pao["liable"],
                                                               "value": value}))
        else:
            steps.append(("instead, pao (002 §3.3.9): the discarder and the player liable for {yaku} ({liable}) pay "
                          "half each: {rest} and {half}", {"yaku": pao["yaku"], "liable": pao["liable"],
                                                          "rest": value - value // 2, "half": value // 2}))
    return steps


def payer_names(seat_wind: str, seats_known: bool) -> dict[str, str]:
    """Name of each other seat wind as seen from the winner: left/across/right when the
    winner's seat is known, otherwise by role ("dealer", "non-dealer")."""
    w = WINDS.index(seat_wind)
    out = {}
    for off in (1, 2, 3):
        other = WINDS[(w + off) % 4]
        out[other] = SEAT_AT_OFFSET[off] if seats_known else ("dealer" if other == "E" else "non-dealer")
    return out


def settle(value: HandValue, *, dealer: bool, tsumo: bool, seat_wind: str, seats_known: bool,
           discarder: str | None, honba: int, riichi_sticks: int,
           liable: str | None = None, pao_yaku: str = "", robbed_kong: bool | str = False,
           own_stick: bool = False) -> list[Payment]:
    """Payments to the winner.

    Counters: 300 each on ron paid by the discarder, 100 from each payer on tsumo (002 §3.4.10).
    Riichi sticks: 1000 each, collected from the table (002 §4.1). ``robbed_kong``: the "discarder"
    is the player whose added kong was robbed (``"declared"``: thirteen orphans, which may rob a
    concealed kong too), and the reason says so. ``own_stick``: the winner
    declared riichi, so one of the sticks is its own.
    Pao (002 §3.3.9): on tsumo the liable player pays the whole hand; on a discard by someone
    else the discarder and the liable player share it equally, and the discarder pays the counters
    alone; on tsumo the liable player pays them too (rulings: docs/rulings.md, Riichi).
    """
    payments: list[Payment] = []
    names = payer_names(seat_wind, seats_known)
    if tsumo:
        total = value.tsumo_dealer + 2 * value.tsumo_other if not dealer else 3 * value.tsumo_dealer
        if liable and pao_yaku:
            payments.append(Payment(liable, total + 300 * honba,
                                    f"pao: liable for {pao_yaku}, pays the whole self-drawn hand"))
        else:
            for wind, who in names.items():
                amount = value.tsumo_dealer if (wind == "E" or dealer) else value.tsumo_other
                share = "dealer's share" if wind == "E" and not dealer else "tsumo share"
                payments.append(Payment(who, amount + 100 * honba,
                                        share + (f" + {honba} counter(s) × 100" if honba else "")))
    else:
        who = discarder or "discarder"
        counters = f" + {honba} counter(s) × 300" if honba else ""
        if liable and pao_yaku and liable != who:
            half = value.ron // 2
            payments.append(Payment(who, value.ron - half + 300 * honba, "ron, half (pao shared)" + counters))
            payments.append(Payment(liable, half, f"pao: liable for {pao_yaku}, pays half"))
        else:
            # robbing a kong (002 §4.2.1): the tile is the one added to the kong, not a discard; a
            # concealed kong is robbed by thirteen orphans alone, and was declared, not added to
            why = ("ron" if not robbed_kong else "robbing the kong: paid by the player who declared the kong"
                   if robbed_kong == "declared" else "robbing the kong: paid by the player who added the kong")
            payments.append(Payment(who, value.ron + 300 * honba, why + counters))
    if riichi_sticks:
        # the winner's own stick is among them when it declared riichi: said, or the total
        # "received" read as a gain of 1000 more than the winner made
        payments.append(Payment("table", 1000 * riichi_sticks, f"{riichi_sticks} riichi stick(s) × 1,000"
                                + (", the winner's own among them" if own_stick else "")))
    return payments
