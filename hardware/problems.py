"""What is wrong with the hardware settings file, as data that a table can say in its language.

A :class:`Phrase` is an English template with named values in braces and the values as plain
data (numbers, names, other phrases; a tuple lists its items with "and"). A :class:`Problem` is a
phrase with where it was found: the file, the table (``panel``, ``dice``) and the dotted place in
the table (``matrix.rows.3``). ``.english`` fills the template in, as the command line says it.

The config modules raise :class:`Invalid` from their validators to hand their phrases through
pydantic, and :func:`from_pydantic` turns pydantic's errors into problems with this module's own
templates (pydantic's English is only kept for an error type these models were not expected to
raise). Nothing here knows how a table translates; ``companion.app.problems`` does.
"""

from __future__ import annotations

import json
import math
import re
import string
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engines.core.errors import CompanionError

if TYPE_CHECKING:  # reading the display's settings before the window opens imports no pydantic
    from pydantic import ValidationError


def english(template: str, values: dict[str, Any]) -> str:
    """The template filled in with the values, in English."""
    return template.format(**{name: _english_value(value) for name, value in values.items()})


def _english_value(value: Any) -> Any:
    if isinstance(value, Phrase):
        return value.english
    if isinstance(value, tuple):
        return " and ".join(str(_english_value(item)) for item in value)
    return value


@dataclass(frozen=True, slots=True, init=False)
class Phrase:
    """``Phrase("GPIO {pin} ({use}) is reserved: {reason}", pin=2, use=Phrase(...), reason=...)``."""

    template: str
    values: dict[str, Any] = field(hash=False)

    def __init__(self, template: str, /, **values: Any) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "values", values)

    @property
    def english(self) -> str:
        return english(self.template, self.values)

    def at(self, table: str | None, where: str = "", file: str | None = None) -> Problem:
        return Problem(file=file, table=table, where=where, template=self.template, values=dict(self.values))


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """One problem: ``file`` (None: not read from a file), ``table`` (None: the file as a whole),
    ``where`` (the dotted place in the table, "" for the table as a whole), ``template`` and
    ``values`` (the problem's own words, without where it is)."""

    file: str | None
    table: str | None
    where: str
    template: str
    values: dict[str, Any] = field(hash=False)

    @property
    def english(self) -> str:
        return english(self.template, self.values)


class Invalid(CompanionError, ValueError):
    """Raised by a validator with every problem it found; the message is them all, joined by "; "."""

    def __init__(self, *phrases: Phrase) -> None:
        super().__init__("; ".join(phrase.english for phrase in phrases))
        self.phrases = phrases


# pydantic's error types, each with this module's template; the values come from the error's
# ``ctx`` and ``input`` (the input written as in a TOML file).
_WHOLE = Phrase("must be a whole number, not {input}")
_NUMBER = Phrase("must be a number, not {input}")
_TABLE = Phrase("must be a table, not {input}")
TYPES: dict[str, Phrase] = {
    "missing": Phrase("this setting is missing"),
    "extra_forbidden": Phrase("there is no such setting; a typo?"),
    "int_parsing": _WHOLE,
    "int_type": _WHOLE,
    "int_from_float": _WHOLE,
    "int_parsing_size": _WHOLE,
    "float_parsing": _NUMBER,
    "float_type": _NUMBER,
    "bool_parsing": Phrase("must be true or false, not {input}"),
    "bool_type": Phrase("must be true or false, not {input}"),
    "string_type": Phrase("must be text in quotes, not {input}"),
    "dict_type": _TABLE,
    "model_type": _TABLE,
    "model_attributes_type": _TABLE,
    "list_type": Phrase("must be a list in square brackets, not {input}"),
    "literal_error": Phrase("must be one of {choices}, not {input}"),
    "greater_than": Phrase("must be greater than {gt}"),
    "greater_than_equal": Phrase("must be at least {ge}"),
    "less_than": Phrase("must be less than {lt}"),
    "less_than_equal": Phrase("must be at most {le}"),
    "string_too_short": Phrase("must have at least {min_length} characters"),
    "string_too_long": Phrase("must have at most {max_length} characters"),
    "too_short": Phrase("must have at least {min_length} entries"),
    "too_long": Phrase("must have at most {max_length} entries"),
    "string_pattern_mismatch": Phrase("{input} does not have the required form {pattern}"),
}
EMPTY = Phrase("must not be empty")  # a minimum length of 1
OTHER = Phrase("cannot be used: {reason}")  # any other error: pydantic's English as the reason


def from_pydantic(error: ValidationError, table: str) -> list[Problem]:
    """Every error of a ``[table]`` that pydantic found, each as a problem (the file not yet set)."""
    problems: list[Problem] = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"])
        problems.extend(phrase.at(table, where) for phrase in _phrases(item))
    return problems


def _phrases(item: Any) -> list[Phrase]:
    kind, ctx = item["type"], item.get("ctx") or {}
    if kind == "value_error" and isinstance(ctx.get("error"), Invalid):
        return list(ctx["error"].phrases)
    phrase = TYPES.get(kind)
    if kind in ("string_too_short", "too_short") and ctx.get("min_length") == 1:
        phrase = EMPTY
    values: dict[str, Any] = {"input": shown(item["input"])}
    values.update((name, _number(value)) for name, value in ctx.items() if isinstance(value, int | float | str))
    if kind == "literal_error":
        choices = re.findall(r"'((?:[^'\\]|\\.)*)'", str(ctx.get("expected", "")))
        values["choices"] = ", ".join(shown(choice) for choice in choices)
        phrase = phrase if choices else None
    if phrase is None:
        return [Phrase(OTHER.template, reason=str(item["msg"]).removeprefix("Value error, "))]
    names = {name for _, name, _, _ in string.Formatter().parse(phrase.template) if name}
    return [Phrase(phrase.template, **{name: values[name] for name in sorted(names)})]


def _number(value: Any) -> Any:
    """``10.0`` as ``10``: limits read as they are written."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def shown(value: Any, limit: int = 40) -> str:
    """A value from the file as it is written in TOML (``"usb"``, ``true``, ``[1, 2]``), shortened."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
    elif isinstance(value, float) and not math.isfinite(value):
        text = "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    elif isinstance(value, list | tuple):
        text = "[" + ", ".join(shown(item, limit) for item in value) + "]"
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{key} = {shown(item, limit)}" for key, item in value.items()) + "}"
    else:
        text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
