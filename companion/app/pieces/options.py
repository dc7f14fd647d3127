"""A guide's choices as buttons (:class:`companion.app.option.Option`): a main choice big, in the
colour of the player it concerns; a quiet one plain. The button keeps its option, so a screen
that draws the same choices again only gives each button what it now sends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.factory import Factory

from companion.app import theme
from companion.app.option import Option


def option_button(option: Option, text: str, choose: Callable[[Option], Any]) -> Any:
    """The button for ``option`` saying ``text``; a tap calls ``choose`` with its option then."""
    button = (Factory.Big if option.main else Factory.Quiet)(text=text)
    if option.player and option.main:
        button.background_color = theme.player_colour(option.player)
        button.color = theme.text_on(option.player)
    button.option = option
    button.bind(on_release=lambda pressed: choose(pressed.option))
    return button


class Guided:
    """What a game's screen with a guide does with a choice: a command is sent as it is, a dialog is
    opened (``open_dialog(name, **args)``); and a dialog asks ``offered`` whether the step still
    offers it, else it closes itself. The screen says what its guide offers now (``guided_now``)."""

    def guided_now(self) -> Any:
        """The guide's step now (with its ``options``), or None while no game runs."""
        raise NotImplementedError

    def open_dialog(self, name: str | None, **args: Any) -> Any:
        raise NotImplementedError

    def choose(self, option: Option) -> None:
        from companion.app.room import running_app

        if option.command is not None:
            running_app().table.submit(option.command)
            return
        self.open_dialog(option.dialog, **option.args)

    def offered(self, name: str | None, args: dict[str, Any]) -> bool:
        """Whether the step still offers the dialog ``name`` for ``args``: else it closes itself."""
        now = self.guided_now()
        return now is not None and any(option.dialog == name and option.args == args for option in now.options)
