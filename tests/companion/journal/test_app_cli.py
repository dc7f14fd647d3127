"""``companion export``, ``companion import`` and ``companion saves``: a few runs of the real command
in a subprocess, the rest in-process on a parser the module fills itself."""

from __future__ import annotations

import argparse
import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.journal import app_cli
from companion.journal.exports import export_game
from companion.journal.paths import JOURNAL_FILE
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.scenario.run import run_file
from engines.raubritter.commands import Surrender
from tests.support.waiting import WAIT

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
FINISHED = "raubritter/20-complete-game-two-players.scn"
UNFINISHED = "raubritter/16-undo-redo-tile-and-march.scn"


def play(path: Path, name: str) -> int:
    with Journal.open(path) as journal:
        result = run_file(SCENARIOS / name, journal, out=io.StringIO())
        assert result.ok, result.message
        return journal.running()


def contents(path: Path) -> list[str]:
    with Journal.open(path, create=False) as journal:
        return list(journal.db.iterdump())


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test reads or writes the real home: the XDG directories point into the test's folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    return tmp_path


def companion(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The real command line, in its own process."""
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        cwd=cwd,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=WAIT,
    )


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    """One command in-process: exit code, standard output, standard error."""
    parser = argparse.ArgumentParser(prog="companion")
    app_cli.add_to(parser.add_subparsers(dest="command", required=True))
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exc:
        code = exc.code
    else:
        code = args.handler(args)
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------------ the real command line


def test_export_then_import_into_another_installation(tmp_path):
    source = tmp_path / "source.sqlite3"
    game_id = play(source, FINISHED)
    file = tmp_path / "raubritter.json"
    done = companion(
        "export", str(game_id), "--format", "json", "--output", str(file), "--journal", str(source), cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(file.read_text(encoding="utf-8"))["format"] == "companion.export"

    data = tmp_path / "other-pi"
    done = companion("import", str(file), "--data-dir", str(data), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "1\n"
    checked = companion("journal", "verify", str(data / JOURNAL_FILE), cwd=tmp_path)
    assert checked.returncode == 0 and checked.stdout.endswith("ok\n")


def test_bgstats_of_an_unfinished_game_is_refused_and_writes_nothing(tmp_path):
    db = tmp_path / "journal.sqlite3"
    game_id = play(db, UNFINISHED)
    out = tmp_path / "play.bgsplay"
    done = companion("export", str(game_id), "--format", "bgstats", "-o", str(out), "--journal", str(db), cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.startswith("companion: ") and "is not finished" in done.stderr
    assert not out.exists() and done.stdout == ""


def test_saves_on_the_installation_journal(tmp_path):
    data = tmp_path / "xdg-data" / "companion"
    play(data / JOURNAL_FILE, FINISHED)
    saved = companion("saves", "save", "Sonntag", cwd=tmp_path)
    assert saved.returncode == 0, saved.stderr
    assert saved.stdout == "game 1 (raubritter) saved as save 1: Sonntag\n"
    listed = companion("saves", "list", cwd=tmp_path)
    assert listed.stdout.splitlines()[0].split() == ["ID", "NAME", "GAME", "SAVED"]
    assert listed.stdout.splitlines()[1].split()[:3] == ["1", "Sonntag", "raubritter"]

    refused = companion("saves", "delete-all", cwd=tmp_path)
    assert refused.returncode == 1
    assert refused.stderr.startswith("companion: this would delete all 1 save(s)")
    assert refused.stderr.rstrip().endswith("companion saves delete-all --yes")
    deleted = companion("saves", "delete-all", "--yes", cwd=tmp_path)
    assert (deleted.returncode, deleted.stdout) == (0, "deleted 1 save(s)\n")


def test_a_newer_export_is_refused_and_the_journal_is_unchanged(tmp_path):
    db = tmp_path / "journal.sqlite3"
    game_id = play(db, FINISHED)
    with Journal.open(db, create=False) as journal:
        doc = export_game(journal, game_id)
    doc["version"] = 2
    file = tmp_path / "newer.json"
    file.write_text(json.dumps(doc), encoding="utf-8")
    before = contents(db)
    done = companion("import", str(file), "--journal", str(db), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("companion: this export was written by a newer companion (export version 2")
    assert contents(db) == before


# ------------------------------------------------------------------------------------- in-process


def test_export_json_goes_to_the_standard_output(tmp_path, capsys):
    db = tmp_path / "journal.sqlite3"
    game_id = play(db, FINISHED)
    code, out, err = run(capsys, "export", str(game_id), "--journal", str(db))
    assert (code, err) == (0, "")
    doc = json.loads(out)
    assert doc["game"] == "raubritter" and doc["public_view"]["winners"] == ["blue"]


def test_export_bgstats_to_a_file(tmp_path, capsys):
    db = tmp_path / "journal.sqlite3"
    game_id = play(db, FINISHED)
    out_file = tmp_path / "play.json"
    code, out, err = run(
        capsys, "export", str(game_id), "--format", "bgstats", "--output", str(out_file), "--journal", str(db)
    )
    assert (code, err) == (0, "")
    assert out == f"game {game_id} written to {out_file} (bgstats)\n"
    doc = json.loads(out_file.read_text(encoding="utf-8"))
    assert [p["name"] for p in doc["players"]] == ["Anna", "Ben"]


def test_export_bgstats_names_a_player_without_a_name_in_the_table_s_language(tmp_path, capsys):
    """``--language``, else the language of the app's settings beside the journal, else English."""
    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as journal:
        players = [
            {"name": "Kim", "birthday": "1970-01-01", "colour": "blue"},
            {"name": "red", "birthday": "1980-01-01", "colour": "red"},  # no name given
        ]
        session = Session.start(journal, "raubritter", {"players": players})
        for colour in ("blue", "red"):
            session.apply(Surrender(colour))
        game_id = session.game_id

    def names(*options: str) -> list[str]:
        code, out, err = run(capsys, "export", str(game_id), "--format", "bgstats", *options, "--journal", str(db))
        assert (code, err) == (0, "")
        return [p["name"] for p in json.loads(out)["players"]]

    assert names() == ["Kim", "Red"]
    assert names("--language", "de") == ["Kim", "Rot"]
    (tmp_path / "app-settings.json").write_text('{"language": "de"}', encoding="utf-8")
    assert names() == ["Kim", "Rot"]
    assert names("--language", "en") == ["Kim", "Red"]


@pytest.mark.parametrize(
    "argv, code, message",
    [
        (["export", "9"], 2, "companion: the journal has no game 9\n"),
        (["export", "1", "--format", "bgstats"], 1, "is not finished; BG Stats records finished plays only"),
        (["export", "1", "-o", "{tmp}/missing/x.json"], 2, "does not exist"),
        (["import", "{tmp}/nothing.json"], 2, "companion: there is no file"),
        (["saves", "load", "4"], 2, "companion: there is no save 4"),
        (["saves", "save", "  "], 2, "companion: a save needs a name"),
    ],
)
def test_refusals_and_unusable_arguments_say_why_on_stderr(tmp_path, capsys, argv, code, message):
    db = tmp_path / "journal.sqlite3"
    play(db, UNFINISHED)
    before = contents(db)
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    got, out, err = run(capsys, *argv, "--journal", str(db))
    assert got == code and out == ""
    assert err.startswith("companion: ") and message in err
    assert contents(db) == before


def test_nothing_running_is_a_refusal(tmp_path, capsys):
    db = tmp_path / "journal.sqlite3"
    Journal.open(db).close()
    for action in ("save", "quit"):
        code, out, err = run(capsys, "saves", action, "--journal", str(db))
        assert (code, out) == (1, "")
        assert err == "companion: no game is running, so there is nothing to save\n"


def test_quit_then_load_continues_the_game(tmp_path, capsys):
    db = tmp_path / "journal.sqlite3"
    game_id = play(db, UNFINISHED)
    code, out, _ = run(capsys, "saves", "quit", "--journal", str(db))
    assert code == 0
    assert out.startswith(f"game {game_id} (raubritter) saved as save 1: ")
    assert f"no game is running now (companion saves load 1 --journal {db} continues it)" in out
    with Journal.open(db, create=False) as journal:
        assert journal.running() is None
    code, out, _ = run(capsys, "saves", "load", "1", "--journal", str(db))
    assert code == 0 and out.startswith("save 1 (")
    with Journal.open(db, create=False) as journal:
        assert Session.resume(journal).game_id == 2


def test_an_empty_list_says_so(tmp_path, capsys):
    db = tmp_path / "journal.sqlite3"
    Journal.open(db).close()
    assert run(capsys, "saves", "list", "--journal", str(db)) == (0, "no saves\n", "")
    assert run(capsys, "saves", "delete-all", "--journal", str(db)) == (0, "there are no saves\n", "")


def test_the_data_dir_comes_from_the_flag_then_the_settings_then_xdg(tmp_path, capsys, home):
    flagged, configured, default = tmp_path / "flag", tmp_path / "configured", tmp_path / "xdg-data" / "companion"
    for where in (flagged, configured, default):
        play(where / JOURNAL_FILE, FINISHED)
    assert run(capsys, "saves", "save", "by default")[0] == 0
    settings = tmp_path / "xdg-config" / "companion" / "settings.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text(f'data_dir = "{configured}"\n', encoding="utf-8")
    assert run(capsys, "saves", "save", "by setting")[0] == 0
    assert run(capsys, "saves", "save", "by flag", "--data-dir", str(flagged))[0] == 0
    for where, name in ((default, "by default"), (configured, "by setting"), (flagged, "by flag")):
        with Journal.open(where / JOURNAL_FILE, create=False) as journal:
            assert [row[1] for row in journal.saves()] == [name]


def test_a_bad_settings_file_or_a_missing_journal_is_unusable(tmp_path, capsys):
    code, out, err = run(capsys, "saves", "list", "--data-dir", str(tmp_path / "empty"))
    assert (code, out) == (2, "")
    assert err == f"companion: there is no journal at {tmp_path / 'empty' / JOURNAL_FILE}\n"
    assert not (tmp_path / "empty").exists()  # reading creates nothing
    settings = tmp_path / "xdg-config" / "companion" / "settings.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text("data_dir = 42\n", encoding="utf-8")
    code, _, err = run(capsys, "saves", "list")
    assert code == 2 and err.startswith("companion: ") and "data_dir must be a directory path" in err


def test_a_foreign_file_as_journal_is_left_untouched(tmp_path, capsys):
    foreign = tmp_path / "notes.sqlite3"
    foreign.write_bytes(b"shopping list: bread, milk\n" * 10)
    game = tmp_path / "game.json"
    db = tmp_path / "journal.sqlite3"
    game_id = play(db, FINISHED)
    assert run(capsys, "export", str(game_id), "-o", str(game), "--journal", str(db))[0] == 0
    code, out, err = run(capsys, "import", str(game), "--journal", str(foreign))
    assert (code, out) == (2, "")
    assert err.startswith(f"companion: {foreign} is not a companion journal")
    assert foreign.read_bytes() == b"shopping list: bread, milk\n" * 10


def test_an_import_makes_a_new_installation_only_for_a_good_file(tmp_path, capsys):
    db = tmp_path / "journal.sqlite3"
    game = tmp_path / "game.json"
    assert run(capsys, "export", str(play(db, FINISHED)), "-o", str(game), "--journal", str(db))[0] == 0
    broken = tmp_path / "broken.json"
    broken.write_text(game.read_text(encoding="utf-8").replace('"version": 1', '"version": 7'), encoding="utf-8")
    fresh = tmp_path / "fresh"
    code, out, err = run(capsys, "import", str(broken), "--data-dir", str(fresh))
    assert (code, out) == (2, "") and "newer companion (export version 7" in err
    assert not fresh.exists()
    assert run(capsys, "import", str(game), "--data-dir", str(fresh)) == (0, "1\n", "")
    assert (fresh / JOURNAL_FILE).exists()


def test_a_damaged_entry_is_reported_not_crashed_on(tmp_path, capsys):
    db = tmp_path / "journal.sqlite3"
    game_id = play(db, FINISHED)
    raw = sqlite3.connect(db)  # one event's type spoiled, as a bad sector or a stray editor might
    with raw:
        raw.execute("UPDATE entries SET events = replace(events, 'tile-laid', 'tile-flown') WHERE seq = 3")
    raw.close()
    before = contents(db)
    for argv in (["export", str(game_id)], ["export", str(game_id), "--format", "bgstats"], ["saves", "save"]):
        code, out, err = run(capsys, *argv, "--journal", str(db))
        assert (code, out) == (2, "")
        assert err.startswith(f"companion: game {game_id} of {db} cannot be read (")
        assert "'tile-flown'" in err and f"'companion journal verify {db}' lists the damage" in err
    assert contents(db) == before


def test_data_dir_and_journal_exclude_each_other(tmp_path, capsys):
    code, _, err = run(capsys, "saves", "list", "--data-dir", str(tmp_path), "--journal", str(tmp_path / "j"))
    assert code == 2 and "not allowed with argument" in err
