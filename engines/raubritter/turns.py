"""Whose turn comes next: the initial pair, up to three tiles a turn, players without tiles or
who surrendered skipped, and the end of the game when nobody in it has a tile left."""

from __future__ import annotations

from engines.raubritter import events as ev
from engines.raubritter.rules import INITIAL_TILES, TILES_PER_TURN
from engines.raubritter.scoring import scoring
from engines.raubritter.state import INITIAL, OVER, PLAY, GameState


def after_laying(state: GameState) -> list[ev.Event]:
    """The turn ends by itself after the initial pair, the third tile, or the last tile in hand."""
    player = state.player(state.current) if state.current else None
    if player is None:
        return []
    if state.phase == INITIAL:
        return pass_turn(state) if state.laid == INITIAL_TILES or player.tiles_total == 0 else []
    if state.laid == TILES_PER_TURN or player.tiles_total == 0:
        return pass_turn(state, after_three=state.current if state.laid == TILES_PER_TURN else None)
    return []


def pass_turn(state: GameState, after_three: str | None = None) -> list[ev.Event]:
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
