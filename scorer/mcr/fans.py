"""The MCR fan table: every fan once, with its number and value in 000 and its three names.

Source of numbers, names (French) and values: ../shared/rules/000 "Liste des mains" (81 fans).
English and Chinese names are the usual ones of the Chinese Official rules (as used by
ChineseOfficialMahjongHelper / PyMahjongGB), so that a player can match them to other tools.
``melded_and_concealed_kong`` is not one of the 81 of 000: it exists only under the
``kong_pair_values`` option (001 "Kong caché + Kong exposé", or PyMahjongGB's 5-point fan).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fan:
    id: str
    number: int          # n° in 000 (0 for the option-only fan)
    value: int           # points in 000 (option-dependent values: engine.Rules)
    name_en: str
    name_fr: str
    name_zh: str
    combination: bool = False   # made of 2+ sets: subject to the account-once principle (000)


_F = Fan
FANS: tuple[Fan, ...] = (
    _F("pure_double_chow", 1, 1, "Pure Double Chow", "Double Chow Pur", "一般高", True),
    _F("mixed_double_chow", 2, 1, "Mixed Double Chow", "Double Chow Mélangé", "喜相逢", True),
    _F("short_straight", 3, 1, "Short Straight", "Petite Suite Pure", "连六", True),
    _F("two_terminal_chows", 4, 1, "Two Terminal Chows", "Deux Chow Terminaux", "老少副", True),
    _F("pung_of_terminals_or_honours", 5, 1, "Pung of Terminals or Honours",
       "Pung de Terminales ou d'Honneurs", "幺九刻"),
    _F("melded_kong", 6, 1, "Melded Kong", "Kong Exposé", "明杠"),
    _F("one_voided_suit", 7, 1, "One Voided Suit", "Une Famille Manquante", "缺一门"),
    _F("no_honours", 8, 1, "No Honours", "Pas d'Honneur", "无字"),
    _F("edge_wait", 9, 1, "Edge Wait", "Attente de Bord", "边张"),
    _F("closed_wait", 10, 1, "Closed Wait", "Attente Fermée", "嵌张"),
    _F("single_wait", 11, 1, "Single Wait", "Attente de la Paire", "单钓将"),
    _F("self_drawn", 12, 1, "Self-Drawn", "Pioche", "自摸"),
    _F("flower_tiles", 13, 1, "Flower Tiles", "Tuile de Fleur", "花牌"),
    _F("dragon_pung", 14, 2, "Dragon Pung", "Pung de Dragon", "箭刻"),
    _F("prevalent_wind", 15, 2, "Prevalent Wind", "Vent Dominant", "圈风刻"),
    _F("seat_wind", 16, 2, "Seat Wind", "Vent du Joueur", "门风刻"),
    _F("concealed_hand", 17, 2, "Concealed Hand", "Main Semi Cachée", "门前清"),
    _F("all_chows", 18, 2, "All Chows", "Tout Chow", "平和"),
    _F("tile_hog", 19, 2, "Tile Hog", "Monopolisation de Tuile", "四归一"),
    _F("double_pung", 20, 2, "Double Pung", "Double Pung", "双同刻", True),
    _F("two_concealed_pungs", 21, 2, "Two Concealed Pungs", "Deux Pung Cachés", "双暗刻"),
    _F("concealed_kong", 22, 2, "Concealed Kong", "Kong Caché", "暗杠"),
    _F("all_simples", 23, 2, "All Simples", "Tout Simples", "断幺"),
    _F("outside_hand", 24, 4, "Outside Hand", "Main Extérieure", "全带幺"),
    _F("fully_concealed_hand", 25, 4, "Fully Concealed Hand", "Main Entièrement Cachée", "不求人"),
    _F("two_melded_kongs", 26, 4, "Two Melded Kongs", "Deux Kong Exposés", "双明杠"),
    _F("last_tile", 27, 4, "Last Tile (the last of its kind)", "Dernière Tuile de sa Sorte", "和绝张"),
    _F("all_pungs", 28, 6, "All Pungs", "Tout Pung", "碰碰和"),
    _F("half_flush", 29, 6, "Half Flush", "Main Propre", "混一色"),
    _F("mixed_shifted_chows", 30, 6, "Mixed Shifted Chows", "Chow Décalés Mélangé", "三色三步高", True),
    _F("all_types", 31, 6, "All Types", "Tous les Types", "五门齐"),
    _F("melded_hand", 32, 6, "Melded Hand", "Main Exposée", "全求人"),
    _F("two_concealed_kongs", 33, 6, "Two Concealed Kongs", "Deux Kong Cachés", "双暗杠"),
    _F("two_dragon_pungs", 34, 6, "Two Dragon Pungs", "Deux Dragons", "双箭刻", True),
    _F("mixed_straight", 35, 8, "Mixed Straight", "Suite Mélangée", "花龙", True),
    _F("reversible_tiles", 36, 8, "Reversible Tiles", "Tuiles Symétriques", "推不倒"),
    _F("mixed_triple_chow", 37, 8, "Mixed Triple Chow", "Triple Chow Mélangé", "三色三同顺", True),
    _F("mixed_shifted_pungs", 38, 8, "Mixed Shifted Pungs", "Trois Pung Décalés Mélangé", "三色三节高", True),
    _F("chicken_hand", 39, 8, "Chicken Hand", "Main du Poulet", "无番和"),
    _F("last_tile_draw", 40, 8, "Last Tile Draw", "Pioche la Dernière Tuile", "妙手回春"),
    _F("last_tile_claim", 41, 8, "Last Tile Claim", "Réclame la Dernière Tuile", "海底捞月"),
    _F("out_with_replacement_tile", 42, 8, "Out with Replacement Tile",
       "Terminer avec une Tuile de Remplacement", "杠上开花"),
    _F("robbing_the_kong", 43, 8, "Robbing the Kong", "Voler un Kong", "抢杠和"),
    _F("lesser_honours_and_knitted_tiles", 44, 12, "Lesser Honours and Knitted Tiles",
       "Honneurs Inférieurs et Tuiles Cousues", "全不靠"),
    _F("knitted_straight", 45, 12, "Knitted Straight", "Suite Cousue", "组合龙"),
    _F("upper_four", 46, 12, "Upper Four", "Quatre Supérieurs", "大于五"),
    _F("lower_four", 47, 12, "Lower Four", "Quatre Inférieurs", "小于五"),
    _F("big_three_winds", 48, 12, "Big Three Winds", "Trois Grands Vents", "三风刻", True),
    _F("pure_straight", 49, 16, "Pure Straight", "Suite Pure", "清龙", True),
    _F("three_suited_terminal_chows", 50, 16, "Three-Suited Terminal Chows",
       "Chow Terminaux à Trois Familles", "三色双龙会", True),
    _F("pure_shifted_chows", 51, 16, "Pure Shifted Chows", "Chow Décalés Pur", "一色三步高", True),
    _F("all_fives", 52, 16, "All Fives", "Cinq Partout", "全带五"),
    _F("triple_pung", 53, 16, "Triple Pung", "Triple Pung", "三同刻", True),
    _F("three_concealed_pungs", 54, 16, "Three Concealed Pungs", "Trois Pung Cachés", "三暗刻"),
    _F("seven_pairs", 55, 24, "Seven Pairs", "Sept Paires", "七对"),
    _F("greater_honours_and_knitted_tiles", 56, 24, "Greater Honours and Knitted Tiles",
       "Honneurs Supérieurs et Tuiles Cousues", "七星不靠"),
    _F("all_even_pungs", 57, 24, "All Even Pungs", "Tout Pair", "全双刻"),
    _F("full_flush", 58, 24, "Full Flush", "Main Pure", "清一色"),
    _F("pure_triple_chow", 59, 24, "Pure Triple Chow", "Triple Chow Pur", "一色三同顺", True),
    _F("pure_shifted_pungs", 60, 24, "Pure Shifted Pungs", "Trois Pung Décalés Pur", "一色三节高", True),
    _F("upper_tiles", 61, 24, "Upper Tiles", "Trois Supérieurs", "全大"),
    _F("middle_tiles", 62, 24, "Middle Tiles", "Trois Médiants", "全中"),
    _F("lower_tiles", 63, 24, "Lower Tiles", "Trois Inférieurs", "全小"),
    _F("four_pure_shifted_chows", 64, 32, "Four Pure Shifted Chows", "Quatre Chow Décalés Purs",
       "一色四步高", True),
    _F("three_kongs", 65, 32, "Three Kongs", "Trois Kong", "三杠"),
    _F("all_terminals_and_honours", 66, 32, "All Terminals and Honours",
       "Tout Terminales et Honneurs", "混幺九"),
    _F("quadruple_chow", 67, 48, "Quadruple Chow", "Quadruple Chow Pur", "一色四同顺", True),
    _F("four_pure_shifted_pungs", 68, 48, "Four Pure Shifted Pungs", "Quatre Pung Décalés Pur",
       "一色四节高", True),
    _F("all_terminals", 69, 64, "All Terminals", "Tout Terminales", "清幺九"),
    _F("little_four_winds", 70, 64, "Little Four Winds", "Quatre Petits Vents", "小四喜", True),
    _F("little_three_dragons", 71, 64, "Little Three Dragons", "Trois Petits Dragons", "小三元", True),
    _F("all_honours", 72, 64, "All Honours", "Tout Honneurs", "字一色"),
    _F("four_concealed_pungs", 73, 64, "Four Concealed Pungs", "Quatre Pung Cachés", "四暗刻"),
    _F("pure_terminal_chows", 74, 64, "Pure Terminal Chows", "Chow Terminaux à Une Famille",
       "一色双龙会", True),
    _F("big_four_winds", 75, 88, "Big Four Winds", "Quatre Grands Vents", "大四喜", True),
    _F("big_three_dragons", 76, 88, "Big Three Dragons", "Trois Grand Dragons", "大三元", True),
    _F("all_green", 77, 88, "All Green", "Tout Vert", "绿一色"),
    _F("nine_gates", 78, 88, "Nine Gates", "Neuf Portes", "九莲宝灯"),
    _F("four_kongs", 79, 88, "Four Kongs", "Quatre Kong", "四杠"),
    _F("seven_shifted_pairs", 80, 88, "Seven Shifted Pairs", "Sept Paires Décalés Pur", "连七对"),
    _F("thirteen_orphans", 81, 88, "Thirteen Orphans", "Treize Orphelins", "十三幺"),
    # Only under the kong_pair_values option (001 "Kong caché + Kong exposé", 6 points).
    _F("melded_and_concealed_kong", 0, 6, "Melded and Concealed Kong", "Kong Caché + Kong Exposé",
       "明暗杠"),
)

FAN_BY_ID: dict[str, Fan] = {f.id: f for f in FANS}
assert len([f for f in FANS if f.number]) == 81
