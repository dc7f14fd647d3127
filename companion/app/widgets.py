"""Small widgets every screen shares (their look is in ``theme.kv``)."""

from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.floatlayout import FloatLayout


class Chip(FloatLayout):
    """A player's colour as a square to tap, with a short text on it."""

    colour = StringProperty("")
    text = StringProperty("")
