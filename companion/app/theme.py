"""One look for every screen: the cardboard's colours, sizes in dp and sp, and the widgets every
screen uses (``theme.kv``: big buttons, labels, a player's chip). Touch targets are at least
48 dp; body text is at least 18 sp on the Pi's 800×480 display."""

from __future__ import annotations

from pathlib import Path

KV = Path(__file__).with_suffix(".kv")

# The cardboard: parchment, a dark wooden frame, and the players' colours as printed.
PAPER = (0.95, 0.91, 0.80, 1)
PAPER_DARK = (0.86, 0.80, 0.65, 1)
INK = (0.17, 0.12, 0.08, 1)
INK_FAINT = (0.17, 0.12, 0.08, 0.55)  # the text of what cannot be tapped now
WOOD = (0.36, 0.23, 0.13, 1)
GOLD = (0.85, 0.66, 0.18, 1)
SILVER = (0.72, 0.73, 0.75, 1)
ALERT = (0.68, 0.13, 0.10, 1)
GOOD = (0.20, 0.45, 0.20, 1)
COVER = (0.20, 0.14, 0.09, 1)
ON_COVER = (0.97, 0.94, 0.86, 1)  # text on the privacy cover
ON_COVER_ALERT = (1.00, 0.62, 0.50, 1)  # a refusal on the privacy cover

PLAYERS = {
    "red": (0.76, 0.15, 0.13, 1),
    "blue": (0.16, 0.33, 0.66, 1),
    "green": (0.18, 0.52, 0.25, 1),
    "yellow": (0.93, 0.77, 0.15, 1),
    "white": (0.97, 0.96, 0.93, 1),
    "black": (0.12, 0.12, 0.12, 1),
}
ON_PLAYER = {"yellow": INK, "white": INK}  # text on a light chip


def player_colour(colour: str) -> tuple[float, float, float, float]:
    return PLAYERS.get(colour, PAPER_DARK)


def text_on(colour: str) -> tuple[float, float, float, float]:
    return ON_PLAYER.get(colour, (1, 1, 1, 1))


TOUCH_DP = 48  # the smallest touch target
BUTTON_DP = 56
BODY_SP = 18
SMALL_SP = 16
TITLE_SP = 24

# A shape for each player's colour, beside the colour wherever a player is marked (a chip, a
# piece a game draws): one player in twelve cannot tell red from green, and names may be
# missing or begin alike; shapes never collide (:mod:`companion.app.marks` draws them).
MARKS = {
    "red": "circle",
    "blue": "square",
    "green": "triangle",
    "yellow": "diamond",
    "white": "star",
    "black": "cross",
}


def player_mark(colour: str) -> str | None:
    """The shape that marks the player of ``colour`` (None for a colour that is no player's)."""
    return MARKS.get(colour)
