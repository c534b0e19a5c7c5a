"""One-line definitions of the MCR fans (what a hand must show to score each), in English and
French, written from 000 "Liste des mains" (../shared/rules); the names are in scorer.mcr.fans."""
from __future__ import annotations

#: fan id → (English, French); one sentence or two, at most about 170 characters each.
DEFINITIONS: dict[str, tuple[str, str]] = {
    # ---- 1 point ---------------------------------------------------------------------------
    "pure_double_chow": ("Two identical chows in the same suit, e.g. 234m 234m.",
                         "Deux chows identiques dans la même famille, ex. 234m 234m."),
    "mixed_double_chow": ("Two chows with the same numbers in two different suits, e.g. 567m 567p.",
                          "Deux chows aux mêmes numéros, chacun dans une famille différente, ex. 567m 567p."),
    "short_straight": ("Two chows of the same suit that follow on, six numbers in a row, e.g. 345s 678s.",
                       "Deux chows de la même famille qui se suivent, soit six numéros à la file, ex. 345s 678s."),
    "two_terminal_chows": ("A 123 chow and a 789 chow in the same suit, e.g. 123p 789p.",
                           "Dans une même famille, un chow 1-2-3 et un chow 7-8-9, ex. 123p 789p."),
    "pung_of_terminals_or_honours": (
        "1 point for each pung or kong of ones, nines or a wind. A dragon pung, or a seat or prevalent wind "
        "pung, scores its own 2-point fan instead.",
        "1 point par pung ou kong de 1, de 9 ou de vent. Un pung de dragon, du vent du joueur ou du "
        "vent dominant rapporte plutôt sa propre figure à 2 points."),
    "melded_kong": ("A kong made with another player's discard, or by adding a drawn fourth tile to your melded "
                    "pung.",
                    "Kong formé avec une tuile écartée par un autre joueur, ou en ajoutant une quatrième tuile "
                    "piochée à son pung exposé."),
    "one_voided_suit": (
        "Exactly one of the three suits (bamboo, dots, characters) is missing from the hand; honours do not "
        "matter.",
        "Il manque exactement une des trois familles (bambous, cercles ou caractères) dans la main ; les honneurs "
        "ne comptent pas.",
    ),
    "no_honours": ("No winds and no dragons: the hand holds only suit tiles.",
                   "Ni vents ni dragons : la main ne contient que des tuiles de familles."),
    "edge_wait": ("Won on a 3 completing 1-2, or on a 7 completing 8-9, when no other tile could complete "
                  "the hand.",
                  "Faire Mah Jong sur un 3 qui complète 1-2, ou sur un 7 qui complète 8-9, alors qu'aucune "
                  "autre tuile ne permettait de terminer."),
    "closed_wait": ("Won on the middle tile of a chow, e.g. a 5 completing 4-6, when no other tile could "
                    "complete the hand.",
                    "Faire Mah Jong sur la tuile du milieu d'un chow, ex. un 5 qui complète 4-6, alors "
                    "qu'aucune autre tuile ne permettait de terminer."),
    "single_wait": ("Won on the tile that pairs your last single tile, when no other tile could complete the "
                    "hand.",
                    "Faire Mah Jong sur la tuile qui forme la paire avec une tuile isolée, alors qu'aucune "
                    "autre tuile ne permettait de terminer."),
    "self_drawn": ("Won on a tile you drew from the wall yourself, a flower's replacement included (a kong's "
                   "replacement scores Out with Replacement Tile).",
                   "Faire Mah Jong sur une tuile piochée soi-même au mur, remplacement d'une fleur compris "
                   "(celui d'un kong rapporte « Terminer avec une Tuile de Remplacement »)."),
    "flower_tiles": ("1 point per flower tile, added only to a winning hand; flowers never count toward the "
                     "8-point minimum.",
                     "1 point par tuile de fleur, ajouté seulement à une main gagnante ; les fleurs ne "
                     "comptent jamais pour le minimum de 8 points."),
    # ---- 2 points --------------------------------------------------------------------------
    "dragon_pung": ("A pung or kong of one dragon (red, green or white), melded or concealed.",
                    "Un pung ou kong d'un dragon (rouge, vert ou blanc), exposé ou caché."),
    "prevalent_wind": ("A pung or kong of the prevalent wind, the wind of the current round.",
                       "Un pung ou kong du vent dominant, c'est-à-dire le vent du tour en cours."),
    "seat_wind": (
        "A pung or kong of your own seat wind; if it is also the prevalent wind, both fans count.",
        "Un pung ou kong de son propre vent (vent du joueur) ; s'il est aussi le vent dominant, « Vent Dominant » "
        "compte en plus.",
    ),
    "concealed_hand": ("No melded set (concealed kongs are fine) and the winning tile is another player's "
                       "discard.",
                       "Aucune combinaison exposée (un kong caché est permis) et le Mah Jong se fait sur une "
                       "tuile écartée par un autre joueur."),
    "all_chows": (
        "Four chows and a pair, with no wind or dragon anywhere (the pair is of suit tiles too); a Knitted "
        "Straight plus one chow also counts.",
        "Quatre chows et une paire, sans aucun vent ni dragon (la paire est donc en tuiles de familles) ; une "
        "Suite Cousue plus un chow compte aussi.",
    ),
    "tile_hog": ("All four copies of a tile used in your sets and pair without being declared as a kong, "
                 "e.g. 444p with 345p.",
                 "Les quatre exemplaires d'une tuile répartis dans ses combinaisons et sa paire sans être "
                 "déclarés en kong, ex. 444p avec 345p."),
    "double_pung": ("Two pungs or kongs of the same number in two different suits, e.g. 777s 777m.",
                    "Deux pungs ou kongs portant le même numéro, chacun dans une famille différente, ex. "
                    "777s 777m."),
    "two_concealed_pungs": ("Two pungs or kongs formed without a claimed tile; concealed kongs count, a pung "
                            "completed by a claimed winning tile does not.",
                            "Deux pungs ou kongs formés sans tuile réclamée ; un kong caché compte, pas un "
                            "pung complété par la tuile gagnante prise à un autre joueur."),
    "concealed_kong": ("A kong of four tiles you drew yourself, declared and laid face down.",
                       "Un kong de quatre tuiles toutes piochées soi-même, déclaré et posé face cachée."),
    "all_simples": ("Only suit tiles 2 to 8: no 1, no 9, no wind, no dragon.",
                    "Uniquement des tuiles de 2 à 8 : aucun 1, aucun 9, ni vent ni dragon."),
    # ---- 4 points --------------------------------------------------------------------------
    "outside_hand": ("Every set and the pair holds a 1, a 9, a wind or a dragon, e.g. 123m 789p 999s, an East "
                     "pung and a pair of 1s.",
                     "Chaque combinaison et la paire contiennent un 1, un 9, un vent ou un dragon, ex. 123m "
                     "789p 999s, un pung d'Est et une paire de 1."),
    "fully_concealed_hand": ("No melded set (concealed kongs are fine) and you draw the winning tile yourself; "
                             "Self-Drawn is part of it.",
                             "Aucune combinaison exposée (un kong caché est permis) et la tuile gagnante est "
                             "piochée soi-même ; « Pioche » est incluse."),
    "two_melded_kongs": ("Two melded kongs (made on a discard or by adding a tile to a melded pung).",
                         "Deux kongs exposés (formés sur une tuile écartée ou en complétant un pung exposé)."),
    "last_tile": ("Won on the last copy of its tile: the other three are already visible, in the discards or "
                  "in melded sets.",
                  "Faire Mah Jong sur le dernier exemplaire d'une tuile : les trois autres sont déjà visibles, "
                  "parmi les écarts ou les combinaisons exposées."),
    # ---- 6 points --------------------------------------------------------------------------
    "all_pungs": ("Four pungs or kongs and a pair, no chow.",
                  "Quatre pungs ou kongs et une paire, sans aucun chow."),
    "half_flush": ("Tiles of one suit only, plus winds and/or dragons (at least one; with none it is Full "
                   "Flush).",
                   "Tuiles d'une seule famille, accompagnées de vents et/ou de dragons (au moins un honneur ; "
                   "sans honneur c'est la « Main Pure »)."),
    "mixed_shifted_chows": ("Three chows, one in each suit, each starting one number higher than the last, "
                            "e.g. 123s 234p 345m.",
                            "Trois chows, un dans chaque famille, chacun commençant un numéro plus haut que le "
                            "précédent, ex. 123s 234p 345m."),
    "all_types": ("The hand shows all five kinds of tile: bamboo, dots, characters, winds and dragons.",
                  "La main contient les cinq types de tuiles : bambous, cercles, caractères, vents et dragons."),
    "melded_hand": ("All four sets melded, and you win on another player's discard that pairs your one "
                    "remaining tile.",
                    "Quatre combinaisons exposées et une seule tuile en main, qui devient la paire grâce à "
                    "l'écart d'un autre joueur pour faire Mah Jong."),
    "two_concealed_kongs": ("Two kongs, each of four tiles you drew yourself, declared face down.",
                            "Deux kongs formés chacun de quatre tuiles piochées soi-même, posés face cachée."),
    "two_dragon_pungs": ("Pungs or kongs of two different dragons.",
                         "Des pungs ou kongs de deux dragons différents."),
    # ---- 8 points --------------------------------------------------------------------------
    "mixed_straight": ("Chows 123, 456 and 789, each in a different suit, e.g. 123m 456s 789p.",
                       "Les chows 123, 456 et 789, chacun dans une famille différente, ex. 123m 456s 789p."),
    "reversible_tiles": ("Only tiles that look the same upside down: 1, 2, 3, 4, 5, 8, 9 of dots, 2, 4, 5, 6, "
                         "8, 9 of bamboo and the white dragon.",
                         "Uniquement des tuiles identiques une fois retournées : 1, 2, 3, 4, 5, 8, 9 de cercles, "
                         "2, 4, 5, 6, 8, 9 de bambous et le dragon blanc."),
    "mixed_triple_chow": ("The same chow in all three suits, e.g. 456m 456p 456s.",
                          "Le même chow dans chacune des trois familles, ex. 456m 456p 456s."),
    "mixed_shifted_pungs": ("Three pungs or kongs, one per suit, with numbers one apart, e.g. 222s 333p 444m.",
                            "Trois pungs ou kongs, un par famille, dont les numéros se suivent, ex. 222s 333p "
                            "444m."),
    "chicken_hand": (
        "A winning hand where no other fan scores at all, not even a wait or Self-Drawn; flower points may still "
        "be added.",
        "Main gagnante qui ne rapporte aucun autre point, pas même une attente ou « Pioche » ; les points de "
        "fleurs peuvent tout de même s'ajouter.",
    ),
    "last_tile_draw": ("Won by drawing the very last tile of the wall (Self-Drawn is included).",
                       "Faire Mah Jong en piochant la toute dernière tuile du mur (« Pioche » est incluse)."),
    "last_tile_claim": ("Won on the last discard of the hand, thrown by the player who drew the wall's last "
                        "tile.",
                        "Faire Mah Jong sur le dernier écart de la manche, celui du joueur qui a pioché la "
                        "dernière tuile du mur."),
    "out_with_replacement_tile": ("Won on the replacement tile drawn after declaring a kong (not after a "
                                  "flower); Self-Drawn is included.",
                                  "Faire Mah Jong sur la tuile de remplacement piochée après un kong (pas "
                                  "après une fleur) ; « Pioche » est incluse."),
    "robbing_the_kong": (
        "Won on the tile another player adds to their melded pung to make it a kong.",
        "Faire Mah Jong sur la tuile qu'un adversaire pose sur son pung exposé pour le transformer en kong.",
    ),
    # ---- 12 points -------------------------------------------------------------------------
    "lesser_honours_and_knitted_tiles": (
        "14 single tiles, no pair: honours plus suit tiles from 1-4-7, 2-5-8 and 3-6-9, each run in a different "
        "suit (e.g. 147m 258p 369s). Concealed.",
        "14 tuiles isolées, sans paire : des honneurs et des tuiles de 1-4-7, 2-5-8 et 3-6-9, chaque séquence "
        "dans une famille différente (ex. 147m 258p 369s). Main cachée.",
    ),
    # 001 « La suite serpentine »: the hand is completed with five tiles, which « Petit serpentin »
    # allows to be five single honours (it was said "plus one set and a pair" under such a hand)
    "knitted_straight": ("1-4-7 in one suit, 2-5-8 in another and 3-6-9 in the third (all nine, held in "
                         "hand), plus five tiles: a set and a pair, or five single honours (with Lesser Honours "
                         "and Knitted Tiles).",
                         "1-4-7 dans une famille, 2-5-8 dans une autre et 3-6-9 dans la troisième (les neuf "
                         "tuiles, gardées en main), plus cinq tuiles : une combinaison et une paire, ou cinq "
                         "honneurs isolés (avec Honneurs Inférieurs et Tuiles Cousues)."),
    "upper_four": ("Only suit tiles 6, 7, 8 and 9, in any suits, with no honours.",
                   "Uniquement des tuiles de 6 à 9, dans n'importe quelles familles, sans honneur."),
    "lower_four": ("Only suit tiles 1, 2, 3 and 4, in any suits, with no honours.",
                   "Uniquement des tuiles de 1 à 4, dans n'importe quelles familles, sans honneur."),
    "big_three_winds": ("Pungs or kongs of three of the four winds.",
                        "Des pungs ou kongs de trois des quatre vents."),
    # ---- 16 points -------------------------------------------------------------------------
    "pure_straight": ("Chows 123, 456 and 789 all in the same suit: 1 to 9 in a row.",
                      "Les chows 123, 456 et 789 dans la même famille : une suite de 1 à 9."),
    "three_suited_terminal_chows": ("123 and 789 chows in one suit, 123 and 789 chows in a second suit, and a "
                                    "pair of 5s in the third suit.",
                                    "Chows 123 et 789 dans une famille, chows 123 et 789 dans une deuxième, "
                                    "et une paire de 5 dans la troisième."),
    "pure_shifted_chows": ("Three chows in one suit, each moving up by 1 (123 234 345) or each by 2 (123 345 "
                           "567), the same step throughout.",
                           "Trois chows d'une famille, décalés chacun d'un numéro (123 234 345) ou chacun de "
                           "deux (123 345 567), toujours du même écart."),
    "all_fives": ("Every set and the pair includes a 5, e.g. 345m 456p 555s 567s 55m.",
                  "Chaque combinaison et la paire contiennent un 5, ex. 345m 456p 555s 567s 55m."),
    "triple_pung": ("Pungs or kongs of the same number in all three suits, e.g. 888m 888p 888s.",
                    "Des pungs ou kongs du même numéro dans les trois familles, ex. 888m 888p 888s."),
    "three_concealed_pungs": ("Three pungs or kongs formed without a claimed tile; concealed kongs count, a "
                              "pung completed by a claimed winning tile does not.",
                              "Trois pungs ou kongs formés sans tuile réclamée ; un kong caché compte, pas un "
                              "pung complété par la tuile gagnante prise à un autre joueur."),
    # ---- 24 points -------------------------------------------------------------------------
    "seven_pairs": ("Seven pairs held in hand; four identical tiles not declared as a kong may count as two "
                    "pairs.",
                    "Sept paires gardées en main ; quatre tuiles identiques non déclarées en kong peuvent "
                    "compter pour deux paires."),
    "greater_honours_and_knitted_tiles": (
        "One each of the 4 winds and 3 dragons, plus 7 single tiles from 1-4-7, 2-5-8, 3-6-9, each run in a "
        "different suit. Concealed.",
        "Un exemplaire de chacun des 4 vents et 3 dragons, plus 7 tuiles isolées de 1-4-7, 2-5-8, 3-6-9, chaque "
        "séquence dans une famille différente. Main cachée.",
    ),
    "all_even_pungs": ("Only pungs or kongs and a pair, all of 2s, 4s, 6s or 8s.",
                       "Uniquement des pungs ou kongs et une paire, tous de 2, 4, 6 ou 8."),
    "full_flush": ("Every tile from one single suit, with no wind or dragon.",
                   "Toutes les tuiles d'une seule et même famille, sans vent ni dragon."),
    "pure_triple_chow": ("Three identical chows in the same suit, e.g. 567p 567p 567p.",
                         "Trois chows identiques dans la même famille, ex. 567p 567p 567p."),
    "pure_shifted_pungs": ("Three pungs or kongs in one suit with consecutive numbers, e.g. 333s 444s 555s.",
                           "Trois pungs ou kongs d'une même famille aux numéros consécutifs, ex. 333s 444s "
                           "555s."),
    "upper_tiles": ("Only suit tiles 7, 8 and 9, with no honours.",
                    "Uniquement des tuiles 7, 8 et 9, sans honneur."),
    "middle_tiles": ("Only suit tiles 4, 5 and 6, with no honours.",
                     "Uniquement des tuiles 4, 5 et 6, sans honneur."),
    "lower_tiles": ("Only suit tiles 1, 2 and 3, with no honours.",
                    "Uniquement des tuiles 1, 2 et 3, sans honneur."),
    # ---- 32 points -------------------------------------------------------------------------
    "four_pure_shifted_chows": ("Four chows in one suit, each moving up by 1 (123 234 345 456) or each by 2 "
                                "(123 345 567 789).",
                                "Quatre chows d'une famille, décalés chacun d'un numéro (123 234 345 456) ou "
                                "chacun de deux (123 345 567 789)."),
    "three_kongs": ("Three kongs, melded or concealed.",
                    "Trois kongs, exposés ou cachés."),
    "all_terminals_and_honours": ("Only ones, nines, winds and dragons (so pungs or kongs and a pair, or seven "
                                  "pairs).",
                                  "Uniquement des 1, des 9, des vents et des dragons (donc des pungs ou kongs "
                                  "et une paire, ou sept paires)."),
    # ---- 48 points -------------------------------------------------------------------------
    "quadruple_chow": ("Four identical chows in the same suit, e.g. 345s four times.",
                       "Quatre chows identiques dans la même famille, ex. 345s quatre fois."),
    "four_pure_shifted_pungs": ("Four pungs or kongs in one suit with consecutive numbers, e.g. 111p 222p "
                                "333p 444p.",
                                "Quatre pungs ou kongs d'une même famille aux numéros consécutifs, ex. 111p "
                                "222p 333p 444p."),
    # ---- 64 points -------------------------------------------------------------------------
    "all_terminals": ("Only ones and nines of the suits, with no honours.",
                      "Uniquement des 1 et des 9, sans honneur."),
    "little_four_winds": ("Pungs or kongs of three winds and a pair of the fourth wind.",
                          "Des pungs ou kongs de trois vents et une paire du quatrième."),
    "little_three_dragons": ("Pungs or kongs of two dragons and a pair of the third dragon.",
                             "Des pungs ou kongs de deux dragons et une paire du troisième."),
    "all_honours": ("Only winds and dragons (pungs or kongs and a pair, or seven pairs).",
                    "Uniquement des vents et des dragons (pungs ou kongs et une paire, ou sept paires)."),
    "four_concealed_pungs": ("Four pungs or kongs all formed without a claimed tile; a discard may only "
                             "complete the pair.",
                             "Quatre pungs ou kongs tous formés sans tuile réclamée ; une tuile écartée ne "
                             "peut servir qu'à compléter la paire."),
    "pure_terminal_chows": ("Two 123 chows, two 789 chows and a pair of 5s, all in the same suit.",
                            "Deux chows 123, deux chows 789 et une paire de 5, le tout dans la même famille."),
    # ---- 88 points -------------------------------------------------------------------------
    "big_four_winds": ("Pungs or kongs of all four winds (East, South, West and North).",
                       "Des pungs ou kongs des quatre vents (Est, Sud, Ouest et Nord)."),
    "big_three_dragons": ("Pungs or kongs of all three dragons (red, green and white).",
                          "Des pungs ou kongs des trois dragons (rouge, vert et blanc)."),
    "all_green": ("Only green tiles: 2, 3, 4, 6 and 8 of bamboo and the green dragon.",
                  "Uniquement des tuiles vertes : 2, 3, 4, 6 et 8 de bambous et le dragon vert."),
    "nine_gates": ("Concealed 1112345678999 in one suit before the win, so any tile of that suit completes "
                   "it; the 14th tile is the winning one.",
                   "Avant le Mah Jong, main cachée 1112345678999 d'une seule famille, qui attend donc "
                   "n'importe quelle tuile de cette famille."),
    "four_kongs": ("Four kongs, melded or concealed.",
                   "Quatre kongs, exposés ou cachés."),
    "seven_shifted_pairs": ("Seven pairs of seven consecutive numbers in one suit, e.g. 22 33 44 55 66 77 88 "
                            "of dots.",
                            "Sept paires de sept numéros consécutifs dans une même famille, ex. 22 33 44 55 "
                            "66 77 88 de cercles."),
    "thirteen_orphans": ("One each of the 1 and 9 of every suit, the four winds and the three dragons, plus a "
                         "second copy of any one of them.",
                         "Un exemplaire de chaque 1 et 9 des trois familles, des quatre vents et des trois "
                         "dragons, plus un second exemplaire de l'un d'eux."),
    # ---- option only (kong_pair_values) ----------------------------------------------------
    "melded_and_concealed_kong": ("One melded kong and one concealed kong (a fan only with the "
                                  "kong_pair_values option; otherwise each kong scores alone).",
                                  "Un kong exposé et un kong caché (main comptée seulement avec l'option "
                                  "kong_pair_values ; sinon chaque kong compte seul)."),
}
