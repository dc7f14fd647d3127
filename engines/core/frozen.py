"""``replace`` for the engines' frozen dataclasses: the same result as ``dataclasses.replace``,
about twice as fast, because evolve calls it for nearly every event."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T")
_SHAPES: dict[type, tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]] = {}


def replace(obj: T, **changes: Any) -> T:
    cls = type(obj)
    shape = _SHAPES.get(cls)
    if shape is None:
        names = tuple(f.name for f in fields(cls) if f.init)  # type: ignore[arg-type]
        getter: Callable[..., tuple[Any, ...]] = (
            attrgetter(*names) if len(names) > 1 else (lambda o, n=names[0]: (getattr(o, n),))
        )
        shape = _SHAPES[cls] = (getter, {name: i for i, name in enumerate(names)})
    getter, index = shape
    values = list(getter(obj))
    for name, value in changes.items():
        try:
            values[index[name]] = value
        except KeyError:
            raise TypeError(f"{cls.__name__} has no field {name!r}") from None
    return cls(*values)
