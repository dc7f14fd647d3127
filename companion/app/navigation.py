"""Which screen is shown, and the status line above it.

Every screen is built the first time it is shown: the shell's own from their module paths, a
game's from the classes its ``screens`` part gives when its table opens. The screens of a game
that no longer runs leave the app with the listeners they gave it, so an evening of different
games keeps only the running game's screens. The last screen shown is kept in the settings, for
the app to open on it after a power cut."""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from companion.app import status
from companion.app.room import AppScreen
from companion.i18n import render

if TYPE_CHECKING:
    from kivy.uix.screenmanager import ScreenManager

    from companion.app.host import Host

log = logging.getLogger(__name__)


class Navigation:
    """The app's part that shows the screens: a mixin of :class:`~companion.app.shell.CompanionApp`."""

    _screen_classes: dict[str, Callable[[], type[AppScreen]]]
    """Every screen the app can show, by name: how to get its class when it is first shown."""
    _game_screens: set[str]
    """The screens of the game whose table opened last."""

    def _init_navigation(self: Host) -> None:
        self._screen_classes = {}
        self._game_screens = set()

    def host_screens(self: Host, where: Mapping[str, str]) -> None:
        """Screens by name, each ``"module:Class"`` imported when it is first shown."""
        for name, path in where.items():
            self._screen_classes[name] = _importer(path)

    def host_game_screens(self: Host, screens: list[type[AppScreen]]) -> None:
        """The running game's screens, in place of the game's before."""
        names = {cls.screen_name for cls in screens}
        _let_go_of_screens(self, self._game_screens - names)
        for screen_class in screens:
            self._screen_classes[screen_class.screen_name] = _given(screen_class)
        self._game_screens = names

    def screen(self: Host, name: str) -> AppScreen:
        """The screen ``name``, built if it was never shown (LookupError: the app has no such screen)."""
        screen = _built(self, self.root.manager, name)
        if screen is None:
            raise LookupError(f"no screen {name!r}")
        return screen

    def show(self: Host, name: str) -> bool:
        """Make ``name`` the screen shown, building it first if it was never shown."""
        if _built(self, self.root.manager, name) is None:
            return False
        self.root.manager.current = name
        return True

    def goto(self: Host, name: str, *, remember: bool = True) -> None:
        if not self.show(name):
            log.warning("no screen %r", name)
            self.show("start")
            return
        if remember and name != self.settings_.screen:
            self.settings_.screen = name
            self.save_settings()

    def refresh(self: Host) -> None:
        self.refresh_status()
        screen = self.root.manager.current_screen
        if isinstance(screen, AppScreen):
            screen.refresh()

    def refresh_status(self: Host) -> None:
        if self.root is None:
            return
        self.root.status_text = render(status.line(self.table, self.die_source()))


def _built(app: Host, manager: ScreenManager, name: str) -> AppScreen | None:
    if not manager.has_screen(name):
        make = app._screen_classes.get(name)
        if make is None:
            return None
        manager.add_widget(make()(name=name))
    screen: AppScreen = manager.get_screen(name)
    return screen


def _let_go_of_screens(app: Host, names: set[str]) -> None:
    """The screens ``names`` of a game that no longer runs leave the app with the listeners they
    gave it (they are built again when their game runs again)."""
    manager = app.root.manager
    for name in names:
        app._screen_classes.pop(name, None)
        app._game_screens.discard(name)
        if manager.has_screen(name):
            screen = manager.get_screen(name)
            manager.remove_widget(screen)
            app.forget_listeners_of(screen)


def _importer(where: str) -> Callable[[], type[AppScreen]]:
    module, name = where.split(":")

    def imported() -> type[AppScreen]:
        screen_class: type[AppScreen] = getattr(importlib.import_module(module), name)
        return screen_class

    return imported


def _given(screen_class: type[AppScreen]) -> Callable[[], type[AppScreen]]:
    return lambda: screen_class
