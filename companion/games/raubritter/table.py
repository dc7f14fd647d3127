"""Raubritter at the table (the :class:`companion.table.TableGame` of this game).

Raubritter has no die and no secret choice: every tile and every knight is laid open on the
table, so the screen sends each command as it is. The players sit at panel seats 1 to 4 in turn
order (the oldest first), which only the status line reads.
"""

from __future__ import annotations

import random
from typing import Any

from companion.table.game import NoSecretChoice, RollWanted
from engines.raubritter import GAME
from engines.raubritter.state import GameState


class RaubritterTable(NoSecretChoice):
    name = GAME.name

    def rolls(self, state: GameState) -> list[RollWanted]:
        return []

    def prepare(self, state: GameState, command: Any, rng: random.Random) -> Any:
        return command


TABLE = RaubritterTable()
