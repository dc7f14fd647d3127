"""The app: one window with the status line on top, the screens in the middle and the last word
of the table (a refusal in red, what happened in ink) at the bottom.

It owns the journal, the running game's :class:`~companion.table.Table` and the settings; screens
ask it (``App.get_running_app()``) and are told through :meth:`Screen.refresh` whenever the game,
the devices or the language change. Texts on screens come only from the catalogues: kv rules use
``app.say("English text", app.language)`` (re-evaluated when the language changes), Python code
renders :mod:`companion.i18n` texts with ``app.tr``.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager
from kivy.uix.textinput import TextInput

from companion.app import settings as app_settings
from companion.app import status, theme
from companion.i18n import Message, render, set_language
from companion.table.notices import DeviceChanged, Happened, LockedIn, Moved, Notice, Refused, RollCalled, Rolling

log = logging.getLogger(__name__)
HERE = Path(__file__).resolve().parent


class AppScreen(Screen):
    """A screen of the app; :meth:`refresh` redraws what depends on the game or the language."""

    def refresh(self) -> None:
        pass

    def on_enter(self, *args: Any) -> None:
        self.refresh()


class Shell(BoxLayout):
    manager = ObjectProperty(None)
    status_text = StringProperty("")
    word = StringProperty("")
    word_is_refusal = BooleanProperty(False)


class CompanionApp(App):
    language = StringProperty("de")
    title = "companion"

    def __init__(
        self,
        data_dir: Path,
        *,
        hardware: Callable[[], dict[str, Any]] | None = None,
        rng: random.Random | None = None,
        emulator: Any = None,
        wiring: Any = None,
        **kwargs: Any,
    ) -> None:
        """``hardware()`` gives the table's hardware arguments (:func:`companion.table.devices.from_config`);
        without it the players choose on the screen and roll there. ``emulator`` is an emulated
        serial die the screens may throw (``--dice emulator``)."""
        super().__init__(**kwargs)
        self.data_dir = data_dir
        self.hardware = hardware or (lambda: {})
        self.rng = rng or random.Random()
        self.emulator = emulator
        self.wiring = wiring  # the panel's settings; else asked of ``hardware.config()`` when shown
        self.settings_, problem = app_settings.load(data_dir)
        self.startup_problem = problem
        self.language = self.settings_.language
        set_language(self.language)
        self.journal: Any = None
        self.journal_problem: Exception | None = None  # why the journal could not be opened
        self.session: Any = None
        self.table: Any = None  # the running game's companion.table.Table
        self.happened: list[Any] = []  # the texts of what the last command did (or an undo asks)
        self.private_player: str | None = None  # a privacy cover is open for this player
        self._listeners: list[Callable[[Notice], None]] = []
        self._games_shown: set[str] = set()  # games whose screens the manager holds
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
        self.refresh()

    def save_settings(self) -> None:
        try:
            app_settings.save(self.data_dir, self.settings_)
        except OSError as error:
            log.warning("settings not saved: %s", error)
            self.tell(Message("The settings could not be saved: {problem}", problem=str(error)), refusal=True)

    # ----------------------------------------------------------------------------- build
    def build(self) -> Shell:
        Builder.load_file(str(theme.KV))
        Builder.load_file(str(HERE / "shell.kv"))
        from companion.app.screens import SCREENS

        shell = Shell()
        manager: ScreenManager = shell.manager
        manager.transition = NoTransition()
        for screen_class in SCREENS:
            manager.add_widget(screen_class())
        Window.bind(on_key_down=self._key_down, on_key_up=self._key_up)
        Clock.schedule_interval(lambda dt: self.refresh_status(), 1.0)
        return shell

    def on_start(self) -> None:
        """The window shows the start screen at once; the journal is opened (and a running game
        resumed onto the screen it stood at) right after that first frame."""
        Clock.schedule_once(lambda dt: self.open_journal(), 0)

    @property
    def journal_path(self) -> Path:
        return self.data_dir / "journal.sqlite3"

    def open_journal(self) -> None:
        from companion.journal.errors import JournalError
        from companion.journal.opening import open_running

        self.journal_problem = None
        try:
            self.journal, session = open_running(self.journal_path)
        except JournalError as error:
            log.error("journal: %s", error)
            self.journal_problem = error  # the start screen says it, and what the table can do
            self.goto("start", remember=False)
            self.refresh()
            return
        if self.startup_problem:
            self.tell(
                Message("The settings were damaged and have been reset: {problem}", problem=self.startup_problem), True
            )
        if session is not None:
            self.open_table(session)
            self.goto(self.settings_.screen if self.settings_.screen in self.root.manager.screen_names else "start")
        else:
            self.goto("start")
        self.refresh()

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

    def on_stop(self) -> None:
        self.close_table()
        if self.journal is not None:
            self.journal.close()

    # ----------------------------------------------------------------------------- the game
    @property
    def game_name(self) -> str | None:
        return self.session.game.name if self.session is not None else None

    def game_screen(self) -> str:
        from companion.games.registry import home

        return home(self.game_name).part("screens").FIRST if self.game_name else "start"

    def start_game(self, game: str, setup: Any) -> None:
        from companion.journal.session import Session

        if self.journal is None:
            self.tell(Message("The journal is not open, so no game can start."), refusal=True)
            return
        self.close_table()
        session = Session.start(self.journal, game, setup)
        self.open_table(session)
        self.goto(self.game_screen())

    def add_game_screens(self, game: str) -> None:
        """The game's own screens, added when its first table opens (not at start-up, which stays
        quick with no game to show)."""
        from companion.games.registry import part

        if game in self._games_shown:
            return
        for screen_class in part(game, "screens").SCREENS:
            self.root.manager.add_widget(screen_class())
        self._games_shown.add(game)

    def open_table(self, session: Any) -> None:
        from companion.games.registry import part

        self.add_game_screens(session.game.name)
        self.session = session
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
        except Exception as error:  # a settings file, a pin or a port that cannot be used: play on
            log.error("the hardware cannot be used: %s", error)  # the screen, and say why
            table = table_with({})
            self.tell(Message("The hardware cannot be used: {problem}", problem=str(error)), refusal=True)
        table.listen(self._heard)
        self.table = table
        self.happened = []
        table.start()

    def reopen_table(self) -> None:
        """The same game on a new table, after the die's source changed."""
        session = self.session
        if session is not None:
            self.close_table()
            self.open_table(session)
            self.refresh()

    def wiring_words(self) -> Any:
        panel = self.wiring
        if panel is None and hasattr(self.hardware, "config"):
            try:
                panel = self.hardware.config().panel
            except ValueError as error:  # the hardware settings file cannot be used
                return Message("The hardware settings cannot be used: {problem}", problem=str(error))
        wiring = getattr(panel, "wiring", None)
        if wiring == "keyboard":
            return Message("The keyboard: keys 1-6 for seat 1, q-y seat 2, a-h seat 3, z-n seat 4.")
        if wiring == "matrix":
            return Message("A 6×6 button matrix on the GPIO header, with one LED per seat.")
        if wiring == "direct":
            return Message("One GPIO pin per button, with one LED per seat.")
        return Message("No panel: the players choose on the screen, one after another.")

    def close_table(self) -> None:
        if self.table is not None:
            self.table.close()
        self.table = None
        self.session = None

    def listen(self, listener: Callable[[Notice], None]) -> None:
        self._listeners.append(listener)

    def _heard(self, notice: Notice) -> None:
        if isinstance(notice, Refused):
            if self.private_player is None or notice.player != self.private_player:
                self.tell(notice.shown, refusal=True)  # behind a cover the dialog shows it, to that player only
        elif isinstance(notice, Moved):
            self.happened = list(notice.messages)
            self.tell(
                Message("Undone: change the cardboard as listed.")
                if notice.kind == "undo"
                else Message("Done again: change the cardboard as listed.")
            )
        elif isinstance(notice, Happened):
            after = self.table.public_view()["view"] if self.table is not None else None
            self.happened = self.happenings(notice.events, after=after)
            self.tell(self.happened[0] if self.happened else "")
        elif isinstance(notice, LockedIn):
            self.tell(Message("{player} has locked in.", player=status.colour_word(notice.player)))
        elif isinstance(notice, RollCalled):
            self.tell(notice.text if notice.text is not None else status.roll_words(notice.player, notice.die))
        elif isinstance(notice, Rolling):
            self.tell(Message("The die is rolling ..."))
        elif isinstance(notice, DeviceChanged):
            self.refresh_status()
        for listener in self._listeners:
            listener(notice)
        self._refresh_soon()  # once the table has finished its step, before the next frame

    def command_words(self, command: str) -> Any:
        """A command's name in the game log, as the game words it."""
        from companion.games.registry import home

        if self.game_name is None:
            return command
        screens = home(self.game_name).part("screens")
        return getattr(screens, "COMMANDS", {}).get(command, command)

    def happenings(self, events: Any, after: Any = None) -> list[Any]:
        """What a command's public events did, as the game words it (its home's ``happenings``)."""
        from companion.games.registry import part

        if self.game_name is None:
            return []
        try:
            module = part(self.game_name, "happenings")
        except LookupError:  # a game without them: the log names the commands only
            return []
        return list(module.lines(list(events), after=after))

    # ----------------------------------------------------------------------------- screens
    def goto(self, name: str, *, remember: bool = True) -> None:
        manager: ScreenManager = self.root.manager
        manager.current = name
        if remember and name != self.settings_.screen:
            self.settings_.screen = name
            self.save_settings()

    def tell(self, text: Any, refusal: bool = False) -> None:
        self.root.word = render(text) if text else ""
        self.root.word_is_refusal = refusal

    def refresh(self) -> None:
        self.refresh_status()
        screen = self.root.manager.current_screen
        if isinstance(screen, AppScreen):
            screen.refresh()

    def refresh_status(self) -> None:
        if self.root is None:
            return
        self.root.status_text = render(status.line(self.table))

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


def key_name(key: int) -> str | None:
    """The name Kivy gives a key code (``"q"``, ``","``), as the keyboard panel knows them."""
    keyboard = getattr(Window, "_system_keyboard", None)
    return keyboard.keycode_to_string(key) if keyboard is not None else None
