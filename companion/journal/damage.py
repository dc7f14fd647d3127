"""Telling a damaged journal from a fault of the program, wherever a journal is read.

A command that reads a journal may stumble over damage in many ways (SQLite's "database disk
image is malformed", an entry that is no longer JSON, an event that no longer replays). Where such
an unexpected failure leaves a command, :func:`damage_said` has the journal verified (read only,
as ``companion journal verify`` does): when the file is damaged, the failure becomes a
:class:`JournalDamaged` that says what was found and names the command; on a sound file the
failure goes on as it was, so that a fault of the program is never passed off as damage.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.journal.errors import JournalDamaged, JournalError


def diagnose(path: str | Path) -> JournalError | None:
    """What is wrong with the journal at ``path``, read only: the error that says so, or None for
    a sound file."""
    from companion.journal.store import Journal
    from companion.journal.verify import verify

    try:
        with Journal.open(path, create=False, readonly=True) as journal:
            report = verify(journal)
    except JournalError as error:
        return error
    if report.ok:
        return None
    more = f", and {len(report.problems) - 1} more" if len(report.problems) > 1 else ""
    return JournalDamaged(path, report.problems[0].removeprefix("the file is damaged: ") + more)


@contextmanager
def damage_said(path: str | Path | None, *, passing: tuple[type[BaseException], ...] = ()) -> Iterator[None]:
    """Inside: the journal at ``path`` is read. A failure other than a :class:`JournalError` or
    one of ``passing`` (a command's own refusals) is raised again as the damage it comes from,
    when :func:`diagnose` finds some."""
    caught: tuple[type[BaseException], ...] = (JournalError, *passing)
    try:
        yield
    except caught:
        raise
    except Exception as failure:  # any failure may come from a damaged file: the file is asked, then it is raised
        found = diagnose(path) if path is not None and Path(path).exists() else None
        if found is None:
            raise
        raise found from failure
