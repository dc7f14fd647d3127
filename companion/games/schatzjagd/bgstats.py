"""Schatzjagd's lines in a BG Stats play: the treasures hidden in the own castle; the winner; no
rank; the start player is the one who won the roll to begin."""

from __future__ import annotations

from typing import Any

from companion.journal.bgstats import Result


def results(state: Any) -> list[Result]:
    lines = []
    for seat, p in enumerate(state.players, start=1):
        hidden = len(p.hidden)
        summary = f"{p.name}: {hidden} treasure(s) hidden, {p.gold} gold"
        start = p.colour == state.options.first
        lines.append(Result(p.name, p.colour, seat, hidden, 0, p.colour == state.winner, start, summary))
    return lines
