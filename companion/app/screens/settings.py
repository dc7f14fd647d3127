"""Settings: the language (at once), where rolls come from, the digital sack and the special die's
faces (for new games), the panel's wiring as the settings file gives it, and a button self-test."""

from __future__ import annotations

from typing import Any

from kivy.app import App

from companion.app.screens.kv import load_beside
from companion.app.shell import AppScreen
from companion.app.widgets import toggle
from companion.i18n import Message

load_beside(__file__)

LANGUAGES = (("de", "Deutsch"), ("en", "English"))
DIES = (("serial", Message("electronic die")), ("screen", Message("on the screen")), ("typed", Message("typed")))
SYMBOLS = {"sack": Message("sack"), "castle": Message("castle")}


class SettingsScreen(AppScreen):
    def refresh(self) -> None:
        app = App.get_running_app()
        settings = app.settings_
        self.ids.languages.clear_widgets()
        for code, name in LANGUAGES:
            self.ids.languages.add_widget(
                toggle(name, settings.language == code, lambda c=code: app.switch_language(c))
            )
        self.ids.dies.clear_widgets()
        for code, label in DIES:
            self.ids.dies.add_widget(toggle(app.tr(label), settings.die == code, lambda c=code: self.die(c)))
        self.ids.sack.clear_widgets()
        for on, label in ((True, Message("digital sack")), (False, Message("real sack"))):
            self.ids.sack.add_widget(toggle(app.tr(label), settings.digital_sack == on, lambda v=on: self.sack(v)))
        self.ids.faces.clear_widgets()
        for face, symbol in enumerate(settings.special_die, start=1):
            text = f"{face}: {app.tr(SYMBOLS[symbol])}"
            self.ids.faces.add_widget(toggle(text, symbol == "castle", lambda f=face: self.flip(f)))
        self.ids.wiring.text = app.tr(app.wiring_words())

    def die(self, code: str) -> None:
        app = App.get_running_app()
        app.settings_.die = code
        app.save_settings()
        app.reopen_table()
        self.refresh()

    def sack(self, on: bool) -> None:
        app = App.get_running_app()
        app.settings_.digital_sack = on
        app.save_settings()
        self.refresh()

    def flip(self, face: int) -> None:
        app = App.get_running_app()
        faces = list(app.settings_.special_die)
        faces[face - 1] = "sack" if faces[face - 1] == "castle" else "castle"
        app.settings_.special_die = tuple(faces)
        app.save_settings()
        self.refresh()

    def self_test(self) -> None:
        app = App.get_running_app()
        if app.table is not None and app.table.awaiting().choosing:
            app.tell(Message("Not now: cards are being chosen in secret."), refusal=True)
            return
        app.tell(Message("Press any button on the panel: the line below names seat and button."))

    def on_leave(self, *args: Any) -> None:
        App.get_running_app().tell("")
