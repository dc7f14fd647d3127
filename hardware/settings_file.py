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

import os
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engines.core.errors import CompanionError
from hardware.bounded import NotAPlainFile, TooLarge, link_target, read_bounded
from hardware.place import default_path
from hardware.problems import Phrase, Problem

LARGEST = 64 * 1024
"""The most bytes a hardware settings file may have."""


class HardwareConfigError(CompanionError, ValueError):
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
        data = read_bounded(target, LARGEST)
    except FileNotFoundError:
        link = link_target(target)
        if link is not None:
            raise file_error(target, Phrase("is a link to {target}, which is not there", target=link)) from None
        if explicit:
            raise file_error(target, Phrase("no such settings file")) from None
        return target, None
    except TooLarge as error:
        raise file_error(target, _too_large(error.size)) from None
    except NotAPlainFile:
        raise file_error(target, Phrase("is not a file but a device or a pipe")) from None
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


def _too_large(size: int) -> Phrase:
    return Phrase("has {size} bytes; a settings file has at most {largest}", size=size, largest=LARGEST)
