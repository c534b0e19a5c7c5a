"""One-line definitions of the riichi yaku and dora (what a hand must show to score each), in
English and French, written from 002 §4.1-4.2 (../shared/rules); the names are in
scorer.riichi.names."""
from __future__ import annotations

#: YAKU_NAMES key → (English, French); one sentence or two, at most about 170 characters each.
DEFINITIONS: dict[str, tuple[str, str]] = {
    # 1 han (002 §4.2.1)
    "riichi": (
        "Declared ready with a concealed hand, putting up a 1,000-point stick.",
        "Le joueur a annoncé « riichi » alors que sa main cachée était en attente, en misant 1\u202f000 points.",
    ),
    "daburu_riichi": (
        "Riichi declared on your very first turn, before anyone has called a kong, pung or chow "
        "(a concealed kong counts too).",
        "Riichi annoncé dès le premier tour du joueur, sans qu'aucun kong, pung ou chow (kong caché compris) "
        "n'ait été annoncé avant.",
    ),
    "ippatsu": (
        "Win within one go-around after declaring riichi, up to and including your next draw, "
        "with no kong, pung or chow called in between (concealed kongs too).",
        "Victoire dans le tour qui suit l'annonce du riichi, jusqu'à sa prochaine pioche incluse, "
        "sans appel de kong, pung ou chow entre-temps (kong caché compris).",
    ),
    "tsumo": (
        "Win on a tile you drew yourself, with a fully concealed hand (no claimed sets).",
        "Victoire sur pioche avec une main entièrement cachée (aucun élément exposé).",
    ),
    "pinfu": (
        "Concealed hand of four chows and a pair that is not dragons or your seat or round wind, "
        "won on a two-sided chow wait.",
        "Main cachée de quatre chows et d'une paire sans valeur (ni dragon, ni vent du joueur, ni vent "
        "dominant), finie sur une attente des deux côtés.",
    ),
    "iipeiko": (
        "Concealed hand with two identical chows: same numbers in the same suit (e.g. 3-4-5 of bamboo twice).",
        "Main cachée avec deux chows identiques, mêmes numéros dans la même famille (par ex. deux fois "
        "3-4-5 de bambou).",
    ),
    "tanyao": (
        "No terminals (the ones and nines of every suit) and no honours anywhere in the hand; open hands count too.",
        "Aucune tuile terminale (1 et 9) ni aucun honneur dans la main ; compte aussi avec une main exposée.",
    ),
    "sanshoku": (
        "The same chow in all three suits (e.g. 2-3-4 in each); one han less when open.",
        "Le même chow dans chacune des trois familles (par ex. 2-3-4 dans chacune) ; un han de moins si la main "
        "est exposée.",
    ),
    "ittsu": (
        "The chows 1-2-3, 4-5-6 and 7-8-9 all in one suit; one han less when open.",
        "Les chows 1-2-3, 4-5-6 et 7-8-9 d'une même famille ; un han de moins si la main est exposée.",
    ),
    "haku": ("A pung or kong of white dragons.", "Un pung ou un kong de dragon blanc."),
    "hatsu": ("A pung or kong of green dragons.", "Un pung ou un kong de dragon vert."),
    "chun": ("A pung or kong of red dragons.", "Un pung ou un kong de dragon rouge."),
    "seat_wind_east": (
        "A pung or kong of East winds while your seat wind is East.",
        "Un pung ou un kong de vent d'Est, quand Est est le vent du joueur.",
    ),
    "seat_wind_south": (
        "A pung or kong of South winds while your seat wind is South.",
        "Un pung ou un kong de vent du Sud, quand Sud est le vent du joueur.",
    ),
    "seat_wind_west": (
        "A pung or kong of West winds while your seat wind is West.",
        "Un pung ou un kong de vent d'Ouest, quand Ouest est le vent du joueur.",
    ),
    "seat_wind_north": (
        "A pung or kong of North winds while your seat wind is North.",
        "Un pung ou un kong de vent du Nord, quand Nord est le vent du joueur.",
    ),
    "round_wind_east": (
        "A pung or kong of East winds while East is the round wind.",
        "Un pung ou un kong de vent d'Est, quand Est est le vent dominant.",
    ),
    "round_wind_south": (
        "A pung or kong of South winds while South is the round wind.",
        "Un pung ou un kong de vent du Sud, quand Sud est le vent dominant.",
    ),
    "round_wind_west": (
        "A pung or kong of West winds while West is the round wind.",
        "Un pung ou un kong de vent d'Ouest, quand Ouest est le vent dominant.",
    ),
    "round_wind_north": (
        "A pung or kong of North winds while North is the round wind.",
        "Un pung ou un kong de vent du Nord, quand Nord est le vent dominant.",
    ),
    "chantai": (
        "Every set and the pair include a terminal or an honour, with at least one chow and one honour (none: "
        "Terminals in All Sets); one han less when open.",
        "Chaque élément et la paire ont une terminale ou un honneur, avec au moins un chow et un honneur (sinon « "
        "Terminales Partout ») ; un han de moins si la main est exposée.",
    ),
    "rinshan": (
        "Win on the replacement tile drawn after declaring a kong; counts as a self-drawn win.",
        "Victoire sur la tuile de remplacement prise après l'annonce d'un kong ; compte comme une victoire "
        "sur pioche.",
    ),
    "chankan": (
        "Win on the tile an opponent adds to an exposed pung to make a kong (counts as a win on a discard). A "
        "concealed kong can be robbed only for Thirteen Orphans.",
        "Victoire sur la tuile qu'un adversaire ajoute à son pung exposé pour en faire un kong (compte comme un "
        "écart). Un kong caché ne se vole que pour Treize Orphelins.",
    ),
    "haitei": (
        "Win by drawing the last tile of the wall.",
        "Victoire sur pioche avec la dernière tuile du mur.",
    ),
    "houtei": (
        "Win on the discard made after the last tile of the wall has been drawn.",
        "Victoire sur l'écart qui suit la pioche de la dernière tuile du mur.",
    ),
    # 2 han (002 §4.2.2)
    "chiitoitsu": (
        "Concealed hand of seven different pairs (two identical pairs are not allowed); always 25 fu.",
        "Main cachée de sept paires toutes différentes (deux paires identiques ne sont pas admises) ; vaut "
        "toujours 25 minipoints.",
    ),
    "sanshoku_douko": (
        "Pungs or kongs of the same number in all three suits (e.g. three 7s in each suit).",
        "Trois pungs ou kongs du même numéro, un dans chaque famille (par ex. des 7 dans les trois familles).",
    ),
    "sanankou": (
        "Three concealed pungs or kongs; the rest of the hand may be open. A pung finished on a discard "
        "is not concealed.",
        "Trois pungs ou kongs cachés ; le reste de la main peut être exposé. Un pung complété par un écart "
        "ne compte pas comme caché.",
    ),
    "sankantsu": ("Three kongs, exposed or concealed.", "Trois kongs, exposés ou cachés."),
    "toitoi": (
        "Four pungs or kongs and a pair (no chow).",
        "Quatre pungs ou kongs et une paire, sans aucun chow.",
    ),
    "honitsu": (
        "Tiles of one suit only, plus honours; one han less when open.",
        "Tuiles d'une seule famille accompagnées d'honneurs ; un han de moins si la main est exposée.",
    ),
    "shosangen": (
        "Two pungs or kongs of dragons and a pair of the third dragon; the two dragon pungs also score.",
        "Deux pungs ou kongs de dragons et une paire du troisième dragon ; les deux pungs de dragon comptent "
        "aussi.",
    ),
    "honroto": (
        "Only terminals (the ones and nines of every suit) and honours: no tile from 2 to 8 anywhere in the hand.",
        "Uniquement des tuiles terminales (1 et 9) et des honneurs : aucune tuile de 2 à 8 dans la main.",
    ),
    "junchan": (
        "Every set and the pair include a 1 or a 9, no honours, at least one chow; one han less when open.",
        "Chaque élément et la paire ont un 1 ou un 9, sans honneur, avec au moins un chow ; un han de moins si "
        "la main est exposée.",
    ),
    # 3 han (002 §4.2.3)
    "ryanpeiko": (
        "Concealed hand of four chows forming two Pure Double Chows; Pure Double Chow is not counted as well.",
        "Main cachée de quatre chows formant deux Double Chows Purs ; Double Chows Purs n'est pas "
        "compté en plus.",
    ),
    # 5 han (002 §4.2.4)
    "chinitsu": (
        "Tiles of a single suit only, no honours; one han less when open.",
        "Tuiles d'une seule famille, sans aucun honneur ; un han de moins si la main est exposée.",
    ),
    "renhou": (
        "Win on a discard in the uninterrupted first go-around, before your first turn (a concealed kong "
        "interrupts). Mangan; no other yaku or dora.",
        "Victoire sur un écart pendant le premier tour non interrompu, avant son premier tour de jeu (un "
        "kong caché l'interrompt). Mangan, sans autre yaku ni dora.",
    ),
    # Yakuman (002 §4.2.5)
    "kokushi": (
        "Concealed hand with one of each of the 13 terminal and honour tiles, plus a 14th tile matching any "
        "of them.",
        "Main cachée réunissant les 13 terminales et honneurs différents, un de chaque, plus un double de "
        "l'un d'eux.",
    ),
    "chuuren_poutou": (
        "Concealed hand of 1-1-1-2-3-4-5-6-7-8-9-9-9 in one suit, plus any other tile of that suit.",
        "Main cachée d'une seule famille : 1-1-1-2-3-4-5-6-7-8-9-9-9 et une tuile de plus de cette famille.",
    ),
    "tenhou": (
        "East wins with the hand as dealt, before any discard; no concealed kong allowed.",
        "Le joueur Est gagne avec sa main de départ, avant tout écart ; aucun kong caché n'est permis.",
    ),
    "chiihou": (
        "A player other than East wins on their first draw, in an uninterrupted first go-around (no call, "
        "no concealed kong).",
        "Un joueur autre qu'Est gagne sur sa première pioche, pendant le premier tour non interrompu "
        "(aucun appel, aucun kong caché).",
    ),
    "suuankou": (
        "Concealed hand with four concealed pungs or kongs; a win on a discard is allowed only if that "
        "tile completes the pair.",
        "Main cachée de quatre pungs ou kongs cachés ; une victoire sur écart n'est permise que si la tuile "
        "complète la paire.",
    ),
    "suuankou_tanki": (
        "Four concealed pungs or kongs, won on the pair wait. EMA 2016 counts it as a single yakuman, "
        "like any Four Concealed Pungs.",
        "Quatre pungs ou kongs cachés, finis sur l'attente sur la paire. Les règles EMA 2016 le comptent "
        "comme un seul yakuman.",
    ),
    "suukantsu": ("Four kongs, exposed or concealed.", "Quatre kongs, exposés ou cachés."),
    "ryuisou": (
        "Only green tiles: 2, 3, 4, 6 and 8 of bamboo and the green dragon.",
        "Uniquement des tuiles vertes : 2, 3, 4, 6 et 8 de bambou et le dragon vert.",
    ),
    "chinroto": (
        "Only terminals: every tile is a 1 or a 9.",
        "Uniquement des tuiles terminales : toutes les tuiles sont des 1 ou des 9.",
    ),
    "tsuisou": (
        "Only honour tiles (winds and dragons).",
        "Uniquement des honneurs (vents et dragons).",
    ),
    "daisangen": (
        "Pungs or kongs of all three dragons.",
        "Un pung ou un kong de chacun des trois dragons.",
    ),
    "shosuushi": (
        "Pungs or kongs of three winds and a pair of the fourth wind.",
        "Trois pungs ou kongs de vents et une paire du quatrième vent.",
    ),
    "daisuushi": (
        "Pungs or kongs of all four winds.",
        "Un pung ou un kong de chacun des quatre vents.",
    ),
    # Dora (002 §4.1, §2.7, §3.3.14)
    "dora": (
        "One han per dora tile in the hand: the tile after a dora or kan dora indicator (9→1, "
        "white→green→red→white, E→S→W→N→E). Not a yaku.",
        "Un han par dora dans la main : la tuile qui suit l'indicateur de dora ou de kan dora (9→1, "
        "blanc→vert→rouge→blanc, E→S→O→N→E). Ce n'est pas un yaku.",
    ),
    "ura_dora": (
        "Riichi winner only: the tiles under the dora and kan dora indicators show extra dora, one han each.",
        "Pour le gagnant qui a annoncé riichi : les tuiles sous les indicateurs de dora et de kan dora "
        "désignent d'autres dora, un han chacune.",
    ),
    "aka_dora": (
        "Red fives counting as dora (one han each) where the table plays them; not part of the EMA 2016 rules.",
        "Cinq rouges comptant comme dora (un han chacun) si la table les utilise ; ils ne font pas partie "
        "des règles EMA 2016.",
    ),
}
