"""The app as the kiosk starts it (``companion --data-dir DATA``, in a process of its own, headless)
with a settings file it cannot read: it opens its window anyway, with the defaults for what could
not be read, and its start screen lists the problem in the table's language (German, unless the
app's settings say English). The screenshots stay beside the test's files (``start.png``)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from tests.companion.app.png import colours
from tests.companion.app.ui import run_process


def started(tmp_path: Path, wanted: str, hardware: Path | None = None) -> dict:
    data, shot = tmp_path / "data", tmp_path / "start.png"
    args = [sys.executable, "-m", "tests.companion.app.inputs_sessions", str(data), str(shot), wanted]
    before = os.environ.get("COMPANION_HARDWARE_CONFIG")
    os.environ["COMPANION_HARDWARE_CONFIG"] = str(hardware or tmp_path / "no-hardware.toml")
    try:
        done = run_process(args, "companion --data-dir")
    finally:
        if before is None:
            del os.environ["COMPANION_HARDWARE_CONFIG"]
        else:
            os.environ["COMPANION_HARDWARE_CONFIG"] = before
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-4000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["code"] == 0 and seen["wanted"], seen["texts"]
    assert colours(shot, enough=8) >= 8, "the screenshot is one flat colour"
    return seen


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
