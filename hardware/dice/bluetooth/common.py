"""What the Bluetooth dice share, without a radio and without asyncio: the kinds the app knows, a
die found by a search, a die paired as one of the table's dice, the state of each paired die, the
source's status, the counts of unused notifications, and how an advertisement tells the kind.

GoDice and Pixels both offer Nordic's UART service (``6e400001-...``; the newer Pixels firmware
its own, ``a6b90001-...``), so the service alone does not tell them apart: a GoDice advertises a
name starting with ``GoDice``, a Pixels die the Pixels service or Systemic Games' manufacturer
data (company 0x0D39; 0xFFFF on older firmware, with Device Information's service data).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from hardware.dice.reader import ReaderStatus
from hardware.events import Die

Kind = Literal["godice", "pixels"]
KINDS: tuple[Kind, ...] = ("godice", "pixels")
KIND_NAMES: dict[Kind, str] = {"godice": "GoDice", "pixels": "Pixels"}

NORDIC_UART = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
PIXELS_SERVICE = "a6b90001-7a5a-43f2-a962-350c8edc9b5b"
DEVICE_INFORMATION = "0000180a-0000-1000-8000-00805f9b34fb"
SYSTEMIC_GAMES = 0x0D39
PIXELS_LEGACY_COMPANY = 0xFFFF
LOW_BATTERY = 20
"""Percent at or below which a die's battery is said to run low (unless it is charging)."""


@dataclass(frozen=True, slots=True)
class FoundDie:
    """A die heard by a search: its address, its advertised name, its kind and the signal in dBm."""

    address: str
    name: str
    kind: Kind
    rssi: int | None = None


@dataclass(frozen=True, slots=True)
class PairedDie:
    """A die the table chose: which of the game's dice it rolls as (``die``)."""

    address: str
    kind: Kind
    name: str
    die: Die


@dataclass(frozen=True, slots=True)
class BluetoothConfig:
    """The paired dice and how patient to be with them. A die that cannot be reached is tried again
    after ``reconnect_interval`` seconds, the wait doubling after each failure up to
    ``reconnect_max_interval``; a connected die is asked its battery every ``battery_interval``."""

    dice: tuple[PairedDie, ...] = ()
    reconnect_interval: float = 1.0
    reconnect_max_interval: float = 30.0
    connect_timeout: float = 20.0
    battery_interval: float = 300.0
    low_battery: int = LOW_BATTERY


LinkState = Literal["idle", "connecting", "connected", "lost", "stopped"]


@dataclass(frozen=True, slots=True)
class DieLink:
    """One paired die as the status line sees it. ``lost``: it was connected and went away (or was
    never reached); ``battery``: its last level in percent (None: not told yet)."""

    address: str
    kind: Kind
    name: str
    die: Die
    state: LinkState
    detail: str = ""
    battery: int | None = None
    battery_low: bool = False
    charging: bool = False

    @property
    def gone(self) -> bool:
        return self.state == "lost"


@dataclass(frozen=True, slots=True)
class BluetoothStatus(ReaderStatus):
    """The serial reader's status (its states and counts) and each paired die's link."""

    dice: tuple[DieLink, ...] = ()


@dataclass(slots=True)
class Counts:
    """What an adapter did with the notifications: used, and unused by reason (``empty``,
    ``short``, ``unknown``, ``face``, ``not-rolled``), as the serial reader counts its lines."""

    accepted: int = 0
    dropped: Counter[str] = field(default_factory=Counter)

    def drop(self, reason: str) -> None:
        self.dropped[reason] += 1


def classify(
    name: str | None,
    services: Iterable[str] = (),
    manufacturer: Mapping[int, bytes] | None = None,
    service_data: Mapping[str, bytes] | None = None,
) -> Kind | None:
    """The kind of die an advertisement comes from, or None for anything else."""
    uuids = {uuid.lower() for uuid in services}
    if name and name.startswith("GoDice"):
        return "godice"
    if PIXELS_SERVICE in uuids or SYSTEMIC_GAMES in (manufacturer or {}):
        return "pixels"
    legacy = PIXELS_LEGACY_COMPANY in (manufacturer or {}) and DEVICE_INFORMATION in (service_data or {})
    if legacy or (NORDIC_UART in uuids and name and name.startswith("Pixel")):
        return "pixels"
    return None
