"""Raubritter as a :class:`engines.core.Game`."""

from __future__ import annotations

from engines.core.formats import Formats
from engines.raubritter import views
from engines.raubritter.commands import Command
from engines.raubritter.decide import decide
from engines.raubritter.events import Event
from engines.raubritter.evolve import evolve
from engines.raubritter.invariants import check
from engines.raubritter.rules import AREA, FULL_PILE, KNIGHTS, Setup
from engines.raubritter.state import GameState, Player


class Raubritter(Formats):
    name = "raubritter"
    setup_model = Setup
    command_union = Command
    event_union = Event
    state_type = GameState
    format_version = 2  # 2: corrections and knights set aside; version 1 documents read unchanged

    def setup(self, config: Setup) -> GameState:
        order = config.turn_order()
        players = tuple(Player(p.colour, p.name, FULL_PILE, KNIGHTS) for p in order)
        return GameState(area=AREA[len(players)], players=players, current=players[0].colour)

    decide = staticmethod(decide)
    evolve = staticmethod(evolve)
    check = staticmethod(check)
    public_view = staticmethod(views.public_view)
    player_view = staticmethod(views.player_view)
    public_event = staticmethod(views.public_event)


GAME = Raubritter()
