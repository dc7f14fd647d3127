"""Random players for every game, with one face: a game's seeded random table.

A game's random table is the module ``tests.engines.<game>.table`` beside its engine's tests, and
offers three functions (everything random drawn from the one ``random.Random`` handed in, so a
seed replays a whole game):

- ``random_config(rng, players=None, **settings) -> setup``: a setup the engine's ``setup`` takes
  (a random number of players unless told; ``settings`` are the game's own);
- ``legal_command(state, rng) -> command``: a command the rules accept in ``state`` (the game is
  not over);
- ``illegal_command(state, rng) -> command``: a command the rules refuse in ``state``.

:func:`table` finds a registered game's table by that convention (the journal's tests and the
conformance check, :mod:`tests.support.conformance`); :func:`engine_table` and :func:`engine_names`
do the same for the engines' own tests, which know no registry: an engine is a package
``engines/<name>/`` with a ``GAME`` (``engines/core`` is what they share).
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

FACE = ("random_config", "legal_command", "illegal_command")
CORE = "core"


class NoRandomTable(LookupError):
    """A game without a seeded random table in the place the convention names."""


def module_name(game: str) -> str:
    return f"tests.engines.{game}.table"


def engine_names() -> tuple[str, ...]:
    """The engines there are: every package under ``engines/`` but ``core``, by name, sorted."""
    import engines

    return tuple(
        sorted(info.name for info in pkgutil.iter_modules(engines.__path__) if info.ispkg and info.name != CORE)
    )


def engine_table(name: str) -> ModuleType:
    """The seeded random table of the engine ``engines/<name>/`` (``tests/engines/<name>/table.py``)."""
    path = f"tests/engines/{name}/table.py"
    wanted = f"with {', '.join(FACE)} (see {__name__})"
    try:
        module = importlib.import_module(module_name(name))
    except ModuleNotFoundError as exc:
        if exc.name not in (module_name(name), f"tests.engines.{name}"):
            raise  # the table is there but imports something missing: that error says what
        raise NoRandomTable(f"no seeded random table for {name!r}: add {path} {wanted}") from None
    missing = [f for f in FACE if not callable(getattr(module, f, None))]
    if missing:
        raise NoRandomTable(f"the random table {path} of {name!r} lacks {', '.join(missing)}: it needs {wanted}")
    return module


def table(game: str) -> ModuleType:
    """The seeded random table of a game of :data:`companion.games.registry.HOMES`, by the
    convention above; an unknown game is the registry's UnknownGame, a game without a table is
    :class:`NoRandomTable` naming the file to add."""
    from companion.games.registry import home

    return engine_table(home(game).name)
