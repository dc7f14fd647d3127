"""A date set by touch, no typing, for any game's form (a birthday): the date said in the table's
language above rows of big buttons, narrowed from the top down: the decade, the year in it, the
month by its name, the day (in a dialog the date stands in its title). Every button is one tap;
a day the month does not have (31 April, 29 February outside leap years) cannot be tapped, nor
anything after today or before 1920.

- :class:`DatePicker`: the rows themselves, a widget with a ``date`` property (a
  ``datetime.date``) and a ``changed`` callback;
- :class:`DateDialog`: the picker on a sheet of its own, with "Back" and "Done";
- :func:`date_words`: a date as the table reads it ("14. März 1987", "14 March 1987").

Today comes from the caller (``today``) or from ``datetime.date.today()`` when the picker is made.
"""

from __future__ import annotations

import calendar
import datetime
from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.pieces.dialog import Dialog
from companion.app.room import running_app
from companion.i18n import Message

EARLIEST = datetime.date(1920, 1, 1)
DAY_COLUMNS = 16  # the days in two rows: the picker's six rows of buttons fit a dialog at 800×480
# The buttons touch each other (each drawn 2 dp inside its box): 16 in the 768 px of a dialog at
# 800 px are 48 px each, a finger's width, where gaps of 4 px left 44.
MONTHS = (
    Message("January"),
    Message("February"),
    Message("March"),
    Message("April"),
    Message("May"),
    Message("June"),
    Message("July"),
    Message("August"),
    Message("September"),
    Message("October"),
    Message("November"),
    Message("December"),
)


def date_words(day: datetime.date) -> Message:
    """The date as the table reads it: the day, the month's name and the year."""
    return Message("{day} {month} {year}", day=day.day, month=MONTHS[day.month - 1], year=day.year)


def days_in(year: int, month: int) -> int:
    """How many days the month has that year (February 29 only in a leap year)."""
    return calendar.monthrange(year, month)[1]


def within(year: int, month: int, day: int, earliest: datetime.date, latest: datetime.date) -> datetime.date:
    """The date nearest to ``year``-``month``-``day`` that exists and lies between ``earliest`` and
    ``latest``: a day past the month's end becomes its last day (31 → 30 April)."""
    year = min(max(year, earliest.year), latest.year)
    month = min(max(month, 1), 12)
    day = min(max(day, 1), days_in(year, month))
    return min(max(datetime.date(year, month, day), earliest), latest)


class DatePicker(GridLayout):
    """The date in words, then the decades, the years of the chosen decade, the twelve months and
    the days of the month, each a button; the chosen ones are down. A tap on a decade keeps the
    year's last digit, on a year or month keeps the day (or the month's last day when it is
    shorter); the date never leaves ``earliest`` … ``latest`` (today)."""

    date = ObjectProperty(None)
    """The date chosen (``datetime.date``); setting it moves the buttons to it."""

    def __init__(
        self,
        value: datetime.date | None = None,
        *,
        changed: Callable[[datetime.date], None] | None = None,
        today: datetime.date | None = None,
        earliest: datetime.date = EARLIEST,
        heading: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(cols=1, spacing=0, size_hint_y=None, height=0, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.earliest = earliest
        self.latest = max(today or datetime.date.today(), earliest)
        self.changed = changed
        self.heading = Factory.Label(
            color=theme.INK,
            bold=True,
            font_size=sp(theme.TITLE_SP),
            size_hint_y=None,
            height=dp(32),
            halign="left",
            valign="middle",
        )
        self.heading.bind(size=lambda label, size: setattr(label, "text_size", size))
        first_decade = earliest.year // 10 * 10
        self.decades = list(range(first_decade, self.latest.year + 1, 10))
        self.decade_buttons = [self._button(partial(self._decade, d)) for d in self.decades]
        self.year_buttons = [self._button(partial(self._year_in_decade, n)) for n in range(10)]
        self.month_buttons = [self._button(partial(self._month, m)) for m in range(1, 13)]
        self.day_buttons = [self._button(partial(self._day, d)) for d in range(1, 32)]
        if heading:
            self.add_widget(self.heading)
        for buttons, cols in (
            (self.decade_buttons, len(self.decade_buttons)),
            (self.year_buttons, 10),
            (self.month_buttons, 6),
            (self.day_buttons, DAY_COLUMNS),
        ):
            row = GridLayout(cols=cols, spacing=0, size_hint_y=None, height=0)
            row.bind(minimum_height=row.setter("height"))
            for button in buttons:
                row.add_widget(button)
            self.add_widget(row)
        start = value or datetime.date(self.latest.year - 30, 1, 1)
        self.date = within(start.year, start.month, start.day, self.earliest, self.latest)
        self.bind(date=lambda *_: self._show())
        self.refresh()

    def _button(self, action: Callable[[], None]) -> Any:
        button = Factory.Tight(size_hint_y=None, height=dp(theme.TOUCH_DP), allow_no_selection=False)
        button.bind(on_release=lambda *_: self._tapped(action))
        return button

    # ----------------------------------------------------------------------------- showing
    def refresh(self) -> None:
        """The texts in the table's language now."""
        app = running_app()
        for decade, button in zip(self.decades, self.decade_buttons, strict=True):
            button.text = app.tr(Message("{decade}s", decade=decade))
            button.font_size = sp(theme.SMALL_SP)
        for month, button in zip(MONTHS, self.month_buttons, strict=True):
            button.text = app.tr(month)
        for day, button in enumerate(self.day_buttons, start=1):
            button.text = str(day)
        self._show()

    def _show(self) -> None:
        chosen: datetime.date = self.date
        self.heading.text = running_app().tr(date_words(chosen))
        low, high = self.earliest, self.latest
        decade = chosen.year // 10 * 10
        for start, button in zip(self.decades, self.decade_buttons, strict=True):
            _mark(button, start == decade, start + 9 < low.year or start > high.year)
        for n, button in enumerate(self.year_buttons):
            button.text = str(decade + n)
            _mark(button, decade + n == chosen.year, not low.year <= decade + n <= high.year)
        for month, button in enumerate(self.month_buttons, start=1):
            outside = not (low.year, low.month) <= (chosen.year, month) <= (high.year, high.month)
            _mark(button, month == chosen.month, outside)
        length = days_in(chosen.year, chosen.month)
        for day, button in enumerate(self.day_buttons, start=1):
            outside = day > length or not low <= datetime.date(chosen.year, chosen.month, day) <= high
            _mark(button, day == chosen.day, outside)
            button.opacity = 0 if day > length else 1  # no 30 February at all, not even faint

    # ----------------------------------------------------------------------------- choosing
    def _tapped(self, action: Callable[[], None]) -> None:
        before = self.date
        action()
        self._show()  # a tap on the chosen button leaves it down
        if self.date != before and self.changed is not None:
            self.changed(self.date)

    def _set(self, year: int, month: int, day: int) -> None:
        self.date = within(year, month, day, self.earliest, self.latest)

    def _decade(self, decade: int) -> None:
        self._set(decade + self.date.year % 10, self.date.month, self.date.day)

    def _year_in_decade(self, n: int) -> None:
        self._set(self.date.year // 10 * 10 + n, self.date.month, self.date.day)

    def _month(self, month: int) -> None:
        self._set(self.date.year, month, self.date.day)

    def _day(self, day: int) -> None:
        self._set(self.date.year, self.date.month, day)


def _mark(button: Any, chosen: bool, outside: bool) -> None:
    button.state = "down" if chosen else "normal"
    button.disabled = outside and not chosen


class DateDialog(Dialog):
    """The picker on a sheet of its own, the date chosen in the sheet's title after ``title``
    ("Geburtstag von Anna (Rot): 14. März 1987"), or in the words ``words(date)`` gives; ``note``
    a line under it; ``done(date)`` with the date chosen after "Done" (or ``take_word``); "Back"
    changes nothing. The days offered run from ``earliest`` to ``today``."""

    def __init__(
        self,
        title: Any,
        value: datetime.date | None,
        done: Callable[[datetime.date], None],
        *,
        today: datetime.date | None = None,
        earliest: datetime.date = EARLIEST,
        words: Callable[[datetime.date], Message] | None = None,
        note: Message | None = None,
        take_word: Message | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.title, self.done = title, done
        self.words = words or (lambda day: Message("{what}: {date}", what=self.title, date=date_words(day)))
        self.picker = DatePicker(
            value, today=today, earliest=earliest, heading=False, changed=lambda day: self._title()
        )
        # Drawn here, not with ``page``: the picker fits the sheet at 800×480 as it is, and a list
        # around it would only scroll by a few pixels.
        self.title_label = Factory.Title(text=self.app.tr(self.words(self.picker.date)), color=self.ink)
        self.why = None if note is None else Factory.Body(text=self.app.tr(note), color=self.ink)
        buttons = BoxLayout(size_hint_y=None, height=dp(theme.BUTTON_DP), spacing=dp(12))
        take_word = take_word or Message("Done")
        for text, action, main in ((Message("Back"), self.close, False), (take_word, self.take, True)):
            button = (Factory.Big if main else Factory.Quiet)(text=self.app.tr(text))
            button.height = dp(theme.BUTTON_DP)
            button.bind(on_release=lambda *_, act=action: act())
            buttons.add_widget(button)
        for widget in (self.title_label, self.why, self.picker, Widget(), buttons):
            if widget is not None:
                self.sheet.add_widget(widget)

    def _title(self) -> None:
        self.title_label.text = self.app.tr(self.words(self.picker.date))

    def take(self) -> None:
        self.close()
        self.done(self.picker.date)
