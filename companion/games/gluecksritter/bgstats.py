"""Die Glücksritter's lines in a BG Stats play. The game has no points: the first complete castle
(4 walls, 4 towers) wins, of several the one with the most Ducats. So the score is the castle
pieces built (walls + towers, 8 = complete): a winner always has the highest score, 8, which
``highestWins`` asks; a complete castle that lost on Ducats has 8 too, and the winner flags (set by
hand, ``manualWinner``) tell them apart. The Ducats held (silver 1, gold 2) are in the comments. No
rank (the rules name only winners) and no start player (everyone picks at once). The rounds are the
game's own (a Ducat card each): the round it ended in."""

from __future__ import annotations

from typing import Any

from companion.journal.bgstats import Box, Result

# Schmidt Spiele 1999, Klaus Kreowski: 3-6 players, about 45-90 minutes, from 8 years. No
# BoardGameGeek id could be confirmed, so none is given (0).
BOX = Box(min_players=3, max_players=6, min_minutes=45, max_minutes=90, min_age=8, designers="Klaus Kreowski")


def results(state: Any) -> list[Result]:
    lines = []
    for seat, p in enumerate(state.players, start=1):
        ducats = p.coins.value
        pieces = p.walls + p.towers
        summary = f"{p.walls} walls, {p.towers} towers, {ducats} Ducats"
        lines.append(Result(p.name, p.colour, seat, pieces, 0, p.colour in state.winners, False, summary))
    return lines


def rounds(state: Any, events: list[Any]) -> int:
    """The round the game ended in: the rounds played."""
    return int(state.round)
