"""Schatzjagd as a :class:`engines.core.Game`."""

from __future__ import annotations

from engines.core.formats import Formats
from engines.schatzjagd import views
from engines.schatzjagd.commands import Command
from engines.schatzjagd.decide import decide
from engines.schatzjagd.events import Event
from engines.schatzjagd.evolve import evolve
from engines.schatzjagd.invariants import check
from engines.schatzjagd.rules import DECK, HAND, Setup, castle
from engines.schatzjagd.state import GameState, Henchman, Options


class Schatzjagd(Formats):
    name = "schatzjagd"
    setup_model = Setup
    command_union = Command
    event_union = Event
    state_type = GameState
    # 1 still: the card events' ``field`` came later with a default, so documents without it read
    # unchanged (field ""), and a reader that does not know it passes over it
    format_version = 1
    # No notes (rule 13.4): the record of a running game (who slotted each card, the discard pile by
    # type) stays with the referee; it leaves only once the game is over.
    no_notes = True

    def setup(self, config: Setup) -> GameState:
        order = config.turn_order()
        kinds = tuple(config.treasure_kinds)
        counts = tuple(config.treasure_kinds[k] for k in kinds)
        options = Options(
            victory=config.agreed_victory(),
            plunder=config.plunder,
            catharsis=config.catharsis,
            teleportal=config.teleportal,
            show_treasure_kinds=config.show_treasure_kinds,
            regions=tuple(sorted(config.regions.items())),
            first=order[0].colour,
            treasures=counts,
        )
        players = tuple(Henchman(p.colour, p.name, place=castle(p.colour), cards=HAND) for p in order)
        return GameState(
            options=options,
            players=players,
            kinds=kinds,
            treasure_stack=counts,
            draw=DECK - HAND * len(players),
            current=order[0].colour,
        )

    decide = staticmethod(decide)
    evolve = staticmethod(evolve)
    check = staticmethod(check)
    public_view = staticmethod(views.public_view)
    player_view = staticmethod(views.player_view)
    public_event = staticmethod(views.public_event)


GAME = Schatzjagd()
