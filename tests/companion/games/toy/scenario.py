"""The race's scenario notation: a header line per player, ``player <colour> ["<name>"]`` in turn
order; commands ``roll red die=4``, ``rest blue``, ``correct counter=red.position value=3
reason="..."``; the expectation keys ``phase``, ``turn``, ``awaiting``, ``winner``, ``round``,
``last-events`` and ``<colour>.position``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion.scenario.commands import clean, command_builder
from companion.scenario.parse import HeaderLine, ScenarioError
from companion.scenario.probes import LAST_EVENTS, Probe, awaiting, one_of, optional, whole_number
from tests.companion.games.toy.engine import COLOURS, GAME, Command, GameState, PlayerSpec, Setup

__all__ = ["GAME", "build_command", "build_setup", "probe"]

USAGE = 'write \'player <colour> ["<name>"]\', e.g. player red "Rita"'


def build_setup(header: Sequence[HeaderLine], base: Path, path: Path, game_line: int) -> Setup:
    players: list[dict[str, Any]] = []
    for h in header:
        if h.word != "player" or not 1 <= len(h.args) <= 2:
            raise ScenarioError(path, h.line, f"a race's header names each player on a line: {USAGE}")
        colour, *name = h.args
        if colour not in COLOURS:
            raise ScenarioError(path, h.line, f"{colour!r} is not a colour ({', '.join(COLOURS)})")
        players.append({"colour": colour, "name": name[0] if name else ""})
    try:
        return Setup(players=tuple(PlayerSpec(**p) for p in players))
    except ValidationError as exc:
        line = header[0].line if header else game_line
        raise ScenarioError(path, line, f"players: {clean(exc.errors()[0]['msg'])}") from None


build_command = command_builder(GAME, Command)

KEYS = "phase, turn, awaiting, winner, round, last-events, <colour>.position"


def probe(state: GameState, key: str) -> Probe:
    """The probe for ``key``; ValueError lists the keys there are."""
    colours = [p.colour for p in state.players]
    fixed = {
        "phase": Probe(lambda s: s.phase, one_of(("play", "over"), "a phase")),
        "turn": Probe(lambda s: s.current, optional(one_of(colours, "a player"))),
        "awaiting": awaiting(GAME, colours),
        "winner": Probe(lambda s: s.winner, optional(one_of(colours, "a player"))),
        "round": Probe(lambda s: s.round, whole_number),
        "last-events": LAST_EVENTS,
    }
    if key in fixed:
        return fixed[key]
    colour, _, what = key.partition(".")
    if colour in colours and what == "position":
        return Probe(lambda s: s.player(colour).position, whole_number)
    raise ValueError(f"there is no expectation key {key!r}; keys: {KEYS}")
