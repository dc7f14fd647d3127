"""The journal file: an append-only SQLite database (WAL, ``synchronous=FULL``).

Every write is one transaction that is committed before the caller hears of it; when a write
fails, it is rolled back and :class:`JournalWriteError` says so — what was written before stays.
A file that is not a companion journal, comes from a newer version, or is damaged is refused with
:class:`JournalError` and never written to. A journal that cannot be read or written here (a full
disk, a read-only folder, no permission, an I/O error of the medium) is not damaged: that is
:class:`JournalAccessError` (:mod:`companion.journal.access`).
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.journal import schema
from companion.journal.access import REASONS, access_error, cause_of, disk_full, os_cause
from companion.journal.errors import JournalAccessError, JournalDamaged, JournalError, JournalForeign, JournalWriteError
from companion.journal.readable import unreadable
from companion.journal.rows import EntryRow, GameRow, dumps, is_over, now

HEADER = b"SQLite format 3\x00"
PREVIOUS = -1
"""A :class:`NewEntry`'s parent that is the entry written just before it in the same
:meth:`Journal.append_many` (whose number is known only then)."""


def _cause(exc: sqlite3.Error, path: Path) -> str:
    """A failed write's cause, as :class:`JournalWriteError` names it."""
    return _write_cause(cause_of(exc, path))


def _write_cause(cause: str | None) -> str:
    """A cause of :func:`cause_of` as a write names it: a file that may not be written is read-only."""
    return "read-only" if cause == "denied" else cause or "other"


def _problem(exc: sqlite3.Error, path: Path | None = None) -> str:
    cause = None if path is None else cause_of(exc, path)
    if cause is not None:
        return REASONS[cause] + (f" ({exc})" if cause == "io" else "")
    text = str(exc)
    if "disk is full" in text or "database or disk is full" in text:
        return "the disk is full"
    if "readonly" in text or "read-only" in text:
        return "the journal or its directory is read-only"
    if "unable to open" in text:
        return "the journal's directory cannot be written"
    return text


@dataclass(frozen=True, slots=True)
class NewEntry:
    """One entry to append (:meth:`Journal.append_many`): a command with its parent and events, or
    an undo or redo of ``target`` with its words (``parent``: :data:`PREVIOUS` for the command
    written just before it in the same call); ``head`` is the command in play after an undo or
    redo; ``snapshot`` the state after the entry, if one is kept; ``finished`` whether the game has
    ended after it."""

    kind: str
    head: int
    target: int | None = None
    parent: int | None = None
    command: dict[str, Any] | None = None
    events: list[dict[str, Any]] | None = None
    words: list[str] | None = None
    snapshot: dict[str, Any] | None = None
    finished: bool = False


class Journal:
    """One open journal file. Not shared between threads."""

    def __init__(self, db: sqlite3.Connection, path: Path, unwritable: JournalAccessError | None = None) -> None:
        self.db = db
        self.path = path
        self.unwritable = unwritable
        """Why a journal opened for reading cannot be written here (a full disk): every write is then
        refused at once, for that reason."""

    # ------------------------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: str | Path, *, create: bool = True, readonly: bool = False) -> Journal:
        """Open (or create) the journal at ``path``. ``readonly``: for reading only (verify, show);
        an older journal is then not updated but refused with a message. A journal opened for
        writing is checked first (its header, ``PRAGMA quick_check``, and an older journal's
        update is tried on a copy in memory): a damaged file is refused before any byte of it
        changes. A new journal and its directory are readable by their owner only, and none is
        begun on a full disk. A journal that cannot be read or written here raises
        :class:`JournalAccessError`; where a full disk leaves no room for SQLite's ``-shm`` file, a
        journal opened for reading is read as it lies in its file (:attr:`unwritable` says why)."""
        path = Path(path)
        version = _inspect(path, check=not readonly) if path.exists() else None
        if version is None:  # no file, or one that was created but never written
            if readonly or not create:
                raise JournalError(f"there is no journal at {path}")
            if disk_full(path):
                raise JournalAccessError(f"cannot begin a journal at {path}: the disk is full", "full")
            _create_private(path)
        elif readonly and version < schema.VERSION:
            raise JournalError(
                f"{path} is an older journal (version {version}); `companion saves list --journal {path}` "
                "updates it (a copy of the old file is kept)"
            )
        unwritable = None
        try:
            if readonly:
                db, unwritable = _connect_readonly(path, as_it_lies=True)
            else:
                db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            access = access_error(exc, path, doing="read" if readonly else "open")
            raise access or JournalError(f"cannot open the journal {path}: {_problem(exc)}") from None
        journal = cls(db, path, unwritable)
        if readonly:
            return journal
        try:
            if version is not None and version < schema.VERSION:
                journal._try_migration(version)
            journal._prepare(version)
        except sqlite3.DatabaseError as exc:
            db.close()
            raise access_error(exc, path) or JournalDamaged(path, str(exc)) from None
        except JournalError:
            db.close()
            raise
        return journal

    def _prepare(self, version: int | None) -> None:
        self._set_pragmas()
        if version is None:
            # Several processes may create the same new journal at once: the schema is laid out
            # under the write lock, by whichever takes it first.
            with self.transaction():
                if not self.db.execute("SELECT 1 FROM sqlite_master WHERE name = 'meta'").fetchone():
                    schema.create(self.db, now())
            return
        if version < schema.VERSION:
            self._migrate(version)

    def _try_migration(self, version: int) -> None:
        """Update a copy of the older journal in memory first: a damaged or foreign old file is
        refused here, before its header (WAL mode), a backup or an update touches anything."""
        memory = sqlite3.connect(":memory:", isolation_level=None)
        try:
            self.db.backup(memory)
            trial = Journal(memory, self.path)
            memory.execute("PRAGMA foreign_keys = ON")
            trial._update(version)
            trial._mark_finished()
        except JournalError as exc:
            raise JournalError(f"{self.path} cannot be updated ({exc}); it was left untouched") from None
        except Exception as exc:  # a damaged old journal can fail in any way
            raise JournalError(
                f"{self.path} is a damaged or foreign older journal ({type(exc).__name__}: {exc}); "
                "it was left untouched. Restore a copy, or move it away to start a new journal."
            ) from None
        finally:
            memory.close()

    def _set_pragmas(self) -> None:
        for attempt in range(100):  # companions opening a new journal at once: SQLite may say
            try:  # "locked" at once, without waiting, to two that both want to change the mode
                mode = self.db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                break
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or attempt == 99:
                    raise
                time.sleep(0.02)
        if mode.lower() != "wal":
            raise JournalError(f"{self.path}: the journal needs WAL mode, the file system gave {mode}")
        self.db.execute("PRAGMA synchronous = FULL")
        self.db.execute("PRAGMA foreign_keys = ON")

    def _migrate(self, version: int) -> None:
        backup = self.path.with_name(f"{self.path.name}.v{version}.bak")
        if not backup.exists():
            try:
                target = sqlite3.connect(backup)
                with target:
                    self.db.backup(target)
                target.close()
            except (sqlite3.Error, OSError) as exc:
                raise JournalError(f"cannot keep a copy of the old journal before updating it: {exc}") from None
        self._update(version)
        self._mark_finished()

    def _update(self, version: int) -> None:
        while version < schema.VERSION:
            with self.transaction():
                schema.MIGRATIONS[version](self.db, now())
                if version == 1:  # version 1 wrote no snapshots: write them as play would have
                    self._write_missing_snapshots()
            version += 1

    def _write_missing_snapshots(self) -> None:
        """Inside the caller's transaction: the snapshots each game would have got had it been
        played with snapshots, so that a migrated game resumes as fast as one played now."""
        from companion.journal.rebuild import missing_snapshots  # replays the games' entries

        for row in self.games():
            self.db.executemany(
                "INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                [(row.id, seq, dumps(state)) for seq, state in missing_snapshots(self, row.id)],
            )

    def _mark_finished(self) -> None:
        """Older journals did not record which games ended: ask each game's state, replayed."""
        from companion.journal.games import game_named
        from companion.journal.rebuild import rebuild

        for row in self.games():
            if row.finished is None and is_over(rebuild(game_named(row.game), row.config, self.entries(row.id)).state):
                with self.transaction() as db:
                    db.execute("UPDATE games SET finished = updated WHERE id = ?", (row.id,))

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic write: committed on success, rolled back (and reported) on failure."""
        if self.unwritable is not None:
            cause = self.unwritable.cause
            raise JournalWriteError(f"the journal cannot be written: {REASONS.get(cause, cause)}", _write_cause(cause))
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise JournalWriteError(
                f"the journal cannot be written: {_problem(exc, self.path)}", _cause(exc, self.path)
            ) from None
        try:
            yield self.db
            self.db.execute("COMMIT")
        except sqlite3.Error as exc:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            raise JournalWriteError(
                f"the journal could not be written ({_problem(exc, self.path)}); nothing of this step was kept and "
                "the game stands at the last step written",
                _cause(exc, self.path),
            ) from None
        except BaseException:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            raise

    # -------------------------------------------------------------------------------- games
    def create_game(
        self, game: str, version: int, config: dict[str, Any], name: str | None = None, initial: Any = None
    ) -> int:
        """A new game, which becomes the running one. ``initial``: the state its setup gives, kept as
        the snapshot before the first entry, so that ``journal verify`` tells a damaged setup."""
        at = now()
        with self.transaction() as db:
            cur = db.execute(
                "INSERT INTO games (game, format, config, name, started, updated) VALUES (?, ?, ?, ?, ?, ?)",
                (game, version, dumps(config), name, at, at),
            )
            game_id = int(cur.lastrowid or 0)
            if initial is not None:
                db.execute("INSERT INTO snapshots VALUES (?, 0, ?)", (game_id, dumps(initial)))
            db.execute("INSERT OR REPLACE INTO session VALUES ('running', ?)", (str(game_id),))
        return game_id

    def add_game(
        self,
        game: GameRow,
        entries: Iterable[EntryRow],
        snapshots: Iterable[tuple[int, dict[str, Any]]],
        *,
        running: bool,
    ) -> int:
        """Write a whole game (imported or loaded from a save) with its entries and snapshots in one
        transaction; ``game.id`` is ignored, the new id is returned."""
        with self.transaction() as db:
            cur = db.execute(
                "INSERT INTO games (game, format, config, name, started, updated, finished, head)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game.game, game.format, dumps(game.config), game.name, game.started, game.updated, game.finished,
                 game.head),
            )  # fmt: skip
            game_id = int(cur.lastrowid or 0)
            db.executemany(
                "INSERT INTO entries (game_id, seq, kind, target, parent, command, events, words, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id, e.seq, e.kind, e.target, e.parent,
                        None if e.command is None else dumps(e.command),
                        None if e.events is None else dumps(e.events),
                        None if e.words is None else dumps(e.words),
                        e.at,
                    )
                    for e in entries
                ],
            )  # fmt: skip
            db.executemany(
                "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                [(game_id, seq, dumps(state)) for seq, state in snapshots],
            )
            if running:
                db.execute("INSERT OR REPLACE INTO session VALUES ('running', ?)", (str(game_id),))
        return game_id

    def games(self) -> list[GameRow]:
        rows = self.db.execute(
            "SELECT id, game, format, config, name, started, updated, finished, head FROM games ORDER BY id"
        ).fetchall()
        return [_game(row) for row in rows]

    def game(self, game_id: int) -> GameRow:
        row = self.db.execute(
            "SELECT id, game, format, config, name, started, updated, finished, head FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise JournalError(f"the journal has no game {game_id}")
        return _game(row)

    def running(self) -> int | None:
        row = self.db.execute("SELECT value FROM session WHERE key = 'running'").fetchone()
        return int(row[0]) if row else None

    def set_running(self, game_id: int | None) -> None:
        with self.transaction() as db:
            if game_id is None:
                db.execute("DELETE FROM session WHERE key = 'running'")
            else:
                db.execute("INSERT OR REPLACE INTO session VALUES ('running', ?)", (str(game_id),))

    def fact(self, key: str) -> str | None:
        """A small public fact of the table's session (``session`` table), None when not kept."""
        row = self.db.execute("SELECT value FROM session WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_fact(self, key: str, value: str | None) -> None:
        """Keep (or, with None, forget) a small public fact of the table's session. Never a secret:
        the session table is read back after a power cut, and is in every copy of the journal."""
        if key == "running":
            raise ValueError("the running game is set with set_running")
        with self.transaction() as db:
            if value is None:
                db.execute("DELETE FROM session WHERE key = ?", (key,))
            else:
                db.execute("INSERT OR REPLACE INTO session VALUES (?, ?)", (key, value))

    # ------------------------------------------------------------------------------ entries
    def next_seq(self, game_id: int) -> int:
        row = self.db.execute("SELECT MAX(seq) FROM entries WHERE game_id = ?", (game_id,)).fetchone()
        return (row[0] or 0) + 1

    def append(
        self,
        game_id: int,
        *,
        kind: str,
        head: int,
        target: int | None = None,
        parent: int | None = None,
        command: dict[str, Any] | None = None,
        events: list[dict[str, Any]] | None = None,
        words: list[str] | None = None,
        snapshot: dict[str, Any] | None = None,
        finished: bool = False,
    ) -> int:
        """Append one entry (and maybe a snapshot of the state after it), move the game's head;
        all in one committed transaction. Returns the entry's number."""
        entry = NewEntry(kind, head, target, parent, command, events, words, snapshot, finished)
        return self.append_many(game_id, [entry])[0]

    def append_many(
        self, game_id: int, entries: Iterable[NewEntry], facts: dict[str, str | None] | None = None
    ) -> list[int]:
        """Append several entries in order (each command's parent is the one before, as the caller
        gave it), with their snapshots, the game's head after the last, and ``facts`` of the session
        to keep or forget (None): all in one committed transaction, or, when it fails, none of it
        (:class:`JournalWriteError`). One step the table takes (every player's revealed picks, the
        corrections of one dialog) is written this way. Returns the entries' numbers."""
        at = now()
        seqs: list[int] = []
        with self.transaction() as db:
            seq = self.next_seq(game_id) - 1
            new_head, finished = 0, False
            for entry in entries:
                if entry.parent == PREVIOUS and not seqs:
                    raise ValueError("the first entry of append_many has no entry before it")
                parent = seq if entry.parent == PREVIOUS else entry.parent
                seq += 1
                db.execute(
                    "INSERT INTO entries (game_id, seq, kind, target, parent, command, events, words, at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        seq,
                        entry.kind,
                        entry.target,
                        parent,
                        None if entry.command is None else dumps(entry.command),
                        None if entry.events is None else dumps(entry.events),
                        None if entry.words is None else dumps(entry.words),
                        at,
                    ),
                )
                new_head = seq if entry.kind == "command" else entry.head
                if entry.snapshot is not None:
                    db.execute(
                        "INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?)", (game_id, new_head, dumps(entry.snapshot))
                    )
                finished = entry.finished
                seqs.append(seq)
            if not seqs:
                raise ValueError("append_many needs at least one entry")
            db.execute(
                "UPDATE games SET head = ?, updated = ?, finished = ? WHERE id = ?",
                (new_head, at, at if finished else None, game_id),
            )
            for key, value in (facts or {}).items():
                if key == "running":
                    raise ValueError("the running game is set with set_running")
                if value is None:
                    db.execute("DELETE FROM session WHERE key = ?", (key,))
                else:
                    db.execute("INSERT OR REPLACE INTO session VALUES (?, ?)", (key, value))
        return seqs

    def entries(self, game_id: int, *, after: int = 0) -> Iterator[EntryRow]:
        cur = self.db.execute(
            "SELECT seq, kind, target, parent, command, events, words, at FROM entries"
            " WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after),
        )
        for seq, kind, target, parent, command, events, words, at in cur:
            yield EntryRow(
                seq,
                kind,
                target,
                parent,
                None if command is None else json.loads(command),
                None if events is None else json.loads(events),
                None if words is None else json.loads(words),
                at,
            )

    def parent(self, game_id: int, seq: int) -> int | None:
        """The parent of command entry ``seq``, or None if there is no such command."""
        row = self.db.execute(
            "SELECT parent FROM entries WHERE game_id = ? AND seq = ? AND kind = 'command'", (game_id, seq)
        ).fetchone()
        return None if row is None else int(row[0] or 0)

    def since_last_command(self, game_id: int) -> list[tuple[int, str, int | None]]:
        """(seq, kind, target) of the undo and redo entries after the game's last command: all
        that decides what can be redone."""
        return self.db.execute(
            "SELECT seq, kind, target FROM entries WHERE game_id = ? AND seq > COALESCE("
            "(SELECT MAX(seq) FROM entries WHERE game_id = ? AND kind = 'command'), 0) ORDER BY seq",
            (game_id, game_id),
        ).fetchall()

    def outline(self, game_id: int) -> list[tuple[int, str, int | None, int | None]]:
        """(seq, kind, target, parent) of every entry, without the documents: cheap to read."""
        return self.db.execute(
            "SELECT seq, kind, target, parent FROM entries WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()

    def entry_events(self, game_id: int, seqs: list[int]) -> dict[int, list[dict[str, Any]]]:
        """The events of the given command entries."""
        found: dict[int, list[dict[str, Any]]] = {}
        for i in range(0, len(seqs), 500):
            chunk = seqs[i : i + 500]
            marks = ",".join("?" * len(chunk))
            rows = self.db.execute(
                f"SELECT seq, events FROM entries WHERE game_id = ? AND seq IN ({marks})", (game_id, *chunk)
            )
            for seq, events in rows:
                found[seq] = json.loads(events)
        return found

    def entry(self, game_id: int, seq: int) -> EntryRow:
        for row in self.entries(game_id, after=seq - 1):
            if row.seq == seq:
                return row
            break
        raise JournalError(f"game {game_id} has no entry {seq}")

    # ---------------------------------------------------------------------------- snapshots
    def snapshot_seqs(self, game_id: int) -> set[int]:
        return {row[0] for row in self.db.execute("SELECT seq FROM snapshots WHERE game_id = ?", (game_id,))}

    def snapshot(self, game_id: int, seq: int) -> dict[str, Any]:
        row = self.db.execute("SELECT state FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, seq)).fetchone()
        if row is None:
            raise JournalError(f"game {game_id} has no snapshot after entry {seq}")
        state: dict[str, Any] = json.loads(row[0])
        return state

    def snapshots(self, game_id: int) -> Iterator[tuple[int, dict[str, Any]]]:
        for seq, state in self.db.execute(
            "SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq", (game_id,)
        ):
            yield seq, json.loads(state)

    # -------------------------------------------------------------------------------- saves
    def add_save(self, name: str, game: str, document: dict[str, Any]) -> int:
        with self.transaction() as db:
            cur = db.execute(
                "INSERT INTO saves (name, game, saved, document) VALUES (?, ?, ?, ?)",
                (name, game, now(), dumps(document)),
            )
            return int(cur.lastrowid or 0)

    def saves(self) -> list[tuple[int, str, str, str]]:
        """(id, name, game, saved) of every save, newest first."""
        return self.db.execute("SELECT id, name, game, saved FROM saves ORDER BY id DESC").fetchall()

    def save_document(self, save_id: int) -> tuple[str, Any]:
        """The save's name and document; a document that cannot be read (damaged bytes, not JSON)
        is None, which no reader takes for a saved game (``journal verify`` names the damage)."""
        row = self.db.execute(
            "SELECT CAST(name AS BLOB), CAST(document AS BLOB) FROM saves WHERE id = ?", (save_id,)
        ).fetchone()
        if row is None:
            raise JournalError(f"there is no save {save_id}")
        name = bytes(row[0] or b"").decode("utf-8", errors="replace")
        try:
            return name, json.loads(bytes(row[1]).decode("utf-8"))
        except (ValueError, TypeError, RecursionError):
            return name, None

    def delete_all_saves(self) -> int:
        with self.transaction() as db:
            return db.execute("DELETE FROM saves").rowcount


def _game(row: tuple[Any, ...]) -> GameRow:
    game_id, game, fmt, config, name, started, updated, finished, head = row
    return GameRow(game_id, game, fmt, json.loads(config), name, started, updated, finished, head)


def _create_private(path: Path) -> None:
    """The directory (0700 when it is new) and an empty journal file (0600) that only its owner
    can read: the journal holds every secret of every game. SQLite gives the ``-wal`` and ``-shm``
    files the journal's own permissions."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        raise _os_error(f"cannot create the directory {path.parent}: {exc.strerror}", exc, "write") from None
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    except OSError as exc:
        why = "the journal's directory cannot be written" if exc.errno in (errno.EACCES, errno.EROFS) else exc.strerror
        raise _os_error(f"cannot open the journal {path}: {why}", exc, "write") from None


def _os_error(message: str, exc: OSError, doing: str) -> JournalError:
    cause = os_cause(exc, doing=doing)
    return JournalError(message) if cause is None else JournalAccessError(message, cause)


def _connect_readonly(path: Path, *, as_it_lies: bool = False) -> tuple[sqlite3.Connection, JournalAccessError | None]:
    """A connection that can only read, whose first read has succeeded. Damaged bytes in the
    schema (which SQLite's own message quotes, undecodable) are a damaged file.

    SQLite reads a WAL journal through a ``-shm`` file beside it, which it must be able to create.
    In a directory the reader cannot write (a journal copied to a read-only medium, or another
    user's data), a journal whose ``-wal`` holds nothing is read as it lies in the file
    (``immutable``: no ``-shm``, no locks). With committed pages still in a ``-wal`` the file alone
    is not the whole journal: that is refused, with the reason.

    ``as_it_lies``: where SQLite cannot make the ``-shm`` file although the directory can be
    written (a full disk), a journal whose ``-wal`` holds nothing is read as it lies in the file
    too, and the reason comes back with the connection (else None)."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    wal = path.with_name(path.name + "-wal")
    if _unwritable_directory(path):
        if not _empty(wal):
            raise JournalAccessError(
                f"cannot read the journal {path}: changes still wait in its -wal file, and reading them needs "
                "a directory that can be written; open it once as its owner (or in a copy of the folder) first",
                "waiting",
            )
        return _first_read(uri + "&immutable=1"), None
    try:
        return _first_read(uri), None
    except sqlite3.OperationalError as exc:
        access = access_error(exc, path, doing="read")
        if not as_it_lies or access is None or access.cause == "denied" or not _empty(wal):
            raise
    return _first_read(uri + "&immutable=1"), access


def _first_read(uri: str) -> sqlite3.Connection:
    db = sqlite3.connect(uri, uri=True, isolation_level=None)
    try:
        db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
    except UnicodeDecodeError:
        db.close()
        raise sqlite3.DatabaseError("its schema is malformed") from None
    except sqlite3.Error:
        db.close()
        raise
    return db


def _unwritable_directory(path: Path) -> bool:
    return not os.access(path.resolve().parent, os.W_OK)


def _inspect(path: Path, *, check: bool = False) -> int | None:
    """The journal version of an existing file, or None for a file never written. The file is
    judged by its header first and then through a read-only connection, so a file that is refused
    is not touched (not even a WAL a crash left beside it is checkpointed into it). ``check``
    (before writing): SQLite's ``quick_check`` must find the file sound."""
    if not _judge_header(path):
        return None
    try:
        db, _ = _connect_readonly(path, as_it_lies=not check)  # a full disk does not stop reading
        try:
            db.execute("BEGIN")  # one read transaction: the version and the tables of one moment
            version: int = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            fmt = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone() if "meta" in tables else None
            damage = sqlite_findings(db.execute("PRAGMA quick_check(5)")) if check else ["ok"]
            if damage == ["ok"] and check and version == schema.VERSION and fmt == (schema.FORMAT,):
                found = unreadable(db)  # what quick_check does not read: the documents' texts
                damage = [found] if found else damage
        finally:
            db.close()
    except sqlite3.OperationalError as exc:  # a full disk, a folder that cannot be written, no permission
        raise access_error(exc, path, doing="write" if check else "read") or JournalDamaged(path, str(exc)) from None
    except sqlite3.DatabaseError as exc:
        raise JournalDamaged(path, str(exc)) from None
    if damage != ["ok"]:
        raise JournalDamaged(path, "; ".join(damage))
    if version == 0 and not tables:
        return None
    schema.check_version(version, path)
    if version >= 2:
        foreign = fmt is None or fmt[0] != schema.FORMAT
    else:
        foreign = not {"games", "entries", "session"} <= tables
    if foreign:
        raise JournalForeign(f"{path} is an SQLite database of something else; it was left untouched")
    return version


def sqlite_findings(rows: Iterable[tuple[Any, ...]]) -> list[str]:
    """What SQLite's check found, each finding on its own: a finding may span lines, and its
    heading ("*** in database main ***") says nothing."""
    lines = [line for row in rows for line in str(row[0]).splitlines()]
    return [line for line in lines if line and not line.startswith("***")] or ["SQLite's check failed"]


def _empty(path: Path) -> bool:
    """No such file, or an empty one (a -wal file another process may delete meanwhile)."""
    try:
        return path.stat().st_size == 0
    except FileNotFoundError:
        return True


def _judge_header(path: Path) -> bool:
    """Refuse from the file's first 100 bytes what is not SQLite, is shorter than its header says,
    or (when no WAL holds newer pages) comes from a newer version. False: an empty file."""
    wal = path.with_name(path.name + "-wal")
    try:
        # The -wal file is looked at before and after the header: another process checkpointing
        # meanwhile (its -wal file lives until the header and every page are in place) is then not
        # taken for a truncated file.
        wal_empty = _empty(wal)
        with path.open("rb") as f:
            # The size before the header: a new journal's creator may write its first page
            # meanwhile, and a header read from the still empty file must not be judged by the
            # size the file has a moment later.
            size = os.fstat(f.fileno()).st_size
            if size == 0:
                return False  # created but never written: nothing to lose
            head = f.read(100)
        wal_empty = wal_empty and _empty(wal)
    except OSError as exc:
        raise _os_error(f"cannot read {path}: {exc.strerror}", exc, "read") from None
    if not head.startswith(HEADER):
        raise JournalForeign(
            f"{path} is not a companion journal (not an SQLite database); it was left untouched. "
            "If it was one, its first bytes are damaged: restore a copy, or move it away to start a new journal"
        )
    if len(head) < 100:
        raise JournalDamaged(path, f"{size} bytes", state="truncated")
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    if wal_empty and pages and size < pages * page_size:
        raise JournalDamaged(path, f"{size} bytes of {pages * page_size}", state="truncated")
    if wal_empty:  # the header is up to date: a newer version is refused without opening the file
        schema.check_version(int.from_bytes(head[60:64], "big") or 1, path)
    return True
