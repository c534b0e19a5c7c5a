"""Registered MCR patterns: each unit finds a few fans and says where its rule comes from.

A pattern is a small class with metadata as class attributes (``produces``: the fan ids it can
report, ``forms``: the readings it applies to, ``per_hand``: whether it only looks at the tile
multiset and win flags, so it runs once per hand instead of once per reading, ``source``) and a
``find(h, r, out)`` method that sets ``out[fan_id]`` to the sequence of its *matches*, one per
occurrence (a fan is produced by one pattern only, so each fan is set once; ``WHOLE`` is the one
match of a fan of the whole hand). The sequences are never changed in place afterwards, so a
pattern may store a shared tuple.

A match is an int: a bit mask of the reading's sets it uses (bit i = ``r.sets[i]``); 0 for a fan
of the whole hand; ``-(tile + 1)`` for a fan about one tile kind (tile hog). Which fans are then
counted is decided by the exclusion table and the account-once principle (engine.resolve).
"""
from __future__ import annotations

from .base import ALL_FORMS, PATTERNS, SET_FORMS, WHOLE, Pattern, register  # noqa: F401

# Importing the modules registers their patterns.
from . import sets, hand_tiles, win, special  # noqa: F401
