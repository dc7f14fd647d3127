"""Named saves of the running game, kept in the journal's ``saves`` table.

A save is the game's line of play as a ``companion.history`` document (engines/core/saved.py):
the setup and, for every command in play, the command and its events. Loading a save starts a new
game in the journal, rebuilt from those events (nothing is decided again), and makes it the
running one; the game that was running stays in the journal as it was. "Quit" saves the running
game under the local date and time and leaves no game running.

A save holds no secret the game has not revealed and does not need: undone commands are not part
of it, and picks made before their reveal (Die Glücksritter, phases B to D) are left out — the save
ends where the round's picking began, and those players choose again after loading, as after a
power cut. Documents in hand stay in it: the game cannot go on without them, and a save lives
only in the journal, the referee's private record.
"""

from __future__ import annotations

import datetime
import sqlite3
from dataclasses import dataclass
from typing import Any

from companion import clock
from companion.journal.errors import ExportError, JournalError, verify_hint
from companion.journal.exports import damaged, open_session, pending_picks, write_game
from companion.journal.games import game_named
from companion.journal.rebuild import rebuild
from companion.journal.rows import EntryRow, is_over, now
from companion.journal.session import Session
from companion.journal.store import Journal
from engines.core.errors import CompanionError
from engines.core.history import History
from engines.core.saved import SavedFormatError, dump_history, load_history

NAME_LIMIT = 80


class SaveRefused(CompanionError):
    """A save step that cannot be done now (no game running, not confirmed); nothing changed."""


class SaveError(CompanionError, ValueError):
    """A save step with an unusable argument (an unknown save, a bad name, a broken save)."""


@dataclass(frozen=True, slots=True)
class SaveRow:
    id: int
    name: str
    game: str
    saved: str


@dataclass(frozen=True, slots=True)
class Saved:
    id: int
    name: str
    game: str
    game_id: int


@dataclass(frozen=True, slots=True)
class Loaded:
    save_id: int
    name: str
    game: str
    game_id: int
    session: Session


def stamp(moment: datetime.datetime | None = None) -> str:
    """The local date and time to the minute, e.g. ``2026-11-25 21:07``: the name "quit" saves under."""
    moment = moment or clock.now()
    return moment.strftime("%Y-%m-%d %H:%M")


def history_of(session: Session) -> History[Any]:
    """The session's line of play as a core History (the recorded events, not decided again), up
    to the last point where no pick waits to be revealed: picks not yet revealed, and every command
    after the first of them, are left out."""
    game = session.game
    commands = {row.seq: row for row in session.journal.entries(session.game_id) if row.kind == "command"}
    line = []
    for seq in session.chain(session.head):
        row = commands[seq]
        assert row.command is not None and row.events is not None
        line.append((game.parse_command(row.command), [game.parse_event(e) for e in row.events]))
    history: History[Any] = History(game, session.config, check_every_event=False)
    clean = 0  # how many commands lead to the last state without a pick waiting to be revealed
    for count, (command, events) in enumerate(line, start=1):
        history.restore(command, events)
        if not pending_picks(game, history.state):
            clean = count
    if clean == len(line):
        return history
    history = History(game, session.config, check_every_event=False)
    for command, events in line[:clean]:
        history.restore(command, events)
    return history


def document_of(session: Session) -> dict[str, Any]:
    """The running game as a ``companion.history`` document."""
    return dump_history(history_of(session))


def _clean_name(name: str | None, moment: datetime.datetime | None) -> str:
    if name is None:
        return stamp(moment)
    text = " ".join(name.split())
    if not text:
        raise SaveError("a save needs a name with at least one letter or digit (or no name: then the date and time)")
    if len(text) > NAME_LIMIT:
        raise SaveError(f"a save's name can be at most {NAME_LIMIT} characters long, this one has {len(text)}")
    return text


def _running(journal: Journal) -> Session:
    session = open_session(journal)
    if session is None:
        raise SaveRefused("no game is running, so there is nothing to save")
    return session


def save(journal: Journal, name: str | None = None, *, moment: datetime.datetime | None = None) -> Saved:
    """Save the running game under ``name`` (the local date and time if None)."""
    clean = _clean_name(name, moment)
    session = _running(journal)
    try:
        document = document_of(session)
    except (ValueError, sqlite3.DatabaseError) as exc:
        raise damaged(journal, session.game_id, exc) from None
    save_id = journal.add_save(clean, session.game.name, document)
    return Saved(save_id, clean, session.game.name, session.game_id)


def quit_game(journal: Journal, *, moment: datetime.datetime | None = None) -> Saved:
    """Save the running game under the local date and time, then leave no game running (the game
    stays in the journal; loading the save continues it)."""
    saved = save(journal, None, moment=moment)
    journal.set_running(None)
    return saved


def list_saves(journal: Journal) -> list[SaveRow]:
    """Every save, newest first."""
    return [SaveRow(*row) for row in journal.saves()]


def load(journal: Journal, save_id: int) -> Loaded:
    """A new game rebuilt from a save's events, written in one transaction; it becomes the running one."""
    try:
        name, document = journal.save_document(save_id)
    except JournalError:
        raise SaveError(f"there is no save {save_id}; 'companion saves list' shows the saves") from None
    where = f"save {save_id} ({name!r})"

    def unloadable(reason: object) -> SaveError:  # the save's document in the journal is damaged
        return SaveError(f"{where} cannot be loaded: {reason}; {verify_hint(journal.path)}")

    if document is None:
        raise unloadable("its document is damaged (not readable text)")
    if not isinstance(document, dict) or not isinstance(document.get("game"), str):
        raise unloadable("it is not a saved game")
    try:
        game = game_named(document["game"])
        history = load_history(game, document)
    except (JournalError, SavedFormatError) as exc:
        raise unloadable(exc) from None
    at = now()
    rows, parent = [], 0
    for seq, entry in enumerate(history.entries, start=1):
        events = [game.dump_event(e) for e in entry.events]
        rows.append(EntryRow(seq, "command", None, parent, game.dump_command(entry.command), events, None, at))
        parent = seq
    try:
        rebuilt = rebuild(game, game.dump_config(history.config), rows)
    except ExportError as exc:
        raise unloadable(exc) from None
    finished = at if is_over(rebuilt.state) else None
    game_id = write_game(journal, rebuilt, name=name, started=at, updated=at, finished=finished, running=True)
    return Loaded(save_id, name, game.name, game_id, Session.open(journal, game_id))


def delete_all(journal: Journal, *, confirmed: bool) -> int:
    """Delete every save — only when ``confirmed``; otherwise SaveRefused says how many there are and
    nothing is deleted. Returns the number deleted."""
    count = len(journal.saves())
    if count == 0:
        return 0
    if not confirmed:
        raise SaveRefused(f"this would delete all {count} save(s) for good; nothing was deleted. Confirm with --yes")
    return journal.delete_all_saves()
