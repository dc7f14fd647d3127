"""What both kinds of smart die share below the radio: a roll counts only after the die was seen
rolling (as the serial reader's ``SETTLED`` counts only after ``ROLLING``), a battery is told once
for each change, and every notification is counted, used or dropped by reason.

An adapter is one die's connection: :meth:`Adapter.feed` takes the bytes of one notification and
gives the events they make (maybe none); :meth:`Adapter.reset` forgets a roll in the air when the
die reconnects. No radio, no thread: the source calls it on its loop, the tests with bytes.
"""

from __future__ import annotations

from collections.abc import Callable

from hardware.dice.bluetooth.common import LOW_BATTERY, Counts, Kind
from hardware.events import DeviceBattery, Die, DieRolling, DieSettled, DieTilted, InputEvent

Events = tuple[InputEvent, ...]
NONE: Events = ()


class Adapter:
    """The part of a die's adapter that knows no protocol. ``device`` names the die in its events,
    ``die`` is the game's die it rolls as."""

    kind: Kind
    notify: str
    """The characteristic the die notifies on (see :meth:`channels`)."""
    write: str

    def __init__(self, device: str, die: Die, *, low_battery: int = LOW_BATTERY) -> None:
        self.device = device
        self.die = die
        self.low_battery = low_battery
        self.counts = Counts()
        self.battery: int | None = None
        self.battery_low = False
        self.charging = False
        self._told: tuple[int | None, bool, bool] | None = None
        self._rolling = False

    def reset(self) -> None:
        """A new connection: no die in the air."""
        self._rolling = False

    def channels(self, offered: Callable[[str], bool]) -> tuple[str, str]:
        """The characteristics to listen on and to write to, given which ones the die offers."""
        return self.notify, self.write

    def on_connect(self) -> tuple[bytes, ...]:
        """What to write once connected (questions whose answers come as notifications)."""
        return ()

    def ask_battery(self) -> bytes | None:
        """What to write to hear the battery again, or None when the die tells it unasked."""
        return None

    def feed(self, data: bytes | bytearray, at: float) -> Events:
        raise NotImplementedError  # pragma: no cover - each kind has its own

    # -- for the kinds

    def _rolls(self, at: float) -> Events:
        self.counts.accepted += 1
        if self._rolling:
            return NONE
        self._rolling = True
        return (DieRolling(self.device, self.die, at),)

    def _settles(self, face: int | None, at: float) -> Events:
        """The die came to rest after a roll on ``face`` (None: no face up that can be told)."""
        if not self._rolling:
            self.counts.drop("not-rolled")
            return NONE
        self._rolling = False
        if face is None or not 1 <= face <= 6:
            self.counts.drop("face")
            return NONE
        self.counts.accepted += 1
        return (DieSettled(self.device, self.die, face, "bluetooth", at),)

    def _void(self, at: float, *, drop_at_rest: bool = True) -> Events:
        """The roll ended without a face to use (tilted, picked up, a fake roll): roll again."""
        if not self._rolling:
            if drop_at_rest:
                self.counts.drop("not-rolled")
            else:
                self.counts.accepted += 1
            return NONE
        self._rolling = False
        self.counts.accepted += 1
        return (DieTilted(self.device, self.die, at),)

    def _battery(self, level: int, at: float, *, low: bool | None = None, charging: bool = False) -> Events:
        self.counts.accepted += 1
        self.battery = max(0, min(100, level))
        self.charging = charging
        self.battery_low = (self.battery <= self.low_battery and not charging) if low is None else low
        told = (self.battery, self.battery_low, self.charging)
        if told == self._told:
            return NONE
        self._told = told
        return (DeviceBattery(self.device, "dice", self.battery, self.battery_low, self.charging, at),)
