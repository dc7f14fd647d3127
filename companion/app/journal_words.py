"""Why the journal cannot be used, in the table's words (the start screen says them).

A damaged journal or a file that is no journal can be set aside; a journal that cannot be read or
written here (:class:`JournalAccessError`: a full disk, a read-only folder, no permission, the
medium's I/O error) is no damage and is never offered to be set aside: where it can be read, its
games are shown and nothing is written. The reason why a data folder cannot be written (the
system's own English words, ``os.strerror``) is said in the table's language too.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

from companion.i18n import Message

REASONS = {
    "full": Message("the disk is full"),
    "read-only": Message("its file or its folder is read-only"),
    "denied": Message("it may not be read (no permission)"),
    "limit": Message("a limit on the size of files stops it growing"),
    "io": Message("the disk reports an error when it is read or written"),
}

FOLDER_REASONS = {
    os.strerror(errno.ENOSPC): REASONS["full"],
    os.strerror(errno.EDQUOT): REASONS["full"],
    os.strerror(errno.EIO): REASONS["io"],
    os.strerror(errno.EROFS): Message("the disk is read-only"),
    os.strerror(errno.EACCES): Message("no permission"),
    os.strerror(errno.EPERM): Message("no permission"),
    os.strerror(errno.ENOTDIR): Message("a file stands where the folder belongs"),
}


def folder_reason(why: str) -> Any:
    """Why the data folder cannot be written (``os.strerror``'s words), in the table's language
    where the catalogue knows it, else as the system said it."""
    return FOLDER_REASONS.get(why, why)


def problem_words(problem: Exception, path: Any, *, shown: bool) -> Message:
    """Why the journal at ``path`` cannot be opened (or, ``shown``, written: it was opened for
    reading), in the table's words."""
    from companion.journal.errors import JournalAccessError, JournalDamaged, JournalForeign

    if isinstance(problem, JournalAccessError):
        return access_words(problem, Path(path), shown=shown)
    if isinstance(problem, JournalDamaged):
        return Message(
            "The journal is damaged; it was left as it is: {path}. "
            "On a computer, 'companion journal verify' lists the damage. "
            "Set it aside to play on with a new journal: nothing is deleted.",
            path=str(path),
        )
    if isinstance(problem, JournalForeign):
        return Message(
            "The file where the journal belongs is not a journal: {path}. "
            "Set it aside to play on with a new journal: nothing is deleted.",
            path=str(path),
        )
    return Message("The journal cannot be opened: {problem}", problem=str(problem))


def access_words(problem: Any, path: Path, *, shown: bool) -> Message:
    if problem.cause == "waiting":
        return Message(
            "The journal {path} cannot be read here: its last changes still wait in a file beside it, and "
            "reading them needs a folder that can be written. This is no damage of the journal: start the app "
            "once with a folder that can be written.",
            path=str(path),
        )
    reason = REASONS.get(problem.cause, str(problem))
    if shown:
        return Message(
            "The journal {path} cannot be written: {reason}. This is no damage of the journal: its games are "
            "shown, but nothing can be played, saved or set until it can be written again.",
            path=str(path),
            reason=reason,
        )
    if _begun(path):
        return Message(
            "The journal {path} cannot be opened here: {reason}. This is no damage of the journal: once that "
            "is put right, start the app again.",
            path=str(path),
            reason=reason,
        )
    return Message(
        "No journal can be begun at {path}: {reason}. Once that is put right, start the app again.",
        path=str(path),
        reason=reason,
    )


def _begun(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False
