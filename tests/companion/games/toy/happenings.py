"""What a step of the race did, in the table's words (:mod:`companion.games.walk`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.walk import Walk, told
from companion.i18n import Message, Text

Event = Mapping[str, Any]


def _moved(w: Walk, i: int, e: dict[str, Any]) -> list[Text]:
    return [
        Message(
            "{player} rolls {die} and moves to step {step}.", player=w.who(e["player"]), die=e["die"], step=e["end"]
        )
    ]


def _rested(w: Walk, i: int, e: dict[str, Any]) -> list[Text]:
    return [Message("{player} rests.", player=w.who(e["player"]))]


def _passed(w: Walk, i: int, e: dict[str, Any]) -> list[Text]:
    return [Message("{player}'s turn.", player=w.who(e["to"]))]


def _finished(w: Walk, i: int, e: dict[str, Any]) -> list[Text]:
    return [
        Message(
            "{player} rolls {die}, reaches the goal first and wins the race.", player=w.who(e["player"]), die=e["die"]
        )
    ]


def _corrected(w: Walk, i: int, e: dict[str, Any]) -> list[Text]:
    colour = str(e["counter"]).partition(".")[0]
    return [
        Message(
            "Corrected: {player}'s figure stands on step {step} ({reason}).",
            player=w.who(colour),
            step=e["new"],
            reason=e["reason"],
        )
    ]


HANDLERS = {"moved": _moved, "rested": _rested, "turn-passed": _passed, "finished": _finished, "corrected": _corrected}


def lines(
    events: Sequence[Event], *, after: Mapping[str, Any] | None = None, people: Mapping[str, str | None] | None = None
) -> list[Text]:
    """The lines the table reads for the public events of one step."""
    return told(Walk(events, after, people), HANDLERS)
