"""``decide(state, command) -> events`` for Raubritter: placements, marches, turns, the end."""

from __future__ import annotations

from typing import Any

from engines.core.errors import RuleViolation
from engines.raubritter import events as ev
from engines.raubritter.commands import EndTurn, LayTile, Surrender
from engines.raubritter.evolve import evolve
from engines.raubritter.march import march_problem
from engines.raubritter.rules import INITIAL_TILES, POINTS, TILES_PER_TURN, building
from engines.raubritter.state import INITIAL, OVER, PLAY, Cell, GameState

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def placement_problem(state: GameState, x: int, y: int) -> RuleViolation | None:
    """Why no tile may go to (x, y) now, or None."""
    if not state.cells:
        return None
    if state.cell(x, y) is not None:
        return RuleViolation("tile.occupied", f"a tile already lies at {x},{y}")
    if not any(state.cell(x + dx, y + dy) for dx, dy in NEIGHBOURS):
        return RuleViolation("tile.not-touching", f"{x},{y} shares no edge with a laid tile")
    xs = [c.x for c in state.cells] + [x]
    ys = [c.y for c in state.cells] + [y]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    if width > state.area or height > state.area:
        return RuleViolation(
            "tile.area", f"the layout would be {width}×{height}; with this many players it stays within {state.area}"
        )
    return None


def lay_tile(state: GameState, cmd: LayTile) -> list:
    player = _current(state, cmd.player, "lay a tile")
    if player.tiles_left(cmd.kind) == 0:
        raise RuleViolation("tile.none-left", f"{cmd.player} has no {cmd.kind} tile left")
    is_castle = building(cmd.kind) == "castle"
    if state.phase == INITIAL and is_castle:
        raise RuleViolation("phase.initial-castle", "a castle cannot be laid in the initial placement")
    problem = placement_problem(state, cmd.x, cmd.y)
    if problem:
        raise problem
    if cmd.drops and not is_castle:
        raise RuleViolation("knights.not-a-castle", "knights come into play only on a castle just laid")
    if sum(cmd.drops) > player.knights:
        raise RuleViolation("knights.none-left", f"{cmd.player} has only {player.knights} knight(s) left")
    events: list = [ev.TileLaid(cmd.player, cmd.kind, cmd.x, cmd.y)]
    if cmd.drops:
        castle = Cell(cmd.x, cmd.y, cmd.kind, cmd.player)
        problem = march_problem(_with_cell(state, castle), castle, cmd.direction, cmd.drops)
        if problem:
            raise problem
        direction = cmd.direction if len(cmd.drops) > 1 else None
        events.append(ev.KnightsMarched(cmd.player, cmd.x, cmd.y, direction, cmd.drops))
    return events


def end_turn(state: GameState, cmd: EndTurn) -> list:
    _current(state, cmd.player, "end the turn")
    if state.phase != PLAY:
        raise RuleViolation("turn.initial", "in the initial placement every player lays two tiles")
    if state.laid == 0:
        raise RuleViolation("turn.nothing-laid", "the first tile of a turn must be laid")
    return _pass_turn(state)


def surrender(state: GameState, cmd: Surrender) -> list:
    _current(state, cmd.player, "surrender")
    after = evolve(state, ev.PlayerSurrendered(cmd.player))
    return [ev.PlayerSurrendered(cmd.player), *_pass_turn(after)]


def _current(state: GameState, colour: str, what: str) -> Any:
    if state.phase == OVER:
        raise RuleViolation("game.over", "the game is over")
    if not state.has_player(colour):
        raise RuleViolation("player.unknown", f"nobody plays {colour!r} at this table")
    player = state.player(colour)
    if player.surrendered:
        raise RuleViolation("player.surrendered", f"{colour} has surrendered")
    if colour != state.current:
        if colour == state.after_three:
            raise RuleViolation("turn.three-tiles", f"{colour} has laid three tiles this turn")
        raise RuleViolation("turn.not-yours", f"it is {state.current}'s turn, not {colour}'s, to {what}")
    return player


def _with_cell(state: GameState, cell: Cell) -> GameState:
    return evolve(state, ev.TileLaid(cell.owner, cell.kind, cell.x, cell.y))


def after_laying(state: GameState) -> list:
    """The turn ends by itself after the initial pair, the third tile, or the last tile in hand."""
    player = state.player(state.current) if state.current else None
    if player is None:
        return []
    if state.phase == INITIAL:
        return _pass_turn(state) if state.laid == INITIAL_TILES or player.tiles_total == 0 else []
    if state.laid == TILES_PER_TURN or player.tiles_total == 0:
        return _pass_turn(state, after_three=state.current if state.laid == TILES_PER_TURN else None)
    return []


def _pass_turn(state: GameState, after_three: str | None = None) -> list:
    order = [p.colour for p in state.players]
    start = order.index(state.current) + 1 if state.current in order else 0
    if state.phase == INITIAL:
        for colour in order[start:]:
            if not state.player(colour).surrendered:
                return [ev.TurnPassed(colour, INITIAL, after_three)]
        start = 0  # everyone has laid the initial pair: the oldest begins the game
    for step in range(len(order)):
        colour = order[(start + step) % len(order)]
        p = state.player(colour)
        if not p.surrendered and p.tiles_total > 0:
            return [ev.TurnPassed(colour, PLAY, after_three)]
    return [ev.TurnPassed(None, OVER, after_three), scoring(state)]


def scoring(state: GameState) -> ev.GameEnded:
    """Castle 1, village 2, town 3 to the owner of the top knight; a surrendered player scores 0
    and cannot win. Equal points: most knights left; still equal: a draw."""
    points = {p.colour: 0 for p in state.players}
    for cell in state.cells:
        owner, kind = cell.top, building(cell.kind)
        if owner is not None and kind is not None and not state.player(owner).surrendered:
            points[owner] += POINTS[kind]
    in_game = [p for p in state.players if not p.surrendered] or list(state.players)
    best = max(points[p.colour] for p in in_game)
    leaders = [p for p in in_game if points[p.colour] == best]
    most = max(p.knights for p in leaders)
    winners = tuple(p.colour for p in leaders if p.knights == most)
    return ev.GameEnded(tuple(points.items()), winners, draw=len(winners) > 1)


HANDLERS = {"lay-tile": lay_tile, "end-turn": end_turn, "surrender": surrender}


def decide(state: GameState, command: Any) -> list:
    handler = HANDLERS.get(getattr(command, "type", None))
    if handler is None:
        raise RuleViolation("command.unknown", f"{command!r} is not a Raubritter command")
    events = list(handler(state, command))
    if command.type == "lay-tile":
        after = state
        for event in events:
            after = evolve(after, event)
        events += after_laying(after)
    return events
