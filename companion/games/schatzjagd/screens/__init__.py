"""Schatzjagd on the touch screen: the table (:mod:`.board`) with a panel per henchman and the
part of the turn being played (:mod:`.guide`), its dialogs (:mod:`.dialogs`, :mod:`.places`,
:mod:`.cards`), its new-game form (:mod:`.form`) and its own settings (:mod:`.preferences`).
``SCREENS`` is what the app's shell hosts (:class:`companion.app.contract.GameScreens`); nothing
here imports Kivy until the app asks for a screen or a form."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.app.contract import SaveSummary, game_screens, seated
from companion.i18n import Message, Plural

COMMANDS = {  # the game log's name of each command
    "travel": Message("journey"),
    "reveal": Message("card turned up"),
    "challenge": Message("challenge"),
    "exchange": Message("exchange of blows"),
    "flee": Message("flight"),
    "pick-up": Message("treasures picked up"),
    "use-special": Message("special card used"),
    "teleport": Message("teleportal"),
    "plunder": Message("search of the vaults"),
    "inn": Message("inn"),
    "healer": Message("healer"),
    "school": Message("school"),
    "smith": Message("smith"),
    "place-card": Message("card slotted"),
    "cast-spell": Message("spell"),
    "dig": Message("treasure dug up"),
    "hide-treasure": Message("treasure hidden"),
    "end-turn": Message("turn ended"),
    "remove-card": Message("catharsis"),
    "relocate": Message("henchman moved"),
    "correct": Message("correction"),
}
FIRST = "schatzjagd-table"


def summary(config: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> SaveSummary:
    """The victory agreed, the day (or the end) and the princes, from the setup and the events."""
    players = seated(config)
    day, over = 1, False
    for event in events:
        kind = event.get("type")
        if kind == "turn-began":
            day = max(day, int(event.get("day", day)))
        elif kind == "game-won":
            over = True
    progress: Any = Message("the game is over") if over else Message("day {day}", day=day)
    return SaveSummary(victory_words(config.get("victory"), len(players)), progress, players)


def victory_words(victory: Mapping[str, Any] | None, players: int) -> Any:
    """What wins, in a few words: ``4 treasures to win`` (the book's guide unless agreed otherwise)."""
    victory = victory or {"treasures": 12 // max(2, players)}
    if victory.get("treasures"):
        n = victory["treasures"]
        return Plural("{n} treasure to win", "{n} treasures to win", n)
    if victory.get("same_kind"):
        return Message("{n} of one kind to win", n=victory["same_kind"])
    if victory.get("different_kinds"):
        return Message("{n} different kinds to win", n=victory["different_kinds"])
    return Message("a combination of treasures to win")


SCREENS = game_screens(
    "companion.games.schatzjagd",
    first=FIRST,
    screens=("board:TableScreen",),
    commands=COMMANDS,
    summary=summary,
    bar=((Message("My treasures"), "treasures"), (Message("Correct"), "correct")),
)
