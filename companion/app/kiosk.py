"""The kiosk keeps its window: started as the Pi's kiosk (``companion app --kiosk``, as
deploy/companion-launch starts it for companion.service), no key ends the app.

Kivy ends an app on Escape (its ``exit_on_escape``; Cmd+Q or Cmd+W on a Mac) with exit status 0.
A keyboard left plugged into the kiosk, or a button panel wired as a USB keyboard, must not. A
quit request that does not come from a key still ends the app: SDL turns SIGTERM (``systemctl
stop``) into one. Inside a desktop session nothing here applies: Escape is the way out of the
full-screen window there. (F1, Kivy's own settings panel, opens in no session:
``CompanionApp.open_settings``.)"""

from __future__ import annotations

from typing import Any


def keep_open(app: Any) -> None:
    """Before ``app.run()``: no key closes the window."""
    from kivy.config import Config
    from kivy.core.window import Window

    Config.set("kivy", "exit_on_escape", "0")  # read again by the window at once (a Config callback)
    Window.bind(on_request_close=refuse_keys)


def refuse_keys(_window: Any, *_: Any, source: str | None = None, **__: Any) -> bool:
    """True (the window stays) for a close asked by a key; a signal's or the system's goes on."""
    return source == "keyboard"
