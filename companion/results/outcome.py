"""A game's end as the result screen shows it: who won and why, every player's final figures, and
the figures of every round (or day) for the plot, computed from the journal's events so that any
game of the journal can be shown again, long after it was played.

The line of play is replayed command by command (from the journal's snapshots, as a resumed game
is); the game's ``result`` part (:mod:`companion.results.parts`) says which period each state is
in and what each player has; the plot keeps each player's values at the last state of every
period, and at the setup as period 0. Only a finished game is shown: before its end a game may
hold secrets (picks, hands, where treasures lie), and its figures would be notes a game such as
Schatzjagd forbids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.registry import home, part
from companion.journal.bgstats import results_of
from companion.journal.rows import is_over
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.results.parts import Columns, Measure
from engines.core.errors import CompanionError


class NotOver(CompanionError):
    """The game has not ended: its result is not shown (it may still hold secrets)."""


@dataclass(frozen=True, slots=True)
class Player:
    colour: str
    name: str | None  # the name given; None: called by the colour
    winner: bool


@dataclass(frozen=True, slots=True)
class Outcome:
    game_id: int
    game: str  # the engine's name
    title: str
    config: dict[str, Any]  # the setup as the journal stores it
    started: str  # ISO times as the journal writes them
    finished: str
    players: tuple[Player, ...]  # seating (or turn) order
    verdict: tuple[Any, ...]  # who won and why, as texts
    columns: Columns
    period: Any  # the plot's unit of time, a text
    measures: tuple[Measure, ...]
    points: tuple[dict[str, tuple[int, ...]], ...]
    """Per period from 0 (the setup): each player's values, by colour, in ``measures``' order."""

    @property
    def winners(self) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.winner)

    def line(self, measure: int, colour: str) -> tuple[int, ...]:
        """One player's values of one measure, period by period."""
        return tuple(point[colour][measure] for point in self.points)


def given_name(name: Any, colour: str) -> str | None:
    """A name the table gave: one that only repeats the colour (what an engine fills in when none
    was given) is none."""
    if not isinstance(name, str) or not name.strip() or name.strip().casefold() == colour.casefold():
        return None
    return name.strip()


def series(game: str, session: Session) -> list[dict[str, tuple[int, ...]]]:
    """Each player's values at the setup and at the end of every period of the line of play."""
    result = part(game, "result")
    points: dict[int, dict[str, tuple[int, ...]]] = {0: result.values(session.initial)}
    for seq in session.chain(session.head):
        state = session.state_at(seq)
        points[max(1, result.period(state))] = result.values(state)
    last = max(points)
    filled: list[dict[str, tuple[int, ...]]] = []
    for period in range(last + 1):  # a period no command ended in keeps the figures before it
        filled.append(points.get(period, filled[-1] if filled else points[0]))
    return filled


def outcome(journal: Journal, game_id: int) -> Outcome:
    """The finished game ``game_id`` as the result screen shows it; NotOver for a game that has not
    ended (JournalError if the journal cannot give it)."""
    row = journal.game(game_id)
    session = Session.open(journal, game_id)
    state = session.state
    if not is_over(state):
        raise NotOver(f"game {game_id} ({row.game}) has not ended")
    result = part(row.game, "result")
    lines = results_of(row.game, state)
    names = {p.colour: given_name(p.name, p.colour) for p in state.players}
    players = tuple(Player(r.colour, names.get(r.colour), r.winner) for r in lines)
    return Outcome(
        game_id=game_id,
        game=row.game,
        title=home(row.game).title,
        config=row.config,
        started=row.started,
        finished=row.finished or row.updated,
        players=players,
        verdict=tuple(result.verdict(state)),
        columns=result.columns(state),
        period=result.PERIOD,
        measures=tuple(result.MEASURES),
        points=tuple(series(row.game, session)),
    )
