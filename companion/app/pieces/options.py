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
