"""Die Glücksritter's seeded random table in the shape every game's has (``tests.engines.<game>.table``,
found by :func:`tests.support.players.table`): :func:`random_config`, :func:`legal_command` and
:func:`illegal_command`. A thin face over :mod:`tests.engines.gluecksritter.autoplay` (the plausible
legal play) and :mod:`tests.engines.gluecksritter.illegal` (commands the rules refuse), whose own
functions the engine's property tests use."""

from __future__ import annotations

import random
from typing import Any

from engines.core.errors import RuleViolation
from engines.gluecksritter import GAME, Setup
from engines.gluecksritter.state import GameState
from tests.engines.gluecksritter import autoplay, illegal

__all__ = ["illegal_command", "legal_command", "random_config"]


def random_config(rng: random.Random, players: int | None = None, **settings: Any) -> Setup:
    """A random setup: 3 to 5 players unless told, a random rule set unless ``ruleset`` is given,
    the box's documents; ``settings`` as :func:`autoplay.random_setup` takes them."""
    count = players or rng.randint(3, 5)
    ruleset = settings.pop("ruleset", None) or rng.choice(autoplay.RULESETS)
    return autoplay.random_setup(rng, count, ruleset, **settings)


def legal_command(state: GameState, rng: random.Random) -> Any:
    """A command the rules accept in ``state`` (the engine is asked; nothing is changed)."""
    for command in autoplay.candidates(state, rng):
        try:
            GAME.decide(state, command)
        except RuleViolation:
            continue
        return command
    raise autoplay.Stuck(f"no legal Glücksritter command found in phase {state.phase}")


def illegal_command(state: GameState, rng: random.Random) -> Any:
    """A command the rules refuse in ``state``."""
    return illegal.illegal_command(state, rng)
