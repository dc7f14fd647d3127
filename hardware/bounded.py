"""Reading a file one is handed in bounded memory and time: the one way the hardware settings
file (:mod:`hardware.settings_file`) and every file the app reads (:mod:`companion.inputs`) are
read. A pipe in the file's place is opened without waiting for a writer; a folder, a device or a
pipe, and more bytes than the caller's limit, are refused by what ``fstat`` says before a byte is
read, and no more than the limit is ever read. Each caller says the refusals in its own words."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from engines.core.errors import CompanionError


class NotAPlainFile(CompanionError, OSError):
    """A device or a pipe stands where the file should be."""


class TooLarge(CompanionError, ValueError):
    """The file has ``size`` bytes, more than the caller's limit."""

    def __init__(self, size: int) -> None:
        super().__init__(f"{size} bytes")
        self.size = size


def read_bounded(path: Path, largest: int) -> bytes:
    """The bytes of the plain file at ``path``, at most ``largest``. FileNotFoundError (a dangling
    link too: :func:`link_target` says where it points), PermissionError, IsADirectoryError,
    :class:`NotAPlainFile`, :class:`TooLarge`, or another OSError of the file system."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as file:
        status = os.fstat(fd)
        if stat.S_ISDIR(status.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(status.st_mode):
            raise NotAPlainFile(errno.EINVAL, "not a plain file", str(path))
        if status.st_size > largest:
            raise TooLarge(status.st_size)
        data = file.read(largest + 1)
    if len(data) > largest:  # it grew while it was read
        raise TooLarge(len(data))
    return data


def link_target(path: Path) -> str | None:
    """Where ``path`` points when it is a link (None when it is none)."""
    try:
        return os.readlink(path)
    except OSError:
        return None
