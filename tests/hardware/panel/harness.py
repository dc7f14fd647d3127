"""Test helpers: a clock the test moves by hand, an event recorder, and a wired 6x6 key matrix on mock pins."""

from __future__ import annotations

import threading
import time

from gpiozero.pins.mock import MockFactory, MockPin

from hardware.events import ButtonPressed, ButtonReleased
from tests.hardware.collector import Collector
from tests.support.waiting import WAIT


class FakeClock:
    """``time.monotonic`` stand-in that only moves when the test says so."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Recorder(Collector):
    """A collector with the button events spelled out, and a wait for a number of them."""

    def buttons(self) -> list[tuple[str, int, int]]:
        """The button events as ("press"/"release", player, button)."""
        with self._changed:
            return [
                ("press" if isinstance(e, ButtonPressed) else "release", e.player, e.button)
                for e in self.events
                if isinstance(e, ButtonPressed | ButtonReleased)
            ]

    def wait_for_buttons(self, count: int, timeout: float = WAIT) -> list[tuple[str, int, int]]:
        deadline = time.monotonic() + timeout
        with self._changed:
            while len(self.buttons()) < count and time.monotonic() < deadline:
                self._changed.wait(deadline - time.monotonic())
        return self.buttons()

    def kinds(self) -> list[str]:
        with self._changed:
            return [type(e).__name__ for e in self.events]


class _RowPin(MockPin):
    """A mock row output that tells the matrix harness whenever its level changes."""

    def __init__(self, factory, info, harness: MatrixHarness) -> None:
        self.harness = harness
        super().__init__(factory, info)

    def _change_state(self, value):
        changed = super()._change_state(value)
        if changed:
            self.harness.update()
        return changed


class MatrixHarness:
    """Switches with diodes between mock row and column pins (active low, as in the default wiring).

    A column reads low when a pressed key joins it to a row that is driven low; keys of rows
    driven high do nothing, as the diodes block them. Create it before the panel, then call
    :meth:`update` once the panel has configured its pins.
    """

    def __init__(self, factory: MockFactory, rows: dict[int, int], columns: list[int]) -> None:
        self.factory = factory
        self.rows = rows
        self.columns = columns
        self.pressed: set[tuple[int, int]] = set()
        self.lock = threading.RLock()
        self.row_pins = {player: factory.pin(pin, pin_class=_RowPin, harness=self) for player, pin in rows.items()}
        self.column_pins = [factory.pin(pin) for pin in columns]

    def press(self, player: int, button: int) -> None:
        with self.lock:
            self.pressed.add((player, button))
            self.update()

    def release(self, player: int, button: int) -> None:
        with self.lock:
            self.pressed.discard((player, button))
            self.update()

    def update(self) -> None:
        with self.lock:
            driven = {player for player, row in self.row_pins.items() if row.function == "output" and not row.state}
            low = {button for player, button in self.pressed if player in driven}
            for button, column in enumerate(self.column_pins, start=1):
                if column.function != "input":
                    continue
                if button in low:
                    if column.state:
                        column.drive_low()
                elif not column.state and column.pull == "up":
                    column.drive_high()
