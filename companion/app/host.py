"""The app as its own parts see one another.

:class:`~companion.app.shell.CompanionApp` is made of parts, each owning one job (docs/app.md,
"How it is built"). A part's methods take ``self`` as a :class:`Host`: everything a screen may ask
of the app (:class:`~companion.app.room.ScreenApp`) and what the parts keep and ask of each other
besides, so that mypy checks every call from one part into another. Nothing here runs; this module
imports no part and no Kivy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from companion.app.room import ScreenApp

if TYPE_CHECKING:
    import random
    from pathlib import Path

    from companion.app.contract import GameScreens, SaveSummary
    from companion.app.room import AppScreen
    from companion.app.settings import AppSettings
    from companion.clock import DayClock
    from companion.i18n import Text
    from companion.journal.errors import JournalError
    from companion.journal.session import Session
    from companion.table.notices import Notice
    from hardware.dice.bluetooth.source import Backend
    from hardware.dice.emulator import DiceEmulator
    from hardware.panel import PanelConfig

Said = tuple[list["Text"], bool]
"""What the bottom line says: its texts in order, and whether they are a refusal."""


class Host(ScreenApp, Protocol):
    # given when the app is made (shell)
    hardware: Callable[[], dict[str, Any]]
    """The table's hardware arguments (:func:`companion.table.devices.from_config`); ``run.Hardware``
    also gives ``dice()`` and ``config()``."""
    rng: random.Random
    emulator: DiceEmulator | None
    wiring: PanelConfig | None
    clock: DayClock | None
    settings_: AppSettings
    startup_problems: list[Text]

    # preferences
    _settings_told: set[str]

    def save_settings(self) -> None: ...

    # words
    _word: Said | None

    def said(self) -> Said: ...

    def switch_language(self, language: str) -> None: ...

    # navigation
    _screen_classes: dict[str, Callable[[], type[AppScreen]]]
    _game_screens: set[str]

    def show(self, name: str) -> bool: ...

    def refresh_status(self) -> None: ...

    def host_screens(self, where: Mapping[str, str]) -> None: ...

    def host_game_screens(self, screens: list[type[AppScreen]]) -> None: ...

    # journaling
    journal_problem: JournalError | None

    @property
    def journal_path(self) -> Path: ...

    def open_journal(self) -> None: ...

    def close_journal(self) -> None: ...

    # the running game
    _session: Session | None
    unshown: str | None

    @property
    def contract(self) -> GameScreens | None: ...

    def running_summary(self) -> SaveSummary | None: ...

    def open_game(self, session: Session) -> bool: ...

    def close_table(self) -> None: ...

    # notices
    _listeners: list[Callable[[Notice], None]]
    _unwritten: str | None
    _refresh_soon: Callable[[], None]

    def forget_listeners_of(self, screen: AppScreen) -> None: ...

    def _heard(self, notice: Notice) -> None: ...

    def person(self, colour: str | None) -> Text: ...

    # the die's source
    bluetooth_backend: Callable[[], Backend] | None

    def _use_chosen_die(self) -> None: ...

    def _paired_changed(self) -> None: ...

    # results
    _was_over: bool

    def show_the_end(self) -> None: ...
