"""What the table asks of the referee in Raubritter."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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


Command = LayTile | EndTurn | Surrender
