"""A diode key matrix: 36 buttons on 12 pins.

Rows (one per player) are outputs; columns (one per button) are inputs with pull-ups. A scan
drives one row at a time to its active level and reads every column: a column that reads active
has the button of that row pressed. The diode in series with every switch keeps a pressed button
of an undriven row from reaching the columns, so any number of buttons can be down at once
without ghost presses. Each key is debounced by :class:`~hardware.panel.debounce.ButtonDebouncer`.

The scanning thread does not poll while the panel is idle: when no key is down and no debounce
window waits for a check, it drives all rows at once and sleeps until a column changes (or
``idle_rescan_s`` passes, as a safety net). While a key is down it scans every
``scan_interval_s``. The sink is called on the scanning thread; a UI must hand events to its own
main thread (Kivy: ``Clock.schedule_once`` or ``@mainthread``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

from gpiozero import DigitalOutputDevice, InputDevice

from hardware.events import DeviceConnected, DeviceLost
from hardware.panel.debounce import ButtonDebouncer, Clock, Sink

log = logging.getLogger(__name__)


class MatrixPanel:
    """A scanned key matrix. ``scan_once()`` for tests; ``start()``/``stop()`` run and end the scanning thread."""

    def __init__(
        self,
        rows: Mapping[int, int],
        columns: Sequence[int],
        sink: Sink,
        *,
        pin_factory: Any,
        debounce_s: float = 0.02,
        active_low: bool = True,
        settle_s: float = 20e-6,
        scan_interval_s: float = 0.001,
        idle_rescan_s: float = 0.05,
        clock: Clock = time.monotonic,
        scan_thread: bool = True,
        device: str = "panel",
    ) -> None:
        """``rows`` maps a player to the pin of that player's row; ``columns`` are the pins of buttons 1..6.
        With ``scan_thread=False``, ``start()`` starts no thread: the owner calls :meth:`scan_once`
        (tests with a fake clock do)."""
        self.device = device
        self._sink = sink
        self._clock = clock
        self._buttons = ButtonDebouncer(sink, debounce_s, clock=clock)
        self._settle_s = settle_s
        self._scan_interval_s = scan_interval_s
        self._idle_rescan_s = idle_rescan_s
        self._scan_thread = scan_thread
        self._row_active = 0 if active_low else 1
        self._column_active = 0 if active_low else 1
        self._rows: list[tuple[int, DigitalOutputDevice]] = []
        self._columns: list[InputDevice] = []
        self._stopping = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._running = False
        self._finish_lock = threading.Lock()
        try:
            for player, pin in sorted(rows.items()):
                row = DigitalOutputDevice(pin, active_high=not active_low, initial_value=False, pin_factory=pin_factory)
                self._rows.append((player, row))
            for pin in columns:
                column = InputDevice(pin, pull_up=active_low, pin_factory=pin_factory)
                column.pin.edges = "both"
                self._columns.append(column)
        except BaseException:  # whatever stops it (a pin in use, no GPIO), the pins claimed are released
            self.close()
            raise
        self._row_pins = [(player, row.pin) for player, row in self._rows]
        self._column_pins = [column.pin for column in self._columns]
        self._last_states: list[list[object]] = []
        self._forget_states()

    @property
    def running(self) -> bool:
        return self._running

    def start(self) -> None:
        """Report DeviceConnected and start the scanning thread; its first scan reports buttons already down."""
        if self._running:
            return
        self._running = True
        self._stopping.clear()
        self._forget_states()
        detail = f"diode matrix, {len(self._rows)} rows x {len(self._columns)} columns"
        self._sink(DeviceConnected(self.device, "panel", detail, self._clock()))
        if self._scan_thread:
            self._thread = threading.Thread(target=self._run, name="panel-matrix-scan", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """End the scanning thread and wait for it; release whatever is still down; report DeviceLost."""
        thread, self._thread = self._thread, None
        if thread is not None:
            self._stopping.set()
            self._wake.set()
            thread.join()
        self._finish("stopped")

    def close(self) -> None:
        """Stop and free the pins."""
        self.stop()
        for _, row in self._rows:
            row.close()
        for column in self._columns:
            column.close()
        self._rows.clear()
        self._columns.clear()
        self._row_pins = []
        self._column_pins = []

    def scan_once(self) -> None:
        """Scan every row once, feed the debouncer, and run its window-end check. Not while the thread runs."""
        thread = self._thread
        if thread is not None and thread.is_alive() and threading.current_thread() is not thread:
            raise RuntimeError("scan_once() is for tests and the scanning thread; the thread is running")
        now = self._clock()
        row_idle = 1 - self._row_active
        for index, (player, row) in enumerate(self._row_pins):
            row.state = self._row_active
            if self._settle_s:
                _busy_wait(self._settle_s)
            states = [column.state for column in self._column_pins]
            row.state = row_idle
            before = self._last_states[index]
            if states != before:  # only changed keys go to the debouncer; settle() finishes pending ones
                self._last_states[index] = states
                for button, (old, new) in enumerate(zip(before, states, strict=True), start=1):
                    if old != new:
                        self._buttons.observe(player, button, new == self._column_active, now)
        self._buttons.settle(now)

    def _forget_states(self) -> None:
        """Take every key as up, so the next scan reports whatever is down."""
        idle = 1 - self._column_active
        self._last_states = [[idle] * len(self._column_pins) for _ in self._row_pins]

    def _run(self) -> None:
        try:
            while not self._stopping.is_set():
                self.scan_once()
                if self._buttons.quiet():
                    self._sleep_until_a_column_changes()
                else:
                    self._stopping.wait(self._scan_interval_s)
        except Exception as error:  # a GPIO failure ends the scan; the session hears DeviceLost
            log.exception("matrix scan failed")
            self._finish(f"scan failed: {error}")

    def _sleep_until_a_column_changes(self) -> None:
        """Drive every row, arm the column edges, and wait for one (any pressed key pulls its column)."""
        for _, row in self._row_pins:
            row.state = self._row_active
        self._wake.clear()
        for column in self._column_pins:
            column.when_changed = self._column_changed
        try:
            pressed = any(column.state == self._column_active for column in self._column_pins)
            if not pressed and not self._stopping.is_set():
                self._wake.wait(self._idle_rescan_s)
        finally:
            for column in self._column_pins:
                column.when_changed = None
            for _, row in self._row_pins:
                row.state = 1 - self._row_active

    def _column_changed(self, ticks: object, state: object) -> None:
        self._wake.set()

    def _finish(self, reason: str) -> None:
        """Once per start: release what is down and report DeviceLost."""
        with self._finish_lock:
            if not self._running:
                return
            self._running = False
        self._buttons.release_all()
        self._sink(DeviceLost(self.device, "panel", reason, self._clock()))

    def __enter__(self) -> MatrixPanel:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "running" if self._running else "stopped"
        return f"MatrixPanel(device={self.device!r}, rows={len(self._rows)}, columns={len(self._columns)}, {state})"


def _busy_wait(seconds: float) -> None:
    """Wait a few microseconds for the lines to settle (``time.sleep`` cannot wait this short)."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass
