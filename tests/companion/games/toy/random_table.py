"""The race's seeded random table, with the uniform random-player API of every game's
(``tests/engines/<game>/table.py``): a setup, a command the rules accept, a command they refuse.
The toy's engine lives beside its companion part here, whose ``table.py`` is the app's table part,
so this one has a name of its own."""

from __future__ import annotations

import random
from typing import Any

from engines.core.correction import Correct
from tests.companion.games.toy.engine import COLOURS, GOAL, OVER, PLAYERS, GameState, PlayerSpec, Rest, Roll, Setup

NAMES = ("Anna", "Ben", "", "Dora")


def random_config(rng: random.Random, players: int | None = None, **settings: Any) -> Setup:
    """A race of ``players`` (2 to 4 at random) in colours drawn at random, some named."""
    if settings:
        raise TypeError(f"the race has no settings: {', '.join(settings)}")
    count = players or rng.randint(*PLAYERS)
    colours = rng.sample(COLOURS, count)
    return Setup(players=tuple(PlayerSpec(colour=c, name=rng.choice(NAMES)) for c in colours))


def legal_command(state: GameState, rng: random.Random) -> Any:
    """Mostly a roll of a fair die; now and then a rest (where the rules allow it) or a correction
    of a figure by a step."""
    if state.phase == OVER or state.current is None:
        raise ValueError("the race is over: no command but an undo")
    me = state.player(state.current)
    draw = rng.random()
    if draw < 0.15 and not me.rested:
        return Rest(me.colour)
    if draw < 0.2:
        target = rng.choice(state.players)
        value = rng.choice([v for v in (target.position - 1, target.position + 1) if 0 <= v < GOAL])
        return Correct(f"{target.colour}.position", value, "the figure was knocked over")
    return Roll(me.colour, rng.randint(1, 6))


def illegal_command(state: GameState, rng: random.Random) -> Any:
    """A command the rules refuse in ``state``: a die out of 1..6, a move out of turn, a second
    rest running, any move once the race is over, a correction without a reason."""
    players = [p.colour for p in state.players]
    if state.phase == OVER or state.current is None:
        return rng.choice([Roll(rng.choice(players), rng.randint(1, 6)), Rest(rng.choice(players))])
    me = state.player(state.current)
    others = [c for c in players if c != me.colour]
    choices: list[Any] = [
        Roll(me.colour, rng.choice((0, 7, -1, 12))),
        Roll(rng.choice(others), rng.randint(1, 6)),
        Rest(rng.choice(others)),
        Correct(f"{me.colour}.position", 3, "  "),
    ]
    if me.rested:
        choices.append(Rest(me.colour))
    return rng.choice(choices)
