"""The paired Bluetooth dice as a die source: what the table uses for the serial reader
(``start``, ``stop``, ``status`` and a sink), for dice that talk over BlueZ.

:class:`BluetoothDice` runs an asyncio loop on a thread of its own. For each paired die it keeps a
connection: connect, listen to the die's notifications (fed to the die's adapter, whose events go
to ``sink``), ask the battery now and then; when the die goes away, report it
(:class:`~hardware.events.DeviceLost`) and try again, the wait growing after each failure. Nothing
outside the thread ever waits for a die. The sink is called on that thread, as the serial reader
calls it: it must return quickly and hop to the UI itself.

The radio is a :class:`Backend`: :class:`BleakBackend` talks to BlueZ through bleak (the
``bluetooth`` extra: ``pip install 'companion[bluetooth]'``), imported only when a source or a
search starts; without it :class:`BluetoothUnavailable` says so in words. The tests give a backend
of their own whose clients have the methods of bleak's ``BleakClient`` that are called here
(``connect``, ``disconnect``, ``start_notify``, ``write_gatt_char``, ``is_connected``,
``services.get_characteristic``), made by a callable given as ``backend``.

:func:`search` listens for dice for some seconds on a thread of its own (the settings screen's
"Search for dice"), with or without a source running.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, Protocol

from engines.core.errors import CompanionError
from hardware.dice.bluetooth.adapter import Adapter
from hardware.dice.bluetooth.common import (
    KIND_NAMES,
    BluetoothConfig,
    BluetoothStatus,
    DieLink,
    FoundDie,
    LinkState,
    PairedDie,
    classify,
)
from hardware.dice.bluetooth.godice import GoDiceAdapter
from hardware.dice.bluetooth.pixels import PixelsAdapter
from hardware.dice.reader import ReaderState
from hardware.events import DeviceBattery, DeviceConnected, DeviceLost, InputEvent

Sink = Callable[[InputEvent], None]
log = logging.getLogger(__name__)
DIE_WORDS = {"number": "the number die", "special": "the special die"}


class BluetoothUnavailable(CompanionError, ImportError):
    """Bluetooth cannot be used here: bleak is not installed (or cannot be imported)."""


class Characteristics(Protocol):
    def get_characteristic(self, specifier: str) -> Any: ...


class Client(Protocol):
    """The part of bleak's ``BleakClient`` the source calls."""

    @property
    def is_connected(self) -> bool: ...

    @property
    def services(self) -> Characteristics: ...

    async def connect(self) -> Any: ...

    async def disconnect(self) -> Any: ...

    async def start_notify(self, char_specifier: str, callback: Callable[[Any, bytearray], Any]) -> None: ...

    async def write_gatt_char(self, char_specifier: str, data: bytes) -> None: ...


class Backend(Protocol):
    def client(self, address: str, disconnected: Callable[[], None], timeout: float) -> Client:
        """A client for the die at ``address``; ``disconnected`` is called when the link drops."""
        ...

    async def scan(self, seconds: float, found: Callable[[FoundDie], None]) -> None:
        """Listen ``seconds`` for dice, calling ``found`` for each advertisement of one."""
        ...


class BleakBackend:
    """The radio through bleak and BlueZ (D-Bus on the system bus; no raw HCI socket)."""

    def __init__(self) -> None:
        try:
            import bleak
        except ImportError as error:
            raise BluetoothUnavailable(
                "Bluetooth dice need the Python package bleak, which is not installed "
                "(pip install 'companion[bluetooth]')"
            ) from error
        self._bleak: Any = bleak

    def client(self, address: str, disconnected: Callable[[], None], timeout: float) -> Client:
        made: Client = self._bleak.BleakClient(
            address, disconnected_callback=lambda _client: disconnected(), timeout=timeout
        )
        return made

    async def scan(self, seconds: float, found: Callable[[FoundDie], None]) -> None:
        def seen(device: Any, advertisement: Any) -> None:
            name = advertisement.local_name or device.name or ""
            kind = classify(
                name, advertisement.service_uuids, advertisement.manufacturer_data, advertisement.service_data
            )
            if kind is not None:
                found(FoundDie(device.address, name, kind, advertisement.rssi))

        async with self._bleak.BleakScanner(detection_callback=seen):
            await asyncio.sleep(seconds)


def adapter_for(paired: PairedDie, low_battery: int) -> Adapter:
    kind = GoDiceAdapter if paired.kind == "godice" else PixelsAdapter
    return kind(paired.address, paired.die, low_battery=low_battery)


class BluetoothDice:
    """The paired dice as a stream of input events. ``start()`` returns at once; ``stop()`` ends the
    thread (the dice disconnected) within a couple of seconds. ``backend`` stands in for bleak;
    ``clock`` stamps the events (``time.monotonic``)."""

    def __init__(
        self,
        config: BluetoothConfig,
        sink: Sink,
        *,
        backend: Callable[[], Backend] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        self._sink = sink
        self._backend = backend
        self._clock = clock
        self._lock = threading.Lock()  # guards what the status reads
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._state: ReaderState = "idle" if config.dice else "disabled"
        self._detail = "not started" if config.dice else "no Bluetooth die is paired"
        self.unavailable: str | None = None
        """Why Bluetooth cannot be used (bleak missing), once the source has tried."""
        self._links = {p.address: DieLink(p.address, p.kind, p.name, p.die, "idle") for p in config.dice}
        self._adapters: dict[str, Adapter] = {}
        self._opens = 0
        self._sink_errors = 0

    # -- control, from any thread

    def start(self) -> None:
        if not self.config.dice:
            return
        if self.running:
            raise RuntimeError("the Bluetooth dice are already being read")
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name="bluetooth-dice", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> bool:
        self._stopping.set()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has just ended
                loop.call_soon_threadsafe(stop.set)
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        ended = thread is None or not thread.is_alive()
        if ended and self.config.dice and self.unavailable is None:
            self._set_state("stopped", "Bluetooth dice stopped")
        return ended

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def status(self) -> BluetoothStatus:
        with self._lock:
            dropped: Counter[str] = Counter()
            accepted = 0
            for adapter in self._adapters.values():
                dropped.update(adapter.counts.dropped)
                accepted += adapter.counts.accepted
            links = tuple(self._links[p.address] for p in self.config.dice)
            return BluetoothStatus(
                state=self._state,
                detail=self._detail,
                port="bluetooth",
                device=", ".join(link.name or link.address for link in links) or None,
                accepted=accepted,
                dropped=dict(dropped),
                opens=self._opens,
                sink_errors=self._sink_errors,
                dice=links,
            )

    def __enter__(self) -> BluetoothDice:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # -- the loop's thread

    def _run(self) -> None:
        try:
            backend = make_backend(self._backend)
        except BluetoothUnavailable as error:
            self.unavailable = str(error)
            self._set_state("disabled", str(error))
            log.warning("%s", error)
            return
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main(backend))
        finally:
            self._loop = None
            loop.close()
        self._set_state("stopped", "Bluetooth dice stopped")

    async def _main(self, backend: Backend) -> None:
        self._stop = asyncio.Event()
        if self._stopping.is_set():
            return
        self._set_state("searching", "connecting to the paired dice")
        tasks = [asyncio.create_task(self._keep(backend, paired)) for paired in self.config.dice]
        await self._stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _keep(self, backend: Backend, paired: PairedDie) -> None:
        """One die, connected again and again until the source stops."""
        config = self.config
        adapter = adapter_for(paired, config.low_battery)
        with self._lock:
            self._adapters[paired.address] = adapter
        wait = config.reconnect_interval
        ever = False
        while not self._stopping.is_set():
            announced, reason = await self._session(backend, paired, adapter)
            if self._stopping.is_set():
                break
            ever = ever or announced
            if announced:
                wait = config.reconnect_interval
                self._emit(DeviceLost(paired.address, "dice", reason, self._clock()))
                log.info("Bluetooth die %s lost: %s", paired.address, reason)
            self._link(paired.address, "lost" if ever else "connecting", reason)
            await self._rest(None, wait)
            if not announced:
                wait = min(wait * 2, config.reconnect_max_interval)

    async def _session(self, backend: Backend, paired: PairedDie, adapter: Adapter) -> tuple[bool, str]:
        """Connect once and listen until the die goes away: whether it was connected, and why it ended."""
        loop = asyncio.get_running_loop()
        gone = asyncio.Event()

        def disconnected() -> None:
            loop.call_soon_threadsafe(gone.set)

        client = backend.client(paired.address, disconnected, self.config.connect_timeout)
        announced = False
        reason = f"{paired.address} could not be reached"
        try:
            await asyncio.wait_for(client.connect(), self.config.connect_timeout)
            adapter.reset()
            notify, write = adapter.channels(lambda uuid: client.services.get_characteristic(uuid) is not None)
            await client.start_notify(notify, lambda _sender, data: self._heard(adapter, data))
            for question in adapter.on_connect():
                await client.write_gatt_char(write, question)
            announced = True
            self._announce(paired)
            reason = f"{paired.address} went away"
            while not self._stopping.is_set():
                await self._rest(gone, self.config.battery_interval)
                if gone.is_set() or not client.is_connected or self._stopping.is_set():
                    break
                battery = adapter.ask_battery()
                if battery is not None:
                    await client.write_gatt_char(write, battery)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # bleak, D-Bus and BlueZ fail in many ways of their own: the die is tried again
            reason = f"{paired.address}: {type(error).__name__}: {error}".rstrip(": ")
            log.info("Bluetooth die %s: %s", paired.address, reason)
        finally:
            with contextlib.suppress(Exception):  # a link that is already gone may fail to close in any way
                await asyncio.wait_for(client.disconnect(), 2.0)
        return announced, reason

    async def _rest(self, gone: asyncio.Event | None, seconds: float) -> None:
        """Wait ``seconds``, or less if the source stops or ``gone`` is set."""
        assert self._stop is not None
        waits = [asyncio.ensure_future(self._stop.wait())]
        if gone is not None:
            waits.append(asyncio.ensure_future(gone.wait()))
        try:
            await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()

    def _heard(self, adapter: Adapter, data: bytearray) -> None:
        with self._lock:
            events = adapter.feed(data, self._clock())
        for event in events:
            if isinstance(event, DeviceBattery):
                self._battery(adapter)
            self._emit(event)

    def _announce(self, paired: PairedDie) -> None:
        detail = f"{KIND_NAMES[paired.kind]} {paired.name or paired.address} as {DIE_WORDS[paired.die]}"
        with self._lock:
            self._opens += 1
        self._link(paired.address, "connected", detail)
        self._emit(DeviceConnected(paired.address, "dice", detail, self._clock()))
        log.info("Bluetooth die connected: %s", detail)

    def _battery(self, adapter: Adapter) -> None:
        with self._lock:
            link = self._links[adapter.device]
            self._links[adapter.device] = DieLink(
                link.address,
                link.kind,
                link.name,
                link.die,
                link.state,
                link.detail,
                adapter.battery,
                adapter.battery_low,
                adapter.charging,
            )

    def _link(self, address: str, state: LinkState, detail: str) -> None:
        with self._lock:
            link = self._links[address]
            self._links[address] = DieLink(
                link.address,
                link.kind,
                link.name,
                link.die,
                state,
                detail,
                link.battery,
                link.battery_low,
                link.charging,
            )
            links = list(self._links.values())
        if all(link.state == "connected" for link in links):
            self._set_state("connected", "every paired die is connected")
        else:
            away = [link.name or link.address for link in links if link.state != "connected"]
            self._set_state("searching", f"not connected: {', '.join(away)}")

    def _emit(self, event: InputEvent) -> None:
        try:
            self._sink(event)
        except Exception:  # the sink is the caller's code: whatever it raises must not end the dice's loop
            log.exception("the Bluetooth dice's sink failed on %r", event)
            with self._lock:
                self._sink_errors += 1

    def _set_state(self, state: ReaderState, detail: str) -> None:
        with self._lock:
            self._state, self._detail = state, detail


def make_backend(backend: Callable[[], Backend] | None) -> Backend:
    """The backend the callable given makes, else bleak's; BluetoothUnavailable without bleak."""
    return BleakBackend() if backend is None else backend()


def search(
    seconds: float,
    found: Callable[[FoundDie], None],
    done: Callable[[str | None], None],
    *,
    backend: Callable[[], Backend] | None = None,
) -> threading.Thread:
    """Listen for dice for ``seconds`` on a thread of its own: ``found`` once for each die (the first
    time it is heard), then ``done`` with None, or with why the search could not be made. Both are
    called on that thread."""

    def run() -> None:
        heard: set[str] = set()

        def once(die: FoundDie) -> None:
            if die.address not in heard:
                heard.add(die.address)
                found(die)

        try:
            radio = make_backend(backend)
            asyncio.run(radio.scan(seconds, once))
        except BluetoothUnavailable as error:
            done(str(error))
            return
        except Exception as error:  # bleak, D-Bus and BlueZ fail in many ways of their own: said, not raised
            log.warning("the search for Bluetooth dice failed: %r", error)
            done(f"{type(error).__name__}: {error}")
            return
        done(None)

    thread = threading.Thread(target=run, name="bluetooth-search", daemon=True)
    thread.start()
    return thread
