"""The names players gave in earlier games, most recent first, for a new-game form to offer: read
from the journal's games as each game's screens part words its players (``summary(config, ())``:
the setup alone, no replay), so a game whose setup stores names its own way still gives them. A
name that only repeats a colour is no name; "anna" and "Anna " are one name, the most recent
spelling kept. No Kivy here."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

from companion.app.contract import screens_of
from companion.results.outcome import given_name
from engines.core.errors import CompanionError

log = logging.getLogger(__name__)


def key(name: str) -> str:
    """A name as the journal's statistics compare names: case and spaces aside."""
    return " ".join(name.split()).casefold()


def earlier_names(journal: Any) -> list[str]:
    """Every name of the journal's games (running, saved or finished), the games last played
    first; within a game in seating order. None or an unreadable journal: no names."""
    if journal is None:
        return []
    try:
        rows = journal.games()
    except (CompanionError, sqlite3.Error, ValueError) as error:  # a journal that cannot be read offers no names
        log.warning("earlier names: the journal's games cannot be read: %s", error)
        return []
    found: dict[str, str] = {}
    for row in sorted(rows, key=lambda r: (r.updated or r.started or "", r.id), reverse=True):
        screens = screens_of(row.game)
        if screens is None:
            continue
        try:
            players = screens.summary(row.config, ()).players
        except Exception as error:  # noqa: BLE001 - a game part's words of a damaged setup can fail in any way
            log.warning("earlier names: game %s's setup cannot be read: %s", row.id, error)
            continue
        for colour, name in players:
            given = given_name(name, colour)
            if given is not None:
                found.setdefault(key(given), " ".join(given.split()))
    return list(found.values())


def offered(earlier: list[str], taken: list[str]) -> list[str]:
    """The earlier names that no other seat has taken, in their order."""
    used = {key(name) for name in taken}
    return [name for name in earlier if key(name) not in used]
