"""Asking the table which day today is, while the device's clock may be wrong
(:mod:`companion.clock`): the date picker on a sheet of its own, the clock's day chosen at first,
the question with the date chosen as its title, "Back" and "That's right"."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.pieces.date import DatePicker, date_words
from companion.app.pieces.dialog import Dialog
from companion.i18n import Message


class TodayDialog(Dialog):
    """``done(day)`` with the day chosen after "That's right"; "Back" changes nothing. The days
    that can be chosen run from ``earliest`` to ``latest``."""

    def __init__(
        self,
        clock_day: datetime.date,
        earliest: datetime.date,
        latest: datetime.date,
        done: Callable[[datetime.date], None],
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.done = done
        self.picker = DatePicker(
            clock_day, today=latest, earliest=earliest, heading=False, changed=lambda day: self._title()
        )
        self.title_label = Factory.Title(text=self.app.tr(self._question()), color=self.ink)
        self.why = Factory.Body(text=self.app.tr(Message("The clock of this device may be wrong.")))
        self.why.color = self.ink
        buttons = BoxLayout(size_hint_y=None, height=dp(theme.BUTTON_DP), spacing=dp(12))
        for text, action, main in ((Message("Back"), self.close, False), (Message("That's right"), self.take, True)):
            button = (Factory.Big if main else Factory.Quiet)(text=self.app.tr(text))
            button.height = dp(theme.BUTTON_DP)
            button.bind(on_release=lambda *_, act=action: act())
            buttons.add_widget(button)
        for widget in (self.title_label, self.why, self.picker, Widget(), buttons):
            self.sheet.add_widget(widget)

    def _question(self) -> Message:
        return Message("Is today {date}?", date=date_words(self.picker.date))

    def _title(self) -> None:
        self.title_label.text = self.app.tr(self._question())

    def take(self) -> None:
        self.close()
        self.done(self.picker.date)
