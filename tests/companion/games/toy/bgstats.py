"""The race's lines in a BG Stats play: the steps each figure went, the winner first (ranked by
steps, equal steps share a rank), the start player the first in turn order."""

from __future__ import annotations

from typing import Any

from companion.journal.bgstats import Box, Result

BOX = Box(min_players=2, max_players=4, min_minutes=5, max_minutes=10, min_age=4)


def results(state: Any) -> list[Result]:
    lines = []
    for seat, p in enumerate(state.players, start=1):
        rank = 1 + sum(1 for other in state.players if other.position > p.position)
        summary = f"{p.position} steps"
        lines.append(Result(p.name, p.colour, seat, p.position, rank, p.colour == state.winner, seat == 1, summary))
    return lines


def rounds(state: Any, events: list[dict[str, Any]]) -> int:
    """The rounds begun: every player's turn once is a round."""
    turns = sum(1 for event in events if event.get("type") in ("moved", "rested", "finished"))
    return -(-turns // len(state.players))
