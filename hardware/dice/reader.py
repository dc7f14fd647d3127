"""Reads the serial die on a thread of its own and turns its lines into input events.

``DiceReader`` opens the port (a device path or any pyserial URL, or whatever auto-detection
finds), reads with a short timeout, frames and parses lines, and hands the resulting events to
``sink``. When the port fails or vanishes it reports ``DeviceLost`` and tries again with a
growing wait, so nothing outside the reader ever waits for the die.

The sink is called on the reader's thread, one event at a time. It must return quickly (the
next line waits for it) and must not touch the UI directly: a Kivy app hops to its main thread
inside the sink, e.g. ``lambda event: Clock.schedule_once(lambda _dt: handle(event))``. An
exception raised by the sink is logged and counted; the reader carries on.

``DiceTracker`` is the pure part: it decides which parsed lines become events (sequence
numbers, the expected device, a settled roll only after the die was seen rolling).

``DiceReaders`` reads a table's dice however many boards it has: one board reporting both dice,
or two side by side (one reporting the number die, one the special die), each on its own port
with its own reader, all into the same sink. A board that goes away is lost on its own; the other
goes on. ``open_dice`` makes it from the settings.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import serial

from hardware.dice.config import DiceConfig
from hardware.dice.detect import BY_ID, LINK, MOST, device_of, find_dice
from hardware.dice.protocol import (
    SEQUENCE_MODULUS,
    Heartbeat,
    Hello,
    Line,
    LineFramer,
    Rejected,
    Rolling,
    Settled,
    Tilted,
    parse,
)
from hardware.events import DeviceConnected, DeviceLost, Die, DieRolling, DieSettled, DieTilted, InputEvent

Sink = Callable[[InputEvent], None]
ReaderState = Literal["disabled", "idle", "searching", "waiting", "connected", "silent", "stopped"]
READ_TIMEOUT = 0.2  # seconds one read may wait; also the longest a stop waits for the thread

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ReaderStatus:
    """A snapshot of the reader for a status line or a self-test.

    ``state``: disabled (port "none"), idle (not started), searching (no port open), waiting (port
    open, nothing valid heard yet), connected, silent (port open, no valid line for the silence
    timeout), stopped. ``dropped`` counts unused lines by reason; ``missed`` counts lines the
    sequence numbers say never arrived; ``opens`` counts successful port openings.
    """

    state: ReaderState
    detail: str
    port: str | None = None
    device: str | None = None
    firmware: str | None = None
    accepted: int = 0
    dropped: Mapping[str, int] = field(default_factory=dict)
    missed: int = 0
    opens: int = 0
    sink_errors: int = 0
    boards: tuple[ReaderStatus, ...] = ()
    """With two boards side by side, each board's own status (the fields above sum them up)."""

    @property
    def dropped_total(self) -> int:
        return sum(self.dropped.values())


class DiceTracker:
    """Turns parsed lines of one port session into die events, or says why a line is dropped.

    - Lines from another device than ``expected_device`` (or than the first device heard in the
      session) are dropped as ``other-device``.
    - A line whose sequence number is not ahead of the last one is a repeat: ``duplicate``.
      ``HELLO`` starts a new session (the device restarted) and resets the sequence.
    - ``SETTLED`` counts only after ``ROLLING`` of the same die (``not-rolled`` otherwise), so a
      die that reports its face when merely nudged or set down cannot make a roll.
    """

    def __init__(self, expected_device: str | None = None) -> None:
        self.expected_device = expected_device
        self.missed = 0
        self.reset()

    def reset(self) -> None:
        """Forget the session: device, sequence, firmware and dice in the air."""
        self.device: str | None = None
        self.firmware: str | None = None
        self._last_seq: int | None = None
        self._rolling: set[Die] = set()

    def judge(self, line: Line, at: float) -> tuple[tuple[InputEvent, ...], str | None]:
        """The events ``line`` gives (maybe none) and ``None``, or no events and a drop reason."""
        wanted = self.expected_device or self.device
        if wanted is not None and line.device != wanted:
            return (), "other-device"
        if isinstance(line, Hello):
            self.reset()
        elif self._last_seq is not None:
            ahead = (line.seq - self._last_seq) % SEQUENCE_MODULUS
            if ahead == 0 or ahead >= SEQUENCE_MODULUS // 2:
                return (), "duplicate"
            self.missed += ahead - 1
        self.device = line.device
        self._last_seq = line.seq
        match line:
            case Hello() | Heartbeat():
                self.firmware = line.firmware
                return (), None
            case Rolling():
                self._rolling.add(line.die)
                return (DieRolling(line.device, line.die, at),), None
            case Tilted():
                self._rolling.discard(line.die)
                return (DieTilted(line.device, line.die, at),), None
            case Settled():
                if line.die not in self._rolling:
                    return (), "not-rolled"
                self._rolling.discard(line.die)
                return (DieSettled(line.device, line.die, line.face, "serial", at),), None
        raise TypeError(f"not a dice line: {line!r}")  # pragma: no cover


class Claims:
    """The devices the readers of one table have open or are opening, so that two readers looking
    for dice never take the same board (a device counts once, whichever link leads to it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held: dict[str, str] = {}  # the path taken -> its device when it was taken

    def take(self, paths: tuple[str, ...]) -> str | None:
        """The first of ``paths`` whose device nobody holds, now held; None when all are."""
        with self._lock:
            for path in paths:
                device = device_of(path)
                if device not in self._held.values():
                    self._held[path] = device
                    return path
        return None

    def give_back(self, path: str) -> None:
        """The device ``path`` led to when it was taken is free again (its link may be gone by now)."""
        with self._lock:
            self._held.pop(path, None)


class DiceReader:
    """The serial die as a stream of input events. ``start()`` returns at once; ``stop()`` ends
    the thread within about ``READ_TIMEOUT`` seconds, whether the port is open, failing or gone.

    ``link`` and then ``by_id_dir`` are where auto-detection looks; ``clock`` stamps the events
    (``time.monotonic``). Readers that share ``claims`` never take the same board.
    """

    def __init__(
        self,
        config: DiceConfig,
        sink: Sink,
        *,
        by_id_dir: Path = BY_ID,
        link: Path | None = LINK,
        clock: Callable[[], float] = time.monotonic,
        read_timeout: float = READ_TIMEOUT,
        claims: Claims | None = None,
    ) -> None:
        self.config = config
        self._claims = claims if claims is not None else Claims()
        self._sink = sink
        self._by_id_dir = by_id_dir
        self._link = link
        self._clock = clock
        self._read_timeout = read_timeout
        self._tracker = DiceTracker(config.device_id)
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._port: serial.SerialBase | None = None
        self._port_lock = threading.Lock()
        self._lock = threading.Lock()  # guards everything the status snapshot reads
        self._state: ReaderState = "disabled" if config.port_kind == "none" else "idle"
        self._detail = "no die configured (port 'none')" if config.port_kind == "none" else "not started"
        self._target: str | None = None
        self._accepted = 0
        self._dropped: Counter[str] = Counter()
        self._opens = 0
        self._sink_errors = 0

    # -- control, from any thread

    def start(self) -> None:
        """Start reading in the background; does nothing when the port is ``"none"``."""
        if self.config.port_kind == "none":
            return
        if self._thread is not None and self._thread.is_alive():
            raise RuntimeError("the dice reader is already running")
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name="dice-reader", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> bool:
        """Stop and wait for the thread (at most ``timeout`` seconds). True when it has ended."""
        self._stopping.set()
        with self._port_lock:
            cancel = getattr(self._port, "cancel_read", None)
            if cancel is not None:
                try:
                    cancel()
                except (serial.SerialException, OSError):
                    pass
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        ended = thread is None or not thread.is_alive()
        if ended and self.config.port_kind != "none":
            self._set_state("stopped", "reader stopped")
        return ended

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def status(self) -> ReaderStatus:
        with self._lock:
            return ReaderStatus(
                state=self._state,
                detail=self._detail,
                port=self._target,
                device=self._tracker.device,
                firmware=self._tracker.firmware,
                accepted=self._accepted,
                dropped=dict(self._dropped),
                missed=self._tracker.missed,
                opens=self._opens,
                sink_errors=self._sink_errors,
            )

    def __enter__(self) -> DiceReader:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # -- the reader thread

    def _run(self) -> None:
        wait = self.config.reconnect_interval
        while not self._stopping.is_set():
            opened = False
            try:
                opened = self._attempt()
            except Exception as exc:  # a bug must not end the reader for good
                log.exception("the dice reader failed; it tries again")
                self._set_state("searching", f"reader error: {exc!r}")
            if opened:
                wait = self.config.reconnect_interval
            self._stopping.wait(wait)
            if not opened:
                wait = min(wait * 2, self.config.reconnect_max_interval)
        self._set_state("stopped", "reader stopped")

    def _attempt(self) -> bool:
        """Find and open the port, then read it until it fails. False when it could not be opened."""
        target = self._find_port()
        if target is None:
            return False
        try:
            port = self._open(target)
            if port is None:
                return False
            self._session(port, target)
        finally:
            if self.config.port_kind == "auto":
                self._claims.give_back(target)
        return True

    def _find_port(self) -> str | None:
        """The port to open; in auto mode one that no other reader of the table holds, now held."""
        if self.config.port_kind != "auto":
            return self.config.port
        found = find_dice(self._by_id_dir, self.config.detect_pattern, self._link)
        if not found.paths:
            self._set_state("searching", found.message)
            return None
        target = self._claims.take(found.paths)
        if target is None:
            self._set_state("searching", f"no other die: {' and '.join(found.paths)} is read already")
        return target

    def _open(self, target: str) -> serial.SerialBase | None:
        try:
            port = serial.serial_for_url(
                target, baudrate=self.config.baudrate, timeout=self._read_timeout, exclusive=True
            )
        except (serial.SerialException, OSError, ValueError) as exc:
            self._set_state("searching", f"cannot open {target}: {exc}", target)
            return None
        with self._port_lock:
            self._port = port
        return port

    def _close(self, port: serial.SerialBase) -> None:
        with self._port_lock:
            self._port = None
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass

    def _session(self, port: serial.SerialBase, target: str) -> None:
        """Read one opened port until it fails or the reader stops."""
        framer = LineFramer()
        with self._lock:
            self._tracker.reset()
            self._opens += 1
        self._set_state("waiting", f"{target} is open; waiting for the die to speak", target)
        last_valid = self._clock()
        announced: str | None = None  # the device reported connected in this session
        silent = False
        reason = f"{target} closed"
        try:
            while not self._stopping.is_set():
                data = port.read(port.in_waiting or 1)
                now = self._clock()
                for item in framer.feed(data) if data else ():
                    events = self._judge(item, now)
                    if events is None:
                        continue
                    last_valid, silent = now, False
                    if announced is None:
                        announced = self._tracker.device
                        self._announce(announced, target, now)
                    for event in events:
                        self._emit(event)
                timeout = self.config.silence_timeout
                if timeout is not None and not silent and now - last_valid >= timeout:
                    silent = True
                    self._fall_silent(announced, target, now - last_valid, now)
                    announced = None
        except (serial.SerialException, OSError) as exc:
            reason = f"{target} failed: {exc}"
        finally:
            self._close(port)
            leftover = framer.reset()
            if leftover is not None:
                self._count_drop(leftover.code)
        if announced is not None and not self._stopping.is_set():
            self._emit(DeviceLost(announced, "dice", reason, self._clock()))
            log.info("dice %s lost: %s", announced, reason)
        if not self._stopping.is_set():
            self._set_state("searching", reason, target)

    def _judge(self, item: bytes | Rejected, now: float) -> tuple[InputEvent, ...] | None:
        """The events of one framed item, or ``None`` when it is dropped (and counted)."""
        line = item if isinstance(item, Rejected) else parse(item)
        if isinstance(line, Rejected):
            self._count_drop(line.code)
            return None
        with self._lock:
            events, refused = self._tracker.judge(line, now)
            if refused is None:
                self._accepted += 1
            else:
                self._dropped[refused] += 1
        return None if refused is not None else events

    def _announce(self, device: str | None, target: str, now: float) -> None:
        firmware = self._tracker.firmware or "not reported yet"
        detail = f"{device} on {target}, firmware {firmware}"
        self._set_state("connected", detail, target)
        self._emit(DeviceConnected(device or "?", "dice", detail, now))
        log.info("dice connected: %s", detail)

    def _fall_silent(self, announced: str | None, target: str, quiet: float, now: float) -> None:
        dropped = self.status().dropped_total
        reason = f"no valid line for {quiet:.1f} s ({dropped} lines dropped so far)"
        self._set_state("silent", f"{target} is open but the die is silent: {reason}", target)
        if announced is not None:
            self._emit(DeviceLost(announced, "dice", f"silent: {reason}", now))
            log.info("dice %s silent: %s", announced, reason)
        with self._lock:
            self._tracker.reset()

    def _emit(self, event: InputEvent) -> None:
        try:
            self._sink(event)
        except Exception:  # the sink is the caller's code: whatever it raises must not end the reader's thread
            log.exception("the dice sink failed on %r", event)
            with self._lock:
                self._sink_errors += 1

    def _count_drop(self, code: str) -> None:
        with self._lock:
            self._dropped[code] += 1

    def _set_state(self, state: ReaderState, detail: str, target: str | None = None) -> None:
        with self._lock:
            self._state, self._detail = state, detail
            if target is not None:
                self._target = target


_WORST_FIRST: tuple[ReaderState, ...] = ("silent", "searching", "waiting", "idle", "stopped", "disabled", "connected")


class DiceReaders:
    """A table's dice on one port or two, read side by side into one sink.

    With ``port = "auto"`` two readers share the search: the first board found is read by one, a
    second board by the other (more than two boards are said in words and none is read). With
    ``ports`` each port has its own reader; with one ``port``, one reader. Each reader reports its
    own board connected and lost, so a board unplugged is lost on its own and the other goes on.
    """

    def __init__(self, config: DiceConfig, sink: Sink, **options: Any) -> None:
        self.config = config
        claims = Claims()
        if config.port_kind == "auto":
            each: tuple[DiceConfig, ...] = (config,) * MOST
        else:
            each = config.each_port()
        self.readers = tuple(DiceReader(one, sink, claims=claims, **options) for one in each)

    def start(self) -> None:
        for reader in self.readers:
            reader.start()

    def stop(self, timeout: float = 2.0) -> bool:
        return all([reader.stop(timeout) for reader in self.readers])

    @property
    def running(self) -> bool:
        return any(reader.running for reader in self.readers)

    def __enter__(self) -> DiceReaders:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def status(self) -> ReaderStatus:
        """One board: its status. Two (each reader that has opened a port so far): the two summed
        up, the worst state first, and each in ``boards``."""
        every = [reader.status() for reader in self.readers]
        shown = [status for status in every if status.opens > 0] or every[:1]
        if len(shown) == 1:
            return shown[0]
        dropped: Counter[str] = Counter()
        for status in shown:
            dropped.update(status.dropped)
        state = min((status.state for status in shown), key=_WORST_FIRST.index)

        def joined(values: list[str | None]) -> str | None:
            present = [value for value in values if value is not None]
            return ", ".join(present) if present else None

        return ReaderStatus(
            state=state,
            detail="; ".join(status.detail for status in shown),
            port=joined([status.port for status in shown]),
            device=joined([status.device for status in shown]),
            firmware=joined([status.firmware for status in shown]),
            accepted=sum(status.accepted for status in shown),
            dropped=dict(dropped),
            missed=sum(status.missed for status in shown),
            opens=sum(status.opens for status in shown),
            sink_errors=sum(status.sink_errors for status in shown),
            boards=tuple(shown),
        )


def open_dice(config: DiceConfig, sink: Sink, **options: Any) -> DiceReaders:
    """The table's dice as the settings name them (``options`` as :class:`DiceReader` takes them)."""
    return DiceReaders(config, sink, **options)
