"""What the happenings tests of several games share: a scenario played through a game's rules as
the journal would, command by command, with the public events and view after each."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.scenario.parse import CommandLine, HistoryOp, read_scenario
from engines.core.errors import RuleViolation

Played = tuple[tuple[str, tuple[dict[str, Any], ...], dict[str, Any]], ...]


def played(path: Path, game: Any, build_setup: Callable[..., Any], build_command: Callable[[Any], Any]) -> Played:
    """A scenario's accepted commands in order: (its text without a comment, its public events, the
    public view after it). Refused commands and expectations are skipped; undo and redo step
    through the states as the journal would."""
    scenario = read_scenario(path)
    state = game.setup(build_setup(scenario.header, path.parent, path, scenario.game_line))
    past: list[Any] = []
    future: list[Any] = []
    out = []
    for st in scenario.statements:
        if isinstance(st, HistoryOp):
            if st.op == "undo":
                future.append(state)
                state = past.pop()
            else:
                past.append(state)
                state = future.pop()
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
        text = st.text.split("#")[0].strip()
        out.append((text, tuple(game.public_event(e) for e in events), game.public_view(state)))
    return tuple(out)
