"""A number typed by touch: a pad of digits (and ± where the number may be below zero), ⌫, "Cancel"
and "OK", over whatever asked for it. The number tapped stands large beside the pad; "OK" takes it
when it lies between ``low`` and ``high`` and otherwise says so in words and changes nothing (the
pad stays open to type again). "OK" with nothing typed keeps the number as it was.

Twelve is four taps (the number, 1, 2, OK), minus twelve five: a stepper offers it where its
range is longer than a few steps (:mod:`.stepper`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.core.window import Window
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.app import theme
from companion.app.room import running_app
from companion.i18n import Message

MINUS = "−"
SYMBOLS = "data/fonts/DejaVuSans.ttf"  # Kivy's own font with ⌫ (Roboto lacks it)
KEY_DP = 64  # a key of the pad: wider and taller than the smallest touch target


class Keypad(ModalView):
    """``title``: what the number is (the stepper's label); ``done(value)`` once "OK" takes one."""

    def __init__(
        self, title: str, *, low: int, high: int, value: int, done: Callable[[int], Any], **kwargs: Any
    ) -> None:
        width = min(Window.width - dp(16), dp(660))
        height = min(Window.height - dp(16), dp(4 * KEY_DP + 3 * 6 + 2 * 14))
        super().__init__(
            auto_dismiss=False,
            background="",
            background_color=theme.WOOD,
            overlay_color=(0, 0, 0, 0.45),
            size_hint=(None, None),
            size=(width, height),
            **kwargs,
        )
        app = running_app()
        self.low, self.high, self.value, self.done = low, high, value, done
        self.typed = ""
        sheet = Factory.Paper(orientation="horizontal", padding=dp(14), spacing=dp(14))
        left = BoxLayout(orientation="vertical", spacing=dp(6))
        heading = Factory.Body(text=title, bold=True)
        self.range = Factory.Body(text=app.tr(Message("{low} to {high}", low=signed(low), high=signed(high))))
        self.number = Label(color=theme.INK, bold=True, font_size=sp(theme.TITLE_SP * 2))
        self.refusal = Factory.Refusal()
        buttons = BoxLayout(size_hint_y=None, height=dp(theme.BUTTON_DP), spacing=dp(10))
        self.cancel = Factory.Quiet(text=app.tr(Message("Cancel")), height=dp(theme.BUTTON_DP))
        self.cancel.bind(on_release=lambda *_: self.close())
        self.ok = Factory.Big(text=app.tr(Message("OK")))
        self.ok.bind(on_release=lambda *_: self.take())
        buttons.add_widget(self.cancel)
        buttons.add_widget(self.ok)
        for widget in (heading, self.range, self.number, self.refusal, buttons):
            left.add_widget(widget)
        pad = GridLayout(cols=3, spacing=dp(6), size_hint_x=None, width=dp(3 * 84 + 2 * 6))
        self.keys: dict[str, Any] = {}
        for key in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "±" if low < 0 else "", "0", "⌫"):
            if not key:
                pad.add_widget(Label())
                continue
            button = Factory.Quiet(text=key, font_size=sp(theme.TITLE_SP), size_hint_y=1)
            if key == "⌫":
                button.font_name = SYMBOLS
            button.bind(on_release=lambda *_, k=key: self.press(k))
            pad.add_widget(button)
            self.keys[key] = button
        sheet.add_widget(left)
        sheet.add_widget(pad)
        self.add_widget(sheet)
        self.show()

    def press(self, key: str) -> None:
        if key == "⌫":
            self.typed = self.typed[:-1]
        elif key == "±":
            self.typed = self.typed[1:] if self.typed.startswith("-") else "-" + self.typed
        elif len(self.typed.lstrip("-")) < len(str(max(abs(self.low), abs(self.high)))) + 1:
            self.typed = ("-" if self.typed.startswith("-") else "") + (self.typed.lstrip("-") + key).lstrip("0")
            if not self.typed.lstrip("-"):
                self.typed += "0"
        self.refusal.text = ""
        self.show()

    def show(self) -> None:
        """The number typed, or the one it was (faint) while nothing is typed."""
        if self.typed:
            self.number.text = self.typed.replace("-", MINUS)
            self.number.color = theme.INK
        else:
            self.number.text = signed(self.value)
            self.number.color = theme.INK_FAINT

    def take(self) -> None:
        """The number typed, when it fits; else a refusal in words and nothing changed."""
        if not self.typed.lstrip("-"):
            self.close()
            return
        value = int(self.typed)
        if not self.low <= value <= self.high:
            self.refusal.text = running_app().tr(
                Message(
                    "{value} is not possible here: from {low} to {high}.",
                    value=signed(value),
                    low=signed(self.low),
                    high=signed(self.high),
                )
            )
            return
        self.close()
        self.done(value)

    def open_now(self) -> Keypad:
        self.open(animation=False)
        return self

    def close(self) -> None:
        self.dismiss(animation=False)


def signed(number: int) -> str:
    """A number as the table reads it: a minus sign, not a hyphen."""
    return str(number).replace("-", MINUS)
