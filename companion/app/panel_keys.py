"""The button panel as the app sees it: the keyboard's keys pressed as the keyboard panel's
buttons (unless somebody types into a field), and the panel's wiring in words for the settings
screen."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from kivy.core.window import Window
from kivy.uix.textinput import TextInput

from companion.i18n import Message, Text

if TYPE_CHECKING:
    from companion.app.host import Host


class PanelKeys:
    """The app's part that hears the keyboard as the panel: a mixin of
    :class:`~companion.app.shell.CompanionApp`, which binds the window's keys when it builds."""

    def bind_keys(self: Host) -> None:
        """The window's keys to the running table's keyboard panel, for as long as the app runs
        (Kivy keeps the partials; it would drop a bound method of an object nobody else holds)."""
        Window.bind(on_key_down=partial(_key_down, self), on_key_up=partial(_key_up, self))

    def wiring_words(self: Host) -> list[Text]:
        """The panel as the settings file gives it, or each of the file's problems."""
        panel = self.wiring
        config = getattr(self.hardware, "config", None)  # run.Hardware reads the settings file
        if panel is None and config is not None:
            try:
                panel = config().panel
            except ValueError as error:  # the hardware settings file cannot be used
                from companion.app.problems import hardware_problems

                return list(hardware_problems(error))
        wiring = getattr(panel, "wiring", None)
        if wiring == "keyboard":
            return [Message("The keyboard: each seat has a row of six keys; the board shows them.")]
        if wiring == "matrix":
            return [Message("A 6×6 button matrix on the GPIO header, with one LED per seat.")]
        if wiring == "direct":
            return [Message("One GPIO pin per button, with one LED per seat.")]
        return [Message("No panel: the players choose on the screen, one after another.")]


def _typing(app: Host) -> bool:
    return any(isinstance(w, TextInput) and w.focus for w in app.root.walk(restrict=True))


def _key_down(app: Host, _window: Any, key: int, *_: Any) -> bool:
    """A key as a panel button (the keyboard panel), unless somebody types into a field."""
    if app.table is None or _typing(app):
        return False
    name = key_name(key)
    return app.table.key_down(name) if name else False


def _key_up(app: Host, _window: Any, key: int, *_: Any) -> bool:
    if app.table is None:
        return False
    name = key_name(key)
    return app.table.key_up(name) if name else False


def key_name(key: int) -> str | None:
    """The name Kivy gives a key code (``"q"``, ``","``), as the keyboard panel knows them."""
    keyboard = getattr(Window, "_system_keyboard", None)
    name: str | None = keyboard.keycode_to_string(key) if keyboard is not None else None
    return name
