"""One-line definitions of the classical points, doubles and limit hands (what a hand must show
to score each), in English and French, written from scorer.classical.table and docs/rulings.md
"Classical" (sources cited there; 003 in ../shared/rules); the names are in scorer.classical.table."""
from __future__ import annotations

#: item id → (English, French); one sentence or two, at most about 170 characters each.
DEFINITIONS: dict[str, tuple[str, str]] = {
    "mahjong": (
        "20 points for going out: the winner's complete hand of four sets and a pair.",
        "20 points pour faire mahjong : la main complète du gagnant, quatre combinaisons et une paire.",
    ),
    "pung_simple_exposed": (
        "A pung of 2-8 tiles exposed on the table, or completed by the discard you win on: 2 points.",
        "Un pung de 2 à 8 exposé sur la table, ou complété par l'écart sur lequel vous gagnez : 2 points.",
    ),
    "pung_simple_concealed": (
        "A pung of 2-8 tiles kept in your hand, made without any discarded tile: 4 points.",
        "Un pung de 2 à 8 gardé en main, formé sans aucune tuile d'écart : 4 points.",
    ),
    "pung_major_exposed": (
        "A pung of ones, nines, winds or dragons exposed on the table, or completed by the discard you win on: 4 points.",
        "Un pung de 1, de 9, de vents ou de dragons exposé sur la table, ou complété par l'écart sur lequel vous "
        "gagnez : 4 points.",
    ),
    "pung_major_concealed": (
        "A pung of ones, nines, winds or dragons kept in your hand, made without any discarded tile: 8 points.",
        "Un pung de 1, de 9, de vents ou de dragons gardé en main, formé sans aucune tuile d'écart : 8 points.",
    ),
    "kong_simple_exposed": (
        "A kong (four alike) of 2-8 tiles made with a discard, or by adding a fourth tile to an exposed pung: "
        "8 points.",
        "Un kong (quatre tuiles identiques) de 2 à 8 formé avec un écart, ou en ajoutant une quatrième tuile à un "
        "pung exposé : 8 points.",
    ),
    "kong_simple_concealed": (
        "A kong of 2-8 tiles made without any discarded tile, declared with two of its tiles turned face down: "
        "16 points.",
        "Un kong de 2 à 8 formé sans aucune tuile d'écart, déclaré avec deux de ses tuiles retournées : 16 points.",
    ),
    "kong_major_exposed": (
        "A kong of ones, nines, winds or dragons made with a discard, or by adding a fourth tile to an exposed pung: "
        "16 points.",
        "Un kong de 1, de 9, de vents ou de dragons formé avec un écart, ou en ajoutant une quatrième tuile à un pung "
        "exposé : 16 points.",
    ),
    "kong_major_concealed": (
        "A kong of ones, nines, winds or dragons made without any discarded tile, declared with two tiles face down: "
        "32 points.",
        "Un kong de 1, de 9, de vents ou de dragons formé sans aucune tuile d'écart, déclaré avec deux tuiles "
        "retournées : 32 points.",
    ),
    "pair_dragons": (
        "The hand's pair is a pair of dragons (any colour): 2 points.",
        "La paire de la main est une paire de dragons (de n'importe quelle couleur) : 2 points.",
    ),
    "pair_own_wind": (
        "The hand's pair is of your own seat wind: 2 points. If it is also the round's wind, the prevailing "
        "wind's pair is a line of its own: 4 in all.",
        "La paire de la main est du vent de votre place : 2 points. S'il est aussi le vent dominant, la paire du "
        "vent dominant est une ligne à part : 4 en tout.",
    ),
    "pair_prevailing_wind": (
        "The hand's pair is of the prevailing (round) wind: 2 points. If it is also your own wind, your seat "
        "wind's pair is a line of its own: 4 in all.",
        "La paire de la main est du vent dominant (celui du tour) : 2 points. S'il est aussi le vent de votre "
        "place, la paire du vent de votre place est une ligne à part : 4 en tout.",
    ),
    "self_drawn": (
        "You drew the winning tile from the wall yourself (a replacement tile after a kong counts): 2 points.",
        "Vous avez pioché vous-même la tuile gagnante au mur (la tuile de remplacement d'un kong compte) : 2 points.",
    ),
    "only_place": (
        "Only one tile could complete your hand, and it finished a chow (an edge or middle tile) or your pair: "
        "2 points. Never for a pung.",
        "Une seule tuile pouvait compléter la main, et elle a complété un chow (tuile du bord ou du milieu) ou la "
        "paire : 2 points. Jamais pour un pung.",
    ),
    "flower": (
        "Each flower or season set aside in front of you: 4 points (only when flowers are played).",
        "Chaque fleur ou saison posée devant vous : 4 points (seulement si l'on joue avec les fleurs).",
    ),
    "dragon_pung": (
        "Each pung or kong of dragons, exposed or concealed, doubles the score.",
        "Chaque pung ou kong de dragons, exposé ou caché, double le score.",
    ),
    "own_wind_pung": (
        "A pung or kong of your own seat wind, exposed or concealed, doubles the score.",
        "Un pung ou kong du vent de votre place, exposé ou caché, double le score.",
    ),
    "prevailing_wind_pung": (
        "A pung or kong of the prevailing (round) wind doubles the score. If it is also your own wind, your seat "
        "wind's pung is a line of its own: two doubles in all.",
        "Un pung ou kong du vent dominant (celui du tour) double le score. S'il est aussi le vent de votre place, "
        "le pung du vent de votre place est une ligne à part : deux doubles en tout.",
    ),
    "little_three_dragons": (
        "Pungs or kongs of two dragons and a pair of the third: one more double, on top of each dragon pung's own.",
        "Pungs ou kongs de deux dragons et la paire du troisième : un double de plus, en sus de celui de chaque pung "
        "de dragons.",
    ),
    "big_three_dragons": (
        "A pung or kong of each of the three dragons: two more doubles, on top of each dragon pung's own.",
        "Un pung ou kong de chacun des trois dragons : deux doubles de plus, en sus de celui de chaque pung de "
        "dragons.",
    ),
    "little_four_winds": (
        "Pungs or kongs of three winds and a pair of the fourth: one double, besides any own or prevailing wind "
        "pung's.",
        "Pungs ou kongs de trois vents et la paire du quatrième : un double, en sus de ceux des pungs du vent de "
        "votre place ou dominant.",
    ),
    "big_four_winds": (
        "A pung or kong of each of the four winds: two doubles, besides the own and prevailing wind pungs' (not a "
        "limit hand here).",
        "Un pung ou kong de chacun des quatre vents : deux doubles, en sus de ceux des pungs du vent de votre "
        "place et dominant (ce n'est pas une main limite ici).",
    ),
    "three_concealed_pungs": (
        "Three pungs or kongs made without any discard, not even the one you win on: one double.",
        "Trois pungs ou kongs formés sans aucun écart, pas même celui sur lequel vous gagnez : un double.",
    ),
    "all_pungs": (
        "Four pungs or kongs and a pair, with no chow: one double.",
        "Quatre pungs ou kongs et une paire, sans aucun chow : un double.",
    ),
    "one_suit_with_honours": (
        "Tiles of a single suit plus winds or dragons (the hand holds both): one double.",
        "Tuiles d'une seule famille plus des vents ou des dragons (la main a les deux) : un double.",
    ),
    "one_suit_only": (
        "Every tile from one suit, with no wind or dragon: three doubles.",
        "Toutes les tuiles d'une seule famille, sans vent ni dragon : trois doubles.",
    ),
    "own_flower_and_season": (
        "Both the flower and the season with your seat's number (East 1, South 2, West 3, North 4): one double "
        "(only when flowers are played).",
        "La fleur et la saison portant le numéro de votre place (Est 1, Sud 2, Ouest 3, Nord 4) : un double "
        "(seulement si l'on joue avec les fleurs).",
    ),
    "all_four_flowers": (
        "All four flowers (plum, orchid, chrysanthemum, bamboo): one double (only when flowers are played).",
        "Les quatre fleurs (prunier, orchidée, chrysanthème, bambou) : un double (seulement si l'on joue avec les "
        "fleurs).",
    ),
    "all_four_seasons": (
        "All four seasons (spring, summer, autumn, winter): one double (only when flowers are played).",
        "Les quatre saisons (printemps, été, automne, hiver) : un double (seulement si l'on joue avec les fleurs).",
    ),
    "thirteen_orphans": (
        "Limit hand: one 1 and one 9 of each suit and one of each of the seven honours, plus a second copy of any of "
        "them.",
        "Main limite : un 1 et un 9 de chaque famille et un de chacun des sept honneurs, plus une seconde tuile "
        "identique à l'une d'elles.",
    ),
    "all_honours": (
        "Limit hand: every tile is a wind or a dragon.",
        "Main limite : toutes les tuiles sont des vents ou des dragons.",
    ),
    "all_terminals": (
        "Limit hand: every tile is a 1 or a 9 of the suits, with no honours.",
        "Main limite : toutes les tuiles sont des 1 et des 9 des familles, sans honneurs.",
    ),
    "four_concealed_pungs": (
        "Limit hand: four pungs or kongs made without any discard, not even the one you win on, and a pair.",
        "Main limite : quatre pungs ou kongs formés sans aucun écart, pas même celui sur lequel vous gagnez, et une "
        "paire.",
    ),
    "four_kongs": (
        "Limit hand: four kongs, exposed or concealed, and a pair.",
        "Main limite : quatre kongs, exposés ou cachés, et une paire.",
    ),
    "nine_gates": (
        "Limit hand: a concealed hand of one suit, 1-1-1-2-3-4-5-6-7-8-9-9-9 before the win, so any tile of that "
        "suit completes it.",
        "Main limite : main cachée d'une seule famille, 1-1-1-2-3-4-5-6-7-8-9-9-9 avant la tuile gagnante : "
        "n'importe quelle tuile de la famille la complète.",
    ),
    "heavenly_hand": (
        "Limit hand: East's dealt tiles already make a winning hand, before his first discard.",
        "Main limite : les tuiles distribuées à Est forment déjà une main gagnante, avant son premier écart.",
    ),
    "earthly_hand": (
        "Limit hand: a player other than East wins on his first draw, or on a discard before it, with no set "
        "declared.",
        "Main limite : un joueur autre qu'Est gagne sur sa première pioche, ou sur un écart avant elle, sans "
        "combinaison déclarée.",
    ),
}
