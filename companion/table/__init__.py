"""The table: one object per running game that turns the screens' and the hardware's input into
commands for the session, and tells the screens what the game awaits and what just happened.
No Kivy here; see docs/table.md."""

from companion.table.devices import HardwareStatus
from companion.table.game import RollWanted, TableGame
from companion.table.notices import (
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
)
from companion.table.table import Awaited, Table

__all__ = [
    "Awaited",
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
    "RollWanted",
    "Rolling",
    "Table",
    "TableGame",
]
