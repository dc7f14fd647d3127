"""``evolve(state, event) -> state`` for Raubritter."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engines.core.correction import Corrected
from engines.core.frozen import replace
from engines.raubritter import events as ev
from engines.raubritter.rules import DIRECTIONS, KIND_INDEX
from engines.raubritter.state import OVER, Cell, GameState, Player


def _players_with(players: tuple[Player, ...], colour: str, **changes: Any) -> tuple[Player, ...]:
    """The players with ``changes`` made to the one of ``colour`` (the others are the same objects)."""
    for i, p in enumerate(players):
        if p.colour == colour:
            return players[:i] + (replace(p, **changes),) + players[i + 1 :]
    return players


def _update_player(state: GameState, colour: str, **changes: Any) -> GameState:
    return replace(state, players=_players_with(state.players, colour, **changes))


def _pile(s: GameState, colour: str, kind: str, change: int) -> GameState:
    """``change`` tiles of ``kind`` onto (positive) or off (negative) the player's pile."""
    return replace(s, players=_piled(s.players, colour, kind, change))


def _piled(players: tuple[Player, ...], colour: str, kind: str, change: int) -> tuple[Player, ...]:
    """The players with ``change`` tiles of ``kind`` onto or off the pile of ``colour``."""
    for i, p in enumerate(players):
        if p.colour == colour:
            k = KIND_INDEX[kind]
            tiles = p.tiles[:k] + (p.tiles[k] + change,) + p.tiles[k + 1 :]
            return players[:i] + (replace(p, tiles=tiles),) + players[i + 1 :]
    raise KeyError(colour)


def _hands(s: GameState, knights: Counter[str]) -> GameState:
    """Knights back into (positive) or out of (negative) their owners' hands."""
    for colour, n in knights.items():
        s = _update_player(s, colour, knights=s.player(colour).knights + n)
    return s


def tile_laid(s: GameState, e: ev.TileLaid) -> GameState:
    players = _piled(s.players, e.player, e.kind, -1)
    cells = s.cells + (Cell(e.x, e.y, e.kind, e.player),)
    return replace(s, players=players, cells=cells, laid=s.laid + 1, after_three=None)


def knights_marched(s: GameState, e: ev.KnightsMarched) -> GameState:
    dx, dy = DIRECTIONS[e.direction] if e.direction else (0, 0)
    targets = {(e.x + dx * i, e.y + dy * i): drop for i, drop in enumerate(e.drops)}
    cells = list(s.cells)
    for i, c in enumerate(cells):
        drop = targets.get((c.x, c.y))
        if drop is not None:
            cells[i] = replace(c, stack=c.stack + (e.player,) * drop)
    players = _players_with(s.players, e.player, knights=s.player(e.player).knights - sum(e.drops))
    return replace(s, players=players, cells=tuple(cells))


def turn_passed(s: GameState, e: ev.TurnPassed) -> GameState:
    if e.phase != OVER:  # a finished game that a correction opened again has no result
        return replace(
            s, current=e.to, phase=e.phase, laid=0, after_three=e.after_three, scores=(), winners=(), draw=False
        )
    return replace(s, current=e.to, phase=e.phase, laid=0, after_three=e.after_three)


def player_surrendered(s: GameState, e: ev.PlayerSurrendered) -> GameState:
    return _update_player(s, e.player, surrendered=True)


def game_ended(s: GameState, e: ev.GameEnded) -> GameState:
    return replace(s, scores=e.scores, winners=e.winners, draw=e.draw)


def tile_corrected(s: GameState, e: ev.TileCorrected) -> GameState:
    here = (e.x, e.y)
    cell = s.cell(e.x, e.y)
    if e.old is not None:
        s = _pile(s, e.player, e.old, +1)
    if e.new is None:  # back to the pile; its knights back to their owners
        s = _hands(s, Counter(cell.stack if cell else ()))
        return replace(s, cells=tuple(c for c in s.cells if (c.x, c.y) != here))
    s = _pile(s, e.player, e.new, -1)
    if cell is None:  # from the pile onto the table
        return replace(s, cells=s.cells + (Cell(e.x, e.y, e.new, e.player),))
    return replace(s, cells=tuple(replace(c, kind=e.new) if (c.x, c.y) == here else c for c in s.cells))


def tile_moved(s: GameState, e: ev.TileMoved) -> GameState:
    moved = tuple(replace(c, x=e.to_x, y=e.to_y) if (c.x, c.y) == (e.x, e.y) else c for c in s.cells)
    return replace(s, cells=moved)


def stack_corrected(s: GameState, e: ev.StackCorrected) -> GameState:
    back = Counter(e.old)
    back.subtract(e.new)
    s = _hands(s, back)
    return replace(s, cells=tuple(replace(c, stack=e.new) if (c.x, c.y) == (e.x, e.y) else c for c in s.cells))


def corrected(s: GameState, e: Corrected) -> GameState:
    """Knights in hand (``<colour>.knights``): the difference is set aside or taken back from there."""
    colour = e.counter.partition(".")[0]
    p = s.player(colour)
    return _update_player(s, colour, knights=e.new, aside=p.aside - (e.new - p.knights))


HANDLERS: dict[str, Callable[[GameState, Any], GameState]] = {
    "tile-laid": tile_laid,
    "knights-marched": knights_marched,
    "turn-passed": turn_passed,
    "player-surrendered": player_surrendered,
    "game-ended": game_ended,
    "tile-corrected": tile_corrected,
    "tile-moved": tile_moved,
    "stack-corrected": stack_corrected,
    "corrected": corrected,
}


def evolve(state: GameState, event: Any) -> GameState:
    return HANDLERS[event.type](state, event)
