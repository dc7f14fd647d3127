"""A journal migrated from version 1 (which kept no snapshots) gets the snapshots play would have
written, so its games resume as fast as games played now (issue 12, point 14).

The version 1 journal is written here as ``fixtures/make_v1_journal.py`` writes the committed
fixture: a long random Die Glücksritter game with undo, redo and abandoned branches, and a short
Raubritter game, in the version 1 layout.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import companion.journal.session as session_module
from companion.journal.exports import rebuild
from companion.journal.schema import SCHEMA_1
from companion.journal.session import SNAPSHOT_EVERY, Session, is_over
from companion.journal.store import Journal
from companion.journal.verify import verify
from engines.core.history import replay
from tests.companion.journal.fixtures.games import ENGINES, SCENARIOS, legal_command, script
from tests.companion.journal.fixtures.make_v1_journal import START, random_steps, write_game


def write_v1(path: Path) -> None:
    games = [("gluecksritter", *random_steps(3, 300))]
    short = script(SCENARIOS / "raubritter" / "16-undo-redo-tile-and-march.scn")
    games.append((short.game, short.config, list(short.steps)))
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for statement in SCHEMA_1.split(";"):
        if statement.strip():
            db.execute(statement)
    for game_id, (game, config, steps) in enumerate(games, start=1):
        write_game(db, game_id, game, config, steps, START)
    db.execute("INSERT INTO session VALUES ('running', '1')")
    db.execute("PRAGMA user_version = 1")
    db.execute("COMMIT")
    db.close()


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("v1") / "journal.sqlite3"
    write_v1(path)
    Journal.open(path).close()
    return path


def test_the_migrated_game_has_the_snapshots_an_import_would_write(migrated: Path) -> None:
    with Journal.open(migrated) as journal:
        assert journal.db.execute("PRAGMA user_version").fetchone() == (2,)
        row = journal.game(1)
        game = ENGINES[row.game]
        events = sum(len(e.events or []) for e in journal.entries(1) if e.kind == "command")
        assert events > 4 * SNAPSHOT_EVERY, "the game is long enough to need snapshots"
        expected = rebuild(game, row.config, journal.entries(1)).snapshots
        written = list(journal.snapshots(1))
        assert [seq for seq, _ in written] == [seq for seq, _ in expected]
        assert written == [(seq, state) for seq, state in expected]
        assert journal.snapshot_seqs(2) == {0}, "a short game has only its setup's, as in play"


def test_verify_finds_every_snapshot_equal_to_the_replay(migrated: Path) -> None:
    with Journal.open(migrated, readonly=True) as journal:
        report = verify(journal)
    assert report.ok, report.problems


def test_resuming_a_migrated_game_replays_at_most_one_snapshot_interval(
    migrated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replayed = 0

    def counting(game: Any, state: Any, events: Any, *, check: bool = True) -> Any:
        nonlocal replayed
        events = list(events)
        replayed += len(events)
        return replay(game, state, events, check=check)

    with Journal.open(migrated) as journal:
        full = Session.open(journal, 1).state  # before counting
        monkeypatch.setattr(session_module, "replay", counting)
        resumed = Session.resume(journal)
    assert resumed is not None and resumed.game_id == 1
    assert resumed.state == full
    assert replayed <= SNAPSHOT_EVERY, f"resuming replayed {replayed} events"


def test_a_migrated_game_plays_on_with_snapshots_where_play_puts_them(migrated: Path, tmp_path: Path) -> None:
    copy = tmp_path / "journal.sqlite3"
    with Journal.open(migrated) as journal:
        target = sqlite3.connect(copy)
        journal.db.backup(target)
        target.close()
    rng = random.Random(5)
    with Journal.open(copy) as journal:
        session = Session.resume(journal)
        assert session is not None and not is_over(session.state)
        before = journal.snapshot_seqs(1)
        for _ in range(2 * SNAPSHOT_EVERY):  # until the next snapshot is written
            session.apply(legal_command("gluecksritter", session.state, rng))
            if journal.snapshot_seqs(1) != before or is_over(session.state):
                break
        assert not is_over(session.state), "the game ended before the next snapshot: take another seed"
        assert len(journal.snapshot_seqs(1)) == len(before) + 1
        row = journal.game(1)
        expected = rebuild(ENGINES[row.game], row.config, journal.entries(1)).snapshots
        assert journal.snapshot_seqs(1) == {seq for seq, _ in expected}
        assert verify(journal).ok
