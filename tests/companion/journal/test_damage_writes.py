"""Nothing is written into a journal that SQLite or the header check finds damaged (issue 12,
point 3): ``scenario run --journal``, ``import`` and ``saves save`` check the file when they
open it for writing (its header, then SQLite's ``quick_check``) and refuse a damaged one with
the reason, exit 2; the file stays byte for byte and nothing is created beside it.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.cli import main
from companion.journal.store import Journal
from companion.scenario.run import run_file
from tests.companion.journal.fixtures.games import private_home

ROOT = Path(__file__).resolve().parents[3]
FINISHED = ROOT / "tests" / "scenarios" / "raubritter" / "20-complete-game-two-players.scn"
ANOTHER = ROOT / "tests" / "scenarios" / "raubritter" / "16-undo-redo-tile-and-march.scn"


home = pytest.fixture(autouse=True)(private_home)


@pytest.fixture
def damaged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path]:
    """A journal with a finished running game whose middle 4 KB are zeroed, and an export of
    that game (made before the damage) to import."""
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        assert run_file(FINISHED, journal, io.StringIO()).ok
    export = tmp_path / "game.json"
    assert main(["export", "1", "--journal", str(path), "-o", str(export)]) == 0
    capsys.readouterr()
    data = path.read_bytes()
    middle = (len(data) // 2) // 4096 * 4096
    path.write_bytes(data[:middle] + bytes(4096) + data[middle + 4096 :])
    return path, export


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.mark.parametrize(
    "command",
    [
        ["scenario", "run", "--journal", "{db}", str(ANOTHER)],
        ["import", "{export}", "--journal", "{db}"],
        ["saves", "save", "kept", "--journal", "{db}"],
    ],
    ids=["scenario-run", "import", "saves-save"],
)
def test_a_damaged_journal_is_refused_before_any_write(
    damaged: tuple[Path, Path], command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path, export = damaged
    before = files(path.parent)
    code = main([part.format(db=path, export=export) for part in command])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "damaged" in err and str(path) in err and "Traceback" not in err
    assert files(path.parent) == before  # byte for byte, and no -wal, -shm or backup beside it


def test_the_damage_is_what_verify_reports(damaged: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = damaged
    assert main(["journal", "verify", str(path)]) in (1, 2)
    out, err = capsys.readouterr()
    assert "damaged" in out + err
