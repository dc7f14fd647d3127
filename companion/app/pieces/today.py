"""Asking the table which day today is, while the device's clock may be wrong
(:mod:`companion.clock`): the date picker on a sheet of its own (:class:`DateDialog`), the
clock's day chosen at first, the question with the date chosen as its title, a line on why it is
asked, "Back" and "That's right"."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from companion.app.pieces.date import DateDialog, date_words
from companion.i18n import Message


class TodayDialog(DateDialog):
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
        super().__init__(
            None,
            clock_day,
            done,
            today=latest,
            earliest=earliest,
            words=lambda day: Message("Is today {date}?", date=date_words(day)),
            note=Message("The clock of this device may be wrong."),
            take_word=Message("That's right"),
            **kwargs,
        )
