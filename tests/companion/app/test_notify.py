"""systemd's notifications (``companion/app/notify.py``) against a real ``AF_UNIX`` datagram socket
standing in for systemd's, bound in a temporary folder or in the abstract namespace: ``READY=1``
once the first frame is drawn, ``WATCHDOG=1`` again and again from the UI loop, nothing without
``$NOTIFY_SOCKET``, and a socket that is gone is logged, never raised."""

from __future__ import annotations

import logging
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest

from companion.app.notify import Notifier, watchdog_interval
from tests.support.waiting import PROCESS, WAIT
from tests.support.window import ROOT, in_window
from tests.support.window import env as window_env


@pytest.fixture
def short_dir():
    """A folder with a short path: a socket's path has at most 107 bytes, wherever the tests run."""
    with tempfile.TemporaryDirectory(prefix="notify-") as folder:
        yield Path(folder)


def systemd_socket(kind: str, folder: Path) -> tuple[socket.socket, str]:
    """A datagram socket as systemd binds it, and the ``$NOTIFY_SOCKET`` that names it."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    if kind == "path":
        name = str(folder / "notify")
        listener.bind(name)
    else:
        name = f"@companion-test-{uuid.uuid4().hex}"
        listener.bind("\0" + name[1:])
    listener.settimeout(WAIT)
    return listener, name


@pytest.mark.parametrize("kind", ["path", "abstract"])
def test_a_message_arrives_as_one_datagram(kind, short_dir):
    listener, name = systemd_socket(kind, short_dir)
    with listener:
        notifier = Notifier({"NOTIFY_SOCKET": name})
        assert notifier.send("READY=1")
        assert notifier.send("WATCHDOG=1")
        assert [listener.recv(4096), listener.recv(4096)] == [b"READY=1", b"WATCHDOG=1"]


def test_without_notify_socket_nothing_is_sent_and_nothing_scheduled():
    scheduled = []
    notifier = Notifier({"WATCHDOG_USEC": "1000000"})
    assert not notifier.send("READY=1")
    notifier.drawn(lambda callback, seconds: scheduled.append(seconds))
    assert scheduled == []


def test_a_socket_that_is_gone_is_logged_once_and_never_raised(short_dir, caplog):
    notifier = Notifier({"NOTIFY_SOCKET": str(short_dir / "gone")})
    with caplog.at_level(logging.INFO, logger="companion.app.notify"):
        assert not notifier.send("READY=1")
        assert not notifier.send("WATCHDOG=1")
    assert [record.levelname for record in caplog.records] == ["WARNING"]
    assert "systemd was not told READY=1" in caplog.text
    listener, _ = systemd_socket("path", short_dir)
    with listener:
        (short_dir / "notify").rename(short_dir / "gone")
        with caplog.at_level(logging.INFO, logger="companion.app.notify"):
            assert notifier.send("WATCHDOG=1")
        assert listener.recv(4096) == b"WATCHDOG=1"
    assert "systemd is told again" in caplog.text


def test_the_watchdog_is_fed_every_half_period_of_its_own_process():
    own = str(os.getpid())
    assert watchdog_interval({"WATCHDOG_USEC": "30000000"}) == 15.0
    assert watchdog_interval({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": own}) == 15.0
    assert watchdog_interval({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}) is None  # another process's
    assert watchdog_interval({"WATCHDOG_USEC": "often"}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "0"}) is None
    assert watchdog_interval({}) is None
    assert Notifier({"NOTIFY_SOCKET": "tcp:nowhere"}).address is None


@in_window
def test_ready_comes_with_the_first_frame_and_the_watchdog_with_the_frames_after(tmp_path):
    """The app under a stand-in for systemd: a datagram socket bound in the test's own folder, named
    by ``$NOTIFY_SOCKET``, read between frames, so that what arrives can be told apart from what was
    drawn. Nothing before the first frame, ``READY=1`` once it is drawn, then ``WATCHDOG=1`` again
    and again while the UI loop turns (every 0.1 s: ``WATCHDOG_USEC`` of 0.2 s)."""
    from companion.app import env

    env.prepare(tmp_path / "kivy", headless=True)
    path = tmp_path / "notify.sock"
    systemd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    systemd.bind(str(path))
    systemd.setblocking(False)
    os.environ["NOTIFY_SOCKET"] = str(path)
    os.environ["WATCHDOG_USEC"] = "200000"
    os.environ["WATCHDOG_PID"] = str(os.getpid())

    from kivy.core.window import Window

    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp

    def received() -> list[str]:
        messages = []
        while True:
            try:
                messages.append(systemd.recv(4096).decode())
            except BlockingIOError:
                return messages

    app = CompanionApp(tmp_path, hardware=lambda: {})
    driver = Driver(app)
    app._run_prepare()
    assert received() == [], "nothing before the first frame"
    flips = []
    Window.bind(on_flip=lambda *_: flips.append(time.monotonic()))
    driver.frames(1)
    first = received()
    assert len(flips) >= 1 and first == ["READY=1"]
    later: list[str] = []
    deadline = time.monotonic() + WAIT
    while later.count("WATCHDOG=1") < 3 and time.monotonic() < deadline:
        driver.frames(1)
        time.sleep(0.01)
        later += received()
    driver.stop()
    assert later.count("WATCHDOG=1") >= 3 and "READY=1" not in later


@pytest.mark.parametrize("kind", ["path", "abstract"])
def test_the_app_as_the_service_starts_it_says_ready_and_feeds_the_watchdog(kind, tmp_path, short_dir):
    """``companion app`` as the unit runs it (headless here): READY=1, then WATCHDOG=1 at about half
    of WATCHDOG_USEC, until it is stopped."""
    listener, name = systemd_socket(kind, short_dir)
    environ = {**window_env(), "NOTIFY_SOCKET": name, "WATCHDOG_USEC": "600000", "SDL_VIDEODRIVER": "offscreen"}
    app = subprocess.Popen(
        [sys.executable, "-m", "companion", "app", "--data-dir", str(tmp_path / "data")],
        env=environ,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        with listener:
            listener.settimeout(PROCESS)  # the first start may compile the catalogues on a busy machine
            assert listener.recv(4096) == b"READY=1"
            listener.settimeout(WAIT)
            times = []
            for _ in range(4):
                assert listener.recv(4096) == b"WATCHDOG=1"
                times.append(time.monotonic())
        gaps = [later - earlier for earlier, later in zip(times, times[1:], strict=False)]
        assert all(0.1 < gap < WAIT for gap in gaps), gaps  # every 0.3 s when the machine is idle
    finally:
        app.send_signal(signal.SIGTERM)
        try:
            _, said = app.communicate(timeout=WAIT)
        except subprocess.TimeoutExpired:
            app.kill()
            _, said = app.communicate()
    assert app.returncode in (0, -signal.SIGTERM), said[-3000:]
