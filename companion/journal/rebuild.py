"""Rebuilding a game from its recorded entries (commands with their events, undo and redo rows), as
an import, a loaded save and the update of an older journal write it: replayed from the setup with
the game's invariants checked after every event and the order of undo and redo checked, nothing
decided again; with the snapshots a game played now would have."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from companion.journal.errors import ExportError
from companion.journal.games import game_named
from companion.journal.line import EntryProblem, LineOfPlay, first_error
from companion.journal.rows import SNAPSHOT_EVERY, EntryRow
from engines.core.errors import InvariantBroken

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """A game replayed from recorded events, ready to be written: entries in their stored shape."""

    game: Any
    config: dict[str, Any]
    entries: tuple[EntryRow, ...]
    snapshots: tuple[tuple[int, dict[str, Any]], ...]
    head: int
    state: Any


def rebuild(game: Any, config: Any, entries: Iterable[EntryRow]) -> Rebuilt:
    """Replay ``entries`` (commands with their events, undo and redo rows) from the setup, checking
    the game's invariants after every event and the order of undo and redo; nothing is decided
    again. Raises ExportError naming the first entry that does not fit."""
    try:
        parsed_config = game.parse_config(config)
        initial = game.setup(parsed_config)
        game.check(initial)
    except ValidationError as exc:
        raise ExportError(f"the setup cannot be read: {first_error(exc)}") from None
    except (InvariantBroken, ValueError) as exc:
        raise ExportError(f"the setup cannot be read: {exc}") from None
    play = LineOfPlay(game, initial)
    since: dict[int, int] = {0: 0}  # events since the last snapshot, per command
    rows: list[EntryRow] = []
    snapshots: list[tuple[int, dict[str, Any]]] = [(0, game.dump_state(initial))]  # the setup, for verify
    for entry in entries:
        head = play.head
        try:
            added = play.add(entry)
        except EntryProblem as exc:
            raise ExportError(str(exc)) from None
        if added is None:
            words = list(entry.words or [])
            rows.append(EntryRow(entry.seq, entry.kind, entry.target, None, None, None, words, entry.at))
            continue
        command, events = added
        count = since[head] + len(events)
        if count >= SNAPSHOT_EVERY:
            snapshots.append((entry.seq, game.dump_state(play.state)))
            count = 0
        since[entry.seq] = count
        stored = [game.dump_event(e) for e in events]
        rows.append(EntryRow(entry.seq, "command", None, head, game.dump_command(command), stored, None, entry.at))
    return Rebuilt(game, game.dump_config(parsed_config), tuple(rows), tuple(snapshots), play.head, play.state)


def missing_snapshots(journal: Any, game_id: int) -> tuple[tuple[int, dict[str, Any]], ...]:
    """The snapshots a game written without them (a version 1 journal) would have got had it been
    played now: the ones ``rebuild`` makes of its entries, as an import writes them. None when the
    game cannot be replayed: resuming and ``journal verify`` then name the damage."""
    try:
        row = journal.game(game_id)
        return rebuild(game_named(row.game), row.config, journal.entries(game_id)).snapshots
    except sqlite3.Error:
        raise  # the file itself: the caller refuses it
    except Exception as exc:  # a damaged game can fail in any way; snapshots are only a shortcut
        log.warning("game %s cannot be replayed, so it gets no snapshots: %s: %s", game_id, type(exc).__name__, exc)
        return ()
