"""``companion journal show --log``: the game log as the table may see it, corrections marked."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.journal.store import Journal
from companion.scenario.run import run_file

ROOT = Path(__file__).resolve().parents[3]
CORRECTIONS = ROOT / "tests" / "scenarios" / "schatzjagd" / "42-corrections.scn"


@pytest.fixture
def journal_file(tmp_path: Path) -> Path:
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        assert run_file(CORRECTIONS, journal, io.StringIO()).ok
    return path


def test_the_log_marks_corrections_with_their_reason_and_shows_undo_words(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["journal", "show", str(journal_file), "--log"]) == 0
    out = capsys.readouterr().out
    assert "    1  correct  [correction]" in out
    assert "reason=Anna's potion gold was not entered" in out
    assert "    2  relocate  [correction]" in out
    assert "    6  undo of entry 5\n         Set Blue's weapons to 0.\n" in out
    assert "    7  redo of entry 5\n         Set Blue's weapons to 3.\n" in out
    assert "    3  travel\n" in out  # an ordinary command carries no mark


def test_the_log_as_json_has_one_item_per_entry(journal_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["journal", "show", str(journal_file), "--log", "--json"]) == 0
    log = json.loads(capsys.readouterr().out)
    assert [item["entry"] for item in log] == list(range(1, len(log) + 1))
    corrections = [item for item in log if item.get("correction")]
    assert [item["command"] for item in corrections] == ["correct", "relocate", "correct", "correct", "correct"]
    assert all(item["in_play"] for item in corrections)
    assert log[5] == {"entry": 6, "at": log[5]["at"], "undo": 5, "words": ["Set Blue's weapons to 0."]}
