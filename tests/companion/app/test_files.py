"""The evening's games to a USB stick and back, by touch, in real windows: a finished game written
to this device's folder and to a folder chosen in the folder browser by taps
(:class:`companion.app.pieces.files.ExportDialog`), a stick pulled out said in red with the dialog
still open, and the game read into the journal of another data folder
(:class:`~companion.app.pieces.files.ImportDialog`), after a damaged file was refused in words;
each dialog fills the screen. A stick is a folder here, listed as a drive; the drives themselves
are tested in tests/companion/results/test_drives.py. A full and a read-only medium are real tmpfs
mounts, mounted by the test before the app's window starts (as root only: a mount of
``unshare -rm`` lives in a namespace the window's process cannot see) and always unmounted after."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.companion.app import png
from tests.companion.app.touch import play_into, say, start
from tests.companion.results.test_drives import PAGE, Medium
from tests.support.window import in_window, run

FINISHED = "gluecksritter/55-full-game-end-osullivan.scn"
FILES = ["gluecksritter-{day}-1.bgstats.json", "gluecksritter-{day}-1.json"]


def _drive(folder: Path, label: str) -> Any:
    """``folder`` as the drive ``label``, its free space and read-only flag read as
    :func:`~companion.results.drives.removable_drives` reads them."""
    from companion.results.drives import Drive

    if not folder.exists():
        return Drive(folder, label, None, False)
    info = os.statvfs(folder)
    return Drive(folder, label, info.f_bavail * info.f_frsize, bool(info.f_flag & os.ST_RDONLY))


def _rows(dialog: Any) -> list[Any]:
    from companion.app.pieces.files import FolderRow

    return [w for w in dialog.chooser.walk(restrict=True) if isinstance(w, FolderRow)]


def _box(widget: Any) -> list[float]:
    """Where a widget is drawn in the window: left, bottom, right, top."""
    left, bottom = widget.to_window(widget.x, widget.y)
    return [left, bottom, left + widget.width, bottom + widget.height]


def exported_names(written: list[str]) -> list[str]:
    """The two files of the game's export as they are named on the day the first of ``written`` names."""
    day = written[0].split("-", 1)[1][:10]
    return [name.format(day=day) for name in FILES]


def fills_the_screen(path: Path) -> None:
    assert png.size(path) == (800, 480), path
    assert png.colours(path, 20) >= 5, path


@in_window
def test_a_finished_game_is_written_to_this_devices_folder_after_a_stick_pulled_out(tmp_path):
    """A finished game: to a stick that was pulled out after the dialog listed it (said in red, the
    dialog stays open), "Look again" without it, then to this device's folder."""
    game_id = play_into(tmp_path, FINISHED)
    assert game_id == 1
    stick = tmp_path / "STICK"
    stick.mkdir()
    plugged = [_drive(stick, "STICK")]
    app, driver = start(tmp_path, "en")
    from companion.app.pieces.files import ExportDialog  # Kivy: after the window's size is set

    driver.until(lambda: app.journal is not None, what="the journal")
    shots = tmp_path / "shots"
    dialog = ExportDialog(app.journal, game_id, tmp_path, drives=lambda: list(plugged), browse_from=tmp_path).open_now()
    driver.frames(3)
    texts = driver.texts()
    assert any(text.startswith("STICK · ") and text.endswith(" free") for text in texts), texts
    assert "On this device (folder exports)" in texts and "Another folder …" in texts, texts
    fills_the_screen(driver.shot(shots / "export.png"))

    stick.rmdir()  # pulled out after the dialog listed it
    driver.tap(driver.find("STICK · "))
    driver.until(lambda: bool(dialog.refusal.text), what="the pulled stick to be said")
    assert dialog.refusal.text == "STICK is gone: was the stick pulled out? Nothing was written."
    assert driver.roots()[0] is dialog, "the dialog stays open"
    fills_the_screen(driver.shot(shots / "export-pulled.png"))

    plugged.clear()
    driver.tap(say(app, "Look again"))
    assert "No USB stick found: plug one in and tap Look again." in driver.texts()
    fills_the_screen(driver.shot(shots / "export-no-stick.png"))

    driver.tap(say(app, "On this device (folder {folder})", folder="exports"))
    driver.until(lambda: not dialog._is_open, what="the dialog to close")
    exports = sorted(p.name for p in (tmp_path / "exports").iterdir())
    assert exports == exported_names(exports)
    assert app.root.word == f"Written to exports: {exports[1]} and {exports[0]}"
    driver.stop()


@in_window
def test_a_folder_chosen_by_taps_gets_the_files(tmp_path):
    """A finished game to a folder chosen in the folder browser, by taps: a folder gone since the
    list was read is said; the game's files are written into the one opened."""
    game_id = play_into(tmp_path, FINISHED)
    browse = tmp_path / "browse"
    (browse / "evening").mkdir(parents=True)
    (browse / "other").mkdir()
    app, driver = start(tmp_path, "en")
    from companion.app.pieces.files import ExportDialog, FolderDialog  # Kivy: after the window's size is set

    driver.until(lambda: app.journal is not None, what="the journal")
    shots = tmp_path / "shots"
    dialog = ExportDialog(app.journal, game_id, tmp_path, drives=lambda: [], browse_from=browse).open_now()
    driver.tap(say(app, "Another folder …"))
    browser = driver.roots()[0]
    assert isinstance(browser, FolderDialog), browser
    driver.until(lambda: any(row.path.endswith("evening") for row in _rows(browser)), what="the folders")
    fills_the_screen(driver.shot(shots / "folders.png"))
    folders = [row.label.text for row in _rows(browser)]
    assert any("evening" in text for text in folders) and any("other" in text for text in folders), folders
    assert any("Up one folder" in text for text in folders), folders

    (browse / "other").rmdir()  # gone since the list was read
    driver.tap(next(row for row in _rows(browser) if row.path.endswith("other")))
    driver.until(lambda: bool(browser.refusal.text), what="the folder that cannot be opened to be said")
    assert browser.refusal.text == "other cannot be opened: No such file or directory"

    driver.tap(next(row for row in _rows(browser) if row.path.endswith("evening")))
    driver.until(lambda: browser.chooser.path == str(browse / "evening"), what="the folder to open")
    assert browser.where.text == f"Folder: {browse / 'evening'}"
    fills_the_screen(driver.shot(shots / "folders-inside.png"))
    driver.tap(say(app, "Here"))
    driver.until(lambda: not dialog._is_open and not browser._is_open, what="both dialogs to close")
    assert app.root.word.startswith("Written to evening: "), app.root.word
    evening = sorted(p.name for p in (browse / "evening").iterdir())
    assert evening == exported_names(evening)
    driver.stop()


@in_window
def test_the_game_is_read_into_another_journal_by_touch(tmp_path):
    """The games exported from another data folder, listed as a stick, in a fresh data folder: a
    damaged file is said in red and the journal stays empty; the game is imported by a tap (found
    again through the folder browser)."""
    from companion.journal.store import Journal
    from companion.results.gamefiles import export_to

    played = tmp_path / "played"
    played.mkdir()
    source = played / "exports"
    source.mkdir()
    with Journal.open(played / "journal.sqlite3") as journal:
        export_to(journal, play_into(played, FINISHED), source)
    good = next(p for p in source.iterdir() if p.name.endswith(".json") and not p.name.endswith(".bgstats.json"))
    (source / "broken.json").write_text(good.read_text(encoding="utf-8")[:3000], encoding="utf-8")

    data = tmp_path / "data"
    data.mkdir()
    app, driver = start(data, "de")
    from companion.app.pieces.files import ImportDialog

    driver.until(lambda: app.journal is not None, what="the journal")
    imported: list[int] = []
    shots = data / "shots"
    dialog = ImportDialog(
        app.journal, data, imported.append, drives=lambda: [_drive(source, "STICK")], browse_from=source.parent
    ).open_now()
    driver.frames(3)
    places = driver.texts()
    assert any(text.startswith("STICK · ") and text.endswith(" frei") for text in places), places
    assert png.size(driver.shot(shots / "import.png")) == (800, 480)

    driver.tap(driver.find("STICK · "))
    driver.until(lambda: dialog.folder == source, what="the stick's games")
    listed = [w.text.split("  ·  ")[0] for w in dialog.walk(restrict=True) if hasattr(w, "path") and w.text]
    assert len(listed) == 2 and listed[0] == "broken.json", ("the newest first", listed)
    assert listed[1].startswith("gluecksritter-") and listed[1].endswith("-1.json"), listed
    assert png.size(driver.shot(shots / "import-files.png")) == (800, 480)

    driver.tap(driver.find("broken.json"))
    driver.until(lambda: bool(dialog.refusal.text), what="the damaged file to be said")
    assert dialog.refusal.text.startswith("broken.json ist beschädigt"), dialog.refusal.text
    assert len(app.journal.games()) == 0
    assert png.size(driver.shot(shots / "import-broken.png")) == (800, 480)

    driver.tap(say(app, "Back"))  # to the places; the same folder again, through the folder browser
    driver.until(lambda: dialog.folder is None, what="the places")
    driver.tap(say(app, "Another folder …"))
    browser = driver.roots()[0]
    driver.until(lambda: any(row.path.endswith("exports") for row in _rows(browser)), what="the folders")
    driver.tap(next(row for row in _rows(browser) if row.path.endswith("exports")))
    driver.until(lambda: browser.chooser.path == str(source), what="the folder to open")
    driver.tap(say(app, "Here"))
    driver.until(lambda: dialog.folder == source and not browser._is_open, what="the folder's games")
    driver.tap(driver.find(good.name))
    driver.until(lambda: bool(imported), what="the import")
    assert imported == [1] and not dialog._is_open
    word = app.root.word
    assert word.startswith("gluecksritter-"), word
    assert word.endswith("importiert: Die Glücksritter, jetzt Spiel 1 im Protokoll."), word
    driver.stop()
    with Journal.open(data / "journal.sqlite3") as journal:
        assert [(row.id, row.game, row.finished is not None) for row in journal.games()] == [(1, "gluecksritter", True)]


# -------------------------------------------------------------------- a real full or read-only medium


@contextlib.contextmanager
def mounted(root: Path, options: str) -> Iterator[Path]:
    """A tmpfs named STICK under ``root``, mounted with ``options`` (as root only, see above); always
    unmounted after, also when a test failed."""
    root.mkdir()
    medium = Medium(root / "STICK")
    if medium.way is None:
        pytest.skip("no tmpfs can be mounted here: " + "; ".join(medium.why_not))
    if medium.way != "mount":
        pytest.skip(
            f"a tmpfs can be mounted here only by {medium.way} (not root): its mount lives in a namespace "
            "of its own, which the window's process cannot see"
        )
    subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(medium.point)], check=True)
    try:
        yield medium.point
    finally:
        medium.unmount()


def refused_in_the_dialog(data: Path, stick: str, drive: str, said: str) -> None:
    """A finished game, in German, to the medium ``stick``, the only drive: it is listed as
    ``drive``; a tap on it, and the problem (matching ``said``) in red inside the dialog, above its
    buttons and on the screen; the dialog stays open, nothing is written to the medium (not even a
    temporary file), the journal's games are as they were and the bottom line says nothing."""
    from companion.app import theme

    where = Path(stick)
    game_id = play_into(data, FINISHED)
    assert game_id == 1
    app, driver = start(data, "de")
    from companion.app.pieces.files import ExportDialog  # Kivy: after the window's size is set

    driver.until(lambda: app.journal is not None, what="the journal")
    games = [repr(row) for row in app.journal.games()]
    before = sorted(os.listdir(where))
    listed = _drive(where, "STICK")
    assert app.tr(listed.words()) == drive
    dialog = ExportDialog(app.journal, game_id, data, drives=lambda: [listed]).open_now()
    driver.frames(3)
    driver.tap(driver.find("STICK · "))
    driver.until(lambda: bool(dialog.refusal.text), what="the medium's problem to be said")
    assert re.fullmatch(said, dialog.refusal.text), dialog.refusal.text
    assert tuple(dialog.refusal.color) == theme.ALERT
    assert any(widget is dialog.refusal for widget in dialog.walk(restrict=True)), "in the dialog"
    assert dialog._is_open and driver.roots()[0] is dialog, "the dialog stays open"
    back = driver.find(say(app, "Back"))
    left, bottom, right, top = _box(dialog.refusal)
    assert bottom >= _box(back)[3] and top <= 480 and left >= 0 and right <= 800, (_box(dialog.refusal), _box(back))
    assert sorted(os.listdir(where)) == before, "no export, no temporary file"
    assert [repr(row) for row in app.journal.games()] == games
    assert png.size(driver.shot(data / "shots" / "export-refused.png")) == (800, 480)
    driver.tap(back)
    driver.until(lambda: not dialog._is_open, what="the dialog to close")
    assert not app.root.word, "nothing written is said in the bottom line"
    driver.stop()


def test_a_full_stick_is_said_in_the_dialog_and_nothing_is_written(tmp_path):
    """A tmpfs filled up until one page is free."""
    data = tmp_path / "data"
    data.mkdir()
    with mounted(tmp_path / "media", "size=64k") as stick:
        free = shutil.disk_usage(stick).free
        (stick / "filler").write_bytes(b"\0" * (free - PAGE))
        assert shutil.disk_usage(stick).free == PAGE
        said = r"STICK ist voll: Das Spiel braucht .+, frei sind nur 4,0 kB\. Es wurde nichts geschrieben\."
        run(refused_in_the_dialog, data=data, stick=str(stick), drive="STICK · 4,0 kB frei", said=said)
        assert sorted(p.name for p in stick.iterdir()) == ["filler"]


def test_a_read_only_stick_is_said_in_the_dialog_and_stays_empty(tmp_path):
    """A tmpfs mounted read-only."""
    data = tmp_path / "data"
    data.mkdir()
    with mounted(tmp_path / "media", "ro,size=64k") as stick:
        said = re.escape("STICK ist schreibgeschützt: Es wurde nichts geschrieben.")
        run(refused_in_the_dialog, data=data, stick=str(stick), drive="STICK · schreibgeschützt", said=said)
        assert list(stick.iterdir()) == []
