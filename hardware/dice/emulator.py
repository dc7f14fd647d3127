"""A pretend serial die on a pseudo-terminal, for demos, tests and the desktop mode.

``DiceEmulator`` owns the device side (the master) of a pty; a reader opens the other side
(``path``) as if it were the die's USB port. It speaks the protocol of docs/dice-protocol.md and
can also misbehave on purpose: garbage, cut-off lines, wrong checksums, repeated lines, tilted
rolls, and unplugging (the master closes, exactly as when a USB cable is pulled). With ``link``
it keeps a symbolic link pointing at its current pty, so a reader configured with the link finds
it again after it comes back on a new pty.

Writes never block: with nobody reading, lines are lost, as they would be on a real device.
``run`` drives an emulator from keys and timers; the ``companion dice-emulator`` command uses it.
"""

from __future__ import annotations

import fcntl
import os
import random
import select
import threading
import time
import tty
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from hardware.dice.protocol import (
    HEARTBEAT_SECONDS,
    PROTOCOL_VERSION,
    SEQUENCE_MODULUS,
    Heartbeat,
    Hello,
    Line,
    Rolling,
    Settled,
    Tilted,
    crc8,
    encode,
)
from hardware.events import Die

FIRMWARE = "emulator-1"
KEYS = {
    "n": "roll the number die",
    "s": "roll the special die",
    "t": "a tilted roll",
    "g": "send garbage",
    "p": "send a cut-off line",
    "c": "send a line with a wrong checksum",
    "r": "repeat the last line",
    "d": "unplug (back after a moment)",
    "q": "quit",
}


class StopFlag(Protocol):
    """What ``run`` needs to know when to end; a ``threading.Event`` is one."""

    def is_set(self) -> bool: ...

    def wait(self, timeout: float) -> bool: ...


class DiceEmulator:
    """The device end of a pseudo-terminal that behaves like the serial die."""

    def __init__(
        self,
        device_id: str = "EMU1",
        *,
        rng: random.Random | None = None,
        firmware: str = FIRMWARE,
        link: str | Path | None = None,
    ) -> None:
        self.device_id = device_id
        self.firmware = firmware
        self.rng = rng if rng is not None else random.Random()
        self.link = Path(link) if link is not None else None
        self.sent = 0  # lines (or pieces) fully written
        self.lost = 0  # writes that nobody could take
        self._master: int | None = None
        self._slave: int | None = None
        self._pty_path: str | None = None
        self._seq = 0
        self._last = b""
        self._lock = threading.Lock()

    # -- plugging

    @property
    def connected(self) -> bool:
        return self._master is not None

    @property
    def pty_path(self) -> str | None:
        return self._pty_path

    @property
    def path(self) -> str:
        """What a reader should open: the link if there is one, otherwise the pty."""
        if self.link is not None:
            return str(self.link)
        if self._pty_path is None:
            raise RuntimeError("the emulator is not open")
        return self._pty_path

    def open(self) -> str:
        """Plug in: a new pty, the link pointed at it, and a HELLO. Returns ``path``."""
        with self._lock:
            if self._master is not None:
                raise RuntimeError("the emulator is already open")
            if self.link is not None and self.link.exists() and not self.link.is_symlink():
                raise FileExistsError(f"{self.link} exists and is not a symbolic link; not replacing it")
            master, slave = os.openpty()
            tty.setraw(master)
            fcntl.fcntl(master, fcntl.F_SETFL, fcntl.fcntl(master, fcntl.F_GETFL) | os.O_NONBLOCK)
            pty_path = os.ttyname(slave)
            if self.link is not None:
                try:
                    self._point_link(pty_path)
                except OSError:
                    os.close(master)
                    os.close(slave)
                    raise
            self._master, self._slave, self._pty_path = master, slave, pty_path
            self._seq = 0
        self.hello()
        return self.path

    reconnect = open

    def disconnect(self) -> None:
        """Unplug: close the pty (a reader's next read fails) and remove the link, as udev does."""
        with self._lock:
            for fd in (self._master, self._slave):
                if fd is not None:
                    os.close(fd)
            self._master = self._slave = None
            if self.link is not None and self.link.is_symlink() and os.readlink(self.link) == self._pty_path:
                self.link.unlink()

    def close(self) -> None:
        self.disconnect()

    def __enter__(self) -> DiceEmulator:
        self.open()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _point_link(self, target: str) -> None:
        assert self.link is not None
        spare = self.link.with_name(f".{self.link.name}.{os.getpid()}.new")
        spare.unlink(missing_ok=True)
        spare.symlink_to(target)
        os.replace(spare, self.link)

    # -- what the device says

    def write_raw(self, data: bytes) -> bool:
        """Write bytes as they are. False when nobody can take them (unplugged, or nobody reading)."""
        with self._lock:
            if self._master is None:
                self.lost += 1
                return False
            try:
                written = os.write(self._master, data)
            except OSError:
                written = 0
            if written < len(data):
                self.lost += 1
                return False
            self.sent += 1
            return True

    def send(self, make: Callable[[str, int], Line]) -> bytes:
        """Write the line ``make(device_id, seq)`` with the next sequence number; returns its bytes."""
        with self._lock:
            seq = self._seq
            self._seq = (self._seq + 1) % SEQUENCE_MODULUS
        data = encode(make(self.device_id, seq))
        self._last = data
        self.write_raw(data)
        return data

    def hello(self) -> bytes:
        with self._lock:
            self._seq = 0
        return self.send(lambda device, seq: Hello(device, seq, PROTOCOL_VERSION, self.firmware))

    def heartbeat(self) -> bytes:
        return self.send(lambda device, seq: Heartbeat(device, seq, PROTOCOL_VERSION, self.firmware))

    def rolling(self, die: Die = "number") -> bytes:
        return self.send(lambda device, seq: Rolling(device, seq, die))

    def settled(self, die: Die = "number", face: int | None = None) -> bytes:
        """The die came to rest on ``face`` (random when not given)."""
        face = face if face is not None else self.rng.randint(1, 6)
        return self.send(lambda device, seq: Settled(device, seq, die, face))

    def tilted(self, die: Die = "number") -> bytes:
        return self.send(lambda device, seq: Tilted(device, seq, die))

    def roll(self, die: Die = "number", face: int | None = None, tumble: float = 0.0) -> int:
        """A whole roll: ROLLING, ``tumble`` seconds, SETTLED. Returns the face."""
        face = face if face is not None else self.rng.randint(1, 6)
        self.rolling(die)
        if tumble > 0:
            time.sleep(tumble)
        self.settled(die, face)
        return face

    def tilted_roll(self, die: Die = "number", tumble: float = 0.0) -> None:
        """A roll that ends on an edge: ROLLING, ``tumble`` seconds, TILTED."""
        self.rolling(die)
        if tumble > 0:
            time.sleep(tumble)
        self.tilted(die)

    # -- misbehaviour

    def garbage(self, length: int | None = None) -> bytes:
        """Random bytes ending in a newline, like line noise or a wrong baud rate."""
        length = length if length is not None else self.rng.randint(1, 60)
        data = bytes(self.rng.randrange(256) for _ in range(length)) + b"\n"
        self.write_raw(data)
        return data

    def partial_line(self, newline: bool = True) -> bytes:
        """A settled line cut off part-way (a reset or a glitch mid-line), optionally ended by a newline."""
        with self._lock:
            seq = self._seq
            self._seq = (self._seq + 1) % SEQUENCE_MODULUS
        whole = encode(Settled(self.device_id, seq, "number", self.rng.randint(1, 6)))
        data = whole[: self.rng.randint(1, len(whole) - 2)] + (b"\n" if newline else b"")
        self.write_raw(data)
        return data

    def bad_checksum(self) -> bytes:
        """A complete settled line whose checksum is wrong."""
        with self._lock:
            seq = self._seq
            self._seq = (self._seq + 1) % SEQUENCE_MODULUS
        good = encode(Settled(self.device_id, seq, "number", self.rng.randint(1, 6)))
        body = good[1 : good.index(b"*")]
        wrong = crc8(body) ^ self.rng.randint(1, 255)
        data = b"$" + body + b"*" + f"{wrong:02X}".encode() + b"\n"
        self.write_raw(data)
        return data

    def repeat_last(self) -> bytes:
        """Send the previous protocol line again, byte for byte (same sequence number)."""
        self.write_raw(self._last)
        return self._last


def run(
    emulator: DiceEmulator,
    stop: StopFlag,
    *,
    auto_roll: float | None = None,
    keys: int | None = None,
    heartbeat: float = HEARTBEAT_SECONDS,
    down_time: float = 2.0,
    on_path: Callable[[str], None] = lambda path: None,
    say: Callable[[str], None] = lambda message: None,
) -> None:
    """Drive an open emulator until ``stop`` is set, ``q`` is pressed, or ``keys`` reaches its end.

    Sends a heartbeat every ``heartbeat`` seconds and, with ``auto_roll``, rolls a random die that
    often. ``keys`` is a file descriptor whose bytes are the keys of ``KEYS``; when it ends the run
    ends too, unless auto-rolling. After ``d`` the emulator comes back ``down_time`` seconds later;
    without a link, ``on_path`` then hears the path of the new pty.
    """
    tumble = min(0.3, auto_roll / 2) if auto_roll else 0.3
    due: list[tuple[float, Callable[[], object]]] = []  # what an action returns is not used
    now = time.monotonic()
    next_beat = now + heartbeat
    next_roll = now + auto_roll if auto_roll else None

    def start_roll(die: Die, tilt: bool = False) -> None:
        if not emulator.connected:
            say("unplugged: nothing sent")
            return
        face = emulator.rng.randint(1, 6)
        emulator.rolling(die)
        if tilt:
            due.append((time.monotonic() + tumble, lambda: emulator.tilted(die)))
            say(f"{die} die rolling, will land tilted")
        else:
            due.append((time.monotonic() + tumble, lambda: emulator.settled(die, face)))
            say(f"{die} die rolling, will land on {face}")

    def come_back() -> None:
        path = emulator.reconnect()
        say(f"plugged in again at {path}")
        if emulator.link is None:  # a link keeps its path; a bare pty may get another one
            on_path(path)

    def press(key: str) -> bool:
        """Act on one key; False means quit."""
        if key in ("q", "\x04"):
            return False
        if key == "d":
            if emulator.connected:
                emulator.disconnect()
                due.append((time.monotonic() + down_time, come_back))
                say(f"unplugged; back in {down_time:g} s")
            return True
        if not emulator.connected and key in KEYS:
            say("unplugged: nothing sent")
            return True
        actions: dict[str, Callable[[], object]] = {
            "n": lambda: start_roll("number"),
            "s": lambda: start_roll("special"),
            "t": lambda: start_roll(emulator.rng.choice(("number", "special")), tilt=True),
            "g": lambda: say(f"garbage sent: {emulator.garbage()!r}"),
            "p": lambda: say(f"cut-off line sent: {emulator.partial_line()!r}"),
            "c": lambda: say(f"line with a wrong checksum sent: {emulator.bad_checksum()!r}"),
            "r": lambda: say(f"repeated: {emulator.repeat_last()!r}"),
        }
        if key in actions:
            actions[key]()
        elif not key.isspace():
            say(f"unknown key {key!r}; keys: " + ", ".join(f"{k} {what}" for k, what in KEYS.items()))
        return True

    while not stop.is_set():
        now = time.monotonic()
        for when, action in [item for item in due if item[0] <= now]:
            due.remove((when, action))
            action()
        if now >= next_beat:
            if emulator.connected:
                emulator.heartbeat()
            next_beat = now + heartbeat
        if auto_roll and next_roll is not None and now >= next_roll:
            if emulator.connected:
                start_roll(emulator.rng.choice(("number", "special")))
            next_roll = now + auto_roll
        deadlines = [next_beat, *(when for when, _ in due)] + ([next_roll] if next_roll is not None else [])
        wait = max(0.0, min(0.1, min(deadlines) - time.monotonic()))
        if keys is None:
            stop.wait(wait)
            continue
        ready, _, _ = select.select([keys], [], [], wait)
        if not ready:
            continue
        try:
            data = os.read(keys, 64)
        except OSError:
            data = b""
        if not data:
            if auto_roll is None:
                return
            keys = None
            continue
        for key in data.decode("ascii", "replace").lower():
            if not press(key):
                return
