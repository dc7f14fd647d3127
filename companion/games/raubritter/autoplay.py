"""A whole game of Raubritter played by plain rules of thumb, for the screenshots' full layout, the
benchmarks and the tests: every tile where it keeps the layout most compact (so all 24 tiles a
player lay within the area), a castle with up to 3 knights on the longest march the rules allow,
three tiles a turn. Deterministic: the same players give the same game. No I/O, no randomness."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engines.raubritter.commands import EndTurn, LayTile
from engines.raubritter.moves import legal_cells, legal_marches
from engines.raubritter.rules import KINDS, TILES_PER_TURN, building
from engines.raubritter.state import INITIAL, PLAY, GameState


def next_command(state: GameState, *, knights: int = 3) -> Any:
    """The command the rules of thumb give now (None once the game is over)."""
    if state.current is None or state.phase not in (INITIAL, PLAY):
        return None
    me = state.player(state.current)
    if state.phase == PLAY and state.laid >= TILES_PER_TURN:
        return EndTurn(me.colour)
    kinds = [k for k in KINDS if me.tiles_left(k) and not (state.phase == INITIAL and building(k) == "castle")]
    kind = kinds[len(state.cells) % len(kinds)]
    x, y = min(legal_cells(state), key=lambda cell: _spread(state, cell))
    if building(kind) != "castle":
        return LayTile(me.colour, kind, x, y)  # type: ignore[arg-type]
    for n in range(min(knights, me.knights), 0, -1):
        found = legal_marches(state, me.colour, x, y, kind, n)
        if found:
            direction, drops = max(found, key=lambda march: (len(march[1]), march[0] or ""))
            return LayTile(me.colour, kind, x, y, drops, direction)  # type: ignore[arg-type]
    return LayTile(me.colour, kind, x, y)  # type: ignore[arg-type]


def commands(game: Any, setup: Any, *, limit: int | None = None, knights: int = 3) -> Iterator[Any]:
    """The game's commands from ``setup`` to its end (or ``limit`` commands), each after the last
    was applied to the state it was chosen for."""
    state = game.setup(setup)
    count = 0
    while limit is None or count < limit:
        command = next_command(state, knights=knights)
        if command is None:
            return
        yield command
        for event in game.decide(state, command):
            state = game.evolve(state, event)
        count += 1


def _spread(state: GameState, cell: tuple[int, int]) -> tuple[int, int, int, int]:
    xs = [c.x for c in state.cells] + [cell[0]]
    ys = [c.y for c in state.cells] + [cell[1]]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    return max(width, height), width * height, abs(cell[0]) + abs(cell[1]), cell[1] * 100 + cell[0]
