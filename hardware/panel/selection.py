"""Secret picks: every player chooses k different buttons, and nobody learns which until the reveal.

:class:`SecretPicks` is fed button events from any panel (it can be the panel's sink). What it
tells the outside before :meth:`SecretPicks.reveal` never depends on which button was pressed:

* :class:`PicksLocked` when a player has k picks (their LED lights),
* :class:`PicksCleared` when a player's picks are wiped (held button, or a new restriction),
* :class:`PressRefused` for a press that counts for nothing (their LED blinks),
* :class:`RoundReset` after a reveal or a reset.

How a player uses it: press a button to pick it, press it again to drop it; with k picks the
player is locked in and further presses are refused. Holding any own button for
``hold_to_clear_s`` wipes that player's picks, as long as not everyone has locked in yet.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from engines.core.errors import CompanionError
from hardware.events import ButtonPressed, ButtonReleased, DeviceLost, InputEvent
from hardware.panel.debounce import Clock

log = logging.getLogger(__name__)

# A hold timer fires this much after the hold is due, so its check never runs a hair too early.
_TIMER_MARGIN_S = 0.01

RefusalReason = Literal["not-allowed", "locked-in", "not-playing"]


@dataclass(frozen=True, slots=True)
class PicksLocked:
    """The player has all their picks."""

    player: int


@dataclass(frozen=True, slots=True)
class PicksCleared:
    """The player's picks were wiped; they choose again."""

    player: int


@dataclass(frozen=True, slots=True)
class PressRefused:
    """A press that changed nothing. ``reason`` never names the button."""

    player: int
    reason: RefusalReason


@dataclass(frozen=True, slots=True)
class RoundReset:
    """Every pick was revealed or dropped; a new choice begins."""


PicksNotification = PicksLocked | PicksCleared | PressRefused | RoundReset
Listener = Callable[[PicksNotification], None]


class PicksIncomplete(CompanionError, RuntimeError):
    """``reveal()`` was asked for before every player had locked in."""


class SecretPicks:
    """Thread-safe secret choice of ``picks_per_player`` distinct buttons (1..6) for each seated player.

    Listeners are called with the lock held, in order, on the thread that fed the event (or the
    hold timer's thread); they must be quick, and may query this object but not wait for another
    thread that does. With ``hold_timers=False`` holds are only noticed on release or by
    :meth:`check_holds` (tests with a fake clock do that).
    """

    def __init__(
        self,
        players: Iterable[int],
        *,
        picks_per_player: int = 2,
        hold_to_clear_s: float = 1.5,
        listeners: Iterable[Listener] = (),
        clock: Clock = time.monotonic,
        hold_timers: bool = True,
    ) -> None:
        self._players = frozenset(players)
        if not self._players or not self._players <= set(range(1, 7)):
            raise ValueError("players must be seats 1..6, at least one")
        if not 1 <= picks_per_player <= 6:
            raise ValueError("picks_per_player must be 1..6")
        self.picks_per_player = picks_per_player
        self.hold_to_clear_s = hold_to_clear_s
        self._listeners = list(listeners)
        self._clock = clock
        self._hold_timers = hold_timers
        self._lock = threading.RLock()
        self._picks: dict[int, list[int]] = {player: [] for player in self._players}
        self._allowed: dict[int, frozenset[int]] = {}
        self._held: dict[tuple[int, int], float] = {}
        self._timers: dict[tuple[int, int], threading.Timer] = {}
        self._started: list[threading.Timer] = []  # every hold timer not known to have ended, cancelled ones too

    @property
    def players(self) -> frozenset[int]:
        return self._players

    def add_listener(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.append(listener)

    def __call__(self, event: InputEvent) -> None:
        """Use the object itself as a panel's sink."""
        self.handle(event)

    def handle(self, event: InputEvent) -> None:
        """Take a panel event; anything but button presses, releases and a lost panel is ignored."""
        if isinstance(event, ButtonPressed):
            self._press(event.player, event.button, event.at)
        elif isinstance(event, ButtonReleased):
            self._release(event.player, event.button, event.at)
        elif isinstance(event, DeviceLost) and event.kind == "panel":
            with self._lock:
                self._forget_holds()

    def allow(self, player: int, buttons: Iterable[int] | None) -> None:
        """Restrict the buttons ``player`` may pick (None: all six). The player's picks are wiped,
        whichever they were, so the notification says nothing about them."""
        with self._lock:
            self._check_player(player)
            if buttons is None:
                self._allowed.pop(player, None)
            else:
                allowed = frozenset(buttons)
                if not allowed <= set(range(1, 7)) or len(allowed) < self.picks_per_player:
                    raise ValueError(f"player {player} needs at least {self.picks_per_player} allowed buttons of 1..6")
                self._allowed[player] = allowed
            self._clear(player)

    def check_holds(self, now: float | None = None) -> None:
        """Clear the picks of every player who has held a button for ``hold_to_clear_s``."""
        with self._lock:
            now = self._clock() if now is None else now
            for (player, button), since in list(self._held.items()):
                if now - since >= self.hold_to_clear_s:
                    self._held.pop((player, button))
                    self._hold_complete(player)

    def all_locked(self) -> bool:
        with self._lock:
            return all(len(picks) == self.picks_per_player for picks in self._picks.values())

    def locked_players(self) -> frozenset[int]:
        with self._lock:
            return frozenset(p for p, picks in self._picks.items() if len(picks) == self.picks_per_player)

    def reveal(self) -> dict[int, tuple[int, ...]]:
        """Every player's picks (sorted), once all have locked in; then a new choice begins."""
        with self._lock:
            if not self.all_locked():
                waiting = sorted(self._players - self.locked_players())
                raise PicksIncomplete(f"players {waiting} have not locked in yet")
            picks = {player: tuple(sorted(chosen)) for player, chosen in sorted(self._picks.items())}
            self.reset()
            return picks

    def reset(self) -> None:
        """Drop every pick and hold for a new round (restrictions stay until changed with :meth:`allow`)."""
        with self._lock:
            for picks in self._picks.values():
                picks.clear()
            self._forget_holds()
            log.debug("picks reset")
            self._notify(RoundReset())

    def close(self) -> None:
        """Cancel pending hold timers and wait for their threads to end: also those cancelled
        before (a release cancels its hold), whose threads may not have woken yet on a busy
        machine."""
        with self._lock:
            timers = list(self._started)
            self._started.clear()
            self._forget_holds()
        for timer in timers:
            timer.cancel()
            timer.join()

    def _press(self, player: int, button: int, at: float) -> None:
        with self._lock:
            if player not in self._players:
                self._refuse(player, "not-playing")
                return
            self._start_hold(player, button, at)
            picks = self._picks[player]
            if len(picks) == self.picks_per_player:
                self._refuse(player, "locked-in")
            elif button in picks:
                picks.remove(button)
            elif button not in self._allowed.get(player, range(1, 7)):
                self._refuse(player, "not-allowed")
            else:
                picks.append(button)
                if len(picks) == self.picks_per_player:
                    log.debug("player %d locked in", player)
                    self._notify(PicksLocked(player))

    def _release(self, player: int, button: int, at: float) -> None:
        with self._lock:
            since = self._held.pop((player, button), None)
            timer = self._timers.pop((player, button), None)
            if timer is not None:
                timer.cancel()
            if since is not None and at - since >= self.hold_to_clear_s:
                self._hold_complete(player)

    def _start_hold(self, player: int, button: int, at: float) -> None:
        self._held[player, button] = at
        if self._hold_timers:
            old = self._timers.pop((player, button), None)
            if old is not None:
                old.cancel()
            timer = threading.Timer(self.hold_to_clear_s + _TIMER_MARGIN_S, self.check_holds)
            timer.name = f"panel-hold-{player}"
            timer.daemon = True
            self._timers[player, button] = timer
            self._started = [started for started in self._started if started.is_alive()]
            self._started.append(timer)
            timer.start()

    def _hold_complete(self, player: int) -> None:
        if not self.all_locked():
            self._clear(player)

    def _clear(self, player: int) -> None:
        self._picks[player].clear()
        log.debug("player %d picks cleared", player)
        self._notify(PicksCleared(player))

    def _refuse(self, player: int, reason: RefusalReason) -> None:
        log.debug("player %d press refused (%s)", player, reason)
        self._notify(PressRefused(player, reason))

    def _forget_holds(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        self._held.clear()

    def _check_player(self, player: int) -> None:
        if player not in self._players:
            raise ValueError(f"player {player} is not seated in this choice")

    def _notify(self, notification: PicksNotification) -> None:
        for listener in self._listeners:
            listener(notification)

    def __repr__(self) -> str:
        players, locked = sorted(self._players), sorted(self.locked_players())
        return f"SecretPicks(players={players}, picks_per_player={self.picks_per_player}, locked={locked})"

    __str__ = __repr__
