"""What the table needs to know of one game beyond its engine: the ``TableGame`` protocol.

The engine decides; this part tells the table how input becomes commands: which players choose
in secret on the panel and which buttons they may press, the command a revealed choice becomes,
the rolls the game waits for (whose, which die) and the command each face makes, and the random
draws the engine never makes itself (filled into a screen's command from the table's
``random.Random``). Each game has one, e.g. ``companion.games.gluecksritter.table``.

Everything here reads only the state it is given; nothing keeps state of its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from hardware.events import Die, RollSource


@dataclass(frozen=True, slots=True)
class RollWanted:
    """A roll the game waits for: whose it is (None: anybody at the table), which die, a sentence
    for the screen, and ``make(face)``, the command the settled face becomes."""

    player: str | None
    die: Die
    words: str
    make: Callable[[int], Any] = field(repr=False, compare=False)
    text: Any = field(default=None, repr=False, compare=False)
    """The same sentence to render in the table's language (:func:`companion.i18n.render`)."""
    faces: tuple[str, ...] = field(default=(), compare=False)
    """What each face of the die shows, face 1 first, for a die whose faces are pictures (the
    special die's ``"sack"`` and ``"castle"``, as this table's die is printed); empty: numbers."""


@dataclass(frozen=True, slots=True)
class Rolled:
    """What ``RollWanted.make`` gives for a roll that is only the first part of a command: the face
    is kept for the screen, which asks the rest (where the figure stopped after the journey) and
    then sends the whole command with it. Nothing is written until then.

    ``make`` may also give another :class:`RollWanted`: the next die of the same command (the
    opponent's die of an exchange of blows)."""

    player: str | None
    die: Die
    face: int
    purpose: str
    """The command the face is for, by its type (``"travel"``)."""
    text: Any = field(default=None, compare=False)
    """What the screen asks next, to render in the table's language."""
    source: RollSource | None = field(default=None, compare=False)
    """Where the face came from (the table fills it in): ``"screen"`` or ``"serial"``, a roll that
    fell and stands; ``"typed"``, a real die's face tapped, which may be tapped again if it was
    tapped wrongly; None, a roll from before a restart, which stands too."""


class TableGame(Protocol):
    """One game's part of the table (see the module's text). A part may also have
    ``alternatives(state, command) -> list[Any]``, the ways the rules leave to the player to make a
    command (which coins to pay with), which :meth:`companion.table.Table.alternatives` asks for
    when it is there; without it a command has no alternatives."""

    name: str
    """The engine's name, e.g. ``"gluecksritter"``."""

    picks_per_player: int
    """How many different buttons a player locks in (0: the game has no secret choice)."""

    def seats(self, state: Any) -> Mapping[int, str]:
        """Panel seat (1..6) -> the player sitting there."""

    def choosing(self, state: Any) -> Mapping[str, frozenset[int]]:
        """The players whose secret choice the game awaits now, each with the buttons they may
        pick (only what the public view already tells). Empty when no choice is awaited."""

    def pick(self, player: str, buttons: tuple[int, ...]) -> Any:
        """The command that enters a player's revealed buttons (sorted) into the game."""

    def is_pick(self, command: Any) -> bool:
        """Whether ``command`` is such a choice (then it comes from the panel, if there is one)."""

    def rolls(self, state: Any) -> list[RollWanted]:
        """The rolls the game itself waits for now, in the order the table should make them. A
        roll's ``make(face)`` gives the command, the next :class:`RollWanted` of the same command,
        or a :class:`Rolled` the screen completes."""

    def prepare(self, state: Any, command: Any, rng: random.Random) -> Any:
        """A screen's command made ready for the engine: the draws it leaves to the app filled in
        from ``rng``, or a :class:`RollWanted` for the roll it still needs. Raises
        ``RuleViolation`` for a command no draw or roll can make acceptable."""


class NoSecretChoice:
    """What a game's table part says when the game has no secret choice on the panel: the players
    sit at panel seats 1, 2, ... in turn order (``state.players``), nobody chooses, no press is a
    pick. A game part without picks takes these and adds its rolls."""

    name: str
    picks_per_player = 0

    def seats(self, state: Any) -> Mapping[int, str]:
        return {seat: p.colour for seat, p in enumerate(state.players, start=1)}

    def choosing(self, state: Any) -> Mapping[str, frozenset[int]]:
        return {}

    def pick(self, player: str, buttons: tuple[int, ...]) -> Any:
        raise LookupError(f"{self.name} has no secret choice on the panel")

    def is_pick(self, command: Any) -> bool:
        return False
