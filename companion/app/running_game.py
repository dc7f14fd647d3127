"""The running game: its session and :class:`~companion.table.Table`, begun new, loaded from a
save or resumed from the journal, and put aside (saved first) when another one begins.

A game the screen cannot show (no ``screens`` part, or one that cannot be used) stays in the
journal as it is, and the start screen says which game it is. The table opens with the hardware
the app was given; hardware that cannot be used is said, and the game is played on the screen."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock

from companion.app.contract import GameScreens, SaveSummary, screens_of, title_of
from companion.app.dice_source import device_failures
from companion.i18n import Message, Text

if TYPE_CHECKING:
    import datetime

    from companion.app.host import Host
    from companion.app.room import AppScreen, TableSide
    from companion.journal.session import Session

log = logging.getLogger(__name__)


class RunningGame:
    """The app's part that runs the games: a mixin of :class:`~companion.app.shell.CompanionApp`."""

    _session: Session | None
    table: TableSide | None
    unshown: str | None

    def _init_running_game(self: Host) -> None:
        self._session = None
        self.table = None  # the running game's table
        self.unshown = None  # the running game's title, when the screen cannot show it

    @property
    def game_name(self: Host) -> str | None:
        return self._session.game.name if self._session is not None else None

    @property
    def contract(self: Host) -> GameScreens | None:
        return screens_of(self.game_name) if self.game_name else None

    def game_screen(self: Host) -> str:
        contract = self.contract
        return contract.first if contract is not None and self.table is not None else "start"

    def running_summary(self: Host) -> SaveSummary | None:
        """The running game as the saves screen lists it (None: no game runs, or the screen cannot
        show its game)."""
        contract = self.contract
        if self._session is None or contract is None or self.table is None:
            return None
        events = [event for line in self.table.log() if line.get("in_play") for event in line.get("events", ())]
        return contract.summary(self._session.game.dump_config(self._session.config), events)

    def running_is_over(self: Host) -> bool:
        from companion.journal.rows import is_over

        return self._session is not None and is_over(self._session.state)

    def before_replacing(self: Host, then: Callable[[], None]) -> None:
        """``then()`` at once when no unfinished game runs; else after the table confirms, the
        running game saved first (it stays in the journal, and Saved games continues it)."""
        if self._session is None or self.running_is_over():
            then()
            return
        from companion.app.pieces.confirm import ReplaceDialog

        ReplaceDialog(title_of(self.game_name or ""), self.running_summary(), lambda: _save_then(self, then)).open_now()

    def with_confirmed_day(self: Host, then: Callable[[], None]) -> None:
        """``then()`` at once when the clock is taken as right or the day was confirmed in this
        boot; else after the table confirms the day, the clock's chosen at first: from then on
        the journal writes the clock's time on that day. "Back" changes nothing."""
        clock = self.clock
        if clock is None or not clock.asks() or self.journal is None or self.read_only:
            then()  # (without a journal to write, starting is refused as it is)
            return
        from companion.app.pieces.today import TodayDialog

        def confirmed(day: datetime.date) -> None:
            clock.confirm(day)
            then()

        TodayDialog(clock.clock_day(), *clock.choices(), confirmed).open_now()

    def start_game(self: Host, game: str, setup: Any) -> None:
        """A new game of ``game`` from its engine's ``setup``, run at once."""
        from companion.journal.session import Session

        if self.journal is None or self.read_only:
            self.tell(Message("The journal is not open, so no game can start."), refusal=True)
            return
        session = Session.start(self.journal, game, setup)
        self.open_game(session)
        self.goto(self.game_screen())

    def load_save(self: Host, save_id: int) -> bool:
        """A save becomes the running game, when its game can be shown; False (and the reason
        told) when not."""
        from companion.journal.errors import JournalError
        from companion.journal.saves import SaveError, load

        if self.journal is None:
            self.tell(Message("The journal is not open."), refusal=True)
            return False
        try:
            loaded = load(self.journal, save_id)
        except (SaveError, JournalError, sqlite3.Error) as error:  # a broken save changes nothing
            self.tell(Message("This save cannot be loaded: {problem}", problem=str(error)), refusal=True)
            return False
        if self.open_game(loaded.session):
            from companion.app.screens.start import step_of  # counted as the start screen counts

            step = step_of(self.table) if self.table is not None else len(loaded.session.chain(loaded.session.head))
            self.tell(Message("Loaded {name}: step {step}.", name=loaded.name, step=step))
            self.goto(self.game_screen())
        return True

    def open_game(self: Host, session: Session) -> bool:
        """The session becomes the running game; its table opens when its game has screens. A
        game the screen cannot show yet stays in the journal as it is, and the start screen says
        which game it is."""
        self.close_table()
        self._session = session
        self.happened = list[Text]()  # nothing done yet in this game
        self.tell("")  # nothing said of the game before stands over this one
        try:
            contract = screens_of(session.game.name)
        except (LookupError, ImportError) as error:  # a screens part that breaks the contract or cannot be imported
            log.error("the screens of %s cannot be used: %s", session.game.name, error)
            contract = None
        screens: Sequence[type[AppScreen]] = contract.screens() if contract is not None else []
        self.host_game_screens(list(screens))
        if contract is None:
            self.unshown = title_of(session.game.name)
            return False
        self.unshown = None
        _open_table(self, session)
        return True

    def close_table(self: Host) -> None:
        if self.table is not None:
            self.table.close()
        self.table = None
        self._session = None
        self.unshown = None


def _save_then(app: Host, then: Callable[[], None]) -> None:
    from companion.journal.errors import JournalError
    from companion.journal.saves import SaveRefused, save

    assert app.journal is not None  # a game runs, so the journal is open
    try:
        saved = save(app.journal)
    except (SaveRefused, JournalError, sqlite3.Error) as error:  # a save refused or a journal that cannot be written
        log.error("journal: not saved: %s", error)
        app.tell(Message("Not saved: {problem}", problem=str(error)), refusal=True)
        return
    then()
    said, refusal = app.said()  # what the new game's start said stays
    app.tell([Message("The game before is saved as {name}.", name=saved.name), *said], refusal=refusal)


def _open_table(app: Host, session: Session) -> None:
    from companion.app.problems import hardware_problems
    from companion.games.registry import part
    from companion.table.table import Table  # with the session and the hardware layer: when a game opens

    def table_with(hardware: dict[str, Any]) -> Table:
        return Table(
            session,
            part(session.game.name, "table").TABLE,
            schedule=lambda call: Clock.schedule_once(lambda dt: call(), -1),  # before the next frame
            rng=app.rng,
            **hardware,
        )

    try:
        table = table_with(app.hardware())
    except device_failures() as error:  # a settings file, a pin or a port that cannot be used
        log.error("the hardware cannot be used: %s", error)  # play on the screen, and say why
        table = table_with({})
        app.tell(hardware_problems(error), refusal=True)
    table.listen(app._heard)
    app.table = table
    app._was_over = app.running_is_over()
    table.start()
    app.refresh()  # whose turn it is from the first frame; a table screen already shown draws the new game
