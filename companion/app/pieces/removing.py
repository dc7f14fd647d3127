"""A stick's row in the file dialogs, with "Remove safely" beside it (a mixin of
:class:`companion.app.pieces.files.Places`).

A stick mounted by this device (:class:`~companion.app.pieces.sticks.Sticks`) is a row of two
buttons: the stick by its name and free space (a tap goes there), and "Remove safely". That tap
flushes the stick and asks for it to be unmounted; the row says "Removing …" with both buttons
greyed, and the dialog looks every fifth of a second how it goes. Then the places are shown anew:
the stick gone and "STICK can be pulled out now." above them, or, in red, why it stays in.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from companion.app import theme
from companion.app.pieces.sticks import IN_USE, NO_HELPER, REMOVED, WAITING, Removal, Sticks
from companion.i18n import Message, Text
from companion.results.drives import Drive

LOOK_EVERY = 0.2
"""Seconds between two looks at a removal under way."""


class SafeRemoval:
    """The stick rows and their removal; the class using it is a Dialog with ``show()`` (its
    places page), ``_button(text, folder, main=)`` and ``problem``."""

    sticks: Sticks
    removal: Removal | None
    removed: Text | None
    problem: Any  # the Dialog's: the problem it shows

    def stick_row(self, drive: Drive) -> Any:
        """``drive``'s row: the stick, and "Remove safely" (or "Removing …" while it goes)."""
        going = self.removal is not None and self.removal.drive.path == drive.path
        row = BoxLayout(size_hint_y=None, height=dp(theme.BUTTON_DP), spacing=dp(8))
        row.folder = drive.path
        place = self._button(drive.words(), drive.path, main=True)  # type: ignore[attr-defined]
        place.size_hint_x = 0.64
        remove = Factory.Quiet(text=self.app.tr(Message("Removing …") if going else Message("Remove safely")))  # type: ignore[attr-defined]
        remove.height = dp(theme.BUTTON_DP)
        remove.size_hint_x = 0.36
        remove.folder = drive.path
        remove.removes = True
        remove.bind(on_release=lambda *_: self.remove_stick(drive))
        place.disabled = remove.disabled = self.removal is not None
        row.add_widget(place)
        row.add_widget(remove)
        return row

    def remove_stick(self, drive: Drive) -> None:
        """Flush ``drive`` and ask for its unmount; the places show how it goes."""
        if self.removal is not None:
            return
        self.removed = None
        self.removal = self.sticks.remove(drive)
        if self.removal.state() == WAITING:
            Clock.schedule_interval(self._look, LOOK_EVERY)
        else:
            self._finished(self.removal)
            return
        self.show()  # type: ignore[attr-defined]

    def _look(self, _dt: float) -> bool:
        removal = self.removal
        if removal is None:
            return False
        if removal.state() == WAITING:
            return True
        self._finished(removal)
        return False

    def _finished(self, removal: Removal) -> None:
        self.removal = None
        name = removal.drive.label
        state = removal.state()
        if state == REMOVED:
            self.removed = Message("{drive} can be pulled out now.", drive=name)
        elif state == IN_USE:
            self.problem = Message(
                "{drive} is still in use and stays in: wait a moment, then tap Remove safely again.", drive=name
            )
        elif state == NO_HELPER:
            self.problem = Message("{drive} could not be unmounted here, but everything is written to it.", drive=name)
        else:
            self.problem = Message(
                "{drive} could not be flushed ({problem}): leave it in and try again.", drive=name, problem=removal.why
            )
        self.show()  # type: ignore[attr-defined]

    def stop_looking(self) -> None:
        """The dialog closes: no more looks (the removal itself goes on without it)."""
        Clock.unschedule(self._look)
        self.removal = None
