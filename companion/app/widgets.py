"""Small widgets every screen shares (their look is in ``theme.kv``)."""

from __future__ import annotations

from typing import Any

from kivy.metrics import sp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout


def toggle(text: str, down: bool, on_press: Any) -> Any:
    """A choice among several (theme's ``Toggle``), down when it is the one chosen."""
    from kivy.factory import Factory

    button = Factory.Toggle(text=text, state="down" if down else "normal", allow_no_selection=False)
    button.bind(on_release=lambda *_: on_press())
    return button


class Chip(FloatLayout):
    """A player's colour as a square to tap, with a short text on it."""

    colour = StringProperty("")
    text = StringProperty("")
    font_size = NumericProperty(sp(18))
