"""The app: one window (:class:`~companion.app.frame.Shell`) with the status line on top, the
screens in the middle and the last word of the table at the bottom.

:class:`CompanionApp` is made of parts, each owning one job in a module of its own (docs/app.md,
"How it is built"): the words and the bottom line (:mod:`.words`), the settings
(:mod:`.preferences`), the screens shown (:mod:`.navigation`), the journal (:mod:`.journaling`),
the running game and its saves (:mod:`.running_game`), the table's notices in words
(:mod:`.notice_words`), the end of a game (:mod:`.results_side`), the die's source
(:mod:`.dice_source`) and the keyboard as the panel (:mod:`.panel_keys`). What is left here is the
app's life: what it is made with, its window built, started and stopped.

Screens see it as a :class:`~companion.app.room.ScreenApp`: the table's public side, texts, moving
between screens, the settings; never the session. It names no game: what a game shows comes from
its ``screens`` part (:mod:`companion.app.contract`), loaded when its table opens.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion import clock as day_clock
from companion.app import settings as app_settings
from companion.app import theme
from companion.app.dice_source import DiceSource
from companion.app.frame import Shell
from companion.app.journaling import Journaling
from companion.app.navigation import Navigation
from companion.app.notice_words import NoticeWords
from companion.app.notify import Notifier
from companion.app.panel_keys import PanelKeys
from companion.app.preferences import Preferences
from companion.app.results_side import ResultsSide
from companion.app.running_game import RunningGame
from companion.app.words import Words
from companion.i18n import Message, Text, set_language

if TYPE_CHECKING:
    from companion.app.host import Host
    from companion.clock import DayClock
    from hardware.dice.emulator import DiceEmulator
    from hardware.panel import PanelConfig

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


class CompanionApp(
    Words,
    Preferences,
    Navigation,
    Journaling,
    RunningGame,
    NoticeWords,
    ResultsSide,
    DiceSource,
    PanelKeys,
    App,  # type: ignore[misc]  # Kivy has no type information: App is Any
):
    language = StringProperty("de")
    title = "companion"

    def __init__(
        self,
        data_dir: Path,
        *,
        hardware: Callable[[], dict[str, Any]] | None = None,
        rng: random.Random | None = None,
        emulator: DiceEmulator | None = None,
        wiring: PanelConfig | None = None,
        read_only: str | None = None,
        clock: DayClock | None = None,
        **kwargs: Any,
    ) -> None:
        """``hardware()`` gives the table's hardware arguments (:func:`companion.table.devices.from_config`);
        without it the players choose on the screen and roll there. ``emulator`` is an emulated
        serial die the screens may throw (``--dice emulator``). ``wiring``: the panel's settings,
        else asked of ``hardware.config()`` when the settings screen shows them. ``read_only`` says
        why the data directory cannot be written: the journal's games are then shown, and nothing
        is written. ``clock``: the device's clock, which may be wrong (:mod:`companion.clock`):
        while it is, the first new game of a boot asks the table for the day; without it the clock
        is taken as right."""
        super().__init__(**kwargs)
        self.data_dir = data_dir
        self.hardware: Callable[[], dict[str, Any]] = hardware or (lambda: {})
        self.rng = rng or random.Random()
        self.emulator = emulator
        self.wiring = wiring
        self.read_only = read_only
        self.clock = clock
        day_clock.use(clock)  # the journal writes its times from it
        self.settings_, problems = app_settings.load(data_dir)
        self.startup_problems: list[Text] = problems  # said once the journal has opened
        self.language = self.settings_.language
        set_language(self.language)
        self._init_words()
        self._init_preferences()
        self._init_navigation()
        self._init_journaling()
        self._init_running_game()
        self._init_notice_words()
        self._init_results_side()

    def open_settings(self, *_: Any) -> bool:
        """Kivy's own settings panel (F1) never opens: its texts are English only, not the app's,
        and it could switch Escape back on in the kiosk; the app's settings are its own screen."""
        return False

    def build(self) -> Shell:
        Builder.load_file(str(theme.KV))
        Builder.load_file(str(HERE / "shell.kv"))
        shell = Shell()
        manager: ScreenManager = shell.manager
        manager.transition = NoTransition()
        self.root = shell  # the start screen is shown in it now (Kivy sets it again from what build returns)
        self.host_screens(SCREENS)
        self.show("start")
        self.bind_keys()
        Clock.schedule_interval(lambda dt: self.refresh_status(), 1.0)
        return shell

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

    def on_stop(self) -> None:
        self.close_table()
        self.close_journal()


def hardware_words(error: Exception) -> list[Message]:
    """A hardware problem in the table's language, every part of it (:mod:`companion.app.problems`)."""
    from companion.app.problems import hardware_problems

    return hardware_problems(error)


if TYPE_CHECKING:

    def _app_is_its_parts_host(app: CompanionApp) -> Host:
        """The app gives everything its parts ask of one another (for mypy; never called)."""
        return app
