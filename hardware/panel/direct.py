"""Direct wiring: one GPIO per button, for small tables (two players need 12 pins).

Each button is a gpiozero ``DigitalInputDevice`` made with the injected pin factory. Its edges go
through our :class:`~hardware.panel.debounce.ButtonDebouncer`, and a small thread runs the
debounce window-end check when one is due.

Threads: the sink is called on the pin factory's callback thread (with the mock factory, the
thread that called ``drive_low()``) or on the window thread. A UI must hand events to its own
main thread (Kivy: ``Clock.schedule_once`` or ``@mainthread``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gpiozero import DigitalInputDevice

from hardware.events import DeviceConnected, DeviceLost
from hardware.panel.debounce import ButtonDebouncer, Clock, Sink


class DirectPanel:
    """Buttons wired one pin each. ``start()`` begins reporting, ``stop()`` ends it, ``close()`` frees the pins."""

    def __init__(
        self,
        pins: Mapping[int, Sequence[int]],
        sink: Sink,
        *,
        pin_factory: Any,
        debounce_s: float = 0.02,
        active_low: bool = True,
        clock: Clock = time.monotonic,
        window_thread: bool = True,
        device: str = "panel",
    ) -> None:
        """``pins`` maps a player to the pins of buttons 1..6. With ``window_thread=False`` nothing runs
        the window-end check on its own: call :meth:`settle` (tests with a fake clock do)."""
        self.device = device
        self._sink = sink
        self._clock = clock
        self._buttons = ButtonDebouncer(sink, debounce_s, clock=clock)
        self._window_thread = window_thread
        self._inputs: dict[tuple[int, int], DigitalInputDevice] = {}
        self._wakeup = threading.Condition(self._buttons.lock)
        self._running = False
        self._thread: threading.Thread | None = None
        try:
            for player, player_pins in sorted(pins.items()):
                for button, pin in enumerate(player_pins, start=1):
                    self._inputs[player, button] = DigitalInputDevice(pin, pull_up=active_low, pin_factory=pin_factory)
        except BaseException:  # whatever stops it (a pin in use, no GPIO), the pins claimed are released
            self.close()
            raise

    @property
    def running(self) -> bool:
        return self._running

    def start(self) -> None:
        """Report DeviceConnected, then the buttons already down, then every debounced change."""
        if self._running:
            return
        self._running = True
        self._sink(DeviceConnected(self.device, "panel", f"direct wiring, {len(self._inputs)} buttons", self._clock()))
        for (player, button), device in self._inputs.items():
            device.when_activated = self._edge_handler(player, button, True)
            device.when_deactivated = self._edge_handler(player, button, False)
            self._buttons.observe(player, button, device.is_active)
        if self._window_thread:
            self._thread = threading.Thread(target=self._watch_windows, name="panel-direct-debounce", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop reporting: release whatever is still down, then report DeviceLost. The thread is joined."""
        if not self._running:
            return
        for device in self._inputs.values():
            device.when_activated = None
            device.when_deactivated = None
        with self._wakeup:
            self._running = False
            self._wakeup.notify_all()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self._buttons.release_all()
        self._sink(DeviceLost(self.device, "panel", "stopped", self._clock()))

    def close(self) -> None:
        """Stop and free the pins."""
        self.stop()
        for device in self._inputs.values():
            device.close()
        self._inputs.clear()

    def settle(self, now: float | None = None) -> None:
        """Run the debounce window-end check now (the window thread does this by itself)."""
        self._buttons.settle(now)

    def _edge_handler(self, player: int, button: int, down: bool) -> Callable[[], None]:
        def edge() -> None:
            with self._wakeup:
                if self._running:
                    self._buttons.observe(player, button, down)
                    self._wakeup.notify()

        return edge

    def _watch_windows(self) -> None:
        with self._wakeup:
            while self._running:
                due = self._buttons.next_check()
                wait = None if due is None else due - self._clock()
                if wait is not None and wait <= 0:
                    self._buttons.settle()
                else:
                    self._wakeup.wait(wait)

    def __enter__(self) -> DirectPanel:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "running" if self._running else "stopped"
        return f"DirectPanel(device={self.device!r}, buttons={len(self._inputs)}, {state})"
