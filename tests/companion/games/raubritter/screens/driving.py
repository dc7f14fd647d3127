"""Playing Raubritter by touch in a test's window: the new-game form opened, a birthday set on it."""

from __future__ import annotations

import datetime
from typing import Any

from tests.companion.app.touch import say, tap_in

# The birthdays the sessions tap: red and yellow born on the same day.
BIRTHDAYS = {
    "red": datetime.date(1987, 3, 14),
    "blue": datetime.date(1990, 5, 2),
    "yellow": datetime.date(1987, 3, 14),
    "green": datetime.date(2012, 7, 30),
}


def birthday(app: Any, driver: Any, form: Any, colour: str, day: datetime.date) -> None:
    """``colour``'s birthday button tapped, the picker set to ``day``, and "Done"."""
    tap_in(driver, form, form.seating.birthday_buttons[colour])
    pick(driver, day)
    driver.tap(say(app, "Done"))
    driver.until(lambda: form.birthdays.get(colour) == day, what=f"{colour}'s birthday in the form")


def open_form(app: Any, driver: Any) -> Any:
    """The new-game screen from the start screen, Raubritter chosen: its form."""
    if app.root.manager.current != "start":
        app.goto("start")  # as the bottom bar's "Menu" does
    driver.tap(say(app, "New game"))
    driver.tap("Raubritter")
    return app.screen("new").form


def pick(driver: Any, day: datetime.date) -> None:
    """The open date picker set to ``day`` by four taps: decade, year, month, day."""
    picker = picker_dialog().picker
    driver.tap(picker.decade_buttons[picker.decades.index(day.year // 10 * 10)])
    driver.tap(picker.year_buttons[day.year % 10])
    driver.tap(picker.month_buttons[day.month - 1])
    driver.tap(picker.day_buttons[day.day - 1])
    assert picker.date == day, (picker.date, day)


def picker_dialog() -> Any:
    from kivy.core.window import Window

    from companion.app.pieces.date import DateDialog

    found = [w for w in Window.children if isinstance(w, DateDialog) and w._is_open]
    assert len(found) == 1, found
    return found[0]
