"""Raubritter (2–4 players): the growing landscape, knights' marches, stacks and scoring."""

from engines.raubritter.game import GAME, Raubritter
from engines.raubritter.rules import PlayerSpec, Setup

__all__ = ["GAME", "PlayerSpec", "Raubritter", "Setup"]
