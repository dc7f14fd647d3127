"""The fixed facts of a Raubritter table: players with birthdays and colours, the tiles, the knights.

``Setup`` is the validated setup document (pydantic, an edge); everything else is plain data.
"""

from __future__ import annotations

import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, StringConstraints, field_validator

Colour = Literal["blue", "yellow", "green", "red"]
COLOURS = ("blue", "yellow", "green", "red")

TILE_COUNTS = {
    "lake": 1,
    "mountains": 2,
    "plain": 3,
    "plain-village": 3,
    "plain-castle": 6,
    "plain-town": 3,
    "forest-village": 3,
    "forest-castle": 2,
    "forest-town": 1,
}
KINDS = tuple(TILE_COUNTS)
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}  # a kind's place in KINDS
FULL_PILE = tuple(TILE_COUNTS[k] for k in KINDS)  # a player's tiles before any is laid, by kind
TILES_PER_PLAYER = sum(TILE_COUNTS.values())  # 24
AREA = {2: 7, 3: 9, 4: 10}  # the largest width and height of the layout, by player count
KNIGHTS = 30
MAX_STACK = 4
MAX_CASTLE_KNIGHTS = 5
DROP_MIN = {"plain": 1, "forest": 2, "mountains": 3}
POINTS = {"castle": 1, "village": 2, "town": 3}
INITIAL_TILES = 2
TILES_PER_TURN = 3
DIRECTIONS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


def terrain(kind: str) -> str:
    return kind.split("-")[0]


def building(kind: str) -> str | None:
    parts = kind.split("-")
    return parts[1] if len(parts) > 1 else None


Kind = Literal[
    "lake", "mountains", "plain", "plain-village", "plain-castle", "plain-town", "forest-village",
    "forest-castle", "forest-town",
]  # fmt: skip


class PlayerSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=24)]
    birthday: datetime.date
    colour: Colour


class Setup(BaseModel):
    """Who plays: 2 to 4 players, each with a name, a birthday and a colour of their own."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    players: tuple[PlayerSpec, ...]

    @field_validator("players")
    @classmethod
    def _players(cls, players: tuple[PlayerSpec, ...]) -> tuple[PlayerSpec, ...]:
        if not 2 <= len(players) <= 4:
            raise ValueError(f"Raubritter is played by 2 to 4 players, not {len(players)}")
        colours = [p.colour for p in players]
        for colour in colours:
            if colours.count(colour) > 1:
                raise ValueError(f"two players chose {colour}: each colour can be chosen once")
        return players

    def turn_order(self) -> tuple[PlayerSpec, ...]:
        """The oldest player first, then on in the order given (the first of equal birthdays)."""
        oldest = min(range(len(self.players)), key=lambda i: (self.players[i].birthday, i))
        return self.players[oldest:] + self.players[:oldest]
