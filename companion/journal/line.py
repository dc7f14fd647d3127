"""A game's journal entries folded in order: the line of play (the commands in play), what can
be redone, and the state after each command, with the game's invariants checked after every
event. ``journal verify`` uses it on a stored game, import on a document before writing it."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from companion.journal.rows import EntryRow
from engines.core.errors import CompanionError, InvariantBroken
from engines.core.history import replay


class EntryProblem(CompanionError, ValueError):
    """The first entry that does not fit; the message names it."""


def first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"])
    return f"{error['msg']} at {where}" if where else error["msg"]


class LineOfPlay:
    def __init__(self, game: Any, initial: Any) -> None:
        self.game = game
        self.line: list[int] = []
        self.redo: list[int] = []
        self.events = 0
        # The states a later entry can start from: the setup's, and those after the commands in
        # play and the commands that can be redone. Kept exactly so as the line changes (a new
        # command drops the states of what could be redone; undo and redo only move an entry
        # between ``line`` and ``redo``), so each entry costs the same however long the game is.
        self._states: dict[int, Any] = {0: initial}
        self._next = 1

    @property
    def head(self) -> int:
        return self.line[-1] if self.line else 0

    @property
    def state(self) -> Any:
        return self._states[self.head]

    def add(self, entry: EntryRow) -> tuple[Any, list[Any]] | None:
        """Fold one entry; for a command, return it and its events (parsed). EntryProblem if it
        does not fit: a gap, a wrong parent, an unreadable or impossible command, an undo or redo
        out of order."""
        where = f"entry {entry.seq}"
        if entry.seq != self._next:
            raise EntryProblem(f"the entries jump from {self._next - 1} to {entry.seq}")
        self._next = entry.seq + 1
        head = self.head
        if entry.kind == "command":
            if entry.command is None or entry.events is None:
                raise EntryProblem(f"{where}: a command without its command or its events")
            if entry.parent != head:
                raise EntryProblem(f"{where}: it follows entry {entry.parent}, but entry {head} was in play")
            try:
                command = self.game.parse_command(entry.command)
                events = [self.game.parse_event(e) for e in entry.events]
                state = replay(self.game, self._states[head], events)
            except ValidationError as exc:
                raise EntryProblem(f"{where} cannot be read: {first_error(exc)}") from None
            except InvariantBroken as exc:
                raise EntryProblem(f"{where}: an impossible state after its events: {exc}") from None
            except Exception as exc:  # a broken event can fail in any way while it is replayed
                raise EntryProblem(f"{where}: its events do not replay ({type(exc).__name__}: {exc})") from None
            for dropped in self.redo:
                self._states.pop(dropped, None)
            self.redo.clear()
            self.line.append(entry.seq)
            self._states[entry.seq] = state
            self.events += len(events)
            return command, events
        if entry.kind == "undo":
            if not self.line or entry.target != head:
                raise EntryProblem(f"{where}: it undoes entry {entry.target}, but entry {head} was in play")
            self.redo.append(self.line.pop())
        elif entry.kind == "redo":
            if not self.redo or entry.target != self.redo[-1]:
                raise EntryProblem(f"{where}: it redoes entry {entry.target}, which was not the last one undone")
            self.line.append(self.redo.pop())
        else:
            raise EntryProblem(f"{where}: unknown kind {entry.kind!r}")
        return None
