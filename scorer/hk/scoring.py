"""Hong Kong old-style scoring (004): faan of the winning hand, reward table, payments, bao.

Every rule cites 004 by its item code (1A ... 8F) or section title; choices where 004 is
ambiguous are in docs/rulings.md, "Hong Kong".
"""
from __future__ import annotations

from dataclasses import replace

from .. import errors
from .. import tiles as T
from ..context import WIND_NAMES, Context, ContextReads, seat_seen_from
from ..hand import Hand
from ..readings import Reading, is_seven_pairs, readings, waits, waits_said
from ..result import ExcludedItem, Payment, ScoredItem, ScoreResult
from .faan import FAAN, IMPLIES

NAME = "hk"
DRAGONS = {T.index(c) for c in T.DRAGONS}
WINDS = [T.index(c) for c in T.WINDS]
TERMINALS = {0, 8, 9, 17, 18, 26}


def _item(fid: str, count: int = 1, tiles=(), note: str = "") -> ScoredItem:
    faan, en, fr, native, source = FAAN[fid]
    # each item cites its 004 entry (« 3B »), for a player to check it against the rules
    return ScoredItem(id=fid, name_en=en, value=faan, count=count, name_fr=fr, name_native=native,
                      tiles=list(tiles), unit="faan", note=f"{note} ({source})" if note else source)


def _suits(codes) -> set[str]:
    return {c[1] for c in codes}


def reward(faan: int, options) -> int:
    """004 "Remise du gagnant": the reward doubles per faan up to 4 faan, then per group of two
    faan. An odd faan above 4 pays the level below (``odd_faan="same"``) or half-way between
    the two levels (``"half"``); docs/rulings.md, Hong Kong "reward table"."""
    if faan <= 4:
        return options.base_points * 2 ** faan
    steps, odd = divmod(faan - 4, 2)
    value = options.base_points * 16 * 2 ** steps
    if odd and options.odd_faan == "half":
        value = value * 3 // 2
    return value


def _faan_of_reading(r: Reading, hand: Hand, ctx, options, wait_count: int) -> list[ScoredItem]:
    items: list[ScoredItem] = []
    seat = T.WINDS[WIND_NAMES.index(ctx("seat_wind"))]
    round_ = T.WINDS[WIND_NAMES.index(ctx("round_wind"))]
    self_drawn = ctx("self_drawn")
    all_codes = [T.normalize(t) for t in hand.all_tiles]
    suits = _suits(c for c in all_codes if not T.is_honour(c))
    has_honours = any(T.is_honour(c) for c in all_codes)
    pungs = [s for s in r.sets if s.is_pung]
    dragon_pungs = [s for s in pungs if s.first in DRAGONS]
    wind_pungs = [s for s in pungs if s.first in WINDS]
    exposed = [s for s in r.sets if not s.concealed]

    if r.form == "thirteen_orphans":
        items.append(_item("sup_sam_yiu"))                                         # 8D
    else:
        pair = r.pair
        if all(s.kind == "chow" for s in r.sets):
            items.append(_item("ping_woo", tiles=[c for s in r.sets for c in s.codes]))   # 1A
        if len(pungs) == 4:
            items.append(_item("dui_dui_woo"))                                     # 3A
        # dragons: 1B each, 3C two pungs + pair, 6A three pungs
        if len(dragon_pungs) == 3:
            items.append(_item("dai_sam_yuen", tiles=[c for s in dragon_pungs for c in s.codes]))
        elif len(dragon_pungs) == 2 and pair in DRAGONS:
            items.append(_item("siu_sam_yuen", tiles=[c for s in dragon_pungs for c in s.codes]))
        if dragon_pungs:
            items.append(_item("fan_jee", count=len(dragon_pungs),
                               tiles=[c for s in dragon_pungs for c in s.codes]))
        # winds: 1C round, 1D seat, 2C both (decided: 2C replaces 1C + 1D, docs/rulings.md)
        for s in wind_pungs:
            if s.code == seat and s.code == round_:
                items.append(_item("huen_moon_fung", tiles=s.codes))
                items.append(_item("huen_fung", tiles=s.codes))
                items.append(_item("moon_fung", tiles=s.codes))
            elif s.code == round_:
                items.append(_item("huen_fung", tiles=s.codes))
            elif s.code == seat:
                items.append(_item("moon_fung", tiles=s.codes))
        if len(wind_pungs) == 4:
            items.append(_item("dai_sei_hei"))                                     # 8A
        elif len(wind_pungs) == 3 and pair in WINDS:
            items.append(_item("siu_sei_hei"))                                     # 6B
        # suits: 3B mixed one suit, 6C pure one suit, 8B all honours
        if not suits:
            items.append(_item("chuen_tse"))
        elif len(suits) == 1:
            items.append(_item("ching_yat_sik" if not has_honours else "won_yat_sik"))
        # 1I Far Yiu: terminal pungs mixed with honour pungs, terminal/honour eyes
        if (len(pungs) == 4 and all(s.first in TERMINALS or s.first >= 27 for s in pungs)
                and any(s.first in TERMINALS for s in pungs) and any(s.first >= 27 for s in pungs)
                and (pair in TERMINALS or pair >= 27)):
            items.append(_item("far_yiu"))
        # 8C four concealed triplets, self-drawn; a kong does not count (004 8C remark)
        if self_drawn and len(pungs) == 4 and all(s.kind == "pung" and s.concealed for s in pungs):
            items.append(_item("kan_kan_woo"))
        # 3E last tile self-drawn is a 1 dot making the eyes
        if (ctx("last_tile") and self_drawn and hand.winning_tile == "1p" and r.pair == T.index("1p")
                and r.won_on == -1):
            items.append(_item("hoi_day_lao_yuet", tiles=["1p", "1p"]))
        # 3F kong replacement tile is a 5 dot completing 4-5-6 dots
        if (ctx("kong_replacement") and T.normalize(hand.winning_tile) == "5p" and r.won_on is not None
                and r.won_on >= 0 and r.sets[r.won_on].kind == "chow" and r.sets[r.won_on].code == "4p"):
            items.append(_item("gong_sheung_mui_far", tiles=["4p", "5p", "6p"]))
    # conditions of the win
    if self_drawn:
        items.append(_item("chi_mo"))                                              # 1E
    if ctx("robbing_kong"):
        items.append(_item("cheung_gong"))                                         # 1F
    if options.moon_ching and not exposed:
        items.append(_item("moon_ching"))                                          # 1G (optional)
    if options.dok_ting and wait_count == 1:
        items.append(_item("dok_ting"))                                            # 1H (optional)
    if ctx("kong_replacement"):
        items.append(_item("gong_sheung_far"))                                     # 2A
        if ctx("double_kong"):
            items.append(_item("gong_sheung_gong"))                                # 3D
    if ctx("last_tile"):
        items.append(_item("hoi_day"))                                             # 2B
    if ctx("tenhou"):
        items.append(_item("tin_woo"))                                             # 8E
    if ctx("renhou"):
        items.append(_item("dei_woo"))                                             # 8F
    return items


def _flowers(hand: Hand, ctx, options) -> list[ScoredItem]:
    """004 "Pointage pour les Fleurs", methods A-D; flower numbers 1-4 are plum/spring ...
    bamboo/winter (1f-4f, 5f-8f)."""
    method = options.flower_method
    if method == "none":
        return []
    items = []
    if len(hand.bonus) == 8:
        items.append(_item("eight_flowers", tiles=list(hand.bonus)))                # 6D
    number = {code: (int(code[0]) - 1) % 4 + 1 for code in hand.bonus}
    round_no = WIND_NAMES.index(ctx("round_wind")) + 1
    seat_no = WIND_NAMES.index(ctx("seat_wind")) + 1
    if method == "A":
        if hand.bonus:
            items.append(_item("flower", count=len(hand.bonus), tiles=list(hand.bonus)))
        else:
            items.append(_item("no_flower"))
    elif method == "B":
        own = [c for c in hand.bonus if number[c] == round_no]
        if own:
            items.append(_item("own_flower_round", count=len(own), tiles=own))
    elif method == "C":
        own = [c for c in hand.bonus if number[c] == seat_no]
        if own:
            items.append(_item("own_flower_seat", count=len(own), tiles=own))
    elif method == "D":
        own = [c for c in hand.bonus if number[c] == round_no == seat_no]
        if own:
            items.append(_item("own_flower_both", count=len(own), tiles=own))
    return items


def _apply_implications(items: list[ScoredItem]) -> tuple[list[ScoredItem], list[ExcludedItem]]:
    ids = {i.id for i in items}
    dropped: dict[str, str] = {}
    for higher, lower in IMPLIES.items():
        if higher in ids:
            for low in lower:
                if low in ids and low not in dropped:
                    dropped[low] = higher
    kept, excluded = [], []
    for i in items:
        if i.id in dropped:
            by = dropped[i.id]
            excluded.append(ExcludedItem(i.id, i.name_en, by,
                                         "the pattern that counts it already requires it: not counted twice",
                                         f"{FAAN[by][4]}; docs/rulings.md Hong Kong", i.name_fr))
        else:
            kept.append(i)
    # one excluded line per item id
    seen, unique = set(), []
    for e in excluded:
        if e.id not in seen:
            seen.add(e.id)
            unique.append(e)
    return kept, unique


def bao_shape(r: Reading | None, hand: Hand) -> tuple[str | None, bool]:
    """The bao situation of 004 "Bao" the hand's shape is, and whether its sets are shown as
    that case asks: a big three dragons (two dragon pungs shown), b big four winds (three wind
    pungs), c all honours, d all terminal triplets, e pure one suit (three such sets each);
    (None, False) for any other hand. "Shown" is an exposed meld (004: « a révélé »)."""
    codes = [T.normalize(t) for t in hand.all_tiles]
    shown = [m for m in hand.melds if not m.concealed]
    shown_pungs = [T.index(m.tiles[0]) for m in shown if m.type != "chow"]
    if r is not None and r.form == "standard":
        pungs = [s for s in r.sets if s.is_pung]
        if sum(1 for s in pungs if s.first in DRAGONS) == 3:
            return "a", sum(1 for t in shown_pungs if t in DRAGONS) >= 2
        if sum(1 for s in pungs if s.first in WINDS) == 4:
            return "b", sum(1 for t in shown_pungs if t in WINDS) >= 3
        if all(T.is_honour(c) for c in codes):
            return "c", sum(1 for t in shown_pungs if t >= 27) >= 3
        if len(pungs) == 4 and all(c[1] != "z" and c[0] in "19" for c in codes):
            return "d", sum(1 for t in shown_pungs if t < 27 and t % 9 in (0, 8)) >= 3
    if len({c[1] for c in codes}) == 1 and not any(T.is_honour(c) for c in codes):
        return "e", len(shown) >= 3
    return None, False


def _honour_sets_shown(hand: Hand) -> int:
    """The exposed honour pungs and kongs of an all-honours hand (004 Bao c: « trois ensembles de
    tuiles Honneur »), 0 for any other hand."""
    if not all(T.is_honour(T.normalize(t)) for t in hand.all_tiles):
        return 0
    return sum(1 for m in hand.melds if not m.concealed and m.type != "chow")


def bao_case(r: Reading | None, hand: Hand) -> str:
    """Which bao situation of 004 "Bao" the hand is (``bao_shape``, its sets shown as asked);
    "g" for any other hand (the dangerous discard when five tiles are left)."""
    shape, shown = bao_shape(r, hand)
    return shape if shape is not None and shown else "g"


#: What each shape's bao asks to be shown (004 Bao a-e), said when too little is.
BAO_SHOWN = {"a": "two dragon pungs", "b": "three wind pungs", "c": "three honour sets",
             "d": "three terminal pungs", "e": "three sets of the suit"}


def settle(points: int, hand: Hand, r: Reading | None, ctx, options, warnings: list[str]) -> list[Payment]:
    """004 "Payer le gagnant" (methods 1-4 and self-drawn) and "Bao" (a)-(h)."""
    self_drawn = ctx("self_drawn")
    others = ["left", "across", "right"]
    liable = ctx("liable_player")
    discarder = None if self_drawn else ctx("discarder")
    if liable is not None and ctx("bao_exempt"):
        if bao_case(r, hand) == "e" and not self_drawn and discarder in (None, liable):
            # 004 Bao (h) « Bao Sin Ung Bao Hau »: two players show three sets of one suit each,
            # the discarder holds only those two suits and claimed nothing since: he is not
            # penalised for feeding the second of them.
            warnings.append("bao (h): the liable player could not avoid the discard; no bao (004 Bao h)")
            liable = None
        else:
            warnings.append("bao_exempt ignored: 004 Bao (h) exempts only the discarder of the winning "
                            "tile of a pure one-suit hand (case e)")
    if liable is not None:
        shape, shown_enough = bao_shape(r, hand)
        won_on = None if hand.won_on_flower else T.index(T.normalize(hand.winning_tile))
        if shape in ("a", "b") and _honour_sets_shown(hand) >= 3 and not (
                shown_enough and not self_drawn and discarder in (None, liable)
                and won_on in (DRAGONS if shape == "a" else WINDS)):
            # an all-honours hand that is a big three dragons or big four winds too: (a) and (b)
            # are the discard of the third dragon or fourth wind; otherwise its three honour sets
            # shown make it (c), whose (f) covers a self-draw and a third player's discard (004
            # Bao c, f: a self-drawn one was paid by all three, the liable player ignored)
            shape, shown_enough = "c", True
        case = shape if shape is not None and shown_enough else "g"      # bao_case, its shape at hand
        if shape is not None and not shown_enough and not self_drawn and discarder in (None, liable):
            # a family naming the liable player of a one-suit hand with two suit sets shown was
            # charged double as (g), unsaid
            warnings.append(f"bao ({shape}) needs {BAO_SHOWN[shape]} shown (004 Bao {shape}); charged as bao (g), "
                            "the dangerous discard with five tiles left; leave out the liable player if that is not so")
        if (case in ("a", "b") and won_on not in (DRAGONS if case == "a" else WINDS) and not self_drawn
                and discarder in (None, liable)):
            # 004 Bao (a) « défausse la troisième tuile Dragon, qui s'avère être la tuile gagnante »,
            # (b) « la quatrième tuile Vent »: a big three dragons won on its pair's 9p was charged
            # as (a) (riichi's pao, given for the same hand, feeds the dragon pung instead)
            warnings.append(f"bao ({case}) needs the liable player's discard to be the winning "
                            f"{'third dragon' if case == 'a' else 'fourth wind'} (004 Bao {case}); "
                            f"{hand.winning_tile} won: charged as bao (g), the dangerous discard with five tiles "
                            "left; leave out the liable player if that is not so")
            case = "g"
        # (f): the liable player's discard was claimed for the fourth set, so four sets are shown
        # (« le joueur avec quatre sets révélés »); with three, only his discard of the winning
        # tile itself is bao (c, d, e)
        # (when the melds say whom they were claimed from, one of them from the liable player)
        shown = [m for m in hand.melds if not m.concealed]
        fourth_set = (case in ("c", "d", "e") and len(shown) == 4
                      and any(m.from_ in (liable, None) for m in shown))
        if self_drawn:
            if fourth_set:
                return [Payment(liable, 3 * points, f"bao ({case}) f-A: pays for all three players")]
            if case in ("c", "d", "e"):
                warnings.append(f"liable player ignored: bao ({case}) on a self-drawn win applies only when the "
                                "liable player fed the fourth of four shown sets of cases (c), (d), (e) (004 Bao f-A)")
            else:
                # (a), (b), (g) are the discard of the winning tile: nobody discarded a tile drawn
                warnings.append(f"liable player ignored: bao ({case}) is the discard of the winning tile, and a "
                                f"self-drawn win has none (004 Bao {case})")
        elif discarder is None or discarder == liable:
            # what (g) charges, said where it is charged: a player naming the liable player of a
            # little three dragons as "who fed the dragons" paid double, the case's condition unsaid
            return [Payment(liable, 2 * points, "bao (g): discarded the winning tile with five tiles left to draw "
                                                "(004 Bao g), pays twice the score, for their own share and the two others'" if case == "g"
                            else f"bao ({case}): discarded the winning tile, pays twice the score, for their own share and "
                                 "the two others' (004 Bao)")]
        elif fourth_set:
            return [Payment(liable, points, f"bao ({case}) f-C: fed the fourth set"),
                    Payment(discarder, points, "discarded the winning tile (f-C)")]
        elif case in ("c", "d", "e"):
            warnings.append(f"liable player ignored: in bao ({case}) the liable player is the one who "
                            "discarded the winning tile, or fed the fourth of four shown sets (004 Bao f)")
        else:
            # the fourth set makes a liable player of cases (c), (d), (e) alone (004 Bao f): said of
            # (a), it sent a family looking for a fourth set that would have changed nothing
            warnings.append(f"liable player ignored: in bao ({case}) the liable player is the one who "
                            f"discarded the winning tile (004 Bao {case})")
    if self_drawn:
        kong = [m for m in hand.melds if m.type == "kong" and not m.concealed and not m.added and m.from_]
        # 3D: the win follows a second kong declared on the first replacement tile, drawn: nobody
        # discarded that kong's fourth tile, so (4) does not apply and each player pays
        if (ctx("kong_replacement") and not ctx("double_kong") and kong and options.kong_discarder_pays_triple
                and options.payment in ("discarder", "discarder_double")):
            # (4): the player who discarded the 4th tile of a claimed kong pays three times
            kongs = [m for m in hand.melds if m.type == "kong"]
            if len(kongs) > 1:
                # the hand cannot tell which kong the replacement followed: the last claimed one is taken
                warnings.append(f"(4) charged to {kong[-1].from_}, who discarded the fourth tile of the last claimed "
                                f"kong; the hand holds {len(kongs)} kongs, and if the replacement followed another, "
                                "each player pays the full score (004 Payer le gagnant)")
            return [Payment(kong[-1].from_, 3 * points, "way (4) of paying: discarded the fourth tile of the kong, pays three times")]
        unsaid = [m for m in hand.melds if m.type == "kong" and not m.concealed and not m.added and not m.from_]
        if (ctx("kong_replacement") and not ctx("double_kong") and unsaid and not kong
                and options.kong_discarder_pays_triple and options.payment in ("discarder", "discarder_double")):
            # (4) charges the kong's discarder: a kong written without it was paid by all, unsaid
            warnings.append("way (4) of paying not applied: the exposed kong does not say who discarded its fourth "
                            "tile, so each player pays; write it on the kong, [8888m,2] for the player across "
                            "(1 left, 3 right), and that player pays three times (004 Payer le gagnant)")
        return [Payment(p, points, "self-drawn: each pays the full score") for p in others]
    who = discarder or "discarder"
    # 004 « Payer le gagnant » lists the ways by number: « (1) Seul l'écarteur paie ... »; a bare
    # "(1)" before the reason read as a footnote nobody could find
    if options.payment == "discarder":
        return [Payment(who, points, "way (1) of paying: the discarder alone pays the full score")]
    if options.payment == "discarder_double":
        return [Payment(who, 2 * points, "way (2) of paying: the discarder alone pays twice the score")]
    half = points // 2 if points % 2 == 0 else points / 2
    rest = [p for p in others if p != discarder] if discarder else ["other", "other"]
    return [Payment(who, points, "way (3) of paying: the discarder pays the full score")] + \
           [Payment(p, half, "way (3) of paying: each other player pays half the score") for p in rest]


def _contradiction(hand: Hand, ctx) -> dict | None:
    """The error of a context no play can give (each would otherwise score faan, or settle
    payments, for a win that cannot happen), else None."""
    def refused(key: str, message: str) -> dict:
        return {"code": "bad_context", "field": f"context.{key}", "message": message}
    self_drawn, seat = ctx("self_drawn"), ctx("seat_wind")
    if self_drawn and ctx("robbing_kong"):
        return refused("robbing_kong", "robbing a kong is a win on another player's tile, not self-drawn (004 1F)")
    if ctx("robbing_kong") and sum(1 for t in hand.all_tiles if T.normalize(t) == T.normalize(hand.winning_tile)) > 1:
        # 004 1F: the robbed tile is « la quatrième tuile identique » of another player's kong
        return refused("robbing_kong", "the robbed tile completes another player's kong: no other copy of it can "
                       "be in the winner's hand (004 1F)")
    if ctx("robbing_kong") and ctx("last_tile"):
        # 2B: « la dernière tuile piochable ou la dernière défaussée »; a robbed tile is neither, and
        # no kong is declared once the wall is empty (the MCR reading, scorer/mcr/reading.py)
        return refused("last_tile", "a robbed kong is never the last tile: no kong can be declared once the wall "
                       "is empty, and a robbed tile is not a discard (004 2B)")
    if ctx("double_kong") and not ctx("kong_replacement"):
        return refused("double_kong", "a double kong win is a win on a kong replacement tile (004 3D)")
    kongs = hand.kong_count
    if ctx("kong_replacement") and not kongs:
        # 004 2A: « la tuile de maquillage suivant un gong »: the kong it replaced is in the hand
        return refused("kong_replacement", "a win on a kong replacement tile needs a kong in the hand (004 2A)")
    if ctx("double_kong") and kongs < 2:
        # 004 3D: a second kong declared on the first replacement tile, won on the second one
        return refused("double_kong", "a double kong win needs two kongs in the hand: the second declared on "
                       "the first replacement tile (004 3D)")
    if ctx("kong_replacement") and not self_drawn:
        # 004 2A: the winning tile is the replacement drawn after a kong, so the win is drawn
        # (« Si la tuile gagnante est piochée, les trois autres joueurs paient »), never a discard;
        # not said self-drawn, it is taken as one (as MCR and riichi do), said otherwise it is refused
        return refused("kong_replacement", "a win on a kong replacement tile is drawn from the wall: "
                       "it is a self-drawn win; the player who discarded the kong's fourth tile is written on "
                       "the kong: [8888m,2] for the player across (1 left, 3 right) (004 2A)")
    if ctx("tenhou") and seat != "E":
        return refused("tenhou", "the heavenly hand is the dealer's win, East's (004 8E)")
    if ctx("tenhou") and (not self_drawn or hand.melds):
        # 004 8E: « la première tuile [piochée] du mur »; a kong declared, even concealed, makes the
        # winning tile its replacement (2A), no longer the first tile drawn
        return refused("tenhou", "the heavenly hand is won self-drawn on the dealer's first tiles, before "
                       "any set is declared, even a concealed kong (004 8E)")
    if ctx("renhou") and (seat == "E" or self_drawn or hand.melds):
        # won on the dealer's first discard, before the winner's first turn: no kong, even
        # concealed, can have been declared
        return refused("renhou", "the earthly hand is another player's win on the dealer's first discard, "
                       "before any set is declared, even a concealed kong (004 8F)")
    # the dealer is East (004 1D)
    if ctx("renhou") and ctx("discarder") not in (None, seat_seen_from(seat, "E")):
        return refused("renhou", "the earthly hand is won on the dealer's first discard: the discarder given "
                       "is not the dealer (004 8F)")
    return None


def score(hand: Hand, options) -> ScoreResult:
    options.check()
    ctx = ContextReads(hand.context)
    given = hand.context.given
    implied = {}
    if given.get("double_kong") and not given.get("kong_replacement"):
        # 3D is won on a kong's replacement tile by definition: a box ticked alone says it (a table
        # ticking "Double Gong" was refused for not ticking the kong replacement too)
        implied["kong_replacement"] = True
    replacement = given.get("kong_replacement") or implied.get("kong_replacement")
    if given.get("discarder") is None and (hand.won_on_flower and not given.get("self_drawn")
                                           or replacement and "self_drawn" not in given):
        # a replacement tile is drawn (004 2A): the win is self-drawn unless said otherwise; the eighth
        # flower is drawn too, or claimed from the player who drew it (004 « Remarque » after the
        # flower methods), who must then be named: a page's unticked "self drawn" does not make it a discard
        implied["self_drawn"] = True
    if implied:
        hand = replace(hand, context=Context({**given, **implied}))
        ctx = ContextReads(hand.context)
    opts = {f: getattr(options, f) for f in options.__dataclass_fields__}
    warnings: list[str] = []
    for key in ("seat_wind", "round_wind", "self_drawn", "kong_replacement", "robbing_kong",
                "last_tile", "double_kong", "tenhou", "renhou"):
        ctx(key)
    contradiction = _contradiction(hand, ctx)
    if contradiction:
        return ScoreResult(NAME, False, error=contradiction, assumed=hand.context.missing(ctx.read), options=opts)
    reads = readings(hand)
    flower_items = _flowers(hand, ctx, options)
    if hand.bonus and options.flower_method == "none":
        # 004 makes flowers optional (docs/rulings.md, "flowers"): say that they were left out
        warnings.append(f"flowers/seasons {' '.join(hand.bonus)} not counted: scored without flowers (flower "
                        "method: none); choose flower method A, B, C or D to count them (004 Pointage pour les Fleurs)")
    eight_flowers = any(i.id == "eight_flowers" for i in flower_items)
    if not reads and not eight_flowers:
        if len(hand.bonus) == 8:
            # the eight flowers win alone only where flowers are played: say so, not only that the tiles are no hand
            return ScoreResult(NAME, False, error={"code": errors.NOT_COMPLETE, "message":
                               "these tiles do not form four sets and a pair; the eight flowers win alone only "
                               "where flowers are played: choose flower method A, B, C or D (004 6D)"},
                               assumed=hand.context.missing(ctx.read), options=opts)
        message = ("these tiles do not form four sets and a pair, or thirteen terminals "
                   "(004 Quand déclarer une victoire); " + waits_said(hand))
        if is_seven_pairs(hand):        # a winning hand under MCR and riichi: say why not here
            message = ("seven pairs is no winning hand under Hong Kong old style, which knows four sets and a pair, "
                       "or thirteen terminals (004 Quand déclarer une victoire)")
        return ScoreResult(NAME, False, error={"code": errors.NOT_COMPLETE, "message": message},
                           assumed=hand.context.missing(ctx.read), options=opts)
    wait_count = len(waits(hand)) if options.dok_ting else 0
    best = None
    for r in reads or [None]:
        raw = _faan_of_reading(r, hand, ctx, options, wait_count) if r is not None else []
        items, excluded = _apply_implications(raw + flower_items)
        faan = sum(i.total for i in items)
        if best is None or faan > best[0]:
            best = (faan, items, excluded, r)
    faan, items, excluded, r = best
    capped = min(faan, options.max_faan)
    if capped < options.min_faan:
        return ScoreResult(NAME, False, items=items, excluded=excluded, error={
            "code": errors.NOT_COMPLETE, "reason": "below_minimum",
            "message": f"{faan} faan is below the agreed minimum of {options.min_faan} (004 Score)"},
            assumed=hand.context.missing(ctx.read), options=opts, extra={"faan": faan})
    points = reward(capped, options)
    payments = settle(points, hand, r, ctx, options, warnings)
    decomposition = None
    if r is not None:
        decomposition = r.decomposition(on_a_discard=not (ctx("self_drawn") or ctx("kong_replacement")))
    total = sum(p.amount for p in payments)
    extra = {"faan": faan, "faan_counted": capped, "points": points, "received": total,
             "total_unit": "faan", "warnings": warnings}
    if faan > capped:
        extra["limit"] = f"capped at {options.max_faan} faan"
    return ScoreResult(NAME, True, total=capped, items=items, excluded=excluded,
                       decomposition=decomposition, payments=payments,
                       assumed=hand.context.missing(ctx.read), options=opts, extra=extra)
