"""A journal written in version 1 of the layout opens with the current code: it is updated in
place after a ``.v1.bak`` copy is kept, and every game resumes to the state its events give.

The committed fixture ``fixtures/journal-v1.sqlite3`` (built by ``fixtures/make_v1_journal.py``
from real games, with undo, redo and abandoned branches) is only ever copied, never opened.
The expected states are computed here from the version 1 rows alone: the line of play folded
from the command, undo and redo rows, and the events of its commands replayed by the engine.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.journal import schema
from companion.journal.session import Session, is_over
from companion.journal.store import Journal
from companion.journal.verify import canonical
from engines.core.history import replay
from tests.companion.journal.fixtures.games import ENGINES, FIXTURES, cli, legal_command

FIXTURE = FIXTURES / "journal-v1.sqlite3"


@dataclass(frozen=True)
class OldGame:
    id: int
    game: str
    config: dict[str, Any]
    name: str
    entries: int
    line: tuple[int, ...]  # the commands in play, first to last
    redo: tuple[int, ...]  # what could be redone, the next redo last
    state: Any


def read_v1(path: Path) -> tuple[list[OldGame], int | None]:
    """The games of a version 1 journal and the running game, read with plain SQL (immutable: a
    WAL-mode file read in place would otherwise get -shm and -wal files beside it)."""
    db = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        assert db.execute("PRAGMA user_version").fetchone() == (1,)
        games = []
        for game_id, game, config, name in db.execute(
            "SELECT id, game, config, name FROM games ORDER BY id"
        ).fetchall():
            engine = ENGINES[game]
            rows = db.execute(
                "SELECT seq, kind, target, events FROM entries WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
            events: dict[int, list[Any]] = {}
            line: list[int] = []
            redo: list[int] = []
            for seq, kind, target, data in rows:
                if kind == "command":
                    events[seq] = [engine.parse_event(e) for e in json.loads(data)]
                    line.append(seq)
                    redo.clear()
                elif kind == "undo":
                    assert line[-1] == target
                    redo.append(line.pop())
                else:
                    assert redo[-1] == target
                    line.append(redo.pop())
            state = engine.setup(engine.parse_config(json.loads(config)))
            for seq in line:
                state = replay(engine, state, events[seq])
            games.append(OldGame(game_id, game, json.loads(config), name, len(rows), tuple(line), tuple(redo), state))
        row = db.execute("SELECT value FROM session WHERE key = 'running'").fetchone()
        return games, int(row[0]) if row else None
    finally:
        db.close()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def dump(path: Path) -> list[str]:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(db.iterdump())
    finally:
        db.close()


@pytest.fixture(scope="module")
def old() -> tuple[list[OldGame], int | None]:
    return read_v1(FIXTURE)


@pytest.fixture
def copy(tmp_path: Path) -> Iterator[Path]:
    """A copy of the fixture to migrate; the committed file must come out of the test unchanged."""
    before = sha256(FIXTURE)
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(FIXTURE, path)
    yield path
    assert sha256(FIXTURE) == before, "the committed fixture was changed"
    assert not FIXTURE.with_name(FIXTURE.name + ".v1.bak").exists()


def test_the_fixture_holds_real_games_worth_migrating(old: tuple[list[OldGame], int | None]) -> None:
    games, running = old
    assert [g.game for g in games] == ["gluecksritter", "raubritter", "schatzjagd", "gluecksritter"]
    assert running == 2
    assert any(g.redo for g in games), "some game can redo"
    assert any(g.entries > len(g.line) + 2 * len(g.redo) for g in games), "some game has abandoned commands"
    assert any(is_over(g.state) for g in games), "some game is finished"
    assert max(g.entries for g in games) > 256


def test_a_v1_journal_opens_keeps_a_backup_and_every_game_resumes(
    copy: Path, old: tuple[list[OldGame], int | None]
) -> None:
    games, running = old
    original = dump(copy)
    with Journal.open(copy) as journal:
        assert journal.db.execute("PRAGMA user_version").fetchone() == (schema.VERSION,)
        meta = dict(journal.db.execute("SELECT key, value FROM meta").fetchall())
        assert meta["format"] == schema.FORMAT and "migrated-from-1" in meta
        assert journal.running() == running
        rows = {g.id: g for g in journal.games()}
        assert sorted(rows) == [g.id for g in games]
        for g in games:
            row = rows[g.id]
            assert (row.game, row.config, row.name) == (g.game, g.config, g.name)
            assert row.head == (g.line[-1] if g.line else 0)
            session = Session.open(journal, g.id)
            engine = ENGINES[g.game]
            assert session.state == g.state, f"game {g.id} resumes elsewhere than its events lead"
            assert canonical(engine, session.state) == canonical(engine, g.state)
            assert session.chain(session.head) == list(g.line)
            assert tuple(session.redo_stack) == g.redo
            assert [line["entry"] for line in session.log()] == list(range(1, g.entries + 1))
        resumed = Session.resume(journal)
        assert resumed is not None and resumed.game_id == running
        assert resumed.state == games[running - 1].state

    backup = copy.with_name("journal.sqlite3.v1.bak")
    assert backup.exists()
    assert dump(backup) == original  # the old journal, exactly as it was
    code, out, err = cli("journal", "verify", copy)
    assert code == 0, out + err
    assert out.splitlines()[0].startswith(f"{len(games)} games, {sum(g.entries for g in games)} entries, ")
    assert out.rstrip().endswith("ok")


def test_a_migrated_journal_is_not_migrated_again_and_plays_on(
    copy: Path, old: tuple[list[OldGame], int | None]
) -> None:
    games, running = old
    Journal.open(copy).close()
    backup = copy.with_name("journal.sqlite3.v1.bak")
    kept = sha256(backup)
    with Journal.open(copy) as journal:
        session = Session.resume(journal)
        assert session is not None and session.game_id == running
        rng = random.Random(2)
        history_states = [session.state]
        for _ in range(5):
            if is_over(session.state):
                break
            session.apply(legal_command(session.game.name, session.state, rng))
            history_states.append(session.state)
        session.undo()
        assert session.state == history_states[-2]
        session.redo()
        final = session.state
    assert sha256(backup) == kept
    with Journal.open(copy) as journal:
        session = Session.resume(journal)
        assert session is not None and session.state == final
        others = [g for g in games if g.id != running]
        for g in others:
            assert Session.open(journal, g.id).state == g.state
    code, out, _ = cli("journal", "verify", copy)
    assert code == 0, out


def test_reading_an_old_journal_names_the_command_that_updates_it(tmp_path, capsys):
    from companion.cli import main

    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(FIXTURE, path)
    before = path.read_bytes()
    assert main(["export", "1", "--journal", str(path)]) == 2  # export only reads: it updates nothing
    said = capsys.readouterr().err
    assert path.read_bytes() == before
    command = said[said.index("`") + 1 : said.rindex("`")]
    assert command == f"companion saves list --journal {path}"
    assert main(command.split()[1:]) == 0  # the command it names does update it
    assert path.with_name(path.name + ".v1.bak").exists()
    capsys.readouterr()
    # updated, it exports like any journal: its game 1 is a running Glücksritter game whose record
    # holds secrets (documents in hand, an undone pick), so the export waits until it is over
    assert main(["export", "1", "--journal", str(path)]) == 1
    assert "still being played" in capsys.readouterr().err
