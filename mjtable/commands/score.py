"""``mjtable score HAND --rules R [--json]``: score a hand given as notation or hand JSON."""
from __future__ import annotations

import json
import sys


def register(sub) -> None:
    from ..context_args import add_context_arguments
    p = sub.add_parser("score", help="score a hand written in notation or as hand JSON")
    p.add_argument("hand", help='notation such as "[555p,1]123m456p789s1z 1z" (mpsz groups, E S W N P F C, '
                   '[exposed meld], (concealed kong), the winning tile last after a space; the whole notation: '
                   'README, "Tiles and hand notation") or hand JSON (also the JSON of `mjtable read --json`, its '
                   'hand edited); - reads stdin')
    p.add_argument("--rules", default=None, help="mcr (the default; also official, officiel), riichi (ema, japonais), hk (hongkong, \"Hong Kong\"), classical (classic, classique), or all")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--detail", action="store_true",
                   help="with --rules all: print each rule set in full instead of side by side")
    p.add_argument("--explain", action="store_true",
                   help="say under each scored line what the hand must show to score it (the words of the table, "
                        "han, fu, basic points, honba, uma..., are explained on the web app's Words page: mjtable "
                        "serve, then /words/)")
    p.add_argument("--lang", choices=("en", "fr"), default="en",
                   help="the language of the result as text (fr: French, the rule documents' names)")
    add_context_arguments(p)
    p.set_defaults(func=run)


def run(args) -> int:
    import scorer
    from scorer.notation import notes as notation_notes
    from ..context_args import context_from_args, options_from_args, with_own_stick
    from ..render import Words, format_result, format_side_by_side
    text = sys.stdin.read() if args.hand == "-" else args.hand
    text, why = hand_of_output(text)
    if why:
        if args.json:       # as every other refusal under --json: the error on stdout
            print(json.dumps({"error": {"code": "no_hand", "message": why}}))
        else:
            print(f"error: {why}", file=sys.stderr)
        return 2
    told = args.rules is not None
    args.rules = scorer.rules_name(args.rules or "mcr")      # "HK" and "hongkong" are hk
    if args.explain and args.rules == "all" and not args.detail:
        args.detail = True          # explained lines need each rule set in full
    if args.detail and args.rules != "all":
        print("error: --detail applies to --rules all (one rule set is always printed in full)", file=sys.stderr)
        return 2
    names = list(scorer.RULE_SETS) if args.rules == "all" else [args.rules]
    try:
        if args.rules != "all" and args.rules not in scorer.RULE_SETS:
            # the scorer's own refusal names the four rule sets, not "all" nor the other names
            raise scorer.RulesError("unknown_rules", f"unknown rule set {args.rules!r}: choose mcr, riichi, hk or "
                                    "classical, or all to compare them side by side (their other names: "
                                    "mjtable score --help)", field="rules")
        typed = context_from_args(args)
        hand = scorer.to_hand(text, typed)
        if args.rules == "riichi":
            hand = with_own_stick(hand)
        options = options_from_args(args)
        if args.rules == "all" and options:
            raise scorer.RulesError("bad_option", "--option applies to one rule set; use --rules NAME")
        # side by side too, riichi counts the winner's own stick (it said 5,800 there, 6,800 alone)
        results = [scorer.score(with_own_stick(hand) if name == "riichi" and args.rules == "all" else hand,
                                name, options) for name in names]
        if not told:
            _riichi_flags_need_rules(hand, results[0], set(typed))
    except (scorer.HandError, scorer.RulesError) as e:
        if args.json:
            print(json.dumps({"error": e.to_dict()}))
        else:
            # a hand typed in notation has no JSON fields: "(field concealed)" named none a player wrote
            notation = isinstance(e, scorer.HandError) and not text.lstrip().startswith("{")
            said = e.said(field=not notation)
            if args.lang == "fr":       # as the web pages say it in French (a family read "too many tiles")
                words = Words(french=True)
                with words.context(args.rules if args.rules in scorer.RULE_SETS else None):
                    said = words.msg(e.to_dict())
                    if e.field is not None and not notation:    # a JSON hand's field, as in English
                        said += f" ({words.t('field {f}', f=e.field)})"
                    if e.position is not None:
                        said += f" ({words.t('character {n}', n=e.position + 1)})"
            print(f"{'erreur :' if args.lang == 'fr' else 'error:'} {said}", file=sys.stderr)
            if e.excerpt() is not None:     # the notation, and a caret under the character at fault
                before, at, after = e.excerpt()
                print(f"  {before}{at}{after}\n  {' ' * columns(before)}^", file=sys.stderr)
        return 2
    # how a typed hand was read where another app reads it otherwise (a bare [EEEE], the winning tile)
    notes = [] if text.lstrip().startswith("{") else notation_notes(text, args.rules)
    if args.json:
        payload = {"hand": hand.to_dict(), "notation": scorer.format_hand(hand), "notes": notes}
        if args.rules == "all":
            payload["scores"] = {r.rules: r.to_dict() for r in results}
        else:
            payload["score"] = results[0].to_dict()
        print(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        words = Words(french=args.lang == "fr")
        if args.rules == "all" and not args.detail:
            with words.context():
                print(format_side_by_side(results, scorer.format_hand(hand), words))
        else:
            said = []
            for r in results:
                with words.context(r.rules):    # each rule set in its own document's words
                    said.append(format_result(r, scorer.format_hand(hand), explain=args.explain, words=words))
            print("\n\n".join(said))
        with words.context(args.rules if args.rules in scorer.RULE_SETS else None):
            for note in notes:
                print(f"{'remarque :' if args.lang == 'fr' else 'note:'} {words.msg(note['message'])}")
    impossible = [(r.error or {}).get("code") == "bad_context" for r in results]
    if all(impossible) if args.rules == "all" else any(impossible):
        return 2        # a context no play can give is an input error (side by side: under every rule set)
    if args.rules == "all":     # side by side: a win under at least one rule set is a win
        return 0 if any(declarable(r) for r in results) else 1
    return 0 if all(declarable(r) for r in results) else 1


def _riichi_flags_need_rules(hand, result, typed: set) -> None:
    """Refuses flags only riichi scores (``--riichi``, ``--dora-indicators``) given without
    ``--rules``: a beginner's riichi hand was scored under MCR, the default, its flags said unused at
    the bottom of an MCR refusal. Only the flags ``typed``, not a hand JSON's own context, and only
    those no other rule set scores (Hong Kong's heavenly hand is ``--tenhou`` too)."""
    import scorer
    unused = [k for k in result.unused if k in typed]
    if result.rules != "mcr" or not unused:
        return
    others = {name: set(scorer.score(hand, name).unused) for name in scorer.RULE_SETS if name != "mcr"}
    riichi_only = [k for k in unused if k not in others.get("riichi", {k})
                   and all(k in left for name, left in others.items() if name != "riichi")]
    if riichi_only:
        flags = ", ".join("--" + k.replace("_", "-") for k in riichi_only)
        # "riichi scores it, and the rules are MCR's unless..." read as a riddle to a beginner
        raise scorer.RulesError("bad_option", (
            f"{flags}: only the Japanese rules (riichi) score them; without --rules the hand is scored under MCR: "
            "add --rules riichi (or --rules all to compare)") if len(riichi_only) > 1 else (
            f"{flags}: only the Japanese rules (riichi) score it; without --rules the hand is scored under MCR: "
            "add --rules riichi (or --rules all to compare)"))


def hand_of_output(text: str) -> tuple[str, str | None]:
    """The hand JSON within the JSON that `mjtable read --json` or `mjtable score --json` print
    (its "hand", context included), so that a reading edited by the player can be scored again;
    any other text as it is. (text, None), or (text, why) when that output holds no hand."""
    import json
    if not text.lstrip().startswith("{"):
        return text, None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return text, None           # the scorer says where it does not parse
    if not isinstance(data, dict) or "hand" not in data or "concealed" in data:
        return text, None
    if not isinstance(data["hand"], dict):
        why = data.get("no_hand") or "no winning hand was rebuilt"
        return text, f"this reading holds no hand ({why}): type the hand in notation instead"
    return json.dumps(data["hand"]), None


def columns(text: str) -> int:
    """How many columns ``text`` takes on a terminal: a full-width character (１２３ｍ, typed with a
    Japanese or Chinese input method) takes two, so a caret counted in characters stood under the
    wrong tile."""
    import unicodedata
    return sum(2 if unicodedata.east_asian_width(ch) in "FW" else 1 for ch in text)


def declarable(result) -> bool:
    """Whether the result is a winning hand that may be declared: a valid hand, and under MCR one
    that reaches the 8-point minimum without its flowers (000, Déroulement)."""
    return result.wins
