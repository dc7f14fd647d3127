"""Raubritter as a :class:`engines.core.Game`."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Any

from pydantic import Field, TypeAdapter

from engines.raubritter import views
from engines.raubritter.commands import Command
from engines.raubritter.decide import decide
from engines.raubritter.events import Event
from engines.raubritter.evolve import evolve
from engines.raubritter.invariants import check
from engines.raubritter.rules import AREA, KINDS, KNIGHTS, TILE_COUNTS, Setup
from engines.raubritter.state import GameState, Player

_COMMANDS: TypeAdapter[Any] = TypeAdapter(Annotated[Command, Field(discriminator="type")])
_EVENTS: TypeAdapter[Any] = TypeAdapter(Annotated[Event, Field(discriminator="type")])
_STATE: TypeAdapter[GameState] = TypeAdapter(GameState)


def _dump(obj: Any) -> dict[str, Any]:
    data = asdict(obj)
    return {"type": data.pop("type"), **data}


class Raubritter:
    name = "raubritter"
    format_version = 1

    def setup(self, config: Setup) -> GameState:
        order = config.turn_order()
        players = tuple(Player(p.colour, p.name, tuple(TILE_COUNTS[k] for k in KINDS), KNIGHTS) for p in order)
        return GameState(area=AREA[len(players)], players=players, current=players[0].colour)

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


GAME = Raubritter()
