"""A number to set by touch: ``label  −  n  +``, kept between ``low`` and ``high``."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.app import theme


class Stepper(BoxLayout):
    value = NumericProperty(0)

    def __init__(self, label: str, *, low: int = 0, high: int = 99, value: int = 0, **kwargs: Any) -> None:
        super().__init__(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(6), **kwargs)
        self.low, self.high = low, high
        self.value = max(low, min(high, value))
        self.label = Label(
            text=label, color=theme.INK, font_size=sp(theme.BODY_SP), halign="left", valign="middle", size_hint_x=1
        )
        self.label.bind(size=lambda widget, size: setattr(widget, "text_size", size))
        minus = Factory.Quiet(text="−", size_hint_x=None, width=dp(theme.BUTTON_DP))
        minus.bind(on_release=lambda *_: self.step(-1))
        self.shown = Label(
            text=str(self.value),
            color=theme.INK,
            bold=True,
            font_size=sp(theme.TITLE_SP),
            size_hint_x=None,
            width=dp(56),
        )
        plus = Factory.Quiet(text="+", size_hint_x=None, width=dp(theme.BUTTON_DP))
        plus.bind(on_release=lambda *_: self.step(1))
        self.label.inked = self.shown.inked = True  # in the ink of the page it is drawn on
        for widget in (self.label, minus, self.shown, plus):
            self.add_widget(widget)

    def step(self, by: int) -> None:
        self.value = max(self.low, min(self.high, int(self.value) + by))
        self.shown.text = str(int(self.value))
