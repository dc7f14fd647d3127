"""Raubritter's lines in a BG Stats play: the points of the final scoring; ranked by points, then
knights left (the game's own tie-break), a surrendered player last; the start player is the first
in turn order. The winners have the most points (a surrendered player scores 0 and never wins),
so the score agrees with ``highestWins``."""

from __future__ import annotations

from typing import Any

from companion.journal.bgstats import Box, Result
from engines.raubritter.state import PLAY

# Queen Games 2005, Rüdiger Dorn: 2-4 players, about 45 minutes, from 8 years. No BoardGameGeek id
# could be confirmed, so none is given (0).
BOX = Box(min_players=2, max_players=4, min_minutes=45, max_minutes=45, min_age=8, designers="Rüdiger Dorn")


def _competition_ranks(keys: list[tuple]) -> list[int]:
    """1 + the number of players strictly ahead: equal keys share a rank (1, 2, 2, 4)."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def results(state: Any) -> list[Result]:
    points = dict(state.scores)
    keys = [(not p.surrendered, points.get(p.colour, 0), p.knights) for p in state.players]
    ranks = _competition_ranks(keys)
    lines = []
    for seat, (p, rank) in enumerate(zip(state.players, ranks, strict=True), start=1):
        score = points.get(p.colour, 0)
        summary = f"{score} points, {p.knights} knights left" + (" (surrendered)" if p.surrendered else "")
        lines.append(Result(p.name, p.colour, seat, score, rank, p.colour in state.winners, seat == 1, summary))
    return lines


def rounds(state: Any, events: list[dict[str, Any]]) -> int:
    """The most turns of the play (after the initial placement) any one player began."""
    turns: dict[str, int] = {}
    for event in events:
        if event.get("type") == "turn-passed" and event.get("phase") == PLAY and event.get("to"):
            turns[event["to"]] = turns.get(event["to"], 0) + 1
    return max(turns.values(), default=0)
