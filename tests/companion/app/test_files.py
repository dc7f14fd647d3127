"""The evening's games to a USB stick and back, by touch, in real windows (sessions in
files_sessions.py): a finished game written to this device's folder and to a folder chosen in the
folder browser by taps, a stick pulled out said in red with the dialog still open, and the game read
into the journal of another data folder, after a damaged file was refused in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.companion.app import png
from tests.companion.app.ui import run_session

FILES = ["gluecksritter-{day}-1.bgstats.json", "gluecksritter-{day}-1.json"]


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    data = tmp_path_factory.mktemp("export")
    return data, run_session("export-by-touch", data)


def names(seen: dict, key: str) -> list[str]:
    day = seen[key][0].split("-", 1)[1][:10]
    return [name.format(day=day) for name in FILES]


def test_a_finished_game_is_written_to_this_devices_folder(exported):
    data, seen = exported
    assert seen["game_id"] == 1
    assert seen["exports"] == names(seen, "exports")
    assert seen["word"] == f"Written to exports: {seen['exports'][1]} and {seen['exports'][0]}"


def test_a_stick_pulled_out_is_said_in_the_dialog_which_stays_open(exported):
    _, seen = exported
    assert any(text.startswith("STICK · ") and text.endswith(" free") for text in seen["texts"])
    assert "On this device (folder exports)" in seen["texts"] and "Another folder …" in seen["texts"]
    assert seen["pulled"] == "STICK is gone: was the stick pulled out? Nothing was written."
    assert seen["open_after_problem"]
    assert "No USB stick found: plug one in and tap Look again." in seen["no_stick"]


def test_a_folder_chosen_by_taps_gets_the_files(exported):
    data, seen = exported
    assert any("evening" in text for text in seen["folders"]) and any("other" in text for text in seen["folders"])
    assert any("Up one folder" in text for text in seen["folders"])
    assert seen["other_gone"] == "other cannot be opened: No such file or directory"
    assert seen["inside"] == f"Folder: {data / 'browse' / 'evening'}"
    assert seen["evening"] == names(seen, "evening")
    assert seen["browsed_word"].startswith("Written to evening: ")


def test_the_game_is_read_into_another_journal_by_touch(exported, tmp_path):
    data, _ = exported
    seen = run_session("import-by-touch", tmp_path, str(data / "exports"))
    assert any(text.startswith("STICK · ") and text.endswith(" frei") for text in seen["places"])
    listed = [text.split("  ·  ")[0] for text in seen["files"]]
    assert len(listed) == 2 and listed[0] == "broken.json", "the newest first"
    assert listed[1].startswith("gluecksritter-") and listed[1].endswith("-1.json")
    assert seen["broken"].startswith("broken.json ist beschädigt")
    assert seen["games_after_broken"] == 0
    assert seen["imported"] == [1] and seen["closed"]
    assert seen["word"].startswith("gluecksritter-") and seen["word"].endswith(
        "importiert: Die Glücksritter, jetzt Spiel 1 im Protokoll."
    )
    assert seen["games"] == [[1, "gluecksritter", True]]
    for shot in ("import", "import-files", "import-broken"):
        assert png.size(tmp_path / "shots" / f"{shot}.png") == (800, 480)


@pytest.mark.parametrize("shot", ["export", "export-pulled", "export-no-stick", "folders", "folders-inside"])
def test_the_dialogs_fill_the_screen(exported, shot):
    data, _ = exported
    path = data / "shots" / f"{shot}.png"
    assert png.size(path) == (800, 480)
    assert png.colours(path, 20) >= 5
