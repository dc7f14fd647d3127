"""Saved games: save the running game, load a save (it becomes the running game), delete them all
(after a second tap to confirm)."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory

from companion.app.screens.kv import load_beside
from companion.app.shell import AppScreen
from companion.i18n import Message, Plural

load_beside(__file__)


class SavesScreen(AppScreen):
    confirming = False

    def refresh(self) -> None:
        from companion.journal.saves import list_saves

        app = App.get_running_app()
        self.ids.list.clear_widgets()
        self.ids.save.disabled = app.session is None
        rows = list_saves(app.journal) if app.journal is not None else []
        for row in rows[:30]:
            button = Factory.Quiet(text=f"{row.name}  ·  {row.game}  ·  {row.saved[:16].replace('T', ' ')}")
            button.bind(on_release=lambda *_, save_id=row.id: self.load(save_id))
            self.ids.list.add_widget(button)
        if not rows:
            self.ids.list.add_widget(Factory.Body(text=app.tr(Message("No saved games yet."))))
        self.ids.delete.disabled = not rows
        self.ids.delete.text = app.tr(
            Plural("Really delete {n} save?", "Really delete all {n} saves?", len(rows))
            if self.confirming
            else Message("Delete all saves")
        )

    def save(self) -> None:
        from companion.journal.saves import save

        app = App.get_running_app()
        try:
            saved = save(app.journal)
        except Exception as error:  # a save refused or a journal that cannot be written: say so
            app.tell(Message("Not saved: {problem}", problem=str(error)), refusal=True)
            return
        app.tell(Message("Saved as {name}.", name=saved.name))
        self.refresh()

    def load(self, save_id: int) -> None:
        from companion.journal.saves import load

        app = App.get_running_app()
        try:
            loaded = load(app.journal, save_id)
        except Exception as error:  # a broken save changes nothing
            app.tell(Message("This save cannot be loaded: {problem}", problem=str(error)), refusal=True)
            return
        app.close_table()
        app.open_table(loaded.session)
        app.tell(Message("Loaded {name}.", name=loaded.name))
        app.goto(app.game_screen())

    def delete(self) -> None:
        from companion.journal.saves import delete_all

        app = App.get_running_app()
        if not self.confirming:
            self.confirming = True
            self.refresh()
            return
        self.confirming = False
        count = delete_all(app.journal, confirmed=True)
        app.tell(Plural("{n} save deleted.", "{n} saves deleted.", count))
        self.refresh()

    def on_leave(self, *args: Any) -> None:
        self.confirming = False
