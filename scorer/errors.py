"""Structured errors. Every error carries a stable ``code`` (for APIs and tests), a message a
person can act on, and where it happened (``field`` for JSON, ``position`` for notation)."""
from __future__ import annotations


class ScorerError(ValueError):
    """Base of the scorer's errors: ``code``, ``message`` and where (``field`` / ``position``)."""

    def __init__(self, code: str, message: str, *, field: str | None = None,
                 position: int | None = None):
        self.code = code
        self.message = message
        self.field = field
        self.position = position
        #: the notation ``position`` counts in, when the parser knows it (``notation.parse``)
        self.text: str | None = None
        super().__init__(self.said())

    def said(self, field: bool = True) -> str:
        """The message and where: its JSON field (``field``: a hand typed in notation has none a
        player wrote) and its character in the notation."""
        where = [f"field {self.field}"] if field and self.field is not None else []
        if self.position is not None:
            where.append(f"character {self.position + 1}")     # counted from 1, as the web page counts
        return f"{self.message} ({', '.join(where)})" if where else self.message

    def excerpt(self) -> tuple[str, str, str] | None:
        """The notation split around ``position``: (before, the character there, after); ``None``
        when the text is not known. The character is empty when the position is the text's end."""
        if self.text is None or self.position is None:
            return None
        at = max(0, min(self.position, len(self.text)))
        return self.text[:at], self.text[at:at + 1], self.text[at + 1:]

    def to_dict(self) -> dict:
        d = {"code": self.code, "message": self.message}
        if self.field is not None:
            d["field"] = self.field
        if self.position is not None:
            d["position"] = self.position
        return d


class HandError(ScorerError):
    """The input does not describe a hand: malformed notation, bad JSON, impossible tiles."""


class RulesError(ScorerError):
    """Unknown rule set, unknown or badly typed rule option."""

    def __init__(self, code: str, message: str, *, field: str | None = None):
        super().__init__(code, message, field=field)


# Error codes, listed so the API documentation and the tests share one vocabulary.
UNKNOWN_TILE = "unknown_tile"
TOO_MANY_COPIES = "too_many_copies"
WRONG_TILE_COUNT = "wrong_tile_count"
BAD_MELD = "bad_meld"
WINNING_TILE_NOT_IN_HAND = "winning_tile_not_in_hand"
NOT_COMPLETE = "not_complete"
BAD_NOTATION = "bad_notation"
BAD_FIELD = "bad_field"
UNKNOWN_KEY = "unknown_key"
UNKNOWN_RULES = "unknown_rules"
UNKNOWN_OPTION = "unknown_option"
BAD_OPTION = "bad_option"
#: A result's error for a context no play can give (a heavenly hand for a non-dealer...).
BAD_CONTEXT = "bad_context"


def refusal(error: dict | None) -> str:
    """What a refused result is, in words: a context no play gives is not the tiles' fault."""
    return "impossible win context" if (error or {}).get("code") == BAD_CONTEXT else "not a winning hand"
