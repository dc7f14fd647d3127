"""The app on a portrait panel used in landscape (run as :mod:`tests.companion.app.sessions` runs
them): Touch Display 2 is 720×1280; the window is that size, the app turns itself and its touches
by the display's ``rotation``, and a finger on the glass is given as the touchscreen gives it, in
the panel's own unturned coordinates (0..1 across its width and up its height)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

PANEL = (720, 1280)


def on_the_glass(x: float, y: float, rotation: int) -> tuple[float, float]:
    """Where the finger is on the unturned panel (0..1, 0..1) when it touches the window's point
    (x, y) of the turned window (Kivy's turning, ``MotionEvent.to_absolute_pos``, undone)."""
    x_max, y_max = PANEL[0] - 1, PANEL[1] - 1
    return {
        0: (x / x_max, y / y_max),
        90: (1 - y / x_max, x / y_max),
        180: (1 - x / x_max, 1 - y / y_max),
        270: (y / x_max, 1 - x / y_max),
    }[rotation]


def rotated(data: Path, rotation: str, touch: str) -> dict[str, Any]:
    """The start screen on the panel turned by ``rotation``, with ``touch`` as the one touch input;
    a finger on the glass where "Settings" is shown opens the settings."""
    from companion.app import env

    env.prepare(data / "kivy", size=PANEL, headless=True)
    from companion.app import display
    from hardware.display import DisplayConfig

    display.apply(DisplayConfig(rotation=int(rotation), touch=touch))
    from kivy.base import EventLoop
    from kivy.config import Config
    from kivy.core.window import Window
    from kivy.tests.common import UTMotionEvent

    from tests.companion.app.touch import say, start

    app, driver = start(data, "en")
    seen: dict[str, Any] = {
        "inputs": Config.items("input"),
        "size": list(Window.size),
        "system_size": list(Window.system_size),
    }
    button = driver.find(say(app, "Settings"))
    x, y = button.to_window(*button.center)
    sx, sy = on_the_glass(x, y, int(rotation))
    finger = UTMotionEvent("panel", 1, {"x": sx, "y": sy})
    EventLoop.post_dispatch_input("begin", finger)
    EventLoop.post_dispatch_input("end", finger)
    driver.frames(3)
    seen["glass"] = [sx, sy]
    seen["screen"] = app.root.manager.current
    driver.stop()
    return seen


SESSIONS = {"rotated": rotated}
