"""What the companion knows of one game: its :class:`GameHome`.

A home names the game's engine and the modules of its parts by their import paths, so that
declaring a game imports nothing: the engine (and its pydantic models) and each part are imported
the first time they are asked for (:attr:`GameHome.game`, :meth:`GameHome.part`).

The parts, each a module of the game's package ``companion.games.<name>``:

- ``scenario``: the scenario notation (``GAME``, ``build_setup``, ``build_command``, ``probe``;
  see :class:`companion.scenario.run.Adapter`);
- ``table_words``: what to put back on the cardboard for an undo or redo (``lines`` and
  ``ROLLS``; see :mod:`companion.journal.table_words`);
- ``bgstats``: a finished play's lines for BG Stats (``results``; see
  :mod:`companion.journal.bgstats`);
- ``table``, optional for the journal, needed by the app as soon as the game's table opens: how
  panel and die input becomes commands (``TABLE``, a :class:`companion.table.game.TableGame`);
- ``refusals``, optional: ``words(values) -> values``, the values of the game's refusals that
  are words of the catalogues beyond colours (:mod:`companion.i18n.refusals`);
- ``happenings``, optional: ``lines(events, after=view)``, what a step did in the table's
  language, with why for every automatic ruling;
- ``secrets``, optional: ``pending(state)``, ``held(state)`` and ``is_secret(event)``, what
  the game keeps secret until it reveals it, for the journal's exports and saves;
- ``screens`` and ``help``, optional: the app's screens and the rules help, for the touchscreen
  app to fill in;
- ``result``, optional: the end of a game, who won and why, the final figures and what the plot
  of the game draws (:mod:`companion.results.parts`).

Besides the parts, ``locale`` (optional) is a folder of the game's own catalogues,
``<language>/LC_MESSAGES/*.po``, consulted after the app's own for every text
(:mod:`companion.i18n.catalogues`): a game outside this package brings its words with it. The
built-in games keep theirs in the app's catalogues (``companion/locale``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

PARTS = (
    "scenario",
    "table_words",
    "bgstats",
    "table",
    "refusals",
    "happenings",
    "secrets",
    "screens",
    "help",
    "result",
)


@dataclass(frozen=True, slots=True)
class GameHome:
    name: str
    """The engine's name, as the journal stores it and a scenario's ``game`` line writes it."""

    title: str
    """The game's name as the table reads it, e.g. ``"Die Glücksritter"``."""

    engine: str
    """The engine package, whose ``GAME`` is the rules, e.g. ``"engines.raubritter"``."""

    scenario: str
    table_words: str
    bgstats: str
    table: str | None = None
    refusals: str | None = None
    happenings: str | None = None
    secrets: str | None = None
    screens: str | None = None
    help: str | None = None
    result: str | None = None
    locale: str | None = None
    """The folder of the game's own catalogues (``<language>/LC_MESSAGES/*.po``), a path; None:
    its words are in the app's catalogues."""

    @property
    def game(self) -> Any:
        """The engine's ``GAME`` (imported on first use)."""
        return importlib.import_module(self.engine).GAME

    def part(self, part: str) -> ModuleType:
        """The module of one of the game's parts (imported on first use); LookupError if the game
        has none."""
        if part not in PARTS:
            raise LookupError(f"a game has no part {part!r}; parts: {', '.join(PARTS)}")
        path = getattr(self, part)
        if path is None:
            raise LookupError(f"{self.title} has no {part} part")
        return importlib.import_module(path)
