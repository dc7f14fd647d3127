"""What just happened at the table, one small frozen notice each, for the screens to show.

Notices are public: none names a secret before its reveal. A lock-in names the player, never the
cards; committed events are the engine's public events (secrets blanked); a refusal is a rule id
and a sentence for the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from hardware.events import Die


@dataclass(frozen=True, slots=True)
class Happened:
    """A command written to the journal: its entry, its type and its public events in order."""

    entry: int
    command: str
    events: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True, slots=True)
class Refused:
    """Something that changed nothing, in words: a command the rules refuse (``rule`` is the
    engine's rule id) or an input the table cannot use (``rule`` starts with ``table.``)."""

    rule: str
    message: str
    player: str | None = None
    text: Any = field(default=None, compare=False)
    """The same to render in the table's language (:func:`companion.i18n.render`); ``None`` shows
    ``message``."""

    @property
    def shown(self) -> Any:
        return self.text if self.text is not None else self.message


@dataclass(frozen=True, slots=True)
class Moved:
    """An undo or redo written to the journal, with what the players must change on the cardboard:
    ``words`` in English, ``messages`` the same to render in the table's language
    (:func:`companion.i18n.render`)."""

    kind: Literal["undo", "redo"]
    entry: int
    target: int
    words: tuple[str, ...]
    messages: tuple[Any, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class ChoiceOpened:
    """These players choose in secret on the panel now (again, after a restart or a refusal)."""

    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ChoiceInterrupted:
    """The secret choice was cut off (the power went off) before its reveal: the picks locked in
    were in memory only and are gone, so everyone chooses again. ``locked``: who had locked in
    (public, as the board showed it); never which cards."""

    locked: tuple[str, ...]

    @property
    def text(self) -> Any:
        from companion.i18n import Message

        return Message("The secret choice was cut off by a power failure: everyone chooses again.")


@dataclass(frozen=True, slots=True)
class StepResumed:
    """The power went off in the middle of a step the journal did not hold yet (a die of an
    exchange rolled before the other, a flight asked for, a castle laid before its march was
    confirmed): the public part of it was kept and the step goes on where it stood. ``faces``: the
    dice rolled for it before the cut (in the open); ``next``: what the step waits for now, to
    render; ``lost``: the step could not be taken up again, so it is entered anew."""

    faces: tuple[int, ...] = ()
    next: Any = field(default=None, compare=False)
    lost: bool = False

    @property
    def text(self) -> Any:
        from companion.i18n import Join, Message, Plural

        if self.lost:
            return Message("The power failed in the middle of a step that cannot be taken up again: enter it anew.")
        if self.faces:
            return Plural(
                "The power failed in the middle of this step; the roll made before it is kept: {faces}.",
                "The power failed in the middle of this step; the rolls made before it are kept: {faces}.",
                len(self.faces),
                faces=Join(*self.faces),
            )
        return Message("The power failed in the middle of this step; it goes on where it stood.")


@dataclass(frozen=True, slots=True)
class LockedIn:
    """The player has locked in all their picks (their LED is lit). Never says which."""

    player: str


@dataclass(frozen=True, slots=True)
class PicksCleared:
    """The player's picks were wiped (held button, or what they may pick changed): choose again."""

    player: str


@dataclass(frozen=True, slots=True)
class PressIgnored:
    """A press on the panel that counted for nothing (the LED blinked). Never says which button."""

    player: str


@dataclass(frozen=True, slots=True)
class RollCalled:
    """A roll the table waits for, e.g. the special die for a raid the screen asked for."""

    player: str | None
    die: Die
    words: str
    text: Any = field(default=None, compare=False)
    """``words`` to render in the table's language."""


@dataclass(frozen=True, slots=True)
class RollKept:
    """A roll that is the first part of a command: the screen asks the rest (``text``)."""

    player: str | None
    die: Die
    face: int
    purpose: str
    text: Any = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Rolling:
    """The electronic die is tumbling."""

    die: Die


@dataclass(frozen=True, slots=True)
class StepHeld:
    """The step under way went on without anything written yet: a screen holds more of it (a
    castle laid before its march) or, ``given_up``, a roll it had asked for was given up before
    its die fell. A refusal said before it is no news any more."""

    given_up: bool = False


@dataclass(frozen=True, slots=True)
class DeviceChanged:
    """The panel or the die came or went; ``detail`` says which port or why."""

    kind: Literal["panel", "dice"]
    connected: bool
    detail: str


Notice = (
    Happened
    | Refused
    | Moved
    | ChoiceOpened
    | ChoiceInterrupted
    | StepResumed
    | LockedIn
    | PicksCleared
    | PressIgnored
    | RollCalled
    | RollKept
    | Rolling
    | StepHeld
    | DeviceChanged
)
