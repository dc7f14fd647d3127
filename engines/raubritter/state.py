"""The state of one Raubritter play: the tiles laid, the knights on them, the players' supplies."""

from __future__ import annotations

from dataclasses import dataclass

from engines.raubritter.rules import KINDS

INITIAL = "initial"
PLAY = "play"
OVER = "over"


@dataclass(frozen=True, slots=True)
class Player:
    colour: str
    name: str
    tiles: tuple[int, ...]  # tiles left, counted by kind in the order of KINDS
    knights: int  # in hand
    surrendered: bool = False
    aside: int = 0  # knights out of the game: set aside by a correction (hand + tiles + aside = 30)

    def tiles_left(self, kind: str) -> int:
        return self.tiles[KINDS.index(kind)]

    @property
    def tiles_total(self) -> int:
        return sum(self.tiles)


@dataclass(frozen=True, slots=True)
class Cell:
    x: int
    y: int
    kind: str
    owner: str
    stack: tuple[str, ...] = ()  # knights' colours, bottom to top

    @property
    def top(self) -> str | None:
        return self.stack[-1] if self.stack else None


@dataclass(frozen=True, slots=True)
class GameState:
    area: int
    players: tuple[Player, ...]  # in turn order
    cells: tuple[Cell, ...] = ()  # in the order laid
    phase: str = INITIAL
    current: str | None = None
    laid: int = 0  # tiles the current player laid this turn
    after_three: str | None = None  # whose turn just ended with the third tile (for a clear refusal)
    scores: tuple[tuple[str, int], ...] = ()
    winners: tuple[str, ...] = ()
    draw: bool = False

    def player(self, colour: str) -> Player:
        for p in self.players:
            if p.colour == colour:
                return p
        raise KeyError(colour)

    def has_player(self, colour: str) -> bool:
        return any(p.colour == colour for p in self.players)

    def cell(self, x: int, y: int) -> Cell | None:
        for c in self.cells:
            if c.x == x and c.y == y:
                return c
        return None

    def box(self) -> tuple[int, int]:
        """Width and height of the layout (0, 0 before the first tile)."""
        if not self.cells:
            return 0, 0
        xs = [c.x for c in self.cells]
        ys = [c.y for c in self.cells]
        return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
