"""The shape of Raubritter's public view (:func:`engines.raubritter.views.public_view`), for mypy
to check the keys the screens read. Raubritter hides nothing: every key is there at every step."""

from __future__ import annotations

from typing import TypedDict

from engines.core.awaiting import Awaited
from engines.raubritter.rules import Kind


class Box(TypedDict):
    """The layout's bounding box, in cells."""

    width: int
    height: int


class PlayerView(TypedDict):
    colour: str
    name: str
    knights: int
    """Knights in hand."""
    knights_aside: int
    """Knights set aside by corrections (out of the game)."""
    tiles: dict[str, int]
    """Tiles left, by kind (every kind of ``engines.raubritter.rules.KINDS``, in its order)."""
    tiles_total: int
    surrendered: bool


class CellView(TypedDict):
    x: int
    y: int
    kind: Kind
    owner: str
    stack: list[str]
    """The knights' colours on the tile, bottom to top."""
    top: str | None
    """The colour of the top knight, None on a tile without knights."""


class RaubritterView(TypedDict):
    game: str
    """Always ``"raubritter"``."""
    phase: str
    """``"initial"``, ``"play"`` or ``"over"``."""
    current: str | None
    """Whose turn it is; None once the game is over."""
    laid: int
    """Tiles the current player laid this turn."""
    area: int
    box: Box
    players: list[PlayerView]
    """In turn order."""
    cells: list[CellView]
    """In the order laid."""
    scores: dict[str, int]
    """The points by colour (filled in at the end)."""
    winners: list[str]
    draw: bool
    awaiting: list[Awaited[str]]
    """Only ever players: Raubritter never waits for the table as a whole."""


class RaubritterPlayerView(RaubritterView):
    """A player's view: the public view (Raubritter has no secrets) and who is looking."""

    you: str
