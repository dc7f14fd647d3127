"""The games the companion serves, by name: one line per game in :data:`PACKAGES`, and any game
registered at run time (:func:`register`, :func:`registered`: a game whose package lies elsewhere,
such as a game the tests bring with them).

Looking a game up imports only its package's ``__init__`` (its :class:`GameHome`); the engine and
the parts are imported when they are asked for. Adding a game: docs/games.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from companion.games.home import GameHome
from engines.core.errors import CompanionError

PACKAGES = ("gluecksritter", "raubritter", "schatzjagd")  # companion/games/<package>/, each with its HOME

HOMES: dict[str, GameHome] = {
    home.name: home for home in (importlib.import_module(f"companion.games.{p}").HOME for p in PACKAGES)
}
"""Every game served, by name: the built-in ones, then those registered (:func:`register`)."""

GENERATION = 0
"""Counts the changes of the games served (:func:`register`, :func:`unregister`): whatever keeps
something made of the games remembers the generation it was made at and makes it again when this
has moved on. The registry itself imports none of them."""

BUILT_IN = frozenset(HOMES)
"""The names of the games of :data:`PACKAGES`."""


class UnknownGame(CompanionError, ValueError):
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


def register(game: GameHome) -> None:
    """``game`` served beside the built-in games (after them, in the order registered), from now
    on: the journal, the exports, the results and the app find it as they find those. A name
    already served is refused (ValueError): a built-in game is never replaced."""
    if game.name in HOMES:
        raise ValueError(f"a game {game.name!r} is served already: {HOMES[game.name].title}")
    HOMES[game.name] = game
    _forget()


def unregister(name: str) -> None:
    """A game registered with :func:`register` no longer served (a built-in game stays)."""
    if name in BUILT_IN:
        raise ValueError(f"{name!r} is a built-in game (PACKAGES): it cannot be unregistered")
    if HOMES.pop(name, None) is not None:
        _forget()


@contextmanager
def registered(game: GameHome) -> Iterator[GameHome]:
    """``game`` served inside the ``with`` block only (:func:`register`, then :func:`unregister`)."""
    register(game)
    try:
        yield game
    finally:
        unregister(game.name)


def _forget() -> None:
    """The games served changed: every cache made of them (the app's screens parts, the catalogues
    holding the games' own words) is stale from now on, as :data:`GENERATION` tells it."""
    global GENERATION
    GENERATION += 1
