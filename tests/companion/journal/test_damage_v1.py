"""A damaged or foreign version-1 journal (issue 12, point 4): every command refuses it with a
clear message and exit 2, and leaves it byte for byte. The update to the current version is
first tried on a copy in memory, so neither the WAL mode in its header, a backup nor a half
update touches a file that cannot be updated; the read-only commands never update a file.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from tests.companion.journal.fixtures.games import FIXTURES, private_home

FIXTURE = FIXTURES / "journal-v1.sqlite3"
ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "tests" / "scenarios" / "raubritter" / "16-undo-redo-tile-and-march.scn"


home = pytest.fixture(autouse=True)(private_home)


def change(path: Path, *statements: str) -> None:
    db = sqlite3.connect(path)
    with db:
        for statement in statements:
            db.execute(statement)
    db.close()


def undo_of_nothing(path: Path) -> None:
    """An undo where no command is in play (the update's fold fails: IndexError before)."""
    change(path, "UPDATE entries SET kind = 'undo' WHERE game_id = 1 AND seq = 1")


def broken_events(path: Path) -> None:
    change(path, "UPDATE entries SET events = '[{\"type\": ' WHERE game_id = 1 AND seq = 2")


def foreign(path: Path) -> None:
    """Another program's database with tables of the same names (its header was rewritten before)."""
    path.unlink()
    change(
        path,
        "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)",
        "CREATE TABLE entries (id INTEGER PRIMARY KEY, note TEXT)",
        "CREATE TABLE session (key TEXT PRIMARY KEY, value TEXT)",
        "INSERT INTO games VALUES (1, 'chess')",
        "PRAGMA user_version = 1",
    )


@pytest.fixture(params=[undo_of_nothing, broken_events, foreign], ids=lambda f: f.__name__)
def old(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "journal.sqlite3"
    shutil.copyfile(FIXTURE, path)
    request.param(path)
    return path


COMMANDS = [
    ["saves", "list", "--journal", "{db}"],
    ["saves", "save", "x", "--journal", "{db}"],
    ["saves", "load", "1", "--journal", "{db}"],
    ["saves", "delete-all", "--yes", "--journal", "{db}"],
    ["import", "{db}", "--journal", "{db}"],
    ["export", "1", "--journal", "{db}"],
    ["journal", "show", "{db}"],
    ["journal", "show", "{db}", "--game", "1"],
    ["journal", "verify", "{db}"],
    ["scenario", "run", "--journal", "{db}", str(SCENARIO)],
]


def test_every_command_refuses_it_and_leaves_it_as_it_is(old: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = old.read_bytes()
    for command in COMMANDS:
        code = main([part.format(db=old) for part in command])
        out, err = capsys.readouterr()
        assert code == 2, (command, out, err)
        assert err.startswith("companion: ") and str(old) in err, (command, err)
        assert "Traceback" not in err
        assert old.read_bytes() == before, command
        # no backup of a file that is not updated; a read-only look may leave SQLite's empty
        # -wal and -shm files of a WAL journal beside it, never a byte in the journal itself
        assert {p.name for p in old.parent.iterdir()} <= {old.name, f"{old.name}-wal", f"{old.name}-shm"}
        assert not old.with_name(f"{old.name}-wal").exists() or not old.with_name(f"{old.name}-wal").stat().st_size


def test_a_sound_old_journal_is_still_updated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(FIXTURE, path)
    assert main(["saves", "list", "--journal", str(path)]) == 0
    assert path.with_name(path.name + ".v1.bak").exists()
    assert main(["journal", "verify", str(path)]) == 0
    assert capsys.readouterr().out.endswith("ok\n")
