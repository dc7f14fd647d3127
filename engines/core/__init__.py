"""What every game shares: the game protocol, rule errors, corrections, history and saved formats."""

from engines.core.correction import Correct, Corrected
from engines.core.errors import InvariantBroken, RuleViolation
from engines.core.game import Game
from engines.core.history import Entry, History

__all__ = [
    "Correct",
    "Corrected",
    "Entry",
    "Game",
    "History",
    "InvariantBroken",
    "RuleViolation",
]
