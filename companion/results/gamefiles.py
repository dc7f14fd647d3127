"""A game's files in a folder (a USB stick, or any folder chosen), without Kivy:

- :func:`export_to`: a game's ``companion.export`` document and, for a finished game, its BG Stats
  play file, both written into a folder, or neither;
- :func:`importable`: the files in a folder that look like companion exports, newest first;
- :func:`import_from`: one of them read into the journal, with the checks of ``companion import``.

Whatever goes wrong is raised as :class:`~companion.results.drives.FilesProblem`, whose ``text``
says it in the table's words: a stick pulled out, a read-only or full medium, a damaged file, a
file of a newer companion. The journal changes only by a whole imported game; a folder gets whole
files or none: no half-written file, and no temporary file, stays behind.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from companion.files import sync_folder
from companion.i18n import Join, Message, Text
from companion.inputs import InputProblem
from companion.journal import bgstats, exports
from companion.journal.errors import ExportError, JournalError, JournalWriteError
from companion.journal.exports import Imported
from companion.journal.store import Journal
from companion.results.drives import FilesProblem, size_words

HEAD = 4096
"""How much of a file :func:`importable` reads to see whether it is an export."""
LISTED = 200
"""At most this many files (the newest) are looked at by :func:`importable`."""
_EXPORT_HEAD = re.compile(rb'"format"\s*:\s*"companion\.export"')


# ---------------------------------------------------------------------------------- export


def file_names(journal: Journal, game_id: int) -> tuple[str, str]:
    """The names of a game's two files: ``<game>-<YYYY-MM-DD>-<id>.json`` and ``….bgstats.json``,
    dated by the game's start in local time."""
    row = journal.game(game_id)
    day = datetime.datetime.fromisoformat(row.started).astimezone().date().isoformat()
    stem = f"{row.game}-{day}-{game_id}"
    return f"{stem}.json", f"{stem}.bgstats.json"


def _documents(journal: Journal, game_id: int) -> list[tuple[str, bytes]]:
    """The files to write, as (name, bytes); FilesProblem when the game may not or cannot be exported."""
    try:
        export_name, play_name = file_names(journal, game_id)
        documents = [(export_name, exports.render(exports.export_game(journal, game_id)))]
        try:
            documents.append((play_name, exports.render(bgstats.play_document(journal, game_id))))
        except bgstats.NotFinished:
            pass  # BG Stats records finished plays only
    except exports.NotesForbidden:
        raise FilesProblem(
            Message(
                "This game is still being played, and its rules allow no notes: it can be exported once it is over."
            )
        ) from None
    except exports.SecretsPending:
        raise FilesProblem(
            Message(
                "This game is still being played, and its record holds secrets not revealed yet: "
                "it can be exported once it is over."
            )
        ) from None
    except JournalError as exc:
        raise FilesProblem(
            Message("Game {number} cannot be exported: {problem}", number=game_id, problem=str(exc))
        ) from None
    return [(name, text.encode("utf-8")) for name, text in documents]


def _new_file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _temporary(folder: Path, name: str, data: bytes) -> Path:
    """``data`` in a new temporary file beside ``folder / name``, flushed to the medium; on any
    failure the temporary file is removed again (where the medium still lets it)."""
    fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder)
    try:
        with contextlib.suppress(OSError):  # FAT and exFAT sticks keep no permissions
            os.fchmod(fd, _new_file_mode())
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return Path(temp)


def _sweep(folder: Path, names: list[str]) -> None:
    """Temporary files of these names that a failure left behind (the medium refused to remove
    one at once), removed now if the medium allows."""
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.endswith(".part") and any(entry.name.startswith(f".{name}.") for name in names):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _where(folder: Path) -> str:
    return folder.name or str(folder)


def _free(folder: Path) -> int | None:
    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return None


def _write_problem(folder: Path, exc: OSError, needed: int) -> FilesProblem:
    where = _where(folder)
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        free = _free(folder)
        if free is None:
            return FilesProblem(
                Message(
                    "{folder} is full: the game needs {needed}. Nothing was written.",
                    folder=where,
                    needed=size_words(needed, up=True),
                )
            )
        return FilesProblem(
            Message(
                "{folder} is full: the game needs {needed}, only {free} is free. Nothing was written.",
                folder=where,
                needed=size_words(needed, up=True),
                free=size_words(free),
            )
        )
    if exc.errno == errno.EROFS:
        return FilesProblem(Message("{folder} is read-only: nothing was written.", folder=where))
    if not folder.is_dir():
        return _gone(folder)
    return FilesProblem(
        Message(
            "{folder} could not be written: {problem}. Nothing was written.",
            folder=where,
            problem=exc.strerror or str(exc),
        )
    )


def _gone(folder: Path) -> FilesProblem:
    return FilesProblem(
        Message("{folder} is gone: was the stick pulled out? Nothing was written.", folder=_where(folder))
    )


def export_to(journal: Journal, game_id: int, folder: Path) -> list[Path]:
    """Write the game's export and, for a finished game, its BG Stats play file into ``folder``;
    the paths written. Both files or neither: each is first written whole into a temporary file
    beside its name (where a full, read-only or pulled medium fails), and only when both are on
    the medium are they renamed to their names. On any failure nothing of this call stays in the
    folder, and FilesProblem says why. The journal is only read."""
    folder = Path(folder)
    documents = _documents(journal, game_id)
    names = [name for name, _ in documents]
    if not folder.is_dir():
        raise _gone(folder)
    temporary: list[tuple[Path, Path]] = []
    placed: list[Path] = []
    try:
        for name, data in documents:
            temporary.append((_temporary(folder, name, data), folder / name))
        for temp, target in temporary:
            os.replace(temp, target)
            placed.append(target)
        sync_folder(folder)
    except BaseException as exc:
        for temp, target in temporary:
            for path in (temp, target) if target in placed else (temp,):
                with contextlib.suppress(OSError):
                    os.unlink(path)
        _sweep(folder, names)
        if isinstance(exc, OSError):
            raise _write_problem(folder, exc, sum(len(data) for _, data in documents)) from None
        raise
    return placed


# ---------------------------------------------------------------------------------- import


def importable(folder: Path) -> list[Path]:
    """The files in ``folder`` (not below it) that look like companion exports, newest first: named
    ``*.json`` but not ``*.bgstats.json`` nor hidden, whose first bytes hold the export's
    ``"format": "companion.export"``. Only the newest :data:`LISTED` are looked at."""
    folder = Path(folder)
    try:
        entries = list(os.scandir(folder))
    except (FileNotFoundError, NotADirectoryError):
        raise FilesProblem(Message("{folder} is gone: was the stick pulled out?", folder=_where(folder))) from None
    except OSError as exc:
        raise FilesProblem(
            Message("{folder} could not be read: {problem}", folder=_where(folder), problem=exc.strerror or str(exc))
        ) from None
    candidates: list[tuple[float, str, Path]] = []
    for entry in entries:
        name = entry.name
        if name.startswith(".") or not name.lower().endswith(".json") or name.lower().endswith(".bgstats.json"):
            continue
        try:
            if entry.is_file():
                candidates.append((entry.stat().st_mtime, name, Path(entry.path)))
        except OSError:
            continue
    candidates.sort(key=lambda c: (-c[0], c[1]))
    return [path for _, _, path in candidates[:LISTED] if _looks_like_export(path)]


def _looks_like_export(path: Path) -> bool:
    try:
        with path.open("rb") as file:
            return _EXPORT_HEAD.search(file.read(HEAD)) is not None
    except OSError:
        return False


def _read_problem(path: Path, exc: ExportError) -> FilesProblem:
    cause = exc.__context__  # read_json says why in English; the OS error or the decoding tells which
    name = path.name
    if not path.parent.is_dir() or isinstance(cause, FileNotFoundError) or not os.path.lexists(path):
        return FilesProblem(Message("{file} is gone: was the stick pulled out? Nothing was imported.", file=name))
    if isinstance(cause, InputProblem):  # a folder, a device, too large, no permission: said in the table's words
        return FilesProblem(
            Message("{file} could not be read. {reason} Nothing was imported.", file=name, reason=cause.reason)
        )
    if isinstance(cause, RecursionError):
        return _damaged(name, "nested too deeply to be read")
    if isinstance(cause, OSError):
        return FilesProblem(
            Message(
                "{file} could not be read: {problem}. Nothing was imported.",
                file=name,
                problem=cause.strerror or str(cause),
            )
        )
    return _damaged(name)


def _damaged(name: str, problem: str | None = None) -> FilesProblem:
    if problem is None:
        return FilesProblem(Message("{file} is damaged: it cannot be read. Nothing was imported.", file=name))
    return FilesProblem(Message("{file} is damaged ({problem}). Nothing was imported.", file=name, problem=problem))


def _header(name: str, data: Any) -> None:
    """What a look at the document's head tells, said in words of its own: a file that is no
    export, one of a newer companion, one of a game this companion does not know."""
    from companion.games.registry import HOMES, engine

    if not isinstance(data, dict) or data.get("format") != exports.FORMAT:
        raise FilesProblem(Message("{file} is no game exported by a companion. Nothing was imported.", file=name))
    version = data.get("version")
    game = data.get("game")
    newer = isinstance(version, int) and not isinstance(version, bool) and version > exports.VERSION
    if isinstance(game, str) and game in HOMES:
        number = data.get("engine_format")
        known = engine(game).format_version
        newer = newer or (isinstance(number, int) and not isinstance(number, bool) and number > known)
    elif isinstance(game, str) and not newer:
        raise FilesProblem(
            Message(
                "{file} holds a game this companion does not know ({game}). Nothing was imported.",
                file=name,
                game=game[:40],
            )
        )
    if newer:
        raise FilesProblem(
            Message(
                "{file} was written by a newer companion: update this one to import it. Nothing was imported.",
                file=name,
            )
        )


def import_from(journal: Journal, path: Path) -> Imported:
    """Read the export at ``path`` into the journal as a new game (not the running one), with the
    checks of ``companion import``: the document is read, checked and replayed before the journal
    is touched, and written in one transaction. FilesProblem says why a file is refused; the
    journal is then as it was."""
    path = Path(path)
    name = path.name
    try:
        data = exports.read_json(path)
    except ExportError as exc:
        raise _read_problem(path, exc) from None
    except RecursionError:
        raise _damaged(name, "nested too deeply to be read") from None
    _header(name, data)
    try:
        checked = exports.check_document(data)
    except ExportError as exc:
        raise _damaged(name, str(exc)) from None
    except RecursionError:
        raise _damaged(name, "nested too deeply to be read") from None
    known = already_there(journal, checked.document)
    if known is not None:
        raise FilesProblem(
            Message(
                "{file} is already in the journal, as game {number}. Nothing was imported.", file=name, number=known
            )
        )
    try:
        return exports.import_checked(journal, checked)
    except JournalWriteError as exc:
        if exc.cause == "full":
            raise FilesProblem(
                Message("The journal could not take the game: the disk is full. Nothing was imported.")
            ) from None
        if exc.cause == "read-only":
            raise FilesProblem(
                Message("The journal could not take the game: its folder is read-only. Nothing was imported.")
            ) from None
        raise _journal_problem(exc) from None
    except JournalError as exc:
        raise _journal_problem(exc) from None
    except RecursionError:  # its one transaction keeps nothing
        raise _damaged(name, "nested too deeply to be written into the journal") from None


def already_there(journal: Journal, document: Any) -> int | None:
    """The journal's game that this export is a copy of (the same game, setup, start and last step,
    with as many entries), or None: a game read in twice would count twice in the history and in
    every player's statistics."""
    for row in journal.games():
        if (row.game, row.config, row.started, row.updated) != (
            document.game,
            document.config,
            document.started,
            document.ended,
        ):
            continue
        if sum(1 for _ in journal.entries(row.id)) == len(document.entries):
            return row.id
    return None


def _journal_problem(exc: JournalError) -> FilesProblem:
    return FilesProblem(
        Message("The journal could not take the game: {problem}. Nothing was imported.", problem=str(exc))
    )


def told_written(folder: Path, paths: list[Path]) -> Text:
    """What the bottom line says after an export: where, and the files' names."""
    return Message("Written to {folder}: {files}", folder=_where(folder), files=Join(*(p.name for p in paths)))


def told_imported(path: Path, imported: Imported) -> Text:
    """What the bottom line says after an import: which game it was, and its number now."""
    from companion.games.registry import HOMES

    home = HOMES.get(imported.game)
    return Message(
        "Imported {file}: {game}, now game {number} in the journal.",
        file=path.name,
        game=home.title if home is not None else imported.game,
        number=imported.game_id,
    )
