"""Argument types shared by the commands: a whole number in a range, refused in one line."""
from __future__ import annotations

import argparse


def whole_number(name: str, least: int, most: int | None = None):
    """An argparse ``type`` reading a whole number from ``least`` to ``most`` (None: no upper
    bound); anything else is refused as "not a NAME" or "a NAME is LEAST or more"."""
    article = "an" if name[:1] in "aeiou" else "a"       # "a amount" was said

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not {article} {name}: {text!r}") from None
        if n < least or (most is not None and n > most):
            bounds = f"{least} or more" if most is None else f"{least} to {most}"
            raise argparse.ArgumentTypeError(f"{article} {name} is {bounds}, not {n}")
        return n
    return parse
