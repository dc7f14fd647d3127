"""Bad input on the command line: never a traceback, never a wrong answer with exit code 0.

An id beyond SQLite's 64 bits, an id of 0 or below, deeply nested JSON, a reader that closes the
pipe, a self-test with nothing to test, and times that are negative, zero, nan or infinite are
each refused with a message (exit code 2), or, for the closed pipe, end quietly.
"""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.journal.store import Journal
from companion.scenario.run import run_file
from tests.support.waiting import WAIT

ROOT = Path(__file__).resolve().parents[2]
FINISHED = ROOT / "tests" / "scenarios" / "raubritter" / "20-complete-game-two-players.scn"
TOO_BIG = str(2**64)
LARGEST = str(2**63 - 1)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real home."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A journal with one finished game (number 1), the running one, and one save (number 1)."""
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        assert run_file(FINISHED, journal, io.StringIO()).ok
    assert main(["saves", "save", "kept", "--journal", str(path)]) == 0
    return path


def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def companion(*args: str, timeout: float = WAIT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=timeout)


# ------------------------------------------------------------------------------------ ids


def id_commands(db: Path, number: str) -> list[list[str]]:
    return [
        ["journal", "show", str(db), "--game", number],
        ["journal", "show", str(db), "--game", number, "--log"],
        ["export", number, "--journal", str(db)],
        ["export", number, "--format", "bgstats", "--journal", str(db)],
        ["saves", "load", number, "--journal", str(db)],
    ]


@pytest.mark.parametrize("number", [TOO_BIG, str(2**63), "1" + "0" * 5000, "-" + TOO_BIG])
def test_an_id_beyond_64_bits_is_refused_with_a_message(db: Path, number: str, capsys) -> None:
    before = digest(db.parent)
    for argv in id_commands(db, number):
        assert main(argv) == 2, argv
        out, err = capsys.readouterr()
        assert out == ""
        assert "is no number in the journal" in err or "is not a whole number" in err, err
        assert "Traceback" not in err
    assert digest(db.parent) == before


def test_the_largest_id_is_read_as_a_game_or_save_that_does_not_exist(db: Path, capsys) -> None:
    assert main(["export", LARGEST, "--journal", str(db)]) == 2
    assert f"no game {LARGEST}" in capsys.readouterr().err
    assert main(["saves", "load", LARGEST, "--journal", str(db)]) == 2
    assert f"no save {LARGEST}" in capsys.readouterr().err


@pytest.mark.parametrize("number", ["0", "-1", "-7"])
def test_a_game_or_save_number_of_0_or_below_is_refused_not_read_as_the_running_game(
    db: Path, number: str, capsys
) -> None:
    for argv in id_commands(db, number):
        assert main(argv) == 2, argv
        out, err = capsys.readouterr()
        assert out == "", argv  # above all: not the running game
        assert f"argument {'--game' if argv[0] == 'journal' else 'ID'}: {number} is no number in the journal" in err


def test_the_real_command_refuses_a_huge_id_without_a_traceback(db: Path) -> None:
    done = companion("journal", "show", str(db), "--game", TOO_BIG)
    assert (done.returncode, done.stdout) == (2, "")
    assert "Traceback" not in done.stderr and "is no number in the journal" in done.stderr


# ---------------------------------------------------------------------------- nested JSON


@pytest.mark.parametrize("depth", [995, 5_000, 200_000])
def test_a_deeply_nested_import_is_refused_and_writes_nothing(tmp_path: Path, depth: int) -> None:
    file = tmp_path / "deep.json"
    file.write_text("[" * depth + "]" * depth)
    data = tmp_path / "data"
    done = companion("import", str(file), "--data-dir", str(data))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"companion: {file} is not a companion export (nested too deeply to be read)\n"
    assert not data.exists()


def test_a_deeply_nested_import_leaves_an_existing_journal_as_it_was(db: Path, tmp_path: Path, capsys) -> None:
    file = tmp_path / "deep.json"
    file.write_text('{"format": "companion.export", "version": 1, "config": ' + "[" * 100_000 + "]" * 100_000 + "}")
    before = digest(db.parent)
    assert main(["import", str(file), "--journal", str(db)]) == 2
    assert "nested too deeply" in capsys.readouterr().err
    assert digest(db.parent) == before


# ------------------------------------------------------------------------------ a closed pipe


@pytest.mark.parametrize(
    "argv",
    [
        ["journal", "show", "{db}", "--json"],
        ["journal", "show", "{db}", "--json", "--log"],
        ["journal", "show", "{db}"],
        ["journal", "verify", "{db}"],
        ["export", "1", "--journal", "{db}"],
        ["saves", "list", "--journal", "{db}"],
        ["scenario", "check", str(FINISHED)],
        ["--version"],
    ],
)
def test_a_reader_that_goes_away_ends_the_command_quietly(db: Path, argv: list[str]) -> None:
    """The pipe is closed before the command writes a byte, so every write finds it closed."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "companion", *(a.format(db=db) for a in argv)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=WAIT,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 141, done.stderr
    assert done.stderr == ""


def test_output_piped_into_head_ends_without_a_traceback(db: Path) -> None:
    done = subprocess.run(
        f'{sys.executable} -m companion journal show {db} --json --log | head -c 10; echo " ${{PIPESTATUS[0]}}"',
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    assert done.stdout.startswith("[\n  {")
    assert done.stdout.split()[-1] in ("0", "141")
    assert done.stderr == ""


# -------------------------------------------------------------------------------- selftest


def test_a_selftest_that_skips_both_parts_is_refused(tmp_path: Path, capsys) -> None:
    config = tmp_path / "hardware.toml"
    config.write_text('[dice]\nport = "none"\n')
    assert main(["selftest", "--config", str(config), "--skip-panel", "--skip-die"]) == 2
    out, err = capsys.readouterr()
    assert "Everything registered." not in out
    assert err == "companion selftest: --skip-panel and --skip-die together leave nothing to test\n"


@pytest.mark.parametrize("option", ["--seconds", "--die-seconds"])
@pytest.mark.parametrize("value", ["-1", "0", "nan", "NaN", "inf", "-inf", "1e9", "3600.5", "soon"])
def test_a_time_that_is_not_above_0_and_at_most_an_hour_is_refused_at_once(option: str, value: str, capsys) -> None:
    assert main(["selftest", option, value]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert f"argument {option}: " in err


def test_the_real_selftest_refuses_nan_at_once() -> None:
    """nan once made the die's wait loop spin forever; now the command line refuses it."""
    done = companion("selftest", "--skip-panel", "--die-seconds", "nan")
    assert done.returncode == 2
    assert "argument --die-seconds: give a number of seconds above 0 and at most 3600, not nan" in done.stderr
