"""What the screen can highlight: where the next tile may go, and where a castle's knights may march."""

from __future__ import annotations

from engines.raubritter.events import TileLaid
from engines.raubritter.evolve import evolve
from engines.raubritter.march import legal_marches as _legal_marches
from engines.raubritter.march import path_cells
from engines.raubritter.placement import NEIGHBOURS, placement_problem
from engines.raubritter.rules import DIRECTIONS, DROP_MIN, MAX_STACK, terrain
from engines.raubritter.state import Cell, GameState


def legal_cells(state: GameState) -> list[tuple[int, int]]:
    """Free positions the next tile may take (any position before the first tile: (0, 0) is offered)."""
    if not state.cells:
        return [(0, 0)]
    free = {(c.x + dx, c.y + dy) for c in state.cells for dx, dy in NEIGHBOURS}
    return sorted(p for p in free if placement_problem(state, *p) is None)


def legal_marches(
    state: GameState, player: str, x: int, y: int, kind: str, knights: int
) -> list[tuple[str | None, tuple[int, ...]]]:
    """Every legal (direction, drops) for ``knights`` on a castle of ``kind`` laid at (x, y)."""
    castle = Cell(x, y, kind, player)
    return _legal_marches(evolve(state, TileLaid(player, kind, x, y)), castle, knights)


def march_options(state: GameState, x: int, y: int, kind: str, knights: int) -> dict[str, list[dict[str, int]]]:
    """Per direction, the tiles a pile of ``knights`` could reach from a castle laid at (x, y), each with
    the fewest and the most knights it may keep (before the pile's own size limits it)."""
    castle = Cell(x, y, kind, "")
    options: dict[str, list[dict[str, int]]] = {}
    for direction in DIRECTIONS:
        steps = []
        for cell in path_cells(state, castle, direction, knights + 1)[1:]:
            if cell is None or terrain(cell.kind) == "lake" or len(cell.stack) >= MAX_STACK:
                break
            steps.append(
                {"x": cell.x, "y": cell.y, "min": DROP_MIN[terrain(cell.kind)], "max": MAX_STACK - len(cell.stack)}
            )
        options[direction] = steps
    return options
