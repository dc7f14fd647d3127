"""``journal verify``: replay every game from its first event and compare with what the journal
says (heads, snapshots, the undo/redo order), checking the game's invariants after every event."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from companion.journal.access import access_error
from companion.journal.errors import JournalAccessError, JournalError
from companion.journal.games import game_named
from companion.journal.line import EntryProblem, LineOfPlay
from companion.journal.readable import decoded as _text
from companion.journal.rows import EntryRow
from companion.journal.store import Journal, sqlite_findings
from engines.core.saved import SavedFormatError, load_history


@dataclass
class Report:
    games: int = 0
    entries: int = 0
    events: int = 0
    saves: int = 0
    problems: list[str] = field(default_factory=list)
    digest: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems


def canonical(game: Any, state: Any) -> str:
    return json.dumps(game.dump_state(state), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def verify(journal: Journal) -> Report:
    """Never fails on a damaged file: every damage is a problem of the report, named by its game
    and entry where the file still says which, else by what SQLite reports (pages, tables). A file
    that cannot be read here (the medium's I/O error, no permission) is no damage: that raises
    :class:`JournalAccessError`."""
    report = Report()
    try:
        _verify(journal, report)
    except (sqlite3.Error, ValueError) as exc:  # ValueError: also text that is not UTF-8 or JSON
        _unless_unreadable(journal, exc)
        report.problems.append(f"the file is damaged: {exc}")
    return report


def _unless_unreadable(journal: Journal, exc: Exception) -> None:
    """Raise the JournalAccessError ``exc`` comes from, when it is no damage but a file that
    cannot be read here."""
    access = access_error(exc, journal.path, doing="read") if isinstance(exc, sqlite3.Error) else None
    if access is not None:
        raise access from None


def _verify(journal: Journal, report: Report) -> None:
    try:
        result = journal.db.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as exc:
        _unless_unreadable(journal, exc)
        report.problems.append(f"the file is damaged: {exc}")
        return
    if result != [("ok",)]:
        report.problems.append("the file is damaged: " + "; ".join(sqlite_findings(result)[:5]))
        return
    digest = hashlib.sha256()
    ids = [row[0] for row in journal.db.execute("SELECT id FROM games ORDER BY id")]
    try:
        running = journal.running()
    except (sqlite3.Error, ValueError) as exc:
        report.problems.append(f"which game is running cannot be read: {exc}")
        running = None
    if running is not None and running not in ids:
        report.problems.append(f"the running game {running} does not exist")
    for game_id in ids:
        report.games += 1
        try:
            row = journal.game(game_id)
        except (sqlite3.Error, ValueError) as exc:
            report.problems.append(f"game {game_id}: its record cannot be read: {exc}")
            continue
        try:
            state = _verify_game(journal, row, report)
        except JournalAccessError:
            raise
        except (JournalError, LookupError) as exc:
            report.problems.append(f"game {row.id}: {exc}")
            continue
        if state is not None:
            digest.update(f"{row.id}:{row.game}:{canonical(game_named(row.game), state)}\n".encode())
    report.digest = digest.hexdigest()
    _verify_saves(journal, report)


def _verify_saves(journal: Journal, report: Report) -> None:
    """Each save must load as ``saves load`` reads it: a saved game of a known game whose
    recorded events replay, with the game's invariants checked after every event."""
    ids = [row[0] for row in journal.db.execute("SELECT id FROM saves ORDER BY id")]
    for save_id in ids:
        report.saves += 1
        try:
            _, document = journal.save_document(save_id)
            if not isinstance(document, dict) or not isinstance(document.get("game"), str):
                raise ValueError("its document is damaged or not a saved game")
            load_history(game_named(document["game"]), document)
        except (sqlite3.Error, ValueError, JournalError, SavedFormatError) as exc:
            report.problems.append(f"save {save_id} cannot be loaded: {exc}")


def _entries(journal: Journal, game_id: int) -> Iterator[EntryRow]:
    """The game's entries, each read and decoded on its own (as bytes from SQLite), so that a
    damaged one is named: EntryProblem with its number, or after which entry the file breaks."""
    last = 0
    cur = journal.db.execute(
        "SELECT seq, kind, target, parent, CAST(command AS BLOB), CAST(events AS BLOB), CAST(words AS BLOB),"
        " CAST(at AS BLOB) FROM entries WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    while True:
        try:
            found = cur.fetchone()
        except sqlite3.DatabaseError as exc:
            _unless_unreadable(journal, exc)
            raise EntryProblem(f"after entry {last} the file is damaged ({exc})") from None
        if found is None:
            return
        seq, kind, target, parent, command, events, words, at = found
        last = seq
        try:
            if not isinstance(seq, int) or not isinstance(kind, (str, type(None))):
                raise ValueError("its number or kind is not readable")
            yield EntryRow(
                seq, kind or "", target, parent, _text(command), _text(events), _text(words), at.decode("utf-8")
            )
        except (ValueError, AttributeError) as exc:
            raise EntryProblem(f"entry {seq} cannot be read ({type(exc).__name__}: {exc})") from None


def _snapshots(journal: Journal, row: Any, report: Report) -> dict[int, Any]:
    found: dict[int, Any] = {}
    rows = journal.db.execute(
        "SELECT seq, CAST(state AS BLOB) FROM snapshots WHERE game_id = ? ORDER BY seq", (row.id,)
    ).fetchall()
    for seq, state in rows:
        try:
            found[seq] = _text(state)
        except ValueError as exc:
            report.problems.append(f"game {row.id}: the snapshot after entry {seq} cannot be read ({exc})")
    return found


def _compare(game: Any, snapshot: Any, state: Any, where: str, report: Report) -> bool:
    """Whether the snapshot could be read; a problem when it cannot, or differs from ``state``."""
    try:
        saved = game.parse_state(snapshot)
    except Exception as exc:  # a damaged snapshot can fail in any way while it is read; the report says how
        report.problems.append(f"{where}: its snapshot cannot be read: {exc}")
        return False
    if canonical(game, saved) != canonical(game, state):
        report.problems.append(f"{where}: its snapshot differs from the replayed state")
    return True


def _verify_game(journal: Journal, row: Any, report: Report) -> Any:
    game = game_named(row.game)
    try:
        initial = game.setup(game.parse_config(row.config))
        game.check(initial)
    except Exception as exc:  # a damaged setup can fail in any way while it is set up; the report says how
        report.problems.append(f"game {row.id}: the setup cannot be read: {exc}")
        return None
    snapshots = _snapshots(journal, row, report)
    if 0 in snapshots:  # the setup's state as it was written: a damaged setup differs from it
        _compare(game, snapshots.pop(0), initial, f"game {row.id}, the setup", report)
    play = LineOfPlay(game, initial)
    entries = _entries(journal, row.id)
    while True:
        try:
            entry = next(entries, None)
            if entry is None:
                break
            report.entries += 1
            added = play.add(entry)
        except EntryProblem as exc:
            report.problems.append(f"game {row.id}, {exc}")
            return None
        if added is not None and entry.seq in snapshots:
            if not _compare(game, snapshots.pop(entry.seq), play.state, f"game {row.id}, entry {entry.seq}", report):
                return None
    report.events += play.events
    if row.head != play.head:
        report.problems.append(
            f"game {row.id}: the journal says entry {row.head} is in play, the entries say {play.head}"
        )
    for seq in snapshots:
        report.problems.append(f"game {row.id}: a snapshot after entry {seq}, which is no command on record")
    return play.state
