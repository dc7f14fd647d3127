"""The kiosk keeps its window: started as the Pi's kiosk (``companion app --kiosk``, as
deploy/companion-launch starts it for companion.service), no key ends the app or opens Kivy's own
settings panel.

Kivy ends an app on Escape (its ``exit_on_escape``; Cmd+Q or Cmd+W on a Mac) with exit status 0,
and F1 opens Kivy's settings panel, whose texts are not the app's, in English only, and which can
switch ``exit_on_escape`` back on. A keyboard left plugged into the kiosk, or a button panel wired
as a USB keyboard, must do neither. A quit request that does not come from a key still ends the
app: SDL turns SIGTERM (``systemctl stop``) into one. Inside a desktop session nothing here
applies: Escape is the way out of the full-screen window there."""

from __future__ import annotations

from typing import Any

SETTINGS_KEY = 282  # F1 in Kivy's key codes, which opens Kivy's settings panel


def keep_open(app: Any) -> None:
    """Before ``app.run()``: no key closes the window or opens Kivy's settings panel."""
    from kivy.config import Config
    from kivy.core.window import Window

    Config.set("kivy", "exit_on_escape", "0")  # read again by the window at once (a Config callback)
    Window.bind(on_request_close=refuse_keys)
    # Kivy binds F1 to its panel while the app starts, after this; a handler bound later is asked first
    app.bind(on_start=lambda *_: Window.bind(on_keyboard=swallow_settings_key))


def refuse_keys(_window: Any, *_: Any, source: str | None = None, **__: Any) -> bool:
    """True (the window stays) for a close asked by a key; a signal's or the system's goes on."""
    return source == "keyboard"


def swallow_settings_key(_window: Any, key: int, *_: Any) -> bool:
    return key == SETTINGS_KEY
