"""The journal holds every secret of every game: it is created readable by its owner only
(issue 12, point 7): the file and its -wal and -shm files 0600, a new data directory 0700, whatever
the umask allows."""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.journal.store import Journal
from companion.scenario.run import run_file

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "tests" / "scenarios" / "raubritter" / "16-undo-redo-tile-and-march.scn"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(params=[0o022, 0o000], ids=["umask-022", "umask-000"])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def test_a_new_journal_and_its_directory_are_private(tmp_path: Path, umask: int) -> None:
    path = tmp_path / "data" / "journal.sqlite3"
    with Journal.open(path) as journal:
        assert run_file(SCENARIO, journal, io.StringIO()).ok
        for name in ("journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3-shm"):
            assert mode(path.with_name(name)) == 0o600, name
    assert mode(path.parent) == 0o700
    assert mode(path) == 0o600


def test_an_existing_directory_keeps_its_mode(tmp_path: Path, umask: int) -> None:
    """Only what the companion creates is made private; a directory the owner chose stays."""
    folder = tmp_path / "shared"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    with Journal.open(folder / "journal.sqlite3"):
        pass
    assert mode(folder) == 0o755
    assert mode(folder / "journal.sqlite3") == 0o600
