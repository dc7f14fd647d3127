"""The evening's games to a USB stick and back, by touch, in real windows (sessions in
files_sessions.py): a finished game written to this device's folder and to a folder chosen in the
folder browser by taps, a stick pulled out said in red with the dialog still open, and the game read
into the journal of another data folder, after a damaged file was refused in words. A full and a
read-only medium are real tmpfs mounts, mounted here before the session starts (as root only: a
mount of ``unshare -rm`` lives in a namespace the session's process cannot see) and always
unmounted after."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app import theme
from tests.companion.app import png
from tests.companion.app.ui import run_session
from tests.companion.results.test_drives import PAGE, Medium

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


# -------------------------------------------------------------------- a real full or read-only medium


def _mount(medium: Medium, options: str) -> None:
    if medium.way is None:
        pytest.skip("no tmpfs can be mounted here: " + "; ".join(medium.why_not))
    if medium.way != "mount":
        pytest.skip(
            f"a tmpfs can be mounted here only by {medium.way} (not root): its mount lives in a namespace "
            "of its own, which the session's process cannot see"
        )
    subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(medium.point)], check=True)


@pytest.fixture(scope="module")
def refused(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path, Path, dict]]:
    """A tmpfs filled up until one page is free and one mounted read-only, both named STICK; the
    session's data folder, the two mount points and what the session saw. Both are unmounted after,
    also when a test failed."""
    root = tmp_path_factory.mktemp("media")
    (root / "full").mkdir()
    (root / "read-only").mkdir()
    full, read_only = Medium(root / "full" / "STICK"), Medium(root / "read-only" / "STICK")
    with contextlib.ExitStack() as mounted:
        _mount(full, "size=64k")
        mounted.callback(full.unmount)
        free = shutil.disk_usage(full.point).free
        (full.point / "filler").write_bytes(b"\0" * (free - PAGE))
        assert shutil.disk_usage(full.point).free == PAGE
        _mount(read_only, "ro,size=64k")
        mounted.callback(read_only.unmount)
        data = root / "data"
        data.mkdir()
        yield (
            data,
            full.point,
            read_only.point,
            run_session("export-to-refusing-media", data, str(full.point), str(read_only.point)),
        )


def said_in_the_dialog(seen: dict) -> None:
    """The problem in red inside the dialog, which stays open, above its buttons and on the screen;
    the journal's games as they were."""
    assert seen["in_dialog"] and seen["open"]
    assert tuple(seen["colour"]) == theme.ALERT
    left, bottom, right, top = seen["refusal_box"]
    assert bottom >= seen["back_box"][3] and top <= 480 and left >= 0 and right <= 800, seen
    assert seen["games_unchanged"]


def test_a_full_stick_is_said_in_the_dialog_and_nothing_is_written(refused):
    data, full, _, seen = refused
    said = seen["full"]
    assert said["drive"] == "STICK · 4,0 kB frei"
    assert said["said"].startswith("STICK ist voll: Das Spiel braucht "), said["said"]
    assert said["said"].endswith(", frei sind nur 4,0 kB. Es wurde nichts geschrieben."), said["said"]
    said_in_the_dialog(said)
    assert said["before"] == said["after"] == ["filler"], "no export, no temporary file"
    assert sorted(p.name for p in full.iterdir()) == ["filler"]
    assert png.size(data / "shots" / "export-full.png") == (800, 480)


def test_a_read_only_stick_is_said_in_the_dialog_and_stays_empty(refused):
    data, _, read_only, seen = refused
    said = seen["read_only"]
    assert said["drive"] == "STICK · schreibgeschützt"
    assert said["said"] == "STICK ist schreibgeschützt: Es wurde nichts geschrieben."
    said_in_the_dialog(said)
    assert said["before"] == said["after"] == [] and list(read_only.iterdir()) == []
    assert png.size(data / "shots" / "export-read-only.png") == (800, 480)
    assert seen["game_id"] == 1 and not seen["word"], "nothing written is said in the bottom line"
