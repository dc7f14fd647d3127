"""What happened in a Raubritter play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class TileLaid:
    player: str
    kind: str
    x: int
    y: int
    type: Literal["tile-laid"] = "tile-laid"


@dataclass(frozen=True, slots=True)
class KnightsMarched:
    """Knights left on each tile from (x, y) along ``direction``: ``drops[0]`` on the castle."""

    player: str
    x: int
    y: int
    direction: str | None
    drops: tuple[int, ...]
    type: Literal["knights-marched"] = "knights-marched"


@dataclass(frozen=True, slots=True)
class TurnPassed:
    """The turn goes to ``to`` (None: nobody is left to lay a tile) in ``phase``."""

    to: str | None
    phase: str
    after_three: str | None = None  # the player whose turn ended with the third tile
    type: Literal["turn-passed"] = "turn-passed"


@dataclass(frozen=True, slots=True)
class PlayerSurrendered:
    player: str
    type: Literal["player-surrendered"] = "player-surrendered"


@dataclass(frozen=True, slots=True)
class GameEnded:
    scores: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    draw: bool
    type: Literal["game-ended"] = "game-ended"


Event = TileLaid | KnightsMarched | TurnPassed | PlayerSurrendered | GameEnded
