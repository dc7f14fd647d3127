"""The end of a race (the contract: :mod:`companion.results.parts`): the plot follows the rounds
and draws each figure's step; the verdict names the winner; the columns give each player's steps
and place."""

from __future__ import annotations

from companion.app.people import person
from companion.i18n import Message, Text
from companion.results.parts import Columns, Measure
from tests.companion.games.toy.engine import GOAL, GameState, public_view

PERIOD = Message("Round")
MEASURES = (Measure("steps", Message("Steps")),)
HEADINGS = (Message("Steps"), Message("Place"))


def period(state: GameState) -> int:
    """The round of the last turn taken (1 before any): a round ends with its last player's turn,
    and the state after it still shows that round."""
    return max(1, -(-state.turns // len(state.players)))


def values(state: GameState) -> dict[str, tuple[int, ...]]:
    return {p.colour: (p.position,) for p in state.players}


def verdict(state: GameState) -> list[Text]:
    if state.winner is None:
        return []
    who = person(public_view(state), state.winner)
    return [Message("{player} reached step {goal} first and wins the race.", player=who, goal=GOAL)]


def columns(state: GameState) -> Columns:
    rows = []
    for p in state.players:
        place = 1 + sum(1 for other in state.players if other.position > p.position)
        rows.append((p.colour, (p.position, place)))
    return Columns(headings=HEADINGS, rows=tuple(rows))
