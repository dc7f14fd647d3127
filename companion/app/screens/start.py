"""The start screen: continue the running game, a new game, saved games, settings."""

from __future__ import annotations

from kivy.app import App

from companion.app.screens.kv import load_beside
from companion.app.shell import AppScreen
from companion.i18n import Message

load_beside(__file__)


class StartScreen(AppScreen):
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

    def resume(self) -> None:
        app = App.get_running_app()
        if app.session is not None:
            app.goto(app.game_screen())
