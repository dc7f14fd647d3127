"""A game as one JSON document (``companion.export``), and the way back into a journal.

The document holds everything the journal knows about one game: its setup, every entry (commands
with their events, undo and redo rows with the words said to the table), the final state, the
public view and the times. Importing it replays the recorded events — nothing is decided again —
rebuilds the line of play from the undo and redo rows, checks that the replay ends in the state
the document states, and only then writes the game into the journal, in one transaction.

A document from a newer companion, a document of something else, or one that is broken anywhere
is refused with :class:`ExportError`; the journal is not touched. A file to import is read as
:mod:`companion.inputs` reads every file handed to the app: at most :data:`LARGEST` bytes, refused
by its size before anything is read.

A game whose rules forbid notes while it is played (a game with ``no_notes``: Schatzjagd, rule
13.4) is exported only once it is over: the record of a running game would tell who slotted each
face-down card and what lies in the discard pile (:class:`NotesForbidden`).

A running game whose record holds a secret the game has not revealed (Die Glücksritter: picks
before the reveal, documents in hand or face down, an undone command that carried a secret) is not
exported either (:class:`SecretsPending`): the export is a complete record that imports and
replays exactly, so it cannot leave the secret out. A finished game shows everything.
"""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from companion import __version__
from companion.files import replace_file
from companion.inputs import InputProblem, read_bytes
from companion.journal.errors import ExportError, JournalDamaged, JournalError
from companion.journal.games import game_named
from companion.journal.line import first_error
from companion.journal.rebuild import Rebuilt, rebuild
from companion.journal.rows import EntryRow, GameRow, is_over, now
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.journal.verify import canonical
from engines.core.errors import CompanionError

FORMAT = "companion.export"
VERSION = 1


class NotesForbidden(CompanionError):
    """A running game whose rules allow no notes is not exported before it is over."""


class SecretsPending(CompanionError):
    """A running game whose record holds a secret not yet revealed is not exported."""


# ----------------------------------------------------------------------------------- secrets
# What a game keeps secret is the game's own business (its home's ``secrets`` part); which of it a
# running game's record holds is asked here.


def _secrets(game: Any) -> Any:
    from companion.games.registry import part

    try:
        return part(game.name, "secrets")
    except LookupError:  # a game with no secrets of this kind
        return None


def pending_picks(game: Any, state: Any) -> bool:
    """Whether the state holds a secret choice the game has not revealed yet."""
    secrets = _secrets(game)
    return secrets is not None and secrets.pending(state)


def secrets_held(game: Any, state: Any, undone_events: Iterable[dict[str, Any]]) -> list[str]:
    """What a running game's record would give away: the secrets its current state holds, and the
    secret events of undone commands (never revealed: they were taken back). Empty: nothing."""
    secrets = _secrets(game)
    if secrets is None:
        return []
    found: list[str] = secrets.held(state)
    if any(secrets.is_secret(e) for e in undone_events):
        found.append("an undone command holds a secret (a pick or a document) that was never revealed")
    return found


# ------------------------------------------------------------------------------- the document


def _iso(value: str) -> str:
    try:
        datetime.datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a date and time (ISO 8601)") from None
    return value


class ExportedEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: int = Field(ge=1)
    kind: Literal["command", "undo", "redo"]
    at: str
    parent: int | None = Field(default=None, ge=0)  # command rows: the command it follows (0: the setup)
    target: int | None = Field(default=None, ge=1)  # undo and redo rows: the command moved
    command: dict[str, Any] | None = None
    events: list[dict[str, Any]] | None = None
    words: list[str] | None = None

    @field_validator("at")
    @classmethod
    def _check_at(cls, value: str) -> str:
        return _iso(value)


class ExportDocument(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["companion.export"]
    version: Literal[1]
    written_by: str
    exported: str
    game: str
    engine_format: int = Field(ge=1)
    name: str | None
    config: dict[str, Any]
    started: str
    ended: str
    finished: str | None
    head: int = Field(ge=0)
    entries: list[ExportedEntry]
    final_state: dict[str, Any]
    public_view: dict[str, Any]

    @field_validator("exported", "started", "ended")
    @classmethod
    def _check_times(cls, value: str) -> str:
        return _iso(value)

    @field_validator("finished")
    @classmethod
    def _finished(cls, value: str | None) -> str | None:
        return None if value is None else _iso(value)


def _json(data: Any) -> Any:
    """Plain JSON types (tuples become lists), as a reader of the file will see them."""
    return json.loads(json.dumps(data, ensure_ascii=False))


def _entry(game: Any, row: EntryRow) -> dict[str, Any]:
    """One journal entry as the export writes it; commands and events in the engine's current format."""
    if row.kind == "command":
        return {
            "seq": row.seq,
            "kind": row.kind,
            "at": row.at,
            "parent": row.parent or 0,
            "command": game.dump_command(game.parse_command(row.command)),
            "events": [game.dump_event(game.parse_event(e)) for e in row.events or []],
        }
    return {"seq": row.seq, "kind": row.kind, "at": row.at, "target": row.target, "words": row.words or []}


def damaged(journal: Journal, game_id: int | None, exc: Exception) -> JournalError:
    """A game the journal holds but cannot give back (an entry or snapshot that does not read)."""
    which = game_id if game_id is not None else journal.running()
    if isinstance(exc, ValidationError):
        reason = first_error(exc)
    else:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return JournalDamaged(journal.path, reason, part=f"game {which}")


def open_session(journal: Journal, game_id: int | None = None) -> Session | None:
    """Session.open (or, without a game, Session.resume), with damage inside the file reported as
    JournalError rather than as whatever the reading stumbled over."""
    try:
        return Session.resume(journal) if game_id is None else Session.open(journal, game_id)
    except JournalError:
        raise
    except (ValueError, sqlite3.DatabaseError) as exc:
        raise damaged(journal, game_id, exc) from None


def export_game(journal: Journal, game_id: int) -> dict[str, Any]:
    """The ``companion.export`` document of one game (JournalError if the journal cannot give it;
    NotesForbidden for a running game whose rules allow no notes)."""
    row = journal.game(game_id)
    session = open_session(journal, game_id)
    assert session is not None
    game = session.game
    if getattr(game, "no_notes", False) and not is_over(session.state):
        raise NotesForbidden(
            f"game {game_id} ({row.game}) is still being played and its rules allow no notes: its record would "
            "tell who slotted each face-down card and what lies in the discard pile; export it once it is over"
        )
    try:
        entries = [_entry(game, r) for r in journal.entries(game_id)]
    except (ValueError, sqlite3.DatabaseError) as exc:
        raise damaged(journal, game_id, exc) from None
    if not is_over(session.state):
        in_play = set(session.chain(session.head))
        undone = (
            e
            for entry in entries
            if entry["kind"] == "command" and entry["seq"] not in in_play
            for e in entry["events"]
        )
        held = secrets_held(game, session.state, undone)
        if held:
            raise SecretsPending(
                f"game {game_id} ({row.game}) is still being played and its record holds secrets the game has "
                f"not revealed ({'; '.join(held)}); an export is the whole record, so it waits until the game "
                "is over (a save keeps the game meanwhile)"
            )
    return {
        "format": FORMAT,
        "version": VERSION,
        "written_by": f"companion {__version__}",
        "exported": now(),
        "game": row.game,
        "engine_format": game.format_version,
        "name": row.name,
        "config": row.config,
        "started": row.started,
        "ended": entries[-1]["at"] if entries else row.started,
        "finished": row.finished,
        "head": session.head,
        "entries": entries,
        "final_state": game.dump_state(session.state),
        "public_view": _json(game.public_view(session.state)),
    }


# ---------------------------------------------------------------------------------- reading


LARGEST = 32 * 1024 * 1024
"""The most bytes a file to import may have: a whole game of Die Glücksritter takes some 50 KB, an
entry about 1 KB, so this leaves room for games of tens of thousands of steps."""


def read_json(path: str | Path) -> Any:
    """A JSON file, or ExportError saying why it cannot be read (what :mod:`companion.inputs`
    found is its cause: the table's words for it)."""
    path = Path(path)
    try:
        data = read_bytes(path, LARGEST)
    except InputProblem as problem:
        if not os.path.lexists(path):
            raise ExportError(f"there is no file {path}") from problem
        raise ExportError(str(problem)) from problem
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ExportError(f"{path} is not a companion export (not UTF-8 text)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ExportError(f"{path} is not a companion export (not JSON: {exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise ExportError(f"{path} is not a companion export (nested too deeply to be read)") from None
    except ValueError:  # a number of more than 4300 digits
        raise ExportError(f"{path} is not a companion export (it holds a number too long to be read)") from None


def parse_document(data: Any) -> ExportDocument:
    """Check the header first (so that a newer or foreign document says so), then the whole shape."""
    if not isinstance(data, dict):
        raise ExportError("this is not a companion export (the file holds no JSON object)")
    kind = data.get("format")
    if kind != FORMAT:
        if kind is None:
            raise ExportError("this is not a companion export (it has no 'format')")
        hint = "; a saved game is loaded with 'companion saves load'" if kind == "companion.history" else ""
        raise ExportError(f"this is not a companion export but {str(kind)[:60]!r}{hint}")
    number = data.get("version")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise ExportError(f"this export has no valid version number ({number!r})")
    if number > VERSION:
        raise ExportError(
            f"this export was written by a newer companion (export version {number}; this one reads "
            f"version {VERSION}); update companion to import it"
        )
    try:
        return ExportDocument.model_validate(data)
    except ValidationError as exc:
        raise ExportError(f"this export is broken: {first_error(exc)}") from None


def write_game(
    journal: Journal,
    rebuilt: Rebuilt,
    *,
    name: str | None,
    started: str,
    updated: str,
    finished: str | None,
    running: bool,
) -> int:
    """Write a rebuilt game — its row, every entry, its snapshots and, if asked, the running mark —
    in one transaction: either all of it is in the journal afterwards, or nothing (JournalWriteError)."""
    game = rebuilt.game
    row = GameRow(0, game.name, game.format_version, rebuilt.config, name, started, updated, finished, rebuilt.head)
    return journal.add_game(row, rebuilt.entries, rebuilt.snapshots, running=running)


# ---------------------------------------------------------------------------------- import


@dataclass(frozen=True, slots=True)
class Imported:
    game_id: int
    game: str
    entries: int
    finished: bool


@dataclass(frozen=True, slots=True)
class Checked:
    """An export that passed every check and was replayed, ready to be written."""

    document: ExportDocument
    rebuilt: Rebuilt

    @property
    def finished(self) -> bool:
        return is_over(self.rebuilt.state)


def check_document(data: Any) -> Checked:
    """Check a ``companion.export`` document and replay it, without any journal: ExportError says
    what is wrong with it."""
    doc = parse_document(data)
    try:
        game = game_named(doc.game)
    except JournalError:
        raise ExportError(f"this export holds a game of {doc.game!r}, which this companion does not know") from None
    if doc.engine_format > game.format_version:
        raise ExportError(
            f"this export was written by a newer companion ({doc.game} format {doc.engine_format}; this one "
            f"reads up to {game.format_version}); update companion to import it"
        )
    rows = (EntryRow(e.seq, e.kind, e.target, e.parent, e.command, e.events, e.words, e.at) for e in doc.entries)
    rebuilt = rebuild(game, doc.config, rows)
    if rebuilt.head != doc.head:
        raise ExportError(f"the entries leave entry {rebuilt.head} in play, the document says {doc.head}")
    try:
        stated = game.parse_state(doc.final_state)
    except ValidationError as exc:
        raise ExportError(f"the final state cannot be read: {first_error(exc)}") from None
    unknown = _unknown_keys(doc.final_state, game.dump_state(stated))
    if unknown:
        raise ExportError(f"the final state holds {unknown}, which a {game.name} state does not have")
    if canonical(game, stated) != canonical(game, rebuilt.state):
        raise ExportError("replaying the recorded events does not give the final state the document states")
    return Checked(doc, rebuilt)


def _unknown_keys(stated: Any, known: Any, where: str = "final_state") -> str | None:
    """The first key in ``stated`` that reading it as a state dropped (a key written by another
    program, or a typo: the comparison of the states would not see it), as a path."""
    if isinstance(stated, dict) and isinstance(known, dict):
        for key, value in stated.items():
            if key not in known:
                return f"{where}.{key}"
            found = _unknown_keys(value, known[key], f"{where}.{key}")
            if found:
                return found
    elif isinstance(stated, list) and isinstance(known, list):
        for i, (value, kept) in enumerate(zip(stated, known, strict=False)):
            found = _unknown_keys(value, kept, f"{where}[{i}]")
            if found:
                return found
    return None


def import_checked(journal: Journal, checked: Checked) -> Imported:
    """Add a checked export to the journal as a new game (which does not become the running one),
    in one transaction; JournalWriteError keeps nothing of it."""
    doc, rebuilt = checked.document, checked.rebuilt
    game_id = write_game(
        journal,
        rebuilt,
        name=doc.name,
        started=doc.started,
        updated=doc.ended,
        finished=(doc.finished or doc.ended) if checked.finished else None,
        running=False,
    )
    return Imported(game_id, rebuilt.game.name, len(rebuilt.entries), checked.finished)


def import_document(journal: Journal, data: Any) -> Imported:
    """Check, replay and add an export to the journal. ExportError or JournalError leave the journal
    as it was."""
    return import_checked(journal, check_document(data))


def import_file(journal: Journal, path: str | Path) -> Imported:
    return import_document(journal, read_json(path))


# ---------------------------------------------------------------------------------- writing


def render(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _mode(path: Path) -> int:
    """The replaced file's permissions, or what a new file gets under the umask (not mkstemp's 0600)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_file(path: str | Path, text: str) -> bool:
    """Write ``text`` to ``path``; True if it went into a file, False if into a pipe or device.

    A regular file (or a new one) is written whole or not at all: into a temporary file beside it,
    flushed to the disk, then renamed over it (the old file, if any, is left as it was on failure).
    A symbolic link is followed: its target is replaced and the link kept. A pipe, FIFO or
    character device (``/dev/stdout``, ``/dev/null``) is written into as it is, never replaced. A
    directory, a block device or a socket is refused. ExportError says why it failed."""
    path = Path(path)
    try:
        info = os.stat(path)  # follows symbolic links
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror}; nothing was written") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise ExportError(f"{path} is a directory; name a file")
    if info is not None and (stat.S_ISFIFO(info.st_mode) or stat.S_ISCHR(info.st_mode)):
        _write_stream(path, text)
        return False
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = "a block device" if stat.S_ISBLK(info.st_mode) else "a socket"
        raise ExportError(f"{path} is {kind}, not a file; name a file, a pipe or a character device")
    if info is not None and not os.access(path, os.W_OK):
        raise ExportError(f"cannot write {path}: the file is not writable; nothing was written")
    _replace(Path(os.path.realpath(path)), path, text)
    return True


def _write_stream(path: Path, text: str) -> None:
    """Write into a pipe, FIFO or character device without replacing it (nothing to rename there)."""
    data = text.encode("utf-8")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NOCTTY)
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror}") from None
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror}; the output may be incomplete") from None
    finally:
        os.close(fd)


def _replace(target: Path, named: Path, text: str) -> None:
    """Write ``target`` (a regular file or a new one) atomically: temporary file, fsync, rename."""
    try:
        replace_file(target, text, _mode(target))
    except OSError as exc:
        if isinstance(exc, FileNotFoundError) and not target.parent.is_dir():
            raise ExportError(f"cannot write {named}: the directory {target.parent} does not exist") from None
        raise ExportError(f"cannot write {named}: {exc.strerror}; nothing was written") from None
