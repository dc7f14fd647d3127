"""Schatzjagd's lines in a BG Stats play. The game has no points: the first to hide what the
agreed victory condition asks in the own castle wins. So the score is how far each player got
towards that condition (treasures hidden; of one kind; kinds; or the named treasures hidden), and
the winner, who met it, has the highest score, which ``highestWins`` asks. No rank; the start player
is the one who won the roll to begin. A round is a day of the game (the rule book: every player once,
"eine Runde entspricht einem Tag"): the rounds are the day the game ended on."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.journal.bgstats import Box, Result

# As the rule book's introduction gives them: 2-4 players from 8 years, one to five hours depending
# on the victory condition agreed. No designer is named there and no BoardGameGeek id confirmed.
BOX = Box(min_players=2, max_players=4, min_minutes=60, max_minutes=300, min_age=8)


def progress(victory: Any, hidden: tuple[str, ...]) -> int:
    """How much of the victory condition ``hidden`` meets, counted as the condition counts."""
    counts = Counter(hidden)
    if victory.treasures:
        return len(hidden)
    if victory.same_kind:
        return max(counts.values(), default=0)
    if victory.different_kinds:
        return len(counts)
    needed = Counter(victory.kinds or ())
    return sum(min(counts[kind], n) for kind, n in needed.items())


def results(state: Any) -> list[Result]:
    lines = []
    victory = state.options.victory
    for seat, p in enumerate(state.players, start=1):
        hidden = len(p.hidden)
        summary = f"{hidden} treasure(s) hidden, {p.gold} gold"
        start = p.colour == state.options.first
        score = progress(victory, p.hidden)
        lines.append(Result(p.name, p.colour, seat, score, 0, p.colour == state.winner, start, summary))
    return lines


def rounds(state: Any, events: list[Any]) -> int:
    """The day the game ended on: the rounds played."""
    return int(state.day)
