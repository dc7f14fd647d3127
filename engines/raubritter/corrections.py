"""Corrections: the table overrides the referee, with a reason, at any moment (also after the end).

A correction says what really is on the table: a tile's kind, where a tile lies (or that it lies
nowhere, or somewhere unrecorded), the knights on a tile, a player's knights in hand. It keeps
what the cardboard makes certain: 24 tiles of fixed kinds and 30 knights per player, one tile a
place, at most 4 knights on a tile and none on a lake, the area's box. Whatever follows from the
corrected table follows by itself (:func:`follow_up`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engines.core.correction import Correct, Corrected, require_reason
from engines.core.errors import RuleViolation
from engines.raubritter import events as ev
from engines.raubritter.commands import CorrectStack, CorrectTile, MoveTile
from engines.raubritter.placement import area_problem
from engines.raubritter.rules import KNIGHTS, MAX_STACK, terrain
from engines.raubritter.scoring import scoring
from engines.raubritter.state import OVER, PLAY, Cell, GameState
from engines.raubritter.turns import pass_turn


def correct_knights(state: GameState, cmd: Correct) -> list[ev.Event]:
    """``<colour>.knights``: the knights the player has in hand; the rest of the 30 not on a tile
    is set aside (out of the game)."""
    reason = require_reason(cmd.reason)
    colour, _, what = cmd.counter.partition(".")
    if what != "knights":
        raise RuleViolation(
            "correction.counter",
            "there is no count '{counter}'; the count to correct is <colour>.knights",
            counter=cmd.counter,
        )
    known(state, colour)
    p = state.player(colour)
    most = p.knights + p.aside
    if not 0 <= cmd.value <= most:
        on_tiles = KNIGHTS - most
        raise RuleViolation(
            "correction.range",
            "{player} has {on_tiles} of {knights} knights on tiles: 0 to {most} in hand, not {value}",
            player=colour,
            on_tiles=on_tiles,
            knights=KNIGHTS,
            most=most,
            value=cmd.value,
        )
    if cmd.value == p.knights:
        raise RuleViolation(
            "correction.same", "{player} has {knights} knights in hand already", player=colour, knights=p.knights
        )
    return [Corrected(cmd.counter, p.knights, cmd.value, reason)]


def correct_tile(state: GameState, cmd: CorrectTile) -> list[ev.Event]:
    reason = require_reason(cmd.reason)
    if cmd.player is not None:
        known(state, cmd.player)
    cell = state.cell(cmd.x, cmd.y)
    if cell is None:
        return [_add_tile(state, cmd, reason)]
    if cmd.player not in (None, cell.owner):
        raise RuleViolation(
            "correction.owner",
            "the tile at {at} is {owner}'s: take it back (kind none) and add {player}'s",
            at=_at(cell),
            owner=cell.owner,
            player=cmd.player,
        )
    if cmd.kind is None:
        return [ev.TileCorrected(cell.owner, cell.x, cell.y, cell.kind, None, reason)]
    if cmd.kind == cell.kind:
        raise RuleViolation("correction.same", "the tile at {at} is a {kind} already", at=_at(cell), kind=cell.kind)
    _from_pile(state, cell.owner, cmd.kind)
    if terrain(cmd.kind) == "lake" and cell.stack:
        raise RuleViolation(
            "correction.lake", "knights stand on {at}: take them off before it becomes a lake", at=_at(cell)
        )
    return [ev.TileCorrected(cell.owner, cell.x, cell.y, cell.kind, cmd.kind, reason)]


def _add_tile(state: GameState, cmd: CorrectTile, reason: str) -> ev.TileCorrected:
    """A tile on the table that the referee never recorded: from its owner's pile, without knights."""
    if cmd.kind is None:
        raise RuleViolation("correction.no-tile", "no tile is recorded at {at}", at=f"{cmd.x},{cmd.y}")
    if cmd.player is None:
        raise RuleViolation("correction.owner", "say whose pile the tile at {at} comes from", at=f"{cmd.x},{cmd.y}")
    _from_pile(state, cmd.player, cmd.kind)
    problem = area_problem(state, [(c.x, c.y) for c in state.cells] + [(cmd.x, cmd.y)])
    if problem:
        raise problem
    return ev.TileCorrected(cmd.player, cmd.x, cmd.y, None, cmd.kind, reason)


def move_tile(state: GameState, cmd: MoveTile) -> list[ev.Event]:
    reason = require_reason(cmd.reason)
    cell = _tile(state, cmd.x, cmd.y)
    if (cmd.to_x, cmd.to_y) == (cmd.x, cmd.y):
        raise RuleViolation("correction.same", "the tile lies at {at} already", at=_at(cell))
    if state.cell(cmd.to_x, cmd.to_y) is not None:
        raise RuleViolation("tile.occupied", "a tile already lies at {at}", at=f"{cmd.to_x},{cmd.to_y}")
    others = [(c.x, c.y) for c in state.cells if c is not cell]
    problem = area_problem(state, [*others, (cmd.to_x, cmd.to_y)])
    if problem:
        raise problem
    return [ev.TileMoved(cmd.x, cmd.y, cmd.to_x, cmd.to_y, reason)]


def correct_stack(state: GameState, cmd: CorrectStack) -> list[ev.Event]:
    reason = require_reason(cmd.reason)
    for colour in dict.fromkeys(cmd.stack):
        known(state, colour)
    cell = _tile(state, cmd.x, cmd.y)
    stack = tuple(cmd.stack)
    if len(stack) > MAX_STACK:
        raise RuleViolation(
            "correction.stack", "a tile holds at most {most} knights, not {n}", most=MAX_STACK, n=len(stack)
        )
    if stack and terrain(cell.kind) == "lake":
        raise RuleViolation("correction.lake", "knights never stand on the lake at {at}", at=_at(cell))
    if stack == cell.stack:
        if not stack:
            raise RuleViolation("correction.same", "the knights on {at} are none already", at=_at(cell))
        # the colours bottom to top, as one value ("blue, red"): the screen says each in its language
        raise RuleViolation(
            "correction.same", "the knights on {at} are {stack} already", at=_at(cell), stack=", ".join(stack)
        )
    more = Counter(stack)
    more.subtract(cell.stack)
    for colour, n in more.items():
        held = state.player(colour).knights
        if n > held and held == 1:
            raise RuleViolation("knights.none-left", "{player} has only 1 knight in hand, not {n}", player=colour, n=n)
        if n > held:
            raise RuleViolation(
                "knights.none-left",
                "{player} has only {knights} knights in hand, not {n}",
                player=colour,
                knights=held,
                n=n,
            )
    return [ev.StackCorrected(cmd.x, cmd.y, cell.stack, stack, reason)]


def follow_up(state: GameState) -> list[ev.Event]:
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
        raise RuleViolation("player.unknown", "nobody plays '{colour}' at this table", colour=colour)


def _tile(state: GameState, x: int, y: int) -> Cell:
    cell = state.cell(x, y)
    if cell is None:
        raise RuleViolation("correction.no-tile", "no tile is recorded at {at}", at=f"{x},{y}")
    return cell


def _from_pile(state: GameState, colour: str, kind: str) -> None:
    if state.player(colour).tiles_left(kind) == 0:
        raise RuleViolation(
            "tile.none-left", "{player}'s pile holds no {kind} tile (24 tiles of fixed kinds)", player=colour, kind=kind
        )


def _at(cell: Cell) -> str:
    return f"{cell.x},{cell.y}"


HANDLERS: dict[str, Callable[[GameState, Any], list[ev.Event]]] = {
    "correct": correct_knights,
    "correct-tile": correct_tile,
    "move-tile": move_tile,
    "correct-stack": correct_stack,
}
