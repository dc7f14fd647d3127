"""The small typed input events ``hardware`` produces. Nothing here knows a game.

Players are seat numbers 1..6 and buttons 1..6 (the action card numbers printed on the panel).
Times are ``time.monotonic()`` seconds at the moment the edge or line was seen.

A pressed button is a secret until the session reveals the picks: ``repr`` and ``str`` of a
button event never show the button, so a log line or an exception message cannot leak it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ButtonSource = Literal["gpio", "keyboard"]
Die = Literal["number", "special"]
RollSource = Literal["serial", "screen", "typed", "bluetooth"]
DeviceKind = Literal["panel", "dice"]


@dataclass(frozen=True, slots=True)
class ButtonPressed:
    player: int
    button: int = field(repr=False)
    source: ButtonSource
    at: float

    def __repr__(self) -> str:
        return f"ButtonPressed(player={self.player}, button=<hidden>, source={self.source!r})"

    __str__ = __repr__


@dataclass(frozen=True, slots=True)
class ButtonReleased:
    player: int
    button: int = field(repr=False)
    source: ButtonSource
    at: float

    def __repr__(self) -> str:
        return f"ButtonReleased(player={self.player}, button=<hidden>, source={self.source!r})"

    __str__ = __repr__


@dataclass(frozen=True, slots=True)
class DieRolling:
    """The die is tumbling: no value yet."""

    device: str
    die: Die
    at: float


@dataclass(frozen=True, slots=True)
class DieSettled:
    """A roll to use: ``face`` 1..6. The special die's faces map to sack/castle by a table setting."""

    device: str
    die: Die
    face: int
    source: RollSource
    at: float


@dataclass(frozen=True, slots=True)
class DieTilted:
    """The die came to rest on an edge or was picked up: the table must roll again."""

    device: str
    die: Die
    at: float


@dataclass(frozen=True, slots=True)
class DeviceConnected:
    device: str
    kind: DeviceKind
    detail: str
    at: float


@dataclass(frozen=True, slots=True)
class DeviceLost:
    device: str
    kind: DeviceKind
    reason: str
    at: float


@dataclass(frozen=True, slots=True)
class DeviceBattery:
    """A device told its battery: ``level`` in percent (None: not told), ``low`` when it should be
    charged soon, ``charging`` while it is on its charger."""

    device: str
    kind: DeviceKind
    level: int | None
    low: bool
    charging: bool
    at: float


InputEvent = (
    ButtonPressed | ButtonReleased | DieRolling | DieSettled | DieTilted | DeviceConnected | DeviceLost | DeviceBattery
)
