"""The secret choice on the panel: who chooses, what they may press, and when the picks go in.

One :class:`~hardware.panel.SecretPicks` serves the players the game waits for. It is fed on the
UI loop; its notifications (which never name a button) come back through the loop too, because
its hold timers call them on threads of their own. When the last player locks in, the picks are
revealed and handed to ``enter`` all at once; the table checks them together and either writes
them all or, if the engine refuses one, writes none: the refused players choose again while the
others' revealed picks wait here, in memory only, until everyone's can go in together.

What a player may press follows the game (e.g. no card whose knight sits in the dungeon); when it
changes, that player's picks are wiped (whatever they were, so the wipe tells nothing).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from companion.i18n import Message
from companion.table.game import TableGame
from companion.table.loop import Loop
from companion.table.notices import ChoiceOpened, LockedIn, Notice, PicksCleared, PressIgnored, Refused
from engines.core.errors import RuleViolation
from engines.core.history import replay
from hardware.events import ButtonPressed, ButtonReleased, DeviceLost, InputEvent
from hardware.panel import PicksCleared as Cleared
from hardware.panel import PicksLocked, PicksNotification, PlayerLeds, PressRefused, SecretPicks

Enter = Callable[[dict[str, Any]], None]


def refusals(engine: Any, state: Any, commands: Mapping[str, Any]) -> dict[str, RuleViolation]:
    """The players whose command the engine refuses when all of ``commands`` go in one after another."""
    refused = {}
    for player, command in commands.items():
        try:
            events = engine.decide(state, command)
        except RuleViolation as violation:
            refused[player] = violation
            continue
        state = replay(engine, state, events, check=False)
    return refused


class Selection:
    def __init__(
        self,
        game: TableGame,
        loop: Loop,
        tell: Callable[[Notice], Any],
        enter: Enter,
        *,
        leds: PlayerLeds | None = None,
        hold_to_clear_s: float = 1.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._game = game
        self._loop = loop
        self._tell = tell
        self._enter = enter
        self._leds = leds
        self._hold_to_clear_s = hold_to_clear_s
        self._clock = clock
        self._picks: SecretPicks | None = None
        self._heard_locked: set[int] = set()  # seats whose lock-in has reached the UI loop
        self._seats: dict[int, str] = {}
        self._allowed: dict[str, frozenset[int]] = {}  # what the panel lets each asked player press
        self._held: dict[str, Any] = {}  # revealed, accepted picks waiting for the players asked again

    # --------------------------------------------------------------------------- following the game
    def sync(self, state: Any) -> list[Notice]:
        """Bring the panel's choice in line with what the game awaits in ``state``."""
        self._seats = dict(self._game.seats(state))
        wanted = dict(self._game.choosing(state))
        self._held = {player: command for player, command in self._held.items() if player in wanted}
        asking = {player: allowed for player, allowed in wanted.items() if player not in self._held}
        if not asking:  # nobody left to wait for: whoever is awaited chooses afresh
            self._held.clear()
            asking = wanted
        if not asking:
            self._close_picks()
            return []
        if self._picks is not None and set(self._allowed) == set(asking):
            for player, allowed in asking.items():
                if allowed != self._allowed[player]:
                    self._allowed[player] = allowed
                    self._picks.allow(self._seat(player), allowed)  # wipes; PicksCleared follows
            return []
        self._open(asking)
        return [ChoiceOpened(tuple(p for p in self._seats.values() if p in asking))]

    def ask_again(self, accepted: Mapping[str, Any], state: Any) -> list[Notice]:
        """The engine refused some revealed picks: keep ``accepted`` and ask the others again."""
        self._held = dict(accepted)
        self._close_picks()
        return self.sync(state)

    def _open(self, asking: Mapping[str, frozenset[int]]) -> None:
        self._close_picks()
        picks = SecretPicks(
            [self._seat(player) for player in asking],
            picks_per_player=self._game.picks_per_player,
            hold_to_clear_s=self._hold_to_clear_s,
            clock=self._clock,
        )
        for player, allowed in asking.items():
            picks.allow(self._seat(player), allowed)  # before anyone listens: nothing to tell
        if self._leds is not None:
            picks.add_listener(self._leds)
            for seat, player in self._seats.items():
                self._leds.set_lit(seat, player in self._held)
        picks.add_listener(self._loop.hop(partial(self._heard, picks)))
        self._picks, self._allowed, self._heard_locked = picks, dict(asking), set()

    def _close_picks(self) -> None:
        if self._picks is not None:
            self._picks.close()
            if self._leds is not None:  # the choice ended or was undone: every LED dark
                for seat in self._seats:
                    self._leds.set_lit(seat, False)
        self._picks, self._allowed, self._heard_locked = None, {}, set()

    def _seat(self, player: str) -> int:
        return next(seat for seat, sitting in self._seats.items() if sitting == player)

    # ------------------------------------------------------------------------------- the panel
    def feed(self, event: InputEvent) -> Notice | None:
        """A panel event, on the UI loop. A press while nobody chooses is refused in words."""
        if not isinstance(event, ButtonPressed | ButtonReleased | DeviceLost):
            return None
        if self._picks is not None:
            self._picks.handle(event)
            return None
        if not isinstance(event, ButtonPressed):
            return None
        if self._leds is not None:
            self._leds.blink(event.player)
        player = self._seats.get(event.player)
        who = f"{player}'s press" if player else f"a press at seat {event.player}"
        # Nobody chooses, so the button is no secret: naming it makes this the panel's self-test.
        text = Message(
            "No cards are being chosen now: seat {seat}, button {button} is not used.",
            seat=event.player,
            button=event.button,
        )
        return Refused("table.no-choice", f"No cards are being chosen now: {who} is not used.", player, text)

    def _heard(self, source: SecretPicks, notification: PicksNotification) -> None:
        """A notification, in the order SecretPicks made them. The choice is revealed once every
        lock-in has been heard here, so each player's lock-in is told before the picks go in."""
        if source is not self._picks or not isinstance(notification, PicksLocked | Cleared | PressRefused):
            return  # a choice that has ended since, or a reset
        player = self._seats.get(notification.player)
        if player is None:
            return
        if isinstance(notification, Cleared):
            self._heard_locked.discard(notification.player)
            self._tell(PicksCleared(player))
        elif isinstance(notification, PressRefused):
            self._tell(PressIgnored(player))
        else:
            self._heard_locked.add(notification.player)
            self._tell(LockedIn(player))
            if self._heard_locked == source.players and source.all_locked():
                self._reveal(source)

    def _reveal(self, picks: SecretPicks) -> None:
        revealed = {}
        for seat, buttons in picks.reveal().items():
            revealed[self._seats[seat]] = self._game.pick(self._seats[seat], buttons)
        together = {**self._held, **revealed}
        self._held = {}
        self._close_picks()
        self._enter({player: together[player] for player in self._seats.values() if player in together})

    # ------------------------------------------------------------------------------- for screens
    def choosing(self) -> tuple[str, ...]:
        """Every player in the secret choice now, in seat order (those waiting included)."""
        return tuple(p for p in self._seats.values() if p in self._allowed or p in self._held)

    def locked(self) -> tuple[str, ...]:
        """Who has locked in (or has picks waiting for the others), in seat order."""
        return tuple(p for seat, p in self._seats.items() if seat in self._heard_locked or p in self._held)

    def close(self) -> None:
        self._close_picks()

    def __repr__(self) -> str:
        return f"Selection(choosing={list(self.choosing())}, locked={list(self.locked())})"
