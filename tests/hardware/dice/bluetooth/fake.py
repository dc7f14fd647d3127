"""A radio without a radio: dice in reach, a search that hears them, and clients with the methods of
bleak's ``BleakClient`` that :mod:`hardware.dice.bluetooth.source` calls. A test makes a die send
a notification or go away from its own thread; the client hands it to the source's loop as bleak
would."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hardware.dice.bluetooth.common import FoundDie, Kind
from tests.support.waiting import wait_until


@dataclass
class FakeDie:
    address: str
    name: str
    kind: Kind
    rssi: int = -60
    offered: set[str] = field(default_factory=set)
    """The characteristics it offers (a Pixels die of the current firmware: a6b90002-...)."""
    reachable: bool = True


class FakeClient:
    def __init__(self, radio: FakeRadio, address: str, disconnected: Callable[[], None]) -> None:
        self.radio = radio
        self.address = address
        self._disconnected = disconnected
        self._connected = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._callback: Callable[[Any, bytearray], Any] | None = None
        self.notify: str | None = None

    @property
    def is_connected(self) -> bool:
        return self._connected

    @property
    def services(self) -> FakeClient:
        return self

    def get_characteristic(self, specifier: str) -> str | None:
        return specifier if specifier in self.radio.dice[self.address].offered else None

    async def connect(self) -> bool:
        with self.radio.changed:
            self.radio.attempts.append(self.address)
            self.radio.changed.notify_all()
        if not self.radio.dice[self.address].reachable:
            raise OSError(f"{self.address} is not in reach")
        self._loop = asyncio.get_running_loop()
        self._connected = True
        return True

    async def disconnect(self) -> bool:
        self._connected = False
        return True

    async def start_notify(self, char_specifier: str, callback: Callable[[Any, bytearray], Any]) -> None:
        self.notify, self._callback = char_specifier, callback
        with self.radio.changed:
            self.radio.clients[self.address] = self  # listening: the die's notifications reach the source
            self.radio.changed.notify_all()

    async def write_gatt_char(self, char_specifier: str, data: bytes) -> None:
        with self.radio.changed:
            self.radio.written.append((self.address, char_specifier, bytes(data)))
            self.radio.changed.notify_all()

    # -- the die's side, from the test's thread

    def send(self, data: bytes) -> None:
        assert self._loop is not None and self._callback is not None
        self._loop.call_soon_threadsafe(self._callback, self.notify, bytearray(data))

    def go_away(self) -> None:
        """Out of reach (a die carried off, its battery empty): the link drops."""
        assert self._loop is not None
        self.radio.dice[self.address].reachable = False
        with self.radio.changed:
            self.radio.clients.pop(self.address, None)
        self._loop.call_soon_threadsafe(self._drop)

    def _drop(self) -> None:
        self._connected = False
        self._disconnected()


class FakeRadio:
    """The backend: ``FakeRadio(die, ...)``, given to the source as ``backend=lambda: radio``."""

    def __init__(self, *dice: FakeDie) -> None:
        self.dice = {die.address: die for die in dice}
        self.changed = threading.Condition()
        self.clients: dict[str, FakeClient] = {}
        self.attempts: list[str] = []
        self.written: list[tuple[str, str, bytes]] = []
        self.scans = 0

    def client(self, address: str, disconnected: Callable[[], None], timeout: float) -> FakeClient:
        return FakeClient(self, address, disconnected)

    async def scan(self, seconds: float, found: Callable[[FoundDie], None]) -> None:
        self.scans += 1
        for die in self.dice.values():
            found(FoundDie(die.address, die.name, die.kind, die.rssi))
            found(FoundDie(die.address, die.name, die.kind, die.rssi))  # heard twice, listed once
            await asyncio.sleep(0)

    def listening(self, address: str) -> FakeClient:
        """The client of ``address`` once the source listens to it (waited for)."""
        wait_until(lambda: address in self.clients, what=f"the source listening to {address}")
        return self.clients[address]

    def attempts_at(self, address: str) -> int:
        with self.changed:
            return self.attempts.count(address)
