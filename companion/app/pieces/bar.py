"""The bar at the foot of a game's screens: the game log, the game's own buttons (its contract's
``bar``), the help (the result in its place once the game is over), the settings and the menu.

Every button is a finger's height (48 px at 800×480) and its words fit it: the font of each is
one for all, as large as each button's words allow in two lines
(:func:`companion.app.pieces.lines.fitting_font`)."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button

from companion.app import theme
from companion.app.contract import screens_of
from companion.app.pieces.dialog import HelpDialog
from companion.app.pieces.lines import fitting_font
from companion.app.room import load_beside, running_app
from companion.i18n import Message


class BottomBar(BoxLayout):
    def __init__(self, **kwargs: Any) -> None:
        load_beside(__file__)
        super().__init__(**kwargs)
        self._own: list[tuple[Any, Any]] = []
        self._fit = Clock.create_trigger(lambda *_: self.fit_words(), -1)
        self._result: Any = None  # held here while the help has its place
        self._help: Any = None

    def _ready(self) -> None:
        """Once the rule has made the buttons (a bar inside a screen's rule gets them after its
        ``__init__``): the result put aside, the words fitted whenever a button changes."""
        if self._help is not None:
            return
        self._result, self._help = self.ids.result.__self__, self.ids.help.__self__
        self.remove_widget(self._result)
        for name in ("log", "result", "help", "settings", "menu"):
            self.ids[name].bind(size=self._fit, text=self._fit)

    def fit_words(self) -> None:
        """One font for every button, as large as the words of each allow it."""
        self._ready()
        buttons = [w for w in (*self.ids.own.children, *self.children) if isinstance(w, Button)]  # those in the bar
        if not buttons or any(button.width <= 1 for button in buttons):
            return  # not laid out yet: the size it gets calls again
        size = min(fitting_font(button, sp(theme.BODY_SP), sp(12)) for button in buttons)
        for button in buttons:
            button.font_size = size

    def fill(self, screen: Any) -> None:
        """The game's own buttons (made once), their texts in the table's language now."""
        self._ready()
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
                button.bind(size=self._fit, text=self._fit)
                self.ids.own.add_widget(button)
                self._own.append((text, button))
        for text, button in self._own:
            button.text = app.tr(text)
        over = app.running_is_over()  # the result takes the help's place: the bar keeps its width
        shown, hidden = (self._result, self._help) if over else (self._help, self._result)
        if shown.parent is None:
            self.add_widget(shown, index=self.children.index(hidden))
            self.remove_widget(hidden)
        self._help.disabled = contract is None or contract.help is None

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
