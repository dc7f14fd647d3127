"""The die's self-test: listen for a while, ask for a roll, and say plainly what was heard.

``listen`` reads the table's dice (one board, or two side by side: :class:`DiceReaders`) for up
to ``seconds``, ending early once every board that spoke gave ``rolls`` settled rolls, and returns
a ``SelftestReport``. With two boards it names each: its port, device, firmware and rolls. Its
verdict is one of:

- ``ok``: rolls arrived (from each board that spoke);
- ``not-rolled``: the die talks (heartbeats) but no roll settled, or every roll came out tilted
  (with two boards: one of them gave no roll);
- ``silent``: the port opened but no valid line arrived — the "silent die";
- ``not-found``: no port could be opened (unplugged, wrong path, more than two candidates);
- ``disabled``: the configured port is ``none``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from hardware.dice.config import DiceConfig
from hardware.dice.detect import BY_ID
from hardware.dice.reader import ReaderStatus, open_dice
from hardware.events import DeviceConnected, DeviceLost, Die, DieRolling, DieSettled, DieTilted, InputEvent

Verdict = Literal["ok", "not-rolled", "silent", "not-found", "disabled"]


@dataclass(frozen=True, slots=True)
class Board:
    """One of two boards side by side: where it was read, what it said of itself, its rolls."""

    port: str | None
    device: str | None
    firmware: str | None
    heard: bool
    rolls: tuple[tuple[Die, int], ...] = ()

    def text(self) -> str:
        name = f"{self.device or 'a die'} on {self.port or 'no port'}"
        if not self.heard:
            return f"  {name}: silent, no valid line."
        said = f"  {name} (firmware {self.firmware or 'unknown'}): "
        if not self.rolls:
            return said + "talking, but no roll arrived: roll it."
        return said + f"{len(self.rolls)} roll(s): " + ", ".join(f"{die} {face}" for die, face in self.rolls) + "."


@dataclass(frozen=True, slots=True)
class SelftestReport:
    seconds: float
    port: str | None
    device: str | None
    firmware: str | None
    opened: bool
    heard: bool
    rolls: tuple[tuple[Die, int], ...] = ()
    rolling: int = 0
    tilted: int = 0
    dropped: Mapping[str, int] = field(default_factory=dict)
    lost: tuple[str, ...] = ()
    detail: str = ""
    disabled: bool = False
    boards: tuple[Board, ...] = ()
    """With two boards side by side, each one (empty with one board)."""

    @property
    def verdict(self) -> Verdict:
        if self.disabled:
            return "disabled"
        if self.rolls and all(board.rolls for board in self.boards if board.heard):
            return "ok"
        if self.heard:
            return "not-rolled"
        return "silent" if self.opened else "not-found"

    @property
    def silent(self) -> bool:
        return self.verdict == "silent"

    def text(self) -> str:
        """The report in a few plain lines, for the screen or a terminal."""
        where = self.port or "no port"
        lines = [f"Dice self-test, {self.seconds:.1f} s on {where}:"]
        match self.verdict:
            case "disabled":
                lines.append("  no electronic die is configured; rolls are made on the screen or typed in.")
            case "not-found":
                lines.append(f"  die not found: {self.detail}")
            case "silent":
                lines.append(f"  silent die: the port opened but no valid line arrived in {self.seconds:.1f} s.")
            case "not-rolled" if not self.rolls:
                lines.append(f"  the die {self.device} is talking (firmware {self.firmware or 'unknown'}) but no roll")
                lines[-1] += " came out: every roll landed tilted." if self.tilted else " arrived: roll it."
            case "not-rolled" if self.rolls:
                lines.append("  one of the two dice gave no roll: roll each of them.")
            case "ok":
                shown = ", ".join(f"{die} {face}" for die, face in self.rolls)
                lines.append(f"  ok: {len(self.rolls)} roll(s) from {self.device}: {shown}.")
        if self.boards:
            lines.append(f"  {len(self.boards)} dice boards side by side:")
            lines.extend(board.text() for board in self.boards)
        if self.tilted:
            lines.append(f"  {self.tilted} tilted roll(s): the table was asked to roll again.")
        if self.dropped:
            counted = ", ".join(f"{code} {count}" for code, count in sorted(self.dropped.items()))
            lines.append(f"  {sum(self.dropped.values())} line(s) dropped ({counted}).")
            if not self.heard:
                lines.append("  Lines arrive but none is valid: a wrong baud rate, another device, or a bad cable?")
        for reason in self.lost:
            lines.append(f"  connection lost: {reason}")
        return "\n".join(lines)


def listen(
    config: DiceConfig,
    seconds: float = 10.0,
    *,
    rolls: int = 1,
    boards: int = 1,
    by_id_dir: Path = BY_ID,
    cancel: threading.Event | None = None,
) -> SelftestReport:
    """Listen to the dice for up to ``seconds``; stop early once at least ``boards`` boards are
    connected and each gave ``rolls`` rolls (0: never), or on ``cancel``."""
    events: list[InputEvent] = []
    lock = threading.Lock()
    enough = threading.Event()
    connected: set[str] = set()

    def sink(event: InputEvent) -> None:
        with lock:
            events.append(event)
            if isinstance(event, DeviceConnected):
                connected.add(event.device)
            settled = [e.device for e in events if isinstance(e, DieSettled)]
            if rolls and len(connected) >= boards and all(settled.count(device) >= rolls for device in connected):
                enough.set()

    reader = open_dice(config, sink, by_id_dir=by_id_dir)
    started = time.monotonic()
    reader.start()
    try:
        deadline = started + seconds
        while config.port_kind != "none" and not (cancel is not None and cancel.is_set()):
            left = deadline - time.monotonic()
            if left <= 0 or enough.wait(min(left, 0.05)):
                break
        detail = reader.status().detail  # before stopping, which replaces it
    finally:
        reader.stop()
    status = reader.status()
    with lock:
        seen = list(events)
    return SelftestReport(
        seconds=time.monotonic() - started,
        port=status.port,
        device=status.device or next((e.device for e in seen if isinstance(e, DieSettled)), None),
        firmware=status.firmware,
        opened=status.opens > 0,
        heard=status.accepted > 0,
        rolls=tuple((e.die, e.face) for e in seen if isinstance(e, DieSettled)),
        rolling=sum(isinstance(e, DieRolling) for e in seen),
        tilted=sum(isinstance(e, DieTilted) for e in seen),
        dropped=dict(status.dropped),
        lost=tuple(e.reason for e in seen if isinstance(e, DeviceLost)),
        detail=detail,
        disabled=config.port_kind == "none",
        boards=tuple(_board(each, seen) for each in status.boards),
    )


def _board(status: ReaderStatus, seen: list[InputEvent]) -> Board:
    rolled = tuple((e.die, e.face) for e in seen if isinstance(e, DieSettled) and e.device == status.device)
    return Board(status.port, status.device, status.firmware, status.accepted > 0, rolled)
