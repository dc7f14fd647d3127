"""Where a tile may lie: a free position, touching the layout, within the area's box."""

from __future__ import annotations

from collections.abc import Iterable

from engines.core.errors import RuleViolation
from engines.raubritter.state import GameState

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def area_problem(state: GameState, positions: Iterable[tuple[int, int]]) -> RuleViolation | None:
    """Why a layout of tiles at ``positions`` would break the area limit, or None."""
    xs, ys = zip(*positions, strict=True)
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    if width > state.area or height > state.area:
        return RuleViolation(
            "tile.area",
            "the layout would be {width}×{height}; with this many players it stays within {area}",
            width=width,
            height=height,
            area=state.area,
        )
    return None


def placement_problem(state: GameState, x: int, y: int) -> RuleViolation | None:
    """Why no tile may go to (x, y) now, or None."""
    if not state.cells:
        return None
    if state.cell(x, y) is not None:
        return RuleViolation("tile.occupied", "a tile already lies at {at}", at=f"{x},{y}")
    if not any(state.cell(x + dx, y + dy) for dx, dy in NEIGHBOURS):
        return RuleViolation("tile.not-touching", "{at} shares no edge with a laid tile", at=f"{x},{y}")
    return area_problem(state, [(c.x, c.y) for c in state.cells] + [(x, y)])
