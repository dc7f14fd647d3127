"""``evolve(state, event) -> state`` for Raubritter."""

from __future__ import annotations

from typing import Any

from engines.core.frozen import replace
from engines.raubritter import events as ev
from engines.raubritter.rules import DIRECTIONS, KINDS
from engines.raubritter.state import Cell, GameState


def _update_player(state: GameState, colour: str, **changes: Any) -> GameState:
    return replace(state, players=tuple(replace(p, **changes) if p.colour == colour else p for p in state.players))


def tile_laid(s: GameState, e: ev.TileLaid) -> GameState:
    p = s.player(e.player)
    i = KINDS.index(e.kind)
    tiles = p.tiles[:i] + (p.tiles[i] - 1,) + p.tiles[i + 1 :]
    s = _update_player(s, e.player, tiles=tiles)
    return replace(s, cells=s.cells + (Cell(e.x, e.y, e.kind, e.player),), laid=s.laid + 1, after_three=None)


def knights_marched(s: GameState, e: ev.KnightsMarched) -> GameState:
    dx, dy = DIRECTIONS[e.direction] if e.direction else (0, 0)
    targets = {(e.x + dx * i, e.y + dy * i): drop for i, drop in enumerate(e.drops)}
    cells = tuple(
        replace(c, stack=c.stack + (e.player,) * targets[c.x, c.y]) if (c.x, c.y) in targets else c for c in s.cells
    )
    s = _update_player(s, e.player, knights=s.player(e.player).knights - sum(e.drops))
    return replace(s, cells=cells)


def turn_passed(s: GameState, e: ev.TurnPassed) -> GameState:
    return replace(s, current=e.to, phase=e.phase, laid=0, after_three=e.after_three)


def player_surrendered(s: GameState, e: ev.PlayerSurrendered) -> GameState:
    return _update_player(s, e.player, surrendered=True)


def game_ended(s: GameState, e: ev.GameEnded) -> GameState:
    return replace(s, scores=e.scores, winners=e.winners, draw=e.draw)


HANDLERS = {
    "tile-laid": tile_laid,
    "knights-marched": knights_marched,
    "turn-passed": turn_passed,
    "player-surrendered": player_surrendered,
    "game-ended": game_ended,
}


def evolve(state: GameState, event: Any) -> GameState:
    return HANDLERS[event.type](state, event)
