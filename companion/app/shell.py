"""The app: one window with the status line on top, the screens in the middle and the last word
of the table (a refusal in red, what happened in ink) at the bottom; a tap on that line shows it
whole.

It owns the journal, the running game's session and :class:`~companion.table.Table` and the
settings. Screens see it as a :class:`~companion.app.room.ScreenApp`: the table's public side,
texts, moving between screens, the settings; never the session. It names no game: what a game
shows comes from its ``screens`` part (:mod:`companion.app.contract`), loaded when its table
opens. Every screen is built the first time it is shown.
"""

from __future__ import annotations

import importlib
import logging
import random
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import NoTransition, ScreenManager
from kivy.uix.textinput import TextInput

from companion import clock as day_clock
from companion.app import settings as app_settings
from companion.app import status, theme
from companion.app.contract import GameScreens, screens_of, title_of
from companion.app.notify import Notifier
from companion.app.room import AppScreen, TableSide
from companion.i18n import Message, render, set_language

if TYPE_CHECKING:
    from companion.clock import DayClock
    from companion.table.notices import Notice

log = logging.getLogger(__name__)
HERE = Path(__file__).resolve().parent

SCREENS = {  # the shell's own screens by name, each imported and built when first shown
    "start": "companion.app.screens.start:StartScreen",
    "new": "companion.app.screens.newgame:NewGameScreen",
    "saves": "companion.app.screens.saves:SavesScreen",
    "settings": "companion.app.screens.settings:SettingsScreen",
    "log": "companion.app.screens.log:LogScreen",
    "result": "companion.app.screens.result:ResultScreen",
    "plot": "companion.app.screens.result:PlotScreen",
    "history": "companion.app.screens.history:HistoryScreen",
}


class Shell(BoxLayout):
    manager = ObjectProperty(None)
    status_text = StringProperty("")
    word = StringProperty("")
    word_is_refusal = BooleanProperty(False)
    word_folded = BooleanProperty(False)
    """The bottom line gives its height to the screen (the on-screen keyboard while a name is typed)."""


class CompanionApp(App):
    language = StringProperty("de")
    title = "companion"

    def open_settings(self, *_: Any) -> bool:
        """Kivy's own settings panel (F1) never opens: its texts are English only, not the app's,
        and it could switch Escape back on in the kiosk; the app's settings are its own screen."""
        return False

    def __init__(
        self,
        data_dir: Path,
        *,
        hardware: Callable[[], dict[str, Any]] | None = None,
        rng: random.Random | None = None,
        emulator: Any = None,
        wiring: Any = None,
        read_only: str | None = None,
        clock: DayClock | None = None,
        **kwargs: Any,
    ) -> None:
        """``hardware()`` gives the table's hardware arguments (:func:`companion.table.devices.from_config`);
        without it the players choose on the screen and roll there. ``emulator`` is an emulated
        serial die the screens may throw (``--dice emulator``). ``read_only`` says why the data
        directory cannot be written: the journal's games are then shown, and nothing is written.
        ``clock``: the device's clock, which may be wrong (:mod:`companion.clock`): while it is, the
        first new game of a boot asks the table for the day; without it the clock is taken as right."""
        super().__init__(**kwargs)
        self.data_dir = data_dir
        self.hardware = hardware or (lambda: {})
        self.rng = rng or random.Random()
        self.emulator = emulator
        self.wiring = wiring  # the panel's settings; else asked of ``hardware.config()`` when shown
        self.read_only = read_only
        self.clock = clock
        day_clock.use(clock)  # the journal writes its times from it
        self.settings_, problems = app_settings.load(data_dir)
        self.startup_problems: list[Any] = problems
        self.language = self.settings_.language
        set_language(self.language)
        self.journal: Any = None
        self.journal_problem: Exception | None = None  # why the journal could not be opened
        self._unwritten: str | None = None  # the journal's last write failure, logged once
        self._session: Any = None
        self.table: TableSide | None = None  # the running game's table
        self.unshown: str | None = None  # the running game's title, when the screen cannot show it
        self.happened: list[Any] = []  # the texts of what the last command did (or an undo asks)
        self.private_player: str | None = None  # a privacy cover is open for this player
        self._listeners: list[Callable[[Notice], None]] = []
        self._screen_classes: dict[str, Callable[[], Any]] = {}
        self._game_screens: set[str] = set()  # the screens of the game whose table opened last
        self._word: tuple[Any, ...] = ()
        self._was_over = False  # the running game had ended at its last step
        self._settings_told: set[str] = set()  # games whose stored settings' problems were said
        self._refresh_soon = Clock.create_trigger(lambda dt: self.refresh(), -1)  # -1: before the next frame

    # ----------------------------------------------------------------------------- texts
    def say(self, msgid: str, *_depends: Any) -> str:
        """A catalogue text without values (kv rules pass ``app.language`` so that the rule
        follows a switch; the extractor reads ``app.say("...")`` in .kv files)."""
        return render(Message(msgid))

    def tr(self, text: Any) -> str:
        return render(text)

    def switch_language(self, language: str) -> None:
        set_language(language)
        self.settings_.language = language
        self.save_settings()
        self.language = language
        if self._word:
            self.tell(*self._word)  # the bottom line in the new language too
        self.refresh()

    def save_settings(self) -> None:
        if self.read_only:
            return  # the start screen says that nothing is written
        try:
            app_settings.save(self.data_dir, self.settings_)
        except OSError as error:
            log.warning("settings not saved: %s", error)
            self.tell(Message("The settings could not be saved: {problem}", problem=str(error)), refusal=True)

    def die_source(self) -> str:
        return self.settings_.die

    @property
    def has_emulated_die(self) -> bool:
        return self.emulator is not None

    def throw_die(self, die: str) -> None:
        """Throw the emulated serial die (``--dice emulator``), tumbling a moment as a real one does."""
        if self.emulator is not None:
            threading.Thread(
                target=self.emulator.roll, args=(die,), kwargs={"tumble": 0.3}, name="dice-throw", daemon=True
            ).start()

    def game_settings(self, game: str | None = None) -> dict[str, Any]:
        """A game's own settings (the running game's by default), checked by the game."""
        name = game or self.game_name
        contract = screens_of(name) if name else None
        if not name or contract is None:
            return {}
        stored = self.settings_.games.get(name)
        settings, problems = contract.settings.read(stored, self.settings_.older)
        if problems and name not in self._settings_told:  # said once, not at every form and screen
            self._settings_told.add(name)
            self.tell(problems, refusal=True)
        return settings

    def store_game_settings(self, game: str, settings: dict[str, Any]) -> None:
        self.settings_.games[game] = dict(settings)
        self.save_settings()

    # ----------------------------------------------------------------------------- build
    def build(self) -> Shell:
        Builder.load_file(str(theme.KV))
        Builder.load_file(str(HERE / "shell.kv"))
        shell = Shell()
        manager: ScreenManager = shell.manager
        manager.transition = NoTransition()
        for name, where in SCREENS.items():
            self._screen_classes[name] = _importer(where)
        self._build_screen(manager, "start")
        manager.current = "start"
        Window.bind(on_key_down=self._key_down, on_key_up=self._key_up)
        Clock.schedule_interval(lambda dt: self.refresh_status(), 1.0)
        return shell

    def _build_screen(self, manager: ScreenManager, name: str) -> Any:
        if not manager.has_screen(name):
            make = self._screen_classes.get(name)
            if make is None:
                return None
            manager.add_widget(make()(name=name))
        return manager.get_screen(name)

    def screen(self, name: str) -> Any:
        """The screen ``name``, built if it was never shown (None for no such screen)."""
        return self._build_screen(self.root.manager, name)

    def show(self, name: str) -> bool:
        """Make ``name`` the screen shown, building it first if it was never shown."""
        if self.screen(name) is None:
            return False
        self.root.manager.current = name
        return True

    def on_start(self) -> None:
        """The window shows the start screen at once; the journal is opened (and a running game
        resumed onto the screen it stood at) right after that first frame: the journal brings the
        engines and pydantic with it, which a table need not wait for to see the app. Under
        systemd the first frame is also ``READY=1``, and the watchdog is fed from then on."""
        notifier = Notifier()

        def drawn(*_: Any) -> None:
            Window.unbind(on_flip=drawn)
            notifier.drawn(Clock.schedule_interval)
            Clock.schedule_once(lambda dt: self.open_journal(), 0)

        Window.bind(on_flip=drawn)

    @property
    def journal_path(self) -> Path:
        return self.data_dir / "journal.sqlite3"

    def open_journal(self) -> None:
        from companion.journal.errors import JournalError
        from companion.journal.opening import open_running

        self.journal_problem = None
        try:
            opened = open_running(self.journal_path, read_only=bool(self.read_only))
        except JournalError as error:
            log.error("journal: %s", error)
            self.journal_problem = error  # the start screen says it, and what the table can do
            self.goto("start", remember=False)
            self._tell_startup_problems()
            self.refresh()
            return
        self.journal, session = opened.journal, opened.session
        self.unshown = opened.unknown  # a game of another companion: the start screen names it
        if opened.unwritable is not None:  # a full disk: the games are shown, nothing is written
            log.error("journal: %s; it is opened for reading only", opened.unwritable)
            self.journal_problem = opened.unwritable
            self.read_only = self.read_only or str(opened.unwritable)
        if session is not None and self.open_game(session) and opened.unwritable is None:
            screen = self.settings_.screen
            self.goto(screen if screen in self._screen_classes else self.game_screen())
        else:
            self.goto("start", remember=False)
        self._tell_startup_problems()
        self.refresh()

    def _tell_startup_problems(self) -> None:
        """The settings file's problems, before whatever the opening game said (the hardware's)."""
        if self.startup_problems:
            said = list(self._word[0]) if self._word else []
            self.tell([*self.startup_problems, *said], refusal=True)
            self.startup_problems = []

    def on_stop(self) -> None:
        self.close_table()
        if self.journal is not None:
            self.journal.close()

    def set_journal_aside(self) -> None:
        """The damaged (or foreign) journal renamed beside a new one, which opens at once."""
        from companion.journal.errors import JournalError
        from companion.journal.opening import set_aside

        try:
            kept = set_aside(self.journal_path)
        except JournalError as error:
            log.error("journal: %s", error)
            self.tell(Message("The journal could not be set aside: {problem}", problem=str(error)), refusal=True)
            return
        log.warning("journal: the old journal was set aside as %s", kept)
        self.open_journal()
        if self.journal is not None:
            self.tell(Message("The old journal is kept as {name}; a new one has begun.", name=kept.name))

    # ----------------------------------------------------------------------------- the game
    @property
    def game_name(self) -> str | None:
        return self._session.game.name if self._session is not None else None

    @property
    def contract(self) -> GameScreens | None:
        return screens_of(self.game_name) if self.game_name else None

    def game_screen(self) -> str:
        contract = self.contract
        return contract.first if contract is not None and self.table is not None else "start"

    def running_summary(self) -> Any:
        """The running game as the saves screen lists it (None: no game runs, or the screen cannot
        show its game)."""
        contract = self.contract
        if self._session is None or contract is None or self.table is None:
            return None
        events = [event for line in self.table.log() if line.get("in_play") for event in line.get("events", ())]
        return contract.summary(self._session.game.dump_config(self._session.config), events)

    def running_is_over(self) -> bool:
        from companion.journal.rows import is_over

        return self._session is not None and is_over(self._session.state)

    def before_replacing(self, then: Callable[[], None]) -> None:
        """``then()`` at once when no unfinished game runs; else after the table confirms, the
        running game saved first (it stays in the journal, and Saved games continues it)."""
        if self._session is None or self.running_is_over():
            then()
            return
        from companion.app.pieces.confirm import ReplaceDialog

        ReplaceDialog(title_of(self.game_name or ""), self.running_summary(), lambda: self._save_then(then)).open_now()

    def _save_then(self, then: Callable[[], None]) -> None:
        from companion.journal.saves import save

        try:
            saved = save(self.journal)
        except Exception as error:  # noqa: BLE001 - a save refused or a journal that cannot be written
            log.error("journal: not saved: %s", error)
            self.tell(Message("Not saved: {problem}", problem=str(error)), refusal=True)
            return
        then()
        said, refusal = self._word if self._word else ([], False)  # what the new game's start said stays
        self.tell([Message("The game before is saved as {name}.", name=saved.name), *said], refusal=refusal)

    def with_confirmed_day(self, then: Callable[[], None]) -> None:
        """``then()`` at once when the clock is taken as right or the day was confirmed in this
        boot; else after the table confirms the day, the clock's chosen at first: from then on
        the journal writes the clock's time on that day. "Back" changes nothing."""
        clock = self.clock
        if clock is None or not clock.asks() or self.journal is None or self.read_only:
            then()  # (without a journal to write, starting is refused as it is)
            return
        from companion.app.pieces.today import TodayDialog

        def confirmed(day: Any) -> None:
            clock.confirm(day)
            then()

        TodayDialog(clock.clock_day(), *clock.choices(), confirmed).open_now()

    def start_game(self, game: str, setup: Any) -> None:
        from companion.journal.session import Session

        if self.journal is None or self.read_only:
            self.tell(Message("The journal is not open, so no game can start."), refusal=True)
            return
        session = Session.start(self.journal, game, setup)
        self.open_game(session)
        self.goto(self.game_screen())

    def load_save(self, save_id: int) -> bool:
        """A save becomes the running game, when its game can be shown; False (and the reason
        told) when not."""
        from companion.journal.saves import load

        try:
            loaded = load(self.journal, save_id)
        except Exception as error:  # noqa: BLE001 - a broken save changes nothing
            self.tell(Message("This save cannot be loaded: {problem}", problem=str(error)), refusal=True)
            return False
        if self.open_game(loaded.session):
            from companion.app.screens.start import step_of  # counted as the start screen counts

            step = step_of(self.table) if self.table is not None else len(loaded.session.chain(loaded.session.head))
            self.tell(Message("Loaded {name}: step {step}.", name=loaded.name, step=step))
            self.goto(self.game_screen())
        return True

    def open_game(self, session: Any) -> bool:
        """The session becomes the running game; its table opens when its game has screens. A
        game the screen cannot show yet stays in the journal as it is, and the start screen says
        which game it is."""
        self.close_table()
        self._session = session
        self.happened = []
        self.tell("")  # nothing said of the game before stands over this one
        try:
            contract = screens_of(session.game.name)
        except Exception as error:  # noqa: BLE001 - a game's screens that cannot be used
            log.error("the screens of %s cannot be used: %s", session.game.name, error)
            contract = None
        screens: Sequence[type[Any]] = contract.screens() if contract is not None else []  # AppScreen classes
        self._let_go_of_screens(self._game_screens - {cls.screen_name for cls in screens})
        if contract is None:
            self.unshown = title_of(session.game.name)
            return False
        self.unshown = None
        for screen_class in screens:
            self._screen_classes[screen_class.screen_name] = _given(screen_class)
        self._game_screens = {cls.screen_name for cls in screens}
        self.open_table(session)
        return True

    def _let_go_of_screens(self, names: set[str]) -> None:
        """The screens ``names`` of a game that no longer runs leave the app with the listeners they
        gave it: an evening of different games keeps only the running game's screens (the others
        are built again when their game runs again)."""
        manager = self.root.manager
        for name in names:
            self._screen_classes.pop(name, None)
            self._game_screens.discard(name)
            if manager.has_screen(name):
                screen = manager.get_screen(name)
                manager.remove_widget(screen)
                self._listeners = [heard for heard in self._listeners if getattr(heard, "__self__", None) is not screen]

    def open_table(self, session: Any) -> None:
        from companion.games.registry import part
        from companion.table.table import Table  # with the session and the hardware layer: when a game opens

        def table_with(hardware: dict[str, Any]) -> Any:
            return Table(
                session,
                part(session.game.name, "table").TABLE,
                schedule=lambda call: Clock.schedule_once(lambda dt: call(), -1),  # before the next frame
                rng=self.rng,
                **hardware,
            )

        try:
            table = table_with(self.hardware())
        except Exception as error:  # noqa: BLE001 - a settings file, a pin or a port that cannot be used
            log.error("the hardware cannot be used: %s", error)  # play on the screen, and say why
            table = table_with({})
            self.tell(hardware_words(error), refusal=True)
        table.listen(self._heard)
        self.table = table
        self._was_over = self.running_is_over()
        table.start()
        self.refresh()  # whose turn it is from the first frame; a table screen already shown draws the new game

    def set_die_source(self, source: str) -> None:
        """Where rolls come from, at once: the running table keeps its panel and what was chosen
        on it, and only its die changes."""
        was = self.settings_.die
        self.settings_.die = source
        self.save_settings()
        if self.table is not None and (was == "serial") != (source == "serial"):
            dice = None
            if source == "serial" and hasattr(self.hardware, "dice"):
                try:
                    dice = self.hardware.dice()
                except Exception as error:  # noqa: BLE001 - a settings file or port that cannot be used
                    self.tell(hardware_words(error), refusal=True)
            self.table.use_dice(dice)
        self.refresh()

    def wiring_words(self) -> list[Any]:
        """The panel as the settings file gives it, or each of the file's problems."""
        panel = self.wiring
        if panel is None and hasattr(self.hardware, "config"):
            try:
                panel = self.hardware.config().panel
            except ValueError as error:  # the hardware settings file cannot be used
                return hardware_words(error)
        wiring = getattr(panel, "wiring", None)
        if wiring == "keyboard":
            return [Message("The keyboard: each seat has a row of six keys; the board shows them.")]
        if wiring == "matrix":
            return [Message("A 6×6 button matrix on the GPIO header, with one LED per seat.")]
        if wiring == "direct":
            return [Message("One GPIO pin per button, with one LED per seat.")]
        return [Message("No panel: the players choose on the screen, one after another.")]

    def close_table(self) -> None:
        if self.table is not None:
            self.table.close()
        self.table = None
        self._session = None
        self.unshown = None

    def listen(self, listener: Callable[[Notice], None]) -> None:
        """``listener(notice)`` after the app has heard each of the table's notices; a game's screen
        listens with a method of its own, which the app lets go of with the screen."""
        self._listeners.append(listener)

    def _heard(self, notice: Notice) -> None:
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
            said, refusal = self._word if self._word else ([], False)
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
            self._show_the_end()
        from companion.app.pieces.dialog import close_unasked

        close_unasked()  # a question the game no longer asks does not stay open
        self._refresh_soon()  # once the table has finished its step, before the next frame

    def person(self, colour: str | None) -> Any:
        """A player of the running game, by the name given (the colour beside it)."""
        from companion.app.people import person

        return person(self.table.public_view()["view"] if self.table is not None else None, colour)

    def command_words(self, command: str) -> Any:
        """A command's name in the game log, as the game words it."""
        contract = self.contract
        return contract.commands.get(command, command) if contract is not None else command

    def happenings(self, events: Any, after: Any = None, people: Any = None) -> list[Any]:
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

    # ----------------------------------------------------------------------------- the end
    def _show_the_end(self) -> None:
        """The result screen, the moment the running game ends (the table can go back and undo)."""
        over = self.running_is_over()
        if over and not self._was_over:
            self.screen("result").show_game(None)
            self.goto("result")
        self._was_over = over

    def outcome(self, game_id: int) -> tuple[Any, Any]:
        """A finished game's result, or None and why it cannot be shown, in words."""
        from companion.results.outcome import NotOver, outcome

        if self.journal is None:
            return None, Message("The journal is not open.")
        try:
            return outcome(self.journal, game_id), None
        except NotOver:
            return None, Message("This game has not ended yet.")
        except Exception as error:  # noqa: BLE001 - a damaged game, or a game part that fails: the table plays on
            log.error("result of game %s: %s", game_id, error)
            return None, Message("This game cannot be shown: {problem}", problem=str(error))

    def push_link(self, game_id: int) -> tuple[str | None, Any]:
        """A finished game as BG Stats' push link, or None and why not, in words."""
        from companion.results.push import link, play

        try:
            return link(play(self.journal, game_id)), None
        except Exception as error:  # noqa: BLE001 - the result stands without its code
            log.error("BG Stats link of game %s: %s", game_id, error)
            return None, Message("No BG Stats code: {problem}", problem=str(error))

    def finished_games(self) -> Any:
        """The journal's finished games of the games this screen can show, newest first."""
        from companion.app.contract import playable
        from companion.results.history import History, history

        if self.journal is None:
            return History([], 0)
        return history(self.journal, (name for name, _title in playable()))

    # ----------------------------------------------------------------------------- screens
    def goto(self, name: str, *, remember: bool = True) -> None:
        if not self.show(name):
            log.warning("no screen %r", name)
            self.show("start")
            return
        if remember and name != self.settings_.screen:
            self.settings_.screen = name
            self.save_settings()

    def tell(self, text: Any, refusal: bool = False) -> None:
        """The bottom line: ``text`` (or several, in order), a refusal in red. Kept as texts, so
        that a switched language says it again."""
        texts: Sequence[Any] = text if isinstance(text, list | tuple) else ([text] if text else [])
        self._word = (list(texts), refusal) if texts else ()
        self.root.word = "  ·  ".join(render(t) for t in texts)
        self.root.word_is_refusal = refusal

    def read_word(self) -> None:
        """The bottom line whole, in a dialog (it may be longer than the line)."""
        if not self._word:
            return
        from companion.app.pieces.dialog import MessageDialog

        texts, refusal = self._word
        title = Message("Not done") if refusal else Message("What happened")
        MessageDialog(title, list(texts)).open_now()

    def refresh(self) -> None:
        self.refresh_status()
        screen = self.root.manager.current_screen
        if isinstance(screen, AppScreen):
            screen.refresh()

    def refresh_status(self) -> None:
        if self.root is None:
            return
        self.root.status_text = render(status.line(self.table, self.die_source()))

    # ----------------------------------------------------------------------------- keys
    def _typing(self) -> bool:
        return any(isinstance(w, TextInput) and w.focus for w in self.root.walk(restrict=True))

    def _key_down(self, _window: Any, key: int, *_: Any) -> bool:
        """A key as a panel button (the keyboard panel), unless somebody types into a field."""
        if self.table is None or self._typing():
            return False
        name = key_name(key)
        return self.table.key_down(name) if name else False

    def _key_up(self, _window: Any, key: int, *_: Any) -> bool:
        if self.table is None:
            return False
        name = key_name(key)
        return self.table.key_up(name) if name else False


def hardware_words(error: Exception) -> Any:
    """A hardware problem in the table's language, every part of it (:mod:`companion.app.problems`)."""
    from companion.app.problems import hardware_problems

    return hardware_problems(error)


def key_name(key: int) -> str | None:
    """The name Kivy gives a key code (``"q"``, ``","``), as the keyboard panel knows them."""
    keyboard = getattr(Window, "_system_keyboard", None)
    return keyboard.keycode_to_string(key) if keyboard is not None else None


def _importer(where: str) -> Callable[[], Any]:
    module, name = where.split(":")
    return lambda: getattr(importlib.import_module(module), name)


def _given(screen_class: type[Any]) -> Callable[[], type[Any]]:
    return lambda: screen_class
