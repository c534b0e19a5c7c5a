"""The one MCR exclusion table: fan → the fans it implies or forbids, with the rule sentence it
encodes and where that sentence is: exclusions are data.

Principles of 000 ("Comptage des points") that the rows apply:
  * "Les mains qui sont par définition incluses dans une autre main ne sont pas comptées." (implied)
  * "Une combinaison ne peut pas être modifiée pour être comptée différemment" (non-split: one
    reading of the tiles is scored at a time; see engine.py, which keeps the best reading);
  * "Lorsque 2 ou 3 combinaisons sont utilisées pour former une main, les autres mains de 2 ou 3
    combinaisons ne doivent pas réutiliser plus d'une de ces combinaisons." (account-once; applied
    to every fan made of several sets in engine.resolve, not written as rows).

Scopes: ``all`` removes every occurrence of the excluded fan; ``within`` only the occurrences made
of sets the excluding fan uses; ``shared`` the occurrences sharing a set with it; ``one`` a single
occurrence. ``when`` names the option values under which the row applies (None: always).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

# ``rule`` is the source's own words (French, cut with [...] where it says more); ``note`` says in
# English what the source's words do not (a ruling from its examples, why a fan is part of another)
PRINCIPLE_IMPLIED = ("Les mains qui sont par définition incluses dans une autre main ne sont pas "
                     "comptées.")
PRINCIPLE_ACCOUNT_ONCE = ("Lorsque 2 ou 3 combinaisons sont utilisées pour former une main, les autres "
                          "mains de 2 ou 3 combinaisons ne doivent pas réutiliser plus d'une de ces "
                          "combinaisons.")
NOTE_ACCOUNT_ONCE = "A set already combined may be combined only once more."
#: The same principle as applied (docs/rulings.md MCR-17), said after the sets a refused fan would
#: join: "a set may be combined once more" beside two sets each combined once read as allowing it.
NOTE_ALREADY_LINKED = "Two sets already linked, directly or through other sets, form no further fan."
# after a hand's own number in a source ("the hand: 000 n°78; 000, Comptage des points"), so that
# the principle's words quoted next read as its own, not n°78's
SOURCE_PRINCIPLES = "000, Comptage des points"


@dataclass(frozen=True)
class Exclusion:
    fan: str
    excludes: tuple[str, ...]
    rule: str
    source: str
    scope: str = "all"                      # all | within | shared | one
    when: Mapping[str, tuple] | None = None  # option name → values for which the row applies
    note: str = ""                           # English: what the quoted words do not say

    def active(self, options) -> bool:
        if not self.when:
            return True
        return all(getattr(options, k) in v for k, v in self.when.items())


_X = Exclusion
_CONCEALED_SPECIALS_RULE = "Ne peut pas être combiné avec [...] \"Main Entièrement Cachée\" (n°25) [...]."
#: Nine Gates (n°78) and Thirteen Orphans (n°81) do not name Fully Concealed Hand: their row quotes
#: nothing (a referee looked for the words in n°81 and did not find them) and says the ruling.
_CONCEALED_SPECIALS_BY_ANALOGY = "000 n°55, 56, 80 by analogy (ruling MCR-3)"
_CONCEALED_SPECIALS_NOTE = ("A hand concealed by definition cannot also score Fully Concealed Hand; a "
                            "self-drawn win scores Self-Drawn (000 n°44, 55, 56, 73, 80).")
_NOT_FFMJ_CONCEALED = {"fully_concealed_on_concealed_specials": (False,)}

EXCLUSIONS: tuple[Exclusion, ...] = (
    # ---- 88 ------------------------------------------------------------------------------
    _X("big_four_winds", ("all_pungs", "big_three_winds", "little_four_winds"),
       "Ne peut pas être combiné avec \"Tout Pung\" (n°28).", "000 n°75",
       note="Its three-wind part (Big Three Winds, Little Four Winds) is included."),
    _X("big_four_winds", ("seat_wind", "prevalent_wind"),
       "Les combinaisons « Tout Pung », « Vent du joueur » ou « Vent du tour » sont incluses par "
       "définition.", "001, Quatre grands Vents", when={"big_four_winds_wind_pungs": (False,)}),
    _X("big_four_winds", ("pung_of_terminals_or_honours",),
       "", "001, Quatre grands Vents", scope="shared",
       note="The wind pungs of Big Four Winds do not also score Pung of Terminals or Honours (included by "
            "definition)."),
    _X("big_three_dragons", ("dragon_pung",),
       "Ne peut pas être combiné avec \"Pung de Dragon\" (n°14).", "000 n°76"),
    _X("big_three_dragons", ("two_dragon_pungs",), PRINCIPLE_IMPLIED, SOURCE_PRINCIPLES),
    _X("all_green", ("half_flush",), "Ne peut pas être combiné avec \"Main Propre\" (n°29).",
       "000 n°77", when={"all_green_half_flush": (False,)}),
    _X("nine_gates", ("full_flush",), "Ne peut pas être combiné avec \"Main Pure\" (n°58).", "000 n°78"),
    _X("nine_gates", ("concealed_hand",), "Main caché composée des tuiles 1,1,1,2,3,4,5,6,7,8,9,9,9.",
       "000 n°78"),
    _X("nine_gates", ("no_honours",), PRINCIPLE_IMPLIED, f"the hand: 000 n°78; {SOURCE_PRINCIPLES}"),
    _X("nine_gates", ("pung_of_terminals_or_honours",),
       "Ne peut pas être combiné avec [...] \"Pung de Terminales ou d'Honneurs\" (n°5).", "000 n°78",
       when={"nine_gates": ("mji",)}),
    _X("nine_gates", ("pung_of_terminals_or_honours",),
       "", "PyMahjongGB 1.4.0 (ruling MCR-5)", scope="one", when={"nine_gates": ("pymahjonggb",)},
       note="Under this option only the pung of terminals that makes the gate is included."),
    _X("nine_gates", ("two_concealed_pungs", "three_concealed_pungs"),
       "", "001, Neuf portes", when={"nine_gates": ("ffmj2013",)},
       note="The source's worked totals for Neuf portes (107, 91, 90, ...) count no concealed pungs."),
    _X("nine_gates", ("fully_concealed_hand",), "", _CONCEALED_SPECIALS_BY_ANALOGY,
       when=_NOT_FFMJ_CONCEALED, note=_CONCEALED_SPECIALS_NOTE),
    _X("four_kongs", ("three_kongs", "two_melded_kongs", "two_concealed_kongs",
                      "melded_and_concealed_kong", "melded_kong", "concealed_kong", "all_pungs"),
       "La combinaison « Tout Pung » est incluse par définition; 4 Kongs (dont 1 caché) = 88 + 0.",
       "001, Quatre Kongs"),
    _X("four_kongs", ("single_wait",),
       "", "000 n°32 by analogy (ruling MCR-6)", when={"four_kongs_single_wait": (False,)},
       note="With four kongs the pair is the only possible wait: included by definition, as for Melded "
            "Hand (000 n°32)."),
    _X("seven_shifted_pairs", ("seven_pairs", "full_flush", "no_honours", "concealed_hand",
                               "single_wait"),
       "Ne peut pas être combiné avec \"Main Pure\" (n°58), \"Main Entièrement Cachée\" (n°25) ni "
       "\"Attente de la Paire\" (n°11).", "000 n°80",
       note="Seven Pairs and Concealed Hand are included (001)."),
    _X("seven_shifted_pairs", ("fully_concealed_hand",), _CONCEALED_SPECIALS_RULE, "000 n°80",
       when=_NOT_FFMJ_CONCEALED, note=_CONCEALED_SPECIALS_NOTE),
    _X("thirteen_orphans", ("all_types", "concealed_hand", "single_wait", "all_terminals_and_honours"),
       "Ne peut pas être combiné avec \"Tout les Types\" (n°31), \"Main Cachée\" (n°17) ni \"Attente "
       "de la Paire\" (n°11).", "000 n°81",     # « Tout les Types »: the source's own spelling
       note="All Terminals and Honours is included (001)."),
    _X("thirteen_orphans", ("fully_concealed_hand",), "", _CONCEALED_SPECIALS_BY_ANALOGY,
       when=_NOT_FFMJ_CONCEALED, note=_CONCEALED_SPECIALS_NOTE),
    # ---- 64 ------------------------------------------------------------------------------
    _X("all_terminals", ("all_terminals_and_honours", "all_pungs", "outside_hand",
                         "pung_of_terminals_or_honours", "no_honours"),
       "Ne peut pas être combiné avec [...] \"Pas d'Honneur\" (n°8).", "000 n°69",
       note="All Pungs and Pung of Terminals or Honours are included (001); All Terminals and Honours and "
            "Outside Hand by definition."),
    _X("all_terminals", ("double_pung",), "Ne peut pas être combiné avec \"Double Pung\" (n°20).",
       "000 n°69", when={"all_terminals_double_pung": (False,)}),
    _X("little_four_winds", ("big_three_winds",),
       "Les points pour \"Trois Grand Vents\" (n°48) sont inclus.", "000 n°70"),
    _X("little_four_winds", ("pung_of_terminals_or_honours",),
       "Seuls les Vents comptant 2 points sont valides (Vent du tour ou Vent du joueur). Les autres "
       "points sont inclus par définition.", "001, Quatre petits Vents", scope="shared"),
    _X("little_three_dragons", ("two_dragon_pungs", "dragon_pung"),
       "Les points pour les Pung de Dragons pris individuellement ne sont pas ajoutés.", "000 n°71"),
    _X("all_honours", ("all_pungs", "all_terminals_and_honours", "outside_hand",
                       "pung_of_terminals_or_honours"),
       "Les points pour \"Tout Pung\" (n°28) sont inclus.", "000 n°72",
       # 000's words alone in the quote: the rest is 001's reading, said as such
       note="The 1-point fans (Pung of Terminals or Honours) are included (001)."),
    _X("four_concealed_pungs", ("all_pungs",),
       "Ne peut pas être combinée avec [...] \"Tout Pung\" (n°28).", "000 n°73"),
    # four pungs completed without claiming are three and two concealed pungs, in a concealed hand
    _X("four_concealed_pungs", ("three_concealed_pungs", "two_concealed_pungs", "concealed_hand"),
       PRINCIPLE_IMPLIED, SOURCE_PRINCIPLES),
    _X("four_concealed_pungs", ("fully_concealed_hand",),
       "Ne peut pas être combinée avec \"Main Entièrement Cachée\" (n°25).", "000 n°73",
       when=_NOT_FFMJ_CONCEALED),
    _X("pure_terminal_chows", ("full_flush", "all_chows", "pure_double_chow", "two_terminal_chows",
                               "short_straight", "no_honours", "seven_pairs"),
       "Les points pour « Tout Chow », « Double Chow », « 2 Chow d'extrémité », « Main pure » sont "
       "inclus, par définition.", "001, Deux Dragons dans une famille"),
    # ---- 48 ------------------------------------------------------------------------------
    _X("quadruple_chow", ("pure_shifted_pungs", "tile_hog", "pure_double_chow", "pure_triple_chow"),
       "Les points pour \"Pung Décalés Purs\" (n°60), \"Monopolisation de Tuile\" (n°19) et \"Double "
       "Chow Pur\" (n°1) sont inclus.", "000 n°67"),
    _X("four_pure_shifted_pungs", ("pure_shifted_pungs", "all_pungs", "pure_triple_chow"),
       "Les points pour « Tout Pung » sont inclus.", "001, Quatre Pungs purs consécutifs",
       note="It contains runs of three shifted pungs."),
    # ---- 32 ------------------------------------------------------------------------------
    _X("four_pure_shifted_chows", ("pure_shifted_chows", "short_straight", "two_terminal_chows",
                                   "pure_double_chow"),
       PRINCIPLE_IMPLIED, f"the hand: 000 n°64; {SOURCE_PRINCIPLES}", scope="within",
       note="Four shifted chows contain the three-chow runs."),
    _X("three_kongs", ("two_melded_kongs", "two_concealed_kongs", "melded_and_concealed_kong",
                       "melded_kong", "concealed_kong"),
       "3 Kongs (dont 1 caché) = 32 + 0 (aucun point pour un Pung caché) = 32 points.",
       "001, Trois Kongs"),
    _X("all_terminals_and_honours", ("all_pungs", "pung_of_terminals_or_honours", "outside_hand"),
       "Les points pour \"Tout Pung\" (n°28) et \"Pung de Terminales ou d'Honneurs\" (n°5) sont "
       "inclus.", "000 n°66"),
    # ---- 24 ------------------------------------------------------------------------------
    _X("seven_pairs", ("single_wait",), "Ne peut pas être combiné avec [...] \"Attente de la Paire\" (n°11).",
       "000 n°55"),
    _X("seven_pairs", ("concealed_hand",),
       "La main est obligatoirement cachée. Les 2 points pour « Tout caché donné » ne peuvent donc pas se "
       "cumuler avec cette combinaison.", "001, Sept paires"),
    _X("seven_pairs", ("fully_concealed_hand",),
       "Ne peut pas être combiné avec \"Main Entièrement Cachée\" (n°25).", "000 n°55",
       when=_NOT_FFMJ_CONCEALED),
    _X("knitted_straight", ("edge_wait", "closed_wait", "single_wait"),
       "On ne peut pas compter d'attentes uniques sur les éléments de la suite serpentine.",
       "001, La suite serpentine (ruling MCR-12)", scope="within", when={"knitted_straight_wait": ("ffmj2013",)},
       note="The winning tile is one of the knitted straight's nine: it may have completed the knit as "
            "well as the 4th set or the pair; a wait on a tile the knit does not hold counts."),
    _X("greater_honours_and_knitted_tiles", ("all_types", "single_wait"),
       "Ne peut pas être combiné avec \"Tous les Types\" (n°31), [...] ni \"Attente de la Paire\" "
       "(n°11).", "000 n°56"),
    # seven honours and knitted tiles are the lesser hand's, and a knitted hand is concealed
    _X("greater_honours_and_knitted_tiles", ("lesser_honours_and_knitted_tiles", "concealed_hand"),
       PRINCIPLE_IMPLIED, SOURCE_PRINCIPLES),
    _X("greater_honours_and_knitted_tiles", ("fully_concealed_hand",),
       "Ne peut pas être combiné avec [...] \"Main Entièrement Cachée\" (n°25).", "000 n°56",
       when=_NOT_FFMJ_CONCEALED),
    _X("all_even_pungs", ("all_pungs", "all_simples", "no_honours"),
       "Les points pour \"Tout Pung\" (n°28) et \"Tout Simples\" (n°23) sont inclus.", "000 n°57"),
    _X("full_flush", ("no_honours", "one_voided_suit"), PRINCIPLE_IMPLIED,
       f"the hand: 000 n°58; {SOURCE_PRINCIPLES}"),
    _X("pure_triple_chow", ("pure_double_chow",),
       "Les points pour « double Chows purs » sont inclus.", "001, Triple Chow pur", scope="within"),
    # 000 n°59 and n°60 forbid each other; one row keeps the table acyclic (the two never come
    # from the same reading: the tiles are read either as chows or as pungs).
    _X("pure_triple_chow", ("pure_shifted_pungs",),
       "Ne peut pas être combinée avec \"Pung Décalés Purs\" (n°60) / avec \"Triple Chow Pur\" (n°59).",
       "000 n°59, n°60"),
    _X("upper_tiles", ("upper_four", "no_honours"),
       "Les points pour \"Pas d'Honneur\" (n°8) sont inclus.", "000 n°61",
       note="Tiles 7-8-9 only are also tiles 6 to 9 only."),
    _X("middle_tiles", ("all_simples", "no_honours"),
       "Les points pour « Sans honneur » et « Tout ordinaire » sont inclus, par définition.",
       "001, Les trois du milieu"),
    _X("lower_tiles", ("lower_four", "no_honours"),
       "Les points pour \"Pas d'Honneur\" (n°8) sont inclus.", "000 n°63",
       note="Tiles 1-2-3 only are also tiles 1 to 4 only."),
    # ---- 16 ------------------------------------------------------------------------------
    _X("pure_straight", ("short_straight", "two_terminal_chows"), PRINCIPLE_IMPLIED,
       f"the hand: 000 n°49; {SOURCE_PRINCIPLES}",
       scope="within"),
    _X("three_suited_terminal_chows", ("all_chows", "no_honours", "mixed_double_chow",
                                       "two_terminal_chows"),
       "Cette main inclut les points pour « tout Chow », « sans honneur », « double Chow » et « 2 "
       "Chows purs d'extrémité ».", "001, Deux Dragons dans trois familles"),
    _X("all_fives", ("all_simples", "no_honours"),
       "Cette main inclut les points pour « tout ordinaire » et « sans honneur ».", "001, Cinq partout"),
    _X("triple_pung", ("double_pung",), PRINCIPLE_IMPLIED,
       f"the hand: 000 n°53; {SOURCE_PRINCIPLES}", scope="within"),
    _X("three_concealed_pungs", ("two_concealed_pungs",), PRINCIPLE_IMPLIED,
       f"the hand: 000 n°54; {SOURCE_PRINCIPLES}"),
    # ---- 12 ------------------------------------------------------------------------------
    _X("lesser_honours_and_knitted_tiles", ("all_types",),
       "Les points pour \"Tous les Types\" (n°31) ne sont pas ajoutés.", "000 n°44"),
    _X("lesser_honours_and_knitted_tiles", ("concealed_hand",), "Inclus la combinaison « tout caché donné ».",
       "001, Petit serpentin"),
    _X("lesser_honours_and_knitted_tiles", ("fully_concealed_hand",),
       "Si la dernière tuile est tirée du mur, les points pour \"Pioche\" (n°12) sont ajoutés, mais "
       "pas les points pour \"Main Entièrement Cachée\" (n°25).", "000 n°44", when=_NOT_FFMJ_CONCEALED),
    _X("upper_four", ("no_honours",), "Les points pour \"Pas d'Honneur\" (n°8) sont inclus.", "000 n°46"),
    _X("lower_four", ("no_honours",), "Les points pour \"Pas d'Honneur\" (n°8) sont inclus.", "000 n°47"),
    _X("big_three_winds", ("pung_of_terminals_or_honours",),
       "Pour le cumul des combinaisons, seuls les Vents comptant 2 points sont valides [...]. Les "
       "autres sont inclus par définition.", "001, Trois grands Vents", scope="shared"),
    # ---- 8 -------------------------------------------------------------------------------
    _X("reversible_tiles", ("one_voided_suit",),
       "Les points pour \"Une Famille Manquante\" (n°7) sont inclus.", "000 n°36"),
    _X("mixed_triple_chow", ("mixed_double_chow",), PRINCIPLE_IMPLIED,
       f"the hand: 000 n°37; {SOURCE_PRINCIPLES}", scope="within"),
    _X("last_tile_draw", ("self_drawn",), "Les points pour \"Pioche\" (n°12) sont inclus.", "000 n°40"),
    _X("out_with_replacement_tile", ("self_drawn",), "Le point pour « Tirer soi-même » est inclus.",
       "001, Finir sur le Kong"),
    _X("robbing_the_kong", ("last_tile",), "Le point pour « Dernière tuile existante » est inclus.",
       "001, Kong volé"),
    # ---- 6 -------------------------------------------------------------------------------
    _X("melded_hand", ("single_wait",),
       "Les points pour \"Attente de la Paire\" (n°11) sont inclus.", "000 n°32"),
    _X("two_concealed_kongs", ("concealed_kong", "two_concealed_pungs"),
       "", "001, 2 Kongs Cachés",
       note="The source's examples count « 2 Kongs cachés » alone, as one fan; the two concealed pungs they make are "
            "included."),
    _X("melded_and_concealed_kong", ("melded_kong", "concealed_kong"),
       "1 Kong exposé + 1 Kong caché 6 pts", "001, Kong caché + Kong exposé",
       note="Counted alone in the source's examples."),
    _X("two_dragon_pungs", ("dragon_pung",), PRINCIPLE_IMPLIED,
       f"the hand: 000 n°34; {SOURCE_PRINCIPLES}", scope="within"),
    # ---- 4 -------------------------------------------------------------------------------
    _X("fully_concealed_hand", ("self_drawn", "concealed_hand"),
       "Main qui ne comporte aucune combinaison exposée et termine sur pioche.", "000 n°25",
       note="Self-Drawn and Concealed Hand are its parts."),
    _X("two_melded_kongs", ("melded_kong",), PRINCIPLE_IMPLIED, f"the hand: 000 n°26; {SOURCE_PRINCIPLES}"),
    # ---- 2 -------------------------------------------------------------------------------
    _X("seat_wind", ("pung_of_terminals_or_honours",),
       "Non cumulable avec le point pour « Pung de Vent ».", "001, Vent du tour ou du joueur",
       scope="shared"),
    _X("prevalent_wind", ("pung_of_terminals_or_honours",),
       "Non cumulable avec le point pour « Pung de Vent ».", "001, Vent du tour ou du joueur",
       scope="shared"),
    _X("all_chows", ("no_honours",),
       "Mains constituée par 4 Chow et ne possédant pas d'Honneur.", "000 n°18",
       note="No Honours is part of its definition: included (001, Tout Chows)."),
    _X("all_simples", ("no_honours",), PRINCIPLE_IMPLIED, f"the hand: 000 n°23; {SOURCE_PRINCIPLES}"),
    # ---- 1: one wait only ----------------------------------------------------------------
    _X("edge_wait", ("closed_wait", "single_wait"),
       "Une tuile est dite « attente unique » si elle est la seule à permettre au joueur de "
       "terminer.", "001, Les attentes uniques", note="One winning tile is one wait, counted once."),
    _X("closed_wait", ("single_wait",),
       "Une tuile est dite « attente unique » si elle est la seule à permettre au joueur de "
       "terminer.", "001, Les attentes uniques", note="One winning tile is one wait, counted once."),
)
