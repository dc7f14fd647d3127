"""Commands and events are written as ``dataclasses.asdict`` writes them (``type`` first), without
its deep copies: the same dicts, value for value and type for type, for every command and event
of played games of every engine (``engines/<name>/``, each played by its seeded random
table)."""

from __future__ import annotations

import importlib
import json
import random
from dataclasses import asdict, dataclass
from typing import Any, NamedTuple

import pytest

from engines.core.formats import _dump
from engines.core.history import History
from tests.support.players import engine_names, engine_table


def as_before(obj: Any) -> dict[str, Any]:
    data = asdict(obj)
    return {"type": data.pop("type"), **data} if "type" in data else data


def same(a: Any, b: Any) -> bool:
    """Equal, with the same types all the way down (a tuple stays a tuple)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def played(game: str, seed: int) -> History:
    """Up to 400 commands of the game's seeded random table (:mod:`tests.support.players`)."""
    rng = random.Random(seed)
    table = engine_table(game)
    engine = importlib.import_module(f"engines.{game}").GAME
    history = History(engine, table.random_config(rng))
    for _ in range(400):
        if not engine.public_view(history.state).get("awaiting"):
            break
        history.apply(table.legal_command(history.state, rng))
    return history


@pytest.mark.parametrize("game", engine_names())
def test_every_command_and_event_is_written_as_asdict_writes_it(game: str) -> None:
    kinds = set()
    for seed in range(4):
        for entry in played(game, seed).entries:
            for obj in (entry.command, *entry.events):
                written = _dump(obj)
                assert same(written, as_before(obj)), obj
                assert list(written)[0] == "type"
                json.dumps(written)  # and it is JSON
                kinds.add(written["type"])
    assert len(kinds) >= 6  # Raubritter has few


def test_nested_records_named_tuples_and_dicts_are_copied_like_asdict() -> None:
    class Point(NamedTuple):
        x: int
        y: int

    @dataclass(frozen=True)
    class Inner:
        at: Point
        tags: tuple[str, ...]

    @dataclass(frozen=True)
    class Outer:
        type: str
        inner: tuple[Inner, ...]
        extra: dict[str, list[int]]

    obj = Outer("x", (Inner(Point(1, 2), ("a",)),), {"k": [1, 2]})
    assert same(_dump(obj), as_before(obj))
    assert _dump(obj)["extra"]["k"] is not obj.extra["k"]  # a copy, as asdict makes


def test_a_value_that_is_no_data_is_refused() -> None:
    @dataclass(frozen=True)
    class Odd:
        type: str
        thing: object

    with pytest.raises(TypeError, match="object cannot be written"):
        _dump(Odd("odd", object()))
