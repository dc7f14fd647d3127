"""Telling a journal that cannot be read or written here from a damaged one.

SQLite says "disk I/O error" both when the medium fails and when a full disk has no room for the
``-shm`` file a WAL journal is read through; "unable to open" both for a folder that cannot be
written and for a file that may not be read. None of these is damage: the bytes may be sound, and
a copy on another disk reads. :func:`cause_of` names the cause from SQLite's own error code
(``sqlite_errorcode``) and the file system (free space, permissions, the file size limit);
:func:`access_error` makes it a :class:`JournalAccessError` that says so. Damage (SQLite's
``CORRUPT`` and ``NOTADB``, a short read of a truncated file, bytes that do not decode) has no
cause here and stays :class:`JournalDamaged`.
"""

from __future__ import annotations

import errno
import os
import resource
import sqlite3
from pathlib import Path

from companion.journal.errors import JournalAccessError

ROOM = 1 << 20
"""Free bytes below which a disk counts as full: a new journal is not begun there, and an I/O
error there is taken for the full disk it most likely is."""

_PERM, _READONLY, _IOERR, _FULL, _CANTOPEN = 3, 8, 10, 13, 14
_IOERR_SHORT_READ = _IOERR | (2 << 8)  # a file shorter than its pages: damage, not the medium

REASONS = {
    "full": "the disk is full",
    "read-only": "the journal or its directory is read-only",
    "denied": "it may not be read (no permission)",
    "limit": "a file size limit stops the journal growing",
    "io": "the disk reports an I/O error",
}


def free_bytes(path: Path) -> int | None:
    """The bytes this process may still write on the file system of ``path`` (its nearest
    existing folder), or None when that cannot be asked."""
    folder = path
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        stat = os.statvfs(folder)
    except OSError:
        return None
    return stat.f_bavail * stat.f_frsize


def disk_full(path: Path) -> bool:
    free = free_bytes(path)
    return free is not None and free < ROOM


def _size_limited() -> bool:
    soft, _ = resource.getrlimit(resource.RLIMIT_FSIZE)
    return soft != resource.RLIM_INFINITY


def cause_of(exc: sqlite3.Error, path: Path) -> str | None:
    """Why SQLite could not read or write the journal at ``path``: a key of :data:`REASONS`, or
    None when the error is no such cause (damage, or a fault of the program)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:  # an error raised by this program in SQLite's name: its words say it
        text = str(exc)
        if "disk is full" in text:
            return "full"
        return "read-only" if "readonly" in text or "read-only" in text or "unable to open" in text else None
    primary = code & 0xFF
    if primary == _FULL:
        return "full"
    if primary == _READONLY:
        return "read-only"
    if primary in (_CANTOPEN, _PERM):
        return "denied" if path.exists() and not os.access(path, os.R_OK) else "read-only"
    if primary == _IOERR and code != _IOERR_SHORT_READ:
        if disk_full(path):
            return "full"
        return "limit" if _size_limited() else "io"
    return None


def os_cause(exc: OSError, *, doing: str) -> str | None:
    """The cause of an error of the file system, as :func:`cause_of` names it; None for others (a
    file in the way of a folder, a name too long)."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "full"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "denied" if doing == "read" else "read-only"
    return {errno.EROFS: "read-only", errno.EFBIG: "limit", errno.EIO: "io"}.get(exc.errno or 0)


def access_error(exc: sqlite3.Error, path: Path, *, doing: str = "write") -> JournalAccessError | None:
    """The error that says the journal at ``path`` cannot be read or written (``doing``) here, or
    None when ``exc`` is no such cause."""
    cause = cause_of(exc, path)
    if cause is None:
        return None
    reason = REASONS[cause] + (f" ({exc})" if cause == "io" else "")
    return JournalAccessError(f"cannot {doing} the journal {path}: {reason}", cause)
