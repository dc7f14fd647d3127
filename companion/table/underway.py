"""A step under way that the journal does not hold yet: its public trace, kept so that a power cut
in the middle of it is said after the restart, and what can be taken up again is.

A step can take several touches or rolls before it becomes a command the journal holds: the
first die of an exchange of blows before the second, a flight asked for before its last blow is
rolled, the journey's die before the table says where the figure stopped, a Raubritter castle
laid on the board before its march is confirmed. The table keeps, in the journal's ``session``
table under :data:`KEY`, what such a step has so far, all of it public (the faces of dice rolled
in the open, a tile laid on the board), e.g.::

    {"game": 3, "entry": 12, "command": {"type": "flee", ...}, "rolls": [["number", 5]],
     "screen": {"step": "castle", "cell": [2, -1], ...}}

``command`` is the screen's command whose roll was awaited (None: the game's own roll, such as an
exchange of blows), ``rolls`` the dice settled for it so far, ``screen`` what a game's screen
holds of its step (its own words, given to :meth:`companion.table.table.Table.hold_step`). Never
a secret: none of these is one before the step is written.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from companion.journal.errors import JournalError

log = logging.getLogger(__name__)

KEY = "under-way"


def record(
    game_id: int,
    entry: int,
    command: dict[str, Any] | None,
    rolls: list[tuple[str, int]],
    screen: dict[str, Any] | None,
) -> str | None:
    """The stored form, or None when nothing is under way."""
    if command is None and not rolls and screen is None:
        return None
    held = {"game": game_id, "entry": entry, "command": command, "rolls": [list(r) for r in rolls], "screen": screen}
    return json.dumps(held, sort_keys=True)


def take(session: Any) -> dict[str, Any] | None:
    """The step that was under way at this game's head when the table last stopped, read and
    forgotten; None when there is none, or the game has moved on since (the step was written)."""
    text = session.journal.fact(KEY)
    if text is None:
        return None
    try:
        session.journal.set_fact(KEY, None)
    except JournalError as error:  # a read-only journal: the same is found at the next start, harmless
        log.warning("the record of a step under way stays: %s", error)
    try:
        held = json.loads(text)
        game_id, entry = int(held["game"]), int(held["entry"])
        command, screen = held["command"], held["screen"]
        rolls = [(str(die), int(face)) for die, face in held["rolls"]]
        if not (command is None or isinstance(command, dict)) or not (screen is None or isinstance(screen, dict)):
            raise TypeError("command and screen are objects")
    except (ValueError, KeyError, TypeError) as error:
        log.warning("the record of a step under way cannot be read (%s): %r", error, text[:200])
        return None
    if game_id != session.game_id or entry != session.head:
        return None
    return {"command": command, "rolls": rolls, "screen": screen}
