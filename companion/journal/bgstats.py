"""A finished play as a BG Stats play file (the JSON the BG Stats app opens to import plays).

The file has the shape of BG Stats' own export (``BGStatsExport.json``): lists of ``games``,
``players``, ``locations`` and ``plays``, each with an ``id`` the others refer to
(``gameRefId``, ``playerRefId``), and one ``playerScores`` entry per player with ``score`` (a
string), ``winner``, ``rank`` (0: not ranked), ``startPlayer`` and ``seatOrder``. Dates are local
wall-clock times written ``YYYY-MM-DD HH:MM:SS``. See docs/journal.md for the sources.

What the published readers of such files demand is written in every file: one location (the
companion's, named by ``location = "..."`` in the settings file, default ``Companion table``) and the
play's ``locationRefId``; each game's details from the box (:class:`Box`); ``userInfo.meRefId``
(the player named by ``me = "..."`` in the settings file, else the first player).

What each game counts is its own part, ``companion.games.<game>.bgstats``: ``results(state)``
gives one :class:`Result` per player, in seating or turn order, with a score that agrees with who
won under ``highestWins``; ``rounds(state, events)`` the rounds played (``rounds``: what BG Stats
calls a round, every player's turn once; 0, BG Stats' own value for a play whose rounds nobody
entered, where the game does not know them); ``BOX`` gives the game's :class:`Box`.

Players are named as the table's screens name them: the name given at the setup, or, for a player
who gave none, the colour, capitalised, in the table's language ("Rot" in a German game, not
"red"; :func:`results_of`); two of one name with the colour beside it ("Anna (Rot)"). The language
is the one the table speaks now (the app's settings), or the one asked for (``companion export
--language``). The UUIDs are derived from the names as recorded (the colour for a player without a
name), so a play keeps its UUIDs whichever language it is written in.

UUIDs are derived from the play (game, start time, players) and the names, so exporting the same
play twice gives the same file and BG Stats can tell it already has it.
"""

from __future__ import annotations

import datetime
import uuid
from dataclasses import dataclass, replace
from typing import Any

from companion.games.registry import home, part
from companion.i18n import Cap, Person, Word, current_language, render
from companion.journal.errors import JournalError
from companion.journal.exports import open_session
from companion.journal.paths import read_settings, settings_file
from companion.journal.rows import GameRow, is_over
from companion.journal.store import Journal
from engines.core.errors import CompanionError

NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://companion.invalid/bgstats")
DEFAULT_LOCATION = "Companion table"


class NotFinished(CompanionError):
    """The game has not ended: BG Stats records finished plays only."""


@dataclass(frozen=True, slots=True)
class Result:
    """One player's line in the play."""

    name: str  # as the table names the player (:func:`results_of`); a game gives the name recorded
    colour: str
    seat: int  # 1: first in the game's seating or turn order
    score: int
    rank: int  # 0: not ranked
    winner: bool
    start: bool
    summary: str  # the counts in words, without the name ("14 points, 16 knights left")
    key: str = ""  # the name as recorded, from which the UUIDs are derived (:func:`results_of` sets it)


@dataclass(frozen=True, slots=True)
class Box:
    """What the box says of a game, as BG Stats keeps it for a game; 0 where nothing is known (as
    BG Stats writes for a game it has no BoardGameGeek entry for)."""

    min_players: int
    max_players: int
    min_minutes: int = 0
    max_minutes: int = 0
    min_age: int = 0
    designers: str = ""
    bgg_id: int = 0  # BoardGameGeek's id; 0: none confirmed
    bgg_year: int = 0


# -------------------------------------------------------------------------------- results


def given(name: Any, colour: str) -> str | None:
    """A name the table gave: one that only repeats the colour (what an engine fills in when none
    was given) is none."""
    if not isinstance(name, str) or not name.strip() or name.strip().casefold() == colour.casefold():
        return None
    return name.strip()


def results_of(game: str, state: Any, language: str | None = None) -> list[Result]:
    """The players' lines, each player named as the table's screens name them in ``language``
    (default: the language the table speaks now): the name given, else the colour, capitalised
    ("Rot"); two players of one name are told apart by their colours ("Anna (Rot)")."""
    language = language or current_language()
    results = part(game, "bgstats").results(state)
    recorded = [r.name for r in results]
    shown = [given(r.name, r.colour) or render(Cap(Word(r.colour)), language) for r in results]
    lines = []
    for r, name, plain in zip(results, shown, recorded, strict=True):
        twice = shown.count(name) > 1
        key = f"{plain} ({r.colour})" if recorded.count(plain) > 1 else plain
        name = render(Person(r.colour, name), language) if twice else name
        lines.append(replace(r, name=name, key=key))
    return lines


def rounds_of(game: str, state: Any, events: list[dict[str, Any]]) -> int:
    """The rounds the game went through, as its part counts them (0: not known)."""
    counted = getattr(part(game, "bgstats"), "rounds", None)
    return int(counted(state, events)) if counted is not None else 0


# ------------------------------------------------------------------------------ the settings


def _name_setting(settings: dict[str, Any], key: str) -> str | None:
    value = settings.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise JournalError(f"{settings_file()}: {key} must be a name in quotes")
    return value.strip()


def location_name(settings: dict[str, Any]) -> str:
    """The companion's place, as BG Stats' location: ``location`` in the settings file."""
    return _name_setting(settings, "location") or DEFAULT_LOCATION


def me_name(settings: dict[str, Any]) -> str | None:
    """The phone owner's name, ``me`` in the settings file (None: not set)."""
    return _name_setting(settings, "me")


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


def finished(journal: Journal, game_id: int) -> tuple[GameRow, Any]:
    """A finished game's row and final state; NotFinished if it has not ended (JournalError if the
    journal cannot give the game)."""
    row, state, _ = finished_play(journal, game_id)
    return row, state


def finished_play(journal: Journal, game_id: int) -> tuple[GameRow, Any, list[dict[str, Any]]]:
    """:func:`finished`, and the events of the commands in play, in order (what the rounds are
    counted from)."""
    row = journal.game(game_id)
    session = open_session(journal, game_id)
    assert session is not None
    if not is_over(session.state):
        raise NotFinished(f"game {game_id} ({row.game}) is not finished; BG Stats records finished plays only")
    in_play = set(session.chain(session.head))
    events = [
        event
        for entry in journal.entries(game_id)
        if entry.kind == "command" and entry.seq in in_play
        for event in entry.events or ()
    ]
    return row, session.state, events


def play_document(journal: Journal, game_id: int, language: str | None = None) -> dict[str, Any]:
    """The BG Stats play file of a finished game, its players named in ``language`` (default: the
    language the table speaks now); NotFinished if it has not ended (JournalError if the journal
    cannot give the game)."""
    row, state, events = finished_play(journal, game_id)
    results = results_of(row.game, state, language)
    title = home(row.game).title
    box: Box = part(row.game, "bgstats").BOX
    settings = read_settings()
    location = location_name(settings)
    me = me_name(settings)
    names = [r.name for r in results]
    me_id = 1 + names.index(me) if me in names else 1
    ended = row.finished or row.updated
    played = wall_clock(row.started)
    written = wall_clock(ended)
    winners = [r.name for r in results if r.winner]
    comments = "; ".join(f"{r.name}: {r.summary}" for r in results)
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
                "urlThumb": "",
                "urlImage": "",
                "bggName": title if box.bgg_id else "",
                "bggYear": box.bgg_year,
                "bggId": box.bgg_id,
                "designers": box.designers,
                "isBaseGame": True,
                "isExpansion": False,
                "rating": 0,
                "minPlayerCount": box.min_players,
                "maxPlayerCount": box.max_players,
                "minPlayTime": box.min_minutes,
                "maxPlayTime": box.max_minutes,
                "minAge": box.min_age,
            }
        ],
        "players": [
            {
                "id": i,
                "uuid": _uuid("player", r.key),
                "name": r.name,
                "isAnonymous": False,
                "modificationDate": written,
                "bggUsername": "",
            }
            for i, r in enumerate(results, start=1)
        ],
        "locations": [{"id": 1, "uuid": _uuid("location", location), "name": location, "modificationDate": written}],
        "plays": [
            {
                "uuid": _uuid("play", row.game, row.started, *(r.key for r in results)),
                "gameRefId": 1,
                "locationRefId": 1,
                "playDate": played,
                "entryDate": written,
                "modificationDate": written,
                "durationMin": minutes_between(row.started, ended),
                "ignored": False,
                "manualWinner": True,
                "rounds": rounds_of(row.game, state, events),
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
        "userInfo": {"meRefId": me_id, "bggUsername": ""},
    }
