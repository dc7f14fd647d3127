"""Corrections: the table overrides the referee, logged with a reason and undoable like any event.

A game's correction commands (this module's :class:`Correct` and any of its own, such as a tile
moved by hand) are the commands with a ``reason`` field, and no other command has one: that is how
the game log tells a correction from play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core.errors import RuleViolation


@dataclass(frozen=True, slots=True)
class Correct:
    """Command: set the named counter to ``value`` because of ``reason``."""

    counter: str
    value: int
    reason: str
    type: Literal["correct"] = "correct"


@dataclass(frozen=True, slots=True)
class Corrected:
    """Event: the counter went from ``old`` to ``new`` by hand."""

    counter: str
    old: int
    new: int
    reason: str
    type: Literal["corrected"] = "corrected"


def require_reason(reason: str) -> str:
    text = reason.strip()
    if not text:
        raise RuleViolation("correction.reason", "a correction needs a reason the table can read later")
    return text
