"""What a game's ``result`` part gives (``companion/games/<game>/result.py``); the shell draws it
the same way for every game.

A ``result`` module holds:

- ``PERIOD``: the plot's unit of time in the table's words, a :class:`~companion.i18n.Message`
  (``Message("Round")``, ``Message("Day")``);
- ``MEASURES``: what the plot draws, a tuple of one to three :class:`Measure`, each one panel
  with one line per player;
- ``period(state) -> int``: the round (or day) a state of the game is in, 1 for the first; the
  plot takes each player's values at the last state of every period (and at the setup, as 0);
- ``values(state) -> dict[str, tuple[int, ...]]``: each player's value of every measure, by
  colour, in ``MEASURES``' order;
- ``verdict(state) -> list[Text]``: who won and why, in the table's words (a finished game);
- ``columns(state) -> Columns``: every player's final figures, in seating (or turn) order.

Everything here is plain Python; the texts are catalogue messages, rendered in the table's
language when shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Measure:
    """One thing the plot draws per player: ``key`` names it, ``label`` is its name on the plot."""

    key: str
    label: Any


@dataclass(frozen=True, slots=True)
class Columns:
    """The final figures as a table: one heading per column, and per player its colour and one
    cell per column (a number, or a text of the catalogue)."""

    headings: tuple[Any, ...]
    rows: tuple[tuple[str, tuple[Any, ...]], ...]
