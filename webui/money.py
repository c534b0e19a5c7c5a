"""Settling an evening in money: each player's score times a rate, rounded as the table pays,
and few payments that settle it (who pays whom: at most one fewer than the players).

The rule documents score in points and say nothing of money; a club or a home table agrees on a
rate (so much per point, per 1,000 points in riichi, whose scores are in thousands) and pays
rounded sums. The amounts are each player's final score (after uma and penalties: the final
table's, or the standings' total over the games asked for) times the rate, rounded to the step
agreed. Rounding keeps a table that adds up to zero adding up to zero (the largest remainders
take the step); where the scores do not add up to zero (a tournament chombo's penalty leaves the
table, 002 §3.4.6), its offender puts the penalty in the pot, and is said so.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from .validation import InputError

#: The points a rate is given per, by rule set, unless the form says otherwise: riichi's scores are
#: in points of which 1,000 make the unit tables play for; MCR and Hong Kong count in points.
DEFAULT_PER = {"riichi": 1000}
#: Bounds against a typo (a rate of 1e9 per point, a step of 0.000001); the decimals a rate and a
#: step may have (1e-99999 wrote a page of 100,000 digits).
MAX_RATE = Decimal("1000000")
RATE_DECIMALS = 6
STEP_DECIMALS = 4
MIN_STEP = Decimal("0.01")
MAX_STEP = Decimal("1000")
MAX_PER = 1_000_000
MAX_UNIT = 8
#: The pot: where the payments of a table that does not add up to zero go (``Settlement.pot``).
POT = None
#: The settle form's fields, as a query, a game kept with its rate (``games.money``) and an
#: export give them.
FIELDS = ("rate", "unit", "per", "step")


@dataclass
class Settlement:
    """``amounts``: each player's sum, positive received, negative paid (rounded); ``payments``:
    (payer or ``POT``, payee or ``POT``, amount) that settle them; ``pot``: what the players pay
    that no player receives (negative: what they receive that no player pays)."""
    rate: Decimal
    per: int
    step: Decimal
    unit: str
    amounts: dict[str, Decimal] = field(default_factory=dict)
    payments: list[tuple[str, str | None, Decimal]] = field(default_factory=list)
    pot: Decimal = Decimal(0)


#: How a refusal names each field (said beside it on the form).
FIELD_WORDS = {"rate": "the rate", "step": "the rounding step"}


def _decimal(value, name: str, low: Decimal, high: Decimal, decimals: int) -> Decimal:
    words = FIELD_WORDS[name]
    raw = str(value).strip()
    # a comma is a decimal mark (0,5 as French writes it), but "1,000" is a thousand as English
    # writes it: read as 1.000 it settled a table at a thousandth of what was meant
    if re.fullmatch(r"[+-]?[1-9][0-9]*,[0-9]{3}", raw) or ("," in raw and "." in raw):
        raise InputError("bad_field", f"{words} is written ambiguously: no thousands separator (1000), "
                                      "a decimal point or comma (0.5 or 0,5)", name)
    try:
        d = Decimal(raw.replace(",", "."))
    except (InvalidOperation, ValueError):
        raise InputError("bad_field", f"{words} must be a number, such as 0.5", name) from None
    if not d.is_finite():
        raise InputError("bad_field", f"{words} must be a number, such as 0.5", name)
    if d < low:
        raise InputError("bad_field", LOW_MESSAGES[name], name)
    if d > high:
        raise InputError("bad_field", HIGH_MESSAGES[name], name)
    if d != d.quantize(Decimal(1).scaleb(-decimals)):
        raise InputError("bad_field", f"{words} must have at most {decimals} decimals", name)
    return Decimal(format(d.normalize(), "f"))      # 0.50 → 0.5, 10 stays 10 (not 1E+1)


#: What a value out of bounds is told, each bound written out (one message for 0 and -1, where
#: "from 0" and "more than 0" contradicted each other).
LOW_MESSAGES = {"rate": "the rate must be more than 0", "step": "the rounding step must be at least 0.01"}
HIGH_MESSAGES = {"rate": "the rate must be at most 1000000", "step": "the rounding step must be at most 1000"}


def parse(args, rules: str) -> tuple[Decimal, int, Decimal, str] | None:
    """The rate, points per rate, rounding step and unit a form or command line gives (``rate``,
    ``per``, ``step``, ``unit``); None when no rate is given (no money asked for)."""
    raw = (args.get("rate") or "").strip()
    if not raw:
        return None
    rate = _decimal(raw, "rate", Decimal(0), MAX_RATE, RATE_DECIMALS)
    if rate == 0:
        raise InputError("bad_field", LOW_MESSAGES["rate"], "rate")
    per_raw = (args.get("per") or "").strip()
    per = DEFAULT_PER.get(rules, 1)
    if per_raw:
        # ASCII digits, a few: "²".isdigit() is true and int("²") fails
        if not re.fullmatch(r"[0-9]{1,7}", per_raw) or not 1 <= int(per_raw) <= MAX_PER:
            raise InputError("bad_field", f"the points a rate is for must be a whole number from 1 to {MAX_PER}", "per")
        per = int(per_raw)
    step_raw = (args.get("step") or "").strip()
    step = _decimal(step_raw, "step", MIN_STEP, MAX_STEP, STEP_DECIMALS) if step_raw else Decimal("0.01")
    unit = (args.get("unit") or "").strip()
    if len(unit) > MAX_UNIT:
        raise InputError("bad_field", f"the currency must be at most {MAX_UNIT} characters", "unit")
    return rate, per, step, unit


def kept(values, rules: str) -> dict:
    """The settle form's values to keep with a game (a game export's ``money``): its fields given as
    text or numbers, {} when no rate is given; refused (``InputError``) as the form refuses them."""
    if not isinstance(values, dict):
        return {}
    given = {k: str(values[k]).strip() for k in FIELDS
             if isinstance(values.get(k), (str, int, float)) and not isinstance(values.get(k), bool)
             and str(values[k]).strip()}
    return given if parse(given, rules) is not None else {}


def _rounded(value: Decimal, step: Decimal) -> Decimal:
    """``value`` to the nearest multiple of ``step``, halves away from zero."""
    return (value / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step


def settle(scores: dict[str, int | float], rate: Decimal, per: int = 1, step: Decimal = Decimal("0.01"),
           unit: str = "", penalties: dict[str, int | float] | None = None) -> Settlement:
    """Each player's ``scores`` (points, zero-sum or not) in money at ``rate`` per ``per`` points,
    rounded to ``step``, and the payments that settle them. ``penalties``: the part of a player's
    score that leaves the table (a tournament chombo's -20,000, 002 §3.4.6, negative): its
    offender puts it in the pot, and the rest is settled among the players."""
    exact = {p: Decimal(str(s)) * rate / per for p, s in scores.items()}
    amounts = {p: _rounded(v, step) for p, v in exact.items()}
    # the table's own sum, rounded once: rounding each player alone may leave a step over
    # (three players at +1.67 and one at -5.00 rounded to 1: +2 +2 +2 -5), which the players whose
    # rounding moved them most give back (largest remainders)
    off = (sum(amounts.values(), Decimal(0)) - _rounded(sum(exact.values(), Decimal(0)), step)) / step
    # players whose rounding moved them alike are taken in order of their names: the same sums
    # whatever order the table lists them in ({5, 5, -10} at a step of 10 gave the 0 and the 10 by
    # the order the players came in)
    order = sorted(amounts, key=lambda p: (-(amounts[p] - exact[p]) * (1 if off > 0 else -1), str(p)))
    for p in order[:int(abs(off))]:
        amounts[p] -= step if off > 0 else -step
    out = Settlement(rate=rate, per=per, step=step, unit=unit, amounts=amounts)
    # the offender pays the penalty into the pot (the greedy order alone had innocent players pay
    # it, the offender of a tournament's chombo, leading, receiving only)
    into_pot = {p: _rounded(-Decimal(str(v)) * rate / per, step) for p, v in (penalties or {}).items()
                if p in amounts and v < 0}
    into_pot = {p: m for p, m in into_pot.items() if m > 0}
    rest = {p: a + into_pot.get(p, Decimal(0)) for p, a in amounts.items()}
    among, pot = payments(rest)
    out.payments = [(p, POT, m) for p, m in into_pot.items()] + among
    out.pot = pot + sum(into_pot.values(), Decimal(0))
    return out


def payments(amounts: dict[str, Decimal]) -> tuple[list[tuple[str, str | None, Decimal]], Decimal]:
    """The payments settling ``amounts`` (received positive, paid negative): a debt equal to a
    credit paid directly, then the largest debtor paying the largest creditor as much as both
    allow, until all are settled: at most one payment fewer than the players (not always the
    fewest possible, which is a hard search). What is left paid goes to the pot (``POT``), what is left to receive
    comes from it; returns the payments and the pot's balance."""
    # [left to pay or receive, player], the largest first (then by name)
    owe = sorted(([-a, p] for p, a in amounts.items() if a < 0), key=lambda x: (-x[0], x[1]))
    due = sorted(([a, p] for p, a in amounts.items() if a > 0), key=lambda x: (-x[0], x[1]))
    out = []
    # a debt equal to a credit is paid in one payment first (the greedy order alone split
    # {A 7, B 3, C -5, D -3, E -2} into four payments where three do)
    for debt in owe:
        match = next((credit for credit in due if credit[0] == debt[0] and credit[0]), None)
        if match and debt[0]:
            out.append((debt[1], match[1], debt[0]))
            debt[0] = match[0] = Decimal(0)
    owe = [x for x in owe if x[0]]
    due = [x for x in due if x[0]]
    i = j = 0
    while i < len(owe) and j < len(due):
        paid = min(owe[i][0], due[j][0])
        out.append((owe[i][1], due[j][1], paid))
        owe[i][0] -= paid
        due[j][0] -= paid
        if owe[i][0] == 0:
            i += 1
        if due[j][0] == 0:
            j += 1
    pot = Decimal(0)
    for a, p in owe[i:]:
        if a:
            out.append((p, POT, a))
            pot += a
    for a, p in due[j:]:
        if a:
            out.append((POT, p, a))
            pot -= a
    return out, pot


def money(value: Decimal, step: Decimal, unit: str = "", signed: bool = False, number=None, space: str = " ") -> str:
    """``value`` written with as many decimals as ``step`` has (cents for a step of 0.5), and
    ``unit`` after it, ``space`` between (a page's no-break space: a phone broke "210.00 / HK$");
    ``signed``: "+8.00"; ``number(value, signed, decimals)``: how the page's language writes a
    figure (``i18n.number``: "8,00" in French), else as Python does."""
    places = max(0, -step.normalize().as_tuple().exponent)
    places = 2 if places == 1 else places       # money has cents: 12.50, not 12.5 (a step of 0.5)
    if number is not None:
        text = number(float(value), signed, places)
    else:
        text = f"{abs(value) if value == 0 else value:{'+' if signed and value else ''}.{places}f}"  # not "-0.00"
    return f"{text}{space}{unit}" if unit else text
