"""The games the companion serves, by name: one line per game in :data:`PACKAGES`.

Looking a game up imports only its package's ``__init__`` (its :class:`GameHome`); the engine and
the parts are imported when they are asked for. Adding a game: docs/games.md.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from companion.games.home import GameHome

PACKAGES = ("gluecksritter", "raubritter", "schatzjagd")  # companion/games/<package>/, each with its HOME

HOMES: dict[str, GameHome] = {
    home.name: home for home in (importlib.import_module(f"companion.games.{p}").HOME for p in PACKAGES)
}


class UnknownGame(ValueError):
    """A name that is no game of this companion."""


def home(name: str) -> GameHome:
    """The game's home; UnknownGame names the games there are."""
    try:
        return HOMES[name]
    except KeyError:
        raise UnknownGame(f"no game {name!r}; games: {', '.join(HOMES)}") from None


def engine(name: str) -> Any:
    """The game's engine, its ``GAME`` (imported on first use)."""
    return home(name).game


def part(name: str, part: str) -> ModuleType:
    """One part of the game (see :mod:`companion.games.home`), imported on first use."""
    return home(name).part(part)
