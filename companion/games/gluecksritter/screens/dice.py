"""The pictures of Die Glücksritter's special die, for a real die whose face is tapped: each
picture's name and a small drawing of it (:func:`companion.app.pieces.rolls.roll_controls` puts
them on the buttons, one for each picture the table's die has)."""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp

from companion.app import theme
from companion.i18n import Message


def _sack(x: float, y: float, size: float) -> None:
    """A money sack: a round bag, its neck tied, the top flared."""
    Ellipse(pos=(x, y), size=(size, size * 0.78))
    Rectangle(pos=(x + size * 0.38, y + size * 0.7), size=(size * 0.24, size * 0.14))
    Line(points=[x + size * 0.22, y + size, x + size * 0.5, y + size * 0.84, x + size * 0.78, y + size], width=dp(2))


def _castle(x: float, y: float, size: float) -> None:
    """A castle: a wall with three merlons and a gate."""
    Rectangle(pos=(x, y), size=(size, size * 0.72))
    for left in (0.0, 0.4, 0.8):
        Rectangle(pos=(x + size * left, y + size * 0.72), size=(size * 0.2, size * 0.22))
    Color(*theme.WOOD)
    Ellipse(pos=(x + size * 0.32, y + size * 0.12), size=(size * 0.36, size * 0.4))
    Rectangle(pos=(x + size * 0.32, y), size=(size * 0.36, size * 0.32))


PICTURES = {"sack": (Message("sack"), _sack), "castle": (Message("castle"), _castle)}
"""Each picture of the special die (as the game's settings name them): its name and its drawing."""
