"""The journal as the app keeps it: opened right after the first frame (the running game resumed
onto the screen it stood at), opened for reading only when its disk is full or its folder cannot
be written, said on the start screen when it cannot be opened, and set aside on the table's word
when it is damaged or foreign."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from companion.i18n import Message

if TYPE_CHECKING:
    from pathlib import Path

    from companion.app.host import Host
    from companion.journal.errors import JournalError
    from companion.journal.store import Journal

log = logging.getLogger(__name__)


class Journaling:
    """The app's part that keeps the journal: a mixin of :class:`~companion.app.shell.CompanionApp`."""

    journal: Journal | None
    journal_problem: JournalError | None
    read_only: str | None
    """Why nothing is written (None: the journal can be written): given when the app is made (a data
    folder that cannot be written), or a journal's full disk."""

    def _init_journaling(self: Host) -> None:
        self.journal = None  # opened after the first frame
        self.journal_problem = None  # why the journal could not be opened (or only for reading)

    @property
    def journal_path(self: Host) -> Path:
        return self.data_dir / "journal.sqlite3"

    def open_journal(self: Host) -> None:
        from companion.journal.errors import JournalError
        from companion.journal.opening import open_running

        self.journal_problem = None
        try:
            opened = open_running(self.journal_path, read_only=bool(self.read_only))
        except JournalError as error:
            log.error("journal: %s", error)
            self.journal_problem = error  # the start screen says it, and what the table can do
            self.goto("start", remember=False)
            _tell_startup_problems(self)
            self.refresh()
            return
        self.journal, session = opened.journal, opened.session
        self.unshown = opened.unknown  # a game of another companion: the start screen names it
        if opened.unwritable is not None:  # a full disk: the games are shown, nothing is written
            log.error("journal: %s; it is opened for reading only", opened.unwritable)
            self.journal_problem = opened.unwritable
            self.read_only = self.read_only or str(opened.unwritable)  # (why, as the start screen says)
        if session is not None and self.open_game(session) and opened.unwritable is None:
            screen = self.settings_.screen
            self.goto(screen if screen in self._screen_classes else self.game_screen())
        else:
            self.goto("start", remember=False)
        _tell_startup_problems(self)
        self.refresh()

    def close_journal(self: Host) -> None:
        if self.journal is not None:
            self.journal.close()

    def set_journal_aside(self: Host) -> None:
        """The damaged (or foreign) journal renamed beside a new one, which opens at once."""
        from companion.journal.errors import JournalError
        from companion.journal.opening import set_aside

        try:
            kept = set_aside(self.journal_path)
        except JournalError as error:
            log.error("journal: %s", error)
            self.tell(Message("The journal could not be set aside: {problem}", problem=str(error)), refusal=True)
            return
        log.warning("journal: the old journal was set aside as %s", kept)
        self.open_journal()
        if self.journal is not None:
            self.tell(Message("The old journal is kept as {name}; a new one has begun.", name=kept.name))


def _tell_startup_problems(app: Host) -> None:
    """The settings file's problems, before whatever the opening game said (the hardware's)."""
    if app.startup_problems:
        said, _refusal = app.said()
        app.tell([*app.startup_problems, *said], refusal=True)
        app.startup_problems = []
