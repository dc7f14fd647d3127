"""The keyboard as the button panel, for a desktop without GPIO.

Default keys (``config.DEFAULT_KEYS``; buttons 1..6 in order)::

    player 1:  1 2 3 4 5 6        player 5:  7 8 9    (buttons 1-3)
    player 2:  q w e r t y                   u i o    (buttons 4-6)
    player 3:  a s d f g h        player 6:  j k l    (buttons 1-3)
    player 4:  z x c v b n                   m , .    (buttons 4-6)

Key names are what Kivy reports as the second item of a keycode (``"q"``, ``","``), compared in
lower case. The UI binds ``Window.on_key_down``/``on_key_up`` to :meth:`KeyboardPanel.key_down`
and :meth:`KeyboardPanel.key_up`; this module does not import Kivy. Events reach the sink on the
thread that calls those methods (for Kivy, the main thread).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping, Sequence

from hardware.events import ButtonPressed, ButtonReleased, DeviceConnected, DeviceLost
from hardware.panel.config import DEFAULT_KEYS
from hardware.panel.debounce import Clock, Sink


class KeyboardPanel:
    """Keys to button events (source ``"keyboard"``). Keys count only between ``start()`` and ``stop()``."""

    def __init__(
        self,
        sink: Sink,
        keys: Mapping[int, Sequence[str]] = DEFAULT_KEYS,
        *,
        clock: Clock = time.monotonic,
        device: str = "keyboard",
    ) -> None:
        """``keys`` maps a player to the names of the keys for buttons 1..6."""
        self.device = device
        self._sink = sink
        self._clock = clock
        self._buttons: dict[str, tuple[int, int]] = {}
        for player, names in keys.items():
            if len(names) != 6:
                raise ValueError(f"player {player} needs 6 keys, one for each button")
            for button, name in enumerate(names, start=1):
                if name.lower() in self._buttons:
                    raise ValueError(f"key {name!r} is given to two buttons")
                self._buttons[name.lower()] = (player, button)
        self._down: set[str] = set()
        self._lock = threading.Lock()
        self._running = False

    @property
    def running(self) -> bool:
        return self._running

    @property
    def keys(self) -> dict[int, tuple[str, ...]]:
        """Each player's keys for buttons 1..6, as the screen shows them."""
        seats: dict[int, list[str]] = {}
        for name, (player, _button) in sorted(self._buttons.items(), key=lambda item: item[1]):
            seats.setdefault(player, []).append(name)
        return {player: tuple(names) for player, names in sorted(seats.items())}

    def start(self) -> None:
        with self._lock:
            if self._running:
                return
            self._running = True
            players = len({player for player, _ in self._buttons.values()})
            self._sink(DeviceConnected(self.device, "panel", f"keyboard, {players} players", self._clock()))

    def stop(self) -> None:
        """Release the keys still down, then report DeviceLost."""
        with self._lock:
            if not self._running:
                return
            self._running = False
            now = self._clock()
            for name in sorted(self._down):
                player, button = self._buttons[name]
                self._sink(ButtonReleased(player, button, "keyboard", now))
            self._down.clear()
            self._sink(DeviceLost(self.device, "panel", "stopped", now))

    close = stop

    def key_down(self, name: str) -> bool:
        """A key went down; True if it is a panel key (then the UI should not use it for anything else).
        A key that is already down (the keyboard's auto-repeat) sends nothing again."""
        return self._key(name, True)

    def key_up(self, name: str) -> bool:
        """A key came up; True if it is a panel key."""
        return self._key(name, False)

    def _key(self, name: str, down: bool) -> bool:
        name = name.lower()
        key = self._buttons.get(name)
        if key is None:
            return False
        with self._lock:
            if not self._running or (name in self._down) == down:
                return True
            if down:
                self._down.add(name)
            else:
                self._down.discard(name)
            event = ButtonPressed if down else ButtonReleased
            self._sink(event(key[0], key[1], "keyboard", self._clock()))
        return True

    def __enter__(self) -> KeyboardPanel:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "running" if self._running else "stopped"
        return f"KeyboardPanel(device={self.device!r}, keys={len(self._buttons)}, {state})"
