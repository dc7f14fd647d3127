"""The app started as the kiosk starts it (``companion --data-dir DATA``, the real command line in
this process), headless: ``python -m tests.companion.app.inputs_sessions DATA SHOT WANTED``. A
thread waits for the running app, then looks at its window from the UI loop until a text on it
holds WANTED, saves the window as SHOT and stops the app. Prints one JSON line: the command's exit
code, the window's texts, the display settings Kivy was given and whether WANTED was seen."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tests.support.waiting import PROCESS


def watch(shot: Path, wanted: str, seen: dict[str, Any]) -> None:
    deadline = time.monotonic() + PROCESS
    while time.monotonic() < deadline:
        app_class = getattr(sys.modules.get("kivy.app"), "App", None)  # the module may be half imported
        app = app_class.get_running_app() if app_class is not None else None
        if app is not None and getattr(app, "root", None) is not None:
            break
        time.sleep(0.05)
    else:
        return
    from kivy.clock import Clock
    from kivy.config import Config
    from kivy.core.window import Window

    from companion.app.driver import Driver

    looks = {"after": 0}

    def look(_: float) -> bool:
        texts = Driver(app).texts()
        seen["texts"] = texts
        if time.monotonic() > deadline:
            app.stop()
            return False
        if not any(wanted in text for text in texts):
            return True
        looks["after"] += 1
        if looks["after"] < 3:  # the text is drawn, a few frames on
            return True
        seen["wanted"] = True
        seen["rotation"] = Config.get("graphics", "rotation")
        written = Window.screenshot(name=str(shot.with_name(shot.stem + "-shot.png")))
        os.replace(written, shot)
        app.stop()
        return False

    Clock.schedule_interval(look, 0.2)


def main(data: str, shot: str, wanted: str) -> None:
    from companion.cli import main as companion

    os.environ["SDL_VIDEODRIVER"] = "offscreen"
    seen: dict[str, Any] = {"wanted": False, "texts": []}
    threading.Thread(target=watch, args=(Path(shot), wanted, seen), daemon=True).start()
    code = companion(["--data-dir", data])
    print(json.dumps({"code": code, **seen}))


if __name__ == "__main__":
    main(*sys.argv[1:4])
