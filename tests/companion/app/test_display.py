"""The display's settings in a real window (headless): on Touch Display 2's 720×1280 portrait
panel turned to landscape the window reports the landscape size, and a finger on the glass where a
button is shown presses that button; exactly one touch input is configured.

The finger is given as the touchscreen gives it, in the panel's own unturned coordinates (0..1
across its width and up its height); the app turns itself and its touches by the display's
``rotation``."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.window import in_window

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


def turned(data: Any, rotation: int, touch: str) -> tuple[Any, Any]:
    """The app on the panel turned by ``rotation``, with ``touch`` as the one touch input."""
    from companion.app import env

    env.prepare(data / "kivy", size=PANEL, headless=True)
    from companion.app import display
    from hardware.display import DisplayConfig

    display.apply(DisplayConfig(rotation=rotation, touch=touch))
    from tests.companion.app.touch import start

    return start(data, "en")


def finger_on(app: Any, driver: Any, text: str, rotation: int) -> tuple[float, float]:
    """A finger on the glass where the button saying ``text`` is shown; where it touched."""
    from kivy.base import EventLoop
    from kivy.tests.common import UTMotionEvent

    from tests.companion.app.touch import say

    button = driver.find(say(app, text))
    x, y = button.to_window(*button.center)
    sx, sy = on_the_glass(x, y, rotation)
    finger = UTMotionEvent("panel", 1, {"x": sx, "y": sy})
    EventLoop.post_dispatch_input("begin", finger)
    EventLoop.post_dispatch_input("end", finger)
    driver.frames(3)
    return sx, sy


@pytest.mark.parametrize(
    ("rotation", "touch", "inputs"),
    [
        (90, "hidinput", [["touch", "probesysfs,provider=hidinput"]]),
        (270, "mouse", [["mouse", "mouse"]]),
    ],
)
@in_window
def test_a_portrait_panel_turned_to_landscape_turns_the_app_and_its_touches(tmp_path, rotation, touch, inputs):
    app, driver = turned(tmp_path, rotation, touch)
    from kivy.config import Config
    from kivy.core.window import Window

    assert [list(item) for item in Config.items("input")] == inputs
    assert list(Window.system_size) == [720, 1280]  # the panel as it is
    assert list(Window.size) == [1280, 720]  # the app, turned
    glass = finger_on(app, driver, "Settings", rotation)
    assert app.root.manager.current == "settings", f"the finger at {glass} on the glass missed Settings"
    driver.stop()


@in_window
def test_unturned_with_kivys_own_inputs(tmp_path):
    app, driver = turned(tmp_path, 0, "auto")
    from kivy.config import Config
    from kivy.core.window import Window

    assert list(Window.size) == list(Window.system_size) == [720, 1280]
    assert dict(Config.items("input"))["mouse"] == "mouse,disable_on_activity"  # ignored while a touchscreen is touched
    finger_on(app, driver, "Settings", 0)
    assert app.root.manager.current == "settings"
    driver.stop()
