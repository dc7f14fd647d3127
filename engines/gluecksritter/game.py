"""Die Glücksritter as a :class:`engines.core.Game`: setup, decide, evolve, check, views, formats."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Any

from pydantic import Field, TypeAdapter

from engines.gluecksritter import views
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import Command
from engines.gluecksritter.decide import decide
from engines.gluecksritter.events import Event
from engines.gluecksritter.evolve import evolve
from engines.gluecksritter.invariants import check
from engines.gluecksritter.rules import GOLD_TOTAL, SILVER_TOTAL, START_GOLD, START_SILVER, Setup
from engines.gluecksritter.state import GameState, Player

_COMMANDS: TypeAdapter[Any] = TypeAdapter(Annotated[Command, Field(discriminator="type")])
_EVENTS: TypeAdapter[Any] = TypeAdapter(Annotated[Event, Field(discriminator="type")])
_STATE: TypeAdapter[GameState] = TypeAdapter(GameState)


def _dump(obj: Any) -> dict[str, Any]:
    data = asdict(obj)
    return {"type": data.pop("type"), **data} if "type" in data else data


class Gluecksritter:
    name = "gluecksritter"
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

    def parse_config(self, data: Any) -> Setup:
        return data if isinstance(data, Setup) else Setup.model_validate(data)

    def dump_config(self, config: Setup) -> dict[str, Any]:
        return config.model_dump(mode="json")

    def parse_command(self, data: Any) -> Any:
        return _COMMANDS.validate_python(data)

    def dump_command(self, command: Any) -> dict[str, Any]:
        return _dump(command)

    def parse_event(self, data: Any) -> Any:
        return _EVENTS.validate_python(data)

    def dump_event(self, event: Any) -> dict[str, Any]:
        return _dump(event)

    def parse_state(self, data: Any) -> GameState:
        return _STATE.validate_python(data)

    def dump_state(self, state: GameState) -> dict[str, Any]:
        return _STATE.dump_python(state, mode="json")


GAME = Gluecksritter()
