"""Reading the hardware settings file whole, before anything in it is checked: a file that cannot be
read at all becomes one :class:`HardwareConfigError` naming the file, never an exception of the
reader. Used by the full check (:mod:`hardware.config`) and by the display's settings read before
the window opens (:mod:`hardware.display`), which must not keep the window away.

The file is refused by what ``fstat`` says before a byte of it is read: a folder, a device or a
pipe in its place, or more than :data:`LARGEST` bytes (the shipped file has 4 KB; 64 KB leave room
for every comment a table may add). No more than that is ever read. Nesting too deep for the TOML
reader, bytes that are not UTF-8 (a NUL byte is not valid TOML) and a link to nothing are each a
problem of their own.
"""

from __future__ import annotations

import errno
import os
import stat
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hardware.place import default_path
from hardware.problems import Phrase, Problem

LARGEST = 64 * 1024
"""The most bytes a hardware settings file may have."""


class HardwareConfigError(ValueError):
    """The settings file cannot be used; the message names the file and the problem (English, for
    the command line), ``details`` each problem as a :class:`~hardware.problems.Problem`."""

    def __init__(self, message: str, details: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.details = tuple(details)


def file_error(target: Path, phrase: Phrase) -> HardwareConfigError:
    """A problem with the file as a whole."""
    return HardwareConfigError(f"{target}: {phrase.english}", [phrase.at(None, file=str(target))])


def read_settings(path: Path | None = None, env: Mapping[str, str] = os.environ) -> tuple[Path, dict[str, Any] | None]:
    """The file's place and its tables; None for the tables when there is no file at the usual
    place (the defaults apply). A file named explicitly (``path``, ``$COMPANION_HARDWARE_CONFIG``)
    must exist. HardwareConfigError for a file that cannot be read."""
    explicit = path is not None or bool(env.get("COMPANION_HARDWARE_CONFIG"))
    target = path if path is not None else default_path(env)
    try:
        data = _read(target)
    except FileNotFoundError:
        if target.is_symlink():
            link = Phrase("is a link to {target}, which is not there", target=_link(target))
            raise file_error(target, link) from None
        if explicit:
            raise file_error(target, Phrase("no such settings file")) from None
        return target, None
    except PermissionError:
        raise file_error(target, Phrase("the app may not read it (no permission)")) from None
    except IsADirectoryError:
        raise file_error(target, Phrase("is a folder, not a file")) from None
    except OSError as error:
        raise file_error(target, Phrase("cannot be read ({reason})", reason=error.strerror or str(error))) from None
    try:
        return target, tomllib.loads(data.decode("utf-8"))
    except ValueError as error:  # TOMLDecodeError, UnicodeDecodeError, a number of more than 4300 digits
        raise file_error(target, Phrase("not a valid TOML file ({reason})", reason=str(error))) from None
    except RecursionError:
        raise file_error(target, Phrase("is nested too deeply to be read")) from None


def _read(target: Path) -> bytes:
    """At most LARGEST bytes of a plain file; a pipe in its place is opened without waiting for a
    writer and refused, as a folder or a device is."""
    fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as file:
        status = os.fstat(fd)
        if stat.S_ISDIR(status.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not stat.S_ISREG(status.st_mode):
            raise file_error(target, Phrase("is not a file but a device or a pipe"))
        if status.st_size > LARGEST:
            raise file_error(target, _too_large(status.st_size))
        data = file.read(LARGEST + 1)
    if len(data) > LARGEST:  # it grew while it was read
        raise file_error(target, _too_large(len(data)))
    return data


def _too_large(size: int) -> Phrase:
    return Phrase("has {size} bytes; a settings file has at most {largest}", size=size, largest=LARGEST)


def _link(target: Path) -> str:
    try:
        return os.readlink(target)
    except OSError:
        return "?"
