"""``/words``: the words of the table a beginner meets on the pages (tenpai, honba, uma, han and
fu, faan...), each said in a few lines with the rule document it comes from. The pages link
their words here (``word_link``); French is in ``webui.i18n.FR``, as every page text."""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, render_template
from jinja2 import pass_context

bp = Blueprint("words", __name__, url_prefix="/words")


@dataclass(frozen=True)
class Word:
    anchor: str        # the page's fragment: /words#honba
    term: str
    meaning: str
    source: str        # rule document and section (../shared/rules: 000 MCR, 002 riichi, 004 Hong Kong)


#: (section anchor, title, words). Sources: 000 (MCR, "Lexique", "Païement", the list of hands),
#: 002 (EMA riichi 2016, French translation: section numbers), 004 (Hong Kong old style: titles),
#: 003 and the classical table's books ([B] Babcock, [M] Millington, [W], [L]: scorer/classical/table.py),
#: each section's documents named under it (``SECTION_RULES``: the scores' source legend).
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
             "of its sets. Riichi has none. MCR counts 1 point each, which do not count towards its 8-point "
             "minimum. Hong Kong counts them by the method the table agreed on (each flower, or the flower of the "
             "round or of the seat; here none unless chosen), and all eight win the hand. Classical play counts 4 "
             "points each, and one's own flower and own season together a double.",
             "002 §1.3; 000 n°13; 004, Pointage pour les Fleurs; [W]; [M]"),
        Word("chow", "chow (sequence)",
             "Three tiles in a row in one suit (4-5-6 of dots). A chow can be claimed only from the player on "
             "your left.", "000, Lexique; 002 §3.3.3"),
        Word("pung", "pung (pong)", "Three identical tiles.", "000, Lexique; 002 §3.3.4"),
        Word("kong", "kong (quad)",
             "Four identical tiles; its owner draws a replacement tile. A concealed kong is laid face down: all "
             "four tiles in MCR, the two middle ones in riichi, where every kong also turns up a new dora "
             "indicator. For a photo, leave two of its tiles face up: a kong seen only from the back cannot be "
             "read, and the review page then asks for its tiles.", "000, Lexique; 000, Tuile de remplacement - Kong - Fleurs; 002 §3.3.5-3.3.7"),
        Word("pair", "pair (eyes)",
             "Two identical tiles. A winning hand is four sets (chows, pungs, kongs) and a pair, except a few "
             "special hands such as seven pairs.", "000, Lexique; 002 §3.2"),
        Word("exposed", "exposed and concealed",
             "A set made with another player's discard is exposed: laid face up, the claimed tile turned "
             "sideways. A set drawn from the wall alone is concealed, and a concealed kong keeps the hand "
             "concealed. Many patterns need a concealed hand.", "002 §3.3.7-3.3.8"),
        Word("self-drawn", "self-drawn (tsumo) and on a discard (ron)",
             "A win with a tile you drew from the wall (or a replacement tile) is self-drawn; a win with the tile "
             "another player just discarded is on a discard, and that player is the discarder.",
             "002 §3.3.11-3.3.12; 000 n°12"),
        Word("wait", "wait",
             "The tile or tiles a hand one tile short of winning can win on: two-sided (4-5 waits on 3 or 6), "
             "edge (1-2 waits on 3), closed (4-6 waits on 5) or on the pair. The edge, closed and pair waits "
             "score: in MCR 1 point when no other tile would complete the hand; in riichi 2 fu even when other "
             "tiles would, the reading that scores more being counted; in classical play 2 points for filling "
             "the only possible place.", "000 n°9-11; 002 §4.1.1; [B] ch. V"),
        Word("winds", "seat wind and round wind",
             "Each player has a seat wind (East, South, West, North); the round has a wind too (East first; a "
             "riichi game plays the East and South rounds). A pung of either wind scores.",
             "002 §2.1-2.2, §3.1, §4.2.1; 000 n°15-16"),
        Word("deal-label", "hand labels: E1, S3-1",
             "A hand named by its round's wind and the dealer's place in that round: E1 is the East round's first "
             "deal, S3 the South round's third; in riichi -1, -2 add the counters on the table (S3-1). Under "
             "rules without counters, -1, -2 count the deals a dealer kept (E2-2: E2's dealer dealing a third "
             "time in a row, after two wins or draws).",
             "002 §3.1, §3.4.10; 004, Le croupier et la durée d'un jeu"),
        Word("dealer", "dealer (East)",
             "The player whose seat wind is East. In riichi the dealer wins more, pays more when another player "
             "wins self-drawn, and keeps the deal after winning or being tenpai at a draw. In MCR East moves on "
             "every hand, with no payment of its own. In Hong Kong East keeps the deal after winning or a draw; "
             "in classical play too, and there East, the banker, pays and receives double.",
             "002 §3.4.9, §3.4.11; 000, Rotation des vents des joueurs; 004, Le croupier et la durée d'un jeu; "
             "003, Marche du jeu"),
    ]),
    ("words-riichi", "Riichi (EMA 2016)", [
        Word("riichi", "riichi (立直)",
             "A player whose concealed hand is one tile from winning may declare riichi and put a 1,000-point "
             "stick on the table. It is a yaku worth 1 han; the hand can no longer be changed.", "002 §3.3.14"),
        Word("tenpai", "tenpai (聴牌) and noten",
             "Tenpai: one tile away from winning. Noten: not. When the wall runs out with no winner, the noten "
             "players pay 3,000 points in all to the tenpai ones; nothing if all or none are tenpai.",
             "002 §3.3.13, §3.4.2"),
        Word("yaku", "yaku (役)",
             "A scoring pattern. A hand needs at least one yaku to win; dora do not count as one.", "002 §4.2"),
        Word("han", "han (翻)",
             "The hand's doubles: the han of its yaku, plus one for each dora. With the fu, they give the "
             "hand's value from the score tables.", "002 §4.1"),
        Word("fu", "fu (符), minipoints",
             "Points for how the hand is built: 20 to start; more for pungs and kongs (above all concealed, and of "
             "terminals and honours); 2 for a pair of dragons, of the seat wind or of the round wind (4 for a pair of "
             "a wind that is both); 2 for a "
             "wait on one tile (an edge, a closed or a pair wait); 2 for a self-drawn win (none with pinfu), 10 for a "
             "concealed hand won on a discard; rounded up to the next 10. Seven pairs are 25; a hand with a call "
             "that would count 20 gets 2 (open pinfu), so 30.", "002 §4.1, §4.1.1"),
        Word("basic-points", "basic points",
             "What the payments are counted from: the fu doubled once for each han and twice more (30 fu and 1 han: "
             "30 × 8 = 240), at most 2,000 (a mangan: 5 han, or fewer with many fu). A win on a discard is paid 4 "
             "times the basic points by the discarder (6 times for the dealer); a self-drawn one 1 time by each "
             "other player and 2 times by the dealer (2 times by each for the dealer), rounded up to the next 100: "
             "a mangan is so 8,000 (12,000 for the dealer).", "002 §4.1.2"),
        Word("dora", "dora (ドラ)",
             "Bonus tiles: the tile after the indicator turned up in the dead wall is worth 1 han for each copy "
             "in the winning hand. A kong turns up another indicator (kan-dora); a riichi winner also counts "
             "the tiles under the indicators (ura-dora). Red fives are no EMA rule: counted only where the "
             "table chooses them.", "002 §1.3, §2.7, §3.3.5, §3.3.14"),
        Word("mangan", "mangan and the limits",
             "Big hands are paid as limits: 5 han (or 4 han with 40 fu or more, 3 han with 70 or more; 4 han 30 fu "
             "is 7,700, not a mangan) is a mangan, 8,000 points (12,000 for the dealer); haneman 6-7 han, baiman "
             "8-10, sanbaiman 11 or more (13 han too); a yakuman 32,000 (48,000 for the dealer), never added to "
             "another.", "002 §4.1.2-4.1.3, §4.2.5"),
        Word("honba", "honba (本場), counters",
             "A 100-point stick the dealer puts out after a draw or after winning. Each counter adds 300 points "
             "to the next win (100 from each player when self-drawn); they are cleared when another player wins.",
             "002 §3.4.10"),
        Word("sticks", "riichi sticks on the table",
             "The 1,000-point sticks of riichi declarations; the next winner takes them all. After a draw they "
             "stay on the table.", "002 §3.3.14, §3.4.4"),
        Word("final-score", "the final score (points − 30,000)",
             "At the end each player's points, minus the 30,000 everyone started with, plus the uma; often "
             "divided by 1,000 (+12.3 for 12,300).", "002 §3.6"),
        Word("uma", "uma (ウマ)",
             "The bonus by rank at the end of the game: +15,000, +5,000, −5,000 and −15,000 points to the first "
             "to the fourth.", "002 §3.6.1"),
        Word("chombo", "chombo (錯和)",
             "The penalty for a false win or another serious mistake: the player pays a mangan to the others "
             "(4,000 to the dealer and 2,000 to each other player; a dealer pays 4,000 to each; in a tournament, "
             "20,000 points taken after the uma instead). The hand is dealt again: riichi sticks go back, no counter, the same dealer.",
             "002 §3.4.6, §3.4.11"),
        Word("furiten", "furiten (振聴)",
             "A player who has discarded one of the tiles that would complete their hand cannot win on a "
             "discard, only self-drawn. One who lets a winning discard pass cannot win on a discard until their "
             "next draw or call (after riichi, until the hand ends).", "002 §3.4.5"),
        Word("ippatsu", "ippatsu (一発)",
             "1 han more for winning within one go-round after declaring riichi, the next draw included, unless "
             "a call (chow, pung or kong) interrupts it.", "002 §3.3.14"),
        Word("dead-wall", "dead wall",
             "The 14 tiles at the end of the wall that are not drawn in turn: the dora indicators are turned up "
             "there, and replacement tiles for kongs are taken from it.", "002 §2.6-2.7"),
        Word("pao", "pao (包), the liable player",
             "A player who gives a third dragon pung to someone with two already shown, or a fourth wind pung to "
             "someone with three, pays the whole Big Three Dragons or Big Four Winds won self-drawn, and half of "
             "it when another player discards the winning tile.", "002 §3.3.9"),
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
             "A hand that would otherwise score no points; it is worth 8, and flowers are added on top.",
             "000 n°39"),
        Word("robbing", "robbing a kong",
             "Winning on the tile another player adds to an exposed pung to make a kong: a pattern of its own "
             "under each rule set, the robbed player taken for the discarder.", "000 n°43; 002 §4.2.1; 004, 1F"),
    ]),
    ("words-classical", "Classical (points and doubles)", [
        Word("base-points", "base points",
             "The winner counts points for going out (20), each pung or kong (a pung is worth 2 to 8 points, a kong 8 to 32; "
             "exposed ones half of concealed ones; a chow counts nothing), some pairs, the winning tile drawn or filling the only possible "
             "place, and each flower or season (4).", "003, Marche du jeu; [B] ch. V; [W]"),
        Word("doubles", "doubles",
             "Then the points are doubled once for each double the hand holds (a pung of dragons or of one's "
             "own wind, one suit with honours, own flower and season...): 30 points with two doubles are 120.",
             "[B] ch. V-VI; [M]"),
        Word("classical-limit", "the limit",
             "The score stops at the limit the table agreed (500 unless the table chose another; Babcock's "
             "book says 300), and the limit hands (thirteen orphans, all honours, four kongs...) are worth it outright.", "[W]; [B] ch. VII; [L]"),
        Word("banker", "the dealer, or banker (East)",
             "East, the dealer, is the banker (« le banquier »): East pays and receives double. The three others "
             "pay the winner (the discarder alone, where the table plays so); in full classical play they also settle among themselves by the difference of their "
             "own hands, which a game counts where its win form is given their hands' points (The others' hands).",
             "003, Marche du jeu; [B] ch. I; [W]"),
        Word("own-flower", "own flower and season",
             "Each player's flower and season are those of their seat number (East 1, South 2...). Where the "
             "table plays flowers, each flower or season is 4 points, and holding both one's own flower and own "
             "season is a double here.",
             "[M]; [W]"),
    ]),
    ("words-hk", "Hong Kong old style", [
        Word("faan", "faan (番)",
             "Hong Kong's doubles: each pattern gives faan, added together. The winner's reward doubles with "
             "each faan up to 4, then with every two more: for 1 base point, 0 faan pay 1, 1 faan 2, 2 faan 4, "
             "3 faan 8, 4 and 5 faan 16, 6 and 7 faan 32, 8 and 9 faan 64, 10 and 11 faan 128, 12 and 13 faan "
             "256. The base points are a house rule, and so is an odd faan above 4 paying half-way instead.",
             "004, Score (Gai Fan); Remise du gagnant"),
        Word("faan-limits", "minimum and limit",
             "A table agrees beforehand how many faan a win needs and where the reward stops growing (the "
             "limit); the document gives no figure. Here a win needs none unless the table sets a minimum, and "
             "the limit is 13 faan, the document's largest worked total.", "004, Score (Gai Fan); Calcul des Fans"),
        Word("hk-payment", "who pays",
             "Agreed before play: the discarder alone pays the full reward, or twice it, or the discarder the "
             "full reward and the two others half each. Self-drawn: each of the three pays the full reward.",
             "004, Payer le gagnant"),
        Word("bao", "bao (包), paying for all",
             "A player who discards the winning tile of certain big hands, the winner having already shown the "
             "sets that make it likely (two dragon pungs, three wind pungs, three honour sets...), pays twice the "
             "full reward, for themselves and the two others. The review page names this player as the liable "
             "player. Exempt (\u201cbao exempt\u201d): a player left holding only the suits of two other players' "
             "shown one-suit hands, who claimed no discard since they were shown, pays no bao for the second of "
             "them.", "004, Bao - Pénalité pour le preneur de risque; Bao Sin Ung Bao Hau (h)"),
    ]),
]

#: The rule set of each section whose sources the page names under it (``i18n.source_legend``): the
#: classical words' "[B]", "[M]" behind their source links were explained under scores only.
SECTION_RULES = {"words-riichi": "riichi", "words-mcr": "mcr", "words-classical": "classical", "words-hk": "hk"}

#: Every word by its anchor.
WORDS = {w.anchor: w for _, _, words in SECTIONS for w in words}
#: Every place of the page a link may open at: the words and the sections.
ANCHORS = frozenset(WORDS) | {anchor for anchor, _, _ in SECTIONS}


def word_href(anchor: str) -> str:
    """The address of a word's explanation, or of a section's (``KeyError`` for one the page
    does not have: a page's link never leads nowhere)."""
    from flask import url_for
    if anchor not in ANCHORS:
        raise KeyError(anchor)
    return url_for("words.index") + "#" + anchor


@bp.get("/")
def index():
    return render_template("words.html", sections=SECTIONS, section_rules=SECTION_RULES, in_words_of=in_words_of)


def in_words_of(text: str, rules: str | None) -> str:
    """``text`` in the page's language, in ``rules``' own words (``i18n.use_rules_terms``): the
    Hong Kong section said « le donneur de l'écart » where 004, and its payment options, say
    « l'écarteur »."""
    from flask import g

    from . import i18n
    before = g.get("mj_rules")
    i18n.use_rules_terms(rules)
    try:
        return i18n.t_page(text)
    finally:
        i18n.use_rules_terms(before)


#: The words a score's summary uses, by rules (its "What do these words mean?" link).
RESULT_WORDS = {"riichi": "han", "mcr": "points", "hk": "faan", "classical": "base-points"}


def result_words(result: dict) -> str:
    """The word a score's "What do these words mean?" opens at: a riichi hand paid as a limit at
    the limits (it opened at han for a yakuman), else its rules' unit."""
    if result.get("rules") == "riichi" and result.get("limit"):
        return "mangan"
    return RESULT_WORDS.get(result.get("rules"), "words-tiles")


#: The footer's words by the page's rules, and the section they open: an MCR table's pages listed
#: riichi's and Hong Kong's words (tenpai, honba, uma, faan), which an MCR player never meets.
FOOT_WORDS = {"mcr": ("words-mcr", "points, the 8-point minimum, payments: what they mean"),
              "riichi": ("words-riichi", "tenpai, honba, uma, han and fu: what they mean"),
              "hk": ("words-hk", "faan, minimum and limit, bao: what they mean"),
              "classical": ("words-classical", "base points, doubles, the limit, the dealer: what they mean")}
#: A page of no one rule set (the home page, the games list).
FOOT_WORDS_ANY = (None, "tenpai, honba, uma, han and fu, faan: what they mean")


@pass_context
def foot_words(ctx) -> tuple[str | None, str]:
    """The footer's (section anchor, words) for the page's rules (``i18n.page_rules``); on a page
    of no one rule set, those of the table's games when they are all of one (an MCR club's tile-set
    page listed riichi's and Hong Kong's words)."""
    from .i18n import page_rules
    rules = page_rules(ctx)
    if rules is None:
        from .store import get_store
        try:
            rules = get_store().only_rules()
        except Exception:       # noqa: BLE001 - no game log to ask (a page of errors): every word
            rules = None
    return FOOT_WORDS.get(rules or "", FOOT_WORDS_ANY)


def init_app(app) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals.update(word_href=word_href, result_words=result_words, foot_words=foot_words)
