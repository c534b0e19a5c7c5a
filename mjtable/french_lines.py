"""A command's own ``error:`` and ``warning:`` lines said in French with ``--lang fr``: each line
printed to standard error is looked up whole (``webui.i18n.msg``), so that every refusal a command
prints before or beside the web app's answers reads in the player's language (a French player's
``mjtable record win --lang fr`` on a mistyped data dir was answered in English)."""
from __future__ import annotations

import contextlib
import sys

#: The English openings of a command's lines, and their French (« erreur : », as the commands say it).
OPENINGS = {"error: ": "erreur : ", "warning: ": "avertissement : ", "note: ": "remarque : "}


class _FrenchLines:
    """Standard error, its ``error:``/``warning:``/``note:`` lines put in French as they end."""

    def __init__(self, inner):
        self.inner, self.pending = inner, ""

    def write(self, text: str) -> int:
        self.pending += text
        while "\n" in self.pending:
            line, self.pending = self.pending.split("\n", 1)
            self.inner.write(french_line(line) + "\n")
        return len(text)

    def flush(self) -> None:
        if self.pending:
            self.inner.write(french_line(self.pending))
            self.pending = ""
        self.inner.flush()

    def __getattr__(self, name):
        return getattr(self.inner, name)


def french_line(line: str) -> str:
    """``line`` in French where it opens as a command's message and its French is known."""
    for english, french in OPENINGS.items():
        if line.startswith(english):
            said = french_text(line[len(english):])
            return french + said if said is not None else line
    return line


def french_text(text: str) -> str | None:
    """A command's message ``text`` in French, or None where its French is not known."""
    from flask import Flask

    from webui import i18n
    with Flask("mjtable-words").test_request_context("/?lang=fr"):
        return i18n.french_message(text)


@contextlib.contextmanager
def said_in(lang: str):
    """Within it, standard error's command lines in ``lang`` (French put in; English as printed)."""
    if lang != "fr":
        yield
        return
    plain, sys.stderr = sys.stderr, _FrenchLines(sys.stderr)
    try:
        yield
    finally:
        wrapped, sys.stderr = sys.stderr, plain     # put back first: a flush that fails leaves it so
        wrapped.flush()
