"""Reading and writing a game's setup, commands, events and states (pydantic at the edges).

A game whose commands and events are frozen dataclasses with a ``type`` field gets every
``parse_*``/``dump_*`` method of :class:`engines.core.Game` from :class:`Formats`.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, Field, TypeAdapter

_PLAIN = (str, int, float, bool, type(None))
_NAMES: dict[type, tuple[str, ...]] = {}  # the field names of each dataclass, in order


def _dump(obj: Any) -> dict[str, Any]:
    """A command or event as a dict, ``type`` first: what ``dataclasses.asdict`` gives, made
    without its deep copies (a command and its events are written once for each move)."""
    data = _data(obj)
    return {"type": data.pop("type"), **data} if "type" in data else data


def _data(obj: Any) -> dict[str, Any]:
    cls = type(obj)
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return {name: _value(getattr(obj, name)) for name in names}


def _value(value: Any) -> Any:
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, tuple | list):
        if hasattr(value, "_fields"):  # a named tuple, rebuilt as asdict does
            return type(value)(*map(_value, value))
        return type(value)(map(_value, value))
    if isinstance(value, dict):
        return type(value)((_value(k), _value(v)) for k, v in value.items())
    if is_dataclass(value) and not isinstance(value, type):
        return _data(value)
    raise TypeError(f"{type(value).__name__} cannot be written as part of a command or event")


class Formats:
    """Mixin: set ``setup_model``, ``command_union``, ``event_union`` and ``state_type`` on the class."""

    setup_model: type[BaseModel]
    command_union: Any
    event_union: Any
    state_type: type
    _commands: ClassVar[TypeAdapter[Any]]
    _events: ClassVar[TypeAdapter[Any]]
    _states: ClassVar[TypeAdapter[Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # the unions are only known per subclass: built at run time, so not type expressions to mypy
        commands: Any = Annotated[cls.command_union, Field(discriminator="type")]
        events: Any = Annotated[cls.event_union, Field(discriminator="type")]
        cls._commands = TypeAdapter(commands)
        cls._events = TypeAdapter(events)
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
        dumped: dict[str, Any] = self._states.dump_python(state, mode="json")
        return dumped
