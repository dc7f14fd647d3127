"""The race on the touch screen: the table (:mod:`.board`, its guide :mod:`.guide`), the new-game
form on the shared seating (:mod:`.form`), its settings (:mod:`.preferences`: none of its own, so
no form on the settings screen) and the scripted screenshots (:mod:`.showcase`). ``SCREENS`` is
what the app's shell hosts; nothing here imports Kivy until the app asks for a screen or a form."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.app.contract import GameSettings, SaveSummary, deferred, game_screens, seated
from companion.i18n import Message

HOME = "tests.companion.games.toy"
FIRST = "toy-table"
GOAL = 12  # as the engine's GOAL, without importing the engine here

COMMANDS = {"roll": Message("roll"), "rest": Message("rest"), "correct": Message("correction")}


def summary(config: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> SaveSummary:
    """The race's goal, the round (or the end) and the players in turn order."""
    players = seated(config)
    turns = sum(1 for event in events if event.get("type") in ("moved", "rested", "finished"))
    over = any(event.get("type") == "finished" for event in events)
    progress: Any = (
        Message("the game is over") if over else Message("round {round}", round=turns // max(1, len(players)) + 1)
    )
    return SaveSummary(Message("a race to step {goal}", goal=GOAL), progress, players)


SCREENS = replace(
    game_screens(HOME, first=FIRST, screens=("board:RaceScreen",), commands=COMMANDS, summary=summary),
    settings=GameSettings(read=deferred(f"{HOME}.screens.preferences:read")),  # no form: nothing to set
)
