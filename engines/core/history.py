"""A play's history: setup plus the events of each accepted command, with undo and redo.

Undo and redo move whole commands (all the events one command produced) between the history
and a redo stack; a new command empties the redo stack. The state after every entry is kept,
so undo is immediate; :meth:`History.replay` rebuilds the state from the setup alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engines.core.errors import RuleViolation
from engines.core.game import Game

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Entry(Generic[S]):
    """One accepted command, the events it produced, and the state they led to."""

    command: Any
    events: tuple[Any, ...]
    state: S


class History(Generic[S]):
    def __init__(self, game: Game[S, Any, Any], config: Any, *, check_every_event: bool = True) -> None:
        self.game = game
        self.config = config
        self.initial: S = game.setup(config)
        self.check_every_event = check_every_event
        if check_every_event:
            game.check(self.initial)
        self._entries: list[Entry[S]] = []
        self._redo: list[Entry[S]] = []

    @property
    def state(self) -> S:
        return self._entries[-1].state if self._entries else self.initial

    @property
    def entries(self) -> Sequence[Entry[S]]:
        return tuple(self._entries)

    @property
    def can_undo(self) -> bool:
        return bool(self._entries)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def events(self) -> Iterator[Any]:
        for entry in self._entries:
            yield from entry.events

    def apply(self, command: Any) -> tuple[Any, ...]:
        """Carry out a command; on refusal nothing changes and RuleViolation propagates."""
        events = tuple(self.game.decide(self.state, command))
        state = self._fold(self.state, events)
        self._entries.append(Entry(command, events, state))
        self._redo.clear()
        return events

    def restore(self, command: Any, events: Iterable[Any]) -> None:
        """Append a recorded entry by replaying its events (loading a save: nothing is re-decided)."""
        events = tuple(events)
        self._entries.append(Entry(command, events, self._fold(self.state, events)))
        self._redo.clear()

    def undo(self) -> Entry[S]:
        if not self._entries:
            raise RuleViolation("history.undo", "there is nothing to undo")
        entry = self._entries.pop()
        self._redo.append(entry)
        return entry

    def redo(self) -> Entry[S]:
        if not self._redo:
            raise RuleViolation("history.redo", "there is nothing to redo")
        entry = self._redo.pop()
        self._entries.append(entry)
        return entry

    def replay(self) -> S:
        """The state rebuilt from the setup and the recorded events alone."""
        return replay(self.game, self.initial, self.events(), check=self.check_every_event)

    def _fold(self, state: S, events: Iterable[Any]) -> S:
        return replay(self.game, state, events, check=self.check_every_event)


def replay(game: Game[S, Any, Any], state: S, events: Iterable[Any], *, check: bool = True) -> S:
    evolve = game.evolve
    if check:
        inspect = game.check
        for event in events:
            state = evolve(state, event)
            inspect(state)
    else:
        for event in events:
            state = evolve(state, event)
    return state
