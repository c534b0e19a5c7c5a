"""MCR rule options. Defaults follow 000 (its fan values and exclusions); every
alternative is a documented ruling in docs/rulings.md (MCR section)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class Options:
    kong_pair_values: Literal["mji", "ffmj2013", "pymahjonggb"] = field(default="mji", metadata={
        "help": "one melded + one concealed kong, two concealed kongs: mji = no combined fan, melded "
                "kong 1 + concealed kong 2, two concealed kongs 6 (000); ffmj2013 = combined fan 6, two "
                "concealed kongs 8 (001); pymahjonggb = combined fan 5, two concealed kongs 6"})
    fully_concealed_on_concealed_specials: bool = field(default=False, metadata={
        "help": "score Fully Concealed Hand (4) instead of Self-Drawn (1) on seven pairs, four "
                "concealed pungs, nine gates, honours-and-knitted and thirteen orphans won by self-draw "
                "(001, Sept paires remark); by default the rules forbid it (000 n°55/56/73/80)"})
    nine_gates: Literal["mji", "ffmj2013", "pymahjonggb"] = field(default="mji", metadata={
        "help": "what nine gates excludes: mji = full flush and every pung of terminals (000 n°78); "
                "ffmj2013 = keeps terminal pungs, no concealed pungs (001 worked totals 107/91/90...); "
                "pymahjonggb = drops one terminal pung only"})
    knitted_straight_wait: Literal["ffmj2013", "pymahjonggb"] = field(default="ffmj2013", metadata={
        "help": "a wait fan beside a knitted straight: ffmj2013 = none when the winning tile is one of the "
                "knit's nine, which it may have completed (001 La suite serpentine); pymahjonggb = counted when "
                "the knit holds its own copy of that tile"})
    four_kongs_single_wait: bool = field(default=False, metadata={
        "help": "add Single Wait to Four Kongs (001 exercise 4); default: the wait is implied"})
    all_terminals_double_pung: bool = field(default=False, metadata={
        "help": "add Double Pung to All Terminals (001 Tout extrémité example 1); by default the rules "
                "forbid it (000 n°69)"})
    all_green_half_flush: bool = field(default=False, metadata={
        "help": "add Half Flush to All Green (001 Main verte example 1); by default the rules forbid it "
                "(000 n°77)"})
    big_four_winds_wind_pungs: bool = field(default=False, metadata={
        "help": "add Seat Wind / Prevalent Wind to Big Four Winds, reading the rule literally (000 n°75); "
                "default: included by definition (001)"})
    minimum_points: int = field(default=8, metadata={"min": 0,
        "help": "points needed to declare Mah Jong, flowers not counted (000, Déroulement)"})

    @property
    def two_concealed_kongs_value(self) -> int:
        return 8 if self.kong_pair_values == "ffmj2013" else 6

    @property
    def melded_and_concealed_kong_value(self) -> int:
        """0 when the combined fan does not exist (000)."""
        return {"mji": 0, "ffmj2013": 6, "pymahjonggb": 5}[self.kong_pair_values]
