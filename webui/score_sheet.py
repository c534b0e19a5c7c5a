"""The printable score sheet of a game, per rule set: one line per hand (round, dealer,
counters and sticks for riichi, what happened, each player's change and running points), the
final table (EMA: points, points - 30,000, uma, the score in points and divided by 1,000).
:func:`sheet` builds it for the print view (templates/game_sheet.html) and :func:`pdf` writes
it as a PDF with the standard Helvetica font (no library needed), the letters Helvetica lacks
(names in Chinese...) in a font of this machine's, embedded (webui/pdf_font.py)."""
from __future__ import annotations

import itertools
import re
import unicodedata

from scorer.flow.riichi import STICK

from . import gamelog
from .i18n import LOSERS_SETTLE, WINDS, day_words, english_number, house_rules_text
from .pdf_font import font_index, hex_text, second_fonts
from .store import Store


round_label = gamelog.round_label


def english(text: str, **fields) -> str:
    """The page words as written (English), its fields put in and its "(s)" settled by a count
    ``n``: the ``tr`` of an English sheet."""
    n = fields.get("n")
    if isinstance(n, int) and not isinstance(n, bool):
        text = re.sub(r"\((e?s)\)", "" if n == 1 else r"\1", text)
    return text.format(**fields) if fields else text


def _notations(h: dict, players: list[str]) -> list[str]:
    """Each winner's hand as written, named where a discard had several winners (two hands under
    one result left the table to work out whose was whose)."""
    wins = [w for w in gamelog.wins_of(h) if w.get("notation")]
    if len(wins) < 2:
        return [w["notation"] for w in wins]
    from flask import has_request_context

    from .i18n import colon
    said = colon() if has_request_context() else ":"       # « Chloé : » on a French sheet
    return [f"{players[w['winner']]}{said} {w['notation']}" for w in wins]


def sticks_text(h: dict, winner: int, tr=english, number=english_number, fallback: int = 0) -> str:
    """The riichi sticks ``winner`` took from the table in hand ``h``, in words, as the game page,
    the hand's page and the sheet say them ("" for none); ``fallback``: the sticks of a game
    recorded before the game flow, counted in its score itself."""
    sticks = gamelog.sticks_won(h, winner) or fallback
    out = []
    if sticks:
        # the winner's own stick of this hand among them: "+ 1,000 in riichi sticks" beside a change
        # of +3,900 read as a miscount to a club's organiser
        own = winner in (h.get("riichi") or []) and not gamelog.own_stick_back(h, winner)
        # their own stick alone: "their own among them" read as several (a tournament's organiser)
        out.append(tr("+ own riichi stick back") if own and sticks == STICK else
                   tr("+ {n} in riichi sticks, their own among them" if own else "+ {n} in riichi sticks",
                      n=number(sticks)))
    if gamelog.own_stick_back(h, winner):
        out.append(tr("+ own riichi stick back"))
    return " ".join(out)


def _yakuman_named(score: dict) -> str:
    """": Blessing of Heaven" after a riichi hand's "yakuman": which one (002 §4.2; a signed sheet's
    "48,000 (yakuman)" did not say what the hand was), in the page's language within a request."""
    from flask import has_request_context

    from .i18n import colon, fan_name
    paged = has_request_context()
    names = [fan_name(item) if paged else item.get("name_en") or item.get("id", "")
             for item in score.get("items") or [] if item.get("note") == "yakuman"]
    return f"{colon() if paged else ':'} {', '.join(names)}" if names else ""


def result_text(h: dict, players: list[str], flow, tr=english, number=english_number) -> str:
    """What happened in a hand, in one line (``tr``: the page's or the PDF's language; ``number``:
    how it writes a figure, ``webui.i18n.number``)."""
    name = lambda i: players[i] if i is not None else "?"
    if h["kind"] == "draw":
        if flow.has_riichi:
            tenpai = ", ".join(name(p) for p in h.get("tenpai") or []) or tr("nobody")
            return tr("draw (tenpai: {players})", players=tenpai)
        return tr("draw")
    if h["kind"] == "end":
        return tr("the players ended the game here")
    if h["kind"] == "penalty":
        text = tr("chombo by {player}" if flow.has_riichi else "false win by {player}", player=name(h["winner"]))
        # a tournament chombo moves no points in play (002 §3.4.6: after the uma): its row showed
        # 0 everywhere and the 20,000 appeared only in the final table
        penalties = (h.get("outcome") or {}).get("penalties") or []
        after_uma = penalties[h["winner"]] if h["winner"] is not None and h["winner"] < len(penalties) else 0
        if after_uma:
            text += " " + tr("({amount} after the uma)", amount=number(after_uma, signed=True))
        return text
    wins = gamelog.wins_of(h)
    parts = []
    added = False       # counters or sticks said after a total
    for w in wins:
        score = w.get("score") or {}
        # Hong Kong counts a hand in faan, paid by the reward table: said so, not taken for points
        unit = f" {tr('faan')}" if score.get("total_unit") == "faan" else ""
        # a total held at the table's limit says so (11 faan found, 10 paid, read "10 faan" on the
        # sheet and the CSV's 3 + 6 + 2 beside it)
        if isinstance(score.get("faan"), int) and isinstance(score.get("faan_counted"), int) \
                and score["faan"] > score["faan_counted"]:
            unit += f" ({tr('capped: {n} faan found', n=score['faan'])})"
        elif score.get("limit_reached"):
            unit += f" ({tr('the limit')})"
        # the points the reward table pays for them (004, « Tableau des récompenses »): the row's
        # changes are made of these, and "4 faan" beside "+48" did not say how
        if score.get("total_unit") == "faan" and isinstance(score.get("points"), int):
            unit += f" ({tr('reward: {n} point(s)', n=score['points'])})"
        # a riichi hand's han and fu (or its limit), by which its points are checked against the
        # table (002 §4.1): "12,000" alone could not be
        if score.get("han") is not None:
            # in the review page's words ("4 han · 20 minipoints" in French, not "4 han 20 fu")
            unit += (f" ({score['limit']}{_yakuman_named(score)})" if score.get("limit")
                     else f" ({tr('{han} han · {fu} fu', han=score['han'], fu=score.get('fu', 0))})")
        # the hand's value as the table of 002 §6 gives it, the counters apart (002 §8's sheet keeps
        # « Valeur de la main » and « Riichi & compteurs » apart): "8,600 (mangan)" was no mangan
        total = score.get("total", "")
        value, counters = gamelog.value_and_counters(w)
        if counters:
            unit += " " + tr("+ {n} in counters", n=number(counters))
            added = True
        # the sticks taken from the table apart: the review page's total counts them, the row's
        # change too, and "8,300" beside "+9,300" left a player asking which was the score (a
        # game recorded before the game flow counted them in the score itself)
        said = sticks_text(h, w["winner"], tr, number,
                           fallback=total - value - counters if counters and isinstance(total, (int, float)) else 0)
        if said:
            unit += " " + said
            added = True
        parts.append(f"{name(w['winner'])} {number(value)}{unit}")
    how = (tr("by self-draw") if h["discarder"] is None
           else tr("robbing {player}'s kong", player=name(h["discarder"])) if robbed_kong(wins)
           else tr("on {player}'s discard", player=name(h["discarder"])))
    # a self-draw of a kong's replacement tile, as the game page says it: "4 faan by self-draw"
    # beside items that count the replacement read as a miscount
    if h["discarder"] is None and any((w.get("context") or {}).get("kong_replacement") for w in wins):
        how += " · " + tr("kong replacement")
    # the last tile of the wall or its discard, said as the game page says it: a last-tile win's
    # 8 points stood on the signed sheet with nothing to explain them
    # (the one it was: "last tile of the wall, or its discard", the box's words, stood where a
    # club's sheet names the win, 000 n°40 and 41)
    if any((w.get("context") or {}).get("last_tile") for w in wins):
        how += " · " + (tr("the wall's last tile") if h["discarder"] is None else tr("the discard of the wall's last tile"))
    # the player liable pays what others would have (004 Bao, 002 §3.3.9 pao): named, or the
    # row's changes read as a wrong split (the discarder alone paying twice under payment 3)
    liable = next((s for s in (gamelog.liable_paying(w) for w in wins) if s is not None), None)
    if liable is not None:
        how += " · " + (tr("{player} liable (pao)", player=name(liable)) if flow.has_riichi
                        else tr("{player} liable (bao)", player=name(liable)))
    # classical: the others' hands' points the losers settled among themselves ([B] ch. I): the
    # row's changes are made of them, and the signed sheet could not show why a loser paid 144
    others = gamelog.others_hands(h, players, number, limit=gamelog.loser_limit(flow))
    if others:
        how += " · " + tr("the others' hands: {hands}", hands=others)
    # a comma before how it was won after counters or sticks: "8,000 (mangan) + own riichi stick back
    # on Ann's discard" read as the stick given back on the discard
    return f"{' & '.join(parts)}{',' if added else ''} {how}"


robbed_kong = gamelog.robbed_kong


def sheet(store: Store, game_id: int, tr=english, pdf_names: bool = False, number=english_number) -> dict:
    """The score sheet's rows and final table, in ``tr``'s language, its figures written by
    ``number`` (``webui.i18n.number``). ``pdf_names`` (the PDF, whose Helvetica writes WinAnsi
    only: Latin-1 with œ, €, curly quotes): a name is written as ``_pdf_spelling`` has it, and a
    name in a script no font of the PDF has is "player N", so that four names in Chinese do not
    all print as "????" where this machine has no font for them (``webui.pdf_font``)."""
    view = gamelog.game_view(store, game_id)
    game = view["game"]
    flow = gamelog.flow_of(game)
    # everyone who played each seat, in the order they sat down (a substitute after the player
    # of the start: gamelog.substitute)
    seat_names = gamelog.seat_names(view)
    # by the name as it reads (gamelog.name_key): a player back as "cy" is Cy, spelt as first written
    spelled = {gamelog.name_key(n): n for names in seat_names for n in names}
    substituted = False
    if pdf_names:
        everyone = [(p, n) for p, names in enumerate(seat_names) for n in names]
        written = [_pdf_spelling(n) for _, n in everyone]
        # two names written alike once their symbols are left out ("Léa 🀄" and "Léa") are the
        # players' numbers: the signed sheet would name one player twice
        alike = [w.casefold() if w else None for w in written]
        written = [None if w is not None and alike.count(w.casefold()) > 1 else w for w in written]
        substituted = None in written
        spelled = {gamelog.name_key(n): w if w is not None else tr("player {n}", n=p + 1)
                   for (p, n), w in zip(everyone, written)}
    spell = (lambda n: spelled.get(gamelog.name_key(n), n))
    players = [" / ".join(spell(n) for n in names) for names in seat_names]
    rows = []
    for h in view["hands"]:
        hp = [spell(n) for n in h["played_by"]]
        end = h["kind"] == "end"
        # the players' end of the game was played in no deal: no round or dealer beside it (it read
        # "W1 Ann", a West-round deal that was never dealt)
        rows.append({"seq": h["seq"], "round": "" if end else round_label(h, flow, tr),
                     "dealer": "" if end else hp[h["dealer"]],
                     "riichi": ", ".join(hp[p] for p in h.get("riichi") or []),
                     "sticks": h.get("sticks", 0), "result": result_text(h, hp, flow, tr, number), "note": h["note"],
                     "notations": _notations(h, hp),
                     "deltas": h["deltas"], "points": [flow.start_points + t for t in h["totals"]],
                     "after_end": (h.get("outcome") or {}).get("after_end", False),
                     # the players' end of the game: a line of the sheet, not a hand (no number, no
                     # points moved: "3 ... 0 0 0 0" read as a hand that scored nothing)
                     "end": end})
    final = view["final"]
    if final:
        for r in final:
            r["player"] = spell(r["player"])
            for share in r.get("shares") or []:
                share["name"] = spell(share["name"])
            r["result"] = r["points"] - flow.start_points
            r["score_k"] = r["score"] / 1000
    return {"game": game, "flow": view["flow"], "players": players, "rows": rows, "final": final,
            "score_differs": bool(final) and _score_differs(final), "start_points": flow.start_points, "points": view["points"], "finished": view["finished"],
            "renamed": substituted, "house_rules": house_rules_text(game["rules"], game.get("options"), tr,
                                             # the sheet says its starting points on their own
                                             {**game.get("flow", {}), "start_points": None}, number),
            "name": (game["name"] if not pdf_names else _pdf_spelling(game["name"]) or " / ".join(players)),
            "next": None if view["finished"] else {"dealer": spell(view["seated"][view["dealer"]]),
                                                   "round_wind": view["round_wind"],
                                                   "honba": view["honba"], "riichi_sticks": view["riichi_sticks"]},
            "riichi": flow.has_riichi}


# -- PDF ------------------------------------------------------------------------------------------
PAGE_W, PAGE_H = 842, 595          # A4 landscape, in points
MARGIN = 36
LINE = 13
WRAP = 10          # from one line of a wrapped cell to the next (8-point text)


def _winansi(s: str) -> bool:
    """Whether the PDF's Helvetica can write ``s``: WinAnsi (cp1252) is Latin-1 with œ, €, curly
    quotes and dashes where Latin-1 has control characters."""
    try:
        s.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


#: Latin letters that no accent removed from: written as the letter their readers take them for.
_LATIN_BASE = str.maketrans({"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "ı": "i", "Ŧ": "T",
                             "ŧ": "t", "Ŀ": "L", "ŀ": "l", "ĸ": "k", "Ŋ": "N", "ŋ": "n", "ſ": "s"})


def _winansi_spelling(s: str) -> str | None:
    """``s`` as the PDF's Helvetica can write it: as it is when WinAnsi has every letter; else
    its Latin letters without the accents WinAnsi lacks (« Kenji Satō » → "Kenji Sato",
    « Łucja Wójcik » → "Lucja Wójcik"); None when letters of another script are left."""
    import unicodedata
    if _winansi(s):
        return s
    out = []
    for c in s.translate(_LATIN_BASE):
        if not _winansi(c):
            c = "".join(k for k in unicodedata.normalize("NFKD", c) if not unicodedata.combining(k))
        out.append(c)
    spelled = unicodedata.normalize("NFC", "".join(out))
    return spelled if _winansi(spelled) else None


def _pdf_spelling(s: str) -> str | None:
    """``s`` as the PDF can write it: as it is when Helvetica and the other fonts
    (``webui.pdf_font``) have its every letter between them; else its Latin letters without the
    accents Helvetica lacks (``_winansi_spelling``: « Nguyễn » was "Nguyen" though this machine
    had a font for ễ); None when neither can."""
    s = _without_symbols(s)
    if not s:
        return None
    if all(_winansi(c) or font_index(c) is not None for c in s):
        return s
    return _winansi_spelling(s)


def _without_symbols(s: str) -> str:
    """``s`` less the symbols no font of the PDF writes (emoji, 🀄, their joiners, variation
    selectors and skin tones), its spaces closed up: « Léa 🀄😀 » is "Léa", where the whole name
    was "player 4" on the signed sheet. Letters stay, whatever their script."""
    import unicodedata

    def drawn(c: str) -> bool:
        if _winansi(c) or font_index(c) is not None:
            return True
        if c == "\u200d" or "\ufe00" <= c <= "\ufe0f":       # a joiner, a variation selector
            return False
        return unicodedata.category(c) not in ("So", "Sk", "Cs", "Co", "Cf", "Me")   # Cf, Me: tags, keycaps
    return " ".join("".join(c for c in s if drawn(c)).split())


def _font_of(ch: str) -> int | None:
    """Which of the other fonts (``webui.pdf_font.second_fonts``) writes ``ch``: None where
    Helvetica does, or where no font has it."""
    return None if _winansi(ch) else font_index(ch)


def _pdf_text(s) -> str:
    """A string for a PDF literal in WinAnsi (cp1252, the font's encoding): other characters
    become '?'."""
    text = str(s).encode("cp1252", "replace").decode("cp1252")
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


# Helvetica's advance widths (its AFM, thousandths of an em) for the ASCII it prints; an accented
# letter is as wide as its letter, other characters as a digit.
_WIDTHS = dict(zip(
    " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~",
    (278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, *[556] * 10, 278, 278, 584,
     584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778,
     722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
     556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
     334, 584)))
_WIDTHS.update({"\xa0": 278, "\u2026": 1000, "\u2014": 1000, "\u2019": 222, "\u00b7": 278})


def _width(s, size: float) -> float:
    """The width of ``s`` at ``size`` points: in Helvetica, the letters it lacks in the other fonts
    where one has them (``webui.pdf_font``)."""
    em = 0
    for ch in str(s):
        w = _WIDTHS.get(ch)
        if w is None:
            k = _font_of(ch)
            w = second_fonts()[k].width(ch) if k is not None else \
                _WIDTHS.get(unicodedata.normalize("NFD", ch)[:1], 556)
        em += w
    return em * size / 1000


#: Where a text (a hand's note) goes to a new line; \s would also take a figure's no-break space.
LINE_BREAK = re.compile(r"\r\n|[\r\n\v\f\u2028\u2029]")


def _fit(s, width_pt: float, size: float) -> str:
    """``s`` cut to ``width_pt``, an ellipsis where it was cut (on one line: its line breaks are spaces)."""
    s = LINE_BREAK.sub(" ", str(s).replace("\t", " "))
    if _width(s, size) <= width_pt:
        return s
    while s and _width(s + "\u2026", size) > width_pt:
        s = s[:-1]
    return s + "\u2026"


def _wrap(s, width_pt: float, size: float, max_lines: int = 6) -> list[str]:
    """``s`` in lines of ``width_pt`` at most, broken between words (a word wider than a line is
    broken where it must, a hyphen ending the line: "Featherstoneh-" over "augh", not
    "Featherstoneha" over "ugh"); the last line cut with an ellipsis past ``max_lines``. A line
    break in ``s`` (a note of several lines) starts a new line: dropped, it glued "line1line2"."""
    lines = [line for p in LINE_BREAK.split(str(s).replace("\t", " ")) for line in _wrap_paragraph(p, width_pt, size)]
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [_fit(" ".join(lines[max_lines - 1:]), width_pt, size)]
    return lines


def _wrap_paragraph(s: str, width_pt: float, size: float) -> list[str]:
    """``_wrap``'s lines of one paragraph, as many as it takes."""
    lines, line = [], ""
    # a word goes whole to the next line where it fits one; a double name wider than a line breaks
    # after its hyphen, its first half on the line begun: "von Hohenstein-" over "Lichtenberg"
    pieces = []
    for word in str(s).split(" "):
        halves = [word] if _width(word, size) <= width_pt else re.split(r"(?<=\w-)(?=\w)", word)
        pieces += [(half, k == 0) for k, half in enumerate(halves)]
    for word, spaced in pieces:
        candidate = (f"{line} {word}" if spaced else line + word) if line else word
        if _width(candidate, size) <= width_pt:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = word
        while _width(line, size) > width_pt and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and _width(line[:cut], size) > width_pt:
                cut -= 1
            if "-" in line[1:cut]:          # a double name breaks after its hyphen
                cut = line.rindex("-", 1, cut) + 1
                lines.append(line[:cut])
            else:                           # a long word: a hyphen says it goes on
                while cut > 2 and _width(line[:cut] + "-", size) > width_pt:
                    cut -= 1
                lines.append(line[:cut] + "-")
            line = line[cut:]
    lines.append(line)
    return lines


PAD = 6        # points between two columns' texts (the widths are estimated)
NOTATION = 9   # from one winner's hand (7-point text) to the next, under a result


def _dealer_width(players: list[str], riichi: bool, player_w: float) -> float:
    """The Dealer column: at least as wide as the longest word of a name (no "Featherstoneha"
    over "ugh"), and wider, up to 110 points, while a name takes more than two lines there; the
    result beside it keeps 230 points (riichi, with its two more columns, keeps the 64 points the
    column had, or its longest word)."""
    words = [w for p in players for w in str(p).split(" ")]
    longest = max((_width(w, 8) for w in words), default=0) + PAD + 1
    others = 22 + 40 + (76 + 34 if riichi else 0) + 8 * player_w
    most = max(64, min(110, PAGE_W - 2 * MARGIN - others - 230))
    width = max(64, min(longest, 110))
    while width < most and any(len(_wrap(p, width - PAD, 8)) > 2 for p in players):
        width += 2
    return width


def _at(x: float, w: float, align: str) -> float:
    """Where a column's text is drawn: a left-aligned one a little in, a right-aligned one ends short
    of the next column."""
    return x + PAD / 2 if align == "l" else x + w - PAD / 2


def _state(sh: dict, tr, number=english_number) -> str:
    """What the print view's header says beside the players: starting points, and the next hand
    of a game in play (with counters and sticks under riichi)."""
    out = f"   {tr('starting points')} {number(sh['start_points'])}" if sh["start_points"] else ""
    if not sh["finished"]:
        nxt = sh["next"]
        out += (f"   {tr('in play: next hand')} {tr('{wind} round', wind=tr(WINDS[nxt['round_wind']]))}, "
                f"{tr('{player} deals', player=nxt['dealer'])}")
        if sh["riichi"]:
            out += (f", {tr('{n} counter(s)', n=nxt['honba'])}, "
                    f"{tr('{n} riichi stick(s) on the table', n=nxt['riichi_sticks'])}")
    return out


def _lines(sh: dict, tr=english, number=english_number) -> list[list[tuple]]:
    """Pages of drawing commands: ("text", x, y, size, text, align), ("rule", y) across the page
    and ("line", x0, x1, y); ``tr``: the language of the headings."""
    players = sh["players"]
    riichi = sh["riichi"]
    player_w = 44
    cols = [("#", 22, "r"), (tr("Deal"), 40, "l"), (tr("Dealer"), _dealer_width(players, riichi, player_w), "l")]
    if riichi:
        cols += [(tr("Riichi"), 76, "l"), (tr("Sticks"), 46, "r")]      # "Bâtonnets" whole
    result_i = len(cols)
    cols += [(tr("Result"), 0, "l")]
    fixed = sum(w for _, w, _ in cols) + 8 * player_w
    cols[-1] = (tr("Result"), PAGE_W - 2 * MARGIN - fixed, "l")
    result_x = MARGIN + sum(w for _, w, _ in cols[:-1])     # where each winner's hand goes, under the result
    result_w = cols[-1][1]
    players_x = PAGE_W - MARGIN - 8 * player_w    # each name over its two columns: change, then points
    for p in players:
        cols.append(("±", player_w, "r"))
        cols.append((tr("points") if riichi else tr("total"), player_w, "r"))
    pages, page = [], []
    y = PAGE_H - MARGIN

    def header():
        nonlocal y
        g = sh["game"]
        width = PAGE_W - 2 * MARGIN
        # its kind of game as the print view says it (a tournament's −20,000 chombo was unexplained)
        kind = "".join(f" ({tr(w)})" for w, on in (("half game", sh["flow"].get("east_only")),
                                                     ("tournament", sh["flow"].get("tournament"))) if on)
        title = _wrap(f"{sh['name']} - {tr(sh['flow']['title'])}{kind} - {tr('score sheet')}", width, 14, max_lines=2)
        for k, text in enumerate(title):
            page.append(("text", MARGIN, y - 16 * k, 14, text, "l"))
        y -= 18 + 16 * (len(title) - 1)
        who = _wrap(tr("Players: {players}   Created {date}", players=", ".join(players),
                       date=day_words(g["created"])),
                    width, 9, max_lines=2)
        for k, text in enumerate(who):
            page.append(("text", MARGIN, y - LINE * k, 9, text, "l"))
        y -= LINE * (len(who) - 1)
        if sh.get("renamed"):
            y -= LINE
            note = tr("A name in a script this PDF cannot write is shown as player 1 to 4; the print view shows every name.")
            page.append(("text", MARGIN, y, 9, note, "l"))
        if sh.get("house_rules"):
            for text in _wrap(sh["house_rules"], width, 9, max_lines=2):
                y -= LINE
                page.append(("text", MARGIN, y, 9, text, "l"))
        if g.get("rules") == "classical":
            # said as the print view and the game page say it: the losers' own settlement is not in these figures
            for text in _wrap(tr(LOSERS_SETTLE), width, 9, max_lines=3):
                y -= LINE
                page.append(("text", MARGIN, y, 9, text, "l"))
        state = _state(sh, tr, number).strip()
        if state:                 # a line of its own: long names would push it off the page
            y -= LINE
            page.append(("text", MARGIN, y, 9, state, "l"))
        y -= LINE + 4
        tallest = 1
        for i, p in enumerate(players):     # a long name on as many lines as it takes, not cut
            lines = _wrap(p, 2 * player_w - PAD, 8)
            for k, text in enumerate(lines):
                page.append(("text", _at(players_x + 2 * player_w * i, 2 * player_w, "r"), y - k * WRAP, 8, text, "r"))
            tallest = max(tallest, len(lines))
        y -= tallest * WRAP
        x = MARGIN
        for title, w, align in cols:
            page.append(("text", _at(x, w, align), y, 8, _fit(title, w - PAD, 8), align))
            x += w
        y -= 4
        page.append(("rule", y))
        y -= LINE - 2

    header()
    for r in sh["rows"]:
        values = ["" if r["end"] else r["seq"], r["round"], r["dealer"]]
        if riichi:
            values += [r["riichi"], r["sticks"] or ""]
        values.append(r["result"] + (f" ({tr('after the end')})" if r["after_end"] else "")
                      + (f" - {r['note']}" if r["note"] else ""))
        for p in range(4):
            d = r["deltas"][p]
            values += ["", ""] if r["end"] else [number(d, signed=True) if d else "0", number(r["points"][p])]
        # words wrap within their column (who paid a ron, a second winner's points); figures fit
        cells = [_wrap(v, w - PAD, 8, max_lines=10) if align == "l" else [_fit(v, w - PAD, 8)]
                 for (title, w, align), v in zip(cols, values)]
        # each winner's hand right under the result's own lines, as the print view shows it, not
        # under a dealer's name on three lines: the row is as tall as its tallest column
        result_lines = len(cells[result_i])
        height = max(max(len(c) for c in cells) * WRAP, result_lines * WRAP + len(r["notations"]) * NOTATION)
        if y - height < MARGIN:
            pages.append(page)
            page, y = [], PAGE_H - MARGIN
            header()
        x = MARGIN
        for (title, w, align), cell in zip(cols, cells):
            for k, text in enumerate(cell):
                page.append(("text", _at(x, w, align), y - k * WRAP, 8, text, align))
            x += w
        for j, notation in enumerate(r["notations"]):
            page.append(("text", _at(result_x, result_w, "l"), y - result_lines * WRAP - j * NOTATION + 1, 7,
                         _fit(notation, result_w - PAD, 7), "l"))
        y -= height + LINE - WRAP
    page.append(("rule", y + LINE - 3))
    if sh["final"]:
        # the sticks left on the table at the end are in the winner's points (002 §3.6): a column
        # says how many, and the points less the start, as the print view does
        # the sticks and chombo columns only where a player has some, as the print view does (an
        # empty "Bâtonnets" column and a "0" chombo for each player read as figures to check)
        sticks = riichi and any(r.get("leftover_sticks") for r in sh["final"])
        chombo = riichi and any(r.get("penalty") for r in sh["final"])
        heads = [(tr("Rank"), 40, "r"), (tr("Player"), 150, "l"), (tr("Points"), 75, "r")] + (
            # in the points beside: "Points 39,500" then "Sticks 1,000" read as two sums to add
            [(tr("of which sticks"), 76, "r")] * sticks
            + [(f"{tr('Points')} - {number(sh['start_points'])}", 90, "r"), (tr("Uma"), 75, "r")]
            + [(tr("Chombo"), 75, "r")] * chombo
            + [(tr("Score"), 75, "r"), (f"{tr('Score')} / {number(1000)}", 80, "r")]
            if riichi else [(tr("Score"), 75, "r")] if sh["score_differs"] else [])
        # the players' column as wide as the longest name, where the page has the room (half of it
        # was empty while "Maximilian Alexander von Hohen..." was cut); a name wider still wraps
        room = PAGE_W - 2 * MARGIN - sum(w for _, w, _ in heads) + heads[1][1]
        widest = max(_width(r["player"], 9) for r in sh["final"]) + PAD + 1
        heads[1] = (tr("Player"), min(room, max(150, widest)), "l")
        wrapped = sum(len(_wrap(r["player"], heads[1][1] - PAD, 9, max_lines=3)) - 1 for r in sh["final"])
        # the players sign the final table, as tournament sheets ask: a line above each name, the
        # name whole under it (on two lines where it is long); the table and the lines on one page
        slot = (PAGE_W - 2 * MARGIN) / len(players)
        names = [_wrap(p, slot - 24, 8, max_lines=3) for p in players]
        signatures_h = 14 + 36 + 11 + WRAP * max(len(n) for n in names)
        # why a tournament's scores add up to -20,000 a chombo, as the print view says it
        penalties = sum(r.get("penalty") or 0 for r in sh["final"]) if chombo else 0
        note = "A chombo’s penalty is deducted after the uma and paid to no player (002 §3.4.6, tournament): the scores add up to {sum}, not 0."  # noqa: E501 - one string, as the page's
        chombo_note = _wrap(tr(note, sum=number(penalties)), PAGE_W - 2 * MARGIN, 8, max_lines=3) if penalties else []
        # who played a seat where a substitute sat in, as the print view says it
        shares_note = [line for text in gamelog.seat_shares(sh["final"], tr, number, sh["flow"].get("tournament"))
                       for line in _wrap(text, PAGE_W - 2 * MARGIN, 8, max_lines=4)]
        chombo_note += shares_note
        table_h = 16 + 4 + LINE * (1 + len(sh["final"])) + wrapped * (LINE - 2) + WRAP * len(chombo_note)
        y -= 10
        if y < MARGIN + table_h + signatures_h:
            pages.append(page)
            page, y = [], PAGE_H - MARGIN
        page.append(("text", MARGIN, y, 12, tr("Final result"), "l"))
        y -= 16
        x = MARGIN
        for title, w, align in heads:
            page.append(("text", _at(x, w, align), y, 9, _fit(title, w - PAD, 9), align))
            x += w
        y -= 4
        page.append(("rule", y))
        y -= LINE
        for r in sh["final"]:
            vals = [r["rank"], r["player"], number(r["points"])] + (
                [number(r["leftover_sticks"]) if r.get("leftover_sticks") else ""] * sticks
                + [number(r["result"], signed=True), number(r["uma"], signed=True)]
                + [number(r["penalty"]) if r.get("penalty") else ""] * chombo
                + [number(r["score"], signed=True), number(r["score_k"], signed=True, decimals=1)]
                if riichi else [number(r["score"])] if sh["score_differs"] else [])
            x = MARGIN
            tallest = 1
            for k, ((title, w, align), v) in enumerate(zip(heads, vals)):
                cell = _wrap(v, w - PAD, 9, max_lines=3) if k == 1 else [_fit(v, w - PAD, 9)]
                for j, text in enumerate(cell):
                    page.append(("text", _at(x, w, align), y - j * (LINE - 2), 9, text, align))
                tallest = max(tallest, len(cell))
                x += w
            y -= LINE + (tallest - 1) * (LINE - 2)
        for text in chombo_note:
            page.append(("text", MARGIN, y, 8, text, "l"))
            y -= WRAP
        y -= 14
        page.append(("text", MARGIN, y, 10, tr("Signatures"), "l"))
        y -= 36
        for i, lines in enumerate(names):
            x = MARGIN + slot * i
            page.append(("line", x, x + slot - 24, y))
            for k, text in enumerate(lines):
                page.append(("text", x, y - 11 - k * WRAP, 8, text, "l"))
        y -= 11 + WRAP * max(len(n) for n in names)
        if sh.get("money"):
            page, y = _money_lines(sh["money"], pages, page, y, tr, number)
    pages.append(page)
    return pages


def _money_lines(settled, pages: list, page: list, y: float, tr, number) -> tuple[list, float]:
    """The settlement in money under the signatures (the game page settled it and its PDF link
    carries the rate): each player's sum, who pays whom, and how it was reckoned, as the page says
    them; a new page where they do not fit."""
    from .money import money
    amount = lambda v, signed=False: money(v, settled.step, settled.unit, signed, number=number)
    said = [tr("{player}: {amount}", player=p, amount=amount(a, True)) for p, a in settled.amounts.items()]
    for a, b, m in settled.payments:
        said.append(tr("{payer} puts {amount} in the pot", payer=a, amount=amount(m)) if b is None else
                    tr("{payee} takes {amount} from the pot", payee=b, amount=amount(m)) if a is None else
                    tr("{payer} pays {payee} {amount}", payer=a, payee=b, amount=amount(m)))
    if not settled.payments:
        said.append(tr("Nobody pays: every sum rounds to 0."))
    reckoned = "Each player’s score × {rate} per {per} point(s), rounded to {step}, the sums adding up as the scores do (a step the rounding leaves over goes to the players rounded furthest, then by name: players level may get a step apart)."  # noqa: E501 - one string, as the page's
    reckoned = tr(reckoned, rate=money(settled.rate, settled.rate, settled.unit, number=number), n=settled.per,
                  per=number(settled.per), step=money(settled.step, settled.step, number=number))
    # why the sums do not add up to zero, as the page says it (the PDF left a pot unexplained)
    if settled.pot > 0:
        reckoned += " " + tr("The scores do not add up to zero (a penalty that leaves the table, as a tournament chombo does): what leaves it goes to the pot, paid by the penalty’s offender.")
    elif settled.pot < 0:
        reckoned += " " + tr("The scores add up to more than zero: what is received beyond what is paid comes from the pot.")
    how = _wrap(reckoned, PAGE_W - 2 * MARGIN, 8, max_lines=6)
    lines = [_fit(text, PAGE_W - 2 * MARGIN, 9) for text in said]
    if y - 30 - LINE * len(lines) - WRAP * len(how) < MARGIN:
        pages.append(page)
        page, y = [], PAGE_H - MARGIN
    y -= 24
    page.append(("text", MARGIN, y, 12, tr("Settled in money"), "l"))
    y -= 16
    for text in lines:
        page.append(("text", MARGIN, y, 9, text, "l"))
        y -= LINE
    for text in how:
        page.append(("text", MARGIN, y, 8, text, "l"))
        y -= WRAP
    return page, y


def pdf(sh: dict, tr=english, number=english_number) -> bytes:
    """The sheet as a PDF file: A4 landscape pages, Helvetica, right-aligned numbers; ``tr``: its
    language (WinAnsi text: French accents, œ and € print; other letters in the first font of this
    machine's that has them, ``webui.pdf_font``, else as "?"); ``number``:
    how it writes a figure (``webui.i18n.number`` with ``latin1``: a plain no-break space)."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    pages = _lines(sh, tr, number)
    # the letters Helvetica lacks, each in the subset of the first other font that has it (names
    # in Chinese, « Nguyễn »): /F2, /F3... in the fonts' order
    by_font: dict[int, set] = {}
    for page in pages:
        for cmd in page:
            if cmd[0] == "text":
                for ch in str(cmd[4]):
                    k = _font_of(ch)
                    if k is not None:
                        by_font.setdefault(k, set()).add(ch)
    fonts = b"/F1 %d 0 R" % font
    letters = {}           # letter -> (its font's resource name, {code point: glyph id})
    for n, k in enumerate(sorted(by_font), 2):
        obj, gids = second_fonts()[k].pdf_objects("".join(sorted(by_font[k])), add)
        fonts += b" /F%d %d 0 R" % (n, obj)
        letters.update({ch: (f"F{n}", gids) for ch in by_font[k]})
    pages_id = len(objects) + 1
    objects.append(b"")          # the page tree, written once its kids are known
    kids = []
    for page in pages:
        ops = ["0.2 w"]
        for cmd in page:
            if cmd[0] == "rule":
                ops.append(f"{MARGIN} {cmd[1]:.1f} m {PAGE_W - MARGIN} {cmd[1]:.1f} l S")
                continue
            if cmd[0] == "line":
                ops.append(f"{cmd[1]:.1f} {cmd[3]:.1f} m {cmd[2]:.1f} {cmd[3]:.1f} l S")
                continue
            _, x, y, size, text, align = cmd
            text = str(text)
            if align == "r":     # right-aligned: shift by the text's width
                x -= _width(text, size)
            if not any(c in letters for c in text):
                ops.append(f"BT /F1 {size} Tf {x:.1f} {y:.1f} Td ({_pdf_text(text)}) Tj ET")
                continue
            # runs of each font, one after the other (each Tj moves the pen past its run)
            runs = ("".join(run) for _, run in itertools.groupby(text, key=lambda c: letters.get(c, ("F1",))[0]))
            shown = " ".join(f"/{letters[r[0]][0]} {size} Tf {hex_text(r, letters[r[0]][1])} Tj" if r[0] in letters
                             else f"/F1 {size} Tf ({_pdf_text(r)}) Tj" for r in runs)
            ops.append(f"BT {x:.1f} {y:.1f} Td {shown} ET")
        stream = "\n".join(ops).encode("cp1252")
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %d %d] /Resources << /Font << %s >> >> "
                        b"/Contents %d 0 R >>" % (pages_id, PAGE_W, PAGE_H, fonts, content)))
    objects[pages_id - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
    return bytes(out)


def _score_differs(final: list[dict]) -> bool:
    """Whether a final table's scores say something its points do not (a tournament's ranks):
    under MCR they were the same figures twice."""
    return any(r["score"] != r["points"] for r in final)
