"""What is always true on a Raubritter table, checked after every event.

:func:`check` first asks :func:`holds`, which answers from the tally of the cells
(:mod:`engines.raubritter.tally`, kept up to date from the previous state's) and the few players,
so a replay does not count the whole board after every event. Only when that answer is no, or
cannot be given cheaply, does :func:`check_fully` count everything and say what is wrong.
"""

from __future__ import annotations

from collections import Counter

from engines.core.errors import InvariantBroken
from engines.raubritter.rules import KINDS, KNIGHTS, MAX_STACK, TILE_COUNTS, terrain
from engines.raubritter.state import INITIAL, OVER, PLAY, GameState
from engines.raubritter.tally import LAST, Tally

PHASES = frozenset({INITIAL, PLAY, OVER})


def check(state: GameState) -> None:
    if not holds(state):
        check_fully(state)


def holds(state: GameState) -> bool:
    """True only if every invariant holds (False may also mean: not sure, count everything)."""
    cells = state.cells
    counted = LAST.take(cells)
    answer = _judge(state, counted)
    LAST.keep(cells, counted)
    return answer


def _judge(state: GameState, counted: Tally) -> bool:
    colours = counted.fitting(state.players)
    if colours is None or counted.odd or len(counted.positions) != counted.size:
        return False
    width, height = counted.box()
    if width > state.area or height > state.area:
        return False
    return state.phase in PHASES and (state.current is None or state.current in colours)


def check_fully(state: GameState) -> None:
    """Every invariant counted over the whole state; raises InvariantBroken with the first one broken."""
    colours = {p.colour for p in state.players}
    on_board = Counter(knight for c in state.cells for knight in c.stack)
    laid = Counter((c.owner, c.kind) for c in state.cells)
    for p in state.players:
        if p.knights < 0 or p.aside < 0 or p.knights + on_board[p.colour] + p.aside != KNIGHTS:
            raise InvariantBroken(
                f"{p.colour}: {p.knights} knights in hand, {on_board[p.colour]} laid and {p.aside} set aside, not 30"
            )
        for kind, left in zip(KINDS, p.tiles, strict=True):
            if left < 0 or left + laid[p.colour, kind] != TILE_COUNTS[kind]:
                raise InvariantBroken(f"{p.colour}: {kind} tiles not conserved")
    if len({(c.x, c.y) for c in state.cells}) != len(state.cells):
        raise InvariantBroken("two tiles on one position")
    for c in state.cells:
        lake_with_knights = bool(c.stack) and terrain(c.kind) == "lake"
        if len(c.stack) > MAX_STACK or not set(c.stack) <= colours or c.owner not in colours or lake_with_knights:
            raise InvariantBroken(f"impossible tile {c}")
    width, height = state.box()
    if width > state.area or height > state.area:
        raise InvariantBroken(f"the layout is {width}×{height}, beyond {state.area}")
    if state.phase not in PHASES or (state.current is not None and state.current not in colours):
        raise InvariantBroken(f"impossible turn: {state.phase}, {state.current}")
