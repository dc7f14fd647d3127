"""The race's table words for an undo or redo (:mod:`companion.journal.table_words`): each figure
put back on its step, then whose turn it is; the roll a step carried is named by the journal's own
line (``ROLLS``)."""

from __future__ import annotations

from typing import Any

from companion.i18n import Message
from companion.journal.table_words import Line, Put, person
from tests.companion.games.toy.engine import GameState

ROLLS: dict[str, tuple[str, ...]] = {"roll": ("die",)}


def lines(path: list[GameState], command: dict[str, Any]) -> list[Line]:
    current, restored = path[0], path[-1]
    out: list[Line] = []
    for now, then in zip(current.players, restored.players, strict=True):
        if now.position != then.position:
            words = Message(
                "{player}: put your figure on step {step} again.",
                player=person(restored, then.colour),
                step=then.position,
            )
            out.append(Line(words, (Put(("figure", then.colour), then.position),)))
    if restored.current is not None and restored.current != current.current:
        out.append(Line(Message("It is {player}'s turn again.", player=person(restored, restored.current))))
    return out
