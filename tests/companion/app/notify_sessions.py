"""The app under a stand-in for systemd (run as :mod:`tests.companion.app.sessions` runs them): a
datagram socket bound in the session's own folder, named by ``$NOTIFY_SOCKET``, read between
frames, so that what arrives can be told apart from what was drawn."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path
from typing import Any


def notify_frames(data: Path) -> dict[str, Any]:
    """Nothing before the first frame, ``READY=1`` once it is drawn, then ``WATCHDOG=1`` again
    and again while the UI loop turns (every 0.1 s: ``WATCHDOG_USEC`` of 0.2 s)."""
    from companion.app import env

    env.prepare(data / "kivy", headless=True)
    path = data / "notify.sock"
    systemd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    systemd.bind(str(path))
    systemd.setblocking(False)
    os.environ["NOTIFY_SOCKET"] = str(path)
    os.environ["WATCHDOG_USEC"] = "200000"
    os.environ["WATCHDOG_PID"] = str(os.getpid())

    from kivy.core.window import Window

    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp
    from tests.support.waiting import WAIT

    def received() -> list[str]:
        messages = []
        while True:
            try:
                messages.append(systemd.recv(4096).decode())
            except BlockingIOError:
                return messages

    app = CompanionApp(data, hardware=lambda: {})
    driver = Driver(app)
    app._run_prepare()
    before = received()
    flips = []
    Window.bind(on_flip=lambda *_: flips.append(time.monotonic()))
    driver.frames(1)
    first = received()
    later: list[str] = []
    deadline = time.monotonic() + WAIT
    while later.count("WATCHDOG=1") < 3 and time.monotonic() < deadline:
        driver.frames(1)
        time.sleep(0.01)
        later += received()
    driver.stop()
    return {"before_first_frame": before, "flips": len(flips), "after_first_frame": first, "later": later}


SESSIONS = {"notify-frames": notify_frames}
