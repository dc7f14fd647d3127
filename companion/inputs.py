"""Reading a file the app is handed (its settings, a card list, an exported game), in bounded
memory and time, with every way of failing as one :class:`InputProblem` that names the file and
says why in the table's language (``reason``, catalogue ``inputs.po``) and in English for the
command line (``str(problem)``). Nothing a reader raises gets past: not a folder, a device or a
pipe in the file's place (a pipe is opened without waiting for a writer), a link to nothing, a file
the app may not read, more bytes than the caller's limit (refused by the size ``fstat`` gives
before anything is read, and no more than the limit is ever read), bytes that are not UTF-8,
nesting too deep for Python's JSON or TOML reader, or a number of more than 4300 digits."""

from __future__ import annotations

import errno
import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.i18n import Message, Text, render
from engines.core.errors import CompanionError
from hardware.bounded import NotAPlainFile, TooLarge, link_target, read_bounded


class InputProblem(CompanionError, ValueError):
    """``path`` cannot be used; ``reason`` says why, without the file's name."""

    def __init__(self, path: Path, reason: Text) -> None:
        super().__init__(f"{path}: {render(reason, 'en')}")
        self.path = path
        self.reason = reason


def read_bytes(path: str | Path, largest: int) -> bytes:
    """The bytes of the plain file at ``path``, at most ``largest`` of them."""
    path = Path(path)
    try:
        return read_bounded(path, largest)
    except FileNotFoundError:
        target = link_target(path)
        if target is not None:
            raise InputProblem(path, Message("It is a link to {target}, which is not there.", target=target)) from None
        raise InputProblem(path, Message("There is no such file.")) from None
    except TooLarge as error:
        raise InputProblem(path, _too_large(error.size, largest)) from None
    except NotAPlainFile:
        raise InputProblem(path, Message("It is not a file but a device or a pipe.")) from None
    except OSError as error:
        raise _unreadable(path, error) from None


def read_text(path: str | Path, largest: int) -> str:
    """:func:`read_bytes` as UTF-8 text."""
    data = read_bytes(path, largest)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputProblem(Path(path), Message("It is not UTF-8 text (byte {at}).", at=error.start)) from None


def read_json(path: str | Path, largest: int) -> Any:
    """:func:`read_text` as JSON."""

    def words(error: json.JSONDecodeError) -> Message:
        return Message("It is not JSON: {problem} at line {line}.", problem=error.msg, line=error.lineno)

    return _parsed(Path(path), json.loads, read_text(path, largest), json.JSONDecodeError, words)


def read_toml(path: str | Path, largest: int) -> dict[str, Any]:
    """:func:`read_text` as TOML."""

    def words(error: tomllib.TOMLDecodeError) -> Message:
        return Message("It is not TOML: {problem}.", problem=str(error))

    return _parsed(Path(path), tomllib.loads, read_text(path, largest), tomllib.TOMLDecodeError, words)


def _parsed(path: Path, loads: Callable[[str], Any], text: str, syntax: type[ValueError], words: Any) -> Any:
    """``loads(text)``, or an InputProblem: ``words(error)`` for the reader's own ``syntax`` error,
    and alike for every reader of Python's: nesting too deep, a number too long."""
    try:
        return loads(text)
    except syntax as error:
        raise InputProblem(path, words(error)) from None
    except RecursionError:
        raise InputProblem(path, Message("It is nested too deeply to be read.")) from None
    except ValueError:  # a number of more than 4300 digits
        raise InputProblem(path, Message("It holds a number too long to be read.")) from None


def _too_large(size: int, largest: int) -> Message:
    return Message("It has {size} bytes, more than the {largest} such a file may have.", size=size, largest=largest)


def _unreadable(path: Path, error: OSError) -> InputProblem:
    if error.errno in (errno.EACCES, errno.EPERM):
        return InputProblem(path, Message("The app may not read it (no permission)."))
    if error.errno == errno.EISDIR:
        return InputProblem(path, Message("It is a folder, not a file."))
    return InputProblem(path, Message("It cannot be read: {problem}.", problem=error.strerror or str(error)))
