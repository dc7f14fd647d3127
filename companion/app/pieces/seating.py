"""Who plays, for a game's new-game form: the colours tapped in seating order (a second tap takes a
colour out again), and a name for each seat, which a player may leave empty (then the colour is the
name). Names are the only thing typed, with the on-screen keyboard (:mod:`.keyboard`) where the
hosting screen docks one, which offers the names of earlier games (:mod:`.names`) that no other
seat has taken; nothing needs them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.app import theme
from companion.app.pieces.keyboard import NameField
from companion.app.pieces.names import earlier_names, offered
from companion.app.room import running_app
from companion.app.widgets import Chip
from companion.i18n import Cap, Message, Word

NAME_LIMIT = 16


class Seating(GridLayout):
    ready = BooleanProperty(False)
    """Between the fewest and the most players are seated."""

    def __init__(self, colours: Sequence[str], players: tuple[int, int], **kwargs: Any) -> None:
        super().__init__(cols=1, spacing=dp(6), size_hint_y=None, height=0, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.colours = tuple(colours)
        self.low, self.high = players
        self.seated: list[str] = []
        self.names: dict[str, str] = {}
        self.hint = _label()
        self.chips = BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(10))
        self.name_rows = GridLayout(cols=2, spacing=dp(8), size_hint_y=None, height=0)
        self.name_rows.bind(minimum_height=self.name_rows.setter("height"))
        for widget in (self.hint, self.chips, self.name_rows):
            self.add_widget(widget)

    def refresh(self) -> None:
        app = running_app()
        self.hint.text = app.tr(
            Message("Tap the colours in seating order ({low} to {high} players).", low=self.low, high=self.high)
        )
        self.chips.clear_widgets()
        for colour in self.colours:
            seat = self.seated.index(colour) + 1 if colour in self.seated else None
            chip = Chip(colour=colour, text=str(seat) if seat else "")
            chip.bind(on_touch_down=lambda chip, touch, c=colour: self._tap(chip, touch, c))
            self.chips.add_widget(chip)
        self.name_rows.clear_widgets()
        for seat, colour in enumerate(self.seated, start=1):
            self.name_rows.add_widget(Chip(colour=colour, text=str(seat)))
            field = NameField(
                text=self.names.get(colour, ""),
                hint_text=app.tr(Cap(Word(colour))),
                limit=NAME_LIMIT,
                offered=partial(self.offered, colour),
            )
            field.bind(text=lambda _field, text, c=colour: self._name(c, text))
            self.name_rows.add_widget(field)
        self.ready = self.low <= len(self.seated) <= self.high

    def _tap(self, chip: Chip, touch: Any, colour: str) -> bool:
        if not chip.collide_point(*touch.pos):
            return False
        if colour in self.seated:
            self.seated.remove(colour)
        elif len(self.seated) < self.high:
            self.seated.append(colour)
        self.refresh()
        return True

    def _name(self, colour: str, text: str) -> None:
        self.names[colour] = text[:NAME_LIMIT]

    def offered(self, colour: str) -> list[str]:
        """The names of earlier games for ``colour``'s seat, most recent first: none that another
        seat has been given (read from the journal each time a name field takes the focus)."""
        others = [name for c, name in self.given_names().items() if c != colour]
        return offered(earlier_names(running_app().journal), others)

    def given_names(self) -> dict[str, str]:
        """The names given to the seated colours, trimmed; empty ones left out."""
        return {c: " ".join(n.split()) for c, n in self.names.items() if c in self.seated and n.strip()}

    def reset(self) -> None:
        self.seated, self.names = [], {}
        self.refresh()


def _label() -> Any:
    from kivy.factory import Factory

    return Factory.Body()
