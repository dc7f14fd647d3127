"""The bar at the foot of a game's screens: the game log, the game's own buttons (its contract's
``bar``), the game in short (the result in its place once the game is over), the settings and
the menu."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.uix.boxlayout import BoxLayout

from companion.app.contract import screens_of
from companion.app.pieces.dialog import HelpDialog
from companion.app.room import load_beside, running_app
from companion.i18n import Message


class BottomBar(BoxLayout):
    def __init__(self, **kwargs: Any) -> None:
        load_beside(__file__)
        super().__init__(**kwargs)
        self._own: list[tuple[Any, Any]] = []

    def fill(self, screen: Any) -> None:
        """The game's own buttons (made once), their texts in the table's language now."""
        app = running_app()
        contract = screens_of(app.game_name) if app.game_name else None
        wanted = tuple(contract.bar) if contract else ()
        if [text for text, _ in self._own] != [text for text, _ in wanted]:
            for _, button in self._own:
                self.ids.own.remove_widget(button)
            self._own = []
            for text, method in wanted:
                button = Factory.Quiet()
                button.bind(on_release=lambda *_, m=method: getattr(screen, m)())
                self.ids.own.add_widget(button)
                self._own.append((text, button))
        for text, button in self._own:
            button.text = app.tr(text)
        over = app.running_is_over()  # the result takes the help's place: the bar keeps its width
        self.ids.result.disabled = not over
        help_ = self.ids.help
        help_.disabled = over or contract is None or contract.help is None
        help_.opacity, help_.size_hint_x = (0, 0.001) if over else (1, 1)

    def result(self) -> None:
        app = running_app()
        app.screen("result").show_game(None)
        app.goto("result")

    def help(self) -> None:
        app = running_app()
        contract = screens_of(app.game_name) if app.game_name else None
        if contract is None or contract.help is None or app.table is None:
            return
        HelpDialog(Message("How to play"), contract.help(app.table.public_view()["view"])).open_now()
