"""The start screen: continue the running game (at its step, :func:`step_of`), a new game, saved
games, settings; and what stands in the way, in the table's words: a journal that cannot be opened
(for a damaged file, or one that is no journal, a way to set it aside and play on with a new one,
the old file kept whole), a data directory that cannot be written, a running game this screen
cannot show yet."""

from __future__ import annotations

from typing import Any

from companion.app.contract import title_of
from companion.app.room import AppScreen, running_app
from companion.i18n import Message


def problem_words(problem: Exception, path: Any) -> Message:
    """Why the journal cannot be opened, in the table's words."""
    from companion.journal.errors import JournalDamaged, JournalForeign

    if isinstance(problem, JournalDamaged):
        return Message(
            "The journal is damaged; it was left as it is: {path}. "
            "On a computer, 'companion journal verify' lists the damage. "
            "Set it aside to play on with a new journal: nothing is deleted.",
            path=str(path),
        )
    if isinstance(problem, JournalForeign):
        return Message(
            "The file where the journal belongs is not a journal: {path}. "
            "Set it aside to play on with a new journal: nothing is deleted.",
            path=str(path),
        )
    return Message("The journal cannot be opened: {problem}", problem=str(problem))


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
        from companion.journal.opening import SETTABLE_ASIDE

        notes: list[Any] = []
        if app.read_only:
            notes.append(
                Message(
                    "The data folder {path} cannot be written ({why}): the journal's games are shown, "
                    "but nothing can be played, saved or set.",
                    path=str(app.data_dir),
                    why=app.read_only,
                )
            )
        if app.journal_problem is not None:
            notes.append(problem_words(app.journal_problem, app.journal_path))
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
        running_app().set_journal_aside()  # type: ignore[attr-defined]
        self.refresh()

    def on_leave(self, *args: Any) -> None:
        self.confirming = False
