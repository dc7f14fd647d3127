"""The app's journal: opened with its running game at start, and, when the file is damaged or no
journal at all, set aside whole so that the table can start a new one. Nothing is ever deleted.
A journal that cannot be written here (a full disk) is opened for reading: never set aside."""

from __future__ import annotations

import datetime
import errno
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.files import sync_folder
from companion.journal.damage import damage_said
from companion.journal.errors import JournalAccessError, JournalDamaged, JournalError, JournalForeign
from companion.journal.store import Journal

SETTABLE_ASIDE = (JournalDamaged, JournalForeign)
"""The problems a new journal beside the old file cures; a journal of a newer companion or a
directory that cannot be written are not among them, nor a disk that is full or cannot be read
(:class:`JournalAccessError`: the file is sound, a new one would not help)."""


@dataclass(frozen=True, slots=True)
class Opened:
    """A journal as the app opened it: the running game's session (None when no game runs), or the
    name of a running game this companion does not know (the journal is usable all the same).
    ``unwritable``: why a journal asked for writing was opened for reading only (a full disk)."""

    journal: Journal
    session: Any = None
    unknown: str | None = None
    unwritable: JournalAccessError | None = None


def open_running(path: Path, *, read_only: bool = False) -> Opened:
    """The journal at ``path`` (made when missing, unless ``read_only``: its directory cannot be
    written, and nothing is ever written through it) and its running game. A journal that cannot
    be used, or whose running game cannot be read, raises a :class:`JournalError` that says why,
    and is left as it was. A journal that cannot be written here (a full disk, a read-only file)
    is opened for reading instead, so that the table still sees its games: ``unwritable`` of the
    result says why, and every write into it is refused at once for that reason."""
    from companion.games.registry import HOMES
    from companion.journal.session import Session

    unwritable = None
    try:
        journal = Journal.open(path, create=False, readonly=True) if read_only else Journal.open(path)
    except JournalAccessError as error:
        if read_only or not path.exists() or path.stat().st_size == 0:
            raise
        journal, unwritable = _for_reading(path, error), error
    try:
        with damage_said(path):
            running = journal.running()
            if running is None:
                return Opened(journal, unwritable=unwritable)
            try:
                name = journal.game(running).game
            except JournalError as error:  # the running game's record is gone: the file is damaged
                raise JournalDamaged(path, str(error)) from None
            if name not in HOMES:
                return Opened(journal, unknown=name, unwritable=unwritable)
            return Opened(journal, Session.open(journal, running), unwritable=unwritable)
    except BaseException:
        journal.close()
        raise


def _for_reading(path: Path, error: JournalAccessError) -> Journal:
    """The journal that cannot be written (``error``) opened for reading, refusing every write
    for the same reason; ``error`` itself when it cannot be read either (damage found then is
    said as damage)."""
    try:
        journal = Journal.open(path, create=False, readonly=True)
    except SETTABLE_ASIDE:
        raise
    except JournalError:
        raise error from None
    journal.unwritable = error
    return journal


def set_aside(path: Path, *, moment: datetime.datetime | None = None) -> Path:
    """Rename the journal at ``path``, with its ``-wal`` and ``-shm`` files, to
    ``journal.sqlite3.set-aside-YYYYmmdd-HHMMSS`` beside it (and the same with ``-wal``, ``-shm``), so
    that the next open starts a new journal; the old one stays whole for ``companion journal verify``
    or a restore. The new name, or :class:`JournalError` when the folder cannot be written."""
    stamp = (moment or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}.set-aside-{stamp}")
    number = 1
    while any(kept.with_name(kept.name + tail).exists() for tail in ("", "-wal", "-shm")):
        number += 1
        kept = path.with_name(f"{path.name}.set-aside-{stamp}-{number}")
    files = [(path.with_name(path.name + tail), kept.with_name(kept.name + tail)) for tail in ("", "-wal", "-shm")]
    files = [(source, target) for source, target in files if source.exists()]
    try:
        # The new names first, as links, and only then the old names go (the main file first):
        # cut off anywhere, every byte is still under the new names, and a -wal file is never
        # left behind with a main file it does not belong to.
        for source, target in files:
            _link(source, target)
        sync_folder(path.parent)
        for source, _ in files:
            source.unlink(missing_ok=True)
    except OSError as error:
        raise JournalError(f"the journal {path} cannot be set aside: {error.strerror}") from None
    sync_folder(path.parent)
    return kept


def _link(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.EXDEV, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        os.rename(source, target)  # a file system without hard links: moved instead
