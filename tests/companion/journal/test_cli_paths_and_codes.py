"""Smaller promises of the command line around the journal: a journal that cannot take a scenario's
game exits 2 (an unusable file, as the docs say), where the journal lives never depends on the
working directory, and the long scenario's header counts what the runner counts."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from companion.journal import paths
from companion.journal.errors import JournalWriteError
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.scenario import run as runner
from companion.scenario.run import check_file

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "tests" / "scenarios" / "raubritter" / "16-undo-redo-tile-and-march.scn"
LONG_GAME = ROOT / "tests" / "scenarios" / "long" / "gluecksritter-full-game.scn"
NO_ROOM = "the journal could not be written (the disk is full); nothing of this step was kept"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home of the test's own, without XDG variables."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    return tmp_path / "home"


# --------------------------------------------------------------- scenario run --journal: exit 2


def test_a_journal_that_cannot_take_the_game_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refuse(*_args: object, **_kwargs: object) -> Session:
        raise JournalWriteError(NO_ROOM)

    monkeypatch.setattr(runner.Session, "start", refuse)
    assert main(["scenario", "run", "--journal", str(tmp_path / "j.sqlite3"), str(SCENARIO)]) == 2
    assert capsys.readouterr().out == f"ERROR {SCENARIO}: journal: {NO_ROOM}\n"


def test_a_journal_that_fails_during_the_game_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    apply = Session.apply
    calls = []

    def fail_third(self: Session, command: object) -> object:
        calls.append(command)
        if len(calls) == 3:
            raise JournalWriteError(NO_ROOM)
        return apply(self, command)

    monkeypatch.setattr(Session, "apply", fail_third)
    assert main(["scenario", "run", "--journal", str(tmp_path / "j.sqlite3"), str(SCENARIO)]) == 2
    out = capsys.readouterr().out
    assert re.search(rf"^ERROR {re.escape(str(SCENARIO))}:\d+: journal: {re.escape(NO_ROOM)}$", out, re.M), out


def test_a_real_journal_that_refuses_every_write_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A journal whose own trigger refuses new games (what a write error looks like to SQLite)."""
    path = tmp_path / "j.sqlite3"
    Journal.open(path).close()
    db = sqlite3.connect(path)
    db.execute("CREATE TRIGGER no_room BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'no room'); END")
    db.commit()
    db.close()
    assert main(["scenario", "run", "--journal", str(path), str(SCENARIO)]) == 2
    out, err = capsys.readouterr()
    assert "no room" in out + err
    assert "FAIL" not in out


def test_a_scenario_that_fails_its_check_with_a_journal_still_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = tmp_path / "wrong.scn"
    wrong.write_text(SCENARIO.read_text(encoding="utf-8") + "\nexpect phase = over\n", encoding="utf-8")
    assert main(["scenario", "run", "--journal", str(tmp_path / "j.sqlite3"), str(wrong)]) == 1
    assert "FAIL" in capsys.readouterr().out


# ------------------------------------------------------------ where the journal lives


def settings(home: Path, text: str) -> Path:
    path = home / ".config" / "companion" / "settings.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_relative_data_dir_is_taken_from_the_settings_files_directory(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = settings(home, 'data_dir = "games/box"\n')
    seen = set()
    for cwd in (tmp_path, home, ROOT):
        monkeypatch.chdir(cwd)
        seen.add(paths.data_dir())
    assert seen == {file.parent / "games" / "box"}
    assert paths.journal_path() == file.parent / "games" / "box" / paths.JOURNAL_FILE


@pytest.mark.parametrize("value", ["/media/usb/companion", "~/companion"])
def test_an_absolute_data_dir_or_one_from_home_stands_as_it_is(home: Path, value: str) -> None:
    settings(home, f'data_dir = "{value}"\n')
    assert paths.data_dir() == Path(value).expanduser()


def test_a_relative_xdg_data_home_is_ignored_and_said(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", "data")
    assert paths.data_dir() == home / ".local" / "share" / "companion"
    assert capsys.readouterr().err == (
        "companion: XDG_DATA_HOME=data is not an absolute path and is ignored, as the XDG Base Directory "
        f"rules say; using {home / '.local' / 'share'}\n"
    )
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.data_dir() == tmp_path / "data" / "companion"
    assert capsys.readouterr().err == ""


def test_a_relative_xdg_config_home_is_ignored_and_said(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cfg" / "companion").mkdir(parents=True)
    (tmp_path / "cfg" / "companion" / "settings.toml").write_text('data_dir = "/nowhere"\n')
    monkeypatch.setenv("XDG_CONFIG_HOME", "cfg")
    assert paths.settings_file() == home / ".config" / "companion" / "settings.toml"
    assert "XDG_CONFIG_HOME=cfg is not an absolute path and is ignored" in capsys.readouterr().err
    assert paths.data_dir() == home / ".local" / "share" / "companion"


def test_the_command_line_says_where_it_looked_with_a_relative_xdg_data_home(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", "data")
    assert main(["saves", "list"]) == 2
    err = capsys.readouterr().err
    assert "XDG_DATA_HOME=data is not an absolute path and is ignored" in err
    assert f"there is no journal at {home / '.local' / 'share' / 'companion' / paths.JOURNAL_FILE}" in err
    assert not (tmp_path / "data").exists()


def test_a_settings_file_nested_too_deeply_is_refused(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings(home, "a = " + "[" * 20_000 + "]" * 20_000 + "\n")  # within the size limit: the nesting answers
    assert main(["saves", "list"]) == 2
    assert "is nested too deeply" in capsys.readouterr().err


# ------------------------------------------------------------------------ the long scenario


def test_the_long_scenarios_header_counts_what_the_runner_counts() -> None:
    header = re.search(r"^# (\d+) commands as the runner counts them", LONG_GAME.read_text(encoding="utf-8"), re.M)
    assert header, "the long scenario's header gives no count"
    assert int(header.group(1)) == check_file(LONG_GAME).commands
