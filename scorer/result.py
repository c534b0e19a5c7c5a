"""The typed scoring result shared by every rule set (one result shape for all of them).

One web template renders them all: items (what scored), excluded (what the hand shows but does
not score, and why), the decomposition chosen, and the settlement.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any


@dataclass
class ScoredItem:
    """One fan / yaku / faan / points line."""
    id: str
    name_en: str
    value: int
    count: int = 1
    name_fr: str = ""
    name_native: str = ""          # Chinese for MCR/HK/classical, Japanese for riichi
    tiles: list[str] = field(default_factory=list)   # the tiles it uses (for highlighting)
    unit: str = "points"           # points | han | faan | fu | doubles
    note: str = ""
    source: str = ""               # where the rule documents define it ("000 n°28", "002 §4.2.1")
    definition: str = ""           # what a hand must show to score it, for a beginner (English)
    definition_fr: str = ""

    @property
    def total(self) -> int:
        return self.value * self.count

    def to_dict(self) -> dict:
        return {"id": self.id, "name_en": self.name_en, "name_fr": self.name_fr,
                "name_native": self.name_native, "value": self.value, "count": self.count,
                "total": self.total, "unit": self.unit, "tiles": list(self.tiles),
                **({"note": self.note} if self.note else {}),
                **({"source": self.source} if self.source else {}),
                **({"definition": self.definition, "definition_fr": self.definition_fr} if self.definition else {})}


@dataclass
class ExcludedItem:
    """A pattern the hand shows that is not counted, with the rule that excludes it."""
    id: str
    name_en: str
    by: str            # id of the item that implies/forbids it ("" for a general principle)
    rule: str          # the rule sentence, quoted or paraphrased
    source: str        # file and section
    name_fr: str = ""
    note: str = ""     # English, beside a quoted French rule: what its words do not say

    def to_dict(self) -> dict:
        return {"id": self.id, "name_en": self.name_en, "by": self.by, "rule": self.rule,
                "source": self.source, "name_fr": self.name_fr, "note": self.note}


@dataclass
class Payment:
    """``payer`` pays ``amount`` to the winner. Payers are named relative to the winner
    (left, across, right) or by role when the seat is unknown ("discarder", "other")."""
    payer: str
    amount: int
    reason: str = ""

    def to_dict(self) -> dict:
        return {"payer": self.payer, "amount": self.amount, "reason": self.reason}


#: The payer of one merged row (``others_merged``), by the payers it merges and how many it stands
#: for, and how it is said.
MERGED_PAYERS = {("other", 2): "others", ("other", 3): "all_others",
                 ("non-dealer", 2): "non_dealers", ("non-dealer", 3): "all_non_dealers"}
MERGED_PAYER_WORDS = {"others": "each of the two others", "all_others": "each of the three others",
                      "non_dealers": "each of the two non-dealers", "all_non_dealers": "each of the three non-dealers"}


def others_merged(payments: list[Payment]) -> list[Payment]:
    """The settlement as said: the players named only "other" who pay alike, as one payer: the two
    others of an unnamed discarder ("others"), the three who all pay a win whose seats are not
    given ("all_others": self-drawn, or classical's all-pay on a discard): "other pays 8" twice,
    or three times, read as a mistake. So too the non-dealers who pay a riichi win whose seats are
    not given alike ("non-dealer pays 2600" three times)."""
    out = list(payments)
    for role in ("other", "non-dealer"):
        at = [i for i, p in enumerate(out) if p.payer == role]
        if (role, len(at)) not in MERGED_PAYERS or len({(out[i].amount, out[i].reason) for i in at}) != 1:
            continue
        out = [replace(p, payer=MERGED_PAYERS[(role, len(at))]) if i == at[0] else p
               for i, p in enumerate(out) if i == at[0] or i not in at]
    return out


def set_entry(kind: str, codes, concealed: bool, declared: bool = False, note: str = "") -> dict:
    """One set of a decomposition, the same in every rule set: ``text`` is notation, ``[..]``
    for a declared exposed meld, ``(..)`` for a declared concealed kong (scorer.notation);
    ``note``, where there is one, also on its own (why a pung held in the hand counts as
    exposed: "completed by the discard"), for a page to say it in its language."""
    from .tiles import group_codes
    text = group_codes(codes)
    if declared:
        text = f"({text})" if concealed else f"[{text}]"
    if note:
        text += f" ({note})"
    return {"kind": kind, "tiles": list(codes), "concealed": concealed, "text": text, **({"note": note} if note else {})}


@dataclass
class Decomposition:
    """How the 14 tiles were read: sets (each with kind, tiles, concealed flag) and the form."""
    form: str                                  # standard | seven_pairs | thirteen_orphans | ...
    sets: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"form": self.form, "sets": self.sets}


@dataclass
class ScoreResult:
    rules: str
    valid: bool
    total: int = 0
    items: list[ScoredItem] = field(default_factory=list)
    excluded: list[ExcludedItem] = field(default_factory=list)
    decomposition: Decomposition | None = None
    payments: list[Payment] = field(default_factory=list)
    error: dict | None = None
    assumed: list[str] = field(default_factory=list)   # context keys defaulted, not given
    options: dict = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # rule-set specific fields (han, fu, ...)
    unused: list[str] = field(default_factory=list)    # context keys given that these rules do not read

    @property
    def wins(self) -> bool:
        """Whether the hand may be declared and is paid: a winning hand (``valid``) that also
        reaches its rules' minimum. An MCR hand under 8 points is valid (its points are counted
        and shown) but does not win (000, Précisions: « au moins 8 points, sans compter les
        Fleurs »); a Hong Kong hand under the agreed faan is not valid (``error``, reason
        ``below_minimum``)."""
        return self.valid and self.extra.get("minimum_met") is not False

    def to_dict(self) -> dict:
        d = {"rules": self.rules, "valid": self.valid, "wins": self.wins, "total": self.total,
             "items": [i.to_dict() for i in self.items],
             "excluded": [e.to_dict() for e in self.excluded],
             "decomposition": self.decomposition.to_dict() if self.decomposition else None,
             "payments": [p.to_dict() for p in self.payments],
             "assumed": list(self.assumed), "unused": list(self.unused), "options": dict(self.options)}
        d.update(self.extra)
        if self.error is not None:
            d["error"] = self.error
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "ScoreResult":
        """The result ``to_dict`` wrote (a pipeline's or a saved hand's score): the keys it
        does not name itself go back to ``extra``."""
        items = [ScoredItem(id=i["id"], name_en=i["name_en"], value=i["value"], count=i.get("count", 1),
                            name_fr=i.get("name_fr", ""), name_native=i.get("name_native", ""),
                            tiles=list(i.get("tiles", [])), unit=i.get("unit", "points"), note=i.get("note", ""),
                            source=i.get("source", ""), definition=i.get("definition", ""),
                            definition_fr=i.get("definition_fr", ""))
                 for i in d.get("items", [])]
        excluded = [ExcludedItem(**{k: e.get(k, "") for k in ("id", "name_en", "by", "rule", "source", "name_fr", "note")})
                    for e in d.get("excluded", [])]
        dec = d.get("decomposition")
        return cls(rules=d["rules"], valid=bool(d["valid"]), total=d.get("total", 0), items=items,
                   excluded=excluded,
                   decomposition=Decomposition(dec["form"], list(dec.get("sets", []))) if dec else None,
                   payments=[Payment(p["payer"], p["amount"], p.get("reason", "")) for p in d.get("payments", [])],
                   error=d.get("error"), assumed=list(d.get("assumed", [])), unused=list(d.get("unused", [])),
                   options=dict(d.get("options", {})),
                   extra={k: v for k, v in d.items() if k not in _OWN_KEYS})


_OWN_KEYS = frozenset({"rules", "valid", "wins", "total", "items", "excluded", "decomposition", "payments", "assumed",
                       "unused", "options", "error"})


def fu_before_rounding(extra: dict) -> int | None:
    """A riichi score's minipoints as counted, where rounding them up to the next 10 changed
    them (002 §4: « Arrondissez le nombre à la dizaine supérieure »); None otherwise, and for a
    hand of 5 han or more or a yakuman, paid by its han (« les minipoints n'entrent plus en
    compte »). A hand under 5 han capped at a mangan is one by its minipoints: they are said."""
    counted = sum(f.get("fu", 0) for f in extra.get("fu_breakdown") or [])
    if not counted or counted == extra.get("fu") or not fu_counts(extra):
        return None
    return counted


def unit_for(unit: str, n) -> str:
    """``unit`` after the figure ``n``: "1 point", "2 points", "1 double" (han, fu and faan have no
    plural), as the command line, the pages and the score sheet write it."""
    unit = unit or ""
    return unit[:-1] if n == 1 and unit.endswith("s") else unit


def fu_counts(extra: dict) -> bool:
    """Whether a riichi score's minipoints count towards it: under 5 han and no yakuman (002 §4)."""
    return extra.get("han", 0) < 5 and extra.get("limit") != "yakuman"


def odd_faan_paid_as_below(rules: str, faan, options: dict | None) -> bool:
    """A Hong Kong hand of an odd faan above 4 paid as the faan below it (option ``odd_faan``
    ``same``: docs/rulings.md, the reward table): the fifth faan earns nothing, said where it is."""
    return (rules == "hk" and isinstance(faan, int) and faan > 4 and faan % 2 == 1
            and (options or {}).get("odd_faan") == "same")


def uncapped_score(extra: dict) -> int | None:
    """A classical score before its limit: base points doubled once per double (003); None for a
    limit hand, which scores the limit as it is."""
    if extra.get("base_points") is None or extra.get("doubles") is None or extra.get("limit_hand"):
        return None
    return extra["base_points"] * 2 ** extra["doubles"]


def dora_words(tiles: str, indicators: str, count: int, held, tr) -> str:
    """The dora and the ``count`` indicators they follow, and how many the hand holds, in ``tr``'s
    language ("after the indicators 3m" was said of one indicator)."""
    if count == 1:
        return (tr("dora: {tiles} (after the indicator {indicators}): {n} in the hand", tiles=tiles,
                   indicators=indicators, n=held) if held else
                tr("dora: {tiles} (after the indicator {indicators}): none in the hand", tiles=tiles,
                   indicators=indicators))
    return (tr("dora: {tiles} (after the indicators {indicators}): {n} in the hand", tiles=tiles, indicators=indicators,
               n=held) if held else
            tr("dora: {tiles} (after the indicators {indicators}): none in the hand", tiles=tiles,
               indicators=indicators))
