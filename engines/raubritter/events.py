"""What happened in a Raubritter play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core.correction import Corrected


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


# ------------------------------------------------------------------------------ corrections


@dataclass(frozen=True, slots=True)
class TileCorrected:
    """By hand: the tile of ``player`` at (x, y) was ``old`` and is ``new`` (None: in the pile).
    A tile back in the pile sends the knights on it back to their owners."""

    player: str
    x: int
    y: int
    old: str | None
    new: str | None
    reason: str
    type: Literal["tile-corrected"] = "tile-corrected"


@dataclass(frozen=True, slots=True)
class TileMoved:
    """By hand: the tile at (x, y) lies at (to_x, to_y), with its knights."""

    x: int
    y: int
    to_x: int
    to_y: int
    reason: str
    type: Literal["tile-moved"] = "tile-moved"


@dataclass(frozen=True, slots=True)
class StackCorrected:
    """By hand: the knights at (x, y) go from ``old`` to ``new`` (bottom to top); knights that come
    onto the tile leave their owners' hands, knights that leave it go back there."""

    x: int
    y: int
    old: tuple[str, ...]
    new: tuple[str, ...]
    reason: str
    type: Literal["stack-corrected"] = "stack-corrected"


Event = (
    TileLaid | KnightsMarched | TurnPassed | PlayerSurrendered | GameEnded | TileCorrected | TileMoved
    | StackCorrected | Corrected
)  # fmt: skip
