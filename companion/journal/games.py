"""The games a journal can hold, by the name stored with each game (:mod:`companion.games.registry`),
a name this companion does not know being the journal's error."""

from __future__ import annotations

from typing import Any

from companion.games.registry import UnknownGame, engine
from companion.journal.errors import JournalError


def game_named(name: str) -> Any:
    try:
        return engine(name)
    except UnknownGame:
        raise JournalError(f"the journal holds a game of {name!r}, which this companion does not know") from None
