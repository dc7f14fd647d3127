"""The Raubritter part of scenarios: the setup from the header, commands from ``key=value``
tokens, and the expectation keys read off a state.

This module is the game's scenario adapter (see ``run.Adapter``): ``GAME``, ``build_setup``,
``build_command`` and ``probe``.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion.scenario.commands import clean, command_builder
from companion.scenario.parse import HeaderLine, ScenarioError
from engines.raubritter import GAME
from engines.raubritter.commands import Command
from engines.raubritter.moves import legal_cells
from engines.raubritter.rules import COLOURS, KINDS, PlayerSpec, Setup
from engines.raubritter.state import GameState

__all__ = ["GAME", "build_command", "build_setup", "probe"]

# ---------------------------------------------------------------------------------- header

# A Raubritter header names each player on a line of its own: ``player <colour> "<name>" <date>``.

PLAYER_USAGE = 'write \'player <colour> "<name>" <YYYY-MM-DD>\', e.g. player blue "Anna" 1975-02-05'
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def build_setup(header: Sequence[HeaderLine], base: Path, path: Path, game_line: int) -> Setup:
    players: list[PlayerSpec] = []
    line_of: dict[str, int] = {}

    def fail(h: HeaderLine, message: str) -> ScenarioError:
        return ScenarioError(path, h.line, message)

    for h in header:
        if h.word != "player":
            raise fail(h, f"a Raubritter header has no '{h.word}' line; name each player with {PLAYER_USAGE}")
        if len(h.args) != 3:
            raise fail(h, f"{_missing(h.args)}{PLAYER_USAGE}")
        colour, name, born = h.args
        if colour not in COLOURS:
            raise fail(h, f"{colour!r} is not a colour ({', '.join(COLOURS)})")
        if colour in line_of:
            raise fail(h, f"{colour} is given twice (first on line {line_of[colour]})")
        line_of[colour] = h.line
        if not name.strip():
            raise fail(h, f"{colour}'s name is empty")
        birthday = _date(born)
        if isinstance(birthday, str):
            raise fail(h, birthday)
        try:
            players.append(PlayerSpec(colour=colour, name=name, birthday=birthday))
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(part) for part in err["loc"])
            raise fail(h, f"{field}: {clean(err['msg'])}") from None
    if not players:
        raise ScenarioError(path, game_line, f"the header needs one line per player: {PLAYER_USAGE}")
    try:
        return Setup(players=tuple(players))
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ScenarioError(path, header[0].line, f"players: {clean(err['msg'])}") from None


def _missing(args: tuple[str, ...]) -> str:
    """What a player line with the wrong number of words lacks, if that can be told."""
    if len(args) == 2 and args[0] in COLOURS and DATE.fullmatch(args[1]):
        return f"{args[0]} has no name; "
    if len(args) == 2 and args[0] in COLOURS:
        return f"{args[0]} has no birthday; "
    return ""


def _date(text: str) -> datetime.date | str:
    """The date written as YYYY-MM-DD, or a message saying what is wrong with it."""
    if not DATE.fullmatch(text):
        return f"a birthday is written YYYY-MM-DD (e.g. 1975-02-05), not {text!r}"
    try:
        return datetime.date.fromisoformat(text)
    except ValueError as exc:
        return f"{text} is not a date in the calendar ({exc})"


# -------------------------------------------------------------------------------- commands

build_command = command_builder(GAME, Command)


# ---------------------------------------------------------------------------- expectations

PHASES = ("initial", "play", "over")
KEY_HELP = (
    "phase, turn, laid, order, winners, draw, width, height, tiles-laid, legal-cells, "
    "cell|stack|top.<x>.<y>, <colour>.knights|tiles|score, <colour>.tiles.<kind>"
)


def _show(value: Any) -> str:
    """A value in the notation a scenario writes it: 3, red, red,blue, none."""
    if value is None or value == ():
        return "none"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


@dataclass(frozen=True, slots=True)
class Probe:
    """One expectation key: how to read it off a state, parse the expected text, and show either."""

    read: Callable[[GameState], Any]
    parse: Callable[[str], Any]
    show: Callable[[Any], str] = _show


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"expected a whole number, not {text!r}") from None


def _list(text: str) -> list[str]:
    return [] if text == "none" else [item.strip() for item in text.split(",")]


def _words(allowed: Sequence[str], what: str, *, ordered: bool = False) -> Callable[[str], tuple[str, ...]]:
    def parse(text: str) -> tuple[str, ...]:
        items = _list(text)
        for item in items:
            if item not in allowed:
                raise ValueError(f"{item!r} is not {what} ({', '.join(allowed)} or none)")
        return tuple(items) if ordered else tuple(sorted(set(items)))

    return parse


def _one_of(allowed: Sequence[str], what: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in allowed:
            raise ValueError(f"{text!r} is not {what} ({', '.join(allowed)})")
        return text

    return parse


def _optional(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    return lambda text: None if text == "none" else parse(text)


def _score(colour: str) -> Callable[[GameState], int | None]:
    return lambda s: dict(s.scores).get(colour) if s.phase == "over" else None


def _place(what: str, x: int, y: int, colours: Sequence[str]) -> Probe:
    if what == "cell":
        return Probe(lambda s: c.kind if (c := s.cell(x, y)) else None, _optional(_one_of(KINDS, "a tile kind")))
    if what == "stack":
        return Probe(lambda s: c.stack if (c := s.cell(x, y)) else (), _words(colours, "a player", ordered=True))
    return Probe(lambda s: c.top if (c := s.cell(x, y)) else None, _optional(_one_of(colours, "a player")))


def probe(state: GameState, key: str) -> Probe:
    """The probe for ``key``; ValueError lists what keys exist. ``state`` supplies the colours."""
    key = key.strip().replace("_", "-")
    colours = [p.colour for p in state.players]
    fixed: dict[str, Probe] = {
        "phase": Probe(lambda s: s.phase, _one_of(PHASES, "a phase")),
        "turn": Probe(lambda s: s.current, _optional(_one_of(colours, "a player"))),
        "laid": Probe(lambda s: s.laid, _int),
        "order": Probe(lambda s: tuple(p.colour for p in s.players), _words(colours, "a player", ordered=True)),
        "winners": Probe(lambda s: tuple(sorted(s.winners)), _words(colours, "a player")),
        "draw": Probe(lambda s: "yes" if s.draw else "no", _one_of(("yes", "no"), "yes or no")),
        "width": Probe(lambda s: s.box()[0], _int),
        "height": Probe(lambda s: s.box()[1], _int),
        "tiles-laid": Probe(lambda s: len(s.cells), _int),
        "legal-cells": Probe(lambda s: len(legal_cells(s)), _int),
    }
    if key in fixed:
        return fixed[key]
    parts = key.split(".")
    if parts[0] in ("cell", "stack", "top"):
        if len(parts) != 3:
            raise ValueError(f"write {parts[0]}.<x>.<y>, e.g. {parts[0]}.0.-1")
        try:
            x, y = int(parts[1]), int(parts[2])
        except ValueError:
            raise ValueError(f"{parts[0]}.<x>.<y> takes whole numbers, not {key!r}") from None
        return _place(parts[0], x, y, colours)
    owner, what = parts[0], ".".join(parts[1:])
    if owner in COLOURS and owner not in colours:
        raise ValueError(f"nobody plays {owner} in this scenario")
    if owner in colours:
        if what == "knights":
            return Probe(lambda s: s.player(owner).knights, _int)
        if what == "tiles":
            return Probe(lambda s: s.player(owner).tiles_total, _int)
        if what == "score":
            return Probe(_score(owner), _optional(_int))
        kind = what.removeprefix("tiles.")
        if what.startswith("tiles.") and kind in KINDS:
            return Probe(lambda s: s.player(owner).tiles_left(kind), _int)
        if what.startswith("tiles."):
            raise ValueError(f"there is no tile kind {kind!r}; kinds: {', '.join(KINDS)}")
    raise ValueError(f"there is no expectation key {key!r}; keys: {KEY_HELP}")
