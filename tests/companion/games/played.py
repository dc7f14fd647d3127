"""What the tests of several games share: a scenario played through a game's rules as the journal
would, command by command (undo and redo stepping back and forth, refused commands skipped), with
the states before and after each step; and the happenings tests' view of it, the public events and
view after each command."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.scenario.parse import CommandLine, HistoryOp, read_scenario
from engines.core.errors import RuleViolation

Played = tuple[tuple[str, tuple[dict[str, Any], ...], dict[str, Any]], ...]


@dataclass(frozen=True, slots=True)
class Step:
    text: str  # the command's line without its comment; "" for an undo or a redo
    before: Any
    events: tuple[Any, ...]  # none for an undo or a redo
    after: Any


def steps(
    path: Path, game: Any, build_setup: Callable[..., Any], build_command: Callable[[Any], Any]
) -> tuple[Any, tuple[Step, ...]]:
    """The setup's state and a scenario's steps in order: each accepted command, undo and redo.
    Refused commands and expectations are skipped."""
    scenario = read_scenario(path)
    initial = state = game.setup(build_setup(scenario.header, path.parent, path, scenario.game_line))
    past: list[Any] = []
    future: list[Any] = []
    out = []
    for st in scenario.statements:
        before = state
        if isinstance(st, HistoryOp):
            if st.op == "undo":
                future.append(state)
                state = past.pop()
            else:
                past.append(state)
                state = future.pop()
            out.append(Step("", before, (), state))
            continue
        if not isinstance(st, CommandLine):
            continue
        try:
            events = game.decide(state, build_command(st))
        except RuleViolation:
            continue  # an "expect refused" line
        past.append(state)
        future.clear()
        for event in events:
            state = game.evolve(state, event)
        out.append(Step(st.text.split("#")[0].strip(), before, tuple(events), state))
    return initial, tuple(out)


def played(path: Path, game: Any, build_setup: Callable[..., Any], build_command: Callable[[Any], Any]) -> Played:
    """A scenario's accepted commands in order: (its text without a comment, its public events, the
    public view after it)."""
    _initial, found = steps(path, game, build_setup, build_command)
    return tuple(
        (step.text, tuple(game.public_event(e) for e in step.events), game.public_view(step.after))
        for step in found
        if step.text
    )
