"""Panel self-test: press every button a few times while the test watches, then read the report.

Each (player, button) ends up as one of:

* ``ok``: it went down and came up again;
* ``stuck``: it was already down when the test began and never came up, or one hold lasted
  longer than a person holds a button (``stuck_after_s``);
* ``chattering``: more debounced changes within ``chatter_window_s`` than fingers can make
  (a worn switch or a loose wire);
* ``silent``: it never registered (not wired, broken, or simply not pressed).

This is a wiring check outside any game, so unlike everything else here it names the buttons.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Literal, Protocol

from hardware.events import ButtonPressed, ButtonReleased, InputEvent
from hardware.panel.debounce import Clock, Sink

Status = Literal["ok", "stuck", "chattering", "silent"]


class Panel(Protocol):
    """What every panel driver offers."""

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class SelfTestLimits:
    """Where a person's pressing ends and a fault begins."""

    stuck_after_s: float = 5.0
    chatter_window_s: float = 0.25
    chatter_max_changes: int = 4
    start_grace_s: float = 0.1


@dataclass(frozen=True, slots=True)
class ButtonCheck:
    player: int
    button: int
    status: Status
    presses: int
    detail: str


@dataclass(frozen=True, slots=True)
class SelfTestReport:
    duration_s: float
    checks: tuple[ButtonCheck, ...]

    @property
    def ok(self) -> bool:
        return all(check.status == "ok" for check in self.checks)

    def with_status(self, status: Status) -> list[ButtonCheck]:
        return [check for check in self.checks if check.status == status]

    def status_of(self, player: int, button: int) -> Status:
        return next(c.status for c in self.checks if (c.player, c.button) == (player, button))

    def text(self) -> str:
        counts = ", ".join(
            f"{len(self.with_status(status))} {status}" for status in ("ok", "stuck", "chattering", "silent")
        )
        lines = [f"Panel self-test over {self.duration_s:.1f} s: {counts}"]
        for player in sorted({check.player for check in self.checks}):
            row = ", ".join(f"{c.button} {c.status}" for c in self.checks if c.player == player)
            lines.append(f"  player {player}: {row}")
        problems = [check for check in self.checks if check.status != "ok"]
        if problems:
            lines.append("To look at:")
            lines += [f"  player {c.player} button {c.button}: {c.status} ({c.detail})" for c in problems]
        return "\n".join(lines)

    __str__ = text


@dataclass(slots=True)
class _History:
    changes: list[tuple[float, bool]] = field(default_factory=list)


class SelfTestRecorder:
    """A panel sink that records every button change between :meth:`begin` and :meth:`finish`."""

    def __init__(
        self,
        buttons: Iterable[tuple[int, int]],
        *,
        clock: Clock = time.monotonic,
        limits: SelfTestLimits = SelfTestLimits(),
    ) -> None:
        self.limits = limits
        self._clock = clock
        self._histories = {key: _History() for key in sorted(buttons)}
        self._lock = threading.Lock()
        self._began: float | None = None
        self._ended: float | None = None

    def begin(self, now: float | None = None) -> None:
        with self._lock:
            self._began = self._clock() if now is None else now

    def finish(self, now: float | None = None) -> None:
        """Stop recording (what a panel sends while it shuts down does not count)."""
        with self._lock:
            self._ended = self._clock() if now is None else now

    def __call__(self, event: InputEvent) -> None:
        if not isinstance(event, ButtonPressed | ButtonReleased):
            return
        with self._lock:
            if self._began is None or self._ended is not None:
                return
            history = self._histories.get((event.player, event.button))
            if history is not None:
                history.changes.append((event.at, isinstance(event, ButtonPressed)))

    def report(self) -> SelfTestReport:
        with self._lock:
            began = self._began if self._began is not None else 0.0
            ended = self._ended if self._ended is not None else self._clock()
            checks = tuple(
                self._check(player, button, history.changes, began, ended)
                for (player, button), history in self._histories.items()
            )
        return SelfTestReport(ended - began, checks)

    def _check(
        self, player: int, button: int, changes: list[tuple[float, bool]], began: float, ended: float
    ) -> ButtonCheck:
        limits = self.limits
        presses = sum(1 for _, down in changes if down)
        if not presses:
            return ButtonCheck(player, button, "silent", 0, "never registered")
        holds = _holds(changes, ended)
        first_at, first_down = changes[0]
        still_down = changes[-1][1]
        if first_down and first_at - began <= limits.start_grace_s and still_down and len(changes) == 1:
            return ButtonCheck(player, button, "stuck", presses, "down from the start, never released")
        longest = max(holds)
        if longest > limits.stuck_after_s:
            return ButtonCheck(player, button, "stuck", presses, f"held down for {longest:.1f} s")
        burst = _largest_burst([at for at, _ in changes], limits.chatter_window_s)
        if burst > limits.chatter_max_changes:
            detail = f"{burst} changes within {limits.chatter_window_s:g} s, {len(changes)} in all"
            return ButtonCheck(player, button, "chattering", presses, detail)
        return ButtonCheck(player, button, "ok", presses, f"{presses} presses")


def _holds(changes: list[tuple[float, bool]], ended: float) -> list[float]:
    """How long each press lasted (a press still down lasts until the end)."""
    holds, since = [], None
    for at, down in changes:
        if down:
            since = at
        elif since is not None:
            holds.append(at - since)
            since = None
    if since is not None:
        holds.append(ended - since)
    return holds or [0.0]


def _largest_burst(times: list[float], window_s: float) -> int:
    """The most changes that fall within any window of ``window_s``."""
    best, start = 0, 0
    for end, at in enumerate(times):
        while at - times[start] > window_s:
            start += 1
        best = max(best, end - start + 1)
    return best


def run_selftest(
    open_panel: Callable[[Sink], Panel],
    buttons: Iterable[tuple[int, int]],
    *,
    duration_s: float = 60.0,
    clock: Clock = time.monotonic,
    wait: Callable[[float], None] = time.sleep,
    limits: SelfTestLimits = SelfTestLimits(),
) -> SelfTestReport:
    """Open a panel with a recording sink, watch it for ``duration_s`` (``wait`` passes the time:
    ``time.sleep`` for real, a scripted function in tests), close it and report."""
    recorder = SelfTestRecorder(buttons, clock=clock, limits=limits)
    panel = open_panel(recorder)
    try:
        recorder.begin()
        panel.start()
        wait(duration_s)
        recorder.finish()
    finally:
        panel.close()
    return recorder.report()
