"""Read-only commands leave the journal file as it is (issue 12, point 12): ``journal verify``,
``journal show`` and ``export`` read the last steps from the ``-wal`` file beside the journal
but never fold them into the main file. (``export`` still does: it is marked as expected to
fail until it opens the journal read-only.)

The journal is written by another process that is killed before it closes the file (as a power
cut or a crash leaves it), so the last steps lie in the ``-wal`` file only, and no other
connection holds the file open while the commands run.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.cli import main
from companion.journal.store import Journal

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "tests" / "scenarios" / "raubritter" / "16-undo-redo-tile-and-march.scn"

WRITER = textwrap.dedent(
    """
    import io, os, sys
    sys.path.insert(0, {root!r})
    from companion.journal.store import Journal
    from companion.scenario.run import run_file

    journal = Journal.open({path!r})
    journal.db.execute("PRAGMA wal_autocheckpoint = 0")  # every step stays in the -wal file
    assert run_file({scenario!r}, journal, io.StringIO()).ok
    print(journal.next_seq(1) - 1, flush=True)
    os._exit(0)  # killed before it closes the journal: nothing is checkpointed
    """
)


def write_with_wal(path: Path) -> int:
    """Write the scenario's game into a new journal at ``path``, leaving every step in the -wal
    file; returns the number of entries written."""
    script = WRITER.format(root=str(ROOT), path=str(path), scenario=str(SCENARIO))
    done = subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT, capture_output=True, text=True)
    wal = path.with_name(path.name + "-wal")
    assert wal.exists() and wal.stat().st_size > 0, "the steps should lie in the -wal file"
    return int(done.stdout.split()[-1])


@pytest.fixture
def journal_with_wal(tmp_path: Path) -> Path:
    path = tmp_path / "journal.sqlite3"
    assert write_with_wal(path) > 5
    return path


def fingerprint(path: Path) -> tuple[str, int, int]:
    stat = path.stat()
    return hashlib.sha256(path.read_bytes()).hexdigest(), stat.st_size, stat.st_mtime_ns


@pytest.mark.parametrize(
    "command",
    [
        ["journal", "verify", "{db}"],
        ["journal", "show", "{db}"],
        ["journal", "show", "{db}", "--log"],
        ["export", "1", "--journal", "{db}"],
    ],
    ids=["verify", "show", "show-log", "export"],
)
def test_a_read_only_command_does_not_change_the_main_file(
    journal_with_wal: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    before = fingerprint(journal_with_wal)
    wal = journal_with_wal.with_name(journal_with_wal.name + "-wal")
    wal_before = wal.read_bytes()
    assert main([part.format(db=journal_with_wal) for part in command]) == 0
    out = capsys.readouterr().out
    assert out
    assert fingerprint(journal_with_wal) == before
    assert wal.read_bytes() == wal_before  # the last steps are still there, and only there


def test_the_commands_read_the_steps_in_the_wal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "journal.sqlite3"
    written = write_with_wal(path)
    assert main(["journal", "verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"1 games, {written} entries," in out and out.endswith("ok\n")
    assert main(["journal", "show", str(path), "--log", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == written
    with Journal.open(path) as journal:  # and a companion that opens it later still finds every step
        assert journal.next_seq(1) - 1 == written


def test_without_the_shm_file_the_main_file_is_left_as_it_is(
    journal_with_wal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The -shm file may be left behind when a journal is moved (docs/journal.md)."""
    journal_with_wal.with_name(journal_with_wal.name + "-shm").unlink()
    before = fingerprint(journal_with_wal)
    assert main(["journal", "verify", str(journal_with_wal)]) == 0
    assert capsys.readouterr().out.endswith("ok\n")
    assert main(["journal", "show", str(journal_with_wal)]) == 0
    assert fingerprint(journal_with_wal) == before
