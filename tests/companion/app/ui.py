"""Running a session of :mod:`tests.companion.app.sessions` in its own process, headless."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]


def ui_env() -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    environ["PYTHONPATH"] = str(ROOT)
    environ["XDG_CONFIG_HOME"] = environ.get("XDG_CONFIG_HOME_FOR_UI", "/nonexistent-companion-config")
    return environ


def command(name: str, data: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "tests.companion.app.sessions", name, str(data), *args]


def run_session(name: str, data: Path, *args: str, timeout: float = 180) -> dict[str, Any]:
    done = subprocess.run(
        command(name, data, *args), capture_output=True, text=True, timeout=timeout, env=ui_env(), cwd=ROOT
    )
    if done.returncode != 0:
        raise AssertionError(f"session {name} failed ({done.returncode}):\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])
