"""A new game: which game, which rule set, who plays (colours in seating order, names)."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.textinput import TextInput

from companion.app import theme
from companion.app.screens.kv import load_beside
from companion.app.shell import AppScreen
from companion.app.widgets import Chip, toggle
from companion.i18n import Message, Word

load_beside(__file__)


def playable() -> list[Any]:
    """The games the touch screen can play: those whose home has screens."""
    from companion.games.registry import HOMES

    return [home for home in HOMES.values() if home.screens is not None]


class NewGameScreen(AppScreen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = playable()[0].name if playable() else ""
        self.rules = ""
        self.seated: list[str] = []
        self.names: dict[str, str] = {}

    @property
    def part(self) -> Any:
        from companion.games.registry import part

        return part(self.game, "screens")

    def refresh(self) -> None:
        app = App.get_running_app()
        part = self.part
        if self.rules not in dict(part.RULE_SETS):
            self.rules = part.RULE_SETS[0][0]
        self.ids.games.clear_widgets()
        for home in playable():
            button = toggle(home.title, home.name == self.game, lambda name=home.name: self._game(name))
            self.ids.games.add_widget(button)
        self.ids.rules.clear_widgets()
        for rules, label in part.RULE_SETS:
            self.ids.rules.add_widget(toggle(app.tr(label), rules == self.rules, lambda r=rules: self._rules(r)))
        self.ids.colours.clear_widgets()
        for colour in part.COLOURS:
            seat = self.seated.index(colour) + 1 if colour in self.seated else None
            chip = Chip(colour=colour, text=str(seat) if seat else "")
            chip.bind(on_touch_down=lambda chip, touch, c=colour: self._tap(chip, touch, c))
            self.ids.colours.add_widget(chip)
        self.ids.names.clear_widgets()
        for colour in self.seated:
            row = BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(8))
            row.add_widget(Chip(colour=colour, text=str(self.seated.index(colour) + 1)))
            field = TextInput(
                text=self.names.get(colour, ""),
                hint_text=app.tr(Word(colour)).capitalize(),
                multiline=False,
                font_size=dp(theme.BODY_SP),
                write_tab=False,
            )
            field.bind(text=lambda _field, text, c=colour: self.names.__setitem__(c, text))
            row.add_widget(field)
            self.ids.names.add_widget(row)
        low, high = part.PLAYERS
        self.ids.hint.text = app.tr(
            Message("Tap the colours in seating order ({low} to {high} players).", low=low, high=high)
        )
        self.ids.begin.disabled = not low <= len(self.seated) <= high

    def _tap(self, chip: Chip, touch: Any, colour: str) -> bool:
        if not chip.collide_point(*touch.pos):
            return False
        if colour in self.seated:
            self.seated.remove(colour)
        elif len(self.seated) < self.part.PLAYERS[1]:
            self.seated.append(colour)
        self.refresh()
        return True

    def _game(self, name: str) -> None:
        self.game, self.rules, self.seated = name, "", []
        self.refresh()

    def _rules(self, rules: str) -> None:
        self.rules = rules
        self.refresh()

    def begin(self) -> None:
        app = App.get_running_app()
        names = {c: n.strip() for c, n in self.names.items() if c in self.seated and n.strip()}
        try:
            config = self.part.setup(self.rules, tuple(self.seated), names, app.settings_)
        except ValueError as error:  # pydantic's ValidationError is one
            app.tell(Message("This game cannot start: {problem}", problem=_first_problem(error)), refusal=True)
            return
        self.seated, self.names = [], {}
        app.start_game(self.game, config)


def _first_problem(error: ValueError) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        first = errors()[0]
        return str(first.get("msg", error)).removeprefix("Value error, ")
    return str(error)
