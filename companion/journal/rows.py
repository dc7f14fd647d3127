"""A journal's records as the code reads them, and the few facts every part of the journal shares:
the rows of a game and of an entry, the time as the journal writes it, how often a snapshot is
kept, and whether a game is over. Nothing here imports another part of the journal."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion import clock

SNAPSHOT_EVERY = 128  # events along the line of play between two snapshots


def now() -> str:
    """The time as the journal writes it: the device's clock on the day the table confirmed
    (:mod:`companion.clock`)."""
    return clock.now().isoformat(timespec="seconds")


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def is_over(state: Any) -> bool:
    return getattr(state, "phase", None) == "over"


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    game: str
    format: int
    config: dict[str, Any]
    name: str | None
    started: str
    updated: str
    finished: str | None
    head: int


@dataclass(frozen=True, slots=True)
class EntryRow:
    seq: int
    kind: str  # command | undo | redo
    target: int | None
    parent: int | None
    command: dict[str, Any] | None
    events: list[dict[str, Any]] | None
    words: list[str] | None
    at: str
