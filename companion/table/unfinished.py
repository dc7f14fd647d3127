"""A secret choice cut off by a power cut: the public trace of it the table keeps in the journal.

The picks live in memory only until their reveal (a secret never reaches a file early), so a
power cut while the players choose loses every pick locked in so far. What the table keeps
instead is public, in the journal's ``session`` table under :data:`KEY`: that a choice is under
way in this game at this step, and who has locked in (the board shows that anyway), e.g.
``{"game": 3, "entry": 12, "locked": ["red", "blue"]}``. Never a button, never a card.

When the table opens a game that still stands in that choice, it says that the choice was
interrupted and everyone chooses again (:class:`~companion.table.notices.ChoiceInterrupted`).
"""

from __future__ import annotations

import json
import logging
from typing import Any

from companion.journal.errors import JournalError
from companion.table.game import TableGame

log = logging.getLogger(__name__)

KEY = "choosing"


def record(game_id: int, entry: int, locked: tuple[str, ...]) -> str:
    """The stored form: the game, the step (its head entry) and the colours locked in, nothing else."""
    return json.dumps({"game": game_id, "entry": entry, "locked": list(locked)}, sort_keys=True)


def keep(session: Any, locked: tuple[str, ...]) -> None:
    """Who has locked in now (``()``: nobody, or no choice: the record goes). JournalWriteError
    when the journal cannot be written."""
    session.journal.set_fact(KEY, record(session.game_id, session.head, locked) if locked else None)


def take(session: Any, game: TableGame) -> tuple[str, ...] | None:
    """The players who had locked in when a choice of this game was cut off, if the game still
    stands in that choice; None when nothing was cut off. The record is forgotten either way.
    A reveal deletes the record in its own transaction, so a record found is at the game's head;
    picks of the same choice written after it come only from a journal written before reveals
    were one step, and are taken as part of the choice cut off."""
    text = session.journal.fact(KEY)
    if text is None:
        return None
    try:
        session.journal.set_fact(KEY, None)
    except JournalError as error:  # a read-only journal: said once more at the next start, harmless
        log.warning("the record of an interrupted choice stays: %s", error)
    try:
        kept = json.loads(text)
        game_id, entry, locked = int(kept["game"]), int(kept["entry"]), tuple(str(p) for p in kept["locked"])
    except (ValueError, KeyError, TypeError):
        log.warning("the record of an interrupted choice cannot be read: %r", text)
        return None
    if game_id != session.game_id or not game.choosing(session.state):
        return None
    line = session.chain(session.head)
    if entry and entry not in line:
        return None
    for seq in line[line.index(entry) + 1 :] if entry else line:
        command = session.journal.entry(session.game_id, seq).command
        if not game.is_pick(session.game.parse_command(command)):
            return None
    return locked
