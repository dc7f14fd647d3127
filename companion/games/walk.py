"""The walk through one command's events that every game's ``happenings`` makes to tell what just
happened: :class:`Walk` holds the events (copied, in order), the public view after the command
(``after``, None in the game log), the players' given names where the game log gives them
(``people``) and the events already told by an earlier line (``done``), with the look-ups every
game needs (``who``: a player as the screen names them); :func:`told` gives the lines, each event
not yet told handed to its handler by type. A game subclasses :class:`Walk` for its own look-ups
(a document's name, a henchman's place, a cell of the landscape). No Kivy here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from companion.app.people import person
from companion.i18n import Person

Event = Mapping[str, Any]


class Walk:
    """The events of one command, with what the lines need to look ahead or back."""

    def __init__(
        self, events: Sequence[Event], after: Mapping[str, Any] | None, people: Mapping[str, str | None] | None = None
    ) -> None:
        self.events = [dict(e) for e in events]
        self.after = after
        self.people = people
        self.done: set[int] = set()

    def who(self, colour: str | None) -> Any:
        """A player as the screen names them: the name given with the colour beside it ("Anna
        (Red)"), or the colour capitalised in the table's language; the names from ``people``
        (the game log, which has no view after each old step), else from the view after (None:
        the whole table)."""
        if self.people is not None and colour is not None:
            return Person(colour, self.people.get(colour))
        return person(self.after, colour)  # without a view: the colour alone (None: the whole table)

    def later(self, i: int, test: Callable[[dict[str, Any]], bool]) -> list[int]:
        """The places of the events after ``i``, not told yet, that ``test`` accepts."""
        return [j for j in range(i + 1, len(self.events)) if j not in self.done and test(self.events[j])]

    def take(self, i: int, owned: Callable[[dict[str, Any]], bool], *, last: str | None = None) -> list[dict]:
        """The events right after ``i`` that ``owned`` accepts, up to the first it does not (or up to
        one of type ``last``, included); they are marked done."""
        taken = []
        for j in range(i + 1, len(self.events)):
            if j in self.done:
                continue
            x = self.events[j]
            if not owned(x):
                break
            self.done.add(j)
            taken.append(x)
            if x["type"] == last:
                break
        return taken

    def ahead(self, i: int, stop: tuple[str, ...] = ()) -> list[dict[str, Any]]:
        """The events after ``i``, up to the first of a type in ``stop``."""
        out = []
        for x in self.events[i + 1 :]:
            if x["type"] in stop:
                break
            out.append(x)
        return out

    def first(self, kind: str) -> dict[str, Any] | None:
        """The first event of type ``kind``, if there is one."""
        return next((e for e in self.events if e.get("type") == kind), None)

    def player(self, colour: str | None) -> Mapping[str, Any] | None:
        """The player of ``colour`` in the view after the command, if there is one."""
        return next((p for p in (self.after or {}).get("players", ()) if p.get("colour") == colour), None)


W = TypeVar("W", bound=Walk)


def told(walk: W, handlers: Mapping[str, Callable[[W, int, dict], list[Any]]]) -> list[Any]:
    """The lines for the walk's events: each event not told yet by its type's handler (an event of
    a type without one says nothing)."""
    out: list[Any] = []
    for i, e in enumerate(walk.events):
        if i in walk.done:
            continue
        handler = handlers.get(e.get("type", ""))
        if handler is not None:
            out += handler(walk, i, e)
    return out
