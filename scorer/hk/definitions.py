"""One-line definitions of the Hong Kong faan (what a hand must show to score each), in English
and French, written from 004 "Score (Gai Fan)" (../shared/rules); the names are in scorer.hk.faan."""
from __future__ import annotations

#: faan id → (English, French); one sentence or two, at most about 170 characters each.
DEFINITIONS: dict[str, tuple[str, str]] = {
    "ping_woo": (
        "Four chows and any pair, in one suit or several: no pung or kong at all.",
        "Quatre chows et une paire quelconque, d'une ou de plusieurs familles : aucun pung ni kong.",
    ),
    "fan_jee": (
        "Each pung or kong of dragons: 1 faan each. Not added to Little or Big Three Dragons, which contain them.",
        "Chaque pung ou kong de dragons : 1 fan chacun. Ne s'ajoute pas à « Chefs juniors 3 » ni à « Grands "
        "3 chefs », qui les contiennent.",
    ),
    "huen_fung": (
        "A pung or kong of the round's wind (East in the East round, South in the South round...). If it is also your "
        "seat wind, it scores Double Wind Pung instead.",
        "Un pung ou kong du vent du tour (Est au tour Est, Sud au tour Sud...). S'il est aussi le vent de votre "
        "place, il compte à la place « Vent dominant et de la maison ».",
    ),
    "moon_fung": (
        "A pung or kong of your seat wind: East for the dealer, South on his right, West opposite, North on his left. "
        "If also the round's wind: Double Wind Pung instead.",
        "Un pung ou kong de votre vent : Est pour le croupier, Sud à sa droite, Ouest en face, Nord à sa gauche. S'il "
        "est aussi celui du tour : « Vent dominant et de la maison ».",
    ),
    "chi_mo": (
        "You draw the winning tile yourself from the wall (a replacement tile drawn after a kong counts too).",
        "Vous piochez vous-même la tuile gagnante au mur (la tuile de remplacement piochée après un kong compte "
        "aussi).",
    ),
    "cheung_gong": (
        "You win on the tile another player adds to his exposed pung to make a kong: you take it from him.",
        "Vous gagnez sur la tuile qu'un autre joueur ajoute à son pung exposé pour en faire un kong : vous la lui "
        "prenez.",
    ),
    "moon_ching": (
        "Optional, only if agreed: no exposed set at all (a concealed kong is allowed); the winning tile may be a "
        "discard.",
        "Facultatif, seulement si convenu : main cachée, aucune combinaison exposée (un kong caché est permis) ; la "
        "tuile gagnante peut être un écart.",
    ),
    "dok_ting": (
        "Optional, only if agreed: a single tile could complete your hand, e.g. 1-2 waiting for the 3, 4-6 for the 5, "
        "or a lone tile for its pair.",
        "Facultatif, seulement si convenu : une seule tuile pouvait compléter la main, p. ex. 1-2 attendant le 3, "
        "4-6 le 5, ou une tuile isolée attendant sa paire.",
    ),
    "far_yiu": (
        "Four pungs or kongs of terminals (ones and nines) and honours, at least one of each, and a pair of either. Adds to "
        "All Triplets (or to All Concealed Triplets, which counts in its place).",
        "Quatre pungs ou kongs de terminales (1 et 9) et d'honneurs, au moins un de chaque, et des yeux de l'un ou de "
        "l'autre. S'ajoute à « Tous les triplés » (ou à « Tous les triplés cachés », qui compte à sa place).",
    ),
    "gong_sheung_far": (
        "Your winning tile is the replacement tile you draw after declaring a kong, exposed or concealed.",
        "La tuile gagnante est la tuile de remplacement piochée après avoir déclaré un kong, exposé ou caché.",
    ),
    "hoi_day": (
        "You win on the last tile that may be drawn from the wall (the last 14 are never drawn), or on the last "
        "discard.",
        "Vous gagnez sur la dernière tuile piochable du mur (les 14 dernières ne se piochent jamais) ou sur le "
        "dernier écart.",
    ),
    "huen_moon_fung": (
        "A pung or kong of a wind that is both the round's and your seat's (East for the dealer in the East round): "
        "2 faan in all, in place of Round Wind and Seat Wind (1 + 1).",
        "Un pung ou kong d'un vent qui est à la fois celui du tour et celui de votre place (Est pour le croupier au "
        "tour Est) : 2 fan en tout, au lieu de 1 + 1.",
    ),
    "dui_dui_woo": (
        "Four pungs or kongs and a pair: no chow.",
        "Quatre pungs ou kongs et des yeux : aucun chow.",
    ),
    "won_yat_sik": (
        "Tiles of a single suit plus honours (winds or dragons): the hand must hold both.",
        "Tuiles d'une seule famille plus des honneurs (vents ou dragons) : la main doit avoir les deux.",
    ),
    "siu_sam_yuen": (
        "Pungs or kongs of two dragons and a pair of the third. The dragon pungs do not score again.",
        "Pungs ou kongs de deux dragons et la paire du troisième. Les pungs de dragons ne comptent pas en plus.",
    ),
    "gong_sheung_gong": (
        "After a kong, the replacement tile makes a second kong and the second replacement tile wins: 3 faan, in "
        "place of the 2 for a kong replacement win.",
        "Après un kong, la tuile de remplacement fait un second kong et la seconde tuile de remplacement fait "
        "gagner : 3 fan, au lieu des 2 d'« Ajout de gloire à un gong ».",
    ),
    "hoi_day_lao_yuet": (
        "You draw the last drawable tile of the wall and it is a 1 of dots that makes your pair with another 1 of "
        "dots. Replaces Last Tile.",
        "Vous piochez la dernière tuile piochable du mur : un 1 de cercles qui fait vos yeux avec un autre 1 de "
        "cercles. Remplace « La dernière tuile ».",
    ),
    "gong_sheung_mui_far": (
        "The replacement tile drawn after a kong is a 5 of dots and wins by completing a 4-5-6 dots chow. "
        "Replaces Win on a Kong Replacement.",
        "La tuile de remplacement après un kong est un 5 de cercles qui fait gagner en complétant le chow 4-5-6 "
        "de cercles. Remplace « Ajout de gloire à un gong ».",
    ),
    "dai_sam_yuen": (
        "A pung or kong of each of the three dragons. The dragon pungs do not score again.",
        "Un pung ou kong de chacun des trois dragons. Les pungs de dragons ne comptent pas en plus.",
    ),
    "siu_sei_hei": (
        "Pungs or kongs of three winds and a pair of the fourth. A round or seat wind pung among them still adds.",
        "Pungs ou kongs de trois vents et la paire du quatrième. Un pung du vent du tour ou de votre place s'y "
        "ajoute.",
    ),
    "ching_yat_sik": (
        "Every tile from one suit (dots, bamboos or characters), with no honours.",
        "Toutes les tuiles d'une seule famille (cercles, bambous ou caractères), sans honneurs.",
    ),
    "eight_flowers": (
        "You collect all eight flowers and seasons: that wins the hand at once, whatever your other tiles. Only when "
        "flowers are played.",
        "Vous réunissez les huit fleurs et saisons : la main est gagnée aussitôt, quelles que soient les autres "
        "tuiles. Seulement si l'on joue avec les fleurs.",
    ),
    "dai_sei_hei": (
        "A pung or kong of each of the four winds. The round and seat wind pungs and All Triplets are not added.",
        "Un pung ou kong de chacun des quatre vents. Les pungs du vent du tour ou de votre place et « Tous les "
        "triplés » ne comptent pas en plus.",
    ),
    "chuen_tse": (
        "Every tile is an honour: four pungs or kongs of winds and/or dragons and an honour pair. All Triplets is "
        "not added.",
        "Toutes les tuiles sont des honneurs : quatre pungs ou kongs de vents et/ou de dragons et des yeux "
        "d'honneur. « Tous les triplés » ne s'ajoute pas.",
    ),
    "kan_kan_woo": (
        "Four concealed pungs (a kong does not count) and a pair, winning tile self-drawn. Self-drawn, All Triplets "
        "and Fully Concealed Hand are not added.",
        "Quatre pungs cachés (un kong ne compte pas) et des yeux, tuile gagnante piochée. Exclut « Auto-pioché », "
        "« Tous les triplés » et « Main entièrement cachée ».",
    ),
    "sup_sam_yiu": (
        "One 1 and one 9 of each suit and one of each of the seven honours, plus a second copy of any of them as the "
        "pair.",
        "Un 1 et un 9 de chaque famille et un de chacun des sept honneurs, plus une seconde tuile identique à l'une "
        "d'elles pour les yeux.",
    ),
    "tin_woo": (
        "The dealer's starting tiles already make a winning hand: he wins on his first draw, before any discard, "
        "no set shown.",
        "Les tuiles de départ du croupier forment déjà une main gagnante : il gagne dès sa première pioche, avant "
        "tout écart, sans combinaison montrée.",
    ),
    "dei_woo": (
        "A player other than the dealer wins on the dealer's very first discard, before declaring any set.",
        "Un autre joueur que le croupier gagne sur le tout premier écart du croupier, sans avoir déclaré de "
        "combinaison.",
    ),
    "flower": (
        "Method A (only if flowers are played): 1 faan for each flower or season set aside in front of you.",
        "Méthode A (si l'on joue avec les fleurs) : 1 fan pour chaque fleur ou saison posée devant vous.",
    ),
    "no_flower": (
        "Method A (only if flowers are played): 1 faan when you win without any flower or season.",
        "Méthode A (si l'on joue avec les fleurs) : 1 fan si vous gagnez sans aucune fleur ni saison.",
    ),
    "own_flower_round": (
        "Method B: 1 faan for each flower or season numbered as the round: 1 in the East round, 2 South, 3 West, "
        "4 North.",
        "Méthode B : 1 fan par fleur ou saison dont le numéro est celui du tour : 1 au tour Est, 2 au Sud, 3 à "
        "l'Ouest, 4 au Nord.",
    ),
    "own_flower_seat": (
        "Method C: 1 faan for each flower or season numbered as your seat: 1 for the dealer (East), 2 South, 3 West, "
        "4 North.",
        "Méthode C : 1 fan par fleur ou saison dont le numéro est celui de votre place : 1 le croupier (Est), 2 Sud, "
        "3 Ouest, 4 Nord.",
    ),
    "own_flower_both": (
        "Method D: 2 faan for each flower or season numbered as both the round and your seat (1 for the dealer in the "
        "East round); others score nothing.",
        "Méthode D : 2 fan par fleur ou saison dont le numéro est celui du tour et de votre place (1 pour le croupier "
        "au tour Est) ; les autres ne comptent pas.",
    ),
}
