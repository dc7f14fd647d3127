"""The die's self-test: listen for a while, ask for a roll, and say plainly what was heard.

``listen`` runs a ``DiceReader`` for up to ``seconds`` (ending early once ``rolls`` settled rolls
arrived) and returns a ``SelftestReport``. Its verdict is one of:

- ``ok``: rolls arrived;
- ``not-rolled``: the die talks (heartbeats) but no roll settled, or every roll came out tilted;
- ``silent``: the port opened but no valid line arrived — the "silent die";
- ``not-found``: no port could be opened (unplugged, wrong path, several candidates);
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
from hardware.dice.reader import DiceReader
from hardware.events import DeviceLost, Die, DieRolling, DieSettled, DieTilted, InputEvent

Verdict = Literal["ok", "not-rolled", "silent", "not-found", "disabled"]


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

    @property
    def verdict(self) -> Verdict:
        if self.disabled:
            return "disabled"
        if self.rolls:
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
            case "not-rolled":
                lines.append(f"  the die {self.device} is talking (firmware {self.firmware or 'unknown'}) but no roll")
                lines[-1] += " came out: every roll landed tilted." if self.tilted else " arrived: roll it."
            case "ok":
                shown = ", ".join(f"{die} {face}" for die, face in self.rolls)
                lines.append(f"  ok: {len(self.rolls)} roll(s) from {self.device}: {shown}.")
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
    by_id_dir: Path = BY_ID,
    cancel: threading.Event | None = None,
) -> SelftestReport:
    """Listen to the die for up to ``seconds``; stop early after ``rolls`` rolls (0: never) or on ``cancel``."""
    events: list[InputEvent] = []
    lock = threading.Lock()
    enough = threading.Event()

    def sink(event: InputEvent) -> None:
        with lock:
            events.append(event)
            if rolls and sum(isinstance(e, DieSettled) for e in events) >= rolls:
                enough.set()

    reader = DiceReader(config, sink, by_id_dir=by_id_dir)
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
    )
