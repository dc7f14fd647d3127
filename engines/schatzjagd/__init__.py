"""Schatzjagd (2–4 players): the henchmen's values, cards as bookkeeping, fights, the city, treasures."""

from engines.schatzjagd.game import GAME, Schatzjagd
from engines.schatzjagd.rules import Setup

__all__ = ["GAME", "Schatzjagd", "Setup"]
