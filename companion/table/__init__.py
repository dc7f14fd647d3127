"""The table: one object per running game that turns the screens' and the hardware's input into
commands for the session, and tells the screens what the game awaits and what just happened.
No Kivy here; see docs/table.md.

The notices and the game protocol are light; ``Table``, ``Awaited`` and ``HardwareStatus`` bring
the session and the hardware layer with them and are imported when first asked for, so that a
screen can name the notices without paying for the rest at start-up."""

from typing import Any

from companion.table.game import Rolled, RollWanted, TableGame
from companion.table.notices import (
    ChoiceInterrupted,
    ChoiceOpened,
    DeviceChanged,
    Happened,
    LockedIn,
    Moved,
    Notice,
    PicksCleared,
    PressIgnored,
    Refused,
    RollCalled,
    Rolling,
    RollKept,
    StepHeld,
)

_LAZY = {
    "Table": "companion.table.table",
    "Awaited": "companion.table.table",
    "HardwareStatus": "companion.table.devices",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'companion.table' has no attribute {name!r}")


__all__ = [
    "Awaited",
    "ChoiceInterrupted",
    "ChoiceOpened",
    "DeviceChanged",
    "Happened",
    "HardwareStatus",
    "LockedIn",
    "Moved",
    "Notice",
    "PicksCleared",
    "PressIgnored",
    "Refused",
    "RollCalled",
    "RollKept",
    "Rolled",
    "RollWanted",
    "Rolling",
    "StepHeld",
    "Table",
    "TableGame",
]
