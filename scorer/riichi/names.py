"""Yaku names: English and French as printed in 002 (EMA 2016, French translation, §4.2 and
the yaku table of §7), Japanese as kanji with the romaji 002 uses.

Keyed by the attribute name of ``mahjong.hand_calculating.yaku_config.YakuConfig`` so that
every yaku the package reports gets the names of the source.
"""
from __future__ import annotations

# attribute → (English, French, Japanese, 002 section)
YAKU_NAMES: dict[str, tuple[str, str, str, str]] = {
    "riichi": ("Riichi", "Riichi", "立直 (riichi)", "002 §4.2.1"),
    "daburu_riichi": ("Double Riichi", "Riichi au 1er tour", "両立直 (daburu riichi)", "002 §4.2.1"),
    "ippatsu": ("One-shot", "Ippatsu", "一発 (ippatsu)", "002 §4.2.1"),
    "tsumo": ("Fully Concealed Hand", "Tout Caché Tiré", "門前清自摸和 (menzen tsumo)", "002 §4.2.1"),
    "pinfu": ("Pinfu", "Pinfu", "平和 (pinfu)", "002 §4.2.1"),
    "iipeiko": ("Pure Double Chow", "Double Chows Purs", "一盃口 (iipeikou)", "002 §4.2.1"),
    "tanyao": ("All Simples", "Tout Ordinaire", "断幺九 (tanyao chuu)", "002 §4.2.1"),
    "sanshoku": ("Mixed Triple Chow", "Triple Chows", "三色同順 (san shoku doujun)", "002 §4.2.1"),
    "ittsu": ("Pure Straight", "Grande Suite Pure", "一気通貫 (ittsuu)", "002 §4.2.1"),
    "haku": ("Dragon Pung (white)", "Pung de Dragon (blanc)", "役牌 白 (yakuhai haku)", "002 §4.2.1"),
    "hatsu": ("Dragon Pung (green)", "Pung de Dragon (vert)", "役牌 發 (yakuhai hatsu)", "002 §4.2.1"),
    "chun": ("Dragon Pung (red)", "Pung de Dragon (rouge)", "役牌 中 (yakuhai chun)", "002 §4.2.1"),
    "seat_wind_east": ("Seat Wind Pung (East)", "Pung du Vent du joueur (Est)", "自風 東 (yakuhai)", "002 §4.2.1"),
    "seat_wind_south": ("Seat Wind Pung (South)", "Pung du Vent du joueur (Sud)", "自風 南 (yakuhai)", "002 §4.2.1"),
    "seat_wind_west": ("Seat Wind Pung (West)", "Pung du Vent du joueur (Ouest)", "自風 西 (yakuhai)", "002 §4.2.1"),
    "seat_wind_north": ("Seat Wind Pung (North)", "Pung du Vent du joueur (Nord)", "自風 北 (yakuhai)", "002 §4.2.1"),
    "round_wind_east": ("Round Wind Pung (East)", "Pung du Vent dominant (Est)", "場風 東 (yakuhai)", "002 §4.2.1"),
    "round_wind_south": ("Round Wind Pung (South)", "Pung du Vent dominant (Sud)", "場風 南 (yakuhai)", "002 §4.2.1"),
    "round_wind_west": ("Round Wind Pung (West)", "Pung du Vent dominant (Ouest)", "場風 西 (yakuhai)", "002 §4.2.1"),
    "round_wind_north": ("Round Wind Pung (North)", "Pung du Vent dominant (Nord)", "場風 北 (yakuhai)", "002 §4.2.1"),
    # the yaku table's cell is cut ("Terminales et Honne"); its worked example (002 §4.3.9) names it whole
    "chantai": ("Outside Hand", "Terminales et Honneurs Partout", "混全帯幺九 (chanta)", "002 §4.2.1, §4.3.9"),
    "rinshan": ("After a Kong", "Finir sur Kong", "嶺上開花 (rinshan kaihou)", "002 §4.2.1"),
    "chankan": ("Robbing the Kong", "Voler un Kong", "槍槓 (chan kan)", "002 §4.2.1"),
    "haitei": ("Under the Sea", "Fond de la Mer", "海底摸月 (haitei)", "002 §4.2.1"),
    "houtei": ("Under the River", "Fond de la Mer (dernier écart)", "河底撈魚 (houtei)", "002 §4.2.1"),
    "chiitoitsu": ("Seven Pairs", "Sept Paires", "七対子 (chii toitsu)", "002 §4.2.2"),
    "sanshoku_douko": ("Triple Pung", "Triple Pungs", "三色同刻 (san shoku doukou)", "002 §4.2.2"),
    "sanankou": ("Three Concealed Pungs", "Trois Pungs Cachés", "三暗刻 (san ankou)", "002 §4.2.2"),
    "sankantsu": ("Three Kongs", "Trois Kongs", "三槓子 (san kan tsu)", "002 §4.2.2"),
    "toitoi": ("All Pungs", "Tout Pung", "対々和 (toi-toi hou)", "002 §4.2.2"),
    "honitsu": ("Half Flush", "Semi Pure", "混一色 (honitsu)", "002 §4.2.2"),
    "shosangen": ("Little Three Dragons", "Trois Petits Dragons", "小三元 (shou sangen)", "002 §4.2.2"),
    "honroto": ("All Terminals and Honours", "Tout Terminales et Honneurs", "混老頭 (honroutou)", "002 §4.2.2"),
    "junchan": ("Terminals in All Sets", "Terminales Partout", "純全帯幺九 (junchan)", "002 §4.2.2"),
    "ryanpeiko": ("Twice Pure Double Chows", "Deux Fois Double Chows Purs", "二盃口 (ryan peikou)", "002 §4.2.3"),
    "chinitsu": ("Full Flush", "Main Pure", "清一色 (chinitsu)", "002 §4.2.4"),
    "renhou": ("Blessing of Man", "Bénédiction de l'Homme", "人和 (renhou)", "002 §4.2.4"),
    "kokushi": ("Thirteen Orphans", "Treize Orphelins", "国士無双 (kokushi musou)", "002 §4.2.5"),
    "chuuren_poutou": ("Nine Gates", "Neuf Portes", "九蓮宝燈 (chuuren potoo)", "002 §4.2.5"),
    "tenhou": ("Blessing of Heaven", "Bénédiction du Ciel", "天和 (tenhou)", "002 §4.2.5"),
    "chiihou": ("Blessing of Earth", "Bénédiction de la Terre", "地和 (chihou)", "002 §4.2.5"),
    "suuankou": ("Four Concealed Pungs", "Quatre Pungs Cachés", "四暗刻 (suu ankou)", "002 §4.2.5"),
    "suuankou_tanki": ("Four Concealed Pungs", "Quatre Pungs Cachés", "四暗刻 (suu ankou)", "002 §4.2.5"),
    "suukantsu": ("Four Kongs", "Quatre Kongs", "四槓子 (suu kan tsu)", "002 §4.2.5"),
    "ryuisou": ("All Green", "Main Verte", "緑一色 (ryuu iisou)", "002 §4.2.5"),
    "chinroto": ("All Terminals", "Tout Terminales", "清老頭 (chinroutou)", "002 §4.2.5"),
    "tsuisou": ("All Honours", "Tout Honneurs", "字一色 (tsuu iisou)", "002 §4.2.5"),
    "daisangen": ("Big Three Dragons", "Trois Grands Dragons", "大三元 (dai sangen)", "002 §4.2.5"),
    "shosuushi": ("Little Four Winds", "Quatre Petits Vents", "小四喜 (shou suushii)", "002 §4.2.5"),
    "daisuushi": ("Big Four Winds", "Quatre Grands Vents", "大四喜 (dai suushii)", "002 §4.2.5"),
    "dora": ("Dora", "Dora", "ドラ (dora)", "002 §4.1"),
    "ura_dora": ("Ura-dora", "Ura dora", "裏ドラ (ura dora)", "002 §4.1"),
    "aka_dora": ("Red fives", "Cinq rouges", "赤ドラ (aka dora)", "context red_fives (not EMA)"),
}

# fu reasons of mahjong.hand_calculating.fu.FuCalculator → (English, French), 002 §4.1.1
#: The winning minipoints by their value, 002 §4.1.1 « Minipoints pour une victoire ».
BASE_FU_NAMES: dict[int, tuple[str, str]] = {
    30: ("Winning (concealed hand on a discard)", "Minipoints pour une victoire (main cachée sur un écart)"),
    25: ("Winning with seven pairs (no other fu)", "Minipoints pour une victoire (sept paires, aucun autre minipoint)"),
    20: ("Winning (self-drawn or open hand)", "Minipoints pour une victoire (pioche ou main exposée)"),
}
FU_NAMES: dict[str, tuple[str, str]] = {
    "base": ("Winning", "Minipoints pour une victoire"),
    "pinfu_tsumo": ("Self-draw: not counted with pinfu (002 §4.1.1)", "Pioche : non comptée avec pinfu (002 §4.1.1)"),
    "penchan": ("Edge wait", "Attente au bord"),
    "kanchan": ("Closed wait", "Attente fermée"),
    "pair_wait": ("Pair wait", "Attente sur la paire"),
    "valued_pair": ("Value pair", "Paire de valeur"),
    "double_valued_pair": ("Double value pair (seat and round wind)", "Paire du vent du joueur et dominant"),
    "tsumo": ("Self-drawn", "Gagner sur pioche"),
    "hand_without_fu": ("Open pinfu", "Pinfu ouvert"),
    "closed_pon": ("Concealed pung, 2-8", "Pung caché ordinaire"),
    "open_pon": ("Exposed pung, 2-8", "Pung exposé ordinaire"),
    "closed_terminal_pon": ("Concealed pung, terminals/honours", "Pung caché, terminales/honneurs"),
    "open_terminal_pon": ("Exposed pung, terminals/honours", "Pung exposé, terminales/honneurs"),
    "closed_kan": ("Concealed kong, 2-8", "Kong caché ordinaire"),
    "open_kan": ("Exposed kong, 2-8", "Kong exposé ordinaire"),
    "closed_terminal_kan": ("Concealed kong, terminals/honours", "Kong caché, terminales/honneurs"),
    "open_terminal_kan": ("Exposed kong, terminals/honours", "Kong exposé, terminales/honneurs"),
}

#: What each minipoint entry asks of a hand, for a beginner (``mjtable score --explain``), English
#: and French, in 002 §4.1.1's words; the winning entry by its value (``BASE_FU_DEFINITIONS``).
BASE_FU_DEFINITIONS: dict[int, tuple[str, str]] = {
    30: ("Every win scores 20 minipoints, and a concealed hand won on a discard 10 more: 30.",
         "Toute victoire rapporte 20 minipoints, et une main cachée gagnée sur un écart 10 de plus : 30."),
    25: ("Seven pairs score 25 minipoints, and no other minipoint is added.",
         "Sept paires rapportent 25 minipoints, et aucun autre minipoint n'est ajouté."),
    20: ("Every win scores 20 minipoints; only a concealed hand won on a discard scores 10 more.",
         "Toute victoire rapporte 20 minipoints ; seule une main cachée gagnée sur un écart en rapporte 10 de plus."),
}
FU_DEFINITIONS: dict[str, tuple[str, str]] = {
    "pinfu_tsumo": ("A pinfu hand won on a self-drawn tile does not add the self-draw's 2 minipoints: it stays at 20.",
                    "Une main pinfu gagnée sur pioche n'ajoute pas les 2 minipoints de la pioche : elle reste à 20."),
    "penchan": ("Won on an edge wait, 1-2 waiting for the 3 or 8-9 waiting for the 7: 2 minipoints, even if other "
                "tiles would also have won.",
                "Gagné sur une attente au bord, 1-2 attendant un 3 ou 8-9 attendant un 7 : 2 minipoints, même si "
                "d'autres tuiles auraient aussi fait gagner."),
    "kanchan": ("Won on the middle tile of a chow: 2 minipoints, even if other tiles would also have won.",
                "Gagné sur la tuile centrale d'un chow : 2 minipoints, même si d'autres tuiles auraient aussi fait "
                "gagner."),
    "pair_wait": ("Won on the tile that finishes the pair: 2 minipoints, even if other tiles would also have won.",
                  "Gagné sur la tuile qui termine la paire : 2 minipoints, même si d'autres tuiles auraient aussi fait "
                  "gagner."),
    "valued_pair": ("A pair of dragons, of the winner's seat wind or of the round wind: 2 minipoints.",
                    "Une paire de dragons, du vent du joueur ou du vent dominant : 2 minipoints."),
    "double_valued_pair": ("A pair of the wind that is both the winner's seat wind and the round wind: 2 for "
                           "each, 4 minipoints.",
                           "Une paire du vent qui est à la fois le vent du joueur et le vent dominant : 2 pour "
                           "chacun, 4 minipoints."),
    "tsumo": ("Won on a self-drawn tile: 2 minipoints (not with pinfu).",
              "Gagné sur pioche : 2 minipoints (sauf en cas de pinfu)."),
    "hand_without_fu": ("An open hand with no minipoints beyond winning (open pinfu) adds 2, which rounds it up to 30.",
                        "Une main exposée sans autre minipoint que la victoire (pinfu ouvert) ajoute 2, arrondis à 30."),
    "closed_pon": ("A concealed pung of a 2 to 8: 4 minipoints (a pung the winning discard completes counts as "
                   "exposed: 2).",
                   "Un pung caché d'un 2 à 8 : 4 minipoints (un pung terminé par l'écart gagnant compte comme exposé : "
                   "2)."),
    "open_pon": ("An exposed pung of a 2 to 8 (or one the winning discard completed): 2 minipoints.",
                 "Un pung exposé d'un 2 à 8 (ou terminé par l'écart gagnant) : 2 minipoints."),
    "closed_terminal_pon": ("A concealed pung of a 1, a 9 or an honour: 8 minipoints.",
                            "Un pung caché d'un 1, d'un 9 ou d'un honneur : 8 minipoints."),
    "open_terminal_pon": ("An exposed pung of a 1, a 9 or an honour (or one the winning discard completed): "
                          "4 minipoints.",
                          "Un pung exposé d'un 1, d'un 9 ou d'un honneur (ou terminé par l'écart gagnant) : "
                          "4 minipoints."),
    "closed_kan": ("A concealed kong of a 2 to 8: 16 minipoints.", "Un kong caché d'un 2 à 8 : 16 minipoints."),
    "open_kan": ("An exposed kong of a 2 to 8: 8 minipoints.", "Un kong exposé d'un 2 à 8 : 8 minipoints."),
    "closed_terminal_kan": ("A concealed kong of a 1, a 9 or an honour: 32 minipoints.",
                            "Un kong caché d'un 1, d'un 9 ou d'un honneur : 32 minipoints."),
    "open_terminal_kan": ("An exposed kong of a 1, a 9 or an honour: 16 minipoints.",
                          "Un kong exposé d'un 1, d'un 9 ou d'un honneur : 16 minipoints."),
}


def fu_definition(entry: dict) -> tuple[str, str] | None:
    """(English, French) of what a minipoint entry of a score's ``fu_breakdown`` asks, or None."""
    if entry.get("reason") == "base":
        return BASE_FU_DEFINITIONS.get(entry.get("fu"))
    return FU_DEFINITIONS.get(entry.get("reason"))
