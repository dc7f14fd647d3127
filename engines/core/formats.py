"""Reading and writing a game's setup, commands, events and states (pydantic at the edges).

A game whose commands and events are frozen dataclasses with a ``type`` field gets every
``parse_*``/``dump_*`` method of :class:`engines.core.Game` from :class:`Formats`.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Any

from pydantic import BaseModel, Field, TypeAdapter


def _dump(obj: Any) -> dict[str, Any]:
    data = asdict(obj)
    return {"type": data.pop("type"), **data} if "type" in data else data


class Formats:
    """Mixin: set ``setup_model``, ``command_union``, ``event_union`` and ``state_type`` on the class."""

    setup_model: type[BaseModel]
    command_union: Any
    event_union: Any
    state_type: type

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._commands = TypeAdapter(Annotated[cls.command_union, Field(discriminator="type")])
        cls._events = TypeAdapter(Annotated[cls.event_union, Field(discriminator="type")])
        cls._states = TypeAdapter(cls.state_type)

    def parse_config(self, data: Any) -> Any:
        return data if isinstance(data, self.setup_model) else self.setup_model.model_validate(data)

    def dump_config(self, config: BaseModel) -> dict[str, Any]:
        return config.model_dump(mode="json")

    def parse_command(self, data: Any) -> Any:
        return self._commands.validate_python(data)

    def dump_command(self, command: Any) -> dict[str, Any]:
        return _dump(command)

    def parse_event(self, data: Any) -> Any:
        return self._events.validate_python(data)

    def dump_event(self, event: Any) -> dict[str, Any]:
        return _dump(event)

    def parse_state(self, data: Any) -> Any:
        return self._states.validate_python(data)

    def dump_state(self, state: Any) -> dict[str, Any]:
        return self._states.dump_python(state, mode="json")
