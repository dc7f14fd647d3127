"""Raubritter at the table (the :class:`companion.table.TableGame` of this game).

Raubritter has no die and no secret choice: every tile and every knight is laid open on the
table, so the screen sends each command as it is. The players sit at panel seats 1 to 4 in turn
order (the oldest first), which only the status line reads.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.table.game import RollWanted
from engines.raubritter import GAME
from engines.raubritter.state import GameState


class RaubritterTable:
    name = GAME.name
    picks_per_player = 0

    def seats(self, state: GameState) -> Mapping[int, str]:
        return {seat: p.colour for seat, p in enumerate(state.players, start=1)}

    def choosing(self, state: GameState) -> Mapping[str, frozenset[int]]:
        return {}

    def pick(self, player: str, buttons: tuple[int, ...]) -> Any:
        raise LookupError("Raubritter has no secret choice on the panel")

    def is_pick(self, command: Any) -> bool:
        return False

    def rolls(self, state: GameState) -> list[RollWanted]:
        return []

    def prepare(self, state: GameState, command: Any, rng: random.Random) -> Any:
        return command


TABLE = RaubritterTable()
