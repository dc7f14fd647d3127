"""The start screen: continue the running game (at its step, :func:`step_of`), a new game, saved
games, settings; and what stands in the way, in the table's words: a journal that cannot be opened
(for a damaged file, or one that is no journal, a way to set it aside and play on with a new one,
the old file kept whole; for a disk that is full or cannot be written, its games shown and no
such offer: :mod:`companion.app.journal_words`), a data directory that cannot be written, a
running game this screen cannot show yet."""

from __future__ import annotations

from typing import Any

from companion.app.contract import title_of
from companion.app.journal_words import folder_reason, problem_words
from companion.app.room import AppScreen, running_app
from companion.i18n import Message


def step_of(table: Any) -> int:
    """The step a game has reached, as the table counts it: the commands in play on its line of
    play. An undone command is not counted, nor the undo or the redo itself (the journal's entry
    number counts them all); a save keeps exactly the commands in play, so a loaded game is at the
    same step (picks not yet revealed are not saved, and not counted after loading)."""
    return sum(1 for line in table.log() if "command" in line and line.get("in_play"))


class StartScreen(AppScreen):
    screen_name = "start"
    kv_file = __file__
    confirming = False

    def refresh(self) -> None:
        app: Any = running_app()
        resume = self.ids.resume
        if app.table is not None:
            resume.disabled = False
            resume.text = app.tr(
                Message(
                    "Continue: {game}, step {entry}",
                    game=title_of(app.game_name),
                    entry=step_of(app.table),
                )
            )
        else:
            resume.disabled = True
            resume.text = app.tr(Message("No game running"))
        self.show_notes(app)

    def show_notes(self, app: Any) -> None:
        from companion.journal.errors import JournalAccessError
        from companion.journal.opening import SETTABLE_ASIDE

        notes: list[Any] = []
        if app.read_only and not isinstance(app.journal_problem, JournalAccessError):  # its words say more
            notes.append(
                Message(
                    "The data folder {path} cannot be written ({why}): the journal's games are shown, "
                    "but nothing can be played, saved or set.",
                    path=str(app.data_dir),
                    why=folder_reason(app.read_only),
                )
            )
        if app.journal_problem is not None:
            notes.append(problem_words(app.journal_problem, app.journal_path, shown=app.journal is not None))
        if app.unshown is not None:
            notes.append(
                Message(
                    "The running game, {game}, cannot be shown on this screen yet. It stays in the journal as it "
                    "is; a new game or a saved one can be played meanwhile.",
                    game=app.unshown,
                )
            )
        self.ids.problem.text = "\n".join(app.tr(note) for note in notes)
        aside = self.ids.aside
        can = isinstance(app.journal_problem, SETTABLE_ASIDE) and not app.read_only
        aside.opacity, aside.disabled = (1, False) if can else (0, True)
        aside.text = app.tr(
            Message("Tap again: set the journal aside")
            if self.confirming
            else Message("Set the journal aside and start a new one")
        )
        self.ids.new.disabled = app.journal is None or bool(app.read_only)
        self.ids.saves.disabled = app.journal is None
        self.ids.history.disabled = app.journal is None

    def resume(self) -> None:
        app = running_app()
        if app.table is not None:
            app.goto(app.game_screen())

    def set_aside(self) -> None:
        if not self.confirming:
            self.confirming = True
            self.refresh()
            return
        self.confirming = False
        running_app().set_journal_aside()
        self.refresh()

    def on_leave(self, *args: Any) -> None:
        self.confirming = False
