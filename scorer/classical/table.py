"""The classical points-and-doubles table, value by value with its published source.

003 (../shared/rules) gives the sets, the claims and "les combinaisons exposées valent deux
fois moins que les combinaisons cachées", but not the table. Sources (docs/rulings.md,
"Classical", lists each value again):

* [B] J. P. Babcock, *Babcock's Rules for Mah-Jongg* ("the Red Book"), 2nd ed., 1923,
  ch. V (scoring), VI (illustrative hands, Figs. 16-18), VII (optional scores) — Wikisource.
* [M] A. D. Millington, *The Complete Book of Mah-Jongg*, Arthur Barker, London, 1977
  (its scoring lists as summarised at froods.ca/~dschaub/mj.html).
* [W] mahjong.wikidot.com, "Chinese Classical Scoring" (rules:chinese-classical-scoring).
* [S] T. Sloper, Chinese special hands of *Shanghai: Second Dynasty* (sloperama.com).
* [L] mark.random-article.com/mahjongg, "Special Limit Hands".
"""
from __future__ import annotations

# id → (value, English, French, Chinese, source)
POINTS = {
    "mahjong": (20, "Going out (Mah-Jongg)", "Mah-jong (sortie)", "和牌", "[B] ch. VI figs. 16-18"),
    "pung_simple_exposed": (2, "Exposed pung, 2-8", "Pung exposé, 2-8", "明刻", "[B] ch. V; 003"),
    "pung_simple_concealed": (4, "Concealed pung, 2-8", "Pung caché, 2-8", "暗刻", "[B] ch. V; 003"),
    "pung_major_exposed": (4, "Exposed pung, terminals/honours", "Pung exposé, terminales/honneurs", "明刻 幺九", "[B] ch. V"),
    "pung_major_concealed": (8, "Concealed pung, terminals/honours", "Pung caché, terminales/honneurs", "暗刻 幺九", "[B] ch. V"),
    "kong_simple_exposed": (8, "Exposed kong, 2-8", "Kong exposé, 2-8", "明槓", "[B] ch. V"),
    "kong_simple_concealed": (16, "Concealed kong, 2-8", "Kong caché, 2-8", "暗槓", "[B] ch. V"),
    "kong_major_exposed": (16, "Exposed kong, terminals/honours", "Kong exposé, terminales/honneurs", "明槓 幺九", "[B] ch. V"),
    "kong_major_concealed": (32, "Concealed kong, terminals/honours", "Kong caché, terminales/honneurs", "暗槓 幺九", "[B] ch. V"),
    "pair_dragons": (2, "Pair of dragons", "Paire de dragons", "龍對", "[B] ch. V"),
    "pair_own_wind": (2, "Pair of own wind", "Paire du vent du joueur", "門風對", "[B] ch. V"),
    "pair_prevailing_wind": (2, "Pair of prevailing wind", "Paire du vent dominant", "圈風對", "[M]"),
    "self_drawn": (2, "Winning tile drawn from the wall", "Tuile gagnante piochée", "自摸", "[B] ch. VI fig. 17"),
    "only_place": (2, "Filling the only possible place", "Seule place possible", "獨聽", "[B] ch. V"),
    "flower": (4, "Flower or season", "Fleur ou saison", "花", "[W]"),
}

DOUBLES = {
    "dragon_pung": (1, "Pung or kong of dragons", "Pung ou kong de dragons", "箭刻", "[B] ch. VI fig. 18"),
    "own_wind_pung": (1, "Pung or kong of own wind", "Pung ou kong du vent du joueur", "門風刻", "[B] ch. VI figs. 17-18"),
    "prevailing_wind_pung": (1, "Pung or kong of prevailing wind", "Pung ou kong du vent dominant", "圈風刻", "[M]"),
    "little_three_dragons": (1, "Little three dragons", "Trois petits dragons", "小三元", "[M]"),
    "big_three_dragons": (2, "Big three dragons", "Trois grands dragons", "大三元", "[M]"),
    "little_four_winds": (1, "Little four winds", "Quatre petits vents", "小四喜", "[M]"),
    "big_four_winds": (2, "Big four winds", "Quatre grands vents", "大四喜", "[M]"),
    "three_concealed_pungs": (1, "Three concealed pungs", "Trois pungs cachés", "三暗刻", "[M]"),
    "all_pungs": (1, "All pungs", "Tout pungs", "對對和", "[W]"),
    "one_suit_with_honours": (1, "One suit with honours", "Une famille et honneurs", "混一色", "[B] ch. VII fig. 27"),
    "one_suit_only": (3, "One suit only", "Une seule famille", "清一色", "[S]"),
    "own_flower_and_season": (1, "Own flower and own season", "Fleur et saison du joueur", "正花正季", "[M]"),
    "all_four_flowers": (1, "All four flowers", "Les quatre fleurs", "四花", "[M]"),
    "all_four_seasons": (1, "All four seasons", "Les quatre saisons", "四季", "[M]"),
}

LIMIT_HANDS = {
    "thirteen_orphans": ("Thirteen orphans", "Treize orphelins", "十三么", "[L]"),
    "all_honours": ("All honours", "Tout honneurs", "字一色", "[L]"),
    "all_terminals": ("All terminals", "Tout terminales", "清老頭", "[L]"),
    "four_concealed_pungs": ("Four concealed pungs (hidden treasure)", "Quatre pungs cachés", "四暗刻", "[L]"),
    "four_kongs": ("Four kongs", "Quatre kongs", "四槓", "[L]"),
    "nine_gates": ("Nine gates", "Neuf portes", "九蓮寶燈", "[L]"),
    "heavenly_hand": ("Heavenly hand", "Main céleste", "天和", "[L]"),
    "earthly_hand": ("Earthly hand", "Main terrestre", "地和", "[L]"),
}

#: The limit: 500 [W] ("A limit of 500 points is often set"); [B] ch. VII uses 300.
DEFAULT_LIMIT = 500
