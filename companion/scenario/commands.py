"""Scenario command lines → a game's command dataclasses, for every game's adapter.

A line is ``<type> [<colour>] key=value ...``; the keys are the dataclass's field names and
each value is read by the field's type hint (numbers, comma lists, ``none``, and whatever the
game adds, e.g. coin amounts), then the game's own pydantic adapter validates the result.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any, Union, get_args, get_origin, get_type_hints

from pydantic import ValidationError

from companion.scenario.parse import CommandLine

ValueReader = Callable[[str], Any]


def clean(msg: str) -> str:
    """A pydantic message without its technical prefix."""
    return msg.removeprefix("Value error, ")


def command_builder(
    game: Any, command_union: Any, readers: Mapping[Any, ValueReader] | None = None
) -> Callable[[CommandLine], Any]:
    """``build_command`` for a game whose commands are the dataclasses of ``command_union``.
    ``readers`` maps a field type to the function that reads its text (ValueError on bad text)."""
    classes: dict[str, type] = {cls.__dataclass_fields__["type"].default: cls for cls in get_args(command_union)}
    special = dict(readers or {})

    def build_command(cmd: CommandLine) -> Any:
        """The engine command a scenario line stands for; ValueError says what is wrong with it."""
        cls = classes.get(cmd.type)
        if cls is None:
            raise ValueError(f"there is no command {cmd.type!r}; commands: {', '.join(classes)}")
        hints = get_type_hints(cls)
        keys = [f.name for f in fields(cls) if f.name != "type"]
        raw = dict(cmd.args)
        if cmd.positional is not None:
            if "player" not in keys:
                raise ValueError(f"{cmd.type} names no player; {cmd.positional!r} cannot stand alone")
            if "player" in raw:
                raise ValueError(f"the player is given twice ({cmd.positional} and player={raw['player']})")
            raw["player"] = cmd.positional
        data: dict[str, Any] = {"type": cmd.type}
        for key, text in raw.items():
            if key not in keys:
                known = ", ".join(keys) if keys else "none"
                raise ValueError(f"{cmd.type} has no key {key!r}; its keys: {known}")
            data[key] = _value(key, text, hints[key], special)
        try:
            return game.parse_command(data)
        except ValidationError as exc:
            problems = []
            for err in exc.errors():
                loc = [str(part) for part in err["loc"][1:]]
                problems.append(f"{loc[0] if loc else cmd.type}: {clean(err['msg'])}")
            raise ValueError("; ".join(dict.fromkeys(problems))) from None

    return build_command


def _value(key: str, text: str, hint: Any, special: Mapping[Any, ValueReader]) -> Any:
    if text == "none":
        return [] if get_origin(hint) is tuple and Ellipsis in get_args(hint) else None
    if get_origin(hint) in (Union, types.UnionType):
        hint = next(arg for arg in get_args(hint) if arg is not type(None))
    if hint in special:
        return special[hint](text)
    if get_origin(hint) is tuple:
        items = get_args(hint)
        values = [_value(key, item.strip(), items[0], special) for item in text.split(",")]
        if Ellipsis not in items and len(values) != len(items):
            raise ValueError(f"{key} takes {len(items)} values separated by commas, not {len(values)}")
        return values
    if hint is int:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{key} is a whole number, not {text!r}") from None
    return text
