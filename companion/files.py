"""Writing a small file whole or not at all, for the app's settings, the journal's exports and the
compiled catalogues."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def replace_file(target: Path, text: str, mode: int) -> None:
    """Write ``text`` into a temporary file beside ``target`` with permissions ``mode``, flush it to
    the disk and rename it over ``target``, then sync the folder so that the rename lasts too. On
    any failure the temporary file is removed, ``target`` is as it was, and the error propagates."""
    replace_bytes(target, text.encode("utf-8"), mode)


def replace_bytes(target: Path, data: bytes, mode: int) -> None:
    """:func:`replace_file` for bytes."""
    folder = target.parent
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    sync_folder(folder)


def sync_folder(folder: Path) -> None:
    """Where the filesystem allows a directory to be synced."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
