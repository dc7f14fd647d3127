"""The shape of a game: fixed facts plus pure functions over immutable states.

A game is defined by its setup, its commands (checked against the state and turned into
events, or refused with a :class:`RuleViolation` that leaves the state untouched) and
``evolve(state, event) -> state``. Every random result arrives as a value inside a command.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")


class Game(Protocol, Generic[S, C, E]):
    """What the core (history, saved formats) and the app need from a game."""

    name: str
    """Stable identifier, e.g. ``"gluecksritter"``; part of every saved document."""

    format_version: int
    """Version of the saved shapes of commands, events and states."""

    def setup(self, config: Any) -> S:
        """The state before the first command, from a validated setup."""

    def decide(self, state: S, command: C) -> Sequence[E]:
        """Events that carry out ``command``, or raise RuleViolation. Never changes ``state``."""

    def evolve(self, state: S, event: E) -> S:
        """The state after ``event``. Events are facts: evolve does not judge them."""

    def check(self, state: S) -> None:
        """Raise InvariantBroken if ``state`` is impossible on the real table."""

    def public_view(self, state: S) -> Mapping[str, Any]:
        """What everyone at the table may see, whose move it is included (``awaiting``, in the
        shape of :mod:`engines.core.awaiting`)."""

    def player_view(self, state: S, player: str) -> Mapping[str, Any]:
        """What one player may see: the public view plus that player's own secrets."""

    def public_event(self, event: E) -> Mapping[str, Any]:
        """An event as the shared game log may show it, secrets blanked out."""

    def parse_config(self, data: Any) -> Any:
        """Validate a setup document (pydantic); raises pydantic.ValidationError."""

    def dump_config(self, config: Any) -> dict[str, Any]:
        """A validated setup as the JSON document ``parse_config`` reads back."""

    def parse_command(self, data: Any) -> C:
        """Validate one command document (pydantic); raises pydantic.ValidationError."""

    def dump_command(self, command: C) -> dict[str, Any]: ...

    def parse_event(self, data: Any) -> E: ...

    def dump_event(self, event: E) -> dict[str, Any]: ...

    def parse_state(self, data: Any) -> S: ...

    def dump_state(self, state: S) -> dict[str, Any]: ...
