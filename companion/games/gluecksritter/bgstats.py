"""Die Glücksritter's lines in a BG Stats play: the Ducats each player holds (silver 1, gold 2); the
winners as the game decided them; no rank (the rules name only winners) and no start player
(everyone picks at once)."""

from __future__ import annotations

from typing import Any

from companion.journal.bgstats import Result


def results(state: Any) -> list[Result]:
    lines = []
    for seat, p in enumerate(state.players, start=1):
        ducats = p.coins.value
        summary = f"{p.name}: {p.walls} walls, {p.towers} towers, {ducats} Ducats"
        lines.append(Result(p.name, p.colour, seat, ducats, 0, p.colour in state.winners, False, summary))
    return lines
