"""One LED per player: lit while that player is locked in, a short blink for a refused press.

:class:`PlayerLeds` listens to :class:`~hardware.panel.selection.SecretPicks` notifications, which
never name a button, so what a LED shows cannot depend on which button was pressed. The blink
pattern is the same for every refusal; afterwards the LED goes back to lit or dark as before.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gpiozero import LED

from hardware.panel.selection import PicksCleared, PicksLocked, PicksNotification, PressRefused, RoundReset


@dataclass(frozen=True, slots=True)
class BlinkPattern:
    """``times`` flashes of ``on_s`` lit and ``off_s`` dark."""

    on_s: float = 0.1
    off_s: float = 0.1
    times: int = 3

    @property
    def duration_s(self) -> float:
        return self.times * (self.on_s + self.off_s)


class PlayerLeds:
    """The players' LEDs (gpiozero ``LED``, injected pin factory). Thread-safe; call :meth:`close` at the end."""

    def __init__(
        self,
        pins: Mapping[int, int],
        *,
        pin_factory: Any,
        active_high: bool = True,
        blink: BlinkPattern = BlinkPattern(),
    ) -> None:
        self.blink_pattern = blink
        self._lock = threading.RLock()
        self._leds: dict[int, LED] = {}
        self._lit: dict[int, bool] = {}
        self._generation: dict[int, int] = {}
        self._blinks: dict[int, tuple[threading.Thread, threading.Event]] = {}
        self._threads: list[threading.Thread] = []  # every blink thread not yet known to have ended
        try:
            for player, pin in sorted(pins.items()):
                self._leds[player] = LED(pin, active_high=active_high, initial_value=False, pin_factory=pin_factory)
                self._lit[player] = False
                self._generation[player] = 0
        except BaseException:  # whatever stops it (a pin in use, no GPIO), the pins claimed are released
            self.close()
            raise

    def __call__(self, notification: PicksNotification) -> None:
        """Use the object itself as a :class:`SecretPicks` listener."""
        self.notify(notification)

    def notify(self, notification: PicksNotification) -> None:
        if isinstance(notification, PicksLocked):
            self.set_lit(notification.player, True)
        elif isinstance(notification, PicksCleared):
            self.set_lit(notification.player, False)
        elif isinstance(notification, PressRefused):
            self.blink(notification.player)
        elif isinstance(notification, RoundReset):
            for player in list(self._leds):
                self.set_lit(player, False)

    def set_lit(self, player: int, lit: bool) -> None:
        """Light or darken the player's LED now (a blink in progress ends). Players without an LED are ignored."""
        with self._lock:
            if player not in self._leds:
                return
            self._lit[player] = lit
            self._end_blink(player)
            self._show(player, lit)

    def blink(self, player: int) -> None:
        """Blink the player's LED once through the pattern, then show lit/dark as before."""
        with self._lock:
            if player not in self._leds:
                return
            self._end_blink(player)
            cancelled = threading.Event()
            thread = threading.Thread(
                target=self._run_blink,
                args=(player, self._generation[player], cancelled),
                name=f"panel-led-{player}",
                daemon=True,
            )
            self._blinks[player] = (thread, cancelled)
            self._threads = [started for started in self._threads if started.is_alive()]
            self._threads.append(thread)
            thread.start()

    def is_lit(self, player: int) -> bool:
        """Whether the player's LED is meant to be lit (between blinks)."""
        with self._lock:
            return self._lit.get(player, False)

    def wait_idle(self, timeout: float | None = None) -> None:
        """Wait until no blink thread runs any more (for tests and shutdown), also one whose blink
        was already ended or has shown its last step."""
        with self._lock:
            threads = list(self._threads)
        for thread in threads:
            thread.join(timeout)

    def close(self) -> None:
        """Stop blinking, wait for the blink threads, darken and free the pins."""
        with self._lock:
            threads = list(self._threads)
            for player in list(self._blinks):
                self._end_blink(player)
            for led in self._leds.values():
                led.close()
            self._leds.clear()
        for thread in threads:
            thread.join()

    def _run_blink(self, player: int, generation: int, cancelled: threading.Event) -> None:
        """The blink thread: each step is written only while no newer state has replaced the blink."""
        pattern = self.blink_pattern
        steps = [(True, pattern.on_s), (False, pattern.off_s)] * pattern.times
        for lit, seconds in steps:
            with self._lock:
                if self._generation.get(player) != generation or player not in self._leds:
                    return
                self._show(player, lit)
            if cancelled.wait(seconds):
                return
        with self._lock:
            if self._generation.get(player) == generation and player in self._leds:
                self._blinks.pop(player, None)
                self._show(player, self._lit[player])

    def _end_blink(self, player: int) -> None:
        self._generation[player] += 1
        blink = self._blinks.pop(player, None)
        if blink is not None:
            blink[1].set()

    def _show(self, player: int, lit: bool) -> None:
        led = self._leds[player]
        if lit:
            led.on()
        else:
            led.off()

    def __repr__(self) -> str:
        return f"PlayerLeds(players={sorted(self._leds)})"
