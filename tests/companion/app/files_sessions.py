"""Sessions of files (see sessions.py): a finished game written to a stick, to this device's folder
and to a folder chosen by taps (:class:`companion.app.pieces.files.ExportDialog`), and read back
into the journal of another data folder (:class:`~companion.app.pieces.files.ImportDialog`). A
stick is a folder here, listed as a drive (a real full or read-only tmpfs, mounted by the test, in
:func:`export_to_refusing_media`); the drives themselves are tested in
tests/companion/results/test_drives.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.companion.app.touch import play_into, say, start

FINISHED = "gluecksritter/55-full-game-end-osullivan.scn"


def _drive(folder: Path, label: str) -> Any:
    """``folder`` as the drive ``label``, its free space and read-only flag read as
    :func:`~companion.results.drives.removable_drives` reads them."""
    import os

    from companion.results.drives import Drive

    if not folder.exists():
        return Drive(folder, label, None, False)
    info = os.statvfs(folder)
    return Drive(folder, label, info.f_bavail * info.f_frsize, bool(info.f_flag & os.ST_RDONLY))


def _rows(dialog: Any) -> list[Any]:
    from companion.app.pieces.files import FolderRow

    return [w for w in dialog.chooser.walk(restrict=True) if isinstance(w, FolderRow)]


def export_by_touch(data: Path) -> dict[str, Any]:
    """A finished game: to a stick that was pulled out (said in red, the dialog stays), "Look again"
    without it, to this device's folder; then to a folder chosen in the folder browser, by taps."""
    game_id = play_into(data, FINISHED)
    stick = data / "STICK"
    stick.mkdir()
    plugged = [_drive(stick, "STICK")]
    browse = data / "browse"
    (browse / "evening").mkdir(parents=True)
    (browse / "other").mkdir()
    app, driver = start(data, "en")
    from companion.app.pieces.files import ExportDialog, FolderDialog  # Kivy: after the window's size is set

    driver.until(lambda: app.journal is not None, what="the journal")
    shots = data / "shots"
    seen: dict[str, Any] = {"game_id": game_id}

    dialog = ExportDialog(app.journal, game_id, data, drives=lambda: list(plugged), browse_from=browse).open_now()
    driver.frames(3)
    seen["texts"] = driver.texts()
    driver.shot(shots / "export.png")
    stick.rmdir()  # pulled out after the dialog listed it
    driver.tap(driver.find("STICK · "))
    driver.until(lambda: bool(dialog.refusal.text), what="the pulled stick to be said")
    seen["pulled"] = dialog.refusal.text
    seen["open_after_problem"] = driver.roots()[0] is dialog
    driver.shot(shots / "export-pulled.png")
    plugged.clear()
    driver.tap(say(app, "Look again"))
    seen["no_stick"] = driver.texts()
    driver.shot(shots / "export-no-stick.png")
    driver.tap(say(app, "On this device (folder {folder})", folder="exports"))
    driver.until(lambda: not dialog._is_open, what="the dialog to close")
    seen["word"] = app.root.word
    seen["exports"] = sorted(p.name for p in (data / "exports").iterdir())

    dialog = ExportDialog(app.journal, game_id, data, drives=lambda: [], browse_from=browse).open_now()
    driver.tap(say(app, "Another folder …"))
    browser = driver.roots()[0]
    assert isinstance(browser, FolderDialog), browser
    driver.until(lambda: any(row.path.endswith("evening") for row in _rows(browser)), what="the folders")
    driver.shot(shots / "folders.png")
    seen["folders"] = [row.label.text for row in _rows(browser)]
    (browse / "other").rmdir()  # gone since the list was read
    driver.tap(next(row for row in _rows(browser) if row.path.endswith("other")))
    driver.until(lambda: bool(browser.refusal.text), what="the folder that cannot be opened to be said")
    seen["other_gone"] = browser.refusal.text
    row = next(row for row in _rows(browser) if row.path.endswith("evening"))
    driver.tap(row)
    driver.until(lambda: browser.chooser.path == str(browse / "evening"), what="the folder to open")
    seen["inside"] = browser.where.text
    driver.shot(shots / "folders-inside.png")
    driver.tap(say(app, "Here"))
    driver.until(lambda: not dialog._is_open and not browser._is_open, what="both dialogs to close")
    seen["browsed_word"] = app.root.word
    seen["evening"] = sorted(p.name for p in (browse / "evening").iterdir())
    driver.stop()
    return seen


def import_by_touch(data: Path, folder: str) -> dict[str, Any]:
    """The games in ``folder``, listed as a stick, in a fresh data folder: a damaged file is said in
    red and the journal stays empty; the game is imported by a tap."""
    source = Path(folder)
    good = next(p for p in source.iterdir() if p.name.endswith(".json") and not p.name.endswith(".bgstats.json"))
    broken = source / "broken.json"
    broken.write_text(good.read_text(encoding="utf-8")[:3000], encoding="utf-8")
    app, driver = start(data, "de")
    from companion.app.pieces.files import ImportDialog
    from companion.journal.store import Journal

    driver.until(lambda: app.journal is not None, what="the journal")
    imported: list[int] = []
    shots = data / "shots"
    dialog = ImportDialog(
        app.journal, data, imported.append, drives=lambda: [_drive(source, "STICK")], browse_from=source.parent
    ).open_now()
    driver.frames(3)
    seen: dict[str, Any] = {"places": driver.texts()}
    driver.shot(shots / "import.png")
    driver.tap(driver.find("STICK · "))
    driver.until(lambda: dialog.folder == source, what="the stick's games")
    seen["files"] = [w.text for w in dialog.walk(restrict=True) if hasattr(w, "path") and w.text]
    driver.shot(shots / "import-files.png")
    driver.tap(driver.find("broken.json"))
    driver.until(lambda: bool(dialog.refusal.text), what="the damaged file to be said")
    seen["broken"] = dialog.refusal.text
    seen["games_after_broken"] = len(app.journal.games())
    driver.shot(shots / "import-broken.png")
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
    seen["imported"] = imported
    seen["word"] = app.root.word
    seen["closed"] = not dialog._is_open
    driver.stop()
    with Journal.open(data / "journal.sqlite3") as journal:
        seen["games"] = [(row.id, row.game, row.finished is not None) for row in journal.games()]
    return seen


def _box(widget: Any) -> list[float]:
    """Where a widget is drawn in the window: left, bottom, right, top."""
    left, bottom = widget.to_window(widget.x, widget.y)
    return [left, bottom, left + widget.width, bottom + widget.height]


def export_to_refusing_media(data: Path, full: str, read_only: str) -> dict[str, Any]:
    """A finished game, in German, to a medium that is full (``full``: a tmpfs mounted and filled
    up by the test) and to one mounted read-only (``read_only``), each the only drive: a tap on
    the drive, the problem said in red inside the dialog, which stays open; what is on the medium
    after, and the journal's games before and after."""
    import os

    game_id = play_into(data, FINISHED)
    app, driver = start(data, "de")
    from companion.app.pieces.files import ExportDialog  # Kivy: after the window's size is set

    driver.until(lambda: app.journal is not None, what="the journal")
    shots = data / "shots"
    seen: dict[str, Any] = {"game_id": game_id}
    for key, where in (("full", Path(full)), ("read_only", Path(read_only))):
        games = [repr(row) for row in app.journal.games()]
        before = sorted(os.listdir(where))
        drive = _drive(where, "STICK")
        dialog = ExportDialog(app.journal, game_id, data, drives=lambda drive=drive: [drive]).open_now()
        driver.frames(3)
        places = driver.texts()
        driver.tap(driver.find("STICK · "))
        driver.until(lambda dialog=dialog: bool(dialog.refusal.text), what=f"the {key} medium to be said")
        back = driver.find(say(app, "Back"))
        seen[key] = {
            "drive": app.tr(drive.words()),
            "places": places,
            "said": dialog.refusal.text,
            "colour": list(dialog.refusal.color),
            "in_dialog": any(widget is dialog.refusal for widget in dialog.walk(restrict=True)),
            "open": dialog._is_open and driver.roots()[0] is dialog,
            "before": before,
            "after": sorted(os.listdir(where)),
            "games_unchanged": games == [repr(row) for row in app.journal.games()],
            "refusal_box": _box(dialog.refusal),
            "back_box": _box(back),
        }
        driver.shot(shots / f"export-{key.replace('_', '-')}.png")
        driver.tap(back)
        driver.until(lambda dialog=dialog: not dialog._is_open, what="the dialog to close")
    seen["word"] = app.root.word
    driver.stop()
    return seen


SESSIONS: dict[str, Any] = {
    "export-by-touch": export_by_touch,
    "import-by-touch": import_by_touch,
    "export-to-refusing-media": export_to_refusing_media,
}
