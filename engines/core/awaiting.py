"""Whose move it is, in one shape for every game: the ``awaiting`` key of each public view.

``[{"player": colour | None, "commands": [command type, ...]}, ...]`` lists each player the game
waits for, with the command types that answer: ``player`` None stands for the table as a whole
(nobody in particular). Once the game is over the list is empty.

Corrections are never listed: the table may make one at any moment. Commands a game allows at many
moments besides (Die Glücksritter's documents, say) are listed only where they are the answer
awaited; each game's views say which. A command listed may still be refused for its particulars
(a die, a place, the coins named): it is listed because its kind is what the game waits for.
"""

from __future__ import annotations

from typing import Generic, TypedDict, TypeVar

P = TypeVar("P", bound=str | None)
"""Who a game may await: ``str`` for a game that only ever waits for players, ``str | None`` for
one that also waits for the table as a whole."""


class Awaited(TypedDict, Generic[P]):
    """One entry of ``awaiting``: who is awaited (None: the table) and the command types that answer."""

    player: P
    commands: list[str]


def need(player: P, *commands: str) -> Awaited[P]:
    """One entry of ``awaiting``: ``player`` (None: the table) may answer with ``commands``."""
    return {"player": player, "commands": list(commands)}
