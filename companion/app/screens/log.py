"""The game log, newest first, with undo and redo: a tap shows the words for the cardboard first,
and only the second tap ("Do it") writes the undo or redo.

The log's lines are only read, never tapped: they scroll (the newest on top, where the screen
opens), unlike the choices, which are paged so that nothing moves under a finger about to tap."""

from __future__ import annotations

from typing import Any, Literal

from kivy.factory import Factory

from companion.app.people import names
from companion.app.pieces.scroller import Scroller  # noqa: F401 - the lines' area in log.kv
from companion.app.room import AppScreen, running_app
from companion.i18n import Message


class LogScreen(AppScreen):
    screen_name = "log"
    kv_file = __file__
    pending: Literal["undo", "redo"] | None = None

    def refresh(self) -> None:
        app = running_app()
        lines = self.ids.lines
        lines.clear_widgets()
        self.ids.reading.scroll_y = 1  # the newest line (or the question) on top
        table = app.table
        if table is None:
            return
        if self.pending is not None:
            words = table.preview(self.pending)
            lines.add_widget(Factory.Title(text=app.tr(self.question())))
            for word in words or ():
                lines.add_widget(Factory.Body(text="• " + app.tr(word)))
        else:
            people = names(table.public_view()["view"])  # the players as the screens name them
            for line in reversed(table.log()[-40:]):
                lines.add_widget(Factory.Body(text=app.tr(self.describe(line)), bold=True))
                happened = app.happenings(line.get("events", ()), people=people)
                for text in happened[:4] if line.get("in_play", True) else ():
                    lines.add_widget(Factory.Body(text="   " + app.tr(text)))
        view = table.public_view()
        self.ids.undo.disabled = not view["can_undo"] or self.pending is not None
        self.ids.redo.disabled = not view["can_redo"] or self.pending is not None
        self.ids.confirm.disabled = self.pending is None
        self.ids.cancel.disabled = self.pending is None

    def question(self) -> Any:
        return Message("Undo the last step? Then:") if self.pending == "undo" else Message("Redo the step? Then:")

    @staticmethod
    def describe(line: dict[str, Any]) -> Any:
        line = dict(line)
        if "command" in line:
            line["command"] = running_app().command_words(line["command"])
        if "undo" in line:
            return Message("{entry}: step {target} undone", entry=line["entry"], target=line["undo"])
        if "redo" in line:
            return Message("{entry}: step {target} done again", entry=line["entry"], target=line["redo"])
        if not line.get("in_play", True):
            return Message("{entry}: {command} (undone)", entry=line["entry"], command=line["command"])
        if line.get("correction"):
            return Message("{entry}: {command} (correction)", entry=line["entry"], command=line["command"])
        return Message("{entry}: {command}", entry=line["entry"], command=line["command"])

    def ask(self, kind: Literal["undo", "redo"]) -> None:
        self.pending = kind
        self.refresh()

    def confirm(self) -> None:
        app = running_app()
        kind, self.pending = self.pending, None
        if app.table is not None and kind is not None:
            (app.table.undo if kind == "undo" else app.table.redo)()
        self.refresh()

    def cancel(self) -> None:
        self.pending = None
        self.refresh()

    def on_leave(self, *args: Any) -> None:
        self.pending = None
