"""What can go wrong with a journal file, in words for the table and for the Pi owner."""

from __future__ import annotations

import shlex
from pathlib import Path

from engines.core.errors import CompanionError


class JournalError(CompanionError):
    """A journal that cannot be opened or used: foreign, newer, truncated, corrupt, unwritable.
    The file is left exactly as it was."""


class JournalWriteError(JournalError):
    """A write that failed (disk full, I/O error, read-only file): nothing of it was kept and the
    game stands at the last step that was written. ``cause`` says which, for words in the table's
    language: ``"full"``, ``"read-only"``, ``"limit"`` (a file size limit), ``"io"`` (the medium's
    I/O error) or ``"other"``."""

    def __init__(self, message: str, cause: str = "other") -> None:
        super().__init__(message)
        self.cause = cause


class JournalAccessError(JournalError):
    """A journal that cannot be read or written here, whose bytes may well be sound: the disk is
    full, the folder, the file or the medium is read-only, reading it is not permitted, a file size
    limit stops it growing, the medium reports an I/O error, or changes still wait in its ``-wal``
    file that a folder which cannot be written does not let SQLite read. Not damage: a copy on
    another disk reads, and it is never set aside. Nothing of it was changed. ``cause`` says which,
    for words in the table's language: ``"full"``, ``"read-only"``, ``"denied"``, ``"limit"``,
    ``"io"`` or ``"waiting"``."""

    def __init__(self, message: str, cause: str) -> None:
        super().__init__(message)
        self.cause = cause


class JournalDamaged(JournalError):
    """A journal whose bytes cannot all be read: SQLite finds its pages broken, or an entry, a
    snapshot or a game's record no longer decodes or replays. Nothing is written into it; the
    message says what was found and names the command that lists every damage."""

    def __init__(self, path: str | Path, detail: str, *, part: str | None = None, state: str = "damaged") -> None:
        self.path = Path(path)
        self.detail = detail
        subject = f"{part} of {path} cannot be read" if part else f"{path} is {state}"
        super().__init__(
            f"{subject} ({detail}); it was left untouched. {verify_hint(path)}; "
            "restore a copy, or move it away to start a new journal"
        )


class ExportError(CompanionError, ValueError):
    """A document that cannot be imported (or a file that cannot be written); the message says why."""


class JournalForeign(JournalError):
    """A file where the journal should be that is no companion journal: not SQLite at all (another
    kind of file, or a journal whose first bytes are damaged) or another program's database."""


def verify_hint(path: str | Path) -> str:
    return f"'companion journal verify {shlex.quote(str(path))}' lists the damage"
