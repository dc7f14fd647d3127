"""The table: one object per running game, between the screens, the hardware and the session.

It owns the :class:`~companion.journal.session.Session`, the panel's secret choice, the die's
reader and its stand-ins, and the random draws the engines never make. Screens call it on the UI
loop; hardware threads only ever reach it through ``schedule`` (see :mod:`companion.table.loop`).
Everything it tells (notices, :meth:`Table.awaiting`, the public view, its ``repr``, its log
lines) is public: no pick before its reveal, no document in a hand.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from companion.i18n import Join, Message
from companion.i18n.refusals import refusal_text
from companion.journal.errors import JournalWriteError
from companion.journal.session import Session
from companion.journal.table_words import messages, person
from companion.table import underway, unfinished
from companion.table.devices import Devices, HardwareStatus, PanelFactory, ReaderFactory
from companion.table.game import Rolled, RollWanted, TableGame
from companion.table.loop import Loop, Schedule
from companion.table.notices import (
    ChoiceInterrupted,
    ChoiceOpened,
    DeviceChanged,
    Happened,
    LockedIn,
    Moved,
    Notice,
    PicksCleared,
    Refused,
    RollCalled,
    Rolling,
    RollKept,
    StepHeld,
    StepResumed,
)
from companion.table.rolls import tilted, use_roll, which_die
from companion.table.selection import Selection, refusals
from engines.core.errors import RuleViolation
from hardware.dice.standins import Refused as TypedRefused
from hardware.dice.standins import ScreenDie, typed_roll
from hardware.events import (
    ButtonPressed,
    ButtonReleased,
    DeviceConnected,
    DeviceLost,
    Die,
    DieRolling,
    DieSettled,
    DieTilted,
    InputEvent,
)
from hardware.panel import PlayerLeds

log = logging.getLogger(__name__)
Listener = Callable[[Notice], Any]


@dataclass(frozen=True, slots=True)
class Awaited:
    """What the game waits for: the engine's ``awaiting`` list, the players choosing in secret on
    the panel (and who of them has locked in), and the rolls awaited, the first one next;
    ``asked``: the first is a roll a screen's command waits for (a flight's last blow, the
    opponent's die of an exchange), which ``cancel_roll`` gives up."""

    game: tuple[dict[str, Any], ...]
    choosing: tuple[str, ...]
    locked: tuple[str, ...]
    rolls: tuple[RollWanted, ...]
    asked: bool = False
    interrupted: bool = False
    """The choice awaited was cut off by a power cut (the picks locked in before it are gone), and
    nobody has locked in since the restart."""
    held: bool = False
    """A die of the step under way fell on the screen or on the electronic die (or before a
    restart): it stands, so ``cancel_roll`` gives nothing up and a screen offers no way back."""
    which: int | None = None
    """The face of the electronic die that serves both dice, fallen while both are awaited: the
    table is asked which die it was for (:meth:`Table.roll_for`)."""


UNWRITTEN = {
    "full": Message("The journal could not be written: the disk is full. Nothing of this step was kept."),
    "read-only": Message("The journal could not be written: its folder is read-only. Nothing of this step was kept."),
    "limit": Message(
        "The journal could not be written: a limit on the size of files stops it growing. "
        "Nothing of this step was kept."
    ),
    "io": Message("The journal could not be written: the disk reports an error. Nothing of this step was kept."),
}
"""What a step the journal could not take says, by the cause of :class:`JournalWriteError`."""


class Table:
    def __init__(
        self,
        session: Session,
        game: TableGame,
        *,
        schedule: Schedule,
        rng: random.Random,
        panel: PanelFactory | None = None,
        leds: PlayerLeds | None = None,
        dice: ReaderFactory | None = None,
        hold_to_clear_s: float = 1.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``panel`` and ``dice`` make the hardware from the sink they are given (e.g.
        ``lambda sink: open_panel(config, sink, pin_factory=None)``); without a panel the
        players choose on the screen, without a die they roll on the screen or type the roll."""
        self._session = session
        self._game = game
        self._rng = rng
        self._loop = Loop(schedule)
        self._listeners: list[Listener] = []
        self._intent: RollWanted | None = None  # a screen's command waiting for its roll
        self._kept: Rolled | None = None  # a roll kept for the screen to complete its command
        self._asked: Any = None  # the screen's command whose roll is awaited
        self._faces: list[tuple[str, int]] = []  # the dice settled for the step under way
        self._held = False  # one of them fell on the screen or the electronic die: it stands
        self._retype: RollWanted | None = None  # what a typed face that is kept answered, to ask again
        self._which: DieSettled | None = None  # a roll of the die serving both dice, both awaited
        self._screen_step: dict[str, Any] | None = None  # what a screen holds of the step under way
        self._resumed_screen: dict[str, Any] | None = None  # the screen's step found at the start
        self._under_way_kept: str | None = None  # the journal's record of the step under way
        self._screen_die = ScreenDie(rng, clock=clock)
        self._devices = Devices(self._loop, self._hardware, panel=panel, leds=leds, dice=dice)
        self._selection: Selection | None = None
        self._screen_picks = False  # the table chooses its cards on the screen although a panel is there
        self._wish_screen = False  # ... or will once the choice open on the panel is revealed
        self._choice_kept: tuple[int, tuple[str, ...]] = (0, ())  # the journal's record of the choice
        self._interrupted = False
        if self._devices.panel is not None:
            self._selection = Selection(
                game, self._loop, self._tell, self._enter, leds=leds, hold_to_clear_s=hold_to_clear_s, clock=clock
            )

    # ----------------------------------------------------------------------------- life
    def listen(self, listener: Listener) -> None:
        """Call ``listener`` with every notice, on the UI loop, in order."""
        self._listeners.append(listener)

    def start(self) -> None:
        """Start the hardware and open the secret choice if the game awaits one."""
        self._loop.check()
        lost = unfinished.take(self._session, self._game)  # before the choice opens and is kept anew
        held = underway.take(self._session)
        self._devices.start()
        self._interrupted = lost is not None
        self._changed()
        if lost is not None:
            log.info("the secret choice was cut off (%s had locked in): everyone chooses again", list(lost))
            self._tell(ChoiceInterrupted(lost))
        if held is not None:
            self._tell(self._resume(held))

    def close(self) -> None:
        """Stop the hardware; calls still on their way from its threads are dropped. The journal
        stays open (it belongs to whoever opened it)."""
        self._loop.close()
        if self._selection is not None:
            self._selection.close()
        self._devices.close()

    def __enter__(self) -> Table:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --------------------------------------------------------------------------- reading
    @property
    def _state(self) -> Any:
        """The engine's state; it holds the secrets, so it is never handed out."""
        return self._session.state

    def public_view(self) -> dict[str, Any]:
        self._loop.check()
        return self._session.public_view()

    def private_view(self, player: str) -> dict[str, Any]:
        """What one player alone may see (their documents, their picks): only for a screen behind
        a privacy cover that this player confirmed (docs/app.md)."""
        self._loop.check()
        view: dict[str, Any] = self._session.game.player_view(self._state, player)
        return view

    def log(self) -> list[dict[str, Any]]:
        """The game log as the table may see it (see :meth:`Session.log`)."""
        self._loop.check()
        return self._session.log()

    def awaiting(self) -> Awaited:
        self._loop.check()
        game = self._session.game.public_view(self._state).get("awaiting", [])
        selection = self._selection
        return Awaited(
            tuple(game),
            selection.choosing() if selection is not None else (),
            selection.locked() if selection is not None else (),
            tuple(self._rolls()),
            self._intent is not None,
            self._interrupted,
            self._held,
            self._which.face if self._which is not None else None,
        )

    def status(self) -> HardwareStatus:
        return self._devices.status()

    def picks_on_screen(self, on: bool) -> bool:
        """Whether the table chooses its secret cards on the screen (behind the game's privacy
        cover) although a panel is there; returns whether it does now. The wish takes effect at
        once unless a choice is open on the panel with a pick locked in there: that choice stays on
        the panel until it is revealed (no locked-in pick is lost or shown), and the screen takes
        over from the next one. Back to the panel is at once: whoever has not chosen on the screen
        yet chooses on the panel."""
        self._loop.check()
        selection = self._selection
        if selection is None:
            return True
        self._wish_screen = on
        if self._follow_wish():
            if not on:
                for notice in selection.sync(self._state):
                    self._tell(notice)
            self._keep_choice()
        return self._screen_picks

    def _follow_wish(self) -> bool:
        """Choose where the table wishes to, unless a pick is locked in on the panel; True if
        that changed where the cards are chosen."""
        selection = self._selection
        if selection is None or self._wish_screen == self._screen_picks:
            return False
        if self._wish_screen and selection.locked():
            return False
        self._screen_picks = self._wish_screen
        if self._screen_picks:
            selection.close()
        return True

    def _panel_picks(self) -> bool:
        """Whether the secret cards are chosen on the panel (there is one, and the table has not
        moved the choosing to the screen)."""
        return self._selection is not None and not self._screen_picks

    def uses_panel(self) -> bool:
        """Whether this game has a secret choice on the button panel (Die Glücksritter's cards);
        in a game without one the panel has nothing to do, and its state is no news."""
        return self._game.picks_per_player > 0

    def _rolls(self) -> list[RollWanted]:
        if self._intent is not None:
            return [self._intent]
        return [] if self._kept is not None else self._game.rolls(self._state)

    def kept(self) -> Rolled | None:
        """A roll made for a command the screen still completes (the journey's die, before the
        table says where the figure stopped); None when there is none."""
        self._loop.check()
        return self._kept

    # --------------------------------------------------------------------------- screen input
    def submit(self, command: Any) -> Notice:
        """A command from a screen: made ready (draws filled in, or the roll it waits for), then
        written, or refused in words. Returns the notice that tells the outcome."""
        self._loop.check()
        player = getattr(command, "player", None)
        if self._panel_picks() and self._game.is_pick(command):
            return self._tell(
                Refused(
                    "table.pick-on-panel",
                    "The cards are chosen in secret on the panel, not here.",
                    player,
                    Message("The cards are chosen in secret on the panel, not here."),
                )
            )
        try:
            ready = self._game.prepare(self._state, command, self._rng)
        except RuleViolation as violation:
            return self._tell(self._refusal(violation, player))
        if isinstance(ready, RollWanted):
            if self._held:  # a die of the step under way has fallen: that step is finished first
                return self._tell(self._roll_held(player))
            self._intent, self._asked, self._faces = ready, command, []
            self._keep_under_way()
            return self._tell(RollCalled(ready.player, ready.die, ready.words, ready.text))
        notice = self._commit(ready)
        if isinstance(notice, Happened):  # a refusal changed nothing: a roll kept or awaited stays
            self._changed()
        return notice

    def submit_all(self, commands: list[Any]) -> Notice:
        """Several commands a screen makes of one touch (the corrections of one dialog), written
        as one step: all of them, or, when the rules refuse one or the journal cannot be written,
        none. None of them may wait for a roll. Returns the notice of the last command written, or
        of the refusal."""
        self._loop.check()
        if len(commands) == 1:
            return self.submit(commands[0])
        ready = []
        for command in commands:
            try:
                made = self._game.prepare(self._state, command, self._rng)
            except RuleViolation as violation:
                return self._tell(self._refusal(violation, getattr(command, "player", None)))
            if isinstance(made, RollWanted):
                raise ValueError(f"{type(command).__name__} waits for a roll: it is sent alone")
            ready.append(made)
        notice = self._commit_all(ready)
        if not isinstance(notice, Refused):
            self._changed()
        return notice

    def trial(self, command: Any) -> Refused | None:
        """What the rules would say to ``command`` now, nothing written, drawn or told: None when
        it would be taken (or would wait for its roll), else the refusal, for a screen to grey the
        choice with its reason."""
        self._loop.check()
        player = getattr(command, "player", None)
        try:
            ready = self._game.prepare(self._state, command, random.Random(0))  # a draw only to try it
            if not isinstance(ready, RollWanted):
                self._session.game.decide(self._state, ready)
        except RuleViolation as violation:
            return self._refusal(violation, player)
        return None

    def alternatives(self, command: Any) -> list[Any]:
        """The ways the rules leave to the player to make ``command`` (which coins to pay with,
        ...), for the screen to offer; ``[command]`` when there is nothing to choose. Nothing is
        written and nothing is drawn."""
        self._loop.check()
        alternatives = getattr(self._game, "alternatives", None)
        return alternatives(self._state, command) if alternatives is not None else [command]

    def cancel_roll(self) -> bool:
        """Give up what the step under way has rolled so far, if nothing of it stands; True when
        something was given up.

        A die that fell on the screen or on the electronic die stands as it fell, like a real die
        thrown on the table: nothing here takes it back, and its step goes on with it. What may be
        given up: a screen's command whose roll has not fallen yet (the flight asked for before its
        last blow), and faces of a real die that were tapped (a face tapped wrongly): a kept
        typed face is asked again for the same roll, typed dice of a command with several are all
        asked again."""
        self._loop.check()
        if self._held:
            log.info("the roll for the step under way fell and stands: nothing is given up (%s)", self._faces)
            return False
        if self._kept is not None:  # a face tapped wrongly: the same roll is asked again
            self._kept, self._intent, self._retype = None, self._retype, None  # None: the game asks it
            self._faces = self._faces[:-1]
            self._keep_under_way()
            wanted = self._rolls()
            if wanted:
                self._tell(RollCalled(wanted[0].player, wanted[0].die, wanted[0].words, wanted[0].text))
            return True
        given_up = self._intent is not None or bool(self._faces)
        self._intent = None
        self._asked = None
        self._faces = []
        self._keep_under_way()
        if given_up:
            self._tell(StepHeld(given_up=True))
        return given_up

    def hold_step(self, step: dict[str, Any] | None) -> None:
        """What a screen holds of a step it has begun and not yet sent (a castle laid on the board,
        its march still to confirm), kept in the journal so that a power cut before the step is
        written does not lose it (:mod:`companion.table.underway`); None: nothing is under way.
        Only what the table sees anyway: never a secret. A written command forgets it."""
        self._loop.check()
        held = dict(step) if step is not None else None
        changed, self._screen_step = held != self._screen_step, held
        self._keep_under_way()
        if changed:  # the step went on (or was put back): a refusal said before it is no news
            self._tell(StepHeld())

    def resumed_step(self) -> dict[str, Any] | None:
        """The step a screen held when the power went off, if the game still stands where it was
        then; given once, to the screen that takes it up again."""
        self._loop.check()
        step, self._resumed_screen = self._resumed_screen, None
        return step

    def preview(self, kind: Literal["undo", "redo"]) -> tuple[Any, ...] | None:
        """The words an undo or redo would give now, without writing anything, so that a screen
        shows them before the table commits to it; None when there is nothing to undo or redo."""
        self._loop.check()
        session = self._session
        if kind == "undo":
            if not session.can_undo:
                return None
            target = session.head
            after = session.state_at(session.parent(target))
        else:
            if not session.can_redo:
                return None
            target = session.redo_stack[-1]
            after = session.state_at(target)
        command = session.journal.entry(session.game_id, target).command
        return tuple(messages(session.game.name, session.state, after, command, redo=kind == "redo"))

    def undo(self) -> Notice:
        return self._move("undo")

    def redo(self) -> Notice:
        return self._move("redo")

    def roll_on_screen(self) -> Notice:
        """The on-screen die, rolled for the die awaited (the number die when none is)."""
        self._loop.check()
        wanted = self._rolls()
        return self._settled(self._screen_die.roll(wanted[0].die if wanted else "number"))

    def type_roll(self, text: str) -> Notice:
        """A roll a player typed, for the die awaited."""
        self._loop.check()
        wanted = self._rolls()
        roll = typed_roll(text, wanted[0].die if wanted else "number")
        if isinstance(roll, TypedRefused):
            said = Message("Type the face on top of the die: a number from 1 to 6.")
            return self._tell(Refused("table.typed-roll", roll.message, wanted[0].player if wanted else None, said))
        return self._settled(roll)

    def use_dice(self, dice: ReaderFactory | None) -> None:
        """Rolls from another electronic die, or from the screen only (``None``), from now on:
        the panel, the picks locked in on it and a roll awaited all stay as they are."""
        self._loop.check()
        self._devices.replace_reader(dice)
        self._tell(DeviceChanged("dice", False, "the die's source changed"))

    def keys(self) -> dict[int, tuple[str, ...]] | None:
        """The keys of the keyboard standing in for the panel, by seat (None: another panel or none)."""
        return self._devices.keys()

    def key_down(self, name: str) -> bool:
        """A key went down; True if the keyboard stands in for the panel and it is a panel key."""
        return self._devices.key(name, True)

    def key_up(self, name: str) -> bool:
        return self._devices.key(name, False)

    # --------------------------------------------------------------------------- hardware
    def _hardware(self, event: InputEvent) -> None:
        """Every hardware event, on the UI loop."""
        if isinstance(event, DeviceConnected | DeviceLost):
            connected = isinstance(event, DeviceConnected)
            detail = event.detail if isinstance(event, DeviceConnected) else event.reason
            self._tell(DeviceChanged(event.kind, connected, detail))
        if isinstance(event, ButtonPressed | ButtonReleased | DeviceLost) and self._selection is not None:
            if self._screen_picks and isinstance(event, ButtonPressed | ButtonReleased):
                if isinstance(event, ButtonPressed):  # the cards are chosen on the screen: the panel has no say
                    text = Message("The cards are chosen on the screen now: the panel's buttons are not used.")
                    self._tell(Refused("table.picks-on-screen", text.msgid, None, text))
                return
            refused = self._selection.feed(event)
            if refused is not None:
                self._tell(refused)
        elif isinstance(event, DieRolling):
            self._tell(Rolling(self._awaited_die(event.die, event.device)))
        elif isinstance(event, DieTilted):
            self._tell(tilted(self._rolls(), replace(event, die=self._awaited_die(event.die, event.device))))
        elif isinstance(event, DieSettled):
            self._settled(event)

    def _awaited_die(self, die: Die, device: str) -> Die:
        """The die an electronic die's roll is for: the one awaited when the device serves both
        dice and only one is awaited, else the die it says."""
        awaited = {wanted.die for wanted in self._rolls()}
        if len(awaited) == 1 and self._devices.serves_both(device):
            return awaited.pop()
        return die

    def roll_for(self, die: Die) -> Notice:
        """The answer to which die the electronic die's last roll was for (:attr:`Awaited.which`):
        it is used for the first roll awaited of ``die``."""
        self._loop.check()
        roll, self._which = self._which, None
        if roll is None:
            text = Message("No roll is waiting to be told which die it was for.")
            return self._tell(Refused("table.no-roll-to-place", text.msgid, None, text))
        wanted = [each for each in self._rolls() if each.die == die]
        return self._use(wanted, replace(roll, die=die))

    def _settled(self, roll: DieSettled) -> Notice:
        wanted = self._rolls()
        if roll.source not in ("screen", "typed") and self._devices.serves_both(roll.device):
            awaited = {each.die for each in wanted}
            if len(awaited) > 1:  # the die says NUMBER whatever it stands for: the table is asked
                self._which = roll
                return self._tell(which_die(wanted, roll))
            roll = replace(roll, die=awaited.pop()) if awaited else roll
        self._which = None
        return self._use(wanted, roll)

    def _use(self, wanted: list[RollWanted], roll: DieSettled) -> Notice:
        command = use_roll(wanted, roll)
        if isinstance(command, Refused):
            return self._tell(command)
        if isinstance(command, RollWanted):  # the next die of the same command
            log.info("%s die settled on %d (%s); the next die is awaited", roll.die, roll.face, roll.source)
            self._intent = command
            self._faces.append((roll.die, roll.face))
            self._held = self._held or roll.source != "typed"
            self._keep_under_way()
            return self._tell(RollCalled(command.player, command.die, command.words, command.text))
        if isinstance(command, Rolled):  # the screen asks the rest of the command
            log.info("%s die settled on %d (%s) for %s", roll.die, roll.face, roll.source, command.purpose)
            command = replace(command, source=roll.source)
            self._intent, self._kept, self._retype = None, command, self._intent
            self._faces.append((roll.die, roll.face))
            self._held = self._held or roll.source != "typed"
            self._keep_under_way()
            return self._tell(RollKept(command.player, command.die, command.face, command.purpose, command.text))
        log.info("%s die settled on %d (%s) for %s", roll.die, roll.face, roll.source, getattr(command, "type", "?"))
        notice = self._commit(command)
        if isinstance(notice, Refused) and notice.rule == "journal.write":
            return notice  # nothing was written: the rolls before this one stay, this die is asked again
        self._changed()
        return notice

    def _enter(self, picks: dict[str, Any]) -> None:
        """Every player's revealed picks: all written, or, if the engine refuses one, none."""
        refused = refusals(self._session.game, self._state, picks)
        if refused:
            for player in refused:
                log.info("the picks of %s were refused; %s chooses again", player, player)
                self._tell(
                    Refused(
                        "table.pick-refused",
                        f"The cards {player} locked in cannot be played now: {player} chooses again.",
                        player,
                        Message(
                            "The cards {player} locked in cannot be played now: {player} chooses again.",
                            player=person(self._state, player),
                        ),
                    )
                )
            accepted = {player: command for player, command in picks.items() if player not in refused}
            assert self._selection is not None  # picks come from the panel's choice only
            for notice in self._selection.ask_again(accepted, self._state):
                self._tell(notice)
            return
        # One step: every pick, and the end of the record of who had locked in, in one transaction.
        if not isinstance(self._commit_all(list(picks.values()), {unfinished.KEY: None}), Refused):
            self._choice_kept = (0, ())
        self._changed()

    # --------------------------------------------------------------------------- writing
    def _commit(self, command: Any) -> Notice:
        """Write one command; the notice of what happened, or of the refusal. No sync."""
        return self._commit_all([command])

    def _commit_all(self, commands: list[Any], facts: dict[str, str | None] | None = None) -> Notice:
        """Write the commands as one step, with the step under way ended and ``facts`` of the
        session, in one transaction: all, or none (:meth:`Session.apply_all`). The notices of what
        happened, one per command (the last returned), or of the refusal. No sync."""
        facts = dict(facts or {})
        if self._under_way_kept is not None:
            facts[underway.KEY] = None  # written with the step: its record ends with it
        try:
            committed = self._session.apply_all(commands, facts)
        except RuleViolation as violation:
            return self._tell(self._refusal(violation, _player(commands)))
        except JournalWriteError as error:
            return self._tell(self._unwritten(error, _player(commands)))
        if underway.KEY in facts:
            self._under_way_kept = None
        notice: Notice | None = None
        for command, done in zip(commands, committed, strict=True):
            kind = getattr(command, "type", type(command).__name__)
            log.info("entry %d: %s", done.seq, kind)
            public = tuple(self._session.game.public_event(event) for event in done.events)
            notice = self._tell(Happened(done.seq, kind, public))
        assert notice is not None
        return notice

    def _move(self, kind: Literal["undo", "redo"]) -> Notice:
        self._loop.check()
        try:
            moved = self._session.undo() if kind == "undo" else self._session.redo()
        except RuleViolation as violation:
            return self._tell(self._refusal(violation))
        except JournalWriteError as error:
            return self._tell(self._unwritten(error))
        log.info("entry %d: %s of entry %d", moved.seq, kind, moved.target)
        notice = self._tell(Moved(kind, moved.seq, moved.target, moved.words, moved.messages))
        self._changed()
        return notice

    def _refusal(self, violation: RuleViolation, player: str | None = None) -> Refused:
        text = refusal_text(violation, self._game.name, self._session.game.public_view(self._state))
        return Refused(violation.rule, violation.message, player, text)

    def _roll_held(self, player: str | None) -> Refused:
        faces = Join(*(face for _die, face in self._faces))
        text = Message("The die has fallen for the step under way ({faces}): that step is finished first.", faces=faces)
        english = f"The die has fallen for the step under way ({', '.join(str(f) for _d, f in self._faces)})"
        return Refused("table.roll-held", english + ": that step is finished first.", player, text)

    def _unwritten(self, error: JournalWriteError, player: str | None = None) -> Refused:
        text = UNWRITTEN.get(error.cause) or Message("The journal could not be written: {problem}", problem=str(error))
        return Refused("journal.write", str(error), player, text)

    def _changed(self) -> None:
        """The state changed (or the table started): follow it with the choice and the rolls."""
        self._intent = None
        self._kept = None
        self._asked = None
        self._faces = []
        self._held = False
        self._retype = None
        self._which = None
        self._screen_step = None
        self._follow_wish()
        if self._panel_picks():
            assert self._selection is not None
            for notice in self._selection.sync(self._state):
                self._tell(notice)
        self._keep_choice()
        self._keep_under_way()

    def _keep_under_way(self) -> None:
        """The journal's public record of the step under way (:mod:`companion.table.underway`):
        the screen's command awaiting its roll, the dice settled for it, the screen's own part."""
        session = self._session
        asked = None if self._asked is None else session.game.dump_command(self._asked)
        kept = underway.record(session.game_id, session.head, asked, self._faces, self._screen_step)
        if kept == self._under_way_kept:
            return
        try:
            session.journal.set_fact(underway.KEY, kept)
        except JournalWriteError as error:  # play goes on; only a power cut would go unsaid
            log.warning("the step under way is not kept: %s", error)
            return
        self._under_way_kept = kept

    def _resume(self, held: dict[str, Any]) -> Notice:
        """Take up the step under way that a power cut interrupted (its record ``held``): the
        screen's command asked again, the dice rolled for it before applied again in order, the
        screen's own part given to it (:meth:`resumed_step`). What cannot be taken up is said."""
        faces = tuple(face for _die, face in held["rolls"])
        try:
            asked = None if held["command"] is None else self._session.game.parse_command(held["command"])
            if asked is not None:
                wanted: Any = self._game.prepare(self._state, asked, self._rng)
            else:
                rolls = self._game.rolls(self._state) if held["rolls"] else []
                wanted = rolls[0] if rolls else None
            for die, face in held["rolls"]:
                if not isinstance(wanted, RollWanted) or wanted.die != die:
                    raise LookupError(f"the {die} die's {face} is not awaited now")
                wanted = wanted.make(face)
            if held["rolls"] or asked is not None:
                if not isinstance(wanted, RollWanted | Rolled):
                    raise LookupError("the step would be complete: it was written, or it is refused now")
        except (RuleViolation, LookupError, ValueError) as problem:
            log.warning("the step under way cannot be taken up again after the restart: %s", problem)
            self._keep_under_way()
            return StepResumed(faces, lost=True)
        then: Any = None
        if isinstance(wanted, RollWanted):
            self._intent, self._asked = wanted, asked
            then = wanted.text if wanted.text is not None else wanted.words
        elif isinstance(wanted, Rolled):
            self._kept, self._asked = wanted, asked
            then = wanted.text
        self._faces = list(held["rolls"])
        self._held = bool(self._faces)  # rolled before the power went off: they stand
        self._resumed_screen = held["screen"]
        self._screen_step = held["screen"]
        self._keep_under_way()
        log.info("the step under way was taken up again after the restart (rolls %s)", list(faces))
        return StepResumed(faces, then)

    def _keep_choice(self) -> None:
        """The journal's public record of the choice under way (:mod:`companion.table.unfinished`):
        who has locked in at this step, or none when nobody has or nobody chooses."""
        selection = self._selection
        locked = selection.locked() if selection is not None and selection.choosing() else ()
        if locked or not self._game.choosing(self._state):
            self._interrupted = False
        kept = (self._session.head, locked) if locked else (0, ())
        if kept == self._choice_kept:
            return
        try:
            unfinished.keep(self._session, locked)
        except JournalWriteError as error:  # play goes on; only a power cut would go unsaid
            log.warning("who has locked in is not kept: %s", error)
            return
        self._choice_kept = kept

    def _tell(self, notice: Notice) -> Notice:
        if isinstance(notice, LockedIn | PicksCleared | ChoiceOpened):
            self._keep_choice()
        for listener in self._listeners:
            listener(notice)
        return notice

    def __repr__(self) -> str:
        game = f"{self._session.game.name} game {self._session.game_id}"
        return f"Table({game}, entry {self._session.head}, {self._selection!r}, die {self.status().die})"


def _player(commands: list[Any]) -> str | None:
    """Whose step several commands are, when they are one player's."""
    players = {getattr(command, "player", None) for command in commands}
    return players.pop() if len(players) == 1 else None
