"""Riichi (EMA 2016) scoring on top of the ``mahjong`` package (2.1.0, MIT).

The package finds yaku, minipoints (fu) and the best reading of the hand; this module
configures it for EMA 2016 (../shared/notes/rules-conflicts.md, "Riichi"), translates the
hand JSON into its tile ids, and applies what EMA says and the package does not do
(002 §4.2: yakuman do not combine; §4.2.4: renhou is exactly mangan; §4.2.6: no nagashi
mangan; §3.3.9: pao). Payments come from :mod:`.payments` (002 §4.1.2).
"""
from __future__ import annotations

from collections import Counter

from mahjong.constants import EAST
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.yaku_config import YakuConfig
from mahjong.meld import Meld as PkgMeld

from .. import errors
from .. import tiles as T
from ..context import WIND_NAMES, ContextReads
from ..hand import Hand
from ..readings import readings as set_readings, waits_said
from ..result import Decomposition, ExcludedItem, ScoredItem, ScoreResult, set_entry
from .names import BASE_FU_NAMES, FU_NAMES, YAKU_NAMES
from .payments import hand_payment, settle

NAME = "riichi"
# attribute name of each yaku object of the package's YakuConfig, by yaku class name
_ATTR_OF_CLASS = {type(v).__name__: k for k, v in vars(YakuConfig()).items()}
_PAO_YAKU = {"daisangen": "Big Three Dragons", "daisuushi": "Big Four Winds"}
#: The honours whose sets a pao yakuman is made of, and how many of those sets it has.
_PAO_SETS = {"daisangen": (("5z", "6z", "7z"), 3), "daisuushi": (("1z", "2z", "3z", "4z"), 4)}
_WIND_INDEX = {w: EAST + i for i, w in enumerate(WIND_NAMES)}
_CONTEXT_ERRORS = {
    # package error → (context key to blame, message); all are contradictions in the context
    HandCalculator.ERR_OPEN_HAND_RIICHI: ("riichi", "riichi cannot be declared with an exposed set (002 §5.4)"),
    HandCalculator.ERR_OPEN_HAND_DABURI: ("double_riichi", "double riichi cannot be declared with an exposed set"),
    HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI: ("ippatsu", "ippatsu needs riichi (002 §4.2.1)"),
    HandCalculator.ERR_CHANKAN_WITH_TSUMO: ("robbing_kong", "robbing the kong is a win on another player's tile, not self-drawn (002 §4.2.1)"),
    HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO: ("kong_replacement", "a kong replacement win is self-drawn (002 §4.2.1)"),
    HandCalculator.ERR_TENHOU_NOT_AS_DEALER: ("tenhou", "blessing of heaven is the dealer's (East) win (002 §4.2.5)"),
    HandCalculator.ERR_TENHOU_WITHOUT_TSUMO: ("tenhou", "blessing of heaven is won on the dealer's own 14 tiles (self-drawn)"),
    HandCalculator.ERR_TENHOU_WITH_MELD: ("tenhou", "blessing of heaven allows no set declared (not even a concealed kong)"),
    HandCalculator.ERR_CHIIHOU_AS_DEALER: ("chiihou", "blessing of earth is a non-dealer's win (002 §4.2.5)"),
    HandCalculator.ERR_CHIIHOU_WITHOUT_TSUMO: ("chiihou", "blessing of earth is self-drawn (002 §4.2.5)"),
    HandCalculator.ERR_CHIIHOU_WITH_MELD: ("chiihou", "blessing of earth allows no set declared"),
    HandCalculator.ERR_RENHOU_AS_DEALER: ("renhou", "blessing of man is a non-dealer's win (002 §4.2.4)"),
    HandCalculator.ERR_RENHOU_WITH_TSUMO: ("renhou", "blessing of man is a win on a discard (002 §4.2.4)"),
    HandCalculator.ERR_RENHOU_WITH_MELD: ("renhou", "blessing of man allows no set declared (002 §4.2.4)"),
}


#: Why a concealed hand is no pinfu, by the minipoint entry that says it (002 §4.2.1: four chows,
#: a pair that earns no minipoints, a wait on two sides).
_NOT_PINFU = {
    "penchan": "here the winning tile completes an edge wait", "kanchan": "here the winning tile completes a closed wait",
    "pair_wait": "here the winning tile completes the pair", "valued_pair": "here the pair is a value pair",
    "double_valued_pair": "here the pair is a value pair"}
#: A hand with a pung or a kong is no pinfu shape at all: not listed (it read as noise under every
#: such hand).
_NOT_PINFU_SHAPE = {"closed_pon", "open_pon", "closed_terminal_pon", "open_terminal_pon", "closed_kan", "open_kan",
                    "closed_terminal_kan", "open_terminal_kan"}
#: What keeps a concealed hand from Pinfu, said the same under a scored hand and one with no yaku.
_PINFU_LACKS = "Pinfu is four chows, a pair of no value and a two-sided wait: {}."
_SINGLE_YAKUMAN = {"daburu_kokushi": "kokushi", "daburu_chuuren_poutou": "chuuren_poutou"}
_BLESSING_NAMES = {"tenhou": "blessing of heaven", "chiihou": "blessing of earth", "renhou": "blessing of man"}


class _TileIds:
    """Gives each physical tile a distinct id in the package's 136 format. A red five takes
    copy 0 of its five, the id the package reads as red (mahjong.constants.AKA_DORAS)."""

    def __init__(self):
        self.free = {i: [4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i] for i in range(34)}

    def take(self, code: str) -> int:
        i = T.index(code)
        pool = self.free[i]
        if T.is_red(code) and 4 * i in pool:
            pool.remove(4 * i)
            return 4 * i
        return pool.pop(0)


def _yaku_lacking(attr: str, note: str) -> ExcludedItem:
    en, fr, ja, src = YAKU_NAMES[attr]
    return ExcludedItem(attr, en, "", "", src, fr, note)


def _pinfu_lacks(hand, valued) -> str | None:
    """What keeps a concealed hand of four chows from Pinfu (002 §4.2.1: a pair that scores no fu,
    a two-sided wait), said as a scored hand's "why not" says it; None when a reading lacks
    neither, or when no reading is four chows (a hand with a pung is no pinfu shape: not listed,
    as under a scored hand)."""
    chows = [r for r in set_readings(hand, thirteen_orphans=False) if all(x.kind == "chow" for x in r.sets)]
    if not chows:
        return None
    plain = [r for r in chows if r.pair not in valued]
    if not plain:
        return _NOT_PINFU["valued_pair"]
    win = T.index(T.normalize(hand.winning_tile))
    waits = [_wait_kind(r, win) for r in plain]
    return None if None in waits else _NOT_PINFU[waits[0]]


def _wait_kind(r, win: int) -> str | None:
    """The wait the winning tile ``win`` completes in reading ``r``, by its minipoints' reason
    (pair_wait, kanchan, penchan); None for a two-sided wait."""
    if r.won_on is None or r.won_on < 0:
        return "pair_wait"
    x = r.sets[r.won_on]
    if win == x.first + 1:
        return "kanchan"
    if (win == x.first and x.first % 9 == 6) or (win == x.first + 2 and x.first % 9 == 0):
        return "penchan"
    return None


def _nearest_yaku(hand, tsumo: bool, valued=()) -> list[ExcludedItem]:
    """The yaku a complete hand without one comes nearest to, each with what it lacks (002 §4.2.1):
    "no yaku" alone left a beginner to find out that a 9s broke All Simples and the claimed chow
    Pinfu. All Simples; Pinfu (on an open hand, or what else keeps a concealed one from it:
    ``valued``, the tile indices of the pairs that score fu); Pure Double Chow on an open hand; the
    self-draw of a concealed hand."""
    out = []
    outside = sorted({T.normalize(t) for t in hand.all_tiles if T.is_terminal_or_honour(T.normalize(t))},
                     key=T.sort_key)
    if outside:
        out.append(_yaku_lacking("tanyao", f"a 1, a 9 or an honour is in the hand: {' '.join(outside)}"))
    if not hand.is_closed:
        out.append(_yaku_lacking("pinfu", "the hand is open (a set was claimed): pinfu needs a concealed hand"))
        # the same chow twice, claimed or standing (a claimed set is no part of it: 002 §4.2.1)
        twice = sorted({x.code for r in set_readings(hand, thirteen_orphans=False) for x in r.sets
                        if x.kind == "chow" and sum(y.kind == "chow" and y.first == x.first for y in r.sets) >= 2},
                       key=T.sort_key)
        if twice:
            first = T.index(twice[0])
            out.append(_yaku_lacking("iipeiko", f"the chow {T.group_codes([T.code_of(first + k) for k in range(3)])} twice, "
                                                "but the hand is open: pure double chow needs a concealed hand"))
    else:
        lack = _pinfu_lacks(hand, valued)
        if lack:
            out.append(_yaku_lacking("pinfu", _PINFU_LACKS.format(lack)))
    if hand.is_closed and not tsumo:
        out.append(_yaku_lacking("tsumo", "won on a discard: a concealed hand counts it only when won on a self-drawn tile"))
    return out


def _package_input(hand: Hand):
    ids = _TileIds()
    melds, tiles = [], []
    for m in hand.melds:
        mids = [ids.take(c) for c in m.tiles]
        tiles.extend(mids)
        if m.type == "chow":
            kind = PkgMeld.CHI
        elif m.type == "pung":
            kind = PkgMeld.PON
        else:
            kind = PkgMeld.SHOUMINKAN if m.added else PkgMeld.KAN
        melds.append(PkgMeld(meld_type=kind, tiles=mids, opened=not m.concealed))
    concealed_ids = [(c, ids.take(c)) for c in hand.concealed]
    tiles.extend(i for _, i in concealed_ids)
    # the winning tile: a standing copy of it, the red one if the winning tile is red
    same = [i for c, i in concealed_ids if c == hand.winning_tile]
    if not same:
        same = [i for c, i in concealed_ids if T.normalize(c) == T.normalize(hand.winning_tile)]
    return tiles, same[0], melds


def _item(attr: str, han: int, count: int = 1, note: str = "") -> ScoredItem:
    en, fr, ja, src = YAKU_NAMES.get(attr, (attr, attr, attr, ""))
    return ScoredItem(id=attr, name_en=en, value=han, count=count, name_fr=fr, name_native=ja,
                      unit="han", note=note, source=src)


def _error(code, message, field=None, **more) -> dict:
    d = {"code": code, "message": message}
    if field:
        d["field"] = field
    d.update(more)
    return d


def _set_dict(s: list[int], concealed: bool, declared: bool, note: str = "") -> dict:
    codes = [T.code_of(i) for i in s]
    kind = {2: "pair", 4: "kong"}.get(len(s)) or ("pung" if s[0] == s[1] else "chow")
    return set_entry(kind, codes, concealed, declared, note)


def _pon_kan_reason(s, is_open) -> str:
    terminal = s[0] in (0, 8, 9, 17, 18, 26) or s[0] >= 27
    prefix = "open" if is_open else "closed"
    mid = "_terminal" if terminal else ""
    return f"{prefix}{mid}_{'kan' if len(s) == 4 else 'pon'}"


def _readings(tiles, win_id, melds, is_chiitoitsu) -> list:
    """Every reading of the hand (seven pairs or not, as scored) and the sets its winning tile may
    complete in it."""
    tiles_34 = [0] * 34
    for t in tiles:
        tiles_34[t // 4] += 1
    open_melds = [m.tiles_34 for m in melds if m.opened]
    return [(h, HandCalculator._find_win_groups(win_id, h, open_melds))
            for h in HandDivider.divide_hand(tiles_34, melds) if (len(h) == 7) == is_chiitoitsu]


def _explain_fu(resp, readings, win_id, melds, config):
    """Find the reading the package scored (the one whose minipoint list it returned) among
    ``readings`` (``_readings``) and tie each minipoint item to its set. Returns (decomposition,
    fu breakdown)."""
    open_melds = [m.tiles_34 for m in melds if m.opened]
    valued = [31, 32, 33, config.player_wind, config.round_wind]
    want = sorted((d["fu"], d["reason"]) for d in resp.fu_details)
    for h, win_groups in readings:
        for wg in win_groups:
            details, fu = FuCalculator.calculate_fu(h, win_id, wg, config, valued, melds)
            if fu != resp.fu or sorted((d["fu"], d["reason"]) for d in details) != want:
                continue
            # which sets are open: the declared open melds, and on ron a pung completed by the
            # winning tile (002 §4.1.1: it counts as exposed)
            unused_open = [list(m) for m in open_melds]
            concealed_kongs = [m.tiles_34 for m in melds if not m.opened]
            sets = []          # (set, open, declared on the table, completed by the discard)
            for s in h:
                is_open = declared = claimed = False
                if s in unused_open:
                    unused_open.remove(s)
                    is_open = declared = True
                elif s is wg and not config.is_tsumo and len(s) == 3 and s[0] == s[1]:
                    is_open = claimed = True
                elif s in concealed_kongs:
                    declared = True
                sets.append((s, is_open, declared, claimed))
            entries = [_set_dict(s, not o, d, "completed by the discard" if c else "")
                       for s, o, d, c in sets]
            decomposition = Decomposition("seven_pairs" if len(h) == 7 else "standard", entries)

            def set_text(used) -> str:
                """Notation of the decomposition set ``used`` (a list of 34-indices)."""
                return next((e["text"] for (s, *_flags), e in zip(sets, entries) if s is used), "")
            pool = [(s, _pon_kan_reason(s, o), c) for s, o, _d, c in sets if len(s) >= 3 and s[0] == s[1]]
            pair = next((s for s in h if len(s) == 2), None)
            breakdown = []
            # the winning base first, then the largest (a kong's 32 came before the base's 30)
            for d in sorted(details, key=lambda d: (d["reason"] != "base", -d["fu"])):
                reason = d["reason"]
                used, claimed = [], False
                if reason in ("penchan", "kanchan", "pair_wait"):
                    used = wg
                elif reason in ("valued_pair", "double_valued_pair"):
                    used = pair or []
                elif "pon" in reason or "kan" in reason:
                    hit = next((p for p in pool if p[1] == reason), None)
                    if hit:
                        pool.remove(hit)
                        used, claimed = hit[0], hit[2]
                if reason == "hand_without_fu" and config.is_tsumo:
                    # the package names an open hand's self-drawn 2 minipoints "open pinfu"
                    # (it adds no tsumo minipoints to a hand without others); 002 §4.1.1 « Gagner
                    # sur pioche (sauf en cas de pinfu) 2 »: an open hand is no pinfu
                    reason = "tsumo"
                en, fr = _fu_name({**d, "reason": reason})
                breakdown.append({"reason": reason, "name_en": en, "name_fr": fr, "fu": d["fu"],
                                  "tiles": [T.code_of(i) for i in used], "set": set_text(used)})
                if claimed:
                    # « Exposed pung » in a concealed hand read as a misread set: said why (002
                    # §4.1.1: a pung the winning discard completes counts as exposed)
                    breakdown[-1]["note"] = ("completed by the winning discard: a concealed pung counts as exposed "
                                             "(002 §4.1.1)")
                if reason == "hand_without_fu" and not config.is_tsumo:
                    paid = _paid_wait(readings, win_id // 4)
                    if paid:
                        # the other reading's wait is worth the same 2 (002 §4.1.1): said, for a player
                        # who saw an edge or closed wait and found "open pinfu" instead
                        breakdown[-1]["note"] = (
                            f"the {T.code_of(win_id // 4)} also completes {paid[0]} "
                            f"({FU_NAMES[paid[1]][0].lower()}, 2 minipoints): the same 2 either way (002 §4.1.1)")
                if reason in ("penchan", "kanchan", "pair_wait"):
                    other = _free_wait_set(readings, win_id // 4)
                    if other:
                        # 002 §4.1.1: « La possibilité offrant le plus grand score décide quel élément
                        # est terminé par la tuile gagnante »: said, for a player who saw the other one
                        breakdown[-1]["note"] = (
                            f"the {T.code_of(win_id // 4)} also completes {other}, a wait worth no minipoints: "
                            "the reading that scores more is counted (002 §4.1.1)")
            return decomposition, breakdown
    return None, [{"reason": d["reason"], **dict(zip(("name_en", "name_fr"), _fu_name(d))), "fu": d["fu"],
                   "tiles": [], "set": ""} for d in resp.fu_details]


def _free_wait_set(readings, win: int) -> str | None:
    """The set the winning tile (34-index ``win``) completes in another of ``readings`` (each a
    reading and its win groups) where its wait earns no minipoints: a pung of a two-pair wait, or
    a chow won at one end that is no edge (12 waiting on 3, 89 on 7); as notation, or None."""
    for _h, win_groups in readings:
        for wg in win_groups:
            if len(wg) == 3 and (wg[0] == wg[1] or (wg[0] == win and wg[2] % 9 != 8)
                                 or (wg[2] == win and wg[0] % 9 != 0)):
                return T.group_codes([T.code_of(i) for i in wg])
    return None


def _paid_wait(readings, win: int) -> tuple[str, str] | None:
    """The set the winning tile (34-index ``win``) completes in one of ``readings`` by a wait that
    earns 2 minipoints (002 §4.1.1: edge, closed or pair wait), and that wait's minipoint entry
    (``FU_NAMES``' key); or None."""
    for _h, win_groups in readings:
        for wg in win_groups:
            if len(wg) == 2:
                kind = "pair_wait"
            elif len(wg) == 3 and wg[0] != wg[1] and wg[1] == win:
                kind = "kanchan"
            elif len(wg) == 3 and wg[0] != wg[1] and ((wg[2] == win and wg[0] % 9 == 0)
                                                       or (wg[0] == win and wg[2] % 9 == 8)):
                kind = "penchan"
            else:
                continue
            return T.group_codes([T.code_of(i) for i in wg]), kind
    return None


def _fu_name(detail: dict) -> tuple[str, str]:
    """(English, French) name of one minipoint entry: the winning ones by their value."""
    if detail["reason"] == "base" and detail["fu"] in BASE_FU_NAMES:
        return BASE_FU_NAMES[detail["fu"]]
    return FU_NAMES.get(detail["reason"], (detail["reason"], detail["reason"]))


_VALUE_TILE = {"haku": "5z", "hatsu": "6z", "chun": "7z",
               **{f"seat_wind_{w}": T.WINDS[i] for i, w in enumerate(("east", "south", "west", "north"))},
               **{f"round_wind_{w}": T.WINDS[i] for i, w in enumerate(("east", "south", "west", "north"))}}


def _dora_held(hand: Hand, indicators) -> int:
    """How many tiles of the hand are dora for these indicators (002 §4.1.3)."""
    dora = [T.next_tile(c) for c in indicators]
    return sum(dora.count(T.normalize(t)) for t in hand.all_tiles)


def _highlight(items, hand: Hand, decomposition, ctx) -> None:
    """Tiles each item uses, for the web view: the value pung of a yakuhai, the dora tiles."""
    for item in items:
        code = _VALUE_TILE.get(item.id)
        if code and decomposition is not None:
            item.tiles = next((s["tiles"] for s in decomposition.sets
                               if s["kind"] in ("pung", "kong") and s["tiles"][0] == code), [])
        elif item.id in ("dora", "ura_dora"):
            key = "dora_indicators" if item.id == "dora" else "ura_dora_indicators"
            dora = {T.next_tile(c) for c in hand.context.get(key)}
            item.tiles = [t for t in hand.all_tiles if T.normalize(t) in dora]
        elif item.id == "aka_dora":
            item.tiles = [t for t in hand.all_tiles if T.is_red(t)]


#: One dora indicator (002 §2.7), and one more (kan dora) for each kong declared at the table
#: (§3.3.5-3.3.7), four at most (§3.3.10); the ura-dora lie under them (§3.3.14).
MAX_INDICATORS = 5


def _check_indicators(hand: Hand, dora, ura, red_fives: bool = False) -> None:
    """Indicators a table can show: at most ``MAX_INDICATORS`` of each kind, and a tile shown as
    an indicator is one of its four copies, with those in the hand."""
    if len(dora) > MAX_INDICATORS:
        raise errors.HandError(errors.BAD_FIELD, f"{len(dora)} dora indicators: a table shows {MAX_INDICATORS} "
                               "at most (one, and one per kong; 002 §2.7)", field="context.dora_indicators")
    if len(ura) > MAX_INDICATORS:
        raise errors.HandError(errors.BAD_FIELD, f"{len(ura)} ura dora indicators: a table shows {MAX_INDICATORS} "
                               "at most (one, and one per kong; 002 §2.7)", field="context.ura_dora_indicators")
    counts = Counter(T.normalize(t) for t in (*hand.all_tiles, *dora, *ura))
    for code, n in counts.items():
        if n > 4:
            raise errors.HandError(errors.TOO_MANY_COPIES, f"{n} copies of {code} in the hand and the dora "
                                   "indicators: a tile set has only 4 of each tile", field="context.dora_indicators")
    if not red_fives:
        return              # held without the house rule, a red five is a plain five
    # 002 §1.3: a Japanese set's red fives are « un cinq-rouge et trois cinq-normaux » in each
    # family (the mahjong package counts one of each too): 0m written twice is a slip, not a
    # second aka dora
    reds = Counter(t for t in (*hand.all_tiles, *dora, *ura) if T.is_red(t))
    for code, n in reds.items():
        if n > 1:
            raise errors.HandError(errors.TOO_MANY_COPIES, f"{n} red fives {code}: a set has 1 at most "
                                   f"(002 §1.3); write the others as {'5' + code[1]}", field="hand")


def _pao_fed(hand: Hand, yaku: str, liable: str) -> bool:
    """Whether ``liable`` can have fed the last set of a pao yakuman, 002 §3.3.9: liable is who
    gives the 3rd dragon (4th wind) pung or kong « à un adversaire qui a déjà deux pungs/kongs de
    dragons exposés »: every such set is a meld (one completed by the winning tile is no claim),
    and one of them was claimed from ``liable`` (or its claim's seat was not recorded). The hand
    does not tell the order of claims: which meld came last is the players' word."""
    honours, count = _PAO_SETS[yaku]
    sets = [m for m in hand.melds if m.type != "chow" and T.normalize(m.tiles[0]) in honours]
    return len(sets) >= count and any(not m.concealed and m.from_ in (liable, None) for m in sets)


def score(hand: Hand, options) -> ScoreResult:
    options.check()     # options built directly, not through parse_options
    ctx = ContextReads(hand.context)
    opts = {"red_fives": options.red_fives, "nagashi_mangan": options.nagashi_mangan}
    warnings = []
    if hand.bonus:
        # 002 §1.3: flowers are not used in EMA riichi; ignoring them lets one photo be scored
        # under every rule set (docs/rulings.md, Riichi "flowers").
        warnings.append(f"flowers/seasons {' '.join(hand.bonus)} are not used in riichi and were ignored")

    seat, round_ = ctx("seat_wind"), ctx("round_wind")
    dealer = seat == "E"
    self_drawn = ctx("self_drawn")
    rinshan = ctx("kong_replacement")
    chankan = ctx("robbing_kong")
    tsumo = self_drawn or rinshan   # 002 §4.2.1: after a kong "compte comme étant une victoire sur pioche"
    last = ctx("last_tile")
    excluded = []
    # 002 §3.4.1: « Dans le cas où kong est annoncé sur l'avant-dernière tuile, la tuile de
    # remplacement devient la dernière tuile »: a win on it is also a win on the last tile of the
    # wall (haitei, added below: the package refuses the pair); « Il n'est pas autorisé de déclarer
    # kong sur la dernière tuile »: a robbed kong is never on the last tile.
    haitei_on_rinshan = last and rinshan
    double_riichi = ctx("double_riichi")
    # a double riichi is a riichi (002 §4.2.1 « DABURU RIICHI »): not listed as "riichi=no" assumed
    # beside the riichi stick it puts down
    riichi = hand.context.get("riichi") if double_riichi else ctx("riichi")
    # a table's house rule (the option) or this hand's context
    red_fives = ctx("red_fives") or options.red_fives
    if not red_fives and any(T.is_red(t) for t in hand.all_tiles):
        # 002, changes from 2012: « il n'y a plus de cinq rouges »; a set that has them counts them so
        warnings.append("red fives held count as plain fives: EMA 2016 has no red fives (« il n'y a plus de "
                        "cinq rouges »); red fives as the game's house rule, or in this hand's context, count each "
                        "as a dora")
    if round_ in ("W", "N"):
        # 002 §3.1: « Une partie complète consiste en deux manches : la manche Est et la manche Sud »;
        # a house rule may play on (a West round), so it is said, not refused
        warnings.append("a West or North round wind: EMA plays the East and South rounds only (002 §3.1); "
                        "the hand is scored with the round wind given")
    config = HandConfig(
        is_tsumo=tsumo, is_riichi=riichi or double_riichi, is_ippatsu=ctx("ippatsu"),
        is_rinshan=rinshan, is_chankan=chankan,
        is_haitei=last and tsumo and not rinshan, is_houtei=last and not tsumo and not chankan,
        is_daburu_riichi=double_riichi, is_tenhou=ctx("tenhou"), is_chiihou=ctx("chiihou"),
        is_renhou=ctx("renhou"), player_wind=_WIND_INDEX[seat], round_wind=_WIND_INDEX[round_],
        kyoutaku_number=ctx("riichi_sticks"), tsumi_number=ctx("honba"),
        options=OptionalRules(has_open_tanyao=True, has_aka_dora=red_fives, has_double_yakuman=False,
                              kazoe_limit=HandConstants.KAZOE_SANBAIMAN, kiriage=False,
                              fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False, renhou_as_yakuman=False,
                              has_daisharin=False, has_daichisei=False, has_sashikomi_yakuman=False))
    base = ScoreResult(rules=NAME, valid=False, options=opts)

    def refused(message: str, key: str) -> ScoreResult:
        """The score refused for a context no play can give, naming the key at fault."""
        base.error = _error("bad_context", message, f"context.{key}")
        base.assumed = ctx.assumed()
        return base

    blessing = next((k for k in ("tenhou", "chiihou", "renhou") if ctx(k)), None)
    if blessing:
        # 002 §4.2.4, §4.2.5: won « durant le tout premier tour ininterrompu »; §3.1: « Un tour de jeu
        # est interrompu si une tuile est réclamée pour un kong, pung ou chow, ou si un kong caché est
        # déclaré »: said before the checks below, which would blame a self-drawn win the player never gave
        name = _BLESSING_NAMES[blessing]
        if chankan:
            return refused(f"{name} is won in the first go-around, uninterrupted; a robbed kong was added to a "
                           "pung claimed before, and a claim interrupts the go-around (002 §3.1, §4.2.4, §4.2.5)",
                           "robbing_kong")
        if rinshan:
            return refused(f"{name} is won in the first go-around, uninterrupted; a kong, concealed ones "
                           "included, interrupts it (002 §3.1, §4.2.4, §4.2.5)", "kong_replacement")
        if last:
            return refused(f"{name} is won in the first go-around, long before the wall's last tile "
                           "(002 §3.4.1, §4.2.4, §4.2.5)", "last_tile")
    if self_drawn and chankan:
        return refused("robbing the kong is won on another player's tile, so it cannot "
                       "be self-drawn (002 §4.2.1)", "robbing_kong")
    if rinshan and (("self_drawn" in hand.context and not self_drawn) or ctx("discarder") is not None):
        # 002 §4.2.1: a win after a kong « compte comme étant une victoire sur pioche »; said to be a
        # discard's, it is refused as MCR and Hong Kong refuse it (taken as self-drawn otherwise)
        return refused("a win on a kong replacement tile is self-drawn, not on a discard "
                       "(002 §4.2.1)", "kong_replacement")
    if rinshan and not hand.kong_count:
        # 002 §4.2.1: « Gagner sur la tuile de remplacement après avoir déclaré un kong »
        return refused("a win on a kong replacement tile needs a kong in the hand "
                       "(002 §4.2.1)", "kong_replacement")
    if rinshan and ctx("ippatsu"):
        # 002 §3.3.14: « La possibilité d'ippatsu est perdue si le tour est interrompu par un appel
        # pour kong [...] incluant les kongs cachés »: the winner's own kong declared it lost
        return refused("a win on a kong replacement tile follows the winner's own kong, and any kong, concealed "
                       "ones included, ends the chance of ippatsu (002 §3.3.14)", "ippatsu")
    if chankan and sum(1 for t in hand.all_tiles if T.normalize(t) == T.normalize(hand.winning_tile)) > 1:
        # the robbed tile is the fourth of an added kong: the winner holds no other copy (as MCR)
        return refused("the robbed tile completes another player's kong: no other copy of "
                       "it can be in the winner's hand", "robbing_kong")
    if last and chankan:
        return refused("no kong may be declared on the last tile, so a robbed kong is never "
                       "the last tile (002 §3.4.1)", "last_tile")
    declared = "double_riichi" if double_riichi else "riichi" if riichi else None
    if declared and blessing:
        # 002 §4.2.5 tenhou « gagne sur sa main initiale », chiihou « sur pioche durant le tout premier
        # tour ininterrompu », §4.2.4 renhou « avant que le joueur ait eu son premier tour »: riichi is
        # declared with a discard (§3.3.14), and none was made: the stick said it moved 1,000
        return refused(f"{_BLESSING_NAMES[blessing]} is won before the winner's first "
                       "discard, so no riichi can have been declared (002 §4.2.4, §4.2.5)", declared)
    # the ura dora are read for a riichi winner alone (002 §3.3.14): a winner who declared none is
    # not told they were assumed none (a double ron's second winner was)
    ura_given = ctx("ura_dora_indicators") if declared or "ura_dora_indicators" in hand.context else ()
    _check_indicators(hand, ctx("dora_indicators"), ura_given, red_fives)
    ura_count, dora_count = len(ura_given), len(ctx("dora_indicators"))
    if declared and ura_count and ura_count != max(dora_count, 1):
        # 002 §3.3.14: the winner « révèle les tuiles sous l'indicateur de dora et les indicateurs de
        # « kan dora » »: one ura-dora indicator under each dora indicator (6 ura on one dora made a
        # baiman); with none given, the table's one (§2.7)
        if not dora_count:
            # one ura-dora indicator was taken under the table's one, two were refused as under
            # "0": the dora indicators were not given, and one is always shown (§2.7)
            return refused(f"ura-dora indicators: {ura_count}, dora indicators: not given, so the table's one "
                           "(002 §2.7); one ura-dora indicator lies under each dora indicator, kan dora included: "
                           "give the dora indicators (002 §3.3.14)", "ura_dora_indicators")
        return refused(f"ura-dora indicators: {ura_count}, dora indicators: {dora_count}; "
                       "one ura-dora indicator lies under each dora "
                       "indicator, kan dora included (002 §3.3.14)", "ura_dora_indicators")
    tiles, win_id, melds = _package_input(hand)
    dora = [4 * T.index(c) for c in ctx("dora_indicators")]
    ura = [4 * T.index(c) for c in ura_given] if (riichi or double_riichi) else []
    if ura_given and not ura:
        warnings.append("ura_dora_indicators ignored: the ura dora count only for a winner who "
                        "declared riichi (002 §3.3.14)")
    resp = HandCalculator.estimate_hand_value(tiles, win_id, melds=melds, dora_indicators=dora,
                                              config=config, ura_dora_indicators=ura)
    if resp.error:
        if resp.error in _CONTEXT_ERRORS:
            key, msg = _CONTEXT_ERRORS[resp.error]
            base.error = _error("bad_context", msg, f"context.{key}")
            base.assumed = ctx.assumed()    # "a non-dealer's win" where the seat was East by default
        elif resp.error == HandCalculator.ERR_NO_YAKU:
            message = ("the hand is complete but has no yaku: a riichi winning hand needs at least one (002 §3.2); "
                       "dora do not count")
            if not (riichi or double_riichi) and hand.is_closed:
                message += "; if riichi was declared, say so: riichi is a yaku"   # the yaku most often left out
            base.error = _error(errors.NOT_COMPLETE, message, reason="no_yaku")
            base.excluded = _nearest_yaku(hand, tsumo=bool(config.is_tsumo),
                                          valued=(31, 32, 33, config.player_wind, config.round_wind))
        else:
            counts = Counter(T.normalize(t) for t in hand.concealed)
            fours = sorted(c for c, n in counts.items() if n == 4)
            message = ("these tiles do not form four sets and a pair, seven different pairs or thirteen orphans "
                       "(002 §3.2, §4.2)")
            if not hand.melds and fours and all(n in (2, 4) for n in counts.values()):
                # seven pairs counting four alike as two: 002 §4.2.2 « Il n'est pas autorisé d'avoir deux
                # paires identiques » (a learner was told only "seven different pairs")
                message += (f"; the seven pairs must all differ: {' '.join(c[0] * 4 + c[1] for c in fours)} would be "
                            "two identical pairs (002 §4.2.2)")
            else:
                message += "; " + waits_said(hand, seven_pairs=True)
            base.error = _error(errors.NOT_COMPLETE, message)
        base.assumed = ctx.assumed()
        return base

    # the package names a 13-sided thirteen orphans and a 9-sided nine gates "daburu" (double):
    # EMA has no double yakuman (002, « rétrogradé du double au simple yakuman »), and an API user
    # read the id as one; they are the one yakuman, by its own id
    yaku = [(_SINGLE_YAKUMAN.get(a, a), y) for a, y in
            ((_ATTR_OF_CLASS.get(type(y).__name__, y.name), y) for y in resp.yaku)]
    # the pattern a player can be liable for first (002 §3.3.9): the hand is named by it and its
    # pao stands when the hand is also All Honours or Four Kongs (one yakuman is worth another)
    yakuman = sorted(((a, y) for a, y in yaku if y.is_yakuman), key=lambda ay: ay[0] not in _PAO_YAKU)
    is_open = resp.is_open_hand
    items: list[ScoredItem] = []
    han, fu = resp.han, resp.fu
    if yakuman:
        # 002 §4.2: « Les yakuman ne sont pas cumulatifs »: one yakuman, whatever else is there.
        kept = yakuman[0][0]
        items.append(_item(kept, 13, note="yakuman"))
        for a, y in yakuman[1:]:
            en, fr = YAKU_NAMES.get(a, (y.name, y.name))[:2]
            excluded.append(ExcludedItem(a, en, kept,
                                         "yakuman do not combine (« Les yakuman ne sont pas cumulatifs »)",
                                         "002 §4.2", fr))
        dora_held = _dora_held(hand, ctx("dora_indicators")) + (
            _dora_held(hand, ctx("ura_dora_indicators")) if riichi or double_riichi else 0)
        if dora_held or (red_fives and any(T.is_red(t) for t in hand.all_tiles)):
            excluded.append(ExcludedItem("dora", "Dora", kept,
                                         "a yakuman is worth the limit alone: other yaku and dora do not "
                                         "add (« Les autres yaku ou dora sont sans importance »)",
                                         "002 §4.3.4", YAKU_NAMES["dora"][1]))
        if config.is_renhou:
            excluded.append(ExcludedItem("renhou", "Blessing of Man", kept,
                                         "a yakuman is worth more than renhou's mangan; the best reading "
                                         "is scored", "002 §3.4.9; docs/rulings.md Riichi", YAKU_NAMES["renhou"][1]))
        han = 13
    else:
        for a, y in yaku:
            if a == "renhou":
                continue
            if a in ("dora", "ura_dora", "aka_dora"):
                # the package sets the dora "yaku" han to the number of dora
                items.append(_item(a, 1, count=y.han_closed))
            else:
                items.append(_item(a, y.han_open if is_open and y.han_open else y.han_closed))
        if haitei_on_rinshan:
            items.append(_item("haitei", 1, note="the kong replacement was the last tile (002 §3.4.1)"))
        han = sum(i.total for i in items)
        without_renhou = any(i.id not in ("dora", "ura_dora", "aka_dora") for i in items)
        if config.is_renhou and not (without_renhou and hand_payment(han, resp.fu, dealer).ron
                                     > hand_payment(5, resp.fu, dealer).ron):
            # 002 §4.2.4: renhou is 5 han, « On ne compte aucun d'autre yaku, y compris les dora »;
            # a hand worth more without it is scored without it (§3.4.9, below)
            excluded += [ExcludedItem(i.id, i.name_en, "renhou", "no other yaku, dora included, count with renhou",
                                      "002 §4.2.4", i.name_fr) for i in items]
            items = [_item("renhou", 5)]
            han = 5
        elif config.is_renhou:
            # 002 §3.4.9: « on choisit toujours la possibilité qui rapporte le score le plus élevé »
            excluded.append(ExcludedItem("renhou", "Blessing of Man", "", "the hand is worth more than renhou's "
                                         "mangan without it; the best reading is scored",
                                         "002 §3.4.9; docs/rulings.md Riichi", YAKU_NAMES["renhou"][1]))

    is_chiitoitsu = any(a == "chiitoitsu" for a, _ in yaku)
    decomposition, fu_breakdown = (None, [])
    if resp.fu_details:
        # every reading and the sets its winning tile may complete, found once (the waits' notes and
        # pinfu's read them too)
        readings = _readings(tiles, win_id, melds, is_chiitoitsu)
        decomposition, fu_breakdown = _explain_fu(resp, readings, win_id, melds, config)
        for f in fu_breakdown:
            if f["reason"] == "valued_pair" and f.get("tiles"):
                # named as 002 §4.1.1's table does (« Paire de dragon », « Paire de vent du joueur »,
                # « Paire de vent dominant »): "value pair" left a learner to guess which
                pair = T.normalize(f["tiles"][0])
                f["name_en"], f["name_fr"] = (("Dragon pair", "Paire de dragon") if pair in ("5z", "6z", "7z") else
                                              ("Seat wind pair", "Paire de vent du joueur") if pair == T.WINDS[WIND_NAMES.index(seat)]
                                              else ("Round wind pair", "Paire de vent dominant"))
        pinfu = next((i for i in items if i.id == "pinfu"), None)
        paid = _paid_wait(readings, win_id // 4) if pinfu else None     # pinfu: no seven pairs among them
        if paid:
            # 002 §4.1.1: « La possibilité rapportant le plus grand score doit toujours être choisie »:
            # said as the edge wait's own note says it the other way (a learner saw the 2 minipoints gone)
            pinfu.note = (f"the {T.code_of(win_id // 4)} also completes {paid[0]} ({FU_NAMES[paid[1]][0].lower()}, 2 "
                          "minipoints): read as a two-sided wait the hand is pinfu, which scores at least as much (002 §4.1.1)")
        if config.is_tsumo and any(a == "pinfu" for a, _ in yaku):
            # said, not silently left out: 002 §4.1.1 « Gagner sur pioche (sauf en cas de pinfu) 2 »
            waived = "pinfu_tsumo"         # an entry's id: its names are FU_NAMES'
            fu_breakdown.append({"reason": waived, **dict(zip(("name_en", "name_fr"), FU_NAMES[waived])),
                                 "fu": 0, "tiles": [], "set": ""})
    elif any(a.endswith("kokushi") for a, _ in yaku):
        decomposition = Decomposition("thirteen_orphans", [])
    if not is_open and not yakuman and not is_chiitoitsu and all(a != "pinfu" for a, _ in yaku):
        why_not = next((_NOT_PINFU[f["reason"]] for f in fu_breakdown if f["reason"] in _NOT_PINFU), None)
        if why_not and not any(f["reason"] in _NOT_PINFU_SHAPE for f in fu_breakdown):
            # a learner expected pinfu and saw no word why not (MCR pages list what is not counted)
            excluded.append(_yaku_lacking("pinfu", _PINFU_LACKS.format(why_not)))
    if not yakuman and not config.is_tsumo and all(m.concealed for m in hand.melds) and any(
            all(x.is_pung for x in r.sets) and r.won_on is not None and r.won_on >= 0
            for r in set_readings(hand, thirteen_orphans=False)):
        # four concealed pungs, the discard completing one of them: a learner saw three concealed
        # pungs and no word of the yakuman (002 §4.2.5)
        excluded.append(_yaku_lacking("suuankou", "won on a discard that completes a pung, which then counts as "
                                      "exposed: four concealed pungs win on a discard only on a pair wait « Gagner "
                                      "sur un écart n'est autorisé que dans le cas d'une attente sur la paire. »"))
    counts = Counter(T.normalize(t) for t in hand.concealed)
    if (not hand.melds and not yakuman and not is_chiitoitsu and len(counts) == 7
            and all(n == 2 for n in counts.values())):
        # seven distinct pairs read as chows (twice pure double chows): the other reading said,
        # as 002's own example does, for a player who counted seven pairs
        excluded.append(ExcludedItem("chiitoitsu", YAKU_NAMES["chiitoitsu"][0], "", "", "002 §3.4.9, §4.2.2",
                                     YAKU_NAMES["chiitoitsu"][1], "these tiles also make seven pairs: the reading "
                                     "that scores more is counted"))
    _highlight(items, hand, decomposition, ctx)
    value = hand_payment(han, fu, dealer, yakuman=bool(yakuman))

    pao_of = next((a for a, _ in yakuman[:1] if a in _PAO_YAKU), None)
    pao_yaku = _PAO_YAKU[pao_of] if pao_of else ""
    # a liable player given as none (null) names nobody: nothing to ignore, nothing to say
    named = ctx("liable_player") if "liable_player" in hand.context else None
    liable = named if yakuman else None
    if named is not None and not yakuman:
        warnings.append("liable player ignored: pao applies only to Big Three Dragons and Big Four Winds (002 §3.3.9)")
    if liable and pao_yaku and not _pao_fed(hand, pao_of, liable):
        warnings.append(f"liable player ignored: pao needs every set of {pao_yaku} exposed as a meld, one of "
                        f"them claimed from the liable player ({liable}) (002 §3.3.9)")
        liable = None
    if (riichi or double_riichi) and "riichi_sticks" not in hand.context:
        # a learner scoring a riichi hand alone missed the 1,000 of the stick put down (002 §3.3.14)
        # (in words, not the field's name: "give riichi_sticks" and "not even the winner's own, which
        # comes back to the winner" read as a contradiction to a beginner); `mjtable score`, the API
        # and the review page count the winner's own when none is given (scorer.context.with_own_riichi_stick)
        warnings.append("riichi sticks not given: none is counted; the winner takes back their own stick and any "
                        "others on the table (002 §4.1): give the number of riichi sticks on the table, the "
                        "winner's included, to count them")
    discarder = None if tsumo else ctx("discarder")
    payments = settle(value, dealer=dealer, tsumo=tsumo, seat_wind=seat,
                      seats_known="seat_wind" in hand.context, discarder=discarder,
                      honba=ctx("honba"), riichi_sticks=ctx("riichi_sticks"),
                      liable=liable if pao_yaku else None, pao_yaku=pao_yaku,
                      robbed_kong=("declared" if chankan and getattr(decomposition, "form", "") == "thirteen_orphans"
                                   else bool(chankan)),
                      own_stick=bool(riichi or double_riichi))
    if liable and not pao_yaku:
        warnings.append("liable player ignored: pao applies only to Big Three Dragons and Big Four Winds (002 §3.3.9)")
    points = sum(p.amount for p in payments)
    hand_value = value.ron if not tsumo else (3 * value.tsumo_dealer if dealer
                                              else value.tsumo_dealer + 2 * value.tsumo_other)
    extra = {"han": han, "fu": fu, "fu_breakdown": fu_breakdown, "limit": value.limit, "basic_points": value.basic,
             "hand_value": hand_value, "points": points, "total_unit": "points received",
             "dealer": dealer, "self_drawn": tsumo,
             "warnings": warnings}
    if liable and pao_yaku and not tsumo and discarder is None:
        # shared with a discarder not named, who may be the liable player himself (002 §3.3.9 shares
        # it only with « un autre joueur »)
        warnings.append("the discarder is not named: the hand is shared with the liable player; if the liable "
                        "player discarded the winning tile, they pay it all: name the discarder (002 §3.3.9)")
    if liable and pao_yaku and (tsumo or liable != (discarder or "discarder")):
        # who pays it instead (002 §3.3.9), for the payment lines: they said the dealer and the others
        # paid shares while the settlement under them had the liable player pay it all
        extra["pao"] = {"liable": liable, "yaku": pao_yaku}
    if (riichi or double_riichi) and ctx("riichi_sticks"):
        # the winner's own stick is among those received (002 §4.1): the hand's gain is 1000 less
        # (a secretary read "3,000 points received" beside a game log of +2,000). The caller gives
        # riichi_sticks to the winner who collects them only (a double ron's first after the discarder)
        extra["net_gain"] = points - 1000
    if ctx("dora_indicators"):
        # the dora are the tiles after the indicators (002 §4.1.3): said even when none is held, for
        # a player who typed the dora itself as the indicator
        extra.update(dora_tiles=[T.next_tile(c) for c in ctx("dora_indicators")],
                     dora_held=_dora_held(hand, ctx("dora_indicators")),
                     # as given (a red five's 0 kept): "10m" typed for a 1m was read 1m and a red 5m
                     dora_indicators=list(ctx("dora_indicators")))
    return ScoreResult(rules=NAME, valid=True, total=points, items=items, excluded=excluded,
                       decomposition=decomposition, payments=payments, assumed=ctx.assumed(),
                       options=opts, extra=extra)
