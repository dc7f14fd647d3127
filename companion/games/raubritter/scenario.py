"""The Raubritter part of scenarios: the setup from the header, commands from ``key=value``
tokens, and the expectation keys read off a state.

This module is the game's scenario adapter (see ``run.Adapter``): ``GAME``, ``build_setup``,
``build_command`` and ``probe``.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import cast

from pydantic import ValidationError

from companion.scenario.commands import clean, command_builder
from companion.scenario.parse import HeaderLine, ScenarioError
from companion.scenario.probes import LAST_EVENTS, Probe, awaiting, one_of, optional, whole_number, words
from engines.raubritter import GAME
from engines.raubritter.commands import Command
from engines.raubritter.moves import legal_cells
from engines.raubritter.rules import COLOURS, KINDS, Colour, PlayerSpec, Setup
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
            players.append(PlayerSpec(colour=cast(Colour, colour), name=name, birthday=birthday))  # in COLOURS
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
    "phase, turn, awaiting, laid, order, winners, draw, surrendered, width, height, tiles-laid, legal-cells, "
    "last-events, cell|stack|top.<x>.<y>, <colour>.knights|aside|tiles|score, <colour>.tiles.<kind>"
)


def _score(colour: str) -> Callable[[GameState], int | None]:
    return lambda s: dict(s.scores).get(colour) if s.phase == "over" else None


def _place(what: str, x: int, y: int, colours: Sequence[str]) -> Probe:
    if what == "cell":
        return Probe(lambda s: c.kind if (c := s.cell(x, y)) else None, optional(one_of(KINDS, "a tile kind")))
    if what == "stack":
        return Probe(lambda s: c.stack if (c := s.cell(x, y)) else (), words(colours, "a player", ordered=True))
    return Probe(lambda s: c.top if (c := s.cell(x, y)) else None, optional(one_of(colours, "a player")))


def probe(state: GameState, key: str) -> Probe:
    """The probe for ``key``; ValueError lists what keys exist. ``state`` supplies the colours."""
    key = key.strip().replace("_", "-")
    colours = [p.colour for p in state.players]
    fixed: dict[str, Probe] = {
        "phase": Probe(lambda s: s.phase, one_of(PHASES, "a phase")),
        "turn": Probe(lambda s: s.current, optional(one_of(colours, "a player"))),
        "awaiting": awaiting(GAME, colours),
        "laid": Probe(lambda s: s.laid, whole_number),
        "order": Probe(lambda s: tuple(p.colour for p in s.players), words(colours, "a player", ordered=True)),
        "winners": Probe(lambda s: tuple(sorted(s.winners)), words(colours, "a player")),
        "draw": Probe(lambda s: "yes" if s.draw else "no", one_of(("yes", "no"), "yes or no")),
        "surrendered": Probe(
            lambda s: tuple(sorted(p.colour for p in s.players if p.surrendered)), words(colours, "a player")
        ),
        "width": Probe(lambda s: s.box()[0], whole_number),
        "height": Probe(lambda s: s.box()[1], whole_number),
        "tiles-laid": Probe(lambda s: len(s.cells), whole_number),
        "legal-cells": Probe(lambda s: len(legal_cells(s)), whole_number),
        "last-events": LAST_EVENTS,
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
            return Probe(lambda s: s.player(owner).knights, whole_number)
        if what == "aside":
            return Probe(lambda s: s.player(owner).aside, whole_number)
        if what == "tiles":
            return Probe(lambda s: s.player(owner).tiles_total, whole_number)
        if what == "score":
            return Probe(_score(owner), optional(whole_number))
        kind = what.removeprefix("tiles.")
        if what.startswith("tiles.") and kind in KINDS:
            return Probe(lambda s: s.player(owner).tiles_left(kind), whole_number)
        if what.startswith("tiles."):
            raise ValueError(f"there is no tile kind {kind!r}; kinds: {', '.join(KINDS)}")
    raise ValueError(f"there is no expectation key {key!r}; keys: {KEY_HELP}")
