"""What every game shares: the game protocol, rule errors, corrections, history and saved formats.

The names below are imported when first asked for, so that importing :mod:`engines.core.errors`
alone (the project's error base, which every layer uses) loads no game machinery."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engines.core.correction import Correct as Correct
    from engines.core.correction import Corrected as Corrected
    from engines.core.errors import InvariantBroken as InvariantBroken
    from engines.core.errors import RuleViolation as RuleViolation
    from engines.core.game import Game as Game
    from engines.core.history import Entry as Entry
    from engines.core.history import History as History

_FROM = {
    "Correct": "engines.core.correction",
    "Corrected": "engines.core.correction",
    "Entry": "engines.core.history",
    "Game": "engines.core.game",
    "History": "engines.core.history",
    "InvariantBroken": "engines.core.errors",
    "RuleViolation": "engines.core.errors",
}

__all__ = ["Correct", "Corrected", "Entry", "Game", "History", "InvariantBroken", "RuleViolation"]


def __getattr__(name: str) -> Any:
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_FROM[name]), name)
