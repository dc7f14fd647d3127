"""Pixels (Systemic Games) below the radio: its notifications turned into the project's events.

The published protocol (GameWithPixels' pixels-js, ``packages/pixels-core-connect``; the ``nat20``
package on PyPI): a die of the current firmware offers the service ``a6b90001-...``, notifies on
``a6b90002-...`` and is written to on ``a6b90003-...``; an older firmware offers Nordic's UART
service and notifies on ``6e400001-...``, written to on ``6e400002-...``. Every message starts
with its type byte; the two this adapter uses:

- ``RollState`` (3): state, face index (0-based: a D6's face is the index + 1). States: 0 unknown,
  1 rolled (the older firmware: on a face), 2 handling (in a hand), 3 rolling, 4 crooked (at rest
  on no face), 5 on a face without a proper roll (current firmware);
- ``BatteryLevel`` (34): percent, state (0 ok, 1 low, 2 charging, 3 done, 4 bad charging, 5 error).

A roll counts only after the die was seen rolling; picked up in between (handling) it may still
be thrown. Crooked after a roll, or at rest without a proper roll after one (picked up and put
down), voids the roll: the table asks to roll again. Messages it sends that the table needs not
(its identity, telemetry, logs, acknowledgements) are used for nothing and not counted as dropped.
"""

from __future__ import annotations

from collections.abc import Callable

from hardware.dice.bluetooth.adapter import NONE, Adapter, Events
from hardware.dice.bluetooth.common import Kind

NOTIFY = "a6b90002-7a5a-43f2-a962-350c8edc9b5b"
WRITE = "a6b90003-7a5a-43f2-a962-350c8edc9b5b"
LEGACY_NOTIFY = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
LEGACY_WRITE = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"

ROLL_STATE = 3
BATTERY_LEVEL = 34
REQUEST_ROLL_STATE = bytes([23])
REQUEST_BATTERY_LEVEL = bytes([33])
UNUSED = {2, 4, 6, 8, 10, 11, 13, 14, 16, 17, 18, 20, 22, 30, 32, 36, 39}
"""Messages a die sends that carry nothing for the table: its identity, telemetry, acknowledgements,
debug logs, animation events, RSSI, a question for its own app."""

UNKNOWN, ROLLED, HANDLING, ROLLING, CROOKED, ON_FACE = range(6)
OK, LOW, CHARGING, DONE = range(4)


class PixelsAdapter(Adapter):
    kind: Kind = "pixels"
    notify = NOTIFY
    write = WRITE

    def channels(self, offered: Callable[[str], bool]) -> tuple[str, str]:
        """The current firmware's characteristics when the die offers them, else the older ones."""
        return (NOTIFY, WRITE) if offered(NOTIFY) else (LEGACY_NOTIFY, LEGACY_WRITE)

    def on_connect(self) -> tuple[bytes, ...]:
        return (REQUEST_ROLL_STATE, REQUEST_BATTERY_LEVEL)

    def ask_battery(self) -> bytes | None:
        return REQUEST_BATTERY_LEVEL

    def feed(self, data: bytes | bytearray, at: float) -> Events:
        data = bytes(data)
        if not data:
            self.counts.drop("empty")
            return NONE
        kind = data[0]
        if kind in UNUSED:
            return NONE
        if kind not in (ROLL_STATE, BATTERY_LEVEL):
            self.counts.drop("unknown")
            return NONE
        if len(data) < 3:
            self.counts.drop("short")
            return NONE
        if kind == BATTERY_LEVEL:
            level, state = data[1], data[2]
            if level > 100 or state > 10:
                self.counts.drop("unknown")
                return NONE
            charging = state in (CHARGING, DONE)
            low = state == LOW or (level <= self.low_battery and not charging)
            return self._battery(level, at, low=low, charging=charging)
        state, index = data[1], data[2]
        if state == ROLLING:
            return self._rolls(at)
        if state == ROLLED:
            return self._settles(index + 1, at)
        if state == CROOKED:
            return self._void(at)
        if state == ON_FACE:
            return self._void(at, drop_at_rest=False)
        if state in (UNKNOWN, HANDLING):
            self.counts.accepted += 1
            return NONE
        self.counts.drop("unknown")
        return NONE
