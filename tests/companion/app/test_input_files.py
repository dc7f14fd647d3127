"""The app as the kiosk starts it (``companion --data-dir DATA``, in a process of its own, headless)
with a settings file it cannot read: it opens its window anyway, with the defaults for what could
not be read, and its start screen lists the problem in the table's language (German, unless the
app's settings say English). The screenshots stay beside the test's files (``start.png``).

The app runs in a window of its own from the real command line; a thread waits for the running
app, then looks at its window from the UI loop until a text on it holds what the test waits for,
saves the window and stops the app."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tests.companion.app.png import colours
from tests.support.waiting import PROCESS
from tests.support.window import run_and_read


def started(tmp_path: Path, wanted: str, hardware: Path | None = None) -> dict[str, Any]:
    """What the window showed once a text held ``wanted`` (``texts``, ``rotation``)."""
    data, shot = tmp_path / "data", tmp_path / "start.png"
    seen, said = run_and_read(
        as_the_kiosk_starts_it, data=data, shot=shot, wanted=wanted, hardware=hardware or tmp_path / "no-hardware.toml"
    )
    assert "Traceback" not in said, said[-4000:]
    assert colours(shot, enough=8) >= 8, "the screenshot is one flat colour"
    return seen


def as_the_kiosk_starts_it(data: Path, shot: Path, wanted: str, hardware: Path) -> dict[str, Any]:
    from companion.cli import main as companion

    os.environ["SDL_VIDEODRIVER"] = "offscreen"
    os.environ["COMPANION_HARDWARE_CONFIG"] = str(hardware)
    seen: dict[str, Any] = {"wanted": False, "texts": []}
    threading.Thread(target=watch, args=(shot, wanted, seen), daemon=True).start()
    assert companion(["--data-dir", str(data)]) == 0
    assert seen["wanted"], seen["texts"]
    return seen


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


def deep_hardware(tmp_path: Path) -> Path:
    path = tmp_path / "hardware.toml"
    path.write_text("[display]\nrotation = " + "[" * 3000)
    return path


def test_a_deeply_nested_hardware_file_opens_the_window_and_is_said_in_german(tmp_path: Path) -> None:
    path = deep_hardware(tmp_path)
    seen = started(tmp_path, "ist zu tief verschachtelt", path)
    said = [text for text in seen["texts"] if "ist zu tief verschachtelt" in text]
    assert f"Hardware-Einstellungen {path}: ist zu tief verschachtelt, um sie zu lesen" in said[0]
    assert seen["rotation"] == "0"  # the display's default
    assert any("Neues Spiel" in text for text in seen["texts"]), "the start screen, in German"


def test_in_english_when_the_app_settings_say_so(tmp_path: Path) -> None:
    path = deep_hardware(tmp_path)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "app-settings.json").write_text('{"language": "en"}')
    seen = started(tmp_path, "is nested too deeply", path)
    assert any(f"Hardware settings {path}: is nested too deeply to be read" in text for text in seen["texts"])


def test_a_garbage_app_settings_file_opens_the_window_with_the_defaults_and_is_kept(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    garbage = b"\x00\xff{" + b"[" * 5000 + b"\x89PNG"
    (data / "app-settings.json").write_bytes(garbage)
    seen = started(tmp_path, "ließen sich nicht lesen")
    said = next(text for text in seen["texts"] if "ließen sich nicht lesen" in text)
    assert "Die Datei ist kein UTF-8-Text (Byte 1)." in said and "app-settings.json.damaged" in said
    assert (data / "app-settings.json.damaged").read_bytes() == garbage
