"""The keyboard standing in for the button panel, made visible: each seat's six keys beside the
player's colour and name, so a table without a panel finds them on the board; a press the game
does not take flashes that seat's row red on the screen, as a panel's LED would blink."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.graphics import Color, Rectangle
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.app import theme
from companion.app.widgets import Chip

FLASH_S = 0.6


class KeysLegend(GridLayout):
    """One row per seat: the seat's colour chip, the player, and the keys for buttons 1 to 6."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cols=1, spacing=dp(2), size_hint_y=None, height=0, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.rows_by_colour: dict[str, BoxLayout] = {}
        self._shown: tuple[Any, ...] = ()

    def show(self, seats: Sequence[tuple[str, str]], keys: Mapping[int, Sequence[str]]) -> None:
        """``seats``: (colour, the player's name as shown) in seat order; ``keys``: each seat's keys."""
        wanted = (tuple(seats), tuple((seat, tuple(names)) for seat, names in sorted(keys.items())))
        if wanted == self._shown:
            return
        self._shown = wanted
        self.clear_widgets()
        self.rows_by_colour = {}
        for seat, (colour, name) in enumerate(seats, start=1):
            row = BoxLayout(size_hint_y=None, height=dp(30), spacing=dp(6))
            with row.canvas.before:
                row.flash = Color(*theme.ALERT[:3], 0)
                row.ground = Rectangle()
            row.bind(pos=_place, size=_place)
            chip = Chip(colour=colour, text=str(seat))
            chip.size = (dp(28), dp(28))
            label = Factory.Body(text=name, size_hint_x=0.45, shorten=True)
            label.height = dp(30)
            keys_text = "  ".join(key.upper() if len(key) == 1 else key for key in keys.get(seat, ()))
            shown_keys = Factory.Body(text=keys_text, bold=True, size_hint_x=0.55)
            shown_keys.height = dp(30)
            for widget in (chip, label, shown_keys):
                row.add_widget(widget)
            self.add_widget(row)
            self.rows_by_colour[colour] = row

    def flash(self, colour: str) -> None:
        """The seat's row red for a moment: a press that counted for nothing."""
        row = self.rows_by_colour.get(colour)
        if row is None:
            return
        row.flash.a = 0.55
        Clock.schedule_once(lambda dt: setattr(row.flash, "a", 0), FLASH_S)


def _place(row: Any, *_: Any) -> None:
    row.ground.pos, row.ground.size = row.pos, row.size
