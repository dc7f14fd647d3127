"""Keys the way SDL hands them to Kivy's window (``on_key_down``, then ``on_keyboard`` unless it was
taken), in an app started as the kiosk or as on a desktop. Run as
``python -m tests.companion.app.kiosk_sessions kiosk|desktop DATA_DIR``; prints one JSON line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ESCAPE, F1 = 27, 282


def keys(data: Path, way: str) -> dict[str, Any]:
    from companion.app import env

    env.prepare(data / "kivy", headless=True)
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.uix.settings import Settings

    from companion.app import kiosk
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp

    app = CompanionApp(data, hardware=lambda: {})
    if way == "kiosk":
        kiosk.keep_open(app)
    driver = Driver(app).start()

    def press(key: int) -> None:
        if not Window.dispatch("on_key_down", key, 0, None, []):
            Window.dispatch("on_keyboard", key, 0, None, [])
        driver.frames(3)

    seen: dict[str, Any] = {"before": EventLoop.status}
    press(F1)
    seen["panel_after_f1"] = any(isinstance(w, Settings) for w in Window.children)
    if seen["panel_after_f1"]:
        app.close_settings()
        driver.frames(2)
    press(ESCAPE)
    seen["after_escape"] = EventLoop.status
    seen["screen"] = app.root.manager.current if app.root is not None else None
    if EventLoop.status != "stopped":
        driver.stop()
    return seen


if __name__ == "__main__":
    way, folder = sys.argv[1:]
    print(json.dumps(keys(Path(folder), way)), flush=True)
