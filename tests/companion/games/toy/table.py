"""The race at the table (its :class:`companion.table.game.TableGame`): no secret choice, the
players at panel seats 1 to 4 in turn order; the die is awaited from the player whose turn it is,
and its face becomes that player's roll."""

from __future__ import annotations

import random
from typing import Any

from companion.app.people import person
from companion.i18n import Message
from companion.table.game import NoSecretChoice, RollWanted
from tests.companion.games.toy.engine import GAME, PLAY, GameState, Roll, public_view


class RaceTable(NoSecretChoice):
    name = GAME.name

    def rolls(self, state: GameState) -> list[RollWanted]:
        if state.phase != PLAY or state.current is None:
            return []
        colour = state.current
        return [
            RollWanted(
                colour,
                "number",
                f"{colour} rolls the die",
                lambda face: Roll(colour, face),
                Message("{player} rolls the die.", player=person(public_view(state), colour)),
            )
        ]

    def prepare(self, state: GameState, command: Any, rng: random.Random) -> Any:
        return command


TABLE = RaceTable()
