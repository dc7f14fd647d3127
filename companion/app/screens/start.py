"""The start screen: continue the running game, a new game, saved games, settings; and when the
journal cannot be opened, why, and (for a damaged file or one that is no journal) a way to set it
aside and play on with a new one, the old file kept whole."""

from __future__ import annotations

from typing import Any

from kivy.app import App

from companion.app.screens.kv import load_beside
from companion.app.shell import AppScreen
from companion.i18n import Message

load_beside(__file__)


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


class StartScreen(AppScreen):
    confirming = False

    def refresh(self) -> None:
        app = App.get_running_app()
        running = app.session is not None
        self.ids.resume.disabled = not running
        if running:
            from companion.games.registry import home

            view = app.session.public_view()
            self.ids.resume.text = app.tr(
                Message("Continue: {game}, step {entry}", game=home(app.game_name).title, entry=view["entry"])
            )
        else:
            self.ids.resume.text = app.tr(Message("No game running"))
        self.show_problem(app)

    def show_problem(self, app: Any) -> None:
        from companion.journal.opening import SETTABLE_ASIDE

        problem = app.journal_problem
        self.ids.problem.text = app.tr(problem_words(problem, app.journal_path)) if problem else ""
        aside = self.ids.aside
        can = isinstance(problem, SETTABLE_ASIDE)
        aside.opacity, aside.disabled = (1, False) if can else (0, True)
        aside.text = app.tr(
            Message("Tap again: set the journal aside")
            if self.confirming
            else Message("Set the journal aside and start a new one")
        )
        self.ids.new.disabled = app.journal is None
        self.ids.saves.disabled = app.journal is None

    def resume(self) -> None:
        app = App.get_running_app()
        if app.session is not None:
            app.goto(app.game_screen())

    def set_aside(self) -> None:
        if not self.confirming:
            self.confirming = True
            self.refresh()
            return
        self.confirming = False
        App.get_running_app().set_journal_aside()
        self.refresh()

    def on_leave(self, *args: Any) -> None:
        self.confirming = False
