"""Hong Kong old-style faan (004, "Score (Gai Fan)": the 1, 2, 3, 6 and 8 faan lists).

Each entry: id → (faan, English, French, Cantonese/Chinese, 004 item). Names in French
follow 004's own wording.
"""
from __future__ import annotations

FAAN: dict[str, tuple[int, str, str, str, str]] = {
    "ping_woo": (1, "Common Hand", "Main Commune", "平和 Ping Woo", "004 1A"),
    "fan_jee": (1, "Dragon Pung", "Triplet de Dragon", "番子 Fan Jee", "004 1B"),
    "huen_fung": (1, "Round Wind Pung", "Vent de la ronde", "圈風 Huen Fung", "004 1C"),
    "moon_fung": (1, "Seat Wind Pung", "Vent de la maison", "門風 Moon Fung", "004 1D"),
    "chi_mo": (1, "Self-drawn", "Auto-pioché", "自摸 Chi Mo", "004 1E"),
    "cheung_gong": (1, "Robbing a Kong", "Voler un gong", "搶槓 Cheung Gong", "004 1F"),
    "moon_ching": (1, "Fully Concealed Hand", "Main entièrement cachée", "門清 Moon Ching", "004 1G"),
    "dok_ting": (1, "One Chance", "Une façon de gagner", "獨聽 Dok Ting", "004 1H"),
    "far_yiu": (1, "Terminal and Honour Pungs", "Triplets terminaux avec tuiles d'honneur", "花么 Far Yiu", "004 1I"),
    "gong_sheung_far": (2, "Win on a Kong Replacement", "Ajout de gloire à un gong", "槓上開花 Gong Sheung Far", "004 2A"),
    "hoi_day": (2, "Last Tile", "La dernière tuile", "海底 Hoi Day", "004 2B"),
    "huen_moon_fung": (2, "Double Wind Pung", "Vent dominant et de la maison", "圈門風 Huen Moon Fung", "004 2C"),
    "dui_dui_woo": (3, "All Triplets", "Tous les triplés", "對對和 Dui Dui Woo", "004 3A"),
    "won_yat_sik": (3, "Mixed One Suit", "Une couleur mixte", "混一色 Won Yat Sik", "004 3B"),
    "siu_sam_yuen": (3, "Little Three Dragons", "Chefs juniors 3", "小三元 Siu Sam Yuen", "004 3C"),
    "gong_sheung_gong": (3, "Double Kong", "Double Gong", "槓上槓 Gong Sheung Gong", "004 3D"),
    "hoi_day_lao_yuet": (3, "Moon from the Bottom of the Sea", "Attraper la lune du fond de la mer",
                         "海底撈月 Hoi Day Lao Yuet", "004 3E"),
    "gong_sheung_mui_far": (3, "Plum Blossom on a Kong", "Fleur de prunier sur un gong",
                            "槓上梅花 Gong Sheung Mui Far", "004 3F"),
    "dai_sam_yuen": (6, "Big Three Dragons", "Grands 3 chefs", "大三元 Dai Sam Yuen", "004 6A"),
    "siu_sei_hei": (6, "Little Four Winds", "Junior 4 Bonheur", "小四喜 Siu Sei Hei", "004 6B"),
    "ching_yat_sik": (6, "Pure One Suit", "Une Suite Pure", "清一色 Ching Yat Sik", "004 6C"),
    # 004 names 6D in French only: its usual Hong Kong name ("the eight immortals cross the sea")
    "eight_flowers": (6, "Eight Flowers", "Huit tuiles fleur", "八仙過海 Baat Sin Gwo Hoi", "004 6D"),
    "dai_sei_hei": (8, "Big Four Winds", "Grand 4 Bonheur", "大四喜 Dai Sei Hei", "004 8A"),
    "chuen_tse": (8, "All Honours", "Toutes les tuiles d'honneur", "字一色 Chuen Tse", "004 8B"),
    "kan_kan_woo": (8, "All Concealed Triplets", "Tous les triplés cachés", "坎坎和 Kan Kan Woo", "004 8C"),
    "sup_sam_yiu": (8, "Thirteen Terminals", "13 tuiles terminales", "十三么 Sup Sam Yiu", "004 8D"),
    "tin_woo": (8, "Heavenly Hand", "Main céleste", "天和 Tin Woo", "004 8E"),
    "dei_woo": (8, "Earthly Hand", "Main terrestre", "地和 Dei Woo", "004 8F"),
    # flowers, 004 "Pointage pour les Fleurs", methods A-D
    "flower": (1, "Flower", "Fleur", "花 Far", "004 Pointage pour les Fleurs"),
    "no_flower": (1, "No Flower", "Aucune fleur", "無花 Mo Far", "004 Pointage pour les Fleurs A"),
    "own_flower_round": (1, "Flower of the Round", "Fleur du tour", "圈花", "004 Pointage pour les Fleurs B"),
    "own_flower_seat": (1, "Seat Flower", "Fleur de la position", "正花", "004 Pointage pour les Fleurs C"),
    "own_flower_both": (2, "Flower of Round and Seat", "Fleur du tour et de la position", "圈正花",
                        "004 Pointage pour les Fleurs D"),
}

#: An item whose definition requires another is not counted with it (004 "Calcul des Fans",
#: examples 4 and 7: Little/Big Three Dragons do not add the dragon pungs; docs/rulings.md).
#: Little Four Winds (6B) requires three wind pungs, not the round's or the seat's: its pair can
#: be either, so those pungs add when the hand has them (« Les fans sont additionnés »).
IMPLIES: dict[str, tuple[str, ...]] = {
    "siu_sam_yuen": ("fan_jee",),
    "dai_sam_yuen": ("fan_jee",),
    "dai_sei_hei": ("huen_fung", "moon_fung", "huen_moon_fung", "dui_dui_woo"),
    "chuen_tse": ("dui_dui_woo",),
    "kan_kan_woo": ("dui_dui_woo", "chi_mo", "moon_ching"),
    "sup_sam_yiu": ("moon_ching",),
    # 8E is the dealer's first draw, with no set shown (self-drawn and concealed by definition);
    # 8F is won on the dealer's first discard, no set shown (004 8E, 8F)
    "tin_woo": ("chi_mo", "moon_ching"),
    "dei_woo": ("moon_ching",),
    "huen_moon_fung": ("huen_fung", "moon_fung"),
    # 3E is the last tile (2B) when it is the 1 of dots making the eyes; self-drawn (1E) adds as it
    # does to 2A: folding both made 3E worth exactly 2B + 1E, the special case nothing more
    "hoi_day_lao_yuet": ("hoi_day",),
    "gong_sheung_gong": ("gong_sheung_far",),
    "gong_sheung_mui_far": ("gong_sheung_far",),
    "ching_yat_sik": ("won_yat_sik",),
}
