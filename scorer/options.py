"""Rule options: one dataclass per rule set with documented defaults (docs/scoring.md).
``parse_options`` turns a user's dict into it; unknown or badly typed options are errors, and so
is a whole number below its field's ``metadata["min"]`` or above its ``metadata["max"]`` (default
``MAX_WHOLE``), and options that contradict each other (an ``Options.check`` method)."""
from __future__ import annotations

import dataclasses
import typing

from . import errors

#: The largest whole-number option, unless its field says otherwise: the web form's bound too. A
#: game made with a base of 10^12 points could record no hand (its payments are refused).
MAX_WHOLE = 10_000


def parse_options(cls, given: dict | None):
    if given is None:
        return cls()
    if isinstance(given, cls):
        return given
    if not isinstance(given, dict):
        raise errors.RulesError(errors.BAD_OPTION, "options must be an object", field="options")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    hints = typing.get_type_hints(cls)
    values = {}
    for k, v in given.items():
        if k not in fields:
            raise errors.RulesError(errors.UNKNOWN_OPTION, f"unknown option {k!r}; known options: "
                                    f"{', '.join(sorted(fields))}", field=f"options.{k}")
        want = hints[k]
        allowed = typing.get_args(want) if typing.get_origin(want) is typing.Literal else None
        if allowed is not None:
            if v not in allowed:
                raise errors.RulesError(errors.BAD_OPTION, f"option {k} must be one of "
                                        f"{', '.join(map(str, allowed))}, not {v!r}", field=f"options.{k}")
        elif want is bool:
            if not isinstance(v, bool):
                raise errors.RulesError(errors.BAD_OPTION, f"option {k} must be true or false",
                                        field=f"options.{k}")
        elif want is int:
            if not isinstance(v, int) or isinstance(v, bool):
                raise errors.RulesError(errors.BAD_OPTION, f"option {k} must be a whole number",
                                        field=f"options.{k}")
            low = fields[k].metadata.get("min")
            if low is not None and v < low:
                raise errors.RulesError(errors.BAD_OPTION, f"option {k} must be at least {low}, not {v}",
                                        field=f"options.{k}")
            high = fields[k].metadata.get("max", MAX_WHOLE)
            if v > high:
                raise errors.RulesError(errors.BAD_OPTION, f"option {k} must be at most {high}, not {v}",
                                        field=f"options.{k}")
        values[k] = v
    options = cls(**values)
    check = getattr(options, "check", None)
    if check is not None:
        check()
    return options


def options_doc(cls) -> list[dict]:
    """Name, default and help of every option (for the CLI, the web form and the README)."""
    out = []
    for f in dataclasses.fields(cls):
        out.append({"name": f.name, "default": f.default, "help": f.metadata.get("help", ""),
                    "offered": f.metadata.get("offered", True),
                    # a whole number's bounds, as ``from_dict`` checks them (the forms' min and max)
                    "min": f.metadata.get("min"), "max": f.metadata.get("max")})
    return out
