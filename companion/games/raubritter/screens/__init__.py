"""Raubritter on the touch screen: the table (:mod:`.board`) with the landscape as a grid
(:mod:`.landscape`), the part of the turn being played (:mod:`.guide`), the tile and march
dialogs and the corrections (:mod:`.dialogs`), its new-game form with birthdays (:mod:`.form`)
and its own settings (:mod:`.preferences`). ``SCREENS`` is what the app's shell hosts
(:class:`companion.app.contract.GameScreens`); nothing here imports Kivy until the app asks for a
screen or a form."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.app.contract import SaveSummary, game_screens, seated
from companion.i18n import Message

COMMANDS = {  # the game log's name of each command
    "lay-tile": Message("tile laid"),
    "end-turn": Message("turn ended"),
    "surrender": Message("surrender"),
    "correct-tile": Message("tile corrected"),
    "move-tile": Message("tile moved"),
    "correct-stack": Message("knights corrected"),
    "correct": Message("correction"),
}
FIRST = "raubritter-table"
AREA = {2: 7, 3: 9, 4: 10}  # as engines.raubritter.rules.AREA, without importing the engine here
TILES = 24


def summary(config: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> SaveSummary:
    """The area of this table, the tiles laid so far (or the end) and the players as seated."""
    players = seated(config)
    laid, over = 0, False
    for event in events:
        kind = event.get("type")
        if kind == "tile-laid":
            laid += 1
        elif kind == "tile-corrected":
            laid += (event.get("new") is not None) - (event.get("old") is not None)
        elif kind == "game-ended":
            over = True
        elif kind == "turn-passed" and event.get("to") is not None:
            over = False  # a correction opened the game again
    area = AREA.get(len(players), 0)
    progress: Any = (
        Message("the game is over")
        if over
        else Message("{laid} of {total} tiles laid", laid=laid, total=TILES * len(players))
    )
    return SaveSummary(Message("area {n}×{n}", n=area), progress, players)


SCREENS = game_screens(
    "companion.games.raubritter",
    first=FIRST,
    screens=("board:RaubritterScreen",),
    commands=COMMANDS,
    summary=summary,
    bar=((Message("Score"), "scores"), (Message("Correct"), "correct")),
)
