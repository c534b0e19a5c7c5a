"""Registry of rule sets. Each rule set is a module exposing ``NAME``, ``TITLE``, ``Options``
(a dataclass), ``CONTEXT_KEYS`` (the context it reads) and ``score(hand, options)``, with a
``definitions`` module beside it (``DEFINITIONS``: item id → English and French sentence).
Modules are imported on first use so that scoring MCR does not load the riichi package."""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

from . import errors
from .options import parse_options

#: rule name → module path; the order is the order of ``--rules all``.
RULE_SETS: dict[str, str] = {
    "mcr": "scorer.mcr",
    "riichi": "scorer.riichi",
    "hk": "scorer.hk",
    "classical": "scorer.classical",
}

#: other names players type for a rule set (spaces, hyphens, underscores and case ignored)
RULE_ALIASES: dict[str, str] = {
    "hongkong": "hk", "hongkongoldstyle": "hk", "oldstyle": "hk",
    "chineseofficial": "mcr", "official": "mcr", "mahjonginternational": "mcr",
    "ema": "riichi", "japanese": "riichi",
    "classic": "classical",
    # as French players type them (the rule documents are French)
    "classique": "classical", "officiel": "mcr", "chinoisofficiel": "mcr", "japonais": "riichi",
}


def rules_name(text: str) -> str:
    """The registered name of the rule set ``text`` names (``"Hong Kong"`` is ``hk``); a name
    neither registered nor an alias comes back as typed, to be refused by :func:`get_rule_set`."""
    key = text.strip().lower()
    if key in RULE_SETS or key == "all":
        return key
    return RULE_ALIASES.get(re.sub(r"[\s_-]+", "", key), text)


@dataclass(frozen=True)
class RuleSet:
    name: str
    module: object

    @property
    def title(self) -> str:
        return self.module.TITLE

    @property
    def Options(self):
        return self.module.Options

    def parse_options(self, given):
        return parse_options(self.module.Options, given)

    @property
    def definitions(self) -> dict[str, tuple[str, str]]:
        """What each scored item asks of a hand, for a beginner: item id → (English, French)."""
        where = f"{RULE_SETS[self.name]}.definitions"
        try:
            return importlib.import_module(where).DEFINITIONS
        except ModuleNotFoundError as e:
            if e.name != where:
                raise
            return {}           # a rule set added without them (a test's toy rules): its items unexplained

    def score(self, hand, options):
        if hand.won_on_flower and not getattr(self.module, "WINS_ON_EIGHT_FLOWERS", False):
            # 004 6D is Hong Kong's: the other rule sets know no win without four sets and a pair
            from .result import ScoreResult
            return ScoreResult(self.name, False, error={
                "code": errors.NOT_COMPLETE, "message": "a win on the eighth flower is a Hong Kong old-style hand "
                "(004 6D): under these rules the 13 tiles held make no winning hand"}, unused=[])
        result = self.module.score(hand, options)
        definitions = self.definitions
        for item in result.items:
            item.definition, item.definition_fr = definitions.get(item.id, ("", ""))
        # context given that this rule set never reads (riichi flags under MCR...): said, not dropped
        keys = getattr(self.module, "CONTEXT_KEYS", None)
        if keys is not None:
            result.unused = [k for k in hand.context.given if k not in keys]
        given = hand.context.given
        if given.get("self_drawn") and given.get("discarder") is not None and "discarder" not in result.unused:
            # a self-drawn win has no discarder: every rule set settles it as self-drawn, and says so
            result.unused.append("discarder")
        return result


_loaded: dict[str, RuleSet] = {}

#: why a rule set that reads a key left it unused (the only way it can): said beside the key
UNUSED_REASONS = {"discarder": "a self-drawn win has no discarder"}


def unused_reason(rules: str, key: str) -> str | None:
    """Why ``key``, given, was not used by rule set ``rules``, where the rule set reads that key
    (riichi reads a discarder, but not for a self-drawn win); None where it never reads it."""
    keys = getattr(get_rule_set(rules).module, "CONTEXT_KEYS", None) if rules in RULE_SETS else None
    return UNUSED_REASONS.get(key) if keys is not None and key in keys else None


def item_definition(rules: str, item_id: str) -> tuple[str, str] | None:
    """``(English, French)`` of what item ``item_id`` of rule set ``rules`` asks of a hand; None
    for an unknown rule set or item (a score saved by an older version names its items alike)."""
    if rules not in RULE_SETS:
        return None
    return get_rule_set(rules).definitions.get(item_id)


def get_rule_set(name: str) -> RuleSet:
    if name not in RULE_SETS:
        raise errors.RulesError(errors.UNKNOWN_RULES, f"unknown rule set {name!r}; choose one of "
                                f"{', '.join(RULE_SETS)}", field="rules")
    if name not in _loaded:
        _loaded[name] = RuleSet(name, importlib.import_module(RULE_SETS[name]))
    return _loaded[name]
