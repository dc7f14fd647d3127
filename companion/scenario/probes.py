"""Expectation keys, for every game's adapter: a :class:`Probe` reads a value off a state, parses
the value a scenario expects, and shows either in scenario notation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


def show(value: Any) -> str:
    """A value in the notation a scenario writes it: 3, red, red,blue, none."""
    if value is None or value == ():
        return "none"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


@dataclass(frozen=True, slots=True)
class Probe:
    """One expectation key: how to read it off a state, parse the expected text, and show either."""

    read: Callable[[Any], Any]
    parse: Callable[[str], Any]
    show: Callable[[Any], str] = show
    of_history: bool = False  # ``read`` takes the whole History (e.g. the last command's events)


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"expected a whole number, not {text!r}") from None


def listed(text: str) -> list[str]:
    return [] if text == "none" else [item.strip() for item in text.split(",")]


def words(allowed: Sequence[str], what: str, *, ordered: bool = False) -> Callable[[str], tuple[str, ...]]:
    """A comma list of ``allowed`` words (or none); sorted and without repeats unless ``ordered``."""

    def parse(text: str) -> tuple[str, ...]:
        items = listed(text)
        for item in items:
            if item not in allowed:
                raise ValueError(f"{item!r} is not {what} ({', '.join(allowed)} or none)")
        return tuple(items) if ordered else tuple(sorted(set(items)))

    return parse


def one_of(allowed: Sequence[str], what: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in allowed:
            raise ValueError(f"{text!r} is not {what} ({', '.join(allowed)})")
        return text

    return parse


def optional(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    return lambda text: None if text == "none" else parse(text)


def _last_events(history: Any) -> tuple[str, ...]:
    return tuple(e.type for e in history.entries[-1].events) if history.entries else ()


LAST_EVENTS = Probe(_last_events, lambda text: tuple(listed(text)), of_history=True)
"""``last-events``: the types of the events the last accepted command produced, in order."""


def awaiting(game: Any, colours: Sequence[str]) -> Probe:
    """``awaiting``, the same key for every game: the players the public view awaits (its
    ``awaiting``, see docs/games.md), in any order; ``table`` when it awaits only the table as a
    whole; none when it awaits nobody (the game is over)."""

    def read(state: Any) -> tuple[str, ...]:
        entries = game.public_view(state)["awaiting"]
        players = sorted({e["player"] for e in entries if e["player"]})
        if players:
            return tuple(players)
        return ("table",) if entries else ()

    return Probe(read, words([*colours, "table"], "a player or 'table'"))
