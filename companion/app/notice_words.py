"""The table's notices turned into words: each notice the running table sends is said on the
bottom line (a refusal in red, what a command did, who locked in, the die), handed on to the
screens that listen, and followed by one redraw before the next frame; what a command did is
worded by the game (its home's ``happenings``)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock

from companion.app import status
from companion.i18n import Message, Text

if TYPE_CHECKING:
    from companion.app.host import Host
    from companion.app.room import AppScreen
    from companion.table.notices import Notice

log = logging.getLogger(__name__)


class NoticeWords:
    """The app's part that hears the table: a mixin of :class:`~companion.app.shell.CompanionApp`."""

    happened: list[Text]
    private_player: str | None
    _listeners: list[Callable[[Notice], None]]
    _unwritten: str | None
    _refresh_soon: Callable[[], None]

    def _init_notice_words(self: Host) -> None:
        self.happened = []  # the texts of what the last command did (or an undo asks)
        self.private_player = None  # a privacy cover is open for this player
        self._listeners = []
        self._unwritten = None  # the journal's last write failure, logged once
        self._refresh_soon = Clock.create_trigger(lambda dt: self.refresh(), -1)  # -1: before the next frame

    def listen(self: Host, listener: Callable[[Notice], None]) -> None:
        """``listener(notice)`` after the app has heard each of the table's notices; a game's screen
        listens with a method of its own, which the app lets go of with the screen."""
        self._listeners.append(listener)

    def forget_listeners_of(self: Host, screen: AppScreen) -> None:
        """The listeners a screen gave, let go of with the screen."""
        self._listeners = [heard for heard in self._listeners if getattr(heard, "__self__", None) is not screen]

    def _heard(self: Host, notice: Notice) -> None:
        from companion.table.notices import (  # with the table: once a game runs
            ChoiceInterrupted,
            DeviceChanged,
            Happened,
            LockedIn,
            Moved,
            PressIgnored,
            Refused,
            RollCalled,
            Rolling,
            RollKept,
            StepHeld,
            StepResumed,
        )

        if isinstance(notice, Refused):
            if notice.rule == "journal.write" and notice.message != self._unwritten:  # once, not per retry
                log.error("journal: %s", notice.message)
            self._unwritten = notice.message if notice.rule == "journal.write" else self._unwritten
            if self.private_player is None or notice.player != self.private_player:
                self.tell(notice.shown, refusal=True)  # behind a cover the dialog shows it, to that player only
        elif isinstance(notice, Moved):
            self._unwritten = None  # written again: the next failure is logged anew
            self.happened = list(notice.messages)
            self.tell(
                Message("Undone: change the cardboard as listed.")
                if notice.kind == "undo"
                else Message("Done again: change the cardboard as listed.")
            )
        elif isinstance(notice, Happened):
            self._unwritten = None
            after = self.table.public_view()["view"] if self.table is not None else None
            self.happened = self.happenings(notice.events, after=after)
            self.tell(self.happened[0] if self.happened else "")
        elif isinstance(notice, ChoiceInterrupted | StepResumed):  # after what opening the table said
            said, refusal = self.said()
            then = [notice.next] if isinstance(notice, StepResumed) and notice.next is not None else []
            self.tell([*said, notice.text, *then], refusal=refusal)
        elif isinstance(notice, LockedIn):
            self.tell(Message("{player} has locked in.", player=self.person(notice.player)))
        elif isinstance(notice, PressIgnored):
            self.tell(Message("{player}: that button does not count now.", player=self.person(notice.player)))
        elif isinstance(notice, RollCalled):
            view = self.table.public_view()["view"] if self.table is not None else None
            self.tell(notice.text if notice.text is not None else status.roll_words(notice.player, notice.die, view))
        elif isinstance(notice, RollKept):
            self.tell(notice.text if notice.text is not None else Message("The die shows {face}.", face=notice.face))
        elif isinstance(notice, Rolling):
            self.tell(Message("The die is rolling ..."))
        elif isinstance(notice, StepHeld) and (notice.given_up or self.root.word_is_refusal):
            self.tell("")  # the step went on: a refusal before it (or the roll given up) is no news
        elif isinstance(notice, DeviceChanged):
            self.refresh_status()
        for listener in self._listeners:
            listener(notice)
        if isinstance(notice, (Happened, Moved)):
            self.show_the_end()
        from companion.app.pieces.dialog import close_unasked

        close_unasked()  # a question the game no longer asks does not stay open
        self._refresh_soon()  # once the table has finished its step, before the next frame

    def person(self: Host, colour: str | None) -> Text:
        """A player of the running game, by the name given (the colour beside it)."""
        from companion.app.people import person

        found: Text = person(self.table.public_view()["view"] if self.table is not None else None, colour)
        return found

    def command_words(self: Host, command: str) -> Text:
        """A command's name in the game log, as the game words it."""
        contract = self.contract
        return contract.commands.get(command, command) if contract is not None else command

    def happenings(
        self: Host,
        events: Iterable[Mapping[str, Any]],
        after: Mapping[str, Any] | None = None,
        people: Mapping[str, str | None] | None = None,
    ) -> list[Text]:
        """What a command's public events did, as the game words it (its home's ``happenings``);
        ``people``: the players' given names by colour where there is no view after (the log)."""
        from companion.games.registry import part

        if self.game_name is None:
            return []
        try:
            module = part(self.game_name, "happenings")
        except LookupError:  # a game without them: the log names the commands only
            return []
        return list(module.lines(list(events), after=after, people=people))
