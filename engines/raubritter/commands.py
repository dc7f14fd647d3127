"""What the table asks of the referee in Raubritter."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core.correction import Correct
from engines.raubritter.rules import Kind

Direction = Literal["north", "east", "south", "west"]


@dataclass(frozen=True, slots=True)
class LayTile:
    """Lay a tile at (x, y). For a castle, ``drops`` brings knights into play: how many stay on
    each tile of their march, the castle first, then along ``direction``."""

    player: str
    kind: Kind
    x: int
    y: int
    drops: tuple[int, ...] = ()
    direction: Direction | None = None
    type: Literal["lay-tile"] = "lay-tile"


@dataclass(frozen=True, slots=True)
class EndTurn:
    player: str
    type: Literal["end-turn"] = "end-turn"


@dataclass(frozen=True, slots=True)
class Surrender:
    player: str
    type: Literal["surrender"] = "surrender"


# ------------------------------------------------------------------------------ corrections
# The table overrides the referee; each needs a reason. Knights in hand: the core ``Correct``
# with the counter ``<colour>.knights``.


@dataclass(frozen=True, slots=True)
class CorrectTile:
    """Correction: the tile at (x, y) is really of ``kind`` (from its owner's pile, the old kind
    going back there); ``kind`` None: no tile lies there, it goes back to its owner's pile with
    its knights to their owners. Where no tile is recorded, one of ``player``'s tiles is added."""

    x: int
    y: int
    kind: Kind | None
    reason: str
    player: str | None = None
    type: Literal["correct-tile"] = "correct-tile"


@dataclass(frozen=True, slots=True)
class MoveTile:
    """Correction: the tile at (x, y) really lies at (to_x, to_y), with the knights on it."""

    x: int
    y: int
    to_x: int
    to_y: int
    reason: str
    type: Literal["move-tile"] = "move-tile"


@dataclass(frozen=True, slots=True)
class CorrectStack:
    """Correction: the knights on the tile at (x, y) are really ``stack``, bottom to top."""

    x: int
    y: int
    stack: tuple[str, ...]
    reason: str
    type: Literal["correct-stack"] = "correct-stack"


Command = LayTile | EndTurn | Surrender | CorrectTile | MoveTile | CorrectStack | Correct
