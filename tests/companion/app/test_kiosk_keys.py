"""No key ends the kiosk (``companion app --kiosk``, as companion.service starts it): the whole
program under an X server of its own gets Escape from the X server's keyboard and keeps drawing,
while the same Escape ends the desktop's app with status 0 (its way out of full screen); SIGTERM,
systemd's stop, still ends the kiosk. In Kivy's own terms (keys handed on as SDL hands them to
Kivy's window: ``on_key_down``, then ``on_keyboard`` unless it was taken): F1 opens no settings
panel in any session, and on the kiosk Escape stops nothing."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.companion.app.ui import ROOT, ui_env
from tests.deploy.conftest import tool
from tests.support.waiting import PROCESS, WAIT
from tests.support.window import in_window


@pytest.fixture
def display() -> Iterator[str]:
    """An X server of its own (Xvfb) on a display number it chose itself."""
    read, write = os.pipe()
    server = subprocess.Popen(
        [tool("Xvfb"), "-displayfd", str(write), "-screen", "0", "800x480x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as told:
            number = told.readline().strip()  # written once the server takes connections
        assert number.isdigit(), "Xvfb named no display"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=WAIT)


class Running:
    """``companion app`` in a process of its own on ``display``, with a datagram socket standing in
    for systemd's: READY=1 says the first frame is drawn, each WATCHDOG=1 that the UI loop turned."""

    def __init__(self, display: str, data: Path, folder: Path, *args: str) -> None:
        self.display = display
        self.systemd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.systemd.bind(str(folder / "notify"))
        environ = {
            **ui_env(),
            "DISPLAY": display,
            "SDL_VIDEODRIVER": "x11",
            "NOTIFY_SOCKET": str(folder / "notify"),
            "WATCHDOG_USEC": "200000",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "app", "--data-dir", str(data), *args],
            env=environ,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )

    def forget(self) -> None:
        """What arrived so far: what comes after was sent later."""
        self.systemd.setblocking(False)
        try:
            while self.systemd.recv(4096):
                pass
        except BlockingIOError:
            pass

    def heard(self, message: str, *, limit: float = WAIT) -> None:
        self.systemd.settimeout(limit)
        while self.systemd.recv(4096).decode() != message:
            pass

    def key(self, name: str) -> None:
        """``name`` typed on the X server's keyboard, into the app's window (focused first)."""
        xdotool = tool("xdotool")
        environ = {**os.environ, "DISPLAY": self.display}
        found = subprocess.run(
            [xdotool, "search", "--sync", "--pid", str(self.process.pid)],
            capture_output=True,
            text=True,
            env=environ,
            timeout=WAIT,
        )
        window = found.stdout.split()[0]
        for command in (["windowfocus", "--sync", window], ["key", name]):
            subprocess.run([xdotool, *command], check=True, env=environ, timeout=WAIT)

    def ended(self) -> tuple[int, str]:
        try:
            _, said = self.process.communicate(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, said = self.process.communicate()
            raise AssertionError(f"the app had not ended after {WAIT:g} s:\n{said[-3000:]}") from None
        return self.process.returncode, said

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()
        self.systemd.close()


@pytest.fixture
def start(display: str, tmp_path: Path) -> Iterator:
    started: list[Running] = []
    with tempfile.TemporaryDirectory(prefix="kiosk-") as folder:  # a socket's path is short

        def run(*args: str) -> Running:
            app = Running(display, tmp_path / "data", Path(folder), *args)
            started.append(app)
            app.heard("READY=1", limit=PROCESS)  # the first start may compile catalogues
            return app

        try:
            yield run
        finally:
            for app in started:
                app.close()


def test_escape_does_not_end_the_kiosk_and_sigterm_does(start):
    app = start("--kiosk", "--fullscreen")
    app.key("Escape")
    app.forget()
    for _ in range(5):  # the loop turned again and again after the key was in its queue
        app.heard("WATCHDOG=1")
    assert app.process.poll() is None, app.ended()
    app.process.send_signal(signal.SIGTERM)
    status, said = app.ended()
    assert status in (0, -signal.SIGTERM), said[-3000:]


def test_escape_ends_the_app_on_a_desktop(start):
    app = start("--fullscreen")
    app.key("Escape")
    status, said = app.ended()
    assert status == 0, said[-3000:]


ESCAPE, F1 = 27, 282


@pytest.mark.parametrize("way", ["kiosk", "desktop"])
@in_window
def test_f1_and_escape_as_kivy_hands_them_on(way, tmp_path):
    from companion.app import env

    env.prepare(tmp_path / "kivy", headless=True)
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.uix.settings import Settings

    from companion.app import kiosk
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp

    app = CompanionApp(tmp_path, hardware=lambda: {})
    if way == "kiosk":
        kiosk.keep_open(app)
    driver = Driver(app).start()

    def press(key: int) -> None:
        if not Window.dispatch("on_key_down", key, 0, None, []):
            Window.dispatch("on_keyboard", key, 0, None, [])
        driver.frames(3)

    before = EventLoop.status
    press(F1)
    assert not any(isinstance(w, Settings) for w in Window.children)  # Kivy's English-only panel opens in no session
    press(ESCAPE)
    assert app.root is not None and app.root.manager.current == "start"
    if way == "kiosk":
        assert EventLoop.status == before != "closed"
    else:  # what the kiosk turns off is there without it
        assert EventLoop.status == "closed"
    if EventLoop.status != "stopped":
        driver.stop()
