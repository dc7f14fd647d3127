"""``journal verify``: replay every game from its first event and compare with what the journal
says (heads, snapshots, the undo/redo order), checking the game's invariants after every event."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from companion.journal.errors import JournalError
from companion.journal.games import game_named
from companion.journal.line import EntryProblem, LineOfPlay
from companion.journal.store import Journal


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
    try:
        initial = game.setup(game.parse_config(row.config))
        game.check(initial)
    except Exception as exc:
        report.problems.append(f"game {row.id}: the setup cannot be read: {exc}")
        return None
    snapshots = dict(journal.snapshots(row.id))
    play = LineOfPlay(game, initial)
    for entry in journal.entries(row.id):
        report.entries += 1
        try:
            added = play.add(entry)
        except EntryProblem as exc:
            report.problems.append(f"game {row.id}, {exc}")
            return None
        if added is not None and entry.seq in snapshots:
            try:
                saved = game.parse_state(snapshots.pop(entry.seq))
            except Exception as exc:
                report.problems.append(f"game {row.id}, entry {entry.seq}: its snapshot cannot be read: {exc}")
                return None
            if canonical(game, saved) != canonical(game, play.state):
                where = f"game {row.id}, entry {entry.seq}"
                report.problems.append(f"{where}: its snapshot differs from the replayed state")
    report.events += play.events
    if row.head != play.head:
        report.problems.append(
            f"game {row.id}: the journal says entry {row.head} is in play, the entries say {play.head}"
        )
    for seq in snapshots:
        report.problems.append(f"game {row.id}: a snapshot after entry {seq}, which is no command on record")
    return play.state
