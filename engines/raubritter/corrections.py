"""Corrections: the table overrides the referee, with a reason, at any moment (also after the end).

A correction says what really is on the table: a tile's kind, where a tile lies (or that it lies
nowhere, or somewhere unrecorded), the knights on a tile, a player's knights in hand. It keeps
what the cardboard makes certain: 24 tiles of fixed kinds and 30 knights per player, one tile a
place, at most 4 knights on a tile and none on a lake, the area's box. Whatever follows from the
corrected table follows by itself (:func:`follow_up`).
"""

from __future__ import annotations

from collections import Counter

from engines.core.correction import Correct, Corrected, require_reason
from engines.core.errors import RuleViolation
from engines.raubritter import events as ev
from engines.raubritter.commands import CorrectStack, CorrectTile, MoveTile
from engines.raubritter.placement import area_problem
from engines.raubritter.rules import KNIGHTS, MAX_STACK, terrain
from engines.raubritter.scoring import scoring
from engines.raubritter.state import OVER, PLAY, Cell, GameState
from engines.raubritter.turns import pass_turn


def correct_knights(state: GameState, cmd: Correct) -> list:
    """``<colour>.knights``: the knights the player has in hand; the rest of the 30 not on a tile
    is set aside (out of the game)."""
    reason = require_reason(cmd.reason)
    colour, _, what = cmd.counter.partition(".")
    if what != "knights":
        raise RuleViolation(
            "correction.counter", f"there is no count {cmd.counter!r}; the count to correct is <colour>.knights"
        )
    known(state, colour)
    p = state.player(colour)
    most = p.knights + p.aside
    if not 0 <= cmd.value <= most:
        on_tiles = KNIGHTS - most
        raise RuleViolation(
            "correction.range",
            f"{colour} has {on_tiles} of {KNIGHTS} knights on tiles: 0 to {most} in hand, not {cmd.value}",
        )
    if cmd.value == p.knights:
        raise RuleViolation("correction.same", f"{colour} has {p.knights} knights in hand already")
    return [Corrected(cmd.counter, p.knights, cmd.value, reason)]


def correct_tile(state: GameState, cmd: CorrectTile) -> list:
    reason = require_reason(cmd.reason)
    if cmd.player is not None:
        known(state, cmd.player)
    cell = state.cell(cmd.x, cmd.y)
    if cell is None:
        return [_add_tile(state, cmd, reason)]
    if cmd.player not in (None, cell.owner):
        raise RuleViolation(
            "correction.owner",
            f"the tile at {_at(cell)} is {cell.owner}'s: take it back (kind none) and add {cmd.player}'s",
        )
    if cmd.kind is None:
        return [ev.TileCorrected(cell.owner, cell.x, cell.y, cell.kind, None, reason)]
    if cmd.kind == cell.kind:
        raise RuleViolation("correction.same", f"the tile at {_at(cell)} is a {cell.kind} already")
    _from_pile(state, cell.owner, cmd.kind)
    if terrain(cmd.kind) == "lake" and cell.stack:
        raise RuleViolation("correction.lake", f"knights stand on {_at(cell)}: take them off before it becomes a lake")
    return [ev.TileCorrected(cell.owner, cell.x, cell.y, cell.kind, cmd.kind, reason)]


def _add_tile(state: GameState, cmd: CorrectTile, reason: str) -> ev.TileCorrected:
    """A tile on the table that the referee never recorded: from its owner's pile, without knights."""
    if cmd.kind is None:
        raise RuleViolation("correction.no-tile", f"no tile is recorded at {cmd.x},{cmd.y}")
    if cmd.player is None:
        raise RuleViolation("correction.owner", f"say whose pile the tile at {cmd.x},{cmd.y} comes from")
    _from_pile(state, cmd.player, cmd.kind)
    problem = area_problem(state, [(c.x, c.y) for c in state.cells] + [(cmd.x, cmd.y)])
    if problem:
        raise problem
    return ev.TileCorrected(cmd.player, cmd.x, cmd.y, None, cmd.kind, reason)


def move_tile(state: GameState, cmd: MoveTile) -> list:
    reason = require_reason(cmd.reason)
    cell = _tile(state, cmd.x, cmd.y)
    if (cmd.to_x, cmd.to_y) == (cmd.x, cmd.y):
        raise RuleViolation("correction.same", f"the tile lies at {_at(cell)} already")
    if state.cell(cmd.to_x, cmd.to_y) is not None:
        raise RuleViolation("tile.occupied", f"a tile already lies at {cmd.to_x},{cmd.to_y}")
    others = [(c.x, c.y) for c in state.cells if c is not cell]
    problem = area_problem(state, [*others, (cmd.to_x, cmd.to_y)])
    if problem:
        raise problem
    return [ev.TileMoved(cmd.x, cmd.y, cmd.to_x, cmd.to_y, reason)]


def correct_stack(state: GameState, cmd: CorrectStack) -> list:
    reason = require_reason(cmd.reason)
    for colour in dict.fromkeys(cmd.stack):
        known(state, colour)
    cell = _tile(state, cmd.x, cmd.y)
    stack = tuple(cmd.stack)
    if len(stack) > MAX_STACK:
        raise RuleViolation("correction.stack", f"a tile holds at most {MAX_STACK} knights, not {len(stack)}")
    if stack and terrain(cell.kind) == "lake":
        raise RuleViolation("correction.lake", f"knights never stand on the lake at {_at(cell)}")
    if stack == cell.stack:
        raise RuleViolation("correction.same", f"the knights on {_at(cell)} are {', '.join(stack) or 'none'} already")
    more = Counter(stack)
    more.subtract(cell.stack)
    for colour, n in more.items():
        if n > state.player(colour).knights:
            raise RuleViolation(
                "knights.none-left", f"{colour} has only {state.player(colour).knights} knight(s) in hand, not {n}"
            )
    return [ev.StackCorrected(cmd.x, cmd.y, cell.stack, stack, reason)]


def follow_up(state: GameState) -> list:
    """What follows by itself from a corrected table: a finished game opens again for the first
    player in the game with a tile again, or is judged again; a current player left without a
    tile passes the turn (which may end the game)."""
    if state.phase == OVER:
        waiting = [p for p in state.players if not p.surrendered and p.tiles_total > 0]
        if waiting:
            return [ev.TurnPassed(waiting[0].colour, PLAY)]
        judged = scoring(state)
        if (judged.scores, judged.winners, judged.draw) == (state.scores, state.winners, state.draw):
            return []
        return [judged]
    if state.current is not None and state.player(state.current).tiles_total == 0:
        return pass_turn(state)
    return []


def known(state: GameState, colour: str) -> None:
    """Refuse a colour nobody plays at this table (a correction's as a move's)."""
    if not state.has_player(colour):
        raise RuleViolation("player.unknown", f"nobody plays {colour!r} at this table")


def _tile(state: GameState, x: int, y: int) -> Cell:
    cell = state.cell(x, y)
    if cell is None:
        raise RuleViolation("correction.no-tile", f"no tile is recorded at {x},{y}")
    return cell


def _from_pile(state: GameState, colour: str, kind: str) -> None:
    if state.player(colour).tiles_left(kind) == 0:
        raise RuleViolation("tile.none-left", f"{colour}'s pile holds no {kind} tile (24 tiles of fixed kinds)")


def _at(cell: Cell) -> str:
    return f"{cell.x},{cell.y}"


HANDLERS = {
    "correct": correct_knights,
    "correct-tile": correct_tile,
    "move-tile": move_tile,
    "correct-stack": correct_stack,
}
