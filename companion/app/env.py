"""Kivy's environment, set before the first Kivy import: no command-line parsing by Kivy, no log
files in the home directory, Kivy's logs through Python's logging, the window size, and Kivy's own
settings directory inside the app's data directory (so a Pi owner's home stays clean), and the C
allocator's limits for a process that runs all evening."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from companion.app import allocator


def prepare(kivy_home: Path, *, size: tuple[int, int] | None = None, headless: bool = False) -> None:
    if "kivy" in sys.modules:
        return  # too late to change anything; the first caller decided
    allocator.settle()  # before the window, its renderer and the first screens allocate
    kivy_home.mkdir(parents=True, exist_ok=True, mode=0o700)
    defaults = {
        "KIVY_NO_ARGS": "1",
        "KIVY_NO_FILELOG": "1",
        "KIVY_NO_CONSOLELOG": "1",
        "KIVY_LOG_MODE": "PYTHON",
        "KIVY_HOME": str(kivy_home),
        "KIVY_WINDOW": "sdl2",
    }
    for key, value in defaults.items():
        os.environ.setdefault(key, value)
    if size is not None:
        os.environ["KCFG_GRAPHICS_WIDTH"], os.environ["KCFG_GRAPHICS_HEIGHT"] = (str(n) for n in size)
    else:
        os.environ.setdefault("KCFG_GRAPHICS_WIDTH", "800")
        os.environ.setdefault("KCFG_GRAPHICS_HEIGHT", "480")
    if headless:
        os.environ.pop("DISPLAY", None)
        os.environ.pop("WAYLAND_DISPLAY", None)
        os.environ["SDL_VIDEODRIVER"] = "offscreen"
        os.environ["KCFG_GRAPHICS_MAXFPS"] = "0"
    logging.getLogger("kivy").addFilter(_no_cutbuffer_alarm)
    # On a touch display, touches arrive through hidinput and as SDL mouse events: ignore the
    # mouse while a touch is active, or every tap counts twice (docs/app.md).
    os.environ.setdefault("KCFG_INPUT_MOUSE", "mouse,disable_on_activity")
    # Kivy's own keyboard stays the real one ("system"): the app docks its own on-screen keyboard
    # in the screens where names are typed (companion/app/pieces/keyboard.py). Kivy's "dock" mode
    # would lay its keyboard over the window's foot, covering a field low on the form, and its
    # shift holds only while a finger stays on it; a real keyboard types into the field all the same.
    os.environ.setdefault("KCFG_KIVY_KEYBOARD_MODE", "system")


def _no_cutbuffer_alarm(record: logging.LogRecord) -> bool:
    """Kivy's text fields look for xclip or xsel (X11's selection buffer), which neither a Pi's
    kiosk nor a test machine has, and log that as critical with a traceback; the app never needs
    them (copy and paste work through SDL), so that one record is dropped."""
    return not str(record.msg).startswith("Cutbuffer:")
