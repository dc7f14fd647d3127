"""Die Glücksritter as a :class:`engines.core.Game`: setup, decide, evolve, check, views, formats."""

from __future__ import annotations

from engines.core.formats import Formats
from engines.gluecksritter import views
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import Command
from engines.gluecksritter.decide import decide
from engines.gluecksritter.events import Event
from engines.gluecksritter.evolve import evolve
from engines.gluecksritter.invariants import check
from engines.gluecksritter.rules import GOLD_TOTAL, SILVER_TOTAL, START_GOLD, START_SILVER, Setup
from engines.gluecksritter.state import GameState, Player


class Gluecksritter(Formats):
    name = "gluecksritter"
    setup_model = Setup
    command_union = Command
    event_union = Event
    state_type = GameState
    format_version = 1

    def setup(self, config: Setup) -> GameState:
        n = len(config.players)
        players = tuple(
            Player(colour=c, name=config.names.get(c, c.capitalize()), silver=START_SILVER, gold=START_GOLD)
            for c in config.players
        )
        rules = config.to_rules()
        deck = tuple(sorted(kind.id for kind in rules.documents for _ in range(kind.count)))
        return GameState(
            rules=rules,
            players=players,
            sack=Coins(SILVER_TOTAL - n * START_SILVER, GOLD_TOTAL - n * START_GOLD),
            deck=deck,
        )

    decide = staticmethod(decide)
    evolve = staticmethod(evolve)
    check = staticmethod(check)
    public_view = staticmethod(views.public_view)
    player_view = staticmethod(views.player_view)
    public_event = staticmethod(views.public_event)


GAME = Gluecksritter()
