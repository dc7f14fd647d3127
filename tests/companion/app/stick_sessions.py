"""The stick session (run by test_stick.py in a process of its own, headless):

    python -m tests.companion.app.stick_sessions stick-by-touch DATA_DIR STICK_FOLDER

A stick is mounted at ``STICK_FOLDER`` (``/media/companion/STICK``, where udev's helper mounts one
on the kiosk) before the session starts, and the test plays the root helper's path unit. In German,
as the table starts: the export dialog, with nothing passed in, finds the stick with its free space
and "Sicher entfernen"; a tap writes the finished game onto it. The import dialog shows it too;
"Sicher entfernen" while a file on the stick is open leaves it in, said in red; once closed, a
second tap removes it, and the dialog says it can be pulled out, with the clear "no stick"
message under it. Prints one JSON line with what the test checks."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from tests.companion.app.touch import play_into, say, start

FINISHED = "gluecksritter/55-full-game-end-osullivan.scn"


def _digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def stick_by_touch(data: Path, stick: str) -> dict[str, Any]:
    folder = Path(stick)
    game_id = play_into(data, FINISHED)
    app, driver = start(data, "de")
    from companion.app.pieces.files import ExportDialog, ImportDialog  # Kivy: after the window's size is set

    driver.until(lambda: app.journal is not None, what="the journal")
    shots = data / "shots"
    seen: dict[str, Any] = {"game_id": game_id}

    dialog = ExportDialog(app.journal, game_id, data).open_now()
    driver.frames(3)
    seen["export_places"] = driver.texts()
    driver.shot(shots / "stick.png")
    driver.tap(driver.find("STICK · "))
    driver.until(lambda: not dialog._is_open, what="the export to close its dialog")
    seen["word"] = app.root.word
    seen["written"] = _digests(folder)

    imported: list[int] = []
    dialog = ImportDialog(app.journal, data, imported.append).open_now()
    driver.frames(3)
    seen["import_places"] = driver.texts()
    held = next(folder.glob("*.json")).open("rb")  # a file on the stick still open: it is in use
    driver.tap(say(app, "Remove safely"))
    seen["while_removing"] = driver.texts()
    driver.until(lambda: bool(dialog.refusal.text), what="the stick in use to be said")
    seen["in_use"] = dialog.refusal.text
    seen["in_use_places"] = driver.texts()
    driver.shot(shots / "stick-in-use.png")
    held.close()
    driver.tap(say(app, "Remove safely"))
    driver.until(lambda: dialog.removal is None, what="the stick's removal")
    seen["removed_places"] = driver.texts()
    seen["refusal_after"] = dialog.refusal.text
    seen["open_after"] = dialog._is_open
    driver.shot(shots / "stick-removed.png")
    driver.tap(say(app, "Look again"))
    seen["looked_again"] = driver.texts()
    driver.stop()
    return seen


SESSIONS: dict[str, Any] = {"stick-by-touch": stick_by_touch}

if __name__ == "__main__":
    name, data, *rest = sys.argv[1:]
    print(json.dumps(SESSIONS[name](Path(data), *rest), ensure_ascii=False), flush=True)
