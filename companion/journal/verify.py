"""``journal verify``: replay every game from its first event and compare with what the journal
says (heads, snapshots, the undo/redo order), checking the game's invariants after every event."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from companion.journal.errors import JournalError
from companion.journal.registry import game_named
from companion.journal.store import Journal
from engines.core.errors import InvariantBroken


@dataclass
class Report:
    games: int = 0
    entries: int = 0
    events: int = 0
    problems: list[str] = field(default_factory=list)
    digest: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems


def canonical(game: Any, state: Any) -> str:
    return json.dumps(game.dump_state(state), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def verify(journal: Journal) -> Report:
    report = Report()
    try:
        result = journal.db.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as exc:
        report.problems.append(f"the file is damaged: {exc}")
        return report
    if result != [("ok",)]:
        report.problems.append("the file is damaged: " + "; ".join(str(r[0]) for r in result[:5]))
        return report
    digest = hashlib.sha256()
    running = journal.running()
    rows = journal.games()
    if running is not None and running not in {g.id for g in rows}:
        report.problems.append(f"the running game {running} does not exist")
    for row in rows:
        report.games += 1
        try:
            state = _verify_game(journal, row, report)
        except JournalError as exc:
            report.problems.append(f"game {row.id}: {exc}")
            continue
        if state is not None:
            digest.update(f"{row.id}:{row.game}:{canonical(game_named(row.game), state)}\n".encode())
    report.digest = digest.hexdigest()
    return report


def _verify_game(journal: Journal, row: Any, report: Report) -> Any:
    game = game_named(row.game)
    problems = report.problems
    try:
        config = game.parse_config(row.config)
        initial = game.setup(config)
        game.check(initial)
    except Exception as exc:
        problems.append(f"game {row.id}: the setup cannot be read: {exc}")
        return None
    snapshots = dict(journal.snapshots(row.id))
    states: dict[int, Any] = {0: initial}  # states of the commands on the line of play and the redo stack
    line: list[int] = []
    redo: list[int] = []
    parents: dict[int, int] = {}
    expected_seq = 1
    for entry in journal.entries(row.id):
        report.entries += 1
        where = f"game {row.id}, entry {entry.seq}"
        if entry.seq != expected_seq:
            problems.append(f"{where}: entries jump from {expected_seq - 1} to {entry.seq}")
        expected_seq = entry.seq + 1
        head = line[-1] if line else 0
        if entry.kind == "command":
            if entry.parent != head:
                problems.append(f"{where}: its parent is {entry.parent}, but entry {head} was in play")
                return None
            try:
                command = game.parse_command(entry.command)
                events = [game.parse_event(e) for e in entry.events or []]
                state = states[head]
                for event in events:
                    state = game.evolve(state, event)
                    game.check(state)
            except InvariantBroken as exc:
                problems.append(f"{where}: an impossible state after its events: {exc}")
                return None
            except Exception as exc:
                problems.append(f"{where}: the entry cannot be read: {type(exc).__name__}: {exc}")
                return None
            del command
            report.events += len(events)
            parents[entry.seq] = head
            for dropped in redo:
                states.pop(dropped, None)
            redo.clear()
            line.append(entry.seq)
            states[entry.seq] = state
            if entry.seq in snapshots:
                try:
                    saved = game.parse_state(snapshots.pop(entry.seq))
                except Exception as exc:
                    problems.append(f"{where}: its snapshot cannot be read: {exc}")
                    return None
                if canonical(game, saved) != canonical(game, state):
                    problems.append(f"{where}: its snapshot differs from the replayed state")
        elif entry.kind == "undo":
            if entry.target != head or not line:
                problems.append(f"{where}: undoes entry {entry.target}, but entry {head} was in play")
                return None
            redo.append(line.pop())
        elif entry.kind == "redo":
            if not redo or entry.target != redo[-1]:
                problems.append(f"{where}: redoes entry {entry.target}, which was not the last undone")
                return None
            line.append(redo.pop())
        else:
            problems.append(f"{where}: unknown kind {entry.kind!r}")
            return None
        for old in [s for s in states if s and s not in line and s not in redo]:
            del states[old]
    head = line[-1] if line else 0
    if row.head != head:
        problems.append(f"game {row.id}: the journal says entry {row.head} is in play, the entries say {head}")
    for seq in snapshots:
        problems.append(f"game {row.id}: a snapshot after entry {seq}, which is no command on record")
    return states[head]
