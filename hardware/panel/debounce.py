"""Our own debounce. gpiozero's ``bounce_time`` is ignored by the mock pin factory, and lgpio's
debounce holds every press back by the whole debounce time; this one costs a press nothing.

The rule, per key:

* a change is reported at its first edge, so a press costs no extra latency;
* for ``window_s`` after a reported change, further edges are only remembered, not reported;
* when the window has ended, :meth:`Debouncer.settle` compares the last level seen with the level
  reported and reports the difference. A bounce that ends in the opposite state, or a short glitch
  that was reported, is corrected this way instead of being lost.

Time is passed in (or read from an injected clock), and the window-end check is a method the
driver calls, so all of this can be tested without sleeping.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from hardware.events import ButtonPressed, ButtonReleased, ButtonSource, InputEvent

Sink = Callable[[InputEvent], None]
Clock = Callable[[], float]
K = TypeVar("K", bound=Hashable)


@dataclass(slots=True)
class _KeyState:
    reported: bool = False
    level: bool = False
    window_end: float = float("-inf")


class Debouncer(Generic[K]):
    """Debounced up/down state of many keys. Not thread-safe: its owner holds a lock if needed.

    Every key starts reported as up (``False``); a key already down is reported by its first reading.
    """

    def __init__(self, window_s: float, clock: Clock = time.monotonic) -> None:
        if window_s < 0:
            raise ValueError("the debounce window cannot be negative")
        self.window_s = window_s
        self.clock = clock
        self._keys: dict[K, _KeyState] = {}
        self._unsettled: set[K] = set()

    def observe(self, key: K, level: bool, now: float | None = None) -> bool:
        """Take a reading or an edge of ``key``; True when it is a change to report now."""
        now = self.clock() if now is None else now
        state = self._keys.get(key)
        if state is None:
            state = self._keys[key] = _KeyState()
        state.level = level
        if level == state.reported:
            self._unsettled.discard(key)
            return False
        if now < state.window_end:
            self._unsettled.add(key)
            return False
        state.reported = level
        state.window_end = now + self.window_s
        self._unsettled.discard(key)
        return True

    def settle(self, now: float | None = None) -> list[tuple[K, bool]]:
        """The window-end check: report keys whose window is over and whose last level differs."""
        if not self._unsettled:
            return []
        now = self.clock() if now is None else now
        changes = []
        for key in list(self._unsettled):
            state = self._keys[key]
            if now >= state.window_end:
                self._unsettled.discard(key)
                state.reported = state.level
                state.window_end = now + self.window_s
                changes.append((key, state.level))
        return changes

    def next_check(self) -> float | None:
        """When :meth:`settle` next has something to do (clock time), or None if nothing is waiting."""
        return min((self._keys[key].window_end for key in self._unsettled), default=None)

    def is_down(self, key: K) -> bool:
        state = self._keys.get(key)
        return state is not None and state.reported

    def down(self) -> list[K]:
        """The keys reported down."""
        return [key for key, state in self._keys.items() if state.reported]

    def forget_all(self) -> list[K]:
        """Mark every key up and close every window; return the keys that were reported down."""
        was_down = self.down()
        self._keys.clear()
        self._unsettled.clear()
        return was_down

    def quiet(self) -> bool:
        """No key is down and no change waits for its window to end."""
        return not self._unsettled and not any(state.reported for state in self._keys.values())


class ButtonDebouncer:
    """A thread-safe :class:`Debouncer` over (player, button) keys that sends its changes as button events.

    The sink is called with the lock held, on whichever thread fed the reading, so events of one
    key always arrive in order. The sink must be quick and must not call back into this object.
    """

    def __init__(self, sink: Sink, window_s: float, *, source: ButtonSource = "gpio", clock: Clock = time.monotonic):
        self._sink = sink
        self._source: ButtonSource = source
        self._debouncer: Debouncer[tuple[int, int]] = Debouncer(window_s, clock)
        self.clock = clock
        self.lock = threading.RLock()

    def observe(self, player: int, button: int, down: bool, now: float | None = None) -> None:
        """Feed one edge or reading; a change that passes the debounce is sent to the sink."""
        with self.lock:
            now = self.clock() if now is None else now
            if self._debouncer.observe((player, button), down, now):
                self._send(player, button, down, now)

    def settle(self, now: float | None = None) -> None:
        """Run the window-end check and send any correction."""
        with self.lock:
            now = self.clock() if now is None else now
            for (player, button), down in self._debouncer.settle(now):
                self._send(player, button, down, now)

    def next_check(self) -> float | None:
        with self.lock:
            return self._debouncer.next_check()

    def quiet(self) -> bool:
        with self.lock:
            return self._debouncer.quiet()

    def release_all(self, now: float | None = None) -> None:
        """Send a release for every key still down and start afresh (used when a panel stops)."""
        with self.lock:
            now = self.clock() if now is None else now
            for player, button in sorted(self._debouncer.forget_all()):
                self._send(player, button, False, now)

    def _send(self, player: int, button: int, down: bool, now: float) -> None:
        event = ButtonPressed if down else ButtonReleased
        self._sink(event(player, button, self._source, now))

    def __repr__(self) -> str:
        return f"ButtonDebouncer(window_s={self._debouncer.window_s})"
