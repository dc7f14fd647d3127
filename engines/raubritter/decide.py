"""``decide(state, command) -> events`` for Raubritter: placements, marches, turns, surrender and
the corrections, each followed by what happens by itself (the turn passing, the end)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.errors import RuleViolation
from engines.raubritter import corrections
from engines.raubritter import events as ev
from engines.raubritter.commands import EndTurn, LayTile, Surrender
from engines.raubritter.evolve import evolve
from engines.raubritter.march import march_problem
from engines.raubritter.placement import placement_problem
from engines.raubritter.rules import building
from engines.raubritter.state import INITIAL, OVER, PLAY, Cell, GameState
from engines.raubritter.turns import after_laying, pass_turn


def lay_tile(state: GameState, cmd: LayTile) -> list[ev.Event]:
    player = _current(state, cmd.player, "lay-tile")
    if player.tiles_left(cmd.kind) == 0:
        raise RuleViolation("tile.none-left", "{player} has no {kind} tile left", player=cmd.player, kind=cmd.kind)
    is_castle = building(cmd.kind) == "castle"
    if state.phase == INITIAL and is_castle:
        raise RuleViolation("phase.initial-castle", "a castle cannot be laid in the initial placement")
    problem = placement_problem(state, cmd.x, cmd.y)
    if problem:
        raise problem
    if cmd.drops and not is_castle:
        raise RuleViolation("knights.not-a-castle", "knights come into play only on a castle just laid")
    if sum(cmd.drops) > player.knights and player.knights == 1:
        raise RuleViolation("knights.none-left", "{player} has only 1 knight left", player=cmd.player)
    if sum(cmd.drops) > player.knights:
        raise RuleViolation(
            "knights.none-left", "{player} has only {knights} knights left", player=cmd.player, knights=player.knights
        )
    events: list[ev.Event] = [ev.TileLaid(cmd.player, cmd.kind, cmd.x, cmd.y)]
    if cmd.drops:
        castle = Cell(cmd.x, cmd.y, cmd.kind, cmd.player)
        problem = march_problem(_with_cell(state, castle), castle, cmd.direction, cmd.drops)
        if problem:
            raise problem
        direction = cmd.direction if len(cmd.drops) > 1 else None
        events.append(ev.KnightsMarched(cmd.player, cmd.x, cmd.y, direction, cmd.drops))
    return events


def end_turn(state: GameState, cmd: EndTurn) -> list[ev.Event]:
    _current(state, cmd.player, "end-turn")
    if state.phase != PLAY:
        raise RuleViolation("turn.initial", "in the initial placement every player lays two tiles")
    if state.laid == 0:
        raise RuleViolation("turn.nothing-laid", "the first tile of a turn must be laid")
    return pass_turn(state)


def surrender(state: GameState, cmd: Surrender) -> list[ev.Event]:
    _current(state, cmd.player, "surrender")
    after = evolve(state, ev.PlayerSurrendered(cmd.player))
    return [ev.PlayerSurrendered(cmd.player), *pass_turn(after)]


def _current(state: GameState, colour: str, action: str) -> Any:
    if state.phase == OVER:
        raise RuleViolation("game.over", "the game is over; only corrections are possible")
    corrections.known(state, colour)
    player = state.player(colour)
    if player.surrendered:
        raise RuleViolation("player.surrendered", "{player} has surrendered", player=colour)
    if colour != state.current:
        if colour == state.after_three:
            raise RuleViolation("turn.three-tiles", "{player} has laid three tiles this turn", player=colour)
        raise _not_yours(state.current, colour, action)
    return player


def _not_yours(current: str | None, colour: str, action: str) -> RuleViolation:
    """One message per action (a screen says each in its own words), not a sentence with the action glued in."""
    if action == "lay-tile":
        return RuleViolation(
            "turn.not-yours", "it is {current}'s turn, not {player}'s, to lay a tile", current=current, player=colour
        )
    if action == "end-turn":
        return RuleViolation(
            "turn.not-yours", "it is {current}'s turn, not {player}'s, to end the turn", current=current, player=colour
        )
    return RuleViolation(
        "turn.not-yours", "it is {current}'s turn, not {player}'s, to surrender", current=current, player=colour
    )


def _with_cell(state: GameState, cell: Cell) -> GameState:
    return evolve(state, ev.TileLaid(cell.owner, cell.kind, cell.x, cell.y))


PLAY_HANDLERS: dict[str, Callable[[GameState, Any], list[ev.Event]]] = {
    "lay-tile": lay_tile,
    "end-turn": end_turn,
    "surrender": surrender,
}


def decide(state: GameState, command: Any) -> list[ev.Event]:
    kind = getattr(command, "type", "")  # no command type is ""
    if kind in corrections.HANDLERS:
        events = list(corrections.HANDLERS[kind](state, command))
        return events + corrections.follow_up(_fold(state, events))
    handler = PLAY_HANDLERS.get(kind)
    if handler is None:
        raise RuleViolation("command.unknown", "{command} is not a Raubritter command", command=repr(command))
    events = list(handler(state, command))
    if kind == "lay-tile":
        events += after_laying(_fold(state, events))
    return events


def _fold(state: GameState, events: list[ev.Event]) -> GameState:
    for event in events:
        state = evolve(state, event)
    return state
