"""The display's settings in a real window (headless): on Touch Display 2's 720×1280 portrait
panel turned to landscape the window reports the landscape size, and a finger on the glass where a
button is shown presses that button; exactly one touch input is configured."""

from __future__ import annotations

import pytest

from tests.companion.app.ui import run_session


@pytest.mark.parametrize(
    ("rotation", "touch", "inputs"),
    [
        (90, "hidinput", [["touch", "probesysfs,provider=hidinput"]]),
        (270, "mouse", [["mouse", "mouse"]]),
    ],
)
def test_a_portrait_panel_turned_to_landscape_turns_the_app_and_its_touches(tmp_path, rotation, touch, inputs):
    seen = run_session("rotated", tmp_path, str(rotation), touch)
    assert seen["system_size"] == [720, 1280]  # the panel as it is
    assert seen["size"] == [1280, 720]  # the app, turned
    assert seen["inputs"] == inputs
    assert seen["screen"] == "settings", f"the finger at {seen['glass']} on the glass missed Settings"


def test_unturned_with_kivys_own_inputs(tmp_path):
    seen = run_session("rotated", tmp_path, "0", "auto")
    assert seen["size"] == seen["system_size"] == [720, 1280]
    assert dict(seen["inputs"])["mouse"] == "mouse,disable_on_activity"  # ignored while a touchscreen is touched
    assert seen["screen"] == "settings"
