"""``/words``: the words of the table a beginner meets on the pages (tenpai, honba, uma, han and
fu, faan...), each said in a few lines with the rule document it comes from. The pages link
their words here (``word_link``); French is in ``webui.i18n.FR``, as every page text."""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, render_template

bp = Blueprint("words", __name__, url_prefix="/words")


@dataclass(frozen=True)
class Word:
    anchor: str        # the page's fragment: /words#honba
    term: str
    meaning: str
    source: str        # rule document and section (../shared/rules: 000 MCR, 002 riichi, 004 Hong Kong)


#: (section anchor, title, words). Sources: 000 (MCR, "Lexique", "Païement", the list of hands),
#: 002 (EMA riichi 2016, French translation: section numbers), 004 (Hong Kong old style: titles).
SECTIONS: list[tuple[str, str, list[Word]]] = [
    ("words-tiles", "The tiles and the hand", [
        Word("suits", "suits: characters, dots, bamboo (m, p, s)",
             "Tiles numbered 1 to 9, four of each, in three suits: characters (萬, code m), dots or circles (p) and "
             "bamboo (s). 1 and 9 are terminals.", "002 §1.1; 000, Lexique"),
        Word("honours", "honours: winds and dragons (z)",
             "The winds East, South, West, North (codes 1z-4z) and the dragons white, green, red (5z-7z).",
             "002 §1.2; 000, Lexique"),
        Word("flowers", "flowers and seasons (f)",
             "Eight bonus tiles (1f-8f), laid beside the hand and replaced by a tile from the wall; they are in none "
             "of its sets. MCR counts 1 point each; Hong Kong counts them if the table agreed to.",
             "000 n°13; 004, Pointage pour les Fleurs"),
        Word("chow", "chow (sequence)",
             "Three tiles in a row in one suit (4-5-6 of dots). A chow can be claimed only from the player on "
             "your left.", "000, Lexique; 002 §3.3.3"),
        Word("pung", "pung (pong)", "Three identical tiles.", "000, Lexique; 002 §3.3.4"),
        Word("kong", "kong (quad)",
             "Four identical tiles; its owner draws a replacement tile. A concealed kong, made from the wall "
             "alone, is laid with two of its tiles face down.", "000, Lexique; 002 §3.3.5-3.3.7"),
        Word("pair", "pair (eyes)",
             "Two identical tiles. A winning hand is four sets (chows, pungs, kongs) and a pair, except a few "
             "special hands such as seven pairs.", "000, Lexique; 002 §3.2"),
        Word("exposed", "exposed and concealed",
             "A set made with another player's discard is exposed: laid face up, the claimed tile turned "
             "sideways. A set drawn from the wall alone is concealed. Many patterns need a concealed hand.",
             "002 §3.3.8"),
        Word("self-drawn", "self-drawn (tsumo) and on a discard (ron)",
             "A win with a tile you drew from the wall is self-drawn; a win with the tile another player just "
             "discarded is on a discard, and that player is the discarder.", "002 §3.3.11-3.3.12"),
        Word("winds", "seat wind and round wind",
             "Each player has a seat wind (East, South, West, North); the round has a wind too (East first). A "
             "pung of either wind scores.", "002 §2.1-2.2"),
        Word("dealer", "dealer (East)",
             "The player whose seat wind is East. In riichi the dealer wins and pays more, and keeps the deal "
             "after winning or being tenpai at a draw.", "002 §3.4.11"),
    ]),
    ("words-riichi", "Riichi (EMA 2016)", [
        Word("riichi", "riichi (立直)",
             "A player whose concealed hand is one tile from winning may declare riichi and put a 1,000-point "
             "stick on the table. It is a yaku worth 1 han; the hand can no longer be changed.", "002 §3.3.14"),
        Word("tenpai", "tenpai (聴牌) and noten",
             "Tenpai: one tile away from winning. Noten: not. When the wall runs out with no winner, the noten "
             "players pay 3,000 points in all to the tenpai ones.", "002 §3.3.13, §3.4.2"),
        Word("yaku", "yaku (役)",
             "A scoring pattern. A hand needs at least one yaku to win; dora do not count as one.", "002 §4.2"),
        Word("han", "han (翻)",
             "The hand's doubles: the han of its yaku, plus one for each dora. With the fu, they give the "
             "hand's value from the score tables.", "002 §4.1"),
        Word("fu", "fu (符), minipoints",
             "Points for how the hand is built: 20 to start, more for pungs and kongs (above all of terminals "
             "and honours), a pair of dragons or of your winds, a hard wait, a concealed win on a discard; "
             "rounded up to the next 10.", "002 §4.1.1"),
        Word("dora", "dora (ドラ)",
             "Bonus tiles: the tile after the indicator turned up in the dead wall is worth 1 han for each copy "
             "in the winning hand. A kong turns up another indicator (kan-dora); a riichi winner also counts "
             "the tiles under the indicators (ura-dora); red fives count if the table plays them.",
             "002 §2.7, §4.1"),
        Word("mangan", "mangan and the limits",
             "Big hands are capped: 5 han (or 4 han with 40 fu or more, 3 han with 70 or more) is a mangan, "
             "8,000 points (12,000 for the dealer); haneman 6-7 han, baiman 8-10, sanbaiman 11 or more; a "
             "yakuman, a limit hand, 32,000 (48,000 for the dealer).", "002 §4.1.3, §4.2.5"),
        Word("honba", "honba (本場), counters",
             "A 100-point stick the dealer puts out after a draw or after winning. Each counter adds 300 points "
             "to the next win (100 from each player when self-drawn); they are cleared when another player wins.",
             "002 §3.4.10"),
        Word("sticks", "riichi sticks on the table",
             "The 1,000-point sticks of riichi declarations; the next winner takes them all. After a draw they "
             "stay on the table.", "002 §3.3.14, §3.4.4"),
        Word("uma", "uma (ウマ)",
             "The bonus by rank at the end of the game: +15,000, +5,000, −5,000 and −15,000 points to the first "
             "to the fourth.", "002 §3.6.1"),
        Word("chombo", "chombo (錯和)",
             "The penalty for a false win or another serious mistake: the player pays a mangan to the others "
             "(in a tournament, 20,000 points taken after the uma), and the hand is dealt again.", "002 §3.4.6"),
        Word("furiten", "furiten (振聴)",
             "A player who has discarded one of the tiles that would complete their hand cannot win on a "
             "discard, only self-drawn.", "002 §3.4.5"),
    ]),
    ("words-mcr", "Chinese Official (MCR)", [
        Word("points", "points (fan, 番)",
             "MCR knows 81 patterns worth 1 to 88 points each, added together; a pattern that another one "
             "already contains is not counted again.", "000, Comptage des points"),
        Word("minimum", "8-point minimum",
             "A win must be worth 8 points or more, flowers not counted.", "000, Précisions"),
        Word("mcr-payment", "payments",
             "Self-drawn: each of the three others pays the hand's points plus 8. On a discard: the discarder "
             "pays the points plus 8, the two others 8 each.", "000, Païement"),
        Word("chicken", "chicken hand",
             "A hand that would otherwise score no points; it is worth 8.", "000 n°39"),
    ]),
    ("words-hk", "Hong Kong old style", [
        Word("faan", "faan (番)",
             "Hong Kong's doubles: each pattern gives faan, added together. The winner's reward doubles with "
             "each faan up to 4, then with every two more.", "004, Score (Gai Fan); Remise du gagnant"),
        Word("faan-limits", "minimum and limit",
             "A table agrees beforehand how many faan a win needs (often 1 or 3) and where the reward stops "
             "growing (the limit).", "004, Score (Gai Fan)"),
        Word("hk-payment", "who pays",
             "Agreed before play: the discarder alone pays the full reward, or twice it, or the discarder the "
             "full reward and the two others half each. Self-drawn: each of the three pays the full reward.",
             "004, Payer le gagnant"),
        Word("bao", "bao (包), paying for all",
             "A player whose discard lets another complete certain big hands pays for all three players.",
             "004, Bao"),
    ]),
]

#: Every word by its anchor.
WORDS = {w.anchor: w for _, _, words in SECTIONS for w in words}


def word_href(anchor: str) -> str:
    """The address of a word's explanation, or of a section's (``KeyError`` for one the page
    does not have: a page's link never leads nowhere)."""
    from flask import url_for
    if anchor not in WORDS and anchor not in {a for a, _, _ in SECTIONS}:
        raise KeyError(anchor)
    return url_for("words.index") + "#" + anchor


@bp.get("/")
def index():
    return render_template("words.html", sections=SECTIONS)


#: The words a score's summary uses, by rules (its "What do these words mean?" link).
RESULT_WORDS = {"riichi": "han", "mcr": "points", "hk": "faan"}


def result_words(rules: str) -> str:
    return RESULT_WORDS.get(rules, "words-tiles")


def init_app(app) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals.update(word_href=word_href, result_words=result_words)
