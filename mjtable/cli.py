"""``mjtable`` console entry point. Each subcommand lives in ``mjtable/commands/<name>.py`` and
exposes ``register(subparsers)`` (and, to keep an older argument form working,
``rewrite_argv(argv)``); they are discovered here so features add commands without editing a
central list."""
from __future__ import annotations

import argparse
import importlib
import re
import pkgutil
import sys

from . import __version__, commands


def command_modules() -> list:
    return [importlib.import_module(f"{commands.__name__}.{info.name}")
            for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name)]


#: Words players use for a win's context, and the flag that says it (the Japanese names 002 gives,
#: which a riichi beginner types first: each was refused with a bare pointer at --help); said only
#: where the command has that flag
PLAYERS_WORDS = {"--tsumo": "--self-drawn", "--ron": "--discarder (who discarded the winning tile)",
                 "--rinshan": "--kong-replacement", "--haitei": "--last-tile", "--houtei": "--last-tile",
                 "--chankan": "--robbing-kong",
                 "--dealer": "--seat-wind E", "--oya": "--seat-wind E", "--zimo": "--self-drawn"}


def _command_parser(parser: argparse.ArgumentParser, parsed) -> argparse.ArgumentParser:
    """The parser of the command ``parsed`` names (``record win``'s, not ``mjtable``'s)."""
    for dest in ("command", "action", "target"):
        name = getattr(parsed, dest, None)
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not isinstance(name, str) or not subs or name not in subs[0].choices:
            break
        parser = subs[0].choices[name]
    return parser


def _intermixed(parser: argparse.ArgumentParser, parsed, args: list[str]):
    """``parsed`` again where its command takes a list of words after its flags too (``record win
    1 --winner Ann --self-drawn HAND``: argparse closed the hands after the game id and refused the
    hand as an unrecognized argument, in English, after a French player's flags); None where it
    does not."""
    command = _command_parser(parser, parsed)
    if command is parser or not any(a.nargs in ("*", "+") for a in command._get_positional_actions()):
        return None
    rest = args
    for dest in ("command", "action", "target"):        # the words that named the command
        name = getattr(parsed, dest, None)
        if isinstance(name, str) and name in rest:
            rest = rest[rest.index(name) + 1:]
    again = command.parse_intermixed_args(rest)
    for key, value in vars(again).items():
        setattr(parsed, key, value)
    return parsed


#: Whether the command line being parsed asks for French (``--lang fr``), and its words, set by
#: ``main``: argparse refuses an argument before the command has read its language.
_FRENCH = False
_WORDS: list[str] = []


def _asks_french(argv: list[str]) -> bool:
    return any(w == "--lang=fr" or (w == "--lang" and i + 1 < len(argv) and argv[i + 1] == "fr")
               for i, w in enumerate(argv))


def _refusal(prog: str, message: str, hints: list[str] = ()) -> str:
    """argparse's refusal of ``prog``'s arguments, with the pointer to its --help, in French where
    the command line asks for it (`record win --lang fr` without its game was refused in English)."""
    if _FRENCH:
        from .french_lines import french_text
        return (f"{prog} : erreur : {french_text(message) or message}\n"
                + "".join(f"({french_text(line) or line})\n" for line in hints)
                + f"({prog} --help liste les arguments)\n")
    return f"{prog}: error: {message}\n" + "".join(f"({line})\n" for line in hints) + f"({prog} --help lists the arguments)\n"


def _players_words(words, flags) -> list[str]:
    """"--tsumo: --self-drawn" for each of ``words`` that is a player's word for one of ``flags``
    (a command's own flags are not such words)."""
    out = []
    for w in words:
        said = PLAYERS_WORDS.get(w.split("=")[0])
        if said and w.split("=")[0] not in flags and said.split()[0] in flags and f"{w}: {said}" not in out:
            out.append(f"{w}: {said}")
    return out


#: A word of tiles in notation ("4s", "12f", "[555p,1]"), as a hand's part after a space is.
_TILES_WORD = re.compile(r"[\[\(]?[0-9]+[mpszf](?:,[0-3])?[\]\)]?(?:[0-9]+[mpszf])*")


class _Parser(argparse.ArgumentParser):
    """Refuses a bad argument in a line or two: the whole usage of ``mjtable score`` is forty
    lines, which buried the one line that says what was wrong."""

    def error(self, message):
        # a player's word for a flag said here too: `record win ... --tsumo` was refused for its
        # missing --self-drawn before the word was found unknown
        self.exit(2, _refusal(self.prog, message, _players_words(_WORDS, self._option_string_actions)))

    def parse_args(self, args=None, namespace=None):
        # an argument no command takes is refused by the command given, whose --help lists what it
        # takes (`record win ... --seat-wind S` pointed at `mjtable --help`)
        parsed, extras = self.parse_known_args(args, namespace)
        if extras and not any(w.startswith("-") and w != "--" for w in extras):     # "--" ends a list flag
            again = _intermixed(self, parsed, list(sys.argv[1:] if args is None else args))
            if again is not None:
                return again
        if extras:
            words = [getattr(parsed, dest, None) for dest in ("command", "action", "target")]
            prog = " ".join([self.prog] + [w for w in words if isinstance(w, str)])
            said = _players_words(extras, _command_parser(self, parsed)._option_string_actions)
            hand = getattr(parsed, "hand", None)
            if isinstance(hand, str) and extras and all(_TILES_WORD.fullmatch(w) for w in extras):
                # the space before the winning tile ended the hand: a beginner's first mistake,
                # answered "unrecognized arguments: 4s"
                said.append(f"a hand with spaces goes in quotes: {prog} \"{' '.join([hand, *extras])}\"")
            self.exit(2, _refusal(prog, f"unrecognized arguments: {' '.join(extras)}", said))
        return parsed


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="mjtable", description="Camera assistant for mahjong tables: "
                                     "read a photographed winning hand, score it, settle and log it.",
                                     epilog="Exit status: 0 done; 1 done, and the answer is no (a hand that is "
                                     "not a winning hand, a calibration photo whose layout does not match, "
                                     "nothing saved, an export that does not check); 2 not done (bad input, "
                                     "a file or model missing).")
    parser.add_argument("--version", action="version", version=f"mjtable {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in command_modules():
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    global _FRENCH, _WORDS
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    for module in command_modules():
        # A command may keep an older form of its arguments working (``mjtable eval PATH``).
        argv = getattr(module, "rewrite_argv", lambda a: a)(argv)
    _FRENCH, _WORDS = _asks_french(argv), argv
    try:
        args = parser.parse_args(argv)
    finally:
        _FRENCH, _WORDS = False, []
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader of the output stopped early (``mjtable score ... | head``): not an error of
        # ours; the rest of the output goes nowhere, and Python's exit flush finds nothing to write
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
