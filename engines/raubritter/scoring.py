"""The end of the game: castle 1, village 2, town 3 to the owner of the top knight."""

from __future__ import annotations

from engines.raubritter import events as ev
from engines.raubritter.rules import POINTS, building
from engines.raubritter.state import GameState


def scoring(state: GameState) -> ev.GameEnded:
    """Each building scores for the owner of its top knight. A player who surrendered scores 0
    and cannot win, and a tile they top scores for nobody (it does not pass to the knight below).
    Most points wins; equal points: most knights left in hand; still equal: a draw. When every
    player has surrendered, nobody wins."""
    points = {p.colour: 0 for p in state.players}
    for cell in state.cells:
        owner, kind = cell.top, building(cell.kind)
        if owner is not None and kind is not None and not state.player(owner).surrendered:
            points[owner] += POINTS[kind]
    in_game = [p for p in state.players if not p.surrendered]
    if not in_game:
        return ev.GameEnded(tuple(points.items()), (), draw=False)
    best = max(points[p.colour] for p in in_game)
    leaders = [p for p in in_game if points[p.colour] == best]
    most = max(p.knights for p in leaders)
    winners = tuple(p.colour for p in leaders if p.knights == most)
    return ev.GameEnded(tuple(points.items()), winners, draw=len(winners) > 1)
