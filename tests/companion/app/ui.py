"""Running a session of :mod:`tests.companion.app.sessions` in its own process, headless."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.support.waiting import PROCESS

ROOT = Path(__file__).resolve().parents[3]


def ui_env() -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    environ["PYTHONPATH"] = str(ROOT)
    environ["XDG_CONFIG_HOME"] = environ.get("XDG_CONFIG_HOME_FOR_UI", "/nonexistent-companion-config")
    return environ


def command(name: str, data: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "tests.companion.app.sessions", name, str(data), *args]


def run_process(args: list[str], what: str) -> subprocess.CompletedProcess:
    """``args`` headless in a process of its own; one that has not ended after ``PROCESS`` seconds
    is stopped, and the test says so with what the process wrote last."""
    try:
        return subprocess.run(args, capture_output=True, text=True, timeout=PROCESS, env=ui_env(), cwd=ROOT)
    except subprocess.TimeoutExpired as expired:
        said = expired.stderr.decode(errors="replace") if isinstance(expired.stderr, bytes) else expired.stderr or ""
        raise AssertionError(f"{what} had not ended after {PROCESS:g} s; it wrote last:\n{said[-4000:]}") from None


def run_session(name: str, data: Path, *args: str) -> dict[str, Any]:
    done = run_process(command(name, data, *args), f"session {name}")
    if done.returncode != 0:
        raise AssertionError(f"session {name} failed ({done.returncode}):\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def killed_when_ready(name: str, data: Path, *args: str) -> dict[str, Any]:
    """Session ``name`` in a process of its own, killed with SIGKILL (a power cut) once it printed
    that it is ready; what it printed then."""
    import signal
    import time

    from tests.support.waiting import WAIT

    process = subprocess.Popen(
        command(name, data, *args), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=ui_env(), cwd=ROOT
    )
    try:
        deadline = time.monotonic() + PROCESS
        line = ""
        while time.monotonic() < deadline:
            line = process.stdout.readline() if process.stdout else ""
            if line.startswith("{"):
                break
            assert process.poll() is None, f"session {name} ended before it was killed"
        ready = json.loads(line)
        assert ready["ready"]
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=WAIT)
    assert process.returncode == -signal.SIGKILL
    return ready
