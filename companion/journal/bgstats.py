"""A finished play as a BG Stats play file (the JSON the BG Stats app opens to import plays).

The file has the shape of BG Stats' own export (``BGStatsExport.json``): lists of ``games``,
``players``, ``locations`` and ``plays``, each with an ``id`` the others refer to
(``gameRefId``, ``playerRefId``), and one ``playerScores`` entry per player with ``score`` (a
string), ``winner``, ``rank`` (0: not ranked), ``startPlayer`` and ``seatOrder``. Dates are local
wall-clock times written ``YYYY-MM-DD HH:MM:SS``. See docs/journal.md for the sources.

What each game counts is its own part, ``companion.games.<game>.bgstats``: ``results(state)``
gives one :class:`Result` per player, in seating or turn order.

UUIDs are derived from the play (game, start time, players) and the names, so exporting the same
play twice gives the same file and BG Stats can tell it already has it.
"""

from __future__ import annotations

import datetime
import uuid
from dataclasses import dataclass, replace
from typing import Any

from companion.games.registry import home, part
from companion.journal.exports import open_session
from companion.journal.session import is_over
from companion.journal.store import Journal

NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://companion.invalid/bgstats")


class NotFinished(Exception):
    """The game has not ended: BG Stats records finished plays only."""


@dataclass(frozen=True, slots=True)
class Result:
    """One player's line in the play."""

    name: str
    colour: str
    seat: int  # 1: first in the game's seating or turn order
    score: int
    rank: int  # 0: not ranked
    winner: bool
    start: bool
    summary: str


# -------------------------------------------------------------------------------- results


def results_of(game: str, state: Any) -> list[Result]:
    """The players' lines; two players of one name are told apart by their colours."""
    results = part(game, "bgstats").results(state)
    names = [r.name for r in results]
    return [replace(r, name=f"{r.name} ({r.colour})") if names.count(r.name) > 1 else r for r in results]


# ------------------------------------------------------------------------------ the document


def _moment(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text)


def wall_clock(text: str) -> str:
    """A journal time (ISO 8601 with its offset) as BG Stats writes dates: local, to the second."""
    return _moment(text).strftime("%Y-%m-%d %H:%M:%S")


def minutes_between(start: str, end: str) -> int:
    seconds = (_moment(end) - _moment(start)).total_seconds()
    return max(0, round(seconds / 60))


def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(NAMESPACE, "\x1f".join(parts))).upper()


def play_document(journal: Journal, game_id: int) -> dict[str, Any]:
    """The BG Stats play file of a finished game; NotFinished if it has not ended (JournalError if the
    journal cannot give the game)."""
    row = journal.game(game_id)
    session = open_session(journal, game_id)
    assert session is not None
    if not is_over(session.state):
        raise NotFinished(f"game {game_id} ({row.game}) is not finished; BG Stats records finished plays only")
    results = results_of(row.game, session.state)
    title = home(row.game).title
    ended = row.finished or row.updated
    played = wall_clock(row.started)
    written = wall_clock(ended)
    winners = [r.name for r in results if r.winner]
    comments = "; ".join(r.summary for r in results)
    comments += f". Winner{'s' if len(winners) != 1 else ''}: {', '.join(winners) or 'nobody'}."
    comments += f" Recorded by companion (journal game {game_id}{f', {row.name}' if row.name else ''})."
    return {
        "about": "A finished play written by companion; open this file with BG Stats to import it.",
        "games": [
            {
                "id": 1,
                "uuid": _uuid("game", row.game),
                "name": title,
                "modificationDate": written,
                "cooperative": False,
                "highestWins": True,
                "noPoints": False,
                "usesTeams": False,
                "bggId": 0,
                "bggYear": 0,
            }
        ],
        "players": [
            {
                "id": i,
                "uuid": _uuid("player", r.name),
                "name": r.name,
                "isAnonymous": False,
                "modificationDate": written,
                "bggUsername": "",
            }
            for i, r in enumerate(results, start=1)
        ],
        "locations": [],
        "plays": [
            {
                "uuid": _uuid("play", row.game, row.started, *(r.name for r in results)),
                "gameRefId": 1,
                "playDate": played,
                "entryDate": written,
                "modificationDate": written,
                "durationMin": minutes_between(row.started, ended),
                "ignored": False,
                "manualWinner": True,
                "rounds": 0,
                "scoringSetting": 0,
                "usesTeams": False,
                "board": "",
                "comments": comments,
                "playerScores": [
                    {
                        "playerRefId": i,
                        "score": str(r.score),
                        "winner": r.winner,
                        "rank": r.rank,
                        "startPlayer": r.start,
                        "seatOrder": r.seat,
                        "newPlayer": False,
                        "role": r.colour,
                        "team": "",
                    }
                    for i, r in enumerate(results, start=1)
                ],
            }
        ],
    }
