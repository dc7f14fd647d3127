"""The journal's finished games, newest first, and what the players' names add up to over them.

A finished game's players and winners come from its final state: the journal's snapshots make
that a short replay, and each game is read once per :class:`History` (the history screen makes
one each time it is shown). A game the journal cannot give (damaged, or of a game this companion
does not know) is counted in ``unreadable`` and left out, never the reason the list fails.

The statistics go by the names players give, case and spaces aside: "anna" and "Anna " are one
player. A player without a name is the colour, which is nobody's name, and is not counted.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.journal.bgstats import results_of
from companion.journal.rows import GameRow
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.results.outcome import given_name

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Played:
    """A finished game as the history lists it."""

    game_id: int
    game: str
    config: dict[str, Any]  # the setup, from which the game's screens word the rule set
    finished: str
    players: tuple[tuple[str, str | None], ...]  # (colour, name given or None), seating order
    winners: tuple[str, ...]  # colours


@dataclass(slots=True)
class Tally:
    """One name's plays and wins, per game."""

    name: str
    plays: dict[str, int] = field(default_factory=dict)
    wins: dict[str, int] = field(default_factory=dict)

    @property
    def total_plays(self) -> int:
        return sum(self.plays.values())

    @property
    def total_wins(self) -> int:
        return sum(self.wins.values())


def played(journal: Journal, row: GameRow) -> Played:
    session = Session.open(journal, row.id)
    state = session.state
    lines = results_of(row.game, state)
    names = {p.colour: given_name(p.name, p.colour) for p in state.players}
    return Played(
        game_id=row.id,
        game=row.game,
        config=row.config,
        finished=row.finished or row.updated,
        players=tuple((r.colour, names.get(r.colour)) for r in lines),
        winners=tuple(r.colour for r in lines if r.winner),
    )


@dataclass(slots=True)
class History:
    games: list[Played]
    unreadable: int


def history(journal: Journal, known: Iterable[str]) -> History:
    """The finished games of the games in ``known``, newest first."""
    known = set(known)
    games, unreadable = [], 0
    for row in sorted(journal.games(), key=lambda r: (r.finished or "", r.id), reverse=True):
        if row.finished is None:
            continue
        if row.game not in known:
            unreadable += 1
            continue
        try:
            games.append(played(journal, row))
        except Exception as error:  # noqa: BLE001 - a damaged game is left out, and counted
            log.warning("history: game %s cannot be read: %s", row.id, error)
            unreadable += 1
    return History(games, unreadable)


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def tallies(games: Iterable[Played]) -> list[Tally]:
    """Every name's plays and wins, most wins first, then most plays, then by name."""
    found: dict[str, Tally] = {}
    for game in games:
        for colour, name in game.players:
            if name is None:
                continue
            tally = found.setdefault(_key(name), Tally(" ".join(name.split())))
            tally.plays[game.game] = tally.plays.get(game.game, 0) + 1
            if colour in game.winners:
                tally.wins[game.game] = tally.wins.get(game.game, 0) + 1
    return sorted(found.values(), key=lambda t: (-t.total_wins, -t.total_plays, t.name.casefold()))
