"""The games a journal can hold, by the name stored with each game."""

from __future__ import annotations

from typing import Any

from companion.journal.errors import JournalError
from engines.gluecksritter import GAME as GLUECKSRITTER
from engines.raubritter import GAME as RAUBRITTER
from engines.schatzjagd import GAME as SCHATZJAGD

GAMES: dict[str, Any] = {g.name: g for g in (GLUECKSRITTER, RAUBRITTER, SCHATZJAGD)}


def game_named(name: str) -> Any:
    try:
        return GAMES[name]
    except KeyError:
        raise JournalError(f"the journal holds a game of {name!r}, which this companion does not know") from None
