"""Whose private page to open: a button per player in their colour, by the name given, then
"Back" (the privacy cover follows for the player tapped)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kivy.factory import Factory

from companion.app import theme
from companion.app.people import person
from companion.i18n import Message


def whose(app: Any, view: Mapping[str, Any], pick: Callable[[str], Any], back: Callable[[], Any]) -> list[Any]:
    """The buttons, top to bottom: ``pick(colour)`` for a player, ``back()`` for "Back"."""
    widgets = []
    for player in view["players"]:
        colour = player["colour"]
        button = Factory.Big(text=app.tr(person(view, colour)))
        button.background_color = theme.player_colour(colour)  # after the rule's own colour, not before
        button.color = theme.text_on(colour)
        button.bind(on_release=lambda *_, c=colour: pick(c))
        widgets.append(button)
    button = Factory.Quiet(text=app.tr(Message("Back")))
    button.bind(on_release=lambda *_: back())
    widgets.append(button)
    return widgets
