"""GoDice (Particula) below the radio: its notifications turned into the project's events.

A GoDice speaks on Nordic's UART service: it notifies on ``6e400003-...`` and is written to on
``6e400002-...``. What it tells, as the makers' SDKs (the ``godice`` package on PyPI, their
JavaScript API) read it:

- ``R``: a roll started;
- ``S`` x y z: at rest after a proper roll, the accelerometer's axes as signed bytes (±64 is 1 g);
- ``TS`` x y z: at rest after a roll, but tilted (not flat on a face);
- ``FS`` x y z: at rest after a "fake" roll (turned by hand, slid);
- ``MS`` x y z: at rest after a small move (turned from one face to another);
- ``Bat`` level: the battery in percent, the answer to the byte 3;
- ``Col`` colour: the colour of its pips (0 black ... 5 orange), the answer to the byte 23.

The face up is the D6 face whose vector lies nearest to x y z; an axis reading far from every face
(a die in free fall, bytes that are no reading) gives no face. A roll counts only after ``R``;
a tilted, fake or moved rest after ``R`` voids the roll (the table asks to roll again).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from hardware.dice.bluetooth.adapter import NONE, Adapter, Events
from hardware.dice.bluetooth.common import LOW_BATTERY, Kind
from hardware.events import Die

NOTIFY = "6e400003-b5a3-f393-e0a9-e50e24dcca9e"
WRITE = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"
ASK_BATTERY = bytes([3])
ASK_COLOUR = bytes([23])
COLOURS = ("black", "red", "green", "blue", "yellow", "orange")

D6 = {1: (-64, 0, 0), 2: (0, 0, 64), 3: (0, 64, 0), 4: (0, -64, 0), 5: (0, 0, -64), 6: (64, 0, 0)}
"""Each face's axes when it lies on top, as the makers' SDKs give them."""
NEAR = 40.0
"""The farthest a reading may lie from a face's vector to count as that face (faces lie ~90 apart)."""

ROLLING = ord("R")
STABLE = ord("S")
VOIDING = {ord("T"): "tilted", ord("F"): "fake", ord("M"): "moved"}


def face(x: int, y: int, z: int) -> int | None:
    """The D6 face on top for an accelerometer reading, or None when no face lies near it."""
    found, distance = min(((f, math.dist((x, y, z), v)) for f, v in D6.items()), key=lambda item: item[1])
    return found if distance <= NEAR else None


def _signed(byte: int) -> int:
    return byte - 256 if byte > 127 else byte


class GoDiceAdapter(Adapter):
    kind: Kind = "godice"
    notify = NOTIFY
    write = WRITE

    def __init__(self, device: str, die: Die, *, low_battery: int = LOW_BATTERY) -> None:
        super().__init__(device, die, low_battery=low_battery)
        self.colour: str | None = None

    def channels(self, offered: Callable[[str], bool]) -> tuple[str, str]:
        return NOTIFY, WRITE

    def on_connect(self) -> tuple[bytes, ...]:
        return (ASK_COLOUR, ASK_BATTERY)

    def ask_battery(self) -> bytes | None:
        return ASK_BATTERY

    def feed(self, data: bytes | bytearray, at: float) -> Events:
        data = bytes(data)
        if not data:
            self.counts.drop("empty")
            return NONE
        first = data[0]
        if first == ROLLING:
            return self._rolls(at)
        if data[:3] in (b"Bat", b"Col") or (len(data) < 3 and (b"Bat".startswith(data) or b"Col".startswith(data))):
            return self._answer(data, at)
        if first == STABLE:
            if len(data) < 4:
                self.counts.drop("short")
                return NONE
            return self._settles(face(*(_signed(b) for b in data[1:4])), at)
        if first in VOIDING and len(data) >= 2 and data[1] == STABLE:
            if len(data) < 5:
                self.counts.drop("short")
                return NONE
            return self._void(at)
        if first in VOIDING and len(data) == 1:
            self.counts.drop("short")
            return NONE
        self.counts.drop("unknown")
        return NONE

    def _answer(self, data: bytes, at: float) -> Events:
        if len(data) < 4:
            self.counts.drop("short")
            return NONE
        if data[:3] == b"Bat":
            if data[3] > 100:
                self.counts.drop("unknown")
                return NONE
            return self._battery(data[3], at)
        if data[3] >= len(COLOURS):
            self.counts.drop("unknown")
            return NONE
        self.colour = COLOURS[data[3]]
        self.counts.accepted += 1
        return NONE
