"""A number to set by touch: ``label  −  n  +``, kept between ``low`` and ``high``. Where the range
is longer than a few steps (``KEYPAD_FROM``), the number is a button that opens the keypad
(:mod:`.keypad`): twelve is then four taps instead of up to a dozen."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.app import theme
from companion.app.pieces.keypad import Keypad, signed

KEYPAD_FROM = 6  # steps from low to high from which the number opens the keypad


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
        self.keypad = high - low >= KEYPAD_FROM
        if self.keypad:  # the number on a key of its own: a tap opens the keypad
            self.shown = Factory.Quiet(
                text=signed(int(self.value)), bold=True, font_size=sp(theme.TITLE_SP), size_hint_x=None, width=dp(64)
            )
            self.shown.bind(on_release=lambda *_: self.open_keypad())
        else:
            self.shown = Label(
                text=signed(int(self.value)),
                color=theme.INK,
                bold=True,
                font_size=sp(theme.TITLE_SP),
                size_hint_x=None,
                width=dp(56),
            )
            self.shown.inked = True  # in the ink of the page it is drawn on
        plus = Factory.Quiet(text="+", size_hint_x=None, width=dp(theme.BUTTON_DP))
        plus.bind(on_release=lambda *_: self.step(1))
        self.label.inked = True
        for widget in (self.label, minus, self.shown, plus):
            self.add_widget(widget)

    def on_value(self, _stepper: Any, value: float) -> None:
        if hasattr(self, "shown"):
            self.shown.text = signed(int(value))

    def step(self, by: int) -> None:
        self.set(int(self.value) + by)

    def set(self, value: int) -> None:
        self.value = max(self.low, min(self.high, value))

    def open_keypad(self) -> Keypad:
        """The keypad for this number; "OK" sets it (the keypad refuses one out of range)."""
        return Keypad(self.label.text, low=self.low, high=self.high, value=int(self.value), done=self.set).open_now()
